"""Help in the user's language: the commands' own texts and click's words alike.

A command's help is written once, in English, in its docstring and its options'
``help=``; the catalogue (``companion/locale/ja.po``) translates it paragraph by
paragraph. A paragraph click keeps as written (one that starts with ``\\b``: the
examples, a table) is translated line by line, so the commands in it stay as typed
and only their words ("Examples:") change. click's own words ("Usage:", "Options",
"Missing argument") come from a catalogue of their own
(``companion/locale/click-ja.po``), which click is taught to use here.

In Japanese, lines break by terminal columns (a kanji takes two) and with the
kinsoku rules of :mod:`companion.linebreak`, not at spaces.
"""

from __future__ import annotations

import click
import click.core
import click.exceptions
import click.formatting
import click.parser
import click.termui
import click.types

from companion import i18n
from companion.linebreak import wrap
from companion.text import display_width

KEEP = "\b"  # click's mark of a paragraph kept as written
#: Columns kept free at the right for closing marks hanging past a line (kinsoku: "）。").
HANG = 4


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a help text, as click's formatter separates them."""
    return [p.strip("\n") for p in text.split("\n\n") if p.strip()]


def units(text: str) -> list[str]:
    """The pieces of ``text`` the catalogue translates: each paragraph, or each line
    of a kept paragraph (without its indentation)."""
    found: list[str] = []
    for paragraph in paragraphs(text):
        if paragraph.startswith(KEEP):
            found.extend(line.strip() for line in paragraph[1:].splitlines() if line.strip())
        else:
            found.append(" ".join(paragraph.split()))
    return found


def translated(text: str) -> str:
    """A help text (or one of its option's) in the current language."""
    if i18n.language() == i18n.ENGLISH or not text:
        return text
    return "\n\n".join(_paragraph(p) for p in paragraphs(text))


def _paragraph(paragraph: str) -> str:
    if paragraph.startswith(KEEP):
        lines = [_indented(line) for line in paragraph[1:].splitlines()]
        return KEEP + "\n" + "\n".join(lines).strip("\n")
    return said(" ".join(paragraph.split()))


def _indented(line: str) -> str:
    words = line.strip()
    return line[:len(line) - len(line.lstrip())] + said(words) if words else line


def short(text: str, limit: int) -> str:
    """The first sentence of a help text, in the current language, cut to ``limit``
    terminal columns."""
    first = paragraphs(translated(text))[0] if text.strip() else ""
    ends = [i + len(mark) for mark in (". ", "。") if (i := first.find(mark)) != -1]
    first = first[:min(ends)].rstrip() if ends else first
    first = first.rstrip(".") if first.endswith(".") and not first.endswith("..") else first
    if display_width(first) <= limit:
        return first
    cut = wrap(first, limit - 3, display_width)[0]
    return cut.rstrip(" ,、") + "..."


class Formatter(click.HelpFormatter):
    """click's help formatter, speaking the user's language: texts through the
    catalogue, and Japanese lines broken by terminal columns with kinsoku."""

    def write_text(self, text: str) -> None:
        text = translated(text)
        if i18n.language() == i18n.ENGLISH:
            super().write_text(text)
            return
        indent = " " * self.current_indent
        width = max(self.width - self.current_indent - HANG, 11)
        for number, paragraph in enumerate(paragraphs(text)):
            if number:
                self.write("\n")
            lines = paragraph[1:].strip("\n").splitlines() if paragraph.startswith(KEEP) \
                else wrap(" ".join(paragraph.split()), width, display_width)
            self.write("".join(f"{indent}{line}\n" for line in lines))

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = [(term, _option_help(text)) for term, text in rows]
        if i18n.language() == i18n.ENGLISH:
            super().write_dl(rows, col_max, col_spacing)
            return
        first = min(max(display_width(term) for term, _text in rows), col_max)
        column = self.current_indent + first + col_spacing
        width = max(self.width - column - HANG, 10)
        for term, text in rows:
            self.write(" " * self.current_indent + term)
            lines = wrap(text, width, display_width) if text else []
            if display_width(term) > first:  # a long option: its help on the next line
                self.write("\n")
            elif lines:
                self.write(" " * (first + col_spacing - display_width(term)))
            if not lines:
                self.write("\n")
                continue
            self.write(lines[0] + "\n" if display_width(term) <= first else
                       " " * column + lines[0] + "\n")
            for line in lines[1:]:
                self.write(" " * column + line + "\n")


def _option_help(text: str) -> str:
    """An option's help with click's bracket of extras ("[default: 3]") after it."""
    if text.endswith("]") and "  [" in text:
        own, _gap, extras = text.rpartition("  [")
        return f"{translated(own)}  [{extras}"
    return translated(text)


def said(text: str) -> str:
    """One unit of help in the current language: the project's words, else click's."""
    own = i18n.said(text)
    return own if own != text else i18n.said(text, "click")


def _click_said(message: str) -> str:
    return i18n.said(message, "click")


def _click_said_n(singular: str, plural: str, count: int) -> str:
    chosen = singular if count == 1 else plural
    found = i18n.said(singular, "click")  # Japanese has one form
    return chosen if found == singular else found


def install() -> None:
    """Teach click the catalogue and the formatter (once, for both commands).

    click's decorators are left in English: they run when a command is defined (or
    its --help option first made, then kept), before the language is known; their
    words are translated when shown, like every option's help."""
    for module in (click.core, click.exceptions, click.formatting, click.parser,
                   click.termui, click.types):
        if hasattr(module, "_"):
            module._ = _click_said  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _click_said_n  # type: ignore[attr-defined]
    click.Context.formatter_class = Formatter
