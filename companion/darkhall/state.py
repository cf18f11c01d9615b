"""A Dark Hall position: the monster, stones, blood pools, tokens and the stage.

Three written forms, all read back to the same :class:`State`:

* JSON (the documented state file, ``docs/darkhall.md``)::

    {"monster": {"square": "a1", "facing": "E"}, "stones": ["c3", …],
     "pools": [["i3", "j3", "i4", "j4"], …],
     "tokens": [{"id": "red-6", "square": "f1", "face": 6}], "stage": 1}

* the same keys in TOML;
* a short text form, one thing per line::

    stage 1
    monster a1 E
    stones c3 m4 h5
    pools i3:j4 e9:h9       # each pool as a range; an empty line: no pools
    token red-6 f1 6
    token blue-2 - 2        # '-' waits in front of the entrance, 'out' escaped
    round 3
    players 3
    moved red-6
    escapes blue-4@2        # token@round, in the order they escaped

Omitted keys take the basic setup's value. A token's ``square`` is a square,
``null`` (waiting in front of the entrance) or ``"out"`` (escaped); ``face``
is the number showing, and may be omitted when the id ends in it (``red-6``).

The game's bookkeeping: ``round`` (1–15; rounds 1–7 are stage 1, 8–14 stage
2, 15 means the seven monster moves of stage 2 are done), the tokens ``moved``
in this round, the number of ``players`` at the start, and ``escapes`` — the
order in which tokens got out, each with its round.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

from companion import data as shipped_data
from companion.darkhall.board import CELL, CORNERS, NEXT, ORDER, parse_square
from companion.errors import InputError, refuse_unknown_keys
from companion.files import dump_json, parse_json, parse_toml, read_text
from companion.grid import HEADINGS, Rect, cell_name, parse_range
from companion.i18n import _

OUT = "out"
MAX_STONES = 11
#: Rounds 1–7 are stage 1 (one monster move each); 8–14 stage 2; 15: all moves made.
STAGE_2_ROUND = 8
LAST_ROUND = 15
_ID = re.compile(r"\S{1,40}")
_FACE_IN_ID = re.compile(r"-([1-6])$")


class Monster(NamedTuple):
    square: str
    facing: str


@dataclass(frozen=True)
class Token:
    """A player token: ``square`` is a square, ``None`` (waiting) or ``OUT``."""

    id: str
    square: str | None
    face: int

    @property
    def on_board(self) -> bool:
        return self.square is not None and self.square != OUT


class Escape(NamedTuple):
    """A token that got out, and the round it did."""

    token: str
    round: int


class Change(NamedTuple):
    """One step of a state's history: what was done (``move red-6 p11 p10``,
    ``monster 10``), the state's keys as they were before it, and the tile
    when it came from the deck (so that undoing it puts the tile back)."""

    did: str
    was: dict[str, Any]
    drawn: str | None = None


@dataclass(frozen=True)
class State:
    monster: Monster
    stones: tuple[str, ...]
    pools: tuple[tuple[str, ...], ...]
    tokens: tuple[Token, ...] = ()
    stage: int = 1
    round: int = 1
    moved: tuple[str, ...] = ()  # tokens that have moved in this round
    players: int | None = None  # players at the start (None: as the tokens name them)
    escapes: tuple[Escape, ...] = ()  # in the order the tokens got out
    #: The changes that led here, oldest first (``companion darkhall undo``).
    history: tuple[Change, ...] = field(default=(), compare=False, repr=False)

    @property
    def blood(self) -> frozenset[str]:
        """Every blood-pool square."""
        return _blood(self.pools)

    def token(self, token_id: str) -> Token:
        for token in self.tokens:
            if token.id == token_id:
                return token
        known = ", ".join(t.id for t in self.tokens) or _("none")
        raise InputError(_("no token {token!r} (tokens: {known})", token=token_id, known=known))

    def occupant(self, square: str) -> str | None:
        """``"monster"``, ``"stone"``, a token id, or ``None`` for an empty square."""
        if square == self.monster.square:
            return "monster"
        if square in self.stones:
            return "stone"
        for token in self.tokens:
            if token.square == square:
                return token.id
        return None

    def with_tokens(self, tokens: list[Token] | tuple[Token, ...]) -> State:
        return replace(self, tokens=tuple(tokens))

    def moved_on(self, **changes: Any) -> State:
        """This state with some fields changed, like ``dataclasses.replace`` but
        without running ``__init__`` again: every field is the state's own or one
        the caller made (the resolver's new state, once a move, at a third the cost)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__, **changes)
        return new


@lru_cache(maxsize=64)
def _blood(pools: tuple[tuple[str, ...], ...]) -> frozenset[str]:
    """The squares of the pools, made once for each set of pools (a game has one)."""
    return frozenset(square for pool in pools for square in pool)


def canonical(squares: list[str] | tuple[str, ...] | set[str]) -> tuple[str, ...]:
    """Squares in reading order, the order every written form uses."""
    return tuple(sorted(squares, key=ORDER.__getitem__))


# --- reading --------------------------------------------------------------


def basic_setup() -> State:
    """The basic setup: the default state, read from the shipped data file."""
    return _shipped("basic")


def _shipped(name: str) -> State:
    text = shipped_data.text("darkhall", f"{name}.json")
    return from_dict(parse_json(text, f"{name}.json"), f"{name}.json", defaults=None)


SHIPPED = ("basic", "sample")


def load(source: str, *, pool_checks: bool = True) -> State:
    """A state from a file (JSON, TOML or text form) or a shipped name."""
    if source in SHIPPED and not os.path.exists(source):
        return _shipped(source)
    text = read_text(source)
    return parse(text, source, pool_checks=pool_checks)


def parse(text: str, where: str, *, pool_checks: bool = True) -> State:
    """Parse a state in any of its three forms (chosen by name, then by content)."""
    stripped = text.lstrip()
    if where.endswith(".toml"):
        return from_dict(parse_toml(text, where), where, pool_checks=pool_checks)
    if where.endswith(".json") or stripped.startswith("{"):
        return from_dict(parse_json(text, where), where, pool_checks=pool_checks)
    return from_text(text, where, pool_checks=pool_checks)


_KEYS = ("monster", "stones", "pools", "tokens", "stage", "round", "moved", "players",
         "escapes")
_OPTIONAL = ("tokens", "round", "moved", "players", "escapes")
MAX_HISTORY = 1000


def from_dict(data: Any, where: str, defaults: State | str | None = "basic", *,
              pool_checks: bool = True) -> State:
    """Build and validate a :class:`State` from the JSON/TOML object.

    ``pool_checks=False`` reads pools that break the geometry rules, so that a
    manual setup can be checked and *every* problem listed.
    """
    if not isinstance(data, dict):
        raise InputError(_("a state is an object with keys {keys}", keys=", ".join(_KEYS)), where)
    refuse_unknown_keys(sorted(data), (*_KEYS, "history"), where)
    base = basic_setup() if defaults == "basic" else defaults
    missing = [k for k in _KEYS if k not in data and k not in _OPTIONAL]
    if base is None and missing:
        raise InputError(_("missing key {key!r}", key=missing[0]), where)
    fields = {key: data[key] for key in _KEYS if key in data}
    stage, round_ = _stage_and_round(fields, base, where)
    tokens = _tokens(fields.get("tokens", []), where)
    state = State(
        monster=_monster(fields["monster"], where) if "monster" in fields else base.monster,
        stones=_stones(fields["stones"], where) if "stones" in fields else base.stones,
        pools=_pools(fields["pools"], where) if "pools" in fields else base.pools,
        tokens=tokens,
        stage=stage,
        round=round_,
        moved=_moved(fields.get("moved", []), tokens, where),
        players=_players(fields.get("players"), where),
        escapes=_escapes(fields.get("escapes"), tokens, round_, where),
        history=_history(data.get("history", []), where),
    )
    validate(state, where, pool_checks=pool_checks)
    return replace(state, stones=canonical(state.stones))


def _monster(value: Any, where: str) -> Monster:
    if not isinstance(value, dict) or set(value) - {"square", "facing"} or "square" not in value:
        raise InputError(_('expected {{"square": "a1", "facing": "E"}}'), f"{where}: monster")
    square = _square(value["square"], f"{where}: monster.square")
    facing = value.get("facing", "E")
    if facing not in HEADINGS:
        raise InputError(_("facing {facing!r}; expected N, E, S or W", facing=facing),
                         f"{where}: monster.facing")
    return Monster(square, facing)


def _square(value: Any, where: str) -> str:
    try:
        return parse_square(value)
    except InputError as err:
        raise err.at(where) from None


def _list(value: Any, what: str, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(_("expected a list of {what}", what=what), where)
    return value


def _stones(value: Any, where: str) -> tuple[str, ...]:
    squares = [
        _square(v, f"{where}: stones[{i}]")
        for i, v in enumerate(_list(value, _("squares"), f"{where}: stones"))
    ]
    return tuple(squares)


def _pools(value: Any, where: str) -> tuple[tuple[str, ...], ...]:
    pools = []
    for i, pool in enumerate(_list(value, _("pools"), f"{where}: pools")):
        place = f"{where}: pools[{i}]"
        squares = [_square(v, f"{place}[{j}]") for j, v in enumerate(_list(pool, _("squares"),
                                                                               place))]
        pools.append(canonical(squares) if len(set(squares)) == len(squares) else tuple(squares))
    return tuple(pools)


def _tokens(value: Any, where: str) -> tuple[Token, ...]:
    return tuple(
        _token(v, f"{where}: tokens[{i}]")
        for i, v in enumerate(_list(value, _("tokens"), f"{where}: tokens"))
    )


def _token(value: Any, where: str) -> Token:
    if not isinstance(value, dict) or "id" not in value or set(value) - {"id", "square", "face"}:
        raise InputError(_('expected {{"id": "red-6", "square": "f1", "face": 6}}'), where)
    token_id = value["id"]
    if not isinstance(token_id, str) or not _ID.fullmatch(token_id):
        raise InputError(_("id {id!r}: 1 to 40 characters, no spaces", id=token_id),
                         f"{where}.id")
    square = value.get("square")
    if square is not None and square != OUT:
        square = _square(square, f"{where}.square")
    return Token(token_id, square, _face(value.get("face"), token_id, f"{where}.face"))


def _face(value: Any, token_id: str, where: str) -> int:
    if value is None:
        match = _FACE_IN_ID.search(token_id)
        if not match:
            raise InputError(_("token {id!r} needs a face (1–6)", id=token_id), where)
        return int(match.group(1))
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise InputError(_("face {face!r}; expected a number 1–6", face=value), where)
    return value


def _stage(value: Any, where: str) -> int:
    if value not in (1, 2) or isinstance(value, bool):
        raise InputError(_("stage {stage!r}; expected 1 or 2", stage=value), f"{where}: stage")
    return value


def stage_of(round_: int) -> int:
    return 1 if round_ < STAGE_2_ROUND else 2


def _stage_and_round(fields: dict[str, Any], base: State | None, where: str) -> tuple[int, int]:
    """The stage follows from the round; either may be given, and they must agree."""
    stage = _stage(fields["stage"], where) if "stage" in fields else None
    if "round" not in fields:
        stage = stage or (base.stage if base else 1)
        return stage, 1 if stage == 1 else STAGE_2_ROUND
    round_ = _whole(fields["round"], 1, LAST_ROUND, f"{where}: round")
    if stage is not None and stage != stage_of(round_):
        raise InputError(_(
            "round {round} is in stage {right}, not {stage} (rounds 1–{last_1} are stage 1, "
            "{first_2}–{last_2} stage 2)", round=round_, right=stage_of(round_), stage=stage,
            last_1=STAGE_2_ROUND - 1, first_2=STAGE_2_ROUND, last_2=LAST_ROUND - 1),
            f"{where}: stage")
    return stage_of(round_), round_


def _whole(value: Any, low: int, high: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InputError(_("{value!r}; expected a whole number {low}–{high}", value=value,
                           low=low, high=high), where)
    return value


def _players(value: Any, where: str) -> int | None:
    return None if value is None else _whole(value, 2, 7, f"{where}: players")


def _moved(value: Any, tokens: tuple[Token, ...], where: str) -> tuple[str, ...]:
    known = {t.id for t in tokens}
    moved: list[str] = []
    for i, token_id in enumerate(_list(value, _("token ids"), f"{where}: moved")):
        place = f"{where}: moved[{i}]"
        if not isinstance(token_id, str) or token_id not in known:
            raise InputError(_("no token {token!r}", token=token_id), place)
        if token_id in moved:
            raise InputError(_("{id} is listed twice", id=token_id), place)
        moved.append(token_id)
    return tuple(moved)


def _escapes(value: Any, tokens: tuple[Token, ...], round_: int, where: str
             ) -> tuple[Escape, ...]:
    """The order of escapes; when omitted, the tokens out in file order (round 0:
    before the record began). Every token out is listed exactly once."""
    out = [t.id for t in tokens if t.square == OUT]
    if value is None:
        return tuple(Escape(token_id, 0) for token_id in out)
    escapes: list[Escape] = []
    for i, entry in enumerate(_list(value, _("escapes"), f"{where}: escapes")):
        place = f"{where}: escapes[{i}]"
        if not isinstance(entry, dict) or set(entry) != {"id", "round"}:
            raise InputError(_('expected {{"id": "red-6", "round": 3}}'), place)
        if entry["id"] not in out:
            raise InputError(_("{id!r} is not a token that is out", id=entry["id"]),
                             f"{place}.id")
        if any(e.token == entry["id"] for e in escapes):
            raise InputError(_("{id} is listed twice", id=entry["id"]), f"{place}.id")
        got_out = _whole(entry["round"], 0, round_, f"{place}.round")
        if escapes and got_out < escapes[-1].round:
            raise InputError(_("escapes are listed in the order they happened"),
                             f"{place}.round")
        escapes.append(Escape(entry["id"], got_out))
    unlisted = [token_id for token_id in out if all(e.token != token_id for e in escapes)]
    if unlisted:
        raise InputError(_("{id} is out but not in escapes", id=unlisted[0]),
                         f"{where}: escapes")
    return tuple(escapes)


def _history(value: Any, where: str) -> tuple[Change, ...]:
    changes = _list(value, _("changes"), f"{where}: history")
    if len(changes) > MAX_HISTORY:
        raise InputError(_("{count} changes; at most {most} are kept", count=len(changes),
                           most=MAX_HISTORY),
                         f"{where}: history")
    return tuple(_change(entry, f"{where}: history[{i}]") for i, entry in enumerate(changes))


def _change(value: Any, where: str) -> Change:
    if not isinstance(value, dict) or not {"did", "was"} <= set(value) <= {"did", "was", "drawn"}:
        raise InputError(_('expected {{"did": "move red-6 p11", "was": {{…}}}}'), where)
    was = value["was"]
    if isinstance(was, str):  # the TOML form keeps it as JSON text (TOML has no null)
        was = parse_json(was, f"{where}.was")
    if not isinstance(was, dict) or set(was) - set(_KEYS):
        raise InputError(_("'was' holds state keys: {keys}", keys=", ".join(_KEYS)),
                         f"{where}.was")
    if not isinstance(value["did"], str) or not isinstance(value.get("drawn", ""), str):
        raise InputError(_("'did' and 'drawn' are text"), where)
    return Change(value["did"], was, value.get("drawn"))


# --- validation -----------------------------------------------------------


def validate(state: State, where: str, *, pool_checks: bool = True) -> None:
    """Reject positions the rules can never reach, naming the piece."""
    if len(state.stones) > MAX_STONES:
        raise InputError(_("{count} stones; the game has {most}", count=len(state.stones),
                           most=MAX_STONES), f"{where}: stones")
    for i, stone in enumerate(state.stones):
        if stone in CORNERS:
            raise InputError(_("a stone on the corner {square}: stones pushed onto a corner "
                               "leave the game", square=stone), f"{where}: stones[{i}]")
    problems = pool_problems(state.pools)
    if problems and pool_checks:
        index, message = problems[0]
        raise InputError(message, f"{where}: pools[{index}]")
    if state.monster.square in state.blood:
        raise InputError(_("the monster never stands on blood ({square})",
                           square=state.monster.square),
                         f"{where}: monster.square")
    _validate_tokens(state.tokens, where)
    _validate_occupancy(state, where)


def pool_shape_ok(squares: tuple[str, ...]) -> bool:
    """A pool is a 2×2 square or a straight 4×1 line, either way round."""
    if len(squares) != 4 or len(set(squares)) != 4:
        return False
    rect = Rect.around(CELL[s] for s in squares)
    return rect.area == 4 and (rect.width, rect.height) in {(2, 2), (4, 1), (1, 4)}


def pool_problems(pools: tuple[tuple[str, ...], ...]) -> list[tuple[int, str]]:
    """Every way the pools break the geometry rules, as (pool index, sentence)."""
    problems: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    for i, pool in enumerate(pools):
        if not pool_shape_ok(pool):
            problems.append((i, _("{pool} is not a 2×2 or 4×1 pool", pool=" ".join(pool))))
        for square in pool:
            if any(NEXT[(square, h)] is None for h in HEADINGS):
                problems.append((i, _("{square} touches the board edge; pools must not (a "
                                      "slide would leave the board)", square=square)))
            if square in seen:
                problems.append((i, _("{square} is also in pools[{other}]", square=square,
                                      other=seen[square])))
        for square in pool:
            seen.setdefault(square, i)
    for square, i in seen.items():
        for h in HEADINGS:
            other = NEXT[(square, h)]
            if other in seen and seen[other] != i:
                problems.append((i, _("{square} is next to {other} of pools[{pool}]; pools "
                                      "must not touch", square=square, other=other,
                                      pool=seen[other])))
    return problems


def _validate_tokens(tokens: tuple[Token, ...], where: str) -> None:
    ids: set[str] = set()
    for i, token in enumerate(tokens):
        if token.id in ids:
            raise InputError(_("token id {id!r} is used twice", id=token.id),
                             f"{where}: tokens[{i}].id")
        ids.add(token.id)


def _validate_occupancy(state: State, where: str) -> None:
    pieces: dict[str, str] = {state.monster.square: _("the monster")}
    placed = [(s, _("a stone"), f"stones[{i}]") for i, s in enumerate(state.stones)]
    placed += [
        (t.square, _("token {id}", id=t.id), f"tokens[{i}].square")
        for i, t in enumerate(state.tokens)
        if t.on_board
    ]
    for square, what, field_name in placed:
        if square in pieces:
            raise InputError(_("{what} and {other} are both on {square}", what=what,
                               other=pieces[square], square=square), f"{where}: {field_name}")
        pieces[square] = what


# --- writing --------------------------------------------------------------


def to_dict(state: State, *, history: bool = True) -> dict[str, Any]:
    """The JSON object of ``state``, with its history unless ``history=False``."""
    data: dict[str, Any] = {
        "monster": {"square": state.monster.square, "facing": state.monster.facing},
        "stones": list(canonical(state.stones)),
        "pools": [list(pool) for pool in state.pools],
        "tokens": [{"id": t.id, "square": t.square, "face": t.face} for t in state.tokens],
        "stage": state.stage,
        "round": state.round,
        "moved": list(state.moved),
        "escapes": [{"id": e.token, "round": e.round} for e in state.escapes],
    }
    if state.players is not None:
        data["players"] = state.players
    if history and state.history:
        data["history"] = [_change_dict(change) for change in state.history]
    return data


def _change_dict(change: Change) -> dict[str, Any]:
    data = {"did": change.did, "was": change.was}
    return data if change.drawn is None else {**data, "drawn": change.drawn}


def to_json(state: State) -> str:
    return dump_json(to_dict(state))


def to_text(state: State) -> str:
    lines = [
        f"stage {state.stage}",
        f"monster {state.monster.square} {state.monster.facing}",
        "stones " + " ".join(canonical(state.stones)),
        "pools " + " ".join(_pool_range(pool) for pool in state.pools),
        *(f"token {t.id} {t.square or '-'} {t.face}" for t in state.tokens),
        f"round {state.round}",
        *([f"players {state.players}"] if state.players is not None else []),
        "moved " + " ".join(state.moved),
        "escapes " + " ".join(f"{e.token}@{e.round}" for e in state.escapes),
        *(HISTORY_LINE + json.dumps(_change_dict(c), ensure_ascii=False)
          for c in state.history),
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


HISTORY_LINE = "history "


def from_text(text: str, where: str, *, pool_checks: bool = True) -> State:
    """Read the text form; each line is ``keyword values…``; ``#`` starts a comment."""
    data: dict[str, Any] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.startswith(HISTORY_LINE):  # a change, as one line of JSON
            change = parse_json(raw[len(HISTORY_LINE):], f"{where}:{number}")
            data.setdefault("history", []).append(change)
            continue
        words = raw.split("#", 1)[0].split()
        if words:
            _text_line(words, data, f"{where}:{number}")
    return from_dict(data, where, pool_checks=pool_checks)


def _text_line(words: list[str], data: dict[str, Any], where: str) -> None:
    keyword, args = words[0], words[1:]
    if keyword in ("stage", "round", "players") and len(args) == 1 and args[0].isdigit():
        data[keyword] = int(args[0])
    elif keyword == "moved":
        data["moved"] = args
    elif keyword == "escapes":
        data["escapes"] = [_escape_word(arg, where) for arg in args]
    elif keyword == "monster" and len(args) in (1, 2):
        data["monster"] = {"square": args[0], "facing": args[1] if len(args) == 2 else "E"}
    elif keyword == "stones":
        data["stones"] = args
    elif keyword == "pools":
        data["pools"] = [_range_squares(arg, where) for arg in args]
    elif keyword == "token" and len(args) in (2, 3):
        token: dict[str, Any] = {"id": args[0], "square": None if args[1] == "-" else args[1]}
        if len(args) == 3:
            if not args[2].isdigit():
                raise InputError(_("face {face!r}; expected a number 1–6", face=args[2]), where)
            token["face"] = int(args[2])
        data.setdefault("tokens", []).append(token)
    else:
        raise InputError(_(
            "cannot read {line!r}; lines are 'stage N', 'monster SQ FACING', 'stones SQ…', "
            "'pools RANGE…', 'token ID SQ|-|out FACE', 'round N', 'players N', 'moved ID…', "
            "'escapes ID@ROUND…'", line=" ".join(words)), where)


def _escape_word(word: str, where: str) -> dict[str, Any]:
    token_id, at, got_out = word.rpartition("@")
    if not at or not got_out.isdigit():
        raise InputError(_("{word!r}: write an escape as ID@ROUND (red-6@3)", word=word), where)
    return {"id": token_id, "round": int(got_out)}


def _pool_range(pool: tuple[str, ...]) -> str:
    return Rect.around(CELL[s] for s in pool).name(upper=False)


def _range_squares(text: str, where: str) -> list[str]:
    try:
        return [cell_name(cell) for cell in parse_range(text).cells()]
    except InputError as err:
        raise err.at(where) from None


def to_toml(state: State) -> str:
    def quoted(squares: tuple[str, ...] | list[str]) -> str:
        return "[" + ", ".join(f'"{s}"' for s in squares) + "]"

    lines = [
        f"stage = {state.stage}",
        f"round = {state.round}",
        *([f"players = {state.players}"] if state.players is not None else []),
        "moved = " + quoted(state.moved),
        "escapes = [" + ", ".join(f'{{ id = "{e.token}", round = {e.round} }}'
                                  for e in state.escapes) + "]",
        "stones = " + quoted(canonical(state.stones)),
        "pools = [" + ", ".join(quoted(pool) for pool in state.pools) + "]",
        "",
        "[monster]",
        f'square = "{state.monster.square}"',
        f'facing = "{state.monster.facing}"',
    ]
    for token in state.tokens:
        lines += ["", "[[tokens]]", f'id = "{token.id}"']
        if token.square is not None:  # TOML has no null: an omitted square waits
            lines.append(f'square = "{token.square}"')
        lines.append(f"face = {token.face}")
    for change in state.history:
        lines += ["", "[[history]]", f"did = {_basic_string(change.did)}",
                  f"was = {_basic_string(json.dumps(change.was, ensure_ascii=False))}"]
        if change.drawn is not None:
            lines.append(f"drawn = {_basic_string(change.drawn)}")
    return "\n".join(lines) + "\n"


def _basic_string(text: str) -> str:
    """A TOML basic string: JSON's escapes of quotes, backslashes and controls are TOML's."""
    return json.dumps(text, ensure_ascii=False)


def dump(state: State, form: str) -> str:
    """The state written as ``json``, ``toml`` or ``text``."""
    writers = {"json": to_json, "toml": to_toml, "text": to_text}
    return writers[form](state)


def with_round(state: State, round_: int) -> State:
    """The state in ``round_``: a fresh round, its stage following from it."""
    return replace(state, round=round_, stage=stage_of(round_), moved=())
