"""Assaults (9.0-9.6): the three-round close fight in a hex that moving units entered.

``state["assault"]`` holds the fight: hex, attacking side, round, phase ("start", "def", "att"),
the queue of units still to act this phase, the attackers' entries [piece, from-hex], retreats
used per hexside this round, and the disrupted units; blocks are named by their public piece ids
(1.0), as in every frame, so a re-deal for search keeps the fight as it is. The ``assault`` step
drives it and pushes one ``assault_unit`` decision per unit (fire or retreat); ``regroup`` lets
the winner move out.
"""

from __future__ import annotations

from typing import Any

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .blocks import SIDES
from .fire import allocate, edge_key, roll
from .scenarios import geo_of
from .units import (
    FRIENDLY,
    best_morale,
    block_of,
    eliminate,
    hex_control,
    hide,
    in_hex,
    label,
    leave_map,
    named,
    occupancy,
    piece,
    stack_limit,
)

ROUNDS = 3
OFF_MAP = -1


def assault_firepower(g: Game, bid: str) -> int:
    """9.1, 9.6: F in an assault: engineers double (2.51); mortars and AT guns F1 after round 1
    (9.61); attackers across a river or cliff hexside -1 in round 1 except engineers (3.4); smoke
    in the hex -1 for both sides (7.4)."""
    s = g.state
    A = s["assault"]
    geo = geo_of(s)
    lab = label(bid)
    f = lab.f
    if lab.type == "engineer":
        f *= 2
    if lab.type in ("mortar", "at_gun") and A["round"] > 1:
        f = 1
    if A["round"] == 1 and lab.type != "engineer":
        p = piece(s, bid)
        for b, src in A["entries"]:
            if b == p and geo.side_features[src][A["hex"]] & {"river", "cliff"}:
                f -= 1
                break
    if A["hex"] in s["smoke"]:
        f -= 1
    return max(f, 0)


def morale_of(g: Game, bid: str) -> int:
    """9.3: a unit may use the morale of a commanding HQ in the assault hex (2.16)."""
    return best_morale(g.state, bid)


def retreats(g: Game, bid: str) -> list[int]:
    """9.4: hexes the unit may retreat into: attackers back across a hexside used to enter or into
    an adjacent friendly-occupied hex; defenders across hexsides the attackers did not enter by;
    never into enemy or disputed hexes; within stacking and the hexside's assault limit this round."""
    s = g.state
    A = s["assault"]
    geo = geo_of(s)
    lab = label(bid)
    h = A["hex"]
    occ = occupancy(s)
    entry_hexes = {src for _, src in A["entries"]}
    out = []
    for j in geo.nbrs[h]:
        st = geo.side[h][j]
        if st.move >= 99 or hex_control(geo, occ, lab.side, j) in ("enemy", "disputed"):
            continue
        if lab.side == A["att"]:
            if j not in entry_hexes and occ.get(j) != {lab.side}:
                continue
        elif j in entry_hexes:
            continue
        if A["used"].get(edge_key(h, j), 0) >= st.assault:
            continue
        if len(in_hex(s, j, lab.side)) >= stack_limit(geo, s, j):
            continue
        out.append(j)
    if geo.edge[h]:
        out.append(OFF_MAP)  # 9.4: off the map: out of the game, no VP to the enemy
    return out


class Assault(Step):
    """9.2: each round the defender acts first, then the attacker; strength-1 units test morale
    first (9.3; HQs only when alone; attackers not in round 3); defenders may not retreat in
    round 1 and attackers must retreat in round 3. The side left in the hex wins."""

    name = "assault"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        A = s["assault"]
        geo = geo_of(s)
        h = A["hex"]
        att, dfn = A["att"], 1 - A["att"]
        if A["phase"] == "start":
            for b in in_hex(s, h):
                s["blocks"][b]["posture"] = "up"
            g.reveal()
            g.emit(
                "9.2",
                "Assault in {hex}: attackers {att}; defenders {dfn}",
                hex=geo.label(h),
                att=_units(s, h, att),
                dfn=_units(s, h, dfn),
            )
            A["phase"] = "def"
            self._phase(g, dfn)
            return
        if not in_hex(s, h, att) or not in_hex(s, h, dfn):
            self._end(g)
            return
        if A["queue"]:
            p = A["queue"].pop(0)
            b = block_of(s, p)
            if b not in s["blocks"] or s["blocks"][b]["hex"] != h:
                return
            g.push("assault_unit", unit=p)
            return
        if A["phase"] == "def":
            A["phase"] = "att"
            self._phase(g, att)
            return
        A["round"] += 1
        if A["round"] > ROUNDS:
            self._end(g)
            return
        A["phase"] = "def"
        A["used"] = {}
        self._phase(g, dfn)

    def _phase(self, g: Game, side: int) -> None:
        s = g.state
        A = s["assault"]
        geo = geo_of(s)
        units = [b for b in in_hex(s, A["hex"], side) if label(b).type != "minefield"]  # 7.2: mines never act
        A["disrupted"] = []
        if not (side == A["att"] and A["round"] == ROUNDS):
            for b in units:
                lab = label(b)
                if s["blocks"][b]["steps"] != 1 or (lab.hq and len(units) > 1):
                    continue
                m = morale_of(g, b)
                r = g.chance.d10()
                ok = r <= m
                g.emit(
                    "9.3",
                    "round {n}: {unit} at strength 1 tests morale {m}: roll {r}: {res}",
                    n=A["round"],
                    unit=named(s, b),
                    m=m,
                    r=r,
                    res="passes" if ok else "disrupted",
                )
                if not ok:
                    A["disrupted"].append(piece(s, b))
        A["queue"] = [piece(s, b) for b in units if piece(s, b) not in A["disrupted"]]
        g.emit(
            "9.2",
            "round {n}: {side} {role} act in {hex}",
            n=A["round"],
            side=SIDES[side],
            role="attackers" if side == A["att"] else "defenders",
            hex=geo.label(A["hex"]),
        )

    def _end(self, g: Game) -> None:
        s = g.state
        A = s["assault"]
        geo = geo_of(s)
        h = A["hex"]
        att = A["att"]
        left = occupancy(s).get(h, set())
        winner = next(iter(left)) if len(left) == 1 else None
        for b, r in list(s["blocks"].items()):
            mine = label(b).type in ("minefield", "bunker")  # 7.2, 2.55: these stay face-up
            if (
                r["hex"] == h
                and label(b).side == 1 - att
                and winner == 1 - att
                and not r["acted"]
                and not mine
            ):
                hide(s, b, "upright")  # 9.2: winning defenders that had not activated stand up
        g.emit(
            "9.2",
            "Assault in {hex} over: {res}",
            hex=geo.label(h),
            res=f"{SIDES[winner]} holds the hex" if winner is not None else "the hex is empty",
        )
        s["assault"] = None
        if winner is not None:
            g.replace("regroup", hex=h, side=winner, used={})
        else:
            g.pop()


def _units(s: dict[str, Any], h: int, side: int) -> str:
    return ", ".join(f"{named(s, b)} ({s['blocks'][b]['steps']})" for b in in_hex(s, h, side)) or "none"


class AssaultUnit(Step):
    """9.2, 9.4, 9.63: one unit in the assault fires or retreats. ATRs may target a unit; other
    hits go to the strongest enemy unit (6.3). A unit that must retreat and cannot is eliminated."""

    name = "assault_unit"

    def actor(self, g: Game, a: Args) -> int | None:
        opts = self._opts(g, a)
        return label(block_of(g.state, a["unit"])).side if len(opts) > 1 else None

    def _opts(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        A = s["assault"]
        geo = geo_of(s)
        b = block_of(s, a["unit"])
        lab = label(b)
        attacker = lab.side == A["att"]
        out = []
        if not (attacker and A["round"] == ROUNDS):
            out.append(Option("fire", f"{b} fires", "assault", {"unit": b}))
            for t in in_hex(s, A["hex"], 1 - lab.side):
                mine = label(t).type == "minefield"
                if lab.type == "atr" or (mine and lab.type == "engineer"):  # 9.63, 9.64
                    out.append(
                        Option(f"fire:{piece(s, t)}", f"{b} targets {t}", "assault", {"unit": b, "target": t})
                    )
        if attacker or A["round"] > 1:
            for j in retreats(g, b):
                if j == OFF_MAP:
                    out.append(
                        Option(
                            "retreat:off-map", f"{b} retreats off the map", "retreat", {"unit": b, "hex": j}
                        )
                    )
                    continue
                out.append(
                    Option(
                        f"retreat:{geo.label(j)}",
                        f"{b} retreats to {geo.label(j)}",
                        "retreat",
                        {"unit": b, "hex": j},
                    )
                )
        return out

    def run(self, g: Game, a: Args) -> None:
        opts = self._opts(g, a)
        if opts:
            self.choose(g, a, opts[0])
        else:
            b = block_of(g.state, a["unit"])
            g.emit("9.4", "{unit} must retreat and has nowhere to go", unit=named(g.state, b))
            eliminate(g, b, "9.4")
            g.pop()

    def prompt(self, g: Game, a: Args) -> str:
        return f"Assault: {block_of(g.state, a['unit'])} fires or retreats"

    def options(self, g: Game, a: Args) -> list[Option]:
        return self._opts(g, a)

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        A = s["assault"]
        geo = geo_of(s)
        b = block_of(s, a["unit"])
        lab = label(b)
        if option.kind == "retreat" and option.args["hex"] == OFF_MAP:
            leave_map(g, b, "9.4")
            g.pop()
            return
        if option.kind == "retreat":
            j = option.args["hex"]
            k = edge_key(A["hex"], j)
            A["used"][k] = A["used"].get(k, 0) + 1
            s["blocks"][b]["hex"] = j
            g.emit("9.4", "{unit} retreats to {hex}", unit=named(s, b), hex=geo.label(j))
            g.pop()
            return
        f = assault_firepower(g, b)
        rolls, hits = roll(g, s["blocks"][b]["steps"], f)
        target = option.args.get("target")
        mined = any(label(t).type == "minefield" for t in in_hex(s, A["hex"], 1 - lab.side))
        backfire = 0
        if mined and lab.side == A["att"]:
            # 7.2: against a minefield, attacker rolls of 9 and 0 hit the firing unit instead (only
            # the 0 for an engineer targeting the mine)
            bad = {10} if target is not None and label(target).type == "minefield" else {9, 10}
            backfire = sum(1 for x in rolls if x in bad)
            hits = sum(1 for x in rolls if x <= f and x not in bad)
        g.emit(
            "9.2",
            "round {n}: {unit} fires at F{f}: {rolls}: {hits} hit(s)",
            n=A["round"],
            unit=named(s, b),
            f=f,
            rolls=rolls,
            hits=hits,
        )
        allocate(g, A["hex"], 1 - lab.side, hits, "assault", "9.2", target=target)
        if backfire and b in s["blocks"]:
            g.emit(
                "7.2",
                "{unit} takes {n} hit(s) from its own 9s and 0s among the mines",
                unit=named(s, b),
                n=backfire,
            )
            allocate(g, A["hex"], lab.side, backfire, "assault", "7.2", target=b)
        g.pop()


class Regroup(Step):
    """9.5: the winners may move at once into adjacent friendly hexes, within stacking and the
    hexsides' assault limits, before the next assault is fought."""

    name = "regroup"

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["side"]) if len(self._opts(g, a)) > 1 else None

    def run(self, g: Game, a: Args) -> None:
        g.pop()

    def _opts(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        geo = geo_of(s)
        h = a["hex"]
        side = a["side"]
        occ = occupancy(s)
        out = []
        units = [b for b in in_hex(s, h, side) if label(b).type != "minefield"]  # mines never move
        for j in geo.nbrs[h]:
            st = geo.side[h][j]
            if hex_control(geo, occ, side, j) != FRIENDLY or not in_hex(s, j, side) or st.move >= 99:
                continue
            if a["used"].get(str(j), 0) >= st.assault or len(in_hex(s, j, side)) >= stack_limit(geo, s, j):
                continue
            for b in units:
                out.append(
                    Option(
                        f"regroup:{piece(s, b)}:{geo.label(j)}",
                        f"{b} regroups to {geo.label(j)}",
                        "regroup",
                        {"unit": b, "hex": j},
                    )
                )
        out.append(Option("done", "Regroup done", "regroup"))
        return out

    def prompt(self, g: Game, a: Args) -> str:
        return "Regroup after the assault"

    def options(self, g: Game, a: Args) -> list[Option]:
        return self._opts(g, a)

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.id == "done":
            g.pop()
            return
        s = g.state
        geo = geo_of(s)
        b, j = option.args["unit"], option.args["hex"]
        s["blocks"][b]["hex"] = j
        a["used"][str(j)] = a["used"].get(str(j), 0) + 1
        g.emit(
            "9.5", "{unit} regroups from {a} to {b}", unit=named(s, b), a=geo.label(a["hex"]), b=geo.label(j)
        )
