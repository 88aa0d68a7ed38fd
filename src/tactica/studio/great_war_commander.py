"""The studio's adapter for Great War Commander, on the Commander family's (studio/commander.py):
the same units, ids, per-unit stats, Fate hands and decks, Time track, Objectives, chits and
forced rolls as Combat Commander, plus what GWC has of its own.

- the base: GWC scenario hooks read a scenario of the pack (its Gas, Telephones,
  Fortifications, date); the position names one with ``setting(base=...)`` (default
  ``frontieres_1914``, which has none of them) and takes from it the sides' nations, postures,
  Orders, discard limits and surrender, its map and its edges, unless the position says
  otherwise. With a board, Gas and Telephones are then exactly the position's; the base's
  Fortifications stay.
- the board: any size, the GWC Terrain chart's names (Fortifications may be printed as hex
  terrain, F125); without a board, the base scenario's map, and the rest of its set-up but the
  units (Time track, Initiative, first side, Objectives held, chits, set-up areas, Gas,
  Telephones) unless the position gives them; ``setting(clear=[...])`` takes its ``gas``,
  ``fortifications`` or ``blaze`` off (``True``: all three).
- units: the rosters' types (Leaders with their ranks, Tanks, Runners ...); ``stats`` may change
  a Leader's ``rank`` (3.3.1.3) as any other stat;
- markers: ``gas`` (T107), ``shellhole``, ``rubble`` and ``destroyed_woods`` (terrain markers,
  T117, T118, T124), ``blaze``, the Fortifications (F125-F131), and a barrage's ``sr`` and
  ``impact`` markers (O19.2; the value is the owning side);
- ``hand(seat, [card], kind="strategy")``: the Strategy Card held (1.S), playable at once;
  ``deck(seat, top, discard, kind="strategy")`` stacks the Strategy pile;
- ``side(seat, telephone="ger-tel-10")``: the Telephone in its Artillery Box (12), or
  ``{"type", "space", "broken"}`` for its space (O19.1) and state.

Unit types with stats of their own and stand-in Fate cards go into components of this rules
instance alone (a copy of the built-in tables), never the shared ones.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tactica.core.game import Game
from tactica.core.rules import Rules, Step
from tactica.games.commander_family import fortifications as fam_forts
from tactica.games.great_war_commander.artillery import barrages, place_telephone
from tactica.games.great_war_commander.barrage import BOX_SPACES
from tactica.games.great_war_commander.components import builtin_components
from tactica.games.great_war_commander.rules import GreatWarCommanderRules
from tactica.games.great_war_commander.strategy import card as strategy_card
from tactica.games.great_war_commander.strategy_hand import strategy_ids
from tactica.games.great_war_commander.terrain_state import set_marker

from .commander import CommanderStudio
from .position import Position, StudioError, register_adapter

GEOMETRY = {"orientation": "flat", "offset": "odd-q", "labels": "letter-number"}
BASE = "frontieres_1914"
TERRAIN_MARKERS = {"shellhole": "T118", "rubble": "T117", "destroyed_woods": "T124"}
SIDE_KEYS = ("nation", "posture", "orders", "discard_limit", "surrender")
CLEARABLE = ("gas", "fortifications", "blaze")
"""What ``setting(clear=...)`` takes off the base's map (``True``: all three)."""


def _rules(rules: Any) -> GreatWarCommanderRules:
    if not isinstance(rules, GreatWarCommanderRules) or not isinstance(rules.components.units, dict):
        raise StudioError("a Great War Commander position needs rules with components of their own: "
                          "leave rules out (the studio makes them) or pass the adapter's new_rules()")
    return rules


class GreatWarCommanderStudio(CommanderStudio):
    module: str = "great_war_commander"
    seats: tuple[str, ...] = GreatWarCommanderRules.seats
    side_only = ("telephone", "reminders")
    adapter_settings = ("base", "clear")

    def new_rules(self, steps: Sequence[Step]) -> Rules:
        c = builtin_components()
        own = dataclasses.replace(c, cards=dict(c.cards), units=dict(c.units))
        return GreatWarCommanderRules(steps, components=own)

    def _base(self, position: Position, rules: Any) -> dict[str, Any]:
        base = str(position.settings.get("base", BASE))
        try:
            return dict(_rules(rules).all_scenarios()[base])
        except KeyError:
            raise StudioError(f"base scenario {base!r}: Great War Commander has "
                              f"{', '.join(sorted(rules.all_scenarios()))}") from None

    def side_defaults(self, position: Position, seat: str) -> dict[str, Any]:
        sd = self._base(position, position.rules)["sides"][seat]
        on_base = position.board is None and "setup" in sd  # its set-up area is on that map
        return {k: sd[k] for k in (*SIDE_KEYS, *(("setup",) if on_base else ()))}

    def add_board(self, position: Position, rules: Any, count: int) -> Any:
        r = _rules(rules)
        if position.board is None:
            return r._maps[self._base(position, rules)["map"]]
        spec = position.board
        pack = r.components.pack
        terrain = pack.terrain.terrain
        name = spec.name if count == 1 else f"{spec.name}-{count}"
        board = spec.load([t.id for t in terrain if t.kind == "type"]
                          + [f.id for f in pack.fortifications.fortifications],
                          [t.id for t in terrain if t.kind == "hexside"],
                          [t.id for t in terrain if t.kind == "path"], GEOMETRY, ("open_ground",), name)
        vars(r)["_maps"] = {**r._maps, board.name: board}  # this instance's alone
        return board

    def edges(self, position: Position) -> tuple[str, str]:
        given = position.board.extra.get("friendly_edges") if position.board else None
        if given:
            return given[0], given[1]
        e = self._base(position, position.rules)["edges"]
        return e[self.seats[0]], e[self.seats[1]]

    def add_unit_type(self, rules: Any, unit_type: Any) -> None:
        _rules(rules).components.units[unit_type.id] = unit_type  # type: ignore[index]

    def add_card(self, rules: Any, card: Any) -> None:
        _rules(rules).components.cards[card.id] = card  # type: ignore[index]

    def add_scenario(self, rules: Any, sid: str, sc: dict[str, Any]) -> None:
        _rules(rules)._scenarios[sid] = sc

    def scenario_extra(self, position: Position, rules: Any, sc: dict[str, Any]) -> None:
        base = self._base(position, rules)
        sc.update(gwc=base["gwc"], date=position.settings.get("date", base["date"]))
        if "map" not in sc:
            sc.update(map=base["map"], edges=dict(base["edges"]))
        if position.board is None:  # on the base's own map: the base's tracks unless given
            tracks = position.tracks
            t = base["time"]
            sc["time"] = {"start": tracks.get("time", t["start"]),
                          "sudden_death": tracks.get("sudden_death", t["sudden_death"]),
                          "last": tracks.get("last", t["last"])}
            sc["initiative"] = tracks.get("initiative", base["initiative"])
            sc["first"] = position.turn_of or base["first"]
            sc["vp"] = tracks.get("vp", base["vp"])
            sc["objectives"] = {**base["objectives"], **sc["objectives"]}
            sc.update(open_chits=base["open_chits"], secret_chits=base["secret_chits"])

    # ------------------------------------------------------------------------------ finish
    def finish_markers(self, g: Game, position: Position) -> None:
        s = g.state
        on_base = position.board is None  # the base's Gas and Telephones unless given
        if not on_base or any(m["kind"] == "gas" for m in position.markers):
            s["gas"] = []
        if not on_base:
            s["telephones"] = [None, None]
            s["telephone_reinforcements"] = {}
        clear = position.settings.get("clear", ())  # the base's markers left off
        clear = CLEARABLE if clear is True else tuple(clear)
        for what in clear:
            if what not in CLEARABLE:
                raise StudioError(f"setting clear: {what!r} is not one of {', '.join(CLEARABLE)}")
            s[what] = {} if what == "fortifications" else []
        for seat, name in enumerate(self.seats):
            if "telephone" not in position.sides.get(name, {}):
                continue
            tel = position.sides[name]["telephone"]
            s["telephones"][seat] = None
            s["telephone_reinforcements"] = {  # the side's Telephones are the position's
                k: kept for k, v in s["telephone_reinforcements"].items()
                if (kept := [r for r in v if r["seat"] != seat])}
            if tel is not None:
                self._telephone(g, seat, name, tel)
        for seat, name in enumerate(self.seats):
            reminders = position.sides.get(name, {}).get("reminders")
            if reminders is not None:
                self._reminders(g, seat, reminders)
        forts = fam_forts.kinds_of(g).names
        for m in position.markers:
            kind, label = m["kind"], m["hex"]
            if kind == "gas":
                s["gas"] = sorted({*s["gas"], label})
            elif kind in TERRAIN_MARKERS:
                set_marker(g, label, kind, TERRAIN_MARKERS[kind])
            elif kind == "blaze":
                s["blaze"].append(label)
            elif kind in ("sr", "impact"):
                self._barrage_marker(g, kind, label, m["value"])
            elif kind in forts:
                if not fam_forts.place(g, label, kind, "F125.1"):
                    raise StudioError(f"marker {kind} in {label}: it cannot be placed there")
            else:
                raise StudioError(f"marker {kind!r}: Great War Commander has gas, blaze, sr, "
                                  f"impact, {', '.join(TERRAIN_MARKERS)} and {', '.join(forts)}")

    def _barrage_marker(self, g: Game, kind: str, label: str, owner: Any) -> None:
        """O19.2: a side's Spotting Round (``sr``) and Artillery Impact markers on the map, as a
        barrage left them (``value``: the owning side; its ``sr`` first, then its impacts in
        order)."""
        seats = list(self.seats)
        seat = owner if isinstance(owner, int) and 0 <= owner < len(seats) else (
            seats.index(owner) if owner in seats else None)
        if seat is None:
            raise StudioError(f"marker {kind} in {label}: its value is the owning side, not {owner!r}")
        bs = barrages(g)
        if kind == "sr":
            if bs[seat] is not None:
                raise StudioError(f"marker sr in {label}: {seats[seat]} has one Spotting Round")
            bs[seat] = {"sr": label, "impacts": []}
        else:
            area = bs[seat]
            if area is None:
                raise StudioError(f"marker impact in {label}: place {seats[seat]}'s sr first")
            area["impacts"].append(label)

    def _reminders(self, g: Game, seat: int, cards: Sequence[str]) -> None:
        """S98.1.1: Strategy Cards played earlier as Situations that stay face up while in force
        (the Turn's Reminder Cards), public, out of the side's Strategy pile and hand."""
        sd = g.state["sides"][seat]
        for c in cards:
            self._take_strategy(g, seat, c)
            if not strategy_card(g, c).reminder:
                raise StudioError(f"side {self.seats[seat]}: {c!r} is no Reminder Card (S98.1.1)")
        sd["sc_reminders"] = list(cards)

    @staticmethod
    def _telephone(g: Game, seat: int, name: str, tel: str | Mapping[str, Any]) -> None:
        """A Telephone by its type, or ``{"type", "space", "broken"}``: in that space of the
        Artillery Box (O19.1; the Local Barrage one by default), broken or not."""
        spec = {"type": tel} if isinstance(tel, str) else dict(tel)
        unknown = set(spec) - {"type", "space", "broken"}
        if unknown or "type" not in spec:
            raise StudioError(f"side {name}: a Telephone is a type id or a dict of type, space "
                              f"and broken, not {tel!r}")
        try:
            place_telephone(g, seat, spec["type"], "12")
        except KeyError:
            raise StudioError(f"side {name}: no Telephone {spec['type']!r}") from None
        t = g.state["telephones"][seat]
        space = spec.get("space", t["space"])
        if space not in BOX_SPACES:
            raise StudioError(f"side {name}: Telephone space {space!r}: the Artillery Box has "
                              f"{', '.join(BOX_SPACES)}")
        t.update(space=space, broken=bool(spec.get("broken", False)))

    def finish_hand(self, g: Game, seat: int, kind: str, cards: Sequence[str]) -> None:
        if kind != "strategy":
            super().finish_hand(g, seat, kind, cards)
            return
        sd = g.state["sides"][seat]
        if len(cards) > 1:
            raise StudioError("a side holds at most one Strategy Card (1.S)")
        sd["sc_draw"].extend(sd["sc_hand"])
        sd["sc_hand"] = []
        for c in cards:
            self._take_strategy(g, seat, c)
            sd["sc_hand"].append(c)
        sd["sc_drawn"] = -1  # held from before: playable at once (1.S)

    def finish_deck(self, g: Game, seat: int, kind: str, piles: Mapping[str, list[str]]) -> None:
        if kind != "strategy":
            super().finish_deck(g, seat, kind, piles)
            return
        sd = g.state["sides"][seat]
        for c in piles["discard"]:
            self._take_strategy(g, seat, c)
            sd["sc_discard"].append(c)
        for c in reversed(piles["top"]):  # the top is the end of the pile
            self._take_strategy(g, seat, c)
            sd["sc_draw"].append(c)

    @staticmethod
    def _take_strategy(g: Game, seat: int, card: str) -> None:
        sd = g.state["sides"][seat]
        if card not in strategy_ids(g, sd["nation"]):
            raise StudioError(f"{card!r} is not one of {sd['nation']}'s Strategy Cards")
        for zone in (sd["sc_draw"], sd["sc_hand"], sd["sc_discard"]):
            if card in zone:
                zone.remove(card)
                return
        raise StudioError(f"Strategy Card {card!r} is given twice")


register_adapter("great_war_commander", GreatWarCommanderStudio)
