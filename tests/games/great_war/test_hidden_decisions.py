"""Which decisions exist tells nothing about a hand (docs/architecture.md, Reaction windows):
the combat-card step (TGW-D Combat 1-2) and the flags step (GW Bolster Morale, TGW-D Combat 5)
are asked by public facts, whatever the deciding hand holds."""

from gw_helpers import arena, force, ids

INF = "infantry"


def _close(attacker_hand, defender_hand, hq=1, discarded=(), faces=()):
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")], hq=hq)
    s = g.state
    s["combat_hands"] = [list(attacker_hand), list(defender_hand)]
    for c in discarded:
        s["combat"]["draw"].remove(c)
        s["combat"]["discard"].append(c)
    if faces:
        force(g, *faces)
    g.refresh()
    g.apply("close:i:x")
    return g


def test_TGW_D_Combat_2_card_step_asked_whatever_the_attacker_holds():
    playable = _close(["butt_bayonet#1"], [])
    unplayable = _close(["hold_the_line#1"], [])  # a defence card: nothing to play on an attack
    for g in (playable, unplayable):
        assert g.current_player() == 0 and g.decision().step == "combat_card"
        assert g.state["units"]["x"]["figs"] == 4 and " dice: " not in "\n".join(g.log_lines())
    assert playable.view(1) == unplayable.view(1)  # the defender sees the same either way
    assert ids(playable) == ["play:butt_bayonet", "none"] and ids(unplayable) == ["none"]


def test_TGW_D_Combat_2_card_step_closed_by_public_facts():
    for g in (_close([], []), _close(["butt_bayonet#1"], [], hq=0)):  # no card, or no HQ token
        assert "combat_card" not in g.frame_names()
        assert g.decision() is None or g.decision().step != "combat_card"


def test_GW_Bolster_Morale_flags_step_asked_whatever_the_defender_holds():
    # the attacker holds no card: no card step, the dice (one flag) are rolled at once
    hands = (["hold_the_line#1"], ["rapid_fire#1"])
    worlds = [_close([], hand, faces=("flag", "hq", "hq")) for hand in hands]
    for g in worlds:
        assert g.current_player() == 1 and g.decision().step == "ignore_flags"
    assert worlds[0].view(0) == worlds[1].view(0)
    assert ids(worlds[0]) == ["ignore:0", "hold:hold_the_line"] and ids(worlds[1]) == ["ignore:0"]
    worlds[1].apply("ignore:0")
    assert worlds[1].decision().step == "retreat_to"


def test_GW_Bolster_Morale_flags_step_closed_when_no_defence_card_is_left_unseen():
    g = arena([("i", 0, INF, "F6"), ("x", 1, INF, "F5")], hq=1)
    hold = [c for c in g.state["combat"]["draw"] if c.startswith("hold_the_line#")]
    assert hold
    g = _close([], ["rapid_fire#1"], discarded=hold, faces=("flag", "hq", "hq"))
    assert g.decision().step == "retreat_to"  # every Hold the line is in the discards
