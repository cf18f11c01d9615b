"""The build guide: after a build, what to print each file on and what to do
with it — sheets of paper, one side or both (and which edge to flip on), card
stock or plain paper, what to cut and fold."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.shapes import Document

STOCK = {"card": "card stock", "paper": "plain paper"}
FLIP = {"long": "both sides, flip on the long edge", "short": "both sides, flip on the short edge"}


@dataclass(frozen=True)
class Built:
    """One file written: where, how many pages, and how they print."""

    path: Path
    pages: int
    sheets: int
    sides: str
    stock: str
    making: str
    unit: str = "page"  # what ``pages`` counts: pages, or a shop's files


def built(path: Path, doc: Document, stock: str, making: str, *, duplex: str, fold: bool,
          one_up: bool, files: list[Path] | None = None, shop: str | None = None) -> Built:
    labels = [page.label for page in doc.pages]
    backs = sum(label.endswith("(back)") for label in labels)
    if shop is not None and files:
        where = files[0] if len(files) == 1 else files[0].parent
        count = (f"1 file, {len(labels)} page{'s' * (len(labels) != 1)}," if len(files) == 1
                 else f"{len(files)} files")
        return Built(where, len(files), 0, f"{count} for {shop}", stock, "", "file")
    if one_up:
        return Built(path, len(labels), 0, "print shop: one face a page, TrimBox and BleedBox set",
                     stock, making)
    if fold:
        return Built(path, len(labels), len(labels), "one side; fold on the dashed line and "
                     "glue the halves back to back before cutting", stock, making)
    if backs:
        return Built(path, len(labels), len(labels) - backs, FLIP[duplex], stock, making)
    if any(label.endswith("(backs)") for label in labels):
        return Built(path, len(labels), len(labels), "one side; the backs on their own pages: "
                     "cut them out and glue them on", stock, making)
    return Built(path, len(labels), len(labels), "one side", stock, making)


def guide(files: list[Built], paper: str) -> list[str]:
    """The lines of the guide."""
    uploads = [item for item in files if item.unit == "file"]
    lines = [f"  {item.path.name}: {item.sides}: upload as the shop's guide asks"
             for item in uploads]
    files = [item for item in files if item.unit != "file"]
    if not files:
        return ["Print-shop files:", *lines] if lines else []
    lines = [*(["Print-shop files:", *lines] if lines else []),
             f"How to print ({paper.upper() if paper == 'a4' else paper.title()}, at 100 % / "
             "actual size):"]
    for item in files:
        count = (f"{item.pages} page{'s' if item.pages != 1 else ''}" if item.sheets == 0 else
                 f"{item.sheets} sheet{'s' if item.sheets != 1 else ''}")
        lines.append(f"  {item.path.name}: {count}, {item.sides}, on {STOCK[item.stock]}; "
                     f"{item.making}")
    total = sum(item.sheets for item in files)
    if total:
        lines.append(f"In all: {total} sheet{'s' if total != 1 else ''} of paper.")
    return lines


def also_needed(games) -> list[str]:
    """What else each game built needs at the table, that no file prints."""
    return [f"Also needed for {game.title.split(' — ')[0]}, not printed: {game.needs}."
            for game in games if game.needs]  # the title without its credit line
