"""The attacks of the Opportunity Fire example (digest §5 rows 46 and 48), made through the
entry point the Move Order calls (fire.push_fire_attack), plus Cover and Command checks."""

from __future__ import annotations

from fire_helpers import game, go, hand, opts, roll_cards, skip, text, top

from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.commander_family.fire import op_fire_pieces, push_fire_attack
from tactica.games.commander_family.stats import morale


def rules() -> CombatCommanderRules:
    """The real rules: the example's Hand Grenades (A34) run their own handler."""
    return CombatCommanderRules()


def test_A33_op_fire_example_E_every_unit_in_the_hex_defends() -> None:
    # US Squad FP 6, -1 firing uphill, -4 for the Smoke in the hex entered = 1; roll 6·5 = 12.
    # German Squad Morale 7 + 1 (Biermann) + 6·2 = 16 and Biermann 8 + 1·5 = 14: both unaffected
    g = game([{"type": "ger-rifle-squad", "hex": "E9"}, {"type": "ger-ldr-biermann", "hex": "E9"}],
             [{"type": "us-rifle-squad", "hex": "C7"}])
    g.state["smoke"]["E9"] = 4
    top(g, 1, *roll_cards("America", (6, 5)))
    top(g, 0, *roll_cards("Germany", (6, 2), (1, 5)))
    push_fire_attack(g, 1, op_fire_pieces(g, ["allies-1"]), "E9", moving=["axis-1", "axis-2"], op_fire=True)
    g.refresh()
    go(g, "defend:axis-1")
    log = text(g)
    assert "FP +6, largest hindrance -4, target higher than a firing piece -1 = 1 FP" in log
    assert "Attack Total 12" in log
    assert "axis-1 Defense Total 16" in log and "axis-2 Defense Total 14" in log
    assert not g.state["units"]["axis-1"]["broken"] and not g.state["units"]["axis-2"]["broken"]


def test_A33_op_fire_example_G_hand_grenades_into_woods() -> None:
    # the same US Squad with two Hand Grenades: 6 + 4 - 1 uphill = 9, roll 1·3 = 13;
    # German Squad alone in Woods: Morale 7 + 2 + 6·3 = 18, unaffected. Hand Grenades need a
    # firing piece adjacent to the target (A34), as in the example: the Squad fires from C8
    g = game([{"type": "ger-rifle-squad", "hex": "C9"}], [{"type": "us-rifle-squad", "hex": "C8"}],
             rules())
    hand(g, 1, ["A-4", "A-48", "A-1", "A-2"])
    top(g, 1, *roll_cards("America", (1, 3)))
    top(g, 0, *roll_cards("Germany", (6, 3)))
    push_fire_attack(g, 1, ["allies-1"], "C9", moving=["axis-1"], op_fire=True)
    g.refresh()
    assert g.decision().step == "action_window" and g.decision().seat == 1
    assert "action:A-4" in opts(g)
    g.apply("action:A-4")
    g.apply("action:A-48")
    skip(g)
    log = text(g)
    assert "Attack Total 13" in log and "axis-1 Defense Total 18" in log
    assert not g.state["units"]["axis-1"]["broken"]


def test_11_5_ordnance_never_op_fires() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B3"}],
             [{"type": "us-rifle-team", "hex": "C7", "weapon": "us-mortar"}])
    assert op_fire_pieces(g, ["allies-1"]) == ["allies-1"]


def test_T93_building_with_a_road_is_cover_2() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "K3"}], [{"type": "us-rifle-squad", "hex": "O1"}])
    assert morale(g, "axis-1").value == 7 + 2


def test_3_3_1_1_command_1_reaches_adjacent_hexes_command_0_its_own() -> None:
    g = game([{"type": "ger-ldr-bolter", "hex": "E5"}, {"type": "ger-rifle-squad", "hex": "E6"},
              {"type": "ger-rifle-squad", "hex": "E7"}, {"type": "ger-rifle-squad", "hex": "E5"}],
             [{"type": "us-rifle-squad", "hex": "H5"}])
    hand(g, 0, ["G-13", "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g, "order:G-13", "activate:axis-1")
    assert set(opts(g)) == {"add:axis-2", "add:axis-4"}
    g2 = game([{"type": "ger-ldr-bolter", "hex": "E5"}, {"type": "ger-rifle-squad", "hex": "E6"},
               {"type": "ger-rifle-squad", "hex": "E5"}], [{"type": "us-rifle-squad", "hex": "H5"}])
    g2.state["units"]["axis-1"]["broken"] = True  # broken: Command 0
    hand(g2, 0, ["G-13", "G-31", "G-66", "G-1", "G-2", "G-3"])
    go(g2, "order:G-13", "activate:axis-1")
    assert opts(g2) == ["add:axis-3"]
