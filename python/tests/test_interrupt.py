"""Ctrl-C stops a long rate() within a second, as it stops any Python call, and leaves nothing behind."""

import os
import signal
import tempfile
import threading
import time

import numpy as np
import pandas as pd

import ratekit


def many_games(rows):
    random = np.random.default_rng(7)
    names = np.array([f"P{i}" for i in range(5000)], dtype=object)
    a = random.integers(0, 5000, rows)
    b = (a + random.integers(1, 5000, rows)) % 5000
    return pd.DataFrame({"date": np.repeat(pd.to_datetime("2024-01-01"), rows), "player_a": names[a],
                         "player_b": names[b], "score_a": random.choice([0.0, 0.5, 1.0], rows)})


def test_keyboard_interrupt_stops_a_long_rate_within_a_second():
    games = many_games(1_500_000)  # some 10 s of rating
    before = set(os.listdir(tempfile.gettempdir()))
    sent = []

    def interrupt():
        time.sleep(0.5)
        sent.append(time.monotonic())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    threading.Thread(target=interrupt).start()
    started = time.monotonic()
    try:
        ratekit.rate(games, "glicko2", period="day", history=True)
        raise AssertionError(f"rate() ran to its end in {time.monotonic() - started:.1f} s")
    except KeyboardInterrupt:
        stopped = time.monotonic()
    assert sent and stopped - sent[0] < 1.0
    assert set(os.listdir(tempfile.gettempdir())) <= before  # no run's folder left
