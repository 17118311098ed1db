"""The room's pages in the room's language (issue 24): the teacher's form chooses it (preselected
from ``?lang=`` or the browser's Accept-Language), the room's pages carry it in their address and
their ``<html lang>``, every word of the page files, of the server's sentences and of ``room.js``
comes from the catalogs, and a bad language is ignored, never an error.  Served by the real app
(as ``scripts/serve.sh`` starts it) and spoken to over the real websocket."""
from __future__ import annotations

import json
import re
from html import unescape
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
import requests

from cardlab import i18n
from cardlab.classroom_duplicate import DealRow, DuplicateView, TableResult
from cardlab.games import GAMES
from cardlab.widgets import RoomsLinks, classroom, room_words
from cardlab.widgets.server import lesson_language, room_full_page
from tests.i18n_misses import missed
from tests.servers import TEACHER_KEY, Server
from websockets.sync.client import connect

from tests.test_classroom_server import LEGAL, Client, form_post, start

ROOM_JS = Path(classroom.FRONT / "room.js")
WORDS_BLOCK = re.compile(r'<script type="application/json" id="room-text">(.*?)</script>', re.S)
SELECTED = re.compile(r'<option value="(\w+)" lang="\w+" selected>')


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("rooms-language") / "classrooms.sqlite3", "voila-room-language")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def sockets() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def socket(stack: ExitStack, base: str, code: str, lang: str) -> Client:
    """A websocket to room ``code`` from a page in ``lang`` (room.js puts the page's language in its address)."""
    address = f"ws://{base.split('://', 1)[1]}/cardlab/room/{code}/ws?lang={lang}"
    return Client(stack.enter_context(connect(address, open_timeout=20)))


def opened(base: str, lang: str) -> tuple[str, str, str]:
    """A room opened through the form with ``lang`` chosen: its code, the teacher's page address
    (without the fragment) and the teacher's token."""
    answer = form_post(requests.Session(), f"{base}/cardlab/rooms?key={TEACHER_KEY}", {"game": "tressette", "level": "club", "lang": lang})
    assert answer.status_code == 302, answer.text
    found = re.fullmatch(r"(/cardlab/room/(\w{4}-\w{4})/teacher(?:\?lang=\w+)?)#(.+)", answer.headers["Location"])
    assert found, answer.headers["Location"]
    return found.group(2), found.group(1), found.group(3)


def seated(base: str, code: str, name: str, query: str) -> tuple[str, str]:
    """A learner seated through the name form: the play page's address and the seat token."""
    answer = form_post(requests.Session(), f"{base}/cardlab/room/{code}{query}", {"name": name})
    assert answer.status_code == 302, answer.text
    address, token = answer.headers["Location"].split("#", 1)
    return address, token


def words_of(page: str) -> dict[str, str]:
    return json.loads(WORDS_BLOCK.search(page).group(1))


# ----- which language -------------------------------------------------------------------------------

@pytest.mark.parametrize(("header", "lang"), [
    ("it-IT,it;q=0.9,en;q=0.8", "it"), ("de-DE, fr;q=0.5, en;q=0.4", "fr"), ("fr;q=0, it;q=0.1", "it"),
    ("en-GB,fr", "en"), ("de", None), ("", None), (None, None), ("fr;q=x, it", "it"), ("*", None),
])
def test_the_browser_s_best_language_among_cardlab_s(header: str | None, lang: str | None) -> None:
    assert room_words.best_language(header) == lang


def test_a_bad_language_in_the_address_is_ignored() -> None:
    assert room_words.page_language("fr", "it") == "fr"
    assert room_words.page_language("xx", "it") == "it"
    assert room_words.page_language("<script>", None) == "en"
    assert room_words.page_language(None, None) == "en"


def test_the_form_preselects_the_address_s_language_then_the_browser_s(server: Server) -> None:
    french = requests.get(f"{server.url}/cardlab/rooms?lang=fr&key={TEACHER_KEY}")
    assert french.status_code == 200 and '<html lang="fr">' in french.text
    assert SELECTED.findall(french.text) == ["fr"] and "Ouvrir la salle" in french.text
    assert "Langue de la salle" in french.text and ">italiano</option>" in french.text
    assert 'action="/cardlab/rooms?lang=fr"' in french.text
    refused = form_post(requests.Session(), f"{server.url}/cardlab/rooms?lang=fr&key={TEACHER_KEY}", {"game": "poker", "lang": "it"})
    assert refused.status_code == 400 and "Choisissez l'un des jeux de la liste." in unescape(refused.text)
    assert SELECTED.findall(refused.text) == ["it"]
    italian = requests.get(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}", headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert '<html lang="it">' in italian.text and SELECTED.findall(italian.text) == ["it"]
    assert "Apri l'aula" in unescape(italian.text)
    bad = requests.get(f"{server.url}/cardlab/rooms?lang=%3Cb%3E&key={TEACHER_KEY}", headers={"Accept-Language": "de"})
    assert bad.status_code == 200 and '<html lang="en">' in bad.text and SELECTED.findall(bad.text) == ["en"]
    assert "&lt;b&gt;" not in bad.text and "<b>" not in bad.text


def test_the_code_page_and_its_refusals_speak_the_address_s_language(server: Server) -> None:
    page = requests.get(f"{server.url}/cardlab/room", headers={"Accept-Language": "fr"})
    assert '<html lang="fr">' in page.text and "Entrer dans une salle de jeu" in page.text
    bad = requests.get(f"{server.url}/cardlab/room", params={"code": "nonsense!", "lang": "it"})
    assert bad.status_code == 400 and "8 lettere e cifre" in bad.text and 'name="lang" value="it"' in bad.text
    onward = requests.get(f"{server.url}/cardlab/room", params={"code": "k7qf2m9x", "lang": "it"},
                          allow_redirects=False)
    assert onward.headers["Location"] == "/cardlab/room/K7QF-2M9X?lang=it"
    missing = requests.get(f"{server.url}/cardlab/room/K7/play?lang=fr")
    assert missing.status_code == 404 and "Cette salle n'existe pas" in unescape(missing.text)
    assert 'href="/cardlab/room?lang=fr"' in missing.text


def test_a_french_room_s_pages_are_french(server: Server) -> None:
    code, teacher_page, teacher = opened(server.url, "fr")
    assert teacher_page.endswith("?lang=fr")
    page = requests.get(server.url + teacher_page).text
    assert '<html lang="fr">' in page and f"Professeur : salle {code}" in page
    assert "Montrer une table à la classe" in page and "Mettre toutes les tables en pause" in page
    link = re.search(r'<a id="room-link" href="([^"]+)"', page).group(1)
    assert link.endswith(f"/cardlab/room/{code}?lang=fr")
    assert words_of(page)["connected"] == "Connecté"
    join = unescape(requests.get(link).text)
    assert '<html lang="fr">' in join and "Votre nom à la table" in join and "S'asseoir" in join
    play, token = seated(server.url, code, "Zoé", "?lang=fr")
    assert play == f"/cardlab/room/{code}/play?lang=fr"
    learner = requests.get(server.url + play).text
    assert '<html lang="fr">' in learner and "Votre table" in learner and "Connexion…" in learner
    assert words_of(learner)["paused"].startswith("Votre professeur")


def test_an_english_room_keeps_its_addresses_and_words(server: Server) -> None:
    code, teacher_page, _ = opened(server.url, "en")
    assert teacher_page == f"/cardlab/room/{code}/teacher"
    page = requests.get(server.url + teacher_page, headers={"Accept-Language": "fr"}).text
    assert '<html lang="en">' in page and "Show the class one table" in page
    assert words_of(page)["connected"] == "Connected"


def test_a_bad_language_chosen_in_the_form_opens_an_english_room(server: Server) -> None:
    code, teacher_page, _ = opened(server.url, "klingon")
    assert teacher_page == f"/cardlab/room/{code}/teacher"


def test_a_french_learner_is_refused_an_illegal_card_in_french(server: Server, sockets: ExitStack) -> None:
    code, _, _ = opened(server.url, "fr")
    seats = []
    for name in ("Ann", "Bo", "Cy", "Di"):
        _, token = seated(server.url, code, name, "?lang=fr")
        client = socket(sockets, server.url, code, "fr")
        client.send({"hello": token, "width": 1200, "presenter": False})
        client.until(lambda message: "view" in message)
        seats.append(client)
    for client in seats:
        client.drain()
    waiting = next(client for client in seats if not LEGAL.search(client.view["svg"]))
    own = re.findall(r'data-card="([^"]+)"', waiting.view["svg"].split(f'data-seat="{waiting.view["seat"]}"', 1)[1])
    assert "place" in waiting.view["where"] and waiting.view["where"].startswith("Table 1")
    waiting.send({"play": own[0]})
    refusal = waiting.until(lambda message: "refused" in message)["refused"]
    assert refusal.startswith("C'est au tour de") and "Traceback" not in refusal
    waiting.send({"pause": True})
    assert waiting.until(lambda message: "refused" in message)["refused"] == "La salle ne comprend pas ce message."


def test_a_refusal_before_the_hello_speaks_the_page_s_language(server: Server, sockets: ExitStack) -> None:
    client = socket(sockets, server.url, "AAAA-AAAA", "it")
    client.send({"hello": "forged"})
    refusal = client.until(lambda message: "refused" in message)["refused"]
    assert refusal == "Questo link non dà nessun posto in quest'aula: chiedi il codice dell'aula all'insegnante."
    client.send({"play": "7D"})
    assert client.until(lambda message: "refused" in message)["refused"] == "Prima presentati con il link del tuo posto."


# ----- every word from the catalogs -------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_word_of_the_pages_is_in_the_catalogs(lang: str) -> None:
    played = TableResult(1, 0, {"NS": "NS", "EW": "EW"}, {"NS": 7, "EW": 4}, {"NS": 2, "EW": 0})
    turned = TableResult(2, 1, {"NS": "EW", "EW": "NS"}, None, None)
    view = DuplicateView(deals=2, units="points", over=False, status="…", rows=(DealRow(1, (played, turned)),),
                         ranking=())
    with missed(lang) as lost:
        for kind in room_words.PAGE_WORDS:
            words = room_words.page_words(kind)
            assert all(words.values())
        block = room_words.script_words()
        options = "".join(classroom.option_fields(game) for game in GAMES)
        sheet = classroom.duplicate_html(view)
        for constant in (classroom.NOT_A_CODE, classroom.BAD_SHAPE, classroom.NOT_SEATED, classroom.BAD_TOKEN,
                         classroom.TOO_BIG, classroom.engine.TOO_FAST, classroom.SHOW_SHAPE, classroom.ROUND_SHAPE):
            i18n._(constant)
        full = room_full_page(lang, 60)
        links = RoomsLinks({})._repr_html_()
    assert lost == []
    assert "<" not in block
    assert f'<html lang="{lang}">' in full and f"rooms?lang={lang}" in links
    assert "Rules of" not in options and "Deal by deal" not in sheet and "as dealt" not in sheet


def test_the_english_links_and_the_lesson_s_language() -> None:
    with i18n.speaking("en"):
        assert 'href="/cardlab/rooms"' in RoomsLinks({})._repr_html_()
    assert lesson_language("fr/tressette.ipynb", None) == "fr"
    assert lesson_language("tressette.ipynb", "it-IT") == "it"
    assert lesson_language("xx/tressette.ipynb", None) == "en"


def test_room_js_says_no_english_sentence_of_its_own() -> None:
    script = ROOM_JS.read_text(encoding="utf-8")
    code = re.sub(r"^\s*//.*$|\s//\s.*$", "", script, flags=re.M)
    literals = re.findall(r'"((?:[^"\\\n]|\\.)*)"|`([^`]*)`', code)
    texts = [re.sub(r"\$\{[^}]*\}", "", double or back) for double, back in literals]
    english = {word for word in room_words.SCRIPT_WORDS.values()} | {"Look", "Looking", "answer", "answers"}
    sentences = [text for text in texts if re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", text) or text in english]
    assert sentences == []
    used = set(re.findall(r'say\(\s*"(\w+)"', script)) | set(re.findall(r'"(\w+)"\s*:\s*"', script))
    used |= {key for pair in re.findall(r'say\((?:[^()]|\([^()]*\))*\)', script)
             for key in re.findall(r'"(\w+)"', pair)}
    assert used - set(room_words.SCRIPT_WORDS) == set() and set(room_words.SCRIPT_WORDS) - used == set()
