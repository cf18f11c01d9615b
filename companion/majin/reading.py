"""What reading a battle file and a campaign file share: the header keys, the card
folder they name, and checked values that name the key they came from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.errors import InputError, refuse_unknown_keys
from companion.i18n import _
from companion.majin import cards as card_files
from companion.majin.cards import Cards


def header(data: Any, where: str, kind: str, keys: tuple[str, ...], base: Path | None,
           cards: Cards | None = None) -> tuple[Cards, str]:
    """Check a file's object, ``game`` and ``kind`` and its keys; its card folder and the
    folder's name as written (``cards``: the folder already read, if it is)."""
    if not isinstance(data, dict):
        raise InputError(_("expected a battle file: a JSON object") if kind == "battle" else
                         _("expected a campaign file: a JSON object"), where)
    refuse_unknown_keys(data, keys, where)
    for key, value in (("game", "majin"), ("kind", kind)):
        if data.get(key) != value:
            raise InputError(_("expected {value!r}", value=value), f"{where}: {key}")
    ref = data.get("cards", card_files.SAMPLE)
    if not isinstance(ref, str) or not ref:
        raise InputError(_("expected 'sample' or a card folder"), f"{where}: cards")
    try:
        return cards or card_files.load(ref, base), ref
    except InputError as err:
        raise err.at(f"{where}: cards") from None


class Reader:
    """Reads keys of one object of a file, each refusal naming ``where: key``."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data, self.where = data, where

    def at(self, key: str) -> str:
        return f"{self.where}: {key}"

    def integer(self, key: str, default: int, low: int, high: int,
                data: dict[str, Any] | None = None, prefix: str = "") -> int:
        value = (self.data if data is None else data).get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InputError(_("expected a whole number {low}-{high}, found {found}", low=low,
                               high=high, found=shown(value)), self.at(prefix + key))
        return value


def shown(value: Any) -> str:
    """A value as the file wrote it, cut short."""
    return json.dumps(value, ensure_ascii=False)[:40]
