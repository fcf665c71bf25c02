/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every rule of RULES.md (Ausgerechnet Buxtehude) as a unit test, on small decks. */
#include "lp-event-log.h"
#include "bux-ai.h"
#include "bux-game-private.h"
#include "bux-test-util.h"
#include "lp-json.h"

static const BuxTestCard cards[] = {
    { "start", 50.0, 10.0 },
    { "n1", 51.0, 10.5 },
    { "n2", 52.0, 11.0 },
    { "s1", 49.0, 9.5 },
    { "w1", 50.5, 8.0 },
    { "e1", 49.5, 12.0 },
    { "eq", 50.0, 10.0 },
    { "low", 48.0, 7.0 },
    { "high", 53.0, 13.0 },
    { "a52", 52.0, 10.0 },
    { "b51", 51.0, 10.0 },
    { "c515", 51.5, 10.0 },
    { "d51", 51.0, 10.0 },
    { "e495", 49.5, 10.0 },
    { "x9", 50.0, 9.0 },
};

static BuxDeck *deck(void)
{
    return bux_test_deck(cards, G_N_ELEMENTS(cards));
}

/* A begun game of n humans whose starting card is "start" and whose hand is hand. */
static BuxGame *game_with_hand(guint n, const char *hand)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GPtrArray) players = bux_test_players(n, n, LP_LEVEL_NORMAL, -1);
    BuxGame *game = bux_test_game(d, players, 7);
    const int *none[BUX_N_ARMS] = { NULL };
    guint zero[BUX_N_ARMS] = { 0 };
    bux_game_test_set_cross(game, bux_test_card(game, "start"), none, zero);
    if (hand != NULL)
        bux_game_test_set_hand(game, bux_test_card(game, hand));
    return game;
}

static void assert_chips(BuxGame *game, const guint *want, guint supply)
{
    guint total = bux_game_get_supply(game);
    for (guint s = 0; s < lp_game_get_n_players(LP_GAME(game)); s++) {
        g_assert_cmpuint(bux_game_get_chips(game, s), ==, want[s]);
        total += bux_game_get_chips(game, s);
    }
    g_assert_cmpuint(bux_game_get_supply(game), ==, supply);
    g_assert_cmpuint(total, ==, BUX_TOTAL_CHIPS);
}

static void test_deal(void)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GPtrArray) players = bux_test_players(3, 3, LP_LEVEL_NORMAL, -1);
    g_autoptr(LpRng) rng = lp_rng_new(1);
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxOwnedGame) game = bux_game_new(players, rng, d, FALSE, &error);
    g_assert_no_error(error);
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_START);
    g_assert_cmpuint(bux_game_get_stack_remaining(game), ==, 45);
    g_assert_cmpuint(bux_game_get_intermezzos_left(game), ==, 2);
    g_assert_cmpuint(bux_game_get_reserve_size(game), ==, 60 - 45);
    assert_chips(game, (guint[]){ 4, 4, 4 }, 24);

    /* The stack is 15 cards, Intermezzo, 15, Intermezzo, 15. */
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    JsonArray *stack = json_object_get_array_member(
        json_object_get_object_member(json_node_get_object(root), "state"), "stack");
    g_assert_cmpuint(json_array_get_length(stack), ==, 47);
    for (guint i = 0; i < 47; i++) {
        gboolean im = g_str_equal(json_array_get_string_element(stack, i), "intermezzo");
        g_assert_cmpint(im, ==, i == 15 || i == 31);
    }

    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    bux_test_record_events(game, lines);
    g_assert_true(bux_game_begin(game, &error));
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_PLACE);
    g_assert_cmpuint(bux_game_get_reserve_size(game), ==, 60 - 46);
    g_assert_cmpint(bux_game_get_start_card(game), >=, 0);
    g_assert_cmpuint(lines->len, ==, 1);
    g_assert_true(g_str_has_prefix(lines->pdata[0], "{\"event\":\"start_card\",\"cross\":1,"));
    g_assert_false(bux_game_begin(game, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
}

static void test_youngest_begins(void)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GPtrArray) players = bux_test_players(4, 4, LP_LEVEL_NORMAL, 2);
    g_autoptr(BuxOwnedGame) game = bux_test_game(d, players, 3);
    g_assert_cmpuint(bux_game_get_turn_seat(game), ==, 2);
    g_autoptr(GPtrArray) unknown = bux_test_players(4, 4, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) other = bux_test_game(d, unknown, 3);
    g_assert_cmpuint(bux_game_get_turn_seat(other), ==, 0);
}

static void test_gaps(void)
{
    g_autoptr(BuxOwnedGame) game = game_with_hand(3, NULL);
    g_autoptr(GError) error = NULL;
    g_assert_cmpuint(bux_game_get_n_gaps(game), ==, 4);
    const BuxArm arms[] = { BUX_ARM_NORTH, BUX_ARM_NORTH, BUX_ARM_EAST, BUX_ARM_SOUTH,
                            BUX_ARM_NORTH, BUX_ARM_WEST };
    for (guint i = 0; i < G_N_ELEMENTS(arms); i++) {
        guint seat = bux_game_get_turn_seat(game);
        g_assert_true(bux_game_place(game, arms[i], 0, &error));
        g_assert_no_error(error);
        g_assert_true(bux_game_pass_humans(game, &error));
        g_assert_cmpuint(bux_game_get_turn_seat(game), ==, (seat + 1) % 3);
        /* k cards in the cross (start + i + 1): k + 3 gaps. */
        g_assert_cmpuint(bux_game_get_n_gaps(game), ==, (i + 2) + 3);
    }
    g_assert_cmpuint(bux_game_get_arm_length(game, BUX_ARM_NORTH), ==, 3);
}

static void test_pairs(void)
{
    g_autoptr(BuxDeck) d = deck();
#define C(id) bux_deck_lookup(d, id)
    /* RULES.md: north outer ≥ inner latitude, south ≤, east longitude ≥, west ≤. */
    g_assert_true(bux_pair_is_correct(d, BUX_ARM_NORTH, C("start"), C("n1")));
    g_assert_false(bux_pair_is_correct(d, BUX_ARM_NORTH, C("n1"), C("start")));
    g_assert_true(bux_pair_is_correct(d, BUX_ARM_SOUTH, C("start"), C("s1")));
    g_assert_false(bux_pair_is_correct(d, BUX_ARM_SOUTH, C("s1"), C("start")));
    g_assert_true(bux_pair_is_correct(d, BUX_ARM_WEST, C("start"), C("w1")));
    g_assert_false(bux_pair_is_correct(d, BUX_ARM_WEST, C("w1"), C("start")));
    g_assert_true(bux_pair_is_correct(d, BUX_ARM_EAST, C("start"), C("e1")));
    g_assert_false(bux_pair_is_correct(d, BUX_ARM_EAST, C("e1"), C("start")));
    /* Only the arm's coordinate counts: w1 lies north of start, still right in the west. */
    g_assert_true(bux_pair_is_correct(d, BUX_ARM_WEST, C("start"), C("w1")));
    /* Equal values are correct in every direction. */
    for (BuxArm a = 0; a < BUX_N_ARMS; a++) {
        g_assert_true(bux_pair_is_correct(d, a, C("start"), C("eq")));
        g_assert_true(bux_pair_is_correct(d, a, C("eq"), C("start")));
    }
#undef C
}

static void test_rightful_challenge(void)
{
    g_autoptr(BuxOwnedGame) game = game_with_hand(2, "low");
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GError) error = NULL;
    bux_test_record_events(game, lines);
    int low = bux_test_card(game, "low");

    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_challenge(game, 1, &error));
    g_assert_no_error(error);
    /* Only the inner neighbour exists: resolved at once; the card left the game. */
    const BuxChallenge *c = bux_game_get_last_challenge(game);
    g_assert_nonnull(c);
    g_assert_true(c->rightful);
    g_assert_cmpint(c->card, ==, low);
    g_assert_cmpint(c->neighbour, ==, bux_test_card(game, "start"));
    g_assert_cmpuint(bux_game_get_arm_length(game, BUX_ARM_NORTH), ==, 0);
    g_assert_cmpuint(bux_game_get_removed_size(game), ==, 1);
    g_assert_true(bux_game_is_revealed(game, low));
    assert_chips(game, (guint[]){ 3, 5 }, 28);
    g_assert_cmpuint(bux_game_get_turn_seat(game), ==, 1);
    g_assert_cmpstr(lines->pdata[1], ==,
                    "{\"event\":\"challenge\",\"player\":0,\"challenger\":1,\"card\":\"low\","
                    "\"neighbour\":\"start\",\"rightful\":true}");
    g_assert_cmpstr(lines->pdata[2], ==,
                    "{\"event\":\"chips\",\"players\":[3,5],\"bonus\":[0,0],\"supply\":28}");
}

static void test_wrongful_challenge(void)
{
    g_autoptr(BuxOwnedGame) game = game_with_hand(3, "n1");
    g_autoptr(GError) error = NULL;
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_pass(game, 1, &error));
    g_assert_false(bux_game_challenge(game, 1, &error)); /* already passed */
    g_clear_error(&error);
    g_assert_true(bux_game_challenge(game, 2, &error));
    const BuxChallenge *c = bux_game_get_last_challenge(game);
    g_assert_false(c->rightful);
    g_assert_cmpuint(c->payer, ==, 2);
    g_assert_cmpuint(c->payee, ==, 0);
    g_assert_cmpuint(bux_game_get_arm_length(game, BUX_ARM_NORTH), ==, 1);
    assert_chips(game, (guint[]){ 5, 4, 3 }, 24);
}

static void test_neighbour_choice(void)
{
    for (BuxSide side = BUX_SIDE_INNER; side <= BUX_SIDE_OUTER; side++) {
        g_autoptr(BuxOwnedGame) game = game_with_hand(2, NULL);
        g_autoptr(GError) error = NULL;
        const int north[] = { bux_test_card(game, "n1") };
        const int *arms[BUX_N_ARMS] = { north, NULL, NULL, NULL };
        bux_game_test_set_cross(game, bux_test_card(game, "start"), arms,
                                (guint[]){ 1, 0, 0, 0 });
        bux_game_test_set_hand(game, bux_test_card(game, "high"));
        /* high (53°) between start (50°) and n1 (51°): right inward, wrong outward. */
        g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
        g_assert_cmpint(bux_game_get_neighbour(game, BUX_SIDE_OUTER), ==,
                        bux_test_card(game, "n1"));
        g_assert_true(bux_game_challenge(game, 1, &error));
        g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_NEIGHBOUR);
        g_assert_cmpint(bux_game_get_challenger(game), ==, 1);
        g_assert_true(bux_game_choose_neighbour(game, side, &error));
        g_assert_no_error(error);
        const BuxChallenge *c = bux_game_get_last_challenge(game);
        g_assert_cmpint(c->rightful, ==, side == BUX_SIDE_OUTER);
        g_assert_cmpuint(bux_game_get_arm_length(game, BUX_ARM_NORTH), ==,
                         side == BUX_SIDE_OUTER ? 1 : 2);
    }
}

static void test_empty_purse(void)
{
    g_autoptr(BuxOwnedGame) game = game_with_hand(2, "low");
    g_autoptr(GError) error = NULL;
    bux_game_test_set_chips(game, (guint[]){ 0, 8 }, 28);
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_challenge(game, 1, &error));
    const BuxChallenge *c = bux_game_get_last_challenge(game);
    g_assert_true(c->rightful);
    g_assert_true(c->from_supply);
    g_assert_true(c->paid);
    assert_chips(game, (guint[]){ 0, 9 }, 27);
}

static void on_bonus_exchanged(BuxGame *game, guint seat, int card, int *seen)
{
    /* Told while it is paid: the chips have moved already. */
    g_assert_cmpuint(bux_game_get_n_bonus(game, seat), ==, 1);
    seen[0] = seat;
    seen[1] = card;
}

static void test_exchange(void)
{
    /* The supply is empty: the richest player gives 5 chips for the top removed card. */
    g_autoptr(BuxOwnedGame) game = game_with_hand(3, "low");
    g_autoptr(GError) error = NULL;
    int seen[2] = { -1, -1 };
    g_signal_connect(game, "bonus-exchanged", G_CALLBACK(on_bonus_exchanged), seen);
    bux_game_test_set_chips(game, (guint[]){ 0, 20, 16 }, 0);
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_challenge(game, 2, &error));
    /* The page tells it, with the rule: who, and which card. */
    g_assert_cmpint(seen[0], ==, 1);
    g_assert_cmpint(seen[1], ==, bux_test_card(game, "low"));
    assert_chips(game, (guint[]){ 0, 15, 17 }, 4);
    g_assert_cmpuint(bux_game_get_n_bonus(game, 1), ==, 1);
    g_assert_cmpuint(bux_game_get_removed_size(game), ==, 0);
    g_assert_cmpuint(bux_game_get_score(game, 1), ==, 20);

    /* Ties: the one nearest after the recipient exchanges. */
    for (guint recipient = 1; recipient <= 2; recipient++) {
        g_autoptr(BuxOwnedGame) tie = game_with_hand(3, "low");
        bux_game_test_set_chips(tie, (guint[]){ 0, 18, 18 }, 0);
        g_assert_true(bux_game_place(tie, BUX_ARM_NORTH, 0, &error));
        g_assert_true(bux_game_challenge(tie, recipient, &error));
        guint other = recipient == 1 ? 2 : 1;
        g_assert_cmpuint(bux_game_get_n_bonus(tie, other), ==, 1);
        g_assert_cmpuint(bux_game_get_n_bonus(tie, recipient), ==, 0);
        g_assert_cmpuint(bux_game_get_chips(tie, other), ==, 13);
        g_assert_cmpuint(bux_game_get_chips(tie, recipient), ==, 19);
    }

    /* Nothing removed yet, so nothing to exchange: what cannot be paid is not paid. */
    g_autoptr(BuxOwnedGame) none = game_with_hand(3, "n1");
    bux_game_test_set_chips(none, (guint[]){ 18, 0, 18 }, 0);
    g_assert_true(bux_game_place(none, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_challenge(none, 1, &error));
    const BuxChallenge *c = bux_game_get_last_challenge(none);
    g_assert_false(c->rightful);
    g_assert_false(c->paid);
    assert_chips(none, (guint[]){ 18, 0, 18 }, 0);

    /* A supply that holds chips simply pays. */
    g_autoptr(BuxOwnedGame) poor = game_with_hand(2, "low");
    bux_game_test_set_chips(poor, (guint[]){ 0, 4 }, 32);
    g_assert_true(bux_game_place(poor, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_challenge(poor, 1, &error));
    assert_chips(poor, (guint[]){ 0, 5 }, 31);
}

/* Plays placements that nobody challenges until the 15th card is in hand, then lays the
 * given cross and places the last card at (arm, index). */
static void play_to_intermezzo(BuxGame *game, const int *const *arms, const guint *lengths,
                               int last, BuxArm arm, guint index)
{
    g_autoptr(GError) error = NULL;
    while (bux_game_get_n_placed(game) < 14) {
        g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
        g_assert_true(bux_game_pass_humans(game, &error));
    }
    bux_game_test_set_cross(game, bux_test_card(game, "start"), arms, lengths);
    bux_game_test_set_hand(game, last);
    g_assert_true(bux_game_place(game, arm, index, &error));
    g_assert_true(bux_game_pass_humans(game, &error));
    g_assert_no_error(error);
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_ESTIMATE);
}

static BuxGame *intermezzo_game(void)
{
    BuxGame *game = game_with_hand(3, NULL);
#define C(id) bux_test_card(game, id)
    /* North: a52 right; b51 wrong against a52; c51.5 wrong against a52 although right
     * against the set-aside b51. South: d51 wrong; e49.5 right against start. West: w1 right.
     * East: x9 (last card placed) wrong. */
    const int north[] = { C("a52"), C("b51"), C("c515") };
    const int south[] = { C("d51"), C("e495") };
    const int west[] = { C("w1") };
    const int *arms[BUX_N_ARMS] = { north, south, west, NULL };
    play_to_intermezzo(game, arms, (guint[]){ 3, 2, 1, 0 }, C("x9"), BUX_ARM_EAST, 0);
#undef C
    return game;
}

static void test_intermezzo_order(void)
{
    g_autoptr(BuxOwnedGame) game = intermezzo_game();
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GError) error = NULL;
    bux_test_record_events(game, lines);
    guint drew = bux_game_get_turn_seat(game);
    g_assert_cmpint(bux_game_get_max_estimate(game), ==, 7);

    g_assert_true(bux_game_estimate(game, 0, 4, &error));
    /* RULES.md hidden information: own estimate only, until all are in. */
    int estimate;
    g_assert_true(bux_game_get_estimate(game, 0, 0, &estimate));
    g_assert_cmpint(estimate, ==, 4);
    g_assert_false(bux_game_get_estimate(game, 1, 0, &estimate));
    g_assert_cmpint(estimate, ==, -1);
    g_assert_false(bux_game_get_estimate(game, LP_VIEWER_ONLOOKER, 0, &estimate));
    g_assert_cmpint(estimate, ==, -1);
    g_assert_false(bux_game_estimate(game, 0, 3, &error));
    g_clear_error(&error);
    g_assert_false(bux_game_estimate(game, 1, 8, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_true(bux_game_estimate(game, 1, 3, &error));
    g_assert_true(bux_game_estimate(game, 2, 4, &error));

    g_assert_cmpstr(lines->pdata[0], ==,
                    "{\"event\":\"intermezzo\",\"cross\":1,\"estimates\":[4,3,4],"
                    "\"wrong\":[\"b51\",\"c515\",\"d51\",\"x9\"],\"count\":4}");
    const BuxScoring *sc = bux_game_get_last_scoring(game);
    g_assert_nonnull(sc);
    g_assert_true(sc->exact);
    g_assert_cmpint(sc->count, ==, 4);
    g_assert_cmpint(g_array_index(sc->wrong_ref, int, 1), ==, bux_test_card(game, "a52"));
    /* The exact estimates get 2 chips each. */
    assert_chips(game, (guint[]){ 6, 4, 6 }, 20);
    /* The whole cross left; a new starting card lies; the drawer takes a normal turn. */
    g_assert_cmpuint(bux_game_get_cross_number(game), ==, 2);
    g_assert_cmpuint(bux_game_get_removed_size(game), ==, 8);
    g_assert_cmpuint(bux_game_get_n_gaps(game), ==, 4);
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_PLACE);
    g_assert_cmpuint(bux_game_get_turn_seat(game), ==, drew);
    g_assert_true(g_str_has_prefix(lines->pdata[lines->len - 1],
                                   "{\"event\":\"start_card\",\"cross\":2,"));
}

static void test_intermezzo_closest(void)
{
    g_autoptr(BuxOwnedGame) game = intermezzo_game();
    g_autoptr(GError) error = NULL;
    /* Count 4; distances 1, 2, 1: the two closest get 1 chip each. */
    g_assert_true(bux_game_estimate(game, 0, 3, &error));
    g_assert_true(bux_game_estimate(game, 1, 6, &error));
    g_assert_true(bux_game_estimate(game, 2, 5, &error));
    const BuxScoring *sc = bux_game_get_last_scoring(game);
    g_assert_false(sc->exact);
    assert_chips(game, (guint[]){ 5, 4, 5 }, 22);
}

static void on_event_check_order(LpEventLog *events, JsonObject *obj, GPtrArray *names)
{
    LpGame *game = lp_event_log_get_game(events);
    g_ptr_array_add(names, g_strdup(json_object_get_string_member(obj, "event")));
    if (g_str_equal(json_object_get_string_member(obj, "event"), "place"))
        g_assert_false(lp_game_is_over(game));
}

static void test_end_after_45(void)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GPtrArray) players = bux_test_players(4, 0, LP_LEVEL_NORMAL, -1);
    g_autoptr(LpRng) rng = lp_rng_new(11);
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxOwnedGame) game = bux_game_new(players, rng, d, FALSE, &error);
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(on_event_check_order), names);
    lp_game_run_computers(LP_GAME(game), bux_ai_move);
    g_assert_true(lp_game_is_over(LP_GAME(game)));
    g_assert_false(lp_game_computer_step(LP_GAME(game), bux_ai_move));

    guint places = 0, scorings = 0, last_place = 0;
    for (guint i = 0; i < names->len; i++) {
        if (g_str_equal(names->pdata[i], "place")) {
            places++;
            last_place = i;
            /* 15 cards per cross */
            g_assert_cmpuint(places, <=, 15 * (scorings + 1));
        }
        if (g_str_equal(names->pdata[i], "intermezzo")) {
            scorings++;
            g_assert_cmpuint(places, ==, 15 * scorings);
        }
    }
    g_assert_cmpuint(places, ==, 45);
    g_assert_cmpuint(scorings, ==, 3);
    /* After the 45th place: its challenge outcome, then the final scoring, then the end. */
    const char *after = names->pdata[last_place + 1];
    g_assert_true(g_str_equal(after, "challenge") || g_str_equal(after, "no_challenge"));
    guint i = last_place + 2;
    while (g_str_equal(names->pdata[i], "chips"))
        i++;
    g_assert_cmpstr(names->pdata[i], ==, "intermezzo");
    g_assert_cmpstr(names->pdata[names->len - 1], ==, "game_over");
    g_assert_cmpint(bux_game_get_start_card(game), ==, -1);
}

static void test_illegal_moves(void)
{
    g_autoptr(BuxOwnedGame) game = game_with_hand(3, "n1");
    g_autoptr(GError) error = NULL;
    g_autofree char *before = bux_test_state_string(game);

    g_assert_false(bux_game_place(game, BUX_ARM_NORTH, 1, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_false(bux_game_place(game, BUX_N_ARMS, 0, &error));
    g_clear_error(&error);
    g_assert_false(bux_game_challenge(game, 1, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_clear_error(&error);
    g_assert_false(bux_game_estimate(game, 0, 0, &error));
    g_clear_error(&error);
    g_assert_false(bux_game_choose_neighbour(game, BUX_SIDE_INNER, &error));
    g_clear_error(&error);
    g_autofree char *after = bux_test_state_string(game);
    g_assert_cmpstr(before, ==, after);

    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_autofree char *placed = bux_test_state_string(game);
    g_assert_false(bux_game_challenge(game, 0, &error)); /* own card */
    g_clear_error(&error);
    g_assert_false(bux_game_pass(game, 0, &error));
    g_clear_error(&error);
    g_assert_false(bux_game_challenge(game, 7, &error));
    g_clear_error(&error);
    g_assert_false(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_clear_error(&error);
    g_autofree char *still = bux_test_state_string(game);
    g_assert_cmpstr(placed, ==, still);
}

static void test_easy_deck(void)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GPtrArray) players = bux_test_players(2, 2, LP_LEVEL_NORMAL, -1);
    g_autoptr(LpRng) rng = lp_rng_new(5);
    g_autoptr(GError) error = NULL;
    /* The small deck has too few easy cards: a clear error, no game. */
    BuxGame *none = bux_game_new(players, rng, d, TRUE, &error);
    g_assert_null(none);
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA);
    g_clear_error(&error);

    g_autoptr(BuxDeck) real = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(BuxOwnedGame) game = bux_game_new(players, rng, real, TRUE, &error);
    g_assert_no_error(error);
    guint easy_cards = 0;
    for (guint c = 0; c < bux_deck_get_n_cards(real); c++)
        easy_cards += bux_deck_get_card(real, c)->difficulty < 3;
    g_assert_cmpuint(bux_game_get_reserve_size(game), ==, easy_cards - 45);
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    JsonObject *state = json_object_get_object_member(json_node_get_object(root), "state");
    const char *members[] = { "stack", "reserve" };
    for (guint m = 0; m < G_N_ELEMENTS(members); m++) {
        JsonArray *ids = json_object_get_array_member(state, members[m]);
        for (guint i = 0; i < json_array_get_length(ids); i++) {
            const char *id = json_array_get_string_element(ids, i);
            if (g_str_equal(id, "intermezzo"))
                continue;
            g_assert_cmpint(bux_deck_get_card(real, bux_deck_lookup(real, id))->difficulty,
                            <, 3);
        }
    }
}

static void test_real_deck(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) real = bux_deck_get_default(&error);
    g_assert_no_error(error);
    guint places = 0, landmarks = 0;
    for (guint c = 0; c < bux_deck_get_n_cards(real); c++) {
        const BuxCard *card = bux_deck_get_card(real, c);
        if (card->kind == BUX_CARD_PLACE)
            places++;
        else
            landmarks++;
    }
    g_assert_cmpuint(places, ==, 180);
    g_assert_cmpuint(landmarks, ==, 20);
    g_autofree char *lat = bux_format_latitude(53.4769);
    g_autofree char *lon = bux_format_longitude(9.7011);
    g_assert_cmpstr(lat, ==, "53°29′ N");
    g_assert_cmpstr(lon, ==, "9°42′ E");
}

static void test_bad_deck(void)
{
    const char *bad[] = {
        "{\"version\":1,\"cards\":[{\"id\":\"A\",\"kind\":\"place\"}]}",
        "{\"version\":2,\"cards\":[]}",
        "{\"version\":1,\"cards\":[{\"id\":\"a\",\"kind\":\"place\",\"name_de\":\"A\","
        "\"lat\":60,\"lon\":10,\"state\":\"DE-NI\",\"population\":5,\"area_km2\":1,"
        "\"difficulty\":1}]}",
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(JsonNode) root = lp_json_parse(bad[i], -1, &error);
        g_assert_no_error(error);
        BuxDeck *deck = bux_deck_new_from_json(root, &error);
        g_assert_null(deck);
        g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA);
        g_test_message("%s", error->message);
    }
}


/* The model takes no decision of its own: advance() only lays the first starting card, and
 * a computer seat moves only through bux_ai_move(). */
static void test_advance_never_decides(void)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GError) error = NULL;

    /* Humans only: once begun, nothing happens without a click, AI or not. */
    g_autoptr(GPtrArray) humans = bux_test_players(3, 3, LP_LEVEL_NORMAL, -1);
    g_autoptr(BuxOwnedGame) game = bux_test_game(d, humans, 2);
    g_autofree char *before = bux_test_state_string(game);
    g_assert_false(lp_game_computer_step(LP_GAME(game), NULL));
    g_assert_false(lp_game_computer_step(LP_GAME(game), bux_ai_move));
    g_assert_false(bux_ai_move(LP_GAME(game)));
    g_autofree char *after = bux_test_state_string(game);
    g_assert_cmpstr(before, ==, after);

    /* Computers only: advance begins the game, then waits for a computer's choice. */
    g_autoptr(GPtrArray) computers = bux_test_players(3, 0, LP_LEVEL_NORMAL, -1);
    g_autoptr(LpRng) rng = lp_rng_new(2);
    g_autoptr(BuxOwnedGame) auto_game = bux_game_new(computers, rng, d, FALSE, &error);
    g_assert_no_error(error);
    g_assert_false(bux_ai_move(LP_GAME(auto_game))); /* nobody has to decide yet */
    g_assert_true(lp_game_computer_step(LP_GAME(auto_game), NULL));
    g_assert_cmpint(bux_game_get_phase(auto_game), ==, BUX_PHASE_PLACE);
    g_autofree char *dealt = bux_test_state_string(auto_game);
    g_assert_false(lp_game_computer_step(LP_GAME(auto_game), NULL));
    g_autofree char *still = bux_test_state_string(auto_game);
    g_assert_cmpstr(dealt, ==, still);
    g_assert_true(bux_ai_move(LP_GAME(auto_game)));
    g_assert_cmpuint(bux_game_get_n_placed(auto_game), ==, 1);
    g_assert_cmpint(bux_game_get_phase(auto_game), ==, BUX_PHASE_CHALLENGE);
}

/* bux_ai_move plays only the move of the seat the game waits for, and only legal ones (a
 * refused move would be a critical, fatal in the tests). */
static void test_ai_move_legal(void)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = bux_test_players(3, 1, LP_LEVEL_EASY, -1);
    g_autoptr(LpRng) rng = lp_rng_new(4);
    g_autoptr(BuxOwnedGame) game = bux_game_new(players, rng, d, FALSE, &error);
    g_assert_no_error(error);
    guint moves = 0;
    while (!lp_game_is_over(LP_GAME(game))) {
        int seat = lp_game_get_current_seat(LP_GAME(game));
        BuxPhase phase = bux_game_get_phase(game);
        guint placed = bux_game_get_n_placed(game);
        g_autofree char *before = bux_test_state_string(game);
        if (bux_ai_move(LP_GAME(game))) {
            moves++;
            g_assert_cmpint(seat, >, 0); /* seat 0 is the human */
            g_autofree char *after = bux_test_state_string(game);
            g_assert_cmpstr(before, !=, after);
            if (phase == BUX_PHASE_PLACE)
                g_assert_cmpuint(bux_game_get_n_placed(game), ==, placed + 1);
            continue;
        }
        g_autofree char *after = bux_test_state_string(game);
        g_assert_cmpstr(before, ==, after);
        if (lp_game_computer_step(LP_GAME(game), NULL))
            continue;
        /* The human (in a challenge, -1: several may call): lets every card stand, places
         * at the start, estimates 0. */
        g_assert_cmpint(seat, ==, phase == BUX_PHASE_CHALLENGE ? -1 : 0);
        if (phase == BUX_PHASE_PLACE)
            g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
        else if (phase == BUX_PHASE_CHALLENGE)
            g_assert_true(bux_game_pass_humans(game, &error));
        else if (phase == BUX_PHASE_NEIGHBOUR)
            g_assert_true(bux_game_choose_neighbour(game, BUX_SIDE_INNER, &error));
        else
            g_assert_true(bux_game_estimate(game, 0, 0, &error));
        g_assert_no_error(error);
    }
    g_assert_false(bux_ai_move(LP_GAME(game)));
    g_assert_cmpuint(moves, >, 30);
}

typedef struct {
    BuxPhase last;
    guint notifies;
    guint phase_changed;
} PhaseWatch;

static void on_phase_notify(BuxGame *game, GParamSpec *pspec, PhaseWatch *w)
{
    BuxPhase phase;
    g_object_get(game, "phase", &phase, NULL);
    g_assert_cmpint(phase, ==, bux_game_get_phase(game));
    /* Notified only on a change. */
    g_assert_cmpint(phase, !=, w->last);
    w->last = phase;
    w->notifies++;
}

static void on_phase_changed(BuxGame *game, PhaseWatch *w)
{
    /* Every change was notified by the time the game says its phase changed. */
    g_assert_cmpint(bux_game_get_phase(game), ==, w->last);
    w->phase_changed++;
}

static void test_phase_notify(void)
{
    g_autoptr(BuxDeck) d = deck();
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = bux_test_players(3, 1, LP_LEVEL_NORMAL, -1);
    g_autoptr(LpRng) rng = lp_rng_new(6);
    g_autoptr(BuxOwnedGame) game = bux_game_new(players, rng, d, FALSE, &error);
    PhaseWatch w = { .last = BUX_PHASE_START };
    g_signal_connect(game, "notify::phase", G_CALLBACK(on_phase_notify), &w);
    g_signal_connect(game, "phase-changed", G_CALLBACK(on_phase_changed), &w);

    g_assert_true(bux_game_begin(game, &error));
    g_assert_cmpuint(w.notifies, ==, 1); /* start → place */
    /* A placed card, then one pass of two: the phase stays "challenge", no notify. */
    while (bux_game_get_turn_seat(game) != 0 || bux_game_get_phase(game) != BUX_PHASE_PLACE)
        g_assert_true(lp_game_computer_step(LP_GAME(game), bux_ai_move) ||
                      bux_game_pass_humans(game, &error));
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    guint notifies = w.notifies;
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_CHALLENGE);
    g_assert_true(bux_game_pass(game, 1, &error));
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_CHALLENGE);
    g_assert_cmpuint(w.notifies, ==, notifies);

    /* To the end: every change notified once, nothing else. */
    while (!lp_game_is_over(LP_GAME(game))) {
        if (lp_game_computer_step(LP_GAME(game), bux_ai_move))
            continue;
        BuxPhase phase = bux_game_get_phase(game);
        if (phase == BUX_PHASE_PLACE)
            g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
        else if (phase == BUX_PHASE_CHALLENGE)
            g_assert_true(bux_game_pass_humans(game, &error));
        else if (phase == BUX_PHASE_NEIGHBOUR)
            g_assert_true(bux_game_choose_neighbour(game, BUX_SIDE_INNER, &error));
        else
            g_assert_true(bux_game_estimate(game, 0, 1, &error));
    }
    g_assert_cmpint(w.last, ==, BUX_PHASE_OVER);
    g_assert_cmpuint(w.notifies, >, 45 * 2);
    g_assert_cmpuint(w.phase_changed, >=, w.notifies);
}

static void on_log_line(LpEventLog *log, JsonObject *obj, GPtrArray *lines)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, obj);
    g_ptr_array_add(lines, lp_json_to_string(node, FALSE));
}

/* RULES.md: people come first. Anna (0) and Ben (1) are people, Cem (2) and Dora (3)
 * computers at level hard; Anna places hand, on a cross of Kassel (51.3° N) and north. The
 * real deck, so that the game can be saved and restored. */
static BuxGame *mixed_game(const char *hand, const char *const *north, guint n_north)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) d = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = bux_test_players(4, 2, LP_LEVEL_HARD, -1);
    BuxGame *game = bux_test_game(d, players, 7);
    int arm[4];
    for (guint i = 0; i < n_north; i++)
        arm[i] = bux_test_card(game, north[i]);
    const int *arms[BUX_N_ARMS] = { arm, NULL, NULL, NULL };
    bux_game_test_set_cross(game, bux_test_card(game, "kassel"), arms,
                            (guint[]){ n_north, 0, 0, 0 });
    bux_game_test_set_hand(game, bux_test_card(game, hand));
    g_assert_cmpuint(bux_game_get_turn_seat(game), ==, 0);
    return game;
}

/* Cem calls at once on a wrong card, but his call waits for Ben: Ben's "Wrong!" takes its
 * place, or Ben passes and Cem's call counts. Dora is never asked. */
static void test_people_first(void)
{
    for (int ben_calls = 0; ben_calls <= 1; ben_calls++) {
        g_autoptr(BuxOwnedGame) game = mixed_game("muenchen", NULL, 0);
        g_autoptr(GError) error = NULL;
        /* München (48.1°) north of Kassel: wrong. */
        g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
        g_assert_cmpint(bux_game_get_deciding_computer(game), ==, 2);
        g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 2);
        g_assert_true(bux_ai_move(LP_GAME(game)));
        /* The call waits: still the challenge phase, nobody challenged, no computer left to
         * ask, and nobody sees who called. */
        g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_CHALLENGE);
        g_assert_true(bux_game_has_decided(game, 2));
        g_assert_false(bux_game_has_decided(game, 1));
        g_assert_false(bux_game_has_decided(game, 3));
        g_assert_cmpint(bux_game_get_deciding_computer(game), ==, -1);
        g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, -1);
        g_assert_false(bux_ai_move(LP_GAME(game)));
        g_assert_cmpint(bux_game_get_challenger(game), ==, -1);
        g_assert_null(bux_game_get_last_challenge(game));
        /* Dora cannot call any more than Cem can call twice. */
        g_assert_false(bux_game_challenge(game, 2, &error));
        g_clear_error(&error);

        /* A resumed game waits the same way and goes on the same way. */
        g_autoptr(BuxOwnedGame) copy = bux_test_save_and_restore(game);
        g_assert_cmpint(lp_game_get_current_seat(LP_GAME(copy)), ==, -1);
        BuxGame *both[] = { game, copy };
        for (guint k = 0; k < G_N_ELEMENTS(both); k++) {
            if (ben_calls)
                g_assert_true(bux_game_challenge(both[k], 1, &error));
            else
                g_assert_true(bux_game_pass(both[k], 1, &error));
            g_assert_no_error(error);
            const BuxChallenge *c = bux_game_get_last_challenge(both[k]);
            g_assert_nonnull(c);
            g_assert_cmpuint(c->challenger, ==, ben_calls ? 1 : 2);
            g_assert_true(c->rightful);
            assert_chips(both[k], ben_calls ? (guint[]){ 3, 5, 4, 4 } : (guint[]){ 3, 4, 5, 4 },
                         20);
            g_assert_cmpuint(bux_game_get_figures(both[k], 1)->called, ==, ben_calls ? 1 : 0);
            g_assert_cmpuint(bux_game_get_figures(both[k], 2)->called, ==, ben_calls ? 0 : 1);
            g_assert_cmpuint(bux_game_get_turn_seat(both[k]), ==, 1);
        }
        g_autofree char *a = bux_test_state_string(game);
        g_autofree char *b = bux_test_state_string(copy);
        g_assert_cmpstr(a, ==, b);
    }
}

/* With an outer neighbour the waiting computer, once it counts, picks the neighbour; "No
 * objection" lets it count. */
static void test_people_first_neighbour(void)
{
    static const char *const north[] = { "hamburg" };
    g_autoptr(BuxOwnedGame) game = mixed_game("flensburg", north, 1);
    g_autoptr(GError) error = NULL;
    /* Flensburg (54.8°) between Kassel and Hamburg (53.6°): right inward, wrong outward. */
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_ai_move(LP_GAME(game)));
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_CHALLENGE);
    g_assert_true(bux_game_pass_humans(game, &error));
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_NEIGHBOUR);
    g_assert_cmpint(bux_game_get_challenger(game), ==, 2);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 2);
    g_assert_true(bux_ai_move(LP_GAME(game)));
    const BuxChallenge *c = bux_game_get_last_challenge(game);
    g_assert_cmpuint(c->challenger, ==, 2);
    g_assert_cmpint(c->side, ==, BUX_SIDE_OUTER);
    g_assert_true(c->rightful);
}

/* A computer's call counts at once when no person is left to decide: after the people
 * passed, when the placer is the only person, and among computers only (as before). */
static void test_people_first_none_waiting(void)
{
    g_autoptr(BuxOwnedGame) passed = mixed_game("muenchen", NULL, 0);
    g_autoptr(GError) error = NULL;
    g_assert_true(bux_game_place(passed, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_pass(passed, 1, &error));
    g_assert_true(bux_game_challenge(passed, 3, &error));
    g_assert_nonnull(bux_game_get_last_challenge(passed));
    g_assert_cmpuint(bux_game_get_last_challenge(passed)->challenger, ==, 3);

    /* Cem lets it stand; Dora calls, and waits for Ben. */
    g_autoptr(BuxOwnedGame) second = mixed_game("muenchen", NULL, 0);
    g_assert_true(bux_game_place(second, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_pass(second, 2, &error));
    g_assert_cmpint(bux_game_get_deciding_computer(second), ==, 3);
    g_assert_true(bux_game_challenge(second, 3, &error));
    g_assert_cmpint(bux_game_get_phase(second), ==, BUX_PHASE_CHALLENGE);
    g_assert_true(bux_game_pass(second, 1, &error));
    g_assert_cmpuint(bux_game_get_last_challenge(second)->challenger, ==, 3);

    for (guint humans = 0; humans <= 1; humans++) {
        g_autoptr(BuxDeck) d = deck();
        g_autoptr(GPtrArray) players = bux_test_players(3, humans, LP_LEVEL_HARD, -1);
        g_autoptr(BuxOwnedGame) game = bux_test_game(d, players, 7);
        const int *none[BUX_N_ARMS] = { NULL };
        bux_game_test_set_cross(game, bux_test_card(game, "start"), none,
                                (guint[]){ 0, 0, 0, 0 });
        bux_game_test_set_hand(game, bux_test_card(game, "low"));
        g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
        g_assert_true(bux_game_challenge(game, 1, &error));
        g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_PLACE);
        g_assert_cmpuint(bux_game_get_last_challenge(game)->challenger, ==, 1);
    }
}

/* A save whose waiting call does not fit the seats is refused. */
static void test_people_first_broken_save(void)
{
    g_autoptr(BuxOwnedGame) game = mixed_game("muenchen", NULL, 0);
    g_autoptr(GError) error = NULL;
    g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
    g_assert_true(bux_game_challenge(game, 2, &error));
    /* Ben (a person) as the waiting caller; Dora, who has not decided; the placer. */
    static const int callers[] = { 1, 3, 0 };
    for (guint i = 0; i < G_N_ELEMENTS(callers); i++) {
        g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
        JsonObject *state = json_object_get_object_member(json_node_get_object(root), "state");
        g_assert_cmpint(json_object_get_int_member(state, "challenger"), ==, 2);
        json_object_set_int_member(state, "challenger", callers[i]);
        g_autoptr(GError) local = NULL;
        LpGame *restored = lp_game_restore(BUX_TYPE_GAME, root, &local);
        g_assert_null(restored);
        g_assert_error(local, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES);
        g_assert_nonnull(strstr(local->message, "waiting “Wrong!”"));
    }
}

/* An LpEventLog on a game gives the lines landpartie-sim wrote before the events moved out
 * of the moves: the reference run "--players 5 --seed 11 --levels hard,hard,normal,easy,
 * normal" (tests/sim/reference/buxtehude-5.jsonl). */
static void test_event_log_reference(void)
{
    const char *source_dir = g_getenv("LANDPARTIE_SOURCE_DIR");
    if (source_dir == NULL) {
        g_test_skip("LANDPARTIE_SOURCE_DIR is not set");
        return;
    }
    g_autofree char *path = g_build_filename(source_dir, "tests", "sim", "reference",
                                             "buxtehude-5.jsonl", NULL);
    g_autofree char *contents = NULL;
    g_autoptr(GError) error = NULL;
    g_assert_true(g_file_get_contents(path, &contents, NULL, &error));
    g_auto(GStrv) want = g_strsplit(contents, "\n", -1);

    static const LpLevel levels[] = { LP_LEVEL_HARD, LP_LEVEL_HARD, LP_LEVEL_NORMAL,
                                      LP_LEVEL_EASY, LP_LEVEL_NORMAL };
    static const char *const names[] = { "A", "B", "C", "D", "E" };
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < G_N_ELEMENTS(levels); i++)
        g_ptr_array_add(players, lp_player_new(names[i], LP_AGE_UNKNOWN, "#c01c28",
                                               LP_PLAYER_COMPUTER, levels[i]));
    LpGame *game = lp_game_new_of_type(BUX_TYPE_GAME, players, lp_rng_derive_seed(11, 0),
                                       FALSE, &error);
    g_assert_no_error(error);
    LpEventLog *log = lp_event_log_new(game);
    g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
    g_signal_connect(log, "event", G_CALLBACK(on_log_line), lines);
    lp_game_run_computers(game, bux_ai_move);
    g_assert_true(lp_game_is_over(game));

    g_assert_cmpuint(lines->len, ==, g_strv_length(want) - 1); /* the file ends in "\n" */
    for (guint i = 0; i < lines->len; i++)
        g_assert_cmpstr(lines->pdata[i], ==, want[i]);
    g_assert_finalize_object(game);
    g_assert_finalize_object(log);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude/rules/deal", test_deal);
    g_test_add_func("/buxtehude/rules/youngest-begins", test_youngest_begins);
    g_test_add_func("/buxtehude/rules/gaps", test_gaps);
    g_test_add_func("/buxtehude/rules/pairs", test_pairs);
    g_test_add_func("/buxtehude/rules/rightful-challenge", test_rightful_challenge);
    g_test_add_func("/buxtehude/rules/wrongful-challenge", test_wrongful_challenge);
    g_test_add_func("/buxtehude/rules/neighbour-choice", test_neighbour_choice);
    g_test_add_func("/buxtehude/rules/empty-purse", test_empty_purse);
    g_test_add_func("/buxtehude/rules/exchange", test_exchange);
    g_test_add_func("/buxtehude/rules/intermezzo-order", test_intermezzo_order);
    g_test_add_func("/buxtehude/rules/intermezzo-closest", test_intermezzo_closest);
    g_test_add_func("/buxtehude/rules/end-after-45", test_end_after_45);
    g_test_add_func("/buxtehude/rules/illegal-moves", test_illegal_moves);
    g_test_add_func("/buxtehude/rules/easy-deck", test_easy_deck);
    g_test_add_func("/buxtehude/rules/real-deck", test_real_deck);
    g_test_add_func("/buxtehude/rules/bad-deck", test_bad_deck);
    g_test_add_func("/buxtehude/rules/advance-never-decides", test_advance_never_decides);
    g_test_add_func("/buxtehude/rules/ai-move-legal", test_ai_move_legal);
    g_test_add_func("/buxtehude/rules/phase-notify", test_phase_notify);
    g_test_add_func("/buxtehude/rules/event-log-reference", test_event_log_reference);
    g_test_add_func("/buxtehude/rules/people-first", test_people_first);
    g_test_add_func("/buxtehude/rules/people-first-neighbour", test_people_first_neighbour);
    g_test_add_func("/buxtehude/rules/people-first-none-waiting", test_people_first_none_waiting);
    g_test_add_func("/buxtehude/rules/people-first-broken-save", test_people_first_broken_save);
    return g_test_run();
}
