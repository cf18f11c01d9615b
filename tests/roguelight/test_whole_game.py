"""Roguelight from build to winner: sheets with every exit filled, the winner
of the interception part, map and log refusals, and a whole two-player game
through the command line only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import InputError
from companion.roguelight.maps import parse_map
from companion.roguelight.replay import play_round
from tests.cli import refuses, succeeds
from tests.roguelight.test_build import basic

EXAMPLES = Path(__file__).parents[2] / "examples" / "roguelight"
BASIC_TOML = (Path(__file__).parents[2] / "companion" / "data" / "roguelight" / "basic.toml")


def run(*args: str) -> str:
    return succeeds(main, ["roguelight", *map(str, args)])


def fails(*args: str) -> str:
    return refuses(main, ["roguelight", *map(str, args)])


ALL_EXITS_FILLED = '''
map = "basic"
name = "walled"
plans = ["C1:D2"]
development = 4
filled = """
###.######
##..######
###.######
###.######
###.######
###.######
###.######
###.######
###.......
##########
"""
[items]
circled = [1, 2]
'''


def walled(tmp_path: Path) -> Path:
    sheet = tmp_path / "walled.toml"
    sheet.write_text(ALL_EXITS_FILLED)
    return sheet


def test_a_sheet_with_every_exit_filled_has_no_floor_and_scores_items_only(tmp_path):
    # rule text: exits may be filled before the build part ends (出口を塗り潰せます)
    shown = run("score", walled(tmp_path))
    assert "exit none (every exit is filled)" in shown
    assert "No floor: every exit is filled" in shown
    assert "Items 3 + rooms 0 + bonus 0 + goals 0 = 3" in shown  # marks 1 and 2: 1 + 2
    data = json.loads(run("score", walled(tmp_path), "--json"))
    assert (data["exit"], data["floor"], data["points"]["total"]) == (None, False, 3)


def test_a_sheet_with_every_exit_filled_sits_out_and_its_build_total_counts(tmp_path):
    shown = run("intercept", EXAMPLES / "alice.toml", walled(tmp_path), "--seed", 1)
    assert "walled has no floor and cannot join the interception part." in shown
    assert "walled: build 3 (sat out)" in shown
    data = json.loads(run("intercept", EXAMPLES / "alice.toml", walled(tmp_path),
                          "--seed", 1, "--json"))
    assert data["left_out"] == ["walled"] and data["result"]["totals"]["walled"] == 3


def test_solo_with_every_exit_filled_takes_the_title_of_its_item_points(tmp_path):
    shown = run("intercept", walled(tmp_path))
    assert "Solo title: 使い魔 (3 points on the basic titles)" in shown


def test_intercept_names_the_winner_once_the_dice_are_rolled():
    shown = run("intercept", EXAMPLES / "alice.toml", EXAMPLES / "bob.toml", "--seed", 3)
    data = json.loads(run("intercept", EXAMPLES / "alice.toml", EXAMPLES / "bob.toml",
                          "--seed", 3, "--json"))
    totals, winners = data["result"]["totals"], data["result"]["winners"]
    assert winners == [max(totals, key=totals.get)] and not data["result"]["draw"]
    assert f"Winner: {winners[0]} with {totals[winners[0]]} points." in shown


def test_without_dice_the_winner_depends_on_the_rolls():
    shown = run("intercept", EXAMPLES / "alice.toml", EXAMPLES / "bob.toml")
    assert "The winner depends on the rolls" in shown and "Winner:" not in shown


def test_equal_final_totals_are_a_draw(tmp_path):
    # rule text: 同点なら引き分け. Two copies of one sheet; find a seed where both
    # sheets' battles give the same points.
    twin = tmp_path / "twin.toml"
    twin.write_text((EXAMPLES / "alice.toml").read_text().replace('name = "alice"',
                                                                    'name = "twin"'))
    for seed in range(40):
        data = json.loads(run("intercept", EXAMPLES / "alice.toml", twin, "--seed", seed,
                              "--order", "alice,twin", "--json"))
        if data["result"]["draw"]:
            break
    else:
        pytest.fail("no drawn seed in 40")
    assert data["result"]["winners"] == ["alice", "twin"]
    shown = run("intercept", EXAMPLES / "alice.toml", twin, "--seed", seed,
                "--order", "alice,twin")
    points = data["result"]["totals"]["alice"]
    assert f"A draw: alice and twin with {points} points each." in shown


def test_players_below_the_number_of_sheets_is_refused():
    message = fails("intercept", EXAMPLES / "alice.toml", EXAMPLES / "bob.toml",
                    "--players", 1)
    assert "--players 1 but 2 sheets: one sheet a player" in message


def test_a_die_face_with_both_time_marks_in_adjacent_gaps_is_refused():
    text = BASIC_TOML.read_text()
    assert "[1, 1], [4, 2]" in text
    bad = text.replace("[1, 1], [4, 2]", "[1, 1], [4, 3]").replace("[1, 9]", "[1, 2]")
    with pytest.raises(InputError, match="face 1 sits in the adjacent gaps 1 and 2: a black "
                                         "roll would circle three numbers"):
        parse_map(bad, "adjacent.toml")
    assert parse_map(text, "basic.toml").time_marks  # the shipped layout passes


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"dice": [2, 2], "plan": "I1:J2", "spend": 1},
         "'spend' has no place in a plan round"),
        ({"dice": [2, 2], "plan": "I1:J2", "die": "black"},
         "'die' has no place in a plan round"),
        ({"dice": [1, 3], "block": ["E1"], "colour": "red"},
         "'colour' has no place in a block round"),
        ({"dice": [2, 2], "plan": "I1:J2", "note": "x"}, "'note' has no place"),
    ],
)
def test_replay_refuses_keys_a_round_cannot_hold(entry, message):
    with pytest.raises(InputError, match=message):
        play_round(basic(), entry, 1)


def test_replay_names_the_round_and_the_key(tmp_path):
    log = tmp_path / "log.toml"
    text = (EXAMPLES / "basic-log.toml").read_text()
    log.write_text(text.replace('block = ["A2", "B2"]', 'block = ["A2", "B2"]\nspent = 2'))
    assert "round 3: spent: 'spent' has no place in a block round" in fails("replay", log)


def test_a_whole_two_player_game_from_the_logs_to_a_winner(tmp_path):
    solver, rival = tmp_path / "solver.toml", tmp_path / "rival.toml"
    run("replay", EXAMPLES / "basic-log.toml", "--out", solver)
    run("replay", EXAMPLES / "basic-log-rival.toml", "--out", rival)
    builds = {json.loads(run("score", sheet, "--json"))["sheet"]:
              json.loads(run("score", sheet, "--json"))["points"]["total"]
              for sheet in (solver, rival)}
    assert builds == {"solver": 17, "rival": 14}
    shown = run("intercept", solver, rival, "--seed", 3, "--order", "solver,rival")
    data = json.loads(run("intercept", solver, rival, "--seed", 3, "--order", "solver,rival",
                          "--json"))
    assert [d["sheet"] for d in data["stack"]] == ["solver", "rival"]
    totals = data["result"]["totals"]
    for descent in data["stack"]:
        assert totals[descent["sheet"]] == descent["build"] + descent["points"]
    winner = data["result"]["winners"]
    assert winner == ["solver"] and f"Winner: solver with {totals['solver']} points." in shown
