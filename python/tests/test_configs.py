"""ratekit.run gives what `ratekit run` gives, on every shipped config."""

import filecmp
import json

import pandas as pd
import pytest

import ratekit
from ratekit import _frames
from conftest import ROOT, same_as_file

CONFIGS = sorted((ROOT / "configs").glob("*.yaml"))


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
def test_run_equals_cli(config, run_cli, tmp_path):
    expected = run_cli(config)
    result = ratekit.run(config)
    same_as_file(result.ratings, expected / "ratings.csv")
    # Built in memory: the columns, types and values the file gives when read back.
    state_fields = {field["name"] for field in ratekit.describe(result.summary["model"])["state"]}
    pd.testing.assert_frame_equal(result.ratings, _frames.read_csv(expected / "ratings.csv", state_fields=state_fields),
                                  check_exact=True)
    assert result.summary == json.loads((expected / "summary.json").read_text(encoding="utf-8"))
    if (expected / "history.csv").exists():
        same_as_file(result.history, expected / "history.csv")
    else:
        assert result.history is None
    written = result.to_files(tmp_path / "module")
    files = sorted(p.name for p in expected.iterdir())
    assert sorted(p.name for p in written.iterdir()) == files
    match, mismatch, errors = filecmp.cmpfiles(expected, written, files, shallow=False)
    assert mismatch == [] and errors == []


def test_out_writes_what_the_cli_writes(run_cli, tmp_path):
    config = ROOT / "configs" / "glicko-example.yaml"
    expected = run_cli(config)
    result = ratekit.run(config, out=tmp_path / "out")
    assert (tmp_path / "out" / "ratings.csv").read_bytes() == (expected / "ratings.csv").read_bytes()
    assert result.summary["model"] == "glicko"


def test_dict_config_paths_relative_to_working_folder(run_cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    config = {"competition": "world-cup-elo", "model": "fide-logistic", "params": {"xi": 400, "cap": 0},
              "k_schedule": [{"k": 60}], "home_advantage": 100, "initial": 1500,
              "input": {"format": "games-csv", "path": "data/football/world_cup_1930_2022.csv"}}
    result = ratekit.run(config)
    expected = run_cli(ROOT / "configs" / "world-cup-elo.yaml")
    same_as_file(result.ratings, expected / "ratings.csv")
    same_as_file(result.history, expected / "history.csv")
