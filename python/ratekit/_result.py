"""What a run leaves, as Python objects: the files `ratekit run` writes. Without a folder of the caller's
(out=), they are built from what the run holds in memory: the ratings list from its final state,
history.csv's rows from the rows it kept, summary.json (and a whole-history model's files) from their
text; no file is written or read."""

import json
import pathlib
import shutil

from . import _frames


class Result:
    """A rated competition.

    ratings: DataFrame of ratings.csv (player, rating, the model's state fields, games, peak, ...),
    built from the run's final state.
    history: DataFrame of history.csv (one row per player per game), None when history is off; built
    from rows kept in memory, unless run() was given out=, when it reads the file the run wrote.
    summary: dict of summary.json (model, parameters, counts, metrics).
    Ratings, state fields and changes are float64 and counts int64 in every run, whatever the values.
    to_files(dir): writes the files `ratekit run --out dir` writes.
    """

    def __init__(self, handle, folder=None):
        self._handle = handle
        self._folder = None if folder is None else pathlib.Path(folder)  # out=: where the run wrote its files
        self.summary = json.loads(self._file("summary.json"))
        self._ratings = self._history = None

    def _file(self, name):
        """A file of the run's as bytes, None when it wrote none: from the caller's folder, or kept in memory."""
        if self._folder is None:
            return self._handle.file(name)
        path = self._folder / name
        return path.read_bytes() if path.exists() else None

    def _frame(self, name):
        """A file of the run's (ratings.csv, history.csv) read as the package reads one; None when there is none."""
        if self._folder is not None:  # read in place, not copied first
            path = self._folder / name
            return _frames.read_csv(path, state_fields=self._state_fields()) if path.exists() else None
        text = self._handle.file(name)
        return None if text is None else _frames.read_csv(text=text.decode("utf-8"), state_fields=self._state_fields())

    @property
    def ratings(self):
        """DataFrame of ratings.csv, built from the run's final state when first asked for."""
        if self._ratings is None:
            columns = self._handle.ratings_columns()  # None for a whole-history model's: its file's text
            self._ratings = (_frames.from_columns(columns, state_fields=self._state_fields()) if columns is not None
                             else self._frame("ratings.csv"))
        return self._ratings

    @property
    def history(self):
        """DataFrame of history.csv, built when first asked for; None when the run wrote none."""
        if self._history is None:
            columns = self._handle.history_columns()  # the rows kept in memory, when no file was asked for
            self._history = (_frames.from_columns(columns, state_fields=self._state_fields()) if columns is not None
                             else self._frame("history.csv"))
        return self._history

    def _state_fields(self):
        return set(self._handle.state_fields)  # the model's, as the host names them

    @property
    def files(self):
        """The names of the files the run wrote (or, without out=, would write)."""
        if self._folder is None:
            return sorted(self._handle.file_names())
        return sorted(p.name for p in self._folder.iterdir())

    def to_files(self, dir):
        """Writes the run's files (ratings.csv, history.csv, summary.json, ...) into `dir`, created if needed."""
        target = pathlib.Path(dir)
        if self._folder is None:
            self._handle.write_files(str(target))
            return target
        target.mkdir(parents=True, exist_ok=True)
        for path in self._folder.iterdir():
            shutil.copy2(path, target / path.name)
        return target

    def __repr__(self):
        where = f" in {self._folder}" if self._folder is not None else ""
        return f"<ratekit.Result of {self.summary.get('model')}{where}>"
