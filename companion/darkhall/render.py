"""The Dark Hall board drawn as text: unicode by default, plain ASCII on request.

Each square is three columns wide; tokens show the first letter of their id
and the face showing (``r6``), a wide first letter filling the square (``赤6``);
the legend under the board names every token and says which stand on blood.
"""

from __future__ import annotations

from companion.darkhall.board import CELL, ENTRANCE, EXIT, HEIGHT, NAME, WIDTH
from companion.darkhall.state import OUT, State
from companion.grid import column_letters
from companion.i18n import _
from companion.text import display_width, rjust

_GLYPHS = {
    "unicode": {"empty": " · ", "stone": " ■ ", "blood": "≈≈≈", "N": " ▲ ", "E": " ▶ ",
                "S": " ▼ ", "W": " ◀ ", "exit": "out", "entrance": " in"},
    "ascii": {"empty": " . ", "stone": "[#]", "blood": "~~~", "N": " ^ ", "E": " > ",
              "S": " v ", "W": " < ", "exit": "out", "entrance": " in"},
}


def token_label(token_id: str, face: int, *, ascii_only: bool = False) -> str:
    """``r6``: the id's first letter (``*`` in ASCII for any other) and the face."""
    first = token_id[0]
    return f"{'*' if ascii_only and not first.isascii() else first}{face}"


def draw(state: State, *, ascii_only: bool = False) -> str:
    """The board with column letters and row numbers, then a legend."""
    glyphs = _GLYPHS["ascii" if ascii_only else "unicode"]
    labels = {t.square: token_label(t.id, t.face, ascii_only=ascii_only)
              for t in state.tokens if t.on_board}
    header = ("    " + "".join(f"{column_letters(x):^3}" for x in range(WIDTH))).rstrip()
    lines = [header]
    for y in range(HEIGHT):
        row = "".join(_square(NAME.get((x, y)), state, labels, glyphs) for x in range(WIDTH))
        lines.append(f"{y + 1:>3} {row}".rstrip())
    lines.extend(legend(state, ascii_only=ascii_only))
    return "\n".join(lines)


def _square(square: str | None, state: State, labels: dict[str | None, str],
            glyphs: dict[str, str]) -> str:
    if square is None:
        return "   "
    if square == state.monster.square:
        return glyphs[state.monster.facing]
    if square in state.stones:
        return glyphs["stone"]
    if square in labels:
        label = labels[square]
        room = 3 - display_width(label)  # a wide letter leaves no room for the blood mark
        blood = glyphs["blood"][0] if square in state.blood else " "
        return (blood * room if room > 0 else "") + label
    if square in state.blood:
        return glyphs["blood"]
    if square == EXIT:
        return glyphs["exit"] if glyphs is _GLYPHS["ascii"] else rjust(_("out"), 3)
    if square == ENTRANCE:
        return glyphs["entrance"] if glyphs is _GLYPHS["ascii"] else rjust(_("in"), 3)
    return glyphs["empty"]


def legend(state: State, *, ascii_only: bool = False) -> list[str]:
    lines = [_("monster {square} facing {facing}, stage {stage}", square=state.monster.square,
               facing=state.monster.facing, stage=state.stage)]
    on_board = sorted((t for t in state.tokens if t.on_board), key=lambda t: CELL[t.square][::-1])
    if on_board:
        lines.append(_("tokens  {tokens}", tokens=", ".join(
            (_("{label} {id} on {square} (blood)", label=label, id=t.id, square=t.square)
             if t.square in state.blood else
             _("{label} {id} on {square}", label=label, id=t.id, square=t.square))
            for t in on_board
            for label in [token_label(t.id, t.face, ascii_only=ascii_only)])))
    waiting = [t.id for t in state.tokens if t.square is None]
    if waiting:
        lines.append(_("waiting in front of the entrance: {tokens}", tokens=", ".join(waiting)))
    escaped = [t.id for t in state.tokens if t.square == OUT]
    if escaped:
        lines.append(_("out: {tokens}", tokens=", ".join(escaped)))
    return lines
