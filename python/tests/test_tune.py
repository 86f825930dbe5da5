"""ratekit.tune: the CLI's search as a DataFrame of candidates, over a config file or a dict."""

import json
import math

import pandas as pd
import pytest

import ratekit
from conftest import ROOT, cli, same_as_file

WORLD_CUP = ROOT / "configs" / "world-cup-elo.yaml"
WORLD_CUP_GAMES = ROOT / "data" / "football" / "world_cup_1930_2022.csv"


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
    with pytest.raises(ratekit.Error, match="got 'nan' in it"):
        ratekit.tune(WORLD_CUP, {"xi": (float("nan"), 400)})
    with pytest.raises(ratekit.Error, match="got 'inf' in it"):
        ratekit.tune(WORLD_CUP, {"xi": (100, float("inf"))})
    with pytest.raises(ratekit.Error, match="objective: expected 'log-loss' or 'brier'"):
        ratekit.tune(WORLD_CUP, {"xi": (100, 400)}, objective="deviance")


def test_a_dataframe_of_games_gives_the_cli_candidates_and_scores(tmp_path):
    # The World Cup's games as a DataFrame, tuned as the CLI tunes the config that reads their file.
    games = pd.read_csv(WORLD_CUP_GAMES, dtype=str, keep_default_na=False)
    config = {"competition": "world-cup-elo", "model": "fide-logistic", "params": {"xi": 400, "cap": 0},
              "k_schedule": [{"k": 60}], "home_advantage": 100, "initial": 1500, "input": {"format": "games-csv"}}
    args = ["--param", "k_schedule.1=20:60:20", "--param", "home_advantage=0:200:100",
            "--validate-from", "1994-01-01", "--test-from", "2010-01-01"]
    cli("tune", WORLD_CUP, *args, "--out", tmp_path / "cli")
    frame = ratekit.tune(config, {"k_schedule.1": (20, 60, 20), "home_advantage": (0, 200, 100)}, games,
                         validate_from="1994-01-01", test_from="2010-01-01")
    same_as_file(frame, tmp_path / "cli" / "tuned.csv")
    found = json.loads((tmp_path / "cli" / "tune.json").read_text())
    for key in ("chosen", "given", "validation", "test"):
        assert frame.attrs[key] == found[key]


def test_a_dataframe_of_games_is_checked_by_column_and_row():
    games = pd.read_csv(WORLD_CUP_GAMES, dtype=str, keep_default_na=False)
    games.loc[3, "score_a"] = "2"
    config = {"competition": "t", "model": "fide-logistic", "k_schedule": [{"k": 20}], "input": {"format": "games-csv"}}
    with pytest.raises(ratekit.Error, match="row 3, column 'score_a': expected score_a as a number from 0 to 1, got '2'"):
        ratekit.tune(config, {"k_schedule.1": (10, 30, 10)}, games)
    with pytest.raises(ratekit.Error, match="no game to score from --test-from 2030-01-01 on"):
        ratekit.tune(config, {"k_schedule.1": (10, 30, 10)}, games.drop(index=3), test_from="2030-01-01")
