"""The Time Track (6): one Time advance as a frame, with its six steps in the rulebook's order.

Pushed by a Time! trigger, or when a player reveals or draws the last card of his draw pile
(6.1.2: counted once even if that card also shows Time!). Play pauses, the steps run, then play
resumes exactly where it stopped (the frame below). Args: ``seat`` (the triggering player),
``cause``, ``phase``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import open_windows
from .cards import reshuffle
from .phases import unknown_phase
from .state import opponent, side
from .victory import add_vp, chit_open, controls_all, end_with_winner, final_decision, nation

if TYPE_CHECKING:
    from tactica.core.game import Game


class TimeAdvance(Step):
    name = "time_advance"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if a["phase"] == "smoke_pick" else None

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        t = s["time"]
        seat = int(a["seat"])
        phase = a["phase"]
        rules = rules_of(g)
        if phase == "advance":
            t["space"] = min(int(t["space"]) + 1, int(t["last"]))
            t["advances"] += 1
            g.emit("6.1.2", "Time advances to space {space} ({cause}, {nation})", space=t["space"],
                   cause=a["cause"], nation=nation(g, seat))
            reshuffle(g, seat)  # step 1: the triggering player only (1.4)
            g.emit("1.4", "{nation} shuffles discards and draw pile into a new draw pile of {n}",
                   nation=nation(g, seat), n=len(side(s, seat)["deck"]["draw"]))
            if t["space"] >= t["sudden_death"]:  # step 2 (6.2.2)
                if chit_open(g, "control_all_wins"):
                    winner = controls_all(g)
                    if winner is not None:
                        end_with_winner(g, winner, f"{nation(g, winner)} controls all five "
                                        "Objectives before the Sudden Death roll", "7.3.2")
                        return
                a["phase"] = "sudden_death"
                g.push("roll", roller=seat, purpose="sudden death", store="sd")
            else:
                a["phase"] = "defender"
        elif phase == "sudden_death":
            roll = int(a["sd"]["total"])
            if roll < int(t["space"]):
                final_decision(g, f"Sudden Death roll {roll} < {t['space']}", "6.2.2")
                return
            g.emit("6.2.2", "Sudden Death roll {roll} is not below {space}: play goes on",
                   roll=roll, space=t["space"])
            a["phase"] = "defender"
        elif phase == "defender":  # step 3
            for d in (0, 1):
                if side(s, d)["posture"] == "Defend":
                    add_vp(g, d, 1, "6.1.2", "Defender, Time advance")
            a["phase"] = "smoke_pick" if rules.time_removals(g, a) else "reinforce"
        elif phase == "reinforce":  # step 5, inactive player first
            rules.time_additions(g, seat)
            rules.arrive_contacts(g, int(t["space"]))
            waiting = s["reinforcements"].pop(str(t["space"]), [])
            if waiting:
                active = int(s["active"])
                for who in (opponent(active), active):
                    mine = [u for u in waiting if s["units"][u]["seat"] == who]
                    if mine:
                        rules.reinforce(g, who, mine)
            a["phase"] = "dig_in"
        elif phase == "dig_in":  # step 6: both may play Dig In, inactive first
            a["phase"] = "done"
            open_windows(g, "dig_in")
        elif phase == "done":
            g.pop()
            rules.time_closing(g, seat)  # after step 6 (GWC step 7: Strategy Card draws)
        else:
            unknown_phase(self.name, phase)

    # step 4: the triggering player removes markers (the game's ``time_removals``)
    def prompt(self, g: Game, a: Args) -> str:
        return "Time: remove one Smoke marker"

    def options(self, g: Game, a: Args) -> list[Option]:
        rules = rules_of(g)
        opts: list[Option] = rules.time_removals(g, a)
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        rules = rules_of(g)
        if rules.time_remove(g, a, option) or not rules.time_removals(g, a):
            a["phase"] = "reinforce"
