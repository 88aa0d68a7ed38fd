"""The family's caches of derived facts never go stale: after random decisions, what the engine
lists with its caches on equals what a from-scratch computation (caches off) lists, and the fast
paths (stat values, sight masks, the state copy) agree with the slow ones they replace."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tactica.core.game import Game, check_copy
from tactica.core.los import Overlay
from tactica.games import get_rules, register
from tactica.games.combat_commander.actions_other import smoke_hexes, smoke_playable
from tactica.games.commander_family import board_state
from tactica.games.commander_family.actions import could_play
from tactica.games.commander_family.board_state import los, overlay, reading, units_in
from tactica.games.commander_family.cards import unaccounted
from tactica.games.commander_family.fire import (
    can_hit_enemy,
    enemy_hexes,
    is_weapon,
    piece_range,
    pieces_of,
    reaches,
    reaches_any,
    wtype,
)
from tactica.games.commander_family.movement import entries, step_cost
from tactica.games.commander_family.state import side
from tactica.games.commander_family.stats import stat_value, unit_stat, weapon_stat, weapon_value

from .tiny_commander import RULES as TINY

CC_SCENARIOS = ["bridge_at_dawn", "hill_2_crown", "orchard_meeting", "ridge_1941"]
GWC_SCENARIOS = ["belleau_wood_1918", "frontieres_1914", "soissons_tanks_1918", "verdun_gas_1916"]


@contextmanager
def caches_off() -> Iterator[None]:
    board_state.CACHING = False
    try:
        yield
    finally:
        board_state.CACHING = True


def games(n_per: int) -> Iterator[tuple[str, Game]]:
    register(TINY)
    for i in range(n_per):
        yield "tiny_meeting", Game.new(TINY, "tiny_meeting", seed=100 + i)
        sc = CC_SCENARIOS[i % len(CC_SCENARIOS)]
        yield sc, Game.new(get_rules("combat_commander"), sc, seed=200 + i)


def walk(g: Game, seed: int, every: int) -> Iterator[Game]:
    """Play ``g`` at random to its end, yielding it at every ``every``-th decision."""
    rng = random.Random(seed)
    n = 0
    while not g.is_terminal():
        if n % every == 0:
            yield g
        opts = g.legal_options()
        g.apply(opts[rng.randrange(len(opts))])
        n += 1


def brute_can_hit(g: Game, uid: str, seat: int, ov: Overlay | None) -> bool:
    """O20.1 by asking LOS pair by pair, as before the sight masks."""
    here = g.state["units"][uid]["hex"]
    for p in pieces_of(g, uid):
        low = max(1, wtype(g, p).min_range if is_weapon(g, p) else 1)
        for t in enemy_hexes(g, seat):
            d = board_state.hex_distance(g, here, t)
            if low <= d <= piece_range(g, p) and los(g, here, t, ov).clear:
                return True
    return False


@pytest.mark.parametrize("k", range(3))
def test_options_with_caches_equal_options_computed_from_scratch(k: int) -> None:
    checked = 0
    for _sc, g0 in games(1):
        for g in walk(g0, k, 7):
            d = g.decision()
            assert d is not None
            fresh = g.clone()
            with caches_off():
                fresh._settle()
            d2 = fresh.decision()
            assert d2 is not None
            assert (d2.seat, d2.step) == (d.seat, d.step)
            assert [o.id for o in d2.options] == [o.id for o in d.options]
            checked += 1
    assert checked > 100


def test_fast_stat_values_equal_the_explained_stats() -> None:
    checked = 0
    for _sc, g0 in games(2):
        for g in walk(g0, 1, 11):
            for cached in (False, True):
                with reading(g) if cached else caches_off():
                    for uid in g.state["units"]:
                        for stat in ("fp", "range", "movement", "morale", "command"):
                            assert stat_value(g, uid, stat) == unit_stat(g, uid, stat).value, (uid, stat)
                            checked += 1
                    for wid in g.state["weapons"]:
                        for stat in ("fp", "range"):
                            assert weapon_value(g, wid, stat) == weapon_stat(g, wid, stat).value, (wid, stat)
    assert checked > 1000


def test_sight_masks_answer_as_lines_of_sight_pair_by_pair() -> None:
    """can_hit_enemy (sight masks) against a pair-by-pair LOS check, with Smoke and Blaze in play
    (a Blaze blocks, so it sends the masks back to the table)."""
    checked = hits = 0
    for _sc, g0 in games(2):
        for g in walk(g0, 2, 13):
            b = board_state.board_of(g)
            if b is None:
                continue
            for extra_blaze in ([], [b.labels[len(b.labels) // 2]]):
                saved = g.state.get("blaze")
                g.state["blaze"] = list(saved or []) + extra_blaze
                try:
                    ov = overlay(g)
                    for uid, u in g.state["units"].items():
                        if u["where"] != "map" or u["hex"] is None:
                            continue
                        seat = int(u["seat"])
                        fast = can_hit_enemy(g, uid, seat, ov)
                        assert fast == brute_can_hit(g, uid, seat, ov), uid
                        hits += fast
                        checked += 1
                        for t in enemy_hexes(g, seat)[:3]:
                            for p in pieces_of(g, uid):
                                r = reaches(g, p, t, ov)
                                mask = board_state.hex_mask(b, [t])
                                assert reaches_any(g, p, mask, ov) == (r is not None), (p, t)
                finally:
                    if saved is None:
                        del g.state["blaze"]
                    else:
                        g.state["blaze"] = saved
    assert checked > 200 and hits > 10


def test_a_scope_sees_no_change_made_outside_it() -> None:
    """The memo lives only as long as its scope: a unit moved between two scopes is seen."""
    g = Game.new(get_rules("combat_commander"), "hill_2_crown", seed=3)
    uid, u = next((k, v) for k, v in g.state["units"].items() if v["where"] == "map")
    with reading(g):
        before = units_in(g, u["hex"])
        assert uid in before
    old = u["hex"]
    u["hex"] = next(h for h in board_state.board_of(g).labels if h != old and not units_in(g, h))  # type: ignore[union-attr]
    with reading(g):
        assert uid not in units_in(g, old)
        assert uid in units_in(g, u["hex"])


def test_figures_by_unit_type_equal_the_hook_unit_by_unit() -> None:
    """8.2: the per-type figures cache answers as the stack_figures hook asked of each unit (the
    tiny game overrides the hook, so it is asked unit by unit there)."""
    checked = 0
    for _sc, g0 in games(1):
        for g in walk(g0, 4, 19):
            for seat in (0, 1):
                for uids in board_state.occupied(g, seat).values():
                    assert board_state.figures(g, uids) == sum(g.rules.stack_figures(g, u) for u in uids)
                    checked += 1
    assert checked > 50


def test_overstacked_by_figures_per_hex_equals_the_hook_hex_by_hex() -> None:
    """The one-pass figure count of overstacked (the default stack_ok) names the hexes that
    asking stack_ok about each hex's units names, in random games and with units piled into
    one hex until it is overstacked."""
    checked = over = 0
    for _sc, g0 in games(2):
        for g in walk(g0, 4, 5):
            for seat in (0, 1):
                by_hook = sorted(h for h, us in board_state.occupied(g, seat).items()
                                 if not g.rules.stack_ok(g, us))  # type: ignore[attr-defined]
                assert board_state.overstacked(g, seat) == by_hook
                checked += 1
        g = g0.clone()
        units = g.state["units"]
        mine = [u for u, v in units.items() if v["seat"] == 0 and v["where"] == "map"]
        if not mine:
            continue
        h = units[mine[0]]["hex"]
        for u in mine:  # piled in one at a time: the hex is overstacked exactly when the hook says
            units[u]["hex"] = h
            uids = board_state.occupied(g, 0)[h]
            want = [h] if not g.rules.stack_ok(g, uids) else []  # type: ignore[attr-defined]
            assert [x for x in board_state.overstacked(g, 0) if x == h] == want
            over += bool(want)
    assert checked > 200 and over > 0


def brute_entries(g: Game, seat: int, here: str, mps: int, movers: list[str]) -> list[tuple[str, int]]:
    """O21.1: every neighbour asked alone, as iter_entries did before its table of step costs."""
    out = []
    for n in board_state.neighbours(g, here):
        if not units_in(g, n, 1 - seat):
            c = step_cost(g, here, n, movers)
            if c is not None and c <= mps:
                out.append((n, c))
    return out


@pytest.mark.parametrize("game", ["combat_commander", "great_war_commander"])
def test_entries_from_the_table_of_step_costs_equal_each_step_asked_alone(game: str) -> None:
    """iter_entries (the map's costs from a per-hex table, enemies from the scope's units by
    hex) against step_cost and units_in asked hex by hex, in and out of a read scope, for every
    unit on the map with 1 or 3 MPs, in random games (GWC: its Gas, Shellholes and Trenches)."""
    scenarios = CC_SCENARIOS if game == "combat_commander" else GWC_SCENARIOS
    checked = 0
    for i, sc in enumerate(scenarios):
        for g in walk(Game.new(get_rules(game), sc, seed=400 + i), i, 23):
            on_map = [(u, v) for u, v in g.state["units"].items() if v["where"] == "map"]
            for cached in (False, True):
                with reading(g) if cached else caches_off():
                    for uid, u in on_map:
                        for mps in (1, 3):
                            want = brute_entries(g, u["seat"], u["hex"], mps, [uid])
                            assert entries(g, u["seat"], u["hex"], mps, [uid]) == want, (uid, mps)
                            checked += 1
    assert checked > 1000


def test_the_shaped_copy_equals_a_round_trip_and_shares_nothing() -> None:
    for _sc, g0 in games(1):
        for g in walk(g0, 3, 17):
            check_copy(g.state, g.rules.copy_state(g.state), g.rules.id)


def shared_container(state: dict[str, object]) -> str | None:
    """The path of a list or dict met twice in ``state`` (None: the state is a tree); the
    paths are spelled out only once some part was met twice (speed: asked at every decision)."""
    seen: set[int] = set()
    todo: list[object] = [state]
    while todo:
        v = todo.pop()
        if v.__class__ is dict or v.__class__ is list:
            if id(v) in seen:
                return _path_of_second(state)
            seen.add(id(v))
            todo.extend(v.values() if isinstance(v, dict) else v)  # type: ignore[attr-defined]
    return None


def _path_of_second(state: dict[str, object]) -> str:
    seen: set[int] = set()
    todo: list[tuple[str, object]] = [("state", state)]
    while todo:
        where, v = todo.pop()
        if isinstance(v, (dict, list)):
            if id(v) in seen:
                return where
            seen.add(id(v))
            items = v.items() if isinstance(v, dict) else enumerate(v)
            todo.extend((f"{where}[{k!r}]", x) for k, x in items)
    raise AssertionError("no part met twice")


@pytest.mark.parametrize("game", ["combat_commander", "great_war_commander"])
def test_states_are_trees_so_the_shaped_copy_equals_a_round_trip(game: str) -> None:
    """copy_state copies the stack and the game's own keys part by part (copy_plain), which
    matches a marshal round trip only while no list or dict is held twice in the state (a round
    trip keeps such a part shared, a part-by-part copy would not): checked at every decision of
    random games (one per map scenario), with the copy held to the round trip at every tenth."""
    scenarios = CC_SCENARIOS if game == "combat_commander" else GWC_SCENARIOS
    checked = 0
    for i, sc in enumerate(scenarios):
        for g in walk(Game.new(get_rules(game), sc, seed=300 + i), i, 1):
            assert shared_container(g.state) is None, (sc, shared_container(g.state))
            if checked % 10 == 0:
                copy = g.rules.copy_state(g.state)
                check_copy(g.state, copy, game)
                assert shared_container(copy) is None
            checked += 1
    assert checked > 1000


def test_windows_passed_without_listing_play_as_when_listed() -> None:
    """Step.opens_first: a game that passes a closed Action or Op Fire window without listing its
    options (the engine's fast path) makes the same decisions, in the same order, to the same end
    as one that lists them and checks that the pass was the only option (check_windows)."""
    windows = 0
    for _sc, g0 in games(2):
        fast, checked = g0.clone(), g0.clone()
        rng = random.Random(5)
        while not fast.is_terminal():
            d, e = fast.decision(), checked.decision()
            assert d is not None and e is not None
            assert (d.seat, d.step, [o.id for o in d.options]) == (e.seat, e.step, [o.id for o in e.options])
            windows += d.step in ("action_window", "op_fire")
            pick = d.options[rng.randrange(len(d.options))].id
            Game.check_windows = False  # a class setting (the tests turn it on for every game)
            try:
                fast.apply(pick)
            finally:
                Game.check_windows = True
            checked.apply(pick)
        assert checked.is_terminal() and fast.state == checked.state
    assert windows > 20


def brute_could_play(g: Game, seat: int, kind: str, ctx: dict[str, object]) -> bool:
    """A24: some card of the seat's deck not in public view would be offered now, every card
    asked (as could_play was before it looked the window's Actions up by deck)."""
    rules = g.rules
    if not side(g.state, seat)["hand"]:
        return False
    return any(rules.actions[rules.card(c).action].offered(g, seat, c, kind, ctx)  # type: ignore[attr-defined]
               for c in unaccounted(g, seat) if rules.card(c).action in rules.actions)  # type: ignore[attr-defined]


def test_could_play_answers_as_every_card_asked() -> None:
    """could_play (the window's Actions looked up in the nation's deck, answers remembered for the
    scope) against every unaccounted card asked one by one, caches on and off, at the windows
    random games open; and Smoke Grenades' check against its list of hexes."""
    checked = opened = 0
    for _sc, g0 in games(2):
        for g in walk(g0, 6, 1):
            top = g.state["stack"][-1]
            if top["step"] not in ("action_window", "op_fire"):
                continue
            a = top["args"]
            seat = int(a["seat"])
            if top["step"] == "action_window":
                kind, ctx = a["kind"], a["ctx"]
            else:
                kind, ctx = "op_fire", {"hex": a["hex"]}
            want = brute_could_play(g, seat, kind, ctx)
            with reading(g):
                assert could_play(g, seat, kind, ctx) == want
            with caches_off():
                assert could_play(g, seat, kind, ctx) == want
            if g.rules.id == "combat_commander":
                for s in (0, 1):
                    listed = int(g.state["active"]) == s and bool(smoke_hexes(g, s))
                    assert smoke_playable(g, s, "", {}) == listed
            checked += 1
            opened += want
    assert checked > 100 and opened > 10


def test_leader_command_in_a_scope_equals_the_count_from_scratch() -> None:
    """3.3.1.2: the Command per hex and seat a read scope remembers (stats.leader_command) equals
    the Leaders of the hex added up afresh, at positions random play reaches (Leaders move,
    break, die between them)."""
    from tactica.games.commander_family.stats import _leader_command, leader_command

    checked = nonzero = 0
    for _sc, g0 in games(2):
        for g in walk(g0, 8, 5):
            hexes = {u["hex"] for u in g.state["units"].values() if u["where"] == "map" and u["hex"]}
            with reading(g):
                for h in sorted(hexes):
                    for seat in (0, 1):
                        v = leader_command(g, h, seat)
                        assert v == leader_command(g, h, seat)  # asked again: the remembered value
                        with caches_off():
                            assert v == _leader_command(g, h, seat), (h, seat)
                        checked += 1
                        nonzero += v != 0
    assert checked > 500 and nonzero > 20


def test_can_go_on_answers_as_the_whole_list_of_step_options() -> None:
    """O21: whether a moving group can go on (the short-circuited walk of its step options,
    asked after every step of a Move) equals whether the full list offers a hex, an exit or a
    transfer, at every step decision random games reach."""
    from tactica.games.commander_family.movement import MoveOrder

    checked = stuck = 0
    for _sc, g0 in games(3):
        for g in walk(g0, 9, 1):
            top = g.state["stack"][-1]
            if top["step"] != "move_order" or top["args"]["phase"] != "step":
                continue
            step = g.rules.steps["move_order"]
            assert isinstance(step, MoveOrder)
            with caches_off():
                full = step._step_options(g, top["args"])
            want = any(o.kind in ("move", "exit", "transfer") for o in full)
            assert step._can_go_on(g, top["args"]) == want
            checked += 1
            stuck += not want
    assert checked > 50


def test_a_clone_never_sees_the_scope_of_its_original() -> None:
    """A read scope belongs to one state object: a clone made inside it (as a search does) and
    changed there is read afresh, and the original's scope still answers for the original."""
    g = Game.new(get_rules("combat_commander"), "hill_2_crown", seed=4)
    uid, u = next((k, v) for k, v in g.state["units"].items()
                  if v["where"] == "map" and not v["veteran"])
    old = u["hex"]
    with reading(g):
        assert uid in units_in(g, old)
        base = stat_value(g, uid, "fp")
        c = g.clone()
        assert board_state.reading_of(c) is None
        cu = c.state["units"][uid]
        cu["hex"] = next(h for h in board_state.board_of(c).labels  # type: ignore[union-attr]
                         if h != old and not units_in(c, h))
        cu["veteran"] = True  # E44.1: +1 FP
        assert uid not in units_in(c, old) and uid in units_in(c, cu["hex"])
        assert stat_value(c, uid, "fp") == unit_stat(c, uid, "fp").value
        with reading(c):
            assert stat_value(c, uid, "fp") == unit_stat(c, uid, "fp").value
        assert uid in units_in(g, old)
        assert stat_value(g, uid, "fp") == base
