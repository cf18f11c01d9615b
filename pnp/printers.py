"""Printer profiles: the back offset a printer needs, measured once with the calibration
page and used by name afterwards (``pnp calibrate --printer NAME --save DX,DY``, then
``pnp build GAME --printer NAME``).

Profiles live in ``printers.toml`` in the user's configuration folder
(``$XDG_CONFIG_HOME/pnp-companion``, else ``~/.config/pnp-companion``), one entry per
printer, paper and flip edge::

    [home.a4.long]
    back_offset = [0.5, -1.0]
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from companion.errors import InputError

NAME = re.compile(r"[\w.-]{1,40}")
MOST = 10.0  # mm: an offset beyond this is a misread ruler, not a printer


def profiles_path() -> Path:
    """Where the profiles are kept."""
    home = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(home) / "pnp-companion" / "printers.toml"


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise InputError(f"--printer {name!r}: a name of letters, digits, '.', '-' or '_' "
                         "(at most 40)")
    return name


def load() -> dict:
    """Every saved profile: {printer: {paper: {edge: (dx, dy)}}}."""
    from companion.files import parse_toml, read_text

    path = profiles_path()
    if not path.is_file():
        return {}
    data = parse_toml(read_text(path), str(path))
    found: dict = {}
    for printer, papers in data.items():
        for paper, edges in (papers.items() if isinstance(papers, dict) else ()):
            for edge, entry in (edges.items() if isinstance(edges, dict) else ()):
                found.setdefault(printer, {}).setdefault(paper, {})[edge] = _offset(
                    entry, f"{path}: {printer}.{paper}.{edge}")
    return found


def _offset(entry: object, where: str) -> tuple[float, float]:
    offset = entry.get("back_offset") if isinstance(entry, dict) else None
    if (not isinstance(offset, list) or len(offset) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in offset)):
        raise InputError("back_offset is two numbers in mm, like [0.5, -1.0]", where)
    return float(offset[0]), float(offset[1])


def offset_for(printer: str, paper: str, edge: str) -> tuple[float, float]:
    """The back offset saved for ``printer`` on ``paper`` flipped on ``edge``."""
    saved = load().get(check_name(printer), {})
    if edge in saved.get(paper, {}):
        return saved[paper][edge]
    known = ", ".join(f"{p} {e}" for p, edges in sorted(saved.items()) for e in sorted(edges))
    hint = f"saved: {known}" if known else "none saved for it"
    raise InputError(f"--printer {printer}: no back offset for {paper} paper flipped on the "
                     f"{edge} edge ({hint}); print 'pnp calibrate --paper {paper} --duplex "
                     f"{edge}' and save what it reads with --printer {printer} --save DX,DY")


def save(printer: str, paper: str, edge: str, offset: tuple[float, float]) -> Path:
    """Keep ``offset`` for the printer, paper and edge (the other profiles unchanged)."""
    from companion.files import write_atomic

    if not all(abs(v) <= MOST for v in offset):
        raise InputError(f"--save {offset[0]:g},{offset[1]:g}: an offset of at most {MOST:g} mm "
                         "each way (read the rulers again)")
    profiles = load()
    profiles.setdefault(check_name(printer), {}).setdefault(paper, {})[edge] = offset
    path = profiles_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, _toml(profiles).encode("utf-8"))
    return path


def _toml(profiles: dict) -> str:
    lines = ["# Printer profiles of pnp-companion: the back offset measured with",
             "# pnp calibrate, by printer, paper and flip edge.", ""]
    for printer, papers in sorted(profiles.items()):
        for paper, edges in sorted(papers.items()):
            for edge, (dx, dy) in sorted(edges.items()):
                lines += [f'["{printer}".{paper}.{edge}]', f"back_offset = [{dx!r}, {dy!r}]", ""]
    return "\n".join(lines)
