"""CombatCommanderRules: Combat Commander: Europe on the Commander-family core.

Supplies the components (Fate decks, rosters, chits, postures from components.py), builds the
registries from the rulebook's Order/Action/Event names, and sets a scenario up (2.1 of the
digest: decks shuffled, hands dealt, chits drawn, markers placed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tactica.core.decks import new_deck
from tactica.core.options import Option
from tactica.core.rules import RulesError, ScenarioInfo, Step

from ..commander_family.actions import action_registry
from ..commander_family.base import CommanderRules
from ..commander_family.events import event_registry
from ..commander_family.orders import OrderDef, order_registry
from ..commander_family.state import OBJECTIVES, new_side, new_unit, new_weapon
from ..commander_family.turn import start_turn
from ..commander_family.victory import objective_value
from . import (
    actions_fire,
    actions_hidden,
    actions_other,
    advance,
    artillery,
    drawing,
    fortifications,
    melee,
    movement,
    op_fire,
    placement,
    recover,
    rout,
    text,
)
from .board_state import neighbours, update_objectives
from .components import ACTIONS, EVENTS, ORDERS, Pack, builtin_pack
from .events_all import register as register_events
from .fire import fire_group, fire_legal, fire_steps, remove_weapon, start_fire
from .scenarios import SCENARIOS
from .terrain import los_table

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game
    from tactica.core.los import LosTable


def _builtin_scenarios() -> dict[str, dict[str, Any]]:
    """The scenario files under data/scenarios, in the engine's dict shape (loaded once)."""
    global _BUILTIN
    if _BUILTIN is None:
        from .scenario_data import builtin_scenarios

        _BUILTIN = {k: v.to_engine() for k, v in builtin_scenarios().items()}
    return _BUILTIN


_BUILTIN: dict[str, dict[str, Any]] | None = None


class CombatCommanderRules(CommanderRules):
    id = "combat_commander"
    name = "Combat Commander: Europe"
    version = "0.2"
    seats = ("axis", "allies")
    option_defaults: Mapping[str, Any] = {}

    def __init__(self, steps: Iterable[Step] = (), pack: Pack | None = None) -> None:
        super().__init__([*fire_steps(), *placement.placement_steps(), *steps])
        self._pack = pack
        self._boards: dict[str, Board] = {}
        self._extra_scenarios: dict[str, dict[str, Any]] = {}
        self.orders = order_registry(dict(ORDERS))
        self.orders["Fire"] = OrderDef("Fire", "O20", implemented=True, legal=fire_legal, start=start_fire)
        self.events = event_registry(dict(EVENTS))
        self.actions = action_registry(dict(ACTIONS))
        artillery.register(self)  # O17, O18
        register_events(self)  # E42-E77
        # stage 3, in this order: op fire needs movement; melee wraps the after-order hooks last
        movement.register(self)  # O21
        op_fire.register(self)  # A33
        advance.register(self)  # O16
        melee.register(self)  # O16.4
        recover.register(self)  # O22
        rout.register(self)  # O23
        actions_fire.register(self)  # A27, A29, A30, A34, A37, A40, A41
        actions_other.register(self)  # A25, A26, A28, A36, A38, A39
        actions_hidden.register(self)  # A31, A32, A35; the Mine Attack (F103.2)
        self._cards: dict[str, Any] | None = None
        self._unit_types: dict[str, Any] = {}  # filled once by _index_types
        self._weapon_types: dict[str, Any] = {}
        self._types_indexed = False

    # -- components ----------------------------------------------------------------------------
    @property
    def pack(self) -> Pack:
        if self._pack is None:
            self._pack = builtin_pack()
        return self._pack

    def _card_index(self) -> dict[str, Any]:
        if self._cards is None:
            self._cards = {cid: c for d in self.pack.decks.values() for cid, c in d.cards.items()}
        return self._cards

    def card(self, card_id: str) -> Any:
        return self._card_index()[card_id]

    def _index_types(self) -> None:
        """Unit and Weapon types by id over all rosters (the first roster that has an id wins),
        built once: rules code looks a type up hundreds of thousands of times a game (speed)."""
        for r in self.pack.rosters.values():
            for k, ut in r.units.items():
                self._unit_types.setdefault(k, ut)
            for k, wt in r.weapons.items():
                self._weapon_types.setdefault(k, wt)
        self._types_indexed = True

    def unit_type(self, type_id: str) -> Any:
        try:
            return self._unit_types[type_id]
        except KeyError:
            if self._types_indexed:
                raise KeyError(f"no unit type {type_id!r}") from None
        self._index_types()
        return self.unit_type(type_id)

    def weapon_type(self, type_id: str) -> Any:
        try:
            return self._weapon_types[type_id]
        except KeyError:
            if self._types_indexed:
                raise KeyError(f"no weapon type {type_id!r}") from None
        self._index_types()
        return self.weapon_type(type_id)

    def chit(self, chit_id: str) -> Any:
        return self.pack.objectives[chit_id]

    # -- the map ---------------------------------------------------------------------------------
    def add_board(self, board: Board) -> None:
        """Make a board (tests, custom maps) available to scenarios by its name."""
        self._boards[board.name] = board

    def board(self, g: Game) -> Board | None:
        name = g.state.get("map")
        b = self._boards.get(name)  # type: ignore[arg-type]
        if b is not None or name is None:
            return b
        from .maps import builtin_map

        b = self._boards[name] = builtin_map(name).board
        return b

    def los(self, g: Game) -> LosTable | None:
        b = self.board(g)
        return None if b is None else los_table(b)

    # -- the terminal (text.py) and the browser table (docs/web.md; drawing.py) --------------------
    def describe(self, g: Game, seat: int | None) -> str:
        return text.describe(g, seat)

    def drawing(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        return drawing.drawing(g, seat, view)

    def odds(self, g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
        return drawing.odds(g, seat, option_id)

    def line_of_sight(self, g: Game, a: str, b: str) -> dict[str, Any] | None:
        return drawing.line_of_sight(g, a, b)

    # -- stage-1 hooks, now on the map ---------------------------------------------------------
    def adjacent_hexes(self, g: Game, label: str) -> list[str]:
        return neighbours(g, label)

    def turn_extras(self, g: Game, seat: int) -> list[Option]:
        """11.3: the owner may eliminate one of his Weapons at any time; offered at his Turn
        decision (our reading: the one moment a player decides with nothing else under way)."""
        return [Option(f"drop:{wid}", f"Eliminate {wid} (carried by {w['carrier']})", "extra",
                       {"weapon": wid, "unit": w["carrier"]})
                for wid, w in sorted(g.state["weapons"].items())
                if w["seat"] == seat and w["where"] == "map" and w["carrier"] is not None]

    def turn_extra(self, g: Game, seat: int, option: Option) -> None:
        wid = option.args["weapon"]
        remove_weapon(g, wid)
        g.emit("11.3", "{weapon} is eliminated by its owner", weapon=wid)

    def fp_lift(self, g: Game, seat: int, pieces: list[str], target: str) -> int:
        """10.3.2.1: what the seat's +2 FP Action cards could add to this attack."""
        return actions_fire.lift_for(g, seat, pieces, target)

    def fortification_vulnerability(self, fp: int) -> int:
        """O18.2.3.3: the Impact Roll that destroys a Fortification (our table, fortifications.py)."""
        return fortifications.vulnerability(fp)

    def after_order(self, g: Game) -> None:
        update_objectives(g)
        fortifications.update_holders(g)
        if not g.is_terminal():
            melee.push_melee(g, quiet=False)  # O16.4: every hex holding both sides

    def after_trigger(self, g: Game) -> None:
        update_objectives(g)
        fortifications.update_holders(g)
        if not g.is_terminal():
            melee.push_melee(g, quiet=True)  # O16.4 after a die trigger; its rolls trigger nothing

    def stacking_check(self, g: Game, seat: int) -> None:
        placement.stacking_check(g, seat)

    def reinforce_radios(self, g: Game, space: int) -> None:
        artillery.arrive_radios(g, space)

    def reinforce(self, g: Game, seat: int, units: list[str]) -> None:
        placement.reinforce(g, seat, units)

    # -- scenarios -----------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, v["name"], v.get("description", ""), self.seats)
                for k, v in self.all_scenarios().items()]

    def all_scenarios(self) -> dict[str, dict[str, Any]]:
        return {**SCENARIOS, **_builtin_scenarios(), **self._extra_scenarios}

    def add_scenario(self, scenario_id: str, spec: dict[str, Any]) -> None:
        """Add a scenario in the SCENARIOS shape to this instance (tests, custom scenarios)."""
        self._extra_scenarios[scenario_id] = spec

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        sc = self.all_scenarios()[scenario]
        s = g.state
        ch = g.chance
        postures = self.pack.postures
        sides: list[dict[str, Any]] = []
        units: dict[str, Any] = {}
        weapons: dict[str, Any] = {}
        reinforcements: dict[str, list[str]] = {}
        zoned: dict[str, dict[str, list[str]]] = {}
        for seat, seat_name in enumerate(self.seats):
            spec = sc["sides"][seat_name]
            nation = spec["nation"]
            if nation not in self.pack.decks:
                raise RulesError(f"scenario {scenario}: no Fate deck for {nation}")
            sd = new_side(nation, spec["posture"], postures.hand_size[spec["posture"]], spec["orders"],
                          postures.discard_limit[nation], spec["surrender"])
            sd["deck"] = new_deck(list(self.pack.decks[nation].cards), ch)  # 2.1: shuffled
            sides.append(sd)
            entries: list[tuple[Any, str, str | None]] = [(u, "map", None) for u in spec["units"]]
            for space, lst in sorted(spec.get("reinforcements", {}).items()):
                entries += [(u, "time_track", str(space)) for u in lst]
            for n, (entry, where, space) in enumerate(entries, start=1):
                e = {"type": entry} if isinstance(entry, str) else dict(entry)
                self.unit_type(e["type"])  # refuse unknown types now
                uid = f"{seat_name}-{n}"
                wid = None
                if e.get("weapon"):
                    self.weapon_type(e["weapon"])
                    wid = f"{uid}-w"
                    weapons[wid] = new_weapon(e["weapon"], seat, uid)
                units[uid] = new_unit(e["type"], seat, e.get("hex"), where, wid)
                if space is not None:
                    reinforcements.setdefault(space, []).append(uid)
                elif not e.get("hex") and (e.get("zone") or spec.get("setup")):
                    zone = str(e.get("zone") or spec["setup"])
                    zoned.setdefault(str(seat), {}).setdefault(zone, []).append(uid)
        t = sc["time"]
        s.update(
            sides=sides, units=units, weapons=weapons, reinforcements=reinforcements, smoke={},
            activated=[], vp=int(sc.get("vp", 0)), turn=0,
            time={"space": t["start"], "sudden_death": t["sudden_death"], "last": t["last"], "advances": 0},
            initiative=self.seats.index(sc["initiative"]), active=self.seats.index(sc["first"]),
            objectives={o: {"owner": None if sc["objectives"].get(o) is None
                            else self.seats.index(sc["objectives"][o]), "hex": None} for o in OBJECTIVES},
            map=sc.get("map"), blaze=[],
            edges=[sc["edges"][n] for n in self.seats] if sc.get("edges")
            else [sc["sides"][n]["edge"] for n in self.seats] if sc["sides"][self.seats[0]].get("edge")
            else None,
        )
        artillery.setup_radios(g, sc)
        fortifications.setup(g, sc)
        board = self.board(g)
        if board is not None:
            for o in OBJECTIVES:
                if o in board.objectives:
                    s["objectives"][o]["hex"] = board.label(board.objectives[o])
                    s["objectives"][o]["hexes"] = [board.label(h) for h in self._objective_hexes(board, o)]
        self._deal_chits(g, sc)
        for seat, sd in enumerate(sides):  # 1.1: starting hand = Hand Size
            for _ in range(sd["hand_size"]):
                sd["hand"].append(sd["deck"]["draw"].pop())
            g.emit("1.1", "{nation} ({posture}) draws {n} cards", nation=sd["nation"],
                   posture=sd["posture"], n=sd["hand_size"])
            g.emit("1.1", "Your hand: {cards}", to=[seat], cards=", ".join(sorted(sd["hand"])))
        if zoned and board is not None:
            # who sets up first is the scenario's to say; by default the side that does not
            # take the first Turn sets up first, in the open (our reading, RULES.md 2.1)
            first = self.seats.index(sc["first"])
            default = [self.seats[1 - first], self.seats[first]]
            order = [str(self.seats.index(n)) for n in sc.get("setup_order", default)]
            g.push("cc_setup", order=[int(x) for x in order if x in zoned], next=0, zones=zoned,
                   hexes={z: [board.label(h) for h in board.zones[z]]
                          for per in zoned.values() for z in per})
            return
        update_objectives(g)
        start_turn(g, int(s["active"]))

    def _objective_hexes(self, board: Board, obj: str) -> list[Any]:
        """7.3.1.1: a built-in map knows its multi-hex Buildings; other boards use the one hex."""
        from .maps import builtin_map, builtin_map_ids

        if board.name in builtin_map_ids() and board is builtin_map(board.name).board:
            return list(builtin_map(board.name).objective_hexes(obj))
        return [board.objectives[obj]]

    def _deal_chits(self, g: Game, sc: Mapping[str, Any]) -> None:
        """7.3.2-7.3.3: chits drawn at random; a chit without a secret side drawn as secret is
        played open. Open chits score for the initial controllers at once (continuous scoring)."""
        s = g.state
        pool = sorted(self.pack.objectives)
        g.chance.shuffle(pool)
        s["chit_pool"] = pool
        s["chits_open"] = [pool.pop() for _ in range(int(sc.get("open_chits", 0)))]
        for seat in (0, 1):
            for _ in range(int(sc.get("secret_chits", 0))):
                c = pool.pop()
                if self.chit(c).secret_side:
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

    def view(self, g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
        v = super().view(g, seat, everything)
        s = g.state
        v.update(map=s.get("map"), edges=list(s.get("edges") or []), blaze=list(s.get("blaze") or []),
                 activated=list(s["activated"]), radios=artillery.radio_view(g),
                 fortifications=fortifications.view(g), fire_group=fire_group(g))
        return v

    def seat_names(self, g: Game) -> tuple[str, ...]:
        return tuple(sd["nation"] for sd in g.state["sides"])
