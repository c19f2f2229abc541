"""A server that goes away in the middle of the WebSocket handshake: it listens on
PORT, reads the first client's upgrade request, half-closes without answering, and
exits once it has caught one (a `glasses serve` stopped at that moment does the
same). Usage: mute.py PORT SECONDS. Exits non-zero when no client came in time."""
import socket
import sys
import time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
server = socket.socket()
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", port))
server.listen(8)
server.settimeout(0.2)
deadline = time.monotonic() + seconds
while time.monotonic() < deadline:
    try:
        client, _ = server.accept()
    except socket.timeout:
        continue
    client.settimeout(seconds)
    request = client.recv(65536)
    if b"Upgrade: websocket" not in request and b"upgrade: websocket" not in request:
        print(f"mute: FAIL: not an upgrade request: {request[:200]!r}", file=sys.stderr)
        sys.exit(1)
    client.shutdown(socket.SHUT_WR)
    print("caught one client mid-handshake", flush=True)
    sys.exit(0)
print(f"mute: FAIL: no client within {seconds} s", file=sys.stderr)
sys.exit(1)
