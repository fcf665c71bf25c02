#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Screenshots of the Auf Achse page in a chosen state, size and language, for looking at the
layout (not a test): a save from aa-demo-save, the app continued from the start page.

    /work/shared/tools/headless-run --no-gl --size 1024x600x24 -- \
        tests/aufachse/aa-shots.py --build _build-aa --state play --players 5 --out /tmp/x.png
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.environ.get("LANDPARTIE_TOOLS", "/work/shared/tools"))
import atspi_drive as ad  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--state", default="play", choices=["play", "end", "over"])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--width", type=int, default=1024)
    ap.add_argument("--height", type=int, default=600)
    ap.add_argument("--theme", default="")
    ap.add_argument("--wait", type=float, default=3.0)
    ap.add_argument("--localedir", default="", help="translations other than the build's")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    with tempfile.TemporaryDirectory(prefix="aa-shots-") as tmp:
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(tmp, "data"),
            "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
            "LANDPARTIE_LOCALEDIR": args.localedir or os.path.join(build, "po"),
        })
        if args.theme:
            env["GTK_THEME"] = args.theme
        folder = os.path.join(env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
        os.makedirs(folder)
        with open(os.path.join(folder, "keyfile"), "w") as f:
            f.write("[io/github/landpartie/Landpartie]\n")
            f.write("window-width=%d\nwindow-height=%d\n" % (args.width, args.height))
            f.write("language='%s'\nanimation-speed='fast'\n" % args.lang)
        saves = os.path.join(env["XDG_DATA_HOME"], "landpartie")
        os.makedirs(saves)
        subprocess.run([os.path.join(build, "tests", "aufachse", "aa-demo-save"), saves,
                        args.state, str(args.players)], check=True)
        proc = subprocess.Popen([os.path.join(build, "src", "landpartie")], env=env)
        try:
            app = ad.wait_for_app(pid=proc.pid, timeout=20)
            button = ad.find(app, role="push button", name=re.compile(r"^Continue Auf Achse|fortsetzen$"),
                            timeout=8)
            ad.click(button)
            time.sleep(args.wait)
            subprocess.run(["import", "-window", "root", args.out], check=True)
            print("wrote", args.out)
        finally:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
