"""Fixed-size encodings of our per-state option lists and per-seat views, for OpenSpiel and
PettingZoo. Built only here: the game loop never makes a tensor (DESIGN §5).

Actions. Our games offer, at each decision, a list of options with stable string ids ("move:a3:H7",
"card:probe_centre", "pass"). Agent frameworks want a fixed number of distinct actions, the same
integer meaning the same choice from state to state and from version to version. In order of
preference (:func:`codec_for`): a module's own codec (an ``action_codec`` on its Rules), its
stable action table (:mod:`tactica.interop.actions`: ``Rules.action_ids()`` or the table shipped
in ``interop/action_tables``), or, for a module with neither, option ids hashed into 2**bits
actions (:class:`HashedActionCodec`, collisions in one decision probed apart).

Observations. :func:`seat_view` is what a seat may know now (the module's view, whose decision it
is, and its own options when it decides), :func:`view_string` its canonical JSON (OpenSpiel's
observation string), and :class:`ViewEncoder` turns it into a 0/1 float vector by feature hashing: every leaf
of the view becomes a token "path=value" (lists of objects with an ``id`` are keyed by it, lists of
plain values become counted tokens), and each token sets one of ``dim`` positions. It works for
every module without per-module code, is stable across runs (crc32, not Python's salted hash) and
never sees more than the seat's view, so hidden information cannot leak into it.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from tactica.core.game import Game
from tactica.core.options import Option

DEFAULT_ACTION_BITS = 14
DEFAULT_OBS_DIM = 4096


class ActionCodec(Protocol):
    num_actions: int

    def encode(self, options: Sequence[Option]) -> list[int]:
        """Distinct action numbers in [0, num_actions), one per option, in option order."""
        ...


class HashedActionCodec:
    """Option ids hashed into 2**bits actions, collisions in one decision resolved by probing."""

    def __init__(self, bits: int = DEFAULT_ACTION_BITS) -> None:
        if not 4 <= bits <= 24:
            raise ValueError(f"action bits must be in 4..24, not {bits}")
        self.bits = bits
        self.num_actions = 1 << bits
        self._mask = self.num_actions - 1

    def base(self, option_id: str) -> int:
        return zlib.crc32(option_id.encode()) & self._mask

    def encode(self, options: Sequence[Option]) -> list[int]:
        if len(options) > self.num_actions:
            raise ValueError(f"{len(options)} options do not fit in {self.num_actions} actions")
        taken: dict[int, str] = {}
        by_id: dict[str, int] = {}
        for oid in sorted(o.id for o in options):
            a = self.base(oid)
            while a in taken:
                a = (a + 1) & self._mask
            taken[a] = oid
            by_id[oid] = a
        return [by_id[o.id] for o in options]


_TABLE_CODECS: dict[int, Any] = {}


def codec_for(game: Game | Any, bits: int = DEFAULT_ACTION_BITS) -> ActionCodec:
    """The module's action numbering: its own codec (an ``action_codec`` on its Rules), else its
    stable action table (:mod:`tactica.interop.actions`), else option ids hashed into 2**bits."""
    from tactica.interop.actions import TableActionCodec, table_for

    rules = game.rules if isinstance(game, Game) else game
    codec: ActionCodec | None = getattr(rules, "action_codec", None)
    if codec is not None:
        return codec
    table = table_for(rules)
    if table is None:
        return HashedActionCodec(bits)
    key = id(table)  # one codec per table (building its lookup takes milliseconds)
    hit = _TABLE_CODECS.get(key)
    if hit is None or hit.ids is not table:
        hit = _TABLE_CODECS[key] = TableActionCodec(table)
    tc: ActionCodec = hit
    return tc


class DecisionActions:
    """The current decision's options under a codec: action -> option id and back.

    Options of kind "back" (choose another target, another column) are left out while anything
    else is offered: they take back a choice not yet committed, a convenience for a person at
    the table, and an agent that may take them can go round in circles for ever (OpenSpiel's
    MCTS did: target, back, target...). Where "back" is all there is, it stays."""

    __slots__ = ("actions", "by_action")

    def __init__(self, game: Game, codec: ActionCodec) -> None:
        every = game.legal_options()
        opts = [o for o in every if o.kind != "back"] or every
        self.actions = codec.encode(opts)
        self.by_action = {a: o.id for a, o in zip(self.actions, opts, strict=True)}

    def legal(self) -> list[int]:
        return sorted(self.actions)

    def mask(self, size: int) -> npt.NDArray[np.int8]:
        m = np.zeros(size, dtype=np.int8)
        m[self.actions] = 1
        return m


# ---------------------------------------------------------------------------------------- views
def seat_view(game: Game, seat: int | None, everything: bool = False) -> dict[str, Any]:
    """What ``seat`` may know now (None: the public, what a spectator sees; ``everything``: the
    whole state as the end of the game shows it): the module's view, who decides and, for the
    seat that decides (every seat with ``everything``), at which step and between which option
    ids. The option ids belong here: the deciding seat sees them, and they make equal views mean
    equal legal actions."""
    d = game.decision()
    decision: dict[str, Any] | None = None
    if d is not None:
        decision = {"seat": d.seat}
        if d.seat == seat or everything:
            decision.update(step=d.step, window=d.window, options=[o.id for o in d.options])
    board = game.rules.view(game, seat, everything or game.is_terminal())
    return {"seat": seat, "board": board, "decision": decision, "result": game.state["result"]}


def private_part(mine: Any, public: Any) -> Any:
    """What ``mine`` (a seat's view) holds beyond ``public`` (the spectator's view): the dict
    entries that differ, recursively; None when nothing does."""
    if isinstance(mine, dict) and isinstance(public, dict):
        out = {}
        for k, v in mine.items():
            d = private_part(v, public.get(k))
            if d is not None:
                out[k] = d
        return out or None
    return None if mine == public else mine


def view_string(game: Game, seat: int | None) -> str:
    return canonical(seat_view(game, seat))


def canonical(value: Any) -> str:
    """Canonical JSON: the same value always gives the same string."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def view_tokens(value: Any, path: str = "") -> Iterator[str]:
    """The leaves of a view as "path=value" tokens (see the module docstring)."""
    if isinstance(value, dict):
        for k in sorted(value):
            yield from view_tokens(value[k], f"{path}.{k}" if path else str(k))
    elif isinstance(value, list):
        yield f"{path}#len={len(value)}"
        if value and all(isinstance(x, dict) and "id" in x for x in value):
            for x in value:
                yield from view_tokens({k: v for k, v in x.items() if k != "id"}, f"{path}[{x['id']}]")
        elif all(not isinstance(x, (dict, list)) for x in value):
            seen: dict[str, int] = {}
            for x in value:
                s = str(x)
                seen[s] = seen.get(s, 0) + 1
                yield f"{path}={s}#{seen[s]}"
            for i, x in enumerate(value):
                yield f"{path}[{i}]={x}"
        else:
            for i, x in enumerate(value):
                yield from view_tokens(x, f"{path}[{i}]")
    else:
        yield f"{path}={value}"


class ViewEncoder:
    """A seat's view as a 0/1 float32 vector of ``dim`` positions (feature hashing)."""

    def __init__(self, dim: int = DEFAULT_OBS_DIM) -> None:
        if dim < 16:
            raise ValueError(f"observation size must be at least 16, not {dim}")
        self.dim = dim

    def positions(self, view: dict[str, Any]) -> list[int]:
        return sorted({zlib.crc32(t.encode()) % self.dim for t in view_tokens(view)})

    def encode(self, view: dict[str, Any],
               out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        vec = np.zeros(self.dim, dtype=np.float32) if out is None else out
        if out is not None:
            vec.fill(0.0)
        vec[self.positions(view)] = 1.0
        return vec
