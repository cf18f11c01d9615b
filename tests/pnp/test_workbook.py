"""Card data from an Excel workbook (.xlsx): each sheet a table, several sheets a card
type each, formulas read as their saved values, and every problem named by sheet, row
and cell."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook

from pnp import deck as decks
from pnp.cli import main
from tests.cli import refuses, succeeds

QUIZ = Path(__file__).parents[2] / "examples" / "decks" / "quiz"


def _quiz_as_workbook(folder: Path, *, sheets: int = 1) -> Path:
    """The quiz example's deck with its questions in a workbook (split over sheets)."""
    shutil.copytree(QUIZ, folder)
    with (QUIZ / "questions.csv").open(encoding="utf-8") as source:
        rows = list(csv.reader(source))
    book = Workbook()
    book.remove(book.active)
    header, body = rows[0], rows[1:]
    for index in range(sheets):
        sheet = book.create_sheet(f"part{index + 1}")
        sheet.append(header)
        for row in body[index::sheets]:
            sheet.append([int(cell) if cell.isdigit() else cell for cell in row])
    book.save(folder / "questions.xlsx")
    deck = folder / "quiz.toml"
    deck.write_text(deck.read_text("utf-8").replace('"questions.csv"', '"questions.xlsx"'),
                    "utf-8")
    return deck


def test_a_workbook_gives_the_same_cards_as_its_csv(tmp_path: Path) -> None:
    from_csv = decks.load(QUIZ / "quiz.toml")
    from_book = decks.load(_quiz_as_workbook(tmp_path / "quiz"))
    assert [c.row.fields for c in from_book.cards] == [c.row.fields for c in from_csv.cards]
    assert from_book.cards[0].row.where.endswith("questions.xlsx row 2")


def test_several_sheets_are_a_card_type_each(tmp_path: Path) -> None:
    deck = decks.load(_quiz_as_workbook(tmp_path / "quiz", sheets=2))
    assert {card.row.type for card in deck.cards} == {"part1", "part2"}
    assert deck.cards[0].row.where.endswith("questions.xlsx: part1 row 2")
    assert "__sheet__" not in deck.cards[0].row.fields


def test_a_workbook_deck_builds(tmp_path: Path) -> None:
    deck = _quiz_as_workbook(tmp_path / "quiz")
    out = succeeds(main, ["deck", str(deck), "--out", str(tmp_path / "out")])
    assert "quiz.pdf" in out


def _book(path: Path, rows: list[list]) -> Path:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    book.save(path)
    return path


@pytest.mark.parametrize(("rows", "said"), [
    ([["name", "count"], ["a", "x"]], "row 2: count"),
    ([["name", ""], ["a", "b"]], "B2 is filled but its column has no name"),
    ([["name", "name"], ["a", "b"]], "named twice"),
    ([["name", "count"], ["a", "=1+1"]], "B2 holds a formula with no saved value"),
    ([["name"]], "header but no rows"),
])
def test_bad_workbooks_are_refused_naming_the_place(tmp_path: Path, rows, said) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    _book(folder / "cards.xlsx", rows)
    (folder / "deck.toml").write_text('[deck]\nname = "t"\nsize = "poker"\n[data]\n'
                                      'file = "cards.xlsx"\n[[face]]\ntype = "text"\n'
                                      'text = "{{ name }}"\nx = 5\ny = 5\nw = 50\nh = 10\n',
                                      "utf-8")
    message = refuses(main, ["deck", str(folder / "deck.toml"), "--out", str(tmp_path)])
    assert said in message and "cards.xlsx" in message
    assert not list(tmp_path.glob("*.pdf"))


def test_a_file_that_is_not_a_workbook_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "cards.xlsx").write_text("name,count\na,1\n", "utf-8")
    (folder / "deck.toml").write_text('[deck]\nname = "t"\nsize = "poker"\n[data]\n'
                                      'file = "cards.xlsx"\n[[face]]\ntype = "text"\n'
                                      'text = "{{ name }}"\nx = 5\ny = 5\nw = 50\nh = 10\n',
                                      "utf-8")
    assert "not a readable .xlsx workbook" in refuses(
        main, ["deck", str(folder / "deck.toml"), "--out", str(tmp_path)])
