"""ratekit from Python: rate games held in a DataFrame, run a competition's
config, ask a model for expected scores, predict new games.

    import ratekit
    result = ratekit.rate(games, model="fide-logistic", k=20)
    result.ratings.head()

Plugins are found as the CLI finds them: `plugin_dir=` (a folder or a list),
then RATEKIT_PLUGIN_PATH, then the built-in folder; a plugin that others than
you or root could change is refused unless `allow_insecure_plugins=True`.
Every error is a ratekit.Error (a ValueError) with the CLI's message.
"""

import io
import json
import os
import pathlib

from . import _config, _frames, _places
from ._ratekit import Error
from ._result import Result
from . import _ratekit

__all__ = ["Error", "Result", "plugins", "describe", "run", "rate", "expect", "predict", "compare", "tune"]


def _dirs(plugin_dir):
    if plugin_dir is None:
        return []
    if isinstance(plugin_dir, (str, os.PathLike)):
        return [os.fspath(plugin_dir)]
    return [os.fspath(d) for d in plugin_dir]


def plugins(plugin_dir=None, allow_insecure_plugins=False):
    """The loadable plugins: a list of dicts with id, version, summary and file (`ratekit plugins --json`)."""
    return json.loads(_ratekit.plugins_json(_dirs(plugin_dir), allow_insecure_plugins))["plugins"]


def describe(model, plugin_dir=None, allow_insecure_plugins=False):
    """A model's description (`ratekit describe MODEL --json`): id, version, summary, file,
    capabilities, state fields and parameters with their types, defaults and ranges."""
    return json.loads(_ratekit.describe_json(model, _dirs(plugin_dir), allow_insecure_plugins))


def _run(config_file, text, out, games=None, unknown=(), rows=0, plugin_dir=None, allow_insecure_plugins=False,
         events=("", "")):
    # Without a folder of the caller's, the run's files and history.csv's rows stay in memory.
    handle = _ratekit.run(config_file, text, "" if out is None else os.fspath(out), games, list(unknown), rows,
                          *events, _dirs(plugin_dir), allow_insecure_plugins)
    return Result(handle, out)


def _config_text(config, places):
    """The config dict as the host reads it, its lines' keys noted in `places`."""
    yaml, key_paths = _config.to_yaml(config)
    places.config(key_paths)
    return _ratekit.ConfigText("config", yaml, os.getcwd())


def run(config, out=None, plugin_dir=None, allow_insecure_plugins=False):
    """Rates a competition from its config: a YAML file's path, or a dict of the same structure
    (its paths relative to the working folder). Writes the files `ratekit run --out OUT` writes
    only when `out` is given; returns a Result either way."""
    if isinstance(config, dict):
        places = _places.Places(_places.config_key)
        try:
            text = _config_text(config, places)
            return _run("", text, out, plugin_dir=plugin_dir, allow_insecure_plugins=allow_insecure_plugins)
        except Error as e:
            raise places.renamed(e) from None
    if not isinstance(config, (str, os.PathLike)):
        raise Error(f"expected a config file's path or a dict, got {type(config).__name__}")
    return _run(os.fspath(config), None, out, plugin_dir=plugin_dir, allow_insecure_plugins=allow_insecure_plugins)


def _format(columns, mapping):
    names = set(columns) | set((mapping or {}).keys())
    if {"match", "team"} <= names:
        return "team-csv"
    if "event" in names:
        return "standings-csv"
    return "games-csv"


class _MemoryFiles:
    """Frames the host reads only from files (rate()'s ratings list as a DataFrame): each CSV text
    in a file of memory alone (memfd), which no folder holds, read by the host's reader through /proc/self/fd;
    closed once the call has read them."""

    def __init__(self):
        self._descriptors = []

    def path(self, name, text):
        descriptor = os.memfd_create(f"ratekit-{name}", os.MFD_CLOEXEC)
        self._descriptors.append(descriptor)
        with open(descriptor, "wb", closefd=False) as file:  # the whole text, however many writes it takes
            file.write(text.encode("utf-8"))
        return f"/proc/self/fd/{descriptor}"

    def __enter__(self):
        return self

    def __exit__(self, *raised):
        for descriptor in self._descriptors:
            os.close(descriptor)


def _initial(initial, inputs, places):
    if hasattr(initial, "to_csv"):  # a ratings list as a DataFrame
        text = initial.to_csv(index=False)
        path = inputs.path("initial", text)
        places.file(path, "initial", initial.columns, text)
        return {"ratings": path}
    if isinstance(initial, str) and _ratekit.is_database_uri(initial):
        return {"database": initial}  # a PostgreSQL history database: a URI or key=value pairs, not a path
    if isinstance(initial, (str, os.PathLike)):
        path = os.path.abspath(os.fspath(initial))
        return {"database": path} if path.endswith((".db", ".sqlite")) else {"ratings": path}
    return initial


def rate(games, model, *, columns=None, format=None, k=None, competition="python", plugin_dir=None,
         allow_insecure_plugins=False, **config):
    """Rates games held in memory with `model`; returns a Result.

    games: a DataFrame or a dict of columns (lists or numpy arrays) in a layout the CLI's readers
    take: games-csv (date, player_a, player_b, score_a, or points_a and points_b, home, neutral,
    period, season, rating_a, rating_b, ...), team-csv (match, date, team, player, rank[, weight])
    or standings-csv (event, date, player, rank or score); `format=` names it when the columns do not.
    A column the layout does not know is refused, as the CLI refuses it in a file's header.
    Dates are text (YYYY-MM-DD) or datetime64 (a time-zone-aware one read as its UTC date); names
    text, categories or integers.
    columns: the input.columns mapping, e.g. {"player_a": "home", "player_b": "away"}.
    Every other config key is a keyword: params, k_schedule, period, initial (a number, a dict, a
    ratings list as a DataFrame, a database path or a postgresql:// URI), home_advantage,
    categories, and the output keys history, report, charts. k=20 is short for k_schedule=[{"k": 20}].
    """
    places = _places.Places(lambda key_path: _places.argument(key_path, k is not None))
    with _MemoryFiles() as inputs:
        try:
            return _rate(games, model, columns, format, k, competition, config, inputs, places,
                         plugin_dir, allow_insecure_plugins)
        except Error as e:
            raise places.renamed(e) from None


def _refused(call, *args):
    """call(*args), with the TypeError or ValueError a frame's check raises as ratekit.Error."""
    try:
        return call(*args)
    except (TypeError, ValueError) as e:
        raise Error(str(e)) from None


def _rate(games, model, columns, format, k, competition, config, inputs, places, plugin_dir, allow_insecure):
    frame, rows = _refused(_frames.as_columns, games)
    if k is not None:
        if "k_schedule" in config:
            raise Error("give k or k_schedule, not both")
        config["k_schedule"] = [{"k": k}]
    output = {key: config.pop(key) for key in ("history", "report", "charts") if key in config}
    if "output" in config:
        raise Error("rate() writes no output folder or database: use history=, report=, charts=, "
                    "then Result.to_files(dir); or run() with a config")
    if "initial" in config:
        config["initial"] = _initial(config["initial"], inputs, places)
    fmt = format or _format(frame, columns)
    source = {"format": fmt}
    if columns:
        source["columns"] = dict(columns)
        missing = [f"{key} -> '{name}'" for key, name in columns.items() if name not in frame]
        if missing:
            raise Error("input.columns names columns the games do not have: " + ", ".join(missing))
    cfg = {"competition": competition, "model": model, **config, "input": source}
    if output:
        cfg["output"] = output
    games_in, unknown, events = None, (), ("", "")
    if fmt == "games-csv":
        if columns:  # as the CLI: with a mapping, only the mapped columns and the required ones
            frame = {name: frame[name] for name in set(columns.values()) | {"date", "player_a", "player_b"}
                     if name in frame}
        games_in, unknown = _refused(_frames.game_columns, frame, columns)
    else:
        events = _events(frame, fmt, places)
    text = _config_text(cfg, places)
    return _run("", text, None, games_in, unknown, rows, plugin_dir, allow_insecure, events)


def _events(frame, fmt, places):
    """Team matches or ranked events as the host reads them in the place of a config's input: (format, CSV text),
    which `places` names "games" by its rows and columns."""
    text = _refused(_frames.to_csv, frame)
    places.file(_ratekit.frame_name, "games", frame, text)
    return fmt, text


def _state(side):
    return dict(side) if isinstance(side, dict) else {"rating": side}


def _param_text(value):
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def expect(model, a, b, params=None, advantage=0, plugin_dir=None, allow_insecure_plugins=False):
    """A's expected score against B (`ratekit expect`): each side a rating, or a dict of its state
    fields ({"rating": 1500, "rd": 200}; the others take the model's initial values);
    params overrides the model's defaults; advantage is added to A's side."""
    overrides = [(str(k), _param_text(v)) for k, v in (params or {}).items()]
    try:
        state_a, state_b = ({str(k): float(v) for k, v in _state(s).items()} for s in (a, b))
    except (TypeError, ValueError) as e:
        raise Error(f"expected numbers for the state fields: {e}") from None
    return _ratekit.expect(model, list(state_a.items()), list(state_b.items()), overrides, float(advantage),
                           _dirs(plugin_dir), allow_insecure_plugins)


def _new_players(min_games, new_rating, new_state):
    """`ratekit predict`'s --min-games, --new-rating and --new-state, checked by the host."""
    try:
        state = {str(k): float(v) for k, v in (new_state or {}).items()}
        return _ratekit.NewPlayers(float(min_games), None if new_rating is None else float(new_rating), state)
    except (TypeError, ValueError) as e:
        if isinstance(e, Error):
            raise
        raise Error(f"expected numbers for min_games, new_rating and new_state: {e}") from None


def predict(basis, games, competition=None, home_advantage=None, *, min_games=0, new_rating=None, new_state=None,
            plugin_dir=None, allow_insecure_plugins=False):
    """Expected scores of new games (or ranks of new events) as a DataFrame, as `ratekit predict`
    writes them: from a Result's final state, or from a history database's last run of `competition`
    (a file's path or a postgresql:// URI).
    games: a DataFrame or dict with player_a, player_b and optional home (or event, player; or
    match, team, player for team models).
    min_games, new_rating, new_state: `ratekit predict --min-games N --new-rating R --new-state rd=S`
    (PlayerRatings' tng and trat): players with fewer than min_games rated games, and players never
    rated, are predicted from the initial state with new_rating and the new_state fields (a dict)."""
    places = _places.Places(_places.config_key)
    rule = _new_players(min_games, new_rating, new_state)
    try:
        frame, _ = _refused(_frames.as_columns, games)
        text = _refused(_frames.to_csv, frame)
        places.file(_ratekit.frame_name, "games", frame, text)  # the text the host reads, named as a frame
        if isinstance(basis, Result):
            text, fields = _ratekit.predict_run(basis._handle, text, rule)
        elif isinstance(basis, (str, os.PathLike)):
            if competition is None:
                raise Error("predict from a database needs competition=")
            text, fields = _ratekit.predict_database(os.fspath(basis), competition, home_advantage, text, rule,
                                                     _dirs(plugin_dir), allow_insecure_plugins)
        else:
            raise Error(f"expected a Result or a database path, got {type(basis).__name__}")
    except Error as e:
        raise places.renamed(e) from None
    return _frames.read_csv(text=text, state_fields=set(fields))


def _compared_config(config, at):
    """A config of compare(): its file's path and no text, or "" and the text of a dict (named by its competition)."""
    if isinstance(config, dict):
        yaml, _ = _refused(_config.to_yaml, config)
        return "", _ratekit.ConfigText(f"config {config.get('competition', at + 1)}", yaml, os.getcwd())
    if not isinstance(config, (str, os.PathLike)):
        raise Error(f"expected a config file's path or a dict, got {type(config).__name__}")
    return os.fspath(config), None


def _ranked_games(games, columns, places):
    """A frame (or dict) of ranked events or team matches as compare and tune hand it to the host in the place of
    each config's input: (its format, its CSV text); ("", "") for pairwise games."""
    if games is None:
        return "", ""
    frame, _ = _refused(_frames.as_columns, games)
    fmt = _format(frame, columns)
    if fmt == "games-csv":
        return "", ""
    return _events(frame, fmt, places)


def _evaluated_config(config, at, ranked):
    """_compared_config, a dict without an input reading the frame of ranked events `ranked` (format, text)."""
    if ranked[0] and isinstance(config, dict) and "input" not in config:
        config = {**config, "input": {"format": ranked[0]}}
    return _compared_config(config, at)


def _games_in(games, columns):
    """A frame's (or dict's) games as compare and tune hand them over: the columns, the unknown ones, the rows."""
    if games is None:
        return None, (), 0
    frame, rows = _refused(_frames.as_columns, games)
    if columns:
        frame = {name: frame[name] for name in set(columns.values()) | {"date", "player_a", "player_b"}
                 if name in frame}
    games_in, unknown = _refused(_frames.game_columns, frame, columns)
    return games_in, unknown, rows


def compare(configs, games=None, *, test_from=None, seed=1, bootstrap=1000, names=None, columns=None, out=None,
            plugin_dir=None, allow_insecure_plugins=False):
    """Rates each config on the same games and scores each on the same held-out games, as `ratekit compare`
    does: a DataFrame with a row per config, then the baselines (always 0.5; the home side's rate before the
    window, when games have a home side): name, model, games, log_loss, brier, accuracy, deviance and each
    difference from the best config's log-loss and Brier with its paired bootstrap interval (_low, _high).

    configs: config files' paths or dicts of their structure, all reading the same input; or, with `games`
    (a DataFrame or dict of games-csv's columns, `columns=` mapping them), rated on those games instead.
    `games` may hold ranked events (event, date, player, rank) or team matches (match, date, team, player, rank):
    then each held-out event is scored by its pairs (a row's `pairs` in place of `games`), every model on the
    same pairs, and the bootstrap resamples events.
    test_from: the first held-out date (YYYY-MM-DD; default: the last fifth of the input's dates).
    names: a name for each config (default: a file's name, a dict's competition).
    The window is in the frame's attrs["window"]; out= also writes compare.csv, compare.json and compare.html.
    """
    places = _places.Places(_places.config_key)
    try:
        csv, window = _compared(list(configs), games, columns, names, seed, bootstrap, test_from, out, plugin_dir,
                                allow_insecure_plugins, places)
    except Error as e:
        raise places.renamed(e) from None
    result = _frames.pd.read_csv(io.StringIO(csv), dtype={"name": str, "model": str, "games": "int64", "pairs": "int64"},
                                 float_precision="round_trip")  # each number as written
    result.attrs["window"] = json.loads(window)["window"]
    return result


def _compared(configs, games, columns, names, seed, bootstrap, test_from, out, plugin_dir, allow_insecure, places):
    """compare()'s texts of compare.csv and compare.json, a frame's rows and columns named in `places`."""
    ranked = _ranked_games(games, columns, places)
    files, texts = zip(*(_evaluated_config(c, at, ranked) for at, c in enumerate(configs))) if configs else ((), ())
    if names is None:
        names = [pathlib.Path(f).stem if f else f"{c.get('competition', at + 1)}"
                 for at, (f, c) in enumerate(zip(files, configs))]
    games_in, unknown, rows = _games_in(None if ranked[0] else games, columns)
    options = _ratekit.CompareOptions(int(seed), int(bootstrap), [str(n) for n in names])
    return _ratekit.compare(list(files), list(texts), games_in, list(unknown), rows, options,
                            "" if test_from is None else str(test_from), "" if out is None else os.fspath(out),
                            _dirs(plugin_dir), allow_insecure, *ranked)


def tune(config, params, games=None, *, validate_from=None, test_from=None, objective="log-loss", budget=100,
         seed=1, columns=None, out=None, plugin_dir=None, allow_insecure_plugins=False):
    """Searches a config's values as `ratekit tune` does: a DataFrame with a row per candidate rated (candidate,
    the values, then its validation log_loss, brier, accuracy, deviance and games).

    config: a config file's path, or a dict of its structure (its paths relative to the working folder); with
    `games` (a DataFrame or dict of games-csv's columns, `columns=` mapping them), rated on those games instead;
    `games` may hold ranked events or team matches (as compare()'s), each candidate then scored by their pairs.
    params: {name: (low, high)} searched by NLopt within `budget` candidates, or {name: (low, high, step)} on a
    grid; a name is a number of the model's params, home_advantage, home_advantage.predict,
    home_advantage.update, initial.rating or k_schedule.N.
    validate_from, test_from: the windows' first dates (YYYY-MM-DD; default the last two fifths of the dates).
    objective: "log-loss" or "brier". The frame's attrs hold the method, the windows, the chosen values with
    their validation and test scores ("chosen"), the config's own ("given") and "on_edge"; out= also writes
    tuned.csv, tune.json, tuned.yaml and tune.svg.
    """
    if objective not in ("log-loss", "brier"):
        raise Error(f"objective: expected 'log-loss' or 'brier', got {objective!r}")
    specs = [f"{name}={':'.join(str(v) for v in bounds)}" for name, bounds in dict(params).items()]
    options = _ratekit.TuneOptions(objective == "brier", int(budget), int(seed))
    places = _places.Places(_places.config_key)
    try:
        ranked = _ranked_games(games, columns, places)
        file, text = _evaluated_config(config, 0, ranked)
        games_in, unknown, rows = _games_in(None if ranked[0] else games, columns)
        csv, found = _ratekit.tune(file, text, games_in, list(unknown), rows, specs, options,
                                   "" if validate_from is None else str(validate_from),
                                   "" if test_from is None else str(test_from), "" if out is None else os.fspath(out),
                                   _dirs(plugin_dir), allow_insecure_plugins, *ranked)
    except Error as e:
        raise places.renamed(e) from None
    result = _frames.pd.read_csv(io.StringIO(csv), dtype={"candidate": "int64", "games": "int64"},
                                 float_precision="round_trip")
    result.attrs.update({k: v for k, v in json.loads(found).items()
                         if k in ("method", "objective", "validation", "test", "chosen", "given", "on_edge", "stopped")})
    return result

