"""A54 Storm Troops in a real Move Order: boxed-Range movers (and a Leader with them) enter an
enemy-occupied hex, lose their MPs there, draw no Op Fire at it nor from its defenders, and Melee
follows the Order; refused before 1916 (A54.1) and for a group with a unit without boxed Range."""

from __future__ import annotations

from tactica import studio
from tactica.core.game import Game
from tactica.games.commander_family.op_fire import may_op_activate
from tactica.games.commander_family.state import side
from tactica.games.great_war_commander import RULES

from .cards_helpers import opts, settle
from .gwc_helpers import active
from .test_core_orders import fresh_scene


def storm_scene(date: str = "1916-06") -> tuple[studio.Position, str, str]:
    """Germany (seat 0) to give a Move with a Storm Troops card in hand (beside the cards it is
    dealt and a Move card); no Strategy Cards. Returns the position, the Move card and the Storm
    Troops card."""
    p = fresh_scene("verdun_gas_1916").setting(date=date)
    p.hand(0, [], kind="strategy").hand(1, [], kind="strategy")
    assert active(p) == 0
    sd = p.game(seed=1).state["sides"][0]
    assert sd["nation"] == "Germany"
    st = next(c for c in sd["hand"] + sd["deck"]["draw"] + sd["deck"]["discard"]
              if RULES.card(c).action == "Storm Troops")
    held = [c for c in sd["hand"] if c != st]
    card = next(c for c in [*held, *sd["deck"]["draw"], *sd["deck"]["discard"]]
                if c != st and RULES.card(c).order == "Move")
    p.hand(0, [*held, *([] if card in held else [card]), st])
    return p, card, st


def open_neighbour(g: Game, label: str) -> str:
    from tactica.games.commander_family.movement import step_cost

    rules = g.rules
    return next(h for h in rules.adjacent_hexes(g, label)  # type: ignore[attr-defined]
                if (c := step_cost(g, label, h)) is not None and c <= 2)


def test_A54_storm_troops_enter_an_enemy_hex_and_melee_follows() -> None:
    p, card, st = storm_scene()
    here = "H6"
    storm = p.unit(0, "ger-stosstruppen", here)
    leader = p.unit(0, "ger-ldr-mueller", here)
    there = open_neighbour(p.game(seed=1), here)
    enemy = p.unit(1, "fr-poilus", there)
    g = p.game(seed=1)
    g.apply(f"order:{card}")
    settle(g)
    g.apply(f"activate:{leader}")
    g.apply(f"add:{storm}")
    if "done" in opts(g):
        g.apply("done")
    settle(g, stop_for=0)
    assert f"action:{st}" in opts(g)
    g.apply(f"action:{st}")
    settle(g)
    g.apply(f"unit:{storm}")
    if f"join:{leader}" in opts(g):
        g.apply(f"join:{leader}")
    settle(g)
    assert f"to:{there}" in opts(g)
    g.apply(f"to:{there}")
    assert g.state["units"][storm]["hex"] == there
    assert not any(f["step"] == "op_fire" for f in g.state["stack"])
    assert not may_op_activate(g, enemy)  # the defenders may not Op Fire
    lines = g.log_lines()
    assert any(line.startswith("A54:") and "storm enemy-occupied" in line for line in lines)
    settle(g)
    # the group's Move is over; the Order ends and Melee in the stormed hex follows
    for _ in range(40):
        if any(f["step"] == "melee" for f in g.state["stack"]) or g.is_terminal():
            break
        o = opts(g)
        g.apply("end" if "end" in o else o[-1])
        settle(g)
    assert any(f["step"] == "melee" and f["args"].get("hex") in (None, there)
               for f in g.state["stack"]), g.log_lines()[-8:]
    assert g.state["units"][enemy]["hex"] == there


def test_A54_not_before_1916_nor_for_a_plain_platoon() -> None:
    p, card, st = storm_scene("1915-09")
    storm = p.unit(0, "ger-stosstruppen", "H6")
    p.unit(1, "fr-poilus", open_neighbour(p.game(seed=1), "H6"))
    g = p.game(seed=1)
    g.apply(f"order:{card}")
    settle(g)
    g.apply(f"activate:{storm}")
    settle(g, stop_for=0)
    assert f"action:{st}" not in opts(g)  # A54.1

    p, card, st = storm_scene()
    plain = p.unit(0, "ger-landwehr", "H6")
    storm = p.unit(0, "ger-stosstruppen", "H6")
    leader = p.unit(0, "ger-ldr-mueller", "H6")
    there = open_neighbour(p.game(seed=1), "H6")
    p.unit(1, "fr-poilus", there)
    g = p.game(seed=1)
    g.apply(f"order:{card}")
    g.apply(f"activate:{leader}")
    g.apply(f"add:{plain}")
    g.apply(f"add:{storm}")
    if "done" in opts(g):
        g.apply("done")
    settle(g, stop_for=0)
    g.apply(f"action:{st}")
    settle(g)
    g.apply(f"unit:{plain}")
    g.apply(f"join:{storm}")
    g.apply("go")
    settle(g)
    assert f"to:{there}" not in opts(g)  # the Landwehr's Range is not boxed
    assert g.state["units"][plain]["hex"] == "H6"


def hemmed_in(date: str = "1916-06", plain: bool = False) -> tuple[Game, str, str, str, list[str]]:
    """A Stosstruppen unit in H6 with an enemy in every neighbouring hex: its only steps are into
    enemy-occupied hexes. With ``plain`` a Landwehr stands with it, and is the unit returned."""
    p, card, st = storm_scene(date)
    storm = p.unit(0, "ger-stosstruppen", "H6")
    if plain:
        storm = p.unit(0, "ger-landwehr", "H6")
    look = p.game(seed=1)
    around = list(look.rules.adjacent_hexes(look, "H6"))  # type: ignore[attr-defined]
    for h in around:
        p.unit(1, "fr-poilus", h)
    return p.game(seed=1), card, st, storm, around


def test_A54_a_unit_whose_only_step_is_into_an_enemy_hex_may_be_activated_to_storm() -> None:
    from tactica.games.commander_family.movement import can_step

    g, card, st, storm, around = hemmed_in()
    assert can_step(g, storm)
    g.apply(f"order:{card}")
    settle(g)
    assert f"activate:{storm}" in opts(g)
    g.apply(f"activate:{storm}")
    settle(g, stop_for=0)
    assert f"action:{st}" in opts(g)
    g.apply(f"action:{st}")
    settle(g)
    g.apply(f"unit:{storm}")
    settle(g)
    into = next(o for o in opts(g) if o.startswith("to:"))
    assert into[3:] in around
    g.apply(into)
    assert g.state["units"][storm]["hex"] == into[3:]


def test_A54_no_activation_into_enemy_hexes_without_a_storm_troops_card_or_before_1916() -> None:
    from tactica.games.commander_family.movement import can_step

    g, _, st, storm, _ = hemmed_in()
    sd = side(g.state, 0)
    sd["hand"].remove(st)
    for c in list(sd["deck"]["draw"]):  # every Storm Troops card in public view (discarded)
        if RULES.card(c).action == "Storm Troops":
            sd["deck"]["draw"].remove(c)
            sd["deck"]["discard"].append(c)
    sd["deck"]["discard"].append(st)
    assert not can_step(g, storm)
    g2, _, _, storm2, _ = hemmed_in("1915-06")  # A54.1
    assert not can_step(g2, storm2)
    g3, _, _, plain, around = hemmed_in(plain=True)  # the Landwehr beside it: no boxed Range
    assert around and not can_step(g3, plain)
