"""Statistics of simulation results: win rates with Wilson intervals, distributions, per-seat
figures and the balance verdict of a scenario. Pure functions over :class:`GameResult` lists,
plain dicts out (the report renders them; tests check them)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tactica.sim.runner import GameResult

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""

BALANCE_TOLERANCE = 0.05
"""A scenario is called balanced when every seat's share of the decisive games is, with 95 %
confidence, within this distance of an even share (1/seats)."""


MIXED_AGENTS_NOTE = ("different agents, swapped across seats on every seed: each seat's share of the wins "
                     "is held near even by construction, so these games compare the agents and cannot "
                     "measure the scenario's balance; play an agent against itself for that")
NOT_MEASURED = "not measured (different agents)"


def is_mirror(games: Sequence[GameResult]) -> bool:
    """Every game has the same agent spec at every seat (what seat balance needs)."""
    return all(len(set(g.agents)) == 1 for g in games)


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n (k may count draws as halves); (0, 1) when n
    is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"k": k, "n": n, "rate": k / n if n else None, "ci95": [lo, hi]}


def quantile(sorted_xs: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    if not sorted_xs:
        raise ValueError("quantile of an empty sample")
    pos = (len(sorted_xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (pos - lo)


def distribution(xs: Sequence[float]) -> dict[str, Any] | None:
    """n, mean, standard deviation, min, quartiles, 10th/90th percentiles, max; None if empty."""
    if not xs:
        return None
    s = sorted(float(x) for x in xs)
    n = len(s)
    mean = sum(s) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in s) / (n - 1)) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "min": s[0], "p10": quantile(s, 0.1), "p25": quantile(s, 0.25),
            "median": quantile(s, 0.5), "p75": quantile(s, 0.75), "p90": quantile(s, 0.9), "max": s[-1]}


def agent_stats(games: Sequence[GameResult]) -> dict[str, dict[str, Any]]:
    """Per agent spec: games, wins, draws, losses, aborted games, win rate (CI), score
    ((wins + draws/2) over the games that finished) and mean return. A game counts once for each
    agent in it, however many seats it holds (a mirror match is N games, not 2N); an aborted
    game is neither a draw nor a loss."""
    out: dict[str, dict[str, Any]] = {}
    for g in games:
        for a in dict.fromkeys(g.agents):
            seats = [i for i, x in enumerate(g.agents) if x == a]
            st = out.setdefault(a, {"games": 0, "wins": 0, "draws": 0, "losses": 0, "aborted": 0,
                                    "return_sum": 0.0})
            st["games"] += 1
            st["return_sum"] += sum(g.returns[i] for i in seats) / len(seats)
            if g.aborted:
                st["aborted"] += 1
            elif g.winner is None and len(g.agents) == 1:
                st["losses"] += 1  # solitaire: no draws, a game not won is lost
            elif g.winner is None:
                st["draws"] += 1
            elif g.winner in seats:
                st["wins"] += 1
            else:
                st["losses"] += 1
    for st in out.values():
        n = st["games"]
        done = n - st["aborted"]
        st["win_rate"] = rate(st["wins"], n)
        st["score"] = (st["wins"] + st["draws"] / 2) / done if done else None
        st["mean_return"] = st.pop("return_sum") / n if n else None
    return out


def seat_stats(games: Sequence[GameResult], seats: Sequence[str]) -> list[dict[str, Any]]:
    """Per seat: wins (rate and CI over all games), share of the decisive games (CI), mean return,
    victory points, and wins by the agent that sat there."""
    decisive = [g for g in games if g.winner is not None]
    out = []
    for i, name in enumerate(seats):
        wins = sum(1 for g in games if g.winner == i)
        by_agent: dict[str, dict[str, Any]] = {}
        for g in games:
            a = g.agents[i]
            st = by_agent.setdefault(a, {"games": 0, "wins": 0})
            st["games"] += 1
            st["wins"] += int(g.winner == i)
        for st in by_agent.values():
            st["win_rate"] = rate(st["wins"], st["games"])
        vps = [g.vp[i] for g in games if g.vp is not None]
        out.append({"seat": i, "name": name, "games": len(games), "wins": wins,
                    "win_rate": rate(wins, len(games)), "decisive_share": rate(wins, len(decisive)),
                    "mean_return": sum(g.returns[i] for g in games) / len(games) if games else None,
                    "vp": distribution(vps), "by_agent": by_agent})
    return out


def balance_verdict(games: Sequence[GameResult], seats: Sequence[str],
                    tolerance: float = BALANCE_TOLERANCE) -> dict[str, Any]:
    """Is the scenario fair between its seats, as this agent plays it against itself? Only a
    mirror match measures it: with different agents swapped across seats on every seed, each
    seat's share is held near even by construction, so the verdict is 'not measured'.

    - 'favours <seat>': that seat's share of the decisive games is above an even share with 95 %
      confidence (the interval's low end is above it);
    - 'balanced': every seat's 95 % interval lies within ``tolerance`` of an even share;
    - 'inconclusive': neither yet: more games would decide it (the verdict says how many it rests on).
    """
    k = len(seats)
    if k == 1:
        return _solitaire_verdict(games, seats[0], tolerance)
    even = 1 / k if k else 0.0
    decisive = [g for g in games if g.winner is not None]
    nd = len(decisive)
    shares = []
    for i in range(k):
        w = sum(1 for g in decisive if g.winner == i)
        shares.append(rate(w, nd))
    mirror = is_mirror(games)
    verdict, favoured = ("inconclusive" if mirror else NOT_MEASURED), None
    for i, sh in enumerate(shares):
        if mirror and nd and sh["ci95"][0] > even:
            verdict, favoured = f"favours {seats[i]}", seats[i]
    if mirror and favoured is None and nd and all(
            even - tolerance <= sh["ci95"][0] and sh["ci95"][1] <= even + tolerance for sh in shares):
        verdict = "balanced"
    return {"verdict": verdict, "favoured": favoured, "games": len(games), "decisive": nd,
            "mirror": mirror,
            "note": "" if mirror else MIXED_AGENTS_NOTE,
            "draws": sum(1 for g in games if g.winner is None and not g.aborted),
            "aborted": sum(1 for g in games if g.aborted), "even_share": even, "tolerance": tolerance,
            "seat_shares": {seats[i]: shares[i] for i in range(k)}}


def _solitaire_verdict(games: Sequence[GameResult], seat: str, tolerance: float) -> dict[str, Any]:
    """One seat against the rules (a solitaire game): no balance between seats to judge; the
    verdict is how often the seat wins, with its interval (how hard the scenario is)."""
    played = [g for g in games if not g.aborted]
    wins = sum(1 for g in played if g.winner == 0)
    share = rate(wins, len(played))
    return {"verdict": f"solitaire: won {wins} of {len(played)}", "favoured": None, "games": len(games),
            "decisive": len(played), "mirror": True, "note": "", "draws": 0,
            "aborted": len(games) - len(played), "even_share": None, "tolerance": tolerance,
            "seat_shares": {seat: share}}


def histogram(xs: Sequence[float], bins: int = 20) -> dict[str, list[float]]:
    """Counts in ``bins`` equal bins (for the HTML page and the JSON report)."""
    if not xs:
        return {"edges": [], "counts": []}
    lo, hi = float(min(xs)), float(max(xs))
    if hi == lo:
        return {"edges": [lo, hi], "counts": [float(len(xs))]}
    width = (hi - lo) / bins
    counts = [0.0] * bins
    for x in xs:
        counts[min(bins - 1, int((x - lo) / width))] += 1
    return {"edges": [lo + i * width for i in range(bins + 1)], "counts": counts}


def scenario_stats(games: Sequence[GameResult], seats: Sequence[str]) -> dict[str, Any]:
    """Everything the report shows for one (game, scenario)."""
    decisions = [g.decisions for g in games]
    turns = [g.turns for g in games if g.turns is not None]
    return {
        "games": len(games),
        "agents": agent_stats(games),
        "seats": seat_stats(games, seats),
        "balance": balance_verdict(games, seats),
        "decisions": distribution(decisions),
        "turns": distribution(turns),
        "decisions_histogram": histogram(decisions),
        "reasons": _count(g.end or (g.reason.split(",")[0] if g.reason else "") for g in games),
    }


def _count(xs: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))
