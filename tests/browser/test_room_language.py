"""A French room and an Italian room in real browsers (issue 24): the teacher's form preselects the
language from the address or the browser, the teacher's and the learner's pages speak it from their
first word to the statuses room.js writes, and a card the learner may not play is refused in it.
Screenshots of the French teacher's page and the Italian learner's page, at 1366 px and 390 px,
go to ``test-artifacts/room-lang-*.png`` to be looked at (longer words must not break the layout)."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.room_browsers import LAPTOP, PHONE, shoot, visitor
from tests.servers import TEACHER_KEY, Server
from tests.test_classroom_server import start


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("rooms-lang") / "classrooms.sqlite3", "voila-room-lang-browser")
    yield running
    running.stop()


def no_wider_than_the_window(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def refused_a_card(page: Page, seat: str) -> str:
    """Play on until this learner holds a card they may not play when it is their turn, click it:
    the refusal's sentence."""
    hand = page.locator(f'#room-board g.hand[data-seat="{seat}"] [data-card]')
    for _ in range(12):
        page.locator(f'#room-board:not(.room-playing) g.hand[data-seat="{seat}"] .card.legal').first.wait_for()
        barred = page.locator(f'#room-board g.hand[data-seat="{seat}"] [data-card]:not(.legal)')
        if barred.count():
            barred.first.click()
            message = page.locator("#room-message .cardlab-refusal")
            message.wait_for()
            return message.inner_text()
        before = hand.count()
        hand.first.click()
        expect(hand).to_have_count(before - 1)
    raise AssertionError("no card to refuse in twelve turns")


def test_a_french_teacher_and_learner(new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    teacher = visitor(new_context(), errors, LAPTOP)
    teacher.goto(f"{server.url}/cardlab/rooms?lang=fr&key={TEACHER_KEY}")
    expect(teacher.locator("html")).to_have_attribute("lang", "fr")
    expect(teacher.get_by_label("Langue de la salle")).to_have_value("fr")
    teacher.get_by_role("button", name="Ouvrir la salle").click()
    expect(teacher.locator("html")).to_have_attribute("lang", "fr")
    expect(teacher.locator("#room-state")).to_have_text("Connecté")
    expect(teacher.get_by_role("button", name="Mettre toutes les tables en pause")).to_be_visible()
    link = str(teacher.locator("#room-link").get_attribute("href"))
    assert link.endswith("?lang=fr")

    learner = visitor(new_context(), errors, LAPTOP)
    learner.goto(link)
    learner.get_by_label("Votre nom à la table").fill("Zoé")
    learner.get_by_role("button", name="S'asseoir").click()
    expect(learner.locator("html")).to_have_attribute("lang", "fr")
    expect(learner.locator("#room-state")).to_have_text("Connecté")
    expect(learner.locator(".room-you .room-presence")).to_have_text("présent")
    seat = str(learner.locator(".room-you").get_attribute("data-seat"))
    expect(learner.locator("#room-where")).to_contain_text(f"place {seat} : Zoé")
    refusal = refused_a_card(learner, seat)
    assert refusal and "must" not in refusal and "Traceback" not in refusal, refusal
    expect(learner.locator("#room-message .cardlab-refusal")).not_to_contain_text("You ")

    expect(teacher.locator("#room-tables tbody th")).to_have_text("Table 1")
    expect(teacher.get_by_role("button", name="Regarder", exact=True)).to_be_visible()
    teacher.get_by_role("button", name="Regarder", exact=True).click()
    expect(teacher.locator("#room-open-title")).to_have_text("Table 1, toutes les mains visibles")
    expect(teacher.locator("#room-show-source option").last).to_have_text("un scénario ou un lien de table collé…")
    shoot(teacher, "lang-fr-teacher-1366")
    no_wider_than_the_window(teacher)
    teacher.set_viewport_size(PHONE)
    expect(teacher.locator("#room-code-big")).to_be_visible()
    shoot(teacher, "lang-fr-teacher-390")
    no_wider_than_the_window(teacher)
    assert errors == []


def test_an_italian_learner(new_context: Callable[..., BrowserContext], server: Server) -> None:
    errors: list[str] = []
    teacher = visitor(new_context(locale="it-IT"), errors, LAPTOP)
    teacher.goto(f"{server.url}/cardlab/rooms?key={TEACHER_KEY}")
    expect(teacher.locator("html")).to_have_attribute("lang", "it")
    expect(teacher.get_by_label("Lingua dell'aula")).to_have_value("it")
    teacher.get_by_role("button", name="Apri l'aula").click()
    expect(teacher.locator("#room-state")).to_have_text("Connesso")
    code = teacher.locator("#room-code-big").inner_text()

    learner = visitor(new_context(locale="it-IT"), errors, LAPTOP)
    learner.goto(f"{server.url}/cardlab/room")
    learner.get_by_label("Il codice dell'aula").fill(code.lower())
    learner.get_by_role("button", name="Avanti").click()
    learner.get_by_label("Il tuo nome al tavolo").fill("Giulia")
    learner.get_by_role("button", name="Siediti").click()
    expect(learner.locator("html")).to_have_attribute("lang", "it")
    expect(learner.locator("#room-state")).to_have_text("Connesso")
    expect(learner.locator("#room-where")).to_contain_text(re.compile(r"Tavolo 1, posto \w: Giulia"))
    expect(learner.locator("#room-board > svg")).to_be_visible()
    teacher.get_by_role("button", name="Metti in pausa tutti i tavoli").click()
    expect(learner.locator("#room-banner")).to_have_text("L'insegnante ha messo in pausa l'aula: aspetta un momento.")
    shoot(learner, "lang-it-learner-1366")
    no_wider_than_the_window(learner)
    learner.set_viewport_size(PHONE)
    expect(learner.locator("#room-board > svg")).to_be_visible()
    shoot(learner, "lang-it-learner-390")
    no_wider_than_the_window(learner)
    assert errors == []
