"""The Commander policy's threat read (what a unit entering a hex risks from the enemy's guns)
comes from each gun's sight mask; it must equal the read through ``fire.reaches`` at every hex,
in Combat Commander and in Great War Commander (whose terrain markers derive LOS tables)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tactica.ai import make_agent
from tactica.api import new_game
from tactica.games import get_rules
from tactica.games.commander_family import fire as F
from tactica.games.commander_family.board_state import label_map
from tactica.games.commander_family.scripted import _Ctx


def _threat_by_reaches(ctx: Any, label: str) -> int:
    """The threat as it was worked out before the sight masks: every unbroken enemy unit's
    pieces able to fire (Ordnance left out), stack by stack, one ``F.reaches`` per piece."""
    g = ctx.g
    t = 0
    for uids in ctx.enemy_hexes.values():
        fps, hind = [], 0
        for u in uids:
            if ctx.units[u]["broken"]:
                continue
            for p in F.pieces_of(g, u):
                if F.is_ordnance(g, p):
                    continue
                r = F.reaches(g, p, label, ctx.ov)
                if r is not None:
                    fps.append(F.piece_fp(g, p))
                    hind = max(hind, r)
        if fps:
            t = max(t, max(fps) + len(fps) - 1 - hind)
    return t


def _positions(module: str, seed: int, stops: int) -> list[Any]:
    """Mid-game positions of scripted play, every 60 decisions."""
    sc = [s.id for s in get_rules(module).scenarios() if not s.id.startswith("test_")][seed % 2]
    g = new_game(module, sc, seed)
    agent = make_agent("scripted", seed)
    out = []
    for n in range(60 * stops):
        if g.is_terminal():
            break
        g.apply(agent.choose(g, g.current_player()))
        if n % 60 == 59:
            out.append(g.clone())
    return out


@pytest.mark.parametrize("module", ["combat_commander", "great_war_commander"])
@pytest.mark.parametrize("seed", [1, 2])
def test_threat_from_sight_masks_equals_threat_from_reaches(module: str, seed: int) -> None:
    seen_threat = 0
    for g in _positions(module, seed, 4):
        seat = g.current_player()
        ctx = _Ctx(g, seat)
        with ctx:
            labels = list(label_map(ctx.board)) if ctx.board is not None else []
            random.Random(seed).shuffle(labels)
            for label in labels[:120]:
                fast = ctx.threat(label)
                assert fast == _threat_by_reaches(ctx, label), (module, seed, label)
                seen_threat += fast > 0
    assert seen_threat > 0  # the positions put some hex under fire: the comparison means something
