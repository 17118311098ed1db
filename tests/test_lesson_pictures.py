"""A first screen that plays (issue 34, item 12), at the cheapest level: the pictures are engine
drawings, so what they show is read from the SVG text, and the order of a page's first things is
read from the notebooks as committed (the browser measures the first screen in
``tests/browser/test_lesson_pages.py``).

- every game's picture is its own dealt table, in its own pack: South's cards face up (the very cards
  the seed deals), the three other hands face down with as many backs as they hold cards;
- it is one small static SVG: no card is a button, and a landing page of six stays light;
- the landing page shows every game's picture as a link to its lesson, in its own language;
- each game lesson, in every language, opens with its title, its picture and the guided hand's
  Start button; the aims and the progress panel come after;
- the big pictures further down (a pack, a suit's order, a deal, the draw for the dealer, classes of
  cards, the signals' cards) come as
  placeholders of the drawing's size and name holding the drawing, for the page to draw near the
  screen (``tests/browser/test_lesson_pages.py`` scrolls to each and sees it drawn); the game's
  picture on the first screen is drawn at once.
"""
from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest

from cardlab import i18n, lesson
from cardlab.games import GAMES, get_rules, traits
from cardlab.record import Hand
from cardlab.render.picture import table_picture
from cardlab.render.pips import symbol_id

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FOLDERS = {"en": NOTEBOOKS, "fr": NOTEBOOKS / "fr", "it": NOTEBOOKS / "it"}
ELEMENTS = 400
"""Most elements one picture may hold (the table's own picture of a deal holds about 450)."""


def dealt(game: str):
    rules = get_rules(game)
    return rules, Hand.dealt(rules, "N", lesson.PICTURE_SEED + list(GAMES).index(game)).state


@pytest.mark.parametrize("game", GAMES)
def test_a_picture_shows_the_dealt_table_in_the_games_own_pack(game):
    rules, state = dealt(game)
    svg = table_picture(rules.scene(state, "S"), "label")
    assert svg.startswith("<svg") and svg.count("cardlab-picture-table") == 1
    faces = re.findall(r'data-card="([^"]+)"', svg)
    assert sorted(faces) == sorted(str(card) for card in state.hand("S"))
    backs = svg.count('class="card back"')
    assert backs == sum(len(state.hand(seat)) for seat in rules.seats if seat != "S")
    assert f'href="#cl-face-{faces[0]}-mini"' not in svg  # the faces are renamed with the drawing's own ids…
    assert re.search(rf'<symbol id="[^"]*face-{re.escape(faces[0])}-mini"', svg)  # …and defined in it
    pips = symbol_id(rules.pack.family, "S").removeprefix("cl-")
    assert re.search(rf'<symbol id="cl[0-9a-f]+-{re.escape(pips)}"', svg), "the pack's own pips"


@pytest.mark.parametrize("game", GAMES)
def test_a_picture_is_small_and_static(game):
    rules, state = dealt(game)
    svg = table_picture(rules.scene(state, "S"), "label")
    assert svg.count("<") - svg.count("</") <= ELEMENTS
    assert 'role="button"' not in svg and "tabindex" not in svg and "<script" not in svg


def test_a_picture_escapes_its_words():
    rules, state = dealt("tressette")
    svg = table_picture(rules.scene(state, "S"), 'a "quoted" <label>')
    assert 'aria-label="a &quot;quoted&quot; &lt;label&gt;"' in svg


def test_the_landing_pictures_link_every_game_to_its_lesson():
    shown = lesson.pictures()
    links = re.findall(r'<a href="([^"]+)"><figure class="cardlab-picture">', shown.html)
    assert links == [traits(get_rules(game)).lesson for game in GAMES]
    assert shown.html.count("cardlab-picture-table") == len(GAMES)
    assert all((NOTEBOOKS / link).is_file() for link in links)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_picture_is_named_in_the_pages_language(lang):
    english = lesson.picture("aluette").text
    with i18n.speaking(lang):
        said = lesson.picture("aluette")
        landing = lesson.pictures()
    assert said.text != english and said.text.startswith("Aluette")
    assert f'aria-label="{said.text}"' in said.html.replace("&#x27;", "'")
    assert "Spanish 48-card pack" not in landing.html and "Italian 40-card pack" not in landing.html


def code_and_markdown(path: Path) -> list[tuple[str, str]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [(cell["cell_type"], "".join(cell["source"])) for cell in notebook["cells"]]


GAME_LESSONS = [pytest.param(lang, path, id=f"{lang}-{path.stem}") for lang, folder in FOLDERS.items()
                for path in sorted(folder.glob("*.ipynb")) if "Tutorial(" in path.read_text(encoding="utf-8")]


def test_every_game_lesson_is_found():
    assert len(GAME_LESSONS) == 3 * 5


@pytest.mark.parametrize("lang, path", GAME_LESSONS)
def test_a_lesson_opens_with_its_picture_then_the_guided_hand_then_its_aims_and_progress(lang, path):
    cells = code_and_markdown(path)
    code = [source for kind, source in cells if kind == "code"]
    shown = [source for source in code[1:]]
    picture = next(i for i, source in enumerate(shown) if source.startswith("lesson.picture("))
    tutorial = next(i for i, source in enumerate(shown) if source.startswith("Tutorial("))
    progress = next(i for i, source in enumerate(shown) if source.startswith("ProgressPanel("))
    assert picture == 0 and tutorial == 1 and progress == 2, shown[:3]
    game = re.match(r'Tutorial\("(\w+)"\)', shown[tutorial]).group(1)
    assert shown[picture] == f'lesson.picture("{game}")'
    markdown_before = [source for kind, source in cells[:[s for _, s in cells].index(shown[tutorial])]
                       if kind == "markdown"]
    assert len(markdown_before) == 2, "only the title and the guided hand's words come before the Start button"
    assert not re.search(r"^- ", "\n".join(markdown_before), flags=re.MULTILINE), "the list of aims comes later"


@pytest.mark.parametrize("lang", FOLDERS)
def test_the_landing_page_shows_the_pictures_before_anything_else(lang):
    code = [source for kind, source in code_and_markdown(FOLDERS[lang] / "index.ipynb") if kind == "code"]
    assert code[1] == "lesson.pictures()"


LATER = re.compile(r'<span class="cardlab-later" role="img" aria-label="([^"]*)" data-picture="([^"]*)" '
                   r'style="display:inline-block;width:([\d.]+)px;max-width:100%;aspect-ratio:([\d.]+) / ([\d.]+)"></span>')


@pytest.mark.parametrize("shown", [
    pytest.param(lambda: lesson.pack("tressette"), id="pack"),
    pytest.param(lambda: lesson.ranking("sixty_six"), id="ranking"),
    pytest.param(lambda: lesson.deal("quadrille"), id="deal"),
    pytest.param(lambda: lesson.quadrille_orders("S"), id="orders"),
    pytest.param(lambda: lesson.dealer_draw("quatre_sept"), id="dealer-draw"),
    pytest.param(lambda: lesson.classes("vache"), id="classes"),
    pytest.param(lambda: lesson.gestures(), id="gestures")])
def test_a_big_picture_comes_as_a_placeholder_holding_it(shown):
    html = shown().html
    found = LATER.findall(html)
    assert found and "<svg" not in LATER.sub("", html), "every drawing is held by a placeholder"
    for name, held, width, aspect_width, aspect_height in found:
        svg = unescape(held)
        assert svg.startswith("<svg ") and svg.endswith("</svg>")
        assert f'width="{width}" height="{aspect_height}"' in svg and width == aspect_width
        assert f'aria-label="{name}"' in svg


def test_the_first_screens_picture_is_drawn_at_once():
    for shown in (lesson.picture("tressette"), lesson.pictures()):
        assert "cardlab-picture-table" in shown.html and "cardlab-later" not in shown.html


def test_a_placeholder_needs_a_named_drawing_of_a_size():
    with pytest.raises(ValueError, match="width, a height and a name"):
        lesson.later('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>')
