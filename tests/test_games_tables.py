"""The words and numbers the browser tests of the games' tables read on the page, asked of the same
widgets in Python: each table built as its lesson builds it, driven through its traits and buttons
as the browser drives it (``tests/browser/test_tressette.py``, ``test_sixty_six.py``,
``test_quatre_sept.py``, ``test_aluette.py``, ``test_coach.py``).  The browser tests keep the clicks
reaching the kernel and what the page draws; here a wrong sentence or number fails in a second,
without a browser, and says which widget said it."""
from __future__ import annotations

import re
from fractions import Fraction
from html import unescape

from cardlab import Call, Hand, Play, get_rules
from cardlab.bots import SimpleBot, play_out
from cardlab.cards import Card
from cardlab.players import get_player
from cardlab.points import pretty
from cardlab.scenario import builtin, run
from cardlab.widgets import Preview, Table


def text(markup: str) -> str:
    """What the page shows of ``markup``: its text, tags gone, entities read."""
    return unescape(re.sub(r"<[^>]+>", " ", markup))


def totals(markup: str) -> list[str]:
    """The points panel's or match sheet's footer cells, as the browser tests read them."""
    foot = re.search(r"<tfoot>(.*?)</tfoot>", markup, re.S)
    assert foot, markup
    return [text(cell).strip() for cell in re.findall(r"<th[^>]*>.*?</th>", foot.group(1), re.S)]


def free_table(game: str, seed: int, level: str = "beginner") -> Table:
    """The lesson's free table, dealt as the browser test deals it: level, seed, New deal."""
    table = Table(game)
    table.coach.level_pick.value = level
    table.seed_box.value = seed
    table.deal_button.click()
    return table


def click(table: Table, card: object) -> None:
    table.board.clicked = f"{card}#{len(table.hand.log)}"


def test_tressette_free_table_refuses_with_the_rule_and_moves_the_points() -> None:
    table = free_table("tressette", 0)
    rules = get_rules("tressette")
    state = Hand.dealt(rules, "N", 0).state
    for action in play_out(rules, state, SimpleBot(), until="S"):
        state = rules.apply(state, action)
    assert "S to play" in text(table.step_label.value)
    refused = next(c for c in state.hand("S") if c not in rules.legal_cards(state, "S"))
    click(table, refused)
    assert table.message == rules.why_illegal(state, Play("S", refused))
    assert table.message.startswith("You must follow suit")
    allowed = rules.legal_cards(state, "S")[0]
    click(table, allowed)
    assert table.message == ""
    after = table.state
    points = rules.running_points(after)
    shown = totals(table.points_box.value)
    assert shown[1:3] == [pretty(sum(points[side].values(), Fraction(0))) for side in ("NS", "EW")]
    assert any(value != "0" for value in shown[1:3]), "this seed's first trick carries points"
    steps = len(after.tricks) * 4 + len(after.trick.plays) + 1
    assert f"Step {steps} of {steps}" in text(table.step_label.value)
    assert f"Trick {after.trick_number}" in text(table.step_label.value)


def test_tressette_thirds_scenario_ends_with_its_breakdown_in_thirds() -> None:
    table = Preview("tressette", scenario="tressette-thirds").play()
    assert "third" in text(table.caption.value)
    table.last_button.click()
    table.counting.skip_button.click()
    breakdown = text(table.breakdown_box.value)
    assert "End of hand" in breakdown and "5⅔" in breakdown and "−⅔" in breakdown
    assert "+5 → 5" in text(table.match_box.value)


def test_sixty_six_refuses_with_the_duty_and_a_free_game_counts_66() -> None:
    table = Preview("sixty_six", scenario="sixty_six-beat-partner").play()
    hand = run(builtin("sixty_six-beat-partner")).hand
    rules, state = hand.rules, hand.state
    table.last_button.click()
    refused = next(c for c in state.hand("S") if c.suit == "H" and c not in rules.legal_cards(state, "S"))
    click(table, refused)
    assert table.message == rules.why_illegal(state, Play("S", refused))
    assert table.message.startswith("You must win the trick if you can, even over your partner")

    table = free_table("sixty_six", 80)
    while not table.state.over:
        click(table, SimpleBot().choose(table.rules, table.rules.view(table.state, "S")).card)
    result = table.rules.score(table.state)
    assert result.points["NS"] == 66 and result.score == {"NS": 1, "EW": 0}
    assert "The hand is over" in text(table.step_label.value)
    table.counting.skip_button.click()
    assert totals(table.points_box.value)[1:3] == ["66", "64"]
    assert result.summary in text(table.breakdown_box.value)
    assert "+1 → 1" in text(table.match_box.value)


def test_quatre_sept_politaine_scores_eleven_in_the_breakdown() -> None:
    table = Preview("quatre_sept", scenario="quatre_sept-politaine").play()
    table.coach.level_pick.value = "beginner"
    rules = table.rules
    table.first_button.click()
    table.forward_button.click()
    table.forward_button.click()
    assert "S to play" in text(table.step_label.value)
    click(table, "7C")
    assert "You must follow suit" in table.message
    declare = rules.describe(Call("S", "declares politaine H"))        # the button reads words
    next(button for button in table.calls_box.children if button.description == declare).click()
    assert "politaine hearts" in text(table.board.alt + table.board.svg)
    for card in ("AH", "10H", "9H"):
        click(table, card)
    assert "politaine" in text(table.points_box.value)
    while not table.state.over:
        click(table, rules.legal_cards(table.state, "S")[0])
    table.counting.skip_button.click()
    breakdown = table.breakdown_box.value
    row = next(row for row in re.findall(r"<tr.*?</tr>", breakdown, re.S) if "politaine" in row)
    assert "11" in text(row)
    assert "South's politaine of hearts: +11 to NS." in text(breakdown)
    assert str(rules.score(table.state).score["NS"]) in text(re.search(r"<tfoot>.*?</tfoot>", breakdown, re.S).group(0))


def test_aluette_spoiled_trick_is_won_by_nobody_and_its_leader_leads_again() -> None:
    scenario = builtin("aluette-spoiled-trick")
    hand = run(scenario).hand
    spoiled = next(n for n, t in enumerate(hand.state.tricks) if t.winner is None)
    actions = 4 * (spoiled + 1)
    after = hand.states[actions + 1]
    table = Preview("aluette", scenario="aluette-spoiled-trick").play()
    assert scenario.notes[0] in text(table.caption.value)
    assert f"Step 1 of {len(hand.log)}" in text(table.step_label.value)
    for _ in range(actions):
        table.forward_button.click()
    step = text(table.step_label.value)
    assert f"Step {actions + 1} of {len(hand.log)}" in step
    assert f"Trick {after.trick_number}: {after.to_act} to lead" in step
    assert after.to_act == after.tricks[spoiled].leader
    assert "spoiled — won by nobody" in text(table.board.svg)
    assert "spoiled" in text(table.caption.value)


def test_coach_hints_the_club_players_card_with_its_reason() -> None:
    table = Table("tressette")
    table.seed_box.value = 7
    table.deal_button.click()
    assert table.coach.level_pick.value == "club"
    rules, club = get_rules("tressette"), get_player("club")
    state = Hand.dealt(rules, "N", 7).state
    for action in play_out(rules, state, club, until="S"):
        state = rules.apply(state, action)
    decision = club.decide(rules, rules.view(state, "S"))
    table.coach.hint_button.click()
    assert table.hint_code == str(decision.action.card)
    message = text(table.message_box.value)
    assert "Hint (club): Play" in message and decision.reason in message
    assert Card.parse(table.hint_code) in rules.legal_cards(table.state, "S")
