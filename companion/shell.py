"""What every command-line shell of the project shares (companion and pnp alike)."""

from __future__ import annotations

import contextlib
import inspect
import os
import sys
from typing import Any, ClassVar

import click

from companion import help as _help
from companion.errors import InputError
from companion.i18n import _, _n

_help.install()


class UserError(click.ClickException):
    """A problem with the input: printed as ``Error: where: what``, exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(_("Error: {message}", message=self.format_message()), err=True)


class HelpGroup(click.Group):
    """A group whose command list speaks the user's language."""

    lazy: ClassVar[dict[str, tuple[str, str]]] = {}

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, _help.short(self.lazy[name][1] if name in self.lazy else
                                   self.commands[name].help or "", limit)) for name in names]
        with formatter.section(self.heading()):
            formatter.write_dl(rows)

    def heading(self) -> str:
        return _("Commands")


class FriendlyGroup(HelpGroup):
    """A group that turns the project's :class:`InputError` into a clean exit, and
    click's usage errors into one line naming the command and its --help."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("standalone_mode", True)
        try:
            done = super().main(*args, **{**kwargs, "standalone_mode": False})
            if not kwargs["standalone_mode"]:
                return done
            sys.exit(done if isinstance(done, int) else 0)  # an exit code from ctx.exit
        except click.UsageError as err:
            if not kwargs["standalone_mode"]:
                raise
            command = err.ctx.command_path if err.ctx else self.name
            message = err.format_message().rstrip(".。")
            click.echo(_("Error: {message} (see '{command} --help')", message=message,
                         command=command), err=True)
            sys.exit(2)
        except click.ClickException as err:
            if not kwargs["standalone_mode"]:
                raise
            err.show()
            sys.exit(err.exit_code)
        except click.exceptions.Exit as done:
            if not kwargs["standalone_mode"]:
                raise
            sys.exit(done.exit_code)
        except click.Abort as stop:
            if not kwargs["standalone_mode"]:
                raise
            if isinstance(stop.__context__, KeyboardInterrupt):
                click.echo(_("Interrupted: {files}", files=written_files()), err=True)
                sys.exit(130)
            click.echo(_("Error: the input ended before the answer; {files}",
                         files=written_files()), err=True)
            sys.exit(2)

    def invoke(self, ctx: click.Context) -> Any:
        from companion import ledger

        if ctx.parent is None:
            ledger.forget()
        typed = [*getattr(ctx, "_protected_args", []), *ctx.args]
        try:
            return super().invoke(ctx)
        except InputError as err:
            raise UserError(str(err)) from None
        except BrokenPipeError:
            # The reader went away (``| head``): say what happened to each file; a
            # command that writes none stops quietly, as ``cat | head`` does.
            with contextlib.suppress(OSError, ValueError):  # no file descriptor: a test
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            if ledger.WRITTEN or _writes(self, ctx, typed):
                click.echo(_("Error: the output was closed early; {files}",
                             files=written_files()), err=True)
                ctx.exit(1)
            ctx.exit(0)


def written_files() -> str:
    """What this command wrote, for a message when it stops early."""
    from companion import ledger

    if not ledger.WRITTEN:
        return _("nothing was written.")
    shown = list(dict.fromkeys(ledger.WRITTEN))
    return _n("{count} file was written: {files}.", "{count} files were written: {files}.",
              len(shown), files=", ".join(shown))


def _writes(group: click.Group, ctx: click.Context, typed: list[str]) -> bool:
    """Whether the command line asked for a file to be written: an --out (or --ask, which
    writes the answers into its file), or a command that updates the files it is given."""
    if any(arg in ("--out", "--ask") or arg.startswith("--out=") for arg in typed):
        return True
    command: Any = group
    for word in typed:
        if not isinstance(command, click.Group):
            break
        command = command.get_command(ctx, word) if not word.startswith("-") else command
        if command is None:
            return False
    return bool(getattr(command, "updates_files", False))


def updates_files(command: click.Command) -> click.Command:
    """Mark a command that writes the files it is given (not only to --out)."""
    command.updates_files = True  # type: ignore[attr-defined]
    return command


class LazyGroup(FriendlyGroup):
    """A group whose ``lazy`` commands (name → ("module:attribute", one-line help)) are
    imported only when run: '--help' lists them from the registry, unloaded, so a
    command starts with only what it uses."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            import importlib

            module, attribute = self.lazy[name][0].split(":")
            return getattr(importlib.import_module(module), attribute)
        return super().get_command(ctx, name)


class LazyPath(click.Path):
    """``click.Path`` handing the command a :class:`pathlib.Path`, made when a path
    is given: a command run without one never imports pathlib."""

    def coerce_path_result(self, value: Any) -> Any:
        from pathlib import Path

        return Path(value)


ascii_option = click.option("--ascii", "ascii_only", is_flag=True,
                            help="Draw in plain ASCII.")


def add_help(command: click.Command, text: str) -> None:
    """Add a paragraph to the help of ``command``, before its examples (both dedented, so
    examples stay lined up): what STATE is, how dice are given, then how it is typed."""
    own, added = inspect.cleandoc(command.help or ""), inspect.cleandoc(text)
    head, examples, rest = own.partition(EXAMPLES)
    command.help = f"{head.rstrip()}\n\n{added}\n\n{examples}{rest}" if examples else \
        f"{own}\n\n{added}"


EXAMPLES = "\b\nExamples:"


def names_or_files(*names: str):
    """Shell completion for an argument that is a shipped name or a file."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
        from click.shell_completion import CompletionItem  # only when completing

        found = [CompletionItem(n) for n in names if n.startswith(incomplete)]
        return [*found, CompletionItem(incomplete, type="file")]

    return complete


def _force(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    from companion import ledger

    ledger.allow_replacing(value)


def force_option(command: Any) -> Any:
    """--force: the command may replace a file of another kind at --out (without it such
    a file is refused and named)."""
    return click.option("--force", is_flag=True, expose_value=False, callback=_force,
                        help="Replace a file of another kind at --out (a campaign, a table, "
                             "a note…); without it such a file is refused.")(command)


def with_force(out: Any) -> Any:
    """An --out option that comes with --force."""
    return lambda command: force_option(out(command))


class SeedType(click.ParamType):
    """A seed: a whole number from 0 to 2**63 - 1, the same rule in every command."""

    name = "SEED"

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            if not (text.isascii() and text.lstrip("+").isdigit()):
                self.fail(_("a seed is a whole number from 0 to 2**63 - 1, not {value!r}",
                            value=value), param, ctx)
            number = int(text)
        if not 0 <= number < 2**63:
            self.fail(_("a seed is a whole number from 0 to 2**63 - 1, not {value!r}",
                        value=value), param, ctx)
        return number


SEED = SeedType()
