/* SPDX-License-Identifier: GPL-3.0-or-later */
/* landpartie-sim: plays complete games with computer players only, through the same model
 * code the window uses, and prints results and (with --log) every turn event as JSON Lines. */
/* fsync() and fileno() are POSIX, not C11. */
#define _GNU_SOURCE

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lp-event-log.h"
#include "lp-games.h"
#include "lp-history.h"
#include "lp-json.h"
#include "sim-net.h"

/* usage: the text of --help, from usage.txt, which is also the manual page. */
#include "sim-usage.h"

static int fail_usage(const char *problem)
{
    fprintf(stderr, "landpartie-sim: %s\n\n%s", problem, usage);
    return 2;
}

/* Only digits: g_ascii_strtoull would take " -1" as 2^64 - 1. */
static gboolean parse_uint64(const char *s, guint64 *out)
{
    if (s == NULL || *s == '\0')
        return FALSE;
    for (const char *c = s; *c; c++) {
        if (!g_ascii_isdigit(*c))
            return FALSE;
    }
    char *end = NULL;
    errno = 0;
    guint64 v = g_ascii_strtoull(s, &end, 10);
    if (errno != 0 || end == NULL || *end != '\0')
        return FALSE;
    *out = v;
    return TRUE;
}

/* What the command line said; each option at most once. */
typedef struct {
    guint64 players, seed, games, undo;
    gboolean have_players, have_seed, have_games, have_undo, option;
    char *level, *levels, *log_path, *history_path;
    GHashTable *seen;
} Args;

static void args_clear(Args *args)
{
    g_clear_pointer(&args->level, g_free);
    g_clear_pointer(&args->levels, g_free);
    g_clear_pointer(&args->log_path, g_free);
    g_clear_pointer(&args->history_path, g_free);
    g_clear_pointer(&args->seen, g_hash_table_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(Args, args_clear)

static gboolean once(Args *args, const char *name, GError **error)
{
    if (!g_hash_table_add(args->seen, g_strdup(name))) {
        g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s is given twice", name);
        return FALSE;
    }
    return TRUE;
}

static gboolean no_option_as_value(const char *name, const char *value, GError **error)
{
    /* "--log --games 3" would write a file called "--games". */
    if (value == NULL || *value == '\0' || g_str_has_prefix(value, "-")) {
        g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s needs a value", name);
        return FALSE;
    }
    return TRUE;
}

static gboolean on_option(const char *name, const char *value, gpointer data, GError **error)
{
    Args *args = data;
    if (!once(args, name, error))
        return FALSE;
    if (g_str_equal(name, "--option")) {
        args->option = TRUE;
        return TRUE;
    }
    if (!no_option_as_value(name, value, error))
        return FALSE;
    if (g_str_equal(name, "--players")) {
        args->have_players = parse_uint64(value, &args->players);
        if (!args->have_players)
            g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "--players needs a number");
        return args->have_players;
    }
    if (g_str_equal(name, "--seed")) {
        args->have_seed = parse_uint64(value, &args->seed);
        if (!args->have_seed)
            g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "--seed needs a non-negative whole number");
        return args->have_seed;
    }
    if (g_str_equal(name, "--undo")) {
        if (!parse_uint64(value, &args->undo) || args->undo > 100) {
            g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "--undo needs a percentage from 0 to 100");
            return FALSE;
        }
        args->have_undo = TRUE;
        return TRUE;
    }
    if (g_str_equal(name, "--games")) {
        if (!parse_uint64(value, &args->games) || args->games == 0 || args->games > 1000000) {
            g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                        "--games needs a number from 1 to 1000000");
            return FALSE;
        }
        args->have_games = TRUE;
        return TRUE;
    }
    char **field = g_str_equal(name, "--level")     ? &args->level
                   : g_str_equal(name, "--levels")  ? &args->levels
                   : g_str_equal(name, "--history") ? &args->history_path
                                                    : &args->log_path;
    *field = g_strdup(value);
    return TRUE;
}

/* Writes go to a temporary file beside the log, renamed over it only when everything was
 * written: a full disk leaves no log with a cut last line. */
typedef struct {
    char *path;
    char *tmp_path;
    FILE *file;
    gboolean failed;
} Log;

static void write_event(LpEventLog *events, JsonObject *event, Log *log)
{
    if (log->failed)
        return;
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, event);
    g_autofree char *line = lp_json_to_string(node, FALSE);
    if (fputs(line, log->file) == EOF || fputc('\n', log->file) == EOF)
        log->failed = TRUE;
}

static gboolean log_open(Log *log, const char *path)
{
    log->path = g_strdup(path);
    log->tmp_path = g_strconcat(path, ".XXXXXX", NULL);
    int fd = g_mkstemp(log->tmp_path);
    if (fd < 0 || (log->file = fdopen(fd, "w")) == NULL) {
        fprintf(stderr, "landpartie-sim: cannot write %s: %s\n", path, g_strerror(errno));
        return FALSE;
    }
    return TRUE;
}

static gboolean log_close(Log *log, gboolean keep)
{
    gboolean ok = !log->failed && fflush(log->file) == 0 && fsync(fileno(log->file)) == 0;
    int saved_errno = errno;
    ok = fclose(log->file) == 0 && ok;
    if (ok && keep && g_rename(log->tmp_path, log->path) != 0) {
        saved_errno = errno;
        ok = FALSE;
    }
    if (!ok || !keep)
        g_unlink(log->tmp_path);
    if (!ok)
        fprintf(stderr, "landpartie-sim: cannot write %s: %s\n", log->path,
                g_strerror(saved_errno != 0 ? saved_errno : EIO));
    g_free(log->path);
    g_free(log->tmp_path);
    return ok;
}

/* --undo (issue 33): the seats are people whose decisions their computer player takes, on
 * a mirror of their own view in which the seat counts as a computer (the only way the
 * computer players decide), played through lp_game_apply_action as a device's request. */
static JsonNode *person_action(LpGame *game, guint seat, LpComputerMoveFunc move)
{
    g_autoptr(JsonNode) view = lp_game_view(game, (int)seat);
    if (view == NULL)
        return NULL;
    JsonArray *seats = json_object_get_array_member(json_node_get_object(view), "players");
    JsonObject *player = json_array_get_object_element(seats, seat);
    json_object_set_string_member(player, "kind", "computer");
    json_object_set_string_member(
        player, "level", lp_level_to_string(lp_player_get_level(lp_game_get_player(game, seat))));
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) mirror = lp_game_mirror_new(G_OBJECT_TYPE(game), view, &error);
    if (mirror == NULL) {
        g_critical("no mirror of seat %u's view: %s", seat, error->message);
        return NULL;
    }
    if (lp_game_get_computer_seat(mirror) != (int)seat)
        return NULL;
    return lp_game_computer_action(mirror, seat, move);
}

/* Plays computers and the game's own steps, and each person's decision, until the game is
 * over or nobody acts; after a person's action that may be taken back, the person takes it
 * back with a chance of undo percent, and decides again. FALSE on a refused move. */
static gboolean play_people(LpGame *game, LpComputerMoveFunc move, guint64 undo, LpRng *rng)
{
    for (;;) {
        lp_game_run_computers(game, move);
        if (lp_game_is_over(game))
            return TRUE;
        gboolean acted = FALSE;
        for (guint seat = 0; seat < lp_game_get_n_players(game) && !acted; seat++) {
            g_autoptr(JsonNode) action = person_action(game, seat, move);
            if (action == NULL)
                continue;
            g_autoptr(GError) error = NULL;
            if (!lp_game_apply_action(game, seat, action, &error)) {
                g_autofree char *text = lp_json_to_string(action, FALSE);
                fprintf(stderr, "landpartie-sim: seat %u's move %s was refused: %s\n", seat,
                        text, error->message);
                return FALSE;
            }
            acted = TRUE;
            if (lp_game_can_undo(game, seat) && lp_rng_int_range(rng, 0, 100) < (int)undo &&
                !lp_game_undo(game, seat, &error)) {
                fprintf(stderr, "landpartie-sim: seat %u could not take back: %s\n", seat,
                        error->message);
                return FALSE;
            }
        }
        if (!acted)
            return TRUE;
    }
}

int main(int argc, char **argv)
{
    /* Thousands of games: the same actions again and again (lp_game_set_keep_actions). */
    lp_game_set_keep_actions(TRUE);
    /* Play on several devices (issue 31): landpartie-sim host … / join …. */
    if (argc >= 2 && g_str_equal(argv[1], "host"))
        return sim_host_main(argc - 1, argv + 1);
    if (argc >= 2 && g_str_equal(argv[1], "join"))
        return sim_join_main(argc - 1, argv + 1);
    if (argc >= 2 && g_str_equal(argv[1], "browse"))
        return sim_browse_main(argc - 1, argv + 1);
    if (argc >= 2 && (g_str_equal(argv[1], "--help") || g_str_equal(argv[1], "-h"))) {
        fputs(usage, stdout);
        return fflush(stdout) == 0 ? 0 : 1;
    }
    g_auto(Args) args = {.games = 1,
                         .seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL)};
    const GOptionEntry entries[] = {
        {"players", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "N"},
        {"seed", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "S"},
        {"games", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "K"},
        {"level", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "LEVEL"},
        {"levels", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "L1,L2,..."},
        {"log", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "FILE"},
        {"history", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "FILE"},
        {"undo", 0, 0, G_OPTION_ARG_CALLBACK, on_option, NULL, "P"},
        {"option", 0, G_OPTION_FLAG_NO_ARG, G_OPTION_ARG_CALLBACK, on_option, NULL, NULL},
        {NULL},
    };
    g_autoptr(GOptionContext) context = g_option_context_new("GAME");
    g_autoptr(GOptionGroup) group = g_option_group_new("sim", "", "", &args, NULL);
    g_option_group_add_entries(group, entries);
    g_option_context_set_main_group(context, g_steal_pointer(&group));
    g_option_context_set_help_enabled(context, FALSE);
    g_autoptr(GError) error = NULL;
    /* Strict: GOptionContext stops at nothing unknown when told not to ignore it. */
    g_option_context_set_ignore_unknown_options(context, FALSE);
    int status_args = 0;
    if (!g_option_context_parse(context, &argc, &argv, &error))
        status_args = fail_usage(error->message);
    else if (argc < 2)
        status_args = fail_usage("no game given");
    else if (argc > 2)
        status_args = fail_usage("give exactly one game");
    if (status_args != 0)
        return status_args;
    const LpGameRules *rules = lp_games_lookup(argv[1]);
    if (rules == NULL)
        return fail_usage("unknown game (buxtehude, minden or aufachse)");
    LpGameClass *info = lp_game_rules_get_class(rules);

    guint64 players = args.players, seed = args.seed, games = args.games;
    gboolean option = args.option;
    const char *level = args.level, *levels = args.levels, *log_path = args.log_path;
    if (!args.have_players || !args.have_seed)
        return fail_usage("--players and --seed are required");
    if (players < info->min_players || players > 8 || players > info->max_players) {
        g_autofree char *msg = g_strdup_printf("%s is played by %u to %u players", info->kind,
                                               info->min_players, info->max_players);
        return fail_usage(msg);
    }
    if (level != NULL && levels != NULL)
        return fail_usage("give either --level or --levels");

    LpLevel seat_levels[8];
    for (guint i = 0; i < players; i++)
        seat_levels[i] = LP_LEVEL_NORMAL;
    if (level != NULL && !lp_level_from_string(level, &seat_levels[0]))
        return fail_usage("--level must be easy, normal or hard");
    for (guint i = 1; level != NULL && i < players; i++)
        seat_levels[i] = seat_levels[0];
    if (levels != NULL) {
        g_auto(GStrv) parts = g_strsplit(levels, ",", -1);
        if (g_strv_length(parts) != players)
            return fail_usage("--levels needs one level per player");
        for (guint i = 0; i < players; i++) {
            if (!lp_level_from_string(parts[i], &seat_levels[i]))
                return fail_usage("--levels must list easy, normal or hard");
        }
    }

    Log log = {0};
    if (log_path != NULL && !log_open(&log, log_path))
        return 1;
    /* Appended to, never replaced: the file may hold the family's real games. */
    LpHistoryWriter *history = NULL;
    if (args.history_path != NULL) {
        g_autoptr(GError) history_error = NULL;
        history = lp_history_writer_open(args.history_path, &history_error);
        if (history == NULL) {
            fprintf(stderr, "landpartie-sim: %s\n", history_error->message);
            if (log_path != NULL)
                log_close(&log, FALSE);
            return 1;
        }
    }

    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < players; i++) {
        g_autofree char *name = g_strdup_printf(
            args.have_undo ? "Person %u (%s)" : "Computer %u (%s)", i + 1,
            lp_level_to_string(seat_levels[i]));
        g_ptr_array_add(seats, lp_player_new(name, LP_AGE_UNKNOWN, colours[i % n_colours].hex,
                                             args.have_undo ? LP_PLAYER_HUMAN
                                                            : LP_PLAYER_COMPUTER,
                                             seat_levels[i]));
    }

    guint wins[8] = {0};
    double shared = 0;
    int status = 0;
    for (guint64 k = 0; k < games; k++) {
        guint64 game_seed = lp_rng_derive_seed(seed, k);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) game = info->create(seats, game_seed, option, &error);
        g_autoptr(LpEventLog) events = NULL;
        if (game == NULL) {
            fprintf(stderr, "landpartie-sim: cannot start %s: %s\n", info->kind, error->message);
            status = 1;
            break;
        }
        if (log_path != NULL) {
            events = lp_event_log_new(game);
            g_signal_connect(events, "event", G_CALLBACK(write_event), &log);
        }
        if (args.have_undo) {
            g_autoptr(LpRng) undo_rng = lp_rng_new(lp_rng_derive_seed(game_seed, 33));
            if (!play_people(game, rules->computer_move, args.undo, undo_rng)) {
                status = 1;
                break;
            }
        } else {
            lp_game_run_computers(game, rules->computer_move);
        }
        if (!lp_game_is_over(game)) {
            fprintf(stderr, "landpartie-sim: game %" G_GUINT64_FORMAT " stopped before its end\n",
                    k + 1);
            status = 1;
            break;
        }
        g_autoptr(JsonNode) result = lp_game_result(game);
        JsonObject *line = json_object_new();
        json_object_set_int_member(line, "game", (gint64)(k + 1));
        g_autofree char *seed_text = g_strdup_printf("%" G_GUINT64_FORMAT, game_seed);
        json_object_set_string_member(line, "seed", seed_text);
        JsonObject *res = json_node_get_object(result);
        g_autoptr(GList) members = json_object_get_members(res);
        for (GList *m = members; m != NULL; m = m->next)
            json_object_set_member(line, m->data,
                                   json_node_copy(json_object_get_member(res, m->data)));
        if (json_object_has_member(res, "winners")) {
            JsonArray *w = json_object_get_array_member(res, "winners");
            guint nw = json_array_get_length(w);
            for (guint i = 0; i < nw; i++) {
                gint64 seat = json_array_get_int_element(w, i);
                if (seat >= 0 && seat < (gint64)players)
                    wins[seat]++;
            }
            if (nw > 1)
                shared += 1;
        }
        g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
        json_node_take_object(node, line);
        g_autofree char *text = lp_json_to_string(node, FALSE);
        /* A full or closed stdout loses the results: stop and say so. */
        if (puts(text) == EOF || fflush(stdout) != 0) {
            fprintf(stderr, "landpartie-sim: cannot write the results: %s\n", g_strerror(errno));
            status = 1;
            break;
        }
        if (log.failed) {
            status = 1;
            break;
        }
        if (history != NULL) {
            g_autoptr(JsonNode) record = lp_history_record_new(game, NULL);
            if (record == NULL || !lp_history_writer_add(history, record, &error)) {
                fprintf(stderr, "landpartie-sim: %s\n",
                        error != NULL ? error->message : "no history record");
                status = 1;
                break;
            }
        }
    }
    if (history != NULL) {
        g_autoptr(GError) history_error = NULL;
        if (!lp_history_writer_close(g_steal_pointer(&history), &history_error)) {
            fprintf(stderr, "landpartie-sim: %s\n", history_error->message);
            status = 1;
        }
    }
    if (log_path != NULL && !log_close(&log, status == 0))
        status = 1;
    if (status == 0) {
        fprintf(stderr, "{\"games\":%" G_GUINT64_FORMAT ",\"wins\":[", games);
        for (guint i = 0; i < players; i++)
            fprintf(stderr, "%s%u", i ? "," : "", wins[i]);
        fprintf(stderr, "],\"levels\":[");
        for (guint i = 0; i < players; i++)
            fprintf(stderr, "%s\"%s\"", i ? "," : "", lp_level_to_string(seat_levels[i]));
        fprintf(stderr, "],\"shared_wins\":%.0f}\n", shared);
    }
    return status;
}
