"""Events about cards, Objectives and the tracks: E45 Battlefield Integrity, E49 Command &
Control, E54 Élan, E57 Fog of War, E61 Interrogation, E65 Mission Objective, E67 Reconnaissance,
E74 Strategic Objective.

Hidden information: a card or chit shown to one seat is logged to that seat only; anything that
becomes public (discards, open chits) is logged to all and closes the undo window (g.reveal()).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.events import EventDef
from ..commander_family.state import OBJECTIVES, opponent, side
from ..commander_family.victory import add_vp, objective_value
from . import events_common as ec
from .events_common import ask, continuation, opt, who

if TYPE_CHECKING:
    from tactica.core.game import Game


def _none(g: Game, rule: str, why: str) -> None:
    g.emit(rule, "No effect: {why} (E42)", why=why)


# ---------------------------------------------------------------- VPs
def battlefield_integrity(g: Game, seat: int, card: str) -> None:
    n = len(side(g.state, opponent(seat))["casualties"])
    g.emit("E45", "{enemy} has {n} unit(s) on its Casualty Track", enemy=who(g, opponent(seat)), n=n)
    if n:
        add_vp(g, seat, n, "E45", "Battlefield Integrity")


def command_and_control(g: Game, seat: int, card: str) -> None:
    n = sum(1 for o in OBJECTIVES if g.state["objectives"][o]["owner"] == seat)
    g.emit("E49", "{nation} controls {n} Objective(s)", nation=who(g, seat), n=n)
    if n:
        add_vp(g, seat, n, "E49", "Command & Control")


def elan(g: Game, seat: int, card: str) -> None:
    sd = side(g.state, seat)
    sd["surrender"] = int(sd["surrender"]) + 1
    g.emit("E54", "{nation}'s Surrender marker moves up to space {n}", nation=who(g, seat), n=sd["surrender"])


# ---------------------------------------------------------------- hands
def fog_of_war(g: Game, seat: int, card: str) -> None:
    """Each player draws one card at random from the other's hand; both go to their owners'
    discard piles (receiver's pick first; the order makes no difference)."""
    taken = []
    for picker in (seat, opponent(seat)):
        victim = opponent(picker)
        hand = side(g.state, victim)["hand"]
        if not hand:
            g.emit("E57", "{nation} has no card in hand to lose", nation=who(g, victim))
            continue
        c = hand[g.chance.below(len(hand))]
        taken.append((victim, c))
    for victim, c in taken:
        sd = side(g.state, victim)
        sd["hand"].remove(c)
        sd["deck"]["discard"].append(c)
        g.emit("E57", "Fog of War: {nation} loses {card} from hand to its discard pile",
               nation=who(g, victim), card=c)
    if taken:
        g.reveal()


def interrogation(g: Game, seat: int, card: str) -> None:
    enemy = opponent(seat)
    hand = sorted(side(g.state, enemy)["hand"])
    if not hand:
        _none(g, "E61", f"{who(g, enemy)} holds no card")
        return
    g.emit("E61", "Interrogation: {nation}'s hand is {cards}", to=[seat], nation=who(g, enemy),
           cards=", ".join(hand))
    g.emit("E61", "{enemy} shows its hand to {nation}", enemy=who(g, enemy), nation=who(g, seat))
    g.reveal()
    side(g.state, enemy)["shown"] = list(hand)  # known to the other seat from now on (resampling)
    rules: Any = g.rules

    def label(c: str) -> str:
        k = rules.card(c)
        return f"Discard {c} ({k.order} / {k.action})"

    ask(g, seat, "interrogation", "Interrogation: discard one of the enemy's cards?",
        [*[opt(f"card:{c}", label(c), "card", card=c) for c in hand], opt("none", "Discard nothing", "none")])


@continuation("interrogation")
def _interrogation(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    enemy = opponent(int(a["seat"]))
    if o.kind == "none":
        g.emit("E61", "{nation} leaves the hand alone", nation=who(g, int(a["seat"])))
        return
    sd = side(g.state, enemy)
    sd["hand"].remove(o.args["card"])
    sd["deck"]["discard"].append(o.args["card"])
    g.emit("E61", "{card} goes to {nation}'s discard pile", card=o.args["card"], nation=who(g, enemy))


# ---------------------------------------------------------------- chits
def score_chit(g: Game, cid: str, rule: str) -> None:
    """7.3.3: a chit that becomes open scores at once for each Objective's current controller."""
    for obj in OBJECTIVES:
        owner = g.state["objectives"][obj]["owner"]
        if owner is not None:
            v = objective_value(g, obj, [cid])
            if v:
                add_vp(g, int(owner), v, rule, f"chit {cid}, Objective {obj}")


def _draw_chit(g: Game) -> str | None:
    pool = g.state["chit_pool"]
    if not pool:
        return None
    c: str = pool.pop(g.chance.below(len(pool)))
    return c


def mission_objective(g: Game, seat: int, card: str) -> None:
    rules: Any = g.rules
    c = _draw_chit(g)
    if c is None:
        _none(g, "E65", "no Objective chit is left to draw")
        return
    if rules.chit(c).secret_side:
        side(g.state, seat)["chits_secret"].append(c)
        g.emit("E65", "{nation} draws a secret Objective chit", nation=who(g, seat))
        g.emit("E65", "Your new secret Objective chit: {chit}", to=[seat], chit=c)
        return
    g.state["chits_open"].append(c)
    g.reveal()
    g.emit("E65", "{nation} draws chit {chit}: it has no secret side, so it is played open (7.3.3)",
           nation=who(g, seat), chit=c)
    score_chit(g, c, "E65")


def reconnaissance(g: Game, seat: int, card: str) -> None:
    enemy = opponent(seat)
    secret = sorted(side(g.state, enemy)["chits_secret"])
    if not secret:
        _none(g, "E67", f"{who(g, enemy)} has no secret Objective chit")
        return
    ask(g, enemy, "reconnaissance", "Reconnaissance: reveal one of your secret Objective chits",
        [opt(f"chit:{c}", f"Reveal chit {c}", "chit", chit=c) for c in secret])


@continuation("reconnaissance")
def _reconnaissance(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    c = o.args["chit"]
    side(g.state, seat)["chits_secret"].remove(c)
    g.state["chits_open"].append(c)
    g.reveal()
    g.emit("E67", "{nation} reveals secret chit {chit}: it is open from now on", nation=who(g, seat), chit=c)
    score_chit(g, c, "E67")


def strategic_objective(g: Game, seat: int, card: str) -> None:
    c = _draw_chit(g)
    if c is None:
        _none(g, "E74", "no Objective chit is left to draw")
        return
    g.state["chits_open"].append(c)
    g.reveal()
    g.emit("E74", "Strategic Objective: chit {chit} is drawn and placed open", chit=c)
    score_chit(g, c, "E74")


EVENTS = {
    "Battlefield Integrity": battlefield_integrity,
    "Command & Control": command_and_control,
    "Élan": elan,
    "Fog of War": fog_of_war,
    "Interrogation": interrogation,
    "Mission Objective": mission_objective,
    "Reconnaissance": reconnaissance,
    "Strategic Objective": strategic_objective,
}


def register(rules: Any) -> None:
    ec.add_steps(rules)
    from .components import EVENTS as RULE

    for name, fn in EVENTS.items():
        rules.events[name] = EventDef(name, RULE[name], implemented=True, execute=fn)
