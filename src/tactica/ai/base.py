"""What an agent is, and the one registry of agent names and levels (the CLI and the lobby read
their lists from here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from tactica.core.game import Game


class Agent(Protocol):
    """Chooses an option id for ``seat``. An agent may read ``game.view(seat)`` and
    ``game.legal_options()`` when it is ``seat``'s decision, and may search only on
    ``game.resample_from_infostate(seat, ...)``: never on the game itself, which holds what the
    seat cannot know."""

    name: str

    def choose(self, game: Game, seat: int) -> str: ...


@dataclass(frozen=True, slots=True)
class AgentSpec:
    spec: str
    """What make_agent takes, e.g. 'search:normal'."""
    label: str
    """What a player sees in the lobby."""
    description: str = ""


def agent_specs() -> list[AgentSpec]:
    """The agents on offer, weakest first, with human labels (the web app lists these)."""
    from tactica.ai.levels import LEVELS

    out = [
        AgentSpec("random", "Random", "Picks uniformly among the legal options."),
        AgentSpec("scripted", "Scripted", "Plays the module's rules of thumb, instantly."),
    ]
    for key, lv in LEVELS.items():
        if lv.seconds is not None and lv.iterations is not None:
            budget = f"up to {lv.seconds:g} s a move (at most {lv.iterations} playouts)"
        else:
            budget = f"{lv.iterations} playouts a move" if lv.iterations else f"{lv.seconds} s a move"
        out.append(AgentSpec(f"search:{key}", lv.label, f"Information-set MCTS, {budget}."))
    return out


def agent_names() -> list[str]:
    """The specs of agent_specs(), for callers that need only the names."""
    return [s.spec for s in agent_specs()]


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its name: 'random', 'scripted', 'search' / 'search:<level>' where level is
    fast | normal | strong (a move time), <level>:fixed (its iteration cap only: reproducible),
    <iterations> | <seconds>s."""
    from tactica.ai.ismcts import SearchAgent
    from tactica.ai.random_agent import RandomAgent
    from tactica.ai.scripted import ScriptedAgent

    kind, _, arg = spec.partition(":")
    if kind == "random" and not arg:
        return RandomAgent(seed)
    if kind == "scripted" and not arg:
        return ScriptedAgent(seed)
    if kind == "search":
        return SearchAgent(arg or "normal", seed)
    known = ", ".join(s.spec for s in agent_specs())
    raise ValueError(f"no agent {spec!r}; known: {known}, search:<level>:fixed, search:<iterations>, "
                     "search:<seconds>s")
