"""What keeps the table's server to the table: only requests addressed to the server
itself are answered (against DNS rebinding), a page of another site cannot change a
game, and every answer tells the browser to run nothing but the server's own files.
"""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, jsonify, request

from companion import i18n

LOOPBACK_NAMES = ("localhost", "localhost.localdomain")
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                               "style-src 'self'; script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


def host_name(host: str) -> str:
    """``example.com:8000`` → ``example.com``; ``[::1]:8000`` → ``::1``."""
    return urlsplit(f"//{host}").hostname or ""


def allowed_host(host: str, served: tuple[str, ...] = ()) -> bool:
    """An address (any IP address names a machine, not a site), a loopback name, or a
    name the server was told to serve: a rebinding site's name is none of these."""
    name = host_name(host).rstrip(".").lower()
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in LOOPBACK_NAMES or name in served


def same_origin(origin: str, host: str) -> bool:
    return urlsplit(origin).netloc.lower() == host.lower()


def install(app: Flask, served: tuple[str, ...] = ()) -> None:
    """Refuse requests for other hosts and cross-site changes; set the headers."""

    @app.before_request
    def checked() -> Any:
        host = request.host
        if not allowed_host(host, served):
            return _refused(i18n._("this server answers only for its own address, not "
                                   "{host!r}", host=host[:80]), 421)
        if request.method in UNSAFE and _cross_site(host):
            return _refused(i18n._("a page of another site cannot change a game here"), 403)
        return None

    @app.after_request
    def headers(response: Any) -> Any:
        for key, value in HEADERS.items():
            response.headers.setdefault(key, value)
        return response


def _cross_site(host: str) -> bool:
    origin = request.headers.get("Origin")
    if origin is not None and origin != "null":
        return not same_origin(origin, host)
    if origin == "null":
        return True
    return request.headers.get("Sec-Fetch-Site") == "cross-site"


def _refused(message: str, status: int) -> Any:
    return jsonify({"error": message}), status
