"""What each viewer of a game has observed so far: the perfect-recall part of an information state.

OpenSpiel's information state is everything a player knows, its whole history of observations,
not only what it sees now. After every decision each viewer takes in what it was shown: the
option it chose itself, or that a seat decided (whose decision it is is public), and the log
entries it may read (rolls, draws into its hand, results: the log is how the engine tells a seat
what happened). :class:`Recall` keeps, per viewer,

- a chain digest (BLAKE2, 16 bytes) of that sequence: equal digests mean equal histories, and a
  digest costs the same at decision 5 and at decision 5,000 (a string holding the whole history
  would grow with the game, and search builds one at every node);
- a bag of hashed history tokens (a Python int used as a bit set) for the information-state
  tensor: order is lost, but the tensor stays a fixed size.

Viewers: ``seat<p>`` (a player: the public, plus its own private entries and choices),
``public`` (what every seat and a spectator see), ``private<p>`` (only what ``p`` sees beyond the
public) and ``all`` (every entry and every choice, for a perfect-information observer).
"""

from __future__ import annotations

import hashlib
import json
import zlib
from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from tactica.core.log import LogEntry

DIGEST_BYTES = 16


def viewers(num_seats: int) -> list[str]:
    return ([f"seat{p}" for p in range(num_seats)] + ["public", "all"]
            + [f"private{p}" for p in range(num_seats)])


@cache
def _parse(viewer: str) -> tuple[str, int | None]:
    """'seat1' -> ('seat', 1); 'public' -> ('public', None)."""
    for kind in ("seat", "private"):
        if viewer.startswith(kind):
            return kind, int(viewer[len(kind):])
    return viewer, None


def _entry_token(e: LogEntry) -> str:
    rule, template, params, _ = e
    return "log:" + json.dumps([rule, template, params], sort_keys=True, separators=(",", ":"), default=str)


class Recall:
    """Per-viewer chain digests and token bags; plain values, so copying one is cheap."""

    __slots__ = ("bags", "chains", "dim")

    def __init__(self, num_seats: int, dim: int) -> None:
        self.dim = dim
        self.chains = dict.fromkeys(viewers(num_seats), b"")
        self.bags = dict.fromkeys(viewers(num_seats), 0)

    def copy(self) -> Recall:
        r = Recall.__new__(Recall)
        r.dim, r.chains, r.bags = self.dim, dict(self.chains), dict(self.bags)
        return r

    def __getstate__(self) -> tuple[int, dict[str, bytes], dict[str, int]]:
        return self.dim, self.chains, self.bags

    def __setstate__(self, st: tuple[int, dict[str, bytes], dict[str, int]]) -> None:
        self.dim, self.chains, self.bags = st

    def observe(self, actor: int | None, option_id: str | None, entries: Sequence[LogEntry]) -> None:
        """Fold one step into every viewer: ``actor`` chose ``option_id`` (None: the setup) and
        ``entries`` were logged."""
        toks = [(_entry_token(e), e[3]) for e in entries]
        for v in self.chains:
            kind, seat = _parse(v)
            seq: list[str] = []
            if actor is not None:
                if kind == "all":
                    seq.append(f"seat{actor}:{option_id}")
                elif seat == actor:
                    seq.append(f"me:{option_id}")
                elif kind != "private":
                    seq.append(f"seat{actor}")
            for t, to in toks:
                if kind == "all" or (to is None and kind != "private") or (
                        to is not None and seat is not None and seat in to):
                    seq.append(t)
            if not seq:
                continue
            h = hashlib.blake2b(self.chains[v], digest_size=DIGEST_BYTES)
            bag = self.bags[v]
            for t in seq:
                b = t.encode()
                h.update(len(b).to_bytes(4, "little"))
                h.update(b)
                bag |= 1 << (zlib.crc32(b) % self.dim)
            self.chains[v] = h.digest()
            self.bags[v] = bag

    def digest(self, viewer: str) -> str:
        return self.chains[viewer].hex()

    def bag_positions(self, viewer: str) -> npt.NDArray[np.intp]:
        raw = self.bags[viewer].to_bytes((self.dim + 7) // 8, "little")
        return np.flatnonzero(np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little"))
