#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end: two people and a computer play Auf Achse – Das Kartenspiel at one screen in the
real app, through its accessibility tree, quit in the middle, continue the saved game and play
it over five stages to the winner screen. At every "Pass to …" cover three quick Enter presses
must do nothing, and neither the accessibility tree under the cover nor the next person's
view may hold the other person's hand or face-down route (RULES.md: hidden information;
issue 10). (tests/aufachse/aa-play-through.py is the manual sibling that takes screenshots.)"""

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
PLAY = re.compile(r"^(Add to Route|Put on Counter)$")
PEOPLE = ("Anna", "Ben")
# What only the game shows, never the cover: a hand, a route, the counter, a card's name.
GAME_LINE = re.compile(r"^(Hand of |Route of |Kilometre counter$|\d+ km$|Rest$|Obstacle \(|"
                       r"Free passage \(|Step on the gas \(|Lost cargo \()", re.M)


def km(name):
    m = re.match(r"^(\d+) km$", name)
    return int(m.group(1)) if m else 0


class AufAchse:
    """The person's side of the game: pick a card of the hand (a toggle button named after
    the card), then Add to Route or Put on Counter; Continue after each stage's scoring."""

    def __init__(self):
        self.decisions = 0
        self.cards = 0
        self.stages = 0
        self.by_keyboard = 0
        self.counter_plays = 0

    def decide(self, page):
        done = self._decide(page)
        if done:
            self.decisions += 1
        return done

    def hand(self, page):
        hand = e.find(page, "panel", re.compile(r"^Hand of "), True)
        if hand is None:
            return []
        return [b for b in e.find_all(hand, "push button", None, True)
                if "sensitive" in e.states(b)]

    def _decide(self, page):
        cards = self.hand(page)
        if cards and e.shown(cards[0]):
            # The longest card goes on the counter, which ends a stage in a round or two and
            # keeps the test short; the route gets the others in turn.
            target = e.find(page, "push button", PLAY, True)
            if target is not None and e.name_of(target) == "Put on Counter":
                card = max(cards, key=lambda c: km(e.name_of(c)))
                self.counter_plays += 1
                # Every third, all through the game, by keyboard.
                if self.counter_plays % 3 == 1 and cards.index(card) < 10:
                    return self.play_by_keyboard(page, cards.index(card), e.name_of(card))
            else:
                card = cards[(self.cards * 7) % len(cards)]
            name = e.name_of(card)
            # The play button turns sensitive once the pick arrived: no need to wait longer.
            e.press(card, settle=0.1)
            play = e.button(page, PLAY, timeout=5)
            e.press(play)
            self.cards += 1
            return "%s: %s" % (e.name_of(play), name)
        cont = e.Buttons(page).get("Continue")
        if cont is not None:
            e.press(cont)
            self.stages += 1
            return "continue after stage %d" % self.stages
        return None

    def play_by_keyboard(self, page, index, name):
        """The card picked by its digit and put on the counter by Ctrl+Enter, and at once one
        more Space, a bounce of the person's key. Then (issue 10) the game is still on
        screen, and once the focus has settled it is in the game, on nothing that acts on it
        or leaves it (it went to the header's Back, and the next Space left the game)."""
        e.key(ord("1") + index if index < 9 else ord("0"))
        e.wait_for(lambda: e.find(page, "push button", "Put on Counter", True), 5,
                   "Put on Counter after the card's digit")
        e.key(e.KEY_ENTER, e.CONTROL_MASK)
        e.key(e.KEY_SPACE)
        e.wait_for(lambda: not any(e.usable(b) for b in e.find_all(page, "push button",
                                                                     "Put on Counter", True)),
                   10, "the card on the counter after Ctrl+Enter")
        window = self.hand_over.app.window()
        focus = e.wait_for(lambda: e.focused(window), 5, "the focus to settle after the card")
        inside, in_hand = False, False
        n = focus
        for _ in range(64):
            if n is None:
                break
            if re.match(r"^Hand of ", e.name_of(n)):
                in_hand = True
            if e._path(n) == e._path(page):
                inside = True
                break
            n = e._safe(n.get_parent)
        if not inside or (e.role_of(focus) == "push button" and not in_hand):
            raise e.StepFailed("after Ctrl+Enter and Space the focus is on %s"
                               % e.describe(focus))
        self.cards += 1
        self.by_keyboard += 1
        return "Put on Counter by keyboard: %s (then Space; the focus on %s)" % (
            name, e.describe(focus))

    def leak(self, window, text, viewer):
        """What a person must not see: under the cover (viewer None) nothing of the game at
        all; the person looking (viewer) sees only their own hand and, of the others' routes,
        no more than how many cards lie face down."""
        if viewer is None:
            m = GAME_LINE.search(text)
            return None if m is None else repr(m.group(0))
        e.wait_for(lambda: e.find(window, "panel", "Hand of " + viewer, True), 5,
                   "the hand of " + viewer)
        others = "|".join(re.escape(p) for p in PEOPLE if p != viewer)
        for n in e.find_all(window, None, re.compile(r"^(Hand|Route) of (%s)\b" % others)):
            name = e.name_of(n)
            if name.startswith("Hand of "):
                return "%s: %s" % (name, ", ".join(e.name_of(c)
                                                   for c in e.find_all(n, "push button")))
            if re.search(r"\d+ cards?: ", name):
                return repr(name)
        return None

    def human_turn(self, page):
        cards = self.hand(page)
        return bool(cards) and e.shown(cards[0])

    def progress(self, page):
        stage = e.find(page, "label", re.compile(r"^Stage \d of 5 · "), True)
        counter = e.find(page, "level bar", None, True)
        hand = sorted(e.name_of(c) for c in self.hand(page))
        return "%s; %s; hand: %s" % (e.text_of(stage) if stage else None,
                                     e.name_of(counter) if counter else None, ", ".join(hand))

    def over(self, page):
        return e.find(page, "panel", "Ranking", True) is not None

    def ranking(self, page):
        return [line for n in e.find_all(page, "label", None, True)
                for line in e.text_of(n).split("\n") if re.match(r"^\d+\. .* — -?\d+ km$", line)]


def run():
    aa = AufAchse()
    e.play_through("Auf Achse – Das Kartenspiel", "aufachse", LINEUP, "Anna", aa, warmup=6)
    e.log("%d cards played by two people (%d by keyboard, each with a Space after it), %d "
          "stage scorings read" % (aa.cards, aa.by_keyboard, aa.stages))
    if aa.by_keyboard < 3:
        raise e.StepFailed("only %d cards were played by keyboard" % aa.by_keyboard)


if __name__ == "__main__":
    sys.exit(e.main(run))
