"""pnp-companion's paper side: print-ready PDFs and SVG previews from companion's models."""

from companion import __version__

__all__ = ["__version__"]
