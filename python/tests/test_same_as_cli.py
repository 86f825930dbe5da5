"""rate() reads what the CLI reads and refuses what it refuses, and names the place in the caller's terms:
a DataFrame's row and column, a keyword; never a line of a config text or a temporary file."""

import re
import tempfile

import pandas as pd
import pytest

import ratekit
from conftest import cli, cli_on_frame, same_as_file

GAMES = pd.DataFrame({"date": ["2024-01-01", "2024-01-02", "2024-01-03"], "player_a": ["Ann", "Bob", "Cy"],
                      "player_b": ["Bob", "Cy", "Ann"], "score_a": [1.0, 0.5, 0.0]})


@pytest.mark.parametrize("column,guess", [("hom", "home"), ("Score_a", "score_a"), ("rating", "rating_a")])
def test_an_unknown_column_is_refused_with_the_clis_words(column, guess, tmp_path):
    frame = GAMES.assign(**{column: ["a", "b", "a"]})
    refused, _ = cli_on_frame(frame, tmp_path)
    expected = re.sub(r"^error: \S+games.csv:1:\d+: ", "", refused.stderr.strip())
    assert expected == f"expected a known column, got '{column}' (did you mean '{guess}'?)"
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(frame, "fide-logistic", k=20)
    assert str(raised.value) == "games: " + expected


def test_rating_columns_seed_players_as_in_the_cli(tmp_path):
    frame = GAMES.assign(rating_a=[1800.0, 1500.0, None], rating_b=[1600.0, 2000.0, 1700.0])
    done, out = cli_on_frame(frame, tmp_path)
    assert done.returncode == 0, done.stderr
    result = ratekit.rate(frame, "fide-logistic", k=20)
    same_as_file(result.ratings, out / "ratings.csv")
    assert 1900 < result.ratings.set_index("player")["rating"]["Cy"] < 2000  # seeded at 2000 (not 1500), lost points


def test_a_mapping_reads_the_rating_columns_too(tmp_path):
    frame = GAMES.assign(elo_a=[1800.0, 1500.0, None], elo_b=[1600.0, 2000.0, 1700.0])
    mapping = {"rating_a": "elo_a", "rating_b": "elo_b", "score_a": "score_a"}
    done, out = cli_on_frame(frame, tmp_path,
                             input_keys=", columns: {rating_a: elo_a, rating_b: elo_b, score_a: score_a}")
    assert done.returncode == 0, done.stderr
    result = ratekit.rate(frame, "fide-logistic", k=20, columns=mapping)
    same_as_file(result.ratings, out / "ratings.csv")
    assert 1900 < result.ratings.set_index("player")["rating"]["Cy"] < 2000


def test_a_mapping_to_an_unknown_column_is_refused_by_its_key():
    frame = GAMES.assign(venue=["a", "b", "a"])
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(frame, "fide-logistic", k=20, columns={"hom": "venue"})
    assert str(raised.value) == ("argument columns['hom']: unknown column 'hom' in 'input.columns' of games-csv "
                                 "(did you mean 'home'?)")


@pytest.mark.parametrize("keywords,message", [
    (dict(k=-20), "argument k: "),
    (dict(k=20, params={"xi": 0}), "argument params['xi']: 'xi' must be between 1 and 1000000, got 0"),
    (dict(k_schedule=[{"k": 20}, {"k": 10, "games_belw": 5}]), "argument k_schedule[1]['games_belw']: unknown key"),
    (dict(k=20, period="fortnight"), "argument period: expected one of game, event"),
    (dict(k=20, perod="month"), "argument perod: unknown key 'perod' (did you mean 'period'?)"),
])
def test_a_config_problem_names_the_keyword(keywords, message):
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(GAMES, "fide-logistic", **keywords)
    assert str(raised.value).startswith(message), str(raised.value)
    assert "config:" not in str(raised.value)


def test_a_config_dicts_problem_names_its_key():
    config = {"competition": "x", "model": "fide-logistic", "k_schedule": [{"k": 20}], "params": {"xii": 400},
              "input": {"format": "games-csv", "path": "none.csv"}}
    with pytest.raises(ratekit.Error, match=r"^config\['params'\]\['xii'\]: unknown parameter 'xii'"):
        ratekit.run(config)


def changed(frame, changes):
    """`frame` with each column's cell changed: {column: (row, value)}."""
    for column, (row, value) in changes.items():
        frame[column] = frame[column].astype(object)
        frame.loc[row, column] = value
    return frame


def team_matches(**changes):
    return changed(pd.DataFrame({"match": ["m1", "m1", "m2", "m2"], "date": ["2024-01-01"] * 2 + ["2024-01-02"] * 2,
                                 "team": ["a", "b", "a", "b"], "player": ["Ann", "Bob", "Ann", "Bob"],
                                 "rank": [1, 2, 2, 1]}), changes)


@pytest.mark.parametrize("frame,message", [
    (team_matches(rank=(3, "first")), "games: row 3, column 'rank': expected rank as a positive number"),
    (team_matches(player=(1, "Ann")), "games: row 1, column 'player': expected each player once per match, got "
                                      "'Ann' again in match 'm1' (first at row 0)"),
    (team_matches(player=(2, "An\nn")), "games: row 2, column 'player': expected text on one line, got 'An\\x0An'"),
    (team_matches(player=(2, "An\rn")), "games: row 2, column 'player': expected text on one line, got 'An\\x0Dn'"),
    (team_matches().assign(tema=1), "games: expected a known column, got 'tema' (did you mean 'team'?)"),
])
def test_a_team_frames_problem_names_its_row_and_column_not_a_file(frame, message):
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(frame, "trueskill")
    assert str(raised.value).startswith(message), str(raised.value)
    assert tempfile.gettempdir() not in str(raised.value) and ".csv" not in str(raised.value)


def standings(**changes):
    return changed(pd.DataFrame({"event": ["e1"] * 3 + ["e2"] * 3, "date": ["2024-01-01"] * 3 + ["2024-01-02"] * 3,
                                 "player": ["Ann", "Bob", "Cid"] * 2, "rank": [1, 2, 3, 3, 2, 1]}), changes)


@pytest.mark.parametrize("frame,message", [
    (standings(rank=(4, "second")), "games: row 4, column 'rank': expected rank as a whole number >= 1, got 'second'"),
    (standings(player=(2, "Ann")), "games: row 2, column 'player': expected each player once per event, got 'Ann' "
                                   "again in event 'e1' (first at row 0)"),
    (standings(date=(3, "2024-13-01")), "games: row 3, column 'date': expected"),
    # A quoted comma in the row before: the column is found on the row's own line.
    (standings(player=(1, "Bob, Jr"), rank=(2, "x")), "games: row 2, column 'rank': expected rank as a whole number"),
])
def test_a_standings_frames_problem_names_its_row_and_column_not_a_file(frame, message):
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(frame, "codeforces")
    assert str(raised.value).startswith(message), str(raised.value)
    assert tempfile.gettempdir() not in str(raised.value) and ".csv" not in str(raised.value)


@pytest.mark.parametrize("call", [
    lambda frame: ratekit.compare([{"competition": "t", "model": "trueskill"}], frame),
    lambda frame: ratekit.tune({"competition": "t", "model": "trueskill"}, {"beta": (2, 6, 2)}, frame),
])
def test_a_compared_or_tuned_frames_problem_names_its_row_and_column_not_a_file(call):
    with pytest.raises(ratekit.Error) as raised:
        call(team_matches(rank=(3, "first")))
    assert str(raised.value).startswith("games: row 3, column 'rank': expected rank as a positive number"), \
        str(raised.value)
    assert tempfile.gettempdir() not in str(raised.value) and ".csv" not in str(raised.value)


def test_an_errors_diagnostics_hold_the_renamed_places():
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(team_matches(rank=(3, "first"), player=(1, "Ann")), "trueskill")
    places = [(place, line, column) for place, line, column, _ in raised.value.diagnostics]
    assert places == [("games: row 1, column 'player'", 0, 0), ("games: row 3, column 'rank'", 0, 0)]
    assert str(raised.value).splitlines()[1].startswith("games: row 3, column 'rank': expected rank")


def test_a_file_name_in_a_message_is_the_frames():
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(team_matches(), "trueskill", initial={"games": 5})
    assert "but 'games' declares none" in str(raised.value), str(raised.value)
    assert ".csv" not in str(raised.value)


def test_a_ratings_lists_problem_names_its_row_and_column():
    listed = pd.DataFrame({"player": ["Ann", "Bob"], "rating": [1600.0, float("inf")]})
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(GAMES, "fide-logistic", k=20, initial=listed)
    assert str(raised.value).startswith("initial: row 1, column 'rating': "), str(raised.value)
    assert tempfile.gettempdir() not in str(raised.value)


def test_control_characters_of_a_config_value_are_escaped_as_the_cli_escapes_them():
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(GAMES, "fide-logistic", k=20, period="mo\x1b[2Jnth\nfake: line")
    text = str(raised.value)
    assert "\x1b" not in text and "\n" not in text
    assert "mo\\x1B[2Jnth\\x0Afake: line" in text


def test_control_characters_of_a_column_name_are_escaped_too():
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(GAMES, "fide-logistic", k=20, columns={"player_a": "ho\x1bme\x9b"})
    assert str(raised.value) == "input.columns names columns the games do not have: player_a -> 'ho\\x1Bme\\u009B'"


def test_control_characters_of_a_config_files_value_are_escaped_as_the_cli_escapes_them(tmp_path):
    config = tmp_path / "bad.yaml"
    config.write_text('competition: x\nmodel: fide-logistic\nk_schedule: [{k: 20}]\nperiod: "mo\\e[2Jnth\\nfake"\n'
                      "input: {format: games-csv, path: none.csv}\n")
    expected = cli("run", config, "--out", tmp_path / "out", check=False).stderr
    with pytest.raises(ratekit.Error) as raised:
        ratekit.run(config)
    assert ["error: " + line for line in str(raised.value).splitlines()] == expected.splitlines()
    assert "\x1b" not in str(raised.value) and "mo\\x1B[2Jnth\\x0Afake" in str(raised.value)


def test_a_predicted_frames_problem_names_its_row_and_column():
    result = ratekit.rate(GAMES, "fide-logistic", k=20)
    games = pd.DataFrame({"player_a": ["Ann", "Bob"], "player_b": ["Bob", "Cy"], "home": ["a", "x"]})
    with pytest.raises(ratekit.Error) as raised:
        ratekit.predict(result, games)
    assert str(raised.value) == "games: row 1, column 'home': expected home as a, b or empty, got 'x'"
