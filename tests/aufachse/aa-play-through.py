#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Plays one whole game of Auf Achse in the real, uninstalled app as a family would: two
humans (Anna and Ben, passing the screen) and one computer, through the accessibility tree,
and takes screenshots of a hand, a counter resolution, a stage scoring and the winner screen.

    /work/shared/tools/headless-run --no-gl --timeout 900 -- \
        tests/aufachse/aa-play-through.py --build _build --lang en --out /tmp/aa-shots

Hand cards are toggle buttons: picking a picked card plays it, so no label needs to be
known and the script works in every language. Exit 0 when the end screen was reached.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.environ.get("LANDPARTIE_TOOLS", "/work/shared/tools"))
import atspi_drive as ad  # noqa: E402
from gi.repository import Atspi  # noqa: E402

LINEUP = {
    "players": [
        {"name": "Anna", "age": 9, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human"},
        {"name": "Oma Gerda", "age": 72, "colour": "#33d17a", "kind": "computer",
         "level": "hard"},
    ],
    "options": {},
}
T0 = time.monotonic()


def step(msg):
    print("[%7.2fs] %s" % (time.monotonic() - T0, msg), flush=True)


def write_keyfile(config_home, lang, speed):
    folder = os.path.join(config_home, "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    lineup = json.dumps(LINEUP, ensure_ascii=False).replace("\\", "\\\\").replace("'", "\\'")
    with open(os.path.join(folder, "keyfile"), "w", encoding="utf-8") as f:
        f.write("[io/github/landpartie/Landpartie]\n")
        f.write("last-lineup='%s'\n" % lineup)
        f.write("window-width=1180\nwindow-height=780\n")
        f.write("language='%s'\n" % lang)
        f.write("animation-speed='%s'\n" % speed)


def main_window_id():
    tree = subprocess.run(["xwininfo", "-root", "-children"], check=True, capture_output=True,
                          text=True).stdout
    best, best_area = None, 0
    for m in re.finditer(r'^\s*(0x[0-9a-f]+) "[^"]*".*?(\d+)x(\d+)\+', tree, re.M):
        area = int(m.group(2)) * int(m.group(3))
        if area > best_area:
            best, best_area = m.group(1), area
    return best


def shot(out, name):
    path = os.path.join(out, name)
    window = main_window_id()
    if window is None:
        ad.screenshot(path)
    else:
        subprocess.run(["import", "-window", window, path], check=True)
    step("screenshot " + path)


def on_screen(node):
    """Visible, sensitive and with a size: GTK 4.8 reports the children of hidden stack pages
    as visible, but they have no extents."""
    if not {"visible", "sensitive"} <= ad.states(node):
        return False
    try:
        ext = Atspi.Component.get_extents(node, Atspi.CoordType.WINDOW)
    except Exception:   # no Component interface, or gone meanwhile
        return False
    return ext.width > 0 and ext.height > 0


def play_once(page, args, sfx, shots, picks):
    """One look at the page and at most one action; returns "picked", "done" or None."""
    hands = ad.find_all(page, name=re.compile(r"^(Hand of|Handkarten von)"))
    cards = [c for h in hands for c in ad.find_all(h, role="push button") if on_screen(c)]
    buttons = [b for b in ad.find_all(page, role="push button")
               if on_screen(b) and not any(b in ad.find_all(h) for h in hands)]
    if os.environ.get("AA_DEBUG"):
        step("cards %d buttons %s" % (len(cards), [b.get_name() for b in buttons]))
    if "resolve" not in shots:
        counters = ad.find_all(page, name=re.compile(r"^(Kilometre counter|Kilometerz)"))
        turned = [t for c in counters for t in ad.find_all(c, role="label")
                  if re.match(r"^(Obstacle|Free passage|Lost cargo|Step on the gas|"
                              r"Hindernis|Freie Fahrt|Ladung|Gas geben)", t.get_name() or "")
                  and on_screen(t)]
        if turned:
            shot(args.out, "aa-resolve%s.png" % sfx)
            shots.add("resolve")
    if cards:
        if "hand" not in shots and picks >= 6:
            shot(args.out, "aa-hand%s.png" % sfx)
            shots.add("hand")
        card = cards[(picks * 7) % len(cards)]
        ad.click(card)      # pick
        time.sleep(0.35)
        ad.click(card)      # pick again: play it
        time.sleep(0.5)
        return "picked"
    names = [b.get_name() for b in buttons]
    if any(n in ("Back to Games", "Zurück zu den Spielen") for n in names):
        # The end: Back to Games on the page (Play Again is in the header).
        time.sleep(4)
        shot(args.out, "aa-winner%s.png" % sfx)
        step("end screen reached after %d picks" % picks)
        return "done"
    cont = [b for b in buttons if b.get_name() in ("Continue", "Weiter")]
    if cont:
        # A stage scoring: Continue (enabled only while a scoring is shown).
        if "scoring" not in shots:
            time.sleep(4)
            shot(args.out, "aa-scoring%s.png" % sfx)
            shots.add("scoring")
        ad.click(cont[0])
        time.sleep(0.8)
        return None
    time.sleep(0.3)
    privacy = [p for p in ad.find_all(page, name="LpPrivacyScreen")]
    covers = [c for p in privacy for c in ad.find_all(p, role="panel")
              if (c.get_name() or "").startswith(("Pass", "Gib", "Weiter"))
              and on_screen(c)]
    # A stale cover keeps its old extents; the real one has the focus on Show.
    show = [b for p in privacy for b in ad.find_all(p, role="push button")
            if on_screen(b) and "focused" in ad.states(b)]
    buttons = [b for b in buttons if b not in show]
    if covers and show:
        if "privacy" not in shots:
            shot(args.out, "aa-privacy%s.png" % sfx)
            shots.add("privacy")
        ad.click(show[0])
        time.sleep(0.5)
        return None
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--lang", default="en", choices=["en", "de"])
    ap.add_argument("--out", default="/tmp/aa-shots")
    ap.add_argument("--speed", default="fast")
    ap.add_argument("--dump", action="store_true")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    os.makedirs(args.out, exist_ok=True)
    sfx = "-" + args.lang

    with tempfile.TemporaryDirectory(prefix="aa-play-") as tmp:
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(tmp, "data"),
            "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
            "LANDPARTIE_LOCALEDIR": os.path.join(build, "po"),
        })
        write_keyfile(env["XDG_CONFIG_HOME"], args.lang, args.speed)
        proc = subprocess.Popen([os.path.join(build, "src", "landpartie")], env=env)
        try:
            app = ad.wait_for_app(pid=proc.pid, timeout=20)
            tile = ad.find(app, role="push button", name=re.compile(r"^Auf Achse"), timeout=5)
            ad.click(tile)
            setup = ad.find(app, name="LpSetupPage", timeout=5)
            buttons = ad.find_all(setup, role="push button")
            ad.wait_until(lambda: "sensitive" in ad.states(buttons[-1]), timeout=5)
            ad.click(buttons[-1])
            step("game started")
            page = ad.find(app, name="AaPage", timeout=10)
            if args.dump:
                time.sleep(1)
                ad.dump_tree(page)
                return 0
            shots = set()
            picks = 0
            deadline = time.monotonic() + 1500
            while time.monotonic() < deadline:
                try:
                    outcome = play_once(page, args, sfx, shots, picks)
                except Exception as e:   # a part of the page was rebuilt while we looked
                    if os.environ.get("AA_DEBUG"):
                        step("retry: %s" % e)
                    time.sleep(0.2)
                    continue
                if outcome == "done":
                    return 0
                if outcome == "picked":
                    picks += 1
            step("timed out")
            return 1
        finally:
            if proc.poll() is not None:
                step("the app ended by itself with status %s" % proc.returncode)
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    sys.exit(main())
