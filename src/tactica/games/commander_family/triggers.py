"""Die triggers that pause play (1.9.1): Event! (1.9.1.1) and Sniper! (1.9.1.3) as frames.

Time! is a Time advance (time_track.py) and Jammed! is only a flag on a Fire Attack Roll
(rolls.py). Both frames below reveal the next card of the roller's deck (never a roll) and are
resolved completely before the roll that triggered them hands its locked result back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .phases import unknown_phase
from .state import side
from .victory import break_unit

if TYPE_CHECKING:
    from tactica.core.game import Game


class TriggerEvent(Step):
    """1.9.1.1: reveal the next card and carry out its Event; the roller decides for it."""

    name = "trigger_event"

    def run(self, g: Game, a: Args) -> None:
        rules = rules_of(g)
        seat = int(a["seat"])
        if a["phase"] == "reveal":
            a["phase"] = "execute"
            g.emit("1.9.1.1", "Event!: {nation} reveals the next card for its Event",
                   nation=side(g.state, seat)["nation"])
            g.push("reveal", seat=seat, store="card")
        elif a["phase"] == "execute":
            a["phase"] = "done"
            card = a["card"]
            name = rules.card(card).event
            g.emit("1.9.1.1", "{card}: Event {event}", card=card, event=name)
            rules.events[name].run(g, seat, card)
        elif a["phase"] == "done":
            g.pop()
            rules.after_trigger(g)
        else:
            unknown_phase(self.name, a["phase"])


class TriggerSniper(Step):
    """1.9.1.3: reveal the next card for its Random Hex; broken Weapons check it first (11.4);
    then the roller may break one unit (either side's) in or adjacent to that hex."""

    name = "trigger_sniper"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if a["phase"] == "pick" else None

    def run(self, g: Game, a: Args) -> None:
        rules = rules_of(g)
        seat = int(a["seat"])
        if a["phase"] == "reveal":
            a["phase"] = "hex"
            g.emit("1.9.1.3", "Sniper!: {nation} reveals the next card for its Random Hex",
                   nation=side(g.state, seat)["nation"])
            g.push("reveal", seat=seat, store="card")
            return
        if a["phase"] == "hex":
            c = rules.card(a["card"])
            a["hex"] = c.hex
            g.emit("1.8", "Random Hex {hex} ({card})", hex=c.hex, card=a["card"])
            rules.broken_weapon_check(g, c.hex_number)
            a["targets"] = rules.sniper_targets(g, c.hex)
            a["phase"] = "pick"
            if not a["targets"]:  # nothing to choose: only "none" would be offered
                g.emit("1.9.1.3", "No unit in or next to {hex}: the Sniper breaks nobody", hex=c.hex)
                a["phase"] = "done"
            return
        if a["phase"] != "done":
            unknown_phase(self.name, a["phase"])
        g.pop()
        rules.after_trigger(g)

    def prompt(self, g: Game, a: Args) -> str:
        return f"Sniper! at {a['hex']}: break a unit in or next to it?"

    def options(self, g: Game, a: Args) -> list[Option]:
        units = g.state["units"]
        opts = [Option(f"break:{u}", f"Break {units[u]['type']} ({u})", "break", {"unit": u})
                for u in a["targets"] if u in units and units[u]["where"] == "map"]
        return [*opts, Option("none", "Break nobody", "none")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        a["phase"] = "done"
        if option.id == "none":
            g.emit("1.9.1.3", "The Sniper breaks nobody")
            return
        break_unit(g, option.args["unit"], "1.9.1.3")
