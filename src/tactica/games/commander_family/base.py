"""CommanderRules: the Rules base class the Commander-family games build on.

It owns the family's steps (Turn, rolls, triggers, Time), the three registries a game fills
(``orders``, ``events``, ``actions``), the hooks through which the shared procedures reach the
game (components, terrain, fortifications, casualties, Time advance, set-up), the game's
constants (``rule_numbers``, ``figure_limit``, ``smoke_cup``) and the per-seat view. A game
(combat_commander) subclasses it, supplies its components through ``card``/``unit_type``/
``weapon_type``/``chit`` and the other hooks, and builds the registries from its own names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tactica.core.decks import redeal
from tactica.core.options import Option
from tactica.core.rules import Args, Rules, ScenarioInfo, Step, copy_by_shape, copy_plain, with_core_copiers

from . import melee, placement
from .actions import ActionDef, ActionWindow
from .activation import in_radius
from .board_state import (
    FIGURE_LIMIT,
    FIGURES_BY_TYPE,
    STACK_BY_FIGURES,
    figures,
    neighbours,
    reading,
    update_objectives,
)
from .events import EventDef
from .fire import fire_group, remove_weapon
from .fortifications import FortKinds
from .orders import OrderDef
from .protocols import (
    CardLike,
    ChitLike,
    TerrainChartLike,
    TerrainEntryLike,
    UnitTypeLike,
    WeaponTypeLike,
)
from .rolls import Initiative, Reveal, Roll
from .setup import setup_scenario
from .state import OBJECTIVES, side
from .stats import chart_cover, leaders_with, morale
from .time_track import TimeAdvance
from .triggers import TriggerEvent, TriggerSniper
from .turn import Discard, EndTurn, Turn
from .victory import chit_open, unit_vp

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.chance import Chance
    from tactica.core.game import Game
    from tactica.core.hexgrid import Hex
    from tactica.core.los import LosTable


def _copy_sides(sides: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A side holds plain values, lists of ids and its deck, a dict of lists of ids (state.py)."""
    out = []
    for sd in sides:
        c = sd.copy()
        for k, v in sd.items():
            if type(v) is list:
                c[k] = v.copy()
            elif type(v) is dict:
                c[k] = {z: pile.copy() for z, pile in v.items()}
        out.append(c)
    return out


def _copy_objectives(objs: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Objective -> owner, hex and the list of its hexes (state.py)."""
    out = {}
    for o, v in objs.items():
        c = v.copy()
        for k, x in v.items():
            if type(x) is list:
                c[k] = x.copy()
        out[o] = c
    return out


def _copy_lists(d: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: v.copy() for k, v in d.items()}


def _copy_stack(stack: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A frame is its step's name and its args (core.game): only the args need a deep copy."""
    return [{**f, "args": copy_plain(f["args"])} for f in stack]


_RECORDS = frozenset({"units", "weapons"})
_FLAT = frozenset({"time", "smoke", "activated", "chits_open", "chit_pool", "edges", "blaze"})
"""Keys of state.py's layout that hold plain values only (lists of ids, dicts of numbers)."""
_CUSTOM: dict[str, Callable[[Any], Any]] = with_core_copiers({
    "sides": _copy_sides, "objectives": _copy_objectives, "reinforcements": _copy_lists,
    "stack": _copy_stack})


def family_steps() -> list[Step]:
    return [Turn(), Discard(), EndTurn(), Roll(), Initiative(), Reveal(), TriggerEvent(),
            TriggerSniper(), TimeAdvance(), ActionWindow()]


def _as_is(x: Any) -> Any:
    """The part itself, for a shared view (``CommanderRules.view``)."""
    return x


class CommanderRules(Rules):
    """Registries are per instance, so a test (or a variant) can build its own instance with
    extra entries without touching the shared module object."""

    orders: dict[str, OrderDef]
    events: dict[str, EventDef]
    actions: dict[str, ActionDef]
    rule_numbers: Mapping[str, str] = {}
    """The game's rule number for each key of citations.RULE_KEYS (the log cites these)."""
    figure_limit: int = FIGURE_LIMIT
    """8.2: the most figures one side may stack in a hex."""
    smoke_cup: tuple[int, ...] = ()
    """The hindrances of the Smoke markers drawn at random (none: the game has no Smoke)."""
    # -- the unit and Weapon kinds the shared Actions and Events name (CC's words by default) --
    infantry_kinds: frozenset[str] = frozenset({"squad", "team"})
    """Kinds a Marksmanship card rewards (CC A37: Squads and Teams; GWC A50: Platoons and Teams)."""
    wound_kinds: frozenset[str] = frozenset({"squad"})
    """Kinds Light Wounds turns into a Team instead of breaking (CC A36 Squads, GWC A47 Platoons)."""
    mg_kinds: frozenset[str] = frozenset({"machine_gun"})
    """Weapon kinds that are machine guns (Suppressing Fire, Sustained Fire, Intersect MGs)."""
    loner_kinds: frozenset[str] = frozenset()
    """Unit kinds that fire alone, never in a Fire Group of an Assault Fire (GWC A31: Tanks)."""
    fortification_kinds: FortKinds | None = None
    """The game's Fortification chart for the family's fortifications module (None: none)."""
    terrain_markers: bool = False
    """Do markers change a hex's terrain type (GWC T117/T118: Rubble, Shellhole)? Then the
    family asks :meth:`marker_cover` for the Cover of a hex before its printed terrain."""
    vehicles: bool = False
    """Does the game have vehicles that take no Cover (GWC's Tanks, O21.3.7.1)? Then the family
    asks :meth:`no_cover` of each defender."""
    cumulative_command: bool = True
    """Does every friendly Leader in a unit's hex add his Command (the default ``commanders``)?
    A game that overrides ``commanders`` sets False, so the live stats ask it (GWC 3.3.1.5: one
    Leader's; never a Tank's, 3.3.1.7)."""
    battery_name: str = "battery"
    """What the log calls the game's off-map artillery piece (CC: Radio, GWC: Telephone)."""

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        super().__init__([*family_steps(), *steps])
        self.orders = {}
        self.events = {}
        self.actions = {}
        self.derived: dict[str, Any] = {}
        """Facts derived from this object's components and registries, which never change
        during play (a unit type's figures and Command, a card's Action): filled as they are
        first asked (speed: a plain attribute, where a table keyed by the rules object costs a
        Python-level weak-reference lookup at every call)."""

    def reading(self, g: Game) -> reading:
        """The engine's read-only scope around each decision: the family's derived facts (units
        by hex, live stats, sight) are cached per board layer (board_state.Layer, speed)."""
        return reading(g)

    def copy_state(self, state: dict[str, Any]) -> dict[str, Any]:
        """Game.clone's copy, by the state's known shape (state.py): units and Weapons are flat
        dicts of plain values, a side holds plain values, lists of ids and its deck (a dict of
        lists of ids), Objectives and reinforcements one level more, the Time track, Smoke,
        Blaze, edges, chits and activations are flat; a shallow copy of each level is a deep
        copy. The stack frame by frame, the rest (a game's own keys) by ``copy_plain``, which
        needs the state to be a tree (no list or dict held twice; ``open_windows`` copies each
        window's context, and a test walks the states of random games): faster than the marshal
        round trip of these small nested parts (speed: search clones at every iteration)."""
        return copy_by_shape(state, records=_RECORDS, flat=_FLAT, custom=_CUSTOM, rest=copy_plain)

    # -- components (the game supplies them) --------------------------------------------------
    def card(self, card_id: str) -> CardLike:
        raise NotImplementedError

    def unit_type(self, type_id: str) -> UnitTypeLike:
        raise NotImplementedError

    def weapon_type(self, type_id: str) -> WeaponTypeLike:
        raise NotImplementedError

    def nation_units(self, nation: str) -> Sequence[UnitTypeLike]:
        """Every unit type of a nation's roster: the family's Events look up a nation's Hero or
        Private by its ``special`` here, whatever layout each game keeps its rosters in."""
        raise NotImplementedError

    def chit(self, chit_id: str) -> ChitLike:
        raise NotImplementedError

    def team_for(self, type_id: str) -> str:
        """The Team type a unit of this type deploys into (E52) or is reduced to (A36)."""
        raise NotImplementedError

    # -- scenarios and set-up (setup.py; the game supplies its components) --------------------
    def all_scenarios(self) -> dict[str, dict[str, Any]]:
        """Every scenario by id, in the shape setup.py reads."""
        raise NotImplementedError

    def scenario_spec(self, scenario: str) -> dict[str, Any]:
        """One scenario in the shape setup.py reads (KeyError if there is none): a game may be
        on a scenario that ``all_scenarios`` does not list (Combat Commander's custom ones)."""
        return self.all_scenarios()[scenario]

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, v["name"], v.get("description", ""), self.seats)
                for k, v in self.all_scenarios().items()]

    def seat_names(self, g: Game) -> tuple[str, ...]:
        return tuple(sd["nation"] for sd in g.state["sides"])

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        setup_scenario(self, g, scenario)

    def fate_deck(self, nation: str) -> list[str] | None:
        """The card ids of a nation's Fate deck (None: the game has no deck for it)."""
        raise NotImplementedError

    def hand_size(self, posture: str) -> int:
        """1.1: the Hand Size of a posture."""
        raise NotImplementedError

    def discard_limit(self, nation: str) -> int:
        """The most cards a nation may discard at once."""
        raise NotImplementedError

    def chit_ids(self) -> list[str]:
        """Every Objective chit id (7.3.2)."""
        raise NotImplementedError

    def setup_pieces(self, g: Game, scenario: Mapping[str, Any]) -> None:
        """Place what the scenario gives besides units and Weapons (none by default)."""

    def board(self, g: Game) -> Board | None:
        """The game's map (None: a scenario without a map)."""
        return None

    def los(self, g: Game) -> LosTable | None:
        """The map's line-of-sight table (None: no map)."""
        return None

    def objective_hexes(self, board: Board, obj: str) -> list[Hex]:
        """7.3.1.1: the hexes of an Objective (its one marked hex by default)."""
        return [board.objectives[obj]]

    # -- the map's terrain (the game's Terrain chart) -------------------------------------------
    def terrain_chart(self) -> TerrainChartLike:
        """The game's Terrain chart: ``entries`` by id and ``of_kind(kind)`` (a game supplies it)."""
        raise NotImplementedError

    def hex_type(self, board: Board, h: Hex) -> TerrainEntryLike:
        """The governing terrain type of hex ``h`` on ``board`` (its chart entry)."""
        raise NotImplementedError

    def marker_cover(self, g: Game, label: str) -> tuple[int, str] | None:
        """The Cover a terrain marker in the hex gives instead of its printed terrain, or None
        (asked only when :attr:`terrain_markers` is set)."""
        return None

    def hex_cover(self, board: Board, h: Hex) -> tuple[int, str]:
        """The Cover hex ``h``'s terrain gives and why (before hexsides and fortifications): by
        default the governing type's plus the Road's modifier wherever a road runs."""
        return chart_cover(self, board, h)

    def move_cost(self, board: Board, a: Hex, b: Hex) -> int | None:
        """MPs to move from ``a`` into adjacent ``b``; None when the step is forbidden."""
        raise NotImplementedError

    # -- fortifications (none unless the game has them) -----------------------------------------
    def in_wire(self, g: Game, label: str | None) -> bool:
        """Is the hex Wire (its pieces lose 1 from their stats; a move into it halts)?"""
        return False

    def weapon_blocked(self, g: Game, label: str | None) -> bool:
        """May no Weapon fire from this hex (Wire)?"""
        return False

    def group_split(self, g: Game, a: str, b: str) -> bool:
        """Do the fortifications of two adjacent hexes keep their pieces out of one Fire Group?"""
        return False

    def wire_halts(self, g: Game, frm: str, to: str) -> bool:
        """Does a step from ``frm`` into ``to`` end the mover's move (it entered Wire)?"""
        return False

    def trench_step(self, g: Game, frm: str, to: str) -> bool:
        """Is the step from ``frm`` to ``to`` one between connected trenches (unseen, 1 MP)?"""
        return False

    def mined(self, g: Game, label: str | None) -> bool:
        """Does the hex hold Mines (a Mine Attack on pieces entering or leaving)?"""
        return False

    def push_mine_attack(self, g: Game, label: str, movers: list[str], *, moving: bool = False,
                         rule: str | None = None) -> bool:
        """Push a Mine Attack on ``movers`` if ``label`` is mined; True if one was pushed."""
        return False

    def no_cover(self, g: Game, uid: str) -> bool:
        """Does this unit defend without Cover (a vehicle; asked only when :attr:`vehicles`)?"""
        return False

    def vehicle_may_enter(self, g: Game, uids: list[str], frm: str, to: str) -> bool:
        """May these units (moving or advancing together) enter ``to`` from ``frm`` besides what
        the map allows (GWC O23.5.8: a Tank keeps off Woods without a Road, Streams...)? Asked
        only when :attr:`vehicles`."""
        return True

    def mounted_pieces(self, g: Game, uid: str) -> list[str]:
        """The ids (``<uid>`` + fire.MOUNT + a name) of a vehicle's armaments that fire as pieces
        of their own beside the unit itself (GWC O21.3.2: a Tank's main gun). Asked only when
        :attr:`vehicles`."""
        return []

    def mounted_value(self, g: Game, pid: str, stat: str) -> int:
        """FP or Range ("fp"/"range") of a mounted armament piece, live."""
        raise NotImplementedError

    def armament_ordnance(self, g: Game, pid: str) -> bool:
        """Is this unit piece or mounted piece Ordnance (a vehicle's gun; Weapons say it
        themselves)? Asked only when :attr:`vehicles`."""
        return False

    def fire_bonus(self, g: Game, pieces: list[str], target: str) -> list[tuple[str, int, str]]:
        """Parts (why, FP, rule) a game adds to a shot's FP (GWC O21.3.2: +2 for an unbroken Tank
        at an adjacent hex). Asked only when :attr:`vehicles`."""
        return []

    def vehicle_leader(self, g: Game, uid: str) -> bool:
        """Does this unit lead vehicles, bringing those of :meth:`command_reach` into its
        activation (GWC 3.1.6: a Tank Leader)? Asked only when :attr:`vehicles`."""
        return False

    def attack_defenders(self, g: Game, a: Args, uids: list[str]) -> list[str]:
        """The units a Fire Attack (``a``: its frame args, ``pieces`` the firers) may attack among
        those in its hexes (GWC O21.3.3: a Tank only by Weapons and Tanks). All by default."""
        return uids

    def after_entry(self, g: Game, a: Args, frm: str, to: str) -> None:
        """A moving group (``a["group"]`` of the ``move_order`` args ``a``; on an Advance a dict
        with the one unit, ``seat`` and ``advance``) has entered ``to`` from ``frm`` and its
        windows, Op Fire and Mine Attack are pushed: what the game pushes here comes before all of
        them (GWC O23.5.4: a Tank's Immobilization check; setting ``a["halt"]`` ends the group's
        Move in ``to``). Nothing by default."""

    def mine_fp(self, g: Game, movers: list[str]) -> int:
        """The FP of a Mine Attack on ``movers`` (CC: the scenario's; GWC: 9 against vehicles)."""
        raise NotImplementedError

    def melee_tie_winner(self, g: Game, label: str) -> int | None:
        """The seat that wins a tied Melee in this hex by holding its fortification, if any."""
        return None

    def fortification_cover(self, g: Game, label: str | None, heavy: bool) -> tuple[int, str] | None:
        """The hex's fortification Cover and why (``heavy``: against Mortars and Artillery)."""
        return None

    def impact_damage(self, g: Game, a: Args) -> None:
        """What an Artillery Impact Total (``a["total"]`` in the ``artillery_impact`` frame's
        args) does to the hex before its defenders roll (CC: a Fortification destroyed on an
        exact roll; GWC: terrain and Fortifications downgraded). Nothing by default."""

    def mortar_damage(self, g: Game, a: Args) -> None:
        """What a Mortar's Attack Total (``a["total"]``) does to the target hex before its
        defenders roll (GWC T124: Woods to a Shellhole at 18). Nothing by default."""

    def fp_lift(self, g: Game, seat: int, pieces: list[str], target: str) -> int:
        """FP that ``seat``'s Action cards could add to an attack (none by default)."""
        return 0

    def roll_lift(self, g: Game, seat: int, pieces: list[str]) -> int:
        """What modifiers on the Fire Attack Roll itself could still add to an attack by
        ``pieces`` whose final FP is below 1 (GWC 10.3.2.1: a Strategy Card's +1, S98.2): with
        them the roll is made and the attack stands only if the roll got that much. None by
        default (the attack is called off before its roll)."""
        return 0

    # -- pieces: casualties and stacking --------------------------------------------------------
    def casualty_spaces(self, g: Game, uid: str) -> int:
        """How many Casualty Track spaces an eliminated unit fills (GWC: a Tank two)."""
        return 1

    def leaves_play(self, g: Game, uid: str) -> bool:
        """Does an eliminated unit leave play instead of going to the Casualty Track (CC: a Hero;
        GWC: Heroes and Runners)? None does by default."""
        return False

    def stack_figures(self, g: Game, uid: str) -> int:
        """The figures a unit counts for stacking (8.2; a vehicle counts as several)."""
        return int(self.unit_type(g.state["units"][uid]["type"]).figures)

    FIGURES_BY_TYPE.add(stack_figures)  # the default reads the unit's type only

    def command_reach(self, g: Game, leader: str, activated: list[str],
                      may: Callable[[Game, str], bool]) -> list[str]:
        """3.3.1.1: the pieces ``leader`` (which started this activation; ``activated`` holds it
        and the pieces activated with it so far) may still activate, in id order; ``may`` says
        which pieces may be activated now (not yet activated this Turn, or for Op Fire). By
        default the friendly non-Leaders within its Command radius (GWC: Leader chains from
        the Highest-ranking Leader, 3.3.1.2)."""
        return in_radius(g, leader, may)

    def commanders(self, g: Game, uid: str) -> list[str]:
        """The Leaders whose Command a unit (or a Weapon its carrier holds) adds now: by default
        every friendly Leader in its hex (GWC 3.3.1.5: one Leader's, not cumulative)."""
        return leaders_with(g, uid)

    def elimination_vp(self, g: Game, uid: str) -> int:
        """7.1: the VPs the opponent scores for eliminating this unit (CC 7.3.2: doubled by
        the open "Elim. points doubled" chit; GWC: +1 with the open chit Z)."""
        return unit_vp(g, uid) * (2 if chit_open(g, "elim_vp_doubled") else 1)

    def exit_vp(self, g: Game, uid: str) -> int:
        """7.2.1: the VPs the owner scores when this unit exits by the enemy edge (CC: doubled
        by the open "Exit points doubled" chit; GWC: +1 with the open chit Y)."""
        return unit_vp(g, uid) * (2 if chit_open(g, "exit_vp_doubled") else 1)

    def may_exit(self, g: Game, uid: str) -> bool:
        """7.2.1: may this unit exit by the enemy edge (Move or Advance)? Any unit by default
        (GWC O27.2.1: never a Runner)."""
        return True

    def may_exit_home(self, g: Game, uid: str) -> bool:
        """May this unit leave by its own friendly edge during a Move (GWC O27.2.1: a Runner)?
        None may by default."""
        return False

    def exit_home(self, g: Game, uid: str) -> None:
        """Carry out a unit's exit by its friendly edge (only offered where may_exit_home)."""
        raise NotImplementedError

    def recover_clears(self, g: Game, uid: str) -> bool:
        """Recover (CC O22, GWC O25): does the Order take this unit's Suppressed marker off?
        Always by default (GWC O25.2: not in a Gas hex)."""
        return True

    def marker_move_cost(self, g: Game, label: str, movers: Sequence[str] = ()) -> int:
        """MPs a marker in ``label`` adds to entering it for the moving group ``movers`` (GWC
        T107: Gas +1; T118, T124.1: the group's first Shellhole and Destroyed Woods +1); none by
        default."""
        return 0

    def marker_hindrances(self, g: Game) -> Mapping[str, int]:
        """Hindrances of markers other than Smoke, by hex (GWC T107: Gas 1); none by default."""
        return {}

    def between_hindrances(self, g: Game) -> Mapping[str, int]:
        """Hindrances of pieces that hinder only a line passing between the ends, by hex (GWC
        10.1.1: a Tank hinders 1); none by default."""
        return {}

    def entered(self, g: Game, uids: list[str], label: str) -> None:
        """After moving units entered ``label`` (GWC T107.1: Gas Suppresses them, or breaks the
        Suppressed); nothing by default."""

    def may_enter(self, g: Game, move: Args, label: str) -> bool:
        """May the moving group of this Move frame (``move``: its args) enter ``label`` now,
        beyond what costs allow? Yes by default (GWC O24.2: an Offensive never overstacks and
        never re-enters a hex)."""
        return True

    def enemy_entry(self, g: Game, move: Args) -> str | None:
        """May the moving group of this Move frame enter enemy-occupied hexes (ending its Move
        there, with no Op Fire at or by that hex)? The rule number that allows it, or None: never
        by default (GWC A54 Storm Troops)."""
        return None

    def enemy_entry_possible(self, g: Game, uid: str) -> bool:
        """Could a Move let this unit into enemy-occupied hexes (so that a unit whose only step
        is into one may still be activated to Move)? Judged on public facts only (the Order's
        legality and its end must not tell the other seat about a hand). Never by default (GWC
        A54 Storm Troops)."""
        return False

    def storm_shields(self, rule: str) -> bool:
        """Does an entry allowed by ``rule`` (what :meth:`enemy_entry` gave) also bar Op Fire at
        the hex and by its defenders (GWC A54)? Yes by default: in GWC every such entry (A54,
        S98.3.4, S98.4.7) leaves a hex holding both sides, which O21.3 bars from Fire."""
        return True

    def move_extras(self, g: Game, a: Args) -> list[Option]:
        """Options the moving seat has in its Move frame (``a``: its args) besides moving, at the
        choice of the next group and at each step (GWC S98: a Strategy Card played "during a
        friendly Move"). Kind ``move_extra``; none by default."""
        return []

    def move_extra(self, g: Game, a: Args, option: Option) -> None:
        """Carry out one of :meth:`move_extras`."""
        raise AssertionError(f"no move extra {option.id}")

    def stat_parts(self, g: Game, uid: str, stat: str) -> tuple[tuple[str, int, str], ...]:
        """Terms the game adds to a unit's FP, Range, Movement, Morale (without Cover) or
        Command beyond the printed ones (GWC S98.5.9 Woods Fighting: +1 Morale): (why, value,
        rule). None by default."""
        return ()

    def break_spared(self, g: Game, a: Args, uid: str) -> str | None:
        """A Fire Defense Roll (``a``: the ``fire_attack`` args) would break ``uid``: the rule that
        spares it, or None (GWC S98.5.3 Doughboy Surge against Op Fire). None by default."""
        return None

    def after_op_activation(self, g: Game, seat: int, units: list[str]) -> None:
        """``seat`` has just activated ``units`` for Op Fire (GWC S98.4.6: the mover may answer
        by cancelling it); nothing by default."""

    def melee_begins(self, g: Game, label: str) -> None:
        """A Melee in ``label`` begins and its Ambush windows are pushed: what the game pushes
        here comes first (GWC S98.3.8 La Force Noire); nothing by default."""

    def roll_morale(self, g: Game, uid: str, purpose: str) -> int:
        """The Morale a Rally (``purpose`` "rally") or Rout ("rout") Roll is compared with: the
        unit's Morale with its best Cover (GWC O26.4: no positive Cover in Gas on a Rout)."""
        return morale(g, uid).value

    def may_transfer(self, g: Game, giver: str, taker: str, wid: str) -> bool:
        """O21.1.1 (GWC O23.1.1): may ``giver`` hand its Weapon to ``taker`` during a Move? Any
        unit without one by default (GWC: only a Platoon to a Team)."""
        return True

    def routable(self, g: Game, uid: str) -> bool:
        """Does a Rout Order roll for this broken unit? Always by default (GWC O26.5: never a
        Tank)."""
        return True

    def melee_forfeit(self, g: Game, label: str) -> bool:
        """Before a Melee in ``label``: settle it at once if the game says so (GWC O16.4.1: a
        side with only Runners there loses them, no Actions); True when it was settled."""
        return False

    def after_exit(self, g: Game, uid: str) -> None:
        """A unit has exited by the enemy edge onto the Time track (7.2.1): what the game notes
        about it (GWC 7.2.1.1: a Tank exits only once). Nothing by default."""

    def takes_control(self, g: Game, uid: str) -> bool:
        """7.3.1: may this unit, alone with its side in an Objective's hexes, take control of
        it? Every unit may by default (GWC 7.3.1.3: not a Runner)."""
        return True

    def control_taken(self, g: Game, obj: str, seat: int, units: list[str]) -> None:
        """After ``units`` of ``seat`` took control of Objective ``obj`` (GWC 7.3.1.2: a Tank
        scores 1 VP); nothing by default."""

    def may_carry(self, g: Game, uid: str, wid: str) -> bool:
        """May this unit possess this Weapon (set-up hand-out)? Any unit by default (CC 8.1.1);
        GWC 11.2: only Units, a Flamethrower only a Team."""
        return True

    def stack_ok(self, g: Game, uids: list[str]) -> bool:
        """8.2: may these units of one side share a hex? By default at most ``figure_limit``
        figures (GWC 8.2.1: and never two Tanks)."""
        return figures(g, uids) <= self.figure_limit

    STACK_BY_FIGURES.add(stack_ok)  # the default is the figures against the limit

    def unit_fields(self, type_id: str) -> dict[str, Any]:
        """Extra per-unit state a game keeps for units of this type (GWC: rank, cohesion,
        vehicle status); none by default, so Combat Commander's units have no such fields."""
        return {}

    # -- rolls and the Turn --------------------------------------------------------------------
    def after_roll(self, g: Game, a: Args) -> None:
        """A roll is kept (after the Initiative re-roll window, before its trigger): the game may
        push windows on it (GWC S98.2: a Strategy Card played as +1 adds to ``a["drm"]``). None by
        default."""

    def may_pass(self, g: Game, seat: int) -> bool:
        """May the active seat pass this Turn (GWC S98: not after playing a Strategy Card)?"""
        return True

    def forced_order(self, g: Game, seat: int) -> bool:
        """Must the active seat's next Order be a face-down card instead of one from the hand
        (GWC E71 High Command Meddling)? A public fact: the card's presence, never its face.
        Never by default."""
        return False

    def play_forced(self, g: Game, seat: int) -> None:
        """Reveal the face-down card of :meth:`forced_order` and carry out its Order, or forfeit
        it when the Order cannot be given (the Turn has counted it already)."""
        raise NotImplementedError

    def on_pass(self, g: Game, seat: int) -> None:
        """The active seat passes (O15): what the game notes about it (GWC: no Strategy Card this
        Turn). Nothing by default."""

    # -- Time advance (6.1.2) -----------------------------------------------------------------
    def time_removals(self, g: Game, a: Args) -> list[Option]:
        """Step 4: the markers the triggering player may still remove (CC: one Smoke marker;
        GWC: two Smoke and two Gas). An empty list moves on."""
        return [Option(f"smoke:{h}", f"Remove Smoke {v} in {h}", "smoke", {"hex": h})
                for h, v in sorted(g.state["smoke"].items())]

    def time_remove(self, g: Game, a: Args, option: Option) -> bool:
        """Remove one marker chosen from :meth:`time_removals`; True when step 4 is over."""
        h = option.args["hex"]
        del g.state["smoke"][h]
        g.emit("6.1.2", "Smoke removed from {hex}", hex=h)
        return True

    def time_additions(self, g: Game, seat: int) -> None:
        """What a Time advance adds besides reinforcements (GWC: a Strategy Card draw)."""

    def time_closing(self, g: Game, seat: int) -> None:
        """What closes a Time advance, after the Dig In window (GWC 6.1.2 step 7: a Strategy
        Card for each player holding none); nothing by default."""

    def arrive_contacts(self, g: Game, space: int) -> None:
        """6.1.2 step 5: the artillery contact pieces waiting on this Time space enter (CC's
        Radios, GWC's Telephones); none by default."""

    # -- what follows an Order or a trigger, the end of a Turn, reinforcements ------------------
    def adjacent_hexes(self, g: Game, label: str) -> list[str]:
        """The map's neighbours of a hex (none without a map)."""
        return neighbours(g, label)

    def after_board_change(self, g: Game) -> None:
        """After an Order or a trigger, once Objectives are updated: what else the game keeps
        current about who holds what (CC: the holders of Fortifications); nothing by default."""

    def after_order(self, g: Game) -> None:
        """O16.4: after every Order, Objectives are updated and hexes holding both sides' units
        are Melees."""
        update_objectives(g)
        self.after_board_change(g)
        if not g.is_terminal():
            melee.push_melee(g, quiet=False)  # O16.4: every hex holding both sides

    def after_trigger(self, g: Game) -> None:
        """O16.4: the same check follows every die trigger; its rolls trigger nothing."""
        update_objectives(g)
        self.after_board_change(g)
        if not g.is_terminal():
            melee.push_melee(g, quiet=True)

    def stacking_check(self, g: Game, seat: int) -> None:
        """8.2: at the end of every Turn overstacked hexes are fixed."""
        placement.stacking_check(g, seat)

    def turn_extras(self, g: Game, seat: int) -> list[Option]:
        """11.3: the owner may eliminate one of his Weapons at any time; offered at his Turn
        decision (our reading: the one moment a player decides with nothing else under way)."""
        weapons = g.state["weapons"]
        mine = sorted(wid for wid, w in weapons.items()  # the seat's few, then sorted (speed)
                      if w["seat"] == seat and w["where"] == "map" and w["carrier"] is not None)
        return [Option(f"drop:{wid}", f"Eliminate {wid} (carried by {w['carrier']})", "extra",
                       {"weapon": wid, "unit": w["carrier"]})
                for wid in mine for w in (weapons[wid],)]

    def turn_extra(self, g: Game, seat: int, option: Option) -> None:
        """Carry out one of :meth:`turn_extras`."""
        wid = option.args["weapon"]
        remove_weapon(g, wid)
        g.emit("11.3", "{weapon} is eliminated by its owner", weapon=wid)

    def reinforce(self, g: Game, seat: int, units: list[str]) -> None:
        """6.1.2 step 5: reinforcements enter along the owner's edge (placement frames)."""
        placement.reinforce(g, seat, units)

    def sniper_targets(self, g: Game, label: str) -> list[str]:
        """1.9.1.3: units of either side in the Random Hex or adjacent to it."""
        near = {label, *self.adjacent_hexes(g, label)}
        return sorted(uid for uid, u in g.state["units"].items()
                      if u["where"] == "map" and u["hex"] in near)

    def broken_weapon_check(self, g: Game, number: int) -> None:
        """11.4: a Random Hex's number fixes or eliminates broken Weapons in play."""
        s = g.state
        for wid in sorted(s["weapons"]):
            w = s["weapons"][wid]
            if not w["broken"] or w["where"] != "map":
                continue
            wt = self.weapon_type(w["type"])
            if wt.fix[0] <= number <= wt.fix[1]:
                w["broken"] = False
                g.emit("11.4", "Random Hex number {n} fixes {weapon}", n=number, weapon=wid)
            elif wt.elim[0] <= number <= wt.elim[1]:
                carrier = w["carrier"]
                if carrier is not None:
                    s["units"][carrier]["weapon"] = None
                w.update(carrier=None, broken=False, where="casualties")
                side(s, int(w["seat"]))["casualty_weapons"].append(wid)
                g.emit("11.4", "Random Hex number {n} eliminates {weapon}", n=number, weapon=wid)

    # -- the browser table and the terminal (drawing.py, text.py) ------------------------------
    def drawing_style(self) -> Any:
        """The game's DrawingStyle (drawing.py): colours, terrain fills, labels."""
        from .drawing import DrawingStyle

        return DrawingStyle()

    def drawing_extras(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        """What only this game draws: extra ``tracks``, ``markers`` and ``info`` entries."""
        return {}

    def card_notes(self, card: Any) -> list[str]:
        """Words a card face adds after its random hex (CC: the wind); none by default."""
        return []

    def describe(self, g: Game, seat: int | None) -> str:
        from .text import describe

        return describe(g, seat)

    def drawing(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        from .drawing import drawing

        return drawing(g, seat, view)

    def odds(self, g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
        from .drawing import odds

        return odds(g, seat, option_id)

    def line_of_sight(self, g: Game, a: str, b: str) -> dict[str, Any] | None:
        from .drawing import line_of_sight

        return line_of_sight(g, a, b)

    # -- views ---------------------------------------------------------------------------------
    def view(self, g: Game, seat: int | None, everything: bool, shared: bool = False) -> dict[str, Any]:
        """1.2: own hand only; the other hand's size; discards public; draw piles by size;
        secret chits to their owner (7.3.3). Units are all public for now (Hidden Units: A35).

        ``shared``: the public parts (units, Weapons, Objectives, discards, casualties, markers)
        are the state's own lists and dicts, not copies, for a reader that only reads them and
        only before the game moves on: the scripted policy, which reads a view at every
        decision of every playout (the copies were most of the view's cost). What the view
        holds is the same either way, and what the seat may not see is left out either way."""
        s = g.state
        lst: Callable[[Any], Any] = _as_is if shared else list
        dct: Callable[[Any], Any] = _as_is if shared else dict
        sides = []
        for i, sd in enumerate(s["sides"]):
            mine = everything or seat == i
            d = sd["deck"]
            sides.append({
                "nation": sd["nation"], "posture": sd["posture"], "hand_size": sd["hand_size"],
                "hand": sorted(sd["hand"]) if mine else None, "hand_count": len(sd["hand"]),
                "draw_count": len(d["draw"]), "draw": list(d["draw"]) if everything else None,
                "discard": lst(d["discard"]), "removed": lst(d["removed"]),
                "order_cap": sd["order_cap"], "discard_cap": sd["discard_cap"],
                "casualties": lst(sd["casualties"]), "casualty_weapons": lst(sd["casualty_weapons"]),
                "surrender": sd["surrender"],
                "chits_secret": lst(sd["chits_secret"]) if mine else None,
                "chits_secret_count": len(sd["chits_secret"]),
            })
        return {
            "sides": sides,
            "chits_open": lst(s["chits_open"]),
            "objectives": {o: dct(s["objectives"][o]) for o in OBJECTIVES},
            "vp": s["vp"], "time": dct(s["time"]), "initiative": s["initiative"],
            "active": s["active"], "turn": s["turn"],
            "units": s["units"] if shared else {k: dict(v) for k, v in s["units"].items()},
            "weapons": s["weapons"] if shared else {k: dict(v) for k, v in s["weapons"].items()},
            "smoke": dct(s["smoke"]),
            "reinforcements": {k: lst(v) for k, v in s["reinforcements"].items()},
            "map": s.get("map"), "edges": lst(s.get("edges") or []),
            "blaze": lst(s.get("blaze") or []), "activated": lst(s["activated"]),
            "fire_group": fire_group(g),
        }

    def summary(self, g: Game) -> dict[str, Any]:
        """Player turns, the VP marker as each seat's margin (one signed track: + favours seat
        0), and the ending: 6.2.2 sudden death and 6.3.2 last unit exited (both decided on VP),
        6.3.1 surrender or elimination, 7.3.2 all five Objectives."""
        s = g.state
        reason = str((s["result"] or {}).get("reason", ""))
        vp = float(s["vp"])
        if "controls all five" in reason:
            end = "all objectives"
        elif "lose" in reason:
            end = "surrender or elimination"
        elif int(s["time"]["space"]) >= int(s["time"]["sudden_death"]):
            end = "sudden death"
        else:
            end = "last unit exited"
        return {"turns": int(s["turn"]), "vp": [vp, -vp], "end": end}

    def hidden_zones(self, g: Game, seat: int) -> list[list[Any]]:
        """What ``seat`` cannot see: the other hand, the other draw pile and (its order) its own
        draw pile, plus the other side's secret chits and the undrawn chits."""
        other = side(g.state, 1 - seat)
        return [other["hand"], other["deck"]["draw"], side(g.state, seat)["deck"]["draw"],
                other["chits_secret"], g.state["chit_pool"]]

    def resample(self, g: Game, seat: int, chance: Chance) -> None:
        """Re-deal per pool so cards never change deck: (other hand + other draw pile), (own
        draw pile), (other secret chits + undrawn chits that have a secret side)."""
        # the family's five zones come first; a game's own zones follow (it re-deals those)
        # the family's zones (a game that adds its own to hidden_zones re-deals those itself)
        other_hand, other_draw, own_draw, other_secret, pool = CommanderRules.hidden_zones(self, g, seat)[:5]
        # cards of the other hand that seat has been shown (E61 Interrogation) stay where they are
        shown = set(side(g.state, 1 - seat).get("shown") or ())
        known = [c for c in other_hand if c in shown]
        unknown = [c for c in other_hand if c not in shown]
        redeal([unknown, other_draw], chance)
        other_hand[:] = known + unknown
        redeal([own_draw], chance)
        secretable = [c for c in pool if self.chit(c).secret_side]
        rest = [c for c in pool if not self.chit(c).secret_side]
        redeal([other_secret, secretable], chance)
        pool[:] = secretable + rest
