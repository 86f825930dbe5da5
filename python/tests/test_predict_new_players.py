"""predict() takes `ratekit predict`'s --min-games, --new-rating and --new-state (PlayerRatings' tng and trat):
the same frame as the CLI's file, from a Result and from a database, and PlayerRatings' own numbers
(data/playerratings/glicko_predict.csv, written by scripts/playerratings-reference.R)."""

import math

import pandas as pd
import pytest

import ratekit
from conftest import ROOT, cli, same_as_file

DATA = ROOT / "data" / "playerratings"
NEW_GAMES = DATA / "glicko_predict.csv"
# PlayerRatings grows every RD in a player's first period: ratekit's glicko starts him there (docs/playerratings.md).
CONFIG = {"competition": "pr", "model": "glicko", "params": {"c": 20},
          "initial": {"rating": 1800, "state": {"rd": math.sqrt(250.0 * 250 + 20 * 20)}}, "home_advantage": 30,
          "input": {"format": "games-csv", "path": str(DATA / "random_games.csv"), "home_side": "a"},
          "period": "month"}
OPTIONS = dict(min_games=20, new_rating=1700, new_state={"rd": 300})
CLI_OPTIONS = ["--min-games", "20", "--new-rating", "1700", "--new-state", "rd=300"]


@pytest.fixture(scope="module")
def rated():
    return ratekit.run(CONFIG)


def config_file(folder, output):
    lines = [f"competition: pr\nmodel: glicko\nparams: {{c: 20}}\nhome_advantage: 30\nperiod: month\n",
             f"initial: {{rating: 1800, state: {{rd: {CONFIG['initial']['state']['rd']!r}}}}}\n",
             f"input: {{format: games-csv, path: '{CONFIG['input']['path']}', home_side: a}}\n", output]
    path = folder / "c.yaml"
    path.write_text("".join(lines))
    return path


def test_predict_with_new_players_is_playerratings_predict_with_tng_and_trat(rated):
    got = ratekit.predict(rated, pd.read_csv(NEW_GAMES), **OPTIONS)
    assert len(got) == 42
    assert (got["expected_a"] - got["glicko"]).abs().max() < 1e-9
    plain = ratekit.predict(rated, pd.read_csv(NEW_GAMES))
    assert (plain["expected_a"] - plain["glicko"]).abs().max() > 1e-3  # the options change the numbers
    assert plain["new_b"].sum() == 1 < got["new_b"].sum()  # only X01 is new without them


def games_only(folder):
    """The new games without PlayerRatings' column: a frame, and the same rows as a file for the CLI."""
    games = pd.read_csv(NEW_GAMES)[["player_a", "player_b", "home"]]
    games.to_csv(folder / "new.csv", index=False)
    return games, folder / "new.csv"


def test_predict_with_new_players_equals_the_clis_file(rated, tmp_path):
    games, file = games_only(tmp_path)
    cli("predict", config_file(tmp_path, "output: {dir: out}\n"), file, *CLI_OPTIONS, "-o", tmp_path / "p.csv")
    same_as_file(ratekit.predict(rated, games, **OPTIONS), tmp_path / "p.csv")


def test_predict_from_a_database_takes_the_options_as_the_cli(tmp_path):
    config = config_file(tmp_path, "output: {dir: out, database: ratings.db}\n")
    cli("run", config)
    database = tmp_path / "ratings.db"
    games, file = games_only(tmp_path)
    cli("predict", "--database", database, "--competition", "pr", file, *CLI_OPTIONS, "-o", tmp_path / "p.csv")
    got = ratekit.predict(database, games, competition="pr", **OPTIONS)
    same_as_file(got, tmp_path / "p.csv")
    assert got["new_b"].sum() > 1


@pytest.mark.parametrize("min_games,new", [(11, 0), (12, 1)])
def test_a_player_with_exactly_min_games_is_rated_with_one_fewer_new(rated, min_games, new):
    got = ratekit.predict(rated, pd.read_csv(NEW_GAMES), min_games=min_games)
    assert got.loc[got["player_a"] == "P23", "new_a"].tolist() == [new]  # P23 has played 11 games


@pytest.mark.parametrize("options,message", [
    (dict(min_games=-1), "min_games: expected a number of games from 0 to 1e15"),
    (dict(new_rating=float("inf")), "new_rating: expected a rating from -1e15 to 1e15"),
    (dict(new_state={"rd": float("nan")}), "new_state: expected a finite number for 'rd'"),
    (dict(new_state={"volatility": 0.06}), "'volatility' is no state field of glicko besides the rating"),
    (dict(new_state={"rating": 1600}), "'rating' is no state field of glicko besides the rating"),
])
def test_bad_new_player_options_are_refused_by_name(rated, options, message):
    with pytest.raises(ratekit.Error, match=message):
        ratekit.predict(rated, pd.read_csv(NEW_GAMES), **options)
