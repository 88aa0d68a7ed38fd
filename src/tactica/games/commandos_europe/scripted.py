"""A scripted commando policy (tactica.ai.policy): one strike squad per mission.

It buys the gear the current mission needs, walks the nearest squad with that gear straight at
the objective (cheapest of the closing hexes), halts on it, then takes the squads home to a base
to shed detection. It escapes a detection unless it is close to the objective with the gear, fights
only when its hex is at least as strong as the enemy, loses the gear the mission does not need
first, and forfeits a mission whose gear it cannot afford. It reads only the public view and the
static data (map, counters), never the game state.
"""

from __future__ import annotations

import random
from typing import Any

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.policy import GENERIC, board_view

from .data import enemies, gear, piece_type, squads
from .geo import Geo, geo
from .results import score, value


class CommandoPolicy:
    name = "commandos_europe"

    def choose(self, game: Game, seat: int, rng: random.Random) -> Option:
        d = game.decision()
        if d is None or d.seat != seat:
            raise ValueError(f"seat {seat} has no decision to make")
        opts = list(d.options)
        if len(opts) == 1:
            return opts[0]
        v = board_view(game, seat)
        handler = getattr(self, "_" + d.step, None)
        if handler is None:
            return GENERIC.choose(game, seat, rng)
        best: Option = handler(v, geo(v["map"]), opts)
        return best

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _needs(v: dict[str, Any]) -> list[str]:
        m = v["mission"]
        return list(m["needs"]) if m and m["status"] == "open" else []

    @staticmethod
    def _goal(v: dict[str, Any], gm: Geo, at: str) -> str | None:
        m = v["mission"]
        if m and m["status"] == "open":
            return str(m["hex"])
        bases = [h for h in v["bases"].values() if h]
        return min(bases, key=lambda b: (gm.dist(at, b), b)) if bases else None

    # ------------------------------------------------------------------ decisions
    def _place_base(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        m = v["mission"]
        target = m["hex"] if m else "0825"
        if opts[0].kind == "column":
            return min(opts, key=lambda o: (abs(int(o.args["col"]) - int(target[:2])), o.id))
        hexes = [o for o in opts if o.kind == "hex"]
        return min(hexes, key=lambda o: (gm.dist(o.args["hex"], target), o.id))

    def _purchase(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        for item in self._needs(v):
            if item not in v["pieces"]:
                buy = [o for o in opts if o.id.startswith(f"buy:{item}@")]
                if buy:
                    return min(buy, key=lambda o: (gm.dist(o.args["hex"], v["mission"]["hex"]), o.id))
        m = v["mission"]
        if m and m["status"] == "open" and v["pp"] >= 12 and not v["enemies"]:
            moves = [o for o in opts if o.kind == "move_base" and gm.dist(o.args["hex"], m["hex"]) > 12]
            if moves:
                return moves[0]
        return next(o for o in opts if o.id == "done")

    def _strike(self, v: dict[str, Any], gm: Geo) -> str | None:
        """The squad to move now: one with the needed gear in its hex, nearest the objective;
        failing that, the squad nearest the gear goes to fetch it."""
        needs = self._needs(v)
        ps = v["pieces"]
        best = None
        gear_hex = next((ps[n]["hex"] for n in needs if n in ps), None)
        for pid, p in sorted(ps.items()):
            if p["kind"] != "squad" or p["moved"]:
                continue
            here = {q for q, x in ps.items() if x["hex"] == p["hex"]}
            if all(n in here for n in needs):
                goal = self._goal(v, gm, p["hex"])
            elif gear_hex is not None:
                goal = gear_hex
            else:
                continue
            if goal is None or goal == p["hex"]:
                continue
            key = (gm.dist(p["hex"], goal), pid)
            if best is None or key < best[0]:
                best = (key, pid)
        return best[1] if best else None

    def _movement(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        ids = {o.id: o for o in opts}
        needs = self._needs(v)
        m = v["mission"]
        if "forfeit" in ids and (any(n not in v["pieces"] and gear()[n].cost > v["pp"] for n in needs)
                                 or v["turn"] - m["turn"] > 15):
            return ids["forfeit"]
        pid = self._strike(v, gm)
        if pid and f"move:{pid}" in ids:
            return ids[f"move:{pid}"]
        return ids["done"]

    def _form_stack(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        ids = {o.id: o for o in opts}
        for n in self._needs(v):
            if f"add:{n}" in ids:
                return ids[f"add:{n}"]
        return ids.get("go", ids["cancel"])

    def _moving(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        steps = [o for o in opts if o.kind == "to"]
        halt = next(o for o in opts if o.id == "halt")
        at = halt.args["hex"]
        goal = self._goal(v, gm, at)
        needs = self._needs(v)
        carried = {p for p, x in v["pieces"].items() if x["hex"] == at}
        if needs and not all(n in carried for n in needs):
            goal = next((v["pieces"][n]["hex"] for n in needs if n in v["pieces"] and n not in carried), goal)
        if goal is None or at == goal:
            return halt
        d0 = gm.dist(at, goal)
        closer = [o for o in steps if gm.dist(o.args["hex"], goal) < d0]
        if not closer:
            return halt
        return min(closer, key=lambda o: (o.args["cost"], o.id))

    def _escape(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        m = v["mission"]
        stay = next(o for o in opts if o.id == "stay")
        esc = [o for o in opts if o.kind == "escape"]
        if m and m["status"] == "open":
            here = {p["hex"] for p in v["pieces"].values() if p["kind"] == "squad" and p["detected"]}
            if any(gm.dist(h, m["hex"]) <= 3 for h in here):
                return stay
        return esc[0] if esc else stay

    def _friendly_combat(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        attacks = [o for o in opts if o.kind == "attack"]

        def worth(o: Option) -> int:
            fp = sum(squads()[p].fp for p, x in v["pieces"].items()
                     if x["hex"] == o.args["hex"] and p in squads())
            return fp - enemies(v["map"])[piece_type(o.args["target"])].attack

        good = [o for o in attacks if worth(o) >= 0]
        if good:
            return max(good, key=lambda o: (worth(o), o.id))
        return next(o for o in opts if o.id == "done")

    def _utilize(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        """9.0: fight with the strongest gear within portage (naval gunfire included: its scatter
        is more often a second chance at the enemy than a hit on the squads)."""
        return next(o for o in opts if o.id == "fight")

    def _casualty(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        if opts[0].kind == "squad":
            return min(opts, key=lambda o: (v["pieces"][o.args["piece"]]["marker"] is not None, o.id))
        needs = set(self._needs(v))
        return min(opts, key=lambda o: (o.args["piece"] in needs, gear()[o.args["piece"]].fp, o.id))

    def _suppression(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        def dist(o: Option) -> int:
            return gm.dist(v["pieces"][o.args["weapon"]]["hex"], o.args["hex"])

        fire = [o for o in opts if o.kind == "fire" and dist(o) <= 3
                and enemies(v["map"])[piece_type(o.args["target"])].ma > 0]
        if fire:
            return min(fire, key=lambda o: (dist(o), o.id))
        return next(o for o in opts if o.id == "resolve")

    def _enemy_move(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        bases = [h for h in v["bases"].values() if h]
        if not bases:
            return opts[0]
        return max(opts, key=lambda o: (min(gm.dist(o.args["hex"], b) for b in bases), o.id))


POLICY = CommandoPolicy()


# ============================================================================ search hooks
def evaluate(game: Game) -> list[float]:
    """The seat's value so far: the net score (5.0) on the scenario's scale, as the return will
    be (search reads this on its own determinized clones only, see tactica.ai.hooks)."""
    if game.is_terminal():
        return game.returns()
    s = game.state
    return [value(s, score(s))]


def turn_key(game: Game) -> int:
    """4.0: one step per game turn."""
    return int(game.state["turn"])
