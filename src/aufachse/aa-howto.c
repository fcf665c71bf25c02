/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How to play Auf Achse – Das Kartenspiel, in plain words from RULES.md: the text of the how-to page. */
#include "config.h"

#include <glib/gi18n.h>

#include "aa-page.h"

/* RULES.md: Auf Achse: Das Kartenspiel. */
static const LpHowtoSection sections[] = {
    {N_("The Cards"),
     N_("Kilometre cards from 10 to 120, rest cards, and four action cards: free passage (+1), "
        "step on the gas (+2), obstacle (−1) and lost cargo (−50). Everybody holds 10 cards. "
        "The youngest starts with the start card.\n\n"
        "A stage ends when the kilometre counter in the middle reaches 150, 200, 250 or 300 km "
        "for 2, 3, 4 or 5 players.")},
    {N_("A Round"),
     N_("First everybody adds one hand card face down to the right end of their own route. "
        "Then, beginning with the holder of the start card, everybody puts one card face down "
        "on the kilometre counter.\n\n"
        "The counter is resolved from the top, the last card first. Kilometre cards add their "
        "value, lost cargo takes 50 km away, a rest card does nothing. An obstacle makes "
        "everybody remove the last card of their route; free passage and step on the gas make "
        "everybody add one or two more cards to their route.\n\n"
        "If the counter now shows the goal or more, the stage ends. Otherwise everybody refills "
        "to 10 cards and the start card passes to the next player.")},
    {N_("Scoring a Route"),
     N_("At the end of a stage the routes are turned over. Only the part after the last break "
        "counts, and it is worth the sum of its kilometre cards. There is a break before a "
        "kilometre card that is not higher than the kilometre card before it, at every action "
        "card, and at a second rest card in a row. A single rest card is worth nothing and "
        "breaks nothing.\n\n"
        "Example: 30 50 40 60 60 70 90 is worth 60 + 70 + 90 = 220 km.")},
    {N_("End of the Game"),
     N_("Routes and counter cards are discarded after each stage; hands are kept and refilled. "
        "After five stages the highest total wins; equal totals share the win.")},
    {N_("Taking Back a Move"),
     N_("You may take back your own last moves with Undo in the header bar or Ctrl+Z, until "
        "another player acts or something hidden comes to light. A computer player’s move is "
        "never taken back. When people share one screen, the “Pass to” cover offers Take Back "
        "to the person who just acted, until the next person presses Show. Everyone reads who "
        "took back what.\n\n"
        "Something hidden comes to light when a route is turned over and scored, when a card "
        "is drawn and when a new stage is dealt.")},
    {N_("On the Screen"),
     N_("Hands and routes are face down. When two or more people play at one screen, each sees "
        "their own hand and route only behind a cover that says whose turn it is. Everybody "
        "sees the resolved counter cards and how many cards each route and hand holds.")},
};

const LpHowto aa_howto = {
    .intro = N_("Drive the longest route in five stages. You build your own route face down while "
        "everybody feeds the kilometre counter that decides when a stage ends."),
    .sections = sections,
    .n_sections = G_N_ELEMENTS(sections),
};
