#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end, two phones and a seat on the host's screen (issue 32): Anna hosts a game of
Deutschland – Finden Sie Minden? in Landpartie with two seats "On another device"; Ben and
Clara take them with the phone page in Debian's Chromium (tests/web/phones-join.mjs, the
address and code read off the lobby), and all three play to the end: Anna through the host
window's accessibility tree, as tests/e2e/test-net-minden.py plays a seat, Ben and Clara
through their pages' buttons. Checked besides: the lobby and the window's subtitle mark the
phones' seats ("Ben · phone"), each phone received only its own seat's views, and the host's
winner screen ranks all three as the phones' result does."""

import importlib.util
import json
import os
import re
import subprocess
import sys
import time

sys.dont_write_bytecode = True     # nothing written into the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
WEB = os.path.join(os.path.dirname(HERE), "web")
sys.path.insert(0, HERE)
import lp_e2e as e  # noqa: E402

# test-net-minden.py knows how a person at one device plays Minden through its window.
_argv, sys.argv = sys.argv, [sys.argv[0], "host"]
_spec = importlib.util.spec_from_file_location("test_net_minden",
                                               os.path.join(HERE, "test-net-minden.py"))
net = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(net)
sys.argv = _argv

LANG = "en"
HOST_PERSON, PHONES = "Anna", ["Ben", "Clara"]
LINEUP = {
    "players": [
        {"name": HOST_PERSON, "age": 40, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human", "remote": True},
        {"name": "Clara", "age": 9, "colour": "#f6d32d", "kind": "human", "remote": True},
    ],
    "options": {},
}
PHONE_MARK = re.compile(r"\b(Ben|Clara) · phone\b")


def run():
    app = e.App(LINEUP, LANG)
    seat = net.Seat(app, HOST_PERSON, PHONES[0])
    phones = None
    out = os.path.join(os.environ.get("E2E_SESSION_DIR", "/tmp"), "lp-e2e-phones.tap")
    seated = out + ".seated"
    try:
        with e.step("the host: a game with two seats on other devices opens the lobby", 90):
            app.start()
            window = app.window()
            e.press(e.button(window, net.tm.GAME))
            entry = e.wait_for(lambda: e.find(window, "text", e.WORDS[LANG]["name"], True), 10,
                               "the setup page's name field of player 1")
            e.set_text(entry, HOST_PERSON)
            e.press(e.button(window, net.JOIN["start"]))
            code = re.search(r"(\d{6})", re.sub(r"\s", "", net.lobby_value(window,
                                                                           net.JOIN["code"])))
            port = re.search(r"\b(\d{2,5})\b", net.lobby_value(window, net.JOIN["port"]))
            if code is None or port is None:
                raise e.StepFailed("the lobby shows no code or no port")
            qr = e.find(window, "image", re.compile(r"^QR code of the address http://"), True)
            if qr is None:
                raise e.StepFailed("the lobby shows no QR code for a phone")
            e.log("the lobby: code %s, port %s, %s" % (code.group(1), port.group(1),
                                                      e.name_of(qr)))
        with e.step("Ben and Clara join on their phones; the lobby marks them; Anna starts",
                    120):
            env = dict(os.environ, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD="1")
            phones = subprocess.Popen(
                ["node", os.path.join(WEB, "phones-join.mjs"), "--port", port.group(1),
                 "--code", code.group(1), "--game", "minden", "--lang", LANG,
                 "--names", ",".join(PHONES), "--seated", seated, "--timeout", "520"],
                stdout=open(out, "w"), stderr=subprocess.STDOUT, env=env, cwd=WEB)
            e.wait_for(lambda: os.path.exists(seated) or phones.poll() is not None, 90,
                       "both phones seated")
            if phones.poll() is not None:
                raise e.StepFailed("the phones ended before the game: %s" % open(out).read())
            e.wait_for(lambda: all(e.find(window, None, re.compile(r"\b%s · phone\b" % p), True)
                                   for p in PHONES), 30, "both phones marked in the lobby")
            start = e.wait_for(
                lambda: next((b for b in e.find_all(window, "push button", net.JOIN["start"],
                                                    True)
                              if "sensitive" in e.states(b)), None), 30, "Start Game")
            time.sleep(0.5)
            app.screenshot("phones-minden-lobby.png")
            e.press(start)
            e.game_page(app)
            subtitle = e.all_text(window)
            if len(set(PHONE_MARK.findall(subtitle))) != 2:
                raise e.StepFailed("the window does not mark both phones' seats: %r"
                                   % subtitle[:300])
        with e.step("Anna plays her seat at the host's screen to the end", 480):
            net.play_seat(app, seat, "Anna's seat")
        with e.step("the host's winner screen", 30):
            page = e.game_page(app)
            text = e.all_text(page)
            lines = seat.ranking(page)
            for who in [HOST_PERSON] + PHONES:
                if not any(re.match(r"^\d+\. %s\b" % re.escape(who), line) for line in lines):
                    raise e.StepFailed("%s is not in the host's ranking: %s" % (who, lines))
            e.log("the host's ranking: %s" % " | ".join(lines))
            time.sleep(0.5)
            app.screenshot("phones-minden-host-end.png")
        with e.step("the phones reached the end and received only their own seats", 120):
            status = phones.wait(timeout=110)
            tap = open(out).read()
            e.log("the phones:\n" + tap)
            if status != 0 or "not ok" in tap:
                raise e.StepFailed("the phones' side failed (status %d)" % status)
            first = re.search(r"result \w+: (\{.*\})", tap)
            if first is None:
                raise e.StepFailed("the phones wrote no result")
            seats = [HOST_PERSON] + PHONES
            result = json.loads(first.group(1))
            winners = [seats[w] for w in result["winners"]]
            if not lines or not any(re.match(r"^1\. %s\b" % re.escape(w), lines[0])
                                    for w in winners):
                raise e.StepFailed("the phones' winners are %s, the host ranks %r first"
                                   % (winners, lines[0] if lines else None))
    finally:
        if phones is not None and phones.poll() is None:
            phones.terminate()
            phones.wait(timeout=30)
        app.close()


def browser_missing():
    """What of the browser tests' tools is missing (build-aux/dev test installs them)."""
    missing = [what for what, there in (
        ("node", any(os.access(os.path.join(d, "node"), os.X_OK)
                     for d in os.environ.get("PATH", "").split(os.pathsep))),
        ("chromium", os.access(os.environ.get("LANDPARTIE_CHROMIUM", "/usr/bin/chromium"),
                               os.X_OK)),
        ("tests/web/node_modules", os.path.exists(
            os.path.join(WEB, "node_modules", "playwright-core", "package.json"))))
        if not there]
    return missing


if __name__ == "__main__":
    missing = browser_missing()
    if missing:
        print("missing: %s (build-aux/dev test installs them)" % ", ".join(missing))
        # A developer's machine may lack them; CI never does (build-aux/dev installs them).
        sys.exit(1 if os.environ.get("CI") or os.environ.get("LANDPARTIE_WEB_REQUIRED") else 77)
    sys.exit(e.main(run))
