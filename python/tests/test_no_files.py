"""A run from Python writes no file and makes no folder unless it is asked to (out=, to_files): rate() and run()
build ratings, history and summary from what the run holds in memory. The system's temporary folder (TMPDIR)
and the working folder are watched, each empty before the call and after it, while the Result lives."""

import json
import tempfile

import pandas as pd
import pytest

import ratekit
from conftest import ROOT, same_as_file

# Duels, state fields, ranked events, team matches (test_history_in_memory's), and the whole-history models,
# whose charts are made from the fit in memory too.
CONFIGS = ["world-cup-elo", "glicko-example", "nfl-538", "codeforces-908", "teams-5v5-trueskill",
           "teams-ffa-weng-lin", "ttt-world-cup", "whr-world-cup"]


@pytest.fixture
def watched(tmp_path, monkeypatch):
    """The temporary folder (TMPDIR, for the host and for Python's tempfile) and the working folder, both empty."""
    folders = [tmp_path / "tmp", tmp_path / "work"]
    for folder in folders:
        folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folders[0]))
    monkeypatch.setattr(tempfile, "tempdir", None)  # tempfile reads TMPDIR again
    monkeypatch.chdir(folders[1])
    return folders


def created(folders):
    return [path for folder in folders for path in folder.rglob("*")]


def test_rate_writes_nothing(watched):
    games = pd.read_csv(ROOT / "data" / "football" / "world_cup_1930_2022.csv")
    result = ratekit.rate(games, "fide-logistic", k=20, history=True)
    assert len(result.ratings) > 80 and len(result.history) == 2 * len(games)
    assert result.summary["model"] == "fide-logistic" and result.files == ["history.csv", "ratings.csv",
                                                                            "summary.json"]
    assert created(watched) == []


@pytest.mark.parametrize("name", CONFIGS)
def test_run_writes_nothing_and_gives_the_clis_files(name, watched, run_cli):
    result = ratekit.run(ROOT / "configs" / f"{name}.yaml")
    ratings, history, summary = result.ratings, result.history, result.summary
    assert created(watched) == []
    expected = run_cli(ROOT / "configs" / f"{name}.yaml")
    same_as_file(ratings, expected / "ratings.csv")
    same_as_file(history, expected / "history.csv")
    assert summary == json.loads((expected / "summary.json").read_text(encoding="utf-8"))
    assert result.files == sorted(p.name for p in expected.iterdir())


def test_a_report_goes_through_a_temporary_folder_removed_at_once(watched, run_cli):
    # Only a folder takes a streamed report or chart: the one exception, gone before run() returns.
    result = ratekit.run(ROOT / "configs" / "glicko-world-cup.yaml")
    assert created(watched) == []
    expected = run_cli(ROOT / "configs" / "glicko-world-cup.yaml")
    assert result.files == sorted(p.name for p in expected.iterdir())
    assert result.summary == json.loads((expected / "summary.json").read_text(encoding="utf-8"))


def test_a_report_without_a_temporary_folder_is_refused_by_its_name(tmp_path, monkeypatch):
    games = pd.read_csv(ROOT / "data" / "football" / "world_cup_1930_2022.csv").head(50)
    monkeypatch.setenv("TMPDIR", str(tmp_path / "missing"))
    monkeypatch.setattr(tempfile, "tempdir", None)
    with pytest.raises(ratekit.Error) as raised:
        ratekit.rate(games, "fide-logistic", k=20, report=True)
    assert str(raised.value).startswith(f"{tmp_path / 'missing'}: expected a folder for the temporary files of a "
                                        "report or chart (TMPDIR): ")
    assert ratekit.rate(games, "fide-logistic", k=20).summary["model"] == "fide-logistic"  # no report: no folder
