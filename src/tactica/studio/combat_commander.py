"""The studio's adapter for Combat Commander: a position becomes a scenario in the module's own
dict shape (scenarios.py), set up by the family's set-up (2.1), then finished by hand.

- the board: any size, the Terrain chart's names; multi-hex features are Buildings (T82,
  7.3.1.1); the board spec's ``extra`` is the map files' ``combat_commander:`` block
  (``artillery_boxes``, ``friendly_edges``, ``setup_zones``);
- units: ids ``<seat>-<n>`` in the order placed (on-map units before reinforcements, by Time
  space, as the set-up numbers them); ``stats`` make a unit type of this game's own
  (``fp``, ``range``, ``movement``, ``morale``, ``command`` for the good-order side,
  ``broken_fp`` ... for the broken side, ``figures``, ``quality``); fields ``weapon``,
  ``weapon_broken``, ``broken``, ``suppressed``, ``veteran``, ``arrives`` (a Time space),
  ``zone`` (set up by the player in that zone);
- markers: ``smoke`` (its hindrance), ``blaze``, and the Fortifications (F100);
- forced rolls: a stand-in card replaces the top card of the roller's draw pile, showing the
  dice and trigger asked for (its other faces those of the card it replaces, or as given).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from tactica.core.decks import stack
from tactica.core.game import Game
from tactica.core.rules import Rules, Step
from tactica.games.combat_commander import CombatCommanderRules
from tactica.games.combat_commander.components import TRIGGERS
from tactica.games.combat_commander.fortifications import SPEC as FORTIFICATIONS
from tactica.games.combat_commander.maps import map_of_board
from tactica.games.combat_commander.terrain import terrain_chart
from tactica.games.commander_family.victory import objective_value

from .position import Position, StudioError, register_adapter

GEOMETRY = {"orientation": "flat", "offset": "odd-q", "labels": "letter-number"}
SIDES: dict[str, dict[str, Any]] = {
    "axis": {"nation": "Germany", "posture": "Attack", "orders": 3, "surrender": 10},
    "allies": {"nation": "America", "posture": "Defend", "orders": 2, "surrender": 10},
}
"""What a side is unless the position says otherwise (the old test scenario's sides)."""
SCENARIO_FIELDS = ("weapon", "zone", "arrives")
"""Unit fields the scenario format carries; the others are set on the unit after set-up."""
SIDE_STATS = ("fp", "range", "movement", "morale", "command")


def _private(g: Game) -> Any:
    from tactica.games import get_rules

    if g.rules is get_rules(g.rules.id):
        raise StudioError("forced rolls need a game with rules of its own (built by the studio or "
                          "on a new CombatCommanderRules), not the registry's shared instance")
    return g.rules


class CombatCommanderStudio:
    module: str = "combat_commander"
    seats: tuple[str, ...] = CombatCommanderRules.seats

    def new_rules(self, steps: Sequence[Step]) -> Rules:
        return CombatCommanderRules(steps)

    def unit_id(self, position: Position, seat: str, wanted: str | None) -> str:
        uid = f"{seat}-{sum(1 for u in position.units if u['seat'] == seat) + 1}"
        if wanted is not None and wanted != uid:
            raise StudioError(f"Combat Commander numbers a side's units as placed: the next {seat} "
                              f"unit is {uid}, not {wanted}")
        return uid

    # ------------------------------------------------------------------------------ prepare
    def prepare(self, position: Position, rules: Rules) -> str:
        assert isinstance(rules, CombatCommanderRules)
        count = vars(rules)["_studio_count"] = vars(rules).get("_studio_count", 0) + 1
        sid = f"studio-{count}" if count > 1 else "studio"
        board = None
        if position.board is not None:
            spec = position.board
            chart = terrain_chart()
            name = spec.name if count == 1 else f"{spec.name}-{count}"
            board = spec.load(chart.allowed_terrain, chart.allowed_hexside, chart.allowed_roads,
                              GEOMETRY, ("open",), name)
            extra = dict(spec.extra)
            unknown = set(extra) - {"friendly_edges", "artillery_boxes", "setup_zones"}
            if unknown:
                raise StudioError(f"board extra: {', '.join(sorted(unknown))}: Combat Commander's map "
                                  "block has friendly_edges, artillery_boxes, setup_zones")
            edges = extra.get("friendly_edges") or ("west", "east")
            cc_map = map_of_board(board, {k: list(v) for k, v in spec.features.items()},
                                  extra.get("artillery_boxes"), (edges[0], edges[1]),
                                  extra.get("setup_zones"))
            rules.add_map(cc_map)
        sides: dict[str, dict[str, Any]] = {}
        for seat in self.seats:
            sd = {**SIDES[seat], **position.sides.get(seat, {}), "units": [], "reinforcements": {}}
            if f"surrender:{seat}" in position.tracks:
                sd["surrender"] = position.tracks[f"surrender:{seat}"]
            sides[seat] = sd
        self._units(position, rules, board, sides)
        tracks = position.tracks
        sc: dict[str, Any] = {
            "name": "studio position", "sides": sides,
            "time": {"start": tracks.get("time", 0), "sudden_death": tracks.get("sudden_death", 10),
                     "last": tracks.get("last", 12)},
            "initiative": tracks.get("initiative", "allies"), "first": position.turn_of or "axis",
            "objectives": {k: v["owner"] for k, v in position.objectives.items()},
            "open_chits": 0, "secret_chits": 0, "vp": tracks.get("vp", 0),
        }
        if board is not None and position.board is not None:
            edges = position.board.extra.get("friendly_edges") or ("west", "east")
            sc.update(map=board.name, edges={"axis": edges[0], "allies": edges[1]})
        forts = [{"hex": m["hex"], "type": m["kind"]} for m in position.markers
                 if m["kind"] in FORTIFICATIONS.names]
        if forts:
            sc["fortifications"] = forts
        for k, v in position.settings.items():
            if k == "sides":
                for seat, more in v.items():
                    sides[seat].update(more)
            else:
                sc[k] = v
        if position.chits is not None:  # named, not drawn (finish places them)
            sc["open_chits"] = sc["secret_chits"] = 0
        rules.add_scenario(sid, sc)
        return sid

    def _units(self, position: Position, rules: CombatCommanderRules, board: Any,
               sides: dict[str, dict[str, Any]]) -> None:
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

    @staticmethod
    def _own_type(rules: CombatCommanderRules, t: Any, stats: dict[str, Any], where: str) -> str:
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
            elif k in ("figures", "quality", "name", "rank", "special"):
                top[k] = v
            else:
                raise StudioError(f"{where}: no stat {k!r} (have {', '.join(SIDE_STATS)}, "
                                  "broken_<stat>, figures, quality, name, rank, special)")
        tid = f"{t.id}+" + ",".join(f"{k}={v}" for k, v in sorted(stats.items()))
        try:
            rules.unit_type(tid)
            return tid
        except KeyError:
            pass
        own = dataclasses.replace(t, id=tid, unbroken=dataclasses.replace(t.unbroken, **good),
                                  broken=dataclasses.replace(t.broken, **bad), **top)
        rules.add_unit_type(own)
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
        for m in position.markers:
            if m["kind"] == "smoke":
                s["smoke"][m["hex"]] = int(m["value"])
            elif m["kind"] == "blaze":
                s["blaze"].append(m["hex"])
            elif m["kind"] not in FORTIFICATIONS.names:
                raise StudioError(f"marker {m['kind']!r}: Combat Commander has smoke, blaze and "
                                  f"{', '.join(FORTIFICATIONS.names)}")
        for key, cards in position.hands.items():
            set_hand(g, seats.index(key), cards)
        for key, piles in position.decks.items():
            if key not in seats:
                raise StudioError(f"deck {key!r}: each Combat Commander side has one Fate deck")
            seat = seats.index(key)
            d = s["sides"][seat]["deck"]
            for c in piles["discard"]:
                _take(g, seat, c)
                d["discard"].append(c)
            put_on_top(g, seat, *piles["top"])
        if position.chits is not None:
            self._chits(g, position.chits)
        g.emit("studio", "Position built in the studio: hands, decks and markers set by hand")

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
        rules = _private(g)
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
                rules.add_card(card)
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


register_adapter("combat_commander", CombatCommanderStudio)
