"""Which decisions exist tells nothing (DESIGN.md §2, docs/architecture.md "Reaction windows"),
for every registered rules module and scenario.

Random games are cut at random points. At each cut, for each seat (the observer), the world is
re-dealt with ``resample_from_infostate``: everything the observer cannot know (the other hands,
the draw piles, the chance stream's future) is drawn again consistently with its view. The same
decisions are then replayed in both worlds, and the observer must receive the same things in
both: whose decision it is, its view, and the log entries it may read.

The comparison stops, as passed, where the worlds may rightly part:

* a chance outcome comes to light: the first log entry the observer reads that differs between
  the worlds is an entry of the same rule in both, with another outcome (a roll, a revealed
  card);
* the decision turned something hidden face-up (the rules called ``Game.reveal``) in either
  world: in a block game an HQ that activates or a unit that fires stands face-up, and the
  re-dealt world may hold another unit on that piece (or a tank, which its move reveals);
* another seat's recorded decision is not legal in the new world (it used a card that seat no
  longer holds): from there the replay is no longer the same public play;
* the game ends (the end reveals everything).

Anything else that differs (a decision that exists in one world only, dice rolled at once in
one world while the other waits for a seat, a view that changed without a log entry) fails.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

import pytest

import tactica
from tactica.core.game import Game
from tactica.core.log import LogEntry, visible
from tactica.core.options import IllegalOption
from tactica.games import all_ids, get_rules

GAMES = 3
CUTS_PER_GAME = 40
HORIZON = 60
"""Decisions replayed after each re-deal (most comparisons stop earlier, at a chance outcome)."""
MAX_DECISIONS = 20_000


# Modules whose option ids name a hidden identity (a block's type), so that the same decision
# replayed in a re-dealt world moves another piece: the comparison below does not apply to them
# (none now: Combat Infantry's blocks carry public piece ids apart from their labels, issue 15).
NAMES_HIDDEN_IDENTITIES: set[str] = set()


def cases() -> list[Any]:
    return [pytest.param(gid, s.id, marks=pytest.mark.xfail(
                strict=True, reason="option ids name hidden block identities (issue 15)"))
            if gid in NAMES_HIDDEN_IDENTITIES else (gid, s.id)
            for gid in all_ids() for s in get_rules(gid).scenarios()
            if len(get_rules(gid).seats) > 1]  # a solitaire game has no other seat to tell


@dataclass
class Tally:
    compared: int = 0
    """Decisions replayed in both worlds with the observer receiving the same."""
    others: int = 0
    """Of those, decisions of another seat than the observer (where a tell would show)."""
    stops: dict[str, int] = field(default_factory=dict)


def random_game(module: str, scenario: str, seed: int) -> tuple[list[Game], list[int], list[str]]:
    """Play a random game; return snapshots (with log) at the cut points, the cuts and every
    decision made."""
    g = tactica.new_game(module, scenario, seed=seed)
    rng = random.Random(seed)
    decisions: list[str] = []
    while not g.is_terminal():
        assert len(decisions) < MAX_DECISIONS, "runaway game"
        decisions.append(rng.choice(g.legal_options()).id)
        g.apply(decisions[-1])
    cuts = sorted(rng.sample(range(len(decisions)), min(CUTS_PER_GAME, len(decisions))))
    g = tactica.new_game(module, scenario, seed=seed)
    snaps = []
    for i, oid in enumerate(decisions):
        if i in cuts:
            snaps.append(g.clone(log=True))
        g.apply(oid)
    return snaps, cuts, decisions


def seen_log(g: Game, seat: int, start: int) -> list[LogEntry]:
    """The entries ``seat`` may read while the game goes on, from its ``start``-th one."""
    return [e for e in g.log if visible(e, seat)][start:]


def seen_view(g: Game, seat: int) -> dict[str, object]:
    v = g.view(seat)
    del v["log"]  # compared entry by entry in seen_log
    return v


def compare(a: Game, b: Game, seat: int, future: list[str], tally: Tally) -> None:
    """Replay ``future`` in ``a`` (the real world) and ``b`` (a re-dealt one) while ``seat``
    receives the same things in both; fail on the first difference that is not chance."""
    read = len(seen_log(a, seat, 0))
    assert read == len(seen_log(b, seat, 0))
    chance = False, False  # did chance come into play in each world during the last decision?
    shown = False, False  # did the last decision turn something hidden face-up in each world?
    for n, oid in enumerate([*future[:HORIZON], None]):
        where = f"{n} decisions after the re-deal (frames {a.frame_names()} / {b.frame_names()})"
        if a.is_terminal() and b.is_terminal():
            tally.stops["end"] = tally.stops.get("end", 0) + 1
            return  # the end reveals everything (secret chits, hands)
        new_a, new_b = seen_log(a, seat, read), seen_log(b, seat, read)
        for ea, eb in zip_longest(new_a, new_b):
            if ea == eb:
                continue
            if all(chance):
                tally.stops["chance"] = tally.stops.get("chance", 0) + 1
                return  # both worlds drew on chance: their outcomes may rightly differ
            if any(shown):
                tally.stops["revealed"] = tally.stops.get("revealed", 0) + 1
                return  # something hidden came to light: what it is may rightly differ
            raise AssertionError(f"seat {seat} reads {ea} in one world and {eb} in the other, "
                                 f"chance used {chance}, {where}")
        read += len(new_a)
        assert a.is_terminal() == b.is_terminal(), f"the game ends in one world only, {where}"
        assert a.current_player() == b.current_player(), (
            f"seat {a.current_player()} decides in one world and seat {b.current_player()} in "
            f"the other ({a.decision().step} / {b.decision().step}), seen by seat {seat}, {where}")
        assert seen_view(a, seat) == seen_view(b, seat), f"seat {seat}'s view differs, {where}"
        if oid is None:
            tally.stops["horizon"] = tally.stops.get("horizon", 0) + 1
            return
        who = a.current_player()
        before = a.state["chance"]["n"], b.state["chance"]["n"]
        try:
            b.apply(oid)
        except IllegalOption:
            assert who != seat, f"seat {seat}'s own decision {oid} does not replay, {where}"
            tally.stops["other hand"] = tally.stops.get("other hand", 0) + 1
            return  # that seat used hidden cards it does not hold in the re-dealt world
        a.apply(oid)
        chance = a.state["chance"]["n"] != before[0], b.state["chance"]["n"] != before[1]
        shown = a.revealed, b.revealed  # Game.reveal was called during this decision
        tally.compared += 1
        tally.others += who != seat


@pytest.mark.parametrize(("module", "scenario"), cases())
def test_redealing_hidden_information_changes_nothing_a_seat_receives(module: str, scenario: str) -> None:
    tally = Tally()
    for seed in range(GAMES):
        snaps, cuts, decisions = random_game(module, scenario, seed)
        rng = random.Random(seed)
        for snap, cut in zip(snaps, cuts, strict=True):
            for seat in range(snap.num_players()):
                other = snap.resample_from_infostate(seat, rng.getrandbits(62), log=True)
                # never moved on: the same frames, the same seat deciding the same step
                assert other.state["stack"] == snap.state["stack"] and other.log == snap.log
                assert other.decision().seat == snap.decision().seat
                assert other.decision().step == snap.decision().step
                compare(snap.clone(log=True), other, seat, decisions[cut:], tally)
    # the test must have compared real play, not stopped at once everywhere
    assert tally.others >= CUTS_PER_GAME, tally
