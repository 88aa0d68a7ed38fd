"""Set-up and the turn (3.0-3.5, 4.0): bases, the five phases, mission placement (7.0),
purchases and base moves (6.0, 12.11, 12.12), success determination (5.0)."""

from __future__ import annotations

from tactica.core.decks import cup_draw
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .data import bases, gear, leaders, mission_cup, placement, squads
from .geo import Geo
from .results import ME, G, State, accomplish, end_map
from .setup import new_piece
from .stacks import (
    base_hexes,
    squads_in,
)


def base_sites(s: State, gm: Geo, base: str, col: str | None = None) -> list[str]:
    """3.1: hexes not in or next to a building or airfield (Geo.base_sites), one base a hex; never
    on an enemy's hex (our reading: keeps 12.5/12.11 simple)."""
    taken = {h for b, h in base_hexes(s).items() if b != base} | set(s["enemies"].values())
    cols = [col] if col is not None else sorted(gm.base_sites)
    return [lab for c in cols for lab in gm.base_sites.get(c, ()) if lab not in taken]


class PlaceBase(Step):
    """3.1/12.12: put a base anywhere legal, choosing the column then the hex (keeps the option
    lists short; the pair names one hex)."""

    name = "place_base"

    def actor(self, g: Game, a: Args) -> int:
        return ME

    def prompt(self, g: Game, a: Args) -> str:
        return f"Place {a['base']}" + (f" (column {a['col']})" if a.get("col") else "")

    def options(self, g: Game, a: Args) -> list[Option]:
        gm, s = G(g), g.state
        if not a.get("col"):
            cols = sorted({lab[:2] for lab in base_sites(s, gm, a["base"])})
            return [Option(f"col:{c}", f"Column {c}", "column", {"col": c}) for c in cols]
        out = [Option(f"hex:{lab}", f"Base in {lab}", "hex", {"hex": lab})
               for lab in base_sites(s, gm, a["base"], a["col"])]
        return [*out, Option("back", "Another column", "back")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.id.startswith("col:"):
            a["col"] = option.args["col"]
            return
        if option.id == "back":
            a["col"] = None
            return
        lab = option.args["hex"]
        g.state["bases"][a["base"]] = lab
        g.emit(a["rule"], "{base} placed in {hex}", base=a["base"], hex=lab)
        g.pop()


class MapSetup(Step):
    """3.0-3.5: bases, then every squad, leader and carried-over piece in a base (portage ignored
    there), then the first turn."""

    name = "map_setup"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        for b in ("base-1", "base-2"):
            if b in s["owned_bases"] and s["bases"].get(b) is None and b not in a["placed"]:
                a["placed"].append(b)
                g.push("place_base", base=b, col=None, rule="3.1")
                return
        home = s["bases"]["base-1"]
        for p in s["pieces"].values():
            p["hex"] = home
        g.emit("3.4", "Squads, leaders and gear set up in {hex}", hex=home)
        g.replace("turn")
        if s["bases"].get("base-2") is not None and s["pieces"]:
            g.push("deploy")


class Deploy(Step):
    """3.4/3.5: with two bases at the start of a map, the player sets each piece up in either."""

    name = "deploy"

    def actor(self, g: Game, a: Args) -> int:
        return ME

    def prompt(self, g: Game, a: Args) -> str:
        return "Set up pieces in the two bases"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        out = []
        for pid, p in sorted(s["pieces"].items()):
            for b, h in sorted(base_hexes(s).items()):
                if p["hex"] != h:
                    out.append(Option(f"{b}:{pid}", f"{pid} to {b} ({h})", "deploy",
                                      {"piece": pid, "hex": h}))
        return [*out, Option("done", "Set-up done", "done")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.id == "done":
            g.pop()
            return
        g.state["pieces"][option.args["piece"]]["hex"] = option.args["hex"]


# ============================================================================ the turn (4.0)
class Turn(Step):
    name = "turn"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        s["turn"] += 1
        for p in s["pieces"].values():
            p["moved"] = False
        g.emit("4.0", "Turn {t}", t=s["turn"])
        for step in ("end_turn", "enemy_end", "enemy_combat", "enemy_move", "suppression",
                     "friendly_combat", "movement", "mission_placement"):
            g.push(step)


class MissionPlacement(Step):
    """7.0: draw an objective blind, d6 on the placement table; on a squad or base hex it is
    accomplished at once (and the next is drawn, our reading). Then purchases (3.5, 6.0)."""

    name = "mission_placement"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        if s["mission"] is not None:
            g.pop()
            return
        while s["resolved"] < 6:
            mid = cup_draw(s["cups"]["missions"], g.chance)
            if mid is None:
                break
            roll = g.chance.d6()
            name, hexes = placement()[mid]
            lab = hexes[(roll - 1) // 2]
            s["mission"] = {"id": mid, "hex": lab, "status": "open", "turn": s["turn"]}
            s["lost_current"] = 0
            pp, needs = mission_cup(s["map"])[mid]
            g.emit("7.0", "Mission {n}: {name} (PP {pp}, needs {needs}); d6 = {r}: placed in {hex}",
                   n=s["resolved"] + 1, name=name, pp=pp, needs=", ".join(needs) or "none", r=roll, hex=lab)
            if squads_in(s, lab) or lab in base_hexes(s).values():
                accomplish(g, "7.0")
                s["mission"] = None
                continue
            break
        g.replace("purchase")


def purchasable(s: State) -> list[tuple[str, int]]:
    """6.0, 3.2, 3.3, 12.11: gear not on the map; A/B squads, commander and officer once each
    (never after elimination); the second base."""
    out = [(k, v.cost) for k, v in gear().items() if k not in s["pieces"]]
    for k, v in squads().items():
        if v.level == "bought" and k not in s["pieces"] and k not in s["ever"]:
            out.append((k, v.cost))
    for k, lv in leaders().items():
        if lv.level == "bought" and k not in s["pieces"] and k not in s["ever"]:
            out.append((k, lv.cost))
    return [(k, c) for k, c in out if c <= s["pp"]]


class Purchase(Step):
    """6.0/6.2: spend PP on pieces placed at once in a base; 12.11 a second base; 12.12 pay a
    d10 (0 = 10) to move a base (a roll above the PP in hand moves nothing, our reading)."""

    name = "purchase"

    def actor(self, g: Game, a: Args) -> int:
        return ME

    def prompt(self, g: Game, a: Args) -> str:
        return f"Purchases ({g.state['pp']} PP)"

    def options(self, g: Game, a: Args) -> list[Option]:
        s, gm = g.state, G(g)
        out: list[Option] = []
        here = base_hexes(s)
        for k, c in purchasable(s):
            for b, lab in here.items():
                out.append(Option(f"buy:{k}@{b}", f"Buy {k} ({c} PP) into {b}", "buy",
                                  {"item": k, "hex": lab}))
        b2 = bases()["base-2"]
        if "base-2" not in s["owned_bases"] and b2 <= s["pp"]:
            out.append(Option("buy:base-2", f"Buy the second base ({b2} PP)", "buy", {"item": "base-2"}))
        if s["pp"] >= 1:
            for b, lab in here.items():
                if not gm.all_sea(lab):  # 3.1 note: a base in an all-sea hex cannot move
                    out.append(Option(f"move_base:{b}", f"Move {b} (d10 PP)", "move_base", {"hex": lab}))
        out.append(Option("done", "Done purchasing", "done"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        oid = option.id
        if oid == "done":
            g.pop()
            return
        if oid == "buy:base-2":
            s["pp"] -= bases()["base-2"]
            s["owned_bases"].append("base-2")
            g.emit("12.11", "Second base bought ({c} PP); {pp} PP left", c=bases()["base-2"], pp=s["pp"])
            g.push("place_base", base="base-2", col=None, rule="12.11")
            return
        if oid.startswith("move_base:"):
            b = oid.split(":", 1)[1]
            roll = g.chance.d10(zero_is=10)
            if roll > s["pp"]:
                g.emit("12.12", "Moving {b}: d10 = {r} PP, more than the {pp} PP in hand: it stays",
                       b=b, r=roll, pp=s["pp"])
                return
            s["pp"] -= roll
            g.emit("12.12", "Moving {b}: d10 = {r} PP paid, {pp} PP left", b=b, r=roll, pp=s["pp"])
            s["bases"][b] = None
            g.push("place_base", base=b, col=None, rule="12.12")
            return
        item, b = oid[4:].split("@")
        kind = "gear" if item in gear() else "squad" if item in squads() else "leader"
        cost = dict(purchasable(s))[item]
        s["pp"] -= cost
        s["pieces"][item] = {**new_piece(kind), "hex": s["bases"][b]}
        if kind != "gear":
            s["ever"].append(item)
        g.emit("6.0", "Bought {item} for {c} PP into {b}; {pp} PP left", item=item, c=cost, b=b, pp=s["pp"])


class EndTurn(Step):
    """5.0/4.0 Success Determination: a resolved mission makes the next turn start with placement;
    after the sixth the map ends (the last map ends the game)."""

    name = "end_turn"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        g.pop()
        if s["mission"] is not None and s["mission"]["status"] != "open":
            s["mission"] = None
        if s["resolved"] >= 6:
            g.emit("4.0", "Six missions resolved on {map}: the map ends", map=s["map"])
            end_map(g)
