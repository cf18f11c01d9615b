"""The companion command as people use it: output, exit codes, files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.darkhall import state as states
from tests.cli import refuses, succeeds


def run(*args: str) -> str:
    return succeeds(main, list(args))


def fails(*args: str) -> str:
    return refuses(main, list(args))


# --- dice -------------------------------------------------------------------


def test_roll_with_a_seed_replays_and_shows_the_seed():
    first = run("roll", "4d6kh3", "3d6>=5", "--seed", "12")
    assert run("roll", "4d6kh3", "3d6>=5", "--seed", "12") == first
    assert first.splitlines()[0].startswith("4d6kh3: [")
    assert "seed 12 (replay: --seed 12)" in first


def test_roll_without_a_seed_shows_one_that_replays():
    data = json.loads(run("roll", "2d6", "--json"))
    again = json.loads(run("roll", "2d6", "--json", "--seed", str(data[0]["seed"])))
    assert again == data


def test_roll_log_appends_json_lines(tmp_path):
    log = tmp_path / "rolls.jsonl"
    run("roll", "2d6", "--seed", "1", "--log", str(log))
    run("roll", "d20", "--seed", "2", "--log", str(log))
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["notation"], r["seed"]) for r in lines] == [("2d6", 1), ("d20", 2)]
    assert {"dice", "total", "kept"} <= set(lines[0])


def test_odds_table_and_json():
    text = run("odds", "2d6")
    assert "36 equally likely outcomes, mean 7" in text
    assert "1/36   2.78%" in text
    data = json.loads(run("odds", "3d6>=5", "--json"))
    assert data["outcomes"] == 216 and data["mean"] == "1"
    assert [r["p"] for r in data["rows"]] == ["8/27", "4/9", "2/9", "1/27"]


@pytest.mark.parametrize("notation", ["3d", "0d6", "3d6>=9", "lots"])
def test_bad_notation_is_one_line_and_exit_2(notation):
    out = fails("roll", notation)
    assert out.startswith("Error: dice ") and len(out.strip().splitlines()) == 1


# --- dark hall ----------------------------------------------------------------


def test_show_draws_the_board_and_converts_forms():
    board = run("darkhall", "show", "sample")
    assert " 11 " in board and "red-6 on d2" in board
    assert all(ord(c) < 128 for c in run("darkhall", "show", "sample", "--ascii"))
    as_json = run("darkhall", "show", "sample", "--as", "json")
    assert states.parse(as_json, "x.json") == states.load("sample")


def test_monster_json_has_steps_eaten_and_state(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"tokens": [{"id": "red-6", "square": "f1"}]}))
    data = json.loads(run("darkhall", "monster", str(path), "--tile", "5", "--json"))
    assert [s["to"] for s in data["steps"]] == ["b1", "c1", "d1", "e1", "f1"]
    assert all(s["facing"] == "E" for s in data["steps"])
    assert data["steps"][0]["look"]["seen"][0] == {
        "token": "red-6", "side": "ahead", "heading": "E", "distance": 5}
    assert data["eaten"] == ["red-6"]
    assert states.from_dict(data["state"], "x").token("red-6").square is None


def test_monster_text_account_with_boards_before_and_after(tmp_path):
    out = tmp_path / "after.txt"
    text = run("darkhall", "monster", "basic", "--tile", "5", "--out", str(out))
    assert "Tile 5 (5 steps), stage 1" in text and "  5. sees nothing" in text
    assert text.count("    a  b  c") == 2
    assert states.load(str(out)).monster.square == "f1"


def test_move_explains_the_rule_it_breaks():
    out = fails("darkhall", "move", "sample", "red-6", "d3", "d4")
    assert "the monster stands on d4" in out
    assert "Legal: red-4 (3) k5" in run("darkhall", "move", "sample", "red-4", "k5")


def test_setup_prints_the_basic_setup_or_checks_one():
    assert states.parse(run("darkhall", "setup"), "x.json") == states.basic_setup()
    assert "a legal manual setup" in run("darkhall", "setup", "basic")


@pytest.mark.parametrize(
    ("content", "suffix", "expected"),
    [
        ('{"stones": ["c3", "q3"]}', ".json", "stones[1]: q3 is off the board"),
        ('{"stones": ["c3",]}', ".json", ":1:"),
        ('{"tokens": [{"id": "a-1", "square": "c3"}]}', ".json", "both on c3"),
        ('{"pools": [["a4", "b4", "a5", "b5"]]}', ".json", "touches the board edge"),
        ('{"pools": [["f5", "g5", "h5", "f6"]]}', ".json", "not a 2×2 or 4×1"),
        ("stones = [", ".toml", "malformed TOML"),
        ("monster zz E", ".txt", "not a cell name"),
    ],
)
def test_bad_state_files_end_in_one_message_exit_2_and_nothing_written(
        tmp_path, content, suffix, expected):
    path = tmp_path / f"state{suffix}"
    path.write_text(content)
    out_file = tmp_path / "new.json"
    out = fails("darkhall", "monster", str(path), "--tile", "5", "--out", str(out_file))
    assert expected in out and str(path) in out
    assert not out_file.exists()


def test_unknown_tile_and_missing_file():
    assert "unknown tile '6'" in fails("darkhall", "monster", "basic", "--tile", "6")
    assert "no such file" in fails("darkhall", "show", "nope.json")


def test_deck_runs_a_whole_game_on_a_state_file(tmp_path):
    game, state = tmp_path / "game.json", tmp_path / "state.json"
    state.write_text(states.to_json(states.load("sample")))
    run("darkhall", "deck", "new", str(game), "--seed", "5")
    assert "already exists" in fails("darkhall", "deck", "new", str(game))
    outputs = [run("darkhall", "deck", "draw", str(game), "--state", str(state))
               for _ in range(14)]
    assert outputs[0].startswith("Stage 1, monster move 1 of 7: tile 8")
    assert "Stage 1 is over" in outputs[6]
    assert "The game is over" in outputs[13]
    assert states.load(str(state)).stage == 2
    assert "game is over" in fails("darkhall", "deck", "draw", str(game))
    shown = run("darkhall", "deck", "show", str(game))
    assert "stage 2 move 7" in shown


def test_installed_command_never_shows_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "darkhall", "monster", str(bad), "--tile", "5"],
        capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "malformed JSON" in proc.stderr


def test_companion_never_imports_reportlab():
    code = "import sys, companion.cli; print('reportlab' in sys.modules)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "False"


def _commands(command, path):
    """Every command under ``command``, with its full path."""
    import click
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command, info_name=path)
        for name in command.list_commands(ctx):
            yield from _commands(command.get_command(ctx, name), f"{path} {name}")


def test_every_help_teaches_with_examples():
    """Each command's --help ends its text with examples of that very command."""
    from click.testing import CliRunner

    from companion.cli import main as companion
    from pnp.cli import main as pnp

    for root, name in ((companion, "companion"), (pnp, "pnp")):
        for path, _ in _commands(root, name):
            args = [*path.split()[1:], "--help"]
            text = CliRunner().invoke(root, args).output
            examples = text.split("Examples:", 1)
            assert len(examples) == 2, f"{path} --help has no examples"
            shown = [line.strip() for line in examples[1].splitlines() if line.strip()]
            assert shown[0].startswith(path), f"{path} --help: {shown[0]}"


def _complete(program: str, words: str) -> list[str]:
    """What shell completion offers after ``words`` (bash's protocol, in-process)."""
    from click.testing import CliRunner

    from companion.cli import main as companion
    from pnp.cli import main as pnp

    root = {"companion": companion, "pnp": pnp}[program]
    env = {"COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - (words[-1] != " ")),
           f"_{program.upper()}_COMPLETE": "bash_complete"}
    output = CliRunner().invoke(root, [], env=env, prog_name=program).output
    return [line.split(",", 1)[1] for line in output.splitlines() if line.startswith("plain,")]


@pytest.mark.parametrize(("program", "words", "offered"), [
    ("pnp", "pnp build d", ["darkhall"]),
    ("pnp", "pnp build a", ["all"]),
    ("pnp", "pnp build darkhall t", ["tokens", "tiles"]),
    ("pnp", "pnp build darkhall tokens t", ["tiles"]),
    ("pnp", "pnp preview roguelight s", ["sheet", "summary", "solo"]),
    ("companion", "companion d", ["darkhall"]),
    ("companion", "companion roguelight map a", ["advanced"]),
    ("companion", "companion darkhall show s", ["sample"]),
    ("companion", "companion darkhall move sample r", ["red-6", "red-4"]),
])
def test_shell_completion_offers_games_components_and_names(program, words, offered):
    assert _complete(program, words)[:len(offered)] == offered
