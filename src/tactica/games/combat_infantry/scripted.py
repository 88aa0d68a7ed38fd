"""Combat Infantry's scripted policy: the book's solitaire activation priorities (10.5), adapted
so that both sides can play by them, plus the search hooks ``evaluate``, ``turn_key``,
``branch_point`` and ``candidates`` (tactica.ai.hooks).

The policy reads only the seat's board view (its own blocks, the other side's face-up blocks and
"a block here" for hidden ones), the decision's options and the public map. For each commanded
unit it takes the first that applies of:

1. rally a unit down to 1 step;
2. fire at, or assault, an adjacent enemy hex holding fewer units than its own hex;
3. fire at the nearest face-up enemy unit, otherwise at the nearest enemy hex it can fire at;
4. dig a foxhole, when an enemy is within 3 hexes and its side holds every objective (our
   adaptation: the book's list has no condition, which would root every attacker to the spot);
5. hold, in D2 terrain or a foxhole, on the same condition;
6. move toward the nearest objective its side does not hold (else toward the nearest enemy), and
   assault it when it holds no more than one enemy block beyond the mover's own hex count (our
   adaptation: without it an attacker never takes a held objective).

HQs are activated nearest the enemy first; the policy never passes an activation it can use.
The chit-pull of 10.5 is a change to the sequence of play, not a policy: not yet.
"""

from __future__ import annotations

import math
import random
from typing import Any

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.policy import board_view

from .blocks import NO_ASSAULT_ENTRY, SIDES
from .geo import Geo
from .scenarios import geo_of

Ties = dict[str, float]
"""A draw from the agent's seed per option id: breaks ties between equally good options."""

NEAR = 3
"""Enemy within this many hexes: dig in or hold rather than walk on."""


def _geo(game: Game) -> Geo:
    """The map: public, as its scenario names it or as given inline (a studio position)."""
    return geo_of(game.state)


class _Seen:
    """What a seat's view says about the map: its own blocks, where enemy blocks stand."""

    def __init__(self, game: Game, seat: int) -> None:
        v = board_view(game, seat)
        geo = _geo(game)
        self.geo = geo
        me = SIDES[seat]
        self.mine: dict[str, dict[str, Any]] = {b["id"]: b for b in v["blocks"] if b["side"] == me}
        self.face_up_enemy = [b for b in v["blocks"] if b["side"] != me]
        self.count: dict[int, list[int]] = {}
        for b in v["blocks"]:
            self.count.setdefault(geo.index[b["hex"]], [0, 0])[0 if b["side"] == me else 1] += 1
        for h in v["hidden_blocks"]:
            self.count.setdefault(geo.index[h["hex"]], [0, 0])[0 if h["side"] == me else 1] += 1
        self.enemy_hexes = [h for h, (_, e) in self.count.items() if e]
        self.objectives = [geo.index[o["hex"]] for o in v["objectives"]]
        self.foxholes = {geo.index[h] for h in v["foxholes"]}

    def nearest_enemy(self, i: int) -> int:
        return min((self.geo.dist[i][h] for h in self.enemy_hexes), default=99)

    def open_objectives(self) -> list[int]:
        return [o for o in self.objectives if not (self.count.get(o, [0, 0])[0] and not self.count[o][1])]

    def attacking(self) -> bool:
        """Objectives its side does not hold yet: walk on rather than dig in."""
        return bool(self.open_objectives())

    def goal(self, i: int) -> int | None:
        """The hex a unit at ``i`` walks toward: the nearest objective not held by its side alone."""
        pool = self.open_objectives() or self.enemy_hexes
        if not pool:
            return None
        return min(pool, key=lambda h: (self.geo.dist[i][h], h))


def _by_id(opts: list[Option]) -> dict[str, Option]:
    return {o.id: o for o in opts}


class SolitairePriorities:
    name = "solitaire-priorities"

    def choose(self, game: Game, seat: int, rng: random.Random) -> Option:
        d = game.decision()
        if d is None:
            raise ValueError("no decision to make: the game is over")
        opts = list(d.options)
        pick = getattr(self, f"_{d.step}", None)
        # ties between equally good options go by a draw from the agent's seed (docs/sim.md), so
        # two scripted agents with different seeds play different games from the same position
        tie = {o.id: rng.random() for o in opts}
        choice = pick(game, seat, opts, tie) if pick is not None else None
        return choice if choice is not None else opts[0]

    # -- activation ------------------------------------------------------------------------------
    def _activate(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        seen = _Seen(game, seat)
        hqs = [o for o in opts if o.id.startswith("hq:")]
        if not hqs:
            return None
        return min(hqs, key=lambda o: (seen.nearest_enemy(seen.geo.index[o.args["hex"]]), tie[o.id]))

    def _set_up(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        """10.1: the first block still to place, where fewest of its side stand (spread out)."""
        seen = _Seen(game, seat)
        first = opts[0].args["unit"]
        mine = [o for o in opts if o.args["unit"] == first]
        return min(mine, key=lambda o: (seen.count.get(o.args["i"], [0, 0])[0], tie[o.id]))

    def _deploy(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        return _by_id(opts)["stay"]

    def _command(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        strikes = [o for o in opts if o.kind == "support" and "i" in o.args]
        if strikes:  # a CHQ's strike on the enemy hex holding the most blocks
            seen = _Seen(game, seat)
            return max(strikes, key=lambda o: (seen.count.get(o.args["i"], [0, 0])[1], tie[o.id]))
        for prefix in ("cmd:", "try:"):
            for o in opts:
                if o.id.startswith(prefix):
                    return o
        return _by_id(opts).get("hq")

    # -- one unit's action (10.5 priorities) ---------------------------------------------------
    def _action(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        seen = _Seen(game, seat)
        geo = seen.geo
        by = _by_id(opts)
        unit = next((o.args["unit"] for o in opts if "unit" in o.args), None)
        me = seen.mine.get(unit or "")
        if me is None:
            return by.get("hold")
        here = geo.index[me["hex"]]
        ours = seen.count.get(here, [1, 0])[0]
        if me["steps"] == 1 and "rally" in by:
            return by["rally"]
        fires = [o for o in opts if o.kind == "fire" and "i" in o.args]
        weak = [h for h in geo.nbrs[here] if 0 < seen.count.get(h, [0, 0])[1] < ours]
        for o in fires:
            if o.args["i"] in weak and "target" not in o.args:
                return o
        if weak and "move" in by and me["type"] not in NO_ASSAULT_ENTRY:
            return by["move"]
        targeted = [o for o in fires if "target" in o.args]
        if targeted:
            return min(targeted, key=lambda o: (geo.dist[here][o.args["i"]], tie[o.id]))
        if fires:
            return min(fires, key=lambda o: (geo.dist[here][o.args["i"]], tie[o.id]))
        near = seen.nearest_enemy(here) <= NEAR and not seen.attacking()
        if near and "foxhole" in by:
            return by["foxhole"]
        if near and (geo.hex[here].d2 or here in seen.foxholes):
            return by.get("hold")
        if "move" in by:
            return by["move"]
        return by.get("hold")

    def _move(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        seen = _Seen(game, seat)
        geo = seen.geo
        stop = _by_id(opts)["stop"]
        unit = stop.args["unit"]
        me = seen.mine.get(unit)
        if me is None:
            return stop
        here = geo.index[me["hex"]]
        ours = seen.count.get(here, [1, 0])[0]
        goal = seen.goal(here)
        for o in opts:
            enemies = seen.count.get(o.args.get("hex", -1), [0, 0])[1]
            # 10.5 priority 2, plus our adaptation: storm the objective it walks to when the odds
            # are not worse than one block
            if o.args.get("assault") and (enemies < ours or (o.args["hex"] == goal and enemies <= ours + 1)):
                return o
        if goal is None:
            return stop
        steps = [o for o in opts if "hex" in o.args and not o.args.get("assault")]
        best = min(steps, key=lambda o: (geo.dist[o.args["hex"]][goal], o.args["cost"], tie[o.id]),
                   default=None)
        if best is None or geo.dist[best.args["hex"]][goal] >= geo.dist[here][goal]:
            return stop
        return best

    def _assault_unit(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        by = _by_id(opts)
        if "fire" in by:
            return by["fire"]
        return opts[0]

    def _regroup(self, game: Game, seat: int, opts: list[Option], tie: Ties) -> Option | None:
        return _by_id(opts)["done"]


POLICY = SolitairePriorities()


def turn_key(game: Game) -> int:
    """Player turns played so far: rollouts stop after a number of player turns. In the last
    game turn the key stands still, so a rollout from there plays to the end, where the result
    itself replaces the evaluation: with the game this close to its end, what counts is whether
    an objective is taken, which an estimate cannot tell."""
    from .flow import PLAYER_TURNS

    s = game.state
    # (the last game turn keeps the key the turn before ended on: it never goes back)
    pt = 1 if int(s["gt"]) >= int(s["game_turns"]) else int(s["pt"])
    return (int(s["gt"]) - 1) * PLAYER_TURNS + pt


PRESSURE = 0.5
"""Share of an objective's VPs that a side's unit next to it is worth to that side, while time
is left to take it (``objective_pressure``): less than holding it, so the assault still pays."""

PACE = 2
"""Hexes a unit is reckoned to close per player turn of its side (move 6, two MP a hex in the
open; a rough figure for weighing time, not a rule)."""

REACH = 8
"""Beyond this many hexes an objective exerts no pull: early in the game every unit is far, and
the evaluation then weighs the fight, not the walk."""

FIXED_TYPES = frozenset({"minefield", "bunker"})
"""Blocks that never move, so never take an objective."""


def objective_pressure(game: Game) -> list[float]:
    """Per side, VPs it may still win from objectives it does not control now (10.4): for each
    such objective, ``PRESSURE`` times its VPs times how near the side's nearest mobile unit stands
    (1 at the hex, 0 at the reach), where the reach is what the side can still walk in the player
    turns it has left (``PACE`` a turn, at most ``REACH``). It shrinks as time runs out, to 0 at
    the end, so an attacker that waits loses it and one that closes in gains it: the look-ahead of
    a couple of player turns cannot see the objective taken, this tells it the way there."""
    from .flow import PLAYER_TURNS
    from .units import FRIENDLY, hex_control, label, occupancy

    s = game.state
    geo = geo_of(s)
    left = (int(s["game_turns"]) - int(s["gt"])) * PLAYER_TURNS + PLAYER_TURNS - int(s["pt"])
    occ = occupancy(s)
    out = [0.0, 0.0]
    for side in (0, 1):
        # its player turns still to come: half of those left, the next one its own if it is not active now
        own = (left + (0 if int(s["active"]) == side else 1)) // 2
        reach = min(REACH, PACE * own)
        if reach <= 0:
            continue
        hexes = {r["hex"] for b, r in s["blocks"].items()
                 if label(b).side == side and label(b).type not in FIXED_TYPES}
        for h, v in s["objectives"]:
            if hex_control(geo, occ, side, h) == FRIENDLY or not hexes:
                continue
            d = min(geo.dist[i][h] for i in hexes)
            out[side] += PRESSURE * v * max(0.0, 1.0 - d / (reach + 1))
    return out


SPREAD = 5.0
"""How far (in VPs) a game's result may still swing when the whole game is to play; it narrows
with the square root of the player turns left, to 1 at the end (``evaluate``)."""


def evaluate(game: Game) -> list[float]:
    """Per-seat value in [-1, 1], the result to expect: the VP margin if the game ended now
    (eliminations plus objectives held), plus the VPs each side may still win from objectives it
    is closing in on against the time left (``objective_pressure``), plus a tenth of a VP for
    each point of unit values the other side has lost (10.4's tie-breaker, and the fights to
    come), squashed by how much the rest of the game may still change it (``SPREAD``). Early a VP
    is worth about a sixth of the range, as a margin; late in the game a side behind is as good
    as beaten, so holding back is worth no more than a gamble that may turn it. Search calls
    this on its own re-dealt clones only."""
    if game.is_terminal():
        return game.returns()
    from .flow import PLAYER_TURNS, score

    s = game.state
    vp = score(game)
    lost = s["lost"]
    near = objective_pressure(game)
    margin = vp[0] + near[0] - vp[1] - near[1] + (lost[1] - lost[0]) / 10.0
    total = int(s["game_turns"]) * PLAYER_TURNS
    left = max(0, (int(s["game_turns"]) - int(s["gt"])) * PLAYER_TURNS + PLAYER_TURNS - int(s["pt"]))
    spread = 1.0 + SPREAD * math.sqrt(left / total)
    diff = math.tanh(margin / spread)
    return [diff, -diff]


BRANCH_STEPS = frozenset({"activate", "action", "move", "command", "assault_unit", "tank_upright"})


def branch_point(game: Game) -> bool:
    """Where search branches (tactica.ai.hooks): the decisions a player weighs, not the small
    ones that carry them out, which the policy plays. It reads the decision (the deciding seat's
    own options) only, so it tells nothing hidden.

    - which HQ to activate, or end the player turn (1.1, 4.0);
    - what a commanded unit does: rally, fire (and where), move, dig in, hold (1.2);
    - during a move, only when an assault is offered: storm the enemy hex or not (8.0, 9.0);
      the path to walk is the policy's;
    - in the command step, only when the CHQ may call artillery or air (2.6, 2.7): which unit
      to command next is the policy's;
    - in an assault, a unit that may retreat: fire or fall back (9.2, 9.4);
    - a face-up tank at the end of the game turn: stand it upright or leave it revealed (2.53).
    Set-up, the HQ's deploy, the order of assaults and regrouping stay the policy's."""
    d = game.decision()
    if d is None or len(d.options) < 2 or d.step not in BRANCH_STEPS:
        return False
    if d.step == "move":
        return any(o.args.get("assault") for o in d.options)
    if d.step == "command":
        return any(o.kind == "support" for o in d.options)
    if d.step == "assault_unit":
        return any(o.kind == "retreat" for o in d.options)
    return True


def candidates(game: Game) -> list[Option]:
    """The options search weighs at a branch point (an empty list: all of them); the policy's
    own choice is always added by the search.

    - activation: every HQ, never surrender (off unless the game allows it), and the pass only
      for a side that controls every objective: one with objectives still to take has no
      player turn to give up (the view's hex control, the same in every re-dealt world);
    - a unit's action: rally, move, foxhole, hold, and one fire per hex (the untargeted one
      where there is one: which unit a hit finds is the rules' (6.3), and a targeted shot at a
      face-up tank stays when it is the only one at that hex); smoke, demolition and bridge
      bombardment are left to the policy (their worth shows beyond the look-ahead);
    - a move offering an assault: each assault, and stopping here (the policy's step on is added);
    - the command step: one strike per kind and hex (any spotter, no bunker-only strike);
    - assault and tank choices: all options."""
    d = game.decision()
    if d is None:
        return []
    opts = list(d.options)
    out: list[Option]
    if d.step == "activate":
        # a side with objectives still to take does not give up a player turn (it has none to spare)
        attacking = _Seen(game, d.seat).attacking()
        out = [o for o in opts if o.id != "surrender" and not (attacking and o.id == "pass")]
    elif d.step == "action":
        out = [o for o in opts if o.kind in ("rally", "move", "hold") or o.id == "foxhole"]
        per_hex: dict[int, Option] = {}
        for o in sorted(opts, key=lambda o: (o.id.count(":"), o.id)):
            if o.kind == "fire" and "i" in o.args and not o.id.startswith("bombard-bridge"):
                per_hex.setdefault(int(o.args["i"]), o)
        out += [per_hex[h] for h in sorted(per_hex)]
    elif d.step == "move":
        out = [o for o in opts if o.args.get("assault") or o.id == "stop"]
    elif d.step == "command":
        strikes: dict[tuple[str, int], Option] = {}
        for o in sorted(opts, key=lambda o: (o.id.count(":"), o.id)):
            if o.kind == "support" and "i" in o.args and "target" not in o.args:
                strikes.setdefault((str(o.args["kind"]), int(o.args["i"])), o)
        out = list(strikes.values())
    else:
        return []
    return out if 0 < len(out) < len(opts) else []
