"""The scenario shape of the Combat Commander module (the built-in scenarios are the files under
data/scenarios, read by scenario_data.py into this shape; ``add_scenario`` takes it too). Fields:

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

SCENARIOS: dict[str, dict[str, Any]] = {}
"""Scenarios given in code rather than as files: none (the tests add their own)."""
