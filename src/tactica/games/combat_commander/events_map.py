"""Events that change the map: E46 Blaze, E47 Booby Trap, E48 Breeze, E53 Dust, E55 Entrench,
E69 Rubble, E70 Sappers, E73 Shellholes, E77 White Phosphorus. Placing a Blaze, moving the units
out of it and spreading it are the family's (commander_family/events_map.py).

Smoke markers come from the Smoke/Blaze cup (T94: hindrance 1-10, drawn at random; the spread
is rules.SMOKE_CUP); a Blaze (T79) is impassable, has no Cover and blocks LOS (10.2.1). Units
caught by a new Blaze are moved out by their owners, the inactive player first (E46), or are
eliminated if no adjacent hex can take them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.board_state import units_in
from ..commander_family.breaking import break_or_wound
from ..commander_family.events import EventDef
from ..commander_family.events_map import push_relocation, put_blaze, spread_blaze
from ..commander_family.stats import unit_kind
from . import events_common as ec
from .events_common import HELPS, HURTS, ask, continuation, map_units, opt, unit_opts, who

if TYPE_CHECKING:
    from tactica.core.game import Game


def _none(g: Game, rule: str, why: str) -> None:
    g.emit(rule, "No effect: {why} (E42)", why=why)


# ---------------------------------------------------------------- E46 Blaze
def blaze(g: Game, seat: int, card: str) -> None:
    ec.random_hex(g, seat, "blaze", "E46")


@continuation("blaze")
def _blaze_hex(g: Game, a: Args, _: Option | None) -> None:
    h = a["hex"]
    if h is None:
        return
    if ec.is_water(g, h) or h in ec.blazes(g):
        _none(g, "E46", f"{h} is Water Terrain" if ec.is_water(g, h) else f"{h} already holds a Blaze")
        return
    put_blaze(g, h, "E46")
    push_relocation(g, [h], "E46")


# ---------------------------------------------------------------- E48 Breeze
def breeze(g: Game, seat: int, card: str) -> None:
    rules: Any = g.rules
    wind = int(rules.card(card).wind or 1)
    if g.state["smoke"]:
        g.emit("E48", "Breeze: every Smoke marker is removed ({hexes})",
               hexes=", ".join(sorted(g.state["smoke"])))
        g.state["smoke"].clear()
    spread = spread_blaze(g, wind, "E48", lambda g, lab: not ec.is_water(g, lab))
    push_relocation(g, spread, "E48")


# ---------------------------------------------------------------- E47 Booby Trap, E69 Rubble, E73 Shellholes
def _fort_event(kind: str, rule: str, then: str) -> Any:
    def execute(g: Game, seat: int, card: str) -> None:
        ec.random_hex(g, seat, then, rule, kind=kind)
    return execute


@continuation("fort_random")
def _fort_random(g: Game, a: Args, _: Option | None) -> None:
    if a["hex"] is not None:
        ec.place_fortification(g, a["hex"], a["kind"], a["rule"])


booby_trap = _fort_event("mines", "E47", "fort_random")
rubble = _fort_event("wire", "E69", "fort_random")
shellholes = _fort_event("foxholes", "E73", "fort_random")


# ---------------------------------------------------------------- E53 Dust
def dust(g: Game, seat: int, card: str) -> None:
    ec.random_hex(g, seat, "dust", "E53")


@continuation("dust")
def _dust(g: Game, a: Args, _: Option | None) -> None:
    h = a["hex"]
    if h is None:
        return
    if ec.is_water(g, h) or h in ec.blazes(g):
        _none(g, "E53", f"{h} is Water Terrain" if ec.is_water(g, h) else f"{h} holds a Blaze")
        return
    ec.place_smoke(g, h, "E53")


# ---------------------------------------------------------------- E55 Entrench
def entrench(g: Game, seat: int, card: str) -> None:
    forts = ec.forts(g)
    hexes = sorted({g.state["units"][u]["hex"] for u in map_units(g, seat)})
    hexes = [h for h in hexes if not ec.is_water(g, h) and h not in forts and h not in ec.blazes(g)]
    if not hexes:
        _none(g, "E55", f"no {who(g, seat)}-occupied hex can take Foxholes")
        return
    ask(g, seat, "entrench", "Entrench: place Foxholes?",
        [*[opt(f"hex:{h}", f"Foxholes in {h}", "hex", hex=h, effect=HELPS) for h in hexes],
         opt("none", "No Foxholes", "none")])


@continuation("entrench")
def _entrench(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E55", "{nation} places no Foxholes", nation=who(g, int(a["seat"])))
        return
    ec.place_fortification(g, o.args["hex"], "foxholes", "E55")


# ---------------------------------------------------------------- E70 Sappers
def sappers(g: Game, seat: int, card: str) -> None:
    forts = ec.forts(g)
    hexes = sorted(h for h, k in forts.items() if k in ("mines", "wire"))
    if not hexes:
        _none(g, "E70", "no Mines or Wire on the map")
        return
    ask(g, seat, "sappers", "Sappers: remove Mines or Wire?",
        [*[opt(f"hex:{h}", f"Remove the {forts[h].capitalize()} in {h}", "hex", hex=h) for h in hexes],
         opt("none", "Remove nothing", "none")])


@continuation("sappers")
def _sappers(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E70", "{nation} removes nothing", nation=who(g, int(a["seat"])))
        return
    kind = ec.table(g).pop(o.args["hex"])
    g.emit("E70", "Sappers remove the {kind} in {hex}", kind=kind.capitalize(), hex=o.args["hex"])


# ---------------------------------------------------------------- E77 White Phosphorus
def white_phosphorus(g: Game, seat: int, card: str) -> None:
    rules: Any = g.rules
    squads = [u for u in map_units(g, seat)
              if unit_kind(g, u) == "squad" and not g.state["units"][u]["broken"]]
    hexes = sorted({n for u in squads for n in rules.adjacent_hexes(g, g.state["units"][u]["hex"])})
    hexes = [h for h in hexes if not ec.is_water(g, h) and h not in ec.blazes(g)]
    if not hexes:
        _none(g, "E77", f"no hex next to an unbroken {who(g, seat)} Squad can take Smoke")
        return
    ask(g, seat, "white_phosphorus", "White Phosphorus: place a Smoke marker?",
        [*[opt(f"hex:{h}", f"Smoke into {h}", "hex", hex=h) for h in hexes], opt("none", "No Smoke", "none")])


@continuation("white_phosphorus")
def _white_phosphorus(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    if o.kind == "none":
        g.emit("E77", "{nation} places no White Phosphorus", nation=who(g, int(a["seat"])))
        return
    h = o.args["hex"]
    ec.place_smoke(g, h, "E77")
    first, second = ec.inactive_first(g)
    seats = [s for s in (first, second) if units_in(g, h, s)]
    # push in reverse so the inactive player picks first
    for s in reversed(seats):
        ask(g, s, "wp_break", f"White Phosphorus in {h}: break one of your units there",
            unit_opts(g, units_in(g, h, s), "Break", HURTS))


@continuation("wp_break")
def _wp_break(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    break_or_wound(g, o.args["unit"], "E77")


# ---------------------------------------------------------------- registration
EVENTS = {
    "Blaze": blaze,
    "Booby Trap": booby_trap,
    "Breeze": breeze,
    "Dust": dust,
    "Entrench": entrench,
    "Rubble": rubble,
    "Sappers": sappers,
    "Shellholes": shellholes,
    "White Phosphorus": white_phosphorus,
}


def register(rules: Any) -> None:
    ec.add_steps(rules)
    from .components import EVENTS as RULE

    for name, fn in EVENTS.items():
        rules.events[name] = EventDef(name, RULE[name], implemented=True, execute=fn)

