"""O21 Move and A33 Opportunity Fire, with the rulebook's Movement / Op Fire walkthrough (digest
§5 rows 38, 42-49) played through the real Orders on a map rebuilt for it."""

from __future__ import annotations

from typing import Any

from fire_helpers import OBJECTIVES, ZONES, card, hand, opts, position, text, top
from stage3_helpers import stage3_rules

from tactica import studio
from tactica.core.game import Game
from tactica.games.combat_commander.rules import SMOKE_CUP

MOVE_BOARD = studio.board(
    15, 10, name="cc-move-example", objectives=OBJECTIVES, zones=ZONES,
    # the Movement / Op Fire walkthrough (A33, examples A-H): K6-K8 a level-1 rise (K6 Woods);
    # L8 and L5 at level 0, so the rise blocks L5's view of K8; a road runs C2-C4
    hexes={"K8": {"elevation": 1}, "K7": {"elevation": 1}, "K6": {"terrain": ["woods"], "elevation": 1},
           "K9": {"elevation": 1}, "J7": {"elevation": 1}, "J8": {"elevation": 1},
           "E5": ["stream"], "F5": ["water_barrier"]},
    hexsides={"G7/G8": ["cliff"]}, roads=[["C2", "C3", "C4"]])


def rules() -> Any:
    """The real rules: the walkthrough's Hand Grenades (A34) and Smoke Grenades (A39) run their
    own handlers."""
    return stage3_rules()


def new(axis: list[Any], allies: list[Any], r: Any = None, board: Any = MOVE_BOARD, **kw: Any) -> Game:
    return position(axis, allies, r or rules(), board, **kw).game()


def rolls(nation: str, avoid: list[str], *pairs: tuple[int, int]) -> list[str]:
    out: list[str] = []
    for w, c in pairs:
        out.append(card(nation, w, c, None, tuple(avoid + out)))
    return out


def skip_initiative(g: Game) -> None:
    """Pass the Initiative re-rolls and the windows that offer nothing but pass (asked by public
    facts whatever the hand holds, docs/architecture.md)."""
    while not g.is_terminal() and (d := g.decision()) is not None:
        if d.step != "initiative" and not (d.window and [o.id for o in d.options] == ["pass"]):
            return
        g.apply("pass")


def do(g: Game, *choices: str) -> None:
    for c in choices:
        skip_initiative(g)
        g.apply(c)
    skip_initiative(g)


def test_O21_A33_movement_op_fire_walkthrough_A_to_H() -> None:
    # our roster's German Rifle Squad has no boxed Movement, so the real Smoke Grenades (A39)
    # could not be played for it: the walkthrough's mover is a Rifle Team (boxed Movement 5,
    # Morale 7 like the Squad), which changes none of the walkthrough's numbers
    g = new([{"type": "ger-rifle-team", "hex": "L8"}, {"type": "ger-ldr-biermann", "hex": "K7"}],
            [{"type": "us-rifle-squad", "hex": "L5"}])
    ax_hand = ["G-1", "G-5", "G-15"]          # two Move Orders, Smoke Grenades
    us_hand = ["A-16", "A-21", "A-4", "A-48"]  # two Fire Actions, two Hand Grenades
    hand(g, 0, ax_hand)
    hand(g, 1, us_hand)
    top(g, 1, *rolls("America", us_hand, (6, 5), (1, 3)))
    top(g, 0, *rolls("Germany", ax_hand, (6, 2), (1, 5), (6, 3)))
    g.refresh()
    # A: L8 -> K8 is Open 1 + uphill 1
    do(g, "order:G-1", "activate:axis-1")
    assert g.decision().step == "action_window" and "action:G-15" in opts(g)  # A39 may come now
    do(g, "pass", "unit:axis-1")
    assert "to:K8" in opts(g)
    g.apply("to:K8")
    assert "axis-1 enter K8 for 2 MP (2 spent)" in text(g)
    # B: no LOS from L5 to K8, so no Op Fire window (no unit a Fire card could activate). The
    # Americans' Action window is asked although they hold nothing for it (a Hidden Mines of
    # their deck is not in public view), then the Axis Action window
    d = g.decision()
    assert d.step == "action_window" and d.seat == 1 and opts(g) == ["pass"]
    g.apply("pass")
    d = g.decision()
    assert d.step == "action_window" and d.seat == 0
    # C: Smoke Grenades into K7
    do(g, "action:G-15")
    assert g.decision().step == "smoke_grenades" and "hex:K7" in opts(g)
    g.chance.force([SMOKE_CUP.index(4)])  # the walkthrough draws a "4" Smoke marker
    do(g, "hex:K7")
    assert g.state["smoke"]["K7"] == 4
    # D: into K7, Open 1, three spent
    do(g, "to:K7")
    assert "axis-1 enter K7 for 1 MP (3 spent)" in text(g)
    # E: "Wait!": a Fire Action activates the US Squad; FP 6 - 1 uphill - 4 Smoke = 1, roll 6+5
    d = g.decision()
    assert d.step == "op_fire" and d.seat == 1 and "action:A-16" in opts(g)
    do(g, "action:A-16", "activate:allies-1", "attack", "add:allies-1")
    assert "fire" in opts(g) and g.decision().options[-2].args["fp"] == 1
    do(g, "fire", "defend:axis-1")  # no Hand Grenades: L5 is not next to K7 (A34)
    log = text(g)
    assert "Attack Total 12" in log
    assert "axis-1 Defense Total 16" in log and "axis-2 Defense Total 14" in log
    assert g.state["units"]["allies-1"]["op_fired"]
    # F: with Biermann the Squad's Movement is 5; Woods K6 costs 2: five spent
    while g.decision().step == "action_window":
        g.apply("pass")
    assert "to:K6" in opts(g)
    do(g, "to:K6")
    assert "axis-1 enter K6 for 2 MP (5 spent)" in text(g)
    # G: the same Squad fires again (no new card), with two Hand Grenades: 6 + 4 - 1 = 9, roll 1+3
    d = g.decision()
    assert d.step == "op_fire" and "attack" in opts(g)
    assert not any(o.startswith("action:") for o in opts(g)) or "action:A-21" in opts(g)
    do(g, "attack", "add:allies-1", "fire", "action:A-4", "action:A-48")
    log = text(g)
    assert "Attack Total 13" in log and "axis-1 Defense Total 18" in log
    assert not g.state["units"]["axis-1"]["broken"]
    # H: out of Biermann's hex Movement is 4 again with 5 spent: the move is over
    assert "has no MPs left for any hex and stops in K6" in text(g)
    assert g.decision().step == "turn"
    # NOTE: a second Move Order for Biermann cannot draw Op Fire from the US Squad any more
    do(g, "order:G-5", "activate:axis-2", "unit:axis-2", "to:K6")
    assert g.decision().step != "op_fire"  # A-21 is in hand, but nobody may be activated for it
    assert "A-21" in g.state["sides"][1]["hand"]


def test_A33_3_one_attack_per_expenditure_and_ordnance_never_op_fires() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "M8"}],
            [{"type": "us-rifle-team", "hex": "M5", "weapon": "us-mortar"}])
    hand(g, 0, ["G-1"])
    hand(g, 1, ["A-16"])
    top(g, 1, *rolls("America", ["A-16"], (1, 1)))
    top(g, 0, *rolls("Germany", ["G-1"], (6, 6)))
    g.refresh()
    do(g, "order:G-1", "activate:axis-1", "unit:axis-1", "to:M7")
    do(g, "action:A-16", "activate:allies-1", "attack")
    assert opts(g) == ["add:allies-1", "pass"]  # the Mortar is Ordnance: not offered
    do(g, "add:allies-1", "fire")
    # after the attack the window is closed: the move goes on
    assert g.decision().step == "move_order"


def test_A33_op_fire_window_opens_by_public_facts_not_by_the_hand() -> None:
    """Core contract: the Op Fire window opens whenever the inactive seat holds a card and has a
    unit that a Fire card would let it activate, whether or not it holds a Fire card (before,
    about one move step in six told the mover whether the other hand held a usable Fire)."""
    from tactica.games.combat_commander.components import builtin_pack

    fire = [c.id for c in builtin_pack().decks["America"].cards.values() if c.action == "Fire"]

    def moved(us_hand: list[str], fires_discarded: bool = False) -> Game:
        g = new([{"type": "ger-rifle-squad", "hex": "M8"}], [{"type": "us-rifle-squad", "hex": "M5"}])
        hand(g, 0, ["G-1"])
        hand(g, 1, us_hand)
        sd = g.state["sides"][1]
        if fires_discarded:
            for c in fire:
                if c in sd["deck"]["draw"]:
                    sd["deck"]["draw"].remove(c)
                    sd["deck"]["discard"].append(c)
        g.refresh()
        do(g, "order:G-1", "activate:axis-1", "unit:axis-1")
        g.apply("to:M7")
        return g

    no_fire = [c.id for c in builtin_pack().decks["America"].cards.values()
               if c.action not in ("Fire", "Hidden Mines", "Hidden Wire")][:2]
    with_fire = moved([fire[0], no_fire[0]])
    without = moved(no_fire)
    for g in (with_fire, without):  # the mover sees the same thing either way
        d = g.decision()
        assert d.step == "op_fire" and d.seat == 1
    assert without.view(0) == with_fire.view(0)
    assert opts(with_fire) == [f"action:{fire[0]}", "pass"] and opts(without) == ["pass"]
    without.apply("pass")
    assert without.decision().step != "op_fire"
    # closed by public facts: an empty hand, or every Fire card of the deck in the discards
    for g in (moved([]), moved(no_fire, fires_discarded=True)):
        assert g.decision().step != "op_fire"
        assert "op_fire" not in g.frame_names()


def test_O21_refused_when_no_unit_can_move() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C3"}], [{"type": "us-rifle-squad", "hex": "M5"}])
    hand(g, 0, ["G-1", "G-5"])
    g.state["activated"].append("axis-1")
    g.refresh()
    assert "order:G-1" not in opts(g)


def test_O21_4_forbidden_hexes_and_T93_road_bonus() -> None:
    # E5 Stream (3), F5 Water Barrier, G7/G8 Cliff, enemy in D4; road C2-C4 gives +1 Movement
    g = new([{"type": "ger-rifle-squad", "hex": "C2"}, {"type": "ger-rifle-squad", "hex": "G7"}],
            [{"type": "us-rifle-squad", "hex": "D2"}])
    hand(g, 0, ["G-1", "G-5"])
    do(g, "order:G-1", "activate:axis-1", "unit:axis-1")
    assert "to:D2" not in opts(g)  # enemy-occupied
    do(g, "to:C3", "to:C4")
    # Movement 4 + 1 for the road: 2 spent, 3 left
    assert "C4 for 1 MP (2 spent)" in text(g)
    do(g, "to:C5", "to:D5")
    assert "D5 for 1 MP (4 spent)" in text(g)
    assert "to:E5" not in opts(g)  # Stream costs 3, 1 MP left
    do(g, "stop", "order:G-5", "activate:axis-2", "unit:axis-2")
    assert "to:G8" not in opts(g)  # Cliff


def test_O21_2_stack_moves_together_held_to_the_slowest() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C6"}, {"type": "ger-ldr-bolter", "hex": "C6"},
             {"type": "ger-rifle-squad", "hex": "C6", "broken": True}],
            [{"type": "us-rifle-squad", "hex": "M5"}])
    g.state["units"]["axis-3"]["broken"] = True
    hand(g, 0, ["G-1"])
    g.refresh()
    do(g, "order:G-1", "activate:axis-2", "add:axis-1", "add:axis-3", "unit:axis-1", "join:axis-2",
       "join:axis-3")
    # the broken Squad has Movement 3 + 1 (Bolter) = 4: the stack stops after 4 Open hexes
    do(g, "to:D6", "to:E6", "to:F6", "to:G6")
    assert all(g.state["units"][u]["hex"] == "G6" for u in ("axis-1", "axis-2", "axis-3"))
    assert "has no MPs left" in text(g)


def test_O21_1_1_weapon_transfer_costs_one_mp() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "C6", "weapon": "ger-lmg"},
             {"type": "ger-rifle-squad", "hex": "C6"}], [{"type": "us-rifle-squad", "hex": "M5"}])
    hand(g, 0, ["G-1"])
    do(g, "order:G-1", "activate:axis-1", "unit:axis-1")
    assert "give:axis-1:axis-2" in opts(g)
    do(g, "give:axis-1:axis-2")
    assert g.state["units"]["axis-2"]["weapon"] == "axis-1-w"
    assert "spends 1 MP to hand axis-1-w to axis-2" in text(g)


def test_7_2_1_exit_by_the_enemy_edge_scores_exit_vp() -> None:
    g = new([{"type": "ger-rifle-squad", "hex": "O5"}, {"type": "ger-rifle-squad", "hex": "A1"}],
            [{"type": "us-rifle-squad", "hex": "A9"}])
    hand(g, 0, ["G-1"])
    do(g, "order:G-1", "activate:axis-1", "unit:axis-1", "exit", "space:3")
    assert g.state["units"]["axis-1"]["where"] == "time_track"
    assert "axis-1" in g.state["reinforcements"]["3"]
    assert g.state["vp"] == 2
