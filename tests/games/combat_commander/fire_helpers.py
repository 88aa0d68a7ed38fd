"""Helpers for the map-based Combat Commander tests: a rules instance with the test board, a
scenario built from unit lists, hand and deck stacking, and a driver that answers windows."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules
from tactica.studio.combat_commander import put_on_top, set_hand

OBJECTIVES = {"1": "A1", "2": "O10", "3": "H5", "4": "C8", "5": "G9"}
ZONES = {"west": ["A1..B10"], "east": ["N1..O10"]}

BOARD = studio.board(
    15, 10, name="cc-fire-example", objectives=OBJECTIVES, zones=ZONES,
    # the Fire Attack example A-J rebuilt so its numbers come out: J7 a lone level-1 hex (the
    # downhill shooter of example C), M6 Open Ground with a Road, walls and brush for Cover and
    # hindrance
    hexes={"J7": {"elevation": 1}, "C5": ["brush"], "D5": ["brush"], "D6": ["brush"],
           "G3": ["woods"], "H2": ["marsh"], "E9": {"elevation": 1},
           "C9": {"terrain": ["woods"], "elevation": 1}, "K3": ["building"]},
    hexsides={"C6/D6": ["wall"]},
    roads=[["M4", "M5", "M6"], ["K2", "K3", "K4"]])
"""The test map of the Fire tests (rulebook Fire Attack example A-J), given inline."""


def place(p: studio.Position, seat: str, entry: Any, **fields: Any) -> str:
    """A unit given as the scenario files give it (a type id, or {type, hex, weapon, zone}),
    with any of the studio's unit fields (broken, suppressed, veteran ...) in the dict."""
    e = {"type": entry} if isinstance(entry, str) else dict(entry)
    t, h = e.pop("type"), e.pop("hex", None)
    return p.unit(seat, t, h, **{k: v for k, v in e.items() if v is not None}, **fields)


def position(axis: list[Any], allies: list[Any], r: CombatCommanderRules | None = None,
             board: studio.BoardSpec | None = BOARD, **kw: Any) -> studio.Position:
    """The two sides' units (Germans attack from the west, Americans defend in the east), on
    ``board``; keywords: ``axis_reinf``/``allies_reinf`` ({space: units}), ``objectives``
    ({id: owner}), ``initiative``, ``allies_nation``, ``fortifications`` ([{hex, type}]),
    ``smoke`` ({hex: hindrance}), ``blaze`` ([hex]), and any other scenario key. A
    Fortification's ``holder`` is the side that last held its hex alone (F101, F104)."""
    p = studio.Position("combat_commander", board, rules=r)
    for seat, units in (("axis", axis), ("allies", allies)):
        for e in units:
            place(p, seat, e)
    for seat in ("axis", "allies"):
        for space, units in sorted(kw.pop(f"{seat}_reinf", {}).items()):
            for e in units:
                place(p, seat, e, arrives=space)
    for o, owner in kw.pop("objectives", {}).items():
        p.objective(o, owner)
    if "initiative" in kw:
        p.track("initiative", kw.pop("initiative"))
    if "allies_nation" in kw:
        p.side("allies", nation=kw.pop("allies_nation"))
    for f in kw.pop("fortifications", []):
        p.marker(f["type"], f["hex"], f.get("holder"))
    for h, v in kw.pop("smoke", {}).items():
        p.marker("smoke", h, v)
    for h in kw.pop("blaze", []):
        p.marker("blaze", h)
    p.setting(**kw)
    return p


def game(axis: list[Any], allies: list[Any], r: CombatCommanderRules | None = None, seed: int = 0,
         **kw: Any) -> Game:
    return position(axis, allies, r, **kw).game(seed)


def hand(g: Game, seat: int, cards: list[str]) -> None:
    """Replace ``seat``'s hand by ``cards`` (taken from wherever they are; the old hand goes to
    the bottom of the draw pile)."""
    set_hand(g, seat, cards)
    g.refresh()


def top(g: Game, seat: int, *cards: str) -> None:
    put_on_top(g, seat, *cards)


def rolls(g: Game, seat: int, *dice: tuple[Any, ...]) -> None:
    """The next rolls off ``seat``'s deck show these dice, ``(white, colored)`` or
    ``(white, colored, trigger)``, first listed first (the studio's stand-in cards)."""
    if dice:
        studio.force_roll(g, seat, *dice)


def attack_total(g: Game) -> tuple[int, int, int]:
    """The last Fire Attack's (final FP, roll, Attack Total), read as values from its log
    entry (O20.3.3), not from the text."""
    e = studio.entries(g, contains="Attack Total")[-1]
    return e["fp"], e["roll"], e["total"]


def opts(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def go(g: Game, *choices: str) -> None:
    """Apply choices in order, passing every Initiative re-roll and Action window on the way."""
    for c in choices:
        skip(g)
        g.apply(c)
    skip(g)


def skip(g: Game) -> None:
    while not g.is_terminal():
        d = g.decision()
        if d is None or d.step not in ("initiative", "action_window"):
            return
        g.apply("pass")


def text(g: Game) -> str:
    return "\n".join(g.log_lines())


def card(nation: str, white: int, colored: int, trigger: str | None = None,
         avoid: tuple[str, ...] = ()) -> str:
    """A card of ``nation``'s deck showing that roll (and that trigger, None = no trigger)."""
    from tactica.games.combat_commander.components import builtin_pack

    for c in builtin_pack().decks[nation].cards.values():
        if (c.white, c.colored, c.trigger) == (white, colored, trigger) and c.id not in avoid:
            return c.id
    raise LookupError(f"no {nation} card {white}-{colored} {trigger}")


def roll_cards(nation: str, *rolls: tuple[int, int]) -> list[str]:
    out: list[str] = []
    for w, c in rolls:
        out.append(card(nation, w, c, None, tuple(out)))
    return out
