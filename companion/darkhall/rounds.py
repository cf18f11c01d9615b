"""Rounds: the players move their tokens, then the monster moves and the round ends.

* Round 1: each player moves only two tokens (a move of 0 counts); from round
  2 every token on the board or waiting moves once (0 allowed).
* No token moves twice in a round, and nothing moves once the game is over.
* The monster's move closes the round: every token that has not moved is
  flipped (a move of 0 — in round 1 the tokens left waiting too), the monster
  moves, and the next round begins. After round 7 the game is in stage 2.

:func:`take_turn` and :func:`end_round` are pure: state in, result out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.darkhall.monster import MoveResult, resolve_monster
from companion.darkhall.standing import outcome, player_of
from companion.darkhall.state import LAST_ROUND, OUT, Escape, State, Token, with_round
from companion.darkhall.tokens import TokenMove, move_token
from companion.errors import IllegalMove
from companion.i18n import _

FIRST_ROUND_TOKENS = 2


@dataclass(frozen=True)
class RoundEnd:
    round: int  # the round the monster's move closed
    flipped: tuple[str, ...]  # tokens that had not moved: flipped as a move of 0
    monster: MoveResult
    state: State  # the next round's state

    @property
    def stage_1_over(self) -> bool:
        return self.monster.before.stage == 1 and self.state.stage == 2


def refuse_if_over(state: State) -> None:
    result = outcome(state)
    if result.over:
        who = _("{player} has won ({why})", player=result.winner, why=result.why) \
            if result.winner else result.why
        raise IllegalMove(_("the game is over: {who}", who=who))


def take_turn(state: State, token_id: str, path: list[str] | tuple[str, ...]) -> TokenMove:
    """Check and make one token's move in the current round, recording it."""
    refuse_if_over(state)
    token = state.token(token_id)
    if token_id in state.moved:
        raise IllegalMove(_("{token} has already moved in round {round}; the round ends with "
                            "the monster's move", token=token_id, round=state.round))
    if state.round == 1:
        mine = [t for t in state.moved if player_of(t) == player_of(token_id)]
        if len(mine) >= FIRST_ROUND_TOKENS:
            raise IllegalMove(_("in round 1 each player moves only {count} tokens; {player} has "
                                "moved {moved}", count=FIRST_ROUND_TOKENS,
                                player=player_of(token_id), moved=_(" and ").join(mine)))
    made = move_token(state, token_id, path)
    after = replace(made.state, moved=(*made.state.moved, token_id))
    if made.squares and made.squares[-1] == OUT and token.square != OUT:
        after = replace(after, escapes=(*after.escapes, Escape(token_id, state.round)))
    return replace(made, state=after)


def end_round(state: State, tile: str) -> RoundEnd:
    """Flip the tokens that did not move, move the monster, begin the next round."""
    refuse_if_over(state)
    if state.round >= LAST_ROUND:
        raise IllegalMove(_("the seven monster moves of stage 2 are made"))
    flipped = tuple(t.id for t in state.tokens if t.square != OUT and t.id not in state.moved)
    turned = state.with_tokens([_flip(t) if t.id in flipped else t for t in state.tokens])
    result = resolve_monster(turned, tile)
    return RoundEnd(state.round, flipped, result, with_round(result.state, state.round + 1))


def _flip(token: Token) -> Token:
    return replace(token, face=7 - token.face)
