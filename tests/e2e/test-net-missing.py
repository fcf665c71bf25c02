#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 35: `landpartie` opens play on several devices (landpartie-net.so) only when a family
first hosts or joins. Without the module (a broken installation, here LANDPARTIE_NET_MODULE
naming a file that is not there) the app says so in words and goes on: Join a Game… shows a
message and stays on the start page; hosting a game with a seat on another device shows the
reason on the setup page and writes no save. Nothing crashes, and a game at one screen still
plays."""
import os
import re
import sys

sys.dont_write_bytecode = True     # nothing written into the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lp_e2e as e  # noqa: E402

LINEUP = {
    "players": [
        {"name": "Anna", "age": 40, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human", "remote": True},
    ],
    "options": {},
}
MINDEN = re.compile(r"^Deutschland")
NOT_INSTALLED = "Playing on several devices is not installed"


def main():
    os.environ["LANDPARTIE_NET_MODULE"] = os.path.join(
        os.environ.get("E2E_SESSION_DIR", "/tmp"), "no-such-folder", "landpartie-net.so")
    app = e.App(LINEUP, "en")
    try:
        with e.step("Join a Game… without the module: a message, and the start page stays", 60):
            app.start()
            window = app.window()
            e.press(e.button(window, re.compile(r"^Join a Game")))
            dialog = e.wait_for(lambda: e.find(app.root, None, "No Game Can Be Joined", True),
                                10, "the message “No Game Can Be Joined”")
            text = " ".join(e.all_text(w) for w in e.children(app.root))
            if NOT_INSTALLED not in text:
                raise e.StepFailed("the message does not say why: %r" % text)
            e.press(e.button(app.root, "OK"))
            e.wait_for(lambda: e.find(app.root, None, "No Game Can Be Joined", True) is None,
                       10, "the message closed")
            if not app.alive():
                raise e.StepFailed("the app is gone")
            e.button(window, MINDEN)        # the start page, with its game tiles
        with e.step("hosting without the module: the reason on the setup page, no save", 60):
            e.press(e.button(window, MINDEN))
            e.press(e.button(window, "Start Game"))
            e.wait_for(lambda: NOT_INSTALLED in e.all_text(window), 10,
                       "the setup page saying the game could not be hosted")
            if app.saved("minden") is not None:
                raise e.StepFailed("a save was written for a game that was never hosted")
            if not app.alive():
                raise e.StepFailed("the app is gone")
            app.screenshot("net-missing-setup.png")
    finally:
        app.close()


if __name__ == "__main__":
    main()
