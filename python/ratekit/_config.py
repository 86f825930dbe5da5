"""A config as a dict, written as the YAML `ratekit run` reads, so the host
checks it with the same rules and messages (a line of the text per key); and
which key each line came from, so a message names the key, not the line."""

import json
import math


def _scalar(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            return json.dumps(str(value))  # the host refuses it by name
        return repr(value)
    if hasattr(value, "item"):  # a numpy scalar
        return _scalar(value.item())
    return json.dumps(str(value), ensure_ascii=False)  # a double-quoted YAML scalar


def _lines(value, indent, path):
    """(line, path of the key or item it writes) pairs; a path is a tuple of keys and indexes."""
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return [(pad + "{}", path)]
        out = []
        for key, item in value.items():
            head = f"{pad}{_scalar(str(key))}:"
            inner = path + (str(key),)
            if isinstance(item, (dict, list, tuple)) and item:
                out.append((head, inner))
                out.extend(_lines(item, indent + 1, inner))
            else:
                out.append((head + " " + _lines(item, 0, inner)[0][0], inner))
        return out
    if isinstance(value, (list, tuple)):
        if not value:
            return [(pad + "[]", path)]
        out = []
        for index, item in enumerate(value):
            inner = _lines(item, indent + 1, path + (index,))
            out.append((pad + "- " + inner[0][0].lstrip(), inner[0][1]))
            out.extend(inner[1:])
        return out
    return [(pad + ("null" if value is None else _scalar(value)), path)]


def to_yaml(config):
    """The YAML text of `config`, a dict of the config file's structure, and the key path of each of its lines."""
    if not isinstance(config, dict):
        raise TypeError(f"expected a config as a dict, got {type(config).__name__}")
    lines = _lines(config, 0, ())
    return "\n".join(text for text, _ in lines) + "\n", [path for _, path in lines]


def key_name(path):
    """A key path as Python subscripts: ('params', 'xi') -> "['params']['xi']"."""
    return "".join(f"[{key!r}]" for key in path)
