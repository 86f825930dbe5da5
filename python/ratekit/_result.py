"""What a run leaves, as Python objects: the files `ratekit run` writes. The ratings list is
built from the run's final state in memory, and history.csv's rows are kept in memory when
no file is asked for (no folder of the caller's, no report or chart); a whole-history
model's files are read back."""

import json
import pathlib
import shutil

from . import _frames


class Result:
    """A rated competition.

    ratings: DataFrame of ratings.csv (player, rating, the model's state fields, games, peak, ...),
    built from the run's final state.
    history: DataFrame of history.csv (one row per player per game), None when history is off; built
    from rows kept in memory, unless run() was given out= or a report or chart reads the file.
    summary: dict of summary.json (model, parameters, counts, metrics).
    Ratings, state fields and changes are float64 and counts int64 in every run, whatever the values.
    to_files(dir): writes the files `ratekit run --out dir` writes.
    """

    def __init__(self, handle, folder, keep=None):
        self._handle = handle
        self._folder = pathlib.Path(folder)
        self._keep = keep  # a temporary folder, removed with the result
        self.summary = json.loads((self._folder / "summary.json").read_text(encoding="utf-8"))
        self._ratings = self._history = None

    @property
    def ratings(self):
        """DataFrame of ratings.csv, built from the run's final state when first asked for."""
        if self._ratings is None:
            columns = self._handle.ratings_columns()
            self._ratings = (_frames.from_columns(columns, state_fields=self._state_fields()) if columns is not None
                             else _frames.read_csv(self._folder / "ratings.csv", state_fields=self._state_fields()))
        return self._ratings

    @property
    def history(self):
        """DataFrame of history.csv, built when first asked for; None when the run wrote none."""
        if self._history is None:
            columns = self._handle.history_columns()  # the rows kept in memory, when no file was asked for
            path = self._folder / "history.csv"
            if columns is not None:
                self._history = _frames.from_columns(columns, state_fields=self._state_fields())
            elif path.exists():
                self._history = _frames.read_csv(path, state_fields=self._state_fields())
        return self._history

    def _state_fields(self):
        return set(self._handle.state_fields)  # the model's, as the host names them

    @property
    def files(self):
        """The names of the files the run wrote."""
        kept = ["history.csv"] if self._handle.keeps_history else []  # in memory, written by to_files
        return sorted([p.name for p in self._folder.iterdir()] + kept)

    def to_files(self, dir):
        """Writes the run's files (ratings.csv, history.csv, summary.json, ...) into `dir`, created if needed."""
        target = pathlib.Path(dir)
        target.mkdir(parents=True, exist_ok=True)
        for path in self._folder.iterdir():
            shutil.copy2(path, target / path.name)
        if self._handle.keeps_history:
            (target / "history.csv").write_bytes(self._handle.history_csv())
        return target

    def __repr__(self):
        return f"<ratekit.Result of {self.summary.get('model')} in {self._folder}>"
