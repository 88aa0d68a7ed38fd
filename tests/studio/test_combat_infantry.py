"""The studio's Combat Infantry adapter: blocks placed by label on an inline board (hexside terrain
and levels), blocks with values of their own, forced d10s, and the fog of war of 1.0 holding on
a studio-built position."""

from __future__ import annotations

import json

import pytest

from tactica import studio
from tactica.core.game import Game
from tactica.core.record import replay_record
from tactica.games.combat_infantry.blocks import sheet
from tactica.games.combat_infantry.scenarios import geo_of
from tactica.studio import StudioError


def ci(board: studio.BoardSpec | bool | None = True) -> studio.Position:
    """A position on a small inline board (``None``: on the base scenario's map)."""
    if board is True:
        board = studio.board(6, 5)
    return studio.Position("combat_infantry", board or None)


def play(g: Game, *labelled: str) -> None:
    """Apply options written with block labels (the game names blocks by their piece ids)."""
    for text in labelled:
        g.apply(":".join(g.state["pieces"].get(t, t) for t in text.split(":")))


def options(g: Game) -> list[str]:
    back = {p: b for b, p in g.state["pieces"].items()}
    return [":".join(back.get(t, t) for t in o.id.split(":")) for o in g.legal_options()]


def squad_fires(stats: dict[str, int] | None = None, rolls: tuple[int, ...] = (4, 4, 9, 9)) -> Game:
    """A US rifle squad (4 steps) in B3 under its platoon HQ, a German squad of 2 steps in D3
    (clear, 2 hexes off): the squad is commanded and fires with the forced dice."""
    p = ci()
    p.unit("usa", "phq", "B3", id="US-A1-PHQ")
    p.unit("usa", "rifle", "B3", id="US-A1-IN1", stats=stats)
    p.unit("ger", "rifle", "D3", id="GE-A1-IN1", steps=2)
    g = p.turn("usa").roll(*rolls).game(seed=5)
    firer = next(b for b in g.state["blocks"] if b.startswith("US-A1-IN1"))
    play(g, "hq:US-A1-PHQ", "stay", f"cmd:{firer}", "fire:D3")
    return g


def test_6_1_fire_with_forced_d10s_on_a_studio_position_takes_the_steps() -> None:
    g = squad_fires(rolls=(1, 3, 9, 9))  # F3: a 1 and a 3 hit, 9s miss (6.1)
    assert "GE-A1-IN1" not in g.state["blocks"] and g.state["dead"] == ["GE-A1-IN1"]
    assert g.state["vp"] == [1, 0]  # 6.33: the eliminated block is a VP to the other side
    assert g.state["blocks"]["US-A1-IN1"]["posture"] == "up"  # 6.1: the firer is revealed


def test_a_block_of_its_own_fires_at_its_own_value_and_the_sheet_is_untouched() -> None:
    printed = squad_fires(rolls=(4, 4, 9, 9))  # F3: 4s miss
    assert printed.state["blocks"]["GE-A1-IN1"]["steps"] == 2
    own = squad_fires({"f": 4}, rolls=(4, 4, 9, 9))  # F4: 4s hit, two steps lost
    assert "US-A1-IN1+f=4" in own.state["blocks"] and own.state["dead"] == ["GE-A1-IN1"]
    assert sheet()["US-A1-IN1"].f == 3 and "US-A1-IN1+f=4" not in dict(sheet())


def test_inline_hexside_terrain_hedge_stops_fire_and_levels_make_slopes() -> None:
    def adjacent(hexsides: dict[str, list[str]]) -> Game:
        b = studio.board(6, 5, hexes={"E2": {"terrain": ["clear"], "elevation": 1}}, hexsides=hexsides)
        p = ci(b)
        p.unit("usa", "phq", "C3", id="US-A1-PHQ")
        p.unit("usa", "rifle", "C3", id="US-A1-IN1")
        p.unit("ger", "rifle", "D3", id="GE-A1-IN1")
        g = p.turn("usa").game(seed=2)
        play(g, "hq:US-A1-PHQ", "stay", "cmd:US-A1-IN1")
        return g

    assert "fire:D3" in options(adjacent({}))
    hedged = adjacent({"C3/D3": ["hedge"]})
    assert "fire:D3" not in options(hedged)  # TEC: a hedge hexside lets no fire across
    geo = geo_of(hedged.state)
    c3, d3, e2, e3 = (geo.index[x] for x in ("C3", "D3", "E2", "E3"))
    assert geo.cost(c3, d3) >= 99  # ... nor any move
    assert geo.uphill[e3][e2] and not geo.uphill[e2][e3]  # a level change is a slope (3.4)


def test_fog_of_war_holds_on_a_studio_position() -> None:
    p = ci()
    p.unit("usa", "phq", "B3", id="US-A1-PHQ")
    p.unit("usa", "rifle", "B3", id="US-A1-IN1", stats={"f": 4})
    p.unit("ger", "rifle", "D3", id="GE-A1-IN1", posture="down")
    p.unit("ger", "tank", "E4", id=next(b for b, lab in sheet().items() if lab.type == "tank"
                                         and lab.side == 1), posture="up")
    g = p.turn("usa").game(seed=4)
    ger_view = json.dumps(g.view("ger"))
    for hidden in ("US-A1-PHQ", "US-A1-IN1+f=4"):  # upright: the Germans see pieces only
        assert g.state["pieces"][hidden] in ger_view
    assert "US-A1" not in ger_view and "f=4" not in ger_view
    usa_view = json.dumps(g.view("usa"))
    assert "GE-A1-IN1" not in usa_view and g.state["pieces"]["GE-A1-IN1"] in usa_view
    tank = next(b for b in g.state["blocks"] if sheet()[b].type == "tank")
    assert tank in usa_view  # a face-up block shows its label to both sides (1.0)
    # 1.0: piece ids are dealt at random, so a piece does not say which label it carries
    deals = {tuple(sorted(p.turn("usa").game(seed=s).state["pieces"].items())) for s in range(8)}
    assert len(deals) > 1


def test_hq_activation_state_and_whose_turn() -> None:
    p = ci()
    p.unit("ger", "phq", "B3", id="GE-A1-PHQ")
    p.unit("ger", "phq", "D3", id="GE-A2-PHQ", acted=True)  # already activated this game turn
    g = p.turn("ger").game()
    assert g.decision().seat == 1
    assert options(g) == ["hq:GE-A1-PHQ", "pass"]
    done = ci()
    done.unit("ger", "phq", "B3", id="GE-A1-PHQ")
    done.unit("ger", "phq", "D3", id="GE-B1-PHQ")
    g = done.setting(done_companies=["A"]).turn("ger").game()
    assert options(g) == ["hq:GE-B1-PHQ", "pass"]  # 4.0: company A has activated its HQ
    play(g, "pass")  # 1.1: no American HQ, so the player turns go on to the Germans' next
    assert (g.state["pt"], g.state["active"], g.decision().seat) == (3, 1, 1)
    assert options(g) == ["hq:GE-A1-PHQ", "hq:GE-B1-PHQ", "pass"]


def test_a_studio_position_replays_from_its_record() -> None:
    g = squad_fires(rolls=(1, 3, 9, 9))
    assert replay_record(g.rules, g.record).state == g.state


@pytest.mark.parametrize(("call", "message"), [
    (lambda p: p.unit("usa", "rifle", "B3"), "named by its label"),
    (lambda p: p.unit("usa", "rifle", "B3", id="US-NOPE"), "no such label"),
    (lambda p: p.unit("usa", "mg", "B3", id="US-A1-IN1"), "is a rifle"),
    (lambda p: p.unit("usa", "rifle", "B3", id="GE-A1-IN1"), "belongs to ger"),
    (lambda p: p.unit("usa", "rifle", "Z9", id="US-A1-IN1"), "not a hex"),
    (lambda p: p.unit("usa", "rifle", "B3", id="US-A1-IN1", steps=9), "9 steps"),
    (lambda p: p.unit("usa", "rifle", "B3", id="US-A1-IN1", posture="sideways"), "posture"),
    (lambda p: p.unit("usa", "rifle", "B3", id="US-A1-IN1", stats={"colour": 1}), "stats"),
    (lambda p: p.roll(11), "d10"),
    (lambda p: p.hand("usa", ["x"]), "no hands"),
])
def test_bad_positions_are_refused_with_the_entry(call, message) -> None:  # type: ignore[no-untyped-def]
    p = ci()
    with pytest.raises(StudioError, match=message):
        call(p)
        p.game()


def test_without_a_board_the_base_scenarios_map_and_its_objectives_wire_and_support_stay() -> None:
    base = Game.new(studio.Position("combat_infantry").adapter.new_rules([]), "saint_martin", seed=1)
    p = ci(None).setting(base="saint_martin")
    p.unit("usa", "phq", "J3", id="US-A3-PHQ")
    g = p.turn("usa").game(seed=1)
    assert "map" not in g.state and geo_of(g.state).board.layout.cols > 6
    for key in ("objectives", "wire", "support", "attached"):
        assert g.state[key] == base.state[key], key
    assert base.state["objectives"] and base.state["support"] != [[0, 0], [0, 0]]
    inline = ci().setting(objectives={"C3": 2})
    inline.unit("usa", "phq", "B3", id="US-A1-PHQ")
    h = inline.turn("usa").game()
    assert h.state["objectives"] == [[geo_of(h.state).index["C3"], 2]]
    assert (h.state["wire"], h.state["support"], h.state["attached"]) == ([], [[0, 0], [0, 0]], {})


def test_10_5_the_scripted_policy_reads_an_inline_board() -> None:
    """Priority 2 (fire at an adjacent hex with fewer units) found on the studio's own map, whose
    hexes the base scenario's map lays out otherwise (its A1 is not this board's A1)."""
    import random

    from tactica.games.combat_infantry.scripted import POLICY

    p = ci(studio.board(4, 3))
    p.unit("usa", "phq", "B2", id="US-A3-PHQ")
    p.unit("usa", "rifle", "B2", id="US-A3-IN1")
    p.unit("ger", "rifle", "C2", id="GE-A1-IN1")
    g = p.turn("usa").game()
    play(g, "hq:US-A3-PHQ", "stay", "cmd:US-A3-IN1")
    assert geo_of(g.state).n == 12
    assert POLICY.choose(g, 0, random.Random(0)).id == "fire:C2"


@pytest.mark.parametrize("seed", [0, 1])
def test_1_0_fog_holds_through_a_studio_game_played_to_its_end(seed: int) -> None:
    """Random play from a studio position (inline board, blocks with values of their own) to the
    10.4 verdict; at every decision neither seat's view names a hidden block of the other side."""
    import random

    b = studio.board(8, 6, hexes={"D3": ["woods"], "E3": {"terrain": ["town"], "elevation": 1}},
                     hexsides={"C4/D4": ["hedge"]}, roads=[["A1", "B1", "C1"]])
    p = ci(b).setting(game_turns=2, objectives={"E3": 2})
    for bid, h in [("US-A-CHQ", "A2"), ("US-A1-PHQ", "B3"), ("US-A1-IN1", "B3"), ("US-A1-IN2", "B4"),
                   ("US-A-MG", "A3"), ("GE-A-CHQ", "H2"), ("GE-A1-PHQ", "F3"), ("GE-A1-IN1", "E3"),
                   ("GE-A1-IN2", "F4")]:
        lab = sheet()[bid]
        p.unit(lab.side, lab.type, h, id=bid, stats={"f": 4} if lab.type == "rifle" else None)
    g = p.turn("usa").game(seed=seed)
    rng = random.Random(seed)
    while not g.is_terminal():
        s = g.state
        for seat in (0, 1):
            view = json.dumps(g.view(seat))
            hidden = [bid for bid, r in s["blocks"].items() if sheet()[bid].side != seat
                      and r["posture"] != "up" and s["pieces"][bid] not in s["seen"]]
            assert not [bid for bid in hidden if bid.split("+")[0] in view]
        g.apply(rng.choice(g.legal_options()).id)
    assert studio.entries(g, "10.4", "Victory points")
