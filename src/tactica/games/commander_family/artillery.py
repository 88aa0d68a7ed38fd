"""What the Commander games' artillery shares: the drift of a Spotting Round and one Artillery
Impact on one hex.

Both books call artillery from an off-map battery (Combat Commander's Radio, Great War Commander's
Telephone, named by ``CommanderRules.battery_name``) through a Spotting Round (SR) that errs after
the Accuracy roll by the two dice of a revealed card, read on the map's hex compass; and both
resolve an Impact on a hex like a Fire Attack without hindrance whose every defender, of either
side, rolls Defense. What the books do differently — who spots, which hexes the barrage covers,
what the Impact Total does to the hex before anyone defends — stays in each game: the game's
``impact_damage`` hook (CC: a Fortification destroyed on an exact roll; GWC: terrain and
Fortifications downgraded at 18+) and the ``bonus`` the caller passes (GWC's Barrage Action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.hexgrid import neighbor
from tactica.core.options import Option
from tactica.core.rules import Args

from .access import rules_of
from .board_state import board_of, label_map, neighbours, units_in
from .citations import cite
from .fire import FireAttack
from .state import opponent

if TYPE_CHECKING:
    from tactica.core.game import Game

COMPASS = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4, 6: 5}
"""The map's hex-compass number (1 points to the top of the map, 2 and 3 to the right, upper
then lower, 4 to the bottom, 5 and 6 to the left, lower then upper; CC 2.2.2, GWC 2.2) -> the
core flat-top direction index, which numbers the same six directions clockwise from the top."""


def battery_slots(g: Game, key: str) -> list[dict[str, Any] | None]:
    """The two seats' off-map artillery pieces under ``key`` of the state (CC "radios", GWC
    "telephones"; None: none in that seat's Artillery Box). Creates the key if missing."""
    s = g.state
    if key not in s:
        s[key] = [None, None]
    out: list[dict[str, Any] | None] = s[key]
    return out


def battery_of(g: Game, seat: int, key: str) -> dict[str, Any] | None:
    """One seat's artillery piece under ``key``, without creating the key (views, checks)."""
    slots = g.state.get(key)
    if not slots:
        return None
    piece: dict[str, Any] | None = slots[seat]
    return piece


def drift(g: Game, start: str, white: int, colored: int, hit: bool) -> tuple[list[str], bool]:
    """The hexes the SR passes through from ``start`` and whether it stayed on the map the whole
    way (CC O18.2.2, GWC O19.2.1.2). Hit: one hex toward the white die, then one toward the
    colored die (it may come back where it was). Miss: ``colored`` hexes toward the white die.
    Leaving the map even for a moment ends the barrage."""
    b = board_of(g)
    assert b is not None
    h = label_map(b)[start]
    dirs = [COMPASS[white], COMPASS[colored]] if hit else [COMPASS[white]] * colored
    path: list[str] = []
    for d in dirs:
        h = neighbor(h, d)
        if h not in b:
            return path, False
        path.append(b.label(h))
    return path, True


def impact_area(g: Game, center: str) -> list[str]:
    """The SR's hex and each adjacent hex on the map (fewer than seven at an edge): CC's blast
    area (O18.2.3), GWC's Local Barrage and Gas Attack (O19.2.1.3-4)."""
    return [center, *neighbours(g, center)]


def push_artillery_impact(g: Game, seat: int, target: str, fp: int, battery: str,
                          bonus: int = 0) -> None:
    """Push one Artillery Impact by ``seat``'s battery (``battery``: its id, FP ``fp``) on hex
    ``target``. ``bonus``: what the game adds to the Impact Total besides the roll (GWC A32)."""
    g.push("artillery_impact", seat=seat, target=target, fp=fp, radio=battery, pieces=[],
           smoke=False, moving=[], op_fire=False, phase="start", bonus=bonus, crossed=None,
           zero_cover=False, mortar=False)


class ArtilleryImpact(FireAttack):
    """One Artillery Impact Roll and the Fire Defense Rolls it calls for. The defense phases
    (``order``, ``window``, ``defense``) are the Fire Attack's; units of both sides defend, the
    inactive player's first, each owner choosing the order of his own units. The battery is not a
    Weapon, so Jammed never breaks it; no hindrance, height or Wall/Hedge Cover applies."""

    name = "artillery_impact"
    heavy = True  # Fortification Cover against Mortars and Artillery, where a game has it

    def _side_left(self, g: Game, a: Args) -> list[str]:
        left = self._left(g, a)
        if not left:
            return []
        units = g.state["units"]
        first = units[left[0]]["seat"]
        return [u for u in left if units[u]["seat"] == first]

    def actor(self, g: Game, a: Args) -> int | None:
        if a["phase"] == "order":
            mine = self._side_left(g, a)
            if len(mine) > 1:
                return int(g.state["units"][mine[0]]["seat"])
        return None

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(f"defend:{u}", f"{u} rolls next", "defend", {"unit": u})
                for u in self._side_left(g, a)]

    def run(self, g: Game, a: Args) -> None:
        ph = a["phase"]
        seat = int(a["seat"])
        rules = rules_of(g)
        if ph == "start":
            target = a["target"]
            a["final_fp"] = int(a["fp"])
            a["defenders"] = units_in(g, target, opponent(seat)) + units_in(g, target, seat)
            g.emit(cite(g, "artillery.impact"),
                   "Artillery Impact on {hex}: " + rules.battery_name + " {radio}, FP {fp} (no hindrance)",
                   hex=target, radio=a["radio"], fp=a["fp"])
            a["phase"] = "rolled"
            g.push("roll", roller=seat, purpose="artillery impact", store="roll")
        elif ph == "rolled":
            roll = a["roll"]
            total = int(a["fp"]) + int(roll["total"])
            parts = f"{a['fp']} FP + roll {roll['total']}"
            if int(a.get("bonus") or 0):
                total += int(a["bonus"])
                parts += f" + {a['bonus']} ({a.get('bonus_why', 'bonus')})"
            b = board_of(g)
            assert b is not None
            burst = rules.hex_type(b, label_map(b)[a["target"]]).airburst
            if burst:
                total += burst
                parts += f" + {burst} airburst ({cite(g, 'artillery.airburst')})"
            a["total"] = total
            g.emit(cite(g, "artillery.impact"), "Impact Total {total} ({parts})", total=total, parts=parts)
            if roll["trigger"] == "Jammed!":
                g.emit(cite(g, "artillery.impact"),
                       "Jammed! does not break a " + rules.battery_name + ": it is not a Weapon")
            rules.impact_damage(g, a)
            a["left"] = self._still_there(g, a, a["defenders"])
            a["phase"] = "order"
        else:
            super().run(g, a)
