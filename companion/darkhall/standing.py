"""Who is winning: tokens out per player against the winning condition.

A player wins as soon as all but one of their tokens are out: 3 tokens in a
game of 2–4 players, 2 in a game of 5–7. A token's player is its id up to the
last ``-`` (``red-6`` belongs to ``red``). When stage 2 ends the game, the
player with the most tokens out wins; who got there first breaks a tie, which
the table remembers (a state does not record the order of escapes).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.darkhall.state import OUT, State
from companion.errors import InputError


@dataclass(frozen=True)
class Standing:
    player: str
    out: int
    on_board: int
    waiting: int
    needed: int

    @property
    def won(self) -> bool:
        return self.out >= self.needed


def player_of(token_id: str) -> str:
    return token_id.rsplit("-", 1)[0] if "-" in token_id else token_id


def needed_out(players: int) -> int:
    if not 2 <= players <= 7:
        raise InputError(f"{players} players; Dark Hall is for 2–7")
    return 3 if players <= 4 else 2


def standing(state: State, players: int | None = None) -> list[Standing]:
    """Each player's tokens, in the order players first appear in the state.

    ``players`` is the number at the table (default: the players the state
    names, which is too few once a player has lost every token in stage 2).
    """
    names: list[str] = []
    for token in state.tokens:
        if player_of(token.id) not in names:
            names.append(player_of(token.id))
    needed = needed_out(players or max(2, len(names)))
    result = []
    for name in names:
        mine = [t for t in state.tokens if player_of(t.id) == name]
        result.append(Standing(
            name,
            out=sum(1 for t in mine if t.square == OUT),
            on_board=sum(1 for t in mine if t.on_board),
            waiting=sum(1 for t in mine if t.square is None),
            needed=needed,
        ))
    return result


def leaders(table: list[Standing]) -> list[str]:
    """The players with the most tokens out (the stage-2 end), in state order."""
    best = max((s.out for s in table), default=0)
    return [s.player for s in table if s.out == best and best > 0]
