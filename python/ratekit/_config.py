"""A config as a dict, written as the YAML `ratekit run` reads, so the host
checks it with the same rules and messages (a line of the text per key)."""

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


def _lines(value, indent):
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return [pad + "{}"]
        out = []
        for key, item in value.items():
            head = f"{pad}{_scalar(str(key))}:"
            if isinstance(item, (dict, list, tuple)) and item:
                out.append(head)
                out.extend(_lines(item, indent + 1))
            else:
                out.append(head + " " + _lines(item, 0)[0])
        return out
    if isinstance(value, (list, tuple)):
        if not value:
            return [pad + "[]"]
        out = []
        for item in value:
            inner = _lines(item, indent + 1)
            out.append(pad + "- " + inner[0].lstrip())
            out.extend(inner[1:])
        return out
    return [pad + ("null" if value is None else _scalar(value))]


def to_yaml(config):
    """The YAML text of `config`, a dict of the config file's structure."""
    if not isinstance(config, dict):
        raise TypeError(f"expected a config as a dict, got {type(config).__name__}")
    return "\n".join(_lines(config, 0)) + "\n"
