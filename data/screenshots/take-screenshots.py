#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Takes the screenshots in this folder: the start page and the setup page in English and
German, and the game pages, by driving the uninstalled app through its accessibility tree.

    ../shared/tools/headless-run --no-gl -- data/screenshots/take-screenshots.py \
        --build _build --lang en --out data/screenshots

Settings come from a private keyfile (a sample line-up, maximized window, the language);
saved games from a private data folder, filled by tests/app/lp-demo-save.

    data/screenshots/take-screenshots.py --build _build --matrix --out data/screenshots

takes each game in a telling state (Buxtehude placing on a full cross, Minden with a tip set
on the map, Auf Achse at a stage end) at 1024×600 and 1920×1080, light and dark, English and
German: GAME-LANG-WIDTHxHEIGHT-STYLE.png. The games are played by tests/layout/test-layout
(the real window, fixed seeds), which draws each state it reaches into a picture; it runs in
an X display of its own (tests/e2e/e2e-session.py), so no headless-run is needed.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.environ.get("LANDPARTIE_TOOLS", "/work/shared/tools"))
import atspi_drive as ad  # noqa: E402

LINEUP = {
    "players": [
        {"name": "Anna", "age": 9, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human"},
        {"name": "Oma Gerda", "age": 72, "colour": "#33d17a", "kind": "computer",
         "level": "normal"},
        {"name": "Robo", "age": None, "colour": "#9141ac", "kind": "computer",
         "level": "hard"},
    ],
    "options": {},
}


def write_keyfile(config_home, lang, humans=2):
    folder = os.path.join(config_home, "glib-2.0", "settings")
    os.makedirs(folder, exist_ok=True)
    players = [dict(p) for p in LINEUP["players"]]
    for p in players[humans:]:
        if p["kind"] == "human":
            p["kind"], p["level"] = "computer", "easy"
    lineup = json.dumps({"players": players, "options": {}}, ensure_ascii=False).replace("\\", "\\\\").replace("'", "\\'")
    with open(os.path.join(folder, "keyfile"), "w", encoding="utf-8") as f:
        f.write("[io/github/landpartie/Landpartie]\n")
        f.write("last-lineup='%s'\n" % lineup)
        f.write("window-width=1180\n")
        f.write("window-height=760\n")
        f.write("language='%s'\n" % lang)
        f.write("animation-speed='fast'\n")


def start_app(build, env):
    proc = subprocess.Popen([os.path.join(build, "src", "landpartie")], env=env)
    app = ad.wait_for_app(pid=proc.pid, timeout=20)
    return proc, app


def main_window_id():
    """The largest named top-level X window: the app's main window (there is no window
    manager under headless-run, so the window is shot on its own rather than the screen)."""
    tree = subprocess.run(["xwininfo", "-root", "-children"], check=True, capture_output=True,
                          text=True).stdout
    best, best_area = None, 0
    for m in re.finditer(r'^\s*(0x[0-9a-f]+) "[^"]*".*?(\d+)x(\d+)\+', tree, re.M):
        area = int(m.group(2)) * int(m.group(3))
        if area > best_area:
            best, best_area = m.group(1), area
    return best


def shot(out, name):
    time.sleep(1.2)
    path = os.path.join(out, name)
    window = main_window_id()
    if window is None:
        ad.screenshot(path)
    else:
        subprocess.run(["import", "-window", window, path], check=True)
    print("wrote", path)


def tile(app, pattern):
    return ad.find(app, role="push button", name=re.compile(pattern), timeout=5)


# The state of each game that shows the most of it, as test-layout names it.
MATRIX_STATES = {
    "buxtehude": "buxtehude-place",
    "minden": "minden-tip",
    "aufachse": "aufachse-stage-end",
}
MATRIX_SIZES = ("1024x600", "1920x1080")


def matrix(build, out, langs=("en", "de"), styles=("light", "dark")):
    """The game pages at both sizes, in both styles and languages (issue 13)."""
    source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    session = os.path.join(source, "tests", "e2e", "e2e-session.py")
    program = os.path.join(build, "tests", "layout", "test-layout")
    written = []
    for lang in langs:
        for style in styles:
            with tempfile.TemporaryDirectory(prefix="landpartie-matrix-") as tmp:
                env = dict(os.environ)
                env.update({
                    "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
                    "GSETTINGS_BACKEND": "memory",
                    "GSK_RENDERER": "cairo",
                    "GDK_DEBUG": "gl-disable",
                    "NO_AT_BRIDGE": "1",
                    "LC_ALL": "C.UTF-8",
                    "LANDPARTIE_TEST_LANGUAGE": lang,
                    "LANDPARTIE_LAYOUT_STYLE": style,
                    "LAYOUT_SHOT_DIR": tmp,
                })
                env.pop("G_DEBUG", None)
                args = [session, "--size", "2048x1200x24", "--timeout", "600", "--", program,
                        "--keep-going"]
                for game in MATRIX_STATES:
                    args += ["-p", "/layout/" + game]
                # The layout test's verdict does not matter here, only its pictures.
                subprocess.run(args, env=env, stdout=subprocess.DEVNULL)
                for game, state in MATRIX_STATES.items():
                    for size in MATRIX_SIZES:
                        shot_in = os.path.join(tmp, "%s-%s-%s.png" % (lang, state, size))
                        if not os.path.exists(shot_in):
                            print("missing:", shot_in, file=sys.stderr)
                            continue
                        name = "%s-%s-%s-%s.png" % (game, lang, size, style)
                        shutil.copyfile(shot_in, os.path.join(out, name))
                        written.append(name)
                        print("wrote", os.path.join(out, name))
    return written


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--lang", default="en", choices=["en", "de"])
    ap.add_argument("--out", default="data/screenshots")
    ap.add_argument("--games", action="store_true", help="also the three game pages")
    ap.add_argument("--matrix", action="store_true",
                    help="only the games at 1024×600 and 1920×1080, light and dark, en and de")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    if args.matrix:
        os.makedirs(args.out, exist_ok=True)
        return 0 if matrix(build, args.out) else 1
    suffix = "" if args.lang == "en" else "-" + args.lang

    with tempfile.TemporaryDirectory(prefix="landpartie-shots-") as tmp:
        env = dict(os.environ)
        env.update({
            "XDG_DATA_HOME": os.path.join(tmp, "data"),
            "XDG_CONFIG_HOME": os.path.join(tmp, "config"),
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": os.path.join(build, "data"),
            "LANDPARTIE_LOCALEDIR": os.path.join(build, "po"),
        })
        write_keyfile(env["XDG_CONFIG_HOME"], args.lang)
        saves = os.path.join(env["XDG_DATA_HOME"], "landpartie")
        os.makedirs(saves, exist_ok=True)
        subprocess.run([os.path.join(build, "tests", "app", "lp-demo-save"), saves,
                        "minden", "aufachse"], check=True)

        proc, app = start_app(build, env)
        try:
            shot(args.out, "start%s.png" % suffix)
            ad.click(tile(app, r"^Ausgerechnet Buxtehude$"))
            setup = ad.find(app, name="LpSetupPage", timeout=5)
            start = ad.find_all(setup, role="push button")[-1]
            ad.wait_until(lambda: "sensitive" in ad.states(start), timeout=5)
            shot(args.out, "setup%s.png" % suffix)
        finally:
            proc.terminate()
            proc.wait()

        if not args.games:
            return
        # One person at the screen: the game pages show the board, not the privacy screen.
        write_keyfile(env["XDG_CONFIG_HOME"], args.lang, humans=1)
        for kind, pattern in (("buxtehude", r"^Ausgerechnet Buxtehude$"),
                              ("minden", r"^Deutschland"), ("aufachse", r"^Auf Achse")):
            for f in os.listdir(saves):
                os.remove(os.path.join(saves, f))
            proc, app = start_app(build, env)
            try:
                ad.click(tile(app, pattern))
                setup = ad.find(app, name="LpSetupPage", timeout=5)
                buttons = ad.find_all(setup, role="push button")
                # The tile's click lands about 250 ms later; Start is enabled on the setup page.
                ad.wait_until(lambda: "sensitive" in ad.states(buttons[-1]), timeout=5)
                ad.click(buttons[-1])
                time.sleep(4)
                shot(args.out, "%s%s.png" % (kind, suffix))
            finally:
                proc.terminate()
                proc.wait()


if __name__ == "__main__":
    sys.exit(main())
