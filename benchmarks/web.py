"""Load probe of ``companion serve`` (run by hand: ``python benchmarks/web.py
[SECONDS]``): a server on loopback and 16 clients for 30 s on each of two loads —
saving the next state of one Dark Hall game that already has 500 states (PUT), and
Dark Hall monster moves (tile 10 on the sample position) — with requests a second,
the 95th-percentile latency and errors of each; the server's resident memory at the
end; and each page's load to ready in Chromium at a phone's size, with the CPU four
times slower and 150 ms round trips.

Targets (issue 23): PUT ≥ 200 requests/s with p95 ≤ 100 ms, monster moves ≥ 800
requests/s, memory ≤ 100 MiB, every page ready in ≤ 1.5 s."""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from timing import tool

CLIENTS = 16
SECONDS = 30.0
HISTORY = 500


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def client(port: int, request: tuple[str, str, bytes], until: float,
           latencies: list[float], errors: list[str]) -> None:
    method, path, body = request
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.perf_counter() < until:
        start = time.perf_counter()
        try:
            connection.request(method, path, body, {"Content-Type": "application/json",
                                                    "Host": f"127.0.0.1:{port}",
                                                    "Origin": f"http://127.0.0.1:{port}"})
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


PAGES = ("dice", "darkhall", "roguelight", "rakugaaki", "jongrogue", "majin", "majin-battle")


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
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 150, "downloadThroughput": -1,
            "uploadThroughput": -1})
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


def call(port: int, method: str, path: str, body: object = None) -> object:
    connection = http.client.HTTPConnection("127.0.0.1", port)
    connection.request(method, path, None if body is None else json.dumps(body).encode(),
                       {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
    return json.loads(connection.getresponse().read())


def load(port: int, request: tuple[str, str, bytes], seconds: float) -> dict[str, float]:
    """CLIENTS clients sending ``request`` for ``seconds``."""
    latencies: list[float] = []
    errors: list[str] = []
    until = time.perf_counter() + seconds
    threads = [threading.Thread(target=client, args=(port, request, until, latencies, errors))
               for _client in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"rate": len(latencies) / seconds,
            "p95": statistics.quantiles(latencies, n=20)[-1] * 1000,
            "median": statistics.median(latencies) * 1000, "errors": len(errors)}


def wait_for(port: int) -> None:
    for _attempt in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return
        except OSError:
            time.sleep(0.05)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS
    command = tool("companion")
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen([command, "serve", "--port", str(port), "--data", data],
                                  stderr=subprocess.DEVNULL)
        try:
            wait_for(port)
            state = call(port, "GET", "/api/darkhall/setup?from=sample")
            game = call(port, "POST", "/api/games", {"game": "darkhall", "state": state})
            for _state in range(HISTORY - 1):
                call(port, "PUT", f"/api/games/{game['id']}", {"state": state})
            put = ("PUT", f"/api/games/{game['id']}", json.dumps({"state": state}).encode())
            moves = ("POST", "/api/darkhall/monster",
                     json.dumps({"state": state, "tile": "10"}).encode())
            results = {"PUT on a 500-state game": load(port, put, seconds),
                       "monster moves": load(port, moves, seconds)}
            memory = rss_kib(server.pid)
            loads = page_loads(port)
        finally:
            server.terminate()
            server.wait()
    for name, found in results.items():
        print(f"{CLIENTS} clients, {seconds:.0f} s, {name}: {found['rate']:,.0f} requests/s, "
              f"p95 {found['p95']:.1f} ms, median {found['median']:.1f} ms, "
              f"{found['errors']:.0f} errors")
    print(f"server memory at the end: {memory / 1024:.0f} MiB")
    for page, seconds_taken in loads.items():
        print(f"page {page}: ready in {seconds_taken * 1000:.0f} ms (median of 5, CPU 4x "
              "slower, 150 ms round trips; target <= 1.5 s)")


if __name__ == "__main__":
    main()
