"""Every printable game and its components."""

from __future__ import annotations

from pathlib import Path

from companion.errors import InputError
from companion.files import read_text
from companion.roguelight.maps import SHIPPED, Map, load_map, shipped
from pnp.build import Component, Context, Game
from pnp.components import darkhall as dh
from pnp.components import roguelight as rl
from pnp.pack import Lot
from pnp.paper import usable
from pnp.shapes import Page
from pnp.tiling import tile

# --- Dark Hall -------------------------------------------------------------------


def _square(ctx: Context) -> float:
    return ctx.options.square or dh.SQUARE


def darkhall_board(ctx: Context) -> list[Page]:
    square = _square(ctx)
    size = dh.board_size(square)
    shapes = dh.board(square, ctx.options.lang)
    w, h = ctx.page_size(landscape=True)
    area = usable(w, h)
    if size[0] <= area[2] and size[1] <= area[3]:
        return [ctx.centred(shapes, size, "board", landscape=True)]
    grid = (dh.LETTER_RING, square)
    return tile(shapes, *size, w, h, area, "board", ctx.options.lang, grid=(grid, grid))


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
TILE = 35.0
RULES_CARD = (95.0, 135.0)


def _darkhall_lots(ctx: Context) -> list[Lot]:
    """Every small Dark Hall piece, for one packed set of sheets."""
    square, token, lang = _square(ctx), _token_size(ctx), ctx.options.lang
    big, line = dh.pool_pieces(square)
    return [
        Lot(tuple(dh.rules_pieces(*RULES_CARD, lang, ctx.measure)), RULES_CARD),
        Lot(tuple(dh.tile_pieces(TILE, lang)), (TILE, TILE)),
        Lot(tuple(dh.token_pieces(token) + dh.stone_pieces(token)), (token, token)),
        Lot((dh.standee_piece(STANDEE, lang),), dh.standee_size(STANDEE)),
        Lot((big,), (2 * square - 1, 2 * square - 1)),
        Lot((line,), (4 * square - 1, square - 1)),
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
        *pieces(lambda ctx: dh.tile_pieces(TILE, ctx.options.lang),
                lambda ctx: (TILE, TILE), "tiles"), **ALONE),
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
        *pieces(lambda ctx: dh.rules_pieces(*RULES_CARD, ctx.options.lang, ctx.measure),
                lambda ctx: RULES_CARD, "rules"), **ALONE),
}, options=frozenset({"square"}))


def _pools(ctx: Context) -> list[Page]:
    square = _square(ctx)
    big, line = dh.pool_pieces(square)
    return ctx.pack([Lot((big,), (2 * square - 1, 2 * square - 1)),
                     Lot((line,), (4 * square - 1, square - 1))], "pools")


# --- Roguelight ------------------------------------------------------------------

SUMMARY_CARD = (148.0, 105.0)


def _maps(ctx: Context) -> list[tuple[Map, str | None]]:
    """The shipped maps, or the one map file given with --map (with its text)."""
    if ctx.options.map is None:
        return [(shipped(name), None) for name in SHIPPED]
    board = load_map(ctx.options.map)
    named = ctx.options.map in SHIPPED and not Path(ctx.options.map).exists()
    return [(board, None if named else read_text(ctx.options.map))]


def roguelight_sheets(ctx: Context) -> list[Page]:
    pages = []
    for board, source in _maps(ctx):
        height, shapes = rl.sheet(board, ctx.options.lang, ctx.measure, source)
        pages.append(ctx.centred(shapes, (rl.PAGE_W, height), f"sheet {board.name}"))
    return pages


def roguelight_sheet_preview(ctx: Context):
    board, source = _maps(ctx)[0]
    height, shapes = rl.sheet(board, ctx.options.lang, ctx.measure, source)
    return rl.PAGE_W, height, shapes


def _solo_table(ctx: Context):
    return rl.solo_table(_maps(ctx)[0][0], ctx.options.lang)


def roguelight_solo(ctx: Context) -> list[Page]:
    width, height, shapes = _solo_table(ctx)
    return [ctx.centred(shapes, (width, height), "solo")]


def _summary(ctx: Context):
    return rl.summary_pieces(_maps(ctx)[0][0], ctx.options.lang, ctx.measure, SUMMARY_CARD)


ROGUELIGHT = Game("roguelight", "Roguelight ローグライト", {
    "sheet": Component(
        "sheet", "a play sheet for each shipped map (or --map FILE), with a QR code naming "
                 "game, map and version",
        roguelight_sheets, roguelight_sheet_preview, sheet=True, stock="paper",
        making="one sheet a player a game: write on it (--copies N for more)"),
    "summary": Component(
        "summary", "the summary card: a round on the front; score track and armament "
                   "track on the back (double-sided)",
        *pieces(_summary, lambda ctx: SUMMARY_CARD, "summary")),
    "solo": Component("solo", "the solo title table", roguelight_solo, _solo_table,
                      sheet=True, stock="paper", making="keep it beside the sheet"),
}, options=frozenset({"map"}))

GAMES = {game.name: game for game in (ROGUELIGHT, DARKHALL)}


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
