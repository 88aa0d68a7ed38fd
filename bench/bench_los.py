"""Time precomputed line-of-sight queries on the 15x10 sample map.

Run: python bench/bench_los.py
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from tactica.core.board import load_board
from tactica.core.los import CombatCommanderLos, CommandsColorsLos, LosTable, Overlay

MAP = Path(__file__).resolve().parent.parent / "tests" / "core" / "data" / "sample_15x10.yaml"
N = 1_000_000


def main() -> None:
    board = load_board(MAP)
    policy = CombatCommanderLos(
        {"woods", "building"},
        {"brush": 3, "orchard": 2, "field": 1, "marsh": 1},
        hexside_obstacles={"wall", "hedge"},
        hexside_hindrances={"fence": 1},
        blind={"woods", "building"},
        road_kinds=["road"],
    )
    t0 = time.perf_counter()
    table = LosTable(board, policy)
    build = time.perf_counter() - t0
    n = len(board)
    print(f"map: {board.name}, {n} hexes, {n * n} ordered pairs")
    print(f"table build: {build * 1000:.0f} ms")

    rng = random.Random(1)
    idx = [(rng.randrange(n), rng.randrange(n)) for _ in range(N)]
    hexes = [(board.hexes[i], board.hexes[j]) for i, j in idx]

    def loop_overhead() -> float:
        t = time.perf_counter()
        for _i, _j in idx:
            pass
        return time.perf_counter() - t

    base = loop_overhead()
    clear = table.clear
    t = time.perf_counter()
    for i, j in idx:
        clear(i, j)
    el = time.perf_counter() - t
    print(f"los query clear(i, j): {(el - base) / N * 1e9:.0f} ns (n={N}; {el / N * 1e9:.0f} ns with loop)")

    check = table.check
    t = time.perf_counter()
    for a, b in hexes:
        check(a, b)
    el = time.perf_counter() - t
    print(f"los query check(a, b): {(el - base) / N * 1e9:.0f} ns (n={N}; {el / N * 1e9:.0f} ns with loop)")

    smoke = Overlay.of(board, hinder={board.parse("H6"): 3, board.parse("C9"): 2})
    t = time.perf_counter()
    for a, b in hexes:
        check(a, b, smoke)
    el = time.perf_counter() - t
    print(f"los query check(a, b, overlay with 2 smoke hexes): {(el - base) / N * 1e9:.0f} ns (n={N})")

    # Commands & Colors style: 12 units screen lines; touched lines go back to the policy.
    cnc = LosTable(board, CommandsColorsLos({"woods", "building"}))
    units = Overlay.of(board, screen=rng.sample(list(board.hexes), 12))
    m = N // 10
    t = time.perf_counter()
    for a, b in hexes[:m]:
        cnc.check(a, b, units)
    el = time.perf_counter() - t
    print(f"los query check(a, b, overlay with 12 unit screens, C&C): {el / m * 1e9:.0f} ns (n={m})")


if __name__ == "__main__":
    main()
