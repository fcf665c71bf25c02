/* SPDX-License-Identifier: GPL-3.0-or-later */
/* landpartie-sim host / join: a headless host whose remote seats other devices take, and a
 * computer player that takes a seat over the network (issue 31, docs/protocol.md). */
#define _GNU_SOURCE

#include "sim-net.h"
#include "sim-usage.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lp-event-log.h"
#include "lp-games.h"
#include "lp-json.h"
#include "lp-net-client.h"
#include "lp-net-discovery.h"
#include "lp-net-host.h"

#define SIM_MAX_PLAYERS 8
/* A joiner that lost its host tries again this long before it gives up (exit 4);
 * --patience changes it. */
#define REJOIN_SECONDS 30

static int usage_error(const char *what, const char *problem)
{
    fprintf(stderr, "landpartie-sim %s: %s\n\n%s", what, problem, usage);
    return 2;
}

static gboolean parse_uint(const char *s, guint64 max, guint64 *out)
{
    if (s == NULL || *s == '\0')
        return FALSE;
    for (const char *c = s; *c; c++)
        if (!g_ascii_isdigit(*c))
            return FALSE;
    errno = 0;
    guint64 v = g_ascii_strtoull(s, NULL, 10);
    if (errno != 0 || v > max)
        return FALSE;
    *out = v;
    return TRUE;
}

/* Strict options of one subcommand: no --help of GLib's, nothing unknown. */
static gboolean parse_options(const GOptionEntry *entries, int *argc, char ***argv,
                              GError **error)
{
    g_autoptr(GOptionContext) context = g_option_context_new(NULL);
    g_option_context_add_main_entries(context, entries, NULL);
    g_option_context_set_help_enabled(context, FALSE);
    return g_option_context_parse(context, argc, argv, error);
}

/* A result line: the game's number (and seed or seat), then every member of result. */
static void print_result_line(JsonObject *line, JsonNode *result)
{
    if (result != NULL && JSON_NODE_HOLDS_OBJECT(result)) {
        JsonObject *res = json_node_get_object(result);
        g_autoptr(GList) members = json_object_get_members(res);
        for (GList *m = members; m != NULL; m = m->next)
            json_object_set_member(line, m->data,
                                   json_node_copy(json_object_get_member(res, m->data)));
    }
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, line);
    g_autofree char *text = lp_json_to_string(node, FALSE);
    puts(text);
    fflush(stdout);
}

/* ---- host ---- */

typedef struct {
    GMainLoop *loop;
    const LpGameRules *rules;
    LpGameClass *info;
    LpNetHost *host;
    LpGame *game;
    LpEventLog *events;
    FILE *log;
    char *log_path;
    char *save_path;
    guint64 seed;
    gboolean option;
    guint n_players;
    LpLevel levels[SIM_MAX_PLAYERS];
    gboolean remote[SIM_MAX_PLAYERS];
    GHashTable *log_offsets; /* n_actions → log length then (gint64 in pointers) */
    gboolean driving;
    int status;
    LpGame *pending_resume; /* --resume: the saved game, until hosting starts */
    JsonNode *resume_seats; /* --resume: the seats file */
    LpNetAnnouncer *announcer;
} Host;

static void write_event(LpEventLog *events, JsonObject *event, Host *h)
{
    if (h->log == NULL)
        return;
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, event);
    g_autofree char *line = lp_json_to_string(node, FALSE);
    if (fputs(line, h->log) == EOF || fputc('\n', h->log) == EOF) {
        fprintf(stderr, "landpartie-sim: cannot write %s\n", h->log_path);
        h->status = 1;
        g_main_loop_quit(h->loop);
    }
}

static char *seats_path(const char *save_path)
{
    return g_strconcat(save_path, ".seats", NULL);
}

/* The seats and, for each of the last saves, how long the log was: a host restarted from
 * the save cuts the log back to the same moment, so the log of both runs equals one run's. */
static gboolean write_seats(Host *h, GError **error)
{
    g_autoptr(JsonNode) seats = lp_net_host_save_seats(h->host);
    JsonObject *obj = json_node_get_object(seats);
    JsonArray *offsets = json_array_new();
    g_autoptr(GList) keys = g_hash_table_get_keys(h->log_offsets);
    guint64 now = lp_game_get_n_actions(h->game);
    for (GList *k = keys; k != NULL; k = k->next) {
        guint64 n = (guint64)GPOINTER_TO_SIZE(k->data);
        if (n + 4 < now) {
            g_hash_table_remove(h->log_offsets, k->data);
            continue;
        }
        JsonArray *pair = json_array_new();
        json_array_add_int_element(pair, (gint64)n);
        json_array_add_int_element(
            pair, (gint64)GPOINTER_TO_SIZE(g_hash_table_lookup(h->log_offsets, k->data)));
        json_array_add_array_element(offsets, pair);
    }
    json_object_set_array_member(obj, "log", offsets);
    g_autofree char *text = lp_json_to_string(seats, TRUE);
    g_autofree char *path = seats_path(h->save_path);
    return g_file_set_contents_full(path, text, -1,
                                    G_FILE_SET_CONTENTS_CONSISTENT |
                                        G_FILE_SET_CONTENTS_DURABLE,
                                    0600, error);
}

static void on_action_completed(LpGame *game, Host *h)
{
    if (h->save_path == NULL)
        return;
    g_autoptr(GError) error = NULL;
    if (h->log != NULL && (fflush(h->log) != 0 || fsync(fileno(h->log)) != 0)) {
        fprintf(stderr, "landpartie-sim: cannot write %s: %s\n", h->log_path,
                g_strerror(errno));
        h->status = 1;
        g_main_loop_quit(h->loop);
        return;
    }
    if (h->log != NULL)
        g_hash_table_insert(h->log_offsets, GSIZE_TO_POINTER(lp_game_get_n_actions(game)),
                            GSIZE_TO_POINTER((gsize)ftell(h->log)));
    gsize length = 0;
    g_autofree char *data = lp_game_save_to_data(game, &length);
    if (!write_seats(h, &error) ||
        !g_file_set_contents_full(h->save_path, data, (gssize)length,
                                  G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                  0600, &error)) {
        fprintf(stderr, "landpartie-sim: cannot save: %s\n", error->message);
        h->status = 1;
        g_main_loop_quit(h->loop);
    }
}

static void print_result(LpGame *game, guint64 seed)
{
    g_autoptr(JsonNode) result = lp_game_result(game);
    JsonObject *line = json_object_new();
    json_object_set_int_member(line, "game", 1);
    if (seed != G_MAXUINT64) {
        g_autofree char *seed_text = g_strdup_printf("%" G_GUINT64_FORMAT, seed);
        json_object_set_string_member(line, "seed", seed_text);
    }
    print_result_line(line, result);
}

static gboolean finish_idle(gpointer data)
{
    Host *h = data;
    g_main_loop_quit(h->loop);
    return G_SOURCE_REMOVE;
}

/* Let the computers at the host act until a remote seat or nobody can; then the views go
 * out (LpNetHost sends them once the game is at rest). */
static void drive(Host *h)
{
    if (h->driving || h->game == NULL)
        return;
    h->driving = TRUE;
    lp_game_run_computers(h->game, h->rules->computer_move);
    h->driving = FALSE;
    if (lp_game_is_over(h->game)) {
        lp_net_host_send_result(h->host);
        print_result(h->game, h->seed == G_MAXUINT64 ? G_MAXUINT64 : lp_rng_derive_seed(h->seed, 0));
        /* A moment for the result to leave before the port closes. */
        g_timeout_add(200, finish_idle, h);
    }
}

static void on_action_played(LpNetHost *host, guint seat, Host *h)
{
    drive(h);
}

static gboolean open_log(Host *h, gboolean append, gint64 cut_to)
{
    if (h->log_path == NULL)
        return TRUE;
    if (append && cut_to >= 0 && truncate(h->log_path, cut_to) != 0) {
        fprintf(stderr, "landpartie-sim: cannot cut %s back: %s\n", h->log_path,
                g_strerror(errno));
        return FALSE;
    }
    h->log = fopen(h->log_path, append ? "a" : "w");
    if (h->log == NULL) {
        fprintf(stderr, "landpartie-sim: cannot write %s: %s\n", h->log_path, g_strerror(errno));
        return FALSE;
    }
    return TRUE;
}

static void start_game(Host *h, LpGame *game)
{
    h->game = game;
    if (h->log != NULL) {
        h->events = lp_event_log_new(game);
        g_signal_connect(h->events, "event", G_CALLBACK(write_event), h);
    }
    g_signal_connect(game, "action-completed", G_CALLBACK(on_action_completed), h);
    lp_net_host_set_game(h->host, game);
    g_signal_connect(h->host, "action-played", G_CALLBACK(on_action_played), h);
    drive(h);
}

static guint free_seats(LpNetHost *host)
{
    guint n = 0;
    for (guint i = 0; i < lp_net_host_get_n_seats(host); i++)
        n += lp_net_host_seat_is_remote(host, i) && !lp_net_host_seat_is_taken(host, i);
    return n;
}

static void on_seats_changed(LpNetHost *host, Host *h)
{
    if (h->announcer != NULL)
        lp_net_announcer_set_free_seats(h->announcer, free_seats(host));
    if (h->game != NULL || !lp_net_host_all_seated(host))
        return;
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < h->n_players; i++) {
        LpLevel level = h->levels[i];
        gboolean computer = !h->remote[i] || lp_net_host_seat_is_computer(host, i, &level);
        /* The same names as a local game's, so that both logs are equal. */
        g_autofree char *name =
            computer ? g_strdup_printf("Computer %u (%s)", i + 1, lp_level_to_string(level))
                     : g_strdup(lp_net_host_get_seat_name(host, i));
        if (name == NULL)
            name = g_strdup_printf("Player %u", i + 1);
        g_ptr_array_add(seats, lp_player_new(name, LP_AGE_UNKNOWN, colours[i % n_colours].hex,
                                             computer ? LP_PLAYER_COMPUTER : LP_PLAYER_HUMAN,
                                             level));
    }
    g_autoptr(GError) error = NULL;
    /* As the local simulator's first game: the same --seed gives the same deal. */
    LpGame *game = h->info->create(seats, lp_rng_derive_seed(h->seed, 0), h->option, &error);
    if (game == NULL) {
        fprintf(stderr, "landpartie-sim: cannot start %s: %s\n", h->info->kind, error->message);
        h->status = 1;
        g_main_loop_quit(h->loop);
        return;
    }
    start_game(h, game);
}

static gboolean resume(Host *h, const char *path, GError **error)
{
    g_autofree char *data = NULL;
    gsize length = 0;
    if (!g_file_get_contents(path, &data, &length, error))
        return FALSE;
    g_autoptr(JsonNode) probe = lp_json_parse(data, (gssize)length, error);
    if (probe == NULL)
        return FALSE;
    const char *kind = NULL;
    if (!JSON_NODE_HOLDS_OBJECT(probe) ||
        !lp_json_get_string(json_node_get_object(probe), "game", &kind, error))
        return FALSE;
    h->rules = lp_games_lookup(kind);
    if (h->rules == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_WRONG_GAME, "unknown game “%s”", kind);
        return FALSE;
    }
    h->info = lp_game_rules_get_class(h->rules);
    LpGame *game = lp_game_restore_from_data(h->rules->get_type(), data, length, error);
    if (game == NULL)
        return FALSE;
    h->n_players = lp_game_get_n_players(game);
    g_autofree char *spath = seats_path(path);
    g_autofree char *sdata = NULL;
    gsize slength = 0;
    if (!g_file_get_contents(spath, &sdata, &slength, error)) {
        g_object_unref(game);
        return FALSE;
    }
    g_autoptr(JsonNode) seats = lp_json_parse(sdata, (gssize)slength, error);
    if (seats == NULL) {
        g_object_unref(game);
        return FALSE;
    }
    /* Cut the log back to this save. */
    gint64 cut = -1;
    JsonArray *offsets = NULL;
    if (json_object_has_member(json_node_get_object(seats), "log") &&
        lp_json_get_array(json_node_get_object(seats), "log", &offsets, NULL)) {
        for (guint i = 0; i < json_array_get_length(offsets); i++) {
            JsonArray *pair = json_array_get_array_element(offsets, i);
            if (pair != NULL && json_array_get_length(pair) == 2 &&
                (guint64)json_array_get_int_element(pair, 0) == lp_game_get_n_actions(game))
                cut = json_array_get_int_element(pair, 1);
        }
    }
    if (h->log_path != NULL && cut < 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    "the seats file does not say how long the log was at this save");
        g_object_unref(game);
        return FALSE;
    }
    if (!open_log(h, TRUE, cut)) {
        g_object_unref(game);
        return FALSE;
    }
    h->seed = G_MAXUINT64;
    h->game = NULL;
    h->pending_resume = game;
    h->resume_seats = g_steal_pointer(&seats);
    return TRUE;
}

int sim_host_main(int argc, char **argv)
{
    g_autofree char *players = NULL, *levels = NULL, *seed = NULL, *port = NULL, *code = NULL,
                    *log_path = NULL, *save_path = NULL, *resume_path = NULL, *name = NULL;
    gboolean option = FALSE;
    const GOptionEntry entries[] = {
        {"players", 0, 0, G_OPTION_ARG_STRING, &players, NULL, "N"},
        {"levels", 0, 0, G_OPTION_ARG_STRING, &levels, NULL, "L1,L2,…"},
        {"seed", 0, 0, G_OPTION_ARG_STRING, &seed, NULL, "S"},
        {"port", 0, 0, G_OPTION_ARG_STRING, &port, NULL, "P"},
        {"code", 0, 0, G_OPTION_ARG_STRING, &code, NULL, "C"},
        {"log", 0, 0, G_OPTION_ARG_FILENAME, &log_path, NULL, "FILE"},
        {"save", 0, 0, G_OPTION_ARG_FILENAME, &save_path, NULL, "FILE"},
        {"resume", 0, 0, G_OPTION_ARG_FILENAME, &resume_path, NULL, "FILE"},
        {"option", 0, 0, G_OPTION_ARG_NONE, &option, NULL, NULL},
        {"name", 0, 0, G_OPTION_ARG_FILENAME, &name, NULL, "NAME"}, /* bytes, checked below */
        {NULL},
    };
    g_autoptr(GError) error = NULL;
    if (!parse_options(entries, &argc, &argv, &error))
        return usage_error("host", error->message);
    if (name != NULL && !g_utf8_validate(name, -1, NULL))
        return usage_error("host", "--name must be UTF-8 text");
    guint64 port_v = 0;
    if (port == NULL || !parse_uint(port, 65535, &port_v))
        return usage_error("host", "--port needs a port number (0 picks a free one)");
    if (code == NULL || !lp_net_code_is_valid(code))
        return usage_error("host", "--code needs six digits");

    Host h = {.status = 0, .log_path = log_path, .seed = 0,
              .log_offsets = g_hash_table_new(NULL, NULL)};
    h.loop = g_main_loop_new(NULL, FALSE);
    LpGame *resumed = NULL;
    if (resume_path != NULL) {
        if (argc != 1 || players != NULL || levels != NULL || seed != NULL)
            return usage_error("host", "--resume takes the game, seats and levels from FILE");
        h.save_path = resume_path;
        if (!resume(&h, resume_path, &error)) {
            fprintf(stderr, "landpartie-sim: cannot resume %s: %s\n", resume_path,
                    error->message);
            return 1;
        }
        resumed = h.pending_resume;
        /* The code given now is the one the devices know; the seats are the save's. */
        gboolean remote[SIM_MAX_PLAYERS] = {0};
        for (guint i = 0; i < h.n_players; i++)
            remote[i] = lp_game_is_seat_remote(resumed, i);
        h.host = lp_net_host_new(h.info->kind, h.n_players, remote, code);
        if (!lp_net_host_load_seats(h.host, h.resume_seats, &error)) {
            fprintf(stderr, "landpartie-sim: cannot resume %s: %s\n", resume_path,
                    error->message);
            return 1;
        }
        g_clear_pointer(&h.resume_seats, json_node_unref);
        /* A resumed game keeps its code: the one given must be the same. */
        if (!g_str_equal(lp_net_host_get_code(h.host), code)) {
            fprintf(stderr, "landpartie-sim: the saved game was hosted with another code\n");
            return 2;
        }
    } else {
        if (argc != 2)
            return usage_error("host", "give exactly one game");
        h.rules = lp_games_lookup(argv[1]);
        if (h.rules == NULL)
            return usage_error("host", "unknown game (buxtehude, minden or aufachse)");
        h.info = lp_game_rules_get_class(h.rules);
        guint64 n = 0;
        if (players == NULL || !parse_uint(players, SIM_MAX_PLAYERS, &n) ||
            n < h.info->min_players || n > h.info->max_players)
            return usage_error("host", "--players needs the number of players of the game");
        h.n_players = (guint)n;
        if (seed == NULL || !parse_uint(seed, G_MAXUINT64, &h.seed))
            return usage_error("host", "--seed needs a non-negative whole number");
        if (levels == NULL)
            return usage_error("host", "--levels needs one level per player");
        g_auto(GStrv) parts = g_strsplit(levels, ",", -1);
        if (g_strv_length(parts) != h.n_players)
            return usage_error("host", "--levels needs one level per player");
        gboolean any_remote = FALSE;
        for (guint i = 0; i < h.n_players; i++) {
            h.remote[i] = g_str_equal(parts[i], "remote");
            any_remote |= h.remote[i];
            if (!h.remote[i] && !lp_level_from_string(parts[i], &h.levels[i]))
                return usage_error("host", "--levels must list easy, normal, hard or remote");
        }
        if (!any_remote)
            return usage_error("host", "at least one seat must be remote");
        h.option = option;
        h.save_path = save_path;
        h.host = lp_net_host_new(h.info->kind, h.n_players, h.remote, code);
        if (!open_log(&h, FALSE, -1))
            return 1;
    }
    if (!lp_net_host_listen(h.host, (guint16)port_v, &error)) {
        fprintf(stderr, "landpartie-sim: cannot listen on port %u: %s\n", (guint)port_v,
                error->message);
        return 1;
    }
    fprintf(stderr, "landpartie-sim: hosting %s on port %u\n", h.info->kind,
            lp_net_host_get_port(h.host));
    fflush(stderr);
    g_autofree char *shown = name != NULL ? g_strdup(name)
                                          : g_strdup_printf("%s (landpartie-sim)", g_get_host_name());
    h.announcer = lp_net_announcer_new(shown, lp_net_host_get_port(h.host), h.info->kind,
                                       free_seats(h.host));
    g_signal_connect(h.host, "seats-changed", G_CALLBACK(on_seats_changed), &h);
    if (resumed != NULL)
        start_game(&h, resumed);
    g_main_loop_run(h.loop);
    lp_net_host_stop(h.host, "over");
    if (h.log != NULL && fclose(h.log) != 0)
        h.status = 1;
    g_clear_object(&h.events);
    g_clear_object(&h.announcer);
    g_clear_object(&h.host);
    g_clear_object(&h.game);
    g_hash_table_unref(h.log_offsets);
    g_main_loop_unref(h.loop);
    return h.status;
}

/* ---- join ---- */

typedef struct {
    GMainLoop *loop;
    LpNetClient *client;
    const LpGameRules *rules;
    char *url;
    char *code;
    char *level;
    int want_seat;
    char *token_path;
    char *token;
    int seat;
    gboolean over;
    int status;
    guint retry;
    gint64 lost_since; /* monotonic µs, 0 while connected */
    guint64 patience;  /* seconds */
    FILE *capture;     /* --capture: every message received, one a line */
} Join;

static void join_quit(Join *j, int status)
{
    j->status = status;
    g_main_loop_quit(j->loop);
}

static void save_token(Join *j)
{
    if (j->token_path == NULL || j->token == NULL)
        return;
    g_autofree char *dir = g_path_get_dirname(j->token_path);
    g_mkdir_with_parents(dir, 0700);
    g_autofree char *text = g_strdup_printf("%s\n", j->token);
    g_autoptr(GError) error = NULL;
    if (!g_file_set_contents_full(j->token_path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT,
                                  0600, &error))
        fprintf(stderr, "landpartie-sim: cannot keep the seat token: %s\n", error->message);
}

static void on_joined(LpNetClient *client, int seat, const char *token, Join *j)
{
    j->seat = seat;
    j->lost_since = 0;
    if (token != NULL && g_strcmp0(token, j->token) != 0) {
        g_free(j->token);
        j->token = g_strdup(token);
        save_token(j);
    }
}

static void on_view(LpNetClient *client, JsonNode *view, Join *j)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) mirror = lp_game_mirror_new(j->rules->get_type(), view, &error);
    if (mirror == NULL) {
        fprintf(stderr, "landpartie-sim: the host sent a view this player cannot read: %s\n",
                error->message);
        lp_net_client_close(client);
        join_quit(j, 1);
        return;
    }
    if (j->seat < 0 || lp_game_get_computer_seat(mirror) != j->seat)
        return;
    g_autoptr(JsonNode) action =
        lp_game_computer_action(mirror, (guint)j->seat, j->rules->computer_move);
    if (action == NULL)
        return;
    guint64 at = lp_game_get_n_actions(mirror);
    /* The same id for the same decision: sent again after a cut, it is played once. */
    g_autofree char *id = g_strdup_printf("s%d-a%" G_GUINT64_FORMAT, j->seat, at);
    lp_net_client_send_action(client, id, (gint64)at, action);
}

static void on_received(LpNetClient *client, GBytes *bytes, Join *j)
{
    gsize length = 0;
    const char *data = g_bytes_get_data(bytes, &length);
    if (fwrite(data, 1, length, j->capture) != length || fputc('\n', j->capture) == EOF) {
        fprintf(stderr, "landpartie-sim: cannot write the capture\n");
        join_quit(j, 1);
    }
}

static void on_view_any(LpNetClient *client, JsonNode *view, Join *j)
{
    if (j->rules == NULL) {
        const char *kind = NULL;
        if (JSON_NODE_HOLDS_OBJECT(view))
            lp_json_get_string(json_node_get_object(view), "game", &kind, NULL);
        j->rules = kind != NULL ? lp_games_lookup(kind) : NULL;
        if (j->rules == NULL) {
            fprintf(stderr, "landpartie-sim: the host plays a game this player does not know\n");
            lp_net_client_close(client);
            join_quit(j, 1);
            return;
        }
    }
    on_view(client, view, j);
}

static void on_refused(LpNetClient *client, const char *id, const char *message, Join *j)
{
    /* A stale choice is answered by the next view; anything else is a bug to show. */
    fprintf(stderr, "landpartie-sim: the host refused %s: %s\n", id, message);
}

static void on_result(LpNetClient *client, JsonNode *result, Join *j)
{
    JsonObject *line = json_object_new();
    json_object_set_int_member(line, "game", 1);
    json_object_set_int_member(line, "seat", j->seat);
    print_result_line(line, result);
    j->over = TRUE;
    lp_net_client_close(client);
    join_quit(j, 0);
}

static void join_connect(Join *j)
{
    LpNetJoin join = {.code = j->code, .token = j->token, .seat = j->want_seat,
                      .computer = j->level};
    lp_net_client_connect(j->client, j->url, &join);
}

static gboolean on_retry(gpointer data)
{
    Join *j = data;
    j->retry = 0;
    if (g_get_monotonic_time() - j->lost_since > (gint64)j->patience * G_USEC_PER_SEC) {
        fprintf(stderr, "landpartie-sim: the connection to the host is lost\n");
        join_quit(j, 4);
        return G_SOURCE_REMOVE;
    }
    join_connect(j);
    return G_SOURCE_REMOVE;
}

static void on_failed(LpNetClient *client, guint code, const char *message, Join *j)
{
    fprintf(stderr, "landpartie-sim: %s\n", message);
    switch ((LpNetError)code) {
    case LP_NET_ERROR_BAD_CODE:
    case LP_NET_ERROR_LOCKED:
    case LP_NET_ERROR_NO_SEAT:
    case LP_NET_ERROR_VERSION:
    case LP_NET_ERROR_BAD_TOKEN:
        lp_net_client_close(client);
        join_quit(j, 3);
        break;
    default:
        break;
    }
}

static void on_closed(LpNetClient *client, const char *reason, Join *j)
{
    /* Also a host that cannot be reached at all: tried again, as a lost one. */
    if (j->over || !g_main_loop_is_running(j->loop))
        return;
    if (j->lost_since == 0)
        j->lost_since = g_get_monotonic_time();
    if (j->retry == 0)
        j->retry = g_timeout_add(500, on_retry, j);
}

int sim_join_main(int argc, char **argv)
{
    g_autofree char *code = NULL, *level = NULL, *seat = NULL, *capture = NULL,
                    *patience = NULL;
    const GOptionEntry entries[] = {
        {"code", 0, 0, G_OPTION_ARG_STRING, &code, NULL, "C"},
        {"level", 0, 0, G_OPTION_ARG_STRING, &level, NULL, "L"},
        {"seat", 0, 0, G_OPTION_ARG_STRING, &seat, NULL, "K"},
        {"capture", 0, 0, G_OPTION_ARG_FILENAME, &capture, NULL, "FILE"},
        {"patience", 0, 0, G_OPTION_ARG_STRING, &patience, NULL, "S"},
        {NULL},
    };
    g_autoptr(GError) error = NULL;
    if (!parse_options(entries, &argc, &argv, &error))
        return usage_error("join", error->message);
    if (argc != 2 || !(g_str_has_prefix(argv[1], "ws://")))
        return usage_error("join", "give the host's address, ws://HOST:PORT/ws");
    if (code == NULL || !lp_net_code_is_valid(code))
        return usage_error("join", "--code needs the host's six digits");
    LpLevel l;
    if (level == NULL || !lp_level_from_string(level, &l))
        return usage_error("join", "--level must be easy, normal or hard");
    Join j = {.want_seat = -1, .seat = -1, .status = 4, .patience = REJOIN_SECONDS};
    if (patience != NULL && !parse_uint(patience, 3600, &j.patience))
        return usage_error("join", "--patience needs a number of seconds up to 3600");
    if (seat != NULL) {
        guint64 s = 0;
        if (!parse_uint(seat, SIM_MAX_PLAYERS - 1, &s))
            return usage_error("join", "--seat needs a seat number from 0");
        j.want_seat = (int)s;
    }
    j.url = argv[1];
    j.code = code;
    j.level = level;
    /* The seat token is kept on disk, so a joiner that was stopped takes its seat back. */
    g_autofree char *url_key = g_compute_checksum_for_string(G_CHECKSUM_SHA256, argv[1], -1);
    g_autofree char *file = g_strdup_printf("%.16s-%s-%s.token", url_key, code,
                                            seat != NULL ? seat : "any");
    j.token_path = g_build_filename(g_get_user_state_dir(), "landpartie", "seats", file, NULL);
    g_autofree char *stored = NULL;
    if (g_file_get_contents(j.token_path, &stored, NULL, NULL)) {
        g_strstrip(stored);
        if (lp_net_token_is_valid(stored))
            j.token = g_strdup(stored);
    }
    if (capture != NULL && (j.capture = fopen(capture, "w")) == NULL) {
        fprintf(stderr, "landpartie-sim: cannot write %s: %s\n", capture, g_strerror(errno));
        return 1;
    }
    /* Which game: from the first view; the rules are looked up then. */
    j.loop = g_main_loop_new(NULL, FALSE);
    j.client = lp_net_client_new();
    g_signal_connect(j.client, "joined", G_CALLBACK(on_joined), &j);
    g_signal_connect(j.client, "refused", G_CALLBACK(on_refused), &j);
    g_signal_connect(j.client, "result", G_CALLBACK(on_result), &j);
    g_signal_connect(j.client, "failed", G_CALLBACK(on_failed), &j);
    g_signal_connect(j.client, "closed", G_CALLBACK(on_closed), &j);
    g_signal_connect(j.client, "view", G_CALLBACK(on_view_any), &j);
    if (j.capture != NULL)
        g_signal_connect(j.client, "received", G_CALLBACK(on_received), &j);
    join_connect(&j);
    g_main_loop_run(j.loop);
    g_clear_handle_id(&j.retry, g_source_remove);
    g_object_unref(j.client);
    g_main_loop_unref(j.loop);
    g_free(j.token);
    g_free(j.token_path);
    if (j.capture != NULL && fclose(j.capture) != 0 && j.status == 0)
        j.status = 1;
    return j.status;
}

/* ---- browse ---- */

static void on_found(LpNetBrowser *browser, const char *id, const char *name,
                     const char *address, guint port, const char *game, guint free_seats,
                     gpointer data)
{
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "name", name);
    json_object_set_string_member(obj, "address", address);
    json_object_set_int_member(obj, "port", port);
    json_object_set_string_member(obj, "game", game);
    json_object_set_int_member(obj, "free", free_seats);
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    g_autofree char *text = lp_json_to_string(node, FALSE);
    puts(text);
    fflush(stdout);
}

static gboolean quit_loop(gpointer loop)
{
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

int sim_browse_main(int argc, char **argv)
{
    g_autofree char *seconds = NULL;
    const GOptionEntry entries[] = {
        {"seconds", 0, 0, G_OPTION_ARG_STRING, &seconds, NULL, "S"},
        {NULL},
    };
    g_autoptr(GError) error = NULL;
    if (!parse_options(entries, &argc, &argv, &error))
        return usage_error("browse", error->message);
    guint64 s = 3;
    if (argc != 1 || (seconds != NULL && (!parse_uint(seconds, 3600, &s) || s == 0)))
        return usage_error("browse", "--seconds needs a number from 1 to 3600");
    g_autoptr(GMainLoop) loop = g_main_loop_new(NULL, FALSE);
    g_autoptr(LpNetBrowser) browser = lp_net_browser_new();
    g_signal_connect(browser, "found", G_CALLBACK(on_found), NULL);
    g_timeout_add_seconds((guint)s, quit_loop, loop);
    g_main_loop_run(loop);
    if (!lp_net_browser_is_available(browser)) {
        JsonObject *obj = json_object_new();
        json_object_set_string_member(obj, "discovery", "unavailable");
        json_object_set_string_member(obj, "reason", lp_net_browser_get_problem(browser));
        g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
        json_node_take_object(node, obj);
        g_autofree char *text = lp_json_to_string(node, FALSE);
        puts(text);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
