"""The table's own sentences in French and Italian (issue 24, second slice): every game's calls in
words, refusals of calls, status lines, seat badges, board descriptions, hand summaries and match
notes, produced over seeded hands with every variant that adds calls, with nothing missed in the
catalogs, not left in English, and every placeholder filled."""
from __future__ import annotations

import re

import pytest

from cardlab import i18n
from cardlab.actions import Call
from cardlab.bots import RandomBot
from cardlab.games import GAMES, get_rules
from cardlab.playout import steps
from cardlab.render.table import table_svg
from cardlab.render.text import board_description, table_text
from tests.i18n_misses import missed

TRANSLATED = ("fr", "it")
# the variants whose calls, signals and bids a plain game never makes
VARIANTS: dict[str, tuple[dict, ...]] = {
    "tressette": ({}, {"declarations": True, "signals": True}, {"declarations": True, "declare": "by hand"}),
    "quatre_sept": ({}, {"signals": True, "redeal_no_high_cards": True, "low_lead_rule": True},
                    {"politaine_announce": "before_first_lead", "redeal_no_high_cards": True}),
    "sixty_six": ({}, {"ten_of_trumps_bonus": True}),
    "aluette": ({}, {"surrender": True, "signals": "partner"}, {"signals": "open", "match": "first_to_5"}),
    "vache": ({}, {"players": 3}, {"players": 5, "match": "one hand"}),
    "quadrille": ({}, {"preference": "H", "mediator": True, "vole_announced": True},
                  {"grandissimo": True, "devole": True, "forced_invitation": True}),
}
# calls tried at every step, to draw each game's refusals of calls
TRIED = ("", "passes", "asks", "stops", "sings", "signals busso", "signals tap", "signals ace", "signals nothing",
         "declares politaine H", "declares politaine X", "declares three aces", "declares nonsense",
         "demands a redeal", "discards 4S", "offers surrender", "names trumps S", "calls KH", "gives 7S",
         "bids solo", "plays for the vole")
FIELD = re.compile(r"\{[a-z_]*\}")


def sayings(key: str, options: dict, seed: int) -> list[tuple[str, str]]:
    """(kind, text) of everything the table says over one seeded hand, in the current language."""
    rules = get_rules(key, **options)
    said: list[tuple[str, str]] = []
    state = None
    for step in steps(rules, rules.initial(rules.seats[seed % len(rules.seats)]), RandomBot(seed),
                      chance=seed, forced=True):
        state = step.before
        said.append(("status", rules.status(state)))
        said += [("call", rules.describe(action)) for action in rules.legal(state) if state.phase != "deal"]
        said += [("badge", badge) for seat in rules.seats for badge in rules.badges(state, seat)]
        scene = rules.scene(state, rules.seats[0])
        said += [("board", board_description(scene)), ("text", table_text(scene))]
        if state.phase != "deal" and state.to_act is not None:
            for words in TRIED:
                refusal = rules.why_illegal(state, Call(state.to_act, words))
                if refusal is not None:
                    said.append(("refusal", refusal))
            if rules.cards_to_pick(state):
                said.append(("call", rules.describe_pick(state, [])))
    final = step.after
    said.append(("status", rules.status(final)))
    result = rules.score(final)
    said.append(("summary", result.summary))
    settled = rules.settle(rules.new_match(rules.seats[0]), result)
    if settled.note:
        said.append(("note", settled.note))
    table_svg(rules.scene(final, rules.seats[0]))
    return said


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_sentence_of_the_table_is_in_each_language(key):
    for lang in TRANSLATED:
        for options in VARIANTS[key]:
            for seed in range(3):
                english = sayings(key, options, seed)
                with missed(lang) as lost:
                    spoken = sayings(key, options, seed)
                assert not lost, (lang, key, options, seed, sorted(set(lost)))
                assert [kind for kind, _ in spoken] == [kind for kind, _ in english]
                for (kind, text), (_, original) in zip(spoken, english):
                    assert not FIELD.search(text), (lang, kind, text)
                    if kind in ("status", "call", "refusal", "summary", "note", "board") and re.search(
                            r"[a-z]{3}", original):
                        assert text != original, (lang, kind, text)


def test_calls_in_each_games_own_words():
    tressette = get_rules("tressette", signals=True, declarations=True)
    quadrille, aluette = GAMES["quadrille"](), GAMES["aluette"]()
    with i18n.speaking("it"):
        assert tressette.describe(Call("S", "signals busso")) == (
            "Segnala busso (gioca la tua carta migliore in questo seme)")
        assert tressette.describe(Call("S", "declares napoletana D")) == "Accusa la napoletana di denari"
        assert quadrille.describe(Call("S", "calls KH")) == "Chiamo il re di cuori"
        assert aluette.describe(Call("S", "discards 4S")) == "Scarta il 4 di spade"
    with i18n.speaking("fr"):
        assert quadrille.describe(Call("S", "asks leave")) == "Demander"
        assert quadrille.describe(Call("S", "bids solo in hearts")) == "Jouer seul à ♥ cœur"
        assert quadrille.describe(Call("S", "calls KH")) == "Appeler le roi de cœur"
        assert aluette.describe(Call("S", "signals monsieur")) == "Signaler Monsieur (le 3 de denier)"
        assert aluette.class_name(aluette.pack.parse("2S")) == "Deux d'Écrit"
        assert aluette.class_name(aluette.pack.parse("AS")) == "les as"
        assert aluette.describe(Call("S", "sings")) == "Chanter"
    assert quadrille.describe(Call("S", "bids solo in hearts")) == "Bid solo in ♥ hearts"
    assert aluette.describe(Call("S", "signals monsieur")) == "Signal Monsieur (the 3 of coins)"


BAD_SCENARIOS = (
    "[]", "{", '{"format": "cardlab-scenario/1", "game": "chess"}', '{"format": 2, "game": "tressette"}',
    '{"format": "cardlab-scenario/1", "game": "tressette", "seed": -1}',
    '{"format": "cardlab-scenario/1", "game": "tressette", "dealer": "X"}',
    '{"format": "cardlab-scenario/1", "game": "tressette", "options": {"colour": 1}}',
    '{"format": "cardlab-scenario/1", "game": "tressette", "deal": {"S": ["ZZ"]}}',
    '{"format": "cardlab-scenario/1", "game": "tressette", "actions": [3]}',
    '{"format": "cardlab-scenario/1", "game": "tressette", "notes": {"x": "y"}}',
    '{"format": "cardlab-scenario/1", "game": "tressette", "bogus": 1}',
)


def test_a_bad_scenario_or_link_is_one_sentence_in_each_language():
    from cardlab.scenario import ScenarioError, loads
    from cardlab.widgets.address import decode

    for lang in TRANSLATED:
        for text in BAD_SCENARIOS:
            with pytest.raises(ScenarioError) as english:
                loads(text)
            with missed(lang) as lost, pytest.raises(ScenarioError) as spoken:
                loads(text)
            assert not lost, (lang, text, lost)
            assert str(spoken.value) != str(english.value) and "\n" not in str(spoken.value)
        for link in ("zAAAA", "nothing", "z" + "A" * 50, "z!"):
            with pytest.raises(ScenarioError) as english:
                decode(link)
            with missed(lang) as lost, pytest.raises(ScenarioError) as spoken:
                decode(link)
            assert not lost and str(spoken.value) != str(english.value), (lang, link, lost)
    with i18n.speaking("fr"), pytest.raises(ScenarioError) as damaged:
        decode("z!")
    assert str(damaged.value) == "Ce lien est abîmé\u00a0: il a été coupé ou modifié."


def test_the_table_session_speaks_each_language():
    from cardlab.session import TableSession

    for lang in TRANSLATED:
        with missed(lang) as lost:
            table = TableSession("tressette", seed=3)
            said = [table.view().frame.status, table.view().frame.words]
            table.review()
            said.append(table.view().message)
            table.next_hand()
            said.append(table.view().message)
            table.set_level("S", "club")
            said.append(table.view().coach)
            table.hint("S")
            said.append(table.view().coach)
            table.act("N", "N plays 3D")
            said.append(table.view().message)
        assert not lost, (lang, lost)
        assert all(text and not FIELD.search(text) for text in said), said
    with i18n.speaking("it"):
        table = TableSession("tressette", seed=3)
        table.act("N", "N plays 3D")
        assert table.view().message == "Il computer gioca le carte di N."
        assert table.view().frame.status.startswith("Presa 1: ")


def cli(*args: str, stdin: str = "") -> tuple[int, dict]:
    import json

    from tests.cli import run

    done = run(*args, stdin=stdin)
    assert done.err == ""
    return done.code, json.loads(done.out)


def test_the_command_line_prints_its_sentences_in_the_language_asked():
    code, english = cli("replay", "-", stdin="{")
    code_fr, french = cli("--lang", "fr", "replay", "-", stdin="{")
    assert code == code_fr == 2
    assert french["error"]["message"].startswith("Le scénario n'est pas du JSON valide\u00a0: ")
    assert french.keys() == english.keys()
    code, italian = cli("duel", "tressette", "--bots", "club,nobody", "--hands", "4", "--lang", "it")
    assert code == 2 and italian["error"].startswith("--bots vuole due livelli separati da una virgola")
    code, french = cli("--lang=fr", "hint", "builtin:tressette-follow-suit", "--level", "grandmaster")
    assert code == 2 and french["error"] == ("'grandmaster' n'est pas un niveau\u00a0: l'ordinateur joue en "
                                             "beginner, club, expert.")


def test_aluettes_seating_ceremony_in_each_language():
    from cardlab.games.aluette.rules import ceremony

    pack = GAMES["aluette"]().pack
    drawn = ceremony(pack.cards, "N")
    for lang in TRANSLATED:
        with missed(lang) as lost:
            said = [drawn.caption(step) for step in range(drawn.steps + 1)]
            said += [drawn.scene(step).status for step in range(drawn.steps + 1)]
            said.append(board_description(drawn.scene(0)))
        assert not lost, (lang, lost)
        assert not any(FIELD.search(text) for text in said)
    with i18n.speaking("fr"):
        assert drawn.scene(drawn.steps).title == "Aluette\u00a0: qui joue avec qui"


def test_the_rules_panel_names_every_option_in_each_language():
    from cardlab.widgets.table import option_menus, rules_summary

    for lang in TRANSLATED:
        for key in sorted(GAMES):
            english = [menu.description for menu in option_menus(GAMES[key]()).values()]
            with missed(lang) as lost:
                spoken = [menu.description for menu in option_menus(GAMES[key]()).values()]
                summary = rules_summary(get_rules(key, **VARIANTS[key][1]))
            assert not lost, (lang, key, lost)
            assert spoken != english and summary.split()[0] != "Rules:"
    with i18n.speaking("fr"):
        assert rules_summary(get_rules("tressette", signals=True)) == (
            "Règles\u00a0: Signaux de l'entameur (busso, volo, striscio)\u00a0: oui (modifiables)")
