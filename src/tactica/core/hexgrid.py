"""Hex grid maths on axial coordinates, exact straight lines, and map layouts.

A hex is a plain ``(q, r)`` tuple (axial coordinates; the third cube coordinate is
``s = -q - r``). Everything here is a pure function on tuples so that rules code can call it in
hot loops without allocating objects.

Directions are indices 0..5 into :data:`DIRECTIONS`, numbered clockwise:

* flat-top hexes: 0 = up (N), 1 = NE, 2 = SE, 3 = down (S), 4 = SW, 5 = NW;
* pointy-top hexes: 0 = NW (the upper-left side), 1 = NE, 2 = E, 3 = SE, 4 = SW, 5 = W.

Games that number directions differently (Combat Commander counts 1..6 from the top) map their
numbers onto these indices themselves.

:func:`trace_line` computes which hexes the straight segment between two hex centres touches,
with exact integer arithmetic: a line that runs exactly along a hexside is reported as a pair of
hexes (a "graze" or "hexspine" step) and a line through a hex corner is reported as a corner pass,
so each game's own tie rule can decide (no epsilon nudging that would hide the tie).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final, Literal, NamedTuple

Hex = tuple[int, int]
"""Axial coordinates ``(q, r)``."""

Edge = tuple[Hex, Hex]
"""A hexside, named canonically by its two hexes with the smaller tuple first."""

Step = tuple[Hex, ...]
"""One step of a line: one hex, or two hexes when the line runs along their shared hexside."""

DIRECTIONS: Final[tuple[Hex, ...]] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_DIRECTION_INDEX: Final[dict[Hex, int]] = {d: i for i, d in enumerate(DIRECTIONS)}


def cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates ``(q, r, s)`` of a hex."""
    return (h[0], h[1], -h[0] - h[1])


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbor(h: Hex, direction: int) -> Hex:
    """The hex next to ``h`` in direction ``direction`` (0..5, taken modulo 6)."""
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h``, in direction order 0..5."""
    q, r = h
    return ((q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r))


def direction(a: Hex, b: Hex) -> int:
    """Direction index (0..5) from ``a`` to the adjacent hex ``b``; ValueError if not adjacent."""
    d = _DIRECTION_INDEX.get((b[0] - a[0], b[1] - a[1]))
    if d is None:
        raise ValueError(f"hexes {a} and {b} are not adjacent")
    return d


def distance(a: Hex, b: Hex) -> int:
    """Number of hex steps between ``a`` and ``b`` (adjacent hexes are at distance 1)."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in _DIRECTION_INDEX


def edge(a: Hex, b: Hex) -> Edge:
    """Canonical name of the hexside between two adjacent hexes; ValueError otherwise."""
    if not adjacent(a, b):
        raise ValueError(f"hexes {a} and {b} are not adjacent: no hexside between them")
    return (a, b) if a < b else (b, a)


def edges_of(h: Hex) -> tuple[Edge, ...]:
    """The six hexsides of ``h`` in direction order."""
    return tuple((h, n) if h < n else (n, h) for n in neighbors(h))


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``center``, clockwise from the one in direction 0."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    q, r = center[0], center[1] - radius
    out: list[Hex] = []
    for side in range(6):
        dq, dr = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            out.append((q, r))
            q += dq
            r += dr
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center``, ring by ring (centre first)."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def disc(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center`` (3r(r+1)+1 of them), in (q, r) order."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    cq, cr = center
    out: list[Hex] = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append((cq + dq, cr + dr))
    return out


# ---------------------------------------------------------------------------------------------
# Exact lines
# ---------------------------------------------------------------------------------------------


class Corner(NamedTuple):
    """The line passes exactly through the corner shared by three hexes.

    ``before`` is the index in ``steps`` of the first step after the corner. ``touch_only`` is the
    hex that the line touches at that single point and nowhere else (None when the corner starts
    or ends a run along a hexside: then all three hexes are steps of the line).
    """

    before: int
    hexes: tuple[Hex, Hex, Hex]
    touch_only: Hex | None


class LineTrace(NamedTuple):
    """Everything the straight centre-to-centre line from ``steps[0]`` to ``steps[-1]`` touches.

    * ``steps``: hexes the line passes through for a positive length, in order; a 2-hex step
      means the line runs exactly along the hexside between those two hexes.
    * ``crossed``: hexsides the line crosses from one hex into the next (including a crossing made
      exactly at a corner of that hexside).
    * ``along``: hexsides the line runs along (one per 2-hex step).
    * ``corners``: corners the line passes exactly through.
    """

    steps: tuple[Step, ...]
    crossed: tuple[Edge, ...]
    along: tuple[Edge, ...]
    corners: tuple[Corner, ...]

    def hexes(self) -> set[Hex]:
        """Every hex the line touches, corner-only touches included."""
        out = {h for s in self.steps for h in s}
        out.update(c.touch_only for c in self.corners if c.touch_only is not None)
        return out


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr)


@lru_cache(maxsize=8192)
def _trace_from_origin(dq: int, dr: int) -> LineTrace:
    """Exact trace from (0, 0) to (dq, dr); see :func:`trace_line`.

    A point ``p`` lies in the closed hex centred at ``c`` iff, with ``d = p - c`` in cube
    coordinates, each of ``dq - dr``, ``dr - ds`` and ``ds - dq`` is within [-1, 1]. Along the
    segment ``p(t) = t * (dq, dr, ds)`` these are linear in ``t``, so every touched hex gets an
    exact interval of ``t``; scaling ``t`` by the common denominator ``den`` keeps it in integers.
    """
    ds = -dq - dr
    n = (abs(dq) + abs(dr) + abs(ds)) // 2
    if n == 0:
        return LineTrace((((0, 0),),), (), (), ())
    betas = (dq - dr, dr - ds, ds - dq)
    den = math.lcm(*(abs(b) for b in betas if b))
    mults = tuple(den // b if b else 0 for b in betas)

    candidates: set[Hex] = set()
    for k in range(n + 1):
        h = _cube_round(dq * k / n, dr * k / n)
        candidates.add(h)
        candidates.update(neighbors(h))

    spans: list[tuple[int, int, Hex]] = []
    for c in candidates:
        cq, cr = c
        cs = -cq - cr
        alphas = (cr - cq, cs - cr, cq - cs)  # cube differences of d0 = origin - c
        lo, hi = 0, den
        for alpha, beta, m in zip(alphas, betas, mults, strict=True):
            if beta == 0:
                if alpha < -1 or alpha > 1:
                    lo, hi = 1, 0
                    break
                continue
            x, y = (-1 - alpha) * m, (1 - alpha) * m
            if x > y:
                x, y = y, x
            if x > lo:
                lo = x
            if y < hi:
                hi = y
        if lo <= hi:
            spans.append((lo, hi, c))
    spans.sort()

    runs = [s for s in spans if s[0] < s[1]]
    points = [s for s in spans if s[0] == s[1]]
    steps: list[Step] = []
    bounds: list[tuple[int, int]] = []
    i = 0
    while i < len(runs):
        lo, hi, h = runs[i]
        if i + 1 < len(runs) and runs[i + 1][0] == lo and runs[i + 1][1] == hi:
            other = runs[i + 1][2]
            steps.append((h, other) if h < other else (other, h))
            i += 2
        else:
            steps.append((h,))
            i += 1
        bounds.append((lo, hi))

    crossed: list[Edge] = []
    corners: list[Corner] = []
    for k in range(1, len(steps)):
        t = bounds[k][0]
        if bounds[k - 1][1] != t:  # pragma: no cover - guarded by the geometry
            raise AssertionError("line steps are not contiguous")
        prev, cur = steps[k - 1], steps[k]
        touch = [p[2] for p in points if p[0] == t]
        meeting = set(prev) | set(cur) | set(touch)
        if len(prev) == 1 and len(cur) == 1:
            a, b = prev[0], cur[0]
            crossed.append((a, b) if a < b else (b, a))
        if len(meeting) == 3:
            trio = tuple(sorted(meeting))
            corners.append(Corner(k, (trio[0], trio[1], trio[2]), touch[0] if touch else None))
    along = [(s[0], s[1]) for s in steps if len(s) == 2]
    return LineTrace(tuple(steps), tuple(crossed), tuple(along), tuple(corners))


def trace_line(a: Hex, b: Hex) -> LineTrace:
    """Exact trace of the straight line between the centres of ``a`` and ``b``.

    The trace is the same geometry whichever way it is drawn: ``trace_line(b, a)`` has the steps
    of ``trace_line(a, b)`` in reverse order.
    """
    base = _trace_from_origin(b[0] - a[0], b[1] - a[1])
    q, r = a
    if q == 0 and r == 0:
        return base
    # the shifts written out as list comprehensions (speed: LOS tables trace every pair of hexes)
    steps = tuple([tuple([(x + q, y + r) for x, y in s]) for s in base.steps])
    crossed = tuple([((x[0] + q, x[1] + r), (y[0] + q, y[1] + r)) for x, y in base.crossed])
    along = tuple([(s[0], s[1]) for s in steps if len(s) == 2])
    corners = tuple([
        Corner(c.before, ((h0[0] + q, h0[1] + r), (h1[0] + q, h1[1] + r), (h2[0] + q, h2[1] + r)),
               None if (t := c.touch_only) is None else (t[0] + q, t[1] + r))
        for c in base.corners for h0, h1, h2 in (c.hexes,)
    ])
    return LineTrace(steps, crossed, along, corners)


def line(a: Hex, b: Hex) -> tuple[Step, ...]:
    """Steps of the straight line from ``a`` to ``b``: see :class:`LineTrace`.

    There are always ``distance(a, b) + 1`` steps, each adjacent to the next.
    """
    return trace_line(a, b).steps


# ---------------------------------------------------------------------------------------------
# Map layouts: offset coordinates, labels and pixels
# ---------------------------------------------------------------------------------------------

Orientation = Literal["flat", "pointy"]
Offset = Literal["odd-q", "even-q", "odd-r", "even-r"]
LabelScheme = Literal["letter-number", "four-digit"]

_OFFSETS: Final[dict[str, str]] = {"odd-q": "flat", "even-q": "flat", "odd-r": "pointy", "even-r": "pointy"}
_SQRT3: Final[float] = math.sqrt(3.0)
_LETTER_NUMBER = re.compile(r"([A-Za-z]+)(0|[1-9][0-9]*)")
_FOUR_DIGIT = re.compile(r"([0-9]{2})([0-9]{2})")


def column_letters(index: int) -> str:
    """Column index 0, 1, ... 25, 26 ... as A, B, ... Z, AA ... (bijective base 26)."""
    if index < 0:
        raise ValueError(f"column index {index} is negative")
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(65 + rem) + out
    return out


def column_index(letters: str) -> int:
    """Inverse of :func:`column_letters` (case-insensitive)."""
    if not letters.isalpha() or not letters.isascii():
        raise ValueError(f"bad column letters {letters!r}")
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - 64)
    return n - 1


@dataclass(frozen=True, slots=True)
class Layout:
    """How a printed map's rectangle of hexes maps onto axial coordinates, labels and pixels.

    ``col``/``row`` are 0-based offset coordinates of the printed map (column ``col`` = letter
    ``A`` + col, or two-digit number ``first_col`` + col; row ``row`` = number ``first_row`` +
    row). ``odd-q``/``even-q`` (flat-top) shift odd/even columns half a hex down; ``odd-r``/
    ``even-r`` (pointy-top) shift odd/even rows half a hex right. Map position (0, 0) is axial
    (0, 0) under every scheme.
    """

    orientation: Orientation
    offset: Offset
    labels: LabelScheme
    cols: int
    rows: int
    first_col: int = 1
    first_row: int = 1
    _hexes: tuple[Hex, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if _OFFSETS.get(self.offset) != self.orientation:
            allowed = [k for k, v in _OFFSETS.items() if v == self.orientation]
            raise ValueError(
                f"offset for {self.orientation} hexes must be one of {allowed}, not {self.offset!r}"
            )
        if self.labels not in ("letter-number", "four-digit"):
            raise ValueError(f"labels must be 'letter-number' or 'four-digit', not {self.labels!r}")
        for name in ("cols", "rows", "first_col", "first_row"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool):
                raise ValueError(f"{name} must be an integer, not {v!r}")
        if self.cols < 1 or self.rows < 1:
            raise ValueError("cols and rows must be >= 1")
        if self.labels == "four-digit" and (
            self.first_col < 0
            or self.first_row < 0
            or self.first_col + self.cols - 1 > 99
            or self.first_row + self.rows - 1 > 99
        ):
            raise ValueError("four-digit labels need column and row numbers within 00..99")
        hexes = tuple(self.to_axial(c, r) for c in range(self.cols) for r in range(self.rows))
        object.__setattr__(self, "_hexes", hexes)

    # offset <-> axial -------------------------------------------------------------------------
    def to_axial(self, col: int, row: int) -> Hex:
        o = self.offset
        if o == "odd-q":
            return (col, row - (col - (col & 1)) // 2)
        if o == "even-q":
            return (col, row - (col + (col & 1)) // 2)
        if o == "odd-r":
            return (col - (row - (row & 1)) // 2, row)
        return (col - (row + (row & 1)) // 2, row)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        q, r = h
        o = self.offset
        if o == "odd-q":
            return (q, r + (q - (q & 1)) // 2)
        if o == "even-q":
            return (q, r + (q + (q & 1)) // 2)
        if o == "odd-r":
            return (q + (r - (r & 1)) // 2, r)
        return (q + (r + (r & 1)) // 2, r)

    def contains(self, h: Hex) -> bool:
        """True when ``h`` lies inside the cols x rows rectangle."""
        c, r = self.to_offset(h)
        return 0 <= c < self.cols and 0 <= r < self.rows

    def hexes(self) -> tuple[Hex, ...]:
        """Every hex of the rectangle, column by column, top to bottom."""
        return self._hexes

    # labels -----------------------------------------------------------------------------------
    def label(self, h: Hex) -> str:
        """Printed label of ``h``; ValueError when it is outside the rectangle."""
        c, r = self.to_offset(h)
        if not (0 <= c < self.cols and 0 <= r < self.rows):
            raise ValueError(f"hex {h} is off the {self.cols}x{self.rows} map")
        if self.labels == "letter-number":
            return f"{column_letters(c)}{r + self.first_row}"
        return f"{c + self.first_col:02d}{r + self.first_row:02d}"

    def parse(self, label: str) -> Hex:
        """Hex named by ``label``; ValueError naming the label when malformed or off the map."""
        if not isinstance(label, str):
            raise ValueError(f"hex label must be a string, not {label!r}")
        if self.labels == "letter-number":
            m = _LETTER_NUMBER.fullmatch(label)
            if m is None:
                raise ValueError(
                    f"bad hex label {label!r}: expected column letters then a row number, e.g. 'C7'"
                )
            c = column_index(m.group(1))
        else:
            m = _FOUR_DIGIT.fullmatch(label)
            if m is None:
                raise ValueError(
                    f"bad hex label {label!r}: expected four digits, column then row, e.g. '0307'"
                )
            c = int(m.group(1)) - self.first_col
        r = int(m.group(2)) - self.first_row
        if not (0 <= c < self.cols and 0 <= r < self.rows):
            raise ValueError(f"hex label {label!r} is off the {self.cols}x{self.rows} map")
        return self.to_axial(c, r)

    # pixels -----------------------------------------------------------------------------------
    def center(self, h: Hex, size: float = 1.0) -> tuple[float, float]:
        """Pixel centre of ``h`` (y grows downwards, as in SVG); ``size`` is the corner radius."""
        q, r = h
        if self.orientation == "flat":
            return (size * 1.5 * q, size * _SQRT3 * (r + q / 2))
        return (size * _SQRT3 * (q + r / 2), size * 1.5 * r)

    def corners(self, h: Hex, size: float = 1.0) -> tuple[tuple[float, float], ...]:
        """The six corner points of ``h``, clockwise (in SVG's y-down frame)."""
        x, y = self.center(h, size)
        start = 0.0 if self.orientation == "flat" else -30.0
        out = []
        for i in range(6):
            ang = math.radians(start + 60.0 * i)
            out.append((x + size * math.cos(ang), y + size * math.sin(ang)))
        return tuple(out)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._hexes)
