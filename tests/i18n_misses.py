"""``missed(lang)``: the sentences looked up in ``lang``'s catalog and not found there, while the
block runs -- so a test can produce a game's calls, reasons or status lines in French and Italian and
assert that not one of them fell back to English."""
from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager

from cardlab import i18n


class _Recorder(gettext.NullTranslations):
    """The last fallback of a catalog: reached only by a message the catalog lacks."""

    def __init__(self) -> None:
        super().__init__()
        self.missed: list[str] = []

    def gettext(self, message: str) -> str:
        self.missed.append(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.missed.append(msgid1)
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.missed.append(f"{context}|{message}")
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.missed.append(f"{context}|{msgid1}")
        return msgid1 if n == 1 else msgid2


@contextmanager
def missed(lang: str) -> Iterator[list[str]]:
    """Speak ``lang`` in the block; the list it gives fills with every message the catalog lacked."""
    catalog = i18n.catalog(lang)
    recorder = _Recorder()
    catalog.add_fallback(recorder)
    try:
        with i18n.speaking(lang):
            yield recorder.missed
    finally:
        catalog._fallback = None  # the compiled catalogs have no fallback of their own
