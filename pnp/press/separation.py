"""Colours separated into CMYK for a printing condition.

The project's colours (and a deck's) are sRGB; a print shop prints cyan,
magenta, yellow and black. :class:`Separation` turns each colour into the four
inks through an ICC output profile (LittleCMS, by Pillow's ImageCms; relative
colorimetric with black-point compensation), with the rules prepress follows:

* black (``#000000``) is black ink alone, K100 — text and lines print from one
  plate, so a slight misregistration never shows a coloured fringe; large
  black areas take a *rich black* (C30 M15 Y15 K100 by default) instead, which
  prints deeper;
* neutral greys are black ink alone, of the lightness the profile gives, and
  text or lines of a near-black colour (85 % black or more) are K100;
* no colour takes more than the total ink limit (300 % by default): cyan,
  magenta and yellow give way in proportion, black stays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path

from companion.errors import InputError

CMYK = tuple[float, float, float, float]
K100: CMYK = (0.0, 0.0, 0.0, 1.0)
RICH_BLACK: CMYK = (0.30, 0.15, 0.15, 1.0)
#: Text and lines whose colour separates to this much black or more are black.
NEAR_BLACK = 0.85
#: A black fill larger than this (mm²) is a large area: rich black, not K100.
LARGE_AREA = 100.0
#: The graphics states that turn overprint on and off: name → (key, value) each.
OVERPRINT_STATES = {"pnpOPon": ("OP", True), "pnpoPon": ("op", True), "pnpOPM1": ("OPM", 1),
                    "pnpOPoff": ("OP", False), "pnpoPoff": ("op", False),
                    "pnpOPM0": ("OPM", 0)}
OVERPRINT = {True: ("pnpOPon", "pnpoPon", "pnpOPM1"), False: ("pnpOPoff", "pnpoPoff", "pnpOPM0")}


@dataclass(frozen=True)
class Condition:
    """A registered printing condition (the ICC's registry of characterizations)."""

    key: str  # as --condition names it
    identifier: str  # OutputConditionIdentifier
    name: str  # OutputCondition, for people
    profile: str | None  # the shipped profile of this condition; None: none may ship
    separation: str  # the shipped profile colours are separated with, when none is given


CONDITIONS = {c.key: c for c in (
    Condition("japan-color-2001-coated", "JC200103", "Japan Color 2001 Coated", None,
              "FOGRA39-pnp.icc"),
    Condition("fogra39", "FOGRA39", "Offset printing, ISO 12647-2:2004/Amd 1, coated paper "
              "(paper type 1 or 2), FOGRA39", "FOGRA39-pnp.icc", "FOGRA39-pnp.icc"),
    Condition("gracol2006", "CGATS TR 006", "GRACoL 2006 Coated #1 (CGATS TR 006)",
              "GRACoL2006-pnp.icc", "GRACoL2006-pnp.icc"),
    Condition("swop2006", "CGATS TR 003", "SWOP 2006 Coated #3 (CGATS TR 003)",
              "SWOP2006-pnp.icc", "SWOP2006-pnp.icc"),
)}


def shipped_profile(name: str) -> bytes:
    return resources.files("pnp").joinpath("data", "icc", name).read_bytes()


class Separation:
    """sRGB colours → CMYK for one output profile and ink limit."""

    def __init__(self, profile: bytes, *, ink_limit: float = 300.0,
                 rich_black: CMYK = RICH_BLACK, where: str = "profile") -> None:
        if not 100 <= ink_limit <= 400:
            raise InputError(f"total ink {ink_limit:g} %: between 100 and 400 %")
        self.profile = profile
        self.ink_limit = ink_limit / 100
        self.rich_black = rich_black
        self.where = where
        space = self._output.profile.xcolor_space.strip()
        if space != "CMYK":
            raise InputError(f"an output profile for CMYK printing is needed; this one is "
                             f"for {space}", where)

    @cached_property
    def _cms(self):
        from PIL import ImageCms

        return ImageCms

    @cached_property
    def _output(self):
        import io

        try:
            return self._cms.getOpenProfile(io.BytesIO(self.profile))
        except (OSError, self._cms.PyCMSError) as err:
            raise InputError(f"not an ICC profile ({err})", self.where) from None

    @cached_property
    def _to_cmyk(self):
        cms = self._cms
        return cms.buildTransform(cms.createProfile("sRGB"), self._output, "RGB", "CMYK",
                                  renderingIntent=cms.Intent.RELATIVE_COLORIMETRIC,
                                  flags=cms.Flags.BLACKPOINTCOMPENSATION)

    @cached_property
    def _grey_ramp(self) -> list[float]:
        """L* of black ink alone at 0 … 255, as the profile prints it."""
        from PIL import Image

        cms = self._cms
        to_lab = cms.buildTransform(self._output, cms.createProfile("LAB"), "CMYK", "LAB",
                                    renderingIntent=cms.Intent.RELATIVE_COLORIMETRIC)
        ramp = Image.frombytes("CMYK", (256, 1), bytes(b for k in range(256)
                                                       for b in (0, 0, 0, k)))
        return [to_lab.apply(ramp).getpixel((k, 0))[0] / 2.55 for k in range(256)]

    def ink(self, colour: str, *, area: float = 0.0, line: bool = False) -> CMYK:
        """The inks of ``#rrggbb``; ``area`` (mm²) tells a large black fill; a
        near-black ``line`` (text or a stroke) prints in black ink alone."""
        inks = K100 if colour.lower() in ("#000000", "#000") else self._ink(colour.lower())
        if inks == K100 and area >= LARGE_AREA:
            return self.rich_black  # black ink alone would print a large area greyish
        return K100 if line and inks[3] >= NEAR_BLACK else inks

    @lru_cache(maxsize=4096)  # noqa: B019 (one separation a build; colours are few)
    def _ink(self, colour: str) -> CMYK:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        if r == g == b:
            return (0.0, 0.0, 0.0, self._grey(r))
        return self.limited(self._separated(r, g, b))

    def _separated(self, r: int, g: int, b: int) -> CMYK:
        from PIL import Image

        c, m, y, k = self._to_cmyk.apply(Image.new("RGB", (1, 1), (r, g, b))).getpixel((0, 0))
        return (c / 255, m / 255, y / 255, k / 255)

    def _grey(self, level: int) -> float:
        """Black ink for a grey of ``level``: the K whose L* is the grey's."""
        lightness = _lightness(level)
        ramp = self._grey_ramp
        if lightness >= ramp[0]:
            return 0.0
        for k in range(1, 256):
            if ramp[k] <= lightness:
                share = (ramp[k - 1] - lightness) / max(ramp[k - 1] - ramp[k], 1e-9)
                return round((k - 1 + share) / 255, 2)
        return 1.0

    def limited(self, ink: CMYK) -> CMYK:
        """Cyan, magenta and yellow scaled down so the total stays within the limit;
        every value rounded to whole percent."""
        c, m, y, k = ink
        colour = c + m + y
        room = max(self.ink_limit - k, 0.0)
        if colour > room:
            c, m, y = (v * room / colour for v in (c, m, y))
        return tuple(_floor_percent(v) for v in (c, m, y, k))  # type: ignore[return-value]

    def picture(self, image):
        """A picture (Pillow) separated to CMYK, every pixel within the ink limit."""
        import numpy as np
        from PIL import Image

        cmyk = self._to_cmyk.apply(image.convert("RGB"))
        inks = np.asarray(cmyk, dtype=np.float32) / 255
        room = np.maximum(self.ink_limit - inks[..., 3], 0)
        colour = inks[..., :3].sum(axis=2)
        scale = np.where(colour > room, room / np.maximum(colour, 1e-6), 1.0)
        inks[..., :3] *= scale[..., None]
        return Image.fromarray(np.floor(inks * 255).astype(np.uint8), "CMYK")


def _floor_percent(value: float) -> float:
    """Whole percent, never rounded up (so the total never grows past the limit)."""
    return int(value * 100 + 1e-6) / 100


def _lightness(level: int) -> float:
    """CIE L* of the sRGB grey ``level`` (0 … 255)."""
    c = level / 255
    linear = c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return 116 * linear ** (1 / 3) - 16 if linear > 0.008856 else 903.3 * linear


def separation_for(condition: Condition, icc: Path | None, ink_limit: float,
                   rich_black: CMYK = RICH_BLACK) -> Separation:
    """The separation of a build: the given profile, else the condition's shipped one."""
    if icc is not None:
        try:
            data = icc.read_bytes()
        except OSError as err:
            raise InputError(err.strerror or "cannot be read", str(icc)) from None
        return Separation(data, ink_limit=ink_limit, rich_black=rich_black, where=str(icc))
    return Separation(shipped_profile(condition.separation), ink_limit=ink_limit,
                      rich_black=rich_black, where=condition.separation)
