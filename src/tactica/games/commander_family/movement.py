"""Order O21 Move: activation, units or stacks stepping hex by hex, the reaction windows after
every MP expenditure, Weapon transfer (O21.1.1) and voluntary exit (7.2.1).

Frames:

* ``move_order`` — the active player activates a unit (a Leader may add friendly non-Leaders in
  its Command radius, O14.1), then moves the activated units one group at a time: pick a unit,
  let other not-yet-moved activated units from the same hex join it (O21.2: they stay together
  for the rest of the Order, held to the slowest), then step into adjacent hexes, transfer a
  Weapon, exit by the enemy edge, or stop.
* ``exit_space`` — the owner of an exiting unit picks the Time-Track space it waits on (7.2.1).

Each hex entered is one MP expenditure, however many MPs it costs (A33.3). After it the
inactive seat answers first (O21.6, A24.2): its Opportunity Fire window (op_fire.py), then its
Action window of kind ``move_entry``, then the active seat's ``move_entry`` window (Smoke
Grenades, Assault Fire...). Movement is live: a unit's Movement is read in the hex it stands in
now (leaving a Leader lowers it at once), plus 1 once it entered a Road hex during this Order
(T93). A group may enter a hex only if every member still has the MPs for it (O21.1).

Frame args of ``move_order`` other procedures read: ``activated`` (units activated to Move — they
break on a Fire Defense tie, O20.3.4), ``group`` and ``hex`` (who is moving now, and where),
``op_units`` (the inactive seat's units activated for Op Fire during this Order, A33.2).

Fortifications reach a Move through the game's hooks: a Trench line step costs 1 MP and draws
no Op Fire (``trench_step``), entering or leaving Wire ends the group's Move (``wire_halts``,
``in_wire``), and Mines attack a group entering or leaving their hex (``mined``,
``push_mine_attack``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import open_windows
from .activation import ActivatingOrder, activate, first_choices, has_first_choice
from .board_state import (
    board_of,
    label_map,
    neighbours,
    neighbours_on,
    on_edge,
    on_enemy_edge,
    on_path,
    reading,
    reading_of,
    units_in,
    update_objectives,
)
from .citations import cite
from .orders import OrderDef
from .phases import unknown_phase
from .state import opponent
from .stats import stat_value
from .victory import exit_unit, nation

if TYPE_CHECKING:
    from tactica.core.board import Board
    from tactica.core.game import Game

    from .base import CommanderRules


# ---------------------------------------------------------------- shared helpers
def find_frame(g: Game, step: str) -> Args | None:
    """The args of the topmost frame named ``step`` on the stack, if any."""
    for f in reversed(g.state["stack"]):
        if f["step"] == step:
            args: Args = f["args"]
            return args
    return None


def on_map(g: Game, uid: str) -> bool:
    u = g.state["units"][uid]
    return bool(u["where"] == "map" and u["hex"] is not None)


def enemy_in(g: Game, label: str, seat: int) -> bool:
    return bool(units_in(g, label, opponent(seat)))


def step_cost(g: Game, a: str, b: str, movers: Sequence[str] = ()) -> int | None:
    """MPs for the group ``movers`` to move from hex ``a`` into adjacent ``b`` (O21.1, T78.2), None
    if forbidden (impassable hex, Cliff hexside, a Major Bridge off its road, a Blaze marker,
    T79)."""
    bd = board_of(g)
    assert bd is not None
    rules = rules_of(g)
    return _with_markers(g, rules, a, b, _map_cost(rules, bd, a, b), movers)


def _with_markers(g: Game, rules: CommanderRules, a: str, b: str, cost: int | None,
                  movers: Sequence[str]) -> int | None:
    """:func:`step_cost` from the map's cost of the step: a Blaze forbids it, a Trench line
    makes it 1 MP, the game's markers add theirs."""
    if cost is None or b in (g.state.get("blaze") or ()):
        return None
    if rules.trench_step(g, a, b):
        return 1  # F105.2: along a Trench line every step costs 1 MP (a Cliff still forbids it)
    return cost + rules.marker_move_cost(g, b, movers)  # GWC T107 Gas, T118 first Shellhole


@lru_cache(maxsize=16384)
def _map_cost(rules: CommanderRules, bd: Board, a: str, b: str) -> int | None:
    """The map's Move cost between two labelled hexes, looked up once per pair (speed)."""
    m = label_map(bd)
    return rules.move_cost(bd, m[a], m[b])


@lru_cache(maxsize=8192)
def _steps_from(rules: CommanderRules, bd: Board, a: str) -> tuple[tuple[str, int | None], ...]:
    """The hexes next to ``a`` with the map's cost of the step into each, in the order of
    :func:`neighbours` (the map never changes: worked out once per hex, speed)."""
    return tuple((b, _map_cost(rules, bd, a, b)) for b in neighbours_on(bd, a))


def road_hex(g: Game, label: str) -> bool:
    bd = board_of(g)
    assert bd is not None
    return _road_hex(bd, label)


@lru_cache(maxsize=1 << 14)
def _road_hex(bd: Board, label: str) -> bool:
    """Does a road run into the hex? The board never changes: asked once per hex (speed: after
    every step of a Move)."""
    return on_path(bd, label_map(bd)[label], "road")


def push_exit_space(g: Game, uid: str) -> None:
    g.push("exit_space", unit=uid, seat=int(g.state["units"][uid]["seat"]))


class ExitSpace(Step):
    """7.2.1: an exited unit goes onto any Time-Track space its owner likes. We offer the spaces
    after the Time marker up to the last one (a space already passed would never bring it back;
    our reading) or, with the marker on the last space, that space."""

    name = "exit_space"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return f"{a['unit']} exits: on which Time-Track space does it wait?"

    def options(self, g: Game, a: Args) -> list[Option]:
        t = g.state["time"]
        first = min(int(t["space"]) + 1, int(t["last"]))
        return [Option(f"space:{n}", f"Time-Track space {n}", "space", {"space": n})
                for n in range(first, int(t["last"]) + 1)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        uid = a["unit"]
        g.emit("7.2.1", "{unit} exits by the enemy edge and waits on Time-Track space {n}",
               unit=uid, n=option.args["space"])
        exit_unit(g, uid, int(option.args["space"]))


# ---------------------------------------------------------------- MPs
def movement_now(g: Game, uid: str, road: list[str]) -> int:
    """Current Movement (live stats, 3.8) plus the Road bonus of T93."""
    return stat_value(g, uid, "movement") + (1 if uid in road else 0)


def remaining(g: Game, a: Args) -> int:
    """MPs the moving group has left: the smallest of its members' (O21.2)."""
    group = [u for u in a["group"] if on_map(g, u)]
    if not group:
        return 0
    return min(movement_now(g, u, a["road"]) - int(a["spent"].get(u, 0)) for u in group)


def entries(g: Game, seat: int, here: str, mps: int, movers: Sequence[str] = ()) -> list[tuple[str, int]]:
    """(hex, cost) a group ``movers`` in ``here`` with ``mps`` left may enter now (O21.1, O21.4)."""
    return list(iter_entries(g, seat, here, mps, movers))


def iter_entries(g: Game, seat: int, here: str, mps: int,
                 movers: Sequence[str] = ()) -> Iterator[tuple[str, int]]:
    """:func:`entries` one at a time, so that a caller who needs only one stops early (speed:
    the map's costs of the steps from ``here`` come from one table, and in a read scope the
    enemy in a hex from its units by hex)."""
    bd = board_of(g)
    if bd is None or here is None:
        return
    rules = rules_of(g)
    r = reading_of(g)
    by_hex = r.by_hex() if r is not None else None
    units = g.state["units"]
    enemy = opponent(seat)
    for n, base in _steps_from(rules, bd, here):
        if by_hex is None:
            if enemy_in(g, n, seat):
                continue
        else:
            there = by_hex.get(n)
            if there and any(units[u]["seat"] == enemy for u in there):
                continue
        c = _with_markers(g, rules, here, n, base, movers)
        if c is not None and c <= mps:
            yield n, c


def can_step(g: Game, uid: str) -> bool:
    """Could ``uid`` alone, fresh, enter some hex or exit (O14.4's test for a Move)?"""
    u = g.state["units"][uid]
    if not on_map(g, uid):
        return False
    mps = stat_value(g, uid, "movement")
    if mps < 1:
        return False
    if on_enemy_edge(g, u["hex"], int(u["seat"])) and rules_of(g).may_exit(g, uid):
        return True
    if rules_of(g).may_exit_home(g, uid) and on_edge(g, u["hex"], int(u["seat"])):
        return True
    rules = rules_of(g)
    seat, here = int(u["seat"]), u["hex"]
    if rules.vehicles:  # a vehicle keeps off some terrain (GWC O23.5.8)
        entries = iter_entries(g, seat, here, mps, (uid,))
        if any(rules.vehicle_may_enter(g, [uid], here, h) for h, _ in entries):
            return True
    elif next(iter_entries(g, seat, here, mps, (uid,)), None) is not None:
        return True
    if not rules.enemy_entry_possible(g, uid):
        return False
    # GWC A54: its only step may be into an enemy-occupied hex
    for n in neighbours(g, here):
        c = step_cost(g, here, n, (uid,)) if enemy_in(g, n, seat) else None
        if c is not None and c <= mps and (not rules.vehicles or rules.vehicle_may_enter(g, [uid], here, n)):
            return True
    return False


def _first_choices(g: Game, seat: int) -> list[str]:
    return first_choices(g, seat, can_step)


def move_legal(g: Game, seat: int, card: str) -> bool:
    """O14.4: some unit that could be activated must be able to cross a hexside."""
    return board_of(g) is not None and has_first_choice(g, seat, can_step)


def start_move(g: Game, seat: int, card: str) -> None:
    g.push("move_order", seat=seat, phase="first", activated=[], leader=None, last=None,
           moved=[], group=[], hex=None, spent={}, road=[], steps=0, crossed=False, op_units=[])


class MoveOrder(ActivatingOrder, Step):
    name = "move_order"

    def actor(self, g: Game, a: Args) -> int | None:
        return None if a["phase"] in ("windows", "left_mines") else int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        ph = a["phase"]
        if ph == "first":
            return "Move: activate a unit"
        if ph == "more":
            return f"Move: {a['leader']} may activate units in its Command radius"
        if ph == "pick":
            return "Move: choose the next unit to move, or end the Order"
        if ph == "join":
            return f"Move: units in {a['hex']} that move together with {a['group'][0]}"
        return f"Move {', '.join(a['group'])} from {a['hex']} ({remaining(g, a)} MP left)"

    # -- who may still move
    def _unmoved(self, g: Game, a: Args) -> list[str]:
        return [u for u in a["activated"] if u not in a["moved"] and on_map(g, u)]

    def options(self, g: Game, a: Args) -> list[Option]:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "first":
            return [Option(f"activate:{u}", f"Activate {u}", "activate", {"unit": u})
                    for u in _first_choices(g, seat)]
        if ph == "more":
            return self.more_options(g, a, can_step)
        if ph == "pick":
            opts = [Option(f"unit:{u}", f"Move {u}", "unit", {"unit": u})
                    for u in self._unmoved(g, a) if can_step(g, u)]
            if a["crossed"] or not opts:
                opts.append(Option("end", "End the Move Order", "end"))
            return [*opts, *rules_of(g).move_extras(g, a)]  # GWC S98: a Strategy Card
        if ph == "join":
            here = a["hex"]
            opts = [Option(f"join:{u}", f"{u} moves together with them", "join", {"unit": u})
                    for u in self._unmoved(g, a)
                    if u not in a["group"] and g.state["units"][u]["hex"] == here
                    and u > a["group"][-1]]
            return [*opts, Option("go", "Start moving", "go")]
        return self._step_options(g, a)

    def _step_options(self, g: Game, a: Args) -> list[Option]:
        return list(self._iter_step_options(g, a))

    def _iter_step_options(self, g: Game, a: Args) -> Iterator[Option]:
        """The step options one at a time, in their order, so that :meth:`_can_go_on` stops at
        the first hex, exit or transfer (speed: it used to list them all, "stop" with the
        other units' steps, after every step of a Move)."""
        seat = int(a["seat"])
        here = a["hex"]
        mps = remaining(g, a)
        rules = rules_of(g)
        n = 0  # options offered so far ("stop" is offered too when there is none)
        for h, c in iter_entries(g, seat, here, mps, a["group"]):
            if rules.may_enter(g, a, h) and (
                    not rules.vehicles or rules.vehicle_may_enter(g, list(a["group"]), here, h)):
                n += 1
                yield Option(f"to:{h}", f"Enter {h} ({c} MP)", "move", {"hex": h, "cost": c})
        if rules.enemy_entry(g, a) is not None:  # GWC A54: into enemy-occupied hexes too
            for h in neighbours(g, here):
                cost = step_cost(g, here, h, a["group"])
                if (enemy_in(g, h, seat) and cost is not None and cost <= mps
                        and rules.may_enter(g, a, h)
                        and (not rules.vehicles
                             or rules.vehicle_may_enter(g, list(a["group"]), here, h))):
                    n += 1
                    yield Option(f"to:{h}", f"Enter enemy-occupied {h} ({cost} MP)", "move",
                                 {"hex": h, "cost": cost})
        if (mps >= 1 and on_enemy_edge(g, here, seat)
                and all(rules_of(g).may_exit(g, u) for u in a["group"])):
            n += 1
            yield Option("exit", "Exit by the enemy edge (1 MP)", "exit")
        if (mps >= 1 and a["group"] and all(rules_of(g).may_exit_home(g, u) for u in a["group"])
                and on_edge(g, here, seat)):
            n += 1
            yield Option("exit_home", "Exit by the friendly edge (1 MP)", "exit")
        units = g.state["units"]
        for giver in a["group"]:
            w = units[giver]["weapon"]
            if w is None or movement_now(g, giver, a["road"]) - int(a["spent"].get(giver, 0)) < 1:
                continue
            for r in units_in(g, here, seat):
                if r != giver and units[r]["weapon"] is None and rules_of(g).may_transfer(g, giver, r, w):
                    n += 1
                    yield Option(f"give:{giver}:{r}", f"{giver} hands {w} to {r} (1 MP)",
                                 "transfer", {"unit": giver, "to": r, "weapon": w})
        if a["steps"] or a["crossed"] or not n or any(
                can_step(g, u) for u in self._unmoved(g, a) if u not in a["group"]):
            yield Option("stop", "Stop here", "stop")
        yield from rules.move_extras(g, a)  # GWC S98: a Strategy Card

    def choose(self, g: Game, a: Args, option: Option) -> None:
        ph = a["phase"]
        oid = option.id
        if self.activation_choice(g, a, option):
            return
        if option.kind == "move_extra":
            rules_of(g).move_extra(g, a, option)
            return
        if ph == "pick":
            if oid == "end":
                self._end(g, a)
                return
            u = option.args["unit"]
            a.update(group=[u], hex=g.state["units"][u]["hex"], steps=0, phase="join")
            if self._only_go(g, a):
                self._go(g, a)
        elif ph == "join":
            if oid == "go":
                self._go(g, a)
                return
            a["group"].append(option.args["unit"])
            if self._only_go(g, a):
                self._go(g, a)
        elif oid == "stop":
            self._group_done(g, a, "stops")
        elif oid == "exit":
            self._exit(g, a)
        elif oid == "exit_home":
            group = list(a["group"])
            a["crossed"] = True
            self._group_done(g, a, "")
            for u in group:
                rules_of(g).exit_home(g, u)
        elif option.kind == "transfer":
            self._transfer(g, a, option.args["unit"], option.args["to"], option.args["weapon"])
        else:
            self._enter(g, a, option.args["hex"], int(option.args["cost"]))

    def _only_go(self, g: Game, a: Args) -> bool:
        """Is starting to move the one option left to the group (nobody else may join)?"""
        with reading(g):
            return len(self.options(g, a)) == 1

    def run(self, g: Game, a: Args) -> None:
        """Back from a Mine Attack on leaving a hex, or from the reaction windows after an MP
        expenditure."""
        if a["phase"] == "left_mines":
            self._arrive(g, a)
            return
        if a["phase"] not in ("windows", "step"):  # "step": after a Weapon transfer
            unknown_phase(self.name, a["phase"])
        a["phase"] = "step"
        a["group"] = [u for u in a["group"] if on_map(g, u) and g.state["units"][u]["hex"] == a["hex"]]
        if not a["group"]:
            self._group_done(g, a, "")
        elif a.pop("halt", False) or rules_of(g).wire_halts(g, a["hex"], a["hex"]):  # in Wire
            self._group_done(g, a, a.pop("halt_why", None) or "must stop: Wire (F106.2)")
        elif not self._can_go_on(g, a):
            self._group_done(g, a, "has no MPs left for any hex and stops")

    def _can_go_on(self, g: Game, a: Args) -> bool:
        """Has the group some hex to enter, an exit or a transfer? Asked inside a read scope
        (nothing changes while the options are listed; speed: the stats and the units by hex
        are worked out once, as for a decision's options)."""
        with reading(g):
            return any(o.kind in ("move", "exit", "transfer") for o in self._iter_step_options(g, a))

    # -- actions
    def _activated(self, g: Game, a: Args) -> None:
        activate(g, a["activated"])
        g.emit(cite(g, "order.activate"),
               "{nation} activates {units} to Move", nation=nation(g, int(a["seat"])),
               units=", ".join(a["activated"]))
        a["phase"] = "pick"
        self._turn_window(g, a)
        self._next(g, a)

    def _go(self, g: Game, a: Args) -> None:
        a["phase"] = "step"
        if len(a["group"]) > 1:
            g.emit(cite(g, "move.together"),
                   "{units} move together from {hex}", units=", ".join(a["group"]), hex=a["hex"])

    def _enter(self, g: Game, a: Args, to: str, cost: int) -> None:
        """Leaving a Mines hex sets off its attack first; the units go on into ``to`` whatever
        the result (F103.2), then :meth:`_arrive`."""
        a["pending"] = [to, cost]
        rules = rules_of(g)
        if rules.mined(g, a["hex"]) and rules.push_mine_attack(g, a["hex"], list(a["group"]),
                                                               moving=True):
            a["phase"] = "left_mines"
            return
        self._arrive(g, a)

    def _arrive(self, g: Game, a: Args) -> None:
        to, cost = a.pop("pending")
        frm = a["hex"]
        units = g.state["units"]
        seat = int(a["seat"])
        storm = rules_of(g).enemy_entry(g, a) if enemy_in(g, to, seat) else None
        a["group"] = [u for u in a["group"] if on_map(g, u) and units[u]["hex"] == frm]
        if not a["group"]:
            self._group_done(g, a, "")
            return
        for u in a["group"]:
            units[u]["hex"] = to
            a["spent"][u] = int(a["spent"].get(u, 0)) + cost
        a["hex"] = to
        a["steps"] += 1
        a["crossed"] = True
        if road_hex(g, to):
            for u in a["group"]:
                if u not in a["road"]:
                    a["road"].append(u)
        spent = max(int(a["spent"][u]) for u in a["group"])
        g.emit(cite(g, "move.enter"),
               "{units} enter {hex} for {cost} MP ({spent} spent)", units=", ".join(a["group"]),
               hex=to, cost=cost, spent=spent)
        rules_of(g).entered(g, list(a["group"]), to)  # GWC T107.1: Gas Suppresses or breaks
        a["group"] = [u for u in a["group"] if on_map(g, u) and units[u]["hex"] == to]
        update_objectives(g)
        if g.is_terminal():
            return
        if not a["group"]:
            self._group_done(g, a, "")
            return
        if rules_of(g).wire_halts(g, frm, to):
            a["halt"] = True  # F106.2: entering or leaving Wire ends this group's Move here
        shield = storm is not None and rules_of(g).storm_shields(storm)
        if storm is not None:  # GWC A54: no MP left, no Op Fire at the hex nor by its defenders
            a["halt"] = True
            a["halt_why"] = "lose every MP left in an enemy-occupied hex"
        if storm is not None and shield:
            barred = a.setdefault("no_op", [])
            barred.extend(u for u in units_in(g, to, opponent(seat)) if u not in barred)
            g.emit(storm, "{units} storm enemy-occupied {hex}: no MP left, no Op Fire at the hex "
                   "nor by its defenders {defenders}", units=", ".join(a["group"]), hex=to,
                   defenders=", ".join(units_in(g, to, opponent(seat))))
        a["phase"] = "windows"
        ctx = {"hex": to, "movers": list(a["group"])}
        open_windows(g, "move_entry", ctx)          # active's below, inactive's above (A24.2)
        rules = rules_of(g)
        if "op_fire" in rules.steps and not rules.trench_step(g, frm, to) and not shield:
            # op_fire.register: the inactive seat's Op Fire comes first; never along a Trench
            # line (F105.2)
            g.push("op_fire", seat=opponent(seat), hex=to, phase="main", group=[])
        rules.push_mine_attack(g, to, list(a["group"]), moving=True)  # F103.2: on top, so it comes first
        rules.after_entry(g, a, frm, to)  # the game's checks before all of these (GWC O23.5.4)

    def _transfer(self, g: Game, a: Args, giver: str, to: str, wid: str) -> None:
        units = g.state["units"]
        units[giver]["weapon"] = None
        units[to]["weapon"] = wid
        g.state["weapons"][wid]["carrier"] = to
        a["spent"][giver] = int(a["spent"].get(giver, 0)) + 1
        g.emit(cite(g, "move.weapon_transfer"),
               "{giver} spends 1 MP to hand {w} to {taker}", giver=giver, w=wid, taker=to)
        self.run(g, a)

    def _exit(self, g: Game, a: Args) -> None:
        group = list(a["group"])
        g.emit("7.2.1", "{units} spend 1 MP to exit by the enemy edge", units=", ".join(group))
        a["crossed"] = True
        self._group_done(g, a, "")
        for u in reversed(group):  # the first unit's space is asked first
            push_exit_space(g, u)

    def _group_done(self, g: Game, a: Args, why: str) -> None:
        if why:
            g.emit(cite(g, "order.move"),
                   "{units} {why} in {hex}", units=", ".join(a["group"]), why=why, hex=a["hex"])
        for u in a["group"]:
            if u not in a["moved"]:
                a["moved"].append(u)
        a.update(group=[], hex=None, phase="pick", steps=0)
        self._turn_window(g, a)
        self._next(g, a)

    def _turn_window(self, g: Game, a: Args) -> None:
        """Between groups (before the first and after the last): the moving seat may play the
        Actions of its own Move Order (A26 Assault Fire, A39 Smoke Grenades)."""
        open_windows(g, "move_turn", {}, seats=(int(a["seat"]),))

    def _next(self, g: Game, a: Args) -> None:
        """End the Order by itself when nobody is left who could move."""
        if not self._anyone_can_step(g, a):
            self._end(g, a)

    def _anyone_can_step(self, g: Game, a: Args) -> bool:
        with reading(g):  # read only (speed, as _can_go_on)
            return any(can_step(g, u) for u in self._unmoved(g, a))

    def _end(self, g: Game, a: Args) -> None:
        g.emit(cite(g, "order.move"), "{nation} ends the Move Order", nation=nation(g, int(a["seat"])))
        stack = g.state["stack"]
        for i in range(len(stack) - 1, -1, -1):
            if stack[i]["args"] is a:
                del stack[i]
                return


def moving_units(g: Game) -> list[str]:
    """Units activated to Move in the Move Order in progress (O20.3.4 ties break them)."""
    a = find_frame(g, "move_order")
    return list(a["activated"]) if a is not None else []


def register(rules: Any) -> None:
    """Add the Move Order (O21) and its frames to a Combat Commander rules instance."""
    rules.add_step(MoveOrder())
    rules.add_step(ExitSpace())
    rules.orders["Move"] = OrderDef("Move", rules.rule_numbers["order.move"], implemented=True,
                                    legal=move_legal, start=start_move)
