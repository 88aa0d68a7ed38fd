"""Units on the map: stacking (8.2), set-up zones (2.1), reinforcements on the friendly edge
(6.1.2, 7.2), Objective control (7.3.1), Sniper adjacency (1.9.1.3) and the built-in scenarios."""

from __future__ import annotations

import random

from fire_helpers import game, go, opts

from tactica.core.game import Game
from tactica.games.combat_commander import CombatCommanderRules


def test_8_2_overstack_free_deploy_then_eliminate() -> None:
    # the 8.2 example: two broken German Squads in one hex at the end of a Turn
    g = game([{"type": "ger-rifle-squad", "hex": "B5"}, {"type": "ger-rifle-squad", "hex": "B5"}],
             [{"type": "us-rifle-squad", "hex": "O1"}])
    for u in ("axis-1", "axis-2"):
        g.state["units"][u]["broken"] = True
    go(g, "pass", "done")
    assert g.decision().step == "overstack"
    assert set(opts(g)) == {"deploy:axis-1", "deploy:axis-2", "eliminate:axis-1", "eliminate:axis-2"}
    go(g, "deploy:axis-1")  # two broken Teams: 4 + 2 + 2 = 8, still overstacked
    teams = ["axis-1.a", "axis-1.b"]
    assert all(g.state["units"][t]["broken"] and g.state["units"][t]["hex"] == "B5" for t in teams)
    assert g.state["units"]["axis-1"]["where"] == "out"
    assert not any(o.startswith("deploy:") for o in opts(g))  # one free Deploy per hex
    go(g, "eliminate:axis-1.b")
    assert g.decision().step != "overstack"  # 6 figures: legal
    assert g.state["vp"] == -1  # the Team is worth 1 VP to the Allies (7.1)


def test_8_2_seven_figures_are_legal() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B5"}, {"type": "ger-rifle-team", "hex": "B5"},
              {"type": "ger-ldr-bolter", "hex": "B5"}], [{"type": "us-rifle-squad", "hex": "O1"}])
    go(g, "pass", "done")
    assert g.decision().step != "overstack"


def test_2_1_units_set_up_in_their_zones_one_at_a_time() -> None:
    g = game([{"type": "ger-rifle-squad", "zone": "west"}],
             [{"type": "us-rifle-squad", "zone": "east"}, {"type": "us-rifle-squad", "zone": "east"}])
    # the side that does not take the first Turn sets up first (our reading)
    d = g.decision()
    assert d.step == "place" and d.seat == 1
    assert all(o[len("hex:"):][0] in "NO" for o in opts(g))
    go(g, "hex:N1", "hex:N2")
    assert g.decision().seat == 0 and all(o[len("hex:"):][0] in "AB" for o in opts(g))
    go(g, "hex:A1")
    assert g.decision().step == "turn" and g.state["units"]["axis-1"]["hex"] == "A1"


def test_8_2_set_up_keeps_to_the_stacking_limit() -> None:
    g = game([{"type": "ger-rifle-squad", "zone": "west"}, {"type": "ger-rifle-squad", "zone": "west"}],
             [{"type": "us-rifle-squad", "hex": "O1"}])
    go(g, "hex:A1")
    assert "hex:A1" not in opts(g)


def test_6_1_2_reinforcements_enter_on_the_friendly_edge() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B5"}], [{"type": "us-rifle-squad", "hex": "O1"}],
             allies_reinf={"1": ["us-rifle-team"]})
    uid = g.state["reinforcements"]["1"][0]
    g.state["units"]["allies-1"]["hex"] = "O3"
    g.state["units"]["allies-1"]["seat"] = 0  # an enemy unit in O3: no entry there
    g.push("time_advance", seat=0, cause="test", phase="advance")
    g.refresh()
    go(g)
    d = g.decision()
    assert d.step == "place" and d.seat == 1
    hexes = {o.args["hex"] for o in g.legal_options()}
    assert hexes == {f"O{n}" for n in range(1, 11)} - {"O3"}
    go(g, "hex:O5")
    assert g.state["units"][uid]["hex"] == "O5" and g.state["units"][uid]["where"] == "map"


def test_7_3_1_objective_goes_to_the_last_sole_occupant() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "H5"}], [{"type": "us-rifle-squad", "hex": "O1"}])
    assert g.state["objectives"]["3"]["hex"] == "H5"
    assert g.state["objectives"]["3"]["owner"] == 0
    g.state["units"]["allies-1"]["hex"] = "H5"  # both sides: control does not change
    g.rules.after_order(g)  # type: ignore[attr-defined]
    assert g.state["objectives"]["3"]["owner"] == 0
    g.state["units"]["axis-1"]["hex"] = "H4"
    g.rules.after_order(g)  # type: ignore[attr-defined]
    assert g.state["objectives"]["3"]["owner"] == 1


def test_1_9_1_3_sniper_reaches_the_random_hex_and_its_neighbours() -> None:
    g = game([{"type": "ger-rifle-squad", "hex": "B5"}, {"type": "ger-rifle-squad", "hex": "C5"},
              {"type": "ger-rifle-squad", "hex": "D5"}], [{"type": "us-rifle-squad", "hex": "B4"}])
    rules: CombatCommanderRules = g.rules  # type: ignore[assignment]
    assert rules.sniper_targets(g, "B5") == ["allies-1", "axis-1", "axis-2"]
    assert sorted(rules.adjacent_hexes(g, "B5")) == ["A5", "A6", "B4", "B6", "C5", "C6"]


def test_builtin_scenarios_set_up_and_play_to_an_end() -> None:
    r = CombatCommanderRules()
    for info in r.scenarios():
        g = Game.new(r, info.id, 7)
        assert g.decision().step in ("arm", "place")
        rng = random.Random(7)
        n = 0
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_options()).id)
            n += 1
        assert n < 20_000
        assert all(u["hex"] is not None for u in g.state["units"].values() if u["where"] == "map")


def test_11_2_weapons_are_handed_out_at_set_up() -> None:
    g = game([{"type": "ger-rifle-squad", "zone": "west", "weapon": "ger-lmg"},
              {"type": "ger-rifle-team", "zone": "west"}], [{"type": "us-rifle-squad", "hex": "O1"}])
    d = g.decision()
    assert d.step == "arm" and d.seat == 0
    assert opts(g) == ["carry:axis-1", "carry:axis-2"]
    go(g, "carry:axis-2")
    assert g.state["units"]["axis-2"]["weapon"] == "axis-1-w"
    assert g.state["weapons"]["axis-1-w"]["carrier"] == "axis-2"
    assert g.state["units"]["axis-1"]["weapon"] is None
    assert g.decision().step == "place"
