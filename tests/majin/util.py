"""Battle files for the 魔人 tests, written beside the worked card folder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from companion.cli import main
from companion.majin import battle as battles
from companion.majin import cards as card_files

WORKED = Path(__file__).parents[2] / "examples" / "majin" / "worked"


def worked() -> card_files.Cards:
    return card_files.load(str(WORKED))


def battle_data(**keys: Any) -> dict[str, Any]:
    return {"game": "majin", "kind": "battle", "cards": str(WORKED), **keys}


def write(tmp_path: Path, name: str = "battle.json", **keys: Any) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(battle_data(**keys), ensure_ascii=False), "utf-8")
    return path


def make(**keys: Any) -> battles.Battle:
    return battles.from_dict(battle_data(**keys), "battle.json", None)


def run(*args: str) -> dict[str, Any]:
    """The JSON of ``companion majin ARGS --json`` (which must succeed, printing JSON only)."""
    result = CliRunner().invoke(main, ["--lang", "en", "majin", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def refused(*args: str) -> str:
    """The one-line error of a refused ``companion majin`` command (exit 2, stdout empty)."""
    result = CliRunner().invoke(main, ["--lang", "en", "majin", *args])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


def events(report: dict[str, Any], kind: str | None = None) -> list[dict[str, Any]]:
    return [e for e in report["log"] if kind is None or e["type"] == kind]
