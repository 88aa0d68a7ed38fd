"""The rulebook's Fire Attack example A-J (digest §5 rows 31-37) played move by move."""

from __future__ import annotations

from fire_helpers import game, go, hand, opts, skip, text, top

from tactica.games.combat_commander import CombatCommanderRules

AXIS = [
    {"type": "ger-ldr-grein", "hex": "K8"},                              # axis-1
    {"type": "ger-rifle-squad", "hex": "K8", "weapon": "ger-lmg"},       # axis-2 (broken below)
    {"type": "ger-ldr-bolter", "hex": "L8"},                             # axis-3
    {"type": "ger-rifle-squad", "hex": "L8", "weapon": "ger-hmg"},       # axis-4
    {"type": "ger-rifle-squad", "hex": "J7"},                            # axis-5 (level 1)
    {"type": "ger-rifle-squad", "hex": "J6", "weapon": "ger-lmg"},       # axis-6
    {"type": "ger-rifle-team", "hex": "M9", "weapon": "ger-mortar"},     # axis-7
]
ALLIES = [
    {"type": "us-rifle-squad", "hex": "M6"},    # allies-1, Open Ground + Road
    {"type": "us-rifle-team", "hex": "N6"},     # allies-2
    {"type": "us-rifle-team", "hex": "N7"},     # allies-3
]


def rules() -> CombatCommanderRules:
    """The real rules: the example's Sustained Fire Actions (A41) and Interdiction Event (E60)
    run their own handlers."""
    return CombatCommanderRules()


def test_O20_fire_attack_example_A_to_J() -> None:
    g = game(AXIS, ALLIES, rules())
    g.state["units"]["axis-2"]["broken"] = True
    g.state["smoke"]["M8"] = 3
    hand(g, 0, ["G-13", "G-31", "G-66", "G-1", "G-2", "G-3"])
    top(g, 0, "G-50", "G-61", "G-8", "G-15")   # 4·1; 1·6 Event!; Interdiction; 6·1
    top(g, 1, "A-10", "A-3")                    # 6·4; 1·2
    assert "order:G-13" in opts(g)
    go(g, "order:G-13")
    # A: Grein activates the Team and the four Squads in his radius, never Lt. Bolter
    assert "activate:axis-1" in opts(g)
    go(g, "activate:axis-1")
    assert "add:axis-3" not in opts(g)
    go(g, "add:axis-2", "add:axis-4", "add:axis-5", "add:axis-6", "add:axis-7")
    # C: the Fire Group against M6
    go(g, "target:M6")
    o = opts(g)
    assert "add:axis-2-w" not in o            # B: the broken Squad's LMG cannot fire
    assert "add:axis-1" not in o              # Grein lacks the Range (he was activated only)
    assert "add:axis-2" in o                  # B: the broken Squad reaches 3 hexes with Grein
    go(g, "add:axis-4", "add:axis-2", "add:axis-5", "add:axis-6")
    assert "add:axis-7-w" not in opts(g)      # Ordnance never joins a Fire Group
    go(g, "add:axis-6-w")
    fire = next(x for x in g.legal_options() if x.id == "fire")
    assert fire.args["fp"] == 11              # 6 (5 + Bolter) + 4 other pieces + 1 downhill
    go(g, "fire")
    log = text(g)
    assert "Attack Total 16" in log
    # D: US Squad Morale 5 (6, Road -1) + 6·4 = 15 < 16: it breaks
    assert "allies-1 Defense Total 15" in log
    assert g.state["units"]["allies-1"]["broken"]
    # E: the HMG alone: 9 FP (8 + Bolter), two Sustained Fire Actions +4, roll 1·6 Event!
    go(g, "target:M6", "add:axis-4-w")
    g.apply("fire")
    assert g.decision().step == "action_window" and g.decision().seat == 0
    g.apply("action:G-31")
    g.apply("action:G-66")
    skip(g)
    # F: the Event is Interdiction: Axis (who revealed it) Suppresses the US Squad in the open
    d = g.decision()
    assert d is not None and d.seat == 0 and "unit:allies-1" in opts(g)
    g.apply("unit:allies-1")
    skip(g)
    log = text(g)
    assert "Attack Total 20" in log
    # F: the Event (Interdiction) suppressed the broken Squad; G: Morale 8 -1 Road -1 Suppressed
    # = 6, roll 1·2 = 9: broken again, eliminated, Axis +2 VP
    assert "allies-1 Defense Total 9" in log
    assert g.state["units"]["allies-1"]["where"] == "casualties"
    assert g.state["vp"] == 2
    # H: the Mortar at N6, range 3, Smoke 3 in M8: Targeting 6·1 = 6 - 3 = 3, not above 3: miss
    go(g, "target:N6", "add:axis-7-w", "fire")
    assert "Targeting 6 - hindrance 3 = 3 against range 3: miss" in text(g)
    assert not g.state["units"]["allies-2"]["broken"]
    # J: the Team's 2 FP through Smoke 3 is -1: no shot left, only the end of the Order
    assert opts(g) == ["end"]
