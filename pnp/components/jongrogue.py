"""JongRogue (雀ローグ) print-and-play set: the 144-card tile deck (through the deck
engine and ``templates/decks/jongrogue.toml``), the map sheets, the character sheet
and the rules sheet — each carrying the CC BY-SA credit of the original game."""

from __future__ import annotations

from dataclasses import replace

from companion.jongrogue import cards, tables
from pnp.deck import Deck, pieces
from pnp.deck.rows import Row
from pnp.deck.spec import DeckSpec, load_spec
from pnp.impose import Piece
from pnp.templates import template_dir

CREDIT = {
    "ja": ("原作：某犬犬『雀ローグ』（雀9システム制作委員会）CC BY-SA 4.0 "
           "https://creativecommons.org/licenses/by-sa/4.0/ — この印刷物は原作を元に "
           "pnp-companion が作った二次的著作物で、同じ CC BY-SA 4.0 で提供します。"
           "牌の意味表の一部は本プロジェクトの解釈です。"),
    "en": ("Based on 『雀ローグ』 (JongRogue) by 某犬犬 (雀9システム制作委員会), CC BY-SA 4.0 "
           "https://creativecommons.org/licenses/by-sa/4.0/ — this derived print by "
           "pnp-companion is offered under the same licence; some tile meanings are this "
           "project's reading."),
}
SHORT_CREDIT = "原作 某犬犬『雀ローグ』CC BY-SA 4.0"
US_BUSINESS = (88.9, 50.8)


def deck_spec(lang: str, paper: str) -> DeckSpec:
    """The shipped deck file, its credit in ``lang``; on Letter, US business cards."""
    spec = load_spec(template_dir() / "decks" / "jongrogue.toml", rows_given=True)
    spec = replace(spec, vars={**spec.vars, "credit": CREDIT[lang]})
    if paper == "letter":
        spec = replace(spec, size=US_BUSINESS)
    return spec


def deck(found: tables.Tables, lang: str, paper: str, *, flowers: bool = True) -> Deck:
    spec = deck_spec(lang, paper)
    rows = [Row(card, f"tile {card['tile']} ({card['serial']})", "", 1)
            for card in cards.rows(found, lang, flowers=flowers)]
    return Deck(spec, rows)


def deck_pieces(found: tables.Tables, lang: str, paper: str, measure, bleed: float
                ) -> tuple[list[Piece], tuple[float, float]]:
    built = deck(found, lang, paper)
    return pieces(built, built.cards, measure, bleed).pieces, built.spec.size

