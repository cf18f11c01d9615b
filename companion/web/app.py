"""``companion serve``: the same rules as the command line, as a small web app for a
phone at the table. The pages are Jinja2 templates in ``templates/web``; the JSON API
calls the games' functions and returns what their ``--json`` prints. No rule lives
here: bad input is the same one-line message, as HTTP 400.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, abort, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion import data as shipped_data
from companion import i18n
from companion.errors import InputError
from companion.templates import template_dir
from companion.web import safety
from companion.web.requests import body, field
from companion.web.routes import (
    darkhall,
    dice,
    jongrogue,
    majin,
    majin_campaign,
    rakugaaki,
    roguelight,
)
from companion.web.store import GAMES, NotFound, Stale, Store

MAX_BODY = 256 * 1024  # bytes; a Dark Hall state or a Roguelight sheet is a few KiB
PAGES = ("dice", "darkhall", "roguelight", "rakugaaki", "jongrogue", "majin", "majin-battle")


def create_app(data: Path, served: tuple[str, ...] = ()) -> Flask:
    """The app saving games under ``data``; ``served`` names (besides addresses and
    loopback names) that requests may be addressed to: the --host given."""
    web = template_dir() / "web"
    app = Flask(__name__, template_folder=str(web), static_folder=str(web / "static"),
                static_url_path="/static")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.config["DATA_DIR"] = str(data)
    app.config["JSON_AS_ASCII"] = False
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    app.json.sort_keys = False  # type: ignore[attr-defined]
    store = Store(data)
    _pages(app)
    for game in (dice, darkhall, roguelight, rakugaaki, jongrogue, majin, majin_campaign):
        game.register(app)
    _games_api(app, store)
    _errors(app)
    safety.install(app, served)
    return app


# --- language ------------------------------------------------------------------------------


def language() -> str:
    """?lang=, else the cookie, else the browser's first of ja / en."""
    chosen = request.args.get("lang") or request.cookies.get("lang")
    if chosen in i18n.LANGS:
        return chosen
    return request.accept_languages.best_match(list(i18n.LANGS), default="en") or "en"


@cache
def words(lang: str) -> dict[str, str]:
    return tomllib.loads(shipped_data.text("web", "words.toml"))[lang]


def _pages(app: Flask) -> None:
    @app.get("/")
    def index() -> Any:
        return _page("index.html")

    @app.get("/<page>")
    def page(page: str) -> Any:
        if page not in PAGES:
            abort(404)
        return _page(f"{page}.html")


def _page(template: str) -> Any:
    lang = language()
    response = app_response(render_template(template, w=words(lang), lang=lang,
                                            other="en" if lang == "ja" else "ja"))
    if request.args.get("lang") in i18n.LANGS:
        response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def app_response(html: str) -> Any:
    from flask import make_response

    response = make_response(html)
    response.headers["Cache-Control"] = "no-store"
    return response


# --- the API -------------------------------------------------------------------------------


def _checked(game: str, state: Any) -> Any:
    """A state as the game's files hold it, checked as the command line checks it (a
    Roguelight sheet in progress: TOML on a shipped map, finished or not)."""
    if game == "roguelight":
        return roguelight.sheet_draft(state)
    if not isinstance(state, dict):
        raise InputError(i18n._("expected a state (a JSON object)"), "state")
    if game == "darkhall":
        from companion.darkhall import state as states

        return states.to_dict(states.from_dict(state, "state"))
    if game == "rakugaaki":
        from companion.rakugaaki import state as states

        return states.to_dict(rakugaaki.game_state({"state": state}))
    if game == "majin":
        return majin_campaign.checked_state(state)
    from companion.jongrogue import state as states
    from companion.jongrogue import tables

    found = tables.load()
    return states.to_dict(states.from_dict(state, "state", found))


def _checked_deck(game: str, deck: Any) -> Any:
    """A Dark Hall game's monster deck, checked against what its seed deals."""
    if deck is None:
        return None
    if game != "darkhall":
        raise InputError(i18n._("only a Dark Hall game has a monster deck"), "request: deck")
    from companion.darkhall import deck as decks

    return decks.to_dict(decks.from_dict(deck, "deck"))


def _games_api(app: Flask, store: Store) -> None:
    @app.post("/api/games")
    def create() -> Any:
        data = body()
        game = field(data, "game", str)
        if game not in GAMES:
            raise InputError(i18n._("expected a game: {games}", games=", ".join(GAMES)),
                             "request: game")
        deck = _checked_deck(game, data.get("deck"))
        return jsonify(store.create(game, _checked(game, data.get("state")), deck)), 201

    @app.get("/api/games/<game_id>")
    def show(game_id: str) -> Any:
        return jsonify(store.load(game_id))

    @app.put("/api/games/<game_id>")
    def change(game_id: str) -> Any:
        """The next state; with ``base`` (the steps the page's state was built on) a
        change made on an older state is refused (409), never stacked on a newer one."""
        record = store.load(game_id)
        data = body()
        state = _checked(record["game"], data.get("state"))
        base = data.get("base")
        if base is not None and (not isinstance(base, int) or isinstance(base, bool)):
            raise InputError(i18n._("missing or not {kind}", kind="int"), "request: base")
        return jsonify(store.push(game_id, state,
                                  _checked_deck(record["game"], data.get("deck")), base))

    @app.post("/api/games/<game_id>/undo")
    def undo(game_id: str) -> Any:
        return jsonify(store.undo(game_id))


def _errors(app: Flask) -> None:
    @app.errorhandler(InputError)
    def bad_input(err: InputError) -> Any:
        status = 404 if isinstance(err, NotFound) else 409 if isinstance(err, Stale) else 400
        return jsonify({"error": str(err)}), status

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> Any:
        messages = {404: i18n._("no such page or resource"),
                    405: i18n._("this method is not allowed here"),
                    413: i18n._("the request is too large (at most {kib} KiB)",
                                kib=MAX_BODY // 1024)}
        return jsonify({"error": messages.get(err.code or 500, err.description)}), err.code

    @app.before_request
    def speak() -> None:
        from companion import ledger

        ledger.forget()  # each request is a command of its own
        i18n.use(language())
