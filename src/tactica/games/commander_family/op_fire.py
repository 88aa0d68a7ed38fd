"""A33 Fire (Opportunity Fire): the inactive seat's answer to each hex a moving enemy enters.

After every MP expenditure of a Move Order (movement.py) an ``op_fire`` window opens for the
inactive seat, before any other Action (O21.6, A24.2). In it the seat may, in any order:

* play a Fire Action card (the :class:`ActionDef` "Fire", window kind ``op_fire``) and activate
  units exactly as for a Fire Order (O14.1, 3.3.1.1) — a unit that can shoot at the hex just
  entered, or a Leader with such a unit in its Command radius — except that units activated for
  Op Fire earlier this Turn may not be activated again (A33.3 box);
* make at most one Fire Attack at that hex (A33.3 rule 3) with any of its units activated for Op
  Fire during this same Move Order (they may fire again and again during it, A33.3 rule 2), as a
  single piece or a Fire Group; Ordnance never takes part (A33.3 rule 1, 11.5).

The attack goes through fire.py's Fire Attack; units activated to Move break on a tie
(O20.3.4). Once the attack is made, or the seat passes, the move goes on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tactica.core.los import Overlay
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import ActionDef, could_play
from .board_state import (
    board_of,
    hex_mask,
    label_index,
    overlay,
    read_only,
    seat_hexes,
    sight_mask,
    table_of,
    within,
)
from .cards import card_key
from .citations import cite
from .fire import (
    able,
    all_pieces,
    in_sight,
    is_ordnance,
    loner,
    op_fire_pieces,
    piece_hex,
    push_fire_attack,
    reaches,
    reaches_any,
    strength,
)
from .movement import find_frame, moving_units, on_map
from .state import side
from .stats import unit_kind
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game


def may_op_activate(g: Game, uid: str) -> bool:
    """A33.3 box: not yet activated for Op Fire this Turn (nor a defender of a hex stormed in
    this Move, GWC A54 and O21.3)."""
    if not on_map(g, uid) or g.state["units"][uid]["op_fired"]:
        return False
    a = find_frame(g, "move_order") if "stack" in g.state else None  # (the AI's views lack it)
    return a is None or uid not in a.get("no_op", ())


def can_shoot(g: Game, uid: str, target: str, ov: Overlay | None) -> bool:
    """Some non-Ordnance piece of ``uid`` has ``target`` in Range and LOS."""
    b = board_of(g)
    if b is None:
        return False
    mask = hex_mask(b, (target,))
    if not in_sight(g, g.state["units"][uid]["hex"], mask):
        return False  # out of LOS at any range: no need for the pieces' stats (speed)
    return any(reaches_any(g, p, mask, ov) for p in op_fire_pieces(g, [uid]))


def op_radius(g: Game, leader: str, activated: list[str] | None = None) -> list[str]:
    """What the Leader (with the pieces already ``activated``) may still activate for Op Fire:
    the game's ``command_reach`` among pieces not yet activated for Op Fire this Turn."""
    return rules_of(g).command_reach(g, leader, activated or [leader], may_op_activate)


@read_only
def first_choices(g: Game, seat: int, target: str) -> list[str]:
    return list(_first_choices(g, seat, target))


def _first_choices(g: Game, seat: int, target: str) -> Iterator[str]:
    """:func:`first_choices` one at a time, so that :func:`fire_playable` stops at the first;
    a unit in several Leaders' radius is asked once (speed)."""
    ov = overlay(g)
    shoots: dict[str, bool] = {}

    def shoot(x: str) -> bool:
        if x not in shoots:
            shoots[x] = can_shoot(g, x, target, ov)
        return shoots[x]

    for uid, u in sorted(g.state["units"].items()):
        if u["seat"] != seat or not may_op_activate(g, uid):
            continue
        if shoot(uid) or (unit_kind(g, uid) == "leader" and any(shoot(x) for x in op_radius(g, uid))):
            yield uid


def op_units(g: Game) -> list[str]:
    """Units activated for Op Fire during the Move Order in progress."""
    a = find_frame(g, "move_order")
    return list(a["op_units"]) if a is not None else []


def ready_pieces(g: Game, seat: int, target: str) -> list[str]:
    """Pieces of the units activated for Op Fire in this Move that reach ``target``; not those of
    defenders in a hex stormed since (GWC A54, O21.3: a hex holding both sides fires not)."""
    ov = overlay(g)
    a = find_frame(g, "move_order")
    barred = a.get("no_op", ()) if a is not None else ()
    return [p for p in op_fire_pieces(g, [u for u in op_units(g) if on_map(g, u) and u not in barred])
            if reaches(g, p, target, ov) is not None]


@read_only
def fire_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """Whether :func:`first_choices` has any. A Leader is one only through a unit of its radius
    that can shoot, and such a unit (friendly, on the map, not activated for Op Fire) is a first
    choice itself, so asking each unit alone gives the same answer (speed)."""
    t = table_of(g)
    if "hex" not in ctx or t is None:
        return False
    idx = label_index(t.board)
    far = len(t)
    mask = 1 << idx[ctx["hex"]]
    ov = overlay(g)
    for here, uids in seat_hexes(g, seat):
        # can_shoot for each unit, with the cheap sight test first (once per hex), the table
        # looked up once and Range and LOS asked before the FP that able() needs (all pure:
        # the order only saves work)
        if not sight_mask(t, idx[here], 1, far) & mask:
            continue
        for uid in uids:
            if not may_op_activate(g, uid):
                continue
            for p in all_pieces(g, uid):
                if not is_ordnance(g, p) and reaches_any(g, p, mask, ov) and able(g, p):
                    return True
    return False


def fire_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("op_fire_activate", seat=seat, hex=ctx["hex"], phase="first", activated=[],
           leader=None, last=None)


class OpFire(Step):
    """The inactive seat's Op Fire window after one MP expenditure."""

    name = "op_fire"
    window = True
    opens_first = True  # mostly closed: nobody of the seat can shoot at the hex

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def opens(self, g: Game, a: Args) -> bool:
        """Public facts only: a unit activated for Op Fire in this Move Order can shoot at the
        hex, or the seat holds a card and has a unit that a Fire card would let it activate
        (whether or not its hand holds one: that stays hidden)."""
        seat = int(a["seat"])
        return (a["phase"] == "group" or bool(ready_pieces(g, seat, a["hex"]))
                or could_play(g, seat, "op_fire", {"hex": a["hex"]}))

    def prompt(self, g: Game, a: Args) -> str:
        if a["phase"] == "group":
            return f"Op Fire at {a['hex']}: add pieces, fire, or let the move go on"
        return f"Op Fire at {a['hex']}? (\"Wait!\")"

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        target = a["hex"]
        if a["phase"] == "group":
            opts = [Option(f"add:{p}", f"Add {p}", "piece", {"piece": p}) for p in self._addable(g, a)]
            if a["group"]:
                st = strength(g, a["group"], target)
                if st["hindrance"] is not None and st["fp"] >= 1:
                    opts.append(Option("fire", f"Fire ({st['fp']} FP)", "fire", {"fp": st["fp"]}))
            return [*opts, Option("pass", "No attack: keep moving", "pass")]
        rules = rules_of(g)
        adef = rules.actions.get("Fire")
        opts = []
        if adef is not None:
            ctx = {"hex": target}
            ok: bool | None = None  # the same for every Fire card (A33 names no card)
            for card in sorted(side(g.state, seat)["hand"], key=card_key):
                if rules.card(card).action != "Fire":
                    continue
                if ok is None:
                    ok = adef.offered(g, seat, card, "op_fire", ctx)
                if ok:
                    opts.append(Option(f"action:{card}", f"Fire Action ({card}): activate units",
                                       "action", {"card": card, "action": "Fire"}))
        if ready_pieces(g, seat, target):
            opts.append(Option("attack", f"Make the Op Fire attack at {target}", "attack"))
        return [*opts, Option("pass", "Let the move go on", "pass")]

    def _addable(self, g: Game, a: Args) -> list[str]:
        group: list[str] = a["group"]
        near: set[str] = set()
        for h in {piece_hex(g, p) for p in group}:
            near |= set(within(g, h, 1))
        alone = any(loner(g, p) for p in group)  # GWC O21.3.2: a Tank fires alone
        return [p for p in ready_pieces(g, int(a["seat"]), a["hex"])
                if p not in group and (not group or (piece_hex(g, p) in near and not alone
                                                     and not loner(g, p)))]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        if option.id == "pass":
            g.pop()
            return
        if option.kind == "action":
            from .cards import play_from_hand

            rules = rules_of(g)
            card = option.args["card"]
            play_from_hand(g, seat, card)
            g.emit(cite(g, "action.op_fire"), "{nation} says \"Wait!\" and plays {card} for its Fire Action",
                   nation=nation(g, seat), card=card)
            play = rules.actions["Fire"].play
            assert play is not None  # registered below with its play
            play(g, seat, card, {"hex": a["hex"]})
        elif option.id == "attack":
            a["phase"] = "group"
        elif option.id == "fire":
            group, target = list(a["group"]), a["hex"]
            g.pop()  # one attack per MP expenditure (A33.3 rule 3)
            g.emit(cite(g, "op_fire.attack"),
                   "{nation} makes an Op Fire attack at {hex}", nation=nation(g, seat), hex=target)
            push_fire_attack(g, seat, group, target, moving=moving_units(g), op_fire=True)
        else:
            a["group"].append(option.args["piece"])


class OpFireActivate(Step):
    """A33.2: activate units for Op Fire as for a Fire Order (a Leader may add units)."""

    name = "op_fire_activate"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        if a["phase"] == "first":
            return f"Op Fire at {a['hex']}: activate a unit"
        return f"Op Fire at {a['hex']}: {a['leader']} may activate units in its Command radius"

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        if a["phase"] == "first":
            return [Option(f"activate:{u}", f"Activate {u} for Op Fire", "activate", {"unit": u})
                    for u in first_choices(g, seat, a["hex"])]
        ov = overlay(g)
        cands = [u for u in op_radius(g, a["leader"], a["activated"])
                 if u not in a["activated"] and (a["last"] is None or u > a["last"])]
        has = any(can_shoot(g, u, a["hex"], ov) for u in a["activated"])
        opts = []
        for i, u in enumerate(cands):
            if has or can_shoot(g, u, a["hex"], ov) or any(can_shoot(g, x, a["hex"], ov)
                                                          for x in cands[i + 1:]):
                opts.append(Option(f"add:{u}", f"Also activate {u}", "activate", {"unit": u}))
        if has:
            opts.append(Option("done", "Activation complete", "done"))
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if a["phase"] == "first":
            u = option.args["unit"]
            a["activated"].append(u)
            if unit_kind(g, u) == "leader" and op_radius(g, u):
                a.update(phase="more", leader=u)
                return
        elif option.id != "done":
            a["activated"].append(option.args["unit"])
            a["last"] = option.args["unit"]
            if any(o.kind == "activate" for o in self.options(g, a)):
                return
        self._finish(g, a)

    def _finish(self, g: Game, a: Args) -> None:
        g.pop()
        mv = find_frame(g, "move_order")
        for u in a["activated"]:
            g.state["units"][u]["op_fired"] = True
            if mv is not None and u not in mv["op_units"]:
                mv["op_units"].append(u)
        g.emit(cite(g, "op_fire.attack"),
               "{nation} activates {units} for Op Fire", nation=nation(g, int(a["seat"])),
               units=", ".join(a["activated"]))
        rules_of(g).after_op_activation(g, int(a["seat"]), list(a["activated"]))  # GWC S98.4.6


def register(rules: Any) -> None:
    """Add the Fire Action (A33) and the Op Fire frames. Needs movement.register (it opens the
    ``op_fire`` window after every hex entered)."""
    rules.add_step(OpFire())
    rules.add_step(OpFireActivate())
    rules.actions["Fire"] = ActionDef("Fire", rules.rule_numbers["action.op_fire"], implemented=True,
                                      windows=frozenset({"op_fire"}),
                                      playable=fire_playable, play=fire_play)
