"""What one command has done with files so far: what it read (to refuse writing over a
change made meanwhile), what it wrote (to say so when it stops early) and whether it
may replace a file of another kind (--force). Light on purpose: every command starts
by clearing it."""

from __future__ import annotations

#: Real path → SHA-256 of the bytes this command read.
READ: dict[str, str] = {}
#: The files this command has written, as it was given them, in order.
WRITTEN: list[str] = []
#: Whether this command may replace a file of another kind (--force).
FORCE: list[bool] = [False]
#: Files whose encoding was said (a Shift-JIS CSV is read and said once a command).
SAID: set[str] = set()


def forget() -> None:
    """A new command begins: nothing read, nothing written yet, nothing forced."""
    READ.clear()
    WRITTEN.clear()
    SAID.clear()
    FORCE[0] = False


def allow_replacing(yes: bool) -> None:
    FORCE[0] = bool(yes) or FORCE[0]
