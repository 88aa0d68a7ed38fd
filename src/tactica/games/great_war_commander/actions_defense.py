"""Great War Commander's Actions played around a Defense Roll: A37 Counterattack, A45.2 Hidden
Position and A46 Intersect Machine Guns just before it (window ``fire_defense_roll``, the
defending unit's owner only), and A53 Probe just after a failed one (window ``defense_broke``).

* Counterattack: against a Fire Attack by enemy pieces (not an Artillery Impact) when one of the
  defender's unbroken Units other than a Runner is adjacent to an activated attacking piece;
  the defender Suppresses one or two of the attacking Formations adjacent to such a Unit (the
  carrier stands for a firing Weapon).
* Intersect Machine Guns: two or more of the defender's machine guns that could fire now (a
  functioning MG on a unit in Good Order, 3.2.1, 11.1) with Range and LOS to a Formation of the
  attack; each takes 1 off the Fire Attack Roll against the defender's units (the attack's
  ``conceal`` reduction for his seat, as Concealment's).
* Hidden Position: the scenario Defender only (posture Defend, A45); the attacked hex lies in his
  original set-up area, has Cover 2 or more and holds a friendly Formation; his nation's Team and
  its field gun (American: a Team with the French 75) come from the countermix into the hex and
  defend against this attack too.
* Probe: the owner of an unbroken Unit or Leader that just failed a Defense Roll and broke
  rallies it, no roll; it keeps its activation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.actions import ActionDef
from ..commander_family.actions_fire import DEFENSE
from ..commander_family.board_state import hex_distance, overlay
from ..commander_family.event_steps import HURTS, ask, continuation, setup_area, unit_opts
from ..commander_family.fire import able, attack_hexes, in_play, piece_hex, piece_unit, reaches
from ..commander_family.state import new_unit, new_weapon, side
from ..commander_family.stats import best_cover, unit_kind
from ..commander_family.victory import nation
from .countermix import free_units, free_weapons

if TYPE_CHECKING:
    from tactica.core.game import Game

UNIT_KINDS = ("platoon", "team", "runner")
"""3.1: the Units (Formations other than Leaders and Tanks)."""
HIDDEN_GUN: dict[str, tuple[str, str]] = {
    "Germany": ("ger-abteilung", "ger-77mm"),
    "France": ("fr-specialistes", "fr-75mm"),
    "America": ("us-squad", "us-75mm"),
}
"""A45.2: the Team and gun each nation's Hidden Position places (rosters: the nation's plain
Team; the American gun is the French 75 the AEF used)."""


def defending(g: Game, seat: int, ctx: dict[str, Any]) -> tuple[str, Args] | None:
    """(step, attack args) of the attack whose Defense Roll ``seat``'s unit ``ctx['unit']`` is
    about to make."""
    uid = ctx.get("unit")
    if uid is None or int(g.state["units"][uid]["seat"]) != seat:
        return None
    for f in reversed(g.state["stack"]):
        if f["step"] in ("fire_attack", "artillery_impact"):
            args: Args = f["args"]
            return (str(f["step"]), args) if args.get("phase") == "window" else None
    return None


def attackers(g: Game, a: Args) -> list[str]:
    """The Formations of an attack: its firing units and the carriers of its firing Weapons."""
    out: list[str] = []
    for p in a["pieces"]:
        uid = piece_unit(g, p)  # a Weapon's carrier, a Tank for its gun (O21.3.2)
        u = g.state["units"].get(uid) if uid is not None else None
        if u is not None and uid not in out and u["where"] == "map" and u["hex"] is not None:
            out.append(uid)
    return out


# ---------------------------------------------------------------- A37 Counterattack
def counter_targets(g: Game, seat: int, a: Args) -> list[str]:
    units = g.state["units"]
    mine = [u for u, x in units.items() if x["seat"] == seat and x["where"] == "map" and not x["broken"]
            and unit_kind(g, u) in ("platoon", "team")]
    near = [p for p in a["pieces"] if in_play(g, p)
            and any(hex_distance(g, piece_hex(g, p), units[m]["hex"]) == 1 for m in mine)]
    if not near:
        return []
    return [u for u in attackers(g, a) if not units[u]["suppressed"]
            and any(hex_distance(g, units[u]["hex"], units[m]["hex"]) == 1 for m in mine)]


def counter_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    d = defending(g, seat, ctx)
    return d is not None and d[0] == "fire_attack" and bool(counter_targets(g, seat, d[1]))


def counter_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    d = defending(g, seat, ctx)
    assert d is not None
    ask(g, seat, "counterattack", "Counterattack: Suppress which attacking Formation?",
        unit_opts(g, counter_targets(g, seat, d[1]), "Suppress", HURTS), left=1)


@continuation("counterattack")
def _counterattack(g: Game, a: Args, o: Option | None) -> None:
    assert o is not None
    seat = int(a["seat"])
    if o.kind == "none":
        return
    g.state["units"][o.args["unit"]]["suppressed"] = True
    g.emit("A37", "Counterattack: {unit} is Suppressed", unit=o.args["unit"])
    d = None
    for f in reversed(g.state["stack"]):
        if f["step"] == "fire_attack":
            d = f["args"]
            break
    more = counter_targets(g, seat, d) if d is not None and int(a["left"]) > 0 else []
    if more:
        ask(g, seat, "counterattack", "Counterattack: Suppress a second attacking Formation?",
            [*unit_opts(g, more, "Suppress", HURTS), ["none", "No second one", "none", {}]], left=0)


# ---------------------------------------------------------------- A46 Intersect Machine Guns
def intersecting(g: Game, seat: int, a: Args) -> list[str]:
    """``seat``'s MGs that could fire now and reach a Formation of the attack."""
    rules: Any = g.rules
    ov = overlay(g)
    hexes = {g.state["units"][u]["hex"] for u in attackers(g, a)}
    out = []
    for wid, w in sorted(g.state["weapons"].items()):
        if (w["seat"] != seat or rules.weapon_type(w["type"]).kind not in rules.mg_kinds
                or not able(g, wid)):
            continue
        if any(reaches(g, wid, h, ov) is not None for h in hexes):
            out.append(wid)
    return out


def intersect_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    d = defending(g, seat, ctx)
    return d is not None and d[0] == "fire_attack" and len(intersecting(g, seat, d[1])) >= 2


def intersect_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    d = defending(g, seat, ctx)
    assert d is not None
    a = d[1]
    mgs = intersecting(g, seat, a)
    conceal = a.setdefault("conceal", {})
    conceal[str(seat)] = int(conceal.get(str(seat), 0)) + len(mgs)
    g.emit("A46", "Intersect Machine Guns: {mgs} reach the attackers: the Fire Attack Roll against "
           "{nation}'s units drops by {n} (the Attack Total counts {t})", mgs=", ".join(mgs),
           nation=nation(g, seat), n=len(mgs), t=int(a["total"]) - conceal[str(seat)])


# ---------------------------------------------------------------- A45.2 Hidden Position
def position_pieces(g: Game, seat: int) -> tuple[str, str] | None:
    team_gun = HIDDEN_GUN.get(side(g.state, seat)["nation"])
    if team_gun is None or free_units(g, team_gun[0]) < 1 or free_weapons(g, team_gun[1]) < 1:
        return None
    return team_gun


def position_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    d = defending(g, seat, ctx)
    if d is None or side(g.state, seat)["posture"] != "Defend" or position_pieces(g, seat) is None:
        return False
    h = g.state["units"][ctx["unit"]]["hex"]
    return h in setup_area(g, seat) and best_cover(g, h)[0] >= 2


def position_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    rules: Any = g.rules
    d = defending(g, seat, ctx)
    pieces = position_pieces(g, seat)
    assert d is not None and pieces is not None
    team, gun = pieces
    h = g.state["units"][ctx["unit"]]["hex"]
    n = 1
    while f"{rules.seats[seat]}-hp{n}" in g.state["units"]:
        n += 1
    uid = f"{rules.seats[seat]}-hp{n}"
    wid = f"{uid}-w"
    g.state["weapons"][wid] = new_weapon(gun, seat, uid)
    u = new_unit(team, seat, h, "map", wid)
    u.update(rules.unit_fields(team))
    g.state["units"][uid] = u
    a = d[1]
    if h in attack_hexes(a):
        a["left"].append(uid)  # it also defends against this attack (A45.2)
        a["defenders"].append(uid)
    g.emit("A45.2", "Hidden Position: {nation} reveals {team} with {gun} ({unit}) in {hex}; it defends "
           "against this attack too", nation=nation(g, seat), team=rules.unit_type(team).name,
           gun=rules.weapon_type(gun).name, unit=uid, hex=h)


# ---------------------------------------------------------------- A53 Probe
def probe_playable(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> bool:
    u = g.state["units"].get(ctx.get("unit", ""))
    return (u is not None and int(u["seat"]) == seat and u["where"] == "map" and bool(u["broken"])
            and unit_kind(g, ctx["unit"]) != "tank")


def probe_play(g: Game, seat: int, card: str, ctx: dict[str, Any]) -> None:
    g.state["units"][ctx["unit"]]["broken"] = False
    g.emit("A53", "Probe: {unit} rallies at once (3.2.5), no roll; its activation stands", unit=ctx["unit"])


def action_defs() -> list[ActionDef]:
    return [
        ActionDef("Counterattack", "A37", True, DEFENSE, counter_playable, counter_play),
        ActionDef("Hidden Position", "A45.2", True, DEFENSE, position_playable, position_play),
        ActionDef("Intersect Machine Guns", "A46", True, DEFENSE, intersect_playable, intersect_play),
        ActionDef("Probe", "A53", True, frozenset({"defense_broke"}), probe_playable, probe_play),
    ]
