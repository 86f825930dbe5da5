"""Games from a DataFrame or a dict of columns, as the host reads them; and
the files a run writes, back as DataFrames with the files' values."""

import io

import numpy as np
import pandas as pd

# games-csv's columns (docs/input-formats.md): names, labels and flags as text.
GAMES_COLUMNS = ("date", "player_a", "player_b", "score_a", "period", "points_a", "points_b",
                 "home", "neutral", "week", "playoff", "tag", "handicap", "season")
_NUMBERS = {"score_a", "points_a", "points_b", "handicap"}
# Columns of the files a run writes that hold names or labels, never numbers.
_TEXT = {"player", "opponent", "team", "date", "period", "match", "last_played", "event", "category", "adjustment"}


def as_columns(games):
    """A mapping of column name to 1-d values: a DataFrame, or a dict of lists or arrays."""
    if isinstance(games, pd.DataFrame):
        return {str(c): games[c] for c in games.columns}, len(games)
    if isinstance(games, dict):
        columns = {str(k): v if isinstance(v, pd.Series) else pd.Series(np.asarray(v) if np.ndim(v) else [v])
                   for k, v in games.items()}
        lengths = {len(v) for v in columns.values()}
        if len(lengths) > 1:
            raise ValueError(f"expected columns of one length, got lengths {sorted(lengths)}")
        return columns, lengths.pop() if lengths else 0
    raise TypeError(f"expected games as a pandas DataFrame or a dict of columns, got {type(games).__name__}")


def _text(series):
    """Values as an object array of str (None for missing), from text, categories or numbers."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        series = series.astype(object)
    elif series.dtype.kind in "iub":
        series = series.astype(str)
    return series.to_numpy(dtype=object)


def _number(series):
    if series.dtype.kind in "iufb":
        return series.to_numpy(dtype=np.float64)
    return None


def game_columns(columns, mapping):
    """games-csv's column -> (the caller's name, kind, array) for the host's reader."""
    mapping = dict(mapping or {})
    out = {}
    for name in GAMES_COLUMNS:
        source = mapping.get(name, name)
        if source not in columns:
            continue
        series = columns[source]
        if name == "date" and series.dtype.kind == "M":
            out[name] = (source, "datetime", series.to_numpy(dtype="datetime64[ns]").view(np.int64))
        elif name in _NUMBERS and _number(series) is not None:
            out[name] = (source, "number", _number(series))
        else:
            out[name] = (source, "name" if name in ("player_a", "player_b") else "text", _text(series))
    return out


def to_csv(columns, path):
    """Writes the columns as a CSV file the host's readers take (numbers as Python writes them)."""
    frame = pd.DataFrame({k: (v.dt.strftime("%Y-%m-%d") if v.dtype.kind == "M" else v) for k, v in columns.items()})
    frame.to_csv(path, index=False)


# Counts, flags and months: whole numbers, read as int64 by inference.
_INTEGERS = {"games", "rated", "rated_after", "contests", "contests_after", "times_played", "times_played_before",
             "times_played_after", "pool_games", "pool_since", "new", "new_a", "new_b", "capped", "rank"}
# Ratings and what is computed from them: float64 even when a run's values all happen to be whole.
_REALS = {"rating", "change", "expected", "score", "k", "peak", "performance", "opponent_rating", "weight",
          "ordinal", "expected_rank", "shown", "sigma", "rd", "volatility", "pool_score", "pool_opponents"}


def _is_real(column, state_fields):
    base = column
    for suffix in ("_before", "_after", "_a", "_b"):
        if column.endswith(suffix):
            base = column[: -len(suffix)]
            break
    return column not in _INTEGERS and (base in _REALS or base in state_fields)


def read_csv(path=None, text=None, state_fields=()):
    """A file a run wrote (or its text): names as text, counts as int64, ratings, the model's state fields and what
    is computed from them as float64 whatever the values (a column's type never depends on the run)."""
    source = (lambda: io.StringIO(text)) if text is not None else (lambda: path)
    header = pd.read_csv(source(), nrows=0).columns
    types = {c: str for c in header if c in _TEXT or c in GAMES_COLUMNS and c not in _NUMBERS}
    types.update({c: np.float64 for c in header if c not in types and _is_real(c, state_fields)})
    return pd.read_csv(source(), dtype=types, keep_default_na=False,
                       na_values={c: [""] for c in header if types.get(c) is not str},
                       float_precision="round_trip")
