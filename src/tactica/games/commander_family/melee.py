"""O16.4 Melee: after every Order and every die trigger, each hex holding units of both sides.

The ``melee`` frame resolves such hexes one at a time; with several, the active player picks the
order (O16.4). For one hex:

1. Ambush window (A25), kind ``melee_ambush``, inactive seat first; a side left with no unit in
   the hex ends the Melee (O16.4.1).
2. Melee FP of each side: the current FP of its units in the hex (Weapons excluded) + 1 for each
   unit whose current side has a boxed FP (O16.4.1, 3.1.6).
3. The inactive seat rolls, then the active seat (O16.4.2); each roll may trigger and be
   re-rolled like any other. A side emptied by a trigger ends the Melee. Just before each roll
   the roller may play Actions that add to his Melee Roll (GWC's Charge, Bayonets...: window kind
   ``melee_roll``, offered only in a game that has such Actions); they add to ``bonus``.
4. The lower Melee Total loses all its units in the hex; a tie eliminates both sides
   (O16.4.3). The Bunker/Pillbox exception needs Fortifications, which the state does not hold
   yet.

A Melee that follows a die trigger is itself resolved inside that trigger, so its rolls ignore
triggers (1.9.1). Eliminations go through victory.eliminate; a loss of the game (Surrender, last
unit) is checked once per Melee for both sides together (6.3.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import offer_windows, open_windows
from .board_state import occupied, units_in, update_objectives
from .citations import cite
from .phases import unknown_phase
from .state import opponent
from .stats import stat_value
from .victory import check_sudden_loss, eliminate, nation

if TYPE_CHECKING:
    from tactica.core.game import Game


def melee_hexes(g: Game) -> list[str]:
    """Hexes holding units of both sides, in label order."""
    if g.state.get("map") is None:
        return []
    return sorted(set(occupied(g, 0)) & set(occupied(g, 1)))


def melee_fp(g: Game, uids: list[str]) -> tuple[int, str]:
    """O16.4.1: Melee FP and how it was found."""
    rules = rules_of(g)
    total = 0
    parts = []
    for uid in uids:
        u = g.state["units"][uid]
        t = rules.unit_type(u["type"])
        fp = stat_value(g, uid, "fp")
        boxed = "fp" in (t.broken if u["broken"] else t.unbroken).boxed
        total += fp + (1 if boxed else 0)
        parts.append(f"{uid} {fp}" + (" +1 boxed" if boxed else ""))
    return total, ", ".join(parts)


def push_melee(g: Game, quiet: bool) -> None:
    if melee_hexes(g):
        g.push("melee", phase="pick", hex=None, quiet=quiet)


class Melee(Step):
    name = "melee"

    def actor(self, g: Game, a: Args) -> int | None:
        if a["phase"] == "pick" and len(melee_hexes(g)) > 1:
            return int(g.state["active"])
        return None

    def prompt(self, g: Game, a: Args) -> str:
        return "Melee: which hex is resolved next?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"hex:{h}", f"Melee in {h}", "hex", {"hex": h}) for h in melee_hexes(g)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        self._begin(g, a, option.args["hex"])

    def _sides(self, g: Game, a: Args) -> tuple[list[str], list[str]]:
        active = int(g.state["active"])
        return units_in(g, a["hex"], active), units_in(g, a["hex"], opponent(active))

    def _begin(self, g: Game, a: Args, label: str) -> None:
        if rules_of(g).melee_forfeit(g, label):  # GWC O16.4.1: a lone Runner is lost at once
            a.update(phase="pick", hex=None)
            return
        a.update(hex=label, phase="ambush")
        g.emit(cite(g, "melee"), "Melee in {hex}: {units}", hex=label, units=", ".join(units_in(g, label)))
        open_windows(g, "melee_ambush", {"hex": label})
        rules_of(g).melee_begins(g, label)  # GWC S98.3.8: pushed on top, asked first

    def _emptied(self, g: Game, a: Args) -> bool:
        act, ina = self._sides(g, a)
        if act and ina:
            return False
        g.emit(cite(g, "melee"), "A side has no unit left in {hex}: the Melee ends", hex=a["hex"])
        label = a["hex"]
        a.update(phase="pick", hex=None)
        if not g.is_terminal():
            open_windows(g, "melee_end", {"hex": label})  # A38 No Quarter
        return True

    def run(self, g: Game, a: Args) -> None:
        ph = a["phase"]
        active = int(g.state["active"])
        if ph == "pick":
            hexes = melee_hexes(g)
            if not hexes:
                g.pop()
            else:
                self._begin(g, a, hexes[0])
            return
        if self._emptied(g, a):
            return
        if ph == "ambush":
            a["phase"] = "window_inactive"
            offer_windows(g, "melee_roll", {"hex": a["hex"]}, seats=(opponent(active),))
        elif ph == "window_inactive":
            a["phase"] = "roll_inactive"
            g.push("roll", roller=opponent(active), purpose=f"melee in {a['hex']}", store="r_inactive",
                   **({"quiet": True} if a["quiet"] else {}))
        elif ph == "roll_inactive":
            a["phase"] = "window_active"
            offer_windows(g, "melee_roll", {"hex": a["hex"]}, seats=(active,))
        elif ph == "window_active":
            a["phase"] = "roll_active"
            g.push("roll", roller=active, purpose=f"melee in {a['hex']}", store="r_active",
                   **({"quiet": True} if a["quiet"] else {}))
        elif ph == "roll_active":
            self._result(g, a)
        else:
            unknown_phase(self.name, ph)

    def _result(self, g: Game, a: Args) -> None:
        active = int(g.state["active"])
        act, ina = self._sides(g, a)
        fa, why_a = melee_fp(g, act)
        fi, why_i = melee_fp(g, ina)
        bonus = a.get("bonus") or {}
        ba, bi = int(bonus.get(str(active), 0)), int(bonus.get(str(opponent(active)), 0))
        ta = fa + int(a["r_active"]["total"]) + ba
        ti = fi + int(a["r_inactive"]["total"]) + bi
        g.emit(cite(g, "melee.roll"), "{nation}: Melee FP {fp} ({why}) + roll {r}{plus} = {t}",
               nation=nation(g, opponent(active)), fp=fi, why=why_i, r=a["r_inactive"]["total"], t=ti,
               plus=f" + Actions {bi}" if bi else "")
        g.emit(cite(g, "melee.roll"),
               "{nation}: Melee FP {fp} ({why}) + roll {r}{plus} = {t}", nation=nation(g, active),
               fp=fa, why=why_a, r=a["r_active"]["total"], t=ta, plus=f" + Actions {ba}" if ba else "")
        if ta > ti:
            losers = ina
            g.emit(cite(g, "melee.result"),
                   "{nation} loses the Melee in {hex}", nation=nation(g, opponent(active)),
                   hex=a["hex"])
        elif ti > ta:
            losers = act
            g.emit(cite(g, "melee.result"),
                   "{nation} loses the Melee in {hex}", nation=nation(g, active), hex=a["hex"])
        else:
            holder = rules_of(g).melee_tie_winner(g, a["hex"])
            if holder is None:
                losers = act + ina
                g.emit(cite(g, "melee.result"),
                       "Equal Melee Totals in {hex}: both sides are eliminated", hex=a["hex"])
            else:
                losers = ina if holder == active else act
                g.emit(cite(g, "melee.fortification_tie"),
                       "Equal Melee Totals in {hex}: {nation} held the fortification and "
                       "survives; only the other side is eliminated", hex=a["hex"], nation=nation(g, holder))
        for uid in losers:
            eliminate(g, uid, cite(g, "melee.result"), check=False)
        label = a["hex"]
        a.update(phase="pick", hex=None)
        if check_sudden_loss(g):
            return
        update_objectives(g)
        open_windows(g, "melee_end", {"hex": label})  # A38 No Quarter


def register(rules: Any) -> None:
    """Add the Melee frame. The rules object checks for Melee after every Order and after every
    die trigger (O16.4) in its after_order/after_trigger hooks, via :func:`push_melee`."""
    rules.add_step(Melee())


def melee_frame(g: Game, label: str | None) -> Args | None:
    """The Melee under way in ``label`` (its frame's args), if any."""
    for f in reversed(g.state["stack"]):
        if f["step"] == "melee" and f["args"].get("hex") == label:
            args: Args = f["args"]
            return args
    return None


def add_melee_bonus(g: Game, label: str, seat: int, n: int) -> int:
    """Add ``n`` to ``seat``'s coming Melee Roll in ``label``; returns its Action bonus now."""
    a = melee_frame(g, label)
    assert a is not None
    bonus = a.setdefault("bonus", {})
    bonus[str(seat)] = int(bonus.get(str(seat), 0)) + n
    return int(bonus[str(seat)])
