/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Computer-only games on their real pages at a pace faster than any setting offers, to the
 * end and beyond: no GLib critical, and no timeout or idle of a page or the driver outlives
 * its game (QA saw criticals at the end of fast Minden games: a timer after its game). */
#include "lp-game-ui.h"
#include "lp-test-util.h"

typedef struct {
    gboolean over;
    gint64 last_action; /* monotonic time of the game's last completed action */
} Watch;

static void on_game_over(LpGame *game, Watch *watch)
{
    watch->over = TRUE;
}

static void on_action_completed(LpGame *game, Watch *watch)
{
    watch->last_action = g_get_monotonic_time();
}

static void play(const char *kind, guint seats, gboolean close_at_once)
{
    const LpGameUi *ui = lp_game_ui_lookup(kind);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    static const char *const names[] = {"Robo", "Oma", "Kim", "Uli", "Pia"};
    static const LpLevel levels[] = {LP_LEVEL_EASY, LP_LEVEL_NORMAL, LP_LEVEL_HARD};
    for (guint i = 0; i < seats; i++)
        g_ptr_array_add(players, lp_player_new(names[i], 30 + (int)i, "#3584e4",
                                               LP_PLAYER_COMPUTER, levels[i % 3]));
    g_autoptr(GError) error = NULL;
    LpGame *game = lp_game_new_of_type(ui->rules->get_type(), players, 17 + seats, FALSE,
                                       &error);
    g_assert_no_error(error);
    LpSettings *settings = lp_settings_new();
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_OFF);
    LpDriver *driver = lp_driver_new(game, ui->rules->computer_move);
    lp_driver_set_delay(driver, 0);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 1180, 780);
    GtkWidget *page = lp_game_page_new(ui->page_type, game, driver, settings);
    gtk_window_set_child(GTK_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));
    Watch watch = {FALSE, g_get_monotonic_time()};
    g_signal_connect(game, "game-over", G_CALLBACK(on_game_over), &watch);
    g_signal_connect(game, "action-completed", G_CALLBACK(on_action_completed), &watch);
    lp_driver_kick(driver);

    if (close_at_once) {
        /* Leave in the middle: whatever the page and the driver had scheduled must go. */
        for (int i = 0; i < 200; i++)
            g_main_context_iteration(NULL, FALSE);
    } else {
        /* Pages hold the driver while people read a result; a stage scoring waits for
         * somebody to press Continue, as a family watching the computers would. A game
         * that stops moving fails; one that is only slow (a sanitizer build on a busy
         * machine) is left to meson's time limit. */
        static const char *const continues[] = {"aa.continue", "bux.continue",
                                                "minden.continue"};
        while (!watch.over &&
               g_get_monotonic_time() - watch.last_action < 60 * G_USEC_PER_SEC) {
            if (g_main_context_iteration(NULL, FALSE))
                continue;
            if (lp_driver_is_held(driver)) {
                for (guint i = 0; i < G_N_ELEMENTS(continues); i++)
                    gtk_widget_activate_action(page, continues[i], NULL);
            }
            g_usleep(1000);
        }
        if (!watch.over)
            g_error("the %s game made no move for 60 s", kind);
    }
    g_signal_handlers_disconnect_by_data(game, &watch);
    gtk_window_destroy(GTK_WINDOW(window));
    g_assert_finalize_object(driver);
    g_assert_finalize_object(game);
    g_assert_finalize_object(settings);
    /* Let anything that was left fire now: a critical fails the test. */
    gint64 until = g_get_monotonic_time() + G_USEC_PER_SEC;
    while (g_get_monotonic_time() < until) {
        if (!g_main_context_iteration(NULL, FALSE))
            g_usleep(5000);
    }
}

static void test_game(gconstpointer data)
{
    const char *kind = data;
    guint max = lp_game_ui_lookup(kind)->game_class->max_players;
    play(kind, max > 3 ? 3 : max, FALSE);
}

static void test_leave_at_once(gconstpointer data)
{
    play(data, 2, TRUE);
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    static const char *const kinds[] = {"buxtehude", "minden", "aufachse"};
    for (guint i = 0; i < G_N_ELEMENTS(kinds); i++) {
        g_autofree char *path = g_strdup_printf("/fast-games/%s/to-the-end", kinds[i]);
        g_autofree char *leave = g_strdup_printf("/fast-games/%s/leave-at-once", kinds[i]);
        g_test_add_data_func(path, kinds[i], test_game);
        g_test_add_data_func(leave, kinds[i], test_leave_at_once);
    }
    return g_test_run();
}
