"""An independent WebSocket peer for `glasses serve` (the `websockets` package,
not our client): a flood of malformed messages, and a client too slow to read
its frames. Usage: peer.py flood|slow URL TOKEN DEVICE. Exits non-zero with the
reason when the server misbehaves. Every wait is bounded."""
import asyncio, json, socket, sys, time

import websockets

URL, TOKEN, DEVICE = sys.argv[2], sys.argv[3], sys.argv[4]
HEADERS = {"Authorization": f"Bearer {TOKEN}"}


def fail(message):
    print(f"peer: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


async def hello(ws):
    await ws.send(json.dumps({"type": "hello", "protocol": 2, "client": "peer.py"}))
    reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
    if reply.get("type") != "hello":
        fail(f"no hello: {reply}")


async def reply_to(ws, wanted_id, limit=10):
    """The reply to command `wanted_id`, skipping events and frames."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        message = await asyncio.wait_for(ws.recv(), deadline - time.monotonic())
        if isinstance(message, str):
            decoded = json.loads(message)
            if decoded.get("type") == "reply" and decoded.get("id") == wanted_id:
                return decoded
    fail(f"no reply to command {wanted_id} within {limit} s")


async def flood():
    """1,000 malformed messages on one connection while another keeps working."""
    bad = ["{", "[]", "null", '{"type":5}', '{"type":"no_such_command","id":1}',
           '{"type":"capture","id":2}', '{"type":"start_camera","id":3,"device":"x","resolution":"huge","fps":30}',
           "x" * (70 * 1024), b"\x00\x01binary from a client"]
    async with websockets.connect(URL, additional_headers=HEADERS, max_size=None) as noisy, \
               websockets.connect(URL, additional_headers=HEADERS, max_size=None) as calm:
        await hello(noisy)
        await hello(calm)
        sent = 0
        for round_ in range(1000 // len(bad) + 1):
            for message in bad:
                await noisy.send(message)
                sent += 1
            # The calm client's commands are answered in the middle of the flood.
            await calm.send(json.dumps({"type": "close_session", "id": round_, "device": DEVICE}))
            if (await reply_to(calm, round_)).get("ok") is not True:
                fail("the calm client's command failed during the flood")
        errors = 0
        deadline = time.monotonic() + 30
        while errors < sent and time.monotonic() < deadline:
            message = json.loads(await asyncio.wait_for(noisy.recv(), deadline - time.monotonic()))
            if message.get("type") == "error":
                errors += 1
            elif message.get("type") == "reply" and message.get("ok") is False:
                errors += 1
        if errors < sent:
            fail(f"{sent} malformed messages, {errors} errors back")
        print(f"flood: {sent} malformed messages, each answered with an error; the other client was served throughout")


async def slow():
    """A client that stops reading its frames: the server drops frames for it and says so."""
    # A small receive buffer, set before connecting so the TCP window is small from the
    # start: the backlog builds up in the server, where the queue bound applies.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((URL.split("//")[1].split(":")[0], int(URL.split(":")[2].split("/")[0])))
    async with websockets.connect(URL, additional_headers=HEADERS, max_size=None, sock=sock, max_queue=1) as ws:
        await hello(ws)
        await ws.send(json.dumps({"type": "open_session", "id": 1, "device": DEVICE}))
        if (await reply_to(ws, 1)).get("ok") is not True:
            fail("open_session failed")
        await ws.send(json.dumps({"type": "start_camera", "id": 2, "device": DEVICE, "resolution": "high", "fps": 30}))
        if (await reply_to(ws, 2)).get("ok") is not True:
            fail("start_camera failed")
        # The slow part: read nothing for a while, so the socket's buffers fill and
        # frames back up in the server; then read what comes, looking for the report.
        for _ in range(3):
            ws.transport.pause_reading()
            await asyncio.sleep(8)
            ws.transport.resume_reading()
            deadline = time.monotonic() + 2
            try:
                while True:
                    message = await asyncio.wait_for(ws.recv(), max(0.01, deadline - time.monotonic()))
                    if isinstance(message, str) and json.loads(message).get("type") == "frames_dropped":
                        print(f"slow: the server dropped frames for a slow reader and said so: {message}")
                        return
            except asyncio.TimeoutError:
                pass
        fail("no frames_dropped event for a client that stopped reading")


asyncio.run({"flood": flood, "slow": slow}[sys.argv[1]]())
