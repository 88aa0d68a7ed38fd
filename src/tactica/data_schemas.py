"""The JSON Schemas of every data format, generated from the pydantic models that validate them.

docs/schemas/ holds the published copies, for people who enter their own maps, scenarios, decks
and rosters (``tactica schemas --out docs/schemas`` rewrites them; a test checks they are current).
This module is outside core on purpose: it lists the formats of every game module.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Final

from pydantic import BaseModel

from tactica.core.schema import json_schema

__all__ = ["PUBLISHED", "render", "write"]

# (file name, "module:Model", title, what the format is for)
PUBLISHED: Final = (
    ("map.schema.json", "tactica.core.map_schema:MapFile", "tactica map", "A hex map (docs/map-format.md)."),
    (
        "combat_commander.map.schema.json",
        "tactica.games.combat_commander.data_models:CcMapFile",
        "Combat Commander map",
        "A core map plus its combat_commander block: edges, Artillery Boxes, Buildings, zones.",
    ),
    (
        "combat_commander.fate_deck.schema.json",
        "tactica.games.combat_commander.data_models:DeckFile",
        "Combat Commander Fate deck",
        "A nation's 72-card Fate deck.",
    ),
    (
        "combat_commander.roster.schema.json",
        "tactica.games.combat_commander.data_models:RosterFile",
        "Combat Commander roster",
        "A nation's units, Weapons and Radios.",
    ),
    (
        "combat_commander.objectives.schema.json",
        "tactica.games.combat_commander.data_models:ObjectivesFile",
        "Combat Commander Objective chits",
        "The Objective chits.",
    ),
    (
        "combat_commander.postures.schema.json",
        "tactica.games.combat_commander.data_models:PosturesFile",
        "Combat Commander postures",
        "Hand sizes by posture, Discard Limits by nation.",
    ),
    (
        "combat_commander.terrain.schema.json",
        "tactica.games.combat_commander.data_models:TerrainChartFile",
        "Combat Commander Terrain Chart",
        "The Terrain Chart, in hierarchy order.",
    ),
    (
        "combat_commander.support.schema.json",
        "tactica.games.combat_commander.data_models:SupportTableFile",
        "Combat Commander Support Table",
        "A nation's Support Table.",
    ),
    (
        "combat_commander.scenario.schema.json",
        "tactica.games.combat_commander.data_models:ScenarioFile",
        "Combat Commander scenario",
        "A scenario: map, Time Track, Objectives, the two sides' forces.",
    ),
    (
        "combat_infantry.blocks.schema.json",
        "tactica.games.combat_infantry.data_models:BlocksFile",
        "Combat Infantry label sheet",
        "Every block of both battalions with its printed values.",
    ),
    (
        "combat_infantry.scenario.schema.json",
        "tactica.games.combat_infantry.data_models:ScenarioFile",
        "Combat Infantry scenario",
        "A scenario: map sheet or joined sheets, game turns, weather, objectives, support, set-up.",
    ),
    (
        "commandos_europe.terrain.schema.json",
        "tactica.games.commandos_europe.data_models:TerrainFile",
        "Commandos: Europe terrain chart",
        "MP, noise, combat penalty and enemy-vehicle entry and placement per terrain.",
    ),
    (
        "commandos_europe.gear.schema.json",
        "tactica.games.commandos_europe.data_models:GearFile",
        "Commandos: Europe weapons and equipment",
        "Firepower, cost, noise, plus or minus movement, and the black, blue, boat, anti-tank,"
        " suppression and naval-gunfire marks.",
    ),
    (
        "commandos_europe.commandos.schema.json",
        "tactica.games.commandos_europe.data_models:CommandosFile",
        "Commandos: Europe squads, leaders and bases",
        "The eight squads (with the E/V lines), the leaders and the two bases.",
    ),
    (
        "commandos_europe.casualties.schema.json",
        "tactica.games.commandos_europe.data_models:CasualtiesFile",
        "Commandos: Europe casualties markers",
        "The twenty casualties markers.",
    ),
    (
        "commandos_europe.enemies.schema.json",
        "tactica.games.commandos_europe.data_models:EnemiesFile",
        "Commandos: Europe enemy manifests",
        "One set of enemy units per map.",
    ),
    (
        "commandos_europe.missions.schema.json",
        "tactica.games.commandos_europe.data_models:MissionsFile",
        "Commandos: Europe mission objectives",
        "The Mission Objective Placement table and each map's objective cup.",
    ),
    (
        "great_war.cards.schema.json",
        "tactica.games.great_war.data_models:CardsFile",
        "The Great War cards",
        "A command or combat deck.",
    ),
    (
        "great_war.scenario.schema.json",
        "tactica.games.great_war.data_models:ScenarioFile",
        "The Great War scenario",
        "A scenario with its map, units, medals and hands.",
    ),
    (
        "great_war_commander.fate_deck.schema.json",
        "tactica.games.great_war_commander._schema:FateDeckFile",
        "Great War Commander Fate deck",
        "A nation's 72-card Fate deck with its dice and trigger distribution.",
    ),
    (
        "great_war_commander.strategy_cards.schema.json",
        "tactica.games.great_war_commander._schema:StrategyCardsFile",
        "Great War Commander Strategy Cards",
        "The three nations' nine Strategy Cards each.",
    ),
    (
        "great_war_commander.initiative_cards.schema.json",
        "tactica.games.great_war_commander._schema:InitiativeCardsFile",
        "Great War Commander Initiative Cards",
        "The two Initiative Cards.",
    ),
    (
        "great_war_commander.roster.schema.json",
        "tactica.games.great_war_commander._schema:RosterFile",
        "Great War Commander roster",
        "A nation's Formations (ranks, cohesion, Tanks), Weapons and Telephones.",
    ),
    (
        "great_war_commander.support.schema.json",
        "tactica.games.great_war_commander._schema:SupportTableFile",
        "Great War Commander Support Table",
        "A nation's Support Table with its Red X row.",
    ),
    (
        "great_war_commander.terrain.schema.json",
        "tactica.games.great_war_commander._schema:TerrainChartFile",
        "Great War Commander Terrain Chart",
        "The Terrain Chart with vulnerability and precedence.",
    ),
    (
        "great_war_commander.fortifications.schema.json",
        "tactica.games.great_war_commander._schema:FortificationsFile",
        "Great War Commander Fortifications",
        "Fortifications F126-F131.",
    ),
    (
        "great_war_commander.markers.schema.json",
        "tactica.games.great_war_commander._schema:MarkersFile",
        "Great War Commander marker modifiers",
        "What Suppressed, Wire and Veteran markers change.",
    ),
    (
        "great_war_commander.objectives.schema.json",
        "tactica.games.great_war_commander._schema:ObjectivesFile",
        "Great War Commander Objective chits",
        "The 20 Objective chits.",
    ),
    (
        "great_war_commander.scenario.schema.json",
        "tactica.games.great_war_commander._schema:ScenarioFile",
        "Great War Commander scenario",
        "A scenario: map, date, Time Track, Objectives, the sides' forces.",
    ),
)


def _model(ref: str) -> type[BaseModel]:
    module, name = ref.split(":")
    model: type[BaseModel] = getattr(importlib.import_module(module), name)
    return model


def render() -> dict[str, str]:
    """File name -> the JSON text of its schema (stable: sorted keys, two-space indent)."""
    return {
        fname: json.dumps(json_schema(_model(ref), title, desc), indent=2, sort_keys=True) + "\n"
        for fname, ref, title, desc in PUBLISHED
    }


def write(folder: Path) -> list[Path]:
    """Write every schema into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for fname, text in render().items():
        path = folder / fname
        path.write_text(text, encoding="utf-8")
        out.append(path)
    return out
