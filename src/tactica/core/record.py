"""Game records: (module, version, scenario, options, seed, decisions) rebuild a game exactly.

Each decision carries a link of a hash chain (``hashes[i]`` covers the header and decisions
0..i), so a record can be checked for tampering or truncation and two records compared by their
last link. Replaying reproduces the log byte for byte; ``log_digest`` lets a reader check that.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tactica.core.game import Game
    from tactica.core.rules import Rules

FORMAT = "tactica-record/1"


class RecordError(ValueError):
    """A record that is malformed, tampered with, or does not fit its rules module."""


def chain_hash(prev: str, seat: int, option_id: str) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{prev}\n{seat}\n{option_id}".encode())
    return h.hexdigest()


@dataclass
class Record:
    game: str
    version: str
    scenario: str
    options: dict[str, Any]
    seed: int
    decisions: list[tuple[int, str]] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)

    def header_hash(self) -> str:
        head = json.dumps([FORMAT, self.game, self.version, self.scenario, self.options, self.seed],
                          sort_keys=True, separators=(",", ":"))
        return hashlib.blake2b(head.encode(), digest_size=16).hexdigest()

    def append(self, seat: int, option_id: str) -> None:
        prev = self.hashes[-1] if self.hashes else self.header_hash()
        self.decisions.append((seat, option_id))
        self.hashes.append(chain_hash(prev, seat, option_id))

    def pop(self) -> None:
        self.decisions.pop()
        self.hashes.pop()

    @property
    def head(self) -> str:
        return self.hashes[-1] if self.hashes else self.header_hash()

    def to_dict(self, log_digest: str | None = None) -> dict[str, Any]:
        d: dict[str, Any] = {
            "format": FORMAT, "game": self.game, "version": self.version, "scenario": self.scenario,
            "options": self.options, "seed": self.seed,
            "decisions": [[s, o] for s, o in self.decisions], "hashes": list(self.hashes),
        }
        if log_digest is not None:
            d["log_digest"] = log_digest
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Record:
        if not isinstance(d, Mapping):
            raise RecordError("a record must be a JSON object")
        if d.get("format") != FORMAT:
            raise RecordError(f"unknown record format {d.get('format')!r} (want {FORMAT})")
        try:
            rec = cls(game=str(d["game"]), version=str(d["version"]), scenario=str(d["scenario"]),
                      options=dict(d.get("options") or {}), seed=d["seed"])
            decisions = [(int(s), str(o)) for s, o in d.get("decisions", [])]
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"malformed record: {e!r}") from None
        if not isinstance(rec.seed, int) or isinstance(rec.seed, bool):
            raise RecordError(f"record seed must be an integer, not {rec.seed!r}")
        hashes = d.get("hashes")
        for i, (s, o) in enumerate(decisions):
            rec.append(s, o)
            if hashes is not None and (i >= len(hashes) or hashes[i] != rec.hashes[i]):
                raise RecordError(f"hash chain broken at decision {i} ({s}, {o!r})")
        if hashes is not None and len(hashes) != len(decisions):
            raise RecordError("the record has more hashes than decisions")
        return rec


def log_digest(game: Game) -> str:
    """A digest of the whole rendered log, for byte-for-byte replay checks."""
    h = hashlib.sha256()
    for line in game.log_lines():
        h.update(line.encode() + b"\n")
    return h.hexdigest()


def replay_record(rules: Rules, rec: Record, upto: int | None = None) -> Game:
    """Rebuild the game of ``rec`` up to decision ``upto`` (all by default)."""
    from tactica.core.game import Game
    from tactica.core.options import IllegalOption

    if rec.game != rules.id:
        raise RecordError(f"record is for {rec.game!r}, not {rules.id!r}")
    if rec.version != rules.version:
        raise RecordError(f"record was made with {rules.id} rules version {rec.version}, "
                          f"this is version {rules.version}")
    g = Game.new(rules, rec.scenario, rec.seed, rec.options)
    n = len(rec.decisions) if upto is None else upto
    if not 0 <= n <= len(rec.decisions):
        raise RecordError(f"step {upto} is outside 0..{len(rec.decisions)}")
    for i, (seat, oid) in enumerate(rec.decisions[:n]):
        try:
            if oid.startswith("!"):
                g.set_preference(seat, oid)
            else:
                g.apply(oid, seat=seat)
        except IllegalOption as e:
            raise RecordError(f"decision {i} ({seat}, {oid!r}) does not replay: {e}") from None
    return g


@dataclass
class Reopened:
    """What :func:`reopen` could rebuild of a record."""

    game: Game
    """The game after the decisions that replay (its record is under the current version)."""
    applied: int
    """How many of the record's decisions replay under the current rules."""
    problem: str | None
    """None when every decision replays; else why decision ``applied`` does not."""


def rebased(rec: Record, version: str) -> Record:
    """The same game under another rules version: same header and decisions, the hash chain
    that version's header starts."""
    out = Record(rec.game, version, rec.scenario, dict(rec.options), rec.seed)
    for seat, oid in rec.decisions:
        out.append(seat, oid)
    return out


def reopen(rules: Rules, rec: Record) -> Reopened:
    """Replay ``rec`` under ``rules`` whatever rules version made it: as far as its decisions
    still apply. Raises RecordError only when not even the start can be rebuilt (the scenario or
    an option is gone). The caller decides what a partial replay means (the server serves it
    read-only)."""
    from tactica.core.game import Game
    from tactica.core.options import IllegalOption
    from tactica.core.rules import RulesError

    if rec.game != rules.id:
        raise RecordError(f"record is for {rec.game!r}, not {rules.id!r}")
    try:
        g = Game.new(rules, rec.scenario, rec.seed, rec.options)
    except RulesError as e:
        raise RecordError(f"{rules.id} rules version {rules.version} cannot set up this game "
                          f"(made with version {rec.version}): {e}") from None
    # under its own version a record that stops replaying is a bug to surface; under another,
    # anything the changed rules raise only means "these rules no longer apply here"
    tolerated: tuple[type[Exception], ...] = (
        (IllegalOption, RulesError) if rec.version == rules.version else (Exception,))
    for i, (seat, oid) in enumerate(rec.decisions):
        try:
            if oid.startswith("!"):
                g.set_preference(seat, oid)
            else:
                g.apply(oid, seat=seat)
        except tolerated as e:
            # a failed step may have left the state half changed: rebuild up to the last good one
            prefix = Record(rec.game, rules.version, rec.scenario, dict(rec.options), rec.seed)
            for s, o in rec.decisions[:i]:
                prefix.append(s, o)
            return Reopened(replay_record(rules, prefix), i,
                            f"decision {i + 1} ({oid!r} by seat {seat}) does not apply: {e}")
    return Reopened(g, len(rec.decisions), None)
