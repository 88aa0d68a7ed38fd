"""Great War Commander artillery played through the rules: Telephones (12), Artillery Denied (O18),
Artillery Request (O19: Battery Access, Local, Standing and Creeping barrages, Gas Attacks,
registered areas), the Runner's request (O20, O27), Impact downgrades (T99.5, F125.3)."""

from __future__ import annotations

from typing import Any

import pytest

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family import fortifications as fam
from tactica.games.great_war_commander import RULES, artillery, barrage, terrain_state

from .gwc_helpers import KEEP, pass_windows, position, run_out

BERTIN = "ger-ldr-bertin"
RAVY = "fr-ldr-ravy"


def scene(scenario: str = "verdun_gas_1916") -> studio.Position:
    """``scenario`` with no unit and no Strategy Card in hand (no Strategy Card windows in these
    tests: strategy's tests have them)."""
    return position(scenario).hand(0, [], kind="strategy").hand(1, [], kind="strategy")


def game(scenario: str = "verdun_gas_1916", seed: int = 1) -> Game:
    return scene(scenario).game(seed=seed)


def dice(g: Game, seat: int, *rolls: tuple[int, int]) -> None:
    """``seat``'s next rolls show these dice, without a trigger (forced by the studio; the
    rolls of one procedure go in one call, first rolled first)."""
    studio.force_roll(g, seat, *rolls)


def spot_from(g: Game, target: str, avoid: tuple[str, ...] = ()) -> str:
    """A hex three hexes from ``target`` that sees it (the map has hills and buildings)."""
    from tactica.games.commander_family.board_state import hex_distance, los

    b = board(g)
    for x in sorted(b.hexes):
        lab = b.label(x)
        if lab not in avoid and hex_distance(g, lab, target) == 3 and los(g, lab, target).clear:
            return lab
    raise AssertionError(f"no hex sees {target}")


def keep(g: Game) -> None:
    """Keep every roll: the Initiative holder never re-rolls."""
    pass_windows(g, ("initiative",))


def pick(g: Game, *ids: str) -> None:
    for i in ids:
        g.apply(i)
        keep(g)


def request(g: Game, seat: int = 0) -> None:
    artillery.push_request(g, seat)
    g.refresh()


def texts(g: Game) -> list[str]:
    return [e[1].format(**e[2]) for e in g.log]


def board(g: Game) -> Any:
    return RULES.board(g)


# ---------------------------------------------------------------- 12, O18
def test_12_scenario_telephones_in_the_artillery_boxes() -> None:
    g = game()
    assert artillery.telephone_of(g, 0) == {"type": "ger-tel-10", "broken": False, "space": "local"}
    assert artillery.telephone_of(g, 1) == {"type": "fr-tel-8", "broken": False, "space": "local"}
    assert g.view(1)["board"]["telephones"][0]["type"] == "ger-tel-10"  # public


def test_6_1_2_a_reinforcement_telephone_replaces_the_one_there() -> None:
    g = game()
    g.state["telephone_reinforcements"] = {"3": [{"seat": 0, "type": "ger-tel-8"}]}
    g.state["barrages"][0] = {"sr": "H6", "impacts": ["H5", "H7"]}
    RULES.arrive_contacts(g, 3)
    assert artillery.telephone_of(g, 0)["type"] == "ger-tel-8"
    assert g.state["barrages"][0] is None


def test_O18_artillery_denied_breaks_then_eliminates_and_lifts_the_markers() -> None:
    g = game()
    g.state["barrages"][1] = {"sr": "H6", "impacts": ["H5", "H7"]}
    assert artillery.denied_legal(g, 0, "x")
    artillery.denied_start(g, 0, "x")
    assert artillery.telephone_of(g, 1)["broken"] and g.state["barrages"][1] is None  # O18.1
    artillery.denied_start(g, 0, "x")
    assert artillery.telephone_of(g, 1) is None  # back to the countermix
    assert not artillery.denied_legal(g, 0, "x")


# ---------------------------------------------------------------- O19.1, O19.2 table
def test_O19_1_battery_access_fixes_into_a_space_of_the_period() -> None:
    g = game("frontieres_1914")
    g.state["telephones"][0]["broken"] = True
    request(g)
    keep(g)
    assert [o.id for o in g.legal_options()] == ["access:local"]  # 1914: Local Barrage only
    pick(g, "access:local")
    assert not artillery.telephone_of(g, 0)["broken"]
    assert g.frame_names()[-1] == "turn"  # nothing activated, nothing rolled


def test_O19_2_spaces_by_date_gas_from_june_1915_for_germany() -> None:
    p = scene()  # June 1916
    p.unit(0, BERTIN, "H3")
    g = p.game(seed=1)
    request(g)
    keep(g)
    assert [o.id for o in g.legal_options()] == ["space:local", "space:standing_creeping", "space:gas"]


def test_O19_2_spotter_is_the_unbroken_unactivated_hrl_or_the_fao_once_a_turn() -> None:
    p = scene()
    ldr = p.unit(0, BERTIN, "H3")
    g = p.game(seed=1)
    request(g)
    keep(g)
    pick(g, "space:local")
    assert {o.id for o in g.legal_options()} == {f"spotter:{ldr}", "spotter:FAO"}
    pick(g, "spotter:FAO")
    assert g.state["fao_spotted"][0] == g.state["turn"]
    assert not artillery.fao_free(g, 0) and artillery.hrl_spotter(g, 0) == ldr
    g.state["units"][ldr]["broken"] = True
    assert artillery.hrl_spotter(g, 0) is None


# ---------------------------------------------------------------- a Local Barrage
def _local_barrage(p: studio.Position, sr: str, accuracy: tuple[int, int], drift: tuple[int, int],
                   then: tuple[tuple[int, int], ...] = ()) -> Game:
    """A German Leader sees ``sr`` from three hexes and requests a Local Barrage on it; the
    Accuracy and drift rolls (then ``then``, the Impact Rolls) forced."""
    p.unit(0, BERTIN, spot_from(game(), sr))
    g = p.game(seed=1)
    request(g)
    keep(g)
    pick(g, "space:local", f"spotter:{artillery.hrl(g, 0)}")
    dice(g, 0, accuracy, drift, *then)
    pick(g, f"spot:{sr}")
    return g


def test_O19_2_1_2_1_hit_drift_may_come_back_to_the_spotting_hex() -> None:
    """Digest E45: on a hit the two one-hex drifts can cancel out (1 up, then 4 down)."""
    g = _local_barrage(scene(), "H6", (6, 6), (1, 4), then=((3, 3),))  # then the vacant roll

    assert any("Accuracy 36" in t and "hit" in t for t in texts(g))
    assert any("Impact area: H6," in t for t in texts(g))


def test_O19_2_1_2_2_miss_drifts_the_colored_die_in_hexes() -> None:
    g = _local_barrage(scene(), "H6", (1, 1), (4, 2))  # miss: two hexes down
    assert any("Accuracy 1" in t and "miss" in t for t in texts(g))
    assert any("Impact area: H8," in t for t in texts(g))


def test_O19_2_1_2_3_off_the_map_the_order_ends() -> None:
    g = _local_barrage(scene(), "H2", (1, 1), (1, 5))  # five hexes up from H2
    assert any("errs off the map" in t for t in texts(g))
    assert g.frame_names()[-1] == "turn" and g.state["barrages"][0] is None


def test_O19_2_1_4_1_vacant_hexes_take_one_roll_and_are_downgraded_at_18() -> None:
    before = game()
    b = board(before)
    area = barrage.local_pattern(b, "H9")
    vulnerable = [h for h in area if terrain_state.takes_impact(before, h)]
    assert vulnerable  # the test needs something to downgrade
    g = _local_barrage(scene(), "H9", (6, 6), (1, 4), then=((4, 4),))  # FP 10 + 8 = 18
    rolls = [t for t in texts(g) if "rolls for artillery impact on vacant hexes" in t]
    assert len(rolls) == 1
    for h in vulnerable:
        kind = RULES.hex_type(b, b.parse(h)).id
        fort = (g.state.get("fortifications") or {}).get(h)
        assert terrain_state.marker(g, h) in ("shellhole", "rubble") or fort == "foxholes", (h, kind)
    assert g.state["barrages"][0] is None  # a Local Barrage takes its SR off


def test_O19_2_1_4_2_occupied_hexes_each_roll_and_both_sides_defend() -> None:
    p = scene()
    own = p.unit(0, "ger-infanterie", "H8")
    foe = p.unit(1, "fr-poilus", "H9")
    g = _local_barrage(p, "H9", (6, 6), (1, 4), then=((1, 1),))  # vacant: 10 + 2, nothing
    assert {o.id for o in g.legal_options()} == {"impact:H8", "impact:H9"}  # the active player's order
    pick(g, "impact:H9")
    while g.frame_names()[-1] != "turn":
        pick(g, g.legal_options()[0].id)
    t = texts(g)
    assert any("Artillery Impact on H9: Telephone ger-tel-10" in x for x in t)
    assert any("Artillery Impact on H8" in x for x in t)
    assert any(f"{foe} Defense Total" in x for x in t) and any(f"{own} Defense Total" in x for x in t)


# ---------------------------------------------------------------- Gas, Standing and Creeping
def test_O19_2_1_3_gas_attack_breaks_the_suppressed_and_suppresses_the_rest() -> None:
    p = scene()
    ldr = p.unit(0, BERTIN, spot_from(game(), "H9"))
    sup = p.unit(1, "fr-poilus", "H9", suppressed=True)
    fresh = p.unit(1, "fr-poilus", "H10")
    g = p.game(seed=1)
    request(g)
    keep(g)
    pick(g, "space:gas", f"spotter:{ldr}")
    dice(g, 0, (6, 6), (1, 4))
    pick(g, "spot:H9")
    u = g.state["units"]
    assert u[sup]["broken"] and u[sup]["suppressed"]  # keeps its marker
    assert u[fresh]["suppressed"] and not u[fresh]["broken"]
    assert set(barrage.local_pattern(board(g), "H9")) <= set(g.state["gas"])
    assert not any("Impact Roll" in t or "Impact Total" in t for t in texts(g))  # no Impact Roll
    assert g.state["barrages"][0] is None


def _line_barrage(p: studio.Position) -> Game:
    """A Standing Barrage on H8 along axis 2, spotted by a German Leader three hexes off."""
    ldr = p.unit(0, BERTIN, spot_from(game(), "H8"))
    g = p.game(seed=1)
    request(g)
    keep(g)
    pick(g, "space:standing_creeping", f"spotter:{ldr}")
    dice(g, 0, (6, 6), (1, 4), (1, 1))
    pick(g, "spot:H8")
    pick(g, "axis:2")
    while g.decision() is not None and g.decision().step == "action_window":
        pick(g, "pass")  # A32 Barrage windows before the Impact Rolls: not played here
    return g


def test_O19_2_1_4_standing_barrage_leaves_seven_markers_in_a_row() -> None:
    g = _line_barrage(scene())
    area = g.state["barrages"][0]
    assert area["sr"] == "H8"
    assert [area["sr"], *area["impacts"]] == barrage.line_pattern(board(g), "H8", 2)


def test_O19_2_2_2_registered_creeping_barrage_E44() -> None:
    """Digest E44: with the Telephone in the Standing/Creeping space and the markers on the map, a
    new Artillery Request skips Spotting and Accuracy and shifts all seven markers one hex."""
    g = _line_barrage(scene())
    before = [g.state["barrages"][0]["sr"], *g.state["barrages"][0]["impacts"]]
    g.state["activated"] = []  # a later Turn: the HRL may spot again
    g.state["turn"] += 2
    n_acc = sum("rolls for artillery accuracy" in t for t in texts(g))
    request(g)
    keep(g)
    assert g.legal_options()[0].id == "registered"
    pick(g, "registered")
    spot = [o.id for o in g.legal_options()]
    pick(g, next(i for i in spot if not i.endswith("FAO")))
    assert "stand" in [o.id for o in g.legal_options()]
    dice(g, 0, (1, 1))
    pick(g, "creep:4")
    after = [g.state["barrages"][0]["sr"], *g.state["barrages"][0]["impacts"]]
    assert after == [x for x in barrage.shifted(board(g), before, 4) if x is not None]
    assert n_acc == 1 and sum("rolls for artillery accuracy" in t for t in texts(g)) == n_acc


def test_O19_2_2_registered_needs_a_spotter_seeing_the_sr() -> None:
    g = _line_barrage(scene())
    g.state["activated"] = []
    g.state["turn"] += 2
    g.state["units"][artillery.hrl(g, 0)]["broken"] = True  # no HRL; the FAO may not see H8
    request(g)
    keep(g)
    ids = [o.id for o in g.legal_options()]
    sees = artillery.sees(g, artillery.FAO, 0, "H8")
    assert ("registered" in ids) == sees


# ---------------------------------------------------------------- O20, O27
def test_O20_O27_runner_with_the_hrl_and_a_functioning_telephone() -> None:
    p = scene()
    ldr = p.unit(0, BERTIN, "H3")
    assert artillery.runner_request_legal(p.game(seed=1), 0) is None
    runner = p.unit(0, "ger-bote", "H3")
    broken = p.game(seed=1)
    broken.state["telephones"][0]["broken"] = True
    assert artillery.runner_request_legal(broken, 0) is None
    g = p.game(seed=1)
    assert artillery.runner_request_legal(g, 0) == runner
    artillery.runner_request(g, 0, "O27")
    g.refresh()
    assert ldr in g.state["activated"] and runner in g.state["activated"]
    pick(g, "space:local")
    assert g.legal_options()[0].id.startswith("spot:")  # the HRL spots from their hex


# ---------------------------------------------------------------- downgrades
@pytest.mark.parametrize(("kind", "total", "left", "marker"), [
    ("trench", 17, "trench", None), ("trench", 18, "foxholes", None),
    ("pillbox", 19, "pillbox", None), ("pillbox", 20, None, "rubble"),
    ("foxholes", 18, None, "shellhole"), ("wire", 18, None, "shellhole")])
def test_F125_3_impact_downgrades_fortifications(kind: str, total: int, left: str | None,
                                                 marker: str | None) -> None:
    g = game()
    b = board(g)
    h = next(b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "open_ground"
             and b.label(x) not in g.state["fortifications"])
    fam.table(g)[h] = kind
    terrain_state.impact_downgrade(g, h, total)
    assert fam.kind_at(g, h) == left and terrain_state.marker(g, h) == marker


def test_T99_5_building_to_rubble_then_shellhole_and_cover_follows() -> None:
    g = game()
    b = board(g)
    h = next(b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "building")
    from tactica.games.commander_family.stats import terrain_cover

    assert terrain_cover(g, h)[0] == 3
    terrain_state.impact_downgrade(g, h, 18)
    assert terrain_state.marker(g, h) == "rubble" and terrain_cover(g, h)[0] == 2
    terrain_state.impact_downgrade(g, h, 18)
    assert terrain_state.marker(g, h) == "shellhole" and terrain_cover(g, h)[0] == 1
    assert not terrain_state.takes_impact(g, h)  # a Shellhole marker takes no further roll


def test_O20_command_confusion_is_an_artillery_request_only_with_the_runner() -> None:
    p = scene()
    p.unit(0, BERTIN, "H3")
    cc = RULES.orders["Command Confusion"]
    assert cc.rule == "O20" and not cc.offered(p.game(seed=1), 0, "x")
    runner = p.unit(0, "ger-bote", "H3")
    g = p.game(seed=1)
    assert cc.offered(g, 0, "x")
    g.state["activated"].append(runner)  # both must be unactivated
    assert not cc.offered(g, 0, "x")


def test_O27_runner_order_offers_the_artillery_request_beside_placing() -> None:
    p = scene()
    ldr = p.unit(0, BERTIN, "H3")
    runner = p.unit(0, "ger-bote", "H3")
    g = p.game(seed=1)
    RULES.orders["Runner"].start(g, 0, "x")
    g.refresh()
    ids = [o.id for o in g.legal_options()]
    assert ids[0] == "artillery"
    g.apply("artillery")
    assert {ldr, runner} <= set(g.state["activated"]) and g.frame_names()[-1] == "artillery_request"


def test_T124_E15_airburst_mortar_into_woods_makes_a_shellhole_before_defense() -> None:
    """Digest E15: a 7-FP 25 cm Minenwerfer into Woods rolls 9: Attack Total 18, not 16; the
    Woods' vulnerability is reached, a Shellhole goes in, and the defender's Cover is 1."""
    from tactica.games.commander_family.board_state import hex_distance, los
    from tactica.games.commander_family.fire import push_fire_attack
    empty = game("frontieres_1914")  # marne_farms
    b = board(empty)
    woods = [b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "woods"]
    seat = 0  # the German 25 cm Minenwerfer
    pair = next((w, b.label(x)) for w in woods for x in b.hexes
                if 3 <= hex_distance(empty, b.label(x), w) <= 6 and los(empty, b.label(x), w).clear
                and RULES.hex_type(b, x).id == "open_ground"
                and b.level(x) == b.level(b.parse(w)))  # no Height Advantage either way
    target, firing = pair
    p = scene("frontieres_1914").turn(seat)
    team = p.unit(seat, "ger-abteilung", firing, weapon="ger-smw")
    foe = p.unit(1, "fr-ligne-1914", target)
    g = p.game(seed=1)
    wid = g.state["units"][team]["weapon"]
    dice(g, seat, (6, 6), (4, 5))  # Targeting 36 hits; the Fire Attack Roll 9
    push_fire_attack(g, seat, [wid], target)
    g.refresh()
    run_out(g, "fire_attack", (*KEEP, "action_window"))
    t = texts(g)
    assert any("Attack Total 18 (7 FP + roll 9 + 2 airburst (T124))" in x for x in t)
    assert terrain_state.marker(g, target) == "shellhole"
    assert any(f"{foe} Defense Total" in x and "shellhole marker +1" in x for x in t)


def test_A32_barrage_bonus_reaches_the_vacant_hexes_impact_total() -> None:
    """A Barrage Action (A32, the Actions' work) adds to ``bonus`` in current_impact's args before
    the roll: 10 FP + 7 + 2 = 19 downgrades Open Ground; 17 without it does not."""
    for bonus, marker in ((0, None), (2, "shellhole")):
        g = scene("frontieres_1914").side(0, telephone="ger-tel-10").turn(0).game(seed=1)
        b = board(g)
        hex_ = next(b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "open_ground")
        dice(g, 0, (3, 4))
        g.push("artillery_request", seat=0, phase="impact", rule="O19", spotter=None, runner=None,
               space="local", sr=hex_, range=0, hindrance=0, hit=True, gas=False, registered=False,
               area=[hex_], done=[], vacant_done=False)
        assert artillery.current_impact(g) is g.top()
        g.top()["bonus"] = bonus
        g.refresh()
        keep(g)
        assert terrain_state.marker(g, hex_) == marker
        assert any(f"Impact Total {17 + bonus} on vacant {hex_}" in t for t in texts(g))


def _vacant_barrage(space: str, seat: int = 0) -> tuple[Game, str]:
    """An Artillery Attack by ``seat``'s Telephone (in ``space``) about to roll for one vacant
    Open Ground hex, the roll 3+4; the seat holds a Barrage card. Returns the game and the card."""
    barrage_card = next(c for c in RULES.components.decks["Germany"]
                        if RULES.card(c).action == "Barrage")
    g = (scene().side(seat, telephone={"type": "ger-tel-10", "space": space})
         .hand(seat, [barrage_card]).game(seed=1))
    b = board(g)
    hex_ = next(b.label(x) for x in b.hexes if RULES.hex_type(b, x).id == "open_ground")
    dice(g, seat, (3, 4))
    g.push("artillery_request", seat=seat, phase="impact", rule="O19", spotter=None, runner=None,
           space=space, sr=hex_, range=0, hindrance=0, hit=True, gas=False, registered=False,
           area=[hex_], done=[], vacant_done=False)
    g.refresh()
    keep(g)
    return g, str(barrage_card)


def test_A32_barrage_plus_two_with_the_telephone_in_the_standing_creeping_box() -> None:
    """A32 (1916 scenario): the German Telephone (10 FP) in Standing/Creeping: the Barrage card
    is offered before the Impact Roll and makes 10 + 7 + 2 = 19; in the Local box it is not."""
    g, c = _vacant_barrage(barrage.LINE)
    d = g.decision()
    assert d.step == "action_window" and d.seat == 0 and f"action:{c}" in [o.id for o in d.options]
    pick(g, f"action:{c}")
    while g.decision() is not None and g.decision().step == "action_window":
        pick(g, "pass")
    assert any(t.startswith("Barrage: +2") for t in texts(g))
    assert any("Impact Total 19 on vacant" in t for t in texts(g))
    g, c = _vacant_barrage(barrage.LOCAL)
    d = g.decision()
    assert d.step != "action_window" or f"action:{c}" not in [o.id for o in d.options]


def test_A49_major_gas_attack_eliminates_an_enemy_unit_the_gas_just_broke() -> None:
    """A49: after the gas broke the Suppressed Poilus, the firing player's window offers Major Gas
    Attack on it (not on the one the gas only Suppressed)."""
    p = scene().turn(0)
    ldr = p.unit(0, BERTIN, spot_from(game(), "H9"))
    sup = p.unit(1, "fr-poilus", "H9", suppressed=True)
    fresh = p.unit(1, "fr-poilus", "H10")
    mga = next(c for c in RULES.components.decks["Germany"]
               if RULES.card(c).action == "Major Gas Attack")
    g = p.hand(0, [mga]).game(seed=1)
    request(g)
    keep(g)
    pick(g, "space:gas", f"spotter:{ldr}")
    dice(g, 0, (6, 6), (1, 4))
    pick(g, "spot:H9")
    d = g.decision()
    assert d.step == "action_window" and d.seat == 0 and "gas_attack" in d.prompt
    pick(g, f"action:{mga}")
    assert [o.id for o in g.legal_options()] == [f"unit:{sup}"]
    pick(g, f"unit:{sup}")
    assert g.state["units"][sup]["where"] == "casualties"
    assert g.state["units"][fresh]["where"] == "map"
    assert any(t == f"Major Gas Attack: {sup} is eliminated" for t in texts(g))
