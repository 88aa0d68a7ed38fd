"""Playing Strategy Cards (1.S, S98): one per player per Turn, as a +1 Die Roll Modifier or as a
Situation; none in a Turn its owner passes. The hand, the mini-decks and the draws are
strategy_hand.py's.

State on each side (besides strategy_hand's ``sc_draw``, ``sc_hand``, ``sc_discard``)::

    "sc_reminders": [card ids]   # Reminder Cards face up (S98.1.1): public, no longer held
    "sc_played": turn            # the Turn its owner last played one (1.S: one per Turn)
    "sc_passed": turn            # the Turn its owner passed in (O15: then none that Turn)
    "sc_drawn": turn             # the Turn the held card was drawn (usable from the next, 1.S)

S98.2 +1: after every roll but a Sudden Death roll, once the Initiative re-roll window has passed
(the family's ``after_roll`` hook), each seat that may play a Strategy Card gets a window on that
roll, the inactive seat's first. Whether a seat may is public (it holds a card, one drawn before
this Turn, and has played none this Turn nor passed), and any card serves as +1, so the window
never depends on which card is held. The +1 goes into the roll's total (the family's ``drm``) and
never touches its trigger.

S98.1 Situations are offered at the owner's Turn decision (the family's ``turn_extras``: the
cards in ``SITUATIONS``), within their period (S98.1.2); a multi-use card offers each use it has
as one option. Reminder Cards go face up (S98.1.1). The cards played inside a procedure (during a
Move or Offensive, or answering the opponent) are strategy_timing.py's; their windows are the
``sc_situation`` step below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.board_state import within
from ..commander_family.fire import is_weapon
from ..commander_family.state import opponent, side
from ..commander_family.stats import unit_kind
from ..commander_family.victory import nation
from . import artillery

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules


# ---------------------------------------------------------------- cards and who may play
def card(g: Game, card_id: str) -> Any:
    """The Strategy Card's data (strategy_cards.yaml)."""
    rules: Any = g.rules
    for c in rules.components.pack.strategy.cards:
        if c.id == card_id:
            return c
    raise KeyError(f"no Strategy Card {card_id!r}")


def card_named(g: Game, seat: int, name: str) -> str | None:
    """The id of ``seat``'s nation's card called ``name`` (each nation has one of each name)."""
    rules: Any = g.rules
    n = side(g.state, seat)["nation"]
    for c in rules.components.pack.strategy.cards:
        if c.nation == n and c.name == name:
            return str(c.id)
    return None


def turn_no(g: Game) -> int:
    return int(g.state["turn"])


def may_play(g: Game, seat: int) -> bool:
    """1.S, S98: may ``seat`` play a Strategy Card now? Public facts only: it holds one drawn
    before this Turn, has played none this Turn, and has not passed this Turn."""
    sd = side(g.state, seat)
    t = turn_no(g)
    return (bool(sd.get("sc_hand")) and int(sd.get("sc_drawn", -1)) < t
            and int(sd.get("sc_played", -1)) != t and int(sd.get("sc_passed", -1)) != t)


def reminder(g: Game, seat: int, name: str) -> bool:
    """Has ``seat`` the Reminder Card ``name`` face up (S98.1.1)?"""
    return any(card(g, c).name == name for c in side(g.state, seat).get("sc_reminders") or ())


def spend(g: Game, seat: int, card_id: str, how: str = "situation") -> None:
    """The card leaves the hand: discarded, or face up as a Reminder Card (S98.1.1). Either way
    the other seat now knows it (no undo past this)."""
    sd = side(g.state, seat)
    sd["sc_hand"].remove(card_id)
    g.reveal()
    sd["sc_played"] = turn_no(g)
    c = card(g, card_id)
    if how == "situation" and c.reminder:
        sd.setdefault("sc_reminders", []).append(card_id)
    else:
        sd["sc_discard"].append(card_id)


def may_pass(g: Game, seat: int) -> bool:
    """1.S: a player who played a Strategy Card this Turn may not pass it."""
    return int(side(g.state, seat).get("sc_played", -1)) != turn_no(g)


def on_pass(g: Game, seat: int) -> None:
    """O15, 1.S: no Strategy Card in the rest of a Turn its owner passes."""
    side(g.state, seat)["sc_passed"] = turn_no(g)


# ---------------------------------------------------------------- S98.2 +1
def after_roll(g: Game, a: Args) -> None:
    """A roll is kept: Firepower's +1 (S98.5.4), then the +1 windows, inactive seat first."""
    if a["purpose"] == "sudden death":  # S98.2: never on a Sudden Death roll (6.2.2)
        return
    _firepower(g, a)
    active = int(g.state["active"])
    for seat in (active, opponent(active)):  # pushed in this order: the inactive seat asks first
        if may_play(g, seat):
            g.push("sc_modifier", seat=seat)


def plus_one_helps(g: Game, seat: int, roll: Args) -> bool:
    """For a policy: would +1 on this kept roll help ``seat``? The roller wants a high roll on
    every roll but a Rally Roll (O25.3: below Morale rallies); nobody else gains from it."""
    return int(roll["roller"]) == seat and not str(roll["purpose"]).startswith("rally")


def _firepower(g: Game, a: Args) -> None:
    """S98.5.4 (Reminder): +1 to every Fire Attack roll one of the owner's Weapons takes part in."""
    if a["purpose"] != "fire attack":
        return
    seat = int(a["roller"])
    if not reminder(g, seat, "Firepower"):
        return
    for f in reversed(g.state["stack"][:-1]):
        if f["step"] == "fire_attack":
            pieces = f["args"].get("pieces") or []
            if any(is_weapon(g, p) and int(g.state["weapons"][p]["seat"]) == seat for p in pieces):
                a["drm"] = int(a.get("drm") or 0) + 1
                g.emit("S98.5.4", "Firepower: +1 to this Fire Attack roll (one of {nation}'s Weapons fires)",
                       nation=nation(g, seat))
            return


def _roll_frame(g: Game) -> Args:
    for f in reversed(g.state["stack"]):
        if f["step"] == "roll":
            args: Args = f["args"]
            return args
    raise AssertionError("a Strategy Card +1 window without a roll under it")


class _StrategyWindow(Step):
    """A window where ``seat`` may play its Strategy Card: asked whenever it may play one (public
    facts, may_play), whichever card it holds."""

    window = True

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def opens(self, g: Game, a: Args) -> bool:
        return may_play(g, int(a["seat"]))


class StrategyModifier(_StrategyWindow):
    """S98.2: ``seat`` may play its Strategy Card as +1 on the roll just kept."""

    name = "sc_modifier"

    def prompt(self, g: Game, a: Args) -> str:
        roll = _roll_frame(g)
        return f"Strategy Card: +1 on the {roll['purpose']} roll ({roll['card']})?"

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        opts = []
        if may_play(g, seat):
            opts = [Option(f"sc:{c}", f"Play {card(g, c).name} as +1", "sc", {"card": c})
                    for c in side(g.state, seat)["sc_hand"]]
        return [*opts, Option("pass", "Keep the Strategy Card", "pass")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        g.pop()
        if option.id == "pass":
            return
        cid = option.args["card"]
        spend(g, seat, cid, "drm")
        roll = _roll_frame(g)
        roll["drm"] = int(roll.get("drm") or 0) + 1
        g.emit("S98.2", "{nation} plays the Strategy Card {name} ({card}) as +1 on the {purpose} roll",
               nation=nation(g, seat), name=card(g, cid).name, card=cid, purpose=roll["purpose"])


# ---------------------------------------------------------------- S98.1 Situations
@dataclass(frozen=True)
class Situation:
    """One use of a card as a Situation: when it may be played and what it does."""

    legal: Callable[[Game, int], bool]
    play: Callable[[Game, int, str], None]
    label: str


def _enemy_telephone_unbroken(g: Game, seat: int) -> bool:
    t = artillery.telephone_of(g, opponent(seat))
    return t is not None and not t["broken"]


def _french_75s(g: Game, seat: int, cid: str) -> None:
    """S98.3.6: break the enemy's unbroken Telephone and lift his SR and Impact markers."""
    artillery.break_telephone(g, opponent(seat), "S98.3.6")


def _enemy_reminders(g: Game, seat: int) -> bool:
    return bool(side(g.state, opponent(seat)).get("sc_reminders"))


def _discard_reminders(g: Game, seat: int, cid: str) -> None:
    """S98.3.1, S98.4.3, S98.4.9: every Reminder Card the opponent has face up is discarded."""
    other = side(g.state, opponent(seat))
    gone = list(other.get("sc_reminders") or ())
    other["sc_discard"].extend(gone)
    other["sc_reminders"] = []
    g.emit(card(g, cid).rule, "{nation}'s Reminder Cards are discarded: {cards}",
           nation=nation(g, opponent(seat)), cards=", ".join(card(g, c).name for c in gone))


def _enemy_holds(g: Game, seat: int) -> bool:
    return bool(side(g.state, opponent(seat))["sc_hand"])


def _discard_held_and_peek(g: Game, seat: int, cid: str) -> None:
    """S98.3.1/S98.4.3 second use: the opponent's held card is discarded; the player looks at the
    top card of both Strategy piles and leaves them there."""
    other = side(g.state, opponent(seat))
    gone = list(other["sc_hand"])
    other["sc_hand"].clear()
    g.reveal()  # the held card and the tops of the piles come to light
    other["sc_discard"].extend(gone)
    rule = card(g, cid).rule
    g.emit(rule, "{nation}'s held Strategy Card is discarded: {cards}", nation=nation(g, opponent(seat)),
           cards=", ".join(card(g, c).name for c in gone))
    for who in (seat, opponent(seat)):
        pile = side(g.state, who)["sc_draw"]
        top = card(g, pile[-1]).name if pile else "none (empty)"
        g.emit(rule, "You peek at the top of {nation}'s Strategy pile: {top}", to=[seat],
               nation=nation(g, who), top=top)


def _fao_request_legal(g: Game, seat: int) -> bool:
    return artillery.functioning(g, seat) and artillery.fao_free(g, seat)


def _fao_request(g: Game, seat: int, cid: str) -> None:
    """S98.3.1/S98.4.3 first use: an Artillery Request spotted by the FAO, no Fate card and no
    Order counted (1.S)."""
    g.emit(card(g, cid).rule, "{nation} calls an Artillery Request spotted by the FAO",
           nation=nation(g, seat))
    artillery.push_request(g, seat, spotter=artillery.FAO, rule=card(g, cid).rule)


def _own_telephone_unbroken(g: Game, seat: int) -> bool:
    return artillery.functioning(g, seat) and bool(_spare_telephones(g, seat))


def _spare_telephones(g: Game, seat: int) -> list[str]:
    rules: Any = g.rules
    held = artillery.telephone_of(g, seat)
    roster = rules.components.pack.rosters[side(g.state, seat)["nation"]]
    return [t.id for t in roster.telephones if held is None or t.id != held["type"]]


def _swap_telephone(g: Game, seat: int, cid: str) -> None:
    """S98.4.9 first use: the unbroken Telephone goes back, another German one takes its place
    and its space (our reading: the strongest the countermix holds, the player's obvious pick)."""
    old = artillery.telephone_of(g, seat)
    assert old is not None
    spare = sorted(_spare_telephones(g, seat), key=lambda t: -int(artillery.telephone_type(g, t).fp))
    new = spare[0]
    space = old["space"]
    area = artillery.barrages(g)[seat]
    artillery.telephones(g)[seat] = {"type": new, "broken": False, "space": space}
    g.emit("S98.4.9", "{nation} swaps Telephone {old} for {new} (FP {fp}) in the {space} space",
           nation=nation(g, seat), old=old["type"], new=new, fp=artillery.telephone_type(g, new).fp,
           space=artillery.SPACE_NAMES[space])
    artillery.barrages(g)[seat] = area  # the battery changes, the registered area stays


def _reminder_legal(g: Game, seat: int) -> bool:
    return True


def _place_reminder(g: Game, seat: int, cid: str) -> None:
    g.emit(card(g, cid).rule, "{nation} keeps {name} face up as a Reminder Card",
           nation=nation(g, seat), name=card(g, cid).name)


def _battle_morale_leaders(g: Game, seat: int) -> list[str]:
    out = []
    for uid, u in sorted(g.state["units"].items()):
        if u["seat"] != seat or u["where"] != "map" or unit_kind(g, uid) != "leader":
            continue
        if u["broken"] or _radius_broken(g, uid):
            out.append(uid)
    return out


def _radius(g: Game, leader: str) -> list[str]:
    """The Leader's friendly Units within his (unbroken) Command radius (3.3.1.1)."""
    rules: Any = g.rules
    u = g.state["units"][leader]
    cmd = int(rules.unit_type(u["type"]).unbroken.command or 0)
    near = within(g, u["hex"], cmd)
    return sorted(x for x, v in g.state["units"].items()
                  if v["seat"] == u["seat"] and v["where"] == "map" and v["hex"] in near
                  and rules.unit_type(v["type"]).is_unit)


def _radius_broken(g: Game, leader: str) -> bool:
    return any(g.state["units"][x]["broken"] for x in _radius(g, leader))


def _battle_morale_legal(g: Game, seat: int) -> bool:
    return bool(_battle_morale_leaders(g, seat))


def _battle_morale_for(leader: str) -> Callable[[Game, int, str], None]:
    def play(g: Game, seat: int, cid: str) -> None:
        for uid in [leader, *_radius(g, leader)]:
            u = g.state["units"][uid]
            if u["broken"]:
                u["broken"] = False
                g.emit("S98.5.2", "Battle Morale: {unit} rallies", unit=uid)
    return play


def _own_pile(g: Game, seat: int) -> bool:
    return bool(side(g.state, seat)["sc_draw"])


def _draw_two_keep_one(g: Game, seat: int, cid: str) -> None:
    """S98.3.1/S98.4.3 fourth use: draw two Strategy Cards, keep one (usable from the next Turn,
    as any card drawn during a Turn), the other under the pile."""
    sd = side(g.state, seat)
    drawn = []
    for _ in range(2):
        if sd["sc_draw"]:
            g.chance.cs["n"] += 1  # a draw is a chance outcome coming to light
            drawn.append(sd["sc_draw"].pop())
    g.emit(card(g, cid).rule, "{nation} draws {n} Strategy Card(s) to keep one", nation=nation(g, seat),
           n=len(drawn))
    g.emit(card(g, cid).rule, "You draw {cards}", to=[seat], cards=", ".join(drawn))
    g.push("sc_keep", seat=seat, cards=drawn, rule=card(g, cid).rule)


class StrategyKeep(Step):
    """Keep one of the Strategy Cards just drawn; the other goes under the pile."""

    name = "sc_keep"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Keep one Strategy Card; the other goes under your Strategy pile"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"keep:{c}", f"Keep {card(g, c).name}", "keep", {"card": c}) for c in a["cards"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        g.pop()
        sd = side(g.state, seat)
        kept = option.args["card"]
        sd["sc_hand"].append(kept)
        sd["sc_drawn"] = turn_no(g)
        for c in a["cards"]:
            if c != kept:
                sd["sc_draw"].insert(0, c)  # the bottom (the top is the end of the list)
        g.emit(a["rule"], "{nation} keeps one Strategy Card and puts {n} under the pile",
               nation=nation(g, seat), n=len(a["cards"]) - 1)


def _air_free(g: Game, seat: int) -> bool:
    from . import air

    return air.air_legal(g, seat, "")


def _free_air_assaults(n: int) -> Callable[[Game, int, str], None]:
    def play(g: Game, seat: int, cid: str) -> None:
        """S98.3.2 / S98.4.2 second use: Air Assaults without a Fate card or an Order counted."""
        from . import air

        for _ in range(n):
            air.push_air_assault(g, seat, card(g, cid).rule)
    return play


def _under_shot_legal(g: Game, seat: int) -> bool:
    return artillery.under_shot_legal(g, seat)


def _under_shot(g: Game, seat: int, cid: str) -> None:
    artillery.under_shot(g, seat, card(g, cid).rule)


def _field_reports(g: Game, seat: int, cid: str) -> None:
    """S98.3.5: the opponent's Fate hand and held Strategy Card are discarded; he draws three
    Fate cards (no more) and every secret Objective chit of his is revealed: open from now on
    and scored at once, as a revealed chit is (7.3.3, reading SC4)."""
    from ..commander_family.events_cards import score_chit

    enemy = opponent(seat)
    sd = side(g.state, enemy)
    gone = sorted(sd["hand"])
    sd["deck"]["discard"].extend(gone)
    sd["hand"].clear()
    sc_gone = list(sd["sc_hand"])
    sd["sc_discard"].extend(sc_gone)
    sd["sc_hand"].clear()
    g.reveal()  # the discards and the chits come to light
    g.emit("S98.3.5", "Field Reports: {nation} discards its hand ({cards}) and its Strategy Card ({sc})",
           nation=nation(g, enemy), cards=", ".join(gone) or "none",
           sc=", ".join(card(g, c).name for c in sc_gone) or "none")
    for chit in sorted(sd["chits_secret"]):
        sd["chits_secret"].remove(chit)
        g.state["chits_open"].append(chit)
        g.emit("S98.3.5", "Field Reports: {nation} reveals secret Objective chit {chit}: open from now on",
               nation=nation(g, enemy), chit=chit)
        score_chit(g, chit, "S98.3.5")
    g.push("sc_redraw", seat=enemy, n=FIELD_REPORTS_DRAW)


FIELD_REPORTS_DRAW = 3
"""S98.3.5: the Fate cards the opponent draws back."""


class Redraw(Step):
    """S98.3.5: ``seat`` draws ``n`` Fate cards; the last card of the pile advances Time (6.1.2)
    and the draw goes on after it, as the family's refill does."""

    name = "sc_redraw"

    def run(self, g: Game, a: Args) -> None:
        from ..commander_family.cards import draw_card
        from ..commander_family.rolls import push_time_advance

        seat = int(a["seat"])
        while int(a["n"]) > 0:
            got, exhausted = draw_card(g, seat)
            if got is None:
                break
            a["n"] = int(a["n"]) - 1
            g.emit("S98.3.5", "{nation} draws a card", nation=nation(g, seat))
            g.emit("S98.3.5", "You draw {card}", to=[seat], card=got)
            if exhausted:
                g.emit("6.1.2", "{nation} drew the last card of the draw pile: Time advances",
                       nation=nation(g, seat))
                push_time_advance(g, seat, "last card")
                return
        g.pop()


def gas_break_ignored(g: Game, uid: str) -> str | None:
    """S98.3.3 / S98.4.1 / S98.5.1 (Reminder): the rule by which the owner's Formation ignores a
    break from a Gas Attack or from entering Gas, if its owner has Anti-Gas Strategy face up."""
    seat = int(g.state["units"][uid]["seat"])
    for c in side(g.state, seat).get("sc_reminders") or ():
        if card(g, c).name == "Anti-Gas Strategy":
            return str(card(g, c).rule)
    return None


def _always(g: Game, seat: int) -> bool:
    return True


SITUATIONS: dict[str, list[Situation]] = {
    "Field Reports": [Situation(_always, _field_reports, "the opponent discards and redraws three")],
    "Under Shot": [Situation(_under_shot_legal, _under_shot, "shift the enemy barrage two hexes")],
    "Air Dominance": [Situation(_air_free, _free_air_assaults(2), "two free Air Assaults")],
    "Dog Fights": [Situation(_air_free, _free_air_assaults(1), "a free Air Assault")],
    "French 75's": [Situation(_enemy_telephone_unbroken, _french_75s, "break the enemy Telephone")],
    "Aerial Reconnaissance": [
        Situation(_fao_request_legal, _fao_request, "an Artillery Request spotted by the FAO"),
        Situation(_enemy_holds, _discard_held_and_peek, "discard his Strategy Card, peek at both piles"),
        Situation(_enemy_reminders, _discard_reminders, "discard his Reminder Cards"),
        Situation(_own_pile, _draw_two_keep_one, "draw two Strategy Cards, keep one")],
    "Drachen": [
        Situation(_fao_request_legal, _fao_request, "an Artillery Request spotted by the FAO"),
        Situation(_enemy_holds, _discard_held_and_peek, "discard his Strategy Card, peek at both piles"),
        Situation(_enemy_reminders, _discard_reminders, "discard his Reminder Cards"),
        Situation(_own_pile, _draw_two_keep_one, "draw two Strategy Cards, keep one")],
    "Walter Rathenau": [
        Situation(_own_telephone_unbroken, _swap_telephone, "swap the Telephone"),
        Situation(_enemy_reminders, _discard_reminders, "discard his Reminder Cards")],
    "Anti-Gas Strategy": [Situation(_reminder_legal, _place_reminder, "keep face up")],
    "Gabions et Fascines": [Situation(_reminder_legal, _place_reminder, "keep face up")],
    "Firepower": [Situation(_reminder_legal, _place_reminder, "keep face up")],
    "Flying Squadrons": [Situation(_reminder_legal, _place_reminder, "keep face up")],
    "Woods Fighting": [Situation(_reminder_legal, _place_reminder, "keep face up")],
}
"""The Situations this engine carries out, by card name, one entry per use (S98.1: one only)."""


def _uses(g: Game, seat: int, cid: str) -> list[tuple[int, Situation, str]]:
    """(index, situation, label) of the card's uses that may be played now."""
    c = card(g, cid)
    year = int(str(g.state["date"])[:4])
    if c.period is not None and not c.period[0] <= year <= c.period[1]:  # S98.1.2
        return []
    out = [(i, s, s.label) for i, s in enumerate(SITUATIONS.get(c.name, ())) if s.legal(g, seat)]
    if c.name == "Battle Morale":
        out = [(0, Situation(_battle_morale_legal, _battle_morale_for(ldr), f"rally {ldr} and his Units"),
                ldr) for ldr in _battle_morale_leaders(g, seat)]
    return out


def situations(g: Game, seat: int) -> list[Option]:
    """S98.1: the Situations ``seat`` may play at its Turn decision."""
    if not may_play(g, seat) or int(g.state["active"]) != seat:
        return []
    opts = []
    for cid in side(g.state, seat)["sc_hand"]:
        name = card(g, cid).name
        for i, _s, label in _uses(g, seat, cid):
            opts.append(Option(f"sc:{cid}:{i}:{label}" if name == "Battle Morale" else f"sc:{cid}:{i}",
                               f"Strategy Card {name}: {label}", "extra",
                               {"sc_card": cid, "card": cid, "use": i, "key": label}))
    return opts


def play_situation(g: Game, seat: int, option: Option) -> None:
    """Carry out a Situation offered by :func:`situations` (a Turn extra: no Order is given)."""
    cid = option.args["sc_card"]
    for i, sit, label in _uses(g, seat, cid):
        if i == option.args["use"] and label == option.args["key"]:
            c = card(g, cid)
            spend(g, seat, cid)
            g.emit("S98.1", "{nation} plays the Strategy Card {name} ({card}) as a Situation: {use}",
                   nation=nation(g, seat), name=c.name, card=cid, use=sit.label)
            sit.play(g, seat, cid)
            return
    raise AssertionError(f"no such Situation {option.id}")


# ---------------------------------------------------------------- Situations inside a procedure
def push_situation_window(g: Game, seat: int, name: str) -> None:
    """Offer the card ``name`` as a Situation at a moment of ``seat``'s own procedure (S98.4.4
    Forward Observer after an FAO hit). Asked whenever the seat may play a Strategy Card: which
    card it holds is not public."""
    if int(g.state["active"]) == seat and may_play(g, seat) and card_named(g, seat, name) is not None:
        g.push("sc_situation", seat=seat, name=name)


def push_reaction_window(g: Game, seat: int, names: tuple[str, ...]) -> None:
    """Offer ``seat`` (the opponent of the player acting) its card among ``names`` that answers
    what was just announced (S98.3.2 / S98.4.2: call off an Air Assault). Asked whenever the seat
    may play a Strategy Card and its nation has such a card (public: the mini-decks are known)."""
    for name in names:
        if may_play(g, seat) and card_named(g, seat, name) is not None:
            g.push("sc_situation", seat=seat, name=name, reaction=True)
            return


class StrategySituation(_StrategyWindow):
    """S98.1: ``seat`` may play the card ``name`` as a Situation at this moment of a procedure."""

    name = "sc_situation"

    def prompt(self, g: Game, a: Args) -> str:
        return f"Strategy Card: play {a['name']} now?"

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        cid = card_named(g, seat, a["name"])
        opts = []
        if may_play(g, seat) and cid in side(g.state, seat)["sc_hand"]:
            opts.append(Option(f"sc:{cid}", f"Play {a['name']}", "sc", {"card": cid}))
        return [*opts, Option("pass", "Keep the Strategy Card", "pass")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        g.pop()
        if option.id == "pass":
            return
        cid = option.args["card"]
        spend(g, seat, cid)
        g.emit("S98.1", "{nation} plays the Strategy Card {name} ({card}) as a Situation",
               nation=nation(g, seat), name=a["name"], card=cid)
        from . import strategy_timing

        if a["name"] == "Forward Observer":
            g.top()["no_drift"] = True
        elif a["name"] in ("Air Dominance", "Dog Fights"):
            g.top()["cancelled"] = True  # the Air Assault below is called off
        else:
            strategy_timing.ANSWERS[a["name"]](g, seat, cid, a)


# ---------------------------------------------------------------- wiring
def register(rules: GreatWarCommanderRules) -> None:
    """The +1 and Situation windows."""
    from . import strategy_timing

    for st in (StrategyModifier(), StrategySituation(), StrategyKeep(), Redraw()):
        if st.name not in rules.steps:
            rules.add_step(st)
    strategy_timing.register(rules)


def view(g: Game, seat: int) -> dict[str, Any]:
    """What every seat sees of ``seat``'s Strategy Card play: Reminder Cards face up."""
    return {"sc_reminders": list(side(g.state, seat).get("sc_reminders") or ())}
