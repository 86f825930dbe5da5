"""Any DataFrame is read as its rows say, whatever its layout in memory, its dtypes or other threads."""

import threading

import numpy as np
import pandas as pd
import pytest

import ratekit
from conftest import cli_on_frame, same_as_file

NAMES = [f"Player {i:03d}" for i in range(40)]


def round_robin(rows=600, date="2024-03-01"):
    """Games on one day (any order is in date order) among 40 players, results from a fixed seed."""
    random = np.random.default_rng(46)
    a = random.integers(0, 40, rows)
    b = (a + random.integers(1, 40, rows)) % 40
    return pd.DataFrame({"date": [date] * rows, "player_a": [NAMES[i] for i in a],
                         "player_b": [NAMES[i] for i in b], "score_a": random.choice([0.0, 0.5, 1.0], rows),
                         "home": random.choice(["a", "b", ""], rows)})


def rate(games, **config):
    return ratekit.rate(games, "fide-logistic", k=20, home_advantage=30, **config)


def as_the_cli_reads(frame, tmp_path):
    """The ratings.csv `ratekit run` writes for the frame's rows written as a file."""
    done, out = cli_on_frame(frame, tmp_path, "home_advantage: 30\n")
    assert done.returncode == 0, done.stderr
    return out / "ratings.csv"


@pytest.mark.parametrize("view", [lambda f: f[::-1], lambda f: f.iloc[::2], lambda f: f.iloc[::-3],
                                  lambda f: f[["home", "score_a", "player_b", "date", "player_a"]].iloc[1::2]],
                         ids=["reversed", "every-other", "every-third-backwards", "reordered-and-sliced"])
def test_a_strided_frame_is_read_as_its_rows(view, tmp_path):
    frame = view(round_robin())
    same_as_file(rate(frame).ratings, as_the_cli_reads(frame, tmp_path))


def test_the_module_reads_arrays_of_any_strides(tmp_path):
    # The package hands over contiguous copies today; the module's reader holds its own whatever it is given.
    frame = round_robin()
    strided = {name: (name, kind, values[::-1])
               for name, kind, values in (("date", "text", frame["date"].to_numpy(dtype=object)),
                                          ("player_a", "name", frame["player_a"].to_numpy(dtype=object)),
                                          ("player_b", "name", frame["player_b"].to_numpy(dtype=object)),
                                          ("score_a", "number", frame["score_a"].to_numpy()),
                                          ("home", "text", frame["home"].to_numpy(dtype=object)))}
    assert not strided["player_a"][2].flags.c_contiguous
    config = ("competition: frame\nmodel: fide-logistic\nk_schedule: [{k: 20}]\nhome_advantage: 30\n"
              "input: {format: games-csv}\n")
    text = ratekit._ratekit.ConfigText("config", config, str(tmp_path))
    result = ratekit._run("", text, tmp_path / "out", strided, (), len(frame))
    same_as_file(result.ratings, as_the_cli_reads(frame[::-1], tmp_path))


def test_a_frame_of_a_2d_array_of_strings(tmp_path):
    games = round_robin()
    games["score_a"] = games["score_a"].map(str)
    rows = np.array(games.values.tolist(), dtype=str)  # row after row: a column's cells lie 5 apart
    frame = pd.DataFrame(rows, columns=games.columns)
    same_as_file(rate(frame).ratings, as_the_cli_reads(frame, tmp_path))


def test_a_frame_changed_by_another_thread_while_rating():
    # Another thread swaps every name for an equal string of its own while rating runs (the GIL is released):
    # the frame's old strings are freed, their memory taken by others; the run reads the rows as they were.
    rows = 1_000_000
    games = round_robin(rows)
    games["player_a"] = [name[:-3] + name[-3:] for name in games["player_a"]]  # strings only the frame holds
    expected = rate(games.copy(deep=True)).ratings
    stop = threading.Event()

    def swap():
        junk = []
        while not stop.is_set():
            cells = games["player_a"].to_numpy()  # a view into the frame's block
            cells[:] = [name[:-3] + name[-3:] for name in cells]
            junk.append(["#" * 10 for _ in range(rows)])  # reuses the freed strings' memory
            del junk[:-3]

    thread = threading.Thread(target=swap)
    thread.start()
    try:
        got = rate(games, history=True).ratings
    finally:
        stop.set()
        thread.join()
    pd.testing.assert_frame_equal(got, expected)


def games(**columns):
    frame = pd.DataFrame({"date": ["2024-01-01", "2024-01-02", "2024-01-03"], "player_a": ["Ann", "Bob", "Cy"],
                          "player_b": ["Bob", "Cy", "Ann"], "score_a": [1.0, 0.5, 0.0]})
    for name, values in columns.items():
        frame[name] = values
    return frame


@pytest.mark.parametrize("frame,message", [
    (games(player_a=pd.array(["Ann", pd.NA, "Cy"], dtype=object)),
     "games: row 1, column 'player_a': expected player_a as a player name, got ''"),
    (games(player_b=pd.array(["Bob", "Cy", pd.NA], dtype="string")),
     "games: row 2, column 'player_b': expected player_b as a player name, got ''"),
    (games(score_a=pd.array([1, None, 0], dtype="Int64")),
     "games: row 1, column 'score_a': expected score_a as a number from 0 to 1, got ''"),
    (games(score_a=pd.array([1.0, 0.5, None], dtype="Float64")),
     "games: row 2, column 'score_a': expected score_a as a number from 0 to 1, got ''"),
    (games(player_a=pd.array([7, None, 9], dtype="Int64"), player_b=pd.array([8, 9, 7], dtype="Int64")),
     "games: row 1, column 'player_a': expected player_a as a player name, got ''"),
    (games(date=pd.array(["2024-01-01", pd.NA, "2024-01-03"], dtype=object)),
     "games: row 1, column 'date': expected date as a valid date YYYY-MM-DD, got ''"),
    (games(home=pd.Series(["a", pd.NaT, 7], dtype=object)),
     "games: row 2, column 'home': expected home as a, b or empty, got '7'"),
    (games(score_a=pd.Categorical([1.0, None, 0.0])),
     "games: row 1, column 'score_a': expected score_a as a number from 0 to 1, got ''"),
    (games(score_a=pd.Categorical([1.0, 2.0, 0.0])),
     "games: row 1, column 'score_a': expected score_a as a number from 0 to 1, got '2.0'"),
    (pd.concat([games(), games()[["score_a"]]], axis=1),
     r"games: expected each column once, got 'score_a' again \(columns 3 and 4, counted from 0\)"),
])
def test_missing_values_and_odd_dtypes_are_refused_by_row_and_column(frame, message):
    with pytest.raises(ratekit.Error, match=f"^{message}$"):
        ratekit.rate(frame, "fide-logistic", k=20)


def test_categories_and_nullable_numbers_read_as_their_values():
    plain = games(player_a=[7, 8, 9], player_b=[8, 9, 7])
    expected = ratekit.rate(plain, "fide-logistic", k=20).ratings
    odd = games(player_a=pd.Categorical([7, 8, 9]), player_b=pd.array([8, 9, 7], dtype="Int64"),
                score_a=pd.Categorical([1.0, 0.5, 0.0]))
    pd.testing.assert_frame_equal(ratekit.rate(odd, "fide-logistic", k=20).ratings, expected)
    assert list(expected["player"]) == ["7", "8", "9"]


def team_matches(dates):
    return pd.DataFrame({"match": ["m1", "m1", "m2", "m2"], "date": dates, "team": ["a", "b", "a", "b"],
                         "player": ["Ann", "Bob", "Ann", "Bob"], "rank": [1, 2, 2, 1]})


def test_a_time_zone_aware_date_is_its_utc_date_on_every_path():
    # 22:00 in New York on 1 January is 03:00 UTC on 2 January; 18:30 on 2 January is 23:30 UTC, still 2 January.
    when = pd.to_datetime(["2024-01-01 22:00", "2024-01-02 18:30"]).tz_localize("America/New_York")
    pairwise = ratekit.rate(pd.DataFrame({"date": when, "player_a": ["Ann", "Bob"], "player_b": ["Bob", "Ann"],
                                  "score_a": [1.0, 0.0]}), "fide-logistic", k=20, history=True)
    assert sorted(set(pairwise.history["date"])) == ["2024-01-02"]
    teams = ratekit.rate(team_matches([when[0], when[0], when[1], when[1]]), "trueskill", history=True)
    assert sorted(set(teams.history["date"])) == ["2024-01-02"]
