/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Joining a game hosted on another device, in the window (issue 31): the join page, the game
 * page on a mirror for the seat with no privacy screen, one move through the host, a new
 * page carried over for each view, the seat token and rejoining, and a wrong code. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "lp-game-page.h"
#include "lp-games.h"
#include "lp-join-page.h"
#include "lp-join-session.h"
#include "lp-message-dialog.h"
#include "minden-ai.h"
#include "lp-net-table.h"
#include "lp-test-host.h"
#include "lp-test-util.h"
#include "lp-window.h"

#define CODE "314159"

typedef struct {
    char *dir;
    LpSaveStore *store;
    LpWindow *window;
    LpTestHost *host;
} Fixture;

static void fixture_set_up(Fixture *f, gconstpointer data)
{
    const gboolean remote[] = {TRUE, FALSE};

    f->dir = lp_test_make_temp_dir();
    f->store = lp_save_store_new(f->dir);
    f->window = lp_window_new(NULL, f->store);
    gtk_window_present(GTK_WINDOW(f->window));
    lp_test_iterate();
    f->host = lp_test_host_new("minden", 2, remote, CODE, 7);
}

static void fixture_tear_down(Fixture *f, gconstpointer data)
{
    lp_test_close_all_windows();
    g_clear_pointer(&f->host, lp_test_host_free);
    g_clear_object(&f->store);
    g_free(f->dir);
}

static gboolean timed_out(gpointer data)
{
    *(gboolean *)data = TRUE;
    return G_SOURCE_REMOVE;
}

/* Network round trips take longer than lp_test_wait_for's two seconds under a sanitizer. */
static gboolean wait_long(gboolean (*pred)(gpointer), gpointer data, guint seconds)
{
    gboolean late = FALSE;
    guint id = g_timeout_add_seconds(seconds, timed_out, &late);

    while (!pred(data) && !late)
        g_main_context_iteration(NULL, TRUE);
    if (!late)
        g_source_remove(id);
    return pred(data);
}

static GtkWidget *join_page(Fixture *f)
{
    return lp_window_get_join_page(f->window);
}

static GtkWidget *entry(Fixture *f, guint index)
{
    g_autoptr(GPtrArray) entries = lp_test_find_all(join_page(f), GTK_TYPE_ENTRY, NULL);

    g_assert_cmpuint(entries->len, ==, 3);
    return entries->pdata[index];
}

static GtkWidget *join_button(Fixture *f)
{
    g_autoptr(GPtrArray) buttons = lp_test_find_all(join_page(f), GTK_TYPE_BUTTON, NULL);

    for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0(gtk_button_get_label(buttons->pdata[i]), "_Join") == 0)
            return buttons->pdata[i];
    g_assert_not_reached();
}

static void fill_and_join(Fixture *f, const char *code)
{
    gtk_editable_set_text(GTK_EDITABLE(entry(f, 0)), lp_test_host_get_address(f->host));
    gtk_editable_set_text(GTK_EDITABLE(entry(f, 1)), code);
    gtk_editable_set_text(GTK_EDITABLE(entry(f, 2)), "Anna");
    lp_test_iterate();
    g_assert_true(gtk_widget_is_sensitive(join_button(f)));
    g_signal_emit_by_name(join_button(f), "clicked");
}

static gboolean in_game(gpointer data)
{
    Fixture *f = data;
    return g_strcmp0(lp_window_get_page_name(f->window), "game") == 0 &&
           lp_window_get_game_page(f->window) != NULL;
}

typedef struct {
    Fixture *f;
    GtkWidget *old_page;
    guint played;
} Move;

static gboolean next_page_shown(gpointer data)
{
    Move *m = data;
    GtkWidget *page = lp_window_get_game_page(m->f->window);
    return lp_test_host_get_n_played(m->f->host) > m->played && page != m->old_page &&
           gtk_widget_get_mapped(page);
}

static gboolean decision_made(gpointer data)
{
    Fixture *f = data;
    LpGame *mirror = lp_game_page_get_game(LP_GAME_PAGE(lp_window_get_game_page(f->window)));
    /* What a click would do: the seat's move function on the mirror; the window's table
     * sends the request. */
    return minden_ai_move(mirror);
}

static void test_join_and_play(Fixture *f, gconstpointer data)
{
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.join", NULL));
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "join");
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(f->window)), ==, "Join a Game");

    /* What a screen reader finds (the end-to-end test looks for exactly these). */
    g_autofree char *said = lp_test_widget_text(join_page(f));
    for (guint i = 0; i < 4; i++) {
        const char *name = (const char *[]){"Address", "Join code", "Your name", "Join"}[i];
        g_autofree char *line = g_strdup_printf("\n%s\n", name);
        g_autofree char *framed = g_strdup_printf("\n%s\n", said);
        if (strstr(framed, line) == NULL)
            g_error("the join page does not name “%s”:\n%s", name, said);
    }
    /* Each field is named by its own label only (GTK 4.8 would say "Address Address"). */
    for (guint i = 0; i < 3; i++) {
        const char *name = (const char *[]){"Address", "Join code", "Your name"}[i];
        g_autofree char *wrong = gtk_test_accessible_check_property(
            GTK_ACCESSIBLE(entry(f, i)), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
        g_assert_null(wrong);
        g_assert_false(gtk_test_accessible_has_relation(GTK_ACCESSIBLE(entry(f, i)),
                                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY));
    }
    /* The name is filled in; Join waits for an address and a whole code. */
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(entry(f, 2))), !=, "");
    gtk_editable_set_text(GTK_EDITABLE(entry(f, 0)), "");
    gtk_editable_set_text(GTK_EDITABLE(entry(f, 1)), "31415");
    lp_test_iterate();
    g_assert_false(gtk_widget_is_sensitive(join_button(f)));

    fill_and_join(f, "314 159");
    g_assert_true(wait_long(in_game, f, 15));

    /* The game page of Minden, on a mirror of seat 0's view, with no privacy screen. */
    GtkWidget *page = lp_window_get_game_page(f->window);
    LpGame *mirror = lp_game_page_get_game(LP_GAME_PAGE(page));
    g_assert_true(lp_game_is_mirror(mirror));
    g_assert_cmpint(lp_game_get_viewer(mirror), ==, 0);
    g_assert_cmpstr(lp_game_get_kind(mirror), ==, "minden");
    g_assert_null(lp_game_page_get_privacy_screen(LP_GAME_PAGE(page)));
    g_assert_true(gtk_widget_get_mapped(page));
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(f->window)), ==,
                    lp_game_ui_lookup("minden")->game_class->name);
    g_autofree char *subtitle =
        g_strdup_printf("Joined 127.0.0.1:%u", lp_test_host_get_port(f->host));
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(f->window), subtitle));
    g_assert_cmpstr(lp_net_host_get_seat_name(lp_test_host_get_net(f->host), 0), ==, "Anna");

    /* One move: the page's model asks, the host plays it, a new view comes, and a new page
     * over a new mirror takes the old one's place. */
    Move m = {.f = f, .old_page = page, .played = lp_test_host_get_n_played(f->host)};
    g_object_add_weak_pointer(G_OBJECT(page), (gpointer *)&m.old_page);
    guint64 before = lp_game_get_n_actions(mirror);
    g_assert_true(wait_long(decision_made, f, 10));
    g_assert_true(wait_long(next_page_shown, &m, 10));
    GtkWidget *now = lp_window_get_game_page(f->window);
    LpGame *next = lp_game_page_get_game(LP_GAME_PAGE(now));
    g_assert_true(next != mirror || m.old_page == NULL);
    g_assert_cmpuint(lp_game_get_n_actions(next), >, before);
    g_assert_true(gtk_widget_get_mapped(now));
    /* The old page has left the window: only one page is there, the newest. */
    g_autoptr(GPtrArray) pages = lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_GAME_PAGE, NULL);
    g_assert_cmpuint(pages->len, ==, 1);
    g_assert_true(pages->pdata[0] == now);
    if (m.old_page != NULL)
        g_object_remove_weak_pointer(G_OBJECT(m.old_page), (gpointer *)&m.old_page);

    /* The host keeps the game: no save and no statistics here. */
    g_assert_cmpuint(lp_test_count_files(f->dir, ""), ==, 0);
    /* The seat token is on disk. */
    g_autofree char *tokens_path = lp_net_table_default_tokens_path();
    g_assert_true(g_file_test(tokens_path, G_FILE_TEST_EXISTS));

    /* Back asks first; leaving keeps the seat reserved at the host. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.back", NULL));
    lp_test_iterate();
    LpMessageDialog *dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(dialog);
    g_assert_cmpstr(lp_message_dialog_get_heading(dialog), ==, "Leave the Game?");
    lp_message_dialog_respond(dialog, "leave");
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
    g_assert_null(lp_window_get_game_page(f->window));

    /* Joining again takes the same seat: it is the only remote one, and it is taken, so only
     * the token kept on disk can get it. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.join", NULL));
    lp_test_iterate();
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(entry(f, 0))), ==,
                    lp_test_host_get_address(f->host));
    g_signal_emit_by_name(join_button(f), "clicked");
    g_assert_true(wait_long(in_game, f, 15));
    page = lp_window_get_game_page(f->window);
    g_assert_cmpint(lp_game_get_viewer(lp_game_page_get_game(LP_GAME_PAGE(page))), ==, 0);
    g_assert_true(lp_net_host_seat_is_connected(lp_test_host_get_net(f->host), 0));

    /* The menu's Statistics asks the same question as Back: Cancel stays in the game ... */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.statistics", NULL));
    lp_test_iterate();
    dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(dialog);
    g_assert_cmpstr(lp_message_dialog_get_heading(dialog), ==, "Leave the Game?");
    lp_message_dialog_respond(dialog, "cancel");
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    g_assert_true(lp_net_host_seat_is_connected(lp_test_host_get_net(f->host), 0));
    /* ... and Leave goes where the menu said. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.statistics", NULL));
    lp_test_iterate();
    dialog = LP_MESSAGE_DIALOG(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_nonnull(dialog);
    lp_message_dialog_respond(dialog, "leave");
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "stats");
    g_assert_null(lp_window_get_game_page(f->window));
}

static gboolean refusal_shown(gpointer data)
{
    Fixture *f = data;
    return lp_test_find_label(GTK_WIDGET(f->window), "The host did not take that move") != NULL;
}

/* A move the host refuses: no view comes for it, so the window puts up a new page over the
 * same view (a page asks once per decision) and says why in its bar. */
static void test_refused(Fixture *f, gconstpointer data)
{
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.join", NULL));
    lp_test_iterate();
    fill_and_join(f, "314 159");
    g_assert_true(wait_long(in_game, f, 15));
    /* The host's computer has made its moves. */
    for (guint i = 0; i < 20; i++)
        lp_test_iterate();
    GtkWidget *page = lp_window_get_game_page(f->window);
    LpGame *mirror = lp_game_page_get_game(LP_GAME_PAGE(page));
    g_object_add_weak_pointer(G_OBJECT(page), (gpointer *)&page);
    g_autoptr(JsonNode) bogus = json_from_string("{\"type\": \"tip\"}", NULL);
    g_assert_nonnull(bogus);
    g_signal_emit_by_name(mirror, "action-requested", bogus);
    g_assert_true(wait_long(refusal_shown, f, 10));
    GtkWidget *now = lp_window_get_game_page(f->window);
    g_assert_true(now != page);
    g_assert_true(lp_game_page_get_game(LP_GAME_PAGE(now)) == mirror);
    g_assert_true(gtk_widget_get_mapped(now));
    if (page != NULL)
        g_object_remove_weak_pointer(G_OBJECT(page), (gpointer *)&page);
}

static gboolean error_shown(gpointer data)
{
    Fixture *f = data;
    return lp_test_find_label(join_page(f), "join code is wrong") != NULL;
}

static void test_wrong_code(Fixture *f, gconstpointer data)
{
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.join", NULL));
    lp_test_iterate();
    fill_and_join(f, "271828");
    g_assert_true(wait_long(error_shown, f, 10));
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "join");
    /* Join can be pressed again at once, with the right code. */
    g_assert_true(gtk_widget_is_sensitive(join_button(f)));
    g_autofree char *tokens_path = lp_net_table_default_tokens_path();
    g_assert_false(g_file_test(tokens_path, G_FILE_TEST_EXISTS));
}

static gboolean lost_shown(gpointer data)
{
    Fixture *f = data;
    return lp_test_find_label(GTK_WIDGET(f->window), "Connection to the host lost") != NULL;
}

static gboolean lost_hidden(gpointer data)
{
    return !lost_shown(data);
}

static void test_connection_lost(Fixture *f, gconstpointer data)
{
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.join", NULL));
    lp_test_iterate();
    fill_and_join(f, CODE);
    g_assert_true(wait_long(in_game, f, 15));
    GtkWidget *page = lp_window_get_game_page(f->window);

    /* The host restarts: the game stays on the screen and a bar says what happens … */
    lp_test_host_restart(f->host);
    g_assert_true(wait_long(lost_shown, f, 10));
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    g_assert_true(lp_window_get_game_page(f->window) == page);
    /* … until the seat is taken back by itself and a new view comes. */
    g_assert_true(wait_long(lost_hidden, f, 10));
    g_assert_true(lp_net_host_seat_is_connected(lp_test_host_get_net(f->host), 0));
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
}

typedef struct {
    Fixture *f;
    GtkWidget *seen; /* the page a decision was last tried on */
} Play;

/* Plays seat 0 through the window's newest page, one decision per view, until the page has
 * shown the end. */
static gboolean played_to_end(gpointer data)
{
    Play *p = data;
    GtkWidget *page = lp_window_get_game_page(p->f->window);

    if (page == NULL)
        return FALSE;
    LpGame *mirror = lp_game_page_get_game(LP_GAME_PAGE(page));
    if (lp_game_is_over(mirror))
        return lp_game_page_get_finished(LP_GAME_PAGE(page));
    if (page != p->seen) {
        p->seen = page;
        minden_ai_move(mirror);
    }
    return FALSE;
}

static gboolean over_bar_shown(gpointer data)
{
    Fixture *f = data;
    return lp_test_find_label(GTK_WIDGET(f->window), "The game is over.") != NULL;
}

static void test_play_to_the_end(Fixture *f, gconstpointer data)
{
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.join", NULL));
    lp_test_iterate();
    fill_and_join(f, CODE);
    g_assert_true(wait_long(in_game, f, 15));

    Play p = {.f = f};
    g_assert_true(wait_long(played_to_end, &p, 90));
    g_assert_true(lp_game_is_over(lp_test_host_get_game(f->host)));
    /* The page's own end, and the way back to the start; no Play Again (the host decides
     * about another game). */
    g_assert_true(wait_long(over_bar_shown, f, 5));
    g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(f->window), GTK_TYPE_BUTTON, NULL);
    for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0(gtk_button_get_label(buttons->pdata[i]), "Play _Again") == 0)
            g_assert_false(gtk_widget_get_visible(buttons->pdata[i]));
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    g_assert_cmpuint(lp_test_count_files(f->dir, ""), ==, 0);
    /* Over: Back leaves without asking. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.back", NULL));
    lp_test_iterate();
    g_assert_null(lp_test_find_toplevel(LP_TYPE_MESSAGE_DIALOG));
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "start");
}

static gboolean failed_shown(gpointer data)
{
    Fixture *f = data;
    return lp_test_find_label(GTK_WIDGET(f->window), "connection to the host is lost") != NULL;
}

static gboolean unreachable_shown(gpointer data)
{
    Fixture *f = data;
    return lp_test_find_label(join_page(f), "Cannot reach the host") != NULL;
}

static void test_lost_for_good(Fixture *f, gconstpointer data)
{
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.join", NULL));
    lp_test_iterate();
    fill_and_join(f, CODE);
    g_assert_true(wait_long(in_game, f, 15));
    /* Half a minute is the real patience; a second is enough to see what follows it. */
    g_autoptr(GPtrArray) sessions =
        lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_JOIN_SESSION, NULL);
    g_assert_cmpuint(sessions->len, ==, 1);
    lp_net_table_set_patience(lp_join_session_get_table(sessions->pdata[0]), 1);

    lp_test_host_stop(f->host);
    g_assert_true(wait_long(failed_shown, f, 10));
    /* The game stays in view, with a way to join again. */
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    GtkWidget *again = NULL;
    g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(f->window), GTK_TYPE_BUTTON, NULL);
    for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0(gtk_button_get_label(buttons->pdata[i]), "_Join Again") == 0)
            again = buttons->pdata[i];
    g_assert_nonnull(again);
    g_assert_true(gtk_widget_get_mapped(again));
    /* Joining again goes through the join page with what was typed; the host is still
     * away, and the page says so. */
    g_signal_emit_by_name(again, "clicked");
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "join");
    g_assert_true(wait_long(unreachable_shown, f, 15));
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(entry(f, 1))), ==, CODE);
}

int main(int argc, char **argv)
{
    g_setenv("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
    lp_test_init(&argc, &argv);
    g_test_add("/join/join-and-play", Fixture, NULL, fixture_set_up, test_join_and_play,
               fixture_tear_down);
    g_test_add("/join/refused", Fixture, NULL, fixture_set_up, test_refused, fixture_tear_down);
    g_test_add("/join/wrong-code", Fixture, NULL, fixture_set_up, test_wrong_code,
               fixture_tear_down);
    g_test_add("/join/connection-lost", Fixture, NULL, fixture_set_up, test_connection_lost,
               fixture_tear_down);
    g_test_add("/join/play-to-the-end", Fixture, NULL, fixture_set_up, test_play_to_the_end,
               fixture_tear_down);
    g_test_add("/join/lost-for-good", Fixture, NULL, fixture_set_up, test_lost_for_good,
               fixture_tear_down);
    return g_test_run();
}
