"""Where the shipped templates are (the locator lives in :mod:`companion.templates`,
which the web pages use too)."""

from companion.templates import SHARED, template_dir

__all__ = ["SHARED", "template_dir"]
