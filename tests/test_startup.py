"""What each command imports: only what it uses, so that it answers at once. The
times are measured by benchmarks/run.py; these tests hold the import graph."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PROBE = """
import sys
sys.path[:0] = {paths!r}
import importlib.util, json
from {module} import main
try:
    main({args!r})
except SystemExit:
    pass
loaded = sorted(name for name, module in sys.modules.items()
                if not isinstance(module, importlib.util._LazyModule))
print("\\n@@" + json.dumps(loaded))
"""


def loaded_by(module: str, *args: str) -> set[str]:
    """The modules a command has really loaded (a lazy module not yet used is not).

    The probe runs without the site module (``-S``), the project and the installed
    packages put on its path by hand: an editable install's import hook, which
    loads modules of its own, stays out of the count."""
    paths = [str(ROOT), *(p for p in sys.path if p.endswith("site-packages"))]
    probe = PROBE.format(paths=paths, module=module, args=list(args))
    result = subprocess.run([sys.executable, "-S", "-c", probe],
                            capture_output=True, text=True, cwd=ROOT, check=False)
    return set(json.loads(result.stdout.rsplit("@@", 1)[1]))


GAMES = ("darkhall", "roguelight", "rakugaaki", "jongrogue", "majin")


#: Modules a game's name may load without loading the game: its (empty) package,
#: found on the way to a lazy module, and the JongRogue licence text.
LIGHT = {*(f"companion.{game}" for game in GAMES), "companion.jongrogue.licence"}


def games_in(modules: set[str]) -> set[str]:
    return {game for game in GAMES for name in modules - LIGHT
            if name.startswith((f"companion.{game}", f"pnp.components.{game}"))}


def test_companion_help_lists_the_games_without_loading_them() -> None:
    modules = loaded_by("companion.cli", "--help")
    assert games_in(modules) == set()
    assert not modules & {"companion.dice", "fractions", "tomllib", "tempfile"}
    assert not {m for m in modules if m.startswith(("flask", "werkzeug", "waitress",
                                                    "companion.web"))}


def test_a_dice_roll_loads_no_game() -> None:
    modules = loaded_by("companion.cli", "roll", "2d6", "--seed", "1")
    assert "companion.dice" in modules and games_in(modules) == set()
    assert "secrets" not in modules


@pytest.mark.parametrize(("args", "game"), [
    (("darkhall", "monster", "sample", "--tile", "10"), "darkhall"),
    (("roguelight", "score", "examples/roguelight/alice.toml"), "roguelight"),
    (("rakugaaki", "table"), "rakugaaki"),
    (("jongrogue", "d9", "7p"), "jongrogue"),
])
def test_a_game_command_loads_its_game_only(args: tuple[str, ...], game: str) -> None:
    modules = loaded_by("companion.cli", *args)
    assert games_in(modules) == {game}
    assert not modules & {"reportlab", "jinja2", "svgwrite", "PIL"}
    assert not modules & {"cv2", "numpy", "companion.photo"}  # only a photo read loads them


def test_companion_help_loads_no_image_stack() -> None:
    modules = loaded_by("companion.cli", "--help")
    assert not modules & {"cv2", "numpy", "companion.photo", "companion.roguelight.reader"}
    modules = loaded_by("companion.cli", "roguelight", "read", "--help")
    assert not modules & {"cv2", "numpy", "companion.photo"}


def test_the_monster_and_the_score_skip_what_they_do_not_use() -> None:
    monster = loaded_by("companion.cli", "darkhall", "monster", "sample", "--tile", "10")
    assert not monster & {"companion.darkhall.deck", "companion.darkhall.setup",
                          "companion.dice", "tomllib", "fractions"}
    score = loaded_by("companion.cli", "roguelight", "score", "examples/roguelight/alice.toml")
    assert not score & {"companion.roguelight.intercept", "companion.roguelight.replay",
                        "companion.dice", "fractions"}
    assert "pathlib" not in monster | score  # files are read with os; pathlib is for writing


@pytest.mark.parametrize("args", [("--help",), ("list",)])
def test_pnp_help_and_list_load_no_pdf_stack_and_no_drawings(args: tuple[str, ...]) -> None:
    modules = loaded_by("pnp.cli", *args)
    assert not {m.split(".")[0] for m in modules} & {"reportlab", "jinja2", "svgwrite", "PIL",
                                                     "qrcode", "svglib"}
    assert not {m for m in modules if m.startswith(("pnp.components.", "pnp.deck", "pnp.draw",
                                                    "pnp.render"))}
    assert games_in(modules) == set()
    assert "companion.files" not in modules  # nothing is read or written


def test_a_build_loads_the_pdf_stack() -> None:  # the probe sees real loading
    modules = loaded_by("pnp.cli", "build", "darkhall", "stones", "--out", "/tmp/pnp-probe")
    assert "reportlab" in modules and "pnp.components.darkhall" in modules


def test_a_lazy_module_loads_at_first_use_and_hangs_on_its_package() -> None:
    code = """
import importlib.util, sys
from companion import lazy
m = lazy.module("xml.dom.minidom")
assert isinstance(sys.modules["xml.dom.minidom"], importlib.util._LazyModule)
import xml.dom
assert xml.dom.minidom is m
m.parseString("<a/>")
assert not isinstance(sys.modules["xml.dom.minidom"], importlib.util._LazyModule)
assert lazy.module("xml.dom.minidom") is sys.modules["xml.dom.minidom"]
print("ok")
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT, check=False)
    assert result.stdout.strip() == "ok", result.stderr


def test_the_majin_commands_load_only_their_game() -> None:
    modules = loaded_by("companion.cli", "majin", "stairs", "--dice", "3,5")
    assert games_in(modules) == {"majin"}
    assert not {m for m in modules if m.startswith(("flask", "reportlab"))}
