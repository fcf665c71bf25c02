/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The texts of the lessons (data/lessons/*.json) for xgettext. Written by
 * build-aux/lesson-strings; do not edit. Only xgettext reads this file: lp-lesson.c
 * translates the texts from the lesson files at run time. */

#define N_(s) s

static const char *const lesson_strings[] = {
    /* Translators: a player's name in the lesson aufachse.json. */
    N_("You"),
    /* Translators: a player's name in the lesson aufachse.json. */
    N_("Grandma"),
    /* Translators: step 1 of the lesson aufachse.json (a callout on the game page). */
    N_("Welcome to Auf Achse! Each of you builds a route of kilometre cards; after five stages the most kilometres win. These are the routes."),
    /* Translators: step 2 of the lesson aufachse.json (a callout on the game page). */
    N_("These are your ten hand cards: kilometre cards, rests and sometimes action cards. Nobody else sees them."),
    /* Translators: step 3 of the lesson aufachse.json (a callout on the game page). */
    N_("First your route: pick a card and press Add to Route. It goes face down to the right end of your route."),
    /* Translators: step 4 of the lesson aufachse.json (a callout on the game page). */
    N_("Mind the breaks: a kilometre card not higher than the one before it, or an action card, starts your route anew, and only the part after the last break counts. So lay rising cards."),
    /* Translators: step 5 of the lesson aufachse.json (a callout on the game page). */
    N_("Now the kilometre counter: pick a card and press Put on Counter. Everybody puts one card there, face down."),
    /* Translators: step 6 of the lesson aufachse.json (a callout on the game page). */
    N_("The counter cards are turned over, the last one first. Kilometre cards add up; an action card acts on every route: −1 takes the last card back, +1 and +2 add cards, −50 takes 50 km off the counter."),
    /* Translators: step 7 of the lesson aufachse.json (a callout on the game page). */
    N_("The stage goal is in the top line: with two players the stage ends once the counter reaches 150 km. Then the routes are turned over and scored."),
    /* Translators: step 8 of the lesson aufachse.json (a callout on the game page). */
    N_("The scoreboard adds up each stage’s kilometres. That is the whole game! Play this game on against the computer, or set up a real game."),
    /* Translators: step 1 of the lesson buxtehude.json (a callout on the game page). */
    N_("Welcome to Ausgerechnet Buxtehude! This is the cross: a starting card in the middle and four arms, north, south, west and east. Every card you place must fit into it."),
    /* Translators: step 2 of the lesson buxtehude.json (a callout on the game page). */
    N_("This is your card. Where does the place lie compared with the starting card: further north or south, further west or east?"),
    /* Translators: step 3 of the lesson buxtehude.json (a callout on the game page). */
    N_("North and south: in the north arm each card lies further north than the card inside it, in the south arm further south. West and east work the same way."),
    /* Translators: step 4 of the lesson buxtehude.json (a callout on the game page). */
    N_("Click a gap in the arm where your card belongs, or walk the gaps with the arrow keys and press Enter, then Place at the Selected Gap."),
    /* Translators: step 5 of the lesson buxtehude.json (a callout on the game page). */
    N_("Now Grandma places her card. If you think it lies on the wrong side of its neighbour, press Wrong!; if it looks right, press No Objection."),
    /* Translators: step 6 of the lesson buxtehude.json (a callout on the game page). */
    N_("A right Wrong! wins a chip from the placer, and the card leaves the cross; a wrong one pays a chip to the placer. Here you see everybody’s chips."),
    /* Translators: step 7 of the lesson buxtehude.json (a callout on the game page). */
    N_("The chips nobody holds lie in the supply. When the supply pays and runs out, the richest player gives five chips back for a bonus card worth five."),
    /* Translators: step 8 of the lesson buxtehude.json (a callout on the game page). */
    N_("After every 15 cards comes an Intermezzo: everyone guesses how many cards of the cross lie wrong. A right guess wins two chips; then a new cross begins."),
    /* Translators: step 9 of the lesson buxtehude.json (a callout on the game page). */
    N_("That is the whole game! After 45 cards the most chips win. Play this game on against the computer, or set up a real game."),
    /* Translators: step 1 of the lesson minden.json (a callout on the game page). */
    N_("Welcome to Finden Sie Minden! Every card names a place in Germany. You guess where it lies on this map, and a right guess moves your figure forward."),
    /* Translators: step 2 of the lesson minden.json (a callout on the game page). */
    N_("These are this round’s cards. Whoever is furthest back chooses first; you are the youngest, so you begin. Select a card, then press Take Card."),
    /* Translators: step 3 of the lesson minden.json (a callout on the game page). */
    N_("Your tip is made of up to four stones: East or West, then North, Middle or South, then a numbered sector, then one of its four sections. Each stone says more exactly where the place lies."),
    /* Translators: step 4 of the lesson minden.json (a callout on the game page). */
    N_("The grid on the map shows the halves, the bands and the sectors. Click the square where you think your card’s place lies, or go there with the arrow keys and press Enter: that lays all four stones."),
    /* Translators: step 5 of the lesson minden.json (a callout on the game page). */
    N_("A right tip moves your figure one field per stone, so four stones go furthest, but a wrong tip moves it nowhere. Not sure? Take Off Last Stone for a wider region. Then press Place Tip."),
    /* Translators: step 6 of the lesson minden.json (a callout on the game page). */
    N_("Now the tips are scored, the one furthest back first. The map shows your region and where the card’s place really lies; here you read whether your tip was right."),
    /* Translators: step 7 of the lesson minden.json (a callout on the game page). */
    N_("This is the victory track. A right tip moves your figure forward; a field where another figure stands is skipped and not counted."),
    /* Translators: step 8 of the lesson minden.json (a callout on the game page). */
    N_("A right tip with enough stones keeps the card: four for yellow, three for red, two for blue. Your row shows the cards you kept; at the end, most cards of a colour and full sets move you further."),
    /* Translators: step 9 of the lesson minden.json (a callout on the game page). */
    N_("Next the computer’s tip is scored. Press Continue when you have seen it; then a new round begins."),
    /* Translators: step 10 of the lesson minden.json (a callout on the game page). */
    N_("That is the whole game! Rounds go on until a figure reaches field 40. Play this game on against the computer, or set up a real game."),
};
