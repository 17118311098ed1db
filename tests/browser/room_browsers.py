"""Plumbing for the room tests in several real browsers (issue 22, "How it is checked"): a served app
whose classroom store and away timeout the test chooses, a record of everything a page receives,
and the server's truth about which cards each seat may not see at each step.

Why: "no hidden card reaches another seat" must be checked on what a browser really received (every
websocket frame, every HTTP body), in every form a card takes in the board's drawing
(:mod:`cardlab.render`), against the table as the server keeps it (its scenario in the store, played
through by the engine), not against what the pages choose to show.
"""
from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, Response, ViewportSize, WebSocket, expect
from playwright.sync_api import Error as PlaywrightError

from cardlab.render.cards import PACK_OF_FAMILY
from cardlab.scenario import parse, run_for
from tests.servers import LOOPBACK, TEACHER_KEY, Server, free_port, shot, voila_command

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PROJECTOR: ViewportSize = {"width": 1024, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
STEP = re.compile(r"Step (\d+) of (\d+)")
NAMED_ART = {"2H": "la-vache", "2D": "le-borgne", "3D": "monsieur", "3H": "madame"}
"""The Spanish cards drawn with art of their own (:func:`cardlab.render.named.named_art`): its class."""


def serve(store: Path, name: str, away_after: float, port: int | None = None) -> Server:
    """The app as ``scripts/serve.sh`` starts it, its classrooms kept in ``store``, a seat left
    ``away_after`` seconds handed to the computer (looked at every half second)."""
    port = port or free_port()
    argv = voila_command(port) + ["--VoilaConfiguration.preheat_kernel=False", f"--Classrooms.path={store}",
                                  f"--Classrooms.away_after={away_after}", "--Classrooms.tick_seconds=0.5"]
    return Server(name, argv, f"http://{LOOPBACK}:{port}", ready_path="/cardlab/room")


def visitor(context: BrowserContext, errors: list[str], viewport: ViewportSize) -> Page:
    """A page in a browser context of its own (a person of their own); its script errors go to ``errors``."""
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def shoot(page: Page, name: str) -> None:
    shot(page, f"room-{name}")


def open_room(teacher: Page, base: str, game: str) -> tuple[str, str]:
    """The teacher opens a room for ``game`` with the real form: its code and its link."""
    teacher.goto(f"{base}/cardlab/rooms?key={TEACHER_KEY}")
    teacher.select_option("#room-game", game)
    teacher.get_by_role("button", name="Open the room").click()
    code = teacher.locator("#room-code-big")
    code.wait_for()
    return code.inner_text(), str(teacher.locator("#room-link").get_attribute("href"))


def sit_down(page: Page, base: str, code: str, link: str, name: str, by_code: bool) -> str:
    """A learner joins by the link or by typing the code, gives a name; their seat."""
    if by_code:
        page.goto(f"{base}/cardlab/room")
        page.get_by_label("The room's code").fill(code.lower())
        page.get_by_role("button", name="Next").click()
    else:
        page.goto(link)
    page.get_by_label("Your name at the table").fill(name)
    page.get_by_role("button", name="Sit down").click()
    page.locator("#room-where").filter(has_text=name).wait_for()
    found = re.search(r"seat (\w+):", page.locator("#room-where").inner_text())
    assert found, page.locator("#room-where").inner_text()
    return found.group(1)


OWN_MOVE = "#room-board [data-hand].legal, #room-next:not([hidden])"
CLICKS = 3
"""What a learner's page shows when it is their move: a card they may play, or the next deal's button."""


def play_deal(page: Page) -> None:
    """The learner clicks a card each time it is their turn, until the hand is over. A click that the
    board's redrawing took from under the pointer (the step does not move) is made again, as a
    person would, at most :data:`CLICKS` times for one move."""
    while True:
        page.locator(OWN_MOVE).first.wait_for(timeout=60_000)
        if page.locator("#room-next").is_visible():
            return
        before = page.locator("#room-step").inner_text()
        for click in range(CLICKS):
            page.locator("#room-board [data-hand].legal").first.click()
            try:
                expect(page.locator("#room-step")).not_to_have_text(before, timeout=10_000)
                break
            except AssertionError:
                if click == CLICKS - 1:
                    raise


def next_deal(page: Page) -> None:
    """The learner asks for the round's next deal and waits until the server has dealt it (the button
    goes), so that :func:`play_deal` does not take the last deal's button for the end of the next."""
    page.locator("#room-next").click()
    expect(page.locator("#room-next")).to_be_hidden()


def step_of(page: Page) -> int:
    found = STEP.search(page.locator("#room-step").inner_text())
    assert found, page.locator("#room-step").inner_text()
    return int(found.group(1))


def cards_in(page: Page, selector: str) -> set[str]:
    """The ``data-card`` codes of the elements ``selector`` finds."""
    return set(page.locator(selector).evaluate_all("els => els.map(el => el.dataset.card)"))


# ----- what a page received ---------------------------------------------------------------------

@dataclass
class Recorder:
    """Every websocket frame a page receives and the body of every HTTP response it gets, in order."""

    frames: list[str] = field(default_factory=list)
    bodies: list[tuple[str, str]] = field(default_factory=list)
    """Each response's address and body as text (a redirect or a 304 has none)."""

    @classmethod
    def on(cls, page: Page) -> Recorder:
        """A recorder of ``page``, attached before it loads anything."""
        recorder = cls()
        page.on("websocket", recorder._socket)
        page.on("response", recorder._response)
        return recorder

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    def _response(self, response: Response) -> None:
        """Read at once: the browser forgets a page's bodies when it navigates."""
        try:
            self.bodies.append((response.url, response.text()))
        except PlaywrightError:
            pass


def texts(value: object) -> Iterator[str]:
    """Every string inside a decoded JSON value, keys too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, inner in value.items():
            yield key
            yield from texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from texts(inner)


def frame_text(frame: str) -> tuple[object, str]:
    """A frame decoded (None if it is no JSON) and all its text, unescaped."""
    try:
        decoded = json.loads(frame)
    except ValueError:
        return None, frame
    return decoded, "\n".join(texts(decoded))


# ----- the forms a card takes -------------------------------------------------------------------

CODE = r"(?:10|Kn|[2-9AJQK])[SHDC]"


@lru_cache(maxsize=None)
def card_forms(family: str) -> dict[str, tuple[re.Pattern[str], dict[str, str]]]:
    """Every way the board's drawing and words can give a card away, each a pattern and, for the
    patterns that find words, the card each word names: its ``data-card``, the id of its face's
    ``<symbol>`` and the ``href`` of its ``<use>``, the code as a word (the hands' aria-labels,
    the trick in words), its English name (titles, aria-labels, the board's description), its
    name in the pack's language (titles, court faces) and, for the Spanish cards with art of their
    own, that art's class."""
    pack = PACK_OF_FAMILY[family]
    english = {pack.name(card).removeprefix("the ").lower(): str(card) for card in pack.cards}
    local = {pack.local_name(card).lower(): str(card) for card in pack.cards}

    def words(names: dict[str, str]) -> re.Pattern[str]:
        longest_first = sorted(names, key=len, reverse=True)
        return re.compile(rf"(?<![\w-])({'|'.join(map(re.escape, longest_first))})(?![\w-])", re.I)

    forms = {
        "data-card": (re.compile(r'data-card="([^"]*)"'), {}),
        "face id": (re.compile(rf'-face-({CODE})(?:-mini)?(?:-star)?"'), {}),
        "code": (re.compile(rf"(?<![\w#-])({CODE})(?![\w-])"), {}),
        "name": (words(english), english),
        "local name": (words(local), local),
    }
    if family == "spanish":
        art = {f"named {name}": code for code, name in NAMED_ART.items()}
        forms["named art"] = (re.compile(rf'class="({"|".join(art)})"'), art)
    return forms


WORDS = {"code", "name", "local name"}
"""The forms that say a card in words: a call may name a card its seat does not hold (Quadrille's
called king) without showing where it is, so a card named in a call is allowed in these forms."""


def codes_in(text: str) -> set[str]:
    return set(re.findall(rf"(?<![\w#-])({CODE})(?![\w-])", text))


def leaks(text: str, hidden: Iterable[str], family: str, named: Iterable[str] = ()) -> list[tuple[str, str, str]]:
    """Each hidden card found in ``text`` (a card in ``named`` only in a form that shows it, not in
    words): (card, form, what was found with a little around it)."""
    hidden, named = set(hidden), set(named)
    found = []
    for form, (pattern, names) in card_forms(family).items():
        for match in pattern.finditer(text):
            code = names.get(match.group(1).lower(), match.group(1)) if names else match.group(1)
            if code in hidden and not (form in WORDS and code in named):
                found.append((code, form, text[max(0, match.start() - 40):match.end() + 40]))
    return found


# ----- the server's truth -----------------------------------------------------------------------

@dataclass(frozen=True)
class Truth:
    """One table's hand as the server keeps it: at each step (1 = the deal) the cards each seat
    holds and the cards the rules make public (Sixty-Six's turned card; once the hand is over,
    every card left in a hand, as a stopped Quadrille hand is laid down)."""

    family: str
    log: tuple[str, ...]
    held: tuple[dict[str, frozenset[str]], ...]
    public: tuple[frozenset[str], ...]
    score: dict[str, int]

    @property
    def steps(self) -> int:
        return len(self.held) - 1

    def named(self, step: int) -> set[str]:
        """The cards the calls made before ``step`` name (Quadrille's called king): said aloud, not shown."""
        calls = [action for action in self.log[1:step] if " plays " not in action]
        return set().union(*map(codes_in, calls))

    def hidden(self, seat: str, step: int) -> set[str]:
        """The cards ``seat`` may not see at ``step``: held by another seat, and not public."""
        held = self.held[min(step, self.steps)]
        others = set().union(*(cards for other, cards in held.items() if other != seat))
        return others - self.public[min(step, self.steps)]


def truth(store: Path, code: str, table: int = 1) -> Truth:
    """The hand at ``table`` of room ``code`` (as shown, ``K7QF-2M9X``), read from the server's
    store and played through by the engine."""
    connection = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    try:
        row = connection.execute("SELECT scenario FROM tables WHERE code = ? AND number = ?",
                                 (code.replace("-", ""), table)).fetchone()
    finally:
        connection.close()
    assert row is not None, f"room {code} has no table {table} in {store}"
    scenario = parse(json.loads(row[0]))
    rules = scenario.rules()
    hand = run_for(scenario, scenario.game).hand
    assert hand is not None
    held, public = [], []
    for step in range(len(hand.log) + 1):
        state = hand.upto(step).state
        held.append({seat: frozenset(str(card) for card in state.hand(seat)) for seat in rules.seats})
        shown = {str(card) for _, card in rules.scene(state, rules.seats[0]).public}
        if state.over:      # the hand over, every hand left is laid face up (a Quadrille hand stopped early)
            shown.update(*held[-1].values())
        public.append(frozenset(shown))
    final = hand.state
    score = dict(rules.score(final).score) if final.over else {}
    return Truth(rules.pack.family, tuple(str(action) for action in hand.log), tuple(held), tuple(public), score)


def received_leaks(recorder: Recorder, seat: str, hand: Truth, view_key: str = "view") -> list[tuple]:
    """Every hidden card of another seat in a frame ``seat``'s page received, at the step that
    frame shows (``view_key`` "teacher" reads the teacher's open table instead; a patch, at the
    step it changes to, else at the step before), and in its HTTP bodies (before the first step:
    they carry no deal)."""
    found: list[tuple] = []
    step = 1
    for number, frame in enumerate(recorder.frames):
        decoded, text = frame_text(frame)
        view = decoded.get(view_key, decoded.get("patch")) if isinstance(decoded, dict) else None
        if view_key == "teacher" and isinstance(view, dict):
            view = view.get("open")
        offered: set[str] = set()
        if isinstance(view, dict) and isinstance(view.get("step"), str):
            shown = STEP.search(re.sub(r"<[^>]+>", "", view["step"]))
            step = int(shown.group(1)) if shown else step
            offered = set().union(*(codes_in(call["title"]) for call in view.get("calls", ())))
        hidden, named = hand.hidden(seat, step), hand.named(step) | offered
        found += [(f"frame {number} at step {step}", *leak) for leak in leaks(text, hidden, hand.family, named)]
    for url, body in recorder.bodies:
        found += [(url, *leak) for leak in leaks(body, hand.hidden(seat, 1), hand.family)]
    return found
