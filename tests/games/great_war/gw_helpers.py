"""Positions for The Great War tests, built through the studio (docs/studio.md): a scenario's own
battlefield with hands of a test's choosing, or an arena (its board emptied, set up unit by unit,
sitting in the battle phase); battle dice forced by face."""

from __future__ import annotations

from typing import Any

from tactica import studio
from tactica.core.game import Game
from tactica.games.great_war.scenarios import geo_of_state


def battlefield(scenario: str = "ridge_trench", seed: int = 1, hand: list[str] | None = None,
                combat: list[str] | None = None, hq: int | None = None) -> Game:
    """``scenario``'s own set-up (its units, terrain and objectives) at the first Turn, the
    active side holding ``hand`` (command cards) and ``combat`` (combat cards) if given."""
    p = studio.Position("great_war").setting(base=scenario)
    if hand is not None:
        p.hand(0, hand)
    if combat is not None:
        p.hand(0, combat, kind="combat")
    if hq is not None:
        p.track("hq", hq, 0)
    return p.game(seed=seed)


def arena(units: list[tuple[Any, ...]], terrain: dict[str, str] | None = None, active: int = 0,
          step: str = "battle_phase", scenario: str = "ridge_trench", hq: int = 0,
          combat: list[str] | None = None, target: tuple[int, int] = (99, 99),
          card: str | None = None) -> Game:
    """units: (id, side, kind, hex label[, extra dict]); every unit starts ordered. Built by the
    studio on the scenario's map (all clear but ``terrain``), no objectives, medal targets
    ``target`` (out of reach by default), the active side holding the combat cards ``combat``
    (none by default) and ``card`` in play (a Recon by default) past the card step."""
    p = studio.Position("great_war", studio.board(14, 9, hexes={k: [v] for k, v in (terrain or {}).items()}))
    for spec in units:
        uid, side, kind, lab = spec[:4]
        extra = spec[4] if len(spec) > 4 else {}
        p.unit(side, kind, lab, id=uid, **{"ordered": True, **extra})
    for seat in (0, 1):
        p.track("hq", hq, seat).track("target", target[seat], seat)
        p.hand(seat, (combat or []) if seat == active else [], kind="combat")
    if card is not None:
        p.setting(card=card)
    p.setting(base=scenario).turn(active, step.split("_")[0].replace("play", "") or None)
    return p.game(seed=7)


def force(g: Game, *faces: str) -> None:
    """The next battle dice show these faces (the studio's forced rolls)."""
    studio.force_roll(g, *faces)


def ids(g: Game) -> list[str]:
    return [o.id for o in g.legal_options()]


def hexof(g: Game, uid: str) -> str:
    return geo_of_state(g.state).label(g.state["units"][uid]["hex"])


def text(g: Game) -> str:
    return "\n".join(g.log_lines())
