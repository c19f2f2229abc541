"""Round trips to a served world, p50 and p99 in milliseconds:
a command through the world's thread (close_session, answered at once), a
property read over HTTP (GET /v1/devices/ID), and a photo capture (which
includes the simulated glasses' own 0.3-0.8 s, scaled by the world's speed).
Usage: wire.py URL TOKEN DEVICE."""
import asyncio, http.client, json, statistics, sys, time

import websockets

URL, TOKEN, DEVICE = sys.argv[1], sys.argv[2], sys.argv[3]
HOST, PORT = URL.split("//")[1].split("/")[0].split(":")


def percentiles(samples):
    ordered = sorted(samples)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000
    return f"p50 {pick(0.50):.2f} ms, p99 {pick(0.99):.2f} ms"


async def reply(ws, wanted):
    while True:
        message = await asyncio.wait_for(ws.recv(), 30)
        if isinstance(message, bytes):
            if wanted == "photo":
                return
            continue
        decoded = json.loads(message)
        if decoded.get("type") == "reply" and decoded.get("id") == wanted:
            return decoded


async def main():
    async with websockets.connect(URL, additional_headers={"Authorization": f"Bearer {TOKEN}"}, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 2, "client": "bench"}))
        await asyncio.wait_for(ws.recv(), 10)
        commands = []
        for i in range(1, 501):
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "close_session", "id": i, "device": DEVICE}))
            await reply(ws, i)
            commands.append(time.perf_counter() - start)
        print(f"command round trip (close_session through the world's thread, 500): {percentiles(commands)}")

        connection = http.client.HTTPConnection(HOST, int(PORT))
        reads = []
        for _ in range(500):
            start = time.perf_counter()
            connection.request("GET", f"/v1/devices/{DEVICE}", headers={"Authorization": f"Bearer {TOKEN}"})
            connection.getresponse().read()
            reads.append(time.perf_counter() - start)
        print(f"property read round trip (HTTP GET /v1/devices/ID, keep-alive, 500): {percentiles(reads)}")

        await ws.send(json.dumps({"type": "open_session", "id": 1001, "device": DEVICE}))
        await reply(ws, 1001)
        await ws.send(json.dumps({"type": "start_camera", "id": 1002, "device": DEVICE, "resolution": "low", "fps": 2}))
        await reply(ws, 1002)
        captures = []
        for i in range(2001, 2041):
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "capture", "id": i, "device": DEVICE, "format": "jpeg", "width": 504, "height": 896}))
            while True:
                message = await asyncio.wait_for(ws.recv(), 30)
                if isinstance(message, bytes) and json.loads(message[4:4 + int.from_bytes(message[:4], "big")]).get("id") == i:
                    break
            captures.append(time.perf_counter() - start)
        print(f"capture round trip (JPEG 504x896, 40, includes the glasses' simulated 0.3-0.8 s / speed): {percentiles(captures)}")


asyncio.run(main())
