"""1.0 fog of war: what the other seat sees of upright blocks, the re-deal of hidden blocks for
search, and that no decision depends on the other seat's hidden blocks."""

from __future__ import annotations

import json
import random
from pathlib import Path

from ci_helpers import activate, dice, oid, play, scene
from fastapi.testclient import TestClient

import tactica
from tactica.core.game import Game
from tactica.games.combat_infantry import RULES
from tactica.games.combat_infantry.blocks import sheet
from tactica.games.combat_infantry.scripted import POLICY
from tactica.server import Settings, create_app
from tactica.server.table import table_for


def test_1_0_the_other_side_sees_only_a_block_of_its_colour_until_it_is_revealed() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "US-A3-IN2": "A1", "GE-A1-IN1": "J5",
               "GE-A1-PHQ": "N10"})
    ger = RULES.view(g, 1, False)
    assert {b["id"] for b in ger["blocks"]} == {"GE-A1-IN1", "GE-A1-PHQ"}
    pieces = g.state["pieces"]
    in1 = {"piece": pieces["US-A3-IN1"], "side": "usa", "hex": "J4", "posture": "upright", "half": False}
    assert in1 in ger["hidden_blocks"]
    assert all(set(h) == {"piece", "side", "hex", "posture", "half"} for h in ger["hidden_blocks"])
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 9, 9, 9, 9)
    play(g, "fire:J5")  # 6.1: firing turns it face-up, so the Germans see it now
    ger = RULES.view(g, 1, False)
    seen = {b["id"]: b for b in ger["blocks"]}
    assert seen["US-A3-IN1"]["steps"] == 4 and seen["US-A3-PHQ"]["posture"] == "up"
    assert "US-A3-IN2" not in seen
    assert len(ger["hidden_blocks"]) == 1
    # the log the Germans may read never names the hidden block
    assert not any("US-A3-IN2" in e["text"] for e in g.visible_log(1))


def test_1_0_hit_allocation_on_hidden_blocks_is_told_only_to_their_owner() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "GE-A1-IN1": "J5", "GE-A1-IN2": "J5",
               "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 1, 9, 9, 9)
    play(g, "fire:J5")
    us_log = " ".join(e["text"] for e in g.visible_log(0))
    ger_log = " ".join(e["text"] for e in g.visible_log(1))
    hit = next(b for b in ("GE-A1-IN1", "GE-A1-IN2") if g.state["blocks"][b]["steps"] == 2)
    piece = g.state["pieces"][hit]
    # the Americans learn which block (its public piece id) lost the step, not what it is
    assert "GE-A1-IN" not in us_log and f"a ger block ({piece}) in J5 loses a step" in us_log
    assert f"{hit} [{piece}] loses a step" in ger_log


def _positions(seed: int, scenario: str, cuts: int) -> list[Game]:
    g = tactica.new_game("combat_infantry", scenario, seed=seed)
    rng = random.Random(seed)
    out = []
    n = 0
    while not g.is_terminal() and len(out) < cuts:
        if n % 23 == 11 or n in (3, 17):
            out.append(g.clone())
        g.apply(rng.choice(g.legal_options()).id)
        n += 1
    return out


def test_1_0_redealing_the_other_sides_hidden_blocks_leaves_the_seats_view_and_decisions_unchanged() -> None:
    changed = 0
    checked = 0
    for seed, scenario in ((0, "saint_martin"), (1, "saint_martin"), (2, "hill_74"), (3, "hill_74")):
        for g in _positions(seed, scenario, 8):
            d = g.decision()
            assert d is not None
            for seat in (0, 1):
                for k in range(3):
                    r = g.resample_from_infostate(seat, 1000 * seed + k)
                    checked += 1
                    assert RULES.view(r, seat, False) == RULES.view(g, seat, False)
                    assert r.information_state_string(seat) == g.information_state_string(seat)
                    rd = r.decision()
                    assert rd is not None and rd.seat == d.seat and rd.step == d.step
                    if d.seat == seat:
                        assert [o.id for o in rd.options] == [o.id for o in d.options]
                    other = 1 - seat
                    mine = {b: v for b, v in g.state["blocks"].items() if b.startswith(("US", "GE")[other])}
                    theirs = {b: v for b, v in r.state["blocks"].items() if b.startswith(("US", "GE")[other])}
                    changed += mine != theirs
                    own = ("US", "GE")[seat]
                    assert {b: v for b, v in r.state["blocks"].items() if b.startswith(own)} == {
                        b: v for b, v in g.state["blocks"].items() if b.startswith(own)}
    assert checked > 50 and changed > checked // 2  # the re-deal really moves hidden blocks


def _mid_action(seed: int, scenario: str, want: int) -> list[Game]:
    """Positions in the middle of an action, from games of the scripted policy with some random
    moves (random play alone seldom assaults): a hidden unit commanded and choosing its action,
    or moving hexside by hexside, or units that entered an enemy hex waiting to assault."""
    g = tactica.new_game("combat_infantry", scenario, seed=seed)
    rng = random.Random(seed)
    acting: list[Game] = []
    assaulting: list[Game] = []
    last = None
    while not g.is_terminal() and len(assaulting) < want:
        s = g.state
        top = s["stack"][-1]
        if s["act"] and s["act"]["entered"] and top["step"] in ("command", "action", "move"):
            if last != (s["gt"], s["pt"], s["act"]["hq"]):  # one a activation
                last = (s["gt"], s["pt"], s["act"]["hq"])
                assaulting.append(g.clone())
        elif top["step"] in ("action", "move") and len(acting) < want and rng.random() < 0.3:
            p = top["args"]["unit"]
            b = next((b for b, q in s["pieces"].items() if q == p), None)
            if b is not None and s["blocks"][b]["posture"] != "up" and p not in s["seen"]:
                acting.append(g.clone())
        seat = g.current_player()
        pick = POLICY.choose(g, seat, rng) if rng.random() < 0.8 else rng.choice(g.legal_options())
        g.apply(pick.id)
    return acting + assaulting


def test_1_0_redealing_mid_action_re_deals_the_blocks_in_use_to_labels_that_could_play_their_part() -> None:
    """The flow's frames, the activation and the assault name blocks by public piece (1.0), so
    resample re-deals the blocks the current action uses too, each only to a label that could be
    doing what the piece is doing: commanded by the active HQ (a weapon exactly when the true one
    is), moving with the same allowance and movement class, assaulting across its hexside."""
    from tactica.games.combat_infantry.blocks import GUNS_AND_VEHICLES, NO_ASSAULT_ENTRY, WEAPON_TYPES
    from tactica.games.combat_infantry.units import block_of

    lab = sheet()
    in_use = redealt = moving_redealt = 0
    for seed, scenario in ((0, "saint_martin"), (1, "ballan"), (2, "saint_martin"), (3, "hill_74"),
                           (4, "ballan"), (5, "night_patrol")):
        for n, g in enumerate(_mid_action(seed, scenario, 8)):
            s = g.state
            seat = 1 - s["active"]  # the side watching the action
            hq = lab[block_of(s, s["act"]["hq"])]
            top = s["stack"][-1]
            used = {}
            if top["step"] in ("action", "move"):
                p = top["args"]["unit"]
                assert p in s["pieces"].values(), "frames name pieces, not labels"
                used[p] = top["step"]
            for entries in s["act"]["entered"].values():
                used.update({p: "assault" for p, _ in entries})
            for k in range(4):
                r = g.resample_from_infostate(seat, 100 * seed + 10 * n + k)
                rs = r.state
                assert rs["stack"] == s["stack"] and rs["act"] == s["act"]
                assert RULES.view(r, seat, False) == RULES.view(g, seat, False)
                d, rd = g.decision(), r.decision()
                assert d is not None and rd is not None and (rd.seat, rd.step) == (d.seat, d.step)
                for p, part in used.items():
                    was, now = block_of(s, p), block_of(rs, p)
                    if was not in s["blocks"] or s["blocks"][was]["posture"] == "up" or p in s["seen"]:
                        assert now == was
                        continue
                    in_use += 1
                    if now == was:
                        continue
                    redealt += 1
                    a, b = lab[now], lab[was]
                    assert not a.hq and a.side == b.side and a.morale == b.morale
                    assert rs["attached"].get(now, a.company) == hq.company
                    if hq.type == "phq":
                        assert (a.type in WEAPON_TYPES) == (b.type in WEAPON_TYPES)
                        assert a.type in WEAPON_TYPES or a.platoon == hq.platoon
                    if part != "action":
                        assert a.move == b.move
                        assert (a.type in GUNS_AND_VEHICLES) == (b.type in GUNS_AND_VEHICLES)
                        moving_redealt += part == "move"
                    if part == "assault":
                        assert a.type not in NO_ASSAULT_ENTRY
            # the re-dealt world plays on to a legal end
            if n % 6 == 0:
                r = g.resample_from_infostate(seat, seed)
                rng = random.Random(seed)
                while not r.is_terminal():
                    r.apply(rng.choice(r.legal_options()).id)
    assert in_use > 40 and redealt > in_use // 4, (in_use, redealt)
    assert moving_redealt > 0, moving_redealt


def test_1_0_a_unit_waiting_to_assault_is_re_dealt_only_to_a_label_that_may_assault_there() -> None:
    """A squad commanded by its CHQ moved into an enemy hex and lies face-down until the
    assault at the end of the activation: the Germans' re-deal may put another squad of the
    company on that piece, never the machine gun (9.62: no assault entry, and another move)."""
    from tactica.games.combat_infantry.units import block_of

    g = scene({"US-A-CHQ": "J3", "US-A1-IN1": "J4", "US-A2-IN1": ("A1", 4, "down"),
               "US-A3-IN1": ("A2", 4, "down"), "US-A-MG": ("A3", 3, "down"),
               "GE-A1-IN1": "J5", "GE-A1-PHQ": "N10"})
    activate(g, "US-A-CHQ")
    play(g, "cmd:US-A1-IN1")
    play(g, "move")
    play(g, "to:J5")
    s = g.state
    p = s["pieces"]["US-A1-IN1"]
    assert s["act"]["entered"] and s["blocks"]["US-A1-IN1"]["posture"] == "down"
    dealt = set()
    for k in range(30):
        r = g.resample_from_infostate(1, k)
        assert r.state["stack"] == s["stack"] and RULES.view(r, 1, False) == RULES.view(g, 1, False)
        dealt.add(block_of(r.state, p))
        if k < 3:  # the assault is fought by whatever squad the piece carries
            play(r, "end")
            assert any(at in r.state["blocks"] for at in dealt) and r.decision() is not None
    assert dealt == {"US-A1-IN1", "US-A2-IN1", "US-A3-IN1"}, dealt


def test_1_0_resampled_games_play_on_to_a_legal_end() -> None:
    for g in _positions(5, "saint_martin", 3):
        r = g.resample_from_infostate(g.current_player(), 7)
        rng = random.Random(3)
        while not r.is_terminal():
            r.apply(rng.choice(r.legal_options()).id)
        assert len(r.returns()) == 2


def test_1_0_the_terminal_picture_shows_hidden_blocks_only_as_their_colour() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "GE-A1-IN1": "J5", "GE-A1-PHQ": "N10"})
    text = RULES.describe(g, 1)
    assert f"<usa block {g.state['pieces']['US-A3-IN1']}>" in text and "US-A3" not in text
    assert "GE-A1-IN1[3/3]?" in text


def test_1_0_the_web_drawing_shows_hidden_blocks_only_as_their_colour() -> None:
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "GE-A1-IN1": "J5", "GE-A1-PHQ": "N10"})
    t = table_for(g, 1, g.view(1))
    text = json.dumps(t)
    assert "US-A3" not in text
    hidden = [p for p in t["pieces"] if p["label"] == "?"]
    assert {p["hex"] for p in hidden} == {"J3", "J4"} and all(p["side"] == 0 for p in hidden)
    mine = {p["id"]: p for p in t["pieces"] if p["side"] == 1}
    assert mine["GE-A1-IN1"]["label"] == "IN 3"
    us = table_for(g, 0, g.view(0))
    assert us["options"][oid(g, "hq:US-A3-PHQ")]["path"] == [{"unit": "US-A3-PHQ"}]


def test_1_0_the_server_sends_the_german_seat_no_american_identities(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'ci.db'}", run_agents=False,
                              allowed_hosts=("testserver",)))
    with TestClient(app) as c:
        r = c.post("/api/games", json={"module": "combat_infantry", "scenario": "saint_martin", "seed": 3,
                                       "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        game = r.json()
        gid = game["id"]
        tokens = [s["token"] for s in game["seats"]]
        ger = c.get(f"/api/games/{gid}", headers={"X-Seat-Token": tokens[1]}).json()
        assert '"US-A' not in json.dumps(ger)
        assert c.get(f"/api/games/{gid}/map").status_code == 200
        us = c.get(f"/api/games/{gid}", headers={"X-Seat-Token": tokens[0]}).json()
        assert '"US-A' in json.dumps(us) and '"GE-A1-IN1"' not in json.dumps(us)


def test_2_5_battalion_weapons_drawn_at_random_are_hidden_and_redrawn_by_resample() -> None:
    g = tactica.new_game("combat_infantry", "hill_74", seed=4)
    drawn = {d["side"]: d["drawn"] for d in g.state["draws"]}
    assert len(drawn[0]) == 1 and len(drawn[1]) == 1
    assert drawn[0][0] in g.state["to_deploy"][0] and g.state["attached"][drawn[0][0]] == "B"
    assert not any(drawn[0][0] in e["text"] for e in g.visible_log(1))  # the Germans only see a count
    seen = set()
    for k in range(12):
        r = g.resample_from_infostate(1, k)
        assert RULES.view(r, 1, False) == RULES.view(g, 1, False)
        us_drawn = next(d["drawn"][0] for d in r.state["draws"] if d["side"] == 0)
        seen.add(us_drawn)
        assert us_drawn in r.state["to_deploy"][0] and r.state["attached"][us_drawn] == "B"
    assert len(seen) > 1


def test_1_0_option_ids_and_the_other_sides_log_name_pieces_never_labels() -> None:
    """Every block has a public piece id ("usa-07"); what the other seat may read (options go
    into the record) names pieces, and piece numbers are dealt apart from labels."""
    from tactica.games.combat_infantry.blocks import sheet

    labels = set(sheet())
    numbering = set()
    for seed, scenario in ((0, "saint_martin"), (1, "hill_74"), (2, "night_patrol")):
        g = tactica.new_game("combat_infantry", scenario, seed=seed)
        numbering.add(tuple(sorted(g.state["pieces"].items())))
        rng = random.Random(seed)
        for _ in range(300):
            for o in g.legal_options():
                assert not labels & set(o.id.split(":")), o.id
            nxt = g.clone(log=True)
            nxt.apply(rng.choice(g.legal_options()).id)
            if nxt.is_terminal():
                break  # (the end shows everything)
            g = nxt
        for seat in (0, 1):
            for e in g.visible_log(seat):
                hidden_now = [b for b, r in g.state["blocks"].items()
                              if b[:2] == ("GE", "US")[seat] and r["posture"] != "up"
                              and g.state["pieces"][b] not in g.state["seen"]]
                assert not any(b in e["text"] for b in hidden_now), e["text"]
    g1 = tactica.new_game("combat_infantry", "saint_martin", seed=0).state["pieces"]
    g2 = tactica.new_game("combat_infantry", "saint_martin", seed=1).state["pieces"]
    assert g1 != g2 and set(g1) == set(g2)  # the same blocks, numbered at random


def test_1_0_a_piece_seen_face_up_keeps_its_label_in_every_redeal() -> None:
    """Once a block stood face-up, the other player can follow it after it stands upright again
    (1.3): resample keeps its label; unseen pieces are re-dealt."""
    g = scene({"US-A3-PHQ": "J3", "US-A3-IN1": "J4", "US-A3-IN2": "A1", "US-A3-IN3": "A2",
               "GE-A1-IN1": "J5", "GE-A1-PHQ": "N10"})
    activate(g, "US-A3-PHQ")
    play(g, "cmd:US-A3-IN1")
    dice(g, 9, 9, 9, 9)
    play(g, "fire:J5")
    s = g.state
    in1, in2 = s["pieces"]["US-A3-IN1"], s["pieces"]["US-A3-IN2"]
    from tactica.games.combat_infantry.flow import PLAYER_TURNS
    s.update(pt=PLAYER_TURNS, act=None)
    s["stack"] = [{"step": "game_turn", "args": {}}]
    dice(g, 5, 3)
    g.refresh()  # 1.3: the game turn ends, every block stands upright again
    assert s["blocks"]["US-A3-IN1"]["posture"] == "upright" and in1 in s["seen"]
    assert in2 not in s["seen"]
    # the German view, drawing and terminal say what the Germans know of the backs: in1's label
    backs = {h["piece"]: h for h in RULES.view(g, 1, False)["hidden_blocks"]}
    assert backs[in1]["seen_as"] == "US-A3-IN1" and "seen_as" not in backs[in2]
    assert "US-A3-IN1" in RULES.describe(g, 1) and "US-A3-IN2" not in RULES.describe(g, 1)
    drawn = json.dumps(table_for(g, 1, g.view(1)))
    assert "seen as US-A3-IN1" in drawn and "US-A3-IN2" not in drawn
    moved = 0
    for k in range(12):
        r = g.resample_from_infostate(1, k)
        owner = {p: b for b, p in r.state["pieces"].items()}
        assert owner[in1] == "US-A3-IN1" and r.state["blocks"]["US-A3-IN1"] == s["blocks"]["US-A3-IN1"]
        assert RULES.view(r, 1, False) == RULES.view(g, 1, False)
        moved += owner[in2] != "US-A3-IN2"
    assert moved > 0  # the unseen pieces really are re-dealt


def test_1_0_a_redeal_keeps_each_piece_its_steps_and_a_piece_seen_moving_hidden_is_no_tank() -> None:
    g = scene({"US-A1-PHQ": "B2", "US-A1-IN1": "B3",
               "GE-A1-IN1": ("J2", 1), "GE-A1-IN2": "J3", "GE-A1-IN3": ("K2", 2), "GE-BN-TK1": "K3",
               "GE-BN-MF1": "H8", "GE-A-MG": "L2"}, active="ger")
    s = g.state
    # say the American player saw this German squad move while hidden: it is no tank, no mine
    walker = s["pieces"]["GE-A1-IN2"]
    s["walked"] = [walker]
    before = {s["pieces"][b]: r["steps"] for b, r in s["blocks"].items()}
    dealt_to_walker: set[str] = set()
    changed = 0
    for k in range(60):
        r = g.resample_from_infostate(0, k)
        rs = r.state
        back = {p: b for b, p in rs["pieces"].items()}
        for p, steps in before.items():
            assert rs["blocks"][back[p]]["steps"] == steps  # every piece keeps its steps
            assert steps <= sheet()[back[p]].steps  # and carries a label strong enough for them
        dealt_to_walker.add(sheet()[back[walker]].type)
        changed += any(back[p] != b for b, p in s["pieces"].items() if b in s["blocks"])
    assert changed > 0, "hidden German blocks are re-dealt"
    assert not dealt_to_walker & {"tank", "armored_car", "minefield"}, dealt_to_walker
    assert len(dealt_to_walker) > 1


def test_1_0_a_hidden_block_seen_moving_is_remembered() -> None:
    g = scene({"US-A1-PHQ": "B2", "US-A1-IN1": "B3", "GE-A1-IN1": "N10"})
    activate(g, "US-A1-PHQ")
    play(g, "cmd:US-A1-IN1")
    play(g, "move")
    play(g, "to:C3")
    assert g.state["walked"] == [g.state["pieces"]["US-A1-IN1"]]


def test_1_0_every_label_a_seat_reads_in_the_log_is_one_its_view_shows() -> None:
    """Nothing public names a label the other seat may not know (1.0): over games of every
    scenario (scripted play with random moves, and the chit-pull of 10.5), every entry a seat
    may read names only labels of the other side that its view identifies right after: face-up
    blocks, backs of blocks seen face-up before (``seen_as``), eliminated units and units gone
    off the map. Entries that name a block before it turns face-up, or keep naming it after it
    stands upright again without its back saying so, fail here."""
    import re

    labels = set(sheet())
    token = re.compile(r"\b(?:US|GE)-[A-Z0-9]+(?:-[A-Z0-9]+)*")
    named = 0
    scenarios = ("saint_martin", "hill_74", "night_patrol", "ballan")
    cases = [(sid, seed, "") for seed, sid in enumerate(scenarios)]
    cases += [("night_patrol", 7, "ger"), ("saint_martin", 8, "usa")]
    for scenario, seed, chit in cases:
        g = tactica.new_game("combat_infantry", scenario, seed=seed, options={"chit_pull": chit})
        rng = random.Random(seed)
        read = [0, 0]
        while not g.is_terminal():
            seat = g.current_player()
            pick = POLICY.choose(g, seat, rng) if rng.random() < 0.7 else rng.choice(g.legal_options())
            g.apply(pick.id)
            if g.is_terminal():
                break  # the end shows everything
            for x in (0, 1):
                entries = g.visible_log(x)
                new, read[x] = entries[read[x]:], len(entries)
                v = RULES.view(g, x, False)
                known = {b["id"] for b in v["blocks"]}
                known |= {h["seen_as"] for h in v["hidden_blocks"] if "seen_as" in h}
                known |= set(v["eliminated"]) | set(v["left_map"])
                theirs = ("GE", "US")[x]
                for e in new:
                    for t in token.findall(e["text"]):
                        if t in labels and t.startswith(theirs):
                            named += 1
                            assert t in known, f"seat {x} reads {e['text']!r}; its view does not know {t}"
    assert named > 200, named
