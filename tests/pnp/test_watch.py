"""pnp deck --watch: a build on every change of the deck file, its data or pictures;
a failing build is said and the watch goes on."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from click.testing import CliRunner

from companion.errors import InputError
from pnp.cli import main
from pnp.deck.watch import changed, snapshot, watch, watched
from tests.pnp.test_deck import SIMPLE


def folder(tmp_path: Path) -> Path:
    (tmp_path / "deck.toml").write_text(SIMPLE, "utf-8")
    (tmp_path / "cards.csv").write_text("name\nA\n", "utf-8")
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "art.svg").write_text("<svg/>", "utf-8")
    return tmp_path


def test_the_deck_its_data_and_its_pictures_are_watched(tmp_path):
    deck = folder(tmp_path) / "deck.toml"
    outside = tmp_path.parent / f"{tmp_path.name}-more.csv"
    outside.write_text("name\nB\n", "utf-8")
    files = watched(deck, str(outside), ["cards.csv"])
    assert {p.name for p in files} >= {"deck.toml", "cards.csv", "art.svg", outside.name}
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "watched.pdf").write_bytes(b"%PDF-")
    (tmp_path / ".deck.toml.swp").write_text("x", "utf-8")
    kept = {p.name for p in watched(deck, None, ["cards.csv"], (tmp_path / "output",))}
    assert "watched.pdf" not in kept and ".deck.toml.swp" not in kept and "art.svg" in kept
    before = snapshot(files)
    time.sleep(0.01)
    (tmp_path / "cards.csv").write_text("name\nA\nC\n", "utf-8")
    (tmp_path / "pictures" / "art.svg").unlink()
    assert sorted(p.name for p in changed(before, snapshot(files))) == ["art.svg", "cards.csv"]


def test_every_change_builds_again_and_a_failure_is_said(tmp_path):
    base = folder(tmp_path)
    data = base / "cards.csv"
    built, said, rounds = [], [], iter(range(10_000))

    def build() -> None:
        rows = data.read_text("utf-8").splitlines()
        if "bad" in rows:
            raise InputError("a bad row", f"{data}:3")
        built.append(len(rows) - 1)

    def edit() -> None:
        for text in ("name\nA\nB\n", "name\nA\nbad\n", "name\nA\nB\nC\n"):
            time.sleep(0.15)
            saved = data.parent / ".cards.csv.tmp"  # saved whole, as editors save
            saved.write_text(text, "utf-8")
            os.replace(saved, data)
            time.sleep(0.15)
        done.set()

    done = threading.Event()
    editor = threading.Thread(target=edit)
    editor.start()
    watch(build, lambda: watched(base / "deck.toml", None, ["cards.csv"]), said.append,
          interval=0.02, stop=lambda: done.is_set() and next(rounds) > 3)
    editor.join()
    assert built == [1, 2, 3]
    assert any("a bad row (still watching)" in line for line in said)
    assert sum(line.startswith("Changed: cards.csv") for line in said) == 3


def test_watch_stops_cleanly_on_ctrl_c(tmp_path, monkeypatch):
    base = folder(tmp_path)

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("pnp.deck.watch.time.sleep", interrupted)
    result = CliRunner().invoke(main, ["deck", str(base / "deck.toml"), "--watch", "--out",
                                       str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "Watching the deck file" in result.stderr and "Stopped watching." in result.stderr
    assert (tmp_path / "out" / "simple.pdf").exists()
