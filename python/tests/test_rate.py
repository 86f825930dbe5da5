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


def test_column_types_do_not_depend_on_the_values():
    # One game at K 20 between equals moves both by exactly 10: every rating is whole, yet a rating column
    # stays float64 (a frame of the next run concatenates with it); counts stay int64.
    games = pd.DataFrame({"date": ["2024-01-05"], "player_a": ["A"], "player_b": ["B"], "score_a": [1]})
    result = ratekit.rate(games, "fide-logistic", k=20, initial=1500, period="month")
    assert list(result.ratings["rating"]) == [1510, 1490]
    for frame, reals, counts in ((result.ratings, ["rating", "peak", "pool_opponents", "pool_score"],
                                  ["rated", "pool_games", "pool_since", "games"]),
                                 (result.history, ["expected", "score", "k", "change", "rating_before", "rating_after"],
                                  ["rated_after"])):
        assert {c: str(frame[c].dtype) for c in reals} == dict.fromkeys(reals, "float64")
        assert {c: str(frame[c].dtype) for c in counts} == dict.fromkeys(counts, "int64")
    # A plugin's own state field, whole in this run, is float64 as the C ABI holds it; an unknown column is inferred.
    frame = ratekit._frames.read_csv(text="player,skill_after,extra\nA,3,4\n", state_fields={"skill"})
    assert (str(frame["skill_after"].dtype), str(frame["extra"].dtype)) == ("float64", "int64")


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


# Shipped configs whose games the DataFrame holds: (config, games, model, config keys).
FROM_FILES = [
    ("glicko-example", "glicko/example-games.csv", "glicko",
     {"params": {"c": 34.6}, "period": "month", "initial": "glicko/example-ratings.csv"}),
    ("teams-5v5-trueskill", "teams/5v5-generated.csv", "trueskill",
     {"params": {"draw_probability": 0.04}, "period": "event"}),
    ("scrabble-example", "scrabble/duplicate_2023.csv", "elod-duplicate-scrabble",
     {"params": {"min_rounds": 12}, "period": "event"}),
    ("uscf-club", "uscf/club_events.csv", "uscf",
     {"period": "event", "initial": "uscf/club_list.csv"}),
]


@pytest.mark.parametrize("config,data,model,keys", FROM_FILES, ids=[c[0] for c in FROM_FILES])
def test_games_of_other_layouts(config, data, model, keys, run_cli):
    expected = run_cli(ROOT / "configs" / f"{config}.yaml")
    if "initial" in keys:  # a ratings list as a DataFrame
        keys = {**keys, "initial": pd.read_csv(ROOT / "data" / keys["initial"])}
    result = ratekit.rate(pd.read_csv(ROOT / "data" / data), model, **keys)
    same_as_file(result.ratings, expected / "ratings.csv")
    same_as_file(result.history, expected / "history.csv")


def test_summary(world_cup_cli):
    import json
    result = ratekit.rate(world_cup(), "fide-logistic", competition="world-cup-elo", **WORLD_CUP_CONFIG)
    expected = json.loads((world_cup_cli / "summary.json").read_text())
    assert result.summary["input"]["format"] == "games-csv"
    assert '"model": "fide-logistic"' in result.summary["config_text"]  # the config rate() made
    apart = ("input", "config_text")
    assert {k: v for k, v in result.summary.items() if k not in apart} == \
        {k: v for k, v in expected.items() if k not in apart}


def test_shootout_and_playoff_columns():
    # FIFA's ranking between equals (We 0.5): a knockout final drawn and won on penalties at I 60 gives the winner
    # 60 (0.75 - 0.5) and the loser nothing; a group match won on penalties at I 50 gives 50 (0.75 - 0.5).
    games = pd.DataFrame({"date": ["2022-12-18", "2022-12-20"], "player_a": ["Argentina", "France"],
                          "player_b": ["France", "Chile"], "score_a": [0.5, 0.5], "playoff": [1, 0],
                          "shootout": ["a", "b"]})
    result = ratekit.rate(games, "fifa-sum", k_schedule=[{"when": {"playoff": True}, "k": 60}, {"k": 50}])
    assert dict(zip(result.ratings["player"], result.ratings["rating"])) == \
        {"Argentina": 1015.0, "Chile": 1012.5, "France": 1000.0}


def test_dwz_from_a_ratings_list():
    # The DSB's DWZ (plugins/dwz): a 1500 of index 10, over 25 (J 15 from the K schedule), scoring
    # 3 against 1400 to 1700 expects 1.73975 with E = 20: 1500 + 800 * 1.26025 / 24 = 1542, index 11.
    games = pd.DataFrame({"date": ["2024-03-01"] * 4, "player_a": ["A"] * 4, "player_b": ["B", "C", "D", "E"],
                          "score_a": [1, 1, 1, 0], "period": ["Club"] * 4})
    listed = pd.DataFrame({"player": list("ABCDE"), "rating": [1500, 1400, 1500, 1600, 1700], "index": [10] * 5})
    result = ratekit.rate(games, "dwz", initial=listed, period="event", k_schedule=[{"k": 15}])
    by_player = result.ratings.set_index("player")
    assert by_player.loc["A", "rating"] == 1542.0
    assert by_player.loc["A", "index"] == 11.0
def test_uscf_from_a_list_frame():
    # US Chess's Approximating Formulas' example, rated by the rules from a list frame: a player rated 1500
    # after 6 games beats 1400, loses to 1550 and draws 1650 in one event: 1511.11 (published 1511).
    games = pd.DataFrame({"date": ["2024-03-02", "2024-03-09", "2024-03-16"], "period": ["March"] * 3,
                          "player_a": ["Casey", "Eden", "Casey"], "player_b": ["Drew", "Casey", "Flynn"],
                          "score_a": [1, 1, 0.5]})
    listed = pd.DataFrame({"player": ["Casey", "Drew", "Eden", "Flynn"], "rating": [1500, 1400, 1550, 1650],
                           "rated_games": [6, 40, 40, 40], "wins": [3, 20, 20, 20], "losses": [2, 20, 20, 20]})
    result = ratekit.rate(games, "uscf", period="event", initial=listed)
    casey = result.ratings.set_index("player").loc["Casey"]
    assert casey["rating"] == pytest.approx(13600 / 9, abs=1e-9)
    assert casey["rated_games"] == 9
