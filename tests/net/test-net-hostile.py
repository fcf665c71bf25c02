#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile clients against a running host (issue 31): a wrong code, five of them, a 1 MB
message, invalid JSON, invalid UTF-8, deep nesting, 100 connections at once, a frame cut off
halfway, an action for another seat, out of turn, from an onlooker, and a replayed action id.
Each gets a clear error or its own connection closed; the game then plays to its end."""
import os
import socket
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nettest  # noqa: E402
from nettest import fail  # noqa: E402
from wsclient import Closed, WsClient  # noqa: E402

CODE = "246813"
n = 0


def ok(msg):
    global n
    n += 1
    print(f"ok {n} - {msg}")


def joined(port, **extra):
    c = WsClient(port)
    c.send({"type": "hello", "protocol": 1})
    if c.recv_type("hello").get("protocol") != 1:
        fail("hello without the protocol version")
    c.send(dict({"type": "join", "code": CODE}, **extra))
    return c


def expect_error(c, code, what):
    try:
        msg = c.recv_type("error", timeout=5)
    except Closed as e:
        fail(f"{what}: closed instead of an error ({e})")
    if msg.get("code") != code or not msg.get("message"):
        fail(f"{what}: expected a clear {code} error, got {msg}")
    ok(f"{what}: error {code}: {msg['message']}")


def expect_closed(c, what, timeout=10):
    try:
        while True:
            c.recv(timeout=timeout)
    except (Closed, ConnectionError) as e:
        ok(f"{what}: connection closed ({e})")
    except (TimeoutError, OSError) as e:
        fail(f"{what}: still open ({e})")


def main():
    tmp = tempfile.mkdtemp(prefix="lp-net-hostile-")
    env = nettest.private_env(tmp)
    host, port = nettest.start_host(["aufachse", "--players", "3", "--levels",
                                     "remote,remote,easy", "--seed", "5", "--code", CODE,
                                     "--log", os.path.join(tmp, "host.jsonl")], env=env)

    # Before the right code, nothing about the game.
    c = WsClient(port)
    c.send({"type": "hello", "protocol": 1})
    hello = c.recv_type("hello")
    if set(hello) != {"type", "protocol"}:
        fail(f"the hello before the code tells more than the version: {hello}")
    c.send({"type": "join", "code": "000000"})
    expect_error(c, "bad-code", "a wrong code")
    c.close()

    c = WsClient(port)
    c.send({"type": "hello", "protocol": 99})
    expect_error(c, "version", "another protocol version")
    c.close()

    c = WsClient(port)
    c.send_text("{not json")
    expect_error(c, "bad-message", "invalid JSON")
    c.send_text("[" * 60000)
    expect_error(c, "bad-message", "arrays nested 60000 deep")
    c.send_text(b'{"type":"hello","x":"\xc3\x28"}')
    try:
        msg = c.recv(timeout=5)
        if msg.get("type") != "error":
            fail(f"invalid UTF-8 answered with {msg}")
        ok("invalid UTF-8: error")
    except Closed as e:
        ok(f"invalid UTF-8: connection closed ({e})")

    c = WsClient(port)
    try:
        c.send_text("x" * (1024 * 1024))
    except ConnectionError as e:
        # The host may close while the megabyte is still on its way.
        ok(f"a 1 MB message: connection closed while sending ({e})")
    else:
        expect_closed(c, "a 1 MB message")

    # 100 connections at once: at most 16 are served, the rest refused, nothing breaks.
    socks, refused = [], 0
    for _ in range(100):
        try:
            socks.append(WsClient(port, timeout=5))
        except (Closed, OSError):
            refused += 1
    if len(socks) > 16 or refused < 84:
        fail(f"100 connections: {len(socks)} accepted, {refused} refused")
    ok(f"100 connections at once: {len(socks)} accepted, {refused} refused")
    for s in socks:
        s.close()
    time.sleep(0.5)

    # Five wrong codes from one address shut it out; the test uses 127.0.0.2 for it, so
    # that 127.0.0.1 can still join afterwards.
    for i in range(5):
        cl = WsClientFrom(port, "127.0.0.2")
        cl.send({"type": "hello", "protocol": 1})
        cl.recv_type("hello")
        cl.send({"type": "join", "code": "111111"})
        expect_error(cl, "bad-code", f"wrong code {i + 1} of 5 from 127.0.0.2")
        cl.close()
    cl = WsClientFrom(port, "127.0.0.2")
    try:
        msg = cl.recv(timeout=5)
        if msg.get("code") != "locked":
            fail(f"a sixth try is not shut out: {msg}")
        ok("after five wrong codes the address is shut out")
    except Closed as e:
        ok(f"after five wrong codes the address is shut out ({e})")

    # A frame cut off halfway: the connection is closed by the heartbeat, not kept.
    stall = WsClient(port)
    frame = stall.frame(0x1, b'{"type":"hello","protocol":1}')
    stall.send_raw(frame[:10])
    t0 = time.monotonic()
    stall.sock.settimeout(40)
    try:
        while stall.sock.recv(4096):
            pass
    except OSError:
        pass
    took = time.monotonic() - t0
    if took > 35:
        fail(f"a stalled connection stayed open {took:.0f} s")
    ok(f"a connection stalled mid-frame was closed after {took:.0f} s")

    # Seat 0: a raw client that misbehaves. Seat 1: a computer player over the network.
    raw = joined(port, computer="easy", seat=0)
    j = raw.recv_type("joined")
    if j.get("seat") != 0 or len(j.get("token", "")) != 32:
        fail(f"joined: {j}")
    ok("seat 0 taken with a 128-bit token")
    look = joined(port, onlooker=True)
    look.recv_type("joined")
    ok("an onlooker joins")
    joiner = nettest.start_join(port, CODE, "hard", seat=1, env=env)
    view = raw.recv_type("view", timeout=30)["view"]
    ok("the game starts once every remote seat is taken")

    look.send({"type": "action", "id": "x1", "action": {"type": "pass"}})
    expect_error(look, "refused", "an onlooker's action")
    raw.send({"type": "action", "id": "a", "action": {"type": "no-such-move"}})
    expect_error(raw, "refused", "an unknown action")
    raw.send({"type": "action", "id": "b", "at": view["actions"] + 7, "action": {"type": "x"}})
    expect_error(raw, "refused", "an action chosen on an old view")
    raw.send({"type": "action", "id": "c" * 65, "action": {"type": "x"}})
    expect_error(raw, "bad-message", "an id of 65 bytes")

    # Seat 0 plays one round by hand (docs/protocol.md, "Auf Achse"): a route card for another
    # seat, a replayed id, a move out of turn.
    def views_until(pred):
        v = raw.last_view or view
        while not pred(v):
            v = raw.recv_type("view", timeout=60)["view"]
        return v
    mine = views_until(lambda v: v["current"] == 0 and v["state"]["phase"] == "play"
                       and not v["state"]["route_done"])
    hand = mine["state"]["hands"][0]
    card = hand[0]
    raw.send({"type": "action", "id": "r0", "action": {"type": "route", "card": card,
                                                          "seat": 1}})
    expect_error(raw, "refused", "a move that names another seat")
    raw.send({"type": "action", "id": "r1", "at": mine["actions"],
              "action": {"type": "route", "card": card}})
    done = raw.recv_type("done", timeout=10)
    raw.send({"type": "action", "id": "r1", "at": mine["actions"],
              "action": {"type": "route", "card": card}})
    again = raw.recv_type("done", timeout=10)
    if done.get("id") != "r1" or again.get("id") != "r1":
        fail(f"a move and its replay: {done}, {again}")
    after = views_until(lambda v: v["actions"] > mine["actions"])
    if (len(after["state"]["hands"][0]) != len(hand) - 1 or
            after["state"]["route_lengths"][0] != mine["state"]["route_lengths"][0] + 1):
        fail(f"a replayed id was played twice: {after['state']}")
    ok("a move sent twice with the same id is played once and answered twice")
    counter = after["state"]["hands"][0][0]
    raw.send({"type": "action", "id": "c1", "action": {"type": "counter", "card": counter}})
    raw.recv_type("done", timeout=10)
    raw.send({"type": "action", "id": "r2", "action": {"type": "route",
                                                        "card": after["state"]["hands"][0][1]}})
    expect_error(raw, "refused", "a move out of turn")

    # From here a computer player takes seat 0 with its token, as a device that comes back.
    token = j["token"]
    raw.close()
    url = f"ws://127.0.0.1:{port}/ws"
    import hashlib
    key = hashlib.sha256(url.encode()).hexdigest()[:16]
    seats = os.path.join(env["XDG_STATE_HOME"], "landpartie", "seats")
    os.makedirs(seats, exist_ok=True)
    with open(os.path.join(seats, f"{key}-{CODE}-0.token"), "w") as f:
        f.write(token + "\n")
    back = nettest.start_join(port, CODE, "easy", seat=0, env=env)

    rc, out = host.wait(300)
    if rc != 0 or '"winners"' not in out:
        fail(f"host: exit {rc}, {out!r}, {host.stderr()}")
    ok("the game went on to its end")
    for p, name in ((joiner, "seat 1"), (back, "seat 0")):
        rc, out = p.wait(30)
        if rc != 0 or '"winners"' not in out:
            fail(f"{name}'s joiner: exit {rc}, {out!r}, {p.stderr()}")
    ok("both joiners printed the result and ended with 0")
    print(f"1..{n}")


class WsClientFrom(WsClient):
    """A client whose connection comes from another loopback address."""

    def __init__(self, port, source):
        import base64
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10,
                                             source_address=(source, 0))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Closed("handshake: connection closed")
            head += chunk
        head, self.buf = head.split(b"\r\n\r\n", 1)
        self.received = []
        self.last_view = None


if __name__ == "__main__":
    main()
