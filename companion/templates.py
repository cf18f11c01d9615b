"""Where the shipped templates are: ``templates/`` beside the packages in a
checkout (and an editable install), ``share/pnp-companion/templates`` under the
installation's prefix once installed from a wheel. Both faces read them: pnp its
deck templates, ``companion serve`` its web pages."""

from __future__ import annotations

import site
import sys
from pathlib import Path

SHARED = Path("share") / "pnp-companion" / "templates"


def template_dir() -> Path:
    """The folder holding ``decks/`` and ``web/``."""
    checkout = Path(__file__).resolve().parents[1] / "templates"
    candidates = [checkout, Path(sys.prefix) / SHARED, Path(site.getuserbase()) / SHARED]
    return next((c for c in candidates if c.is_dir()), checkout)
