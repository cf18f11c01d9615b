"""The build options' names and choices: what the command line offers and the
builds check, kept apart from the build machinery so that ``pnp --help`` need not
load it."""

from __future__ import annotations

LANGS = ("ja", "en")
DUPLEX = ("long", "short", "none")
TILE_SHAPES = ("hex", "square")
PAPER_NAMES = ("a4", "letter")
#: Options that belong to one game (the Options field and its flag).
GAME_OPTIONS = {"square": "--square", "map": "--map", "board": "--board", "cell": "--cell",
                "tile_shape": "--tile-shape", "tables": "--tables", "no_flowers": "--no-flowers",
                "card": "--card", "cards": "--cards"}
#: The print shops' forms (pnp.press.shops.SHOPS) and the printing conditions
#: (pnp.press.separation.CONDITIONS), named here so the options need not load them.
SHOP_NAMES = ("japan", "drivethrucards", "printninja", "gamecrafter")
CONDITION_NAMES = ("japan-color-2001-coated", "fogra39", "gracol2006", "swop2006")
PDFX_NAMES = ("x4", "x1a", "x1a2003")
