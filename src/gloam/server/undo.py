"""The undo rule: whether a seat may take back its latest action, decided from facts the
server recorded when each action was committed, never from the client.

BGA's undo rules, checked mechanically (web-design §5.8): an undo is allowed only

1. at a table whose ``undo`` option is on (casual tables);
2. while the decision is still the undoer's (undo never changes who is active, BGA rule 1);
3. for the undoer's own latest effective act, played by the person (not a bot playing the
   seat after a takeover);
4. if that act moved no random generator (no shuffle, no random draw, BGA rule 4): gloam's
   :class:`~gloam.core.rng.Rng` is one integer, so comparing it before and after is exact;
5. if no event of that act was private (``to``/``secret``, :mod:`gloam.core.events`: a draw,
   a look) or revealing (a type in the game's ``REVEALS``, ``GameState.reveals``): nothing
   hidden was shown to anyone (BGA rule 3).

One undo takes back exactly one act, the latest; the room logs it as
``kind="undo", target_seq=<that act's seq>``. Undoing again walks further back, each step
checked the same way against the acts left. So an undo never crosses another player's
action (BGA rule 2): when the latest act left is someone else's, rule 3 refuses. This
module does no I/O and imports no web framework: the room computes :func:`step_facts`
when it commits an act, keeps them per seq, and asks :func:`undo_refusal` about the
effective acts (:func:`effective`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

HUMAN = "human"

OFF = "undo is off at this table"
OVER = "the game is over"
NOT_YOURS = "it is not your decision"
NOTHING = "nothing to undo"
CROSSES = "your last action was followed by another player's"
BOT = "a bot played that action"
RANDOM = "that action drew or shuffled cards (random)"
PRIVATE = "that action showed you a hidden card"
REVEALED = "that action revealed a hidden card"


@dataclass(frozen=True)
class StepFacts:
    """What the server recorded about one committed act (web-design §5.2 step 3)."""

    seq: int            # the act's log seq
    seat: int           # the seat that acted
    by: str             # "human" or "bot:<name>"
    rng_before: int     # the state's generator before the act (``state.rng.state``)
    rng_after: int      # … and after it
    private: bool       # an event of the act carries "to"/"secret"
    revealing: bool     # an event of the act showed a hidden card (``GameState.reveals``)
    events: int = 0     # how many events the act added (for the record; the rule reads none)


def step_facts(before: Any, after: Any, seq: int, seat: int, by: str) -> StepFacts:
    """The facts of the act that took ``before`` to ``after`` (``after`` is the state the
    act produced; ``before`` is left as it was, e.g. the room's state and its clone)."""
    new = after.events[before.event_count():]
    return StepFacts(seq=seq, seat=seat, by=by, rng_before=before.rng.state, rng_after=after.rng.state,
                     private=any("to" in e or "secret" in e for e in new),
                     revealing=any(after.reveals(e) for e in new), events=len(new))


def undo_refusal(facts: Sequence[StepFacts], seat: int, deciding: int | None, enabled: bool) -> str | None:
    """``None`` if ``seat`` may take back its latest act now, else the reason, one line a
    player understands. ``facts``: the facts of the effective acts so far, in order (earlier
    undos folded out, :func:`effective`); ``deciding``: the seat whose decision is open
    (``None`` when the game is over); ``enabled``: the table's ``undo`` option.

    >>> act = StepFacts(seq=4, seat=0, by="human", rng_before=9, rng_after=9, private=False, revealing=False)
    >>> undo_refusal([act], seat=0, deciding=0, enabled=True) is None
    True
    >>> undo_refusal([act], seat=0, deciding=1, enabled=True)
    'it is not your decision'
    """
    if not enabled:
        return OFF
    if deciding is None or deciding < 0:
        return OVER
    if deciding != seat:
        return NOT_YOURS
    if not any(f.seat == seat for f in facts):
        return NOTHING
    last = facts[-1]
    if last.seat != seat:
        return CROSSES
    if last.by != HUMAN:
        return BOT
    if last.rng_before != last.rng_after:
        return RANDOM
    if last.private:
        return PRIVATE
    if last.revealing:
        return REVEALED
    return None


class Entry(Protocol):
    """A log entry as :func:`effective` reads it (``store.repo.LogRow`` is one)."""

    seq: int
    kind: str
    seat: int | None
    action: int | None
    by: str
    target_seq: int | None


def effective(entries: Iterable[Entry]) -> list[Entry]:
    """The effective acts of a log, in order (web-design §5.5): an ``act`` appends; an
    ``undo`` with ``target_seq=k`` removes every effective act with ``seq >= k``; other
    kinds (takeover, reclaim, timeout, resign…) are no acts. An undo without a target is a
    :class:`ValueError`.

    >>> from types import SimpleNamespace as E
    >>> log = [E(seq=1, kind="act", seat=0, action=5, by="human", target_seq=None),
    ...        E(seq=2, kind="act", seat=0, action=7, by="human", target_seq=None),
    ...        E(seq=3, kind="undo", seat=0, action=None, by="human", target_seq=2),
    ...        E(seq=4, kind="takeover", seat=1, action=None, by="server", target_seq=None),
    ...        E(seq=5, kind="act", seat=0, action=8, by="human", target_seq=None)]
    >>> [(e.seq, e.action) for e in effective(log)]
    [(1, 5), (5, 8)]
    """
    acts: list[Entry] = []
    for entry in entries:
        if entry.kind == "act":
            acts.append(entry)
        elif entry.kind == "undo":
            if entry.target_seq is None:
                raise ValueError(f"undo entry {entry.seq} has no target_seq")
            while acts and acts[-1].seq >= entry.target_seq:
                acts.pop()
    return acts
