"""Great War Commander's search hooks: which Initiative windows search weighs, and the
evaluation's terms (search_hooks.py)."""

from __future__ import annotations

import random

from tactica.ai import make_agent
from tactica.ai.hooks import branch_point_for, evaluator_for
from tactica.core.game import Game
from tactica.games.commander_family.scripted import roll_settled, trigger_acts
from tactica.games.great_war_commander import search_hooks

from .gwc_helpers import new


def test_the_module_gives_its_own_hooks() -> None:
    assert branch_point_for("great_war_commander") is search_hooks.branch_point
    assert evaluator_for("great_war_commander") is search_hooks.evaluate


def test_9_1_search_weighs_the_reroll_only_of_rolls_that_decide_a_unit_or_the_game() -> None:
    """Artillery, Targeting, Air Assault, Immobilization and Support Table rolls are left to the
    policy; a Fire, Rally, Rout, Melee or Sudden Death roll is searched unless already settled
    (a Melee Roll: only the active side's, O16.4.2)."""
    seen = {True: 0, False: 0}
    melee: dict[str, list[Game]] = {"roll_inactive": [], "roll_active": []}
    for scenario, seed in (("verdun_gas_1916", 1), ("soissons_tanks_1918", 2), ("belleau_wood_1918", 3)):
        g = new(scenario, seed)
        agents = [make_agent("scripted", seed), make_agent("scripted", seed + 9)]
        while not g.is_terminal():
            d = g.decision()
            assert d is not None
            if d.step == "initiative":
                purpose = str(g.state["stack"][-2]["args"]["purpose"])
                weighed = purpose.startswith(search_hooks.SEARCHED_ROLLS)
                seen[weighed] += 1
                assert search_hooks.branch_point(g) == (weighed and not roll_settled(g, d.seat)), purpose
                if purpose.startswith("melee in ") and not trigger_acts(g, g.state["stack"][-2]["args"]):
                    melee[g.state["stack"][-3]["args"]["phase"]].append(g.clone())
            g.apply(agents[d.seat].choose(g, d.seat))
    assert seen[True] > 0 and seen[False] > 0
    # O16.4.2 with GWC's Melee Roll Actions (Bayonets, Charge, Elan): after the inactive side's
    # roll the active side may still add to its own, so that roll is never settled, however far
    # ahead; after the active side's roll both totals are known (windows whose card's trigger
    # does not act: a trigger that does leaves every roll open, 1.9.1).
    assert melee["roll_inactive"] and melee["roll_active"]
    for phase, windows in melee.items():
        for w in windows:
            for side in (0, 1):
                x = w.clone()
                x.state["stack"][-3]["args"]["bonus"] = {str(side): 40}
                assert roll_settled(x, side) == (phase == "roll_active"), phase
                assert not roll_settled(x, 1 - side)


def test_evaluation_follows_vp_casualties_broken_units_and_secret_chits() -> None:
    g = new("belleau_wood_1918", 1)
    base = search_hooks.evaluate(g)[0]
    assert -1 < base < 1 and search_hooks.evaluate(g)[1] == -base

    def after(change) -> float:  # type: ignore[no-untyped-def]
        c = g.clone()
        change(c.state)
        return search_hooks.evaluate(c)[0]

    assert after(lambda s: s.update(vp=s["vp"] + 1)) > base  # 7: + favours seat 0
    assert after(lambda s: s["sides"][0]["casualties"].append("x")) < base  # 6.3: closer to Surrender
    assert after(lambda s: s["sides"][1]["casualties"].append("x")) > base
    mine = next(u for u in g.state["units"].values() if u["seat"] == 0 and u["where"] == "map")
    assert after(lambda s: next(u for u in s["units"].values() if u["seat"] == 0 and u["where"] == "map"
                                and u["type"] == mine["type"]).update(broken=True)) < base

    def held(s, chits: list[str]) -> None:  # type: ignore[no-untyped-def]
        s["objectives"]["2"]["owner"] = 0
        s["sides"][0]["chits_secret"] = chits  # chit B: Objective 2 is worth 1 VP (objectives.yaml)

    assert after(lambda s: held(s, ["B"])) > after(lambda s: held(s, []))  # 7.3.3: scored for the holder


def test_evaluation_is_the_result_once_the_game_is_over() -> None:
    g = new("frontieres_1914", 4)
    rng = random.Random(4)
    while not g.is_terminal():
        g.apply(rng.choice(g.legal_options()).id)
    assert search_hooks.evaluate(g) == g.returns()
