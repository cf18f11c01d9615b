"""Decisions without editing JSON: `battle --ask` asks the table each open decision
when the rules take it and writes the answers into the battle file, which then
replays; `--order` gives the same orders in words for scripts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.decisions import Question
from companion.dice import Tray
from companion.majin import choices
from companion.majin.runner import Runner
from tests.majin.util import events, make, refused, run, write


def ask(path: Path, answers: list[str], *args: str):
    """Run `battle PATH --ask --json` with ``answers`` typed, one per line."""
    return CliRunner().invoke(main, ["--lang", "en", "majin", "battle", str(path), "--ask",
                                     "--json", *args], input="".join(f"{a}\n" for a in answers))


def scripted(answers: dict[str, object]):
    """An ``ask`` that picks by question title (first words) and records what it saw."""
    seen: list[Question] = []

    def answer(question: Question):
        seen.append(question)
        for start, order in answers.items():
            if question.title.startswith(start):
                return order
        return question.open[0].order

    return answer, seen


def test_answers_are_written_into_the_battle_and_replay(tmp_path):
    path = write(tmp_path, front=["W1", "W2", None], back=["W5", None, None],
                 monsters=["X2", "X3"])
    # no escape; W1 attacks X3; W2 attacks X3 (second option); back row: W5 heals;
    # summoner passes; turn 2 and on: Enter takes the defaults
    result = ask(path, ["1", "2", "2", "2", "1"] + [""] * 60, "--seed", "5")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    orders = json.loads(path.read_text("utf-8"))["orders"]
    assert orders["start"] == {"escape": []}
    assert orders["1"]["front"]["W1"] == {"do": "attack", "target": "X3"}  # it hit: no charge
    assert orders["1"]["back"] == {"card": "W5", "do": "ability"}
    dice = ",".join(str(r["value"]) for r in report["rolls"])
    again = run("battle", str(path), "--dice", dice)
    assert again["log"] == report["log"]
    assert json.loads(path.read_text("utf-8"))["front"] == ["W1", "W2", None]  # only orders


def test_the_dice_are_asked_without_dice_or_seed(tmp_path):
    path = write(tmp_path, front=["W4", None, None], monsters=["X1"])  # W4: ATK 1d6+2
    result = ask(path, ["", "", "3"])  # no escape, attack X1, the ATK die shows 3
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["rolls"] == [{"card": "W4", "for": "attack", "value": 3}]
    assert events(report, "attack")[0]["atk"] == 5
    assert "Roll a d6: attack by W4, turn 1" in result.stderr


def test_the_charge_is_asked_when_the_attack_does_no_damage():
    # W2 (ATK 3) on X2 (DEF 4): no damage; the table answers no charge
    answer, seen = scripted({"W2 盾役's attack": False})
    runner = Runner(make(front=["W2", None, None], monsters=["X2"]), Tray(seed=1), answer)
    runner.run(turns=1)
    assert not events({"log": runner.log}, "charge")
    assert runner.b.orders["1"]["front"]["W2"] == {"do": "attack", "target": "X2",
                                                   "charge": False}
    asked = next(q for q in seen if "did no damage" in q.title)
    assert [o.order for o in asked.options] == [True, False]  # the policy's answer first


def test_an_escape_is_asked_again_after_a_failure_and_stops_at_success():
    battle = make(front=["W1", "W2", None], back=["W4", None, None], monsters=["X1"])
    picks = iter(["W1", "W4"])
    runner = Runner(battle, Tray([2]),  # W1 needs 4+: fails on 2; W4 (SR) is certain
                    lambda q: next(picks) if q.title.startswith("Escape") else q.open[0].order)
    runner.run()
    assert battle.result == "escaped"
    assert battle.orders["start"]["escape"] == ["W1", "W4"]


def test_options_say_what_they_need_and_why_not_now():
    battle = make(front=["W6", None, None], monsters=["X1", "X2"], money=100)
    runner = Runner(battle, Tray(seed=1))
    runner.at = (1, "fight")
    question = choices.front(runner, "W6")
    recruit = [o for o in question.options if o.order.get("do") == "ability"]
    assert [o.order["target"] for o in recruit] == ["X1", "X2"]
    assert all(o.blocked == "costs 200 yen, 100 yen held" for o in recruit)
    assert all(o not in question.open for o in recruit)
    battle.money = 200
    assert all(o.blocked is None for o in choices.front(runner, "W6").options)


def test_the_summoner_is_offered_only_moves_the_rules_allow():
    battle = make(front=["W1", None, None], back=["W2", None, None], monsters=["X1"])
    runner = Runner(battle, Tray(seed=1))
    runner.at = (1, "summoner")
    offered = [o.order for o in choices.summoner(runner).open]
    assert {"do": "withdraw", "cards": ["W1"]} not in offered  # the front row would be empty
    assert {"do": "swap", "cards": ["W1", "W2"]} in offered
    assert {"do": "advance", "cards": ["W2"]} in offered
    assert offered[0] == {"do": "pass"}
    assert {"do": "escape", "cards": ["W2"]} in offered


def test_equal_speed_members_are_asked_their_order():
    # W2 and the recruit X1 both have SPD 2; nothing hurts X4 (DEF 9) or them
    battle = make(front=["W2", "X1", None], recruits=["X1"], monsters=["X4"])
    answer, seen = scripted({"W2, X1 have speed 2": ["X1", "W2"]})
    runner = Runner(battle, Tray(seed=2), answer)
    runner.run(turns=1)
    assert battle.orders["1"]["ties"] == ["X1", "W2"]
    attackers = [e["actor"] for e in events({"log": runner.log}, "attack")]
    assert attackers[:2] == ["X1", "W2"]
    assert [o.order for o in next(q for q in seen if "speed" in q.title).options] == [
        ["W2", "X1"], ["X1", "W2"]]


def test_no_tie_question_without_equal_speeds():
    seen: list[Question] = []
    battle = make(front=["W1", "W3", None], monsters=["X4"])  # SPD 4 and 6
    Runner(battle, Tray(seed=2), lambda q: seen.append(q) or q.open[0].order).run(turns=1)
    assert not [q for q in seen if "speed" in q.title]
    assert "ties" not in battle.orders["1"]


def test_no_answer_means_nothing_written(tmp_path):
    path = write(tmp_path, front=["W1", None, None], monsters=["X2"])
    before = path.read_text("utf-8")
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["--lang", "en", "majin", "battle", str(path), "--ask",
                                       "--seed", "1", "--out", str(out)], input="1\n")
    assert result.exit_code == 2
    assert "the input ended before the answer" in result.stderr
    assert path.read_text("utf-8") == before and not out.exists()


# --- orders in words --------------------------------------------------------------------------


@pytest.mark.parametrize(("words", "written"), [
    ("start escape W1 W5", {"start": {"escape": ["W1", "W5"]}}),
    ("start ability W3 skip", {"start": {"abilities": {"W3": {"do": "skip"}}}}),
    ("start ability W3 X2", {"start": {"abilities": {"W3": {"target": "X2"}}}}),
    ("ties W2 W1", {"ties": ["W2", "W1"]}),
    ("2 ties W2 W1", {"2": {"ties": ["W2", "W1"]}}),
    ("1 front W1 attack X2 nocharge",
     {"1": {"front": {"W1": {"do": "attack", "target": "X2", "charge": False}}}}),
    ("1 front W1 attack charge", {"1": {"front": {"W1": {"do": "attack", "charge": True}}}}),
    ("1 front W3 ability X1", {"1": {"front": {"W3": {"do": "ability", "target": "X1"}}}}),
    ("1 front W2 item", {"1": {"front": {"W2": {"do": "item"}}}}),
    ("3 back W5 ability", {"3": {"back": {"card": "W5", "do": "ability"}}}),
    ("3 back pass", {"3": {"back": {"do": "pass"}}}),
    ("1 summoner swap W1 W5", {"1": {"summoner": {"do": "swap", "cards": ["W1", "W5"]}}}),
    ("1 summoner withdraw W1 2",
     {"1": {"summoner": {"do": "withdraw", "cards": ["W1"], "slot": 2}}}),
    ("1 summoner escape W4", {"1": {"summoner": {"do": "escape", "cards": ["W4"]}}}),
    ("1 summoner pass", {"1": {"summoner": {"do": "pass"}}}),
])
def test_orders_in_words_write_the_file_orders(tmp_path, words, written):
    path = write(tmp_path, front=["W1", "W2", "W3"], back=["W5", None, None],
                 monsters=["X1", "X2"])
    out = tmp_path / "out.json"
    run("battle", str(path), "--order", words, "--turns", "0", "--seed", "1",
        "--out", str(out))
    orders = json.loads(out.read_text("utf-8"))["orders"]
    assert orders == written


def test_orders_in_words_play_as_the_same_orders_in_the_file(tmp_path):
    typed = tmp_path / "typed.json"
    filed = tmp_path / "filed.json"
    layout = {"front": ["W1", "W3", None], "back": ["W5", None, None], "monsters": ["X2", "X3"]}
    write(tmp_path, "typed.json", **layout)
    write(tmp_path, "filed.json", **layout, orders={
        "1": {"front": {"W1": {"do": "attack", "target": "X3", "charge": False},
                        "W3": {"do": "ability"}},
              "back": {"card": "W5", "do": "ability"}}})
    by_words = run("battle", str(typed), "--seed", "9", "--order", "1 front W1 attack X3 nocharge",
                   "--order", "1 front W3 ability", "--order", "1 back W5 ability")
    assert by_words["log"] == run("battle", str(filed), "--seed", "9")["log"]


@pytest.mark.parametrize(("words", "says"), [
    ("1 front", "expected an order like '1 front W1 attack X1'"),
    ("1 sideways W1", "expected an order like"),
    ("x front W1 attack", "expected an order like"),
    ("1 front W9 attack", '"W9" is not a card'),
    ("1 front W1 dance", "expected one of attack, ability, item, found"),
    ("1 summoner swap W1", "expected an order like"),
    ("1 summoner fly W1", "expected one of swap"),
])
def test_a_wrong_order_in_words_is_refused_by_name(tmp_path, words, says):
    path = write(tmp_path, front=["W1", None, None], monsters=["X1"])
    line = refused("battle", str(path), "--order", words, "--seed", "1")
    assert line.startswith(f"Error: --order {words!r}: ") and says in line
