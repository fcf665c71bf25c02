/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hosting from the window (issue 31): the setup page's "On another device", the lobby with
 * its code, address and port, a device (an in-process LpNetClient) that joins, the game that
 * starts with that seat remote, the seats file beside the save, Continue with the same
 * code, a computer that stands in for a device that left, and the port closed after. */
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#include <sys/stat.h>

#include "lp-host-banner.h"
#include "lp-host-session.h"
#include "lp-lobby-page.h"
#include "lp-net-client.h"
#include "lp-setup-page.h"
#include "lp-test-util.h"
#include "lp-window.h"

typedef struct {
    char *dir;
    LpSaveStore *store;
    LpWindow *window;
} Fixture;

/* What a device (the client) has heard. */
typedef struct {
    LpNetClient *client;
    int seat;
    char *token;
    guint failed_code;
    gboolean failed;
    gboolean closed;
    guint views;
} Device;

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

/* Network round trips take more turns of the loop than lp_test_wait_for's two seconds may
 * give on a busy machine. */
static gboolean wait_long(gboolean (*pred)(gpointer data), gpointer data)
{
    gint64 end = g_get_monotonic_time() + 15 * G_USEC_PER_SEC;

    while (!pred(data) && g_get_monotonic_time() < end) {
        if (!g_main_context_iteration(NULL, FALSE))
            g_usleep(2000);
    }
    return pred(data);
}

static void on_joined(LpNetClient *client, int seat, const char *token, Device *d)
{
    d->seat = seat;
    g_free(d->token);
    d->token = g_strdup(token);
}

static void on_failed(LpNetClient *client, guint code, const char *message, Device *d)
{
    d->failed = TRUE;
    d->failed_code = code;
}

static void on_closed(LpNetClient *client, const char *reason, Device *d)
{
    d->closed = TRUE;
}

static void on_view(LpNetClient *client, JsonNode *view, Device *d)
{
    d->views++;
}

/* The client may outlive the test's reference (its own operations hold it): it must not
 * report to a Device that is gone. */
static void device_forget(Device *d)
{
    if (d->client == NULL)
        return;
    g_signal_handlers_disconnect_by_data(d->client, d);
    lp_net_client_close(d->client);
    g_clear_object(&d->client);
}

static void device_connect(Device *d, guint16 port, const char *code, const char *name,
                           const char *token)
{
    g_autofree char *url = g_strdup_printf("ws://127.0.0.1:%u/ws", port);
    LpNetJoin join = {.code = code, .name = name, .token = token, .seat = -1};

    device_forget(d);
    d->seat = -1;
    d->failed = d->closed = FALSE;
    d->views = 0;
    d->client = lp_net_client_new();
    g_signal_connect(d->client, "joined", G_CALLBACK(on_joined), d);
    g_signal_connect(d->client, "failed", G_CALLBACK(on_failed), d);
    g_signal_connect(d->client, "closed", G_CALLBACK(on_closed), d);
    g_signal_connect(d->client, "view", G_CALLBACK(on_view), d);
    lp_net_client_connect(d->client, url, &join);
}

static void device_clear(Device *d)
{
    device_forget(d);
    g_clear_pointer(&d->token, g_free);
}

static gboolean device_answered(gpointer data)
{
    Device *d = data;
    return d->seat >= 0 || d->failed || d->closed;
}

static gboolean device_has_view(gpointer data)
{
    return ((Device *)data)->views > 0;
}

static gboolean device_closed(gpointer data)
{
    return ((Device *)data)->closed;
}

/* The lobby row an assistive technology finds by name, and its value: the first label. */
static GtkWidget *find_row(GtkWidget *root, const char *name)
{
    g_autoptr(GPtrArray) rows = lp_test_find_all(root, GTK_TYPE_LIST_BOX_ROW, NULL);

    for (guint i = 0; i < rows->len; i++) {
        g_autofree char *problem = gtk_test_accessible_check_property(
            GTK_ACCESSIBLE(rows->pdata[i]), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
        if (problem == NULL)
            return rows->pdata[i];
    }
    return NULL;
}

static char *row_value(GtkWidget *root, const char *name)
{
    GtkWidget *row = find_row(root, name);
    g_assert_nonnull(row);
    g_autoptr(GPtrArray) labels = lp_test_find_all(row, GTK_TYPE_LABEL, NULL);
    g_assert_cmpuint(labels->len, >, 0);
    return lp_test_without_isolates(gtk_label_get_text(labels->pdata[0]));
}

static GtkWidget *lobby(Fixture *f)
{
    g_autoptr(GPtrArray) pages = lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_LOBBY_PAGE,
                                                  NULL);
    g_assert_cmpuint(pages->len, ==, 1);
    return pages->pdata[0];
}

static GtkWidget *start_button(Fixture *f)
{
    GtkWidget *label = lp_test_find_label(lobby(f), "Start Game");
    g_assert_nonnull(label);
    return gtk_widget_get_ancestor(label, GTK_TYPE_BUTTON);
}

/* The header bar's button follows "win.play-again" being enabled. */
static GtkWidget *play_again_button(Fixture *f)
{
    g_autoptr(GPtrArray) buttons = lp_test_find_all(GTK_WIDGET(f->window), GTK_TYPE_BUTTON, NULL);

    for (guint i = 0; i < buttons->len; i++)
        if (g_strcmp0(gtk_button_get_label(buttons->pdata[i]), "Play _Again") == 0)
            return buttons->pdata[i];
    g_assert_not_reached();
}

static gboolean port_is_open(guint16 port)
{
    g_autoptr(GSocketClient) client = g_socket_client_new();
    g_autoptr(GSocketConnection) connection =
        g_socket_client_connect_to_host(client, "127.0.0.1", port, NULL, NULL);
    return connection != NULL;
}

/* Minden for Anna here and one seat on another device, through the setup page. */
static void host_from_setup(Fixture *f, LpSeatKind first)
{
    LpSetupPage *setup = LP_SETUP_PAGE(lp_window_get_setup_page(f->window));
    g_autoptr(GSettings) settings = g_settings_new("io.github.landpartie.Landpartie");

    g_settings_reset(settings, "last-lineup");
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.new-game", "s",
                                             "minden"));
    lp_test_iterate();
    lp_setup_page_set_seat(setup, 0, "Anna", "", 0, first);
    /* No name typed: the seat takes the name its device gives. */
    lp_setup_page_set_seat(setup, 1, "", "", 1, LP_SEAT_REMOTE);
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.start-game", NULL));
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "lobby");
}

static char *seats_path(Fixture *f)
{
    return g_build_filename(f->dir, "minden.seats.json", NULL);
}

static void test_host_and_join(Fixture *f, gconstpointer data)
{
    Device wrong = {.seat = -1}, bob = {.seat = -1};

    host_from_setup(f, LP_SEAT_HUMAN);
    LpHostSession *session = lp_window_get_host_session(f->window);
    g_assert_nonnull(session);
    g_assert_cmpstr(gtk_window_get_title(GTK_WINDOW(f->window)), ==, "Lobby");

    /* Six digits, the address and the port, each a row found by its name. */
    /* Focus starts on the code: a screen reader says it first. */
    GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(f->window));
    g_assert_true(focus == find_row(lobby(f), "Join code"));
    /* Grouped as "123 456", the way the join page takes it. */
    g_autofree char *shown = row_value(lobby(f), "Join code");
    g_assert_cmpuint(strlen(shown), ==, 7);
    g_assert_cmpint(shown[3], ==, ' ');
    g_autofree char *code = g_strconcat((char[]){shown[0], shown[1], shown[2], 0}, shown + 4,
                                        NULL);
    g_assert_cmpuint(strlen(code), ==, 6);
    for (const char *c = code; *c; c++)
        g_assert_true(g_ascii_isdigit(*c));
    g_assert_cmpstr(code, ==, lp_host_session_get_code(session));
    g_autofree char *port_text = row_value(lobby(f), "Port");
    guint16 port = lp_host_session_get_port(session);
    g_assert_cmpuint(port, >, 0);
    g_autofree char *expected_port = g_strdup_printf("%u", port);
    g_assert_cmpstr(port_text, ==, expected_port);
    g_autofree char *address = row_value(lobby(f), "Address");
    g_assert_cmpuint(strlen(address), >, 0);
    g_autofree char *anna = row_value(lobby(f), "Anna");
    g_assert_cmpstr(anna, ==, "Here");
    g_autofree char *free_seat = row_value(lobby(f), "Player 2");
    g_assert_cmpstr(free_seat, ==, "Waiting for a device…");
    g_assert_false(gtk_widget_is_sensitive(start_button(f)));
    g_assert_true(port_is_open(port));

    /* A wrong code is refused and takes no seat. */
    device_connect(&wrong, port, g_str_equal(code, "000000") ? "111111" : "000000", "Eve",
                   NULL);
    g_assert_true(wait_long(device_answered, &wrong));
    g_assert_true(wrong.failed);
    g_assert_cmpuint(wrong.failed_code, ==, LP_NET_ERROR_BAD_CODE);
    g_assert_cmpint(wrong.seat, ==, -1);
    g_assert_false(gtk_widget_is_sensitive(start_button(f)));

    /* The right code takes the free seat; the lobby says so and Start can be pressed. */
    device_connect(&bob, port, code, "Bob", NULL);
    g_assert_true(wait_long(device_answered, &bob));
    g_assert_false(bob.failed);
    g_assert_cmpint(bob.seat, ==, 1);
    lp_test_iterate();
    g_autofree char *taken = row_value(lobby(f), "Player 2");
    g_assert_cmpstr(taken, ==, "Taken by Bob");
    g_assert_true(gtk_widget_is_sensitive(start_button(f)));

    g_assert_true(gtk_widget_activate_action(lobby(f), "lobby.start", NULL));
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    LpGame *game = lp_window_get_game(f->window);
    g_assert_nonnull(game);
    g_assert_false(lp_game_is_seat_remote(game, 0));
    g_assert_true(lp_game_is_seat_remote(game, 1));
    g_assert_cmpstr(lp_player_get_name(lp_game_get_player(game, 1)), ==, "Bob");
    /* One person at this screen: no privacy screen. */
    g_assert_cmpuint(lp_game_count_local_people(game), ==, 1);
    g_autoptr(GPtrArray) pages = lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_GAME_PAGE,
                                                  NULL);
    g_assert_cmpuint(pages->len, ==, 1);
    g_assert_null(lp_game_page_get_privacy_screen(pages->pdata[0]));
    g_assert_true(lp_window_get_host_session(f->window) == session);
    /* The device sees its seat's view. */
    g_assert_true(wait_long(device_has_view, &bob));

    /* The seats are kept beside the save, for the host's eyes only. */
    g_autofree char *seats = seats_path(f);
    GStatBuf st;
    g_assert_cmpint(g_stat(seats, &st), ==, 0);
    g_assert_cmpint(st.st_mode & 0777, ==, 0600);
    g_autofree char *text = NULL;
    g_assert_true(g_file_get_contents(seats, &text, NULL, NULL));
    g_assert_nonnull(strstr(text, code));
    g_assert_nonnull(strstr(text, bob.token));
    lp_save_store_flush(f->store, NULL);
    g_assert_true(lp_save_store_has(f->store, "minden"));

    /* Play Again would seat Bob at this screen: not offered for a hosted game. */
    g_assert_false(gtk_widget_get_sensitive(play_again_button(f)));

    /* Leaving the game ends the hosting: the device is told, the port closes. */
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.show-start", NULL));
    lp_test_iterate();
    g_assert_null(lp_window_get_host_session(f->window));
    g_assert_true(wait_long(device_closed, &bob));
    g_assert_false(port_is_open(port));
    device_clear(&wrong);
    device_clear(&bob);
}

static gboolean page_is_game(gpointer data)
{
    return g_strcmp0(lp_window_get_page_name(data), "game") == 0;
}

/* Continue reopens the lobby with the same code; the device rejoins with its token and the
 * game goes on by itself. Cancel in the lobby leaves the save as it was. */
static void test_continue_rejoins(Fixture *f, gconstpointer data)
{
    Device bob = {.seat = -1};
    /* The default port taken (by us, or by whoever has it): the game gets another one. */
    GSocketListener *squatter = g_socket_listener_new();
    g_socket_listener_add_inet_port(squatter, LP_NET_DEFAULT_PORT, NULL, NULL);

    host_from_setup(f, LP_SEAT_HUMAN);
    g_socket_listener_close(squatter);
    g_object_unref(squatter);
    LpHostSession *session = lp_window_get_host_session(f->window);
    g_assert_cmpuint(lp_host_session_get_port(session), !=, LP_NET_DEFAULT_PORT);
    g_autofree char *code = g_strdup(lp_host_session_get_code(session));
    guint16 port = lp_host_session_get_port(session);
    device_connect(&bob, port, code, "Bob", NULL);
    g_assert_true(wait_long(device_answered, &bob));
    g_assert_cmpint(bob.seat, ==, 1);
    g_assert_true(gtk_widget_activate_action(lobby(f), "lobby.start", NULL));
    lp_test_iterate();
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "game");
    g_autofree char *token = g_strdup(bob.token);
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.show-start", NULL));
    lp_test_iterate();
    lp_save_store_flush(f->store, NULL);
    g_assert_true(wait_long(device_closed, &bob));

    g_assert_true(lp_window_continue_game(f->window, "minden"));
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "lobby");
    session = lp_window_get_host_session(f->window);
    /* The same code and port: the device finds the game where it left it. */
    g_assert_cmpstr(lp_host_session_get_code(session), ==, code);
    g_assert_cmpuint(lp_host_session_get_port(session), ==, port);
    g_assert_null(lp_test_find_label(lobby(f), "could not be read"));
    g_autofree char *waiting = row_value(lobby(f), "Bob");
    g_assert_cmpstr(waiting, ==, "Taken by Bob, not connected");

    device_connect(&bob, lp_host_session_get_port(session), code, "Bob", token);
    g_assert_true(wait_long(device_answered, &bob));
    g_assert_cmpint(bob.seat, ==, 1);
    /* All devices back: the game goes on without anybody pressing Start. */
    g_assert_true(wait_long(page_is_game, f->window));
    g_assert_true(lp_game_is_seat_remote(lp_window_get_game(f->window), 1));
    device_clear(&bob);
}

static void test_corrupt_seats_file(Fixture *f, gconstpointer data)
{
    host_from_setup(f, LP_SEAT_HUMAN);
    LpHostSession *session = lp_window_get_host_session(f->window);
    g_autofree char *old_code = g_strdup(lp_host_session_get_code(session));
    Device bob = {.seat = -1};
    device_connect(&bob, lp_host_session_get_port(session), old_code, "Bob", NULL);
    g_assert_true(wait_long(device_answered, &bob));
    g_assert_true(gtk_widget_activate_action(lobby(f), "lobby.start", NULL));
    lp_test_iterate();
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(f->window), "win.show-start", NULL));
    lp_test_iterate();
    lp_save_store_flush(f->store, NULL);
    device_clear(&bob);

    g_autofree char *seats = seats_path(f);
    g_autofree char *save = lp_save_store_get_path(f->store, "minden");
    g_assert_true(g_file_set_contents(seats, "{\"game\": \"minden\", [", -1, NULL));
    g_autofree char *before = NULL;
    gsize before_length = 0;
    g_assert_true(g_file_get_contents(save, &before, &before_length, NULL));

    g_assert_true(lp_window_continue_game(f->window, "minden"));
    g_assert_cmpstr(lp_window_get_page_name(f->window), ==, "lobby");
    session = lp_window_get_host_session(f->window);
    /* A clear message, and the seats are free again under a new code. */
    g_assert_nonnull(lp_test_find_label(lobby(f), "could not be read"));
    g_assert_nonnull(lp_host_session_get_note(session));
    g_assert_false(lp_net_host_all_seated(lp_host_session_get_net_host(session)));
    g_autofree char *free_seat = row_value(lobby(f), "Bob");
    g_assert_cmpstr(free_seat, ==, "Waiting for a device…");
    g_assert_true(gtk_widget_activate_action(lobby(f), "lobby.cancel", NULL));
    lp_test_iterate();
    lp_save_store_flush(f->store, NULL);

    /* Neither the save nor the broken file was touched. */
    g_autofree char *after = NULL;
    gsize after_length = 0;
    g_assert_true(g_file_get_contents(save, &after, &after_length, NULL));
    g_assert_cmpmem(before, before_length, after, after_length);
    g_autofree char *seats_after = NULL;
    g_assert_true(g_file_get_contents(seats, &seats_after, NULL, NULL));
    g_assert_cmpstr(seats_after, ==, "{\"game\": \"minden\", [");
    g_assert_null(lp_window_get_host_session(f->window));
}

static gboolean game_moved(gpointer data)
{
    gpointer *d = data;
    return lp_game_get_n_actions(d[0]) > GPOINTER_TO_UINT(d[1]);
}

static gboolean seat_waits(gpointer data)
{
    return lp_host_session_seat_is_waiting(data, 1);
}

static gboolean stand_in_ended(gpointer data)
{
    return !lp_host_session_has_stand_in(data, 1, NULL);
}

/* A device that left is waited for; a computer may play its seat until it is back. */
static void test_stand_in(Fixture *f, gconstpointer data)
{
    Device bob = {.seat = -1};

    /* A computer at this screen: nobody here holds the game up. */
    host_from_setup(f, LP_SEAT_COMPUTER_EASY);
    LpHostSession *session = lp_window_get_host_session(f->window);
    g_autofree char *code = g_strdup(lp_host_session_get_code(session));
    guint16 port = lp_host_session_get_port(session);
    device_connect(&bob, port, code, "Bob", NULL);
    g_assert_true(wait_long(device_answered, &bob));
    g_assert_true(gtk_widget_activate_action(lobby(f), "lobby.start", NULL));
    lp_test_iterate();
    LpGame *game = lp_window_get_game(f->window);
    g_autoptr(GPtrArray) banners = lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_HOST_BANNER,
                                                    NULL);
    g_assert_cmpuint(banners->len, ==, 1);
    LpHostBanner *banner = banners->pdata[0];
    g_assert_null(lp_host_banner_get_text(banner, 1));
    g_autofree char *token = g_strdup(bob.token);

    lp_net_client_close(bob.client);
    g_assert_true(wait_long(seat_waits, session));
    g_autofree char *waiting = lp_test_without_isolates(lp_host_banner_get_text(banner, 1));
    g_assert_cmpstr(waiting, ==, "Bob’s device is not connected. Waiting for Bob…");
    g_assert_nonnull(lp_test_find_label(GTK_WIDGET(banner), "Let a Computer Play"));

    /* Let the computers go as fast as they can. */
    g_autoptr(GPtrArray) pages = lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_GAME_PAGE,
                                                  NULL);
    lp_driver_set_delay(lp_game_page_get_driver(pages->pdata[0]), 0);
    lp_host_session_stand_in(session, 1, LP_LEVEL_EASY);
    g_autofree char *standing = lp_test_without_isolates(lp_host_banner_get_text(banner, 1));
    g_assert_cmpstr(standing, ==, "A computer player plays for Bob until the device is back.");
    gpointer moved[2] = {game, GUINT_TO_POINTER((guint)lp_game_get_n_actions(game) + 2)};
    g_assert_true(wait_long(game_moved, moved));
    g_assert_true(lp_game_is_seat_remote(game, 1));

    /* The device comes back with its token and gets its seat back. */
    device_connect(&bob, port, code, "Bob", token);
    g_assert_true(wait_long(device_answered, &bob));
    g_assert_cmpint(bob.seat, ==, 1);
    g_assert_true(wait_long(stand_in_ended, session));
    g_assert_null(lp_host_banner_get_text(banner, 1));
    device_clear(&bob);
}

static gboolean game_over(gpointer data)
{
    return lp_game_is_over(data);
}

static gboolean hosting_ended(gpointer data)
{
    return !lp_host_session_is_listening(data);
}

/* The end of a hosted game ends the hosting: the port closes, no seats file is left. */
static void test_game_end(Fixture *f, gconstpointer data)
{
    Device bob = {.seat = -1};

    host_from_setup(f, LP_SEAT_COMPUTER_EASY);
    LpHostSession *session = lp_window_get_host_session(f->window);
    guint16 port = lp_host_session_get_port(session);
    device_connect(&bob, port, lp_host_session_get_code(session), "Bob", NULL);
    g_assert_true(wait_long(device_answered, &bob));
    g_assert_true(gtk_widget_activate_action(lobby(f), "lobby.start", NULL));
    lp_test_iterate();
    LpGame *game = lp_window_get_game(f->window);
    g_autofree char *seats = seats_path(f);
    g_assert_true(g_file_test(seats, G_FILE_TEST_EXISTS));
    lp_net_client_close(bob.client);
    g_assert_true(wait_long(seat_waits, session));

    /* Two computers play it out as fast as they can. */
    lp_settings_set_animation_speed(lp_window_get_settings(f->window), LP_ANIMATION_SPEED_OFF);
    g_autoptr(GPtrArray) pages = lp_test_find_all(GTK_WIDGET(f->window), LP_TYPE_GAME_PAGE,
                                                  NULL);
    lp_driver_set_delay(lp_game_page_get_driver(pages->pdata[0]), 0);
    lp_host_session_stand_in(session, 1, LP_LEVEL_EASY);
    gint64 end = g_get_monotonic_time() + 30 * G_USEC_PER_SEC;
    while (!game_over(game) && g_get_monotonic_time() < end) {
        /* Nobody needs the reading time here. */
        while (lp_game_page_get_holds(pages->pdata[0]) > 0)
            lp_game_page_release(pages->pdata[0]);
        g_main_context_iteration(NULL, TRUE);
    }
    g_assert_true(lp_game_is_over(game));
    g_assert_true(wait_long(hosting_ended, session));
    g_assert_false(port_is_open(port));
    g_assert_false(g_file_test(seats, G_FILE_TEST_EXISTS));
    device_clear(&bob);
}

int main(int argc, char **argv)
{
    g_setenv("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
    lp_test_init(&argc, &argv);
    g_test_add("/lobby/host-and-join", Fixture, NULL, fixture_set_up, test_host_and_join,
               fixture_tear_down);
    g_test_add("/lobby/continue-rejoins", Fixture, NULL, fixture_set_up, test_continue_rejoins,
               fixture_tear_down);
    g_test_add("/lobby/corrupt-seats-file", Fixture, NULL, fixture_set_up,
               test_corrupt_seats_file, fixture_tear_down);
    g_test_add("/lobby/stand-in", Fixture, NULL, fixture_set_up, test_stand_in,
               fixture_tear_down);
    g_test_add("/lobby/game-end", Fixture, NULL, fixture_set_up, test_game_end,
               fixture_tear_down);
    return g_test_run();
}
