"""Duel: a tiny two-seat game that lives only in the tests, to exercise the core flow.

Rules (all ours): a 12-card deck holds the values 1..6 twice. Each seat holds 3 hidden cards.
On its turn a seat plays a card (score += value), rolls a d6 (score += roll) or passes. When a
card is played, the other seat may block it with a card of the same value (a reaction window,
asked whenever the other card of that value is not in public view, whatever the hand holds):
both cards are discarded and nothing scores. Hands refill to 3 at the end of each turn (unless
the option ``refill`` is off). First to 15 wins; after 20 turns the higher score wins (equal: a draw).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tactica.core.decks import discard, draw, new_deck
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Rules, ScenarioInfo, Step

CARDS = [f"{v}{s}" for v in range(1, 7) for s in "ab"]


def value(card: str) -> int:
    return int(card[0])


class Turn(Step):
    name = "turn"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["active"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Play a card, roll or pass"

    def options(self, g: Game, a: Args) -> list[Option]:
        hand = g.state["hands"][g.state["active"]]
        opts = [Option(f"play:{c}", f"Play {c}", "play", {"card": c}) for c in sorted(hand)]
        return [*opts, Option("roll", "Roll a die", "roll"), Option("pass", "Pass", "pass")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        me = s["active"]
        g.replace("end_turn")
        if option.kind == "play":
            card = option.args["card"]
            s["hands"][me].remove(card)
            s["table"] = card
            g.reveal()
            g.emit("D2", "Seat {seat} plays {card}", seat=me, card=card)
            g.push("block", seat=1 - me)
        elif option.kind == "roll":
            r = g.chance.d6()
            s["score"][me] += r
            g.emit("D3", "Seat {seat} rolls {roll}", seat=me, roll=r)
        else:
            g.emit("D4", "Seat {seat} passes", seat=me)


class Block(Step):
    name = "block"
    window = True

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def opens(self, g: Game, a: Args) -> bool:
        """Public facts only: the seat holds a card and a card of the value played is not
        accounted for in public (on the table or in the discards)."""
        s = g.state
        v = value(s["table"])
        seen = [s["table"], *s["deck"]["discard"]]
        return bool(s["hands"][a["seat"]]) and any(value(c) == v and c not in seen for c in CARDS)

    def options(self, g: Game, a: Args) -> list[Option]:
        v = value(g.state["table"])
        hand = g.state["hands"][a["seat"]]
        blocks = [Option(f"block:{c}", f"Block with {c}", "block", {"card": c})
                  for c in sorted(hand) if value(c) == v]
        return [*blocks, Option("pass", "Let it score", "pass")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        card = s["table"]
        s["table"] = None
        g.pop()
        if option.id == "pass":
            s["score"][1 - a["seat"]] += value(card)
            discard(s["deck"], card)
            g.emit("D5", "{card} scores {v}", card=card, v=value(card))
            return
        blocker = option.args["card"]
        s["hands"][a["seat"]].remove(blocker)
        discard(s["deck"], card)
        discard(s["deck"], blocker)
        g.emit("D6", "Seat {seat} blocks with {card}", seat=a["seat"], card=blocker)


class EndTurn(Step):
    name = "end_turn"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        me = s["active"]
        while s["refill"] and len(s["hands"][me]) < 3:
            c = draw(s["deck"], g.chance)
            if c is None:
                break
            s["hands"][me].append(c)
            g.emit("D7", "You draw {card}", to=[me], card=c)
        sc = s["score"]
        s["turns"] += 1
        if max(sc) >= 15 or s["turns"] >= 20:
            if sc[0] == sc[1]:
                g.end([0, 0], "scores are level", rule="D8")
            else:
                w = 0 if sc[0] > sc[1] else 1
                returns = [1, -1] if w == 0 else [-1, 1]
                g.end(returns, f"seat {w} wins {sc[w]}-{sc[1 - w]}", rule="D8")
            return
        s["active"] = 1 - me
        g.replace("turn")


class DuelRules(Rules):
    id = "duel"
    name = "Duel (test game)"
    version = "1"
    seats = ("north", "south")
    option_defaults: Mapping[str, Any] = {"target": 15, "refill": True}

    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo("basic", "Basic duel", seats=self.seats)]

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        deck = new_deck(CARDS, g.chance)
        hands: list[list[str]] = [[], []]
        for _ in range(3):
            for h in hands:
                c = draw(deck, g.chance)
                assert c is not None
                h.append(c)
        g.state.update(deck=deck, hands=hands, score=[0, 0], active=0, turns=0, table=None,
                       refill=bool(options["refill"]))
        g.push("turn")

    def view(self, g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
        s = g.state
        return {
            "score": list(s["score"]),
            "active": s["active"],
            "table": s["table"],
            "discard": list(s["deck"]["discard"]),
            "draw_size": len(s["deck"]["draw"]),
            "hand_sizes": [len(h) for h in s["hands"]],
            "hands": [list(h) if everything or seat == i else None for i, h in enumerate(s["hands"])],
        }

    def hidden_zones(self, g: Game, seat: int) -> list[list[Any]]:
        return [g.state["hands"][1 - seat], g.state["deck"]["draw"]]


RULES = DuelRules([Turn(), Block(), EndTurn()])
