#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end: one person and two computer players play Deutschland – Finden Sie Minden? in
the real app through its accessibility tree, quit in the middle, continue the saved game and
play it to the winner screen."""

import os
import re
import sys

sys.dont_write_bytecode = True     # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lp_e2e as e  # noqa: E402

LINEUP = {
    "players": [
        {"name": "Player", "age": 9, "colour": "#e01b24", "kind": "human"},
        {"name": "Oma", "age": 72, "colour": "#33d17a", "kind": "computer", "level": "normal"},
        {"name": "Opa", "age": 74, "colour": "#3584e4", "kind": "computer", "level": "hard"},
    ],
    "options": {},
}

# The accessible names of some Minden buttons carry the mnemonic and repeat the label
# ("_Take card Take card"): match on the words.
TAKE = re.compile(r"\bTake card\b", re.I)
PLACE_TIP = re.compile(r"\bPlace tip\b", re.I)
CONTINUE = re.compile(r"\bContinue\b")


class Minden:
    """The person's side of the game: take the card on offer, tip with the stones whose
    buttons the tip board offers, go on after each scoring."""

    def __init__(self):
        self.decisions = 0
        self.tips = 0

    def decide(self, page):
        done = self._decide(page)
        if done:
            self.decisions += 1
        return done

    def _decide(self, page):
        buttons = e.Buttons(page)
        take = buttons.get(TAKE)
        if take is not None:
            e.press(take)
            return "took a card"
        place = buttons.get(PLACE_TIP)
        if place is not None:
            e.press(place)
            self.tips += 1
            return "placed tip %d" % self.tips
        # One stone (East or West) is a tip; the second, North/Middle/South, makes it more
        # exact. Place tip becomes sensitive once the first is set.
        stone = buttons.get("West" if self.tips % 2 else "East")
        if stone is not None:
            e.press(stone)
            middle = e.Buttons(page).get("Middle")
            if middle is not None:
                e.press(middle)
            return "set the stones"
        cont = buttons.get(CONTINUE)
        if cont is not None and e.press_if_there(cont):
            return "continue"
        return None

    def human_turn(self, page):
        buttons = e.Buttons(page)
        return any(buttons.get(p) for p in (TAKE, "West", PLACE_TIP))

    def progress(self, page):
        """The round, what the person is asked, and the cards on offer or to tip."""
        round_ = e.find(page, "label", re.compile(r"^Round \d+ · "), True)
        title = e.find(page, "label", re.compile(r", (choose a card|where is it\?)$"), True)
        cards = []
        for c in e.find_all(page, None, re.compile(r", \w+ card: "), True):
            # A card button holds a panel of the same name: each card once.
            if e.name_of(c) not in cards and e.shown(c):
                cards.append(e.name_of(c))
        return "%s; %s; %s" % (e.text_of(round_) if round_ else None,
                               e.text_of(title) if title else None, ", ".join(cards))

    def over(self, page):
        return any(re.search(r"(wins!|share the win!)$", e.text_of(n))
                   for n in e.find_all(page, "label", None, True))

    def ranking(self, page):
        lines = []
        for n in e.find_all(page, "label", None, True):
            lines += [line for line in e.text_of(n).split("\n")
                      if re.match(r"^\d+\. .* — field \d+$", line)]
        return lines


def run():
    minden = Minden()
    e.play_through("Deutschland – Finden Sie Minden?", "minden", LINEUP, "Anna", minden,
                   warmup=6)
    e.log("%d tips placed" % minden.tips)


if __name__ == "__main__":
    sys.exit(e.main(run))
