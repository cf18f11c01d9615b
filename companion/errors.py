"""The project's exceptions: every message names where the problem is."""

from __future__ import annotations


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
