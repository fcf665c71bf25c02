#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Takes stats.png and stats-de.png: the statistics page (issue 15), Minden chosen, over a
family's history of 34 games, made by landpartie-sim --history with its seats renamed to people, by driving
the uninstalled app through its accessibility tree. With --scripts, stats-scripts.png: the
same with an Arabic, a Hebrew and a German name side by side (issue 36).

    ../shared/tools/headless-run --no-gl --size 1280x1700x24 -- \
        data/screenshots/take-stats-screenshots.py --build _build --lang en --out data/screenshots
"""

import argparse
import datetime
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.environ.get("LANDPARTIE_TOOLS", "/work/shared/tools"))
import atspi_drive as ad  # noqa: E402
from gi.repository import Atspi  # noqa: E402

FAMILY = [("Anna", "#e01b24"), ("Ben", "#3584e4"), ("Oma Gerda", "#33d17a"), ("Lena", "#f6d32d")]
# --scripts (issue 36): an Arabic, a Hebrew and a German name side by side; each is isolated
# where it is put into a sentence or a list, so no row turns around.
SCRIPTS = [("\u0645\u062d\u0645\u062f", "#e01b24"), ("\u05d3\u05e0\u05d4", "#3584e4"),
           ("J\u00fcrgen", "#33d17a"), ("Lena", "#f6d32d")]
WIDTH, HEIGHT = 1180, 1640


def make_history(sim, path, family=FAMILY):
    """34 games over three months: the three games in turn, three or four seats, sometimes a
    computer; a name now and then typed in lower case (the page matches it all the same)."""
    rng = random.Random(4)
    start = datetime.datetime(2026, 9, 5, 18, 0, tzinfo=datetime.timezone.utc)
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(34):
            kind = ["minden", "buxtehude", "aufachse"][i % 3]
            n = rng.choice([3, 3, 4])
            one = os.path.join(tmp, "%d.jsonl" % i)
            levels = ",".join(rng.choice(["easy", "normal", "hard"]) for _ in range(n))
            subprocess.run([sim, kind, "--players", str(n), "--seed", str(100 + i), "--levels",
                            levels, "--history", one], check=True, capture_output=True)
            rec = json.loads(open(one).read().splitlines()[0])
            people = rng.sample(family, n - (1 if i % 4 == 0 else 0))
            for s, p in enumerate(rec["players"]):
                if s < len(people):
                    p["name"], p["colour"] = people[s]
                    p["kind"] = "human"
                    p.pop("level", None)
                    if i < 10 and rng.random() < 0.2:
                        p["name"] = p["name"].lower()
                else:
                    p["name"], p["colour"] = "Robo", "#9141ac"
            when = start + datetime.timedelta(days=2.3 * i, minutes=rng.randint(0, 200))
            rec["date"] = when.strftime("%Y-%m-%dT%H:%M:%SZ")
            rec["duration"] = rng.randint(15, 50) * 60
            lines.append(json.dumps(rec, ensure_ascii=False, separators=(",", ":")))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def write_keyfile(config_home, lang):
    folder = os.path.join(config_home, "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "keyfile"), "w", encoding="utf-8") as f:
        f.write("[io/github/landpartie/Landpartie]\n")
        f.write("window-width=%d\nwindow-height=%d\n" % (WIDTH, HEIGHT))
        f.write("language='%s'\n" % lang)


def main_window_id():
    tree = subprocess.run(["xwininfo", "-root", "-children"], check=True, capture_output=True,
                          text=True).stdout
    best, best_area = None, 0
    for m in re.finditer(r'^\s*(0x[0-9a-f]+) "[^"]*".*?(\d+)x(\d+)\+', tree, re.M):
        area = int(m.group(2)) * int(m.group(3))
        if area > best_area:
            best, best_area = m.group(1), area
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--lang", default="en", choices=["en", "de"])
    ap.add_argument("--out", default="data/screenshots")
    ap.add_argument("--scripts", action="store_true",
                    help="Arabic, Hebrew and German names: stats-scripts[-de].png")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    suffix = ("-scripts" if args.scripts else "") + ("" if args.lang == "en" else "-" + args.lang)

    with tempfile.TemporaryDirectory(prefix="landpartie-stats-") as tmp:
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(tmp, "data"),
            "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
            "LANDPARTIE_LOCALEDIR": os.path.join(build, "po"),
        })
        for name in ("NO_AT_BRIDGE", "GTK_A11Y"):
            env.pop(name, None)
        write_keyfile(env["XDG_CONFIG_HOME"], args.lang)
        folder = os.path.join(env["XDG_DATA_HOME"], "landpartie")
        os.makedirs(folder, exist_ok=True)
        make_history(os.path.join(build, "src", "landpartie-sim"),
                     os.path.join(folder, "history.jsonl"), SCRIPTS if args.scripts else FAMILY)

        proc = subprocess.Popen([os.path.join(build, "src", "landpartie")], env=env)
        try:
            app = ad.wait_for_app(pid=proc.pid, timeout=20)
            label = "Statistics" if args.lang == "en" else "Statistik"
            ad.click(ad.find(app, role="push button", name=label, timeout=10))
            time.sleep(2)
            # The page takes the focus on its choice of game: Space opens it, two Downs pick
            # Minden, whose figures and both charts the picture shows.
            for key in (0x20, 0xff54, 0xff54, 0xff0d):
                Atspi.generate_keyboard_event(key, None, Atspi.KeySynthType.SYM)
                time.sleep(0.5)
            time.sleep(1.5)
            path = os.path.join(args.out, "stats%s.png" % suffix)
            window = main_window_id()
            if window is None:
                ad.screenshot(path)
            else:
                subprocess.run(["import", "-window", window, path], check=True)
            print("wrote", path)
        finally:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
