"""Strategy Card Situations played inside a procedure rather than at the Turn decision (S98.1),
and the Reminder Cards and Order-long effects that the family's hooks ask about.

* During a friendly Move Order (S98.3.4 Assaults, S98.4.7 Sturmtruppen, S98.5.6 Hidden Path) or
  Offensive (S98.5.3 Doughboy Surge): the card is one more option of the mover's own Move
  decision (the family's ``move_extras``), when choosing the next group and at every step, so no
  decision is added and nothing about the card shows until it is played. Its effect is kept in
  the Move frame (``sc``: effect -> rule) and ends with the Order.
* Right after the opponent does what a card answers (S98.4.5 Red Trousers: a French Offensive is
  activated; S98.4.6 Sturmabteilung Vor: units are activated for Op Fire; S98.5.7 Scout: one of
  four Actions is announced) and when a Melee begins (S98.3.8 La Force Noire): a ``sc_situation``
  window (strategy.py). It is pushed whenever the seat may play a Strategy Card and its nation's
  card of that name is not publicly spent (discarded or face up): the mini-decks are public, the
  held card is not, so the window says nothing about the hand.
* Reminder Cards read here: S98.5.9 Woods Fighting (+1 Morale to the owner's Leaders in Woods,
  the family's ``stat_parts``) and Anti-Gas Strategy against entering Gas (T107.1, S98.3.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.board_state import units_in, within
from ..commander_family.movement import find_frame
from ..commander_family.state import opponent, side
from ..commander_family.stats import command_of
from ..commander_family.victory import nation
from . import strategy, terrain_state
from .components import unit_type_of

if TYPE_CHECKING:
    from tactica.core.game import Game

MOVE_USES: dict[str, list[tuple[str, str]]] = {
    "Assaults": [("enter_suppress", "moving Units and Leaders may enter enemy hexes")],
    "Sturmtruppen": [("no_wire", "moving Units and Leaders ignore Wire"),
                     ("enter", "moving Units and Leaders may enter enemy hexes")],
    "Hidden Path": [("no_wire", "moving Units and Leaders ignore Wire")],
}
"""S98.3.4, S98.4.7, S98.5.6: the uses of the cards played during a friendly Move Order, by
card name: (effect kept in the Move frame, label)."""
OFFENSIVE_USES: dict[str, list[tuple[str, str]]] = {
    "Doughboy Surge": [("surge", "activated Units near an activated Leader do not break by Op Fire")],
}
"""S98.5.3: the card played during a friendly Offensive."""
SCOUTED = ("Concealment", "Counterattack", "Go to Ground", "Hidden Wire")
"""S98.5.7: the Actions Scout negates."""


# ---------------------------------------------------------------- who may play what, publicly
def in_period(g: Game, cid: str) -> bool:
    """S98.1.2: the scenario's year lies in the card's period (if it has one)."""
    c = strategy.card(g, cid)
    year = int(str(g.state["date"])[:4])
    return c.period is None or c.period[0] <= year <= c.period[1]


def could_answer(g: Game, seat: int, name: str) -> str | None:
    """The id of ``seat``'s card ``name`` if, as far as the other seat can tell, ``seat`` might
    play it now: it may play a Strategy Card, its nation has the card, not spent in public view,
    and the scenario is in its period. Never reads the held card."""
    cid = strategy.card_named(g, seat, name)
    if cid is None or not strategy.may_play(g, seat) or not in_period(g, cid):
        return None
    sd = side(g.state, seat)
    if cid in sd["sc_discard"] or cid in (sd.get("sc_reminders") or ()):
        return None
    return cid


def push_answer(g: Game, seat: int, name: str, **ctx: Any) -> None:
    """Open the ``sc_situation`` window for ``seat``'s card ``name`` (strategy.StrategySituation)."""
    if could_answer(g, seat, name) is not None:
        g.push("sc_situation", seat=seat, name=name, reaction=True, ctx=ctx)


# ---------------------------------------------------------------- during a friendly Move
def move_extras(g: Game, a: Args) -> list[Option]:
    """The mover's Move decision offers the card it holds among MOVE_USES (a Move Order) or
    OFFENSIVE_USES (an Offensive), each use once an Order."""
    seat = int(a["seat"])
    if int(g.state["active"]) != seat or not strategy.may_play(g, seat):
        return []
    uses = OFFENSIVE_USES if a.get("offensive") else MOVE_USES
    done = a.get("sc") or {}
    opts = []
    for cid in side(g.state, seat)["sc_hand"]:
        name = strategy.card(g, cid).name
        if name not in uses or not in_period(g, cid):
            continue
        for i, (effect, label) in enumerate(uses[name]):
            if effect not in done:
                opts.append(Option(f"sc:{cid}:{i}", f"Strategy Card {name}: {label}", "move_extra",
                                   {"sc_card": cid, "card": cid, "use": i}))
    return opts


def move_extra(g: Game, a: Args, option: Option) -> None:
    """Play the card: its effect holds for the rest of this Order."""
    seat = int(a["seat"])
    cid = option.args["sc_card"]
    c = strategy.card(g, cid)
    effect, label = (OFFENSIVE_USES if a.get("offensive") else MOVE_USES)[c.name][int(option.args["use"])]
    strategy.spend(g, seat, cid)
    g.emit("S98.1", "{nation} plays the Strategy Card {name} ({card}) as a Situation: {use}",
           nation=nation(g, seat), name=c.name, card=cid, use=label)
    g.emit(c.rule, "{name}: {use} until the end of this Order", name=c.name, use=label)
    a.setdefault("sc", {})[effect] = c.rule


def _effect(g: Game, effect: str) -> tuple[Args, str] | None:
    """The Move frame in progress and the rule of ``effect`` played in it, if any."""
    if "stack" not in g.state:  # a policy's reading of a view has no flow
        return None
    a = find_frame(g, "move_order")
    if a is None:
        return None
    rule = (a.get("sc") or {}).get(effect)
    return None if rule is None else (a, rule)


def enemy_entry(g: Game, move: Args) -> str | None:
    """S98.3.4 / S98.4.7: every moving Unit and Leader may enter enemy-occupied hexes."""
    sc = move.get("sc") or {}
    return sc.get("enter_suppress") or sc.get("enter")


def after_entry(g: Game, a: Args, to: str) -> None:
    """S98.3.4 Assaults, S98.4.7 Sturmtruppen: a group that entered an enemy-occupied hex leaves
    a hex holding both sides, which no Fire may target nor leave (O21.3, reading SC5: the
    family's storm shield bars Op Fire at it and by its defenders for the rest of the Order);
    with Assaults the group is Suppressed there (its remaining MPs are lost by the family's
    enemy entry)."""
    if enemy_entry(g, a) is None or not units_in(g, to, opponent(int(a["seat"]))):
        return
    g.emit("O21.3", "{hex} holds both sides: no Fire at it or from it until the Melee", hex=to)
    rule = (a.get("sc") or {}).get("enter_suppress")
    if rule is None:
        return
    for uid in a["group"]:
        u = g.state["units"][uid]
        if not u["suppressed"] and not u["broken"]:
            u["suppressed"] = True
            g.emit(rule, "Assaults: {unit} enters enemy-occupied {hex} and is Suppressed", unit=uid, hex=to)


def wire_ignored(g: Game) -> str | None:
    """S98.4.7 / S98.5.6: the rule by which the Order's moving units ignore Wire, if any."""
    e = _effect(g, "no_wire")
    return None if e is None else e[1]


def stat_parts(g: Game, uid: str, stat: str) -> tuple[tuple[str, int, str], ...]:
    """Woods Fighting's +1 Morale (S98.5.9); for a unit moving in an Order that ignores Wire,
    the Wire's -1 given back (S98.4.7 / S98.5.6)."""
    u = g.state["units"][uid]
    if u["where"] != "map" or u["hex"] is None:
        return ()
    out: tuple[tuple[str, int, str], ...] = ()
    if (stat == "morale" and side(g.state, int(u["seat"])).get("sc_reminders")
            and strategy.reminder(g, int(u["seat"]), "Woods Fighting")
            and unit_type_of(g, uid).type == "leader"
            and terrain_state.current_type(g, u["hex"]).id == "woods"):
        out += (("Woods Fighting", 1, "S98.5.9"),)
    if stat not in ("movement", "command"):
        rules: Any = g.rules
        if rules.in_wire(g, u["hex"]):
            e = _effect(g, "no_wire")
            if e is not None and uid in e[0]["activated"]:
                out += (("Wire ignored", 1, e[1]),)
    return out


# ---------------------------------------------------------------- S98.5.3 Doughboy Surge
def break_spared(g: Game, fire: Args, uid: str) -> str | None:
    """S98.5.3: in an Offensive with Doughboy Surge played, an Op Fire Defense Roll does not
    break an activated Unit that was in Good Order and stands in the Command radius of an
    activated friendly Leader (reading SC1: that roll then leaves it unaffected)."""
    if not fire.get("op_fire"):
        return None
    e = _effect(g, "surge")
    if e is None:
        return None
    move, rule = e
    units = g.state["units"]
    u = units[uid]
    if uid not in move["activated"] or u["broken"] or not unit_type_of(g, uid).is_unit:
        return None
    for ldr in move["activated"]:
        v = units[ldr]
        if (unit_type_of(g, ldr).type == "leader" and v["where"] == "map" and v["seat"] == u["seat"]
                and u["hex"] in within(g, v["hex"], command_of(g, ldr))):
            return rule
    return None


# ---------------------------------------------------------------- answers to the opponent
def red_trousers_window(g: Game, seat: int, line: list[str]) -> None:
    """S98.4.5: a French Offensive was just activated; Germany may answer it."""
    if side(g.state, seat)["nation"] == "France":
        push_answer(g, opponent(seat), "Red Trousers", line=list(line))


def red_trousers(g: Game, seat: int, cid: str, a: Args) -> None:
    """S98.4.5: the Offensive is called off and does not count as an Order; its Formations are
    no longer activated; half its Units (rounded up) are Suppressed, picked by the card's
    player (reading SC2)."""
    line = list(a["ctx"]["line"])
    for step in ("move_order", "offensive_order"):
        frame = find_frame(g, step)
        if frame is not None:
            _drop(g, frame)
    turn = find_frame(g, "turn")
    if turn is not None:
        turn["given"] = int(turn["given"]) - 1
    g.state["activated"] = [u for u in g.state["activated"] if u not in line]
    units = [u for u in line if unit_type_of(g, u).is_unit and g.state["units"][u]["where"] == "map"]
    n = (len(units) + 1) // 2
    g.emit("S98.4.5", "Red Trousers: the French Offensive is cancelled (no Order counted), {units} are "
           "no longer activated; {n} of its Units are Suppressed", units=", ".join(line), n=n)
    if n:
        g.push("sc_suppress", seat=seat, units=units, n=n, rule="S98.4.5")


def _drop(g: Game, frame: Args) -> None:
    stack = g.state["stack"]
    for i in range(len(stack) - 1, -1, -1):
        if stack[i]["args"] is frame:
            del stack[i]
            return


class StrategySuppress(Step):
    """The card's player picks ``n`` of ``units`` to Suppress, one at a time (S98.4.5)."""

    name = "sc_suppress"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"Suppress {a['n']} more of the French Offensive's Units"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"suppress:{u}", f"Suppress {u}", "unit", {"unit": u}) for u in a["units"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        uid = option.args["unit"]
        a["units"].remove(uid)
        a["n"] = int(a["n"]) - 1
        g.state["units"][uid]["suppressed"] = True
        g.emit(a["rule"], "{unit} is Suppressed", unit=uid)
        if a["n"] <= 0 or not a["units"]:
            g.pop()


def after_op_activation(g: Game, seat: int, units: list[str]) -> None:
    """S98.4.6: the mover may answer an Op Fire activation (1916-1918)."""
    push_answer(g, opponent(seat), "Sturmabteilung Vor", units=list(units))


def sturmabteilung_vor(g: Game, seat: int, cid: str, a: Args) -> None:
    """S98.4.6: the Op Fire Action is cancelled (its card stays discarded) and none of its units
    counts as activated for Op Fire."""
    units = list(a["ctx"]["units"])
    move = find_frame(g, "move_order")
    for uid in units:
        g.state["units"][uid]["op_fired"] = False
        if move is not None and uid in move["op_units"]:
            move["op_units"].remove(uid)
    g.emit("S98.4.6", "Sturmabteilung Vor: the Op Fire Action is cancelled; {units} are not activated",
           units=", ".join(units))


def melee_begins(g: Game, label: str) -> None:
    """S98.3.8: La Force Noire, as an Ambush, before the Melee dice; in its player's own Turn
    (S98.1, reading SC3) when he has a Formation in the hex."""
    seat = int(g.state["active"])
    if units_in(g, label, seat) and units_in(g, label, opponent(seat)):
        push_answer(g, seat, "La Force Noire", hex=label)


def la_force_noire(g: Game, seat: int, cid: str, a: Args) -> None:
    """S98.3.8: the opponent breaks one of his Formations in the Melee hex (A30)."""
    g.emit("S98.3.8", "La Force Noire: as an Ambush, {nation} must break one of its Formations in {hex}",
           nation=nation(g, opponent(seat)), hex=a["ctx"]["hex"])
    g.push("ambush_pick", seat=opponent(seat), hex=a["ctx"]["hex"])


# ---------------------------------------------------------------- S98.5.7 Scout
def _scoutable(name: str, play: Any) -> Any:
    """Wrap an Action's play so that, once announced, the opponent may negate it with Scout
    before it takes effect (the ``sc_negatable`` frame carries it out if not)."""
    def announced(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
        g.push("sc_negatable", seat=seat, card=card, action=name, ctx=dict(ctx))
        push_answer(g, opponent(seat), "Scout", action=name, card=card)
    return announced


class Negatable(Step):
    """An announced Action waiting for the Scout window above it: carried out unless negated."""

    name = "sc_negatable"

    def run(self, g: Game, a: Args) -> None:
        g.pop()
        if a.get("negated"):
            return
        rules: Any = g.rules
        rules.scouted_plays[a["action"]](g, int(a["seat"]), a["card"], a["ctx"])


def scout(g: Game, seat: int, cid: str, a: Args) -> None:
    """S98.5.7: the announced Action has no effect; its card is discarded (it already is)."""
    frame = find_frame(g, "sc_negatable")
    assert frame is not None
    frame["negated"] = True
    g.emit("S98.5.7", "Scout: {nation}'s {action} ({card}) is negated and its card discarded",
           nation=nation(g, opponent(seat)), action=a["ctx"]["action"], card=a["ctx"]["card"])


ANSWERS = {"Red Trousers": red_trousers, "Sturmabteilung Vor": sturmabteilung_vor,
           "La Force Noire": la_force_noire, "Scout": scout}
"""What each answering card does once played in its ``sc_situation`` window."""


def register(rules: Any) -> None:
    """The frames, and Scout's hold on the four Actions it answers."""
    for st in (StrategySuppress(), Negatable()):
        if st.name not in rules.steps:
            rules.add_step(st)
    from dataclasses import replace

    plays: dict[str, Any] = {}
    for name in SCOUTED:
        adef = rules.actions.get(name)
        if adef is not None and adef.play is not None:
            plays[name] = adef.play
            rules.actions[name] = replace(adef, play=_scoutable(name, adef.play))
    rules.scouted_plays = plays
