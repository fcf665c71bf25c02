/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes an Auf Achse save in a chosen state into a save folder, for looking at the page with
 * many players and long routes: aa-demo-save DIR play|end|over|resolve N (N players, seat 0
 * human). "resolve": the counter pile is about to be turned over, a 70 km of seat 1 on top of
 * a free passage of seat 2, so that seat 0 is asked for an extra card next (issue 36, the
 * e2e test test-aufachse-resume.py). */
#include <stdlib.h>
#include <string.h>

#include "aa-test-util.h"
#include "lp-save-store.h"

static const char *const names[] = {"Anna", "Maximilian-Alexander", "Oma Gerda", "Ben", "Robo"};
static const char *const colours[] = {"#e01b24", "#3584e4", "#f6d32d", "#33d17a", "#9141ac"};

int main(int argc, char **argv)
{
    if (argc < 4) {
        g_printerr("usage: %s DIR play|end|over|resolve N\n", argv[0]);
        return 2;
    }
    guint n = CLAMP(atoi(argv[3]), 2, 5);
    const char *state = argv[2];
    /* Thirteen cards in every route: more than the page once showed without scrolling. */
    static const char *const routes[] = {
        "10 20 30 R 40 50 60 70 -1 80 90 100 110",
        "20 30 40 50 40 60 70 80 90 R R 100 120",
        "30 10 40 50 60 70 80 90 100 110 120 R 70",
        "40 50 60 70 80 +1 90 100 110 120 R 30 10",
        "50 60 70 80 90 100 110 120 10 20 30 40 R",
    };
    static const char *const hands[] = {
        "10 60 80 R -50 +1 90", "20 -1 100 110 +2", "-50 -1 +1 60 R", "-50 +1 -1 10 20",
        "R -50 -1 +1 +2 10 20",
    };
    gboolean resolve = g_str_equal(state, "resolve");
    AaTestTable t = {
        .n_players = n,
        .kinds = "hnnnn",
        .phase = g_str_equal(state, "play") ? "play" : g_str_equal(state, "end") ? "stage-end"
                                                     : resolve                   ? "resolve"
                                                                                 : "over",
        .stage = g_str_equal(state, "over") ? 5 : 1,
        .counter = g_str_equal(state, "play") ? "110 -50 50" : resolve ? "" : "110 50 120",
        .rest_to_discard = FALSE,
        .play_index = resolve ? n : 0,
        .pile = resolve ? "+1 70" : NULL,
        .pile_owners = resolve ? "21" : NULL,
    };
    for (guint s = 0; s < n; s++) {
        t.routes[s] = routes[s];
        t.hands[s] = hands[s];
    }
    GString *scores = g_string_new("[");
    guint stages = g_str_equal(state, "play") || resolve ? 0 : g_str_equal(state, "end") ? 1 : 5;
    for (guint st = 0; st < stages; st++) {
        g_string_append(scores, st > 0 ? ", [" : "[");
        for (guint s = 0; s < n; s++)
            g_string_append_printf(scores, "%s%u", s > 0 ? ", " : "", 100 + 37 * s + 11 * st);
        g_string_append(scores, "]");
    }
    g_string_append(scores, "]");
    t.scores = scores->str;

    JsonNode *st = aa_test_state_from_table(&t);
    g_autoptr(JsonNode) root = aa_test_envelope(n, t.kinds, st);
    JsonArray *players = json_object_get_array_member(json_node_get_object(root), "players");
    for (guint s = 0; s < n; s++) {
        JsonObject *p = json_array_get_object_element(players, s);
        json_object_set_string_member(p, "name", names[s]);
        json_object_set_string_member(p, "colour", colours[s]);
    }
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = lp_game_restore(AA_TYPE_GAME, root, &error);
    if (game == NULL) {
        g_printerr("%s: %s\n", argv[0], error->message);
        return 1;
    }
    g_autoptr(LpSaveStore) store = lp_save_store_new(argv[1]);
    if (!lp_save_store_write(store, game, &error)) {
        g_printerr("%s: %s\n", argv[0], error->message);
        return 1;
    }
    g_string_free(scores, TRUE);
    return 0;
}
