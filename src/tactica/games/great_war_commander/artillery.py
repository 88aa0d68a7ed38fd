"""Telephones (12), O18 Artillery Denied and O19 Artillery Request: Battery Access (O19.1) and
Fire for Effect (O19.2) with Local, Standing and Creeping Barrages and Gas Attacks; the Runner's
request with the Highest-ranking Leader (O20, O27) as a function the Runner Order calls.

State added by this module (plain data, public to both seats)::

    "telephones": [tel | None, tel | None]   # per seat: the Telephone in its Artillery Box (12)
      tel = {"type": "ger-tel-10",           # roster Telephone id (fp 8-10)
             "broken": False,                # O18 breaks it, O19.1 fixes it
             "space": "local"}               # Artillery Box space: local | standing_creeping | gas
    "telephone_reinforcements": {"<time space>": [{"seat": 0, "type": "ger-tel-9"}]}
    "barrages": [area | None, area | None]   # per seat: the active bombardment area left on the
      area = {"sr": "H6",                    #   map (a registered Standing/Creeping Barrage,
              "impacts": ["H5", ...]}        #   O19.2.2): the SR and its Impact markers
    "fao_spotted": [turn, turn]              # the Turn each seat's FAO last spotted (O19.2)
    "date": "1916-06"                        # the scenario's (rules.setup_pieces): O19.2 table

Gas markers, Shellhole/Rubble markers and Fortifications are the game's (fortifications.py,
terrain); this module only places and downgrades them through their functions.

Frames:

* ``artillery_request`` — O19: the Artillery Box space (Battery Access with a broken Telephone;
  Fire for Effect with an unbroken one, or the registered area), the Spotter (the HRL, unbroken
  and not yet activated this Turn, or the FAO, not yet spotting this Turn), the SR hex in the
  Spotter's LOS (a Gas Attack is the space chosen, so it is announced before Accuracy), the
  Accuracy roll (product of the dice, a real roll), the drift card (not a roll), the barrage axis
  of a Standing/Creeping Barrage, then the Impact: one roll for all vacant hexes, then one
  ``artillery_impact`` (the family's) per occupied hex in the active player's order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tactica.core.los import LosResult
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from ..commander_family.actions import open_windows
from ..commander_family.activation import activate, may_activate
from ..commander_family.artillery import (
    ArtilleryImpact,
    battery_of,
    battery_slots,
    drift,
    push_artillery_impact,
)
from ..commander_family.board_state import (
    board_of,
    hex_distance,
    label_index,
    los,
    overlay,
    table_of,
    units_in,
)
from ..commander_family.orders import OrderDef
from ..commander_family.phases import unknown_phase
from ..commander_family.state import opponent
from ..commander_family.victory import break_unit, nation
from . import barrage, core_orders, terrain_state
from .command import hrl

if TYPE_CHECKING:
    from tactica.core.game import Game

    from ..commander_family.base import CommanderRules

ORDER_DENIED = "Artillery Denied"
ORDER_REQUEST = "Artillery Request"
FAO = "FAO"

SPACE_NAMES: Mapping[str, str] = {barrage.LOCAL: "Local Barrage",
                                  barrage.LINE: "Standing/Creeping Barrage", barrage.GAS: "Gas Attack"}


# ---------------------------------------------------------------- scenario facts
def scenario_date(g: Game) -> str:
    """The scenario's date, ``YYYY-MM`` (periods, O19.2 table)."""
    return str(g.state["date"])


def telephone_type(g: Game, type_id: str) -> Any:
    """The roster entry (``fp``, ``name``) of a Telephone id."""
    rules: Any = g.rules
    for r in rules.components.pack.rosters.values():
        for t in r.telephones:
            if t.id == type_id:
                return t
    raise KeyError(f"no Telephone type {type_id!r}")


# ---------------------------------------------------------------- Telephones (12)
def telephones(g: Game) -> list[dict[str, Any] | None]:
    """The two seats' Telephones (None: none in that Artillery Box)."""
    return battery_slots(g, "telephones")


def telephone_of(g: Game, seat: int) -> dict[str, Any] | None:
    return battery_of(g, seat, "telephones")


def functioning(g: Game, seat: int) -> bool:
    """O20, O27: a functioning Telephone is one in play and unbroken."""
    t = telephone_of(g, seat)
    return t is not None and not t["broken"]


def barrages(g: Game) -> list[dict[str, Any] | None]:
    s = g.state
    if "barrages" not in s:
        s["barrages"] = [None, None]
    out: list[dict[str, Any] | None] = s["barrages"]
    return out


def place_telephone(g: Game, seat: int, type_id: str, rule: str = "12") -> None:
    """12 / 6.1.2 step 5: a Telephone goes into ``seat``'s Artillery Box, replacing the one there
    (which returns to the countermix, with its SR and Impact markers: no battery fires them)."""
    tt = telephone_type(g, type_id)
    ts = telephones(g)
    old = ts[seat]
    if old is not None:
        g.emit(rule, "{nation}'s Telephone {old} goes back to the countermix", nation=nation(g, seat),
               old=old["type"])
        clear_barrage(g, seat, rule)
    ts[seat] = {"type": type_id, "broken": False, "space": barrage.LOCAL}
    g.emit(rule, "{nation} Telephone {tel} (FP {fp}) is placed in its Artillery Box",
           nation=nation(g, seat), tel=type_id, fp=tt.fp)


def free_telephones(g: Game, type_id: str) -> int:
    """E87 step 2: Telephones of that type left in the countermix (the roster's count less those
    in an Artillery Box)."""
    used = sum(1 for t in telephones(g) if t is not None and t["type"] == type_id)
    return int(telephone_type(g, type_id).count) - used


def setup(g: Game, scenario: Mapping[str, Any]) -> None:
    """2.1, 4.4.2: the scenario's Telephones (``forces.telephones``) into the Artillery Boxes, in
    the Local Barrage space (our reading: the book leaves the first space to the owner and every
    Order picks its space anyway), and reinforcement Telephones onto the Time track."""
    rules: Any = g.rules
    sc = rules.scenario_file(scenario["gwc"])
    telephones(g)
    barrages(g)
    g.state["fao_spotted"] = [-1, -1]
    waiting: dict[str, list[dict[str, Any]]] = {}
    for seat, seat_name in enumerate(rules.seats):
        spec = getattr(sc.sides, seat_name)
        for type_id in spec.forces.telephones:
            place_telephone(g, seat, type_id, "12")
        for r in spec.reinforcements:
            for type_id in r.telephones:
                telephone_type(g, type_id)  # refuse unknown ids now
                waiting.setdefault(str(r.time), []).append({"seat": seat, "type": type_id})
    g.state["telephone_reinforcements"] = waiting


def arrive_telephones(g: Game, space: int | str) -> None:
    """6.1.2 step 5: Telephones waiting on this Time space enter, inactive player first, each
    replacing its owner's Telephone."""
    waiting = (g.state.get("telephone_reinforcements") or {}).pop(str(space), [])
    active = int(g.state["active"])
    for who in (opponent(active), active):
        for r in waiting:
            if r["seat"] == who:
                place_telephone(g, who, r["type"], "6.1.2")


def clear_barrage(g: Game, seat: int, rule: str) -> None:
    """O18.1: the SR and Artillery Impact markers of ``seat`` leave the map (Gas stays)."""
    bs = barrages(g)
    if bs[seat] is not None:
        bs[seat] = None
        g.emit(rule, "{nation}'s Spotting Round and Artillery Impact markers leave the map",
               nation=nation(g, seat))


def break_telephone(g: Game, seat: int, rule: str) -> None:
    """O18: an unbroken Telephone breaks, a broken one is eliminated (back to the countermix, not
    the Casualty Track); either way its SR and Impact markers leave the map (O18.1)."""
    ts = telephones(g)
    t = ts[seat]
    if t is None:
        return
    if t["broken"]:
        ts[seat] = None
        g.emit(rule, "{nation}'s broken Telephone {tel} is eliminated and goes back to the countermix",
               nation=nation(g, seat), tel=t["type"])
    else:
        t["broken"] = True
        g.emit(rule, "{nation}'s Telephone {tel} breaks", nation=nation(g, seat), tel=t["type"])
    clear_barrage(g, seat, "O18.1")


def cut_wires(g: Game, seat: int, rule: str) -> None:
    """E94: ``seat``'s Telephone breaks (or, broken, is eliminated); while an Artillery Attack by
    that Telephone is under way the cut waits until the attack is over (it runs to its end)."""
    for f in reversed(g.state["stack"]):
        if f["step"] == "artillery_request" and battery_seat(f["args"]) == seat:
            f["args"].setdefault("wires_cut", []).append(rule)
            g.emit(rule, "{nation}'s Telephone wires are cut: the Artillery Attack under way runs to its end "
                   "first", nation=nation(g, seat))
            return
    break_telephone(g, seat, rule)


def telephone_view(g: Game) -> dict[str, Any]:
    """Telephones, bombardment areas and FAO use as the views show them (all public)."""
    tels = g.state.get("telephones") or [None, None]
    return {"telephones": [None if t is None else dict(t) for t in tels],
            "barrages": [None if b is None else {"sr": b["sr"], "impacts": list(b["impacts"])}
                         for b in (g.state.get("barrages") or [None, None])]}


# ---------------------------------------------------------------- O18 Artillery Denied
def denied_legal(g: Game, seat: int, card: str) -> bool:
    """O18: only with an enemy Telephone in play, broken or not."""
    return telephone_of(g, opponent(seat)) is not None


def denied_start(g: Game, seat: int, card: str) -> None:
    """O18: break the enemy Telephone (eliminate it if broken). Nothing is activated."""
    break_telephone(g, opponent(seat), "O18")


# ---------------------------------------------------------------- O19 Artillery Request
def hrl_spotter(g: Game, seat: int) -> str | None:
    """O19.2: the HRL may spot when unbroken and not yet activated this Turn."""
    if board_of(g) is None:
        return None
    leader = hrl(g, seat)
    if leader is None:
        return None
    u = g.state["units"][leader]
    if u["where"] != "map" or u["hex"] is None or u["broken"] or not may_activate(g, leader):
        return None
    return leader


def fao_hex(g: Game, seat: int) -> str | None:
    """2.4: the FAO's target-symbol hex on ``seat``'s friendly edge (A6, O6, H1 or H11)."""
    edges = g.state.get("edges")
    if board_of(g) is None or not edges:
        return None
    return {"west": "A6", "east": "O6", "north": "H1", "south": "H11"}.get(edges[seat])


def fao_free(g: Game, seat: int) -> bool:
    """O19.2: the FAO spots at most once a Turn."""
    spotted = g.state.get("fao_spotted") or [-1, -1]
    return fao_hex(g, seat) is not None and int(spotted[seat]) != int(g.state["turn"])


def spotter_hex(g: Game, spotter: str, seat: int) -> str:
    if spotter == FAO:
        h = fao_hex(g, seat)
        assert h is not None
        return h
    return str(g.state["units"][spotter]["hex"])


def spotter_los(g: Game, spotter: str, seat: int, target: str) -> LosResult:
    """O19.2.1.1: the Spotter's LOS to a hex; the FAO looks from level 2 (2.4: the game's LOS
    hook ``fao_los`` when it has one, else from the FAO hex as it is)."""
    here = spotter_hex(g, spotter, seat)
    if here == target:
        return LosResult(True)
    if spotter == FAO:
        rules: Any = g.rules
        hook = getattr(rules, "fao_los", None)
        if hook is not None:
            found: LosResult = hook(g, here, target)
            return found
    return los(g, here, target)


def seen_hexes(g: Game, spotter: str, seat: int) -> list[str]:
    """The hexes, in label order, where :func:`sees` holds, with the map, its LOS table and the
    markers looked up once (speed: the Spotting Round's choice asks about every hex)."""
    b = board_of(g)
    assert b is not None
    here = spotter_hex(g, spotter, seat)
    if spotter == FAO:
        rules: Any = g.rules
        hook = getattr(rules, "fao_seen", None)
        if hook is not None:
            found: list[str] = hook(g, here)
            return found
    t = table_of(g)
    if t is None:
        return [here]
    idx = label_index(t.board)
    i, ov = idx[here], overlay(g)
    return [lab for lab in b.labels if lab == here or t.result(i, idx[lab], ov).clear]


def sees(g: Game, spotter: str, seat: int, target: str) -> bool:
    """O19.2.1.1: does the Spotter see the hex (:func:`spotter_los`)?"""
    return bool(spotter_los(g, spotter, seat, target).clear)


def registered(g: Game, seat: int) -> dict[str, Any] | None:
    """O19.2.2: the seat's registered area, when its Telephone stands in the Standing/Creeping
    space and its SR is on the map."""
    t = telephone_of(g, seat)
    area = barrages(g)[seat]
    if t is None or t["broken"] or t["space"] != barrage.LINE or area is None:
        return None
    return area


def request_legal(g: Game, seat: int, card: str) -> bool:
    """O19: Battery Access needs a broken Telephone; Fire for Effect an unbroken one and a Spotter."""
    t = telephone_of(g, seat)
    if t is None:
        return False
    return bool(t["broken"]) or hrl_spotter(g, seat) is not None or fao_free(g, seat)


def request_start(g: Game, seat: int, card: str) -> None:
    push_request(g, seat)


def push_request(g: Game, seat: int, *, spotter: str | None = None, runner: str | None = None,
                 rule: str = "O19") -> None:
    """Start an Artillery Request for ``seat``. ``spotter`` fixes the Spotter (O20/O27: the HRL
    with a Runner, who is activated too; an SC: the FAO)."""
    t = telephone_of(g, seat)
    assert t is not None
    g.push("artillery_request", seat=seat, phase="space", rule=rule, spotter=spotter, runner=runner,
           space=None, sr=None, range=0, hindrance=0, hit=False, gas=False, registered=False,
           area=[], done=[], vacant_done=False)


def runner_request_legal(g: Game, seat: int) -> str | None:
    """O20 / O27: a Runner stacked with the HRL, both unactivated, and a functioning Telephone:
    the Runner's id, else None."""
    if not functioning(g, seat):
        return None
    leader = hrl_spotter(g, seat)
    if leader is None:
        return None
    here = g.state["units"][leader]["hex"]
    rules: Any = g.rules
    for uid in units_in(g, here, seat):
        if uid != leader and rules.unit_type(g.state["units"][uid]["type"]).type == "runner" \
                and may_activate(g, uid):
            return uid
    return None


def confusion_legal(g: Game, seat: int, card: str) -> bool:
    """O20: Command Confusion is a dud but for the Runner with the HRL."""
    return runner_request_legal(g, seat) is not None


def confusion_start(g: Game, seat: int, card: str) -> None:
    runner_request(g, seat, "O20")


def runner_order_legal(g: Game, seat: int, card: str) -> bool:
    """O27: placing or moving a Runner (core_orders), or (c) the Runner's Artillery Request."""
    return core_orders.runner_legal(g, seat, card) or runner_request_legal(g, seat) is not None


def runner_order_start(g: Game, seat: int, card: str) -> None:
    if runner_request_legal(g, seat) is None:
        core_orders.start_runner(g, seat, card)
        return
    g.push("runner_artillery", seat=seat, card=card)


class RunnerArtillery(Step):
    """O27: with a Runner stacked with the HRL and a functioning Telephone, the Runner Order may
    be (c) an Artillery Request; (a) and (b) are core_orders' Runner Order."""

    name = "runner_artillery"

    def actor(self, g: Game, a: Args) -> int:
        return int(a["seat"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Runner: an Artillery Request with the Highest-ranking Leader, or place/move a Runner"

    def options(self, g: Game, a: Args) -> list[Option]:
        opts = [Option("artillery", "Artillery Request: the Runner with the HRL (O27)", "artillery")]
        if core_orders.runner_legal(g, int(a["seat"]), a["card"]):
            opts.append(Option("runner", "Place or move a Runner", "runner"))
        return opts

    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        g.pop()
        if option.id == "artillery":
            runner_request(g, seat, "O27")
        else:
            core_orders.start_runner(g, seat, a["card"])


def runner_request(g: Game, seat: int, rule: str) -> None:
    """O20 / O27: an Artillery Request spotted by the HRL from his hex, activating him and the
    Runner stacked with him. Call only when :func:`runner_request_legal` found a Runner."""
    runner = runner_request_legal(g, seat)
    leader = hrl_spotter(g, seat)
    assert runner is not None and leader is not None
    activate(g, [leader, runner])
    g.emit(rule, "{nation}: the Runner {runner} with {leader} calls the artillery (O19)",
           nation=nation(g, seat), runner=runner, leader=leader)
    push_request(g, seat, spotter=leader, runner=runner, rule=rule)


GAS_WINDOW = "gas_attack"
"""The Action window (kind) the firing player gets after a Gas Attack broke Formations (A49)."""
IMPACT_WINDOW = "impact_roll"
"""The Action window (kind) the firing player gets before each Impact Roll (A32 Barrage)."""


def current_impact(g: Game) -> Args | None:
    """The args an Action played before an Impact Roll adds to (``bonus``, A32 Barrage): the
    ``artillery_impact`` frame about to roll, or the Artillery Request's for its vacant hexes'
    roll."""
    for f in reversed(g.state["stack"]):
        if f["step"] in ("artillery_impact", "artillery_request"):
            args: Args = f["args"]
            return args
    return None


def battery_seat(a: Args) -> int:
    """Whose Telephone fires: the requesting seat's, or under Under Shot the enemy's."""
    return int(a["battery"] if "battery" in a else a["seat"])


EDGE_DIRECTION = {"north": 1, "south": 4, "west": 5, "east": 2}
"""S98.3.9: the compass direction toward a friendly edge (west and east: the upper diagonal, our
reading R30; the maps of this volume's scenarios have north and south edges)."""


def under_shot_legal(g: Game, seat: int) -> bool:
    """S98.3.9, S98.4.8, S98.5.8: the enemy's SR and Impact markers are on the map."""
    return registered(g, opponent(seat)) is not None


def under_shot(g: Game, seat: int, rule: str) -> None:
    """Shift the enemy's SR and Impact markers two hexes toward his own edge (markers pushed off
    the map go back to the countermix), then resolve their Impacts with the enemy Telephone's FP,
    ``seat`` drawing the cards and ordering the hexes. The area stays the enemy's (its SR lifted
    if it left the map)."""
    enemy = opponent(seat)
    area = barrages(g)[enemy]
    b = board_of(g)
    assert area is not None and b is not None
    d = EDGE_DIRECTION[g.state["edges"][enemy]]
    moved: list[str | None] = [area["sr"], *area["impacts"]]
    for _ in range(2):
        moved = [None if h is None else barrage.shifted(b, [h], d)[0] for h in moved]
    sr, impacts = moved[0], [h for h in moved[1:] if h is not None]
    barrages(g)[enemy] = None if sr is None else {"sr": sr, "impacts": impacts}
    hexes = [h for h in moved if h is not None]
    g.emit(rule, "Under Shot: {nation}'s barrage shifts two hexes toward {d}: now {hexes}",
           nation=nation(g, enemy), d=d, hexes=", ".join(hexes) or "off the map")
    g.push("artillery_request", seat=seat, battery=enemy, phase="impact", rule=rule, spotter=None,
           runner=None, space=barrage.LINE, sr=sr, range=0, hindrance=0, hit=False, gas=False,
           registered=True, area=hexes, done=[], vacant_done=False)


class ArtilleryRequest(Step):
    name = "artillery_request"

    # -- who decides -----------------------------------------------------------------------
    def actor(self, g: Game, a: Args) -> int | None:
        ph = a["phase"]
        if ph in ("space", "spotter", "spot", "axis", "creep"):
            return int(a["seat"])
        if ph == "impact" and a["vacant_done"] and "vroll" not in a and len(self._occupied(g, a)) > 1 \
                and self._firing(g, a):
            return int(a["seat"])
        return None

    def prompt(self, g: Game, a: Args) -> str:
        return {"space": "Artillery Request: Battery Access or Fire for Effect (Artillery Box space)",
                "spotter": "Fire for Effect: activate the Spotter",
                "spot": "Place the Spotting Round in a hex the Spotter sees",
                "axis": "Standing/Creeping Barrage: the axis of the row of seven hexes",
                "creep": "Registered barrage: stand, or creep one hex",
                "impact": "Artillery Impact: the next occupied hex"}.get(a["phase"], "Artillery")

    def options(self, g: Game, a: Args) -> list[Option]:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "space":
            return self._space_options(g, a)
        if ph == "spotter":
            return self._spotter_options(g, a)
        if ph == "spot":
            return [Option(f"spot:{lab}", f"Spotting Round in {lab}", "spot", {"hex": lab})
                    for lab in seen_hexes(g, a["spotter"], seat)]
        if ph == "axis":
            b = board_of(g)
            assert b is not None
            return [Option(f"axis:{ax}", "Row " + "-".join(barrage.line_pattern(b, a["sr"], ax)),
                           "axis", {"axis": ax}) for ax in (1, 2, 3)]
        if ph == "creep":
            b = board_of(g)
            assert b is not None
            area = barrages(g)[seat]
            assert area is not None
            opts = [Option("stand", "Standing Barrage: the same hexes again", "stand")]
            for d in range(1, 7):
                moved = barrage.shifted(b, [area["sr"]], d)[0]
                if moved is not None:  # our reading: the SR itself may not creep off the map
                    opts.append(Option(f"creep:{d}", f"Creeping Barrage: one hex toward {d} (SR to {moved})",
                                       "creep", {"dir": d}))
            return opts
        return [Option(f"impact:{h}", f"Artillery Impact on {h}", "impact", {"hex": h})
                for h in self._occupied(g, a)]

    def _space_options(self, g: Game, a: Args) -> list[Option]:
        seat = int(a["seat"])
        t = telephone_of(g, seat)
        assert t is not None
        spaces = barrage.spaces_open(scenario_date(g), nation(g, seat))
        if t["broken"]:  # O19.1: the only use of a broken Telephone
            return [Option(f"access:{sp}", f"Battery Access: fix the Telephone into {SPACE_NAMES[sp]}",
                           "access", {"space": sp}) for sp in spaces]
        opts = [Option(f"space:{sp}", f"Fire for Effect: {SPACE_NAMES[sp]}, new area", "space",
                       {"space": sp}) for sp in spaces]
        area = registered(g, seat)
        fixed = a["spotter"]
        if area is not None and (sees(g, fixed, seat, area["sr"]) if fixed is not None
                                 else self._spotters(g, a, area["sr"])):
            opts.insert(0, Option("registered", "Fire for Effect on the registered area", "registered"))
        return opts

    def _spotters(self, g: Game, a: Args, sr: str | None = None) -> list[str]:
        """O19.2: the HRL and the FAO, as they may spot; with ``sr`` (a registered area, O19.2.2)
        only those that see the SR."""
        seat = int(a["seat"])
        out = []
        leader = hrl_spotter(g, seat)
        if leader is not None:
            out.append(leader)
        if fao_free(g, seat):
            out.append(FAO)
        if sr is not None:
            out = [s for s in out if sees(g, s, seat, sr)]
        return out

    def _spotter_options(self, g: Game, a: Args) -> list[Option]:
        area = barrages(g)[int(a["seat"])] if a["registered"] else None
        return [Option(f"spotter:{s}", "The FAO spots" if s == FAO else f"{s} (the HRL) spots", "spotter",
                       {"spotter": s}) for s in self._spotters(g, a, area["sr"] if area else None)]

    def _firing(self, g: Game, a: Args) -> bool:
        """The Telephone still stands unbroken (an Event may break it mid-barrage)."""
        return functioning(g, battery_seat(a))

    def _occupied(self, g: Game, a: Args) -> list[str]:
        """O19.2.1.4.2: hexes of the area holding Formations, not yet attacked."""
        return [h for h in a["area"] if h not in a["done"] and units_in(g, h)]

    # -- choices --------------------------------------------------------------------------
    def choose(self, g: Game, a: Args, option: Option) -> None:
        seat = int(a["seat"])
        ph = a["phase"]
        t = telephone_of(g, seat)
        if ph == "space":
            assert t is not None
            if option.kind == "access":
                t.update(broken=False, space=option.args["space"])
                g.emit("O19.1", "Battery Access: {nation}'s Telephone {tel} is fixed into the {space} space",
                       nation=nation(g, seat), tel=t["type"], space=SPACE_NAMES[t["space"]])
                g.pop()
                return
            if option.kind == "registered":
                a["registered"] = True
                a["space"] = barrage.LINE
                g.emit("O19.2.2", "Fire for Effect on the registered area: no Spotting, no Accuracy")
            else:
                sp = option.args["space"]
                clear_barrage(g, seat, "O19.2.2")  # a new area: the old markers go (Gas stays)
                t["space"] = sp
                a.update(space=sp, gas=sp == barrage.GAS)
                g.emit("O19.2", "Fire for Effect: {nation}'s Telephone {tel} in the {space} space",
                       nation=nation(g, seat), tel=t["type"], space=SPACE_NAMES[sp])
            self._to_spotter(g, a)
        elif ph == "spotter":
            self._set_spotter(g, a, option.args["spotter"])
        elif ph == "spot":
            target = option.args["hex"]
            here = spotter_hex(g, a["spotter"], seat)
            dist = hex_distance(g, here, target)
            rng = barrage.spotting_range(dist, a["spotter"] == FAO)
            a.update(sr=target, range=rng, hindrance=spotter_los(g, a["spotter"], seat, target).hindrance,
                     phase="accuracy")
            g.emit("O19.2.1.1", "Spotting Round in {hex} ({side}), range {rng}, hindrance {h}",
                   hex=target, side="Local Barrage side" if a["space"] != barrage.LINE
                   else "Creeping/Standing side", rng=rng, h=a["hindrance"])
            if a["gas"]:
                g.emit("O19.2.1.2", "Gas Attack announced before the Accuracy roll")
        elif ph == "axis":
            b = board_of(g)
            assert b is not None
            a["area"] = barrage.line_pattern(b, a["sr"], int(option.args["axis"]))
            self._to_impact(g, a)
        elif ph == "creep":
            area = barrages(g)[seat]
            assert area is not None
            if option.kind == "creep":
                self._creep(g, a, area, int(option.args["dir"]))
            else:
                g.emit("O19.2.2.1", "Registered Standing Barrage: the SR and Impact markers stay")
            a["area"] = [area["sr"], *area["impacts"]]
            self._to_impact(g, a)
        else:
            self._attack(g, a, option.args["hex"])

    def _to_spotter(self, g: Game, a: Args) -> None:
        if a["spotter"] == FAO:  # fixed by a Strategy Card: the FAO spots (once a Turn)
            self._set_spotter(g, a, FAO)
            return
        if a["spotter"] is not None:  # fixed by O20/O27 (the HRL, activated already)
            self._after_spotter(g, a)
            return
        a["phase"] = "spotter"

    def _set_spotter(self, g: Game, a: Args, spotter: str) -> None:
        seat = int(a["seat"])
        a["spotter"] = spotter
        if spotter == FAO:
            spotted = g.state.setdefault("fao_spotted", [-1, -1])
            spotted[seat] = int(g.state["turn"])
            g.emit("O19.2", "{nation}'s Forward Artillery Observer spots", nation=nation(g, seat))
        else:
            activate(g, [spotter])
            g.emit("O19.2", "{nation} activates {unit}, the Highest-ranking Leader, as the Spotter",
                   nation=nation(g, seat), unit=spotter)
        self._after_spotter(g, a)

    def _after_spotter(self, g: Game, a: Args) -> None:
        seat = int(a["seat"])
        if a["registered"]:
            area = barrages(g)[seat]
            assert area is not None
            a["sr"] = area["sr"]
            a["phase"] = "creep"
        else:
            a["phase"] = "spot"

    def _creep(self, g: Game, a: Args, area: dict[str, Any], d: int) -> None:
        b = board_of(g)
        assert b is not None
        moved = barrage.shifted(b, [area["sr"], *area["impacts"]], d)
        sr = moved[0]
        assert sr is not None
        lost = [h for h, m in zip(area["impacts"], moved[1:], strict=True) if m is None]
        area["sr"] = sr
        area["impacts"] = [m for m in moved[1:] if m is not None]
        a["sr"] = sr
        g.emit("O19.2.2.2", "Registered Creeping Barrage: the SR and Impact markers creep one hex "
               "toward {d}; SR now in {sr}{lost}", d=d, sr=sr,
               lost=f"; the markers from {', '.join(lost)} leave the map" if lost else "")

    # -- automatic phases -----------------------------------------------------------------
    def run(self, g: Game, a: Args) -> None:
        ph = a["phase"]
        seat = int(a["seat"])
        if ph == "accuracy":  # O19.2.1.2: a Targeting Roll, a real roll with its triggers
            a["phase"] = "accuracy_done"
            g.push("roll", roller=seat, purpose="artillery accuracy", store="troll", product=True)
        elif ph == "accuracy_done":
            roll = int(a["troll"]["total"])
            a["hit"] = barrage.accurate(roll, int(a["hindrance"]), int(a["range"]))
            g.emit("O19.2.1.2", "Accuracy {roll} - hindrance {h} against range {rng}: {res}",
                   roll=roll, h=a["hindrance"], rng=a["range"], res="hit" if a["hit"] else "miss")
            a["phase"] = "drift"
            if a["hit"] and a["spotter"] == FAO:
                push_fao_hit_window(g, seat)  # S98.4.4 Forward Observer: no drift
        elif ph == "drift":
            if a.pop("no_drift", False):
                g.emit("S98.4.4", "Forward Observer: no drift, the Impact centres on {sr}", sr=a["sr"])
                self._landed(g, a)
                return
            if "dcard" not in a:
                g.push("reveal", seat=seat, store="dcard")
                return
            self._drift(g, a)
        elif ph == "impact":
            self._impact_step(g, a)
        else:
            unknown_phase(self.name, ph)

    def _drift(self, g: Game, a: Args) -> None:
        rules: Any = g.rules
        c = rules.card(a["dcard"])
        w, col = int(c.white), int(c.colored)
        path, on_map = drift(g, a["sr"], w, col, bool(a["hit"]))
        rule = "O19.2.1.2.1" if a["hit"] else "O19.2.1.2.2"
        how = (f"1 hex toward {w}, then 1 hex toward {col}" if a["hit"]
               else f"{col} hex(es) toward {w}")
        if not on_map:
            g.emit("O19.2.1.2.3", "Drift card {card} ({w}, {c}): the Spotting Round errs off the map "
                   "and is removed; the Order ends", card=a["dcard"], w=w, c=col)
            g.pop()
            return
        start = a["sr"]
        a["sr"] = path[-1] if path else start
        g.emit(rule, "Drift card {card}: the Spotting Round moves {how}: {start} -> {path}",
               card=a["dcard"], how=how, start=start, path=" -> ".join(path) or start)
        self._landed(g, a)

    def _landed(self, g: Game, a: Args) -> None:
        b = board_of(g)
        assert b is not None
        if a["gas"]:
            broke = gas_attack(g, int(a["seat"]), a["sr"])
            g.pop()
            if broke:  # A49 Major Gas Attack: the firing player's window (who broke is public)
                open_windows(g, GAS_WINDOW, {"broken": broke}, seats=(int(a["seat"]),))
            return
        if a["space"] == barrage.LINE:
            a["phase"] = "axis"
            return
        a["area"] = barrage.local_pattern(b, a["sr"])
        self._to_impact(g, a)

    def _to_impact(self, g: Game, a: Args) -> None:
        g.emit("O19.2.1.4", "Impact area: {hexes}", hexes=", ".join(a["area"]))
        a["phase"] = "impact"

    def _impact_step(self, g: Game, a: Args) -> None:
        seat = int(a["seat"])
        t = telephone_of(g, battery_seat(a))
        if not a["vacant_done"]:  # O19.2.1.4.1: one roll for all vacant hexes first
            a["vacant_done"] = True
            vacant = [h for h in a["area"] if not units_in(g, h) and terrain_state.takes_impact(g, h)]
            if vacant and t is not None:
                a["vacant"] = vacant
                g.emit("O19.2.1.4.1", "One Impact Roll for the vacant hexes {hexes}", hexes=", ".join(vacant))
                g.push("roll", roller=seat, purpose="artillery impact on vacant hexes", store="vroll")
                open_windows(g, IMPACT_WINDOW, {"hexes": vacant}, seats=(seat,))  # before the roll
            return
        if "vroll" in a:
            roll = a.pop("vroll")
            fp = int(telephone_type(g, t["type"]).fp) if t is not None else 0
            bonus = int(a.pop("bonus", 0) or 0)  # A32 Barrage played on this roll
            for h in a.pop("vacant"):
                total = fp + int(roll["total"]) + bonus + terrain_state.airburst(g, h)
                g.emit("O19.2.1.4.1", "Impact Total {total} on vacant {hex}", total=total, hex=h)
                terrain_state.impact_downgrade(g, h, total)
            return
        left = self._occupied(g, a)
        if not left or not self._firing(g, a):
            self._finish(g, a)
            return
        if len(left) == 1:
            self._attack(g, a, left[0])

    def _attack(self, g: Game, a: Args, target: str) -> None:
        seat = int(a["seat"])
        t = telephone_of(g, battery_seat(a))
        assert t is not None
        a["done"].append(target)
        push_artillery_impact(g, seat, target, int(telephone_type(g, t["type"]).fp), t["type"])
        open_windows(g, IMPACT_WINDOW, {"hexes": [target]}, seats=(seat,))  # before its roll

    def _finish(self, g: Game, a: Args) -> None:
        seat = battery_seat(a)
        t = telephone_of(g, seat)
        if "battery" in a:  # Under Shot: the enemy's markers already stand where they shifted to
            g.emit(a["rule"], "Under Shot is over")
            self._wires_cut(g, a)
            g.pop()
            return
        if a["space"] == barrage.LINE and t is not None and not t["broken"]:
            area = barrages(g)[seat]
            if not a["registered"] or area is None:
                barrages(g)[seat] = {"sr": a["sr"], "impacts": [h for h in a["area"] if h != a["sr"]]}
            g.emit("O19.2.1.4.2", "The barrage is over: the SR and Impact markers stay on the map")
        else:
            g.emit("O19.2.1.4.2", "The barrage is over: the Spotting Round is removed")
        self._wires_cut(g, a)
        g.pop()

    def _wires_cut(self, g: Game, a: Args) -> None:
        """E94: a Telephone Wires Cut that came during this Artillery Attack takes effect now."""
        for rule in a.pop("wires_cut", []):
            break_telephone(g, battery_seat(a), rule)


# ---------------------------------------------------------------- Gas Attack (O19.2.1.3)
def gas_attack(g: Game, seat: int, center: str) -> list[str]:
    """O19.2.1.3: a Gas marker in the SR hex and each adjacent hex (one a hex, none in Water or
    Blaze); in each, every Formation already Suppressed breaks (keeping its marker), every other
    one is Suppressed. No Impact Roll. Anti-Gas Strategy (a Reminder Card) spares its owner's
    Formations the break (S98.3.3). Returns the Formations the gas broke that are still on the
    map (for A49 Major Gas Attack)."""
    from . import strategy  # the Reminder Card; imported here: strategy imports this module

    b = board_of(g)
    assert b is not None
    placed = []
    broke: list[str] = []
    for h in barrage.local_pattern(b, center):
        if terrain_state.add_gas(g, h):
            placed.append(h)
    g.emit("O19.2.1.3", "Gas Attack: Gas markers in {hexes}", hexes=", ".join(placed) or "no hex")
    for h in barrage.local_pattern(b, center):
        for uid in units_in(g, h):
            u = g.state["units"][uid]
            if barrage.gas_effect(bool(u["suppressed"])) == "break":
                spared = strategy.gas_break_ignored(g, uid)
                if spared is not None:
                    g.emit(spared, "{unit} ignores the break: Anti-Gas Strategy", unit=uid)
                    continue
                break_unit(g, uid, "O19.2.1.3")
                if g.state["units"][uid]["where"] == "map":
                    broke.append(uid)
            else:
                u["suppressed"] = True
                g.emit("O19.2.1.3", "{unit} is Suppressed by the gas", unit=uid)
    g.emit("O19.2.1.3", "The Spotting Round is removed; the Gas stays")
    return broke


# ---------------------------------------------------------------- the Impact's damage
def impact_damage(g: Game, a: Args) -> None:
    """O19.2.1.4.2: before the defenders roll, the Impact Total downgrades the hex's Fortification
    or terrain (T99.5, F125.3); they then defend with the hex's current Cover."""
    terrain_state.impact_downgrade(g, a["target"], int(a["total"]))


def push_fao_hit_window(g: Game, seat: int) -> None:
    """S98.4.4: after an FAO hit, the holder of Forward Observer may play it (no drift)."""
    from . import strategy

    strategy.push_situation_window(g, seat, "Forward Observer")


# ---------------------------------------------------------------- wiring
def artillery_steps() -> list[Step]:
    return [ArtilleryRequest(), ArtilleryImpact(), RunnerArtillery()]


def register(rules: CommanderRules) -> None:
    """The artillery steps, the O18/O19 Order entries, O20's Runner case and O27 (c) (after
    core_orders registered the Runner Order)."""
    for st in artillery_steps():
        if st.name not in rules.steps:
            rules.add_step(st)
    rules.orders[ORDER_DENIED] = OrderDef(ORDER_DENIED, "O18", implemented=True, legal=denied_legal,
                                          start=denied_start)
    rules.orders[ORDER_REQUEST] = OrderDef(ORDER_REQUEST, "O19", implemented=True, legal=request_legal,
                                           start=request_start)
    # O20: Command Confusion's one use; O27 (c): the Runner Order's Artillery Request
    rules.orders["Command Confusion"] = OrderDef("Command Confusion", "O20", implemented=True,
                                                 legal=confusion_legal, start=confusion_start)
    if "Runner" in rules.orders:
        rules.orders["Runner"] = OrderDef("Runner", "O27", implemented=True, legal=runner_order_legal,
                                          start=runner_order_start)
