"""A deck's data from a published spreadsheet link (Google Sheets' "Publish to web"
as CSV, or any CSV on the web), kept in a local copy so that a build works offline.

Each fetch replaces the copy (``$XDG_CACHE_HOME/pnp-companion/sheets``, else
``~/.cache/pnp-companion/sheets``): the CSV's bytes and when they were taken. When
the link cannot be reached, or with ``offline``, the copy is used and the build
says how old it is; with no copy, the build is refused with the reason.

Google Sheets links are turned into the CSV they publish: a ``…/pubhtml`` link or
a ``…/pub?output=xlsx`` one into ``…/pub?output=csv``, an editing link
(``…/d/ID/edit#gid=N``) into ``…/d/ID/export?format=csv&gid=N`` (which works when
the sheet is shared with anyone who has the link).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from companion.errors import InputError
from companion.files import write_together

MOST_BYTES = 20_000_000  # a sheet of cards is never this large
TIMEOUT = 15.0  # seconds
_EDIT = re.compile(r"/spreadsheets/d/([\w-]+)/(edit|view|htmlview)")


@dataclass(frozen=True)
class Sheet:
    text: str
    url: str  # what was fetched
    taken: float  # when (seconds since the epoch)
    cached: bool  # read from the local copy, not the web


def is_link(value: str) -> bool:
    return value.startswith(("https://", "http://"))


def csv_link(url: str) -> str:
    """The link that gives a Google sheet as CSV; any other link as it is."""
    parts = urlsplit(url)
    if parts.hostname != "docs.google.com":
        return url
    edit = _EDIT.search(parts.path)
    if edit:
        gid = dict(parse_qsl(parts.fragment)).get("gid") or dict(
            parse_qsl(parts.query)).get("gid", "0")
        path = f"/spreadsheets/d/{edit.group(1)}/export"
        return urlunsplit((parts.scheme, parts.netloc, path,
                           urlencode({"format": "csv", "gid": gid}), ""))
    if parts.path.endswith(("/pubhtml", "/pub")):
        query = dict(parse_qsl(parts.query))
        query["output"] = "csv"
        path = parts.path.removesuffix("html")
        return urlunsplit((parts.scheme, parts.netloc, path, urlencode(query), ""))
    return url


def cache_folder() -> Path:
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(home) / "pnp-companion" / "sheets"


def fetch(url: str, where: str, *, offline: bool = False) -> Sheet:
    """The CSV text at ``url``, fresh where it can be reached, else the local copy."""
    try:
        link = csv_link(url)
    except ValueError as err:  # urllib's word on a malformed link
        raise InputError(f"not a link that can be read ({err})", where) from None
    copy = cache_folder() / hashlib.sha256(link.encode()).hexdigest()[:24]
    if offline:
        return _cached(copy, link, where, "--offline was given")
    try:
        data = _download(link)
    except _Unreachable as why:
        return _cached(copy, link, where, str(why))
    text = _text(data, link, where)
    taken = time.time()
    copy.parent.mkdir(parents=True, exist_ok=True)
    meta = json.dumps({"url": link, "taken": taken}, indent=1) + "\n"
    write_together([(copy.with_suffix(".csv"), data), (copy.with_suffix(".json"), meta)])
    return Sheet(text, link, taken, cached=False)


class _Unreachable(Exception):
    """The link could not be read now (no network, a server error): a copy may do."""


def _download(link: str) -> bytes:
    from urllib.error import HTTPError, URLError
    from urllib.request import Request, urlopen

    request = Request(link, headers={"User-Agent": "pnp-companion", "Accept": "text/csv"})
    try:
        with urlopen(request, timeout=TIMEOUT) as answer:
            kind = answer.headers.get_content_type()
            data = answer.read(MOST_BYTES + 1)
    except HTTPError as err:
        if err.code in (401, 403, 404, 410):
            raise InputError(f"the link answers {err.code} {err.reason}: is the sheet "
                             "published (File → Share → Publish to web → CSV)?",
                             link) from None
        raise _Unreachable(f"the server answered {err.code} {err.reason}") from None
    except (URLError, TimeoutError, OSError, ValueError) as err:
        reason = getattr(err, "reason", err)
        raise _Unreachable(f"it could not be reached ({reason})") from None
    if len(data) > MOST_BYTES:
        raise InputError(f"over {MOST_BYTES // 1_000_000} MB: not a sheet of cards", link)
    if kind == "text/html" or data.lstrip()[:15].lower().startswith((b"<!doctype html",
                                                                      b"<html")):
        raise InputError("the link gives a web page, not CSV: publish the sheet "
                         "(File → Share → Publish to web), choose 'Comma-separated values "
                         "(.csv)' and use that link", link)
    return data


def _text(data: bytes, link: str, where: str) -> str:
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as err:
        raise InputError(f"the sheet is not UTF-8 text (byte {err.start})", link) from None
    if not text.strip():
        raise InputError("the sheet is empty", where)
    return text


def _cached(copy: Path, link: str, where: str, why: str) -> Sheet:
    try:
        meta = json.loads(copy.with_suffix(".json").read_text("utf-8"))
        data = copy.with_suffix(".csv").read_bytes()
        taken = float(meta["taken"])
    except (OSError, ValueError, KeyError, TypeError):
        place = where if link in where else f"{where}: {link}"
        raise InputError(f"no copy of this sheet is kept yet, and {why}: build once "
                         "with the network to keep one", place) from None
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(taken))
    print(f"Note: {where}: using the copy of the sheet taken {stamp} ({why})",
          file=sys.stderr)
    return Sheet(_text(data, link, where), link, taken, cached=True)
