"""Combat Commander: Europe components: Fate decks, unit/Weapon/Radio rosters, Objective chits and
the posture table, loaded from validated YAML (or JSON) files.

The built-in files under ``data/`` are this project's own design (the rulebook gives the rules,
not the cards or counters); each file's header says how it meets the rules' constraints. Owners of
the physical game can write their components in the same formats and load them from any folder:
``load_deck(path)``, ``load_roster(path)``, ``load_objectives(path)``, ``load_postures(path)`` or
``load_pack(folder)`` for a whole folder laid out like ``data/``.

Loading checks everything before building anything: a file either loads completely or raises
:class:`ComponentError` (a ``ValueError``) naming the file, the entry and the problem. The results
are frozen dataclasses, keyed by id in read-only mappings, safe to share between game states.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from tactica.core.schema import validate

from ..commander_family.cards import FateDice
from ..commander_family.counters import CounterSide
from ..commander_family.data_models import BOXABLE, SideModel
from ._schema import ComponentError, Source, read
from .data_models import (  # the names are re-exported: rules code imports them from here
    ACTIONS,
    CHIT_CONDITIONS,
    DECK_SIZE,
    EVENTS,
    FIGURES,
    HEX,
    NATIONS,
    OBJECTIVE_CHITS,
    ORDERS,
    POSTURES,
    QUALITIES,
    RADIO_FP,
    TRIGGERS,
    WEAPON_KINDS,
    DeckFile,
    ObjectivesFile,
    PosturesFile,
    RosterFile,
)

__all__ = [
    "ACTIONS",
    "BOXABLE",
    "CHIT_CONDITIONS",
    "DECK_SIZE",
    "EVENTS",
    "FIGURES",
    "NATIONS",
    "OBJECTIVE_CHITS",
    "ORDERS",
    "POSTURES",
    "QUALITIES",
    "RADIO_FP",
    "TRIGGERS",
    "WEAPON_KINDS",
    "ComponentError",
    "Deck",
    "FateCard",
    "ObjectiveChit",
    "Pack",
    "PostureTable",
    "Radio",
    "Roster",
    "UnitSide",
    "UnitType",
    "Weapon",
    "builtin_deck",
    "builtin_objectives",
    "builtin_pack",
    "builtin_postures",
    "builtin_roster",
    "data_dir",
    "load_deck",
    "load_objectives",
    "load_pack",
    "load_postures",
    "load_roster",
]

# --------------------------------------------------------------------------------------------
# Structures
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FateCard(FateDice):
    id: str
    nation: str
    order: str
    action: str
    event: str
    hex: str
    white: int
    colored: int
    trigger: str | None = None
    wind: int | None = None  # Breeze downwind direction 1-6 (E48)
    marksmanship: str | None = None  # nationality named by a Marksmanship Action (A37)

    @property
    def hex_number(self) -> int:
        """The number part of the Random Hex, read for broken-Weapon checks (11.4)."""
        return int(HEX.fullmatch(self.hex).group(2))  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class Deck:
    nation: str
    cards: Mapping[str, FateCard]  # in file order
    hex_letters: str
    hex_numbers: tuple[int, int]
    source: str


UnitSide = CounterSide


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    nation: str
    name: str
    type: str  # squad | team | leader
    figures: int
    count: int
    unbroken: UnitSide
    broken: UnitSide
    quality: str | None = None  # squads and teams
    rank: str | None = None
    special: str | None = None  # hero | private (leaders)

    @property
    def elimination_vp(self) -> int:
        """VPs the opponent gains when it is eliminated (7.1)."""
        if self.special == "hero":
            return 0
        if self.type == "leader":
            return 1 + (self.unbroken.command or 0)
        return 2 if self.type == "squad" else 1


@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    nation: str
    name: str
    kind: str
    count: int
    fp: int
    range: int
    movement: int  # the red modifier to the carrier's Movement, 0 or less
    fix: tuple[int, int]
    elim: tuple[int, int]
    min_range: int = 0
    size: str | None = None
    boxed: frozenset[str] = frozenset()
    ordnance: bool = False
    smoke: bool = False
    one_use: bool = False

    @property
    def cover_zero(self) -> bool:
        """Flamethrower and Molotov set the target's Cover to 0 (11.6)."""
        return self.kind in ("flamethrower", "molotov")


@dataclass(frozen=True, slots=True)
class Radio:
    id: str
    nation: str
    name: str
    fp: int
    smoke: bool
    count: int


@dataclass(frozen=True, slots=True)
class Roster:
    nation: str
    units: Mapping[str, UnitType]
    weapons: Mapping[str, Weapon]
    radios: Mapping[str, Radio]
    source: str

    def team_for(self, quality: str) -> UnitType:
        """The Team that Deploy (E52) and Light Wounds (A36) bring in for an OB of that quality."""
        for u in self.units.values():
            if u.type == "team" and u.quality == quality:
                return u
        raise KeyError(f"{self.nation} has no {quality} Team")


@dataclass(frozen=True, slots=True)
class ObjectiveChit:
    id: str
    condition: str
    secret_side: bool
    objective: int | None = None
    vp: int | None = None


@dataclass(frozen=True, slots=True)
class PostureTable:
    hand_size: Mapping[str, int]
    discard_limit: Mapping[str, int]
    defender_only_actions: frozenset[str]
    defender_vp_per_time_advance: int


@dataclass(frozen=True, slots=True)
class Pack:
    decks: Mapping[str, Deck]  # by nation
    rosters: Mapping[str, Roster]  # by nation
    objectives: Mapping[str, ObjectiveChit]
    postures: PostureTable


# --------------------------------------------------------------------------------------------
# Fate decks
# --------------------------------------------------------------------------------------------


def load_deck(source: Source) -> Deck:
    """Load one nation's Fate deck (format: see data/decks/*.yaml, schema: DeckFile)."""
    doc = read(source)
    name = doc.name
    f = validate(DeckFile, doc.data, name, ComponentError, doc.lines)
    letters, numbers = f.random_hex.domain()
    cards = {
        c.id: FateCard(
            c.id,
            f.nation,
            c.order,
            c.action,
            c.event,
            c.hex,
            c.roll[0],
            c.roll[1],
            c.trigger,
            c.wind,
            c.marksmanship,
        )
        for c in f.cards
    }
    return Deck(f.nation, MappingProxyType(cards), letters, numbers, name)


# --------------------------------------------------------------------------------------------
# Rosters
# --------------------------------------------------------------------------------------------


def _side(m: SideModel) -> UnitSide:
    return UnitSide(m.fp, m.range, m.movement, m.morale, m.command, frozenset(m.boxed))


def load_roster(source: Source) -> Roster:
    """Load one nation's units, Weapons and Radios (format: see data/rosters/*.yaml, schema: RosterFile)."""
    doc = read(source)
    name = doc.name
    f = validate(RosterFile, doc.data, name, ComponentError, doc.lines)
    n = f.nation
    units = {
        u.id: UnitType(
            u.id,
            n,
            u.name,
            u.type,
            u.figures,
            u.count,
            _side(u.unbroken),
            _side(u.broken),
            u.quality,
            u.rank,
            u.special,
        )
        for u in f.units
    }
    weapons = {
        w.id: Weapon(
            w.id,
            n,
            w.name,
            w.kind,
            w.count,
            w.fp,
            w.range,
            w.movement,
            (w.broken.fix[0], w.broken.fix[1]),
            (w.broken.elim[0], w.broken.elim[1]),
            w.min_range,
            w.size,
            frozenset(w.boxed),
            w.ordnance,
            w.smoke,
            w.one_use,
        )
        for w in f.weapons
    }
    radios = {r.id: Radio(r.id, n, r.name, r.fp, r.smoke, r.count) for r in f.radios}
    return Roster(n, MappingProxyType(units), MappingProxyType(weapons), MappingProxyType(radios), name)


# --------------------------------------------------------------------------------------------
# Objective chits and postures
# --------------------------------------------------------------------------------------------


def load_objectives(source: Source) -> Mapping[str, ObjectiveChit]:
    """Load the Objective chits (rule 7.3.2), keyed by letter (schema: ObjectivesFile)."""
    doc = read(source)
    name = doc.name
    f = validate(ObjectivesFile, doc.data, name, ComponentError, doc.lines)
    return MappingProxyType(
        {c.id: ObjectiveChit(c.id, c.condition, c.secret_side, c.objective, c.vp) for c in f.chits}
    )


def load_postures(source: Source) -> PostureTable:
    """Load hand sizes by Posture (1.1), Discard Limits by nation (O15) and the Defender's extras."""
    doc = read(source)
    name = doc.name
    f = validate(PosturesFile, doc.data, name, ComponentError, doc.lines)
    hand = {p: getattr(f.hand_size, p) for p in POSTURES}
    return PostureTable(
        MappingProxyType(hand),
        MappingProxyType(dict(f.discard_limit)),
        frozenset(f.defender_only_actions),
        f.defender_vp_per_time_advance,
    )


# --------------------------------------------------------------------------------------------
# Folders and the built-in set
# --------------------------------------------------------------------------------------------


def data_dir() -> Traversable:
    """The built-in data folder inside the installed package."""
    return files(__package__ or "tactica.games.combat_commander") / "data"


def _yaml_files(folder: Traversable) -> list[Traversable]:
    if not folder.is_dir():
        return []
    return sorted(
        (f for f in folder.iterdir() if f.name.endswith((".yaml", ".yml", ".json"))), key=lambda f: f.name
    )


def load_pack(folder: str | os.PathLike[str] | Traversable, *, fallback: bool = True) -> Pack:
    """Load a folder laid out like ``data/``: ``decks/*.yaml``, ``rosters/*.yaml``,
    ``objectives.yaml``, ``postures.yaml``. With ``fallback`` any part the folder lacks (a nation's
    deck or roster, the chits, the postures) comes from the built-in set."""
    root: Traversable = Path(folder) if isinstance(folder, str | os.PathLike) else folder
    if not root.is_dir():
        raise ComponentError(f"{root.name}: not a folder")
    decks = _by_nation([load_deck(f) for f in _yaml_files(root / "decks")], "deck")
    rosters = _by_nation([load_roster(f) for f in _yaml_files(root / "rosters")], "roster")
    obj, post = root / "objectives.yaml", root / "postures.yaml"
    base = builtin_pack() if fallback and root != data_dir() else None
    if base is not None:
        decks = {**base.decks, **decks}
        rosters = {**base.rosters, **rosters}
    objectives = load_objectives(obj) if obj.is_file() else (base.objectives if base else None)
    postures = load_postures(post) if post.is_file() else (base.postures if base else None)
    if objectives is None or postures is None:
        raise ComponentError(f"{root.name}: needs objectives.yaml and postures.yaml (or fallback=True)")
    return Pack(MappingProxyType(decks), MappingProxyType(rosters), objectives, postures)


def _by_nation(items: list[Any], what: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        if item.nation in out:
            raise ComponentError(
                f"{item.source}: nation: a second {what} for {item.nation} "
                f"(already in {out[item.nation].source})"
            )
        out[item.nation] = item
    return out


@cache
def builtin_pack() -> Pack:
    """The project's own decks, rosters, chits and posture table (loaded once)."""
    return load_pack(data_dir(), fallback=False)


def builtin_deck(nation: str) -> Deck:
    return builtin_pack().decks[nation]


def builtin_roster(nation: str) -> Roster:
    return builtin_pack().rosters[nation]


def builtin_objectives() -> Mapping[str, ObjectiveChit]:
    return builtin_pack().objectives


def builtin_postures() -> PostureTable:
    return builtin_pack().postures
