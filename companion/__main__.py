"""``python -m companion``."""

from companion.cli import main

main()
