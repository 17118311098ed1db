"""The landing page's rooms links lead to the rooms wherever the page runs: our app, Binder's
per-user base address, a school's hub (its managed service), and nowhere on the static site,
which says why instead."""
from __future__ import annotations

import json
import re
import sys
import urllib.error
import urllib.request

import pytest

from cardlab.widgets import RoomsLinks
from tests.servers import TEACHER_KEY, lesson_page

CELL_OUTPUT = re.compile(r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', re.S)


@pytest.mark.parametrize(("environ", "base"), [
    ({}, "/cardlab/"),
    ({"VOILA_BASE_URL": "/user/ada-1x2y/"}, "/user/ada-1x2y/cardlab/"),
    ({"JUPYTERHUB_SERVICE_PREFIX": "/user/ada/"}, "/user/ada/cardlab/"),
    ({"CARDLAB_ROOMS_URL": "/services/cardlab-rooms/", "VOILA_BASE_URL": "/user/ada/"},
     "/services/cardlab-rooms/cardlab/"),
])
def test_the_links_follow_the_server_the_page_runs_on(environ: dict[str, str], base: str) -> None:
    html = RoomsLinks(environ)._repr_html_()
    assert f'href="{base}rooms"' in html and f'href="{base}room"' in html
    assert "Teach a class: open a room" in html


def test_an_address_from_the_environment_is_escaped() -> None:
    html = RoomsLinks({"CARDLAB_ROOMS_URL": '/x"><script>'})._repr_html_()
    assert "<script>" not in html and "&quot;&gt;&lt;script&gt;" in html


def test_the_static_site_says_rooms_need_a_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    links = RoomsLinks({"VOILA_BASE_URL": "/"})
    assert "href" not in links._repr_html_() and "Rooms need a server" in links._repr_html_()
    assert repr(links).startswith("Rooms need a server")


def test_the_served_landing_page_links_to_the_teachers_form(voila_url: str) -> None:
    """The link leads to the teachers' form, which the app server opens with its teacher's key only:
    learners open the same landing page, so it never carries the key (though the server's and so its
    kernel's environment holds it, ``CARDLAB_TEACHER_KEY``)."""
    _, _, html = lesson_page(f"{voila_url}/voila/render/index.ipynb")
    assert TEACHER_KEY not in html
    outputs = [json.loads(found) for found in CELL_OUTPUT.findall(html)]
    shown = "".join(output.get("data", {}).get("text/html", "") for output in outputs)
    opened = re.search(r'class="cardlab-rooms-open" href="([^"]+)"', shown)
    assert opened, "no rooms link on the landing page"
    assert "key=" not in opened.group(1)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(voila_url + opened.group(1), timeout=60)
    assert refused.value.code == 403 and "teacher's key" in refused.value.read().decode()
    with urllib.request.urlopen(f"{voila_url}{opened.group(1)}?key={TEACHER_KEY}", timeout=60) as form:
        assert form.status == 200
        assert 'name="game"' in form.read().decode()
