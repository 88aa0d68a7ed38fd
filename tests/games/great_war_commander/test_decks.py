"""The three Great War Commander Fate decks keep every constraint the rules state (1.F, 1.7-1.9,
A29, A42.1, A50, A52, E59/E61/E74, E76.1) and the distribution their headers promise."""

from __future__ import annotations

from collections import Counter

import pytest

from tactica.games.great_war_commander._schema import (
    BREEZE_EVENTS,
    DUD_ACTIONS,
    EVENTS,
    HEX_RE,
    NATIONAL,
    NATIONS,
    ORDERS,
    FateDeckFile,
)
from tactica.games.great_war_commander.data import builtin_pack


def deck(nation: str) -> FateDeckFile:
    return builtin_pack().decks[nation]


@pytest.mark.parametrize("nation", NATIONS)
def test_1F_a_deck_is_72_cards_numbered_in_order(nation: str) -> None:
    d = deck(nation)
    prefix = {"Germany": "G", "France": "F", "America": "US"}[nation]
    assert [c.id for c in d.cards] == [f"{prefix}-{i}" for i in range(1, 73)]


@pytest.mark.parametrize("nation", NATIONS)
def test_1_9_dice_each_ordered_pair_twice_gives_exact_2d6(nation: str) -> None:
    cards = deck(nation).cards
    pairs = Counter((c.roll[0], c.roll[1]) for c in cards)
    assert set(pairs.values()) == {2} and len(pairs) == 36
    sums = Counter(c.roll[0] + c.roll[1] for c in cards)
    assert [sums[s] for s in range(2, 13)] == [2, 4, 6, 8, 10, 12, 10, 8, 6, 4, 2]
    products = Counter(c.roll[0] * c.roll[1] for c in cards)
    assert products[36] == 2 and products[1] == 2 and products[6] == 8  # 1x6, 6x1, 2x3, 3x2


@pytest.mark.parametrize("nation", NATIONS)
def test_1_9_1_triggers_match_the_header_and_leave_every_roll_plain_once(nation: str) -> None:
    d = deck(nation)
    got = Counter(c.trigger for c in d.cards if c.trigger)
    assert dict(got) == d.triggers
    assert got["Event!"] == 8 and got["Time!"] == 6  # the same clock pace for every nation
    plain = {(c.roll[0], c.roll[1]) for c in d.cards if not c.trigger}
    assert len(plain) == 36  # every roll exists without a trigger


def test_1_9_1_german_triggers_of_the_worked_examples() -> None:
    by_pair = {(c.roll[0], c.roll[1], c.trigger) for c in deck("Germany").cards}
    assert (5, 5, "Event!") in by_pair  # Fire example F: 5-5 with an Event trigger
    assert (1, 1, "Jammed!") in by_pair  # Op Fire example B: 1-1 Jammed


@pytest.mark.parametrize("nation", NATIONS)
def test_O14_every_order_appears_and_fire_cards_are_order_action_fire(nation: str) -> None:
    cards = deck(nation).cards
    assert {c.order for c in cards} == set(ORDERS)
    assert all((c.order == "Fire") == (c.action == "Fire") for c in cards)  # A42.1


@pytest.mark.parametrize("nation", NATIONS)
def test_A29_A52_dud_actions_only_with_a_usable_order(nation: str) -> None:
    duds = [c for c in deck(nation).cards if c.action in DUD_ACTIONS]
    assert duds and all(c.order != "Command Confusion" for c in duds)


@pytest.mark.parametrize("nation", NATIONS)
def test_E56_every_event_a_nation_may_draw_is_in_its_deck(nation: str) -> None:
    cards = deck(nation).cards
    allowed = {e for e in EVENTS if e not in NATIONAL or nation in NATIONAL[e]}
    assert {c.event for c in cards} == allowed
    for c in cards:
        for name in (c.action, c.event):
            assert name not in NATIONAL or nation in NATIONAL[name], (c.id, name)


@pytest.mark.parametrize("nation", NATIONS)
def test_printed_card_data_breeze_direction_marksmanship_and_mg_nest_date(nation: str) -> None:
    for c in deck(nation).cards:
        assert (c.direction is not None) == (c.event in BREEZE_EVENTS)
        assert c.marksmanship in (None, nation)
        assert (c.date is not None) == (c.event == "Machine Gun Nest")


@pytest.mark.parametrize("nation", NATIONS)
def test_1_8_random_hexes_are_distinct_hexes_of_a_15x11_map(nation: str) -> None:
    hexes = [c.hex for c in deck(nation).cards]
    assert len(set(hexes)) == 72 and all(HEX_RE.fullmatch(h) for h in hexes)
    assert any(h.endswith("11") for h in hexes)  # 11 can come up for the broken-Weapon check (11.4)


def test_1F_1_8_O17_the_cards_the_book_shows() -> None:
    f1 = deck("France").cards[0]
    assert (f1.order, f1.action, f1.event, f1.hex) == ("Move", "Counterattack", "Detachment", "D10")
    us1 = deck("America").cards[0]
    assert (us1.order, us1.action, us1.event, us1.hex) == ("Move", "Barrage", "Sappers", "F4")
    assert deck("Germany").cards[6].hex == "G11"  # Air Assault example: card G-7, Random Hex G11
