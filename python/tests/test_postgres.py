"""The package with a PostgreSQL history database: run() records into it, rate() starts from it and
predict() reads it, each as with a SQLite file. Needs ctest's test server (tests/postgres/server.sh):
`ctest -R python_postgres` gives its socket folder as RATEKIT_TEST_PG_DIR."""

import os
import subprocess
import threading

import pandas as pd
import pytest

import ratekit

PG_DIR = os.environ.get("RATEKIT_TEST_PG_DIR")
pytestmark = pytest.mark.skipif(not PG_DIR, reason="needs ctest's PostgreSQL server: ctest -R python_postgres")

JANUARY = pd.DataFrame({
    "date": ["2024-01-05", "2024-01-12", "2024-01-19", "2024-01-26"],
    "player_a": ["Ann", "Bob", "Cid", "Ann"],
    "player_b": ["Bob", "Cid", "Ann", "Cid"],
    "score_a": [1, 0.5, 0, 1],
})
FEBRUARY = pd.DataFrame({
    "date": ["2024-02-02", "2024-02-09"],
    "player_a": ["Bob", "Dee"],
    "player_b": ["Ann", "Cid"],
    "score_a": [1, 0],
})
NEXT = pd.DataFrame({"player_a": ["Ann", "Dee"], "player_b": ["Bob", "Ann"]})


def schema(name):
    """A fresh schema of the test server, and the URI that records into it."""
    sql = f"SET client_min_messages = warning; DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"
    subprocess.run(["psql", "-h", PG_DIR, "-U", "postgres", "-d", "postgres", "-q", "-c", sql], check=True)
    return f"postgresql://postgres@/postgres?host={PG_DIR}&application_name={name}&options=-csearch_path%3D{name}"


def month(tmp_path, database):
    """January rated by run() into `database`, a file's path or a URI."""
    games = tmp_path / "january.csv"
    JANUARY.to_csv(games, index=False)
    config = {"competition": "club", "model": "fide-logistic", "k_schedule": [{"k": 20}], "initial": 1500,
              "period": "month", "input": {"format": "games-csv", "path": str(games)},
              "output": {"database": database}}
    return ratekit.run(config, out=tmp_path / ("out-" + ("pg" if database.startswith("postgresql") else "file")))


def test_a_server_database_serves_run_rate_and_predict_as_a_file_does(tmp_path):
    uri, file = schema("python_api"), str(tmp_path / "history.db")
    month(tmp_path, uri)
    month(tmp_path, file)
    # Ann won two of three in January: she leads, from the server as from the file.
    from_server = ratekit.predict(uri, NEXT, competition="club")
    from_file = ratekit.predict(file, NEXT, competition="club")
    pd.testing.assert_frame_equal(from_server, from_file)
    assert from_server.loc[0, "expected_a"] > 0.5
    # February goes on from January's ratings in either database; a newcomer (Dee) starts at 1500.
    on_server = ratekit.rate(FEBRUARY, model="fide-logistic", k=20, period="month", initial=uri, competition="club")
    on_file = ratekit.rate(FEBRUARY, model="fide-logistic", k=20, period="month", initial=file, competition="club")
    pd.testing.assert_frame_equal(on_server.ratings, on_file.ratings)
    ratings = on_server.ratings.set_index("player")["rating"]
    assert ratings["Ann"] != 1500 and ratings["Bob"] != 1500
    fresh = ratekit.rate(FEBRUARY, model="fide-logistic", k=20, period="month", initial=1500, competition="club")
    assert not fresh.ratings.equals(on_server.ratings)  # January counted
    # The server named as the CLI names it too: the scheme in capitals, or libpq's keyword/value pairs.
    for other in ("POSTGRESQL" + uri[len("postgresql"):],
                  f"host={PG_DIR} user=postgres dbname=postgres application_name=python_api "
                  "options=-csearch_path=python_api"):
        again = ratekit.rate(FEBRUARY, model="fide-logistic", k=20, period="month", initial=other, competition="club")
        pd.testing.assert_frame_equal(again.ratings, on_server.ratings)


def test_a_wrong_password_is_refused_without_showing_it(tmp_path):
    uri = f"postgresql://ratekit_pw:not-the-s3cret@/postgres?host={PG_DIR}"
    with pytest.raises(ratekit.Error) as refused:
        ratekit.predict(uri, NEXT, competition="club")
    assert "not-the-s3cret" not in str(refused.value)
    assert "ratekit_pw" in str(refused.value)


def test_a_password_given_once_is_not_lent_to_a_later_uri_without_one(tmp_path, monkeypatch):
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    server = f"@/postgres?host={PG_DIR}"
    with pytest.raises(ratekit.Error, match="no ratekit history"):  # connected: the password is right
        ratekit.predict("postgresql://ratekit_pw:right-secret-4711" + server, NEXT, competition="nobody")
    with pytest.raises(ratekit.Error) as refused:
        ratekit.predict("postgresql://ratekit_pw" + server, NEXT, competition="nobody")
    assert "password" in str(refused.value) and "right-secret-4711" not in str(refused.value)


def test_two_threads_naming_one_database_with_different_passwords_each_connect_with_their_own(tmp_path, monkeypatch):
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "no-pgpass"))
    schema("python_two_passwords")
    server = f"@/postgres?host={PG_DIR}&options=-csearch_path%3Dpython_two_passwords"
    games = tmp_path / "january.csv"
    JANUARY.to_csv(games, index=False)
    outcomes = {}

    def record(password, round):
        config = {"competition": "club", "model": "fide-logistic", "k_schedule": [{"k": 20}], "period": "month",
                  "input": {"format": "games-csv", "path": str(games)},
                  "output": {"database": f"postgresql://ratekit_pw:{password}{server}"}}
        start.wait()
        try:
            ratekit.run(config)
            outcomes[password, round] = "recorded"
        except ratekit.Error as e:
            outcomes[password, round] = str(e)

    # One names the database just as the other connects, the right password or the wrong one first.
    for round in range(10):
        start = threading.Barrier(2)
        threads = [threading.Thread(target=record, args=(password, round))
                   for password in (("right-secret-4711", "wrong-secret-0815")[::1 if round % 2 else -1])]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    for round in range(10):
        assert outcomes["right-secret-4711", round] == "recorded", outcomes["right-secret-4711", round]
        assert "password authentication failed" in outcomes["wrong-secret-0815", round]
