"""Combat (13.0-13.3), casualties (13.1), naval gunfire (14.0), suppressive fire (15.0) and the
enemy's movement and attacks (10.6, 12.5-12.10)."""

from __future__ import annotations

from typing import Any

from tactica.core.decks import cup_draw
from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from . import enemy as E
from .data import gear, leaders, markers, squads
from .results import ME, G, State, check_defeat, lose_squad
from .stacks import (
    LEADER_PORTAGE,
    SQUAD_PORTAGE,
    base_hexes,
    combat_gear,
    combat_portage,
    gear_value,
    hex_strength,
    in_base,
    in_hex,
    squad_strength,
    squads_in,
    usable_gear,
)


class FriendlyCombat(Step):
    """13.0/13.2: each squad hex next to (or in) an enemy hex may attack one enemy unit there, all
    its squads and gear together; attacking detects it (12.5) and draws enemies (12.8)."""

    name = "friendly_combat"

    def _attacks(self, g: Game, a: Args) -> list[Option]:
        s, gm = g.state, G(g)
        out = []
        for lab in sorted({p["hex"] for p in s["pieces"].values() if p["kind"] == "squad"}):
            if lab in a.setdefault("done", []):
                continue
            for eid in E.enemies_adjacent(s, gm, lab):
                eh = s["enemies"][eid]
                out.append(Option(f"attack:{lab}:{eid}", f"{lab} attacks {eid} in {eh}", "attack",
                                  {"hex": lab, "target": eid, "target_hex": eh}))
        return out

    def actor(self, g: Game, a: Args) -> int | None:
        return ME if self._attacks(g, a) else None

    def run(self, g: Game, a: Args) -> None:
        g.pop()

    def prompt(self, g: Game, a: Args) -> str:
        return "Friendly combat"

    def options(self, g: Game, a: Args) -> list[Option]:
        return [*self._attacks(g, a), Option("done", "No more attacks", "done")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.id == "done":
            g.pop()
            return
        lab, eid = option.args["hex"], option.args["target"]
        a["done"].append(lab)
        fight(g, lab, eid, friendly=True)


def fight(g: Game, lab: str, eid: str, friendly: bool) -> None:
    """Resolve one combat between the squads of ``lab`` and enemy ``eid``, asking first which
    gear the hex uses when the player has a real choice (9.0)."""
    vs_vehicle = not friendly and E.etype(g.state, eid).vehicle
    if gear_choice(g.state, lab):
        g.push("utilize", hex=lab, eid=eid, friendly=friendly, vs_vehicle=vs_vehicle, aside=[])
        return
    resolve(g, lab, eid, friendly, usable_gear(g.state, lab, vs_vehicle))


def gear_choice(s: State, lab: str) -> bool:
    """9.0: the squads may drop gear just before a combat. That matters when the hex holds more
    gear than its portage (which pieces fight) or naval gunfire (whose scatter, 14.0, can hit the
    commandos): only then is the player asked."""
    items = combat_gear(s, lab)
    cap = combat_portage(s, lab)
    return bool(squads_in(s, lab)) and ((cap is not None and len(items) > cap)
                                        or any(gear()[p].naval_gunfire for p in items))


def resolve(g: Game, lab: str, eid: str, friendly: bool, used: list[str]) -> None:
    """13.0 steps 1-8 with the gear ``used`` by the squads' hex; 14.0 scatter when naval gunfire
    was used; a friendly attack detects the hex (12.5) and draws enemies (12.8)."""
    s, gm = g.state, G(g)
    ehex = s["enemies"][eid]
    e = E.etype(s, eid)
    vs_vehicle = not friendly and e.vehicle
    fp = squad_strength(s, lab) + sum(gear_value(p, vs_vehicle) for p in used)
    ra, rd = g.chance.d6(), g.chance.d6()
    if friendly:
        pen = gm.penalty(ehex)
        ours = att = 10 * ra + fp + pen
        theirs = dfn = 10 * rd + e.attack
        g.emit("13.0", "{hex} attacks {eid} ({name}) in {ehex}: 10x{ra} + {fp} + terrain {pen} = {att} "
               "against 10x{rd} + {ea} = {dfn}", hex=lab, eid=eid, name=e.name, ehex=ehex, ra=ra, fp=fp,
               pen=pen, att=att, rd=rd, ea=e.attack, dfn=dfn)
        for p in squads_in(s, lab):
            s["pieces"][p]["detected"] = True  # 12.5 combat noise
        g.push("generate", hex=lab, why="combat")
    else:
        pen = gm.penalty(lab)
        theirs = att = 10 * ra + e.attack + pen
        ours = dfn = 10 * rd + fp
        g.emit("13.0", "{eid} ({name}) in {ehex} attacks {hex}: 10x{ra} + {ea} + terrain {pen} = {att} "
               "against 10x{rd} + {fp}{at} = {dfn}", eid=eid, name=e.name, ehex=ehex, hex=lab, ra=ra,
               ea=e.attack, pen=pen, att=att, rd=rd, fp=fp,
               at=" (anti-tank doubled)" if e.vehicle else "", dfn=dfn)
    if any(gear()[u].naval_gunfire for u in used):
        g.push("scatter", centre=ehex)
    if ours >= theirs:
        del s["enemies"][eid]
        s["cups"]["enemy"]["items"].append(eid)
        g.emit("13.0", "{eid} is eliminated", eid=eid)
    if ours <= theirs:
        g.push("casualty", hex=lab, stage="draw", enemy=eid)


class Utilize(Step):
    """9.0: just before a combat the player sets aside gear the hex's squads will not use (it
    stays in the hex), until what is left fits the portage; the strongest pieces left within
    portage then fight (9.1, 9.4 in a base: all of them)."""

    name = "utilize"

    def actor(self, g: Game, a: Args) -> int:
        return ME

    def _left(self, g: Game, a: Args) -> list[str]:
        return [p for p in combat_gear(g.state, a["hex"]) if p not in a["aside"]]

    def prompt(self, g: Game, a: Args) -> str:
        cap = combat_portage(g.state, a["hex"])
        room = "all of it (base)" if cap is None else f"at most {cap} pieces"
        return f"Combat in {a['hex']} against {a['eid']}: which gear do the squads use? ({room})"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        used = usable_gear(s, a["hex"], a["vs_vehicle"], a["aside"])
        out = [Option(f"aside:{p}", f"Do not use {p}", "aside", {"piece": p}) for p in self._left(g, a)]
        return [*out, Option("fight", f"Fight with {', '.join(used) or 'no gear'}", "fight",
                             {"used": used})]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        if option.kind == "aside":
            a["aside"].append(option.args["piece"])
            return
        g.pop()
        used = usable_gear(s, a["hex"], a["vs_vehicle"], a["aside"])
        left = [p for p in combat_gear(s, a["hex"]) if p not in used]
        g.emit("9.0", "{hex} fights with {used}{left}", hex=a["hex"], used=", ".join(used) or "no gear",
               left=f"; not used: {', '.join(left)}" if left else "")
        resolve(g, a["hex"], a["eid"], a["friendly"], used)


class Generate(Step):
    name = "generate"

    def run(self, g: Game, a: Args) -> None:
        g.pop()
        if g.state["pieces"]:
            E.generate(g, G(g), a["hex"], a["why"])


class Scatter(Step):
    """14.0: after a combat with naval gunfire, d6 on the scatter diagram round the enemy's hex:
    commando pieces there (bases too) are eliminated, or an enemy there is."""

    name = "scatter"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        g.pop()
        r = g.chance.d6()
        lab = G(g).scatter(a["centre"], r)
        g.emit("14.0", "Naval gunfire scatter: d6 = {r} from {c}: {hex}", r=r, c=a["centre"],
               hex=lab or "off map")
        if lab is None:
            return
        hit = in_hex(s, lab)
        for b, h in base_hexes(s).items():
            if h == lab:
                s["bases"][b] = None
                s["destroyed"].append(b)
                g.emit("14.0", "{b} is destroyed by friendly fire", b=b)
        if hit:
            for pid in hit:
                if pid in squads():
                    lose_squad(g, pid, "14.0")
                else:
                    E.eliminate_piece(g, pid, "14.0", "friendly fire")
            check_defeat(g)
        else:
            for eid in E.enemies_in(s, lab):
                del s["enemies"][eid]
                s["cups"]["enemy"]["items"].append(eid)
                g.emit("14.0", "{eid} is eliminated by the stray shells", eid=eid)


class Casualty(Step):
    """13.0 steps 7-8 and 13.1: draw a marker; Commander/Officer Killed takes a leader of that
    kind (none there: back to the cup); else the player's chosen squad takes it (a second
    marker eliminates it); then d6 gear pieces of the player's choice are lost; gear a dead
    squad leaves beyond the others' portage (all of it without another squad) is lost too."""

    name = "casualty"

    def actor(self, g: Game, a: Args) -> int | None:
        s = g.state
        if a["stage"] in ("squad", "leader"):
            return ME
        if a["stage"] in ("lose", "claim"):
            n = self._count(g, a)
            items = [p for p in in_hex(s, a["hex"]) if p in gear()]
            return ME if 0 < n < len(items) else None
        return None

    def _count(self, g: Game, a: Args) -> int:
        s = g.state
        if a["stage"] == "lose":
            return int(a["lose"])
        here = in_hex(s, a["hex"])
        items = [p for p in here if p in gear()]
        sq = squads_in(s, a["hex"])
        if not sq:
            return len(items)
        if in_base(s, a["hex"]):
            return 0
        cap = SQUAD_PORTAGE * len(sq) + LEADER_PORTAGE * sum(1 for p in here if p in leaders())
        return max(0, len(items) - cap)

    def prompt(self, g: Game, a: Args) -> str:
        if a["stage"] == "squad":
            return f"Which squad in {a['hex']} takes the casualty?"
        if a["stage"] == "leader":
            return f"Which leader in {a['hex']} is killed?"
        return f"Choose a gear piece to lose in {a['hex']} ({self._count(g, a)} to lose)"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        if a["stage"] == "squad":
            return [Option(f"squad:{p}", f"{p} takes it", "squad", {"piece": p})
                    for p in squads_in(s, a["hex"])]
        if a["stage"] == "leader":
            role = markers()[a["marker"].split("#")[0]].kills
            return [Option(f"leader:{p}", f"{p} is killed", "leader", {"piece": p})
                    for p in in_hex(s, a["hex"]) if p in leaders() and leaders()[p].role == role]
        return [Option(f"lose:{p}", f"Lose {p}", "lose", {"piece": p})
                for p in in_hex(s, a["hex"]) if p in gear()]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if a["stage"] == "squad":
            self._apply(g, a, option.args["piece"])
            return
        if a["stage"] == "leader":
            E.eliminate_piece(g, option.args["piece"], "13.1", markers()[a["marker"].split("#")[0]].name)
            g.pop()
            return
        E.eliminate_piece(g, option.args["piece"], "13.0" if a["stage"] == "lose" else "13.1",
                          "lost in combat" if a["stage"] == "lose" else "no squad can claim it")
        if a["stage"] == "lose":
            a["lose"] -= 1

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        st = a["stage"]
        if st == "draw":
            s["marker_drawn"].append(a["enemy"])
            mk = cup_draw(s["cups"]["casualties"], g.chance)
            if mk is None:
                g.emit("13.1", "The casualties cup is empty: no marker")
                g.pop()
                return
            m = markers()[mk.split("#")[0]]
            if m.kills:
                lead = [p for p in in_hex(s, a["hex"]) if p in leaders() and leaders()[p].role == m.kills]
                s["cups"]["casualties"]["items"].append(mk)
                if len(lead) > 1:
                    a["stage"], a["marker"] = "leader", mk  # the player picks which one (13.1)
                    return
                if lead:
                    E.eliminate_piece(g, lead[0], "13.1", m.name)
                else:
                    g.emit("13.1", "{m} drawn: no {role} in {hex}, no effect", m=m.name, role=m.kills,
                           hex=a["hex"])
                g.pop()
                return
            a["marker"] = mk
            sq = squads_in(s, a["hex"])
            if not sq:
                s["cups"]["casualties"]["items"].append(mk)
                g.pop()
                return
            if len(sq) == 1:
                self._apply(g, a, sq[0])
            else:
                a["stage"] = "squad"
            return
        if st == "lose":
            items = [p for p in in_hex(s, a["hex"]) if p in gear()]
            if a["lose"] >= len(items):
                for p in items:
                    E.eliminate_piece(g, p, "13.0", "lost in combat")
            a["stage"] = "claim" if a["dead"] else "end"
            return
        if st == "claim":
            if self._count(g, a):
                for p in [p for p in in_hex(s, a["hex"]) if p in gear()]:
                    E.eliminate_piece(g, p, "13.1", "no squad can claim it")
            a["stage"] = "end"
            return
        g.pop()
        check_defeat(g)

    def _apply(self, g: Game, a: Args, pid: str) -> None:
        s = g.state
        mk = a["marker"]
        p = s["pieces"][pid]
        name = markers()[mk.split("#")[0]].name
        if p["marker"]:
            s["cups"]["casualties"]["items"].append(mk)
            g.emit("13.1", "{sq} draws {m}: its second casualty", sq=pid, m=name)
            lose_squad(g, pid, "13.1")
            a["dead"] = True
        else:
            p["marker"] = mk
            a["dead"] = False
            g.emit("13.1", "{sq} takes a casualty: {m}", sq=pid, m=name)
        n = g.chance.d6()
        a["lose"] = n
        a["stage"] = "lose"
        g.emit("13.0", "Gear loss: d6 = {n} pieces in {hex}", n=n, hex=a["hex"])


# ---------------------------------------------------------------------------- P4 (15.0, 10.6, 13.0)
def suppressors(s: State) -> list[str]:
    """15.0: '+' firepower weapons in the hex of a detected squad (never a leader)."""
    return sorted(pid for pid, p in s["pieces"].items()
                  if pid in gear() and gear()[pid].suppress and not p["flipped"]
                  and any(s["pieces"][q]["detected"] for q in squads_in(s, p["hex"])))


class Suppression(Step):
    """15.0: declare every weapon -> enemy pair first, then roll one d6 each: success when the
    roll beats the distance (counting the target's hex); used weapons are flipped this phase."""

    name = "suppression"

    def _opts(self, g: Game, a: Args) -> list[Option]:
        s, gm = g.state, G(g)
        pairs = a.setdefault("pairs", [])
        used = {w for w, _ in pairs}
        out = []
        for w in suppressors(s):
            if w in used:
                continue
            at = s["pieces"][w]["hex"]
            for eid, h in sorted(s["enemies"].items()):
                d = gm.dist(at, h)
                if d <= 5:  # a d6 never beats 6 or more
                    out.append(Option(f"fire:{w}:{eid}", f"{w} suppresses {eid} ({d} hexes)", "fire",
                                      {"weapon": w, "target": eid, "hex": h}))
        return out

    def actor(self, g: Game, a: Args) -> int | None:
        return ME if (self._opts(g, a) or a.get("pairs")) and g.state["enemies"] else None

    def run(self, g: Game, a: Args) -> None:
        g.pop()

    def prompt(self, g: Game, a: Args) -> str:
        return "Suppressive fire: declare every weapon and target, then resolve"

    def options(self, g: Game, a: Args) -> list[Option]:
        label = "Resolve the declared fire" if a.get("pairs") else "No suppression"
        return [*self._opts(g, a), Option("resolve", label, "resolve")]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s, gm = g.state, G(g)
        if option.id.startswith("fire:"):
            a["pairs"].append([option.args["weapon"], option.args["target"]])
            return
        g.pop()
        for w, eid in a.get("pairs", []):
            if w not in s["pieces"] or eid not in s["enemies"]:
                continue
            s["pieces"][w]["flipped"] = True
            d = gm.dist(s["pieces"][w]["hex"], s["enemies"][eid])
            r = g.chance.d6()
            ok = r > d
            if ok:
                s["suppressed"].append(eid)
            g.emit("15.0", "{w} fires on {eid} at {d} hexes: d6 = {r}, {res}", w=w, eid=eid, d=d, r=r,
                   res="suppressed" if ok else "no effect")


class EnemyMove(Step):
    """10.6/12.10: each enemy not suppressed, not static and not already next to a squad pursues
    the closest detected squad outside a base, hex by hex; the player breaks the ties the book
    leaves to him (equally close squads, 12.5 note; hexes tied on cost and base distance)."""

    name = "enemy_move"

    def actor(self, g: Game, a: Args) -> int | None:
        return ME if a.get("ask") else None

    def prompt(self, g: Game, a: Args) -> str:
        c = a["cur"]
        what = "which squad does it pursue?" if a["ask"] == "target" else "which hex does it enter?"
        return f"{c['eid']}: {what}"

    def options(self, g: Game, a: Args) -> list[Option]:
        kind = a["ask"]
        return [Option(f"{kind}:{h}", f"{a['cur']['eid']} {'pursues' if kind == 'target' else 'enters'} {h}",
                       kind, {"hex": h}) for h in a["choices"]]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        c = a["cur"]
        if a["ask"] == "target":
            c["target"] = option.args["hex"]
        else:
            self._enter(g, a, option.args["hex"])
        a["ask"] = None
        a["choices"] = []

    def run(self, g: Game, a: Args) -> None:
        s, gm = g.state, G(g)
        if "queue" not in a:
            a["queue"] = sorted(s["enemies"])
            a["cur"] = None
            a["ask"] = None
            if not E.detected_targets(s):
                a["queue"] = []
        c = a["cur"]
        if c is None:
            while a["queue"]:
                eid = a["queue"].pop(0)
                if eid not in s["enemies"] or eid in s["suppressed"]:
                    continue
                e = E.etype(s, eid)
                if e.ma == 0 or E.engaged(s, gm, s["enemies"][eid]):
                    continue
                c = a["cur"] = {"eid": eid, "mp": e.ma, "steps": 0, "target": None}
                break
            else:
                g.pop()
                return
        eid = c["eid"]
        if eid not in s["enemies"] or not E.detected_targets(s):
            a["cur"] = None
            return
        at = s["enemies"][eid]
        ts = E.closest_targets(s, gm, at)  # 12.10: always the closest, checked at every hex
        if c["target"] not in ts:
            if len(ts) > 1:
                a["ask"], a["choices"] = "target", ts
                return
            c["target"] = ts[0]
        if E.engaged(s, gm, at) or c["mp"] <= 0:
            a["cur"] = None
            return
        cands = E.step_candidates(s, gm, eid, at, c["target"])
        best = E.rank(s, gm, eid, at, cands)
        if not best:
            g.emit("11.0", "{eid} cannot go straight at {t} from {hex}: it waits", eid=eid, t=c["target"],
                   hex=at)
            a["cur"] = None
            return
        cost = E.cost_for(s, gm, eid, at, best[0])
        if cost > c["mp"] and c["steps"] > 0:
            a["cur"] = None
            return
        if len(best) > 1:
            a["ask"], a["choices"] = "hex", best
            return
        self._enter(g, a, best[0])

    def _enter(self, g: Game, a: Args, lab: str) -> None:
        s, gm = g.state, G(g)
        c = a["cur"]
        eid = c["eid"]
        at = s["enemies"][eid]
        cost = E.cost_for(s, gm, eid, at, lab)
        minimum = cost > c["mp"]
        c["mp"] = 0 if minimum else c["mp"] - cost
        c["steps"] += 1
        s["enemies"][eid] = lab
        g.emit("12.10", "{eid} moves {frm} -> {hex} after {t} ({c} MP{mm})", eid=eid, frm=at, hex=lab,
               t=c["target"], c=cost, mm=", minimum move" if minimum else "")
        E.arrive(g, eid, lab, "12.5")


class EnemyCombat(Step):
    """13.0/13.2: every enemy attacks each squad hex it is next to or in, one attack a hex, alone;
    the terrain of the squads' hex lowers its total; anti-tank gear doubles against a vehicle
    (13.3); a casualties marker drawn ends that enemy's attacks this turn (13.1)."""

    name = "enemy_combat"

    def run(self, g: Game, a: Args) -> None:
        s, gm = g.state, G(g)
        if "queue" not in a:
            a["queue"] = [[eid, lab] for eid in sorted(s["enemies"])
                          for lab in sorted({p["hex"] for p in s["pieces"].values() if p["kind"] == "squad"})
                          if lab == s["enemies"][eid] or gm.dist(lab, s["enemies"][eid]) == 1]
        while a["queue"]:
            eid, lab = a["queue"].pop(0)
            if eid not in s["enemies"] or eid in s["marker_drawn"] or not squads_in(s, lab):
                continue
            ehex = s["enemies"][eid]
            if not (ehex == lab or gm.dist(ehex, lab) == 1):
                continue
            fight(g, lab, eid, friendly=False)
            return
        g.pop()


class EnemyEnd(Step):
    """15.0: suppression weapons flip back; 12.6: sweep when no detected squad is left out."""

    name = "enemy_end"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        for p in s["pieces"].values():
            p["flipped"] = False
        s["suppressed"] = []
        s["marker_drawn"] = []
        E.sweep_if_clear(g)
        g.pop()


def attack_odds(g: Game, seat: int, option_id: str) -> dict[str, Any] | None:
    """Exact chances of a friendly attack (13.0): 10 x d6 + the hex's strength + the target's
    terrain penalty against 10 x d6 + the target's attack value, over the 36 pairs of dice."""
    d = g.decision()
    if d is None or d.seat != seat:
        return None
    opt = next((o for o in d.options if o.id == option_id), None)
    if opt is None or opt.kind != "attack":
        return None
    s, gm = g.state, G(g)
    e = E.etype(s, opt.args["target"])
    fp, _ = hex_strength(s, opt.args["hex"], vs_vehicle=False)
    att = fp + gm.penalty(opt.args["target_hex"])
    win = tie = 0
    for ra in range(1, 7):
        for rd in range(1, 7):
            diff = 10 * ra + att - (10 * rd + e.attack)
            win += diff > 0
            tie += diff == 0
    return {"title": f"{opt.args['hex']} attacks {e.name}: {att:+d} against {e.attack}",
            "outcomes": [{"label": "the enemy unit is eliminated", "p": win / 36},
                         {"label": "both lose: the enemy is eliminated and a casualty is drawn",
                          "p": tie / 36},
                         {"label": "a casualty is drawn", "p": (36 - win - tie) / 36}],
            "notes": "attacking detects the hex: d6 enemy units appear afterwards (12.5, 12.8)",
            "rule": "13.0"}

