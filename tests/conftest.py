"""Every test speaks English unless it asks otherwise, whatever the machine's locale."""

from __future__ import annotations

import pytest

from companion import i18n


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    i18n.use(None)
