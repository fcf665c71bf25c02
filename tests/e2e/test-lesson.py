#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end (issue 33): a game's lesson, played step by step to its end through the
accessibility tree: test-lesson.py KIND [LANG], in English or (LANG "de") in German.

The first time the game is opened the setup page suggests the lesson; its button starts it.
Each step's callout must come up with the step's text (data/lessons/KIND.json, in the app's
language as its catalogue has it) as a label, as the callout's accessible description and as the
description of its Next button, and must wait until the person has done what it asks: Next;
Minden: a card taken, a cell marked on the map (Enter on the map, where the step put the
focus), the tip placed, Continue; Buxtehude: the card placed at the selected gap, No Objection
to the computer's card; Auf Achse: a card added to the route, one put on the counter. A step that waits for the person must still be up a while later when nothing
was done. The lesson is never saved (a saved Minden game would be offered on the start page).
At the end: in English "Play On", the game goes on without callouts, and the How-to page's
"Learn to Play" starts the lesson again, which Skip ends; in German "Play a Real Game" opens the
setup page, which no longer suggests the lesson."""

import gettext
import json
import os
import re
import sys
import time

sys.dont_write_bytecode = True     # nothing written into the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lp_e2e as e  # noqa: E402

KIND = sys.argv[1]
LANG = sys.argv[2] if len(sys.argv) > 2 else "en"
GAME = {"minden": "Deutschland – Finden Sie Minden?", "buxtehude": "Ausgerechnet Buxtehude",
        "aufachse": "Auf Achse – Das Kartenspiel"}[KIND]
with open(os.path.join(HERE, "..", "..", "data", "lessons", KIND + ".json"),
          encoding="utf-8") as f:
    LESSON = json.load(f)
CATALOGUE = gettext.translation("landpartie",
                                os.path.join(os.environ["LANDPARTIE_BUILD_DIR"], "po"),
                                [LANG], fallback=True)


def tr(msgid):
    """The text as the app shows it (its catalogue, the mnemonic's underscore dropped)."""
    return CATALOGUE.gettext(msgid).replace("_", "")


def exactly(text):
    return re.compile("^%s$" % re.escape(text))


class Lesson:
    def __init__(self, app):
        self.app = app
        self.window = app.window()

    def heading(self, step):
        return tr("Learn to Play · %u of %u").replace("%u", str(step + 1), 1).replace(
            "%u", str(len(LESSON["steps"])), 1)

    def callout(self, step):
        """The step's shown callout text label, or None."""
        return e.find(self.window, "label", exactly(tr(LESSON["steps"][step]["text"])), True)

    def wait_step(self, step):
        text = tr(LESSON["steps"][step]["text"])
        label = e.wait_for(lambda: self.callout(step), 40, "the callout of step %d" % (step + 1))
        e.wait_for(lambda: e.find(self.window, None, exactly(self.heading(step)), True), 5,
                   "the heading %r" % self.heading(step))
        # The callout says its step to a screen reader: it is the popover's description.
        popover = e.wait_for(lambda: next((n for n in e.find_all(self.window, None, None, True)
                                           if e._safe(n.get_description, "") == text and
                                           e.role_of(n) != "push button"), None),
                             5, "a callout described by the step's text")
        e.log("step %d: %s (%s)" % (step + 1, e.role_of(popover), text[:50]))
        return label

    def next_button(self, name):
        b = e.button(self.window, exactly(tr(name)), timeout=5, hit_test=False)
        return b

    def still_waiting(self, step):
        """A step that waits for the person does not go on by itself."""
        time.sleep(1.5)
        if self.callout(step) is None:
            raise e.StepFailed("step %d went away before it was done" % (step + 1))
        if e.find(self.window, "push button", exactly(tr("_Next")), True) is not None:
            raise e.StepFailed("step %d waits for the person but offers Next" % (step + 1))

    def do(self, step, page):
        done = LESSON["steps"][step]["done"]
        last = step + 1 == len(LESSON["steps"])
        if done == "next":
            if last:
                return
            b = self.next_button("_Next")
            if e._safe(b.get_description, "") != tr(LESSON["steps"][step]["text"]):
                raise e.StepFailed("Next of step %d is not described by the step" % (step + 1))
            e.press(b)
        elif done == "card-chosen:you":
            self.still_waiting(step)
            e.press(e.button(page, re.compile(re.escape(tr("_Take Card"))), timeout=10))
        elif done == "widget:board:cell-activated":
            self.still_waiting(step)
            board = e.find(page, "image", tr("Map of Germany with the game grid"), True)
            e._safe(board.clear_cache)
            if "focused" not in e.states(board):
                raise e.StepFailed("step %d did not put the focus on the map" % (step + 1))
            e.key(e.KEY_ENTER)
        elif done == "tip-entered:you":
            self.still_waiting(step)
            e.press(e.button(page, re.compile(re.escape(tr("_Place Tip"))), timeout=10))
        elif done == "card-placed":
            self.still_waiting(step)
            e.press(e.button(page, re.compile(re.escape(tr("_Place at the Selected Gap"))),
                             timeout=20))
        elif done == "decided:you":
            self.still_waiting(step)
            e.press(e.button(page, re.compile(re.escape(tr("_No Objection"))), timeout=30))
        elif done in ("route-played:you", "counter-played:you"):
            self.still_waiting(step)
            hand_name = re.compile("^" + re.escape(tr("Hand of %s")).replace("%s", ".*") + "$")
            hand = e.wait_for(lambda: e.find(page, "panel", hand_name, True), 20, "the hand")
            cards = [b for b in e.find_all(hand, "push button", None, True)
                     if "sensitive" in e.states(b)]
            e.press(cards[len(cards) // 2], settle=0.1)
            play = tr("Add to Route") if done.startswith("route") else tr("Put on Counter")
            e.press(e.button(page, exactly(play), timeout=10))
        elif done == "round-started":
            cont = e.Buttons(page).get(re.compile(re.escape(tr("_Continue"))))
            if cont is not None:
                e.press_if_there(cont)
        else:
            raise e.StepFailed("the test does not know how to do %r" % done)
        e.wait_for(lambda: self.callout(step) is None, 40, "step %d done" % (step + 1))


def run():
    app = e.App(None, LANG)
    try:
        with e.step("the setup page suggests the lesson the first time", 60):
            app.start()
            window = app.window()
            e.press(e.button(window, GAME))
            e.wait_for(lambda: e.find(window, "label", exactly(tr(
                "New to this game? Learn to Play takes you through a short first game against "
                "the computer, one step at a time.")), True), 10, "the lesson's banner")
            e.press(e.button(window, exactly(tr("Show _Me How"))))
            page = e.game_page(app)
            lesson = Lesson(app)
        for i in range(len(LESSON["steps"])):
            with e.step("step %d of %d" % (i + 1, len(LESSON["steps"])), 90):
                lesson.wait_step(i)
                lesson.do(i, page)
        if os.path.exists(app.save_path(KIND)):
            raise e.StepFailed("the lesson was saved")
        time.sleep(0.5)
        app.screenshot("lesson-%s-end-%s.png" % (KIND, LANG))
        if LANG == "en":
            with e.step("Play On: the game goes on without callouts", 60):
                e.press(lesson.next_button("_Play On"))
                e.wait_for(lambda: lesson.callout(len(LESSON["steps"]) - 1) is None, 10,
                           "the last callout gone")
                hand_name = re.compile("^" + re.escape(tr("Hand of %s")).replace("%s", ".*"))
                e.wait_for(lambda: any(e.Buttons(page).get(re.compile(re.escape(tr(b))))
                                       for b in ("_Take Card", "_Place Tip",
                                                 "_Place at the Selected Gap", "_No Objection"))
                           or any("sensitive" in e.states(b)
                                  for h in e.find_all(page, "panel", hand_name, True)
                                  for b in e.find_all(h, "push button", None, True)),
                           40, "the person's next decision")
            with e.step("Learn to Play on the How-to page starts the lesson again", 60):
                e.key(0xffbe)   # F1: How to Play
                e.press(e.button(window, exactly(tr("Learn to Play")), hit_test=False))
                page = e.game_page(app)
                lesson.wait_step(0)
                e.press(e.button(window, exactly(tr("S_kip Lesson")), hit_test=False))
                e.wait_for(lambda: lesson.callout(0) is None, 10, "the lesson skipped")
                time.sleep(1.5)
                if lesson.callout(1) is not None:
                    raise e.StepFailed("a skipped lesson showed its next step")
        else:
            with e.step("Play a Real Game: the setup page, no longer suggesting the lesson", 60):
                e.press(lesson.next_button("Play a _Real Game"))
                e.wait_for(lambda: e.find(window, "label", exactly(tr("Who Is Playing?")), True),
                           10, "the setup page")
                e.button(window, exactly(tr("_Learn to Play")))
                if e.find(window, "push button", exactly(tr("Show _Me How")), True):
                    raise e.StepFailed("the setup page suggests the lesson a second time")
    finally:
        app.close()


if __name__ == "__main__":
    sys.exit(e.main(run))
