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
- A Strategy Card offered during our own Move or Offensive (S98.1, kind ``move_extra``:
  :func:`move_card_value`): entering enemy hexes (S98.3.4 Assaults, S98.4.7 Sturmtruppen) when
  movers in Good Order, with the MPs, stand next to an enemy hex whose figures they match (outnumber
  for Assaults, which Suppresses them), and then they go in at those odds only; ignoring Wire
  (S98.4.7, S98.5.6) when movers stand in Wire or may step into it; Doughboy Surge (S98.5.3) when
  an unbroken enemy has one of the line in Range. Otherwise the card is kept.
- Offensive (O24): worth more than a Move when a Leader can lead a line of three or more that
  moves toward the objectives and, one hex on, has an enemy in some line Formation's Range, so
  that the Offensive's one Fire Attack after the move (O24.2) comes on top of the move
  (:func:`offensive_value`); nothing without such a shot (then a Move does the same with fewer
  limits). In the Order: the line starts with the Leader whose line is the longest, takes every
  Formation it may that holds no objective, then moves (the family's Move choices); the Fire
  Attack is always made, at the hex with the most enemies.

The search hooks (branch points, candidates, evaluation, turn key) are in search_hooks.py and
exported here, where tactica.ai.hooks looks for them.
"""

from __future__ import annotations

import random
from typing import Any

from tactica.core.game import Game
from tactica.core.options import Option

from ..commander_family.board_state import board_of, reading
from ..commander_family.movement import remaining, step_cost
from ..commander_family.scripted import CommanderPolicy, _Ctx
from ..commander_family.stats import morale, stat_value
from . import barrage, fortifications, offensive, strategy, strategy_timing
from .artillery import FAO, barrages
from .components import unit_type_of
from .core_orders import hmgs, runner_legal
from .search_hooks import branch_point, candidates, evaluate, turn_key

__all__ = ["POLICY", "GwcPolicy", "branch_point", "candidates", "evaluate", "hex_value",
           "move_card_value", "offensive_line", "offensive_value", "plus_one_changes", "turn_key"]

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


# ---------------------------------------------------------------- cards played in our Move (S98.1)
_PICKING = ("first", "more", "pick", "join")
"""Move phases before a group steps (the movers are the Order's unmoved units)."""


def _movers(game: Game, a: dict[str, Any]) -> list[str]:
    """The Order's units in Good Order that may still move now: the group stepping, else the
    activated units not yet moved."""
    units = game.state["units"]
    if a.get("phase") not in _PICKING and a.get("group"):
        uids = list(a["group"])
    else:
        uids = [u for u in a.get("activated") or () if u not in (a.get("moved") or ())]
    return [u for u in uids if units[u]["where"] == "map" and units[u]["hex"] is not None
            and not units[u]["broken"]]


def _odds(ctx: _Ctx, ours: list[str], there: str, suppressed: bool) -> int | None:
    """Our figures less the enemy's in ``there`` (Assaults needs more, it Suppresses the
    movers), or None when the odds are not worth a Melee."""
    theirs = ctx.enemy_hexes.get(there) or []
    if not theirs:
        return None
    edge = ctx.figs([u for u in ours if not ctx.units[u]["suppressed"]]) - ctx.figs(theirs)
    return edge if edge >= (1 if suppressed else 0) else None


def _entries(game: Game, ctx: _Ctx, a: dict[str, Any], suppressed: bool) -> list[tuple[int, str]]:
    """(odds, enemy hex) for each enemy hex next to movers that could step into it now."""
    movers = _movers(game, a)
    stepping = a.get("phase") not in _PICKING and bool(a.get("group"))
    by_hex: dict[str, list[str]] = {}
    for u in movers:
        by_hex.setdefault(ctx.units[u]["hex"], []).append(u)
    out = []
    for here, ours in sorted(by_hex.items()):
        for there in sorted(ctx.enemy_hexes):
            if ctx.dist(here, there) != 1:
                continue
            if stepping:
                cost = step_cost(game, here, there, ours)
                if cost is None or cost > remaining(game, a):
                    continue
            edge = _odds(ctx, ours, there, suppressed)
            if edge is not None:
                out.append((edge, there))
    return out


def move_card_value(game: Game, ctx: _Ctx, a: dict[str, Any], option: Option,
                    opts: list[Option]) -> tuple[float, str]:
    """What playing this Strategy Card use during our own Move/Offensive (frame ``a``) is worth
    now, and why (0: keep the card)."""
    cid = option.args["sc_card"]
    uses = strategy_timing.OFFENSIVE_USES if a.get("offensive") else strategy_timing.MOVE_USES
    effect = uses[strategy.card(game, cid).name][int(option.args["use"])][0]
    if effect in ("enter", "enter_suppress"):  # S98.3.4, S98.4.7
        found = _entries(game, ctx, a, effect == "enter_suppress")
        if found:
            edge, there = max(found)
            return 0.6 + 0.1 * edge, f"movers can storm {there} at +{edge} figures"
        return 0.0, "no enemy hex next to our movers at odds worth a Melee"
    if effect == "no_wire":  # S98.4.7, S98.5.6
        movers = _movers(game, a)
        if any(fortifications.in_wire(game, ctx.units[u]["hex"]) for u in movers):
            return 0.5, "movers stand in Wire"
        if any(o.kind == "move" and fortifications.in_wire(game, o.args["hex"]) for o in opts):
            return 0.5, "movers may step into Wire"
        return 0.0, "no Wire in the movers' way"
    if effect == "surge":  # S98.5.3: Op Fire could break the line
        line = _movers(game, a)
        for e, d in sorted(ctx.theirs.items()):
            if d["broken"] or not unit_type_of(game, e).is_unit:
                continue
            reach = stat_value(game, e, "range")
            if any(ctx.dist(d["hex"], ctx.units[u]["hex"]) <= reach for u in line):
                return 0.7, f"{e} has the line in Range"
        return 0.0, "no enemy has the line in Range"
    return 0.0, "unknown use"


# ---------------------------------------------------------------- O24 Offensive
OFFENSIVE_FIRE = 0.25
"""What the Offensive's one Fire Attack after the move (O24.2 step 2) adds to moving the line."""
OFFENSIVE_LINE = 3
"""Formations (the Leader included) a line needs before an Offensive is worth a card."""


def offensive_line(ctx: _Ctx, leader: str, line: list[str] | None = None) -> list[str]:
    """The line the policy forms from ``leader`` (O24.1, offensive.next_to): one Formation at a
    time, each next to one already in it, leaving out those that hold an objective; ``line``: the
    one formed so far."""
    g: Any = ctx.g
    line = list(line or [leader])
    while True:
        more = [u for u in offensive.next_to(g, ctx.seat, line)
                if not ctx.held_objective(ctx.units[u]["hex"])]
        if not more:
            return line
        line.append(more[0])


def offensive_value(ctx: _Ctx) -> tuple[float, str]:
    """The best line's worth as an Offensive: a Move of its Formations away from the objectives
    (the family's Move value for them) plus :data:`OFFENSIVE_FIRE` when, one hex on, an enemy
    stands within some line Formation's Range; 0 without such a shot or with a short line."""
    g: Any = ctx.g
    best: tuple[float, str] = (0.0, "no line of three that could step up and fire")
    for ldr in offensive.leaders(g, ctx.seat):
        line = offensive_line(ctx, ldr)
        away = [u for u in line if ctx.goal_dist(ctx.units[u]["hex"]) > 0]
        if len(line) < OFFENSIVE_LINE or len(away) < 2:
            continue
        shot = [u for u in line
                if ctx.enemy_dist(ctx.units[u]["hex"]) <= stat_value(g, u, "range") + 1]
        if not shot:
            continue
        v = min(1.0, 0.15 * len(away) + 0.2) + OFFENSIVE_FIRE
        if v > best[0]:
            best = (v, f"an Offensive: {ldr}'s line of {len(line)} steps up and {shot[0]} can fire")
    return best


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
        if d is not None and d.step == "move_order" and len(opts) > 1 and (
                any(o.kind == "move_extra" for o in opts) or strategy_timing.enemy_entry(game, game.top())):
            return self._move_with_card(game, seat, rng, opts, d.prompt)
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
        if names is None or "Offensive" in names:
            out["Offensive"] = offensive_value(ctx)
        return out

    # -- O24: the Offensive's line and its Fire Attack
    def _gwc_offensive_order(self, game: Game, ctx: _Ctx, opts: list[Option]) -> tuple[Option, str] | None:
        a = game.top()
        if a["phase"] == "line":
            adds = [o for o in opts if o.kind == "activate"]
            if not a["line"]:  # the Leader with the longest line starts it
                best = max(adds, key=lambda o: (len(offensive_line(ctx, o.args["unit"])), o.id))
                return best, f"start the Offensive's line with {best.args['unit']} (O24.1)"
            want = offensive_line(ctx, a["line"][0], a["line"])
            more = [o for o in adds if o.args["unit"] in want]
            if more:
                return more[0], f"{more[0].args['unit']} joins the line"
            done = self._find(opts, "done")
            if done is not None:
                return done, "the line is complete: move"
            return adds[0], "a line needs two Formations (O24.1)"
        if a["phase"] == "fire_leader":
            lead = next((o for o in opts if o.kind == "unit"), None)
            return (lead, "the Offensive's Fire Attack costs nothing: make it (O24.2)") if lead else None
        return None  # the target: the family's choice, the hex with the most enemies

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

    # -- S98.1: a Strategy Card during our own Move or Offensive
    def _move_with_card(self, game: Game, seat: int, rng: random.Random, opts: list[Option],
                        prompt: str) -> tuple[Option, str]:
        """Play the best card use worth it (:func:`move_card_value`); with an entry card played,
        step into the enemy hex at the best odds; else the family's Move choice among the other
        options (never an enemy hex at poor odds)."""
        a = game.top()
        ctx = _Ctx(game, seat)
        with reading(ctx.g):
            best, why, value = None, "", 0.0
            for o in opts:
                if o.kind == "move_extra":
                    v, w = move_card_value(game, ctx, a, o, opts)
                    if v > value:
                        best, why, value = o, w, v
            if best is not None:
                return best, f"play {best.label}: {why} (S98.1)"
            rest = [o for o in opts if o.kind != "move_extra"]
            sc = a.get("sc") or {}
            suppressed = "enter_suppress" in sc
            if strategy_timing.enemy_entry(game, a):
                storm = [(e, o) for o in rest if o.kind == "move" and o.args["hex"] in ctx.enemy_hexes
                         for e in [_odds(ctx, list(a["group"]), o.args["hex"], suppressed)] if e is not None]
                if storm:
                    edge, o = max(storm, key=lambda t: t[0])
                    return o, f"storm {o.args['hex']} at +{edge} figures (Melee after the Order)"
                rest = [o for o in rest if not (o.kind == "move" and o.args["hex"] in ctx.enemy_hexes)]
            if len(rest) <= 1:
                return (rest or opts)[0], "the only option but the Strategy Card"
            rng.shuffle(rest)
            r = self._move_order(game, ctx, rest, prompt, rng)
            return r if r is not None else self._fallback(ctx, rest, rng)

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
