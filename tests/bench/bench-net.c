/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Benchmark of play on several devices (issue 31): a host and five devices on loopback in one
 * process, each device a computer player deciding on its view. Prints, for each game, the
 * time from an action's request until every device holds the view after it (p50, p99, max),
 * the largest view message, and the CPU the host and five idle devices use in 10 s.
 * Usage: bench-net [--game KIND] [--games N] [--idle SECONDS] [--json FILE]. */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "lp-games.h"
#include "lp-json.h"
#include "lp-net-client.h"
#include "lp-net-host.h"

#define SEATS 5
#define CODE "314159"

typedef struct Bench Bench;

typedef struct {
    guint64 at;  /* the view's actions the action was chosen on */
    gint64 sent; /* monotonic µs */
} Pending;

typedef struct {
    Bench *bench;
    LpNetClient *client;
    int seat;
    guint64 seen; /* the actions of the newest view received */
    gint64 last_sent; /* monotonic µs */
    JsonNode *held;   /* a view whose decision waits for the pace */
    guint pace_id;
} Device;

/* A device sends at most one action each PACE_US: below the host's 20 messages a second,
 * so the figures are the network's and the host's, never a client's queue. */
#define PACE_US 55000

struct Bench {
    GMainLoop *loop;
    const LpGameRules *rules;
    LpNetHost *host;
    LpGame *game;
    Device devices[SEATS];
    GArray *pending;  /* Pending: actions sent, not yet seen by every device */
    GArray *latencies; /* double ms */
    gsize max_view;
    guint64 seed;
};

static gint64 now_us(void)
{
    return g_get_monotonic_time();
}

static void check_all_hold(Bench *b)
{
    guint64 least = G_MAXUINT64;
    for (int i = 0; i < SEATS; i++)
        least = MIN(least, b->devices[i].seen);
    for (guint i = 0; i < b->pending->len;) {
        Pending *p = &g_array_index(b->pending, Pending, i);
        if (least > p->at) {
            double ms = (now_us() - p->sent) / 1000.0;
            g_array_append_val(b->latencies, ms);
            g_array_remove_index_fast(b->pending, i);
        } else {
            i++;
        }
    }
}

static void on_received(LpNetClient *client, GBytes *bytes, Device *d)
{
    gsize n = g_bytes_get_size(bytes);
    if (n > d->bench->max_view)
        d->bench->max_view = n;
}

static gboolean on_pace(gpointer data);

static void on_view(LpNetClient *client, JsonNode *view, Device *d)
{
    Bench *b = d->bench;
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) mirror = lp_game_mirror_new(b->rules->get_type(), view, &error);
    if (mirror == NULL) {
        fprintf(stderr, "bench-net: a view did not load: %s\n", error->message);
        g_main_loop_quit(b->loop);
        return;
    }
    d->seen = lp_game_get_n_actions(mirror);
    check_all_hold(b);
    if (lp_game_get_computer_seat(mirror) != d->seat)
        return;
    gint64 wait = d->last_sent + PACE_US - now_us();
    if (wait > 0) {
        g_clear_pointer(&d->held, json_node_unref);
        d->held = json_node_copy(view);
        if (d->pace_id == 0)
            d->pace_id = g_timeout_add((guint)(wait / 1000 + 1), on_pace, d);
        return;
    }
    d->last_sent = now_us();
    g_autoptr(JsonNode) action =
        lp_game_computer_action(mirror, (guint)d->seat, b->rules->computer_move);
    if (action == NULL)
        return;
    g_autofree char *id = g_strdup_printf("s%d-a%" G_GUINT64_FORMAT, d->seat, d->seen);
    Pending p = {.at = d->seen, .sent = now_us()};
    g_array_append_val(b->pending, p);
    lp_net_client_send_action(client, id, (gint64)d->seen, action);
}

static gboolean on_pace(gpointer data)
{
    Device *d = data;
    d->pace_id = 0;
    g_autoptr(JsonNode) view = g_steal_pointer(&d->held);
    if (view != NULL)
        on_view(d->client, view, d);
    return G_SOURCE_REMOVE;
}

static void on_result(LpNetClient *client, JsonNode *result, Device *d)
{
    g_main_loop_quit(d->bench->loop);
}

static void on_seats_changed(LpNetHost *host, Bench *b)
{
    if (b->game != NULL || !lp_net_host_all_seated(host))
        return;
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < SEATS; i++) {
        g_autofree char *name = g_strdup_printf("Computer %u (normal)", i + 1);
        g_ptr_array_add(seats, lp_player_new(name, LP_AGE_UNKNOWN, colours[i].hex,
                                             LP_PLAYER_COMPUTER, LP_LEVEL_NORMAL));
    }
    g_autoptr(GError) error = NULL;
    b->game = lp_game_new_of_type(b->rules->get_type(), seats, b->seed, FALSE, &error);
    if (b->game == NULL) {
        fprintf(stderr, "bench-net: %s\n", error->message);
        g_main_loop_quit(b->loop);
        return;
    }
    lp_net_host_set_game(host, b->game);
    lp_game_run_computers(b->game, b->rules->computer_move);
}

static void on_played(LpNetHost *host, guint seat, Bench *b)
{
    lp_game_run_computers(b->game, b->rules->computer_move);
    if (lp_game_is_over(b->game))
        lp_net_host_send_result(host);
}

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
           (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int cmp_double(gconstpointer a, gconstpointer b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static gboolean quit_cb(gpointer loop)
{
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

static gboolean play(Bench *b, const char *kind, guint64 seed)
{
    b->rules = lp_games_lookup(kind);
    b->seed = seed;
    g_array_set_size(b->pending, 0);
    gboolean remote[SEATS] = {TRUE, TRUE, TRUE, TRUE, TRUE};
    b->host = lp_net_host_new(kind, SEATS, remote, CODE);
    g_autoptr(GError) error = NULL;
    if (!lp_net_host_listen(b->host, 0, &error)) {
        fprintf(stderr, "bench-net: %s\n", error->message);
        return FALSE;
    }
    g_signal_connect(b->host, "seats-changed", G_CALLBACK(on_seats_changed), b);
    g_signal_connect(b->host, "action-played", G_CALLBACK(on_played), b);
    g_autofree char *url =
        g_strdup_printf("ws://127.0.0.1:%u/ws", lp_net_host_get_port(b->host));
    for (int i = 0; i < SEATS; i++) {
        Device *d = &b->devices[i];
        d->bench = b;
        d->seat = i;
        d->seen = 0;
        d->last_sent = 0;
        d->client = lp_net_client_new();
        g_signal_connect(d->client, "view", G_CALLBACK(on_view), d);
        g_signal_connect(d->client, "received", G_CALLBACK(on_received), d);
        g_signal_connect(d->client, "result", G_CALLBACK(on_result), d);
        LpNetJoin join = {.code = CODE, .seat = i, .computer = "normal"};
        lp_net_client_connect(d->client, url, &join);
    }
    g_main_loop_run(b->loop);
    gboolean over = b->game != NULL && lp_game_is_over(b->game);
    return over;
}

static void finish(Bench *b)
{
    for (int i = 0; i < SEATS; i++) {
        g_clear_handle_id(&b->devices[i].pace_id, g_source_remove);
        g_clear_pointer(&b->devices[i].held, json_node_unref);
        g_clear_object(&b->devices[i].client);
    }
    lp_net_host_stop(b->host, "over");
    g_clear_object(&b->host);
    g_clear_object(&b->game);
}

int main(int argc, char **argv)
{
    const char *only = NULL, *json_path = NULL;
    guint games = 3, idle = 10;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (g_str_equal(argv[i], "--game"))
            only = argv[i + 1];
        else if (g_str_equal(argv[i], "--games"))
            games = (guint)g_ascii_strtoull(argv[i + 1], NULL, 10);
        else if (g_str_equal(argv[i], "--idle"))
            idle = (guint)g_ascii_strtoull(argv[i + 1], NULL, 10);
        else if (g_str_equal(argv[i], "--json"))
            json_path = argv[i + 1];
    }
    Bench b = {.loop = g_main_loop_new(NULL, FALSE),
               .pending = g_array_new(FALSE, FALSE, sizeof(Pending))};
    g_autoptr(GString) json = g_string_new("{\"games\":[");
    const char *kinds[] = {"minden", "aufachse", "buxtehude"};
    gboolean ok = TRUE, first = TRUE;
    printf("%-10s %6s %9s %9s %9s %11s  (target p99 <= 5 ms, view <= 16 KB)\n", "game",
           "moves", "p50 ms", "p99 ms", "max ms", "view bytes");
    for (guint k = 0; k < G_N_ELEMENTS(kinds); k++) {
        if (only != NULL && !g_str_equal(only, kinds[k]))
            continue;
        b.latencies = g_array_new(FALSE, FALSE, sizeof(double));
        b.max_view = 0;
        for (guint g = 0; g < games; g++) {
            if (!play(&b, kinds[k], 100 + g)) {
                fprintf(stderr, "bench-net: the %s game did not end\n", kinds[k]);
                ok = FALSE;
            }
            finish(&b);
        }
        g_array_sort(b.latencies, cmp_double);
        guint n = b.latencies->len;
        double p50 = n ? g_array_index(b.latencies, double, n / 2) : 0;
        double p99 = n ? g_array_index(b.latencies, double, MIN(n - 1, n * 99 / 100)) : 0;
        double max = n ? g_array_index(b.latencies, double, n - 1) : 0;
        printf("%-10s %6u %9.2f %9.2f %9.2f %11zu  %s\n", kinds[k], n, p50, p99, max,
               b.max_view, p99 <= 5.0 && b.max_view <= 16 * 1024 ? "ok" : "MISSED");
        g_string_append_printf(json,
                               "%s{\"game\":\"%s\",\"moves\":%u,\"p50_ms\":%.3f,\"p99_ms\":%.3f,"
                               "\"max_ms\":%.3f,\"max_view_bytes\":%zu}",
                               first ? "" : ",", kinds[k], n, p50, p99, max, b.max_view);
        first = FALSE;
        g_array_unref(b.latencies);
    }
    /* Idle: a host and five devices connected, a game waiting for nobody's action. */
    if (idle > 0) {
        /* Six seats, five taken: the lobby waits, and nothing is due. */
        gboolean remote[SEATS + 1] = {TRUE, TRUE, TRUE, TRUE, TRUE, TRUE};
        LpNetHost *host = lp_net_host_new("buxtehude", SEATS + 1, remote, CODE);
        lp_net_host_listen(host, 0, NULL);
        g_autofree char *url = g_strdup_printf("ws://127.0.0.1:%u/ws", lp_net_host_get_port(host));
        LpNetClient *clients[SEATS];
        for (int i = 0; i < SEATS; i++) {
            clients[i] = lp_net_client_new();
            LpNetJoin join = {.code = CODE, .seat = i, .computer = "normal"};
            lp_net_client_connect(clients[i], url, &join);
        }
        g_timeout_add(500, quit_cb, b.loop);
        g_main_loop_run(b.loop);
        double c0 = cpu_s();
        g_timeout_add_seconds(idle, quit_cb, b.loop);
        g_main_loop_run(b.loop);
        double used = (cpu_s() - c0) * 1000.0;
        printf("idle: a host and %d devices connected for %u s used %.1f ms of CPU  %s\n",
               SEATS, idle, used, used <= 20.0 ? "ok" : "MISSED");
        g_string_append_printf(json, "],\"idle_seconds\":%u,\"idle_cpu_ms\":%.2f}", idle, used);
        for (int i = 0; i < SEATS; i++)
            g_object_unref(clients[i]);
        lp_net_host_stop(host, "over");
        g_object_unref(host);
    } else {
        g_string_append(json, "]}");
    }
    if (json_path != NULL)
        g_file_set_contents(json_path, json->str, -1, NULL);
    g_main_loop_unref(b.loop);
    return ok ? 0 : 1;
}
