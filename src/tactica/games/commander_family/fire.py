"""Order O20 Fire: activation (O14.1, 3.3.1.1), shots by single pieces or Fire Groups (O20.3.1),
Ordnance Targeting (O20.2), the Fire Attack Roll (O20.3.3, Jammed! O20.3.3.1) and the Fire
Defense Rolls (O20.3.4).

Two frames:

* ``fire_order`` — the active player activates a unit (a Leader may add friendly non-Leaders in
  its Command radius), then takes shots one at a time: pick a target hex, add pieces to the
  shot, fire; each piece (a unit, or the Weapon it carries) fires at most once per Order.
* ``fire_attack`` — one attack against one hex, in the walkthrough's order: Targeting roll for
  Ordnance (a miss ends it, a Smoke round places Smoke), an Action window before the roll, the
  Fire Attack Roll (Jammed! breaks every firing Weapon; one-use Weapons go after the roll), then
  one Fire Defense Roll per unit that was in the hex when the roll was made, in the owner's
  order, each against its live Morale with the best Cover.

:func:`push_fire_attack` is the entry point for Opportunity Fire (A33) and a game's own attacks: it pushes
one ``fire_attack`` frame; units listed in ``moving`` break on a tie instead of being Suppressed.
Fire Actions (+2 FP and the like) find the attack in progress with :func:`current_attack` and add
to its ``bonus``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from tactica.core.hexgrid import edge
from tactica.core.los import Overlay, sight
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .actions import offer_windows, open_windows
from .activation import ActivatingOrder, activate, may_activate, radius_units
from .board_state import (
    board_of,
    hex_distance,
    hex_mask,
    label_index,
    label_map,
    los,
    occupied,
    overlay,
    read_only,
    reading,
    seat_hexes,
    seat_mask,
    sees_any,
    sight_mask,
    table_of,
    units_in,
    within,
)
from .breaking import break_or_wound
from .citations import cite
from .phases import unknown_phase
from .state import opponent
from .stats import morale, stat_value, unit_kind, weapon_value
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game

def draw_smoke(g: Game) -> int:
    """The hindrance of a Smoke marker drawn at random from the game's ``smoke_cup``."""
    cup = rules_of(g).smoke_cup
    return cup[g.chance.below(len(cup))]


# ---------------------------------------------------------------- pieces
def is_weapon(g: Game, pid: str) -> bool:
    return pid in g.state["weapons"]


def wtype(g: Game, wid: str) -> Any:
    rules = rules_of(g)
    return rules.weapon_type(g.state["weapons"][wid]["type"])


MOUNT = ":"
"""A vehicle's armament that fires as a piece of its own (GWC O21.3.2: a Tank's main gun beside
its MG) has the id ``<unit><MOUNT><name>`` (the game's ``mounted_pieces``)."""


def piece_unit(g: Game, pid: str) -> str:
    """The unit a piece is: itself, the carrier of a Weapon, the vehicle of a mounted armament."""
    s = g.state
    if pid in s["weapons"]:
        c: str = s["weapons"][pid]["carrier"]
        return c
    return pid if pid in s["units"] else pid.split(MOUNT, 1)[0]


def in_play(g: Game, pid: str) -> bool:
    if is_weapon(g, pid) and g.state["weapons"][pid]["carrier"] is None:
        return False
    u = g.state["units"][piece_unit(g, pid)]
    return u["where"] == "map" and u["hex"] is not None


def piece_hex(g: Game, pid: str) -> str:
    h: str = g.state["units"][piece_unit(g, pid)]["hex"]
    return h


def is_ordnance(g: Game, pid: str) -> bool:
    """11.5/11.6 (``fire.ordnance``): a Weapon with the white band, or a vehicle's armament the
    game calls Ordnance (GWC O21.2: a Tank's gun in a white box)."""
    if pid in g.state["weapons"]:
        return bool(wtype(g, pid).ordnance)
    rules = rules_of(g)
    return rules.vehicles and rules.armament_ordnance(g, pid)


def loner(g: Game, pid: str) -> bool:
    """A piece of a kind that never joins a Fire Group (``rules.loner_kinds``; GWC O21.3.2 and
    A31: a Tank's armaments)."""
    kinds = rules_of(g).loner_kinds
    return bool(kinds) and not is_weapon(g, pid) and unit_kind(g, piece_unit(g, pid)) in kinds


def water_hex(g: Game, label: str) -> bool:
    b = board_of(g)
    return b is not None and rules_of(g).hex_type(b, label_map(b)[label]).water


def piece_fp(g: Game, pid: str) -> int:
    return _piece_value(g, pid, "fp")


def piece_range(g: Game, pid: str) -> int:
    return _piece_value(g, pid, "range")


def _piece_value(g: Game, pid: str, stat: str) -> int:
    s = g.state
    if pid in s["weapons"]:
        return weapon_value(g, pid, stat)
    if pid in s["units"]:
        return stat_value(g, pid, stat)
    return rules_of(g).mounted_value(g, pid, stat)  # a vehicle's second armament


def able(g: Game, pid: str) -> bool:
    """Can this piece fire at all now? A unit needs FP; a Weapon needs to be unbroken, carried by
    an unbroken, unsuppressed unit (3.2.3, 11.1, 13.2) outside Marsh/Stream (T89, T95)."""
    if is_weapon(g, pid):
        w = g.state["weapons"][pid]
        c = w["carrier"]
        if w["broken"] or w["where"] != "map" or c is None:
            return False
        u = g.state["units"][c]
        return (u["where"] == "map" and u["hex"] is not None and not u["broken"]
                and not u["suppressed"] and not water_hex(g, u["hex"])
                and not rules_of(g).weapon_blocked(g, u["hex"]))  # F106.3: no Weapon fires from Wire
    u = g.state["units"][piece_unit(g, pid)]
    return u["where"] == "map" and u["hex"] is not None and piece_fp(g, pid) >= 1


def fp_lift(g: Game, seat: int, pieces: list[str], target: str) -> int:
    """10.3.2.1: FP that ``seat``'s Action cards could add to this attack (the rules object's
    ``fp_lift`` hook, 0 without one): a hindered shot they can lift to 1 FP may be declared,
    and if it is still below 1 FP after the Action window it is called off."""
    return rules_of(g).fp_lift(g, seat, pieces, target)


def pieces_of(g: Game, uid: str) -> list[str]:
    """The pieces that may fire for unit ``uid``: itself, its Weapon, a vehicle's other
    armaments (GWC O21.3.2)."""
    return [p for p in all_pieces(g, uid) if able(g, p)]


def all_pieces(g: Game, uid: str) -> list[str]:
    """Every piece of unit ``uid``, able to fire or not: itself, its Weapon, a vehicle's other
    armaments."""
    w = g.state["units"][uid]["weapon"]
    out = [uid] if w is None else [uid, w]
    rules = rules_of(g)
    if rules.vehicles:
        out += rules.mounted_pieces(g, uid)
    return out


def reaches(g: Game, pid: str, target: str, ov: Overlay | None) -> int | None:
    """The hindrance of a shot by ``pid`` at ``target`` if it is in Range and LOS (O20.2.2,
    O20.3), else None. Adjacent is range 1; a Mortar's minimum range counts (O20.2.2)."""
    here = piece_hex(g, pid)
    d = hex_distance(g, here, target)
    if d < 1 or d > piece_range(g, pid):
        return None
    if is_weapon(g, pid) and d < wtype(g, pid).min_range:
        return None
    r = los(g, here, target, ov)
    return r.hindrance if r.clear else None


def range_band(g: Game, pid: str) -> tuple[int, int]:
    """(nearest, farthest) hexes ``pid`` may shoot at: 1, or a Weapon's minimum range (O20.2.2),
    to its Range now; empty when the first is above the second."""
    return max(1, wtype(g, pid).min_range if is_weapon(g, pid) else 1), piece_range(g, pid)


def reach_map(g: Game, pid: str, targets: list[str], ov: Overlay | None) -> dict[str, int]:
    """target -> hindrance, for the targets ``pid`` has in Range and LOS (as :func:`reaches`)."""
    b = board_of(g)
    assert b is not None
    t = table_of(g)
    if t is None:
        return {}
    idx = label_index(t.board)
    here = idx[piece_hex(g, pid)]
    low, rng = range_band(g, pid)
    seen = sight_mask(t, here, low, rng) if low <= rng else 0  # in Range and LOS on the bare map
    out = {}
    for lab in targets:
        j = idx[lab]
        if seen >> j & 1:
            r = t.result(here, j, ov)
            if r.clear:
                out[lab] = r.hindrance
    return out


def enemy_hexes(g: Game, seat: int) -> list[str]:
    return sorted(occupied(g, opponent(seat)))


def reaches_any(g: Game, pid: str, targets: int, ov: Overlay | None) -> bool:
    """Whether :func:`reaches` holds for ``pid`` and some hex of the bitmask ``targets``
    (board_state.hex_mask), at the cost of one ``&`` on the bare map (speed)."""
    t = table_of(g)
    if t is None:
        return False  # no map: nobody in LOS
    low, rng = range_band(g, pid)
    return low <= rng and sees_any(t, label_index(t.board)[piece_hex(g, pid)], low, rng, targets, ov)


def can_hit_enemy(g: Game, uid: str, seat: int, ov: Overlay | None,
                  targets: list[str] | None = None) -> bool:
    """O20.1: the unit or its Weapon has an enemy unit in LOS and Range."""
    targets = enemy_hexes(g, seat) if targets is None else targets
    b = board_of(g)
    if not targets or b is None:
        return False
    return hits_mask(g, uid, hex_mask(b, targets), ov)


def hits_mask(g: Game, uid: str, mask: int, ov: Overlay | None) -> bool:
    """:func:`can_hit_enemy` with the enemy hexes given as a bitmask (board_state.hex_mask),
    worked out once by a caller that asks about many units (speed)."""
    u = g.state["units"][uid]
    if u["where"] != "map" or u["hex"] is None:
        return False  # neither the unit nor its Weapon is able to fire
    if not in_sight(g, u["hex"], mask):
        return False  # no target in LOS at any range: no need for the pieces' stats (speed)
    # any(reaches_any(p) for p in pieces_of(uid)), with Range and LOS asked before the FP that
    # able() needs (both are pure: the order only saves work)
    return any(reaches_any(g, p, mask, ov) and able(g, p) for p in all_pieces(g, uid))


def in_sight(g: Game, here: str, targets: int) -> bool:
    """Does hex ``here`` see some hex of the bitmask ``targets`` (other than itself) on the
    bare map, at any range? Markers only take sight away, so False rules every shot out."""
    t = table_of(g)
    if t is None:
        return False
    return bool(sight_mask(t, label_index(t.board)[here], 1, len(t)) & targets)


@read_only
def first_choices(g: Game, seat: int) -> list[str]:
    """Units that may start a Fire Order: they can hit an enemy, or they are a Leader with such
    a unit in its radius (O20.1 box)."""
    return list(_first_choices(g, seat))


def _first_choices(g: Game, seat: int) -> Iterator[str]:
    """:func:`first_choices` one at a time, so that the Order's legality stops at the first
    (speed)."""
    mask = seat_mask(g, opponent(seat))
    if not mask:
        return  # nobody can hit an enemy: no need to look at each unit (speed)
    ov = overlay(g)
    hits: dict[str, bool] = {}

    def hit(x: str) -> bool:
        if x not in hits:
            hits[x] = hits_mask(g, x, mask, ov)
        return hits[x]

    for uid, u in sorted(g.state["units"].items()):
        if u["seat"] != seat or u["where"] != "map" or u["hex"] is None or not may_activate(g, uid):
            continue
        leads = unit_kind(g, uid) == "leader"
        if hit(uid) or (leads and any(hit(x) for x in radius_units(g, uid))):
            yield uid


@read_only
def fire_group(g: Game) -> list[str]:
    """The pieces of the Fire Group being formed now (a Fire Order's, an Op Fire's or an Assault
    Fire's, O20.3.1): announced on the table, so every seat's view shows it."""
    stack = g.state["stack"]
    if stack and stack[-1]["step"] in ("fire_order", "op_fire", "assault_fire"):
        return list(stack[-1]["args"].get("group") or [])
    return []


@read_only
def fire_legal(g: Game, seat: int, card: str) -> bool:
    """O20.1: whether :func:`first_choices` has any. A Leader is one only through a unit of its
    radius that can hit an enemy, and such a unit (friendly, on the map, not yet activated) is a
    first choice itself, so asking each unit alone gives the same answer without the radii
    (speed: the Turn asks this at every decision)."""
    mask = seat_mask(g, opponent(seat))
    t = table_of(g)
    if not mask or t is None:
        return False
    ov = overlay(g)
    idx = label_index(t.board)
    far = len(t)
    for here, uids in seat_hexes(g, seat):
        i = idx[here]
        # in_sight first (the cheapest test, once per hex), then hits_mask with the table
        # looked up once
        if not sight_mask(t, i, 1, far) & mask:
            continue
        for uid in uids:
            if not may_activate(g, uid):
                continue
            for p in all_pieces(g, uid):
                low, rng = range_band(g, p)
                j = i if p == uid else idx[piece_hex(g, p)]
                if low <= rng and sees_any(t, j, low, rng, mask, ov) and able(g, p):
                    return True
    return False


def start_fire(g: Game, seat: int, card: str) -> None:
    g.push("fire_order", seat=seat, phase="first", activated=[], leader=None, fired=[],
           target=None, smoke=False, group=[], shots=0)


# ---------------------------------------------------------------- strength of a shot
def height(g: Game, pieces: list[str], target: str) -> list[tuple[str, int, str]]:
    """T88.2: -1 if the target is higher than any one firing piece, +1 if lower than any one."""
    b = board_of(g)
    assert b is not None
    t = b.level(label_map(b)[target])
    levels = {b.level(label_map(b)[piece_hex(g, p)]) for p in pieces}
    out = []
    if any(t > x for x in levels):
        out.append(("target higher than a firing piece", -1, cite(g, "fire.height")))
    if any(t < x for x in levels):
        out.append(("target lower than a firing piece", 1, cite(g, "fire.height")))
    return out


def strength(g: Game, pieces: list[str], target: str, ov: Overlay | None = None,
             hinds: list[int | None] | None = None) -> dict[str, Any]:
    """FP of a shot before any Action: X (the strongest piece) + Y (one per other piece)
    (O20.3.1.2), minus the single largest hindrance on a non-Ordnance firer's line (10.3.3,
    O20.3.2), plus or minus height (T88.2). Ordnance reports its hindrance for Targeting
    instead (10.3.1). ``hindrance`` None: some piece has no LOS/Range.

    ``hinds``: each piece's :func:`reaches` at ``target``, when the caller already has them
    from a :func:`reach_map` (speed: the policy weighs many groups at the same hexes)."""
    ov = ov if ov is not None else overlay(g)
    if hinds is None:
        hinds = [reaches(g, p, target, ov) for p in pieces]
    fps = [piece_fp(g, p) for p in pieces]
    ordnance = len(pieces) == 1 and is_ordnance(g, pieces[0])
    if any(h is None for h in hinds) or not pieces:
        return {"fp": 0, "parts": [], "hindrance": None, "ordnance": ordnance, "bonus": []}
    hind = max(int(h or 0) for h in hinds)
    base = max(range(len(pieces)), key=lambda i: (fps[i], -i))
    parts: list[tuple[str, int, str]] = [(f"{pieces[base]} FP", fps[base], cite(g, "fire.group_fp"))]
    if len(pieces) > 1:
        parts.append((f"{len(pieces) - 1} other piece(s)", len(pieces) - 1, cite(g, "fire.group_fp")))
    if hind and not ordnance:
        parts.append(("largest hindrance", -hind, "10.3.2"))
    parts += height(g, pieces, target)
    rules = rules_of(g)
    bonus = rules.fire_bonus(g, pieces, target) if rules.vehicles else []  # GWC O21.3.2
    parts += bonus
    return {"fp": sum(n for _, n, _ in parts), "parts": parts, "hindrance": hind, "ordnance": ordnance,
            "bonus": bonus}


def shown_parts(st: dict[str, Any]) -> str:
    """A shot's FP terms for its firing entry (:func:`strength`); the game's own bonuses, which
    come last (GWC O21.3.2: a Tank at an adjacent hex), with their rule numbers."""
    plain = len(st["parts"]) - len(st["bonus"])
    return ", ".join([f"{w} {n:+d}" for w, n, _ in st["parts"][:plain]]
                     + [f"{w} {n:+d} ({r})" for w, n, r in st["bonus"]])


def crossed_cover(g: Game, pieces: list[str], target: str) -> int | None:
    """T87/T97: alternate Cover of a Wall/Hedge that the attack crossed as it entered the target
    hex. Our reading for a group: it counts only if every firing piece's line enters across such
    a hexside (the smallest of them then applies). None when it does not apply."""
    b = board_of(g)
    assert b is not None
    chart = rules_of(g).terrain_chart().entries
    th = label_map(b)[target]
    best: int | None = None
    for p in pieces:
        s = sight(b, label_map(b)[piece_hex(g, p)], th)
        before = s.trace.steps[-2] if len(s.trace.steps) >= 2 else ()
        mine = 0
        for h in before:
            if h == th:
                continue
            for f in b.hexside(h, th) if edge(h, th) in b.hexsides else ():
                alt = chart[f].alt_cover if f in chart else None
                if alt is not None and alt > mine:
                    mine = alt
        if not mine:
            return None
        best = mine if best is None else min(best, mine)
    return best


def chains(g: Game, pieces: list[str]) -> list[list[str]]:
    """The largest Fire Groups ``pieces`` can form (O20.3.1): each a chain of hexes, every one
    adjacent to another of the group and not kept apart by Wire (F106.3); an Ordnance Weapon
    (O20.3.1.1) or a loner (GWC O21.3.2) is a group alone. Pieces keep their order."""
    rules = rules_of(g)
    out: list[list[str]] = []
    left: list[str] = []
    for p in pieces:
        if is_ordnance(g, p) or loner(g, p):
            out.append([p])
        else:
            left.append(p)
    while left:
        group = [left.pop(0)]
        grown = True
        while grown:
            grown = False
            for p in list(left):
                hp = piece_hex(g, p)
                if any(hex_distance(g, hp, piece_hex(g, q)) <= 1
                       and not rules.group_split(g, hp, piece_hex(g, q)) for q in group):
                    group.append(p)
                    left.remove(p)
                    grown = True
        out.append(group)
    return out


# ---------------------------------------------------------------- the Fire Order frame
class FireOrder(ActivatingOrder, Step):
    name = "fire_order"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        ph = a["phase"]
        if ph == "first":
            return "Fire: activate a unit"
        if ph == "more":
            return f"Fire: {a['leader']} may activate units in its Command radius"
        if ph == "shots":
            return "Fire: choose a target hex, or end the Order"
        return f"Fire at {a['target']}: add pieces, fire, or go back"

    # -- helpers
    def _pieces(self, g: Game, a: Args) -> list[str]:
        return [p for u in a["activated"] for p in pieces_of(g, u) if p not in a["fired"]]

    def _shooter_in(self, g: Game, a: Args, uids: list[str]) -> bool:
        ov = overlay(g)
        return any(can_hit_enemy(g, u, int(a["seat"]), ov) for u in uids)

    def _targets(self, g: Game, a: Args) -> list[tuple[str, str]]:
        """(kind, hex): hexes with an enemy that some unfired piece alone, or a Fire Group of
        them, could shoot with FP >= 1 (Ordnance always may try), and Smoke targets for
        Ordnance with Smoke rounds (O20.2.1)."""
        seat = int(a["seat"])
        ov = overlay(g)
        pieces = self._pieces(g, a)
        out: list[tuple[str, str]] = []
        enemies = enemy_hexes(g, seat)
        found: set[str] = set()
        short: dict[str, dict[str, int]] = {}  # target -> pieces reaching it below 1 FP alone
        for p in pieces:
            for t, hind in reach_map(g, p, [t for t in enemies if t not in found], ov).items():
                fp = strength(g, [p], t, ov, [hind])["fp"]
                if is_ordnance(g, p) or fp >= 1 or fp + fp_lift(g, seat, [p], t) >= 1:
                    found.add(t)
                else:
                    short.setdefault(t, {})[p] = hind
        for t, reaching in short.items():
            if t not in found and len(reaching) > 1 and self._group_reaches(g, seat, reaching, t, ov):
                found.add(t)
        out += [("target", t) for t in enemies if t in found]
        smokers = [p for p in pieces if is_weapon(g, p) and wtype(g, p).ordnance and wtype(g, p).smoke]
        b = board_of(g)
        if smokers and b is not None:
            blaze = set(g.state.get("blaze") or [])
            cands = [lab for lab in b.labels if lab not in blaze and not water_hex(g, lab)]
            seen: set[str] = set()
            for p in smokers:
                seen |= set(reach_map(g, p, cands, ov))
            out += [("smoke", lab) for lab in cands if lab in seen]
        return out

    def _group_reaches(self, g: Game, seat: int, reaching: dict[str, int], target: str,
                       ov: Overlay | None) -> bool:
        """Could a Fire Group of these pieces (each in Range and LOS of ``target``, none strong
        enough alone) shoot with FP >= 1? The group's FP (O20.3.1.2) less its largest hindrance
        (O20.3.2) must reach 1 (10.3.2.1). Adding a piece whose hindrance is no larger than the
        group's never lowers the FP (+1, and height costs at most 1), so for each hindrance
        level the whole chain of adjacent pieces at or below it is the best group to try."""
        for level in sorted(set(reaching.values())):
            left = [p for p, h in reaching.items()
                    if h <= level and not is_ordnance(g, p) and not loner(g, p)]
            for group in chains(g, left):
                if len(group) > 1:
                    fp = strength(g, group, target, ov)["fp"]
                    if fp >= 1 or fp + fp_lift(g, seat, group, target) >= 1:
                        return True
        return False

    def _addable(self, g: Game, a: Args) -> list[str]:
        group: list[str] = a["group"]
        if a["smoke"]:
            cands = [p for p in self._pieces(g, a)
                     if is_weapon(g, p) and wtype(g, p).ordnance and wtype(g, p).smoke]
            return [] if group else [p for p in cands if reaches(g, p, a["target"], overlay(g)) is not None]
        if any(is_ordnance(g, p) or loner(g, p) for p in group):
            return []  # O20.3.1.1: Ordnance fires alone (and GWC O21.3.2: Tanks)
        ov = overlay(g)
        hexes = {piece_hex(g, p) for p in group}
        near = set(hexes)
        for h in hexes:
            near |= set(within(g, h, 1))
        out = []
        for p in self._pieces(g, a):
            if p in group or reaches(g, p, a["target"], ov) is None:
                continue
            if group and (is_ordnance(g, p) or loner(g, p) or piece_hex(g, p) not in near):
                continue  # O20.3.1: the group's hexes form a chain of adjacent hexes
            if any(rules_of(g).group_split(g, piece_hex(g, p), h) for h in hexes):
                continue  # F106.3: Wire keeps its hex out of a multi-hex Fire Group
            out.append(p)
        return out

    def options(self, g: Game, a: Args) -> list[Option]:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "first":
            return [Option(f"activate:{u}", f"Activate {u}", "activate", {"unit": u})
                    for u in first_choices(g, seat)]
        if ph == "more":
            # O20.1: keep a way to a legal set: a shooter must be among the units added or ahead
            return self.more_options(g, a, lambda g, u: self._shooter_in(g, a, [u]))
        if ph == "shots":
            opts = [Option(f"{k}:{h}", f"{'Fire Smoke at' if k == 'smoke' else 'Fire at'} {h}", k,
                           {"hex": h}) for k, h in self._targets(g, a)]
            if a["shots"] or not opts:
                opts.append(Option("end", "End the Fire Order", "end"))
            return opts
        opts = [Option(f"add:{p}", f"Add {p}", "piece", {"piece": p}) for p in self._addable(g, a)]
        if a["group"]:
            st = strength(g, a["group"], a["target"])
            lifted = st["fp"] >= 1 or st["fp"] + fp_lift(g, seat, a["group"], a["target"]) >= 1
            if st["hindrance"] is not None and (st["ordnance"] or a["smoke"] or lifted):
                opts.append(Option("fire", f"Fire ({st['fp']} FP)" if not st["ordnance"] else "Fire",
                                   "fire", {"fp": st["fp"]}))
        opts.append(Option("back", "Choose another target", "back"))
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        ph = a["phase"]
        seat = int(a["seat"])
        oid = option.id
        if self.activation_choice(g, a, option):
            return
        if ph == "shots":
            if oid == "end":
                g.emit(cite(g, "order.fire"), "{nation} ends the Fire Order", nation=nation(g, seat))
                g.pop()
                return
            a.update(phase="group", target=option.args["hex"], smoke=option.kind == "smoke", group=[])
        else:
            if oid == "back":
                a.update(phase="shots", target=None, smoke=False, group=[])
            elif oid == "fire":
                group = list(a["group"])
                a["fired"] += group
                a["shots"] += 1
                target, smoke = a["target"], a["smoke"]
                a.update(phase="shots", target=None, smoke=False, group=[])
                push_fire_attack(g, seat, group, target, smoke=smoke)
            else:
                a["group"].append(option.args["piece"])

    def _activated(self, g: Game, a: Args) -> None:
        activate(g, a["activated"])
        g.emit(cite(g, "order.activate"),
               "{nation} activates {units} to Fire", nation=nation(g, int(a["seat"])),
               units=", ".join(a["activated"]))
        a["phase"] = "shots"


# ---------------------------------------------------------------- one attack
def push_fire_attack(g: Game, seat: int, pieces: list[str], target: str, *, smoke: bool = False,
                     moving: list[str] | None = None, op_fire: bool = False) -> None:
    """Push one Fire Attack by ``seat``'s ``pieces`` at hex ``target`` (a Fire Order shot, or an
    Opportunity Fire attack, A33). ``moving``: units activated to Move, which break on a tie."""
    g.push("fire_attack", seat=seat, pieces=list(pieces), target=target, smoke=smoke,
           moving=list(moving or []), op_fire=op_fire, phase="start", bonus=0, spray=None,
           sustained=0, conceal={})


def attack_hexes(a: Args) -> list[str]:
    """The hexes an attack affects: its target, and the second hex of a Spray Fire (A40)."""
    return [a["target"]] if not a.get("spray") else [a["target"], a["spray"]]


def op_fire_pieces(g: Game, uids: list[str]) -> list[str]:
    """The pieces of ``uids`` that may take part in Opportunity Fire: never Ordnance (cited by
    key, ``fire.ordnance``: each game gives its own number in ``rule_numbers``)."""
    return [p for u in uids for p in pieces_of(g, u) if not is_ordnance(g, p)]


def current_attack(g: Game) -> Args | None:
    """The args of the Fire Attack being resolved (for Actions that modify it), if any."""
    for f in reversed(g.state["stack"]):
        if f["step"] == "fire_attack":
            args: Args = f["args"]
            return args
    return None


def break_weapon(g: Game, wid: str, rule: str) -> None:
    """11.4: a Weapon breaks; a broken Weapon that breaks again is eliminated."""
    s = g.state
    w = s["weapons"][wid]
    if w["broken"]:
        remove_weapon(g, wid)
        g.emit(rule, "{weapon} breaks again and is eliminated", weapon=wid)
    else:
        w["broken"] = True
        g.emit(rule, "{weapon} breaks", weapon=wid)


def remove_weapon(g: Game, wid: str) -> None:
    """The Weapon leaves play for the Weapons box of the Casualty Track."""
    s = g.state
    w = s["weapons"][wid]
    if w["carrier"] is not None:
        s["units"][w["carrier"]]["weapon"] = None
    w.update(carrier=None, broken=False, where="casualties")
    s["sides"][int(w["seat"])]["casualty_weapons"].append(wid)


class FireAttack(Step):
    name = "fire_attack"
    heavy = False
    """Artillery Impacts set this: Fortifications give their better Cover against them (F100)."""

    @staticmethod
    def _still_there(g: Game, a: Args, uids: list[str]) -> list[str]:
        """Those of ``uids`` still on the map in a hex the attack affects."""
        units = g.state["units"]
        hexes = attack_hexes(a)
        return [u for u in uids if units[u]["where"] == "map" and units[u]["hex"] in hexes]

    def _left(self, g: Game, a: Args) -> list[str]:
        """Defenders still to roll that are still in the target hex."""
        return self._still_there(g, a, a["left"])

    def actor(self, g: Game, a: Args) -> int | None:
        if a["phase"] == "order":
            left = self._left(g, a)
            if len(left) > 1:
                return int(g.state["units"][left[0]]["seat"])
        return None

    def prompt(self, g: Game, a: Args) -> str:
        return f"Fire Defense at {a['target']}: which unit rolls next?"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"defend:{u}", f"{u} rolls next", "defend", {"unit": u})
                for u in self._left(g, a)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        a["left"] = self._left(g, a)
        self._defend(g, a, option.args["unit"])

    def run(self, g: Game, a: Args) -> None:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "start":
            self._start(g, a)
        elif ph == "targeted":
            self._targeted(g, a)
        elif ph == "roll":
            fp = int(a["fp"]) + int(a["bonus"])
            if fp < 1:  # 10.3.2.1: final FP must be at least 1
                lift = rules_of(g).roll_lift(g, seat, list(a["pieces"]))
                if fp + lift < 1:
                    g.emit("10.3.2.1", "Final FP {fp} is below 1: the attack cannot be made", fp=fp)
                    g.pop()
                    return
                a["short"] = 1 - fp  # what the modifiers on the roll itself must still add
                g.emit("10.3.2.1", "Final FP {fp} is below 1: the attack stands only if the roll "
                       "gets +{n}", fp=fp, n=a["short"])
            a["final_fp"] = fp
            a["defenders"] = rules_of(g).attack_defenders(
                g, a, [u for h in attack_hexes(a) for u in units_in(g, h, opponent(seat))])
            # what the attack is, fixed before the roll (a trigger may take pieces away)
            pieces = [p for p in a["pieces"] if in_play(g, p)]
            a["mortar"] = any(is_weapon(g, p) and wtype(g, p).kind == "mortar" for p in pieces)
            a["crossed"] = None if a["mortar"] or not pieces else crossed_cover(g, pieces, a["target"])
            if a.get("spray"):  # A40: each hex has its own Cover
                a["crossed2"] = None if a["mortar"] or not pieces else crossed_cover(g, pieces, a["spray"])
            a["zero_cover"] = any(is_weapon(g, p) and wtype(g, p).cover_zero for p in pieces)
            a["phase"] = "rolled"
            g.push("roll", roller=seat, purpose="fire attack", store="roll", fire_attack=True)
        elif ph == "rolled":
            self._rolled(g, a)
        elif ph == "order":
            a["left"] = self._left(g, a)
            if not a["left"]:
                g.pop()
                return
            self._defend(g, a, a["left"][0])
        elif ph == "window":
            a["phase"] = "defense"
            owner = int(g.state["units"][a["unit"]]["seat"])
            g.push("roll", roller=owner, purpose=f"fire defense of {a['unit']}", store="droll")
        elif ph == "defense":
            self._resolve(g, a)
        else:
            unknown_phase(self.name, ph)

    def _start(self, g: Game, a: Args) -> None:
        seat = int(a["seat"])
        pieces, target = a["pieces"], a["target"]
        with reading(g):  # read only (speed: each piece's stats and sight worked out once)
            st = strength(g, pieces, target)
        a["fp"] = st["fp"]
        a["hindrance"] = st["hindrance"] or 0
        what = ", ".join(pieces)
        if st["ordnance"] or a["smoke"]:
            rng = hex_distance(g, piece_hex(g, pieces[0]), target)
            a["range"] = rng
            text = ("{nation}: {what} fires at {target} ({kind}); Targeting needs more than "
                    "range {rng} after hindrance {h}")
            more: dict[str, Any] = {}
            if st["bonus"] and not a["smoke"]:  # the attack a hit makes, with the game's bonus
                text += "; a hit attacks with {parts} = {fp} FP"
                more = {"parts": shown_parts(st), "fp": st["fp"]}
            g.emit(cite(g, "fire.targeting"), text, nation=nation(g, seat), what=what, target=target,
                   kind="Smoke round" if a["smoke"] else "Ordnance", rng=rng, h=a["hindrance"], **more)
            a["phase"] = "targeted"
            g.push("roll", roller=seat, purpose="targeting", store="troll", product=True)
            return
        g.emit(cite(g, "fire.attack"),
               "{nation}: {what} fire at {target}: {parts} = {fp} FP", nation=nation(g, seat),
               what=what, target=target, fp=st["fp"], parts=shown_parts(st),
               modifiers=[[w, n] for w, n, _ in st["parts"]])
        self._before_roll(g, a)

    def _before_roll(self, g: Game, a: Args) -> None:
        a["phase"] = "roll"
        open_windows(g, "fire_attack_roll", {"target": a["target"]})

    def _targeted(self, g: Game, a: Args) -> None:
        roll = int(a["troll"]["total"])
        net = roll - int(a["hindrance"])
        hit = net > int(a["range"])
        g.emit(cite(g, "fire.targeting_roll"),
               "Targeting {roll} - hindrance {h} = {net} against range {rng}: {res}",
               roll=roll, h=a["hindrance"], net=net, rng=a["range"], res="hit" if hit else "miss")
        if not hit:
            g.pop()
            return
        if a["smoke"]:
            v = draw_smoke(g)
            smoke = g.state["smoke"]
            old = smoke.get(a["target"], 0)
            smoke[a["target"]] = max(old, v)  # 8.1.4: the largest Smoke stays
            g.emit(cite(g, "fire.smoke"), "Smoke {v} placed in {hex}", v=v, hex=a["target"])
            g.pop()
            return
        g.emit("10.3.1", "Hit: the Fire Attack ignores the hindrance ({fp} FP)", fp=a["fp"])
        self._before_roll(g, a)

    def _rolled(self, g: Game, a: Args) -> None:
        roll = a["roll"]
        if a.get("short") and int(roll.get("drm") or 0) < int(a["short"]):  # 10.3.2.1
            g.emit("10.3.2.1", "The roll got +{d}, not the +{n} the FP needed: the attack cannot "
                   "be made", d=int(roll.get("drm") or 0), n=a["short"])
            g.pop()
            return
        total = int(a["final_fp"]) + int(roll["total"])
        parts = f"{a['final_fp']} FP + roll {roll['total']}"
        b = board_of(g)
        assert b is not None
        if a["mortar"]:
            burst = rules_of(g).hex_type(b, label_map(b)[a["target"]]).airburst
            if burst:
                total += burst
                parts += f" + {burst} airburst ({cite(g, 'artillery.airburst')})"
        a["total"] = total
        g.emit(cite(g, "fire.attack_roll"), "Attack Total {total} ({parts})", total=total, parts=parts,
               fp=int(a["final_fp"]), roll=int(roll["total"]), card=roll["card"])
        if a["mortar"]:
            rules_of(g).mortar_damage(g, a)  # GWC T124: before the Defense Rolls
        if roll["jammed"]:
            for p in a["pieces"]:
                if is_weapon(g, p) and g.state["weapons"][p]["where"] == "map":
                    break_weapon(g, p, cite(g, "fire.jammed"))
        if roll["doubles"] and a.get("sustained"):  # A41: doubles break a firing MG/Mortar each
            g.push("sustained_break", seat=int(a["seat"]), pieces=list(a["pieces"]), n=int(a["sustained"]))
        for p in a["pieces"]:
            if is_weapon(g, p) and wtype(g, p).one_use and g.state["weapons"][p]["where"] == "map":
                remove_weapon(g, p)
                g.emit(cite(g, "fire.one_use"), "{weapon} is used up and eliminated", weapon=p)
        a["left"] = self._still_there(g, a, a["defenders"])
        a["phase"] = "order"

    def _defend(self, g: Game, a: Args, uid: str) -> None:
        a["unit"] = uid
        a["left"].remove(uid)
        a["phase"] = "window"
        owner = int(g.state["units"][uid]["seat"])
        open_windows(g, "fire_defense_roll", {"unit": uid, "target": a["target"]}, seats=(owner,))

    def _resolve(self, g: Game, a: Args) -> None:
        uid = a["unit"]
        a["phase"] = "order"
        u = g.state["units"][uid]
        if u["where"] != "map" or u["hex"] not in attack_hexes(a):
            return
        crossed = a["crossed"] if u["hex"] == a["target"] else a.get("crossed2")
        m = morale(g, uid, crossed, a["zero_cover"], heavy=self.heavy or bool(a.get("mortar")))
        total = m.value + int(a["droll"]["total"])
        att = int(a["total"]) - int((a.get("conceal") or {}).get(str(u["seat"]), 0))
        g.emit(cite(g, "fire.defense_roll"),
               "{unit} Defense Total {total} (Morale {m}: {why}; roll {r}) against {att}",
               unit=uid, total=total, m=m.value, why=m.explain(), r=a["droll"]["total"], att=att)
        spared = rules_of(g).break_spared(g, a, uid) if total <= att else None
        if spared is not None and (total < att or uid in a["moving"]):
            g.emit(spared, "{unit} would break but does not ({why})", unit=uid, why=spared)
        elif total < att:
            self._broken_by_defense(g, uid)
            break_or_wound(g, uid, cite(g, "fire.defense_roll"))
        elif total == att:
            if uid in a["moving"]:
                g.emit(cite(g, "fire.defense_roll"), "Tie against a moving unit: it breaks")
                self._broken_by_defense(g, uid)
                break_or_wound(g, uid, cite(g, "fire.defense_roll"))
            elif not u["suppressed"]:
                u["suppressed"] = True
                g.emit("13.1", "Tie: {unit} is Suppressed", unit=uid)
            else:
                g.emit("13.1", "Tie: {unit} is already Suppressed", unit=uid)
        else:
            g.emit(cite(g, "fire.defense_roll"), "{unit} is unaffected", unit=uid)


    @staticmethod
    def _broken_by_defense(g: Game, uid: str) -> None:
        """An unbroken unit failed its Defense Roll: once it has broken, its owner may play an
        Action that answers that (GWC's Probe; window kind ``defense_broke``, offered only in a
        game that has such an Action). Pushed before the break, so it runs after it."""
        u = g.state["units"][uid]
        if not u["broken"]:
            offer_windows(g, "defense_broke", {"unit": uid}, seats=(int(u["seat"]),))


def fire_steps() -> list[Step]:
    return [FireOrder(), FireAttack()]
