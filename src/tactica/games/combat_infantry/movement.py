"""Movement (8.0-8.5, 3.4, TEC): what each hexside costs a unit of each type, where it may go
with the MP it has left, and the ``move`` step that takes it hexside by hexside (stopping where
control, smoke or wire say so, or in an assault)."""

from __future__ import annotations

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .blocks import GUNS_AND_VEHICLES, NO_ASSAULT_ENTRY, SIDES, VEHICLES
from .fire import edge_key
from .scenarios import geo_of
from .terrain import SIDE, X
from .units import ENEMY, block_of, hex_control, hide, label, leave_map, named, occupancy, ref, walked
from .wire import entered, may_enter, wire_at


def _active(g: Game) -> int:
    return int(g.state["active"])


def move_targets(g: Game, bid: str, mp: int) -> list[tuple[int, int, bool]]:
    """8.0-8.5: (hex, cost, assault) for each hexside the unit may cross with ``mp`` left."""
    s = g.state
    geo = geo_of(s)
    lab = label(bid)
    i = s["blocks"][bid]["hex"]
    occ = occupancy(s)
    act = s["act"]
    first = mp == move_points(g, bid)
    out = []
    for j in geo.nbrs[i]:
        enemy = (1 - lab.side) in occ.get(j, set())
        if s["wire"] and wire_at(g, j) is not None and (enemy or not may_enter(g, bid, j)):
            continue  # 7.5: a wire hex is never assaulted; its owner's units stay out; one enemy unit
        step = crossing(g, lab.type, i, j, enemy, first)
        if step is None:
            continue
        cost, limit = step
        if cost > mp:
            continue
        if enemy:
            if lab.type in NO_ASSAULT_ENTRY:
                continue
            feats = geo.side_features[i][j]
            if "ford" in feats and lab.type not in ("rifle", "engineer", "tank"):
                continue  # TEC note 5
            if act["assault_used"].get(edge_key(i, j), 0) >= limit:
                continue
        out.append((j, cost, enemy))
    return out


def crossing(g: Game, utype: str, i: int, j: int, into_assault: bool, first: bool) -> tuple[int, int] | None:
    """3.4, 6.34, 8.1-8.5, TEC: (MP, assault limit) for a unit of type ``utype`` to cross from i
    into j, or None if it may not. Guns and vehicles may not cross woods, marsh or town hexsides
    except by road, nor rivers or cliffs; tanks may cross fords (8.5), other vehicles and guns not;
    one tank may cross a hedge from the hex next to it (our reading: as the first hexside of its
    move, at the gap's cost), opening a gap for the rest of the game (TEC note 7). A wreck in
    the hex entered adds 1 MP (6.34)."""
    s = g.state
    geo = geo_of(s)
    st = geo.side[i][j]
    feats = geo.side_features[i][j]
    k = edge_key(i, j)
    if k in s["blown"]:
        # 7.3: a destroyed bridge: assault limit 0; our reading: the river again for moving
        if utype in GUNS_AND_VEHICLES:
            return None
        river = SIDE["river"].move + (1 if geo.uphill[i][j] else 0) + (1 if j in s["wrecks"] else 0)
        return river, 0
    hedge_open = "hedge" in feats and k in s["gaps"]
    cost = geo.cost(i, j, into_assault, bad_weather=s["weather"] == "bad")
    limit = st.assault
    if hedge_open:
        cost = SIDE["gap"].move + (1 if geo.uphill[i][j] else 0)
        limit = SIDE["gap"].assault
    if utype in GUNS_AND_VEHICLES:
        if st.no_vehicles and not geo.road[i][j] and not (feats & {"bridge"}):
            return None
        if feats & {"river", "cliff"} and not feats & {"bridge", "ford"}:
            return None
        if "ford" in feats and utype != "tank":
            return None
        if "hedge" in feats and not hedge_open:
            if utype != "tank" or not first:
                return None
            cost = SIDE["gap"].move + (1 if geo.uphill[i][j] else 0)
            limit = 1
    if cost >= X:
        return None
    if j in s["wrecks"]:
        cost += 1
    if geo.uphill[i][j]:
        limit = min(limit, 1)
    return cost, limit


def move_points(g: Game, bid: str) -> int:
    """2.14, 10.3: the move rating; at night half, rounded up."""
    m = label(bid).move
    return (m + 1) // 2 if g.state["night"] else m


class Move(Step):
    """8.0-8.5: the unit crosses hexsides one at a time, paying each hexside's cost. Entering an
    enemy-controlled or disputed hex, or smoke, stops it; entering an enemy-occupied hex stops it
    and makes an assault, within the hexside's assault limit (9.1)."""

    name = "move"

    def actor(self, g: Game, a: Args) -> int:
        return _active(g)

    def prompt(self, g: Game, a: Args) -> str:
        return f"Move {named(g.state, block_of(g.state, a['unit']))} ({a['mp']} MP left)"

    def options(self, g: Game, a: Args) -> list[Option]:
        geo = geo_of(g.state)
        b = block_of(g.state, a["unit"])
        out = [
            Option(
                f"to:{geo.label(j)}",
                f"To {geo.label(j)} ({c} MP){' assault' if e else ''}",
                "move",
                {"unit": b, "hex": j, "cost": c, "assault": e},
            )
            for j, c, e in move_targets(g, b, a["mp"])
        ]
        r = g.state["blocks"][b]
        if geo.edge[r["hex"]] and a["mp"] >= SIDE["clear"].move:
            out.append(
                Option(
                    "off-map",
                    "Leave the map (out of the game, no VP to the enemy)",
                    "move",
                    {"unit": b},
                )
            )
        out.append(Option("stop", "Stop here", "move", {"unit": b}))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        geo = geo_of(s)
        b = block_of(s, a["unit"])
        r = s["blocks"][b]
        lab = label(b)
        if option.id == "stop":
            self._done(g, b)
            return
        if option.id == "off-map":
            leave_map(g, b, "10.4")
            g.pop()
            return
        i, j = r["hex"], option.args["hex"]
        ctl_j = hex_control(geo, occupancy(s, skip=b), lab.side, j)
        r["hex"] = j
        if lab.type in VEHICLES and r["posture"] != "up":
            r["posture"] = "up"  # 2.53: a tank is revealed when it moves
            g.reveal()
            g.emit(
                "2.53",
                "{unit} ({name}) moves and is revealed in {hex}",
                unit=named(s, b),
                name=lab.name,
                hex=geo.label(i),
            )
        if "hedge" in geo.side_features[i][j] and edge_key(i, j) not in s["gaps"]:
            s["gaps"].append(edge_key(i, j))
            g.emit(
                "3.4",
                "{unit} breaks through the hedge {a}/{b}: a gap for the rest of the game",
                unit=ref(s, b),
                a=geo.label(i),
                b=geo.label(j),
            )
        if a["unit"] not in s["act"]["moved"]:
            s["act"]["moved"].append(a["unit"])
        if r["posture"] != "up":
            walked(s, b)  # 1.0: the other side saw this hidden piece move (not a tank, not a mine)
        if option.args["assault"]:
            k = edge_key(i, j)
            s["act"]["assault_used"][k] = s["act"]["assault_used"].get(k, 0) + 1
            s["act"]["entered"].setdefault(str(j), []).append([a["unit"], i])
            g.emit(
                "9.0",
                "{unit}, a {side} unit, moves from {a} into enemy-held {b}: assault",
                unit=ref(s, b),
                side=SIDES[lab.side],
                a=geo.label(i),
                b=geo.label(j),
            )
            self._done(g, b)
            return
        g.emit(
            "8.1",
            "{unit}, a {side} block, moves {a} -> {b}",
            unit=ref(s, b),
            side=SIDES[lab.side],
            a=geo.label(i),
            b=geo.label(j),
        )
        if s["wire"] and entered(g, b, i, j):
            self._done(g, b)
            return

        left = a["mp"] - option.args["cost"]
        if ctl_j in (ENEMY, "disputed") or j in s["smoke"]:
            g.emit(
                "8.3",
                "it stops: {b} is {why}",
                b=geo.label(j),
                why="under smoke"
                if j in s["smoke"]
                else f"{ctl_j}-controlled"
                if ctl_j == ENEMY
                else "disputed",
            )
            self._done(g, b)
            return
        a["mp"] = left

    def _done(self, g: Game, b: str) -> None:
        """The move ends: the unit lies face-down, done (1.2). A tank that moved is face-up and
        stays so (2.53); one that stops before crossing a hexside is still hidden and goes
        face-down like any unit (as when it holds): left upright, it would tell the other side
        that the block is a tank."""
        s = g.state
        if not label(b).hq and not (label(b).type in VEHICLES and s["blocks"][b]["posture"] == "up"):
            hide(s, b, "down")
        g.pop()
