"""The quick start of docs/majin.md runs as written, line by line, in a fresh folder."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from click.testing import CliRunner

from companion.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "majin.md"


def quick_start() -> list[list[str]]:
    text = DOC.read_text("utf-8")
    block = text.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [shlex.split(line, comments=True) for line in block.splitlines()]
    return [words for words in commands if words]


def test_the_quick_start_runs_as_written(tmp_path: Path) -> None:
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for words in quick_start():
            assert words[0] == "companion"
            result = CliRunner().invoke(main, ["--lang", "en", *words[1:]])
            assert result.exit_code == 0, f"{shlex.join(words)}: {result.output}"
    finally:
        os.chdir(here)
    assert (tmp_path / "game.json").exists() and (tmp_path / "battle.json").exists()


def test_the_quick_start_plays_an_expedition_to_its_end(tmp_path: Path) -> None:
    names = [words[2] for words in quick_start()]
    assert {"enter", "fight", "battle", "settle", "chest", "up"} <= set(names)


def test_the_quick_start_speaks_japanese(tmp_path: Path) -> None:
    """Every report and message of the expedition in Japanese: no English sentence left
    (ids, card names and the commands to type next aside)."""
    from tests.test_docs_run import ENGLISH_PROSE

    here = os.getcwd()
    os.chdir(tmp_path)
    english = []
    try:
        for words in quick_start():
            result = CliRunner().invoke(main, ["--lang", "ja", *words[1:]])
            assert result.exit_code == 0, f"{shlex.join(words)}: {result.output}"
            english += [line for line in result.output.splitlines()
                        if ENGLISH_PROSE.search(line.split("companion ", 1)[0])]
    finally:
        os.chdir(here)
    assert not english, english[:5]
