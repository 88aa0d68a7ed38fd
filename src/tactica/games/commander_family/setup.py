"""Setting a Commander scenario up (2.1): sides, decks shuffled, pieces, markers, chits, hands.

Shared by every Commander game; what differs comes from the game's hooks on CommanderRules:
its Fate decks (``fate_deck``), hand sizes and discard limits (``hand_size``,
``discard_limit``), its Objective chits (``chit_ids``, ``chit``), what it places besides units
(``setup_pieces``: Combat Commander's Radios and Fortifications) and the hexes of a multi-hex
Objective (``objective_hexes``). The scenario is a dict in the shape scenarios.py of Combat
Commander documents. A side's ``discard_limit`` in the scenario (GWC sets it per scenario, 5.3)
wins over the hook.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tactica.core.decks import new_deck
from tactica.core.rules import RulesError

from .board_state import update_objectives
from .state import OBJECTIVES, new_side, new_unit, new_weapon
from .turn import start_turn
from .victory import objective_value

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .base import CommanderRules


def setup_scenario(rules: CommanderRules, g: Game, scenario: str) -> None:
    """Fill ``g.state`` for ``scenario`` and push the set-up or the first Turn."""
    sc = rules.scenario_spec(scenario)
    s = g.state
    ch = g.chance
    sides: list[dict[str, Any]] = []
    units: dict[str, Any] = {}
    weapons: dict[str, Any] = {}
    reinforcements: dict[str, list[str]] = {}
    zoned: dict[str, dict[str, list[str]]] = {}
    for seat, seat_name in enumerate(rules.seats):
        spec = sc["sides"][seat_name]
        nation = spec["nation"]
        cards = rules.fate_deck(nation)
        if cards is None:
            raise RulesError(f"scenario {scenario}: no Fate deck for {nation}")
        limit = spec["discard_limit"] if "discard_limit" in spec else rules.discard_limit(nation)
        sd = new_side(nation, spec["posture"], rules.hand_size(spec["posture"]), spec["orders"],
                      limit, spec["surrender"])
        sd["deck"] = new_deck(cards, ch)  # 2.1: shuffled
        sides.append(sd)
        entries: list[tuple[Any, str, str | None]] = [(u, "map", None) for u in spec["units"]]
        for space, lst in sorted(spec.get("reinforcements", {}).items()):
            entries += [(u, "time_track", str(space)) for u in lst]
        for n, (entry, where, space) in enumerate(entries, start=1):
            e = {"type": entry} if isinstance(entry, str) else dict(entry)
            rules.unit_type(e["type"])  # refuse unknown types now
            uid = f"{seat_name}-{n}"
            wid = None
            if e.get("weapon"):
                rules.weapon_type(e["weapon"])
                wid = f"{uid}-w"
                weapons[wid] = new_weapon(e["weapon"], seat, uid)
            units[uid] = new_unit(e["type"], seat, e.get("hex"), where, wid)
            extra = rules.unit_fields(e["type"])
            if extra:
                units[uid].update(extra)
            if space is not None:
                reinforcements.setdefault(space, []).append(uid)
            elif not e.get("hex") and (e.get("zone") or spec.get("setup")):
                zone = str(e.get("zone") or spec["setup"])
                zoned.setdefault(str(seat), {}).setdefault(zone, []).append(uid)
    t = sc["time"]
    seats = rules.seats
    s.update(
        sides=sides, units=units, weapons=weapons, reinforcements=reinforcements, smoke={},
        activated=[], vp=int(sc.get("vp", 0)), turn=0,
        time={"space": t["start"], "sudden_death": t["sudden_death"], "last": t["last"], "advances": 0},
        initiative=seats.index(sc["initiative"]), active=seats.index(sc["first"]),
        objectives={o: {"owner": None if sc["objectives"].get(o) is None
                        else seats.index(sc["objectives"][o]), "hex": None} for o in OBJECTIVES},
        map=sc.get("map"), blaze=[],
        edges=[sc["edges"][n] for n in seats] if sc.get("edges")
        else [sc["sides"][n]["edge"] for n in seats] if sc["sides"][seats[0]].get("edge")
        else None,
    )
    rules.setup_pieces(g, sc)
    board = rules.board(g)
    if board is not None:
        for o in OBJECTIVES:
            if o in board.objectives:
                s["objectives"][o]["hex"] = board.label(board.objectives[o])
                s["objectives"][o]["hexes"] = [board.label(h) for h in rules.objective_hexes(board, o)]
    deal_chits(rules, g, sc)
    for seat, sd in enumerate(sides):  # 1.1: starting hand = Hand Size
        for _ in range(sd["hand_size"]):
            sd["hand"].append(sd["deck"]["draw"].pop())
        g.emit("1.1", "{nation} ({posture}) draws {n} cards", nation=sd["nation"],
               posture=sd["posture"], n=sd["hand_size"])
        g.emit("1.1", "Your hand: {cards}", to=[seat], cards=", ".join(sorted(sd["hand"])))
    if zoned and board is not None:
        # who sets up first is the scenario's to say; by default the side that does not
        # take the first Turn sets up first, in the open (our reading, RULES.md 2.1)
        first = seats.index(sc["first"])
        default = [seats[1 - first], seats[first]]
        order = [str(seats.index(n)) for n in sc.get("setup_order", default)]
        g.push("cc_setup", order=[int(x) for x in order if x in zoned], next=0, zones=zoned,
               hexes={z: [board.label(h) for h in board.zones[z]]
                      for per in zoned.values() for z in per})
        return
    update_objectives(g)
    start_turn(g, int(s["active"]))


def deal_chits(rules: CommanderRules, g: Game, sc: Mapping[str, Any]) -> None:
    """7.3.2-7.3.3: chits drawn at random; a chit without a secret side drawn as secret is
    played open. Open chits score for the initial controllers at once (continuous scoring)."""
    s = g.state
    pool = sorted(rules.chit_ids())
    g.chance.shuffle(pool)
    s["chit_pool"] = pool
    s["chits_open"] = [pool.pop() for _ in range(int(sc.get("open_chits", 0)))]
    for seat in (0, 1):
        for _ in range(int(sc.get("secret_chits", 0))):
            c = pool.pop()
            if rules.chit(c).secret_side:
                s["sides"][seat]["chits_secret"].append(c)
                g.emit("7.3.3", "Your secret Objective chit: {chit}", to=[seat], chit=c)
            else:
                s["chits_open"].append(c)
                g.emit("7.3.3", "Chit {chit} has no secret side: it is played open", chit=c)
    g.emit("7.3.2", "Open Objective chits: {chits}", chits=", ".join(s["chits_open"]) or "none")
    for o in OBJECTIVES:
        owner = s["objectives"][o]["owner"]
        v = objective_value(g, o, s["chits_open"])
        if owner is not None and v:
            s["vp"] += v if owner == 0 else -v
    g.emit("7.3.3", "VP track after open Objectives: {vp:+d}", vp=s["vp"])
