"""The studio's adapter for Combat Infantry: the same calls as every module, for a block game.

A block is a labelled piece, unique on the sheet, so it is placed by its label:
``unit(seat, type, hex, id=LABEL, steps=2, posture="up")`` (``type`` is the label's block type
or the label itself, checked against the sheet). ``stats`` gives the block values of its own
(``f``, ``range``, ``move``, ``morale``, ``ac``, ``steps``, ``dice``, ``points``): the block's id
becomes ``LABEL+f=4`` and its label is derived from the sheet's (blocks.Sheet), which is not
changed. The board is given inline, hexside terrain and levels included; the hexsides the hex
terrain and slopes imply are derived as in the module's map files (3.1). The position starts from
a base scenario (``setting(base=...)``, Saint-Martin by default) whose blocks and deployment it
replaces (with an inline board also its objectives, wire, attachments and support; without one
the position is on the base's map and keeps them); piece ids (1.0) are dealt at random as in
the set-up, so they tell the other side nothing. ``turn(seat)`` starts that side's player turn
at an HQ activation (4.0); forced rolls are d10 values (10 is the 0 face).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tactica.core.board import BoardError
from tactica.core.game import Game
from tactica.core.rules import Rules, Step
from tactica.games.combat_infantry import RULES, CombatInfantryRules
from tactica.games.combat_infantry.blocks import PLAYABLE_TYPES, SIDES, STAT_FIELDS, derived_id, sheet
from tactica.games.combat_infantry.geo import inline_board
from tactica.games.combat_infantry.scenarios import deal_pieces, geo_of, load_scenario

from .position import Position, StudioError, known_settings, register_adapter

POSTURES = ("upright", "down", "up")
"""1.0: upright (hidden, ready), face-down (hidden, done), face-up (revealed)."""
UNIT_FIELDS = {"steps": int, "posture": str, "acted": bool, "half": bool}
SETTINGS = {"base", "game_turns", "gt", "pt", "weather", "night", "done_companies",
            "objectives", "attached", "support"}
DERIVED_HEXSIDES = {"from_terrain": {t: t for t in ("woods", "town", "orchard", "marsh", "cemetery")},
                    "from_elevation": "slope"}
"""As the module's map files: hex terrain and level changes imply their hexsides (3.1)."""


class CombatInfantryStudio:
    module: str = "combat_infantry"
    seats: tuple[str, ...] = SIDES

    def new_rules(self, steps: Sequence[Step]) -> Rules:
        return CombatInfantryRules([*(type(st)() for st in RULES.steps.values()), *steps])

    def unit_id(self, position: Position, seat: str, wanted: str | None) -> str:
        if wanted is None:
            raise StudioError("a Combat Infantry block is named by its label: unit(seat, type, hex, "
                              "id='US-A1-IN1')")
        if any(u["id"] == wanted for u in position.units):
            raise StudioError(f"block {wanted!r} is placed twice")
        return wanted

    def prepare(self, position: Position, rules: Rules) -> str:
        known_settings(position, SETTINGS, "Combat Infantry")
        base = str(position.settings.get("base", "saint_martin"))
        load_scenario(base)  # the module's error for an unknown base
        for u in position.units:
            lab = sheet().get(u["id"])
            if lab is None:
                raise StudioError(f"block {u['id']}: no such label on the sheet")
            if u["type"] not in (lab.type, lab.id):
                raise StudioError(f"block {u['id']} is a {lab.type}, not {u['type']!r}")
            if SIDES[lab.side] != u["seat"]:
                raise StudioError(f"block {u['id']} belongs to {SIDES[lab.side]}, not {u['seat']}")
            if lab.type not in PLAYABLE_TYPES:
                raise StudioError(f"block {u['id']}: a {lab.type} stays off the map (2.6, 2.7)")
            bad = set(u["stats"]) - set(STAT_FIELDS)
            if bad or (u["stats"] and lab.type == "minefield"):
                raise StudioError(f"block {u['id']}: stats {sorted(u['stats'])}; a block may change "
                                  f"{', '.join(STAT_FIELDS)} (not a minefield's)")
            for k, v in u["fields"].items():
                want = UNIT_FIELDS.get(k)
                if want is None or not isinstance(v, want) or (want is int and isinstance(v, bool)):
                    raise StudioError(f"block {u['id']}: field {k}={v!r}; fields: "
                                      f"{', '.join(f'{f} ({t.__name__})' for f, t in UNIT_FIELDS.items())}")
            if u["fields"].get("posture", "upright") not in POSTURES:
                raise StudioError(f"block {u['id']}: posture must be one of {', '.join(POSTURES)}")
        for what in ("hands", "decks", "markers", "chits"):
            if getattr(position, what):
                raise StudioError(f"Combat Infantry has no {what} for the studio to set")
        if position.board is not None:
            try:
                data = position.board.map_data(default_terrain=("clear",))
                data["derived_hexsides"] = DERIVED_HEXSIDES
                position.settings["_map"] = inline_board(data)
            except BoardError as exc:
                raise StudioError(str(exc)) from None
        return base

    def finish(self, g: Game, position: Position) -> None:
        s = g.state
        st = position.settings
        if "_map" in st:
            s["map"] = st["_map"]
        geo = geo_of(s)
        blocks: dict[str, dict[str, Any]] = {}
        for u in position.units:
            i = geo.index.get(u["hex"] or "")
            if i is None:
                raise StudioError(f"block {u['id']}: {u['hex']!r} is not a hex of the map")
            bid = derived_id(u["id"], u["stats"]) if u["stats"] else u["id"]
            f = u["fields"]
            posture = f.get("posture", "up" if sheet()[bid].type == "bunker" else "upright")
            steps = f.get("steps", sheet()[bid].steps)
            if not 1 <= steps <= sheet()[bid].steps:
                raise StudioError(f"block {u['id']}: {steps} steps (it has 1 to {sheet()[bid].steps})")
            blocks[bid] = {"hex": i, "steps": steps, "half": f.get("half", False), "posture": posture,
                           "acted": f.get("acted", posture == "down")}
        companies = [sorted({sheet()[b].company for b in blocks if sheet()[b].side == side and sheet()[b].hq})
                     for side in (0, 1)]
        objectives = []
        for label, vp in dict(st.get("objectives", {})).items():
            if label not in geo.index:
                raise StudioError(f"objective {label!r} is not a hex of the map")
            objectives.append([geo.index[label], int(vp)])
        active = SIDES.index(position.turn_of) if position.turn_of else s["first"]
        if position.phase is not None:
            raise StudioError("Combat Infantry's turn starts at an HQ activation: turn(seat) takes no phase")
        if position.board is not None or "objectives" in st:
            s["objectives"] = objectives
        if position.board is not None:  # the base's own map: its wire, attachments and support stay
            s.update(wire=[], attached={}, support=[[0, 0], [0, 0]])
        s.update(blocks=blocks, dead=[], gone=[], lost=[0, 0], vp=[0, 0], pieces={}, seen=[],
                 walked=[], draws=[], to_deploy=[[], []], deploy_areas=[[], []], revealed_tanks=[],
                 foxholes=[], gaps=[], blown=[], wrecks=[], smoke=[], spotters=[],
                 act=None, assault=None, companies=companies,
                 attached=dict(st.get("attached", s["attached"])),
                 support=[list(r) for r in st.get("support", s["support"])],
                 done_companies=list(st.get("done_companies", [])),
                 gt=int(st.get("gt", 1)), pt=int(st.get("pt", 1)), active=active, first=active,
                 game_turns=int(st.get("game_turns", s["game_turns"])),
                 weather=st.get("weather", s["weather"]), night=bool(st.get("night", s["night"])))
        deal_pieces(g)
        s["stack"] = [{"step": "game_turn", "args": {}}, {"step": "activate", "args": {}}]
        g.emit("studio", "Position built in the studio")

    def force_roll(self, g: Game, *values: Any, **details: Any) -> None:
        """``force_roll(g, 7, 10, 3)``: the next d10 rolls show these values (10 is the 0 face)."""
        if details or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10
                              for v in values):
            raise StudioError(f"Combat Infantry rolls d10s: values 1..10 (10 is the 0); got {values!r}")
        g.chance.force_dice(list(values), sides=10)


register_adapter("combat_infantry", CombatInfantryStudio)
