"""Agents: they act only through the public game API and see only their seat's view."""

from tactica.ai.base import Agent, make_agent
from tactica.ai.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]
