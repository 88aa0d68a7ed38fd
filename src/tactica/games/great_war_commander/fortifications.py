"""Great War Commander's Fortifications (F125-F131) through the family's fortifications module:
Blockhaus, Foxholes, Mines, Pillbox, Trench and Wire, as data/fortifications.yaml gives them.

What is GWC's own, on top of the family's state, placement, Wire, Trench moves and Melee holders:

* Cover (F125.4, F126-F130): Foxholes 3, Trench 4, Pillbox 5, Blockhaus 6, the same against
  Mortars and Artillery (no +1 as in Combat Commander); a Road lowers it only where the hex is
  Open Ground (T116; digest E28: Open Ground + Road + Foxholes gives Morale 7 + 3 - 1 = 9);
* Mines (F128): 6 FP, 9 against vehicles (Formations that move together are all Tanks or none:
  O23.5.1 activates Tanks apart), Cover 0, the opponent rolls (the family's Mine Attack);
* Trench moves are not for Tanks (F130.2: the caller asks :func:`trench_step` with the movers);
* downgrades by Artillery are terrain_state.py's (F125.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..commander_family import fortifications as fam
from ..commander_family import mines
from ..commander_family.board_state import board_of, label_map, on_path, units_in
from ..commander_family.fortifications import FortKinds
from . import terrain_state
from .data import builtin_pack

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules

MINES_FP = 6
MINES_FP_VEHICLES = 9
"""F128.2: a Mine Attack's FP, against vehicles 9."""


def _chart() -> dict[str, Any]:
    return {f.id: f for f in builtin_pack().fortifications.fortifications}


def _water(g: Game, label: str) -> bool:
    """F125.4: no Fortification in Marsh, Stream or Water Barrier (a Bridge hex is not Water)."""
    return bool(terrain_state.printed_type(g, label).water)


def _road_cover(g: Game, label: str) -> int:
    """T116: a Road's -1 only where the hex is Open Ground (and no marker changed it)."""
    b = board_of(g)
    if b is None or not on_path(b, label_map(b)[label], "road"):
        return 0
    return -1 if terrain_state.current_type(g, label).id == "open_ground" else 0


def _kinds() -> FortKinds:
    chart = _chart()
    names = {k: k.capitalize() for k in chart}
    cover = {k: (int(f.cover), int(f.cover)) for k, f in chart.items() if f.cover is not None and f.cover > 0}
    return FortKinds(
        names=names, cover=cover,
        melee_hold=tuple(k for k, f in chart.items() if f.melee_tie_holds),
        trench_link=("trench", "blockhaus", "pillbox"),
        rules={"water": "F125.4", "blaze": "T100", "stack": "F125.4"},
        road_cover=_road_cover, water=_water)


KINDS = _kinds()
"""F125-F131 as the family reads them."""


def register(rules: GreatWarCommanderRules) -> None:
    """The family's Mine Attack step (F128.2)."""
    for st in mines.mine_steps():
        if st.name not in rules.steps:
            rules.add_step(st)


def setup(g: Game, scenario: Mapping[str, Any]) -> None:
    """F125.1: the scenario's Fortifications (data/scenarios ``fortifications``)."""
    rules: Any = g.rules
    sc = rules.scenario_file(scenario["gwc"])
    for f in sc.fortifications:
        if fam.kind_at(g, f.hex) == f.type:
            continue
        if not fam.place(g, f.hex, f.type, "F125.1"):
            raise ValueError(f"scenario {sc.id}: Fortification {f.type} in {f.hex} cannot be placed")


def in_wire(g: Game, label: str | None) -> bool:
    """F131.1: is the hex Wire?"""
    return fam.in_wire(g, label)


def weapon_blocked(g: Game, label: str | None) -> bool:
    """F131.3: no Weapon fires from a Wire hex."""
    return fam.weapon_blocked(g, label)


def group_split(g: Game, a: str, b: str) -> bool:
    """F131.3: Formations in Wire form no Fire Group with pieces outside the hex."""
    return fam.group_split(g, a, b)


def wire_halts(g: Game, frm: str, to: str) -> bool:
    """F131.2: entering or leaving Wire ends the Move."""
    return fam.wire_halts(g, frm, to)


def trench_step(g: Game, frm: str, to: str) -> bool:
    """F130.2: Trench to Trench, Blockhaus or Pillbox (either way): 1 MP, no Op Fire there."""
    return fam.trench_step(g, frm, to)


def mined(g: Game, label: str | None) -> bool:
    """F128.1: does the hex hold Mines?"""
    return fam.kind_at(g, label) == "mines"


def mine_fp(g: Game, movers: list[str]) -> int:
    """F128.2: 9 FP against vehicles, 6 against other Formations."""
    rules: Any = g.rules
    units = g.state["units"]
    if any(rules.unit_type(units[u]["type"]).type == "tank" for u in movers):
        return MINES_FP_VEHICLES
    return MINES_FP


def push_mine_attack(g: Game, label: str, movers: list[str], *, moving: bool = False,
                     rule: str | None = None) -> bool:
    """F128.1-2: push a Mine Attack on ``movers`` if ``label`` is mined; True if one was pushed."""
    return mines.push_mine_attack(g, label, movers, moving=moving, rule=rule)


def melee_tie_winner(g: Game, label: str) -> int | None:
    """F126, F129: the last sole occupant of a Pillbox or Blockhaus wins a tied Melee."""
    return fam.melee_tie_winner(g, label)


def cover(g: Game, label: str | None, heavy: bool) -> tuple[int, str] | None:
    """The hex's Fortification Cover and why (F126-F130; the same against Mortars and Artillery),
    +1 in Trenches and Foxholes held by the owner of Gabions et Fascines (S98.3.7, a Reminder
    Card: read for the side whose Formations are in the hex; a hex of both sides is a Melee, where
    Cover plays no part)."""
    found = fam.cover(g, label, heavy)
    if found is None or fam.kind_at(g, label) not in ("trench", "foxholes"):
        return found
    from . import strategy

    seats = {int(g.state["units"][u]["seat"]) for u in units_in(g, str(label))}
    if len(seats) == 1 and strategy.reminder(g, seats.pop(), "Gabions et Fascines"):
        return found[0] + 1, found[1] + ", Gabions et Fascines +1"
    return found


def after_board_change(g: Game) -> None:
    """F126, F129: keep current who last held each Pillbox or Blockhaus alone."""
    if g.state.get("fortifications"):
        fam.update_holders(g)


def view(g: Game) -> dict[str, Any]:
    """Fortifications and terrain markers, public once placed."""
    return {"fortifications": fam.view(g),
            "terrain_markers": dict(g.state.get("terrain_markers") or {})}
