"""docs/schemas/ holds the JSON Schemas generated from the data models, and they are current."""

from __future__ import annotations

import json
from pathlib import Path

from tactica import data_schemas

DOCS = Path(__file__).resolve().parents[1] / "docs" / "schemas"


def test_published_schemas_are_current() -> None:
    rendered = data_schemas.render()
    on_disk = {p.name for p in DOCS.glob("*.schema.json")}
    assert on_disk == set(rendered), "run `tactica schemas` to publish the schemas"
    for name, text in rendered.items():
        assert (DOCS / name).read_text(encoding="utf-8") == text, f"{name} is stale: run `tactica schemas`"


def test_schemas_refuse_unknown_keys_and_list_allowed_names() -> None:
    deck = json.loads(data_schemas.render()["combat_commander.fate_deck.schema.json"])
    card = deck["$defs"]["CardModel"]
    assert card["additionalProperties"] is False
    assert "Fire" in card["properties"]["order"]["enum"]
    assert set(deck["required"]) >= {"format", "kind", "nation", "cards"}
