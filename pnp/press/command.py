"""``pnp check``: a PDF checked as a print shop checks it, before it is sent."""

from __future__ import annotations

import json
from pathlib import Path

import click

from companion.errors import InputError
from companion.shell import LazyPath

SHOWN = 40  # findings listed; --json gives them all


@click.command("check")
@click.argument("pdf_file", metavar="FILE.pdf", type=LazyPath(dir_okay=False))
@click.option("--bleed", default=3.0, show_default=True, type=click.FloatRange(0, 10),
              help="mm of bleed the shop needs beyond the trim.")
@click.option("--safe", default=3.0, show_default=True, type=click.FloatRange(0, 10),
              help="mm inside the trim kept clear of text (5 for shops that ask it).")
@click.option("--ink-limit", default=300.0, show_default=True,
              type=click.FloatRange(100, 400), help="The most total ink, in %.")
@click.option("--dpi", default=300.0, show_default=True, type=click.FloatRange(72, 2400),
              help="The least resolution of pictures at their printed size.")
@click.option("--json", "as_json", is_flag=True, help="The findings as JSON.")
def check_command(pdf_file: Path, bleed: float, safe: float, ink_limit: float, dpi: float,
                  as_json: bool) -> None:
    """Check FILE.pdf as a print shop would: a TrimBox on every page and bleed
    beyond it, no text near the trim, CMYK only (no RGB, no registration black,
    total ink within the limit, small text not in rich black), pictures sharp
    enough at their size, every font embedded, and no transparency in PDF/X-1a.

    Each finding names its page (and its piece, where the file labels its
    pages, as print-shop files from pnp do) and where on it, in mm from the
    trim's top-left.
    Exit status 0 when nothing is found, 2 otherwise. Every --press and --for
    build is checked like this before it is written.

    \b
    Examples:
      pnp check output/poker-press.pdf
      pnp check cards.pdf --bleed 3.175 --safe 3.175 --ink-limit 240
    """
    from pnp.press.preflight import Rules, check

    try:
        data = pdf_file.read_bytes()
    except FileNotFoundError:
        raise InputError("no such file", str(pdf_file)) from None
    except OSError as err:
        raise InputError(err.strerror or "cannot be read", str(pdf_file)) from None
    if not data.startswith(b"%PDF-"):
        raise InputError("not a PDF file", str(pdf_file))
    findings = check(data, Rules(bleed, safe, ink_limit, dpi), source=str(pdf_file))
    if as_json:
        click.echo(json.dumps({"file": str(pdf_file), "passed": not findings,
                               "findings": [{"page": f.page, "piece": f.piece, "what": f.what,
                                             "at": f.where}
                                            for f in findings]}, ensure_ascii=False,
                              indent=1))
    else:
        for finding in findings[:SHOWN]:
            click.echo(str(finding))
        if len(findings) > SHOWN:
            click.echo(f"… and {len(findings) - SHOWN} more (--json lists them all)")
        pages = {f.page for f in findings}
        click.echo(f"{pdf_file}: {len(findings)} finding{'s' * (len(findings) != 1)} on "
                   f"{len(pages)} page{'s' * (len(pages) != 1)}" if findings else
                   f"{pdf_file}: nothing a print shop would refuse", err=True)
    if findings:
        raise SystemExit(2)
