"""The companion's languages: English messages, translated through a catalogue.

Every message people read is written once, in English, as ``_("…{field}…",
field=value)``; the catalogue ``companion/locale/ja.po`` (the gettext PO
format that translation tools edit) gives its Japanese. The language is
``--lang`` on the ``companion`` command, else the locale (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them): Japanese when
it names ``ja``, English otherwise. A message missing from the catalogue is
shown in English.
"""

from __future__ import annotations

import os
import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

LANGS = ("ja", "en")
ENGLISH = "en"
_language: ContextVar[str | None] = ContextVar("language", default=None)


def locale_language(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """The language the locale asks for: the first of gettext's variables that is set."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            first = value.split(":")[0].lower()
            return "ja" if first.startswith("ja") else ENGLISH
    return ENGLISH


def use(language: str | None) -> None:
    """Speak ``language`` from now on (``None``: as the locale says)."""
    if language is not None and language not in LANGS:
        raise ValueError(f"language {language!r}; expected one of {', '.join(LANGS)}")
    _language.set(language)


@contextmanager
def speaking(language_: str) -> Iterator[None]:
    """Speak ``language_`` inside the ``with`` block (e.g. the language a PDF prints)."""
    token = _language.set(language_)
    try:
        yield
    finally:
        _language.reset(token)


def language() -> str:
    return _language.get() or locale_language()


class _Words(string.Formatter):
    """Values as the files write them: ``{found!r}`` of None, True and False reads
    ``null``, ``true``, ``false`` (the user's JSON and TOML words, not Python's)."""

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "r" and (value is None or isinstance(value, bool)):
            return "null" if value is None else str(value).lower()
        return super().convert_field(value, conversion)


_WORDS = _Words()


def _(message: str, /, **fields: Any) -> str:
    """``message`` in the current language, its ``{fields}`` filled in (a message is a
    format string: a brace of its own is written twice, ``{{``)."""
    text = message if language() == ENGLISH else catalogue(language()).get(message, message)
    return _WORDS.vformat(text, (), fields)


def said(message: str, book: str = "", /) -> str:
    """``message`` in the current language, as written (no fields filled in): a help
    paragraph, or one of click's words (``book="click"``, its own catalogue)."""
    if language() == ENGLISH:
        return message
    return catalogue(f"{book}-{language()}" if book else language()).get(message, message)


def _n(singular: str, plural: str, count: int, /, **fields: Any) -> str:
    """The singular or plural message for ``count`` (``{count}`` is filled in too)."""
    chosen = singular if count == 1 else plural
    if language() != ENGLISH:
        chosen = catalogue(language()).get(singular, chosen)  # Japanese has one form
    return _WORDS.vformat(chosen, (), {"count": count, **fields})


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The translations of ``lang``: English message → translated message."""
    from importlib import resources  # only when a translation is asked for

    text = resources.files("companion.locale").joinpath(f"{lang}.po").read_text("utf-8")
    return {msgid: msgstr for msgid, msgstr in read_po(text) if msgid and msgstr}


def read_po(text: str) -> list[tuple[str, str]]:
    """The (msgid, msgstr) pairs of a PO file; a plural entry gives its first form."""
    entries: list[tuple[str, str]] = []
    fields: dict[str, str] = {}
    key = ""
    for line in (raw.strip() for raw in text.splitlines()):
        if line.startswith('"') and key:
            fields[key] += _unquote(line)
        elif line and not line.startswith("#"):
            key, _space, quoted = line.partition(" ")
            if key == "msgid" and "msgid" in fields:
                entries.append(_entry(fields))
                fields = {}
            fields[key] = _unquote(quoted)
    return [*entries, _entry(fields)] if "msgid" in fields else entries


def _entry(fields: dict[str, str]) -> tuple[str, str]:
    return fields["msgid"], fields.get("msgstr", fields.get("msgstr[0]", ""))


_ESCAPES = {"n": "\n", "t": "\t", "b": "\b", '"': '"', "\\": "\\"}


def _unquote(quoted: str) -> str:
    body, out, i = quoted.strip()[1:-1], [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append(_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)
