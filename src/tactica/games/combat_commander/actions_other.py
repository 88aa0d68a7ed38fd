"""Ambush (A25), Assault Fire (A26), Command Confusion (A28), Light Wounds (A36), No Quarter
(A38) and Smoke Grenades (A39).

Windows they are played in (opened by other procedures):

* ``melee_ambush`` (melee.py, before the Melee dice; inactive seat first): Ambush.
* ``melee_end`` (melee.py, when a Melee is over): No Quarter.
* ``move_entry`` (movement.py, after each MP expenditure) and ``move_turn`` (movement.py, when
  the active player may pick the next group to move or end the Order, so before any movement and
  after the last): Assault Fire and Smoke Grenades, for the seat whose Move Order it is.
* ``squad_breaks`` (breaking.py, the instant a Squad would break; owner only): Light Wounds.

Command Confusion is registered as never playable (A28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.actions import ActionDef
from ..commander_family.board_state import board_of, hex_distance, label_map, neighbours, overlay, units_in
from ..commander_family.breaking import break_or_wound
from ..commander_family.fire import (
    able,
    draw_smoke,
    enemy_hexes,
    is_ordnance,
    is_weapon,
    piece_hex,
    push_fire_attack,
    reaches,
    strength,
    water_hex,
    wtype,
)
from ..commander_family.state import new_unit, opponent, side
from ..commander_family.stats import unit_kind
from ..commander_family.victory import nation

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
    rules: Any = g.rules
    if is_weapon(g, pid):
        return stat in wtype(g, pid).boxed
    u = g.state["units"][pid]
    t = rules.unit_type(u["type"])
    return stat in (t.broken if u["broken"] else t.unbroken).boxed


# ---------------------------------------------------------------- A26 Assault Fire
def assault_pieces(g: Game, seat: int) -> list[str]:
    """Pieces that may join an Assault Fire: moving units and their Weapons with boxed FP."""
    out = []
    for uid in moving(g, seat):
        w = g.state["units"][uid]["weapon"]
        for p in [uid] if w is None else [uid, w]:
            if able(g, p) and boxed(g, p, "fp"):
                out.append(p)
    return out


def assault_targets(g: Game, seat: int, pieces: list[str] | None = None) -> list[str]:
    pieces = assault_pieces(g, seat) if pieces is None else pieces
    if not pieces:
        return []
    ov = overlay(g)
    out = []
    for t in enemy_hexes(g, seat):
        for p in pieces:
            if reaches(g, p, t, ov) is not None and (is_ordnance(g, p) or strength(g, [p], t, ov)["fp"] >= 1):
                out.append(t)
                break
    return out


def assault_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return int(g.state["active"]) == seat and bool(assault_targets(g, seat))


def assault_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("assault_fire", seat=seat, target=None, group=[])


class AssaultFire(Step):
    """One Fire Attack by moving pieces with boxed FP (A26): pick the target, then the pieces
    (a Fire Group as in O20.3.1: chained hexes, Ordnance alone), then fire."""

    name = "assault_fire"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        if a["target"] is None:
            return "Assault Fire: choose the target hex"
        return f"Assault Fire at {a['target']}: add pieces, then fire"

    def _addable(self, g: Game, a: Args) -> list[str]:
        group: list[str] = a["group"]
        if any(is_ordnance(g, p) for p in group):
            return []
        ov = overlay(g)
        hexes = {piece_hex(g, p) for p in group}
        out = []
        for p in assault_pieces(g, int(a["seat"])):
            if p in group or reaches(g, p, a["target"], ov) is None:
                continue
            near = any(hex_distance(g, piece_hex(g, p), h) <= 1 for h in hexes)
            if group and (is_ordnance(g, p) or not near):
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
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.kind == "target":
            a["target"] = option.args["hex"]
        elif option.kind == "piece":
            a["group"].append(option.args["piece"])
        else:
            g.pop()
            g.emit("A26", "{nation}: Assault Fire by {what} at {target}", nation=nation(g, int(a["seat"])),
                   what=", ".join(a["group"]), target=a["target"])
            push_fire_attack(g, int(a["seat"]), list(a["group"]), a["target"])


# ---------------------------------------------------------------- A39 Smoke Grenades
def smoke_hexes(g: Game, seat: int) -> list[str]:
    blaze = set(g.state.get("blaze") or [])
    out: set[str] = set()
    for uid in moving(g, seat):
        if not boxed(g, uid, "movement"):
            continue
        here = g.state["units"][uid]["hex"]
        for h in [here, *neighbours(g, here)]:
            if h not in blaze and not water_hex(g, h):
                out.add(h)
    b = board_of(g)
    order = {lab: i for i, lab in enumerate(label_map(b))} if b is not None else {}
    return sorted(out, key=lambda h: order.get(h, 0))


def smoke_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return int(g.state["active"]) == seat and bool(smoke_hexes(g, seat))


def smoke_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("smoke_grenades", seat=seat, hexes=smoke_hexes(g, seat))


class SmokeGrenades(Step):
    name = "smoke_grenades"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Smoke Grenades: where does the Smoke go?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"hex:{h}", f"Smoke in {h}", "hex", {"hex": h}) for h in a["hexes"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        h = option.args["hex"]
        v = draw_smoke(g)
        smoke = g.state["smoke"]
        smoke[h] = max(int(smoke.get(h, 0)), v)  # 8.1.4: the largest Smoke stays
        g.emit("A39", "Smoke Grenades: Smoke {v} placed in {hex} (Smoke there now {now})", v=v, hex=h,
               now=smoke[h])


# ---------------------------------------------------------------- A25 Ambush
def ambush_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    h = ctx.get("hex")
    return h is not None and bool(units_in(g, h, seat)) and bool(units_in(g, h, opponent(seat)))


def ambush_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.push("ambush_pick", seat=opponent(seat), hex=ctx["hex"])


class AmbushPick(Step):
    """A25: the ambushed player picks one of his units in the Melee hex to break."""

    name = "ambush_pick"

    def _units(self, g: Game, a: Args) -> list[str]:
        return units_in(g, a["hex"], int(a["seat"]))

    def actor(self, g: Game, a: Args) -> int | None:
        return int(a["seat"]) if len(self._units(g, a)) > 1 else None

    def prompt(self, g: Game, a: Args) -> str:
        return f"Ambush in {a['hex']}: which of your units breaks?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"break:{u}", f"Break {u}", "break", {"unit": u}) for u in self._units(g, a)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        break_or_wound(g, option.args["unit"], "A25")

    def run(self, g: Game, a: Args) -> None:
        units = self._units(g, a)
        g.pop()
        if units:
            break_or_wound(g, units[0], "A25")


# ---------------------------------------------------------------- A38 No Quarter
def no_quarter_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    me, them = side(g.state, seat)["nation"], side(g.state, opponent(seat))["nation"]
    if not (me == "Russia" or (me == "Germany" and them == "Russia")):
        return False
    h = ctx.get("hex")
    return h is not None and bool(units_in(g, h, seat))


def no_quarter_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.state["vp"] += 2 if seat == 0 else -2
    g.emit("A38", "No Quarter: {nation} gains 2 VP (VP track {vp:+d})", nation=nation(g, seat),
           vp=g.state["vp"])


# ---------------------------------------------------------------- A36 Light Wounds
def wounds_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    u = g.state["units"].get(ctx.get("unit", ""))
    return (u is not None and int(u["seat"]) == seat and u["where"] == "map"
            and unit_kind(g, ctx["unit"]) == "squad")


def wounds_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    rules: Any = g.rules
    s = g.state
    uid = ctx["unit"]
    u = s["units"][uid]
    t = rules.unit_type(u["type"])
    team = rules.pack.rosters[t.nation].team_for(t.quality)
    s["vp"] += -1 if seat == 0 else 1
    tid = f"{uid}.w"
    n = 1
    while tid in s["units"]:
        n += 1
        tid = f"{uid}.w{n}"
    nu = new_unit(team.id, seat, u["hex"], "map", u["weapon"])
    nu.update(broken=u["broken"], suppressed=u["suppressed"], veteran=u["veteran"], op_fired=u["op_fired"])
    s["units"][tid] = nu
    if u["weapon"] is not None:
        s["weapons"][u["weapon"]]["carrier"] = tid
    u.update(where="out", hex=None, weapon=None, broken=False, suppressed=False, veteran=False)
    # the Team takes the Squad's place: activation and its place in every procedure under way
    for lst in [s["activated"], *(v for f in s["stack"] for v in f["args"].values() if isinstance(v, list))]:
        for i, x in enumerate(lst):
            if x == uid:
                lst[i] = tid
    g.emit("A36", "Light Wounds: {nation} loses 1 VP (VP track {vp:+d}); instead of breaking, {unit} "
           "becomes the {q} Team {team}{broken}", nation=nation(g, seat), vp=s["vp"], unit=uid,
           q=t.quality, team=tid, broken=" (broken, as the Squad was)" if nu["broken"] else "")


# ---------------------------------------------------------------- A28 Command Confusion
def never(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    return False


def _nothing(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    raise AssertionError("Command Confusion cannot be played as an Action (A28)")


# ---------------------------------------------------------------- wiring
def action_defs() -> list[ActionDef]:
    return [
        ActionDef("Ambush", "A25", True, frozenset({"melee_ambush"}), ambush_playable, ambush_play),
        ActionDef("Assault Fire", "A26", True, MOVE_WINDOWS, assault_playable, assault_play),
        ActionDef("Command Confusion", "A28", True, frozenset(), never, _nothing),
        ActionDef("Light Wounds", "A36", True, frozenset({"squad_breaks"}), wounds_playable, wounds_play),
        ActionDef("No Quarter", "A38", True, frozenset({"melee_end"}), no_quarter_playable, no_quarter_play),
        ActionDef("Smoke Grenades", "A39", True, MOVE_WINDOWS, smoke_playable, smoke_play),
    ]


def register(rules: Any) -> None:
    """Add these Actions and their frames (and the Squad-break frame of breaking.py) to a Combat
    Commander rules instance."""
    from ..commander_family.breaking import SquadBreaks

    for st in (AssaultFire(), SmokeGrenades(), AmbushPick(), SquadBreaks()):
        if st.name not in rules.steps:
            rules.add_step(st)
    for d in action_defs():
        rules.actions[d.name] = d
