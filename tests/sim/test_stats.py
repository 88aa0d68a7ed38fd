"""Statistics: Wilson intervals, distributions, per-seat figures and the balance verdict."""

import pytest

from tactica.sim.runner import GameResult
from tactica.sim.stats import agent_stats, balance_verdict, distribution, quantile, seat_stats, wilson

SEATS = ["allies", "central"]


def res(i: int, winner: int | None, agents=("a", "b"), vp=(1, 2), aborted=False, end="r") -> GameResult:
    rets = [0.0, 0.0] if winner is None else [1.0 if s == winner else -1.0 for s in range(2)]
    return GameResult(index=i, pair=i // 2, game="g", scenario="s", seed=i // 2, agents=list(agents),
                      returns=rets, winner=winner, decisions=100 + i, turns=10, vp=list(vp), reason="r",
                      aborted=aborted, end=end)


def test_wilson_matches_known_values():
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_distribution_and_quantiles():
    d = distribution([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert d["mean"] == 5.5 and d["median"] == 5.5 and d["min"] == 1 and d["max"] == 10
    assert d["p10"] == pytest.approx(1.9) and d["sd"] == pytest.approx(3.02765, abs=1e-5)
    assert quantile([0.0, 10.0], 0.25) == 2.5 and distribution([]) is None


def test_agent_and_seat_stats_count_wins_draws_and_seats():
    games = [res(0, 0, ("a", "b")), res(1, 0, ("b", "a")), res(2, None, ("a", "b")), res(3, 1, ("b", "a"))]
    st = agent_stats(games)
    assert (st["a"]["wins"], st["a"]["draws"], st["a"]["losses"]) == (2, 1, 1)
    assert (st["b"]["wins"], st["b"]["draws"], st["b"]["losses"]) == (1, 1, 2)
    assert st["a"]["score"] == pytest.approx(2.5 / 4) and st["a"]["win_rate"]["n"] == 4
    seats = seat_stats(games, SEATS)
    assert seats[0]["wins"] == 2 and seats[1]["wins"] == 1
    assert seats[0]["decisive_share"]["n"] == 3 and seats[0]["by_agent"]["a"] == {
        "games": 2, "wins": 1, "win_rate": seats[0]["by_agent"]["a"]["win_rate"]}
    assert seats[1]["vp"]["mean"] == 2


def test_balance_verdicts_and_the_games_they_rest_on():
    fav = [res(i, 0 if i % 10 < 6 else 1, ("x", "x")) for i in range(1000)]
    v = balance_verdict(fav, SEATS)
    assert v["verdict"] == "favours allies" and v["games"] == 1000 and v["decisive"] == 1000 and v["mirror"]
    even = [res(i, i % 2, ("x", "x")) for i in range(2000)]
    assert balance_verdict(even, SEATS)["verdict"] == "balanced"
    few = [res(i, i % 2, ("x", "x")) for i in range(40)]
    v = balance_verdict(few, SEATS)
    assert v["verdict"] == "inconclusive" and v["games"] == 40
    draws = [res(i, None, ("x", "x")) for i in range(10)]
    v = balance_verdict(draws, SEATS)
    assert v["verdict"] == "inconclusive" and v["draws"] == 10 and not v["note"]


def test_different_agents_cannot_measure_seat_balance():
    """random against scripted: the stronger agent wins from both seats, so each seat's share is
    even by construction; calling that 'balanced' would be wrong."""
    mixed = [res(i, i % 2 if i % 4 < 2 else 1 - i % 2, ("a", "b") if i % 2 == 0 else ("b", "a"))
             for i in range(2000)]
    v = balance_verdict(mixed, SEATS)
    assert v["verdict"] == "not measured (different agents)" and v["favoured"] is None and v["note"]
    assert not v["mirror"]


def test_a_mirror_match_counts_each_game_once_and_aborted_games_are_not_draws():
    games = [res(0, 0, ("x", "x")), res(1, None, ("x", "x")), res(2, None, ("x", "x"), aborted=True)]
    st = agent_stats(games)["x"]
    assert (st["games"], st["wins"], st["draws"], st["losses"], st["aborted"]) == (3, 1, 1, 0, 1)
    assert st["score"] == pytest.approx(1.5 / 2)
    v = balance_verdict(games, SEATS)
    assert (v["draws"], v["aborted"], v["decisive"]) == (1, 1, 1)


def test_endings_are_counted_by_kind_not_by_margin():
    from tactica.sim.stats import scenario_stats

    games = [res(0, 0, end="sudden death"), res(1, 1, end="sudden death"), res(2, 0, end="surrender")]
    assert scenario_stats(games, SEATS)["reasons"] == {"sudden death": 2, "surrender": 1}


def test_solitaire_game_is_won_or_lost_and_judged_by_its_win_rate():
    """One seat against the rules (Commandos: Europe): a positive return wins, anything else loses;
    the verdict is the win rate instead of a balance between seats."""
    import tactica
    from tactica.sim.runner import GameJob, outcome

    g = tactica.new_game("commandos_europe", "norway", seed=1)
    while not g.is_terminal():
        g.apply("end_game" if "end_game" in [o.id for o in g.legal_options()] else g.legal_options()[0].id)
    r = outcome(g, GameJob(0, "commandos_europe", "norway", 1, ("random",), 0, (0,)), 5)
    assert g.returns()[0] <= 0 and r.winner is None
    games = [GameResult(index=i, pair=i, game="g", scenario="s", seed=i, agents=["x"], returns=[ret],
                        winner=0 if ret > 0 else None, decisions=9, turns=3, vp=[ret], reason="r")
             for i, ret in enumerate([2.0, -1.0, 0.0, 3.0])]
    st = agent_stats(games)["x"]
    assert (st["wins"], st["draws"], st["losses"]) == (2, 0, 2)
    b = balance_verdict(games, ["commandos"])
    assert b["verdict"] == "solitaire: won 2 of 4" and b["seat_shares"]["commandos"]["rate"] == 0.5
