"""Information Set Monte Carlo Tree Search (single observer, open loop) and the search agent.

Why this shape:
- Hidden information: each iteration searches a fresh determinization,
  ``game.resample_from_infostate(seat, seed)``, which redraws everything the seat cannot know
  (other hands, deck order, the dice to come). The real game is never searched or changed.
- Chance is sampled inside ``apply``, so a node cannot stand for one state. Nodes are keyed by the
  sequence of option ids from the root (open loop): a node is "after these choices", averaged
  over the dice and determinizations that reached it. Options a determinization does not offer
  are handled with availability counts (Cowling, Powley & Whitehouse 2012).
- Macro decisions: one order here commits many choices (card, units, moves, battles). The tree
  grows at most ``tree_depth`` decisions below the root; past that the module's scripted policy
  plays, and after ``rollout_turns`` turns the module's evaluation scores the position.
- The scripted policy is also a prior: the option it would pick is expanded first and gets a
  UCB bonus that fades with visits.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from tactica.ai.hooks import Evaluator, TurnKey, evaluator_for, turn_key_for
from tactica.ai.levels import SearchLevel, parse_level
from tactica.ai.policy import Policy, policy_for
from tactica.core.game import Game

PRIOR_VISITS = 8
"""The policy's bonus halves after this many visits: dice make single playouts noisy, so a few
unlucky rolls must not talk the search out of a sound move."""


class Node:
    """Statistics of one option id below its parent ("after these choices")."""

    __slots__ = ("avail", "bias", "children", "n", "w")

    def __init__(self, bias: float = 0.0) -> None:
        self.children: dict[str, Node] = {}
        self.n = 0
        self.w = 0.0
        """Sum of the values, for the seat that chose this option."""
        self.avail = 0
        """Iterations in which this option was legal when its parent was visited."""
        self.bias = bias

    def ucb(self, c: float) -> float:
        n = self.n
        explore = c * math.sqrt(math.log(max(self.avail, 1)) / n)
        return self.w / n + explore + self.bias * PRIOR_VISITS / (n + PRIOR_VISITS)


@dataclass(slots=True)
class SearchResult:
    choice: str
    iterations: int
    seconds: float
    visits: dict[str, int]
    values: dict[str, float]


class ISMCTS:
    """One search, from one seat's point of view, with a module's policy and hooks."""

    def __init__(self, module_id: str, level: SearchLevel, policy: Policy | None = None,
                 evaluate: Evaluator | None = None, turn_key: TurnKey | None = None,
                 use_hooks: bool = True) -> None:
        self.level = level
        self.policy = policy if policy is not None else policy_for(module_id)
        self.evaluate = evaluate if evaluate is not None else evaluator_for(module_id)
        self.turn_key = turn_key if turn_key is not None else (turn_key_for(module_id) if use_hooks else None)

    def search(self, game: Game, seat: int, rng: random.Random) -> SearchResult:
        """The option id to play for ``seat``, which must be deciding now."""
        if game.current_player() != seat:
            raise ValueError(f"seat {seat} has no decision to make")
        opts = game.legal_options()
        t0 = time.perf_counter()
        if len(opts) == 1:
            return SearchResult(opts[0].id, 0, 0.0, {opts[0].id: 0}, {})
        lv = self.level
        root = Node()
        it = 0
        deadline = None if lv.seconds is None else t0 + lv.seconds
        budget = lv.iterations if lv.iterations is not None else 1 << 40
        while it < budget and (deadline is None or it == 0 or time.perf_counter() < deadline):
            det = game.resample_from_infostate(seat, rng.getrandbits(62))
            self._iterate(det, root, rng)
            it += 1
        legal = {o.id for o in opts}
        kids = {k: v for k, v in root.children.items() if k in legal}
        choice = max(kids, key=lambda k: (kids[k].n, kids[k].w / max(kids[k].n, 1), k))
        return SearchResult(choice, it, time.perf_counter() - t0, {k: v.n for k, v in kids.items()},
                            {k: v.w / v.n for k, v in kids.items() if v.n})

    def _iterate(self, det: Game, root: Node, rng: random.Random) -> None:
        lv = self.level
        policy = self.policy
        path: list[tuple[Node, int]] = []
        node = root
        depth = 0
        start_turn = self.turn_key(det) if self.turn_key is not None else 0
        # ---- selection and expansion (the tree covers the first tree_depth choices)
        while not det.is_terminal() and depth < lv.tree_depth:
            d = det.decision()
            assert d is not None
            opts = d.options
            if len(opts) == 1:
                det.apply(opts[0].id)  # forced: no node, it tells the tree nothing
                continue
            kids = node.children
            untried = []
            for o in opts:
                ch = kids.get(o.id)
                if ch is None:
                    untried.append(o.id)
                else:
                    ch.avail += 1
            if untried:
                pick = policy.choose(det, d.seat, rng).id
                bias = lv.prior
                if pick not in untried:
                    pick, bias = rng.choice(untried), 0.0
                child = kids[pick] = Node(bias)
                child.avail = 1
                path.append((child, d.seat))
                det.apply(pick)
                break
            c = lv.exploration
            best_id = max((o.id for o in opts), key=lambda k: kids[k].ucb(c))
            node = kids[best_id]
            path.append((node, d.seat))
            det.apply(best_id)
            depth += 1
        # ---- rollout with the scripted policy, cut after rollout_turns turns
        tk = self.turn_key
        eps = lv.epsilon
        steps = 0
        while not det.is_terminal() and steps < lv.max_rollout:
            if tk is not None and tk(det) - start_turn >= lv.rollout_turns:
                break
            d = det.decision()
            assert d is not None
            if len(d.options) == 1:
                oid = d.options[0].id
            elif rng.random() < eps:
                oid = rng.choice(d.options).id
            else:
                oid = policy.choose(det, d.seat, rng).id
            det.apply(oid)
            steps += 1
        values = self.evaluate(det)
        for n, seat in path:
            n.n += 1
            n.w += values[seat]


class SearchAgent:
    """ISMCTS at a level; deterministic for a given seed when the level counts iterations."""

    def __init__(self, level: SearchLevel | str = "normal", seed: int = 0) -> None:
        self.level = parse_level(level) if isinstance(level, str) else level
        self.name = f"search:{self.level.name}"
        self._rng = random.Random(seed)
        self._searches: dict[str, ISMCTS] = {}
        self.last: SearchResult | None = None

    def choose(self, game: Game, seat: int) -> str:
        mid = game.rules.id
        s = self._searches.get(mid)
        if s is None:
            s = self._searches[mid] = ISMCTS(mid, self.level)
        self.last = s.search(game, seat, self._rng)
        return self.last.choice
