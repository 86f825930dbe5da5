"""stephenson and elo-multiplayer from DataFrames, against PlayerRatings' own numbers
(data/playerratings/, written by scripts/playerratings-reference.R)."""

import pandas as pd

import ratekit
from conftest import ROOT

DATA = ROOT / "data" / "playerratings"


def largest_difference(result, reference, ours, theirs):
    mine = result.ratings.assign(player=result.ratings.player.astype(str)).set_index("player")[ours]
    other = pd.read_csv(DATA / reference, dtype={"player": str}).set_index("player")[theirs]
    assert sorted(mine.index) == sorted(other.index)
    return (mine[other.index] - other).abs().max()


def test_stephenson_equals_steph():
    games = pd.read_csv(DATA / "random_games.csv")
    result = ratekit.rate(games, "stephenson", period="month")
    assert largest_difference(result, "steph_random_default.csv", "rating", "rating") < 1e-9
    assert largest_difference(result, "steph_random_default.csv", "rd", "deviation") < 1e-9


def test_elo_multiplayer_equals_elom_on_riichi():
    games = pd.read_csv(DATA / "riichi_2019.csv", dtype={"player": str})
    result = ratekit.rate(games, "elo-multiplayer", period="event")
    assert largest_difference(result, "elom_riichi_default.csv", "rating", "rating") < 1e-9
    assert largest_difference(result, "elom_riichi_default.csv", "played", "games") == 0
