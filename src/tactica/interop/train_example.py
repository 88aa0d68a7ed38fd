"""A small training example (docs/interop.md): a policy learns to play The Great War against the
scripted agent through the PettingZoo environment, on a CPU, in a few minutes.

The policy scores each legal action by a linear function of its option's features:
``logit(a) = theta . phi(a) + b[a]``, where ``b`` has one entry per stable action number and
``phi`` hashes what the option says about itself (its step and kind, ``battle_phase/fire``; its
numbers, the dice of an attack, the hexes of a move; its named cards), read from the option list
the environment's game offers, plus one advice feature: whether the module's scripted policy,
playing from the same seat's view, would choose it. The policy starts uniform (it plays like the
random agent) and learns which features to trust, the advice among them. Trained by REINFORCE
on discounted returns-to-go (0.9 a decision, so a decision is credited with what follows soon)
with a running-mean baseline; the reward is the change of the medal margin (medals plus
objectives held, ``Rules.summary``) after each of the policy's decisions, a tenth of a point a
medal, and the game's result (+1 / -1 / 0) at the end. Numpy only; nothing here is needed by the engine.

    python -m tactica.interop.train_example --games 400 --block 25 --plot docs/img/train_great_war.png

prints one line per block of games and draws the learning curve (win rate with its 95% Wilson
interval, mean medal margin).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tactica.ai import make_agent
from tactica.ai.policy import policy_for
from tactica.interop.pettingzoo_env import TacticaAECEnv
from tactica.sim.stats import wilson

Vec = npt.NDArray[np.float64]
GAMMA = 0.9
"""Discount per decision of the policy's."""


Step = tuple[npt.NDArray[np.float64], npt.NDArray[np.intp], int, Vec]
"""(features of the legal options, their action numbers, index of the one chosen, probabilities)"""


def option_features(step: str, option: Any, dim: int, advised: bool) -> Vec:
    """Hashed features of one option: its step and kind, each number it carries (scaled), each
    named card or value without digits (unit and hex ids would not generalise), and whether the
    scripted policy advises it."""
    import zlib

    v = np.zeros(dim)
    base = f"{step}/{option.kind or option.id.split(':')[0]}"
    toks: list[tuple[str, float]] = [(base, 1.0), ("advised", float(advised))]
    for k, x in sorted(option.args.items()):
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            toks.append((f"{base}|{k}", float(x) / 4.0))
        elif isinstance(x, str) and not any(c.isdigit() for c in x):
            toks.append((f"{base}|{k}={x}", 1.0))
    for t, w in toks:
        v[zlib.crc32(t.encode()) % dim] += w
    return v


@dataclass
class OptionPolicy:
    """Softmax over the legal actions of ``theta . phi(a) + b[a]``."""

    num_actions: int
    dim: int
    lr: float = 0.1
    rng: np.random.Generator = field(default_factory=np.random.default_rng)

    def __post_init__(self) -> None:
        self.theta = np.zeros(self.dim)
        self.b = np.zeros(self.num_actions)

    def probs(self, feats: npt.NDArray[np.float64], legal: npt.NDArray[np.intp]) -> Vec:
        z = feats @ self.theta + self.b[legal]
        z -= z.max()
        p: Vec = np.exp(z)
        p /= p.sum()
        return p

    def act(self, feats: npt.NDArray[np.float64], legal: npt.NDArray[np.intp]) -> tuple[int, Vec]:
        p = self.probs(feats, legal)
        return int(self.rng.choice(len(legal), p=p)), p

    def update(self, steps: list[Step], advantages: Vec) -> None:
        """One REINFORCE step: raise the log-probability of each choice made in proportion to how
        much better than expected things went after it."""
        for (feats, legal, k, p), adv in zip(steps, advantages, strict=True):
            g = -p
            g[k] += 1.0
            g *= self.lr * adv
            self.theta += g @ feats
            self.b[legal] += g


def margin(env: TacticaAECEnv, seat: int) -> float:
    g = env.game
    assert g is not None
    vp = g.rules.summary(g)["vp"] or [0.0, 0.0]
    return float(vp[seat] - vp[1 - seat])


def play(env: TacticaAECEnv, policy: OptionPolicy, seat: int, opponent: Any,
         seed: int) -> tuple[float, float, list[Step], Vec]:
    """One game, the policy at ``seat``: (result, final medal margin, the policy's steps, the
    reward after each of them)."""
    env.reset(seed=seed)
    me = env.possible_agents[seat]
    advisor = policy_for("great_war")
    tips = random.Random(seed)
    steps: list[Step] = []
    marks: list[float] = []
    for agent in env.agent_iter():
        _obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        g = env.game
        assert g is not None
        if agent != me:
            oid = opponent.choose(g, env.possible_agents.index(agent))
            env.step(next(a for a, o in info["option_ids"].items() if o == oid))
            continue
        d = g.decision()
        assert d is not None
        legal = np.array(env.codec.encode(d.options), dtype=np.intp)
        tip = advisor.choose(g, seat, tips).id
        feats = np.array([option_features(d.step, o, policy.dim, o.id == tip) for o in d.options])
        k, p = policy.act(feats, legal)
        steps.append((feats, legal, k, p))
        marks.append(margin(env, seat))
        env.step(int(legal[k]))
    g = env.game
    assert g is not None
    final = margin(env, seat)
    rewards = 0.1 * np.diff(np.array([*marks, final]))
    result = float(g.returns()[seat])
    if len(rewards):
        rewards[-1] += result
    return result, final, steps, rewards


def train(games: int, block: int, dim: int, lr: float, seed: int) -> list[dict[str, Any]]:
    env = TacticaAECEnv(game="great_war", scenario="ridge_trench", obs_dim=16, max_cycles=3000)
    policy = OptionPolicy(env.codec.num_actions, dim, lr, np.random.default_rng(seed))
    opponent = make_agent("scripted", seed=seed + 1)
    baseline = 0.0
    curve: list[dict[str, Any]] = []
    wins = results = margins = 0.0
    t0 = time.perf_counter()
    for n in range(games):
        seat = n % 2  # both sides in turn
        result, final, steps, rewards = play(env, policy, seat, opponent, seed * 100_003 + n)
        to_go = np.zeros(len(rewards))
        acc = 0.0
        for i in range(len(rewards) - 1, -1, -1):
            acc = rewards[i] + GAMMA * acc
            to_go[i] = acc
        if len(to_go):
            baseline += 0.1 * (float(to_go.mean()) - baseline)
        policy.update(steps, to_go - baseline)
        wins += result > 0
        results += 1
        margins += final
        if (n + 1) % block == 0:
            lo, hi = wilson(wins, int(results))
            curve.append({"games": n + 1, "win_rate": wins / results, "ci95": [lo, hi],
                          "margin": margins / results, "seconds": round(time.perf_counter() - t0, 1)})
            print(f"games {n + 1:4d}  win rate {wins / results:5.1%} [{lo:.1%}, {hi:.1%}]  "
                  f"medal margin {margins / results:+.2f}  ({time.perf_counter() - t0:.0f} s)", flush=True)
            wins = results = margins = 0.0
    return curve


def plot(curve: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [c["games"] for c in curve]
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.plot(xs, [c["win_rate"] for c in curve], marker="o", color="#4a78a8", label="win rate")
    ax.fill_between(xs, [c["ci95"][0] for c in curve], [c["ci95"][1] for c in curve], color="#4a78a8",
                    alpha=0.2, label="95% Wilson interval")
    ax.set_ylim(0, 1)
    ax.set_xlabel("training games against the scripted agent")
    ax.set_ylabel("win rate per block")
    ax2 = ax.twinx()
    ax2.plot(xs, [c["margin"] for c in curve], color="#c0504d", lw=1, label="medal margin")
    ax2.set_ylabel("mean medal margin", color="#c0504d")
    ax.set_title("The Great War, ridge_trench: option-feature policy vs scripted")
    ax.legend(loc="upper left", fontsize=7)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--block", type=int, default=25, help="games per point of the curve")
    ap.add_argument("--dim", type=int, default=256, help="option feature vector length")
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", type=Path, default=None, help="PNG of the learning curve")
    ap.add_argument("--json", type=Path, default=None, help="the curve as JSON")
    a = ap.parse_args(argv)
    curve = train(a.games, a.block, a.dim, a.lr, a.seed)
    if a.json:
        a.json.write_text(json.dumps(curve, indent=1) + "\n")
    if a.plot:
        plot(curve, a.plot)


if __name__ == "__main__":
    main()
