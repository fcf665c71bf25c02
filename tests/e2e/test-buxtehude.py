#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end: two people and a computer play Ausgerechnet Buxtehude at one screen in the real
app, through its accessibility tree, quit in the middle, continue the saved game and play it to
the winner screen. At every "Pass to …" cover (each person's secret Intermezzo estimate) three
quick Enter presses must do nothing, and neither the accessibility tree under the cover nor the
next person's view may hold the other person's estimate (RULES.md: hidden information;
issue 10). When a scoring's result says who gets chips, the players' chips and the supply
already show them paid (issue 36).

Then people come first (RULES.md, issue 36): from a saved game in which Anna holds a card that
lies far south of the starting card, she places it north of it; the computer Cem calls
"Wrong!" at once, but his call waits, and Ben's "Wrong!" wins."""

import os
import re
import subprocess
import sys
import time

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
        self.hand_over = None
        self.paid_checked = 0   # scoring results whose chips were checked before Continue

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
                if name == "Continue" and self.scoring_result(page):
                    self.check_paid(page)
                e.press(b)
                return name
        return None

    def scoring_result(self, page):
        """The end of a scoring is on screen: the text says who gets chips."""
        return e.find(page, "label", re.compile(r"guessed it exactly|came closest"),
                      True) is not None

    def shown_chips(self, page):
        """Each seat's chips in the players list and the supply, as the page shows them."""
        chips = [int(re.match(r"^(\d+)", e.text_of(n)).group(1))
                 for n in e.find_all(page, "label", re.compile(r"^\d+ chips?\b"), True)]
        supply = e.find(page, "label", re.compile(r"^Supply: \d+ chips?$"), True)
        m = re.search(r"\d+", e.text_of(supply)) if supply is not None else None
        return chips, int(m.group(0)) if m else None

    def check_paid(self, page):
        """Issue 36: once the result says who gets chips, the players list and the supply
        show the chips paid, as the saved game holds them, before Continue. (After the final
        scoring the game is over and its save gone: test-bux-page checks that one.)"""
        def saved():
            state = (self.hand_over.saved() or {}).get("state", {})
            return state.get("chips"), state.get("supply")
        if saved() == (None, None):
            return
        try:
            e.wait_for(lambda: self.shown_chips(page) == saved(), 5,
                       "the scoring's chips in the players list and the supply")
        except e.StepFailed:
            raise e.StepFailed("at the scoring's result the page shows chips and supply %s, "
                               "the saved game %s" % (self.shown_chips(page), saved())) from None
        self.paid_checked += 1

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


def people_first():
    """RULES.md: people come first (issue 36). bux-demo-save writes a game of Anna and Ben
    (people) and Cem (a computer) in which Anna holds a card at least a degree south of the
    starting card, which Cem calls wrong when it lies north of it."""
    app = e.App(None, "en")
    try:
        with e.step("a saved game: Anna holds a card that is wrong north of the start", 60):
            saves = os.path.dirname(app.save_path("buxtehude"))
            os.makedirs(saves, exist_ok=True)
            subprocess.run([os.path.join(app.build, "tests", "buxtehude", "bux-demo-save"),
                            saves, "3", "2", "0", "wrong"], check=True, timeout=50)
        with e.step("continue it", 90):
            app.start()
            page = e.continue_game(app, "Ausgerechnet Buxtehude")
        with e.step("Anna places her card in the gap north of the starting card", 30):
            place = e.button(page, "Place at the Selected Gap", timeout=15)
            # The cross has the focus; Up selects the north gap beside the starting card.
            e.key(KEY_UP)
            gap = e.wait_for(lambda: e.find(page, "label",
                                            re.compile(r"^Selected gap: north, beyond "),
                                            True), 5, "the north gap selected")
            hand = e.name_of(e.find(page, "label", re.compile(r"^Card in hand: "), True))
            e.log("%s; %s" % (e.text_of(gap), hand))
            e.press(place)
        with e.step("Cem calls at once, but his call waits for Ben", 30):
            def waiting():
                state = (app.saved("buxtehude") or {}).get("state", {})
                return state.get("phase") == "challenge" and state.get("challenger") == 2
            e.wait_for(waiting, 15, "Cem's waiting call in the saved game")
            # Longer than the computers' pace: nothing is decided without Ben.
            time.sleep(1.5)
            wrong = e.button(page, "Wrong! (Ben)", timeout=5)
            if e.find(page, "label", re.compile(r"\bchallenged\b"), True) is not None:
                raise e.StepFailed("a challenge was resolved before Ben decided")
        with e.step("Ben's Wrong! wins over Cem's", 30):
            e.press(wrong)
            e.wait_for(lambda: e.find(page, "label", "Rightly Challenged!", True), 10,
                       "the challenge's result")
            said = e.find(page, "label", re.compile(r"^Ben challenged "), True)
            if said is None:
                raise e.StepFailed("the result does not say that Ben challenged:\n"
                                   + e.all_text(page))
            e.log(e.text_of(said).split("\n")[0])
            e.wait_for(lambda: (app.saved("buxtehude") or {}).get("state", {}).get("chips")
                       == [3, 5, 4], 5, "Anna 3, Ben 5 and Cem 4 chips in the saved game")
            time.sleep(0.5)     # the last frame
            app.screenshot("buxtehude-people-first.png")
    finally:
        app.close()


KEY_UP = 0xff52


def run():
    bux = Bux()
    hand_over = e.play_through("Ausgerechnet Buxtehude", "buxtehude", LINEUP, "Anna", bux)
    e.log("%d cards placed, %d challenges answered, %d estimates by two people, %d scoring "
          "results paid at once" % (bux.placed, bux.challenges, bux.estimates,
                                    bux.paid_checked))
    if bux.estimates < 4 or hand_over.covers < 4:
        raise e.StepFailed("only %d estimates behind %d covers" % (bux.estimates,
                                                                  hand_over.covers))
    if bux.paid_checked < 2:
        raise e.StepFailed("only %d scoring results checked" % bux.paid_checked)
    people_first()


if __name__ == "__main__":
    sys.exit(e.main(run))
