"""The turn (TGW-D Turn 1-5) and the battle sub-steps, as flow steps.

Turn: play a command card -> order units -> move -> battle -> draw and score. A combat is the
``combat`` frame (automatic, phases kept in ``state["cc"]``) with decisions pushed above it:
attacker's combat card, defender's flags, retreat hexes, gain ground, bonus combat.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from tactica.core.decks import discard, draw
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from . import resolve as R
from .battle import adjacent_enemies, close_dice, close_targets, may_battle, occupied_mask, ranged_targets
from .cards import COMBAT, COMMAND, kind
from .geo import SECTIONS
from .terrain import TERRAIN
from .units import UNIT_TYPES

SEATS = R.SEATS


def _own(s: dict[str, Any], side: int) -> list[dict[str, Any]]:
    return [u for u in s["units"].values() if u["side"] == side]


# ============================================================================ 1. command card
class PlayCard(Step):
    """TGW-D Turn 1: the active player plays one command card from his hand."""

    name = "play_card"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["active"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Play a command card"

    def options(self, g: Game, a: Args) -> list[Option]:
        seen: dict[str, Option] = {}
        for c in g.state["hands"][g.state["active"]]:
            k = kind(c)
            if k not in seen:
                seen[k] = Option(f"card:{k}", COMMAND[k]["name"], "card", {"card": k})
        return sorted(seen.values(), key=lambda o: o.id)

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        side = s["active"]
        k = option.args["card"]
        inst = next(c for c in s["hands"][side] if kind(c) == k)
        s["hands"][side].remove(inst)
        s["card"] = inst
        spec = COMMAND[k]["order"]
        left = int(spec.get("units", spec.get("anywhere", 0)))
        kinds = spec.get("kinds")
        if kinds and not any(u["kind"] in kinds for u in _own(s, side)):
            left = int(spec.get("fallback", 1))
            kinds = None
        s["order"] = {"left": left, "per": [int(spec.get("each_section", 0))] * 3, "kinds": kinds}
        s["barrage"] = bool(spec.get("barrage")) and s["battery"][side]
        g.reveal()
        g.emit("TGW-D Turn 1", "{side} plays {card}", side=SEATS[side], card=COMMAND[k]["name"])
        g.replace("order_units")


# ============================================================================ 2. orders
def _order_section(spec: dict[str, Any], s: dict[str, Any], geo: Any, u: dict[str, Any]) -> int:
    """Which section slot ordering u uses: -1 anywhere/section count, 0-2 each_section, -2 none."""
    o = s["order"]
    mask = geo.sections[u["side"]][u["hex"]]
    if "each_section" in spec:
        for k in range(3):
            if o["per"][k] > 0 and mask >> k & 1:
                return k
        return -2
    if o["left"] <= 0:
        return -2
    if "section" in spec:
        return -1 if mask >> SECTIONS.index(spec["section"]) & 1 else -2
    if o["kinds"] and u["kind"] not in o["kinds"]:
        return -2
    return -1


class OrderUnits(Step):
    """TGW-D Turn 2: order units as the card allows; Surprise Ambush may order one more."""

    name = "order_units"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["active"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Order units"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        geo = R.geo_of(g)
        side = s["active"]
        spec = COMMAND[kind(s["card"])]["order"]
        out = []
        free = [u for u in _own(s, side) if not u["ordered"]]
        for u in free:
            if spec.get("adjacent_only") and not adjacent_enemies(s, geo, u):
                continue
            if _order_section(spec, s, geo, u) != -2:
                out.append(Option(f"order:{u['id']}", f"Order {u['id']}", "order",
                                  {"unit": u["id"], "hex": geo.label(u["hex"])}))
        if not s["ambush_used"]:
            for c in sorted({kind(c) for c in s["combat_hands"][side]}):
                d = COMBAT[c]
                if d["when"] == "order" and d["cost"] <= s["hq"][side]:
                    out.extend(Option(f"ambush:{c}:{u['id']}", f"{d['name']}: order {u['id']}", "ambush",
                                      {"card": c, "unit": u["id"], "hex": geo.label(u["hex"])})
                               for u in free)
        out.append(Option("done", "Finish ordering", "done"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        side = s["active"]
        if option.id == "done":
            g.replace("move_phase")
            return
        u = s["units"][option.args["unit"]]
        u["ordered"] = True
        if option.kind == "ambush":
            c = option.args["card"]
            eff = COMBAT[c]["effect"]
            inst = next(x for x in s["combat_hands"][side] if kind(x) == c)
            s["combat_hands"][side].remove(inst)
            discard(s["combat"], inst)
            s["hq"][side] -= COMBAT[c]["cost"]
            s["ambush_used"] = True
            u["hold"] = bool(eff.get("hold"))
            u["close_dice"] = int(eff.get("close_dice", 0))
            u["no_gain"] = bool(eff.get("no_gain"))
            g.reveal()
            g.emit("TGW-D Combat 6", "{side} plays {card} and orders {unit}", side=SEATS[side],
                   card=COMBAT[c]["name"], unit=u["id"])
            return
        spec = COMMAND[kind(s["card"])]["order"]
        k = _order_section(spec, s, R.geo_of(g), u)
        if k >= 0:
            s["order"]["per"][k] -= 1
        else:
            s["order"]["left"] -= 1
        u["hold"] = bool(spec.get("hold"))
        u["close_dice"] = int(spec.get("close_dice", 0))
        u["no_gain"] = bool(spec.get("no_gain"))
        g.emit("TGW-D Turn 2", "{unit} is ordered", unit=u["id"])


# ============================================================================ 3. movement
def reachable(g: Game, u: dict[str, Any]) -> dict[int, int]:
    """TGW-D Move 1-3: hexes the unit can reach -> hexes moved. Units block; impassable and
    half-hexes cannot be entered; entering stopping terrain ends the move (for a tank: terrain
    that stops or bogs tanks)."""
    s = g.state
    geo = R.geo_of(g)
    t = UNIT_TYPES[u["kind"]]
    occ = s["occ"]
    terr = s["terrain"]
    best: dict[int, int] = {}
    frontier = [u["hex"]]
    for step in range(1, t.move + 1):
        nxt = []
        for h in frontier:
            for j in geo.nbrs[h]:
                if j in best or j == u["hex"] or occ[j] is not None:
                    continue
                tt = TERRAIN[terr[j]]
                if tt.impassable:
                    continue
                best[j] = step
                stop = (tt.tank_stops or tt.bogs) if t.tank else tt.stops
                if not stop:
                    nxt.append(j)
        frontier = nxt
    return best


class MovePhase(Step):
    """TGW-D Turn 3: ordered units move, one at a time, each once."""

    name = "move_phase"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["active"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Move ordered units"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        geo = R.geo_of(g)
        out = []
        for u in _own(s, s["active"]):
            if not u["ordered"] or u["move_done"] or u["hold"] or u["bog"] == "ditched":
                continue
            if u["bog"] == "bogged":
                out.append(Option(f"unbog:{u['id']}", f"Try to free {u['id']}", "unbog", {"unit": u["id"]}))
                continue
            for j, n in sorted(reachable(g, u).items()):
                lab = geo.label(j)
                out.append(Option(f"move:{u['id']}:{lab}", f"{u['id']} to {lab}", "move",
                                  {"unit": u["id"], "to": lab, "hexes": n}))
        out.append(Option("done", "Finish moving", "done"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        if option.id == "done":
            g.replace("battle_phase")
            return
        u = s["units"][option.args["unit"]]
        u["move_done"] = True
        if option.kind == "unbog":
            f = R.roll(g, 1)[0]
            if f == "deadly":
                u["bog"] = "ditched"
            elif f != "flag":
                u["bog"] = ""
            g.emit("TGW-D Tanks 4", "{unit} tries to get free: {f}: {res}", unit=u["id"], f=f,
                   res=u["bog"] or "free")
            return
        geo = R.geo_of(g)
        dest = geo.index[option.args["to"]]
        R.move_unit(g, u["id"], dest)
        u["moved"] = int(option.args["hexes"])
        t = UNIT_TYPES[u["kind"]]
        tt = TERRAIN[s["terrain"][dest]]
        g.emit("TGW-D Move 1", "{unit} moves to {hex}", unit=u["id"], hex=option.args["to"])
        if t.tank:
            if tt.crushed_by_tank:
                s["terrain"][dest] = "clear"
                g.emit("TGW-D Tanks 2", "{unit} flattens the wire at {hex}", unit=u["id"],
                       hex=option.args["to"])
            u["building"] = s["terrain"][dest] == "building"
            u["stopped"] = tt.tank_stops or tt.bogs
            R.bog_check(g, u["id"], "TGW-D Tanks 3")
        else:
            u["stopped"] = tt.stops


# ============================================================================ 4. battle
def attack_options(g: Game, units: list[dict[str, Any]], bonus: bool = False) -> list[Option]:
    """GW General, GW Ranged, GW Close: every legal announcement for these units."""
    s = g.state
    geo = R.geo_of(g)
    mask = occupied_mask(s)
    out = []
    mgs: dict[str, list[str]] = {}
    for u in units:
        if not bonus and not may_battle(u):
            continue
        for t in close_targets(s, geo, u):
            out.append(Option(f"close:{u['id']}:{t}", f"{u['id']} assaults {t}", "close",
                              {"unit": u["id"], "target": t, "dice": close_dice(s, u)}))
        for t, n in ranged_targets(s, geo, u, mask):
            out.append(Option(f"fire:{u['id']}:{t}", f"{u['id']} fires at {t}", "fire",
                              {"unit": u["id"], "target": t, "dice": n}))
            if u["kind"] == "machine_gun" and not bonus:
                mgs.setdefault(t, []).append(u["id"])
    for t, ids in sorted(mgs.items()):  # GW Ranged 2: machine gun cross fire
        for k in range(2, len(ids) + 1):
            for grp in combinations(sorted(ids), k):
                out.append(Option(f"crossfire:{'+'.join(grp)}:{t}", f"{' + '.join(grp)} cross fire at {t}",
                                  "crossfire", {"units": list(grp), "target": t}))
    return out


class BattlePhase(Step):
    """TGW-D Turn 4 / GW General: ordered units battle one at a time, in any order."""

    name = "battle_phase"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["active"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Battle with ordered units"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        side = s["active"]
        out = attack_options(g, _own(s, side))
        if s["barrage"]:
            geo = R.geo_of(g)
            out.extend(Option(f"barrage:{u['id']}", f"Reserve artillery at {u['id']}", "barrage",
                              {"target": u["id"], "hex": geo.label(u["hex"])}) for u in _own(s, 1 - side))
        out.append(Option("done", "Finish battling", "done"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        side = s["active"]
        if option.id == "done":
            g.replace("end_turn")
            return
        tgt = option.args["target"]
        frm = s["units"][tgt]["hex"]
        if option.kind == "barrage":
            s["barrage"] = False
            s["cc"] = R.new_cc("barrage", side, [], tgt, frm)
            s["cc"]["phase"] = "roll"
        elif option.kind == "crossfire":
            s["cc"] = R.new_cc("ranged", side, list(option.args["units"]), tgt, frm)
        else:
            k = "close" if option.kind == "close" else "ranged"
            s["cc"] = R.new_cc(k, side, [option.args["unit"]], tgt, frm)
        g.push("combat")


class Combat(Step):
    """One combat, phase by phase (GW Ranged 6-9 / GW Close 4-8)."""

    name = "combat"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        cc = s["cc"]
        ph = cc["phase"]
        if ph == "card":
            cc["phase"] = "roll"
            g.push("combat_card")  # passes by itself unless public facts open it
        elif ph == "roll":
            R.resolve_roll(g, cc)
        elif ph == "ignore":
            k, card_ok = R.flag_allowance(g, cc)
            cc["phase"] = "retreat"
            if ignore_flags_open(g, k, card_ok):
                g.push("ignore_flags", k=k, card=card_ok)
            else:
                cc["retreat"] = cc["flags"]
        elif ph == "retreat":
            self._retreat(g, cc)
        elif ph == "gain":
            cc["phase"] = "bonus"
            if R.may_gain_ground(g, cc):
                u = s["units"][cc["attackers"][0]]
                if UNIT_TYPES[u["kind"]].tank:
                    R.gain_ground(g, cc)  # GW Gain Ground: mandatory for a tank
                else:
                    g.push("gain_ground")
        elif ph == "bonus":
            cc["phase"] = "done"
            if R.bonus_options(g, cc):
                g.push("bonus_combat")
        else:
            for uid in cc["attackers"]:
                if uid in s["units"]:
                    s["units"][uid]["battled"] = True
            s["cc"] = None
            g.pop()
            check_victory(g)

    def _retreat(self, g: Game, cc: dict[str, Any]) -> None:
        s = g.state
        tid = cc["target"]
        if cc["retreat"] <= 0 or tid not in s["units"]:
            cc["phase"] = "gain"
            return
        cand = R.retreat_candidates(g, tid)
        if not cand:
            u = s["units"][tid]
            geo = R.geo_of(g)
            why = "is at its baseline" if geo.baseline[u["side"]][u["hex"]] else "has no free hex behind it"
            n = cc["retreat"]
            cc["retreat"] = 0
            g.emit("GW Retreat", "{unit} {why}: {n} hit(s) instead of retreating", unit=tid, why=why, n=n)
            if R.remove_figures(g, tid, n, 1 - u["side"], "GW Retreat"):
                cc["success"] = True
            return
        if len(cand) == 1:
            step_back(g, cc, cand[0])
        else:
            g.push("retreat_to")


def step_back(g: Game, cc: dict[str, Any], to: int) -> None:
    R.move_unit(g, cc["target"], to)
    cc["retreat"] -= 1
    cc["success"] = True
    g.emit("GW Retreat", "{unit} falls back to {hex}", unit=cc["target"], hex=R.geo_of(g).label(to))


def attack_cards(g: Game, cc: dict[str, Any], cards: list[str] | None = None) -> list[str]:
    """TGW-D Combat 2: the attack cards the attacker may play on this combat, from its hand
    (or from ``cards``)."""
    s = g.state
    side = cc["side"]
    if cc["kind"] == "barrage":
        return []
    u = s["units"][cc["attackers"][0]]
    out = []
    for c in sorted({kind(x) for x in (s["combat_hands"][side] if cards is None else cards)}):
        d = COMBAT[c]
        e = d["effect"]
        if d["when"] != "attack" or d["cost"] > s["hq"][side]:
            continue
        if e.get("combat", "any") not in ("any", cc["kind"]):
            continue
        if e.get("infantry_only") and (u["kind"] != "infantry" or len(cc["attackers"]) != 1):
            continue
        if e.get("deadly_at"):
            d2 = R.geo_of(g).dist[u["hex"]][s["units"][cc["target"]]["hex"]]
            if d2 != e["deadly_at"] or u["bomber"]:
                continue
        out.append(c)
    return out


def ignore_flags_open(g: Game, k: int, card_ok: bool) -> bool:
    """GW Bolster Morale / TGW-D Combat 5, public facts only: flags the target may ignore, or a
    defence card the defender might hold and pay for (whatever its hand really holds)."""
    if k > 0:
        return True
    s = g.state
    side = int(s["units"][s["cc"]["target"]]["side"])
    return (card_ok and bool(s["combat_hands"][side])
            and bool(R.defence_cards(g, side, R.unaccounted_combat_cards(g))))


class CombatCard(Step):
    """TGW-D Combat 1-2: the attacker may play an attack card. Asked whenever it holds a combat
    card and one that would fit this combat is not in public view, whatever its hand holds, so
    that the other seat learns nothing from being kept waiting."""

    name = "combat_card"
    window = True
    pass_id = "none"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["cc"]["side"])

    def opens(self, g: Game, a: Args) -> bool:
        s = g.state
        cc = s["cc"]
        unseen = R.unaccounted_combat_cards(g)
        return bool(s["combat_hands"][cc["side"]]) and bool(attack_cards(g, cc, unseen))

    def prompt(self, g: Game, a: Args) -> str:
        return "Play a combat card on this attack?"

    def options(self, g: Game, a: Args) -> list[Option]:
        cards = attack_cards(g, g.state["cc"])
        return [*(Option(f"play:{c}", COMBAT[c]["name"], "card", {"card": c}) for c in cards),
                Option("none", "No card", "none")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        if option.id == "none":
            return
        s = g.state
        side = s["cc"]["side"]
        c = option.args["card"]
        inst = next(x for x in s["combat_hands"][side] if kind(x) == c)
        s["combat_hands"][side].remove(inst)
        discard(s["combat"], inst)
        s["hq"][side] -= COMBAT[c]["cost"]
        s["cc"]["card"] = c
        g.reveal()
        g.emit("TGW-D Combat 1", "{side} spends {n} HQ token(s) on {card}", side=SEATS[side],
               n=COMBAT[c]["cost"], card=COMBAT[c]["name"])


class IgnoreFlags(Step):
    """GW Bolster Morale: the owner chooses how many of the ignorable flags to ignore (pushed
    when :func:`ignore_flags_open`, whatever the defender's hand holds)."""

    name = "ignore_flags"
    window = True
    pass_id = "ignore:0"

    def actor(self, g: Game, a: Args) -> int:
        s = g.state
        return int(s["units"][s["cc"]["target"]]["side"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Ignore flags?"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        cc = s["cc"]
        out = [Option(f"ignore:{j}", f"Ignore {j} flag(s)", "ignore", {"n": j}) for j in range(a["k"] + 1)]
        if a["card"]:
            side = s["units"][cc["target"]]["side"]
            out.extend(Option(f"hold:{c}", COMBAT[c]["name"], "hold", {"card": c, "n": a["k"] + 1})
                       for c in R.defence_cards(g, side))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        cc = s["cc"]
        n = int(option.args["n"])
        if option.kind == "hold":
            side = s["units"][cc["target"]]["side"]
            c = option.args["card"]
            inst = next(x for x in s["combat_hands"][side] if kind(x) == c)
            s["combat_hands"][side].remove(inst)
            discard(s["combat"], inst)
            s["hq"][side] -= COMBAT[c]["cost"]
            g.reveal()
            g.emit("TGW-D Combat 5", "{side} spends {n} HQ token(s) on {card}", side=SEATS[side],
                   n=COMBAT[c]["cost"], card=COMBAT[c]["name"])
        n = min(n, cc["flags"])
        cc["retreat"] = cc["flags"] - n
        g.emit("GW Bolster Morale", "{unit} ignores {n} of {f} flag(s)", unit=cc["target"], n=n,
               f=cc["flags"])
        g.pop()


class RetreatTo(Step):
    """GW Retreat: the owner picks each retreat hex."""

    name = "retreat_to"

    def actor(self, g: Game, a: Args) -> int:
        s = g.state
        return int(s["units"][s["cc"]["target"]]["side"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Choose the retreat hex"

    def options(self, g: Game, a: Args) -> list[Option]:
        geo = R.geo_of(g)
        return [Option(f"retreat:{geo.label(j)}", f"Retreat to {geo.label(j)}", "retreat",
                       {"to": geo.label(j)}) for j in R.retreat_candidates(g, g.state["cc"]["target"])]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        step_back(g, g.state["cc"], R.geo_of(g).index[option.args["to"]])


class GainGround(Step):
    """GW Gain Ground: optional for a non-tank unit."""

    name = "gain_ground"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["cc"]["side"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Gain ground?"

    def options(self, g: Game, a: Args) -> list[Option]:
        lab = R.geo_of(g).label(g.state["cc"]["from"])
        return [Option("advance", f"Advance into {lab}", "advance", {"to": lab}),
                Option("stay", "Stay", "stay")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        if option.id == "advance":
            R.gain_ground(g, g.state["cc"])


class BonusCombat(Step):
    """GW Bonus: an optional second combat after gaining ground."""

    name = "bonus_combat"

    def actor(self, g: Game, a: Args) -> int:
        return int(g.state["cc"]["side"])

    def prompt(self, g: Game, a: Args) -> str:
        return "Bonus combat?"

    def options(self, g: Game, a: Args) -> list[Option]:
        out = []
        for k, uid, t in R.bonus_options(g, g.state["cc"]):
            p = "close" if k == "close" else "fire"
            out.append(Option(f"{p}:{uid}:{t}", f"{uid} {'assaults' if p == 'close' else 'fires at'} {t}",
                              p, {"unit": uid, "target": t}))
        out.append(Option("decline", "No bonus combat", "decline"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        g.pop()
        if option.id == "decline":
            return
        s = g.state
        old = s["cc"]
        uid = option.args["unit"]
        u = s["units"][uid]
        if UNIT_TYPES[u["kind"]].tank:
            u["bonus_used"] = True
        tgt = option.args["target"]
        k = "close" if option.kind == "close" else "ranged"
        s["cc"] = R.new_cc(k, old["side"], [uid], tgt, s["units"][tgt]["hex"], bonus=True, card=old["card"])
        g.emit("GW Bonus", "{unit} makes a bonus combat against {t}", unit=uid, t=tgt)


# ============================================================================ 5. end of turn
def check_victory(g: Game) -> bool:
    """TGW-D Victory 1: a side with as many medals as its target wins at once."""
    s = g.state
    tot = [s["medals"][i] + s["held"][i] for i in (0, 1)]
    for side in (0, 1):
        if tot[side] >= s["target"][side]:
            ret = [1, -1] if side == 0 else [-1, 1]
            g.end(ret, f"{SEATS[side]} reach {tot[side]} medals", rule="TGW-D Victory 1")
            return True
    return False


class EndTurn(Step):
    """TGW-D Turn 5: discard the card, draw, count held objectives, check victory, pass the turn."""

    name = "end_turn"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        side = s["active"]
        ch = g.chance
        discard(s["command"], s["card"])
        c = draw(s["command"], ch)
        if c is not None:
            s["hands"][side].append(c)
            g.emit("TGW-D Turn 5", "You draw {card}", to=[side], card=COMMAND[kind(c)]["name"])
        if len(s["combat_hands"][side]) < 2:  # TGW-D Combat 7
            c = draw(s["combat"], ch)
            if c is not None:
                s["combat_hands"][side].append(c)
                g.emit("TGW-D Combat 7", "You draw the combat card {card}", to=[side],
                       card=COMBAT[kind(c)]["name"])
        for u in s["units"].values():
            u.update(ordered=False, moved=0, move_done=False, battled=False, stopped=False,
                     building=False, bonus_used=False, hold=False, close_dice=0, no_gain=False)
        held = 0
        for hx, who in s["objectives"]:  # TGW-D Victory 2
            occ = s["occ"][hx]
            if who == side and occ is not None and s["units"][occ]["side"] == side:
                held += 1
        if held != s["held"][side]:
            g.emit("TGW-D Victory 2", "{side} holds {n} objective(s)", side=SEATS[side], n=held)
        s["held"][side] = held
        s["card"] = None
        s["order"] = None
        s["barrage"] = False
        s["ambush_used"] = False
        if check_victory(g):
            return
        s["turn"] += 1
        if s["turn"] > 2 * s["turn_limit"]:  # TGW-D Victory 3
            tot = [s["medals"][i] + s["held"][i] for i in (0, 1)]
            tie = s.get("tie")  # the side the scenario gives a level count, None: a draw
            if tot[0] == tot[1] and tie is None:
                g.end([0, 0], f"turn limit reached, medals level {tot[0]}-{tot[1]}", rule="TGW-D Victory 3")
            else:
                w = int(s["tie"]) if tot[0] == tot[1] else 0 if tot[0] > tot[1] else 1
                how = (f"medals level {tot[0]}-{tot[1]}: {SEATS[w]} win the tie" if tot[0] == tot[1]
                       else f"{SEATS[w]} lead {tot[w]}-{tot[1 - w]}")
                g.end([1, -1] if w == 0 else [-1, 1], f"turn limit reached, {how}", rule="TGW-D Victory 3")
            return
        s["active"] = 1 - side
        g.replace("play_card")


STEPS = [PlayCard(), OrderUnits(), MovePhase(), BattlePhase(), Combat(), CombatCard(), IgnoreFlags(),
         RetreatTo(), GainGround(), BonusCombat(), EndTurn()]
