"""pnp-companion: the games' rules, models and shipped data (pure Python)."""

__version__ = "0.1.0"
