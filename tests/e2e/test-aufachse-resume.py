#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end (issue 36): a continued Auf Achse game explains what it waits for as it did
before it was closed. A saved game is about to turn the counter pile over (written by
tests/aufachse/aa-demo-save: Maximilian-Alexander's 70 km on top of Oma Gerda's free
passage). Continue on the start page: the computer turns the pile, and Anna is asked for one
more route card with the "Cards Turned Over" log saying whose free passage it was. Quit by the
window's Close button, start again, Continue: the prompt and the same log are there."""

import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True     # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lp_e2e as e  # noqa: E402

GAME = "Auf Achse – Das Kartenspiel"
PROMPT = "Free passage: add 1 more card to your route."
LOG = ["Maximilian-Alexander’s 70\u00a0km: the counter moves to 70\u00a0km.",
       "Oma Gerda’s free passage: everyone adds one more card to their route."]


def explanation(page):
    """The prompt, the log's heading and its lines as the accessibility tree shows them, or
    what is missing."""
    labels = [e.text_of(n) for n in e.find_all(page, "label", None, True) if e.shown(n)]
    missing = [t for t in [PROMPT, "Cards Turned Over"] + LOG if t not in labels]
    return missing, labels


def check(page, when):
    e.wait_for(lambda: e.find(page, "label", PROMPT, True), 20, "the prompt %r %s"
               % (PROMPT, when))
    missing, labels = explanation(page)
    if missing:
        raise e.StepFailed("%s the page lacks %s; it shows: %s" % (when, missing, labels))
    if e.find(e.find(page, "panel", "Hand of Anna", True), "push button", None, True) is None:
        raise e.StepFailed("%s Anna's hand is not on screen" % when)
    e.log("%s: %r with %s" % (when, PROMPT, " | ".join(LOG)))


def run():
    app = e.App()
    try:
        with e.step("a saved game about to turn the counter pile over", 30):
            folder = os.path.dirname(app.save_path("aufachse"))
            os.makedirs(folder, exist_ok=True)
            subprocess.run([os.path.join(app.build, "tests", "aufachse", "aa-demo-save"),
                            folder, "resolve", "3"], check=True, timeout=20)
        with e.step("Continue: the pile is turned, Anna is asked for a free-passage card", 90):
            app.start()
            page = e.continue_game(app, GAME)
            check(page, "after the pile was turned")
        with e.step("quit by closing the window", 40):
            app.close_window()
        with e.step("start again and Continue: the same explanation", 90):
            app.start()
            page = e.continue_game(app, GAME)
            check(page, "after Continue")
            app.screenshot("aufachse-resume.png")
        with e.step("the free-passage card goes on the route", 30):
            hand = e.find(page, "panel", "Hand of Anna", True)
            card = next(b for b in e.find_all(hand, "push button", None, True)
                        if "sensitive" in e.states(b))
            e.press(card, settle=0.1)
            e.press(e.button(page, re.compile(r"^Add to Route$"), timeout=5))
            e.wait_for(lambda: e.find(page, "label", PROMPT, True) is None, 20,
                       "the prompt to go once Anna added her card")
    finally:
        app.close()


if __name__ == "__main__":
    sys.exit(e.main(run))
