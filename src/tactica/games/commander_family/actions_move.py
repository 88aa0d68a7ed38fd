"""Assault Fire, the Action both Commander games play during the player's own Move Order, and the
questions Move-time Actions ask about the Move under way.

Windows (opened by movement.py): ``move_entry`` after each MP expenditure and ``move_turn`` when
the active player may pick the next group to move or end the Order (so before any movement and
after the last), for the seat whose Move Order it is.

Assault Fire: one Fire Attack by pieces activated to Move that have boxed FP (units, and the
Weapons they carry), with an enemy hex in their Range and LOS: the target first, then the pieces
(a Fire Group as in a Fire Order: chained hexes, Ordnance alone, and a game's ``loner_kinds``
alone: GWC's Tanks), then the attack.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .actions import ActionDef
from .board_state import hex_distance, overlay, seat_mask
from .citations import cite
from .fire import (
    able,
    enemy_hexes,
    is_ordnance,
    is_weapon,
    loner,
    piece_hex,
    push_fire_attack,
    reaches,
    reaches_any,
    strength,
    wtype,
)
from .state import opponent
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game

MOVE_WINDOWS = frozenset({"move_entry", "move_turn"})


def move_frame(g: Game, seat: int) -> Args | None:
    """The Move Order ``seat`` is carrying out, if any."""
    for f in reversed(g.state["stack"]):
        if f["step"] == "move_order":
            args: Args = f["args"]
            return args if int(args["seat"]) == seat else None
    return None


def moving(g: Game, seat: int) -> list[str]:
    """Units of ``seat`` activated to Move in its Move Order in progress, on the map."""
    a = move_frame(g, seat)
    if a is None:
        return []
    units = g.state["units"]
    return [u for u in a["activated"] if units[u]["where"] == "map" and units[u]["hex"] is not None]


def boxed(g: Game, pid: str, stat: str) -> bool:
    """Is ``stat`` boxed on the piece's current side?"""
    rules: Any = g.rules
    if is_weapon(g, pid):
        return stat in wtype(g, pid).boxed
    u = g.state["units"][pid]
    t = rules.unit_type(u["type"])
    return stat in (t.broken if u["broken"] else t.unbroken).boxed


def assault_pieces(g: Game, seat: int) -> list[str]:
    """Pieces that may join an Assault Fire: moving units and their Weapons with boxed FP."""
    out = []
    for uid in moving(g, seat):
        w = g.state["units"][uid]["weapon"]
        for p in [uid] if w is None else [uid, w]:
            if boxed(g, p, "fp") and able(g, p):  # boxed first: a type lookup (both only read)
                out.append(p)
    return out


def assault_targets(g: Game, seat: int, pieces: list[str] | None = None) -> list[str]:
    return list(_assault_targets(g, seat, pieces))


def _assault_targets(g: Game, seat: int, pieces: list[str] | None = None) -> Iterator[str]:
    """:func:`assault_targets` one at a time, so that the Action's check stops at the first
    (speed: asked at every movement window)."""
    pieces = assault_pieces(g, seat) if pieces is None else pieces
    if not pieces:
        return
    ov = overlay(g)
    for t in enemy_hexes(g, seat):
        for p in pieces:
            if reaches(g, p, t, ov) is not None and (is_ordnance(g, p) or strength(g, [p], t, ov)["fp"] >= 1):
                yield t
                break


def assault_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    """Some target for :func:`assault_targets`? Mostly no piece has any enemy in Range and
    LOS, which one sight mask per piece tells before each target is asked (speed: asked at
    every movement window; the same answer)."""
    if int(g.state["active"]) != seat:
        return False
    pieces = assault_pieces(g, seat)
    if not pieces:
        return False
    enemies, ov = seat_mask(g, opponent(seat)), overlay(g)
    if not any(reaches_any(g, p, enemies, ov) for p in pieces):
        return False
    return next(_assault_targets(g, seat, pieces), None) is not None


def assault_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("assault_fire", seat=seat, target=None, group=[])


class AssaultFire(Step):
    """One Fire Attack by moving pieces with boxed FP: pick the target, then the pieces, then
    fire."""

    name = "assault_fire"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        if a["target"] is None:
            return "Assault Fire: choose the target hex"
        return f"Assault Fire at {a['target']}: add pieces, then fire"

    def _addable(self, g: Game, a: Args) -> list[str]:
        group: list[str] = a["group"]
        if any(is_ordnance(g, p) or loner(g, p) for p in group):
            return []
        ov = overlay(g)
        hexes = {piece_hex(g, p) for p in group}
        out = []
        for p in assault_pieces(g, int(a["seat"])):
            if p in group or reaches(g, p, a["target"], ov) is None:
                continue
            near = any(hex_distance(g, piece_hex(g, p), h) <= 1 for h in hexes)
            if group and (is_ordnance(g, p) or loner(g, p) or not near):
                continue
            out.append(p)
        return out

    def options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        if a["target"] is None:
            return [Option(f"target:{t}", f"Fire at {t}", "target", {"hex": t})
                    for t in assault_targets(g, seat)]
        opts = [Option(f"add:{p}", f"Add {p}", "piece", {"piece": p}) for p in self._addable(g, a)]
        if a["group"]:
            st = strength(g, a["group"], a["target"])
            if st["hindrance"] is not None and (st["ordnance"] or st["fp"] >= 1):
                opts.append(Option("fire", "Fire", "fire", {"fp": st["fp"]}))
        # As in a Fire Order: a group can be started that cannot fire (a piece whose FP the
        # Hindrance cancels, with no adjacent piece to join it), so the target can be chosen again.
        opts.append(Option("back", "Choose another target", "back"))
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.kind == "target":
            a["target"] = option.args["hex"]
        elif option.kind == "back":
            a.update(target=None, group=[])
        elif option.kind == "piece":
            a["group"].append(option.args["piece"])
        else:
            g.pop()
            g.emit(cite(g, "action.assault_fire"), "{nation}: Assault Fire by {what} at {target}",
                   nation=nation(g, int(a["seat"])), what=", ".join(a["group"]), target=a["target"])
            push_fire_attack(g, int(a["seat"]), list(a["group"]), a["target"])


def assault_fire() -> ActionDef:
    return ActionDef("Assault Fire", "action.assault_fire", True, MOVE_WINDOWS, assault_playable,
                     assault_play)


def move_action_steps() -> list[Step]:
    return [AssaultFire()]
