"""Hit scoring as pure functions (GW Ranged 7 / GW Close 5, the forum ruling, GW Tank Retreat)."""

from tactica.games.great_war.dice import (
    ALL_FACES_OK,
    BURST,
    DEADLY,
    FLAG,
    HQ,
    SOLDIER,
    confirm_dice,
    ignorable_flags,
    score,
    tank_flags_taken,
    tankschreck,
)
from tactica.games.great_war.terrain import ALL


def test_dice_faces_six_with_every_symbol():
    assert ALL_FACES_OK


def test_score_hits_forum_ruling_one_hit_per_soldier_symbol():
    sc = score([SOLDIER, SOLDIER, SOLDIER, BURST], close=False, tank_target=False)
    assert sc.hits == 4  # not "one hit for one or more soldiers"


def test_score_hits_forum_ruling_soldiers_after_protection_bursts_always():
    sc = score([SOLDIER, SOLDIER, BURST, BURST], close=False, tank_target=False, protection=1)
    assert sc.hits == 3 and sc.soldier_hits == 1
    sc = score([SOLDIER, SOLDIER, BURST], close=True, tank_target=False, protection=ALL)
    assert sc.hits == 1


def test_score_hits_deadly_side_hits_in_close_combat_only():
    assert score([DEADLY, DEADLY], close=True, tank_target=False).hits == 2
    assert score([DEADLY, DEADLY], close=False, tank_target=False).hits == 0
    assert score([DEADLY], close=False, tank_target=False, deadly_hits=True).hits == 1


def test_score_flags_and_hq_never_hit():
    sc = score([FLAG, HQ, FLAG], close=True, tank_target=False)
    assert (sc.hits, sc.flags, sc.hq) == (0, 2, 1)


def test_score_tank_target_soldiers_do_nothing_bursts_confirm():
    sc = score([SOLDIER, DEADLY, BURST], close=False, tank_target=True)
    assert (sc.hits, sc.to_confirm) == (0, 1)
    sc = score([SOLDIER, DEADLY, BURST], close=True, tank_target=True)
    assert sc.to_confirm == 2


def test_confirm_extra_dice_add_up_and_need_a_roll():
    assert confirm_dice(1, 0, ditched=True, male_cannon=True) == 3
    assert confirm_dice(1, 1, bogged=True, ditched=True, artillery=True, male_cannon=True) == 6
    assert confirm_dice(0, 0, bogged=True) == 0
    assert confirm_dice(0, 1, artillery=True, bogged=True) == 2  # artillery needs a hit


def test_tank_retreat_first_flag_free():
    assert tank_flags_taken(2) == 1
    assert tank_flags_taken(1) == 0
    assert tank_flags_taken(2, all_count=True) == 2


def test_bolster_morale_allowance_and_tankschreck():
    assert ignorable_flags(2, 1, tankschreck=False, all_count=False) == 1
    assert ignorable_flags(2, 1, tankschreck=False, all_count=False, card_ignore=1) == 2
    assert ignorable_flags(2, 1, tankschreck=True, all_count=False, card_ignore=1) == 0
    assert ignorable_flags(2, 1, tankschreck=False, all_count=True) == 0
    assert tankschreck(True, True, False, False)
    assert not tankschreck(True, True, True, False)
    assert not tankschreck(True, True, False, True)
    assert not tankschreck(True, False, False, False)
