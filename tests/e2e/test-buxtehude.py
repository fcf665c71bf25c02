#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end: two people and a computer play Ausgerechnet Buxtehude at one screen in the real
app, through its accessibility tree, quit in the middle, continue the saved game and play it to
the winner screen. At every "Pass to …" cover (each person's secret Intermezzo estimate) three
quick Enter presses must do nothing, and neither the accessibility tree under the cover nor the
next person's view may hold the other person's estimate (RULES.md: hidden information;
issue 10)."""

import os
import re
import sys

sys.dont_write_bytecode = True     # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lp_e2e as e  # noqa: E402

LINEUP = {
    "players": [
        {"name": "Player", "age": 9, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human"},
        {"name": "Oma", "age": 72, "colour": "#33d17a", "kind": "computer", "level": "hard"},
    ],
    "options": {},
}


class Bux:
    """The person's side of the game: what they press on each screen."""

    def __init__(self):
        self.decisions = 0
        self.placed = 0
        self.challenges = 0
        self.estimates = 0
        # Estimates typed at the Intermezzo under way, by person: secret until all are in.
        self.secret = {}
        self.viewer = None

    def decide(self, page):
        done = self._decide(page)
        if done:
            self.decisions += 1
        return done

    def _decide(self, page):
        buttons = e.Buttons(page)
        if self.secret and e.find(page, "spin button", "Number of wrong cards", True) is None:
            # The Intermezzo is over: everybody's estimate is on the table.
            self.secret = {}
        place = buttons.get("Place at the Selected Gap")
        if place is not None:
            # The cross's gaps are reached by arrow keys only; the selected one will do.
            e.press(place)
            self.placed += 1
            return "placed card %d" % self.placed
        no = buttons.get("No Objection")
        if no is not None:
            self.challenges += 1
            wrong = buttons.get(re.compile(r"^Wrong!"))
            # Now and then call "Wrong!" on a computer's card, to walk that path too.
            if wrong is not None and self.challenges % 4 == 0:
                e.press(wrong)
                return "called wrong"
            e.press(no)
            return "no objection"
        inner = buttons.get(re.compile(r"^Inner"))
        if inner is not None:
            e.press(inner)
            return "compared with the inner neighbour"
        spin = e.find(page, "spin button", "Number of wrong cards", True)
        if spin is not None and e.shown(spin):
            # An estimate nobody gave is not a 0 (issue 10): Done waits for a number.
            if buttons.get("Done") is not None:
                raise e.StepFailed("Done takes an estimate nobody gave")
            value = 1 + self.estimates % 3
            e.Atspi.Value.set_current_value(spin, float(value))
            self.estimates += 1
            self.secret[self.viewer] = value
            e.press(e.button(page, "Done", timeout=5))
            return "estimate %d" % self.estimates
        for name in ("Continue", "Skip to Result"):
            b = buttons.get(name)
            if b is not None:
                e.press(b)
                return name
        return None

    def leak(self, window, text, viewer):
        """Another person's estimate while the Intermezzo is under way: in the tree under the
        cover (viewer None), or anywhere the person now looking could read it, the estimate
        field included (it comes up empty)."""
        if viewer is not None:
            spin = e.wait_for(lambda: e.find(window, "spin button", "Number of wrong cards",
                                             True), 5, "the estimate field of " + viewer)
            text = e.tree_text(window)
            typed = e.text_of(spin)
            if typed not in ("", e.name_of(spin)):
                return "the estimate field filled in with %r" % typed
        for who, value in self.secret.items():
            if who == viewer:
                continue
            m = re.search(r"^.*\b%s %d\b.*$|^spin button value %d$" % (who, value, value),
                          text, re.M)
            if m:
                return "%s's estimate %d: %r" % (who, value, m.group(0))
        return None

    def human_turn(self, page):
        return e.Buttons(page).get("Place at the Selected Gap") is not None

    def progress(self, page):
        """How far the game is and the card in the person's hand."""
        cross = e.find(page, "label", re.compile(r"^Cross \d of 3"), True)
        hand = e.find(page, "label", re.compile(r"^Card in hand: "), True)
        return "%s; %s" % (e.text_of(cross) if cross else None, e.name_of(hand) if hand else None)

    def over(self, page):
        return e.find(page, "list", "Ranking", True) is not None

    def ranking(self, page):
        return [e.text_of(n) for n in e.find_all(e.find(page, "list", "Ranking", True),
                                                 "label", None, True)]


def run():
    bux = Bux()
    hand_over = e.play_through("Ausgerechnet Buxtehude", "buxtehude", LINEUP, "Anna", bux)
    e.log("%d cards placed, %d challenges answered, %d estimates by two people"
          % (bux.placed, bux.challenges, bux.estimates))
    if bux.estimates < 4 or hand_over.covers < 4:
        raise e.StepFailed("only %d estimates behind %d covers" % (bux.estimates,
                                                                  hand_over.covers))


if __name__ == "__main__":
    sys.exit(e.main(run))
