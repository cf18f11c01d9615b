"""Files are never lost: a state file changed by another command since this one read it
is refused, not overwritten; two commands on one file at once never lose a change."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion import files, ledger
from companion.errors import InputError


def test_a_file_changed_since_it_was_read_is_refused(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text('{"n": 1}')
    ledger.forget()
    files.read_text(state)
    state.write_text('{"n": 2}')  # another command, meanwhile
    with pytest.raises(InputError, match="changed since this command read it"):
        files.write_atomic(state, '{"n": 3}')
    assert json.loads(state.read_text()) == {"n": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]  # no stray files


def test_a_file_read_then_written_once_is_written(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    state.write_text('{"n": 1}')
    ledger.forget()
    files.read_text(state)
    files.write_atomic(state, '{"n": 2}')
    files.write_atomic(state, '{"n": 3}')  # its own change: written again
    assert json.loads(state.read_text()) == {"n": 3}
    assert [str(state), str(state)] == ledger.WRITTEN


MOVES = (("red-4", "k5"), ("blue-2", "l7"))
MOVE = """
import sys
from companion.cli import main
sys.argv = ["companion", "darkhall", "move", sys.argv[1], sys.argv[2], sys.argv[3],
            "--out", sys.argv[1]]
main()
"""


def test_two_moves_on_one_state_at_once_lose_nothing(tmp_path: Path) -> None:
    """Each try: two token moves on the same state file at the same moment. Either both
    are in the file, or one is and the other was refused (exit 2) — never one lost."""
    from companion.darkhall import state as states

    for attempt in range(6):
        state = tmp_path / f"st{attempt}.json"
        state.write_text(json.dumps(states.to_dict(states.load("sample"))))
        runs = [subprocess.Popen([sys.executable, "-c", MOVE, str(state), token, square],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                for token, square in MOVES]
        codes = [run.wait() for run in runs]
        moved = set(json.loads(state.read_text())["moved"])
        done = {token for (token, _s), code in zip(MOVES, codes,
                                                    strict=True) if code == 0}
        assert moved == done, (codes, [run.stderr.read() for run in runs])
        assert all(code in (0, 2) for code in codes)


# --- a command that stops early says what happened to each file --------------------------


def shell_with(action):
    import click

    from companion.shell import FriendlyGroup

    @click.group(cls=FriendlyGroup)
    def tool() -> None:
        """A tool."""

    @tool.command()
    @click.option("--out")
    def run(out: str | None) -> None:
        action(out)

    return tool


def stop(tool, *args: str) -> tuple[int, str]:
    from click.testing import CliRunner

    result = CliRunner().invoke(tool, ["run", *args], standalone_mode=True)
    return result.exit_code, result.stderr


def test_a_closed_pipe_after_a_write_names_the_file(tmp_path: Path) -> None:
    out = tmp_path / "state.json"

    def action(path: str | None) -> None:
        files.write_atomic(path, "{}")
        raise BrokenPipeError

    code, said = stop(shell_with(action), "--out", str(out))
    assert code == 1 and f"1 file was written: {out}." in said
    assert "no file was changed" not in said


def test_a_closed_pipe_before_the_write_says_nothing_was_written(tmp_path: Path) -> None:
    def action(path: str | None) -> None:
        raise BrokenPipeError

    code, said = stop(shell_with(action), "--out", str(tmp_path / "state.json"))
    assert code == 1 and "nothing was written" in said


def test_a_read_only_command_stops_quietly_on_a_closed_pipe() -> None:
    def action(path: str | None) -> None:
        raise BrokenPipeError

    assert stop(shell_with(action)) == (0, "")


def test_ctrl_c_says_it_was_interrupted_and_what_was_written(tmp_path: Path) -> None:
    made = [tmp_path / "a.pdf", tmp_path / "b.pdf"]

    def action(path: str | None) -> None:
        for pdf in made:
            files.write_atomic(pdf, b"%PDF")
        raise KeyboardInterrupt

    code, said = stop(shell_with(action))
    assert code == 130
    assert said.strip() == f"Interrupted: 2 files were written: {made[0]}, {made[1]}."


# --- --out replaces a file of its own kind; another kind needs --force ---------------------


def cli(*args: str):
    from click.testing import CliRunner

    from companion.cli import main

    return CliRunner().invoke(main, ["--lang", "en", *map(str, args)])


def test_a_battle_never_replaces_a_campaign_without_force(tmp_path: Path) -> None:
    from tests.majin.util import write

    campaign, battle = tmp_path / "campaign.json", write(tmp_path, front=["W1", None, None],
                                                         monsters=["X1"])
    assert cli("majin", "new", campaign, "--seed", "1").exit_code == 0
    before = campaign.read_bytes()
    refused = cli("majin", "battle", battle, "--seed", "1", "--out", campaign)
    assert refused.exit_code == 2 and refused.stdout == ""
    assert f"{campaign}: this is a 魔人 campaign, not 魔人 battle: give --force" in refused.stderr
    assert campaign.read_bytes() == before
    forced = cli("majin", "battle", battle, "--seed", "1", "--out", campaign, "--force")
    assert forced.exit_code == 0 and '"kind": "battle"' in campaign.read_text()


def test_a_state_replaces_its_own_kind_and_the_state_it_read(tmp_path: Path) -> None:
    state = tmp_path / "st.json"
    for board, players in (("standard-34", 3), ("standard-56", 5)):  # its own kind, twice
        made = cli("rakugaaki", "new", "--board", board, "--players", players, "--out", state)
        assert made.exit_code == 0
    sheet = tmp_path / "alice.toml"
    sheet.write_text(Path("examples/roguelight/alice.toml").read_text())
    refused = cli("rakugaaki", "new", "--board", "standard-34", "--players", 3, "--out", sheet)
    assert refused.exit_code == 2 and "this is a Roguelight sheet" in refused.stderr
    note = tmp_path / "note.txt"
    note.write_text("our table's house rules")
    refused = cli("darkhall", "setup", "--out", note)
    assert refused.exit_code == 2 and "a file this command did not make" in refused.stderr
    assert note.read_text() == "our table's house rules"


def test_a_command_never_replaces_its_own_input_table(tmp_path: Path) -> None:
    import shutil

    from companion import data as shipped

    tables = tmp_path / "t"
    shutil.copytree(Path(shipped.__file__).parent / "jongrogue", tables)
    before = (tables / "labyrinth.csv").read_bytes()
    refused = cli("jongrogue", "--tables", tables, "cards", "--out", tables / "labyrinth.csv")
    assert refused.exit_code == 2 and "this is a CSV (" in refused.stderr
    assert (tables / "labyrinth.csv").read_bytes() == before


# --- messages in the user's words ------------------------------------------------------------


def test_json_values_read_as_json_in_messages(tmp_path: Path) -> None:
    state = tmp_path / "r.json"
    state.write_text('{"game": "rakugaaki", "board": "standard-34", "players": true}')
    said = cli("rakugaaki", "show", state).stderr
    assert "found true" in said and "True" not in said
    from companion.i18n import _

    assert _("found {found!r}", found=None) == "found null"


def test_a_utf16_file_gets_its_own_hint(tmp_path: Path) -> None:
    import shutil

    folder = tmp_path / "cards"
    shutil.copytree("examples/majin/worked", folder)
    (folder / "majin.csv").write_bytes("id,name\nW1,剣士\n".encode("utf-16"))
    said = cli("majin", "cards", folder).stderr
    assert "this file is UTF-16" in said and "iconv -f UTF-16 -t UTF-8 majin.csv" in said


def test_a_short_row_names_its_missing_cells_and_a_header_only_file_says_so(tmp_path: Path
                                                                            ) -> None:
    import shutil

    folder = tmp_path / "cards"
    shutil.copytree("examples/majin/worked", folder)
    header = "id,name,rank,tier,hp,atk,def,spd,active,passive\n"
    (folder / "majin.csv").write_text(header + "W1,x,C\n")
    said = cli("majin", "cards", folder).stderr
    assert "line 2: 3 cells, but the header names 10 columns: tier, hp, atk, def, spd, " \
           "active, passive missing" in said
    (folder / "majin.csv").write_text(header + "W1,剣士,C,100,6,5,3,4\n")  # no ability: fine
    assert cli("majin", "cards", folder).exit_code == 0
    (folder / "majin.csv").write_text(header)
    assert "its header but no rows" in cli("majin", "cards", folder).stderr


def test_one_format_for_unknown_keys_in_every_game(tmp_path: Path) -> None:
    import json as js

    from companion.darkhall import state as darkhall_states
    from companion.jongrogue import state as jongrogue_states
    from companion.jongrogue import tables
    from companion.rakugaaki import board as boards
    from companion.rakugaaki import state as rakugaaki_states

    darkhall = darkhall_states.to_dict(darkhall_states.load("sample"))
    rakugaaki = rakugaaki_states.to_dict(rakugaaki_states.start(
        boards.shipped("standard-34"), 3, board_ref="standard-34"))
    from companion.jongrogue import actions

    dealt, _events = actions.floor_new(None, tables.load(), seed=7)
    jongrogue = jongrogue_states.to_dict(dealt)
    files = {"dh.json": (["darkhall", "show"], darkhall), "rk.json": (["rakugaaki", "show"],
                                                                      rakugaaki),
             "jr.json": (["jongrogue", "show"], jongrogue)}
    from tests.majin.util import battle_data

    files["b.json"] = (["majin", "battle", "--seed", "1"], battle_data(
        front=["W1", None, None], monsters=["X1"]))
    for name, (command, data) in files.items():
        path = tmp_path / name
        path.write_text(js.dumps({**data, "zzz": 1}, ensure_ascii=False))
        said = cli(*command[:2], path, *command[2:]).stderr
        assert f"{path}: unknown key 'zzz'; known: " in said, (name, said)


def test_a_dark_hall_state_in_its_text_form_is_its_own_kind(tmp_path: Path) -> None:
    state = tmp_path / "st.txt"
    for players in (2, 3):
        made = cli("darkhall", "setup", "--players", players, "--out", state)
        assert made.exit_code == 0, made.output
    assert files.file_kind("st.txt", state.read_bytes()) == "Dark Hall state"
    assert files.file_kind("notes.txt", b"monster hunting tonight\nbring snacks\n") is None


def test_paths_in_messages_are_as_a_person_types_them(tmp_path: Path, monkeypatch) -> None:
    import shutil

    battle = tmp_path / "b.json"
    shutil.copytree("examples/majin/worked", tmp_path / "worked")
    battle.write_text('{"game": "majin", "kind": "battle", "cards": "worked", '
                      '"front": ["W9", null, null], "monsters": ["X1"]}')
    monkeypatch.chdir(tmp_path)
    said = cli("majin", "battle", "b.json", "--seed", "1").stderr
    assert "is not a 魔人 of worked" in said and str(tmp_path) not in said
    assert files.shown_path("/elsewhere/x") == "/elsewhere/x"
