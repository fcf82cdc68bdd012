"""Lines for what happens at a table besides the game's own events: an undo, a bot taking
over a seat and the player taking it back, someone joining, leaving or coming back, the
start, an offer, the turn clock. In the viewer's language; "you" for the viewer's own seat.

>>> note_line({"type": "undo", "seat": 1}, ["Ann", "Bob"], 0, "en")
'Bob took back their last action'
>>> note_line({"type": "takeover", "seat": 0, "bot": "normal", "reason": "away"}, ["Ann", "Bob"], 0, "en")
'A bot (normal) now plays your seat (you were away); take it back at any time'
>>> note_line({"type": "takeover", "seat": 1, "bot": "hard"}, ["Ann", "Bob"], 0, "en")
"A bot (hard) now plays Bob's seat"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gloam.core import SPECTATOR

_LINES = {
    "undo": ("{who} took back {their} last action", "{who}は直前の行動を取り消した"),
    "takeover": ("A bot ({bot}) now plays {whose} seat ({why}){hint}", "ボット（{bot}）が{who}の席を代わりに担当する（{why}）"),
    "reclaim": ("{who} took {their} seat back from the bot", "{who}はボットから席を取り戻した"),
    "gone": ("{who} disconnected", "{who}の接続が切れた"),
    "back": ("{who} is back", "{who}が戻った"),
    "joined": ("{who} took a seat", "{who}が着席した"),
    "started": ("The game begins", "ゲーム開始"),
    "offer": ("{who} seems to be away: a bot ({bot}) can play for them", "{who}は不在のようだ。ボット（{bot}）が代わりに担当できる"),
    "clock": ("{whose_cap} turn clock ran out: a bot ({bot}) makes this decision",
              "{who}の持ち時間が切れた。ボット（{bot}）がこの判断を行う"),
}
NOTE_TYPES = frozenset(_LINES)     # no game's event has one of these types
_WHY = {"away": ("{they} were away", "不在"), "idle": ("{they} did not act", "無操作"),
        "vote": ("the other players agreed", "他のプレイヤーの同意"), "clock": ("the clock ran out", "持ち時間切れ")}


def note_line(note: dict[str, Any], names: Sequence[str], viewer: int, lang: str) -> str:
    seat = note.get("seat")
    ja = lang == "ja"
    you = seat is not None and seat == viewer and viewer != SPECTATOR and not ja
    name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    who = "You" if you else name
    words = {"who": who, "their": "your" if you else "their", "whose": "your" if you else f"{name}'s",
             "whose_cap": "Your" if you else f"{name}'s", "they": "you" if you else "they",
             "bot": note.get("bot", ""), "hint": "; take it back at any time" if you else ""}
    why = _WHY.get(note.get("reason", ""), ("", ""))[1 if ja else 0].format(**words)
    text = _LINES.get(note["type"], ("{who}", "{who}"))[1 if ja else 0]
    if not why:                      # read back from the log, which keeps no reason
        text = text.replace(" ({why})", "").replace("（{why}）", "")
    line = text.format(why=why, **words)
    return line[:1].upper() + line[1:]
