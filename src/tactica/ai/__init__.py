"""Agents: they act only through the public game API and see only their seat's view."""

from tactica.ai.base import Agent, AgentSpec, agent_names, agent_specs, make_agent
from tactica.ai.random_agent import RandomAgent

__all__ = ["Agent", "AgentSpec", "RandomAgent", "agent_names", "agent_specs", "make_agent"]
