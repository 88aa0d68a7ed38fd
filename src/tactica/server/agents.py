"""The AI levels offered in the lobby, read from tactica.ai's one registry (``agent_specs``)."""

from __future__ import annotations

from typing import Any

import tactica.ai as ai
from tactica.ai import Agent, make_agent


def agent_levels() -> list[dict[str, Any]]:
    """Each level as ``{"spec", "label", "description"}``, weakest first."""
    specs = getattr(ai, "agent_specs", None)
    if callable(specs):
        return [{"spec": s.spec, "label": s.label, "description": s.description} for s in specs()]
    return [{"spec": "random", "label": "Random", "description": "Picks uniformly among the legal options."}]


def is_level(spec: str) -> bool:
    return any(a["spec"] == spec for a in agent_levels())


def agent_for(spec: str, seed: int) -> Agent:
    return make_agent(spec, seed=seed)
