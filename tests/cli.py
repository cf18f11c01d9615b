"""Running a click command in-process the way the CLI tests need."""

from __future__ import annotations

import click
from click.testing import CliRunner, Result


def succeeds(command: click.Command, args: list[str], input: str | None = None) -> str:
    """The output of a command that must exit 0."""
    result = CliRunner().invoke(command, args, input=input)
    assert result.exit_code == 0, result.output
    return result.output


def answers(command: click.Command, args: list[str]) -> str:
    """Standard output alone of a command that must exit 0 (messages go to stderr)."""
    result = CliRunner().invoke(command, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def refuses(command: click.Command, args: list[str]) -> str:
    """The output of a command that must refuse its input: exit 2, no traceback."""
    result: Result = CliRunner().invoke(command, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.output
