"""What every command-line shell of the project shares (companion and pnp alike)."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from companion.errors import InputError


class UserError(click.ClickException):
    """A problem with the input: printed as ``Error: where: what``, exit code 2."""

    exit_code = 2


class FriendlyGroup(click.Group):
    """A group that turns the project's :class:`InputError` into a clean exit."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except InputError as err:
            raise UserError(str(err)) from None
        except BrokenPipeError:
            # The reader went away (``| head``): files are written after the
            # output, so none was changed. Leave quietly, without a traceback.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            click.echo("Error: the output was closed early; no file was changed.", err=True)
            ctx.exit(1)


ascii_option = click.option("--ascii", "ascii_only", is_flag=True,
                            help="Draw in plain ASCII.")
