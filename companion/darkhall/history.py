"""A state's history: every change the table made, so that it can be taken back.

Each command that makes a new state from an old one (a token's move, the
monster's move, a draw from the deck) records a :class:`~companion.darkhall.state.Change`:
what was done and the keys of the state as they were. :func:`undo` puts them
back. A change made by a draw from the deck names its tile, so undoing it
puts the tile back in the game file too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from companion.darkhall.state import Change, State, from_dict, to_dict
from companion.errors import InputError
from companion.i18n import _

if TYPE_CHECKING:
    from companion.darkhall import deck as decks


def recorded(before: State, after: State, did: str, *, drawn: str | None = None) -> State:
    """``after``, with the change from ``before`` added to the history it carries on."""
    old, new = to_dict(before, history=False), to_dict(after, history=False)
    was = {key: old.get(key) for key in {**old, **new} if old.get(key) != new.get(key)}
    return replace(after, history=(*before.history, Change(did, was, drawn)))


def undo(state: State, where: str) -> tuple[State, Change]:
    """The state before its last change, and that change."""
    if not state.history:
        raise InputError(_("nothing to undo: the state has no recorded changes"), where)
    change = state.history[-1]
    restored = from_dict({**to_dict(state, history=False), **change.was}, f"{where}: history")
    return replace(restored, history=state.history[:-1]), change


def undraw(game: decks.Game, change: Change, where: str) -> decks.Game:
    """The game file with the tile of ``change`` back in the deck."""
    if change.drawn is None:
        raise InputError(_("the last change ({did}) did not draw from the deck; undo it "
                           "without --game", did=change.did), where)
    if not game.drawn or game.drawn[-1].tile != change.drawn:
        last = game.drawn[-1].tile if game.drawn else _("nothing")
        raise InputError(_("the last tile drawn is {last}, not {tile}: this is not the state's "
                           "game file", last=last, tile=change.drawn), where)
    return replace(game, drawn=game.drawn[:-1])
