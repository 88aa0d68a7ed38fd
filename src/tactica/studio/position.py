"""Positions built by hand for any module: the studio's one way to make a game in a given state.

A :class:`Position` collects what a designer or a test wants on the table: the board (an inline
:class:`~tactica.studio.board.BoardSpec`), the sides, units (with their own stats if wanted),
markers, hands, stacked decks, objectives, tracks and whose decision it is. :meth:`Position.game`
hands it to the module's adapter, which turns it into that module's scenario and set-up; the
result is an ordinary :class:`~tactica.core.game.Game` that plays on by the normal rules.

The position is staged inside the rules' ``setup`` (see :func:`stage`), so the game's record
replays and ``undo`` rebuilds the same position. Everything the adapter adds to the rules (a
board, unit types with their own stats, the scenario) goes into a rules instance of the
position's own, never into the shared one of the registry.

An adapter is a small object per module (:class:`Adapter`); :func:`register_adapter` makes one
known by the module's id (the built-in ones are found by name, imported on first use).
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from tactica.core.game import Game
from tactica.core.rules import Rules, RulesError, Step

from .board import BoardSpec

__all__ = ["Adapter", "Position", "StudioError", "adapter_for", "arrive", "entries", "force_roll",
           "register_adapter", "stage"]


class StudioError(RulesError):
    """A position that cannot be built as asked (unknown seat, unit type, hex or card): the
    message says which entry and why; nothing is built."""


class Adapter(Protocol):
    """What a module provides to the studio (one small class; see docs/studio.md)."""

    module: str
    seats: tuple[str, ...]

    def new_rules(self, steps: Sequence[Step]) -> Rules:
        """A fresh rules instance of the module with these extra steps (tests' probes)."""

    def unit_id(self, position: Position, seat: str, wanted: str | None) -> str:
        """The id the next unit of ``seat`` will have (``wanted`` if the module allows ids)."""

    def prepare(self, position: Position, rules: Rules) -> str:
        """Make the position's board, unit types and scenario known to ``rules`` (a private
        instance); return the scenario id the game starts from."""

    def finish(self, g: Game, position: Position) -> None:
        """Put what the scenario format cannot say (hands, stacked decks, markers, unit flags,
        tracks, whose decision) into the freshly set-up state, before the first decision."""

    def force_roll(self, g: Game, *values: Any, **details: Any) -> None:
        """Make the module's next roll(s) come out as given."""


_BUILTIN = {"combat_commander": "tactica.studio.combat_commander",
            "great_war": "tactica.studio.great_war",
            "great_war_commander": "tactica.studio.great_war_commander",
            "combat_infantry": "tactica.studio.combat_infantry",
            "commandos_europe": "tactica.studio.commandos_europe"}
_ADAPTERS: dict[str, Callable[[], Adapter]] = {}


def known_settings(position: Position, allowed: frozenset[str] | set[str], module: str) -> None:
    """Refuse a setting the adapter does not read, naming the ones it does (a typo would
    otherwise be ignored silently)."""
    unknown = set(position.settings) - set(allowed)
    if unknown:
        raise StudioError(f"setting {', '.join(sorted(unknown))}: {module}'s are "
                          f"{', '.join(sorted(allowed))}")


def register_adapter(module: str, factory: Callable[[], Adapter]) -> None:
    """Make the studio build positions of ``module`` with ``factory()``'s adapter."""
    _ADAPTERS[module] = factory


def adapter_for(module: str) -> Adapter:
    """The adapter of a module by its id (built-in ones are imported on first use)."""
    if module not in _ADAPTERS and module in _BUILTIN:
        importlib.import_module(_BUILTIN[module])  # registers itself
    factory = _ADAPTERS.get(module)
    if factory is None:
        known = ", ".join(sorted({*_ADAPTERS, *_BUILTIN}))
        raise StudioError(f"the studio has no adapter for {module!r} yet; known: {known}")
    return factory()


def stage(rules: Rules, scenario: str, finish: Callable[[Game], None]) -> None:
    """Run ``finish(g)`` at the end of ``rules.setup`` for ``scenario``, on this rules instance
    only: the position becomes part of the set-up, so a replay of the record (and undo) rebuilds
    it. Several positions may be staged on one instance, one per scenario id."""
    d = vars(rules)
    stages: dict[str, Callable[[Game], None]] = d.setdefault("_studio_stages", {})
    stages[scenario] = finish
    if "setup" in d:
        return
    base = type(rules).setup

    def setup(g: Game, scenario: str, options: Mapping[str, Any]) -> None:
        base(rules, g, scenario, options)
        f = stages.get(scenario)
        if f is not None:
            f(g)

    d["setup"] = setup


class Position:
    """A position of ``module`` under construction. Seats are named as the module names them
    (or given by index). Each call records what it asks for; :meth:`game` checks it all and
    builds the game. See docs/studio.md for the calls and examples."""

    def __init__(self, module: str, board: BoardSpec | None = None, *, rules: Rules | None = None,
                 steps: Sequence[Step] = ()) -> None:
        self.module = module
        self.adapter = adapter_for(module)
        self.board = board
        self.rules = rules
        self.steps = list(steps)
        self.sides: dict[str, dict[str, Any]] = {}
        self.units: list[dict[str, Any]] = []
        self.markers: list[dict[str, Any]] = []
        self.hands: dict[str, list[str]] = {}
        self.decks: dict[str, dict[str, list[str]]] = {}
        self.objectives: dict[str, dict[str, Any]] = {}
        self.tracks: dict[str, Any] = {}
        self.settings: dict[str, Any] = {}
        self.turn_of: str | None = None
        self.phase: str | None = None
        self.chits: dict[str, Any] | None = None
        self.rolls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    # ----------------------------------------------------------------------------- seats
    def seat(self, seat: str | int) -> str:
        """The seat's name (a name or an index of the module's seats)."""
        seats = self.adapter.seats
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats):
            return seats[seat]
        if isinstance(seat, str) and seat in seats:
            return seat
        raise StudioError(f"{self.module} has no seat {seat!r}; seats: {', '.join(seats)}")

    # ----------------------------------------------------------------------------- the calls
    def side(self, seat: str | int, **settings: Any) -> Position:
        """A side's own settings in the module's scenario terms (Combat Commander: nation,
        posture, orders, surrender, discard_limit; The Great War: hand, combat_hand)."""
        self.sides.setdefault(self.seat(seat), {}).update(settings)
        return self

    def unit(self, seat: str | int, type: str, hex: str | None = None, *, id: str | None = None,
             stats: Mapping[str, Any] | None = None, **fields: Any) -> str:
        """Place a unit of ``type`` for ``seat`` in ``hex`` and return its id. ``stats``
        overrides the unit's printed values for this unit alone (the module's stat names);
        other keywords are the module's unit fields (Combat Commander: weapon, broken,
        suppressed, veteran, arrives (a Time space: a reinforcement), zone)."""
        name = self.seat(seat)
        if id is None and getattr(self.adapter, "named_by_type", False):
            id = type  # a module whose every piece is unique: the piece is its own type
        uid = self.adapter.unit_id(self, name, id)
        self.units.append({"id": uid, "seat": name, "type": type, "hex": hex,
                           "stats": dict(stats or {}), "fields": dict(fields)})
        return uid

    def marker(self, kind: str, hex: str, value: Any = None) -> Position:
        """A marker on a hex (Combat Commander: smoke with its hindrance, blaze, a
        Fortification kind; The Great War: a terrain change such as a crater)."""
        self.markers.append({"kind": kind, "hex": hex, "value": value})
        return self

    def hand(self, seat: str | int, cards: Sequence[str], kind: str = "") -> Position:
        """``seat``'s hand holds exactly ``cards`` (taken from its deck; ``kind`` names
        another hand where the module has several, The Great War: ``combat``)."""
        self.hands[f"{self.seat(seat)}{':' + kind if kind else ''}"] = list(cards)
        return self

    def deck(self, seat: str | int | None, top: Sequence[str] = (), discard: Sequence[str] = (),
             kind: str = "") -> Position:
        """Stack ``seat``'s draw pile (None: the shared deck): ``top`` are drawn first, in
        order; ``discard`` go to its discard pile."""
        key = ("shared" if seat is None else self.seat(seat)) + (f":{kind}" if kind else "")
        self.decks[key] = {"top": list(top), "discard": list(discard)}
        return self

    def objective(self, oid: str | int, owner: str | int | None = None, hex: str | None = None) -> Position:
        """Who controls Objective ``oid`` at the start (None: nobody), and its hex if the
        board does not say."""
        self.objectives[str(oid)] = {"owner": None if owner is None else self.seat(owner), "hex": hex}
        return self

    def objective_chits(self, open: Sequence[str] = (),
                        secret: Mapping[str | int, Sequence[str]] | None = None) -> Position:
        """The Objective chits in play (Combat Commander 7.3): open ones, and each seat's
        secret ones; none is drawn at random then."""
        self.chits = {"open": list(open),
                      "secret": {self.seat(k): list(v) for k, v in (secret or {}).items()}}
        return self

    def track(self, name: str, value: Any, seat: str | int | None = None) -> Position:
        """A marker on a track: Combat Commander ``time``, ``sudden_death``, ``last``, ``vp``,
        ``surrender`` (per seat), ``initiative`` (a seat); The Great War ``medals``, ``hq``
        (per seat), ``turn``."""
        key = name if seat is None else f"{name}:{self.seat(seat)}"
        self.tracks[key] = self.seat(value) if name == "initiative" else value
        return self

    def turn(self, seat: str | int, phase: str | None = None) -> Position:
        """Whose decision it is: ``seat`` starts its Turn (``phase``: a later phase of it where
        the module has phases, The Great War ``battle``)."""
        self.turn_of = self.seat(seat)
        self.phase = phase
        return self

    def roll(self, *values: Any, **details: Any) -> Position:
        """Rolls forced from the start, as :func:`force_roll` takes them without the game
        (staged with the position, so a replay of the record forces them again)."""
        self.rolls.append((values, dict(details)))
        return self

    def setting(self, **values: Any) -> Position:
        """Scenario keys the calls above do not name, in the module's scenario format
        (Combat Commander: fortifications, mines_fp, radios under a side ...)."""
        self.settings.update(values)
        return self

    # ----------------------------------------------------------------------------- building
    def game(self, seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
        """The game in this position, ready for its first decision."""
        from tactica.games import get_rules

        rules = self.rules
        if rules is None:
            rules = self.adapter.new_rules(self.steps)
        elif self.steps:
            for st in self.steps:
                if st.name not in rules.steps:
                    rules.add_step(st)
        try:
            shared = get_rules(self.module)
        except Exception:  # a module the registry does not list (tests' own)
            shared = None
        if rules is shared:
            raise StudioError(f"the registry's shared {self.module} rules cannot take a position "
                              "(it would change every game): leave rules out or give a new instance")
        snapshot = copy.deepcopy(self.__dict__ | {"adapter": None, "rules": None, "steps": []})
        frozen = object.__new__(Position)
        frozen.__dict__.update(snapshot, adapter=self.adapter, rules=rules, steps=self.steps)
        scenario = self.adapter.prepare(frozen, rules)
        adapter = self.adapter

        def finish(g: Game) -> None:
            adapter.finish(g, frozen)
            for values, details in frozen.rolls:
                adapter.force_roll(g, *values, **copy.deepcopy(details))

        stage(rules, scenario, finish)
        return Game.new(rules, scenario, seed, options)


def force_roll(g: Game, *values: Any, **details: Any) -> None:
    """Make the next roll of ``g`` come out as given, through the module's adapter (a test
    aid: Combat Commander ``force_roll(g, seat, (3, 4), trigger="Time!")``, The Great War
    ``force_roll(g, "grenade", "flag")``). See docs/studio.md."""
    adapter_for(g.rules.id).force_roll(g, *values, **details)


def arrive(g: Game, seat: str | int, type: str, hex: str, *, stats: Mapping[str, Any] | None = None,
           **fields: Any) -> str:
    """A unit of ``type`` for ``seat`` that comes onto ``hex`` while ``g`` runs (reinforcements
    arriving during a test, a second stack after the first has acted); returns its id. Like
    :func:`force_roll` on a running game it is a test aid outside the record. See docs/studio.md."""
    adapter = adapter_for(g.rules.id)
    how = getattr(adapter, "arrive", None)
    if how is None:
        raise StudioError(f"the studio's {g.rules.id} adapter has no arrivals in a running game yet: "
                          "place the unit in the position")
    uid: str = how(g, seat, type, hex, stats=stats, **fields)
    return uid


def entries(g: Game, rule: str | None = None, contains: str = "") -> list[dict[str, Any]]:
    """The log entries of ``g`` (citing ``rule``, whose text holds ``contains``) as dicts:
    ``rule``, ``text`` and every parameter the entry carries (totals, rolls, modifiers), so a
    test reads results as values rather than parsing text."""
    out = []
    for e in g.log:
        if rule is not None and e[0] != rule:
            continue
        text = e[1].format(**e[2]) if e[2] else e[1]
        if contains and contains not in text:
            continue
        out.append({**e[2], "rule": e[0], "text": text})
    return out
