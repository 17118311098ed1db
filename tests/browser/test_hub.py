"""The card rooms on a real JupyterHub (issue 22, "A school's JupyterHub"): the hub (PyPI
``jupyterhub``, its proxy from npm ``configurable-http-proxy``, the dummy authenticator, the simple
local-process spawner) starts the room service as its managed service from
``deploy/hub/jupyterhub_config.py``; two hub users log in from their own browsers, the hub spawns
each one's own server (both at once), each lands on the lesson landing page in Voilà there and
follows its rooms links (``RoomsLinks``, reaching the service through ``CARDLAB_ROOMS_URL``): the
teacher opens a room, the other types its code, both sit at its table and each sees the other's
card arrive.  A visitor the hub does not
know is sent to the hub's login; a learner is refused the teacher's form in one sentence."""
from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import pytest
import tornado.httpclient
import tornado.websocket
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cardlab.widgets.server import jupyter_server_config
from tests.servers import LOOPBACK, REPO, Server, free_port, shot

pytestmark = pytest.mark.slow

HUB_DIR = REPO / "deploy" / "hub"
PROXY = HUB_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
SERVICE = "/services/cardlab-rooms/"
TEACHER, LEARNER = "ada", "bo"
LEGAL = "#room-board [data-hand].legal"
WAIT = 30_000
"""Milliseconds an expectation waits: each first visit is the hub's login and an OAuth round trip."""
SPAWN = 180_000
"""Milliseconds until a user's own server is spawned and its landing page has run (two at once,
on 2 shared cores)."""
PROBE = re.compile(r"/api/kernels/[0-9a-f-]+$")
"""The lesson page's own question to its server, every few seconds: is my kernel still there?"""
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}

WRAPPER = """\
c = get_config()  # noqa: F821
load_subconfig({deploy!r})  # noqa: F821
c.JupyterHub.bind_url = "http://{ip}:{port}"
c.JupyterHub.hub_bind_url = "http://{ip}:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://{ip}:{api_port}"
c.ConfigurableHTTPProxy.pid_file = {pid!r}
c.JupyterHub.db_url = "sqlite:///{db}"
c.JupyterHub.cookie_secret_file = {secret!r}
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.spawner_class = "simple"
c.Authenticator.allow_all = True
c.JupyterHub.load_groups = {{"teachers": {{"users": [{teacher!r}]}}}}
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = {args!r}
c.Spawner.notebook_dir = {repo!r}
c.Spawner.default_url = {landing!r}
c.Spawner.environment["JUPYTER_CONFIG_PATH"] = {config!r}
c.Spawner.start_timeout = c.Spawner.http_timeout = 180
c.SimpleLocalProcessSpawner.home_dir_template = {users!r}
"""
LANDING = "/voila/render/notebooks/index.ipynb"
"""Where each user's own server opens (``singleuser.defaultUrl`` in deploy/z2jh-values.yaml)."""


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    assert PROXY.exists(), f"{PROXY} is missing: run `bash scripts/setup.sh test` (npm ci in deploy/hub)"
    home = tmp_path_factory.mktemp("hub")
    port, rooms_port = free_port(), free_port()
    config = home / "jupyter"  # what binder/postBuild writes into each user's image
    config.mkdir()
    settings = jupyter_server_config(json.loads((REPO / "voila.json").read_text(encoding="utf-8")))
    (config / "jupyter_server_config.json").write_text(json.dumps(settings), encoding="utf-8")
    (home / "jupyterhub_config.py").write_text(WRAPPER.format(
        deploy=str(HUB_DIR / "jupyterhub_config.py"), ip=LOOPBACK, port=port, hub_port=free_port(),
        api_port=free_port(), pid=str(home / "proxy.pid"), db=home / "jupyterhub.sqlite",
        secret=str(home / "cookie_secret"), teacher=TEACHER,
        python=sys.executable, args=["--allow-root"] if os.geteuid() == 0 else [], repo=str(REPO),
        landing=LANDING, config=str(config),
        users=str(home / "users" / "{username}")))
    env = {"CARDLAB_ROOMS_DIR": str(home / "rooms"), "CARDLAB_ROOMS_PORT": str(rooms_port)}
    running = Server("jupyterhub", [sys.executable, "-m", "jupyterhub", "-f", str(home / "jupyterhub_config.py")],
                     f"http://{LOOPBACK}:{port}", ready_path="/hub/api/", env=env, cwd=home, timeout=120)
    try:
        wait_for_the_service(running)
    except BaseException:
        running.stop()
        stop_the_proxy(home / "proxy.pid")
        stop_what_listens(rooms_port)
        raise
    running.rooms_port = rooms_port  # type: ignore[attr-defined]
    running.home = home  # type: ignore[attr-defined]
    try:
        yield running
    finally:
        running.stop(timeout=60)  # the hub stops the users' servers, the service and its proxy
        stop_the_proxy(home / "proxy.pid")
        outlived = listening(rooms_port)
        stop_what_listens(rooms_port)
        users_servers = stop_the_users_servers(home / "users")
    assert not outlived, "the room service outlived the hub"
    assert not users_servers, f"users' servers outlived the hub: {users_servers}"


def stop_the_proxy(pid_file: Path) -> None:
    """The hub stops its proxy when it stops; one stopped early (a failed start) may leave it."""
    if pid_file.exists():
        try:
            os.kill(int(pid_file.read_text()), signal.SIGTERM)
        except (ProcessLookupError, ValueError):
            pass


def stop_the_users_servers(homes: Path) -> list[str]:
    """The users' own servers (and their kernels) that a hub stopped early left running, by the
    home folders the spawner started them in; returns their command lines."""
    left: list[str] = []
    for process in psutil.process_iter(["cwd", "cmdline"]):
        if process.info["cwd"] and Path(process.info["cwd"]).is_relative_to(homes) \
                and "jupyterhub.singleuser" in (process.info["cmdline"] or []):
            left.append(" ".join(process.info["cmdline"]))
            try:
                for kernel in process.children(recursive=True):
                    kernel.kill()
                process.kill()
            except psutil.NoSuchProcess:
                pass
    return left


def wait_for_the_service(hub: Server, seconds: float = 90) -> None:
    """Until the proxy routes the service's prefix and the service answers (the hub's login)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert hub.proc.poll() is None, hub.log.read_text(errors="replace")[-3000:]
        try:
            urllib.request.build_opener(NoRedirect).open(f"{hub.url}{SERVICE}cardlab/room", timeout=10)
        except urllib.error.HTTPError as answer:
            if answer.code == 302:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the room service did not answer through the hub within {seconds} s")


def stop_what_listens(port: int) -> None:
    """The room service, if a hub killed before it could stop it left it running."""
    for connection in psutil.net_connections("tcp"):
        if connection.laddr and connection.laddr.port == port and connection.status == psutil.CONN_LISTEN \
                and connection.pid:
            psutil.Process(connection.pid).terminate()


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex((LOOPBACK, port)) == 0


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def test_a_visitor_without_a_hub_login_is_sent_to_the_hub_login(hub: Server) -> None:
    with pytest.raises(urllib.error.HTTPError) as first:
        urllib.request.build_opener(NoRedirect).open(f"{hub.url}{SERVICE}cardlab/rooms", timeout=30)
    assert first.value.code == 302
    assert "/hub/api/oauth2/authorize" in first.value.headers["Location"]
    with urllib.request.urlopen(f"{hub.url}{SERVICE}cardlab/room/AAAA-AAAA", timeout=30) as followed:
        assert followed.url.startswith(f"{hub.url}/hub/login")
        page = followed.read().decode()
    assert "Your name at the table" not in page and 'id="username_input"' in page
    request = urllib.request.Request(f"{hub.url}{SERVICE}cardlab/rooms", data=b"game=tressette", method="POST")
    with pytest.raises(urllib.error.HTTPError) as posted:
        urllib.request.build_opener(NoRedirect).open(request, timeout=30)
    assert posted.value.code == 403
    socket = f"ws://{hub.url.split('://', 1)[1]}{SERVICE}cardlab/room/AAAA-AAAA/ws"

    async def connect() -> None:
        await asyncio.wait_for(tornado.websocket.websocket_connect(socket), 30)

    # in a thread of its own: Playwright's sync API keeps an event loop running in this one once a
    # browser test has used it
    with ThreadPoolExecutor(1) as pool, pytest.raises(tornado.httpclient.HTTPClientError) as upgraded:
        pool.submit(asyncio.run, connect()).result()
    assert upgraded.value.code == 403


def shoot(page: Page, name: str) -> None:
    shot(page, name)


def log_in(page: Page, user: str) -> None:
    """The hub's own login form (the dummy authenticator takes any password)."""
    expect(page).to_have_url(re.compile(r"/hub/login"), timeout=WAIT)
    page.locator("#username_input").fill(user)
    page.locator("#password_input").fill("any password")
    page.locator("#login_submit").click()


def sit_down(page: Page, name: str) -> None:
    expect(page.get_by_label("Your name at the table")).to_have_value(name, timeout=WAIT)  # the hub's user name
    page.get_by_role("button", name="Sit down").click()
    expect(page.locator("#room-board > svg")).to_be_visible(timeout=WAIT)


def whose_turn(players: dict[str, Page], seconds: float = 60) -> str:
    """The player whose page offers playable cards, waiting while the computer's seats play."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for name, page in players.items():
            try:
                page.locator(LEGAL).first.wait_for(state="attached", timeout=250)
                return name
            except PlaywrightTimeout:
                continue
    raise AssertionError(f"nobody's turn came within {seconds} s")


def test_two_hub_users_play_at_one_table(new_context: Callable[..., BrowserContext], hub: Server) -> None:
    errors: list[str] = []

    def visitor() -> BrowserContext:
        context = new_context()
        context.on("page", lambda page: (page.set_viewport_size(LAPTOP),
                                         page.on("pageerror", lambda exc: errors.append(str(exc)))))
        return context

    ada, bo = visitor(), visitor()
    homes = {TEACHER: ada.new_page(), LEARNER: bo.new_page()}
    for user, home in homes.items():  # both log in before either waits: the hub spawns both servers at once
        home.goto(f"{hub.url}/hub/")
        log_in(home, user)
    for user, home in homes.items():
        expect(home).to_have_url(f"{hub.url}/user/{user}{LANDING}", timeout=SPAWN)
        expect(home.locator(".cardlab-rooms-open")).to_be_visible(timeout=SPAWN)  # its kernel ran RoomsLinks()
    homes[LEARNER].locator(".cardlab-rooms-join").scroll_into_view_if_needed()
    shoot(homes[LEARNER], "hub-landing-rooms-1366x768")

    with ada.expect_page() as opened:  # the lesson page's links open a tab of their own
        homes[TEACHER].get_by_role("link", name="Teach a class: open a room").click()
    teacher = opened.value
    expect(teacher).to_have_url(f"{hub.url}{SERVICE}cardlab/rooms", timeout=WAIT)
    teacher.select_option("#room-game", "tressette")
    teacher.get_by_role("button", name="Open the room").click()
    expect(teacher.locator("#room-state")).to_have_text("Connected", timeout=WAIT)
    link = teacher.locator("#room-link").get_attribute("href")
    code = teacher.locator("#room-code-big").inner_text()
    assert link and link.startswith(f"{hub.url}{SERVICE}cardlab/room/")

    with bo.expect_page() as opened:
        homes[LEARNER].get_by_role("link", name="Join a room").click()
    learner = opened.value
    expect(learner).to_have_url(f"{hub.url}{SERVICE}cardlab/room", timeout=WAIT)
    learner.get_by_label("The room's code, as your teacher shows it").fill(code)
    learner.get_by_role("button", name="Next").click()
    sit_down(learner, LEARNER)
    refused = bo.new_page()
    refused.goto(f"{hub.url}{SERVICE}cardlab/rooms")
    expect(refused.locator(".cardlab-refusal")).to_contain_text("Only a teacher opens card rooms", timeout=WAIT)
    refused.set_viewport_size(PHONE)
    shoot(refused, "hub-not-a-teacher-390")
    seated = ada.new_page()
    seated.goto(link)
    sit_down(seated, TEACHER)
    players = {TEACHER: seated, LEARNER: learner}
    for page in players.values():
        expect(page.locator(".room-seat.room-on")).to_have_count(2, timeout=WAIT)

    played: set[str] = set()
    while played != set(players):
        actor = whose_turn(players)
        page = players[actor]
        other = next(p for name, p in players.items() if name != actor)
        card = page.locator(LEGAL).first
        face = card.get_attribute("data-card")
        assert face and other.locator(f'#room-board [data-card="{face}"]').count() == 0  # hidden until played
        card.click()
        expect(other.locator(f'#room-board [data-card="{face}"]')).to_be_visible(timeout=WAIT)
        played.add(actor)

    row = teacher.locator("#room-tables tbody tr").first
    expect(row).to_contain_text(TEACHER, timeout=WAIT)
    expect(row).to_contain_text(LEARNER, timeout=WAIT)
    shoot(learner, "hub-learner-1366x768")
    shoot(teacher, "hub-teacher-1366x768")
    for user, home in homes.items():  # each lesson page still talks to its user's own server
        expect(home.locator(".cardlab-connection")).to_have_count(0)  # no "The connection to the server was lost"
        with home.expect_response(PROBE, timeout=WAIT) as probed:
            pass
        assert probed.value.status == 200, f"{user}'s server refused their lesson page's question"
    assert not errors, errors
    assert (hub.home / "rooms" / ".cardlab" / "classrooms.sqlite3").exists()  # type: ignore[attr-defined]

