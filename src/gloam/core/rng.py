"""The one seeded random generator a game state holds.

SplitMix64: its whole state is a single 64-bit integer, so a state's JSON round trip
is exact and ``clone()`` copies one int. Python's ``random.Random`` would need a
625-word state in every save file.

>>> r = Rng(42)
>>> [r.below(6) for _ in range(5)]
[4, 0, 1, 2, 0]
>>> Rng.from_json(r.to_json()).below(1000) == r.below(1000)
True
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """Deterministic SplitMix64 generator (Steele, Lea & Flood, 2014)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's multiply-shift; bias < n / 2**64)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        return (self.next_u64() * n) >> 64

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates shuffle in place (``below(i + 1)`` for each i from the top down,
        with the generator's steps inlined: searches shuffle on every sample)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self, *salt: int) -> Rng:
        """An independent generator derived from this one's state and ``salt`` (no draw)."""
        mixed = Rng(self.state)
        for s in salt:
            mixed.state = (mixed.next_u64() ^ (s & _MASK)) & _MASK
        return Rng(mixed.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, data: int) -> Rng:
        if not isinstance(data, int) or isinstance(data, bool) or not 0 <= data <= _MASK:
            raise ValueError("rng state must be an integer in [0, 2**64)")
        return cls(data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"


def derive_seed(*parts: int) -> int:
    """A 64-bit seed mixed from integers, e.g. ``derive_seed(master_seed, game_index)``.

    >>> derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(2, 1)
    True
    """
    r = Rng(0x5EED)
    for p in parts:
        r.state = (r.next_u64() ^ (p & _MASK)) & _MASK
    return r.next_u64()
