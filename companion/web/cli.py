"""``companion serve``: start the local web companion with a production WSGI server."""

from __future__ import annotations

import os
from pathlib import Path

import click

from companion.errors import InputError
from companion.i18n import _
from companion.shell import LazyPath

LOOPBACK = "127.0.0.1"


def default_data() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return Path(base) / "pnp-companion" / "games"


@click.command()
@click.option("--host", default=LOOPBACK, show_default=True,
              help="Where to listen. Only an address you give (0.0.0.0 for every network) "
                   "opens the page to other devices.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--data", "data_dir", type=LazyPath(file_okay=False),
              help="The folder where games at the table are saved (default: "
                   "~/.local/share/pnp-companion/games).")
def serve(host: str, port: int, data_dir: Path | None) -> None:
    """Serve the companion as a web page for a phone: dice, Dark Hall and Roguelight.

    It listens on this computer only (127.0.0.1) unless --host says otherwise; then
    it prints the address and a QR code that a phone on the same network scans.

    \b
    Examples:
      companion serve                       # http://127.0.0.1:8000 on this computer
      companion serve --host 0.0.0.0        # for phones on the same Wi-Fi: scan the QR code
      companion serve --port 8080 --data games/
    """
    from waitress import create_server

    from companion.web.app import create_app

    folder = data_dir or default_data()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(_("cannot make the data folder: {why}", why=err.strerror),
                         str(folder)) from None
    try:
        server = create_server(create_app(folder), host=host, port=port, threads=8)
    except OSError as err:
        raise InputError(_("cannot listen there: {why}", why=err.strerror),
                         f"{host}:{port}") from None
    url = f"http://{reachable(host)}:{port}/"
    click.echo(_("Serving on {url} (games saved in {folder}); Ctrl-C stops.", url=url,
                 folder=folder), err=True)
    if host != LOOPBACK:
        show_qr(url)
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo(_("Stopped."), err=True)


def reachable(host: str) -> str:
    """The address a phone types: this machine's network address for 0.0.0.0."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: it only picks the route
            return probe.getsockname()[0]
        except OSError:
            return LOOPBACK


def show_qr(url: str) -> None:
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    text = io.StringIO()
    code.print_ascii(out=text, invert=True)
    click.echo(text.getvalue(), err=True)
