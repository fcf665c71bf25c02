/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window: navigation between pages, hosting a game with autosave, and what happens with
 * saves that cannot be read or games that cannot be created. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "lp-application.h"
#include "lp-howto-page.h"
#include "lp-message-dialog.h"
#include "lp-preferences-window.h"
#include "lp-setup-page.h"
#include "lp-start-page.h"
#include "lp-test-game.h"
#include "lp-test-util.h"
#include "lp-window.h"

typedef struct {
    char *dir;
    LpSaveStore *store;
    LpWindow *window;
} Fixture;

static void fixture_set_up(Fixture *f, gconstpointer data)
{
    f->dir = lp_test_make_temp_dir();
    f->store = lp_save_store_new(f->dir);
    f->window = lp_window_new(NULL, f->store);
    gtk_window_present(GTK_WINDOW(f->window));
    lp_test_iterate();
}

static void fixture_tear_down(Fixture *f, gconstpointer data)
{
    lp_test_close_all_windows();
    g_clear_object(&f->store);
    g_free(f->dir);
}

static void activate(Fixture *f, const char *action, const char *kind)
{
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), action,
                                             kind != NULL ? "s" : NULL, kind));
    lp_test_iterate();
}

static char *save_path(Fixture *f, const char *name)
{
    return g_build_filename(f->dir, name, NULL);
}

static guint count_widgets(Fixture *f, GType type)
{
    g_autoptr(GPtrArray) found = lp_test_find_all(GTK_WIDGET(f->window), type, NULL);
    return found->len;
}

/* The start builds only the start page (issue 35): the setup and how-to pages are built when
 * first shown, once. */
static void test_pages_built_when_shown(Fixture *f, gconstpointer data)
{
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    g_assert_cmpuint(count_widgets(f, LP_TYPE_START_PAGE), ==, 1);
    g_assert_cmpuint(count_widgets(f, LP_TYPE_SETUP_PAGE), ==, 0);
    g_assert_cmpuint(count_widgets(f, LP_TYPE_HOWTO_PAGE), ==, 0);

    activate(f, "win.new-game", "minden");
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "setup");
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(f->window)), ==, "New Game");
    g_assert_nonnull(lp_setup_page_get_game(LP_SETUP_PAGE(lp_window_get_setup_page(f->window))));
    activate(f, "win.how-to-current", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "howto");
    g_assert_cmpstr(lp_howto_page_get_kind(LP_HOWTO_PAGE(lp_window_get_howto_page(f->window))),
                    ==, "minden");
    activate(f, "win.back", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "setup");
    activate(f, "win.back", NULL);
    activate(f, "win.new-game", "buxtehude");
    activate(f, "win.how-to", "aufachse");
    g_assert_cmpuint(count_widgets(f, LP_TYPE_SETUP_PAGE), ==, 1);
    g_assert_cmpuint(count_widgets(f, LP_TYPE_HOWTO_PAGE), ==, 1);
}

static void test_navigation(Fixture *f, gconstpointer data)
{
    LpHowtoPage *howto = LP_HOWTO_PAGE(lp_window_get_howto_page(f->window));

    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(f->window)), ==, "Landpartie");

    activate(f, "win.new-game", "minden");
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "setup");
    g_assert_true(lp_setup_page_get_game(LP_SETUP_PAGE(lp_window_get_setup_page(f->window))) ==
                  lp_game_ui_lookup("minden"));
    /* Enter in a name field starts the game. */
    g_assert_true(GTK_IS_BUTTON(gtk_window_get_default_widget(GTK_WINDOW(f->window))));
    g_assert_cmpstr(gtk_button_get_label(
                        GTK_BUTTON(gtk_window_get_default_widget(GTK_WINDOW(f->window)))),
                    ==, "_Start Game");

    /* F1 (how-to-current) on the setup page explains the game being set up. */
    activate(f, "win.how-to-current", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "howto");
    g_assert_cmpstr(lp_howto_page_get_kind(howto), ==, "minden");
    g_assert_cmpuint(lp_howto_page_get_n_sections(howto), >=, 4);
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(howto), "Scoring"));
    /* Every game's page ends with how to play it on several devices (issue 31). */
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(howto), "On several devices"));
    activate(f, "win.back", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "setup");
    activate(f, "win.back", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");

    /* Each game has its own rules page. */
    activate(f, "win.how-to", "buxtehude");
    g_assert_cmpstr(lp_howto_page_get_kind(howto), ==, "buxtehude");
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(howto), "Intermezzo"));
    activate(f, "win.how-to", "aufachse");
    g_assert_cmpstr(lp_howto_page_get_kind(howto), ==, "aufachse");
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(howto), "220 km"));
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(howto), "On several devices"));
    activate(f, "win.back", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    g_assert_false(lp_howto_page_set_kind(howto, "chess"));
}

static gboolean start_page_hidden(gpointer data)
{
    g_autoptr(GPtrArray) starts = lp_test_find_all(GTK_WIDGET(data), LP_TYPE_START_PAGE, NULL);
    g_autoptr(GPtrArray) setups = lp_test_find_all(GTK_WIDGET(data), LP_TYPE_SETUP_PAGE, NULL);

    g_assert_cmpuint(starts->len, ==, 1);
    g_assert_cmpuint(setups->len, ==, 1);
    return !gtk_widget_get_visible(starts->pdata[0]) && !gtk_widget_get_visible(setups->pdata[0]);
}

static void test_hosting(Fixture *f, gconstpointer data)
{
    g_autoptr(LpGame) template = lp_test_game_new(2, 1);
    g_autoptr(GError) error = NULL;
    g_autofree char *path = save_path(f, "testgame.json");
    LpGame *game;

    /* create() failing leaves the window where it was and reports the problem. */
    g_assert_false(lp_window_start_game(f->window, lp_test_broken_game_ui(),
                                        lp_game_get_players(template), 1, FALSE, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    g_assert_null(lp_window_get_game(f->window));
    g_clear_error(&error);

    /* From the setup page, as a family starts a game (the page is built when first shown). */
    activate(f, "win.new-game", "minden");
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "setup");
    g_assert_true(lp_window_start_game(f->window, lp_test_game_ui(), lp_game_get_players(template), 1,
                                       FALSE, &error));
    g_assert_no_error(error);
    lp_test_iterate();
    game = lp_window_get_game(f->window);
    g_assert_nonnull(game);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(f->window), "the test game page"));
    /* The start and setup pages leave the accessibility tree while a game runs. */
    g_assert_true(lp_test_wait_for(start_page_hidden, f->window));
    /* The header bar names the game and who plays. */
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(f->window)), ==, "Test Game");
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(f->window), "P1, P2, P3"));

    /* Saved right away and after every completed action (on the store's worker thread:
     * flushed here before the file is looked at). */
    lp_save_store_flush(f->store, NULL);
    g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));
    g_assert_cmpint(g_remove(path), ==, 0);
    lp_game_action_completed(game);
    lp_save_store_flush(f->store, NULL);
    g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));

    /* The rules page pauses the computers and returns to the game. */
    activate(f, "win.how-to", "minden");
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "howto");
    activate(f, "win.back", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    g_assert_true(lp_window_get_game(f->window) == game);

    /* Play again: same players, a new game. */
    activate(f, "win.play-again", NULL);
    {
        LpMessageDialog *dialog =
            LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));

        /* The game is not over: it asks first. */
        g_assert_nonnull(dialog);
        lp_message_dialog_respond(dialog, "new");
        lp_test_iterate();
    }
    g_assert_true(lp_window_get_game(f->window) != game);
    game = lp_window_get_game(f->window);
    g_assert_cmpuint(lp_game_get_n_players(game), ==, 3);
    g_assert_cmpstr(lp_player_get_name(lp_game_get_player(game, 2)), ==, "P3");

    /* Game over removes the save. */
    g_signal_emit_by_name(game, "game-over");
    lp_test_iterate();
    lp_save_store_flush(f->store, NULL);
    g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));

    /* Leaving the game page stops the game; it stays saved for Continue. */
    lp_game_action_completed(game);
    activate(f, "win.back", NULL);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    g_assert_null(lp_window_get_game(f->window));
}

/* Anna at the screen with two computers. */
static GPtrArray *family_players(void)
{
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_HUMAN,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Oma", 70, "#3584e4", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_HARD));
    g_ptr_array_add(players, lp_player_new("Robo", LP_AGE_UNKNOWN, "#33d17a",
                                           LP_PLAYER_COMPUTER, LP_LEVEL_EASY));
    return players;
}

/* Quit mid-game and continue: the resumed game is the very same, random generator included.
 * Runs for every game that can be created in this build. */
static void test_continue_resumes(Fixture *f, gconstpointer data)
{
    guint n_infos;
    const LpGameUi *infos = lp_game_ui_list(&n_infos);
    guint tried = 0;

    for (guint i = 0; i < n_infos; i++) {
        g_autoptr(GPtrArray) players = family_players();
        g_autoptr(GError) error = NULL;
        g_autofree char *before = NULL;
        g_autofree char *after = NULL;
        gsize before_len = 0, after_len = 0;
        LpGame *game;

        if (G_TYPE_IS_ABSTRACT(infos[i].rules->get_type()))
            continue;
        if (!lp_window_start_game(f->window, &infos[i], players, 4711 + i, FALSE, &error)) {
            g_test_message("%s cannot be created yet: %s", infos[i].game_class->kind, error->message);
            continue;
        }
        tried++;
        game = lp_window_get_game(f->window);
        /* The computers act until Anna must; every completed action is saved. */
        lp_game_run_computers(game, infos[i].rules->computer_move);
        lp_game_action_completed(game);
        before = lp_game_save_to_data(game, &before_len);

        activate(f, "win.back", NULL);
        g_assert_null(lp_window_get_game(f->window));
        activate(f, "win.continue", infos[i].game_class->kind);
        g_assert_null(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
        g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
        game = lp_window_get_game(f->window);
        g_assert_nonnull(game);
        g_assert_cmpstr(lp_game_get_kind(game), ==, infos[i].game_class->kind);
        after = lp_game_save_to_data(game, &after_len);
        g_assert_cmpstr(after, ==, before);
        activate(f, "win.back", NULL);
    }
    g_test_message("%u games resumed", tried);
}

/* A game's page, its model and its pictures go the moment the window lets go of them: when
 * the next game comes or the window goes back to the start page, even with the focus inside
 * the page and the window hidden (a window nobody draws never moves its focus, and a page
 * the focus left behind outlived its game). */
static void test_pages_freed(Fixture *f, gconstpointer data)
{
    guint n_infos;
    const LpGameUi *infos = lp_game_ui_list(&n_infos);
    GObject *page = NULL, *game = NULL;
    guint tried = 0;

    for (guint i = 0; i <= n_infos; i++) {
        g_autoptr(GPtrArray) players = family_players();
        g_autoptr(GError) error = NULL;

        if (i < n_infos && G_TYPE_IS_ABSTRACT(infos[i].rules->get_type()))
            continue;
        if (i == n_infos)
            activate(f, "win.back", NULL);
        else if (!lp_window_start_game(f->window, &infos[i], players, 99 + i, FALSE, &error))
            continue;
        /* The one before is gone already. */
        g_assert_null(page);
        g_assert_null(game);
        if (i == n_infos)
            break;
        tried++;
        lp_test_iterate();
        g_autoptr(GPtrArray) pages = lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_GAME_PAGE,
                                                      NULL);
        g_assert_cmpuint(pages->len, ==, 1);
        page = pages->pdata[0];
        game = G_OBJECT(lp_window_get_game(f->window));
        g_object_add_weak_pointer(page, (gpointer *)&page);
        g_object_add_weak_pointer(game, (gpointer *)&game);
        if (tried == 1) {
            /* The focus rests inside the first page; from now on nobody draws the window. */
            GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(f->window));
            g_assert_nonnull(focus);
            g_assert_true(gtk_widget_is_ancestor(focus, GTK_WIDGET(page)));
            gtk_widget_set_visible(GTK_WIDGET(f->window), FALSE);
            lp_test_iterate();
        }
    }
    g_assert_cmpuint(tried, >=, 3);
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
}

typedef struct {
    const char *name;
    const char *contents;
    const char *problem; /* part of the message */
} Damage;

/* Whether game has left its "start" phase (each game's phase is an enum property). */
static gboolean game_has_begun(LpGame *game)
{
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(game), "phase");
    g_auto(GValue) value = G_VALUE_INIT;
    g_value_init(&value, pspec->value_type);
    g_object_get_property(G_OBJECT(game), "phase", &value);
    GEnumClass *klass = g_type_class_peek(pspec->value_type);
    GEnumValue *phase = g_enum_get_value(klass, g_value_get_enum(&value));
    return phase != NULL && g_strcmp0(phase->value_nick, "start") != 0;
}

/* Two windows on one save folder (two programs without a session bus both become
 * primary): the second neither continues nor overwrites the game the first plays, and says
 * so; once the first is closed, the second may continue it. */
static void test_second_window(Fixture *f, gconstpointer data)
{
    g_autoptr(LpSaveStore) other_store = lp_save_store_new(f->dir);
    LpWindow *other = lp_window_new(NULL, other_store);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GError) error = NULL;
    g_autofree char *path = save_path(f, "buxtehude.json");
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;

    g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_HUMAN,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Oma", 70, "#3584e4", LP_PLAYER_HUMAN,
                                           LP_LEVEL_NORMAL));
    g_assert_true(lp_window_start_game(f->window, lp_game_ui_lookup("buxtehude"), players, 9,
                                       FALSE, &error));
    g_assert_no_error(error);
    /* The first window deals its starting card by itself and saves again; after that it
     * waits for a person, so the file may change only by the second window's doing. */
    LpGame *first = lp_window_get_game(f->window);
    gint64 end = g_get_monotonic_time() + 60 * G_USEC_PER_SEC;
    while (!game_has_begun(first) && g_get_monotonic_time() < end) {
        if (!g_main_context_iteration(NULL, FALSE))
            g_usleep(2000);
    }
    g_assert_true(game_has_begun(first));
    lp_test_iterate();
    lp_save_store_flush(f->store, NULL);
    g_assert_true(g_file_get_contents(path, &before, NULL, NULL));
    gtk_window_present(GTK_WINDOW(other));
    lp_test_iterate();

    g_assert_false(lp_window_continue_game(other, "buxtehude"));
    lp_test_iterate();
    LpMessageDialog *dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(dialog);
    g_assert_cmpstr(lp_message_dialog_get_heading(dialog), ==, "The Game Is Open Elsewhere");
    gtk_window_destroy(GTK_WINDOW(dialog));
    g_assert_false(lp_window_start_game(other, lp_game_ui_lookup("buxtehude"), players, 10,
                                        FALSE, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY);
    g_clear_error(&error);
    g_assert_true(g_file_get_contents(path, &after, NULL, NULL));
    g_assert_cmpstr(before, ==, after);
    g_assert_cmpuint(lp_test_count_files(f->dir, "buxtehude-unreadable-"), ==, 0);

    /* The first window goes back to the start page: its claim ends with its game. */
    activate(f, "win.back", NULL);
    g_assert_null(lp_window_get_game(f->window));
    g_assert_true(lp_window_continue_game(other, "buxtehude"));
    g_assert_nonnull(lp_window_get_game(other));
    gtk_window_destroy(GTK_WINDOW(other));
}

/* A damaged save is shown as such; "Move Aside" renames it and keeps it byte for byte. */
static void test_set_aside(Fixture *f, gconstpointer data)
{
    g_autofree char *path = save_path(f, "minden.json");
    LpStartPage *start = LP_START_PAGE(lp_window_get_start_page(f->window));

    g_assert_true(g_file_set_contents(path, "{\"format\": 1, /* hand-edited */}", -1, NULL));
    lp_start_page_refresh(start);
    g_auto(GStrv) kinds = lp_start_page_dup_continue_kinds(start);
    g_assert_true(g_strv_contains((const char *const *)kinds, "minden"));
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.set-aside", "s",
                                             "minden"));
    lp_test_iterate();
    g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
    g_assert_cmpuint(lp_test_count_files(f->dir, "minden-unreadable-"), ==, 1);
    LpMessageDialog *dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(dialog);
    g_assert_nonnull(strstr(lp_message_dialog_get_body(dialog), "minden-unreadable-"));
    g_auto(GStrv) after = lp_start_page_dup_continue_kinds(start);
    g_assert_false(g_strv_contains((const char *const *)after, "minden"));
}

static void test_damaged_save(Fixture *f, gconstpointer data)
{
    static const Damage damages[] = {
        {"empty", "", NULL},
        {"not json", "{\"format\": 1, \"game\": \"buxte", NULL},
        {"not an object", "[1, 2, 3]", NULL},
        {"wrong version", "{\"format\": 99, \"game\": \"buxtehude\"}", NULL},
        {"another game", "{\"format\": 1, \"game\": \"minden\"}", NULL},
    };
    g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func(g_free);

    for (guint i = 0; i < G_N_ELEMENTS(damages); i++) {
        g_autofree char *path = save_path(f, "buxtehude.json");
        g_autoptr(GError) error = NULL;
        g_auto(GStrv) kinds = NULL;
        LpMessageDialog *dialog;
        const char *body;
        guint moved_before = lp_test_count_files(f->dir, "buxtehude-unreadable-");

        g_file_set_contents(path, damages[i].contents, -1, &error);
        g_assert_no_error(error);
        lp_start_page_refresh(LP_START_PAGE(lp_window_get_start_page(f->window)));
        kinds = lp_start_page_dup_continue_kinds(
            LP_START_PAGE(lp_window_get_start_page(f->window)));
        g_assert_true(g_strv_contains((const char *const *)kinds, "buxtehude"));

        g_assert_false(lp_window_continue_game(f->window, "buxtehude"));
        lp_test_iterate();
        dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
        g_assert_nonnull(dialog);
        g_assert_true(gtk_window_get_modal(GTK_WINDOW(dialog)));
        g_assert_true(gtk_window_get_transient_for(GTK_WINDOW(dialog)) ==
                      GTK_WINDOW(f->window));
        g_assert_cmpstr(lp_message_dialog_get_heading(dialog), ==,
                        "The Saved Game Cannot Be Read");
        body = lp_message_dialog_get_body(dialog);
        /* The message names the file and where it went … */
        g_assert_nonnull(strstr(body, path));
        g_assert_nonnull(strstr(body, "buxtehude-unreadable-"));
        g_test_message("%s: %s", damages[i].name, body);
        /* … and each kind of damage has its own explanation. */
        for (guint j = 0; j < messages->len; j++)
            g_assert_cmpstr(body, !=, messages->pdata[j]);
        g_ptr_array_add(messages, g_strdup(body));

        /* The file is moved aside, never deleted; the app stays on the start page. */
        g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
        g_assert_cmpuint(lp_test_count_files(f->dir, "buxtehude-unreadable-"), ==,
                         moved_before + 1);
        g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
        g_assert_null(lp_window_get_game(f->window));
        g_strfreev(kinds);
        kinds = lp_start_page_dup_continue_kinds(
            LP_START_PAGE(lp_window_get_start_page(f->window)));
        g_assert_false(g_strv_contains((const char *const *)kinds, "buxtehude"));

        lp_message_dialog_respond(dialog, "ok");
        lp_test_iterate();
        g_assert_null(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    }
}

static void test_damaged_moved_content(Fixture *f, gconstpointer data)
{
    g_autofree char *path = save_path(f, "minden.json");
    const char *garbage = "\x01\x02 definitely not a saved game";
    g_autoptr(GDir) dir = NULL;
    const char *name;
    gboolean found = FALSE;

    g_assert_true(g_file_set_contents(path, garbage, -1, NULL));
    g_assert_false(lp_window_continue_game(f->window, "minden"));
    lp_test_iterate();
    g_assert_nonnull(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    /* The moved file keeps its bytes. */
    dir = g_dir_open(f->dir, 0, NULL);
    while ((name = g_dir_read_name(dir)) != NULL) {
        if (g_str_has_prefix(name, "minden-unreadable-")) {
            g_autofree char *moved = g_build_filename(f->dir, name, NULL);
            g_autofree char *contents = NULL;

            g_assert_true(g_file_get_contents(moved, &contents, NULL, NULL));
            g_assert_cmpstr(contents, ==, garbage);
            found = TRUE;
        }
    }
    g_assert_true(found);
}

static void test_replace_asks(Fixture *f, gconstpointer data)
{
    g_autofree char *path = save_path(f, "aufachse.json");
    LpMessageDialog *dialog;

    g_assert_true(g_file_set_contents(path, "{}", -1, NULL));
    activate(f, "win.new-game", "aufachse");
    /* There is a saved game: the window asks before it is replaced. */
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(dialog);
    g_assert_cmpstr(lp_message_dialog_get_heading(dialog), ==, "Replace the Saved Game?");
    lp_message_dialog_respond(dialog, "cancel");
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));

    activate(f, "win.new-game", "aufachse");
    dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    lp_message_dialog_respond(dialog, "new");
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "setup");
    /* Only starting the new game replaces the file. */
    g_assert_true(g_file_test(path, G_FILE_TEST_EXISTS));
}

static void test_save_fails(void)
{
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autofree char *blocker = g_build_filename(dir, "not-a-folder", NULL);
    g_autofree char *inside = g_build_filename(blocker, "landpartie", NULL);
    g_autoptr(LpSaveStore) store = NULL;
    g_autoptr(LpGame) template = lp_test_game_new(2, 0);
    g_autoptr(GError) error = NULL;
    LpWindow *window;
    LpMessageDialog *dialog;

    /* A file where the save folder should be: every write fails. */
    g_assert_true(g_file_set_contents(blocker, "", -1, NULL));
    store = lp_save_store_new(inside);
    window = lp_window_new(NULL, store);
    gtk_window_present(GTK_WINDOW(window));
    g_assert_true(lp_window_start_game(window, lp_test_game_ui(), lp_game_get_players(template), 3,
                                       FALSE, &error));
    g_assert_no_error(error);
    lp_test_iterate();
    /* The player is told once and can go on playing. */
    dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(dialog);
    g_assert_cmpstr(lp_message_dialog_get_heading(dialog), ==, "The Game Cannot Be Saved");
    lp_message_dialog_respond(dialog, "ok");
    lp_test_iterate();
    lp_game_action_completed(lp_window_get_game(window));
    lp_game_action_completed(lp_window_get_game(window));
    lp_test_iterate();
    g_assert_null(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_cmpstr(lp_window_get_page_name(window), ==, "game");
    lp_test_close_all_windows();
}

/* "Play Again" waits until the page shows the whole result (issue 10: Buxtehude's header
 * offered it during the step-by-step final scoring, giving the result away). */
static void test_play_again_waits(void)
{
    LpWindow *window = lp_window_new(NULL, NULL);
    g_autoptr(LpGame) template = lp_test_game_new(1, 1);
    gtk_window_present(GTK_WINDOW(window));
    g_assert_true(lp_window_start_game(window, lp_test_game_ui(), lp_game_get_players(template),
                                       3, FALSE, NULL));
    lp_test_iterate();
    g_assert_null(lp_test_find_label(GTK_WIDGET(window), "Play Again"));
    g_autoptr(GPtrArray) pages = lp_test_find_all(GTK_WIDGET(window), LP_TYPE_GAME_PAGE, NULL);
    g_assert_cmpuint(pages->len, ==, 1);
    lp_game_page_set_finished(pages->pdata[0], TRUE);
    lp_test_iterate();
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(window), "Play Again"));
    lp_test_close_all_windows();
}

static void test_speed(void)
{
    /* Computers always pause a little so people can follow, even with animations off. */
    g_assert_cmpuint(lp_pace_ms(LP_ANIMATION_SPEED_OFF, LP_PACE_COMPUTER), ==, 250);
    g_assert_cmpuint(lp_pace_ms(LP_ANIMATION_SPEED_SLOW, LP_PACE_COMPUTER), ==, 1400);
    g_assert_cmpuint(lp_pace_ms(LP_ANIMATION_SPEED_NORMAL, LP_PACE_COMPUTER), ==, 800);
    g_assert_cmpuint(lp_pace_ms(LP_ANIMATION_SPEED_FAST, LP_PACE_COMPUTER), ==, 350);
    /* A window's driver follows the setting while a game runs. */
    g_autoptr(LpSettings) settings = lp_settings_new();
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_SLOW);
    LpWindow *window = g_object_new(LP_TYPE_WINDOW, "settings", settings, NULL);
    g_autoptr(LpGame) template = lp_test_game_new(1, 1);
    g_assert_true(lp_window_start_game(window, lp_test_game_ui(),
                                       lp_game_get_players(template), 3, FALSE, NULL));
    g_assert_true(lp_window_get_settings(window) == settings);
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_FAST);
    g_assert_cmpstr(lp_window_get_page_name(window), ==, "game");
    gtk_window_destroy(GTK_WINDOW(window));
    lp_settings_set_animation_speed(settings, LP_ANIMATION_SPEED_NORMAL);
}

static void test_preferences(void)
{
    g_autoptr(GSettings) settings = g_settings_new("io.github.landpartie.Landpartie");
    g_autoptr(LpSettings) lp_settings = lp_settings_new();
    GtkWidget *prefs = lp_preferences_window_new(NULL, lp_settings);
    g_autoptr(GPtrArray) dropdowns = NULL;
    g_autoptr(GPtrArray) switches = NULL;
    g_autofree char *language = NULL;
    g_autofree char *speed = NULL;

    gtk_window_present(GTK_WINDOW(prefs));
    lp_test_iterate();
    dropdowns = lp_test_find_all(prefs, GTK_TYPE_DROP_DOWN, NULL);
    switches = lp_test_find_all(prefs, GTK_TYPE_SWITCH, NULL);
    g_assert_cmpuint(dropdowns->len, ==, 3); /* language, animation speed, style */
    g_assert_cmpuint(switches->len, ==, 1);

    gtk_drop_down_set_selected(dropdowns->pdata[0], 1);
    language = g_settings_get_string(settings, "language");
    g_assert_cmpstr(language, ==, "de");
    /* A language change needs a restart, and the window says so. */
    g_assert_nonnull(lp_test_find_label(prefs, "after a restart"));

    gtk_drop_down_set_selected(dropdowns->pdata[1], 0);
    speed = g_settings_get_string(settings, "animation-speed");
    g_assert_cmpstr(speed, ==, "off");

    gtk_switch_set_active(switches->pdata[0], FALSE);
    g_assert_false(g_settings_get_boolean(settings, "show-coordinates"));
    gtk_switch_set_active(switches->pdata[0], TRUE);
    g_assert_true(g_settings_get_boolean(settings, "show-coordinates"));
    gtk_window_destroy(GTK_WINDOW(prefs));
    g_settings_reset(settings, "language");
    g_settings_reset(settings, "animation-speed");
}

static gboolean label_has(GtkWidget *root, const char *text)
{
    return lp_test_find_label(root, text) != NULL;
}

static void test_about_and_shortcuts(void)
{
    GtkWidget *about = lp_about_dialog_new(NULL);
    GtkWidget *shortcuts = lp_shortcuts_window_new(NULL);

    g_assert_cmpstr(gtk_about_dialog_get_program_name(GTK_ABOUT_DIALOG(about)), ==,
                    "Landpartie");
    g_assert_cmpint(gtk_about_dialog_get_license_type(GTK_ABOUT_DIALOG(about)), ==,
                    GTK_LICENSE_GPL_3_0);
    g_assert_nonnull(gtk_about_dialog_get_authors(GTK_ABOUT_DIALOG(about)));
    gtk_window_present(GTK_WINDOW(about));
    lp_test_iterate();
    g_assert_true(label_has(about, "Landpartie"));
    gtk_window_destroy(GTK_WINDOW(about));

    g_assert_true(GTK_IS_SHORTCUTS_WINDOW(shortcuts));
    gtk_window_destroy(GTK_WINDOW(shortcuts));
}

static gboolean shortcuts_laid_out(gpointer data)
{
    return gtk_widget_get_mapped(data) && gtk_widget_get_height(data) > 0;
}

static void assert_shortcuts_open_at(Fixture *f, const char *kind)
{
    GtkWidget *shortcuts = lp_shortcuts_window_new(GTK_WINDOW(f->window));
    g_autofree char *shown = NULL;

    g_object_get(shortcuts, "section-name", &shown, NULL);
    g_assert_cmpstr(shown, ==, kind);
    gtk_window_destroy(GTK_WINDOW(shortcuts));
}

/* Issue 13: the keys of the app and of each game, one section each, so that a section fits
 * a 1024×600 screen on one page (the window was two pages, wider than the screen, with
 * tabs read as "_1" and "_2"). It opens at the game being set up, explained or played. */
static void test_shortcuts_sections(Fixture *f, gconstpointer data)
{
    static const char *const kinds[] = {"buxtehude", "minden", "aufachse"};
    GtkWidget *shortcuts;

    assert_shortcuts_open_at(f, "general");
    shortcuts = lp_shortcuts_window_new(GTK_WINDOW(f->window));
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(shortcuts)), ==, "Keyboard Shortcuts");
    gtk_window_present(GTK_WINDOW(shortcuts));
    g_assert_true(lp_test_wait_for(shortcuts_laid_out, shortcuts));
    g_assert_cmpint(gtk_widget_get_width(shortcuts), <=, 1024);
    g_assert_cmpint(gtk_widget_get_height(shortcuts), <=, 600);
    /* No section needs a second page. */
    g_autoptr(GPtrArray) switchers = lp_test_find_all(shortcuts, GTK_TYPE_STACK_SWITCHER, NULL);
    g_assert_cmpuint(switchers->len, ==, 4);
    for (guint i = 0; i < switchers->len; i++)
        g_assert_false(gtk_widget_get_visible(switchers->pdata[i]));
    gtk_window_destroy(GTK_WINDOW(shortcuts));

    for (guint i = 0; i < G_N_ELEMENTS(kinds); i++) {
        g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
        g_autoptr(GError) error = NULL;

        activate(f, "win.new-game", kinds[i]);
        assert_shortcuts_open_at(f, kinds[i]);
        activate(f, "win.how-to-current", NULL);
        g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "howto");
        assert_shortcuts_open_at(f, kinds[i]);
        activate(f, "win.back", NULL);
        activate(f, "win.back", NULL);

        /* During a game. */
        g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_HUMAN,
                                               LP_LEVEL_NORMAL));
        g_ptr_array_add(players, lp_player_new("Ben", 11, "#3584e4", LP_PLAYER_COMPUTER,
                                               LP_LEVEL_NORMAL));
        g_assert_true(lp_window_start_game(f->window, lp_game_ui_lookup(kinds[i]), players, 9,
                                           FALSE, &error));
        g_assert_no_error(error);
        assert_shortcuts_open_at(f, kinds[i]);
        activate(f, "win.show-start", NULL);
    }
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add("/window/pages-built-when-shown", Fixture, NULL, fixture_set_up,
               test_pages_built_when_shown, fixture_tear_down);
    g_test_add("/window/navigation", Fixture, NULL, fixture_set_up, test_navigation,
               fixture_tear_down);
    g_test_add("/window/hosting", Fixture, NULL, fixture_set_up, test_hosting,
               fixture_tear_down);
    g_test_add("/window/continue-resumes", Fixture, NULL, fixture_set_up,
               test_continue_resumes, fixture_tear_down);
    g_test_add("/window/pages-freed", Fixture, NULL, fixture_set_up, test_pages_freed,
               fixture_tear_down);
    g_test_add("/window/second-window", Fixture, NULL, fixture_set_up, test_second_window,
               fixture_tear_down);
    g_test_add("/window/set-aside", Fixture, NULL, fixture_set_up, test_set_aside,
               fixture_tear_down);
    g_test_add("/window/damaged-save", Fixture, NULL, fixture_set_up, test_damaged_save,
               fixture_tear_down);
    g_test_add("/window/damaged-save-keeps-bytes", Fixture, NULL, fixture_set_up,
               test_damaged_moved_content, fixture_tear_down);
    g_test_add("/window/replace-asks", Fixture, NULL, fixture_set_up, test_replace_asks,
               fixture_tear_down);
    g_test_add_func("/window/save-fails", test_save_fails);
    g_test_add_func("/window/speed", test_speed);
    g_test_add_func("/window/play-again-waits", test_play_again_waits);
    g_test_add_func("/window/preferences", test_preferences);
    g_test_add_func("/window/about-and-shortcuts", test_about_and_shortcuts);
    g_test_add("/window/shortcuts-sections", Fixture, NULL, fixture_set_up,
               test_shortcuts_sections, fixture_tear_down);
    return g_test_run();
}
