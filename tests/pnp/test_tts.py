"""Tabletop Simulator pictures from a deck file (pnp deck --for tts)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops

from pnp.cli import main
from tests.cli import refuses, succeeds

POKER = Path(__file__).parents[2] / "examples" / "decks" / "poker" / "poker.toml"


def test_sprite_sheet_back_and_a_picture_per_card(tmp_path: Path) -> None:
    out = tmp_path / "tts"
    said = succeeds(main, ["deck", str(POKER), "--for", "tts", "--dpi", "72", "--out",
                           str(out)])
    assert "poker-tts-faces-1.png" in said and not list(out.glob("*.pdf"))
    sheet, back = Image.open(out / "poker-tts-faces-1.png"), Image.open(out / "poker-tts-back.png")
    cw, ch = back.size
    assert (round(cw / 72 * 25.4), round(ch / 72 * 25.4)) == (63, 88)  # the trim, no bleed
    assert sheet.size == (10 * cw, 7 * ch)
    hidden = sheet.crop((9 * cw, 6 * ch, 10 * cw, 7 * ch))
    assert ImageChops.difference(hidden.convert("RGB"), back.convert("RGB")).getbbox() is None
    cards = sorted((out / "poker-tts-cards").iterdir())
    assert len(cards) == 54 and cards[0].name == "01-A-of-Spades.png"
    assert cards[-1].name == "54-Joker.png"
    first = Image.open(cards[0]).convert("L")
    assert first.getextrema()[0] < 64  # ink on the card, not a blank picture


def test_the_same_deck_gives_the_same_bytes(tmp_path: Path) -> None:
    for run in ("a", "b"):
        succeeds(main, ["deck", str(POKER), "--for", "tts", "--dpi", "72", "--only", "1-3",
                        "--out", str(tmp_path / run)])
    for path in (tmp_path / "a").rglob("*.png"):
        assert path.read_bytes() == (tmp_path / "b" / path.relative_to(tmp_path / "a")
                                     ).read_bytes()


def test_more_than_69_cards_take_more_sheets(tmp_path: Path) -> None:
    import shutil

    deck = tmp_path / "poker"
    shutil.copytree(POKER.parent, deck)
    rows = (deck / "cards.csv").read_text("utf-8").splitlines()
    doubled = [rows[0], *(row.rsplit(",", 1)[0] + ",2" for row in rows[1:])]
    (deck / "cards.csv").write_text("\n".join(doubled) + "\n", "utf-8")  # 52 × 2 + 2 jokers
    succeeds(main, ["deck", str(deck / "poker.toml"), "--for", "tts", "--dpi", "72", "--out",
                    str(tmp_path / "out")])
    assert sorted(p.name for p in (tmp_path / "out").glob("*-faces-*.png")) == [
        "poker-tts-faces-1.png", "poker-tts-faces-2.png"]
    assert len(list((tmp_path / "out" / "poker-tts-cards").iterdir())) == 106


def test_a_column_that_is_not_there_is_refused(tmp_path: Path) -> None:
    message = refuses(main, ["deck", str(POKER), "--for", "tts", "--name-column", "nope",
                             "--out", str(tmp_path)])
    assert "--name-column 'nope'" in message and "rank" in message
    assert not list(tmp_path.iterdir())
