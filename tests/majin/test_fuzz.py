"""Arbitrary battle and campaign files end in an InputError naming the file, never in
another exception."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import InputError
from companion.majin import battle as battles
from companion.majin import campaign as campaigns
from tests.majin.util import WORKED

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.sampled_from(
        ["W1", "W2", "X1", "X2", "Y1", "I1", "I3", "F1-UP", "F1-I", "start", "over", "won",
         "ability", "swap", "surface", "dungeon", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["W1", "X1", "1", "start", "do", "card", "cards", "x", "y", "front",
                         "back", "escape", "target", "floor", "levels", "file", "monsters",
                         "bosses", "charge"]), inner, max_size=4),
    max_leaves=12)

BATTLE = {"game": "majin", "kind": "battle", "cards": str(WORKED), "front": ["W1", "W2"],
          "back": ["W5"], "monsters": ["X1", "X2"], "items": {"W1": "I1"},
          "orders": {"1": {"front": {"W1": {"do": "attack", "target": "X2"}}}}}
CAMPAIGN = {"game": "majin", "kind": "campaign", "cards": str(WORKED), "where": "dungeon",
            "party": {"front": ["W1"], "back": ["W2"]}, "stock": ["W3"],
            "dungeon": {"x": 2, "y": 3, "bodies": ["W4"], "items": {"W4": "I1"},
                        "graveyards": {"1": ["X1"]}}}


def _mutated(base: dict, data: st.DataObject) -> dict:
    mutated = json.loads(json.dumps(base))
    for _change in range(data.draw(st.integers(1, 3))):
        target = mutated
        if "dungeon" in mutated and isinstance(mutated["dungeon"], dict) and \
                data.draw(st.booleans()):
            target = mutated["dungeon"]
        keys = sorted(set(target) | {"turn", "phase", "party_lp", "orders", "policy", "wipe",
                                     "piles", "maps", "chest", "battle", "due", "lp"})
        target[data.draw(st.sampled_from(keys))] = data.draw(VALUES)
    return mutated


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_any_battle_file_reads_or_is_refused_cleanly(data: st.DataObject) -> None:
    try:
        battles.from_dict(_mutated(BATTLE, data), "battle.json", None)
    except InputError as err:
        assert str(err).startswith("battle.json: ")


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_any_campaign_file_reads_or_is_refused_cleanly(data: st.DataObject) -> None:
    try:
        campaigns.from_dict(_mutated(CAMPAIGN, data), "game.json", None)
    except InputError as err:
        assert str(err).startswith("game.json: ")
