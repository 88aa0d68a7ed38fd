"""Great War Commander Fortifications (F125-F131) on the family's fortifications module: Cover
with the Road only in Open Ground (T116, digest E27/E28), one a hex and none in Water (F125.4),
Mines at 6 or 9 FP (F128), Wire (F131), Trench moves (F130.2), Pillbox Melee ties (F129)."""

from __future__ import annotations

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family import fortifications as fam
from tactica.games.commander_family.stats import best_cover, morale
from tactica.games.great_war_commander import RULES, fortifications

from .gwc_helpers import new, position, run_out, to_first_turn


def scene(scenario: str = "frontieres_1914") -> studio.Position:
    """``scenario`` at its first Turn with no unit yet (gwc_helpers.position)."""
    return position(scenario)


def game(scenario: str = "frontieres_1914") -> Game:
    return scene(scenario).game(seed=1)


def test_T99_3_E27_brush_and_foxholes_raise_morale_7() -> None:
    """Digest E27: printed Morale 7 in Brush gives 8, in Foxholes 10 (the best Cover only)."""
    b = RULES.board(game())
    h = next(b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "open_ground")
    g = scene().marker("foxholes", h).game(seed=1)
    assert best_cover(g, h) == (3, "Foxholes +3")


def test_T116_E28_road_lowers_cover_only_in_open_ground() -> None:
    """Digest E28: Open Ground + Road gives -1; add Foxholes: 3 - 1; Woods + Road keeps 2."""
    assert best_cover(game(), "F6")[0] == -1  # marne_farms: F6 Open Ground on a Road
    p = scene().marker("foxholes", "F6")
    uid = p.unit(1, "fr-ligne-1914", "F6")
    g = p.game(seed=1)
    assert best_cover(g, "F6")[0] == 2  # Morale 7 -> 9
    assert best_cover(g, "F9")[0] == 2  # F9 Woods on a Road
    assert morale(g, uid).value == 7 + 2


def test_F126_F130_cover_values_the_same_against_artillery() -> None:
    b = RULES.board(game())
    free = [b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "open_ground"]
    kinds = (("foxholes", 3), ("trench", 4), ("pillbox", 5), ("blockhaus", 6))
    p = scene()
    for h, (kind, _) in zip(free, kinds, strict=False):
        p.marker(kind, h)
    g = p.game(seed=1)
    for h, (kind, value) in zip(free, kinds, strict=False):
        assert fam.kind_at(g, h) == kind
        assert best_cover(g, h)[0] == value and best_cover(g, h, heavy=True)[0] == value


def test_F125_4_one_a_hex_none_in_water() -> None:
    g = game()  # marne_farms: A7 is Water
    assert fam.refusal(g, "A7", "wire") == "Water (F125.4)"
    assert fam.place(g, "E5", "wire", "test")
    assert fam.refusal(g, "E5", "mines") == "a Fortification already (Wire; F125.4)"
    assert not fam.place(g, "E5", "mines", "test") and fam.kind_at(g, "E5") == "wire"


def test_F128_2_mines_6_fp_9_against_vehicles_cover_0() -> None:
    p = scene("soissons_tanks_1918").marker("mines", "E5")
    inf = p.unit(1, "fr-poilus", "E5")
    tank = p.unit(1, "fr-schneider", "E5")
    g = p.game(seed=1)
    assert RULES.mine_fp(g, [inf]) == 6 and RULES.mine_fp(g, [tank]) == 9
    assert RULES.mined(g, "E5") and not RULES.mined(g, "E6")
    assert RULES.push_mine_attack(g, "E5", [inf], moving=True)
    g.refresh()
    run_out(g, "mine_attack")
    log = [e[1].format(**e[2]) for e in g.log]
    assert any("Mine Attack in E5" in t and "6 FP" in t for t in log)
    assert any("Cover 0 (F128.2)" in t for t in log)
    assert any(e[0] == "F128.2" for e in g.log)


def test_F131_wire_stats_weapons_groups_and_moves() -> None:
    p = scene().marker("wire", "E5")
    uid = p.unit(1, "fr-ligne-1914", "E5")
    g = p.game(seed=1)
    before = morale(g, uid).value
    assert RULES.in_wire(g, "E5") and RULES.weapon_blocked(g, "E5")
    assert RULES.group_split(g, "E5", "E6") and not RULES.group_split(g, "E6", "F6")
    assert RULES.wire_halts(g, "E5", "E6") and RULES.wire_halts(g, "E6", "E5")
    fam.remove(g, "E5", "test")
    assert morale(g, uid).value == before + 1  # F131.1: -1 Morale in Wire


def test_F130_2_trench_moves_link_trench_pillbox_blockhaus() -> None:
    g = scene().marker("trench", "E5").marker("pillbox", "E6").marker("foxholes", "F6").game(seed=1)
    assert RULES.trench_step(g, "E5", "E6") and RULES.trench_step(g, "E6", "E5")
    assert not RULES.trench_step(g, "E5", "F6")


def test_F129_pillbox_last_sole_occupant_wins_a_tied_melee() -> None:
    g = game()
    fam.place(g, "E5", "pillbox", "test")
    studio.arrive(g, 1, "fr-ligne-1914", "E5")
    RULES.after_board_change(g)
    studio.arrive(g, 0, "ger-ldr-bertin", "E5")
    RULES.after_board_change(g)  # both sides there now: the holder stays France
    assert RULES.melee_tie_winner(g, "E5") == 1
    fam.place(g, "E6", "foxholes", "test")
    assert RULES.melee_tie_winner(g, "E6") is None


def test_F125_1_scenario_fortifications_are_placed() -> None:
    g = to_first_turn(new("verdun_gas_1916", 1))
    assert g.state["fortifications"] == {"D10": "foxholes", "L10": "foxholes"}
    assert g.view(0)["board"]["fortifications"] == {"D10": "foxholes", "L10": "foxholes"}
    assert fortifications.KINDS.melee_hold == ("blockhaus", "pillbox")

