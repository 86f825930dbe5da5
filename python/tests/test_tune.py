"""ratekit.tune: the CLI's search as a DataFrame of candidates, over a config file or a dict."""

import math

import pytest

import ratekit
from conftest import ROOT, cli, same_as_file

WORLD_CUP = ROOT / "configs" / "world-cup-elo.yaml"


def test_a_file_gives_the_cli_candidates(tmp_path):
    args = ["--param", "k_schedule.1=20:60:20", "--param", "home_advantage=0:200:100",
            "--validate-from", "1994-01-01", "--test-from", "2010-01-01"]
    cli("tune", WORLD_CUP, *args, "--out", tmp_path / "cli")
    frame = ratekit.tune(WORLD_CUP, {"k_schedule.1": (20, 60, 20), "home_advantage": (0, 200, 100)},
                         validate_from="1994-01-01", test_from="2010-01-01", out=tmp_path / "py")
    same_as_file(frame, tmp_path / "cli" / "tuned.csv")
    assert len(frame) == 9
    best = frame.loc[frame["log_loss"].idxmin()]
    assert frame.attrs["chosen"]["values"] == {"k_schedule.1": best["k_schedule.1"], "home_advantage": best["home_advantage"]}
    assert frame.attrs["method"] == "grid"
    assert (tmp_path / "py" / "tuned.yaml").read_text() == (tmp_path / "cli" / "tuned.yaml").read_text()


def test_a_dict_is_tuned_by_the_optimiser_to_a_known_optimum(tmp_path):
    # New sides in every game: the home side wins 3 of the 4 validation games, so the best home
    # advantage forecasts it 3/4: 400 log10(3) points.
    games = tmp_path / "games.csv"
    games.write_text("date,player_a,player_b,score_a,home\n2024-01-01,T1,T2,1,\n" +
                     "".join(f"2024-01-02,H{i}a,H{i}b,{int(i < 4)},a\n" for i in range(1, 5)) +
                     "2024-01-03,X1,X2,0,a\n")
    config = {"competition": "t", "model": "fide-logistic", "params": {"xi": 400, "cap": 0},
              "k_schedule": [{"k": 20}], "initial": 1500, "input": {"format": "games-csv", "path": str(games)}}
    frame = ratekit.tune(config, {"home_advantage.predict": (0, 400)}, validate_from="2024-01-02",
                         test_from="2024-01-03", budget=60)
    assert frame.attrs["method"] == "nlopt sbplx"
    assert frame.attrs["chosen"]["values"]["home_advantage.predict"] == pytest.approx(400 * math.log10(3), abs=0.5)
    assert frame.attrs["test"]["games"] == 1


def test_bad_names_and_ranges_are_refused():
    with pytest.raises(ratekit.Error, match="unknown value 'kk' for model 'fide-logistic'"):
        ratekit.tune(WORLD_CUP, {"kk": (0, 1)})
    with pytest.raises(ratekit.Error, match="'xi' of model 'fide-logistic' must lie between 1 and 1000000"):
        ratekit.tune(WORLD_CUP, {"xi": (0, 400)})
    with pytest.raises(ratekit.Error, match="objective: expected 'log-loss' or 'brier'"):
        ratekit.tune(WORLD_CUP, {"xi": (100, 400)}, objective="deviance")
