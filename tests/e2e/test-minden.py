#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end: two people and a computer play Deutschland – Finden Sie Minden? at one screen
in the real app, through its accessibility tree, quit in the middle, continue the saved game
and play it to the winner screen; in German with the argument "de", else in English.

The people tip with the map's keyboard cursor, as the rules' keyboard play has it: Tab to the
map, the arrow keys to the place's cell (they know their geography: the card's place from
data/minden-cards.json), Enter marks it, then Place Tip, or every other time Ctrl+Enter with
the focus still on the map (issue 36). At every "Pass to …" cover (each person's
secret tip) three quick Enter presses must do nothing, and neither the accessibility tree
under the cover nor the next person's view may hold a tip placed in the round by another
seat, the computer's included (RULES.md: hidden information; issue 10). The next person's
first Enter on the map marks the middle of Germany, where a new board's cursor starts, never
the cell the person before tipped (issue 10: the cursor stayed on Anna's cell)."""

import json
import os
import re
import sys
import time

sys.dont_write_bytecode = True     # nothing written into the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import lp_e2e as e  # noqa: E402

GAME = "Deutschland – Finden Sie Minden?"
LINEUP = {
    "players": [
        {"name": "Player", "age": 9, "colour": "#e01b24", "kind": "human"},
        {"name": "Ben", "age": 11, "colour": "#3584e4", "kind": "human"},
        {"name": "Oma", "age": 72, "colour": "#33d17a", "kind": "computer", "level": "hard"},
    ],
    "options": {},
}
LANG = sys.argv[1] if len(sys.argv) > 1 else "en"

# What the test reads and presses, in the app's languages; a tip is written as the app's
# labels write it (minden-labels.c), from the stones of the saved game.
WORDS = {
    "en": {"take": re.compile(r"\bTake [Cc]ard\b"), "place": re.compile(r"\bPlace [Tt]ip\b"),
           "continue": re.compile(r"\bContinue\b"),
           "where": re.compile(r"^(.+), where is it\?$"),
           "choose": re.compile(r"^(.+), choose a card$"),
           "round": re.compile(r"^Round (\d+) · "), "card": re.compile(r", \w+ card: "),
           "row": re.compile(r"^.+: field \d+, kept cards: "),
           "ranking": re.compile(r"^\d+\. .* — field \d+$"),
           "map": "Map of Germany with the game grid", "marked": "Marked region: ",
           "places": re.compile(r"\bThe card's places? (is|are) marked\b"),
           "legend": ["Kept cards:", "Yellow · Big city", "Red · City or town",
                      "Blue · Water or landscape"],
           "ew": {"O": ("East", "E"), "W": ("West", "W")},
           "bands": {"N": "North", "M": "Middle", "S": "South"},
           "sector": "sector", "section": "section",
           # Only the game shows these, never the cover: the players, the prompts, a tip.
           "game": re.compile(r"\bfield \d+\b|Place [Tt]ip|Take [Cc]ard|, where is it\?|"
                              r"Marked region|\btip: ")},
    "de": {"take": re.compile(r"\bKarte nehmen\b"), "place": re.compile(r"\bTipp abgeben\b"),
           "continue": re.compile(r"\bWeiter\b"),
           "where": re.compile(r"^(.+), wo liegt das\?$"),
           "choose": re.compile(r"^(.+), wähle eine Karte$"),
           "round": re.compile(r"^Runde (\d+) · "), "card": re.compile(r", \w+ Karte: "),
           "row": re.compile(r"^.+: Feld \d+, behaltene Karten: "),
           "ranking": re.compile(r"^\d+\. .* — Feld \d+$"),
           "map": "Deutschlandkarte mit dem Spielraster", "marked": "Markierter Bereich: ",
           "places": re.compile(r"\b(Der Ort|Die Orte) der Karte (ist|sind) markiert\b"),
           "legend": ["Behaltene Karten:", "Gelb · Großstadt", "Rot · Stadt",
                      "Blau · Gewässer & Landschaft"],
           "ew": {"O": ("Ost", "O"), "W": ("West", "W")},
           "bands": {"N": "Nord", "M": "Mitte", "S": "Süd"},
           "sector": "Sektor", "section": "Abschnitt",
           "game": re.compile(r"\bFeld \d+\b|Tipp abgeben|Karte nehmen|, wo liegt das\?|"
                              r"Markierter Bereich|\bTipp: ")},
}
W = WORDS[LANG]
KEY_LEFT, KEY_UP, KEY_RIGHT, KEY_DOWN = 0xff51, 0xff52, 0xff53, 0xff54
# The keyboard cursor of a new board: the half-degree cell at 51°N 10°E (minden-board.c).
MIDDLE = (102, 20)


def tip_long(stones):
    """A tip as a screen reader hears it: "East, Middle, sector 1, section C"."""
    text = W["ew"][stones[0]][0]
    if len(stones) >= 2:
        text += ", " + W["bands"][stones[1]]
    if len(stones) >= 3:
        text += ", %s %s" % (W["sector"], stones[2])
    if len(stones) >= 4:
        text += ", %s %s" % (W["section"], stones[3])
    return text


def tip_short(stones):
    """A tip as the players list writes it: "E · M · 1 · C"."""
    return " · ".join([W["ew"][stones[0]][1]] + list(stones[1:]))


def names_tip(text, label):
    """Whether text names the region label, not only a larger region that starts alike
    ("East, Middle" in "East, Middle, sector 5")."""
    return re.search(re.escape(label) + r"(?!,| ·)", text) is not None


with open(os.path.join(HERE, "..", "..", "data", "minden-cards.json"), encoding="utf-8") as f:
    PLACES = {c["name_" + LANG]: c["solutions"][0] for c in json.load(f)["cards"]}


class Minden:
    """The people's side of the game: take the card on offer, tip with the map's keyboard
    cursor, go on after each scoring; and what each person must not see."""

    def __init__(self):
        self.decisions = 0
        self.tips = 0
        self.viewer = None
        self.hand_over = None
        self.placed = {}        # person -> (round, what the map said they marked)
        self.secrets_checked = 0
        self.formats_checked = 0
        self.cursor_checks = 0
        self.revealed = set()   # (person, round) whose tip the scoring showed
        self.ctrl_enter = 0     # tips placed by Ctrl+Enter with the focus on the map

    def decide(self, page):
        done = self._decide(page)
        if done:
            self.decisions += 1
        return done

    # -------------------------------------------------------------------- looking
    def tip_title(self, page):
        """Who is asked to tip, when the page asks a person that."""
        for n in e.find_all(page, "label", W["where"], True):
            # (The label may change between the two looks.)
            m = W["where"].match(e.name_of(n))
            if m and e.shown(n):
                return m.group(1)
        return None

    def board(self, page):
        return e.wait_for(lambda: e.find(page, "image", W["map"], True), 5, "the map")

    def marked(self, board):
        """The region the map has marked, as its description says, or None."""
        e._safe(board.clear_cache)
        d = e._safe(board.get_description, "") or ""
        return d[len(W["marked"]):] if d.startswith(W["marked"]) else None

    def focus_map(self, board):
        """Tab until the map has the focus, as a person walks the page."""
        for _ in range(16):
            e._safe(board.clear_cache)
            if "focused" in e.states(board):
                return
            e.key(e.KEY_TAB)
            try:
                e.wait_for(lambda: e._safe(board.clear_cache) or "focused" in e.states(board),
                           1, "the focus on the map")
            except e.StepFailed:
                continue
        raise e.StepFailed("Tab never reached the map")

    def secrets(self, viewer):
        """The tips placed in this round so far by every seat but viewer, from the saved
        game: {name: stones}. Each person's also checks the test's own writing of a tip
        against what the map said when the person marked it."""
        saved = self.hand_over.saved() if self.hand_over else None
        if not saved or saved.get("state", {}).get("phase") != "tip":
            return {}
        state = saved["state"]
        out = {}
        for p, seat in zip(saved.get("players", []), state.get("seats", [])):
            stones = seat.get("tip") or []
            if not stones or seat.get("scored"):
                continue
            placed = self.placed.get(p["name"])
            if placed and placed[0] == state.get("round"):
                if tip_long(stones) != placed[1]:
                    raise e.StepFailed("the test writes %s's tip %s as %r, the map said %r"
                                       % (p["name"], stones, tip_long(stones), placed[1]))
                self.formats_checked += 1
            if p["name"] != viewer:
                out[p["name"]] = stones
        return out

    def leak(self, window, text, viewer):
        """Under the cover (viewer None): nothing of the game, no tip of this round. The
        person now looking: no tip of another seat anywhere in the tree, and the map's cursor
        where a new board has it."""
        if viewer is None:
            m = W["game"].search(text)
            if m:
                return repr(m.group(0))
            if self.hand_over.covers == 2:
                self.hand_over.app.screenshot("privacy-cover-%s.png" % LANG)
        else:
            page = e.game_page(self.hand_over.app)
            e.wait_for(lambda: self.tip_title(page) == viewer, 10, viewer + "'s turn to tip")
            text = e.tree_text(window)
        for who, stones in self.secrets(viewer).items():
            self.secrets_checked += 1
            for label in (tip_long(stones), tip_short(stones)):
                # A tip of one stone is a word the tip board always shows ("East").
                if len(stones) > 1 and names_tip(text, label):
                    return "%s's tip %r" % (who, label)
        if viewer is not None:
            return self.probe_cursor(page, viewer)
        return None

    def probe_cursor(self, page, viewer):
        """The person's first Enter on the map marks where its keyboard cursor is: the
        middle, not the cell the person before tipped (issue 10)."""
        board = self.board(page)
        if self.marked(board) is not None:
            return "the map marks %r before %s did anything" % (self.marked(board), viewer)
        self.focus_map(board)
        e.key(e.KEY_ENTER)
        here = e.wait_for(lambda: self.marked(board), 5, "the map to mark the cursor's cell")
        self.cursor_checks += 1
        if here != self.middle():
            whose = [w for w, (r, t) in self.placed.items() if t == here and w != viewer]
            return "the map's cursor on %r%s, not in the middle (%r)" % (
                here, " (%s's tip)" % whose[0] if whose else "", self.middle())
        return None

    def middle(self):
        return tip_long(self.stones_of_cell(*MIDDLE))

    @staticmethod
    def stones_of_cell(hlat, hlon):
        """The four stones of a half-degree cell (minden-grid.c)."""
        dlat, dlon = hlat // 2, hlon // 2
        east = dlon >= 10
        band = "N" if dlat >= 52 else "M" if dlat >= 50 else "S"
        top = {"N": 55, "M": 52, "S": 50}[band]
        sector = (top - 1 - dlat) * 5 + dlon - (10 if east else 5) + 1
        section = "ABCD"[(0 if hlat % 2 else 2) + (hlon % 2)]
        return ["O" if east else "W", band, str(sector), section]

    # -------------------------------------------------------------------- playing
    def choosing(self, page):
        """Who is asked to choose a card, or None."""
        n = e.find(page, "label", W["choose"], True)
        return e.text_of(n) if n is not None and e.shown(n) else None

    def _decide(self, page):
        buttons = e.Buttons(page)
        take = buttons.get(W["take"])
        if take is not None:
            who = self.choosing(page)
            e.press(take, settle=0.1)
            # Once: a second press would take a card for the next person.
            e.wait_for(lambda: self.choosing(page) != who, 10, "the card taken")
            return "took a card"
        who = self.tip_title(page)
        if who is not None:
            if who != self.viewer:
                raise e.StepFailed("the page asks %s to tip, but the screen was passed to %s"
                                   % (who, self.viewer))
            return self.tip(page, who)
        cont = buttons.get(W["continue"])
        if cont is not None:
            self.check_revealed(page)
            if e.press_if_there(cont):
                return "continue"
        return None

    def check_revealed(self, page):
        """RULES.md: the tips are revealed together when the scoring begins. The players list
        says each person's tip of the round as the leak checks look for it."""
        rows = "\n".join(e.name_of(n) for n in e.find_all(page, "label", W["row"], True))
        round_ = self.round(page)
        for who, (r, label) in self.placed.items():
            if r == round_ and (who, r) not in self.revealed and names_tip(rows, label):
                self.revealed.add((who, r))

    def card_place(self, page):
        """The half-degree cell of the place on the card to tip."""
        for n in e.find_all(page, "panel", W["card"], True):
            name = e.name_of(n)
            for place, where in PLACES.items():
                if name.startswith(place + ", "):
                    return (min(max(int(where["lat"] * 2 // 1), 94), 109),
                            min(max(int(where["lon"] * 2 // 1), 10), 29))
        raise e.StepFailed("no card to tip on the page")

    def tip(self, page, who):
        board = self.board(page)
        hlat, hlon = self.card_place(page)
        if (hlat, hlon) == MIDDLE:
            # The middle is where the next person's cursor starts: a tip there would not
            # tell whether it stayed on this one's cell.
            hlon += 1
        if self.marked(board) != self.middle():
            raise e.StepFailed("%s's tip: the map's cursor was not tried after the cover" % who)
        self.focus_map(board)
        # The cursor is where the probe left it, in the middle.
        for keysym, n in ((KEY_UP, hlat - MIDDLE[0]), (KEY_DOWN, MIDDLE[0] - hlat),
                          (KEY_RIGHT, hlon - MIDDLE[1]), (KEY_LEFT, MIDDLE[1] - hlon)):
            for _ in range(max(n, 0)):
                e.key(keysym)
        e.key(e.KEY_ENTER)
        want = tip_long(self.stones_of_cell(hlat, hlon))
        e.wait_for(lambda: self.marked(board) == want, 5, "the map to mark %r" % want)
        round_ = self.round(page)
        if self.tips % 2 == 1:
            # Issue 36: Ctrl+Enter places the tip wherever the focus is on the page; the map
            # that has it (its Enter marks a cell) took the key for itself.
            e._safe(board.clear_cache)
            if "focused" not in e.states(board):
                raise e.StepFailed("the map lost the focus when %s marked a cell" % who)
            how = "Ctrl+Enter on the map"
            e.key(e.KEY_ENTER, e.CONTROL_MASK)
            self.ctrl_enter += 1
        else:
            # Below the side pane's visible part in German at 1180×780: a screen reader
            # needs no scrolling.
            how = "Place Tip"
            e.press(e.button(page, W["place"], timeout=5, hit_test=False), settle=0.1)
        e.wait_for(lambda: self.tip_title(page) != who, 10, "%s's tip placed by %s" % (who, how))
        self.placed[who] = (round_, want)
        self.tips += 1
        return "%s tipped %s" % (who, want)

    def round(self, page):
        n = e.find(page, "label", W["round"], True)
        m = W["round"].match(e.text_of(n)) if n else None
        return int(m.group(1)) if m else None

    # -------------------------------------------------------------------- the test's questions
    def human_turn(self, page):
        return e.Buttons(page).get(W["take"]) is not None or self.tip_title(page) is not None

    def quit_point(self, page):
        """A person looks at their tip while another seat's tip of the round is secret: the
        game must go on behind the same person's cover, with that tip still hidden."""
        who = self.tip_title(page)
        return who is not None and bool(self.secrets(who))

    def progress(self, page):
        """The round, what the person is asked, the cards on the page and the players list
        (position, the card in front of each, kept cards, swap tokens, tip placed)."""
        round_ = e.find(page, "label", W["round"], True)
        title = e.find(page, "label", re.compile(W["where"].pattern + "|" +
                                                 W["choose"].pattern), True)
        cards = []
        for c in e.find_all(page, None, W["card"], True):
            # A card button holds a panel of the same name: each card once.
            if e.name_of(c) not in cards and e.shown(c):
                cards.append(e.name_of(c))
        rows = [e.text_of(n).replace("\n", " / ")
                for n in e.find_all(page, "label", W["row"], True)]
        return "%s; %s; %s; %s" % (e.text_of(round_) if round_ else None,
                                   e.text_of(title) if title else None, ", ".join(cards),
                                   " | ".join(rows))

    def over(self, page):
        return any(e.WORDS[LANG]["winner"].search(e.text_of(n))
                   for n in e.find_all(page, "label", None, True))

    def at_end(self, page):
        """Issue 36: the winner screen is about the track. The map no longer marks the last
        round's region or the card's places, and the legend still names the colours of
        the kept cards ("☼ 0 ⌂ 0 ≈ 0" in the player rows)."""
        board = self.board(page)
        e._safe(board.clear_cache)
        d = e._safe(board.get_description, "") or ""
        if self.marked(board) is not None or W["places"].search(d):
            raise e.StepFailed("the winner screen's map still marks the last round: %r" % d)
        legend = next((e.name_of(n) for n in e.find_all(page, "label", None, True)
                       if e.name_of(n).startswith(W["legend"][0])), "")
        missing = [w for w in W["legend"] if w not in legend]
        if missing:
            raise e.StepFailed("the legend of the kept cards lacks %s" % missing)
        e.log("the winner screen: the map marks nothing; the legend names %s"
              % ", ".join(W["legend"][1:]))

    def ranking(self, page):
        lines = []
        for n in e.find_all(page, "label", None, True):
            lines += [line for line in e.text_of(n).split("\n") if W["ranking"].match(line)]
        return lines


def run():
    minden = Minden()
    hand_over = e.play_through(GAME, "minden", LINEUP, "Anna", minden, warmup=6, lang=LANG)
    e.log("%d tips by two people behind %d covers (%d by Ctrl+Enter on the map); %d secret "
          "tips looked for, the test's writing of a tip checked %d times against the map and "
          "%d times against the scoring, the map's cursor %d times"
          % (minden.tips, hand_over.covers, minden.ctrl_enter, minden.secrets_checked,
             minden.formats_checked, len(minden.revealed), minden.cursor_checks))
    if hand_over.covers < 6 or minden.secrets_checked < 6 or minden.formats_checked < 3 or \
            len(minden.revealed) < 3 or minden.cursor_checks < 6 or minden.ctrl_enter < 2:
        raise e.StepFailed("too few hand-overs were checked")


if __name__ == "__main__":
    sys.exit(e.main(run))
