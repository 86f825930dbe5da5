"""A run from Python writes no file and makes no folder unless it is asked to (out=, to_files): rate() and run()
build ratings, history and summary, reports and charts from what the run holds in memory. The system's temporary folder (TMPDIR)
and the working folder are watched, each empty before the call and after it, while the Result lives."""

import json
import os
import tempfile
import threading

import numpy as np
import pandas as pd
import pytest

import ratekit
from conftest import ROOT, same_as_file

DATA = ROOT / "data"

# Duels, state fields, ranked events, team matches (test_history_in_memory's), and the whole-history models,
# whose charts are made from the fit in memory too.
CONFIGS = ["world-cup-elo", "glicko-example", "nfl-538", "codeforces-908", "teams-5v5-trueskill",
           "teams-ffa-weng-lin", "ttt-world-cup", "whr-world-cup"]


def _no_temporary_folder(*_):
    raise AssertionError("the call asked Python's tempfile for a temporary folder")


@pytest.fixture
def watched(tmp_path, monkeypatch):
    """The temporary folder (TMPDIR, for the host) and the working folder, both empty; Python's tempfile refuses
    the call any temporary file or folder, so that one removed before the call returns is caught too."""
    folders = [tmp_path / "tmp", tmp_path / "work"]
    for folder in folders:
        folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folders[0]))
    monkeypatch.setattr(tempfile, "tempdir", None)  # tempfile reads TMPDIR again
    monkeypatch.setattr(tempfile, "gettempdir", _no_temporary_folder)
    monkeypatch.setattr(tempfile, "gettempdirb", _no_temporary_folder)
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


# Reports and charts: pairwise games' report and chart (dwz), ranked events' report (riichi), a chart drawn from
# history.csv's rows (glicko-world-cup), a report of Go games (egf): all built in memory, as the CLI's files.
REPORTED = ["dwz-example", "riichi-elo-multiplayer", "glicko-world-cup", "egf-example"]


@pytest.mark.parametrize("name", REPORTED)
def test_reports_and_charts_are_built_in_memory_as_the_clis_files(name, watched, run_cli):
    result = ratekit.run(ROOT / "configs" / f"{name}.yaml")
    assert created(watched) == []
    expected = run_cli(ROOT / "configs" / f"{name}.yaml")
    assert result.files == sorted(p.name for p in expected.iterdir())
    shown = [n for n in result.files if n in ("report.csv", "periods.csv", "report.md", "chart.svg")]
    assert shown, "the config asks for a report or a chart"
    for file in shown + ["ratings.csv", "summary.json"]:
        assert result._handle.file(file) == (expected / file).read_bytes(), file
    assert result._handle.keeps_history  # history.csv's rows stay in memory beside a report or chart
    same_as_file(result.history, expected / "history.csv")


def test_a_report_and_chart_need_no_temporary_folder(tmp_path, monkeypatch, run_cli):
    # TMPDIR naming no folder: nothing asks for one (it used to refuse a report or chart).
    games = pd.read_csv(ROOT / "data" / "football" / "world_cup_1930_2022.csv").head(50)
    monkeypatch.setenv("TMPDIR", str(tmp_path / "missing"))
    monkeypatch.setattr(tempfile, "tempdir", None)
    result = ratekit.rate(games, "fide-logistic", k=20, report=True, charts=True, history=True)
    assert {"report.csv", "periods.csv", "report.md", "chart.svg"} <= set(result.files)
    assert result._handle.file("report.csv").startswith(b"period,player,rating_before,")
    assert result._handle.file("chart.svg").startswith(b"<svg") and b"the top 5" in result._handle.file("chart.svg")
    assert not (tmp_path / "missing").exists()


def _open_files():
    """Where this process's descriptors lead (/proc/self/fd's links)."""
    links = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            links.add(os.readlink(f"/proc/self/fd/{fd}"))
        except OSError:  # closed meanwhile, or listdir's own
            pass
    return links


def test_a_reports_spill_is_a_file_of_memory(watched):
    """The report's records spill while the games are rated (past 1 MB of them): into a file of memory (memfd),
    not a temporary file. Seen by a thread that looks at the open files while the run goes on."""
    rng = np.random.default_rng(47)
    players = np.array([f"p{i}" for i in range(2000)])
    games = pd.DataFrame({"date": pd.date_range("2020-01-01", periods=200_000, freq="min").strftime("%Y-%m-%d"),
                          "player_a": players[rng.integers(0, 1000, 200_000)],
                          "player_b": players[rng.integers(1000, 2000, 200_000)],
                          "score_a": rng.integers(0, 3, 200_000) / 2})
    seen, rating = set(), threading.Event()

    def watch():
        while not rating.wait(0.001):
            seen.update(_open_files())

    before = _open_files()
    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        result = ratekit.rate(games, "fide-logistic", k=20, report=True)
    finally:
        rating.set()
        watcher.join()
    new = seen - before
    assert any(link.startswith("/memfd:ratekit-spill") for link in new), new
    # An unlinked temporary file (tmpfile's) reads "/tmp/#123 (deleted)"; a memfd "/memfd:NAME (deleted)".
    assert not [link for link in new if link.endswith("(deleted)") and not link.startswith("/memfd:")], new
    assert len(result._handle.file("report.csv").splitlines()) == 2 * len(games) + 1
    assert created(watched) == []


def _read(path):
    """A data file's cells as its text: the frame holds what the CLI reads."""
    return pd.read_csv(DATA / path, dtype=str, keep_default_na=False)


# Team matches, a free-for-all, and ranked events with a starting ratings list: each config's input and list as
# DataFrames, rated with the config's keys.
FRAMES = [("teams-5v5-trueskill", "trueskill", "teams/5v5-generated.csv", None, {"draw_probability": 0.04}),
          ("teams-ffa-weng-lin", "weng-lin", "teams/ffa-generated.csv", None, {"variant": "plackett-luce"}),
          ("codeforces-908", "codeforces", "codeforces-ratings/cf_908_standings.csv",
           "codeforces-ratings/cf_908_before.csv", {})]


@pytest.mark.parametrize("name,model,games,listed,params", FRAMES)
def test_rate_on_team_matches_events_and_a_list_writes_nothing_and_gives_the_clis_files(name, model, games, listed,
                                                                                       params, watched, run_cli):
    keys = {"initial": _read(listed)} if listed else {}
    result = ratekit.rate(_read(games), model, competition=name, period="event", history=True, params=params, **keys)
    ratings, history = result.ratings, result.history
    assert created(watched) == []
    expected = run_cli(ROOT / "configs" / f"{name}.yaml")
    same_as_file(ratings, expected / "ratings.csv")
    same_as_file(history, expected / "history.csv")
    assert len(history) > 1000


def _no_memory_file(*_):
    raise AssertionError("the call wrote a frame into a file of memory (memfd) for the host to read")


def test_compare_tune_and_predict_on_frames_write_nothing(watched, monkeypatch):
    events = _read("playerratings/riichi_2019.csv")
    slow = {"competition": "slow", "model": "elo-multiplayer"}
    fast = {"competition": "fast", "model": "elo-multiplayer", "params": {"k": 0.5}}
    compared = ratekit.compare([slow, fast], events, test_from="2019-10-01")
    assert list(compared["name"]) == ["slow", "fast", "always 0.5"]
    tuned = ratekit.tune(slow, {"k": (0.5, 1.5, 0.5)}, events, validate_from="2019-07-01", test_from="2019-10-01")
    assert len(tuned) == 3
    rated = ratekit.rate(_read("football/world_cup_1930_2022.csv").head(200), "fide-logistic", k=20)
    monkeypatch.setattr(os, "memfd_create", _no_memory_file)  # predict()'s games reach the host as text, no file
    predicted = ratekit.predict(rated, pd.DataFrame({"player_a": ["Brazil"], "player_b": ["Italy"]}))
    assert 0.5 < predicted.loc[0, "expected_a"] < 0.7  # Brazil ahead of Italy in the games of 1930 to 1966
    assert created(watched) == []
