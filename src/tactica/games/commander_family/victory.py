"""Victory (6.3, 7, 9.2): the VP track, breaking and eliminating units, the Casualty Track and
Surrender, Objective control and chits, voluntary exit, and the end-of-game decision.

These are plain functions on the game (no frames): Fire, Melee,
Rout and a game's Events call them. The VP track is one signed number: > 0 favours seat 0, < 0 seat 1 (7).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .access import rules_of
from .state import OBJECTIVES, opponent, side, units_on_map

if TYPE_CHECKING:
    from tactica.core.game import Game


def nation(g: Game, seat: int) -> str:
    n: str = side(g.state, seat)["nation"]
    return n


def vp_of(g: Game, seat: int) -> int:
    """The VP total from ``seat``'s side of the track."""
    v = int(g.state["vp"])
    return v if seat == 0 else -v


def add_vp(g: Game, seat: int, n: int, rule: str, why: str) -> None:
    if n == 0:
        return
    g.state["vp"] += n if seat == 0 else -n
    g.emit(rule, "{nation} {sign}{n} VP ({why}); VP track {vp:+d} (+ favours {first})",
           nation=nation(g, seat), sign="+" if n > 0 else "", n=n, why=why, vp=g.state["vp"],
           first=nation(g, 0))


def chit_open(g: Game, condition: str) -> bool:
    rules = rules_of(g)
    return any(rules.chit(c).condition == condition for c in g.state["chits_open"])


# ---------------------------------------------------------------- units
def break_unit(g: Game, uid: str, rule: str) -> None:
    """3.2.1: flip to the broken side; 3.2.4: a broken unit that breaks again is eliminated."""
    u = g.state["units"][uid]
    if u["broken"]:
        g.emit(rule, "{unit} breaks again and is eliminated (3.2.4)", unit=uid)
        eliminate(g, uid, "3.2.4")
        return
    u["broken"] = True
    g.emit(rule, "{unit} breaks", unit=uid)


def unit_vp(g: Game, uid: str) -> int:
    """7.1: Squad 2, Team 1, Leader 1 + unbroken Command, Hero 0."""
    rules = rules_of(g)
    return int(rules.unit_type(g.state["units"][uid]["type"]).elimination_vp)


def casualty_count(g: Game, seat: int) -> int:
    """4.2: the Casualty Track spaces the seat's eliminated units fill (a game's
    ``casualty_spaces`` hook: one each in Combat Commander, two for a GWC Tank)."""
    rules = rules_of(g)
    return sum(rules.casualty_spaces(g, u) for u in side(g.state, seat)["casualties"])


def eliminate(g: Game, uid: str, rule: str, check: bool = True) -> None:
    """Eliminate a unit for any reason (7.1): it goes to the next Casualty-Track space (4.2; a
    Hero leaves play instead), its Weapon to the Weapons box unbroken (7.2.2), the opponent
    gains its VP (doubled by the open "Elim. points doubled" chit, 7.3.2). With ``check`` the
    immediate game end (Surrender, last unit) is checked now; callers eliminating several units
    at once pass False and call :func:`check_sudden_loss` afterwards (6.3.1 simultaneous loss)."""
    s = g.state
    u = s["units"][uid]
    seat = int(u["seat"])
    rules = rules_of(g)
    hero = rules.leaves_play(g, uid)  # a Hero (GWC: also a Runner) leaves play
    u.update(where="out" if hero else "casualties", hex=None, broken=False, suppressed=False,
             veteran=False)
    if not hero:
        side(s, seat)["casualties"].append(uid)
    w = u["weapon"]
    if w is not None:
        u["weapon"] = None
        s["weapons"][w].update(carrier=None, broken=False, where="casualties")
        side(s, seat)["casualty_weapons"].append(w)
    vp = rules.elimination_vp(g, uid)
    g.emit(rule, "{unit} ({nation}) is eliminated", unit=uid, nation=nation(g, seat))
    add_vp(g, opponent(seat), vp, "7.1", f"elimination of {uid}")
    if check:
        check_sudden_loss(g, (seat,))


def check_sudden_loss(g: Game, seats: Iterable[int] = (0, 1)) -> bool:
    """6.3 cases 1-2: a seat whose casualties reach its Surrender space, or with no unit left on
    the map, loses at once; if both do, the Initiative holder wins (6.3.1, 9.2)."""
    losers = []
    for seat in sorted(set(seats)):
        sd = side(g.state, seat)
        if casualty_count(g, seat) >= sd["surrender"]:
            g.emit("6.3", "{nation}'s casualty reaches the Surrender marker (space {n})",
                   nation=sd["nation"], n=sd["surrender"])
            losers.append(seat)
        elif not units_on_map(g.state, seat):
            g.emit("6.3", "{nation}'s last unit on the map is gone", nation=sd["nation"])
            losers.append(seat)
    if not losers:
        return False
    if len(losers) == 2:
        winner = int(g.state["initiative"])
        end_with_winner(g, winner, f"both sides lose at once: {nation(g, winner)} holds the "
                        "Initiative card and wins", "6.3.1")
    else:
        loser = losers[0]
        end_with_winner(g, opponent(loser), f"{nation(g, loser)} loses", "6.3.1")
    return True


def exit_unit(g: Game, uid: str, space: int) -> None:
    """7.2.1: a unit leaving by the enemy edge scores Exit VPs (doubled by the open chit), goes
    unbroken, without markers but with its Weapon, onto a Time-Track space as a new
    reinforcement; if it was its side's last unit on the map, the game ends on VPs (6.3 case 3)."""
    s = g.state
    u = s["units"][uid]
    seat = int(u["seat"])
    u.update(where="time_track", hex=None, broken=False, suppressed=False, veteran=False)
    if u["weapon"] is not None:
        s["weapons"][u["weapon"]]["broken"] = False
    s["reinforcements"].setdefault(str(space), []).append(uid)
    rules_of(g).after_exit(g, uid)  # GWC 7.2.1.1: a Tank re-enters on the far edge, once
    vp = rules_of(g).exit_vp(g, uid)
    add_vp(g, seat, vp, "7.2.1", f"exit of {uid}")
    if not units_on_map(s, seat):
        final_decision(g, f"{nation(g, seat)}'s last unit on the map exited", "6.3.2")


# ---------------------------------------------------------------- objectives
def objective_value(g: Game, obj: str, chits: Iterable[str]) -> int:
    """7.3.2: what these chits make Objective ``obj`` worth (cumulative)."""
    rules = rules_of(g)
    total = 0
    for cid in chits:
        ch = rules.chit(cid)
        own = ch.condition == "objective_vp" and str(ch.objective) == obj
        if own or ch.condition == "all_objectives_vp":
            total += int(ch.vp or 0)
    return total


def set_control(g: Game, obj: str, seat: int | None) -> None:
    """7.3.1 / 7.3.3: a change of control swings the open chits' value: first taken from the
    old controller, then given to the new one."""
    o = g.state["objectives"][obj]
    old = o["owner"]
    if old == seat:
        return
    value = objective_value(g, obj, g.state["chits_open"])
    o["owner"] = seat
    g.emit("7.3.1", "Objective {obj} now controlled by {who}", obj=obj,
           who="nobody" if seat is None else nation(g, seat))
    if old is not None:
        add_vp(g, old, -value, "7.3.3", f"loses Objective {obj}")
    if seat is not None:
        add_vp(g, seat, value, "7.3.3", f"takes Objective {obj}")


def controls_all(g: Game) -> int | None:
    owners = {g.state["objectives"][o]["owner"] for o in OBJECTIVES}
    if len(owners) == 1:
        (only,) = owners
        return None if only is None else int(only)
    return None


# ---------------------------------------------------------------- the end
def end_with_winner(g: Game, winner: int, reason: str, rule: str) -> None:
    g.end([1, -1] if winner == 0 else [-1, 1], reason, rule=rule)


def final_decision(g: Game, reason: str, rule: str) -> None:
    """6.3.2: reveal every secret chit and score it for the current controllers; the side the
    VP marker favours wins; at 0 the Initiative holder wins (9.2)."""
    g.emit(rule, "{reason}: the game ends on Victory Points", reason=reason)
    g.reveal()
    for seat in (0, 1):
        secret = side(g.state, seat)["chits_secret"]
        for cid in secret:
            g.emit("7.3.3", "{nation} reveals secret Objective chit {chit}", nation=nation(g, seat),
                   chit=cid)
            for obj in OBJECTIVES:
                owner = g.state["objectives"][obj]["owner"]
                if owner is not None:
                    add_vp(g, int(owner), objective_value(g, obj, [cid]), "7.3.3",
                           f"chit {cid}, Objective {obj}")
    v = int(g.state["vp"])
    if v == 0:
        w = int(g.state["initiative"])
        end_with_winner(g, w, f"VP 0: {nation(g, w)} holds the Initiative card and wins", "9.2")
    else:
        w = 0 if v > 0 else 1
        end_with_winner(g, w, f"{nation(g, w)} wins by {abs(v)} VP", "6.3.2")
