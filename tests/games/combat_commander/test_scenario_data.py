"""Combat Commander scenario files: the built-in scenarios load and reference only existing
roster ids, maps and zones; malformed files are refused naming the file, the entry and the problem."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from tactica.games.combat_commander import scenario_data as sd
from tactica.games.combat_commander.components import builtin_pack
from tactica.games.combat_commander.maps import builtin_map
from tactica.games.combat_commander.scenario_data import ScenarioError, builtin_scenarios, load_scenario

SCEN_DIR = Path(sd.__file__).parent / "data" / "scenarios"
IDS = ("hill_2_crown", "bridge_at_dawn", "orchard_meeting", "ridge_1941")


def test_builtin_scenarios_present() -> None:
    assert set(IDS) <= set(builtin_scenarios())


def test_matchups_and_maps() -> None:
    scs = builtin_scenarios()
    pairs = Counter(frozenset(s.nation for s in scs[i].sides.values()) for i in IDS)
    assert pairs[frozenset({"Germany", "America"})] == 2
    assert pairs[frozenset({"Germany", "Russia"})] == 2
    assert {scs[i].map for i in IDS} == {"hill_road", "village_crossing", "orchard_farms"}
    postures = {s.posture for i in IDS for s in scs[i].sides.values()}
    assert postures == {"Attack", "Defend", "Recon"}


@pytest.mark.parametrize("ident", IDS)
def test_scenario_references_exist(ident: str) -> None:
    sc = builtin_scenarios()[ident]
    pack = builtin_pack()
    m = builtin_map(sc.map)
    assert sorted(sc.objectives) == ["1", "2", "3", "4", "5"]
    assert sc.time_start < sc.sudden_death <= sc.time_last
    assert sc.description and sc.balance
    for side in sc.sides.values():
        roster = pack.rosters[side.nation]
        assert side.nation in pack.decks
        assert side.hand_size == pack.postures.hand_size[side.posture]
        assert m.setup_zones[side.setup] == side.edge and side.edge in m.friendly_edges
        assert m.zone(side.setup)
        groups = [side.forces, *(r.forces for r in side.reinforcements)]
        for g in groups:
            for u in g.unit_ids():
                assert u in roster.units
            assert all(w in roster.weapons for w in g.weapons)
            assert all(r in roster.radios for r in g.radios)
            assert len(g.weapons) <= len(g.unit_ids())
        for r in side.reinforcements:
            assert sc.time_start < r.time <= sc.time_last


@pytest.mark.parametrize("ident", IDS)
def test_to_engine_shape(ident: str) -> None:
    sc = builtin_scenarios()[ident]
    e = sc.to_engine()
    assert set(e["sides"]) == {"axis", "allies"}
    for seat, side in e["sides"].items():
        n = len(sc.sides[seat].forces.unit_ids())
        assert len(side["units"]) == n
        weapons = [u["weapon"] for u in side["units"] if isinstance(u, dict)]
        assert weapons == list(sc.sides[seat].forces.weapons)
    assert e["objectives"] == dict(sc.objectives)
    assert e["time"] == {"start": sc.time_start, "sudden_death": sc.sudden_death, "last": sc.time_last}


def test_default_order_capability(tmp_path: Path) -> None:
    data = _data("orchard_meeting")
    del data["sides"]["allies"]["orders"]
    assert load_scenario(_write(data, tmp_path)).sides["allies"].orders == sd.DEFAULT_ORDERS["Recon"]


# ---------------------------------------------------------------------------------------------
# Malformed scenarios
# ---------------------------------------------------------------------------------------------


def _data(ident: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((SCEN_DIR / f"{ident}.yaml").read_text(encoding="utf-8"))
    return data


def _write(data: dict[str, Any], folder: Path) -> Path:
    p = folder / "bad_scenario.yaml"
    p.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return p


def _axis(d: dict[str, Any]) -> dict[str, Any]:
    side: dict[str, Any] = d["sides"]["axis"]
    return side


@pytest.mark.parametrize(
    ("change", "entry", "problem"),
    [
        (lambda d: d.update(map="moon_base"), "map", "cannot use map 'moon_base'"),
        (
            lambda d: _axis(d)["forces"]["leaders"].append("Rommel"),
            "sides.axis.forces.leaders: Rommel",
            "no Germany leader",
        ),
        (
            lambda d: _axis(d)["forces"]["units"].update({"us-rifle-squad": 1}),
            "sides.axis.forces.units: us-rifle-squad",
            "no Germany squad or team",
        ),
        (
            lambda d: _axis(d)["forces"]["weapons"].append("ger-tiger"),
            "sides.axis.forces.weapons",
            "unknown Germany weapon",
        ),
        (lambda d: _axis(d).update(setup="south-deep"), "sides.axis.setup", "lies on the south edge"),
        (lambda d: _axis(d).update(setup="village"), "sides.axis.setup", "no set-up zone 'village'"),
        (lambda d: _axis(d).update(edge="west"), "sides.axis.edge", "unknown friendly edge"),
        (lambda d: _axis(d).update(posture="Panic"), "sides.axis.posture", "unknown posture"),
        (lambda d: _axis(d).update(nation="Italy"), "sides.axis.nation", "unknown nation"),
        (lambda d: _axis(d).update(orders=9), "sides.axis.orders", "9 is above the maximum 6"),
        (
            lambda d: _axis(d)["forces"].update(weapons=["ger-lmg"] * 12),
            "sides.axis.forces.weapons",
            "units to carry them",
        ),
        (
            lambda d: _axis(d)["forces"].update(radios=["ger-radio-8", "ger-radio-10"]),
            "sides.axis",
            "Artillery Box holds only one",
        ),
        (
            lambda d: _axis(d)["forces"]["units"].update({"ger-rifle-squad": 20}),
            "sides.axis",
            "countermix holds",
        ),
        (
            lambda d: _axis(d)["reinforcements"].append({"time": 0, "units": {"ger-rifle-team": 1}}),
            "sides.axis.reinforcements[1].time",
            "0 is below the minimum 1",
        ),
        (lambda d: d["time"].update(sudden_death=0), "time.sudden_death", "0 is below the minimum 1"),
        (lambda d: d["objectives"].update({"6": "axis"}), "objectives.6", "numbered 1-5"),
        (lambda d: d["objectives"].pop("3"), "objectives", "Objective(s) 3"),
        (lambda d: d["objectives"].update({"1": "germans"}), "objectives.1", "unknown seat 'germans'"),
        (lambda d: d.update(initiative="nobody"), "initiative", "unknown seat"),
        (lambda d: d.update(secret_chits=40), "secret_chits", "out of range"),
        (lambda d: d.pop("year"), "file", "missing key 'year'"),
        (lambda d: d.update(weather="rain"), "file", "unknown key 'weather'"),
        (lambda d: d["sides"]["allies"].update(posture="Defend"), "sides", "both sides Defend"),
        (lambda d: d["sides"].pop("allies"), "sides", "missing key 'allies'"),
    ],
)
def test_malformed_scenario_rejected(change: Any, entry: str, problem: str, tmp_path: Path) -> None:
    data = _data("hill_2_crown")
    change(data)
    with pytest.raises(ScenarioError) as err:
        load_scenario(_write(data, tmp_path))
    msg = str(err.value)
    assert msg.startswith("bad_scenario.yaml: "), msg
    assert f": {entry}: " in msg and problem in msg, msg


def test_not_yaml_rejected(tmp_path: Path) -> None:
    p = tmp_path / "junk.yaml"
    p.write_text("format: 1\nkind: scenario\nid: [unclosed\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^junk\.yaml: not valid YAML"):
        load_scenario(p)
