/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 35: a computer's mirror built straight from the game (copy_view) holds exactly the
 * state of the mirror built from the view's JSON (lp_game_view, lp_game_mirror_new): at
 * every step of many games, for every viewer, and the computer decides the same on both. */
#include "minden-game-private.h"
#include "minden-test-util.h"

/* ---- games ------------------------------------------------------------------------------ */

/* n players of the levels levels (a string of 'e', 'n', 'h', one per seat; 'p' a person the
 * test plays). */
static GPtrArray *players_of(const char *levels)
{
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil" };
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; levels[i] != '\0'; i++) {
        LpLevel level = levels[i] == 'e' ? LP_LEVEL_EASY
                        : levels[i] == 'h' ? LP_LEVEL_HARD
                                           : LP_LEVEL_NORMAL;
        g_ptr_array_add(players, lp_player_new(names[i], (int) (30 + i * 7) % 50, "#1c71d8",
                                               levels[i] == 'p' ? LP_PLAYER_HUMAN
                                                                : LP_PLAYER_COMPUTER,
                                               level));
    }
    return players;
}

/* The direct mirror's C state equals the JSON mirror's, also where the save shows less
 * (the tip structs, the deck, the computer's cache). */
static void assert_same_internals(MindenGame *a, MindenGame *b)
{
    g_assert_true(a->deck == b->deck);
    /* A seat's kept mirror keeps its computer's cache from one decision to the next: what a
     * seat makes of a card depends only on the seat's salt, level and the card (minden-ai.c),
     * none of which a game changes. */
    if (lp_game_get_viewer(LP_GAME(a)) < 0 || a->ai_cache == NULL)
        g_assert_null(a->ai_cache);
    else
        g_assert_cmpuint(a->ai_salt, ==, lp_game_computer_salt(LP_GAME(b)));
    g_assert_null(b->ai_cache);
    g_assert_cmpuint(a->n_seats, ==, b->n_seats);
    g_assert_cmpuint(a->draw->len, ==, b->draw->len);
    g_assert_cmpmem(a->draw->data, a->draw->len * sizeof(guint), b->draw->data,
                    b->draw->len * sizeof(guint));
    for (guint i = 0; i < a->n_seats; i++)
        g_assert_cmpmem(&a->seats[i].tip, sizeof(MindenTip), &b->seats[i].tip,
                        sizeof(MindenTip));
    g_assert_cmpuint(a->history->len, ==, b->history->len);
    for (guint i = 0; i < a->history->len; i++) {
        const MindenScoredTip *x = &g_array_index(a->history, MindenScoredTip, i);
        const MindenScoredTip *y = &g_array_index(b->history, MindenScoredTip, i);
        g_assert_cmpuint(x->round, ==, y->round);
        g_assert_cmpuint(x->seat, ==, y->seat);
        g_assert_cmpuint(x->card, ==, y->card);
        g_assert_cmpmem(&x->tip, sizeof(MindenTip), &y->tip, sizeof(MindenTip));
        g_assert_cmpint(x->right, ==, y->right);
        g_assert_cmpint(x->kept, ==, y->kept);
        g_assert_cmpuint(x->from, ==, y->from);
        g_assert_cmpuint(x->to, ==, y->to);
    }
}

static LpGame *json_mirror(LpGame *game, int viewer)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) view = lp_game_view(game, viewer);
    LpGame *mirror = lp_game_mirror_new(G_OBJECT_TYPE(game), view, &error);
    g_assert_no_error(error);
    return mirror;
}

static void on_requested(LpGame *mirror, JsonNode *action, char **out)
{
    g_assert_null(*out);
    *out = lp_json_to_string(action, FALSE);
}

/* The action minden_ai_move requests on mirror, as text; NULL when none. */
static char *decide(LpGame *mirror)
{
    char *action = NULL;
    gulong id = g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &action);
    minden_ai_move(mirror);
    g_signal_handler_disconnect(mirror, id);
    return action;
}

typedef struct {
    guint steps;
    guint checks;
    guint decisions;
    guint hidden_tips; /* stand-ins compared */
} Tally;

/* Both paths, every viewer; and where a computer decides, the same action from both. */
static void check_mirrors(LpGame *game, Tally *tally)
{
    guint n = lp_game_get_n_players(game);
    for (int viewer = LP_VIEWER_ONLOOKER; viewer < (int) n; viewer++) {
        g_autoptr(LpGame) direct = lp_game_mirror_of(game, viewer);
        g_autoptr(LpGame) from_json = json_mirror(game, viewer);
        g_assert_nonnull(direct);
        g_autofree char *what = NULL;
        if (!lp_game_mirrors_equal(direct, from_json, &what))
            g_error("viewer %d at action %" G_GUINT64_FORMAT ": the mirrors differ in %s",
                    viewer, lp_game_get_n_actions(game), what);
        assert_same_internals(MINDEN_GAME(direct), MINDEN_GAME(from_json));
        /* The seat's kept mirror, refilled at every step (lp_game_computer_mirror): nothing
         * of an earlier fill may stay. */
        if (viewer >= 0) {
            LpGame *kept = lp_game_computer_mirror(game, (guint) viewer);
            g_autofree char *kept_what = NULL;
            if (!lp_game_mirrors_equal(kept, from_json, &kept_what))
                g_error("viewer %d at action %" G_GUINT64_FORMAT ": the kept mirror differs in "
                        "%s", viewer, lp_game_get_n_actions(game), kept_what);
            assert_same_internals(MINDEN_GAME(kept), MINDEN_GAME(from_json));
        }
        /* The salt copy_view hands over is the one the mirror's key gives. */
        if (viewer >= 0) {
            g_assert_true(MINDEN_GAME(direct)->ai_salt_known);
            g_assert_cmpuint(MINDEN_GAME(direct)->ai_salt, ==,
                             lp_game_computer_salt(from_json));
            g_assert_cmpuint(MINDEN_GAME(direct)->ai_salt, ==, lp_game_computer_salt(direct));
        }
        for (guint s = 0; s < n; s++)
            if (MINDEN_GAME(direct)->seats[s].tip.n_stones > 0 &&
                !minden_tip_equal(&MINDEN_GAME(direct)->seats[s].tip,
                                  _minden_game_peek_tip(MINDEN_GAME(game), s)))
                tally->hidden_tips++;
        tally->checks++;
    }
    int seat = lp_game_get_computer_seat(game);
    if (seat >= 0) {
        g_autoptr(LpGame) direct = lp_game_mirror_of(game, seat);
        g_autoptr(LpGame) from_json = json_mirror(game, seat);
        g_autofree char *a = decide(direct);
        g_autofree char *b = decide(from_json);
        g_assert_nonnull(a);
        g_assert_cmpstr(a, ==, b);
        g_autoptr(JsonNode) action = lp_game_computer_action(game, (guint) seat, minden_ai_move);
        g_autofree char *c = lp_json_to_string(action, FALSE);
        g_assert_cmpstr(c, ==, a);
        tally->decisions++;
    }
}

/* A person's decision, at random: a card of the offer (now and then with a swap token), or
 * a tip of 1 to 4 stones somewhere on the grid. */
static void person_acts(MindenGame *game, LpRng *rng)
{
    g_autoptr(GError) error = NULL;
    if (game->phase == MINDEN_PHASE_CHOOSE) {
        guint seat = (guint) lp_game_get_current_seat(LP_GAME(game));
        guint card = g_array_index(game->offer, guint,
                                   lp_rng_int_range(rng, 0, (int) game->offer->len));
        gboolean swap = game->seats[seat].swaps_left > 0 && game->draw->len > 0 &&
                        lp_rng_int_range(rng, 0, 4) == 0;
        g_assert_true(minden_game_choose(game, seat, card, swap, &error));
        return;
    }
    g_assert_cmpint(game->phase, ==, MINDEN_PHASE_TIP);
    guint waiting[8], n_waiting = 0;
    for (guint s = 0; s < game->n_seats; s++)
        if (game->seats[s].tip.n_stones == 0 &&
            lp_player_is_human(lp_game_get_player(LP_GAME(game), s)))
            waiting[n_waiting++] = s;
    g_assert_cmpuint(n_waiting, >, 0);
    guint seat = waiting[lp_rng_int_range(rng, 0, (int) n_waiting)];
    MindenTip cell, tip;
    minden_grid_locate(lp_rng_double(rng) * 8.0 + 47.0, lp_rng_double(rng) * 10.0 + 5.0, &cell);
    tip = minden_tip_truncate(&cell, (guint) lp_rng_int_range(rng, 1, MINDEN_MAX_STONES + 1));
    g_assert_true(minden_game_tip(game, seat, &tip, &error));
}

/* Plays game to its end, comparing the mirrors before the first step and after each. */
static void play(MindenGame *game, LpRng *rng, Tally *tally)
{
    check_mirrors(LP_GAME(game), tally);
    while (!lp_game_is_over(LP_GAME(game))) {
        g_assert_cmpuint(++tally->steps, <, 1000000);
        if (!lp_game_computer_step(LP_GAME(game), minden_ai_move))
            person_acts(game, rng);
        check_mirrors(LP_GAME(game), tally);
    }
}

/* ---- tests ------------------------------------------------------------------------------ */

/* Games of the real deck through lp_game_new_of_type (create's option is the purple cards):
 * 2 to 5 seats, all easy, all hard or mixed, with and without purple, different seeds. */
static void test_real_games(void)
{
    static const struct {
        const char *levels;
        gboolean purple;
        guint64 seed;
    } games[] = {
        { "ee", FALSE, 1 },    { "hh", TRUE, 2 },     { "hen", FALSE, 3 },
        { "eeee", TRUE, 4 },   { "hhhhh", FALSE, 5 }, { "eeeee", TRUE, 6 },
        { "nhe", TRUE, 7 },    { "hehe", FALSE, 8 },
    };
    Tally tally = { 0 };
    minden_deck_set_default(NULL);
    for (guint k = 0; k < G_N_ELEMENTS(games); k++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(GPtrArray) players = players_of(games[k].levels);
        g_autoptr(LpGame) game = lp_game_new_of_type(MINDEN_TYPE_GAME, players,
                                                     games[k].seed * 7919, games[k].purple,
                                                     &error);
        g_assert_no_error(error);
        g_autoptr(LpRng) rng = lp_rng_new(games[k].seed);
        play(MINDEN_GAME(game), rng, &tally);
    }
    g_test_message("%u steps, %u mirror pairs, %u decisions, %u stand-in tips", tally.steps,
                   tally.checks, tally.decisions, tally.hidden_tips);
    g_assert_cmpuint(tally.decisions, >, 0);
    g_assert_cmpuint(tally.hidden_tips, >, 0);
}

/* People at the table (the test decides for them, swaps included), on small decks whose
 * draw pile runs out (the end by an empty pile, swaps refused for want of a card). */
static void test_games_with_people(void)
{
    static const char *const levels[] = { "pe", "hp", "pnp", "epph", "ppehp", "hepnp" };
    Tally tally = { 0 };
    for (guint k = 0; k < G_N_ELEMENTS(levels); k++) {
        g_autoptr(LpRng) rng = lp_rng_new(900 + k);
        g_autoptr(MindenDeck) deck = test_big_deck((guint) lp_rng_int_range(rng, 3, 12),
                                                   lp_rng_next_u64(rng));
        /* Views are read with the default deck. */
        minden_deck_set_default(deck);
        g_autoptr(GError) error = NULL;
        g_autoptr(GPtrArray) players = players_of(levels[k]);
        g_autoptr(LpRng) game_rng = lp_rng_new(lp_rng_next_u64(rng));
        g_autoptr(MindenGame) game = minden_game_new(players, game_rng, deck, k % 2 == 0,
                                                     &error);
        g_assert_no_error(error);
        play(game, rng, &tally);
    }
    minden_deck_set_default(NULL);
    g_assert_cmpuint(tally.decisions, >, 0);
}

/* A mirror reads its cards by id in the default deck: a game dealt from another object of
 * the same cards gives mirrors of the default one, with the same indices. */
static void test_other_deck_object(void)
{
    Tally tally = { 0 };
    g_autoptr(MindenDeck) dealt = test_big_deck(6, 42);
    g_autoptr(MindenDeck) same = test_big_deck(6, 42);
    g_assert_true(dealt != same);
    minden_deck_set_default(same);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = players_of("hep");
    g_autoptr(LpRng) game_rng = lp_rng_new(4242);
    g_autoptr(MindenGame) game = minden_game_new(players, game_rng, dealt, TRUE, &error);
    g_assert_no_error(error);
    g_autoptr(LpGame) mirror = lp_game_mirror_of(LP_GAME(game), 0);
    g_assert_true(MINDEN_GAME(mirror)->deck == same);
    g_autoptr(LpRng) rng = lp_rng_new(5);
    play(game, rng, &tally);
    minden_deck_set_default(NULL);
}

/* The comparison can fail: one field changed in a direct mirror makes it differ from the
 * JSON one (a position, a kept card, the order of the stand-in draw pile, a hidden tip). */
static void test_comparison_can_fail(void)
{
    minden_deck_set_default(NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = players_of("phn");
    g_autoptr(LpGame) game = lp_game_new_of_type(MINDEN_TYPE_GAME, players, 11, TRUE, &error);
    g_assert_no_error(error);
    MindenGame *self = MINDEN_GAME(game);
    g_autoptr(LpRng) rng = lp_rng_new(3);
    /* Play until a card has been kept and the computers (seats 1 and 2) have tipped while
     * the person (seat 0) has not. */
    for (;;) {
        g_assert_false(lp_game_is_over(game));
        gboolean kept = FALSE;
        for (guint s = 0; s < self->n_seats; s++)
            kept = kept || self->seats[s].kept->len > 0;
        if (lp_game_computer_step(game, minden_ai_move))
            continue;
        if (kept && self->phase == MINDEN_PHASE_TIP)
            break;
        person_acts(self, rng);
    }
    g_assert_cmpuint(self->seats[0].tip.n_stones, ==, 0);
    g_assert_cmpuint(self->seats[1].tip.n_stones, >, 0);
    for (guint change = 0; change < 5; change++) {
        g_autoptr(LpGame) direct = lp_game_mirror_of(game, 0);
        g_autoptr(LpGame) from_json = json_mirror(game, 0);
        g_autofree char *same = NULL;
        g_assert_true(lp_game_mirrors_equal(direct, from_json, &same));
        g_assert_null(same);
        MindenGame *m = MINDEN_GAME(direct);
        switch (change) {
        case 0:
            m->seats[2].position++;
            break;
        case 1: {
            /* A card of the draw pile moves to a seat's kept cards. */
            guint card = g_array_index(m->draw, guint, 0);
            g_array_remove_index(m->draw, 0);
            g_array_append_val(m->seats[1].kept, card);
            break;
        }
        case 2: {
            guint first = g_array_index(m->draw, guint, 0);
            g_array_index(m->draw, guint, 0) = g_array_index(m->draw, guint, 1);
            g_array_index(m->draw, guint, 1) = first;
            break;
        }
        case 3:
            /* Seat 1's real tip instead of the stand-in: a leak the comparison sees. */
            m->seats[1].tip = *_minden_game_peek_tip(self, 1);
            if (minden_tip_equal(&m->seats[1].tip,
                                 &(MindenTip) { 1, MINDEN_WEST, -1, -1, -1 }))
                m->seats[1].tip.east_west = MINDEN_EAST;
            break;
        default:
            m->ai_seed = 1;
            break;
        }
        g_autofree char *what = NULL;
        g_assert_false(lp_game_mirrors_equal(direct, from_json, &what));
        g_assert_nonnull(what);
        g_assert_true(g_str_has_prefix(what, "state:"));
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/minden/mirror/real-games", test_real_games);
    g_test_add_func("/minden/mirror/games-with-people", test_games_with_people);
    g_test_add_func("/minden/mirror/other-deck-object", test_other_deck_object);
    g_test_add_func("/minden/mirror/comparison-can-fail", test_comparison_can_fail);
    return g_test_run();
}
