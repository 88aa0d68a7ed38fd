"""Events about cards, Objectives and the tracks: E45 Battlefield Integrity, E49 Command &
Control, E54 Élan, E57 Fog of War, E61 Interrogation, E65 Mission Objective, E67 Reconnaissance,
E74 Strategic Objective.

Battlefield Integrity, Interrogation (the discard is optional), Mission Objective and
Reconnaissance (the enemy picks the chit) are the family's (commander_family/events_cards.py).
Hidden information: a card or chit shown to one seat is logged to that seat only; anything that
becomes public (discards, open chits) is logged to all and closes the undo window (g.reveal()).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..commander_family.events import EventDef
from ..commander_family.events_cards import (
    casualty_vp,
    draw_chit,
    draw_secret_chit,
    event,
    reveal_enemy_chit,
    score_chit,
    show_hand,
)
from ..commander_family.state import OBJECTIVES, opponent, side
from ..commander_family.victory import add_vp
from . import events_common as ec
from .events_common import who

if TYPE_CHECKING:
    from tactica.core.game import Game


def _none(g: Game, rule: str, why: str) -> None:
    ec.no_effect(g, rule, why)


# ---------------------------------------------------------------- VPs
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


# ---------------------------------------------------------------- chits
def strategic_objective(g: Game, seat: int, card: str) -> None:
    c = draw_chit(g)
    if c is None:
        _none(g, "E74", "no Objective chit is left to draw")
        return
    g.state["chits_open"].append(c)
    g.reveal()
    g.emit("E74", "Strategic Objective: chit {chit} is drawn and placed open", chit=c)
    score_chit(g, c, "E74")


EVENTS = {
    "Battlefield Integrity": event(casualty_vp, "E45", "Battlefield Integrity"),
    "Command & Control": command_and_control,
    "Élan": elan,
    "Fog of War": fog_of_war,
    "Interrogation": event(show_hand, "E61", "Interrogation", True),
    "Mission Objective": event(draw_secret_chit, "E65"),
    "Reconnaissance": event(reveal_enemy_chit, "E67", False),
    "Strategic Objective": strategic_objective,
}


def register(rules: Any) -> None:
    ec.add_steps(rules)
    from .components import EVENTS as RULE

    for name, fn in EVENTS.items():
        rules.events[name] = EventDef(name, RULE[name], implemented=True, execute=fn)
