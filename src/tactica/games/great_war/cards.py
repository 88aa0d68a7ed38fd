"""Command and combat decks (TGW-D Cards, TGW-D Combat), loaded from data/*.yaml and checked.

Card instances in the game state are ``"<card id>#<n>"`` strings; the card's data is looked up by
the part before ``#``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tactica.core.datafile import DataError, load_file
from tactica.core.rules import RulesError
from tactica.core.schema import validate

from .data_models import CardsFile

DATA = Path(__file__).parent / "data"

def _load(name: str, deck: str) -> dict[str, dict[str, Any]]:
    """A deck file, read strictly and checked against data_models.CardsFile."""
    try:
        doc = load_file(DATA / name)
    except DataError as exc:
        raise RulesError(str(exc)) from None
    data = doc.data
    cards = validate(CardsFile, data, name, RulesError, doc.lines)
    if cards.deck != deck:
        raise RulesError(f"{name}: deck: expected {deck!r}, got {cards.deck!r}")
    return {c["id"]: c for c in data["cards"]}


COMMAND: dict[str, dict[str, Any]] = _load("command_cards.yaml", "command")
COMBAT: dict[str, dict[str, Any]] = _load("combat_cards.yaml", "combat")


def instances(cards: dict[str, dict[str, Any]]) -> list[str]:
    """Every physical card of a deck, as instance ids in file order."""
    return [f"{cid}#{k}" for cid, c in cards.items() for k in range(1, c["count"] + 1)]


def kind(instance: str) -> str:
    return instance.split("#", 1)[0]
