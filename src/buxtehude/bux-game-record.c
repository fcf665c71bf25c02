/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a finished Buxtehude game adds to the history of games (issue 15): per seat the cards
 * placed and placed right, the challenges called and won, the exact estimates; and the
 * figures' part of a save, so that a continued game counts from where it stopped. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bux-game-private.h"
#include "lp-json.h"

static void add_figures(JsonBuilder *b, const BuxFigures *f)
{
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "placed");
    json_builder_add_int_value(b, f->placed);
    json_builder_set_member_name(b, "right");
    json_builder_add_int_value(b, f->right);
    json_builder_set_member_name(b, "called");
    json_builder_add_int_value(b, f->called);
    json_builder_set_member_name(b, "won");
    json_builder_add_int_value(b, f->won);
    json_builder_set_member_name(b, "hits");
    json_builder_add_int_value(b, f->hits);
    json_builder_end_object(b);
}

JsonNode *bux_game_record(LpGame *game)
{
    BuxGame *self = BUX_GAME(game);
    g_autoptr(JsonBuilder) b = json_builder_new();

    json_builder_begin_object(b);
    json_builder_set_member_name(b, "option");
    json_builder_add_boolean_value(b, self->easy);
    json_builder_set_member_name(b, "figures");
    json_builder_begin_array(b);
    for (guint s = 0; s < lp_game_get_n_players(game); s++)
        add_figures(b, &self->figures[s]);
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

/* {"seats": [per seat]}: an object, not a list per seat, so that nobody takes the figures
 * for something a seat holds (the e2e tests watch those lists while a person is away, and an
 * Intermezzo scored meanwhile counts a hit). */
JsonNode *bux_game_save_figures(BuxGame *self)
{
    g_autoptr(JsonBuilder) b = json_builder_new();

    json_builder_begin_object(b);
    json_builder_set_member_name(b, "seats");
    json_builder_begin_array(b);
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(self)); s++)
        add_figures(b, &self->figures[s]);
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

static gboolean figures_error(GError **error)
{
    g_set_error_literal(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        /* Translators: a damaged save; “figures” is the member's name. */
                        _("“figures” does not fit the game"));
    return FALSE;
}

gboolean bux_game_load_figures(BuxGame *self, JsonObject *state, GError **error)
{
    guint n = lp_game_get_n_players(LP_GAME(self));
    JsonArray *array = NULL;
    BuxFigures read[BUX_MAX_SEATS] = {{0}};
    guint placed = 0;

    JsonObject *figures = NULL;
    if (!json_object_has_member(state, "figures"))
        return TRUE; /* a save from before issue 15: the game counts from here */
    if (!lp_json_get_object(state, "figures", &figures, error) ||
        !lp_json_get_array(figures, "seats", &array, error))
        return FALSE;
    if (json_array_get_length(array) != n)
        return figures_error(error);
    for (guint s = 0; s < n; s++) {
        JsonNode *node = json_array_get_element(array, s);
        gint64 v[5];
        static const char *const names[] = {"placed", "right", "called", "won", "hits"};

        if (!JSON_NODE_HOLDS_OBJECT(node))
            return figures_error(error);
        for (guint k = 0; k < G_N_ELEMENTS(names); k++) {
            if (!lp_json_get_int(json_node_get_object(node), names[k], 0, BUX_PLACE_CARDS,
                                 &v[k], error))
                return FALSE;
        }
        /* Right cards are placed cards, won challenges called ones; three scorings. */
        if (v[1] > v[0] || v[3] > v[2] || v[4] > 3)
            return figures_error(error);
        read[s] = (BuxFigures){(guint)v[0], (guint)v[1], (guint)v[2], (guint)v[3], (guint)v[4]};
        placed += read[s].placed;
    }
    if (placed > bux_game_get_n_placed(self))
        return figures_error(error);
    memcpy(self->figures, read, sizeof read);
    return TRUE;
}
