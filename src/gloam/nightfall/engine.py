"""The frame loop: pending work as a stack of plain-dict frames (docs/nightfall-engine.md).

A frame is ``{"op": name, ...}``. :func:`run` calls the handler registered for the top
frame's op with ``(state, frame, choice)``; ``choice`` is the :class:`~gloam.core.protocol.Action`
just chosen (``Play(card=17)``, ``Block(slot=0, attack=1)``, ``Pass()``, from
:func:`gloam.nightfall.actions.action_space`) when the frame had asked a decision, else
``None``: handlers ``match`` on the action's type and never decode an index. A handler returns

* an :class:`Ask` — a decision is needed; the frame stays on the stack and is called
  again with the chosen action (its ``options`` are action *indices*, as saves store them);
* :data:`DONE` — remove this frame (children it pushed above itself run next);
* :data:`CONTINUE` — it pushed children; they run first, then this frame is called again.

Nothing waits on the Python call stack, so a state paused anywhere clones and saves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gloam.core.protocol import Action
from gloam.nightfall.actions import action_space

DONE = "done"
CONTINUE = "continue"

Handler = Callable[[Any, dict, "Action | None"], Any]
OPS: dict[str, Handler] = {}
_ACTIONS: tuple[Action, ...] = action_space().actions  # index -> action, decoded once per step


class Ask:
    """A decision a handler needs: who decides, its kind, the legal option indices and a
    prompt. ``options`` must not be empty."""

    __slots__ = ("player", "kind", "options", "prompt")

    def __init__(self, player: int, kind: str, options: list[int], prompt: str) -> None:
        self.player = player
        self.kind = kind
        self.options = options
        self.prompt = prompt

    def to_json(self) -> list[Any]:
        return [self.player, self.kind, list(self.options), self.prompt]

    @classmethod
    def from_json(cls, data: list[Any]) -> Ask:
        player, kind, options, prompt = data
        return cls(int(player), str(kind), [int(o) for o in options], str(prompt))


def op(name: str) -> Callable[[Handler], Handler]:
    """Register a frame handler under ``name`` (each name exactly once)."""

    def register(handler: Handler) -> Handler:
        if name in OPS:
            raise RuntimeError(f"frame op {name!r} registered twice")
        OPS[name] = handler
        return handler

    return register


def remove_frame(stack: list[dict], frame: dict) -> None:
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] is frame:
            del stack[i]
            return
    raise RuntimeError(f"frame {frame.get('op')!r} is not on the stack")


def descend(state: Any, frame: dict) -> Any:
    """Push ``frame`` and call its handler now, as :func:`run` would call the new top frame
    next; a handler that pushed one child and would return CONTINUE returns this instead
    (one pass of the loop saved, the same order of work). Returns the child's :class:`Ask`,
    or CONTINUE (a child that finished at once is removed first, as :func:`run` does)."""
    stack = state.stack
    stack.append(frame)
    if state.over:
        return CONTINUE
    outcome = OPS[frame["op"]](state, frame, None)
    if outcome is DONE:
        if stack[-1] is frame:
            stack.pop()
        else:
            remove_frame(stack, frame)
        return CONTINUE
    return outcome


def run(state: Any, index: int | None = None) -> None:
    """Advance ``state`` until a decision is needed or the game is over; ``index`` is the
    option just chosen for the pending :class:`Ask` (its handler receives it decoded)."""
    choice = None if index is None else _ACTIONS[index]
    stack = state.stack
    while stack and not state.over:
        frame = stack[-1]
        outcome = OPS[frame["op"]](state, frame, choice)
        choice = None
        if outcome is DONE:
            if stack[-1] is frame:  # nothing pushed above it: the usual case
                stack.pop()
            else:
                remove_frame(stack, frame)
        elif outcome is CONTINUE:
            continue
        else:
            state.ask = outcome
            return
    state.ask = None


def deep_copy(value: Any) -> Any:
    """A copy of plain data (dicts, lists, scalars), faster than :func:`copy.deepcopy`."""
    if isinstance(value, dict):
        return {k: deep_copy(v) if isinstance(v, (dict, list)) else v for k, v in value.items()}
    if isinstance(value, list):
        return [deep_copy(v) if isinstance(v, (dict, list)) else v for v in value]
    return value
