"""Print-shop output: CMYK separation, PDF/X, preflight and the shops' own forms.

``--press`` makes any build a print file: every colour separated to CMYK for a
printing condition (:mod:`pnp.press.separation`), the file made PDF/X
(:mod:`pnp.press.pdfx`) and checked as a shop would (:mod:`pnp.press.preflight`)
before it is written. ``--for SHOP`` does the same in the form a shop asks for
(:mod:`pnp.press.shops`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from companion.errors import InputError
from pnp.press.separation import CONDITIONS, RICH_BLACK, Separation


@dataclass(frozen=True)
class Press:
    """How a print file is made: the printing condition and the shop's limits."""

    condition: str = "japan-color-2001-coated"
    pdfx: str | None = None  # "x4", "x1a", "x1a2003"; None: X-4 with a profile, else X-1a
    icc: str | None = None  # an output profile of one's own
    ink_limit: float = 300.0  # %
    safe: float = 3.0  # mm kept clear of text inside the trim
    bleed: float = 3.0  # mm the shop needs beyond the trim
    dpi: float = 300.0  # the least resolution of pictures at their printed size
    rich_black: tuple[float, float, float, float] = RICH_BLACK  # for large black fills

    def check(self) -> None:
        if self.condition not in CONDITIONS:
            raise InputError(f"--condition {self.condition!r}; choose "
                             f"{', '.join(CONDITIONS)}")
        if not 100 <= self.ink_limit <= 400:
            raise InputError(f"--ink-limit {self.ink_limit:g}: 100 to 400 %")
        if sum(self.rich_black) * 100 > self.ink_limit + 1e-6:
            shown = ",".join(f"{v * 100:g}" for v in self.rich_black)
            raise InputError(f"--rich-black {shown}: {sum(self.rich_black) * 100:g} % of ink, "
                             f"over the limit of {self.ink_limit:g} %")
        if self.pdfx == "x4" and self.icc is None and self._condition.profile is None:
            raise InputError(f"PDF/X-4 embeds the output profile, and none may ship for "
                             f"{self._condition.name}: give --icc with the condition's "
                             "profile (the print shop's, or your design program's), or "
                             "--pdfx x1a, which names the condition without its profile")

    @property
    def _condition(self):
        return CONDITIONS[self.condition]

    @property
    def version(self) -> str:
        if self.pdfx is not None:
            return self.pdfx
        return "x4" if self.icc is not None or self._condition.profile else "x1a"

    def separation(self) -> Separation:
        from pnp.press.separation import separation_for

        return separation_for(self._condition, Path(self.icc) if self.icc else None,
                              self.ink_limit, self.rich_black)


class Presswork:
    """One build's press machinery: the separation made once, files finished."""

    def __init__(self, press: Press) -> None:
        press.check()
        self.press = press

    @cached_property
    def separation(self) -> Separation:
        return self.press.separation()

    def finish(self, data: bytes, title: str, what: str, labels: list[str] | None = None
               ) -> bytes:
        """reportlab's CMYK PDF as a PDF/X file, refused with every finding when the
        preflight finds anything the shop would."""
        from pnp.press.pdfx import Intent, make_pdfx
        from pnp.press.preflight import Rules, check
        from pnp.press.separation import shipped_profile

        press = self.press
        condition = CONDITIONS[press.condition]
        # the output profile goes in wherever there is one (PDF/X-1a may carry it too)
        profile = self.separation.profile if press.icc else (
            shipped_profile(condition.profile) if condition.profile else None)
        made = make_pdfx(data, Intent(press.version, condition, profile), title, labels)
        rules = Rules(press.bleed, press.safe, press.ink_limit, press.dpi)
        findings = check(made, rules, source=what)
        if findings:
            shown = [f"  {finding}" for finding in findings[:20]]
            more = len(findings) - len(shown)
            raise InputError("the print file would not pass a print shop's checks (nothing "
                             "was written):\n" + "\n".join(shown)
                             + (f"\n  … and {more} more" if more > 0 else ""), what)
        return made
