"""CombatCommanderRules: Combat Commander: Europe on the Commander-family core.

Supplies the components (Fate decks, rosters, chits, postures from components.py), builds the
registries from the rulebook's Order/Action/Event names, and sets a scenario up (2.1 of the
digest: decks shuffled, hands dealt, chits drawn, markers placed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tactica.core.rules import Args, Step

from ..commander_family.actions import action_registry
from ..commander_family.base import CommanderRules
from ..commander_family.custom import CustomLookups, is_custom
from ..commander_family.events import event_registry
from ..commander_family.orders import order_registry
from ..commander_family.procedures import procedure_steps, register_procedures
from . import actions_fire, actions_hidden, actions_other, artillery, drawing, fortifications, mines
from .components import ACTIONS, EVENTS, ORDERS, ObjectiveChit, Pack, builtin_pack
from .custom import REGISTRY
from .events_all import register as register_events
from .rule_numbers import RULE_NUMBERS
from .scenarios import SCENARIOS
from .terrain import hex_type, los_table, move_cost, terrain_chart

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game
    from tactica.core.hexgrid import Hex
    from tactica.core.los import LosTable

    from .maps import CcMap



def _builtin_scenarios() -> dict[str, dict[str, Any]]:
    """The scenario files under data/scenarios, in the engine's dict shape (loaded once)."""
    global _BUILTIN
    if _BUILTIN is None:
        from .scenario_data import builtin_scenarios

        _BUILTIN = {k: v.to_engine() for k, v in builtin_scenarios().items()}
    return _BUILTIN


_BUILTIN: dict[str, dict[str, Any]] | None = None

SMOKE_CUP = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10)
"""Hindrances of the Smoke markers drawn at random (T94: 1-10). The counter mix is not in the
rulebook text; this spread (more light smoke than heavy) is our assumption."""


class CombatCommanderRules(CustomLookups, CommanderRules):
    id = "combat_commander"
    name = "Combat Commander: Europe"
    version = "0.3"
    seats = ("axis", "allies")
    option_defaults: Mapping[str, Any] = {}
    rule_numbers: Mapping[str, str] = RULE_NUMBERS
    smoke_cup = SMOKE_CUP
    battery_name = "Radio"
    fortification_kinds = fortifications.SPEC
    custom_registry = REGISTRY  # the editor's scenarios, by content id (custom.py)

    def __init__(self, steps: Iterable[Step] = (), pack: Pack | None = None) -> None:
        super().__init__([*procedure_steps(), *steps])
        self._pack = pack
        self._boards: dict[str, Board] = {}
        self._maps: dict[str, CcMap] = {}  # boards added with their CC block (add_map)
        self._extra_scenarios: dict[str, dict[str, Any]] = {}
        self.orders = order_registry(dict(ORDERS))
        self.events = event_registry(dict(EVENTS))
        self.actions = action_registry(dict(ACTIONS))
        artillery.register(self)  # O17, O18
        register_events(self)  # E42-E77
        register_procedures(self)  # the family's Fire, Move, Op Fire, Advance, Melee, Recover, Rout
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

    def add_unit_type(self, unit_type: Any) -> None:
        """Make a unit type known to this instance only (the studio's per-unit stats; the
        shared rosters stay as they are). Its id must be new."""
        if not self._types_indexed:
            self._index_types()
        if unit_type.id in self._unit_types:
            raise KeyError(f"unit type {unit_type.id!r} exists already")
        self._unit_types[unit_type.id] = unit_type

    def add_card(self, card: Any) -> None:
        """Make a Fate card known to this instance only (the studio's stand-in cards that
        force a roll); its id must be new."""
        index = self._card_index()
        if card.id in index:
            raise KeyError(f"card {card.id!r} exists already")
        index[card.id] = card

    def unit_type(self, type_id: str) -> Any:
        try:
            return self._unit_types[type_id]
        except KeyError:
            if self._types_indexed:
                raise KeyError(f"no unit type {type_id!r}") from None
        self._index_types()
        return self.unit_type(type_id)

    def nation_units(self, nation: str) -> list[Any]:
        roster = self.pack.rosters.get(nation)
        return [] if roster is None else list(roster.units.values())

    def weapon_type(self, type_id: str) -> Any:
        try:
            return self._weapon_types[type_id]
        except KeyError:
            if self._types_indexed:
                raise KeyError(f"no weapon type {type_id!r}") from None
        self._index_types()
        return self.weapon_type(type_id)

    def chit(self, chit_id: str) -> ObjectiveChit:
        return self.pack.objectives[chit_id]

    def team_for(self, type_id: str) -> str:
        """E52, A36: the Team of the unit's nation and OB quality."""
        t = self.unit_type(type_id)
        return self.pack.rosters[t.nation].team_for(t.quality).id

    # -- the map ---------------------------------------------------------------------------------
    def add_board(self, board: Board) -> None:
        """Make a board (tests, custom maps) available to scenarios by its name."""
        self._boards[board.name] = board

    def add_map(self, cc_map: CcMap) -> None:
        """Make a CC map of any size (the studio's) available by its name, with its Buildings
        and Artillery Boxes."""
        self._boards[cc_map.id] = cc_map.board
        self._maps[cc_map.id] = cc_map

    def cc_map(self, name: str) -> CcMap | None:
        """The CC map named ``name``: one added to this instance, else a built-in one, else
        None (a bare board added with ``add_board``)."""
        m = self._maps.get(name)
        if m is not None:
            return m
        if is_custom(name):  # a custom scenario's inline map, named by its content id
            return REGISTRY.get(name).cc_map
        from .maps import builtin_map, builtin_map_ids

        return builtin_map(name) if name in builtin_map_ids() else None

    def board(self, g: Game) -> Board | None:
        name = g.state.get("map")
        b = self._boards.get(name)  # type: ignore[arg-type]
        if b is not None or name is None:
            return b
        if is_custom(name):  # not kept here: the registry bounds what stays loaded
            return REGISTRY.get(name).cc_map.board
        from .maps import builtin_map

        b = self._boards[name] = builtin_map(name).board
        return b

    def los(self, g: Game) -> LosTable | None:
        b = self.board(g)
        return None if b is None else los_table(b)

    def scripted(self) -> Any:
        """The scripted policy and search hooks (scripted.py), for tactica.ai."""
        from . import scripted

        return scripted

    # -- the terminal and the browser table: the family's (docs/web.md), in CC's style --------
    def drawing_style(self) -> Any:
        return drawing.STYLE

    def drawing_extras(self, g: Game, seat: int | None, view: Mapping[str, Any]) -> dict[str, Any]:
        return drawing.extras(g, seat, view)

    def card_notes(self, card: Any) -> list[str]:
        return drawing.card_notes(card)

    # -- the family's terrain hooks: the Terrain chart of data/terrain.yaml ---------------------
    # (the module functions themselves, as static methods: one call on the hot paths)
    terrain_chart = staticmethod(terrain_chart)
    hex_type = staticmethod(hex_type)
    move_cost = staticmethod(move_cost)

    # -- the family's fortification hooks: F101-F106 (fortifications.py, mines.py) ---------------
    in_wire = staticmethod(fortifications.in_wire)
    weapon_blocked = staticmethod(fortifications.weapon_blocked)
    group_split = staticmethod(fortifications.group_split)
    wire_halts = staticmethod(fortifications.wire_halts)
    trench_step = staticmethod(fortifications.trench_step)
    melee_tie_winner = staticmethod(fortifications.melee_tie_winner)

    def mined(self, g: Game, label: str | None) -> bool:
        return fortifications.kind_at(g, label) == "mines"

    def push_mine_attack(self, g: Game, label: str, movers: list[str], *, moving: bool = False,
                         rule: str | None = None) -> bool:
        if rule is None:
            return mines.push_mine_attack(g, label, movers, moving=moving)
        return mines.push_mine_attack(g, label, movers, moving=moving, rule=rule)

    def mine_fp(self, g: Game, movers: list[str]) -> int:
        return fortifications.mines_fp(g)  # F103.2: the scenario's, whoever steps in

    def fortification_cover(self, g: Game, label: str | None, heavy: bool) -> tuple[int, str] | None:
        return fortifications.cover(g, label, heavy)

    def leaves_play(self, g: Game, uid: str) -> bool:
        """7.1: an eliminated Hero leaves play (no Casualty Track space)."""
        return bool(self.unit_type(g.state["units"][uid]["type"]).special == "hero")

    # -- the family's hooks that Combat Commander fills in -----------------------------------
    def fp_lift(self, g: Game, seat: int, pieces: list[str], target: str) -> int:
        """10.3.2.1: what the seat's +2 FP Action cards could add to this attack."""
        return actions_fire.lift_for(g, seat, pieces, target)

    def fortification_vulnerability(self, fp: int) -> int:
        """O18.2.3.3: the Impact Roll that destroys a Fortification (our table, fortifications.py)."""
        return fortifications.vulnerability(fp)

    def impact_damage(self, g: Game, a: Args) -> None:
        artillery.fortification_check(g, a)  # O18.2.3.3, before the Defense Rolls

    def after_board_change(self, g: Game) -> None:
        fortifications.update_holders(g)  # F101: who holds each Fortification

    def arrive_contacts(self, g: Game, space: int) -> None:
        artillery.arrive_radios(g, space)  # 6.1.2 step 5: Radios on this Time space

    # -- scenarios -----------------------------------------------------------------------------
    def all_scenarios(self) -> dict[str, dict[str, Any]]:
        return {**SCENARIOS, **_builtin_scenarios(), **self._extra_scenarios}

    def add_scenario(self, scenario_id: str, spec: dict[str, Any]) -> None:
        """Add a scenario in the SCENARIOS shape to this instance (tests, custom scenarios)."""
        self._extra_scenarios[scenario_id] = spec

    # -- the family's set-up hooks (commander_family/setup.py does the set-up) -----------------
    def fate_deck(self, nation: str) -> list[str] | None:
        d = self.pack.decks.get(nation)
        return None if d is None else list(d.cards)

    def hand_size(self, posture: str) -> int:
        return int(self.pack.postures.hand_size[posture])

    def discard_limit(self, nation: str) -> int:
        return int(self.pack.postures.discard_limit[nation])

    def chit_ids(self) -> list[str]:
        return list(self.pack.objectives)

    def setup_pieces(self, g: Game, scenario: Mapping[str, Any]) -> None:
        artillery.setup_radios(g, scenario)
        fortifications.setup(g, scenario)

    def objective_hexes(self, board: Board, obj: str) -> list[Hex]:
        """7.3.1.1: a CC map (built-in or added) knows its multi-hex Buildings; a bare board
        uses the one hex."""
        m = self.cc_map(board.name)
        if m is not None and m.board is board:
            return list(m.objective_hexes(obj))
        return [board.objectives[obj]]

    def view(self, g: Game, seat: int | None, everything: bool, shared: bool = False) -> dict[str, Any]:
        v = super().view(g, seat, everything, shared)
        v.update(radios=artillery.radio_view(g), fortifications=fortifications.view(g))
        return v
