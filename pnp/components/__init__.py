"""One module per game: its components drawn from companion's models."""
