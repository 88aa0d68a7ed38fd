"""Support-Table Events: E59 Infiltration and E68 Reinforcements, and the Support Tables they
roll on (data/support/*.yaml: this project's design, the rulebook gives no table).

Both Events: roll on the receiver's nation's Support Table (an ordinary roll, made inside the
Event so it ignores triggers, E42), pick one item of the column for that roll that the
scenario's year allows (4.3.2) — Infiltration never a Radio — for free, then place it:

* Infiltration: in or next to a Random Hex (1.8);
* Reinforcements: a Radio goes into the receiver's Artillery Box (``state["radios"]``, see
  artillery.py) only if it is empty; a unit into a hex of his friendly board edge (7.2).

A unit comes with the Weapon listed beside it (11.2); placement keeps the stacking limit (8.2)
and never uses an impassable hex (a Blaze, Water Barrier...).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args
from tactica.core.schema import validate

from ..commander_family.board_state import edge_hexes
from ..commander_family.events import EventDef
from ..commander_family.state import new_unit, new_weapon, side
from . import events_common as ec
from ._schema import ComponentError, Source, read
from .artillery import place_radio, radio_of
from .components import data_dir
from .data_models import SupportTableFile
from .events_common import ask, continuation, opt, who

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tactica.core.game import Game

DEFAULT_YEAR = 1944


@dataclass(frozen=True, slots=True)
class SupportItem:
    id: str
    unit: str | None
    weapon: str | None
    radio: str | None
    years: tuple[int, int]

    def label(self) -> str:
        if self.radio:
            return f"Radio {self.radio}"
        return f"{self.unit}" + (f" with {self.weapon}" if self.weapon else "")


@dataclass(frozen=True, slots=True)
class SupportColumn:
    id: str
    rolls: tuple[int, int]
    items: tuple[SupportItem, ...]


@dataclass(frozen=True, slots=True)
class SupportTable:
    nation: str
    columns: tuple[SupportColumn, ...]
    source: str

    def column(self, roll: int) -> SupportColumn:
        for c in self.columns:
            if c.rolls[0] <= roll <= c.rolls[1]:
                return c
        raise KeyError(roll)


def load_support_table(source: Source) -> SupportTable:
    """Load one nation's Support Table (schema: data_models.SupportTableFile)."""
    doc = read(source)
    name = doc.name
    f = validate(SupportTableFile, doc.data, name, ComponentError, doc.lines)
    cols = tuple(
        SupportColumn(
            c.id,
            (c.rolls[0], c.rolls[1]),
            tuple(SupportItem(i.id, i.unit, i.weapon, i.radio, (i.years[0], i.years[1])) for i in c.items),
        )
        for c in f.columns
    )
    return SupportTable(f.nation, cols, name)


@cache
def builtin_support_tables() -> Mapping[str, SupportTable]:
    folder = data_dir() / "support"
    tables = {}
    for f in sorted(folder.iterdir(), key=lambda x: x.name):
        if f.name.endswith((".yaml", ".yml", ".json")):
            t = load_support_table(f)
            if t.nation in tables:
                raise ComponentError(f"{t.source}: nation: a second support table for {t.nation}")
            tables[t.nation] = t
    return MappingProxyType(tables)


def support_table(g: Game, seat: int) -> SupportTable | None:
    rules: Any = g.rules
    tables = getattr(rules, "support_tables", None) or builtin_support_tables()
    t: SupportTable | None = tables.get(side(g.state, seat)["nation"])
    return t


def scenario_year(g: Game) -> int:
    rules: Any = g.rules
    try:
        sc = rules.scenario_spec(g.state.get("scenario"))
    except (AttributeError, KeyError):
        sc = {}
    return int(sc.get("year", g.state.get("year", DEFAULT_YEAR)))


def _item(g: Game, seat: int, item_id: str, column: str) -> SupportItem:
    t = support_table(g, seat)
    assert t is not None
    col = next(c for c in t.columns if c.id == column)
    return next(i for i in col.items if i.id == item_id)


# ---------------------------------------------------------------- shared steps
def _start(g: Game, seat: int, rule: str, kind: str) -> None:
    if support_table(g, seat) is None:
        g.emit(rule, "No effect: {nation} has no Support Table (E42)", nation=who(g, seat))
        return
    ec.roll_then(g, seat, "support_roll", f"{kind} (Support Table)", rule=rule, kind=kind)


@continuation("support_roll")
def _support_roll(g: Game, a: Args, _: Option | None) -> None:
    seat, rule = int(a["seat"]), a["rule"]
    t = support_table(g, seat)
    assert t is not None
    roll = int(a["roll"]["total"])
    col = t.column(roll)
    year = scenario_year(g)
    items = [
        i
        for i in col.items
        if i.years[0] <= year <= i.years[1] and not (a["kind"] == "Infiltration" and i.radio)
    ]
    g.emit(
        rule,
        "Support Table roll {roll}: column {col}, {n} item(s) available in {year}",
        roll=roll,
        col=col.id,
        n=len(items),
        year=year,
    )
    if a["kind"] == "Reinforcements" and radio_of(g, seat) is not None:
        items = [i for i in items if not i.radio]  # E68: a Radio needs an empty Artillery Box
    if not items:
        g.emit(rule, "No effect: nothing in that column can be taken (E42)")
        return
    ask(
        g,
        seat,
        "support_item",
        f"{a['kind']}: pick one item for free",
        [opt(f"item:{i.id}", i.label(), "item", item=i.id) for i in items],
        rule=rule,
        kind=a["kind"],
        column=col.id,
    )


@continuation("support_item")
def _support_item(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat, rule = int(a["seat"]), a["rule"]
    item = _item(g, seat, o.args["item"], a["column"])
    g.emit(rule, "{nation} takes {item}", nation=who(g, seat), item=item.label())
    if item.radio:
        place_radio(g, seat, item.radio, rule)
        return
    if a["kind"] == "Infiltration":
        ec.random_hex(g, seat, "infiltration_hex", rule, item=item.id, column=a["column"], kind=a["kind"])
        return
    hexes = edge_hexes(g, seat)
    _ask_place(g, seat, item, hexes, rule, a["column"], "on the friendly board edge")


def _ask_place(
    g: Game, seat: int, item: SupportItem, hexes: list[str], rule: str, column: str, where: str
) -> None:
    figs = ec.figures_of_type(g, str(item.unit))
    ok = [h for h in hexes if ec.can_enter(g, h, seat, figs)]
    if not ok:
        g.emit(rule, "No effect: no hex {where} can take {item} (8.2, E42)", where=where, item=item.label())
        return
    ask(
        g,
        seat,
        "support_place",
        f"Place {item.label()} {where}",
        [opt(f"hex:{h}", f"{item.label()} to {h}", "hex", hex=h) for h in ok],
        rule=rule,
        item=item.id,
        column=column,
    )


@continuation("infiltration_hex")
def _infiltration_hex(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is None:
        return
    seat = int(a["seat"])
    item = _item(g, seat, a["item"], a["column"])
    _ask_place(
        g, seat, item, ec.adjacent_or_in(g, a["hex"]), a["rule"], a["column"], f"in or next to {a['hex']}"
    )


@continuation("support_place")
def _support_place(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    item = _item(g, seat, a["item"], a["column"])
    uid = ec.new_id(g, seat, "s")
    wid = None
    if item.weapon:
        wid = f"{uid}-w"
        g.state["weapons"][wid] = new_weapon(item.weapon, seat, uid)
    g.state["units"][uid] = new_unit(str(item.unit), seat, o.args["hex"], "map", wid)
    g.emit(a["rule"], "{unit} ({item}) enters play in {hex}", unit=uid, item=item.label(), hex=o.args["hex"])


def infiltration(g: Game, seat: int, card: str) -> None:
    _start(g, seat, "E59", "Infiltration")


def reinforcements(g: Game, seat: int, card: str) -> None:
    _start(g, seat, "E68", "Reinforcements")


EVENTS = {"Infiltration": infiltration, "Reinforcements": reinforcements}


def register(rules: Any) -> None:
    ec.add_steps(rules)
    from .components import EVENTS as RULE

    for name, fn in EVENTS.items():
        rules.events[name] = EventDef(name, RULE[name], implemented=True, execute=fn)
