r"""Reading the one file a caller names, whatever it holds: every loader (records, saved
series, positions, deck, card and composition files) reads through :func:`read_text_file`
and parses with :func:`parse_json` / :func:`parse_toml`, so a file that is missing, not a
regular file (a directory, a pipe, a device such as ``/dev/zero``), larger than the
loader's cap, not UTF-8 text, or data no loader could use (nested deeper than
:data:`MAX_DEPTH`, a number of more than 4,300 digits, ``NaN``, a TOML key of more than
:data:`MAX_TOML_KEY_PARTS` dotted parts) is refused with one typed :class:`FileError`
before anything else happens. Callers wrap it in their own error (``RecordError``,
``PositionError``, …) with its message.

>>> parse_json('{"a": [1, 2]}', "x.json")
{'a': [1, 2]}
>>> parse_json("[" * 100 + "]" * 100, "x.json")
Traceback (most recent call last):
...
gloam.core.errors.FileError: x.json: nested more than 64 levels deep
>>> try:
...     parse_toml("a = 1\nb = ", "x.toml")
... except FileError as exc:
...     print(exc.line, exc.reason)
2 Invalid value
"""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gloam.core.errors import FileError, GloamError

MiB = 1024 * 1024
#: the deepest nesting of lists and tables a gloam file may have (a saved state needs 6)
MAX_DEPTH = 64
#: the most dotted parts a TOML key may have (``a.b.c`` has 3): tomllib's memory grows
#: with the square of a key's parts, so a line of 100,000 dots would exhaust the machine
MAX_TOML_KEY_PARTS = 64
_LONG_TOML_KEY = re.compile(
    r"""^[ \t]*\[*[ \t]*(?:(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')[ \t]*\.[ \t]*)""" + f"{{{MAX_TOML_KEY_PARTS}}}",
    re.MULTILINE)
_TOML_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)")
_BOMS = {b"\xff\xfe": "UTF-16", b"\xfe\xff": "UTF-16"}


def read_text_file(path: str | Path, limit: int, name: str | None = None) -> str:
    """The UTF-8 text of the regular file at ``path`` (a leading byte-order mark is
    dropped), reading at most ``limit + 1`` bytes: :class:`FileError` if it cannot be
    opened, is not a regular file, holds more than ``limit`` bytes or is not UTF-8.
    A pipe is opened without waiting for a writer, and refused. Errors begin with
    ``name`` (default: the path)."""
    where = str(path) if name is None else name
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        raise FileError(f"{where}: cannot read ({getattr(exc, 'strerror', None) or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileError(f"{where}: cannot read ({_not_regular(info.st_mode)}, not a regular file)")
        if info.st_size > limit:
            raise _too_large(where, limit)
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise FileError(f"{where}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while it was read
        raise _too_large(where, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        hint = f" (it looks like {_BOMS[data[:2]]}: save it as UTF-8)" if data[:2] in _BOMS else ""
        raise FileError(f"{where}: not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}{hint}") from None


def read_json_file(path: str | Path, limit: int, error: Callable[[str], GloamError] = FileError) -> Any:
    """The JSON data of the file at ``path`` (at most ``limit`` bytes); whatever stops it
    being read is raised as ``error(message)``, a syntax error as ``"<path> is not valid
    JSON (line L, column C: reason)"``."""
    try:
        text = read_text_file(path, limit)
    except FileError as exc:
        raise error(str(exc)) from None
    try:
        return parse_json(text, str(path))
    except FileError as exc:
        if exc.line is None:
            raise error(str(exc)) from None
        raise error(f"{path} is not valid JSON (line {exc.line}, column {exc.column}: {exc.reason})") from None


def _read_at_most(fd: int, size: int) -> bytes:
    """Up to ``size`` bytes from ``fd``, to its end."""
    chunks, left = [], size
    while left > 0:
        chunk = os.read(fd, min(left, MiB))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _not_regular(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a special file"


def _too_large(where: str, limit: int) -> FileError:
    return FileError(f"{where}: larger than {_size(limit)}, the most gloam reads from a file of this kind")


def _size(limit: int) -> str:
    return f"{limit // MiB} MiB" if limit % MiB == 0 else f"{limit:,} bytes"


def parse_json(text: str, where: str) -> Any:
    """The data of JSON ``text`` (``where``, if not empty, begins its errors). :class:`FileError`
    for a syntax error (with ``line`` and ``column``), ``NaN`` or ``Infinity``, a
    number of more than 4,300 digits, or nesting deeper than :data:`MAX_DEPTH`."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise FileError(_at(where, f"line {exc.lineno}, column {exc.colno}: {exc.msg}"), exc.msg,
                        exc.lineno, exc.colno) from None
    except RecursionError:
        raise _too_deep(where) from None
    except ValueError as exc:  # int() refusing a number of more than 4,300 digits; NaN
        raise FileError(_at(where, _value_reason(exc))) from None
    check_depth(data, where)
    return data


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """The data of TOML ``text``, like :func:`parse_json` (a syntax error's message is
    tomllib's, with ``line`` and ``column`` when it names them)."""
    if _LONG_TOML_KEY.search(text):
        raise FileError(_at(where, f"a key of more than {MAX_TOML_KEY_PARTS} dotted parts"))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_WHERE.search(str(exc))
        reason = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))
        if found:
            line, column = int(found.group(1)), int(found.group(2))
        else:  # "at end of document": the last line
            line, column = len(text.rstrip("\n").splitlines()) or 1, None
        raise FileError(_at(where, f"not valid TOML: {exc}"), reason, line, column) from None
    except RecursionError:
        raise _too_deep(where) from None
    except ValueError as exc:
        raise FileError(_at(where, _value_reason(exc))) from None
    check_depth(data, where)
    return data


def check_depth(data: Any, where: str, limit: int = MAX_DEPTH) -> None:
    """:class:`FileError` if lists and dicts in ``data`` nest deeper than ``limit``
    (checked without recursion, so any depth is safe to check)."""
    todo = [(data, 1)] if isinstance(data, (dict, list)) else []
    while todo:
        value, depth = todo.pop()
        children = value.values() if isinstance(value, dict) else value
        for child in children:
            if isinstance(child, (dict, list)):
                if depth >= limit:
                    raise _too_deep(where)
                todo.append((child, depth + 1))


def _at(where: str, message: str) -> str:
    return f"{where}: {message}" if where else message


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number gloam reads")


def _too_deep(where: str) -> FileError:
    return FileError(_at(where, f"nested more than {MAX_DEPTH} levels deep"))


def _value_reason(exc: ValueError) -> str:
    if "digits" in str(exc):
        return "a number of more than 4,300 digits"
    return str(exc)
