/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The start page shows the three games as tiles and a Continue entry per saved game. */
#include <stdio.h>

#include <gtk/gtk.h>

#include "lp-game-ui.h"
#include "lp-start-page.h"
#include "lp-test-util.h"

static void write_file(const char *dir, const char *name, const char *contents)
{
    g_autofree char *path = g_build_filename(dir, name, NULL);
    g_autoptr(GError) error = NULL;

    g_file_set_contents(path, contents, -1, &error);
    g_assert_no_error(error);
}

static void test_tiles(void)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *page = lp_start_page_new();
    g_autoptr(GPtrArray) tiles = NULL;
    guint n_infos;
    const LpGameUi *infos = lp_game_ui_list(&n_infos);

    gtk_window_set_child(GTK_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));
    lp_test_iterate();

    tiles = lp_test_find_all(page, GTK_TYPE_BUTTON, "tile");
    g_assert_cmpuint(tiles->len, ==, 3);
    g_assert_cmpuint(n_infos, ==, 3);
    for (guint i = 0; i < n_infos; i++) {
        GtkWidget *tile = tiles->pdata[i];
        g_autofree char *range =
            lp_format_player_range(infos[i].game_class->min_players, infos[i].game_class->max_players);
        GVariant *target;
        g_autoptr(GPtrArray) pictures = lp_test_find_all(tile, GTK_TYPE_PICTURE, NULL);

        /* Picture, name and player range on the tile; the tile starts a new game. */
        g_assert_nonnull(lp_test_find_label(tile, infos[i].game_class->name));
        g_assert_nonnull(lp_test_find_label(tile, range));
        g_assert_cmpuint(pictures->len, ==, 1);
        g_assert_nonnull(gtk_picture_get_paintable(GTK_PICTURE(pictures->pdata[0])));
        g_assert_cmpstr(gtk_actionable_get_action_name(GTK_ACTIONABLE(tile)), ==,
                        "win.new-game");
        target = gtk_actionable_get_action_target_value(GTK_ACTIONABLE(tile));
        g_assert_cmpstr(g_variant_get_string(target, NULL), ==, infos[i].game_class->kind);
        if (infos[i].game_class->description != NULL && *infos[i].game_class->description != '\0')
            g_assert_nonnull(lp_test_find_label(tile, infos[i].game_class->description));
    }
    /* RULES.md: Buxtehude 2 to 6 players, Minden and Auf Achse 2 to 5. */
    g_assert_nonnull(lp_test_find_label(tiles->pdata[0], "2–6 players"));
    g_assert_nonnull(lp_test_find_label(tiles->pdata[1], "2–5 players"));
    g_assert_nonnull(lp_test_find_label(tiles->pdata[2], "2–5 players"));
    /* Every tile has its "How to Play" button. */
    g_assert_nonnull(lp_test_find_label(page, "How to Play"));
    gtk_window_destroy(GTK_WINDOW(window));
}

static gboolean continue_in_sight(gpointer data)
{
    GtkWidget *page = data;
    g_autoptr(GPtrArray) lists = lp_test_find_all(page, GTK_TYPE_LIST_BOX, NULL);
    GtkWidget *section;
    graphene_rect_t bounds;

    g_assert_cmpuint(lists->len, ==, 1);
    section = gtk_widget_get_parent(lists->pdata[0]);
    return gtk_widget_get_height(section) > 0 &&
           gtk_widget_compute_bounds(section, page, &bounds) && bounds.origin.y >= 0 &&
           bounds.origin.y + bounds.size.height <= gtk_widget_get_height(page);
}

static LpGame *new_minden_game(void)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GError) error = NULL;

    g_ptr_array_add(players,
                    lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_HUMAN, LP_LEVEL_NORMAL));
    g_ptr_array_add(players,
                    lp_player_new("Ben", 41, "#3584e4", LP_PLAYER_COMPUTER, LP_LEVEL_HARD));
    LpGame *game = lp_game_new_of_type(lp_game_ui_lookup("minden")->rules->get_type(), players,
                                       5, FALSE, &error);
    g_assert_no_error(error);
    return game;
}

static void test_continue_entries(void)
{
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    GtkWidget *window = gtk_window_new();
    GtkWidget *page = lp_start_page_new();
    g_auto(GStrv) kinds = NULL;
    g_autoptr(LpGame) game = new_minden_game();
    g_autofree char *when = NULL;
    g_autoptr(GDateTime) now = g_date_time_new_now_local();

    gtk_window_set_default_size(GTK_WINDOW(window), 1024, 600);
    gtk_window_set_child(GTK_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));

    /* No saves: no Continue section. */
    lp_start_page_set_save_store(LP_START_PAGE(page), store);
    lp_test_iterate();
    kinds = lp_start_page_dup_continue_kinds(LP_START_PAGE(page));
    g_assert_cmpuint(g_strv_length(kinds), ==, 0);
    g_assert_null(lp_test_find_label(page, "Continue a Game"));
    g_clear_pointer(&kinds, g_strfreev);

    g_assert_true(lp_save_store_write(store, game, NULL));
    /* The other window's store is gone: the page reads without a claim. */
    lp_save_store_release(store, "minden");
    when = lp_format_last_played(lp_game_get_last_played(game), now);
    write_file(dir, "aufachse.json", "{ this is not json");
    lp_start_page_refresh(LP_START_PAGE(page));
    lp_test_iterate();
    kinds = lp_start_page_dup_continue_kinds(LP_START_PAGE(page));
    g_assert_cmpuint(g_strv_length(kinds), ==, 2);
    g_assert_cmpstr(kinds[0], ==, "minden");
    g_assert_cmpstr(kinds[1], ==, "aufachse");
    g_assert_nonnull(lp_test_find_label(page, "Continue a Game"));
    /* Who plays and when it was last played. */
    g_assert_nonnull(lp_test_find_label(page, "Anna, Ben"));
    g_assert_nonnull(lp_test_find_label(page, when));
    g_assert_true(g_str_has_prefix(when, "today, "));
    /* A save that cannot be read is shown as damaged, with the reason, and offers to move
     * it aside instead of a Continue that would fail. */
    g_assert_nonnull(lp_test_find_label(page, "This saved game cannot be read: "));
    g_assert_nonnull(lp_test_find_label(page, "not valid JSON"));
    g_assert_nonnull(lp_test_find_label(page, "Move Aside"));
    g_autoptr(GPtrArray) buttons = lp_test_find_all(page, GTK_TYPE_BUTTON, NULL);
    guint continues = 0, asides = 0;
    for (guint i = 0; i < buttons->len; i++) {
        const char *action = gtk_actionable_get_action_name(GTK_ACTIONABLE(buttons->pdata[i]));
        continues += g_strcmp0(action, "win.continue") == 0;
        asides += g_strcmp0(action, "win.set-aside") == 0;
    }
    g_assert_cmpuint(continues, ==, 1);
    g_assert_cmpuint(asides, ==, 1);

    /* In a small window (1024×600) the entries are scrolled into sight, not left below the
     * tiles where a family would not see them. */
    g_assert_true(lp_test_wait_for(continue_in_sight, page));

    gtk_window_destroy(GTK_WINDOW(window));
}

/* Files a hostile or unlucky user leaves in the save folder: none may crash the page, make
 * it slow, or be offered as a game (issue 11). */
static void test_hostile_saves(void)
{
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = new_minden_game();
    GtkWidget *window = gtk_window_new();
    GtkWidget *page = lp_start_page_new();
    gsize len;

    /* A Minden save under Buxtehude's name. */
    g_autofree char *minden = lp_game_save_to_data(game, &len);
    write_file(dir, "buxtehude.json", minden);
    /* A name with a lone surrogate. */
    g_autoptr(GString) surrogate = g_string_new(minden);
    g_string_replace(surrogate, "\"Anna\"", "\"An\\ud800na\"", 1);
    write_file(dir, "minden.json", surrogate->str);
    /* 10 MB of one name, sparse: refused before it is read. */
    g_autofree char *big = g_build_filename(dir, "aufachse.json", NULL);
    FILE *f = fopen(big, "w");
    g_assert_nonnull(f);
    fputs("{\"players\":[{\"name\":\"", f);
    g_assert_cmpint(fseek(f, 10 * 1024 * 1024, SEEK_SET), ==, 0);
    fputs("\"}]}", f);
    fclose(f);

    gtk_window_set_child(GTK_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));
    /* Speed is the benchmark's business; here: the 10 MB file is refused by its size
     * ("at most 1 MB" below), before a byte of it is read. */
    lp_start_page_set_save_store(LP_START_PAGE(page), store);
    lp_test_iterate();
    g_autoptr(GPtrArray) labels = lp_test_find_all(page, GTK_TYPE_LABEL, NULL);
    for (guint i = 0; i < labels->len; i++)
        g_assert_true(g_utf8_validate(gtk_label_get_text(labels->pdata[i]), -1, NULL));
    g_assert_nonnull(lp_test_find_label(page, "not a saved game of this kind"));
    g_assert_nonnull(lp_test_find_label(page, "not a character"));
    g_assert_nonnull(lp_test_find_label(page, "at most 1 MB"));
    g_autoptr(GPtrArray) buttons = lp_test_find_all(page, GTK_TYPE_BUTTON, NULL);
    for (guint i = 0; i < buttons->len; i++)
        g_assert_cmpstr(gtk_actionable_get_action_name(GTK_ACTIONABLE(buttons->pdata[i])), !=,
                        "win.continue");
    /* Looking moved nothing. */
    g_assert_true(g_file_test(big, G_FILE_TEST_EXISTS));
    gtk_window_destroy(GTK_WINDOW(window));
}

static void test_last_played(void)
{
    g_autoptr(GTimeZone) tz = g_time_zone_new_local();
    g_autoptr(GDateTime) now = g_date_time_new(tz, 2026, 11, 29, 16, 5, 0);
    g_autoptr(GDateTime) today = g_date_time_new(tz, 2026, 11, 29, 14, 32, 0);
    g_autoptr(GDateTime) yesterday = g_date_time_new(tz, 2026, 11, 28, 9, 5, 0);
    g_autoptr(GDateTime) earlier = g_date_time_new(tz, 2026, 11, 3, 20, 0, 0);
    g_autoptr(GDateTime) last_year = g_date_time_new(tz, 2025, 12, 31, 20, 0, 0);
    g_autoptr(GDateTime) new_year = g_date_time_new(tz, 2026, 1, 1, 0, 30, 0);
    g_autofree char *a = lp_format_last_played(today, now);
    g_autofree char *b = lp_format_last_played(yesterday, now);
    g_autofree char *c = lp_format_last_played(earlier, now);
    g_autofree char *d = lp_format_last_played(last_year, now);
    g_autofree char *e = lp_format_last_played(last_year, new_year);

    g_assert_cmpstr(a, ==, "today, 14:32");
    g_assert_cmpstr(b, ==, "yesterday, 09:05");
    g_assert_cmpstr(c, ==, "3 November");
    g_assert_cmpstr(d, ==, "31 December 2025");
    /* Yesterday across a year boundary is still "yesterday". */
    g_assert_cmpstr(e, ==, "yesterday, 20:00");
}

static void test_player_range(void)
{
    g_autofree char *a = lp_format_player_range(2, 6);
    g_autofree char *b = lp_format_player_range(2, 2);

    g_assert_cmpstr(a, ==, "2–6 players");
    g_assert_cmpstr(b, ==, "2 players");
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/start-page/tiles", test_tiles);
    g_test_add_func("/start-page/continue-entries", test_continue_entries);
    g_test_add_func("/start-page/hostile-saves", test_hostile_saves);
    g_test_add_func("/start-page/last-played", test_last_played);
    g_test_add_func("/start-page/player-range", test_player_range);
    return g_test_run();
}
