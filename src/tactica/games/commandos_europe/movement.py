"""Friendly movement (10.0-11.2) and its noise (12.0-12.4): forming a stack, moving it hex by
hex, halting, the mission halt, the noise roll of each halt hex and the escape to a base."""

from __future__ import annotations

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from . import enemy as E
from .data import gear, leaders, mission_cup, placement, squads
from .geo import Geo
from .results import ME, G, State, accomplish, end_map, finish_game
from .stacks import (
    LEADER_PORTAGE,
    SQUAD_PORTAGE,
    base_hexes,
    detected_by,
    hex_noise,
    in_base,
    in_hex,
    is_plus,
    plus_value,
    portage_problem,
    squads_in,
    stack_ma,
)


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
        if a["steps"]:  # 9.0/10.11: gear left in a hex may be taken up at any time, within portage
            for pid in in_hex(g.state, a["at"]):
                free = pid in gear() and not gear()[pid].plus and not g.state["pieces"][pid]["moved"]
                if free and pid not in a["members"] and portage_problem([*a["members"], pid]) is None:
                    out.append(Option(f"take:{pid}", f"Take {pid} along ({gear()[pid].move[1]} MA)", "take",
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
        if option.kind == "take":
            pid = option.args["piece"]
            a["members"].append(pid)
            a["mp"] = max(0, a["mp"] - gear()[pid].move[1])  # 10.5: its minus value comes off what is left
            g.emit("9.0", "{p} is taken along in {hex}; {mp} MP left", p=pid, hex=a["at"], mp=a["mp"])
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
