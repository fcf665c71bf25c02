#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The installed app starts as a user starts it and quits cleanly (issue 34): the command of
the installed desktop file, run with nothing but a fresh home, the display, the session bus
and LANG=de_DE.UTF-8 (no GSETTINGS_SCHEMA_DIR, no LANDPARTIE_* variable), shows its start
page in German, read from the accessibility tree (the page's title is hidden from it), and ends with status 0 when its window is
closed.

Run under xvfb-run and dbus-run-session:  check-start-page.py DESKTOP-FILE SCREENSHOT.png
"""
import configparser
import os
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
import lp_e2e as e2e  # noqa: E402
from lp_e2e import Atspi, StepFailed, step  # noqa: E402

# What the start page says in German (po/de.po) where English says "Games", "How to play
# Ausgerechnet Buxtehude", "2–6 players" and "Statistics".
GERMAN = [("panel", "Spiele"), ("push button", "Spielanleitung für Ausgerechnet Buxtehude"),
          ("label", "2–6 Spieler"), ("push button", "Statistik")]


def main(desktop_file, screenshot):
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(desktop_file, encoding="utf-8")
    command = shlex.split(entry["Desktop Entry"]["Exec"])
    home = tempfile.TemporaryDirectory(prefix="lp-package-")
    env = {
        "HOME": home.name,
        "PATH": "/usr/local/bin:/usr/bin:/bin:/usr/games",
        "LANG": "de_DE.UTF-8",
        "DISPLAY": os.environ["DISPLAY"],
        "DBUS_SESSION_BUS_ADDRESS": os.environ["DBUS_SESSION_BUS_ADDRESS"],
        "XDG_RUNTIME_DIR": os.environ["XDG_RUNTIME_DIR"],
        # Xvfb has no GPU: the cairo renderer draws at once instead of in software GL.
        "GSK_RENDERER": "cairo",
    }
    if "XAUTHORITY" in os.environ:
        env["XAUTHORITY"] = os.environ["XAUTHORITY"]
    # Wake the accessibility registry first, so the app registers on it at once.
    Atspi.get_desktop(0).get_child_count()
    print("starting %s with %s" % (command, sorted(env)), flush=True)
    proc = subprocess.Popen(command, env=env)
    window = None
    try:
        with step("the app appears on the accessibility bus", 60):
            def look():
                if proc.poll() is not None:
                    raise StepFailed("the app exited with status %s" % proc.returncode)
                for app in e2e.children(Atspi.get_desktop(0)):
                    if e2e._safe(app.get_process_id) == proc.pid and \
                            (e2e._safe(app.get_child_count, 0) or 0):
                        return app
                return None
            root = e2e.wait_for(look, 60, "the app on the accessibility bus")
            window = e2e.wait_for(lambda: next((w for w in e2e.children(root)
                                                if e2e.role_of(w) == "frame"), None),
                                  20, "the main window")
        with step("the start page is in German", 30):
            for role, name in GERMAN:
                node = e2e.wait_for(lambda: e2e.find(window, role, name, visible_only=True),
                                    20, "the %s '%s'" % (role, name))
                print("found %s" % e2e.describe(node), flush=True)
        subprocess.run(["import", "-window", "root", screenshot], check=False,
                       env=dict(os.environ))
        with step("closing the window ends the app with status 0", 40):
            e2e.press(e2e.button(window, "Schließen", hit_test=False))
            status = proc.wait(timeout=30)
            if status != 0:
                raise StepFailed("the app ended with status %d" % status)
        print("the app showed its start page in German and quit with status 0", flush=True)
        return 0
    except StepFailed as err:
        print("check-start-page: %s" % err, file=sys.stderr, flush=True)
        if window is not None and proc.poll() is None:
            print("---- what the window showed", flush=True)
            e2e.dump(window)
        return 1
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
