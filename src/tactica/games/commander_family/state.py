"""The plain-data state of a Commander-family game (Combat Commander, later Great War Commander).

Everything lives in ``g.state`` next to the core's own keys (``chance``, ``stack``, ``result``,
``ask``, ``scenario``). Only dicts with str keys, lists, str, int, float, bool and None, so a clone
is a marshal round trip and a save is JSON. Seats are indexed 0 and 1 (the Rules' seat order).

``g.state`` layout::

    "sides": [side, side]          # one per seat, see new_side()
      side = {
        "nation": "Germany",       # which Fate deck / roster
        "posture": "Attack",       # Attack | Recon | Defend (1.1; Defend = "the Defender")
        "hand_size": 6,            # from the posture (1.1); refill target (5.4)
        "hand": [card ids],        # secret to the other seat (1.2)
        "deck": {"draw": [...], "discard": [...], "removed": [...]},
                                   # top of draw = END of the list; discard is public (1.2)
        "order_cap": 3,            # Orders per Turn (5.1)
        "discard_cap": 4,          # cards a passing player may discard (5.3, O15)
        "casualties": [unit ids],  # Casualty Track, space 1 first (4.2)
        "casualty_weapons": [weapon ids],  # the Weapons box of the Casualty Track
        "surrender": 8,            # Casualty-Track space of the Surrender marker (6.3 case 1)
        "chits_secret": [chit ids] # secret Objective chits, seen only by this seat (7.3.3)
      }
    "chits_open": [chit ids]       # open Objective chits (7.3.3), public
    "chit_pool": [chit ids]        # undrawn chits (hidden from both)
    "objectives": {"1": {"owner": seat | None, "hex": label | None}, ... "5": ...}  (7.3.1)
    "vp": int                      # the single VP track: > 0 favours seat 0, < 0 seat 1 (7)
    "time": {"space": 0,           # Time marker (6.1)
             "sudden_death": 6,    # Sudden Death marker space (6.2)
             "last": 12,           # the last space of the track
             "advances": 0}        # how many Time advances so far (statistics, tests)
    "initiative": seat             # holder of the Initiative card (9)
    "active": seat                 # whose Turn it is (5)
    "turn": int                    # Turns played so far (1 = the first Turn)
    "units": {unit id: unit}       # every unit of both sides, see new_unit()
    "weapons": {weapon id: weapon} # every Weapon counter, see new_weapon()
    "smoke": {hex label: hindrance}  # Smoke markers on the map (T94; removed at Time, 6.1.2 step 4)
    "reinforcements": {"<space>": [unit ids]}  # units waiting on the Time Track (6.1.2 step 5)
    "activated": [unit ids]        # units activated this Turn (O14.1), cleared at Turn end

Flow-local facts (the Turn's Orders given so far, a roll in progress, a pending Time advance) live
in frame args on ``g.state["stack"]``, never here: they belong to a procedure, not to the game.
"""

from __future__ import annotations

from typing import Any

OBJECTIVES = ("1", "2", "3", "4", "5")
"""Each map has five Objectives (2.3)."""

WHERE = ("map", "time_track", "casualties", "out")
"""Where a unit is: in play on the map (its hex may still be None while no map is loaded),
waiting on the Time Track as a reinforcement, on the Casualty Track, or out of the game."""


def new_side(nation: str, posture: str, hand_size: int, order_cap: int, discard_cap: int,
             surrender: int) -> dict[str, Any]:
    return {
        "nation": nation,
        "posture": posture,
        "hand_size": hand_size,
        "hand": [],
        "deck": {"draw": [], "discard": [], "removed": []},
        "order_cap": order_cap,
        "discard_cap": discard_cap,
        "casualties": [],
        "casualty_weapons": [],
        "surrender": surrender,
        "chits_secret": [],
    }


def new_unit(type_id: str, seat: int, hex_label: str | None = None, where: str = "map",
             weapon: str | None = None) -> dict[str, Any]:
    """A unit counter. The procedures read and write these fields; none is derived (live stats
    are computed from the roster plus these flags)."""
    if where not in WHERE:
        raise ValueError(f"unknown unit location {where!r}")
    return {
        "type": type_id,        # roster id (UnitType.id)
        "seat": seat,           # owner
        "where": where,         # see WHERE
        "hex": hex_label,       # map hex label, None when off map or no map yet
        "broken": False,        # 3.2
        "suppressed": False,    # Suppressed marker
        "veteran": False,       # Veteran marker
        "weapon": weapon,       # id of the possessed Weapon counter (state["weapons"]) or None
        "op_fired": False,      # Op-Fire-activated this Turn (A33); cleared at Turn end
    }


def new_weapon(type_id: str, seat: int, carrier: str | None) -> dict[str, Any]:
    return {
        "type": type_id,        # roster Weapon id
        "seat": seat,
        "carrier": carrier,     # unit id, None once eliminated
        "broken": False,        # 11.4
        "where": "map",         # map | casualties
    }


def opponent(seat: int) -> int:
    return 1 - seat


def side(state: dict[str, Any], seat: int) -> dict[str, Any]:
    s: dict[str, Any] = state["sides"][seat]
    return s


def units_on_map(state: dict[str, Any], seat: int) -> list[str]:
    return [uid for uid, u in state["units"].items() if u["seat"] == seat and u["where"] == "map"]
