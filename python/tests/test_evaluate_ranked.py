"""ratekit.compare and ratekit.tune over DataFrames of ranked events and team matches: the CLI's pair scores
of the same events, read from a file."""

import pandas as pd
import pytest

import ratekit
from conftest import ROOT, cli, same_as_file

RIICHI = ROOT / "data" / "playerratings" / "riichi_2019.csv"
FFA = ROOT / "data" / "teams" / "ffa-generated.csv"


def _config(name, model, fmt, path, **params):
    text = f"competition: {name}\nmodel: {model}\nparams: {{ {', '.join(f'{k}: {v}' for k, v in params.items())} }}\n"
    return text + f"input: {{ format: {fmt}, path: {path} }}\n"


def test_a_frame_of_ranked_events_is_compared_as_its_file(tmp_path):
    for name, params in (("slow", {}), ("fast", {"k": 0.5})):
        (tmp_path / f"{name}.yaml").write_text(_config(name, "elo-multiplayer", "standings-csv", RIICHI, **params))
    files = [tmp_path / "slow.yaml", tmp_path / "fast.yaml"]
    cli("compare", *files, "--test-from", "2019-10-01", "--out", tmp_path / "cli")
    events = pd.read_csv(RIICHI, dtype={"event": str, "date": str, "player": str})
    slow = {"competition": "slow", "model": "elo-multiplayer"}
    fast = {"competition": "fast", "model": "elo-multiplayer", "params": {"k": 0.5}}
    frame = ratekit.compare([slow, fast], events, test_from="2019-10-01")
    same_as_file(frame, tmp_path / "cli" / "compare.csv")
    assert list(frame["name"]) == ["slow", "fast", "always 0.5"]
    assert frame.attrs["window"]["unit"] == "pair"
    assert frame.attrs["window"]["test_pairs"] == frame.loc[0, "pairs"] > 500
    # Config files read the frame in the place of their own input: the same scores.
    on_files = ratekit.compare(files, events, test_from="2019-10-01")
    assert list(on_files["name"]) == ["slow", "fast", "always 0.5"]
    assert on_files["log_loss"].tolist() == frame["log_loss"].tolist()


def test_a_frame_of_team_matches_is_tuned_as_its_file(tmp_path):
    config = tmp_path / "ffa.yaml"
    config.write_text(_config("ffa", "weng-lin", "team-csv", FFA, variant="plackett-luce"))
    args = ["--param", "beta=2:6:2", "--validate-from", "2025-06-01", "--test-from", "2025-08-01"]
    cli("tune", config, *args, "--out", tmp_path / "cli")
    matches = pd.read_csv(FFA, dtype=str)
    model = {"competition": "ffa", "model": "weng-lin", "params": {"variant": "plackett-luce"}}
    frame = ratekit.tune(model, {"beta": (2, 6, 2)}, matches, validate_from="2025-06-01", test_from="2025-08-01")
    same_as_file(frame, tmp_path / "cli" / "tuned.csv")
    assert len(frame) == 3
    assert frame.attrs["chosen"]["validation"]["log_loss"] == frame["log_loss"].min()


def test_a_frame_of_ranked_events_is_refused_by_a_config_of_games():
    events = pd.read_csv(RIICHI, dtype={"event": str, "date": str, "player": str})
    with pytest.raises(ratekit.Error, match="expected standings-csv for columns of ranked events, got games-csv"):
        ratekit.compare([ROOT / "configs" / "world-cup-elo.yaml"], events)
