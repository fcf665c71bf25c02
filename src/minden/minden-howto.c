/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How to play Finden Sie Minden, in plain words from RULES.md: the text of the how-to page. */
#include "config.h"

#include <glib/gi18n.h>

#include "minden-page.h"

/* RULES.md: Deutschland – Finden Sie Minden? */
static const LpHowtoSection sections[] = {
    {N_("The map"),
     N_("A grid lies over the map of Germany. The 10th meridian separates West (W) from East "
        "(O, for “Ost”). The 52nd and the 50th parallel separate North (N), Middle (M) and South "
        "(S).\n\n"
        "Each of the six areas is cut into sectors of one degree by one degree, numbered row "
        "by row from the north-west. Each sector has four sections: A north-west, B north-east, "
        "C south-west and D south-east. So “W, N, 10, B” names the small field in which Hamburg "
        "lies.")},
    {N_("A round"),
     N_("As many place cards are turned up as there are players. The player furthest back on "
        "the track chooses first, the others follow from back to front, and the leader takes "
        "the last card. At the start the youngest chooses first. Twice per game you may use a "
        "swap token: your chosen card leaves the game and you take the top card of the pile "
        "instead.\n\n"
        "Then everybody tips at the same time with 1 to 4 stones: East or West is required; "
        "then, if you dare, North, Middle or South, then the sector, then the section. Each "
        "stone needs all the stones before it.")},
    {N_("Scoring"),
     N_("From the back of the track to the front, each tip is shown on the map and then the "
        "solution of the card. A tip is right when a solution lies in the field that all your "
        "stones describe together. A right tip moves your figure as many fields as you placed "
        "stones; fields with other figures are jumped over and not counted.\n\n"
        "You keep the card when your tip was right and used enough stones: yellow big cities 4, "
        "red towns 3, blue waters and landscapes 2, purple sights 2. A single wrong stone means "
        "no fields and no card.")},
    {N_("End of the game"),
     N_("The game ends after the round in which a figure reaches or passes field 40, or when "
        "the pile cannot fill another round. The track goes on past 40 (41, 42 …), and "
        "occupied fields are jumped there too, so two figures never share a field once they "
        "have left the start. Then, colour by colour, the sole player with the most cards "
        "moves 3 fields and the sole second 2; several players sharing the lead move 2 each, "
        "and several sharing second place behind a sole leader move 1 each. Finally each set "
        "of one yellow, one red and one blue card (and one purple when purple is played) moves "
        "3 fields. The figure furthest ahead wins; only figures that never left the start "
        "field can share the win.\n\n"
        "Option: the purple sight cards (the expert variant) are harder, because you must know "
        "in which town a building stands.")},
    {N_("Taking back a move"),
     N_("You may take back your own last moves with Undo in the header bar or Ctrl+Z, until "
        "another player acts or something hidden comes to light. A computer player’s move is "
        "never taken back. When people share one screen, the “Pass to” cover offers Take Back "
        "to the person who just acted, until the next person presses Show. Everyone reads who "
        "took back what.\n\n"
        "A card chosen from the open offer and a tip may be taken back. A swap may not (it "
        "shows the top card of the pile), nor the last tip of a round: it reveals every tip "
        "and the scoring begins.")},
    {N_("On the screen"),
     N_("Tips are secret until scoring. When two or more people play at one screen, each of "
        "them enters the tip behind a cover that says whose turn it is.\n\n"
        "The red dots on the map are reference cities for orientation, as on the printed "
        "board; they are never cards. The card each player chose lies next to their name, "
        "and the cards they kept are shown as small stacks by colour. After scoring, right "
        "and wrong tips are marked, and the tip and the solution stay on the map until the "
        "next round.")},
    {N_("Keyboard"),
     N_("Choosing: the arrow keys or Tab move between the offered cards, Enter takes the "
        "highlighted card.\n\n"
        "Tipping: type W or E (O also works) for the first stone, then N, M or S, then the "
        "sector number (1 then 5 for 15), then A, B, C or D. Backspace takes the last stone "
        "off. On the map, the arrow keys move the cursor and Enter picks its section. "
        "Ctrl+Enter places the tip.")},
};

const LpHowto minden_howto = {
    .intro = N_("Say where in Germany a place lies, as precisely as you dare. The more precise a right "
        "tip, the further your figure moves; the round in which a figure reaches field 40 is "
        "the last."),
    .sections = sections,
    .n_sections = G_N_ELEMENTS(sections),
};
