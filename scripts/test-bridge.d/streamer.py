"""A client streaming through a relay until the bridge behind it goes (the `websockets`
package, not our client). Usage: streamer.py URL TOKEN. Prints `streaming` once frames
flow, then the code of the `error` the relay sends when the bridge disconnects, and
exits 0; exits 1 with the reason otherwise. Every wait is bounded."""
import asyncio, json, sys

import websockets

URL, TOKEN = sys.argv[1], sys.argv[2]


def fail(message):
    print(f"streamer: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


async def main():
    async with websockets.connect(URL, additional_headers={"Authorization": f"Bearer {TOKEN}"}, max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 2, "client": "streamer.py"}))
        hello = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if hello.get("type") != "hello" or hello.get("world") != "dat":
            fail(f"no dat hello: {hello}")
        device = hello["devices"][0]["id"]
        await ws.send(json.dumps({"type": "open_session", "id": 1, "device": device}))
        while True:
            reply = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if reply.get("id") == 1:
                break
        if not reply.get("ok"):
            fail(f"open_session refused: {reply}")
        await ws.send(json.dumps({"type": "start_camera", "id": 2, "device": device, "resolution": "low", "fps": 15}))
        while True:
            message = await asyncio.wait_for(ws.recv(), 20)
            if isinstance(message, bytes):
                break
            if json.loads(message).get("ok") is False:
                fail(f"refused: {message}")
        print("streaming", flush=True)
        try:
            while True:
                message = await asyncio.wait_for(ws.recv(), 30)
                if isinstance(message, str) and json.loads(message).get("type") == "error":
                    print(json.loads(message)["error"]["code"], flush=True)
                    return
        except websockets.ConnectionClosed:
            fail("closed without an error naming the bridge")


asyncio.run(main())
