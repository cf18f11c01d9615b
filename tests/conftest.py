"""Every test speaks English unless it asks otherwise, whatever the machine's locale, and
no test depends on the machine's speed (hypothesis runs without a deadline)."""

from __future__ import annotations

import pytest
from hypothesis import settings

from companion import i18n

settings.register_profile("project", deadline=None)
settings.load_profile("project")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    yield
    i18n.use(None)
