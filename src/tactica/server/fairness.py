"""Provably fair seeds: 128 bits of system entropy per game, committed to at the start and
revealed at the end (docs/web.md "Fair seeds").

At creation the server draws the seed and a salt and shows every seat ``commitment`` =
SHA-256 of ``tactica-seed/1``, the seed in decimal and the salt. Nothing else about the seed
leaves the server until the game is over; then seed and salt are revealed, and anyone can hash
them again, compare with the commitment they saw at the start, and replay the record with that
seed. The salt keeps a chosen (short) seed from being found by hashing candidates.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

SEED_BITS = 128


def new_seed() -> int:
    """``SEED_BITS`` random bits with one bit set above them: always a 129-bit number, so the
    chance stream always takes its keyed (full-entropy) form, never the 64-bit legacy one."""
    return (1 << SEED_BITS) | secrets.randbits(SEED_BITS)


def new_salt() -> str:
    return secrets.token_hex(32)


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"tactica-seed/1\n{seed}\n{salt}".encode()).hexdigest()


@dataclass(frozen=True)
class Fairness:
    seed: int
    salt: str | None
    """None for games stored before commitments existed."""
    commitment: str | None
    chosen: bool | None
    """True when the creator chose the seed; None when not known (games stored before)."""

    @classmethod
    def fresh(cls, chosen_seed: int | None) -> Fairness:
        seed = new_seed() if chosen_seed is None else chosen_seed
        salt = new_salt()
        return cls(seed, salt, commitment(seed, salt), chosen_seed is not None)

    def verified(self) -> bool:
        return self.salt is not None and self.commitment == commitment(self.seed, self.salt)

    def public(self, over: bool) -> dict[str, Any]:
        """What a seat (or anyone) may see: the commitment always, seed and salt once over.
        The seed travels as a decimal string: JavaScript numbers would round it."""
        out: dict[str, Any] = {"commitment": self.commitment, "seed_chosen": self.chosen,
                               "seed": None, "salt": None, "verified": None}
        if over:
            out.update(seed=str(self.seed), salt=self.salt,
                       verified=self.verified() if self.commitment else None)
        return out
