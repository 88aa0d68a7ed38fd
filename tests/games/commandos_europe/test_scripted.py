"""The scripted commando policy's choices in set positions (it reads the public view only)."""

from __future__ import annotations

from ce_helpers import arena

from tactica import studio
from tactica.ai.scripted import ScriptedAgent
from tactica.core.game import Game
from tactica.games.commandos_europe.geo import geo
from tactica.games.commandos_europe.scripted import _mp_to


def _play_movement(g: Game) -> None:
    agent = ScriptedAgent(0)
    for _ in range(40):
        d = g.decision()
        if d is None or d.step not in ("movement", "form_stack", "moving"):
            return
        g.apply(agent.choose(g, 0))


def test_a_squad_standing_on_its_objective_steps_out_and_back_in_to_halt_there() -> None:
    # 10.10: the squad must halt in the hex after a move; an escape or a base can leave it there
    g = arena({"0-1": ("squad", "0745"), "demolitions": ("gear", "0745")},
              mission=("destroy_power_plant", "0745"), bases={"base-1": "0745"})
    g.chance.force_dice([10], sides=10)
    _play_movement(g)
    assert g.state["accomplished"] == 1
    assert any("accomplished in 0745" in x for x in g.log_lines())


def test_the_strike_squad_fetches_the_gear_and_the_other_squad_waits() -> None:
    g = arena({"0-1": ("squad", "0505"), "0-2": ("squad", "0505"), "demolitions": ("gear", "0505")},
              mission=("destroy_power_plant", "0745"))
    g.chance.force_dice([10, 10, 10], sides=10)
    _play_movement(g)
    s = g.state
    moved = [p for p in ("0-1", "0-2") if s["pieces"][p]["hex"] != "0505"]
    assert moved == ["0-1"] and s["pieces"]["demolitions"]["hex"] == s["pieces"]["0-1"]["hex"]


def test_detected_with_the_mission_gear_near_the_objective_it_stays_else_it_escapes() -> None:
    near = arena({"0-1": ("squad", "0743", {"detected": True}), "demolitions": ("gear", "0743"),
                  "0-2": ("squad", "0505")},
                 mission=("destroy_power_plant", "0745"), step="escape", hex="0743")
    assert ScriptedAgent(0).choose(near, 0) == "stay"
    bare = arena({"0-1": ("squad", "0743", {"detected": True}), "0-2": ("squad", "0505")},
                 mission=("destroy_power_plant", "0745"), step="escape", hex="0743")
    assert ScriptedAgent(0).choose(bare, 0) == "escape:base-1"
    last = arena({"0-1": ("squad", "0743", {"detected": True}), "demolitions": ("gear", "0743")},
                 mission=("destroy_power_plant", "0745"), step="escape", hex="0743")
    assert ScriptedAgent(0).choose(last, 0) == "escape:base-1"  # the last squad is not risked


def test_a_base_is_moved_where_the_squads_can_walk_not_onto_an_island() -> None:
    # 3.1/12.12 with 11.0: Cut Submarine Nets at 3452 is a pier joined only to a ship hex, sea all
    # round; a base there holds the scuba gear bought into it out of every squad's reach on foot
    p = studio.Position("commandos_europe").setting(map="continent", bases={"base-1": "2905"},
                                                     mission={"id": "cut_submarine_nets", "hex": "3452"})
    p.unit("commandos", "V-1", "2905")
    g = p.turn("commandos", "movement").game(seed=3)
    g.pop()
    g.push("place_base", base="base-1", col=None, rule="12.12")
    g.refresh()
    agent = ScriptedAgent(0)
    g.apply(agent.choose(g, 0))
    g.apply(agent.choose(g, 0))
    lab = g.state["bases"]["base-1"]
    gm = geo("continent")
    assert lab not in ("3452", "3553", "3352")
    assert not gm.all_sea(lab) and gm.dist(lab, "3452") <= 4
    assert lab in _mp_to("continent", "2905", False)  # V-1 walks there
