"""The invariant checks gloam's conformance tests and its soak run share (no I/O):
``core`` (game-agnostic, over the protocol), ``nightfall`` and ``nightmarium`` (each
game's card, position and hidden-information helpers) and ``soak`` (N random games of
each game with every invariant checked: benchmarks/soak.py). A check raises
``AssertionError`` naming what broke."""
