/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a finished Minden game adds to the history of games (issue 15): per seat the tips by
 * stones (1–4), the right ones by stones, and the cards kept by colour, all read off the
 * round history and the kept piles the model keeps anyway. */
#include "config.h"

#include "minden-game-private.h"

static void add_ints(JsonBuilder *b, const guint *values, guint n)
{
    json_builder_begin_array(b);
    for (guint i = 0; i < n; i++)
        json_builder_add_int_value(b, values[i]);
    json_builder_end_array(b);
}

JsonNode *_minden_game_record(LpGame *game)
{
    MindenGame *self = MINDEN_GAME(game);
    g_autoptr(JsonBuilder) b = json_builder_new();

    json_builder_begin_object(b);
    json_builder_set_member_name(b, "option");
    json_builder_add_boolean_value(b, self->purple);
    json_builder_set_member_name(b, "figures");
    json_builder_begin_array(b);
    for (guint s = 0; s < self->n_seats; s++) {
        guint tips[MINDEN_MAX_STONES] = {0};
        guint right[MINDEN_MAX_STONES] = {0};

        for (guint i = 0; i < minden_game_get_history_length(self); i++) {
            const MindenScoredTip *t = minden_game_get_history_entry(self, i);
            if (t->seat != s || t->tip.n_stones < 1 || t->tip.n_stones > MINDEN_MAX_STONES)
                continue;
            tips[t->tip.n_stones - 1]++;
            if (t->right)
                right[t->tip.n_stones - 1]++;
        }
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "tips");
        add_ints(b, tips, MINDEN_MAX_STONES);
        json_builder_set_member_name(b, "right");
        add_ints(b, right, MINDEN_MAX_STONES);
        json_builder_set_member_name(b, "kept");
        json_builder_begin_object(b);
        for (guint c = 0; c < MINDEN_N_COLOURS; c++) {
            json_builder_set_member_name(b, minden_colour_to_string(c));
            json_builder_add_int_value(b, minden_game_count_kept(self, s, c));
        }
        json_builder_end_object(b);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}
