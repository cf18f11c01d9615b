"""A decision the rules give the players: a question and the options it offers.

The rules cores build :class:`Question` values; a shell asks them (the terminal
in :mod:`companion.prompts`, a page as buttons) and hands back the chosen
option's ``order``, which the core writes down so that the game replays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """One answer: the order it writes, what it is and needs in words, and why it
    cannot be chosen now (None: it can)."""

    order: Any
    words: str
    blocked: str | None = None


@dataclass(frozen=True)
class Question:
    """What is asked, the situation it is asked in, and the options, the first
    open one being the default."""

    title: str
    options: tuple[Option, ...]
    context: tuple[str, ...] = field(default=())
    path: tuple[str, ...] = ()  # where the answer is written (a game's orders)

    @property
    def open(self) -> list[Option]:
        return [option for option in self.options if option.blocked is None]


class NeedAnswer(Exception):
    """Raised by an ``ask`` that cannot answer now (a page between two requests): the
    game stops at ``question``, to go on from the same point once it is answered."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.title)
        self.question = question
