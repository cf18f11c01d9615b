"""Files are never lost: --out onto an input is refused, '-' writes only the file,
a roll log stays a roll log, and every odd input ends in one line with exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from tests.cli import refuses, succeeds

LOG = "examples/roguelight/basic-log.toml"


def companion(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True,
                          text=True, input=input, check=False)


def test_out_onto_the_log_it_reads_is_refused(tmp_path):
    log = tmp_path / "log.toml"
    original = Path(LOG).read_text(encoding="utf-8")
    log.write_text(original, encoding="utf-8")
    output = refuses(main, ["roguelight", "replay", str(log), "--out", str(log)])
    assert "--out would overwrite the log it reads" in output
    assert log.read_text(encoding="utf-8") == original


def test_the_state_file_cannot_be_the_game_file(tmp_path):
    game = tmp_path / "game.json"
    succeeds(main, ["darkhall", "deck", "new", str(game), "--seed", "3"])
    before = game.read_text()
    output = refuses(main, ["darkhall", "deck", "draw", str(game), "--state", str(game)])
    assert "would overwrite the game file" in output and game.read_text() == before


def test_out_dash_writes_only_the_file_to_stdout():
    sheet = companion("roguelight", "replay", LOG, "--out", "-")
    assert sheet.returncode == 0 and sheet.stdout.lstrip().startswith(("#", "map", "["))
    assert "round" in sheet.stderr.lower()
    assert "The build part" not in sheet.stdout
    state = companion("darkhall", "monster", "sample", "--tile", "5", "--out", "-")
    assert state.returncode == 0
    assert isinstance(json.loads(state.stdout), dict)  # nothing but the state
    assert "monster" in state.stderr.lower()


def test_a_roll_log_refuses_a_file_that_is_not_one(tmp_path):
    other = tmp_path / "notes.txt"
    other.write_text("shopping list\n", encoding="utf-8")
    output = refuses(main, ["roll", "2d6", "--seed", "1", "--log", str(other)])
    assert "notes.txt:1: not a roll log" in output
    assert other.read_text(encoding="utf-8") == "shopping list\n"
    log = tmp_path / "rolls.jsonl"
    succeeds(main, ["roll", "2d6", "--seed", "1", "--log", str(log)])
    succeeds(main, ["roll", "d20", "--seed", "2", "--log", str(log)])
    assert len(log.read_text(encoding="utf-8").splitlines()) == 2


@pytest.mark.parametrize(("content", "message"), [
    ("[" * 5000 + "]" * 5000, "nested more than 64 levels deep"),
    ("", "the file is empty"),
    ("\n  \n", "the file is empty"),
])
def test_odd_state_files_end_in_one_line(tmp_path, content, message):
    path = tmp_path / "state.json"
    path.write_text(content, encoding="utf-8")
    result = companion("darkhall", "show", str(path))
    assert result.returncode == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_deep_toml_ends_in_one_line(tmp_path):
    path = tmp_path / "state.toml"
    path.write_text("a = " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    result = companion("darkhall", "show", str(path))
    assert result.returncode == 2 and "nested more than" in result.stderr


def test_a_byte_order_mark_is_tolerated(tmp_path):
    plain = companion("darkhall", "show", "sample", "--as", "json").stdout
    path = tmp_path / "state.json"
    path.write_bytes(b"\xef\xbb\xbf" + plain.encode("utf-8"))
    result = companion("darkhall", "show", str(path), "--as", "json")
    assert result.returncode == 0 and result.stdout == plain


def test_usage_errors_are_one_line_naming_the_help():
    result = companion("darkhall", "show", "--bogus")
    assert result.returncode == 2
    line = result.stderr.strip()
    assert line.startswith("Error: No such option '--bogus' (see '") and "\n" not in line
    assert line.endswith("darkhall show --help')")


def test_end_of_input_at_a_dice_prompt_is_one_line_and_exit_2(tmp_path):
    result = CliRunner().invoke(main, ["roguelight", "intercept", "examples/roguelight/alice.toml",
                                       "examples/roguelight/bob.toml", "--dice"], input="")
    assert result.exit_code == 2, result.output
    assert "the input ended before the answer; nothing was written" in result.output


def test_a_shift_jis_file_is_named_with_the_way_to_convert_it(tmp_path):
    from companion.errors import InputError
    from companion.files import read_text

    path = tmp_path / "state.txt"
    path.write_bytes("stage 1\n# 赤のコマ\n".encode("cp932"))
    with pytest.raises(InputError, match=r"Shift-JIS.*iconv -f CP932 -t UTF-8 state\.txt"):
        read_text(path)
    path.write_bytes(b"\xc3\x28")  # neither UTF-8, UTF-16 nor Japanese: the plain message
    with pytest.raises(InputError, match="not UTF-8 text"):
        read_text(path)
