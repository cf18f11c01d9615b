"""Printer profiles: the back offset measured once, saved by name, used by builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.cli import main
from tests.cli import refuses, succeeds


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "config" / "pnp-companion" / "printers.toml"


def test_a_saved_offset_is_used_by_name(tmp_path: Path, config: Path) -> None:
    said = succeeds(main, ["calibrate", "--duplex", "long", "--printer", "home", "--save",
                           "0.5,-1"])
    assert "Saved: home, a4 paper, flipped on the long edge" in said and config.is_file()
    succeeds(main, ["calibrate", "--paper", "letter", "--duplex", "short", "--printer",
                    "home", "--save", "-0.25,0"])
    out = tmp_path / "out"
    succeeds(main, ["build", "darkhall", "tokens", "--printer", "home", "--out", str(out)])
    assert (out / "darkhall-tokens-offset0.5,-1.pdf").is_file()
    succeeds(main, ["build", "darkhall", "tokens", "--printer", "home", "--paper", "letter",
                    "--duplex", "short", "--out", str(out)])
    assert (out / "darkhall-tokens-letter-duplex-short-offset-0.25,0.pdf").is_file()


def test_the_offset_moves_the_backs_as_back_offset_does(tmp_path: Path) -> None:
    from pnp.flags import make_options

    succeeds(main, ["calibrate", "--printer", "home", "--save", "0.5,-1"])
    flags = dict(paper="a4", lang="ja", copies=1, ink_saver=False, duplex="long",
                 back_offset="0,0", bleed=3.0, gutter=0.0, cut_guides=False, fold=False,
                 one_up=False, font=None, page_list=None)
    assert make_options(**flags, printer="home").back_offset == (0.5, -1.0)
    assert make_options(**{**flags, "duplex": "none"}, printer="home").back_offset == (0, 0)


@pytest.mark.parametrize(("args", "said"), [
    (["build", "darkhall", "tokens", "--printer", "office"], "no back offset for a4 paper"),
    (["build", "darkhall", "tokens", "--printer", "home", "--back-offset", "1,1"],
     "not both"),
    (["calibrate", "--save", "1,1"], "--save needs --printer"),
    (["calibrate", "--printer", "a b", "--save", "1,1"], "a name of letters"),
    (["calibrate", "--printer", "x", "--save", "50,1"], "at most 10 mm"),
    (["calibrate", "--printer", "x", "--save", "inf,1"], "at most 10 mm"),
    (["calibrate", "--printer", "x", "--save", "left"], "two numbers in mm"),
])
def test_profiles_refuse_what_they_cannot_use(tmp_path: Path, args, said) -> None:
    succeeds(main, ["calibrate", "--printer", "home", "--save", "0.5,-1"])
    assert said in refuses(main, [*args, "--out", str(tmp_path / "out")] if args[0] == "build"
                           else args)
    assert not (tmp_path / "out").exists()


def test_a_broken_profiles_file_is_named(tmp_path: Path, config: Path) -> None:
    config.parent.mkdir(parents=True)
    config.write_text('[home.a4.long]\nback_offset = "left"\n', "utf-8")
    message = refuses(main, ["build", "darkhall", "tokens", "--printer", "home", "--out",
                             str(tmp_path)])
    assert "printers.toml: home.a4.long" in message and "two numbers" in message
