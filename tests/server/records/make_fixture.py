"""Write the record fixture of each rules module's current version (run once per release of a
rules version; the files are kept for good, so that every released version keeps opening):

    PYTHONPATH=src python tests/server/records/make_fixture.py

A fixture is a game of random play (seeded, so the file is the same on every run) cut at
``MAX_DECISIONS``, with the digest of its log (replays must reproduce it byte for byte).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import tactica
from tactica.core.record import log_digest
from tactica.games import all_ids, get_rules

HERE = Path(__file__).parent
MAX_DECISIONS = 120
SEED = 2024


def make(module: str) -> Path:
    rules = get_rules(module)
    # a scenario of the module's own (not a test fixture, which may move out of the module)
    scenario = next(s.id for s in rules.scenarios() if not s.id.startswith("test"))
    g = tactica.new_game(module, scenario, seed=SEED)
    rng = random.Random(SEED)
    while not g.is_terminal() and g.record is not None and len(g.record.decisions) < MAX_DECISIONS:
        d = g.decision()
        assert d is not None
        g.apply(rng.choice(d.options).id)
    assert g.record is not None
    path = HERE / f"{module}-v{rules.version}.json"
    path.write_text(dumps(g.record.to_dict(log_digest(g))), encoding="utf-8")
    return path


def dumps(record: dict) -> str:
    """JSON with one decision (and one hash) per line: readable, and diffs stay small."""
    lines = []
    for key, value in record.items():
        if isinstance(value, list):
            items = ",\n  ".join(json.dumps(v) for v in value)
            lines.append(f" {json.dumps(key)}: [\n  {items}\n ]" if value else f" {json.dumps(key)}: []")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, sort_keys=True)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    for gid in all_ids():
        if not (HERE / f"{gid}-v{get_rules(gid).version}.json").exists():
            print("wrote", make(gid))
