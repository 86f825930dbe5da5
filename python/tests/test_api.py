"""plugins, describe, expect and predict against the CLI's own output."""

import io
import json

import pandas as pd
import pytest

import ratekit
from conftest import ROOT, cli, cli_csv, exact


def test_plugins_as_cli():
    assert ratekit.plugins() == json.loads(cli("plugins", "--json").stdout)["plugins"]


@pytest.mark.parametrize("model", ["glicko", "fide-normal", "trueskill"])
def test_describe_as_cli(model):
    assert ratekit.describe(model) == json.loads(cli("describe", model, "--json").stdout)


@pytest.mark.parametrize("args,kwargs", [
    (("fide-normal", 1834, 2179), {}),
    (("fide-logistic", 0, 0), {"params": {"xi": 1000}, "advantage": 15}),
    (("glicko", {"rating": 1500, "rd": 200}, {"rating": 1400, "rd": 30}), {}),
])
def test_expect_as_cli(args, kwargs):
    model, a, b = args
    words = ["expect", model, "--digits", "17"]
    for side, state in (("a", a), ("b", b)):
        if isinstance(state, dict):
            words += [f"--state-{side}={k}={v}" for k, v in state.items() if k != "rating"]
    for key, value in kwargs.get("params", {}).items():
        words += ["--param", f"{key}={value}"]
    if "advantage" in kwargs:
        words += ["--advantage", kwargs["advantage"]]
    rating = lambda s: s["rating"] if isinstance(s, dict) else s
    words += ["--", rating(a), rating(b)]
    got = ratekit.expect(model, a, b, **kwargs)
    assert f"{got:.17f}" == cli(*words).stdout.strip()


def test_expect_errors():
    with pytest.raises(ratekit.Error, match=r"'rdd' of A is no state field of glicko \(rating, rd\) \(did you mean 'rd'\?\)"):
        ratekit.expect("glicko", {"rating": 1500, "rdd": 10}, 1500)
    with pytest.raises(ratekit.Error, match="did you mean 'xi'"):
        ratekit.expect("fide-logistic", 0, 0, params={"xx": 1})


def test_predict_from_result_as_cli():
    config = ROOT / "configs" / "world-cup-elo.yaml"
    fixtures = ROOT / "data" / "predict" / "world_cup_fixtures.csv"
    expected = cli_csv(io.StringIO(cli("predict", config, fixtures).stdout))
    got = ratekit.predict(ratekit.run(config), pd.read_csv(fixtures, dtype=str, keep_default_na=False))
    assert list(got.columns) == list(expected.columns)
    for column in expected.columns:
        if got[column].dtype.kind == "f":
            assert got[column].equals(expected[column].map(exact)), column


def test_predict_from_database_as_cli(tmp_path):
    db = tmp_path / "ratings.db"
    config = {"competition": "wc", "model": "fide-logistic", "params": {"xi": 400, "cap": 0},
              "k_schedule": [{"k": 60}], "initial": 1500,
              "input": {"format": "games-csv", "path": str(ROOT / "data/football/world_cup_1930_2022.csv")},
              "output": {"database": str(db), "history": False}}
    ratekit.run(config)
    fixtures = ROOT / "data" / "predict" / "world_cup_fixtures.csv"
    expected = cli("predict", "--database", db, "--competition", "wc", fixtures).stdout
    got = ratekit.predict(db, pd.read_csv(fixtures, dtype=str, keep_default_na=False), competition="wc")
    assert got["expected_a"].tolist() == [float(x) for x in cli_csv(io.StringIO(expected))["expected_a"]]


@pytest.mark.parametrize("a,b,words", [
    ({"rating": 1500, "rdd": 10}, 1500, ["--state-a", "rdd=10", "1500", "1500"]),
    (1500, {"rating": 1400, "sigma": 3}, ["--state-b", "sigma=3", "1500", "1400"]),
])
def test_expect_refuses_a_state_as_the_cli_does(a, b, words):
    refused = cli("expect", "glicko", *words, check=False)
    assert refused.returncode == 2
    with pytest.raises(ratekit.Error) as raised:
        ratekit.expect("glicko", a, b)
    assert refused.stderr.splitlines()[0].endswith(": " + str(raised.value)), (refused.stderr, str(raised.value))
