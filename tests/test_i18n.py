"""The languages: complete catalogs, compiled and up to date; every game's refusals of illegal moves
in English, French and Italian over seeded hands; ``--lang`` on the command line; a bad language."""
from __future__ import annotations

import gettext
import io
import json
import random
import re
import shutil
import string
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from cardlab import i18n
from cardlab.actions import Call, Deal, Play
from cardlab.bots import RandomBot
from cardlab.card_words import card_name
from cardlab.cards import ITALIAN_40, PACKS, SPANISH_48, Card
from cardlab.games import GAMES
from cardlab.playout import steps
from cardlab.rules import IllegalAction

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "cardlab" / "locale"
TRANSLATED = ("fr", "it")
# English words of the table that a French or Italian sentence must not contain (quoted action text aside)
ENGLISH = re.compile(r"\b(the|of|and|you|must|were|led|hold|hearts|spades|diamonds|clubs|swords|cups|coins|"
                     r"batons|ace|jack|knight|queen|king|trumps?)\b", re.IGNORECASE)
QUOTED = re.compile(r"«[^»]*»")


def catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "cardlab.po", "rb") as po:
        return read_po(po)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(lang):
    messages = [m for m in catalog(lang) if m.id]
    assert messages
    for message in messages:
        assert not message.fuzzy, message.id
        if message.pluralizable:
            forms = message.string
            assert len(forms) == catalog(lang).num_plurals and all(forms), message.id
            for form in forms:
                assert fields(form) == fields(message.id[1]), (message.id, form)
        else:
            assert message.string, message.id
            assert fields(message.string) == fields(message.id), (message.id, message.string)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_holds_exactly_the_sentences_of_the_source(lang, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))  # babel.cfg's extractors of the data files
    with open(ROOT / "babel.cfg") as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    assert ("cardlab/**.py", "python") in method_map and ("widgets/**.py", "python") in method_map
    keywords = {"_": None, "N_": None, "pgettext": ((1, "c"), 2), "ngettext": (1, 2), "mark": ((1, "c"), 2)}
    found = {(context, message if isinstance(message, str) else message[0])
             for _, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map, keywords=keywords)}
    with open(LOCALE / "cardlab.pot", "rb") as pot:
        template = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(pot) if m.id}
    translated = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog(lang) if m.id}
    assert found == template == translated, "run bash scripts/catalogs.sh update, translate, then compile"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalog_is_up_to_date(lang):
    compiled = io.BytesIO()
    write_mo(compiled, catalog(lang))
    shipped = (LOCALE / lang / "LC_MESSAGES" / "cardlab.mo").read_bytes()
    assert shipped == compiled.getvalue(), "run bash scripts/catalogs.sh compile"
    assert isinstance(i18n.catalog(lang), gettext.GNUTranslations)


@pytest.mark.slow
def test_the_wheel_ships_the_compiled_catalogs_and_the_glossaries(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in", "cardlab", "widgets"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, source / name)
    built = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                            str(tmp_path / "dist"), str(source)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    with zipfile.ZipFile(next((tmp_path / "dist").glob("cardlab-*.whl"))) as wheel:
        shipped = {name for name in wheel.namelist() if "/locale/" in name}
    assert shipped == {f"cardlab/locale/{lang}/LC_MESSAGES/cardlab.mo" for lang in TRANSLATED}


def test_card_names_keep_english_and_speak_each_pack_in_its_words():
    for pack in PACKS.values():
        for card in pack.cards:
            assert card_name(pack, card) == pack.name(card)
    knight, ace = Card.parse("KnD"), Card.parse("AS")
    with i18n.speaking("it"):
        assert card_name(ITALIAN_40, knight) == "il cavallo di denari"
        assert card_name(ITALIAN_40, ace) == "l'asso di spade"
        assert GAMES["tressette"]().names([knight, ace]) == "il cavallo di denari e l'asso di spade"
    with i18n.speaking("fr"):
        assert card_name(SPANISH_48, ace) == "l'as d'épée"
        assert card_name(PACKS["french32"], Card.parse("QH")) == "la dame de cœur"


def test_quadrille_names_its_matadors_in_each_language():
    rules = GAMES["quadrille"]()
    spadille = Card.parse("AS")
    assert rules.card_label(None, spadille) == "the ace of spades"
    state = rules.initial("S").evolve(trumps="H")
    assert rules.card_label(state, spadille) == "Spadille (the ace of spades)"
    with i18n.speaking("fr"):
        assert rules.card_label(state, Card.parse("AC")) == "Baste (l'as de trèfle)"
    with i18n.speaking("it"):
        assert rules.card_label(state, spadille) == "Spadiglia (l'asso di picche)"


def refusals(key: str, seeds: range) -> list[tuple]:
    """Illegal actions tried at every step of seeded random hands: each with its refusal in every
    language, through :meth:`why_illegal` and :meth:`apply` alike."""
    rules = GAMES[key]()
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        for step in steps(rules, rules.initial(rules.seats[seed % len(rules.seats)]), RandomBot(seed),
                          chance=seed, forced=True):
            state, seat = step.before, step.before.to_act
            if state.phase == "deal" or seat is None:
                continue
            hand = [card for card in state.hand(seat) if card is not None]
            legal = rules.legal_cards(state, seat) if state.phase == "play" else []
            tries = [Play(seat, card) for card in hand if card not in legal][:2]
            away = [card for card in rules.pack.cards if card not in hand]
            tries.append(Play(seat, rng.choice(away)))
            tries.append(Play(rules.next_seat(seat), hand[0]))
            if key == "vache":
                tries.append(Call(seat, "passes"))
            for action in tries:
                said = {}
                for lang in i18n.LANGUAGES:
                    with i18n.speaking(lang):
                        said[lang] = rules.why_illegal(state, action)
                        if said[lang] is not None:
                            with pytest.raises(IllegalAction) as refused:
                                rules.apply(state, action)
                            assert str(refused.value) == said[lang]
                if said["en"] is not None:
                    found.append((action, said))
    return found


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_refusal_of_every_game_is_said_in_each_language(key):
    found = refusals(key, range(6))
    english = {said["en"] for _, said in found}
    assert len(english) >= 3, english
    for action, said in found:
        for lang in TRANSLATED:
            text = said[lang]
            assert text and text != said["en"], (lang, said["en"])
            assert not ENGLISH.search(QUOTED.sub("", text)), (lang, text)
    if key in ("tressette", "quatre_sept", "sixty_six", "quadrille"):
        assert any(said["en"].startswith("You must follow suit") for _, said in found)


def test_follow_suit_in_french_and_italian():
    rules = GAMES["tressette"]()
    deal = {"W": "3C 2C AC KC KnC JD 7D 6D 5D 4D", "S": "JC 7C 6C 5C 4C 3D 2D AD KD KnD",
            "E": "AH 3H KH 6H 4H 3S KS JS JH 5S", "N": "AS 2H 7H 5H 7S 2S KnS KnH 6S 4S"}
    hands = tuple((seat, tuple(Card.parse(code) for code in deal[seat].split())) for seat in rules.seats)
    state = rules.apply(rules.initial("N"), Deal("N", hands, ()))
    state = rules.apply(state, Play("W", Card.parse("4D")))
    with i18n.speaking("it"):
        assert rules.why_illegal(state, Play("S", Card.parse("JC"))) == (
            "Devi rispondere a denari, il seme giocato: hai il 3 di denari, il 2 di denari, l'asso di denari, "
            "il re di denari e il cavallo di denari.")
    with i18n.speaking("fr"):
        assert rules.why_illegal(state, Play("S", Card.parse("JC"))) == (
            "Vous devez fournir\u00a0: on a joué denier et vous avez le 3 de denier, le 2 de denier, l'as de "
            "denier, le roi de denier et le cavalier de denier.")


def test_plurals_and_numbers_the_languages_way():
    beat = ("{cards} beats {best}", "{cards} beat {best}")
    with i18n.speaking("fr"):
        assert [i18n.ngettext(*beat, n) for n in (0, 1, 2)] == ["{cards} bat {best}"] * 2 + ["{cards} battent {best}"]
        assert i18n.number(Fraction(17, 3)) == "5\u00a0⅔"
        assert i18n.number(2.5) == "2,5" and i18n.number(12000) == "12\u202f000"
        assert i18n.number(1234567.0) == "1\u202f234\u202f567" and i18n.number(-0.75) == "−0,75"
    with i18n.speaking("it"):
        assert [i18n.ngettext(*beat, n) for n in (0, 1, 2)] == [
            "{cards} superano {best}", "{cards} supera {best}", "{cards} superano {best}"]
        assert i18n.number(Fraction(-2, 3)) == "−⅔" and i18n.number(1.25) == "1,25"
        assert i18n.number(12000) == "12.000"
    assert i18n.number(Fraction(17, 3)) == "5⅔" and i18n.number(2.5) == "2.5" and i18n.number(12000) == "12,000"


def test_an_unknown_language_is_one_sentence_and_keeps_the_language():
    with i18n.speaking("it"):
        with pytest.raises(i18n.LanguageError) as refused:
            i18n.use("de")
        assert i18n.language() == "it"
    assert str(refused.value) == ("'de' is not a language of cardlab: the languages are en (English), "
                                  "fr (français), it (italiano).")
    assert i18n.language() == "en"


def cli(*args: str, stdin: str = "") -> tuple[int, dict]:
    from tests.cli import run

    done = run(*args, stdin=stdin)
    assert done.err == ""
    return done.code, json.loads(done.out)


def test_lang_on_the_command_line_changes_only_the_sentences():
    scenario = json.loads((ROOT / "cardlab" / "scenarios" / "tressette-follow-suit.json").read_text())
    scenario["actions"].append("S plays 2S")
    text = json.dumps(scenario)
    code, english = cli("replay", "-", stdin=text)
    assert code == 2 and english["error"]["message"].startswith("You must follow suit: cups were led")
    code_fr, french = cli("--lang", "fr", "replay", "-", stdin=text)
    code_it, italian = cli("replay", "-", "--lang=it", stdin=text)
    assert code_fr == code_it == 2
    assert french["error"]["message"] == ("Vous devez fournir\u00a0: on a joué coupe et vous avez le 6 de coupe "
                                          "et le cavalier de coupe.")
    assert italian["error"]["message"] == "Devi rispondere a coppe, il seme giocato: hai il 6 di coppe e il cavallo di coppe."
    for answer in (french, italian):
        assert {k: v for k, v in answer.items() if k != "error"} == {k: v for k, v in english.items() if k != "error"}
        assert answer["error"]["action"] == english["error"]["action"]


def test_a_bad_language_on_the_command_line_is_one_sentence():
    for args in (("--lang", "de", "scenarios"), ("scenarios", "--lang"), ("--lang=x" * 20, "scenarios")):
        code, answer = cli(*args)
        assert code == 2 and list(answer) == ["error"]
        assert answer["error"].endswith("the languages are en (English), fr (français), it (italiano).")
        assert len(answer["error"]) < 160


def test_an_installed_language_is_spoken_where_no_block_says_otherwise():
    try:
        i18n.install("fr")
        assert i18n.language() == "fr"
        assert i18n.number(Fraction(17, 3)) == "5\u00a0⅔"
        with i18n.speaking("it"):
            assert i18n.language() == "it"
        with pytest.raises(i18n.LanguageError):
            i18n.install("de")
        assert i18n.language() == "fr"
    finally:
        i18n.install("en")
    assert i18n.language() == "en"
