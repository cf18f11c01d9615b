"""Dark Hall pieces from ``data/darkhall/pieces.toml``: colours and token sets.

2–4 players take four tokens each (6/1, 4/3, 3/4, 2/5), 5–7 players three
(6/1, 3/4, 2/5); a token's faces sum to 7. A token is named by its colour and
the face it starts with (``red-6``), and starts with that face up, waiting in
front of the entrance.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion import data as shipped_data
from companion.darkhall.state import Token
from companion.errors import InputError
from companion.i18n import _

MIN_PLAYERS, MAX_PLAYERS = 2, 7


@dataclass(frozen=True)
class Colour:
    name: str
    ja: str
    rgb: str
    mark: str  # a shape printed with the colour: circle, square, triangle, …


@cache
def _data() -> dict:
    text = shipped_data.text("darkhall", "pieces.toml")
    import tomllib  # only when the pieces are first read

    return tomllib.loads(text)


def colours() -> tuple[Colour, ...]:
    return tuple(Colour(c["name"], c["ja"], c["rgb"], c["mark"]) for c in _data()["colours"])


def monster_tiles() -> tuple[str, ...]:
    return tuple(_data()["monster"]["tiles"])


def token_faces(players: int) -> tuple[int, ...]:
    """The first faces of one player's tokens for a game of ``players``."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(_("{players} players; Dark Hall is for {low}–{high}", players=players,
                           low=MIN_PLAYERS, high=MAX_PLAYERS))
    return tuple(_data()["tokens"]["2-4" if players <= 4 else "5-7"])


def starting_tokens(players: int) -> tuple[Token, ...]:
    """Every player's tokens, waiting in front of the entrance, in colour order."""
    faces = token_faces(players)
    return tuple(
        Token(f"{colour.name}-{face}", None, face)
        for colour in colours()[:players]
        for face in faces
    )
