"""Every printable game and its components."""

from __future__ import annotations

from companion.errors import InputError
from pnp.build import Component, Context, Game, sheet_pages
from pnp.components import darkhall as dh
from pnp.impose import tile
from pnp.paper import usable
from pnp.shapes import Page

# --- Dark Hall -------------------------------------------------------------------


def _square(ctx: Context) -> float:
    return ctx.options.square or dh.SQUARE


@sheet_pages
def darkhall_board(ctx: Context) -> list[Page]:
    square = _square(ctx)
    size = dh.board_size(square)
    shapes = dh.board(square, ctx.options.lang)
    w, h = ctx.page_size(landscape=True)
    area = usable(w, h)
    if size[0] <= area[2] and size[1] <= area[3]:
        return [ctx.centred(shapes, size, "board", landscape=True)]
    return tile(shapes, *size, w, h, area, "board")


def darkhall_board_preview(ctx: Context):
    square = _square(ctx)
    return (*dh.board_size(square), dh.board(square, ctx.options.lang))


def _token_size(ctx: Context) -> float:
    return round(_square(ctx) - 2, 1)


DARKHALL = Game("darkhall", "Dark Hall 暗黒の大広間", {
    "board": Component(
        "board", "the 16 × 11 board with lettered walls and square names; "
                 "--square MM enlarges it and tiles it over pages",
        darkhall_board, darkhall_board_preview),
    "tokens": Component(
        "tokens", "player tokens in 7 colours (6/1, 4/3, 3/4, 2/5), double-sided",
        lambda ctx: ctx.impose(dh.token_pieces(_token_size(ctx)), (_token_size(ctx),) * 2,
                               "tokens"),
        lambda ctx: (_token_size(ctx), _token_size(ctx),
                     dh.token_pieces(_token_size(ctx))[0].front(0))),
    "tiles": Component(
        "tiles", "the 8 monster movement tiles with a common back",
        lambda ctx: ctx.impose(dh.tile_pieces(35, ctx.options.lang), (35, 35), "tiles"),
        lambda ctx: (35, 35, dh.tile_pieces(35, ctx.options.lang)[-1].front(0))),
    "stones": Component(
        "stones", "11 stones",
        lambda ctx: ctx.impose(dh.stone_pieces(_token_size(ctx)), (_token_size(ctx),) * 2,
                               "stones"),
        lambda ctx: (_token_size(ctx), _token_size(ctx),
                     dh.stone_pieces(_token_size(ctx))[0].front(0))),
    "pools": Component(
        "pools", "the 2×2 and 4×1 blood pools",
        lambda ctx: _pools(ctx),
        lambda ctx: (2 * _square(ctx) - 1, 2 * _square(ctx) - 1,
                     dh.pool_pieces(_square(ctx))[0].front(0))),
    "standee": Component(
        "standee", "a fold-up monster standee",
        sheet_pages(lambda ctx: [ctx.centred(dh.standee(30, ctx.options.lang),
                                             (30, 2 * 30 * 0.45 + 2 * 33), "standee")]),
        lambda ctx: (30, 2 * 30 * 0.45 + 2 * 33, dh.standee(30, ctx.options.lang))),
    "rules": Component(
        "rules", "the rules summary card (Japanese; English with --lang en)",
        lambda ctx: ctx.impose(dh.rules_pieces(95, 135, ctx.options.lang, ctx.measure),
                               (95, 135), "rules"),
        lambda ctx: (95, 135, dh.rules_pieces(95, 135, ctx.options.lang,
                                              ctx.measure)[0].front(0))),
})


def _pools(ctx: Context) -> list[Page]:
    square = _square(ctx)
    big, line = dh.pool_pieces(square)
    pages = ctx.impose([big], (2 * square - 1, 2 * square - 1), "pools")
    return pages + ctx.impose([line], (4 * square - 1, square - 1), "pools")


GAMES = {game.name: game for game in (DARKHALL,)}


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
