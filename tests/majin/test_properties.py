"""Properties of the runner and the chests, over random battles of the sample cards."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.dice import Tray
from companion.majin import battle as battles
from companion.majin import cards as card_files
from companion.majin import treasure
from companion.majin.runner import Runner

SAMPLE = card_files.load("sample")
MAJIN = sorted(SAMPLE.majin)
MONSTERS = sorted(SAMPLE.monsters) + sorted(SAMPLE.bosses)
ITEMS = sorted(SAMPLE.items)


@st.composite
def battle_files(draw: st.DrawFn) -> dict:
    party = draw(st.lists(st.sampled_from(MAJIN), min_size=1, max_size=6, unique=True))
    front_size = draw(st.integers(max(1, len(party) - 3), min(3, len(party))))
    front, back = party[:front_size], party[front_size:]
    held = draw(st.lists(st.sampled_from(ITEMS), max_size=len(party), unique=True))
    monsters = draw(st.lists(st.sampled_from(MONSTERS), min_size=1, max_size=3, unique=True))
    return {"game": "majin", "kind": "battle", "cards": "sample",
            "floor": draw(st.integers(1, 3)), "money": draw(st.sampled_from([0, 150, 1000])),
            "front": front, "back": back, "items": dict(zip(party, held, strict=False)),
            "monsters": monsters, "policy": {"charge": draw(st.sampled_from(["always",
                                                                             "never"]))},
            "orders": draw(orders(party, monsters))}


def orders(party: list[str], monsters: list[str]) -> st.SearchStrategy[dict]:
    target = st.sampled_from([*monsters, *party])
    front = st.dictionaries(st.sampled_from(party), st.fixed_dictionaries(
        {"do": st.sampled_from(["attack", "ability", "item"])}, optional={"target": target}),
        max_size=3)
    summoner = st.sampled_from(["pass", "swap", "withdraw", "advance", "switch"]).flatmap(
        lambda do: st.fixed_dictionaries({"do": st.just(do), "cards": st.lists(
            st.sampled_from(party), min_size=battles.SUMMONER_CARDS[do],
            max_size=battles.SUMMONER_CARDS[do])}))
    turn = st.fixed_dictionaries({}, optional={
        "front": front, "summoner": summoner,
        "back": st.fixed_dictionaries({"card": st.sampled_from(party),
                                       "do": st.sampled_from(["ability", "item"])})})
    return st.dictionaries(st.sampled_from(["1", "2", "3"]), turn, max_size=3)


def fought(data: dict, seed: int, turns: int | None = None) -> tuple[battles.Battle, Runner]:
    battle = battles.from_dict(data, "battle.json", None)
    runner = Runner(battle, Tray(seed=seed))
    runner.run(turns)
    return battle, runner


def placed(battle: battles.Battle) -> list[str]:
    return sorted(c for c in (*battle.front, *battle.back, *battle.bodies, *battle.monsters,
                              *battle.killed, *battle.removed) if c is not None)


@settings(max_examples=150, deadline=None)
@given(battle_files(), st.integers(0, 2**32))
def test_lp_stays_in_0_40_and_every_card_is_kept(data: dict, seed: int) -> None:
    before = placed(battles.from_dict(data, "battle.json", None))
    battle, runner = fought(data, seed)
    for event in runner.log:
        for key in ("party_lp", "monster_lp"):
            assert event.get(key) is None or 0 <= event[key] <= 40
    assert placed(battle) == before
    assert set(battle.recruits) <= set(battle.members()) | set(battle.bodies)
    assert battle.over or battle.turn == 101
    if battle.over:
        assert (battle.result == "lost") == (not battle.members())


@settings(max_examples=150, deadline=None)
@given(battle_files(), st.integers(0, 2**32))
def test_every_attack_follows_the_damage_formula(data: dict, seed: int) -> None:
    battle, runner = fought(data, seed)
    for event in runner.log:
        if event["type"] == "attack":
            hp = battle.card(event["target"]).hp
            difference = event["atk"] - event["def"]
            if difference <= 0:
                assert (event["damage"], event["killed"]) == (0, False)
            elif difference >= hp:
                assert (event["damage"], event["killed"]) == (hp, True)
            else:
                assert (event["damage"], event["killed"]) == (difference, False)
        if event["type"] == "charge" and event["landed"] and not event["crit"]:
            assert event["damage"] == (0 if event["atk"] <= event["def"] else
                                       min(event["atk"] - event["def"],
                                           battle.card(event["target"]).hp))


@settings(max_examples=100, deadline=None)
@given(battle_files(), st.integers(0, 2**32), st.sampled_from([None, 0, 1, 2]))
def test_a_seeded_battle_replays_from_its_own_rolls(data: dict, seed: int,
                                                    turns: int | None) -> None:
    first, ran = fought(data, seed, turns)
    again = battles.from_dict(data, "battle.json", None)
    tray = Tray([r["value"] for r in ran.rolls])
    replay = Runner(again, tray)
    replay.run(turns)
    tray.finish()
    assert replay.log == ran.log and replay.rolls == ran.rolls
    assert battles.to_dict(again) == battles.to_dict(first)


@settings(max_examples=100, deadline=None)
@given(battle_files(), st.integers(0, 2**32), st.integers(0, 3))
def test_battle_files_round_trip(data: dict, seed: int, turns: int) -> None:
    battle, _run = fought(data, seed, turns)
    written = battles.to_dict(battle)
    assert battles.to_dict(battles.from_dict(written, "battle.json", None)) == written


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.sampled_from([1, 2, 3]))
def test_treasure_chances_equal_a_brute_force_count(n: int, floor: int) -> None:
    top = treasure.cap(SAMPLE, floor)
    for cap in (top, 10, 15, 22):
        bonus = treasure.BONUS[floor]
        rolls = list(itertools.product(range(1, 7), repeat=n))
        over = sum(1 for dice in rolls if sum(dice) + bonus > cap)
        assert treasure.chance_over(n, bonus, cap, short=False) == Fraction(over, len(rolls))
        pairs = list(itertools.product(range(1, 7), repeat=2))
        short = (sum(1 for a, b in pairs if a * (n - 1) + b + bonus > cap) / Fraction(36)
                 if n >= 2 else Fraction(over, len(rolls)))
        assert treasure.chance_over(n, bonus, cap, short=True) == short


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=3), st.sampled_from([1, 2, 3]),
       st.booleans(), st.integers(0, 2**32))
def test_a_chest_replays_from_its_dice(levels: list[int], floor: int, short: bool,
                                       seed: int) -> None:
    tray = Tray(seed=seed)
    chest = treasure.open_chest(SAMPLE, floor, tuple(levels), tray, short=short)
    again = treasure.open_chest(SAMPLE, floor, tuple(levels), Tray(list(tray.used)),
                                short=short)
    assert again == chest
    assert 1 <= chest.row.number <= chest.cap
