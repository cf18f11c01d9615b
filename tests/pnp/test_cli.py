"""The pnp command as people use it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import build as pnp_build
from pnp.cli import main
from tests.cli import refuses, succeeds


def run(*args: str) -> str:
    return succeeds(main, list(args))


def fails(*args: str) -> str:
    return refuses(main, list(args))


def test_list_names_games_components_and_options():
    text = run("list")
    assert "darkhall — Dark Hall" in text and "roguelight — Roguelight" in text
    assert "tokens" in text and "--paper a4|letter" in text


def test_build_writes_into_the_folder_and_shows_progress(tmp_path):
    text = run("build", "darkhall", "board", "tiles", "--out", str(tmp_path))
    assert (tmp_path / "darkhall-board.pdf").is_file() and "Building" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["darkhall-board.pdf",
                                                          "darkhall-tiles.pdf"]
    run("build", "roguelight", "sheet", "--paper", "letter", "--lang", "en",
        "--out", str(tmp_path))
    assert (tmp_path / "roguelight-sheet-letter-en.pdf").is_file()


@pytest.mark.parametrize(("args", "message"), [
    (["build", "chess"], "no game 'chess'"),
    (["build", "darkhall", "dice"], "darkhall has no component 'dice'"),
    (["build", "all", "board"], "takes no components"),
    (["build", "darkhall", "--copies", "0"], "0 copies"),
    (["build", "darkhall", "--bleed", "9"], "bleed 9.0 mm"),
    (["build", "darkhall", "--square", "5"], "square 5.0 mm"),
    (["build", "darkhall", "--back-offset", "1"], "two numbers in mm"),
    (["build", "darkhall", "--font", "/nowhere/font.ttf"], "no such font file"),
    (["build", "roguelight", "--map", "nowhere.toml"], "no such file"),
    (["preview", "darkhall", "nothing", "-o", "x.svg"], "no component 'nothing'"),
])
def test_bad_options_are_one_clear_line_and_exit_2(tmp_path, args, message):
    output = fails(*args, *(["--out", str(tmp_path)] if args[0] == "build" else []))
    assert message in output
    assert not any(tmp_path.iterdir())


def test_a_failed_build_leaves_the_old_file_whole(tmp_path, monkeypatch):
    run("build", "darkhall", "stones", "--out", str(tmp_path))
    path = tmp_path / "darkhall-stones.pdf"
    before = path.read_bytes()

    def broken(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp_build, "render_pdf", broken)
    CliRunner().invoke(main, ["build", "darkhall", "stones", "--out", str(tmp_path)])
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["darkhall-stones.pdf"]


def test_preview_writes_an_svg(tmp_path):
    out = tmp_path / "board.svg"
    run("preview", "darkhall", "board", "-o", str(out))
    text = out.read_text()
    assert text.startswith("<svg") and 'width="252.0mm"' in text


def test_calibration_page_front_and_back(tmp_path):
    run("calibrate", "--out", str(tmp_path), "--duplex", "short")
    from pypdf import PdfReader

    reader = PdfReader(tmp_path / "calibration-a4-short.pdf")
    assert len(reader.pages) == 2
    assert "--back-offset" in reader.pages[0].extract_text()


def test_the_main_job_prints_every_game(tmp_path):
    run("build", "all", "--out", str(tmp_path))
    names = sorted(p.name for p in Path(tmp_path).iterdir())
    assert "roguelight-sheet.pdf" in names and "darkhall-board.pdf" in names
    assert len(names) == 10
