"""A deck's data from a published sheet's link, served here on loopback: fetched,
kept, used offline with its date said, refused clearly when it is not CSV."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

import pytest

from pnp.cli import main
from pnp.deck import sheets
from tests.cli import refuses, succeeds
from tests.pnp.test_deck import SIMPLE


class Sheet(BaseHTTPRequestHandler):
    pages: ClassVar[dict[str, tuple[int, str, bytes]]] = {}

    def do_GET(self) -> None:
        status, kind, body = self.pages.get(self.path, (404, "text/plain", b"not found"))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Sheet)
    Sheet.pages = {}
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def url(httpd, path: str) -> str:
    return f"http://127.0.0.1:{httpd.server_address[1]}{path}"


def deck(tmp_path: Path, link: str) -> Path:
    path = tmp_path / "linked.toml"
    path.write_text(SIMPLE.replace('file = "cards.csv"', f'file = "{link}"'), "utf-8")
    return path


def test_a_published_sheet_is_read_and_kept_for_offline_builds(server, tmp_path):
    Sheet.pages["/cards.csv"] = (200, "text/csv", "name,count\n剣,2\n盾,1\n".encode())
    path = deck(tmp_path, url(server, "/cards.csv"))
    out = tmp_path / "out"
    said = succeeds(main, ["deck", str(path), "--out", str(out)])
    assert "3 cards" in said
    first = (out / "simple.pdf").read_bytes()
    kept = list((tmp_path / "cache" / "pnp-companion" / "sheets").glob("*.csv"))
    assert len(kept) == 1 and kept[0].read_text("utf-8").startswith("name,count")
    server.shutdown()  # the network is gone: the copy is used, and its date said
    server.server_close()
    said = succeeds(main, ["deck", str(path), "--out", str(out)])
    assert "using the copy of the sheet taken 20" in said and "could not be reached" in said
    assert (out / "simple.pdf").read_bytes() == first


def test_offline_reads_the_copy_without_asking_and_refuses_without_one(server, tmp_path):
    Sheet.pages["/cards.csv"] = (200, "text/csv", b"name\nA\n")
    path = deck(tmp_path, url(server, "/cards.csv"))
    said = refuses(main, ["deck", str(path), "--offline", "--out", str(tmp_path)])
    assert "no copy of this sheet is kept yet" in said and "build once" in said
    succeeds(main, ["deck", str(path), "--out", str(tmp_path)])
    Sheet.pages["/cards.csv"] = (200, "text/csv", b"name\nB\nC\n")
    said = succeeds(main, ["deck", str(path), "--offline", "--out", str(tmp_path)])
    assert "1 card on" in said and "--offline" in said


def test_a_link_given_with_data_replaces_the_decks_file(server, tmp_path):
    Sheet.pages["/other.csv"] = (200, "text/csv; charset=utf-8", b"name\nX\nY\n")
    path = deck(tmp_path, "cards.csv")
    said = succeeds(main, ["deck", str(path), "--data", url(server, "/other.csv"),
                           "--out", str(tmp_path)])
    assert "2 cards" in said


@pytest.mark.parametrize(("page", "words"), [
    ((200, "text/html", b"<!DOCTYPE html><html>Sign in</html>"), "a web page, not CSV"),
    ((404, "text/plain", b"gone"), "404"),
    ((403, "text/plain", b"no"), "is the sheet published"),
    ((200, "text/csv", b"name\n\xff\xfe\n"), "not UTF-8"),
    ((200, "text/csv", b"name,count\nA,many\n"), "the sheet:2"),
])
def test_what_is_not_a_sheet_of_cards_is_refused_with_nothing_written(server, tmp_path, page,
                                                                      words):
    Sheet.pages["/cards.csv"] = page
    path = deck(tmp_path, url(server, "/cards.csv"))
    out = tmp_path / "out"
    assert words in refuses(main, ["deck", str(path), "--out", str(out)])
    assert not out.exists()


def test_a_server_error_falls_back_on_the_copy(server, tmp_path):
    Sheet.pages["/cards.csv"] = (200, "text/csv", b"name\nA\n")
    path = deck(tmp_path, url(server, "/cards.csv"))
    succeeds(main, ["deck", str(path), "--out", str(tmp_path)])
    Sheet.pages["/cards.csv"] = (503, "text/plain", b"busy")
    said = succeeds(main, ["deck", str(path), "--out", str(tmp_path)])
    assert "the server answered 503" in said


@pytest.mark.parametrize(("given", "fetched"), [
    ("https://docs.google.com/spreadsheets/d/e/2PACX-abc/pubhtml",
     "https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?output=csv"),
    ("https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?gid=5&single=true&output=xlsx",
     "https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?gid=5&single=true&output=csv"),
    ("https://docs.google.com/spreadsheets/d/1AbC_d-9/edit#gid=123",
     "https://docs.google.com/spreadsheets/d/1AbC_d-9/export?format=csv&gid=123"),
    ("https://docs.google.com/spreadsheets/d/1AbC_d-9/edit?usp=sharing",
     "https://docs.google.com/spreadsheets/d/1AbC_d-9/export?format=csv&gid=0"),
    ("https://example.org/cards.csv", "https://example.org/cards.csv"),
])
def test_google_sheets_links_become_the_csv_they_publish(given, fetched):
    assert sheets.csv_link(given) == fetched


def test_a_malformed_link_is_refused_in_words(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = deck(tmp_path, "cards.csv")
    said = refuses(main, ["deck", str(path), "--data", "http://[::1", "--out", str(tmp_path)])
    assert "not a link that can be read" in said
