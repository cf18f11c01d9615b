"""Every printable game and its components."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from companion import lazy
from companion.errors import InputError
from companion.jongrogue.licence import CREDIT, SHORT_CREDIT
from pnp.build import Component, Context, Game

if TYPE_CHECKING:
    from companion.rakugaaki.board import Board
    from companion.roguelight.maps import Map
    from pnp.shapes import Page

# The games' drawings and data load when a component is built, not when listed.
dh = lazy.module("pnp.components.darkhall")
jr = lazy.module("pnp.components.jongrogue")
mj = lazy.module("pnp.components.majin")
rk = lazy.module("pnp.components.rakugaaki")
rl = lazy.module("pnp.components.roguelight")
jr_tables = lazy.module("companion.jongrogue.tables")
mj_cards = lazy.module("companion.majin.cards")
rk_boards = lazy.module("companion.rakugaaki.board")
maps = lazy.module("companion.roguelight.maps")
imposition = lazy.module("pnp.impose")
pack = lazy.module("pnp.pack")
paper = lazy.module("pnp.paper")
tiling = lazy.module("pnp.tiling")

# --- Dark Hall -------------------------------------------------------------------


def _square(ctx: Context) -> float:
    return ctx.options.square or dh.SQUARE


def darkhall_board(ctx: Context) -> list[Page]:
    square = _square(ctx)
    size = dh.board_size(square)
    shapes = dh.board(square, ctx.options.lang)
    w, h = ctx.page_size(landscape=True)
    area = paper.usable(w, h)
    if size[0] <= area[2] and size[1] <= area[3]:
        return [ctx.centred(shapes, size, "board", landscape=True)]
    grid = (dh.LETTER_RING, square)
    return tiling.tile(shapes, *size, w, h, area, "board", ctx.options.lang, grid=(grid, grid))


def darkhall_board_preview(ctx: Context):
    square = _square(ctx)
    return (*dh.board_size(square), dh.board(square, ctx.options.lang))


def _token_size(ctx: Context) -> float:
    return round(_square(ctx) - 2, 1)


def pieces(make, size, label: str) -> tuple:
    """(pages, preview) for a component of imposed pieces: ``make(ctx)`` gives the
    pieces, ``size(ctx)`` their trim size; the preview is the first front."""
    def pages(ctx: Context) -> list[Page]:
        return ctx.impose(make(ctx), size(ctx), label)

    def preview(ctx: Context):
        return (*size(ctx), make(ctx)[0].front(0))

    return pages, preview


def _token(ctx: Context) -> tuple[float, float]:
    return (_token_size(ctx),) * 2


STANDEE = 30.0


def _darkhall_lots(ctx: Context) -> list[pack.Lot]:
    """Every small Dark Hall piece, for one packed set of sheets."""
    square, token, lang = _square(ctx), _token_size(ctx), ctx.options.lang
    big, line = dh.pool_pieces(square)
    return [
        pack.Lot(tuple(dh.rules_pieces(lang, ctx.measure, ctx.options.bleed)), dh.RULES_CARD),
        pack.Lot(tuple(dh.tile_pieces(lang, ctx.measure, ctx.options.bleed)),
                 (dh.TILE, dh.TILE)),
        pack.Lot(tuple(dh.token_pieces(token) + dh.stone_pieces(token)), (token, token)),
        pack.Lot((dh.standee_piece(STANDEE, lang),), dh.standee_size(STANDEE)),
        pack.Lot((big,), (2 * square - 1, 2 * square - 1)),
        pack.Lot((line,), (4 * square - 1, square - 1)),
    ]


def _first_page(pages: list[Page]):
    return pages[0].width, pages[0].height, pages[0].shapes


def darkhall_pieces(ctx: Context) -> list[Page]:
    return ctx.pack(_darkhall_lots(ctx), "pieces")


ALONE = {"in_set": False}  # also printable on its own, for a replacement or a new design
FOLD_STANDEE = ("cut on the crop marks; fold the standee on the dashes, panels back to back, "
                "feet out")

DARKHALL = Game("darkhall", "Dark Hall 暗黒の大広間", {
    "board": Component(
        "board", "the 16 × 11 board with lettered walls and square names; "
                 "--square MM enlarges it and tiles it over pages",
        darkhall_board, darkhall_board_preview, sheet=True, stock="paper",
        making="lay it flat (glue it to card if you like); a tiled board: cut each tile on its "
               "cut edge and glue it over the next tile's strip"),
    "pieces": Component(
        "pieces", "every piece but the board on shared sheets: tokens, stones, tiles, pools, "
                  "the standee and the rules card (double-sided)",
        darkhall_pieces, lambda ctx: _first_page(darkhall_pieces(ctx)), making=FOLD_STANDEE),
    "tokens": Component(
        "tokens", "only the player tokens in 7 colours (6/1, 4/3, 3/4, 2/5), double-sided",
        *pieces(lambda ctx: dh.token_pieces(_token_size(ctx)), _token, "tokens"), **ALONE),
    "tiles": Component(
        "tiles", "only the 8 monster movement tiles with a common back",
        *pieces(lambda ctx: dh.tile_pieces(ctx.options.lang, ctx.measure, ctx.options.bleed),
                lambda ctx: (dh.TILE, dh.TILE), "tiles"), **ALONE),
    "stones": Component(
        "stones", "only the 11 stones",
        *pieces(lambda ctx: dh.stone_pieces(_token_size(ctx)), _token, "stones"), **ALONE),
    "pools": Component(
        "pools", "only the 2×2 and 4×1 blood pools",
        lambda ctx: _pools(ctx),
        lambda ctx: (2 * _square(ctx) - 1, 2 * _square(ctx) - 1,
                     dh.pool_pieces(_square(ctx))[0].front(0)), **ALONE),
    "standee": Component(
        "standee", "only the fold-up monster standee: face, back of the head, an arrow on "
                   "its foot",
        *pieces(lambda ctx: [dh.standee_piece(STANDEE, ctx.options.lang)],
                lambda ctx: dh.standee_size(STANDEE), "standee"), making=FOLD_STANDEE,
        **ALONE),
    "rules": Component(
        "rules", "only the rules summary card (Japanese; English with --lang en)",
        *pieces(lambda ctx: dh.rules_pieces(ctx.options.lang, ctx.measure, ctx.options.bleed),
                lambda ctx: dh.RULES_CARD, "rules"), **ALONE),
}, options=frozenset({"square"}))


def _pools(ctx: Context) -> list[Page]:
    square = _square(ctx)
    big, line = dh.pool_pieces(square)
    return ctx.pack([pack.Lot((big,), (2 * square - 1, 2 * square - 1)),
                     pack.Lot((line,), (4 * square - 1, square - 1))], "pools")


# --- Roguelight ------------------------------------------------------------------

SUMMARY_CARD = (148.0, 105.0)


def _maps(ctx: Context) -> list[tuple[Map, str | None]]:
    """The shipped maps, or the one map file given with --map (with its text)."""
    if ctx.options.map is None:
        return [(maps.shipped(name), None) for name in maps.SHIPPED]
    board = maps.load_map(ctx.options.map)
    named = ctx.options.map in maps.SHIPPED and not Path(ctx.options.map).exists()
    from companion.files import read_text

    return [(board, None if named else read_text(ctx.options.map))]


def roguelight_sheets(ctx: Context) -> list[Page]:
    """A play sheet a map; the two shipped maps back to back on one sheet, as many
    roll-and-write pads are printed (one-sided with --duplex none)."""
    pages = []
    for board, source in _maps(ctx):
        height, shapes = rl.sheet(board, ctx.options.lang, ctx.measure, source)
        pages.append(ctx.centred(shapes, (rl.PAGE_W, height), f"sheet {board.name}"))
    return ctx.back_to_back_pages(pages)


def roguelight_sheet_preview(ctx: Context):
    board, source = _maps(ctx)[0]
    height, shapes = rl.sheet(board, ctx.options.lang, ctx.measure, source)
    return rl.PAGE_W, height, shapes


def _solo_table(ctx: Context):
    return rl.solo_table(_maps(ctx)[0][0], ctx.options.lang)


def roguelight_solo(ctx: Context) -> list[Page]:
    width, height, shapes = _solo_table(ctx)
    return [ctx.centred(shapes, (width, height), "solo")]


def roguelight_pieces(ctx: Context) -> list[Page]:
    """The summary card and the solo table (a card of its own) on shared card stock."""
    solo, size = rl.solo_piece(_maps(ctx)[0][0], ctx.options.lang)
    return ctx.pack([pack.Lot(tuple(_summary(ctx)), SUMMARY_CARD), pack.Lot((solo,), size)],
                    "pieces")


def _summary(ctx: Context):
    return rl.summary_pieces(_maps(ctx)[0][0], ctx.options.lang, ctx.measure, SUMMARY_CARD)


ROGUELIGHT = Game("roguelight", "Roguelight ローグライト", {
    "sheet": Component(
        "sheet", "a play sheet for each shipped map (or --map FILE), with a QR code naming "
                 "game, map and version; the two shipped maps back to back",
        roguelight_sheets, roguelight_sheet_preview, sheet=True, stock="paper",
        making="one map a player a game: write on the side you play (--copies N for more)"),
    "pieces": Component(
        "pieces", "the summary card and the solo title table on one card-stock sheet",
        roguelight_pieces, lambda ctx: _first_page(roguelight_pieces(ctx)),
        making="cut on the crop marks; keep the solo table beside the sheet"),
    "summary": Component(
        "summary", "only the summary card: a round on the front; score track and armament "
                   "track on the back (double-sided)",
        *pieces(_summary, lambda ctx: SUMMARY_CARD, "summary"), **ALONE),
    "solo": Component("solo", "only the solo title table, on a page of its own",
                      roguelight_solo, _solo_table, sheet=True, stock="paper",
                      making="keep it beside the sheet", **ALONE),
}, options=frozenset({"map"}),
    validate=lambda options: options.map and maps.load_map(options.map),
    needs="two six-sided dice, one white and one black; a pencil for each player; two "
          "small tokens for the score and armament tracks")

# --- Rakugaaki ------------------------------------------------------------------


def _cell(ctx: Context) -> float:
    return ctx.options.cell or rk.CELL


def _boards(ctx: Context) -> list[Board]:
    if ctx.options.board is None:
        return [rk_boards.shipped(name) for name in rk_boards.SHIPPED]
    return [rk_boards.load(ctx.options.board)]


def _half_drawings(ctx: Context) -> list[tuple[str, tuple[float, float, list]]]:
    """Each board whole on one landscape page where it fits (the 3–4 board at the
    shipped size), else in its two halves, each to be cut along the join."""
    drawings = []
    area = paper.usable(*ctx.page_size(landscape=True))
    for board in _boards(ctx):
        whole = rk.half_drawing(replace(board, join=None), 0, _cell(ctx),
                                ctx.options.lang)
        if board.halves is None or (whole[0] <= area[2] and whole[1] <= area[3]):
            drawings.append((f"board {board.name}", whole))
            continue
        for _cells, side in rk.halves(board):
            drawings.append((f"board {board.name} half {side}",
                             rk.half_drawing(board, side, _cell(ctx), ctx.options.lang)))
    return drawings


def rakugaaki_board(ctx: Context) -> list[Page]:
    """Both boards two-sided as the game has them, where they pair (the shipped ones):
    else each half on its own page, landscape when wider than tall; tiled when larger."""
    paired = _back_to_back(ctx)
    if paired:
        return [page for side, pair in enumerate(paired, 1)
                for page in _two_sided(ctx, pair, side)]
    pages = []
    for label, (width, height, shapes) in _half_drawings(ctx):
        landscape = width > height
        w, h = ctx.page_size(landscape)
        area = paper.usable(w, h)
        if width <= area[2] and height <= area[3]:
            pages.append(ctx.centred(shapes, (width, height), label, landscape=landscape))
        else:
            pages += tiling.tile(shapes, width, height, w, h, area, label, ctx.options.lang)
    return pages


def _back_to_back(ctx: Context) -> list | None:
    """The 3–4 board's halves with the 5–6 board's on their backs, each piece on a page
    of its own; None for one board, one-sided or folded prints, or pieces too big for
    the page (those print as before, each half alone)."""
    o = ctx.options
    if o.board is not None or o.duplex not in ("long", "short") or o.fold:
        return None
    front, back = _boards(ctx)
    paired = rk.back_to_back(front, back, _cell(ctx), o.lang)
    area = paper.usable(*ctx.page_size(landscape=False))
    if paired is None or any(p.width > area[2] or p.height > area[3] for p in paired):
        return None
    return paired


def _two_sided(ctx: Context, pair, side: int) -> list[Page]:
    """One piece of the board: its front page and, behind it, its back."""
    front, back = _boards(ctx)
    label = f"board {front.name} half {side} / {back.name} half {3 - side}"
    return ctx.back_to_back(pair.front, pair.back, (pair.width, pair.height), label)


def _tile_shape(ctx: Context) -> str:
    return ctx.options.tile_shape or "hex"


def _tiles(ctx: Context):
    return rk.tile_pieces(_cell(ctx), _tile_shape(ctx), ctx.options.lang,
                          light=ctx.options.ink_saver)


def _tile_size(ctx: Context) -> tuple[float, float]:
    return rk.tile_size(_cell(ctx), _tile_shape(ctx))


def _guard_size(ctx: Context) -> tuple[float, float]:
    width, height = rk.guard_size(_cell(ctx))
    return width, 2 * height + 2 * width * 0.35


def _guards(ctx: Context) -> list:
    return rk.guard_pieces(_cell(ctx), ctx.options.lang)


def _rk_summaries(ctx: Context) -> list:
    return rk.summary_pieces(ctx.options.lang, ctx.measure)


def rakugaaki_pieces(ctx: Context) -> list[Page]:
    """The tiles, guards and summary cards, sharing as few card-stock sheets as they can."""
    return ctx.pack([pack.Lot(tuple(_tiles(ctx)), _tile_size(ctx)),
                     pack.Lot(tuple(_guards(ctx)), _guard_size(ctx)),
                     pack.Lot(tuple(_rk_summaries(ctx)), rk.SUMMARY)], "pieces")


def rakugaaki_table(ctx: Context) -> list[Page]:
    return [ctx.centred(_table(ctx)[2], _table(ctx)[:2], "table")]


def _table(ctx: Context) -> tuple[float, float, list]:
    width = min(180.0, paper.usable(*ctx.page_size(landscape=False))[2])
    height, shapes = rk.dice_table(width, ctx.options.lang)
    return width, height, shapes


RAKUGAAKI = Game("rakugaaki", "Rakugaaki ラクガーキ", {
    "board": Component(
        "board", "both boards of our own, two-sided as the game has them: two halves, the "
                 "3-4 board on the fronts and the 5-6 board on the backs (--duplex none, "
                 "or --board FILE: each board whole on a landscape page where it fits, "
                 "else in two halves), with cell names, 4-/6-player cells and guard "
                 "starts; --cell MM sizes the cells",
        rakugaaki_board, lambda ctx: _half_drawings(ctx)[0][1], sheet=True, stock="paper",
        making="cut each board or half once along its outline (two-sided: a half of the "
               "3-4 board on the front, of the 5-6 board on the back); the join side "
               "along the hex edges, then lay the halves side by side so the numbered "
               "edges meet"),
    "pieces": Component(
        "pieces", "the tiles, the guards and the turn-summary cards on shared sheets "
                  "(double-sided)",
        rakugaaki_pieces, lambda ctx: _first_page(rakugaaki_pieces(ctx)),
        making="cut on the crop marks, each hex tile along its outline; fold the guard "
               "standees on the dashes, panels back to back, feet out"),
    "tiles": Component(
        "tiles", "only the 96 tiles, double-sided: value as numeral and pips, each colour's "
                 "emblem, the same back for a whole colour (--tile-shape square for "
                 "straight cuts)",
        *pieces(_tiles, _tile_size, "tiles"),
        making="cut the columns apart on the crop marks, then each hex along its outline",
        **ALONE),
    "guards": Component(
        "guards", "only the 2 fold-up guard standees",
        *pieces(_guards, _guard_size, "guards"), making=FOLD_STANDEE, **ALONE),
    "table": Component(
        "table", "the dice-count table: strength 1-30 × value 2-5, dice and chance",
        rakugaaki_table, _table, sheet=True, stock="paper", making="keep it by the board"),
    "summary": Component(
        "summary", "only the 6 turn-summary cards (poker size), one per colour, "
                   "double-sided",
        *pieces(_rk_summaries, lambda ctx: rk.SUMMARY, "summary"), **ALONE),
}, options=frozenset({"board", "cell", "tile_shape"}),
    validate=lambda options: options.board and rk_boards.load(options.board),
    needs="three six-sided dice")

# --- JongRogue ------------------------------------------------------------------


def _jr_tables(ctx: Context) -> jr_tables.Tables:
    return jr_tables.load(ctx.options.tables)


def _jr_deck(ctx: Context):
    """The tile cards (from the tables in use) and their slot size."""
    from pnp.deck import pieces as deck_pieces  # the deck engine, only to build decks

    built = jr.deck(_jr_tables(ctx), ctx.options.lang, ctx.options.paper,
                    flowers=not ctx.options.no_flowers, card=ctx.options.card)
    drawn = deck_pieces(built, built.cards, ctx.measure, ctx.options.bleed)
    if drawn.small:
        smallest = min(size for _card, size in drawn.small)
        ctx.notices.append(f"--card {ctx.options.card}: {len(drawn.small)} cards print text "
                           f"under 6 pt (down to {smallest:.1f} pt), hard to read; a larger "
                           "card reads better")
    return drawn.pieces, built.spec.size


def jongrogue_deck(ctx: Context) -> list[Page]:
    cards, size = _jr_deck(ctx)
    return ctx.impose(cards, size, "deck")


def _jr_deck_preview(ctx: Context):
    cards, size = _jr_deck(ctx)
    return (*size, cards[0].front(0))


def _sheet(drawing, label: str, landscape: bool = False):
    """A component of one whole page per drawing: (pages, preview)."""
    def pages(ctx: Context) -> list[Page]:
        return [ctx.centred(shapes, (w, h), label, landscape=landscape)
                for w, h, shapes in drawing(ctx)]
    return pages, lambda ctx: drawing(ctx)[0]


def _jr_card(ctx: Context) -> tuple[float, float]:
    return jr.card_of(ctx.options.paper, ctx.options.card)


def _jr_map(ctx: Context) -> list[Page]:
    """The two map sheets, made for the build's card: on one page each where they fit,
    else tiled over sheets like the Dark Hall board."""
    lang, card = ctx.options.lang, _jr_card(ctx)
    labyrinth = jr.labyrinth_sheet(_jr_tables(ctx), lang, ctx.measure, card)
    room = paper.usable(*ctx.page_size(landscape=False))[2]
    encounter = jr.encounter_sheet(lang, ctx.measure, card, room)
    return [*_whole_or_tiled(ctx, labyrinth, "labyrinth map", landscape=True),
            *_whole_or_tiled(ctx, encounter, "encounter map", landscape=False)]


def _whole_or_tiled(ctx: Context, drawing: tuple[float, float, list], label: str,
                    landscape: bool) -> list[Page]:
    width, height, shapes = drawing
    w, h = ctx.page_size(landscape)
    if imposition.whole_page(width, height, w, h) is not None:
        return [ctx.centred(shapes, (width, height), label, landscape=landscape)]
    return tiling.tile(shapes, width, height, w, h, paper.usable(w, h), label,
                       ctx.options.lang)


JONGROGUE = Game("jongrogue", f"雀ローグ JongRogue — {SHORT_CREDIT}", {
    "deck": Component(
        "deck", "the 144 tiles as business cards (136 + 8 spares; --no-flowers: 136): "
                "vector faces, the meaning of each card from the tables, a common back",
        jongrogue_deck, _jr_deck_preview,
        making="cut on the crop marks; the 18 labyrinth cards (the winds ×4 and 中 ×2, "
               "marked 迷宮マップの山に積む on business cards) are the labyrinth pile"),
    "map": Component(
        "map", "the labyrinth and encounter maps, made for the build's card (every slot "
               "the card + 2 mm; encounter slots fanned where they must be); tiled over "
               "sheets when larger than one",
        _jr_map, lambda ctx: jr.labyrinth_sheet(_jr_tables(ctx), ctx.options.lang,
                                                ctx.measure, _jr_card(ctx)),
        sheet=True, stock="paper", making="lay the tiles or cards on the slots"),
    "character": Component(
        "character", "the character sheet: levels, strength, armour, rings, conditions, "
                     "the stairs box with the round-wind plate, floor, amulet, inventory",
        *_sheet(lambda ctx: [jr.character_sheet(_jr_tables(ctx), ctx.options.lang,
                                                ctx.measure)], "character"),
        sheet=True, stock="paper", making="one a game: write on it, or use counters"),
    "rules": Component(
        "rules", "the map chapter in the project's own words, with the tables in use",
        *_sheet(lambda ctx: jr.rules_pages(_jr_tables(ctx), ctx.options.lang, ctx.measure),
                "rules"), sheet=True, stock="paper", making="keep it by the map"),
}, options=frozenset({"tables", "no_flowers", "card"}),
    validate=lambda options: options.tables and jr_tables.load(options.tables),
    notice=CREDIT["en"],
    needs="a mahjong set, or the printed deck; 6 mm counters (gems or beads) in blue, green "
          "and red; a pencil")

# --- the 魔人 dungeon card game ----------------------------------------------------------


def _mj_cards(ctx: Context):
    return mj.load_cards(ctx.options.cards, ctx.options.lang)


def _mj_deck(kind: str) -> tuple:
    """(pages, preview) of a card component drawn through its deck file."""
    def make(ctx: Context) -> list:
        return mj.card_pieces(kind, _mj_cards(ctx), ctx.options.lang, ctx.measure,
                              ctx.options.bleed)
    return pieces(make, lambda ctx: mj.CARD, kind)


def majin_tables(ctx: Context) -> list[Page]:
    """The treasure table and, on the back of its last sheet, the event tables (two-sided
    plain paper, unless --duplex none)."""
    found, lang = _mj_cards(ctx), ctx.options.lang
    return ctx.back_to_back_pages(_mj_sheets(
        ctx, [*mj.treasure_sheets(found, lang, ctx.measure),
              mj.events_sheet(found, lang, ctx.measure)], "treasure"))


def _mj_sheets(ctx: Context, drawings: list, label: str) -> list[Page]:
    return [ctx.centred(shapes, (w, h), label) for w, h, shapes in drawings]


def _mj_lots(ctx: Context) -> list[pack.Lot]:
    """The pieces that are not poker cards, for one packed set of sheets: the corridor
    tiles, money, tokens, the summary card."""
    lang = ctx.options.lang
    return [pack.Lot(tuple(mj.tile_pieces(_mj_cards(ctx), lang)), (mj.TILE, mj.TILE)),
            pack.Lot(tuple(mj.money_pieces(lang, ctx.measure, ctx.options.bleed)),
                     (44.0, 63.0)),
            pack.Lot(tuple(mj.summary_pieces(lang, ctx.measure)), mj.SUMMARY),
            pack.Lot(tuple(mj.token_pieces(lang)), (mj.TOKEN, mj.TOKEN))]


MJ_KINDS = ("majin", "monsters", "bosses", "items")


def majin_cards(ctx: Context) -> list[Page]:
    """Every poker-size card of the card folder on as few sheets as they fill."""
    found = _mj_cards(ctx)
    made = [piece for kind in MJ_KINDS for piece in mj.card_pieces(
        kind, found, ctx.options.lang, ctx.measure, ctx.options.bleed)]
    return ctx.impose(made, mj.CARD, "cards")


def majin_pieces(ctx: Context) -> list[Page]:
    return ctx.pack(_mj_lots(ctx), "pieces")


def _mj_maps(ctx: Context) -> list:
    return [mj.map_sheet(floor, ctx.options.lang) for floor in (1, 2, 3)]


MAJIN = Game("majin-dungeon", "魔人ダンジョン — the 魔人 dungeon card game", {
    "cards": Component(
        "cards", "every poker-size card on common sheets: the 魔人 (backs by gacha tier), "
                 "the monsters (backs by floor), the bosses and the items",
        majin_cards, lambda ctx: _first_page(majin_cards(ctx))),
    "majin": Component(
        "majin", "only the 魔人: a face per 魔人 of the card files (poker), backs by gacha "
                 "tier", *_mj_deck("majin"), **ALONE),
    "monsters": Component(
        "monsters", "only the monsters: a face each (poker), backs by floor",
        *_mj_deck("monsters"), **ALONE),
    "bosses": Component("bosses", "only the bosses: a face each (poker), one boss back",
                        *_mj_deck("bosses"), **ALONE),
    "items": Component("items", "only the items: a face each (poker): kind, sell and "
                                "buy-back prices, a curse mark on cursed items; one back",
                       *_mj_deck("items"), **ALONE),
    "dungeon": Component(
        "dungeon", "only the corridor tiles (30 mm, copies counted), up stairs and special cards, "
                   "backs by floor",
        *pieces(lambda ctx: mj.tile_pieces(_mj_cards(ctx), ctx.options.lang),
                lambda ctx: (mj.TILE, mj.TILE), "dungeon"),
        making="cut on the crop marks; the notch marks each tile's top edge", **ALONE),
    "map": Component(
        "map", "the three 6 × 6 dungeon maps B1F-B3F (31 mm cells) with the encounter track",
        lambda ctx: _mj_sheets(ctx, _mj_maps(ctx), "map"), lambda ctx: _mj_maps(ctx)[0],
        sheet=True, stock="paper", making="lay the corridor tiles on the cells"),
    "lp": Component(
        "lp", "the LP sheet: the 魔人 and monster tracks, 0-40",
        lambda ctx: _mj_sheets(ctx, [mj.lp_sheet(ctx.options.lang)], "lp"),
        lambda ctx: mj.lp_sheet(ctx.options.lang), sheet=True, stock="paper",
        making="a token on each track"),
    "treasure": Component(
        "treasure", "the treasure table and the event tables of the card files, with the "
                    "chest and event rules",
        majin_tables, lambda ctx: mj.treasure_sheets(_mj_cards(ctx), ctx.options.lang,
                                                     ctx.measure)[0],
        sheet=True, stock="paper", making="keep it by the map"),
    "pieces": Component(
        "pieces", "every piece that is not a poker card on shared sheets (double-sided): "
                  "the corridor tiles, the money cards, the tokens and the rules summary card",
        majin_pieces, lambda ctx: _first_page(majin_pieces(ctx)),
        making="cut on the crop marks; the notch marks each corridor tile's top edge"),
    "money": Component(
        "money", "only the money cards (mini): 100 円 ×20, 500 ×10, 1000 ×10, 5000 ×4; "
                 "one back",
        *pieces(lambda ctx: mj.money_pieces(ctx.options.lang, ctx.measure, ctx.options.bleed),
                lambda ctx: (44.0, 63.0), "money"), **ALONE),
    "tokens": Component(
        "tokens", "only the summoner, wipe-out, two LP and encounter tokens (20 mm, "
                  "double-sided)",
        *pieces(lambda ctx: mj.token_pieces(ctx.options.lang),
                lambda ctx: (mj.TOKEN, mj.TOKEN), "tokens"), **ALONE),
    "summary": Component(
        "summary", "only the rules summary card (A6 landscape, both sides)",
        *pieces(lambda ctx: mj.summary_pieces(ctx.options.lang, ctx.measure),
                lambda ctx: mj.SUMMARY, "summary"), **ALONE),
}, options=frozenset({"cards"}),
    validate=lambda options: options.cards and mj_cards.load(options.cards),
    needs="six-sided dice, two at least (a chest rolls several in turn)")

GAMES = {game.name: game for game in (ROGUELIGHT, DARKHALL, RAKUGAAKI, JONGROGUE, MAJIN)}


def find(game: str, component: str | None = None):
    if game not in GAMES:
        raise InputError(f"no game {game!r}; games: {', '.join(GAMES)}")
    if component is None:
        return GAMES[game], None
    components = GAMES[game].components
    if component not in components:
        raise InputError(f"{game} has no component {component!r}; components: "
                         f"{', '.join(components)}")
    return GAMES[game], components[component]
