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


SEEDED = [(name, command) for name, command in EVERY
          if any(getattr(p, "name", None) == "seed" for p in command.params)]


@pytest.mark.parametrize(("name", "command"), SEEDED, ids=[name for name, _c in SEEDED])
def test_every_seed_is_the_same_whole_number(name: str, command: click.Command) -> None:
    """One rule for --seed everywhere: 0 to 2**63 - 1; -1 is refused, the same way."""
    from companion.shell import SEED

    seed = next(p for p in command.params if p.name == "seed")
    assert seed.type is SEED, name
    with pytest.raises(click.BadParameter, match="a seed is a whole number from 0"):
        SEED.convert("-1", seed, None)
    assert SEED.convert("7", seed, None) == 7
