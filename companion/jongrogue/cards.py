"""The printed deck's cards as data rows: one per card, in canonical order, each
kind's copies together, with the meaning band composed from the tables in use
(§12.1–12.3 of the spec). ``companion jongrogue cards`` writes them as CSV for
``pnp deck``; ``pnp build jongrogue deck`` draws them."""

from __future__ import annotations

import csv
import io
import tomllib
from typing import Any

from companion import data as shipped_data
from companion.jongrogue import labyrinth, tiles
from companion.jongrogue.tables import HEADERS, Tables

SPARE_KANJI = {"f1": "梅", "f2": "蘭", "f3": "菊", "f4": "竹",
               "s1": "春", "s2": "夏", "s3": "秋", "s4": "冬"}
COLUMNS = ("tile", "kind", "serial", "label", "art", "numeral", "wan", "big", "big_colour",
           "spare_kanji", "spare_number", "spare_colour", "meaning", "index", "index_suit",
           "index_colour")
RED, GREEN, BLACK, BLUE = "#C8102E", "#1A7A3C", "#111111", "#1D3F8F"


def words(lang: str) -> dict[str, Any]:
    text = shipped_data.text("jongrogue", "cards.toml")
    return {**tomllib.loads(text)[lang], "lang": lang}


def kinds(flowers: bool) -> list[tuple[str, int]]:
    """Every kind and its copies: 4 of each game tile, 1 of each spare."""
    return [(t, 4) for t in tiles.GAME] + ([(t, 1) for t in tiles.SPARES] if flowers else [])


def rows(found: Tables, lang: str, *, flowers: bool = True) -> list[dict[str, str]]:
    w = words(lang)
    total = sum(copies for _t, copies in kinds(flowers))
    shipped = {name: found.sources[name] == name for name in HEADERS}
    cards, serial = [], 0
    for tile, copies in kinds(flowers):
        for copy in range(1, copies + 1):
            serial += 1
            number = f"{serial:03d}/{total}"
            cards.append({**_face(tile), "tile": tile, "serial": number,
                          "label": f"{tile} · {number}",
                          "meaning": "\n".join(meaning(found, tile, copy, w, shipped))})
    return cards


def _face(tile: str) -> dict[str, str]:
    """What the face draws: ``kind`` picks the layers of the deck file."""
    face = {**dict.fromkeys(COLUMNS, ""), **_index(tile)}
    suit = tiles.suit(tile)
    if suit in ("p", "s"):
        face.update(kind="art", art=f"mahjong-{tile}")
    elif suit == "m":
        face.update(kind="characters", numeral=tiles.NUMERALS[tiles.number(tile) - 1], wan="萬")
    elif tile == "Wh":
        face.update(kind="art", art="mahjong-white")
    elif tile in tiles.SPARES:
        flower = tile.startswith("f")
        face.update(kind="spare", spare_kanji=SPARE_KANJI[tile], spare_number=tile[1],
                    spare_colour=RED if flower else BLUE,
                    art="mahjong-flower" if flower else f"mahjong-season-{tile[1]}")
    else:
        face.update(kind="honour", big=tiles.KANJI[tile],
                    big_colour={"G": GREEN, "R": RED}.get(tile, BLACK))
    return face


#: The suit's kanji and colour in a card's corner index.
SUIT_INDEX = {"m": ("萬", RED), "p": ("筒", BLUE), "s": ("索", GREEN)}


def _index(tile: str) -> dict[str, str]:
    """The corner index: the tile drawn small in the top-left corner, read on a fanned
    card without lifting it (the number over its suit; an honour's kanji over its
    letters). The spares, outside the game, have none."""
    if tile in tiles.SPARES:
        return {}
    suit = tiles.suit(tile)
    if suit in SUIT_INDEX:
        kanji, colour = SUIT_INDEX[suit]
        return {"index": str(tiles.number(tile)), "index_suit": kanji, "index_colour": colour}
    colour = {"G": GREEN, "R": RED, "Wh": BLUE}.get(tile, BLACK)
    return {"index": tiles.KANJI[tile], "index_suit": tile, "index_colour": colour}


def meaning(found: Tables, tile: str, copy: int, w: dict[str, Any],
            shipped: dict[str, bool]) -> list[str]:
    """The meaning band's lines for the ``copy``-th card of ``tile``."""
    if tile in tiles.SPARES:
        return [w["spare"]]
    if copy <= found.labyrinth_copies(tile):
        role = found.role(tile)
        text = w["stairs"] if role == "stairs" else w["passage"].format(
            direction=w["directions"][role])
        return [w["labyrinth"], text + (w["reading"] if shipped["labyrinth.csv"] else "")]
    room = found.room(tile)
    name = (labyrinth.NAMES_JA if w["lang"] == "ja" else labyrinth.NAMES)[room - 1]
    return [_kind(found, tile, w, shipped), w["d9"].format(room=room, name=name)]


def _kind(found: Tables, tile: str, w: dict[str, Any], shipped: dict[str, bool]) -> str:
    kind = found.kind(tile)
    reading = w["reading"] if shipped["encounters.csv"] else ""
    if kind == "trap":
        trap = found.trap(tile)
        assert trap is not None
        name = trap.name_ja if w["lang"] == "ja" else trap.name_en
        return w["trap"].format(name=name, number=tiles.number(tile)) + reading
    return w[kind] + (reading if kind in ("monster", "gold", "amulet", "item") else "")


def to_csv(cards: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(cards)
    return out.getvalue()
