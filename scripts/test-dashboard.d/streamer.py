"""Another client of `glasses serve` streaming a camera, so the dashboard can show a
stream it did not start: pairs a second, ready pair of glasses, opens its session,
starts low@15 and reads its frames until it is terminated or SECONDS pass.
Usage: streamer.py URL TOKEN SECONDS. Prints `streaming DEVICE` once frames flow."""
import asyncio
import json
import sys
import time

import websockets

URL, TOKEN, SECONDS = sys.argv[1], sys.argv[2], float(sys.argv[3])


async def command(socket, message, limit=10):
    """Sends `message` and returns its reply, skipping events and frames."""
    await socket.send(json.dumps(message))
    return await until(socket, lambda decoded: decoded.get("type") == "reply" and decoded.get("id") == message["id"], limit)


async def until(socket, matches, limit=10):
    """The first text message that `matches`, within `limit` seconds."""
    deadline = time.monotonic() + limit
    while True:
        received = await asyncio.wait_for(socket.recv(), max(0.01, deadline - time.monotonic()))
        if isinstance(received, str) and matches(json.loads(received)):
            return json.loads(received)


async def main():
    async with websockets.connect(f"{URL}?token={TOKEN}", max_size=None) as socket:
        await socket.send(json.dumps({"type": "hello", "protocol": 2, "client": "streamer.py"}))
        await asyncio.wait_for(socket.recv(), 10)
        paired = await command(socket, {"type": "mock", "id": 1, "action": "pair", "model": "rayBanMeta", "ready": True})
        device = paired["glasses"]["id"]
        if paired["glasses"]["link"] != "connected":
            # A new pair connects after a moment; until then a session is refused.
            await until(socket, lambda decoded: decoded.get("type") == "device" and decoded.get("device") == device
                        and decoded["info"]["link"] == "connected")
        for id, message in ((2, {"type": "open_session", "device": device}),
                            (3, {"type": "start_camera", "device": device, "resolution": "low", "fps": 15})):
            reply = await command(socket, {"id": id, **message})
            if not reply["ok"]:
                sys.exit(f"streamer: {message['type']} failed: {reply}")
        print(f"streaming {device}", flush=True)
        end = time.monotonic() + SECONDS
        while time.monotonic() < end:
            try:
                await asyncio.wait_for(socket.recv(), 0.5)
            except asyncio.TimeoutError:
                pass


asyncio.run(main())
