/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a finished Auf Achse game adds to the history of games (issue 15): per seat the
 * kilometres of each stage and the longest scoring route (the most cards that counted in
 * one stage); and the "longest" of a save, so that a continued game counts from where it
 * stopped. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aa-game-private.h"
#include "lp-json.h"

JsonNode *aa_game_record(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    g_autoptr(JsonBuilder) b = json_builder_new();

    json_builder_begin_object(b);
    json_builder_set_member_name(b, "option");
    json_builder_add_boolean_value(b, FALSE);
    json_builder_set_member_name(b, "figures");
    json_builder_begin_array(b);
    for (guint s = 0; s < self->n; s++) {
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "stages");
        json_builder_begin_array(b);
        for (guint i = 0; i < self->n_scored; i++)
            json_builder_add_int_value(b, self->scores[i][s]);
        json_builder_end_array(b);
        json_builder_set_member_name(b, "longest");
        json_builder_add_int_value(b, self->longest[s]);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

/* {"longest": [per seat]}: an object, not a list per seat, so that nobody takes it for
 * something a seat holds (the e2e tests watch those lists while a person is away). */
JsonNode *aa_game_save_longest(AaGame *self)
{
    /* Built directly: every view a computer player decides on carries it. */
    JsonArray *longest = json_array_sized_new(self->n);
    for (guint s = 0; s < self->n; s++)
        json_array_add_int_element(longest, self->longest[s]);
    JsonObject *obj = json_object_new();
    json_object_set_array_member(obj, "longest", longest);
    JsonNode *node = json_node_init_object(json_node_alloc(), obj);
    json_object_unref(obj);
    return node;
}

static gboolean longest_error(GError **error)
{
    g_set_error_literal(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        /* Translators: a damaged save; “longest” is the member's name. */
                        _("“longest” must hold one number per player"));
    return FALSE;
}

gboolean aa_game_load_longest(AaGame *self, JsonObject *state, GError **error)
{
    JsonObject *figures = NULL;
    JsonArray *array = NULL;
    guint read[AA_MAX_PLAYERS] = {0};

    if (!json_object_has_member(state, "figures"))
        return TRUE; /* a save from before issue 15: the game counts from here */
    if (!lp_json_get_object(state, "figures", &figures, error) ||
        !lp_json_get_array(figures, "longest", &array, error))
        return FALSE;
    if (json_array_get_length(array) != self->n)
        return longest_error(error);
    for (guint s = 0; s < self->n; s++) {
        gint64 v;
        /* Nothing has scored before the first stage's end. */
        if (!lp_json_array_get_int(array, s, "longest", 0, self->n_scored > 0 ? AA_N_CARDS : 0,
                                   &v, error))
            return FALSE;
        read[s] = (guint)v;
    }
    memcpy(self->longest, read, sizeof read);
    return TRUE;
}
