"""ratekit.compare: the CLI's comparison as a DataFrame, over config files, dicts and a DataFrame of games."""

import pandas as pd
import pytest

import ratekit
from conftest import ROOT, cli, same_as_file

WORLD_CUP = ROOT / "data" / "football" / "world_cup_1930_2022.csv"
CONFIGS = [ROOT / "configs" / "world-cup-elo.yaml", ROOT / "configs" / "glicko-world-cup.yaml"]


def test_files_give_the_cli_table(tmp_path):
    cli("compare", *CONFIGS, "--test-from", "2002-01-01", "--seed", "5", "--out", tmp_path / "cli")
    frame = ratekit.compare(CONFIGS, test_from="2002-01-01", seed=5, out=tmp_path / "py")
    same_as_file(frame, tmp_path / "cli" / "compare.csv")
    assert list(frame["name"]) == ["world-cup-elo", "glicko-world-cup", "always 0.5", "home side's rate"]
    assert frame.attrs["window"]["test_from"] == "2002-01-01"
    assert (tmp_path / "py" / "compare.html").exists()


def test_a_dataframe_of_games_scores_as_its_file(tmp_path):
    games = pd.read_csv(WORLD_CUP, dtype=str, keep_default_na=False)
    elo = {"competition": "elo", "model": "fide-logistic", "params": {"xi": 400}, "k_schedule": [{"k": 60}],
           "input": {"format": "games-csv"}}
    glicko = {"competition": "glicko", "model": "glicko", "period": "year", "input": {"format": "games-csv"}}
    frame = ratekit.compare([elo, glicko], games, test_from="2010-01-01")
    assert list(frame["name"]) == ["elo", "glicko", "always 0.5", "home side's rate"]
    assert frame["games"].tolist() == [256] * 4  # the 2010, 2014, 2018 and 2022 finals
    on_file = {**elo, "input": {"format": "games-csv", "path": str(WORLD_CUP)}}
    alone = ratekit.compare([on_file], test_from="2010-01-01")
    assert frame.loc[0, "log_loss"] == alone.loc[0, "log_loss"]
    assert frame.loc[0, "deviance"] == alone.loc[0, "deviance"]
    assert 0.3 < frame.loc[0, "accuracy"] < 0.7


def test_configs_on_other_data_are_refused():
    with pytest.raises(ratekit.Error, match="compare rates every config on the same games"):
        ratekit.compare([CONFIGS[0], ROOT / "configs" / "nfl-1999-2023.yaml"])
    with pytest.raises(ratekit.Error, match="no game to score from --test-from 2030-01-01 on"):
        ratekit.compare(CONFIGS, test_from="2030-01-01")
