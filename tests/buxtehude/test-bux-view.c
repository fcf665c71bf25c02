/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buxtehude on several devices (issue 31): every seat's view rebuilds a mirror that answers
 * as the host's game does for that seat, no view holds another seat's hidden secret, and the
 * host plays a remote seat's action exactly as the click it stands for, refusing the rest. */
#include <string.h>

#include "bux-ai.h"
#include "bux-game-private.h"
#include "bux-test-util.h"
#include "lp-json.h"

static BuxGame *new_game(guint n, guint n_humans, guint64 seed)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    static const LpLevel levels[] = { LP_LEVEL_HARD, LP_LEVEL_EASY, LP_LEVEL_NORMAL };
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil", "Fritzi" };
    static const char *const colours[] = { "#e01b24", "#3584e4", "#33d17a", "#f6d32d",
                                           "#9141ac", "#ff7800" };
    for (guint s = 0; s < n; s++)
        g_ptr_array_add(players, lp_player_new(names[s], LP_AGE_UNKNOWN, colours[s],
                                               s < n_humans ? LP_PLAYER_HUMAN
                                                            : LP_PLAYER_COMPUTER,
                                               levels[(s + seed) % 3]));
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    BuxGame *game = bux_game_new(players, rng, deck, seed % 2 == 0, &error);
    g_assert_no_error(error);
    return game;
}

static char *to_text(JsonNode *node)
{
    return lp_json_to_string(node, FALSE);
}

static char *view_state_text(BuxGame *game, int viewer)
{
    g_autoptr(JsonNode) state = bux_game_view_state(LP_GAME(game), viewer);
    return to_text(state);
}

static BuxGame *mirror_of(BuxGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
    g_autoptr(GError) error = NULL;
    LpGame *mirror = lp_game_mirror_new(BUX_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    g_assert_true(lp_game_is_mirror(mirror));
    g_assert_cmpint(lp_game_get_viewer(mirror), ==, viewer);
    return BUX_GAME(mirror);
}

/* ---- the mirror answers as the game ----------------------------------------------------- */

static void assert_same_challenge(const BuxChallenge *a, const BuxChallenge *b)
{
    g_assert_true((a == NULL) == (b == NULL));
    if (a == NULL)
        return;
    g_assert_cmpuint(a->placer, ==, b->placer);
    g_assert_cmpuint(a->challenger, ==, b->challenger);
    g_assert_cmpint(a->card, ==, b->card);
    g_assert_cmpint(a->neighbour, ==, b->neighbour);
    g_assert_cmpint(a->arm, ==, b->arm);
    g_assert_cmpuint(a->index, ==, b->index);
    g_assert_cmpint(a->side, ==, b->side);
    g_assert_cmpint(a->rightful, ==, b->rightful);
    g_assert_cmpuint(a->payer, ==, b->payer);
    g_assert_cmpuint(a->payee, ==, b->payee);
    g_assert_cmpint(a->from_supply, ==, b->from_supply);
    g_assert_cmpint(a->paid, ==, b->paid);
}

static void assert_same_cards(GArray *a, GArray *b)
{
    g_assert_cmpuint(a->len, ==, b->len);
    g_assert_cmpmem(a->data, a->len * sizeof(int), b->data, b->len * sizeof(int));
}

static void assert_same_scoring(const BuxScoring *a, const BuxScoring *b)
{
    g_assert_true((a == NULL) == (b == NULL));
    if (a == NULL)
        return;
    g_assert_cmpuint(a->cross, ==, b->cross);
    g_assert_cmpint(a->final, ==, b->final);
    g_assert_cmpint(a->start, ==, b->start);
    for (guint i = 0; i < BUX_N_ARMS; i++)
        assert_same_cards(a->arms[i], b->arms[i]);
    assert_same_cards(a->wrong, b->wrong);
    assert_same_cards(a->wrong_ref, b->wrong_ref);
    g_assert_cmpint(a->count, ==, b->count);
    g_assert_cmpint(a->exact, ==, b->exact);
    g_assert_cmpuint(a->n_players, ==, b->n_players);
    g_assert_cmpmem(a->estimates, a->n_players * sizeof(int), b->estimates,
                    b->n_players * sizeof(int));
    g_assert_cmpmem(a->award, a->n_players * sizeof(int), b->award, b->n_players * sizeof(int));
    g_assert_cmpmem(a->received, a->n_players * sizeof(int), b->received,
                    b->n_players * sizeof(int));
}

/* Every public getter of the mirror agrees with the game's for the mirror's viewer. */
static void assert_getters_agree(BuxGame *game, BuxGame *mirror, int viewer)
{
    LpGame *g = LP_GAME(game), *m = LP_GAME(mirror);
    guint n = lp_game_get_n_players(g);
    g_assert_cmpuint(lp_game_get_n_players(m), ==, n);
    g_assert_cmpint(lp_game_get_current_seat(m), ==, lp_game_get_current_seat(g));
    g_assert_cmpint(lp_game_is_over(m), ==, lp_game_is_over(g));
    g_assert_cmpint(lp_game_get_computer_seat(m), ==, lp_game_get_computer_seat(g));
    g_assert_cmpuint(lp_game_get_n_actions(m), ==, lp_game_get_n_actions(g));
    g_assert_cmpint(bux_game_get_easy(mirror), ==, bux_game_get_easy(game));
    g_assert_cmpint(bux_game_get_phase(mirror), ==, bux_game_get_phase(game));
    g_assert_cmpuint(bux_game_get_turn_seat(mirror), ==, bux_game_get_turn_seat(game));
    g_assert_cmpuint(bux_game_get_cross_number(mirror), ==, bux_game_get_cross_number(game));
    g_assert_cmpuint(bux_game_get_n_placed(mirror), ==, bux_game_get_n_placed(game));
    g_assert_cmpuint(bux_game_get_stack_remaining(mirror), ==,
                     bux_game_get_stack_remaining(game));
    g_assert_cmpuint(bux_game_get_intermezzos_left(mirror), ==,
                     bux_game_get_intermezzos_left(game));
    g_assert_cmpuint(bux_game_get_reserve_size(mirror), ==, bux_game_get_reserve_size(game));
    g_assert_cmpuint(bux_game_get_removed_size(mirror), ==, bux_game_get_removed_size(game));
    g_assert_cmpint(bux_game_get_hand(mirror), ==, bux_game_get_hand(game));
    g_assert_cmpint(bux_game_get_start_card(mirror), ==, bux_game_get_start_card(game));
    g_assert_cmpuint(bux_game_get_n_gaps(mirror), ==, bux_game_get_n_gaps(game));
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        g_assert_cmpuint(bux_game_get_arm_length(mirror, a), ==,
                         bux_game_get_arm_length(game, a));
        for (guint i = 0; i < bux_game_get_arm_length(game, a); i++) {
            int card = bux_game_get_arm_card(game, a, i);
            g_assert_cmpint(bux_game_get_arm_card(mirror, a, i), ==, card);
            g_assert_cmpint(bux_game_is_revealed(mirror, card), ==,
                            bux_game_is_revealed(game, card));
        }
    }
    BuxArm arm_g = 0, arm_m = 0;
    guint index_g = 0, index_m = 0;
    g_assert_cmpint(bux_game_get_placed(mirror, &arm_m, &index_m), ==,
                    bux_game_get_placed(game, &arm_g, &index_g));
    g_assert_cmpint(arm_m, ==, arm_g);
    g_assert_cmpuint(index_m, ==, index_g);
    for (BuxSide side = BUX_SIDE_INNER; side <= BUX_SIDE_OUTER; side++)
        g_assert_cmpint(bux_game_get_neighbour(mirror, side), ==,
                        bux_game_get_neighbour(game, side));
    g_assert_cmpint(bux_game_get_deciding_computer(mirror), ==,
                    bux_game_get_deciding_computer(game));
    g_assert_cmpint(bux_game_get_challenger(mirror), ==, bux_game_get_challenger(game));
    g_assert_cmpint(bux_game_get_estimating_seat(mirror), ==,
                    bux_game_get_estimating_seat(game));
    g_assert_cmpint(bux_game_get_max_estimate(mirror), ==, bux_game_get_max_estimate(game));
    g_assert_cmpuint(bux_game_get_supply(mirror), ==, bux_game_get_supply(game));
    for (guint s = 0; s < n; s++) {
        g_assert_cmpint(bux_game_has_decided(mirror, s), ==, bux_game_has_decided(game, s));
        g_assert_cmpint(bux_game_has_estimated(mirror, s), ==,
                        bux_game_has_estimated(game, s));
        int em, eg;
        g_assert_cmpint(bux_game_get_estimate(mirror, viewer, s, &em), ==,
                        bux_game_get_estimate(game, viewer, s, &eg));
        g_assert_cmpint(em, ==, eg);
        g_assert_cmpuint(bux_game_get_chips(mirror, s), ==, bux_game_get_chips(game, s));
        g_assert_cmpuint(bux_game_get_n_bonus(mirror, s), ==, bux_game_get_n_bonus(game, s));
        g_assert_cmpuint(bux_game_get_score(mirror, s), ==, bux_game_get_score(game, s));
        const BuxFigures *fm = bux_game_get_figures(mirror, s);
        const BuxFigures *fg = bux_game_get_figures(game, s);
        g_assert_cmpuint(fm->placed, ==, fg->placed);
        g_assert_cmpuint(fm->called, ==, fg->called);
        g_assert_cmpuint(fm->won, ==, fg->won);
        g_assert_cmpuint(fm->hits, ==, fg->hits);
        /* Whether a card was right when laid shows only at the end. */
        g_assert_cmpuint(fm->right, ==, lp_game_is_over(g) ? fg->right : 0);
    }
    assert_same_challenge(bux_game_get_last_challenge(mirror),
                          bux_game_get_last_challenge(game));
    assert_same_scoring(bux_game_get_last_scoring(mirror), bux_game_get_last_scoring(game));
    g_assert_cmpuint(bux_game_where_get_n_crosses(mirror), ==,
                     bux_game_where_get_n_crosses(game));
}

/* ---- secrecy ---------------------------------------------------------------------------- */

static gboolean contains_id(const char *text, const char *id)
{
    g_autofree char *quoted = g_strdup_printf("\"%s\"", id);
    return strstr(text, quoted) != NULL;
}

/* What of another seat's, or of the hidden deal, the whole text of viewer's view shows while
 * it is hidden; NULL when nothing. The estimates and the figures' "right" are numbers too
 * small to search for: view_hides_numbers() checks them. */
static char *find_leak(BuxGame *game, int viewer, const char *whole)
{
    BuxDeck *deck = bux_game_get_deck(game);
    /* The kind of game, "buxtehude", is also a card's id: not a card here. */
    g_autofree char *text = g_strdup(whole);
    char *kind = strstr(text, "\"game\":\"buxtehude\"");
    if (kind != NULL)
        memset(kind, ' ', strlen("\"game\":\"buxtehude\""));
    guint n = lp_game_get_n_players(LP_GAME(game));
    /* The stack below the card in hand, and the reserve. */
    guint first = game->stack_pos + (bux_game_get_phase(game) == BUX_PHASE_PLACE ? 1 : 0);
    for (guint i = first; i < game->stack->len; i++) {
        int card = bux_int_at(game->stack, i);
        if (card >= 0 && contains_id(text, bux_deck_get_card(deck, card)->id))
            return g_strdup_printf("stack card %s", bux_deck_get_card(deck, card)->id);
    }
    for (guint i = game->reserve_pos; i < game->reserve->len; i++) {
        int card = bux_int_at(game->reserve, i);
        if (contains_id(text, bux_deck_get_card(deck, card)->id))
            return g_strdup_printf("reserve card %s", bux_deck_get_card(deck, card)->id);
    }
    /* Another seat's computer-player key and the salts the deal drew. */
    if (strstr(text, "ai_salt") != NULL)
        return g_strdup("the deal's salts");
    for (guint s = 0; s < n; s++) {
        if ((int)s == viewer)
            continue;
        g_autoptr(JsonNode) other = lp_game_view(LP_GAME(game), s);
        const char *key = json_object_get_string_member(json_node_get_object(other), "ai");
        if (strstr(text, key) != NULL)
            return g_strdup_printf("seat %u's key", s);
        g_autofree char *salt = g_strdup_printf("%u", game->ai_salt[s]);
        if (game->ai_salt[s] >= 1000000 && strstr(text, salt) != NULL)
            return g_strdup_printf("seat %u's salt", s);
    }
    return NULL;
}

/* The view of viewer stays the same when a hidden number changes: another seat's pending
 * estimate, anyone's "right" before the end, the order of two hidden stack cards. */
static void assert_view_hides_numbers(BuxGame *game, int viewer)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    g_autofree char *before = view_state_text(game, viewer);
    if (bux_game_get_phase(game) == BUX_PHASE_ESTIMATE) {
        for (guint s = 0; s < n; s++) {
            int saved = game->estimates[s];
            if ((int)s == viewer || saved < 0)
                continue;
            game->estimates[s] = saved == 0 ? 1 : 0;
            g_autofree char *after = view_state_text(game, viewer);
            game->estimates[s] = saved;
            g_assert_cmpstr(before, ==, after);
        }
    }
    if (!lp_game_is_over(LP_GAME(game))) {
        for (guint s = 0; s < n; s++) {
            guint saved = game->figures[s].right;
            game->figures[s].right = saved == 0 ? 1 : 0;
            g_autofree char *after = view_state_text(game, viewer);
            game->figures[s].right = saved;
            g_assert_cmpstr(before, ==, after);
        }
    }
    guint first = game->stack_pos + (bux_game_get_phase(game) == BUX_PHASE_PLACE ? 1 : 0);
    int *cards = (int *)game->stack->data;
    for (guint i = first; i + 1 < game->stack->len; i++) {
        if (cards[i] >= 0 && cards[i + 1] >= 0) {
            int swap = cards[i];
            cards[i] = cards[i + 1];
            cards[i + 1] = swap;
            g_autofree char *after = view_state_text(game, viewer);
            cards[i + 1] = cards[i];
            cards[i] = swap;
            g_assert_cmpstr(before, ==, after);
            break;
        }
    }
}

/* After every step of a whole game, for every viewer: view → mirror → view gives the same
 * state, the mirror's getters agree, and nothing hidden is in the view's text. */
static void check_moment(BuxGame *game)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    for (int viewer = LP_VIEWER_ONLOOKER; viewer < (int)n; viewer++) {
        g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
        g_autofree char *text = to_text(view);
        g_autofree char *leak = find_leak(game, viewer, text);
        if (leak != NULL)
            g_error("the view of seat %d shows %s: %s", viewer, leak, text);
        assert_view_hides_numbers(game, viewer);

        g_autoptr(BuxGame) mirror = mirror_of(game, viewer);
        g_autofree char *state = to_text(json_object_get_member(json_node_get_object(view),
                                                                "state"));
        g_autofree char *again = view_state_text(mirror, viewer);
        g_assert_cmpstr(state, ==, again);
        assert_getters_agree(game, mirror, viewer);
    }
}

static void test_round_trip(void)
{
    guint games = 0;
    for (guint n = 2; n <= BUX_MAX_SEATS; n++) {
        for (guint64 seed = 1; seed <= (g_test_slow() ? 4 : 1); seed++) {
            g_autoptr(BuxOwnedGame) game = new_game(n, 0, seed * 10 + n);
            check_moment(game);
            while (lp_game_computer_step(LP_GAME(game), bux_ai_move))
                check_moment(game);
            g_assert_true(lp_game_is_over(LP_GAME(game)));
            games++;
        }
    }
    g_test_message("%u whole games checked after every step for every viewer", games);
}

/* The check can fail: a view with one planted field is caught. */
static void test_planted_leak_is_caught(void)
{
    g_autoptr(BuxOwnedGame) game = new_game(3, 0, 5);
    g_assert_true(lp_game_computer_step(LP_GAME(game), bux_ai_move)); /* begin */
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_PLACE);
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), 1);
    g_autofree char *clean = to_text(view);
    g_autofree char *none = find_leak(game, 1, clean);
    g_assert_null(none);

    /* The card under the one in hand. */
    JsonObject *state = json_object_get_object_member(json_node_get_object(view), "state");
    int next = bux_int_at(game->stack, game->stack_pos + 1);
    json_object_set_string_member(state, "next", bux_deck_get_card(game->deck, next)->id);
    g_autofree char *planted = to_text(view);
    g_autofree char *leak = find_leak(game, 1, planted);
    g_assert_nonnull(leak);
    g_test_message("caught: %s", leak);
    json_object_remove_member(state, "next");

    /* Another seat's key. */
    g_autoptr(JsonNode) other = lp_game_view(LP_GAME(game), 2);
    json_object_set_string_member(state, "key",
                                  json_object_get_string_member(json_node_get_object(other),
                                                                "ai"));
    g_autofree char *planted_key = to_text(view);
    g_autofree char *leak_key = find_leak(game, 1, planted_key);
    g_assert_nonnull(leak_key);
    g_test_message("caught: %s", leak_key);
}

/* ---- actions ---------------------------------------------------------------------------- */

static char *snapshot(BuxGame *game)
{
    g_autofree char *state = bux_test_state_string(game);
    return g_strdup_printf("%" G_GUINT64_FORMAT " %s", lp_game_get_n_actions(LP_GAME(game)),
                           state);
}

static void assert_refused(BuxGame *game, guint seat, const char *action, int code)
{
    g_autofree char *before = snapshot(game);
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = lp_json_parse(action, -1, &error);
    g_assert_no_error(error);
    g_assert_false(lp_game_apply_action(LP_GAME(game), seat, node, &error));
    g_assert_error(error, LP_GAME_ERROR, code);
    g_test_message("%s from seat %u: %s", action, seat, error->message);
    g_autofree char *after = snapshot(game);
    g_assert_cmpstr(before, ==, after);
}

/* Runs computers until the game waits for a person (seat 0 of a game with one). */
static void run_to_person(BuxGame *game, BuxPhase phase)
{
    while (bux_game_get_phase(game) != phase) {
        if (lp_game_computer_step(LP_GAME(game), bux_ai_move))
            continue;
        g_autoptr(GError) error = NULL;
        switch (bux_game_get_phase(game)) {
        case BUX_PHASE_PLACE:
            g_assert_true(bux_game_place(game, BUX_ARM_NORTH, 0, &error));
            break;
        case BUX_PHASE_CHALLENGE:
            g_assert_true(bux_game_pass(game, 0, &error));
            break;
        case BUX_PHASE_NEIGHBOUR:
            g_assert_true(bux_game_choose_neighbour(game, BUX_SIDE_INNER, &error));
            break;
        default:
            g_assert_true(bux_game_estimate(game, 0, 0, &error));
        }
        g_assert_no_error(error);
    }
}

static void test_apply_refuses(void)
{
    g_autoptr(BuxOwnedGame) game = new_game(3, 1, 7);
    run_to_person(game, BUX_PHASE_PLACE);
    while (bux_game_get_turn_seat(game) != 0)
        run_to_person(game, bux_game_get_phase(game) == BUX_PHASE_PLACE ? BUX_PHASE_CHALLENGE
                                                                       : BUX_PHASE_PLACE);
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_PLACE);
    /* Malformed shapes. */
    static const char *const malformed[] = {
        "[]", "{}", "{\"type\": 3}", "{\"type\": \"place\"}",
        "{\"type\": \"place\", \"arm\": \"X\", \"index\": 0}",
        "{\"type\": \"place\", \"arm\": \"N\", \"index\": -1}",
        "{\"type\": \"place\", \"arm\": \"N\", \"index\": \"0\"}",
        "{\"type\": \"place\", \"arm\": \"N\", \"index\": 0.5}",
        "{\"type\": \"place\", \"arm\": \"N\", \"index\": 0, \"seat\": 1}",
        "{\"type\": \"estimate\", \"estimate\": true}",
        "{\"type\": \"neighbour\", \"side\": \"left\"}",
        "{\"type\": \"pass\", \"seat\": 2}",
        "{\"type\": \"fly\"}",
    };
    for (guint i = 0; i < G_N_ELEMENTS(malformed); i++)
        assert_refused(game, 0, malformed[i], LP_GAME_ERROR_ILLEGAL_MOVE);
    /* Another seat's decision, a seat that is not there, an illegal gap, the wrong phase. */
    assert_refused(game, 1, "{\"type\": \"place\", \"arm\": \"N\", \"index\": 0}",
                   LP_GAME_ERROR_NOT_YOUR_TURN);
    assert_refused(game, 7, "{\"type\": \"place\", \"arm\": \"N\", \"index\": 0}",
                   LP_GAME_ERROR_NOT_YOUR_TURN);
    assert_refused(game, 0, "{\"type\": \"place\", \"arm\": \"N\", \"index\": 40}",
                   LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, 0, "{\"type\": \"estimate\", \"estimate\": 0}",
                   LP_GAME_ERROR_WRONG_PHASE);
    assert_refused(game, 0, "{\"type\": \"pass\"}", LP_GAME_ERROR_WRONG_PHASE);

    /* The challenge: the placer cannot call, a computer not before its place in the round. */
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) place = lp_json_parse("{\"type\": \"place\", \"arm\": \"S\", "
                                              "\"index\": 0}", -1, &error);
    g_assert_true(lp_game_apply_action(LP_GAME(game), 0, place, &error));
    g_assert_no_error(error);
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_CHALLENGE);
    assert_refused(game, 0, "{\"type\": \"challenge\"}", LP_GAME_ERROR_ILLEGAL_MOVE);
    int first = bux_game_get_deciding_computer(game);
    g_assert_cmpint(first, >, 0);
    assert_refused(game, first == 1 ? 2 : 1, "{\"type\": \"pass\"}",
                   LP_GAME_ERROR_NOT_YOUR_TURN);
    g_autoptr(JsonNode) pass = lp_json_parse("{\"type\": \"pass\"}", -1, &error);
    g_assert_true(lp_game_apply_action(LP_GAME(game), first, pass, &error));
    g_assert_no_error(error);
    g_assert_cmpint(bux_game_get_phase(game), ==, BUX_PHASE_CHALLENGE);
    assert_refused(game, first, "{\"type\": \"pass\"}", LP_GAME_ERROR_NOT_YOUR_TURN);

    /* Estimates: a computer not before its turn to estimate, nobody outside the range. */
    run_to_person(game, BUX_PHASE_ESTIMATE);
    int estimating = bux_game_get_estimating_seat(game);
    g_assert_cmpint(estimating, >, 0);
    assert_refused(game, estimating == 1 ? 2 : 1, "{\"type\": \"estimate\", \"estimate\": 0}",
                   LP_GAME_ERROR_NOT_YOUR_TURN);
    assert_refused(game, 0, "{\"type\": \"estimate\", \"estimate\": 16}",
                   LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, 0, "{\"type\": \"place\", \"arm\": \"N\", \"index\": 0}",
                   LP_GAME_ERROR_WRONG_PHASE);
}

static void on_requested(LpGame *mirror, JsonNode *action, JsonNode **out)
{
    g_assert_null(*out);
    *out = json_node_copy(action);
}

/* What a person's click on a mirror asks for; the mirror itself does not change. */
static JsonNode *click_on_mirror(BuxGame *mirror, int step)
{
    JsonNode *action = NULL;
    g_autofree char *before = view_state_text(mirror, 0);
    gulong id = g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &action);
    g_autoptr(GError) error = NULL;
    gboolean ok = FALSE;
    switch (bux_game_get_phase(mirror)) {
    case BUX_PHASE_PLACE:
        ok = bux_game_place(mirror, step % BUX_N_ARMS,
                            bux_game_get_arm_length(mirror, step % BUX_N_ARMS) / 2, &error);
        break;
    case BUX_PHASE_CHALLENGE:
        /* Never for another seat, not even from a mirror. */
        for (guint s = 1; s < lp_game_get_n_players(LP_GAME(mirror)); s++) {
            if (s == bux_game_get_turn_seat(mirror) || bux_game_has_decided(mirror, s))
                continue;
            g_assert_false(bux_game_pass(mirror, s, &error));
            g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
            g_clear_error(&error);
        }
        if (step % 3 == 0)
            ok = bux_game_challenge(mirror, 0, &error);
        else if (step % 3 == 1)
            ok = bux_game_pass(mirror, 0, &error);
        else
            ok = bux_game_pass_humans(mirror, &error);
        break;
    case BUX_PHASE_NEIGHBOUR:
        ok = bux_game_choose_neighbour(mirror, step % 2, &error);
        break;
    case BUX_PHASE_ESTIMATE:
        ok = bux_game_estimate(mirror, 0, step % (bux_game_get_max_estimate(mirror) + 1),
                               &error);
        break;
    default:
        g_assert_not_reached();
    }
    g_assert_no_error(error);
    g_assert_true(ok);
    g_signal_handler_disconnect(mirror, id);
    g_autofree char *after = view_state_text(mirror, 0);
    g_assert_cmpstr(before, ==, after);
    g_assert_nonnull(action);
    return action;
}

/* The same click played on a copy of the game directly. */
static void click_on_game(BuxGame *game, JsonNode *action)
{
    JsonObject *obj = json_node_get_object(action);
    const char *type = json_object_get_string_member(obj, "type");
    g_autoptr(GError) error = NULL;
    if (strcmp(type, "place") == 0) {
        BuxArm arm;
        g_assert_true(bux_arm_from_string(json_object_get_string_member(obj, "arm"), &arm));
        g_assert_true(bux_game_place(game, arm, json_object_get_int_member(obj, "index"),
                                     &error));
    } else if (strcmp(type, "challenge") == 0) {
        g_assert_true(bux_game_challenge(game, 0, &error));
    } else if (strcmp(type, "pass") == 0) {
        g_assert_true(bux_game_pass(game, 0, &error));
    } else if (strcmp(type, "neighbour") == 0) {
        const char *side = json_object_get_string_member(obj, "side");
        g_assert_true(bux_game_choose_neighbour(
            game, strcmp(side, "inner") == 0 ? BUX_SIDE_INNER : BUX_SIDE_OUTER, &error));
    } else {
        g_assert_cmpstr(type, ==, "estimate");
        g_assert_true(bux_game_estimate(game, 0, json_object_get_int_member(obj, "estimate"),
                                        &error));
    }
    g_assert_no_error(error);
}

/* A person at another device: every click on the mirror becomes an action that the host
 * plays exactly as the same click on the host's game. */
static void test_mirror_request_plays_the_click(void)
{
    for (guint n = 2; n <= 4; n++) {
        g_autoptr(BuxOwnedGame) game = new_game(n, 1, 20 + n);
        lp_game_set_seat_remote(LP_GAME(game), 0, TRUE);
        int step = 0;
        while (!lp_game_is_over(LP_GAME(game))) {
            /* The round trip and the secrecy also where a person's decision is open. */
            if (n == 3)
                check_moment(game);
            if (lp_game_computer_step(LP_GAME(game), bux_ai_move))
                continue;
            /* The host's "No objection" leaves the remote person's decision to them. */
            if (bux_game_get_phase(game) == BUX_PHASE_CHALLENGE) {
                g_assert_true(bux_game_pass_humans(game, NULL));
                g_assert_false(bux_game_has_decided(game, 0));
            }
            g_autoptr(BuxGame) mirror = mirror_of(game, 0);
            g_autoptr(JsonNode) action = click_on_mirror(mirror, step++);
            g_autofree char *data = lp_game_save_to_data(LP_GAME(game), NULL);
            g_autoptr(GError) error = NULL;
            g_autoptr(LpGame) copy = lp_game_restore_from_data(BUX_TYPE_GAME, data, -1, &error);
            g_assert_no_error(error);
            click_on_game(BUX_GAME(copy), action);
            g_assert_true(lp_game_apply_action(LP_GAME(game), 0, action, &error));
            g_assert_no_error(error);
            g_autofree char *played = bux_test_state_string(game);
            g_autofree char *clicked = bux_test_state_string(BUX_GAME(copy));
            g_assert_cmpstr(played, ==, clicked);
        }
        g_assert_cmpint(step, >, 30);
    }
}

/* A hostile host: broken views are refused with a message, never a crash. */
static void test_broken_views_refused(void)
{
    g_autoptr(BuxOwnedGame) game = new_game(3, 1, 9);
    run_to_person(game, BUX_PHASE_ESTIMATE);
    while (lp_game_computer_step(LP_GAME(game), bux_ai_move))
        ;
    g_assert_true(bux_game_has_estimated(game, 1));
    g_assert_cmpint(bux_game_get_estimating_seat(game), ==, 0);
    g_autoptr(JsonNode) good = lp_game_view(LP_GAME(game), 1);
    g_autofree char *good_text = to_text(good);
    static const char *const breakages[][2] = {
        { "stack", "3" },
        { "stack", "99" },
        { "reserve", "0" },
        { "hand", "\"nowhere\"" },
        { "turn", "5" },
        { "phase", "\"dance\"" },
        { "estimate", "99" },
        { "estimated", "[true]" },
        { "chips", "[36, 0, 0]" },
        { "removed", "[\"nowhere\"]" },
        { "arms", "{\"N\": [], \"S\": [], \"W\": []}" },
        { "figures", "{\"seats\": [{\"placed\": 1, \"right\": 1, \"called\": 0, \"won\": 0, "
                     "\"hits\": 0}]}" },
        { "last_scoring", "{}" },
        { "last_challenge", "{\"placer\": 0}" },
        { "revealed", "true" },
    };
    for (guint i = 0; i < G_N_ELEMENTS(breakages); i++) {
        g_autoptr(JsonNode) view = lp_json_parse(good_text, -1, NULL); /* a deep copy */
        JsonObject *state = json_object_get_object_member(json_node_get_object(view), "state");
        g_autoptr(GError) error = NULL;
        JsonNode *value = lp_json_parse(breakages[i][1], -1, &error);
        g_assert_no_error(error);
        json_object_set_member(state, breakages[i][0], value);
        if (strcmp(breakages[i][0], "revealed") == 0)
            json_object_remove_member(state, "last_challenge");
        LpGame *mirror = lp_game_mirror_new(BUX_TYPE_GAME, view, &error);
        g_assert_null(mirror);
        g_assert_error(error, LP_SAVE_ERROR, error->code);
        g_test_message("%s = %s: %s", breakages[i][0], breakages[i][1], error->message);
    }
    /* A scoring whose count the deck contradicts. */
    const BuxScoring *sc = bux_game_get_last_scoring(game);
    if (sc != NULL) {
        g_autoptr(JsonNode) view = lp_json_parse(good_text, -1, NULL); /* a deep copy */
        JsonObject *state = json_object_get_object_member(json_node_get_object(view), "state");
        JsonObject *scoring = json_object_get_object_member(state, "last_scoring");
        json_object_set_int_member(scoring, "count", sc->count == 0 ? 1 : 0);
        g_autoptr(GError) error = NULL;
        g_assert_null(lp_game_mirror_new(BUX_TYPE_GAME, view, &error));
        g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude/view/round-trip", test_round_trip);
    g_test_add_func("/buxtehude/view/planted-leak-is-caught", test_planted_leak_is_caught);
    g_test_add_func("/buxtehude/view/apply-refuses", test_apply_refuses);
    g_test_add_func("/buxtehude/view/mirror-request-plays-the-click",
                    test_mirror_request_plays_the_click);
    g_test_add_func("/buxtehude/view/broken-views-refused", test_broken_views_refused);
    return g_test_run();
}
