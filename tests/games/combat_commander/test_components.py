"""Combat Commander components: the built-in decks, rosters, chits and postures meet every
constraint the rulebook states, every number its worked examples reveal holds, and malformed
files are refused with a message naming the file, the entry and the problem."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from tactica.games.combat_commander import components as cc
from tactica.games.combat_commander.components import ComponentError

NATIONS = ("Germany", "America", "Russia")
BELL = {s: 2 * (6 - abs(s - 7)) for s in range(2, 13)}  # the 36-pair 2d6 distribution, twice


def deck(nation: str) -> cc.Deck:
    return cc.builtin_deck(nation)


def roster(nation: str) -> cc.Roster:
    return cc.builtin_roster(nation)


def unit(nation: str, ident: str) -> cc.UnitType:
    return roster(nation).units[ident]


def leader(nation: str, name: str) -> cc.UnitType:
    (found,) = [u for u in roster(nation).units.values() if u.type == "leader" and u.name == name]
    return found


def cards_with(nation: str, white: int, colored: int) -> list[cc.FateCard]:
    return [c for c in deck(nation).cards.values() if (c.white, c.colored) == (white, colored)]


# ------------------------------------------------------------------------------------------
# Fate decks
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("nation", NATIONS)
def test_deck_has_72_cards_with_unique_ids(nation: str) -> None:
    d = deck(nation)
    assert d.nation == nation
    assert len(d.cards) == 72
    assert all(c.id == k and c.nation == nation for k, c in d.cards.items())


def test_card_ids_unique_across_decks() -> None:
    ids = [i for n in NATIONS for i in deck(n).cards]
    assert len(ids) == len(set(ids)) == 216


@pytest.mark.parametrize("nation", NATIONS)
def test_dice_are_the_2d6_distribution_twice(nation: str) -> None:
    cards = deck(nation).cards.values()
    assert Counter((c.white, c.colored) for c in cards) == {
        (w, k): 2 for w in range(1, 7) for k in range(1, 7)
    }
    assert Counter(c.total for c in cards) == BELL
    assert Counter(c.product for c in cards) == Counter(2 * [w * k for w in range(1, 7) for k in range(1, 7)])
    assert sum(c.doubles for c in cards) == 12


@pytest.mark.parametrize("nation", NATIONS)
def test_trigger_constraints(nation: str) -> None:
    cards = list(deck(nation).cards.values())
    triggers = Counter(c.trigger for c in cards if c.trigger)
    assert set(triggers) == set(cc.TRIGGERS)  # all four kinds present (1.9.1)
    assert triggers["Time!"] == 6  # design: same game-clock pace for every nation
    for w in range(1, 7):
        for k in range(1, 7):
            pair = cards_with(nation, w, k)
            assert sum(c.trigger is not None for c in pair) <= 1, f"{w}-{k} triggered twice"
    # A41 box: Sustained Fire + Jammed! + doubles can happen
    assert any(c.doubles and c.trigger == "Jammed!" for c in cards)
    # 1.9.1 example: a sum-7 roll carrying Event!
    assert any(c.total == 7 and c.trigger == "Event!" for c in cards)


def test_fire_example_e_german_1_6_event() -> None:
    assert "Event!" in {c.trigger for c in cards_with("Germany", 1, 6)}


@pytest.mark.parametrize(
    ("nation", "white", "colored"),
    [
        ("Germany", 4, 1),  # Fire ex. C attack roll
        ("Germany", 6, 1),  # Fire ex. H targeting roll
        ("Germany", 6, 2),  # Op-Fire ex. E defence, "no die triggers"
        ("Germany", 1, 5),  # Op-Fire ex. E defence
        ("Germany", 6, 3),  # Op-Fire ex. G defence
        ("America", 6, 4),  # Fire ex. D defence
        ("America", 1, 2),  # Fire ex. G defence
        ("America", 6, 5),  # Op-Fire ex. E attack
        ("America", 1, 3),  # Op-Fire ex. G attack
    ],
)
def test_worked_example_rolls_exist_untriggered(nation: str, white: int, colored: int) -> None:
    assert any(c.trigger is None for c in cards_with(nation, white, colored))


@pytest.mark.parametrize("nation", NATIONS)
def test_every_field_valid_and_events_covered(nation: str) -> None:
    d = deck(nation)
    for c in d.cards.values():
        assert c.order in cc.ORDERS and c.action in cc.ACTIONS and c.event in cc.EVENTS
        assert (c.order == "Fire") == (c.action == "Fire")
        assert not c.order == c.action == "Command Confusion"
        assert c.hex[0] in "ABCDEFGHIJKLMNO" and 1 <= c.hex_number <= 10
        assert (c.wind is not None) == (c.event == "Breeze")
        assert (c.marksmanship == nation) if c.action == "Marksmanship" else c.marksmanship is None
    events = Counter(c.event for c in d.cards.values())
    assert sorted(cc.EVENTS.values(), key=lambda r: int(r[1:])) == [f"E{n}" for n in range(43, 78)]
    assert set(events) == set(cc.EVENTS)  # every event E43-E77 is in every deck
    numbers = Counter(c.hex_number for c in d.cards.values())
    assert set(numbers) == set(range(1, 11)) and min(numbers.values()) >= 7


@pytest.mark.parametrize("nation", NATIONS)
def test_orders_and_actions_are_playable(nation: str) -> None:
    cards = deck(nation).cards.values()
    orders = Counter(c.order for c in cards)
    actions = Counter(c.action for c in cards)
    assert set(orders) == set(cc.ORDERS)
    assert orders["Fire"] >= 10 and orders["Move"] >= 10 and orders["Advance"] >= 6
    assert orders["Recover"] >= 8 and orders["Rout"] >= 4
    assert orders["Artillery Request"] >= 4 and orders["Artillery Denied"] >= 2
    assert actions["Fire"] == orders["Fire"]  # Op Fire (A33) on every Fire card
    assert set(actions) - {"No Quarter"} == set(cc.ACTIONS) - {"No Quarter"}


def test_nation_characters() -> None:
    orders = {n: Counter(c.order for c in deck(n).cards.values()) for n in NATIONS}
    actions = {n: Counter(c.action for c in deck(n).cards.values()) for n in NATIONS}
    assert max(NATIONS, key=lambda n: orders[n]["Fire"]) == "Germany"
    assert max(NATIONS, key=lambda n: orders[n]["Artillery Request"]) == "America"
    for kind in ("Move", "Advance", "Recover", "Command Confusion"):
        assert max(NATIONS, key=lambda n: orders[n][kind]) == "Russia"
    assert actions["America"]["No Quarter"] == 0  # A38: never playable by an American player


def test_rulebook_sample_card_is_r1() -> None:
    c = deck("Russia").cards["R-1"]
    assert (c.order, c.action, c.event, c.hex, c.trigger) == (
        "Recover",
        "Assault Fire",
        "Shellholes",
        "A2",
        "Jammed!",
    )


def test_structures_are_frozen() -> None:
    c = deck("Germany").cards["G-1"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.order = "Move"  # type: ignore[misc]
    with pytest.raises(TypeError):
        deck("Germany").cards["G-1"] = c  # type: ignore[index]


# ------------------------------------------------------------------------------------------
# Rosters: every number the worked examples reveal
# ------------------------------------------------------------------------------------------


def test_german_rifle_squad_examples() -> None:
    sq = unit("Germany", "ger-rifle-squad")
    assert (sq.unbroken.fp, sq.unbroken.morale, sq.unbroken.movement) == (5, 7, 4)  # T93, Op-Fire A
    grein, bolter = leader("Germany", "Grein"), leader("Germany", "Biermann")
    assert grein.unbroken.command == 2  # activates J6, two hexes from K8 (Fire ex. A)
    assert sq.broken.range + (grein.unbroken.command or 0) == 3  # Fire ex. B
    assert grein.unbroken.range < 3  # cannot reach M6 (Fire ex. C)
    assert bolter.unbroken.command == 1 and bolter.unbroken.morale == 8  # Biermann, Op-Fire E
    assert sq.unbroken.morale + 1 == 8 and sq.unbroken.movement + 1 == 5  # Op-Fire E, F


def test_fire_example_totals() -> None:
    sq = unit("Germany", "ger-rifle-squad")
    bolter = leader("Germany", "Bolter").unbroken.command or 0
    assert bolter == 1
    group = sq.unbroken.fp + bolter + 4 + 1  # base +1 Bolter, +4 other pieces, +1 downhill
    assert group == 11 and group + 4 + 1 == 16  # Fire ex. C, roll 4-1
    us = unit("America", "us-rifle-squad")
    assert (us.unbroken.fp, us.unbroken.morale, us.broken.morale) == (6, 6, 8)
    assert us.unbroken.morale - 1 + 6 + 4 == 15 < 16  # Fire ex. D
    hmg = roster("Germany").weapons["ger-hmg"]
    assert hmg.fp == 8 and hmg.fp + bolter + 2 + 2 + 1 + 6 == 20  # Fire ex. E
    assert us.broken.morale - 1 - 1 + 1 + 2 == 9 < 20  # Fire ex. G
    assert us.unbroken.fp - 1 - 4 == 1 and 1 + 6 + 5 == 12  # Op-Fire ex. E
    assert us.unbroken.fp + 4 - 1 == 9 and 9 + 1 + 3 == 13  # Op-Fire ex. G
    assert sq.unbroken.morale + 2 + 6 + 3 == 18  # Op-Fire ex. G defence, Woods
    team = unit("Germany", "ger-rifle-team")
    assert team.unbroken.fp == 2 and team.unbroken.fp - 3 < 1  # Fire ex. J
    assert team.unbroken.morale == 7  # T78.3


def test_mortar_examples() -> None:
    mortar = roster("Germany").weapons["ger-mortar"]
    assert mortar.kind == "mortar" and mortar.ordnance and mortar.fp == 6  # T99: 6 + 7 + 2 = 15
    assert mortar.min_range <= 3 <= mortar.range  # Fire ex. H fires at range 3
    ru = roster("Russia").weapons["ru-light-mortar"]
    assert (ru.min_range, ru.range) == (2, 14)  # O20.2.2


@pytest.mark.parametrize("nation", NATIONS)
def test_roster_rules(nation: str) -> None:
    r = roster(nation)
    assert r.nation == nation
    for u in r.units.values():
        assert u.figures == {"leader": 1, "team": 2, "squad": 4}[u.type]
        if u.type == "leader":
            assert u.broken.command == 0 and u.quality is None
        else:
            assert u.unbroken.command is None and u.quality in cc.QUALITIES
    assert [u.special for u in r.units.values() if u.special] in (["private", "hero"], ["hero", "private"])
    private = next(u for u in r.units.values() if u.special == "private")
    assert (private.unbroken.morale, private.unbroken.command) == (6, 2)  # E56
    hero = next(u for u in r.units.values() if u.special == "hero")
    assert hero.elimination_vp == 0  # 7.1
    assert {r.team_for(q).quality for q in cc.QUALITIES} == set(cc.QUALITIES)
    squads = [u for u in r.units.values() if u.type == "squad"]
    assert {u.quality for u in squads} == set(cc.QUALITIES)
    assert squads[0].elimination_vp == 2 and r.team_for("Line").elimination_vp == 1
    kinds = {w.kind for w in r.weapons.values()}
    assert {"machine_gun", "mortar", "flamethrower"} <= kinds
    assert {w.size for w in r.weapons.values() if w.kind == "machine_gun"} == {"light", "medium", "heavy"}
    numbers = range(1, 11)  # the decks' Random Hex numbers
    for w in r.weapons.values():
        assert w.fix[0] in numbers and w.elim[1] in numbers and w.movement <= 0
    assert r.radios and all(8 <= x.fp <= 13 for x in r.radios.values())


# ------------------------------------------------------------------------------------------
# Objective chits and postures
# ------------------------------------------------------------------------------------------


def test_objective_chits() -> None:
    chits = cc.builtin_objectives()
    assert len(chits) == 22
    assert [(chits[k].objective, chits[k].vp) for k in "CGK"] == [(3, 1), (3, 2), (3, 3)]
    assert sum(c.vp or 0 for c in chits.values() if c.objective == 3) == 6  # 7.3.2 example
    open_only = {c.condition for c in chits.values() if not c.secret_side}
    assert open_only == {"control_all_wins", "exit_vp_doubled", "elim_vp_doubled"}
    assert any(c.condition == "all_objectives_vp" for c in chits.values())


def test_postures() -> None:
    p = cc.builtin_postures()
    assert dict(p.hand_size) == {"Attack": 6, "Recon": 5, "Defend": 4}  # 1.1
    assert set(p.discard_limit) == set(NATIONS)
    assert "Bore Sighting" in p.defender_only_actions and p.defender_vp_per_time_advance == 1


# ------------------------------------------------------------------------------------------
# Own files and malformed files
# ------------------------------------------------------------------------------------------

DATA = Path(cc.__file__).parent / "data"


def raw(rel: str) -> Any:
    return yaml.safe_load((DATA / rel).read_text(encoding="utf-8"))


def write(path: Path, data: Any) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_load_own_pack_from_a_folder(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    data = raw("decks/germany.yaml")
    data["cards"][0]["event"] = "Hero"
    write(tmp_path / "decks" / "my_germans.yaml", data)
    (tmp_path / "rosters").mkdir()
    (tmp_path / "rosters" / "russia.json").write_text(json.dumps(raw("rosters/russia.yaml")), "utf-8")
    pack = cc.load_pack(tmp_path)
    assert pack.decks["Germany"].cards["G-1"].event == "Hero"
    assert pack.decks["America"] is cc.builtin_deck("America")  # fallback to built-ins
    assert pack.rosters["Russia"].weapons["ru-light-mortar"].range == 14
    with pytest.raises(ComponentError, match=r"needs objectives\.yaml"):
        cc.load_pack(tmp_path, fallback=False)


def _mutate(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    target: Any = data
    for step in path[:-1]:
        target = target[step]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DELETE = object()

DECK_CASES = [
    (("cards", 3, "order"), "Fyre", r"card G-4: order: unknown order 'Fyre'"),
    (("cards", 3, "trigger"), "Boom!", r"card G-4: trigger: unknown trigger"),
    (("cards", 3, "hex"), "P3", r"card G-4: hex: 'P3' is not a hex A-O 1-10"),
    (("cards", 3, "hex"), "C11", r"card G-4: hex: 'C11'"),
    (("cards", 3, "roll"), [7, 1], r"card G-4: roll\[0\]: 7 is above the maximum 6"),
    (("cards", 3, "event"), _DELETE, r"card G-4: missing key 'event'"),
    (("cards", 3, "colour"), "grey", r"card G-4: unknown key 'colour'"),
    (("cards", 3, "id"), "G-5", r"cards G-5: duplicate id"),
    (("cards", 71), _DELETE, r"a Fate deck holds 72 cards \(rule 1\), this one 71"),
    (("format",), 2, r"format: expected 1, got 2"),
    (("kind",), "roster", r"kind: expected 'fate_deck', got 'roster'"),
    (
        ("random_hex", "letters"),
        "O-A",
        r"random_hex.letters: expected a letter range such as 'A-O', got 'O-A'",
    ),
]


@pytest.mark.parametrize(("path", "value", "message"), DECK_CASES)
def test_malformed_deck_rejected(tmp_path: Path, path: tuple[Any, ...], value: Any, message: str) -> None:
    data = copy.deepcopy(raw("decks/germany.yaml"))
    _mutate(data, path, value)
    f = write(tmp_path / "bad_deck.yaml", data)
    with pytest.raises(ComponentError, match=r"^bad_deck\.yaml: .*" + message):
        cc.load_deck(f)


def test_deck_semantic_errors(tmp_path: Path) -> None:
    base = raw("decks/germany.yaml")
    fire = next(i for i, c in enumerate(base["cards"]) if c["order"] == "Fire")
    other = next(i for i, c in enumerate(base["cards"]) if c["order"] == "Move")
    cases: list[tuple[int, dict[str, Any], tuple[str, ...], str]] = [
        (fire, {"action": "Ambush"}, (), "Order Fire and Action Fire go together"),
        (other, {"action": "Fire"}, ("marksmanship",), "Order Fire and Action Fire go together"),
        (other, {"event": "Breeze"}, ("wind",), "needs its downwind direction"),
        (other, {"event": "Hero", "wind": 3}, (), "'wind' is only for a Breeze event"),
        (other, {"roll": [6, 6]}, (), "'each_pair_twice' but the roll"),
    ]
    for i, change, drop, message in cases:
        data = copy.deepcopy(base)
        data["cards"][i].update(change)
        for key in drop:
            data["cards"][i].pop(key, None)
        f = write(tmp_path / "deck.yaml", data)
        with pytest.raises(ComponentError, match=message) as info:
            cc.load_deck(f)
        assert str(info.value).startswith(f"deck.yaml: card G-{i + 1}") or "dice" in str(info.value)


def test_not_yaml_and_duplicate_keys(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("cards: [unclosed\n", encoding="utf-8")
    with pytest.raises(ComponentError, match=r"^broken\.yaml: not valid YAML"):
        cc.load_deck(bad)
    dup = tmp_path / "dup.yaml"
    dup.write_text("format: 1\nformat: 1\n", encoding="utf-8")
    with pytest.raises(ComponentError, match=r"^dup\.yaml: not valid YAML: .*duplicate key"):
        cc.load_deck(dup)
    with pytest.raises(ComponentError, match=r"^missing\.yaml: cannot read file"):
        cc.load_deck(tmp_path / "missing.yaml")


ROSTER_CASES = [
    (("units", 0, "figures"), 3, r"unit ger-elite-squad: figures: a squad has 4 figure\(s\)"),
    (("units", 7, "broken", "command"), 1, r"unit ger-ldr-bolter: broken: a broken Leader's Command is 0"),
    (("units", 0, "unbroken", "boxed"), ["morale"], r"unknown boxed stat 'morale'"),
    (("units", 0, "quality"), "Veteran", r"unknown quality 'Veteran'"),
    (("units", 16, "unbroken", "command"), 3, r"unit ger-private: .*Morale 6 and Command 2 \(E56\)"),
    (("units", 5, "quality"), "Line", r"unit ger-green-team: only one Line Team"),
    (("units", 3, "quality"), "Line", r"unit ger-elite-squad: Elite Squads need a Elite-quality Team"),
    (("weapons", 4, "ordnance"), False, r"weapon ger-mortar: a Mortar is Ordnance"),
    (
        ("weapons", 0, "broken", "elim"),
        [4, 10],
        r"weapon ger-lmg: broken: Fix \(1, 4\) and Elim \(4, 10\) overlap",
    ),
    (("weapons", 6, "one_use"), False, r"weapon ger-satchel: .*one-use"),
    (("weapons", 0, "movement"), 1, r"weapon ger-lmg: movement: 1 is above the maximum 0"),
    (("radios", 0, "fp"), 14, r"radio ger-radio-8: fp: 14 is above the maximum 13"),
    (("radios", 0, "smoke"), "yes", r"radio ger-radio-8: smoke: expected true or false"),
]


@pytest.mark.parametrize(("path", "value", "message"), ROSTER_CASES)
def test_malformed_roster_rejected(tmp_path: Path, path: tuple[Any, ...], value: Any, message: str) -> None:
    data = copy.deepcopy(raw("rosters/germany.yaml"))
    _mutate(data, path, value)
    f = write(tmp_path / "bad_roster.yaml", data)
    with pytest.raises(ComponentError, match=r"^bad_roster\.yaml: .*" + message):
        cc.load_roster(f)


def test_malformed_chits_and_postures(tmp_path: Path) -> None:
    chits = raw("objectives.yaml")
    chits["chits"].pop()
    with pytest.raises(ComponentError, match=r"^o\.yaml: chits: the game has 22 Objective chits"):
        cc.load_objectives(write(tmp_path / "o.yaml", chits))
    chits = raw("objectives.yaml")
    chits["chits"][0]["objective"] = 6
    with pytest.raises(ComponentError, match=r"chit A: objective: 6 is above the maximum 5"):
        cc.load_objectives(write(tmp_path / "o.yaml", chits))
    post = raw("postures.yaml")
    del post["hand_size"]["Recon"]
    with pytest.raises(ComponentError, match=r"^p\.yaml: hand_size: missing key 'Recon'"):
        cc.load_postures(write(tmp_path / "p.yaml", post))


def test_a_failed_load_leaves_nothing_behind(tmp_path: Path) -> None:
    (tmp_path / "decks").mkdir()
    data = raw("decks/america.yaml")
    data["cards"][-1]["order"] = "Charge"
    write(tmp_path / "decks" / "america.yaml", data)
    with pytest.raises(ComponentError, match=r"america\.yaml: card A-72: order"):
        cc.load_pack(tmp_path)
    assert cc.builtin_deck("America").cards["A-72"].order in cc.ORDERS
