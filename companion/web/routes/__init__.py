"""The API of each game, each a ``register(app)`` over the same request helpers."""
