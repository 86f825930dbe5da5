"""The CLI that the module's results are held against: an independent run of
the same config, its files compared to the module's to the last digit."""

import os
import pathlib
import subprocess

import pandas as pd
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLI = os.environ.get("RATEKIT_CLI", str(ROOT / "build" / "host" / "ratekit"))


def cli(*args, check=True):
    """Runs `ratekit ARGS...`; its completed process."""
    done = subprocess.run([CLI, "-q", *map(str, args)], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"ratekit {' '.join(map(str, args))} failed: {done.stderr}")
    return done


def cli_csv(path):
    """A CSV the CLI wrote, read as text so every digit is compared as written."""
    return pd.read_csv(path, dtype=str, keep_default_na=False)


def exact(text):
    """The double a CSV cell writes (Python's float reads it exactly; pandas' fast parser may not)."""
    return float(text) if text else float("nan")


def same_as_file(frame, path):
    """The module's DataFrame holds the values of the CLI's file, each number to the last digit."""
    expected = cli_csv(path)
    assert list(frame.columns) == list(expected.columns)
    assert len(frame) == len(expected)
    for column in expected.columns:
        got = frame[column]
        if got.dtype.kind in "fi":
            want = expected[column].map(exact)
            assert got.astype("float64").equals(want), column  # exact, NaN where empty
        else:
            assert (got.fillna("").astype(str) == expected[column]).all(), column


def cli_on_frame(frame, folder, keys="", input_keys=""):
    """`ratekit run` with fide-logistic at K 20 (and `keys`, YAML lines) on the frame's rows written as
    games.csv (with `input_keys`, YAML after the path): its completed process and output folder."""
    frame.to_csv(folder / "games.csv", index=False)
    config = folder / "config.yaml"
    config.write_text("competition: frame\nmodel: fide-logistic\nk_schedule: [{k: 20}]\n" + keys +
                      f"input: {{format: games-csv, path: games.csv{input_keys}}}\n")
    return cli("run", config, "--out", folder / "cli", check=False), folder / "cli"


@pytest.fixture(scope="session")
def cli_runs():
    """The CLI's output folder of each config run so far, by the config's path."""
    return {}


@pytest.fixture
def run_cli(cli_runs, tmp_path_factory):
    """Runs a config with the CLI into a fresh folder; returns the folder. Once a session for each config: the
    tests only read the folder, and several hold the module against the same config's run."""
    def run(config):
        key = pathlib.Path(config).resolve()
        if key not in cli_runs:
            out = tmp_path_factory.mktemp("cli") / "out"
            cli("run", config, "--out", out)
            cli_runs[key] = out
        return cli_runs[key]
    return run
