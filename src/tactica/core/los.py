"""Line of sight: one service (:class:`LosTable`) with pluggable, game-configured policies.

Geometry comes from :func:`tactica.core.hexgrid.trace_line` (exact, with hexside grazes and
corner passes reported). A :class:`LosPolicy` turns a traced line on a :class:`Board` into a
:class:`LosResult`; the policies here implement the LOS rules of the rulebook families tactica
plays, each configured by the game with its own terrain names, so nothing here knows a game.

Because a board never changes, :class:`LosTable` evaluates every ordered pair once, and a query
is a flat list lookup. What changes in play (smoke, blazes, units) is passed as an
:class:`Overlay`; the table keeps, for every clear pair, the bitmask of hexes the line touches,
so an overlay that misses the line costs one ``&`` and only a touched line goes back to the
policy. Overlays can only add obstructions, so a pair the map blocks stays blocked.

See docs/los.md for the rules each policy follows and the simplifications made.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from .board import Board
from .hexgrid import Edge, Hex, LineTrace, distance, trace_line


class LosResult(NamedTuple):
    """Outcome for one pair: ``clear``; the ``hindrance`` that applies (0 when none or blocked);
    the hex (``blocked_by``) or hexside (``blocked_edge``) that blocks, when blocked."""

    clear: bool
    hindrance: int = 0
    blocked_by: Hex | None = None
    blocked_edge: Edge | None = None


CLEAR = LosResult(True)


class Sight(NamedTuple):
    """A traced line as policies see it: the ends, their dense indices and the exact trace.

    ``ids`` runs parallel to ``trace.steps`` with each hex's board index (-1 when the line
    strays off the board, e.g. along a ragged map edge).
    """

    a: Hex
    b: Hex
    ia: int
    ib: int
    distance: int
    trace: LineTrace
    ids: tuple[tuple[int, ...], ...]


def _name(board: Board, h: Hex) -> str:
    """A hex's printed label, or where it lies when the line strays off the map."""
    return board.label(h) if h in board.index else f"off-map {h}"


def sight(board: Board, a: Hex, b: Hex) -> Sight:
    """Trace the line between two hexes of ``board``."""
    t = trace_line(a, b)
    get = board.index.get
    ids = tuple([tuple([get(h, -1) for h in s]) for s in t.steps])
    return Sight(a, b, board.index[a], board.index[b], distance(a, b), t, ids)


@dataclass(frozen=True)
class Overlay:
    """Per-hex effects of things that change during play, by dense hex index (bit i = hex i).

    * ``block``: fills the whole hex and blocks any line that touches it between the ends, along
      a hexside or at a corner included (CC 10.2.1 Blaze).
    * ``block_ends``: like ``block`` but also when it is the firer's or target's hex (CI 7.4
      smoke blocks LOS into and out of its hex).
    * ``screen``: obstructs like blocking terrain and follows the policy's own rule for a line
      along a hexside (units in Commands & Colors, friendly units in Combat Infantry 6.4).
    * ``hinder``: hex index -> hindrance of a marker filling the hex; counts whenever the line
      touches the hex, the end hexes included (CC 10.3.4 Smoke); the largest value applies.
    * ``hinder_between``: the same, but only where the hex lies between the ends (GWC 10.1.1: a
      Tank in an intervening hex hinders; one in the firer's or target's hex does not).

    Markers fill their hex, so ``block``, ``block_ends`` and ``hinder`` mean the same under every
    policy and :class:`LosTable` applies them itself; only ``screen`` goes back to the policy.
    """

    block: int = 0
    block_ends: int = 0
    screen: int = 0
    hinder: Mapping[int, int] = field(default_factory=dict)
    hinder_between: Mapping[int, int] = field(default_factory=dict)
    hmask: int = field(init=False, repr=False, compare=False)
    bmask: int = field(init=False, repr=False, compare=False)
    inner: int = field(init=False, repr=False, compare=False)
    outer: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        hind = MappingProxyType({i: v for i, v in sorted(self.hinder.items()) if v > 0})
        hmask = 0
        for i in hind:
            hmask |= 1 << i
        between = MappingProxyType({i: v for i, v in sorted(self.hinder_between.items()) if v > 0})
        bmask = 0
        for i in between:
            bmask |= 1 << i
        object.__setattr__(self, "hinder", hind)
        object.__setattr__(self, "hmask", hmask)
        object.__setattr__(self, "hinder_between", between)
        object.__setattr__(self, "bmask", bmask)
        object.__setattr__(self, "inner", self.block | self.block_ends | self.screen | hmask | bmask)
        object.__setattr__(self, "outer", self.block_ends | hmask)

    def __hash__(self) -> int:
        return hash((self.block, self.block_ends, self.screen, tuple(self.hinder.items()),
                     tuple(self.hinder_between.items())))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Overlay, (self.block, self.block_ends, self.screen, dict(self.hinder),
                          dict(self.hinder_between)))

    @classmethod
    def of(
        cls,
        board: Board,
        *,
        block: Iterable[Hex] = (),
        block_ends: Iterable[Hex] = (),
        screen: Iterable[Hex] = (),
        hinder: Mapping[Hex, int] | None = None,
        hinder_between: Mapping[Hex, int] | None = None,
    ) -> Overlay:
        """Build an overlay from hexes instead of indices."""
        return cls(
            block=board.mask(block),
            block_ends=board.mask(block_ends),
            screen=board.mask(screen),
            hinder={board.index[h]: v for h, v in (hinder or {}).items()},
            hinder_between={board.index[h]: v for h, v in (hinder_between or {}).items()},
        )


class LosPolicy(Protocol):
    """Decides LOS for one traced line. ``symmetric`` policies give the same answer both ways,
    which lets the table evaluate each unordered pair once. When ``notes`` is a list, the policy
    appends one line per decision it takes, citing the rule, for the log and the UI."""

    symmetric: bool

    def evaluate(
        self, board: Board, s: Sight, overlay: Overlay | None = None, notes: list[str] | None = None
    ) -> LosResult: ...


# ---------------------------------------------------------------------------------------------
# Helpers shared by the policies
# ---------------------------------------------------------------------------------------------


def _corner_hexes(board: Board, s: Sight) -> list[tuple[Hex, int]]:
    """Hexes the line touches only at a corner, with their board index (-1 off the board)."""
    return [(h, board.index.get(h, -1)) for c in s.trace.corners if (h := c.touch_only) is not None]


def touched_order(board: Board, s: Sight, reverse: bool = False) -> tuple[int, ...]:
    """Board indices of every hex the line touches: the steps in order, then corner-only hexes.

    ``reverse`` gives the order the same line has when traced from ``s.b`` to ``s.a``.
    """
    ids = reversed(s.ids) if reverse else s.ids
    corners = [i for _, i in _corner_hexes(board, s) if i >= 0]
    out = [i for idx in ids for i in idx if i >= 0]
    out.extend(reversed(corners) if reverse else corners)
    return tuple(out)


def _overlay_marks(board: Board, s: Sight, ov: Overlay, notes: list[str] | None) -> tuple[Hex | None, int]:
    """Whole-hex overlay effects (``block``, ``block_ends``, ``hinder``): blocking hex, hindrance."""
    hind = 0
    for i in touched_order(board, s):
        bit = 1 << i
        if ov.block_ends & bit or (ov.block & bit and i != s.ia and i != s.ib):
            if notes is not None:
                notes.append(f"{board.labels[i]}: blocking marker fills the hex")
            return board.hexes[i], 0
        v = ov.hinder.get(i, 0)
        if i != s.ia and i != s.ib:
            v = max(v, ov.hinder_between.get(i, 0))
        if v > hind:
            hind = v
            if notes is not None:
                notes.append(f"{board.labels[i]}: hindrance marker {v}")
    return None, hind


def overlaid_marks(
    board: Board, i: int, j: int, r: LosResult, touch: int, order: tuple[int, ...], ov: Overlay
) -> LosResult:
    """The clear result ``r`` of hexes ``i`` to ``j`` under the whole-hex marks of ``ov`` (all
    but ``screen``), from the bitmask ``touch`` of the hexes its line touches between the ends and
    ``order``, :func:`touched_order` of the line: the answer ``evaluate`` gives with the overlay
    (speed: no second walk along the line)."""
    ends = (1 << i) | (1 << j)
    both = touch | ends
    if ov.block & touch or ov.block_ends & both:
        for x in order:
            bit = 1 << x
            if ov.block_ends & bit or (ov.block & bit and x != i and x != j):
                return LosResult(False, 0, board.hexes[x])
    hind = r.hindrance
    for m, marks in ((ov.hmask & both, ov.hinder), (ov.bmask & touch, ov.hinder_between)):
        while m:  # the few marked hexes on the line, not every mark in play (GWC: Gas, Tanks)
            bit = m & -m
            v = marks[bit.bit_length() - 1]
            if v > hind:
                hind = v
            m ^= bit
    return LosResult(True, hind) if hind > r.hindrance else r


def _edge_name(board: Board, e: Edge) -> str:
    lab = board.layout.label
    try:
        return f"{lab(e[0])}/{lab(e[1])}"
    except ValueError:
        return f"{e[0]}/{e[1]}"


class NoLos:
    """Every hex sees every hex: for games without line of sight (Commandos: Europe has none)."""

    symmetric = True

    def evaluate(
        self, board: Board, s: Sight, overlay: Overlay | None = None, notes: list[str] | None = None
    ) -> LosResult:
        if notes is not None:
            notes.append("this game has no line-of-sight restriction")
        return CLEAR


# ---------------------------------------------------------------------------------------------
# Commands & Colors family (The Great War, rulebook 003)
# ---------------------------------------------------------------------------------------------


class CommandsColorsLos:
    """C&C LOS (003, Ranged Combat step 3): a line is blocked when any hex, or part of one,
    between firer and target holds an obstruction: blocking terrain, a unit (``screen``
    overlay) or a half-hex at the board edge. A line running exactly along a hexside is blocked
    only if both hexes beside it are obstructed. Terrain in the firer's and target's hexes never
    blocks. A line that only touches a hex's corner does not pass through it. No hindrances."""

    symmetric = True
    screen_graze_both = True
    """Screens obey the graze rule, so LosTable can answer screened queries from bitmasks."""

    def __init__(
        self,
        blocking: Iterable[str],
        *,
        half_hexes_block: bool = True,
        blocking_hexsides: Iterable[str] = (),
    ) -> None:
        self.blocking = frozenset(blocking)
        self.half_hexes_block = half_hexes_block
        self.blocking_hexsides = frozenset(blocking_hexsides)

    def obstructed(self, board: Board, i: int, screen: int) -> str | None:
        if i < 0:
            return None
        hit = board.features[i] & self.blocking
        if hit:
            return "/".join(sorted(hit))
        if self.half_hexes_block and board.half[i]:
            return "half-hex"
        if screen >> i & 1:
            return "unit"
        return None

    def evaluate(
        self, board: Board, s: Sight, overlay: Overlay | None = None, notes: list[str] | None = None
    ) -> LosResult:
        screen = overlay.screen if overlay else 0
        steps, ids = s.trace.steps, s.ids
        for k in range(1, len(steps) - 1):
            why = [self.obstructed(board, i, screen) for i in ids[k]]
            if all(why):
                h = steps[k][0]
                if notes is not None:
                    pairs = zip(steps[k], why, strict=True)
                    where = " and ".join(f"{_name(board, x)} ({w})" for x, w in pairs)
                    rule = "obstructions on both sides of the hexside" if len(why) == 2 else "obstruction"
                    notes.append(f"{where}: {rule} blocks")
                return LosResult(False, 0, h)
            if notes is not None and any(why):
                x = next(x for x, w in zip(steps[k], why, strict=True) if w)
                notes.append(
                    f"{_name(board, x)}: obstructed, but the line runs along its hexside "
                    "and the other side is clear"
                )
        for e in s.trace.crossed + s.trace.along:
            if board.hexsides.get(e, frozenset()) & self.blocking_hexsides:
                if notes is not None:
                    notes.append(f"hexside {_edge_name(board, e)} blocks")
                return LosResult(False, 0, None, e)
        if overlay:
            mark, hind = _overlay_marks(board, s, overlay, notes)
            if mark is not None:
                return LosResult(False, 0, mark)
            return LosResult(True, hind)
        return CLEAR


# ---------------------------------------------------------------------------------------------
# Combat Infantry (rulebook 004, 6.4 and 6.41)
# ---------------------------------------------------------------------------------------------


class CombatInfantryLos:
    """Combat Infantry LOS (004 6.4, 6.41, TEC).

    * Blocking hex terrain touched anywhere between the ends blocks, also along a hexside
      (``corner_touch_blocks`` decides a line that only touches a corner; default: it blocks).
      Terrain inside the two end hexes is ignored.
    * Blocking hexside terrain blocks wherever the line crosses or runs along it, the end hexes'
      own sides included (6.4), except that adjacent hexes always see each other unless their
      shared hexside is in ``adjacent_blocking_hexsides`` (hedges).
    * Elevation: ground higher than both ends blocks (6.4). With ends at different levels, each
      intervening obstruction (ground above the lower end, or blocking terrain at the lower end's
      level) casts a shadow: the lower end must be at least as far from it, in hexes, as the
      higher end is (6.41); blocking terrain at the higher end's level blocks outright.
    * ``screen`` overlay (friendly units): blocks fire through their hex, along a hexside only when
      both sides are screened; a higher end fires over an adjacent lower screened hex (6.41).
    """

    symmetric = True

    def __init__(
        self,
        blocking: Iterable[str],
        blocking_hexsides: Iterable[str] = (),
        *,
        adjacent_blocking_hexsides: Iterable[str] = (),
        corner_touch_blocks: bool = True,
    ) -> None:
        self.blocking = frozenset(blocking)
        self.blocking_hexsides = frozenset(blocking_hexsides)
        self.adjacent_blocking_hexsides = frozenset(adjacent_blocking_hexsides)
        self.corner_touch_blocks = corner_touch_blocks

    def _hex(self, board: Board, s: Sight, h: Hex, i: int, notes: list[str] | None) -> bool:
        """True if intervening hex ``h`` blocks the line."""
        if i < 0:
            return False
        elev = board.elevation
        ea, eb, e = elev[s.ia], elev[s.ib], elev[i]
        lo, hi = min(ea, eb), max(ea, eb)
        wood = bool(board.features[i] & self.blocking)
        lab = board.labels[i]
        if e > hi:
            if notes is not None:
                notes.append(f"{lab}: level {e} ground is higher than both ends (6.4)")
            return True
        if wood and e == hi:
            if notes is not None:
                notes.append(f"{lab}: blocking terrain at level {e} (6.4)")
            return True
        if lo == hi or not (e > lo or (wood and e == lo)):
            return False
        low, high = (s.a, s.b) if ea < eb else (s.b, s.a)
        d_low, d_high = distance(h, low), distance(h, high)
        if d_low < d_high:
            if notes is not None:
                notes.append(
                    f"{lab}: lower end {_name(board, low)} is {d_low} hex(es) behind it, nearer than the "
                    f"higher end's {d_high}: blind hex (6.41)"
                )
            return True
        return False

    def evaluate(
        self, board: Board, s: Sight, overlay: Overlay | None = None, notes: list[str] | None = None
    ) -> LosResult:
        tr = s.trace
        if s.distance == 1:
            e = tr.crossed[0]
            if board.hexsides.get(e, frozenset()) & self.adjacent_blocking_hexsides:
                if notes is not None:
                    notes.append(f"hexside {_edge_name(board, e)} blocks even between adjacent hexes (6.4)")
                return LosResult(False, 0, None, e)
            if overlay and overlay.block_ends & ((1 << s.ia) | (1 << s.ib)):
                h = s.a if overlay.block_ends >> s.ia & 1 else s.b
                return LosResult(False, 0, h)
            if notes is not None:
                notes.append("adjacent hexes always see each other (6.4)")
            if overlay is None:
                return CLEAR
            return LosResult(True, max(overlay.hinder.get(s.ia, 0), overlay.hinder.get(s.ib, 0)))
        touched = [
            (h, i) for k in range(1, len(tr.steps) - 1) for h, i in zip(tr.steps[k], s.ids[k], strict=True)
        ]
        if self.corner_touch_blocks:
            touched.extend(_corner_hexes(board, s))
        for h, i in touched:
            if self._hex(board, s, h, i, notes):
                return LosResult(False, 0, h)
        edges = list(tr.crossed + tr.along)
        if self.corner_touch_blocks:
            for c in tr.corners:
                x, y, z = c.hexes
                edges.extend(((x, y), (x, z), (y, z)))
        for e in edges:
            if board.hexsides.get(e, frozenset()) & self.blocking_hexsides:
                if notes is not None:
                    notes.append(f"hexside {_edge_name(board, e)} blocks (6.4: hexside terrain always does)")
                return LosResult(False, 0, None, e)
        if overlay is None:
            return CLEAR
        blocker = self._screened(board, s, overlay.screen, notes)
        if blocker is not None:
            return LosResult(False, 0, blocker)
        mark, hind = _overlay_marks(board, s, overlay, notes)
        return LosResult(False, 0, mark) if mark is not None else LosResult(True, hind)

    def _screened(self, board: Board, s: Sight, screen: int, notes: list[str] | None) -> Hex | None:
        if not screen:
            return None
        elev = board.elevation
        steps, ids = s.trace.steps, s.ids
        for k in range(1, len(steps) - 1):
            hit = []
            for h, i in zip(steps[k], ids[k], strict=True):
                if i < 0 or not screen >> i & 1:
                    continue
                over = (k == 1 and elev[s.ia] > elev[i]) or (k == len(steps) - 2 and elev[s.ib] > elev[i])
                if over:
                    if notes is not None:
                        notes.append(f"{board.labels[i]}: adjacent lower units are fired over (6.41)")
                    continue
                hit.append(h)
            if hit and len(hit) == len(steps[k]):
                if notes is not None:
                    notes.append(f"{_name(board, hit[0])}: units screen the line (6.4)")
                return hit[0]
        return None


# ---------------------------------------------------------------------------------------------
# Combat Commander (rulebook 000, rule 10 and T88)
# ---------------------------------------------------------------------------------------------


class CombatCommanderLos:
    """Combat Commander LOS (CC 10, T86, T88, T93), with hills taken whole-hex.

    Simplification: CC draws hills as artwork with crest lines inside the hexes (T88.3.1). Here
    each hex has one level (the level under its centre dot) and the crest-line tests of T88.3.2
    become: a line between different levels is blocked by any intervening hex at or above the
    higher end's level (the line would cross a crest line of equal or greater height). Likewise
    obstacle and hindrance artwork is taken to fill its hex, so a line exactly along a hexside is
    blocked (or hindered) only when both hexes beside it are (the smaller hindrance of the two
    counts); wall/hedge hexsides block along their hexspine (10.1). A hexside's level is the higher
    of its two hexes. Touching a hex only at a corner does not touch its artwork.

    Parameters are the game's terrain names: ``obstacles`` (10.2), ``hindrances`` name -> value
    (10.3), ``hexside_obstacles`` / ``hexside_hindrances`` (walls, hedges / fences), ``blind``
    (terrain creating a blind hex, T88.4.1), ``sunken`` (Gully, T86) and ``road_kinds`` (a line
    traced exactly along such a road ignores the terrain of the hexes it follows, T93).

    Two options for games whose rules say more than Combat Commander's (both off by default):
    ``hexside_fill`` (GWC 10.3, T99.4: hindering terrain fills its hex, so a line exactly along a
    hexside is hindered by the larger hindrance of the two hexes beside it, unless both block)
    and ``edge_mirror`` (GWC 10.4: the off-map side of a map-edge hexside is a copy of the edge
    hex, so a line along the board's edge is blocked or hindered by what the edge hex holds).
    ``depth`` (name -> n) is terrain a line sees into but not through: the n-th intervening hex of
    it (at the higher end's level or above) blocks (GWC T124.1 Destroyed Woods: 2); below the
    higher end, from the n-th on each hides the hex right behind it (GWC T110.4.1).
    """

    symmetric = True

    def __init__(
        self,
        obstacles: Iterable[str],
        hindrances: Mapping[str, int] | None = None,
        *,
        hexside_obstacles: Iterable[str] = (),
        hexside_hindrances: Mapping[str, int] | None = None,
        blind: Iterable[str] = (),
        sunken: Iterable[str] = (),
        road_kinds: Iterable[str] = (),
        hexside_fill: bool = False,
        edge_mirror: bool = False,
        depth: Mapping[str, int] | None = None,
    ) -> None:
        self.hexside_fill = hexside_fill
        self.edge_mirror = edge_mirror
        self.depth = dict(depth or {})
        self._deep_names = frozenset(self.depth)
        self.obstacles = frozenset(obstacles)
        self.hindrances = dict(hindrances or {})
        self.hexside_obstacles = frozenset(hexside_obstacles)
        self.hexside_hindrances = dict(hexside_hindrances or {})
        self.blind = frozenset(blind)
        self.sunken = frozenset(sunken)
        self.road_kinds = tuple(road_kinds)
        # the hex terrain this policy reads: a hex whose other terrain changes changes no line
        self.los_terrain = (self.obstacles | frozenset(self.hindrances) | self.blind | self.sunken
                            | self._deep_names)

    def _along_road(self, board: Board, steps: tuple[tuple[Hex, ...], ...], k: int) -> bool:
        p, h, q = steps[k - 1], steps[k], steps[k + 1]
        if len(p) != 1 or len(h) != 1 or len(q) != 1:
            return False
        (p0, p1), (h0, h1), (q0, q1) = p[0], h[0], q[0]
        if (h0 - p0, h1 - p1) != (q0 - h0, q1 - h1):
            return False
        return any(board.road(p[0], h[0], kind) and board.road(h[0], q[0], kind) for kind in self.road_kinds)

    def _hex(
        self, board: Board, s: Sight, k: int, h: Hex, i: int, road: bool, notes: list[str] | None
    ) -> int:
        """-1 if intervening hex ``h`` (step ``k``) blocks, else the hindrance it adds."""
        if i < 0:
            return 0
        elev = board.elevation
        ea, eb, e = elev[s.ia], elev[s.ib], elev[i]
        lo, hi = min(ea, eb), max(ea, eb)
        lab = board.labels[i]
        if e > hi:
            if notes is not None:
                notes.append(f"{lab}: level-{e} hill between two lower hexes (T88.3.3)")
            return -1
        if lo < hi and e == hi:
            if notes is not None:
                notes.append(f"{lab}: crest of level {e} between the ends (T88.3.2)")
            return -1
        feats = board.features[i]
        if road:
            if notes is not None and (feats & self.obstacles or any(f in self.hindrances for f in feats)):
                notes.append(f"{lab}: the line runs exactly along the road; its terrain is ignored (T93)")
            return 0
        obst = feats & self.obstacles
        if obst:
            if e >= hi:
                if notes is not None:
                    notes.append(f"{lab}: {'/'.join(sorted(obst))} obstacle at level {e} (10.2, T88.4)")
                return -1
            if feats & self.blind:
                last = len(s.trace.steps) - 1
                if (k == last - 1 and eb <= e < ea) or (k == 1 and ea <= e < eb):
                    if notes is not None:
                        end = s.b if k == last - 1 else s.a
                        notes.append(f"{_name(board, end)} is the blind hex behind {lab} (T88.4.1)")
                    return -1
            if notes is not None:
                notes.append(f"{lab}: obstacle below level {hi}, seen over (T88.4)")
        hind = 0
        if e >= hi:
            for f in feats:
                v = self.hindrances.get(f, 0)
                if v > hind:
                    hind = v
            if hind and notes is not None:
                notes.append(f"{lab}: hindrance {hind} (10.3)")
        elif notes is not None and any(f in self.hindrances for f in feats):
            notes.append(f"{lab}: hindrance below level {hi} ignored (T88.5)")
        return hind

    def _deep(self, board: Board, s: Sight, k: int, seen: dict[str, int], notes: list[str] | None) -> bool:
        """Count step ``k`` toward the ``depth`` terrain it lies in (both sides of a hexside, the
        off-map side mirrored under ``edge_mirror``); True once a count reaches its limit."""
        ids = [i for i in s.ids[k] if i >= 0] if self.edge_mirror else list(s.ids[k])
        hi = max(board.elevation[s.ia], board.elevation[s.ib])
        kinds = {next((f for f in board.features[i] if f in self.depth), None)
                 if i >= 0 and board.elevation[i] >= hi else None for i in ids}
        if len(kinds) != 1 or None in kinds:
            return False
        kind = kinds.pop()
        assert kind is not None
        seen[kind] = seen.get(kind, 0) + 1
        if seen[kind] < self.depth[kind]:
            return False
        if notes is not None:
            notes.append(f"{_name(board, s.trace.steps[k][0])}: the line has gone {seen[kind]} hexes "
                         f"deep into {kind} (T124.1)")
        return True

    def _deep_blind(self, board: Board, s: Sight, notes: list[str] | None) -> Hex | None:
        """T110.4.1 with T124.1: seen from higher up, lower ``depth`` terrain is seen into n hexes
        and from the n-th on each hides the hex right behind it at or below its level (the blind
        hex, both ways). The hex of that terrain next to the lower end, if the line is blind."""
        elev = board.elevation
        ea, eb = elev[s.ia], elev[s.ib]
        if ea == eb or s.distance < 3:
            return None
        hi, low = max(ea, eb), min(ea, eb)
        near = len(s.ids) - 2 if ea > eb else 1  # the step beside the lower end

        def kind(k: int) -> str | None:
            ks = {next((f for f in board.features[i] if f in self.depth), None)
                  if i >= 0 and elev[i] < hi else None for i in s.ids[k]}
            return ks.pop() if len(ks) == 1 else None

        there = kind(near)
        if there is None or not all(low <= elev[i] for i in s.ids[near] if i >= 0):
            return None
        count = sum(1 for k in range(1, len(s.ids) - 1) if kind(k) == there)
        if count < self.depth[there]:
            return None
        if notes is not None:
            end, deep = s.b if ea > eb else s.a, s.trace.steps[near][0]
            notes.append(f"{_name(board, end)} is the blind hex behind {_name(board, deep)}, "
                         f"lower {there} seen {self.depth[there]} hexes into (T110.4.1, T124.1)")
        return s.trace.steps[near][0]

    def evaluate(
        self, board: Board, s: Sight, overlay: Overlay | None = None, notes: list[str] | None = None
    ) -> LosResult:
        elev = board.elevation
        ea, eb = elev[s.ia], elev[s.ib]
        if self.sunken and s.distance > 1:
            for end, ie, other in ((s.a, s.ia, eb), (s.b, s.ib, ea)):
                if board.features[ie] & self.sunken and other <= elev[ie]:
                    if notes is not None:
                        notes.append(f"{_name(board, end)}: sunken, seen only from adjacent or higher (T86)")
                    return LosResult(False, 0, end)
        steps, ids = s.trace.steps, s.ids
        screen = overlay.screen if overlay else 0
        dq, dr = s.b[0] - s.a[0], s.b[1] - s.a[1]
        straight = bool(self.road_kinds) and (dq == 0 or dr == 0 or dq == -dr)
        best = 0
        deep: dict[str, int] = {}
        for k in range(1, len(steps) - 1):
            road = straight and self._along_road(board, steps, k)
            if (self.depth and not road
                    and any(i >= 0 and board.features[i] & self._deep_names for i in ids[k])
                    and self._deep(board, s, k, deep, notes)):
                return LosResult(False, 0, steps[k][0])
            vals = [self._hex(board, s, k, h, i, road, notes) for h, i in zip(steps[k], ids[k], strict=True)]
            vals = [-1 if (i >= 0 and screen >> i & 1) else v for v, i in zip(vals, ids[k], strict=True)]
            if len(vals) == 2 and self.edge_mirror and min(ids[k]) < 0 <= max(ids[k]):
                vals = [vals[0] if ids[k][0] >= 0 else vals[1]] * 2  # 10.4: the virtual hex
                if notes is not None:
                    notes.append(f"{'/'.join(_name(board, x) for x in steps[k])}: along the map edge, "
                                 f"the off-map side is of the edge hex's nature (10.4)")
            if all(v < 0 for v in vals):
                return LosResult(False, 0, steps[k][0])
            pick = max if self.hexside_fill else min  # GWC 10.3: hindering terrain fills its hex
            v = pick(x for x in vals if x >= 0)
            if len(vals) == 2 and notes is not None and vals[0] != vals[1]:
                notes.append(
                    f"{'/'.join(_name(board, x) for x in steps[k])}: the line runs along this hexside, "
                    + ("so the larger hindrance of the two hexes counts (10.3)" if self.hexside_fill
                       else "so only what lies on both sides counts")
                )
            best = max(best, v)
        if self.depth and ea != eb:
            blind = self._deep_blind(board, s, notes)
            if blind is not None:
                return LosResult(False, 0, blind)
        hi = max(ea, eb)
        ends = (s.a, s.b)
        for e in s.trace.crossed + s.trace.along:
            feats = board.hexsides.get(e)
            if not feats:
                continue
            if e[0] in ends or e[1] in ends:
                if notes is not None:
                    notes.append(f"hexside {_edge_name(board, e)} is a side of an end hex: ignored (10.1)")
                continue
            level = max(elev[board.index[x]] for x in e if x in board.index)
            if level < hi:
                continue
            if feats & self.hexside_obstacles:
                if notes is not None:
                    notes.append(f"hexside {_edge_name(board, e)}: {'/'.join(sorted(feats))} blocks (10.1)")
                return LosResult(False, 0, None, e)
            for f in feats:
                v = self.hexside_hindrances.get(f, 0)
                if v > best:
                    best = v
                    if notes is not None:
                        notes.append(f"hexside {_edge_name(board, e)}: {f} hindrance {v}")
        if overlay:
            h, hind = _overlay_marks(board, s, overlay, notes)
            if h is not None:
                return LosResult(False, 0, h)
            best = max(best, hind)
        if notes is not None and best:
            notes.append(f"only the single largest hindrance counts: {best} (10.3.3)")
        return LosResult(True, best)


# ---------------------------------------------------------------------------------------------
# The precomputed table
# ---------------------------------------------------------------------------------------------


class LosTrace(NamedTuple):
    """Why a pair sees or not: the result, the labelled steps of the line and the policy's notes."""

    result: LosResult
    steps: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...]


_Lines = tuple[list[list[int]], dict[int, Sight], dict[int, tuple[int, ...]]]


def _new_lines(n: int) -> _Lines:
    return [[] for _ in range(n)], {}, {}


_SIGHT_CACHE = 8192  # traced lines kept for overlay queries that must go back to the policy


class LosTable:
    """LOS for every ordered pair of a board's hexes under one policy, built once.

    ``clear(i, j)``/``hindrance(i, j)`` take dense indices; ``check(a, b, overlay)`` takes hexes.
    Memory is O(n^2) results plus, for each clear pair, a bitmask of the hexes its line touches.
    """

    def __init__(self, board: Board, policy: LosPolicy, *, derivable: bool = False) -> None:
        """``derivable``: keep each pair's traced line for :meth:`derive` (a game whose terrain
        changes in play: more memory, no second tracing on the first derive)."""
        self.board = board
        self.policy = policy
        n = self._n = len(board)
        self._index = dict(board.index)  # a plain dict: faster than the proxy, and picklable
        res: list[LosResult] = [CLEAR] * (n * n)
        touch: list[int] = [0] * (n * n)
        order: list[tuple[int, ...]] = [()] * (n * n)
        interned: dict[LosResult, LosResult] = {CLEAR: CLEAR}
        hexes = board.hexes
        lines = _new_lines(n) if derivable else None
        self._screen_single: list[int] = []
        self._screen_pairs: list[tuple[tuple[int, int], ...]] = []
        screens = getattr(policy, "screen_graze_both", False)
        if screens:
            self._screen_single = [0] * (n * n)
            self._screen_pairs = [()] * (n * n)
        for i in range(n):
            for j in range(n) if not policy.symmetric else range(i + 1, n):
                if i == j:
                    continue
                s = sight(board, hexes[i], hexes[j])
                if lines is not None:
                    self._note_line(lines, i, j, s)
                r = policy.evaluate(board, s, None)
                r = interned.setdefault(r, r)
                m = 0
                seq: tuple[int, ...] = ()
                if r.clear:
                    if screens:
                        self._note_screens(i, j, s)
                    seq = touched_order(board, s)
                    for x in seq:
                        m |= 1 << x
                    m &= ~((1 << i) | (1 << j))
                res[i * n + j] = r
                touch[i * n + j] = m
                order[i * n + j] = seq
                if policy.symmetric:
                    res[j * n + i] = r
                    touch[j * n + i] = m
                    order[j * n + i] = touched_order(board, s, reverse=True) if seq else seq
        self._res = res
        self._touch = touch
        self._order = order
        self._sights: dict[int, Sight] = {}
        self._clear = [r.clear for r in res]
        self._hind = [r.hindrance for r in res]
        if lines is not None:
            self.__dict__["_by_hex"] = lines

    def derive(self, board: Board, changed: Iterable[int]) -> LosTable:
        """The table of ``board``: a copy of this table's board (same hexes) whose terrain differs
        in the hexes ``changed`` (GWC: Rubble and Shellhole markers). The pairs whose line touches
        a changed hex or ends in one are evaluated again when first asked for (speed: a whole
        table takes a second or more, a game asks for few lines); every answer is the one a new
        ``LosTable(board, policy)`` would give."""
        if board.hexes != self.board.hexes or getattr(self.policy, "screen_graze_both", False):
            return LosTable(board, self.policy)
        n = self._n
        names = getattr(self.policy, "los_terrain", None)
        by_hex = self._pairs_by_hex()[0]
        keys: list[int] = []
        soft: list[int] = []  # pairs that stay clear: only their hindrance may differ
        stale_before = self.__dict__.get("_stale", ())
        known_before = self.__dict__.get("_known", ())
        if names is None:
            keys.extend(k for i in changed for k in by_hex[i])
        else:  # a hex whose LOS terrain is the same changes no line; an end hex matters only
            # when it became sunken or not (T86)
            sunken: frozenset[str] = getattr(self.policy, "sunken", frozenset())
            p = self.policy
            blocking = p.obstacles | p.blind | p._deep_names  # type: ignore[attr-defined]
            lines = self._pairs_by_hex()[1]
            for i in changed:
                now, before = board.features[i] & names, self.board.features[i] & names
                if now == before:
                    continue
                if (now - before) & blocking or before & p._deep_names:  # type: ignore[attr-defined]
                    keys.extend(by_hex[i])
                else:  # it blocks no more than before: a line blocked elsewhere stays as it is,
                    # a clear line stays clear (its hindrance may change)
                    clear = self._clear
                    for k in by_hex[i]:
                        if clear[k] and (k not in stale_before or k in known_before):
                            soft.append(k)
                        elif not self._blocked_elsewhere(k, i, lines, stale_before):
                            keys.append(k)
                if bool(now & sunken) != bool(before & sunken):
                    keys.extend(x * n + y for j in range(n) if j != i for x, y in ((i, j), (j, i)))
        new = object.__new__(DerivedLosTable)
        new.__dict__.update(self.__dict__)  # the index, the pairs by hex and their lines
        new.board = board
        new._res, new._touch, new._order = list(self._res), list(self._touch), list(self._order)
        new._clear, new._hind = list(self._clear), list(self._hind)
        new._sights = {}
        stale: set[int] = set(stale_before)
        known: set[int] = set(known_before)
        rows: dict[int, int] = {}
        sym = self.policy.symmetric
        for k in soft:
            a, b = divmod(k, n)
            stale.add(k)
            known.add(k)
            if sym:
                stale.add(b * n + a)
                known.add(b * n + a)
        for k in keys:
            stale.add(k)
            known.discard(k)
            a, b = divmod(k, n)
            rows[a] = rows.get(a, 0) | 1 << b
            if sym:
                stale.add(b * n + a)
                known.discard(b * n + a)
                rows[b] = rows.get(b, 0) | 1 << a
        new._stale = stale
        new._known = known
        new._parent = weakref.ref(self)
        new._differs = rows
        return new

    def derived_from(self, i: int) -> tuple[LosTable | None, int]:
        """The table this one was derived from (None for a table built whole, or once that one
        is gone) and the bitmask of the hexes ``j`` whose pair (``i``, ``j``) may answer
        differently here: every other pair of row ``i`` answers as there (speed: per-row
        caches such as sight masks can start from the parent's)."""
        return None, 0

    def _blocked_elsewhere(self, k: int, i: int, lines: dict[int, Sight], stale: Any) -> bool:
        """Is pair ``k`` known blocked by a hexside or by a step of its line that ``i`` is not in?
        (The policy stops at the first block, so a hex that blocks no more than before cannot
        change that answer.)"""
        if k in stale:
            return False
        r = self._res[k]
        if r.clear:
            return False
        if r.blocked_by is None:
            return r.blocked_edge is not None
        x = self._index.get(r.blocked_by, -1)  # -1: the off-map side of an edge hexside
        return x >= 0 and x != i and not any(x in ids and i in ids for ids in lines[k].ids)

    def _pairs_by_hex(self) -> _Lines:
        """For each hex, the pairs (``i * n + j``; ``i < j`` for a symmetric policy) whose line
        touches it or ends in it; each pair's traced line and the hexes it touches: the
        geometry alone decides, so every table derived from one map shares them (built on the
        first derive, never for a table not derived). (A memo of evaluations by the LOS terrain
        along a line was dropped: building its keys cost more than its few hits saved.)"""
        found = self.__dict__.get("_by_hex")
        if found is not None:
            return found  # type: ignore[no-any-return]
        n, board = self._n, self.board
        found = _new_lines(n)
        for i in range(n):
            for j in range(i + 1, n) if self.policy.symmetric else range(n):
                if i != j:
                    self._note_line(found, i, j, sight(board, board.hexes[i], board.hexes[j]))
        self.__dict__["_by_hex"] = found
        return found

    def _note_line(self, found: _Lines, i: int, j: int, s: Sight) -> None:
        """Index the line of pair ``i``, ``j`` for :meth:`derive`."""
        out, lines, touched = found
        k = i * self._n + j
        lines[k] = s
        seq = touched[k] = touched_order(self.board, s)
        if getattr(self.policy, "los_terrain", None) is None:
            on = {i, j, *seq}  # any hex the line touches may matter
        else:  # only the hexes it passes through between the ends (the ends: see derive)
            on = {x for ids in s.ids[1:-1] for x in ids if x >= 0}
        for x in on:
            out[x].append(k)

    def _note_screens(self, i: int, j: int, s: Sight) -> None:
        """For policies whose screens (units) obstruct like terrain, with a line along a hexside
        blocked only when both sides are obstructed: for clear pair ``i``, ``j`` (and ``j``,
        ``i`` under a symmetric policy), the hexes the line passes through alone (one screened
        hex blocks) and the hexside pairs it runs along (both must be obstructed; a side
        obstructed by the map already leaves only the other one to check). Off-map sides never
        obstruct.

        Noted from the line the table's own pass traced (speed: no second tracing). The line
        from j to i has the steps of the line from i to j in reverse order, each hexside step
        naming its two hexes in the same order (hexgrid.trace_line), so its mask is the same and
        its hexside pairs are the same in reverse order."""
        board, n = self.board, self._n
        obstructed = self.policy.obstructed  # type: ignore[attr-defined]
        m = 0
        prs: list[tuple[int, int]] = []
        for ids in s.ids[1:-1]:
            if len(ids) == 1:
                if ids[0] >= 0:
                    m |= 1 << ids[0]
                continue
            x, y = ids
            if x < 0 or y < 0:
                continue
            if obstructed(board, x, 0):
                m |= 1 << y
            elif obstructed(board, y, 0):
                m |= 1 << x
            else:
                prs.append((1 << x, 1 << y))
        self._screen_single[i * n + j] = m
        self._screen_pairs[i * n + j] = tuple(prs)
        if self.policy.symmetric:
            self._screen_single[j * n + i] = m
            self._screen_pairs[j * n + i] = tuple(reversed(prs))

    def clear_screened(self, i: int, j: int, screen: int) -> bool:
        """Fast LOS by dense index with only a ``screen`` bitmask changing (units that block in
        Commands & Colors). Same answer as ``result(i, j, Overlay(screen=screen)).clear``."""
        k = i * self._n + j
        if not self._clear[k]:
            return False
        if not self._screen_single and not self._screen_pairs:
            return self.result(i, j, Overlay(screen=screen)).clear
        if self._screen_single[k] & screen:
            return False
        return all(not (a & screen and b & screen) for a, b in self._screen_pairs[k])

    def __len__(self) -> int:
        return self._n

    # by dense index ---------------------------------------------------------------------------
    def clear(self, i: int, j: int) -> bool:
        return self._clear[i * self._n + j]

    def hindrance(self, i: int, j: int) -> int:
        return self._hind[i * self._n + j]

    def result(self, i: int, j: int, overlay: Overlay | None = None) -> LosResult:
        r = self._res[i * self._n + j]
        if overlay is None or not r.clear:
            return r
        return self._overlaid(i, j, r, overlay)

    # by hex -----------------------------------------------------------------------------------
    def clear_hex(self, a: Hex, b: Hex) -> bool:
        return self._clear[self._index[a] * self._n + self._index[b]]

    def hindrance_hex(self, a: Hex, b: Hex) -> int:
        return self._hind[self._index[a] * self._n + self._index[b]]

    def check(self, a: Hex, b: Hex, overlay: Overlay | None = None) -> LosResult:
        """LOS from ``a`` to ``b`` under the optional overlay."""
        i = self._index[a]
        j = self._index[b]
        r = self._res[i * self._n + j]
        if overlay is None or not r.clear:
            return r
        return self._overlaid(i, j, r, overlay)

    def _overlaid(self, i: int, j: int, r: LosResult, ov: Overlay) -> LosResult:
        k = i * self._n + j
        touch = self._touch[k]
        ends = (1 << i) | (1 << j)
        if not (ov.inner & touch or ov.outer & ends):
            return r
        if i == j:
            return LosResult(not ov.block_ends >> i & 1, ov.hinder.get(i, 0))
        if ov.screen & touch:
            s = self._sights.get(k)
            if s is None:
                if len(self._sights) >= _SIGHT_CACHE:
                    self._sights.clear()
                b = self.board
                s = self._sights[k] = sight(b, b.hexes[i], b.hexes[j])
            return self.policy.evaluate(self.board, s, ov)
        return overlaid_marks(self.board, i, j, r, touch, self._order[k], ov)

    def trace(self, a: Hex, b: Hex, overlay: Overlay | None = None) -> LosTrace:
        """Re-run the policy on one pair, collecting its explanation."""
        board = self.board
        s = sight(board, a, b)

        def name(h: Hex) -> str:
            return _name(board, h)

        notes: list[str] = []
        if a == b:
            result = self.check(a, b, overlay)
            notes.append("a hex always sees itself")
        else:
            result = self.policy.evaluate(board, s, overlay, notes)
        return LosTrace(result, tuple(tuple(name(h) for h in st) for st in s.trace.steps), tuple(notes))


def _no_parent() -> None:
    return None


class DerivedLosTable(LosTable):
    """A table :meth:`LosTable.derive` made for changed terrain: the pairs in ``_stale`` are
    evaluated on the new board the first time they are asked for, then answered from the lists
    like any other pair."""

    _stale: set[int]
    _known: set[int]  # stale pairs whose clear/blocked answer is still right (not the hindrance)
    _parent: weakref.ref[LosTable]
    _differs: dict[int, int]

    def derived_from(self, i: int) -> tuple[LosTable | None, int]:
        return self._parent(), self._differs.get(i, 0)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_parent"] = _no_parent  # a weak reference does not pickle; the copy stands alone
        return state

    def _fresh(self, k: int) -> None:
        n = self._n
        i, j = divmod(k, n)
        sym = self.policy.symmetric
        a, b = (min(i, j), max(i, j)) if sym else (i, j)
        _, lines, touched = self._pairs_by_hex()
        ab = a * n + b
        line = lines.get(ab)
        if line is None:  # traced once for the map, then shared by its derived tables
            hexes = self.board.hexes
            line = lines[ab] = sight(self.board, hexes[a], hexes[b])
        r = self.policy.evaluate(self.board, line, None)
        seqs: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        m = 0
        if r.clear:  # the hexes the line touches: the geometry alone, noted with the line
            fwd = touched.get(ab)
            if fwd is None:
                fwd = touched_order(self.board, line)
            seqs = (fwd, touched_order(self.board, line, reverse=True) if sym else ())
            for t in fwd:
                m |= 1 << t
            m &= ~((1 << a) | (1 << b))
        for x, y, rev in ((a, b, False), (b, a, True)) if sym else ((a, b, False),):
            key = x * n + y
            self._res[key] = r
            self._touch[key] = m
            self._order[key] = seqs[rev]
            self._clear[key] = r.clear
            self._hind[key] = r.hindrance
            self._stale.discard(key)
            self._known.discard(key)

    def clear(self, i: int, j: int) -> bool:
        k = i * self._n + j
        if k in self._stale and k not in self._known:
            self._fresh(k)
        return self._clear[k]

    def hindrance(self, i: int, j: int) -> int:
        k = i * self._n + j
        if k in self._stale:
            self._fresh(k)
        return self._hind[k]

    def result(self, i: int, j: int, overlay: Overlay | None = None) -> LosResult:
        if i * self._n + j in self._stale:
            self._fresh(i * self._n + j)
        return super().result(i, j, overlay)

    def clear_screened(self, i: int, j: int, screen: int) -> bool:
        if i * self._n + j in self._stale:
            self._fresh(i * self._n + j)
        return super().clear_screened(i, j, screen)

    def clear_hex(self, a: Hex, b: Hex) -> bool:
        return self.clear(self._index[a], self._index[b])

    def hindrance_hex(self, a: Hex, b: Hex) -> int:
        return self.hindrance(self._index[a], self._index[b])

    def check(self, a: Hex, b: Hex, overlay: Overlay | None = None) -> LosResult:
        return self.result(self._index[a], self._index[b], overlay)
