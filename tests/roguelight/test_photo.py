"""Reading a played Roguelight sheet from a phone photo (companion roguelight read).

The photos are made by tests/roguelight/photos.py from finished sheets: the
printed PDF rendered, drawn on as players draw, then photographed (tilt, turn,
curl, light, blur, noise, JPEG). The full accuracy run over 200 photos is
benchmarks/photo_read.py; these tests hold a smaller set to the same measures.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from dataclasses import replace
from functools import partial
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.grid import cell_name, parse_range
from companion.photo import Sheet
from companion.roguelight import layout, reader, ruled
from companion.roguelight.maps import GOALS, shipped
from tests.roguelight import photos

PHOTOS = range(1000, 1016)


@pytest.fixture(scope="module")
def readings():
    """Sixteen photos and what the reader made of them."""
    found = []
    for seed in PHOTOS:
        shot = photos.photo(seed)
        found.append((shot, reader.read(shot.jpeg)))
    return found


def compare(shot: photos.Photo, read: reader.Reading) -> list[tuple[str, str, bool]]:
    """Every mark that can be read, as (what, which, read right)."""
    truth, board = shot.truth, read.board
    at = layout.SheetLayout(board)
    marks = [("cell", area.name, any(c in truth.filled for c in area.cells)
              == any(c in read.filled for c in area.cells)) for area in layout.areas(at)]
    marks += [("development", str(n), (n <= truth.development) == (n <= read.development))
              for n in range(1, board.development_length + 1)]
    planned = {p.name() for p in truth.plans}
    seen = {p.name() for p in read.plans}
    marks += [("plan", name, name in planned and name in seen) for name in planned | seen]
    for m in range(1, len(board.item_points) + 1):
        marks.append(("spent", str(m), (m in truth.spent) == (m in read.spent)))
        if m not in board.items_circled:
            marks.append(("circled", str(m), (m in truth.circled) == (m in read.circled)))
    if board.large:
        marks += [("goal", g, (g in truth.goals) == (g in read.goals)) for g in GOALS]
    return marks


# --- the printed sheet carries what a reader needs ----------------------------------------


@pytest.mark.parametrize("code", range(12))
def test_the_fiducials_are_opencvs_own_markers(code):
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    image = cv2.aruco.generateImageMarker(dictionary, code, 6)
    bits = tuple("".join("#" if image[r + 1][c + 1] == 0 else "." for c in range(4))
                 for r in range(4))
    assert bits == layout.ARUCO_4X4[code]


def test_each_map_has_its_own_corner_codes():
    basic, advanced = shipped("basic"), shipped("advanced")
    assert layout.marker_codes(basic, False) == (0, 1, 2, 3)
    assert layout.marker_codes(advanced, False) == (4, 5, 6, 7)
    assert layout.marker_codes(basic, True) == (8, 9, 10, 11)
    assert [layout.map_of_code(c) for c in (0, 3, 4, 7, 8)] == [
        "basic", "basic", "advanced", "advanced", None]


def test_the_qr_code_names_game_map_layout_and_a_map_files_hash():
    fields = layout.parse_qr(layout.qr_payload(shipped("basic"), "grid = 1"))
    assert fields["game"] == "roguelight" and fields["map"] == "basic"
    assert fields["layout"] == str(layout.LAYOUT)
    assert fields["sha"] == layout.map_fingerprint("grid = 1")
    assert layout.parse_qr("https://example.org") == {}


@pytest.mark.parametrize("name", ["basic", "advanced"])
def test_a_cells_picture_leaves_a_ring_for_the_pencil(name):
    at = layout.SheetLayout(shipped(name))
    for area in layout.areas(at):
        free = reader._free(area, inset=1.0, clear=0.6)[1]
        assert free.mean() > 0.2, area.name


@pytest.mark.parametrize(("name", "paper"), [("basic", "a4"), ("advanced", "letter")])
def test_a_blank_printed_sheet_reads_blank_with_its_qr(name, paper):
    page = photos.printed_page(name, "en", paper)
    read = reader.read(_jpeg(page.image))
    assert read.map_reference == name
    assert read.filled == frozenset() and read.plans == () and read.development == 0
    assert read.circled == frozenset() and read.spent == frozenset() and read.goals == ()
    assert read.notes == []  # the QR code was read and agrees
    assert read.doubts == []


@pytest.mark.parametrize(("name", "paper", "lang"), [
    ("basic", "a4", "ja"), ("basic", "letter", "ja"), ("advanced", "a4", "en"),
    ("advanced", "letter", "en")])
def test_the_strips_the_reader_measures_the_paper_on_are_bare_on_the_printed_sheet(
        name, paper, lang):
    """The bare strips and the paper's margins either side of the sheet carry no
    print on the sheet as printed (a line or a number in them would be taken for the
    paper's shade, and for its grain), on A4 and Letter, in Japanese and English."""
    page = photos.printed_page(name, lang, paper)
    for strip in [*layout.bare_strips(page.layout), *layout.margin_strips(page.layout)]:
        x0, y0 = ((o + v) * photos.PX for o, v in zip(page.origin, (strip.x, strip.y),
                                                       strict=True))
        seen = page.image[round(y0):round(y0 + strip.h * photos.PX),
                          round(x0):round(x0 + strip.w * photos.PX)]
        assert seen.size and seen.min() > 0.95, strip


def test_a_shadow_over_open_cells_walled_in_by_fills_is_read_from_the_papers_margin(
        monkeypatch):
    """A lamp's shadow over the map's left side, where 17 open cells lie walled in by
    fills: no bare cell beside them shows the shadow, and they would all read
    filled (three with no doubt). The paper's margin left of the sheet shows it, and
    they are read open: the sheet reads exactly."""
    shadowed = photos.photo(5047)
    reading = reader.read(shadowed.jpeg)
    assert all(right for *_mark, right in compare(shadowed, reading))
    monkeypatch.setattr(layout, "margin_strips", lambda at: [])
    reading = reader.read(shadowed.jpeg)
    wrong = [(what, name) for what, name, right in compare(shadowed, reading) if not right]
    assert len(wrong) == 18 and ("cell", "B4") in wrong


def _jpeg(image: np.ndarray) -> bytes:
    photo = (np.clip(image, 0, 1) * 255).astype(np.uint8)[:, :, ::-1]
    return cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def _marker_bit(page: photos.Page, corner: int, row: int, column: int):
    """The pixels of one bit (``row``, ``column``, 0–3) of a corner marker."""
    box = page.layout.markers[corner]
    module = layout.MARKER / 6  # a black border round 4 × 4 bits
    x, y = (page.origin[0] + box.x + (1 + column) * module,
            page.origin[1] + box.y + (1 + row) * module)
    return (slice(round(y * photos.PX), round((y + module) * photos.PX)),
            slice(round(x * photos.PX), round((x + module) * photos.PX)))


def _with_a_wrong_bit(page: photos.Page, image: np.ndarray, corner: int) -> None:
    """The marker in ``corner`` of ``image`` with its first bit the other colour."""
    where = _marker_bit(page, corner, 0, 0)
    image[where] = 1.0 - image[where].mean(axis=(0, 1)).round()


def test_corner_marks_with_a_wrong_bit_are_found_where_the_others_place_them():
    """Two of the four corner marks read wrong (a small, blurred marker loses a bit):
    they are looked for again allowing a wrong bit, where the other two place them,
    and the sheet is read as it is, not refused."""
    page = photos.printed_page("basic")
    image = page.image.copy()
    for corner in (0, 2):
        _with_a_wrong_bit(page, image, corner)
    data = _jpeg(image)
    from companion import photo

    assert sorted(photo.find_markers(photo.decode(data), range(12))[0]) == [1, 3]
    read = reader.read(data)
    assert read.map_reference == "basic" and read.doubts == [] and read.filled == frozenset()


def test_three_corner_marks_with_a_wrong_bit_are_found_with_the_one_read_surely():
    """Three of the four corner marks read wrong (a sheet small in the photo): with
    the one read surely, they are those that lie on one plane with it, as large —
    the sheet is read, not refused; moved off their places, they do not fit, and
    the photo is refused, naming the one mark seen."""
    from companion import photo

    page = photos.printed_page("basic")
    image = page.image.copy()
    for corner in (1, 2, 3):
        _with_a_wrong_bit(page, image, corner)
    data = _jpeg(image)
    assert sorted(photo.find_markers(photo.decode(data), range(12))[0]) == [0]
    read = reader.read(data)
    assert read.map_reference == "basic" and read.doubts == [] and read.filled == frozenset()

    side = round(layout.MARKER * photos.PX)
    for corner, (dx, dy) in ((2, (-60, -90)), (3, (40, -70))):  # mm, toward the middle
        box = page.layout.markers[corner]
        left, top = (round((v + o) * photos.PX) for v, o in zip((box.x, box.y), page.origin,
                                                                strict=True))
        mark = image[top:top + side, left:left + side].copy()
        image[top:top + side, left:left + side] = 1.0
        left, top = left + dx * round(photos.PX), top + dy * round(photos.PX)
        image[top:top + side, left:left + side] = mark
    with pytest.raises(reader.PhotoError, match="1 of the four corner marks"):
        reader.read(_jpeg(image))


@pytest.mark.parametrize("moved", [(90, 130), (25, 30)])  # mm: to the middle, or nearer
def test_a_marker_read_allowing_a_wrong_bit_is_kept_only_where_the_others_place_it(moved):
    """A shape read as a missing corner mark (allowing a wrong bit) anywhere but
    where the marks found place it is not taken for it: far off, by where the
    others place it; a little off, as the four marks would not lie on one plane."""
    from companion import photo

    page = photos.printed_page("basic")
    image = page.image.copy()
    for corner in (0, 2):
        _with_a_wrong_bit(page, image, corner)
    side = round(layout.MARKER * photos.PX)  # the top left mark moves
    left, top = (round(v * photos.PX) for v in page.origin)
    mark = image[top:top + side, left:left + side].copy()
    image[top:top + side, left:left + side] = 1.0
    left, top = left + round(moved[0] * photos.PX), top + round(moved[1] * photos.PX)
    image[top:top + side, left:left + side] = mark
    gray = photo.decode(_jpeg(image))
    found, _seen_in = photo.find_markers(gray, range(12))
    assert sorted(found) == [1, 3]
    assert 0 in {code for code, _quad in photo._quads(gray, {0}, wrong_bits=True)}  # seen
    expected = {i: np.array(reader._corners(box)) for i, box in enumerate(page.layout.markers)}
    assert sorted(photo.more_markers(gray, expected, found)) == [1, 2, 3]


# --- photos of played sheets -----------------------------------------------------------------


def test_photos_are_read_mark_by_mark(readings):
    marks = [m for shot, read in readings for m in compare(shot, read)]
    right = sum(ok for _what, _name, ok in marks) / len(marks)
    cells = [ok for shot, read in readings for what, _name, ok in compare(shot, read)
             if what == "cell"]
    # what the reader reaches today (the issue asks for 99.5 % of marks; see
    # benchmarks/photo_read.py for the 200-photo run)
    assert sum(cells) / len(cells) >= 0.98
    assert right >= 0.98


def test_most_wrong_marks_are_among_the_doubts(readings):
    """A mark read wrong and not doubted gives a wrong score without a warning."""
    wrong = silent = 0
    for shot, read in readings:
        doubted = {(m.what, m.name) for m in read.doubts}
        for what, name, ok in compare(shot, read):
            if not ok:
                wrong += 1
                silent += (what, name) not in doubted and what != "plan"
    assert silent <= max(2, wrong // 2)


def test_development_is_read_as_the_count_crossed(readings):
    right = [read.development == shot.truth.development for shot, read in readings]
    assert sum(right) >= len(right) - 1


def test_a_twelve_megapixel_photo_is_read(tmp_path):
    shot = photos.photo(7, "basic")
    image = cv2.imdecode(np.frombuffer(shot.jpeg, np.uint8), cv2.IMREAD_COLOR)
    big = cv2.resize(image, (4000, 3000) if image.shape[1] > image.shape[0] else (3000, 4000))
    read = reader.read(cv2.imencode(".jpg", big)[1].tobytes())
    assert read.board.name == "basic"


# --- refusals ---------------------------------------------------------------------------------


def _refused(data: bytes, *words: str, board=None, source=None) -> None:
    with pytest.raises(reader.PhotoError) as caught:
        reader.read(data, board, source)
    for word in words:
        assert word in str(caught.value)


def test_not_a_photo_is_refused():
    _refused(b"", "empty")
    _refused(b"grid = 1\n" * 10, "not a picture")


def test_a_photo_without_the_sheet_is_refused():
    table = np.full((900, 1200, 3), 120, np.uint8)
    _refused(cv2.imencode(".jpg", table)[1].tobytes(), "no sheet found", "0 of the four")


def test_a_tiny_photo_is_refused():
    _refused(cv2.imencode(".png", np.zeros((200, 150), np.uint8))[1].tobytes(), "150 × 200")


def test_a_sheet_too_small_in_the_photo_to_read_is_refused_with_the_measure():
    """A whole sheet a third of a one-megapixel photo across: its corner marks are
    found, but at 1.3 pixels a millimetre an item box is too few pixels to look in;
    the photo is refused with the measure, not read as a page of doubts."""
    rng = random.Random(3)
    sheet = photos.Sheet(photos.printed_page("basic"), rng)
    shot = photos.Shot(megapixels=1.0, tilt=5, turn=0, fill=0.45, curl=0, light=1, shadow=1,
                       blur=0.5, noise=1, quality=90)
    _refused(photos.photograph(sheet.image, shot, rng), "too small in the photo",
             "1.3 pixels a millimetre", "at least 1.5")


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-5, 5), min_size=10, max_size=10))
def test_the_paper_curls_shift_is_its_cubic_at_every_pixel(coef):
    """The shift that takes the paper's curl out, a cubic fitted to where the
    printed lines were found, is evaluated over the whole sheet at once: at every
    pixel it is the cubic's value there."""
    from companion import photo

    x, y = np.linspace(-0.05, 1.05, 31), np.linspace(-0.05, 1.05, 17)
    grid = photo._surface(np.array(coef), x, y)
    gx, gy = np.meshgrid(x, y)
    each = sum(c * term for c, term in zip(coef, photo._terms(gx, gy), strict=True))
    assert grid.shape == (17, 31) and grid.dtype == np.float32
    assert np.allclose(grid, each, atol=1e-4 * (1 + np.abs(each).max()))


@pytest.mark.parametrize("seed", [9115, 9116])
def test_a_sheet_bowed_more_than_a_landmarks_reach_is_followed_out_from_its_corners(
        seed, monkeypatch):
    """A paper bowed 7 mm in its middle (carried folded, lifted at its centre): the
    grid lies farther from where the corner marks put it than any landmark is
    looked for (4 mm), and a grid line looked for there finds its neighbour or
    nothing. Followed out from the corners, each landmark looked for where those
    found nearest it lie off, every mark is read right."""
    plain = photos.random_shot
    monkeypatch.setattr(photos, "random_shot",
                        lambda rng, style: replace(plain(rng, style), curl=7.0))
    shot = photos.photo(seed)
    assert shot.shot.curl == 7.0
    reading = reader.read(shot.jpeg)
    assert [(what, name) for what, name, right in compare(shot, reading) if not right] == []


def test_a_sheet_whose_lines_still_lie_off_is_refused_as_not_flat(tmp_path, monkeypatch):
    """A paper bowed 12 mm (folded, lifted at its middle), photographed at 31°: the
    curl correction cannot follow it (its printed lines lie nearly 4 mm off where
    they are read, where on 700 photos of the plain style none lay 0.7 mm off), and
    every cell would be read a fraction of a cell off — refused with the measure,
    in Japanese too, and nothing written."""
    plain = photos.random_shot
    monkeypatch.setattr(photos, "random_shot",
                        lambda rng, style: replace(plain(rng, style), curl=12.0))
    shot = photos.photo(9003, style=photos.STYLES["bowed"])
    assert shot.shot.tilt > 30
    photo, out = tmp_path / "bowed.jpg", tmp_path / "out.toml"
    photo.write_bytes(shot.jpeg)
    result = run(str(photo), "--out", str(out))
    assert result.exit_code == 2 and not out.exists()
    assert re.search(r"not flat enough to read: .* lie 3\.\d mm", result.output)
    result = CliRunner().invoke(main, ["--lang", "ja", "roguelight", "read", str(photo)])
    assert result.exit_code == 2 and "シートが平らでないため読めません" in result.output


def test_a_blurred_photo_is_refused_with_the_measure():
    shot = photos.photo(3, "basic")
    image = cv2.imdecode(np.frombuffer(shot.jpeg, np.uint8), cv2.IMREAD_COLOR)
    scale = max(image.shape) / 1400
    blurred = cv2.GaussianBlur(image, (0, 0), 4.0 * scale)
    with pytest.raises(reader.PhotoError) as caught:
        reader.read(cv2.imencode(".jpg", blurred)[1].tobytes())
    assert "blurred" in str(caught.value) or "no sheet found" in str(caught.value)


def test_a_dark_photo_is_refused_with_the_measure():
    shot = photos.photo(3, "basic")
    image = cv2.imdecode(np.frombuffer(shot.jpeg, np.uint8), cv2.IMREAD_COLOR)
    dark = (image.astype(np.float32) * 0.12).astype(np.uint8)
    with pytest.raises(reader.PhotoError) as caught:
        reader.read(cv2.imencode(".png", dark)[1].tobytes())
    assert "too dark" in str(caught.value) or "no sheet found" in str(caught.value)


def test_a_sheet_of_one_map_read_as_another_is_refused():
    shot = photos.photo(5, "basic")
    _refused(shot.jpeg, "basic", "advanced", board=shipped("advanced"))


# --- the command --------------------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, ["roguelight", "read", *args])


@pytest.fixture(scope="module")
def photo_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("photo")
    path = folder / "alice.jpg"
    path.write_bytes(photos.photo(1003, "basic").jpeg)
    return path


def test_read_writes_a_sheet_that_score_reads(photo_file, tmp_path):
    out, picture = tmp_path / "alice.toml", tmp_path / "check.png"
    result = run(str(photo_file), "--out", str(out), "--overlay", str(picture))
    assert result.exit_code in (0, 1), result.output
    assert "Read: map basic" in result.output
    data = tomllib.loads(out.read_text("utf-8"))
    assert data["map"] == "basic" and data["name"] == "alice"
    scored = CliRunner().invoke(main, ["roguelight", "score", str(out)])
    assert scored.exit_code == 0, scored.output
    overlay = cv2.imread(str(picture))
    assert overlay is not None and overlay.shape[1] > 1000


def test_read_json_carries_the_doubts_and_the_exit_status_says_so(photo_file):
    result = run(str(photo_file), "--json")
    data = json.loads(result.stdout)
    assert set(data) >= {"map", "filled", "plans", "development", "items", "doubts", "score"}
    assert result.exit_code == (0 if data["sure"] and data["score"] is not None else 1)
    assert not data["sure"] or not data["doubts"]
    for doubt in data["doubts"]:
        assert doubt["confidence"] < reader.DOUBT


def test_a_sheet_small_in_the_photo_is_never_read_with_no_doubt(tmp_path):
    """At under 3.5 pixels a millimetre light pencil may not show at all: even with no
    mark in doubt the reading is not sure — the note says to look over the cells read
    open or come closer, the exit status is 1, and the JSON says "sure": false."""
    import random

    rng = random.Random(7)
    board = shipped("basic")
    truth = photos.from_build(photos.random_play(board, rng), rng)
    drawn = photos.draw(truth, photos.printed_page("basic"), rng)
    shot = photos.Shot(megapixels=1.0, tilt=5, turn=0, fill=0.6, curl=0, light=1, shadow=1,
                       blur=0.3, noise=1, quality=92)
    jpeg = photos.photograph(drawn, shot, rng)
    reading = reader.read(jpeg)
    assert reading.sheet.photo_scale() < reader.FINE and not reading.fine
    assert not reading.sure and any("small in the photo" in note for note in reading.notes)
    path = tmp_path / "small.jpg"
    path.write_bytes(jpeg)
    result = run(str(path))
    assert result.exit_code == 1 and "Read with no doubt" not in result.output
    data = json.loads(run(str(path), "--json").stdout)
    assert data["sure"] is False


def _played_basic(seed: int, **shot) -> bytes:
    """The JPEG of :func:`photos.played_basic`."""
    return photos.played_basic(seed, **shot).jpeg


def _read_in_doubt(tmp_path, jpeg: bytes) -> dict:
    """``companion roguelight read`` of ``jpeg``: exit status 1, and its JSON."""
    path = tmp_path / "photo.jpg"
    path.write_bytes(jpeg)
    assert run(str(path)).exit_code == 1
    return json.loads(run(str(path), "--json").stdout)


def test_an_overexposed_photo_is_never_read_with_no_doubt(tmp_path):
    """A photo exposed a third brighter than the camera's own: the paper clips to pure
    white over much of the map, and pencil paler than it may not show at all. Large
    in the photo, the sheet is still not read with no doubt: the note gives the share
    of the map that is pure white and says to look over the cells read open or take
    it out of direct light; the exit status is 1, the JSON says so. The same photo
    exposed as the camera does is fine."""
    assert reader.read(_played_basic(3)).fine
    jpeg = _played_basic(3, exposure=1.35)
    reading = reader.read(jpeg)
    assert reading.sheet.photo_scale() >= reader.FINE
    assert reading.overexposed and not reading.fine and not reading.sure
    share = next(note for note in reading.notes if "overexposed" in note)
    assert int(share.split("% of the map")[0].rsplit(" ", 2)[-2]) >= 100 * reader.CLIPPED
    data = _read_in_doubt(tmp_path, jpeg)
    assert data["overexposed"] is True and data["fine"] is False and data["sure"] is False


def test_a_photo_smeared_one_way_is_never_read_with_no_doubt(tmp_path):
    """The phone moved 7 pixels as it took the photo: sharp enough along the move to
    be read, smeared across it, where light pencil and dashes fade. The corner mark's
    edges are steepest one way by far: the note says the photo is smeared and to
    hold the phone still, the exit status is 1, the JSON says so. The same photo
    with the phone held still is fine."""
    still = reader.read(_played_basic(5, megapixels=8, turn=20, blur=0.3))
    assert still.fine and not still.smeared
    jpeg = _played_basic(5, megapixels=8, turn=20, blur=0.3, shake=7.0)
    reading = reader.read(jpeg)
    assert reading.sheet.photo_scale() >= reader.FINE and not reading.overexposed
    assert reading.smeared and not reading.fine and not reading.sure
    assert any("smeared one way" in note for note in reading.notes)
    data = _read_in_doubt(tmp_path, jpeg)
    assert data["smeared"] is True and data["fine"] is False


def test_corner_marks_a_tone_curve_pales_are_found_with_the_midtones_deepened():
    """A phone's tone curve lightening the shadows (brightness to the power 0.5)
    pales a small, blurred corner mark's black cells towards its white ones: in the
    photo's own tones one mark of four is found, too few to place the others by;
    with its midtones deepened more, and the sheet is read, every mark read wrong
    among the doubts."""
    from companion import photo

    toned = photos.played_basic(4, megapixels=1.5, fill=0.7, blur=0.8, tone=0.5)
    gray = photo.decode(toned.jpeg)
    assert len(photo._found_at_sizes(gray, set(range(4)))) < 2
    assert len(photo.find_markers(gray, range(4))[0]) >= 2  # enough to look for the others
    reading = reader.read(toned.jpeg)
    doubted = {(m.what, m.name) for m in reading.doubts}
    wrong = [(what, name) for what, name, right in compare(toned, reading) if not right]
    assert all(mark in doubted for mark in wrong), wrong


def test_a_photo_the_phones_tone_curve_lightened_is_read_in_the_cameras_own_tones(
        monkeypatch):
    """A phone's tone curve lightening the shadows (brightness to the power 0.55)
    pales pencil towards the paper as a light hand does: read as it is, a plan's
    dashes do not show, and the sheet reads wrong with no doubt. The entrance
    blocks' tint, printed 0.84 of the paper, shows lighter and tells the power: the
    photo is taken back to the camera's own tones and read exactly. The photo as
    the camera took it is read as it is."""
    toned = photos.played_basic(7, tone=0.55)
    reading = reader.read(toned.jpeg)
    assert all(right for *_mark, right in compare(toned, reading))
    own = photos.played_basic(7)
    sheet = reader.read(own.jpeg).sheet
    assert reader._untoned(sheet, layout.SheetLayout(shipped("basic")))[0] is sheet
    monkeypatch.setattr(reader, "TONED", 0.0)
    reading = reader.read(toned.jpeg)
    wrong = [(what, name) for what, name, right in compare(toned, reading) if not right]
    assert ("plan", "F3:H5") in wrong and reading.fine
    assert ("plan", "F3:H5") not in {(m.what, m.name) for m in reading.doubts}


def test_a_lamps_glare_is_taken_off_where_the_printed_pictures_show_it(monkeypatch):
    """A lamp's reflection over the lower right of the map veils print and pencil
    alike (60 % of the light at its middle): read as it is, cells are read wrong
    (C1 and C2 among them). The printed pictures there show lighter than the others
    of their kind, so the veil is measured from them and taken off: the sheet reads
    exactly, and a note names where the glare lies (E5:I9, where it veils a third
    of the light or more); the reading is not "fine" (exit status 1). The photo
    with no glare finds none and is read as it is."""
    glared = photos.played_basic(0, glare=0.6, glare_at=(0.5, 0.45, 0.1))
    reading = reader.read(glared.jpeg)
    assert all(right for *_mark, right in compare(glared, reading))
    assert reading.glare and not reading.fine and not reading.sure
    assert any("glare" in note and "E5:I9" in note for note in reading.notes)
    plain = reader.read(photos.played_basic(0).jpeg)
    assert plain.fine and not plain.glare and not any("glare" in n for n in plain.notes)
    monkeypatch.setattr(reader, "GLARED", 0.0)  # no glare is ever found
    reading = reader.read(glared.jpeg)
    wrong = [(what, name) for what, name, right in compare(glared, reading) if not right]
    assert {("cell", "C1"), ("cell", "C2")} <= set(wrong)


def test_the_veil_spreads_the_pictures_gains_round_them_towards_none_away():
    """:func:`reader._veil`: where a picture shows half its kind's darkness, the
    pencil's is taken as showing about that much (over ``ALIKE``, the spread of a
    sheet with no glare); far from every picture nothing is taken off."""
    at = layout.SheetLayout(shipped("basic"))
    sheet = Sheet.__new__(Sheet)  # its pixels alone
    sheet.image = np.ones((1500, 1300), np.float32)
    centre = (at.grid_box.x + 2.5 * at.cell, at.grid_box.y + 2.5 * at.cell)
    shows = reader._veil(sheet, at, [((2, 2), centre, 0.45)])
    x, y = (int(v) for v in sheet.px(*centre))
    assert 0.5 < shows[y, x] < 0.75
    assert shows[-1, -1] == pytest.approx(1.0, abs=0.01)
    assert shows.min() >= 0.2


def test_read_refuses_to_replace_a_file_without_force(photo_file, tmp_path):
    out = tmp_path / "alice.toml"
    out.write_text("mine\n", "utf-8")
    result = run(str(photo_file), "--out", str(out))
    assert result.exit_code == 2 and "--force" in result.output
    assert out.read_text("utf-8") == "mine\n"


def test_read_refuses_a_photo_with_no_sheet_and_writes_nothing(tmp_path):
    photo, out = tmp_path / "table.jpg", tmp_path / "out.toml"
    photo.write_bytes(cv2.imencode(".jpg", np.full((900, 1200), 90, np.uint8))[1].tobytes())
    result = run(str(photo), "--out", str(out))
    assert result.exit_code == 2
    assert "table.jpg" in result.output and "no sheet found" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_read_speaks_japanese(photo_file):
    result = CliRunner().invoke(main, ["--lang", "ja", "roguelight", "read", str(photo_file)])
    assert "読み取り: マップ basic" in result.output


def test_the_photo_generator_is_deterministic():
    assert photos.photo(21).jpeg == photos.photo(21).jpeg
    rng = random.Random(4)
    build = photos.random_play(shipped("advanced"), rng)
    assert build.development >= 2


@pytest.fixture(scope="module")
def map_file_sheet(tmp_path_factory):
    """A sheet printed from a map file, as a clean 150 dpi picture, and the file."""
    import pypdfium2

    from pnp.cli import main as pnp

    folder = tmp_path_factory.mktemp("mapfile")
    mine = folder / "my-map.toml"
    mine.write_text((Path(__file__).parents[2] / "examples" / "roguelight"
                     / "my-map.toml").read_text("utf-8"), "utf-8")
    built = CliRunner().invoke(pnp, ["build", "roguelight", "sheet", "--map", str(mine),
                                     "--out", str(folder)])
    assert built.exit_code == 0, built.output
    pdf = pypdfium2.PdfDocument(str(next(folder.glob("roguelight-sheet*.pdf"))))
    page = pdf[0].render(scale=150 / 72).to_numpy()[:, :, :3]
    pdf.close()
    return cv2.imencode(".png", page)[1].tobytes(), mine


def test_a_sheet_of_a_map_file_needs_the_file_and_checks_it(map_file_sheet):
    from companion.roguelight.maps import load_map

    picture, mine = map_file_sheet
    _refused(picture, "--map")
    source = mine.read_text("utf-8")
    read = reader.read(picture, load_map(str(mine)), source, str(mine))
    assert read.filled == frozenset() and read.notes == []
    changed = source + "\n# changed\n"
    _refused(picture, "differs", board=load_map(str(mine)), source=changed)


def test_a_huge_photo_is_refused_with_its_size(monkeypatch):
    from companion import photo

    monkeypatch.setattr(photo, "MOST_PIXELS", 1_000_000)
    big = cv2.imencode(".png", np.full((1200, 1000), 255, np.uint8))[1].tobytes()
    _refused(big, "1000 × 1200", "at most 1 megapixels")


def test_the_open_entrances_setup_plan_is_added_by_rule():
    board = shipped("basic")
    others = {cell for face, cell in board.entrances.items() if face != 1}
    bare = reader.Reading(board, "basic", frozenset(others), (), 2, frozenset(), frozenset(),
                          (), [])
    read = ruled.with_setup_plan(bare)
    assert read.plans == (board.entrance_blocks[1],)
    assert any(board.entrance_blocks[1].name() in note for note in read.notes)
    again = ruled.with_setup_plan(read)
    assert again.plans == (board.entrance_blocks[1],) and len(again.notes) == 1


def test_a_cell_of_the_setup_plan_read_filled_is_read_open_by_rule_as_a_doubt():
    """A block may not overlap a plan nor touch it from inside: the open entrance's
    block stays open, so a fill read in it in doubt (a neighbour's stray, the tint)
    is read open; one read surely filled stays so, as a doubt."""
    board = shipped("basic")
    block = board.entrance_blocks[1]
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    others = {cell for face, cell in board.entrances.items() if face != 1}
    doubted, sure = [c for c in block.cells() if c != board.entrances[1]][:2]
    marks = [reader.Mark("cell", named[doubted], True, 0.55),
             reader.Mark("cell", named[sure], True, 0.95)]
    read = ruled.with_setup_plan(reader.Reading(
        board, "basic", frozenset(others | {doubted, sure}), (), 2, frozenset(), frozenset(),
        (), marks))
    assert doubted not in read.filled and sure in read.filled and read.plans == (block,)
    assert [(m.name, m.value) for m in read.doubts] == [(named[doubted], False),
                                                        (named[sure], True)]
    assert any(named[doubted] in note and block.name() in note for note in read.notes)
    # a map file may set an entrance beside a corner: the exit there is filled at the end
    from companion.grid import Rect

    cornered = replace(board, entrances={**board.entrances, 1: (1, 0)},
                       entrance_blocks={**board.entrance_blocks, 1: Rect(0, 0, 1, 1)})
    exit_ = (0, 0)
    read = ruled.with_setup_plan(reader.Reading(
        cornered, "mine", frozenset(others | {exit_}), (), 2, frozenset(), frozenset(), (),
        [reader.Mark("cell", named[exit_], True, 0.95)]))
    assert exit_ in read.filled and not read.doubts


def test_several_entrances_read_open_keep_one_and_fill_the_others_as_doubts():
    """The rules leave one entrance open: of several read open the one whose setup plan
    was read is kept (else the one read open most surely); the others are read filled,
    each a doubt."""
    board = shipped("basic")
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    closed = {cell for face, cell in board.entrances.items() if face not in (1, 5)}
    marks = [reader.Mark("cell", named[cell], cell in closed, 0.95 if face == 5 else 0.8)
             for face, cell in board.entrances.items()]
    planned = ruled.with_setup_plan(reader.Reading(
        board, "basic", frozenset(closed), (board.entrance_blocks[1],), 2, frozenset(),
        frozenset(), (), list(marks)))
    assert board.entrances[1] not in planned.filled and board.entrances[5] in planned.filled
    assert [(m.name, m.value) for m in planned.doubts] == [(named[board.entrances[5]], True)]
    unplanned = ruled.with_setup_plan(reader.Reading(
        board, "basic", frozenset(closed), (), 2, frozenset(), frozenset(), (), list(marks)))
    assert board.entrances[5] not in unplanned.filled and board.entrances[1] in unplanned.filled
    assert unplanned.plans == (board.entrance_blocks[5],)


def test_every_entrance_read_filled_opens_the_least_sure_one_as_a_doubt():
    board = shipped("basic")
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    marks = [reader.Mark("cell", named[cell], True, 0.8 if face == 3 else 1.0)
             for face, cell in board.entrances.items()]
    read = ruled.with_setup_plan(reader.Reading(
        board, "basic", frozenset(board.entrances.values()), (), 2, frozenset(), frozenset(),
        (), marks))
    assert board.entrances[3] not in read.filled
    assert read.plans == (board.entrance_blocks[3],)
    assert [(m.name, m.value) for m in read.doubts] == [(named[board.entrances[3]], False)]


def test_a_plan_read_over_the_open_entrance_gives_way_to_its_setup_plan():
    board = shipped("basic")
    block = board.entrance_blocks[1]
    others = {cell for face, cell in board.entrances.items() if face != 1}
    wider = type(block)(block.left, block.top, block.right + 1, block.bottom)
    read = ruled.with_setup_plan(reader.Reading(
        board, "basic", frozenset(others), (wider,), 2, frozenset(), frozenset(), (), []))
    assert read.plans == (block,)
    assert {(m.name, m.value) for m in read.doubts} == {(block.name(), True),
                                                          (wider.name(), False)}


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["basic", "advanced"]), st.sets(st.tuples(st.integers(0, 9),
                                                                  st.integers(0, 9)),
                                                        max_size=40))
def test_a_plan_is_looked_for_only_where_the_rules_let_one_be_drawn(name, filled):
    board = shipped(name)
    filled = frozenset(c for c in filled if board.on_map(c))
    setups = set(board.entrance_blocks.values())
    for rect in reader._candidates(board, filled):
        cells = set(rect.cells())
        assert rect.width >= 2 and rect.height >= 2 and rect.area <= 12
        assert not any(c in filled and c not in board.exits for c in cells)
        beside = {(x + dx, y + dy) for x, y in cells
                  for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - cells
        assert rect in setups or beside & filled  # drawn against a filled cell
        assert all(not (m.cells & cells) or m.cells <= cells for m in board.large)


def test_a_sheet_small_in_the_photo_is_said_to_be_so(tmp_path):
    shot = photos.photo(1002)
    image = cv2.imdecode(np.frombuffer(shot.jpeg, np.uint8), cv2.IMREAD_COLOR)
    small = cv2.resize(image, None, fx=0.55, fy=0.55, interpolation=cv2.INTER_AREA)
    read = reader.read(cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes())
    assert read.sheet.photo_scale() < reader.FINE
    assert any("the sheet is small in the photo" in note and "closer" in note
               for note in read.notes)


def _darkened_sheet(fills: dict[str, float], smudges: dict[str, float]):
    """The basic map's blank sheet as a small photo shows it (paper 0.9, the
    entrance blocks tinted), under light falling off across it and a soft shadow
    over rows 7–10, with light ``fills`` (cell → the share of light it leaves,
    stopping at its lines) and erased marks' ``smudges`` (a grey cloud 12 mm wide
    centred on the cell, leaving that share at its middle): (areas, tinted cells,
    image)."""
    board = shipped("basic")
    at = layout.SheetLayout(board)
    areas = layout.areas(at)
    tinted = frozenset(c for rect in board.entrance_blocks.values() for c in rect.cells())
    height, width = reader.Sheet.px(layout.PAGE_W, at.height)[::-1]
    ys, xs = np.mgrid[0:int(height) + 1, 0:int(width) + 1].astype(np.float32)
    fall = 1 - 0.35 * xs / xs.max()  # the light falling off across the sheet
    shadow = 1 - 0.3 * np.clip((ys / reader.PX - 80) / 30, 0, 1)  # soft, over rows 7-10
    image = 0.9 * fall * shadow
    for cell in tinted:
        x0, y0, x1, y1 = reader._pixels(at.cell_box(cell))
        image[y0:y1, x0:x1] *= 0.84
    named = {a.name: a for a in areas}
    for name, share in fills.items():
        x0, y0, x1, y1 = reader._pixels(named[name].box)
        image[y0:y1, x0:x1] *= share
    for name, share in smudges.items():
        box = named[name].box
        cx, cy = reader.Sheet.px(box.x + box.w / 2, box.y + box.h / 2)
        cloud = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * (12 * reader.PX) ** 2))
        image *= 1 - (1 - share) * cloud
    return areas, tinted, image


def test_a_cell_darker_than_the_open_cells_round_it_is_a_doubt_on_a_small_photo():
    """On a sheet small in the photo a light fill the paper's estimate took in shows
    only as a cell darker than the open cells round it (on an entrance block, for
    its tint): 7 % darker or more, a doubt, read filled where the cell is darker
    along a side than the open cell beyond it (a fill stops at the lines; F2, 7.8 %
    darker, and the others, A4 on the tint), read open where it is not — an erased
    mark's smudge, a cloud running on over the lines (C2; I6 on the tint; the cells
    beside them, darker too, are doubts at most). The
    light's fall across the sheet and a soft shadow darken the cells round a cell
    as much as the cell: no doubt. On a sharp photo, where the pencil itself shows,
    a darker cell read open is a doubt, still read open."""
    from types import SimpleNamespace

    fills = {"F2": 0.905, "H3": 0.86, "A4": 0.86, "F9": 0.86}
    smudges = {"C2": 0.75, "I6": 0.75}
    clouded = {"C1", "B2", "D2", "C3", "I5", "I7"}  # beside a smudge: darker too
    areas, tinted, image = _darkened_sheet(fills, smudges)
    marks = [reader.Mark("cell", area.name, False, 0.95) for area in areas]
    pencil = _fake_pencil(image, tinted)
    pencil.shade = np.zeros_like(image)  # the paper's estimate took the fills in
    for scale in (2.5, 5.0):
        sheet = SimpleNamespace(image=image, photo_scale=lambda scale=scale: scale)
        seen = {m.name: m for m in reader._dim_cells(sheet, pencil, areas, marks)}
        doubts = {name for name, m in seen.items() if m.doubt}
        assert set(fills) | set(smudges) <= doubts <= set(fills) | set(smudges) | clouded
        assert {name for name, m in seen.items() if m.value} == (
            set(fills) if scale < reader.FINE else set())


def test_a_darker_cell_on_the_tint_with_no_open_cell_beside_it_is_filled_if_evenly_darker():
    """Where no open cell lies beside a darker cell to tell a fill's edge, on the
    entrance blocks' tint (known only as the photo shows it) the cell is read filled
    only where it is also darker than the other tinted cells in every quarter (A4),
    else it is a doubt read open (I6)."""
    from types import SimpleNamespace

    fills = {"A4": 0.86, "I6": 0.86}
    areas, tinted, image = _darkened_sheet(fills, {})
    beside = {"A3", "A5", "B4", "I5", "I7", "H6", "J6"}  # read filled
    marks = [reader.Mark("cell", area.name, area.name in beside, 0.95) for area in areas]
    pencil = _fake_pencil(image, tinted)
    pencil.shade = np.zeros_like(image)
    x0, y0, x1, y1 = reader._pixels(next(a for a in areas if a.name == "A4").box)
    pencil.shade[y0:y1, x0:x1] = 0.14  # against the tint, the fill shows
    sheet = SimpleNamespace(image=image, photo_scale=lambda: 2.5)
    seen = {m.name: m for m in reader._dim_cells(sheet, pencil, areas, marks)}
    assert seen["A4"].value and seen["A4"].doubt
    assert not seen["I6"].value and seen["I6"].doubt


def test_a_large_monster_darker_than_the_open_cells_round_it_is_read_filled_on_a_small_photo():
    """A large monster is held against the open cells round any of its cells, as a
    cell is: lightly hatched on a sheet small in the photo, 14 % darker, it is read
    filled, as a doubt."""
    from types import SimpleNamespace

    areas, tinted, image = _plain_sheet("advanced", 0.84)
    large = next(a for a in areas if len(a.cells) > 1 and not set(a.cells) & tinted)
    x0, y0, x1, y1 = reader._pixels(large.box)
    image[y0:y1, x0:x1] *= 0.86
    marks = [reader.Mark("cell", area.name, False, 0.95) for area in areas]
    pencil = _fake_pencil(image, tinted)
    pencil.shade = np.zeros_like(image)  # the paper's estimate took the hatching in
    sheet = SimpleNamespace(image=image, photo_scale=lambda: 2.5)
    seen = reader._dim_cells(sheet, pencil, areas, marks)
    assert [(m.name, m.value, m.doubt) for m in seen if m.doubt] == [(large.name, True, True)]


def _plain_sheet(name: str, tint: float):
    """The sheet of the map ``name`` as bare paper (0.9) with its entrance blocks at
    ``tint`` of it: (its areas, the tinted cells, the image)."""
    board = shipped(name)
    at = layout.SheetLayout(board)
    tinted = frozenset(c for rect in board.entrance_blocks.values() for c in rect.cells())
    height, width = reader.Sheet.px(layout.PAGE_W, at.height)[::-1]
    image = np.full((int(height) + 1, int(width) + 1), 0.9, np.float32)
    for cell in tinted:
        x0, y0, x1, y1 = reader._pixels(at.cell_box(cell))
        image[y0:y1, x0:x1] *= tint
    return layout.areas(at), tinted, image


def _fake_pencil(image, tinted_cells):
    """The pencil measures ``_dim_cells`` looks at, for a sheet ``image`` (paper 0.9)."""
    from types import SimpleNamespace

    return SimpleNamespace(tinted_cells=tinted_cells, clear=0.8, shade=1 - image / 0.9,
                           tint=0.84, _ink=lambda area: (None, 0.8))


def test_the_entrance_blocks_tint_is_neither_a_glare_on_some_nor_a_light_fill_on_one():
    """The tint is measured on each entrance block's barest cell and taken from the
    blocks a little above their middle. A glare lightens two blocks, print and
    pencil with the paper, and light fills cover two others all over: the tint is
    the other blocks' — set by the lit ones, the bare cells elsewhere would look
    darker than it (read filled); by the filled ones, light fills would look bare."""
    areas, tinted, image = _plain_sheet("basic", 0.84)
    blocks = list(shipped("basic").entrance_blocks.values())
    at = layout.SheetLayout(shipped("basic"))

    def paint(cell, share):
        x0, y0, x1, y1 = reader._pixels(at.cell_box(cell))
        image[y0:y1, x0:x1] = 0.9 * share

    for block, tint in ((blocks[0], 0.95), (blocks[1], 0.92)):
        for cell in block.cells():
            paint(cell, tint)
        paint(next(iter(block.cells())), tint * 0.88)  # a light fill, under the glare
    for cell in (*blocks[2].cells(), *blocks[3].cells()):
        paint(cell, 0.84 * 0.88)
    block_of = {cell: rect for rect in blocks for cell in rect.cells()}
    tint = reader._tint(image, np.full_like(image, 0.9), [
        (block_of[area.cells[0]], *reader._free(area)) for area in areas
        if area.cells[0] in tinted])
    assert tint == pytest.approx(0.84, abs=0.002)


def test_a_cell_read_open_evenly_darker_in_every_quarter_is_a_doubt_on_a_small_photo():
    """On the entrance blocks' tint, where plain brightness says nothing, and on the
    paper: a cell read open darker than the other open cells of its kind in every
    quarter is a light fill as likely as not; one dark along one side only (a
    neighbour's stray, a plan's dashes) is not."""
    from types import SimpleNamespace

    areas, tinted, image = _plain_sheet("basic", 0.8 / 0.9)
    light = next(a for a in areas if set(a.cells) <= tinted and len(a.cells) == 1)
    x0, y0, x1, y1 = reader._pixels(light.box)
    image[y0:y1, x0:x1] = 0.76  # the tint, a light fill over it
    strayed = next(a for a in areas if not set(a.cells) & tinted and a.name != light.name
                   and len(a.cells) == 1)
    x0, y0, x1, y1 = reader._pixels(strayed.box)
    image[y0:y1, x0:x0 + (x1 - x0) // 3] = 0.6  # pencil along its left side only
    pencil = _fake_pencil(image, tinted)
    pencil.shade = 1 - image / np.where(image < 0.85, 0.8, 0.9)  # on the tint, against it
    pencil.shade[y0:y1, x0:x0 + (x1 - x0) // 3] = 0.33
    marks = [reader.Mark("cell", area.name, False, 0.95) for area in areas]
    sheet = SimpleNamespace(image=image, photo_scale=lambda: 2.5)
    seen = reader._dim_cells(sheet, pencil, areas, marks)
    assert {m.name for m in seen if m.doubt} == {light.name}


def test_a_doubt_on_the_development_track_reaches_every_number_to_the_count():
    sure = [reader.Mark("development", str(n), n <= 4, 0.9) for n in range(1, 21)]
    unsure = [*sure[:6], reader.Mark("development", "7", False, 0.6), *sure[7:]]
    doubted = [m.name for m in ruled._doubt_between(unsure, 4) if m.doubt]
    assert doubted == ["5", "6", "7"]  # were 7 crossed, so would be 5 and 6
    within = [*sure[:1], reader.Mark("development", "2", True, 0.6), *sure[2:]]
    assert [m.name for m in ruled._doubt_between(within, 4) if m.doubt] == ["2", "3", "4"]
    far = [*sure[:17], reader.Mark("development", "18", False, 0.6), *sure[18:]]
    assert [m.name for m in ruled._doubt_between(far, 4) if m.doubt] == ["18"]
    assert ruled._doubt_between(sure, 4) == sure


def _track(crossed: int, sure: float = 0.9) -> list[reader.Mark]:
    return [reader.Mark("development", str(n), n <= crossed, sure) for n in range(1, 21)]


def _plan_holding(board, monsters: int):
    """A 2 × 2 rectangle clear of the entrance blocks holding ``monsters`` monsters."""
    from companion.grid import Rect

    return next(rect for y in range(board.height - 1) for x in range(board.width - 1)
                for rect in [Rect(x, y, x + 1, y + 1)]
                if not any(rect.overlaps(b) for b in board.entrance_blocks.values())
                and sum(board.count_monsters(set(rect.cells())).values()) == monsters)


def _with_track(board, crossed: list[reader.Mark], plans=(), marks=(), filled=frozenset(),
                unseen=()):
    """A sheet set up on entrance 1, read with the track ``crossed`` (and the plans
    ``unseen``, read as not drawn, that the rules may add)."""
    development = ruled._crossed_prefix(crossed)
    others = {cell for face, cell in board.entrances.items() if face != 1}
    return ruled.with_plans_agreeing(reader.Reading(
        board, "basic", frozenset(filled) | others, tuple(plans), development, frozenset(),
        frozenset(), (), [*marks, *ruled.track(crossed)[1]], struck=crossed,
        unseen=list(unseen)))


def test_a_faint_slash_on_a_small_photo_crosses_a_number_out_and_a_smudge_does_not():
    """On a sheet small in the photo a light pencil slash has few pixels dark enough
    to count as pencil alone, but the line through the circle, averaged, is darker
    than the rest of it; an erased mark's smudge darkens no line. Numbers 1-6
    slashed lightly in any direction, 9-11 smudged: each read as it is."""
    from companion.roguelight.layout import Box

    rng, _board, at, _large, sheet, _pen = _blank_basic_sheet(12)
    light = photos.Pen((0.3, 0.3, 0.32), 0.35, 0.5, 0.6)
    for number in range(1, 7):
        c = at.development(number)
        box = Box(c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r)
        u = rng.uniform(0.1, 0.9)  # the slash's angle is the player's
        sheet.stroke(photos._line(box, u, 0.05, 1 - u, 0.95, rng, 0.3), light)
    for number in (9, 10, 11):
        c = at.development(number)
        sheet.smudge(c.x, c.y, 2.5, 0.25)
    shot = photos.Shot(megapixels=1.2, tilt=8, turn=30, fill=0.8, curl=0.5, light=0.85,
                       shadow=1, blur=0.8, noise=3, quality=80)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() < 2.5
    assert [m.value for m in reading.struck] == [n <= 6 for n in range(1, 21)]
    assert reading.development == 6


def test_the_development_track_and_the_plans_read_are_made_to_agree_by_the_rules():
    """Each plan advances the track by the monsters inside it (spec, action B), from
    2 at setup: where the track read and the plans read cannot both be so, the
    likeliest reading that agrees is taken, what changed a doubt, with a note."""
    board = shipped("basic")
    plan = _plan_holding(board, 2)
    unread = reader.Mark("plan", plan.name(), False, 0.6)  # dashes too faint to be sure
    read = _with_track(board, _track(4), marks=[unread])
    assert read.plans == (plan,) and read.development == 4  # the track was sure
    assert [(m.what, m.name, m.value) for m in read.doubts] == [("plan", plan.name(), True)]
    assert any("disagree" in note for note in read.notes)
    planned = [reader.Mark("plan", plan.name(), True, 0.95)]
    read = _with_track(board, _track(4), plans=[plan], marks=planned)
    assert read.development == 4 and not read.notes  # agrees as read: untouched
    smudged = [*_track(4)[:4], reader.Mark("development", "5", True, 0.6), *_track(4)[5:]]
    read = _with_track(board, smudged, plans=[plan], marks=planned)
    assert read.development == 4 and read.plans == (plan,)  # the plan was sure
    assert [m.name for m in read.doubts] == ["5"]
    too_few = _with_track(board, [*_track(1)[:1], reader.Mark("development", "2", False, 0.7),
                                  *_track(1)[2:]])
    assert too_few.development == 2  # ① and ② are crossed at setup
    assert [m.name for m in too_few.doubts] == ["2"]
    blank = ruled.with_plans_agreeing(reader.Reading(
        board, "basic", frozenset(), (), 0, frozenset(), frozenset(), (), [],
        struck=_track(0)))
    assert blank.development == 0 and not blank.notes  # not set up: read as it is


def test_a_plan_read_as_not_drawn_may_be_added_to_agree_with_a_sure_track():
    """A plan whose dashes looked absent, but not surely (a light pencil on a small
    photo), is among the plans the rules may add: the track crossed to 4 surely,
    no plan read, the likeliest unread rectangle holding 2 monsters is read a plan,
    as a doubt; one read surely absent is not."""
    board = shipped("basic")
    plan = _plan_holding(board, 2)
    unseen = [reader.Mark("plan", plan.name(), False, 0.85)]
    read = _with_track(board, _track(4, 0.97), unseen=unseen)
    assert read.plans == (plan,) and read.development == 4
    assert [(m.what, m.name, m.value) for m in read.doubts] == [("plan", plan.name(), True)]
    sure = _with_track(board, _track(4, 0.97),
                       unseen=[reader.Mark("plan", plan.name(), False, 0.999)])
    assert sure.plans == () and any("look over both" in note for note in sure.notes)


def test_a_plan_read_not_quite_surely_may_be_dropped_to_agree_with_a_sure_track():
    """A plan read though not beyond doubt (a line of the sheet seen as dashes) is
    among the plans the rules may drop: the track crossed to 2 surely, a plan
    holding 2 monsters read at 0.8, the likeliest unread rectangle holding 2 too at
    0.9 — the plan read is dropped, as a doubt, not a second one added; one read
    surely is kept, with a note to look over both."""
    from companion.grid import Rect

    board = shipped("basic")
    plan = _plan_holding(board, 2)
    other = next(r for r in (Rect(x, y, x + 1, y + 1) for y in range(9) for x in range(9))
                 if not ruled.too_close(r, plan) and sum(
                     board.count_monsters(set(r.cells())).values()) == 2
                 and not any(r.overlaps(b) for b in board.entrance_blocks.values()))
    unseen = [reader.Mark("plan", other.name(), False, 0.9)]
    read = _with_track(board, _track(2, 0.97), plans=[plan], unseen=unseen,
                       marks=[reader.Mark("plan", plan.name(), True, 0.8)])
    assert read.plans == () and read.development == 2
    assert [(m.what, m.name, m.value) for m in read.doubts] == [("plan", plan.name(), False)]
    sure = _with_track(board, _track(2, 0.97), plans=[plan], unseen=unseen,
                       marks=[reader.Mark("plan", plan.name(), True, 0.999)])
    assert sure.plans == (plan,) and any("look over both" in note for note in sure.notes)


def _plan_and_rival(board):
    """A 2 × 3 rectangle holding a monster, and a 2 × 2 one over two thirds of its
    cells holding none, both clear of the entrance blocks."""
    from companion.grid import Rect

    def monsters(rect):
        return sum(board.count_monsters(set(rect.cells())).values())

    return next((plan, rival) for y in range(board.height) for x in range(board.width - 2)
                for plan in [Rect(x, y, x + 2, y + 1)]
                if plan.bottom < board.height and monsters(plan) == 1
                and not any(plan.overlaps(b) for b in board.entrance_blocks.values())
                for rival in (Rect(x, y, x + 1, y + 1), Rect(x + 1, y, x + 2, y + 1))
                if monsters(rival) == 0)


def test_a_plan_and_its_rival_are_weighed_as_one_of_them_drawn():
    """Dashes round one place scored a plan and its rival over mostly the same cells
    nearly alike (both doubts, 0.66): one of the two was drawn. The track, crossed to
    2 surely, cannot follow from the plan read (a monster inside); the rival (none)
    is read instead, not neither; a plan read at 0.5, as likely not drawn as drawn,
    is dropped with its rival left unread."""
    board = shipped("basic")
    plan, rival = _plan_and_rival(board)
    both = [reader.Mark("plan", plan.name(), True, 0.66),
            reader.Mark("plan", rival.name(), False, 0.66)]
    read = _with_track(board, _track(2, 0.97), plans=[plan], marks=both)
    assert read.plans == (rival,) and read.development == 2
    assert {(m.name, m.value) for m in read.doubts} == {(plan.name(), False),
                                                         (rival.name(), True)}
    barely = [reader.Mark("plan", plan.name(), True, 0.5), both[1]]
    read = _with_track(board, _track(2, 0.97), plans=[plan], marks=barely)
    assert read.plans == () and read.development == 2


def test_a_bat_filled_may_have_advanced_the_track_by_two():
    board = shipped("basic")
    bat = next(c for c in board.cells if board.symbol(c) == "V")
    assert not _with_track(board, _track(4), filled={bat}).notes
    assert _with_track(board, _track(4, 0.7)).development == 2  # no bat: the setup's 2
    assert _with_track(board, _track(6, 0.7), filled={bat}).development == 4


def test_a_sure_track_the_plans_read_cannot_explain_is_kept_as_a_doubt():
    """Nothing in doubt explains the count (a plan went unseen, or the player
    miscounted): the track is read as it looks, with a note; the numbers between it
    and the nearest count the plans allow, and the count's edge, are doubts."""
    board = shipped("basic")
    read = _with_track(board, _track(4, 0.95))
    assert read.development == 4 and [m.name for m in read.doubts] == ["3", "4", "5"]
    assert any("look over both" in note for note in read.notes)  # the plans allow 2
    far = _with_track(board, _track(9, 0.95))
    assert far.development == 9 and [m.name for m in far.doubts] == [str(n) for n in range(3, 11)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.floats(0.5, 1.0)), min_size=20, max_size=20),
       st.lists(st.tuples(st.integers(0, 2), st.booleans(), st.floats(0.5, 1.0)),
                max_size=4))
def test_every_reading_comes_out_agreeing_with_the_rules(looks, plans):
    board = shipped("basic")
    crossed = [reader.Mark("development", str(n), value, sure)
               for n, (value, sure) in enumerate(looks, 1)]
    rects = [_plan_holding(board, monsters) for monsters, _read, _sure in plans]
    read = [r for r, (_m, seen, _s) in zip(rects, plans, strict=True) if seen]
    marks = [reader.Mark("plan", r.name(), seen, sure)
             for r, (_m, seen, sure) in zip(rects, plans, strict=True)]
    before = ruled._crossed_prefix(crossed)
    result = _with_track(board, crossed, plans=sorted(set(read)), marks=marks)
    assert ruled._agrees(board, result.filled, result.plans, result.development) or (
        result.development == before and any("look over both" in n for n in result.notes))


def _attached(board, filled, sure: dict[str, float], plans=()):
    """A sheet set up on entrance 1 with ``filled`` read, attached by the rules."""
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    others = {cell for face, cell in board.entrances.items() if face != 1}
    filled = frozenset(filled) - {board.entrances[1]} | others
    marks = [reader.Mark("cell", name, cell in filled, sure.get(name, 0.95))
             for cell, name in named.items()]
    return ruled.with_blocks_attached(reader.Reading(
        board, "basic", filled, tuple(plans), 2, frozenset(), frozenset(), (), marks))


def test_filled_cells_touching_nothing_are_attached_by_the_likeliest_change():
    """Every block is drawn against a filled cell or a plan (spec, action A), from the
    entrances filled at setup: a fill read between them, or a lone fill read open,
    whichever the pencil made likelier; what changed is a doubt, with a note."""
    board = shipped("basic")
    entrance = board.entrances[2]  # H1, on the top row
    below = (entrance[0], entrance[1] + 1)
    further = [(entrance[0], entrance[1] + 2), (entrance[0], entrance[1] + 3)]
    missed = _attached(board, further, {"H2": 0.6})
    assert below in missed.filled and set(further) <= missed.filled
    assert [(m.name, m.value) for m in missed.doubts] == [("H2", True)]
    assert any("H3, H4" in note and "H2" in note for note in missed.notes)
    smudge = _attached(board, further[:1], {"H3": 0.62})
    assert not set(further) & smudge.filled and ("H3", False) in [
        (m.name, m.value) for m in smudge.doubts]
    lone_exit = _attached(board, [board.exits[3]], {})
    assert board.exits[3] in lone_exit.filled and not lone_exit.notes  # filled at the end
    from companion.grid import Rect

    planned = _attached(board, further[1:], {}, plans=[Rect(5, 1, 6, 4)])  # H4 beside it
    assert further[1] in planned.filled and not planned.notes


def test_a_plan_in_doubt_that_attaches_loose_fills_is_read():
    """Fills touching nothing but a rectangle whose dashes were too faint to be sure:
    the plan is likelier than the fills wrong (a block is drawn against a plan)."""
    board = shipped("basic")
    plan = _plan_holding(board, 0)
    beside = (plan.right + 1, plan.top)
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    others = {cell for face, cell in board.entrances.items() if face != 1}
    assert not {n for c in [beside] for n in [(c[0] + 1, c[1]), (c[0], c[1] + 1),
                                              (c[0], c[1] - 1)]} & others
    marks = [reader.Mark("plan", plan.name(), False, 0.6),
             *(reader.Mark("cell", name, cell == beside or cell in others, 0.95)
               for cell, name in named.items())]
    read = ruled.with_plans_agreeing(reader.Reading(
        board, "basic", frozenset(others | {beside}), (), 2, frozenset(), frozenset(), (),
        marks, struck=_track(2)))
    assert read.plans == (plan,) and beside in ruled.with_blocks_attached(read).filled
    assert [(m.what, m.value) for m in read.doubts] == [("plan", True)]
    assert read.notes == [f"plan {plan.name()} read by the rules: fills beside it touch no "
                          "other fill, and every block is drawn against a fill or a plan, to "
                          "be checked"]


def _beside_a_plan(sure_f7: float, crossed: int = 3):
    """A basic sheet set up on entrance 1, the plan E5:F6 read (a green slime in
    it), F7 below it read filled ``sure_f7`` surely, E7 (a bat) open, the track
    read crossed to ``crossed``."""
    from companion.grid import Rect

    board = shipped("basic")
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    others = {cell for face, cell in board.entrances.items() if face != 1}
    plan = Rect(4, 4, 5, 5)
    filled = others | {(5, 6)}
    marks = [reader.Mark("plan", plan.name(), True, 0.9),
             *(reader.Mark("cell", name, cell in filled, sure_f7 if name == "F7" else 0.95)
               for cell, name in named.items())]
    return reader.Reading(board, "basic", frozenset(filled), (plan,), crossed, frozenset(),
                          frozenset(), (), [*marks, *ruled.track(_track(crossed))[1]],
                          struck=_track(crossed))


def test_a_plan_beside_a_cell_read_filled_in_doubt_may_reach_over_it():
    """A plan's cells are open: a cell read filled in doubt below a plan read may be
    the row the plan was drawn over, its dashes there taken for pencil. The plan
    reaching over it (E5:F7, E7 open) is a doubt, and so is the plan read; nothing
    changes; with F7 read surely filled, nothing is in doubt."""
    doubted = ruled.with_plans_over_doubtful_fills(_beside_a_plan(0.6))
    assert doubted.plans == (parse_range("E5:F6"),) and (5, 6) in doubted.filled
    assert sorted((m.what, m.name, m.value) for m in doubted.doubts) == [
        ("cell", "F7", True), ("plan", "E5:F6", True), ("plan", "E5:F7", False)]
    assert doubted.notes == ["plan E5:F6 may reach over F7, read filled in doubt: a plan's "
                             "cells are open, to be checked"]
    sure = ruled.with_plans_over_doubtful_fills(_beside_a_plan(0.95))
    assert not sure.doubts and not sure.notes


def test_a_plan_read_a_row_short_is_widened_over_a_fill_in_doubt_where_the_track_asks():
    """The track crossed to 4 asks for a second monster in the plans, and the plan
    read (E5:F6, a slime) reaching over F7, read filled in doubt, takes the bat in
    E7: that is likelier than the four numbers wrong — F7 read open and the plan
    E5:F7, each a doubt, with a note. With F7 read surely filled, the count is kept
    and questioned instead; with the track at 3, nothing changes."""
    wider = ruled.with_plans_agreeing(_beside_a_plan(0.6, crossed=4))
    assert wider.plans == (parse_range("E5:F7"),) and (5, 6) not in wider.filled
    assert wider.development == 4
    assert sorted((m.what, m.name, m.value) for m in wider.doubts) == [
        ("cell", "F7", False), ("plan", "E5:F6", False), ("plan", "E5:F7", True)]
    assert wider.notes[0] == ("F7 read open by the rules: inside plan E5:F7, which the "
                              "development track asks for (a plan's cells are open), to be "
                              "checked")
    kept = ruled.with_plans_agreeing(_beside_a_plan(0.95, crossed=4))
    assert kept.plans == (parse_range("E5:F6"),) and (5, 6) in kept.filled
    agreeing = ruled.with_plans_agreeing(_beside_a_plan(0.6))
    assert agreeing.plans == (parse_range("E5:F6"),) and not agreeing.notes


@settings(max_examples=40, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=30),
       st.floats(0.5, 1.0))
def test_every_fill_comes_out_attached(filled, sure):
    board = shipped("basic")
    read = _attached(board, filled, {"E5": sure, "F6": sure})
    assert not ruled._loose(board, read.filled, read.plans)


def _items_read(circled: dict[int, float], spent: dict[int, float], filled=(),
                open_f2: float = 0.95, development: int = 2):
    """A basic sheet set up on entrance 1, ``filled`` and the item marks read so
    (mark: how sure), the other marks read not circled and not spent, surely; the
    item cell F2 read open ``open_f2`` surely where not filled."""
    board = shipped("basic")
    others = {cell for face, cell in board.entrances.items() if face != 1}
    marks = [reader.Mark("circled", str(m), m in circled, circled.get(m, 0.95))
             for m in range(2, 9)]
    marks += [reader.Mark("cell", "F2", (5, 1) in filled, open_f2)]
    marks += [reader.Mark("spent", str(m), m in spent, spent.get(m, 0.95)) for m in range(1, 9)]
    return ruled.with_items_agreeing(reader.Reading(
        board, "basic", frozenset(filled) | others, (), development, frozenset(circled),
        frozenset(spent), (), marks))


def test_item_marks_agree_with_the_items_filled_by_the_rules():
    """Each item filled circles one mark, and only a circled mark is spent (spec,
    special cells): a reading otherwise takes the likeliest change, as doubts."""
    item = (5, 1)  # F2, an item cell of the basic map
    fine = _items_read({2: 0.95}, {1: 0.95, 2: 0.95}, [item])
    assert not fine.notes and fine.circled == {2} and fine.spent == {1, 2}
    faint_circle = _items_read({2: 0.95, 3: 0.6}, {}, [item])
    assert faint_circle.circled == {2}
    assert [(m.what, m.name, m.value) for m in faint_circle.doubts] == [("circled", "3", False)]
    assert any("mark 3 not circled" in note for note in faint_circle.notes)
    smudged = _items_read({}, {4: 0.62})
    assert smudged.spent == frozenset() and not smudged.circled  # no item filled either
    missed = _items_read({2: 0.95}, {}, [], open_f2=0.6)
    assert item in missed.filled and missed.circled == {2}
    assert [(m.what, m.name, m.value) for m in missed.doubts] == [("cell", "F2", True)]


def test_fewer_marks_circled_than_items_filled_doubts_the_likeliest_free_mark():
    """Each item filled circles a free mark (one in a section whose boundary is
    broken): with two items filled and one mark read circled, the free mark likeliest
    circled is a doubt, its value kept; a locked one is not."""
    items = [(5, 1), (6, 4)]  # F2, G5
    read = _items_read({2: 0.95, 3: 0.8}, {}, items, development=6)
    assert read.circled == {2, 3} and not read.doubts  # as many circled as filled
    locked = _items_read({2: 0.95}, {}, items, development=2)
    assert not locked.doubts  # marks 3 on lie beyond the first boundary, not broken
    read = _items_read({2: 0.95}, {}, items, development=6)  # ⑤ crossed: 3 and 4 free
    assert [(m.name, m.value) for m in read.doubts] == [("3", False)]  # the lowest first
    assert any("mark 3 may be circled" in note for note in read.notes)


def test_a_faint_pencil_cross_on_a_small_sheet_shows_along_its_diagonals():
    """Cells crossed out with a light pencil X, the sheet under 2 pixels a millimetre in
    the photo: no pixel of an X is dark enough to count as pencil, but both diagonals,
    averaged, are darker than beside them — several read filled or doubted (none would
    be, pixel by pixel), no other cell is read filled, and the reading is not sure."""
    rng = random.Random(11)
    board = shipped("basic")
    page = photos.printed_page("basic")
    at = page.layout
    large = {c for monster in board.large for c in monster.cells}
    crossed = [c for c in board.cells if c not in board.exits and c not in large][20:60:3]
    sheet = photos.Sheet(page, rng)
    faint = photos.Pen((0.45, 0.45, 0.47), 0.3, 0.35, 0.3)
    for cell in crossed:
        box = at.cell_box(cell)
        for (u0, v0), (u1, v1) in (((0, 0), (1, 1)), ((1, 0), (0, 1))):
            sheet.stroke(photos._line(box, u0, v0, u1, v1, rng, 0.3), faint)
    shot = photos.Shot(megapixels=1.0, tilt=10, turn=5, fill=0.7, curl=0.5, light=0.9,
                       shadow=1, blur=0.4, noise=2, quality=85)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    seen = [marks[cell_name(cell, upper=True)] for cell in crossed]
    assert sum(m.value or m.doubt for m in seen) >= 4
    assert sum(m.value for m in marks.values()) == sum(m.value for m in seen)
    assert not reading.sure


def _blank_basic_sheet(seed: int):
    """The basic map printed blank, to draw on with a dark pencil: (the random
    source, the map, its layout, its large monsters' cells, the sheet, the pen)."""
    rng = random.Random(seed)
    board = shipped("basic")
    page = photos.printed_page("basic")
    large = {c for monster in board.large for c in monster.cells}
    sheet = photos.Sheet(page, rng)
    return rng, board, page.layout, large, sheet, photos.Pen((0.25, 0.25, 0.27), 0.5, 0.8, 0.4)


def test_open_cells_under_a_hard_shadow_walled_by_fills_are_read_open():
    """The edge of a hard shadow (30 % darker, blurred over 3 mm) runs through a
    block of open cells walled all round by fills, in a sharp photo (about 6 pixels
    a millimetre): the paper there is measured on the open cells themselves —
    smooth, where pencil at that size shows its strokes — not guessed from the
    bright paper beyond the fills; they are read open, the fills filled."""
    rng, _board, at, _large, sheet, pen = _blank_basic_sheet(7)
    block = {(x, y) for x in range(4, 7) for y in range(4, 7)}
    wall = {(x, y) for x in range(3, 8) for y in range(3, 8)} - block
    for cell in sorted(wall):
        _filled_over(sheet, at, cell, 0.5, pen, rng)
    middle, last = at.cell_box((5, 3)), at.cell_box((7, 7))
    (x0, y0) = sheet.px(middle.x + middle.w / 2, middle.y)
    (x1, y1) = sheet.px(last.x + last.w, last.y + last.h)
    shadow = np.zeros(sheet.image.shape[:2], np.float32)
    cv2.rectangle(shadow, (round(x0), round(y0)), (round(x1), round(y1)), 1.0, -1)
    shadow = cv2.GaussianBlur(shadow, (0, 0), 3 * photos.PX)
    sheet.image *= (1 - 0.3 * shadow)[:, :, None]
    shot = photos.Shot(megapixels=9, tilt=6, turn=8, fill=0.9, curl=0.3, light=0.95, shadow=1,
                       blur=0.5, noise=2, quality=90)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() >= reader.SHARP
    assert not block & reading.filled
    assert wall <= reading.filled


def _filled_over(sheet, at, cell, over: float, pen, rng) -> None:
    """``cell`` filled solid, the fill run ``over`` mm over its lines."""
    from companion.roguelight.layout import Box

    box = at.cell_box(cell)
    reach = Box(box.x - over, box.y - over, box.w + 2 * over, box.h + 2 * over)
    _hatched(sheet, reach, rng.uniform(0, 3), 0.4, pen, rng)


def _hatched(sheet, box, angle: float, spacing: float, pen, rng) -> None:
    """``box`` hatched with ``pen``, lines ``spacing`` mm apart at ``angle``, clipped
    to it."""
    for line in photos._hatch(box, angle, spacing, rng):
        sheet.stroke(line, pen, clip=box)


def test_cells_hatched_by_a_light_hand_are_read_filled_as_doubts():
    """A light hand's hatching (a pale grey pencil pressed lightly on grainy paper,
    lines 1.2 mm apart) in a photo of about 5 pixels a millimetre: its strokes stand
    out from the paper beside them by less than a pencil line must, but in every
    part of the cell — read filled, as doubts; the open cell between fills reads
    open."""
    rng, _board, at, _large, sheet, pen = _blank_basic_sheet(11)
    light = photos.Pen((0.55, 0.55, 0.57), 0.35, 0.35, 0.8)
    hatched = {(2, 2), (5, 2), (2, 5), (6, 6), (7, 3)}
    for cell in sorted(hatched):
        _hatched(sheet, at.cell_box(cell), rng.uniform(0, 3), 1.2, light, rng)
    for cell in ((4, 7), (6, 7), (5, 6), (5, 8)):  # round (5, 7), left open
        _filled_over(sheet, at, cell, 1.0, pen, rng)
    shot = photos.Shot(megapixels=3, tilt=10, turn=100, fill=0.88, curl=0.5, light=0.85,
                       shadow=1, blur=1.0, noise=2.5, quality=85)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() >= 4.5
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    assert hatched <= reading.filled
    assert all(marks[cell_name(c, upper=True)].doubt for c in hatched)
    assert reading.filled - hatched == {(4, 7), (6, 7), (5, 6), (5, 8)}


def test_cells_hatched_too_lightly_for_any_line_are_read_filled_by_their_slant():
    """A lighter hand still (a pale pencil pressed so lightly that none of its
    strokes stands out as a faint line over a fifth of a quarter), hatching at
    slants clear of the cells' lines: across the strokes the sheet rises and falls
    as across no other slant — read filled, as doubts; the open cells read open."""
    rng, _board, at, _large, sheet, _pen = _blank_basic_sheet(12)
    lightest = photos.Pen((0.7, 0.7, 0.72), 0.35, 0.25, 0.8)
    hatched = {(1, 1), (4, 2), (7, 2), (2, 6), (6, 5), (8, 8)}
    for cell in sorted(hatched):
        slant = rng.choice([rng.uniform(0.4, 1.2), rng.uniform(1.9, 2.7)])
        _hatched(sheet, at.cell_box(cell), slant, 1.3, lightest, rng)
    shot = photos.Shot(megapixels=6, tilt=8, turn=20, fill=0.88, curl=0.5, light=0.9,
                       shadow=1, blur=0.8, noise=2, quality=88)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    assert reading.filled == hatched
    assert all(marks[cell_name(c, upper=True)].doubt for c in hatched)


def test_the_rise_and_fall_across_a_slant_is_one_for_noise_and_stands_out_for_strokes():
    """Noise rises and falls alike across every slant (about its own spread,
    however many pixels a line has); strokes at 48° stand out across that slant."""
    rng = np.random.default_rng(3)
    ys, xs = np.mgrid[0:60, 0:60]
    xs, ys = xs.ravel(), ys.ravel()
    noise = rng.normal(0, 0.02, xs.size)
    rise = reader._rise_and_fall(xs, ys, noise, 1.0)
    assert 0.5 < np.median(rise) / 0.02 < 1.5 and rise.max() < 2 * np.median(rise)
    across = xs * np.cos(np.radians(48)) + ys * np.sin(np.radians(48))
    strokes = noise + 0.03 * (np.cos(across * 2 * np.pi / 8) > 0.5)  # 8 pixels apart
    rise = reader._rise_and_fall(xs, ys, strokes, 1.0)
    assert round(np.degrees(reader._SLANTS[np.argmax(rise)])) == 48
    assert rise.max() > 3 * np.median(rise)


def test_pencil_strayed_over_the_line_from_filled_cells_leaves_the_cell_between_open():
    """Rows 2 and 4 filled solid, each fill run 2 mm over its lines, row 3 left
    open: the bands of pencil along row 3's top and bottom are its neighbours', not
    a fill — its cells read open (where a picture leaves only a thin ring to look
    in, the bands were most of it), but for two crossed out with an X (which reaches
    a side only at its ends), and rows 2 and 4 read filled."""
    from companion.grid import cell_name

    rng, board, at, large, sheet, pen = _blank_basic_sheet(5)
    for x in range(board.width):
        for y in (1, 3):
            _filled_over(sheet, at, (x, y), 2.0, pen, rng)
    crossed = {(2, 2), (6, 2)}
    for cell in crossed:
        for (u0, v0), (u1, v1) in (((0, 0), (1, 1)), ((1, 0), (0, 1))):
            sheet.stroke(photos._line(at.cell_box(cell), u0, v0, u1, v1, rng, 0.3), pen)
    shot = photos.Shot(megapixels=8.0, tilt=12, turn=80, fill=0.85, curl=1.0, light=0.8,
                       shadow=1, blur=0.6, noise=2, quality=88)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() >= reader.FINE
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    between = {cell_name((x, 2), upper=True): (x, 2) in crossed for x in range(board.width)
               if (x, 2) not in large}
    assert {name: marks[name].value for name in between} == between
    for y in (1, 3):
        assert all(marks[cell_name((x, y), upper=True)].value for x in range(board.width)
                   if (x, y) not in large)


def test_in_a_cell_known_to_carry_pencil_a_faint_x_drawn_askew_reads_crossed():
    """A cell read filled but for its neighbours' strays carries pencil, an X or a
    stray: there a faint X whose strokes run 0.8 mm off the diagonals reads crossed,
    as it does not in a cell with no such sign; pencil in one half of the cell (a
    neighbour's scribble) does not."""
    from types import SimpleNamespace

    at = layout.SheetLayout(shipped("basic"))
    area = next(a for a in layout.areas(at) if a.name == "E3")
    height, width = reader.Sheet.px(layout.PAGE_W, at.height)[::-1]
    ys, xs = np.mgrid[0:int(height) + 1, 0:int(width) + 1].astype(np.float32) / reader.PX
    box = area.box
    u = (xs - reader.MARGIN_MM - box.x) / box.w
    v = (ys - reader.MARGIN_MM - box.y) / box.h
    inside = (u >= 0) & (u <= 1) & (v >= 0) & (v <= 1)

    def sheet_with(shade):
        pencil = SimpleNamespace(shade=np.where(inside, shade, 0).astype(np.float32), clear=0.9)
        pencil._diagonals = partial(reader.Pencil._diagonals, pencil)
        return pencil

    off = 0.8 / box.w * np.sqrt(2)  # 0.8 mm across the diagonal, in the cell's share
    askew = (np.abs(v - u - off) < 0.04) | (np.abs(v - (1 - u) - off) < 0.04)
    x = sheet_with(0.025 * askew)
    assert reader.Pencil.crossed(x, area, halves=True, pencilled=True)[0]
    assert not reader.Pencil.crossed(x, area, halves=True)[0]
    stray = sheet_with(0.3 * (np.hypot(u - 0.1, v - 0.5) < 0.3))  # from the left side
    assert not reader.Pencil.crossed(stray, area, halves=True, pencilled=True)[0]


def test_scribbles_straying_far_into_an_open_cell_leave_it_open():
    """Row 2 filled, its fill run 1.5 mm over row 3's top line; rows 4 and 6
    scribbled, each scribble straying up to 4 mm into the open cells of rows 3 and
    5 above it. A scribble darkens the half of the cell beside it, a fill every part
    of a cell, and an X both halves of its diagonals: rows 3 and 5 read open (with
    a doubt at most), rows 2, 4 and 6 filled."""
    from companion.grid import cell_name
    from companion.roguelight.layout import Box

    rng, board, at, large, sheet, pen = _blank_basic_sheet(8)
    for x in range(board.width):
        _filled_over(sheet, at, (x, 1), 1.5, pen, rng)
        for y in (3, 5):
            box = at.cell_box((x, y))
            reach = Box(box.x, box.y - 4.0, box.w, box.h + 4.0)
            points = [(reach.x + rng.random() * reach.w, reach.y + rng.random() * reach.h)
                      for _ in range(30)]
            sheet.stroke(photos._smooth(points), pen)
    shot = photos.Shot(megapixels=8.0, tilt=8, turn=20, fill=0.85, curl=0.5, light=0.85,
                       shadow=1, blur=0.5, noise=2, quality=88)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    entrances = set(board.entrances.values())  # the rules fill all but one: doubts
    names = {y: [cell_name((x, y), upper=True) for x in range(board.width)
                 if (x, y) not in large | entrances] for y in range(1, 6)}
    assert not [name for y in (2, 4) for name in names[y] if marks[name].value]
    assert all(marks[name].value for y in (1, 3, 5) for name in names[y])


def test_a_block_of_light_hatching_on_a_small_photo_is_not_taken_for_the_paper():
    """32 cells side by side hatched with a light pencil, the photo small: smooth
    enough at that size to pass for bare paper in shadow, and, taken for it, they
    would be the paper their pencil is measured against. A smooth area darker than
    the paper round it by a tenth is not bare paper: nearly all read filled, and no
    other cell does."""
    from companion.grid import cell_name

    rng, board, at, large, sheet, _pen = _blank_basic_sheet(14)
    light = photos.Pen((0.3, 0.3, 0.32), 0.35, 0.6, 0.6)
    block = [c for c in board.cells if 1 <= c[0] <= 4 and 1 <= c[1] <= 8
             and c not in large and c not in board.exits]
    for cell in block:
        _hatched(sheet, at.cell_box(cell), rng.uniform(0, 3.1), 1.2, light, rng)
    shot = photos.Shot(megapixels=1.2, tilt=8, turn=30, fill=0.85, curl=0.5, light=0.85,
                       shadow=1, blur=0.8, noise=3, quality=80)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() < 2.5
    filled = {m.name for m in reading.marks if m.what == "cell" and m.value}
    hatched = {cell_name(c, upper=True) for c in block}
    assert len(filled & hatched) >= 0.9 * len(hatched) and filled <= hatched


def test_a_loose_scribble_leaving_a_corner_bare_reads_filled_as_a_doubt():
    """Cells scribbled over three quarters, the fourth left bare (a loose scribble),
    apart from one another: each reads filled, a doubt where not sure — a
    neighbour's pencil straying in reaches the half beside it at most."""
    from companion.grid import cell_name

    rng, board, at, large, sheet, pen = _blank_basic_sheet(4)
    scribbled = [c for c in board.cells if c[0] % 3 == 1 and c[1] % 3 == 1
                 and c not in large and c not in board.exits]
    for cell in scribbled:
        box = at.cell_box(cell)
        points = []
        while len(points) < 30:
            u, v = rng.random(), rng.random()
            if u > 0.5 or v < 0.5:  # the bottom left quarter left bare
                points.append((box.x + u * box.w, box.y + v * box.h))
        sheet.stroke(photos._smooth(points), pen)
    shot = photos.Shot(megapixels=6.0, tilt=5, turn=10, fill=0.85, curl=0.5, light=0.9,
                       shadow=1, blur=0.5, noise=2, quality=88)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    assert all(marks[cell_name(c, upper=True)].value for c in scribbled)


@pytest.mark.parametrize("megapixels", [3, 5])
def test_a_blank_sheet_in_a_rough_jpeg_reads_open_with_no_doubt(megapixels):
    """At JPEG quality 60 the compression leaves specks round every printed picture,
    darker than the entrance blocks' tint beside a white die: they are not pencil
    (a stroke covers more), so no cell is filled or doubted."""
    rng = random.Random(3)
    sheet = photos.Sheet(photos.printed_page("advanced"), rng)
    shot = photos.Shot(megapixels=megapixels, tilt=8, turn=30, fill=0.9, curl=1.0, light=0.95,
                       shadow=1, blur=0.3, noise=2.5, quality=60)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() >= reader.FINE
    assert not reading.filled
    assert [m.name for m in reading.doubts if m.what == "cell"] == []


def test_specks_are_not_strokes():
    lines = np.zeros((60, 60), bool)
    lines[10:12, 5:50] = True  # a stroke 7.5 mm long
    lines[30:32, 30:32] = True  # a speck
    lines[40, 10] = True
    kept = reader._strokes_long(lines)
    assert kept[10:12, 5:50].all() and kept.sum() == lines[10:12, 5:50].sum()


@pytest.mark.parametrize("drift", [0.3, 0.9])
def test_plans_drawn_a_little_inside_the_lines_are_read(drift):
    """Dashes drawn 0.3 mm inside a plan's lines, or 0.9 mm (kept apart from the
    printed line), a ballpoint or pencil, blurred in a photo of about 3.5 pixels a
    millimetre, reach further into the cell than the printed line: still dashes,
    not strokes running on into the cell. Column D
    filled (plans are drawn against filled cells), E4:F7 and B7:C8 planned, the
    development track crossed as far as they advance it: both plans are read on nearly
    every photo, and any other plan read (but the open entrance's setup plan, which
    the rules add) is a doubt."""
    from companion.grid import Rect

    board = shipped("basic")
    plans = [Rect(4, 3, 5, 6), Rect(1, 6, 2, 7)]
    development = 2 + sum(sum(board.count_monsters(set(p.cells())).values()) for p in plans)
    found = 0
    for seed in range(6):
        rng = random.Random(seed)
        page = photos.printed_page("basic")
        at = page.layout
        sheet = photos.Sheet(page, rng)
        for y in range(board.height):
            photos.fill_cell(sheet, at.cell_box((3, y)), rng, "solid")
        for plan in plans:
            a, b = at.cell_box((plan.left, plan.top)), at.cell_box((plan.right, plan.bottom))
            photos.dotted_rect(sheet, a.x, a.y, b.x + b.w, b.y + b.h, rng, drift=drift)
        for number in range(1, development + 1):
            c = at.development(number)
            photos.strike(sheet, photos.Box(c.x - c.r, c.y - c.r, 2 * c.r, 2 * c.r), rng)
        shot = photos.Shot(megapixels=3.5, tilt=12, turn=212, fill=0.76, curl=0.1, light=0.88,
                           shadow=1, blur=0.7, noise=2.9, quality=72)
        reading = reader.read(photos.photograph(sheet.image, shot, rng))
        found += sum(plan in reading.plans for plan in plans)
        others = set(reading.plans) - set(plans) - set(board.entrance_blocks.values())
        assert {p.name() for p in others} <= {m.name for m in reading.doubts}
    assert found >= 11


@pytest.mark.parametrize("outlined", [(), ("ghost",), ("green", "bat"),
                                      ("blue", "green", "ghost", "bat")])
def test_goals_are_read_by_the_black_an_outline_adds_to_their_boxes_lines(outlined):
    """An outline drawn 0.4–1.2 mm round a goal's box, in a blurred photo of about 3
    pixels a millimetre, merges with the printed line; it still adds black across it,
    against the lines of the goals not outlined and of the ghost actions — so that
    every goal outlined is read, all four included, and none that is not."""
    for seed in range(3):
        rng = random.Random(seed)
        page = photos.printed_page("advanced")
        sheet = photos.Sheet(page, rng)
        for goal in outlined:
            photos.outline(sheet, page.layout.goal_box(GOALS.index(goal)), rng)
        shot = photos.Shot(megapixels=2.5, tilt=15, turn=95, fill=0.8, curl=0.5, light=0.85,
                           shadow=1, blur=1.2, noise=3, quality=75)
        reading = reader.read(photos.photograph(sheet.image, shot, rng))
        assert set(reading.goals) == set(outlined), seed


def test_light_rings_round_item_marks_are_read_on_a_small_blurred_photo():
    """A ring of light pencil round an item mark, in a blurred photo of about 2.5
    pixels a millimetre, is too faint for many of its pixels to count as a line;
    averaged along its band it still shows in every direction round the mark."""
    found = wrong = 0
    for seed in range(4):
        rng = random.Random(seed)
        page = photos.printed_page("basic")
        sheet = photos.Sheet(page, rng)
        light = photos.Pen((0.35, 0.35, 0.37), 0.35, 0.5, 0.6)
        for mark in (2, 3, 5):
            photos.ring(sheet, page.layout.item_ring(mark), rng, margin=0.3, pen=light)
        shot = photos.Shot(megapixels=2.0, tilt=20, turn=30, fill=0.8, curl=0.5, light=0.8,
                           shadow=1, blur=1.2, noise=3, quality=70)
        reading = reader.read(photos.photograph(sheet.image, shot, rng))
        found += len(reading.circled & {2, 3, 5})
        wrong += len(reading.circled - {2, 3, 5})
    assert found >= 11 and wrong == 0


def test_a_line_unbroken_along_a_filled_cell_counts_half_as_dashes(monkeypatch):
    """A pocket of open cells A8:C10 walled by filled cells (row 7, column D) and the
    map's border: the walls' edges seen from inside it are unbroken lines (the fills
    run up to them), and a plan A8:B9 is dashed, with gaps, along its open sides. A
    line without gaps may be the fill's own edge: the plan is read, not the pocket."""
    from collections import defaultdict

    from companion.grid import Rect

    board = shipped("basic")
    at = layout.SheetLayout(board)
    filled = frozenset({(x, 6) for x in range(4)} | {(3, y) for y in range(7, 10)})
    pocket, plan = Rect(0, 7, 2, 9), Rect(0, 7, 1, 8)
    dashes = defaultdict(float)
    for side in reader._perimeter(pocket):
        dashes[side] = 1.0
    for side in reader._perimeter(plan):
        if not reader._edge_kind(board, filled, side)[1]:
            dashes[side] = 0.6
            (x0, y0, x1, y1), (ix, iy) = side
            dashes[(x0, y0, x1, y1), (-ix, -iy)] = 0.6  # seen from the other side too
    monkeypatch.setattr(reader, "_dashes",
                        lambda pencil, at, filled: (dashes, defaultdict(float)))
    plans, _marks, _unseen = reader._plans(None, at, filled)
    assert plans == (plan,)
    assert reader._dotted(1.0, (False, True, False)) == 0.5  # against a filled cell
    assert reader._dotted(1.0, (False, False, False)) == 1.0  # between open cells


def test_a_line_run_on_along_part_of_a_side_by_a_fill_counts_a_quarter_as_dashes():
    """Dashes are short, with gaps: along a side against a filled cell, a line
    unbroken for longer than a hand's dash (4.5 mm) but not the whole side is the
    fill's pencil strayed along it, and counts a quarter of its length; dashes,
    a line between open cells and a line along the whole side count whole."""
    cell = layout.CELL  # the 12 places span 8.4 mm: 0.76 mm apart
    dashes = np.array([0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0], bool)  # 2.3 and 3 mm
    stray = np.array([0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0], bool)  # 5.3 mm
    assert reader._dashed(dashes, True, cell) == pytest.approx(7 / 12)
    assert reader._dashed(stray, True, cell) == pytest.approx(2 / 12)
    assert reader._dashed(stray, False, cell) == pytest.approx(8 / 12)
    assert reader._dashed(np.ones(12, bool), True, cell) == 1.0
    assert reader._dashed(stray, True, 0.6 * cell) == pytest.approx(8 / 12)  # 3.2 mm


def test_a_fills_scribble_strayed_along_open_cells_is_not_read_a_plan(monkeypatch):
    """Seed 28: scribbles over I7:J7 and a hatch over H8 strayed along the lines of
    I8 below and beside them, as long unbroken lines; taken for dashes, they made
    I8:J10 a plan (in doubt), and the development track then asked for a plan A5:B6
    besides. Read as strays, the sheet reads exactly."""
    shot = photos.photo(28)
    assert all(right for *_mark, right in compare(shot, reader.read(shot.jpeg)))
    monkeypatch.setattr(reader, "STRAYED", 1.0)
    wrong = {(what, name) for what, name, right in compare(shot, reader.read(shot.jpeg))
             if not right}
    assert wrong == {("plan", "I8:J10"), ("plan", "A5:B6")}


def test_a_pocket_walled_by_fills_with_no_monster_needs_more_than_their_edges(monkeypatch):
    """Two pockets of open cells walled all round by fills, the lines along every
    side unbroken (the fills' edges as likely as dashes): I3:J4 holds no monster, so
    neither dashes between open cells nor the development track could tell a plan
    there, and it is not read one; C2:D3 holds two, which the track holds the plans
    to, and is read one (a doubt either way)."""
    from collections import defaultdict

    from companion.grid import Rect

    board = shipped("basic")
    at = layout.SheetLayout(board)
    bare, held = Rect(8, 2, 9, 3), Rect(2, 1, 3, 2)
    walls = {(7, 2), (7, 3), (8, 1), (9, 1), (8, 4), (9, 4),
             (1, 1), (1, 2), (4, 1), (4, 2), (2, 0), (3, 0), (2, 3), (3, 3)}
    assert not sum(board.count_monsters(set(bare.cells())).values())
    assert sum(board.count_monsters(set(held.cells())).values()) == 2
    dashes = defaultdict(float)
    for pocket in (bare, held):
        for side in reader._perimeter(pocket):
            dashes[side] = 1.0
    monkeypatch.setattr(reader, "_dashes",
                        lambda pencil, at, filled: (dashes, defaultdict(float)))
    plans, marks, _unseen = reader._plans(None, at, frozenset(walls))
    assert plans == (held,)
    assert {(m.name, m.value) for m in marks if m.doubt} >= {(bare.name(), False),
                                                             (held.name(), True)}


def test_a_side_a_neighbours_fill_runs_over_says_little_against_a_plan(monkeypatch):
    """A plan A8:B9 under filled row 7, its open sides dashed faintly and no dash
    seen along the fills: where the fills' pencil runs on over that side, hiding
    any dash, the plan is read; where the side is bare, it is not."""
    from collections import defaultdict

    from companion.grid import Rect

    board = shipped("basic")
    at = layout.SheetLayout(board)
    filled = frozenset((x, 6) for x in range(4))
    plan = Rect(0, 7, 1, 8)
    dashes, hidden = defaultdict(float), defaultdict(float)
    for side in reader._perimeter(plan):
        border, busy, _framed = reader._edge_kind(board, filled, side)
        if busy and not border:
            hidden[side] = 1.0
        elif not border:
            dashes[side] = 0.45
    for runs_over, read in ((hidden, (plan,)), (defaultdict(float), ())):
        monkeypatch.setattr(reader, "_dashes", lambda pencil, at, filled, h=runs_over:
                            (dashes, h))
        plans, _marks, _unseen = reader._plans(None, at, filled)
        assert plans == read


def test_a_pocket_of_open_cells_a_plan_could_be_is_a_doubt_whichever_way_it_is_read(
        monkeypatch):
    """G4:H5 left open, walled all round by fills, no monster in it: its sides run
    along fills, where pencil hides dashes and the fills' edges look like them, and
    no monster advances the track for it — nothing tells a plan drawn there from a
    pocket. Read a plan or not, it is a doubt; an open rectangle beside open cells,
    with nothing seen round it, is no doubt."""
    from collections import defaultdict

    from companion.grid import Rect

    board = shipped("basic")
    at = layout.SheetLayout(board)
    pocket = Rect(6, 3, 7, 4)
    filled = frozenset({(5, 3), (5, 4), (8, 3), (8, 4), (6, 2), (7, 2), (6, 5), (7, 5)})
    assert not any(board.is_monster(c) for c in pocket.cells())
    for seen, read in ((0.0, ()), (0.9, (pocket,))):
        dashes = defaultdict(float, {side: seen for side in reader._perimeter(pocket)})
        monkeypatch.setattr(reader, "_dashes", lambda pencil, at, filled, d=dashes:
                            (d, defaultdict(float)))
        plans, marks, unseen = reader._plans(None, at, filled)
        doubts = {m.name: m.value for m in marks if m.doubt}
        assert plans == read and doubts.get(pocket.name()) == bool(read)
        assert not any(m.name == pocket.name() for m in unseen)
    told = Rect(2, 3, 3, 4)  # C4:D5, open beside open cells
    assert told.name() not in {m.name for m in marks if m.doubt}


def test_a_rectangle_kept_out_by_a_plan_beside_it_scoring_nearly_as_well_is_a_doubt(
        monkeypatch):
    """A8:B9 read a plan on faint dashes and C8:D9 beside it (plans keep apart: they
    cannot both be) on fainter ones, too faint to be read a plan alone: both are
    doubts, so the player looks at that corner and the rules may take either; a
    third rectangle there, scoring less, is not listed."""
    from collections import defaultdict

    from companion.grid import Rect

    board = shipped("basic")
    at = layout.SheetLayout(board)
    filled = frozenset((x, 6) for x in range(4))
    read, beside = Rect(0, 7, 1, 8), Rect(2, 7, 3, 8)
    dashes = defaultdict(float)
    for rect, seen in ((beside, 0.25), (read, 0.36)):
        for side in reader._perimeter(rect):
            (x0, y0, x1, y1), (ix, iy) = side
            dashes[side] = dashes[(x0, y0, x1, y1), (-ix, -iy)] = seen
    monkeypatch.setattr(reader, "_dashes",
                        lambda pencil, at, filled: (dashes, defaultdict(float)))
    plans, marks, _unseen = reader._plans(None, at, filled)
    doubts = {(m.name, m.value) for m in marks if m.doubt}
    assert plans == (read,)
    assert {(read.name(), True), (beside.name(), False)} <= doubts
    assert len([name for name, value in doubts if not value
                and not parse_range(name).overlaps(read)]) == 1


def test_an_item_box_hatched_lightly_is_spent():
    """An item mark's box hatched in light pencil, lines 1.8 mm apart (a quick
    spend), is read spent with no doubt, as a cell hatched so is filled; the boxes
    left bare read unspent."""
    rng, board, at, _large, sheet, _pen = _blank_basic_sheet(4)
    pen = photos.Pen((0.35, 0.35, 0.37), 0.3, 0.45, 0.7)
    spent = {2, 3, 5}
    for mark in spent:
        _hatched(sheet, at.item_box(mark), 0.8, 1.8, pen, rng)
    shot = photos.Shot(megapixels=2.5, tilt=10, turn=100, fill=0.85, curl=0.5, light=0.9,
                       shadow=1, blur=1.0, noise=2, quality=80)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert set(reading.spent) == spent
    assert not [m for m in reading.doubts if m.what == "spent"]
    assert len(board.item_points) > max(spent)


def test_an_item_box_hatched_by_a_light_hand_is_spent_as_a_doubt(monkeypatch):
    """Item marks circled and their boxes hatched by a light hand (a pale pencil
    pressed lightly, lines 0.6 mm apart) in a photo of about 5 pixels a
    millimetre: in box 1 no stroke is dark enough to count as pencil — read so,
    it would be unspent — but faint lines run over most of it: spent, as a doubt.
    The bare boxes read unspent with no doubt."""
    def read(faint: float):
        monkeypatch.setattr(reader, "FAINT", faint)
        rng, _board, at, _large, sheet, _pen = _blank_basic_sheet(14)
        light = photos.Pen((0.5, 0.5, 0.52), 0.35, 0.4, 0.8)
        for mark in (1, 4):
            photos.ring(sheet, at.item_ring(mark), rng, margin=0.3)
            _hatched(sheet, at.item_box(mark), 0.1, 0.6, light, rng)
        shot = photos.Shot(megapixels=3, tilt=10, turn=80, fill=0.88, curl=0.5, light=0.85,
                           shadow=1, blur=1.0, noise=2.5, quality=85)
        reading = reader.read(photos.photograph(sheet.image, shot, rng))
        assert reading.sheet.photo_scale() >= reader.FINE
        return reading, {int(m.name): m for m in reading.marks if m.what == "spent"}

    reading, marks = read(reader.FAINT)
    assert reading.spent == {1, 4} and marks[1].doubt
    assert not any(marks[m].value or marks[m].doubt for m in marks if m not in (1, 4))
    assert not read(1.1)[1][1].value  # the faint lines alone tell it


def test_a_dot_in_one_corner_of_an_item_box_leaves_it_unspent():
    """A spent box is filled all over, as a cell is: a dot of pencil in one corner
    of an empty box (a slip of the pen) leaves it unspent, with no doubt, where a
    box hatched beside it is spent."""
    rng, board, at, _large, sheet, pen = _blank_basic_sheet(8)
    dotted, hatched = at.item_box(4), at.item_box(6)
    x, y = dotted.x + 1.2, dotted.y + dotted.h - 1.2
    sheet.stroke([(x - 0.3, y), (x + 0.3, y + 0.1), (x, y - 0.3)],
                 photos.Pen(pen.colour, 0.7, 0.9, 0.2))
    _hatched(sheet, hatched, 0.8, 1.0, pen, rng)
    shot = photos.Shot(megapixels=10, tilt=20, turn=40, fill=0.9, curl=1, light=0.85,
                       shadow=1, blur=0.5, noise=2, quality=70)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    marks = {int(m.name): m for m in reading.marks if m.what == "spent"}
    assert reading.spent == {6} and not marks[4].doubt
    assert len(board.item_points) > 6


def test_an_item_box_darker_on_average_on_a_small_photo_is_never_read_surely_unspent():
    """On a sheet small in the photo a light hatch in an item box may have too few
    pixels dark enough to count as pencil, but the box is darker than the paper on
    average: such a box is spent, as a doubt. Here the boxes hatched read spent;
    the bare ones unspent, but for one under an erased mark's smudge, as dark on
    average as such a hatch: a doubt, never a sure reading."""
    rng, board, at, _large, sheet, _pen = _blank_basic_sheet(15)
    light = photos.Pen((0.3, 0.3, 0.32), 0.35, 0.55, 0.6)
    spent = {2, 3, 5}
    for mark in spent:
        _hatched(sheet, at.item_box(mark), 0.8, 1.0, light, rng)
    bare = at.item_box(7)
    sheet.smudge(bare.x + 2, bare.y + 2, 2.5, 0.15)
    shot = photos.Shot(megapixels=1.1, tilt=10, turn=100, fill=0.85, curl=0.5, light=0.9,
                       shadow=1, blur=1.0, noise=2, quality=80)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() < 2.5
    marks = {int(m.name): m for m in reading.marks if m.what == "spent"}
    assert set(reading.spent) - {7} == spent and marks[7].doubt
    assert not any(marks[m].value for m in marks if m not in spent | {7})
    assert len(board.item_points) > 7


def test_on_a_small_sheet_a_circled_box_darker_than_every_uncircled_one_is_a_doubt(
        monkeypatch):
    """Seed 151, the sheet 2.3 pixels a millimetre in the photo: item 3 is spent by
    a light hatch that shows as a box hardly darker than the paper — as little as
    a box left bare may be — but darker than every box of an item not circled,
    none of which can be spent: read unspent, it is a doubt. The other circled
    boxes, no darker than those, stay sure; with no such comparison item 3 read
    unspent with no doubt."""
    shot = photos.photo(151)

    def spent() -> dict[str, reader.Mark]:
        reading = reader.read(shot.jpeg)
        assert reading.sheet.photo_scale() < 2.5
        return {m.name: m for m in reading.marks if m.what == "spent"}

    marks = spent()
    assert shot.truth.spent == {3} and shot.truth.circled == {2, 3, 4}
    assert not marks["3"].value and marks["3"].doubt
    assert not any(marks[m].doubt for m in ("2", "4", "5", "6", "7"))
    monkeypatch.setattr(reader, "_darker_than_unringed", lambda pencil, at, spent, ringed: spent)
    assert not spent()["3"].doubt


def test_a_cell_darkened_evenly_with_no_line_in_it_is_never_read_surely_filled():
    """A fill erased from a whole cell leaves it evenly darker (here by 0.15), short
    of a solid fill, with no line in it: as like a light fill as a smudge, it is a
    doubt; a cell hatched in light pencil beside it is surely filled."""
    rng, _board, at, _large, sheet, _pen = _blank_basic_sheet(21)
    smudged, hatched = (4, 4), (6, 4)
    box = at.cell_box(smudged)
    x0, y0 = sheet.px(box.x, box.y)
    x1, y1 = sheet.px(box.x + box.w, box.y + box.h)
    sheet.image[int(y0):int(y1), int(x0):int(x1)] *= 0.85
    light = photos.Pen((0.3, 0.3, 0.32), 0.35, 0.55, 0.6)
    _hatched(sheet, at.cell_box(hatched), 0.8, 1.0, light, rng)
    shot = photos.Shot(megapixels=2.0, tilt=10, turn=100, fill=0.85, curl=0.5, light=0.9,
                       shadow=1, blur=1.0, noise=2, quality=80)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    assert marks["E5"].doubt
    assert marks["G5"].value and not marks["G5"].doubt


def test_every_exit_read_filled_in_doubt_opens_the_one_with_the_least_pencil():
    """The chosen exit stays open (spec, scoring step 1); every exit filled is legal
    (exits may be filled early, ruling 19) but leaves no floor. A sheet set up with
    every exit read filled, the one with the least pencil in its ring read so in
    doubt (a shadow's darkness alone), has it opened — as a doubt, with a note; four
    exits read filled surely, or a sheet not set up, are read as they are."""
    board = shipped("basic")
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    exits, entrances = list(board.exits), list(board.entrances.values())

    def read(sure, set_up=True):
        marks = [reader.Mark("cell", named[c], True, confidence)
                 for c, confidence in zip(exits, sure, strict=True)]
        pencil = {named[c]: share for c, share in zip(exits, (0.0, 0.13, 0.5, 0.6), strict=True)}
        filled = frozenset(exits) | (frozenset(entrances[1:]) if set_up else frozenset())
        return ruled.with_one_exit(reader.Reading(
            board, "basic", filled, (), 2, frozenset(), frozenset(), (), marks,
            exit_pencil=pencil))

    shadowed = read((0.59, 0.56, 0.93, 0.93))  # the least pencil, not the least sure
    assert shadowed.exit == exits[0] and shadowed.filled == frozenset(exits[1:] + entrances[1:])
    assert {(m.name, m.value) for m in shadowed.doubts} == {(named[exits[0]], False),
                                                            (named[exits[1]], True)}
    assert any("every exit read filled" in note for note in shadowed.notes)
    for sure, set_up in (((0.95, 0.95, 0.95, 0.95), True), ((0.59, 0.56, 0.93, 0.93), False),
                         ((0.9, 0.56, 0.93, 0.93), True)):
        kept = read(sure, set_up)
        assert kept.exit is None and frozenset(exits) <= kept.filled and not kept.notes


def test_several_exits_read_open_are_each_a_doubt():
    """The rules fill every exit but the chosen one at the end of the build (spec,
    scoring step 1): two exits read open, the others filled, make both doubts, with
    a note; their values are kept where their rings show as little pencil (exits
    may be filled early: the scorer suggests the better), and one showing clearly
    more pencil than the other is read filled (a fill its stairs hid). One exit read
    open, or all four (a sheet not finished), is no doubt."""
    board = shipped("basic")
    named = {c: area.name for area in layout.areas(layout.SheetLayout(board))
             for c in area.cells}
    exits = list(board.exits)

    def read(filled, pencil=None):
        marks = [reader.Mark("cell", named[c], c in filled, 0.95) for c in exits]
        return ruled.with_one_exit(reader.Reading(
            board, "basic", frozenset(filled), (), 2, frozenset(), frozenset(), (), marks,
            exit_pencil=pencil or {}))

    two_open = read(set(exits[:2]))
    assert {m.name for m in two_open.doubts} == {named[c] for c in exits[2:]}
    assert all(not m.value for m in two_open.doubts)
    assert any("2 exits read open" in note for note in two_open.notes)
    third, fourth = (named[c] for c in exits[2:])
    for pencil, hidden in (({third: 0.01, fourth: 0.02}, set()),
                           ({third: 0.01, fourth: 0.05}, {fourth}),
                           ({third: 0.3, fourth: 0.0}, {third})):
        chosen = read(set(exits[:2]), pencil)
        assert {m.name for m in chosen.doubts} == {third, fourth}
        assert {m.name for m in chosen.doubts if m.value} == hidden
        assert chosen.filled == set(exits[:2]) | {c for c in exits if named[c] in hidden}
        assert (chosen.exit is None) == (not hidden)
    one_open = read(set(exits[1:]))
    assert not one_open.doubts and one_open.exit == exits[0] and not one_open.notes
    unfinished = read(set())
    assert not unfinished.doubts and not unfinished.notes


def test_a_faint_x_drawn_freehand_reads_crossed_on_a_small_photo():
    """Plain cells crossed out with a light pencil, each stroke ending up to a
    millimetre off its corners and bent at the middle, some beside filled cells;
    the photo small. The X's middle runs over the cell's name: looked for up to
    the name, along the likeliest line from near one corner to near the other,
    all but one at most are read crossed (where a line from corner to corner
    found 8 of 13), and no open cell is read filled."""
    from companion.grid import cell_name

    rng, board, at, large, sheet, pen = _blank_basic_sheet(21)
    light = photos.Pen((0.3, 0.3, 0.32), 0.3, 0.5, 0.5)
    plain = [c for c in board.cells if board.symbol(c) == "." and c not in large]
    crossed = plain[2::5]
    beside = [(x + 1, y) for x, y in crossed[::2]
              if (x + 1, y) in plain and (x + 1, y) not in crossed]
    for cell in beside:
        _filled_over(sheet, at, cell, 1.0, pen, rng)
    for cell in crossed:
        box = at.cell_box(cell)
        for (u0, v0), (u1, v1) in (((0, 0), (1, 1)), ((1, 0), (0, 1))):
            ends = [(box.x + u * box.w + rng.uniform(-1, 1),
                     box.y + v * box.h + rng.uniform(-1, 1)) for u, v in ((u0, v0), (u1, v1))]
            middle = ((ends[0][0] + ends[1][0]) / 2 + rng.uniform(-0.3, 0.3),
                      (ends[0][1] + ends[1][1]) / 2 + rng.uniform(-0.3, 0.3))
            sheet.stroke([ends[0], middle, ends[1]], light)
    shot = photos.Shot(megapixels=1.1, tilt=8, turn=30, fill=0.85, curl=0.5, light=0.85,
                       shadow=1, blur=0.8, noise=3, quality=80)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    assert reading.sheet.photo_scale() < reader.FINE
    filled = {m.name for m in reading.marks if m.what == "cell" and m.value}
    filled &= {cell_name(c, upper=True) for c in plain}
    assert {cell_name(c, upper=True) for c in beside} <= filled
    drawn = {cell_name(c, upper=True) for c in crossed}
    assert len(drawn - filled) <= 1 and filled <= drawn | {cell_name(c, upper=True) for c in beside}


def test_a_plan_kept_out_by_a_likelier_one_beside_it_is_a_doubt_and_so_is_that_one():
    """Plans keep apart, so a rectangle whose dashes read a plan but which touches a
    likelier plan read first is not read; scoring nearly as well, it is a doubt,
    and so is the plan read (the rules may drop that one for the track and take
    this); scoring far less, or too little to be a plan at all, it is left alone."""
    from companion.grid import parse_range

    taken = {parse_range("I1:J3"): 0.414}
    read = [reader.Mark("plan", "I1:J3", True, 0.9)]
    beside = parse_range("H4:I6")
    marks = {m.name: m for m in reader._crowded(beside, 0.341, taken, read)}
    assert not marks["H4:I6"].value and marks["H4:I6"].doubt and marks["I1:J3"].doubt
    assert reader._crowded(beside, 0.2, taken, read) == read  # no plan on its own
    assert reader._crowded(beside, 0.341, {parse_range("I1:J3"): 0.95}, read) == read


def test_a_goal_is_outlined_by_the_black_along_most_of_its_sides_against_the_ghost_actions():
    """The black across each goal box's outer sides, at 24 places, on a small
    photo's noise (±0.05 mm on every line): a faint outline adds 0.1 mm at most of
    them; a slash across a box adds much at two; the blur of a ghost action's
    stroke nearby adds 0.05 mm on average. Only the outline is read: measured
    against the ghost actions' printed lines, not against the palest of all the
    lines, which noise pulls down. Where the whole sheet prints or photographs
    darker, no goal is read for it."""
    from types import SimpleNamespace

    at = layout.SheetLayout(shipped("advanced"))
    rng = np.random.default_rng(3)

    def sides(extra):
        return lambda box, side: 0.2 + extra(box, side) + rng.uniform(-0.05, 0.05, 12)

    goals = {at.goal_box(i): goal for i, goal in enumerate(GOALS)}

    def drawn(box, side):
        goal = goals.get(box)
        if goal == "blue":  # outlined, faintly, the pencil lifting at a place or two
            return np.where(np.arange(12) % 6 == 0, 0.0, 0.1)
        if goal == "green":  # a slash across the box
            return np.where(np.arange(12) < 2, 0.4, 0.0)
        return np.full(12, 0.05 if goal == "ghost" else 0.0)

    pencil = SimpleNamespace(across=sides(drawn))
    assert [m.name for m in reader._goals(pencil, at) if m.value] == ["blue"]
    darker = SimpleNamespace(across=sides(lambda box, side: drawn(box, side) + 0.1))
    assert [m.name for m in reader._goals(darker, at) if m.value] == ["blue"]


def _bats(pencil_on):
    """The basic map's sheet with only its bats' pictures (a dark blot filling the
    middle of each cell) and ``pencil_on(first bat, u, v, inside the cell)`` over
    each: (the layout, its areas, the bats, the pencil as the reader measures it)."""
    at = layout.SheetLayout(shipped("basic"))
    height, width = reader.Sheet.px(layout.PAGE_W, at.height)[::-1]
    ys, xs = np.mgrid[0:int(height) + 1, 0:int(width) + 1].astype(np.float32) / reader.PX
    shade = np.zeros(ys.shape, np.float32)
    areas = layout.areas(at)
    bats = [a for a in areas if len(a.cells) == 1 and at.board.symbol(a.cells[0]) == "V"]
    for area in bats:
        u = (xs - reader.MARGIN_MM - area.box.x) / area.box.w
        v = (ys - reader.MARGIN_MM - area.box.y) / area.box.h
        inside = (u >= 0) & (u <= 1) & (v >= 0) & (v <= 1)
        shade += 0.6 * ((np.abs(u - 0.5) < 0.22) & (np.abs(v - 0.5) < 0.2))
        shade += pencil_on(area is bats[0], u, v, inside)
    pencil = reader.Pencil(shade, shade, shade, 0.1, 0.8, 0.84, frozenset(), shade, shade,
                           shade > 0.1)
    return at, areas, bats, pencil


def test_an_x_over_a_cells_picture_is_seen_with_the_picture_taken_off():
    """The picture as the photo shows it is the median of the other cells printed
    with it and read open: taken off, a faint X drawn over a bat's picture shows
    along both diagonals (read crossed, as a doubt), the other bats show nothing,
    and a picture printed on no other open cell is not looked at so."""
    def crossed(first: bool, u, v, inside):  # the first crossed out: a faint X
        x = (np.abs(v - u) < 0.04) | (np.abs(v - (1 - u)) < 0.04)
        return 0.1 * inside * x if first else 0.0

    at, areas, bats, pencil = _bats(crossed)
    marks = [reader.Mark("cell", a.name, False, 0.95) for a in areas]
    seen = {m.name: m for m in reader._crossed_over_pictures(pencil, at, areas, marks,
                                                             frozenset())}
    assert seen[bats[0].name].value and seen[bats[0].name].doubt
    assert not any(seen[a.name].value for a in areas if a is not bats[0])
    alone = [m if m.name not in {a.name for a in bats[2:]}
             else reader.Mark(m.what, m.name, True, 0.95)
             for m in marks]  # all but one other bat filled: too few pictures to take off
    assert not reader._crossed_over_pictures(pencil, at, areas, alone, frozenset())[
        areas.index(bats[0])].value


def test_only_the_picture_is_taken_off_so_the_other_cells_pencil_does_not_show_as_an_x():
    """The other bats carry their neighbours' fills run in along two sides; taken
    off the whole of a clean bat's cell, that pencil would leave its negative there,
    which against the diagonals reads as an X. Only the picture is taken off: the
    clean bat stays open."""
    def strayed(first: bool, u, v, inside):  # the others: fills run in at two sides
        return 0.0 if first else 0.5 * inside * ((v > 0.7) | (u > 0.7))

    at, areas, _others, pencil = _bats(strayed)
    marks = [reader.Mark("cell", a.name, False, 0.95) for a in areas]
    assert not any(m.value for m in reader._crossed_over_pictures(pencil, at, areas, marks,
                                                                  frozenset()))


def test_a_faint_x_among_dense_fills_shows_in_the_relief_where_the_paper_is_thought_too_dark():
    """Among dense fills the paper's estimate can be too dark: a cell then reads
    brighter than paper (shade 0 everywhere), a faint X in it too. Against what is
    beside it the X still shows, below zero: the freehand X is looked for so, and
    found, where the shade shows nothing."""
    at = layout.SheetLayout(shipped("basic"))
    area = next(a for a in layout.areas(at) if a.name == "E3")
    height, width = reader.Sheet.px(layout.PAGE_W, at.height)[::-1]
    ys, xs = np.mgrid[0:int(height) + 1, 0:int(width) + 1].astype(np.float32) / reader.PX
    u = (xs - reader.MARGIN_MM - area.box.x) / area.box.w
    v = (ys - reader.MARGIN_MM - area.box.y) / area.box.h
    x = (np.abs(v - u) < 0.04) | (np.abs(v - (1 - u)) < 0.04)
    relief = np.where(x, 0.0, -0.1).astype(np.float32)  # the paper thought 10 % too dark
    shade = np.clip(relief, 0, 1)
    pencil = reader.Pencil(shade, shade, shade, 0.1, 0.8, 0.84, frozenset(), shade, relief,
                           shade > 0.1)
    assert pencil.freehand(area, None)
    flat = reader.Pencil(shade, shade, shade, 0.1, 0.8, 0.84, frozenset(), shade,
                         np.full_like(relief, -0.1), shade > 0.1)
    assert not flat.freehand(area, None) and not pencil.crossed(area)[0]


def test_a_cell_whose_pencil_is_its_neighbours_strays_all_but_a_bare_quarter_is_a_doubt():
    """The cells of rows 8 and 10 above and below those of row 9 with a picture
    hatched, each hatch run 2.5 mm over its lines into row 9: in such a cell the
    bands along its top and bottom are most of what there is to look at, and what
    is left, two quarters, has one bare. A fill reaches
    every part of a cell: it is read open, as a doubt — never surely filled."""
    from companion.grid import cell_name

    rng, board, at, large, sheet, pen = _blank_basic_sheet(11)
    pictured = [x for x in range(board.width)
                if (x, 8) not in large and board.symbol((x, 8)) in reader.PICTURES]
    for x in pictured:
        for y in (7, 9):
            _filled_over(sheet, at, (x, y), 2.5, pen, rng)
    shot = photos.Shot(megapixels=3.0, tilt=10, turn=30, fill=0.85, curl=0.5, light=0.85,
                       shadow=1, blur=0.6, noise=2, quality=85)
    reading = reader.read(photos.photograph(sheet.image, shot, rng))
    marks = {m.name: m for m in reading.marks if m.what == "cell"}
    names = [cell_name((x, 8), upper=True) for x in pictured]
    assert names
    assert not [name for name in names if marks[name].value and not marks[name].doubt]


@pytest.mark.parametrize(("left", "x", "read"), [
    ([0.0, 0.11], False, (False, reader.LIKELIER)),  # two to look at, one bare: open?
    ([0.0, 0.11], True, (True, reader.LIKELIER)),  # ... but its diagonals show an X
    ([0.05, 0.11], False, (True, 0.95)),  # two to look at, both pencilled: filled, as read
    ([0.002, 0.2, 0.34, 0.39], False, (True, reader.LIKELIER)),  # three pencilled: filled?
    ([0.05, 0.2, 0.34, 0.39], False, (True, 0.95)),  # pencil in every quarter: as read
    ([0.0, 0.0, 0.0, 0.0], False, (False, 1.0)),  # no pencil clear of the strays: open
])
def test_a_cell_read_filled_is_read_again_clear_of_its_neighbours_strays(left, x, read):
    """What is left of a cell read filled once the bands its neighbours' fills run
    in are taken off, quarter by quarter, least first: a fill reaches every part of
    a cell, so a bare quarter makes it a doubt — filled where the other three carry
    pencil; where it is one of two left to look at (round a picture), crossed out
    if its diagonals show an X, else open."""
    from types import SimpleNamespace

    area = next(a for a in layout.areas(layout.SheetLayout(shipped("basic"))) if a.name == "H2")
    pencil = SimpleNamespace(bands=lambda _area, _sides: {"bottom": 2.2},
                             unstrayed=lambda _area, _bands, _beside=frozenset(): left,
                             crossed=lambda _area, **_how: (x, 0.9))
    assert reader._cell(pencil, area, (True, 0.95), frozenset({"bottom"})) == read


def test_strokes_run_over_a_line_no_deeper_than_a_band_are_the_neighbours():
    """The pieces of pencil that touch a side with a fill beyond it and reach no
    deeper in than a band may — a hatch's ends run over the line, too ragged to
    make a band — are that neighbour's; a stroke reaching deeper, one touching
    another side, and one clear of the sides are the cell's own."""
    inked = np.zeros((30, 30), bool)
    for y in range(3, 20, 3):  # a hatch's ends, 2 to 8 pixels in from the left
        inked[y:y + 2, :2 + y % 7] = True
    inked[24:26, :26] = True  # from the left side, deep
    inked[0:2, 12:28] = True  # along the top, clear of the left side
    inked[12:15, 14:17] = True  # in the middle
    shallow = reader._shallow(inked, frozenset({"left"}), 10)
    assert shallow[3:20].sum() == inked[3:20, :10].sum()
    assert not shallow[24:26].any() and not shallow[0:2].any() and not shallow[12:15, 14:].any()
    assert reader._shallow(inked, frozenset({"top"}), 10)[0:2, 12:28].all()
    assert not reader._shallow(inked, frozenset(), 10).any()


@pytest.mark.parametrize(("bands_only", "read"), [
    ([0.0, 0.07, 0.28], (False, 1.0)),  # a quarter bare: looked at again, nothing left
    ([0.05, 0.07, 0.28], (True, 0.95)),  # pencil in every quarter: the strokes are its own
])
def test_a_cell_read_filled_with_a_bare_quarter_is_read_again_clear_of_the_strokes_run_in(
        bands_only, read):
    """A cell read filled whose pencil, clear of its neighbours' bands, leaves a
    quarter bare is looked at once more clear of the strokes run over its lines
    from the fills beside it (:func:`reader._shallow`): with nothing left it is
    open. One with pencil in every quarter is not looked at again — the strokes
    along its sides may be its own hatch's, drawn along them."""
    from types import SimpleNamespace

    area = next(a for a in layout.areas(layout.SheetLayout(shipped("basic"))) if a.name == "C6")
    pencil = SimpleNamespace(
        bands=lambda _area, _sides: {"right": 1.9},
        unstrayed=lambda _area, _bands, beside=frozenset(): [0.0, 0.0, 0.0] if beside
        else bands_only,
        crossed=lambda _area, **_how: (False, 0.9))
    assert reader._cell(pencil, area, (True, 0.95), frozenset({"left", "right"})) == read
