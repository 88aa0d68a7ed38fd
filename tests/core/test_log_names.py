"""Ids put into words for people: whole ids only, the longest first."""

from tactica.core.log import name_ids


def test_whole_ids_are_named_and_a_longer_id_is_never_cut_by_a_shorter_one():
    names = {"axis-4": "Rifle squad G4", "axis-4-w": "Heavy MG G4", "a1": "Infantry a1"}
    assert name_ids("axis-4 carries axis-4-w", names) == "Rifle squad G4 carries Heavy MG G4"
    assert name_ids("a1 fires; a10 and xa1 stay", names) == "Infantry a1 fires; a10 and xa1 stay"
    assert name_ids("axis-40 moves", names) == "axis-40 moves"
    assert name_ids("nothing to name", {}) == "nothing to name"
