"""The build part round by round from the command line: each round checked after every
round before it and appended to the log only when legal; a log kept this way replays to
the same finished sheet as the same log written by hand."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main

LOGS = ["examples/roguelight/basic-log.toml", "examples/roguelight/basic-log-rival.toml",
        "examples/roguelight/advanced-log.toml"]


def cli(*args: object):
    return CliRunner().invoke(main, ["--lang", "en", *map(str, args)])


def options(entry: dict) -> list[str]:
    """The command's options for one round of a log."""
    found = ["--dice", ",".join(map(str, entry["dice"]))]
    if "block" in entry:
        found += ["--block", ",".join(entry["block"])]
    if "plan" in entry:
        found += ["--plan", entry["plan"]]
    for key in ("die", "spend"):
        if key in entry:
            found += [f"--{key}", str(entry[key])]
    if "goals" in entry:
        found += ["--goals", ",".join(entry["goals"])]
    for effect in entry.get("effects", []):
        words = [f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in effect.items()]
        found += ["--effect", " ".join(words)]
    return found


@pytest.mark.parametrize("written", LOGS)
def test_a_log_kept_round_by_round_replays_as_the_written_one(tmp_path: Path, written: str
                                                               ) -> None:
    source = tomllib.loads(Path(written).read_text("utf-8"))
    kept = tmp_path / "kept.toml"
    started = cli("roguelight", "round", kept, "--map", source["map"], "--setup",
                  f"{source['setup']['white']},{source['setup']['black']}", "--name",
                  source["name"])
    assert started.exit_code == 0, started.output
    for entry in source["rounds"]:
        played = cli("roguelight", "round", kept, *options(entry))
        assert played.exit_code == 0, played.output
    ours, theirs = tmp_path / "ours.toml", tmp_path / "theirs.toml"
    assert cli("roguelight", "replay", kept, "--out", ours).exit_code == 0
    copy = tmp_path / "written.toml"
    copy.write_text(Path(written).read_text("utf-8"))
    assert cli("roguelight", "replay", copy, "--out", theirs).exit_code == 0
    sheets = [tomllib.loads(sheet.read_text("utf-8")) for sheet in (ours, theirs)]
    for sheet in sheets:
        sheet.pop("exit", None)  # the written log names one; the kept one does not
    assert sheets[0] == sheets[1]


def test_an_illegal_round_is_refused_and_not_written(tmp_path: Path) -> None:
    log = tmp_path / "a.toml"
    cli("roguelight", "round", log, "--map", "basic", "--setup", "1,4")
    cli("roguelight", "round", log, "--dice", "2,3", "--block", "E1,E2,E3")
    before = log.read_text()
    refused = cli("roguelight", "round", log, "--dice", "1,2", "--block", "A2")
    assert refused.exit_code == 2 and refused.stderr.startswith("Error: round 2: the block A2")
    assert log.read_text() == before


@pytest.mark.parametrize(("args", "says"), [
    (["--dice", "7,1", "--block", "E1"], "expected two dice"),
    (["--dice", "2,3"], "a round is one action"),
    (["--dice", "2,3", "--block", "E1", "--effect", "cell"], "expected key=value words"),
])
def test_bad_rounds_end_in_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    log = tmp_path / "a.toml"
    cli("roguelight", "round", log, "--map", "basic", "--setup", "1,4")
    refused = cli("roguelight", "round", log, *args)
    assert refused.exit_code == 2 and says in refused.stderr


def test_a_new_log_needs_its_map_and_setup(tmp_path: Path) -> None:
    refused = cli("roguelight", "round", tmp_path / "a.toml", "--dice", "2,3")
    assert refused.exit_code == 2 and "--map and --setup" in refused.stderr
    refused = cli("roguelight", "round", tmp_path / "a.toml", "--map", "nowhere", "--setup", "1,4")
    assert refused.exit_code == 2 and not (tmp_path / "a.toml").exists()


def test_a_json_log_is_kept_as_json(tmp_path: Path) -> None:
    import json

    log = tmp_path / "a.json"
    cli("roguelight", "round", log, "--map", "basic", "--setup", "1,4")
    assert cli("roguelight", "round", log, "--dice", "2,3", "--block", "E1,E2,E3").exit_code == 0
    assert json.loads(log.read_text())["rounds"] == [{"dice": [2, 3], "block": ["E1", "E2", "E3"]}]
