/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Auf Achse rules: route scoring (every RULES.md example and many more), the counter's
 * resolution, stage goals, refilling, five stages, illegal moves and the save contract. */
#include <string.h>

#include "aa-ai.h"
#include "aa-game-private.h"
#include "aa-test-util.h"
#include "lp-event-log.h"
#include "lp-json.h"

/* ---- route scoring ---- */

typedef struct {
    const char *route;
    int value;
} RouteCase;

static int score_of(const char *spec, AaBreak *breaks, guint *start)
{
    g_auto(GStrv) words = g_strsplit(spec, " ", -1);
    int faces[64];
    guint n = 0;
    for (guint i = 0; words[i] != NULL; i++) {
        if (*words[i] == '\0')
            continue;
        g_assert_true(aa_face_from_string(words[i], &faces[n]));
        n++;
    }
    return aa_route_score(faces, n, breaks, start);
}

static void test_route_rulebook(void)
{
    /* RULES.md: Auf Achse, examples from the rulebook ("A" is an action card). */
    static const RouteCase cases[] = {
        {"30 50 40 60 60 70 90", 220},
        {"10 20 40 80 R 120", 270},
        {"R 40 50 70 30 90", 120},
        {"20 50 40 60 60 R 70 80", 210},
        {"40 50 R R 60 120 R", 180},
        {"70 R 80 100 A 110 R 120", 230},
        {"R 10 R 40", 50},
        {"20 40 50 70 80 120", 380},
    };
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_test_message("%s", cases[i].route);
        g_assert_cmpint(score_of(cases[i].route, NULL, NULL), ==, cases[i].value);
    }
}

static void test_route_more(void)
{
    static const RouteCase cases[] = {
        {"", 0},                        /* empty route */
        {"R", 0},                       /* only rests */
        {"R R", 0},
        {"R R R", 0},                   /* triple rest */
        {"R 10 20", 30},                /* rest first */
        {"10 R R 20", 20},              /* two rests break */
        {"10 R R R 20", 20},            /* three rests break */
        {"10 20 30 -1", 0},             /* action last */
        {"10 20 +1", 0},
        {"60 70 -50", 0},
        {"90 100 +2", 0},
        {"50 50", 50},                  /* equal values break */
        {"50 50 60", 110},
        {"120", 120},
        {"10 20 30 40 50 60 70 80 90 100 110 120", 780},
        {"120 110", 110},               /* falling */
        {"120 110 100", 100},
        {"-50 40 50", 90},              /* action first */
        {"+2 R 40", 40},
        {"80 R 40", 40},                /* a single rest keeps the last value */
        {"80 R 90", 170},
        {"R 10 R 20 R 30", 60},
        {"10 -50 R R 20", 20},
        {"30 40 R", 70},                /* rest last */
        {"30 40 R R", 0},
        {"60 70 -1 10 20", 30},
        {"40 +1 R 40", 40},
        {"100 110 120 10", 10},
        {"20 30 30 40", 70},
        {"R -1 R", 0},
    };
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_test_message("%s", cases[i].route);
        g_assert_cmpint(score_of(cases[i].route, NULL, NULL), ==, cases[i].value);
    }
}

static void test_route_breaks(void)
{
    AaBreak b[16];
    guint start;
    g_assert_cmpint(score_of("30 50 40 60 60 70 90", b, &start), ==, 220);
    g_assert_cmpint(b[2], ==, AA_BREAK_NOT_HIGHER);
    g_assert_cmpint(b[4], ==, AA_BREAK_NOT_HIGHER);
    g_assert_cmpint(b[3], ==, AA_BREAK_NONE);
    g_assert_cmpuint(start, ==, 4);

    g_assert_cmpint(score_of("40 50 R R 60 120 R", b, &start), ==, 180);
    g_assert_cmpint(b[2], ==, AA_BREAK_NONE);
    g_assert_cmpint(b[3], ==, AA_BREAK_DOUBLE_REST);
    g_assert_cmpuint(start, ==, 3);

    g_assert_cmpint(score_of("70 R 80 100 -1 110 R 120", b, &start), ==, 230);
    g_assert_cmpint(b[4], ==, AA_BREAK_ACTION);
    g_assert_cmpuint(start, ==, 5);

    g_assert_cmpint(score_of("10 20 -50", b, &start), ==, 0);
    g_assert_cmpuint(start, ==, 3);  /* nothing scores */
}

static void test_faces(void)
{
    int face;
    g_assert_cmpstr(aa_face_to_string(10), ==, "10");
    g_assert_cmpstr(aa_face_to_string(120), ==, "120");
    g_assert_cmpstr(aa_face_to_string(AA_FACE_REST), ==, "R");
    g_assert_cmpstr(aa_face_to_string(AA_FACE_MINUS50), ==, "-50");
    g_assert_true(aa_face_from_string("+2", &face));
    g_assert_cmpint(face, ==, AA_FACE_PLUS2);
    g_assert_false(aa_face_from_string("130", &face));
    /* RULES.md: the deck's composition. */
    guint counts[256] = {0};
    for (guint c = 0; c < AA_N_CARDS; c++)
        counts[aa_card_face(c) + 50]++;
    for (int v = 10; v <= 60; v += 10)
        g_assert_cmpuint(counts[v + 50], ==, 7);
    for (int v = 70; v <= 110; v += 10)
        g_assert_cmpuint(counts[v + 50], ==, 6);
    g_assert_cmpuint(counts[120 + 50], ==, 5);
    g_assert_cmpuint(counts[AA_FACE_PLUS1 + 50], ==, 6);
    g_assert_cmpuint(counts[AA_FACE_MINUS1 + 50], ==, 6);
    g_assert_cmpuint(counts[AA_FACE_MINUS50 + 50], ==, 6);
    g_assert_cmpuint(counts[AA_FACE_PLUS2 + 50], ==, 2);
    g_assert_cmpuint(counts[AA_FACE_REST + 50], ==, 12);
}

/* ---- the table ---- */

static void on_event(LpEventLog *events, JsonObject *event, GPtrArray *lines)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, event);
    g_ptr_array_add(lines, lp_json_to_string(node, FALSE));
}

static GPtrArray *listen(AaGame *game)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(on_event), lines);
    return lines;
}

static char *save_string(AaGame *game)
{
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    return lp_json_to_string(root, FALSE);
}

static void test_goals(void)
{
    g_assert_cmpint(aa_stage_goal(2), ==, 150);
    g_assert_cmpint(aa_stage_goal(3), ==, 200);
    g_assert_cmpint(aa_stage_goal(4), ==, 250);
    g_assert_cmpint(aa_stage_goal(5), ==, 300);
    for (guint n = 2; n <= 5; n++) {
        g_autoptr(GPtrArray) players = aa_test_players(n, NULL);
        g_autoptr(LpRng) rng = lp_rng_new(n);
        AaGame *game = aa_game_new(players, rng, NULL);
        g_assert_cmpint(aa_game_get_goal(game), ==, 150 + 50 * (int)(n - 2));
        g_assert_finalize_object(game);
    }
    g_autoptr(GPtrArray) one = aa_test_players(1, NULL);
    g_autoptr(GPtrArray) six = aa_test_players(6, NULL);
    g_autoptr(LpRng) rng = lp_rng_new(1);
    g_autoptr(GError) error = NULL;
    g_assert_null(aa_game_new(one, rng, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_null(aa_game_new(six, rng, &error));
    g_assert_nonnull(error);
}

static void test_deal(void)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_ptr_array_add(players, lp_player_new("Anna", 40, "#c01c28", LP_PLAYER_HUMAN, 0));
    g_ptr_array_add(players, lp_player_new("Ben", LP_AGE_UNKNOWN, "#1c71d8", LP_PLAYER_HUMAN, 0));
    g_ptr_array_add(players, lp_player_new("Cleo", 9, "#26a269", LP_PLAYER_HUMAN, 0));
    g_autoptr(LpRng) rng = lp_rng_new(7);
    AaGame *game = aa_game_new(players, rng, NULL);
    /* RULES.md: the youngest holds the start card and begins. */
    g_assert_cmpuint(aa_game_get_start_seat(game), ==, 2);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 2);
    g_assert_cmpint(aa_game_get_step(game), ==, AA_STEP_ROUTE);
    for (guint s = 0; s < 3; s++) {
        g_assert_cmpuint(aa_game_peek_hand(game, s)->len, ==, 10);
        g_assert_cmpuint(aa_game_peek_route(game, s)->len, ==, 0);
    }
    g_assert_cmpuint(aa_game_get_draw_size(game), ==, 109 - 30);
    g_assert_true(aa_game_check(game, NULL));
    /* Hidden information: only the owner sees a hand or a route during a stage. */
    GArray *cards = NULL;
    g_assert_true(aa_game_get_hand(game, 1, 1, &cards));
    g_assert_true(cards == aa_game_peek_hand(game, 1));
    g_assert_false(aa_game_get_hand(game, 0, 1, &cards));
    g_assert_null(cards);
    g_assert_false(aa_game_get_hand(game, LP_VIEWER_ONLOOKER, 1, &cards));
    g_assert_null(cards);
    g_assert_false(aa_game_get_route(game, 2, 1, &cards));
    g_assert_null(cards);
    g_assert_true(aa_game_get_route(game, 1, 1, &cards));
    g_assert_nonnull(cards);
    /* What lies open: how many cards each holds. */
    g_assert_cmpuint(aa_game_get_hand_size(game, 0), ==, 10);
    g_assert_cmpuint(aa_game_get_route_length(game, 0), ==, 0);
    /* Humans only: the computer does not act. */
    g_assert_false(lp_game_computer_step(LP_GAME(game), aa_ai_move));
    g_assert_finalize_object(game);
}

static void test_resolution_order(void)
{
    AaTestTable t = {
        .n_players = 3,
        .kinds = "hhh",
        .hands = {"10 70", "20 80", "30 90"},
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) lines = listen(game);
    for (guint s = 0; s < 3; s++) {
        GArray *hand = aa_game_peek_hand(game, s);
        guint high = g_array_index(hand, guint8, 1);
        guint low = g_array_index(hand, guint8, 0);
        g_assert_true(aa_game_play_route(game, s, high, &error));
        g_assert_true(aa_game_play_counter(game, s, low, &error));
    }
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_RESOLVE);
    g_assert_cmpuint(aa_game_get_pile_size(game), ==, 3);
    g_assert_cmpuint(aa_game_get_pile_owner(game, 0), ==, 0);
    /* RULES.md step 3: the card put down last is resolved first. */
    for (guint i = 0; i < 3; i++)
        g_assert_true(lp_game_computer_step(LP_GAME(game), aa_ai_move));
    guint k = 0;
    const char *expected[] = {"{\"event\":\"resolve\",\"card\":\"30\",\"total\":30}",
                              "{\"event\":\"resolve\",\"card\":\"20\",\"total\":50}",
                              "{\"event\":\"resolve\",\"card\":\"10\",\"total\":60}"};
    for (guint i = 0; i < lines->len; i++) {
        if (strstr(lines->pdata[i], "resolve") == NULL)
            continue;
        g_assert_cmpuint(k, <, G_N_ELEMENTS(expected));
        g_assert_cmpstr(lines->pdata[i], ==, expected[k++]);
    }
    g_assert_cmpuint(k, ==, 3);
    g_assert_cmpuint(lines->len, >=, 2);
    g_assert_cmpstr(lines->pdata[0], ==, "{\"event\":\"route_play\",\"player\":0,\"card\":\"70\"}");
    g_assert_cmpstr(lines->pdata[1], ==,
                    "{\"event\":\"counter_play\",\"player\":0,\"card\":\"10\"}");
    /* Round over, goal not reached: hands refilled, the start card passed. */
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_cmpuint(aa_game_get_start_seat(game), ==, 1);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 1);
    g_assert_cmpint(aa_game_get_total(game), ==, 60);
    for (guint s = 0; s < 3; s++)
        g_assert_cmpuint(aa_game_peek_hand(game, s)->len, ==, 10);
    g_assert_finalize_object(game);
}

static void test_goal_passed_only_during(void)
{
    /* RULES.md step 4: 160 km while resolving, 110 after: the stage goes on. */
    AaTestTable t = {
        .n_players = 2,
        .phase = "resolve",
        .play_index = 2,
        .hands = {"10 20 30 40 50 60 70 80 90", "10 20 30 40 50 60 70 80 90"},
        .routes = {"40", "50"},
        .counter = "100",
        .pile = "-50 60",
        .pile_owners = "01",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) lines = listen(game);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_cmpint(aa_game_get_total(game), ==, 160);
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_RESOLVE);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_cmpint(aa_game_get_total(game), ==, 110);
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_cmpuint(aa_game_get_stage(game), ==, 1);
    g_assert_cmpuint(aa_game_get_n_scored(game), ==, 0);
    g_assert_cmpuint(lines->len, >=, 2);
    g_assert_cmpstr(lines->pdata[1], ==, "{\"event\":\"resolve\",\"card\":\"-50\",\"total\":110}");
    g_assert_finalize_object(game);
}

static void test_goal_reached(void)
{
    AaTestTable t = {
        .n_players = 2,
        .phase = "resolve",
        .play_index = 2,
        .start_seat = 1,
        .hands = {"10 20 30 40 50 60 70 80 90", "10 20 30 40 50 60 70 80 90"},
        .routes = {"40 60 R 70", "50 50"},
        .counter = "100",
        .pile = "R 50",
        .pile_owners = "10",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) lines = listen(game);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_true(aa_game_resolve_next(game, &error));
    /* 150 km with two players: the stage ends after the whole pile. */
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_STAGE_END);
    g_assert_cmpuint(aa_game_get_n_scored(game), ==, 1);
    g_assert_cmpint(aa_game_get_stage_score(game, 1, 0), ==, 170);
    g_assert_cmpint(aa_game_get_stage_score(game, 1, 1), ==, 50);
    /* The scored routes lie open for everybody, also for whoever only looks on. */
    GArray *route = NULL;
    g_assert_true(aa_game_get_route(game, 0, 1, &route));
    g_assert_true(aa_game_get_route(game, LP_VIEWER_ONLOOKER, 1, &route));
    g_assert_true(route == aa_game_peek_route(game, 1));
    /* Hands stay secret at a stage end. */
    GArray *hand = NULL;
    g_assert_false(aa_game_get_hand(game, 0, 1, &hand));
    g_assert_cmpuint(lines->len, ==, 3);
    g_assert_cmpstr(lines->pdata[2], ==,
                    "{\"event\":\"stage_end\",\"stage\":1,\"total\":150,\"routes\":"
                    "[[\"40\",\"60\",\"R\",\"70\"],[\"50\",\"50\"]],\"scores\":[170,50],"
                    "\"totals\":[170,50]}");
    g_autofree char *before = save_string(game);
    g_assert_false(aa_game_resolve_next(game, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_clear_error(&error);
    g_autofree char *after = save_string(game);
    g_assert_cmpstr(before, ==, after);

    g_assert_true(aa_game_continue(game, &error));
    g_assert_cmpuint(aa_game_get_stage(game), ==, 2);
    g_assert_cmpuint(aa_game_get_start_seat(game), ==, 0);
    g_assert_cmpint(aa_game_get_total(game), ==, 0);
    g_assert_cmpuint(aa_game_peek_route(game, 0)->len, ==, 0);
    g_assert_cmpuint(aa_game_peek_route(game, 1)->len, ==, 0);
    g_assert_cmpuint(aa_game_peek_hand(game, 0)->len, ==, 10);
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_false(aa_game_get_route(game, 0, 1, &route));
    g_assert_null(route);
    g_assert_cmpuint(lines->len, ==, 4);
    g_assert_cmpstr(lines->pdata[3], ==, "{\"event\":\"stage_start\",\"stage\":2,\"start_player\":0}");
    g_assert_true(aa_game_check(game, NULL));
    g_assert_finalize_object(game);
}

static void test_minus50_below_zero(void)
{
    AaTestTable t = {
        .n_players = 2,
        .phase = "resolve",
        .play_index = 2,
        .hands = {"10 20 30 40 50 60 70 80 90", "10 20 30 40 50 60 70 80 90"},
        .counter = "20",
        .pile = "-50 -50",
        .pile_owners = "01",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_cmpint(aa_game_get_total(game), ==, -30);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_cmpint(aa_game_get_total(game), ==, -80);
    /* −50 stays in the counter. */
    g_assert_cmpuint(aa_game_get_counter(game)->len, ==, 3);
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_finalize_object(game);
}

static void test_obstacle(void)
{
    /* −1 on an empty route does nothing; the others lose their last card. */
    AaTestTable t = {
        .n_players = 3,
        .phase = "resolve",
        .play_index = 3,
        .hands = {"10 20 30 40 50 60 70 80 90", "10 20 30 40 50 60 70 80 90",
                  "10 20 30 40 50 60 70 80 90"},
        .routes = {"", "10 20", "R"},
        .pile = "-1",
        .pile_owners = "2",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) lines = listen(game);
    guint discard = aa_game_get_discard_size(game);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_cmpuint(aa_game_peek_route(game, 0)->len, ==, 0);
    g_assert_cmpuint(aa_game_peek_route(game, 1)->len, ==, 1);
    g_assert_cmpuint(aa_game_peek_route(game, 2)->len, ==, 0);
    g_assert_cmpuint(lines->len, >=, 3);
    g_assert_cmpstr(lines->pdata[1], ==, "{\"event\":\"route_discard\",\"player\":1,\"card\":\"20\"}");
    g_assert_cmpstr(lines->pdata[2], ==, "{\"event\":\"route_discard\",\"player\":2,\"card\":\"R\"}");
    /* −1 and the two route cards went to the discard pile before the refill. */
    g_assert_cmpuint(aa_game_get_discard_size(game), ==, discard + 3);
    g_assert_true(aa_game_check(game, NULL));
    g_assert_finalize_object(game);
}

static void test_reshuffle(void)
{
    /* The draw pile is empty: refilling shuffles the discard pile into a new draw pile. */
    AaTestTable t = {
        .n_players = 2,
        .phase = "resolve",
        .play_index = 2,
        .hands = {"10 20 30 40 50 60 70 80", "10 20 30 40 50 60 70 80"},
        .routes = {"90", "90"},
        .pile = "R 100",
        .pile_owners = "01",
        .rest_to_discard = TRUE,
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(aa_game_get_draw_size(game), ==, 0);
    guint discard = aa_game_get_discard_size(game);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_cmpuint(aa_game_peek_hand(game, 0)->len, ==, 10);
    g_assert_cmpuint(aa_game_peek_hand(game, 1)->len, ==, 10);
    /* The rest went to the discard pile before the refill; all of it became the draw pile. */
    g_assert_cmpuint(aa_game_get_discard_size(game), ==, 0);
    g_assert_cmpuint(aa_game_get_draw_size(game), ==, discard + 1 - 4);
    g_assert_true(aa_game_check(game, NULL));
    g_assert_finalize_object(game);
}

static void test_plus2_short_hand(void)
{
    AaTestTable t = {
        .n_players = 3,
        .kinds = "hhh",
        .phase = "resolve",
        .play_index = 3,
        .start_seat = 1,
        .hands = {"40", "", "20 30 50"},
        .routes = {"10", "10", "10"},
        .pile = "+2",
        .pile_owners = "1",
    };
    g_autoptr(GError) error = NULL;
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_EXTRA);
    g_assert_cmpint(aa_game_get_step(game), ==, AA_STEP_EXTRA);
    g_assert_cmpint(aa_game_get_action(game), >=, 0);
    /* RULES.md: as far as the hand allows: seat 1 none, seat 2 two, seat 0 one. */
    g_assert_cmpuint(aa_game_get_extra_left(game, 1), ==, 0);
    g_assert_cmpuint(aa_game_get_extra_left(game, 2), ==, 2);
    g_assert_cmpuint(aa_game_get_extra_left(game, 0), ==, 1);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 2);
    GArray *hand2 = aa_game_peek_hand(game, 2);
    guint c20 = g_array_index(hand2, guint8, 0);
    /* Seat 0 may not play yet; the state stays as it is. */
    g_autofree char *before = save_string(game);
    guint c40 = g_array_index(aa_game_peek_hand(game, 0), guint8, 0);
    g_assert_false(aa_game_play_route(game, 0, c40, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
    g_clear_error(&error);
    g_assert_false(aa_game_play_counter(game, 2, c20, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_clear_error(&error);
    g_autofree char *after = save_string(game);
    g_assert_cmpstr(before, ==, after);

    g_assert_true(aa_game_play_route(game, 2, c20, &error));
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 2);
    /* Save and restore in the middle of the extra cards. */
    g_autofree char *mid = save_string(game);
    LpGame *copy = lp_game_restore_from_data(AA_TYPE_GAME, mid, -1, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(aa_game_get_extra_left(AA_GAME(copy), 2), ==, 1);
    g_assert_true(aa_game_play_route(game, 2, g_array_index(hand2, guint8, 0), &error));
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 0);
    g_assert_true(aa_game_play_route(game, 0, c40, &error));
    g_assert_no_error(error);
    g_autofree char *route = aa_test_faces(aa_game_peek_route(game, 2));
    g_assert_cmpstr(route, ==, "10 20 30");
    /* Pile done, round over: refill and the next round. */
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_cmpuint(aa_game_get_start_seat(game), ==, 2);
    g_assert_finalize_object(game);
    g_assert_finalize_object(copy);
}

/* Issue 36: the log of the last resolution is the model's and part of the save, so that a
 * continued game says who played the free passage it waits for; it lasts through the next
 * round; a save from before it loads with an empty log. */
static void test_turned_log(void)
{
    AaTestTable t = {
        .n_players = 3,
        .kinds = "nnn",
        .phase = "resolve",
        .play_index = 3,
        .start_seat = 1,
        .hands = {"40", "", "20 30 50"},
        .routes = {"10", "10", "10"},
        .pile = "+1 60",
        .pile_owners = "21",
    };
    g_autoptr(GError) error = NULL;
    /* The table's state has no "turned": a save from before issue 36. */
    AaGame *game = aa_test_game_from_table(&t, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(aa_game_get_n_turned(game), ==, 0);
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_true(aa_game_resolve_next(game, &error));
    g_assert_no_error(error);
    g_assert_cmpint(aa_game_get_step(game), ==, AA_STEP_EXTRA);
    g_assert_cmpuint(aa_game_get_n_turned(game), ==, 2);
    guint owner;
    int total;
    g_assert_cmpint(aa_card_face(aa_game_get_turned(game, 0, &owner, &total)), ==, 60);
    g_assert_cmpuint(owner, ==, 1);
    g_assert_cmpint(total, ==, 60);
    g_assert_cmpint(aa_card_face(aa_game_get_turned(game, 1, &owner, &total)), ==,
                    AA_FACE_PLUS1);
    g_assert_cmpuint(owner, ==, 2);
    g_assert_cmpint(total, ==, 60);
    g_assert_false(aa_game_get_turned_loss(game, 0, 1, 0, NULL));

    /* Closed and continued at the pending extra card: the same log. */
    g_autofree char *data = save_string(game);
    LpGame *copy = lp_game_restore_from_data(AA_TYPE_GAME, data, -1, &error);
    g_assert_no_error(error);
    g_autofree char *again = save_string(AA_GAME(copy));
    g_assert_cmpstr(data, ==, again);
    g_assert_cmpuint(aa_game_get_n_turned(AA_GAME(copy)), ==, 2);
    g_assert_cmpint(aa_card_face(aa_game_get_turned(AA_GAME(copy), 1, &owner, NULL)), ==,
                    AA_FACE_PLUS1);
    g_assert_cmpuint(owner, ==, 2);

    /* The extra cards, then the next round begins: the log stays while it is played. */
    while (aa_game_get_phase(game) == AA_PHASE_EXTRA) {
        guint seat = lp_game_get_current_seat(LP_GAME(game));
        guint card = g_array_index(aa_game_peek_hand(game, seat), guint8, 0);
        g_assert_true(aa_game_play_route(game, seat, card, &error));
    }
    g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_PLAY);
    g_assert_cmpuint(aa_game_get_n_turned(game), ==, 2);
    g_autofree char *play = save_string(game);
    LpGame *later = lp_game_restore_from_data(AA_TYPE_GAME, play, -1, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(aa_game_get_n_turned(AA_GAME(later)), ==, 2);
    /* The round's first card turned over starts a new log, in the original and the copy. */
    for (AaGame *g = game; g != NULL; g = g == game ? AA_GAME(later) : NULL) {
        while (aa_game_get_phase(g) == AA_PHASE_PLAY)
            g_assert_true(lp_game_computer_step(LP_GAME(g), aa_ai_move));
        if (aa_game_get_phase(g) == AA_PHASE_RESOLVE) {
            g_assert_true(aa_game_resolve_next(g, &error));
            g_assert_cmpuint(aa_game_get_n_turned(g), ==, 1);
        }
    }
    g_assert_finalize_object(game);
    g_assert_finalize_object(copy);
    g_assert_finalize_object(later);
}

static void test_illegal(void)
{
    g_autoptr(GPtrArray) players = aa_test_players(2, "hh");
    g_autoptr(LpRng) rng = lp_rng_new(3);
    AaGame *game = aa_game_new(players, rng, NULL);
    g_autoptr(GError) error = NULL;
    g_autofree char *before = save_string(game);
    guint seat = lp_game_get_current_seat(LP_GAME(game));
    guint other = 1 - seat;
    guint mine = g_array_index(aa_game_peek_hand(game, seat), guint8, 0);
    guint theirs = g_array_index(aa_game_peek_hand(game, other), guint8, 0);
    g_assert_false(aa_game_play_route(game, other, theirs, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
    g_clear_error(&error);
    g_assert_false(aa_game_play_route(game, seat, theirs, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_false(aa_game_play_route(game, seat, 200, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_false(aa_game_play_route(game, 7, mine, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_false(aa_game_play_counter(game, seat, mine, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_clear_error(&error);
    g_assert_false(aa_game_resolve_next(game, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_clear_error(&error);
    g_assert_false(aa_game_continue(game, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_clear_error(&error);
    g_autofree char *after = save_string(game);
    g_assert_cmpstr(before, ==, after);
    /* A legal pair of moves. */
    g_assert_true(aa_game_play_route(game, seat, mine, &error));
    g_assert_cmpint(aa_game_get_step(game), ==, AA_STEP_COUNTER);
    g_assert_false(aa_game_play_counter(game, seat, mine, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_assert_finalize_object(game);
}

static guint count_events(GPtrArray *lines, const char *name)
{
    g_autofree char *key = g_strdup_printf("{\"event\":\"%s\"", name);
    guint n = 0;
    for (guint i = 0; i < lines->len; i++)
        n += g_str_has_prefix(lines->pdata[i], key);
    return n;
}

static void test_five_stages(void)
{
    for (guint n = 2; n <= 5; n++) {
        g_autoptr(GPtrArray) players = aa_test_players(n, "eHnHe");
        g_autoptr(LpRng) rng = lp_rng_new(100 + n);
        AaGame *game = aa_game_new(players, rng, NULL);
        g_autoptr(GPtrArray) lines = listen(game);
        lp_game_run_computers(LP_GAME(game), aa_ai_move);
        g_assert_true(lp_game_is_over(LP_GAME(game)));
        g_assert_cmpint(aa_game_get_phase(game), ==, AA_PHASE_OVER);
        g_assert_cmpuint(aa_game_get_n_scored(game), ==, 5);
        g_assert_cmpuint(count_events(lines, "stage_start"), ==, 5);
        g_assert_cmpuint(count_events(lines, "stage_end"), ==, 5);
        g_assert_cmpuint(count_events(lines, "game_over"), ==, 1);
        g_assert_true(g_str_has_prefix(lines->pdata[lines->len - 1], "{\"event\":\"game_over\""));
        g_autoptr(GArray) winners = aa_game_get_winners(game);
        g_assert_cmpuint(winners->len, >=, 1);
        int best = aa_game_get_total_score(game, g_array_index(winners, guint, 0));
        for (guint s = 0; s < n; s++) {
            int total = 0;
            for (guint st = 1; st <= 5; st++)
                total += aa_game_get_stage_score(game, st, s);
            g_assert_cmpint(total, ==, aa_game_get_total_score(game, s));
            g_assert_cmpint(total, <=, best);
        }
        g_assert_false(lp_game_computer_step(LP_GAME(game), aa_ai_move));
        g_autoptr(JsonNode) result = lp_game_result(LP_GAME(game));
        g_assert_true(json_object_has_member(json_node_get_object(result), "winners"));
        g_assert_finalize_object(game);
    }
}

/* ---- who decides ---- */

typedef struct {
    gboolean in_step;    /* inside lp_game_computer_step */
    guint played_in_step;
    guint played;
    int seat;
    int card;
} PlayWatch;

static void on_route_played_watch(AaGame *game, guint seat, guint card, PlayWatch *w)
{
    w->played++;
    w->played_in_step += w->in_step;
    w->seat = seat;
    w->card = card;
}

static void on_counter_played_watch(AaGame *game, guint seat, PlayWatch *w)
{
    GArray *pile = game->pile;
    on_route_played_watch(game, seat, aa_cards_at(pile, pile->len - 1), w);
}

static void watch_plays(AaGame *game, PlayWatch *w)
{
    g_signal_connect(game, "route-played", G_CALLBACK(on_route_played_watch), w);
    g_signal_connect(game, "counter-played", G_CALLBACK(on_counter_played_watch), w);
}

static void test_advance_takes_no_decision(void)
{
    /* Humans only: the game turns the pile over and deals stages, but never plays a card. */
    g_autoptr(GPtrArray) players = aa_test_players(3, "hhh");
    g_autoptr(LpRng) rng = lp_rng_new(17);
    AaGame *game = aa_game_new(players, rng, NULL);
    PlayWatch w = {0};
    watch_plays(game, &w);
    guint steps = 0;
    for (guint moves = 0; moves < 3000 && !lp_game_is_over(LP_GAME(game)); moves++) {
        w.in_step = TRUE;
        while (lp_game_computer_step(LP_GAME(game), aa_ai_move))
            steps++;
        w.in_step = FALSE;
        int seat = lp_game_get_current_seat(LP_GAME(game));
        if (seat < 0)
            break;
        guint card = aa_cards_at(aa_game_peek_hand(game, seat), 0);
        g_assert_true(aa_game_get_step(game) == AA_STEP_COUNTER
                          ? aa_game_play_counter(game, seat, card, NULL)
                          : aa_game_play_route(game, seat, card, NULL));
    }
    g_assert_true(lp_game_is_over(LP_GAME(game)));
    g_assert_cmpuint(steps, >, 0);
    g_assert_cmpuint(w.played, >, 0);
    g_assert_cmpuint(w.played_in_step, ==, 0);
    g_assert_finalize_object(game);

    /* Computers too: without their move function the game waits for their decision. */
    g_autoptr(GPtrArray) computers = aa_test_players(2, "nn");
    AaGame *waiting = aa_game_new(computers, rng, NULL);
    g_autofree char *before = save_string(waiting);
    g_assert_false(lp_game_computer_step(LP_GAME(waiting), NULL));
    g_autofree char *after = save_string(waiting);
    g_assert_cmpstr(strstr(before, "\"rng\""), ==, strstr(after, "\"rng\""));
    g_assert_true(lp_game_computer_step(LP_GAME(waiting), aa_ai_move));
    g_assert_finalize_object(waiting);
}

/* aa_ai_move plays what aa_ai_choose chose, through the public move of the step. */
static void check_ai_move_step(AaGame *game, AaStep step)
{
    g_assert_cmpint(aa_game_get_step(game), ==, step);
    int seat = lp_game_get_current_seat(LP_GAME(game));
    g_assert_cmpint(seat, >=, 0);
    /* The same game, RNG included, played by hand with the computer's choice. */
    g_autofree char *data = save_string(game);
    LpGame *copy = lp_game_restore_from_data(AA_TYPE_GAME, data, -1, NULL);
    g_assert_nonnull(copy);
    LpPlayer *player = lp_game_get_player(copy, seat);
    guint card = aa_ai_choose(AA_GAME(copy), seat, lp_player_get_level(player));
    g_assert_true(step == AA_STEP_COUNTER ? aa_game_play_counter(AA_GAME(copy), seat, card, NULL)
                                          : aa_game_play_route(AA_GAME(copy), seat, card, NULL));

    PlayWatch w = {0};
    watch_plays(game, &w);
    g_assert_true(aa_ai_move(LP_GAME(game)));
    g_signal_handlers_disconnect_by_data(game, &w);
    g_assert_cmpuint(w.played, ==, 1);
    g_assert_cmpint(w.seat, ==, seat);
    g_assert_cmpint(w.card, ==, card);
    g_autofree char *mine = save_string(game);
    g_autofree char *theirs = save_string(AA_GAME(copy));
    g_assert_cmpstr(strstr(mine, "\"rng\""), ==, strstr(theirs, "\"rng\""));
    g_assert_finalize_object(copy);
}

static void test_ai_move_plays_public_moves(void)
{
    g_autoptr(GPtrArray) players = aa_test_players(3, "eHh");
    g_autoptr(LpRng) rng = lp_rng_new(23);
    AaGame *game = aa_game_new(players, rng, NULL);
    /* Seat 0 (easy, draws from the RNG) begins: a route card, then a counter card. */
    check_ai_move_step(game, AA_STEP_ROUTE);
    check_ai_move_step(game, AA_STEP_COUNTER);
    /* Seat 1 (hard). */
    check_ai_move_step(game, AA_STEP_ROUTE);
    check_ai_move_step(game, AA_STEP_COUNTER);
    /* Seat 2 is human: nothing to choose for the computer, the game stays. */
    g_autofree char *before = save_string(game);
    g_assert_false(aa_ai_move(LP_GAME(game)));
    g_autofree char *after = save_string(game);
    g_assert_cmpstr(strstr(before, "\"rng\""), ==, strstr(after, "\"rng\""));
    g_assert_finalize_object(game);

    /* Turning the pile over is nobody's decision: not the computer's move. */
    AaTestTable t = {
        .n_players = 2,
        .kinds = "nn",
        .phase = "resolve",
        .play_index = 2,
        .hands = {"10 20 30 40 50 60 70 80 90", "10 20 30 40 50 60 70 80 90"},
        .pile = "R 50",
        .pile_owners = "01",
    };
    AaGame *resolving = aa_test_game_from_table(&t, NULL);
    g_assert_false(aa_ai_move(LP_GAME(resolving)));
    g_assert_cmpuint(aa_game_get_pile_size(resolving), ==, 2);
    g_assert_finalize_object(resolving);
}

/* ---- properties ---- */

typedef struct {
    AaGame *game;
    AaPhase last;
    guint notified;
} PhaseWatch;

static void on_phase_notify(AaGame *game, GParamSpec *pspec, PhaseWatch *w)
{
    AaPhase phase;
    g_object_get(game, "phase", &phase, NULL);
    g_assert_cmpint(phase, ==, aa_game_get_phase(game));
    /* Exactly on change: never twice for the same phase. */
    g_assert_cmpint(phase, !=, w->last);
    w->last = phase;
    w->notified++;
}

static void on_phase_action(AaGame *game, PhaseWatch *w)
{
    /* No change went by without a notification. */
    g_assert_cmpint(aa_game_get_phase(game), ==, w->last);
}

static void test_phase_property(void)
{
    g_autoptr(GPtrArray) players = aa_test_players(3, "enH");
    g_autoptr(LpRng) rng = lp_rng_new(31);
    AaGame *game = aa_game_new(players, rng, NULL);
    PhaseWatch w = {game, aa_game_get_phase(game), 0};
    g_signal_connect(game, "notify::phase", G_CALLBACK(on_phase_notify), &w);
    g_signal_connect(game, "action-completed", G_CALLBACK(on_phase_action), &w);
    lp_game_run_computers(LP_GAME(game), aa_ai_move);
    g_assert_true(lp_game_is_over(LP_GAME(game)));
    g_assert_cmpint(w.last, ==, AA_PHASE_OVER);
    /* At least play → resolve → … → stage end for each of five stages. */
    g_assert_cmpuint(w.notified, >=, 3 * AA_N_STAGES);
    g_assert_finalize_object(game);

    /* Saves name the phase by its registered nick, as they always did. */
    g_assert_cmpstr(lp_enum_to_nick(AA_TYPE_PHASE, AA_PHASE_STAGE_END), ==, "stage-end");
    g_assert_cmpstr(lp_enum_to_nick(AA_TYPE_PHASE, AA_PHASE_PLAY), ==, "play");
    g_assert_cmpstr(lp_enum_to_nick(AA_TYPE_PHASE, AA_PHASE_OVER), ==, "over");
}

/* ---- save and resume ---- */

static void test_resume_same_game(void)
{
    GRand *pick = g_rand_new_with_seed(2026);
    for (guint round = 0; round < 40; round++) {
        guint n = 2 + round % 4;
        g_autoptr(GPtrArray) players = aa_test_players(n, round % 2 ? "HenHn" : "neHeH");
        g_autoptr(LpRng) rng = lp_rng_new(round * 7919 + 1);
        AaGame *a = aa_game_new(players, rng, NULL);
        g_autoptr(GPtrArray) la = listen(a);
        guint steps = g_rand_int_range(pick, 0, 400);
        for (guint i = 0; i < steps && lp_game_computer_step(LP_GAME(a), aa_ai_move); i++)
            ;
        g_autofree char *data = save_string(a);
        g_autoptr(GError) error = NULL;
        LpGame *b = lp_game_restore_from_data(AA_TYPE_GAME, data, -1, &error);
        g_assert_no_error(error);
        /* Save → load → save gives the same bytes. */
        g_autofree char *again = save_string(AA_GAME(b));
        g_assert_cmpstr(data, ==, again);
        guint mark = la->len;
        g_autoptr(GPtrArray) lb = listen(AA_GAME(b));
        lp_game_run_computers(LP_GAME(a), aa_ai_move);
        lp_game_run_computers(b, aa_ai_move);
        g_assert_cmpuint(la->len - mark, ==, lb->len);
        for (guint i = 0; i < lb->len; i++)
            g_assert_cmpstr(la->pdata[mark + i], ==, lb->pdata[i]);
        g_autofree char *end_a = save_string(a);
        g_autofree char *end_b = save_string(AA_GAME(b));
        /* The "saved" times differ; compare from the rng on. */
        g_assert_cmpstr(strstr(end_a, "\"rng\""), ==, strstr(end_b, "\"rng\""));
        g_assert_finalize_object(a);
        g_assert_finalize_object(b);
    }
    g_rand_free(pick);
}

typedef struct {
    const char *name;
    const char *member;
    const char *json;   /* the new value of member */
    int code;
    const char *message;
} Damage;

static void test_damaged_saves(void)
{
    AaTestTable t = {
        .n_players = 2,
        .hands = {"10 20 30 40 50 60 70 80 90 100", "10 20 30 40 50 60 70 80 90 100"},
    };
    static const Damage damages[] = {
        {"unknown phase", "phase", "\"sleeping\"", LP_SAVE_ERROR_BAD_VALUE, "phase"},
        {"stage 6", "stage", "6", LP_SAVE_ERROR_BAD_VALUE, "stage"},
        {"start seat 2", "start_seat", "2", LP_SAVE_ERROR_BAD_VALUE, "start_seat"},
        {"card id 109", "counter", "[109]", LP_SAVE_ERROR_UNKNOWN_CARD, "counter"},
        {"a card twice", "counter", "[0]", LP_SAVE_ERROR_RULES, "two places"},
        {"a card missing", "draw", "[]", LP_SAVE_ERROR_RULES, "missing"},
        {"rest in the counter", "counter", "[108]", LP_SAVE_ERROR_RULES, ""},
        {"one hand only", "hands", "[[]]", LP_SAVE_ERROR_RULES, "hands"},
        {"hand not a list", "routes", "[1, 2]", LP_SAVE_ERROR_BAD_VALUE, "routes"},
        {"scores too early", "scores", "[[10, 20]]", LP_SAVE_ERROR_RULES, "scored stages"},
        {"pile without owners", "pile_owners", "[0]", LP_SAVE_ERROR_RULES, "pile_owners"},
        {"extra outside +1", "extra_left", "[1, 0]", LP_SAVE_ERROR_RULES, "extra"},
        {"resolve with empty pile", "phase", "\"resolve\"", LP_SAVE_ERROR_RULES, "pile"},
        {"extra without action", "phase", "\"extra\"", LP_SAVE_ERROR_RULES, "+1/+2"},
        {"missing member", "draw", NULL, LP_SAVE_ERROR_MISSING_FIELD, "draw"},
        {"turned not an object", "turned", "[]", LP_SAVE_ERROR_BAD_VALUE, "turned"},
        {"turned by seat 2", "turned",
         "{\"stale\": true, \"cards\": [{\"card\": 0, \"owner\": 2, \"total\": 10, "
         "\"lost\": [-1, -1]}]}",
         LP_SAVE_ERROR_BAD_VALUE, "owner"},
        {"turned loss per seat", "turned",
         "{\"stale\": true, \"cards\": [{\"card\": 0, \"owner\": 1, \"total\": 10, "
         "\"lost\": [-1]}]}",
         LP_SAVE_ERROR_RULES, "lost"},
        {"turned three cards", "turned",
         "{\"stale\": true, \"cards\": [{}, {}, {}]}", LP_SAVE_ERROR_RULES, "turned"},
    };
    for (guint i = 0; i < G_N_ELEMENTS(damages); i++) {
        const Damage *d = &damages[i];
        g_test_message("%s", d->name);
        JsonNode *state = aa_test_state_from_table(&t);
        JsonObject *obj = json_node_get_object(state);
        if (d->json == NULL) {
            json_object_remove_member(obj, d->member);
        } else if (g_str_equal(d->name, "a card twice")) {
            /* Card 0 already lies somewhere (a hand or the draw pile): add it again. */
            json_object_set_member(obj, d->member, lp_json_parse(d->json, -1, NULL));
        } else if (g_str_equal(d->name, "a card missing")) {
            /* Drop the draw pile's cards: those are missing now. */
            json_object_set_member(obj, d->member, lp_json_parse(d->json, -1, NULL));
        } else {
            json_object_set_member(obj, d->member, lp_json_parse(d->json, -1, NULL));
        }
        g_autoptr(JsonNode) root = aa_test_envelope(2, NULL, state);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) game = lp_game_restore(AA_TYPE_GAME, root, &error);
        g_assert_null(game);
        g_assert_nonnull(error);
        g_test_message("  → %s", error->message);
        g_assert_true(error->domain == LP_SAVE_ERROR);
        g_assert_cmpint(error->code, ==, d->code);
        g_assert_nonnull(strstr(error->message, d->message));
    }
}

static void test_hard_beats_easy(void)
{
    guint hard = 0, games = 200;
    for (guint g = 0; g < games; g++) {
        g_autoptr(GPtrArray) players = aa_test_players(2, g % 2 ? "He" : "eH");
        g_autoptr(LpRng) rng = lp_rng_new(lp_rng_derive_seed(11, g));
        AaGame *game = aa_game_new(players, rng, NULL);
        lp_game_run_computers(LP_GAME(game), aa_ai_move);
        guint hard_seat = g % 2 ? 0 : 1;
        if (aa_game_get_total_score(game, hard_seat) > aa_game_get_total_score(game, 1 - hard_seat))
            hard++;
        g_assert_finalize_object(game);
    }
    g_test_message("hard won %u of %u against easy", hard, games);
    g_assert_cmpuint(hard, >, games * 3 / 4);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/aufachse/route/rulebook", test_route_rulebook);
    g_test_add_func("/aufachse/route/more", test_route_more);
    g_test_add_func("/aufachse/route/breaks", test_route_breaks);
    g_test_add_func("/aufachse/cards/faces", test_faces);
    g_test_add_func("/aufachse/table/goals", test_goals);
    g_test_add_func("/aufachse/table/deal", test_deal);
    g_test_add_func("/aufachse/table/resolution-order", test_resolution_order);
    g_test_add_func("/aufachse/table/goal-passed-only-during", test_goal_passed_only_during);
    g_test_add_func("/aufachse/table/goal-reached", test_goal_reached);
    g_test_add_func("/aufachse/table/minus50-below-zero", test_minus50_below_zero);
    g_test_add_func("/aufachse/table/obstacle", test_obstacle);
    g_test_add_func("/aufachse/table/reshuffle", test_reshuffle);
    g_test_add_func("/aufachse/table/plus2-short-hand", test_plus2_short_hand);
    g_test_add_func("/aufachse/table/illegal", test_illegal);
    g_test_add_func("/aufachse/save/turned-log", test_turned_log);
    g_test_add_func("/aufachse/table/five-stages", test_five_stages);
    g_test_add_func("/aufachse/turns/advance-takes-no-decision",
                    test_advance_takes_no_decision);
    g_test_add_func("/aufachse/turns/ai-move-plays-public-moves",
                    test_ai_move_plays_public_moves);
    g_test_add_func("/aufachse/table/phase-property", test_phase_property);
    g_test_add_func("/aufachse/save/resume-same-game", test_resume_same_game);
    g_test_add_func("/aufachse/save/damaged", test_damaged_saves);
    g_test_add_func("/aufachse/ai/hard-beats-easy", test_hard_beats_easy);
    return g_test_run();
}
