"""Great War Commander's components as the Commander family reads them (protocols.py).

The validated data (data.py, _schema.py) keeps the book's shapes: a Fate card with its two dice
as ``roll``, a Tank with two armaments, a Leader with a rank. The family's procedures read a card's
``white``/``colored``/``total``, a unit type's ``unbroken.fp`` and so on; the adapters here build
those views once from the pack, and keep what is GWC's own (ranks, cohesion, Engineers, Tank
armaments and bog numbers, Tank Command) beside them for this game's hooks.

Elimination VPs are 7.1's table: Platoon 2, Team 1, Runner 1, Leader 1 + Command, Hero 0, Tank 3.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from ..commander_family.access import rules_of
from ..commander_family.cards import FateDice
from ..commander_family.counters import CounterSide
from ..commander_family.data_models import BOXABLE, SideModel
from ._schema import (
    FORMATION_TYPES,
    ChitModel,
    FateCardModel,
    FormationModel,
    TankSideModel,
    WeaponModel,
)
from .data import Pack, builtin_pack

if TYPE_CHECKING:
    from tactica.core.game import Game

BOXED_ALL = frozenset(BOXABLE)


@dataclass(frozen=True, slots=True)
class Card(FateDice):
    """A Fate card (1.F): the family's CardLike plus the data GWC prints on some cards."""

    id: str
    nation: str
    order: str
    action: str
    event: str
    hex: str
    white: int
    colored: int
    trigger: str | None
    direction: int | None = None  # the Breeze "direction #" (reading R2)
    marksmanship: str | None = None  # A50's nationality
    date: str | None = None  # E76.1 Machine Gun Nest's first month

    @property
    def hex_number(self) -> int:
        return int(self.hex[1:])


Side = CounterSide
"""A Tank's main gun is in :class:`Armament` for the Tank rules."""


@dataclass(frozen=True, slots=True)
class Armament:
    """One of a Tank's two armaments (3.1.1)."""

    fp: int
    range: int
    ordnance: bool
    adjacent_bonus: bool


@dataclass(frozen=True, slots=True)
class TankSide:
    """What a Tank's side adds to :class:`Side` (3.1.1-3.1.6)."""

    armament: tuple[Armament, ...]
    can_move: bool  # False: the printed "-" Movement (O16.3.1, O23.5.9)
    bog: int | None
    tank_command: int | None  # red Tank Command (3.1.6); never added to stats


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    name: str
    nation: str
    type: str  # leader | runner | team | platoon | tank
    figures: int  # 8.2: Leader and Runner 1, Team 2, Platoon 4, Tank 3
    unbroken: Side
    broken: Side
    elimination_vp: int
    quality: str | None = None
    special: str | None = None  # "hero" (E70: activated more than once, leaves play when eliminated)
    rank: str | None = None  # 3.3.1.3: Captain | Lieutenant | Hero
    engineer: bool = False  # 3.1.9
    always_in_cohesion: bool = False  # 3.3.2: Runners and Stosstruppen
    tank_leader: bool = False  # 3.1.6
    tank_unbroken: TankSide | None = None
    tank_broken: TankSide | None = None
    period: tuple[int, int] | None = None

    @property
    def is_unit(self) -> bool:
        """3.1: "Unit" is a Platoon, Team or Runner (not a Leader or a Tank)."""
        return self.type in ("platoon", "team", "runner")


@dataclass(frozen=True, slots=True)
class WeaponType:
    id: str
    name: str
    nation: str
    kind: str  # hmg | lmg | mortar | flamethrower | gun
    fp: int
    range: int
    movement: int
    fix: tuple[int, int]
    elim: tuple[int, int]
    min_range: int = 0
    ordnance: bool = False
    smoke: bool = False  # no Smoke in this volume (T119)
    one_use: bool = False  # no one-use Weapons in this volume
    cover_zero: bool = False  # 11.7: a Flamethrower sets the target's Cover to 0
    team_only: bool = False
    boxed: frozenset[str] = frozenset()
    period: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Chit:
    id: str
    condition: str
    secret_side: bool
    objective: int | None = None
    vp: int | None = None


def _card(nation: str, m: FateCardModel) -> Card:
    return Card(m.id, nation, m.order, m.action, m.event, m.hex, m.roll[0], m.roll[1], m.trigger,
                m.direction, m.marksmanship, m.date)


def _side(s: SideModel | TankSideModel) -> tuple[Side, TankSide | None]:
    if isinstance(s, SideModel):
        return Side(s.fp, s.range, s.movement, s.morale, s.command, frozenset(s.boxed)), None
    arms = tuple(Armament(a.fp, a.range, a.ordnance, a.adjacent_bonus) for a in s.armament)
    mg = next((a for a in arms if not a.ordnance), arms[-1])
    side = Side(mg.fp, mg.range, s.movement or 0, s.morale, None)
    return side, TankSide(arms, s.movement is not None, s.bog, s.command)


def _vp(f: FormationModel) -> int:
    """7.1: the elimination (and exit) VPs of a Formation."""
    if f.type == "leader":
        return 0 if f.rank == "Hero" else 1 + int(f.unbroken.command or 0)
    return {"platoon": 2, "team": 1, "runner": 1, "tank": 3}[f.type]


def _unit(nation: str, f: FormationModel) -> UnitType:
    ub, tub = _side(f.unbroken)
    br, tbr = _side(f.broken)
    return UnitType(
        id=f.id, name=f.name, nation=nation, type=f.type, figures=FORMATION_TYPES[f.type],
        unbroken=ub, broken=br, elimination_vp=_vp(f),
        special="hero" if f.rank == "Hero" else None, rank=f.rank, engineer=f.engineer,
        always_in_cohesion=f.always_in_cohesion, tank_leader=f.tank_leader,
        tank_unbroken=tub, tank_broken=tbr,
        period=None if f.period is None else (f.period[0], f.period[1]),
    )


def _weapon(nation: str, w: WeaponModel) -> WeaponType:
    return WeaponType(
        id=w.id, name=w.name, nation=nation, kind=w.kind, fp=w.fp, range=w.range, movement=w.movement,
        fix=(w.fix[0], w.fix[1]), elim=(w.elim[0], w.elim[1]), min_range=w.min_range,
        ordnance=w.ordnance, cover_zero=w.kind == "flamethrower", team_only=w.team_only,
        period=None if w.period is None else (w.period[0], w.period[1]),
    )


def _chit(c: ChitModel) -> Chit:
    return Chit(c.id, c.condition, c.secret_side, c.objective, c.vp)


@dataclass(frozen=True, slots=True)
class Components:
    """Every component of a pack, by id, in the family's shapes."""

    pack: Pack
    cards: Mapping[str, Card]
    decks: Mapping[str, tuple[str, ...]]  # nation -> card ids in deck order
    units: Mapping[str, UnitType]
    weapons: Mapping[str, WeaponType]
    chits: Mapping[str, Chit]

    def leader_id(self, nation: str, name: str) -> str:
        """The formation id of the Leader a scenario names (scenarios pick Leaders by name)."""
        for u in self.units.values():
            if u.nation == nation and u.type == "leader" and u.name == name:
                return u.id
        raise KeyError(f"no {nation} Leader named {name!r}")

    def of_nation(self, nation: str, kind: str) -> list[UnitType]:
        return [u for u in self.units.values() if u.nation == nation and u.type == kind]


def build(pack: Pack) -> Components:
    cards: dict[str, Card] = {}
    decks: dict[str, tuple[str, ...]] = {}
    for nation, d in pack.decks.items():
        decks[nation] = tuple(c.id for c in d.cards)
        cards.update({c.id: _card(nation, c) for c in d.cards})
    units = {f.id: _unit(r.nation, f) for r in pack.rosters.values() for f in r.formations}
    weapons = {w.id: _weapon(r.nation, w) for r in pack.rosters.values() for w in r.weapons}
    chits = {c.id: _chit(c) for c in pack.objectives.chits}
    return Components(pack, MappingProxyType(cards), MappingProxyType(decks),
                      MappingProxyType(units), MappingProxyType(weapons), MappingProxyType(chits))


@cache
def builtin_components() -> Components:
    return build(builtin_pack())


def unit_type_of(g: Game, uid: str) -> UnitType:
    """The GWC unit type of unit ``uid`` (typed: this game's fields beside the family's; a GWC
    rules object only ever holds these, so no check on this hot path)."""
    return cast(UnitType, rules_of(g).unit_type(g.state["units"][uid]["type"]))
