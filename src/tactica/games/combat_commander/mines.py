"""Mine Attacks (F103.2): the family's Mine Attack (commander_family.mines) with this game's
strength, the scenario's Mine FP (6 unless the Defender has a 7- or 8-FP Minefield; the rules'
``mine_fp`` hook reads :func:`.fortifications.mines_fp`), and the first attack of Hidden Mines
(A35.2).

Callers: Move (on entering, and before leaving, a Mines hex: the units go on to the hex they were
entering even if they break, F103.2), Advance, Retreat, and the Hidden Mines Action.
"""

from __future__ import annotations

from ..commander_family.mines import MineAttack, mine_hexes_crossed, mine_steps, push_mine_attack

__all__ = ["MineAttack", "mine_hexes_crossed", "mine_steps", "push_mine_attack"]
