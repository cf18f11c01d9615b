"""Jinja2 templates in a deck's fields, run in the sandbox.

A field whose text holds ``{{`` or ``{%`` is a template over the card's row:
its columns by name (``{{ name }}``), the whole row as ``row`` (for column
names that are not identifiers), ``type``, ``number`` (1-based, in the deck)
and ``copy`` (1-based, among the row's copies), plus the deck's ``[vars]``.
Templates are compiled once; a deck may come from someone else, so they run
in Jinja2's immutable sandbox: no attribute access to Python internals, no
changing data. A missing column is an error naming it, not an empty string.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import StrictUndefined, TemplateSyntaxError, UndefinedError
from jinja2.exceptions import SecurityError, TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from companion.errors import InputError

ENVIRONMENT = ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False)

#: A compiled field: the card's context in, the field's text out.
Field = Callable[[dict[str, Any]], Any]


def is_template(value: Any) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def compile_field(value: Any, where: str) -> Field:
    """A constant, or a compiled template; a syntax error names the line."""
    if not is_template(value):
        return lambda _context: value
    try:
        template = ENVIRONMENT.from_string(value)
    except TemplateSyntaxError as err:
        raise InputError(f"template line {err.lineno}: {err.message}", where) from None

    def render(context: dict[str, Any]) -> str:
        try:
            return template.render(context)
        except UndefinedError as err:
            raise InputError(f"{err.message} (the row's columns: "
                             f"{', '.join(context.get('row', {})) or 'none'})", where) from None
        except SecurityError as err:
            raise InputError(f"not allowed in a deck template (it runs in a sandbox): {err}",
                             where) from None
        except (TemplateError, ArithmeticError, TypeError, ValueError) as err:
            raise InputError(f"the template failed: {err}", where) from None

    return render


TRUE, FALSE = {"true", "yes", "1"}, {"false", "no", "0", "", "none"}


def truth(text: Any, where: str) -> bool:
    """A yes-or-no field (``when``, ``bold``, ``bleed``, …): ``True``/``False`` (as Jinja
    prints them), yes/no, 1/0."""
    if isinstance(text, bool):
        return text
    word = str(text).strip().lower()
    if word in TRUE:
        return True
    if word in FALSE:
        return False
    raise InputError(f"{text!r}: this must come out true or false (like {{{{ rank == 'SR' "
                     "}}}})", where)
