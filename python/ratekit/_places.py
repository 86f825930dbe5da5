"""A problem named in the caller's terms: the key of the config dict or the
keyword a line of the config text came from, the row and column of a DataFrame
the package wrote as a CSV file; never the line of a text the caller never
wrote, nor a temporary file's name."""

import os
import re

from ._config import key_name
from ._ratekit import Error


def printable(text):
    """`text` as the CLI prints it: control characters written \\xNN (C0, DEL) or \\u00NN (C1)."""
    return re.sub(r"[\x00-\x1f\x7f-\x9f]",
                  lambda m: ("\\x" if ord(m[0]) < 0x80 else "\\u00") + f"{ord(m[0]):02X}", text)


def _field_index(csv, line, column):
    """The 0-based field of a CSV text's `line` (1-based) where character `column` (1-based) lies, or None."""
    lines = csv.split("\n", line)
    if len(lines) < line:
        return None
    text = lines[line - 1]
    index, quoted = 0, False
    for char in text[: column - 1]:
        if char == '"':
            quoted = not quoted
        elif char == "," and not quoted:
            index += 1
    return index


class Places:
    """What a call wrote for the host: its config text's key paths and its CSV texts, to name problems by."""

    def __init__(self, key_place):
        self._key_place = key_place  # a config key path -> what the caller wrote
        self._key_paths = []
        self._files = {}  # the name the host knows a CSV text by -> (what it stands for, its columns, the text)

    def config(self, key_paths):
        self._key_paths = key_paths

    def file(self, path, name, columns, text):
        self._files[str(path)] = (name, list(columns), text)

    def _place(self, file, line, column):
        """(the place's new name, whether it is a written file's) of a diagnostic's place."""
        if file == "config":  # the text the package wrote: a line of it stands for a key
            return self._key_place(self._key_paths[line - 1] if 1 <= line <= len(self._key_paths) else ()), False
        if file not in self._files:
            return None, False
        name, columns, text = self._files[file]
        if line < 2:  # the header: its message quotes the column
            return name, True
        place = f"{name}: row {line - 2}"  # the header is line 1, row 0 is line 2
        index = _field_index(text, line, column) if column > 0 else None
        if index is not None and index < len(columns):
            place += f", column '{columns[index]}'"
        return place, True

    def _message(self, message, in_file):
        for path, (name, _, _) in self._files.items():
            message = re.sub(re.escape(path) + r":(\d+)", lambda m: f"{name} row {int(m[1]) - 2}", message)
            message = message.replace(path, name).replace(f"'{os.path.basename(path)}'", f"'{name}'")
        if in_file:  # "first at line 2" of the file: a row of the frame
            message = re.sub(r"\bline (\d+)", lambda m: f"row {int(m[1]) - 2}", message)
        return message

    def renamed(self, error):
        """`error` with its places named as the caller knows them."""
        kept = []
        for file, line, column, message in getattr(error, "diagnostics", [("", 0, 0, str(error))]):
            place, in_file = self._place(file, line, column)
            if place is not None:
                file, line, column = place, 0, 0
            kept.append((file, line, column, printable(self._message(message, in_file))))
        renamed = Error("\n".join(_text(*problem) for problem in kept))
        renamed.diagnostics = kept
        return renamed


def _text(file, line, column, message):
    """A problem as the CLI writes it: file:line:column: message."""
    if not file:
        return message
    where = file + (f":{line}" if line > 0 else "") + (f":{column}" if line > 0 and column > 0 else "")
    return f"{where}: {message}"


def argument(key_path, k_given=False):
    """A key of the config rate() builds, as the keyword that gave it: params['xi'], columns['hom'], k."""
    if k_given and key_path[:1] == ("k_schedule",):
        return "argument k"
    if key_path[:2] == ("input", "columns"):
        return "argument columns" + key_name(key_path[2:])
    if key_path[:1] == ("input",):
        return "argument format"
    if key_path[:1] == ("output",):
        key_path = key_path[1:]
    if not key_path:
        return "rate()"
    return "argument " + str(key_path[0]) + key_name(key_path[1:])


def config_key(key_path):
    """A key of a config dict: config['params']['xi']."""
    return "config" + key_name(key_path)
