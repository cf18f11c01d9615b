"""Who is winning, and whether the game is over.

A player wins as soon as all but one of their tokens are out: 3 tokens in a
game of 2–4 players, 2 in a game of 5–7 — the number at the start, which the
state records (``players``). The round in which someone meets the condition
is played to its end (the monster's move closes it); if two players meet it,
the first to do so wins, by the order of escapes the state records.

In stage 2 the game also ends when no token is left on the board or waiting,
or when the seven monster moves of stage 2 are made. Then the player with the
most tokens out wins; a tie goes to the one who reached that number first.
A token's player is its id up to the last ``-`` (``red-6`` belongs to ``red``).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.darkhall.state import LAST_ROUND, OUT, State
from companion.errors import InputError
from companion.i18n import _


class Standing(NamedTuple):
    player: str
    out: int
    on_board: int
    waiting: int
    needed: int

    @property
    def won(self) -> bool:
        return self.out >= self.needed


class Outcome(NamedTuple):
    """The game's result so far: ``winner`` once decided, ``over`` once play stops."""

    winner: str | None
    over: bool
    why: str  # how the winner won, or why the game ended (empty while it goes on)
    leaders: tuple[str, ...]  # most tokens out, first to reach that number first


def player_of(token_id: str) -> str:
    return token_id.rsplit("-", 1)[0] if "-" in token_id else token_id


def needed_out(players: int) -> int:
    if not 2 <= players <= 7:
        raise InputError(_("{players} players; Dark Hall is for {low}–{high}", players=players,
                           low=2, high=7))
    return 3 if players <= 4 else 2


def players_of(state: State) -> list[str]:
    """The players the state names, in the order their tokens first appear."""
    names: list[str] = []
    for token in state.tokens:
        if player_of(token.id) not in names:
            names.append(player_of(token.id))
    return names


def needed_for(state: State, players: int | None = None) -> int:
    """Tokens out to win: by ``players``, else the state's, else the players it names."""
    return needed_out(players or state.players or min(7, max(2, len(players_of(state)))))


def standing(state: State, players: int | None = None) -> list[Standing]:
    """Each player's tokens, in the order players first appear in the state.

    ``players`` is the number at the start (default: the state's ``players``,
    else the players its tokens name).
    """
    names = players_of(state)
    needed = needed_for(state, players)
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


def leaders(state: State) -> tuple[str, ...]:
    """The players with the most tokens out, the first to reach that number first."""
    counts: dict[str, int] = {}
    reached: dict[int, list[str]] = {}
    for escape in state.escapes:
        player = player_of(escape.token)
        counts[player] = counts.get(player, 0) + 1
        reached.setdefault(counts[player], []).append(player)
    if not counts:
        return ()
    best = max(counts.values())
    return tuple(p for p in reached[best] if counts[p] == best)


def outcome(state: State, players: int | None = None) -> Outcome:
    """Who has won and whether the game is over, from the order of escapes."""
    needed = needed_for(state, players)
    counts: dict[str, int] = {}
    ahead = leaders(state)
    for escape in state.escapes:
        player = player_of(escape.token)
        counts[player] = counts.get(player, 0) + 1
        if counts[player] == needed:
            over = escape.round < state.round  # the round of the win has been closed
            return Outcome(player, over, _("first to get {count} tokens out", count=needed),
                           ahead)
    ended = _stage_2_over(state)
    if not ended:
        return Outcome(None, False, "", ahead)
    if not ahead:
        return Outcome(None, True, _("{ended}; no token got out", ended=ended), ahead)
    best = counts[ahead[0]]
    return Outcome(ahead[0], True,
                   _("{ended}; most tokens out ({count}), first to reach that number",
                     ended=ended, count=best), ahead)


def _stage_2_over(state: State) -> str:
    """Why stage 2 has ended the game, or empty while it goes on."""
    if state.stage != 2:
        return ""
    if state.round >= LAST_ROUND:
        return _("the seven monster moves of stage 2 are made")
    if not any(t.square != OUT for t in state.tokens):
        return _("no token is left on the board or waiting")
    return ""
