"""The companion's languages: the catalogue covers every message, and no message
people read is written outside it."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from companion import i18n
from companion.cli import main
from companion.i18n import _, catalogue, locale_language, read_po
from tests.cli import refuses, succeeds

PACKAGE = Path(__file__).parents[1] / "companion"
SOURCES = sorted(p for p in PACKAGE.rglob("*.py"))
PO = PACKAGE / "locale" / "ja.po"
REPORTERS = {"InputError", "IllegalMove", "UsageError", "BadParameter", "echo", "prompt"}
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _calls(name: str):
    """Every call of ``name`` in the package: (file, line, node)."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call):
                called = node.func.attr if isinstance(node.func, ast.Attribute) else \
                    getattr(node.func, "id", None)
                if called == name:
                    yield path.relative_to(PACKAGE.parent), node.lineno, node


def _messages() -> dict[str, tuple[str, ...]]:
    """Every message the code translates, with its plural when it has one."""
    found: dict[str, tuple[str, ...]] = {}
    for name, count in (("_", 1), ("_n", 2)):
        for where, line, call in _calls(name):
            texts = call.args[:count]
            assert all(isinstance(t, ast.Constant) and isinstance(t.value, str) for t in texts), \
                f"{where}:{line}: {name}() takes a literal message, so the catalogue can hold it"
            found[texts[0].value] = tuple(t.value for t in texts)
    return found


def _fields(message: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(message) if name}


def _po_entries() -> dict[str, dict[str, str]]:
    entries: dict[str, dict[str, str]] = {}
    current: dict[str, str] = {}
    key = ""
    for line in PO.read_text("utf-8").splitlines():
        line = line.strip()
        if line.startswith('"') and key:
            current[key] += i18n._unquote(line)
        elif line and not line.startswith("#"):
            key, _space, quoted = line.partition(" ")
            if key == "msgid":
                current = {}
                entries.setdefault("", {})
            current[key] = i18n._unquote(quoted)
            if key == "msgid":
                entries[current["msgid"]] = current
    entries.pop("", None)
    return entries


def test_every_message_has_its_japanese_with_the_same_fields():
    messages, japanese = _messages(), catalogue("ja")
    missing = sorted(set(messages) - set(japanese))
    assert not missing, f"ja.po lacks: {missing[:5]}"
    for message in messages:
        assert _fields(japanese[message]) == _fields(message), message


def test_plural_messages_carry_their_plural_in_the_catalogue():
    entries = _po_entries()
    for message, forms in _messages().items():
        if len(forms) == 2:
            assert entries[message].get("msgid_plural") == forms[1], message
            assert "msgstr[0]" in entries[message], message


def test_the_catalogue_holds_no_message_the_code_no_longer_uses():
    from tests.test_help import help_units

    stale = sorted(set(catalogue("ja")) - set(_messages()) - help_units())
    assert not stale, f"ja.po has unused entries: {stale[:5]}"


def test_no_message_people_read_is_written_outside_the_catalogue():
    """Errors, refusals and printed lines take their words from _() — a literal or an
    f-string with English words in it is a message the catalogue cannot translate."""
    untranslated = []
    for name in REPORTERS:
        for where, line, call in _calls(name):
            for arg in call.args[:1]:
                parts = [arg.value] if isinstance(arg, ast.Constant) and isinstance(
                    arg.value, str) else [v.value for v in arg.values if isinstance(
                        v, ast.Constant)] if isinstance(arg, ast.JoinedStr) else []
                if any(ENGLISH_WORD.search(p) for p in parts):
                    untranslated.append(f"{where}:{line}")
    assert not untranslated, untranslated


def test_no_function_hides_the_translator_behind_a_local_underscore():
    """``for _, x in …`` inside a function would make ``_`` a local there."""
    for path in SOURCES:
        tree = ast.parse(path.read_text("utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(function):
                    if isinstance(node, ast.Name) and node.id == "_" and isinstance(
                            node.ctx, ast.Store) and not _in_comprehension(function, node):
                        pytest.fail(f"{path.name}:{node.lineno}: '_' assigned in a function")


def _in_comprehension(function: ast.AST, target: ast.Name) -> bool:
    return any(isinstance(c, ast.comprehension) and any(n is target for n in ast.walk(c.target))
               for c in ast.walk(function))


def test_read_po_joins_continued_lines_and_escapes():
    text = 'msgid ""\nmsgstr "header"\n\n# a comment\nmsgid "a \\"b\\"\\n"\n"c"\nmsgstr "x"\n"y"\n'
    assert read_po(text) == [("", "header"), ('a "b"\nc', "xy")]


@pytest.mark.parametrize(("environ", "language"), [
    ({}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "ja_JP.UTF-8"}, "ja"),
    ({"LANGUAGE": "en:ja", "LC_ALL": "ja_JP.UTF-8"}, "en"),
    ({"LANGUAGE": "", "LC_MESSAGES": "ja_JP"}, "ja"),
    ({"LANG": "C.UTF-8"}, "en"),
])
def test_the_locale_chooses_the_language_as_gettext_does(environ, language):
    assert locale_language(environ) == language


def test_lang_option_and_locale_choose_the_language(monkeypatch):
    assert "勝者なし" not in succeeds(main, ["darkhall", "show", "sample"])
    japanese = succeeds(main, ["--lang", "ja", "darkhall", "show", "sample"])
    assert "ラウンド 1、ステージ 1" in japanese and "入口の前で待機" in japanese
    monkeypatch.setenv("LANGUAGE", "ja")
    assert "ラウンド 1、ステージ 1" in succeeds(main, ["darkhall", "show", "sample"])
    assert "Round 1, stage 1" in succeeds(main, ["--lang", "en", "darkhall", "show", "sample"])


def test_errors_speak_the_language_too():
    message = refuses(main, ["--lang", "ja", "darkhall", "move", "sample", "red-6", "d3", "d4"])
    assert message.startswith("エラー: ") and "モンスター" in message
    assert "Error: " in refuses(main, ["--lang", "en", "roll", "2d6x"])


def test_a_message_missing_from_the_catalogue_is_shown_in_english():
    i18n.use("ja")
    try:
        assert _("no such message {n}", n=3) == "no such message 3"
        assert _("no such file") == "そのファイルはありません"
    finally:
        i18n.use(None)


#: Counted words that read wrong after a 1 ("1 dice", "1 rooms"): _n() chooses the form.
_COUNTED = re.compile(r"\{(\w+)\} (dice|rooms|points|steps|sheets|files|turns)\b")
#: Counts that are never 1 where they are printed (the sides of a term, a wall of 118).
_NEVER_ONE = {
    "{count} dice terms; at most {most}",
    "{count} dice; a term rolls 1 to {most} dice",  # 0, or over 100
    "{typed} dice typed, but the {k} dice are rolled in batches of {sizes} and batch {batch} "
    "is incomplete: roll on while nothing has succeeded",
    "{typed} dice typed, but {why}: the dice after the first {used} are never rolled",
    "--players {players} but {count} sheets: one sheet a player",  # more sheets than one
}


def test_a_count_of_one_reads_in_the_singular() -> None:
    wrong = []
    for where, line, call in _calls("_"):
        text = call.args[0].value if call.args and isinstance(call.args[0], ast.Constant) else ""
        for match in _COUNTED.finditer(str(text)):
            if text not in _NEVER_ONE and match.group(1) not in ("most", "k", "sides"):
                wrong.append(f"{where}:{line}: {match.group(0)}")
    assert not wrong, "use _n() for: " + "; ".join(wrong)


#: English words that once slipped into Japanese reports (issue 22's list).
_LEFT_IN_ENGLISH = re.compile(r"\b(door|gold|water|armour|fight|won|advanced|passage|blue|"
                              r"item|hidden|stairs|over)\b")


@pytest.mark.parametrize("args", [
    ["jongrogue", "enter", "6s", "2s", "3m", "G"],
    ["jongrogue", "enter", "1m", "4p", "G", "R"],
    ["majin", "battle", "examples/majin/battle.json", "--seed", "7"],
    ["roguelight", "map", "advanced"],
    ["roguelight", "intercept", "examples/roguelight/alice.toml", "--seed", "3"],
])
def test_japanese_reports_leave_no_english_word(args: list[str]) -> None:
    from click.testing import CliRunner

    from companion.cli import main

    result = CliRunner().invoke(main, ["--lang", "ja", *args])
    assert result.exit_code == 0, result.output
    text = re.sub(r"[A-Za-z]+[0-9]+|[0-9]+[A-Za-z]+|[a-z]+\.(json|toml)", "", result.stdout)
    assert not _LEFT_IN_ENGLISH.findall(text), result.stdout
