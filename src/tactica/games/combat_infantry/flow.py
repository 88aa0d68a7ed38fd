"""The sequence of play (1.0-1.3) and the HQ activation (4.0-5.0, 6.x, 7.1, 8.x) as flow steps.

game_turn (auto) -> activate (active player picks an HQ of a company not yet activated this
player turn, or passes) -> deploy -> command (units one at a time, then the HQ's own action) ->
action (rally / fire / bombard / move / foxhole / hold) -> move (hexside by hexside) ->
end_activation (half-hits cleared, assaults, stacking) -> back to activate.
Movement is in movement.py, assaults in assault.py, set-up in setup_step.py.
"""

from __future__ import annotations

from tactica.core.game import Game
from tactica.core.options import Option
from tactica.core.rules import Args, Step

from .blocks import SIDES, VEHICLES, WEAPON_TYPES
from .fire import fire_options, resolve_bombard, resolve_fire
from .movement import move_points, move_targets
from .scenarios import geo_of
from .support import (
    attack_bridge,
    bridge_bombard_options,
    call_strike,
    demolish_options,
    lay_smoke,
    smoke_options,
    strike_bridge,
    strike_options,
)
from .units import (
    FRIENDLY,
    best_morale,
    block_of,
    eliminate,
    hex_control,
    hide,
    label,
    named,
    occupancy,
    on_map,
    piece,
    ref,
    seen,
    stack_limit,
)
from .wire import caught, clear_wire, wire_actions, wire_at, withdraw

PLAYER_TURNS = 8
"""1.1: each game turn has eight player turns, four for each player, alternating."""


def _active(g: Game) -> int:
    return int(g.state["active"])


# ============================================================================ game turn (1.1, 1.3)
class GameTurn(Step):
    """1.1-1.3: player turns alternate, four each; at the end of the game turn every block stands
    upright again (a face-up tank only if its owner wishes, 1.3 / 2.53) and smoke goes (7.4); the
    first player of later game turns is the high d10 (ties rerolled: our reading, the book does
    not say)."""

    name = "game_turn"

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        if s["pt"] == PLAYER_TURNS:
            tanks = []
            for b, r in sorted(s["blocks"].items()):
                if r["posture"] == "up" and label(b).type in VEHICLES:
                    tanks.append(b)
                    r.update(acted=False, half=False)
                elif r["posture"] == "up" and label(b).type in ("minefield", "bunker"):
                    r.update(acted=False, half=False)  # 7.2, 2.55: revealed mines and bunkers stay up
                else:
                    hide(s, b, "upright")  # 1.0: if it stood face-up, the other side may follow it
                    r.update(acted=False, half=False)
            s["smoke"].clear()
            s["spotters"].clear()
            g.emit("1.3", "End of game turn {gt}: blocks stand upright, smoke is removed", gt=s["gt"])
            s["pt"] = PLAYER_TURNS + 1
            for b in reversed(tanks):
                g.push("tank_upright", unit=piece(s, b))
            return
        if s["pt"] > PLAYER_TURNS:
            if s["gt"] >= s["game_turns"]:
                victory(g)
                return
            s["gt"] += 1
            s["pt"] = 0
            ch = g.chance
            while True:
                us, ger = ch.d10(), ch.d10()
                g.emit(
                    "1.1",
                    "Game turn {gt}: first player roll {a} (usa) against {b} (ger)",
                    gt=s["gt"],
                    a=us,
                    b=ger,
                )
                if us != ger:
                    break
            s["first"] = 0 if us > ger else 1
        s["pt"] += 1
        s["active"] = s["first"] if s["pt"] % 2 == 1 else 1 - s["first"]
        s["done_companies"] = []
        g.push("activate")


class TankUpright(Step):
    """1.3 / 2.53: at the end of the game turn a face-up tank's owner may stand it upright (hidden,
    AC 0 against untargeted fire) or leave it revealed (its AC counts when targeted)."""

    name = "tank_upright"

    def actor(self, g: Game, a: Args) -> int:
        return label(block_of(g.state, a["unit"])).side

    def prompt(self, g: Game, a: Args) -> str:
        return f"Stand {named(g.state, block_of(g.state, a['unit']))} upright, or leave it revealed?"

    def options(self, g: Game, a: Args) -> list[Option]:
        b = block_of(g.state, a["unit"])
        p = a["unit"]
        return [
            Option("upright", f"Stand {b} upright", "tank", {"unit": b, "piece": p}),
            Option("revealed", f"Leave {b} revealed", "tank", {"unit": b, "piece": p}),
        ]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        b = block_of(s, a["unit"])
        if option.id == "upright":
            hide(s, b, "upright")
        g.emit(
            "2.53",
            "{unit} {res}",
            unit=named(s, b),
            res="stands upright" if option.id == "upright" else "stays revealed",
        )
        g.pop()


def score(g: Game) -> list[int]:
    """10.4: each side's VPs now: 1 per enemy unit eliminated plus the objectives it controls."""
    s = g.state
    geo = geo_of(s)
    vp = list(s["vp"])
    occ = occupancy(s)
    for side in (0, 1):
        for h, v in s["objectives"]:
            if hex_control(geo, occ, side, h) == FRIENDLY:
                vp[side] += v
    return vp


def victory(g: Game) -> None:
    """10.4: at the end of the last game turn the side with more VPs wins (equal: a draw)."""
    vp = score(g)
    s = g.state
    g.emit("10.4", "Victory points: usa {a}, ger {b}", a=vp[0], b=vp[1])
    if vp[0] != vp[1]:
        w = 0 if vp[0] > vp[1] else 1
        why = f"{SIDES[w]} wins {max(vp)} to {min(vp)} VP"
    else:
        # 10.4: unit values break ties: the side that lost fewer points of steps wins (our reading)
        lost = s["lost"]
        g.emit("10.4", "Tie: unit values lost, usa {a}, ger {b}", a=lost[0], b=lost[1])
        if lost[0] == lost[1]:
            g.end([0.0, 0.0], f"a draw at {vp[0]} VP each and {lost[0]} points lost each", "10.4")
            return
        w = 0 if lost[0] < lost[1] else 1
        why = f"{SIDES[w]} wins the {vp[0]}-{vp[1]} VP tie on unit values lost ({min(lost)} to {max(lost)})"
    g.end([1.0 if w == 0 else -1.0, 1.0 if w == 1 else -1.0], why, "10.4")


# ============================================================================ activation (4.0)
def _ready_hqs(g: Game) -> list[str]:
    s = g.state
    side = _active(g)
    return [
        b
        for b in on_map(s, side)
        if label(b).hq and not s["blocks"][b]["acted"] and label(b).company not in s["done_companies"]
    ]


class Activate(Step):
    """1.1 / 4.0: in his player turn the active player activates one HQ of each company, one at a
    time; an HQ activates once per game turn. Passing ends the player turn (our reading: the book
    never forces an activation)."""

    name = "activate"

    def actor(self, g: Game, a: Args) -> int | None:
        if g.state["chit"] == _active(g):
            return None  # 10.5 chit-pull: chance draws the HQ
        return _active(g) if _ready_hqs(g) else None

    def run(self, g: Game, a: Args) -> None:
        ready = _ready_hqs(g)
        if not ready:
            g.pop()
            return
        # 10.5: one face-down pool per company; the first company still to activate draws
        company = min(label(b).company for b in ready)
        pool = [b for b in ready if label(b).company == company]
        hq = g.chance.pick(pool)
        g.reveal()
        seen(g.state, hq)  # 1.0: the chit drawn names the HQ to both sides
        g.emit("10.5", "{side} draws the chit of {unit}", side=SIDES[_active(g)], unit=named(g.state, hq))
        self._start(g, hq, chit=True)

    def prompt(self, g: Game, a: Args) -> str:
        return "Activate an HQ"

    def options(self, g: Game, a: Args) -> list[Option]:
        geo = geo_of(g.state)
        out = [
            Option(
                f"hq:{piece(g.state, b)}",
                f"Activate {b}",
                "activate",
                {"unit": b, "piece": piece(g.state, b), "hex": geo.label(g.state["blocks"][b]["hex"])},
            )
            for b in _ready_hqs(g)
        ]
        out.append(Option("pass", "End the player turn", "pass"))
        if g.state["surrender_allowed"]:
            out.append(Option("surrender", "Surrender", "surrender"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        if option.id == "surrender":
            side = _active(g)
            ret = [1.0, 1.0]
            ret[side] = -1.0
            g.end(ret, f"{SIDES[side]} surrenders", "10.4")
            return
        if option.id == "pass":
            g.emit("1.1", "{side} ends the player turn", side=SIDES[_active(g)])
            g.pop()
            return
        self._start(g, option.args["unit"], chit=False)

    def _start(self, g: Game, hq: str, chit: bool) -> None:
        s = g.state
        lab = label(hq)
        s["done_companies"].append(lab.company)
        s["act"] = {
            "hq": piece(s, hq),
            "left": 3,
            "weapon": False,
            "fire_used": {},
            "assault_used": {},
            "long": [],
            "entered": {},
            "moved": [],
        }
        g.push("deploy", chit=chit)


class Deploy(Step):
    """4.0 / 1.2a: the HQ may first deploy one hex into a friendly hex across a road or clear
    hexside (temporary overstacking allowed); then it turns face-up."""

    name = "deploy"

    def actor(self, g: Game, a: Args) -> int:
        return _active(g)

    def prompt(self, g: Game, a: Args) -> str:
        return "Place the drawn HQ" if a.get("chit") else "Deploy the HQ one hex, or stay"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        geo = geo_of(s)
        hq = block_of(s, s["act"]["hq"])
        i = s["blocks"][hq]["hex"]
        occ = occupancy(s)
        side = label(hq).side
        out = [Option("stay", "Stay", "deploy")]
        if a.get("chit"):
            return out + [
                Option(f"deploy:{geo.label(j)}", f"Place in {geo.label(j)}", "deploy", {"hex": j})
                for j in chit_hexes(g, hq)
                if j != i
            ]
        for j in geo.nbrs[i]:
            feats = geo.side_features[i][j] - {"clear"}
            if hex_control(geo, occ, side, j) == FRIENDLY and (not feats or geo.road[i][j]):
                out.append(
                    Option(f"deploy:{geo.label(j)}", f"Deploy to {geo.label(j)}", "deploy", {"hex": j})
                )
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        geo = geo_of(s)
        hq = block_of(s, s["act"]["hq"])
        r = s["blocks"][hq]
        if option.id != "stay":
            r["hex"] = option.args["hex"]
        r.update(posture="up", acted=True)
        g.reveal()
        g.emit(
            "4.0",
            "{side} activates {unit} in {hex}",
            side=SIDES[label(hq).side],
            unit=named(s, hq),
            hex=geo.label(r["hex"]),
        )
        g.replace("command")


def chit_hexes(g: Game, hq: str) -> list[int]:
    """10.5: where a drawn HQ may be placed: in or next to one of its units (a PHQ's own squads, a
    CHQ's company), not in an enemy-held hex or across a sea/lake hexside; stacking is checked at
    the end of the activation as for a deploy (4.2)."""
    s = g.state
    geo = geo_of(s)
    hl = label(hq)
    occ = occupancy(s)
    out: set[int] = set()
    for b, r in s["blocks"].items():
        bl = label(b)
        if b == hq or bl.side != hl.side or s["attached"].get(b, bl.company) != hl.company:
            continue
        if hl.type == "phq" and not (bl.type == "rifle" and bl.platoon == hl.platoon):
            continue
        at = r["hex"]
        for j in (at, *(n for n in geo.nbrs[at] if not geo.no_command[at][n])):
            if (1 - hl.side) not in occ.get(j, set()):
                out.add(j)
    return sorted(out)


def in_command(g: Game) -> tuple[list[str], list[str]]:
    """4.1-4.3: units the active HQ may command now, and its own platoon's squads out of range
    that may try a no-command morale check. A PHQ commands its platoon's rifle squads in its hex
    or adjacent (not across a sea/lake hexside) plus one company or attached battalion weapon in
    range; a CHQ commands any three units of its company (not PHQs) anywhere."""
    s = g.state
    geo = geo_of(s)
    act = s["act"]
    hq = block_of(s, act["hq"])
    hl = label(hq)
    hi = s["blocks"][hq]["hex"]
    cmd: list[str] = []
    tries: list[str] = []
    for b in on_map(s, hl.side):
        r = s["blocks"][b]
        bl = label(b)
        if b == hq or r["acted"] or bl.hq:
            continue
        comp = s["attached"].get(b, bl.company)
        if comp != hl.company:
            continue
        if hl.type == "chq":
            if act["left"] > 0:
                cmd.append(b)
            continue
        near = r["hex"] == hi or (r["hex"] in geo.nbrs[hi] and not geo.no_command[hi][r["hex"]])
        if bl.type == "rifle" and bl.platoon == hl.platoon:
            (cmd if near else tries).append(b)
        elif bl.type in WEAPON_TYPES and near and not act["weapon"]:
            cmd.append(b)
    return cmd, tries


class Command(Step):
    """1.2 / 4.1: the active HQ commands units one at a time, each doing one action; then the HQ
    takes its own action (or ends the activation). An HQ eliminated during its own activation
    and not replaced (4.4: no rifle squad of its own left; friendly fire of its own strike, 6.63)
    commands no more: the activation ends."""

    name = "command"

    def actor(self, g: Game, a: Args) -> int | None:
        s = g.state
        return _active(g) if block_of(s, s["act"]["hq"]) in s["blocks"] else None

    def run(self, g: Game, a: Args) -> None:
        g.replace("end_activation", phase="halves")

    def prompt(self, g: Game, a: Args) -> str:
        return f"Command units of {named(g.state, block_of(g.state, g.state['act']['hq']))}"

    def options(self, g: Game, a: Args) -> list[Option]:
        geo = geo_of(g.state)
        cmd, tries = in_command(g)
        s = g.state
        bl = s["blocks"]

        def about(b: str) -> dict[str, str]:
            return {"unit": b, "piece": piece(s, b), "hex": geo.label(bl[b]["hex"])}

        out = [Option(f"cmd:{piece(s, b)}", f"Command {named(s, b)}", "command", about(b)) for b in cmd]
        out += [
            Option(f"try:{piece(s, b)}", f"{named(s, b)}: no-command morale check", "command", about(b))
            for b in tries
        ]
        for oid, args in strike_options(g):
            where = {"hex": geo.label(args["i"])} if "i" in args else {}
            out.append(Option(oid, oid, "support", {**args, **where}))
        out.append(Option("hq", "The HQ's own action", "command"))
        out.append(Option("end", "End the activation", "command"))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        act = s["act"]
        hq = block_of(s, act["hq"])
        if option.id == "end":
            g.replace("end_activation", phase="halves")
            return
        if option.id == "hq":
            g.replace("end_activation", phase="halves")
            g.push("action", unit=act["hq"], morale=label(hq).morale)
            return
        if option.kind == "support" and "edge" in option.args:
            g.reveal()
            strike_bridge(g, option.args["kind"], option.args["edge"], option.args["spotter"])
            return
        if option.kind == "support":
            g.reveal()
            call_strike(
                g, option.args["kind"], option.args["i"], option.args["spotter"], option.args.get("target")
            )
            return
        b = option.args["unit"]
        bl = label(b)
        if option.id.startswith("try:"):
            morale = best_morale(s, b)
            roll = g.chance.d10()
            ok = roll <= morale
            g.emit(
                "4.3",
                "{unit} out of command: morale {m}, roll {r}: {res}",
                to=[bl.side],
                unit=named(s, b),
                m=morale,
                r=roll,
                res="acts" if ok else "fails and is done",
            )
            g.emit(
                "4.3",
                "a block out of command ({piece}) tests its morale: {res}",
                to=[1 - bl.side],
                piece=piece(s, b),
                res="it acts" if ok else "it fails",
            )
            if not ok:
                hide(s, b, "down")
                s["blocks"][b]["acted"] = True
                return
            g.push("action", unit=piece(s, b), morale=morale)
            return
        if label(hq).type == "chq":
            act["left"] -= 1
        elif bl.type in WEAPON_TYPES:
            act["weapon"] = True
        g.push("action", unit=piece(s, b), morale=label(hq).morale)


class Action(Step):
    """1.2 / 5.0 / 6.1 / 7.1 / 8.1: one action for a commanded unit (or the HQ itself): rally, fire
    (or bombard), move, dig a foxhole, or hold. Firing and special actions turn it face-up;
    rallying, moving and holding leave it face-down (still hidden)."""

    name = "action"

    def actor(self, g: Game, a: Args) -> int:
        return _active(g)

    def prompt(self, g: Game, a: Args) -> str:
        return f"Action for {named(g.state, block_of(g.state, a['unit']))}"

    def options(self, g: Game, a: Args) -> list[Option]:
        s = g.state
        geo = geo_of(s)
        b = block_of(s, a["unit"])
        r = s["blocks"][b]
        lab = label(b)
        out = []
        fires = [
            Option(oid, oid, "fire", {**args, "i": args["hex"], "unit": b, "hex": geo.label(args["hex"])})
            for oid, args in fire_options(g, b)
        ]
        if lab.type == "bunker":  # 2.55: a bunker only fires
            return [*fires, Option("hold", f"{b} holds", "hold", {"unit": b})]
        if s["wire"] and caught(g, b) is not None:  # 7.5: clear the wire or withdraw
            held = [Option(oid, text, "special", {"unit": b}) for oid, text in wire_actions(g, b)]
            return [*held, Option("hold", f"{b} holds", "hold", {"unit": b})]
        if r["steps"] < lab.steps:
            out.append(Option("rally", f"Rally {b}", "rally", {"unit": b}))
        out.extend(fires)
        if lab.move and move_targets(g, b, move_points(g, b)):
            out.append(Option("move", f"Move {b}", "move", {"unit": b}))
        i = r["hex"]
        if geo.board.terrain[i] == ("clear",) and i not in s["foxholes"] and wire_at(g, i) is None:
            out.append(Option("foxhole", f"{b} digs a foxhole", "special", {"unit": b}))
        for oid, args in smoke_options(g, b):
            out.append(Option(oid, oid, "special", {**args, "unit": b, "hex": geo.label(args["i"])}))
        for oid, args in demolish_options(g, b) + bridge_bombard_options(g, b):
            out.append(
                Option(oid, oid, "special" if oid.startswith("demolish") else "fire", {**args, "unit": b})
            )
        out.append(Option("hold", f"{b} holds", "hold", {"unit": b}))
        return out

    def choose(self, g: Game, a: Args, option: Option) -> None:
        s = g.state
        geo = geo_of(s)
        b = block_of(s, a["unit"])
        r = s["blocks"][b]
        lab = label(b)
        hq = lab.hq
        r["acted"] = True
        kind = option.kind
        if kind == "rally":
            roll = g.chance.d10()
            ok = roll <= a["morale"]
            if ok:
                r["steps"] += 1
            if not hq:
                hide(s, b, "down")
            g.emit(
                "5.0",
                "{unit} rallies: morale {m}, roll {roll}: {res}",
                to=None if r["posture"] == "up" else [lab.side],
                unit=named(s, b),
                m=a["morale"],
                roll=roll,
                res="+1 step" if ok else "no effect",
            )
            if r["posture"] != "up":
                g.emit(
                    "5.0",
                    "a block ({piece}) in {hex} attempts to rally",
                    to=[1 - lab.side],
                    hex=geo.label(r["hex"]),
                    piece=piece(s, b),
                )
            g.pop()
            return
        if kind == "fire":
            r["posture"] = "up"
            g.reveal()
            if option.id.startswith("bombard-bridge:"):
                attack_bridge(g, b, option.args["edge"], option.args.get("spotter"), demolish=False)
            elif option.id.startswith("bombard:"):
                resolve_bombard(g, b, option.args["i"], option.args.get("spotter"))
            else:
                resolve_fire(g, b, option.args["i"], option.args.get("target"))
            g.pop()
            return
        if kind == "special":
            r["posture"] = "up"
            g.reveal()
            if option.id == "clear-wire":
                clear_wire(g, b)
            elif option.id.startswith("withdraw:"):
                withdraw(g, b)
            elif option.id.startswith("smoke:"):
                lay_smoke(g, b, option.args["i"], option.args.get("spotter"))
            elif option.id.startswith("demolish:"):
                attack_bridge(g, b, option.args["edge"], None, demolish=True)
            else:
                s["foxholes"].append(r["hex"])
                g.emit("7.1", "{unit} digs a foxhole in {hex}", unit=ref(s, b), hex=geo.label(r["hex"]))
            g.pop()
            return
        if kind == "move":
            g.replace("move", unit=a["unit"], mp=move_points(g, b), start=r["hex"])
            return
        if not hq and lab.type != "bunker":  # 2.55: a bunker is always face-up, done or not
            hide(s, b, "down")
        g.emit(
            "1.2",
            "{unit}, a {side} block in {hex}, is done",
            unit=ref(s, b),
            side=SIDES[lab.side],
            hex=geo.label(r["hex"]),
        )
        g.pop()


class EndActivation(Step):
    """1.2 steps after the actions: single half-hits are cleared (6.7); the assaults are fought one
    by one, in the active player's order (9.0); overstacked units are eliminated (8.2)."""

    name = "end_activation"

    def actor(self, g: Game, a: Args) -> int | None:
        if a["phase"] == "assaults" and len(self._pending(g)) > 1:
            return _active(g)
        return None

    def _pending(self, g: Game) -> list[int]:
        s = g.state
        if not s["act"]["entered"]:
            return []
        occ = occupancy(s)
        return sorted(int(h) for h in s["act"]["entered"] if len(occ.get(int(h), ())) == 2)

    def prompt(self, g: Game, a: Args) -> str:
        return "Choose the next assault"

    def options(self, g: Game, a: Args) -> list[Option]:
        geo = geo_of(g.state)
        return [
            Option(f"assault:{geo.label(h)}", f"Assault {geo.label(h)}", "assault", {"hex": h})
            for h in self._pending(g)
        ]

    def choose(self, g: Game, a: Args, option: Option) -> None:
        self._start(g, option.args["hex"])

    def _start(self, g: Game, h: int) -> None:
        s = g.state
        entries = s["act"]["entered"].pop(str(h))
        s["assault"] = {
            "hex": h,
            "att": _active(g),
            "round": 1,
            "phase": "start",
            "queue": [],
            "entries": entries,
            "used": {},
            "disrupted": [],
        }
        g.push("assault")

    def run(self, g: Game, a: Args) -> None:
        s = g.state
        geo = geo_of(s)
        if a["phase"] == "halves":
            for b, r in sorted(s["blocks"].items(), key=lambda kv: piece(s, kv[0])):
                if r["half"]:
                    r["half"] = False
                    g.emit(
                        "6.7",
                        "the single half-hit on {unit} in {hex} is cleared",
                        unit=ref(s, b),
                        hex=geo.label(r["hex"]),
                    )
            a["phase"] = "assaults"
            return
        if a["phase"] == "assaults":
            pending = self._pending(g)
            if pending:
                self._start(g, pending[0])
                return
            s["act"]["entered"] = {}
            a["phase"] = "stack"
            return
        overstack(g)
        s["act"] = None
        g.pop()


def overstack(g: Game) -> None:
    """8.2: at the end of the activation units over a hex's stacking limit are eliminated (our
    reading of the owner's choice: the last to move in go first, then the weakest)."""
    s = g.state
    geo = geo_of(s)
    moved = s["act"]["moved"] if s["act"] else []
    groups: dict[tuple[int, int], list[str]] = {}
    for b in sorted(s["blocks"]):
        groups.setdefault((s["blocks"][b]["hex"], label(b).side), []).append(b)

    def last_in_first(b: str) -> tuple[int, int, str]:
        p = piece(s, b)
        return (-(moved.index(p) if p in moved else -1), s["blocks"][b]["steps"], b)

    for (h, _side), here in sorted(groups.items()):
        lim = stack_limit(geo, s, h)
        while True:
            # one at a time: an eliminated HQ's return (4.4) may cost a squad of this hex its
            # last step, or bring the HQ back into it
            now = [b for b in here if b in s["blocks"] and s["blocks"][b]["hex"] == h]
            if len(now) <= lim:
                break
            g.emit("8.2", "{hex} is overstacked ({n} > {lim})", hex=geo.label(h), n=len(now), lim=lim)
            eliminate(g, min(now, key=last_in_first), "8.2")
