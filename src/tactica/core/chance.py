"""Seeded chance: every die, shuffle and draw in a game comes from here.

The generator's state is plain data kept inside the game state (``state["chance"]``), so a clone
copies it for free and a record (seed + decisions) replays byte for byte. Two generators, chosen
by the size of the seed (docs/architecture.md "Chance"):

- a seed in [-2**63, 2**63) (tests, the CLI, simulations, every record made before large seeds
  existed) drives SplitMix64 exactly as it always did: tiny and fast, but its 64-bit state can
  be searched and it is not a cryptographic RNG;
- a larger seed (the server's: 128 bits of system entropy) drives a keyed BLAKE2b counter
  stream: the 256-bit key is derived from the whole seed, so the stream carries every bit of
  the seed's entropy, and as a PRF its outputs (a seat's own hand, the dice it saw) tell nothing
  about the key or the draws still to come.

Tests force outcomes through the same object (``force``), so forced values flow through exactly
the code path a real roll takes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
LEGACY_SEEDS = range(-(1 << 63), 1 << 63)
"""Seeds that keep the SplitMix64 stream (and so every older record's exact replay)."""


class ChanceError(ValueError):
    """A forced outcome does not fit the roll it was used for."""


def derive_seed(seed: int, *names: str) -> int:
    """A 64-bit seed for a named sub-stream, stable across Python versions and platforms."""
    h = hashlib.blake2b(digest_size=8)
    h.update(str(int(seed)).encode())
    for n in names:
        h.update(b"\x00" + n.encode())
    return int.from_bytes(h.digest(), "big")


def derive_key(seed: int, *names: str) -> str:
    """A 256-bit key (hex) for a named keyed stream, from every bit of ``seed``."""
    h = hashlib.blake2b(digest_size=32, person=b"tactica-chance")
    h.update(str(int(seed)).encode())
    for n in names:
        h.update(b"\x00" + n.encode())
    return h.hexdigest()


def check_seed(seed: object) -> int:
    """The seed itself if it is an integer; a bool, a float or anything else is refused."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ChanceError(f"a seed must be an integer, not {seed!r}")
    return seed


def new_chance_state(seed: int) -> dict[str, Any]:
    """The plain-data state of a fresh stream: ``s`` generator state (the SplitMix64 word, or
    the block counter of a keyed stream), ``k`` the key of a keyed stream (absent for a legacy
    seed), ``n`` draws so far, ``forced`` outcomes queued by tests (consumed first, in order)."""
    check_seed(seed)
    if seed in LEGACY_SEEDS:
        return {"s": derive_seed(seed, "chance"), "n": 0, "forced": []}
    return {"s": 0, "k": derive_key(seed, "chance"), "n": 0, "forced": []}


def state_bits(cs: dict[str, Any]) -> int:
    """How many bits of secret the stream's future depends on (64 for SplitMix64)."""
    return 256 if "k" in cs else 64


def _next64(cs: dict[str, Any]) -> int:
    key = cs.get("k")
    if key is not None:
        c: int = cs["s"]
        cs["s"] = c + 1
        cs["n"] += 1
        out = hashlib.blake2b(c.to_bytes(16, "little"), digest_size=8, key=bytes.fromhex(key)).digest()
        return int.from_bytes(out, "little")
    s: int = (cs["s"] + _GOLDEN) & _MASK
    cs["s"] = s
    cs["n"] += 1
    return _mix(s)


def _mix(s: int) -> int:
    """SplitMix64's output for the generator word ``s`` (already advanced)."""
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Chance:
    """Operations on one chance state dict. Holds no state of its own besides the reference."""

    __slots__ = ("cs",)

    def __init__(self, cs: dict[str, Any]) -> None:
        self.cs = cs

    # -- primitives ---------------------------------------------------------------------------
    def below(self, n: int) -> int:
        """Uniform integer in [0, n). Forced values are taken first and must lie in range."""
        if n <= 0:
            raise ChanceError(f"cannot draw below {n}")
        forced = self.cs["forced"]
        if forced:
            v = forced.pop(0)
            if not isinstance(v, int) or not 0 <= v < n:
                raise ChanceError(f"forced outcome {v!r} is not in [0, {n})")
            self.cs["n"] += 1
            return v
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            z = _next64(self.cs)
            if z < limit:
                return z % n

    def force(self, outcomes: Sequence[int]) -> None:
        """Queue raw outcomes (each the value ``below`` returns). Prefer the typed helpers."""
        self.cs["forced"].extend(int(v) for v in outcomes)

    @property
    def draws(self) -> int:
        """How many outcomes this stream has produced (used to detect reveals for undo)."""
        return int(self.cs["n"])

    # -- dice -----------------------------------------------------------------------------------
    def d6(self) -> int:
        return self.below(6) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(count)]

    def d10(self, zero_is: int = 10) -> int:
        """A d10 whose faces read 0–9; ``zero_is`` says what the 0 face counts as for this use
        (10 for most games' 'high' reading, 0 where a rule reads it as zero)."""
        v = self.below(10)
        return zero_is if v == 0 else v

    def symbol(self, faces: Sequence[str]) -> str:
        """A custom-symbol die (e.g. Commands & Colors battle dice): one of its faces."""
        return faces[self.below(len(faces))]

    def force_dice(self, values: Sequence[int], sides: int = 6) -> None:
        """Make the next die rolls come out as ``values`` (1..sides; for a d10 use 10 for the 0)."""
        for v in values:
            if not 1 <= v <= sides:
                raise ChanceError(f"a d{sides} cannot show {v}")
        self.force([v % sides if sides == 10 else v - 1 for v in values])

    def force_symbols(self, faces: Sequence[str], values: Sequence[str]) -> None:
        self.force([list(faces).index(v) for v in values])

    # -- collections ----------------------------------------------------------------------------
    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place, ``below(i + 1)`` for i from the last index down. On a
        SplitMix64 stream with nothing forced, the draws are made here with the generator word
        in a local (the same words, the same rejections, so the same order as through
        ``below``): a search re-deals some 150 cards at every determinization (speed)."""
        cs = self.cs
        if cs["forced"] or "k" in cs:
            for i in range(len(items) - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        s: int = cs["s"]
        drawn = 0
        for i in range(len(items) - 1, 0, -1):
            m = i + 1
            limit = (_MASK + 1) - ((_MASK + 1) % m)
            while True:
                s = (s + _GOLDEN) & _MASK
                drawn += 1
                z = _mix(s)
                if z < limit:
                    break
            j = z % m
            items[i], items[j] = items[j], items[i]
        cs["s"] = s
        cs["n"] += drawn

    def pick(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]

    def reseed(self, seed: int) -> None:
        """Replace the future (used when re-dealing hidden information for search): a search's
        own seed, so the fast SplitMix64 stream, whatever the game's seed was."""
        self.cs.pop("k", None)
        self.cs["s"] = derive_seed(seed, "resample")
        self.cs["forced"] = []
