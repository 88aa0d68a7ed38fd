"""10.1 set-up by the players: each side places its listed blocks, one at a time and in the order
it likes, in or next to the scenario's named hexes, within stacking, at least one in each named
hex. The other side sees only "a block of side X is set up here". Our reading of the order: the
player who moves second sets up first (the defender in most scenarios), then the other."""

from __future__ import annotations

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .blocks import SIDES, sheet
from .scenarios import geo_of
from .units import in_hex, named, occupancy, piece, stack_limit


def set_up_hexes(g: Game, side: int) -> list[int]:
    """Hexes where ``side`` may place its next block now (10.1)."""
    s = g.state
    geo = geo_of(s)
    areas = s["deploy_areas"][side]
    left = len(s["to_deploy"][side])
    empty = [a for a in areas if not in_hex(s, a, side)]
    occ = occupancy(s)
    pool = empty if left <= len(empty) else sorted({*areas, *(j for a in areas for j in geo.nbrs[a])})
    wire = {w["hex"] for w in s["wire"]}
    mine: dict[int, int] = {}
    for b, r in s["blocks"].items():
        if sheet()[b].side == side:
            mine[r["hex"]] = mine.get(r["hex"], 0) + 1
    return [
        i
        for i in pool
        if (1 - side) not in occ.get(i, set()) and i not in wire and mine.get(i, 0) < stack_limit(geo, s, i)
    ]


class SetUp(Step):
    name = "set_up"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["side"]) if g.state["to_deploy"][a["side"]] else None

    def run(self, g: Game, a: Args) -> None:
        g.pop()

    def prompt(self, g: Game, a: Args) -> str:
        return f"Set up your blocks ({len(g.state['to_deploy'][a['side']])} left)"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        geo = geo_of(s)
        hexes = [(i, geo.label(i)) for i in set_up_hexes(g, a["side"])]
        return [
            Option(
                f"place:{piece(s, b)}:{lab}",
                f"Set up {named(s, b)} in {lab}",
                "setup",
                {"unit": b, "piece": piece(s, b), "i": i, "hex": lab},
            )
            for b in sorted(s["to_deploy"][a["side"]], key=lambda b: piece(s, b))
            for i, lab in hexes
        ]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        geo = geo_of(s)
        b, i = option.args["unit"], option.args["i"]
        lab = sheet()[b]
        s["to_deploy"][a["side"]].remove(b)
        up = lab.type == "bunker" or b in s["revealed_tanks"]
        s["blocks"][b] = {
            "hex": i,
            "steps": lab.steps,
            "half": False,
            "posture": "up" if up else "upright",
            "acted": False,
        }
        g.emit(
            "10.1",
            "{unit} is set up in {hex}",
            to=None if up else [lab.side],
            unit=named(s, b),
            hex=geo.label(i),
        )
        if not up:
            g.emit(
                "10.1",
                "a {side} block ({piece}) is set up in {hex}",
                to=[1 - lab.side],
                piece=piece(s, b),
                side=SIDES[lab.side],
                hex=geo.label(i),
            )
