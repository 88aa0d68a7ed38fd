"""The sequence of play of Commandos: Europe as flow steps (4.0).

One seat, the commandos (seat 0). A ``turn`` frame stays at the bottom of the stack during a map
and pushes the five phases: mission objective placement with purchases (7.0, 6.0, 12.12),
friendly movement (10.0-12.4), friendly combat (13.0), enemy suppression/movement/combat (15.0,
10.6, 13.0) and success determination (5.0). Enemy generation, drift, pursuit and attacks are
automatic steps driven by the seeded chance; a tie the book gives to the player is asked of seat 0.
"""

from __future__ import annotations

from typing import Any

from tactica.core.decks import cup_draw
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from . import enemy as E
from .data import bases, gear, leaders, markers, mission_cup, placement, squads
from .geo import Geo, geo
from .setup import next_map
from .stacks import (
    LEADER_PORTAGE,
    SQUAD_PORTAGE,
    base_hexes,
    detected_by,
    hex_noise,
    hex_strength,
    in_base,
    in_hex,
    is_plus,
    plus_value,
    portage_problem,
    squads_in,
    stack_ma,
)

ME = 0
State = dict[str, Any]
TITLES = ((4, "Court-martial"), (6, "Demotion"), (8, "Reassignment"), (10, "Poor Performance"),
          (12, "Adequate Performance"), (14, "Meritorious Service"), (16, "Promotion"), (18, "Award"),
          (20, "Award and Promotion"), (22, "National Hero"), (24, "Victoria Cross"))


def G(g: Game) -> Geo:
    return geo(g.state["map"])


def score(s: State) -> int:
    """5.0: accomplished - forfeited - squads eliminated (not those lost in missions later
    forfeited, nor squads merely replaced by E/V squads)."""
    return int(s["accomplished"] - s["forfeited"] - (s["squads_lost"] - s["excused"]))


def title(n: int) -> str:
    """5.0 Victory Assessment table; a total below 0 reads as the lowest band."""
    for top, name in TITLES:
        if n <= top:
            return name
    return TITLES[-1][1]


def new_piece(s: State, pid: str, kind: str, lab: str) -> None:
    s["pieces"][pid] = {"kind": kind, "hex": lab, "moved": False, "detected": False, "marker": None,
                        "flipped": False}


def finish_game(g: Game, reason: str, rule: str = "5.0", defeat: bool = False) -> None:
    s = g.state
    sc = score(s)
    s["final"] = {"score": sc, "title": "Court-martial" if defeat else title(sc), "defeat": defeat}
    g.emit(rule, "Accomplished {a}, forfeited {f}, squads eliminated {l}: net {n}, {t}",
           a=s["accomplished"], f=s["forfeited"], l=s["squads_lost"] - s["excused"], n=sc,
           t=s["final"]["title"])
    g.end([value(s, sc, defeat)], reason, rule)


def value(s: State, net: int, defeat: bool = False) -> float:
    """The seat's return in [-1, 1]: the net score of 5.0 over the scenario's missions (six a map),
    clipped; an immediate defeat (5.0) is -1 whatever the score."""
    if defeat:
        return -1.0
    return max(-1.0, min(1.0, net / (6 * len(s["maps"]))))


# ============================================================================ bases (3.1, 12.12)
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


# ---------------------------------------------------------------------------- P1 (7.0, 6.0)
def accomplish(g: Game, rule: str) -> None:
    """7.1: the counter is removed, its PP awarded; 12.2: awareness +1 for the rest of the map."""
    s = g.state
    m = s["mission"]
    pp, _ = mission_cup(s["map"])[m["id"]]
    m["status"] = "accomplished"
    s["pp"] += pp
    s["accomplished"] += 1
    s["resolved"] += 1
    s["awareness"] += 1
    g.emit(rule, "Mission {name} accomplished in {hex}: +{pp} PP (now {total}); awareness {aw}",
           name=placement()[m["id"]][0], hex=m["hex"], pp=pp, total=s["pp"], aw=s["awareness"])


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
        new_piece(s, item, kind, s["bases"][b])
        if kind != "gear":
            s["ever"].append(item)
        g.emit("6.0", "Bought {item} for {c} PP into {b}; {pp} PP left", item=item, c=cost, b=b, pp=s["pp"])


# ---------------------------------------------------------------------------- P2 (10.0-12.4)
def movers(s: State) -> list[str]:
    """Pieces that may start a move: squads and plus-type pieces (gear and leaders) not yet moved."""
    return sorted(pid for pid, p in s["pieces"].items()
                  if not p["moved"] and (p["kind"] == "squad" or is_plus(pid)))


def forfeit(g: Game) -> None:
    """7.2: removed for good, nothing gained, still one of the six; 5.0 note: squads lost on this
    mission no longer count against the player."""
    s = g.state
    m = s["mission"]
    m["status"] = "forfeited"
    s["forfeited"] += 1
    s["resolved"] += 1
    s["excused"] += s["lost_current"]
    g.emit("7.2", "Mission {name} forfeited", name=placement()[m["id"]][0])


class Movement(Step):
    """10.1/10.3: pick a piece to lead a move, forfeit the mission (7.2), end the game (4.0), or
    end the phase."""

    name = "movement"

    def actor(self, g: Game, a: Args) -> int:
        return ME

    def prompt(self, g: Game, a: Args) -> str:
        return "Friendly movement"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        out = [Option(f"move:{pid}", f"Move {pid} from {s['pieces'][pid]['hex']}", "move",
                      {"piece": pid, "hex": s["pieces"][pid]["hex"]}) for pid in movers(s)]
        if s["mission"] is not None and s["mission"]["status"] == "open":
            out.append(Option("forfeit", "Forfeit the current mission", "forfeit"))
        if s["map_index"] + 1 < len(s["maps"]):
            out.append(Option("end_map", "End this map, forfeiting its missions left", "end_map"))
        out.append(Option("end_game", "End the game, forfeiting the missions left", "end_game"))
        out.append(Option("done", "End the movement phase", "done"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        if option.id == "done":
            g.pop()
            return
        if option.id == "forfeit":
            forfeit(g)
            return
        if option.id in ("end_game", "end_map"):
            left = 6 - s["resolved"]
            s["forfeited"] += left
            s["resolved"] = 6
            s["excused"] += s["lost_current"] if s["mission"] and s["mission"]["status"] == "open" else 0
            what = "game" if option.id == "end_game" else "map"
            g.emit("4.0", "The player ends the {what}: {n} missions left on {map} are forfeited", what=what,
                   n=left, map=s["map"])
            if option.id == "end_game":
                finish_game(g, "the player ended the game", "4.0")
            else:
                end_map(g)
            return
        pid = option.args["piece"]
        g.push("form_stack", hex=s["pieces"][pid]["hex"], members=[pid], bonus=None)


class FormStack(Step):
    """10.3/10.4/10.11: choose what moves together from this hex (the rest is stripped and stays),
    which plus piece lends its bonus to the squad, then go."""

    name = "form_stack"

    def actor(self, g: Game, a: Args) -> int:
        return ME

    def prompt(self, g: Game, a: Args) -> str:
        return f"Form the stack moving from {a['hex']}"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        ms = a["members"]
        out = []
        for pid in in_hex(s, a["hex"]):
            if pid not in ms and not s["pieces"][pid]["moved"]:
                out.append(Option(f"add:{pid}", f"Take {pid}", "add", {"piece": pid}))
        for pid in ms[1:]:
            out.append(Option(f"leave:{pid}", f"Leave {pid}", "leave", {"piece": pid}))
        if any(m in squads() for m in ms):
            for pid in ms:
                if pid in gear() and gear()[pid].plus and pid != a["bonus"]:
                    out.append(Option(f"bonus:{pid}", f"{pid} adds its MA to the squad", "bonus",
                                      {"piece": pid}))
        if portage_problem(ms) is None:
            ma = stack_ma(s, ms, a["bonus"])
            out.append(Option("go", f"Move (MA {ma})", "go", {"ma": ma}))
        out.append(Option("cancel", "Do not move this stack", "cancel"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        oid, ms = option.id, a["members"]
        if oid.startswith("add:"):
            ms.append(option.args["piece"])
        elif oid.startswith("leave:"):
            ms.remove(option.args["piece"])
            if a["bonus"] == option.args["piece"]:
                a["bonus"] = None
        elif oid.startswith("bonus:"):
            a["bonus"] = option.args["piece"]
        elif oid == "cancel":
            g.pop()
        else:
            ma = stack_ma(s, ms, a["bonus"])
            strip_at_sea(g, a["hex"], ms)
            g.emit("10.3", "{members} move from {hex} with MA {ma}", members=", ".join(ms), hex=a["hex"],
                   ma=ma)
            g.replace("moving", members=ms, start=a["hex"], at=a["hex"], mp=ma, steps=0, afloat=False,
                      bonus=a["bonus"], halted=[])


def strip_at_sea(g: Game, lab: str, moving: list[str]) -> None:
    """10.11: gear stripped or unloaded in an all-sea hex is lost."""
    s = g.state
    if G(g).all_sea(lab):
        for pid in in_hex(s, lab):
            if pid in gear() and pid not in moving:
                E.eliminate_piece(g, pid, "10.11", "left in an all-sea hex")


def blue(members: list[str]) -> bool:
    return any(m in gear() and gear()[m].blue for m in members)


def boat(members: list[str]) -> bool:
    return any(m in gear() and gear()[m].boat for m in members)


def enter_cost(s: State, gm: Geo, members: list[str], a: str, b: str) -> int | None:
    """10.7/11.0-11.2: the MP to enter b from a, or None when this stack may not enter it."""
    if (gm.all_sea(b) or "all_sea" in gm.hexside(a, b)) and not blue(members):
        return None
    if gm.coastal(b) and s["enemies"] and b in s["enemies"].values():
        return None  # 11.2: opposing pieces never share a coastal hex
    if boat(members) and gm.water(a) and gm.water(b):
        return 1  # 11.1
    if gm.all_sea(b):
        return 1
    return gm.move_cost(a, b)


class Moving(Step):
    """10.1/10.3/10.8: enter adjacent hexes paying terrain; the first hex is always allowed
    (minimum move, all MA, stealthy); drop gear on the way (10.1, its minus value still counts,
    10.5); halt."""

    name = "moving"

    def _steps(self, g: Game, a: Args) -> list[Option]:
        s, gm = g.state, G(g)
        out = []
        for n in gm.nbrs[a["at"]]:
            c = enter_cost(s, gm, a["members"], a["at"], n)
            if c is None or (a["afloat"] and not gm.water(n)):
                continue  # 11.2: going ashore means taking the land portion, which ends the move
            if c <= a["mp"] or a["steps"] == 0:
                out.append(Option(f"to:{n}", f"Enter {n} ({c} MP)", "to", {"hex": n, "cost": c}))
        return out

    def actor(self, g: Game, a: Args) -> int | None:
        return ME if self._steps(g, a) else None

    def prompt(self, g: Game, a: Args) -> str:
        return f"Move on from {a['at']} ({a['mp']} MP left)"

    def options(self, g: Game, a: Args) -> list[Option]:
        out = self._steps(g, a)
        for pid in a["members"]:
            rest = [m for m in a["members"] if m != pid]
            if rest and a["steps"] and portage_problem(rest) is None:  # never above portage (9.0)
                if pid in gear() and not gear()[pid].plus:
                    out.append(Option(f"drop:{pid}", f"Drop {pid} in {a['at']}", "drop", {"piece": pid}))
                elif not G(g).all_sea(a["at"]):  # 11.1: nobody stays at sea without a blue piece
                    out.append(Option(f"halt:{pid}", f"{pid} halts in {a['at']}", "halt_piece",
                                      {"piece": pid}))
        out.append(Option("halt", "Halt here", "halt", {"hex": a["at"], "mp": a["mp"]}))
        return out

    def run(self, g: Game, a: Args) -> None:
        end_move(g, a)

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s, gm = g.state, G(g)
        if option.id == "halt":
            end_move(g, a)
            return
        if option.id.startswith(("drop:", "halt:")):
            pid = option.args["piece"]
            a["members"].remove(pid)
            s["pieces"][pid]["moved"] = True
            if a["bonus"] == pid:
                a["mp"] = max(0, a["mp"] - plus_value(pid))  # 10.4: the bonus holds only together
                a["bonus"] = None
            if pid in squads():
                g.emit("10.3", "{p} halts in {hex}", p=pid, hex=a["at"])
                a.setdefault("halted", []).append([a["at"], a["steps"]])
                mission_halt(g, a["at"])
            else:
                g.emit("10.1", "{p} is unloaded in {hex}", p=pid, hex=a["at"])
            strip_at_sea(g, a["at"], a["members"])
            return
        n, c = option.args["hex"], option.args["cost"]
        minimum = c > a["mp"]
        frm = a["at"]
        a["mp"] = 0 if minimum else a["mp"] - c
        a["steps"] += 1
        a["at"] = n
        for m in a["members"]:
            s["pieces"][m]["hex"] = n
        if gm.all_sea(frm) and gm.coastal(n):
            a["afloat"] = True  # 11.2: in the sea portion; it stops here if it takes the land
        g.emit("10.8" if minimum else "10.7", "{lead} enters {hex} for {c} MP{mm}", lead=a["members"][0],
               hex=n, c=c, mm=" (minimum move: all its MA)" if minimum else "")


def mission_halt(g: Game, lab: str) -> None:
    """10.10/7.1: a squad halting in the objective hex with every required piece there."""
    s = g.state
    m = s["mission"]
    if m is None or m["status"] != "open" or m["hex"] != lab:
        return
    needs = mission_cup(s["map"])[m["id"]][1]
    here = in_hex(s, lab)
    cap = SQUAD_PORTAGE * len(squads_in(s, lab)) + LEADER_PORTAGE * sum(1 for p in here if p in leaders())
    if all(x in here for x in needs) and len(needs) <= cap:
        accomplish(g, "7.1")
    else:
        g.emit("7.1", "{hex}: the mission needs {needs} in the hex", hex=lab, needs=", ".join(needs))


def end_move(g: Game, a: Args) -> None:
    """After a stack's whole move: the mission halt (10.10/7.1), then one noise check (12.0) for
    each hex where squads of the stack halted (10.3), in order, the final hex last."""
    s = g.state
    g.pop()
    lab = a["at"]
    for m in a["members"]:
        s["pieces"][m]["moved"] = True
    sq = [m for m in a["members"] if m in squads()]
    if sq:
        mission_halt(g, lab)
    checks = [list(h) for h in a.get("halted", [])]
    if sq and a["steps"]:
        checks.append([lab, a["steps"]])
    if not checks:
        if not sq:
            g.emit("12.7", "No squad moved: a lone plus piece or leader makes no noise")
        return
    for hexlab, steps in reversed(checks):
        g.push("noise_check", hex=hexlab, stealthy=steps == 1)


class NoiseCheck(Step):
    """12.0-12.3, 12.11: one d10 for a hex where squads ended their move: 0 never detects, 1
    always does, else detected when the roll is at most the noise; a base hex is never detected.
    Detection offers the escape (12.4) before enemies appear (12.8)."""

    name = "noise_check"

    def run(self, g: Game, a: Args) -> None:
        s, gm = g.state, G(g)
        g.pop()
        lab = a["hex"]
        if not squads_in(s, lab):
            return
        if in_base(s, lab):
            for p in squads_in(s, lab):
                s["pieces"][p]["detected"] = False
            g.emit("12.11", "The squads in {hex} are in a base: they cannot be detected", hex=lab)
            E.sweep_if_clear(g)
            return
        n, parts = hex_noise(s, gm, lab, a["stealthy"])
        r = g.chance.d10(zero_is=0)
        hit = detected_by(r, n)
        g.emit("12.0", "Noise in {hex}: {parts}{st} = {n}; d10 = {r}: {res}", hex=lab,
               parts=", ".join(f"{k} {v:+d}" for k, v in parts.items()),
               st=" (stealthy)" if a["stealthy"] else "",
               n=n, r=r, res="detected" if hit else "not detected")
        if not hit:
            return
        for p in squads_in(s, lab):
            s["pieces"][p]["detected"] = True
        if base_hexes(s):
            g.push("escape", hex=lab)
        else:
            E.generate(g, gm, lab, "noise")


class Escape(Step):
    """12.4: after a noise detection, before any enemy is drawn, the hex's squads and leaders may
    go straight to a base, abandoning every gear piece in the hex (eliminated)."""

    name = "escape"

    def actor(self, g: Game, a: Args) -> int:
        return ME

    def prompt(self, g: Game, a: Args) -> str:
        return f"Detected in {a['hex']}: escape to a base?"

    def options(self, g: Game, a: Args) -> list[Option]:
        out = [Option(f"escape:{b}", f"Escape to {b} in {lab}", "escape", {"hex": lab})
               for b, lab in base_hexes(g.state).items()]
        return [*out, Option("stay", "Stay (enemy units appear)", "stay")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        lab = a["hex"]
        g.pop()
        if option.id == "stay":
            E.generate(g, G(g), lab, "noise")
            return
        dest = option.args["hex"]
        for pid in in_hex(s, lab):
            p = s["pieces"][pid]
            if p["kind"] == "gear":
                E.eliminate_piece(g, pid, "12.4", "abandoned in the escape")
            else:
                p["hex"] = dest
                p["detected"] = False
        g.emit("12.4", "The squads and leaders of {hex} escape to the base in {dest}", hex=lab, dest=dest)
        E.sweep_if_clear(g)


# ---------------------------------------------------------------------------- P3 (13.0)
class FriendlyCombat(Step):
    """13.0/13.2: each squad hex next to (or in) an enemy hex may attack one enemy unit there, all
    its squads and gear together; attacking detects it (12.5) and draws enemies (12.8)."""

    name = "friendly_combat"

    def _attacks(self, g: Game, a: Args) -> list[Option]:
        s, gm = g.state, G(g)
        out = []
        for lab in sorted({p["hex"] for p in s["pieces"].values() if p["kind"] == "squad"}):
            if lab in a.setdefault("done", []):
                continue
            for eid in E.enemies_adjacent(s, gm, lab):
                eh = s["enemies"][eid]
                out.append(Option(f"attack:{lab}:{eid}", f"{lab} attacks {eid} in {eh}", "attack",
                                  {"hex": lab, "target": eid, "target_hex": eh}))
        return out

    def actor(self, g: Game, a: Args) -> int | None:
        return ME if self._attacks(g, a) else None

    def run(self, g: Game, a: Args) -> None:
        g.pop()

    def prompt(self, g: Game, a: Args) -> str:
        return "Friendly combat"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [*self._attacks(g, a), Option("done", "No more attacks", "done")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.id == "done":
            g.pop()
            return
        s, gm = g.state, G(g)
        lab, eid = option.args["hex"], option.args["target"]
        a["done"].append(lab)
        ehex = s["enemies"][eid]
        e = E.etype(s, eid)
        fp, used = hex_strength(s, lab, vs_vehicle=False)
        ra, rd = g.chance.d6(), g.chance.d6()
        pen = gm.penalty(ehex)
        att = 10 * ra + fp + pen
        dfn = 10 * rd + e.attack
        g.emit("13.0", "{hex} attacks {eid} ({name}) in {ehex}: 10x{ra} + {fp} + terrain {pen} = {att} "
               "against 10x{rd} + {ea} = {dfn}", hex=lab, eid=eid, name=e.name, ehex=ehex, ra=ra, fp=fp,
               pen=pen, att=att, rd=rd, ea=e.attack, dfn=dfn)
        for p in squads_in(s, lab):
            s["pieces"][p]["detected"] = True  # 12.5 combat noise
        g.push("generate", hex=lab, why="combat")
        if any(gear()[u].naval_gunfire for u in used):
            g.push("scatter", centre=ehex)
        if att >= dfn:
            del s["enemies"][eid]
            s["cups"]["enemy"]["items"].append(eid)
            g.emit("13.0", "{eid} is eliminated", eid=eid)
        if att <= dfn:
            g.push("casualty", hex=lab, stage="draw", enemy=eid)


class Generate(Step):
    name = "generate"

    def run(self, g: Game, a: Args) -> None:
        g.pop()
        if g.state["pieces"]:
            E.generate(g, G(g), a["hex"], a["why"])


class Scatter(Step):
    """14.0: after a combat with naval gunfire, d6 on the scatter diagram round the enemy's hex:
    commando pieces there (bases too) are eliminated, or an enemy there is."""

    name = "scatter"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        g.pop()
        r = g.chance.d6()
        lab = G(g).scatter(a["centre"], r)
        g.emit("14.0", "Naval gunfire scatter: d6 = {r} from {c}: {hex}", r=r, c=a["centre"],
               hex=lab or "off map")
        if lab is None:
            return
        hit = in_hex(s, lab)
        for b, h in base_hexes(s).items():
            if h == lab:
                s["bases"][b] = None
                s["destroyed"].append(b)
                g.emit("14.0", "{b} is destroyed by friendly fire", b=b)
        if hit:
            for pid in hit:
                if pid in squads():
                    lose_squad(g, pid, "14.0")
                else:
                    E.eliminate_piece(g, pid, "14.0", "friendly fire")
            check_defeat(g)
        else:
            for eid in E.enemies_in(s, lab):
                del s["enemies"][eid]
                s["cups"]["enemy"]["items"].append(eid)
                g.emit("14.0", "{eid} is eliminated by the stray shells", eid=eid)


def lose_squad(g: Game, pid: str, rule: str) -> None:
    """13.1: an eliminated squad's markers go back, its E/V successors leave the game; it counts
    against victory (5.0) unless its mission is later forfeited."""
    s = g.state
    p = s["pieces"].pop(pid)
    if p["marker"]:
        s["cups"]["casualties"]["items"].append(p["marker"])
    s["squads_lost"] += 1
    s["lost_current"] += 1
    s["ever"].append(pid)
    line = squads()[pid].line or (pid if squads()[pid].level == "0" else "")
    for k, v in squads().items():
        if line and v.line == line and k not in s["ever"]:
            s["ever"].append(k)
    g.emit(rule, "{sq} is eliminated", sq=pid)


def check_defeat(g: Game) -> None:
    """5.0/13.1: the game ends at once when the last squad is eliminated."""
    s = g.state
    if not g.is_terminal() and not any(p["kind"] == "squad" for p in s["pieces"].values()):
        finish_game(g, "immediate defeat: the last squad was eliminated", "13.1", defeat=True)


# ---------------------------------------------------------------------------- casualties (13.1)
class Casualty(Step):
    """13.0 steps 7-8 and 13.1: draw a marker; Commander/Officer Killed takes a leader of that
    kind (none there: back to the cup); else the player's chosen squad takes it (a second
    marker eliminates it); then d6 gear pieces of the player's choice are lost; gear a dead
    squad leaves beyond the others' portage (all of it without another squad) is lost too."""

    name = "casualty"

    def actor(self, g: Game, a: Args) -> int | None:
        s = g.state
        if a["stage"] in ("squad", "leader"):
            return ME
        if a["stage"] in ("lose", "claim"):
            n = self._count(g, a)
            items = [p for p in in_hex(s, a["hex"]) if p in gear()]
            return ME if 0 < n < len(items) else None
        return None

    def _count(self, g: Game, a: Args) -> int:
        s = g.state
        if a["stage"] == "lose":
            return int(a["lose"])
        here = in_hex(s, a["hex"])
        items = [p for p in here if p in gear()]
        sq = squads_in(s, a["hex"])
        if not sq:
            return len(items)
        if in_base(s, a["hex"]):
            return 0
        cap = SQUAD_PORTAGE * len(sq) + LEADER_PORTAGE * sum(1 for p in here if p in leaders())
        return max(0, len(items) - cap)

    def prompt(self, g: Game, a: Args) -> str:
        if a["stage"] == "squad":
            return f"Which squad in {a['hex']} takes the casualty?"
        if a["stage"] == "leader":
            return f"Which leader in {a['hex']} is killed?"
        return f"Choose a gear piece to lose in {a['hex']} ({self._count(g, a)} to lose)"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        if a["stage"] == "squad":
            return [Option(f"squad:{p}", f"{p} takes it", "squad", {"piece": p})
                    for p in squads_in(s, a["hex"])]
        if a["stage"] == "leader":
            role = markers()[a["marker"].split("#")[0]].kills
            return [Option(f"leader:{p}", f"{p} is killed", "leader", {"piece": p})
                    for p in in_hex(s, a["hex"]) if p in leaders() and leaders()[p].role == role]
        return [Option(f"lose:{p}", f"Lose {p}", "lose", {"piece": p})
                for p in in_hex(s, a["hex"]) if p in gear()]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if a["stage"] == "squad":
            self._apply(g, a, option.args["piece"])
            return
        if a["stage"] == "leader":
            E.eliminate_piece(g, option.args["piece"], "13.1", markers()[a["marker"].split("#")[0]].name)
            g.pop()
            return
        E.eliminate_piece(g, option.args["piece"], "13.0" if a["stage"] == "lose" else "13.1",
                          "lost in combat" if a["stage"] == "lose" else "no squad can claim it")
        if a["stage"] == "lose":
            a["lose"] -= 1

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        st = a["stage"]
        if st == "draw":
            s["marker_drawn"].append(a["enemy"])
            mk = cup_draw(s["cups"]["casualties"], g.chance)
            if mk is None:
                g.emit("13.1", "The casualties cup is empty: no marker")
                g.pop()
                return
            m = markers()[mk.split("#")[0]]
            if m.kills:
                lead = [p for p in in_hex(s, a["hex"]) if p in leaders() and leaders()[p].role == m.kills]
                s["cups"]["casualties"]["items"].append(mk)
                if len(lead) > 1:
                    a["stage"], a["marker"] = "leader", mk  # the player picks which one (13.1)
                    return
                if lead:
                    E.eliminate_piece(g, lead[0], "13.1", m.name)
                else:
                    g.emit("13.1", "{m} drawn: no {role} in {hex}, no effect", m=m.name, role=m.kills,
                           hex=a["hex"])
                g.pop()
                return
            a["marker"] = mk
            sq = squads_in(s, a["hex"])
            if not sq:
                s["cups"]["casualties"]["items"].append(mk)
                g.pop()
                return
            if len(sq) == 1:
                self._apply(g, a, sq[0])
            else:
                a["stage"] = "squad"
            return
        if st == "lose":
            items = [p for p in in_hex(s, a["hex"]) if p in gear()]
            if a["lose"] >= len(items):
                for p in items:
                    E.eliminate_piece(g, p, "13.0", "lost in combat")
            a["stage"] = "claim" if a["dead"] else "end"
            return
        if st == "claim":
            if self._count(g, a):
                for p in [p for p in in_hex(s, a["hex"]) if p in gear()]:
                    E.eliminate_piece(g, p, "13.1", "no squad can claim it")
            a["stage"] = "end"
            return
        g.pop()
        check_defeat(g)

    def _apply(self, g: Game, a: Args, pid: str) -> None:
        s = g.state
        mk = a["marker"]
        p = s["pieces"][pid]
        name = markers()[mk.split("#")[0]].name
        if p["marker"]:
            s["cups"]["casualties"]["items"].append(mk)
            g.emit("13.1", "{sq} draws {m}: its second casualty", sq=pid, m=name)
            lose_squad(g, pid, "13.1")
            a["dead"] = True
        else:
            p["marker"] = mk
            a["dead"] = False
            g.emit("13.1", "{sq} takes a casualty: {m}", sq=pid, m=name)
        n = g.chance.d6()
        a["lose"] = n
        a["stage"] = "lose"
        g.emit("13.0", "Gear loss: d6 = {n} pieces in {hex}", n=n, hex=a["hex"])


# ---------------------------------------------------------------------------- P4 (15.0, 10.6, 13.0)
def suppressors(s: State) -> list[str]:
    """15.0: '+' firepower weapons in the hex of a detected squad (never a leader)."""
    return sorted(pid for pid, p in s["pieces"].items()
                  if pid in gear() and gear()[pid].suppress and not p["flipped"]
                  and any(s["pieces"][q]["detected"] for q in squads_in(s, p["hex"])))


class Suppression(Step):
    """15.0: declare every weapon -> enemy pair first, then roll one d6 each: success when the
    roll beats the distance (counting the target's hex); used weapons are flipped this phase."""

    name = "suppression"

    def _opts(self, g: Game, a: Args) -> list[Option]:
        s, gm = g.state, G(g)
        pairs = a.setdefault("pairs", [])
        used = {w for w, _ in pairs}
        out = []
        for w in suppressors(s):
            if w in used:
                continue
            at = s["pieces"][w]["hex"]
            for eid, h in sorted(s["enemies"].items()):
                d = gm.dist(at, h)
                if d <= 5:  # a d6 never beats 6 or more
                    out.append(Option(f"fire:{w}:{eid}", f"{w} suppresses {eid} ({d} hexes)", "fire",
                                      {"weapon": w, "target": eid, "hex": h}))
        return out

    def actor(self, g: Game, a: Args) -> int | None:
        return ME if (self._opts(g, a) or a.get("pairs")) and g.state["enemies"] else None

    def run(self, g: Game, a: Args) -> None:
        g.pop()

    def prompt(self, g: Game, a: Args) -> str:
        return "Suppressive fire: declare every weapon and target, then resolve"

    def options(self, g: Game, a: Args) -> list[Option]:
        label = "Resolve the declared fire" if a.get("pairs") else "No suppression"
        return [*self._opts(g, a), Option("resolve", label, "resolve")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s, gm = g.state, G(g)
        if option.id.startswith("fire:"):
            a["pairs"].append([option.args["weapon"], option.args["target"]])
            return
        g.pop()
        for w, eid in a.get("pairs", []):
            if w not in s["pieces"] or eid not in s["enemies"]:
                continue
            s["pieces"][w]["flipped"] = True
            d = gm.dist(s["pieces"][w]["hex"], s["enemies"][eid])
            r = g.chance.d6()
            ok = r > d
            if ok:
                s["suppressed"].append(eid)
            g.emit("15.0", "{w} fires on {eid} at {d} hexes: d6 = {r}, {res}", w=w, eid=eid, d=d, r=r,
                   res="suppressed" if ok else "no effect")


class EnemyMove(Step):
    """10.6/12.10: each enemy not suppressed, not static and not already next to a squad pursues
    the closest detected squad outside a base, hex by hex; the player breaks the ties the book
    leaves to him (equally close squads, 12.5 note; hexes tied on cost and base distance)."""

    name = "enemy_move"

    def actor(self, g: Game, a: Args) -> int | None:
        return ME if a.get("ask") else None

    def prompt(self, g: Game, a: Args) -> str:
        c = a["cur"]
        what = "which squad does it pursue?" if a["ask"] == "target" else "which hex does it enter?"
        return f"{c['eid']}: {what}"

    def options(self, g: Game, a: Args) -> list[Option]:
        kind = a["ask"]
        return [Option(f"{kind}:{h}", f"{a['cur']['eid']} {'pursues' if kind == 'target' else 'enters'} {h}",
                       kind, {"hex": h}) for h in a["choices"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        c = a["cur"]
        if a["ask"] == "target":
            c["target"] = option.args["hex"]
        else:
            self._enter(g, a, option.args["hex"])
        a["ask"] = None
        a["choices"] = []

    def run(self, g: Game, a: Args) -> None:
        s, gm = g.state, G(g)
        if "queue" not in a:
            a["queue"] = sorted(s["enemies"])
            a["cur"] = None
            a["ask"] = None
            if not E.detected_targets(s):
                a["queue"] = []
        c = a["cur"]
        if c is None:
            while a["queue"]:
                eid = a["queue"].pop(0)
                if eid not in s["enemies"] or eid in s["suppressed"]:
                    continue
                e = E.etype(s, eid)
                if e.ma == 0 or E.engaged(s, gm, s["enemies"][eid]):
                    continue
                c = a["cur"] = {"eid": eid, "mp": e.ma, "steps": 0, "target": None}
                break
            else:
                g.pop()
                return
        eid = c["eid"]
        if eid not in s["enemies"] or not E.detected_targets(s):
            a["cur"] = None
            return
        at = s["enemies"][eid]
        ts = E.closest_targets(s, gm, at)  # 12.10: always the closest, checked at every hex
        if c["target"] not in ts:
            if len(ts) > 1:
                a["ask"], a["choices"] = "target", ts
                return
            c["target"] = ts[0]
        if E.engaged(s, gm, at) or c["mp"] <= 0:
            a["cur"] = None
            return
        cands = E.step_candidates(s, gm, eid, at, c["target"])
        best = E.rank(s, gm, eid, at, cands)
        if not best:
            g.emit("11.0", "{eid} cannot go straight at {t} from {hex}: it waits", eid=eid, t=c["target"],
                   hex=at)
            a["cur"] = None
            return
        cost = E.cost_for(s, gm, eid, at, best[0])
        if cost > c["mp"] and c["steps"] > 0:
            a["cur"] = None
            return
        if len(best) > 1:
            a["ask"], a["choices"] = "hex", best
            return
        self._enter(g, a, best[0])

    def _enter(self, g: Game, a: Args, lab: str) -> None:
        s, gm = g.state, G(g)
        c = a["cur"]
        eid = c["eid"]
        at = s["enemies"][eid]
        cost = E.cost_for(s, gm, eid, at, lab)
        minimum = cost > c["mp"]
        c["mp"] = 0 if minimum else c["mp"] - cost
        c["steps"] += 1
        s["enemies"][eid] = lab
        g.emit("12.10", "{eid} moves {frm} -> {hex} after {t} ({c} MP{mm})", eid=eid, frm=at, hex=lab,
               t=c["target"], c=cost, mm=", minimum move" if minimum else "")
        E.arrive(g, eid, lab, "12.5")


class EnemyCombat(Step):
    """13.0/13.2: every enemy attacks each squad hex it is next to or in, one attack a hex, alone;
    the terrain of the squads' hex lowers its total; anti-tank gear doubles against a vehicle
    (13.3); a casualties marker drawn ends that enemy's attacks this turn (13.1)."""

    name = "enemy_combat"

    def run(self, g: Game, a: Args) -> None:
        s, gm = g.state, G(g)
        if "queue" not in a:
            a["queue"] = [[eid, lab] for eid in sorted(s["enemies"])
                          for lab in sorted({p["hex"] for p in s["pieces"].values() if p["kind"] == "squad"})
                          if lab == s["enemies"][eid] or gm.dist(lab, s["enemies"][eid]) == 1]
        while a["queue"]:
            eid, lab = a["queue"].pop(0)
            if eid not in s["enemies"] or eid in s["marker_drawn"] or not squads_in(s, lab):
                continue
            ehex = s["enemies"][eid]
            if not (ehex == lab or gm.dist(ehex, lab) == 1):
                continue
            e = E.etype(s, eid)
            fp, used = hex_strength(s, lab, vs_vehicle=e.vehicle)
            ra, rd = g.chance.d6(), g.chance.d6()
            pen = gm.penalty(lab)
            att = 10 * ra + e.attack + pen
            dfn = 10 * rd + fp
            g.emit("13.0", "{eid} ({name}) in {ehex} attacks {hex}: 10x{ra} + {ea} + terrain {pen} = {att} "
                   "against 10x{rd} + {fp}{at} = {dfn}", eid=eid, name=e.name, ehex=ehex, hex=lab, ra=ra,
                   ea=e.attack, pen=pen, att=att, rd=rd, fp=fp,
                   at=" (anti-tank doubled)" if e.vehicle else "", dfn=dfn)
            if any(gear()[u].naval_gunfire for u in used):
                g.push("scatter", centre=ehex)
            if dfn >= att:
                del s["enemies"][eid]
                s["cups"]["enemy"]["items"].append(eid)
                g.emit("13.0", "{eid} is eliminated", eid=eid)
            if dfn <= att:
                g.push("casualty", hex=lab, stage="draw", enemy=eid)
            return
        g.pop()


class EnemyEnd(Step):
    """15.0: suppression weapons flip back; 12.6: sweep when no detected squad is left out."""

    name = "enemy_end"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        for p in s["pieces"].values():
            p["flipped"] = False
        s["suppressed"] = []
        s["marker_drawn"] = []
        E.sweep_if_clear(g)
        g.pop()


def end_map(g: Game) -> None:
    """4.0: after the sixth mission (or when the player ends the map) the next map begins; after
    the last map the game ends and 5.0 assesses it."""
    s = g.state
    if s["map_index"] + 1 < len(s["maps"]):
        g.state["stack"][:] = [{"step": "turn", "args": {}}]
        next_map(g)
        check_defeat(g)
        return
    finish_game(g, f"six missions resolved on {s['map']}" if len(s["maps"]) == 1 else "the campaign is over")


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


STEPS = [MapSetup(), Deploy(), PlaceBase(), Turn(), MissionPlacement(), Purchase(), Movement(), FormStack(),
         Moving(),
         NoiseCheck(), Escape(), FriendlyCombat(), Generate(), Scatter(), Casualty(), Suppression(),
         EnemyMove(),
         EnemyCombat(), EnemyEnd(), EndTurn()]
