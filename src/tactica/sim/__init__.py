"""Batch play: many games between agents, on local worker processes or a Ray cluster, and the
balance reports made from them (docs/sim.md)."""

from tactica.sim.results import SimulationRun, load, save, to_csv
from tactica.sim.runner import GameJob, GameResult, plan, play_game
from tactica.sim.simulate import simulate

__all__ = ["GameJob", "GameResult", "SimulationRun", "load", "plan", "play_game", "save", "simulate",
           "to_csv"]
