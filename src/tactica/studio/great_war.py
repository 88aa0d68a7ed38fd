"""The studio's adapter for The Great War: the same calls as every module, on the Commands &
Colors board of a base scenario.

What it covers now: hex terrain from the position's board, units (ids of one's own; fields such
as ``figs``, ``tokens``, ``ordered``, ``moved``, ``bomber``), command and combat hands, the HQ
tokens, medals and the medals to win as tracks, objectives, whose Turn and in which phase
(``turn(seat, "order" | "move" | "battle")``: a command card in play, a Recon unless
``setting(card=...)`` names another, played through the Turn's own card step; from the move on
the side's units ordered), and forced battle dice by face. Without a board and without units,
the base scenario's own units and objectives stay. What it does not cover yet: a board of
another shape (the module keeps one map per scenario; the position's board must have the base
map's size and only lends its terrain) and per-unit stats (its unit types are module tables;
``stats`` is refused).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Rules, Step
from tactica.games.great_war import GreatWarRules
from tactica.games.great_war.cards import COMMAND, kind
from tactica.games.great_war.dice import FACES
from tactica.games.great_war.flow import STEPS
from tactica.games.great_war.scenarios import SIDES, geo_of_state, load_scenario
from tactica.games.great_war.terrain import TERRAIN
from tactica.games.great_war.units import UNIT_TYPES

from .position import Position, StudioError, known_settings, register_adapter

PHASES = {None: "play_card", "play": "play_card", "order": "order_units", "move": "move_phase",
          "battle": "battle_phase"}
"""``turn(seat, phase)`` -> the step the Turn starts at."""
BATTLE_CARD = "recon#1"
"""The command card in play when a position starts past the card step (``setting(card=...)``
names another)."""
SETTINGS = {"base", "card"}


def new_unit(uid: str, side: int, kind: str, index: int) -> dict[str, Any]:
    """A unit record as the scenario set-up makes it (scenarios.py)."""
    t = UNIT_TYPES[kind]
    return {"id": uid, "side": side, "kind": kind, "hex": index, "figs": t.figures,
            "tokens": t.tokens, "bomber": False, "bog": "", "ordered": False, "moved": 0,
            "move_done": False, "battled": False, "stopped": False, "building": False,
            "bonus_used": False, "hold": False, "close_dice": 0, "no_gain": False}


class GreatWarStudio:
    module: str = "great_war"
    seats: tuple[str, ...] = SIDES

    def new_rules(self, steps: Sequence[Step]) -> Rules:
        return GreatWarRules([*STEPS, *steps])

    def unit_id(self, position: Position, seat: str, wanted: str | None) -> str:
        uid = wanted or f"{seat}-{sum(1 for u in position.units if u['seat'] == seat) + 1}"
        if any(u["id"] == uid for u in position.units):
            raise StudioError(f"unit id {uid!r} is taken")
        return uid

    def prepare(self, position: Position, rules: Rules) -> str:
        known_settings(position, SETTINGS, "The Great War")
        card = position.settings.get("card")
        if card is not None and kind(str(card)) not in COMMAND:
            raise StudioError(f"card {card!r}: no such command card")
        base = str(position.settings.get("base", "ridge_trench"))
        load_scenario(base)  # refuses an unknown base with the module's error
        for u in position.units:
            if u["type"] not in UNIT_TYPES:
                raise StudioError(f"unit {u['id']}: no unit type {u['type']!r} "
                                  f"(have {', '.join(UNIT_TYPES)})")
            if u["stats"]:
                raise StudioError(f"unit {u['id']}: per-unit stats are not in The Great War's "
                                  "adapter yet (its unit types are module tables)")
        return base

    def finish(self, g: Game, position: Position) -> None:
        s = g.state
        geo = geo_of_state(s)
        if position.board is not None:
            self._terrain(g, position)
        on_base = position.board is None  # the base scenario's own battlefield
        if not (on_base and not position.units):  # else its units stay, as it sets them up
            self._units(g, position)
        if not (on_base and not position.objectives):
            s["objectives"] = [[self._hex(geo, oid), SIDES.index(o["owner"])]
                               for oid, o in position.objectives.items() if o["owner"] is not None]
        for seat, name in enumerate(SIDES):
            for key, field in (("medals", "medals"), ("hq", "hq"), ("target", "target")):
                if f"{key}:{name}" in position.tracks:
                    s[field][seat] = int(position.tracks[f"{key}:{name}"])
        if "turn" in position.tracks:
            s["turn"] = int(position.tracks["turn"])
        for key, cards in position.hands.items():
            name, _, hand_kind = key.partition(":")
            self._hand(g, SIDES.index(name), hand_kind, cards)
        for key, piles in position.decks.items():
            _, _, deck_kind = key.partition(":")
            d = s["combat" if deck_kind == "combat" else "command"]
            for c in reversed(piles["top"]):
                self._take(g, deck_kind, c)
                d["draw"].append(c)
            for c in piles["discard"]:
                self._take(g, deck_kind, c)
                d["discard"].append(c)
        if position.markers:
            raise StudioError("The Great War's adapter places no markers yet (terrain goes on the board)")
        if position.turn_of is not None:
            s["active"] = SIDES.index(position.turn_of)
        step = PHASES.get(position.phase)
        if step is None:
            have = ", ".join(p for p in PHASES if p)
            raise StudioError(f"phase {position.phase!r}: The Great War's are {have}")
        s["stack"] = [{"step": "play_card", "args": {}}]
        if step != "play_card":
            self._play(g, str(position.settings.get("card", BATTLE_CARD)))
            s["stack"] = [{"step": step, "args": {}}]
            if step != "order_units":
                ordered = {u["id"] for u in position.units if "ordered" in u["fields"]}
                for rec in s["units"].values():
                    if rec["side"] == s["active"] and rec["id"] not in ordered:
                        rec["ordered"] = True
        g.emit("studio", "Position built in the studio")

    def _units(self, g: Game, position: Position) -> None:
        """Exactly the position's units."""
        s = g.state
        geo = geo_of_state(s)
        units: dict[str, dict[str, Any]] = {}
        occ: list[str | None] = [None] * geo.n
        for u in position.units:
            i = geo.index.get(u["hex"] or "")
            if i is None or geo.half[i]:
                raise StudioError(f"unit {u['id']}: hex {u['hex']!r} is not a playable hex")
            if occ[i] is not None:
                raise StudioError(f"unit {u['id']}: hex {u['hex']} already holds {occ[i]}")
            rec = new_unit(u["id"], SIDES.index(u["seat"]), u["type"], i)
            for k, v in u["fields"].items():
                if k not in rec or k in ("id", "side", "kind", "hex"):
                    raise StudioError(f"unit {u['id']}: no unit field {k!r}")
                rec[k] = v
            units[u["id"]] = rec
            occ[i] = u["id"]
        s["units"], s["occ"] = units, occ

    def _play(self, g: Game, card: str) -> None:
        """The command card in play for a position past the card step: the active side plays
        ``card`` through the Turn's own first step (its orders to give, a barrage)."""
        s = g.state
        self._take(g, "", card)
        s["hands"][s["active"]].insert(0, card)
        k = kind(card)
        g.rules.steps["play_card"].choose(g, {}, Option(f"card:{k}", COMMAND[k]["name"], "card",
                                                        {"card": k}))

    @staticmethod
    def _hex(geo: Any, label: str) -> int:
        i = geo.index.get(label)
        if i is None:
            raise StudioError(f"{label!r} is not a hex of the map")
        return int(i)

    @staticmethod
    def _terrain(g: Game, position: Position) -> None:
        spec = position.board
        assert spec is not None
        geo = geo_of_state(g.state)
        lay = geo.board.layout
        if (spec.cols, spec.rows) != (lay.cols, lay.rows):
            raise StudioError(f"The Great War's adapter keeps its scenario map's shape for now: "
                              f"{lay.cols} x {lay.rows}, not {spec.cols} x {spec.rows}")
        terrain = list(geo.base_terrain)
        default = spec.terrain[0] if spec.terrain else "clear"
        for i in range(geo.n):
            terrain[i] = default
        for label, v in spec.hexes.items():
            names = v if isinstance(v, (list, tuple)) else v.get("terrain") or [default]
            if not names or names[0] not in TERRAIN:
                raise StudioError(f"hex {label}: terrain {names!r} (have {', '.join(TERRAIN)})")
            terrain[GreatWarStudio._hex(geo, label)] = names[0]
        g.state["terrain"] = terrain

    @staticmethod
    def _take(g: Game, kind: str, card: str) -> None:
        s = g.state
        deck = s["combat" if kind == "combat" else "command"]
        hands = s["combat_hands" if kind == "combat" else "hands"]
        for zone in (deck["draw"], deck["discard"], *hands):
            if card in zone:
                zone.remove(card)
                return
        raise StudioError(f"card {card!r} is not in the {kind or 'command'} deck")

    def _hand(self, g: Game, seat: int, kind: str, cards: Sequence[str]) -> None:
        s = g.state
        hands = s["combat_hands" if kind == "combat" else "hands"]
        deck = s["combat" if kind == "combat" else "command"]
        for c in cards:
            self._take(g, kind, c)
        deck["draw"][:0] = hands[seat]
        hands[seat] = list(cards)

    def force_roll(self, g: Game, *values: Any, **details: Any) -> None:
        """``force_roll(g, "grenade", "flag", ...)``: the next battle dice show these faces."""
        if details or not all(isinstance(v, str) and v in FACES for v in values):
            raise StudioError(f"The Great War's dice show {', '.join(sorted(set(FACES)))}; "
                              f"got {values!r} {details or ''}")
        g.chance.force_symbols(FACES, list(values))


register_adapter("great_war", GreatWarStudio)
