"""Great War Commander's Air Assault (O17): the aircraft's FP by date and nation, the hex row its
nose traces from the Random Hex, and the Order itself.

The Order (frame ``air_assault``): a card is revealed for its Random Hex (not a roll; its number
also checks broken Weapons, 11.4: our reading, as for any Random Hex), the player points the
aircraft along one of six directions and picks one occupied hex of that row to bomb or two
adjacent hexes of it to strafe; every Unit there is Suppressed (Leaders and Tanks are not Units);
then each occupied chosen hex takes its own attack (frame ``air_attack``): the FP plus a Fire
Attack Roll, no hindrance, no height, no airburst (O17.2), answered by a Defense Roll of every
Formation in the hex, of either side. No target at all (no occupied hex in any row, no Strafing
yet): the Order does nothing. The opponent may first cancel it with Air Dominance or Dog Fights
(S98.3.2, S98.4.2); Flying Squadrons (S98.5.5) forbids it.

Readings (RULES.md): the chart under O17.1 is OCR-damaged, the prose gives the values: Bombing 3
in 1914 and 6 afterwards for every nation; Strafing 5, French and British from February 1916,
German from August 1915, American always (America fights from 1917). The row is the straight line
of hexes from the Random Hex (included) toward the compass direction the nose points, to the map
edge: the marker faces one of six directions, not one of three axes, and both worked examples
(G11 to G8; G11 to J9-K9) lie ahead of the nose.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tactica.core.board import Board
from tactica.core.hexgrid import neighbor
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.artillery import COMPASS, ArtilleryImpact
from ..commander_family.board_state import board_of, units_in
from ..commander_family.orders import OrderDef
from ..commander_family.state import opponent
from ..commander_family.victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game

    from .rules import GreatWarCommanderRules

BOMBING = "bombing"
STRAFING = "strafing"

STRAFING_FROM: Mapping[str, str] = MappingProxyType(
    {"France": "1916-02", "Britain": "1916-02", "Germany": "1915-08", "America": "1900-01"})
"""O17.1 step 4: the first month each nation may strafe."""


def bombing_fp(date: str) -> int:
    """O17.1 step 4: 3 in 1914, 6 in the later years (every nation)."""
    return 3 if date < "1915-01" else 6


def strafing_fp(date: str, nation: str) -> int | None:
    """O17.1 step 4: 5 once the nation may strafe, else None (no Strafing)."""
    first = STRAFING_FROM.get(nation)
    return 5 if first is not None and date >= first else None


def row(board: Board, start: str, direction: int) -> list[str]:
    """The hexes from ``start`` (included) toward compass ``direction`` (1-6) to the map edge."""
    h = board.parse(start)
    out = [start]
    d = COMPASS[direction]
    while True:
        h = neighbor(h, d)
        if h not in board:
            return out
        out.append(board.label(h))


def strafing_pairs(hexes: list[str]) -> list[tuple[str, str]]:
    """O17.1 step 3: any two adjacent hexes of the row (consecutive along it)."""
    return list(pairwise(hexes))


# ---------------------------------------------------------------- O17 the Order
ORDER = "Air Assault"


def air_legal(g: Game, seat: int, card: str) -> bool:
    """O17: any time there is a map, unless the opponent keeps Flying Squadrons (S98.5.5)."""
    from . import strategy

    return board_of(g) is not None and not strategy.reminder(g, opponent(seat), "Flying Squadrons")


def air_start(g: Game, seat: int, card: str) -> None:
    push_air_assault(g, seat, "O17")


def push_air_assault(g: Game, seat: int, rule: str) -> None:
    """An Air Assault for ``seat`` (an Order, or a free one from a Strategy Card)."""
    from . import strategy

    g.push("air_assault", seat=seat, phase="reveal", rule=rule, hex=None, targets=[], mode=None)
    strategy.push_reaction_window(g, opponent(seat), ("Air Dominance", "Dog Fights"))  # S98.3.2, S98.4.2


def _is_unit(g: Game, uid: str) -> bool:
    rules: Any = g.rules
    return bool(rules.unit_type(g.state["units"][uid]["type"]).is_unit)


class AirAssault(Step):
    name = "air_assault"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if a["phase"] == "aim" else None

    def prompt(self, g: Game, a: Args) -> str:
        return f"Air Assault from {a['hex']}: point the aircraft, then bomb one hex or strafe two"

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        b = board_of(g)
        assert b is not None
        date = str(g.state["date"])
        strafe = strafing_fp(date, nation(g, seat)) is not None
        opts: list[Option] = []
        for d in range(1, 7):
            r = row(b, a["hex"], d)
            opts += [Option(f"bomb:{d}:{h}", f"Bomb {h} (aircraft toward {d})", "bomb", {"hexes": [h]})
                     for h in r if units_in(g, h)]
            if strafe:
                opts += [Option(f"strafe:{d}:{x}:{y}", f"Strafe {x} and {y} (aircraft toward {d})", "strafe",
                                {"hexes": [x, y]}) for x, y in strafing_pairs(r)]
        return opts or [Option("none", "No target: the aircraft flies off", "none")]

    def run(self, g: Game, a: Args) -> None:
        seat = int(a["seat"])
        if a.get("cancelled"):
            g.emit("O17", "The Air Assault is called off")
            g.pop()
            return
        if a["phase"] == "reveal":
            a["phase"] = "revealed"
            g.push("reveal", seat=seat, store="hcard")
        elif a["phase"] == "revealed":
            rules: Any = g.rules
            c = rules.card(a["hcard"])
            a["hex"] = c.hex
            g.emit(a["rule"], "Air Assault: Random Hex {hex} ({card})", hex=c.hex, card=a["hcard"])
            rules.broken_weapon_check(g, int(c.hex[1:]))  # 11.4 on any Random Hex (our reading)
            a["phase"] = "aim"

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        g.pop()
        if option.id == "none":
            g.emit("O17.1", "The aircraft finds no target")
            return
        date = str(g.state["date"])
        bombing = option.kind == "bomb"
        fp = bombing_fp(date) if bombing else strafing_fp(date, nation(g, seat))
        assert fp is not None
        hexes = list(option.args["hexes"])
        g.emit("O17.1", "{what} {hexes} with {fp} FP", what="Bombing" if bombing else "Strafing",
               hexes=" and ".join(hexes), fp=fp)
        for h in hexes:  # step 2/3: every Unit there is Suppressed
            for uid in units_in(g, h):
                u = g.state["units"][uid]
                if _is_unit(g, uid) and not u["suppressed"]:
                    u["suppressed"] = True
                    g.emit("O17.1", "{unit} is Suppressed by the aircraft", unit=uid)
        for h in reversed([h for h in hexes if units_in(g, h)]):  # one attack per occupied hex
            g.push("air_attack", seat=seat, target=h, fp=fp, radio="aircraft", pieces=[], smoke=False,
                   moving=[], op_fire=False, phase="start", bonus=0, crossed=None, zero_cover=False,
                   mortar=False)


class AirAttack(ArtilleryImpact):
    """O17.1 step 5, O17.2: one hex attacked from the air: FP + a Fire Attack Roll, no hindrance,
    height or airburst, no downgrade; every Formation in the hex defends (the Impact's defense)."""

    name = "air_attack"

    def run(self, g: Game, a: Args) -> None:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "start":
            target = a["target"]
            a["final_fp"] = int(a["fp"])
            a["defenders"] = units_in(g, target, opponent(seat)) + units_in(g, target, seat)
            g.emit("O17.1", "Air attack on {hex}: {fp} FP (no hindrance, no height, no airburst)",
                   hex=target, fp=a["fp"])
            a["phase"] = "rolled"
            g.push("roll", roller=seat, purpose="air assault", store="roll", fire_attack=True)
        elif ph == "rolled":
            total = int(a["fp"]) + int(a["roll"]["total"])
            a["total"] = total
            g.emit("O17.1", "Attack Total {total} ({fp} FP + roll {r})", total=total, fp=a["fp"],
                   r=a["roll"]["total"])
            a["left"] = self._still_there(g, a, a["defenders"])
            a["phase"] = "order"
        else:
            super().run(g, a)


def register(rules: GreatWarCommanderRules) -> None:
    """The Air Assault Order (O17) and its frames."""
    for st in (AirAssault(), AirAttack()):
        if st.name not in rules.steps:
            rules.add_step(st)
    rules.orders[ORDER] = OrderDef(ORDER, "O17", implemented=True, legal=air_legal, start=air_start)
