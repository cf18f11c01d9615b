"""Every command's --help teaches: every option says what it does, every command has
examples, and the words are the player's (no rulebook jargon)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

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


# --- Help in Japanese -----------------------------------------------------------------

def every_help(group: click.Group = companion, path: tuple[str, ...] = ()):
    """Every command and group of ``companion`` with its path: (path, command)."""
    yield path, group
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from every_help(command, (*path, name))
        elif command is not None:
            yield (*path, name), command


def help_units() -> set[str]:
    """Every piece of help the catalogue translates: docstrings, options, game lines."""
    import inspect

    from companion.cli import GAMES
    from companion.help import units

    texts = [line for _module, line in GAMES.values()]
    for _path, command in every_help():
        texts.append(inspect.cleandoc(command.help or ""))
        texts.extend(p.help for p in command.params if getattr(p, "help", None))
    return {unit for text in texts for unit in units(text)}


#: The words of the 魔人 orders (--order): typed as they are, in either language.
ORDER_WORDS = {"start", "escape", "ability", "skip", "ties", "front", "attack", "charge",
               "nocharge", "item", "back", "pass", "summoner", "swap", "switch", "withdraw",
               "advance"}


def _typed_as_is(unit: str) -> bool:
    """A command line of an example, or a line of the order grammar."""
    import re

    typed = unit.startswith(("companion ", "pnp "))
    return typed or set(re.findall(r"[a-z]{3,}", unit)) <= ORDER_WORDS


def test_every_help_paragraph_has_its_japanese() -> None:
    from companion.i18n import catalogue

    japanese = catalogue("ja")
    missing = sorted(u for u in help_units() if u not in japanese and not _typed_as_is(u))
    assert not missing, f"ja.po lacks the help: {missing[:5]}"


def test_clicks_words_in_the_catalogue_are_clicks() -> None:
    """Every entry of click-ja.po is a message of the installed click, word for word."""
    from pathlib import Path

    from companion.i18n import catalogue

    source = "".join(p.read_text("utf-8") for p in Path(click.__file__).parent.glob("*.py"))
    stale = [msgid for msgid in catalogue("click-ja") if f'"{msgid}"' not in source]
    assert not stale, stale


HELPS = [path for path, _command in every_help()]


@pytest.mark.parametrize("path", HELPS, ids=[" ".join(p) or "companion" for p in HELPS])
def test_help_reads_in_japanese(path: tuple[str, ...]) -> None:
    """`companion --lang ja … --help`: no English sentence outside the examples and the
    order grammar, click's headings translated, lines within 80 columns and kinsoku."""
    import re

    from companion.linebreak import NO_START
    from companion.text import display_width

    text = CliRunner().invoke(companion, ["--lang", "ja", *path, "--help"],
                              prog_name="companion").output
    assert text.startswith("使い方: ") and "オプション:" in text
    assert "Show this message" not in text and "Commands:" not in text
    for line in text.splitlines()[1:]:  # after the usage line
        words = line.strip()
        if _typed_as_is(words) or words.startswith("-"):
            words = words.split("  ", 1)[-1] if words.startswith("-") else ""
        assert not re.search(r"\b[a-z]{3,} [a-z]{3,} [a-z]{3,}\b", words), line
        assert display_width(line) <= 80 or _typed_as_is(line.strip()), line
        assert not words or words[0] not in NO_START, line


def test_help_in_english_is_as_written() -> None:
    from tests.cli import succeeds

    succeeds(companion, ["--lang", "ja", "darkhall", "move", "--help"])
    text = CliRunner().invoke(companion, ["--lang", "en", "darkhall", "move", "--help"],
                              prog_name="companion").output
    assert text.startswith("Usage: companion darkhall move")
    assert "A slide over blood is one point" in text and "Show this message and exit." in text


def test_clicks_errors_speak_japanese() -> None:
    from tests.cli import refuses

    assert "というオプションはありません" in refuses(
        companion, ["--lang", "ja", "darkhall", "show", "--nope"])
    assert "引数がありません" in refuses(companion, ["--lang", "ja", "darkhall", "move"])


@pytest.mark.parametrize(("name", "command"), EVERY, ids=[name for name, _c in EVERY])
def test_examples_come_last(name: str, command: click.Command) -> None:
    """What the arguments are (STATE, the dice, the orders) is said before the examples
    that use them: the examples are the help's last paragraph."""
    import inspect

    from companion.help import paragraphs

    last = paragraphs(inspect.cleandoc(command.help or ""))[-1]
    assert last.startswith("\b\nExamples:"), f"{name}: {last[:60]!r}"
