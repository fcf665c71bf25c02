/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A minimal game for the shell's tests: seats only, no rules. */
#include "lp-test-game.h"

struct _LpTestGame {
    LpGame parent_instance;
};

G_DEFINE_FINAL_TYPE(LpTestGame, lp_test_game, LP_TYPE_GAME)

static JsonNode *save_state(LpGame *game)
{
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, json_object_new());
    return node;
}

static gboolean load_state(LpGame *game, JsonNode *state, GError **error)
{
    return TRUE;
}

static void lp_test_game_class_init(LpTestGameClass *klass)
{
    LpGameClass *game_class = LP_GAME_CLASS(klass);

    game_class->kind = "testgame";
    game_class->min_players = 1;
    game_class->max_players = 6;
    game_class->save_state = save_state;
    game_class->load_state = load_state;
}

static void lp_test_game_init(LpTestGame *self)
{
}

LpGame *lp_test_game_new(guint humans, guint computers)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(LpRng) rng = lp_rng_new(7);
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);

    for (guint i = 0; i < humans + computers; i++) {
        g_autofree char *name = g_strdup_printf("P%u", i + 1);
        g_ptr_array_add(players,
                        lp_player_new(name, 20 + (int)i, colours[i % n_colours].hex,
                                      i < humans ? LP_PLAYER_HUMAN : LP_PLAYER_COMPUTER,
                                      LP_LEVEL_NORMAL));
    }
    return g_object_new(LP_TYPE_TEST_GAME, "players", players, "rng", rng, NULL);
}
