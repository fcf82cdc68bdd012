"""The undo rule (web-design §5.8, after Board Game Arena's): checked from recorded facts.

(The lead's first cut; the undo helper's module replaces it.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence


@dataclass(frozen=True)
class StepFacts:
    seq: int
    seat: int
    by: str
    rng_before: int
    rng_after: int
    private: bool
    revealing: bool


def step_facts(before: Any, after: Any, seq: int, seat: int, by: str) -> StepFacts:
    events = after.events[before.event_count():]
    reveals = getattr(after, "REVEALS", frozenset())
    return StepFacts(seq, seat, by, before.rng.state, after.rng.state,
                     any("to" in e or "secret" in e for e in events),
                     any(e.get("type") in reveals for e in events))


def undo_refusal(facts: Sequence[StepFacts], seat: int, deciding: int | None, enabled: bool) -> str | None:
    if not enabled:
        return "undo is off at this table"
    if deciding != seat:
        return "it is not your decision"
    if not facts:
        return "nothing to undo"
    last = facts[-1]
    if last.seat != seat:
        return "your last action was followed by another player's"
    if last.by != "human":
        return "a bot played that action"
    if last.rng_before != last.rng_after:
        return "that action drew or shuffled cards (random)"
    if last.private or last.revealing:
        return "that action showed you a hidden card"
    return None
