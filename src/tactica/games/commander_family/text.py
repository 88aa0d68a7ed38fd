"""A terminal picture of a Commander game's view (Combat Commander, Great War Commander): the
map as a grid of hexes (columns A, B, …; flat-topped, so every other column sits half a row
lower), the units on it in words, the tracks, the open information and the seat's own hand.

It is drawn from the browser drawing of the seat's view (drawing.py), so a seat sees exactly
what it may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.game import Game
from tactica.core.log import name_ids

from .board_state import board_of
from .drawing import drawing, style

SIDE_MARK = ("G", "U")
"""Stacks on the grid: the first seat's in capitals, the second's in lower case."""


def describe(g: Game, seat: int | None) -> str:
    view = g.view(seat)
    t = drawing(g, seat, view)
    names = t["names"]
    sides = [s["name"] for s in t["sides"]]
    lines = [" · ".join(_track(tr, sides) for tr in t["tracks"])]
    brd = board_of(g)
    st = style(g)
    grid = _grid(t, brd, st.terrain_mark, st.open_terrain) if brd is not None else []
    by_hex: dict[str, list[Mapping[str, Any]]] = {}
    for p in t["pieces"]:
        by_hex.setdefault(p["hex"], []).append(p)
    for hex_id in sorted(by_hex, key=_hex_order):
        units = "; ".join(_piece(p, sides) for p in reversed(by_hex[hex_id]))
        lines.append(f"  {hex_id}: {units}")
    for m in t["markers"]:
        if m["kind"] != "objective":
            lines.append(f"  {m['hex']}: {m['title']}")
    for i in t["info"]:
        lines.append(f"{i['label']}: {i['value']}" + (f" ({i['text']})" if i.get("text") else ""))
    for hand in t["hands"]:
        who = sides[hand["seat"]]
        if hand["cards"] is None:
            lines.append(f"{who}: {hand['size']} {hand['title']} (hidden)")
        else:
            lines.append(f"{who}'s {hand['title']}:")
            lines.extend(f"  {c['name']}: {c['text']}" for c in hand["cards"])
    return "\n".join([lines[0], *grid, *(name_ids(x, names) for x in lines[1:])])



def _hex_order(label: str) -> tuple[str, int]:
    col = label.rstrip("0123456789")
    return col, int(label[len(col):] or 0)


def _track(tr: Mapping[str, Any], sides: list[str]) -> str:
    if tr.get("per_side"):
        return f"{tr['label']}: " + ", ".join(f"{sides[i]} {v}" for i, v in enumerate(tr["per_side"]))
    value = f"{tr.get('value')}" + (f"/{tr['max']}" if tr.get("max") else "")
    return f"{tr['label']} {value}" + (f" ({tr['note']})" if tr.get("note") else "")


SHORT = {"firepower": "FP", "range": "R", "movement": "MV", "morale": "ML", "command": "CMD",
         "movement modifier": "MV"}


def _piece(p: Mapping[str, Any], sides: list[str]) -> str:
    values = " ".join(f"{SHORT.get(v['label'], v['label'])} {v['value']}" for v in p["values"])
    flags = list(p["flags"]) + (["BROKEN"] if p["face"] == "broken" else [])
    return f"{p['id']} ({sides[p['side']]}: {values}{', ' + ', '.join(flags) if flags else ''})"


def _grid(t: Mapping[str, Any], brd: Any, terrain_mark: Mapping[str, str], open_terrain: str) -> list[str]:
    """Each hex as three characters: a stack (side letter and how many counters; ! if one is
    broken), an objective number, or the terrain's mark."""
    changes = t["terrain"]["changes"]
    stacks: dict[str, list[Mapping[str, Any]]] = {}
    for p in t["pieces"]:
        stacks.setdefault(p["hex"], []).append(p)
    objectives = {m["hex"]: m["label"] for m in t["markers"] if m["kind"] == "objective"}
    cells: dict[tuple[int, int], str] = {}
    cols: dict[int, str] = {}
    for i, h in enumerate(brd.hexes):
        label = brd.labels[i]
        c, r = brd.layout.to_offset(h)
        cols[c] = label.rstrip("0123456789")
        terrain = (changes.get(label) or list(brd.terrain[i]) or [open_terrain])[0]
        if label in stacks:
            st = stacks[label]
            mark = SIDE_MARK[st[0]["side"] % 2]
            mark = mark if st[0]["side"] == 0 else mark.lower()
            cell = f"{mark}{len(st)}{'!' if any(p['face'] == 'broken' for p in st) else ' '}"
        elif label in objectives:
            cell = f"({objectives[label]})"
        else:
            cell = f" {terrain_mark.get(terrain, terrain[:1])} "
        cells[(c, r)] = cell
    width = max(cols) + 1
    height = max(r for _, r in cells) + 1
    lines = ["      " + "".join(f"{cols.get(c, ''):^3}" for c in range(width))]
    for r in range(height):
        for half in (0, 1):  # odd columns sit half a row lower: two text lines per row
            row = "".join(cells.get((c, r), "   ") if c % 2 == half else "   " for c in range(width))
            lines.append((f"{r + 1:>4}  " if half == 0 else "      ") + row)
    marks = ", ".join(f"{m} {k.replace('_', ' ')}" for k, m in terrain_mark.items())
    lines.append(f"Stacks: {SIDE_MARK[0]} first seat, {SIDE_MARK[1].lower()} second seat, digit: counters, "
                 f"!: a broken one; (n): objective n. Terrain: {marks}.")
    lines.append("Values: FP firepower, R range, MV movement, ML morale, CMD command.")
    return lines
