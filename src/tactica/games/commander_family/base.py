"""CommanderRules: the Rules base class the Commander-family games build on.

It owns the family's steps (Turn, rolls, triggers, Time), the three registries a later stage
extends (``orders``, ``events``, ``actions``), the hooks the map-dependent stages fill in, and the
per-seat view. A game (combat_commander) subclasses it, supplies its components through
``card``/``unit_type``/``weapon_type``/``chit`` and builds the registries from its own names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tactica.core.decks import redeal
from tactica.core.options import Option
from tactica.core.rules import Rules, Step

from .actions import ActionDef, ActionWindow
from .events import EventDef
from .orders import OrderDef
from .rolls import Initiative, Reveal, Roll
from .state import OBJECTIVES, side
from .time_track import TimeAdvance
from .triggers import TriggerEvent, TriggerSniper
from .turn import Discard, EndTurn, Turn

if TYPE_CHECKING:
    from tactica.core.chance import Chance
    from tactica.core.game import Game


def family_steps() -> list[Step]:
    return [Turn(), Discard(), EndTurn(), Roll(), Initiative(), Reveal(), TriggerEvent(),
            TriggerSniper(), TimeAdvance(), ActionWindow()]


class CommanderRules(Rules):
    """Registries are per instance, so a test (or a variant) can build its own instance with
    extra entries without touching the shared module object."""

    orders: dict[str, OrderDef]
    events: dict[str, EventDef]
    actions: dict[str, ActionDef]

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        super().__init__([*family_steps(), *steps])
        self.orders = {}
        self.events = {}
        self.actions = {}

    # -- components (the game supplies them) --------------------------------------------------
    def card(self, card_id: str) -> Any:
        raise NotImplementedError

    def unit_type(self, type_id: str) -> Any:
        raise NotImplementedError

    def weapon_type(self, type_id: str) -> Any:
        raise NotImplementedError

    def chit(self, chit_id: str) -> Any:
        raise NotImplementedError

    # -- hooks for the later stages -------------------------------------------------------------
    def adjacent_hexes(self, g: Game, label: str) -> list[str]:
        """The map's neighbours of a hex (none until a map is loaded)."""
        return []

    def after_order(self, g: Game) -> None:
        """O16.4: after every Order, hexes holding both sides' units are Melees (stage 2)."""

    def after_trigger(self, g: Game) -> None:
        """O16.4: the Melee check also follows every die trigger (stage 2)."""

    def stacking_check(self, g: Game, seat: int) -> None:
        """8.2: at the end of every Turn overstacked hexes are fixed (needs the map)."""

    def turn_extras(self, g: Game, seat: int) -> list[Option]:
        """Choices besides Orders the active seat may make at its Turn decision (a game adds
        e.g. the voluntary elimination of a Weapon); none by default."""
        return []

    def turn_extra(self, g: Game, seat: int, option: Option) -> None:
        """Carry out one of :meth:`turn_extras`."""
        raise NotImplementedError(option.id)

    def reinforce_radios(self, g: Game, space: int) -> None:
        """6.1.2 step 5: Radios waiting on this Time space enter (a game with Radios overrides)."""

    def reinforce(self, g: Game, seat: int, units: list[str]) -> None:
        """6.1.2 step 5: reinforcements enter along the owner's edge. Without a map they enter
        play on no hex; the map stage overrides this with a placement frame."""
        for uid in units:
            g.state["units"][uid].update(where="map", hex=None)
        g.emit("6.1.2", "{nation} reinforcements enter: {units}", nation=side(g.state, seat)["nation"],
               units=", ".join(units))

    def sniper_targets(self, g: Game, label: str) -> list[str]:
        """1.9.1.3: units of either side in the Random Hex or adjacent to it."""
        near = {label, *self.adjacent_hexes(g, label)}
        return sorted(uid for uid, u in g.state["units"].items()
                      if u["where"] == "map" and u["hex"] in near)

    def broken_weapon_check(self, g: Game, number: int) -> None:
        """11.4: a Random Hex's number fixes or eliminates broken Weapons in play."""
        s = g.state
        for wid in sorted(s["weapons"]):
            w = s["weapons"][wid]
            if not w["broken"] or w["where"] != "map":
                continue
            wt = self.weapon_type(w["type"])
            if wt.fix[0] <= number <= wt.fix[1]:
                w["broken"] = False
                g.emit("11.4", "Random Hex number {n} fixes {weapon}", n=number, weapon=wid)
            elif wt.elim[0] <= number <= wt.elim[1]:
                carrier = w["carrier"]
                if carrier is not None:
                    s["units"][carrier]["weapon"] = None
                w.update(carrier=None, broken=False, where="casualties")
                side(s, int(w["seat"]))["casualty_weapons"].append(wid)
                g.emit("11.4", "Random Hex number {n} eliminates {weapon}", n=number, weapon=wid)

    # -- views ---------------------------------------------------------------------------------
    def view(self, g: Game, seat: int | None, everything: bool) -> dict[str, Any]:
        """1.2: own hand only; the other hand's size; discards public; draw piles by size;
        secret chits to their owner (7.3.3). Units are all public for now (Hidden Units: A35)."""
        s = g.state
        sides = []
        for i, sd in enumerate(s["sides"]):
            mine = everything or seat == i
            d = sd["deck"]
            sides.append({
                "nation": sd["nation"], "posture": sd["posture"], "hand_size": sd["hand_size"],
                "hand": sorted(sd["hand"]) if mine else None, "hand_count": len(sd["hand"]),
                "draw_count": len(d["draw"]), "draw": list(d["draw"]) if everything else None,
                "discard": list(d["discard"]), "removed": list(d["removed"]),
                "order_cap": sd["order_cap"], "discard_cap": sd["discard_cap"],
                "casualties": list(sd["casualties"]), "casualty_weapons": list(sd["casualty_weapons"]),
                "surrender": sd["surrender"],
                "chits_secret": list(sd["chits_secret"]) if mine else None,
                "chits_secret_count": len(sd["chits_secret"]),
            })
        return {
            "sides": sides,
            "chits_open": list(s["chits_open"]),
            "objectives": {o: dict(s["objectives"][o]) for o in OBJECTIVES},
            "vp": s["vp"], "time": dict(s["time"]), "initiative": s["initiative"],
            "active": s["active"], "turn": s["turn"],
            "units": {k: dict(v) for k, v in s["units"].items()},
            "weapons": {k: dict(v) for k, v in s["weapons"].items()},
            "smoke": dict(s["smoke"]),
            "reinforcements": {k: list(v) for k, v in s["reinforcements"].items()},
        }

    def summary(self, g: Game) -> dict[str, Any]:
        """Player turns, the VP marker as each seat's margin (one signed track: + favours seat
        0), and the ending: 6.2.2 sudden death and 6.3.2 last unit exited (both decided on VP),
        6.3.1 surrender or elimination, 7.3.2 all five Objectives."""
        s = g.state
        reason = str((s["result"] or {}).get("reason", ""))
        vp = float(s["vp"])
        if "controls all five" in reason:
            end = "all objectives"
        elif "lose" in reason:
            end = "surrender or elimination"
        elif int(s["time"]["space"]) >= int(s["time"]["sudden_death"]):
            end = "sudden death"
        else:
            end = "last unit exited"
        return {"turns": int(s["turn"]), "vp": [vp, -vp], "end": end}

    def hidden_zones(self, g: Game, seat: int) -> list[list[Any]]:
        """What ``seat`` cannot see: the other hand, the other draw pile and (its order) its own
        draw pile, plus the other side's secret chits and the undrawn chits."""
        other = side(g.state, 1 - seat)
        return [other["hand"], other["deck"]["draw"], side(g.state, seat)["deck"]["draw"],
                other["chits_secret"], g.state["chit_pool"]]

    def resample(self, g: Game, seat: int, chance: Chance) -> None:
        """Re-deal per pool so cards never change deck: (other hand + other draw pile), (own
        draw pile), (other secret chits + undrawn chits that have a secret side)."""
        other_hand, other_draw, own_draw, other_secret, pool = self.hidden_zones(g, seat)
        # cards of the other hand that seat has been shown (E61 Interrogation) stay where they are
        shown = set(side(g.state, 1 - seat).get("shown") or ())
        known = [c for c in other_hand if c in shown]
        unknown = [c for c in other_hand if c not in shown]
        redeal([unknown, other_draw], chance)
        other_hand[:] = known + unknown
        redeal([own_draw], chance)
        secretable = [c for c in pool if self.chit(c).secret_side]
        rest = [c for c in pool if not self.chit(c).secret_side]
        redeal([other_secret, secretable], chance)
        pool[:] = secretable + rest
