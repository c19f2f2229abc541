"""A busy console input against the served world it runs in: a viewer streams
low@30 while /v1/health is asked over and over (keep-alive), first with the world
idle, then while another client's console runs `while true do end` (stopped at
its 10 s limit). Prints the frame-gap p99 and health latency p50/p99 of each
phase in milliseconds, and the busy phase as ratios of the idle one (same run).
Usage: console_busy.py URL TOKEN DEVICE SECONDS."""
import asyncio, http.client, json, sys, threading, time

import websockets

URL, TOKEN, DEVICE, SECONDS = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
HOST, PORT = URL.split("//")[1].split("/")[0].split(":")
HEADERS = {"Authorization": f"Bearer {TOKEN}"}


def pick(samples, q):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def connect():
    ws = await websockets.connect(URL, additional_headers=HEADERS, max_size=None)
    await ws.send(json.dumps({"type": "hello", "protocol": 2, "client": "bench"}))
    await asyncio.wait_for(ws.recv(), 10)
    return ws


async def reply(ws, wanted, timeout=30):
    while True:
        message = await asyncio.wait_for(ws.recv(), timeout)
        if isinstance(message, str):
            decoded = json.loads(message)
            if decoded.get("type") == "reply" and decoded.get("id") == wanted:
                return decoded


def health_latencies(stop, out):
    connection = http.client.HTTPConnection(HOST, int(PORT))
    while not stop.is_set():
        start = time.perf_counter()
        connection.request("GET", "/v1/health", headers=HEADERS)
        connection.getresponse().read()
        out.append(time.perf_counter() - start)


async def phase(viewer, seconds):
    """Frame gaps and health latencies over `seconds` of wall time."""
    stop, latencies = threading.Event(), []
    prober = threading.Thread(target=health_latencies, args=(stop, latencies))
    prober.start()
    arrivals, end = [time.perf_counter()], time.perf_counter() + seconds
    while (left := end - time.perf_counter()) > 0:
        try:
            message = await asyncio.wait_for(viewer.recv(), left)
        except asyncio.TimeoutError:
            break
        if isinstance(message, bytes):
            arrivals.append(time.perf_counter())
    arrivals.append(time.perf_counter())
    stop.set()
    prober.join()
    gaps = [b - a for a, b in zip(arrivals, arrivals[1:])]
    return {"gap p99": pick(gaps, 0.99), "health p50": pick(latencies, 0.50), "health p99": pick(latencies, 0.99),
            "frames": len(arrivals) - 2, "answers": len(latencies)}


def show(name, figures):
    return (f"{name}: frame gap p99 {figures['gap p99']:.0f} ms, health p50 {figures['health p50']:.2f} ms, "
            f"p99 {figures['health p99']:.2f} ms ({figures['frames']} frames, {figures['answers']} answers)")


async def main():
    viewer, console = await connect(), await connect()
    await viewer.send(json.dumps({"type": "open_session", "id": 1, "device": DEVICE}))
    await reply(viewer, 1)
    await viewer.send(json.dumps({"type": "start_camera", "id": 2, "device": DEVICE, "resolution": "low", "fps": 30}))
    await reply(viewer, 2)
    await console.send(json.dumps({"type": "console", "id": 1, "code": "1+1"}))  # the console's state, made before measuring
    await reply(console, 1)
    idle = await phase(viewer, SECONDS)
    await console.send(json.dumps({"type": "console", "id": 2, "code": "while true do end"}))
    busy = await phase(viewer, SECONDS)
    ended = await reply(console, 2, timeout=60)
    stopped = "limit per input and was stopped" in ended.get("error_output", "")
    print(show("console idle", idle))
    print(show("console busy (while true do end)", busy) + ("" if stopped else "; THE INPUT WAS NOT STOPPED AT ITS LIMIT"))
    ratios = ", ".join(f"{key} {busy[key] / idle[key]:.2f}x" for key in ("gap p99", "health p50", "health p99"))
    print(f"busy console input vs idle, same run: {ratios}")
    await viewer.close()
    await console.close()


asyncio.run(main())
