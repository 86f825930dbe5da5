"""Games from a DataFrame or a dict of columns, as the host reads them; and
the files a run writes, back as DataFrames with the files' values."""

import io

import numpy as np
import pandas as pd

from ._ratekit import games_csv_columns, games_csv_number_columns

# games-csv's columns read as numbers when the frame holds numbers, as the host's reader names them; the others
# as text.
_NUMBERS = set(games_csv_number_columns)
# Columns of the files a run writes that hold names or labels, never numbers.
_TEXT = {"player", "opponent", "team", "date", "period", "match", "last_played", "event", "category", "adjustment"}


def _repeated(names):
    """The problem of a name given to two columns, or None."""
    first = {}
    for at, name in enumerate(names):
        if name in first:
            return (f"games: expected each column once, got '{name}' again "
                    f"(columns {first[name]} and {at}, counted from 0)")
        first[name] = at
    return None


def as_columns(games):
    """A mapping of column name to 1-d values: a DataFrame, or a dict of lists or arrays."""
    if isinstance(games, pd.DataFrame):
        names = [str(c) for c in games.columns]
        if problem := _repeated(names):
            raise ValueError(problem)
        return {name: games.iloc[:, at] for at, name in enumerate(names)}, len(games)
    if isinstance(games, dict):
        if problem := _repeated([str(k) for k in games]):
            raise ValueError(problem)
        columns = {str(k): v if isinstance(v, pd.Series) else pd.Series(np.asarray(v) if np.ndim(v) else [v])
                   for k, v in games.items()}
        lengths = {len(v) for v in columns.values()}
        if len(lengths) > 1:
            raise ValueError(f"expected columns of one length, got lengths {sorted(lengths)}")
        return columns, lengths.pop() if lengths else 0
    raise TypeError(f"expected games as a pandas DataFrame or a dict of columns, got {type(games).__name__}")


def _text(series):
    """Values as an object array: str, numbers among text as they are, None, NaN, pd.NA or NaT where missing; whole
    numbers and flags (numpy's or pandas' nullable ones) and categories of them as their text. The module copies it."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        categories = series.cat.categories
        labels = categories.astype(str) if categories.dtype.kind in "iub" else categories
        # A code of -1 (missing) picks the None put last.
        return np.append(np.asarray(labels, dtype=object), None)[series.cat.codes.to_numpy()]
    if series.dtype.kind in "iub":
        series = series.astype("string")
    return series.to_numpy(dtype=object)


def _number(series):
    """float64 values, NaN where missing, for numbers of numpy's or pandas' nullable types; else None."""
    if series.dtype.kind in "iufb" and not isinstance(series.dtype, pd.CategoricalDtype):
        return series.to_numpy(dtype=np.float64, na_value=np.nan)
    return None


def _utc(series):
    """Dates of a time-zone-aware column as their UTC dates, as the games' reader takes them; others as they are."""
    return series.dt.tz_convert("UTC").dt.tz_localize(None) if getattr(series.dt, "tz", None) else series


def game_columns(columns, mapping):
    """games-csv's column -> (the caller's name, kind, array) for the host's reader; and the caller's columns
    games-csv has none of (refused as the CLI refuses them in a header, unless a mapping picks the columns)."""
    mapping = dict(mapping or {})
    out = {}
    for name in games_csv_columns:
        source = mapping.get(name, name)
        if source not in columns:
            continue
        series = columns[source]
        if name == "date" and series.dtype.kind == "M":
            out[name] = (source, "datetime", _utc(series).to_numpy(dtype="datetime64[ns]").view(np.int64))
        elif name in _NUMBERS and _number(series) is not None:
            out[name] = (source, "number", _number(series))
        else:
            out[name] = (source, "name" if name in ("player_a", "player_b") else "text", _text(series))
    read = {source for source, _, _ in out.values()}
    unknown = [] if mapping else [name for name in columns if name not in read]
    return out, unknown


def _line_break(columns):
    """The problem of a text holding a line break, which a CSV row cannot keep on its line; or None."""
    for name, series in columns.items():
        if series.dtype != object:
            continue
        broken = series.map(lambda v: isinstance(v, str) and ("\n" in v or "\r" in v)).to_numpy(dtype=bool)
        if broken.any():
            row = int(np.argmax(broken))
            return f"games: row {row}, column '{name}': expected text on one line, got '{series.iloc[row]}'"
    return None


def to_csv(columns):
    """The columns as CSV text the host's readers take (numbers as Python writes them, dates as games-csv's are
    read: a time-zone-aware one as its UTC date), a row a line."""
    frame = pd.DataFrame({k: (_utc(v).dt.strftime("%Y-%m-%d") if v.dtype.kind == "M" else v)
                          for k, v in columns.items()})
    text = frame.to_csv(index=False)
    # A cell with a line break gives the text more lines than rows, or a '\r': only then is each cell looked at.
    if (text.count("\n") != len(frame) + 1 or "\r" in text) and (problem := _line_break(columns)):
        raise ValueError(problem)
    return text


# Counts, flags and months: whole numbers, read as int64 by inference.
_INTEGERS = {"games", "rated", "rated_after", "contests", "contests_after", "times_played", "times_played_before",
             "times_played_after", "pool_games", "pool_since", "new", "new_a", "new_b", "capped", "rank"}
# Ratings and what is computed from them: float64 even when a run's values all happen to be whole (a model's
# state fields too: the host names them, `state_fields`).
_REALS = {"rating", "change", "expected", "score", "k", "peak", "performance", "opponent_rating", "weight",
          "ordinal", "expected_rank", "shown", "pool_score", "pool_opponents"}


def _is_real(column, state_fields):
    base = column
    for suffix in ("_before", "_after", "_a", "_b"):
        if column.endswith(suffix):
            base = column[: -len(suffix)]
            break
    return column not in _INTEGERS and (base in _REALS or base in state_fields)


def _types(header, state_fields):
    """The type of each column of a file a run wrote that is not inferred from its values: str or float64."""
    types = {c: str for c in header if c in _TEXT or c in games_csv_columns and c not in _NUMBERS}
    types.update({c: np.float64 for c in header if c not in types and _is_real(c, state_fields)})
    return types


def from_columns(columns, state_fields=()):
    """The columns a run kept in memory ([(name, array)]: float64, or objects for names and labels) as read_csv
    reads the file they stand for: the same columns, types and values."""
    types = _types([name for name, _ in columns], state_fields)
    data = {}
    for name, values in columns:
        if name in types:
            data[name] = values
        elif values.dtype == object:  # a list's federation or id: its type inferred from the text, as in the file
            data[name] = _inferred(name, values)
        elif len(values) and not np.isnan(values).any() and (values == np.trunc(values)).all():
            data[name] = values.astype(np.int64)  # counts: whole numbers, int64 as pandas infers them
        else:
            data[name] = values
    return pd.DataFrame(data)


def _inferred(name, values):
    """A text column read as read_csv reads it in a file: numbers when they all are, NaN where empty."""
    text = pd.Series(values, name=name).to_csv(index=False)
    return pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=[""], skip_blank_lines=False,
                       float_precision="round_trip")[name].to_numpy()


def read_csv(path=None, text=None, state_fields=()):
    """A file a run wrote (or its text): names as text, counts as int64, ratings, the model's state fields and what
    is computed from them as float64 whatever the values (a column's type never depends on the run)."""
    source = (lambda: io.StringIO(text)) if text is not None else (lambda: path)
    header = pd.read_csv(source(), nrows=0).columns
    types = _types(header, state_fields)
    return pd.read_csv(source(), dtype=types, keep_default_na=False,
                       na_values={c: [""] for c in header if types.get(c) is not str},
                       float_precision="round_trip")
