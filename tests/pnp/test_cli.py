"""The pnp command as people use it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

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


@pytest.mark.parametrize(("flags", "name"), [
    (["--square", "25"], "darkhall-tiles-square25.pdf"),
    (["--one-up"], "darkhall-tiles-one-up.pdf"),
    (["--ink-saver"], "darkhall-tiles-ink-saver.pdf"),
    (["--fold"], "darkhall-tiles-fold.pdf"),
    (["--duplex", "short"], "darkhall-tiles-duplex-short.pdf"),
    (["--duplex", "none", "--paper", "letter"], "darkhall-tiles-letter-duplex-none.pdf"),
    (["--pages", "1"], "darkhall-tiles-pages1.pdf"),
])
def test_a_variant_names_itself_and_leaves_the_default_file_alone(tmp_path, flags, name):
    run("build", "darkhall", "tiles", "--out", str(tmp_path))
    default = (tmp_path / "darkhall-tiles.pdf").read_bytes()
    run("build", "darkhall", "tiles", *flags, "--out", str(tmp_path))
    assert (tmp_path / name).is_file()
    assert (tmp_path / "darkhall-tiles.pdf").read_bytes() == default


def test_a_game_builds_its_set_and_the_guide_says_how_to_print_it(tmp_path):
    text = run("build", "darkhall", "--out", str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["darkhall-board.pdf",
                                                          "darkhall-pieces.pdf"]
    assert "darkhall-pieces.pdf: 1 sheet, both sides, flip on the long edge, on card stock" in text
    assert "darkhall-board.pdf: 1 sheet, one side, on plain paper" in text
    assert "In all: 2 sheets of paper." in text
    folded = run("build", "darkhall", "pieces", "--fold", "--out", str(tmp_path))
    assert "fold on the dashed line" in folded
    sheets = run("build", "roguelight", "sheet", "--fold", "--out", str(tmp_path))
    assert "roguelight-sheet-fold.pdf: 2 sheets, one side, on plain paper" in sheets


def test_roguelight_builds_a_shipped_map_by_name(tmp_path):
    run("build", "roguelight", "sheet", "--map", "advanced", "--out", str(tmp_path))
    assert (tmp_path / "roguelight-sheet-map-advanced.pdf").is_file()


def test_pages_picks_pages_and_keeps_their_numbers(tmp_path):
    from pypdf import PdfReader

    run("build", "darkhall", "pieces", "--pages", "2", "--out", str(tmp_path))
    reader = PdfReader(tmp_path / "darkhall-pieces-pages2.pdf")
    assert len(reader.pages) == 1
    assert "2/2" in reader.pages[0].extract_text()


@pytest.mark.parametrize(("args", "message"), [
    (["build", "chess"], "no game 'chess'"),
    (["build", "darkhall", "dice"], "darkhall has no component 'dice'"),
    (["build", "all", "board"], "takes no components"),
    (["build", "darkhall", "--copies", "0"], "--copies 0: 1 to 50"),
    (["build", "darkhall", "--bleed", "9"], "--bleed 9: a number of mm from 0 to 6"),
    (["build", "darkhall", "--bleed", "nan"], "--bleed nan"),
    (["build", "darkhall", "--gutter", "inf"], "--gutter inf"),
    (["build", "darkhall", "--square", "5"], "--square 5"),
    (["build", "darkhall", "--back-offset", "nan,0"], "--back-offset dx nan"),
    (["build", "darkhall", "--back-offset", "inf,0"], "--back-offset dx inf"),
    (["build", "darkhall", "--back-offset", "500,0"], "--back-offset dx 500"),
    (["build", "darkhall", "--back-offset", "0,-11"], "--back-offset dy -11"),
    (["build", "darkhall", "--map", "advanced"], "--map does not apply to darkhall"),
    (["build", "roguelight", "--square", "20"], "--square does not apply to roguelight"),
    (["build", "all", "--map", "advanced"], "--map belongs to one game"),
    (["build", "all", "--cell", "30"], "--cell belongs to one game"),
    (["build", "darkhall", "--tile-shape", "square"], "--tile-shape does not apply to darkhall"),
    (["build", "rakugaaki", "--cell", "17"], "--cell 17: a number of mm from 18 to 40"),
    (["build", "rakugaaki", "--cell", "nan"], "--cell nan"),
    (["build", "darkhall", "--fold", "--one-up"], "choose one"),
    (["build", "darkhall", "--fold", "--duplex", "short"], "--duplex does not apply"),
    (["build", "darkhall", "--duplex", "none", "--back-offset", "1,0"], "does not apply"),
    (["build", "darkhall", "--one-up", "--gutter", "2"], "do not apply"),
    (["build", "darkhall", "board", "--pages", "2"], "--pages 2: darkhall board has 1 page"),
    (["build", "darkhall", "--pages", "x"], "numbers like 1,3-4"),
    (["build", "darkhall", "--pages", "3-1"], "is not a range"),
    (["preview", "darkhall", "board", "-o", "x.pdf"], "preview writes SVG"),
    (["preview", "darkhall", "board", "--page", "3", "-o", "x.svg"], "has 1 page"),
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

    import pnp.render_pdf

    monkeypatch.setattr(pnp.render_pdf, "render_pdf", broken)  # imported when a build runs
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
    assert "rakugaaki-pieces.pdf" in names and "rakugaaki-tiles.pdf" not in names
    assert len(names) == 16  # each game's set: pieces of one stock share a game's file
    assert "majin-dungeon-cards.pdf" in names and "majin-dungeon-majin.pdf" not in names


@pytest.mark.parametrize(("paper", "budget"), [("a4", 52), ("letter", 53)])
def test_the_whole_collection_fits_its_paper_budget(tmp_path, paper, budget):
    """Paper economy (issue 24): sheets counted from the files themselves — a file that
    asks the print dialog for two sides takes half its pages, rounded up. The budget:
    issue 24's 48 sheets plus the 4 the card-sized JongRogue maps of spec §12.4 add
    (docs/printing.md)."""
    from math import ceil

    from pypdf import PdfReader

    run("build", "all", "--paper", paper, "--out", str(tmp_path))
    sheets = 0
    for pdf in Path(tmp_path).glob("*.pdf"):
        pages = len(PdfReader(pdf).pages)
        sheets += ceil(pages / 2) if b"/Duplex" in pdf.read_bytes() else pages
    assert sheets <= budget


@pytest.mark.parametrize(("game", "component", "needed", "on_the_card"), [
    ("rakugaaki", "summary", "three six-sided dice", "6面ダイス3個"),
    ("roguelight", "summary", "one white and one black", "白と黒の6面ダイス"),
    ("majin-dungeon", "summary", "six-sided dice, two at least", "6面ダイス（2個以上）"),
    ("jongrogue", "rules", "6 mm counters", "6 mm のコマ"),
])
def test_the_guide_and_the_rules_card_say_what_else_to_bring(tmp_path, game, component,
                                                            needed, on_the_card) -> None:
    from tests.pnp.conftest import page_texts

    result = CliRunner().invoke(main, ["build", game, component, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert needed in result.output and "not printed" in result.output
    (pdf,) = tmp_path.glob("*.pdf")
    assert "".join(on_the_card.split()) in "".join("".join(page_texts(pdf)).split())
