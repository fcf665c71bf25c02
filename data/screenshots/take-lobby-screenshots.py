#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Takes the lobby screenshots (issue 31): Minden hosted for Anna at this computer, Ben on
another device (a tiny WebSocket client joins as Ben) and a seat still free, in English and
German, by driving the uninstalled app through its accessibility tree.

    ../shared/tools/headless-run --no-gl -- data/screenshots/take-lobby-screenshots.py \
        --build _build --out data/screenshots

writes lobby-en.png and lobby-de.png.
"""

import argparse
import importlib.util
import json
import os
import re
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(SOURCE, "tests", "net"))
import wsclient  # noqa: E402

# The keyfile, window and shot helpers of the other screenshots.
_spec = importlib.util.spec_from_file_location("take_screenshots",
                                               os.path.join(HERE, "take-screenshots.py"))
shots = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shots)
ad = shots.ad

LINEUP = {
    "players": [
        {"name": "Anna", "age": 9, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human", "remote": True},
        {"name": "Oma Gerda", "age": 72, "colour": "#33d17a", "kind": "human",
         "remote": True},
    ],
    "options": {},
}


def write_keyfile(config_home, lang):
    folder = os.path.join(config_home, "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    lineup = json.dumps(LINEUP, ensure_ascii=False).replace("\\", "\\\\").replace("'", "\\'")
    with open(os.path.join(folder, "keyfile"), "w", encoding="utf-8") as f:
        f.write("[io/github/landpartie/Landpartie]\n")
        f.write("last-lineup='%s'\n" % lineup)
        f.write("window-width=1180\n")
        f.write("window-height=760\n")
        f.write("language='%s'\n" % lang)


def row_value(app, name):
    """The first label of the lobby row named name (what a screen reader reads as its value)."""
    row = ad.find(app, name=name, timeout=5)
    labels = ad.find_all(row, role="label")
    return ad.text_of(labels[0])


def take(build, out, lang):
    with tempfile.TemporaryDirectory(prefix="landpartie-lobby-") as tmp:
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(tmp, "data"),
            "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
            "LANDPARTIE_LOCALEDIR": os.environ.get("LANDPARTIE_LOCALEDIR",
                                                   os.path.join(build, "po")),
            "GIO_USE_PROXY_RESOLVER": "dummy",
        })
        write_keyfile(env["XDG_CONFIG_HOME"], lang)
        proc, app = shots.start_app(build, env)
        client = None
        try:
            ad.click(shots.tile(app, r"^Deutschland"))
            setup = ad.find(app, name="LpSetupPage", timeout=5)
            start = ad.find_all(setup, role="push button")[-1]
            ad.wait_until(lambda: "sensitive" in ad.states(start), timeout=5)
            ad.click(start)
            code_name = re.compile(r"^(Join code|Beitrittscode)$")
            code = ad.wait_until(lambda: row_value(app, code_name), timeout=10).replace(" ", "")
            port = int(row_value(app, "Port"))
            client = wsclient.WsClient(port)
            client.send({"type": "hello", "protocol": 1, "client": "screenshots"})
            client.recv_type("hello")
            client.send({"type": "join", "code": code, "name": "Ben", "seat": 1})
            client.recv_type("joined")
            shots.shot(out, "lobby-%s.png" % lang)
        finally:
            if client is not None:
                client.close()
            proc.terminate()
            proc.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--out", default="data/screenshots")
    ap.add_argument("--lang", action="append", choices=["en", "de"])
    args = ap.parse_args()
    for lang in args.lang or ["en", "de"]:
        take(os.path.abspath(args.build), args.out, lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
