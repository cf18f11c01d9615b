"""Random campaigns played through the CLI: every file written reads back with every card
in exactly one place, money and LP stay in range, a refused command changes no byte, and
no campaign reaches a state no command can leave (the log grows every few steps and the
party can always walk home)."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.majin import campaign as campaigns
from tests.majin import play


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_random_campaigns_keep_every_card(tmp_path_factory, seed: int) -> None:
    folder: Path = tmp_path_factory.mktemp("play")
    game, battle = folder / "game.json", folder / "battle.json"
    assert play.command("new", str(game), "--seed", str(seed)) is not None
    play.command("adjust", str(game), "--money", "4000", "--note", "a patron")
    rng = random.Random(seed)
    done: list[str] = []
    logged = [0]
    for _turn in range(80):
        done.append(play.step(game, battle, rng))
        assert done[-1] != "stuck", f"seed {seed}: no way home after {done}"
        c = campaigns.load(game)  # the census runs on every read
        data = campaigns.to_dict(c, game)
        assert campaigns.to_dict(campaigns.from_dict(data, str(game), game.parent), game) == data
        assert c.money >= 0 and (c.dungeon is None or 0 <= c.dungeon.lp <= 40)
        assert [e["n"] for e in c.log] == list(range(1, len(c.log) + 1))
        logged.append(len(c.log))
        assert logged[-1] > logged[max(0, len(logged) - 8)] or len(logged) < 8, \
            f"seed {seed}: nothing logged in 7 steps: {done[-7:]}"
    assert {"enter", "place"} <= set(done)


def test_a_refused_campaign_command_leaves_the_file(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    play.command("new", str(game), "--seed", "1")
    before = game.read_bytes()
    assert play.command("enter", str(game), "--dice", "1,1") is None  # no party yet
    assert play.command("up", str(game)) is None
    assert game.read_bytes() == before
