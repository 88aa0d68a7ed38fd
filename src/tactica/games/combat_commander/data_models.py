"""Combat Commander's data files (Fate decks, rosters, Objective chits, postures, the Terrain
Chart, Support Tables, scenarios) as pydantic models: the shape of each file, its ranges and
allowed names, and the checks that look inside one entry or one file. The published JSON Schemas
(docs/schemas/) are generated from these models; the loaders convert a validated file into the
frozen objects the rules code uses, and check what needs other files (maps, rosters) themselves.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, ClassVar, Final, Literal

from pydantic import Field, model_validator

from tactica.core.map_schema import MapFile
from tactica.core.schema import FileModel, Model, OneOf, unique_ids

from ..commander_family.data_models import Boxed, PlacedModel, SideModel, Text, TimeModel

# Rule names, as the rulebook numbers them.
ORDERS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "Advance": "O16",
        "Artillery Denied": "O17",
        "Artillery Request": "O18",
        "Command Confusion": "O19",
        "Fire": "O20",
        "Move": "O21",
        "Recover": "O22",
        "Rout": "O23",
    }
)
ACTIONS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "Ambush": "A25",
        "Assault Fire": "A26",
        "Bore Sighting": "A27",
        "Command Confusion": "A28",
        "Concealment": "A29",
        "Crossfire": "A30",
        "Demolitions": "A31",
        "Dig In": "A32",
        "Fire": "A33",
        "Hand Grenades": "A34",
        "Hidden Entrenchments": "A35.1",
        "Hidden Mines": "A35.2",
        "Hidden Pillbox": "A35.3",
        "Hidden Unit": "A35.4",
        "Hidden Wire": "A35.5",
        "Light Wounds": "A36",
        "Marksmanship": "A37",
        "No Quarter": "A38",
        "Smoke Grenades": "A39",
        "Spray Fire": "A40",
        "Sustained Fire": "A41",
    }
)
_EVENT_NAMES: Final = (
    "Air Support",
    "Battle Harden",
    "Battlefield Integrity",
    "Blaze",
    "Booby Trap",
    "Breeze",
    "Command & Control",
    "Commissar",
    "Cower",
    "Deploy",
    "Dust",
    "Élan",
    "Entrench",
    "Field Promotion",
    "Fog of War",
    "Hero",
    "Infiltration",
    "Interdiction",
    "Interrogation",
    "KIA",
    "Malfunction",
    "Medic!",
    "Mission Objective",
    "Prisoners of War",
    "Reconnaissance",
    "Reinforcements",
    "Rubble",
    "Sappers",
    "Scrounge",
    "Shell Shock",
    "Shellholes",
    "Strategic Objective",
    "Suppressing Fire",
    "Walking Wounded",
    "White Phosphorus",
)
EVENTS: Final[Mapping[str, str]] = MappingProxyType({n: f"E{43 + i}" for i, n in enumerate(_EVENT_NAMES)})
TRIGGERS: Final = ("Event!", "Jammed!", "Sniper!", "Time!")
NATIONS: Final = ("Germany", "America", "Russia")
DECK_SIZE: Final = 72  # rule 1: "a player's 72-card Fate Deck"
POSTURES: Final = ("Attack", "Recon", "Defend")
QUALITIES: Final = ("Elite", "Line", "Green")
FIGURES: Final[Mapping[str, int]] = MappingProxyType({"leader": 1, "team": 2, "squad": 4})  # 3, 8.2
WEAPON_KINDS: Final = ("machine_gun", "mortar", "flamethrower", "molotov", "satchel_charge", "launcher")
CHIT_CONDITIONS: Final = (
    "objective_vp",
    "all_objectives_vp",
    "control_all_wins",
    "exit_vp_doubled",
    "elim_vp_doubled",
)
OBJECTIVE_CHITS: Final = 22  # rule 7.3.2
RADIO_FP: Final = (8, 13)  # rule 12


FORMAT_VERSION: Final = 1

Die = Annotated[int, Field(ge=1, le=6)]
HEX: Final = re.compile(r"([A-Z])([0-9]+)")
_LETTERS: Final = r"^[A-Z]-[A-Z]$"
_NUMBERS: Final = r"^[0-9]+-[0-9]+$"


# ---------------------------------------------------------------------------------------------
# Fate decks (rule 1)
# ---------------------------------------------------------------------------------------------


class CardModel(Model):
    """One Fate card: Order, Action, Event, Random Hex and the two dice (1.5-1.9)."""

    id: Text
    order: Annotated[str, OneOf(tuple(ORDERS), "order")]
    action: Annotated[str, OneOf(tuple(ACTIONS), "action")]
    event: Annotated[str, OneOf(tuple(EVENTS), "event")]
    hex: Text
    roll: Annotated[list[Die], Field(min_length=2, max_length=2, description="[white, colored]")]
    trigger: Annotated[str, OneOf(TRIGGERS, "trigger")] | None = None
    wind: Annotated[int, Field(ge=1, le=6, description="Breeze downwind direction (E48)")] | None = None
    marksmanship: Text | None = Field(default=None, description="nationality a Marksmanship action names")

    @model_validator(mode="after")
    def _halves(self) -> CardModel:
        if (self.order == "Fire") != (self.action == "Fire"):
            raise ValueError("a Fire card reads 'Order/Action Fire': Order Fire and Action Fire go together")
        if self.order == self.action == "Command Confusion":
            raise ValueError("Command Confusion on both halves would make a blank card")
        if self.event == "Breeze" and self.wind is None:
            raise ValueError("a Breeze event needs its downwind direction 'wind: 1-6' (E48)")
        if self.event != "Breeze" and self.wind is not None:
            raise ValueError("'wind' is only for a Breeze event")
        if self.action == "Marksmanship" and self.marksmanship is None:
            raise ValueError("a Marksmanship action needs the nationality it names (A37)")
        if self.action != "Marksmanship" and self.marksmanship is not None:
            raise ValueError("'marksmanship' is only for a Marksmanship action")
        return self


class RandomHexModel(Model):
    letters: Annotated[str, Field(pattern=_LETTERS, description="a letter range such as 'A-O'")]
    numbers: Annotated[str, Field(pattern=_NUMBERS, description="a number range such as '1-10'")]

    @model_validator(mode="after")
    def _ordered(self) -> RandomHexModel:
        lo, hi = self.letters.split("-")
        if lo > hi:
            raise ValueError(f"letters: expected a letter range such as 'A-O', got {self.letters!r}")
        n0, n1 = (int(x) for x in self.numbers.split("-"))
        if not 1 <= n0 <= n1:
            raise ValueError(f"numbers: expected a number range such as '1-10', got {self.numbers!r}")
        return self

    def domain(self) -> tuple[str, tuple[int, int]]:
        lo, hi = self.letters.split("-")
        n0, n1 = (int(x) for x in self.numbers.split("-"))
        return "".join(chr(c) for c in range(ord(lo), ord(hi) + 1)), (n0, n1)


def check_card_hexes(cards: list[CardModel], random_hex: RandomHexModel) -> None:
    letters, (n0, n1) = random_hex.domain()
    for c in cards:
        m = HEX.fullmatch(c.hex)
        if not m or m.group(1) not in letters or not n0 <= int(m.group(2)) <= n1:
            raise ValueError(f"card {c.id}: hex: {c.hex!r} is not a hex {letters[0]}-{letters[-1]} {n0}-{n1}")


def check_each_pair_twice(cards: list[CardModel]) -> None:
    """Every ordered (white, colored) pair on exactly two cards (the 'each_pair_twice' dice rule)."""
    seen = Counter((c.roll[0], c.roll[1]) for c in cards)
    for w in range(1, 7):
        for k in range(1, 7):
            if seen[(w, k)] != 2:
                raise ValueError(f"dice: 'each_pair_twice' but the roll {w}-{k} is on {seen[(w, k)]} card(s)")


class DeckFile(FileModel):
    """A nation's 72-card Fate deck (rule 1)."""

    entry_names: ClassVar[Mapping[str, str]] = {"cards": "card"}
    format: Literal[1]
    kind: Literal["fate_deck"]
    nation: Text
    random_hex: RandomHexModel
    dice: Literal["each_pair_twice"] | None = None
    cards: list[CardModel]

    @model_validator(mode="after")
    def _deck(self) -> DeckFile:
        unique_ids(self.cards, "cards")
        check_card_hexes(self.cards, self.random_hex)
        if len(self.cards) != DECK_SIZE:
            raise ValueError(
                f"cards: a Fate deck holds {DECK_SIZE} cards (rule 1), this one {len(self.cards)}"
            )
        if self.dice == "each_pair_twice":
            check_each_pair_twice(self.cards)
        return self


# ---------------------------------------------------------------------------------------------
# Rosters (rules 3, 8, 11, 12)
# ---------------------------------------------------------------------------------------------


class UnitModel(Model):
    id: Text
    name: Text
    type: Annotated[str, OneOf(tuple(FIGURES), "unit type")]
    figures: Annotated[int, Field(ge=1)]
    count: Annotated[int, Field(ge=1, description="counters in the countermix")]
    unbroken: SideModel
    broken: SideModel
    quality: Annotated[str, OneOf(QUALITIES, "quality")] | None = None
    rank: Text | None = None
    special: Annotated[str, OneOf(("hero", "private"), "special leader")] | None = None

    @model_validator(mode="after")
    def _unit(self) -> UnitModel:
        if self.figures != FIGURES[self.type]:
            raise ValueError(
                f"figures: a {self.type} has {FIGURES[self.type]} figure(s) (rules 3, 8.2), "
                f"not {self.figures}"
            )
        leader = self.type == "leader"
        for side in ("unbroken", "broken"):
            if leader != (getattr(self, side).command is not None):
                need = "needs" if leader else "has no"
                raise ValueError(f"{side}: a {self.type} {need} a command value")
        if leader:
            if self.broken.command != 0:
                raise ValueError("broken: a broken Leader's Command is 0 (O20.3.4)")
            if self.quality is not None:
                raise ValueError("Leaders have no quality (quality is the OB's, for Squads and Teams)")
            if self.special == "private" and (self.unbroken.morale, self.unbroken.command) != (6, 2):
                raise ValueError("the Private of Field Promotion has Morale 6 and Command 2 (E56)")
        else:
            if self.quality is None:
                raise ValueError("Squads and Teams need a quality (Elite, Line or Green)")
            if self.special is not None:
                raise ValueError("only Leaders can be a hero or the private")
        return self


Range2 = Annotated[
    list[Annotated[int, Field(ge=1)]], Field(min_length=2, max_length=2, description="[low, high]")
]


class BrokenWeaponModel(Model):
    fix: Range2
    elim: Range2

    @model_validator(mode="after")
    def _ranges(self) -> BrokenWeaponModel:
        for name, (lo, hi) in (("fix", self.fix), ("elim", self.elim)):
            if lo > hi:
                raise ValueError(f"{name}: low {lo} is above high {hi}")
        (f0, f1), (e0, e1) = self.fix, self.elim
        if f1 >= e0 and e1 >= f0:
            raise ValueError(f"Fix {tuple(self.fix)} and Elim {tuple(self.elim)} overlap (11.4)")
        return self


class WeaponModel(Model):
    id: Text
    name: Text
    kind: Annotated[str, OneOf(WEAPON_KINDS, "weapon kind")]
    count: Annotated[int, Field(ge=1)]
    fp: Annotated[int, Field(ge=1)]
    range: Annotated[int, Field(ge=1)]
    movement: Annotated[int, Field(le=0, description="the red modifier to the carrier's Movement")]
    broken: BrokenWeaponModel
    size: Annotated[str, OneOf(("light", "medium", "heavy"), "size")] | None = None
    min_range: Annotated[int, Field(ge=0)] = 0
    boxed: list[Boxed] = Field(default_factory=list)
    ordnance: bool = False
    smoke: bool = False
    one_use: bool = False

    @model_validator(mode="after")
    def _weapon(self) -> WeaponModel:
        if self.min_range > self.range:
            raise ValueError(f"min_range: {self.min_range} is above the range {self.range}")
        if self.kind == "mortar" and not self.ordnance:
            raise ValueError("a Mortar is Ordnance (white band, O20.2)")
        if self.smoke and not self.ordnance:
            raise ValueError("only Ordnance fires Smoke rounds (O20.2.1)")
        if self.kind in ("satchel_charge", "molotov") and not self.one_use:
            raise ValueError("Satchel Charges and Molotov Cocktails are one-use Weapons (11.6)")
        return self


class RadioModel(Model):
    id: Text
    name: Text
    fp: Annotated[int, Field(ge=RADIO_FP[0], le=RADIO_FP[1])]
    smoke: bool
    count: Annotated[int, Field(ge=1)]


class RosterFile(FileModel):
    """A nation's units, Weapons and Radios."""

    entry_names: ClassVar[Mapping[str, str]] = {"units": "unit", "weapons": "weapon", "radios": "radio"}
    format: Literal[1]
    kind: Literal["roster"]
    nation: Text
    units: list[UnitModel]
    weapons: list[WeaponModel]
    radios: list[RadioModel]

    @model_validator(mode="after")
    def _roster(self) -> RosterFile:
        unique_ids(self.units, "units")
        unique_ids(self.weapons, "weapons")
        unique_ids(self.radios, "radios")
        ids = Counter(
            [*(u.id for u in self.units), *(w.id for w in self.weapons), *(r.id for r in self.radios)]
        )
        clash = sorted(i for i, n in ids.items() if n > 1)
        if clash:
            raise ValueError(f"id {clash[0]}: used by more than one piece")
        check_units(self.units)
        return self


def check_units(units: list[UnitModel]) -> None:
    """One hero and one private at most; one Team per quality, present wherever Squads of it are."""
    for special in ("hero", "private"):
        found = [u.id for u in units if u.special == special]
        if len(found) > 1:
            raise ValueError(f"unit {found[1]}: a nation has one {special} ({found[0]} already is)")
    for q in QUALITIES:
        teams = [u.id for u in units if u.type == "team" and u.quality == q]
        if len(teams) > 1:
            raise ValueError(f"unit {teams[1]}: only one {q} Team per nation (Deploy/Light Wounds pick it)")
        squads = [u.id for u in units if u.type == "squad" and u.quality == q]
        if squads and not teams:
            raise ValueError(
                f"unit {squads[0]}: {q} Squads need a {q}-quality Team "
                "for Deploy (E52) and Light Wounds (A36)"
            )


# ---------------------------------------------------------------------------------------------
# Objective chits (7.3.2) and postures (1.1, O15)
# ---------------------------------------------------------------------------------------------


class ChitModel(Model):
    id: Text
    condition: Annotated[str, OneOf(CHIT_CONDITIONS, "condition")]
    secret_side: bool
    objective: Annotated[int, Field(ge=1, le=5)] | None = None
    vp: Annotated[int, Field(ge=1)] | None = None

    @model_validator(mode="after")
    def _needs(self) -> ChitModel:
        needs = {"objective_vp": ("objective", "vp"), "all_objectives_vp": ("vp",)}.get(self.condition, ())
        for key in ("objective", "vp"):
            present = getattr(self, key) is not None
            if present and key not in needs:
                raise ValueError(f"a {self.condition} chit has no {key!r}")
            if not present and key in needs:
                raise ValueError(f"missing key {key!r}")
        return self


class ObjectivesFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"chits": "chit"}
    format: Literal[1]
    kind: Literal["objective_chits"]
    chits: list[ChitModel]

    @model_validator(mode="after")
    def _count(self) -> ObjectivesFile:
        unique_ids(self.chits, "chits")
        if len(self.chits) != OBJECTIVE_CHITS:
            raise ValueError(
                f"chits: the game has {OBJECTIVE_CHITS} Objective chits (7.3.2), this file {len(self.chits)}"
            )
        return self


class HandSizes(Model):
    Attack: Annotated[int, Field(ge=1)]
    Recon: Annotated[int, Field(ge=1)]
    Defend: Annotated[int, Field(ge=1)]


class PosturesFile(FileModel):
    format: Literal[1]
    kind: Literal["postures"]
    hand_size: HandSizes
    discard_limit: dict[str, Annotated[int, Field(ge=0)]]
    defender_only_actions: list[Annotated[str, OneOf(tuple(ACTIONS), "action")]]
    defender_vp_per_time_advance: Annotated[int, Field(ge=0)]


# ---------------------------------------------------------------------------------------------
# Terrain chart (T78-T99)
# ---------------------------------------------------------------------------------------------

TERRAIN_KINDS: Final = ("type", "hexside", "path", "elevation", "marker")
LOS_EFFECTS: Final = ("clear", "obstacle", "hindrance")
Cost = Annotated[int, Field(ge=0, le=10)] | Literal["impassable", "other"]
CoverValue = Annotated[int, Field(ge=-3, le=10)] | Literal["impassable", "other"] | None
Small = Annotated[int, Field(ge=-3, le=10)]


class TerrainEntryModel(Model):
    """One line of the Terrain Chart; the list order is the chart's hierarchy (T78.1)."""

    id: Text
    rule: Annotated[str, Field(pattern=r"^T[0-9]", description="the terrain rule, such as 'T99'")]
    kind: Annotated[str, OneOf(TERRAIN_KINDS, "kind")]
    move: Cost
    cover: CoverValue = Field(description="null: no Cover at all")
    los: Annotated[str, OneOf(LOS_EFFECTS, "LOS effect")]
    hindrance: Small | None = None
    alt_cover: Small | None = None
    along_move: Small | None = None
    road_cover: Small | None = None
    airburst: Small | None = None
    blind_hex: bool = False
    water: bool = False
    sunken: bool = False
    clear_along: bool = False
    road_only: bool = False

    @model_validator(mode="after")
    def _hindrance(self) -> TerrainEntryModel:
        if self.los == "hindrance" and self.hindrance is None:
            raise ValueError("a hindrance needs its value 'hindrance: N' (10.3)")
        if self.los != "hindrance" and self.hindrance is not None:
            raise ValueError(f"'hindrance' given but los is {self.los!r}")
        return self


class TerrainChartFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"terrain": "terrain"}
    format: Literal[1]
    kind: Literal["terrain_chart"]
    max_level: Annotated[int, Field(ge=1, le=9)]
    terrain: list[TerrainEntryModel]

    @model_validator(mode="after")
    def _chart(self) -> TerrainChartFile:
        unique_ids(self.terrain, "terrain")
        ids = {e.id for e in self.terrain}
        for needed in ("open", "woods", "building", "road", "wall", "hedge", "hill"):
            if needed not in ids:
                raise ValueError(f"terrain: the chart must define {needed!r}")
        types = [e.id for e in self.terrain if e.kind == "type"]
        if types[-1] != "open":
            raise ValueError("terrain open: Open Ground must be the lowest terrain type (T78.1)")
        return self


# ---------------------------------------------------------------------------------------------
# Support tables (E69 Reinforcements and friends; this project's design)
# ---------------------------------------------------------------------------------------------

Roll = Annotated[int, Field(ge=2, le=12)]
Year = Annotated[int, Field(ge=1939, le=1945)]


class SupportItemModel(Model):
    id: Text
    years: Annotated[list[Year], Field(min_length=2, max_length=2, description="[first, last]")]
    unit: Text | None = None
    weapon: Text | None = None
    radio: Text | None = None

    @model_validator(mode="after")
    def _what(self) -> SupportItemModel:
        if (self.unit is None) == (self.radio is None):
            raise ValueError("an item is either a unit (optionally with a weapon) or a radio")
        if self.weapon is not None and self.unit is None:
            raise ValueError("a weapon comes with the unit listed with it (11.2)")
        return self


class SupportColumnModel(Model):
    id: Text
    rolls: Annotated[list[Roll], Field(min_length=2, max_length=2, description="[low, high]")]
    items: list[SupportItemModel]

    @model_validator(mode="after")
    def _rolls(self) -> SupportColumnModel:
        if self.rolls[0] > self.rolls[1]:
            raise ValueError(f"rolls: low {self.rolls[0]} is above high {self.rolls[1]}")
        unique_ids(self.items, "items")
        return self


class SupportTableFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"columns": "column", "items": "item"}
    format: Literal[1]
    kind: Literal["support_table"]
    nation: Text
    columns: list[SupportColumnModel]

    @model_validator(mode="after")
    def _covered(self) -> SupportTableFile:
        unique_ids(self.columns, "columns")
        covered = sorted(r for c in self.columns for r in range(c.rolls[0], c.rolls[1] + 1))
        if covered != list(range(2, 13)):
            raise ValueError("columns: the columns must cover every roll 2-12 exactly once")
        return self


# ---------------------------------------------------------------------------------------------
# Scenarios: the file's shape. What needs the map and the rosters is checked in scenario_data.
# ---------------------------------------------------------------------------------------------

SEATS: Final = ("axis", "allies")
Seat = Annotated[str, OneOf(SEATS, "seat")]


class ForcesModel(Model):
    leaders: list[Text] = Field(default_factory=list, description="leader names from the nation's roster")
    units: dict[str, Annotated[int, Field(ge=1, le=30)]] = Field(
        default_factory=dict, description="type id: count"
    )
    weapons: list[Text] = Field(default_factory=list)
    radios: list[Text] = Field(default_factory=list)


class ReinforcementModel(ForcesModel):
    time: Annotated[int, Field(ge=1, le=20, description="Time Track space (6.1.2 step 5)")]


class ScenarioSideModel(Model):
    nation: Text
    posture: Annotated[str, OneOf(POSTURES, "posture")]
    quality: Annotated[str, OneOf(QUALITIES, "quality")]
    orders: Annotated[int, Field(ge=1, le=6)] | None = None
    surrender: Annotated[int, Field(ge=1, le=30)]
    edge: Text
    setup: Text
    forces: ForcesModel
    placed: list[PlacedModel] = Field(
        default_factory=list,
        description="units on fixed hexes at the start, besides the forces set up in the zone",
    )
    reinforcements: list[ReinforcementModel] = Field(default_factory=list)


class FortificationModel(Model):
    hex: Text
    type: Text


class SidesModel(Model):
    axis: ScenarioSideModel
    allies: ScenarioSideModel


class ScenarioFile(FileModel):
    """A Combat Commander scenario (set-up, Time Track, Objectives, the two sides' forces)."""

    format: Literal[1]
    kind: Literal["scenario"]
    id: Text
    name: Text
    map: Text | CcMapFile = Field(
        description="a built-in map id, or the map itself inline (a CC map file's content)"
    )
    year: Annotated[int, Field(ge=1939, le=1945)]
    description: Text | None = None
    balance: Text | None = None
    time: TimeModel
    initiative: Seat
    first: Seat
    setup_order: Annotated[list[Seat], Field(min_length=2, max_length=2)] | None = Field(
        default=None, description="who sets up first (default: the side that does not take the first Turn)"
    )
    vp: Annotated[int, Field(ge=-50, le=50)] = 0
    open_chits: Annotated[int, Field(ge=0)] = 0
    secret_chits: Annotated[int, Field(ge=0)] = 0
    objectives: dict[str, Seat | None]
    fortifications: list[FortificationModel] = Field(default_factory=list)
    mines_fp: Annotated[int, Field(ge=6, le=8)] = 6
    sides: SidesModel


# ---------------------------------------------------------------------------------------------
# Maps: the core map format plus the ``combat_commander:`` block (maps.py checks it on the board)
# ---------------------------------------------------------------------------------------------

EDGE_NAMES: Final = ("north", "south", "west", "east")
OPPOSITE_EDGE: Final[Mapping[str, str]] = MappingProxyType(
    {"north": "south", "south": "north", "west": "east", "east": "west"}
)
OPPOSITE_CORNER: Final[Mapping[str, str]] = MappingProxyType(
    {"northwest": "southeast", "southeast": "northwest", "northeast": "southwest", "southwest": "northeast"}
)
Edge = Annotated[str, OneOf(EDGE_NAMES, "edge")]
Corner = Annotated[str, OneOf(tuple(OPPOSITE_CORNER), "corner")]


class CcMapBlock(Model):
    """What Combat Commander needs to know about a map beyond the core format."""

    friendly_edges: Annotated[list[Edge], Field(min_length=2, max_length=2, description="two opposite edges")]
    artillery_boxes: dict[Corner, Edge] = Field(description="corner -> edge of the player it serves (2.2.3)")
    buildings: dict[str, Annotated[list[Text], Field(min_length=2)]] = Field(
        description="multi-hex Buildings by name (T82, 7.3.1.1)"
    )
    setup_zones: dict[str, Edge] = Field(description="zone (of zones:) -> its friendly edge")

    @model_validator(mode="after")
    def _block(self) -> CcMapBlock:
        a, b = self.friendly_edges
        if OPPOSITE_EDGE[a] != b:
            raise ValueError(f"friendly_edges: {a} and {b} are not opposite edges (7.2)")
        corners = list(self.artillery_boxes)
        if len(corners) != 2 or OPPOSITE_CORNER[corners[0]] != corners[1]:
            raise ValueError("artillery_boxes: a map has two Artillery Boxes in opposite corners (2.2.3)")
        if sorted(self.artillery_boxes.values()) != sorted(self.friendly_edges):
            raise ValueError("artillery_boxes: each player needs his own Artillery Box, on a friendly edge")
        for zone, edge in self.setup_zones.items():
            if edge not in self.friendly_edges:
                raise ValueError(f"setup_zones.{zone}: {edge} is not a friendly edge")
        return self


class CcMapFile(MapFile):
    """A Combat Commander map: a core map (docs/map-format.md) with a ``combat_commander`` block."""

    combat_commander: CcMapBlock


ScenarioFile.model_rebuild()  # its inline map is a CcMapFile, defined above this line
