"""companion roguelight as people use it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from tests.cli import refuses, succeeds

EXAMPLES = Path(__file__).parents[2] / "examples" / "roguelight"
ALICE, BOB = str(EXAMPLES / "alice.toml"), str(EXAMPLES / "bob.toml")


def run(*args: str, input: str | None = None) -> str:
    return succeeds(main, ["roguelight", *args], input=input)


def fails(*args: str) -> str:
    return refuses(main, ["roguelight", *args])


def test_score_draws_the_sheet_and_lists_rooms():
    text = run("score", ALICE)
    assert "room A C1:D2 — scores 3" in text
    assert "Items 1 + rooms 9 + bonus 10 + goals 0 = 20" in text


def test_score_json_has_the_documented_keys():
    data = json.loads(run("score", BOB, "--json"))
    assert data["points"] == {"items": 3, "rooms": 6, "bonus": 10, "goals": 0, "total": 19}
    assert [(r["cells"], r["scoring"]) for r in data["rooms"]] == [
        ("I5:J6", True), ("C6:E7", True)]
    assert data["exits"][0] == {"exit": "A10", "total": 19}
    assert {e["exit"] for e in data["exits"]} == {"A10"}


def test_intercept_exact_and_seeded_and_json():
    text = run("intercept", ALICE, BOB)
    assert text.index("1. bob") < text.index("2. alice")
    assert "bob scores on min ≤ 1 or doubles: 16/36" in text
    seeded = run("intercept", ALICE, BOB, "--seed", "5")
    assert run("intercept", ALICE, BOB, "--seed", "5") == seeded
    assert "rolled white" in seeded
    data = json.loads(run("intercept", ALICE, BOB, "--json"))
    assert [s["sheet"] for s in data["stack"]] == ["bob", "alice"]
    assert data["stack"][0]["expected"] == "55/18"


def test_intercept_with_dice_typed_at_the_table():
    text = run("intercept", BOB, "--dice", input="1 6\n4 4\n")
    assert "rolled white 1, black 6: +5" in text and "rolled white 4, black 4 (doubles): +5" in text
    assert "bob: build 19 + interception 10 = 29" in text
    assert "Solo title: 使い魔" in text


def test_intercept_refuses_bad_route_and_mixed_dice_options():
    assert "not one of the fewest-rooms routes" in fails("intercept", BOB, "--route", "bob=B")
    result = CliRunner().invoke(main, ["roguelight", "intercept", BOB, "--seed", "1", "--dice"])
    assert result.exit_code == 2 and "exclude each other" in result.output


def test_replay_writes_the_sheet_score_reads(tmp_path):
    out = tmp_path / "sub" / "sheet.toml"
    text = run("replay", str(EXAMPLES / "basic-log.toml"), "--out", str(out))
    assert "The build part is over after round 16" in text
    assert "Items 1 + rooms 6 + bonus 10" in run("score", str(out))


def test_replay_names_a_map_file_relative_to_the_written_sheet(tmp_path):
    maps = tmp_path / "maps"
    maps.mkdir()
    (maps / "mine.toml").write_text((Path(__file__).parents[2] / "companion" / "data" /
                                     "roguelight" / "basic.toml").read_text())
    log = tmp_path / "logs" / "log.toml"
    log.parent.mkdir()
    log.write_text((EXAMPLES / "basic-log.toml").read_text().replace(
        'map = "basic"', 'map = "../maps/mine.toml"'))
    out = tmp_path / "out" / "sheet.toml"
    run("replay", str(log), "--out", str(out))
    assert 'map = "../maps/mine.toml"' in out.read_text()
    assert "= 17" in run("score", str(out))


def test_illegal_round_stops_with_nothing_written(tmp_path):
    log = tmp_path / "log.toml"
    log.write_text((EXAMPLES / "basic-log.toml").read_text().replace(
        'block = ["A2", "B2"]', 'block = ["A2", "B2", "B3"]'))
    out = tmp_path / "sheet.toml"
    message = fails("replay", str(log), "--out", str(out))
    assert "round 3: A2 B2 B3 is not the block of face 1" in message
    assert not out.exists()


@pytest.mark.parametrize(("text", "expected"), [
    ("map = ", "malformed TOML"),
    ('map = "basic"\nfilled = "."', "1 rows; the map basic has 10"),
    ('map = "nowhere"', "nowhere: no such file"),
])
def test_bad_sheet_files_one_line_exit_2(tmp_path, text, expected):
    path = tmp_path / "s.toml"
    path.write_text(text)
    output = fails("score", str(path))
    assert expected in output and len(output.strip().splitlines()) == 1


def test_map_command_shows_and_checks_maps():
    assert "large blue slime on E3 F3 (goal blue slime)" in run("map", "advanced")
    assert "no such file" in fails("map", "nope.toml")


def test_a_play_log_given_as_a_sheet_points_to_replay():
    assert "this is a play log" in fails("score", str(EXAMPLES / "basic-log.toml"))


def test_dice_typed_at_the_table_show_each_battle_before_the_next_roll():
    """Each battle is shown with what it needs, and its outcome follows the roll at
    once, before the next battle asks for dice."""
    result = CliRunner().invoke(main, ["roguelight", "intercept", BOB, "--dice"],
                                input="1 6\n4 4\n")
    told = result.stderr
    first_needs = told.index("room A: 2 monsters vs level 1 — bob scores on min ≤ 1")
    first_result = told.index("rolled white 1, black 6: +5")
    second_needs = told.index("room B: 1 monster vs level 1")
    assert first_needs < first_result < second_needs < told.index("(doubles): +5")


def test_blank_sheet_is_what_score_reads_once_filled_in(tmp_path):
    """The blank sheet names its map and keys; filled in like alice's sheet it
    scores exactly as alice's does."""
    out = tmp_path / "alice.toml"
    assert "Blank sheet written" in run("blank", "basic", "--out", str(out), "--name", "alice")
    blank = out.read_text()
    assert 'map = "basic"' in blank and "1 on D1, setup plan C1:D2" in blank
    assert "open entrances" in fails("score", str(out))
    assert "already exists" in fails("blank", "basic", "--out", str(out))
    alice = (EXAMPLES / "alice.toml").read_text()
    rows = alice.split('filled = """')[1].split('"""')[0].split()
    filled_in = blank.replace("plans = []", 'plans = ["C1:D2", "F1:G2", "D6:F7"]')
    filled_in = filled_in.replace("development = 0", "development = 8")
    grid = blank.split('filled = """')[1].split('"""')[0]
    filled_in = filled_in.replace(grid, "\n" + "\n".join("    " + r for r in rows) + "\n")
    filled_in = filled_in.replace("circled = []", "circled = [1, 2]")
    filled_in = filled_in.replace("spent = []", "spent = [2]")
    out.write_text(filled_in)
    assert run("score", str(out)) == run("score", str(EXAMPLES / "alice.toml"))


def test_blank_sheet_for_a_map_file_names_it_relative_to_the_sheet(tmp_path):
    board = tmp_path / "maps" / "mine.toml"
    board.parent.mkdir()
    board.write_text((EXAMPLES.parent.parent / "companion/data/roguelight/basic.toml")
                     .read_text())
    out = tmp_path / "sheets" / "me.toml"
    out.parent.mkdir()
    run("blank", str(board), "--out", str(out))
    assert 'map = "../maps/mine.toml"' in out.read_text()
    assert "open entrances" in fails("score", str(out))  # the map is found


def test_map_shows_column_letters_and_row_numbers():
    lines = run("map", "basic").splitlines()
    assert lines[1].split() == list("ABCDEFGHIJ")
    assert lines[2].split()[0] == "1" and lines[11].split()[0] == "10"
