"""The machinery every Commander game's Events share: decision frames, Random Hexes, and the map
questions Events ask (Water, Blaze, "closest", where a unit may be put).

An Event runs inside the ``trigger_event`` frame (triggers.py). Its ``execute`` either finishes at
once or pushes frames; they are all popped before the trigger hands back the roll it interrupted
(1.9.1). Because state must stay plain data, an Event's later steps are named continuations
(module-level functions registered in :data:`CONTINUATIONS`), never closures:

* ``event_ask`` — a seat picks one of the options stored in the frame (fixed when asked: nothing
  else happens while the question waits), then the named continuation gets the option;
* ``event_cont`` — waits under a ``roll``/``reveal`` frame, then hands its args (with the roll or
  card stored by that frame) to the named continuation.

Rolls made from these frames are inside ``trigger_event``, so they ignore triggers (CC E42,
GWC E56). The terrain questions read the game's chart through ``rules.hex_type``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .access import rules_of
from .board_state import board_of, figures, hex_distance, label_map, units_in
from .citations import cite
from .fire import draw_smoke
from .state import opponent, side
from .victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game

Continuation = Callable[["Game", Args, Option | None], None]
CONTINUATIONS: dict[str, Continuation] = {}


def continuation(name: str) -> Callable[[Continuation], Continuation]:
    def deco(fn: Continuation) -> Continuation:
        if name in CONTINUATIONS and CONTINUATIONS[name] is not fn:
            raise ValueError(f"a second Event continuation named {name!r}")
        CONTINUATIONS[name] = fn
        return fn
    return deco


# ---------------------------------------------------------------- frames
class EventAsk(Step):
    name = "event_ask"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return str(a["prompt"])

    def options(self, g: Game, a: Args) -> list[Option]:
        return [Option(o[0], o[1], o[2], dict(o[3])) for o in a["opts"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        CONTINUATIONS[a["then"]](g, a, option)


class EventCont(Step):
    name = "event_cont"

    def run(self, g: Game, a: Args) -> None:
        g.pop()
        CONTINUATIONS[a["then"]](g, a, None)


def add_steps(rules: Any) -> None:
    """Add the Event frames to a rules instance once (every Event module's register calls it)."""
    for step in (EventAsk(), EventCont()):
        if step.name not in rules.steps:
            rules.add_step(step)


HURTS = "hurts"
HELPS = "helps"
"""The values of an Event option's ``effect`` arg: what the answer does to what it names (its
unit, every unit in its hex, its Weapon's carrier; an option naming none, to the deciding side).
It says which way each answer cuts in a form a program reads (the scripted policy), so no one
parses labels; the units it speaks of are on the map or the Casualty track, seen by both seats.
An option without it states no effect."""


def opt(oid: str, label: str, kind: str = "", **args: Any) -> list[Any]:
    return [oid, label, kind, args]


def ask(g: Game, seat: int, then: str, prompt: str, opts: list[list[Any]], **data: Any) -> None:
    """Push a question for ``seat``; the continuation ``then`` gets (args, chosen option)."""
    if not opts:
        raise ValueError(f"an Event question with no option ({then})")
    g.push("event_ask", seat=seat, then=then, prompt=prompt, opts=opts, **data)


def cont(g: Game, seat: int, then: str, **data: Any) -> None:
    """Push a continuation that runs once the frames pushed after it are done."""
    g.push("event_cont", seat=seat, then=then, **data)


def roll_then(g: Game, seat: int, then: str, purpose: str, **data: Any) -> None:
    """Roll for ``seat`` (triggers ignored: inside an Event), then call ``then`` with the result
    in ``args["roll"]``."""
    cont(g, seat, then, **data)
    g.push("roll", roller=seat, purpose=purpose, store="roll")


def random_hex(g: Game, seat: int, then: str, rule: str, **data: Any) -> None:
    """1.8: reveal the top card of ``seat``'s deck and read its Random Hex; broken Weapons check
    its number first (11.4); then ``then`` runs with ``args["hex"]`` (None if off this map)."""
    cont(g, seat, "_random_hex", next=then, rule=rule, **data)
    g.push("reveal", seat=seat, store="card")


@continuation("_random_hex")
def _random_hex_read(g: Game, a: Args, _: Option | None) -> None:
    rules: Any = g.rules
    c = rules.card(a["card"])
    g.emit("1.8", "{event}: Random Hex {hex} ({card})", event=a["rule"], hex=c.hex, card=a["card"])
    rules.broken_weapon_check(g, c.hex_number)
    b = board_of(g)
    a["hex"] = c.hex if b is not None and c.hex in label_map(b) else None
    if a["hex"] is None:
        g.emit(a["rule"], "{hex} is not on this map: that part of the Event is impossible ({general})",
               hex=c.hex, general=cite(g, "event.general"))
    CONTINUATIONS[a["next"]](g, a, None)


def no_effect(g: Game, rule: str, why: str) -> None:
    """Log a part of an Event that is impossible now (the parts that are possible still run)."""
    g.emit(rule, "No effect: {why} ({general})", why=why, general=cite(g, "event.general"))


# ---------------------------------------------------------------- map questions
def terrain(g: Game, label: str) -> Any:
    """The governing terrain entry of a hex (the game's chart)."""
    b = board_of(g)
    assert b is not None
    return rules_of(g).hex_type(b, label_map(b)[label])


def is_water(g: Game, label: str) -> bool:
    return board_of(g) is not None and bool(terrain(g, label).water)


def blazes(g: Game) -> list[str]:
    lst: list[str] = g.state.setdefault("blaze", [])
    return lst


def impassable(g: Game, label: str) -> bool:
    """A Blaze or terrain a unit may not enter."""
    if board_of(g) is None:
        return True
    t = terrain(g, label)
    return bool(t.move_impassable or t.cover_impassable) or label in blazes(g)


def place_smoke(g: Game, label: str, rule: str) -> int:
    """Draw a random Smoke marker into ``label``; with Smoke there already the larger one stays
    (8.1.4). Returns the hindrance drawn."""
    v = draw_smoke(g)
    smoke = g.state["smoke"]
    smoke[label] = max(int(smoke.get(label, 0)), v)
    g.emit(rule, "Smoke {v} placed in {hex} (hindrance now {h})", v=v, hex=label, h=smoke[label])
    return v


def setup_area(g: Game, seat: int) -> list[str]:
    """The hexes of ``seat``'s original set-up area: the scenario's set-up zone (or zones) for
    that side. Empty when the scenario names none (every unit placed on a given hex)."""
    rules: Any = g.rules
    b = board_of(g)
    if b is None or not hasattr(rules, "scenario_spec"):
        return []
    try:
        sc = rules.scenario_spec(g.state.get("scenario"))
    except KeyError:
        sc = {}
    spec = (sc.get("sides") or {}).get(rules.seats[seat], {})
    zones = {str(spec["setup"])} if spec.get("setup") else set()
    zones |= {str(e["zone"]) for e in spec.get("units", []) if isinstance(e, dict) and e.get("zone")}
    out: set[str] = set()
    for z in zones:
        out.update(b.label(h) for h in b.zones.get(z, ()))
    return sorted(out)


def map_units(g: Game, seat: int | None = None) -> list[str]:
    return sorted(uid for uid, u in g.state["units"].items()
                  if u["where"] == "map" and u["hex"] is not None and (seat is None or u["seat"] == seat))


def closest(g: Game, origin: str, hexes: Iterable[str]) -> list[str]:
    """The hexes of ``hexes`` nearest to ``origin`` (all of them on a tie), in label order."""
    hs = sorted(set(hexes))
    if not hs:
        return []
    dist = {h: hex_distance(g, origin, h) for h in hs}
    best = min(dist.values())
    return [h for h in hs if dist[h] == best]


def adjacent_or_in(g: Game, label: str) -> list[str]:
    rules: Any = g.rules
    return sorted({label, *rules.adjacent_hexes(g, label)})


def can_enter(g: Game, label: str, seat: int, figs: int = 0) -> bool:
    """A hex an Event may put ``seat``'s unit(s) of ``figs`` figures into: on the map, passable,
    no Blaze, and ``seat`` stays within the stacking limit there (8.2)."""
    b = board_of(g)
    if b is None or label not in label_map(b) or impassable(g, label):
        return False
    return figures(g, units_in(g, label, seat)) + figs <= rules_of(g).figure_limit


def figures_of_type(g: Game, type_id: str) -> int:
    rules: Any = g.rules
    return int(rules.unit_type(type_id).figures)


def unit_type(g: Game, uid: str) -> Any:
    rules: Any = g.rules
    return rules.unit_type(g.state["units"][uid]["type"])


def new_id(g: Game, seat: int, tag: str) -> str:
    rules: Any = g.rules
    base = f"{rules.seats[seat]}-{tag}"
    n = 1
    while f"{base}{n}" in g.state["units"] or f"{base}{n}" in g.state["weapons"]:
        n += 1
    return f"{base}{n}"


def roster_unit(g: Game, seat: int, special: str) -> Any:
    """The nation's unit type with this ``special`` (its Hero, its Private) from its roster, or
    None."""
    rules: Any = g.rules
    for t in rules.nation_units(side(g.state, seat)["nation"]):
        if t.special == special:
            return t
    return None


def who(g: Game, seat: int) -> str:
    return nation(g, seat)


def inactive_first(g: Game) -> tuple[int, int]:
    a = int(g.state["active"])
    return opponent(a), a


def unit_label(g: Game, uid: str) -> str:
    t = unit_type(g, uid)
    u = g.state["units"][uid]
    where = f" in {u['hex']}" if u.get("hex") else ""
    return f"{t.name} {uid}{where}{' (broken)' if u['broken'] else ''}"


def unit_opts(g: Game, uids: list[str], verb: str, effect: str | None = None) -> list[list[Any]]:
    """One option per unit, labelled ``verb`` and the unit; ``effect`` (:data:`HURTS` or
    :data:`HELPS`) when the answer hurts or helps the unit it names."""
    extra = {} if effect is None else {"effect": effect}
    return [opt(f"unit:{u}", f"{verb} {unit_label(g, u)}", "unit", unit=u, **extra) for u in uids]
