"""Reading people's files and writing ours atomically.

Reading needs only ``os``; ``pathlib`` is imported where a file is written (a
command that only reads starts the faster for it)."""

from __future__ import annotations

import contextlib
import os
import re
from typing import TYPE_CHECKING, Any

from companion.errors import InputError
from companion.i18n import _
from companion.ledger import FORCE, READ, SAID, WRITTEN

if TYPE_CHECKING:
    from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either old or complete.

    The bytes go to a temporary file in the same folder, which is then renamed
    over ``path``: an interrupted write never leaves a broken file behind.
    """
    write_together([(path, data)])


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def write_together(files: list[tuple[str | os.PathLike[str], str | bytes]]) -> None:
    """Write several files so that either every one is new or every one is as it was.

    Each is first written in full to a temporary file beside it; only then are
    they renamed into place. Should a rename fail, the files already replaced
    get their old contents back. A file this command read that has changed since
    (another command wrote it meanwhile) is refused, not overwritten: the check and
    the renames happen under a lock where the platform has one.
    """
    from pathlib import Path

    staged: list[tuple[Path, str, bytes | None]] = []
    done: list[tuple[Path, bytes | None]] = []
    try:
        for path, data in files:
            target = Path(path)
            staged.append((target, _stage(target, data), None))
        with _locked([target for target, _tmp, _old in staged]):
            for index, ((target, tmp, _old), (_path, data)) in enumerate(
                    zip(staged, files, strict=True)):
                old = target.read_bytes() if target.is_file() else None
                _refuse_if_changed(target, old)
                _refuse_another_kind(target, old, data)
                staged[index] = (target, tmp, old)
            for target, tmp, old in staged:
                os.replace(tmp, target)
                done.append((target, old))
        for path, _data in files:
            WRITTEN.append(os.fspath(path))
            READ.pop(os.path.realpath(path), None)
    except BaseException as err:
        for _target, tmp, _old in staged:
            _discard(tmp)
        _restore(done)
        if isinstance(err, OSError):
            place = str(err.filename or (staged[-1][0] if staged else files[0][0]))
            raise InputError(_("cannot write: {why}; nothing was saved", why=err.strerror),
                             place) from None
        raise


def _refuse_if_changed(target: Path, now: bytes | None) -> None:
    read = READ.get(os.path.realpath(target))
    if read is not None and (now is None or _digest(now) != read):
        raise InputError(_("the file changed since this command read it (another command "
                           "wrote it meanwhile); run the command again on the file as it "
                           "is now; nothing was written"), str(target))


def _refuse_another_kind(target: Path, old: bytes | None, data: str | bytes) -> None:
    """A command replaces a file of its own kind (the state it updates, an earlier
    output); a file of another kind — a campaign under a battle, a table under cards,
    a note — needs --force, and the refusal says what the file is."""
    here = os.path.realpath(target)
    if old is None or FORCE[0] or here in {os.path.realpath(p) for p in WRITTEN}:
        return  # nothing there, --force, or this command's own file of a moment ago
    raw = data.encode("utf-8") if isinstance(data, str) else data
    found, made = file_kind(target.name, old), file_kind(target.name, raw)
    given = here in READ and (found is None or made is None)  # the file it was given
    if not given and (found is None or found != made):
        what = _("a {kind}", kind=found) if found else _("a file this command did not make")
        raise InputError(_("this is {what}, not {kind}: give --force to replace it; nothing "
                           "was written", what=what, kind=made or _("what the command writes")),
                         str(target))


def file_kind(name: str, data: bytes) -> str | None:
    """What a file is, from its bytes: ``PDF``, ``Dark Hall state``, ``魔人 campaign``,
    ``Roguelight sheet``, ``CSV (id,name,…)``…, or None when it cannot be told."""
    for signature, kind in ((b"%PDF", "PDF"), (b"\x89PNG", "PNG"), (b"\xff\xd8", "JPEG")):
        if data.startswith(signature):
            return kind
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        return None
    if "<svg" in text[:400]:
        return "SVG"
    if name.lower().endswith(".csv"):
        header = next((line for line in text.splitlines()
                       if line.strip() and not line.startswith("#")), "")
        return f"CSV ({header.strip()[:60]})"
    return _data_kind(text)


def _data_kind(text: str) -> str | None:
    import json
    import tomllib

    try:
        data = json.loads(text)
    except ValueError:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            return _text_kind(text)
    if not isinstance(data, dict):
        return None
    game = {"darkhall": "Dark Hall", "rakugaaki": "Rakugaaki", "jongrogue": "JongRogue",
            "majin": "魔人", "roguelight": "Roguelight"}.get(str(data.get("game")))
    if "monster" in data and "tokens" in data:
        return "Dark Hall state"
    if game == "Dark Hall" and "drawn" in data:
        return "Dark Hall game (monster deck)"
    if game:
        return f"{game} {data.get('kind', 'state')}"
    if "rounds" in data or "setup" in data:
        return "Roguelight play log"
    if "filled" in data and "map" in data:
        return "Roguelight sheet"
    return None


def _text_kind(text: str) -> str | None:
    """Dark Hall's short text form of a state (``stage 1`` / ``monster a1 E`` lines)."""
    words = {line.split()[0] for line in text.splitlines()
             if line.strip() and not line.lstrip().startswith("#")}
    return "Dark Hall state" if {"monster"} <= words <= _DARKHALL_WORDS else None


_DARKHALL_WORDS = {"stage", "monster", "stones", "pools", "token", "round", "players", "moved",
                   "escape", "escapes", "history"}


@contextlib.contextmanager
def _locked(targets: list[Path]) -> Any:
    """An exclusive ``flock`` on each existing target while it is checked and replaced
    (POSIX; elsewhere the rename is the only guard): a second command waiting on the
    lock then finds the file changed and refuses, instead of both writing."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    handles = []
    try:
        for target in targets:
            if target.is_file():
                handle = open(target, "rb")  # noqa: SIM115 (closed below)
                handles.append(handle)
                fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        for handle in handles:
            handle.close()  # closing releases the lock


def _stage(target: Path, data: str | bytes) -> str:
    """A complete temporary copy of ``data`` beside ``target``; its path."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when writing

        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as err:
        raise InputError(_("cannot write here: {why}", why=err.strerror), str(target)) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
        os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:
        _discard(tmp)
        raise
    return tmp


def _discard(tmp: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.remove(tmp)


def _restore(done: list[tuple[Path, bytes | None]]) -> None:
    """Put back what this write replaced (its own change: no check)."""
    for target, old in reversed(done):
        if old is None:
            target.unlink(missing_ok=True)
        else:
            os.replace(_stage(target, old), target)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as a person would type it here: relative to the working folder when it
    lies inside it (``examples/majin/worked``), else as it is."""
    text = os.fspath(path)
    if not os.path.isabs(text):
        return text
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive (Windows)
        return text
    return text if relative.startswith("..") else relative


def stem(path: str | os.PathLike[str]) -> str:
    """The file's name without its extension (``maps/cave.toml`` → ``cave``)."""
    return os.path.splitext(os.path.basename(path))[0]


def read_text(path: str | os.PathLike[str], *, spreadsheet: bool = False) -> str:
    """The file's text, or an :class:`InputError` naming the file.

    A ``spreadsheet``'s CSV in Shift-JIS (CP932, as Excel saves "CSV" on a
    Japanese system) is read as such, and said once on standard error; any other
    file must be UTF-8, and one in Shift-JIS or UTF-16 is refused with the way to
    convert it."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        READ[os.path.realpath(path)] = _digest(raw)
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise InputError(_("no such file"), str(path)) from None
    except IsADirectoryError:
        raise InputError(_("is a folder, not a file"), str(path)) from None
    except UnicodeDecodeError as err:
        text = _legacy(raw, path, err, spreadsheet)
    except OSError as err:
        raise InputError(err.strerror or _("cannot be read"), str(path)) from None
    if not text.strip("\ufeff \t\r\n"):
        raise InputError(_("the file is empty"), str(path))
    return text.removeprefix("\ufeff")  # a byte-order mark, as some editors write


def _legacy(raw: bytes, path: str | os.PathLike[str], err: UnicodeDecodeError,
            spreadsheet: bool) -> str:
    """The text of bytes that are not UTF-8: Shift-JIS where a spreadsheet's is
    allowed, else an :class:`InputError` that says what the file is."""
    name = os.path.basename(path)
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff") or raw[1:200:2].count(0) > 20:
        raise InputError(_("this file is UTF-16 (as Excel's 'Unicode text' and some Windows "
                           "editors save it), not UTF-8: save it as UTF-8 (in Excel: 'CSV "
                           "UTF-8'), or convert it with: iconv -f UTF-16 -t UTF-8 {name} > "
                           "utf8-{name}", name=name), str(path)) from None
    if not _is_shift_jis(raw):
        raise InputError(_("not UTF-8 text (byte {byte})", byte=err.start), str(path)) from None
    if not spreadsheet:
        raise InputError(_("this file is Shift-JIS (as Excel and Windows editors save "
                           "Japanese text), not UTF-8: save it as UTF-8 (in Excel: 'CSV "
                           "UTF-8'), or convert it with: iconv -f CP932 -t UTF-8 {name} > "
                           "utf8-{name}", name=name), str(path)) from None
    key = os.path.realpath(path)
    if key not in SAID:
        SAID.add(key)
        import sys

        print(_("Note: {name} is Shift-JIS (CP932), as Excel saves \"CSV\" on a Japanese "
                "system: read as such", name=name), file=sys.stderr)
    return raw.decode("cp932")


#: Deeper nesting than any of the project's files has is refused, not recursed into.
MAX_DEPTH = 64


def _is_shift_jis(data: bytes) -> bool:
    """Whether bytes that are not UTF-8 read as Japanese in Shift-JIS (CP932)."""
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        return False
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


def parse_json(text: str, where: str) -> Any:
    import json  # json, like tomllib, only when such a file is read or written

    _refuse_deep(text, "[{", where)
    try:
        return json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_unique_keys)
    except _RepeatedKey as err:
        raise InputError(_("the key {key!r} is given twice in one object", key=err.key),
                         where) from None
    except json.JSONDecodeError as err:
        place = f"{where}:{err.lineno}:{err.colno}"
        raise InputError(_("malformed JSON: {why}", why=err.msg), place) from None


class _RepeatedKey(Exception):
    def __init__(self, key: str) -> None:
        self.key = key


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (JSON keeps the last silently)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _RepeatedKey(key)
        data[key] = value
    return data


def parse_toml(text: str, where: str) -> dict[str, Any]:
    import tomllib  # only when a TOML file is read

    _refuse_deep(text, "[{", where)
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as err:
        raise InputError(_("malformed TOML: {why}", why=err), where) from None


#: The tokens that matter for nesting: a string (skipped whole; double-quoted ones with
#: backslash escapes, an unterminated one runs to the end) or a bracket.
_NESTING = r'"(?:[^"\\]|\\.)*"?|\'[^\']*\'?|[\[\]{}]'


def _refuse_deep(text: str, openers: str, where: str) -> None:
    """Refuse text nested deeper than MAX_DEPTH (counted outside strings)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for match in re.finditer(_NESTING, text, re.DOTALL):  # compiled on first use
        token = match.group()
        if token in openers:
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(_("nested more than {depth} levels deep", depth=MAX_DEPTH), where)
        elif token in "]}":
            depth = max(0, depth - 1)


def refuse_overwriting(out: str | os.PathLike[str], inputs: dict[str, str | os.PathLike[str]]
                       ) -> None:
    """Refuse to write ``out`` over one of the command's input files (named by role)."""
    target = os.path.realpath(out)
    for role, source in inputs.items():
        if source is not None and os.path.realpath(source) == target:
            raise InputError(_("--out would overwrite the {role} it reads; write somewhere "
                               "else", role=role), str(out))


def dump_json(data: Any) -> str:
    """JSON for people: objects one key a line, short lists of values on one line."""
    return _format(data, 0) + "\n"


_ONE_LINE = 96


def _format(value: Any, depth: int) -> str:
    import json

    flat = json.dumps(value, ensure_ascii=False)
    pad = "  " * (depth + 1)
    if isinstance(value, dict) and value and not (_scalars(value.values()) and _short(flat)):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_format(v, depth + 1)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    if isinstance(value, list) and value and not (_short(flat) and not _has_objects(value)):
        items = [pad + _format(v, depth + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"
    return flat


def dump_toml(data: dict[str, Any]) -> str:
    """TOML for a flat object whose values are numbers, texts, lists of them, or
    tables of them (written after the rest, as TOML wants)."""
    lines: list[str] = []
    tables: list[str] = []
    for key, value in data.items():
        if isinstance(value, dict):
            tables += ["", f"[{_toml_key(key)}]"]
            tables += [f"{_toml_key(k)} = {toml_value(v)}" for k, v in value.items()]
        else:
            lines.append(f"{_toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines + tables) + "\n"


def _toml_key(key: str) -> str:
    import json

    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """A number, text or list of them as written in TOML."""
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    # JSON's escapes of quotes, backslashes and controls are TOML's basic string escapes.
    import json

    return json.dumps(value, ensure_ascii=False)


def _short(flat: str) -> bool:
    return len(flat) <= _ONE_LINE


def _scalars(values: Any) -> bool:
    return all(not isinstance(v, dict | list) for v in values)


def _has_objects(values: list[Any]) -> bool:
    return any(isinstance(v, dict) and v for v in values)
