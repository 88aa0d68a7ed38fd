"""Order O22 Recover: the player (not his units) is activated; his Suppressed markers come off,
then each of his units that was broken when the Order was given makes a Rally Roll.

A player may be activated for at most one Recover or Rout per Turn (O22.1, O23.1). That fact
belongs to the Turn, so it lives in the ``turn`` frame's args as ``players`` (seats activated
for Recover/Rout this Turn) and disappears with the Turn.

Rally Roll (O22.3) against the unit's current Morale (Command and Cover included): below it the
unit rallies; equal, it is Suppressed and stays broken; above, nothing. The active player picks
the order of the rolls (Leaders first usually pays). Each unit's Morale is read just before its
roll: a trigger on that roll (Event!) is resolved before the result, but cannot change the
number the locked roll is compared with (our reading of 1.9.1's Rout example).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .board_state import board_of
from .citations import cite
from .movement import find_frame, on_map
from .orders import OrderDef
from .state import units_on_map
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game


def player_activated(g: Game, seat: int) -> bool:
    t = find_frame(g, "turn")
    return t is not None and seat in t.get("players", [])


def activate_player(g: Game, seat: int) -> None:
    t = find_frame(g, "turn")
    if t is not None:
        t.setdefault("players", []).append(seat)


def broken_units(g: Game, seat: int) -> list[str]:
    return [u for u in units_on_map(g.state, seat) if g.state["units"][u]["broken"] and on_map(g, u)]


def recover_legal(g: Game, seat: int, card: str) -> bool:
    if board_of(g) is None or player_activated(g, seat):
        return False
    units = g.state["units"]
    return any(units[u]["broken"] or units[u]["suppressed"] for u in units_on_map(g.state, seat))


def start_recover(g: Game, seat: int, card: str) -> None:
    activate_player(g, seat)
    units = g.state["units"]
    rules = rules_of(g)
    cleared = [u for u in units_on_map(g.state, seat)
               if units[u]["suppressed"] and rules.recover_clears(g, u)]
    for u in cleared:
        units[u]["suppressed"] = False
    g.emit(cite(g, "recover.activate"),
           "{nation} is activated to Recover; Suppressed markers removed: {units}",
           nation=nation(g, seat), units=", ".join(cleared) or "none")
    g.push("recover_order", seat=seat, left=broken_units(g, seat), unit=None, morale=0)


class BrokenUnitRolls(Step):
    """One roll per broken unit of an activated player, in the order the active seat picks
    (O22.3 Rally, O23.2 Rout): the Morale is read just before each roll, and ``_resolve`` applies
    the locked result."""

    purpose = ""

    def _left(self, g: Game, a: Args) -> list[str]:
        return [u for u in a["left"] if on_map(g, u) and g.state["units"][u]["broken"]]

    def _roll(self, g: Game, a: Args, uid: str) -> None:
        a["left"] = [u for u in self._left(g, a) if u != uid]
        a["unit"] = uid
        a["morale"] = rules_of(g).roll_morale(g, uid, self.purpose)
        g.push("roll", roller=int(a["seat"]), purpose=f"{self.purpose} of {uid}", store="roll")

    def run(self, g: Game, a: Args) -> None:
        if a["unit"] is None:
            left = self._left(g, a)
            if not left:
                g.pop()
                return
            self._roll(g, a, left[0])
            return
        uid, m = a["unit"], int(a["morale"])
        a["unit"] = None
        self._resolve(g, a, uid, m, int(a["roll"]["total"]))

    def _resolve(self, g: Game, a: Args, uid: str, m: int, r: int) -> None:
        raise NotImplementedError


class RecoverOrder(BrokenUnitRolls):
    name = "recover_order"
    purpose = "rally"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if a["unit"] is None and len(self._left(g, a)) > 1 else None

    def prompt(self, g: Game, a: Args) -> str:
        return "Recover: which broken unit makes its Rally Roll next?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"rally:{u}", f"Rally Roll for {u}", "rally", {"unit": u}) for u in self._left(g, a)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        self._roll(g, a, option.args["unit"])

    def _resolve(self, g: Game, a: Args, uid: str, m: int, r: int) -> None:
        u = g.state["units"][uid]
        if not on_map(g, uid) or not u["broken"]:
            g.emit(cite(g, "recover.rally_roll"),
                   "{unit} is no longer a broken unit in play: the roll has no effect", unit=uid)
        elif r < m:
            u["broken"] = False
            g.emit(cite(g, "recover.rally_roll"),
                   "Rally Roll {r} below Morale {m}: {unit} rallies", r=r, m=m, unit=uid)
        elif r == m:
            u["suppressed"] = True
            g.emit(cite(g, "recover.rally_roll"),
                   "Rally Roll {r} equals Morale {m}: {unit} is Suppressed and stays broken",
                   r=r, m=m, unit=uid)
        else:
            g.emit(cite(g, "recover.rally_roll"),
                   "Rally Roll {r} above Morale {m}: no effect on {unit}", r=r, m=m, unit=uid)


def register(rules: Any) -> None:
    """Add the Recover Order (O22)."""
    rules.add_step(RecoverOrder())
    rules.orders["Recover"] = OrderDef("Recover", rules.rule_numbers["order.recover"], implemented=True,
                                       legal=recover_legal,
                                       start=start_recover)
