"""Arbitrary values in any field of a file end in InputError, never a traceback."""

from __future__ import annotations

import contextlib
import tomllib
from importlib import resources
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.darkhall import state as states
from companion.errors import InputError
from companion.roguelight.build import setup
from companion.roguelight.maps import _KEYS as MAP_KEYS
from companion.roguelight.maps import parse_map, shipped
from companion.roguelight.replay import play_round
from companion.roguelight.sheet import _KEYS as SHEET_KEYS
from companion.roguelight.sheet import parse_sheet

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=8)
    | st.sampled_from(["A1", "J10", "B2:C3", "x", "", "basic", "E", "a1", "out"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["kind", "cells", "goal", "points", "sections", "circled", "spent",
                         "id", "square", "face", "facing", "marks", "length", "effect",
                         "section", "size", "1", "2", "3", "4", "5", "6", "1-2", "3-4", "5-6",
                         "basic", "advanced", "boundaries", "cell", "circle", "ghost", "bat",
                         "plan", "block", "singles"]), inner, max_size=5),
    max_leaves=12,
)


def toml_text(data: dict) -> str:
    """Data back as TOML, via JSON-compatible inline values."""

    lines = []
    for key, value in data.items():
        lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value) -> str:
    import json

    if value is None:
        return '""'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"


def basic_map() -> dict:
    text = resources.files("companion.data.roguelight").joinpath("basic.toml").read_text()
    return tomllib.loads(text)


@FUZZ
@given(st.sampled_from(sorted(MAP_KEYS)), values)
def test_maps(key, value):
    data = basic_map()
    data[key] = value
    with contextlib.suppress(InputError):
        parse_map(toml_text(data), "fuzz.toml")


SHEET = {
    "map": "basic", "plans": ["C1:D2"], "development": 3,
    "filled": "###.######\n##..######\n" + "###.######\n" * 7 + "#########.",
}


@FUZZ
@given(st.sampled_from(sorted(SHEET_KEYS)), values)
def test_sheets(key, value):
    data = dict(SHEET)
    data[key] = value
    with contextlib.suppress(InputError):
        parse_sheet(toml_text(data), str(Path("fuzz") / "sheet.toml"))


@FUZZ
@given(st.sampled_from(["monster", "stones", "pools", "tokens", "stage", "round", "moved",
                        "players", "escapes"]), values)
def test_dark_hall_states(key, value):
    tokens = [{"id": "red-6", "square": "out"}, {"id": "red-4", "square": "f5"}]
    with contextlib.suppress(InputError):
        states.from_dict({key: value}, "fuzz.json")
    with contextlib.suppress(InputError):
        states.from_dict({"tokens": tokens, "round": 3, key: value}, "fuzz.json")


@FUZZ
@given(st.dictionaries(st.sampled_from(["dice", "block", "plan", "die", "spend", "effects",
                                        "goals"]), values, max_size=5))
def test_play_log_rounds(entry):
    build = setup(shipped("advanced"), 1, 4)
    with contextlib.suppress(InputError):
        play_round(build, entry, 1)


@FUZZ
@given(st.sampled_from(["items", "time", "development", "armament", "solo", "blocks",
                        "entrance_blocks", "ghost_actions"]), st.data())
def test_maps_deep(key, data):
    """Mutate one value inside a table or list of the basic map."""
    document = basic_map()
    node = document[key]
    path = []
    while isinstance(node, dict | list) and node and data.draw(st.booleans()):
        index = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                          else list(range(len(node)))))
        path.append(index)
        node = node[index]
    target = document
    for step in [key, *path][:-1]:
        target = target[step]
    target[[key, *path][-1]] = data.draw(values)
    with contextlib.suppress(InputError):
        parse_map(toml_text(document), "fuzz.toml")
