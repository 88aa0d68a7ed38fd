"""Great War Commander components other than the decks: Strategy Cards (S98), Initiative Cards (9),
rosters (3, 11, 12), Support Tables, Terrain Chart (T99-T124), Fortifications (F125-F131),
Objective chits (7.3.2); values the book's examples fix."""

from __future__ import annotations

from collections import Counter

import pytest

from tactica.games.great_war_commander._schema import NATIONS, RANK_ABBREVIATIONS, FormationModel, SideModel
from tactica.games.great_war_commander.data import builtin_pack, hex_distance

S98_NAMES = {
    "France": [
        "Aerial Reconnaissance",
        "Air Dominance",
        "Anti-Gas Strategy",
        "Assaults",
        "Field Reports",
        "French 75's",
        "Gabions et Fascines",
        "La Force Noire",
        "Under Shot",
    ],
    "Germany": [
        "Anti-Gas Strategy",
        "Dog Fights",
        "Drachen",
        "Forward Observer",
        "Red Trousers",
        "Sturmabteilung Vor",
        "Sturmtruppen",
        "Under Shot",
        "Walter Rathenau",
    ],
    "America": [
        "Anti-Gas Strategy",
        "Battle Morale",
        "Doughboy Surge",
        "Firepower",
        "Flying Squadrons",
        "Hidden Path",
        "Scout",
        "Under Shot",
        "Woods Fighting",
    ],
}


def formation(nation: str, name: str) -> FormationModel:
    return next(f for f in builtin_pack().rosters[nation].formations if f.name == name)


def test_S98_nine_strategy_cards_per_nation_with_the_books_names() -> None:
    cards = builtin_pack().strategy.cards
    for nation, names in S98_NAMES.items():
        assert [c.name for c in cards if c.nation == nation] == names


def test_S98_1_reminders_periods_and_options() -> None:
    by = {(c.nation, c.name): c for c in builtin_pack().strategy.cards}
    reminders = {k for k, c in by.items() if c.reminder}
    assert reminders == {
        ("France", "Anti-Gas Strategy"),
        ("Germany", "Anti-Gas Strategy"),
        ("America", "Anti-Gas Strategy"),
        ("France", "Gabions et Fascines"),
        ("America", "Firepower"),
        ("America", "Flying Squadrons"),
        ("America", "Woods Fighting"),
    }
    assert by[("France", "Gabions et Fascines")].period == [1915, 1917]
    assert by[("Germany", "Red Trousers")].period == [1914, 1914]
    assert by[("Germany", "Sturmabteilung Vor")].period == [1916, 1918]
    assert by[("Germany", "Sturmtruppen")].period == [1916, 1918]
    options = {k: len(c.options or []) for k, c in by.items() if c.options}
    assert options == {
        ("France", "Aerial Reconnaissance"): 4,
        ("France", "Air Dominance"): 2,
        ("Germany", "Dog Fights"): 2,
        ("Germany", "Drachen"): 4,
        ("Germany", "Sturmtruppen"): 2,
        ("Germany", "Walter Rathenau"): 2,
    }
    assert by[("America", "Flying Squadrons")].id == "USS5"  # the id printed on the sample card (1.S)
    assert by[("France", "La Force Noire")].same_as == "Ambush"


def test_S98_4_9_walter_rathenau_reading_two_options() -> None:
    card = next(c for c in builtin_pack().strategy.cards if c.name == "Walter Rathenau")
    assert card.options is not None and len(card.options) == 2
    assert "Telephone" in card.options[0] and "Reminder" in card.options[1]


def test_9_two_initiative_cards() -> None:
    pairs = sorted(tuple(sorted(c.nations)) for c in builtin_pack().initiative.cards)
    assert pairs == [("America", "Germany"), ("France", "Germany")]


@pytest.mark.parametrize("nation", NATIONS)
def test_3_3_1_3_every_roster_has_ranked_leaders_a_runner_a_hero_and_engineers(nation: str) -> None:
    forms = builtin_pack().rosters[nation].formations
    ranks = Counter(f.rank for f in forms if f.type == "leader")
    assert ranks["Captain"] >= 1 and ranks["Lieutenant"] >= 3 and ranks["Hero"] == 1
    assert any(f.type == "runner" and f.always_in_cohesion for f in forms)  # 3.3.2
    assert any(f.engineer for f in forms)  # 3.1.9
    assert any(f.type == "tank" and f.tank_leader for f in forms)  # 3.1.6
    assert set(RANK_ABBREVIATIONS[nation]) == {"Captain", "Lieutenant", "Hero"}


def test_3_3_2_stosstruppen_are_always_in_cohesion() -> None:
    assert formation("Germany", "Stosstruppen").always_in_cohesion


def test_3_1_7_the_1914_counters_carry_the_stripe() -> None:
    for nation in ("Germany", "France"):
        striped = [f for f in builtin_pack().rosters[nation].formations if f.stripe]
        assert striped and all(f.period == [1914, 1914] for f in striped)


def _side(f: FormationModel, broken: bool = False) -> SideModel:
    s = f.broken if broken else f.unbroken
    assert isinstance(s, SideModel)
    return s


def test_O21_fire_example_values() -> None:
    landwehr = formation("Germany", "Landwehr")
    assert _side(landwehr).fp == 5  # C: 7 FP = 5 + Bertin's 2
    assert _side(landwehr, broken=True).range + _side(formation("Germany", "Müller")).command == 3  # B
    assert _side(formation("Germany", "Bertin")).command == 2
    us = formation("America", "Infantry")
    assert (_side(us).morale, _side(us, broken=True).morale) == (7, 8)  # D and H, as printed
    mg08 = next(w for w in builtin_pack().rosters["Germany"].weapons if w.name == "MG 08")
    assert mg08.fp + _side(formation("Germany", "Müller")).command == 10  # Op Fire example B


def test_11_weapon_values_of_the_sample_counters() -> None:
    fr = {w.name: w for w in builtin_pack().rosters["France"].weapons}
    h, c = fr["Hotchkiss"], fr["Crapouillot"]
    assert (h.fp, h.range, h.movement, h.fix, h.elim) == (7, 12, -2, [1, 5], [10, 11])
    assert (c.fp, c.min_range, c.range, c.movement, c.fix, c.elim, c.ordnance) == (
        6,
        2,
        14,
        -2,
        [1, 4],
        [10, 11],
        True,
    )
    mw = next(w for w in builtin_pack().rosters["Germany"].weapons if w.name == "25 cm Minenwerfer")
    assert mw.fp == 7 and mw.ordnance  # T124 Airburst example
    eng = _side(formation("Germany", "Pioniere"))
    assert (eng.morale, eng.fp, eng.range, eng.movement) == (9, 4, 5, 5)


def test_3_3_1_2_hrl_example_command_radii() -> None:
    """Barnier (K6) reaches De Grasse (I7), who reaches Durant (G6), who reaches Verdier (G5);
    Violette (I4) is outside every activated Leader's radius."""
    board = builtin_pack().maps["marne_farms"]
    cmd = {n: _side(formation("France", n)).command for n in ("Barnier", "De Grasse", "Durant", "Verdier")}
    at = {"Barnier": "K6", "De Grasse": "I7", "Durant": "G6", "Verdier": "G5"}
    chain = [("Barnier", "De Grasse"), ("De Grasse", "Durant"), ("Durant", "Verdier")]
    assert all(hex_distance(board, at[a], at[b]) <= (cmd[a] or 0) for a, b in chain)
    assert all(hex_distance(board, at[a], "I4") > (cmd[a] or 0) for a in at)
    assert formation("France", "Barnier").rank == "Captain"


def test_O21_fire_example_german_chain_radii() -> None:
    board = builtin_pack().maps["marne_farms"]
    cmd = {n: _side(formation("Germany", n)).command or 0 for n in ("Bertin", "Müller", "Ebel")}
    assert hex_distance(board, "H2", "H4") <= cmd["Bertin"]  # Bertin activates Mueller
    assert max(hex_distance(board, "H4", h) for h in ("H2", "H3", "I5", "J5")) <= cmd["Müller"]
    assert hex_distance(board, "J5", "K5") <= cmd["Ebel"]


def test_T99_terrain_chart_values_and_precedence_reading() -> None:
    chart = builtin_pack().terrain
    t = {e.id: e for e in chart.terrain}
    assert sorted({e.rule for e in chart.terrain}) == [f"T{n}" for n in range(100, 125)]
    assert (t["brush"].cover, t["building"].cover, t["woods"].cover, t["stream"].cover) == (1, 3, 2, -1)
    assert t["orchard"].hindrance == 2 and t["brush"].hindrance == 3
    assert t["building"].vulnerability is not None and t["building"].vulnerability.becomes == "rubble"
    assert t["woods"].vulnerability is not None and t["woods"].vulnerability.threshold == 18
    p = chart.precedence
    assert p.index("building") < p.index("woods") and p.index("bridge") < p.index("stream")  # T99.1
    assert p[-1] == "open_ground"


def test_F125_fortification_values() -> None:
    f = {x.id: x for x in builtin_pack().fortifications.fortifications}
    assert {k: v.cover for k, v in f.items()} == {
        "blockhaus": 6,
        "foxholes": 3,
        "mines": 0,
        "pillbox": 5,
        "trench": 4,
        "wire": None,
    }
    assert f["mines"].attack_fp == [6, 9]
    assert f["pillbox"].vulnerability.threshold == 20 and f["trench"].vulnerability.becomes == "foxholes"


def test_7_3_2_twenty_chits_with_the_known_ones() -> None:
    chits = {c.id: c for c in builtin_pack().objectives.chits}
    assert len(chits) == 20
    assert sum(c.vp or 0 for k, c in chits.items() if k in "CGK" and c.objective == 3) == 6
    assert not chits["Y"].secret_side and not chits["Z"].secret_side


def test_E69_veteran_reading_and_13_2_suppressed() -> None:
    m = {x.id: x for x in builtin_pack().markers.markers}
    vet, sup = m["veteran"], m["suppressed"]
    assert (vet.fp, vet.range, vet.movement, vet.morale) == (1, 1, 1, 1) and vet.reading
    assert (sup.fp, sup.range, sup.movement, sup.morale, sup.weapons_fire) == (-1, -1, -1, -1, False)
    assert (m["wire"].fp, m["wire"].range, m["wire"].morale, m["wire"].movement) == (-1, -1, -1, 0)
