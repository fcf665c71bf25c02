/* SPDX-License-Identifier: GPL-3.0-or-later */
/* landpartie-sim: plays complete games with computer players only, through the same model
 * code the window uses, and prints results and (with --log) every turn event as JSON Lines. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lp-event-log.h"
#include "lp-games.h"
#include "lp-json.h"

static const char usage[] =
    "Usage: landpartie-sim GAME --players N --seed S [--level LEVEL | --levels L1,L2,...]\n"
    "                      [--games K] [--option] [--log FILE]\n"
    "\n"
    "GAME is buxtehude, minden or aufachse. LEVEL is easy, normal or hard (default normal).\n"
    "--levels gives each seat its own level. Each of the K games (default 1) gets its own\n"
    "shuffle derived from S. --option turns on the game's setup option (Buxtehude: easy\n"
    "deck; Minden: purple cards). --log writes every turn event as one JSON object per line.\n"
    "Prints one JSON line per game with the result, and a summary of wins per seat on stderr.\n";

static int fail_usage(const char *problem)
{
    fprintf(stderr, "landpartie-sim: %s\n\n%s", problem, usage);
    return 2;
}

static gboolean parse_uint64(const char *s, guint64 *out)
{
    if (s == NULL || *s == '\0' || *s == '-')
        return FALSE;
    char *end = NULL;
    errno = 0;
    guint64 v = g_ascii_strtoull(s, &end, 10);
    if (errno != 0 || end == NULL || *end != '\0')
        return FALSE;
    *out = v;
    return TRUE;
}

static void write_event(LpEventLog *events, JsonObject *event, FILE *log)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, event);
    g_autofree char *line = lp_json_to_string(node, FALSE);
    fputs(line, log);
    fputc('\n', log);
}

int main(int argc, char **argv)
{
    if (argc < 2 || g_str_equal(argv[1], "--help") || g_str_equal(argv[1], "-h")) {
        if (argc >= 2) {
            fputs(usage, stdout);
            return 0;
        }
        return fail_usage("no game given");
    }
    const LpGameRules *rules = lp_games_lookup(argv[1]);
    if (rules == NULL)
        return fail_usage("unknown game (buxtehude, minden or aufachse)");
    LpGameClass *info = lp_game_rules_get_class(rules);

    guint64 players = 0, seed = 0, games = 1;
    gboolean have_players = FALSE, have_seed = FALSE, option = FALSE;
    const char *level = NULL, *levels = NULL, *log_path = NULL;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (g_str_equal(arg, "--option")) {
            option = TRUE;
            continue;
        }
        if (value == NULL)
            return fail_usage("an option is missing its value");
        if (g_str_equal(arg, "--players")) {
            if (!parse_uint64(value, &players))
                return fail_usage("--players needs a number");
            have_players = TRUE;
        } else if (g_str_equal(arg, "--seed")) {
            if (!parse_uint64(value, &seed))
                return fail_usage("--seed needs a non-negative whole number");
            have_seed = TRUE;
        } else if (g_str_equal(arg, "--games")) {
            if (!parse_uint64(value, &games) || games == 0 || games > 1000000)
                return fail_usage("--games needs a number from 1 to 1000000");
        } else if (g_str_equal(arg, "--level")) {
            level = value;
        } else if (g_str_equal(arg, "--levels")) {
            levels = value;
        } else if (g_str_equal(arg, "--log")) {
            log_path = value;
        } else {
            return fail_usage("unknown option");
        }
        i++;
    }
    if (!have_players || !have_seed)
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

    FILE *log = NULL;
    if (log_path != NULL) {
        log = fopen(log_path, "w");
        if (log == NULL) {
            fprintf(stderr, "landpartie-sim: cannot write %s: %s\n", log_path, g_strerror(errno));
            return 1;
        }
    }

    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GPtrArray) seats = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < players; i++) {
        g_autofree char *name = g_strdup_printf("Computer %u (%s)", i + 1,
                                                lp_level_to_string(seat_levels[i]));
        g_ptr_array_add(seats, lp_player_new(name, LP_AGE_UNKNOWN, colours[i % n_colours].hex,
                                             LP_PLAYER_COMPUTER, seat_levels[i]));
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
        if (log != NULL) {
            events = lp_event_log_new(game);
            g_signal_connect(events, "event", G_CALLBACK(write_event), log);
        }
        lp_game_run_computers(game, rules->computer_move);
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
        puts(text);
    }
    if (log != NULL && fclose(log) != 0) {
        fprintf(stderr, "landpartie-sim: cannot write %s\n", log_path);
        status = 1;
    }
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
