/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The statistics page (issue 15): what it shows of a history, the accessible numbers of its
 * charts, rename, merge and delete through its buttons and confirmations, and the window
 * recording every finished game once. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "lp-export.h"
#include "lp-message-dialog.h"
#include "lp-stats-page.h"
#include "lp-test-util.h"
#include "lp-window.h"

static char *seat(const char *name, const char *kind, int score, int rank, gboolean winner,
                  const char *figures)
{
    gboolean computer = g_str_has_prefix(kind, "computer");
    return g_strdup_printf("{\"name\":\"%s\",\"colour\":\"#3584e4\",\"kind\":\"%s\",%s"
                           "\"score\":%d,\"rank\":%d,\"winner\":%s%s%s}",
                           name, computer ? "computer" : "human",
                           computer ? "\"level\":\"hard\"," : "", score, rank,
                           winner ? "true" : "false", figures != NULL ? ",\"figures\":" : "",
                           figures != NULL ? figures : "");
}

static void add_game(GString *out, guint n, const char *game, int day, char *a, char *b)
{
    g_string_append_printf(out,
                           "{\"v\":1,\"id\":\"g%u\",\"game\":\"%s\","
                           "\"date\":\"2026-11-%02dT18:00:00Z\",\"duration\":1800,"
                           "\"option\":false,\"players\":[%s,%s]}\n",
                           n, game, day, a, b);
    g_free(a);
    g_free(b);
}

#define MINDEN_A "{\"tips\":[0,4,2,1],\"right\":[0,3,1,1],\"kept\":{\"yellow\":1,\"red\":2}}"
#define MINDEN_B "{\"tips\":[1,5,1,0],\"right\":[1,2,0,0],\"kept\":{\"blue\":3}}"

/* Anna and Ben: three Minden games (Anna wins 2); Carla and Ben: one Auf Achse game; Anna
 * against a hard computer: 18 Buxtehude games (Anna wins every third). 22 games. */
static char *write_history(void)
{
    g_autofree char *dir = lp_test_make_temp_dir();
    char *path = g_build_filename(dir, "history.jsonl", NULL);
    g_autoptr(GString) s = g_string_new(NULL);
    guint n = 0;
    add_game(s, n++, "minden", 1, seat("Anna", "human", 41, 1, TRUE, MINDEN_A),
             seat("Ben", "human", 38, 2, FALSE, MINDEN_B));
    add_game(s, n++, "minden", 2, seat("anna", "human", 30, 2, FALSE, MINDEN_A),
             seat("Ben", "human", 44, 1, TRUE, MINDEN_B));
    add_game(s, n++, "minden", 3, seat("Anna", "human", 45, 1, TRUE, MINDEN_A),
             seat("Ben", "human", 40, 2, FALSE, MINDEN_B));
    add_game(s, n++, "aufachse", 4, seat("Carla", "human", 700, 1, TRUE, NULL),
             seat("Ben", "human", 650, 2, FALSE, NULL));
    for (int i = 0; i < 18; i++) {
        gboolean anna = i % 3 == 0;
        add_game(s, n++, "buxtehude", 5 + i, seat("Anna", "human", anna ? 12 : 8, anna ? 1 : 2,
                                                  anna, NULL),
                 seat("Robo", "computer", anna ? 8 : 12, anna ? 2 : 1, !anna, NULL));
    }
    g_assert_true(g_file_set_contents(path, s->str, -1, NULL));
    return path;
}

static LpStatsPage *page_in_window(const char *path)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *page = lp_stats_page_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 900, 700);
    gtk_window_set_child(GTK_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));
    lp_stats_page_set_history_path(LP_STATS_PAGE(page), path);
    lp_stats_page_reload(LP_STATS_PAGE(page));
    lp_test_iterate();
    return LP_STATS_PAGE(page);
}

/* The buttons below root whose tooltip starts with prefix. */
static GPtrArray *buttons_with_tooltip(GtkWidget *root, const char *prefix)
{
    g_autoptr(GPtrArray) all = lp_test_find_all(root, GTK_TYPE_BUTTON, NULL);
    GPtrArray *out = g_ptr_array_new();
    for (guint i = 0; i < all->len; i++) {
        const char *tip = gtk_widget_get_tooltip_text(all->pdata[i]);
        g_autofree char *seen = tip != NULL ? lp_test_without_isolates(tip) : NULL;
        if (seen != NULL && g_str_has_prefix(seen, prefix))
            g_ptr_array_add(out, all->pdata[i]);
    }
    return out;
}

static GtkWidget *chart_with_tooltip(GtkWidget *root, const char *text)
{
    GType chart = g_type_from_name("LpStatsChart");
    g_assert_true(chart != 0);
    g_autoptr(GPtrArray) charts = lp_test_find_all(root, chart, NULL);
    for (guint i = 0; i < charts->len; i++) {
        const char *tip = gtk_widget_get_tooltip_text(charts->pdata[i]);
        g_autofree char *seen = tip != NULL ? lp_test_without_isolates(tip) : NULL;
        if (seen != NULL && strstr(seen, text) != NULL)
            return charts->pdata[i];
    }
    return NULL;
}

static void click(GtkWidget *button)
{
    g_signal_emit_by_name(button, "clicked");
    lp_test_iterate();
}

static void respond(const char *response)
{
    LpMessageDialog *d = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(d);
    lp_message_dialog_respond(d, response);
    lp_test_iterate();
}

static char *read_text(const char *path)
{
    char *data = NULL;
    g_assert_true(g_file_get_contents(path, &data, NULL, NULL));
    return data;
}

static void test_shows(void)
{
    g_autofree char *path = write_history();
    LpStatsPage *page = page_in_window(path);
    GtkWidget *w = GTK_WIDGET(page);

    /* All games: Anna 21 games (3 Minden, 18 Buxtehude), 8 wins. */
    g_assert_nonnull(lp_test_find_label(w, "Anna"));
    g_assert_nonnull(lp_test_find_label(w, "21 games, 8 won (38\u00a0%)"));
    g_assert_nonnull(lp_test_find_label(w, "Computer players"));
    g_assert_nonnull(lp_test_find_label(w, "Computer (hard)"));
    g_assert_nonnull(lp_test_find_label(w, "18 games, 12 won (67\u00a0%)"));
    /* The last 20 games, each with a delete button. */
    g_autoptr(GPtrArray) deletes = buttons_with_tooltip(w, "Delete this game: ");
    g_assert_cmpuint(deletes->len, ==, 20);
    /* The chart's numbers are in its accessible description (and tooltip). */
    g_assert_nonnull(chart_with_tooltip(w, "Anna: 8 wins in 21 games"));
    /* Head to head: the first two names, Anna and Ben. */
    g_assert_nonnull(lp_test_find_label(w, "Anna and Ben played 3 games together."));

    /* "Save as Image…" pictures the whole page, also what lies below the window's edge. */
    g_autoptr(GError) error = NULL;
    GtkWidget *content = lp_stats_page_get_content(page);
    g_autoptr(GdkTexture) picture = lp_export_widget_texture(content, &error);
    g_assert_no_error(error);
    g_assert_cmpint(gdk_texture_get_width(picture), >=, gtk_widget_get_width(content));
    g_assert_cmpint(gdk_texture_get_height(picture), >=, gtk_widget_get_height(content));
    g_assert_cmpint(gtk_widget_get_height(content), >, gtk_widget_get_height(w));

    /* Minden: the figures and the hit rate by stones. */
    lp_stats_page_set_kind(page, LP_HISTORY_MINDEN);
    lp_test_iterate();
    g_assert_cmpint(lp_stats_page_get_kind(page), ==, LP_HISTORY_MINDEN);
    g_assert_nonnull(lp_test_find_label(w, "3 games, 2 won (67\u00a0%)"));
    g_assert_nonnull(lp_test_find_label(w, "Best result: field 45"));
    g_assert_nonnull(lp_test_find_label(w, "Cards kept: 3 yellow, 6 red, 0 blue, 0 purple"));
    g_assert_nonnull(lp_test_find_label(w, "2 stones: 9 of 12 right (75\u00a0%)"));
    g_assert_nonnull(chart_with_tooltip(w, "Anna: 1 stone: 0\u00a0% (0 of 0), 2 stones: 75\u00a0% (9 of 12)"));
    g_assert_null(lp_test_find_label(w, "Computer players"));
    g_autoptr(GPtrArray) minden_games = buttons_with_tooltip(w, "Delete this game: ");
    g_assert_cmpuint(minden_games->len, ==, 3);

    /* Auf Achse: Carla's only game. */
    lp_stats_page_set_kind(page, LP_HISTORY_AUFACHSE);
    lp_test_iterate();
    g_assert_nonnull(lp_test_find_label(w, "Carla"));
    g_assert_nonnull(lp_test_find_label(w, "Best result: 700 km"));
    g_assert_nonnull(lp_test_find_label(w, "1. Carla: 700, 2. Ben: 650"));
    lp_test_close_all_windows();
}

static GtkWindow *find_window_titled(const char *title)
{
    g_autoptr(GListModel) toplevels = g_object_ref(gtk_window_get_toplevels());
    for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
        g_autoptr(GtkWindow) window = g_list_model_get_item(toplevels, i);
        const char *shown = gtk_window_get_title(window);
        g_autofree char *seen = shown != NULL ? lp_test_without_isolates(shown) : NULL;
        if (g_strcmp0(seen, title) == 0)
            return window;
    }
    return NULL;
}

static void rename_through_page(GtkWidget *w, const char *name, const char *new_name)
{
    g_autofree char *tip = g_strdup_printf("Rename or merge %s", name);
    g_autoptr(GPtrArray) buttons = buttons_with_tooltip(w, tip);
    g_assert_cmpuint(buttons->len, ==, 1);
    click(buttons->pdata[0]);
    g_autofree char *title = g_strdup_printf("Rename %s", name);
    GtkWindow *dialog = find_window_titled(title);
    g_assert_nonnull(dialog);
    g_autoptr(GPtrArray) entries = lp_test_find_all(GTK_WIDGET(dialog), GTK_TYPE_ENTRY, NULL);
    g_assert_cmpuint(entries->len, ==, 1);
    g_assert_cmpstr(gtk_editable_get_text(entries->pdata[0]), ==, name);
    gtk_editable_set_text(entries->pdata[0], new_name);
    /* Enter in the name field presses the default button, Rename. */
    g_assert_true(gtk_entry_get_activates_default(entries->pdata[0]));
    click(gtk_window_get_default_widget(dialog));
    g_assert_null(find_window_titled(title));
}

static void test_edit(void)
{
    g_autofree char *path = write_history();
    LpStatsPage *page = page_in_window(path);
    GtkWidget *w = GTK_WIDGET(page);
    LpHistory *h = lp_stats_page_get_history(page);

    /* Rename: every game of Anna, either spelling. */
    rename_through_page(w, "Anna", "Annegret");
    g_autofree char *after_rename = read_text(path);
    g_assert_null(strstr(after_rename, "\"Anna\""));
    g_assert_null(strstr(after_rename, "\"anna\""));
    g_assert_nonnull(lp_test_find_label(w, "Annegret"));

    /* Annegret and Ben sat at one game: no merge, and the page says why. */
    rename_through_page(w, "Ben", "ANNEGRET");
    g_assert_nonnull(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_cmpstr(lp_message_dialog_get_heading(LP_MESSAGE_DIALOG(
                        lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG))),
                    ==, "The Name Cannot Be Changed");
    respond("ok");

    /* Carla never met Annegret: merging asks first; Cancel changes nothing. */
    g_autofree char *before_merge = read_text(path);
    rename_through_page(w, "Carla", " annegret");
    g_assert_cmpstr(lp_message_dialog_get_heading(LP_MESSAGE_DIALOG(
                        lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG))),
                    ==, "Merge the Two Players?");
    respond("cancel");
    g_autofree char *after_cancel = read_text(path);
    g_assert_cmpstr(after_cancel, ==, before_merge);
    rename_through_page(w, "Carla", " annegret");
    respond("merge");
    g_autofree char *after_merge = read_text(path);
    g_assert_null(strstr(after_merge, "Carla"));
    g_assert_nonnull(strstr(after_merge, "\"annegret\""));

    /* Delete a game, after asking. */
    guint n = lp_history_get_n_records(h);
    g_autoptr(GPtrArray) deletes = buttons_with_tooltip(w, "Delete this game: ");
    click(deletes->pdata[0]);
    g_assert_cmpstr(lp_message_dialog_get_heading(LP_MESSAGE_DIALOG(
                        lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG))),
                    ==, "Delete This Game?");
    respond("cancel");
    g_assert_cmpuint(lp_history_get_n_records(h), ==, n);
    g_clear_pointer(&deletes, g_ptr_array_unref);
    deletes = buttons_with_tooltip(w, "Delete this game: ");
    click(deletes->pdata[0]);
    respond("delete");
    g_assert_cmpuint(lp_history_get_n_records(h), ==, n - 1);

    /* Delete a player: the name leaves the history. */
    g_autoptr(GPtrArray) del_ben = buttons_with_tooltip(w, "Delete Ben from the history");
    g_assert_cmpuint(del_ben->len, ==, 1);
    click(del_ben->pdata[0]);
    g_assert_cmpstr(lp_message_dialog_get_heading(LP_MESSAGE_DIALOG(
                        lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG))),
                    ==, "Delete This Player?");
    respond("delete");
    g_autofree char *after_delete = read_text(path);
    g_assert_null(strstr(after_delete, "Ben"));
    g_assert_cmpuint(lp_history_get_n_records(h), ==, n - 1);
    g_autoptr(GPtrArray) gone = buttons_with_tooltip(w, "Delete Ben from the history");
    g_assert_cmpuint(gone->len, ==, 0);
    lp_test_close_all_windows();
}

static guint count_lines(const char *path)
{
    g_autofree char *data = NULL;
    if (!g_file_get_contents(path, &data, NULL, NULL))
        return 0;
    guint n = 0;
    for (const char *c = data; *c; c++)
        n += *c == '\n';
    return n;
}

/* The window writes a finished game once; Play Again makes a new game, which counts again. */
static void test_window_records(void)
{
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    LpWindow *window = lp_window_new(NULL, store);
    g_autofree char *path = g_build_filename(dir, "history.jsonl", NULL);
    const LpGameUi *info = lp_game_ui_lookup("aufachse");
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GError) error = NULL;

    gtk_window_present(GTK_WINDOW(window));
    lp_test_iterate();
    g_ptr_array_add(players, lp_player_new("Oma", 70, "#3584e4", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_HARD));
    g_ptr_array_add(players, lp_player_new("Robo", LP_AGE_UNKNOWN, "#33d17a",
                                           LP_PLAYER_COMPUTER, LP_LEVEL_EASY));
    g_assert_true(lp_window_start_game(window, info, players, 99, FALSE, &error));
    g_assert_no_error(error);
    LpGame *game = lp_window_get_game(window);
    lp_game_run_computers(game, info->rules->computer_move);
    g_assert_true(lp_game_is_over(game));
    lp_test_iterate();
    g_assert_cmpuint(count_lines(path), ==, 1);
    /* Once per game, whoever asks again. */
    lp_stats_page_record_game(GTK_WINDOW(window), dir, game);
    g_assert_cmpuint(count_lines(path), ==, 1);

    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(window), "win.play-again", NULL));
    lp_test_iterate();
    game = lp_window_get_game(window);
    g_assert_false(lp_game_is_over(game));
    lp_game_run_computers(game, info->rules->computer_move);
    lp_test_iterate();
    g_assert_cmpuint(count_lines(path), ==, 2);

    /* The menu's Statistics shows both. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(window), "win.statistics", NULL));
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(window), ==, "stats");
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(window)), ==, "Statistics");
    g_autoptr(GPtrArray) games = buttons_with_tooltip(GTK_WIDGET(window), "Delete this game: ");
    g_assert_cmpuint(games->len, ==, 2);
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(window), "Computer (easy)"));
    lp_test_close_all_windows();
}

/* Whether a label's text begins on the left: its first line's resolved direction. */
static gboolean left_to_right(GtkWidget *label)
{
    PangoLayout *layout = gtk_label_get_layout(GTK_LABEL(label));
    PangoLayoutLine *line = pango_layout_get_line_readonly(layout, 0);
    return line != NULL && line->resolved_dir == PANGO_DIRECTION_LTR;
}

/* Issue 36: an Arabic, a Hebrew and a German name side by side. Every label that puts a name
 * into a sentence or a list isolates it (U+2068 … U+2069), so a line that begins with an
 * Arabic or Hebrew name still reads left to right, and the next seat's result is not drawn
 * backwards by a name that held U+202E (the history reads it cleaned). */
static void test_names_in_every_script(void)
{
    const char *arabic = "\u0645\u062D\u0645\u062F"; /* Muhammad */
    const char *hebrew = "\u05D3\u05E0\u05D4";       /* Dana */
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "history.jsonl", NULL);
    g_autoptr(GString) s = g_string_new(NULL);
    add_game(s, 0, "minden", 1, seat(arabic, "human", 41, 1, TRUE, MINDEN_A),
             seat("J\u00FCrgen", "human", 38, 2, FALSE, MINDEN_B));
    add_game(s, 1, "minden", 2, seat(hebrew, "human", 44, 1, TRUE, MINDEN_A),
             seat(arabic, "human", 30, 2, FALSE, MINDEN_B));
    add_game(s, 2, "minden", 3, seat("\u05D3\u05E0\u05D4\\u202e", "human", 45, 1, TRUE,
                                     MINDEN_A),
             seat("J\u00FCrgen", "human", 40, 2, FALSE, MINDEN_B));
    g_assert_true(g_file_set_contents(path, s->str, -1, NULL));
    LpStatsPage *page = page_in_window(path);
    GtkWidget *w = GTK_WIDGET(page);

    /* No label holds a bidi override, and every name in one is isolated. */
    g_autoptr(GPtrArray) labels = lp_test_find_all(w, GTK_TYPE_LABEL, NULL);
    guint with_names = 0;
    for (guint i = 0; i < labels->len; i++) {
        const char *text = gtk_label_get_text(GTK_LABEL(labels->pdata[i]));
        g_assert_null(strstr(text, "\u202E"));
        const char *names[] = {arabic, hebrew, "J\u00FCrgen"};
        gboolean named = FALSE;
        for (guint n = 0; n < G_N_ELEMENTS(names); n++) {
            for (const char *at = strstr(text, names[n]); at != NULL;
                 at = strstr(at + 1, names[n])) {
                named = TRUE;
                g_assert_true(at - text >= 6 && memcmp(at - 6, "\u200E\u2068", 6) == 0);
                g_assert_true(memcmp(at + strlen(names[n]), "\u2069", 3) == 0);
            }
        }
        if (named) {
            with_names++;
            /* The sentence around the names decides the direction: English, left to right.
             * (A label of one name alone takes the name's direction, as it should.) */
            gboolean alone = g_str_has_prefix(text, "\u200E\u2068") &&
                             strstr(text, "\u2069") == text + strlen(text) - 3;
            if (!alone && gtk_widget_get_mapped(labels->pdata[i]) &&
                !left_to_right(labels->pdata[i]))
                g_error("a line turned right to left: %s", text);
        }
    }
    g_assert_cmpuint(with_names, >=, 6);
    /* The last games list the seats in rank order, names first, left to right. */
    GtkWidget *last = lp_test_find_label(w, "1. \u05D3\u05E0\u05D4: 45");
    g_assert_nonnull(last);
    g_assert_true(left_to_right(last));
    g_assert_nonnull(lp_test_find_label(w, "1. \u05D3\u05E0\u05D4: 45, 2. J\u00FCrgen: 40"));
    gtk_window_destroy(GTK_WINDOW(gtk_widget_get_root(w)));
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/stats-page/shows", test_shows);
    g_test_add_func("/stats-page/edit", test_edit);
    g_test_add_func("/stats-page/window-records", test_window_records);
    g_test_add_func("/stats-page/names-in-every-script", test_names_in_every_script);
    return g_test_run();
}
