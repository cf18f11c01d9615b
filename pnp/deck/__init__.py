"""Decks from data: a deck file (size, data, layers) → cards → imposed pages.

:func:`load` reads the deck file and its rows; :func:`pieces` draws every
card's face (and its type's back, drawn once as a form) into pieces the
imposition engine lays out like any other component. Nothing here is
specific to a game: JongRogue's tiles and the 魔人 cards are deck files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import InputError
from pnp.deck.layers import Canvas, draw_layers
from pnp.deck.rows import Row, Table, read_rows
from pnp.deck.sheets import is_link
from pnp.deck.spec import DeckSpec, load_spec
from pnp.impose import GUIDE_STYLE, Piece
from pnp.shapes import MIN_TEXT, Form, Group, Rect, text_sizes


@dataclass(frozen=True)
class Card:
    number: int  # 1-based, in deck order (copies counted)
    row: Row
    index: int  # the row's number among the deck's rows, 1-based
    copy: int  # 1-based, among the row's copies

    def context(self, spec: DeckSpec, total: int) -> dict[str, Any]:
        """What the card's templates see."""
        return {**spec.vars, **self.row.fields, "row": self.row.fields, "type": self.row.type,
                "number": self.number, "copy": self.copy, "count": self.row.count,
                "total": total}


@dataclass(frozen=True)
class Deck:
    spec: DeckSpec
    rows: list[Row]

    @property
    def cards(self) -> list[Card]:
        cards, number = [], 0
        for index, row in enumerate(self.rows, start=1):
            for copy in range(1, row.count + 1):
                number += 1
                cards.append(Card(number, row, index, copy))
        return cards


def load(path: str | Path, data: str | Path | None = None, *, offline: bool = False) -> Deck:
    """A deck file and its rows; ``data`` (a file or a link) replaces the file of its
    (single) data table; ``offline`` reads linked sheets from their local copies."""
    spec = load_spec(path)
    tables = spec.tables
    base = spec.source.parent
    if data is not None:
        if len(tables) != 1:
            raise InputError("--data replaces the data file of a deck with one [data] table; "
                             f"this deck has {len(tables)}", str(spec.source))
        given = str(data) if is_link(str(data)) else str(Path(data).resolve())
        tables = [Table(given, None, tables[0].type, tables[0].type_column,
                        tables[0].count_column, str(data))]
    return Deck(spec, read_rows(tables, base, offline=offline))


def chosen(deck: Deck, only: tuple[int, ...]) -> list[Card]:
    """The cards of the rows named by ``only`` (1-based data rows), or every card."""
    cards = deck.cards
    if not cards:
        raise InputError("the deck has no cards: every row has count 0", str(deck.spec.source))
    if not only:
        return cards
    beyond = [n for n in only if not 1 <= n <= len(deck.rows)]
    if beyond:
        raise InputError(f"--only {beyond[0]}: the deck has {len(deck.rows)} data rows")
    return [card for card in cards if card.index in set(only)]


@dataclass
class Drawn:
    pieces: list[Piece]
    overflow: list[str]  # "card 3 (cards.csv:4): face[2] (title) (6 pt)"
    overflowed: list[tuple[str, str]]  # (the row's place, the layer's name), the same boxes
    #: Cards whose text prints under 6 pt: ("card 3 (cards.csv:4)", its smallest size).
    small: list[tuple[str, float]] = field(default_factory=list)


def pieces(deck: Deck, cards: list[Card], measure: Callable[[str, float], float],
           bleed: float, progress: Callable[[int], None] = lambda _n: None, *,
           corners: bool = False) -> Drawn:
    """Every card drawn: its face now (so errors come before any file is written),
    its type's back once, as a form every card of the type shares. ``corners``
    outlines each face with the card's rounded corners (with --cut-guides)."""
    spec = deck.spec
    w, h = spec.drawn_size
    fit = Fit(spec.layout_size, (w, h), bleed)
    backs: dict[str, Form | None] = {}
    drawn: list[Piece] = []
    overflow: list[str] = []
    overflowed: list[tuple[str, str]] = []
    small: list[tuple[str, float]] = []
    total = len(deck.cards)
    for card in cards:
        canvas = Canvas(*fit.layout, fit.bleed, measure, folder=spec.source.parent)
        context = card.context(spec, total)
        try:
            face = fit.placed(draw_layers(spec.face_of(card.row.type), context, canvas))
        except InputError as err:
            raise err.at(f"card {card.number} ({card.row.where})") from None
        if corners and spec.radius:
            face.append(Rect(0, 0, w, h, GUIDE_STYLE, radius=spec.radius))
        if spec.turned:
            face = [Group(tuple(face), dy=w, rotate=-90)]  # the top to the slot's left
        overflow += [f"card {card.number} ({card.row.where}): {place}"
                     for place in canvas.overflow]
        overflowed += [(card.row.where, name) for name in canvas.overflowed]
        smallest = min((size for _text, size in text_sizes(face)), default=MIN_TEXT)
        if smallest < MIN_TEXT - 0.05:
            small.append((f"card {card.number} ({card.row.where})", smallest))
        kind = card.row.type
        if kind not in backs:
            backs[kind] = _back(spec, kind, Canvas(*fit.layout, fit.bleed, measure,
                                                   folder=spec.source.parent), fit)
        drawn.append(Piece(_art(face), _form_art(backs[kind], h if spec.turned else None),
                           name=f"card {card.number}",
                           colour=kind if kind in spec.backs else ""))
        progress(1)
    return Drawn(drawn, overflow, overflowed, small)


@dataclass(frozen=True)
class Fit:
    """Layers laid out for one size drawn on a card of another: scaled uniformly by the
    smaller ratio and centred; their bleed grows so that it still reaches the edge."""

    layout: tuple[float, float]
    card: tuple[float, float]
    card_bleed: float

    @property
    def scale(self) -> float:
        return min(c / lay for c, lay in zip(self.card, self.layout, strict=True))

    @property
    def offset(self) -> tuple[float, float]:
        return tuple((c - lay * self.scale) / 2  # type: ignore[return-value]
                     for c, lay in zip(self.card, self.layout, strict=True))

    @property
    def bleed(self) -> float:
        return (self.card_bleed + max(self.offset)) / self.scale

    def placed(self, shapes: list) -> list:
        if self.layout == self.card:
            return shapes
        dx, dy = self.offset
        return [Group(tuple(shapes), dx=dx, dy=dy, scale=self.scale)]


def shipped(name: str, measure: Callable[[str, float], float], bleed: float, *,
            vars: dict[str, Any] | None = None, rows: list[dict[str, Any]] | None = None,
            size: tuple[float, float] | None = None) -> list[Piece]:
    """The pieces of a game's own deck file, ``templates/decks/NAME.toml``: its [vars]
    updated with ``vars`` (the build's language), its rows replaced by ``rows`` (from
    the game's data), drawn at ``size`` (its layers scaled). A shipped card's text
    always fits: a box that overflows stops the build, naming the file and layer."""
    from dataclasses import replace

    from pnp.templates import template_dir

    spec = load_spec(template_dir() / "decks" / f"{name}.toml", rows_given=rows is not None)
    spec = replace(spec, vars={**spec.vars, **(vars or {})})
    if size is not None and size != spec.size:
        spec = replace(spec, size=size, design=spec.size)
    given = read_rows(spec.tables, spec.source.parent) if rows is None else [
        Row(row, f"{name} row {number}", "", 1) for number, row in enumerate(rows, start=1)]
    built = Deck(spec, given)
    drawn = pieces(built, built.cards, measure, bleed)
    if drawn.overflow:
        raise InputError(f"the text does not fit: {drawn.overflow[0]}", str(spec.source))
    return drawn.pieces


def _back(spec: DeckSpec, kind: str, canvas: Canvas, fit: Fit) -> Form | None:
    layers = spec.back_of(kind)
    if not layers:
        return None
    context = {**spec.vars, "type": kind}
    try:
        shapes = draw_layers(layers, context, canvas)
    except InputError as err:
        raise err.at("the back (drawn once for every card of its type: it sees [vars] and "
                     "type, not a card's columns)") from None
    return Form(f"deck-{spec.name}-back-{kind or 'all'}", tuple(fit.placed(shapes)))


def _art(shapes: list) -> Callable[[float], list]:
    return lambda _bleed: shapes


def _form_art(form: Form | None, turn_width: float | None = None
              ) -> Callable[[float], list] | None:
    """The back's form; turned a quarter clockwise into a landscape slot ``turn_width``
    wide, so that a card turned over about its long side shows it upright."""
    if form is None:
        return None
    if turn_width is not None:
        return lambda _bleed: [Group((form,), dx=turn_width, rotate=90)]
    return lambda _bleed: [form]
