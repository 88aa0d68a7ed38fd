"""The studio's adapter for Commandos: Europe: the same calls as every module, for a solitaire game.

One seat, ``commandos``. Every piece of the module is unique (a squad ``0-1``, a leader
``cdr-0``, a gear piece ``bren``), so ``unit(seat, piece, hex)`` places that piece (``id=``, if
given, must be the same). A squad may have printed values of its own (``stats={"fp": 5}``, keys
``fp``, ``noise``, ``ma``): the piece carries them in the state (stacks.printed), the tables are
not changed. Fields: ``detected``, ``moved``, ``flipped`` (bool) and ``marker`` (a casualties
marker id). Enemies are markers, ``marker("enemy", hex, "rifle_section")`` (a type: the next
counter of it from the cup) or ``"rifle_section#3"`` (that counter), taken out of the enemy cup.

The map is the module's own (``setting(map=...)``, Norway by default; its scenario of the map
alone is the base): its maps are fixed files, so an inline board is refused. Tracks: ``pp``,
``awareness`` (12.2), ``turn``, ``resolved``, ``accomplished``. Settings: ``bases``
(``{"base-1": hex, "base-2": hex}``; owning base-2 follows), ``mission`` (``{"id": .., "hex": ..}``,
the open mission, taken out of the mission cup), ``cups`` (``{"casualties": ["wounded#1"]}``: a
cup holds exactly these of its items, in that order). ``turn(seat, phase)`` starts the turn at
``placement`` (the default, 7.0), ``movement``, ``combat`` or ``enemy`` (4.0), or at any step of
the turn by its name (``suppression``, ``enemy_move`` ...). Forced rolls:
an int is a d6 (1..6), ``("d10", face)`` a d10 by its face 0..9 (the noise check reads 0 as 0,
12.0; the base move as 10, 12.12), ``("draw", i)`` the blind draw of a cup's i-th item.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactica.core.game import Game
from tactica.core.rules import Rules, Step
from tactica.games.commandos_europe import RULES, CommandosEuropeRules
from tactica.games.commandos_europe.data import (
    MAPS,
    enemy_cup,
    gear,
    leaders,
    markers,
    mission_cup,
    piece_type,
    placement,
    squads,
)
from tactica.games.commandos_europe.geo import geo
from tactica.games.commandos_europe.setup import new_piece

from .position import Position, StudioError, known_settings, register_adapter

UNIT_FIELDS = {"detected": bool, "moved": bool, "flipped": bool, "marker": str}
SQUAD_STATS = ("fp", "noise", "ma")
TRACKS = ("pp", "awareness", "turn", "resolved", "accomplished")
SETTINGS = {"map", "bases", "mission", "cups"}
PHASES = ("mission_placement", "movement", "friendly_combat", "suppression", "enemy_move",
          "enemy_combat", "enemy_end", "end_turn")
"""4.0: the phases the ``turn`` frame pushes, in order of play."""
PHASE_NAMES = {"placement": 0, "movement": 1, "combat": 2, "enemy": 3,
               **{step: i for i, step in enumerate(PHASES)}}
"""``turn(seat, phase)``: a phase by its short name or by its step (``enemy_move``, 4.0)."""


def _kind(pid: str) -> str | None:
    return "squad" if pid in squads() else "leader" if pid in leaders() else "gear" if pid in gear() else None


class CommandosEuropeStudio:
    module: str = "commandos_europe"
    seats: tuple[str, ...] = ("commandos",)
    named_by_type = True
    """Every piece is unique: ``unit()`` names it by its type (Position.unit)."""

    def new_rules(self, steps: Sequence[Step]) -> Rules:
        return CommandosEuropeRules([*(type(st)() for st in RULES.steps.values()), *steps])

    def unit_id(self, position: Position, seat: str, wanted: str | None) -> str:
        # Position.unit passes the piece (its type) when no id= is given; prepare checks both agree.
        if wanted is None:
            raise StudioError("a Commandos: Europe piece is named by its type: unit(seat, '0-1', hex)")
        return wanted

    def prepare(self, position: Position, rules: Rules) -> str:
        known_settings(position, SETTINGS, "Commandos: Europe")
        if position.board is not None:
            raise StudioError("Commandos: Europe plays on its own maps (setting(map=...)): an inline "
                              "board is not supported")
        for what in ("hands", "decks", "chits", "objectives", "sides"):
            if getattr(position, what):
                raise StudioError(f"Commandos: Europe has no {what} for the studio to set")
        m = position.settings.get("map", "norway")
        if m not in MAPS:
            raise StudioError(f"map {m!r}: Commandos: Europe's are {', '.join(MAPS)}")
        labels = set(geo(m).labels)
        seen: set[str] = set()
        for u in position.units:
            pid = u["type"]
            if u["id"] != pid:
                raise StudioError(f"piece {pid}: id={u['id']!r} differs (a piece's id is its name)")
            kind = _kind(pid)
            if kind is None:
                raise StudioError(f"piece {pid!r}: no such squad, leader or gear")
            if pid in seen:
                raise StudioError(f"piece {pid} is placed twice")
            seen.add(pid)
            if u["hex"] not in labels:
                raise StudioError(f"piece {pid}: {u['hex']!r} is not a hex of the {m} map")
            bad = set(u["stats"]) - set(SQUAD_STATS)
            if u["stats"] and (kind != "squad" or bad
                               or not all(type(v) is int for v in u["stats"].values())):
                raise StudioError(f"piece {pid}: stats {u['stats']!r}; a squad may change "
                                  f"{', '.join(SQUAD_STATS)} (ints)")
            for k, v in u["fields"].items():
                want = UNIT_FIELDS.get(k)
                if want is None or type(v) is not want:
                    raise StudioError(f"piece {pid}: field {k}={v!r}; fields: "
                                      f"{', '.join(f'{f} ({t.__name__})' for f, t in UNIT_FIELDS.items())}")
            mk = u["fields"].get("marker")
            if mk is not None and mk.split("#")[0] not in markers():
                raise StudioError(f"piece {pid}: no casualties marker {mk!r}")
        cup = list(enemy_cup(m))
        for mk in position.markers:
            if mk["kind"] != "enemy":
                raise StudioError(f"marker {mk['kind']!r}: Commandos: Europe's markers are enemies "
                                  "(marker('enemy', hex, type or id))")
            if mk["hex"] not in labels:
                raise StudioError(f"enemy {mk['value']!r}: {mk['hex']!r} is not a hex of the {m} map")
            v = str(mk["value"])
            eid = v if v in cup else next((e for e in cup if piece_type(e) == v), None)
            if eid is None:
                raise StudioError(f"enemy {v!r}: not in the {m} enemy cup (or none of it left)")
            cup.remove(eid)
            mk["value"] = eid
        for k, v in position.tracks.items():
            if k not in TRACKS or type(v) is not int or v < 0:
                raise StudioError(f"track {k}={v!r}: Commandos: Europe's are {', '.join(TRACKS)} (ints >= 0)")
        for b, h in dict(position.settings.get("bases", {})).items():
            if b not in ("base-1", "base-2") or h not in labels:
                raise StudioError(f"base {b}={h!r}: base-1 or base-2 on a hex of the {m} map")
        mission = position.settings.get("mission")
        if mission is not None:
            if not isinstance(mission, dict) or mission.get("id") not in mission_cup(m):
                raise StudioError(f"mission {mission!r}: {{'id': one of {', '.join(sorted(mission_cup(m)))}, "
                                  "'hex': ...}")
            if mission.get("hex", placement()[mission["id"]][1][0]) not in labels:
                raise StudioError(f"mission {mission['id']}: {mission['hex']!r} is not a hex of the map")
        for cup, items in dict(position.settings.get("cups", {})).items():
            full: list[str] | None = {"enemy": list(enemy_cup(m)), "missions": list(mission_cup(m)),
                                      "casualties": list(markers())}.get(cup)
            if full is None or not isinstance(items, (list, tuple)):
                raise StudioError(f"cups {cup}: the cups are enemy, missions and casualties, each "
                                  "given as a list of its items")
            kinds = {str(x).split("#")[0] for x in full}
            strays = [i for i in items if str(i).split("#")[0] not in kinds]
            if strays:
                raise StudioError(f"cups {cup}: {', '.join(map(str, strays))} not in that cup")
        if position.phase is not None and position.phase not in PHASE_NAMES:
            raise StudioError(f"phase {position.phase!r}: one of {', '.join(PHASE_NAMES)}")
        return str(m)

    def finish(self, g: Game, position: Position) -> None:
        s = g.state
        st, tr = position.settings, position.tracks
        pieces: dict[str, dict[str, Any]] = {}
        for u in position.units:
            p = {**new_piece(_kind(u["type"]) or ""), "hex": u["hex"], **u["fields"]}
            if u["stats"]:
                p["stats"] = dict(u["stats"])
            pieces[u["type"]] = p
        enemies = {mk["value"]: mk["hex"] for mk in position.markers}
        bases = {"base-1": None, "base-2": None, **dict(st.get("bases", {}))}
        s["cups"]["enemy"]["items"] = [e for e in s["cups"]["enemy"]["items"] if e not in enemies]
        mission = None
        if "mission" in st:
            mid = st["mission"]["id"]
            mission = {"id": mid, "hex": st["mission"].get("hex", placement()[mid][1][0]),
                       "status": "open", "turn": tr.get("turn", 1)}
            s["cups"]["missions"]["items"].remove(mid)
        for cup, items in dict(st.get("cups", {})).items():
            s["cups"][cup]["items"] = list(items)
        s.update(pieces=pieces, enemies=enemies, bases=bases, mission=mission,
                 owned_bases=sorted(b for b, h in bases.items() if h is not None or b == "base-1"),
                 ever=sorted(p for p in pieces if p in squads() or p in leaders()),
                 pp=tr.get("pp", s["pp"]), awareness=tr.get("awareness", 0), turn=tr.get("turn", 1),
                 resolved=tr.get("resolved", 0), accomplished=tr.get("accomplished", 0))
        start = PHASE_NAMES[position.phase or "placement"]
        s["stack"] = [{"step": "turn", "args": {}},
                      *({"step": step, "args": {}} for step in reversed(PHASES[start:]))]
        g.emit("studio", "Position built in the studio")

    def force_roll(self, g: Game, *values: Any, **details: Any) -> None:
        """``force_roll(g, 6, 1, ("d10", 0), ("draw", 0))``: the next rolls, an int a d6 (1..6),
        ``("d10", face)`` a d10 by its face (0..9) and ``("draw", i)`` a blind draw of the cup's
        i-th item, in the order the rules roll and draw them."""
        out = []
        for v in values:
            if type(v) is int and 1 <= v <= 6:
                out.append(v - 1)
            elif isinstance(v, tuple) and len(v) == 2 and type(v[1]) is int and (
                    (v[0] == "d10" and 0 <= v[1] <= 9) or (v[0] == "draw" and v[1] >= 0)):
                out.append(v[1])
            else:
                raise StudioError("Commandos: Europe rolls a d6 (1..6), ('d10', face 0..9) or "
                                  f"('draw', item index); got {v!r}")
        if details:
            raise StudioError(f"Commandos: Europe's forced rolls take no keywords: {sorted(details)}")
        g.chance.force(out)


register_adapter("commandos_europe", CommandosEuropeStudio)
