"""Great War Commander data files as pydantic models (schemas published in docs/schemas/).

The formats follow Combat Commander's (a Fate deck is a list of cards with Order, Action, Event,
Random Hex and two dice; a roster lists counters with both sides' stats) and extend them where
this game needs more: leader ranks (3.3.1.3), cohesion (3.3.2), Runners and Engineers (3.1.9),
Tanks with two armaments, bog numbers and Tank Command (3.1), Telephones (12), Strategy Cards (S98),
Initiative Cards (9), Support Tables with their Red X row (E87), the Terrain Chart with
vulnerability (T99-T124) and the Fortifications (F125-F131). Each model checks what can be seen in
one file; cross-file checks (a scenario's map, rosters and decks) are in data.py.
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

from ..commander_family.data_models import BOXABLE, PlacedModel, SideModel, Stat, Text
from ..commander_family.data_models import TimeModel as FamilyTimeModel

NATIONS: Final = ("Germany", "France", "America")
ID_PREFIX: Final[Mapping[str, str]] = MappingProxyType({"Germany": "G", "France": "F", "America": "US"})
DECK_SIZE: Final = 72  # 1.F: "A player's 72-card Fate Deck"
HEX_LETTERS: Final = "ABCDEFGHIJKLMNO"  # 2.1: columns A-O ...
HEX_ROWS: Final = 11  # ... and rows 1-11 (15x11 maps; FAO hexes A6, O6, H1, H11, 2.4)

ORDERS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "Advance": "O16",
        "Air Assault": "O17",
        "Artillery Denied": "O18",
        "Artillery Request": "O19",
        "Command Confusion": "O20",
        "Fire": "O21",
        "HMG Suppress": "O22",
        "Move": "O23",
        "Offensive": "O24",
        "Recover": "O25",
        "Rout": "O26",
        "Runner": "O27",
    }
)
ACTIONS: Final[Mapping[str, str]] = MappingProxyType(
    {
        "Ach Komm!": "A29",
        "Ambush": "A30",
        "Assault Fire": "A31",
        "Barrage": "A32",
        "Bayonets / Grenade Bundle": "A33",
        "Bore Sighting": "A34",
        "Charge": "A35",
        "Concealment": "A36",
        "Counterattack": "A37",
        "Crossfire": "A38",
        "Dig In": "A39",
        "Élan": "A40",
        "Engineering Works": "A41",
        "Fire": "A42",
        "Go to Ground": "A43",
        "Hand Grenades": "A44",
        "Hidden Pillbox": "A45.1",
        "Hidden Position": "A45.2",
        "Hidden Unit": "A45.3",
        "Hidden Wire": "A45.4",
        "Intersect Machine Guns": "A46",
        "Light Wounds": "A47",
        "Live Forever": "A48",
        "Major Gas Attack": "A49",
        "Marksmanship": "A50",
        "No Quarter": "A51",
        "Oh! Les Boches! / What Was That?": "A52",
        "Probe": "A53",
        "Storm Troops": "A54",
        "Unternehmungslustig": "A55",
    }
)
_EVENT_NAMES: Final = (
    "Air Support",
    "Auftragstaktik",
    "Battlefield Attrition / Breeze",
    "Blaze",
    "Breeze",
    "Captured Papers",
    "Deserters",
    "Detachment",
    "Devil Dogs",
    "En Avant",
    "Engine Down",
    "Fatigue",
    "Field Promotion",
    "Hero",
    "High Command Meddling",
    "Infiltration",
    "Intelligence",
    "Interdiction / Breeze",
    "KIA",
    "Machine Gun Nest",
    "Malfunction",
    "Marseillaise",
    "Meccano",
    "Mobile Firepower",
    "New Mission",
    "Pétard-Raquette",
    "Raid",
    "Raid Prisoners",
    "Recall Leader",
    "Reconnaissance",
    "Reinforcements",
    "Runner",
    "Sappers",
    "Scrounge",
    "Stragglers",
    "Suppressing Fire",
    "Surrender",
    "Telephone Wires Cut",
    "Trommelfeuer",
    "Valor",
    "Walking Wounded",
)
EVENTS: Final[Mapping[str, str]] = MappingProxyType({n: f"E{57 + i}" for i, n in enumerate(_EVENT_NAMES)})
TRIGGERS: Final = ("Event!", "Jammed!", "Sniper!", "Time!")
# Actions with no effect (A29, A52): "hope that you have a decent Order on this card".
DUD_ACTIONS: Final = ("Ach Komm!", "Oh! Les Boches! / What Was That?")
# Events that spread Blaze "in direction #" printed on the card (E59, E61, E74).
BREEZE_EVENTS: Final = ("Battlefield Attrition / Breeze", "Breeze", "Interdiction / Breeze")
# Which decks may hold the national cards. The book ties these to nations in their rules (A51
# No Quarter: German or American; A54 Storm Troops: German; E65 Devil Dogs: American; E66 En
# Avant, E78 Marseillaise, E82 Petard-Raquette: French; E80 Mobile Firepower: US/French); for
# the others (duds and the +2 cards named in a nation's language) this is our reading, RULES.md.
NATIONAL: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "Ach Komm!": ("Germany",),
        "Oh! Les Boches! / What Was That?": ("France", "America"),
        "Unternehmungslustig": ("Germany",),
        "Storm Troops": ("Germany",),
        "Élan": ("France",),
        "Live Forever": ("America",),
        "No Quarter": ("Germany", "America"),
        "Auftragstaktik": ("Germany",),
        "Devil Dogs": ("America",),
        "En Avant": ("France",),
        "Marseillaise": ("France",),
        "Pétard-Raquette": ("France",),
        "Mobile Firepower": ("France", "America"),
    }
)
YEARS: Final = (1914, 1918)

Die = Annotated[int, Field(ge=1, le=6)]
Year = Annotated[int, Field(ge=YEARS[0], le=YEARS[1])]
Nation = Annotated[str, OneOf(NATIONS, "nation")]
Month = Annotated[str, Field(pattern=r"^191[4-8]-(0[1-9]|1[0-2])$", description="YYYY-MM")]
HEX_RE: Final = re.compile(r"^([A-O])([1-9]|1[01])$")
HexId = Annotated[str, Field(pattern=HEX_RE.pattern, description="a hex of a 15x11 map, A1-O11")]


def _ordered(pair: list[int], what: str) -> None:
    if pair[0] > pair[1]:
        raise ValueError(f"{what}: {pair[0]} is after {pair[1]}")


# ---------------------------------------------------------------------------------------------
# Fate decks (1.F, 1.7-1.9)
# ---------------------------------------------------------------------------------------------


class FateCardModel(Model):
    """One Fate card: Order, Action, Event, Random Hex and two dice (1.F, 1.5-1.9)."""

    id: Text
    order: Annotated[str, OneOf(tuple(ORDERS), "order")]
    action: Annotated[str, OneOf(tuple(ACTIONS), "action")]
    event: Annotated[str, OneOf(tuple(EVENTS), "event")]
    hex: HexId
    roll: Annotated[list[Die], Field(min_length=2, max_length=2, description="[white, colored]")]
    trigger: Annotated[str, OneOf(TRIGGERS, "trigger")] | None = None
    direction: Annotated[int, Field(ge=1, le=6, description="'direction #' of a Breeze event")] | None = None
    marksmanship: Nation | None = Field(default=None, description="nationality a Marksmanship action names")
    date: Month | None = Field(default=None, description="first month a Machine Gun Nest may be used (E76.1)")

    @model_validator(mode="after")
    def _card(self) -> FateCardModel:
        if (self.order == "Fire") != (self.action == "Fire"):
            raise ValueError("an 'Order/Action Fire' card has both halves Fire (A42.1)")
        if self.action in DUD_ACTIONS and self.order == "Command Confusion":
            raise ValueError(f"a {self.action} card needs a usable Order (A29, A52), not Command Confusion")
        if (self.event in BREEZE_EVENTS) != (self.direction is not None):
            raise ValueError("a Breeze event, and only one, prints its 'direction' 1-6 (E59, E61, E74)")
        if (self.action == "Marksmanship") != (self.marksmanship is not None):
            raise ValueError("a Marksmanship action, and only one, names its nationality (A50)")
        if (self.event == "Machine Gun Nest") != (self.date is not None):
            raise ValueError("a Machine Gun Nest event, and only one, prints its date (E76.1)")
        return self


class FateDeckFile(FileModel):
    """A nation's 72-card Fate deck, with the dice and trigger distribution it promises."""

    entry_names: ClassVar[Mapping[str, str]] = {"cards": "card"}
    format: Literal[1]
    kind: Literal["fate_deck"]
    nation: Nation
    dice: Literal["each_pair_twice"]
    triggers: dict[Annotated[str, OneOf(TRIGGERS, "trigger")], Stat] = Field(
        description="how many cards carry each trigger"
    )
    cards: list[FateCardModel]

    @model_validator(mode="after")
    def _deck(self) -> FateDeckFile:
        unique_ids(self.cards, "cards")
        if len(self.cards) != DECK_SIZE:
            raise ValueError(f"cards: a Fate deck holds {DECK_SIZE} cards (1.F), this one {len(self.cards)}")
        prefix = ID_PREFIX[self.nation]
        for i, c in enumerate(self.cards, 1):
            if c.id != f"{prefix}-{i}":
                raise ValueError(f"card {c.id}: expected id {prefix}-{i} (cards are numbered in order)")
            for name in (c.action, c.event):
                if name in NATIONAL and self.nation not in NATIONAL[name]:
                    raise ValueError(f"card {c.id}: {name} belongs to {' or '.join(NATIONAL[name])} decks")
        pairs = Counter((c.roll[0], c.roll[1]) for c in self.cards)
        for w in range(1, 7):
            for k in range(1, 7):
                if pairs[(w, k)] != 2:
                    raise ValueError(
                        f"dice: 'each_pair_twice' but the roll {w}-{k} is on {pairs[(w, k)]} card(s)"
                    )
        triggered = Counter((c.roll[0], c.roll[1]) for c in self.cards if c.trigger)
        both = sorted(p for p, n in triggered.items() if n > 1)
        if both:
            raise ValueError(
                f"dice: both {both[0][0]}-{both[0][1]} cards carry a trigger; one must stay plain"
            )
        got = Counter(c.trigger for c in self.cards if c.trigger)
        for t in TRIGGERS:
            if got[t] != self.triggers.get(t, 0):
                raise ValueError(
                    f"triggers: the header promises {self.triggers.get(t, 0)} {t}, the cards hold {got[t]}"
                )
        return self


# ---------------------------------------------------------------------------------------------
# Strategy Cards (S98) and Initiative Cards (9)
# ---------------------------------------------------------------------------------------------


class StrategyCardModel(Model):
    id: Annotated[str, Field(pattern=r"^(FRS|GES|USS)[1-9]$")]
    nation: Nation
    name: Text
    rule: Annotated[str, Field(pattern=r"^S98\.[345]\.[1-9]$")]
    text: Text
    options: Annotated[list[Text], Field(min_length=2)] | None = None
    reminder: bool = False
    period: Annotated[list[Year], Field(min_length=2, max_length=2)] | None = None
    timing: Literal["own_turn", "move", "offensive", "melee", "reaction", "artillery"] = "own_turn"
    same_as: Annotated[str, OneOf(tuple(ACTIONS), "action")] | None = None

    @model_validator(mode="after")
    def _card(self) -> StrategyCardModel:
        prefix = {"France": "FRS", "Germany": "GES", "America": "USS"}[self.nation]
        if not self.id.startswith(prefix):
            raise ValueError(f"a {self.nation} Strategy Card id starts with {prefix}")
        section = {"France": "3", "Germany": "4", "America": "5"}[self.nation]
        if self.rule != f"S98.{section}.{self.id[-1]}":
            raise ValueError(f"rule: {self.id} is described in S98.{section}.{self.id[-1]}, not {self.rule}")
        if self.period is not None:
            _ordered(self.period, "period")
        return self


class StrategyCardsFile(FileModel):
    """The three nations' Strategy Card mini-decks: nine each (1.S, S98)."""

    entry_names: ClassVar[Mapping[str, str]] = {"cards": "card"}
    format: Literal[1]
    kind: Literal["strategy_cards"]
    cards: list[StrategyCardModel]

    @model_validator(mode="after")
    def _nine_each(self) -> StrategyCardsFile:
        unique_ids(self.cards, "cards")
        per = Counter(c.nation for c in self.cards)
        for n in NATIONS:
            if per[n] != 9:
                raise ValueError(f"cards: each nation has 9 Strategy Cards (S98), {n} has {per[n]}")
        return self


class InitiativeCardModel(Model):
    id: Text
    name: Text
    nations: Annotated[list[Nation], Field(min_length=2, max_length=2)]
    text: Text


class InitiativeCardsFile(FileModel):
    """The two Initiative Cards: one for France-Germany, one for America-Germany games (9)."""

    entry_names: ClassVar[Mapping[str, str]] = {"cards": "card"}
    format: Literal[1]
    kind: Literal["initiative_cards"]
    cards: Annotated[list[InitiativeCardModel], Field(min_length=2, max_length=2)]

    @model_validator(mode="after")
    def _pairs(self) -> InitiativeCardsFile:
        unique_ids(self.cards, "cards")
        got = sorted(tuple(sorted(c.nations)) for c in self.cards)
        if got != [("America", "Germany"), ("France", "Germany")]:
            raise ValueError(
                "cards: one card for France against Germany and one for America against Germany (9)"
            )
        return self


# ---------------------------------------------------------------------------------------------
# Rosters: Formations (3), Weapons (11), Telephones (12)
# ---------------------------------------------------------------------------------------------

FORMATION_TYPES: Final[Mapping[str, int]] = MappingProxyType(
    {"leader": 1, "runner": 1, "team": 2, "platoon": 4, "tank": 3}  # figures for stacking (8.2)
)
RANKS: Final = ("Captain", "Lieutenant", "Hero")  # 3.3.1.3, highest first
RANK_ABBREVIATIONS: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {
        "America": MappingProxyType({"Captain": "Cpt", "Lieutenant": "Lt", "Hero": "Hero"}),
        "France": MappingProxyType({"Captain": "Cne", "Lieutenant": "Ltn", "Hero": "Hero"}),
        "Germany": MappingProxyType({"Captain": "Hptm", "Lieutenant": "Lt", "Hero": "Hero"}),
    }
)


class ArmamentModel(Model):
    """One of a Tank's two armaments (3.1.1): the main gun (white box = Ordnance) or its MG."""

    fp: Annotated[int, Field(ge=1)]
    range: Annotated[int, Field(ge=1)]
    ordnance: bool = False
    adjacent_bonus: bool = Field(default=False, description="the '*': +2 FP against an adjacent hex")


class TankSideModel(Model):
    armament: Annotated[list[ArmamentModel], Field(min_length=1, max_length=2)]
    movement: Stat | None = Field(description="null: the printed '-' (cannot Move or Advance, O16.3.1)")
    bog: Annotated[int, Field(ge=2, le=12)] | None = Field(default=None, description="bog number (3.1.3)")
    morale: Stat
    command: Stat | None = Field(default=None, description="red Tank Command (3.1.6), Tank Leaders only")


class FormationModel(Model):
    id: Text
    name: Text
    type: Annotated[str, OneOf(tuple(FORMATION_TYPES), "formation type")]
    count: Annotated[int, Field(ge=1, description="counters in the countermix")]
    unbroken: SideModel | TankSideModel
    broken: SideModel | TankSideModel
    rank: Annotated[str, OneOf(RANKS, "rank")] | None = None
    engineer: bool = Field(default=False, description="all stats boxed; Foxholes and Wire (3.1.9)")
    always_in_cohesion: bool = Field(default=False, description="Runners and Stosstruppen (3.3.2)")
    tank_leader: bool = False
    stripe: bool = Field(default=False, description="1914 counter with the national stripe (3.1.7)")
    period: Annotated[list[Year], Field(min_length=2, max_length=2)] | None = None

    @model_validator(mode="after")
    def _formation(self) -> FormationModel:
        tank = self.type == "tank"
        for side in ("unbroken", "broken"):
            s = getattr(self, side)
            if tank != isinstance(s, TankSideModel):
                raise ValueError(f"{side}: a {self.type} has {'tank' if tank else 'infantry'} stats")
            if not tank and (self.type == "leader") != (s.command is not None):
                raise ValueError(f"{side}: Leaders, and only Leaders, have a Command value (3.1.5)")
            if tank and self.tank_leader != (s.command is not None):
                raise ValueError(f"{side}: Tank Leaders, and only they, have a red Tank Command (3.1.6)")
        if self.type == "leader":
            if self.rank is None:
                raise ValueError("a Leader has a rank: Captain, Lieutenant or Hero (3.3.1.3)")
            if self.broken.command != 0:
                raise ValueError("broken: a broken Leader's Command is 0 (O21.3.7)")
        elif self.rank is not None:
            raise ValueError("only Leaders have a rank (3.3.1.3)")
        if self.tank_leader and not tank:
            raise ValueError("a Tank Leader is a Tank (3.1.6)")
        if self.type == "runner" and not self.always_in_cohesion:
            raise ValueError("Runners are always in cohesion (3.3.2)")
        if self.engineer:
            if self.type not in ("platoon", "team"):
                raise ValueError("Engineers are Units: Platoons or Teams (3.1.9)")
            assert isinstance(self.unbroken, SideModel)
            if set(self.unbroken.boxed) != set(BOXABLE):
                raise ValueError("an Engineer has all its stats boxed (3.1.9)")
        if self.period is not None:
            _ordered(self.period, "period")
        return self


WEAPON_KINDS: Final = ("hmg", "lmg", "mortar", "flamethrower", "gun")


class WeaponModel(Model):
    id: Text
    name: Text
    kind: Annotated[str, OneOf(WEAPON_KINDS, "weapon kind")]
    count: Annotated[int, Field(ge=1)]
    fp: Annotated[int, Field(ge=1)]
    range: Annotated[int, Field(ge=1)]
    min_range: Annotated[int, Field(ge=0)] = 0
    movement: Annotated[int, Field(le=0, description="red modifier to the carrier's Movement")]
    fix: Annotated[list[Annotated[int, Field(ge=1, le=11)]], Field(min_length=2, max_length=2)]
    elim: Annotated[list[Annotated[int, Field(ge=1, le=11)]], Field(min_length=2, max_length=2)]
    ordnance: bool = False
    team_only: bool = Field(default=False, description="only Teams carry it (11.2: Flamethrowers)")
    period: Annotated[list[Year], Field(min_length=2, max_length=2)] | None = None

    @model_validator(mode="after")
    def _weapon(self) -> WeaponModel:
        _ordered(self.fix, "fix")
        _ordered(self.elim, "elim")
        if self.fix[1] >= self.elim[0]:
            raise ValueError(f"Fix {self.fix} and Elim {self.elim} overlap or are out of order (11.4)")
        if self.min_range > self.range:
            raise ValueError(f"min_range {self.min_range} is above the range {self.range}")
        if self.kind in ("mortar", "gun") and not self.ordnance:
            raise ValueError("mortars and guns are Ordnance (white band, 11.6)")
        if self.kind == "flamethrower" and not self.team_only:
            raise ValueError("only Teams carry Flamethrowers (11.2)")
        if self.period is not None:
            _ordered(self.period, "period")
        return self


class TelephoneModel(Model):
    id: Text
    name: Text
    fp: Annotated[int, Field(ge=8, le=10, description="Telephone FP 8-10 (12)")]
    count: Annotated[int, Field(ge=1)]


class RosterFile(FileModel):
    """A nation's Formations, Weapons and Telephones."""

    entry_names: ClassVar[Mapping[str, str]] = {
        "formations": "formation",
        "weapons": "weapon",
        "telephones": "telephone",
    }
    format: Literal[1]
    kind: Literal["roster"]
    nation: Nation
    formations: list[FormationModel]
    weapons: list[WeaponModel]
    telephones: list[TelephoneModel]

    @model_validator(mode="after")
    def _roster(self) -> RosterFile:
        unique_ids(self.formations, "formations")
        unique_ids(self.weapons, "weapons")
        unique_ids(self.telephones, "telephones")
        ids = Counter(
            [
                *(f.id for f in self.formations),
                *(w.id for w in self.weapons),
                *(t.id for t in self.telephones),
            ]
        )
        clash = sorted(i for i, n in ids.items() if n > 1)
        if clash:
            raise ValueError(f"id {clash[0]}: used by more than one piece")
        names = Counter(f.name for f in self.formations if f.type == "leader")
        twice = sorted(n for n, k in names.items() if k > 1)
        if twice:
            raise ValueError(f"formations: two Leaders are named {twice[0]}; scenarios pick Leaders by name")
        if not any(f.type == "runner" for f in self.formations):
            raise ValueError("formations: a nation needs its Runner (O27, E88)")
        if not any(f.rank == "Hero" for f in self.formations):
            raise ValueError("formations: a nation needs its Hero (E70)")
        return self


# ---------------------------------------------------------------------------------------------
# Support Tables (E72, E87, E91, A45.3)
# ---------------------------------------------------------------------------------------------


class SupportItemModel(Model):
    formation: Text | None = None
    weapon: Text | None = Field(default=None, description="carried by the formation listed with it (11.2)")
    telephone: Text | None = None

    @model_validator(mode="after")
    def _what(self) -> SupportItemModel:
        if (self.formation is None) == (self.telephone is None):
            raise ValueError("an item is a formation (optionally with a weapon) or a telephone")
        if self.weapon is not None and self.formation is None:
            raise ValueError("a weapon arrives with the formation listed with it (11.2)")
        return self


class SupportRowModel(Model):
    id: Text
    rolls: Annotated[list[Annotated[int, Field(ge=2, le=12)]], Field(min_length=2, max_length=2)]
    red_x: bool = Field(default=False, description="the Red X row: nothing arrives (E87)")
    items: list[SupportItemModel] = Field(default_factory=list)

    @model_validator(mode="after")
    def _row(self) -> SupportRowModel:
        _ordered(self.rolls, "rolls")
        if self.red_x == bool(self.items):
            raise ValueError("the Red X row lists nothing and every other row lists what arrives")
        return self


class SupportTableFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"rows": "row"}
    format: Literal[1]
    kind: Literal["support_table"]
    nation: Nation
    rows: list[SupportRowModel]

    @model_validator(mode="after")
    def _rows(self) -> SupportTableFile:
        unique_ids(self.rows, "rows")
        covered = [r for row in self.rows for r in range(row.rolls[0], row.rolls[1] + 1)]
        if covered != list(range(2, 13)):
            raise ValueError("rows: the rows, in order, cover every roll 2-12 exactly once")
        if sum(r.red_x for r in self.rows) != 1:
            raise ValueError("rows: exactly one row is the Red X row (E87)")
        return self


# ---------------------------------------------------------------------------------------------
# Terrain Chart (T99-T124) and Fortifications (F125-F131)
# ---------------------------------------------------------------------------------------------

TERRAIN_KINDS: Final = ("type", "hexside", "path", "elevation", "marker")
TANK_ACCESS: Final = ("normal", "bog_check", "road_only", "bridge_only", "never", "special")
Cost = Annotated[int, Field(ge=0, le=5)] | Literal["impassable", "other"]


class VulnerabilityModel(Model):
    """The Artillery Attack Total that changes the hex, and into what (T99.5)."""

    threshold: Annotated[int, Field(ge=2)]
    becomes: Text


class TerrainModel(Model):
    id: Text
    rule: Annotated[str, Field(pattern=r"^T1[0-2][0-9]$")]
    kind: Annotated[str, OneOf(TERRAIN_KINDS, "kind")]
    move: Cost
    cover: Annotated[int, Field(ge=-1, le=6)] | Literal["other"] | None
    los: Literal["clear", "obstacle", "hindrance", "other"]
    hindrance: Annotated[int, Field(ge=1, le=8)] | None = None
    vulnerability: VulnerabilityModel | None = None
    tanks: Annotated[str, OneOf(TANK_ACCESS, "tank access")] = "normal"
    blind_hex: bool = False
    water: bool = False
    sunken: bool = Field(default=False, description="seen only from adjacent or higher hexes (T108, T114)")
    note: str = ""

    @model_validator(mode="after")
    def _hindrance(self) -> TerrainModel:
        if (self.los == "hindrance") != (self.hindrance is not None):
            raise ValueError("a hindrance, and only a hindrance, gives its value (10.3)")
        return self


class TerrainChartFile(FileModel):
    """The Terrain Chart; ``precedence`` is our reading of which type governs a mixed hex."""

    entry_names: ClassVar[Mapping[str, str]] = {"terrain": "terrain"}
    format: Literal[1]
    kind: Literal["terrain_chart"]
    max_level: Annotated[int, Field(ge=1, le=9)]
    precedence: list[Text] = Field(description="hex types, the first present in a hex governs")
    terrain: list[TerrainModel]

    @model_validator(mode="after")
    def _chart(self) -> TerrainChartFile:
        unique_ids(self.terrain, "terrain")
        types = {t.id for t in self.terrain if t.kind == "type"}
        if set(self.precedence) != types or len(self.precedence) != len(types):
            raise ValueError("precedence: list every hex type exactly once")
        if self.precedence.index("building") > self.precedence.index("woods"):
            raise ValueError("precedence: a Building governs a hex with Woods (T99.1)")
        if self.precedence.index("bridge") > self.precedence.index("stream"):
            raise ValueError("precedence: a Bridge over a Stream is a Bridge hex (T99.1)")
        if self.precedence[-1] != "open_ground":
            raise ValueError("precedence: Open Ground governs only when nothing else is there")
        return self


class FortificationModel(Model):
    id: Text
    rule: Annotated[str, Field(pattern=r"^F1(2[6-9]|3[01])$")]
    cover: Annotated[int, Field(ge=0, le=6)] | None
    vulnerability: VulnerabilityModel
    printed: bool = Field(description="may be printed on a map (F125)")
    tanks: Annotated[str, OneOf(TANK_ACCESS, "tank access")] = "normal"
    melee_tie_holds: bool = Field(default=False, description="last sole occupant survives a Melee tie")
    attack_fp: Annotated[list[int], Field(min_length=2, max_length=2)] | None = Field(
        default=None, description="Mines: [FP against others, FP against vehicles] (F128)"
    )
    note: str = ""


class FortificationsFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"fortifications": "fortification"}
    format: Literal[1]
    kind: Literal["fortifications"]
    fortifications: list[FortificationModel]

    @model_validator(mode="after")
    def _all(self) -> FortificationsFile:
        unique_ids(self.fortifications, "fortifications")
        rules = sorted(f.rule for f in self.fortifications)
        if rules != [f"F{n}" for n in range(126, 132)]:
            raise ValueError("fortifications: one entry for each of F126-F131")
        return self


# ---------------------------------------------------------------------------------------------
# Objective chits (7.3.2) and scenarios
# ---------------------------------------------------------------------------------------------

CHIT_CONDITIONS: Final = ("objective_vp", "all_objectives_vp", "elim_plus_one", "exit_plus_one")


class ChitModel(Model):
    id: Annotated[str, Field(pattern=r"^[A-Z]$")]
    condition: Annotated[str, OneOf(CHIT_CONDITIONS, "condition")]
    secret_side: bool
    objective: Annotated[int, Field(ge=1, le=5)] | None = None
    vp: Annotated[int, Field(ge=1, le=5)] | None = None

    @model_validator(mode="after")
    def _needs(self) -> ChitModel:
        needs = {"objective_vp": ("objective", "vp"), "all_objectives_vp": ("vp",)}.get(self.condition, ())
        for key in ("objective", "vp"):
            if (getattr(self, key) is not None) != (key in needs):
                raise ValueError(f"a {self.condition} chit {'needs' if key in needs else 'has no'} {key!r}")
        return self


class ObjectivesFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"chits": "chit"}
    format: Literal[1]
    kind: Literal["objective_chits"]
    chits: list[ChitModel]

    @model_validator(mode="after")
    def _twenty(self) -> ObjectivesFile:
        unique_ids(self.chits, "chits")
        if len(self.chits) != 20:
            raise ValueError(f"chits: the game has 20 Objective chits (7.3.2), this file {len(self.chits)}")
        return self


SEATS: Final = ("germany", "entente")
Seat = Annotated[str, OneOf(SEATS, "seat")]
POSTURES: Final = ("Attack", "Recon", "Defend")


class ForcesModel(Model):
    leaders: list[Text] = Field(default_factory=list, description="Leader names from the roster")
    formations: dict[str, Annotated[int, Field(ge=1, le=20)]] = Field(
        default_factory=dict, description="formation id: count (Platoons, Teams, Runners, Tanks)"
    )
    weapons: list[Text] = Field(default_factory=list, description="one per carrying Unit (11.2)")
    telephones: list[Text] = Field(default_factory=list)


class ReinforcementModel(ForcesModel):
    time: Annotated[int, Field(ge=1, le=12)]


class ScenarioSideModel(Model):
    nation: Nation
    posture: Annotated[str, OneOf(POSTURES, "posture")]
    orders: Annotated[int, Field(ge=1, le=6)]
    discard_limit: Annotated[int, Field(ge=0, le=6)]
    surrender: Annotated[int, Field(ge=1, le=30)]
    edge: Literal["north", "south", "west", "east"]
    setup: Text
    forces: ForcesModel
    placed: list[PlacedModel] = Field(
        default_factory=list,
        description="Formations on fixed hexes at the start (a custom scenario's), besides the forces",
    )
    reinforcements: list[ReinforcementModel] = Field(default_factory=list)


class SidesModel(Model):
    germany: ScenarioSideModel
    entente: ScenarioSideModel


class TimeModel(FamilyTimeModel):
    """The family's Time Track on Great War Commander's track of 12 spaces."""

    start: Annotated[int, Field(ge=0, le=12)]
    sudden_death: Annotated[int, Field(ge=1, le=12)]
    last: Annotated[int, Field(ge=1, le=12)]


class MarkerModel(Model):
    hex: HexId
    type: Text


class ThreePlayerModel(Model):
    """Our reading of the three-player mention (Introduction): the Entente split by nation."""

    nation: Nation
    forces: ForcesModel
    edge: Literal["north", "south", "west", "east"]
    setup: Text


class ScenarioFile(FileModel):
    format: Literal[1]
    kind: Literal["scenario"]
    id: Text
    name: Text
    map: Text | MapFile = Field(description="a built-in map's id, or the map itself (the editor's)")
    date: Month
    description: Text
    balance: Text
    time: TimeModel
    initiative: Seat
    first: Seat
    vp: Annotated[int, Field(ge=-20, le=20)] = 0
    open_chits: Annotated[int, Field(ge=0, le=5)] = 0
    secret_chits: Annotated[int, Field(ge=0, le=5)] = 0
    objectives: dict[str, Seat | None]
    fortifications: list[MarkerModel] = Field(default_factory=list)
    gas: list[HexId] = Field(default_factory=list, description="Gas markers at the start (T107)")
    sides: SidesModel
    three_player: ThreePlayerModel | None = None

    @model_validator(mode="after")
    def _scenario(self) -> ScenarioFile:
        if sorted(self.objectives) != ["1", "2", "3", "4", "5"]:
            raise ValueError("objectives: give the controller (or null) of Objectives 1-5 (2.3)")
        if self.sides.germany.nation != "Germany" or self.sides.entente.nation == "Germany":
            raise ValueError("sides: Germany against France or America")
        return self


# ---------------------------------------------------------------------------------------------
# Marker modifiers (13.2 Suppressed, F131 Wire, and our reading of the Veteran marker)
# ---------------------------------------------------------------------------------------------


class ModifierModel(Model):
    id: Text
    rule: Text
    fp: Annotated[int, Field(ge=-2, le=2)] = 0
    range: Annotated[int, Field(ge=-2, le=2)] = 0
    movement: Annotated[int, Field(ge=-2, le=2)] = 0
    morale: Annotated[int, Field(ge=-2, le=2)] = 0
    weapons_fire: bool = True
    reading: str = Field(default="", description="why, where the book is silent")


class MarkersFile(FileModel):
    entry_names: ClassVar[Mapping[str, str]] = {"markers": "marker"}
    format: Literal[1]
    kind: Literal["marker_modifiers"]
    markers: list[ModifierModel]

    @model_validator(mode="after")
    def _known(self) -> MarkersFile:
        unique_ids(self.markers, "markers")
        if {m.id for m in self.markers} != {"suppressed", "veteran", "wire"}:
            raise ValueError("markers: give suppressed, veteran and wire")
        return self
