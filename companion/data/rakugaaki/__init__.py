"""Rakugaaki boards shipped with the project (the project's own design)."""
