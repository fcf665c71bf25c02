/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Where were they?" for Auf Achse (issue 15). Its cards carry kilometres, never a place: a
 * route of 80, 90 and 120 km starts and ends nowhere in particular, and any town we put on
 * the map for it would be made up. So the view shows no marks, says why, and lists each
 * player's kilometres stage by stage. */
#include "config.h"

#include <glib/gi18n.h>

#include "aa-game-private.h"
#include "lp-place.h"

LpPlaceList *aa_game_where_places(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    LpPlaceList *list = lp_place_list_new();
    guint n_seats = lp_game_get_n_players(game);
    guint n_scored = aa_game_get_n_scored(self);

    lp_place_list_set_note(list, _("Auf Achse cards carry kilometres, not places, so this game "
                                   "has nothing to show on the map. This is how far everyone "
                                   "drove."));
    for (guint s = 0; s < n_seats; s++) {
        LpPlayer *player = lp_game_get_player(game, s);
        lp_place_list_add_group(list, lp_player_get_display_name(player), lp_player_get_colour(player));
        GString *stages = g_string_new(NULL);
        for (guint stage = 1; stage <= n_scored; stage++) {
            if (stage > 1)
                g_string_append(stages, " + ");
            g_string_append_printf(stages, "%d", aa_game_get_stage_score(self, stage, s));
        }
        g_autofree char *sum = g_string_free(stages, FALSE);
        g_autofree char *line = NULL;
        int total = aa_game_get_total_score(self, s);
        if (n_scored > 1)
            /* Translators: a player's kilometres per stage and in all: "Anna: 120 + 80 + 95 =
             * 295 km". */
            line = g_strdup_printf(_("%s: %s = %d km"), lp_player_get_display_name(player), sum, total);
        else
            /* Translators: a player's kilometres after one stage or none: "Anna: 120 km". */
            line = g_strdup_printf(_("%s: %d km"), lp_player_get_display_name(player), total);
        lp_place_list_add_line(list, line);
    }
    return list;
}
