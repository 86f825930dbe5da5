"""A whole-history model through the module: the host's probe plugin (tests/test_plugins/whole_history_probe.cpp)
rates a DataFrame as `ratekit run` rates the same games, and predict() forecasts as `ratekit predict` does, from
each player's last estimate widened by the drift since."""

import pandas as pd
import pytest

import ratekit
from conftest import ROOT, cli, same_as_file

PLUGINS = ROOT / "build" / "tests" / "test_plugins"
GAMES = pd.DataFrame({"date": ["2024-01-01", "2024-01-01", "2024-03-01", "2024-01-02"],
                      "player_a": ["Ann", "Cid", "Bob", "Bob"], "player_b": ["Bob", "Ann", "Cid", "Ann"],
                      "score_a": [1, 0.5, 0, 1]})


def test_rate_equals_the_cli(tmp_path):
    GAMES.to_csv(tmp_path / "games.csv", index=False)
    (tmp_path / "c.yaml").write_text("competition: probe\nmodel: test-whole-history\n"
                                     "input: { format: games-csv, path: games.csv }\n")
    cli("run", tmp_path / "c.yaml", "--out", tmp_path / "out", "--plugin-dir", PLUGINS)
    result = ratekit.rate(GAMES, model="test-whole-history", plugin_dir=PLUGINS)
    same_as_file(result.ratings, tmp_path / "out" / "ratings.csv")
    same_as_file(result.history, tmp_path / "out" / "history.csv")
    assert list(result.history.columns) == ["date", "player", "rating", "deviation", "games"]


def test_predict_after_a_whole_history_run_widens_as_the_cli(tmp_path):
    GAMES.to_csv(tmp_path / "games.csv", index=False)
    (tmp_path / "c.yaml").write_text("competition: probe\nmodel: test-whole-history\n"
                                     "input: { format: games-csv, path: games.csv }\n")
    lineups = pd.DataFrame({"match": ["m1", "m1"], "team": ["a", "b"], "player": ["Ann", "Bob"]})
    lineups.to_csv(tmp_path / "new.csv", index=False)
    (tmp_path / "expected.csv").write_text(
        cli("predict", tmp_path / "c.yaml", tmp_path / "new.csv", "--plugin-dir", PLUGINS).stdout)
    result = ratekit.rate(GAMES, model="test-whole-history", plugin_dir=PLUGINS)
    predicted = ratekit.predict(result, lineups)
    same_as_file(predicted, tmp_path / "expected.csv")
    # Ann last played on 2 January, 59 days before the history's last: the probe's drift adds 1 a day to her
    # variance of 1. Bob played on the last day: his deviation is his estimate's.
    assert predicted["deviation"].tolist() == [60 ** 0.5, 1.0]
