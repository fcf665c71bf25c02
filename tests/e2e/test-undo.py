#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end, issue 33: a person acts, presses Ctrl+Z, and the page shows the state before.

Two people at one screen (no computer, whose move would be a point of no return before the
keys arrive). Minden: the first person takes a card from the open offer; Undo in the header
bar is then offered, Ctrl+Z takes the card back, the saved game is the one before the card
was taken (but for its times), the page asks the same person to choose again, and the window
says for everyone who took back what. Screenshot `undo-minden.png`. Buxtehude: the same with
the first card placed in the cross. Auf Achse: the first person's first card played after
the "Pass to" cover; Ctrl+Z gives it back to the same person's hand, uncovered."""

import os
import re
import sys
import time

sys.dont_write_bytecode = True     # nothing written into the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lp_e2e as e  # noqa: E402

KEY_Z = 0x7a

MINDEN = "Deutschland – Finden Sie Minden?"
LINEUP = {
    "players": [
        {"name": "Player", "age": 9, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human"},
    ],
    "options": {},
}
CHOOSE = re.compile(r"^(.+), choose a card$")
TAKE = re.compile(r"\bTake [Cc]ard\b")


def chooser(page):
    n = e.find(page, "label", CHOOSE, True)
    if n is None or not e.shown(n):
        return None
    return CHOOSE.match(e.without_isolates(e.text_of(n))).group(1)


def without_times(save):
    return {k: v for k, v in (save or {}).items() if k not in ("saved", "played")}


def settled_save(app, kind, actions):
    """The saved game once it holds the given number of actions (written on a worker
    thread)."""
    return e.wait_for(lambda: (lambda s: s if s is not None and s.get("actions") == actions
                               else None)(app.saved(kind)),
                      10, "the saved game after %d actions" % actions)


def undo_button(window):
    return e.find(window, "push button", "Undo", True)


BUXTEHUDE = "Ausgerechnet Buxtehude"
WHERE = re.compile(r"^(.+), where does this card go\?$")
PLACE = "Place at the Selected Gap"


def placer(page):
    n = e.find(page, "label", WHERE, True)
    if n is None or not e.shown(n):
        return None
    return WHERE.match(e.without_isolates(e.text_of(n))).group(1)


def buxtehude():
    app = e.App(LINEUP)
    try:
        app.start()
        with e.step("a new Buxtehude game for two people"):
            page = e.start_game(app, BUXTEHUDE, "Player")
            e.wait_for(lambda: placer(page), 30, "a person asked to place a card")
        window = app.window()
        with e.step("the first person places the card"):
            first = placer(page)
            before = e.wait_for(lambda: app.saved("buxtehude"), 10, "the saved game")
            n = before["actions"]
            e.press(e.button(page, PLACE), settle=0.1)
            e.wait_for(lambda: (app.saved("buxtehude") or {}).get("actions", n) > n, 10,
                       "the placed card in the saved game")
            e.wait_for(lambda: "sensitive" in e.states(undo_button(window)), 10,
                       "Undo offered for the card just placed")
        with e.step("Ctrl+Z takes the card back"):
            e.key(KEY_Z, e.CONTROL_MASK)
            after = settled_save(app, "buxtehude", n)
            if without_times(after) != without_times(before):
                raise e.StepFailed("the saved game is not the one before the card was placed")
            e.wait_for(lambda: placer(e.game_page(app)) == first, 10,
                       "%s asked to place the card again" % first)
            news = "%s took back a card." % first
            e.wait_for(lambda: e.find(app.window(), "alert", news, True), 10, repr(news))
            e.button(e.game_page(app), PLACE)
        app.close_window()
    finally:
        app.close()


AUFACHSE = "Auf Achse – Das Kartenspiel"
PLAY = re.compile(r"^(Add to Route|Put on Counter)$")
HAND = re.compile(r"^Hand of (.+)$")


def hand(page):
    """The person whose hand is shown and its playable cards, or (None, [])."""
    panel = e.find(page, "panel", HAND, True)
    if panel is None or not e.shown(panel):
        return None, []
    return (HAND.match(e.name_of(panel)).group(1),
            [b for b in e.find_all(panel, "push button", None, True)
             if "sensitive" in e.states(b)])


def aufachse():
    app = e.App(LINEUP)
    try:
        app.start()
        with e.step("a new Auf Achse game for two people, the first one looks"):
            page = e.start_game(app, AUFACHSE, "Player")
            e.press(e.button(page, "Show", timeout=30))
            e.wait_for(lambda: hand(page)[1], 10, "a person's hand")
        window = app.window()
        with e.step("the first person plays a card"):
            first, cards = hand(page)
            before = e.wait_for(lambda: app.saved("aufachse"), 10, "the saved game")
            n = before["actions"]
            e.press(cards[0], settle=0.1)
            play = e.button(page, PLAY, timeout=5)
            what = "a route card" if e.name_of(play) == "Add to Route" else "a counter card"
            e.press(play)
            e.wait_for(lambda: (app.saved("aufachse") or {}).get("actions", n) > n, 10,
                       "the card in the saved game")
            e.wait_for(lambda: "sensitive" in e.states(undo_button(window)), 10,
                       "Undo offered for the card just played")
        with e.step("Ctrl+Z takes the card back"):
            e.key(KEY_Z, e.CONTROL_MASK)
            after = settled_save(app, "aufachse", n)
            if without_times(after) != without_times(before):
                raise e.StepFailed("the saved game is not the one before the card was played")
            e.wait_for(lambda: hand(e.game_page(app))[0] == first, 10,
                       "%s's hand shown again, without a cover" % first)
            news = "%s took back %s." % (first, what)
            e.wait_for(lambda: e.find(app.window(), "alert", news, True), 10, repr(news))
        app.close_window()
    finally:
        app.close()


def run():
    minden()
    buxtehude()
    aufachse()


def minden():
    app = e.App(LINEUP)
    try:
        app.start()
        with e.step("a new Minden game for two people"):
            page = e.start_game(app, MINDEN, "Player")
            e.wait_for(lambda: chooser(page), 30, "a person asked to choose a card")
        window = app.window()
        with e.step("the first person takes a card"):
            first = chooser(page)
            before = e.wait_for(lambda: app.saved("minden"), 10, "the saved game")
            n = before["actions"]
            undo = undo_button(window)
            if undo is None or "sensitive" in e.states(undo):
                raise e.StepFailed("Undo must be in the header bar, and offered only after a move")
            e.press(e.button(page, TAKE), settle=0.1)
            e.wait_for(lambda: chooser(page) not in (None, first), 10, "the next person asked")
            settled_save(app, "minden", n + 1)
            e.wait_for(lambda: "sensitive" in e.states(undo_button(window)), 10,
                       "Undo offered for the card just taken")
        with e.step("Ctrl+Z takes the card back"):
            e.key(KEY_Z, e.CONTROL_MASK)
            e.wait_for(lambda: chooser(app.window()) == first, 10,
                       "%s asked to choose again" % first)
            after = settled_save(app, "minden", n)
            if without_times(after) != without_times(before):
                raise e.StepFailed("the saved game is not the one before the card was taken")
            news = "%s took back a choice." % first
            e.wait_for(lambda: e.find(app.window(), "alert", news, True), 10, repr(news))
            page = e.game_page(app)
            e.button(page, TAKE)
            app.screenshot("undo-minden.png")
            if "sensitive" in e.states(undo_button(app.window())):
                raise e.StepFailed("Undo is still offered with nothing left to take back")
        app.close_window()
    finally:
        app.close()


if __name__ == "__main__":
    sys.exit(e.main(run))
