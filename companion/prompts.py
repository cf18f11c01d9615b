"""Asking the table at the terminal: numbered choices and dice typed as they are
rolled. Questions go to standard error, so standard output stays the report."""

from __future__ import annotations

from typing import Any

import click

from companion.decisions import Question
from companion.dice import Tray
from companion.i18n import _


def choose(question: Question) -> Any:
    """Show ``question`` and return the order of the option the table picks (Enter:
    the first)."""
    for line in question.context:
        click.echo(line, err=True)
    click.echo(question.title, err=True)
    offered = question.open
    for number, option in enumerate(offered, 1):
        click.echo(f"  {number}) {option.words}", err=True)
    for option in question.options:
        if option.blocked is not None:
            click.echo(_("   -  {words} (not now: {why})", words=option.words,
                         why=option.blocked), err=True)
    if len(offered) == 1:
        return offered[0].order
    picked = click.prompt(_("Choice"), type=click.IntRange(1, len(offered)), default=1,
                          err=True)
    return offered[picked - 1].order


class AskingTray(Tray):
    """A tray whose dice the table rolls and types in, one by one, as they are needed."""

    def __init__(self) -> None:
        super().__init__(typed=[])

    def roll(self, what: str, sides: int = 6) -> int:
        value = click.prompt(_("Roll a d{sides}: {what}", sides=sides, what=what),
                             type=click.IntRange(1, sides), err=True)
        self.used.append(value)
        return value

    def finish(self) -> None:
        """Every die was typed when it was needed: none can be left over."""
