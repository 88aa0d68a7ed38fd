"""Arena: a scenario board emptied, then set up unit by unit, sitting in the battle phase."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.game import Game
from tactica.games.great_war.dice import FACES
from tactica.games.great_war.scenarios import geo_of_state


def arena(units: list[tuple[Any, ...]], terrain: dict[str, str] | None = None, active: int = 0,
          step: str = "battle_phase", scenario: str = "ridge_trench", hq: int = 0) -> Game:
    """units: (id, side, kind, hex label[, extra dict]); every unit starts ordered. Built by the
    studio on the scenario's map (all clear but ``terrain``), no objectives, no combat cards,
    medal targets out of reach."""
    p = studio.Position("great_war", studio.board(14, 9, hexes={k: [v] for k, v in (terrain or {}).items()}))
    for spec in units:
        uid, side, kind, lab = spec[:4]
        extra = spec[4] if len(spec) > 4 else {}
        p.unit(side, kind, lab, id=uid, **{"ordered": True, **extra})
    for seat in (0, 1):
        p.track("hq", hq, seat).track("target", 99, seat).hand(seat, [], kind="combat")
    p.setting(base=scenario).turn(active, step.split("_")[0].replace("play", "") or None)
    return p.game(seed=7)


def force(g: Game, *faces: str) -> None:
    g.chance.force_symbols(FACES, list(faces))


def ids(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def hexof(g: Game, uid: str) -> str:
    return geo_of_state(g.state).label(g.state["units"][uid]["hex"])


def text(g: Game) -> str:
    return "\n".join(g.log_lines())
