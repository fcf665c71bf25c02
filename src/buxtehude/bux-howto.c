/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How to play Ausgerechnet Buxtehude, in plain words from RULES.md: the text of the how-to page. */
#include "config.h"

#include <glib/gi18n.h>

#include "bux-page.h"

/* RULES.md: Ausgerechnet Buxtehude. */
static const LpHowtoSection sections[] = {
    {N_("Setting up"),
     N_("Everybody starts with 4 chips; the rest of the 36 chips is the supply. The draw stack "
        "holds 45 place cards with an Intermezzo after the 15th and after the 30th card. One "
        "more card is laid out face up as the starting card of the cross.\n\n"
        "The youngest player begins, then play goes round the table in seat order.")},
    {N_("Your turn"),
     N_("Draw the top card. You see only its name; the coordinates on the back stay hidden. "
        "Put the card into one of the four arms of the cross: north, south, west or east of "
        "the starting card. You may put it at the outer end of an arm, right next to the "
        "starting card, or between two cards of an arm.\n\n"
        "Only the direction of the arm counts. In the north arm each card must lie at least as "
        "far north as the card on its inner side, in the south arm at least as far south, and "
        "likewise in the west and east arms. Equal values are correct.")},
    {N_("Wrong!"),
     N_("When a card has been placed, every other player may call “Wrong!”. People come "
        "first: the computer players decide at once, but a computer’s call counts only once "
        "every person has called or let the card stand. The first caller chooses one "
        "neighbour of the new card in its arm, and only this pair is checked.\n\n"
        "If the card really lies wrong, the caller takes a chip from the player who placed it "
        "and the card leaves the game. If it lies right, the player who placed it takes a chip "
        "from the caller. A player without chips pays nothing; the winner then takes a chip from "
        "the supply. When the supply runs out, the player with the most chips exchanges 5 chips "
        "for a card that left the game; it is worth 5 chips at the end.")},
    {N_("Intermezzo"),
     N_("When an Intermezzo card comes up, everybody secretly estimates how many cards of the "
        "cross lie wrong. Then each arm is checked from the starting card outward: every card "
        "is compared with the nearest card further in that is still in the cross, and a wrong "
        "card is set aside at once.\n\n"
        "Everybody who estimated the exact number gets 2 chips from the supply. If nobody did, "
        "the closest estimates get 1 chip each. Then the whole cross leaves the game, a new "
        "starting card is laid out, and the player who drew the Intermezzo takes a normal "
        "turn.")},
    {N_("End of the game"),
     N_("After the 45th card has been placed (and any “Wrong!” about it settled), a final "
        "scoring runs just like an Intermezzo. The most chips win; every exchanged card counts "
        "as 5 chips. Players with equal totals share the win.\n\n"
        "Tip: the option “Easy Deck” leaves out the hardest places, for first games and for "
        "children.")},
    {N_("Taking back a move"),
     N_("You may take back your own last moves with Undo in the header bar or Ctrl+Z, until "
        "another player acts or something hidden comes to light. A computer player’s move is "
        "never taken back. When people share one screen, the “Pass to” cover offers Take Back "
        "to the person who just acted, until the next person presses Show. Everyone reads who "
        "took back what.\n\n"
        "Something hidden comes to light when the next card is drawn, when a “Wrong!” is "
        "resolved and when the Intermezzo’s estimates are revealed and the cross is checked.")},
    {N_("On the screen"),
     N_("When two or more people play at one screen, the estimates of an Intermezzo are entered "
        "one person at a time behind a cover that says whose turn it is; nobody sees the others’ "
        "numbers before all are in.")},
};

const LpHowto bux_howto = {
    .intro = N_("Lay place cards of Germany in a cross, each in the right direction from the starting "
        "card. Catch the others’ mistakes, avoid your own, and collect the most chips."),
    .sections = sections,
    .n_sections = G_N_ELEMENTS(sections),
};
