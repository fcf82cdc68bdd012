"""Text from outside (names typed on the command line, strings in card, deck,
composition and record files) made safe to show: no terminal control or escape
sequence gets through, so a name cannot clear the screen, move the cursor, retitle
the window or fake output.

>>> clean_text("\\x1b[2Jevil\\x07 \\x1b]0;title\\x07name\\u202e")
'evil name'
>>> clean_text("two\\nlines\\ttab", keep="\\n")
'two\\nlinestab'
"""

from __future__ import annotations

import re
from functools import lru_cache

#: escape sequences: CSI (ESC [ … final), OSC / DCS / SOS / PM / APC strings (ended by BEL
#: or ST), other two- and three-byte ESC sequences, and their 8-bit C1 forms
_SEQUENCES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"
    r"|\x1b[\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)"  # a string with its end
    r"|\x1b\][0-9;]*"  # an OSC's start without its end (what follows stays as text)
    r"|\x1b[ -/]*[0-~]?"  # every other sequence
    r"|\x9b[0-?]*[ -/]*[@-~]?"
    r"|[\x90\x98\x9d\x9e\x9f][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)")
#: what is left to strip: every C0 control, DEL, every C1 control, and the Unicode
#: bidirectional overrides and isolates (they reorder what the eye reads)
_CONTROLS = "".join(map(chr, [*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


_ANY = re.compile("[" + re.escape(_CONTROLS) + "]")


def clean_text(text: str, keep: str = "") -> str:
    """``text`` without escape sequences and control characters (but those in ``keep``,
    e.g. ``"\\n"`` for text printed on several lines)."""
    if _ANY.search(text) is None:  # the common case: nothing to strip
        return text
    return _SEQUENCES.sub("", text).translate(_table(keep))


def clean_pieces(pieces: list[str], keep: str = "") -> list[str]:
    """:func:`clean_text` over text cut into pieces (a printed line's styled runs): an
    escape sequence split between two pieces goes as a whole. Each piece comes back
    cleaned, in order."""
    joined = "".join(pieces)
    if _ANY.search(joined) is None:
        return pieces
    drop = bytearray(len(joined))
    for match in _SEQUENCES.finditer(joined):
        drop[match.start():match.end()] = b"\x01" * (match.end() - match.start())
    table = _table(keep)
    out, at = [], 0
    for piece in pieces:
        out.append("".join(c for k, c in enumerate(piece, at) if not drop[k] and ord(c) not in table))
        at += len(piece)
    return out


@lru_cache(maxsize=8)
def _table(keep: str) -> dict[int, None]:
    return {ord(c): None for c in _CONTROLS if c not in keep}


def name_some(names, most: int = 5, longest: int = 40) -> str:
    """The first ``most`` of ``names`` (sorted, cleaned, each cut to ``longest``
    characters) and how many more there are: one short line however many a file or a
    request brings.

    >>> name_some(["colour", "size"])
    'colour, size'
    >>> name_some([f"k{n:04}" for n in range(3000)])
    'k0000, k0001, k0002, k0003, k0004 and 2,995 more'
    >>> name_some(["x" * 100, "\\x1b[2Jy"])
    'y, xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    """
    shown = sorted(names, key=str)
    more = len(shown) - most
    cut = [clean_text(n if len(n) <= longest else n[:longest - 1] + "…") for n in map(str, shown[:most])]
    return ", ".join(cut) + (f" and {more:,} more" if more > 0 else "")
