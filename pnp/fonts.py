"""Fonts: a TrueType CJK font embedded and subset when one is found, reportlab's
built-in Japanese CID fonts otherwise (with one notice), and a clear message
for OpenType-CFF fonts, which reportlab cannot embed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from companion.errors import InputError

#: Known system fonts, most preferred first (Debian/Ubuntu, macOS, Windows paths).
KNOWN_FONTS = (
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",
    "/usr/share/fonts/truetype/takao-gothic/TakaoPGothic.ttf",
    "/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf",
    "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf",
    "/Library/Fonts/ipaexg.ttf",
    "C:/Windows/Fonts/ipaexg.ttf",
)
CID_FONT = "HeiseiKakuGo-W5"
ENV_VAR = "PNP_FONT"


@dataclass(frozen=True)
class FontChoice:
    name: str  # the name registered with reportlab
    path: str | None  # the TrueType file embedded, or None for the CID fallback
    notice: str | None  # said once when the PDF relies on the viewer's fonts

    @property
    def embedded(self) -> bool:
        return self.path is not None


_registered: dict[str, FontChoice] = {}


def choose_font(path: str | None = None) -> FontChoice:
    """The font for this build: ``path`` (or $PNP_FONT), else a known system font,
    else the CID fallback."""
    wanted = path or os.environ.get(ENV_VAR)
    if wanted:
        return _register(Path(wanted))
    for candidate in KNOWN_FONTS:
        if Path(candidate).is_file():
            return _register(Path(candidate))
    return _cid_fallback()


def _register(path: Path) -> FontChoice:
    key = str(path)
    if key in _registered:
        return _registered[key]
    if not path.is_file():
        raise InputError("no such font file", key)
    kind = _font_kind(path)
    if kind == "cff":
        raise InputError(
            "an OpenType-CFF font (PostScript outlines), which cannot be embedded; "
            "give a TrueType font (.ttf), such as IPAex Gothic (fonts-ipaexfont-gothic)", key)
    if kind != "truetype":
        raise InputError("not a TrueType font file", key)
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    name = "pnp-" + path.stem
    try:
        pdfmetrics.registerFont(TTFont(name, key))
    except TTFError as err:
        raise InputError(f"cannot be used: {err}", key) from None
    choice = FontChoice(name, key, None)
    _registered[key] = choice
    return choice


def _font_kind(path: Path) -> str:
    with path.open("rb") as handle:
        head = handle.read(12)
    if head[:4] == b"OTTO":
        return "cff"
    if head[:4] == b"ttcf":
        return "collection-cff" if b"CFF " in path.read_bytes()[:4096] else "truetype"
    if head[:4] in (b"\x00\x01\x00\x00", b"true"):
        return "truetype"
    return "unknown"


def _cid_fallback() -> FontChoice:
    if CID_FONT in _registered:
        return _registered[CID_FONT]
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont(CID_FONT))
    choice = FontChoice(CID_FONT, None,
                        "No TrueType Japanese font found: the PDF uses the viewer's Japanese "
                        "fonts (HeiseiKakuGo). Install fonts-ipaexfont-gothic or pass --font "
                        "to embed one.")
    _registered[CID_FONT] = choice
    return choice


def missing_glyphs(text: str, font: FontChoice) -> set[str]:
    """Characters of ``text`` the embedded font cannot draw (none for CID fonts)."""
    if font.path is None:
        return set()
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(font.name).face
    return {ch for ch in set(text) if not ch.isspace() and ord(ch) not in face.charToGlyph}


def string_width(text: str, font: FontChoice, size: float) -> float:
    """Width of ``text`` in millimetres at ``size`` points."""
    from reportlab.pdfbase import pdfmetrics

    return pdfmetrics.stringWidth(text, font.name, size) * 25.4 / 72
