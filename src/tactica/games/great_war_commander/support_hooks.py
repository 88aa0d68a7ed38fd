"""The family hooks Great War Commander's artillery, Strategy Cards and Fortifications answer.

:class:`SupportHooks` sits between the family's CommanderRules and GreatWarCommanderRules, so
rules.py stays the one place that assembles the game while the hooks of this part live next to
the modules that carry them out (artillery.py, strategy.py, fortifications.py, terrain_state.py).
Each method only hands over to its module; ``view``, ``turn_extras`` and ``turn_extra`` add to
what the class above and below give (a subclass that overrides them calls ``super()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args

from ..commander_family.base import CommanderRules
from . import artillery, fortifications, strategy, strategy_timing, tanks, terrain_state

if TYPE_CHECKING:
    from tactica.core.game import Game


class SupportHooks(CommanderRules):
    battery_name = "Telephone"  # 12: the off-map battery
    terrain_markers = True  # T117, T118: Rubble and Shellhole markers change a hex's type
    vehicles = True  # O21.3.7.1: Tanks take no Cover
    fortification_kinds = fortifications.KINDS  # F125-F131

    # -- artillery (O18, O19, 12) --------------------------------------------------------------
    def impact_damage(self, g: Game, a: Args) -> None:
        artillery.impact_damage(g, a)  # O19.2.1.4.2: downgrades before the Defense Rolls

    def mortar_damage(self, g: Game, a: Args) -> None:
        terrain_state.mortar_damage(g, a["target"], int(a["total"]))  # T124 (reading R32)

    def arrive_contacts(self, g: Game, space: int) -> None:
        artillery.arrive_telephones(g, space)  # 6.1.2 step 5

    def marker_cover(self, g: Game, label: str) -> tuple[int, str] | None:
        return terrain_state.marker_cover(g, label)  # T117, T118

    # -- Tanks (O23.5) -------------------------------------------------------------------------
    def no_cover(self, g: Game, uid: str) -> bool:
        return tanks.is_tank(g, uid)  # O21.3.7.1

    def vehicle_may_enter(self, g: Game, uids: list[str], frm: str, to: str) -> bool:
        return tanks.may_enter(g, uids, frm, to)  # O23.5.8

    def attack_defenders(self, g: Game, a: Args, uids: list[str]) -> list[str]:
        return tanks.attack_defenders(g, a, uids)  # O21.3.3

    def after_entry(self, g: Game, a: Args, frm: str, to: str) -> None:
        tanks.after_entry(g, a, frm, to)  # F131.4, O23.5.4: before Op Fire and Mines
        strategy_timing.after_entry(g, a, to)  # S98.3.4, S98.4.7: O21.3 in the enemy hex

    def mounted_pieces(self, g: Game, uid: str) -> list[str]:
        return tanks.mounted_pieces(g, uid)  # O21.3.2: the main gun beside the MG

    def mounted_value(self, g: Game, pid: str, stat: str) -> int:
        return tanks.mounted_value(g, pid, stat)

    def armament_ordnance(self, g: Game, pid: str) -> bool:
        return tanks.armament_ordnance(g, pid)  # O21.2: the white box

    def fire_bonus(self, g: Game, pieces: list[str], target: str) -> list[tuple[str, int, str]]:
        return tanks.fire_bonus(g, pieces, target)  # O21.3.2: +2 at an adjacent hex

    # -- Mines (F128) ----------------------------------------------------------------------------
    def mine_fp(self, g: Game, movers: list[str]) -> int:
        return fortifications.mine_fp(g, movers)

    # -- Strategy Cards (S98) --------------------------------------------------------------------
    def after_roll(self, g: Game, a: Args) -> None:
        strategy.after_roll(g, a)  # S98.2: +1 windows, Firepower

    def may_pass(self, g: Game, seat: int) -> bool:
        return strategy.may_pass(g, seat)

    def on_pass(self, g: Game, seat: int) -> None:
        strategy.on_pass(g, seat)

    def move_extras(self, g: Game, a: Args) -> list[Option]:
        return strategy_timing.move_extras(g, a)  # S98.3.4, S98.4.7, S98.5.3, S98.5.6

    def move_extra(self, g: Game, a: Args, option: Option) -> None:
        strategy_timing.move_extra(g, a, option)

    def stat_parts(self, g: Game, uid: str, stat: str) -> tuple[tuple[str, int, str], ...]:
        return strategy_timing.stat_parts(g, uid, stat)  # S98.5.9; Wire ignored (S98.4.7, S98.5.6)

    def break_spared(self, g: Game, a: Args, uid: str) -> str | None:
        return strategy_timing.break_spared(g, a, uid)  # S98.5.3 Doughboy Surge

    def after_op_activation(self, g: Game, seat: int, units: list[str]) -> None:
        strategy_timing.after_op_activation(g, seat, units)  # S98.4.6 Sturmabteilung Vor

    def melee_begins(self, g: Game, label: str) -> None:
        strategy_timing.melee_begins(g, label)  # S98.3.8 La Force Noire

    def turn_extras(self, g: Game, seat: int) -> list[Option]:
        return [*super().turn_extras(g, seat), *strategy.situations(g, seat)]

    def turn_extra(self, g: Game, seat: int, option: Option) -> None:
        if "sc_card" in option.args:
            strategy.play_situation(g, seat, option)  # S98.1
            return
        super().turn_extra(g, seat, option)

    # -- views -------------------------------------------------------------------------------
    def view(self, g: Game, seat: int | None, everything: bool, shared: bool = False) -> dict[str, Any]:
        v = super().view(g, seat, everything, shared)
        v.update(artillery.telephone_view(g))
        v.update(fortifications.view(g))
        for i, sd in enumerate(v["sides"]):
            sd.update(strategy.view(g, i))
        return v
