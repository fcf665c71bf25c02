#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The host's HTTP side (issue 32, docs/protocol.md "The phone page"), with raw requests so
that nothing normalises a hostile path before the host sees it: only the page's own files
are served, each with the Content-Security-Policy; every other path is a bare 404 that
holds nothing of the game or of the file system; other methods are 405; the generated files
are what the page expects; and the WebSocket beside it still plays."""
import json
import os
import socket
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import nettest  # noqa: E402
from nettest import fail  # noqa: E402

CODE = "246813"
CSP = ("default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
       "script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
n = 0


def ok(what):
    global n
    n += 1
    print(f"ok {n} - {what}")


def request(port, raw, closed_ok=False):
    """Sends raw bytes, returns (status, headers dict lower-cased, body bytes); with closed_ok
    a connection closed without an answer returns (None, {}, b"")."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(raw)
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
            head, sep, body = data.partition(b"\r\n\r\n")
            if sep:
                headers = {}
                for line in head.split(b"\r\n")[1:]:
                    k, _, v = line.decode("latin-1").partition(":")
                    headers[k.strip().lower()] = v.strip()
                length = 0 if raw.startswith(b"HEAD ") else int(headers.get("content-length", "0"))
                if len(body) >= length:
                    status = int(head.split(b" ")[1])
                    return status, headers, body[:length]
    if closed_ok:
        return None, {}, b""
    fail(f"no whole response to {raw[:60]!r}")


def get(port, path, method="GET"):
    return request(port, f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                         "Connection: close\r\n\r\n".encode("latin-1"))


def main():
    host, port = nettest.start_host(
        ["minden", "--players", "2", "--levels", "remote,normal", "--seed", "3",
         "--code", CODE])
    try:
        served = {}
        for path, kind in [("/de.json", "application/json"),
                           ("/cards-minden.json", "application/json"),
                           ("/cards-buxtehude.json", "application/json"),
                           ("/map-minden.svg", "image/svg+xml")]:
            status, headers, body = get(port, path)
            if status != 200 or not headers.get("content-type", "").startswith(kind):
                fail(f"{path}: {status} {headers.get('content-type')}")
            if headers.get("content-security-policy") != CSP:
                fail(f"{path} without the policy: {headers.get('content-security-policy')}")
            if headers.get("x-content-type-options") != "nosniff":
                fail(f"{path} without nosniff")
            served[path] = body
        ok("the page's generated files are served with the policy")

        cards = json.loads(served["/cards-minden.json"])
        if cards.get("r-minden", {}).get("de") != "Minden" or "colour" not in cards["r-minden"]:
            fail("cards-minden.json lacks Minden")
        bux = json.loads(served["/cards-buxtehude.json"])
        if any(set(v) != {"de"} for v in bux.values()):
            fail("cards-buxtehude.json holds more than names (no coordinates may travel)")
        if not isinstance(json.loads(served["/de.json"]), dict):
            fail("de.json is no object")
        if not served["/map-minden.svg"].startswith(b"<svg") or len(served["/map-minden.svg"]) > 40000:
            fail("map-minden.svg is no small SVG")
        ok("cards carry names (Buxtehude no coordinates), the map is a small SVG")

        status, headers, body = get(port, "/de.json", "HEAD")
        if status != 200 or body:
            fail(f"HEAD: {status}, {len(body)} bytes of body")
        ok("HEAD answers without a body")

        secret_bits = [CODE.encode(), b"minden", b"meson", b"root:", b"<a href"]
        for path in ["/../meson.build", "/%2e%2e/meson.build", "/..%2fmeson.build",
                     "//etc/passwd", "/etc/passwd", "/resources/web/", "/web/de.json",
                     "/io/github/landpartie/Landpartie/web/de.json", "/de.json/", "/DE.JSON",
                     "/de..json", "/.json", "/de.json?x=1#y", "/%64e.json",
                     "/de.json%00.svg", "/" + "a" * 300 + ".js", "/data/minden-cards.json",
                     "/map/germany.svg", "/ui/lp-window.ui", "/?", "/ws/../de.json"]:
            status, headers, body = get(port, path)
            if path == "/de.json?x=1#y":
                # The query is not part of the path: the same file, nothing more.
                if status != 200:
                    fail(f"{path}: {status}")
                continue
            if path in ("/%64e.json", "/ws/../de.json"):
                # libsoup decodes unreserved characters and removes dot segments: these are
                # /de.json, the page's own file, and harmless.
                if status not in (200, 404):
                    fail(f"{path}: {status}")
                continue
            if path == "/?":
                continue  # the page itself, once it exists; or 404 before
            if status == 400:
                # libsoup itself refuses a path it cannot make sense of, before the host.
                if any(bit in body for bit in secret_bits):
                    fail(f"{path!r}: libsoup's 400 holds more than it should: {body[:80]!r}")
                continue
            if status != 404:
                fail(f"{path!r}: {status}, not 404")
            if body != b"Not found\n":
                fail(f"{path!r}: the 404 says more than 'Not found': {body[:80]!r}")
            if headers.get("content-security-policy") != CSP:
                fail(f"{path!r}: a 404 without the policy")
            for bit in secret_bits:
                if bit in body:
                    fail(f"{path!r}: the answer holds {bit!r}")
        ok("every other path is a bare 404 with the policy (or libsoup's own 400), nothing of "
           "the game or the disk")

        for method in ["POST", "PUT", "DELETE", "OPTIONS", "TRACE"]:
            status, headers, body = get(port, "/de.json", method)
            if status != 405 or "GET" not in headers.get("allow", ""):
                fail(f"{method}: {status} {headers.get('allow')}")
        ok("other methods are 405 with Allow: GET, HEAD")

        # A request line far too long and a header flood end in an error, not a crash.
        try:
            status, _, _ = request(port, b"GET /" + b"x" * 70000 + b" HTTP/1.1\r\nHost: a\r\n"
                                         b"Connection: close\r\n\r\n", closed_ok=True)
        except ConnectionResetError:
            status = None
        if status is not None and status < 400:
            fail(f"a 70 KB path: {status}")
        status2, _, _ = get(port, "/de.json")
        if status2 != 200:
            fail("the host does not answer after a 70 KB request line")
        ok(f"a 70 KB request line is refused ({status or 'closed'}), and the host goes on")

        # The WebSocket beside the page still plays: a joiner takes the seat, the game ends.
        env = nettest.private_env(os.path.join(os.environ.get("TMPDIR", "/tmp"),
                                               f"lp-net-http-{os.getpid()}"))
        joiner = nettest.start_join(port, CODE, "easy", env=env)
        jrc, jout = joiner.wait(120)
        rc, out = host.wait(120)
        if jrc != 0 or rc != 0 or '"winners"' not in out:
            fail(f"the game beside the page: joiner {jrc}, host {rc}: {host.stderr()}")
        ok("the WebSocket at /ws plays a whole game beside the page")
    finally:
        if host.p.poll() is None:
            host.p.kill()
    print(f"1..{n}")


if __name__ == "__main__":
    main()
