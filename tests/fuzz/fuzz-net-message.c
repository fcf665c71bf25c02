/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz entry point for a message from another device (issue 31, docs/protocol.md): read as
 * the host reads it (lp_net_message_parse, then a join's name and code, an action through
 * lp_game_apply_action on each game) and as a client reads a host's view (a mirror through
 * lp_game_mirror_new). A refused action leaves the game's save unchanged, byte for byte. */
#include "fuzz-common.h"

#include <string.h>

#include "lp-games.h"
#include "lp-json.h"
#include "lp-net-protocol.h"

/* A game of kind, dealt from a fixed seed and played some steps on: a state in the middle. */
static LpGame *game_in_play(const LpGameRules *rules, guint steps)
{
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < 3; i++) {
        g_autofree char *name = g_strdup_printf("Seat %u", i + 1);
        g_ptr_array_add(seats, lp_player_new(name, LP_AGE_UNKNOWN, colours[i].hex,
                                             i == 0 ? LP_PLAYER_HUMAN : LP_PLAYER_COMPUTER,
                                             LP_LEVEL_NORMAL));
    }
    g_autoptr(GError) error = NULL;
    LpGame *game = lp_game_new_of_type(rules->get_type(), seats, 7, FALSE, &error);
    if (game == NULL)
        fuzz_fail("cannot deal: %s", error->message);
    for (guint i = 0; i < steps && lp_game_computer_step(game, rules->computer_move); i++)
        ;
    return game;
}

static void try_action(JsonNode *action, gint64 seat_hint)
{
    guint n_games;
    const LpGameRules *const *games = lp_games(&n_games);
    for (guint g = 0; g < n_games; g++) {
        g_autoptr(LpGame) game = game_in_play(games[g], 5 + (guint)(seat_hint % 7));
        if (!lp_game_supports_views(game))
            continue;
        g_autofree char *before = lp_game_save_to_data(game, NULL);
        guint seat = (guint)(seat_hint % 4);
        g_autoptr(GError) error = NULL;
        if (!lp_game_apply_action(game, seat, action, &error)) {
            fuzz_check_refusal(error, "a refused action");
            g_autofree char *after = lp_game_save_to_data(game, NULL);
            if (strcmp(before, after) != 0)
                fuzz_fail("a refused action changed the game");
        }
    }
}

static void try_view(JsonNode *view)
{
    guint n_games;
    const LpGameRules *const *games = lp_games(&n_games);
    for (guint g = 0; g < n_games; g++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) mirror = lp_game_mirror_new(games[g]->get_type(), view, &error);
        if (mirror == NULL) {
            fuzz_check_refusal(error, "a refused view");
            continue;
        }
        /* A mirror that loaded answers its getters and a view of its own. */
        lp_game_is_over(mirror);
        lp_game_get_current_seat(mirror);
        lp_game_get_computer_seat(mirror);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_init();
    const char *type = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = lp_net_message_parse((const char *)data, size, &type, &error);
    if (root == NULL) {
        fuzz_check_refusal(error, "a refused message");
        return 0;
    }
    JsonObject *msg = json_node_get_object(root);
    const char *text = NULL;
    if (json_object_has_member(msg, "name") && lp_json_get_string(msg, "name", &text, NULL)) {
        g_autofree char *name = lp_net_clean_name(text);
        fuzz_check_text(name, LP_NET_MAX_NAME, "a name from another device");
    }
    if (json_object_has_member(msg, "code") && lp_json_get_string(msg, "code", &text, NULL))
        lp_net_code_is_valid(text);
    if (g_str_equal(type, "action")) {
        gint64 hint = (gint64)size;
        try_action(json_object_get_member(msg, "action"), hint);
    } else if (g_str_equal(type, "view")) {
        try_view(json_object_get_member(msg, "view"));
    }
    return 0;
}
