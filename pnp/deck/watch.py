"""``pnp deck --watch``: build again whenever the deck file, its data or its pictures
change, so a PDF (or a --preview SVG) open beside the editor follows the edits.

The files are looked at twice a second (their size and modification time): no
library, no notification service, the same on every system. A build that fails
says why and the watch goes on; Ctrl-C ends it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from companion.errors import InputError

INTERVAL = 0.5  # seconds between looks
MOST_FILES = 2000  # a deck folder larger than this is not walked for pictures
#: What a deck is made of: deck files and templates, data, pictures.
KINDS = frozenset({".toml", ".csv", ".xlsx", ".json", ".png", ".jpg", ".jpeg", ".svg"})

Snapshot = dict[Path, tuple[int, int]]


def watched(deck_file: Path, data: str | None, tables: list[str],
            written: tuple[Path, ...] = ()) -> list[Path]:
    """The files a deck is built from: the deck file, its data files, and every deck,
    data or picture file in the deck's folder and below — not hidden ones (an
    editor's swap files), and not what the build writes (``written``: the output
    folder, the preview), or every build would call for the next."""
    folder = deck_file.resolve().parent
    files = {deck_file.resolve()}
    for name in [*tables, *([data] if data else [])]:
        if not name.startswith(("https://", "http://")):
            files.add((folder / name).resolve() if name in tables else Path(name).resolve())
    outputs = [p.resolve() for p in written]
    for count, path in enumerate(folder.rglob("*")):
        if count >= MOST_FILES:
            break
        inner = path.relative_to(folder).parts
        if (path.suffix.lower() in KINDS and path.is_file()
                and not any(part.startswith(".") for part in inner)
                and not any(path == out or out in path.parents for out in outputs)):
            files.add(path)
    return sorted(files)


def snapshot(files: list[Path]) -> Snapshot:
    seen: Snapshot = {}
    for path in files:
        try:
            stat = path.stat()
        except OSError:
            continue  # gone: its absence is the change
        seen[path] = (stat.st_mtime_ns, stat.st_size)
    return seen


def changed(before: Snapshot, after: Snapshot) -> list[Path]:
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(build: Callable[[], object], files: Callable[[], list[Path]],
          say: Callable[[str], None], *, interval: float = INTERVAL,
          stop: Callable[[], bool] = lambda: False) -> int:
    """Build, then build again on every change until ``stop()``; the builds made."""
    builds = 0

    def attempt() -> None:
        nonlocal builds
        builds += 1
        try:
            build()
        except InputError as err:
            say(f"Error: {err} (still watching)")

    before = snapshot(files())  # before the build: a change made during it is seen next
    attempt()
    say("Watching the deck file, its data and pictures; Ctrl-C to stop.")
    while not stop():
        time.sleep(interval)
        after = snapshot(files())
        moved = changed(before, after)
        if moved:
            names = ", ".join(p.name for p in moved[:3]) + (" …" if len(moved) > 3 else "")
            say(f"Changed: {names}: building again")
            before = after
            attempt()
    return builds
