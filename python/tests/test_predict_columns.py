"""predict never hands back a frame with a column twice: a games frame whose
column is named as one of predict's outputs is refused, not answered with the
user's column where the computed one should be."""

import pathlib

import pandas as pd
import pytest

import ratekit

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def world_cup():
    return ratekit.run(ROOT / "configs" / "world-cup-elo.yaml")


@pytest.mark.parametrize("column", ["expected_a", "rating_b", "new_a"])
def test_predict_refuses_a_column_named_as_an_output(world_cup, column):
    games = pd.DataFrame({"player_a": ["Brazil"], "player_b": ["France"], column: [0.9]})
    with pytest.raises(ratekit.Error, match=f"expected a column that ratekit predict does not write itself, got '{column}'"):
        ratekit.predict(world_cup, games)


def test_predict_keeps_other_columns_once(world_cup):
    games = pd.DataFrame({"player_a": ["Brazil"], "player_b": ["France"], "Expected_A": [0.9]})
    got = ratekit.predict(world_cup, games)
    assert list(got.columns).count("expected_a") == 1
    assert got["Expected_A"].tolist() == [0.9]
    assert 0.0 < got["expected_a"][0] < 1.0
