"""The Turn (5, O14, O15): Orders or a pass with discards, then the end of the Turn.

Frames: ``turn`` (the active seat gives Orders one at a time, up to its Order capability, or
passes; while the game's ``forced_order`` hook says a face-down card waits, its one Order choice
is to reveal that card, with no pass: GWC E71), ``discard`` (after a pass: 0..discard capability
cards, one at a time in card order so every subset has exactly one path, asked as long as public
facts allow another discard) and ``end_turn`` (refill to Hand Size — drawing the last card is a
Time advance, after which the refill goes on (5.4) — the stacking check hook, then the other
seat's Turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import open_windows
from .cards import card_key, draw_card, play_from_hand
from .citations import cite
from .phases import unknown_phase
from .rolls import push_time_advance
from .state import opponent, side
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game


def start_turn(g: Game, seat: int) -> None:
    g.state["active"] = seat
    g.state["turn"] += 1
    g.emit("5", "Turn {n}: {nation}", n=g.state["turn"], nation=nation(g, seat))
    g.push("turn", phase="choose", given=0)


class Turn(Step):
    name = "turn"

    def actor(self, g: Game, a: Args) -> int | None:
        return None if a["phase"] == "after_order" else int(g.state["active"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Give an Order" + (" or end the Turn" if a["given"] else " or pass and discard")

    def options(self, g: Game, a: Args) -> list[Option]:
        rules = rules_of(g)
        seat = int(g.state["active"])
        sd = side(g.state, seat)
        opts: list[Option] = []
        forced = a["given"] < sd["order_cap"] and rules.forced_order(g, seat)
        if forced:  # GWC E71: the face-down card is the next Order, instead of any from the hand
            opts.append(Option("reveal", "Reveal the face-down card and carry out its Order", "reveal"))
        elif a["given"] < sd["order_cap"]:
            legal: dict[str, bool] = {}  # by Order name: no Order's legality depends on the card
            for card in sorted(set(sd["hand"]), key=card_key):
                name = rules.card(card).order
                odef = rules.orders.get(name)
                if odef is None:
                    continue
                if name not in legal:
                    legal[name] = odef.offered(g, seat, card)
                if legal[name]:
                    opts.append(Option(f"order:{card}", f"{name} ({card})", "order",
                                       {"card": card, "order": name}))
        opts += rules.turn_extras(g, seat)
        if forced:
            return opts  # no pass, nor an end of the Turn, while the face-down card waits
        if a["given"]:
            opts.append(Option("end", "End the Turn", "end"))
        elif rules.may_pass(g, seat) or not any(o.kind == "order" for o in opts):
            opts.append(Option("pass", "Pass: give no Order, discard up to "
                               f"{sd['discard_cap']} cards", "pass"))
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(g.state["active"])
        if option.id == "end":
            g.emit("5", "{nation} ends the Turn after {n} Order(s)", nation=nation(g, seat), n=a["given"])
            g.replace("end_turn", phase="refill")
            return
        if option.id == "pass":
            g.emit(cite(g, "order.pass"), "{nation} gives no Order and may discard", nation=nation(g, seat))
            rules_of(g).on_pass(g, seat)
            g.replace("end_turn", phase="refill")
            g.push("discard", seat=seat, n=0, last=None)
            return
        rules = rules_of(g)
        if option.id == "reveal":  # counted as an Order whether it can be carried out or not
            a["given"] += 1
            a["phase"] = "after_order"
            rules.play_forced(g, seat)
            return
        if option.kind == "extra":
            rules.turn_extra(g, seat, option)  # no Order: the Turn goes on as it was
            return
        card = option.args["card"]
        odef = rules.orders[option.args["order"]]
        play_from_hand(g, seat, card)
        a["given"] += 1
        a["phase"] = "after_order"
        g.emit(odef.rule, "{nation} plays {card} for the Order {order} ({n} of {cap})",
               nation=nation(g, seat), card=card, order=odef.name, n=a["given"],
               cap=side(g.state, seat)["order_cap"])
        assert odef.start is not None  # offered only with its start
        odef.start(g, seat, card)

    def run(self, g: Game, a: Args) -> None:
        """After an Order is carried out completely (O14.2): the end-of-Order hook (Melee, O16.4),
        then the next Order or, at the Order capability, the end of the Turn."""
        rules = rules_of(g)
        a["phase"] = "choose"
        rules.after_order(g)
        if g.is_terminal():
            return
        if a["given"] >= side(g.state, int(g.state["active"]))["order_cap"]:
            g.emit("5.1", "Order capability reached: the Turn ends")
            self._end_below(g, a)  # under any frame the hook pushed (a Melee)

    @staticmethod
    def _end_below(g: Game, a: Args) -> None:
        """Turn this frame into end_turn where it sits in the stack."""
        stack = g.state["stack"]
        for i in range(len(stack) - 1, -1, -1):
            if stack[i]["args"] is a:
                stack[i] = {"step": "end_turn", "args": {"phase": "refill"}}
                return


class Discard(Step):
    """O15: discard 0..discard capability cards; ``last`` keeps the choices in card order.

    Asked again after every discard while the capability and the hand's size allow one more
    (public facts), even when no card after ``last`` is left: asking only while one is left
    would tell the other seat about the hand. "done" is then the only choice (a seat's
    ``auto_pass`` preference takes it by itself)."""

    name = "discard"
    window = True
    pass_id = "done"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def opens(self, g: Game, a: Args) -> bool:
        sd = side(g.state, int(a["seat"]))
        return int(a["n"]) < int(sd["discard_cap"]) and bool(sd["hand"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"Discard a card ({a['n']} of at most {side(g.state, int(a['seat']))['discard_cap']})"

    def _candidates(self, g: Game, a: Args) -> list[str]:
        sd = side(g.state, int(a["seat"]))
        if a["n"] >= sd["discard_cap"]:
            return []
        last = a["last"]
        return [c for c in sorted(sd["hand"], key=card_key) if last is None or card_key(c) > card_key(last)]

    def options(self, g: Game, a: Args) -> list[Option]:
        opts = [Option(f"discard:{c}", f"Discard {c}", "discard", {"card": c})
                for c in self._candidates(g, a)]
        return [*opts, Option("done", "Stop discarding", "done")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        if option.id != "done":
            card = option.args["card"]
            play_from_hand(g, seat, card)
            a["n"] += 1
            a["last"] = card
            g.emit(cite(g, "order.pass"), "{nation} discards {card}", nation=nation(g, seat), card=card)
            return  # asked again unless public facts close the step (opens)
        g.pop()
        if a["n"]:
            # A31 Demolitions / A35.4 Hidden Unit answer a pass with discards: the inactive seat
            open_windows(g, "after_pass_discard", {"discards": a["n"]}, seats=(opponent(seat),))


class EndTurn(Step):
    name = "end_turn"

    def run(self, g: Game, a: Args) -> None:
        rules = rules_of(g)
        s = g.state
        seat = int(s["active"])
        sd = side(s, seat)
        if a["phase"] == "refill":  # 5.4: the active player only
            while len(sd["hand"]) < sd["hand_size"]:
                card, exhausted = draw_card(g, seat)
                if card is None:
                    break
                g.emit("5.4", "{nation} draws a card", nation=sd["nation"])
                g.emit("5.4", "You draw {card}", to=[seat], card=card)
                if exhausted:
                    g.emit("6.1.2", "{nation} drew the last card of the draw pile: Time advances",
                           nation=sd["nation"])
                    push_time_advance(g, seat, "last card")
                    return  # the refill resumes after the Time advance
            a["phase"] = "stacking"
        elif a["phase"] == "stacking":  # 8.2 (after the refill: our reading, see RULES.md)
            a["phase"] = "swap"
            rules.stacking_check(g, seat)
        elif a["phase"] != "swap":
            unknown_phase(self.name, a["phase"])
        else:
            s["activated"] = []
            for u in s["units"].values():
                u["op_fired"] = False
            g.pop()
            start_turn(g, opponent(seat))
