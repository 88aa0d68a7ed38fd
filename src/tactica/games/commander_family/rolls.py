"""Rolls read off the Fate deck (1.9), the Initiative re-roll (9.1), and plain reveals (1.3, 1.8).

A roll is a pushed frame. The caller keeps a phase in its own args and pushes::

    g.push("roll", roller=seat, purpose="rout", store="roll")          # sum of the dice
    g.push("roll", roller=seat, purpose="targeting", store="t", product=True)   # O20.2.3
    g.push("roll", roller=seat, purpose="fire_attack", store="a", fire_attack=True)  # Jammed!

The roll frame then goes through, in this order:

1. reveal the top card of the roller's draw pile (1.3) — the result is now locked (1.9.1);
2. if that was the last card of the draw pile: a Time advance first (6.1.2), pushed as a frame;
   a Time! trigger on that same card does not advance Time a second time;
3. the Initiative holder may cancel the roll and have it rolled again, handing the card to the
   opponent, who may then do the same (9.1; repeatable) — the re-roll comes off the original
   roller's deck; then the game's ``after_roll`` hook may push its own windows on the kept roll
   (GWC S98.2: a Strategy Card as +1), which add to ``drm`` in the roll's args;
4. the trigger on the kept card is resolved completely (1.9.1: Event!, Sniper!, Time!; Jammed!
   only on a Fire Attack Roll, where it is only flagged for the Fire procedure) — unless the roll
   is made while a trigger is being resolved, in which case triggers are ignored;
5. the locked result is written into the caller's args under ``store`` (a dict, see
   :func:`result`) and the roll frame pops. The caller's next run/choose reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .cards import reveal_top
from .phases import unknown_phase
from .state import opponent, side

if TYPE_CHECKING:
    from tactica.core.game import Game

TRIGGER_STEPS = frozenset({"trigger_event", "trigger_sniper", "time_advance"})
"""Frames during which rolls ignore triggers (1.9.1: e.g. a Sudden Death roll inside Time!)."""


def in_trigger(g: Game) -> bool:
    return any(f["step"] in TRIGGER_STEPS for f in g.state["stack"])


def caller_args(g: Game) -> Args:
    """The args of the frame just below the top one: where a sub-procedure hands back results."""
    args: Args = g.state["stack"][-2]["args"]
    return args


def push_time_advance(g: Game, seat: int, cause: str) -> None:
    g.push("time_advance", seat=seat, cause=cause, phase="advance")


def result(g: Game, a: Args) -> dict[str, Any]:
    """The locked roll as its caller reads it. A modifier played on the roll itself (``drm``, GWC
    S98.2) is in ``total`` and listed as ``drm``; a roll without one carries no such key."""
    rules = rules_of(g)
    c = rules.card(a["card"])
    total = c.white * c.colored if a["product"] else c.white + c.colored
    out = {
        "card": a["card"], "white": c.white, "colored": c.colored, "total": total,
        "doubles": c.white == c.colored, "trigger": c.trigger, "triggered": a["triggered"],
        "jammed": a["jammed"], "rerolls": a["rerolls"], "roller": a["roller"], "purpose": a["purpose"],
    }
    drm = int(a.get("drm") or 0)
    if drm:
        out["total"] = total + drm
        out["drm"] = drm
    return out


class Roll(Step):
    name = "roll"

    def run(self, g: Game, a: Args) -> None:
        a.setdefault("phase", "reveal")
        for k, v in (("product", False), ("fire_attack", False), ("rerolls", 0), ("jammed", False),
                     ("triggered", False)):
            a.setdefault(k, v)
        if "quiet" not in a:
            a["quiet"] = in_trigger(g)  # fixed when the roll starts (1.9.1)
        phase = a["phase"]
        if phase == "reveal":
            self._reveal(g, a)
        elif phase == "reroll":
            a["phase"] = "after_reroll"
            g.push("initiative", seat=int(g.state["initiative"]))
        elif phase == "after_reroll":
            if a.pop("reroll", False):
                a["rerolls"] += 1
                a["phase"] = "reveal"
            else:
                a["phase"] = "trigger"
                rules_of(g).after_roll(g, a)  # the game's windows on the kept roll (GWC S98.2)
        elif phase == "trigger":
            a["phase"] = "done"
            self._trigger(g, a)
        elif phase != "done":
            unknown_phase(self.name, phase)
        else:
            res = result(g, a)
            g.pop()
            g.top()[a["store"]] = res

    def _reveal(self, g: Game, a: Args) -> None:
        rules = rules_of(g)
        seat = int(a["roller"])
        card, exhausted = reveal_top(g, seat)
        c = rules.card(card)
        a.update(card=card, exhausted=exhausted, phase="reroll")
        total = c.white * c.colored if a["product"] else c.white + c.colored
        how = "x" if a["product"] else "+"
        g.emit("1.9", "{nation} rolls for {purpose}: {card} shows {w}{how}{c} = {total}{trig}",
               nation=side(g.state, seat)["nation"], purpose=a["purpose"], card=card, w=c.white,
               c=c.colored, how=how, total=total, trig=f" ({c.trigger})" if c.trigger else "")
        if exhausted:
            g.emit("6.1.2", "That was the last card of the draw pile: Time advances first")
            push_time_advance(g, seat, "last card")

    def _trigger(self, g: Game, a: Args) -> None:
        rules = rules_of(g)
        trig = rules.card(a["card"]).trigger
        seat = int(a["roller"])
        if trig is None:
            return
        if a["quiet"]:
            g.emit("1.9.1", "{trigger} ignored: this roll is made while resolving a trigger", trigger=trig)
            return
        if trig == "Jammed!":
            if a["fire_attack"]:
                a["jammed"] = a["triggered"] = True
                g.emit("1.9.1.2", "Jammed!: every firing Weapon breaks; the attack still resolves")
            else:
                g.emit("1.9.1.2", "Jammed! has no effect on a roll other than a Fire Attack Roll")
            return
        a["triggered"] = True
        if trig == "Time!":
            if a.get("exhausted"):
                g.emit("6.1.2", "Time! on the last card: Time has already advanced once for it")
            else:
                g.emit("1.9.1.4", "Time! trigger")
                push_time_advance(g, seat, "Time!")
        elif trig == "Event!":
            g.push("trigger_event", seat=seat, phase="reveal")
        elif trig == "Sniper!":
            g.push("trigger_sniper", seat=seat, phase="reveal")


class Initiative(Step):
    """9.1: the Initiative holder may cancel the last roll and have it rolled again."""

    name = "initiative"
    window = True

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        roll = g.state["stack"][-2]["args"]
        return f"Initiative: re-roll {roll['card']} ({roll['purpose']})?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option("reroll", "Re-roll, handing the Initiative card over", "reroll"),
                Option("pass", "Keep the roll", "pass")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        g.pop()
        roll = g.top()
        roll["reroll"] = option.id == "reroll"
        if roll["reroll"]:
            g.state["initiative"] = opponent(seat)
            g.emit("9.1", "{nation} cancels the roll ({card}) for a re-roll and hands over the "
                   "Initiative card", nation=side(g.state, seat)["nation"], card=roll["card"])


class Reveal(Step):
    """Reveal the top card for what is printed on it besides the dice (an Event, a Random Hex):
    not a roll, so no trigger and no re-roll. The card id goes to the caller's ``store``."""

    name = "reveal"

    def run(self, g: Game, a: Args) -> None:
        if a.get("card") is None:
            card, exhausted = reveal_top(g, int(a["seat"]))
            a["card"] = card
            if exhausted:
                g.emit("6.1.2", "{card} was the last card of the draw pile: Time advances first",
                       card=card)
                push_time_advance(g, int(a["seat"]), "last card")
            return
        card = a["card"]
        g.pop()
        g.top()[a["store"]] = card
