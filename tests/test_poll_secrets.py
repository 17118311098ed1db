"""The class poll tells the learners at the asked table nothing of a hand they cannot see (issue 33 §1).

The teacher shows the class a live room table from the seat to play (W, say), asks "which card?" and
reveals the expert's choice.  The other learners at that table are told a question is asked and
never see W's hand; the reveal named W's card and the reason while W still held it.  Now they are
given the expert's choice only once it is public at their table: that card played, or the hand over.

Through the real app and its websockets, in every game (a room in English, French or Italian; every
seat of the asked table a learner, one more learner at a second table): every string of every
message each other learner at the asked table receives from the moment the table is shown (but
those their own table already said, such as the draw or a called king), and the page they load,
is searched for every card in another seat's hand not yet drawn face up to them, in every form the
drawings and the sentences use (the code as a word, as an attribute's value and in a card face's
id, the card's name in words in the room's language and in English, the drawing's title and
label).  The same search finds the whole asked hand in the messages of the learner at the other
table, who is shown it.  Once W plays the expert's card (or, the expert's choice being a call, the
hand is played out), they are sent the answer.

On the engine with its real SQLite store: W playing another card keeps the answer hidden, and so
does a restart; a duplicate round dealt after the question (the hand left unplayed) never shows it;
a prepared scenario asked from one seat shows every learner that seat's hand only.
"""
from __future__ import annotations

import html as markup
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
import requests
from websockets.sync.client import connect

from cardlab import i18n
from cardlab.cards import Card
from cardlab.classroom import TOO_FAST, Classroom, Classrooms, ClassroomStore, Learner
from cardlab.games import GAMES, get_rules
from cardlab.render.cards import card_name as drawn_name, card_title
from cardlab.rules import TrickGame
from cardlab.scenario import builtin
from tests.servers import TEACHER_KEY, Server
from tests.test_classroom_server import LEGAL, RATE, Client, form_post, hands, start

pytestmark = pytest.mark.slow

LANGS = ("en", "fr", "it")
ATTRIBUTE = re.compile(r'[\w:-]+="([^"]*)"')
TAG = re.compile(r"<[^>]+>")
ARTICLE = re.compile(r"^(?:the|le|la|les|l'|l’|il|lo|i|gli)\s*", re.I)


# ----- searching a message for a card -------------------------------------------------------------

def card_patterns(rules: TrickGame, card: Card, lang: str) -> tuple[set[str], list[re.Pattern[str]]]:
    """How ``card`` may be told: its code as an attribute's value (a card face's id too) or as a
    whole word, and its names in words (the room's language and English, with and without the article)."""
    code = re.escape(str(card))
    value = {f"{prefix}{card}{suffix}" for prefix in ("", "cl-face-", "#cl-face-")
             for suffix in ("", "-mini", "-mini-star")}
    names = {rules.pack.name(card), rules.pack.local_name(card)}
    with i18n.speaking(lang):
        names |= {rules.card_name(card), drawn_name(card, rules.pack.family), card_title(card, rules.pack.family)}
    names |= {ARTICLE.sub("", name) for name in names}
    words = [re.compile(rf"(?<![\w]){code}(?![\w])")]
    words += [re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])", re.I) for name in names if name]
    return value, words


def strings(message: object) -> Iterator[str]:
    """Every string in a decoded message."""
    if isinstance(message, str):
        yield message
    elif isinstance(message, dict):
        for key, item in message.items():
            yield str(key)
            yield from strings(item)
    elif isinstance(message, list):
        for item in message:
            yield from strings(item)


def told(texts: list[str], rules: TrickGame, cards: set[Card], lang: str, drawn_only: bool = False) -> set[str]:
    """The cards of ``cards`` that one of ``texts`` (messages' strings, pages) tells (``drawn_only``:
    draws face up, as an attribute's value)."""
    read = [({token for value in ATTRIBUTE.findall(text) for token in value.split()},
             "" if drawn_only else markup.unescape(TAG.sub(" ", text))) for text in texts]
    found = set()
    for card in cards:
        values, words = card_patterns(rules, card, lang)
        if any(values & tokens or any(word.search(said) for word in words) for tokens, said in read):
            found.add(str(card))
    return found


# ----- the room over the real app ------------------------------------------------------------------

@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = start(tmp_path_factory.mktemp("poll-secrets") / "classrooms.sqlite3", "voila-poll-secrets")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def sockets() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def opened(base: str, game: str, lang: str) -> tuple[str, str]:
    """A room of ``game`` in ``lang`` opened through the teacher's form: its code and the teacher's token."""
    answer = form_post(requests.Session(), f"{base}/cardlab/rooms?key={TEACHER_KEY}", {"game": game, "level": "club", "lang": lang})
    assert answer.status_code == 302, answer.text
    found = re.fullmatch(r"/cardlab/room/(\w{4}-\w{4})/teacher(?:\?lang=\w+)?#(.+)", answer.headers["Location"])
    assert found, answer.headers["Location"]
    return found.group(1), found.group(2)


def seated(base: str, code: str, name: str, query: str) -> str:
    answer = form_post(requests.Session(), f"{base}/cardlab/room/{code}{query}", {"name": name})
    assert answer.status_code == 302, answer.text
    return answer.headers["Location"].split("#", 1)[1]


def hello(stack: ExitStack, base: str, code: str, token: str, query: str) -> Client:
    client = Client(stack.enter_context(connect(f"ws://{base.split('://', 1)[1]}/cardlab/room/{code}/ws{query}",
                                                open_timeout=20)))
    client.send({"hello": token, "width": 1200, "presenter": False})
    client.until(lambda message: "view" in message or "teacher" in message)
    return client


def too_fast(sentence: str) -> bool:
    """Whether ``sentence`` is the rate limit's "too many moves", in any language a room speaks."""
    def said(lang: str) -> str:
        with i18n.speaking(lang):
            return i18n._(TOO_FAST)
    return sentence in {said(lang) for lang in i18n.LANGUAGES}


def answer_of(client: Client, message: object) -> dict:
    """The answer to ``message`` (sent again while the rate limit asks to wait)."""
    while True:
        client.send(message)
        answer = client.until(lambda found: "refused" in found or "view" in found or "teacher" in found)
        if not too_fast(answer.get("refused", "")):
            return answer
        time.sleep(1 / RATE)


def settle(clients: list[Client]) -> None:
    """Every message sent to ``clients`` so far received: each asks for something refused (a
    learner answers no card) and reads up to the refusal, which comes after them."""
    for client in clients:
        while True:
            client.send({"answer": "ZZ"})
            if not too_fast(client.until(lambda found: "refused" in found)["refused"]):
                break
            time.sleep(1 / RATE)


def latest(client: Client) -> dict:
    return client.view


def teacher_until(teacher: Client, test) -> dict:
    def passes(message: dict) -> bool:
        assert "refused" not in message, message
        return "teacher" in message and test(message["teacher"])
    return teacher.until(passes)["teacher"]


def to_a_card(table: list[Client]) -> Client:
    """Calls made (each time the first the seat may make) until a learner of ``table`` is to play a
    card: that learner's client."""
    for _ in range(200):
        settle(table)
        playing = [client for client in table if LEGAL.search(latest(client)["svg"])]
        if playing:
            return playing[0]
        move(table)
    raise AssertionError("no card to play after 200 calls")


def move(table: list[Client]) -> None:
    """The learner of ``table`` to act makes the first call they may make; one to choose cards
    first (Aluette's discards) clicks the cards of their hand one by one until they may."""
    calling = [(client, call["index"]) for client in table for call in latest(client)["calls"]
               if not call["disabled"]]
    if calling:
        answer = answer_of(calling[0][0], {"call": calling[0][1]})
        assert "refused" not in answer, answer
        return
    chooser = next(client for client in table if latest(client)["calls"])
    seat = latest(chooser)["seat"]
    card = re.findall(rf'data-card="([^"]+)" data-hand="{seat}"', latest(chooser)["svg"])[0]
    answer = answer_of(chooser, {"play": card})
    assert "refused" not in answer, answer


@pytest.mark.parametrize("game", list(GAMES))
def test_the_learners_at_the_asked_table_are_told_the_answer_only_once_the_card_is_played(
        server: Server, sockets: ExitStack, game: str) -> None:
    lang = LANGS[list(GAMES).index(game) % len(LANGS)]
    query = "" if lang == "en" else f"?lang={lang}"
    rules = get_rules(game)
    code, teacher_token = opened(server.url, game, lang)
    tokens = [seated(server.url, code, f"Learner {n}", query) for n in range(len(rules.seats) + 1)]
    clients = [hello(sockets, server.url, code, token, query) for token in tokens]
    teacher = hello(sockets, server.url, code, teacher_token, query)
    settle(clients)
    table = [client for client in clients if latest(client)["table"] == 1]
    outside = next(client for client in clients if latest(client)["table"] != 1)
    assert len(table) == len(rules.seats)
    asked = to_a_card(table)
    seat = latest(asked)["seat"]
    others = [client for client in table if client is not asked]

    teacher.send({"open": 1})
    dealt = hands(teacher_until(teacher, lambda view: "open" in view)["open"]["svg"])
    held = {who: {Card.parse(card) for card in cards} for who, cards in dealt.items()}
    assert held[seat] and set(held) == set(rules.seats)
    before = {id(client): len(client.seen) for client in clients}

    teacher.send({"show": {"table": 1, "seat": seat}})
    teacher_until(teacher, lambda view: view["shown"] is not None)
    teacher.send({"ask": True})
    poll = teacher_until(teacher, lambda view: view["poll"] is not None)["poll"]     # a refusal fails here
    choices = [row["card"] for row in poll["tally"]]
    assert choices and set(choices) <= {str(card) for card in held[seat]}
    view = outside.until(lambda message: "view" in message and message["view"]["poll"])["view"]["poll"]
    assert view["cards"] == choices
    answer_of(outside, {"answer": choices[0]})
    teacher.send({"reveal": True})
    revealed = teacher_until(teacher, lambda view: view["poll"] and view["poll"]["revealed"])["poll"]
    expert = next((row["card"] for row in revealed["tally"] if row["expert"]), None)
    settle(clients)
    page = requests.get(f"{server.url}/cardlab/room/{code}/play{query}").text

    # the search finds the asked hand where it is shown: the learner at another table
    outside_texts = [text for message in outside.seen[before[id(outside)]:] for text in strings(message)]
    assert told(outside_texts, rules, held[seat], lang) == {str(card) for card in held[seat]}
    for client in others:
        mine = latest(client)["seat"]
        earlier = [text for message in client.seen[:before[id(client)]] for text in strings(message)]
        hidden = set().union(*(cards for who, cards in held.items() if who != mine))
        hidden -= {Card.parse(card) for card in told(earlier, rules, hidden, lang, drawn_only=True)}  # face up before
        assert held[seat] & hidden, "the asked hand is hidden from the others at its table"
        said = set(earlier)                                 # what their own table said before (a draw, a call)
        since = [text for message in client.seen[before[id(client)]:] for text in strings(message)
                 if text not in said]
        assert told(since + [page], rules, hidden, lang) == set(), (game, mine, "is told", seat, "'s cards")
        poll_seen = latest(client)["poll"]
        assert poll_seen["revealed"] == "" and poll_seen["cards"] == [] and poll_seen["hidden"] is True

    if expert is not None:                         # the asked seat plays the expert's card
        played = answer_of(asked, {"play": expert})
        assert "refused" not in played, played
    else:                                          # the expert's choice is a call: the hand is played out
        while not latest(asked)["over"]:
            settle(table)
            if latest(asked)["over"]:
                break
            player = next((client for client in table if LEGAL.search(latest(client)["svg"])), None)
            if player is None:
                move(table)
            else:
                answer_of(player, {"play": LEGAL.search(latest(player)["svg"]).group(1)})
    for client in others:
        shown = client.until(lambda message: "view" in message and message["view"]["poll"]
                             and message["view"]["poll"]["revealed"])["view"]["poll"]
        assert shown["revealed"] == revealed["revealed"]


# ----- the engine, with its real store -------------------------------------------------------------

def classroom(tmp_path: Path, people: int = 5, lang: str = "en") -> tuple[Classrooms, Classroom, list[Learner]]:
    rooms = Classrooms(ClassroomStore(tmp_path / "rooms.sqlite3"))
    room = rooms.open("tressette", {}, "club", 0.0, lang=lang)
    return rooms, room, [room.join(f"Learner {n}", 0.0) for n in range(people)]


def at_table(room: Classroom, learners: list[Learner], seat: str) -> tuple[Learner, list[Learner], Learner]:
    """The learner at ``seat`` of table 1, the others there, and one at another table."""
    fresh = [room.learner(learner.token) or learner for learner in learners]
    asked = next(learner for learner in fresh if learner.table == 1 and learner.seat == seat)
    return asked, [learner for learner in fresh if learner.table == 1 and learner is not asked], \
        next(learner for learner in fresh if learner.table != 1)


@pytest.mark.parametrize("how", ["shown", "asked"])
def test_another_card_played_or_a_restart_keeps_the_answer_hidden_the_card_played_shows_it(
        tmp_path: Path, how: str) -> None:
    rooms, room, learners = classroom(tmp_path)
    session = room.tables[0].session
    seat = session.state.to_act
    assert seat is not None and session.state.phase == "play"
    if how == "shown":
        room.show_table(room.teacher, 1, seat)
        room.ask_shown(room.teacher)
    else:
        room.ask(room.teacher, 1, seat)
    reveal = room.reveal(room.teacher)
    asked, others, outside = at_table(room, learners, seat)
    assert room.poll_view(outside.token).revealed == reveal          # type: ignore[union-attr]
    assert room.poll_view(asked.token).revealed == reveal            # type: ignore[union-attr]
    for learner in others:
        assert room.poll_view(learner.token).revealed is None        # type: ignore[union-attr]
    again = Classrooms(ClassroomStore(tmp_path / "rooms.sqlite3")).by_teacher(room.teacher)
    assert again is not None and again.poll is not None and again.poll.revealed == reveal
    for learner in others:
        assert again.poll_view(learner.token).revealed is None       # type: ignore[union-attr]
    legal = [str(card) for card in session.rules.legal_cards(session.state, seat)]
    other = next((card for card in legal if card != reveal.card), None)
    now = 1.0
    if other is not None:                          # another card first: the expert's is still held
        assert not room.act(asked.token, other, now).refused
        for learner in others:
            assert room.poll_view(learner.token).revealed is None    # type: ignore[union-attr]
    while str(reveal.card) in {str(card) for card in session.state.hand(seat)} and not session.state.over:
        actor = session.state.to_act
        by_seat = {learner.seat: learner for learner in [asked, *others]}
        card = reveal.card if actor == seat and reveal.card in {
            str(c) for c in session.rules.legal_cards(session.state, seat)} else \
            str(session.rules.legal_cards(session.state, actor)[0])
        now += 1.0
        assert not room.act(by_seat[actor].token, card, now).refused
    for learner in others:
        assert room.poll_view(learner.token).revealed == reveal      # type: ignore[union-attr]


def test_a_duplicate_round_dealt_after_the_question_never_shows_the_unplayed_hand(tmp_path: Path) -> None:
    _rooms, room, learners = classroom(tmp_path)
    seat = room.tables[0].session.state.to_act
    assert seat is not None
    room.show_table(room.teacher, 1, seat)
    room.ask_shown(room.teacher)
    reveal = room.reveal(room.teacher)
    room.start_duplicate(room.teacher, [11], 2.0)             # table 1's hand left unplayed
    asked, others, outside = at_table(room, learners, seat)
    by_seat = {learner.seat: learner for learner in [asked, *others]}
    session, now = room.tables[0].session, 3.0
    while not session.state.over:                             # the round's deal played out at table 1
        actor = session.state.to_act
        assert actor is not None
        card = str(session.rules.legal_cards(session.state, actor)[0])
        assert not room.act(by_seat[actor].token, card, now).refused
        now += 1.0
        for learner in others:
            view = room.poll_view(learner.token)
            assert view is None or view.revealed is None, "the round's deal is not the hand asked about"
    view = room.poll_view(outside.token)
    assert view is None or view.revealed == reveal


def test_a_prepared_scenario_asked_from_one_seat_shows_that_hand_only_named_in_the_rooms_language(
        tmp_path: Path) -> None:
    _rooms, room, learners = classroom(tmp_path, lang="fr")
    scenario = builtin("tressette-follow-suit")
    room.show_scenario(room.teacher, scenario, 99, "S", False)
    room.ask_shown(room.teacher)
    reveal = room.reveal(room.teacher)
    poll = room.poll
    assert poll is not None
    state = poll.state
    public = {card for _, card in poll.rules.public_cards(state)}
    hidden = {card for other in state.seats if other != poll.seat for card in state.hand(other)
              if card is not None} - public
    for learner in learners:
        view = room.poll_view(learner.token)
        assert view is not None and view.frame is not None and view.revealed == reveal
        shown = {str(card) for seat in view.frame.scene.seats for card in seat.hand if card is not None}
        assert shown == {str(card) for card in state.hand(poll.seat)}
        texts = [view.frame.words, view.question, reveal.name, reveal.reason]
        assert told(texts, poll.rules, hidden, "fr") == set()
    with i18n.speaking("fr"):
        french = poll.rules.card_name(Card.parse(reveal.card))
    assert reveal.name == french != poll.rules.pack.name(Card.parse(reveal.card)), "the room's language"
