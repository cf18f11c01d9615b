"""The deck file (TOML, ``docs/decks.md``): card size, data, face and back layers.

::

    [deck]
    name = "quiz"                # the PDF's name (default: the file's stem)
    extends = "poker-card"       # a template in templates/decks/, overridden here
    size = "poker"               # a named size or [w, h] in mm
    orientation = "portrait"     # or "landscape" (the named size turned)
    bleed = 3.0
    radius = 3.0                 # corner radius of the cut guides

    [vars]                       # values every template sees
    edition = "第1版"

    [data]                       # or [[data]] for several tables, by card type
    file = "cards.csv"           # .csv, .toml or .json, relative to this file
    count = "count"              # the column of copies
    type = "monster"             # the card type of every row (or type_column = "kind")

    [[face]]                     # the default face, drawn bottom layer first
    type = "text"
    text = "{{ name }}"
    x = 4
    y = 4
    w = 55
    h = 10

    [[faces.monster]]            # the face of cards of type "monster"
    [[back]]                     # one back for all …
    [[backs.monster]]            # … or per card type

A template's layers are merged with the deck's by ``name``: a deck layer with
the name of a template layer changes only the fields it gives (``remove =
true`` drops it); layers without a matching name are added on top.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import InputError
from companion.files import parse_toml, read_text
from pnp.deck.rows import Table
from pnp.deck.templating import Field, compile_field, is_template, truth
from pnp.icons import ICONS
from pnp.impose import CARD_SIZES
from pnp.templates import template_dir

MAX_SIDE = 300.0  # mm: nothing larger is a card
MAX_LAYERS = 200
MAX_EXTENDS = 5

#: Each layer type: its required fields, then its optional ones.
KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "rect": (("x", "y", "w", "h"), ("fill", "stroke", "width", "radius", "dash", "bleed")),
    "line": (("x1", "y1", "x2", "y2"), ("stroke", "width", "dash")),
    "circle": (("cx", "cy", "r"), ("fill", "stroke", "width")),
    "hexagon": (("cx", "cy", "r"), ("fill", "stroke", "width", "pointy")),
    "icon": (("icon", "x", "y", "size"), ("colour",)),
    "emblem": (("seed", "x", "y", "size"), ("colour",)),
    "qr": (("data", "x", "y", "size"), ()),
    "text": (("text", "x", "y", "w", "h"),
             ("size", "min_size", "colour", "align", "valign", "leading", "bold")),
    "image": (("file", "x", "y", "w", "h"), ("fit",)),
    "bullets": (("items", "x", "y", "w", "h"), ("size", "min_size", "bullet", "gap")),
}
COMMON = ("type", "name", "when", "remove", "rotate")
NUMBERS = frozenset({"x", "y", "w", "h", "x1", "y1", "x2", "y2", "cx", "cy", "r", "size",
                     "width", "radius", "min_size", "leading", "rotate", "gap"})
COLOURS = frozenset({"fill", "stroke", "colour", "bullet"})
FLAGS = frozenset({"bleed", "pointy", "bold"})
CHOICES = {"align": ("left", "center", "right"), "valign": ("top", "middle", "bottom"),
           "fit": ("contain", "cover", "stretch")}
NAMED_COLOURS = {"black": "#000000", "white": "#ffffff", "red": "#c8102e", "green": "#1a7a3c",
                 "blue": "#1d3f8f", "yellow": "#f2c500", "grey": "#808080", "gray": "#808080",
                 "none": "none"}
_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
DECK_KEYS = frozenset({"name", "title", "extends", "size", "orientation", "upright", "bleed",
                       "radius"})
TOP_KEYS = frozenset({"deck", "vars", "data", "face", "faces", "back", "backs"})


@dataclass(frozen=True)
class Layer:
    kind: str
    name: str | None
    fields: dict[str, Field]
    when: Field | None
    where: str


@dataclass(frozen=True)
class DeckSpec:
    source: Path
    name: str
    title: str
    size: tuple[float, float]  # trim width, height in mm, as the card stands
    bleed: float
    radius: float
    vars: dict[str, Any]
    tables: list[Table]
    face: tuple[Layer, ...]
    faces: dict[str, tuple[Layer, ...]] = field(default_factory=dict)
    back: tuple[Layer, ...] = ()
    backs: dict[str, tuple[Layer, ...]] = field(default_factory=dict)
    #: Faces and backs drawn standing as portrait cards, laid into landscape slots:
    #: the face turned a quarter counter-clockwise, the back a quarter clockwise.
    turned: bool = False
    #: The card size (as laid) the layers were laid out for; another ``size`` scales
    #: them uniformly by the smaller ratio, centred (None: laid out for ``size``).
    design: tuple[float, float] | None = None

    @property
    def drawn_size(self) -> tuple[float, float]:
        """The size the card is drawn at: as it stands."""
        w, h = self.size
        return (h, w) if self.turned else (w, h)

    @property
    def layout_size(self) -> tuple[float, float]:
        """The size the layers' coordinates are for, as the card stands."""
        w, h = self.design or self.size
        return (h, w) if self.turned else (w, h)

    def face_of(self, kind: str) -> tuple[Layer, ...]:
        return self.faces.get(kind, self.face)

    def back_of(self, kind: str) -> tuple[Layer, ...]:
        return self.backs.get(kind, self.back)


def load_spec(path: str | Path, *, rows_given: bool = False) -> DeckSpec:
    """Read, merge with its templates, and check a deck file; ``rows_given``: the
    caller brings the rows (a game's deck), so the file needs no [data]."""
    source = Path(path)
    data = _merged(source, parse_toml(read_text(source), str(source)), 0)
    where = str(source)
    deck = data.get("deck", {})
    size = _size(deck, where)
    if not any(data.get(key) for key in ("face", "faces", "back", "backs")):
        raise InputError("the deck draws nothing: give [[face]] layers (and [[back]] ones), "
                         "or extend a template with 'extends' (docs/decks.md)", where)
    return DeckSpec(
        source=source,
        name=_file_name(deck.get("name", source.stem), where),
        title=str(deck.get("title", deck.get("name", source.stem))),
        size=size,
        bleed=_number(deck.get("bleed", 3.0), 0, 6, f"{where}: deck.bleed"),
        radius=_number(deck.get("radius", 0.0), 0, min(size) / 2, f"{where}: deck.radius"),
        vars=_vars(data.get("vars", {}), where),
        tables=[] if rows_given and "data" not in data else _tables(data.get("data"), where),
        face=_layers(data.get("face", []), f"{where}: face"),
        faces=_typed(data.get("faces", {}), "faces", where),
        back=_layers(data.get("back", []), f"{where}: back"),
        backs=_typed(data.get("backs", {}), "backs", where),
        turned=_turned(deck, size, where),
    )


def _turned(deck: dict[str, Any], size: tuple[float, float], where: str) -> bool:
    upright = deck.get("upright", "as-laid")
    if upright not in ("as-laid", "portrait"):
        raise InputError(f"{upright!r}: 'portrait' (faces drawn standing, laid into landscape "
                         "slots) or 'as-laid'", f"{where}: deck.upright")
    return upright == "portrait" and size[0] > size[1]


# --- templates -------------------------------------------------------------------


def _merged(source: Path, data: dict[str, Any], depth: int) -> dict[str, Any]:
    """The deck file over the template it extends (and that one's, in turn)."""
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise InputError(f"unknown table {unknown[0]!r}; a deck file has "
                         + ", ".join(sorted(TOP_KEYS)), str(source))
    deck = data.get("deck", {})
    if not isinstance(deck, dict):
        raise InputError("expected a [deck] table", f"{source}: deck")
    bad = sorted(set(deck) - DECK_KEYS)
    if bad:
        raise InputError(f"unknown key {bad[0]!r}; [deck] has " + ", ".join(sorted(DECK_KEYS)),
                         f"{source}: deck")
    if "extends" not in deck:
        return data
    if depth >= MAX_EXTENDS:
        raise InputError(f"templates extend each other more than {MAX_EXTENDS} deep",
                         f"{source}: deck.extends")
    template_path = _template(deck["extends"], source)
    base = _merged(template_path, parse_toml(read_text(template_path), str(template_path)),
                   depth + 1)
    return _over(base, data)


def _template(name: Any, source: Path) -> Path:
    if not isinstance(name, str) or not re.fullmatch(r"[\w.-]+(\.toml)?", name):
        raise InputError("extends names a template (poker-card, meishi, hex-counter) or "
                         "a .toml file beside the deck", f"{source}: deck.extends")
    beside = source.parent / name
    if name.endswith(".toml") and beside.is_file():
        return beside
    shipped = template_dir() / "decks" / f"{name.removesuffix('.toml')}.toml"
    if shipped.is_file():
        return shipped
    known = sorted(p.stem for p in (template_dir() / "decks").glob("*.toml"))
    raise InputError(f"no template {name!r}; shipped: {', '.join(known) or 'none'}",
                     f"{source}: deck.extends")


def _over(base: dict[str, Any], deck: dict[str, Any]) -> dict[str, Any]:
    """The deck over its template: tables merged key by key, layers by name. A part
    of the wrong kind is taken as the deck gives it, to be refused when checked."""
    merged = {**base, **{key: deck[key] for key in ("data",) if key in deck}}
    merged["deck"] = {key: value for key, value in {**base.get("deck", {}), **deck["deck"]}.items()
                      if key != "extends"}
    merged["vars"] = _over_table(base.get("vars", {}), deck.get("vars", {}))
    for key in ("face", "back"):
        merged[key] = _over_layers(base.get(key, []), deck.get(key, []))
    for key in ("faces", "backs"):
        mine, theirs = deck.get(key, {}), base.get(key, {})
        if not isinstance(mine, dict) or not isinstance(theirs, dict):
            merged[key] = mine
            continue
        merged[key] = {kind: _over_layers(theirs.get(kind, []), mine.get(kind, []))
                       for kind in {**theirs, **mine}}
    return merged


def _over_table(base: Any, mine: Any) -> Any:
    return {**base, **mine} if isinstance(base, dict) and isinstance(mine, dict) else mine


def _over_layers(base: Any, mine: Any) -> list[Any]:
    if not isinstance(base, list) or not isinstance(mine, list):
        return mine if isinstance(mine, list) and mine else base
    layers = [dict(layer) for layer in base if isinstance(layer, dict)]
    by_name = {layer["name"]: layer for layer in layers if isinstance(layer.get("name"), str)}
    for layer in mine:
        name = layer.get("name") if isinstance(layer, dict) else None
        if isinstance(name, str) and name in by_name:
            by_name[name].update(layer)
        else:
            layers.append(layer)
    return [layer for layer in layers if not (isinstance(layer, dict) and layer.get("remove"))]


# --- the parts -------------------------------------------------------------------


def _size(deck: dict[str, Any], where: str) -> tuple[float, float]:
    value = deck.get("size", "poker")
    place = f"{where}: deck.size"
    if isinstance(value, str):
        if value not in CARD_SIZES:
            raise InputError(f"{value!r}: a named size ({', '.join(CARD_SIZES)}) or [w, h] "
                             "in mm", place)
        w, h = CARD_SIZES[value]
    elif isinstance(value, list) and len(value) == 2:
        w, h = (_number(v, 5, MAX_SIDE, place) for v in value)
    else:
        raise InputError("a named size or [w, h] in mm", place)
    orientation = deck.get("orientation", "portrait")
    if orientation not in ("portrait", "landscape"):
        raise InputError(f"{orientation!r}: portrait or landscape", f"{where}: deck.orientation")
    if isinstance(value, list) and "orientation" not in deck:
        return w, h  # as given
    short, long_ = sorted((w, h))
    return (short, long_) if orientation == "portrait" else (long_, short)


def _number(value: Any, low: float, high: float, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise InputError(f"{value!r}: a number from {low:g} to {high:g}", where)
    return float(value)


def _file_name(value: Any, where: str) -> str:
    text = str(value)
    if not re.fullmatch(r"[\w][\w.-]{0,80}", text):
        raise InputError(f"{text!r}: the deck's name makes its file name — letters, digits, "
                         "- _ and .", f"{where}: deck.name")
    return text


def _vars(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError("expected a [vars] table", f"{where}: vars")
    return dict(value)


def _tables(value: Any, where: str) -> list[Table]:
    if value is None:
        raise InputError("a deck needs [data] (a file = \"cards.csv\", or rows = [...])", where)
    entries = value if isinstance(value, list) else [value]
    tables = []
    for i, entry in enumerate(entries):
        place = f"{where}: data" + (f"[{i}]" if isinstance(value, list) else "")
        tables.append(_table(entry, place))
    if not tables:
        raise InputError("a deck needs at least one [[data]] table", f"{where}: data")
    return tables


def _table(entry: Any, where: str) -> Table:
    keys = {"file", "rows", "count", "type", "type_column"}
    if not isinstance(entry, dict) or set(entry) - keys:
        raise InputError("a data table has " + ", ".join(sorted(keys)), where)
    if ("file" in entry) == ("rows" in entry):
        raise InputError("a data table has either file = \"…\" or rows = [...]", where)
    rows = entry.get("rows")
    if rows is not None and not (isinstance(rows, list) and all(isinstance(r, dict)
                                                                 for r in rows)):
        raise InputError("rows = [{name = \"…\"}, …]: a list of tables", f"{where}.rows")
    if "type" in entry and "type_column" in entry:
        raise InputError("give a table's rows one type, or a type column, not both", where)
    for key in ("file", "count", "type", "type_column"):
        if key in entry and not isinstance(entry[key], str):
            raise InputError(f"{key} is text (a file or column name)", f"{where}.{key}")
    return Table(file=entry.get("file"), rows=tuple(rows) if rows is not None else None,
                 type=str(entry.get("type", "")), type_column=entry.get("type_column"),
                 count_column=str(entry.get("count", "count")), where=where)


def _typed(value: Any, key: str, where: str) -> dict[str, tuple[Layer, ...]]:
    if not isinstance(value, dict):
        raise InputError(f"[[{key}.TYPE]] layers, by card type", f"{where}: {key}")
    return {kind: _layers(layers, f"{where}: {key}.{kind}") for kind, layers in value.items()}


def _layers(value: Any, where: str) -> tuple[Layer, ...]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise InputError("a list of [[layers]]", where)
    if len(value) > MAX_LAYERS:
        raise InputError(f"{len(value)} layers; at most {MAX_LAYERS}", where)
    return tuple(_layer(entry, f"{where}[{i}]" + (f" ({entry['name']})" if entry.get("name")
                                                   else ""))
                 for i, entry in enumerate(value))


def _name(entry: dict[str, Any], where: str) -> str | None:
    name = entry.get("name")
    if name is not None and not isinstance(name, str):
        raise InputError(f"name {name!r}: a layer's name is text", f"{where}.name")
    return name


def _layer(entry: dict[str, Any], where: str) -> Layer:
    _name(entry, where)
    kind = entry.get("type")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InputError(f"type {kind!r}; a layer is one of {', '.join(KINDS)}", where)
    required, optional = KINDS[kind]
    missing = [key for key in required if key not in entry]
    if missing:
        raise InputError(f"a {kind} layer needs {', '.join(missing)}", where)
    unknown = sorted(set(entry) - set(required) - set(optional) - set(COMMON))
    if unknown:
        raise InputError(f"unknown field {unknown[0]!r}; a {kind} layer has "
                         + ", ".join([*required, *optional]), where)
    fields = {key: _field(key, value, f"{where}.{key}") for key, value in entry.items()
              if key not in COMMON or key == "rotate"}
    when = compile_field(entry["when"], f"{where}.when") if "when" in entry else None
    return Layer(kind, entry.get("name"), fields, when, where)


def _field(key: str, value: Any, where: str) -> Field:
    """A compiled field; a constant is checked now, a template when it is drawn."""
    if is_template(value):
        return compile_field(value, where)
    checked = check_value(key, value, where)
    return lambda _context: checked


#: Fields that are not plain coordinates, and the values they allow.
BOUNDS = {"size": (0.5, 300.0), "min_size": (0.5, 300.0), "leading": (0.5, 5.0),
          "width": (0.0, 20.0), "radius": (0.0, 300.0), "r": (0.0, 300.0),
          "w": (0.0, 1000.0), "h": (0.0, 1000.0), "rotate": (-360.0, 360.0)}


def check_value(key: str, value: Any, where: str) -> Any:
    """A field's value in the form drawing needs (numbers, colours, choices)."""
    if key in NUMBERS:
        number = _measure(value, where)
        low, high = BOUNDS.get(key, (-1000.0, 1000.0))
        if not low <= number <= high:
            raise InputError(f"{number:g}: {key} is from {low:g} to {high:g}", where)
        return number
    if key in COLOURS:
        return colour(value, where)
    if key in FLAGS:
        return truth(value, where)
    if key in CHOICES:
        if value not in CHOICES[key]:
            raise InputError(f"{value!r}; choose {', '.join(CHOICES[key])}", where)
        return value
    if key == "dash":
        if not isinstance(value, list) or not all(_is_number(v) and v >= 0 for v in value):
            raise InputError("dash = [on, off] in mm", where)
        return tuple(float(v) for v in value)
    if key == "icon" and value not in ICONS:
        raise InputError(f"no icon {value!r}; icons: {', '.join(ICONS)}", where)
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _measure(value: Any, where: str) -> float:
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise InputError(f"{value!r} is not a number", where) from None
    if not _is_number(value) or not -1000 <= value <= 1000 or value != value:
        raise InputError(f"{value!r}: a number of mm (or points for sizes)", where)
    return float(value)


def colour(value: Any, where: str) -> str | None:
    """``#rgb``, ``#rrggbb`` or a name (black, white, red, …); ``none`` for no colour."""
    text = str(value).strip().lower()
    text = NAMED_COLOURS.get(text, text)
    if text == "none":
        return None
    if not _HEX.fullmatch(text):
        raise InputError(f"{value!r}: a colour like #1d3f8f, #fff or "
                         + ", ".join(n for n in NAMED_COLOURS if n != "none"), where)
    return "#" + "".join(ch * 2 for ch in text[1:]) if len(text) == 4 else text


