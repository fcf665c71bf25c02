/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes a freshly dealt game of each named kind into a save folder, for screenshots of the
 * start page's Continue entries (data/screenshots/take-screenshots.py). */
#include "lp-game-ui.h"
#include "lp-save-store.h"

int main(int argc, char **argv)
{
    g_autoptr(LpSaveStore) store = NULL;
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);

    if (argc < 3) {
        g_printerr("usage: %s DIR KIND…\n", argv[0]);
        return 2;
    }
    store = lp_save_store_new(argv[1]);
    g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_HUMAN,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Ben", 11, "#3584e4", LP_PLAYER_HUMAN,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Oma Gerda", 72, "#f6d32d", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_NORMAL));
    for (int i = 2; i < argc; i++) {
        const LpGameUi *info = lp_game_ui_lookup(argv[i]);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) game = NULL;

        if (info == NULL) {
            g_printerr("%s: unknown game “%s”\n", argv[0], argv[i]);
            return 2;
        }
        game = lp_game_new_of_type(info->rules->get_type(), players, 2026, FALSE, &error);
        if (game == NULL || !lp_save_store_write(store, game, &error)) {
            g_printerr("%s: %s: %s\n", argv[0], argv[i], error->message);
            return 1;
        }
    }
    return 0;
}
