#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Screenshots of the Buxtehude page with a long north arm, for looking at how the cross and
the side panel fit a small or a large screen (issue 13). Not a test: run it by hand.

    /work/shared/tools/headless-run --no-gl --size 1024x600x24 -- \
        tests/buxtehude/bux-shots.py --build _build --out /tmp/shots --size 1024x600

Options: --players N --humans H --north K [--challenge] [--lang de] [--dark] [--contrast]
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
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", default="1024x600")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--humans", type=int, default=6)
    ap.add_argument("--north", type=int, default=5)
    ap.add_argument("--challenge", action="store_true")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--dark", action="store_true")
    ap.add_argument("--contrast", action="store_true")
    ap.add_argument("--name", default="bux")
    ap.add_argument("--wrong", action="store_true", help="call Wrong! and shoot the result")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    width, height = (int(v) for v in args.size.split("x"))
    os.makedirs(args.out, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="bux-shots-") as tmp:
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(tmp, "data"),
            "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
            "LANDPARTIE_LOCALEDIR": os.path.join(build, "po"),
        })
        if args.contrast:
            env["GTK_THEME"] = "HighContrast"
        elif args.dark:
            env["GTK_THEME"] = "Adwaita:dark"
        folder = os.path.join(env["XDG_CONFIG_HOME"], "glib-2.0", "settings")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "keyfile"), "w", encoding="utf-8") as f:
            f.write("[io/github/landpartie/Landpartie]\n")
            f.write("window-width=%d\nwindow-height=%d\n" % (width, height))
            f.write("window-maximized=true\n")
            f.write("language='%s'\n" % args.lang)
            f.write("animation-speed='off'\n")
        saves = os.path.join(env["XDG_DATA_HOME"], "landpartie")
        os.makedirs(saves, exist_ok=True)
        cmd = [os.path.join(build, "tests", "buxtehude", "bux-demo-save"), saves,
               str(args.players), str(args.humans), str(args.north)]
        if args.challenge or args.wrong:
            cmd.append("challenge")
        subprocess.run(cmd, check=True)

        proc = subprocess.Popen([os.path.join(build, "src", "landpartie")], env=env)
        try:
            app = ad.wait_for_app(pid=proc.pid, timeout=20)
            # The start page's "Continue a Game" row (the only saved game).
            ad.find(app, role="push button", name=re.compile("Buxtehude"), timeout=8)
            buttons = ad.find_all(app, role="push button")
            names = [ad._safe(b.get_name, "") for b in buttons]
            row = [b for b, n in zip(buttons, names) if re.search("Continue|[Ff]ortsetzen", n)]
            if not row:
                print("buttons:", names)
            ad.click(row[-1])
            time.sleep(2.5)
            if args.wrong:
                wrong = ad.find(app, role="push button", name=re.compile("^(Wrong|Falsch)"),
                                timeout=5)
                ad.click(wrong)
                time.sleep(1)
                # with two neighbours, the outer one is the later card: compare with it
                outer = ad.find_all(app, role="push button",
                                    name=re.compile("(Inner|Innen|Outer|Außen)"))
                if outer:
                    ad.click(outer[0])
                time.sleep(1.5)
            path = os.path.join(args.out, "%s.png" % args.name)
            subprocess.run(["import", "-window", "root", path], check=True)
            print("wrote", path)
        finally:
            proc.terminate()
            proc.wait()


if __name__ == "__main__":
    main()
