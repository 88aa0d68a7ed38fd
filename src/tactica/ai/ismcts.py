"""Information Set Monte Carlo Tree Search (single observer, open loop) and the search agent.

Why this shape:
- Hidden information: each iteration searches a fresh determinization,
  ``game.resample_from_infostate(seat, seed)``, which redraws everything the seat cannot know
  (other hands, deck order, the dice to come). The real game is never searched or changed.
- Chance is sampled inside ``apply``, so a node cannot stand for one state. Nodes are keyed by the
  sequence of option ids from the root (open loop): a node is "after these choices", averaged
  over the dice and determinizations that reached it. Options a determinization does not offer
  are handled with availability counts (Cowling, Powley & Whitehouse 2012).
- Macro decisions: one order here commits many choices (card, units, moves, battles). A module
  may name its branch points (``branch_point``, e.g. which order to give): the tree branches only
  there, and the policy plays the decisions between them, so one tree edge is "this order,
  carried out by the policy". The tree grows at most ``tree_depth`` branch points below the root;
  past that the module's scripted policy plays, and after ``rollout_turns`` turns the module's
  evaluation scores the position.
- The root is searched in paired rounds (every candidate on the same determinization), and the
  policy's option is played unless another beats it with confidence (see ``ISMCTS.search``).
  A module may set the search's parameters for its game (hook ``SEARCH_SETTINGS``).
  Below the root, the policy is a prior: the option it would pick is expanded first and gets a
  UCB bonus that fades with visits.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace

from tactica.ai.hooks import (
    BranchPoint,
    Candidates,
    Evaluator,
    TurnKey,
    branch_point_for,
    candidates_for,
    evaluator_for,
    search_settings_for,
    turn_key_for,
)
from tactica.ai.levels import SearchLevel, parse_level
from tactica.ai.policy import Policy, policy_for
from tactica.core.game import Game
from tactica.core.options import Option

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
    decisions: int = 0
    """Decisions simulated on determinizations (tree, the policy's stretches, rollouts)."""
    base: str = ""
    """The policy's option at the root, which the choice had to beat (the choice when no other
    did): where the two differ, the search overruled its policy."""


class ISMCTS:
    """One search, from one seat's point of view, with a module's policy and hooks."""

    def __init__(self, module_id: str, level: SearchLevel, policy: Policy | None = None,
                 evaluate: Evaluator | None = None, turn_key: TurnKey | None = None,
                 use_hooks: bool = True) -> None:
        settings = search_settings_for(module_id) if use_hooks else {}
        self.level = replace(level, **settings) if settings else level
        self.policy = policy if policy is not None else policy_for(module_id)
        self.evaluate = evaluate if evaluate is not None else evaluator_for(module_id)
        self.turn_key = turn_key if turn_key is not None else (turn_key_for(module_id) if use_hooks else None)
        self.branch: BranchPoint | None = branch_point_for(module_id) if use_hooks else None
        self.pick: Candidates | None = candidates_for(module_id) if use_hooks else None
        self.applied = 0
        """Decisions applied on determinizations so far (simulated decisions, for the speed bench)."""

    def is_branch_point(self, game: Game) -> bool:
        """Whether search branches on the decision now (see tactica.ai.hooks.branch_point)."""
        return self.branch is None or self.branch(game)

    def _play_to_branch(self, det: Game, rng: random.Random) -> None:
        """Play forced decisions, and with the policy every decision that is not a branch point,
        up to the next branch point (or the end): the rest of one macro edge."""
        policy = self.policy
        steps = 0
        while not det.is_terminal():
            d = det.decision()
            assert d is not None
            if len(d.options) == 1:
                det.apply(d.options[0].id)
            elif self.is_branch_point(det):
                return
            elif steps >= self.level.max_rollout:
                det.apply(rng.choice(d.options).id)  # a policy going round in circles: break out
            else:
                det.apply(policy.choose(det, d.seat, rng).id)
            steps += 1
            self.applied += 1

    def candidates(self, game: Game) -> list[Option]:
        """The options search weighs at this decision: the module's ``candidates`` hook (which
        may leave out moves its evaluation cannot judge), else every legal option."""
        picked = self.pick(game) if self.pick is not None else None
        return picked or game.legal_options()

    def search(self, game: Game, seat: int, rng: random.Random) -> SearchResult:
        """The option id to play for ``seat``, which must be deciding now.

        The root is searched in rounds: each round draws one determinization and sends every
        candidate down it (common random numbers: the same hidden cards and the same dice to
        come; with ``paired_play`` also the same stream for the search's own random choices),
        so options are compared on the same luck; after ``race_after`` rounds, candidates
        clearly worse than the policy's option drop out. The policy's option is played unless
        another one beats it by more than ``deviate_z`` standard errors of the paired
        differences: with dice this noisy, a search that follows its noise plays worse than
        the policy it rolls out with."""
        if game.current_player() != seat:
            raise ValueError(f"seat {seat} has no decision to make")
        t0 = time.perf_counter()
        ids = [o.id for o in self.candidates(game)]
        legal = game.legal_options()
        base = self.policy.choose(game, seat, rng).id if len(legal) > 1 else legal[0].id
        if base not in ids:  # the policy's option always stands: it is what search must beat
            ids.append(base)
        if len(ids) == 1:
            return SearchResult(base, 0, time.perf_counter() - t0, {base: 0}, {}, base=base)
        lv = self.level
        applied0 = self.applied
        order = [base] + [i for i in ids if i != base]
        samples: dict[str, list[float]] = {i: [] for i in order}
        root = Node()
        it = 0
        deadline = None if lv.seconds is None else t0 + lv.seconds
        budget = lv.iterations if lv.iterations is not None else 1 << 40

        def more() -> bool:
            return it < budget and (deadline is None or it < len(order) or time.perf_counter() < deadline)

        alive = order
        rounds = 0
        while more() and len(alive) > 1:
            det0 = game.resample_from_infostate(seat, rng.getrandbits(62))
            luck = rng.getrandbits(62) if lv.paired_play else None
            for oid in alive:
                if not more():
                    break
                play_rng = rng if luck is None else random.Random(luck)
                samples[oid].append(self._iterate(det0.clone(), root, play_rng, first=oid))
                it += 1
            rounds += 1
            if rounds >= lv.race_after:
                alive = [base] + [k for k in alive[1:] if not self._clearly_worse(samples[k], samples[base])]
        choice = self._decide(base, {k: samples[k] for k in alive})
        kids = root.children
        return SearchResult(choice, it, time.perf_counter() - t0, {k: kids[k].n for k in order if k in kids},
                            {k: kids[k].w / kids[k].n for k in order if k in kids and kids[k].n},
                            self.applied - applied0, base)

    @staticmethod
    def _paired(mine: list[float], base: list[float], m: int) -> tuple[float, float]:
        """Mean and standard error of ``mine - base`` over the first ``m`` (>= 2) rounds."""
        diffs = [mine[i] - base[i] for i in range(m)]
        mean = sum(diffs) / m
        return mean, math.sqrt(sum((x - mean) ** 2 for x in diffs) / (m - 1) / m)

    def _clearly_worse(self, mine: list[float], base: list[float]) -> bool:
        """Racing: a candidate whose paired advantage over the policy's option is below zero by
        more than ``race_z`` standard errors drops out, and its rounds go to the others (or the
        search ends early, when only the policy's option is left)."""
        if len(mine) < 2:
            return False
        mean, se = self._paired(mine, base, len(mine))
        return mean + self.level.race_z * se < 0

    def _decide(self, base: str, samples: dict[str, list[float]]) -> str:
        """The policy's option, unless another's paired mean beats it by ``deviate_z`` standard
        errors over the complete rounds."""
        m = min(len(v) for v in samples.values())
        if m < 2:
            return base
        means = {k: sum(v[:m]) / m for k, v in samples.items()}
        best = max(means, key=lambda k: (means[k], k == base, k))
        if best == base:
            return base
        mean, se = self._paired(samples[best], samples[base], m)
        return best if mean > self.level.deviate_z * se else base

    def _iterate(self, det: Game, root: Node, rng: random.Random, first: str) -> float:
        """One descent from the root option ``first`` (the root's rounds choose it), rollout and
        backup. Returns the value for the seat deciding at the root."""
        lv = self.level
        policy = self.policy
        start_turn = self.turn_key(det) if self.turn_key is not None else 0
        root_seat = det.current_player()
        node = root.children.setdefault(first, Node())
        path: list[tuple[Node, int]] = [(node, root_seat)]
        det.apply(first)
        self.applied += 1
        depth = 1
        # ---- selection and expansion below the root (up to tree_depth branch points)
        while not det.is_terminal() and depth < lv.tree_depth:
            self._play_to_branch(det, rng)  # forced moves make no node: they tell the tree nothing
            if det.is_terminal():
                break
            d = det.decision()
            assert d is not None
            opts = self.candidates(det)
            kids = node.children
            # The same ids may come up for either seat (the policy's stretch between branch
            # points goes differently in each determinization): key by seat too.
            pre = f"{d.seat}/"
            untried = []
            for o in opts:
                ch = kids.get(pre + o.id)
                if ch is None:
                    untried.append(o.id)
                else:
                    ch.avail += 1
            if untried:
                pick = policy.choose(det, d.seat, rng).id
                bias = lv.prior
                if pick not in untried:
                    pick, bias = rng.choice(untried), 0.0
                child = kids[pre + pick] = Node(bias)
                child.avail = 1
                path.append((child, d.seat))
                det.apply(pick)
                self.applied += 1
                break
            c = lv.exploration
            best_id = max((o.id for o in opts), key=lambda k: kids[pre + k].ucb(c))
            node = kids[pre + best_id]
            path.append((node, d.seat))
            det.apply(best_id)
            self.applied += 1
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
        self.applied += steps
        values = self.evaluate(det)
        for n, seat in path:
            n.n += 1
            n.w += values[seat]
        return values[root_seat]


class SearchAgent:
    """ISMCTS at a level; deterministic for a given seed when the level counts iterations."""

    def __init__(self, level: SearchLevel | str = "normal", seed: int = 0) -> None:
        self.level = parse_level(level) if isinstance(level, str) else level
        self.name = f"search:{self.level.name}"
        self._rng = random.Random(seed)
        self._searches: dict[str, ISMCTS] = {}
        self.last: SearchResult | None = None

    def choose(self, game: Game, seat: int) -> str:
        """Search at the module's branch points; between them, play its policy (which reads only
        the seat's view), as the search's own tree does."""
        mid = game.rules.id
        s = self._searches.get(mid)
        if s is None:
            s = self._searches[mid] = ISMCTS(mid, self.level)
        opts = game.legal_options()
        if len(opts) > 1 and not s.is_branch_point(game):
            oid = s.policy.choose(game, seat, self._rng).id
            self.last = SearchResult(oid, 0, 0.0, {oid: 0}, {}, base=oid)
            return oid
        self.last = s.search(game, seat, self._rng)
        return self.last.choice
