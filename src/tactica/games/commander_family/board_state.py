"""Units on the map: which board a game is played on, who stands where, adjacency, board edges
(7.2), LOS with the markers in play (10, T94), stacking counts (8.2) and Objective control (7.3.1).

The board itself never changes and is not part of the state: ``g.state["map"]`` names it and
the Rules object looks it up (``rules.board(g)``). Units keep their hex as a label (``"C7"``);
this module turns labels into core hexes and back. Every function works without a map too (no
board: no hexes, nobody adjacent, nobody in LOS), so the map-less test scenario keeps running.

State keys kept here (see commander_family/state.py for the rest)::

    "map": board name | None
    "edges": [edge name of seat 0, edge name of seat 1]   # friendly board edges (7.2)
    "blaze": [hex labels]                                 # Blaze markers (T79), none yet placed
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache, wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from tactica.core.hexgrid import Hex, distance
from tactica.core.los import LosResult, Overlay

from .access import rules_of
from .state import OBJECTIVES
from .victory import set_control

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game
    from tactica.core.los import LosTable

G = TypeVar("G")
P = ParamSpec("P")
R = TypeVar("R")

FIGURE_LIMIT = 7
"""8.2: figures per hex and side in both Commander games (a game may set ``figure_limit``)."""
"""8.2: up to seven figures of one side may share a hex; eight or more is overstacked."""

BLOCKED = LosResult(False)


def board_of(g: Game) -> Board | None:
    rules = rules_of(g)
    b: Board | None = rules.board(g)
    return b


def table_of(g: Game) -> LosTable | None:
    rules = rules_of(g)
    t: LosTable | None = rules.los(g)
    return t


@lru_cache(maxsize=64)
def label_map(board: Board) -> dict[str, Hex]:
    """label -> hex of a board (a dict lookup instead of parsing a label each time)."""
    return {lab: board.hexes[i] for i, lab in enumerate(board.labels)}


def hex_of(g: Game, label: str) -> Hex:
    b = board_of(g)
    assert b is not None
    return label_map(b)[label]


def neighbours(g: Game, label: str) -> list[str]:
    b = board_of(g)
    if b is None or label is None:
        return []
    return list(neighbours_on(b, label))


@lru_cache(maxsize=8192)
def neighbours_on(b: Board, label: str) -> tuple[str, ...]:
    """The labels next to ``label`` on ``b``: the board never changes, so worked out once (speed)."""
    return tuple(b.label(n) for n in b.neighbors(label_map(b)[label]))


def hex_distance(g: Game, a: str, b: str) -> int:
    bd = board_of(g)
    assert bd is not None
    m = label_map(bd)
    return distance(m[a], m[b])


def within(g: Game, label: str, radius: int) -> frozenset[str]:
    """Hex labels at most ``radius`` hexes from ``label`` (3.3.1.1 counts out from the hex)."""
    b = board_of(g)
    if b is None:
        return frozenset({label})
    return _within(b, label, radius)


@lru_cache(maxsize=8192)
def _within(b: Board, label: str, radius: int) -> frozenset[str]:
    h = label_map(b)[label]
    return frozenset(b.labels[i] for i, x in enumerate(b.hexes) if distance(h, x) <= radius)


# ---------------------------------------------------------------- read-only scopes (speed)
CACHING = True
"""Debug switch: False turns every cache of derived facts off (scopes read the state afresh);
the tests compare play and options with and without them (tests/.../test_caches.py)."""

class Reading:
    """What a read-only computation (a decision's options, an Order's legality, a policy's
    choice on its view) would otherwise derive from one state again and again: the units on the
    map by hex, and results other modules memoize in ``memo`` (live stats, overlays). It exists
    only while :func:`reading` runs on that state, which must not change meanwhile. Nothing of
    it goes into the state."""

    __slots__ = ("_by_hex", "commands", "memo", "state", "values")

    def __init__(self, state: dict[str, Any]) -> None:
        self.state = state  # held so that id(state) names this state while the scope lives
        self._by_hex: dict[str, list[str]] | None = None
        self.memo: dict[Any, Any] = {}
        self.values: dict[str, dict[str, int]] = {}
        """stat name -> unit id -> live value (stats.stat_value): nested rather than keyed by
        a tuple, which would be built and hashed at every ask (speed)."""
        self.commands: dict[int, dict[str, int]] = {}
        """seat -> hex label -> the Command its Leaders give there (stats.leader_command)."""

    def by_hex(self) -> dict[str, list[str]]:
        """hex label -> the units on the map there (every seat), in id order."""
        if self._by_hex is None:
            idx: dict[str, list[str]] = {}
            for uid, u in self.state["units"].items():
                if u["where"] == "map":
                    idx.setdefault(u["hex"], []).append(uid)
            for us in idx.values():
                if len(us) > 1:
                    us.sort()
            self._by_hex = idx
        return self._by_hex


_READING: dict[int, Reading] = {}
"""id(state) -> its Reading, for the states a :func:`reading` scope is open on."""


def reading_of(g: Game) -> Reading | None:
    """The open read-only scope of ``g``'s state, if any."""
    return _READING.get(id(g.state)) if _READING else None


class reading:
    """Cache what is derived from ``g.state`` for the duration of the block (speed). The block
    must not change the state; nested scopes on the same state share the outer one. The engine
    opens one around the read-only part of every decision (``CommanderRules.reading``)."""

    __slots__ = ("_key", "_mine", "_r")

    def __init__(self, g: Any) -> None:
        self._key = id(g.state)
        r = _READING.get(self._key)
        self._mine = r is None and CACHING
        if self._mine:
            r = _READING[self._key] = Reading(g.state)
        self._r = r

    def __enter__(self) -> Reading | None:
        return self._r

    def __exit__(self, *exc: object) -> None:
        if self._mine:
            del _READING[self._key]


def read_only(fn: Callable[Concatenate[G, P], R]) -> Callable[Concatenate[G, P], R]:
    """Decorator: run ``fn(g, ...)`` inside :func:`reading` on ``g`` (``fn`` must not change
    the state)."""

    @wraps(fn)
    def run(g: G, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with reading(g):
            return fn(g, *args, **kwargs)

    return run


# ---------------------------------------------------------------- who is where
def units_in(g: Game, label: str, seat: int | None = None) -> list[str]:
    """Units in play in hex ``label`` (of ``seat`` only, if given), in id order."""
    r = reading_of(g)
    if r is not None:
        here = r.by_hex().get(label)
        if not here:
            return []
        units = g.state["units"]
        return [uid for uid in here if seat is None or units[uid]["seat"] == seat]
    out = [uid for uid, u in g.state["units"].items()
           if u["hex"] == label and u["where"] == "map" and (seat is None or u["seat"] == seat)]
    if len(out) > 1:
        out.sort()
    return out


def occupied(g: Game, seat: int) -> dict[str, list[str]]:
    """hex label -> the units of ``seat`` there."""
    out: dict[str, list[str]] = {}
    # the seat's units on the map first, then sorted: the same id order as sorting them all
    for uid, here in sorted([(uid, u["hex"]) for uid, u in g.state["units"].items()
                             if u["where"] == "map" and u["seat"] == seat and u["hex"] is not None]):
        out.setdefault(here, []).append(uid)
    return out


def seat_hexes(g: Game, seat: int) -> list[tuple[str, list[str]]]:
    """(hex label, ``seat``'s units there) for every hex holding some, from the scope's index
    when one is open (speed: "can some unit shoot" asks its sight once per hex, not per unit).
    The order of the hexes is not fixed (for checks that ask whether any unit can), and the
    lists may be the scope's own: read them, never change them."""
    r = reading_of(g)
    if r is None:
        return list(occupied(g, seat).items())
    key = ("seat_hexes", seat)
    out: list[tuple[str, list[str]]] | None = r.memo.get(key)
    if out is None:
        units = g.state["units"]
        out = r.memo[key] = []
        for h, us in r.by_hex().items():
            if h is None:
                continue
            if len(us) == 1:  # most hexes hold one unit: its list is shared, not copied
                if units[us[0]]["seat"] == seat:
                    out.append((h, us))
            else:
                mine = [u for u in us if units[u]["seat"] == seat]
                if mine:
                    out.append((h, mine))
    return out


FIGURES_BY_TYPE: set[Callable[..., int]] = set()
"""``stack_figures`` implementations whose answer depends on the unit's type alone (the
family's default): :func:`figures` then asks each type once per rules object (speed: the
stacking checks of placement and movement add up figures hundreds of thousands of times a
game). A game that overrides the hook is asked about every unit, as before."""


def _type_figures(rules: Any) -> dict[str, int] | None:
    """Unit type -> its figures, filled as types are met, when the game's ``stack_figures``
    reads the type alone (None otherwise)."""
    per: dict[str, int] | None = rules.derived.get("figures")
    if per is None and getattr(rules.stack_figures, "__func__", None) in FIGURES_BY_TYPE:
        per = rules.derived["figures"] = {}
    return per


def figures(g: Game, uids: list[str]) -> int:
    """8.2: the figures ``uids`` count for stacking (the rules' ``stack_figures`` hook)."""
    rules = rules_of(g)
    per = _type_figures(rules)
    if per is None:
        return sum(rules.stack_figures(g, u) for u in uids)
    units = g.state["units"]
    total = 0
    for u in uids:
        t = units[u]["type"]
        n = per.get(t)
        if n is None:
            n = per[t] = rules.stack_figures(g, u)
        total += n
    return total


STACK_BY_FIGURES: set[Callable[..., bool]] = set()
"""``stack_ok`` implementations that are "the figures (:func:`figures`) within the game's
``figure_limit``" (the family's default): :func:`overstacked` then adds up the figures of every
hex in one pass over the units."""


def overstacked(g: Game, seat: int) -> list[str]:
    """8.2: hexes where ``seat``'s units break the game's stacking limit (``stack_ok``: eight
    or more figures by default), in label order. With the default ``stack_ok`` and figures by
    unit type, one pass adds up the figures per hex (speed: checked for both sides at the end
    of every Turn); otherwise the game's hook is asked about each hex's units."""
    rules = rules_of(g)
    per = _type_figures(rules)
    if per is None or getattr(rules.stack_ok, "__func__", None) not in STACK_BY_FIGURES:
        return sorted(h for h, us in occupied(g, seat).items() if not rules.stack_ok(g, us))
    total: dict[str, int] = {}
    for uid, u in g.state["units"].items():
        h = u["hex"]
        if u["where"] == "map" and u["seat"] == seat and h is not None:
            n = per.get(u["type"])
            if n is None:
                n = per[u["type"]] = rules.stack_figures(g, uid)
            total[h] = total.get(h, 0) + n
    limit = rules.figure_limit
    return sorted(h for h, n in total.items() if n > limit)


# ---------------------------------------------------------------- LOS with markers
def overlay(g: Game) -> Overlay | None:
    """Smoke hinders (10.3.4), Blaze blocks (10.2.1): the markers in play as a LOS overlay, with
    the game's other marker hindrances (GWC Gas) and pieces that hinder in between (GWC 10.1.1
    Tanks)."""
    r = reading_of(g)
    if r is None:
        return _overlay(g)
    ov: Overlay | bool | None = r.memo.get("overlay", False)
    if ov is False:
        ov = r.memo["overlay"] = _overlay(g)
    return ov  # type: ignore[return-value]


def _overlay(g: Game) -> Overlay | None:
    s = g.state
    smoke = s.get("smoke") or {}
    blaze = s.get("blaze") or []
    rules = rules_of(g)
    more = rules.marker_hindrances(g)  # GWC T107: Gas hinders 1
    between = rules.between_hindrances(g)  # GWC 10.1.1: Tanks hinder 1 in between
    if not smoke and not blaze and not more and not between:
        return None
    b = board_of(g)
    assert b is not None
    m = label_map(b)
    hinder = {m[h]: int(v) for h, v in smoke.items()}
    for h, v in more.items():
        hx = m[h]
        hinder[hx] = max(hinder.get(hx, 0), int(v))
    return _overlay_of(b, tuple(m[x] for x in blaze), tuple(hinder.items()),
                       tuple((m[h], int(v)) for h, v in between.items()))


@lru_cache(maxsize=256)
def _overlay_of(
    b: Board, blaze: tuple[Hex, ...], hinder: tuple[tuple[Hex, int], ...],
    between: tuple[tuple[Hex, int], ...],
) -> Overlay:
    """The same markers give the same (immutable) overlay: built once (speed: every read scope
    asks for it, the markers seldom change)."""
    return Overlay.of(b, block=blaze, hinder=dict(hinder), hinder_between=dict(between))


def los(g: Game, a: str, b: str, ov: Overlay | None = None) -> LosResult:
    """LOS from hex ``a`` to hex ``b`` now (units never block, 10.1.1)."""
    t = table_of(g)
    if t is None:
        return BLOCKED
    m = label_index(t.board)
    return t.result(m[a], m[b], ov if ov is not None else overlay(g))


@lru_cache(maxsize=64)
def label_index(board: Board) -> dict[str, int]:
    """label -> the hex's dense index on ``board`` (the index LOS tables and masks use)."""
    return {lab: i for i, lab in enumerate(board.labels)}


def hex_mask(board: Board, labels: Iterable[str]) -> int:
    """The bitmask of hexes ``labels`` (bit i: dense index i)."""
    idx = label_index(board)
    m = 0
    for lab in labels:
        m |= 1 << idx[lab]
    return m


def seat_mask(g: Game, seat: int) -> int:
    """The bitmask of the hexes holding ``seat``'s units on the map (0 without a map), once per
    read scope: "can some unit hit an enemy" ANDs it with sight masks (speed)."""
    r = reading_of(g)
    if r is None:
        return _seat_mask(g, seat)
    key = ("seat_mask", seat)
    m: int | None = r.memo.get(key)
    if m is None:
        m = r.memo[key] = _seat_mask(g, seat)
    return m


def _seat_mask(g: Game, seat: int) -> int:
    b = board_of(g)
    if b is None:
        return 0
    idx = label_index(b)
    m = 0
    for u in g.state["units"].values():
        if u["where"] == "map" and u["seat"] == seat and u["hex"] is not None:
            m |= 1 << idx[u["hex"]]
    return m


@lru_cache(maxsize=1 << 16)
def sight_mask(table: LosTable, i: int, low: int, high: int) -> int:
    """The hexes at ``low``..``high`` hexes from hex ``i`` that it sees on the bare map, as a
    bitmask: the map never changes, so each (hex, range band) is worked out once, and whether a
    piece has some enemy in Range and LOS is one ``&`` (speed). Markers in play can only take
    sight away (Blaze blocks, Smoke only hinders): see :func:`sees_any`. A table derived for
    GWC's terrain markers starts from its parent's mask and asks again only the pairs the
    markers may have changed."""
    parent, differs = table.derived_from(i)
    if parent is not None:
        m = sight_mask(parent, i, low, high)
        todo = differs & _band_mask(table.board.hexes, i, low, high)
        m &= ~todo
        while todo:
            bit = todo & -todo
            if table.clear(i, bit.bit_length() - 1):
                m |= bit
            todo ^= bit
        return m
    m = 0
    for j in _band(table.board.hexes, i, low, high):
        if table.clear(i, j):
            m |= 1 << j
    return m


@lru_cache(maxsize=1 << 14)
def _band_mask(hexes: tuple[Hex, ...], i: int, low: int, high: int) -> int:
    m = 0
    for j in _band(hexes, i, low, high):
        m |= 1 << j
    return m


@lru_cache(maxsize=1 << 14)
def _band(hexes: tuple[Hex, ...], i: int, low: int, high: int) -> tuple[int, ...]:
    """The indices of ``hexes`` at ``low``..``high`` hexes from hex ``i``: the geometry alone, so
    shared by every LOS table of one map (GWC's marked boards keep its hexes)."""
    here = hexes[i]
    return tuple(j for j, h in enumerate(hexes) if low <= distance(here, h) <= high)


def sees_any(table: LosTable, i: int, low: int, high: int, targets: int, ov: Overlay | None) -> bool:
    """Does hex ``i`` have LOS to some hex of the bitmask ``targets`` at ``low``..``high`` hexes,
    with the markers ``ov`` in play? (The same answer as asking :func:`los` for each.)"""
    m = sight_mask(table, i, low, high) & targets
    if not m or ov is None or not (ov.block or ov.block_ends or ov.screen):
        return bool(m)  # Smoke only hinders: a clear line stays clear
    while m:
        low_bit = m & -m
        if table.result(i, low_bit.bit_length() - 1, ov).clear:
            return True
        m ^= low_bit
    return False


# ---------------------------------------------------------------- edges (7.2)
def edge_hexes(g: Game, seat: int) -> list[str]:
    """The hexes along ``seat``'s friendly board edge (7.2)."""
    b = board_of(g)
    edges = g.state.get("edges")
    if b is None or not edges:
        return []
    return list(_edge_labels(b, edges[seat]))


@lru_cache(maxsize=64)
def _edge_labels(b: Board, edge: str) -> tuple[str, ...]:
    """The labels along a board edge: the board never changes, so worked out once (speed)."""
    return tuple(b.label(h) for h in b.edges[edge])


def enemy_edge_hexes(g: Game, seat: int) -> list[str]:
    """The edge ``seat``'s units may exit by (7.2.1): the opponent's friendly edge."""
    return edge_hexes(g, 1 - seat)


def on_edge(g: Game, label: str, seat: int) -> bool:
    """Is hex ``label`` on ``seat``'s friendly board edge (7.2)? (``label in edge_hexes``
    without copying the edge, speed: movement asks it of every unit it looks at.)"""
    b = board_of(g)
    edges = g.state.get("edges")
    if b is None or not edges:
        return False
    return label in _edge_set(b, edges[seat])


def on_enemy_edge(g: Game, label: str, seat: int) -> bool:
    """Is hex ``label`` on the edge ``seat``'s units may exit by (7.2.1)?"""
    return on_edge(g, label, 1 - seat)


@lru_cache(maxsize=64)
def _edge_set(b: Board, edge: str) -> frozenset[str]:
    return frozenset(_edge_labels(b, edge))


# ---------------------------------------------------------------- objectives (7.3.1)
def on_path(board: Board, h: Hex, kind: str = "road") -> bool:
    """True if a road (or other path kind) runs into hex ``h`` (CC T92, T93, T96)."""
    return any(board.road(h, n, kind) for n in board.neighbors(h))


def objective_hex_labels(g: Game) -> set[str]:
    """Every hex of every Objective in play (a multi-hex Building counts all its hexes, 7.3.1.1)."""
    out: set[str] = set()
    for o in g.state["objectives"].values():
        out.update(o.get("hexes") or ([o["hex"]] if o.get("hex") else []))
    return out


def update_objectives(g: Game) -> None:
    """7.3.1: an Objective belongs to the last side to have occupied its hex alone."""
    s = g.state
    held = {o: obj.get("hexes") or ([obj["hex"]] if obj["hex"] is not None else [])
            for o, obj in ((o, s["objectives"][o]) for o in OBJECTIVES)}
    wanted = {h for hexes in held.values() for h in hexes}
    seats_at: dict[str, set[int]] = {}  # Objective hex -> the seats with units there (one pass)
    for u in s["units"].values():
        h = u["hex"]
        if h in wanted and u["where"] == "map":  # most units stand on no Objective: asked first
            seats_at.setdefault(h, set()).add(u["seat"])
    for o in OBJECTIVES:
        obj = s["objectives"][o]
        hexes = held[o]
        if not hexes:
            continue  # 7.3.1.1: a multi-hex Building Objective is all of its hexes
        seats: set[int] = set()
        for h in hexes:
            seats |= seats_at.get(h, set())
        if len(seats) == 1:
            (only,) = seats
            if obj["owner"] != only:
                rules = rules_of(g)
                takers = sorted(uid for uid, u in s["units"].items()
                                if u["where"] == "map" and u["hex"] in hexes and u["seat"] == only)
                if not any(rules.takes_control(g, uid) for uid in takers):
                    continue  # GWC 7.3.1.3: a Runner alone takes no Objective
                set_control(g, o, int(only))
                rules.control_taken(g, o, int(only), takers)
            if g.is_terminal():
                return
