"""Scenarios of the Combat Commander module, as plain data.

Only a small test scenario for now (no map yet: units are in play on no hex). The real ones come
with the maps, read from YAML in the same shape. Fields:

* ``sides``: per seat ``nation``, ``posture`` (1.1), ``orders`` (Order capability, 5.1),
  ``surrender`` (Casualty-Track space of the Surrender marker, 4.2), ``units`` (roster type ids,
  each optionally ``{type, hex, weapon}``), ``reinforcements`` ({time space: [type ids]});
* ``time`` (start space, Sudden Death space, last space: 6.1.1, 6.2.1);
* ``initiative`` and ``first`` (seat names: Initiative holder, 9; first Turn, 5);
* ``objectives`` ({"1".."5": seat name or None}: initial control, 7.3.1);
* ``open_chits`` / ``secret_chits`` (how many drawn at random; 7.3.2) or ``chits`` fixed ids;
* ``vp`` (start of the VP track, + favours the first seat);
* with a map: ``map`` (board name), ``edges`` ({seat name: edge}) or a per-side ``edge``, a
  per-side ``setup`` zone (or a per-unit ``zone``) for units without a ``hex``, and optionally
  ``setup_order`` (seat names). The scenario files (scenario_data.py) give this shape.
"""

from __future__ import annotations

from typing import Any

SCENARIOS: dict[str, dict[str, Any]] = {
    "test_skirmish": {
        "name": "Test skirmish (no map)",
        "description": "Germans attack, Americans defend; no map yet: a test of cards, time and victory.",
        "sides": {
            "axis": {"nation": "Germany", "posture": "Attack", "orders": 3, "surrender": 6,
                     "units": ["ger-ldr-bolter", "ger-rifle-squad", "ger-rifle-squad",
                               {"type": "ger-rifle-squad", "weapon": "ger-lmg"}, "ger-rifle-team"],
                     "reinforcements": {}},
            "allies": {"nation": "America", "posture": "Defend", "orders": 2, "surrender": 5,
                       "units": ["us-ldr-harris", "us-rifle-squad", "us-rifle-squad", "us-rifle-team"],
                       "reinforcements": {"2": ["us-rifle-squad"]}},
        },
        "time": {"start": 0, "sudden_death": 3, "last": 12},
        "initiative": "allies",
        "first": "axis",
        "objectives": {"1": "allies", "2": "allies", "3": None, "4": "axis", "5": None},
        "open_chits": 1,
        "secret_chits": 1,
        "vp": 0,
    },
}
