"""The dice of a challenge: counts, exact chances (against icepool), batches, the table."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import InputError
from companion.rakugaaki import odds
from tests.cli import answers


def icepool_chance(k: int, value: int) -> Fraction:
    """P(the highest of k d6 ≥ value), computed by icepool independently."""
    highest = icepool.d6.pool(k).highest(1).sum()
    hits = sum(highest.quantity(outcome) for outcome in highest.outcomes() if outcome >= value)
    return Fraction(hits, highest.denominator())


@pytest.mark.parametrize("value", odds.VALUES)
@pytest.mark.parametrize("k", range(1, 16))
def test_exact_chances_agree_with_icepool(k: int, value: int) -> None:
    assert odds.chance(k, value) == icepool_chance(k, value) == 1 - Fraction(value - 1, 6) ** k


@pytest.mark.parametrize(("strength", "value", "dice", "chance"), [
    (1, 2, 0, "0"), (2, 2, 1, "5/6"), (5, 2, 2, "35/36"), (5, 3, 1, "2/3"), (5, 4, 1, "1/2"),
    (5, 5, 1, "1/3"), (9, 2, 4, "1295/1296"), (9, 3, 3, "26/27"), (9, 4, 2, "3/4"),
    (16, 2, 8, "1679615/1679616"), (16, 3, 5, "242/243"), (16, 4, 4, "15/16"),
    (16, 5, 3, "19/27"), (30, 2, 15, "470184984575/470184984576"), (30, 3, 10, "59048/59049"),
    (30, 4, 7, "127/128"), (30, 5, 6, "665/729"),
])
def test_the_spec_table_rows(strength: int, value: int, dice: int, chance: str) -> None:
    rows = json.loads(answers(main, ["rakugaaki", "table", "--json"]))["rows"]
    row = next(r for r in rows if r["strength"] == strength and r["value"] == value)
    assert (row["dice"], row["chance"]) == (dice, chance)


def test_the_table_has_120_rows_in_order_with_printed_percents() -> None:
    rows = json.loads(answers(main, ["rakugaaki", "table", "--json"]))["rows"]
    assert len(rows) == 120
    assert [(r["strength"], r["value"]) for r in rows[:5]] == [(1, 2), (1, 3), (1, 4), (1, 5),
                                                              (2, 2)]
    by_key = {(r["strength"], r["value"]): r["percent"] for r in rows}
    assert by_key[16, 4] == "93.8%" and by_key[9, 2] == "99.9%" and by_key[10, 2] == ">99.9%"
    assert by_key[1, 2] == "—"
    text = answers(main, ["rakugaaki", "table"])
    assert len(text.splitlines()) == 31 and "93.8%" in text


def batch_roll(sequence: tuple[int, ...], k: int, value: int) -> tuple[bool, int]:
    """Roll a fixed sequence of k dice by the batch rule: (success, dice rolled)."""
    rolled = 0
    for size in odds.batch_sizes(k):
        batch = sequence[rolled:rolled + size]
        rolled += size
        if max(batch) >= value:
            return True, rolled
    return False, rolled


@pytest.mark.parametrize("value", odds.VALUES)
@pytest.mark.parametrize("k", range(1, 6))
def test_batch_rolling_succeeds_exactly_as_often_as_all_k_dice(k: int, value: int) -> None:
    sequences = list(itertools.product(range(1, 7), repeat=k))
    wins = sum(batch_roll(s, k, value)[0] for s in sequences)
    assert Fraction(wins, len(sequences)) == 1 - Fraction(value - 1, 6) ** k


@pytest.mark.parametrize("value", odds.VALUES)
@pytest.mark.parametrize("k", range(1, 6))
def test_typed_dice_accept_exactly_what_the_batch_rule_rolls(k: int, value: int) -> None:
    for sequence in itertools.product(range(1, 7), repeat=k):
        success, rolled = batch_roll(sequence, k, value)
        assert odds.typed(list(sequence[:rolled]), k, value, "--dice").success == success
        if rolled < k:
            with pytest.raises(InputError):
                odds.typed(list(sequence), k, value, "--dice")


@given(st.integers(1, 15), st.sampled_from(odds.VALUES), st.integers(0, 2**32))
def test_a_seeded_roll_stops_after_the_first_successful_batch(k: int, value: int,
                                                              seed: int) -> None:
    import random
    rolled = odds.roll(k, value, random.Random(seed))
    sizes = [len(b) for b in rolled.batches]
    assert sizes == odds.batch_sizes(k)[:len(sizes)]
    assert all(max(b) < value for b in rolled.batches[:-1])
    assert rolled.success == (max(rolled.batches[-1]) >= value)
    assert rolled.success or rolled.dice_rolled == k
    again = odds.typed([d for b in rolled.batches for d in b], k, value, "--dice")
    assert again == rolled
