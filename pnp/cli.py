"""The ``pnp`` command: print games as PDFs."""

from __future__ import annotations

import click

from pnp import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """Print tabletop games: play sheets, boards, tiles and cards as print-ready PDFs."""
