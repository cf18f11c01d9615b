"""Fonts: a TrueType CJK font embedded and subset when one is found, reportlab's
built-in Japanese CID fonts otherwise (with one notice), and a clear message
for OpenType-CFF fonts, which reportlab cannot embed.
"""

from __future__ import annotations

import itertools
import os
import struct
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
        # not "ASCII readable": a subset holds the characters used, not all of ASCII
        font = TTFont(name, key, asciiReadable=False)
    except TTFError as err:
        raise InputError(f"cannot be used: {err}", key) from None
    if not _tricky(font.face.familyName):
        make_subset = font.face.makeSubset  # embedded subsets leave the hints out
        font.face.makeSubset = lambda subset: strip_hints(make_subset(subset))
    pdfmetrics.registerFont(font)
    choice = FontChoice(name, key, None)
    _registered[key] = choice
    return choice


#: Families whose glyphs are built by their hinting programs (FreeType's "tricky"
#: fonts, mostly older Chinese ones): they keep their hints.
TRICKY_FAMILIES = ("cpop", "DFGirl", "DFGothic", "DFGyoSho", "DFHei", "DFHSGothic",
                   "DFHSMincho", "DFKaiSho", "DFKaiShu", "DFKai-SB", "DFMing", "DLC",
                   "HuaTianKaiTi", "HuaTianSongTi", "Ming(for ASUS)", "MingLiU",
                   "MingMedium", "PMingLiU", "MingLi43")


def _tricky(family: bytes | str) -> bool:
    name = family.decode("latin-1") if isinstance(family, bytes) else family
    return name.startswith(TRICKY_FAMILIES)


def strip_hints(font: bytes) -> bytes:
    """A TrueType font without its hinting: no ``fpgm``, ``prep`` or ``cvt `` table
    and no instructions in any glyph. Hints fit outlines to a screen's pixel grid;
    on paper (and in PDF viewers, which mostly ignore them) the outlines are the
    same, and a subset of a Japanese font is about a third smaller without them.
    A font whose tables cannot be read this way is returned as it is."""
    from reportlab.pdfbase.ttfonts import TTFontMaker

    try:
        tables = _tables(font)
        head = tables["head"]
        glyphs = _glyphs(tables["glyf"], tables["loca"], long=head[50:52] == b"\0\1")
        stripped = [_pad4(_unhinted(glyph)) for glyph in glyphs]
    except (KeyError, IndexError, struct.error):
        return font  # embedded with its hints: they cost bytes, not correctness
    offsets = [0]
    for glyph in stripped:
        offsets.append(offsets[-1] + len(glyph))
    short = offsets[-1] // 2 <= 0xFFFF
    tables["glyf"] = b"".join(stripped)
    tables["loca"] = (struct.pack(f">{len(offsets)}H", *(o // 2 for o in offsets)) if short
                      else struct.pack(f">{len(offsets)}L", *offsets))
    tables["head"] = head[:50] + (b"\0\0" if short else b"\0\1") + head[52:]
    maker = TTFontMaker()
    for tag, data in tables.items():
        if tag not in ("fpgm", "prep", "cvt "):
            maker.add(tag, data)
    return maker.makeStream()


def _tables(font: bytes) -> dict[str, bytes]:
    count = struct.unpack_from(">H", font, 4)[0]
    tables = {}
    for i in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sLLL", font, 12 + 16 * i)
        tables[tag.decode("latin-1")] = font[offset:offset + length]
    return tables


def _glyphs(glyf: bytes, loca: bytes, *, long: bool) -> list[bytes]:
    if long:
        offsets = struct.unpack(f">{len(loca) // 4}L", loca)
    else:
        offsets = [2 * o for o in struct.unpack(f">{len(loca) // 2}H", loca)]
    return [glyf[start:end] for start, end in itertools.pairwise(offsets)]


_MORE_COMPONENTS, _WORD_ARGS, _INSTRUCTIONS = 0x20, 0x1, 0x100
_SCALE_SIZES = ((0x8, 2), (0x40, 4), (0x80, 8))  # a scale, x and y scales, a 2 × 2


def _unhinted(glyph: bytes) -> bytes:
    if not glyph:
        return glyph
    contours = struct.unpack_from(">h", glyph)[0]
    if contours >= 0:  # a simple glyph: its instructions follow the contour ends
        at = 10 + 2 * contours
        length = struct.unpack_from(">H", glyph, at)[0]
        points = struct.unpack_from(">H", glyph, at - 2)[0] + 1 if contours else 0
        start = at + 2 + length
        return glyph[:at] + b"\0\0" + glyph[start:_outline_end(glyph, start, points)]
    at, flags = 10, _MORE_COMPONENTS  # a composite: instructions after the last part
    while flags & _MORE_COMPONENTS:
        last = at
        flags = struct.unpack_from(">H", glyph, at)[0]
        at += 4 + (4 if flags & _WORD_ARGS else 2)
        at += next((size for bit, size in _SCALE_SIZES if flags & bit), 0)
    if not flags & _INSTRUCTIONS:
        return glyph
    return (glyph[:last] + struct.pack(">H", flags & ~_INSTRUCTIONS) + glyph[last + 2:at])


def _outline_end(glyph: bytes, at: int, points: int) -> int:
    """Where a simple glyph's flags (from ``at``) and coordinates end."""
    xs = ys = 0
    while points > 0:
        flag, at = glyph[at], at + 1
        repeat = 1
        if flag & 0x8:
            repeat, at = 1 + glyph[at], at + 1
        xs += repeat * (1 if flag & 0x2 else 0 if flag & 0x10 else 2)
        ys += repeat * (1 if flag & 0x4 else 0 if flag & 0x20 else 2)
        points -= repeat
    return at + xs + ys


def _pad4(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


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


def refuse_missing(missing: dict[str, str], what: str) -> None:
    """A character the font cannot draw fails the build (it would print as an empty box),
    naming the piece of text it is in; nothing is written."""
    if not missing:
        return
    from companion.errors import InputError

    shown = "; ".join(f"{char!r} (U+{ord(char):04X}) in {text[:60]!r}"
                      for char, text in sorted(missing.items()))
    raise InputError(f"the font has no glyph for {shown}: it would print as an empty box; "
                     "nothing was written (change the text, or give --font a font that has "
                     "it)", what)
