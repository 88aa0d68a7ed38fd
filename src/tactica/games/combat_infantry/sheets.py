"""Geomorphic map sheets joined into one playing area (3.0).

The game's two maps are geomorphic: they may be laid side by side or end to end, either way
round, and play as one map. A scenario names its map either as one sheet (``map: saint_martin``)
or as a layout of sheets, rows from north to south, each row its sheets from west to east, a
sheet turned half a circle when written ``{sheet: name, turned: true}``::

    map:
      - [saint_martin, bois_du_blaireau]

The joined map is built as map data (core map format) and loaded by core's board loader, so it
is validated like any map: every sheet's hexes, hexsides, roads, objectives and zones are moved
to their place on the joined grid (labels continue: columns A..Z, AA.., rows 1..), hexsides
along a seam take the terrain the hexes beside them imply (``derived_hexsides``, 3.1), and a road
that ends on a sheet's edge continues across the seam into a road ending on the hex beside it on
the other sheet (8.4: the road crosses that hexside). Every sheet must have the same size and
terrain catalogue (geomorphic); a sheet is used once (there is one copy of each); a join whose
grid would not keep a sheet's hexes adjacent (an odd number of columns turned on a flat-top map)
is refused. Errors name the scenario's map entry and the problem.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from tactica.core.datafile import parse_yaml
from tactica.core.hexgrid import Hex, Layout, adjacent, neighbors

MAPS = Path(__file__).parent / "data" / "maps"
TURNED = "@180"
"""Suffix of a turned sheet in a map key: ``saint_martin+bois_du_blaireau@180``."""


class SheetError(ValueError):
    """A layout of sheets that cannot be joined; the message says which sheet and why."""


def sheet_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in MAPS.glob("*.yaml")))


def map_key(spec: Any) -> str:
    """The canonical key of a scenario's ``map:`` entry: a sheet id, or rows of sheets joined
    by ``/`` (north to south) and ``+`` (west to east), ``@180`` marking a turned sheet."""
    if isinstance(spec, str):
        return spec
    if not isinstance(spec, list) or not spec:
        raise SheetError("map: expected a sheet id or a list of rows of sheets")
    rows = []
    for r, row in enumerate(spec):
        if not isinstance(row, list) or not row:
            raise SheetError(f"map row {r + 1}: expected a list of sheets, west to east")
        names = []
        for item in row:
            if isinstance(item, str):
                names.append(item)
            elif isinstance(item, dict) and set(item) <= {"sheet", "turned"} and isinstance(
                item.get("sheet"), str
            ):
                turned = item.get("turned", False)
                if not isinstance(turned, bool):
                    raise SheetError(f"map row {r + 1}: turned must be true or false")
                names.append(item["sheet"] + (TURNED if turned else ""))
            else:
                raise SheetError(
                    f"map row {r + 1}: {item!r} is not a sheet id or {{sheet: id, turned: true}}"
                )
        rows.append("+".join(names))
    return "/".join(rows)


def parse_key(key: str) -> list[list[tuple[str, bool]]]:
    """Rows of (sheet id, turned) of a map key."""
    return [
        [(n.removesuffix(TURNED), n.endswith(TURNED)) for n in row.split("+")] for row in key.split("/")
    ]


@cache
def sheet_data(sid: str) -> dict[str, Any]:
    path = MAPS / f"{sid}.yaml"
    if not path.exists():
        raise SheetError(f"no map sheet {sid!r} (sheets: {', '.join(sheet_ids())})")
    data = parse_yaml(path.read_text(encoding="utf-8"), path.name)
    if not isinstance(data, dict) or not isinstance(data.get("geometry"), dict):
        raise SheetError(f"{path.name}: not a map file")
    return data


def _layout(g: dict[str, Any], cols: int, rows: int) -> Layout:
    return Layout(
        orientation=g["orientation"],
        offset=g["offset"],
        labels=g["labels"],
        cols=cols,
        rows=rows,
        first_col=g.get("first_col", 1),
        first_row=g.get("first_row", 1),
    )


def joined_map(key: str) -> dict[str, Any]:
    """The map data (core map format) of a layout of sheets, for core.board.load_board."""
    layout = parse_key(key)
    width = len(layout[0])
    if any(len(row) != width for row in layout):
        raise SheetError(f"map {key}: every row must hold the same number of sheets")
    used = [sid for row in layout for sid, _ in row]
    for sid in used:
        if used.count(sid) > 1:
            raise SheetError(f"map {key}: sheet {sid} is used twice (there is one of each)")
    datas = [[sheet_data(sid) for sid, _ in row] for row in layout]
    first = datas[0][0]
    g = first["geometry"]
    for sheet_row in datas:
        for d in sheet_row:
            for k in ("orientation", "offset", "labels", "cols", "rows", "first_col", "first_row"):
                if d["geometry"].get(k) != g.get(k):
                    raise SheetError(
                        f"map {key}: sheet {d.get('name')} differs in geometry {k} (sheets must match)"
                    )
            for k in ("terrain", "defaults", "derived_hexsides"):
                if d.get(k) != first.get(k):
                    raise SheetError(f"map {key}: sheet {d.get('name')} differs in {k} (sheets must match)")
    cols, rows = g["cols"], g["rows"]
    sheet = _layout(g, cols, rows)
    whole = _layout(g, cols * width, rows * len(layout))
    out: dict[str, Any] = {
        "format": "tactica-map",
        "version": 1,
        "name": key,
        "notes": "Geomorphic sheets joined (3.0): " + key,
        "geometry": {**g, "cols": cols * width, "rows": rows * len(layout)},
        "hexsides": {},
        "hexes": {},
        "roads": [],
        "objectives": {},
        "zones": {},
        "edges": {},
        "sections": {},
    }
    for k in ("terrain", "defaults", "derived_hexsides"):
        if k in first:
            out[k] = first[k]
    excluded: list[str] = []
    road_ends: list[tuple[str, Hex, int]] = []  # (kind, joined hex, sheet number) of road ends
    for r, row in enumerate(layout):
        for c, (sid, turned) in enumerate(row):
            d = datas[r][c]
            n = r * width + c

            def place(
                label: Any, d: dict[str, Any] = d, turned: bool = turned, r: int = r, c: int = c
            ) -> Hex:
                try:
                    col, rw = sheet.to_offset(sheet.parse(str(label)))
                except ValueError as exc:
                    raise SheetError(f"map sheet {d.get('name')}: {exc}") from None
                if turned:
                    col, rw = cols - 1 - col, rows - 1 - rw
                return whole.to_axial(col + c * cols, rw + r * rows)

            def moved(label: Any, place: Any = place) -> str:
                text = str(label)
                if ".." in text:
                    a, b = text.split("..", 1)
                    return f"{whole.label(place(a))}..{whole.label(place(b))}"
                return whole.label(place(text))

            _check_adjacency(sheet, place, sid, turned)
            for item in d["geometry"].get("exclude", []):
                excluded.append(moved(item))
            for lab, e in (d.get("hexes") or {}).items():
                out["hexes"][moved(lab)] = e
            for side, feats in (d.get("hexsides") or {}).items():
                a, b = str(side).split("/")
                out["hexsides"][f"{moved(a)}/{moved(b)}"] = feats
            for road in d.get("roads") or []:
                path = [moved(x) for x in road["path"]]
                kind = road.get("kind", "road")
                out["roads"].append({"kind": kind, "path": path})
                for end in (path[0], path[-1]):
                    road_ends.append((kind, whole.parse(end), n))
            for what in ("objectives", "zones", "edges", "sections"):
                for name, value in (d.get(what) or {}).items():
                    if name in out[what]:
                        raise SheetError(f"map {key}: {what[:-1]} {name!r} is named on two sheets")
                    out[what][name] = moved(value) if what == "objectives" else [moved(x) for x in value]
    if excluded:
        out["geometry"]["exclude"] = excluded
    out["roads"].extend(_seam_roads(road_ends, whole))
    return out


def _check_adjacency(sheet: Layout, place: Any, sid: str, turned: bool) -> None:
    """A sheet placed on the joined grid must keep every pair of its neighbouring hexes
    neighbours (turning a flat-top sheet of an odd number of columns would not)."""
    for h in sheet.hexes():
        for m in neighbors(h):
            if sheet.contains(m) and not adjacent(place(sheet.label(h)), place(sheet.label(m))):
                how = "turned " if turned else ""
                raise SheetError(f"sheet {sid} cannot be {how}joined here: its hexes would not stay adjacent")


def _seam_roads(ends: list[tuple[str, Hex, int]], whole: Layout) -> list[dict[str, Any]]:
    """8.4 road continuity across a seam: a road ending on one sheet beside the end of a road of
    the same kind on another sheet runs on across the hexside between them."""
    out = []
    for i, (kind, a, na) in enumerate(ends):
        for kind_b, b, nb in ends[i + 1 :]:
            if kind == kind_b and na != nb and adjacent(a, b):
                out.append({"kind": kind, "path": [whole.label(a), whole.label(b)]})
    return out
