"""Any JSON sent to any endpoint is answered, or refused with a message: never a 500."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.web.app import create_app

ENDPOINTS = ["/api/roll", "/api/darkhall/monster", "/api/darkhall/move",
             "/api/darkhall/standing", "/api/darkhall/deck/draw", "/api/roguelight/score",
             "/api/roguelight/intercept", "/api/rakugaaki/options", "/api/rakugaaki/challenge",
             "/api/rakugaaki/guard", "/api/jongrogue/floor", "/api/jongrogue/view",
             "/api/jongrogue/move", "/api/jongrogue/search", "/api/majin/battle",
             "/api/majin/treasure", "/api/games"]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.floats(allow_nan=False) |
    st.sampled_from(["", "2d6", "10", "sample", "darkhall", "roguelight", "C1", "5E",
                     "map = 'basic'", "red-4", "k5", "M01", "A01"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["state", "tile", "notation", "seed", "dice", "sheets", "game",
                         "value", "at", "steps", "target", "battle", "floor", "levels",
                         "token", "path", "deck", "monster", "stones", "front", "monsters"]),
        inner, max_size=5),
    max_leaves=15)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    app = create_app(Path(tmp_path_factory.mktemp("data")))
    return app.test_client()


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(ENDPOINTS), JSON)
def test_no_request_ends_in_a_server_error(client, endpoint: str, payload) -> None:
    answer = client.post(endpoint, json=payload)
    assert answer.status_code in (200, 201, 400, 404), (endpoint, payload, answer.text[:200])
    assert "error" in answer.json or answer.status_code < 300
