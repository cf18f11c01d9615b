"""The web pages in a real browser (Debian's Chromium driven by Playwright) at a phone's
viewport: Dark Hall's monster move stepped through and checked against the command
line, a Roguelight sheet filled by tapping and scored as the command line scores it,
dice rolled. Screenshots go to the test's temporary folder, out of git."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion.cli import main
from companion.darkhall import state as states
from tests.web.conftest import PHONE, chromium_needed

pytestmark = chromium_needed


WORDS = tomllib.loads((Path(__file__).parents[2] / "companion" / "data" / "web" / "words.toml")
                      .read_text("utf-8"))


def settled(page) -> None:
    """Wait until the page's requests have all been answered."""
    page.wait_for_selector("body:not([data-busy])", state="attached")


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(main, ["--lang", "en", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def pieces(page) -> dict[str, str]:
    """What the board shows: square → the piece on it (stone, a token id, monster)."""
    return page.eval_on_selector_all(
        "svg#board [data-piece]",
        "nodes => Object.fromEntries(nodes.map(n => [n.dataset.at + ':' + n.dataset.piece,"
        " n.dataset.piece]))")


def expected_pieces(state: dict) -> dict[str, str]:
    shown = {f"{s}:stone": "stone" for s in state["stones"]}
    shown |= {f"{t['square']}:{t['id']}": t["id"] for t in state["tokens"] if t["square"]}
    return shown | {f"{state['monster']['square']}:monster": "monster"}


def test_dark_hall_monster_stepped_through_matches_the_command_line(server, page) -> None:
    page.goto(f"{server}/darkhall")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#sample")
    settled(page)
    start = pieces(page)
    assert start == expected_pieces(states.to_dict(states.load("sample")))
    page.click("button.tile[data-tile='10']")
    page.wait_for_function("document.getElementById('step').max === '10'")
    settled(page)
    page.wait_for_selector("body[data-ready=yes]")
    moved = cli_json("darkhall", "monster", "sample", "--tile", "10")
    assert pieces(page) == expected_pieces(moved["state"])
    page.fill("#step", "0")
    page.dispatch_event("#step", "input")
    assert pieces(page) == start  # step 0: the position before the move
    page.fill("#step", "1")
    page.dispatch_event("#step", "input")
    first = moved["steps"][0]
    assert f"{first['to']}:monster" in pieces(page)
    assert page.locator("#story li").count() == len(moved["steps"])
    page.click("#undo")
    settled(page)
    assert pieces(page) == start


def test_a_token_move_tapped_on_the_board_is_checked(server, page) -> None:
    page.goto(f"{server}/darkhall")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#sample")
    settled(page)
    page.click("#modes button[data-mode=move]")
    for square in ("k4", "k5", "k6", "k7"):  # red-4 stands on k4
        page.click(f"rect[data-square={square}]")
    page.click("#check")
    settled(page)
    expected = cli_json("darkhall", "move", "sample", "red-4", "k5", "k6", "k7")
    assert pieces(page) == expected_pieces(expected["state"])


def dig_a_room_and_export(page, tmp_path):
    """Dig C1:D2 by tapping, draw its plan with two taps, export: the sheet file."""
    for cell in ("C1", "D1", "C2", "D2"):
        page.click(f"button[data-cell={cell}]")
    page.click("#plan")
    page.click("button[data-cell=C1]")
    page.click("button[data-cell=D2]")
    page.wait_for_function("document.getElementById('total').textContent !== '—'")
    page.click("#export")
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(page.text_content("#toml"))
    return sheet


def test_a_majin_battle_picked_on_the_page(server, page, tmp_path) -> None:
    page.goto(f"{server}/majin-battle")
    page.wait_for_selector("body[data-ready=yes]")
    fronts = page.locator("#front select")
    for index, card in enumerate(("M01", "M07", "M14")):
        fronts.nth(index).select_option(card)
    page.locator("#monsters select").nth(0).select_option("A05")
    page.fill("#seed", "4")
    page.click("#fight")
    page.wait_for_selector("#battle li")
    battle = {"game": "majin", "kind": "battle", "cards": "sample",
              "front": ["M01", "M07", "M14"], "back": [None, None, None],
              "monsters": ["A05"], "policy": {"charge": "always"}}
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(battle))
    expected = cli_json("majin", "battle", str(path), "--seed", "4")
    assert page.locator("#battle li").count() == len(expected["log"])
    assert f"LP {expected['party_lp']} / {expected['monster_lp']}" in page.text_content(
        "#outcome")


def test_rakugaaki_a_one_placed_by_tapping(server, page, tmp_path) -> None:
    page.goto(f"{server}/rakugaaki")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("polygon[data-cell=C1]")
    page.click("#choices button[data-value='1']")
    page.wait_for_selector("polygon[data-tile='red-1']")
    assert page.get_attribute("polygon[data-tile='red-1']", "data-cell") == "C1"
    assert "blue" in page.text_content("#turn") or "red" in page.text_content("#turn")


def test_jongrogue_a_floor_dealt_and_a_move_made(server, page) -> None:
    page.goto(f"{server}/jongrogue")  # a new browser context: nothing stored yet
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator(".room.open").count() == 1  # the start room only
    assert page.locator("#events li[data-event=open]").count() == 1
    page.click("#moves button[data-to='5E']")
    page.wait_for_function("document.getElementById('where').textContent.includes('5E')")


def test_jongrogue_a_pit_at_the_deal_and_the_next_floor_by_a_tap(server, page) -> None:
    page.goto(f"{server}/jongrogue")
    page.wait_for_selector("body[data-ready=yes]")
    page.fill("#seed", "12")  # its start room springs a pit
    page.click("#new")
    page.wait_for_selector("#next-floor")
    assert page.locator(".room").count() == 0
    assert "B2" in page.text_content("#where")
    page.fill("#seed", "7")
    page.click("#next-floor")
    page.wait_for_selector(".room.open")
    assert "B2" in page.text_content("#where") and page.locator("#next-floor").count() == 0


def test_a_roguelight_room_drawn_by_dragging(server, page, tmp_path) -> None:
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#plan")
    page.drag_and_drop("button[data-cell=C1]", "button[data-cell=D2]")
    page.click("#export")
    assert 'plans = ["C1:D2"]' in page.text_content("#toml")


def test_a_roguelight_sheet_scored_from_a_photo_and_its_doubts_confirmed(server, page) -> None:
    """Each ringed cell and item mark confirmed by a tap leaves the list of doubts;
    with none left ringed the message says every ringed one is checked, and the score
    stands."""
    photo = Path(__file__).parents[2] / "examples" / "roguelight" / "alice-photo.jpg"
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    page.set_input_files("#photo", str(photo))
    page.wait_for_function("document.getElementById('total').textContent === '20'")
    assert "filled" in page.get_attribute("button[data-cell=A1]", "class")
    assert "filled" not in (page.get_attribute("button[data-cell=C4]", "class") or "")
    page.click("#export")
    assert 'plans = ["C1:D2", "F1:G2", "D6:F7"]' in page.text_content("#toml")
    doubts = page.locator("#grid button.doubt")
    assert doubts.count() >= 1
    assert page.text_content("#said") == WORDS["en"]["rl_photo_doubts"]
    for _tap in range(doubts.count()):  # each confirmed by a tap (the grid is drawn again)
        cell = doubts.first.get_attribute("data-cell")
        assert page.locator(f"#doubts li.doubt[data-name={cell}]").count() == 1
        doubts.first.click()
        assert page.locator(f"#doubts li.doubt[data-name={cell}]").count() == 0
    assert doubts.count() == 0
    items = page.locator("#items button.doubt")  # item marks 3, 4 read uncircled in doubt
    assert items.count() == 2
    assert page.text_content("#said") == WORDS["en"]["rl_photo_doubts"]
    for _tap in range(2):
        items.first.click()
    assert items.count() == 0 and page.is_hidden("#accept")  # nothing ringed is left
    left = page.locator("#doubts li.doubt").all_text_contents()
    assert left and all(": " + WORDS["en"]["rl_read_plan"] in line for line in left)  # plans
    assert page.text_content("#said") == WORDS["en"]["rl_photo_checked"]
    page.wait_for_function("document.getElementById('total').textContent === '20'")


def test_a_photo_with_the_sheet_small_in_it_says_so_and_its_doubts_are_confirmed_at_once(
        server, page, tmp_path) -> None:
    """A sheet small in the photo leaves dozens of doubts: the page says to take the
    photo closer, and one button confirms every doubt as read, the score unchanged."""
    import cv2

    photo = cv2.imread(str(Path(__file__).parents[2] / "examples" / "roguelight"
                           / "alice-photo.jpg"))
    small = tmp_path / "small.jpg"
    cv2.imwrite(str(small), cv2.resize(photo, None, fx=0.4, fy=0.4,  # 1.6 px/mm: read
                                       interpolation=cv2.INTER_AREA))
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    assert page.is_hidden("#accept")
    page.set_input_files("#photo", str(small))
    page.wait_for_selector("#accept:not([hidden])")
    settled(page)
    assert page.text_content("#said") in {said["rl_photo_small_doubts"]
                                                    for said in WORDS.values()}
    assert page.locator("#grid button.doubt").count() > 20
    total = page.text_content("#total")
    page.click("#accept")
    assert page.locator("#grid button.doubt").count() == 0
    assert page.locator("#doubts li.doubt").count() == 0 and page.is_hidden("#accept")
    assert page.is_hidden("#said") and page.text_content("#total") == total


def _said_of_alice_photo(server, page, tmp_path, changed) -> str:
    """What the page says of the shipped photo of Alice's sheet as ``changed`` (an
    OpenCV image in, one out) makes it."""
    import cv2

    photo = cv2.imread(str(Path(__file__).parents[2] / "examples" / "roguelight"
                           / "alice-photo.jpg"))
    path = tmp_path / "changed.jpg"
    cv2.imwrite(str(path), changed(photo))
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    page.set_input_files("#photo", str(path))
    page.wait_for_selector("#said:not([hidden])")
    settled(page)
    return page.text_content("#said")


def test_an_overexposed_photo_says_so(server, page, tmp_path) -> None:
    """A photo exposed a third brighter, the paper pure white over much of the map:
    the page says it is overexposed and to take it again out of direct light, not
    that the sheet is small in it."""
    import cv2

    said = _said_of_alice_photo(server, page, tmp_path,
                                lambda photo: cv2.convertScaleAbs(photo, alpha=1.35))
    assert said in {words[key] for words in WORDS.values()
                    for key in ("rl_photo_bright", "rl_photo_bright_doubts")}
    assert any("overexposed" in li.text_content() or "明るすぎ" in li.text_content()
               for li in page.locator("#doubts li.hint").all())


def test_a_photo_smeared_one_way_says_so(server, page, tmp_path) -> None:
    """The phone moved as it took the photo (smeared 5 pixels across): the page says
    the photo is smeared and to hold the phone still."""
    import cv2
    import numpy as np

    move = np.zeros((5, 5), np.float32)
    move[2, :] = 1 / 5
    said = _said_of_alice_photo(server, page, tmp_path,
                                lambda photo: cv2.filter2D(photo, -1, move))
    assert said in {words[key] for words in WORDS.values()
                    for key in ("rl_photo_smeared", "rl_photo_smeared_doubts")}


def test_an_item_mark_read_with_doubt_is_ringed_and_confirmed_by_a_tap(
        server, page, tmp_path) -> None:
    """Seed 151's sheet, small in the photo: item 3 (circled, its box hatched too
    faintly to read spent) is in doubt. Its button in the items row is ringed as a
    cell in doubt is; the first tap confirms it as read — circled, unspent — and its
    line leaves the list; the next tap changes it as ever (spent)."""
    from tests.roguelight import photos

    path = tmp_path / "faint.jpg"
    path.write_bytes(photos.photo(151).jpeg)
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    page.set_input_files("#photo", str(path))
    page.wait_for_selector("#said:not([hidden])")
    settled(page)
    item = page.locator("#items button[data-item='3']")
    line = page.locator("#doubts li.doubt[data-what=spent][data-name='3']")
    assert "doubt" in item.get_attribute("class") and line.count() == 1
    assert page.locator("#items button.doubt").count() == 1
    assert page.locator("#doubts li.doubt[data-what=development][data-name='3']").count() == 0
    item.click()
    assert "doubt" not in item.get_attribute("class") and line.count() == 0
    assert item.text_content().endswith("○")  # circled, unspent, as read
    assert page.text_content("#said") != WORDS["en"]["rl_photo_checked"]  # cells left
    item.click()
    assert item.text_content().endswith("×")


def test_a_sheet_alone_through_a_room_with_no_battle_is_intercepted_to_its_title(
        server, page, tmp_path) -> None:
    """Seed 151's sheet, read from its photo, alone at the table: its route runs
    through room A, which does not score (a plan's line runs inside it), so there is
    no battle there. The interception says so in words, and ends with the sheet's
    solo title and points — no page error, no raw data."""
    from tests.roguelight import photos

    path = tmp_path / "sheet.jpg"
    path.write_bytes(photos.photo(151).jpeg)
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    page.set_input_files("#photo", str(path))
    page.wait_for_selector("#said:not([hidden])")
    settled(page)
    page.click("#add")
    page.click("#intercept")
    page.wait_for_selector("#winners")
    words = WORDS["en"]
    lines = page.locator("#result li").all_text_contents()
    assert f"A {words['rl_visit_unscored']}" in lines[0]
    assert lines[-1].startswith(f"{words['rl_solo_title']}: ")
    assert lines[-1].endswith(f" {words['rl_points']})") and "{" not in lines[-1]


def test_a_photo_under_a_lamps_glare_says_so(server, page, tmp_path) -> None:
    """A lamp's reflection over part of the sheet: the page says a glare pales part
    of it and to take the photo out of the lamp's reflection, not that the sheet is
    small in the photo; the note below names the cells under it."""
    from tests.roguelight import photos

    path = tmp_path / "glare.jpg"
    path.write_bytes(photos.played_basic(0, glare=0.6, glare_at=(0.5, 0.45, 0.1)).jpeg)
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    page.set_input_files("#photo", str(path))
    page.wait_for_selector("#said:not([hidden])")
    settled(page)
    assert page.text_content("#said") in {words[key] for words in WORDS.values()
                                          for key in ("rl_photo_glare", "rl_photo_glare_doubts")}
    assert any("E5:I9" in li.text_content() for li in page.locator("#doubts li.hint").all())


def test_a_photo_with_the_sheet_too_small_to_read_says_so_and_leaves_the_grid(
        server, page, tmp_path) -> None:
    """A sheet at 1.4 pixels a millimetre in the photo is refused: the page says so,
    with the measure, and the tap grid stays as it was, no doubt ringed."""
    import cv2

    photo = cv2.imread(str(Path(__file__).parents[2] / "examples" / "roguelight"
                           / "alice-photo.jpg"))
    tiny = tmp_path / "tiny.jpg"
    cv2.imwrite(str(tiny), cv2.resize(photo, None, fx=0.35, fy=0.35,
                                      interpolation=cv2.INTER_AREA))
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    before = page.locator("#grid button.filled").count()
    page.set_input_files("#photo", str(tiny))
    page.wait_for_selector("#error:not([hidden])")
    assert "too small in the photo" in page.text_content("#error")
    assert "1.5" in page.text_content("#error")
    assert page.locator("#grid button.doubt").count() == 0
    assert page.locator("#grid button.filled").count() == before
    assert page.is_hidden("#accept")


def test_dark_hall_tokens_and_pools_placed_by_tapping(server, page) -> None:
    page.goto(f"{server}/darkhall")
    page.wait_for_selector("body[data-ready=yes]")
    page.select_option("#players", "2")
    page.click("#basic")
    settled(page)
    page.click("#modes button[data-mode=token]")
    page.click("rect[data-square=f6]")
    page.wait_for_selector("[data-at=f6][data-piece]")
    page.click("#modes button[data-mode=pool]")
    for square in ("c5", "d5", "e5", "f5"):
        page.click(f"rect[data-square={square}]")
    settled(page)
    assert page.get_attribute("rect[data-square=d5]", "fill") == "#b33a3a"
    for square in ("k2", "m4", "a5", "p7"):  # not a pool's shape: refused, nothing kept
        page.click(f"rect[data-square={square}]")
    page.wait_for_selector("#error:not([hidden])")
    assert page.get_attribute("rect[data-square=k2]", "fill") != "#b33a3a"


def test_a_roguelight_sheet_survives_a_reload_and_undo_steps_back(server, page) -> None:
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    for cell in ("C1", "D1"):
        page.click(f"button[data-cell={cell}]")
    settled(page)
    page.reload()
    page.wait_for_selector("body[data-ready=yes]")
    opened = page.eval_on_selector_all("button[data-cell]:not(.filled)",
                                       "nodes => nodes.map(n => n.dataset.cell)")
    assert opened == ["C1", "D1"]
    page.click("#undo")
    settled(page)
    opened = page.eval_on_selector_all("button[data-cell]:not(.filled)",
                                       "nodes => nodes.map(n => n.dataset.cell)")
    assert opened == ["C1"]


def test_rakugaaki_and_jongrogue_games_survive_a_reload(server, page) -> None:
    page.goto(f"{server}/rakugaaki")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("polygon[data-cell=C1]")
    page.click("#choices button[data-value='1']")
    page.wait_for_selector("polygon[data-tile='red-1']")
    page.reload()
    page.wait_for_selector("polygon[data-tile='red-1']")
    page.click("#undo")
    settled(page)
    assert page.locator("polygon[data-tile]").count() == 0
    page.goto(f"{server}/jongrogue")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#moves button[data-to='5E']")
    page.wait_for_function("document.getElementById('where').textContent.includes('5E')")
    page.reload()
    page.wait_for_function("document.getElementById('where').textContent.includes('5E')")
    page.click("#undo")
    page.wait_for_function("!document.getElementById('where').textContent.includes('5E')")


def test_a_roguelight_map_uploaded_and_played(server, page, tmp_path) -> None:
    from companion import data as shipped_data

    mine = tmp_path / "mine.toml"
    mine.write_text(shipped_data.text("roguelight", "basic.toml"))
    page.goto(f"{server}/roguelight")
    page.wait_for_selector("body[data-ready=yes]")
    page.set_input_files("#upload", str(mine))
    page.wait_for_function("document.getElementById('map').value.startsWith('upload-')")
    sheet = dig_a_room_and_export(page, tmp_path)
    assert 'map = "mine.toml"' in sheet.read_text()
    expected = cli_json("roguelight", "score", str(sheet))
    assert page.text_content("#total") == str(expected["points"]["total"])


def test_the_monster_deck_survives_a_reload(server, page) -> None:
    page.goto(f"{server}/darkhall")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#sample")
    settled(page)
    page.click("#draw")
    page.wait_for_function("document.getElementById('deck').textContent.includes(': ')")
    first = page.text_content("#deck")
    settled(page)  # the draw saved before the page goes
    page.reload()
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#draw")
    page.wait_for_function("document.getElementById('deck').textContent.includes(': ')")
    second = page.text_content("#deck")
    assert first.split(": ")[0] != second.split(": ")[0]  # move 1, then move 2 of the deck


def test_the_board_shows_its_lettered_walls(server, page) -> None:
    page.goto(f"{server}/darkhall")
    page.wait_for_selector("body[data-ready=yes]")
    letters = page.eval_on_selector_all("svg#board [data-wall]", "nodes => nodes.length")
    assert letters == 54
    board = page.locator("svg#board").bounding_box()
    assert board["width"] <= PHONE["width"]  # on a phone the board is seen whole
    page.click("button.zoom")  # and zoomed, a square is a touch target, scrolled sideways
    box = page.locator("rect[data-square=a1]").bounding_box()
    assert box["width"] >= 44
    page.click("button.zoom")
    assert page.locator("svg#board").bounding_box()["width"] <= PHONE["width"]


@pytest.mark.parametrize("name", ["dice", "darkhall", "roguelight", "rakugaaki", "jongrogue",
                                  "majin", "majin-battle"])
def test_every_page_runs_under_its_content_security_policy(server, browser, name) -> None:
    """The other browser tests wait on scripts of their own (which the policy would
    refuse); here the policy holds and the page must still load and draw."""
    context = browser.new_context(viewport=PHONE)
    opened = context.new_page()
    refused: list[str] = []
    opened.on("console", lambda message: refused.append(message.text)
              if "Content Security Policy" in message.text else None)
    opened.on("pageerror", lambda error: refused.append(str(error)))
    answer = opened.goto(f"{server}/{name}")
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    if name != "dice":
        opened.wait_for_selector("body[data-ready=yes]")
    context.close()
    assert not refused, refused


def test_quick_taps_on_a_slow_link_are_all_kept(server, page) -> None:
    """Three stones erased 150 ms apart while each save takes 250 ms: none comes back."""
    page.goto(f"{server}/darkhall")
    page.wait_for_selector("body[data-ready=yes]")
    page.click("#sample")
    settled(page)
    stones = page.eval_on_selector_all("[data-piece=stone]",
                                       "nodes => nodes.map(n => n.dataset.at)")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 250,
                                                  "downloadThroughput": -1,
                                                  "uploadThroughput": -1})
    page.click("#modes button[data-mode=erase]")
    for square in stones[:3]:
        page.click(f"rect[data-square='{square}']")
        page.wait_for_timeout(150)
    settled(page)
    page.wait_for_timeout(1500)
    game_id = page.evaluate("localStorage.getItem('darkhall-game')")
    saved = page.evaluate(f"fetch('/api/games/{game_id}').then(r => r.json())")
    assert not set(stones[:3]) & set(saved["state"]["stones"])
    assert len(saved["state"]["stones"]) == len(stones) - 3


def test_an_unreachable_server_says_so_and_retries(server, page) -> None:
    page.goto(f"{server}/dice")
    page.context.set_offline(True)
    page.click("button[data-notation='2d6']")
    page.wait_for_selector("#error:not([hidden]) #retry")
    assert "reach" in page.text_content("#error")
    page.context.set_offline(False)
    page.click("#retry")
    page.wait_for_selector("#log li")
    assert page.is_hidden("#error")


def test_on_a_laptop_the_board_fits_without_a_sideways_scroll(server, browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    opened = context.new_page()
    opened.goto(f"{server}/darkhall")
    opened.wait_for_selector("body[data-ready=yes]")
    assert opened.evaluate("document.documentElement.scrollWidth") <= 1280
    scroller = opened.locator("svg#board").evaluate("e => e.parentElement.scrollWidth "
                                                    "<= e.parentElement.clientWidth")
    assert scroller
    assert opened.locator("rect[data-square=a1]").bounding_box()["width"] >= 44
    context.close()
