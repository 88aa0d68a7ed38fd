"""The registry of rules modules. Built-in modules are imported lazily, on first use."""

from __future__ import annotations

import importlib

from tactica.core.rules import Rules, RulesError

BUILTIN: dict[str, str] = {
    "great_war": "tactica.games.great_war:RULES",
    "combat_commander": "tactica.games.combat_commander:RULES",
    "combat_infantry": "tactica.games.combat_infantry:RULES",
    "commandos_europe": "tactica.games.commandos_europe:RULES",
    "great_war_commander": "tactica.games.great_war_commander:RULES",
}
"""Module id -> 'package.module:ATTRIBUTE' of its Rules object."""

_loaded: dict[str, Rules] = {}


def register(rules: Rules) -> None:
    """Make a rules module available to new_game/replay (tests and data packs use this)."""
    if not rules.id:
        raise RulesError("a rules module needs an id")
    _loaded[rules.id] = rules


def get_rules(game: str) -> Rules:
    if game in _loaded:
        return _loaded[game]
    if game not in BUILTIN:
        raise RulesError(f"no rules module {game!r}; known: {', '.join(sorted(all_ids()))}")
    path, attr = BUILTIN[game].split(":")
    rules: Rules = getattr(importlib.import_module(path), attr)
    _loaded[game] = rules
    return rules


def all_ids() -> list[str]:
    return sorted(set(BUILTIN) | set(_loaded))
