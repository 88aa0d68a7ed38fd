"""A scripted commando policy (tactica.ai.policy): one strike squad per mission.

Each mission: move a base next to the objective (12.12), on a hex the squads can walk to (never
onto an island of piers and ships), and buy the gear it needs into that base;
one squad works on it (the others wait unseen) along the cheapest route in MP, fetching the gear
first (taking it along when it passes it), and halts on the objective (stepping out and back in
when it already stands there). A detected squad escapes to the base nearest the objective - a
jump to the gear and the goal - unless it carries the mission's gear within ESC_FAR hexes of the
objective and is not the last squad. It attacks only at long odds (every attack draws d6 more
enemies), loses the gear the mission does not need first, and forfeits a mission whose gear is
gone (nothing can be bought before the next mission) or that no squad can reach. It reads only
the public view and the static data (map, counters), never the game state.
"""

from __future__ import annotations

import heapq
import random
from functools import lru_cache
from typing import Any

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.policy import GENERIC, board_view

from .data import enemies, gear, piece_type, squads
from .geo import Geo, geo
from .results import score, value

SPEED = ("skis", "jeep")
"""Plus pieces the strike squad takes along for their MA (10.4), quietest first."""
NEAR = 4
"""A base this close to the objective is not moved (12.12)."""
MARGIN = 20
"""How much a hex must outgun an enemy (after terrain) before the policy attacks it."""
STUCK = "stuck"
"""What _strike says when no squad can get to the mission's gear or objective."""
ESC_FAR = 6
"""A squad detected further than this from the objective escapes even with the mission's gear."""
TIMEOUT = 60
"""Turns after which a mission still open is forfeited (a squad that keeps being driven back)."""


@lru_cache(maxsize=512)
def _mp_to(map_id: str, goal: str, sea: bool) -> dict[str, int]:
    """MP from every hex to ``goal`` for a stack on foot, or with a blue piece (sea) that may
    cross all-sea hexes and hexsides (11.0) and boat along water at 1 MP (11.1)."""
    gm = geo(map_id)
    left = {goal: 0}
    heap = [(0, goal)]
    while heap:
        d, b = heapq.heappop(heap)
        if d > left[b]:
            continue
        for a in gm.nbrs[b]:
            if not sea and (gm.all_sea(b) or gm.all_sea(a) or "all_sea" in gm.hexside(a, b)):
                continue
            c = 1 if sea and gm.water(a) and gm.water(b) else gm.move_cost(a, b)
            if d + c < left.get(a, 1 << 30):
                left[a] = d + c
                heapq.heappush(heap, (d + c, a))
    return left


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
    @staticmethod
    def _on_foot(v: dict[str, Any], gm: Geo) -> set[str] | None:
        """Hexes a squad can walk to from where the squads stand (None before set-up): a base
        on an island (a pier or ship cut off by sea) would hold the gear out of reach (11.0)."""
        at = sorted({p["hex"] for p in v["pieces"].values() if p["kind"] == "squad" and p["hex"]})
        if not at:
            return None
        return {h for a in at for h in _mp_to(gm.map_id, a, False)}

    def _place_base(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        """The legal hex nearest the objective that the squads can walk to (3.1, 12.12)."""
        m = v["mission"]
        target = m["hex"] if m else "0825"
        foot = self._on_foot(v, gm)

        def fits(lab: str) -> bool:
            return not gm.all_sea(lab) and (foot is None or lab in foot)

        if opts[0].kind == "column":
            sites = [lab for c in gm.base_sites.values() for lab in c if fits(lab)]
            if sites:
                best = min(sites, key=lambda lab: (gm.dist(lab, target), lab))[:2]
                pick = [o for o in opts if o.args["col"] == best]
                if pick:
                    return pick[0]
            return min(opts, key=lambda o: (abs(int(o.args["col"]) - int(target[:2])), o.id))
        hexes = [o for o in opts if o.kind == "hex" and fits(o.args["hex"])] or [
            o for o in opts if o.kind == "hex" and not gm.all_sea(o.args["hex"])] or [
            o for o in opts if o.kind == "hex"]
        return min(hexes, key=lambda o: (gm.dist(o.args["hex"], target), o.id))

    def _purchase(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        """First bring a base near the objective (12.12, only with 10 PP beyond the gear so the d10
        is always paid), then buy the gear the mission needs into the base nearest it, then skis.
        A squad detected on its way escapes to that base (12.4): a jump to the gear and the goal."""
        m = v["mission"]
        open_ = bool(m and m["status"] == "open")
        missing = [n for n in self._needs(v) if n not in v["pieces"]]
        cost = sum(gear()[n].cost for n in missing)
        bases = [h for h in v["bases"].values() if h]
        if open_ and v["pp"] >= 10 + cost and not any(gm.dist(b, m["hex"]) <= NEAR for b in bases):
            moves = [o for o in opts if o.kind == "move_base"]
            if moves:
                return max(moves, key=lambda o: (gm.dist(o.args["hex"], m["hex"]), o.id))
        for item in missing:
            buy = [o for o in opts if o.id.startswith(f"buy:{item}@")]
            if buy:
                return min(buy, key=lambda o: (gm.dist(o.args["hex"], m["hex"]), o.id))
        for item in SPEED[:1]:  # skis: +2 MA at no noise for 2 PP, while a base move stays affordable
            if item not in v["pieces"] and v["pp"] >= gear()[item].cost + 10:
                buy = [o for o in opts if o.id.startswith(f"buy:{item}@")]
                if buy:
                    return buy[0]
        return next(o for o in opts if o.id == "done")

    def _strike(self, v: dict[str, Any], gm: Geo) -> str | None:
        """The one squad that works on the mission (the others wait unseen in a base): one with
        the needed gear in its hex, nearest the objective; failing that, the squad nearest the
        gear goes to fetch it. Chosen among all squads, moved or not, so that it is the same
        squad all turn. Without an open mission, a detected squad out of a base goes home."""
        needs = self._needs(v)
        ps = v["pieces"]
        m = v["mission"]
        bases = {h for h in v["bases"].values() if h}
        best = None
        gear_hex = next((ps[n]["hex"] for n in needs if n in ps), None)
        for pid, p in sorted(ps.items()):
            if p["kind"] != "squad":
                continue
            here = {q for q, x in ps.items() if x["hex"] == p["hex"]}
            if not (m and m["status"] == "open"):
                if p["hex"] in bases or not p["detected"] or p["moved"]:
                    continue
                goal = self._goal(v, gm, p["hex"])
            elif all(n in here for n in needs):
                goal = self._goal(v, gm, p["hex"])
            elif gear_hex is not None:
                goal = gear_hex
            else:
                continue
            if goal is None:
                continue
            sea = any(q in gear() and gear()[q].blue for q in here)
            left = _mp_to(gm.map_id, goal, sea).get(p["hex"])
            if left is None:
                continue  # no way there for this squad (an island, the open sea)
            key = (not all(n in here for n in needs), left, pid)
            if best is None or key < best[0]:
                best = (key, pid, goal)
        if best is None:
            return STUCK if m and m["status"] == "open" else None
        if ps[best[1]]["moved"]:
            return None
        pid, goal = best[1], best[2]
        on_it = bool(m and m["status"] == "open" and goal == m["hex"])  # to step out and back in
        return pid if goal != ps[pid]["hex"] or on_it else None

    def _movement(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        ids = {o.id: o for o in opts}
        needs = self._needs(v)
        m = v["mission"]
        # gear lost or never affordable: nothing can be bought before the next mission is drawn
        if "forfeit" in ids and (any(n not in v["pieces"] for n in needs) or v["turn"] - m["turn"] > TIMEOUT):
            return ids["forfeit"]
        pid = self._strike(v, gm)
        if pid == STUCK and "forfeit" in ids:
            return ids["forfeit"]  # no squad can get to the gear or the objective
        if pid and f"move:{pid}" in ids:
            return ids[f"move:{pid}"]
        return ids["done"]

    def _form_stack(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        """The mission's gear, then a free plus piece (skis, a jeep) lending its MA to the squad."""
        ids = {o.id: o for o in opts}
        for n in self._needs(v):
            if f"add:{n}" in ids:
                return ids[f"add:{n}"]
        for n in SPEED:
            if f"add:{n}" in ids:
                return ids[f"add:{n}"]
            if f"bonus:{n}" in ids:
                return ids[f"bonus:{n}"]
        return ids.get("go", ids["cancel"])

    def _moving(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        """Along the cheapest route in MP (roads, water for a stack with a blue piece); on the
        objective at the start of a move, step out and back in so that the squad halts there
        (10.10) - an escape or a base can leave it there without a move."""
        steps = [o for o in opts if o.kind == "to"]
        halt = next(o for o in opts if o.id == "halt")
        at, mp = halt.args["hex"], halt.args["mp"]
        goal = self._goal(v, gm, at)
        needs = self._needs(v)
        take = [o for o in opts if o.kind == "take" and o.args["piece"] in needs]
        if take:
            return take[0]  # the mission's gear, met on the way (9.0)
        carried = {p for p, x in v["pieces"].items() if x["hex"] == at}
        if needs and not all(n in carried for n in needs):
            goal = next((v["pieces"][n]["hex"] for n in needs if n in v["pieces"] and n not in carried), goal)
        if goal is None:
            return halt
        sea = any(p in gear() and gear()[p].blue for p in carried)
        if at == goal:
            m = v["mission"]
            if not (m and m["status"] == "open" and m["hex"] == at):
                return halt
            back = [o for o in steps if o.args["cost"] + gm.move_cost(o.args["hex"], at) <= mp
                    and (sea or not gm.all_sea(o.args["hex"]))]
            return min(back, key=lambda o: (o.args["cost"], o.id)) if back else halt
        left = _mp_to(gm.map_id, goal, sea)
        if at not in left:
            return halt
        reach = [o for o in steps if o.args["hex"] in left and left[o.args["hex"]] < left[at]]
        if not reach:
            return halt
        return min(reach, key=lambda o: (o.args["cost"] + left[o.args["hex"]], o.id))

    def _escape(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        """Escape to the base nearest the objective (turns cost nothing, squads do), abandoning the
        hex's gear (12.4) - except with the mission's gear within ESC_FAR hexes of the objective,
        which cannot be bought again before the next mission, unless this is the last squad."""
        m = v["mission"]
        stay = next(o for o in opts if o.id == "stay")
        esc = [o for o in opts if o.kind == "escape"]
        if not esc:
            return stay
        if not (m and m["status"] == "open"):
            return esc[0]
        here = {p["hex"] for p in v["pieces"].values() if p["kind"] == "squad" and p["detected"]}
        carried = {q for q, x in v["pieces"].items() if x["hex"] in here}
        last = sum(1 for p in v["pieces"].values() if p["kind"] == "squad") == 1
        if not last and any(n in carried for n in self._needs(v)) \
                and all(gm.dist(h, m["hex"]) <= ESC_FAR for h in here):
            return stay
        return min(esc, key=lambda o: (gm.dist(o.args["hex"], m["hex"]), o.id))

    def _friendly_combat(self, v: dict[str, Any], gm: Geo, opts: list[Option]) -> Option:
        """Attack only at long odds: every attack detects the hex and draws d6 more enemies (12.5,
        12.8), so it pays only when the hex outguns the target by MARGIN after its terrain."""
        attacks = [o for o in opts if o.kind == "attack"]

        def worth(o: Option) -> int:
            here = [p for p, x in v["pieces"].items() if x["hex"] == o.args["hex"]]
            fp = sum(squads()[p].fp for p in here if p in squads())
            fp += sum(gear()[p].fp for p in here if p in gear())
            foe = enemies(v["map"])[piece_type(o.args["target"])]
            return fp + gm.penalty(o.args["target_hex"]) - foe.attack

        good = [o for o in attacks if worth(o) >= MARGIN]
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
