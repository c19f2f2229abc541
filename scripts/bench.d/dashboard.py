"""The dashboard's cost, for scripts/bench: `python3 dashboard.py GLASSES [SECONDS]`.

Two fresh `glasses serve` processes, each streaming low@30 for SECONDS (default 10)
to a plain WebSocket client that reads the frames: in the first nobody else is
connected; in the second the dashboard watches in headless Chromium (it asked for
previews, so it gets the stream thinned to 15 frames/s, and decodes and paints
them). Prints the server's CPU time (user + system, from /proc) in each and their
ratio, and the preview's latency from a frame's timestamp to its paint, measured
in the page (p50, p99).
"""
import asyncio
import json
import os
import re
import selectors
import subprocess
import sys
import threading
import time

import websockets
from playwright.sync_api import sync_playwright

DEVICE = "rayBanMeta-1"
TICKS = os.sysconf("SC_CLK_TCK")


def serve(glasses):
    server = subprocess.Popen([glasses, "serve", "--listen", "127.0.0.1:0", "--no-classic-stalls"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    selector = selectors.DefaultSelector()
    selector.register(server.stdout, selectors.EVENT_READ)
    text, deadline = "", time.monotonic() + 20
    while "token:" not in text and time.monotonic() < deadline:
        if selector.select(timeout=0.5):
            text += os.read(server.stdout.fileno(), 65536).decode()
    port = re.search(r"listening on http://127\.0\.0\.1:(\d+)", text).group(1)
    token = re.search(r"token: +(\S+)", text).group(1)
    return server, port, token


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def stop(server):
    server.terminate()
    server.wait(timeout=10)


async def plain_client(port, token, seconds):
    """Streams low@30 and reads every frame; returns the frames received."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/v1/ws?token={token}", max_size=None) as socket:
        await socket.send(json.dumps({"type": "hello", "protocol": 2, "client": "bench"}))
        await socket.recv()
        for command in ({"type": "open_session", "id": 1, "device": DEVICE},
                        {"type": "start_camera", "id": 2, "device": DEVICE, "resolution": "low", "fps": 30}):
            await socket.send(json.dumps(command))
            while True:
                message = await socket.recv()
                if isinstance(message, str) and json.loads(message).get("id") == command["id"]:
                    break
        frames, end = 0, time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                message = await asyncio.wait_for(socket.recv(), timeout=max(0.01, end - time.monotonic()))
            except asyncio.TimeoutError:
                break
            frames += isinstance(message, bytes)
        return frames


def without_page(glasses, seconds):
    server, port, token = serve(glasses)
    try:
        before = cpu_seconds(server.pid)
        frames = asyncio.run(plain_client(port, token, seconds))
        return cpu_seconds(server.pid) - before, frames
    finally:
        stop(server)


def with_page(glasses, seconds):
    server, port, token = serve(glasses)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"http://127.0.0.1:{port}/?token={token}")
            page.locator("#connection").filter(has_text="connected").wait_for()
            before = cpu_seconds(server.pid)
            # The plain client runs its own event loop on another thread: Playwright's is this one.
            result = {}
            client = threading.Thread(target=lambda: result.update(frames=asyncio.run(plain_client(port, token, seconds))))
            client.start()
            while client.is_alive():
                page.wait_for_timeout(200)
            cpu = cpu_seconds(server.pid) - before
            latencies = sorted(page.evaluate("() => window.glassesDashboard.latencies"))
            painted = page.evaluate("() => window.glassesDashboard.framesPainted")
            browser.close()
        return cpu, result.get("frames", 0), latencies, painted
    finally:
        stop(server)


def main():
    glasses = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10
    plain_cpu, plain_frames = without_page(glasses, seconds)
    page_cpu, frames, latencies, painted = with_page(glasses, seconds)
    percentile = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")
    print(f"glasses serve CPU, low@30 to a client for {seconds:g} s, with the dashboard watching vs without: "
          f"{page_cpu:.2f} s vs {plain_cpu:.2f} s = {page_cpu / plain_cpu:.2f}x ({frames} and {plain_frames} frames to the client)")
    print(f"preview latency, frame timestamp to paint in the page ({painted} frames painted): "
          f"p50 {percentile(0.5):.1f} ms, p99 {percentile(0.99):.1f} ms")


if __name__ == "__main__":
    main()
