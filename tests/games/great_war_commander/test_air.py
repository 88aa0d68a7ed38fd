"""Air Assault (O17) played: Random Hex, the row, Bombing or Strafing, Units Suppressed, one attack
per occupied hex answered by every Formation there; Air Dominance/Dog Fights and Flying Squadrons."""

from __future__ import annotations

from tactica import studio
from tactica.core.game import Game
from tactica.games.great_war_commander import RULES, air

from .gwc_helpers import position, run_out
from .test_artillery import keep, pick


def scene(scenario: str = "belleau_wood_1918",
          hands: tuple[str | None, str | None] = (None, None)) -> studio.Position:
    """``scenario`` with no unit yet, each side holding the Strategy Card given (or none)."""
    p = position(scenario)
    for seat, cid in enumerate(hands):
        p.hand(seat, [cid] if cid else [], kind="strategy")
    return p


def game(scenario: str = "belleau_wood_1918", hands: tuple[str | None, str | None] = (None, None)) -> Game:
    return scene(scenario, hands).game(seed=1)


def start(g: Game, hex_label: str) -> None:
    """The Air Assault's Random Hex forced to ``hex_label`` (the studio's stand-in card)."""
    studio.force_roll(g, 0, {"hex": hex_label})
    air.push_air_assault(g, 0, "O17")
    g.refresh()
    keep(g)


def test_O17_1_example_1_strafing_J9_K9_from_G11() -> None:
    """Digest E42: Random Hex G11, Strafing J9 and K9: Units Suppressed, 5 FP each hex."""
    p = scene()
    us = p.unit(1, "us-infantry", "J9")
    ldr = p.unit(1, RULES.components.leader_id("America", "Kelly"), "K9")
    g = p.game(seed=1)
    start(g, "G11")
    strafe = [o.id for o in g.legal_options() if o.id.startswith("strafe:") and o.id.endswith(":J9:K9")]
    assert strafe
    pick(g, strafe[0])
    assert g.state["units"][us]["suppressed"]
    assert not g.state["units"][ldr]["suppressed"]  # a Leader is not a Unit
    run_out(g, "air_attack")
    log = [e[1].format(**e[2]) for e in g.log]
    assert sum("Air attack on" in t and "5 FP" in t for t in log) == 2
    assert any(f"{us} Defense Total" in t for t in log) and any(f"{ldr} Defense Total" in t for t in log)


def test_O17_1_example_2_bombing_G8_at_6_fp_in_1918() -> None:
    """Digest E43: the same Random Hex, Bombing G8 at 6 FP (1918)."""
    p = scene()
    p.unit(1, "us-infantry", "G8")
    g = p.game(seed=1)
    start(g, "G11")
    assert "bomb:1:G8" in [o.id for o in g.legal_options()]
    pick(g, "bomb:1:G8")
    assert any("Air attack on G8: 6 FP" in e[1].format(**e[2]) for e in g.log)


def test_O17_no_strafing_in_1914_and_no_target_does_nothing() -> None:
    g = game("frontieres_1914")
    start(g, "G6")
    assert [o.id for o in g.legal_options()] == ["none"]
    pick(g, "none")
    assert g.frame_names()[-1] == "turn"


def test_S98_5_5_flying_squadrons_and_S98_4_2_dog_fights() -> None:
    g = game(hands=("GES2", None))
    assert air.air_legal(g, 0, "x")
    flying = scene(hands=("GES2", None)).side(1, reminders=["USS5"]).game(seed=1)  # played earlier
    assert not air.air_legal(flying, 0, "x")
    g2 = game("soissons_tanks_1918", hands=(None, "FRS2"))  # France may call it off
    air.push_air_assault(g2, 0, "O17")
    g2.refresh()
    d = g2.decision()
    assert d.step == "sc_situation" and d.seat == 1
    pick(g2, "sc:FRS2")
    assert g2.frame_names()[-1] == "turn"
    assert any("called off" in e[1] for e in g2.log)
