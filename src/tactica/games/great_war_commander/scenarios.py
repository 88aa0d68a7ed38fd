"""Great War Commander scenarios (data/scenarios) in the shape the family's set-up reads (setup.py).

A GWC scenario names Leaders by name, Formations by id and count, and a list of Weapons; the family
wants one entry per counter (type, Weapon) and a set-up zone. Who carries which Weapon is ours to
decide (11.2 says only Units carry, one each, Flamethrowers only Teams): reading R11 in RULES.md,
:func:`carriers`. The side's ``discard_limit`` is the scenario's (5.3), the Time Track spaces,
Objectives and chits go over as they are, and ``gwc`` keeps the scenario id (a custom scenario's
content id) for this game's hooks (Telephones, Fortifications, Gas, the date): the rules'
``scenario_file`` gives the file behind it. A scenario's ``three_player`` note is not read: the
book gives no three-player rules and the game stays two-seat (RULES.md, reading R5).
"""

from __future__ import annotations

from typing import Any

from ._schema import ForcesModel, ScenarioFile
from .components import Components

CREWED = ("gun", "mortar")


def carriers(comp: Components, nation: str, forces: ForcesModel) -> list[dict[str, Any]]:
    """The counters of a forces block, Leaders first, each Weapon on a carrier (reading R11):
    a Flamethrower on the first Team without a Weapon (11.7), a Gun or Mortar on a Team if one
    is free, else a Platoon (crews are teams), any other Weapon on a Platoon if one is free,
    else a Team; in the order the scenario lists them."""
    entries: list[dict[str, Any]] = [{"type": comp.leader_id(nation, n)} for n in forces.leaders]
    for fid, count in forces.formations.items():
        entries += [{"type": fid} for _ in range(count)]
    for wid in forces.weapons:
        wt = comp.weapons[wid]
        kinds = (("team",) if wt.team_only else ("team", "platoon") if wt.kind in CREWED
                 else ("platoon", "team"))
        for kind in kinds:
            free = [e for e in entries if comp.units[e["type"]].type == kind and "weapon" not in e]
            if free:
                free[0]["weapon"] = wid
                break
        else:
            raise ValueError(f"no {nation} Unit is free to carry {wid} (11.2)")
    return entries


def to_family(comp: Components, sc: ScenarioFile, custom_id: str | None = None) -> dict[str, Any]:
    """The scenario in the family's shape (see combat_commander/scenarios.py for the format). A
    custom scenario's content id names it and its inline map's board (``custom_id``). Formations
    ``placed`` on fixed hexes follow the forces set up in the zone."""
    sides: dict[str, Any] = {}
    for seat in ("germany", "entente"):
        sd = getattr(sc.sides, seat)
        reinf: dict[str, list[dict[str, Any]]] = {}
        for r in sd.reinforcements:
            reinf.setdefault(str(r.time), []).extend(carriers(comp, sd.nation, r))
        sides[seat] = {
            "nation": sd.nation, "posture": sd.posture, "orders": sd.orders,
            "discard_limit": sd.discard_limit, "surrender": sd.surrender,
            "units": carriers(comp, sd.nation, sd.forces) + [
                {"type": p.unit, "hex": p.hex, **({"weapon": p.weapon} if p.weapon else {})}
                for p in sd.placed],
            "setup": sd.setup,
            "reinforcements": reinf,
        }
    return {
        "name": sc.name, "description": sc.description.strip(), "map": custom_id or sc.map,
        "sides": sides, "edges": {"germany": sc.sides.germany.edge, "entente": sc.sides.entente.edge},
        "time": {"start": sc.time.start, "sudden_death": sc.time.sudden_death, "last": sc.time.last},
        "initiative": sc.initiative, "first": sc.first, "vp": sc.vp,
        "objectives": dict(sc.objectives), "open_chits": sc.open_chits,
        "secret_chits": sc.secret_chits, "gwc": custom_id or sc.id, "date": sc.date,
    }
