"""Radios (12, 8.1.2), Order O17 Artillery Denied and Order O18 Artillery Request: Battery Access
(O18.1) and Fire For Effect (O18.2: Spotting, Accuracy with drift, Impact on up to seven hexes).

State added by this module (plain data, public to both seats)::

    "radios": [radio | None, radio | None]     # per seat: the Radio in its Artillery Box (12)
      radio = {"type": "ger-radio-10",         # roster Radio id (components.Radio: fp, smoke)
               "broken": False,                # O17 breaks it, O18.1 fixes it
               "box": "northwest" | None}      # map corner of the owner's Artillery Box (2.2.3)
    "radio_reinforcements": {"<time space>": [{"seat": 0, "type": "ger-radio-8"}, ...]}

A Radio is not a Weapon (12): it has its own key, never ``state["weapons"]``; Jammed! never breaks
it (O18.2.3.2); an eliminated Radio returns to the counter mix, not the Casualty Track (O17).
Both keys are optional: a game without them simply has no Radio.

Frames:

* Artillery Denied (O17) and Battery Access (O18.1) resolve inside the Order's start: nothing is
  activated and nothing is rolled.
* ``artillery_request`` — Fire For Effect (O18.2): the active player picks the Spotter (an
  unbroken Leader not yet activated this Turn), places the Spotting Round (SR) in any hex the
  Spotter sees — one option per hex and per kind of round, so Smoke is announced with the
  placement and before Accuracy (O18.2.1.1) — makes the Accuracy roll (a Targeting Roll,
  O20.2.3: a real roll, product of the dice, with its triggers), reveals the drift card (not a
  roll: no trigger, no re-roll) and moves the SR. Then the Impact: seven Smoke markers, or one
  Artillery Impact per hex of the blast area holding a unit (or a Fortification), in the order
  the active player chooses.
* ``artillery_impact`` — one Artillery Impact on one hex: Radio FP + the roll, + the Woods
  airburst (T99); no hindrance (10.3.1), no height, no Fire Actions. Then one Fire Defense Roll
  per unit of either side in the hex at the roll, exactly as after a Fire Attack (O20.3.4). The
  step is the Commander family's (commander_family.artillery, shared with Great War Commander's
  Telephones, as is the SR's drift); what the Impact Total does to the hex first is this game's
  :func:`fortification_check` (the rules' ``impact_damage`` hook). Wall/Hedge alternate Cover
  never applies (T87, T97).

Entry points: :func:`register` (steps and Order entries on a rules instance), :func:`setup_radios`
(the scenario's Radios, from the set-up), :func:`arrive_radios` (reinforcement Radios at a Time
advance, 6.1.2 step 5), :func:`radio_view` (for the per-seat view).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.activation import activate, may_activate
from ..commander_family.artillery import (
    COMPASS,
    ArtilleryImpact,
    battery_of,
    battery_slots,
    drift,
    impact_area,
    push_artillery_impact,
)
from ..commander_family.board_state import board_of, hex_distance, los, overlay, units_in
from ..commander_family.fire import draw_smoke, water_hex
from ..commander_family.orders import OrderDef
from ..commander_family.state import opponent
from ..commander_family.stats import unit_kind
from ..commander_family.victory import nation

if TYPE_CHECKING:
    from tactica.core.game import Game

    from ..commander_family.base import CommanderRules

__all__ = ["COMPASS", "ArtilleryImpact", "drift", "impact_area", "push_artillery_impact", "register"]

ORDER_DENIED = "Artillery Denied"
ORDER_REQUEST = "Artillery Request"


# ---------------------------------------------------------------- Radios (12)
def radio_type(g: Game, type_id: str) -> Any:
    """The roster entry (components.Radio: ``fp``, ``smoke``) of a Radio id."""
    rules: Any = g.rules
    for r in rules.pack.rosters.values():
        if type_id in r.radios:
            return r.radios[type_id]
    raise KeyError(f"no radio type {type_id!r}")


def radios(g: Game) -> list[dict[str, Any] | None]:
    """The two seats' Radios (None: no Radio in that Artillery Box). Creates the key if missing."""
    return battery_slots(g, "radios")


def radio_of(g: Game, seat: int) -> dict[str, Any] | None:
    return battery_of(g, seat, "radios")


def radio_fp(g: Game, seat: int) -> int:
    r = radio_of(g, seat)
    assert r is not None
    return int(radio_type(g, r["type"]).fp)


def artillery_box(g: Game, seat: int) -> str | None:
    """2.2.3 / 12: the map corner whose Artillery Box serves ``seat`` (the one by its friendly
    edge); None on a board that has no Artillery Boxes (test boards)."""
    name = g.state.get("map")
    edges = g.state.get("edges")
    if name is None or not edges:
        return None
    rules: Any = g.rules
    m = rules.cc_map(name)  # an added map (the studio's) or a built-in one
    if m is None:
        return None
    try:
        return str(m.artillery_box(edges[seat]))
    except KeyError:
        return None


def place_radio(g: Game, seat: int, type_id: str, rule: str = "12") -> bool:
    """Put a Radio in ``seat``'s Artillery Box. 8.1.2: a box holds one Radio and the first one
    stays; a second one goes back to the counter mix (our reading). Returns whether it was placed."""
    rt = radio_type(g, type_id)
    rs = radios(g)
    held = rs[seat]
    if held is not None:
        g.emit("8.1.2", "{nation}'s Artillery Box already holds {old}: {new} is not placed",
               nation=nation(g, seat), old=held["type"], new=type_id)
        return False
    rs[seat] = {"type": type_id, "broken": False, "box": artillery_box(g, seat)}
    g.emit(rule, "{nation} Radio {radio} (FP {fp}{smoke}) is placed in its Artillery Box",
           nation=nation(g, seat), radio=type_id, fp=rt.fp, smoke=", Smoke" if rt.smoke else "")
    return True


def remove_radio(g: Game, seat: int, rule: str) -> None:
    """An eliminated Radio goes back to the counter mix, never to the Casualty Track (O17)."""
    rs = radios(g)
    old = rs[seat]
    rs[seat] = None
    if old is not None:
        g.emit(rule, "{nation}'s Radio {radio} is eliminated and goes back to the counter mix",
               nation=nation(g, seat), radio=old["type"])


def setup_radios(g: Game, scenario: Mapping[str, Any]) -> None:
    """The scenario's Radios (``sides.<seat>.radios``) into their Artillery Boxes, and its
    reinforcement Radios (``sides.<seat>.reinforcement_radios``: {space: [ids]}) onto the Time
    Track. Call once from the set-up, after ``map`` and ``edges`` are in the state."""
    rules: Any = g.rules
    radios(g)
    waiting: dict[str, list[dict[str, Any]]] = {}
    for seat, seat_name in enumerate(rules.seats):
        spec = scenario["sides"][seat_name]
        for type_id in spec.get("radios", []):
            place_radio(g, seat, type_id, "12")
        for space, ids in sorted(spec.get("reinforcement_radios", {}).items()):
            for type_id in ids:
                radio_type(g, type_id)  # refuse unknown ids now
                waiting.setdefault(str(space), []).append({"seat": seat, "type": type_id})
    g.state["radio_reinforcements"] = waiting


def arrive_radios(g: Game, space: int | str) -> None:
    """6.1.2 step 5: Radios waiting on this Time space go to their owners' (empty) Artillery
    Boxes, the inactive player's first."""
    waiting = (g.state.get("radio_reinforcements") or {}).pop(str(space), [])
    active = int(g.state["active"])
    for who in (opponent(active), active):
        for r in waiting:
            if r["seat"] == who:
                place_radio(g, who, r["type"], "6.1.2")


def radio_view(g: Game) -> list[dict[str, Any] | None]:
    """Both Radios as the views show them (Radios are public)."""
    return [None if r is None else dict(r) for r in (g.state.get("radios") or [None, None])]


# ---------------------------------------------------------------- O17 Artillery Denied
def denied_legal(g: Game, seat: int, card: str) -> bool:
    """O17: only with an enemy Radio in play (broken or not)."""
    return radio_of(g, opponent(seat)) is not None


def denied_start(g: Game, seat: int, card: str) -> None:
    """O17: break the enemy Radio; a broken one is eliminated instead. Nothing is activated."""
    other = opponent(seat)
    r = radio_of(g, other)
    assert r is not None
    if r["broken"]:
        remove_radio(g, other, "O17")
    else:
        r["broken"] = True
        g.emit("O17", "Artillery Denied: {nation}'s Radio {radio} breaks", nation=nation(g, other),
               radio=r["type"])


# ---------------------------------------------------------------- O18 Artillery Request
def spotters(g: Game, seat: int) -> list[str]:
    """O18.2: Leaders of ``seat`` that may spot: in play on the map, unbroken, not yet activated
    this Turn (a Hero may be activated again, E58.1)."""
    if board_of(g) is None:
        return []
    return [uid for uid, u in sorted(g.state["units"].items())
            if u["seat"] == seat and u["where"] == "map" and u["hex"] is not None and not u["broken"]
            and unit_kind(g, uid) == "leader" and may_activate(g, uid)]


def request_legal(g: Game, seat: int, card: str) -> bool:
    """O18: Battery Access needs a broken Radio; Fire For Effect an unbroken Radio and a Leader
    who may spot. Neither: the Order cannot be given."""
    r = radio_of(g, seat)
    if r is None:
        return False
    return bool(r["broken"]) or bool(spotters(g, seat))


def request_start(g: Game, seat: int, card: str) -> None:
    r = radio_of(g, seat)
    assert r is not None
    if r["broken"]:  # O18.1: the only choice a broken Radio leaves
        r["broken"] = False
        g.emit("O18.1", "Battery Access: {nation}'s Radio {radio} is fixed", nation=nation(g, seat),
               radio=r["type"])
        return
    rt = radio_type(g, r["type"])
    g.emit("O18.2", "Fire For Effect with Radio {radio} (FP {fp})", radio=r["type"], fp=rt.fp)
    g.push("artillery_request", seat=seat, radio=r["type"], fp=int(rt.fp), smoke_ok=bool(rt.smoke),
           phase="spotter", spotter=None, sr=None, smoke=False, range=0, hindrance=0, hit=False,
           path=[], done=[])


def fortified(g: Game, label: str) -> bool:
    """F100: a Fortification marker in the hex (``state["fortifications"]``: hex -> kind, kept by
    fortifications.py)."""
    return label in (g.state.get("fortifications") or {})


class ArtilleryRequest(Step):
    name = "artillery_request"

    def _remaining(self, g: Game, a: Args) -> list[str]:
        """O18.2.3.2: blast-area hexes not yet attacked that hold a unit or a Fortification now."""
        return [h for h in impact_area(g, a["sr"])
                if h not in a["done"] and (units_in(g, h) or fortified(g, h))]

    def actor(self, g: Game, a: Args) -> int | None:
        ph = a["phase"]
        if ph in ("spotter", "spot"):
            return int(a["seat"])
        if ph == "impact" and len(self._remaining(g, a)) > 1:
            return int(a["seat"])
        return None

    def prompt(self, g: Game, a: Args) -> str:
        ph = a["phase"]
        if ph == "spotter":
            return "Fire For Effect: activate a Leader as the Spotter"
        if ph == "spot":
            return f"Place the Spotting Round in a hex {a['spotter']} can see"
        return "Artillery Impact: choose the next hex to attack"

    def options(self, g: Game, a: Args) -> list[Option]:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "spotter":
            return [Option(f"spotter:{u}", f"{u} spots", "spotter", {"unit": u}) for u in spotters(g, seat)]
        if ph == "spot":
            b = board_of(g)
            assert b is not None
            here = g.state["units"][a["spotter"]]["hex"]
            ov = overlay(g)
            opts: list[Option] = []
            for lab in b.labels:  # O18.2.1: any hex in LOS, even impassable ones; no range limit
                if los(g, here, lab, ov).clear:
                    opts.append(Option(f"spot:{lab}", f"Spotting Round in {lab}", "spot", {"hex": lab}))
                    if a["smoke_ok"]:
                        opts.append(Option(f"smoke:{lab}", f"Spotting Round in {lab}, Smoke", "smoke",
                                           {"hex": lab}))
            return opts
        return [Option(f"impact:{h}", f"Artillery Impact on {h}", "impact", {"hex": h})
                for h in self._remaining(g, a)]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "spotter":
            u = option.args["unit"]
            activate(g, [u])
            a.update(spotter=u, phase="spot")
            g.emit("O18.2", "{nation} activates {unit} as the Spotter", nation=nation(g, seat), unit=u)
        elif ph == "spot":
            target = option.args["hex"]
            here = g.state["units"][a["spotter"]]["hex"]
            a.update(sr=target, smoke=option.kind == "smoke", range=hex_distance(g, here, target),
                     hindrance=los(g, here, target).hindrance, phase="accuracy")
            g.emit("O18.2.1", "Spotting Round placed in {hex} ({kind}), range {rng}, hindrance {h}",
                   hex=target, kind="Smoke announced" if a["smoke"] else "high explosive",
                   rng=a["range"], h=a["hindrance"])
        else:
            self._impact(g, a, option.args["hex"])

    def run(self, g: Game, a: Args) -> None:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "accuracy":  # O18.2.2: a normal Targeting Roll (O20.2.3)
            a["phase"] = "accuracy_done"
            g.push("roll", roller=seat, purpose="artillery accuracy", store="troll", product=True)
        elif ph == "accuracy_done":
            roll = int(a["troll"]["total"])
            net = roll - int(a["hindrance"])
            a["hit"] = net > int(a["range"])
            g.emit("O18.2.2", "Accuracy {roll} - hindrance {h} = {net} against range {rng}: {res}",
                   roll=roll, h=a["hindrance"], net=net, rng=a["range"],
                   res="accurate" if a["hit"] else "inaccurate")
            a["phase"] = "drift"
            g.push("reveal", seat=seat, store="dcard")
        elif ph == "drift":
            self._drift(g, a)
        else:  # impact
            left = self._remaining(g, a)
            if not left:
                g.emit("O18.2.3", "The barrage is over: the Spotting Round is removed")
                g.pop()
                return
            self._impact(g, a, left[0])

    def _drift(self, g: Game, a: Args) -> None:
        rules: Any = g.rules
        c = rules.card(a["dcard"])
        w, col = int(c.white), int(c.colored)
        path, on_map = drift(g, a["sr"], w, col, bool(a["hit"]))
        rule = "O18.2.2.1" if a["hit"] else "O18.2.2.2"
        how = (f"1 hex toward {w}, then 1 hex toward {col}" if a["hit"]
               else f"{col} hex(es) toward {w}")
        a["path"] = path
        if not on_map:
            g.emit("O18.2.2.3", "Drift card {card} ({w}, {c}): the Spotting Round errs off the map "
                   "and is removed; the Order ends", card=a["dcard"], w=w, c=col)
            g.pop()
            return
        start = a["sr"]
        a["sr"] = path[-1] if path else start
        g.emit(rule, "Drift card {card}: the Spotting Round moves {how}: {start} -> {path}",
               card=a["dcard"], how=how, start=start, path=" -> ".join(path) or start)
        if a["smoke"]:
            self._smoke(g, a)
            return
        g.emit("O18.2.3", "Impact area: {hexes}", hexes=", ".join(impact_area(g, a["sr"])))
        a["phase"] = "impact"

    def _smoke(self, g: Game, a: Args) -> None:
        """O18.2.3.1: one random Smoke marker in the SR's hex and each adjacent hex; Water hexes
        (T89, T95, T98) and Blaze hexes (8.1.5) take none; a hex keeps its larger Smoke (8.1.4)."""
        smoke = g.state["smoke"]
        blaze = set(g.state.get("blaze") or [])
        placed = []
        for h in impact_area(g, a["sr"]):
            if h in blaze or water_hex(g, h):
                continue
            v = draw_smoke(g)
            smoke[h] = max(int(smoke.get(h, 0)), v)
            placed.append(f"{v} in {h}")
        g.emit("O18.2.3.1", "Smoke barrage: {placed}; the Spotting Round is removed",
               placed=", ".join(placed) or "no hex can take Smoke")
        g.pop()

    def _impact(self, g: Game, a: Args, target: str) -> None:
        a["done"].append(target)
        push_artillery_impact(g, int(a["seat"]), target, int(a["fp"]), a["radio"])


# ---------------------------------------------------------------- one impact (family artillery)
def fortification_check(g: Game, a: Args) -> None:
    """O18.2.3.3 hook: an Impact Roll equal to the Fortification Vulnerability number of the
    Radio's FP destroys the hex's Fortification before any Defense Roll. The rules object may
    provide ``fortification_vulnerability(fp) -> int`` (the Track Display's table, not in the
    rulebook text); until then a Fortification is never destroyed this way."""
    forts = g.state.get("fortifications") or {}
    target = a["target"]
    if target not in forts:
        return
    table = getattr(g.rules, "fortification_vulnerability", None)
    if table is None:
        g.emit("O18.2.3.3", "No Fortification Vulnerability table: the Fortification in {hex} stands",
               hex=target)
        return
    need = int(table(int(a["fp"])))
    roll = int(a["roll"]["total"])
    if roll == need:
        kind = forts.pop(target)
        g.emit("O18.2.3.3", "Impact Roll {roll} equals the Vulnerability number {n}: the {kind} in "
               "{hex} is destroyed", roll=roll, n=need, kind=kind, hex=target)


# ---------------------------------------------------------------- wiring
def artillery_steps() -> list[Step]:
    return [ArtilleryRequest(), ArtilleryImpact()]


def register(rules: CommanderRules) -> None:
    """Add the artillery steps and the O17/O18 Order entries to a rules instance."""
    for st in artillery_steps():
        if st.name not in rules.steps:
            rules.add_step(st)
    rules.orders[ORDER_DENIED] = OrderDef(ORDER_DENIED, "O17", implemented=True, legal=denied_legal,
                                          start=denied_start)
    rules.orders[ORDER_REQUEST] = OrderDef(ORDER_REQUEST, "O18", implemented=True, legal=request_legal,
                                           start=request_start)
