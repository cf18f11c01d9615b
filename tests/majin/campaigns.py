"""Campaign files for the tests, written by hand (omitted piles hold the rest)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.majin import campaign as campaigns
from tests.majin.util import WORKED


def write_campaign(tmp_path: Path, name: str = "game.json", cards: str = str(WORKED),
                   **keys: Any) -> Path:
    path = tmp_path / name
    data = {"game": "majin", "kind": "campaign", "cards": cards, **keys}
    path.write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return path


def read(path: Path) -> campaigns.Campaign:
    return campaigns.load(path)


def raw(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8"))
