"""Every command's --help teaches: every option says what it does, every command has
examples, and the words are the player's (no rulebook jargon)."""

from __future__ import annotations

import click
import pytest

from companion.cli import main as companion
from pnp.cli import main as pnp


def commands(group: click.Group, path: str):
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from commands(command, f"{path} {name}")
        elif command is not None:
            yield f"{path} {name}", command


EVERY = [*commands(companion, "companion"), *commands(pnp, "pnp")]


@pytest.mark.parametrize(("name", "command"), EVERY, ids=[name for name, _c in EVERY])
def test_every_option_says_what_it_does(name: str, command: click.Command) -> None:
    silent = [param.opts[0] for param in command.params
              if isinstance(param, click.Option) and not param.hidden and not param.help]
    assert not silent, f"{name}: options without help: {silent}"


@pytest.mark.parametrize(("name", "command"), EVERY, ids=[name for name, _c in EVERY])
def test_every_command_shows_examples_in_plain_words(name: str, command: click.Command) -> None:
    text = command.help or ""
    assert "Example" in text, f"{name}: no examples in its help"
    assert "dmaufbau" not in text.lower()


def test_serve_names_every_game() -> None:
    text = companion.get_command(click.Context(companion), "serve").help or ""
    for game in ("Dark Hall", "Roguelight", "Rakugaaki", "JongRogue", "魔人"):
        assert game in text
