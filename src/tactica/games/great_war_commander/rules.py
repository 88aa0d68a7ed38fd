"""GreatWarCommanderRules: Great War Commander (rulebook 001) on the Commander family.

The family plays the cards, rolls and triggers, the Turn, the Time track, Fire and Fire Groups,
Op Fire, Move, Advance, Melee, Recover, Rout, set-up and victory; this class supplies what is
GWC's own through the family's hooks: its components (components.py), rule numbers
(rule_numbers.py), scenarios (scenarios.py), Terrain chart (terrain.py), the Casualty Track and
stacking by figures, the Time track's Gas removal and Strategy Card draw (strategy_hand.py), and
the per-seat view of the Strategy Card hands.

Registration is in one place (``__init__``): the family's procedures first, then this game's
modules in a fixed order. actions.py and events.py are filled by the Actions/Events work,
artillery.py, air.py, strategy.py, tanks.py and fortifications.py by the artillery work; each
has a ``register(rules)`` called below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.actions import action_registry
from ..commander_family.custom import CustomLookups
from ..commander_family.events import event_registry
from ..commander_family.orders import order_registry
from ..commander_family.procedures import procedure_steps, register_procedures
from ..commander_family.state import side, units_on_map
from ..commander_family.stats import morale
from ..commander_family.victory import (
    add_vp,
    break_unit,
    check_sudden_loss,
    chit_open,
    eliminate,
    final_decision,
    unit_vp,
)
from . import (
    actions,
    actions_plus,
    actions_storm,
    air,
    artillery,
    cohesion,
    command,
    core_orders,
    drawing,
    engineers,
    events,
    events_meddling,
    fortifications,
    offensive,
    strategy,
    strategy_hand,
    strategy_timing,
    tanks,
    terrain,
    terrain_state,
)
from ._schema import ACTIONS, EVENTS, ORDERS, ScenarioFile
from .components import Card, Chit, Components, UnitType, WeaponType, builtin_components
from .custom import REGISTRY
from .rule_numbers import RULE_NUMBERS
from .scenarios import to_family
from .support_hooks import SupportHooks

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.chance import Chance
    from tactica.core.game import Game
    from tactica.core.hexgrid import Hex
    from tactica.core.los import LosResult, LosTable

HAND_SIZE: Mapping[str, int] = {"Attack": 6, "Recon": 5, "Defend": 4}
"""1.1: Hand Size by posture."""
GAS_PER_TIME = 2
"""6.1.2 step 4 (T107.2): the triggering player removes two Gas markers (and two Smoke: none in
this volume, T119)."""


class GreatWarCommanderRules(CustomLookups, SupportHooks):
    id = "great_war_commander"
    name = "Great War Commander"
    version = "0.5"
    seats = ("germany", "entente")
    option_defaults: Mapping[str, Any] = {}
    rule_numbers: Mapping[str, str] = RULE_NUMBERS
    cumulative_command = False  # 3.3.1.5, 3.3.1.7: one Leader's Command, none for a Tank (command.py)
    custom_registry = REGISTRY  # the editor's scenarios, by content id (custom.py)

    def __init__(self, steps: Iterable[Step] = (), components: Components | None = None) -> None:
        super().__init__([*procedure_steps(), cohesion.Cohesion(), *steps])
        self._components = components
        self.orders = order_registry(dict(ORDERS))
        self.actions = action_registry(dict(ACTIONS))
        self.events = event_registry(dict(EVENTS))
        register_procedures(self)  # Fire O21, Move O23, Advance O16, Melee, Recover O25, Rout O26, A42
        core_orders.register(self)  # O22 HMG Suppress, O27 Runner
        offensive.register(self)  # O24
        actions.register(self)  # A28-A55
        events.register(self)  # E56-E97
        artillery.register(self)  # O18, O19, Telephones (12)
        air.register(self)  # O17
        strategy.register(self)  # S98 effects
        tanks.register(self)  # 3.1.1-3.1.6, O23.5
        fortifications.register(self)  # F125-F131

    # -- components ----------------------------------------------------------------------------
    @cached_property
    def components(self) -> Components:
        return self._components or builtin_components()

    def card(self, card_id: str) -> Card:
        return self.components.cards[card_id]

    def unit_type(self, type_id: str) -> UnitType:
        return self.components.units[type_id]

    def nation_units(self, nation: str) -> list[UnitType]:
        return [t for t in self.components.units.values() if t.nation == nation]

    def weapon_type(self, type_id: str) -> WeaponType:
        return self.components.weapons[type_id]

    def chit(self, chit_id: str) -> Chit:
        return self.components.chits[chit_id]

    def team_for(self, type_id: str) -> str:
        """The nation's Team (Abteilung, Spécialistes, Team): its first non-Engineer Team."""
        nation = self.unit_type(type_id).nation
        teams = [u for u in self.components.of_nation(nation, "team") if not u.engineer]
        return teams[0].id

    # -- scenarios and set-up -------------------------------------------------------------------
    @cached_property
    def _scenarios(self) -> dict[str, dict[str, Any]]:
        comp = self.components
        return {sid: to_family(comp, sc) for sid, sc in comp.pack.scenarios.items()}

    def all_scenarios(self) -> dict[str, dict[str, Any]]:
        return self._scenarios

    def scenario_file(self, scenario_id: str) -> ScenarioFile:
        """The scenario file a game was set up from (its ``gwc`` key): a built-in one, or a custom
        one by content id (registered, or fetched again from the server's copies)."""
        sc = self.components.pack.scenarios.get(scenario_id)
        return sc if sc is not None else REGISTRY.get(scenario_id).file

    def fate_deck(self, nation: str) -> list[str] | None:
        d = self.components.decks.get(nation)
        return None if d is None else list(d)

    def hand_size(self, posture: str) -> int:
        return HAND_SIZE[posture]

    def discard_limit(self, nation: str) -> int:
        """Not used: every GWC scenario gives each side's discard limit (5.3, scenarios.py)."""
        raise NotImplementedError("GWC scenarios give the discard limit")

    def chit_ids(self) -> list[str]:
        return list(self.components.chits)

    def setup_pieces(self, g: Game, scenario: Mapping[str, Any]) -> None:
        s = g.state
        s["date"] = scenario["date"]
        s["gas"] = sorted(self.scenario_file(scenario["gwc"]).gas)  # T107
        strategy_hand.setup(g)  # 1.S: each side's Strategy Card deck, one card drawn
        artillery.setup(g, scenario)
        fortifications.setup(g, scenario)

    # -- the map ---------------------------------------------------------------------------------
    def board(self, g: Game) -> Board | None:
        """The map as play has made it: Rubble and Shellhole markers replace their hexes' types
        (T99.1, T117, T118, reading R21; terrain.marked_board)."""
        s = g.state
        name = s.get("map")
        if name is None:
            return None
        markers = s.get("terrain_markers")
        try:
            printed = self._maps[name]
        except KeyError:  # a custom scenario's inline map: the registry bounds what stays loaded
            printed = REGISTRY.get(name).board
        return terrain.marked_board(printed, markers) if markers else printed

    @cached_property
    def _maps(self) -> Mapping[str, Board]:
        """The printed maps by name, looked up once (speed: the rules ask for the board some
        ten thousand times a game)."""
        return self.components.pack.maps

    def los(self, g: Game) -> LosTable | None:
        b = self.board(g)
        return None if b is None else terrain.los_table(b)

    def objective_hexes(self, board: Board, obj: str) -> list[Hex]:
        """7.3.1.1: a Building Objective is the whole building: the Building hexes joined to the
        marked hex (reading: the map's Building hexes that touch, the book's depictions)."""
        board = terrain.printed_board(board)  # the Building as printed, Rubble or not
        first = board.objectives[obj]
        if not board.has(first, "building"):
            return [first]
        found, todo = {first}, [first]
        while todo:
            h = todo.pop()
            for n in board.neighbors(h):
                if n not in found and board.has(n, "building"):
                    found.add(n)
                    todo.append(n)
        return sorted(found, key=board.label)

    def terrain_chart(self) -> terrain.TerrainChart:
        return terrain.terrain_chart()

    def hex_type(self, board: Board, h: Hex) -> terrain.TerrainEntry:
        return terrain.hex_type(board, h)

    def move_cost(self, board: Board, a: Hex, b: Hex) -> int | None:
        return terrain.move_cost(board, a, b)

    def hex_cover(self, board: Board, h: Hex) -> tuple[int, str]:
        return terrain.hex_cover(board, h)

    # -- fortifications (fortifications.py) ---------------------------------------------------
    def in_wire(self, g: Game, label: str | None) -> bool:
        return fortifications.in_wire(g, label)

    def weapon_blocked(self, g: Game, label: str | None) -> bool:
        return fortifications.weapon_blocked(g, label)

    def group_split(self, g: Game, a: str, b: str) -> bool:
        return fortifications.group_split(g, a, b)

    def wire_halts(self, g: Game, frm: str, to: str) -> bool:
        """F131.2, unless the Order's movers ignore Wire (S98.4.7, S98.5.6)."""
        return fortifications.wire_halts(g, frm, to) and strategy_timing.wire_ignored(g) is None

    def trench_step(self, g: Game, frm: str, to: str) -> bool:
        return tanks.trench_step(g, frm, to)  # F130.2, not for Tanks

    def mined(self, g: Game, label: str | None) -> bool:
        return fortifications.mined(g, label)

    def push_mine_attack(self, g: Game, label: str, movers: list[str], *, moving: bool = False,
                         rule: str | None = None) -> bool:
        return fortifications.push_mine_attack(g, label, movers, moving=moving, rule=rule)

    def melee_tie_winner(self, g: Game, label: str) -> int | None:
        return fortifications.melee_tie_winner(g, label)

    def fortification_cover(self, g: Game, label: str | None, heavy: bool) -> tuple[int, str] | None:
        return fortifications.cover(g, label, heavy)

    def after_board_change(self, g: Game) -> None:
        fortifications.after_board_change(g)

    # -- pieces: Casualty Track, leaving play, stacking, Weapons ---------------------------------
    def casualty_spaces(self, g: Game, uid: str) -> int:
        """4.3: a Tank fills two Casualty Track spaces."""
        return 2 if self.unit_type(g.state["units"][uid]["type"]).type == "tank" else 1

    def leaves_play(self, g: Game, uid: str) -> bool:
        """4.3, 7.1: an eliminated Hero or Runner goes back to the countermix, not the Track."""
        t = self.unit_type(g.state["units"][uid]["type"])
        return t.special == "hero" or t.type == "runner"

    def may_carry(self, g: Game, uid: str, wid: str) -> bool:
        """11.2: only Platoons and Teams carry Weapons (not Leaders, Runners or Tanks, 8.1.1);
        only a Team carries a Flamethrower (11.7)."""
        kind = self.unit_type(g.state["units"][uid]["type"]).type
        if self.weapon_type(g.state["weapons"][wid]["type"]).team_only:
            return kind == "team"
        return kind in ("platoon", "team")

    def stack_ok(self, g: Game, uids: list[str]) -> bool:
        """8.2: seven figures a side in a hex (Tanks count three, 8.2.1), and never two Tanks."""
        units, types = g.state["units"], self.components.units
        tanks = figures = 0
        for u in uids:  # one pass over the types (speed: asked for every hex a move may enter)
            t = types[units[u]["type"]]
            if t.type == "tank":
                tanks += 1
                if tanks > 1:
                    return False
            figures += int(t.figures)  # the family's stack_figures, which GWC keeps
        return figures <= self.figure_limit

    def stacking_check(self, g: Game, seat: int) -> None:
        """End of the Turn: overstacked hexes fixed (8.2), then the cohesion check (3.3.2.1)."""
        g.push("cohesion")
        super().stacking_check(g, seat)

    def fp_lift(self, g: Game, seat: int, pieces: list[str], target: str) -> int:
        """The family's hindered-shot declaration (10.3.2.1): what ``seat``'s own +2 FP Action
        cards (actions_plus.LIFTS) and Strategy Card +1s could add to this attack."""
        return actions_plus.lift_for(g, seat, pieces, target)

    def roll_lift(self, g: Game, seat: int, pieces: list[str]) -> int:
        """10.3.2.1: a Strategy Card's +1 on the Fire Attack Roll lifts a 0 FP shot."""
        return actions_plus.strategy_lift(g, seat, pieces)

    def turn_extras(self, g: Game, seat: int) -> list[Option]:
        """11.3's Weapon elimination (the family's) and the Engineers' Order (3.1.9)."""
        return [*super().turn_extras(g, seat), *engineers.options(g, seat)]

    def turn_extra(self, g: Game, seat: int, option: Option) -> None:
        if option.id.startswith("engineer:"):
            engineers.carry_out(g, seat, option)
        else:
            super().turn_extra(g, seat, option)

    # -- Leaders and command (command.py) -----------------------------------------------------
    def command_reach(self, g: Game, leader: str, activated: list[str],
                      may: Callable[[Game, str], bool]) -> list[str]:
        if tanks.is_tank(g, leader):
            return tanks.leader_reach(g, leader, activated, may)  # 3.1.6, O14.2.1, O23.5.1
        return command.command_reach(g, leader, activated, may)

    def vehicle_leader(self, g: Game, uid: str) -> bool:
        return tanks.is_tank_leader(g, uid)

    def commanders(self, g: Game, uid: str) -> list[str]:
        return command.commanders(g, uid)

    # -- victory (7) ---------------------------------------------------------------------------
    def elimination_vp(self, g: Game, uid: str) -> int:
        """7.1 and the open chit Z (7.3.2): +1 VP per enemy Formation eliminated."""
        return unit_vp(g, uid) + (1 if chit_open(g, "elim_plus_one") else 0)

    def exit_vp(self, g: Game, uid: str) -> int:
        """7.2.1 and the open chit Y (7.3.2): +1 VP per own Formation exited."""
        return unit_vp(g, uid) + (1 if chit_open(g, "exit_plus_one") else 0)

    def may_exit(self, g: Game, uid: str) -> bool:
        """O23.4, O27.2.1: a Runner never exits by the enemy edge; 7.2.1.1: a Tank only once."""
        return bool(self.unit_type(g.state["units"][uid]["type"]).type != "runner") and tanks.may_exit(g, uid)

    def after_exit(self, g: Game, uid: str) -> None:
        tanks.after_exit(g, uid)  # 7.2.1.1

    def reinforce(self, g: Game, seat: int, units: list[str]) -> None:
        tanks.reinforce(g, seat, units)  # 6.1.2 step 5, 7.2.1.1: re-entering Tanks on the far edge

    def may_exit_home(self, g: Game, uid: str) -> bool:
        """O27.2.1: a Runner may Move off its friendly edge."""
        return bool(self.unit_type(g.state["units"][uid]["type"]).type == "runner")

    def exit_home(self, g: Game, uid: str) -> None:
        """O27.2.1: a Runner leaving by its friendly edge scores 1 VP (not an exit into enemy
        territory: no chit Y) and goes back to the countermix; if it was its side's last
        Formation on the map, VPs decide (6.3)."""
        seat = int(g.state["units"][uid]["seat"])
        g.state["units"][uid].update(where="out", hex=None, suppressed=False, veteran=False, broken=False)
        g.emit("O27.2.1", "{unit} exits by its friendly edge and returns to the countermix", unit=uid)
        add_vp(g, seat, 1, "O27.2.1", f"Runner {uid} exits by the friendly edge")
        if not units_on_map(g.state, seat):
            final_decision(g, f"{side(g.state, seat)['nation']}'s last Formation on the map exited", "6.3")

    # -- Gas markers (T107; placed by the scenario or a Gas Attack, removed at Time advances) ----
    def marker_move_cost(self, g: Game, label: str, movers: Sequence[str] = ()) -> int:
        """T107: +1 MP into Gas; T118, T124.1: +1 into the group's first Shellhole and first
        Destroyed Woods of the Order (terrain_state.move_surcharge)."""
        return terrain_state.move_surcharge(g, label, movers)

    def between_hindrances(self, g: Game) -> Mapping[str, int]:
        """10.1.1, O21.3: a Tank, friendly or enemy, hinders 1 a line through its hex."""
        return terrain_state.tanks_hinder(g)

    def fao_los(self, g: Game, here: str, target: str) -> LosResult:
        """2.4, O19.2.1.1: the FAO's LOS from level 2 (reading R26)."""
        return terrain_state.fao_los(g, here, target)

    def fao_seen(self, g: Game, here: str) -> list[str]:
        """The hexes the FAO in ``here`` sees, in label order (fao_los for each, speed)."""
        return terrain_state.fao_seen(g, here)

    def marker_hindrances(self, g: Game) -> Mapping[str, int]:
        """T107, 10.3.4: Gas hinders 1 into, out of and through its hex."""
        return {h: 1 for h in g.state.get("gas") or ()}

    def may_enter(self, g: Game, move: Args, label: str) -> bool:
        """O24.2: an Offensive never overstacks and never re-enters a hex."""
        return offensive.may_enter(g, move, label)

    def enemy_entry(self, g: Game, move: Args) -> str | None:
        """A54 Storm Troops: boxed-Range movers (and their Leaders) may enter enemy hexes; so may
        every mover of an Order with Assaults or Sturmtruppen played (S98.3.4, S98.4.7)."""
        return actions_storm.enemy_entry(g, move) or strategy_timing.enemy_entry(g, move)

    def enemy_entry_possible(self, g: Game, uid: str) -> bool:
        """A54: a boxed-Range unit may be activated to Move for Storm Troops."""
        return actions_storm.could_storm(g, uid)

    def entered(self, g: Game, uids: list[str], label: str) -> None:
        """T107.1: a Formation moving into Gas is Suppressed, or broken if it already was (and an
        Offensive keeps the hexes each Formation has occupied, O24.2)."""
        offensive.record_entry(g, uids, label)
        terrain_state.record_entry(g, uids, label)  # T118, T124.1: the first one of the Order
        if label not in (g.state.get("gas") or ()):
            return
        for uid in uids:
            u = g.state["units"][uid]
            spared = strategy.gas_break_ignored(g, uid) if u["suppressed"] else None
            if spared is not None:
                g.emit(spared, "{unit} enters Gas in {hex} and ignores the break: Anti-Gas Strategy",
                       unit=uid, hex=label)
            elif u["suppressed"]:
                break_unit(g, uid, "T107.1")
            else:
                u["suppressed"] = True
                g.emit("T107.1", "{unit} enters Gas in {hex} and is Suppressed", unit=uid, hex=label)
        check_sudden_loss(g)

    def roll_morale(self, g: Game, uid: str, purpose: str) -> int:
        """O26.4: a Formation stacked with Gas gets no positive Cover on its Rout Roll (Wire's -1
        and negative Cover still count)."""
        m = morale(g, uid)
        if purpose != "rout" or g.state["units"][uid]["hex"] not in (g.state.get("gas") or ()):
            return m.value
        cover = m.parts[-1][1]  # the Cover instance stats.morale adds last
        return m.value - max(0, int(cover))

    def may_transfer(self, g: Game, giver: str, taker: str, wid: str) -> bool:
        """O23.1.1, 11.3: a Weapon is handed over only from a Platoon to a Team."""
        kinds = [self.unit_type(g.state["units"][u]["type"]).type for u in (giver, taker)]
        return kinds == ["platoon", "team"]

    def routable(self, g: Game, uid: str) -> bool:
        """O26.5: Tanks are never affected by a Rout."""
        return bool(self.unit_type(g.state["units"][uid]["type"]).type != "tank")

    def melee_forfeit(self, g: Game, label: str) -> bool:
        """O16.4.1: a side with only a Runner (or Runners) in the Melee hex loses it at once; the
        opponent scores its VPs (7.1); no Actions or Strategy Cards are played."""
        s = g.state
        here = [u for u, v in s["units"].items() if v["where"] == "map" and v["hex"] == label]
        lone = []
        for seat in (0, 1):
            mine = sorted(u for u in here if s["units"][u]["seat"] == seat)
            if mine and all(self.unit_type(s["units"][u]["type"]).type == "runner" for u in mine):
                lone += mine
        if not lone:
            return False
        for uid in lone:
            g.emit("O16.4.1", "Only a Runner holds {hex} for its side: {unit} is lost at once", hex=label,
                   unit=uid)
            eliminate(g, uid, "O16.4.1", check=False)
        check_sudden_loss(g)
        return True

    def recover_clears(self, g: Game, uid: str) -> bool:
        """O25.2: Recover leaves the Suppressed marker on a Formation stacked with Gas (8.1.5)."""
        return g.state["units"][uid]["hex"] not in (g.state.get("gas") or ())

    def takes_control(self, g: Game, uid: str) -> bool:
        """7.3.1.3: a Runner cannot take control of an Objective (it may keep it)."""
        return bool(self.unit_type(g.state["units"][uid]["type"]).type != "runner")

    def control_taken(self, g: Game, obj: str, seat: int, units: list[str]) -> None:
        """7.3.1.2: a Tank taking control of an Objective scores 1 VP at once."""
        if any(self.unit_type(g.state["units"][u]["type"]).type == "tank" for u in units):
            add_vp(g, seat, 1, "7.3.1.2", f"a Tank takes Objective {obj}")

    # -- the Time track (6.1.2) ------------------------------------------------------------------
    def time_removals(self, g: Game, a: Args) -> list[Option]:
        """Step 4: the triggering player removes two Gas markers of his choice (T107.2); there
        are no Smoke markers in this volume (T119)."""
        if int(a.get("gas_removed", 0)) >= GAS_PER_TIME:
            return []
        return [Option(f"gas:{h}", f"Remove Gas in {h}", "gas", {"hex": h})
                for h in g.state.get("gas") or ()]

    def time_remove(self, g: Game, a: Args, option: Option) -> bool:
        h = option.args["hex"]
        g.state["gas"].remove(h)
        a["gas_removed"] = int(a.get("gas_removed", 0)) + 1
        g.emit("T107.2", "Gas removed from {hex} at the Time advance (6.1.2 step 4)", hex=h)
        return int(a["gas_removed"]) >= GAS_PER_TIME

    def time_closing(self, g: Game, seat: int) -> None:
        """Step 7, after the Dig In window: each player holding no Strategy Card draws one (1.S)."""
        strategy_hand.time_draw(g)

    def scripted(self) -> Any:
        """The scripted policy and search hooks (scripted.py), for tactica.ai."""
        from . import scripted

        return scripted

    # -- the browser table and the terminal: the family's drawing in GWC's style (drawing.py) --
    def drawing_style(self) -> Any:
        return drawing.STYLE

    def drawing_extras(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        return drawing.extras(g, seat, view)

    # -- views -------------------------------------------------------------------------------------
    def view(self, g: Game, seat: int | None, everything: bool, shared: bool = False) -> dict[str, Any]:
        v = super().view(g, seat, everything, shared)
        v.update(gas=list(g.state.get("gas") or ()), date=g.state.get("date"))
        for i, sd in enumerate(v["sides"]):
            sd.update(strategy_hand.view(g, i, everything or seat == i))
            sd.update(events_meddling.view(g, i, everything))  # E71: unseen even by its owner
        return v

    def hidden_zones(self, g: Game, seat: int) -> list[list[Any]]:
        return [*super().hidden_zones(g, seat), *strategy_hand.hidden_zones(g, seat),
                *events_meddling.hidden_zones(g, seat)]

    def resample(self, g: Game, seat: int, chance: Chance) -> None:
        super().resample(g, seat, chance)
        strategy_hand.resample(g, seat, chance)
        events_meddling.resample(g, seat, chance)

    # -- E71 High Command Meddling (events_meddling.py): the family's forced Order --------------
    def forced_order(self, g: Game, seat: int) -> bool:
        return events_meddling.forced_order(g, seat)

    def play_forced(self, g: Game, seat: int) -> None:
        events_meddling.play_forced(g, seat)
