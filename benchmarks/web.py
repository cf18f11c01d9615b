"""Load probe of ``companion serve`` (run by hand: ``python benchmarks/web.py``): a
server on loopback, 8 clients for 30 s each posting a Dark Hall monster move (tile 10
on the sample position); requests a second, the 95th-percentile latency, errors, and
the server's resident memory at the end."""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from timing import tool

CLIENTS = 8
SECONDS = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def client(port: int, body: bytes, until: float, latencies: list[float],
           errors: list[str]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.perf_counter() < until:
        start = time.perf_counter()
        try:
            connection.request("POST", "/api/darkhall/monster", body,
                               {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
            if answer.status != 200:
                errors.append(str(answer.status))
        except OSError as err:
            errors.append(str(err))
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        latencies.append(time.perf_counter() - start)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


PAGES = ("dice", "darkhall", "roguelight", "rakugaaki", "majin")


def page_loads(port: int) -> dict[str, float]:
    """Each page in Debian's Chromium at a phone's size: from the request to the page
    ready (its data loaded and drawn), median of 5 loads."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {}
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"]
    found = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=args)
        page = browser.new_page(viewport={"width": 360, "height": 780})
        for name in PAGES:
            times = []
            for _load in range(5):
                start = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/{name}")
                if name != "dice":
                    page.wait_for_selector("body[data-ready=yes]")
                times.append(time.perf_counter() - start)
            found[name] = statistics.median(times)
        browser.close()
    return found


def main() -> None:
    command = tool("companion")
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen([command, "serve", "--port", str(port), "--data", data],
                                  stderr=subprocess.DEVNULL)
        try:
            for _attempt in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            setup = http.client.HTTPConnection("127.0.0.1", port)
            setup.request("GET", "/api/darkhall/setup?from=sample")
            state = json.loads(setup.getresponse().read())
            body = json.dumps({"state": state, "tile": "10"}).encode()
            latencies: list[float] = []
            errors: list[str] = []
            until = time.perf_counter() + SECONDS
            threads = [threading.Thread(target=client, args=(port, body, until, latencies,
                                                             errors))
                       for _client in range(CLIENTS)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            memory = rss_kib(server.pid)
            loads = page_loads(port)
        finally:
            server.terminate()
            server.wait()
    p95 = statistics.quantiles(latencies, n=20)[-1] * 1000
    print(f"{CLIENTS} clients, {SECONDS:.0f} s, monster moves: {len(latencies) / SECONDS:,.0f} "
          f"requests/s, p95 {p95:.1f} ms, median {statistics.median(latencies) * 1000:.1f} ms, "
          f"{len(errors)} errors, server memory {memory / 1024:.0f} MiB")
    for page, seconds in loads.items():
        print(f"page {page}: loaded and ready in {seconds * 1000:.0f} ms (median of 5; target "
              "< 1 s)")


if __name__ == "__main__":
    main()
