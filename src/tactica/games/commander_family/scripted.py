"""The Commander family's scripted policy, and the search hooks (``evaluate``, ``turn_key``,
``branch_point``, ``candidates``): shared by Combat Commander and Great War Commander, each of
which subclasses :class:`CommanderPolicy` in its own scripted.py for what is its own.

The policy reads only the seat's board view (units, weapons, markers, objectives, VP, its own
hand) and the decision's prompt and options: the family's stat, LOS and fire-strength functions
run on a thin stand-in game whose state *is* that view, so they cannot see what the seat cannot
(the other hand, the deck orders). Each choice has a one-line reason (:meth:`CommanderPolicy.explain`).

- Orders by value: Fire when a shot has good odds (P(break) from the attack total against the
  defender's Morale + Cover, each side adding 2d6), Move toward objectives the seat does not
  hold (and into Cover), Advance into Melee only when the FP favours us or onto an objective,
  Recover by the chance each broken unit rallies (a Leader first), Rout when enemy broken units
  are on the map, Artillery when a spotter sees enemies. No order is worth it: pass and discard
  the dead cards (Command Confusion, orders with nothing to do), keeping Fire cards for Op Fire
  and Move/Recover cards.
- Fire: the target with the best expected breaks; every piece that can join, joins.
- Op Fire at a moving stack when the odds are good (moving units break on a tie), spending a
  Fire card only for a better shot than a free one.
- Actions: +FP actions on our own attack rolls, Concealment on our defence, Light Wounds,
  Ambush and No Quarter when offered; any other window is passed; the Initiative re-roll only
  for a Fire Defense or Rally roll that is clearly bad for us (the roll's card is public).

``evaluate`` is read by search on its own determinized clones only (see tactica.ai.hooks).
"""

from __future__ import annotations

import math
import random
import re
import weakref
from collections.abc import Callable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from tactica.core.game import Game
from tactica.core.hexgrid import distance
from tactica.core.options import Option

from . import fire as F
from .access import rules_of
from .actions import window_used
from .actions_move import assault_pieces
from .activation import may_activate, radius_units
from .advance import destinations
from .board_state import (
    FIGURE_LIMIT,
    board_of,
    label_index,
    label_map,
    overlay,
    reading,
    sight_mask,
    table_of,
    units_in,
)
from .event_steps import HELPS, HURTS
from .events_units import special_counter
from .melee import melee_fp
from .state import opponent
from .stats import best_cover, morale, stat_value, unit_kind

if TYPE_CHECKING:
    from tactica.core.board import Board

# ---------------------------------------------------------------- dice


@cache
def _diff_tail() -> tuple[float, ...]:
    """tail[k + 24] = P(2d6 - 2d6 > k) for k in -24..24."""
    two = [0.0] * 13
    for a in range(1, 7):
        for b in range(1, 7):
            two[a + b] += 1 / 36
    diff: dict[int, float] = {}
    for x in range(2, 13):
        for y in range(2, 13):
            diff[x - y] = diff.get(x - y, 0.0) + two[x] * two[y]
    return tuple(sum(p for d, p in diff.items() if d > k) for k in range(-24, 25))


def p_break(fp: int, defence: int, tie_breaks: bool = False) -> float:
    """P(FP + 2d6 > Morale + Cover + 2d6) (>= when a tie breaks, e.g. a moving unit)."""
    k = defence - fp - (1 if tie_breaks else 0)
    return _diff_tail()[max(-24, min(24, k)) + 24]


@cache
def p_below(m: int) -> float:
    """P(2d6 < m): a Rally Roll below the Morale rallies the unit (O22.3)."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b < m) / 36


def _p_with_leaders(m: int, gains: list[tuple[float, int]], cumulative: bool) -> float:
    """P(2d6 < Morale) for a broken unit whose hex holds broken Leaders that roll first: each
    (chance it rallies, Command it then gains) adds its gain to the Morale when it rallies, all
    of them (cumulative Command, CC 3.3.1.2) or the best one only (GWC 3.3.1.5)."""
    p = 0.0
    for k in range(1 << len(gains)):
        w, up = 1.0, [0]
        for i, (pl, gain) in enumerate(gains):
            if k >> i & 1:
                w *= pl
                up.append(gain)
            else:
                w *= 1 - pl
        p += w * p_below(m + (sum(up) if cumulative else max(up)))
    return p


# ---------------------------------------------------------------- the view as a game


class _ViewGame:
    """Stands in for a Game whose state is the seat's board view: the module's public
    functions (stats, LOS, fire strength) read units, weapons and markers from it only.

    The view shares the state's unit, Weapon and Objective dicts (``view(..., shared=True)``)
    rather than copying them: they are public, and the policy only reads them, within the one
    decision its context lives for (speed: the copies were most of a view's cost, at every
    decision of every playout). What the seat may not see (the other hand, the deck orders)
    is left out exactly as in ``game.view(seat)``."""

    __slots__ = ("rules", "state")

    def __init__(self, game: Game, seat: int) -> None:
        rules: Any = game.rules
        self.rules = rules
        self.state = rules.view(game, seat, game.is_terminal(), shared=True)


FIRE_ODDS = 0.3
"""Expected breaks a Fire Order needs to be worth giving."""
OP_FIRE_FREE = 0.25
OP_FIRE_CARD = 0.45
PASS_BELOW = 0.2
"""No order worth this: pass (or end the Turn) and discard."""
RALLIED = 1.0
"""What a rallied unit is worth to a Recover Order (O22.3), in a Fire Order's expected breaks:
a rally undoes a break."""
LEADER_WORTH = 1.3
"""A Leader counts this many units (as a Leader broken by our fire does, :meth:`_Ctx.defenders`)."""
SUPPRESSED_OFF = 0.1
"""What lifting one Suppressed marker is worth (O22.2)."""
EXPOSURE = 2.0
"""Hexes of progress toward the objectives one expected break is worth to a moving stack: a
hex the enemy's fire covers (Op Fire breaks a mover on a tie, O20.3.4) costs this much times
:meth:`_Ctx.danger`, so a move goes round through Cover or stops short of the open."""
ROLL_ACTIONS = frozenset({"Bore Sighting", "Crossfire", "Hand Grenades", "Marksmanship", "Sustained Fire",
                          "Spray Fire"})
ALWAYS_ACTIONS = frozenset({"Light Wounds", "Ambush", "No Quarter"})
_PROMPT_HEX = re.compile(r" from ([A-Za-z]+[0-9]+) \(")
_PROMPT_FIRE = re.compile(r"^Fire at ([A-Za-z]+[0-9]+)")
_PROMPT_OP = re.compile(r"^Op Fire at ([A-Za-z]+[0-9]+)")
_PROMPT_ASSAULT = re.compile(r"^Assault Fire at ([A-Za-z]+[0-9]+)")
_PROMPT_REROLL = re.compile(r"^Initiative: re-roll (\S+) \((.*)\)\?$")
_PROMPT_DISCARD = re.compile(r"^Discard a card \((\d+) of at most \d+\)")


_HANDLED = frozenset({"turn", "discard", "fire_order", "op_fire", "op_fire_activate", "move_order",
                      "advance_order", "rout_order", "retreat", "place", "overstack", "initiative",
                      "action_window", "trigger_sniper", "assault_fire", "event_ask",
                      "recover_order", "fire_attack", "artillery_impact"})
"""Steps with their own method ``_<step>``; any other decision takes the fallback."""


@lru_cache(maxsize=256)
def _goal_table(board: Board, targets: tuple[str, ...]) -> dict[str, int]:
    """label -> hexes from it to the nearest of ``targets`` on ``board``, filled in as asked
    (:meth:`_Ctx.goal_dist`): the targets seldom change from one decision to the next, so each
    distance is worked out once for all of them (speed)."""
    return {}


_UNSET: Any = object()

T = TypeVar("T")


class _once(Generic[T]):
    """``functools.cached_property`` without its lock (Python 3.11 takes one at every first
    read, a cost the policy pays several times a decision): the value goes into the instance's
    dict on the first read, which then finds it there."""

    def __init__(self, fn: Callable[[Any], T]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __get__(self, obj: Any, owner: Any = None) -> T:
        if obj is None:
            raise AttributeError(self.name)
        value = obj.__dict__[self.name] = self.fn(obj)
        return value

_LAST_CTX: list[Any] = [None]
"""(weak reference to the game, its state, decision, seat, _Ctx) of the last :meth:`_Ctx.at`.
The reference's callback empties it when that game is dropped: nothing of a game (its state,
the view sharing its units) outlives it here, between games or a search's clones."""


def _forget(ref: weakref.ref[Game]) -> None:
    """The game of the last context is gone: drop the context (unless a later one took over)."""
    last = _LAST_CTX[0]
    if last is not None and last[0] is ref:
        _LAST_CTX[0] = None


class _Ctx:
    """What one decision needs, computed once from the view. The view, and what is read off it
    (units, hand, whose units stand where, the target hexes), are made when first read: a
    window the policy settles from the frames alone (an Initiative re-roll of a roll already
    settled) costs no view (speed). They must be read before the game moves on."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        self._game: weakref.ref[Game] | None = weakref.ref(game)  # not kept alive by its context
        self._made_at = game.decision()
        self._scoped = False
        self._scopes: list[reading] = []
        self._ov: Any = _UNSET
        self._goal: dict[str, int] | None = None  # label -> hexes to the nearest target
        self._labels: dict[str, Any] | None = None  # label -> hex on the board
        self._reach: dict[tuple[str, str], list[str]] = {}  # (unit, target) -> its pieces that reach
        self._pieces: dict[str, list[str]] = {}  # unit -> its pieces able to fire (F.pieces_of)
        self._sees: dict[str, dict[str, int]] = {}  # piece -> enemy hexes in its Range and LOS
        self._gun_sight: dict[str, tuple[int, int]] = {}  # enemy piece -> (hex index, sight mask)
        self._shot: dict[tuple[tuple[str, ...], str, bool], float] = {}  # shot_value, once each
        self._per_hex: dict[tuple[str, str], Any] = {}  # (what, hex) -> cover, figures (speed)
        self._fire: tuple[float, str | None] | None = None  # fire_value, once
        self._defenders: dict[str, list[tuple[float, int]]] = {}  # target -> defenders()
        self._op: dict[str, tuple[float, str | None]] = {}  # target -> op_activation_value
        self._best: dict[tuple[str, ...], tuple[float, str | None]] = {}  # uids -> best_shot_from

    @staticmethod
    def at(game: Game, seat: int) -> _Ctx:
        """The context of ``seat`` at ``game``'s decision now: the one made last, when it was
        made for the same seat at the same decision of the same state (search asks its hooks,
        ``branch_point`` and ``candidates``, and then the policy about one decision: the view
        and what was worked out from it are made once). A decision is made anew by every
        ``apply`` (and by every re-deal), so the same Decision object on the same state object
        means the same position."""
        d = game.decision()
        last = _LAST_CTX[0]
        if last is not None and last[1] is game.state and last[2] is d and last[3] == seat:
            same: _Ctx = last[4]
            return same
        ctx = _Ctx(game, seat)
        _LAST_CTX[0] = (weakref.ref(game, _forget), game.state, d, seat, ctx)
        return ctx

    @_once
    def g(self) -> _ViewGame:
        """The stand-in game on the seat's view."""
        game = self._game() if self._game is not None else None
        if game is None or game.decision() is not self._made_at:
            raise RuntimeError("the game moved on before the policy read its view")
        self._game = None
        g = _ViewGame(game, self.seat)
        if self._scoped:
            self._scopes.append(reading(g))
        return g

    def __enter__(self) -> _Ctx:
        """``with ctx:`` a read-only scope (``reading``) on the view for the block, opened when
        the view is made (at once, if it already is). Not re-entrant."""
        self._scoped = True
        if "g" in self.__dict__:
            self._scopes.append(reading(self.g))
        return self

    def __exit__(self, *exc: object) -> None:
        self._scoped = False
        while self._scopes:
            self._scopes.pop().__exit__(None, None, None)

    @_once
    def units(self) -> dict[str, Any]:
        u: dict[str, Any] = self.g.state["units"]
        return u

    @_once
    def hand(self) -> list[str]:
        h: list[str] = self.g.state["sides"][self.seat]["hand"] or []
        return h

    @_once
    def board(self) -> Board | None:
        return board_of(self.g)  # type: ignore[arg-type]

    @_once
    def mine(self) -> dict[str, Any]:
        seat = self.seat
        return {u: d for u, d in self.units.items() if d["seat"] == seat and d["where"] == "map"
                and d["hex"] is not None}

    @_once
    def theirs(self) -> dict[str, Any]:
        seat = self.seat
        return {u: d for u, d in self.units.items() if d["seat"] != seat and d["where"] == "map"
                and d["hex"] is not None}

    @_once
    def enemy_hexes(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for u, d in sorted(self.theirs.items()):
            out.setdefault(d["hex"], []).append(u)
        return out

    @_once
    def targets(self) -> list[str]:
        return self._target_hexes()

    @property
    def ov(self) -> Any:
        if self._ov is _UNSET:  # None is an answer too: no markers in play
            self._ov = overlay(self.g)  # type: ignore[arg-type]
        return self._ov

    # -- places to go
    def _target_hexes(self) -> list[str]:
        """Objective hexes the seat does not hold; else the enemy's hexes."""
        out: list[str] = []
        for o in self.g.state["objectives"].values():
            if o.get("owner") != self.seat:
                out += o.get("hexes") or ([o["hex"]] if o.get("hex") else [])
        return out or sorted(self.enemy_hexes)

    def held_objective(self, label: str) -> bool:
        held = self._per_hex.get(("held", label))
        if held is None:
            held = self._per_hex["held", label] = any(
                o.get("owner") == self.seat and label in (o.get("hexes") or [o.get("hex")])
                for o in self.g.state["objectives"].values())
        return bool(held)

    def dist(self, a: str, b: str) -> int:
        m = self._labels
        if m is None:
            assert self.board is not None
            m = self._labels = label_map(self.board)
        return distance(m[a], m[b])

    def goal_dist(self, label: str) -> int:
        table = self._goal
        if table is None:
            if self.board is None or not self.targets:
                return 0
            table = self._goal = _goal_table(self.board, tuple(self.targets))
        d = table.get(label)
        if d is None:
            m = label_map(self.board)
            h = m[label]
            d = table[label] = min(distance(h, m[t]) for t in self.targets)
        return d

    def figs(self, uids: list[str]) -> int:
        rules: Any = self.g.rules
        return sum(int(rules.unit_type(self.units[u]["type"]).figures) for u in uids if u in self.units)

    def figs_in(self, label: str) -> int:
        n = self._per_hex.get(("figs", label))
        if n is None:
            n = self._per_hex["figs", label] = self.figs([u for u, d in self.mine.items()
                                                          if d["hex"] == label])
        return int(n)

    def cover(self, label: str) -> int:
        c = self._per_hex.get(("cover", label))
        if c is None:
            c = self._per_hex["cover", label] = best_cover(self.g, label)[0]  # type: ignore[arg-type]
        return int(c)

    def enemy_dist(self, label: str) -> int:
        d = self._per_hex.get(("enemy", label))
        if d is None:
            d = self._per_hex["enemy", label] = min((self.dist(label, h) for h in self.enemy_hexes),
                                                    default=9)
        return int(d)

    def threat(self, label: str) -> int:
        """The FP the enemy's strongest stack could fire at ``label`` (O20.3.1.2: its best
        piece + 1 for each other piece with Range and LOS, less the largest hindrance, 10.3.3),
        0 when no unbroken enemy sees it: what a unit entering the hex risks from Op Fire (A33)
        or staying there from the next Fire Order. Ordnance is left out (it must hit first)."""
        t = self._per_hex.get(("threat", label))
        if t is None:
            t = 0
            tab = self.los_table
            j = label_index(tab.board)[label] if tab is not None else -1
            for here in self.enemy_hexes:
                if j >= 0 and not self._hex_sight(here) >> j & 1:
                    continue  # nothing in that hex sees the label at any Range (speed)
                fps: list[int] = []
                hind = 0
                for p, fp in self._stack_guns(here):
                    r = self._gun_reach(p, label)
                    if r is not None:
                        fps.append(fp)
                        hind = max(hind, r)
                if fps:
                    t = max(t, max(fps) + len(fps) - 1 - hind)
            self._per_hex["threat", label] = t
        return int(t)

    def _hex_sight(self, label: str) -> int:
        """The hexes ``label`` sees on the bare map at any Range (``fire.in_sight``'s mask): a
        stack whose hex does not see a hex has no gun that reaches it, since markers only take
        sight away, so :meth:`threat` skips it before working out its guns' FP."""
        m = self._per_hex.get(("sight", label))
        if m is None:
            t = self.los_table
            m = self._per_hex["sight", label] = sight_mask(t, label_index(t.board)[label], 1, len(t))
        return int(m)

    def _stack_guns(self, label: str) -> list[tuple[str, int]]:
        """(piece, FP) of the pieces able to fire of the unbroken enemy units in hex ``label``,
        Ordnance left out (for :meth:`threat`: once a decision, and only for a stack that sees
        a hex threat is asked about)."""
        guns = self._per_hex.get(("guns", label))
        if guns is None:
            g: Any = self.g
            guns = self._per_hex["guns", label] = [
                (p, F.piece_fp(g, p)) for u in self.enemy_hexes[label] if not self.units[u]["broken"]
                for p in F.pieces_of(g, u) if not F.is_ordnance(g, p)]
        out: list[tuple[str, int]] = guns
        return out

    def _gun_reach(self, piece: str, label: str) -> int | None:
        """``F.reaches`` for an enemy gun of :meth:`threat`, read from the piece's sight mask
        (its hex's Range band on the bare map, made once a decision) and asked of the LOS table
        only where the bare map lets it see (speed: no Range and distance look-ups per hex)."""
        sight = self._gun_sight.get(piece)
        if sight is None:
            g: Any = self.g
            t = self.los_table
            if t is None:
                sight = self._gun_sight[piece] = (-1, 0)
            else:
                low, rng = F.range_band(g, piece)
                here = label_index(t.board)[F.piece_hex(g, piece)]
                sight = self._gun_sight[piece] = (here, sight_mask(t, here, low, rng) if low <= rng else 0)
        here, seen = sight
        if here < 0:
            return F.reaches(self.g, piece, label, self.ov)  # type: ignore[arg-type]
        t = self.los_table
        assert t is not None
        j = label_index(t.board)[label]
        if not seen >> j & 1:
            return None
        r = t.result(here, j, self.ov)
        return r.hindrance if r.clear else None

    @_once
    def los_table(self) -> Any:
        """The LOS table of the view's map (None without a map)."""
        return table_of(self.g) if self.board is not None else None  # type: ignore[arg-type]

    def danger(self, uids: list[str], label: str, moving: bool) -> float:
        """Expected breaks among ``uids`` standing in ``label`` against :meth:`threat` (Morale
        + the hex's Cover against FP, each side adding 2d6; a moving unit breaks on a tie,
        O20.3.4)."""
        fp = self.threat(label)
        if fp <= 0:
            return 0.0
        g: Any = self.g
        cover = self.cover(label)
        return sum(p_break(fp, stat_value(g, u, "morale") + cover, moving)
                   for u in uids if u in self.units and not self.units[u]["broken"])

    # -- fire
    def shot_value(self, pieces: list[str], target: str, tie_breaks: bool = False) -> float:
        """Expected value of a shot: breaks count 1, eliminations of broken units 1.5, Leaders
        x1.3."""
        if not pieces:
            return 0.0
        key = (tuple(pieces), target, tie_breaks)
        v = self._shot.get(key)
        if v is not None:
            return v  # the same group at the same hex again (a Leader's radius, another order)
        g: Any = self.g
        st = F.strength(g, pieces, target, self.ov, [self.hindrance(p, target) for p in pieces])
        if st["hindrance"] is None or (st["fp"] < 1 and not st["ordnance"]):
            self._shot[key] = 0.0
            return 0.0
        fp = int(st["fp"])
        if st["ordnance"]:
            fp = max(fp, 1) - 1  # must hit first: a rough discount
        v = 0.0
        for w, m in self.defenders(target):
            v += w * p_break(fp, m, tie_breaks)
        self._shot[key] = v
        return v

    def defenders(self, target: str) -> list[tuple[float, int]]:
        """(weight, Morale) of each enemy unit at ``target``, for :meth:`shot_value`: once per
        hex, not once per group that could shoot there (speed)."""
        out = self._defenders.get(target)
        if out is None:
            g: Any = self.g
            out = self._defenders[target] = []
            for u in self.enemy_hexes.get(target, []):
                w = 1.5 if self.units[u]["broken"] else 1.0
                if unit_kind(g, u) == "leader":
                    w *= LEADER_WORTH
                out.append((w, morale(g, u).value))
        return out

    def reaches(self, piece: str, target: str) -> bool:
        """Whether ``piece`` has ``target`` in Range and LOS (``F.reaches``)."""
        return self.hindrance(piece, target) is not None

    def hindrance(self, piece: str, target: str) -> int | None:
        """``F.reaches``: the hindrance of ``piece``'s line to ``target``, None out of Range or
        LOS. At an enemy hex it is read from the piece's reach map over every enemy hex, made
        once (speed: one bitmask of what the piece's hex sees, instead of a LOS look-up per
        target; :meth:`shot_value` hands these to ``F.strength`` for every group it weighs)."""
        g: Any = self.g
        if self.board is None or target not in self.enemy_hexes:
            return F.reaches(g, piece, target, self.ov)
        seen = self._sees.get(piece)
        if seen is None:
            seen = self._sees[piece] = F.reach_map(g, piece, list(self.enemy_hexes), self.ov)
        return seen.get(target)

    def pieces_reaching(self, uids: list[str], target: str) -> list[str]:
        g: Any = self.g
        out: list[str] = []
        for u in uids:
            ps = self._reach.get((u, target))
            if ps is None:  # each unit's pieces are checked once per target, not once per group
                pieces = self._pieces.get(u)
                if pieces is None:
                    pieces = self._pieces[u] = F.pieces_of(g, u)
                ps = self._reach[u, target] = [p for p in pieces if self.reaches(p, target)]
            out += ps
        return out

    def op_shot_value(self, uids: list[str], target: str) -> float:
        """An Op Fire shot at a moving stack (a tie breaks it) by the non-Ordnance pieces of
        ``uids`` that reach ``target`` (A33.3 rule 1)."""
        g: Any = self.g
        pieces = [p for p in F.op_fire_pieces(g, [u for u in uids if not self.units[u]["broken"]])
                  if self.reaches(p, target)]
        return self.group_value(pieces, target, tie_breaks=True)

    def op_activation_value(self, target: str) -> tuple[float, str | None]:
        """The best Op Fire shot a Fire card would give: one unit not yet activated for Op Fire
        this Turn, or a Leader with such units in its radius (A33.2)."""
        best = self._op.get(target)
        if best is None:
            best = self._op[target] = self._op_activation_value(target)
        return best

    def _op_activation_value(self, target: str) -> tuple[float, str | None]:
        g: Any = self.g
        from ..commander_family.op_fire import may_op_activate, op_radius

        best: tuple[float, str | None] = (0.0, None)
        for u, d in sorted(self.mine.items()):
            if d["broken"] or not may_op_activate(g, u):
                continue
            group = [u] + (op_radius(g, u) if unit_kind(g, u) == "leader" else [])
            v = self.op_shot_value(group, target)
            if v > best[0]:
                best = (v, u)
        return best

    def best_shot_from(self, uids: list[str]) -> tuple[float, str | None]:
        """The best shot the pieces of ``uids`` could make at one enemy hex, and where."""
        key = tuple(uids)
        r = self._best.get(key)
        if r is None:
            best, where = 0.0, None
            for t in self.enemy_hexes:
                v = self.group_value(self.pieces_reaching(uids, t), t)
                if v > best:
                    best, where = v, t
            r = self._best[key] = (best, where)
        return r

    def group_value(self, pieces: list[str], target: str, tie_breaks: bool = False) -> float:
        """:meth:`shot_value` of the best Fire Group among ``pieces`` (each in Range and LOS of
        ``target``) that the rules let form (``F.chains``, O20.3.1): an Ordnance Weapon fires
        alone (O20.3.1.1), and a group's hexes make a chain of adjacent hexes, so a Leader's
        radius is not one group when its units stand apart. Counting a Mortar's FP into the
        squads' group made a Fire Order look worth giving, and then only the Mortar reached the
        target (a long shot that must hit first, O20.2); merging units two hexes apart did
        the same with a group that could not form. A hindered piece makes the whole group's FP
        drop (O20.3.2), so for each hindrance the chains of the pieces at or below it are
        weighed (adding a piece no more hindered than the group never lowers its FP)."""
        if not pieces:
            return 0.0
        g: Any = self.g
        hind = {p: self.hindrance(p, target) or 0 for p in pieces}
        best = 0.0
        for level in sorted(set(hind.values())):
            for group in F.chains(g, [p for p in pieces if hind[p] <= level]):
                best = max(best, self.shot_value(group, target, tie_breaks))
        return best

    def fire_value(self) -> tuple[float, str | None]:
        """Best expected breaks one Fire Order could make: a stack fires together, a Leader
        with the units in its radius."""
        if self._fire is None:
            self._fire = self._fire_value()
        return self._fire

    def _fire_value(self) -> tuple[float, str | None]:
        g: Any = self.g
        best: tuple[float, str | None] = (0.0, None)
        try:
            starters = F.first_choices(g, self.seat)
        except (KeyError, AssertionError):
            return best
        seen: set[tuple[str, ...]] = set()
        for u in starters:
            group = [u]
            if unit_kind(g, u) == "leader":
                group += radius_units(g, u)
            key = tuple(sorted(group))
            if key in seen:
                continue
            seen.add(key)
            v, _ = self.best_shot_from(group)
            if v > best[0]:
                best = (v, u)
        return best


def _next_in_radius(opts: list[Option], takes: Callable[[str], bool]) -> Option | None:
    """In a Leader's activation (O14.1, A33.2) the units of his radius are offered in id order,
    each after the last one added (``ActivatingOrder.more_options``): the first in that order
    that ``takes`` (by unit id), so that adding one never drops another the policy wants (the
    options come shuffled: taking the first wanted one left units out)."""
    for o in sorted((o for o in opts if o.kind == "activate"), key=lambda o: str(o.args["unit"])):
        if takes(o.args["unit"]):
            return o
    return None


def _card(game: Game, cid: str) -> Any:
    rules: Any = game.rules
    return rules.card(cid)


class CommanderPolicy:
    """The family's scripted policy (see the module docstring); a game subclasses it (its
    ``name``, and :meth:`order_values` for the Orders only it has)."""

    name = "commander-scripted"

    def __init__(self) -> None:
        self.last_reason = ""
        self._backed: tuple[weakref.ref[Game], str] | None = None
        """(game, hex) when the policy went back from a Fire group that could not shoot at the
        hex: at its next choice, if that is in the same game (the choice of another target),
        the hex is skipped once (no back-and-forth). The game is held by a weak reference, not
        named by its id: a later game (a search's next clone) at the same address must not find
        it, and a game dropped after that choice is not kept alive; the next choice takes it or
        drops it, so it never steers a later Fire Order."""
        self._skip: str | None = None
        """The hex to skip at this choice (from ``_backed``)."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Option:
        opt, why = self.explain(game, seat, rng)
        self.last_reason = why
        return opt

    def explain(self, game: Game, seat: int, rng: random.Random) -> tuple[Option, str]:
        """The chosen option and a one-line reason."""
        backed, self._backed = self._backed, None
        self._skip = backed[1] if backed is not None and backed[0]() is game else None
        opts = game.legal_options()
        if not opts:
            raise ValueError("no decision to make: the game is over")
        if len(opts) == 1:
            return opts[0], "the only option"
        rng.shuffle(opts)  # ties go to the first best in this order: the agent's seed decides them
        d = game.decision()
        assert d is not None
        step = d.step
        handler = getattr(self, f"_{step}", None) if step in _HANDLED else None
        ctx = _Ctx.at(game, seat)
        with ctx:  # the view stays as it is: cache (speed)
            if handler is not None:
                r: tuple[Option, str] | None = handler(game, ctx, opts, d.prompt, rng)
                if r is not None:
                    return r
            return self._fallback(ctx, opts, rng)

    # -- helpers
    @staticmethod
    def _find(opts: list[Option], oid: str) -> Option | None:
        for o in opts:
            if o.id == oid:
                return o
        return None

    def _fallback(self, ctx: _Ctx, opts: list[Option], rng: random.Random) -> tuple[Option, str]:
        """Unknown decision: an option naming the hex with the most enemies, else any option that
        acts, else the first."""
        best, score = None, 0
        for o in opts:
            h = o.args.get("hex") if o.args else None
            if isinstance(h, str) and len(ctx.enemy_hexes.get(h, [])) > score:
                best, score = o, len(ctx.enemy_hexes[h])
        if best is not None:
            return best, f"{best.id}: the hex with the most enemies"
        acts = [o for o in opts if o.kind not in ("pass", "done", "none", "end", "back")]
        if acts:
            o = acts[0] if len(acts) < 3 else rng.choice(acts)
            return o, f"{o.id}: no better rule here"
        return opts[0], "nothing worth doing"

    # -- the Turn: which order
    def order_values(self, game: Game, ctx: _Ctx,
                     names: set[str] | None = None) -> dict[str, tuple[float, str]]:
        """Value and reason of each Order (of those in ``names``, if given) now."""
        g: Any = ctx.g
        out: dict[str, tuple[float, str]] = {}
        if names is None or "Fire" in names:
            fv, who = ctx.fire_value()
            out["Fire"] = (fv, f"fire with {who}: {fv:.2f} expected breaks" if who else "no shot")
        # O14.1: a unit activated once this Turn is not activated again (a Hero may be): a Move
        # or an Advance is worth what the units still free to act can do
        unbroken = [u for u, d in ctx.mine.items() if not d["broken"] and may_activate(g, u)]
        away = [u for u in unbroken if ctx.goal_dist(ctx.mine[u]["hex"]) > 0
                and not ctx.held_objective(ctx.mine[u]["hex"])]
        mv = min(1.0, 0.15 * len(away) + (0.2 if away else 0.0))
        out["Move"] = (mv, f"move {len(away)} units toward objectives")
        av, aw = 0.0, ""
        if names is None or "Advance" in names:
            for u in unbroken:
                for h in destinations(g, u):
                    v = self._advance_value(ctx, u, h)
                    if v > av:
                        av, aw = v, f"advance {u} into {h}"
                if av >= 0.8:
                    break
        out["Advance"] = (av, aw or "nowhere to advance")
        if names is None or "Recover" in names:
            out["Recover"] = self._recover_value(ctx)
        eb = [u for u, d in ctx.theirs.items() if d["broken"]]
        out["Rout"] = (0.3 * len(eb), f"rout {len(eb)} broken enemy units")
        out["Artillery Request"] = (0.45 if ctx.enemy_hexes else 0.0, "artillery at a spotted enemy")
        out["Artillery Denied"] = (0.1, "deny the enemy's artillery")
        return out

    def _recover_value(self, ctx: _Ctx) -> tuple[float, str]:
        """O22: the Suppressed markers come off (SUPPRESSED_OFF each), then each broken unit
        rallies on a roll below its Morale with Command and Cover (O22.3): RALLIED (a Leader
        LEADER_WORTH times that) times that chance, in the units of a Fire Order's expected
        breaks (a rally undoes a break). A broken Leader rolls first (:meth:`_recover_order`):
        when it rallies, its Command goes from its broken side's to its unbroken side's for the
        other units in its hex (3.3.1.2), which counts in their chances."""
        g: Any = ctx.g
        rules: Any = g.rules
        broken = [u for u, d in ctx.mine.items() if d["broken"]]
        supp = sum(1 for d in ctx.mine.values() if d["suppressed"])
        v = SUPPRESSED_OFF * supp
        for u in broken:
            m = int(rules.roll_morale(g, u, "rally"))
            if unit_kind(g, u) == "leader":
                v += LEADER_WORTH * RALLIED * p_below(m)
                continue
            gains = [self._command_gain(ctx, x) for x in self._rally_leaders(ctx, u)]
            v += RALLIED * _p_with_leaders(m, gains, bool(rules.cumulative_command))
        return v, (f"rally {len(broken)} broken units: {v:.2f} expected" if broken
                   else f"lift {supp} Suppressed markers")

    @staticmethod
    def _broken_beside(ctx: _Ctx, uid: str) -> list[str]:
        """Our other broken units in ``uid``'s hex."""
        here = ctx.units[uid]["hex"]
        return [x for x, d in ctx.mine.items() if d["broken"] and d["hex"] == here and x != uid]

    def _rally_leaders(self, ctx: _Ctx, uid: str) -> list[str]:
        """The broken Leaders in ``uid``'s hex (their Command changes if they rally first)."""
        g: Any = ctx.g
        return [x for x in self._broken_beside(ctx, uid) if unit_kind(g, x) == "leader"]

    @staticmethod
    def _command_rise(ctx: _Ctx, leader: str) -> int:
        """The Command a broken ``leader`` gains by rallying: his unbroken side's less his
        broken side's."""
        t = ctx.g.rules.unit_type(ctx.units[leader]["type"])
        return int(t.unbroken.command or 0) - int(t.broken.command or 0)

    def _command_gain(self, ctx: _Ctx, leader: str) -> tuple[float, int]:
        """(chance the broken ``leader`` rallies, :meth:`_command_rise`)."""
        g: Any = ctx.g
        return p_below(int(g.rules.roll_morale(g, leader, "rally"))), self._command_rise(ctx, leader)

    def _advance_value(self, ctx: _Ctx, u: str, h: str) -> float:
        g: Any = ctx.g
        enemies = ctx.enemy_hexes.get(h, [])
        if enemies:
            from .melee import melee_fp

            mine = [x for x, d in ctx.mine.items() if d["hex"] == h] + [u]
            try:
                ours = melee_fp(g, mine)[0]
                theirs = melee_fp(g, enemies)[0]
            except (KeyError, TypeError):
                return 0.0
            return 0.8 if ours >= theirs + 3 else 0.0
        if ctx.figs_in(h) + ctx.figs([u]) > FIGURE_LIMIT:
            return -1.0  # 8.2: an overstack loses units (below any advance that is only useless)
        here = ctx.units[u]["hex"]
        if ctx.held_objective(here):
            return 0.0
        if h in ctx.targets and not ctx.enemy_hexes:
            return 0.6
        if h in ctx.targets:
            return 0.5
        gain = ctx.goal_dist(here) - ctx.goal_dist(h)
        return 0.25 + 0.05 * (ctx.cover(h) - ctx.cover(here)) if gain > 0 else 0.0

    def _turn(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
              rng: random.Random) -> tuple[Option, str] | None:
        reveal = self._find(opts, "reveal")
        if reveal is not None:  # GWC E71: the face-down card is the only Order on offer
            return reveal, "the face-down card must be revealed as the next Order"
        vals = self.order_values(game, ctx, {o.args["order"] for o in opts if o.kind == "order"})
        best: tuple[float, Option | None, str] = (PASS_BELOW, None, "")
        n_fire = sum(1 for c in ctx.hand if _card(game, c).action == "Fire")
        for o in opts:
            if o.kind != "order":
                continue
            v, why = vals.get(o.args["order"], (0.0, "no use now"))
            if o.args["order"] == "Fire" and v < (FIRE_ODDS if n_fire < 3 else FIRE_ODDS / 3):
                v = 0.0
            if _card(game, o.args["card"]).action == "Fire" and n_fire <= 1 and o.args["order"] != "Fire":
                v -= 0.1  # the last Op Fire card
            if v > best[0]:
                best = (v, o, why)
        if best[1] is not None:
            return best[1], f"{best[1].id}: {best[2]}"
        stop = self._find(opts, "end") or self._find(opts, "pass")
        if stop is not None:
            what = "end the Turn" if stop.id == "end" else "pass and discard"
            return stop, f"no order is worth a card: {what}"
        return None

    def card_keep(self, game: Game, ctx: _Ctx, cid: str, vals: dict[str, tuple[float, str]]) -> float:
        c = _card(game, cid)
        if c.order in ("Command Confusion",):
            return -1.0
        v = vals.get(c.order, (0.0, ""))[0]
        if c.order == "Move":
            v = max(v, 0.4)
        if c.action == "Fire":
            v += 0.6
        elif c.action in ROLL_ACTIONS or c.action in ALWAYS_ACTIONS or c.action == "Concealment":
            v += 0.15
        return v

    def dump_set(self, game: Game, ctx: _Ctx, at_least_one: bool = False) -> dict[str, str]:
        """The cards a pass should discard (card -> why): Command Confusion and orders with
        nothing to do now, and Fire cards beyond the two kept for Op Fire, up to the cap; with
        ``at_least_one``, the weakest card when nothing else would go."""
        vals = self.order_values(game, ctx, {_card(game, c).order for c in ctx.hand})
        ranked = sorted(ctx.hand, key=lambda c: self.card_keep(game, ctx, c, vals))
        cap = int(ctx.g.state["sides"][ctx.seat]["discard_cap"])
        out: dict[str, str] = {}
        keep_fire = {c for c in sorted(ctx.hand) if _card(game, c).action == "Fire"}
        keep_fire = set(sorted(keep_fire)[:2])
        for c in ranked:
            cd = _card(game, c)
            k = self.card_keep(game, ctx, c, vals)
            if cd.action == "Fire" and c not in keep_fire:
                k -= 0.6
            if k < 0.5 and len(out) < cap:
                out[c] = f"{cd.order}/{cd.action}: no use now" if k < 0.2 else f"{cd.order}/{cd.action}: weak"
        if at_least_one and not out and ranked and cap:
            # O15: a pass that discards nothing draws nothing, and the Time track moves only as
            # the decks run out (6.1); two players waiting like that would never end the game.
            c = ranked[0]
            out[c] = f"{_card(game, c).order}/{_card(game, c).action}: the weakest card, so Time moves on"
        return out

    def _discard(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                 rng: random.Random) -> tuple[Option, str] | None:
        m = _PROMPT_DISCARD.match(prompt)
        dump = self.dump_set(game, ctx, at_least_one=m is not None and m.group(1) == "0")
        for o in opts:
            if o.kind == "discard" and o.args["card"] in dump:
                return o, f"discard {o.args['card']} ({dump[o.args['card']]})"
        return self._find(opts, "done") or opts[-1], "keep the rest"

    # -- Fire
    def _fire_order(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                    rng: random.Random) -> tuple[Option, str] | None:
        g: Any = ctx.g
        kinds = {o.kind for o in opts}
        if "target" in kinds or "smoke" in kinds:
            act = [u for u in ctx.g.state["activated"] if u in ctx.mine]
            fired = set(game.top().get("fired") or ())  # O20.3: each piece fires once an Order
            best, pick = 0.0, None
            backed = self._skip
            for o in opts:
                if o.kind == "target" and o.args["hex"] != backed:
                    h = o.args["hex"]
                    v = ctx.group_value([p for p in ctx.pieces_reaching(act, h) if p not in fired], h)
                    if v > best:
                        best, pick = v, o
            if pick is not None and best >= 0.05:
                return pick, f"fire at {pick.args['hex']}: {best:.2f} expected breaks"
            end = self._find(opts, "end")
            if end is not None:
                return end, "no shot left worth taking"
            tg = [o for o in opts if o.kind == "target"] or opts
            o = pick or rng.choice(tg)
            return o, "a shot must be taken"
        if "piece" in kinds or "fire" in kinds or "back" in kinds:
            m = _PROMPT_FIRE.match(prompt)
            target = m.group(1) if m else None
            if target is not None:
                grown = self._grow_group(ctx, opts, target, False, rng)
                if grown is not None:
                    return grown
            back = self._find(opts, "back")
            if back is not None and target is not None:
                self._backed = (weakref.ref(game), target)  # do not pick it again straight away
            return back or opts[0], "nothing can fire there"
        if "activate" in kinds:
            if prompt.startswith("Fire: activate"):
                best_v, pick = -1.0, None
                for o in opts:
                    u = o.args["unit"]
                    group = [u] + (radius_units(g, u) if unit_kind(g, u) == "leader" else [])
                    v, _ = ctx.best_shot_from(group)
                    if v > best_v:
                        best_v, pick = v, o
                assert pick is not None
                return pick, f"activate {pick.args['unit']}: best shot {best_v:.2f}"
            more = _next_in_radius(opts, lambda u: F.can_hit_enemy(g, u, ctx.seat, ctx.ov))
            if more is not None:
                return more, f"{more.args['unit']} has a target too"
            return self._find(opts, "done") or opts[0], "activation complete"
        return None

    def _grow_group(self, ctx: _Ctx, opts: list[Option], target: str, moving: bool,
                    rng: random.Random) -> tuple[Option, str] | None:
        """A Fire Group (O20.3.1) at ``target``: add the piece that improves the shot most, fire
        when no piece does. A piece that leaves the group unable to fire (a Team whose FP the
        Hindrance cancels, beside an Ordnance Weapon that fires alone) is not added: always
        taking the strongest piece first went round in circles there (add, no shot, back)."""
        group = list(ctx.g.state.get("fire_group") or [])
        now = ctx.shot_value(group, target, moving) if group else 0.0
        best, pick = now, None
        adds = [o for o in opts if o.kind == "piece"]
        for o in adds:
            v = ctx.shot_value([*group, o.args["piece"]], target, moving)
            if v > best + 1e-9:
                best, pick = v, o
        if pick is not None:
            return pick, f"{pick.args['piece']} joins the shot at {target}: {best:.2f} expected breaks"
        f = self._find(opts, "fire")
        if f is not None:
            return f, f"fire at {target} with {f.args.get('fp')} FP"
        if adds:  # no piece helps on its own (an Action may lift the FP): try one
            o = rng.choice(adds)
            return o, f"{o.args['piece']} joins the shot at {target}: it may open a way to fire"
        return None

    # -- Assault Fire (CC A26, GWC A31)
    def _assault_fire(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                      rng: random.Random) -> tuple[Option, str] | None:
        """The target where the moving pieces that reach it do most, then the group grown as for
        a Fire Order's shot; back to the targets when nothing there can fire."""
        targets = [o for o in opts if o.kind == "target"]
        if targets:
            backed = self._skip  # not the hex just given up, if any other
            targets = [o for o in targets if o.args["hex"] != backed] or targets
            pieces = assault_pieces(game, ctx.seat)  # the moving pieces are public (the stack)
            best, pick = -1.0, targets[0]
            for o in targets:
                h = o.args["hex"]
                v = ctx.shot_value([p for p in pieces if ctx.reaches(p, h)], h)
                if v > best:
                    best, pick = v, o
            return pick, f"Assault Fire at {pick.args['hex']}: {best:.2f} expected breaks"
        m = _PROMPT_ASSAULT.match(prompt)
        if m is not None:
            grown = self._grow_group(ctx, opts, m.group(1), False, rng)
            if grown is not None:
                return grown
            self._backed = (weakref.ref(game), m.group(1))
        return self._find(opts, "back") or opts[0], "nothing can fire there"

    # -- Op Fire
    def _op_fire(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                 rng: random.Random) -> tuple[Option, str] | None:
        m = _PROMPT_OP.match(prompt)
        target = m.group(1) if m else None
        if target is None:
            return self._find(opts, "pass") or opts[0], "no target"
        kinds = {o.kind for o in opts}
        if "piece" in kinds or "fire" in kinds:
            grown = self._grow_group(ctx, opts, target, True, rng)
            if grown is not None:
                return grown
            return self._find(opts, "pass") or opts[0], "no shot"
        attack = self._find(opts, "attack")
        if attack is not None:
            # A33.3: the units already activated for Op Fire (their ``op_fired`` mark is public)
            # may shoot again at every hex of this Move Order. The Turn's ``activated`` list is
            # the moving side's: reading it here made the policy activate units and never fire.
            v = ctx.op_shot_value([u for u, d in ctx.mine.items() if d.get("op_fired")], target)
            if v >= OP_FIRE_FREE:
                return attack, f"Op Fire at {target}: {v:.2f} expected breaks"
        cards = [o for o in opts if o.kind == "action"]
        if cards:
            best, who = ctx.op_activation_value(target)
            if best >= OP_FIRE_CARD:
                c0 = cards[0].args["card"]
                return cards[0], f"play {c0} for Op Fire at {target} with {who}: {best:.2f} expected breaks"
        return self._find(opts, "pass") or opts[-1], f"let the move at {target} go on: odds too poor"

    def _op_fire_activate(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                          rng: random.Random) -> tuple[Option, str] | None:
        """Activate the unit (or Leader) with the best shot at the hex, then only units that
        can shoot there: an activation for Op Fire lasts the Turn (A33.3 box), so a unit that
        cannot reach the hex is wasted."""
        g: Any = ctx.g
        act = [o for o in opts if o.kind == "activate"]
        m = _PROMPT_OP.match(prompt)
        target = m.group(1) if m else ""
        if act and prompt.endswith("activate a unit"):
            best_v, pick = -1.0, act[0]
            for o in act:
                u = o.args["unit"]
                group = [u] + (radius_units(g, u) if unit_kind(g, u) == "leader" else [])
                v = ctx.op_shot_value(group, target) if target else 0.0
                if v > best_v:
                    best_v, pick = v, o
            return pick, f"activate {pick.args['unit']} for Op Fire ({best_v:.2f} expected breaks)"
        if not target:
            return self._find(opts, "done") or opts[0], "activation complete"
        joins = _next_in_radius(act, lambda u: ctx.op_shot_value([u], target) > 0)
        if joins is not None:
            return joins, f"{joins.args['unit']} joins the Op Fire at {target}"
        done = self._find(opts, "done")
        if done is not None:
            return done, "activation complete: no other unit reaches the hex"
        return act[0], f"{act[0].args['unit']} must be activated before one that can shoot"

    # -- Move
    def _move_order(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                    rng: random.Random) -> tuple[Option, str] | None:
        kinds = {o.kind for o in opts}
        g: Any = ctx.g
        if "move" in kinds or "stop" in kinds or "exit" in kinds:
            m = _PROMPT_HEX.search(prompt)
            here = m.group(1) if m else None
            names = prompt[5:].split(" from ")[0].split(", ")
            broken = any(ctx.units.get(n, {}).get("broken") for n in names)

            group_figs = ctx.figs(names)

            def score(h: str) -> float:
                if h != here:
                    there = ctx.figs_in(h)
                    if there + group_figs > FIGURE_LIMIT:
                        return -99.0  # 8.2: an overstack loses units
                    crowd = 0.15 * there
                else:
                    crowd = 0.0
                if broken:
                    return ctx.cover(h) + 0.5 * min(ctx.enemy_dist(h), 4) - crowd
                s = -float(ctx.goal_dist(h)) + 0.3 * ctx.cover(h) - crowd
                if h in ctx.targets:
                    s += 1.0
                return s - EXPOSURE * ctx.danger(names, h, h != here)

            stay = score(here) if here else -99.0
            if here and ctx.held_objective(here) and not broken:
                stay += 2.0
            pick = self._find(opts, "stop")
            # no "stop" (the stack has not left its hex yet): the best hex, not the first one
            # offered (which could overstack it, 8.2, and cost a unit at the Turn's end)
            best = stay if pick is not None else -math.inf
            for o in opts:
                if o.kind == "move":
                    v = score(o.args["hex"]) - 0.05 * int(o.args.get("cost", 1))
                    if v > best + 0.1:
                        best, pick = v, o
            if pick is not None:
                return pick, (f"enter {pick.args['hex']}: nearer the objectives / better Cover"
                              if pick.kind == "move" else f"stop in {here}: nothing better in reach")
            mv = [o for o in opts if o.kind == "move"]
            return (mv[0] if mv else opts[0]), "must move on"
        if "join" in kinds or "go" in kinds:
            j = [o for o in opts if o.kind == "join"]
            if j:
                return j[0], f"{j[0].args['unit']} moves with the stack"
            return self._find(opts, "go") or opts[0], "start moving"
        if "unit" in kinds:
            u = [o for o in opts if o.kind == "unit"]
            return u[0], f"move {u[0].args['unit']} next"
        if "activate" in kinds:
            def want(uid: str) -> float:
                d = ctx.mine.get(uid)
                if d is None or (ctx.held_objective(d["hex"]) and not d["broken"]):
                    return -1.0
                if d["broken"]:
                    return 0.2 if ctx.enemy_dist(d["hex"]) <= 2 else -1.0
                return float(ctx.goal_dist(d["hex"]))

            if prompt.startswith("Move: activate"):
                def score_first(o: Option) -> float:
                    u = o.args["unit"]
                    v = want(u)
                    if unit_kind(g, u) == "leader":
                        v += sum(max(0.0, want(x)) for x in radius_units(g, u)) * 0.5
                    return v

                pick = max(opts, key=score_first)
                return pick, f"activate {pick.args['unit']} to move on the objectives"
            more = _next_in_radius(opts, lambda u: want(u) > 0)
            if more is not None:
                return more, f"{more.args['unit']} moves too"
            return self._find(opts, "done") or opts[0], "activation complete"
        return None

    # -- Advance
    def _advance_order(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                       rng: random.Random) -> tuple[Option, str] | None:
        g: Any = ctx.g
        advs = [o for o in opts if o.kind == "advance"]
        if advs:
            best, pick = 0.05, None
            for o in advs:
                v = self._advance_value(ctx, o.args["unit"], o.args["hex"])
                if v > best:
                    best, pick = v, o
            if pick is not None:
                return pick, f"{pick.args['unit']} advances into {pick.args['hex']} ({best:.2f})"
            end = self._find(opts, "end")
            if end is not None:
                return end, "no advance worth making"
            pick = max(advs, key=lambda o: self._advance_value(ctx, o.args["unit"], o.args["hex"]))
            return pick, "an advance must be made: the least bad one"  # never into an overstack
        if any(o.kind == "activate" for o in opts):
            def adv_v(u: str) -> float:
                if u not in ctx.mine:
                    return 0.0
                group = [u] + (radius_units(g, u) if unit_kind(g, u) == "leader" else [])
                return max((self._advance_value(ctx, x, h) for x in group if x in ctx.mine
                            for h in destinations(g, x)), default=0.0)

            acts = [o for o in opts if o.kind == "activate"]
            if prompt.startswith("Advance: activate"):
                pick = max(acts, key=lambda o: adv_v(o.args["unit"]))
                return pick, f"activate {pick.args['unit']} to advance"
            nxt = _next_in_radius(acts, lambda u: adv_v(u) > 0.05)
            if nxt is not None:
                return nxt, f"{nxt.args['unit']} advances too"
            return self._find(opts, "done") or acts[0], "activation complete"
        return None

    # -- Rout, Recover, retreats
    def _rout_order(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                    rng: random.Random) -> tuple[Option, str] | None:
        for o in opts:
            if o.kind == "player" and int(o.args["seat"]) != ctx.seat:
                return o, "rout the enemy's broken units"
        return opts[0], "rout roll"

    def _recover_order(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                       rng: random.Random) -> tuple[Option, str] | None:
        """O22.2: the broken Leader whose rally lifts the most broken units' Morale rolls first
        (its Command counts for the units in its hex only when it is unbroken, 3.3.1.2)."""
        g: Any = ctx.g
        rolls = [o for o in opts if o.kind == "rally" and o.args["unit"] in ctx.mine]
        if not rolls:
            return None

        def lift(o: Option) -> int:
            u = o.args["unit"]
            if unit_kind(g, u) != "leader":
                return -1
            return self._command_rise(ctx, u) * len(self._broken_beside(ctx, u))

        pick = max(rolls, key=lift)
        return pick, f"rally {pick.args['unit']} first" + (": a Leader's Command helps the rest"
                                                            if lift(pick) > 0 else "")

    def _fire_attack(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                     rng: random.Random) -> tuple[Option, str] | None:
        """O20.3.4: our units in the hex roll for Fire Defense in the order we pick: a Leader
        last, since a broken Leader's Command is 0 and the others roll with his Command only
        while he stands."""
        g: Any = ctx.g
        rolls = [o for o in opts if o.kind == "defend" and o.args["unit"] in ctx.units]
        if not rolls:
            return None
        pick = min(rolls, key=lambda o: unit_kind(g, o.args["unit"]) == "leader")
        return pick, f"{pick.args['unit']} rolls first: a Leader rolls last, his Command helps the rest"

    _artillery_impact = _fire_attack

    def _retreat(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                 rng: random.Random) -> tuple[Option, str] | None:
        def safe(o: Option) -> float:
            h = o.args.get("hex") if o.args else None
            return ctx.cover(h) + 0.5 * min(ctx.enemy_dist(h), 4) if isinstance(h, str) else -9.0

        pick = max(opts, key=safe)
        return pick, "retreat into Cover, away from the enemy"

    def _place(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
               rng: random.Random) -> tuple[Option, str] | None:
        def s(o: Option) -> float:
            h = o.args.get("hex") if o.args else None
            if not isinstance(h, str) or ctx.board is None or h not in label_map(ctx.board):
                return -99.0
            return 0.5 * ctx.cover(h) - 0.3 * ctx.goal_dist(h) - 0.4 * ctx.figs_in(h) + rng.random() * 0.1

        pick = max(opts, key=s)
        return pick, "set up in Cover near the objectives"

    def _overstack(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                   rng: random.Random) -> tuple[Option, str] | None:
        g: Any = ctx.g
        elim = [o for o in opts if o.kind == "eliminate"]
        if not elim:
            return None
        pick = min(elim, key=lambda o: (unit_kind(g, o.args["unit"]) == "leader", ctx.figs([o.args["unit"]])))
        return pick, f"lose the smallest unit, {pick.args['unit']}"

    # -- windows
    def _initiative(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                    rng: random.Random) -> tuple[Option, str] | None:
        """Re-roll only a roll that is clearly bad for us (the card shown is public): our own
        Fire Defense of 4 or less, an enemy's of 10 or more, our Rally of 10 or more, an
        enemy's of 4 or less. Handing the Initiative card over costs too much otherwise."""
        keep = self._find(opts, "pass") or opts[-1]
        if roll_settled(game, ctx.seat):
            return keep, "keep the roll: it already goes our way, a re-roll could only undo it"
        m = _PROMPT_REROLL.match(prompt)
        rr = self._find(opts, "reroll")
        if m is None or rr is None:
            return keep, "keep the roll and the Initiative card"
        try:
            c = _card(game, m.group(1))
            total = int(c.white) + int(c.colored)
        except (KeyError, TypeError, ValueError, AttributeError):
            return keep, "keep the roll and the Initiative card"
        purpose = m.group(2)
        for prefix, high_is_good in (("fire defense of ", True), ("rally of ", False)):
            if purpose.startswith(prefix):
                uid = purpose[len(prefix):]
                if uid not in ctx.units:
                    break
                ours = ctx.units[uid]["seat"] == ctx.seat
                bad_low = high_is_good == ours  # we want it high, and it is low
                if (bad_low and total <= 4) or (not bad_low and total >= 10):
                    return rr, f"re-roll the {purpose} ({total}): that roll hurts us"
        return keep, "keep the roll and the Initiative card"

    def _action_window(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                       rng: random.Random) -> tuple[Option, str] | None:
        pas = self._find(opts, "pass") or opts[-1]
        n_fire = sum(1 for c in ctx.hand if _card(game, c).action == "Fire")
        for o in opts:
            if o.kind != "action":
                continue
            name = o.args.get("action")
            c = _card(game, o.args["card"])
            if name in ALWAYS_ACTIONS:
                return o, f"play {name}: it saves or wins a unit now"
            if name in ROLL_ACTIONS and "fire_attack_roll" in prompt:
                if c.order == "Fire" and n_fire <= 2 and c.action == "Fire":
                    continue
                return o, f"play {name} ({o.args['card']}): more FP on our attack"
            if name == "Concealment" and "fire_defense_roll" in prompt:
                return o, "play Concealment: more Cover against the attack"
        return pas, "keep the cards"

    def _event_ask(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                   rng: random.Random) -> tuple[Option, str] | None:
        """An Event's question: an option that hurts what it names (breaks, Suppresses or
        eliminates: KIA, Air Support, Interdiction, Shell Shock, Malfunction ...) goes to the
        enemy's units, one that helps it (rallies, promotes, entrenches) to ours, and "none" (0)
        rather than hurt our own. Which way an option cuts is its ``effect`` arg, set by the Event
        that asks (event_steps.HURTS / HELPS), never read off its label. The options name a unit,
        a hex (all its units) or a Weapon (its carrier). A question none of whose options states
        an effect takes the fallback. The Hero's hex has its own rule (:meth:`_hero_hex`)."""
        if game.top().get("then") == "hero":
            return self._hero_hex(game, ctx, opts)
        if not any(o.kind != "none" and _event_effect(o) for o in opts):
            return None
        g: Any = ctx.g
        seat = ctx.seat
        best: tuple[float, Option | None] = (-math.inf, None)
        for o in opts:
            harm = _event_effect(o)
            if o.kind != "none" and harm == 0:
                continue
            v = 0.0 if o.kind == "none" else harm * sum(  # + an enemy unit, - one of ours
                (LEADER_WORTH if unit_kind(g, u) == "leader" else 1.0)
                * (-1 if ctx.units[u]["seat"] == seat else 1)
                for u in self._event_units(ctx, o.args))
            if v > best[0]:
                best = (v, o)
        pick = best[1]
        assert pick is not None
        return pick, f"{pick.id}: the Event hurts the enemy / helps us most there ({best[0]:+.1f})"

    def _hero_hex(self, game: Game, ctx: _Ctx, opts: list[Option]) -> tuple[Option, str] | None:
        """E58: the Hero appears in a friendly hex of our choice, where he may rally one broken
        unit. Never where he overstacks the hex (8.2: a unit is lost at the Turn's end); best
        where a broken unit waits for him, else with the most units his Command helps."""
        view: Any = ctx.g
        hero = special_counter(view, ctx.seat, "hero")[0]  # the roster type, read on the view
        size = int(hero.figures) if hero is not None else 1

        def score(o: Option) -> float:
            h = o.args.get("hex")
            if not isinstance(h, str):
                return -99.0
            if ctx.figs_in(h) + size > FIGURE_LIMIT:
                return -99.0
            here = [d for d in ctx.mine.values() if d["hex"] == h]
            return 2.0 * any(d["broken"] for d in here) + 0.3 * len(here)

        pick = max(opts, key=score)
        return pick, f"the Hero appears in {pick.args.get('hex')}: room for him, units to lead"

    @staticmethod
    def _event_units(ctx: _Ctx, args: dict[str, Any]) -> list[str]:
        """The units an Event's option names: its unit, every unit in its hex, its Weapon's carrier."""
        if args.get("unit") in ctx.units:
            return [args["unit"]]
        w = ctx.g.state["weapons"].get(args.get("weapon") or "")
        if w is not None:
            return [w["carrier"]] if w.get("carrier") in ctx.units else []
        h = args.get("hex")
        return [u for u, d in ctx.units.items() if d["where"] == "map" and d["hex"] == h] if h else []

    def _trigger_sniper(self, game: Game, ctx: _Ctx, opts: list[Option], prompt: str,
                        rng: random.Random) -> tuple[Option, str] | None:
        g: Any = ctx.g
        for o in opts:
            u = o.args.get("unit") if o.args else None
            if isinstance(u, str) and u in ctx.theirs and unit_kind(g, u) == "leader":
                return o, f"the sniper picks the Leader {u}"
        for o in opts:
            u = o.args.get("unit") if o.args else None
            if u in ctx.theirs:
                return o, f"the sniper picks {u}"
        return self._find(opts, "none") or opts[0], "no enemy to pick"



def _event_effect(o: Option) -> int:
    """1 for an Event option that hurts what it names, -1 for one that helps it, 0 when it
    states no effect (its ``effect`` arg, event_steps.HURTS / HELPS)."""
    e = o.args.get("effect")
    return 1 if e == HURTS else -1 if e == HELPS else 0


def roll_settled(game: Game, seat: int) -> bool:
    """At an Initiative window (9.1): whether the roll as it stands already gives ``seat`` the
    best result any re-roll could, so re-rolling can only hand the Initiative card over and undo
    it (issue 18: search re-rolled a Fire Defense roll it had already won).

    Known for a Fire Defense roll (O20.3.4: our unit is unaffected; an enemy unit breaks), a Fire
    Attack roll no Defense roll can answer (:func:`_attack_settled`), a Rally roll (O22.3:
    our unit rallies; an enemy's does not) and a Melee Roll that already wins the Melee for us
    (:func:`_melee_settled`), on a card whose trigger does not
    act (Event!, Sniper! and Time! come with the card kept, 1.9.1). Reads the roll's frame and its
    caller's: the card shown, the Attack Total and the Cover crossed are all public (the log
    announces them), and the Morale comes from the public units; no hand, no deck."""
    d = game.decision()
    stack = game.state["stack"]
    if d is None or d.step != "initiative" or len(stack) < 3 or stack[-2]["step"] != "roll":
        return False
    roll, caller = stack[-2]["args"], stack[-3]
    a = caller["args"]
    if roll.get("product"):
        return False
    c = _card(game, roll["card"])
    if trigger_acts(game, roll):
        return False  # the trigger comes with the kept card (1.9.1): a Time! may end the game
    total = int(c.white) + int(c.colored)
    purpose = str(roll["purpose"])
    units = game.state["units"]
    if purpose.startswith("fire defense of ") and "total" in a and a.get("unit") in units:
        uid = a["unit"]
        u = units[uid]
        if u["where"] != "map":
            return False
        crossed = a.get("crossed") if u["hex"] == a.get("target") else a.get("crossed2")
        ms = [morale(game, uid, crossed, a.get("zero_cover", False), heavy=h).value for h in (False, True)]
        att = int(a["total"]) - int((a.get("conceal") or {}).get(str(u["seat"]), 0))
        if int(u["seat"]) == seat:
            return min(ms) + total > att  # unaffected: nothing better to roll for
        breaks_on_tie = uid in (a.get("moving") or ())
        worst = max(ms) + total
        return worst < att or (breaks_on_tie and worst == att)  # it breaks (O20.3.4 on a tie)
    if purpose == "fire attack" and "final_fp" in a and "defenders" in a:
        return _attack_settled(game, seat, a, c, int(a["final_fp"]) + total)
    if purpose.startswith("rally of ") and caller["step"] == "recover_order" and a.get("unit") in units:
        m = int(a["morale"])
        return total < m if int(units[a["unit"]]["seat"]) == seat else total > m
    if purpose.startswith("melee in ") and caller["step"] == "melee" and a.get("hex"):
        return _melee_settled(game, seat, a, total)
    return False


def trigger_acts(game: Game, roll: dict[str, Any]) -> bool:
    """Whether the card of a ``roll`` frame brings a trigger that acts (1.9.1): any but Jammed!
    (which :func:`_attack_settled` weighs), unless the roll is made inside a trigger."""
    return _card(game, roll["card"]).trigger not in (None, "Jammed!") and not roll.get("quiet")


def _melee_settled(game: Game, seat: int, a: dict[str, Any], total: int) -> bool:
    """A Melee Roll (O16.4.2: the inactive side rolls, then the active one; the lower Melee
    Total loses every unit in the hex, a tie both sides unless one held the hex's Bunker or
    Pillbox, O16.4.3) after which ``seat`` wins the Melee whatever is still to be rolled. The
    active side's roll: its total against the inactive side's, both known. The inactive side's
    roll: only in a game with no Actions that add to a Melee Roll (the active side could still
    play them: GWC's Bayonets, Charge, Elan), against the active side's Melee FP + 2 (its
    lowest roll) or + 12 (its highest). A trigger of the roll still to come is not foreseen (as
    for a Fire Attack roll's Defense rolls): it may end the Melee with no result (O16.4.2)."""
    second = a.get("phase") == "roll_active" and "r_inactive" in a
    if not second and (a.get("phase") != "roll_inactive" or window_used(game, "melee_roll")):
        return False
    label = str(a["hex"])
    active = int(game.state["active"])
    inactive = opponent(active)
    bonus = a.get("bonus") or {}
    # each side's Melee FP + its Action bonus; the roll still to come is added below
    base = {s: melee_fp(game, units_in(game, label, s))[0] + int(bonus.get(str(s), 0))
            for s in (active, inactive)}
    holder = rules_of(game).melee_tie_winner(game, label)

    def wins(high: int, low: int, hi_seat: int) -> bool:
        return high > low or (high == low and holder == hi_seat)

    if second:
        t_act, t_ina = base[active] + total, base[inactive] + int(a["r_inactive"]["total"])
        return wins(t_act, t_ina, active) if seat == active else wins(t_ina, t_act, inactive)
    t_ina = base[inactive] + total
    if seat == inactive:
        return wins(t_ina, base[active] + 12, inactive)  # whatever the active side rolls
    return wins(base[active] + 2, t_ina, active)


def _attack_settled(game: Game, seat: int, a: dict[str, Any], c: Any, att: int) -> bool:
    """A Fire Attack roll (O20.3.3) that no Defense roll can answer: for the attacker, every
    defender breaks whatever it rolls (its Morale + Cover + 12 below the Attack Total, or equal
    for a mover, O20.3.4); for the defender, every defender is unaffected whatever it rolls
    (Morale + Cover + 2 above it). Not when the card can break the firing Weapons (Jammed!,
    1.9.1.2; doubles under Sustained Fire, A41) or a Mortar adds airburst (T99)."""
    if c.trigger is not None or a.get("mortar") or (a.get("sustained") and c.white == c.colored):
        return False
    units = game.state["units"]
    defenders = [u for u in a["defenders"] if u in units and units[u]["where"] == "map"]
    if not defenders:
        return False
    moving = a.get("moving") or ()
    for uid in defenders:
        u = units[uid]
        crossed = a.get("crossed") if u["hex"] == a.get("target") else a.get("crossed2")
        ms = [morale(game, uid, crossed, a.get("zero_cover", False), heavy=h).value for h in (False, True)]
        if int(a["seat"]) == seat:
            best = max(ms) + 12
            if not (best < att or (uid in moving and best == att)):
                return False
        elif int(u["seat"]) == seat:
            if not min(ms) + 2 > att:
                return False
        else:
            return False
    return True


def turn_key(game: Game) -> int:
    """Turns played so far: grows by one each player Turn (5)."""
    return int(game.state["turn"])


INITIATIVE_VALUE = 0.06
"""What holding the Initiative card (9) is worth, in the evaluation's units (1/8 a VP each): a
re-roll to come, and the tie-breaker at VP 0 (9.2) and at a double Surrender (6.3.1). Without it
a re-roll looked free to search, which re-rolled rolls that were already good enough."""


def evaluate(game: Game) -> list[float]:
    """The returns once the game is over; else, squashed into (-1, 1) (+ favours seat 0): the sum
    of :func:`evaluation_terms`."""
    if game.is_terminal():
        return game.returns()
    v = math.tanh(sum(evaluation_terms(game).values()))
    return [v, -v]


def evaluation_terms(game: Game) -> dict[str, float]:
    """The terms :func:`evaluate` adds up, for seat 0 (seat 1's count with a minus): the VP track
    (objective control is already in it, 7), weighted more as Time runs out, the Casualty-Track
    margins to Surrender (6.3), broken units on the map (half a casualty), the Weapons each side
    still carries (half a casualty each) and the Initiative card (9). In the order they are
    added (bench/eval_features_cc.py refits them)."""
    s = game.state
    margin = [int(sd["surrender"]) - len(sd["casualties"]) for sd in s["sides"]]
    broken = [0, 0]
    for u in s["units"].values():
        if u["where"] == "map" and u["broken"]:
            broken[int(u["seat"])] += 1
    weapons = [0.0, 0.0]  # carried Weapons (a broken one counts half): lost ones are lost FP
    for w in s["weapons"].values():
        if w["where"] == "map" and w["carrier"] is not None:
            weapons[int(w["seat"])] += 0.5 if w["broken"] else 1.0
    t = s["time"]
    last = max(1, int(t.get("last") or t.get("sudden_death") or 10))
    progress = min(1.0, max(0.0, int(t["space"]) / last))
    return {"vp": int(s["vp"]) / 8 * (1 + progress), "margin": (margin[0] - margin[1]) / 12,
            "broken": -((broken[0] - broken[1]) / 24), "weapons": (weapons[0] - weapons[1]) / 24,
            "initiative": INITIATIVE_VALUE if int(s["initiative"]) == 0 else -INITIATIVE_VALUE}


BRANCH_STEPS = frozenset({"turn", "initiative", "op_fire", "action_window"})


def branch_point(game: Game) -> bool:
    """Where search branches (tactica.ai.hooks): the decisions a player weighs, not the small
    ones that carry them out (which unit moves where), which the policy plays.

    - the Turn's choice: which Order to give with which card, or pass and discard (one Order
      commits many small choices);
    - the Initiative re-roll (9.1): two options, often decisive (a Sudden Death roll, a shot
      that breaks a stack), where the policy's rule of thumb is coarsest; not when the roll
      already goes the deciding seat's way (:func:`roll_settled`): the policy keeps it;
    - the Op Fire "Wait!" (A33): spend a Fire card (when the units it would activate have a
      shot worth taking), shoot with the units already activated, or let the move go on; and
      an Action window with a card to play (A24): play it now or keep
      it. The group-building steps after them are the policy's."""
    d = game.decision()
    if d is None or d.step not in BRANCH_STEPS:
        return False
    if d.step == "initiative":
        return not roll_settled(game, d.seat)
    if d.step == "op_fire":
        return any(o.kind == "attack" for o in d.options) or (
            any(o.kind == "action" for o in d.options) and _op_card_would_fire(game, d.seat, d.prompt))
    if d.step == "action_window":
        return any(o.kind == "action" for o in d.options)
    return True


def _op_card_would_fire(game: Game, seat: int, prompt: str) -> bool:
    """At an Op Fire "Wait!": whether the units a Fire card would activate have a shot the
    policy then takes (OP_FIRE_FREE expected breaks); if not, the card buys an activation that
    leads nowhere. Reads the seat's view only."""
    m = _PROMPT_OP.match(prompt)
    if m is None:
        return False
    ctx = _Ctx.at(game, seat)
    with reading(ctx.g):
        shot, _ = ctx.op_activation_value(m.group(1))
    return shot >= OP_FIRE_FREE


def _spend_cost(game: Game, cid: str) -> float:
    """What giving up a card's Action costs (the order half is what is played): Fire cards are
    the Op Fire reserve, roll Actions and Concealment come next."""
    a = _card(game, cid).action
    if a == "Fire":
        return 1.0
    return 0.5 if a in ROLL_ACTIONS or a in ALWAYS_ACTIONS or a == "Concealment" else 0.0


def candidates(game: Game) -> list[Option]:
    """The options search weighs at a branch point (an empty list: all of them).

    - At the Turn: the Orders, pass and end, one card per Order (the one whose Action is least
      worth keeping: cards differ there only in what stays in hand); not an Order the policy
      would carry out with nothing to do (no shot for Fire, no broken unit to Recover, no unit
      to move or advance: "activate, then do nothing" only spends the card and the units);
      and not eliminating a Weapon (11.3): the policy never gives one up, and two Turns of
      look-ahead cannot see what the loss costs.
    - At an Op Fire "Wait!": one Fire card (any Fire card activates the same units, A33.2),
      only if the units it would activate have a shot the policy then takes (else it would
      activate them for nothing), the attack and pass. In an Action window: one card per Action, and pass."""
    d = game.decision()
    if d is None:
        return []
    if d.step == "op_fire":
        out: list[Option] = []
        card = min((o for o in d.options if o.kind == "action"),
                   key=lambda o: (_spend_cost(game, o.args["card"]), o.id), default=None)
        if card is not None and not _op_card_would_fire(game, d.seat, d.prompt):
            card = None  # the policy would activate units and then not fire: a card for nothing
        out = [o for o in d.options if o.kind != "action"] + ([card] if card is not None else [])
        return out if len(out) < len(d.options) else []
    if d.step == "action_window":
        per: dict[str, Option] = {}
        for o in sorted(d.options, key=lambda o: o.id):
            if o.kind == "action":
                per.setdefault(str(o.args.get("action")), o)
        out = list(per.values()) + [o for o in d.options if o.kind != "action"]
        return out if len(out) < len(d.options) else []
    if d.step != "turn":
        return []
    ctx = _Ctx.at(game, d.seat)
    orders = {o.args["order"] for o in d.options if o.kind == "order"}
    with reading(ctx.g):
        policy: CommanderPolicy = rules_of(game).scripted().POLICY  # the playing game's policy
        vals = policy.order_values(game, ctx, orders)
    best: dict[str, Option] = {}
    for o in d.options:
        if o.kind != "order":
            continue
        name = o.args["order"]
        if name in vals and vals[name][0] <= 0:
            continue  # the policy would activate units and then do nothing
        cur = best.get(name)
        rank = (_spend_cost(game, o.args["card"]), o.id)
        if cur is None or rank < (_spend_cost(game, cur.args["card"]), cur.id):
            best[name] = o
    keep = {o.id for o in best.values()}
    return [o for o in d.options if o.id in keep or o.kind not in ("order", "extra")]
