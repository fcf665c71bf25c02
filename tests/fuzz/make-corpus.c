/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes the genuine saves of the fuzz corpus: computer seats play each game for a few seeds
 * and player counts, and the save is written the first time each phase (and step) of the
 * game shows (and then again with seat 0 made human), every 100 steps, and at the end. Compact
 * JSON keeps the corpus small and the fuzzer fast; the loader reads any spacing. See README. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aa-game.h"
#include "lp-game.h"
#include "lp-games.h"
#include "lp-json.h"
#include "minden-game.h"

#define MAX_STEPS 5000

/* The phase of a game as a short word for the file name: the saved state.phase, with
 * Minden's final scoring step ("final-set") and what an Auf Achse seat must do ("play-route"). */
static char *phase_of(LpGame *game, JsonNode *save)
{
    static const char *const aa_steps[] = { NULL, "route", "counter", "extra" };
    JsonObject *state = json_object_get_object_member(json_node_get_object(save), "state");
    const char *phase = json_object_get_string_member_with_default(state, "phase", "unknown");
    const char *detail = NULL;

    if (AA_IS_GAME(game)) {
        AaStep step = aa_game_get_step(AA_GAME(game));

        if ((guint)step < G_N_ELEMENTS(aa_steps))
            detail = aa_steps[step];
    } else if (MINDEN_IS_GAME(game) && g_str_equal(phase, "final")) {
        detail = json_object_get_string_member_with_default(state, "final_step", NULL);
    }
    return g_strdelimit(detail != NULL ? g_strconcat(phase, "-", detail, NULL) : g_strdup(phase),
                        "_ /", '-');
}

static void write_file(const char *dir, const char *name, const char *text)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *path = g_build_filename(dir, name, NULL);

    if (!g_file_set_contents(path, text, -1, &error)) {
        fprintf(stderr, "make-corpus: %s\n", error->message);
        exit(1);
    }
}

/* The same save with seat 0 human, as a family game is saved: the loader must accept it in
 * every phase (and keep what that seat may not yet see). */
static char *with_human_seat0(JsonNode *save)
{
    g_autoptr(JsonNode) copy = json_node_copy(save);
    JsonArray *players = json_object_get_array_member(json_node_get_object(copy), "players");
    JsonObject *seat0 = json_array_get_object_element(players, 0);

    json_object_set_string_member(seat0, "kind", "human");
    json_object_remove_member(seat0, "level");
    return lp_json_to_string(copy, FALSE);
}

static void play(const LpGameRules *rules, guint n_players, guint64 seed, gboolean option,
                 const char *dir)
{
    static const char *const names[] = { "Anna", "Ben", "Clara", "Dario", "Emine", "Fritz" };
    static const char *const colours[] = { "#c01c28", "#1c71d8", "#26a269", "#e5a50a",
                                           "#813d9c", "#63452c" };
    LpGameClass *klass = lp_game_rules_get_class(rules);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = NULL;
    guint written = 0;

    for (guint s = 0; s < n_players; s++)
        g_ptr_array_add(players, lp_player_new(names[s], s == 1 ? LP_AGE_UNKNOWN : 8 + 7 * (int)s,
                                               colours[s], LP_PLAYER_COMPUTER,
                                               (LpLevel)(s % 3)));
    game = lp_game_new_of_type(rules->get_type(), players, seed, option, &error);
    if (game == NULL) {
        fprintf(stderr, "make-corpus: %s\n", error->message);
        exit(1);
    }
    for (guint step = 0; step <= MAX_STEPS; step++) {
        g_autoptr(JsonNode) save = lp_game_save(game);
        g_autofree char *phase = phase_of(game, save);
        gboolean over = lp_game_is_over(game);

        gboolean first = !g_hash_table_contains(seen, phase);

        if (over || first || (step > 0 && step % 100 == 0)) {
            g_autofree char *text = lp_json_to_string(save, FALSE);
            g_autofree char *base = g_strdup_printf("%s-%up-seed%" G_GUINT64_FORMAT "%s-%03u-%s",
                                                    klass->kind, n_players, seed,
                                                    option ? "-option" : "", step,
                                                    over ? "over" : phase);
            g_autofree char *name = g_strconcat(base, ".json", NULL);
            g_autofree char *name_human = g_strconcat(base, "-human0.json", NULL);

            g_hash_table_add(seen, g_strdup(phase));
            write_file(dir, name, text);
            if (first) {
                g_autofree char *human = with_human_seat0(save);

                write_file(dir, name_human, human);
            }
            written++;
        }
        if (over)
            break;
        if (!lp_game_computer_step(game, rules->computer_move)) {
            fprintf(stderr, "make-corpus: %s stopped at step %u without an end\n", klass->kind,
                    step);
            exit(1);
        }
    }
    printf("%s, %u players, seed %" G_GUINT64_FORMAT "%s: %u saves\n", klass->kind, n_players,
           seed, option ? ", option" : "", written);
}

int main(int argc, char **argv)
{
    guint n_games;
    const LpGameRules *const *games = lp_games(&n_games);

    if (argc != 2) {
        fprintf(stderr, "usage: make-corpus CORPUS-FOLDER (writes into save-<game>/ there)\n");
        return 2;
    }
    for (guint g = 0; g < n_games; g++) {
        LpGameClass *klass = lp_game_rules_get_class(games[g]);
        g_autofree char *dir = g_strdup_printf("%s/save-%s", argv[1], klass->kind);

        g_mkdir_with_parents(dir, 0755);
        /* The fewest and the most players, each with and without the game's option. */
        play(games[g], klass->min_players, 1, FALSE, dir);
        play(games[g], klass->max_players, 2, klass->option_label != NULL, dir);
    }
    return 0;
}
