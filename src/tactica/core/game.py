"""The game engine: a rules module plus one plain-data state, driven one decision at a time.

``Game`` is both the public API (DESIGN.md §2, with the OpenSpiel-shaped names) and the context
that steps use to change the state (push/replace/pop frames, log, chance, end). Everything a
game is at a moment lives in ``state``: dicts with string keys, lists, str, int, float, bool and
None, nothing else. That is what makes ``clone`` a marshal round trip (or a module's faster
copy by the state's shape, ``Rules.copy_state``) and a saved game plain JSON.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tactica.core.chance import Chance, new_chance_state
from tactica.core.log import LogEntry, entry_dict, render, visible
from tactica.core.options import TERMINAL, Decision, IllegalOption, Option
from tactica.core.record import Record, replay_record
from tactica.core.rules import Args, Rules, RulesError

MAX_AUTOMATIC_STEPS = 100_000
"""Automatic steps in a row before the engine calls the game runaway (a rules bug)."""


class FlowError(RuntimeError):
    """The rules module left the game in a state the flow contract forbids (a bug, not bad input)."""


def check_copy(state: dict[str, Any], copy: dict[str, Any], module: str) -> None:
    """Raise FlowError unless ``copy`` is what a marshal round trip of ``state`` gives: the same
    data of the same types, dict keys in the same order, and no list or dict shared with it."""
    pairs: list[tuple[Any, Any, str]] = [(state, copy, "state")]
    while pairs:
        a, b, where = pairs.pop()
        if type(a) is not type(b):
            raise FlowError(f"{module}: copy_state changed the type at {where}")
        if isinstance(a, (dict, list)):
            if a is b:
                raise FlowError(f"{module}: copy_state shares the {type(a).__name__} at {where}")
            if isinstance(a, dict):
                if list(a) != list(b):
                    raise FlowError(f"{module}: copy_state changed the keys at {where}")
                pairs.extend((a[k], b[k], f"{where}[{k!r}]") for k in a)
            else:
                if len(a) != len(b):
                    raise FlowError(f"{module}: copy_state changed the length at {where}")
                pairs.extend((x, y, f"{where}[{i}]") for i, (x, y) in enumerate(zip(a, b, strict=True)))
        elif a != b:
            raise FlowError(f"{module}: copy_state changed the value at {where}")


class Game:
    __slots__ = ("__weakref__", "_decision", "_logging", "_reveal", "_undo_floor", "log", "record", "rules",
                 "state")  # __weakref__: what a policy remembers of a game must not keep it alive

    check_windows = False
    """Also ask ``Step.opens`` at windows where the hand offers more than the pass, and raise
    FlowError if it says closed (an ``opens`` too narrow would make the window's existence tell
    the hand). The test suite turns it on; play skips the cost."""

    check_clones = 0
    """Hold one ``clone`` in this many (0: none) to a marshal round trip: an equal state that
    shares no list or dict with the original (a module's own ``Rules.copy_state`` must never
    alias). The test suite turns it on, sampled because the check costs ten clones; play skips
    it."""
    _clones = 0

    check_resample = False
    """In ``resample_from_infostate`` for the deciding seat, settle the decision anew anyway and
    raise FlowError if it differs from the one kept. The test suite turns it on; play skips
    the cost."""

    def __init__(self, rules: Rules, state: dict[str, Any], log: list[LogEntry] | None,
                 record: Record | None) -> None:
        self.rules = rules
        self.state = state
        self.log: list[LogEntry] = log if log is not None else []
        self._logging = log is not None
        self.record = record
        self._decision: Decision | None = None
        self._reveal = False
        self._undo_floor = 0
        """Record entries before this index cannot be undone (a reveal, roll or hand-over came)."""

    # ================================================================== creation
    @classmethod
    def new(cls, rules: Rules, scenario: str, seed: int = 0,
            options: Mapping[str, Any] | None = None) -> Game:
        rules.scenario(scenario)  # refuses unknown scenarios with the list of known ones
        opts = rules.check_options(options)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"seed must be an integer, not {seed!r}")
        state: dict[str, Any] = {
            "chance": new_chance_state(seed),
            "stack": [],
            "result": None,
            "auto_pass": [False] * len(rules.seats),
            "scenario": scenario,
        }
        rec = Record(game=rules.id, version=rules.version, scenario=scenario, options=opts, seed=seed)
        g = cls(rules, state, [], rec)
        rules.setup(g, scenario, opts)
        g._advance()
        return g

    # ================================================================== context for steps
    @property
    def chance(self) -> Chance:
        return Chance(self.state["chance"])

    def push(self, step: str, **args: Any) -> None:
        self._check_step(step)
        self.state["stack"].append({"step": step, "args": args})

    def replace(self, step: str, **args: Any) -> None:
        self._check_step(step)
        self.state["stack"][-1] = {"step": step, "args": args}

    def pop(self) -> Args:
        args: Args = self.state["stack"].pop()["args"]
        return args

    def top(self) -> Args:
        args: Args = self.state["stack"][-1]["args"]
        return args

    def frame_names(self) -> list[str]:
        return [f["step"] for f in self.state["stack"]]

    def emit(self, rule: str, template: str, to: Sequence[int] | None = None, **params: Any) -> None:
        """Add a log entry citing ``rule``; ``to`` limits it to those seats."""
        if self._logging:
            self.log.append((rule, template, params, None if to is None else tuple(to)))

    def reveal(self) -> None:
        """Mark that something hidden became known (closes the undo window)."""
        self._reveal = True

    @property
    def revealed(self) -> bool:
        """Whether the last ``apply`` revealed something hidden (``reveal`` was called during
        it): a hidden-information check may let the seats' views differ from there on."""
        return self._reveal

    def end(self, returns: Sequence[float], reason: str, rule: str = "") -> None:
        """The game is over: per-seat returns (e.g. +1/-1/0) and why."""
        if len(returns) != len(self.rules.seats):
            raise FlowError(f"returns {list(returns)} do not match {len(self.rules.seats)} seats")
        self.state["result"] = {"returns": [float(r) for r in returns], "reason": reason}
        self.state["stack"].clear()
        self.emit(rule, "Game over: {reason}", reason=reason)

    def _check_step(self, step: str) -> None:
        if step not in self.rules.steps:
            raise FlowError(f"{self.rules.id} has no step {step!r}")

    # ================================================================== flow machine
    def _advance(self) -> None:
        """Run automatic steps until someone must decide or the game ends."""
        steps = self.rules.steps
        reading = self.rules.reading
        stack = self.state["stack"]
        auto_pass = self.state["auto_pass"]
        for _ in range(MAX_AUTOMATIC_STEPS):
            if self.state["result"] is not None:
                self._decision = None
                return
            if not stack:
                raise FlowError(f"{self.rules.id}: the stack ran empty but the game is not over")
            frame = stack[-1]
            step = steps[frame["step"]]
            args = frame["args"]
            seat = step.actor(self, args)
            if seat is None:
                step.run(self, args)
                continue
            with reading(self):  # the state stays as it is until choose below
                opened = None  # step.opens, once asked
                if step.opens_first and not self.check_windows:
                    opened = step.opens(self, args)
                if opened is False:  # closed by public facts: the options need not be listed
                    chosen = step.pass_option(self, args)
                else:
                    opts = step.options(self, args)
                    if not opts:
                        raise FlowError(f"{self.rules.id}: step {step.name!r} offers seat {seat} no option")
                    closed = False
                    if step.window:
                        if len(opts) == 1 and opts[0].id == step.pass_id:
                            # closed by public facts alone (tells nobody anything), or the seat's
                            # published convenience
                            closed = auto_pass[seat] or not (opened or step.opens(self, args))
                        elif self.check_windows and not step.opens(self, args):
                            raise FlowError(f"{self.rules.id}: window {step.name!r} says it is closed "
                                            f"but offers seat {seat} {[o.id for o in opts]}")
                    if not closed:
                        self._decision = Decision(seat, step.prompt(self, args), tuple(opts), step.name,
                                                  step.window)
                        return
                    chosen = opts[0]
            step.choose(self, args, chosen)
        raise FlowError(f"{self.rules.id}: more than {MAX_AUTOMATIC_STEPS} automatic steps in a row")

    def _settle(self) -> None:
        """Recompute the pending decision at the top frame without running anything: after a
        re-deal the same seat decides (whose decision it is never depends on hidden cards),
        only its options may differ."""
        if self.state["result"] is not None:
            self._decision = None
            return
        frame = self.state["stack"][-1]
        step = self.rules.steps[frame["step"]]
        args = frame["args"]
        seat = step.actor(self, args)
        with self.rules.reading(self):
            opts = step.options(self, args) if seat is not None else []
            if seat is None or not opts:
                raise FlowError(f"{self.rules.id}: step {step.name!r} has no decision to settle on")
            self._decision = Decision(seat, step.prompt(self, args), tuple(opts), step.name, step.window)

    def refresh(self) -> None:
        """Recompute the pending decision after the state was edited by hand (tests, editors)."""
        self._advance()

    def decision(self) -> Decision | None:
        """Who decides now and the legal options; None once the game is over."""
        return self._decision

    def legal_options(self) -> list[Option]:
        d = self._decision
        return list(d.options) if d else []

    def apply(self, option: str | Option, seat: int | None = None) -> None:
        """Resolve one legal option. Anything not offered (or offered to another seat) raises
        IllegalOption and leaves the game untouched."""
        d = self._decision
        if d is None:
            raise IllegalOption("the game is over: no option is legal")
        if seat is not None and seat != d.seat:
            raise IllegalOption(f"it is not seat {seat}'s decision (seat {d.seat} decides)")
        if not isinstance(option, (str, Option)):
            raise IllegalOption(f"an option is given by its id (a string) or as an Option, not {option!r}")
        oid = option if isinstance(option, str) else option.id
        opt = d.find(oid)
        draws_before = self.state["chance"]["n"]
        self._reveal = False
        frame = self.state["stack"][-1]
        self.rules.steps[frame["step"]].choose(self, frame["args"], opt)
        self._advance()
        rec = self.record
        if rec is not None:
            rec.append(d.seat, oid)
            nxt = self._decision
            if (self._reveal or self.state["chance"]["n"] != draws_before
                    or nxt is None or nxt.seat != d.seat):
                self._undo_floor = len(rec.decisions)

    def set_auto_pass(self, seat: int, on: bool) -> None:
        """A seat's opt-in convenience: pass for it at every window where its hand allows
        nothing but the pass. Off by default, because then which decisions exist tells the other
        seats about that hand; recorded (it changes which decisions exist) and shown in every
        seat's view."""
        self.set_preference(seat, f"!auto_pass={int(bool(on))}")

    def set_preference(self, seat: int, token: str) -> None:
        """Apply and record a preference entry: ``!auto_pass=0|1`` (records made before it was
        the default also hold ``!ask=0|1``, which meant the opposite)."""
        self.seat_index(seat)
        name, _, value = token.lstrip("!").partition("=")
        if not token.startswith("!") or name not in ("auto_pass", "ask") or value not in ("0", "1"):
            raise IllegalOption(f"unknown preference {token!r}")
        self.state["auto_pass"][seat] = (value == "1") == (name == "auto_pass")
        if self.record is not None:
            self.record.append(seat, token)

    # ================================================================== undo
    def can_undo(self) -> bool:
        rec = self.record
        return rec is not None and any(not o.startswith("!") for _, o in rec.decisions[self._undo_floor:])

    def undo(self) -> None:
        """Take back the last decision, allowed while nothing has been revealed since. The game
        is rebuilt from its record without that decision (undo is rare; apply stays lean)."""
        rec = self.record
        if rec is None or not self.can_undo():
            raise IllegalOption("nothing to undo: a roll, draw, reveal or change of seat came since")
        entries = list(rec.decisions)
        last = max(i for i, (_, o) in enumerate(entries) if not o.startswith("!"))
        del entries[last]
        trimmed = Record(rec.game, rec.version, rec.scenario, rec.options, rec.seed)
        for seat, oid in entries:
            trimmed.append(seat, oid)
        g = replay_record(self.rules, trimmed)
        self.state, self.log, self.record, self._decision = g.state, g.log, g.record, g._decision
        self._undo_floor = min(self._undo_floor, last)

    # ================================================================== OpenSpiel-shaped face
    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    def num_players(self) -> int:
        return len(self.rules.seats)

    def current_player(self) -> int:
        d = self._decision
        return TERMINAL if d is None else d.seat

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Action ids are positions in the current option list (options carry the stable ids)."""
        d = self._decision
        if d is None or (player is not None and player != d.seat):
            return []
        return list(range(len(d.options)))

    def apply_action(self, action: int) -> None:
        d = self._decision
        if d is None or not 0 <= action < len(d.options):
            raise IllegalOption(f"action {action} is not legal now")
        self.apply(d.options[action].id)

    def action_to_string(self, player: int, action: int) -> str:
        d = self._decision
        if d is None or not 0 <= action < len(d.options):
            return f"<illegal action {action}>"
        return d.options[action].id

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Always empty: chance is sampled inside apply (OpenSpiel 'sampled stochastic')."""
        return []

    def is_chance_node(self) -> bool:
        return False

    def is_terminal(self) -> bool:
        return self.state["result"] is not None

    def returns(self) -> list[float]:
        res = self.state["result"]
        return list(res["returns"]) if res else [0.0] * len(self.rules.seats)

    def clone(self, log: bool = False) -> Game:
        """An independent copy for search: same state (including the hidden future of the
        chance stream: resample before searching), no record, a log only if asked."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.state = self.rules.copy_state(self.state)
        if self.check_clones:
            Game._clones += 1
            if Game._clones % self.check_clones == 1 or self.check_clones == 1:
                check_copy(self.state, g.state, self.rules.id)
        g.log = list(self.log) if log else []
        g._logging = log
        g.record = None
        g._decision = self._decision
        g._reveal = False
        g._undo_floor = 0
        return g

    def resample_from_infostate(self, player: int, rng: Chance | int, log: bool = False) -> Game:
        """A clone in which everything ``player`` cannot know is redrawn consistently with what
        it has seen, and the chance stream's future replaced. The same seat decides as here:
        the new world is not moved on (``log``: keep a copy of the log, for tests)."""
        g = self.clone(log=log)
        seed = rng.below(1 << 62) if isinstance(rng, Chance) else int(rng)
        ch = g.chance
        ch.reseed(seed)
        self.rules.resample(g, player, ch)
        d = self._decision
        if d is not None and d.seat == player and not self.check_resample:
            # The deciding seat's options are a function of what it knows (else they would tell
            # it what it cannot see), and the re-deal keeps all of that: its decision stands as
            # it is (speed: a search re-deals at every round; the Turn's options are costly).
            return g
        g._settle()  # never advances: nothing may happen in the new world that did not here
        if d is not None and d.seat == player and g._decision != d:
            raise FlowError(f"{self.rules.id}: a re-deal for seat {player} changed its decision "
                            f"{d.step!r}: its options depend on what it cannot see")
        return g

    def information_state_string(self, player: int) -> str:
        return json.dumps(self.rules.view(self, player, False), sort_keys=True, separators=(",", ":"))

    def observation_string(self, player: int) -> str:
        return self.information_state_string(player)

    # ================================================================== views
    def seat_index(self, seat: int | str | None) -> int | None:
        if seat is None:
            return None
        if isinstance(seat, str):
            if seat not in self.rules.seats:
                raise IllegalOption(f"no seat {seat!r}; seats: {', '.join(self.rules.seats)}")
            return self.rules.seats.index(seat)
        if not 0 <= seat < len(self.rules.seats):
            raise IllegalOption(f"no seat {seat}")
        return seat

    def view(self, seat: int | str | None = None, log_from: int = 0) -> dict[str, Any]:
        """Everything ``seat`` may see (None: a spectator); once the game is over, everything.
        Never the chance state, the stack's hidden args, or other seats' options."""
        s = self.seat_index(seat)
        over = self.is_terminal()
        d = self._decision
        decision: dict[str, Any] | None = None
        if d is not None:
            decision = {"seat": d.seat, "seat_name": self.rules.seats[d.seat]}
            if s == d.seat:
                decision.update(prompt=d.prompt, step=d.step, window=d.window,
                                options=[o.to_dict() for o in d.options], can_undo=self.can_undo())
        return {
            "game": self.rules.id,
            "scenario": self.state["scenario"],
            "seats": list(self.rules.seats),
            "seat": s,
            "board": self.rules.view(self, s, over),
            "decision": decision,
            "auto_pass": list(self.state["auto_pass"]),
            "log": self.visible_log(s, log_from),
            "result": self.state["result"],
        }

    def visible_log(self, seat: int | None, start: int = 0, everything: bool = False) -> list[dict[str, Any]]:
        """The entries ``seat`` may read (all once the game is over, or with ``everything``),
        numbered among themselves so the numbering shows nothing of entries kept from it."""
        over = everything or self.is_terminal()
        mine = [e for e in self.log if over or visible(e, seat)]
        return [entry_dict(i, mine[i]) for i in range(start, len(mine))]

    def log_lines(self, seat: int | None = None, everything: bool = True) -> list[str]:
        return [render(e) for e in self.log if everything or visible(e, seat)]
