"""Command and combat decks (TGW-D Cards, TGW-D Combat), loaded from data/*.yaml and checked.

Card instances in the game state are ``"<card id>#<n>"`` strings; the card's data is looked up by
the part before ``#``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tactica.core.rules import RulesError

DATA = Path(__file__).parent / "data"

_ORDER_KEYS = {"section", "units", "each_section", "anywhere", "kinds", "fallback", "adjacent_only",
               "hold", "close_dice", "no_gain", "barrage"}
_EFFECT_KEYS = {"dice", "combat", "infantry_only", "deadly_at", "no_gain", "bonus_close",
                "ignore_flags", "order_extra", "hold", "close_dice"}


def _load(name: str, deck: str) -> dict[str, dict[str, Any]]:
    path = DATA / name
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != "tactica-cards" or data.get("deck") != deck:
        raise RulesError(f"{name}: not a tactica-cards file for the {deck} deck")
    out: dict[str, dict[str, Any]] = {}
    for i, c in enumerate(data.get("cards") or []):
        where = f"{name}: card {i} ({c.get('id', '?') if isinstance(c, dict) else c!r})"
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or "#" in c["id"]:
            raise RulesError(f"{where}: needs a string id without '#'")
        if c["id"] in out:
            raise RulesError(f"{where}: duplicate id")
        if not isinstance(c.get("count"), int) or c["count"] < 1:
            raise RulesError(f"{where}: count must be a positive integer")
        if not isinstance(c.get("text"), str) or not isinstance(c.get("name"), str):
            raise RulesError(f"{where}: needs a name and a text")
        if deck == "command":
            bad = set(c.get("order") or {}) - _ORDER_KEYS
            if not c.get("order") or bad:
                raise RulesError(f"{where}: order missing or has unknown keys {sorted(bad)}")
            sec = c["order"].get("section")
            if sec is not None and sec not in ("left", "centre", "right"):
                raise RulesError(f"{where}: unknown section {sec!r}")
        else:
            bad = set(c.get("effect") or {}) - _EFFECT_KEYS
            if bad or c.get("when") not in ("attack", "defend", "order"):
                raise RulesError(f"{where}: bad 'when' or unknown effect keys {sorted(bad)}")
            if not isinstance(c.get("cost"), int) or c["cost"] < 0:
                raise RulesError(f"{where}: cost must be an integer >= 0")
        out[c["id"]] = c
    return out


COMMAND: dict[str, dict[str, Any]] = _load("command_cards.yaml", "command")
COMBAT: dict[str, dict[str, Any]] = _load("combat_cards.yaml", "combat")


def instances(cards: dict[str, dict[str, Any]]) -> list[str]:
    """Every physical card of a deck, as instance ids in file order."""
    return [f"{cid}#{k}" for cid, c in cards.items() for k in range(1, c["count"] + 1)]


def kind(instance: str) -> str:
    return instance.split("#", 1)[0]
