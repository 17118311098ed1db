"""The language cardlab speaks: English, French or Italian, read from gettext catalogs.

Every sentence a person reads goes through :func:`_`, :func:`ngettext` or :func:`pgettext`; the
catalogs are ``cardlab/locale/<lang>/LC_MESSAGES/cardlab.mo``, compiled from the ``.po`` files
beside them (scripts/catalogs.sh).  The language is a context variable, so two tables served by one
kernel or one room server may speak two languages at once; English is the default and needs no
catalog (the English sentences are the message ids).  A process that serves one reader (a kernel behind
one lesson page, the command line) says its language once with :func:`install`; a server of many
readers says it per request with :func:`speaking`.  A game's own words (Tressette's *asso* and
*coppe*, Quadrille's *Spadille*) are messages with the game or pack as their context: the glossary.
:func:`mark` flags such words where they are defined, for extraction, without translating them there.
"""
from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import cache
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "fr": "français", "it": "italiano"}
DOMAIN = "cardlab"
LOCALE_DIR = Path(__file__).with_name("locale")
_VULGAR = {Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 2): "½", Fraction(1, 4): "¼",
           Fraction(3, 4): "¾"}
# the thousands separator and the decimal mark of each language
_MARKS: dict[str, tuple[str, str]] = {"en": (",", "."), "fr": ("\u202f", ","), "it": (".", ",")}

current: ContextVar[str | None] = ContextVar("cardlab_language", default=None)
_installed = "en"


class LanguageError(ValueError):
    """A language cardlab has no catalog for; the text says which ones it has."""


def check(lang: str) -> str:
    """``lang`` when cardlab speaks it, else :class:`LanguageError` with one sentence."""
    if lang not in LANGUAGES:
        raise LanguageError(f"{lang!r} is not a language of cardlab: the languages are "
                            f"{', '.join(f'{code} ({name})' for code, name in LANGUAGES.items())}.")
    return lang


def language() -> str:
    """The language spoken here: the innermost :func:`speaking` or :func:`use`, else the installed one."""
    return current.get() or _installed


def install(lang: str) -> None:
    """Speak ``lang`` in this whole process wherever no :func:`speaking` block says otherwise: a
    kernel's widget handlers run outside the context of the cell that made them, so a lesson page
    says its language this way (an unknown language changes nothing)."""
    global _installed
    _installed = check(lang)


def use(lang: str) -> None:
    """Speak ``lang`` from now on in this context; an unknown language changes nothing."""
    current.set(check(lang))


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the ``with`` block, then the language before it again."""
    token = current.set(check(lang))
    try:
        yield
    finally:
        current.reset(token)


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English: the message ids themselves)."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalog(language()).gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, as ``context`` (a game or a pack) words it."""
    return catalog(language()).pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of the sentence for ``count`` in the current language (French 0 and 1 are singular)."""
    return catalog(language()).ngettext(singular, plural, count)


def N_(message: str) -> str:
    """``message`` untranslated, flagged for extraction: for a sentence defined before the language
    is known (a module constant); translate it with :func:`_` where it is said."""
    return message


def written(context: str, text: str) -> str:
    """A sentence written in a data file -- a shipped guided hand or scenario, whose game is the
    context (scripts/babel_data.py extracts them) -- in the current language.  A teacher's own file,
    in any language, comes out as written, and no text stays none (gettext answers "" with the
    catalog's header)."""
    return pgettext(context, text) if text else ""


def mark(context: str, message: str) -> str:
    """``message`` untranslated, flagged for extraction with its context; translate it with
    :func:`pgettext` where it is said."""
    return message


def number(value: int | Fraction | float) -> str:
    """A number written the current language's way: ``5⅔`` / ``5 ⅔``, ``2.5`` / ``2,5``, ``1,000`` /
    ``1 000`` / ``1.000``; thirds and halves as the table says them, a minus sign for below zero."""
    lang = language()
    thousands, decimal = _MARKS[lang]
    sign = "−" if value < 0 else ""
    if isinstance(value, float):
        whole_text, _dot, tail = f"{abs(value):.6f}".rstrip("0").rstrip(".").partition(".")
        return f"{sign}{_grouped(int(whole_text), thousands)}{decimal + tail if tail else ''}"
    whole, rest = divmod(abs(Fraction(value)), 1)
    text = _grouped(int(whole), thousands)
    if rest == 0:
        return sign + text
    vulgar = _VULGAR.get(rest, f"{rest.numerator}/{rest.denominator}")
    if whole == 0:
        return sign + vulgar
    return f"{sign}{text}{'' if lang == 'en' and rest in _VULGAR else chr(0xA0)}{vulgar}"


def _grouped(whole: int, separator: str) -> str:
    return f"{whole:,}".replace(",", separator)


def listed(items: list[str]) -> str:
    """``"a, b and c"`` in the current language."""
    if len(items) == 1:
        return items[0]
    return pgettext("list", "{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])
