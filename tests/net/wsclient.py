# SPDX-License-Identifier: GPL-3.0-or-later
"""A tiny WebSocket client (RFC 6455) on a raw socket, for tests that must also send what no
well-behaved client sends: cut frames, huge frames, broken UTF-8. Standard library only."""
import base64
import json
import os
import socket
import struct
import time


class Closed(Exception):
    pass


class WsClient:
    def __init__(self, port, host="127.0.0.1", path="/ws", timeout=10.0):
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        req = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(req.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Closed("handshake: connection closed")
            head += chunk
        head, self.buf = head.split(b"\r\n\r\n", 1)
        self.status = int(head.split(b" ")[1])
        if self.status != 101:
            raise Closed(f"handshake refused: {self.status}")
        self.received = []  # every text message, for the secrecy test
        self.last_view = None  # the newest view received, also while waiting for another type

    def frame(self, opcode, payload, fin=True, mask=True):
        b0 = (0x80 if fin else 0) | opcode
        n = len(payload)
        if n < 126:
            hdr = struct.pack("!BB", b0, (0x80 if mask else 0) | n)
        elif n < 65536:
            hdr = struct.pack("!BBH", b0, (0x80 if mask else 0) | 126, n)
        else:
            hdr = struct.pack("!BBQ", b0, (0x80 if mask else 0) | 127, n)
        if mask:
            m = os.urandom(4)
            payload = bytes(b ^ m[i % 4] for i, b in enumerate(payload))
            hdr += m
        return hdr + payload

    def send_raw(self, data):
        self.sock.sendall(data)

    def send_text(self, text):
        data = text.encode() if isinstance(text, str) else text
        self.send_raw(self.frame(0x1, data))

    def send(self, obj):
        self.send_text(json.dumps(obj))

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed("connection closed")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self, timeout=10.0):
        """The next text message as an object; answers pings; raises Closed on close."""
        deadline = time.monotonic() + timeout
        while True:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                b0, b1 = self._read(2)
            except socket.timeout:
                raise TimeoutError("no message in time")
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(n)
            op = b0 & 0x0F
            if op == 0x9:
                self.send_raw(self.frame(0xA, payload))
                continue
            if op == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                raise Closed(f"closed by the host: {code}")
            if op == 0x1:
                text = payload.decode()
                self.received.append(text)
                msg = json.loads(text)
                if msg.get("type") == "view":
                    self.last_view = msg.get("view")
                return msg

    def recv_type(self, kind, timeout=10.0):
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg.get("type") == kind:
                return msg

    def close(self):
        try:
            self.send_raw(self.frame(0x8, struct.pack("!H", 1000)))
        except OSError:
            pass
        self.sock.close()
