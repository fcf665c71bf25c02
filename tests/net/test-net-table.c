/* SPDX-License-Identifier: GPL-3.0-or-later */
/* LpNetTable, one person's seat at a game on another device (issue 31): typed addresses,
 * joining an in-process host, a mirror per view, the seat token on disk, rejoining. */
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "lp-games.h"
#include "lp-json.h"
#include "lp-net-table.h"
#include "lp-test-host.h"

#define CODE "424242"

static void test_address(void)
{
    static const struct {
        const char *typed, *url, *host, *key;
    } good[] = {
        {"192.168.1.20", "ws://192.168.1.20:47300/ws", "192.168.1.20", "192.168.1.20:47300"},
        {"  192.168.1.20:47301 ", "ws://192.168.1.20:47301/ws", "192.168.1.20:47301",
         "192.168.1.20:47301"},
        {"Anna-Laptop.local", "ws://Anna-Laptop.local:47300/ws", "Anna-Laptop.local",
         "anna-laptop.local:47300"},
        {"[::1]:47300", "ws://[::1]:47300/ws", "::1", "[::1]:47300"},
        {"[::1]:5000", "ws://[::1]:5000/ws", "[::1]:5000", "[::1]:5000"},
        {"::1", "ws://[::1]:47300/ws", "::1", "[::1]:47300"},
        {"fe80::1%eth0", "ws://[fe80::1%25eth0]:47300/ws", "fe80::1%eth0",
         "[fe80::1%25eth0]:47300"},
        {"ws://10.0.0.2:47310/ws", "ws://10.0.0.2:47310/ws", "10.0.0.2:47310",
         "10.0.0.2:47310"},
        {"ws://10.0.0.2", "ws://10.0.0.2:47300/ws", "10.0.0.2", "10.0.0.2:47300"},
        {"WS://[::1]:47301/ws", "ws://[::1]:47301/ws", "[::1]:47301", "[::1]:47301"},
    };
    for (guint i = 0; i < G_N_ELEMENTS(good); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(LpNetAddress) a = lp_net_address_parse(good[i].typed, &error);
        g_assert_no_error(error);
        g_assert_cmpstr(a->url, ==, good[i].url);
        g_assert_cmpstr(a->host, ==, good[i].host);
        g_assert_cmpstr(a->key, ==, good[i].key);
    }
    static const struct {
        const char *typed, *says;
    } bad[] = {
        {"", "Type the host’s address"},
        {"   ", "Type the host’s address"},
        {"host:", "port"},
        {"host:0", "port"},
        {"host:65536", "port"},
        {"host:47x", "port"},
        {"[::1", "closing bracket"},
        {"[::1]x", "colon and a port"},
        {"[host]:1", "IPv6"},
        {"1:2:3:zz", "IPv6"},
        {"http://10.0.0.2/", "ws://"},
        {"wss://10.0.0.2/", "ws://"},
        {"two words", "not a host’s address"},
        {"a/b", "not a host’s address"},
        {"ws://user@10.0.0.2/ws", "cannot be read"},
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(LpNetAddress) a = lp_net_address_parse(bad[i].typed, &error);
        if (a != NULL)
            g_error("“%s” was read as %s", bad[i].typed, a->url);
        g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
        if (strstr(error->message, bad[i].says) == NULL)
            g_error("“%s” gave “%s”, expected it to say “%s”", bad[i].typed, error->message,
                    bad[i].says);
    }
}

/* ---- against a host ---- */

typedef struct {
    LpNetTable *table;
    guint n_mirrors;
    guint n_refused;
    guint n_failed;
    gboolean result;
    gboolean play; /* let the seat's computer player decide on each mirror */
    GPtrArray *states;
    char *failed;
} Watch;

static void on_mirror(LpNetTable *table, LpGame *mirror, Watch *w)
{
    w->n_mirrors++;
    g_assert_true(lp_game_is_mirror(mirror));
    g_assert_cmpint(lp_game_get_viewer(mirror), ==, lp_net_table_get_seat(table));
    g_assert_true(lp_net_table_get_mirror(table) == mirror);
    /* On a joining device, its own seat is the one person here: no privacy screen. */
    g_assert_cmpuint(lp_game_count_local_people(mirror), <=, 1);
    if (w->play && !lp_game_is_over(mirror)) {
        const LpGameRules *rules = lp_games_lookup(lp_net_table_get_kind(table));
        rules->computer_move(mirror);
    }
}

static void on_refused(LpNetTable *table, const char *message, Watch *w)
{
    w->n_refused++;
}

static void on_result(LpNetTable *table, JsonNode *result, Watch *w)
{
    w->result = TRUE;
}

static void on_failed(LpNetTable *table, const char *message, Watch *w)
{
    w->n_failed++;
    g_free(w->failed);
    w->failed = g_strdup(message);
}

static void on_state(LpNetTable *table, Watch *w)
{
    g_ptr_array_add(w->states, GINT_TO_POINTER(lp_net_table_get_state(table)));
}

static void watch_init(Watch *w, LpNetTable *table)
{
    *w = (Watch){.table = table, .states = g_ptr_array_new()};
    g_signal_connect(table, "mirror", G_CALLBACK(on_mirror), w);
    g_signal_connect(table, "refused", G_CALLBACK(on_refused), w);
    g_signal_connect(table, "result", G_CALLBACK(on_result), w);
    g_signal_connect(table, "failed", G_CALLBACK(on_failed), w);
    g_signal_connect(table, "state-changed", G_CALLBACK(on_state), w);
}

static void watch_clear(Watch *w)
{
    g_signal_handlers_disconnect_by_data(w->table, w);
    g_ptr_array_unref(w->states);
    g_free(w->failed);
}

static gboolean timed_out(gpointer data)
{
    *(gboolean *)data = TRUE;
    return G_SOURCE_REMOVE;
}

/* Run the main loop until the table is in state, or fail after seconds. */
static void wait_for_state(LpNetTable *table, LpNetTableState state, guint seconds)
{
    gboolean late = FALSE;
    guint id = g_timeout_add_seconds(seconds, timed_out, &late);
    while (lp_net_table_get_state(table) != state && !late)
        g_main_context_iteration(NULL, TRUE);
    if (!late)
        g_source_remove(id);
    g_assert_cmpint(lp_net_table_get_state(table), ==, state);
}

static void wait_for_mirrors(Watch *w, guint n, guint seconds)
{
    gboolean late = FALSE;
    guint id = g_timeout_add_seconds(seconds, timed_out, &late);
    while (w->n_mirrors < n && !late)
        g_main_context_iteration(NULL, TRUE);
    if (!late)
        g_source_remove(id);
    if (w->n_mirrors < n)
        g_error("no view came: the table is in state %d (%s)", lp_net_table_get_state(w->table),
                w->failed != NULL ? w->failed : "no failure");
}

static LpTestHost *two_seat_host(const char *kind)
{
    const gboolean remote[] = {TRUE, FALSE};
    return lp_test_host_new(kind, 2, remote, CODE, 11);
}

static char *read_tokens(void)
{
    g_autofree char *path = lp_net_table_default_tokens_path();
    char *data = NULL;
    if (!g_file_get_contents(path, &data, NULL, NULL))
        return NULL;
    return data;
}

static void test_whole_game(void)
{
    g_autoptr(LpTestHost) host = two_seat_host("minden");
    g_autoptr(LpNetTable) table = lp_net_table_new(NULL);
    Watch w;
    watch_init(&w, table);
    w.play = TRUE;
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_net_table_join(table, lp_test_host_get_address(host), "424 242", "Anna",
                                    &error));
    g_assert_no_error(error);
    g_assert_cmpint(lp_net_table_get_state(table), ==, LP_NET_TABLE_CONNECTING);
    wait_for_state(table, LP_NET_TABLE_OVER, 60);
    g_assert_true(w.result);
    g_assert_cmpuint(w.n_failed, ==, 0);
    g_assert_cmpint(lp_net_table_get_seat(table), ==, 0);
    g_assert_cmpstr(lp_net_table_get_kind(table), ==, "minden");
    g_assert_cmpstr(lp_net_host_get_seat_name(lp_test_host_get_net(host), 0), ==, "Anna");
    /* Every decision of the seat came from this device, and the host played them. */
    LpGame *game = lp_test_host_get_game(host);
    g_assert_true(lp_game_is_over(game));
    g_assert_cmpuint(lp_test_host_get_n_played(host), >, 3);
    g_assert_cmpuint(w.n_mirrors, >, lp_test_host_get_n_played(host));
    /* The last view is the ended game's. */
    g_assert_true(lp_game_is_over(lp_net_table_get_mirror(table)));
    g_assert_cmpuint(lp_game_get_n_actions(lp_net_table_get_mirror(table)), ==,
                     lp_game_get_n_actions(game));

    /* The seat token is on disk, for this user only. */
    g_autofree char *path = lp_net_table_default_tokens_path();
    GStatBuf st;
    g_assert_cmpint(g_stat(path, &st), ==, 0);
    g_assert_cmpint(st.st_mode & 0777, ==, 0600);
    g_autofree char *tokens = read_tokens();
    g_autofree char *key = g_strdup_printf("\"127.0.0.1:%u#" CODE "\"",
                                           lp_test_host_get_port(host));
    g_assert_nonnull(strstr(tokens, key));
    watch_clear(&w);
    g_assert_finalize_object(g_steal_pointer(&table));
}

static void test_wrong_code(void)
{
    g_autoptr(LpTestHost) host = two_seat_host("buxtehude");
    g_autoptr(LpNetTable) table = lp_net_table_new(NULL);
    Watch w;
    watch_init(&w, table);
    g_autoptr(GError) error = NULL;

    /* Checked before anything is sent. */
    g_assert_false(lp_net_table_join(table, lp_test_host_get_address(host), "12345", "Anna",
                                     &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull(strstr(error->message, "six digits"));
    g_clear_error(&error);
    g_assert_false(lp_net_table_join(table, "", CODE, "Anna", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error(&error);
    g_assert_cmpint(lp_net_table_get_state(table), ==, LP_NET_TABLE_IDLE);

    g_assert_true(lp_net_table_join(table, lp_test_host_get_address(host), "111111", "Anna",
                                    &error));
    wait_for_state(table, LP_NET_TABLE_FAILED, 10);
    g_assert_cmpuint(w.n_failed, ==, 1);
    g_assert_nonnull(strstr(w.failed, "join code is wrong"));
    g_assert_cmpstr(lp_net_table_get_problem(table), ==, w.failed);
    g_assert_cmpuint(w.n_mirrors, ==, 0);
    g_assert_false(lp_net_host_seat_is_taken(lp_test_host_get_net(host), 0));
    g_autofree char *tokens = read_tokens();
    g_assert_null(tokens);

    /* Nobody listens there: said at once, not after half a minute of trying. */
    g_autofree char *nowhere = g_strdup_printf("127.0.0.1:%u", lp_test_host_get_port(host));
    lp_test_host_stop(host);
    g_assert_true(lp_net_table_join(table, nowhere, CODE, "Anna", &error));
    wait_for_state(table, LP_NET_TABLE_FAILED, 10);
    g_assert_cmpuint(w.n_failed, ==, 2);
    g_assert_nonnull(strstr(w.failed, "Cannot reach the host"));
    watch_clear(&w);
}

static void test_token_takes_seat_back(void)
{
    g_autoptr(LpTestHost) host = two_seat_host("minden");
    g_autoptr(LpNetTable) first = lp_net_table_new(NULL);
    Watch w;
    watch_init(&w, first);
    g_assert_true(lp_net_table_join(first, lp_test_host_get_address(host), CODE, "Anna", NULL));
    wait_for_mirrors(&w, 1, 10);
    g_assert_cmpint(lp_net_table_get_state(first), ==, LP_NET_TABLE_PLAYING);
    lp_net_table_leave(first);
    g_assert_cmpint(lp_net_table_get_state(first), ==, LP_NET_TABLE_IDLE);
    watch_clear(&w);
    g_clear_object(&first);

    /* As after quitting and starting again: only the file remembers. The seat is the only
     * remote one and it is taken, so only the token can get it. */
    g_autoptr(LpNetTable) second = lp_net_table_new(NULL);
    watch_init(&w, second);
    g_assert_true(lp_net_table_join(second, lp_test_host_get_address(host), CODE, "Bert",
                                    NULL));
    wait_for_mirrors(&w, 1, 10);
    g_assert_cmpint(lp_net_table_get_seat(second), ==, 0);
    g_assert_cmpint(lp_net_table_get_state(second), ==, LP_NET_TABLE_PLAYING);
    g_assert_cmpuint(w.n_failed, ==, 0);
    g_assert_true(lp_net_host_seat_is_connected(lp_test_host_get_net(host), 0));
    /* The seat is still Anna's. */
    g_assert_cmpstr(lp_net_host_get_seat_name(lp_test_host_get_net(host), 0), ==, "Anna");
    watch_clear(&w);
}

static void test_broken_and_stale_tokens(void)
{
    g_autoptr(LpTestHost) host = two_seat_host("minden");
    g_autofree char *path = lp_net_table_default_tokens_path();
    g_autofree char *dir = g_path_get_dirname(path);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);

    /* A broken file is as good as none. */
    g_assert_true(g_file_set_contents(path, "{\"seats\": [not json", -1, NULL));
    g_autoptr(LpNetTable) table = lp_net_table_new(NULL);
    Watch w;
    watch_init(&w, table);
    g_assert_true(lp_net_table_join(table, lp_test_host_get_address(host), CODE, "Anna", NULL));
    wait_for_mirrors(&w, 1, 10);
    g_autofree char *tokens = read_tokens();
    g_assert_nonnull(strstr(tokens, "\"format\""));
    watch_clear(&w);
    g_clear_object(&table);

    /* A token the host does not know (it plays another game now with the same code): the
     * device joins as a new person, and keeps the new token. */
    g_autoptr(LpTestHost) other = two_seat_host("buxtehude");
    g_autofree char *stale = g_strdup_printf(
        "{\"format\": 1, \"seats\": {\"127.0.0.1:%u#" CODE "\": "
        "\"0123456789abcdef0123456789abcdef\"}}",
        lp_test_host_get_port(other));
    g_assert_true(g_file_set_contents(path, stale, -1, NULL));
    table = lp_net_table_new(NULL);
    watch_init(&w, table);
    g_assert_true(lp_net_table_join(table, lp_test_host_get_address(other), CODE, "Anna", NULL));
    wait_for_mirrors(&w, 1, 10);
    g_assert_cmpuint(w.n_failed, ==, 0);
    g_clear_pointer(&tokens, g_free);
    tokens = read_tokens();
    g_assert_null(strstr(tokens, "0123456789abcdef0123456789abcdef"));
    watch_clear(&w);
}

static void test_rejoin(void)
{
    g_autoptr(LpTestHost) host = two_seat_host("minden");
    g_autoptr(LpNetTable) table = lp_net_table_new(NULL);
    Watch w;
    watch_init(&w, table);
    g_assert_true(lp_net_table_join(table, lp_test_host_get_address(host), CODE, "Anna", NULL));
    wait_for_mirrors(&w, 1, 10);

    /* The host restarts: the device is lost for a moment and takes its seat back. */
    guint before = w.n_mirrors;
    lp_test_host_restart(host);
    wait_for_state(table, LP_NET_TABLE_LOST, 5);
    wait_for_state(table, LP_NET_TABLE_PLAYING, 10);
    wait_for_mirrors(&w, before + 1, 5);
    g_assert_cmpint(lp_net_table_get_seat(table), ==, 0);
    g_assert_cmpuint(w.n_failed, ==, 0);

    /* The host is gone for good: after the patience, a clear failure. */
    lp_net_table_set_patience(table, 1);
    lp_test_host_stop(host);
    wait_for_state(table, LP_NET_TABLE_LOST, 5);
    wait_for_state(table, LP_NET_TABLE_FAILED, 5);
    g_assert_cmpuint(w.n_failed, ==, 1);
    g_assert_nonnull(strstr(w.failed, "connection to the host is lost"));
    watch_clear(&w);
}

int main(int argc, char **argv)
{
    /* No proxy of the machine running the tests between the device and the host. */
    g_setenv("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
    g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_test_add_func("/net-table/address", test_address);
    g_test_add_func("/net-table/whole-game", test_whole_game);
    g_test_add_func("/net-table/wrong-code", test_wrong_code);
    g_test_add_func("/net-table/token-takes-seat-back", test_token_takes_seat_back);
    g_test_add_func("/net-table/broken-and-stale-tokens", test_broken_and_stale_tokens);
    g_test_add_func("/net-table/rejoin", test_rejoin);
    return g_test_run();
}
