"""Our designed data (data/*.yaml: cups, enemy sets, maps) against every constraint the book states,
so that tuning it for balance (RULES.md "How hard it is") can never step outside the rules."""

from __future__ import annotations

import pytest

from tactica.games.commandos_europe import data
from tactica.games.commandos_europe.data import MAPS
from tactica.games.commandos_europe.geo import geo


@pytest.mark.parametrize("map_id", MAPS)
def test_2_3_each_map_has_dozens_of_enemy_units_of_every_kind_the_rules_name(map_id: str) -> None:
    # 2.3 "dozens" of enemy units, read as at least two dozen counters a map; 10.6 static units
    # (MA 0), vehicles (circled MA) and, on every map with sea, boats (11.0)
    cup = data.enemy_cup(map_id)
    kinds = data.enemies(map_id).values()
    assert len(cup) >= 24
    assert any(e.ma == 0 for e in kinds)
    assert any(e.vehicle and e.ma > 0 for e in kinds)
    gm = geo(map_id)
    assert any(gm.all_sea(lab) for lab in gm.labels) and any(e.boat and e.ma > 0 for e in kinds)
    assert all(not (e.vehicle and e.boat) and e.attack > 0 for e in kinds)


def test_3_0_every_objective_of_the_table_is_in_exactly_one_cup_of_at_least_six() -> None:
    # 3.0/4.0: each map's own coloured cup, six missions a map drawn from it; the 58 table rows
    # shared out among the four cups (the errata counters 'map area' and 'tide survey' are not
    # in the table, hence in no cup)
    cups = {m: data.mission_cup(m) for m in MAPS}
    assert all(len(c) >= 6 for c in cups.values())
    ids = [k for c in cups.values() for k in c]
    assert sorted(ids) == sorted(data.placement()) and len(ids) == 58


@pytest.mark.parametrize("map_id", MAPS)
def test_6_1_7_0_each_objective_is_placed_on_its_map_on_land_with_a_pp_award_and_buyable_gear(
        map_id: str) -> None:
    # 7.0: the three hexes of the table are hexes of the map a squad can halt in (land or coast,
    # never all-sea); 6.2: a PP award; 6.1: its gear (or NONE) is buyable from the 20 PP a map
    # starts with in the scenarios of one map
    gm = geo(map_id)
    for k, (pp, needs) in data.mission_cup(map_id).items():
        for lab in data.placement()[k][1]:
            assert lab in gm.hex and not gm.all_sea(lab), (k, lab)
        assert pp >= 1, k
        assert all(n in data.gear() for n in needs), k
        assert sum(data.gear()[n].cost for n in needs) <= 20, k


@pytest.mark.parametrize("map_id", MAPS)
def test_3_1_every_map_has_base_sites_away_from_buildings_and_airfields(map_id: str) -> None:
    gm = geo(map_id)
    sites = [lab for col in gm.base_sites.values() for lab in col]
    assert len(sites) > 100
    for lab in sites:
        near = (lab, *gm.nbrs[lab])
        assert not any(gm.has(h, "building") or gm.has(h, "airfield") for h in near), lab
