"""Modules that load when first used, not when named (the standard library's
``importlib.util.LazyLoader``): a command imports only what it runs."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def module(name: str) -> ModuleType:
    """``name``, imported at its first attribute access (at once if already loaded)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {name!r}")
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    lazy = importlib.util.module_from_spec(spec)
    sys.modules[name] = lazy
    loader.exec_module(lazy)
    parent, _dot, child = name.rpartition(".")
    if parent:  # as an import would: ``import a.b`` then ``a.b.x`` finds it
        setattr(sys.modules[parent], child, lazy)
    return lazy
