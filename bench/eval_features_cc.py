"""Would a term for position improve Combat Commander's search evaluation? (not a test: it
prints figures for docs/ai.md)

Run: python bench/eval_features_cc.py [--games 1200] [--seed 1000]

Plays scripted-vs-scripted games (the four map scenarios in turn), reads the terms of
``evaluate`` (games/commander_family/scripted.py) and two candidate terms at the start of every
turn, and fits a logistic model of P(seat 0 wins) on four games in five, scoring the fifth
(held-out log-loss; lower is better). The candidates: each side's mean distance of its unbroken
units to the nearest objective hex it does not hold (capped at 8), and its unbroken units within
one hex of one. The present evaluation is scored as it is too (P = (v + 1) / 2 = sigmoid(2x)).
Needs numpy (the ``sim`` extra).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from tactica.ai import make_agent
from tactica.ai.hooks import evaluator_for
from tactica.api import new_game
from tactica.core.hexgrid import distance
from tactica.games import get_rules
from tactica.games.commander_family.board_state import board_of, label_map
from tactica.games.commander_family.scripted import evaluation_terms

CC = "combat_commander"
TERMS = ("vp", "margin", "broken", "weapons", "initiative")
"""evaluate's terms (``evaluation_terms``), each as it enters its sum x (v = tanh x)."""


def features(g: Any) -> dict[str, float]:
    """The terms of ``evaluate`` and the two candidates, for seat 0 (seat 1's with a minus)."""
    s = g.state
    hexes = label_map(board_of(g))
    dist: list[list[int]] = [[], []]
    near = [0, 0]
    for u in s["units"].values():
        if u["where"] != "map" or u["hex"] is None or u["broken"]:
            continue
        seat = int(u["seat"])
        goals = [h for o in s["objectives"].values() if o.get("owner") != seat
                 for h in (o.get("hexes") or [o["hex"]])]
        if goals:
            d = min(distance(hexes[u["hex"]], hexes[h]) for h in goals)
            dist[seat].append(min(d, 8))
            near[seat] += d <= 1
    mean = [sum(x) / len(x) if x else 8.0 for x in dist]
    return {**evaluation_terms(g), "distance": mean[1] - mean[0], "near": near[0] - near[1],
            "value": evaluator_for(CC)(g)[0]}


def games(n: int, first: int) -> list[tuple[int, list[dict[str, float]]]]:
    """(1 if seat 0 won else 0, features at each turn's start) of the decided games."""
    scenarios = [x.id for x in get_rules(CC).scenarios() if not x.id.startswith("test_")]
    out = []
    for seed in range(first, first + n):
        g = new_game(CC, scenarios[seed % len(scenarios)], seed=seed)
        agents = [make_agent("scripted", seed), make_agent("scripted", seed + 10_000)]
        rows, last = [], None
        while not g.is_terminal():
            if g.state["turn"] != last:
                last = g.state["turn"]
                rows.append(features(g))
            seat = g.current_player()
            g.apply(agents[seat].choose(g, seat))
        r = g.returns()[0]
        if r != 0:
            out.append((1 if r > 0 else 0, rows))
    return out


def matrix(data: list[tuple[int, list[dict[str, float]]]], names: tuple[str, ...]) -> tuple[Any, Any]:
    x = np.array([[row[k] for k in names] + [1.0] for _, rows in data for row in rows])
    y = np.array([float(w) for w, rows in data for _ in rows])
    return x, y


def fit(x: Any, y: Any, l2: float = 1e-3) -> Any:
    """Logistic regression by Newton's method (a small ridge keeps it defined)."""
    w = np.zeros(x.shape[1])
    reg = l2 * np.eye(len(w))
    reg[-1, -1] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + reg @ w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + reg
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(p: Any, y: Any) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=1000)
    a = ap.parse_args(argv)
    data = games(a.games, a.seed)
    train = [d for i, d in enumerate(data) if i % 5]
    test = [d for i, d in enumerate(data) if not i % 5]
    print(f"{len(data)} decided games, {sum(len(r) for _, r in data)} turn starts; "
          f"held out: every fifth game ({len(test)})")
    v = np.array([row["value"] for _, rows in test for row in rows])
    _, y = matrix(test, ("vp",))
    print(f"{'evaluate as it is':44} held-out log-loss {log_loss((v + 1) / 2, y):.4f}")
    for extra in ((), ("distance",), ("near",), ("distance", "near")):
        names = TERMS + extra
        w = fit(*matrix(train, names))
        x, y = matrix(test, names)
        # P = sigmoid(2x) for v = tanh(x): a coefficient c on a term is c / 2 of it in x
        weights = " ".join(f"{k} {c / 2:.3f}" for k, c in zip(names, w, strict=False))
        print(f"{'refitted: ' + ' + '.join(('terms', *extra)):44} held-out log-loss "
              f"{log_loss(1 / (1 + np.exp(-x @ w)), y):.4f}  (weights on x: {weights})")


if __name__ == "__main__":
    main()
