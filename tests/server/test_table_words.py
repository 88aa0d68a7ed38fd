"""The drawing's words and safety: irreversible options ask first or sit in a menu, ids become
names, sections, baselines and set-up areas are drawn, and each seat's map faces it."""

from __future__ import annotations

import random

import tactica
from tactica.games.great_war.cards import COMBAT
from tactica.server.table import table_for


def _play_until(g, want, rng, avoid=("extra",), limit=400):
    for _ in range(limit):
        d = g.decision()
        if d is None or want(g, d):
            return d
        pool = [o for o in d.options if o.kind not in avoid] or d.options
        g.apply(rng.choice(pool).id)
    raise AssertionError("the position never came")


def test_cc_eliminating_a_weapon_is_never_a_click_on_a_unit_and_asks_first():
    g = tactica.new_game("combat_commander", "bridge_at_dawn", seed=3)
    d = _play_until(g, lambda g, d: any(o.kind == "extra" for o in d.options), random.Random(1))
    t = table_for(g, d.seat, g.view(d.seat))
    drops = [o for o in d.options if o.kind == "extra"]
    for o in drops:
        spec = t["options"][o.id]
        assert spec["path"] == [] and spec["group"] and "for good" in spec["confirm"]
        assert o.args["weapon"] not in spec["confirm"], "the Weapon is named in words"
    plain = [o for o in d.options if o.kind != "extra"]
    assert all("confirm" not in t["options"][o.id] for o in plain if o.kind in ("card", "order"))


def test_cc_names_replace_ids_and_setup_areas_are_drawn_for_both_sides():
    g = tactica.new_game("combat_commander", "bridge_at_dawn", seed=3)
    d = g.decision()
    assert d is not None
    t = table_for(g, d.seat, g.view(d.seat))
    assert {z["kind"] for z in t["zones"]} == {"setup"} and {z["side"] for z in t["zones"]} == {0, 1}
    assert t["facing"] == [0, 180]
    names = t["names"]
    assert names["axis-4"].startswith("Rifle squad") and names["axis-4"] != names["allies-4"]
    assert len(set(names.values())) == len(names), "two counters never share a name"
    _play_until(g, lambda g, d: not any(f["step"] == "cc_setup" for f in g.state["stack"]), random.Random(2))
    assert table_for(g, 0, g.view(0))["zones"] == [], "set-up areas only during the set-up"


def test_tgw_sections_baselines_and_facing_are_drawn_from_each_seat():
    g = tactica.new_game("great_war", "ridge_trench", seed=3)
    t0, t1 = table_for(g, 0, g.view(0)), table_for(g, 1, g.view(1))
    assert t0["facing"] == [0, 180]
    sec0 = {z["id"]: z for z in t0["zones"] if z["kind"] == "section"}
    sec1 = {z["id"]: z for z in t1["zones"] if z["kind"] == "section"}
    assert sec0["section-left"]["label"] == "Left section"
    assert sec1["section-left"]["label"] == "Right section", "the Central player's left is the Allied right"
    assert sec0["section-left"]["hexes"] == sec1["section-left"]["hexes"]
    base = {z["side"]: z for z in t0["zones"] if z["kind"] == "baseline"}
    assert all(h.endswith("9") for h in base[0]["hexes"]) and all(h.endswith("1") for h in base[1]["hexes"])


def test_tgw_surprise_ambush_asks_first_and_names_its_cost():
    for seed in range(40):
        g = tactica.new_game("great_war", "ridge_trench", seed=seed)
        rng = random.Random(seed)
        try:
            d = _play_until(g, lambda g, d: any(o.kind == "ambush" for o in d.options), rng,
                            avoid=("ambush",), limit=200)
        except AssertionError:
            continue
        if d is None:
            continue
        t = table_for(g, d.seat, g.view(d.seat))
        for o in d.options:
            spec = t["options"][o.id]
            if o.kind == "ambush":
                card = COMBAT[o.args["card"]]
                assert spec["path"] == [{"unit": o.args["unit"]}]
                assert card["name"] in spec["confirm"] and f"{card['cost']} HQ" in spec["confirm"]
            elif o.kind == "order":
                assert "confirm" not in spec
        return
    raise AssertionError("no seed reached a Surprise Ambush")


def test_terse_prompts_are_put_in_words_with_who_and_the_totals():
    for module, scenario, step in (("great_war", "ridge_trench", "ignore_flags"),
                                   ("combat_commander", "bridge_at_dawn", "initiative")):
        for seed in range(20):
            g = tactica.new_game(module, scenario, seed=seed)
            try:
                d = _play_until(g, lambda g, d, step=step: d.step == step, random.Random(seed), limit=800)
            except AssertionError:
                continue
            if d is None:
                continue
            t = table_for(g, d.seat, g.view(d.seat))
            if step == "ignore_flags":
                flags = g.state["cc"]["flags"]
                assert t["prompt"].startswith(f"{g.state['cc']['target']} took {flags} flag(s)")
                labels = [t["options"][o.id]["label"] for o in d.options if o.kind == "ignore"]
                assert labels[0] == f"Ignore 0 of {flags} flag(s): retreat {flags} hex(es)"
            else:
                assert all(w in t["prompt"] for w in ("Initiative (9.1)", " = ", "roll for"))
            break
        else:
            raise AssertionError(f"no seed reached {step}")
