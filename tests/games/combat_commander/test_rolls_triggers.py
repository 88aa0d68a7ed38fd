"""Rolls off the Fate deck (1.9), triggers (1.9.1), the Initiative re-roll (9.1) and the
interplay with deck exhaustion (6.1.2)."""

from __future__ import annotations

from cc_helpers import deck, journal_event, lines, new, probe, rules, settle, top

from tactica.games.commander_family.events import EventDef
from tactica.studio import force_roll

AXIS, ALLIES = 0, 1


def test_1_9_roll_is_the_sum_of_the_two_dice() -> None:
    g = new()
    force_roll(g, AXIS, (1, 6))  # no trigger
    probe(g, AXIS)
    settle(g)
    res = g.state["results"][-1]
    assert (res["white"], res["colored"], res["total"]) == (1, 6, 7)
    assert res["card"] in deck(g, AXIS)["discard"]  # 1.3: revealed onto the discard pile


def test_O20_2_3_targeting_roll_is_the_product() -> None:
    g = new()
    force_roll(g, AXIS, (1, 6))
    probe(g, AXIS, purpose="targeting", product=True)
    settle(g)
    assert g.state["results"][-1]["total"] == 6


def test_1_9_1_trigger_resolved_before_locked_roll() -> None:
    """1.9.1 example: a broken Morale-6 unit rolls "7-Event" for a Rout: the Event (here a Medic
    that rallies it) comes first, then the pending Retreat of 7 - 6 = 1 hex, unbroken."""
    r = rules()
    g = new(r)
    unit = "allies-2"
    g.state["units"][unit]["broken"] = True
    event_card = "G-1"
    medic = r.card(event_card).event

    def rally(g2, seat, card):  # type: ignore[no-untyped-def]
        g2.state["units"][unit]["broken"] = False
        g2.state.setdefault("journal", []).append(["event", card])

    r.events[medic] = journal_event(medic, "E64", rally)
    top(g, AXIS, "G-61", event_card)  # G-61: 1-6 Event!; then the Event's card
    probe(g, AXIS, purpose="rout")
    settle(g)
    journal = g.state["journal"]
    assert journal == [["event", event_card], ["result", 7]]
    retreat = journal[-1][1] - 6
    assert retreat == 1 and not g.state["units"][unit]["broken"]


def test_1_9_1_rolls_inside_a_trigger_ignore_triggers() -> None:
    r = rules()
    g = new(r)
    event_card = "G-1"
    name = r.card(event_card).event

    def roll_inside(g2, seat, card):  # type: ignore[no-untyped-def]
        g2.push("probe", roller=seat, purpose="inside the Event")

    r.events[name] = journal_event(name, "E", roll_inside)
    top(g, AXIS, "G-61", event_card, "G-24")  # G-24: Sniper! rolled inside the Event
    probe(g, AXIS)
    settle(g)
    inner, outer = g.state["results"]
    assert inner["card"] == "G-24" and inner["triggered"] is False
    assert outer["card"] == "G-61" and outer["triggered"] is True
    assert any("Sniper! ignored" in line for line in lines(g))


def test_1_9_1_2_jammed_only_on_a_fire_attack_roll() -> None:
    g = new()
    force_roll(g, AXIS, (3, 3, "Jammed!"), (1, 1, "Jammed!"))
    probe(g, AXIS, purpose="fire attack", fire_attack=True)
    settle(g)
    g.apply("go")
    probe(g, AXIS, purpose="rally")
    settle(g)
    fire, other = g.state["results"]
    assert fire["jammed"] is True and other["jammed"] is False


def test_1_9_1_3_sniper_may_break_a_unit_in_the_random_hex() -> None:
    r = rules()
    g = new(r)
    hex_card = "G-2"
    label = r.card(hex_card).hex
    g.state["units"]["allies-2"]["hex"] = label
    top(g, AXIS, "G-24", hex_card)  # G-24: Sniper!
    probe(g, AXIS)
    settle(g)
    d = g.decision()
    assert d is not None and d.step == "trigger_sniper"
    assert {o.id for o in d.options} == {"break:allies-2", "none"}
    g.apply("break:allies-2")
    assert g.state["units"]["allies-2"]["broken"]
    assert g.state["results"][-1]["card"] == "G-24"  # the roll hands back after the Sniper


def test_1_9_1_3_without_a_map_only_none_is_offered() -> None:
    g = new()
    top(g, AXIS, "G-24", "G-2")
    probe(g, AXIS)
    settle(g)
    # nobody stands on the Random Hex: the Sniper resolves by itself
    assert g.decision() is not None and g.decision().step == "hold"
    assert any("breaks nobody" in line or "Random Hex" in line for line in lines(g))


def test_11_4_random_hex_number_fixes_a_broken_weapon() -> None:
    r = rules()
    g = new(r)
    wid = "axis-4-w"  # a German LMG: fix 1-4
    g.state["weapons"][wid]["broken"] = True
    fixer = next(c.id for c in r.pack.decks["Germany"].cards.values()
                 if c.hex_number <= 4 and c.id != "G-24" and c.id not in g.state["sides"][0]["hand"])
    top(g, AXIS, "G-24", fixer)
    probe(g, AXIS)
    settle(g)
    assert g.state["weapons"][wid]["broken"] is False


def test_9_1_reroll_passes_initiative() -> None:
    g = new()
    assert g.state["initiative"] == ALLIES
    force_roll(g, AXIS, (1, 6), (1, 1))
    probe(g, AXIS)
    d = g.decision()
    assert d is not None and d.step == "initiative" and d.seat == ALLIES
    g.apply("reroll")
    assert g.state["initiative"] == AXIS
    d = g.decision()
    assert d is not None and d.step == "initiative" and d.seat == AXIS  # may re-roll back
    g.apply("pass")
    res = g.state["results"][-1]
    assert res["total"] == 2 and res["rerolls"] == 1
    cancelled = deck(g, AXIS)["discard"][-2]
    assert g.rules.card(cancelled).white + g.rules.card(cancelled).colored == 7  # stays revealed


def test_9_1_cancelled_roll_trigger_is_not_resolved() -> None:
    g = new()
    force_roll(g, AXIS, (1, 6, "Event!"), (2, 5))  # the Event! is cancelled before its trigger
    probe(g, AXIS)
    g.apply("reroll")
    settle(g)
    assert not any("Event!:" in line for line in lines(g))
    res = g.state["results"][-1]
    assert (res["white"], res["colored"], res["trigger"]) == (2, 5, None)


def _leave_only(g, seat: int, cards: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Make ``cards`` the whole draw pile (top = first), the rest of the draw pile discarded."""
    d = deck(g, seat)
    top(g, seat, *cards)
    rest = d["draw"][: -len(cards)]
    d["discard"].extend(rest)
    d["draw"] = d["draw"][-len(cards):]


def test_6_1_2_last_card_time_advance_before_trigger() -> None:
    r = rules()
    g = new(r)
    _leave_only(g, AXIS, ["G-61"])  # the last card carries Event!
    probe(g, AXIS)
    settle(g)
    text = lines(g)
    i_time = next(i for i, t in enumerate(text) if "Time advances to space 1" in t)
    i_event = next(i for i, t in enumerate(text) if "Event!:" in t)
    assert i_time < i_event
    assert g.state["time"]["space"] == 1


def test_6_1_2_time_trigger_on_the_last_card_counts_once() -> None:
    g = new()
    _leave_only(g, ALLIES, ["A-30"])  # 1-1 Time!, last card
    probe(g, ALLIES)
    settle(g)
    assert g.state["time"]["advances"] == 1
    assert any("already advanced once" in line for line in lines(g))


def test_1_9_1_4_time_trigger_advances_time() -> None:
    g = new()
    force_roll(g, ALLIES, (1, 1, "Time!"))
    probe(g, ALLIES)
    settle(g)
    assert g.state["time"]["space"] == 1


def test_1_9_1_1_unimplemented_event_is_a_logged_no_op() -> None:
    """An Event with no handler in a rules instance (a data pack naming an Event this engine
    does not know) is logged and skipped, never a crash."""
    r = rules()
    name = r.card("G-1").event
    r.events[name] = EventDef(name, r.events[name].rule)
    g = new(r)
    top(g, AXIS, "G-61", "G-1")
    probe(g, AXIS)
    settle(g)
    assert any("not implemented yet" in line for line in lines(g))
