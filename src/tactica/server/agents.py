"""The AI levels offered in the lobby, read from tactica.ai's one registry (``agent_specs``)."""

from __future__ import annotations

from typing import Any

from tactica.ai import Agent, agent_specs, make_agent


def agent_levels() -> list[dict[str, Any]]:
    """Each level as ``{"spec", "label", "description"}``, weakest first."""
    return [{"spec": s.spec, "label": s.label, "description": s.description} for s in agent_specs()]


def is_level(spec: str) -> bool:
    return any(a["spec"] == spec for a in agent_levels())


def agent_for(spec: str, seed: int) -> Agent:
    return make_agent(spec, seed=seed)
