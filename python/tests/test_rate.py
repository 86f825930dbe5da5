"""ratekit.rate on games held in memory gives what `ratekit run` gives on the same games from their file."""

import numpy as np
import pandas as pd
import pytest

import ratekit
from conftest import ROOT, same_as_file

WORLD_CUP = ROOT / "data" / "football" / "world_cup_1930_2022.csv"
WORLD_CUP_CONFIG = dict(params={"xi": 400, "cap": 0}, k=60, home_advantage=100, initial=1500)


@pytest.fixture(scope="module")
def world_cup_cli(tmp_path_factory):
    from conftest import cli
    out = tmp_path_factory.mktemp("cli") / "world-cup"
    cli("run", ROOT / "configs" / "world-cup-elo.yaml", "--out", out)
    return out


def world_cup():
    return pd.read_csv(WORLD_CUP, dtype={"home": object})


def check_world_cup(result, expected):
    same_as_file(result.ratings, expected / "ratings.csv")
    same_as_file(result.history, expected / "history.csv")


def test_dataframe(world_cup_cli):
    check_world_cup(ratekit.rate(world_cup(), "fide-logistic", **WORLD_CUP_CONFIG), world_cup_cli)


def test_dtypes(world_cup_cli):
    games = world_cup()
    games["date"] = pd.to_datetime(games["date"])
    games["player_a"] = games["player_a"].astype("category")
    games["score_a"] = games["score_a"].astype(np.float32)  # 0, 0.5 and 1 are exact
    games["points_a"] = games["points_a"].astype(np.int32)
    games["neutral"] = games["neutral"].astype(bool).astype(int)
    check_world_cup(ratekit.rate(games, "fide-logistic", **WORLD_CUP_CONFIG), world_cup_cli)


def test_dict_of_arrays(world_cup_cli):
    games = {name: column.to_numpy() for name, column in world_cup().items()}
    check_world_cup(ratekit.rate(games, "fide-logistic", **WORLD_CUP_CONFIG), world_cup_cli)


def test_columns_mapping(world_cup_cli):
    games = world_cup().rename(columns={"player_a": "team1", "player_b": "team2", "score_a": "result"})
    mapping = {"player_a": "team1", "player_b": "team2", "score_a": "result", "points_a": "points_a",
               "points_b": "points_b", "home": "home", "neutral": "neutral"}
    check_world_cup(ratekit.rate(games, "fide-logistic", columns=mapping, **WORLD_CUP_CONFIG), world_cup_cli)


def test_k_schedule_history_off(world_cup_cli):
    result = ratekit.rate(world_cup(), "fide-logistic", params={"xi": 400, "cap": 0}, k_schedule=[{"k": 60}],
                          home_advantage=100, initial=1500, history=False)
    same_as_file(result.ratings, world_cup_cli / "ratings.csv")
    assert result.history is None


def test_initial_list_and_month_periods(run_cli):
    expected = run_cli(ROOT / "configs" / "glicko-example.yaml")
    games = pd.read_csv(ROOT / "data" / "glicko" / "example-games.csv")
    initial = pd.read_csv(ROOT / "data" / "glicko" / "example-ratings.csv")
    result = ratekit.rate(games, "glicko", params={"c": 34.6}, initial=initial, period="month")
    same_as_file(result.ratings, expected / "ratings.csv")
    same_as_file(result.history, expected / "history.csv")


def test_team_matches(run_cli):
    expected = run_cli(ROOT / "configs" / "teams-5v5-trueskill.yaml")
    matches = pd.read_csv(ROOT / "data" / "teams" / "5v5-generated.csv")
    result = ratekit.rate(matches, "trueskill", params={"draw_probability": 0.04}, period="event")
    same_as_file(result.ratings, expected / "ratings.csv")
    same_as_file(result.history, expected / "history.csv")


def test_standings(run_cli):
    expected = run_cli(ROOT / "configs" / "scrabble-example.yaml")
    standings = pd.read_csv(ROOT / "data" / "scrabble" / "duplicate_2023.csv")
    result = ratekit.rate(standings, "elod-duplicate-scrabble", params={"min_rounds": 12}, period="event")
    same_as_file(result.ratings, expected / "ratings.csv")


def test_summary_metrics(world_cup_cli):
    import json
    result = ratekit.rate(world_cup(), "fide-logistic", **WORLD_CUP_CONFIG)
    expected = json.loads((world_cup_cli / "summary.json").read_text())
    assert result.summary["metrics"] == expected["metrics"]
    assert result.summary["counts"] == expected["counts"] if "counts" in expected else True
