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
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from ._schema import ComponentError, Ctx, Source, read

__all__ = [
    "ACTIONS",
    "DECK_SIZE",
    "EVENTS",
    "NATIONS",
    "ORDERS",
    "TRIGGERS",
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
BOXABLE: Final = ("fp", "range", "movement")
CHIT_CONDITIONS: Final = (
    "objective_vp",
    "all_objectives_vp",
    "control_all_wins",
    "exit_vp_doubled",
    "elim_vp_doubled",
)
OBJECTIVE_CHITS: Final = 22  # rule 7.3.2
RADIO_FP: Final = (8, 13)  # rule 12


# --------------------------------------------------------------------------------------------
# Structures
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FateCard:
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
    def total(self) -> int:
        """An ordinary roll: the sum of the two dice (1.9)."""
        return self.white + self.colored

    @property
    def product(self) -> int:
        """A Targeting/Accuracy roll: the product of the two dice (O20.2.3)."""
        return self.white * self.colored

    @property
    def doubles(self) -> bool:
        return self.white == self.colored

    @property
    def hex_number(self) -> int:
        """The number part of the Random Hex, read for broken-Weapon checks (11.4)."""
        return int(_HEX.fullmatch(self.hex).group(2))  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class Deck:
    nation: str
    cards: Mapping[str, FateCard]  # in file order
    hex_letters: str
    hex_numbers: tuple[int, int]
    source: str


@dataclass(frozen=True, slots=True)
class UnitSide:
    fp: int
    range: int
    movement: int
    morale: int
    command: int | None = None  # leaders only
    boxed: frozenset[str] = frozenset()


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

_HEX: Final = re.compile(r"([A-Z])([0-9]+)")
_LETTERS: Final = re.compile(r"([A-Z])-([A-Z])")
_NUMBERS: Final = re.compile(r"([0-9]+)-([0-9]+)")
_CARD_KEYS: Final = ("id", "order", "action", "event", "hex", "roll")
_CARD_OPTIONAL: Final = ("trigger", "wind", "marksmanship")


def load_deck(source: Source) -> Deck:
    """Load one nation's Fate deck (format: see data/decks/*.yaml)."""
    name, data = read(source)
    ctx = Ctx(name)
    top = ctx.header(data, "fate_deck", ("nation", "random_hex", "cards"), ("dice",))
    nation = ctx.text(top["nation"], "nation")
    letters, numbers = _random_hex_domain(ctx, top["random_hex"])
    entries = ctx.entries(top["cards"], "cards")
    cards = {ident: _card(ctx, ident, m, nation, letters, numbers) for ident, m in entries}
    if len(cards) != DECK_SIZE:
        raise ctx.fail("cards", f"a Fate deck holds {DECK_SIZE} cards (rule 1), this one {len(cards)}")
    if "dice" in top:
        _check_dice(ctx, top["dice"], cards.values())
    return Deck(nation, MappingProxyType(cards), letters, numbers, name)


def _random_hex_domain(ctx: Ctx, value: Any) -> tuple[str, tuple[int, int]]:
    m = ctx.mapping(value, "random_hex")
    ctx.keys(m, ("letters", "numbers"), (), "random_hex")
    lm = _LETTERS.fullmatch(str(m["letters"]))
    nm = _NUMBERS.fullmatch(str(m["numbers"]))
    if not lm or lm.group(1) > lm.group(2):
        raise ctx.fail("random_hex.letters", f"expected a letter range such as 'A-O', got {m['letters']!r}")
    if not nm or not 1 <= int(nm.group(1)) <= int(nm.group(2)):
        raise ctx.fail("random_hex.numbers", f"expected a number range such as '1-10', got {m['numbers']!r}")
    letters = "".join(chr(c) for c in range(ord(lm.group(1)), ord(lm.group(2)) + 1))
    return letters, (int(nm.group(1)), int(nm.group(2)))


def _card(
    ctx: Ctx, ident: str, m: Mapping[str, Any], nation: str, letters: str, numbers: tuple[int, int]
) -> FateCard:
    where = f"card {ident}"
    ctx.keys(m, _CARD_KEYS, _CARD_OPTIONAL, where)
    order = ctx.choice(m["order"], f"{where}: order", ORDERS, "order")
    action = ctx.choice(m["action"], f"{where}: action", ACTIONS, "action")
    event = ctx.choice(m["event"], f"{where}: event", EVENTS, "event")
    if (order == "Fire") != (action == "Fire"):
        raise ctx.fail(where, "a Fire card reads 'Order/Action Fire': Order Fire and Action Fire go together")
    if order == action == "Command Confusion":
        raise ctx.fail(where, "Command Confusion on both halves would make a blank card")
    hex_id = ctx.text(m["hex"], f"{where}: hex")
    hm = _HEX.fullmatch(hex_id)
    if not hm or hm.group(1) not in letters or not numbers[0] <= int(hm.group(2)) <= numbers[1]:
        raise ctx.fail(
            f"{where}: hex",
            f"{hex_id!r} is not a hex {letters[0]}-{letters[-1]} {numbers[0]}-{numbers[1]}",
        )
    roll = ctx.seq(m["roll"], f"{where}: roll")
    if len(roll) != 2:
        raise ctx.fail(f"{where}: roll", f"expected [white, colored], got {roll!r}")
    white = ctx.integer(roll[0], f"{where}: roll white die", 1, 6)
    colored = ctx.integer(roll[1], f"{where}: roll colored die", 1, 6)
    trigger = None
    if m.get("trigger") is not None:
        trigger = ctx.choice(m["trigger"], f"{where}: trigger", TRIGGERS, "trigger")
    wind = None
    if event == "Breeze":
        if "wind" not in m:
            raise ctx.fail(where, "a Breeze event needs its downwind direction 'wind: 1-6' (E48)")
        wind = ctx.integer(m["wind"], f"{where}: wind", 1, 6)
    elif "wind" in m:
        raise ctx.fail(where, "'wind' is only for a Breeze event")
    marks = None
    if action == "Marksmanship":
        if "marksmanship" not in m:
            raise ctx.fail(where, "a Marksmanship action needs the nationality it names (A37)")
        marks = ctx.text(m["marksmanship"], f"{where}: marksmanship")
    elif "marksmanship" in m:
        raise ctx.fail(where, "'marksmanship' is only for a Marksmanship action")
    return FateCard(ident, nation, order, action, event, hex_id, white, colored, trigger, wind, marks)


def _check_dice(ctx: Ctx, value: Any, cards: Any) -> None:
    rule = ctx.choice(value, "dice", ("each_pair_twice",), "dice rule")
    assert rule == "each_pair_twice"
    seen = Counter((c.white, c.colored) for c in cards)
    for w in range(1, 7):
        for c in range(1, 7):
            if seen[(w, c)] != 2:
                raise ctx.fail("dice", f"'each_pair_twice' but the roll {w}-{c} is on {seen[(w, c)]} card(s)")


# --------------------------------------------------------------------------------------------
# Rosters
# --------------------------------------------------------------------------------------------


def load_roster(source: Source) -> Roster:
    """Load one nation's units, Weapons and Radios (format: see data/rosters/*.yaml)."""
    name, data = read(source)
    ctx = Ctx(name)
    top = ctx.header(data, "roster", ("nation", "units", "weapons", "radios"))
    nation = ctx.text(top["nation"], "nation")
    units = {i: _unit(ctx, i, m, nation) for i, m in ctx.entries(top["units"], "units")}
    _check_units(ctx, units)
    weapons = {i: _weapon(ctx, i, m, nation) for i, m in ctx.entries(top["weapons"], "weapons")}
    radios = {i: _radio(ctx, i, m, nation) for i, m in ctx.entries(top["radios"], "radios")}
    clash = (set(units) & set(weapons)) | (set(units) & set(radios)) | (set(weapons) & set(radios))
    if clash:
        raise ctx.fail(f"id {sorted(clash)[0]}", "used by more than one piece")
    return Roster(nation, MappingProxyType(units), MappingProxyType(weapons), MappingProxyType(radios), name)


def _boxed(ctx: Ctx, m: Mapping[str, Any], where: str) -> frozenset[str]:
    out = set()
    for b in ctx.seq(m.get("boxed", []), f"{where}: boxed"):
        out.add(ctx.choice(b, f"{where}: boxed", BOXABLE, "boxed stat"))
    return frozenset(out)


def _side(ctx: Ctx, value: Any, where: str, leader: bool) -> UnitSide:
    m = ctx.mapping(value, where)
    stats = ("fp", "range", "movement", "morale")
    ctx.keys(m, (*stats, "command") if leader else stats, ("boxed",), where)
    fp, rng, mv, mor = (ctx.integer(m[k], f"{where}: {k}", 0) for k in stats)
    command = ctx.integer(m["command"], f"{where}: command", 0) if leader else None
    return UnitSide(fp, rng, mv, mor, command, _boxed(ctx, m, where))


def _unit(ctx: Ctx, ident: str, m: Mapping[str, Any], nation: str) -> UnitType:
    where = f"unit {ident}"
    ctx.keys(
        m,
        ("id", "name", "type", "figures", "count", "unbroken", "broken"),
        ("quality", "rank", "special"),
        where,
    )
    kind = ctx.choice(m["type"], f"{where}: type", FIGURES, "unit type")
    figures = ctx.integer(m["figures"], f"{where}: figures", 1)
    if figures != FIGURES[kind]:
        raise ctx.fail(
            f"{where}: figures", f"a {kind} has {FIGURES[kind]} figure(s) (rules 3, 8.2), not {figures}"
        )
    leader = kind == "leader"
    unbroken = _side(ctx, m["unbroken"], f"{where}: unbroken", leader)
    broken = _side(ctx, m["broken"], f"{where}: broken", leader)
    if leader and broken.command != 0:
        raise ctx.fail(f"{where}: broken", "a broken Leader's Command is 0 (O20.3.4)")
    quality = special = None
    if leader:
        if "quality" in m:
            raise ctx.fail(where, "Leaders have no quality (quality is the OB's, for Squads and Teams)")
        if "special" in m:
            special = ctx.choice(m["special"], f"{where}: special", ("hero", "private"), "special leader")
        if special == "private" and (unbroken.morale, unbroken.command) != (6, 2):
            raise ctx.fail(where, "the Private of Field Promotion has Morale 6 and Command 2 (E56)")
    else:
        if "quality" not in m:
            raise ctx.fail(where, "Squads and Teams need a quality (Elite, Line or Green)")
        quality = ctx.choice(m["quality"], f"{where}: quality", QUALITIES, "quality")
        if "special" in m:
            raise ctx.fail(where, "only Leaders can be a hero or the private")
    rank = ctx.text(m["rank"], f"{where}: rank") if "rank" in m else None
    return UnitType(
        ident,
        nation,
        ctx.text(m["name"], f"{where}: name"),
        kind,
        figures,
        ctx.integer(m["count"], f"{where}: count", 1),
        unbroken,
        broken,
        quality,
        rank,
        special,
    )


def _check_units(ctx: Ctx, units: Mapping[str, UnitType]) -> None:
    for special in ("hero", "private"):
        found = [u.id for u in units.values() if u.special == special]
        if len(found) > 1:
            raise ctx.fail(f"unit {found[1]}", f"a nation has one {special} ({found[0]} already is)")
    for q in QUALITIES:
        teams = [u.id for u in units.values() if u.type == "team" and u.quality == q]
        if len(teams) > 1:
            raise ctx.fail(f"unit {teams[1]}", f"only one {q} Team per nation (Deploy/Light Wounds pick it)")
        squads = [u.id for u in units.values() if u.type == "squad" and u.quality == q]
        if squads and not teams:
            raise ctx.fail(
                f"unit {squads[0]}",
                f"{q} Squads need a {q}-quality Team for Deploy (E52) and Light Wounds (A36)",
            )


def _number_range(ctx: Ctx, value: Any, where: str) -> tuple[int, int]:
    pair = ctx.seq(value, where)
    if len(pair) != 2:
        raise ctx.fail(where, f"expected [low, high], got {pair!r}")
    lo, hi = ctx.integer(pair[0], where, 1), ctx.integer(pair[1], where, 1)
    if lo > hi:
        raise ctx.fail(where, f"low {lo} is above high {hi}")
    return lo, hi


def _weapon(ctx: Ctx, ident: str, m: Mapping[str, Any], nation: str) -> Weapon:
    where = f"weapon {ident}"
    ctx.keys(
        m,
        ("id", "name", "kind", "count", "fp", "range", "movement", "broken"),
        ("size", "min_range", "boxed", "ordnance", "smoke", "one_use"),
        where,
    )
    kind = ctx.choice(m["kind"], f"{where}: kind", WEAPON_KINDS, "weapon kind")
    size = (
        ctx.choice(m["size"], f"{where}: size", ("light", "medium", "heavy"), "size") if "size" in m else None
    )
    fp = ctx.integer(m["fp"], f"{where}: fp", 1)
    rng = ctx.integer(m["range"], f"{where}: range", 1)
    min_range = ctx.integer(m.get("min_range", 0), f"{where}: min_range", 0, rng)
    movement = ctx.integer(m["movement"], f"{where}: movement", None, 0)
    ordnance = ctx.flag(m.get("ordnance", False), f"{where}: ordnance")
    smoke = ctx.flag(m.get("smoke", False), f"{where}: smoke")
    one_use = ctx.flag(m.get("one_use", False), f"{where}: one_use")
    if kind == "mortar" and not ordnance:
        raise ctx.fail(where, "a Mortar is Ordnance (white band, O20.2)")
    if smoke and not ordnance:
        raise ctx.fail(where, "only Ordnance fires Smoke rounds (O20.2.1)")
    if kind in ("satchel_charge", "molotov") and not one_use:
        raise ctx.fail(where, "Satchel Charges and Molotov Cocktails are one-use Weapons (11.6)")
    b = ctx.mapping(m["broken"], f"{where}: broken")
    ctx.keys(b, ("fix", "elim"), (), f"{where}: broken")
    fix = _number_range(ctx, b["fix"], f"{where}: broken fix")
    elim = _number_range(ctx, b["elim"], f"{where}: broken elim")
    if fix[1] >= elim[0] and elim[1] >= fix[0]:
        raise ctx.fail(f"{where}: broken", f"Fix {fix} and Elim {elim} overlap (11.4)")
    return Weapon(
        ident,
        nation,
        ctx.text(m["name"], f"{where}: name"),
        kind,
        ctx.integer(m["count"], f"{where}: count", 1),
        fp,
        rng,
        movement,
        fix,
        elim,
        min_range,
        size,
        _boxed(ctx, m, where),
        ordnance,
        smoke,
        one_use,
    )


def _radio(ctx: Ctx, ident: str, m: Mapping[str, Any], nation: str) -> Radio:
    where = f"radio {ident}"
    ctx.keys(m, ("id", "name", "fp", "smoke", "count"), (), where)
    return Radio(
        ident,
        nation,
        ctx.text(m["name"], f"{where}: name"),
        ctx.integer(m["fp"], f"{where}: fp", *RADIO_FP),
        ctx.flag(m["smoke"], f"{where}: smoke"),
        ctx.integer(m["count"], f"{where}: count", 1),
    )


# --------------------------------------------------------------------------------------------
# Objective chits and postures
# --------------------------------------------------------------------------------------------


def load_objectives(source: Source) -> Mapping[str, ObjectiveChit]:
    """Load the Objective chits (rule 7.3.2), keyed by letter."""
    name, data = read(source)
    ctx = Ctx(name)
    top = ctx.header(data, "objective_chits", ("chits",))
    chits: dict[str, ObjectiveChit] = {}
    for ident, m in ctx.entries(top["chits"], "chits"):
        where = f"chit {ident}"
        cond = ctx.choice(m.get("condition"), f"{where}: condition", CHIT_CONDITIONS, "condition")
        needs = {"objective_vp": ("objective", "vp"), "all_objectives_vp": ("vp",)}.get(cond, ())
        ctx.keys(m, ("id", "condition", "secret_side", *needs), (), where)
        objective = ctx.integer(m["objective"], f"{where}: objective", 1, 5) if "objective" in needs else None
        vp = ctx.integer(m["vp"], f"{where}: vp", 1) if "vp" in needs else None
        chits[ident] = ObjectiveChit(
            ident, cond, ctx.flag(m["secret_side"], f"{where}: secret_side"), objective, vp
        )
    if len(chits) != OBJECTIVE_CHITS:
        raise ctx.fail(
            "chits", f"the game has {OBJECTIVE_CHITS} Objective chits (7.3.2), this file {len(chits)}"
        )
    return MappingProxyType(chits)


def load_postures(source: Source) -> PostureTable:
    """Load hand sizes by Posture (1.1), Discard Limits by nation (O15) and the Defender's extras."""
    name, data = read(source)
    ctx = Ctx(name)
    top = ctx.header(
        data,
        "postures",
        ("hand_size", "discard_limit", "defender_only_actions", "defender_vp_per_time_advance"),
    )
    hs = ctx.mapping(top["hand_size"], "hand_size")
    ctx.keys(hs, POSTURES, (), "hand_size")
    hand = {p: ctx.integer(hs[p], f"hand_size {p}", 1) for p in POSTURES}
    dl = ctx.mapping(top["discard_limit"], "discard_limit")
    discard = {ctx.text(n, "discard_limit"): ctx.integer(v, f"discard_limit {n}", 0) for n, v in dl.items()}
    only = frozenset(
        ctx.choice(a, "defender_only_actions", ACTIONS, "action")
        for a in ctx.seq(top["defender_only_actions"], "defender_only_actions")
    )
    vp = ctx.integer(top["defender_vp_per_time_advance"], "defender_vp_per_time_advance", 0)
    return PostureTable(MappingProxyType(hand), MappingProxyType(discard), only, vp)


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
