"""The Table widget, driven through its traits and buttons as the browser would drive it."""
from __future__ import annotations

import json
from datetime import datetime, timezone

from cardlab import get_rules
from cardlab.actions import Call
from cardlab.scenario import builtin
from cardlab.widgets import Table, html
from cardlab.widgets.address import decode
from cardlab.widgets.svgview import SvgView


def learner_legal(table: Table) -> list[str]:
    return [str(card) for card in table.rules.legal_cards(table.state, "S")]


def test_deal_with_seed_lets_computer_play_until_south():
    table = Table("tressette", seed=0, level="beginner")
    assert table.seed_box.value == 0
    assert table.state.to_act == "S"
    assert [str(a) for a in table.hand.log[1:]] == ["W plays 3H"]
    assert 'data-card="6H"' in table.board.svg and "legal" in table.board.svg


def test_refused_card_gives_the_rule_and_changes_nothing():
    table = Table("tressette", seed=0, level="beginner")
    before = (table.hand.log, table.index)
    table.board.clicked = "5C#1"
    assert table.message == ("You must follow suit: cups were led and you hold the 6 of cups "
                             "and the knight of cups.")
    assert (table.hand.log, table.index) == before
    assert "cardlab-refusal" in table.message_box.value


def test_legal_click_plays_and_the_others_answer():
    table = Table("tressette", seed=0, level="beginner")
    table.board.clicked = "6H#1"
    assert table.message == ""
    first = table.hand.state.tricks[0]
    assert [str(card) for _, card in first.plays][:2] == ["3H", "6H"]
    assert first.winner == "W"
    assert table.index == len(table.hand.log)
    assert table.state.to_act == "S"


def test_clicking_the_same_refused_card_twice_still_answers():
    table = Table("tressette", seed=0, level="beginner")
    table.board.clicked = "5C#1"
    table.message = ""
    table.board.clicked = "5C#2"
    assert table.message.startswith("You must follow suit")


def test_step_back_and_forward_replays_the_log():
    table = Table("tressette", seed=0, level="beginner")
    table.play("6H")
    end = table.index
    table.back_button.click()
    assert table.index == end - 1
    table.first_button.click()
    assert table.index == 0 and table.state.phase == "deal"
    table.last_button.click()
    assert table.index == end


def test_playing_from_an_earlier_step_branches_the_log():
    table = Table("tressette", seed=0, level="beginner")
    table.play("6H")
    table.first_button.click()
    table.forward_button.click()
    table.forward_button.click()
    assert table.state.to_act == "S"
    table.play("KnH")
    assert str(table.hand.log[2]) == "S plays KnH"


def test_points_panel_counts_in_thirds_and_breakdown_at_the_end():
    table = Table("tressette", scenario="tressette-thirds")
    table.last_button.click()
    assert table.state.over
    table.counting.skip_button.click()               # the breakdown follows the learner's count
    assert "5⅔" in table.breakdown_box.value and "−⅔" in table.breakdown_box.value
    assert "+5 → 5" in table.match_box.value
    assert table.next_button.layout.display != "none"


def test_scenario_notes_are_captions_at_their_steps():
    table = Table("tressette", scenario="tressette-follow-suit")
    assert "dealer's right" in table.caption.value
    table.forward_button.click()
    assert "two cups" in table.caption.value


def test_branching_off_a_scenario_drops_its_later_captions():
    table = Table("quatre_sept", scenario="quatre_sept-politaine")
    table.first_button.click()
    table.forward_button.click()
    table.forward_button.click()                     # East has led the 7 of hearts
    table.play("AH")                                 # offered: declare the politaine, or just play it
    table.calls_box.children[-1].click()             # undeclared: a different line of play
    assert sorted(table.notes) == [0, 1]            # the captions up to East's lead stay
    table.load_scenario("quatre_sept-politaine")
    table.last_button.click()
    assert "Together 22" in table.caption.value      # the scenario's own line keeps its captions


def test_four_sevens_end_the_match_at_the_deal_on_the_table():
    table = Table("quatre_sept", scenario="quatre_sept-four-sevens")
    assert table.state.over
    assert "EW wins the match." in table.match_box.value
    table.counting.skip_button.click()
    assert "all four sevens" in table.breakdown_box.value


def test_redeal_demand_brings_a_fresh_logged_deal():
    table = Table("quatre_sept", redeal_no_high_cards=True, seed=97)
    assert [b.tooltip for b in table.calls_box.children] == ["S demands a redeal", "S passes"]
    assert [b.description for b in table.calls_box.children] == [
        table.rules.describe(call) for call in table.rules.legal(table.state)]
    table.calls_box.children[0].click()
    dealer = table.match.dealer
    deals = [str(a) for a in table.hand.log if str(a).startswith(f"{dealer} deals")]
    assert len(deals) == 2 and deals[0] != deals[1]


def test_tied_match_is_won_on_the_last_trick():
    table = Table("tressette", scenario="tressette-last-trick-tie")
    table.last_button.click()
    assert "NS wins the match." in table.match_box.value
    assert table.next_button.description == "New match"


def test_declaration_buttons_come_from_the_rules():
    table = Table("tressette", scenario="tressette-declarations")
    table.last_button.click()
    assert [b.tooltip for b in table.calls_box.children] == ["S declares napoletana D"]
    assert table.calls_box.children[0].description == table.rules.describe(table.rules.legal(table.state)[-1])
    table.calls_box.children[0].click()
    assert "declarations" in table.points_box.value
    assert str(table.hand.log[-1]) == "S declares napoletana D"


def test_variant_toggle_starts_a_new_deal_with_new_rules():
    table = Table("tressette", seed=3)
    table.option_boxes["declarations"].value = 1      # the choices are (off, on)
    assert table.rules.options.declarations is True
    assert table.rules.target == 31
    assert "Match to 31" in table.match_box.value
    assert table.index == len(table.hand.log)


def test_open_hands_lets_the_learner_play_every_seat():
    table = Table("tressette", seed=0, open_hands=True)
    assert table.state.to_act == "W"
    west_cards = [str(c) for c in table.rules.legal_cards(table.state, "W")]
    table.play(west_cards[0])
    assert table.state.to_act == "S" and table.message == ""
    assert table.board.svg.count('class="card back"') == 0


def test_computer_seat_cannot_be_clicked_for():
    table = Table("tressette", seed=0, level="beginner")
    table.board.clicked = "3H#9"
    assert table.message == ""


def test_next_hand_settles_the_match_and_deals_again():
    table = Table("tressette", seed=5)
    while not table.state.over:
        table.play(learner_legal(table)[0])
    score = get_rules("tressette").score(table.state).score
    table.next_button.click()
    assert table.match.totals == score
    assert table.seed_box.value == 6
    assert table.hand.state.dealer == "W"


def test_unknown_scenario_is_a_sentence_not_a_traceback():
    table = Table("tressette", scenario="no-such-scenario")
    assert "There is no scenario called 'no-such-scenario'" in table.message
    assert table.state.to_act == "S"


def test_svg_view_traits_are_the_contract():
    view = SvgView(svg="<svg></svg>")
    assert view.trait_metadata("svg", "sync") and view.trait_metadata("clicked", "sync")


def test_target_menu_offers_the_usual_target_and_the_others():
    table = Table("tressette", seed=3)
    assert table.option_boxes["target"].label == "usual"
    assert "Match to 21" in table.match_box.value
    table.option_boxes["target"].label = "41"
    assert table.rules.target == 41 and "Match to 41" in table.match_box.value


def test_a_scenario_sets_the_variant_menus_the_browser_shows():
    table = Table("tressette", scenario="tressette-declarations")
    box = table.option_boxes["declarations"]
    assert (box.index, box.label) == (1, "on")       # index is the trait the browser receives
    assert table.rules.options.declarations is True
    assert str(table.hand.log[1]) == "W declares three 2s"    # loading did not start a new deal


HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'


def test_text_from_a_scenario_file_reaches_the_page_escaped(tmp_path):
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps({
        "format": "cardlab.scenario/1", "game": "tressette", "dealer": "N", "seed": 0,
        "actions": [f"W plays {HOSTILE}"], "notes": {"1": HOSTILE},
        "title": HOSTILE, "description": HOSTILE}), encoding="utf-8")
    table = Table("tressette")
    table.load_scenario(str(path))
    assert HOSTILE in table.message                       # the refusal echoes the action text …
    for value in (table.message_box.value, table.caption.value):
        assert '&lt;img src=x onerror="window.__pwned=1"&gt;' in value   # … as text
        assert "<img" not in value and "<script" not in value
    table.forward_button.click()                          # the computer leads: the note of step 1
    assert "&lt;script&gt;" in table.caption.value and "<script" not in table.caption.value


def test_discards_are_chosen_on_the_board_and_confirmed_with_one_button():
    table = Table("aluette", seed=3, open_hands=True)
    while table.state.phase == "sing":
        table.calls_box.children[0].click()                     # every seat sings
    seat = table.state.to_act
    assert table.state.phase == "discard"
    assert [b.description for b in table.calls_box.children] == ["Pick the 6 cards to discard"]
    chosen = [str(card) for card in table.state.hand(seat)][:6]
    for code in chosen + chosen[:1] + chosen[:1]:               # the first one off and on again
        table.play(code)
    assert table.selected == frozenset(chosen) and table.message == ""
    names = [table.rules.pack.name(card) for card in table.state.hand(seat) if str(card) in chosen]
    assert table.calls_box.children[0].description == "Discard " + ", ".join(names[:-1]) + " and " + names[-1]
    table.calls_box.children[0].click()
    assert [str(action) for action in table.hand.log[-6:]] == [f"{seat} discards {code}" for code in
                                                              sorted(chosen, key=[str(c) for c in table.hand.states[-7].hand(seat)].index)]
    assert table.state.to_act != seat and table.selected == frozenset()


def test_call_buttons_read_words_and_keep_the_action_as_tooltip():
    table = Table("quadrille", seed=1)
    calls = [a for a in table.rules.legal(table.state) if not hasattr(a, "card")]
    assert [b.description for b in table.calls_box.children] == [table.rules.describe(c) for c in calls]
    assert [b.tooltip for b in table.calls_box.children] == [str(c) for c in calls]


def test_the_computer_turns_after_a_click_travel_as_frames_in_one_update():
    table = Table("tressette", seed=0, level="beginner")
    assert table.board.frames == []                            # the first picture shows at once
    table.play("6H")
    answers = len(table.hand.log) - 3                          # after the deal, W's lead and S's card
    assert answers >= 3 and len(table.board.frames) == answers
    assert 'data-card="6H"' in table.board.frames[0]
    table.back_button.click()                                  # stepping stays instant
    assert table.board.frames == []
    table.pace_pick.value = 0
    table.last_button.click()
    table.play(learner_legal(table)[0])
    assert table.board.frames == []                            # instant pace: only the last picture


def test_the_board_is_told_in_words_for_screen_readers():
    table = Table("tressette", seed=0, level="beginner")
    assert "S" in table.board.alt and "3 of cups" in table.board.alt.replace("3H", "3 of cups")


def test_a_phone_width_draws_the_narrow_layout():
    table = Table("tressette", seed=0, level="beginner")
    wide = table.board.svg
    table.board.width = 380
    assert table.theme() == "narrow" and table.board.svg != wide
    table.presenter_box.value = True
    assert table.theme() == "presenter" and "cardlab-presenter" in table._dom_classes


def test_changing_a_rule_says_a_new_match_starts_and_frees_the_scenario_menu():
    table = Table("tressette", scenario="tressette-thirds")
    table.option_boxes["target"].label = "41"
    assert table.scenario_pick.value == ""
    assert "a new match starts" in table.caption.value
    assert "41" in table.rules_panel.titles[0]


def test_new_deal_after_a_finished_hand_scores_it_first():
    table = Table("tressette", seed=5)
    while not table.state.over:
        table.play(learner_legal(table)[0])
    score = get_rules("tressette").score(table.state).score
    table.deal_button.click()
    assert table.match.totals == score and not table.state.over
    assert table.seed_box.value == 5                           # the seed in the box, as asked


def test_a_match_starts_with_the_dealer_drawn_by_cards_where_the_game_says_so():
    table = Table("quatre_sept", seed=2)
    draw = table.rules.dealer_draw(2)
    assert draw is not None and table.match.dealer == draw.dealer
    assert draw.sentence(table.rules.pack) in table.caption.value


def test_the_table_makes_forced_calls_for_the_learner_at_once():
    table = Table("tressette", seed=5, declarations=True)          # South holds three 2s
    forced = [str(action) for action in table.hand.log if str(action).startswith("S declares")]
    assert forced and table.state.to_act == "S" and table.rules.forced_calls(table.state) == []
    assert not any(b.tooltip.startswith("S declares") for b in table.calls_box.children)


def test_the_page_address_follows_the_table_and_restores_it():
    table = Table("tressette", seed=0, key="t1")
    table.play("6H")
    table.back_button.click()
    scenario, step = decode(table.share.address)
    assert list(scenario.actions) == [str(a) for a in table.hand.log[1:]] and step == table.index - 1
    assert table.share.scenario == scenario
    fresh = Table("tressette", key="t1")
    fresh.share.view.restore = table.share.address            # what the browser sends on a reload
    assert fresh.hand.log == table.hand.log and fresh.index == table.index
    assert fresh.share.address == table.share.address


def test_an_opened_scenario_file_loads_and_a_bad_one_is_a_sentence():
    table = Table("tressette", seed=3)
    text = json.dumps(builtin("tressette-thirds").to_json()).encode()
    table.share.upload.value = ({"name": "thirds.json", "type": "application/json", "size": len(text),
                                 "content": memoryview(text), "last_modified": datetime.now(timezone.utc)},)
    assert [str(a) for a in table.hand.log[1:]] == list(builtin("tressette-thirds").actions)
    assert table.scenario_pick.value == "" and "third" in table.caption.value
    before = table.hand.log
    table.share.view.restore = "zdamaged"
    assert "could not be restored" in table.message and table.hand.log == before


def test_a_card_named_by_legal_calls_performs_the_one_or_offers_the_several(monkeypatch):
    table = Table("tressette", scenario="tressette-declarations")
    table.last_button.click()                                  # South must declare before playing
    declare = table.rules.legal(table.state)[0]
    assert str(declare) == "S declares napoletana D"
    other = Call("S", "declares three 2s")                      # a stand-in second call naming the card
    naming = {"3D": [declare], "2D": [declare, other]}
    monkeypatch.setattr(table.rules, "calls_naming", lambda state, card: naming.get(str(card), []))
    table.play("2D")                                           # two calls: both offered, nothing done
    assert [b.tooltip for b in table.calls_box.children] == ["S declares napoletana D"]
    assert table.offered == [declare, other] and table.message == ""
    log = table.hand.log
    table.play("3D")                                           # one call: performed
    assert table.hand.log[len(log)] == declare and table.offered == []


# ----- choice by cards for declarations, and the coach at the table ---------------------------
def by_hand_table(tmp_path) -> Table:
    """South leads the first trick holding the napoletana of coins and four 2s, declared by hand."""
    deal = {"N": "AS 3S 4S 5S 6S 7S JS KnS KS AH", "E": "3H 4H 5H 6H 7H JH KnH KH 4D 5D",
            "S": "3D 2D AD 2S 2H 2C 4C 5C 6C 7C", "W": "6D 7D JD KnD KD AC 3C JC KnC KC"}
    path = tmp_path / "by-hand.json"
    path.write_text(json.dumps({"format": "cardlab.scenario/1", "game": "tressette", "dealer": "W",
                                "options": {"declarations": True, "declare": "by hand"},
                                "deal": {seat: cards.split() for seat, cards in deal.items()}, "actions": []}))
    table = Table("tressette")
    table.load_scenario(str(path))
    assert table.state.to_act == "S" and table.message == ""
    return table


def test_a_click_on_a_card_of_a_declarable_combination_offers_its_declaration_or_the_card(tmp_path):
    table = by_hand_table(tmp_path)
    table.play("AD")                              # a playable card: declare with it, or just play it
    assert [b.tooltip for b in table.calls_box.children] == ["S declares napoletana D", "S plays AD"]
    assert [b.description for b in table.calls_box.children] == ["Declare the napoletana of coins",
                                                                 "Play the ace of coins"]
    assert len(table.hand.log) == 1
    table.calls_box.children[0].click()
    assert str(table.hand.log[-1]) == "S declares napoletana D" and "declarations" in table.points_box.value
    table.play("2S")
    table.calls_box.children[0].click()
    assert str(table.hand.log[-1]) == "S declares four 2s"
    table.play("AD")                              # nothing left to declare with it: played
    assert str(table.hand.log[2 + 1]) == "S plays AD"


def test_a_politaine_card_offers_the_politaine_on_the_table(tmp_path):
    table = Table("quatre_sept", scenario="quatre_sept-politaine")
    table.first_button.click()
    table.forward_button.click()
    table.forward_button.click()                  # East has led the 7 of hearts
    table.play("AH")
    assert [b.tooltip for b in table.calls_box.children] == ["S declares politaine H", "S plays AH"]
    table.calls_box.children[0].click()
    assert str(table.hand.log[table.index - 1]) == "S declares politaine H"


def test_the_computer_level_is_chosen_on_the_table_and_beginner_plays_as_before():
    table = Table("tressette", seed=7)
    assert table.coach.level_pick.value == "club" and table.player.level == "club"
    table.coach.level_pick.value = "expert"
    assert table.player.level == "expert" and "expert" in table.message_box.value
    plain = Table("aluette", seed=3, level="beginner")
    assert plain.state.phase == "sing" and plain.state.to_act == "S"      # SimpleBot's line of play


def test_hint_marks_a_legal_card_with_the_players_reason_from_the_learners_view():
    table = Table("tressette", seed=7)
    seen = []
    decide = table.player.decide

    def spy(rules, view):
        seen.append(view)
        return decide(rules, view)

    table.player.decide = spy
    table.coach.hint_button.click()
    view = seen[-1]
    assert view.viewer == "S" and all(card is None for seat in "NEW" for card in view.hand(seat))
    expected = decide(table.rules, view)
    assert table.hint_code == str(expected.action.card) and table.hint_code in learner_legal(table)
    assert expected.reason and expected.reason in table.message_box.value
    assert f'hint" data-card="{table.hint_code}"' in table.board.svg
    table.play(table.hint_code)
    assert table.hint_code == "" and ' hint"' not in table.board.svg


def test_why_tells_the_computers_reason_for_a_card_on_the_felt_and_the_scenarios_cards():
    table = Table("tressette", seed=7)
    table.play(learner_legal(table)[0])
    state, log = table.state, table.hand.log
    computer = {k: why for k, why in table.reasons.items() if log[k].seat != "S"}
    assert computer and all(why for why in computer.values())
    assert table.reasons[max(k for k in table.reasons if log[k].seat == "S")] == ""
    seat, card = (state.trick.plays or state.tricks[-1].plays)[0]
    step = log.index(next(a for a in log if str(a) == f"{seat} plays {card}"))
    table.play(str(card))
    assert table.reasons[step] in table.coach_text and table.coach_text.startswith(f"Why {seat} played")
    table = Table("tressette", scenario="tressette-thirds")
    table.first_button.click()
    while not table.state.trick or not table.state.trick.plays:
        table.forward_button.click()
    table.play(str(table.state.trick.plays[0][1]))
    assert "came with the scenario" in table.message_box.value


def test_coach_plays_one_decision_of_the_learners_seat_per_press():
    table = Table("tressette", seed=7)
    start = table.index
    table.coach.play_button.click()
    assert table.hand.log[start].seat == "S" and table.state.to_act == "S"
    assert table.reasons[start] and table.reasons[start] in table.message_box.value


def test_review_lists_the_costliest_decisions_with_buttons_that_step_there():
    table = Table("tressette", seed=3)
    assert table.coach.review_button.disabled
    while not table.state.over:
        table.play(learner_legal(table)[-1])
    table.coach.review_button.click()
    rows = table.coach.rows.children
    assert 1 <= len(rows) <= 3
    from cardlab.review import review
    moments = review(table.rules, table.hand, "S")
    assert all(moment.loss.amount >= 0 for moment in moments)
    choices = [k for k, action in enumerate(table.hand.log)
               if getattr(action, "seat", "") == "S" and len(table.rules.legal(table.hand.states[k])) > 1]
    assert [m.step for m in moments] == choices
    costly = sorted((m for m in moments if m.loss.amount > 0), key=lambda m: -m.loss.amount)
    button = rows[0].children[1]
    assert button.description == f"Go to step {costly[0].step}"
    assert f"{costly[0].loss.amount:.2f}" in rows[0].children[0].value
    button.click()
    assert table.index == costly[0].step and table.state.to_act == "S"
    assert table.coach.rows.children == rows                 # stepping keeps the review


def test_the_review_says_how_far_it_has_got_and_cannot_be_asked_twice_meanwhile():
    table = Table("tressette", seed=7)
    while not table.state.over:
        table.play(learner_legal(table)[-1])
    seen: list[tuple[str, bool]] = []
    table.message_box.observe(lambda change: seen.append((change["new"], table.coach.review_button.disabled)),
                              names="value")
    table.coach.review_button.click()
    choices = sum(1 for k, action in enumerate(table.hand.log)
                  if getattr(action, "seat", "") == "S" and len(table.rules.legal(table.hand.states[k])) > 1)
    progress = [(text, disabled) for text, disabled in seen if "Reviewing" in text]
    assert [text for text, _ in progress] == [html.note(f"Reviewing your decision {k} of {choices}…")
                                              for k in range(1, choices + 1)]
    assert all(disabled for _, disabled in progress)
    assert not table.coach.review_button.disabled and "Reviewing" not in table.message_box.value


def test_the_learner_counts_before_the_breakdown_and_the_trainer_leaves_with_the_end():
    table = Table("tressette", scenario="tressette-thirds")
    assert table.counting.layout.display == "none"
    table.last_button.click()
    assert table.state.over and table.counting.layout.display == ""
    assert table.breakdown_box.value == table.points_box.value == ""          # nothing gives the count away
    assert "Count your side's points" in table.counting.heading.value
    table.counting.skip_button.click()
    assert "End of hand" in table.breakdown_box.value and "Total" in table.points_box.value
    table.back_button.click()
    assert table.counting.layout.display == "none" and not table.counting.done
    table.last_button.click()
    assert table.breakdown_box.value == "" and table.counting.layout.display == ""


def test_a_scenario_of_another_game_is_refused_in_one_sentence_and_the_table_is_unchanged():
    table = Table("tressette", seed=3)
    before = table.hand.log
    table.load_scenario("quadrille-vole")
    assert table.message == "The scenario is for another game (quadrille), not Tressette."
    assert table.hand.log == before and table.rules.key == "tressette"
