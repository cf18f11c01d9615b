"""Whole games played on the pages by taps alone, to their end, at a phone's size and
at a laptop's, in Japanese and in English. The test reads the game from the server
to choose its taps, as a player reads the board; every change is made by a tap."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest

from tests.web.conftest import chromium_needed, opened_page

pytestmark = chromium_needed
PHONE, LAPTOP = {"width": 360, "height": 780}, {"width": 1280, "height": 800}
TABLES = [pytest.param((size, locale), id=f"{name}-{locale[:2]}")
          for name, size in (("phone", PHONE), ("laptop", LAPTOP))
          for locale in ("ja-JP", "en-GB")]


@pytest.fixture(params=TABLES)
def table(request, browser, tmp_path) -> Iterator:
    viewport, locale = request.param
    with opened_page(browser, tmp_path, viewport, locale) as opened:
        yield opened


def api(server: str, method: str, path: str, body: object = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server + path, data, method=method, headers={
        "Content-Type": "application/json", "Origin": server})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def saved(server: str, page, game: str) -> dict:
    """The game as the page saved it on the server."""
    game_id = page.evaluate(f"localStorage.getItem('{game}-game')")
    return api(server, "GET", f"/api/games/{game_id}")


def tap_and_wait(server: str, page, game: str, *selectors: str) -> None:
    """Tap each selector in turn, then wait until the server holds the next state."""
    steps = saved(server, page, game)["steps"]
    for selector in selectors:
        page.click(selector)
    page.wait_for_function(
        f"""async () => {{
            const id = localStorage.getItem('{game}-game');
            const answer = await fetch('/api/games/' + id);
            return (await answer.json()).steps > {steps};
        }}""", polling=100)
    page.wait_for_selector("body[data-ready=yes]")  # and the page shows it


# --- Rakugaaki: to a 5 --------------------------------------------------------------------


def rakugaaki_turn(server: str, page) -> None:
    state = saved(server, page, "rakugaaki")["state"]
    options = api(server, "POST", "/api/rakugaaki/options", {"state": state})
    if options["action"] == 1 and (options["challenges"] or options["ones"]):
        best = max(options["challenges"], key=lambda c: (c["value"], c["chance_float"]),
                   default=None)
        at, value = (best["at"], best["value"]) if best else (options["ones"][0], 1)
        tap_and_wait(server, page, "rakugaaki", f"polygon[data-cell={at}]",
                     f"#choices button[data-value='{value}']")
        return
    guard = options["guards"][0]
    tap_and_wait(server, page, "rakugaaki", f"polygon[data-cell={guard['at']}]",
                 f"polygon[data-cell={guard['steps'][0]}]")


def test_rakugaaki_to_a_five(server, table) -> None:
    table.goto(f"{server}/rakugaaki")
    table.wait_for_selector("body[data-ready=yes]")
    table.select_option("#players", "2")
    table.click("#new")
    table.wait_for_selector("body:not([data-busy])", state="attached")
    assert saved(server, table, "rakugaaki")["steps"] == 1
    for _turn in range(400):
        if saved(server, table, "rakugaaki")["state"].get("winner") or \
                table.locator("polygon[data-tile$='-5']").count():
            break
        rakugaaki_turn(server, table)
    assert table.locator("polygon[data-tile$='-5']").count() == 1
    status = table.text_content("#turn")
    assert ("勝者" in status) if "ja" in table.evaluate("navigator.language") else \
        ("Winner" in status or "winner" in status)


# --- JongRogue: down the stairs of a floor, through a sleeping trap --------------------------


def jongrogue_taps(player, state) -> list[str]:
    """The taps that carry out the command the player would type."""
    command = player.choose(state)
    verb, args = command[0], command[2:]
    if verb == "floor":
        return ["#next-floor"]
    if verb == "hero":
        return [f"#hero-{key}" for key in ("asleep", "held") if getattr(state.hero, key)]
    if verb == "plate":
        return ["#plate"]
    if verb in ("take", "remove", "spring"):
        return [f"#slots button[data-act={verb}][data-slot='{args[0]}']"]
    if verb == "search":
        return ["#search"]
    return [f"#moves button[data-to='{args[0]}']"]


def test_jongrogue_down_the_stairs_through_a_sleeping_trap(server, table, tmp_path) -> None:
    from companion.jongrogue import state as states
    from tests.jongrogue.play import Player
    from tests.jongrogue.util import FOUND

    table.goto(f"{server}/jongrogue")
    table.wait_for_selector("body[data-ready=yes]")
    table.fill("#seed", "11")  # the start room's sleeping gas: asleep at the deal
    table.click("#new")
    table.wait_for_function("document.querySelector('#hero-asleep.active') !== null")
    status = table.text_content("#where")
    assert ("眠っています" in status) or ("asleep" in status)
    assert table.locator("#moves button").count() == 0
    player = Player(tmp_path, 11, amulet_hunt=False)
    for _step in range(300):
        state = states.from_dict(saved(server, table, "jongrogue")["state"], "state", FOUND)
        if state.floor == 2 and state.rooms is not None:
            break
        tap_and_wait(server, table, "jongrogue", *jongrogue_taps(player, state))
    assert state.floor == 2 and state.rooms is not None
    table.wait_for_function("document.getElementById('where').textContent.startsWith('B2')")


# --- Dark Hall: to a winner ----------------------------------------------------------------


def darkhall_path(state, token) -> list[str]:
    """A legal path for ``token`` that ends nearest the exit (out is best), found by
    trying the board's paths of up to its face in points with the rules' own check."""
    from companion.darkhall.board import ENTRANCE, EXIT, NEXT, path_distances
    from companion.darkhall.rounds import take_turn
    from companion.errors import InputError

    distance = path_distances(EXIT)
    best: tuple[float, list[str]] = (float("inf"), [])
    tried = 0

    def legal(path: list[str]) -> bool:
        try:
            take_turn(state, token.id, path)
            return True
        except InputError:
            return False

    def extend(path: list[str], here: str | None) -> None:
        nonlocal best, tried
        score = -1 if path and path[-1] == "out" else distance.get(here or ENTRANCE, 99) + (
            0 if here else 1)
        if score < best[0] and tried < 400:
            tried += 1
            if legal(path):
                best = (score, list(path))
        if len(path) == token.face or (path and path[-1] == "out"):
            return
        if here is None:
            steps = [ENTRANCE]
        elif here == EXIT:
            steps = ["out"]
        else:
            steps = [NEXT[(here, h)] for h in "NESW" if NEXT.get((here, h))]
        for square in sorted(steps, key=lambda q: distance.get(q, -1)):
            if square not in path:
                extend([*path, square], square if square != "out" else here)

    extend([], token.square)
    return best[1]


def test_darkhall_to_a_winner(server, table) -> None:
    """The table draws its own monster tiles (a shuffled deck, seed 5) and taps each."""
    from companion.darkhall import deck as decks
    from companion.darkhall import state as states
    from companion.darkhall.standing import outcome

    deck = decks.Game(5)

    def monster_tile() -> str:
        nonlocal deck
        deck, drawn = deck.draw()
        return f"button.tile[data-tile='{drawn.tile}']"

    table.goto(f"{server}/darkhall")
    table.wait_for_selector("body[data-ready=yes]")
    table.select_option("#players", "2")
    table.click("#basic")
    table.wait_for_selector("body:not([data-busy])", state="attached")
    for _turn in range(400):
        position = states.from_dict(saved(server, table, "darkhall")["state"], "state")
        if outcome(position).over:
            break
        movers = table.evaluate("""() => [...document.querySelectorAll('#waiting button')]
                                   .map((b) => b.dataset.token)""")
        todo = [t for t in position.tokens if t.square != "out" and t.id not in position.moved]
        if position.round == 1:
            todo = [t for t in todo if sum(m.split("-")[0] == t.id.split("-")[0]
                                           for m in position.moved) < 2]
        if not todo:
            tap_and_wait(server, table, "darkhall", monster_tile())
            continue
        token = todo[0]
        path = darkhall_path(position, token)
        if not path:  # no move helps: it stays (flipped when the monster comes)
            tap_and_wait(server, table, "darkhall", monster_tile())
            continue
        start = (f"#waiting button[data-token='{token.id}']" if token.id in movers else
                 f"rect[data-square='{token.square}']")
        if token.square and not table.locator("#modes button[data-mode=move].active").count():
            table.click("#modes button[data-mode=move]")
        taps = [start] + [f"rect[data-square='{square}']" for square in path
                          if square != "out"]
        if path[-1] == "out":
            taps.append("rect[data-square='a1']")  # out: a tap on the exit square again
        tap_and_wait(server, table, "darkhall", *taps, "#check")
    result = outcome(states.from_dict(saved(server, table, "darkhall")["state"], "state"))
    assert result.over and result.winner
    assert ("勝者" in table.text_content("#turn")) or ("inner" in table.text_content("#turn"))


# --- Roguelight: from an empty sheet to the score, then the interception of two sheets -----


def test_roguelight_sheets_scored_and_intercepted(server, table, tmp_path) -> None:
    from click.testing import CliRunner

    from companion.cli import main

    def cli_json(*args: str) -> dict:
        result = CliRunner().invoke(main, ["--lang", "en", *args, "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    table.goto(f"{server}/roguelight")  # a new browser context: the table is empty
    table.wait_for_selector("body[data-ready=yes]")
    sheets = []
    for name, cells in (("ann", ("C1", "D1", "C2", "D2")),
                        ("ben", ("C1", "D1", "C2", "D2", "D3", "D4"))):
        table.click("#fresh")  # a new sheet; the table stays in the browser's storage
        table.wait_for_selector("body:not([data-busy])", state="attached")
        table.fill("#name", name)
        for cell in cells:
            table.click(f"button[data-cell={cell}]")
        table.click("#plan")  # entrance 1's setup room
        table.click("button[data-cell=C1]")
        table.click("button[data-cell=D2]")
        table.click("#plan")
        table.click("button[data-item='2']")  # circled
        table.wait_for_function("document.getElementById('total').textContent !== '—'")
        table.click("#export")
        path = tmp_path / f"{name}.toml"
        path.write_text(table.text_content("#toml"))
        assert "circled = [1, 2]" in path.read_text()
        expected = cli_json("roguelight", "score", str(path))["points"]
        table.wait_for_function(
            f"document.getElementById('total').textContent === '{expected['total']}'")
        breakdown = table.text_content("#breakdown")
        assert all(str(expected[key]) in breakdown for key in ("items", "rooms", "bonus"))
        sheets.append(path)
        table.click("#add")
    assert table.locator("#table li").count() == 2
    table.fill("#seed", "5")
    table.click("#intercept")
    table.wait_for_selector("#winners")
    expected = cli_json("roguelight", "intercept", *map(str, sheets), "--seed", "5")
    winners = table.text_content("#winners")
    assert all(name in winners for name in expected["result"]["winners"])
    assert "I" in table.text_content("#legend")


# --- 魔人: a new campaign through a won battle, a chest and back to town -------------------


def test_majin_campaign_to_a_won_battle_a_chest_and_home(server, table) -> None:
    def tap(*selectors: str) -> None:
        tap_and_wait(server, table, "majin", *selectors)

    def dice(text: str) -> None:
        table.fill("#dice", text)

    table.goto(f"{server}/majin")
    table.wait_for_selector("body[data-ready=yes]")
    table.fill("#seed", "7")
    tap("#new")
    table.fill("#seed", "")
    for _gacha in range(3):
        tap("button[data-gacha='100']")
    table.select_option("#front-1", "M04")
    table.select_option("#front-2", "M09")
    table.select_option("#back-1", "M02")
    tap("#party")
    dice("3,5")
    tap("#enter")
    tap("#draw")
    tap("button[data-place=N]")
    tap("#draw")
    tap("button[data-place=N]")  # event 3: a merchant (nothing bought)
    tap("button[data-move=S]")
    tap("#stay")  # a stamp on the numbered card: a battle is due
    status = table.text_content("#status")
    assert "戦闘" in status or "battle" in status
    dice("1")
    tap("#fight")
    table.fill("#seed", "1")
    tap("#next-turn")
    for _decision in range(60):
        if table.locator("#settle").count():
            break
        if table.locator("#options button[data-option]").count():
            tap("#options button[data-option]:not([disabled])")
        else:
            tap("#next-turn")
    table.fill("#seed", "")
    game = saved(server, table, "majin")["state"]
    assert game["battle"]["result"] == "won"
    tap("#settle")
    table.fill("#seed", "2")
    tap("#open-chest")
    table.fill("#seed", "3")
    tap("button[data-move=S]")
    tap("#up")
    game = saved(server, table, "majin")["state"]["campaign"]
    assert game["dungeon"] is None and game["where"] == "surface"
    commands = [entry["command"] for entry in game["log"]]
    assert {"fight", "settle", "chest", "up"} <= set(commands)
    assert "chest" in table.text_content("#log") or "宝箱" in table.text_content("#log")
