"""Every Great War Commander data file loads through its schema and the pack's cross-checks; bad
files are refused with the file, the entry and the problem, and nothing half-loads."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

import tactica.games
from tactica.games.great_war_commander.data import GwcDataError, builtin_pack, data_dir, load_pack

DATA = Path(str(data_dir()))


def test_the_builtin_pack_loads_every_file() -> None:
    p = builtin_pack()
    assert sorted(p.decks) == sorted(p.rosters) == sorted(p.support) == ["America", "France", "Germany"]
    assert sorted(p.maps) == ["belleau_wood", "marne_farms", "trench_line"]
    assert len(p.scenarios) >= 4
    for board in p.maps.values():
        assert (board.layout.cols, board.layout.rows) == (15, 11) and len(board) == 165
        assert {"A6", "O6", "H1", "H11"} <= set(board.labels)  # the FAO hexes (2.4)


def test_the_module_is_registered_as_playable() -> None:
    assert "great_war_commander" in tactica.games.all_ids()


def test_scenarios_cover_the_wars_dates() -> None:
    p = builtin_pack()
    sc = p.scenarios
    years = sorted(int(s.date[:4]) for s in sc.values())
    assert years[0] == 1914 and years[-1] == 1918
    striped = {f.id for r in p.rosters.values() for f in r.formations if f.stripe}
    first = sc["frontieres_1914"]
    for side in (first.sides.germany, first.sides.entente):
        platoons = [fid for fid in side.forces.formations if fid.endswith("1914")]
        assert platoons and set(platoons) <= striped  # 3.1.7: the national stripe
    tanks = {f.id for r in p.rosters.values() for f in r.formations if f.type == "tank"}
    assert any(set(s.sides.entente.forces.formations) & tanks for s in sc.values())
    gas = [s for s in sc.values() if s.gas]
    assert gas and all(s.date >= "1915-06" and s.sides.germany.forces.telephones for s in gas)
    assert any(s.sides.entente.nation == "America" for s in sc.values())
    assert any(s.three_player is not None for s in sc.values())


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    shutil.copytree(DATA, tmp_path / "data")
    return tmp_path / "data"


def _edit(folder: Path, rel: str, change: Callable[[Any], None]) -> None:
    path = folder / rel
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _non_fire(d: Any) -> Any:
    return next(c for c in d["cards"] if c["order"] != "Fire")


def _sc_germany(d: Any) -> Any:
    return d["sides"]["germany"]


CASES: list[tuple[str, Callable[[Any], None], str]] = [
    (
        "decks/germany.yaml",
        lambda d: d["cards"][3].update(order="Charge"),
        "germany.yaml: card G-4: order: unknown order 'Charge'",
    ),
    (
        "decks/germany.yaml",
        lambda d: d["cards"][3].update(roll=[6, 6]),
        "germany.yaml: dice: 'each_pair_twice'",
    ),
    ("decks/germany.yaml", lambda d: d["cards"][3].update(hex="P3"), "germany.yaml: card G-4: hex:"),
    (
        "decks/france.yaml",
        lambda d: _non_fire(d).update(action="Unternehmungslustig"),
        "belongs to Germany decks",
    ),
    (
        "decks/france.yaml",
        lambda d: d.update(triggers={**d["triggers"], "Time!": 7}),
        "triggers: the header promises 7 Time!",
    ),
    ("decks/america.yaml", lambda d: d["cards"].pop(), "a Fate deck holds 72 cards (1.F), this one 71"),
    ("strategy_cards.yaml", lambda d: d["cards"].pop(), "each nation has 9 Strategy Cards"),
    (
        "strategy_cards.yaml",
        lambda d: d["cards"][0].update(reminder="yes"),
        "card FRS1: reminder: expected true or false",
    ),
    (
        "rosters/france.yaml",
        lambda d: d["formations"][7]["broken"].update(command=1),
        "formation fr-ldr-barnier: broken: a broken Leader's Command is 0",
    ),
    (
        "rosters/france.yaml",
        lambda d: d["formations"][7].pop("rank"),
        "formation fr-ldr-barnier: a Leader has a rank",
    ),
    (
        "rosters/germany.yaml",
        lambda d: d["weapons"][4].update(team_only=False),
        "weapon ger-flammenwerfer: only Teams carry Flamethrowers",
    ),
    (
        "rosters/germany.yaml",
        lambda d: d["telephones"][0].update(fp=11),
        "telephone ger-tel-8: fp: 11 is above the maximum 10",
    ),
    (
        "support/america.yaml",
        lambda d: d["rows"][0]["items"].append({"formation": "us-tank"}),
        "america.yaml: row 2-3: no America formation 'us-tank'",
    ),
    (
        "terrain.yaml",
        lambda d: d.update(precedence=list(reversed(d["precedence"]))),
        "precedence: a Building governs",
    ),
    (
        "scenarios/frontieres_1914.yaml",
        lambda d: d.update(map="moon"),
        "frontieres_1914.yaml: map: no map 'moon'",
    ),
    (
        "scenarios/frontieres_1914.yaml",
        lambda d: _sc_germany(d)["forces"]["leaders"].append("Rommel"),
        "sides.germany.forces.leaders: Rommel: no Germany Leader",
    ),
    (
        "scenarios/frontieres_1914.yaml",
        lambda d: _sc_germany(d)["forces"]["formations"].update({"ger-stosstruppen": 1}),
        "Stosstruppen is used 1916-1918, not in 1914",
    ),
    (
        "scenarios/frontieres_1914.yaml",
        lambda d: _sc_germany(d)["forces"].update(telephones=["ger-tel-8", "ger-tel-9"]),
        "2 Telephones: a player has only one",
    ),
    (
        "scenarios/frontieres_1914.yaml",
        lambda d: _sc_germany(d)["forces"]["weapons"].extend(["ger-mg08"] * 9),
        "weapons but 7 Platoons and Teams",
    ),
    (
        "scenarios/frontieres_1914.yaml",
        lambda d: _sc_germany(d).update(setup="south-3"),
        "zone 'south-3' does not reach the north edge",
    ),
    (
        "scenarios/frontieres_1914.yaml",
        lambda d: d.update(gas=["F5"]),
        "no side could attack with gas in 1914-08",
    ),
    (
        "scenarios/verdun_gas_1916.yaml",
        lambda d: d["fortifications"].append({"hex": "A3", "type": "pillbox"}),
        "A3 already holds a Fortification",
    ),
    (
        "scenarios/belleau_wood_1918.yaml",
        lambda d: d["three_player"].update(nation="America"),
        "three_player.nation",
    ),
]


@pytest.mark.parametrize(("rel", "change", "message"), CASES, ids=[c[2][:40] for c in CASES])
def test_bad_data_is_refused_with_file_entry_and_problem(
    pack_dir: Path, rel: str, change: Callable[[Any], None], message: str
) -> None:
    _edit(pack_dir, rel, change)
    with pytest.raises(GwcDataError) as err:
        load_pack(pack_dir)
    assert message in str(err.value)
    assert str(err.value).startswith(Path(rel).name + ": ")


def test_yaml_11_booleans_and_duplicate_keys_are_refused_with_the_line(pack_dir: Path) -> None:
    f = pack_dir / "initiative_cards.yaml"
    f.write_text(
        f.read_text(encoding="utf-8").replace("kind: initiative_cards", "kind: initiative_cards\nkind: x")
    )
    with pytest.raises(
        GwcDataError, match=r"^initiative_cards\.yaml: not valid YAML: line \d+, column 1: duplicate key"
    ):
        load_pack(pack_dir)


def test_a_failed_load_leaves_the_builtin_pack_alone(pack_dir: Path) -> None:
    _edit(pack_dir, "decks/germany.yaml", lambda d: d["cards"][0].update(order="Charge"))
    with pytest.raises(GwcDataError):
        load_pack(pack_dir)
    assert builtin_pack().decks["Germany"].cards[0].order != "Charge"


def test_intro_three_player_reading_french_contingent_beside_the_americans() -> None:
    sc = builtin_pack().scenarios["belleau_wood_1918"]
    tp = sc.three_player
    assert tp is not None and tp.nation == "France" and sc.sides.entente.nation == "America"
    assert tp.edge == sc.sides.entente.edge and tp.forces.formations
    assert "France" in builtin_pack().decks and any(
        c.nations == ["France", "Germany"] or sorted(c.nations) == ["France", "Germany"]
        for c in builtin_pack().initiative.cards
    )


def test_rules_md_names_every_section_and_only_existing_tests() -> None:
    import re

    from tactica.games.great_war_commander._schema import ACTIONS, EVENTS, ORDERS

    text = (DATA.parent / "RULES.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip() for line in text.splitlines() if line.startswith("| ")}
    wanted = {str(n) for n in range(1, 14)} | {f"O{n}" for n in range(14, 28)} | {"A28", "E56", "S98"}
    wanted |= set(ORDERS.values()) | set(ACTIONS.values()) | set(EVENTS.values())
    wanted |= {f"T{n}" for n in range(99, 125)} | {f"F{n}" for n in range(125, 132)}
    wanted |= {f"S98.{n}.{k}" for n in (3, 4, 5) for k in range(1, 10)}
    assert wanted <= rows, sorted(wanted - rows)
    here = Path(__file__).parent
    for module, test in set(re.findall(r"(test_\w+)::(test_\w+)", text)):
        assert f"def {test}(" in (here / f"{module}.py").read_text(encoding="utf-8"), (module, test)


def test_2_4_fao_hex_on_each_friendly_edge() -> None:
    from tactica.games.great_war_commander.data import fao_hex

    board = builtin_pack().maps["trench_line"]
    got = {e: fao_hex(board, e) for e in ("north", "south", "west", "east")}
    assert got == {"north": "H1", "south": "H11", "west": "A6", "east": "O6"}
    assert all(board.parse(h) in board.edges[e] for e, h in got.items())


def test_errors_in_a_file_name_its_line(pack_dir: Path) -> None:
    f = pack_dir / "decks" / "germany.yaml"
    text = f.read_text(encoding="utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("  - {id: G-4,"))
    f.write_text(text.replace("{id: G-4, order: ", "{id: G-4, order: Charge, was: "), encoding="utf-8")
    with pytest.raises(GwcDataError, match=rf"^germany\.yaml: card G-4: .* \(line {line}\)$"):
        load_pack(pack_dir)
