/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Auf Achse's direct mirror (issue 35): the mirror a computer seat decides on, built straight
 * from the game's state (aa_game_copy_view through lp_game_mirror_of), is exactly the one
 * built from the JSON view (lp_game_view, lp_game_mirror_new), for every viewer at every
 * step of whole games of every size, level and seating, people who take moves back
 * included; and a computer decides the same on both. */
#include <string.h>

#include "aa-ai.h"
#include "aa-game-private.h"
#include "aa-test-util.h"
#include "lp-json.h"

static LpGame *json_mirror(LpGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(game, viewer);
    g_autoptr(GError) error = NULL;
    LpGame *mirror = lp_game_mirror_new(AA_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    g_assert_nonnull(mirror);
    return mirror;
}

static char *text_of(JsonNode *node)
{
    return node != NULL ? lp_json_to_string(node, FALSE) : g_strdup("(none)");
}

/* What the games went through, summed over all of them. */
typedef struct {
    guint phases;              /* 1 << AaPhase seen at a check */
    guint kinds;               /* 1 << AaKind of every card turned over */
    guint stages;              /* 1 << stage seen */
    guint undos;
    guint decisions;           /* computer decisions compared */
    guint checks;              /* mirrors compared */
} Seen;

static void on_resolved(AaGame *game, guint card, int total, Seen *seen)
{
    seen->kinds |= 1u << aa_card_kind(card);
}

static void check_step(LpGame *game, Seen *seen)
{
    guint n = lp_game_get_n_players(game);
    int computer = lp_game_get_computer_seat(game);
    seen->phases |= 1u << aa_game_get_phase(AA_GAME(game));
    seen->stages |= 1u << aa_game_get_stage(AA_GAME(game));
    for (int v = LP_VIEWER_ONLOOKER; v < (int)n; v++) {
        g_autoptr(LpGame) direct = lp_game_mirror_of(game, v);
        g_autoptr(LpGame) read = json_mirror(game, v);
        g_assert_nonnull(direct);
        g_autofree char *what = NULL;
        if (!lp_game_mirrors_equal(direct, read, &what)) {
            g_autoptr(JsonNode) save = lp_game_save(game);
            g_autofree char *text = text_of(save);
            g_error("viewer %d after %" G_GUINT64_FORMAT " actions: the direct mirror differs "
                    "from the view's in %s\ngame: %s", v, lp_game_get_n_actions(game), what,
                    text);
        }
        /* The seat's kept mirror, refilled at every step (lp_game_computer_mirror): nothing
         * of an earlier fill may stay. */
        if (v >= 0) {
            LpGame *kept = lp_game_computer_mirror(game, (guint)v);
            g_autofree char *kept_what = NULL;
            if (!lp_game_mirrors_equal(kept, read, &kept_what))
                g_error("viewer %d after %" G_GUINT64_FORMAT " actions: the kept mirror "
                        "differs from the view's in %s", v, lp_game_get_n_actions(game),
                        kept_what);
        }
        seen->checks++;
        if (v >= 0 && v == computer) {
            /* Each mirror's decision stream starts alike: the same move from both. */
            g_autoptr(JsonNode) a = lp_game_computer_action(direct, (guint)v, aa_ai_move);
            g_autoptr(JsonNode) b = lp_game_computer_action(read, (guint)v, aa_ai_move);
            g_assert_nonnull(a);
            g_autofree char *ta = text_of(a);
            g_autofree char *tb = text_of(b);
            g_assert_cmpstr(ta, ==, tb);
            seen->decisions++;
        }
    }
}

/* A person's move on the host, at random: now and then taking the last one back. */
static void person_step(LpGame *game, guint seat, GRand *rand, Seen *seen)
{
    AaGame *aa = AA_GAME(game);
    if (lp_game_can_undo(game, seat) && g_rand_int_range(rand, 0, 5) == 0) {
        g_autoptr(GError) error = NULL;
        g_assert_true(lp_game_undo(game, seat, &error));
        g_assert_no_error(error);
        seen->undos++;
        return;
    }
    GArray *hand = aa_game_peek_hand(aa, seat);
    guint card = aa_cards_at(hand, g_rand_int_range(rand, 0, hand->len));
    g_autoptr(GError) error = NULL;
    gboolean ok = aa_game_get_step(aa) == AA_STEP_COUNTER
                      ? aa_game_play_counter(aa, seat, card, &error)
                      : aa_game_play_route(aa, seat, card, &error);
    g_assert_no_error(error);
    g_assert_true(ok);
}

/* One game of n seats of kinds (aa_test_players), every step checked for every viewer. */
static void play_checked(guint n, const char *kinds, guint64 seed, gboolean option,
                         Seen *seen)
{
    g_autoptr(GPtrArray) players = aa_test_players(n, kinds);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) game = lp_game_new_of_type(AA_TYPE_GAME, players, seed, option, &error);
    g_assert_no_error(error);
    g_signal_connect(game, "card-resolved", G_CALLBACK(on_resolved), seen);
    g_autoptr(GRand) rand = g_rand_new_with_seed((guint32)seed);
    guint steps = 0;
    for (;;) {
        check_step(game, seen);
        if (lp_game_is_over(game))
            break;
        int seat = lp_game_get_current_seat(game);
        if (seat >= 0 && lp_player_is_human(lp_game_get_player(game, (guint)seat)))
            person_step(game, (guint)seat, rand, seen);
        else
            g_assert_true(lp_game_computer_step(game, aa_ai_move));
        g_assert_cmpuint(++steps, <, 20000);
    }
    g_assert_cmpuint(aa_game_get_stage(AA_GAME(game)), ==, AA_N_STAGES);
}

static void assert_seen_all(const Seen *seen, gboolean people)
{
    g_test_message("%u mirrors compared, %u decisions, %u moves taken back", seen->checks,
                   seen->decisions, seen->undos);
    /* All five phases, all five stages, every kind of card turned over. */
    g_assert_cmphex(seen->phases, ==, (1u << (AA_PHASE_OVER + 1)) - 1);
    g_assert_cmphex(seen->stages, ==, ((1u << (AA_N_STAGES + 1)) - 1) & ~1u);
    g_assert_cmphex(seen->kinds, ==, (1u << (AA_KIND_MINUS50 + 1)) - 1);
    g_assert_cmpuint(seen->decisions, >, 0);
    if (people)
        g_assert_cmpuint(seen->undos, >, 0);
}

/* Computers only: every size, easy, normal and hard, both values of the option. */
static void test_computers(void)
{
    static const char *const kinds[] = {"eeeee", "HHHHH", "nHeHn"};
    Seen seen = {0};
    guint game = 0;
    for (guint n = AA_MIN_PLAYERS; n <= AA_MAX_PLAYERS; n++) {
        for (guint k = 0; k < G_N_ELEMENTS(kinds); k++) {
            for (guint option = 0; option < 2; option++) {
                play_checked(n, kinds[k], lp_rng_derive_seed(35, game), option, &seen);
                game++;
            }
        }
    }
    assert_seen_all(&seen, FALSE);
}

/* People at the table (their moves taken back now and then) beside computers. */
static void test_people(void)
{
    static const char *const kinds[] = {"hHehn", "eheHh"};
    Seen seen = {0};
    guint game = 0;
    for (guint n = AA_MIN_PLAYERS; n <= AA_MAX_PLAYERS; n++) {
        for (guint k = 0; k < G_N_ELEMENTS(kinds); k++) {
            play_checked(n, kinds[k], lp_rng_derive_seed(135, game), game % 2, &seen);
            game++;
        }
    }
    assert_seen_all(&seen, TRUE);
}

/* The comparison notices one field changed in a direct mirror: the check above can fail. */
typedef void (*Damage)(AaGame *mirror);

static void damage_stage(AaGame *m) { m->stage++; }
static void damage_announced(AaGame *m) { m->announced = !m->announced; }
static void damage_route_done(AaGame *m) { m->route_done = !m->route_done; }
static void damage_last_resolved(AaGame *m) { m->last_resolved = 3; }
static void damage_draw(AaGame *m) { aa_cards_push(m->draw, AA_CARD_HIDDEN); }
static void damage_hand(AaGame *m)
{
    GArray *hand = m->hands[0];
    g_array_index(hand, guint8, hand->len - 1) ^= 1;
}
static void damage_route(AaGame *m) { aa_cards_push(m->routes[1], AA_CARD_HIDDEN); }
static void damage_longest(AaGame *m) { m->longest[1]++; }
static void damage_turned(AaGame *m) { m->turned_stale = !m->turned_stale; }

static void test_comparison_fails(void)
{
    g_autoptr(GPtrArray) players = aa_test_players(3, "nnn");
    g_autoptr(LpGame) game = lp_game_new_of_type(AA_TYPE_GAME, players, 35, FALSE, NULL);
    /* Into the first round: routes and the pile hold cards, seat 0 looks at its hand. */
    for (guint i = 0; i < 4; i++)
        g_assert_true(lp_game_computer_step(game, aa_ai_move));
    static const Damage damages[] = {damage_stage,     damage_announced, damage_route_done,
                                     damage_last_resolved, damage_draw,  damage_hand,
                                     damage_route,     damage_longest,   damage_turned};
    for (guint i = 0; i < G_N_ELEMENTS(damages); i++) {
        g_autoptr(LpGame) direct = lp_game_mirror_of(game, 0);
        g_autoptr(LpGame) read = json_mirror(game, 0);
        g_assert_true(lp_game_mirrors_equal(direct, read, NULL));
        damages[i](AA_GAME(direct));
        g_autofree char *what = NULL;
        g_assert_false(lp_game_mirrors_equal(direct, read, &what));
        g_assert_nonnull(what);
        g_test_message("damage %u: %.80s…", i, what);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/aufachse/mirror/computers", test_computers);
    g_test_add_func("/aufachse/mirror/people", test_people);
    g_test_add_func("/aufachse/mirror/comparison-fails", test_comparison_fails);
    return g_test_run();
}
