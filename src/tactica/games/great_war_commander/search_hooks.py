"""Great War Commander's search hooks (tactica.ai.hooks): the family's Turn, Op Fire and Action
window branch points and candidates, with two things of this game's own.

- **Which Initiative re-rolls search weighs** (:func:`branch_point`): every die roll of GWC opens
  the re-roll window (9.1), artillery (O19: accuracy, impacts, vacant hexes), Targeting, Air
  Assault, Immobilization and the Support Table rolls as well as the family's. Those are ~40% of
  the windows a game opens, each search cost as much as a Turn's, and over four measured games
  search overruled the policy on none of them (on 1 of 17 artillery accuracy rolls, the rate
  the 1.64 z gate lets through on noise alone). The policy keeps those rolls; search weighs the
  rolls whose outcome decides a Unit or the game: Fire Attack, Fire Defense, Rally, Rout,
  Melee and Sudden Death (:data:`SEARCHED_ROLLS`), unless already settled (family
  ``roll_settled``).
- **The evaluation** (:func:`evaluate`): the VP track (objective control is in it, 7.3), more
  as Time runs out; the Casualty Tracks (6.3: the fitted weight makes one casualty step worth
  about four VP early, one and a half near the end); broken Units on the map; and the secret Objective chits
  scored for the current controllers (7.3.3, as the end of the game would score them). Weights
  fitted by a logistic regression of the winner of 400 scripted games with one balance term per
  scenario (docs/ai.md, Great War Commander). The balance terms are left out here, and so are the
  Surrender levels (a scenario constant but for E65/E66): a constant would only squash the
  values search compares through tanh; the fitted weights stand without them.

Search reads ``evaluate`` only on its determinized clones (tactica.ai.hooks), so the secret chits
it reads there are a redraw consistent with the seat's knowledge, not the opponent's real ones.
"""

from __future__ import annotations

import math

from tactica.core.game import Game

from ..commander_family.scripted import branch_point as family_branch_point
from ..commander_family.scripted import candidates, turn_key
from ..commander_family.victory import objective_value

__all__ = ["SEARCHED_ROLLS", "branch_point", "candidates", "evaluate", "turn_key"]

SEARCHED_ROLLS = ("fire attack", "fire defense of ", "rally of ", "rout", "melee in ", "sudden death")
"""Purposes (prefixes) of the rolls whose Initiative re-roll search weighs; the policy keeps the
others (artillery, Targeting, Air Assault, Immobilization, Support Table rolls)."""

VP_WEIGHT = 0.45
"""x per VP / 8 at the start of the game (fitted 0.40-0.43)."""
VP_LATE_WEIGHT = 1.0
"""x per VP / 8, added in proportion to the Time track's progress (fitted 0.93-0.97)."""
CASUALTY_WEIGHT = 2.8
"""x per Casualty-Track step / 12, against its side (fitted on the margin to Surrender: 2.80-2.84)."""
BROKEN_WEIGHT = 1.0
"""x per broken Unit on the map / 24, against its side (fitted 0.85-1.01)."""
SECRET_WEIGHT = 0.6
"""x per VP / 8 of the secret Objective chits as they would score now (fitted 0.60-0.64)."""


def branch_point(game: Game) -> bool:
    """The family's branch points, with the Initiative window only for the rolls of
    :data:`SEARCHED_ROLLS` (see the module docstring)."""
    d = game.decision()
    if d is not None and d.step == "initiative":
        stack = game.state["stack"]
        if len(stack) < 2 or stack[-2]["step"] != "roll":
            return False
        if not str(stack[-2]["args"].get("purpose", "")).startswith(SEARCHED_ROLLS):
            return False
    return family_branch_point(game)


def _secret_vp(game: Game) -> int:
    """7.3.3: the secret chits' VP for the current controllers (+ favours seat 0)."""
    s = game.state
    total = 0
    for seat in (0, 1):
        for cid in s["sides"][seat]["chits_secret"]:
            for obj, o in s["objectives"].items():
                if o["owner"] is not None:
                    v = objective_value(game, obj, [cid])
                    total += v if int(o["owner"]) == 0 else -v
    return total


def features(game: Game) -> dict[str, float]:
    """The evaluation's terms, + favouring seat 0 (the names of the fit in docs/ai.md)."""
    s = game.state
    t = s["time"]
    last = max(1, int(t.get("last") or t.get("sudden_death") or 10))
    progress = min(1.0, max(0.0, int(t["space"]) / last))
    cas = [len(sd["casualties"]) for sd in s["sides"]]
    broken = [0, 0]
    for u in s["units"].values():
        if u["where"] == "map" and u["broken"]:
            broken[int(u["seat"])] += 1
    vp = int(s["vp"]) / 8
    return {"vp": vp, "vp_late": vp * progress, "casualties": (cas[1] - cas[0]) / 12,
            "broken": (broken[0] - broken[1]) / 24, "secret": _secret_vp(game) / 8}


def evaluate(game: Game) -> list[float]:
    """The returns once the game is over; else tanh of the weighted terms (module docstring)."""
    if game.is_terminal():
        return game.returns()
    f = features(game)
    x = (VP_WEIGHT * f["vp"] + VP_LATE_WEIGHT * f["vp_late"] + CASUALTY_WEIGHT * f["casualties"]
         - BROKEN_WEIGHT * f["broken"] + SECRET_WEIGHT * f["secret"])
    v = math.tanh(x)
    return [v, -v]
