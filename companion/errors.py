"""The project's exceptions: every message names where the problem is."""

from __future__ import annotations

from typing import Any


class InputError(Exception):
    """Bad input from a person: a file, a field, a cell, a notation.

    ``where`` names the place (``"state.json: stones[2]"``, ``"map.toml:4:7"``);
    the message says what was found and what was expected.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def at(self, where: str) -> InputError:
        """The same error, placed inside ``where`` (outermost first)."""
        inner = f"{where}: {self.where}" if self.where else where
        return type(self)(self.message, inner)


class IllegalMove(InputError):
    """A move the rules forbid; the message names the rule it breaks."""


def refuse_unknown_keys(found: Any, known: Any, where: str | None) -> None:
    """One message for a key a file may not hold, in every game: ``unknown key 'x';
    known: a, b, c`` at ``where`` (the object that holds it)."""
    from companion.i18n import _

    allowed = list(known)
    unknown = [key for key in found if key not in allowed]
    if unknown:
        raise InputError(_("unknown key {key!r}; known: {keys}", key=unknown[0],
                           keys=", ".join(str(k) for k in allowed)), where)
