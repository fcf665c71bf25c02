/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Where were they?" for Minden (issue 15): every scored card at its solution and each
 * player's tip cell beside it, right or wrong, one group per player. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-place.h"
#include "minden-game-private.h"

/* The stones as the board shows them ("W · N · 3 · A"); the same words as minden-labels.c,
 * which belongs to the widgets. */
static char *tip_stones(const MindenTip *tip)
{
    GString *s = g_string_new(NULL);
    static const char *const letters[] = { "A", "B", "C", "D" };

    if (tip->n_stones >= 1)
        g_string_append(s, tip->east_west == MINDEN_EAST ? C_("minden stone", "E")
                                                         : C_("minden stone", "W"));
    if (tip->n_stones >= 2)
        g_string_append_printf(s, " · %s",
                               tip->band == MINDEN_NORTH    ? C_("minden stone", "N")
                               : tip->band == MINDEN_MIDDLE ? C_("minden stone", "M")
                                                            : C_("minden stone", "S"));
    if (tip->n_stones >= 3)
        g_string_append_printf(s, " · %d", tip->sector);
    if (tip->n_stones >= 4)
        g_string_append_printf(s, " · %s", letters[CLAMP(tip->section, 0, 3)]);
    return g_string_free(s, FALSE);
}

static char *card_title(const MindenCard *card)
{
    const char *town = minden_card_get_town(card);

    if (town != NULL)
        /* Translators: a sight and the town it is in, "Hermannsdenkmal (Detmold)". */
        return g_strdup_printf(C_("minden sight", "%s (%s)"), minden_card_get_name(card), town);
    return g_strdup(minden_card_get_name(card));
}

LpPlaceList *_minden_game_where_places(LpGame *game)
{
    MindenGame *self = MINDEN_GAME(game);
    MindenDeck *deck = minden_game_get_deck(self);
    LpPlaceList *list = lp_place_list_new();
    guint n_seats = lp_game_get_n_players(game);

    for (guint s = 0; s < n_seats; s++) {
        LpPlayer *player = lp_game_get_player(game, s);
        lp_place_list_add_group(list, lp_player_get_display_name(player), lp_player_get_colour(player));
    }

    guint n = minden_game_get_history_length(self);
    for (guint i = 0; i < n; i++) {
        const MindenScoredTip *entry = minden_game_get_history_entry(self, i);
        const MindenCard *card = minden_deck_get_card(deck, entry->card);
        const char *who = lp_player_get_display_name(lp_game_get_player(game, entry->seat));
        LpPlaceState state = entry->right ? LP_PLACE_RIGHT : LP_PLACE_WRONG;
        g_autofree char *title = card_title(card);
        g_autofree char *stones = tip_stones(&entry->tip);

        /* The card where it lies: the solution point inside the tip when it was right, so
         * the mark sits in the tipped cell; the others of a river or a region beside it. */
        guint main = 0;
        for (guint p = 0; entry->right && p < card->n_solutions; p++) {
            if (minden_tip_contains_point(&entry->tip, card->solutions[p].lat,
                                          card->solutions[p].lon)) {
                main = p;
                break;
            }
        }
        LpPlace *place = lp_place_list_add(list, title, card->solutions[main].lat,
                                           card->solutions[main].lon, entry->seat, state);
        for (guint p = 0; p < card->n_solutions; p++) {
            if (p != main)
                lp_place_add_point(place, card->solutions[p].lat, card->solutions[p].lon);
        }
        const char *fact = minden_card_get_fact(card);
        g_autofree char *facts = NULL;
        if (fact != NULL)
            /* Translators: below a card's fact, who tipped where: "Anna tipped W · N · 3 · A." */
            facts = g_strdup_printf(_("%s\n%s tipped %s."), fact, who, stones);
        else
            facts = g_strdup_printf(_("%s tipped %s."), who, stones);
        lp_place_set_facts(place, facts);
        /* Translators: whose card a place on the map was, "Anna's card". */
        g_autofree char *label = g_strdup_printf(_("card of %s"), who);
        lp_place_set_label(place, label);

        /* The tipped cell as a rectangle of the grid. */
        double south, north, west, east;
        minden_tip_region(&entry->tip, &south, &north, &west, &east);
        g_autofree char *tip_name = NULL;
        /* Translators: a tipped region on the map: the stones, then the card, "W · N · 3 · A
         * for Minden". */
        tip_name = g_strdup_printf(_("%s for %s"), stones, title);
        LpPlace *cell = lp_place_list_add_area(list, tip_name, south, north, west, east,
                                               entry->seat, state);
        g_autofree char *cell_facts = g_strdup_printf(
            g_dngettext(GETTEXT_PACKAGE, "%s tipped with %d stone.", "%s tipped with %d stones.",
                        entry->tip.n_stones),
            who, entry->tip.n_stones);
        lp_place_set_facts(cell, cell_facts);
        /* Translators: whose tip a region on the map was, "Anna's tip". */
        g_autofree char *cell_label = g_strdup_printf(_("tip of %s"), who);
        lp_place_set_label(cell, cell_label);
        guint n_places = lp_place_list_get_n_places(list);
        lp_place_list_link(list, n_places - 2, n_places - 1);
    }
    if (n == 0)
        lp_place_list_set_note(list, _("No tip has been scored yet, so there is nothing to show "
                                       "on the map."));
    return list;
}
