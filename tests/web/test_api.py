"""The web companion's JSON API and pages, through Flask's test client: the same answers
as the command line, the same one-line messages as HTTP 400, games saved under --data
only, with history and undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import dice
from companion.cli import main
from companion.darkhall import state as states
from companion.web.app import MAX_BODY, create_app

ROOT = Path(__file__).parents[2]
ALICE = ROOT / "examples" / "roguelight" / "alice.toml"


@pytest.fixture()
def client(tmp_path: Path):
    app = create_app(tmp_path / "data")
    app.testing = True
    return app.test_client()


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(main, ["--lang", "en", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("page", ["/", "/dice", "/darkhall", "/roguelight"])
def test_pages_in_both_languages(client, page: str) -> None:
    japanese = client.get(page, headers={"Accept-Language": "ja,en;q=0.5"})
    assert japanese.status_code == 200 and 'lang="ja"' in japanese.text
    assert "ダークホール" in japanese.text
    english = client.get(page + "?lang=en", headers={"Accept-Language": "ja"})
    assert 'lang="en"' in english.text and "Dark Hall" in english.text
    assert "lang=en" in english.headers.get("Set-Cookie", "")
    assert 'name="viewport"' in japanese.text
    assert "http" not in japanese.text.replace("http-equiv", "")  # nothing from the internet


def test_static_assets_are_served_locally(client) -> None:
    for name in ("style.css", "api.js", "dice.js", "darkhall.js", "roguelight.js"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/nowhere").status_code == 404


def test_a_seeded_roll_is_the_command_lines(client) -> None:
    answer = client.post("/api/roll", json={"notation": "4d6kh3", "seed": 7}).json
    assert answer["roll"] == dice.roll_all(["4d6kh3"], 7)[0].to_json()
    assert answer["mean"] == "15869/1296"
    odds = client.get("/api/odds?notation=2d6").json
    assert odds["outcomes"] == 36 and odds["rows"][5] == {"value": 7, "p": "1/6",
                                                         "p_at_least": "7/12"}


def test_bad_input_is_the_same_one_line_message_as_400(client) -> None:
    answer = client.post("/api/roll", json={"notation": "2x6"})
    assert answer.status_code == 400
    assert answer.json["error"] == str(_error(lambda: dice.parse("2x6")))
    japanese = client.post("/api/roll", json={"notation": "2x6"},
                           headers={"Accept-Language": "ja"})
    assert "項と項の間" in japanese.json["error"]
    assert client.post("/api/roll", data="not json",
                       content_type="application/json").status_code == 400
    assert client.post("/api/roll", json={"notation": 5}).json["error"].startswith(
        "request: notation")
    assert client.post("/api/roll", json={"notation": "d6", "seed": -1}).status_code == 400


def _error(action):
    try:
        action()
    except Exception as err:
        return err
    raise AssertionError("no error")


def test_the_monster_moves_as_the_command_line_says(client) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    answer = client.post("/api/darkhall/monster", json={"state": sample, "tile": "10"}).json
    expected = cli_json("darkhall", "monster", "sample", "--tile", "10")
    assert answer["steps"] == expected["steps"] and answer["eaten"] == expected["eaten"]
    for key in ("monster", "stones", "tokens", "round", "stage"):
        assert answer["state"][key] == expected["state"][key]
    assert client.post("/api/darkhall/monster",
                       json={"state": sample, "tile": "11"}).status_code == 400


def test_a_token_move_is_checked_as_the_command_line_checks_it(client) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    answer = client.post("/api/darkhall/move", json={"state": sample, "token": "red-4",
                                                     "path": ["k5", "k6", "k7"]}).json
    expected = cli_json("darkhall", "move", "sample", "red-4", "k5", "k6", "k7")
    assert answer["squares"] == expected["squares"]
    assert answer["state"]["tokens"] == expected["state"]["tokens"]
    wrong = client.post("/api/darkhall/move", json={"state": sample, "token": "red-4",
                                                    "path": ["a1"]})
    assert wrong.status_code == 400 and wrong.json["error"]


def test_basic_setup_with_players_and_the_board_geometry(client) -> None:
    four = client.get("/api/darkhall/setup?players=4").json
    assert four["players"] == 4 and len(four["tokens"]) == 16
    assert client.get("/api/darkhall/setup?players=9").status_code == 400
    board = client.get("/api/darkhall/board").json
    assert len(board["squares"]) == 156 and len(board["walls"]) == 54


def test_a_roguelight_sheet_scores_as_the_command_line_scores_it(client) -> None:
    answer = client.post("/api/roguelight/score", json={"sheet": ALICE.read_text()}).json
    assert answer == cli_json("roguelight", "score", str(ALICE)) | {"sheet": answer["sheet"]}
    assert answer["points"]["total"] == 20
    basic = client.get("/api/roguelight/maps/basic").json
    assert (basic["width"], basic["height"]) == (10, 10)
    assert client.get("/api/roguelight/maps/../../x").status_code == 404


def test_saved_games_history_and_undo(client, tmp_path: Path) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    made = client.post("/api/games", json={"game": "darkhall", "state": sample})
    assert made.status_code == 201
    game = made.json["id"]
    moved = client.post("/api/darkhall/monster", json={"state": sample, "tile": "5"}).json
    assert client.put(f"/api/games/{game}", json={"state": moved["state"]}).json["steps"] == 2
    again = create_app(tmp_path / "data").test_client()  # a restarted server
    assert again.get(f"/api/games/{game}").json["state"] == moved["state"]
    back = again.post(f"/api/games/{game}/undo").json
    assert back["steps"] == 1 and back["state"] == states.to_dict(states.from_dict(sample,
                                                                                     "s"))
    assert again.post(f"/api/games/{game}/undo").status_code == 400
    assert {p.name for p in (tmp_path / "data").iterdir()} <= {
        "games.sqlite3", "games.sqlite3-wal", "games.sqlite3-shm"}


def test_a_saved_state_loads_in_the_command_line_and_back(client, tmp_path: Path) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    game = client.post("/api/games", json={"game": "darkhall", "state": sample}).json["id"]
    saved = client.get(f"/api/games/{game}").json["state"]  # exported as a state file
    path = tmp_path / "state.json"
    path.write_text(json.dumps(saved))
    moved = cli_json("darkhall", "monster", str(path), "--tile", "7")
    put = client.put(f"/api/games/{game}", json={"state": moved["state"]})
    assert put.status_code == 200 and put.json["state"]["monster"] == moved["state"]["monster"]


@pytest.mark.parametrize("game_id", ["../../etc/passwd", "..%2f..%2fetc", "a" * 16,
                                     "0123456789abcdeg", "0" * 300, "0123456789abcdef"])
def test_no_request_names_a_file(client, tmp_path: Path, game_id: str) -> None:
    assert client.get(f"/api/games/{game_id}").status_code == 404
    assert client.put(f"/api/games/{game_id}", json={"state": {}}).status_code in (400, 404)
    data = tmp_path / "data"
    assert not data.exists() or not list(data.iterdir())


def test_bad_states_and_games_are_refused(client) -> None:
    assert client.post("/api/games", json={"game": "chess", "state": {}}).status_code == 400
    refused = client.post("/api/games", json={"game": "darkhall",
                                              "state": {"monster": {"square": "z9"}}})
    assert refused.status_code == 400 and "state" in refused.json["error"]
    sheet = client.post("/api/games", json={"game": "roguelight", "state": "map = 3"})
    assert sheet.status_code == 400


def test_a_body_over_the_limit_is_refused_with_413(client) -> None:
    big = {"notation": "d6", "padding": "x" * (MAX_BODY + 10)}
    answer = client.post("/api/roll", json=big)
    assert answer.status_code == 413 and "too large" in answer.json["error"]


def test_serve_listens_on_loopback_unless_told(monkeypatch) -> None:
    from companion.web import cli

    serve = main.get_command(None, "serve")
    host = next(p for p in serve.params if p.name == "host")
    assert host.default == "127.0.0.1"
    assert cli.reachable("127.0.0.1") == "127.0.0.1"
    assert cli.reachable("0.0.0.0").count(".") == 3
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert "QR code" in result.output and "Examples" in result.output


def test_standing_and_the_monster_deck(client) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    table = client.post("/api/darkhall/standing", json={"state": sample}).json
    assert {p["player"] for p in table["players"]} >= {"red", "blue"}
    assert table["winner"] is None and table["over"] is False
    deck = {"game": "darkhall", "seed": 42, "drawn": []}
    tiles = []
    for _draw in range(14):
        answer = client.post("/api/darkhall/deck/draw", json={"deck": deck}).json
        deck = answer["deck"]
        tiles.append(answer["tile"])
    from companion.darkhall.deck import game_tiles
    assert tuple(tiles) == game_tiles(42)[0] + game_tiles(42)[1]
    assert answer["over"] is True
    assert client.post("/api/darkhall/deck/draw", json={"deck": deck}).status_code == 400
    wrong = next(t for t in ("5", "7", "8", "10", "X", "XX") if t != tiles[0])
    forged = {"game": "darkhall", "seed": 42, "drawn": [{"tile": wrong}]}
    refused = client.post("/api/darkhall/deck/draw", json={"deck": forged})
    assert refused.status_code == 400 and "changed by hand" in refused.json["error"]


def test_the_interception_runs_as_the_command_line_runs_it(client) -> None:
    sheets = [ROOT / "examples" / "roguelight" / name for name in ("alice.toml", "bob.toml")]
    answer = client.post("/api/roguelight/intercept",
                         json={"sheets": [p.read_text() for p in sheets], "seed": 3}).json
    expected = cli_json("roguelight", "intercept", *map(str, sheets), "--seed", "3")
    assert answer["result"] == expected["result"] and answer["result"] is not None
    assert [d["points"] for d in answer["stack"]] == [d["points"] for d in expected["stack"]]
    solo = client.post("/api/roguelight/intercept",
                       json={"sheets": [sheets[0].read_text()]}).json
    assert solo["solo"] == cli_json("roguelight", "intercept", str(sheets[0]))["solo"]
    assert client.post("/api/roguelight/intercept", json={"sheets": []}).status_code == 400
    bad = client.post("/api/roguelight/intercept", json={"sheets": ["map = 1"]})
    assert bad.status_code == 400 and bad.json["error"].startswith("sheets[0]")


def test_a_majin_battle_is_the_command_lines(client, tmp_path: Path) -> None:
    battle = {"game": "majin", "kind": "battle", "cards": "sample",
              "front": ["M01", "M07", "M14"], "back": ["M03"], "monsters": ["A05", "A06"]}
    answer = client.post("/api/majin/battle", json={"battle": battle, "seed": 9}).json
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(battle))
    expected = cli_json("majin", "battle", str(path), "--seed", "9")
    assert answer["log"] == expected["log"] and answer["rolls"] == expected["rolls"]
    assert answer["result"] == expected["result"] and answer["chest"] == expected["chest"]
    dice = ",".join(str(r["value"]) for r in answer["rolls"])
    assert client.post("/api/majin/battle", json={"battle": battle, "dice": dice}).json[
        "log"] == answer["log"]
    left = client.post("/api/majin/battle", json={"battle": battle, "dice": dice + ",1"})
    assert left.status_code == 400 and "left over" in left.json["error"]


def test_a_majin_battle_never_names_a_folder_on_the_server(client) -> None:
    battle = {"game": "majin", "kind": "battle", "cards": "/etc", "front": ["M01"],
              "monsters": ["A01"]}
    refused = client.post("/api/majin/battle", json={"battle": battle, "seed": 1})
    assert refused.status_code == 400 and "battle: cards" in refused.json["error"]


def test_a_majin_chest_is_the_command_lines(client) -> None:
    answer = client.post("/api/majin/treasure", json={"floor": 1, "levels": "2,1,1",
                                                      "dice": "6,6,5,6"}).json
    assert answer == cli_json("majin", "treasure", "--floor", "1", "--levels", "2,1,1",
                              "--dice", "6,6,5,6")
    cards = client.get("/api/majin/cards").json
    assert len(cards["majin"]) == 24 and len(cards["monsters"]) == 30
    assert client.post("/api/majin/treasure", json={"floor": 4, "levels": "1"}).status_code == 400


def test_rakugaaki_options_and_challenges_are_the_command_lines(client, tmp_path: Path) -> None:
    state = client.get("/api/rakugaaki/new?board=standard-34&players=3").json
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state))
    made = CliRunner().invoke(main, ["rakugaaki", "new", "--board", "standard-34",
                                     "--players", "3"])
    assert state == json.loads(made.stdout)
    options = client.post("/api/rakugaaki/options", json={"state": state}).json
    expected = cli_json("rakugaaki", "options", str(path))
    assert {k: options[k] for k in expected} == expected
    placed = client.post("/api/rakugaaki/challenge",
                         json={"state": state, "value": 1, "at": "C1"}).json
    assert placed["state"]["tiles"] == {"C1": "red-1"}
    cli = cli_json("rakugaaki", "challenge", str(path), "--value", "1", "--at", "C1")
    assert placed["state"] == cli["state"]
    refused = client.post("/api/rakugaaki/challenge",
                          json={"state": state, "value": 3, "at": "C1"})
    assert refused.status_code == 400 and refused.json["error"]
    board = client.get("/api/rakugaaki/board/standard-34").json
    assert len(board["cells"]) == 48


def test_a_rakugaaki_state_never_names_a_board_file(client) -> None:
    state = client.get("/api/rakugaaki/new?board=standard-34&players=3").json
    state["board"] = "/etc/passwd"
    refused = client.post("/api/rakugaaki/options", json={"state": state})
    assert refused.status_code == 400 and "state: board" in refused.json["error"]
    assert client.get("/api/rakugaaki/new?board=../x").status_code == 400


def test_rakugaaki_guard_steps(client) -> None:
    state = client.get("/api/rakugaaki/new?board=standard-34&players=3").json
    moved = client.post("/api/rakugaaki/guard", json={"state": state, "steps": ["E3-E4"]})
    assert moved.status_code == 200 and moved.json["state"]["guards"] == ["E4"]
    assert moved.json["state"]["action"] == 2
    far = client.post("/api/rakugaaki/guard", json={"state": state, "steps": ["E3-C1"]})
    assert far.status_code == 400 and "next to" in far.json["error"]


def test_jongrogue_floors_and_moves_are_the_command_lines(client, tmp_path: Path) -> None:
    dealt = client.post("/api/jongrogue/floor", json={"seed": 7}).json
    made = CliRunner().invoke(main, ["--lang", "en", "jongrogue", "floor", "new", "--seed",
                                     "7", "--json"])
    expected = json.loads(made.stdout)
    assert dealt["state"] == expected["state"] and dealt["events"] == expected["events"]
    view = client.post("/api/jongrogue/view", json={"state": dealt["state"]}).json
    assert all(room["tiles"] == [] for room in view["rooms"] if not room["open"])
    assert [m["to"] for m in view["moves"]] == ["5N", "5E", "5S", "5W"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dealt["state"]))
    moved = client.post("/api/jongrogue/move", json={"state": dealt["state"],
                                                     "target": "5E"}).json
    assert moved == cli_json("jongrogue", "move", str(path), "5E")
    wrong = client.post("/api/jongrogue/move", json={"state": dealt["state"], "target": "9X"})
    assert wrong.status_code == 400 and wrong.json["error"]


def test_the_interception_with_the_tables_dice(client) -> None:
    sheets = [(ROOT / "examples" / "roguelight" / n).read_text() for n in ("alice.toml",
                                                                           "bob.toml")]
    seeded = client.post("/api/roguelight/intercept", json={"sheets": sheets, "seed": 3}).json
    from companion.roguelight import intercept as interception
    from companion.roguelight.sheet import parse_sheet
    plan = interception.plan([parse_sheet(t, "s") for t in sheets], None, [], {})
    fights = interception.run(plan, interception.seeded_roller(3))
    typed = ", ".join(f"{f.white} {f.black}" for f in fights)
    answer = client.post("/api/roguelight/intercept", json={"sheets": sheets, "dice": typed})
    assert answer.status_code == 200 and answer.json["result"] == seeded["result"]
    short = client.post("/api/roguelight/intercept",
                        json={"sheets": sheets, "dice": typed.rsplit(",", 1)[0]})
    assert short.status_code == 400 and "too few dice" in short.json["error"]
    extra = client.post("/api/roguelight/intercept", json={"sheets": sheets,
                                                           "dice": typed + ", 1 1"})
    assert extra.status_code == 400 and "left over" in extra.json["error"]
    bad = client.post("/api/roguelight/intercept", json={"sheets": sheets, "dice": "7 1"})
    assert bad.status_code == 400 and "'7 1'" in bad.json["error"]


@pytest.mark.parametrize(("url", "request_body"), [
    ("/api/roll", {"notation": "d6", "seed": [1]}),
    ("/api/rakugaaki/challenge", {"value": 2, "at": "C1", "seed": "x"}),
    ("/api/roguelight/intercept", {"sheets": ["map = 'basic'"], "seed": 1.5}),
    ("/api/majin/treasure", {"floor": 1, "levels": "1", "seed": True}),
    ("/api/jongrogue/floor", {"seed": -3}),
])
def test_a_bad_seed_is_refused_everywhere(client, url: str, request_body: dict) -> None:
    if "rakugaaki" in url:
        request_body["state"] = client.get("/api/rakugaaki/new").json
    answer = client.post(url, json=request_body)
    assert answer.status_code == 400 and "seed" in answer.json["error"]


def test_serve_names_a_port_it_cannot_listen_on(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["--lang", "en", "serve", "--port", str(port),
                                           "--data", str(tmp_path / "data")])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"127.0.0.1:{port}: cannot listen there" in result.stderr


def test_a_sheet_never_names_a_file_on_the_server(client) -> None:
    sheet = ALICE.read_text().replace('map = "basic"', 'map = "/etc/passwd"')
    refused = client.post("/api/roguelight/score", json={"sheet": sheet})
    assert refused.status_code == 400 and "sheet: map" in refused.json["error"]
    assert "root" not in refused.json["error"]
    escape = ALICE.read_text().replace('map = "basic"', 'map = "upload-../../../etc/x"')
    assert client.post("/api/roguelight/score", json={"sheet": escape}).status_code == 400
    assert client.post("/api/games", json={"game": "roguelight",
                                           "state": sheet}).status_code == 400


def test_an_uploaded_map_is_kept_by_the_server_and_scored_on(client, tmp_path: Path) -> None:
    from companion import data as shipped_data

    text = shipped_data.text("roguelight", "basic.toml").replace('name = "basic"',
                                                                 'name = "mine"', 1)
    made = client.post("/api/roguelight/maps", json={"map": text})
    assert made.status_code == 201
    name = made.json["name"]
    assert name.startswith("upload-") and len(name) == 23
    assert client.get(f"/api/roguelight/maps/{name}").json["width"] == 10
    stored = list((tmp_path / "data" / "maps").iterdir())
    assert [p.name for p in stored] == [name.removeprefix("upload-") + ".toml"]
    sheet = ALICE.read_text().replace('map = "basic"', f'map = "{name}"')
    scored = client.post("/api/roguelight/score", json={"sheet": sheet}).json
    assert scored["points"]["total"] == 20
    bad = client.post("/api/roguelight/maps", json={"map": "width = 'x'"})
    assert bad.status_code == 400 and bad.json["error"].startswith("map")


def test_jongrogue_slots_spring_take_remove(client, tmp_path: Path) -> None:
    dealt = client.post("/api/jongrogue/floor", json={"seed": 7}).json["state"]
    view = client.post("/api/jongrogue/view", json={"state": dealt}).json
    assert "spring" in view and "take" in view
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dealt))
    for act in ("spring", "take", "remove"):
        for slot in (1, 2, 3, 4):
            answer = client.post("/api/jongrogue/slot", json={"state": dealt, "act": act,
                                                               "slot": slot})
            result = CliRunner().invoke(main, ["--lang", "en", "jongrogue", act, str(path),
                                               str(slot), "--json"])
            assert (answer.status_code == 200) == (result.exit_code == 0), (act, slot)
            if result.exit_code == 0:
                assert answer.json["state"] == json.loads(result.stdout)["state"]
    assert client.post("/api/jongrogue/slot", json={"state": dealt, "act": "eat",
                                                    "slot": 1}).status_code == 400


def test_the_monster_deck_is_saved_with_the_game_and_undone_with_it(client) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    game = client.post("/api/games", json={"game": "darkhall", "state": sample}).json["id"]
    drawn = client.post("/api/darkhall/deck/draw", json={"deck": {"seed": 5, "drawn": []}}).json
    moved = client.post("/api/darkhall/monster", json={"state": sample,
                                                       "tile": drawn["tile"]}).json
    saved = client.put(f"/api/games/{game}", json={"state": moved["state"],
                                                   "deck": drawn["deck"]}).json
    assert saved["deck"] == drawn["deck"]
    assert client.get(f"/api/games/{game}").json["deck"]["drawn"][0]["tile"] == drawn["tile"]
    back = client.post(f"/api/games/{game}/undo").json
    assert back["deck"] is None and back["state"]["monster"] == sample["monster"]
    client.put(f"/api/games/{game}", json={"state": moved["state"], "deck": drawn["deck"]})
    second = client.post("/api/darkhall/deck/draw", json={"deck": drawn["deck"]}).json
    client.put(f"/api/games/{game}", json={"state": moved["state"], "deck": second["deck"]})
    client.put(f"/api/games/{game}", json={"state": sample})  # no deck: the last one stays
    assert client.get(f"/api/games/{game}").json["deck"] == second["deck"]
    client.post(f"/api/games/{game}/undo")
    undone = client.post(f"/api/games/{game}/undo").json  # back past the second draw
    assert undone["deck"] == drawn["deck"]  # not a new shuffle
    forged = {"seed": 5, "drawn": [{"tile": "XX" if drawn["tile"] != "XX" else "5"}]}
    assert client.put(f"/api/games/{game}", json={"state": sample,
                                                  "deck": forged}).status_code == 400


def test_concurrent_changes_to_one_game_are_all_kept(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from companion.web.store import Store

    store = Store(tmp_path)
    game = store.create("darkhall", {"n": 0})["id"]
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda n: store.push(game, {"n": n}), range(1, 41)))
    assert store.load(game)["steps"] == 41


def test_jongrogue_the_hero_and_the_plate_on_the_page(client) -> None:
    dealt = client.post("/api/jongrogue/floor", json={"seed": 11}).json["state"]
    assert dealt["hero"]["asleep"]  # the start room's sleeping gas
    view = client.post("/api/jongrogue/view", json={"state": dealt}).json
    assert view["blocked"] == "asleep" and view["moves"] == []
    awake = client.post("/api/jongrogue/hero", json={
        "state": dealt, "changes": {"asleep": False, "search_rings": 2}}).json["state"]
    assert not awake["hero"]["asleep"] and awake["hero"]["search_rings"] == 2
    assert client.post("/api/jongrogue/view", json={"state": awake}).json["moves"]
    for changes, says in [({"asleep": "no"}, "expected true or false"),
                          ({"search_rings": 3}, "expected a whole number 0-2"),
                          ({"wings": True}, "unknown key")]:
        answer = client.post("/api/jongrogue/hero", json={"state": dealt, "changes": changes})
        assert answer.status_code == 400 and says in answer.json["error"]
    refused = client.post("/api/jongrogue/plate", json={"state": awake})
    assert refused.status_code == 400 and "Amulet of Yendor" in refused.json["error"]
    assert client.post("/api/jongrogue/stairs-search",
                       json={"state": awake}).status_code == 400  # not in a monster house


# --- a server that holds ------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io"])
def test_a_request_for_another_host_is_refused(client, host: str) -> None:
    answer = client.get("/api/darkhall/setup", headers={"Host": host})
    assert answer.status_code == 421 and "its own address" in answer.json["error"]


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1:8000", "[::1]:8000",
                                  "192.168.1.20:8000"])
def test_addresses_and_loopback_names_are_answered(client, host: str) -> None:
    assert client.get("/api/darkhall/setup", headers={"Host": host}).status_code == 200


def test_a_served_name_is_answered(tmp_path: Path) -> None:
    app = create_app(tmp_path / "data", served=("table.local",))
    answer = app.test_client().get("/api/darkhall/setup", headers={"Host": "table.local:80"})
    assert answer.status_code == 200


def test_another_site_cannot_change_a_game(client) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    game = client.post("/api/games", json={"game": "darkhall", "state": sample},
                       headers={"Origin": "http://localhost"}).json["id"]
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                    {"Sec-Fetch-Site": "cross-site"}):
        answer = client.post(f"/api/games/{game}/undo", headers=headers)
        assert answer.status_code == 403 and "another site" in answer.json["error"]
        assert client.put(f"/api/games/{game}", json={"state": sample},
                          headers=headers).status_code == 403
    assert client.get(f"/api/games/{game}").json["steps"] == 1


def test_every_answer_carries_the_security_headers(client) -> None:
    for url in ("/", "/darkhall", "/api/darkhall/setup", "/static/api.js", "/nowhere"):
        headers = client.get(url).headers
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"


def test_malformed_input_is_400_never_500(client) -> None:
    nested = "[" * 10_000 + "]" * 10_000
    answer = client.post("/api/darkhall/monster", data=nested,
                         content_type="application/json")
    assert answer.status_code == 400
    for url in ("/api/darkhall/setup?players=²", "/api/rakugaaki/new?players=²",
                "/api/rakugaaki/new?players=٣", "/api/rakugaaki/new?players=" + "9" * 40):
        assert client.get(url).status_code == 400, url


def test_odds_too_costly_are_refused_at_once(client) -> None:
    answer = client.get("/api/odds?notation=100d100%2B100d100")
    assert answer.status_code == 400 and "too costly" in answer.json["error"]
    assert client.get("/api/odds?notation=100d100").status_code == 200
    assert client.post("/api/roll", json={"notation": "100d100+100d100",
                                          "seed": 1}).status_code == 200


def test_a_sheet_never_makes_the_server_read_a_file_it_names(client, tmp_path: Path) -> None:
    from companion import data as shipped_data

    made = client.post("/api/roguelight/maps", json={
        "map": shipped_data.text("roguelight", "basic.toml")}).json["name"]
    trick = f'name = """\nmap = "{made}"\n"""\nmap = "../../etc/passwd"\nfilled = ""\n'
    answer = client.post("/api/roguelight/score", json={"sheet": trick})
    assert answer.status_code == 400
    assert "uploaded here" in answer.json["error"] and str(tmp_path) not in answer.json["error"]


@pytest.mark.parametrize("host", ["999.1.1.1", "", "example.invalid"])
def test_serve_refuses_a_host_in_one_line_and_makes_nothing(tmp_path: Path, host: str) -> None:
    data = tmp_path / "data"
    result = CliRunner().invoke(main, ["--lang", "en", "serve", "--host", host, "--data",
                                       str(data)])
    assert result.exit_code == 2 and result.stderr.startswith("Error: --host: ")
    assert len(result.stderr.strip().splitlines()) == 1 and not data.exists()


# --- the 魔人 campaign on the page -------------------------------------------------------------


def campaign(client, state, command: str, **extra) -> dict:
    answer = client.post("/api/majin/campaign", json={"state": state, "command": command,
                                                       **extra})
    assert answer.status_code == 200, answer.json
    return answer.json


def test_the_campaign_commands_are_the_command_lines(client, tmp_path: Path) -> None:
    """The quick start of docs/majin.md, on the page's API and on the command line: the
    same campaign, command by command."""
    from companion.majin import campaign as campaigns

    game = tmp_path / "game.json"
    steps = [("new", {}, {"seed": 7}), ("gacha", {"tier": 100}, {}),
             ("gacha", {"tier": 100}, {}), ("gacha", {"tier": 100}, {}),
             ("party", {"front": ["M04", "M09", None], "back": ["M02", None, None]}, {}),
             ("enter", {}, {"dice": "3,5"}), ("draw", {}, {}), ("place", {"side": "N"}, {}),
             ("draw", {}, {}), ("place", {"side": "N"}, {}), ("move", {"steps": ["S"]}, {}),
             ("stay", {}, {}), ("fight", {}, {"dice": "1"})]
    cli = {"new": [str(game), "--seed", "7"], "gacha": [str(game), "--tier", "100"],
           "party": [str(game), "--front", "M04,M09", "--back", "M02"],
           "enter": [str(game), "--dice", "3,5"], "draw": [str(game)],
           "place": [str(game), "N"], "move": [str(game), "S"], "stay": [str(game)],
           "fight": [str(game), "--out", str(tmp_path / "b.json"), "--dice", "1"]}
    state = None
    for command, args, dice_or_seed in steps:
        state = campaign(client, state, command, args=args, **dice_or_seed)["state"]
        cli_json("majin", command, *cli[command])
        mine = campaigns.to_dict(campaigns.from_dict(state["campaign"], "page", None), log=False)
        theirs = campaigns.to_dict(campaigns.load(game), log=False)
        theirs["dungeon"] = theirs["dungeon"] and {**theirs["dungeon"], "battle": (
            theirs["dungeon"]["battle"] and {**theirs["dungeon"]["battle"], "file": "(page)"})}
        assert mine == theirs, command
    assert state["battle"]["monsters"] == ["A05"]


def test_a_battle_on_the_page_asks_each_decision_and_replays(client) -> None:
    state = None
    for command, extra in [("new", {"seed": 7}), ("gacha", {"args": {"tier": 100}}),
                           ("gacha", {"args": {"tier": 100}}),
                           ("party", {"args": {"front": ["M04", "M09", None]}}),
                           ("enter", {"dice": "3,5"}), ("draw", {}),
                           ("place", {"args": {"side": "N"}}), ("stay", {}),
                           ("fight", {"dice": "1"})]:
        state = campaign(client, state, command, **extra)["state"]
    state["seed"] = 3
    first = client.post("/api/majin/campaign/battle", json={"state": state}).json
    question = first["question"]
    assert question["path"] == ["1", "front", question["path"][2]] and first["seed"] == 3
    assert first["state"]["battle"] == state["battle"]  # nothing changes before an answer
    order = question["options"][0]["order"]
    again = client.post("/api/majin/campaign/battle", json={
        "state": first["state"], "path": question["path"], "order": order}).json
    assert again["log"][:len(first["log"])] == first["log"]  # the turn replays, then goes on
    written = again["state"]["battle"]["orders"]["1"]["front"][question["path"][2]]
    assert written == order
    bad = client.post("/api/majin/campaign/battle", json={
        "state": first["state"], "path": ["1", "front", "M04"], "order": {"do": "dance"}})
    assert bad.status_code == 400


def test_the_campaign_page_plays_the_sample_cards_only(client) -> None:
    state = campaign(client, None, "new", seed=1)["state"]
    state["campaign"]["cards"] = "/etc"
    answer = client.post("/api/majin/campaign", json={"state": state, "command": "gacha",
                                                       "args": {"tier": 100}})
    assert answer.status_code == 400 and "sample" in answer.json["error"]
    unknown = client.post("/api/majin/campaign", json={"state": None, "command": "fly"})
    assert unknown.status_code == 400
    state["campaign"]["cards"] = "sample"
    holders = client.post("/api/majin/campaign", json={
        "state": state, "command": "party", "args": {"front": ["M01", None, None],
                                                     "items": "M01=I03"}})
    assert holders.status_code == 400 and '{"M01": "I03"}' in holders.json["error"]


def test_a_campaign_is_saved_and_undone_like_any_game(client) -> None:
    state = campaign(client, None, "new", seed=1)["state"]
    game = client.post("/api/games", json={"game": "majin", "state": state}).json["id"]
    moved = campaign(client, state, "gacha", args={"tier": 100})["state"]
    assert client.put(f"/api/games/{game}", json={"state": moved}).json["steps"] == 2
    back = client.post(f"/api/games/{game}/undo").json["state"]
    assert back["campaign"]["stock"] == state["campaign"]["stock"]


def test_a_change_built_on_an_old_state_is_refused_with_409(client) -> None:
    sample = client.get("/api/darkhall/setup?from=sample").json
    game = client.post("/api/games", json={"game": "darkhall", "state": sample}).json["id"]
    assert client.put(f"/api/games/{game}", json={"state": sample, "base": 1}).status_code == 200
    stale = client.put(f"/api/games/{game}", json={"state": sample, "base": 1})
    assert stale.status_code == 409 and "changed since this page read it" in stale.json["error"]
    assert client.get(f"/api/games/{game}").json["steps"] == 2
    assert client.put(f"/api/games/{game}", json={"state": sample,
                                                  "base": "2"}).status_code == 400


def test_uploaded_maps_are_limited(client, monkeypatch) -> None:
    from companion import data as shipped_data
    from companion.web.routes import roguelight

    monkeypatch.setattr(roguelight, "MAX_MAPS", 1)
    text = shipped_data.text("roguelight", "basic.toml")
    assert client.post("/api/roguelight/maps", json={"map": text}).status_code == 201
    assert client.post("/api/roguelight/maps", json={"map": text}).status_code == 201  # kept
    other = client.post("/api/roguelight/maps", json={"map": text + "\n# another\n"})
    assert other.status_code == 400 and "the most it keeps" in other.json["error"]


def test_an_event_with_a_chest_and_a_reset_on_the_campaign_page(client) -> None:
    state = None
    for command, extra in [("new", {"seed": 7}), ("gacha", {"args": {"tier": 100}}),
                           ("party", {"args": {"front": ["M09", None, None]}}),
                           ("enter", {"dice": "3,5"}), ("draw", {}),
                           ("place", {"args": {"side": "N"}})]:
        state = campaign(client, state, command, **extra)["state"]
    done = campaign(client, state, "adjust", args={"note": "B1F event 6: a chest",
                                                    "chest": 2, "reset_encounter": True})
    trip = done["state"]["campaign"]["dungeon"]
    assert trip["chest"] == {"floor": 1, "levels": [2]} and trip["encounter"] == 0
    opened = campaign(client, done["state"], "chest", seed=2)
    assert opened["state"]["campaign"]["dungeon"]["chest"] is None


PHOTO = ROOT / "examples" / "roguelight" / "alice-photo.jpg"


def test_a_photo_of_a_sheet_is_read_and_scored_and_not_kept(client, tmp_path: Path) -> None:
    answer = client.post("/api/roguelight/read", data=PHOTO.read_bytes(),
                         content_type="image/jpeg")
    assert answer.status_code == 200, answer.json
    read = answer.json
    assert read["map"] == "basic" and read["score"]["points"]["total"] == 20
    assert 'map = "basic"' in read["sheet"] and "filled" in read["sheet"]
    assert all(d["confidence"] < 0.75 for d in read["doubts"])
    assert read["sure"] is (not read["doubts"] and not any(
        "small in the photo" in note for note in read["notes"]))
    kept = [p for p in (tmp_path / "data").rglob("*") if p.is_file()]
    assert kept == []  # no photo, no sheet written by reading


def test_a_photo_without_a_sheet_is_refused_in_words(client) -> None:
    refused = client.post("/api/roguelight/read", data=b"not a picture at all",
                          content_type="image/jpeg")
    assert refused.status_code == 400 and refused.json["error"].startswith("photo:")
    assert "picture" in refused.json["error"]
    big = client.post("/api/roguelight/read", data=b"x" * (17 * 1024 * 1024),
                      content_type="image/jpeg")
    assert big.status_code == 413
