/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Auf Achse on several devices (issue 31): every seat's view builds a mirror that answers as
 * the host's game does for that seat, no view depends on a secret its viewer may not see,
 * and a seat's action is refused, untouched, unless it is that seat's legal move now. */
#include <string.h>

#include "aa-ai.h"
#include "aa-game-private.h"
#include "aa-test-util.h"
#include "lp-json.h"

static char *view_text(LpGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(game, viewer);
    return lp_json_to_string(view, FALSE);
}

static char *state_text(LpGame *game, int viewer)
{
    g_autoptr(JsonNode) state = LP_GAME_GET_CLASS(game)->view_state(game, viewer);
    return lp_json_to_string(state, FALSE);
}

static char *save_text(LpGame *game)
{
    g_autoptr(JsonNode) save = lp_game_save(game);
    return lp_json_to_string(save, FALSE);
}

static LpGame *mirror_of(LpGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(game, viewer);
    g_autoptr(GError) error = NULL;
    LpGame *mirror = lp_game_mirror_new(AA_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    g_assert_true(lp_game_is_mirror(mirror));
    g_assert_cmpint(lp_game_get_viewer(mirror), ==, viewer);
    return mirror;
}

static void assert_same_cards(GArray *a, GArray *b)
{
    g_assert_cmpuint(a->len, ==, b->len);
    g_assert_cmpmem(a->data, a->len, b->data, b->len);
}

/* What a mirror shows is what the game shows; an empty hand or route (its size is open) the
 * mirror may show to anybody. */
static void assert_known(gboolean known, gboolean may, GArray *shown, GArray *real)
{
    if (known && !may)
        g_assert_cmpuint(shown->len, ==, 0);
    else
        g_assert_cmpint(known, ==, may);
    if (known && may)
        assert_same_cards(shown, real);
}

/* Every public getter of the mirror answers as the game's does for viewer. */
static void assert_same_table(AaGame *game, AaGame *mirror, int viewer)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    g_assert_cmpint(aa_game_get_phase(mirror), ==, aa_game_get_phase(game));
    g_assert_cmpint(aa_game_get_step(mirror), ==, aa_game_get_step(game));
    g_assert_cmpuint(aa_game_get_stage(mirror), ==, aa_game_get_stage(game));
    g_assert_cmpuint(aa_game_get_start_seat(mirror), ==, aa_game_get_start_seat(game));
    g_assert_cmpint(aa_game_get_goal(mirror), ==, aa_game_get_goal(game));
    g_assert_cmpint(aa_game_get_total(mirror), ==, aa_game_get_total(game));
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(mirror)), ==,
                    lp_game_get_current_seat(LP_GAME(game)));
    g_assert_cmpint(lp_game_get_computer_seat(LP_GAME(mirror)), ==,
                    lp_game_get_computer_seat(LP_GAME(game)));
    g_assert_cmpint(lp_game_is_over(LP_GAME(mirror)), ==, lp_game_is_over(LP_GAME(game)));
    assert_same_cards(aa_game_get_counter(mirror), aa_game_get_counter(game));
    g_assert_cmpuint(aa_game_get_pile_size(mirror), ==, aa_game_get_pile_size(game));
    for (guint i = 0; i < aa_game_get_pile_size(game); i++)
        g_assert_cmpuint(aa_game_get_pile_owner(mirror, i), ==, aa_game_get_pile_owner(game, i));
    g_assert_cmpuint(aa_game_get_draw_size(mirror), ==, aa_game_get_draw_size(game));
    g_assert_cmpuint(aa_game_get_discard_size(mirror), ==, aa_game_get_discard_size(game));
    g_assert_cmpint(aa_game_get_last_resolved(mirror), ==, aa_game_get_last_resolved(game));
    g_assert_cmpint(aa_game_get_action(mirror), ==, aa_game_get_action(game));
    g_assert_cmpuint(aa_game_get_n_scored(mirror), ==, aa_game_get_n_scored(game));
    for (guint s = 0; s < n; s++) {
        /* Asked as any viewer, the mirror shows only what its own viewer may see. */
        for (int v = LP_VIEWER_ONLOOKER; v < (int)n; v++) {
            GArray *a = NULL, *b = NULL;
            gboolean known = aa_game_get_hand(mirror, v, s, &a);
            gboolean may = aa_game_get_hand(game, v, s, &b) && (v == viewer);
            assert_known(known, may, a, b);
            known = aa_game_get_route(mirror, v, s, &a);
            may = aa_game_get_route(game, v, s, &b) &&
                  (v == viewer || aa_game_get_route(game, LP_VIEWER_ONLOOKER, s, &b));
            assert_known(known, may, a, b);
        }
        g_assert_cmpuint(aa_game_get_hand_size(mirror, s), ==, aa_game_get_hand_size(game, s));
        g_assert_cmpuint(aa_game_get_route_length(mirror, s), ==,
                         aa_game_get_route_length(game, s));
        g_assert_cmpuint(aa_game_get_extra_left(mirror, s), ==, aa_game_get_extra_left(game, s));
        g_assert_cmpint(aa_game_get_total_score(mirror, s), ==, aa_game_get_total_score(game, s));
        for (guint st = 1; st <= aa_game_get_n_scored(game); st++)
            g_assert_cmpint(aa_game_get_stage_score(mirror, st, s), ==,
                            aa_game_get_stage_score(game, st, s));
    }
    g_autoptr(GArray) wa = aa_game_get_winners(mirror);
    g_autoptr(GArray) wb = aa_game_get_winners(game);
    g_assert_cmpmem(wa->data, wa->len * sizeof(guint), wb->data, wb->len * sizeof(guint));
}

/* ---- secrecy ---- */

typedef char *(*ViewFunc)(LpGame *game, int viewer);

/* A game like game in all that viewer may see, with every card viewer may not see dealt
 * anew among the places it may not see (other hands, face-down routes, the counter pile,
 * the draw and the discard pile), each place keeping its size. */
static LpGame *reshuffle_hidden(LpGame *game, int viewer, GRand *rand)
{
    g_autoptr(JsonNode) save = lp_game_save(game);
    JsonObject *state = json_object_get_object_member(json_node_get_object(save), "state");
    AaGame *aa = AA_GAME(game);
    guint n = lp_game_get_n_players(game);
    g_autoptr(GPtrArray) places = g_ptr_array_new();
    g_ptr_array_add(places, json_object_get_array_member(state, "draw"));
    g_ptr_array_add(places, json_object_get_array_member(state, "discard"));
    g_ptr_array_add(places, json_object_get_array_member(state, "pile"));
    for (guint s = 0; s < n; s++) {
        GArray *cards;
        if (!aa_game_get_hand(aa, viewer, s, &cards))
            g_ptr_array_add(places, json_array_get_array_element(
                                        json_object_get_array_member(state, "hands"), s));
        if (!aa_game_get_route(aa, viewer, s, &cards))
            g_ptr_array_add(places, json_array_get_array_element(
                                        json_object_get_array_member(state, "routes"), s));
    }
    g_autoptr(GArray) pool = g_array_new(FALSE, FALSE, sizeof(gint64));
    for (guint p = 0; p < places->len; p++) {
        JsonArray *array = places->pdata[p];
        for (guint i = 0; i < json_array_get_length(array); i++) {
            gint64 card = json_array_get_int_element(array, i);
            g_array_append_val(pool, card);
        }
    }
    for (guint i = pool->len; i > 1; i--) {
        guint j = g_rand_int_range(rand, 0, i);
        gint64 t = g_array_index(pool, gint64, i - 1);
        g_array_index(pool, gint64, i - 1) = g_array_index(pool, gint64, j);
        g_array_index(pool, gint64, j) = t;
    }
    guint k = 0;
    for (guint p = 0; p < places->len; p++) {
        JsonArray *array = places->pdata[p];
        for (guint i = 0; i < json_array_get_length(array); i++)
            json_node_set_int(json_array_get_element(array, i), g_array_index(pool, gint64, k++));
    }
    g_autoptr(GError) error = NULL;
    LpGame *other = lp_game_restore(AA_TYPE_GAME, save, &error);
    g_assert_no_error(error);
    return other;
}

/* NULL when the text that view gives viewer is the same in two games that differ only in
 * what viewer may not see (a view with a secret in any field, under any name, differs);
 * else a description of the leak. */
static char *find_leak(LpGame *game, int viewer, ViewFunc view)
{
    g_autofree char *text = view(game, viewer);
    g_autoptr(GRand) rand = g_rand_new_with_seed(lp_game_get_n_actions(game) * 7 + viewer + 1);
    for (guint round = 0; round < 2; round++) {
        g_autoptr(LpGame) other = reshuffle_hidden(game, viewer, rand);
        g_autofree char *other_text = view(other, viewer);
        if (!g_str_equal(text, other_text)) {
            g_autofree char *save = save_text(game);
            return g_strdup_printf("the view of viewer %d depends on hidden cards:\n%s\n%s\n"
                                   "save: %s", viewer, text, other_text, save);
        }
    }
    return NULL;
}

/* lp_game_view's text with one more member in "state": the cards of the next seat's hand
 * or route (the planted leaks), or nothing secret (cards NULL). */
static char *view_plus(LpGame *game, int viewer, const char *member, gboolean route)
{
    g_autoptr(JsonNode) view = lp_game_view(game, viewer);
    guint next = (guint)(viewer + 1) % lp_game_get_n_players(game);
    JsonObject *state = json_object_get_object_member(json_node_get_object(view), "state");
    AaGame *aa = AA_GAME(game);
    if (member == NULL)
        json_object_set_string_member(state, "note", "drive safely");
    else
        json_object_set_array_member(state, member,
                                     aa_cards_to_json(route ? aa_game_peek_route(aa, next)
                                                            : aa_game_peek_hand(aa, next)));
    return lp_json_to_string(view, FALSE);
}

/* The planted leak: the next seat's hand, under an innocent name. */
static char *leaky_view(LpGame *game, int viewer)
{
    return view_plus(game, viewer, "hint", FALSE);
}

/* Another leak: the next seat's face-down route. */
static char *route_leaky_view(LpGame *game, int viewer)
{
    return view_plus(game, viewer, "tail", TRUE);
}

/* A harmless extra field leaks nothing: the check does not fire on any change. */
static char *noted_view(LpGame *game, int viewer)
{
    return view_plus(game, viewer, NULL, FALSE);
}

/* ---- whole games ---- */

typedef void (*StepCheck)(LpGame *game, int viewer);

static void play_games(guint games, StepCheck check, guint every)
{
    for (guint n = AA_MIN_PLAYERS; n <= AA_MAX_PLAYERS; n++) {
        for (guint g = 0; g < games; g++) {
            g_autoptr(GPtrArray) players = aa_test_players(n, "eHneH");
            g_autoptr(LpRng) rng = lp_rng_new(lp_rng_derive_seed(31, n * 100 + g));
            g_autoptr(AaGame) game = aa_game_new(players, rng, NULL);
            guint step = 0;
            do {
                if (step++ % every == 0) {
                    for (int v = LP_VIEWER_ONLOOKER; v < (int)n; v++)
                        check(LP_GAME(game), v);
                }
            } while (lp_game_computer_step(LP_GAME(game), aa_ai_move));
            g_assert_true(lp_game_is_over(LP_GAME(game)));
            for (int v = LP_VIEWER_ONLOOKER; v < (int)n; v++)
                check(LP_GAME(game), v);
        }
    }
}

static void check_round_trip(LpGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(game, viewer);
    g_autofree char *state =
        lp_json_to_string(json_object_get_member(json_node_get_object(view), "state"), FALSE);
    g_autoptr(LpGame) mirror = mirror_of(game, viewer);
    g_autofree char *again = state_text(mirror, viewer);
    g_assert_cmpstr(again, ==, state);
    assert_same_table(AA_GAME(game), AA_GAME(mirror), viewer);
}

static void test_round_trip(void)
{
    play_games(2, check_round_trip, 1);
}

static void check_secrecy(LpGame *game, int viewer)
{
    g_autofree char *leak = find_leak(game, viewer, view_text);
    if (leak != NULL)
        g_error("%s", leak);
}

static void test_secrecy(void)
{
    play_games(2, check_secrecy, 4);
}

static void test_secrecy_catches_planted_leak(void)
{
    g_autoptr(GPtrArray) players = aa_test_players(3, NULL);
    g_autoptr(LpRng) rng = lp_rng_new(5);
    g_autoptr(AaGame) game = aa_game_new(players, rng, NULL);
    for (int v = LP_VIEWER_ONLOOKER; v < 3; v++) {
        g_autofree char *leak = find_leak(LP_GAME(game), v, leaky_view);
        g_assert_nonnull(leak);
        g_test_message("caught: %.*s…", 120, leak);
        g_autofree char *none = find_leak(LP_GAME(game), v, noted_view);
        g_assert_null(none);
    }
    /* A face-down route leaks as well: one round in, each seat peeks at the next one's. */
    for (guint i = 0; i < 6; i++)
        g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
    for (int v = 0; v < 3; v++) {
        g_assert_cmpuint(aa_game_get_route_length(game, (guint)(v + 1) % 3), >, 0);
        g_autofree char *leak = find_leak(LP_GAME(game), v, route_leaky_view);
        g_assert_nonnull(leak);
    }
}

/* ---- actions ---- */

static JsonNode *parse(const char *text)
{
    g_autoptr(GError) error = NULL;
    JsonNode *node = lp_json_parse(text, -1, &error);
    g_assert_no_error(error);
    return node;
}

static AaGame *fresh_game(guint n, const char *kinds)
{
    g_autoptr(GPtrArray) players = aa_test_players(n, kinds);
    g_autoptr(LpRng) rng = lp_rng_new(77);
    return aa_game_new(players, rng, NULL);
}

/* A card of seat's hand, or of nobody's hand when seat is -1. */
static guint card_of(AaGame *game, int seat)
{
    if (seat >= 0)
        return aa_cards_at(aa_game_peek_hand(game, seat), 0);
    return aa_cards_at(game->draw, 0);
}

typedef struct {
    const char *what;
    int seat;        /* -1: the seat to act; -2: the next seat */
    const char *json; /* %u: a card of the acting seat's hand */
    int code;
} Refusal;

static void test_apply_refuses(void)
{
    g_autoptr(AaGame) game = fresh_game(3, "hhh");
    int actor = lp_game_get_current_seat(LP_GAME(game));
    g_assert_cmpint(aa_game_get_step(game), ==, AA_STEP_ROUTE);
    guint own = card_of(game, actor);
    guint next = (guint)(actor + 1) % 3;
    guint theirs = card_of(game, next);
    guint nobodys = card_of(game, -1);
    static const Refusal cases[] = {
        {"an array", -1, "[]", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a number", -1, "7", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"no type", -1, "{\"card\":%u}", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a type that is a number", -1, "{\"type\":1,\"card\":%u}", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"no card", -1, "{\"type\":\"route\"}", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a card that is a string", -1, "{\"type\":\"route\",\"card\":\"%u\"}",
         LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a card with a fraction", -1, "{\"type\":\"route\",\"card\":%u.5}",
         LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a card that is null", -1, "{\"type\":\"route\",\"card\":null}",
         LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a card below 0", -1, "{\"type\":\"route\",\"card\":-1}", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a card past the deck", -1, "{\"type\":\"route\",\"card\":109}",
         LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a huge card", -1, "{\"type\":\"route\",\"card\":18446744073709551616}",
         LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a seat named in the action", -1, "{\"type\":\"route\",\"card\":%u,\"seat\":0}",
         LP_GAME_ERROR_ILLEGAL_MOVE},
        {"an unknown type", -1, "{\"type\":\"fly\",\"card\":%u}", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"the host's step", -1, "{\"type\":\"resolve\"}", LP_GAME_ERROR_ILLEGAL_MOVE},
        {"a counter card when a route card is due", -1, "{\"type\":\"counter\",\"card\":%u}",
         LP_GAME_ERROR_WRONG_PHASE},
        {"another seat's decision", -2, "{\"type\":\"route\",\"card\":%u}",
         LP_GAME_ERROR_NOT_YOUR_TURN},
        {"a seat that does not exist", 3, "{\"type\":\"route\",\"card\":%u}",
         LP_GAME_ERROR_NOT_YOUR_TURN},
    };
    g_autofree char *before = save_text(LP_GAME(game));
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        const Refusal *c = &cases[i];
        guint seat = c->seat == -1 ? (guint)actor : c->seat == -2 ? next : (guint)c->seat;
        g_autofree char *json = g_strdup_printf(c->json, seat == next ? theirs : own);
        g_test_message("%s: seat %u sends %s", c->what, seat, json);
        g_autoptr(GError) error = NULL;
        g_autoptr(JsonNode) action = lp_json_parse(json, -1, NULL);
        g_assert_false(lp_game_apply_action(LP_GAME(game), seat, action, &error));
        g_assert_error(error, LP_GAME_ERROR, c->code);
        g_autofree char *after = save_text(LP_GAME(game));
        g_assert_cmpstr(after, ==, before);
    }
    /* Illegal: a card not in the acting seat's hand (another's, or the draw pile's). */
    guint illegal[] = {theirs, nobodys};
    for (guint i = 0; i < G_N_ELEMENTS(illegal); i++) {
        g_autofree char *json = g_strdup_printf("{\"type\":\"route\",\"card\":%u}", illegal[i]);
        g_autoptr(JsonNode) action = parse(json);
        g_autoptr(GError) error = NULL;
        g_assert_false(lp_game_apply_action(LP_GAME(game), actor, action, &error));
        g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
        g_autofree char *after = save_text(LP_GAME(game));
        g_assert_cmpstr(after, ==, before);
    }
    /* While the pile is turned over, nobody acts. */
    while (aa_game_get_phase(game) != AA_PHASE_RESOLVE) {
        guint seat = (guint)lp_game_get_current_seat(LP_GAME(game));
        guint card = card_of(game, seat);
        g_assert_true(aa_game_get_step(game) == AA_STEP_ROUTE
                          ? aa_game_play_route(game, seat, card, NULL)
                          : aa_game_play_counter(game, seat, card, NULL));
    }
    g_autofree char *resolving = save_text(LP_GAME(game));
    for (guint seat = 0; seat < 3; seat++) {
        g_autofree char *json = g_strdup_printf("{\"type\":\"route\",\"card\":%u}",
                                                card_of(game, seat));
        g_autoptr(JsonNode) action = parse(json);
        g_autoptr(GError) error = NULL;
        g_assert_false(lp_game_apply_action(LP_GAME(game), seat, action, &error));
        g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
        g_autofree char *after = save_text(LP_GAME(game));
        g_assert_cmpstr(after, ==, resolving);
    }
}

static void on_requested(LpGame *mirror, JsonNode *action, gpointer user_data)
{
    JsonNode **out = user_data;
    g_assert_null(*out);
    *out = json_node_copy(action);
}

static char *state_of_save(LpGame *game)
{
    g_autoptr(JsonNode) save = lp_game_save(game);
    JsonObject *obj = json_node_get_object(save);
    g_autofree char *state = lp_json_to_string(json_object_get_member(obj, "state"), FALSE);
    return g_strdup_printf("%s %" G_GINT64_FORMAT, state,
                           json_object_get_int_member(obj, "actions"));
}

/* A click on a mirror sends an action and changes nothing there; played by the host, it is
 * the move the click makes at home. Through a whole game of people, every move. */
static void test_mirror_requests(void)
{
    g_autoptr(AaGame) game = fresh_game(4, "hhhh");
    g_autoptr(JsonNode) start = lp_game_save(LP_GAME(game));
    g_autoptr(AaGame) twin = AA_GAME(lp_game_restore(AA_TYPE_GAME, start, NULL));
    g_assert_nonnull(twin);
    guint moves = 0;
    while (!lp_game_is_over(LP_GAME(game))) {
        int seat = lp_game_get_current_seat(LP_GAME(game));
        if (seat < 0) {
            g_assert_true(LP_GAME_GET_CLASS(game)->advance(LP_GAME(game)));
            g_assert_true(LP_GAME_GET_CLASS(twin)->advance(LP_GAME(twin)));
            continue;
        }
        g_autoptr(LpGame) mirror = mirror_of(LP_GAME(game), seat);
        g_autofree char *before = state_text(mirror, seat);
        JsonNode *action = NULL;
        g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &action);
        GArray *hand;
        g_assert_true(aa_game_get_hand(AA_GAME(mirror), seat, seat, &hand));
        /* Not always the smallest card of the hand. */
        guint card = aa_cards_at(hand, (moves * 7) % hand->len);
        gboolean counter = aa_game_get_step(AA_GAME(mirror)) == AA_STEP_COUNTER;
        g_autoptr(GError) error = NULL;
        g_assert_true(counter ? aa_game_play_counter(AA_GAME(mirror), seat, card, &error)
                              : aa_game_play_route(AA_GAME(mirror), seat, card, &error));
        g_assert_no_error(error);
        g_assert_nonnull(action);
        g_autofree char *after = state_text(mirror, seat);
        g_assert_cmpstr(after, ==, before);
        g_assert_true(lp_game_apply_action(LP_GAME(game), seat, action, &error));
        g_assert_no_error(error);
        json_node_unref(action);
        g_assert_true(counter ? aa_game_play_counter(twin, seat, card, NULL)
                              : aa_game_play_route(twin, seat, card, NULL));
        g_autofree char *a = state_of_save(LP_GAME(game));
        g_autofree char *b = state_of_save(LP_GAME(twin));
        g_assert_cmpstr(a, ==, b);
        moves++;
    }
    g_test_message("%u moves through mirrors", moves);
    g_assert_cmpuint(moves, >, 50);
}

/* A mirror moves only its own seat and leaves the host's steps to the host. */
static void test_mirror_refuses(void)
{
    g_autoptr(AaGame) game = fresh_game(3, "hhh");
    int actor = lp_game_get_current_seat(LP_GAME(game));
    guint card = card_of(game, actor);
    for (int v = LP_VIEWER_ONLOOKER; v < 3; v++) {
        if (v == actor)
            continue;
        g_autoptr(LpGame) mirror = mirror_of(LP_GAME(game), v);
        JsonNode *action = NULL;
        g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &action);
        g_autoptr(GError) error = NULL;
        g_assert_false(aa_game_play_route(AA_GAME(mirror), actor, card, &error));
        g_assert_nonnull(error);
        g_assert_null(action);
    }
    /* A mirror's own hand and turn, but a card it does not hold. */
    g_autoptr(LpGame) mirror = mirror_of(LP_GAME(game), actor);
    g_autoptr(GError) error = NULL;
    g_assert_false(aa_game_play_route(AA_GAME(mirror), actor, card_of(game, -1), &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    /* The host turns the pile over. */
    lp_game_run_computers(LP_GAME(game), NULL);
    while (aa_game_get_phase(game) != AA_PHASE_RESOLVE) {
        guint seat = (guint)lp_game_get_current_seat(LP_GAME(game));
        g_assert_true(aa_game_get_step(game) == AA_STEP_ROUTE
                          ? aa_game_play_route(game, seat, card_of(game, seat), NULL)
                          : aa_game_play_counter(game, seat, card_of(game, seat), NULL));
    }
    g_autoptr(LpGame) resolving = mirror_of(LP_GAME(game), 0);
    g_autofree char *before = state_text(resolving, 0);
    g_assert_false(aa_game_resolve_next(AA_GAME(resolving), &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
    g_assert_false(LP_GAME_GET_CLASS(resolving)->advance(resolving));
    g_autofree char *after = state_text(resolving, 0);
    g_assert_cmpstr(after, ==, before);
}

static void test_computer_seat(void)
{
    g_autoptr(AaGame) game = fresh_game(3, "hen");
    guint seen = 0;
    while (!lp_game_is_over(LP_GAME(game))) {
        int seat = lp_game_get_current_seat(LP_GAME(game));
        int expected = seat < 0 || aa_game_get_step(game) == AA_STEP_NONE ||
                               lp_player_is_human(lp_game_get_player(LP_GAME(game), seat))
                           ? -1
                           : seat;
        g_assert_cmpint(lp_game_get_computer_seat(LP_GAME(game)), ==, expected);
        seen |= 1u << (expected + 1);
        if (seat == 0) {
            guint card = card_of(game, 0);
            g_assert_true(aa_game_get_step(game) == AA_STEP_COUNTER
                              ? aa_game_play_counter(game, 0, card, NULL)
                              : aa_game_play_route(game, 0, card, NULL));
        } else {
            g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
        }
    }
    g_assert_cmpint(lp_game_get_computer_seat(LP_GAME(game)), ==, -1);
    /* -1 (nobody), seat 1 and seat 2 were each awaited. */
    g_assert_cmpuint(seen, ==, 1u | 4u | 8u);
}

/* ---- broken views ---- */

typedef struct {
    const char *what;
    const char *member;
    const char *json;   /* the member's new value, or NULL to remove it */
} Damage;

static void test_broken_views(void)
{
    g_autoptr(AaGame) game = fresh_game(3, NULL);
    /* One round in, so that routes and the pile hold cards. */
    for (guint i = 0; i < 5; i++)
        g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), >=, 0);
    g_autoptr(JsonNode) good = lp_game_view(LP_GAME(game), 1);
    g_autofree char *good_text = lp_json_to_string(good, FALSE);
    g_autoptr(JsonArray) other = aa_cards_to_json(aa_game_peek_hand(game, 0));
    g_autoptr(JsonNode) other_node = json_node_init_array(json_node_alloc(), other);
    g_autofree char *other_hand = lp_json_to_string(other_node, FALSE);
    g_autofree char *shown = g_strdup_printf("[%s,null,null]", other_hand);
    Damage cases[] = {
        {"state is a list", NULL, "[]"},
        {"no phase", "phase", NULL},
        {"an unknown phase", "phase", "\"lunch\""},
        {"a stage too far", "stage", "6"},
        {"no hands", "hands", NULL},
        {"hands for two", "hands", "[null,null]"},
        {"another seat's hand shown", "hands", shown},
        {"the own hand hidden", "hands", "[null,null,null]"},
        {"a hand too big", "hand_sizes", "[11,10,10]"},
        {"a hand size that is negative", "hand_sizes", "[-1,10,10]"},
        {"hand sizes that miss a card", "hand_sizes", "[9,9,9]"},
        {"a route given to the wrong seat", "routes", "[[1],null,null]"},
        {"a draw pile of strings", "draw_size", "\"many\""},
        {"a draw pile too big", "draw_size", "110"},
        {"a discard pile of all cards", "discard_size", "109"},
        {"a pile owner out of range", "pile_owners", "[7]"},
        {"a pile taller than the table", "pile_owners", "[0,1,2,0]"},
        {"a hidden card sent as a card", "counter", "[255]"},
        {"a card shown twice", "counter", NULL}, /* filled below */
        {"one card too many on the table", "counter", "[108]"},
        {"an extra card owed outside a +1", "extra_left", "[1,0,0]"},
        {"scores of a stage not played", "scores", "[[10,20,30]]"},
    };
    /* The first card of the viewer's own hand, once more on the counter. */
    GArray *own = aa_game_peek_hand(game, 1);
    g_autofree char *twice = g_strdup_printf("[%u]", aa_cards_at(own, 0));
    cases[18].json = twice;
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_test_message("%s", cases[i].what);
        g_autoptr(JsonNode) view = parse(good_text); /* a copy would share the objects */
        JsonObject *obj = json_node_get_object(view);
        if (cases[i].member == NULL) {
            json_object_set_member(obj, "state", parse(cases[i].json));
        } else {
            JsonObject *state = json_object_get_object_member(obj, "state");
            if (cases[i].json == NULL)
                json_object_remove_member(state, cases[i].member);
            else
                json_object_set_member(state, cases[i].member, parse(cases[i].json));
        }
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) mirror = lp_game_mirror_new(AA_TYPE_GAME, view, &error);
        g_assert_null(mirror);
        g_assert_error(error, LP_SAVE_ERROR, error->code);
        g_test_message("  %s", error->message);
    }
}

/* Every number of a view set to values a hostile host might send: refused or read, never a
 * crash or a critical, and a mirror that loads answers its getters. */
static void test_hostile_numbers(void)
{
    g_autoptr(AaGame) game = fresh_game(4, NULL);
    for (guint i = 0; i < 30; i++)
        lp_game_computer_step(LP_GAME(game), aa_ai_move);
    static const gint64 values[] = {-1, 0, 2, 11, 109, 255, G_MAXINT32, G_MININT64};
    for (int viewer = LP_VIEWER_ONLOOKER; viewer < 4; viewer++) {
        g_autoptr(JsonNode) good = lp_game_view(LP_GAME(game), viewer);
        g_autofree char *text = lp_json_to_string(good, FALSE);
        /* Each number in the text, in turn, replaced. */
        guint accepted = 0, refused = 0;
        for (const char *p = text; *p != '\0'; p++) {
            if (!g_ascii_isdigit(*p) || g_ascii_isdigit(p[-1]) || p[-1] == '-')
                continue;
            const char *end = p;
            while (g_ascii_isdigit(*end))
                end++;
            for (guint v = 0; v < G_N_ELEMENTS(values); v++) {
                g_autofree char *damaged =
                    g_strdup_printf("%.*s%" G_GINT64_FORMAT "%s", (int)(p - text), text,
                                    values[v], end);
                g_autoptr(JsonNode) view = lp_json_parse(damaged, -1, NULL);
                g_assert_nonnull(view);
                g_autoptr(GError) error = NULL;
                g_autoptr(LpGame) mirror = lp_game_mirror_new(AA_TYPE_GAME, view, &error);
                if (mirror == NULL) {
                    g_assert_error(error, LP_SAVE_ERROR, error->code);
                    refused++;
                    continue;
                }
                accepted++;
                g_autofree char *again = state_text(mirror, viewer);
                lp_game_get_computer_seat(mirror);
                if (viewer >= 0 && lp_game_get_current_seat(mirror) == viewer) {
                    g_autoptr(JsonNode) action = lp_game_computer_action(mirror, viewer,
                                                                         aa_ai_move);
                    (void)action;
                }
            }
        }
        g_test_message("viewer %d: %u damaged views refused, %u read", viewer, refused,
                       accepted);
        g_assert_cmpuint(refused, >, 0);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/aufachse/view/round-trip", test_round_trip);
    g_test_add_func("/aufachse/view/secrecy", test_secrecy);
    g_test_add_func("/aufachse/view/secrecy-catches-planted-leak",
                    test_secrecy_catches_planted_leak);
    g_test_add_func("/aufachse/view/apply-refuses", test_apply_refuses);
    g_test_add_func("/aufachse/view/mirror-requests", test_mirror_requests);
    g_test_add_func("/aufachse/view/mirror-refuses", test_mirror_refuses);
    g_test_add_func("/aufachse/view/computer-seat", test_computer_seat);
    g_test_add_func("/aufachse/view/broken-views", test_broken_views);
    g_test_add_func("/aufachse/view/hostile-numbers", test_hostile_numbers);
    return g_test_run();
}
