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
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535),
              help="The port to listen on.")
@click.option("--data", "data_dir", type=LazyPath(file_okay=False),
              help="The folder where games at the table are saved (default: "
                   "~/.local/share/pnp-companion/games).")
def serve(host: str, port: int, data_dir: Path | None) -> None:
    """Serve the companion as a web page for a phone at the table: dice, Dark Hall,
    Roguelight, Rakugaaki, JongRogue and the 魔人 dungeon campaign.

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

    check_host(host)
    folder = data_dir or default_data()
    served = () if is_address(host) else (host.lower(),)
    try:
        server = create_server(create_app(folder, served), host=host, port=port, threads=8)
    except (OSError, ValueError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise InputError(_("cannot listen there: {why}", why=why), f"{host}:{port}") from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        server.close()
        raise InputError(_("cannot make the data folder: {why}", why=err.strerror),
                         str(folder)) from None
    url = f"http://{reachable(host)}:{port}/"
    click.echo(_("Serving on {url} (games saved in {folder}); Ctrl-C stops.", url=url,
                 folder=folder), err=True)
    if host != LOOPBACK:
        click.echo(_("Anyone who can reach this computer on {host} (every network it is on, "
                     "for 0.0.0.0) can open the page and play its games; stop it with Ctrl-C "
                     "when the table is done.", host=host), err=True)
        show_qr(url)
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo(_("Stopped."), err=True)


def is_address(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def check_host(host: str) -> None:
    """A --host that names no address of this machine is refused before anything is
    made: an empty one, a malformed address, a name that does not resolve."""
    import socket

    if not host.strip():
        raise InputError(_("expected an address to listen on, like 127.0.0.1 or 0.0.0.0"),
                         "--host")
    try:
        socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise InputError(_("{host!r} is not an address this computer can listen on (try "
                           "127.0.0.1, 0.0.0.0 or one of its network addresses)", host=host),
                         "--host") from None


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
