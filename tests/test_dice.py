from __future__ import annotations

import random
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.dice import (
    MAX_DICE,
    MAX_SIDES,
    distribution,
    keep_counts,
    parse,
    roll,
    roll_all,
    sum_counts,
)
from companion.errors import InputError


def icepool_probabilities(die: icepool.Die) -> dict[int, Fraction]:
    total = die.denominator()
    return {int(v): Fraction(die.quantity(v), total) for v in die.outcomes() if die.quantity(v)}


def ours(notation: str) -> dict[int, Fraction]:
    dist = distribution(notation)
    return {v: dist.probability(v) for v in dist.values}


@pytest.mark.parametrize(
    ("notation", "die"),
    [
        ("3d6", 3 @ icepool.d6),
        ("d20", icepool.d20),
        ("2d9", 2 @ icepool.d(9)),
        ("4d6kh3", icepool.d6.pool(4).highest(3).sum()),
        ("4d6k3", icepool.d6.pool(4).highest(3).sum()),
        ("2d20kl1", icepool.d20.pool(2).lowest(1).sum()),
        ("5d6dl2", icepool.d6.pool(5).highest(3).sum()),
        ("5d6dh1", icepool.d6.pool(5).lowest(4).sum()),
        ("3d6>=5", 3 @ (icepool.d6 >= 5)),
        ("4d3>=3", 4 @ (icepool.d3 >= 3)),
        ("any:3d6>=5", (3 @ (icepool.d6 >= 5)).map(lambda n: int(n > 0))),
        ("2d6+1d4-1", 2 @ icepool.d6 + icepool.d4 - 1),
        ("2d6-1d6", 2 @ icepool.d6 - icepool.d6),
        ("3", icepool.Die([3])),
    ],
)
def test_distributions_match_icepool(notation, die):
    assert ours(notation) == icepool_probabilities(die)


@settings(max_examples=40, deadline=None)
@given(count=st.integers(1, 6), sides=st.integers(2, 12), data=st.data())
def test_keep_highest_and_lowest_match_icepool(count, sides, data):
    keep = data.draw(st.integers(1, count))
    pool = icepool.d(sides).pool(count)
    for highest, expr in ((True, pool.highest(keep)), (False, pool.lowest(keep))):
        mode = "kh" if highest else "kl"
        assert ours(f"{count}d{sides}{mode}{keep}") == icepool_probabilities(expr.sum())


@settings(max_examples=40, deadline=None)
@given(count=st.integers(1, 8), sides=st.integers(2, 20), data=st.data())
def test_success_counts_match_icepool(count, sides, data):
    target = data.draw(st.integers(1, sides))
    expected = icepool_probabilities(count @ (icepool.d(sides) >= target))
    assert ours(f"{count}d{sides}>={target}") == expected


def test_any_of_k_dice_is_one_minus_all_miss():
    # Rakugaaki: challenging with a 4 on strength 12 rolls 3 dice, needs any >= 4
    assert distribution("any:3d6>=4").probability(1) == 1 - Fraction(3, 6) ** 3


def test_mean_and_at_least_table():
    dist = distribution("2d6")
    assert dist.mean == 7
    assert dist.at_least(7) == Fraction(21, 36)
    rows = dist.rows()
    assert rows[0] == (2, Fraction(1, 36), Fraction(1))
    assert rows[-1] == (12, Fraction(1, 36), Fraction(1, 36))
    assert sum(p for _, p, _ in rows) == 1


@given(st.integers(1, 12), st.integers(2, 12))
def test_sum_counts_cover_every_outcome(count, sides):
    counts = sum_counts(count, sides)
    assert sum(counts.values()) == sides**count
    assert min(counts) == count and max(counts) == count * sides


def test_keep_counts_total_and_refuse_huge():
    assert sum(keep_counts(4, 6, 3, True).values()) == 6**4
    with pytest.raises(InputError, match="too large"):
        distribution("100d100kh50")


NOTATIONS = ["4d6kh3", "3d6>=5", "any:2d10>=9", "2d6+3", "d20-2"]


@given(st.integers(0, 2**32), st.sampled_from(NOTATIONS))
def test_same_seed_same_roll_and_total_in_range(seed, notation):
    first = roll_all([notation], seed)[0]
    assert roll_all([notation], seed)[0] == first
    assert first.total in distribution(notation).counts


def test_roll_records_kept_dice_and_describes_them():
    result = roll("4d6kh3", random.Random(3), seed=3)
    kept = [result.terms[0].dice[i] for i in result.terms[0].kept]
    assert len(kept) == 3 and sum(kept) == result.total
    assert sorted(kept) == sorted(result.terms[0].dice)[1:]
    text = result.describe()
    assert text.startswith("4d6kh3: [") and text.endswith(f"= {result.total}") and "(" in text
    assert result.to_json()["kept"] == [kept]


def test_count_roll_counts_dice_at_or_above_target():
    result = roll("6d6>=5", random.Random(11))
    assert result.total == sum(1 for d in result.terms[0].dice if d >= 5)


def test_several_notations_share_one_seeded_generator():
    rolls = roll_all(["2d6", "d20"], seed=99)
    assert [r.index for r in rolls] == [0, 1] and {r.seed for r in rolls} == {99}
    rng = random.Random(99)
    assert [roll(n, rng).total for n in ("2d6", "d20")] == [r.total for r in rolls]


def test_no_seed_draws_one_and_records_it():
    first = roll_all(["3d6"])[0]
    assert roll_all(["3d6"], first.seed)[0].terms == first.terms


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("", "empty"),
        ("3d", "expected a term"),
        ("2d6 x", "expected \\+ or -"),
        (f"{MAX_DICE + 1}d6", "1 to 100 dice"),
        ("0d6", "1 to 100 dice"),
        ("3d1", "2 to 1000 sides"),
        (f"2d{MAX_SIDES + 1}", "2 to 1000 sides"),
        ("3d6>=7", "outside"),
        ("3d6>=0", "outside"),
        ("any:3d6", "needs a target"),
        ("4d6kh5", "cannot keep 5"),
        ("4d6dl4", "cannot drop 4"),
        ("4d6kh0", "cannot keep 0"),
        ("3d6kh2>=4", "cannot be combined"),
        ("+".join(["d6"] * 21), "at most 20"),
    ],
)
def test_bad_notation_names_the_problem(notation, message):
    with pytest.raises(InputError, match=message):
        parse(notation)


def test_case_and_spaces_are_forgiven():
    assert parse(" 2D6 + 1 ").constant == 1
    assert parse("ANY:3D6>=5").terms[0].mode == "any"
