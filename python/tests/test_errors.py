"""Bad games, bad configs and untrusted plugins are refused with ratekit.Error and the CLI's words."""

import os
import shutil

import numpy as np
import pandas as pd
import pytest

import ratekit
from conftest import ROOT, cli


def games(**changes):
    frame = pd.DataFrame({"date": ["2024-01-01", "2024-01-02", "2024-01-03"], "player_a": ["Ann", "Bob", "Cy"],
                          "player_b": ["Bob", "Cy", "Ann"], "score_a": [1.0, 0.5, 0.0]})
    for column, (row, value) in changes.items():
        frame[column] = frame[column].astype(object)
        frame.loc[row, column] = value
    return frame


def rate(frame, **config):
    return ratekit.rate(frame, "fide-logistic", k=20, **config)


def test_error_is_value_error():
    assert issubclass(ratekit.Error, ValueError)


@pytest.mark.parametrize("frame,message", [
    (games(score_a=(1, float("nan"))), "row 1, column 'score_a': expected score_a as a number from 0 to 1, got ''"),
    (games(score_a=(0, 2.0)), "row 0, column 'score_a': expected score_a as a number from 0 to 1, got '2.0'"),
    (games(player_a=(2, None)), "row 2, column 'player_a': expected player_a as a player name, got ''"),
    (games(player_b=(0, 5)), r"row 0, column 'player_b': expected text, got 5 \(int\)"),
    (games(player_a=(1, "Bo\x07b")), "expected player_a as a player name without control characters"),
    (games(player_b=(0, "Ann")), "expected player_b as a different player than player_a"),
    (games(date=(2, "2024-02-30")), "row 2, column 'date': expected date as a valid date YYYY-MM-DD, got '2024-02-30'"),
    (games().iloc[0:0], "no games: expected at least one row"),
    (games().drop(columns="score_a"), "expected a column named 'score_a'"),
])
def test_hostile_games(frame, message):
    with pytest.raises(ratekit.Error, match=message):
        rate(frame)


def test_nat_date():
    frame = games()
    frame["date"] = pd.to_datetime(frame["date"])
    frame.loc[1, "date"] = pd.NaT
    with pytest.raises(ratekit.Error, match="row 1, column 'date': expected date as a valid date"):
        rate(frame)


def test_mixed_types_in_a_number_column():
    with pytest.raises(ratekit.Error, match="row 2, column 'score_a': expected score_a as a number from 0 to 1, got 'x'"):
        rate(games(score_a=(2, "x")))


def test_columns_of_two_lengths():
    with pytest.raises(ratekit.Error, match="one length"):
        rate({"date": ["2024-01-01"], "player_a": ["A", "B"], "player_b": ["B", "A"], "score_a": [1, 0]})


def test_config_errors_as_the_cli():
    with pytest.raises(ratekit.Error, match=r"unknown key 'perod' \(did you mean 'period'\?\)"):
        rate(games(), perod="month")
    with pytest.raises(ratekit.Error, match="did you mean 'fide-logistic'"):
        ratekit.rate(games(), "fide-logistik", k=20)
    with pytest.raises(ratekit.Error, match="give k or k_schedule"):
        rate(games(), k_schedule=[{"k": 10}])
    with pytest.raises(ratekit.Error, match="needs a k_schedule"):
        ratekit.rate(games(), "fide-logistic")


def test_config_file_errors_name_the_file(tmp_path):
    config = tmp_path / "bad.yaml"
    config.write_text("competition: x\nmodel: glicko\nparamz: {}\ninput: {format: games-csv, path: none.csv}\n")
    expected = cli("run", config, "--out", tmp_path / "out", check=False).stderr
    with pytest.raises(ratekit.Error) as raised:
        ratekit.run(config)
    assert ["error: " + line for line in str(raised.value).splitlines()] == expected.splitlines()
    assert f"{config}:3:1: unknown key 'paramz'" in str(raised.value)


def test_plugin_fault_is_an_error():
    # Glicko refuses game periods: a fault the host finds before any plugin code runs.
    with pytest.raises(ratekit.Error, match="needs one"):
        ratekit.rate(games(), "glicko")


def test_untrusted_plugin_folder_refused(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    shutil.copy(ROOT / "build" / "plugins" / "ratekit-glicko.so", folder / "ratekit-mine.so")
    os.chmod(folder, 0o777)  # writable by others: refused, as by the CLI
    with pytest.raises(ratekit.Error, match="unknown model 'mine'"):
        ratekit.describe("mine", plugin_dir=folder)
    refused = cli("plugins", "--json", "--plugin-dir", folder).stdout
    assert str(folder / "ratekit-mine.so") in refused
    assert all(p["file"] != str(folder / "ratekit-mine.so") for p in ratekit.plugins(plugin_dir=folder))


def test_plugin_path_from_the_environment(tmp_path, monkeypatch):
    folder = tmp_path / "plugins"
    folder.mkdir(mode=0o755)
    os.chmod(tmp_path, 0o755)
    monkeypatch.setenv("RATEKIT_PLUGIN_PATH", str(folder))
    assert [p["id"] for p in ratekit.plugins()] == [p["id"] for p in ratekit.plugins(plugin_dir=[])]
