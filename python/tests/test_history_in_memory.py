"""ratings' and history's DataFrames built from what the run holds in memory, not from files the package wrote and
read back: the same columns, dtypes and values as the CLI's ratings.csv and history.csv read as the package reads a
file, for duels, models with state fields, ranked events and team matches; to_files writes history.csv byte for
byte."""

import pandas as pd
import pytest

import ratekit
from ratekit import _frames
from conftest import ROOT

# Shipped configs (reports and charts: test_no_files.py): duels (fide-logistic, glicko,
# glicko2, nfl-538), ranked events (codeforces), team matches (trueskill 5 against 5, weng-lin free-for-all).
IN_MEMORY = ["world-cup-elo", "glicko-example", "glicko2-example", "nfl-538", "codeforces-908",
             "teams-5v5-trueskill", "teams-ffa-weng-lin"]


def read_back(path, result):
    """history.csv as the package read it before (the file, its types by column)."""
    return _frames.read_csv(path, state_fields={f["name"] for f in ratekit.describe(result.summary["model"])["state"]})


@pytest.mark.parametrize("name", IN_MEMORY)
def test_history_from_memory_is_the_clis_file(name, run_cli, tmp_path):
    expected = run_cli(ROOT / "configs" / f"{name}.yaml")
    result = ratekit.run(ROOT / "configs" / f"{name}.yaml")
    assert result._handle.keeps_history and result._handle.file("history.csv") is None  # rows, never a text
    pd.testing.assert_frame_equal(result.history, read_back(expected / "history.csv", result), check_exact=True)
    pd.testing.assert_frame_equal(result.ratings, read_back(expected / "ratings.csv", result), check_exact=True)
    assert "history.csv" in result.files
    written = result.to_files(tmp_path / "module") / "history.csv"
    assert written.read_bytes() == (expected / "history.csv").read_bytes()


@pytest.mark.parametrize("keywords", [dict(charts=True), dict(report=True)])
def test_a_report_or_chart_keeps_history_in_memory_too(keywords):
    games = pd.read_csv(ROOT / "data" / "football" / "world_cup_1930_2022.csv").head(200)
    in_memory = ratekit.rate(games, "fide-logistic", k=20)
    with_more = ratekit.rate(games, "fide-logistic", k=20, **keywords)
    assert in_memory._handle.keeps_history and with_more._handle.keeps_history
    assert with_more._handle.file("history.csv") is None  # rows, never a text
    pd.testing.assert_frame_equal(in_memory.history, with_more.history, check_exact=True)


def test_a_folder_of_the_callers_gets_history_csv(run_cli, tmp_path):
    result = ratekit.run(ROOT / "configs" / "glicko-example.yaml", out=tmp_path / "out")
    assert not result._handle.keeps_history and (tmp_path / "out" / "history.csv").exists()
    expected = run_cli(ROOT / "configs" / "glicko-example.yaml")
    pd.testing.assert_frame_equal(result.history, read_back(expected / "history.csv", result), check_exact=True)

