"""What the studio's Commander-family adapters share (Combat Commander, Great War Commander):
the family's set-up (commander_family/setup.py, 2.1) reads one scenario shape, so a position
becomes that scenario and is finished by hand the same way in every game of the family.

:class:`CommanderStudio` does the family's part: unit ids ``<seat>-<n>`` in the order placed
(on-map units before reinforcements, as the set-up numbers them), the scenario's sides, units,
Time track, Initiative, Objectives and VP, unit types of the game's own for per-unit ``stats``,
unit fields after set-up, Fate hands and stacked Fate decks, named Objective chits, and forced
rolls (stand-in Fate cards on top of the roller's draw pile). A game's adapter subclasses it and
supplies its board, its markers and where its private unit types and cards go.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from tactica.core.decks import stack
from tactica.core.game import Game
from tactica.core.rules import Rules
from tactica.games.commander_family.victory import objective_value

from .position import Position, StudioError

SCENARIO_FIELDS = ("weapon", "zone", "arrives")
"""Unit fields the scenario format carries; the others are set on the unit after set-up."""
SIDE_STATS = ("fp", "range", "movement", "morale", "command")
TOP_STATS = ("figures", "quality", "name", "rank", "special")
TRIGGERS = ("Event!", "Jammed!", "Sniper!", "Time!")
"""The triggers a Fate card may carry (the same four in every game of the family)."""


def private_rules(g: Game) -> Any:
    """``g``'s rules if they are its own (forced rolls add cards there), never the registry's."""
    from tactica.games import get_rules

    if g.rules is get_rules(g.rules.id):
        raise StudioError("forced rolls need a game with rules of its own (built by the studio or "
                          "on a new rules instance), not the registry's shared instance")
    return g.rules


class CommanderStudio:
    """The family's adapter; subclasses set ``module``, ``seats``, ``side_defaults`` and the
    hooks below (``add_board``, ``add_unit_type``, ``add_card``, ``add_scenario``,
    ``scenario_extra``, ``finish_markers``, ``finish_hand``, ``finish_deck``)."""

    module: str = ""
    seats: tuple[str, ...] = ()
    side_only: tuple[str, ...] = ()
    """Side settings the adapter reads itself (not scenario keys)."""
    adapter_settings: tuple[str, ...] = ("base",)
    """``setting()`` keys the adapter reads itself (not scenario keys)."""

    # ------------------------------------------------------------------------------ hooks
    def side_defaults(self, position: Position, seat: str) -> dict[str, Any]:
        raise NotImplementedError

    def add_board(self, position: Position, rules: Any, count: int) -> Any:
        """Make the position's board known to ``rules``; return it (None: no board)."""
        raise NotImplementedError

    def edges(self, position: Position) -> tuple[str, str]:
        edges = (position.board.extra.get("friendly_edges") if position.board else None) or ("west", "east")
        return edges[0], edges[1]

    def add_unit_type(self, rules: Any, unit_type: Any) -> None:
        rules.add_unit_type(unit_type)

    def add_card(self, rules: Any, card: Any) -> None:
        rules.add_card(card)

    def add_scenario(self, rules: Any, sid: str, sc: dict[str, Any]) -> None:
        rules.add_scenario(sid, sc)

    def scenario_extra(self, position: Position, rules: Any, sc: dict[str, Any]) -> None:
        """The game's own scenario keys."""

    def finish_markers(self, g: Game, position: Position) -> None:
        raise NotImplementedError

    def finish_hand(self, g: Game, seat: int, kind: str, cards: Sequence[str]) -> None:
        if kind:
            raise StudioError(f"hand {kind!r}: {self.module} sides hold only Fate cards")
        set_hand(g, seat, cards)

    def finish_deck(self, g: Game, seat: int, kind: str, piles: Mapping[str, list[str]]) -> None:
        if kind:
            raise StudioError(f"deck {kind!r}: {self.module} sides have one Fate deck each")
        d = g.state["sides"][seat]["deck"]
        for c in piles["discard"]:
            _take(g, seat, c)
            d["discard"].append(c)
        put_on_top(g, seat, *piles["top"])

    # ------------------------------------------------------------------------------ ids
    def unit_id(self, position: Position, seat: str, wanted: str | None) -> str:
        uid = f"{seat}-{sum(1 for u in position.units if u['seat'] == seat) + 1}"
        if wanted is not None and wanted != uid:
            raise StudioError(f"the Commander family numbers a side's units as placed: the next "
                              f"{seat} unit is {uid}, not {wanted}")
        return uid

    # ------------------------------------------------------------------------------ prepare
    def prepare(self, position: Position, rules: Rules) -> str:
        count = vars(rules)["_studio_count"] = vars(rules).get("_studio_count", 0) + 1
        sid = f"studio-{count}" if count > 1 else "studio"
        board = self.add_board(position, rules, count)
        sides: dict[str, dict[str, Any]] = {}
        for seat in self.seats:
            own = {k: v for k, v in position.sides.get(seat, {}).items() if k not in self.side_only}
            sd = {**self.side_defaults(position, seat), **own, "units": [], "reinforcements": {}}
            if f"surrender:{seat}" in position.tracks:
                sd["surrender"] = position.tracks[f"surrender:{seat}"]
            sides[seat] = sd
        self._units(position, rules, board, sides)
        tracks = position.tracks
        sc: dict[str, Any] = {
            "name": "studio position", "sides": sides,
            "time": {"start": tracks.get("time", 0), "sudden_death": tracks.get("sudden_death", 10),
                     "last": tracks.get("last", 12)},
            "initiative": tracks.get("initiative", self.seats[1]),
            "first": position.turn_of or self.seats[0],
            "objectives": {k: v["owner"] for k, v in position.objectives.items()},
            "open_chits": 0, "secret_chits": 0, "vp": tracks.get("vp", 0),
        }
        if board is not None:
            edges = self.edges(position)
            sc.update(map=board.name, edges={self.seats[0]: edges[0], self.seats[1]: edges[1]})
        self.scenario_extra(position, rules, sc)
        for k, v in position.settings.items():
            if k == "sides":
                for seat, more in v.items():
                    sides[seat].update(more)
            elif k not in self.adapter_settings:
                sc[k] = v
        if position.chits is not None:  # named, not drawn (finish places them)
            sc["open_chits"] = sc["secret_chits"] = 0
        self.add_scenario(rules, sid, sc)
        return sid

    def _units(self, position: Position, rules: Any, board: Any, sides: dict[str, dict[str, Any]]) -> None:
        for u in position.units:
            where = f"unit {u['id']} ({u['type']})"
            try:
                t = rules.unit_type(u["type"])
            except KeyError:
                raise StudioError(f"{where}: no such unit type") from None
            if u["stats"]:
                u["type"] = self._own_type(rules, t, u["stats"], where)
            if u["hex"] is not None and (board is None or not _on(board, u["hex"])):
                raise StudioError(f"{where}: hex {u['hex']!r} is not on the board")
            e: dict[str, Any] = {"type": u["type"]}
            if u["hex"] is not None:
                e["hex"] = u["hex"]
            f = u["fields"]
            if f.get("weapon"):
                try:
                    rules.weapon_type(f["weapon"])
                except KeyError:
                    raise StudioError(f"{where}: no such weapon type {f['weapon']!r}") from None
                e["weapon"] = f["weapon"]
            if f.get("zone"):
                e["zone"] = f["zone"]
            sd = sides[u["seat"]]
            if f.get("arrives") is not None:
                sd["reinforcements"].setdefault(str(f["arrives"]), []).append(e)
            else:
                if sd["reinforcements"]:
                    raise StudioError(f"{where}: place a side's units on the map before its "
                                      "reinforcements (the set-up numbers them in that order)")
                sd["units"].append(e)
        for seat, sd in sides.items():  # the ids promised: map units, then by Time space
            spaces = list(sd["reinforcements"])
            if spaces != sorted(spaces):
                raise StudioError(f"{seat}: add reinforcements in the order of their Time spaces")

    def _own_type(self, rules: Any, t: Any, stats: dict[str, Any], where: str) -> str:
        """A unit type of this rules instance only: ``t`` with ``stats`` changed. Its id says
        what changed, so the same overrides give the same type."""
        good: dict[str, Any] = {}
        bad: dict[str, Any] = {}
        top: dict[str, Any] = {}
        for k, v in sorted(stats.items()):
            if k in SIDE_STATS:
                good[k] = v
            elif k.startswith("broken_") and k[7:] in SIDE_STATS:
                bad[k[7:]] = v
            elif k in TOP_STATS:
                top[k] = v
            else:
                raise StudioError(f"{where}: no stat {k!r} (have {', '.join(SIDE_STATS)}, "
                                  f"broken_<stat>, {', '.join(TOP_STATS)})")
        tid = f"{t.id}+" + ",".join(f"{k}={v}" for k, v in sorted(stats.items()))
        try:
            rules.unit_type(tid)
            return tid
        except KeyError:
            pass
        own = dataclasses.replace(t, id=tid, unbroken=dataclasses.replace(t.unbroken, **good),
                                  broken=dataclasses.replace(t.broken, **bad), **top)
        self.add_unit_type(rules, own)
        return tid

    # ------------------------------------------------------------------------------ finish
    def finish(self, g: Game, position: Position) -> None:
        s = g.state
        seats = list(self.seats)
        for u in position.units:
            rec = s["units"][u["id"]]
            for k, v in u["fields"].items():
                if k in SCENARIO_FIELDS:
                    continue
                if k == "weapon_broken":
                    if rec["weapon"] is None:
                        raise StudioError(f"unit {u['id']}: weapon_broken but it carries no weapon")
                    s["weapons"][rec["weapon"]]["broken"] = bool(v)
                elif k in rec and k not in ("type", "seat", "where", "hex", "weapon"):
                    rec[k] = v
                else:
                    raise StudioError(f"unit {u['id']}: no unit field {k!r}")
        self.finish_markers(g, position)
        self._holders(g, position)
        for key, cards in position.hands.items():
            seat, _, kind = key.partition(":")
            self.finish_hand(g, seats.index(seat), kind, cards)
        for key, piles in position.decks.items():
            seat, _, kind = key.partition(":")
            if seat not in seats:
                raise StudioError(f"deck {key!r}: each {self.module} side has decks of its own")
            self.finish_deck(g, seats.index(seat), kind, piles)
        if position.chits is not None:
            self._chits(g, position.chits)
        g.emit("studio", "Position built in the studio: hands, decks and markers set by hand")

    def seat_index(self, seat: Any, where: str) -> int:
        """A seat given by name or index, as its index (``where`` names the entry if neither)."""
        seats = list(self.seats)
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(seats):
            return seat
        if seat in seats:
            return seats.index(seat)
        raise StudioError(f"{where}: {seat!r} is not a side ({', '.join(seats)})")

    def _holders(self, g: Game, position: Position) -> None:
        """A Melee-holding Fortification's marker value is the side that last held its hex alone
        (CC F101/F104, GWC F126/F129): that side survives a tied Melee there."""
        spec = g.rules.fortification_kinds  # type: ignore[attr-defined]
        for m in position.markers:
            kind, label = m["kind"], m["hex"]
            if spec is None or kind not in spec.names or m["value"] is None:
                continue
            where = f"marker {kind} in {label}"
            if kind not in spec.melee_hold:
                raise StudioError(f"{where}: only {', '.join(spec.melee_hold)} have a holder (the side "
                                  "that last held the hex alone)")
            if (g.state.get("fortifications") or {}).get(label) != kind:
                raise StudioError(f"{where}: it was not placed, so it has no holder")
            g.state.setdefault("fort_holders", {})[label] = self.seat_index(m["value"], where)

    # ------------------------------------------------------------------------------ arrivals
    def arrive(self, g: Game, seat: Any, type: str, hex: str, *, stats: Mapping[str, Any] | None = None,
               **fields: Any) -> str:
        """A unit of ``type`` that comes onto the map of a running game (a reinforcement entering
        mid-test, a second stack): numbered after the side's units (``<seat>-<n>``), with its
        Weapon (``weapon=``) and unit fields; ``stats`` as for a position's units. Returns its id."""
        from tactica.games.commander_family.board_state import board_of
        from tactica.games.commander_family.state import new_unit, new_weapon

        i = self.seat_index(seat, "arrive")
        name = self.seats[i]
        rules: Any = g.rules
        where = f"arriving {name} unit ({type})"
        try:
            rules.unit_type(type)
        except KeyError:
            raise StudioError(f"{where}: no such unit type") from None
        board = board_of(g)
        if board is None or not _on(board, hex):
            raise StudioError(f"{where}: hex {hex!r} is not on the board")
        if stats:
            type = self._own_type(private_rules(g), rules.unit_type(type), dict(stats), where)
        units = g.state["units"]
        n = 1 + sum(1 for u in units if u.startswith(f"{name}-") and u[len(name) + 1:].isdigit())
        while f"{name}-{n}" in units:
            n += 1
        uid = f"{name}-{n}"
        rec = new_unit(type, i, hex, "map")
        rec.update(rules.unit_fields(type))
        weapon = fields.pop("weapon", None)
        for k, v in fields.items():
            if k not in rec or k in ("type", "seat", "where", "hex"):
                raise StudioError(f"{where}: no unit field {k!r}")
            rec[k] = v
        if weapon is not None:
            try:
                rules.weapon_type(weapon)
            except KeyError:
                raise StudioError(f"{where}: no such weapon type {weapon!r}") from None
            rec["weapon"] = f"{uid}-w"
            g.state["weapons"][f"{uid}-w"] = new_weapon(weapon, i, uid)
        units[uid] = rec
        g.refresh()
        return uid

    @staticmethod
    def _chits(g: Game, chits: dict[str, Any]) -> None:
        """7.3.2-7.3.3 with the chits named instead of drawn; open ones score at once."""
        s = g.state
        rules: Any = g.rules
        named = [*chits["open"], *(c for v in chits["secret"].values() for c in v)]
        for c in named:
            try:
                rules.chit(c)
            except KeyError:
                raise StudioError(f"no Objective chit {c!r}") from None
        s["chit_pool"] = [c for c in s["chit_pool"] if c not in named]
        s["chits_open"] = list(chits["open"])
        for seat, name in enumerate(rules.seats):
            s["sides"][seat]["chits_secret"] = list(chits["secret"].get(name, []))
        for o, obj in s["objectives"].items():
            v = objective_value(g, o, s["chits_open"])
            if obj["owner"] is not None and v:
                s["vp"] += v if obj["owner"] == 0 else -v

    # ------------------------------------------------------------------------------ rolls
    def force_roll(self, g: Game, *values: Any, **details: Any) -> None:
        """``force_roll(g, seat, (w, c), (w, c, "Time!"), {"event": "Blaze"}, ..., trigger=None,
        **faces)``: the next cards off ``seat``'s draw pile, first listed first, show these dice
        and triggers. A dict is one card given by its faces (``dice``, ``trigger``, ``event``,
        ``hex``, ``order``, ``action`` ...; dice left out stay those of the card it replaces),
        for a card revealed for its Event or Random Hex; keywords are faces of every card."""
        if not values or isinstance(values[0], (tuple, dict)):
            raise StudioError("force_roll(g, seat, (white, colored), ...): the seat comes first")
        seat = values[0] if isinstance(values[0], int) else list(self.seats).index(values[0])
        rolls = values[1:]
        rules = private_rules(g)
        draw = g.state["sides"][seat]["deck"]["draw"]
        if len(rolls) > len(draw):
            raise StudioError(f"only {len(draw)} cards left in the draw pile for {len(rolls)} rolls")
        trigger = details.pop("trigger", None)
        for i, roll in enumerate(rolls):
            pos = len(draw) - 1 - i
            root = draw[pos].split("~")[0]
            base = rules.card(root)
            faces = dict(details)
            if isinstance(roll, dict):
                faces.update(roll)
                w, c = faces.pop("dice", (base.white, base.colored))
                trig = faces.pop("trigger", trigger)
            elif isinstance(roll, tuple) and len(roll) in (2, 3):
                w, c = roll[0], roll[1]
                trig = roll[2] if len(roll) == 3 else trigger
            else:
                raise StudioError(f"a roll is (white, colored), (white, colored, trigger) or a dict "
                                  f"of faces, not {roll!r}")
            if not (1 <= w <= 6 and 1 <= c <= 6):
                raise StudioError(f"Fate dice show 1-6, not {w} and {c}")
            if trig is not None and trig not in TRIGGERS:
                raise StudioError(f"trigger {trig!r}: the Fate cards have {', '.join(TRIGGERS)}")
            # the id says what the card shows, so a replay of the set-up makes the same cards
            cid = f"{root}~{w}{c}{trig[0] if trig else ''}" + "".join(
                f":{k}={v}" for k, v in sorted(faces.items()))
            try:
                rules.card(cid)
            except KeyError:
                try:
                    card = dataclasses.replace(base, id=cid, white=w, colored=c, trigger=trig, **faces)
                except TypeError:
                    raise StudioError(f"a Fate card has no face among {sorted(faces)}") from None
                self.add_card(rules, card)
            draw[pos] = cid


def _on(board: Any, label: str) -> bool:
    try:
        board.parse(label)
    except ValueError:
        return False
    return True


def _take(g: Game, seat: int, card: str) -> None:
    sd = g.state["sides"][seat]
    for zone in (sd["deck"]["draw"], sd["deck"]["discard"], sd["hand"]):
        if card in zone:
            zone.remove(card)
            return
    raise StudioError(f"card {card!r} is not in {sd['nation']}'s deck (draw pile, discards or hand)")


def set_hand(g: Game, seat: int, cards: Sequence[str]) -> None:
    """``seat``'s hand becomes ``cards`` (taken from wherever they are in its deck); the old
    hand goes to the bottom of the draw pile."""
    sd = g.state["sides"][seat]
    for c in cards:
        _take(g, seat, c)
    sd["deck"]["draw"][:0] = sd["hand"]
    sd["hand"] = list(cards)


def put_on_top(g: Game, seat: int, *cards: str) -> None:
    """Stack ``cards`` on ``seat``'s draw pile, first listed drawn first (a card in the hand
    leaves it for the discards first)."""
    sd = g.state["sides"][seat]
    for c in cards:
        if c in sd["hand"]:
            sd["hand"].remove(c)
            sd["deck"]["discard"].append(c)
    try:
        stack(sd["deck"], list(cards))
    except ValueError as exc:
        raise StudioError(str(exc)) from None
