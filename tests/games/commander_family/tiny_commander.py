"""Tiny Commander: a Commander game that lives only in the tests, to prove the family needs
nothing of Combat Commander.

Everything here is ours and small: a 6 x 6 map with some woods and brush, two nations (Red and
Blue) with a squad, a team, a leader and a machine gun each, 24 Fate cards per nation whose dice
and triggers are dealt from a seeded generator, four Objective chits, and a rule numbering of its
own ("TC1" ...), so a log line cites the playing game's numbers. It imports nothing from
tactica.games.combat_commander: if the family reaches into Combat Commander, this game breaks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tactica.core.board import Board, load_board
from tactica.core.game import Game
from tactica.core.hexgrid import Hex
from tactica.core.los import CombatCommanderLos, LosTable
from tactica.games.commander_family import citations
from tactica.games.commander_family.actions import action_registry
from tactica.games.commander_family.base import CommanderRules
from tactica.games.commander_family.cards import FateDice
from tactica.games.commander_family.counters import CounterSide
from tactica.games.commander_family.events import EventDef, event_registry
from tactica.games.commander_family.orders import order_registry
from tactica.games.commander_family.procedures import procedure_steps, register_procedures

NATIONS = ("Red", "Blue")
ORDERS = ("Fire", "Move", "Advance", "Recover", "Rout")
TRIGGERS = (None, None, None, "Event!", "Sniper!", "Time!", "Jammed!", None)


# ---------------------------------------------------------------- components
@dataclass(frozen=True, slots=True)
class Card(FateDice):
    id: str
    order: str
    action: str
    event: str
    hex: str
    white: int
    colored: int
    trigger: str | None = None

    @property
    def hex_number(self) -> int:
        return int(self.hex[1:])


Side = CounterSide


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    nation: str
    type: str
    figures: int
    unbroken: Side
    broken: Side
    quality: str | None = "line"
    special: str | None = None
    elimination_vp: int = 1


@dataclass(frozen=True, slots=True)
class WeaponType:
    id: str
    kind: str = "mg"
    fp: int = 3
    range: int = 5
    movement: int = -1
    fix: tuple[int, int] = (1, 1)
    elim: tuple[int, int] = (6, 6)
    min_range: int = 0
    ordnance: bool = False
    smoke: bool = False
    one_use: bool = False
    cover_zero: bool = False
    boxed: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Chit:
    id: str
    condition: str
    secret_side: bool
    objective: int | None = None
    vp: int | None = None


@dataclass(frozen=True, slots=True)
class Terrain:
    id: str
    kind: str = "type"
    move: int | None = 1
    move_impassable: bool = False
    cover: int | None = 0
    cover_impassable: bool = False
    hindrance: int = 0
    alt_cover: int | None = None
    road_cover: int = 0
    airburst: int = 0
    water: bool = False
    road_only: bool = False


@dataclass(frozen=True, slots=True)
class Chart:
    entries: Mapping[str, Terrain] = field(default_factory=dict)

    def of_kind(self, kind: str) -> tuple[Terrain, ...]:
        return tuple(e for e in self.entries.values() if e.kind == kind)


CHART = Chart({"woods": Terrain("woods", move=2, cover=2, airburst=1),
               "brush": Terrain("brush", move=2, cover=1, hindrance=1),
               "open": Terrain("open")})


def _units(nation: str) -> dict[str, UnitType]:
    n = nation.lower()
    return {
        f"{n}-squad": UnitType(f"{n}-squad", nation, "squad", 2, Side(2, 4, 4, 7), Side(1, 3, 5, 5),
                               elimination_vp=2),
        f"{n}-team": UnitType(f"{n}-team", nation, "team", 1, Side(1, 4, 5, 6), Side(0, 3, 5, 4)),
        f"{n}-leader": UnitType(f"{n}-leader", nation, "leader", 1, Side(0, 0, 5, 8, 1),
                                Side(0, 0, 5, 6, 0), quality=None, elimination_vp=2),
    }


UNIT_TYPES = {k: v for nation in NATIONS for k, v in _units(nation).items()}
WEAPONS = {"mg": WeaponType("mg")}
CHITS = {"hold-1": Chit("hold-1", "objective_vp", True, objective=1, vp=2),
         "hold-2": Chit("hold-2", "objective_vp", True, objective=2, vp=2),
         "hold-5": Chit("hold-5", "objective_vp", False, objective=5, vp=1),
         "all-objectives": Chit("all-objectives", "all_objectives_vp", False, vp=1)}


def _deck(nation: str) -> dict[str, Card]:
    rng = random.Random(nation)  # the same cards every run
    cards: dict[str, Card] = {}
    for i in range(1, 25):
        cid = f"{nation[0]}-{i}"
        cards[cid] = Card(cid, ORDERS[i % len(ORDERS)], "Fire" if i % 2 else "Dig", "Lull",
                          f"{'ABCDEF'[rng.randrange(6)]}{rng.randrange(1, 7)}", rng.randrange(1, 7),
                          rng.randrange(1, 7), TRIGGERS[rng.randrange(len(TRIGGERS))])
    return cards


DECKS = {n: _deck(n) for n in NATIONS}
CARDS = {cid: c for d in DECKS.values() for cid, c in d.items()}

MAP: dict[str, Any] = {
    "version": 1,
    "name": "tiny",
    "geometry": {"orientation": "flat", "offset": "odd-q", "labels": "letter-number",
                 "cols": 6, "rows": 6},
    "hexes": {"C3": {"terrain": ["woods"]}, "D4": {"terrain": ["woods"]},
              "B4": {"terrain": ["brush"]}, "E3": {"terrain": ["brush"]}},
    "objectives": {"1": "C3", "2": "D4", "3": "A3", "4": "F4", "5": "C5"},
    "zones": {"blue-setup": ["A5", "B5", "C5", "D5", "E5", "F5", "A6", "B6", "C6", "D6", "E6", "F6"]},
}

SCENARIO: dict[str, Any] = {
    "name": "Tiny meeting",
    "description": "Red attacks from the north into Blue's line.",
    "map": "tiny",
    "sides": {
        "red": {"nation": "Red", "posture": "Attack", "orders": 2, "surrender": 4,
                "units": [{"type": "red-leader", "hex": "C1"}, {"type": "red-squad", "hex": "C1",
                                                                "weapon": "mg"},
                          {"type": "red-squad", "hex": "D1"}, {"type": "red-team", "hex": "B2"}],
                "reinforcements": {"2": ["red-team"]}},
        "blue": {"nation": "Blue", "posture": "Defend", "orders": 2, "surrender": 4,
                 "units": ["blue-leader", {"type": "blue-squad", "weapon": "mg"}, "blue-squad",
                           "blue-team"],
                 "setup": "blue-setup"},
    },
    "edges": {"red": "north", "blue": "south"},
    "time": {"start": 0, "sudden_death": 4, "last": 6},
    "initiative": "blue",
    "first": "red",
    "objectives": {"1": None, "2": None, "3": "red", "4": "blue", "5": "blue"},
    "open_chits": 1,
    "secret_chits": 1,
}


def _lull(g: Game, seat: int, card: str) -> None:
    g.emit(TinyCommanderRules.rule_numbers["event.lull"], "A lull: nothing happens")


# ---------------------------------------------------------------- the rules
class TinyCommanderRules(CommanderRules):
    id = "tiny_commander"
    name = "Tiny Commander (tests only)"
    version = "1"
    seats = ("red", "blue")
    option_defaults: Mapping[str, Any] = {}
    rule_numbers: Mapping[str, str] = {
        **{k: f"TC{i}" for i, k in enumerate(citations.RULE_KEYS, start=1)}, "event.lull": "TC-E1"}
    smoke_cup = (1, 2, 3)

    def __init__(self) -> None:
        super().__init__(procedure_steps())
        self.orders = order_registry({o: f"TC-{o}" for o in ORDERS})
        self.actions = action_registry({"Fire": "TC-A1", "Dig": "TC-A2"})
        self.events = event_registry({"Lull": "TC-E1"})
        self.events["Lull"] = EventDef("Lull", "TC-E1", implemented=True, execute=_lull)
        register_procedures(self)
        self._board = load_board(MAP, source_name="tiny")
        self._los = LosTable(self._board, CombatCommanderLos(["woods"], {"brush": 1}))

    # components
    def card(self, card_id: str) -> Card:
        return CARDS[card_id]

    def unit_type(self, type_id: str) -> UnitType:
        return UNIT_TYPES[type_id]

    def nation_units(self, nation: str) -> list[UnitType]:
        return [t for t in UNIT_TYPES.values() if t.nation == nation]

    def weapon_type(self, type_id: str) -> WeaponType:
        return WEAPONS[type_id]

    def chit(self, chit_id: str) -> Chit:
        return CHITS[chit_id]

    def team_for(self, type_id: str) -> str:
        return f"{UNIT_TYPES[type_id].nation.lower()}-team"

    def fate_deck(self, nation: str) -> list[str] | None:
        return list(DECKS[nation]) if nation in DECKS else None

    def hand_size(self, posture: str) -> int:
        return {"Attack": 5, "Defend": 4}[posture]

    def discard_limit(self, nation: str) -> int:
        return 2

    def chit_ids(self) -> list[str]:
        return list(CHITS)

    def all_scenarios(self) -> dict[str, dict[str, Any]]:
        return {"tiny_meeting": SCENARIO}

    # the map
    def board(self, g: Game) -> Board | None:
        return self._board if g.state.get("map") == "tiny" else None

    def los(self, g: Game) -> LosTable | None:
        return self._los if self.board(g) is not None else None

    def terrain_chart(self) -> Chart:
        return CHART

    def hex_type(self, board: Board, h: Hex) -> Terrain:
        for t in ("woods", "brush"):
            if board.has(h, t):
                return CHART.entries[t]
        return CHART.entries["open"]

    def move_cost(self, board: Board, a: Hex, b: Hex) -> int | None:
        return self.hex_type(board, b).move


RULES = TinyCommanderRules()
