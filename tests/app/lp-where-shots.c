/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Not a test: plays a game of each named kind to its end with computers and saves its
 * "Where were they?" window as a PNG, for data/screenshots (issue 15). Usage:
 *   LANGUAGE=de LANDPARTIE_LOCALEDIR=… lp-where-shots OUT.png KIND [SEED]
 * or, to open the winner screen in the app, writes the finished game as a save:
 *   lp-where-shots --save DIR KIND [SEED] */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "lp-export.h"
#include "lp-games.h"
#include "lp-save-store.h"
#include "lp-where-view.h"

static gboolean done;

static gboolean take_shot(gpointer data)
{
    done = TRUE;
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv)
{
    const char *localedir = g_getenv("LANDPARTIE_LOCALEDIR");

    if (argc < 3) {
        g_printerr("usage: %s OUT.png KIND [SEED]\n", argv[0]);
        return 2;
    }
    setlocale(LC_ALL, "");
    if (g_getenv("LANGUAGE") != NULL && setlocale(LC_MESSAGES, NULL) != NULL &&
        g_str_equal(setlocale(LC_MESSAGES, NULL), "C"))
        setlocale(LC_MESSAGES, "C.UTF-8");
    bindtextdomain(GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
    bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
    textdomain(GETTEXT_PACKAGE);
    gtk_disable_setlocale();

    /* With --save, the arguments after it are one further on. */
    int o = g_str_equal(argv[1], "--save") ? 1 : 0;
    if (argc < 3 + o) {
        g_printerr("usage: %s OUT.png KIND [SEED]\n", argv[0]);
        return 2;
    }
    const LpGameRules *rules = lp_games_lookup(argv[2 + o]);
    if (rules == NULL) {
        g_printerr("%s: unknown game “%s”\n", argv[0], argv[2 + o]);
        return 2;
    }
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Ben", 11, "#3584e4", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Oma Gerda", 72, "#f6d32d", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_HARD));
    guint64 seed = argc > 3 + o ? g_ascii_strtoull(argv[3 + o], NULL, 10) : 2026;
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = lp_game_new_of_type(rules->get_type(), players, seed, FALSE, &error);
    if (game == NULL) {
        g_printerr("%s: %s\n", argv[0], error->message);
        return 1;
    }
    lp_game_run_computers(game, rules->computer_move);
    if (g_str_equal(argv[1], "--save")) {
        g_autoptr(LpSaveStore) store = lp_save_store_new(argv[2]);
        if (!lp_save_store_write(store, game, &error)) {
            g_printerr("%s: %s\n", argv[0], error->message);
            return 1;
        }
        return 0;
    }
    gtk_init();
    g_autoptr(LpPlaceList) places = lp_game_get_places(game);
    GtkWindow *window = lp_where_window_new(NULL, places, _(LP_GAME_GET_CLASS(game)->name));
    if (lp_place_list_get_n_places(places) > 0)
        gtk_window_set_default_size(window, 900, 660);
    gtk_window_present(window);

    GtkWidget *view = gtk_widget_get_first_child(gtk_window_get_child(window));
    /* A wrong place, if there is one, in focus: its card shows in the panel. */
    for (guint i = 0; i < lp_where_view_get_n_markers(LP_WHERE_VIEW(view)); i++) {
        if (lp_place_list_get_place(places, i)->state == LP_PLACE_WRONG) {
            gtk_widget_grab_focus(lp_where_view_get_marker(LP_WHERE_VIEW(view), i));
            break;
        }
    }
    g_timeout_add(1500, take_shot, NULL);
    while (!done)
        g_main_context_iteration(NULL, TRUE);

    g_autoptr(GFile) file = g_file_new_for_commandline_arg(argv[1]);
    if (!lp_export_widget_png(gtk_window_get_child(window), file, &error)) {
        g_printerr("%s: %s\n", argv[0], error->message);
        return 1;
    }
    gtk_window_destroy(window);
    return 0;
}
