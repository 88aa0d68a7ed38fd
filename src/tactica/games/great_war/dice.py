"""Battle dice and hit scoring (GW Ranged 6-8, GW Close 4-6, the forum ruling on Score Hits).

Pure functions over plain values, so every scoring rule is testable with a fixed roll.
"""

from __future__ import annotations

from dataclasses import dataclass

SOLDIER, BURST, DEADLY, FLAG, HQ = "soldier", "burst", "deadly", "flag", "hq"
FACES = (SOLDIER, SOLDIER, BURST, DEADLY, FLAG, HQ)
"""TGW-D Dice 1: six faces, five symbols; the rulebook does not say which symbol is doubled, we
double the soldier (so terrain protection matters)."""


@dataclass(frozen=True, slots=True)
class Score:
    hits: int
    """Figures removed from a non-tank target; for a tank target, always 0."""
    to_confirm: int
    """Tank target only: bursts plus Deadly Die sides that would hit (GW Ranged 7 tank bullet)."""
    soldier_hits: int
    deadly_hits: int
    flags: int
    hq: int


def score(faces: list[str], *, close: bool, tank_target: bool, protection: int = 0,
          deadly_hits: bool = False, all_count: bool = False) -> Score:
    """Score one roll.

    GW Ranged 7 / GW Close 5 with the forum ruling: every burst hits; every soldier symbol hits
    once terrain protection has stopped the ones it stops (``protection`` soldiers, ALL for all);
    in close combat every Deadly Die side hits too, and at range only when a rule says so
    (``deadly_hits``: a bomber at 2 hexes, reserve artillery on target, a card). ``all_count``
    (a shell crater created by the barrage, GW Tank Retreat) makes protection void.
    Against a tank, soldier symbols do nothing and bursts and hitting Deadly sides go to the
    confirmation roll (GW Ranged 7) instead of hitting.
    """
    bursts = faces.count(BURST)
    soldiers = faces.count(SOLDIER)
    deadly = faces.count(DEADLY) if (close or deadly_hits or all_count) else 0
    flags = faces.count(FLAG)
    hq = faces.count(HQ)
    if tank_target:
        return Score(0, bursts + deadly, 0, deadly, flags, hq)
    soldier_hits = soldiers if all_count else max(0, soldiers - protection)
    return Score(bursts + soldier_hits + deadly, 0, soldier_hits, deadly, flags, hq)


def confirm_dice(to_confirm: int, flags_taken: int, *, bogged: bool = False, ditched: bool = False,
                 artillery: bool = False, male_cannon: bool = False) -> int:
    """Dice rolled once, together, to confirm hits on a tank (GW Ranged 7, GW Tank Retreat).

    One die per burst or hitting Deadly side, one per flag the tank cannot ignore, plus one for
    each extra condition that holds. Our reading (RULES.md A3): the extras add up, and they join
    only a confirmation roll that happens (at least one die to confirm); the artillery and male
    cannon extras need at least one burst or Deadly hit from that attack.
    """
    base = to_confirm + flags_taken
    if base == 0:
        return 0
    extra = int(bogged) + int(ditched)
    if to_confirm > 0:
        extra += int(artillery) + int(male_cannon)
    return base + extra


def tank_flags_taken(flags: int, all_count: bool = False) -> int:
    """GW Tank Retreat: a tank ignores the first flag and never retreats; each further flag is a
    confirmation die. A barrage that creates a crater in its hex voids the free ignore."""
    return flags if all_count else max(0, flags - 1)


def ignorable_flags(flags: int, terrain_ignore: int, *, tankschreck: bool, all_count: bool,
                    card_ignore: int = 0) -> int:
    """GW Bolster Morale: how many of the flags rolled against a soldier unit it may ignore."""
    if all_count or tankschreck:
        return 0
    return min(flags, terrain_ignore + card_ignore)


def tankschreck(attacker_is_tank: bool, close: bool, target_on_building: bool,
                target_is_field_artillery: bool) -> bool:
    """GW Bolster Morale (Tankschreck): soldiers close-assaulted by a tank lose terrain flag
    ignoring, except in a building or when the target is field artillery."""
    return attacker_is_tank and close and not target_on_building and not target_is_field_artillery


ALL_FACES_OK = len(FACES) == 6 and set(FACES) == {SOLDIER, BURST, DEADLY, FLAG, HQ}
