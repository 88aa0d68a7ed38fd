"""The Support Table procedure (E72 Infiltration, E87 Reinforcements, E91 Stragglers, A45.3
Hidden Unit) and the placing of what it gives.

1. Roll two dice (inside an Event no trigger counts, E56) and read the row that holds the roll
   (a Strategy Card's +1, S98.2, may take a 12 to 13: the last row is read, reading R9).
2. Take every item of the row (without Telephones for Infiltration, Stragglers and Hidden Unit)
   if every one is free in the countermix (countermix.py); otherwise step one row toward the
   Red X row and look again. On the Red X row nothing arrives.
3. Place: a Telephone (Reinforcements only) goes to the Artillery Box, replacing the one there
   (artillery.place_telephone; a Telephone in a box is not in the countermix); each Formation,
   with the Weapon listed beside it, goes into a hex the procedure allows (``where``), one at a
   time, the receiver choosing: within the stacking limit (8.2), never an
   impassable hex or a Blaze, enemy-occupied hexes allowed (a Melee follows, O16.4). A Formation
   that finds no hex goes back to the countermix.

``where``: ``edge`` (the friendly map edge, E87), ``random`` (in or next to a Random Hex, E72,
E91), ``hidden`` (A45.3: empty hexes of Cover 1 or more in the original set-up area, each one
after the first next to a hex this Hidden Unit already filled: our reading of "adjacent hexes").
``suppress``: the placed Formations get Suppressed markers (E91).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family import event_steps as ev
from ..commander_family.board_state import edge_hexes, hex_distance, units_in
from ..commander_family.event_steps import ask, continuation, opt, who
from ..commander_family.state import new_unit, new_weapon, side
from ..commander_family.stats import best_cover
from . import artillery
from .countermix import free_units, free_weapons

if TYPE_CHECKING:
    from tactica.core.game import Game


def table(g: Game, seat: int) -> Any:
    rules: Any = g.rules
    return rules.components.pack.support.get(side(g.state, seat)["nation"])


def start(g: Game, seat: int, rule: str, kind: str, where: str, telephones: bool = False,
          suppress: bool = False) -> None:
    """Roll on ``seat``'s Support Table for ``kind`` and place what arrives (see the module)."""
    if table(g, seat) is None:
        ev.no_effect(g, rule, f"{who(g, seat)} has no Support Table")
        return
    ev.roll_then(g, seat, "gwc_support_roll", f"{kind} (Support Table)", rule=rule, kind=kind, where=where,
                 telephones=telephones, suppress=suppress)


def _free(g: Game, items: list[dict[str, Any]]) -> bool:
    """Is every item free in the countermix (several of one type count together)?"""
    need: dict[tuple[str, str], int] = {}
    for i in items:
        if i.get("formation"):
            need[("u", i["formation"])] = need.get(("u", i["formation"]), 0) + 1
        if i.get("weapon"):
            need[("w", i["weapon"])] = need.get(("w", i["weapon"]), 0) + 1
        if i.get("telephone"):
            need[("t", i["telephone"])] = need.get(("t", i["telephone"]), 0) + 1
    for (k, tid), n in need.items():
        have = (free_units(g, tid) if k == "u" else free_weapons(g, tid) if k == "w"
                else artillery.free_telephones(g, tid))
        if have < n:
            return False
    return True


def select(g: Game, seat: int, roll: int, telephones: bool, rule: str) -> list[dict[str, Any]]:
    """Steps 1-2: the items that arrive for ``roll`` (none on the Red X row). A roll a Strategy
    Card's +1 (S98.2) took past the table's last row reads that row (reading R9)."""
    rows = list(table(g, seat).rows)
    low, high = rows[0].rolls[0], rows[-1].rolls[1]
    if not low <= roll <= high:
        g.emit(rule, "Support Table roll {roll} is off the table: row {row} is read", roll=roll,
               row=(rows[0] if roll < low else rows[-1]).id)
        roll = min(max(roll, low), high)
    i = next(n for n, r in enumerate(rows) if r.rolls[0] <= roll <= r.rolls[1])
    red = next(n for n, r in enumerate(rows) if r.red_x)
    step = 1 if red > i else -1
    while True:
        row = rows[i]
        if row.red_x:
            g.emit(rule, "Support Table row {row} is the Red X: nothing arrives", row=row.id)
            return []
        items = [i.model_dump() for i in row.items if telephones or i.telephone is None]
        if _free(g, items):
            g.emit(rule, "Support Table row {row}: {what}", row=row.id,
                   what=", ".join(label(g, x) for x in items) or "nothing to take")
            return items
        g.emit(rule, "Support Table row {row}: not every item is in the countermix; one row toward "
               "the Red X", row=row.id)
        i += step


def label(g: Game, item: dict[str, Any]) -> str:
    rules: Any = g.rules
    if item.get("telephone"):
        return f"Telephone {item['telephone']}"
    name = str(rules.unit_type(item["formation"]).name)
    return name + (f" with {rules.weapon_type(item['weapon']).name}" if item.get("weapon") else "")


@continuation("gwc_support_roll")
def _support_roll(g: Game, a: Args, _: Option | None) -> None:
    seat, rule = int(a["seat"]), a["rule"]
    roll = int(a["roll"]["total"])
    g.emit(rule, "{kind}: Support Table roll {roll}", kind=a["kind"], roll=roll)
    items = select(g, seat, roll, bool(a["telephones"]), rule)
    for t in [i for i in items if i.get("telephone")]:
        artillery.place_telephone(g, seat, t["telephone"], rule)  # E87 step 3
    queue = [i for i in items if i.get("formation")]
    if not queue:
        return
    if a["where"] == "random":
        ev.random_hex(g, seat, "gwc_support_next", rule, queue=queue, where=a["where"],
                      suppress=a["suppress"], placed=[])
    else:
        _next(g, {"seat": seat, "rule": rule, "queue": queue, "where": a["where"], "hex": None,
                  "suppress": a["suppress"], "placed": []}, None)


def _hexes(g: Game, a: Args, item: dict[str, Any]) -> list[str]:
    seat = int(a["seat"])
    figs = ev.figures_of_type(g, item["formation"])
    if a["where"] == "edge":
        cands = edge_hexes(g, seat)
    elif a["where"] == "random":
        cands = [] if a["hex"] is None else ev.adjacent_or_in(g, a["hex"])
    else:  # hidden (A45.3)
        placed = [g.state["units"][u]["hex"] for u in a["placed"]]
        cands = [h for h in ev.setup_area(g, seat) if not units_in(g, h) and best_cover(g, h)[0] >= 1
                 and (not placed or any(hex_distance(g, h, p) == 1 for p in placed))]
    return [h for h in cands if ev.can_enter(g, h, seat, figs)]


@continuation("gwc_support_next")
def _next(g: Game, a: Args, _: Option | None) -> None:
    seat, rule = int(a["seat"]), a["rule"]
    while a["queue"]:
        item = a["queue"][0]
        hexes = _hexes(g, a, item)
        if hexes:
            ask(g, seat, "gwc_support_place", f"Place {label(g, item)}",
                [opt(f"hex:{h}", f"{label(g, item)} to {h}", "hex", hex=h) for h in hexes],
                rule=rule, queue=a["queue"], where=a["where"], hex=a["hex"], suppress=a["suppress"],
                placed=a["placed"])
            return
        a["queue"].pop(0)
        g.emit(rule, "No hex can take {item}: it goes back to the countermix", item=label(g, item))


@continuation("gwc_support_place")
def _place(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    rules: Any = g.rules
    seat = int(a["seat"])
    item = a["queue"].pop(0)
    uid = ev.new_id(g, seat, "s")
    wid = None
    if item.get("weapon"):
        wid = f"{uid}-w"
        g.state["weapons"][wid] = new_weapon(item["weapon"], seat, uid)
    u = new_unit(item["formation"], seat, o.args["hex"], "map", wid)
    u.update(rules.unit_fields(item["formation"]))
    if a["suppress"]:
        u["suppressed"] = True
    g.state["units"][uid] = u
    a["placed"].append(uid)
    g.emit(a["rule"], "{unit} ({item}) enters play in {hex}{s}", unit=uid, item=label(g, item),
           hex=o.args["hex"], s=", Suppressed" if a["suppress"] else "")
    _next(g, a, None)
