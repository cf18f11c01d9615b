"""Message catalogues: ``ja.po`` translates the companion's English messages."""
