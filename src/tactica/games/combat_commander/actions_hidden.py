"""The Actions that make or unmake Fortifications, and Hidden Unit: A31 Demolitions, A32 Dig In,
A35.1 Hidden Entrenchments, A35.2 Hidden Mines, A35.3 Hidden Pillbox, A35.4 Hidden Unit and
A35.5 Hidden Wire.

Each is an :class:`ActionDef` played in the windows its timing names:

* ``dig_in`` (end of a Time advance, 6.1.2 step 6): Dig In;
* ``after_pass_discard`` (the opponent discarded by passing, O15): Demolitions, Hidden Unit;
* ``fire_defense_roll`` (just before one of the seat's Defense Rolls; Fire, Artillery and Mine
  Attacks open it): Hidden Entrenchments, Hidden Pillbox;
* ``move_entry`` / ``advance_entry`` (just after units Move/Advance into a hex; never Retreat):
  Hidden Mines, Hidden Wire.

The five Hidden Actions belong to the scenario Defender only (A35: the side whose posture is
Defend). Choices (which hex, which Support-Table item) are asked in the ``cc_fort_action`` frame.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.actions import ActionDef
from ..commander_family.board_state import objective_hex_labels, units_in
from ..commander_family.event_steps import setup_area
from ..commander_family.state import new_unit, new_weapon, side
from ..commander_family.stats import best_cover
from ..commander_family.victory import nation
from . import fortifications as F
from .mines import mine_steps, push_mine_attack

if TYPE_CHECKING:
    from tactica.core.game import Game


def is_defender(g: Game, seat: int) -> bool:
    return bool(side(g.state, seat)["posture"] == "Defend")


def friendly_hexes(g: Game, seat: int) -> list[str]:
    return sorted({u["hex"] for u in g.state["units"].values()
                   if u["seat"] == seat and u["where"] == "map" and u["hex"] is not None})


def _ask(g: Game, seat: int, what: str, rule: str, prompt: str, opts: list[list[Any]], **data: Any) -> None:
    g.push("cc_fort_action", seat=seat, what=what, rule=rule, phase="pick", prompt=prompt, opts=opts,
           **data)


def _hex_opts(hexes: list[str], label: str) -> list[list[Any]]:
    return [[f"hex:{h}", label.format(hex=h), "hex", {"hex": h}] for h in hexes]


# ---------------------------------------------------------------- A32 Dig In
def dig_in_hexes(g: Game, seat: int) -> list[str]:
    """A32: friendly-occupied hexes that are not Water and hold no Blaze or Fortification."""
    return [h for h in friendly_hexes(g, seat) if F.refusal(g, h, "foxholes") is None]


def dig_in_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return bool(dig_in_hexes(g, seat))


def dig_in_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    _ask(g, seat, "dig_in", "A32", "Dig In: Foxholes into which hex?",
         _hex_opts(dig_in_hexes(g, seat), "Foxholes in {hex}"))


# ---------------------------------------------------------------- A31 Demolitions
def demolition_hexes(g: Game, seat: int) -> list[str]:
    """A31: hexes holding a Fortification (any kind) and a friendly unit."""
    return [h for h in friendly_hexes(g, seat) if F.kind_at(g, h) is not None]


def demolitions_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return bool(demolition_hexes(g, seat))


def demolitions_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    _ask(g, seat, "demolitions", "A31", "Demolitions: eliminate which Fortification?",
         [[f"hex:{h}", f"{F.name(str(F.kind_at(g, h)))} in {h}", "hex", {"hex": h}]
          for h in demolition_hexes(g, seat)])


# ---------------------------------------------------------------- A35.1 / A35.3 (before a Defense Roll)
def _defense_hex(g: Game, seat: int, ctx: dict[str, Any]) -> str | None:
    """The hex of the unit about to make the Defense Roll (the hex the attack affects)."""
    uid = ctx.get("unit")
    if uid is None:
        return None
    u = g.state["units"][uid]
    if int(u["seat"]) != seat or u["where"] != "map":
        return None
    h: str | None = u["hex"]
    return h


def entrench_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A35.1: the Defender, before his Defense Roll; not a Building/Water hex; no Fortification."""
    h = _defense_hex(g, seat, ctx)
    return (is_defender(g, seat) and h is not None and not F.is_building(g, h)
            and F.refusal(g, h, "foxholes") is None)


def entrench_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    h = _defense_hex(g, seat, ctx)
    assert h is not None
    F.place(g, h, "foxholes", "A35.1")


def pillbox_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A35.3: the Defender, before his Defense Roll against an attack on an Objective hex; the
    Pillbox not in play; not Water; no Fortification there."""
    h = _defense_hex(g, seat, ctx)
    return (is_defender(g, seat) and h is not None and h in objective_hex_labels(g)
            and F.refusal(g, h, "pillbox") is None)


def pillbox_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    h = _defense_hex(g, seat, ctx)
    assert h is not None
    F.place(g, h, "pillbox", "A35.3")


# ---------------------------------------------------------------- A35.2 / A35.5 (after an entry)
def _entry_ok(g: Game, seat: int, ctx: dict[str, Any], kind: str) -> bool:
    h = ctx.get("hex")
    return is_defender(g, seat) and h is not None and F.refusal(g, str(h), kind) is None


def mines_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A35.2: the Defender, just after units Move or Advance into a non-Water hex without a
    Fortification."""
    return _entry_ok(g, seat, ctx, "mines")


def mines_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    """A35.2: Mines into the hex, then one Mine Attack by the Defender on the units that just
    entered (those already there are immune)."""
    h = str(ctx["hex"])
    if F.place(g, h, "mines", "A35.2"):
        moving = any(f["step"] == "move_order" for f in g.state["stack"])
        push_mine_attack(g, h, list(ctx.get("movers") or []), moving=moving, attacker=seat, rule="A35.2")


def wire_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """A35.5: as Hidden Mines."""
    return _entry_ok(g, seat, ctx, "wire")


def wire_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    """A35.5: Wire into the hex; a unit that moved in had spent an MP to get there, so its Move
    ends (F106.2: the Move Order reads :func:`fortifications.wire_halts`)."""
    F.place(g, str(ctx["hex"]), "wire", "A35.5")


# ---------------------------------------------------------------- A35.4 Hidden Unit
def hidden_unit_hexes(g: Game, seat: int) -> list[str]:
    """A35.4 step 3: set-up-area hexes with no unit of either side and Cover 1 or more (the
    hex's best Cover instance, a Fortification's included); never a Blaze or impassable hex."""
    return list(_hidden_unit_hexes(g, seat))


def _hidden_unit_hexes(g: Game, seat: int) -> Iterator[str]:
    """:func:`hidden_unit_hexes` one at a time (speed: the Action's check stops at the first)."""
    from .events_common import impassable

    for h in setup_area(g, seat):
        if not units_in(g, h) and not impassable(g, h) and best_cover(g, h)[0] >= 1:
            yield h


def hidden_unit_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    from .events_support import support_table

    return (is_defender(g, seat) and support_table(g, seat) is not None
            and next(_hidden_unit_hexes(g, seat), None) is not None)


def hidden_unit_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("cc_fort_action", seat=seat, what="hidden_unit", rule="A35.4", phase="roll", prompt="",
           opts=[])


def _hidden_unit_items(g: Game, seat: int, roll: int) -> tuple[str, list[list[Any]]]:
    from .events_support import scenario_year, support_table

    t = support_table(g, seat)
    assert t is not None
    col = t.column(roll)
    year = scenario_year(g)
    items = [i for i in col.items if not i.radio and i.years[0] <= year <= i.years[1]]
    g.emit("A35.4", "Support Table roll {roll}: column {col}, {n} non-Radio item(s) in {year}",
           roll=roll, col=col.id, n=len(items), year=year)
    return col.id, [[f"item:{i.id}", i.label(), "item", {"item": i.id, "unit": i.unit, "weapon": i.weapon}]
                    for i in items]


def _place_hidden_unit(g: Game, a: Args, hex_label: str) -> None:
    seat = int(a["seat"])
    rules: Any = g.rules
    n = 1
    while f"{rules.seats[seat]}-h{n}" in g.state["units"]:
        n += 1
    uid = f"{rules.seats[seat]}-h{n}"
    wid = None
    if a.get("weapon"):
        wid = f"{uid}-w"
        g.state["weapons"][wid] = new_weapon(str(a["weapon"]), seat, uid)
    g.state["units"][uid] = new_unit(str(a["unit"]), seat, hex_label, "map", wid)
    g.emit("A35.4", "{nation}: hidden {unit} ({type}{w}) revealed in {hex}", nation=nation(g, seat),
           unit=uid, type=a["unit"], w=f" with {a['weapon']}" if a.get("weapon") else "", hex=hex_label)
    F.update_holders(g)


# ---------------------------------------------------------------- the choice frame
class FortAction(Step):
    """A choice inside one of these Actions: a hex (Dig In, Demolitions, Hidden Unit) or a
    Support-Table item (Hidden Unit); the Hidden Unit's roll runs here too."""

    name = "cc_fort_action"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if a["phase"] == "pick" else None

    def prompt(self, g: Game, a: Args) -> str:
        return str(a["prompt"])

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(o[0], o[1], o[2], dict(o[3])) for o in a["opts"]]

    def run(self, g: Game, a: Args) -> None:
        seat = int(a["seat"])
        if a["phase"] == "roll":
            a["phase"] = "rolled"
            g.push("roll", roller=seat, purpose="Hidden Unit (Support Table)", store="roll")
            return
        # rolled: the column's items
        col, opts = _hidden_unit_items(g, seat, int(a["roll"]["total"]))
        if not opts:
            g.emit("A35.4", "Nothing in that column can be taken: no hidden unit")
            g.pop()
            return
        a.update(phase="pick", step="item", column=col, opts=opts, prompt="Hidden Unit: take one item")

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat, what, rule = int(a["seat"]), a["what"], a["rule"]
        if what == "dig_in":
            g.pop()
            F.place(g, option.args["hex"], "foxholes", rule)
        elif what == "demolitions":
            g.pop()
            F.remove(g, option.args["hex"], rule)
        elif a.get("step") == "item":
            hexes = hidden_unit_hexes(g, seat)
            g.emit(rule, "{nation} takes {item}", nation=nation(g, seat), item=option.label)
            if not hexes:
                g.emit(rule, "No set-up-area hex is empty with Cover 1 or more: no hidden unit")
                g.pop()
                return
            a.update(step="hex", unit=option.args["unit"], weapon=option.args.get("weapon"),
                     prompt=f"Hidden Unit: place {option.label}",
                     opts=_hex_opts(hexes, "Into {hex}"))
        else:
            g.pop()
            _place_hidden_unit(g, a, option.args["hex"])


# ---------------------------------------------------------------- registration
ENTRY = frozenset({"move_entry", "advance_entry"})
DEFENSE = frozenset({"fire_defense_roll"})
PASS = frozenset({"after_pass_discard"})

DEFS: dict[str, tuple[str, frozenset[str], Any, Any]] = {
    "Demolitions": ("A31", PASS, demolitions_playable, demolitions_play),
    "Dig In": ("A32", frozenset({"dig_in"}), dig_in_playable, dig_in_play),
    "Hidden Entrenchments": ("A35.1", DEFENSE, entrench_playable, entrench_play),
    "Hidden Mines": ("A35.2", ENTRY, mines_playable, mines_play),
    "Hidden Pillbox": ("A35.3", DEFENSE, pillbox_playable, pillbox_play),
    "Hidden Unit": ("A35.4", PASS, hidden_unit_playable, hidden_unit_play),
    "Hidden Wire": ("A35.5", ENTRY, wire_playable, wire_play),
}


def register(rules: Any) -> None:
    """Add these Actions, their choice frame and the Mine Attack frame to a rules instance."""
    for st in (FortAction(), *mine_steps()):
        if st.name not in rules.steps:
            rules.add_step(st)
    for n, (rule, windows, playable, play) in DEFS.items():
        rules.actions[n] = ActionDef(n, rule, implemented=True, windows=windows, playable=playable, play=play)
