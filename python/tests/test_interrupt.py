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
    days = pd.to_datetime("2020-01-01") + pd.to_timedelta(np.arange(rows) // 1000, unit="D")  # 1,000 games a day
    return pd.DataFrame({"date": days, "player_a": names[a],
                         "player_b": names[b], "score_a": random.choice([0.0, 0.5, 1.0], rows)})


def test_keyboard_interrupt_stops_a_long_rate_within_a_second(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", None)  # where rate() would keep a file, read again
    games = many_games(1_500_000)  # some 3 s of rating, day by day (a period is one plugin call, never cut short)
    sent = []
    called = threading.Event()
    finished = threading.Event()
    run = ratekit._ratekit.run
    monkeypatch.setattr(ratekit._ratekit, "run", lambda *args: called.set() or run(*args))

    def interrupt():
        # Once the module's run has started its worker thread (no folder tells it), the frame's columns taken under
        # the GIL: in the midst of rating.
        called.wait()
        while len(os.listdir("/proc/self/task")) <= threads:
            if finished.is_set():
                return  # rate() ended first: the assertion below says so, and no stray SIGINT reaches a later test
            time.sleep(0.01)
        time.sleep(0.3)
        sent.append(time.monotonic())
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)

    thread = threading.Thread(target=interrupt, daemon=True)
    thread.start()
    threads = len(os.listdir("/proc/self/task"))  # this one's and the interrupter's
    started = time.monotonic()
    try:
        ratekit.rate(games, "glicko2", period="day", history=True)
        finished.set()
        raise AssertionError(f"rate() ran to its end in {time.monotonic() - started:.1f} s")
    except KeyboardInterrupt:
        stopped = time.monotonic()
    thread.join()
    assert sent and stopped - sent[0] < 1.0
    assert list(tmp_path.iterdir()) == []  # no file, no folder
