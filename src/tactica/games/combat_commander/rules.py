"""CombatCommanderRules: Combat Commander: Europe on the Commander-family core.

Supplies the components (Fate decks, rosters, chits, postures from components.py), builds the
registries from the rulebook's Order/Action/Event names, and sets a scenario up (2.1 of the
digest: decks shuffled, hands dealt, chits drawn, markers placed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tactica.core.decks import new_deck
from tactica.core.rules import RulesError, ScenarioInfo, Step

from ..commander_family.actions import action_registry
from ..commander_family.base import CommanderRules
from ..commander_family.events import event_registry
from ..commander_family.orders import order_registry
from ..commander_family.state import OBJECTIVES, new_side, new_unit, new_weapon
from ..commander_family.turn import start_turn
from ..commander_family.victory import objective_value
from .components import ACTIONS, EVENTS, ORDERS, Pack, builtin_pack
from .scenarios import SCENARIOS

if TYPE_CHECKING:
    from tactica.core.game import Game


class CombatCommanderRules(CommanderRules):
    id = "combat_commander"
    name = "Combat Commander: Europe"
    version = "0.1"
    seats = ("axis", "allies")
    option_defaults: Mapping[str, Any] = {}

    def __init__(self, steps: Iterable[Step] = (), pack: Pack | None = None) -> None:
        super().__init__(steps)
        self._pack = pack
        self.orders = order_registry(dict(ORDERS))
        self.events = event_registry(dict(EVENTS))
        self.actions = action_registry(dict(ACTIONS))
        self._cards: dict[str, Any] | None = None

    # -- components ----------------------------------------------------------------------------
    @property
    def pack(self) -> Pack:
        if self._pack is None:
            self._pack = builtin_pack()
        return self._pack

    def _card_index(self) -> dict[str, Any]:
        if self._cards is None:
            self._cards = {cid: c for d in self.pack.decks.values() for cid, c in d.cards.items()}
        return self._cards

    def card(self, card_id: str) -> Any:
        return self._card_index()[card_id]

    def unit_type(self, type_id: str) -> Any:
        for r in self.pack.rosters.values():
            if type_id in r.units:
                return r.units[type_id]
        raise KeyError(f"no unit type {type_id!r}")

    def weapon_type(self, type_id: str) -> Any:
        for r in self.pack.rosters.values():
            if type_id in r.weapons:
                return r.weapons[type_id]
        raise KeyError(f"no weapon type {type_id!r}")

    def chit(self, chit_id: str) -> Any:
        return self.pack.objectives[chit_id]

    # -- scenarios -----------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, v["name"], v.get("description", ""), self.seats)
                for k, v in SCENARIOS.items()]

    def setup(self, g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        sc = SCENARIOS[scenario]
        s = g.state
        ch = g.chance
        postures = self.pack.postures
        sides: list[dict[str, Any]] = []
        units: dict[str, Any] = {}
        weapons: dict[str, Any] = {}
        reinforcements: dict[str, list[str]] = {}
        for seat, seat_name in enumerate(self.seats):
            spec = sc["sides"][seat_name]
            nation = spec["nation"]
            if nation not in self.pack.decks:
                raise RulesError(f"scenario {scenario}: no Fate deck for {nation}")
            sd = new_side(nation, spec["posture"], postures.hand_size[spec["posture"]], spec["orders"],
                          postures.discard_limit[nation], spec["surrender"])
            sd["deck"] = new_deck(list(self.pack.decks[nation].cards), ch)  # 2.1: shuffled
            sides.append(sd)
            entries: list[tuple[Any, str, str | None]] = [(u, "map", None) for u in spec["units"]]
            for space, lst in sorted(spec.get("reinforcements", {}).items()):
                entries += [(u, "time_track", str(space)) for u in lst]
            for n, (entry, where, space) in enumerate(entries, start=1):
                e = {"type": entry} if isinstance(entry, str) else dict(entry)
                self.unit_type(e["type"])  # refuse unknown types now
                uid = f"{seat_name}-{n}"
                wid = None
                if e.get("weapon"):
                    self.weapon_type(e["weapon"])
                    wid = f"{uid}-w"
                    weapons[wid] = new_weapon(e["weapon"], seat, uid)
                units[uid] = new_unit(e["type"], seat, e.get("hex"), where, wid)
                if space is not None:
                    reinforcements.setdefault(space, []).append(uid)
        t = sc["time"]
        s.update(
            sides=sides, units=units, weapons=weapons, reinforcements=reinforcements, smoke={},
            activated=[], vp=int(sc.get("vp", 0)), turn=0,
            time={"space": t["start"], "sudden_death": t["sudden_death"], "last": t["last"], "advances": 0},
            initiative=self.seats.index(sc["initiative"]), active=self.seats.index(sc["first"]),
            objectives={o: {"owner": None if sc["objectives"].get(o) is None
                            else self.seats.index(sc["objectives"][o]), "hex": None} for o in OBJECTIVES},
        )
        self._deal_chits(g, sc)
        for seat, sd in enumerate(sides):  # 1.1: starting hand = Hand Size
            for _ in range(sd["hand_size"]):
                sd["hand"].append(sd["deck"]["draw"].pop())
            g.emit("1.1", "{nation} ({posture}) draws {n} cards", nation=sd["nation"],
                   posture=sd["posture"], n=sd["hand_size"])
            g.emit("1.1", "Your hand: {cards}", to=[seat], cards=", ".join(sorted(sd["hand"])))
        start_turn(g, int(s["active"]))

    def _deal_chits(self, g: Game, sc: Mapping[str, Any]) -> None:
        """7.3.2-7.3.3: chits drawn at random; a chit without a secret side drawn as secret is
        played open. Open chits score for the initial controllers at once (continuous scoring)."""
        s = g.state
        pool = sorted(self.pack.objectives)
        g.chance.shuffle(pool)
        s["chit_pool"] = pool
        s["chits_open"] = [pool.pop() for _ in range(int(sc.get("open_chits", 0)))]
        for seat in (0, 1):
            for _ in range(int(sc.get("secret_chits", 0))):
                c = pool.pop()
                if self.chit(c).secret_side:
                    s["sides"][seat]["chits_secret"].append(c)
                    g.emit("7.3.3", "Your secret Objective chit: {chit}", to=[seat], chit=c)
                else:
                    s["chits_open"].append(c)
                    g.emit("7.3.3", "Chit {chit} has no secret side: it is played open", chit=c)
        g.emit("7.3.2", "Open Objective chits: {chits}", chits=", ".join(s["chits_open"]) or "none")
        for o in OBJECTIVES:
            owner = s["objectives"][o]["owner"]
            v = objective_value(g, o, s["chits_open"])
            if owner is not None and v:
                s["vp"] += v if owner == 0 else -v
        g.emit("7.3.3", "VP track after open Objectives: {vp:+d}", vp=s["vp"])

    def seat_names(self, g: Game) -> tuple[str, ...]:
        return tuple(sd["nation"] for sd in g.state["sides"])
