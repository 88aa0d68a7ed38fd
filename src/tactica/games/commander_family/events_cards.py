"""Events about hands, Objective chits and the VP track that both Commander games share, with the
rule number each game gives them passed in (CC E45, E61, E65, E67, E74; GWC E59, E62, E73, E81,
E86):

* VP for the enemy's Casualty Track (CC Battlefield Integrity, GWC Battlefield Attrition);
* the enemy shows his hand to the receiver, who discards one of its cards (CC Interrogation:
  may; GWC Intelligence and Captured Papers: does);
* an enemy secret Objective chit becomes open and scores at once for each Objective's controller
  (CC Reconnaissance: the enemy picks which; GWC Reconnaissance and Captured Papers: the receiver
  picks, blind: the options name positions, never chits);
* a chit drawn from the pool, secret if it has a secret side, else open and scored (CC Mission
  Objective, GWC New Mission), or always open (CC Strategic Objective).

Hidden information: a hand or chit shown to one seat is logged to that seat only; anything that
becomes public (discards, open chits) is logged to all and closes the undo window (g.reveal()).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from .event_steps import CONTINUATIONS, ask, continuation, no_effect, opt, who
from .state import OBJECTIVES, opponent, side
from .victory import add_vp, objective_value

if TYPE_CHECKING:
    from tactica.core.game import Game


# ---------------------------------------------------------------- VPs
def casualty_vp(g: Game, seat: int, rule: str, why: str) -> None:
    """The receiver gains a VP per enemy unit on the Casualty Track (Weapons not counted)."""
    n = len(side(g.state, opponent(seat))["casualties"])
    g.emit(rule, "{enemy} has {n} unit(s) on its Casualty Track", enemy=who(g, opponent(seat)), n=n)
    if n:
        add_vp(g, seat, n, rule, why)


# ---------------------------------------------------------------- the enemy's hand
def show_hand(g: Game, seat: int, rule: str, name: str, optional: bool, then: str | None = None,
              **data: Any) -> None:
    """The enemy shows ``seat`` his hand (Event ``name``); ``seat`` discards one of its cards
    (``optional``: or none); ``then`` runs after (a continuation name)."""
    enemy = opponent(seat)
    hand = sorted(side(g.state, enemy)["hand"])
    if not hand:
        no_effect(g, rule, f"{who(g, enemy)} holds no card")
        if then is not None:
            CONTINUATIONS[then](g, {"seat": seat, "rule": rule, **data}, None)
        return
    g.emit(rule, "{event}: {nation}'s hand is {cards}", to=[seat], event=name, nation=who(g, enemy),
           cards=", ".join(hand))
    g.emit(rule, "{enemy} shows its hand to {nation}", enemy=who(g, enemy), nation=who(g, seat))
    g.reveal()
    side(g.state, enemy)["shown"] = list(hand)  # known to the other seat from now on (resampling)
    rules: Any = g.rules

    def label(c: str) -> str:
        k = rules.card(c)
        return f"Discard {c} ({k.order} / {k.action})"

    opts = [opt(f"card:{c}", label(c), "card", card=c) for c in hand]
    if optional:
        opts.append(opt("none", "Discard nothing", "none"))
    ask(g, seat, "hand_discard", f"{name}: discard one of the enemy's cards" + ("?" if optional else ""),
        opts, rule=rule, next=then, **data)


@continuation("hand_discard")
def _hand_discard(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    enemy = opponent(int(a["seat"]))
    if o.kind == "none":
        g.emit(a["rule"], "{nation} leaves the hand alone", nation=who(g, int(a["seat"])))
    else:
        sd = side(g.state, enemy)
        sd["hand"].remove(o.args["card"])
        sd["deck"]["discard"].append(o.args["card"])
        g.emit(a["rule"], "{card} goes to {nation}'s discard pile", card=o.args["card"], nation=who(g, enemy))
    if a.get("next") is not None:
        CONTINUATIONS[a["next"]](g, a, None)


# ---------------------------------------------------------------- chits
def score_chit(g: Game, cid: str, rule: str) -> None:
    """A chit that becomes open scores at once for each Objective's current controller."""
    for obj in OBJECTIVES:
        owner = g.state["objectives"][obj]["owner"]
        if owner is not None:
            v = objective_value(g, obj, [cid])
            if v:
                add_vp(g, int(owner), v, rule, f"chit {cid}, Objective {obj}")


def draw_chit(g: Game) -> str | None:
    pool = g.state["chit_pool"]
    if not pool:
        return None
    c: str = pool.pop(g.chance.below(len(pool)))
    return c


def reveal_enemy_chit(g: Game, seat: int, rule: str, blind: bool) -> None:
    """One of the enemy's secret chits becomes open and scores. ``blind``: the receiver picks
    among positions he cannot tell apart; otherwise the enemy picks which."""
    enemy = opponent(seat)
    secret = sorted(side(g.state, enemy)["chits_secret"])
    if not secret:
        no_effect(g, rule, f"{who(g, enemy)} has no secret Objective chit")
        return
    if blind:
        ask(g, seat, "chit_reveal", f"Reveal one of {who(g, enemy)}'s secret Objective chits",
            [opt(f"chit:{i + 1}", f"Secret chit {i + 1} of {len(secret)}", "chit", index=i)
             for i in range(len(secret))], rule=rule, owner=enemy)
        return
    ask(g, enemy, "chit_reveal", "Reveal one of your secret Objective chits",
        [opt(f"chit:{c}", f"Reveal chit {c}", "chit", chit=c) for c in secret], rule=rule, owner=enemy)


@continuation("chit_reveal")
def _chit_reveal(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    owner = int(a["owner"])
    secret = sorted(side(g.state, owner)["chits_secret"])
    c = o.args["chit"] if "chit" in o.args else secret[int(o.args["index"])]
    side(g.state, owner)["chits_secret"].remove(c)
    g.state["chits_open"].append(c)
    g.reveal()
    g.emit(a["rule"], "{nation} reveals secret chit {chit}: it is open from now on", nation=who(g, owner),
           chit=c)
    score_chit(g, c, a["rule"])


def draw_secret_chit(g: Game, seat: int, rule: str) -> None:
    """``seat`` draws a chit: secret if it has a secret side, else open and scored at once."""
    rules: Any = g.rules
    c = draw_chit(g)
    if c is None:
        no_effect(g, rule, "no Objective chit is left to draw")
        return
    if rules.chit(c).secret_side:
        side(g.state, seat)["chits_secret"].append(c)
        g.emit(rule, "{nation} draws a secret Objective chit", nation=who(g, seat))
        g.emit(rule, "Your new secret Objective chit: {chit}", to=[seat], chit=c)
        return
    g.state["chits_open"].append(c)
    g.reveal()
    g.emit(rule, "{nation} draws chit {chit}: it has no secret side, so it is played open (7.3.3)",
           nation=who(g, seat), chit=c)
    score_chit(g, c, rule)


def event(fn: Callable[..., None], *args: Any) -> Callable[[Game, int, str], None]:
    """An Event's ``execute`` that calls ``fn(g, seat, *args)``."""

    def execute(g: Game, seat: int, card: str) -> None:
        fn(g, seat, *args)

    return execute
