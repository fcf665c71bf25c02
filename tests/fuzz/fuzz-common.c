/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The checks shared by the fuzz entry points, above all "loaded means playable" for saves. */
#include "fuzz-common.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lp-game.h"
#include "lp-games.h"
#include "lp-player.h"

/* Bounds that keep one input within milliseconds: a whole game is a few hundred steps, the
 * app autosaves after each; reloading after every step early and then now and then finds
 * the same kinds of bugs at a fraction of the cost. */
#define FUZZ_MAX_STEPS 3000
#define FUZZ_RELOAD_EVERY_STEP 40
#define FUZZ_RELOAD_PERIOD 20

void fuzz_init(void)
{
    static gboolean done;

    if (done)
        return;
    done = TRUE;
    setlocale(LC_ALL, "C.UTF-8");
    g_log_set_always_fatal(G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
    g_log_set_fatal_mask("GLib-GObject",
                         G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

void fuzz_fail(const char *format, ...)
{
    va_list args;

    va_start(args, format);
    fputs("fuzz: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    fflush(stderr);
    abort();
}

void fuzz_check_refusal(const GError *error, const char *what)
{
    if (error == NULL)
        fuzz_fail("%s was refused without an error", what);
    if (error->message == NULL || !g_utf8_validate(error->message, -1, NULL))
        fuzz_fail("%s was refused with a message that is not UTF-8", what);
    if (*error->message == '\0')
        fuzz_fail("%s was refused with an empty message", what);
    if (g_getenv("FUZZ_VERBOSE") != NULL)
        printf("  refused: %s: %s\n", what, error->message);
}

void fuzz_check_text(const char *text, gsize max_chars, const char *what)
{
    if (text == NULL)
        return;
    if (!g_utf8_validate(text, -1, NULL))
        fuzz_fail("%s was accepted but is not UTF-8", what);
    /* Characters a person sees (issue 36): a letter with its accents counts once. */
    if (max_chars > 0 && (gsize)lp_player_name_length(text) > max_chars)
        fuzz_fail("%s was accepted with more than %" G_GSIZE_FORMAT " characters", what,
                  max_chars);
}

void fuzz_check_name(const char *name, const char *what)
{
    fuzz_check_text(name, LP_PLAYER_NAME_MAX, what);
    if (name == NULL)
        return;
    /* Every name is cleaned as it is read (issue 36): no line separator, bidi override or
     * tower of accents reaches the screen. */
    g_autofree char *clean = lp_player_name_clean(name, 0);
    if (strcmp(clean, name) != 0)
        fuzz_fail("%s was accepted without being cleaned", what);
}

/* Saves game, reloads the bytes (which must load) and returns the reloaded game, whose own
 * save must be the same bytes. */
static LpGame *save_and_reload(GType type, LpGame *game, const char *when, guint step)
{
    g_autoptr(GError) error = NULL;
    gsize len = 0, len_again = 0;
    g_autofree char *data = lp_game_save_to_data(game, &len);
    g_autofree char *again = NULL;
    LpGame *reloaded;

    if (data == NULL || len == 0)
        fuzz_fail("%s (step %u): the save is empty", when, step);
    reloaded = lp_game_restore_from_data(type, data, len, &error);
    if (reloaded == NULL)
        fuzz_fail("%s (step %u): the game's own save is refused on reload: %s\n%s", when, step,
                  error != NULL ? error->message : "(no error)", data);
    again = lp_game_save_to_data(reloaded, &len_again);
    if (len != len_again || memcmp(data, again, len) != 0)
        fuzz_fail("%s (step %u): saving the reloaded game gives other bytes\n--- first\n%s\n"
                  "--- after reload\n%s", when, step, data, again);
    if (lp_game_is_over(reloaded) != lp_game_is_over(game) ||
        lp_game_get_current_seat(reloaded) != lp_game_get_current_seat(game))
        fuzz_fail("%s (step %u): the reloaded game waits for someone else", when, step);
    return reloaded;
}

void fuzz_play_on(const char *kind, LpGame *start)
{
    const LpGameRules *rules = lp_games_lookup(kind);
    GType type;
    g_autoptr(LpGame) game = NULL;

    g_assert(rules != NULL);
    type = rules->get_type();
    for (guint i = 0; i < lp_game_get_n_players(start); i++)
        fuzz_check_name(lp_player_get_name(lp_game_get_player(start, i)), "a player name");

    /* The first save of a loaded file may normalise it (spacing, member order); from then
     * on save and load must be a fixed point. */
    game = save_and_reload(type, start, "loaded", 0);

    for (guint step = 1; step <= FUZZ_MAX_STEPS; step++) {
        if (!lp_game_computer_step(game, rules->computer_move)) {
            /* Over, or a human must act. */
            if (g_getenv("FUZZ_VERBOSE") != NULL)
                printf("  loaded, %u computer steps, then %s\n", step - 1,
                       lp_game_is_over(game) ? "over" : "a human's turn");
            return;
        }
        /* Play on from the reloaded game, as the app does after a restart. */
        if (step <= FUZZ_RELOAD_EVERY_STEP || step % FUZZ_RELOAD_PERIOD == 0 ||
            lp_game_is_over(game)) {
            LpGame *reloaded = save_and_reload(type, game, "played", step);
            g_object_unref(game);
            game = reloaded;
        }
    }
    if (!lp_game_is_over(game))
        fuzz_fail("the computers played %d steps and the game is not over", FUZZ_MAX_STEPS);
}

void fuzz_save_one_input(const char *kind, const uint8_t *data, size_t size)
{
    const LpGameRules *rules;
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = NULL;

    fuzz_init();
    rules = lp_games_lookup(kind);
    g_assert(rules != NULL);
    game = lp_game_restore_from_data(rules->get_type(), (const char *)data, size, &error);
    if (game == NULL) {
        fuzz_check_refusal(error, "the save");
        return;
    }
    fuzz_play_on(kind, game);
}
