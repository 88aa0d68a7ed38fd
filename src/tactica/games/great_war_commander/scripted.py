"""Great War Commander's scripted policy and search hooks: the Commander family's policy
(commander_family/scripted.py) with the values of the Orders and decisions only this game has.

- HMG Suppress (O22): worth about a shot when an HMG sees a stack (Suppression costs the enemy FP,
  Range, Movement and Morale until a Recover), more with more Formations in the hex it would hit.
- Runner (O27): a little, when no other Order is worth giving (a Runner keeps Units in cohesion
  only by itself, 3.3.2, and can become a spotter with the HRL, O27).
- Strategy Card as +1 (S98.2): only on a roll where +1 helps this side (strategy.plus_one_helps)
  and can change the outcome (:func:`plus_one_changes`: a Fire Defense roll one short of a better
  result, a Fire Attack roll some Defense roll could answer); never on a roll it cannot read.
- Artillery Request (O19) and Air Assault (O17): the area, Spotting Round, axis, creep and bomb
  or strafe that hit the most enemy Units for the fewest friendly ones (:func:`hex_value`);
  the FAO spots before the HRL (it activates nobody); a broken Telephone is fixed into the
  space worth most (a registered area first, then Local, Standing/Creeping, Gas).
- Situations at the Turn decision (S98.1): played when offered, the most useful first
  (:data:`SITUATION_VALUES`).
- A Strategy Card offered inside a procedure (sc_situation: Forward Observer, or calling off the
  enemy's Air Assault) is played: each use only helps its owner.
- The others (Offensive) keep the family's values or none.

The search hooks (branch points, candidates, evaluation, turn key) are in search_hooks.py and
exported here, where tactica.ai.hooks looks for them.
"""

from __future__ import annotations

import random
from typing import Any

from tactica.core.game import Game
from tactica.core.options import Option

from ..commander_family.board_state import board_of
from ..commander_family.scripted import CommanderPolicy, _Ctx
from ..commander_family.stats import morale
from . import barrage, strategy
from .artillery import FAO, barrages
from .core_orders import hmgs, runner_legal
from .search_hooks import branch_point, candidates, evaluate, turn_key

__all__ = ["POLICY", "GwcPolicy", "branch_point", "candidates", "evaluate", "hex_value",
           "plus_one_changes", "turn_key"]

FRIEND_WEIGHT = 1.5
"""A friendly Unit under our own barrage or bombs counts this many enemy Units against it."""

SPACE_ORDER = (barrage.LOCAL, barrage.LINE, barrage.GAS)
"""The Artillery Box spaces in the policy's order of preference for a new area."""


def _roll_and_caller(game: Game) -> tuple[dict[str, Any], dict[str, Any]] | None:
    stack = game.state["stack"]
    for i in range(len(stack) - 1, 0, -1):
        if stack[i]["step"] == "roll":
            return stack[i]["args"], stack[i - 1]["args"]
    return None


def _total(game: Game, roll: dict[str, Any]) -> int:
    rules: Any = game.rules
    c = rules.card(roll["card"])
    base = int(c.white) * int(c.colored) if roll.get("product") else int(c.white) + int(c.colored)
    return base + int(roll.get("drm") or 0)


def _morales(game: Game, a: dict[str, Any], uid: str) -> list[int]:
    u = game.state["units"][uid]
    crossed = a.get("crossed") if u["hex"] == a.get("target") else a.get("crossed2")
    return [morale(game, uid, crossed, a.get("zero_cover", False), heavy=h).value for h in (False, True)]


def plus_one_changes(game: Game, seat: int) -> bool:
    """At a Strategy Card +1 window (S98.2): could +1 on the kept roll change its outcome for
    ``seat``? Read from the roll's frame and its caller's (the card shown, the Attack Total and
    the Cover crossed are public). A Fire Defense roll (O21.3.6-O21.3.7): our unit's Defense
    Total is one short of a tie or of beating the Attack Total (a mover breaks on a tie). A Fire
    Attack roll: some Defense roll 2-12 of some defender would come out otherwise. Any other
    roll: False (the policy does not guess)."""
    found = _roll_and_caller(game)
    if found is None:
        return False
    roll, a = found
    if not strategy.plus_one_helps(game, seat, roll):
        return False
    total = _total(game, roll)
    purpose = str(roll["purpose"])
    units = game.state["units"]
    if purpose.startswith("fire defense of ") and "total" in a and a.get("unit") in units:
        uid = a["unit"]
        if units[uid]["where"] != "map" or int(units[uid]["seat"]) != seat:
            return False
        att = int(a["total"]) - int((a.get("conceal") or {}).get(str(seat), 0))
        near = (att,) if uid in (a.get("moving") or ()) else (att - 1, att)
        return any(m + total in near for m in _morales(game, a, uid))
    if purpose == "fire attack" and "final_fp" in a and "defenders" in a:
        att = int(a["final_fp"]) + total
        for uid in a["defenders"]:
            if uid not in units or units[uid]["where"] != "map" or int(units[uid]["seat"]) == seat:
                continue
            if any(m + d in (att, att + 1) for m in _morales(game, a, uid) for d in range(2, 13)):
                return True
    return False


def hex_value(ctx: _Ctx, hexes: list[str]) -> float:
    """Enemy Units in ``hexes`` less :data:`FRIEND_WEIGHT` for each friendly one: what a barrage
    or an Air Assault on them is worth to ``ctx.seat``."""
    mine: dict[str, int] = {}
    for d in ctx.mine.values():
        mine[d["hex"]] = mine.get(d["hex"], 0) + 1
    return sum(len(ctx.enemy_hexes.get(h, ())) - FRIEND_WEIGHT * mine.get(h, 0) for h in set(hexes))


SITUATION_VALUES: dict[str, float] = {
    "break the enemy Telephone": 1.0, "two free Air Assaults": 1.0, "a free Air Assault": 0.9,
    "keep face up": 0.9, "shift the enemy barrage two hexes": 0.9, "discard his Reminder Cards": 0.7,
    "an Artillery Request spotted by the FAO": 0.8, "discard his Strategy Card, peek at both piles": 0.5,
    "swap the Telephone": 0.4, "draw two Strategy Cards, keep one": 0.3,
    "the opponent discards and redraws three": 0.8}
"""How much the policy likes each Situation use (strategy.SITUATIONS labels); Battle Morale's
rally of a Leader and his Units is worth 1."""


def situation_value(label: str) -> float:
    return 1.0 if label.startswith("rally ") else SITUATION_VALUES.get(label, 0.0)


def _situations(opts: list[Option]) -> list[Option]:
    """The Strategy Card Situations a Turn offers (S98.1)."""
    return [o for o in opts if o.kind == "extra" and "sc_card" in (o.args or {})]


_NO_CTX: Any = None
"""What the handlers that read no view get instead of a _Ctx (speed: it is built from the view)."""


class GwcPolicy(CommanderPolicy):
    name = "gwc-scripted"

    def explain(self, game: Game, seat: int, rng: random.Random) -> tuple[Option, str]:
        d = game.decision()
        handler = getattr(self, f"_gwc_{d.step}", None) if d is not None else None
        opts = game.legal_options()
        if d is not None and d.step == "turn" and not _situations(opts):
            handler = None  # nothing of this game's own at this Turn: one view, the family's
        if handler is not None and len(opts) > 1:
            # the +1 window comes after every roll and reads the frames only: no view to build
            ctx = _NO_CTX if d is not None and d.step == "sc_modifier" else _Ctx(game, seat)
            r: tuple[Option, str] | None = handler(game, ctx, opts)
            if r is not None:
                return r
        return super().explain(game, seat, rng)

    def order_values(self, game: Game, ctx: _Ctx,
                     names: set[str] | None = None) -> dict[str, tuple[float, str]]:
        out = super().order_values(game, ctx, names)
        g: Any = ctx.g
        if names is None or "HMG Suppress" in names:
            seat = ctx.seat
            guns = hmgs(g, seat)
            best = max((len(ctx.enemy_hexes.get(h, [])) for h in ctx.enemy_hexes), default=0)
            out["HMG Suppress"] = ((0.3 + 0.1 * min(best, 4)) if guns else 0.0,
                                   f"suppress a stack of {best}" if guns else "no HMG sees an enemy")
        if names is None or "Runner" in names:
            out["Runner"] = (0.12 if runner_legal(g, ctx.seat, "") else 0.0, "a Runner for the HRL")
        return out

    # -- S98.2, S98.1: the Strategy Card windows
    def _gwc_sc_modifier(self, game: Game, ctx: Any, opts: list[Option]) -> tuple[Option, str]:
        keep = self._find(opts, "pass") or opts[-1]
        play = next((o for o in opts if o.kind == "sc"), None)
        d = game.decision()
        if play is not None and d is not None and plus_one_changes(game, d.seat):
            return play, "+1 on our own roll changes its outcome (S98.2)"
        return keep, "+1 would not change this roll for us: keep the Strategy Card"

    def _gwc_sc_situation(self, game: Game, ctx: _Ctx, opts: list[Option]) -> tuple[Option, str]:
        play = next((o for o in opts if o.kind == "sc"), None)
        if play is not None:
            return play, "the card's use here only helps us (S98.1)"
        return self._find(opts, "pass") or opts[-1], "nothing to play"

    def _gwc_turn(self, game: Game, ctx: _Ctx, opts: list[Option]) -> tuple[Option, str] | None:
        """S98.1: a Situation the Turn offers is played first (it gives no Order and costs no
        Fate card); the family's Turn choice follows on the next decision."""
        sits = _situations(opts)
        if not sits or not ctx.theirs:
            return None
        best = max(sits, key=lambda o: situation_value(str(o.args["key"])))
        if situation_value(str(best.args["key"])) <= 0:
            return None
        return best, f"play the Strategy Card as a Situation: {best.args['key']} (S98.1)"

    # -- O19: the Artillery Request
    def _gwc_artillery_request(self, game: Game, ctx: _Ctx, opts: list[Option]) -> tuple[Option, str] | None:
        b = board_of(game)
        if b is None:
            return None
        seat = ctx.seat
        kinds = {o.kind for o in opts}
        if kinds & {"space", "registered", "access"}:
            area = barrages(game)[seat]
            reg = self._find(opts, "registered")
            if reg is not None and area is not None and hex_value(ctx, list(area["impacts"])) > 0:
                return reg, "Fire for Effect on the registered area: enemies under it"
            for sp in SPACE_ORDER:
                o = next((x for x in opts if x.kind in ("space", "access") and x.args.get("space") == sp),
                         None)
                if o is not None:
                    return o, f"{o.id}: the most useful space open"
            return None
        if "spotter" in kinds:
            fao = next((o for o in opts if o.args.get("spotter") == FAO), None)
            return (fao, "the FAO spots: no Leader activated") if fao else None
        if "spot" in kinds:
            def spot(o: Option) -> float:  # the SR hex and its neighbours are all hit (O19.2.1.4)
                h = o.args["hex"]
                return hex_value(ctx, barrage.local_pattern(b, h)) + 0.1 * hex_value(ctx, [h])

            best = max(opts, key=spot)
            return best, f"Spotting Round in {best.args['hex']}: the most enemies for the fewest friends"
        if "axis" in kinds:
            sr = game.top()["sr"]
            best = max(opts, key=lambda o: hex_value(ctx, barrage.line_pattern(b, sr, o.args["axis"])))
            return best, f"{best.id}: the row over the most enemies"
        if "creep" in kinds or "stand" in kinds:
            area = barrages(game)[seat]
            if area is None:
                return None
            impacts = list(area["impacts"])

            def creep(o: Option) -> float:
                if o.kind == "stand":
                    return hex_value(ctx, impacts)
                return hex_value(ctx, [h for h in barrage.shifted(b, impacts, o.args["dir"]) if h])

            best = max(opts, key=creep)
            return best, f"{best.id}: the barrage over the most enemies"
        return None

    # -- Air Assault: bomb one hex or strafe two
    def _gwc_air_assault(self, game: Game, ctx: _Ctx, opts: list[Option]) -> tuple[Option, str] | None:
        hits = [o for o in opts if o.kind in ("bomb", "strafe")]
        if not hits:
            return None
        bonus = {"bomb": 0.1}  # one hex bombed beats two strafed when they hit as many
        best = max(hits, key=lambda o: hex_value(ctx, list(o.args["hexes"])) + bonus.get(o.kind, 0.0))
        return best, f"{best.id}: the most enemies for the fewest friends"


POLICY = GwcPolicy()
