/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Learn to Play (issue 33): every lesson file's deal is legal for its game and every step fits
 * the game's real page; a broken lesson is refused; the callout goes step by step and Skip
 * ends it; the setup page suggests a lesson the first time only. */
#include <gtk/gtk.h>
#include <string.h>

#include "lp-game-ui.h"
#include "lp-lesson.h"
#include "lp-setup-page.h"
#include "lp-test-util.h"

/* The game's page in a window, as the window shows a lesson. */
static GtkWidget *lesson_page(LpLesson *lesson, GtkWidget **window)
{
    const LpGameUi *info = lp_game_ui_lookup(lp_lesson_get_kind(lesson));
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = lp_lesson_deal(lesson, &error);
    g_autoptr(LpDriver) driver = NULL;
    GtkWidget *page;

    g_assert_no_error(error);
    g_assert_nonnull(game);
    driver = lp_driver_new(game, info->rules->computer_move);
    lp_driver_set_delay(driver, 0);
    page = lp_game_page_new(info->page_type, game, driver, NULL);
    *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(*window), 1180, 780);
    gtk_window_set_child(GTK_WINDOW(*window), page);
    gtk_window_present(GTK_WINDOW(*window));
    lp_test_iterate();
    return page;
}

static char *lesson_text(const char *kind)
{
    g_autofree char *path = g_strconcat(LP_LESSON_RESOURCE_DIR, kind, ".json", NULL);
    g_autoptr(GBytes) bytes = g_resources_lookup_data(path, 0, NULL);

    g_assert_nonnull(bytes);
    return g_strndup(g_bytes_get_data(bytes, NULL), g_bytes_get_size(bytes));
}

static void test_files(void)
{
    guint n_games, n_lessons = 0;
    const LpGameUi *games = lp_game_ui_list(&n_games);

    /* Minden's came first; the others join as they are written. */
    g_assert_true(lp_lesson_exists("minden"));
    for (guint g = 0; g < n_games; g++) {
        const char *kind = games[g].game_class->kind;
        g_autoptr(LpLesson) lesson = NULL;
        g_autoptr(LpGame) game = NULL;
        g_autoptr(GError) error = NULL;
        GtkWidget *window, *page;
        guint people = 0;

        if (!lp_lesson_exists(kind))
            continue;
        n_lessons++;
        lesson = lp_lesson_load(kind, &error);
        g_assert_no_error(error);
        g_assert_cmpstr(lp_lesson_get_kind(lesson), ==, kind);
        /* Issue 33: 8 to 12 steps. */
        g_assert_cmpuint(lp_lesson_get_n_steps(lesson), >=, 8);
        g_assert_cmpuint(lp_lesson_get_n_steps(lesson), <=, 12);
        /* The deal restores through the game's own checks; one person, one computer. */
        game = lp_lesson_deal(lesson, &error);
        g_assert_no_error(error);
        g_assert_cmpuint(lp_game_get_n_players(game), ==, 2);
        for (guint s = 0; s < 2; s++)
            people += lp_player_is_human(lp_game_get_player(game, s));
        g_assert_cmpuint(people, ==, 1);
        g_assert_true(lp_player_is_human(lp_game_get_player(game, lp_lesson_get_you(lesson))));
        g_assert_false(lp_game_is_over(game));

        /* Every target and every widget, signal and phase a step names is on the page. */
        page = lesson_page(lesson, &window);
        for (guint i = 0; i < lp_lesson_get_n_steps(lesson); i++) {
            g_auto(GStrv) names = lp_lesson_get_step_widgets(lesson, i);

            g_assert_cmpuint(strlen(lp_lesson_get_step_text(lesson, i)), >, 20);
            for (guint n = 0; names[n] != NULL; n++)
                if (lp_lesson_find_widget(page, names[n]) == NULL)
                    g_error("%s, step %u: no widget “%s” on the page", kind, i + 1, names[n]);
        }
        lp_lesson_check(lesson, page, &error);
        g_assert_no_error(error);
        gtk_window_destroy(GTK_WINDOW(window));
        lp_test_iterate();
    }
    g_assert_cmpuint(n_lessons, >=, 1);
}

/* The checks can fail: a deal with a card twice, an unknown target, an unknown event. */
static void test_broken(void)
{
    g_autofree char *text = lesson_text("minden");
    g_autoptr(GError) error = NULL;

    {
        /* The pile's top card (the draw pile's last) becomes the card below it. */
        g_autoptr(GString) twice = g_string_new(text);
        g_assert_true(strstr(twice->str, "\"r-minden\", \"b-sylt\"]") != NULL);
        g_string_replace(twice, "\"r-minden\", \"b-sylt\"]", "\"r-minden\", \"r-minden\"]", 1);
        g_autoptr(LpLesson) lesson = lp_lesson_new_from_data(twice->str, -1, &error);
        g_assert_no_error(error);
        g_autoptr(LpGame) game = lp_lesson_deal(lesson, &error);
        g_assert_null(game);
        g_assert_nonnull(error);
        g_clear_error(&error);
    }
    {
        g_autoptr(GString) target = g_string_new(text);
        g_assert_cmpuint(g_string_replace(target, "\"target\": \"track_box\"",
                                          "\"target\": \"no_such_widget\"", 1), ==, 1);
        g_autoptr(LpLesson) lesson = lp_lesson_new_from_data(target->str, -1, &error);
        g_assert_no_error(error);
        GtkWidget *window;
        GtkWidget *page = lesson_page(lesson, &window);
        g_assert_false(lp_lesson_check(lesson, page, &error));
        g_assert_nonnull(strstr(error->message, "no_such_widget"));
        g_clear_error(&error);
        gtk_window_destroy(GTK_WINDOW(window));
    }
    {
        g_autoptr(GString) event = g_string_new(text);
        g_assert_cmpuint(g_string_replace(event, "\"done\": \"round-started\"",
                                          "\"done\": \"round-begun\"", 1), ==, 1);
        g_autoptr(LpLesson) lesson = lp_lesson_new_from_data(event->str, -1, &error);
        g_assert_no_error(error);
        GtkWidget *window;
        GtkWidget *page = lesson_page(lesson, &window);
        g_assert_false(lp_lesson_check(lesson, page, &error));
        g_assert_nonnull(strstr(error->message, "round-begun"));
        g_clear_error(&error);
        gtk_window_destroy(GTK_WINDOW(window));
    }
    {
        g_autoptr(GString) bad = g_string_new(text);
        /* An event without its phase. */
        g_assert_cmpuint(g_string_replace(bad, "\"done\": \"next\"", "\"done\": \"phase\"", 1),
                         ==, 1);
        g_autoptr(LpLesson) lesson = lp_lesson_new_from_data(bad->str, -1, &error);
        g_assert_null(lesson);
        g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA);
    }
    lp_test_iterate();
}

static gboolean is_showing(gpointer data)
{
    return lp_lesson_is_showing(data);
}

static gboolean at_step_1(gpointer data)
{
    return lp_lesson_get_step(data) == 1 && lp_lesson_is_showing(data);
}

/* The callout: up with the first step, described by it for a screen reader, Next focused;
 * Next goes on, Skip ends it. */
static void test_callout(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(LpLesson) lesson = lp_lesson_load("minden", &error);
    GtkWidget *window, *page, *callout;

    g_assert_no_error(error);
    page = lesson_page(lesson, &window);
    lp_lesson_run(lesson, LP_GAME_PAGE(page));
    g_assert_true(lp_lesson_of_page(LP_GAME_PAGE(page)) == lesson);
    g_assert_true(lp_test_wait_for(is_showing, lesson));
    g_assert_cmpuint(lp_lesson_get_step(lesson), ==, 0);
    callout = lp_lesson_get_callout(lesson);
    g_assert_true(GTK_IS_POPOVER(callout));
    g_assert_true(gtk_widget_get_visible(callout));
    g_assert_false(gtk_popover_get_autohide(GTK_POPOVER(callout)));
    gtk_test_accessible_assert_property(callout, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                        lp_lesson_get_step_text(lesson, 0));
    g_assert_nonnull(lp_test_find_label(callout, lp_lesson_get_step_text(lesson, 0)));
    {
        GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(window));
        g_assert_nonnull(focus);
        g_assert_true(gtk_widget_is_ancestor(focus, callout));
    }
    /* A step done by Next waits for it. */
    for (guint i = 0; i < 10; i++)
        lp_test_iterate();
    g_assert_cmpuint(lp_lesson_get_step(lesson), ==, 0);

    /* The computers' side moves on (the round's cards are revealed), as in the window. */
    lp_driver_kick(lp_game_page_get_driver(LP_GAME_PAGE(page)));
    lp_lesson_next(lesson);
    g_assert_true(lp_test_wait_for(at_step_1, lesson));
    gtk_test_accessible_assert_property(callout, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                        lp_lesson_get_step_text(lesson, 1));
    /* Next does not finish a step that waits for the person's move. */
    lp_lesson_next(lesson);
    lp_test_iterate();
    g_assert_cmpuint(lp_lesson_get_step(lesson), ==, 1);

    lp_lesson_skip(lesson);
    lp_test_iterate();
    g_assert_false(lp_lesson_is_showing(lesson));
    g_assert_cmpuint(lp_lesson_get_step(lesson), ==, lp_lesson_get_n_steps(lesson));
    g_assert_false(gtk_widget_get_visible(callout));
    gtk_window_destroy(GTK_WINDOW(window));
    lp_test_iterate();
}

/* A page that goes while a step holds the computers (Back in the middle of the lesson) lets
 * go of everything without a warning. */
static void test_page_goes(void)
{
    g_autofree char *text = lesson_text("minden");
    g_autoptr(GString) held = g_string_new(text);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpLesson) lesson = NULL;
    GtkWidget *window, *page;

    g_assert_cmpuint(g_string_replace(held, "\"done\": \"next\"}",
                                      "\"done\": \"next\", \"hold\": true}", 1), ==, 1);
    lesson = lp_lesson_new_from_data(held->str, -1, &error);
    g_assert_no_error(error);
    page = lesson_page(lesson, &window);
    lp_lesson_run(lesson, LP_GAME_PAGE(page));
    g_assert_true(lp_test_wait_for(is_showing, lesson));
    gtk_window_destroy(GTK_WINDOW(window));
    lp_test_iterate();
    g_assert_false(lp_lesson_is_showing(lesson));
}

/* The first time a game with a lesson is opened, the setup page suggests it; never again. */
static void test_setup_suggests(void)
{
    GtkWidget *page = lp_setup_page_new();
    GtkWidget *window = gtk_window_new();
    g_autoptr(GSettings) settings = g_settings_new("io.github.landpartie.Landpartie");
    guint n_games;
    const LpGameUi *games = lp_game_ui_list(&n_games);

    g_settings_reset(settings, "opened-games");
    gtk_window_set_child(GTK_WINDOW(window), page);
    gtk_window_present(GTK_WINDOW(window));
    for (guint g = 0; g < n_games; g++) {
        const char *kind = games[g].game_class->kind;

        lp_setup_page_set_game(LP_SETUP_PAGE(page), &games[g]);
        g_assert_cmpint(lp_setup_page_get_suggests_lesson(LP_SETUP_PAGE(page)), ==,
                        lp_lesson_exists(kind));
        lp_setup_page_set_game(LP_SETUP_PAGE(page), &games[g]);
        g_assert_false(lp_setup_page_get_suggests_lesson(LP_SETUP_PAGE(page)));
    }
    /* Start pressed: the banner makes room (for an error about a seat, issue 13). */
    g_settings_reset(settings, "opened-games");
    lp_setup_page_set_game(LP_SETUP_PAGE(page), lp_game_ui_lookup("minden"));
    g_assert_true(lp_setup_page_get_suggests_lesson(LP_SETUP_PAGE(page)));
    g_autoptr(GPtrArray) players = lp_setup_page_build_players(LP_SETUP_PAGE(page), NULL);
    g_assert_false(lp_setup_page_get_suggests_lesson(LP_SETUP_PAGE(page)));
    gtk_window_destroy(GTK_WINDOW(window));
    lp_test_iterate();
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/lesson/files", test_files);
    g_test_add_func("/lesson/broken", test_broken);
    g_test_add_func("/lesson/callout", test_callout);
    g_test_add_func("/lesson/page-goes", test_page_goes);
    g_test_add_func("/lesson/setup-suggests", test_setup_suggests);
    return g_test_run();
}
