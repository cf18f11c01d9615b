"""Floor F of the spec's worked cases, states as files, and the CLI's JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from companion.cli import main
from companion.jongrogue import state as states
from companion.jongrogue import tables

FOUND = tables.load()
#: Floor F: room → pair (every room open, plate 東).
FLOOR_F = {1: "E S", 2: "N N", 3: "R W", 4: "W E", 5: "E E", 6: "N S", 7: "S W", 8: "R N",
           9: "W S"}


def floor_f(at: str = "5", slots: dict[int, list[str | None]] | None = None,
            closed: tuple[int, ...] = (), start: int = 5, **hero: Any) -> dict[str, Any]:
    """Floor F as a state object: all rooms open (but ``closed``), slots empty unless
    given (a slot ``"4s~"`` is a sprung trap), the wall unknown."""
    rooms = []
    for number, pair in FLOOR_F.items():
        given = (slots or {}).get(number, [])
        encounter = [None if t is None else {"tile": t.rstrip("~"), "sprung": t.endswith("~")}
                     for t in given] + [None] * (4 - len(given))
        rooms.append({"tiles": pair.split(), "open": number not in closed,
                      "encounter": encounter})
    return {"game": "jongrogue", "format": 1, "floor": hero.pop("floor", 1),
            "plate": hero.pop("plate", "E"), "over": None, "start": start,
            "hero": {"at": at, **hero}, "rooms": rooms, "house": None, "wall": None,
            "discards": [], "taken": [], "log": []}


def write(folder: Path, data: dict[str, Any], name: str = "game.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(data), "utf-8")
    return path


def state_of(data: dict[str, Any]) -> states.State:
    return states.from_dict(data, "game.json", FOUND)


def run(*args: str) -> dict[str, Any]:
    """``companion jongrogue ARGS --json``: the JSON printed (exit code 0)."""
    result = CliRunner().invoke(main, ["jongrogue", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def refused(*args: str) -> str:
    result = CliRunner().invoke(main, ["jongrogue", *args])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    return result.output


def moves_of(path: Path) -> list[tuple[str, str]]:
    return [(m["to"], m["kind"]) for m in run("moves", str(path))["moves"]]


def events(report: dict[str, Any], kind: str | None = None) -> list[dict[str, Any]]:
    return [e for e in report["events"] if kind is None or e["event"] == kind]
