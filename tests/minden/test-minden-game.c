/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of Finden Sie Minden (RULES.md), one test per rule, plus save and restore. */
#include "lp-event-log.h"
#include "minden-ai.h"
#include "minden-game-private.h"
#include "minden-test-util.h"

/* Card indices in test_deck(). */
enum {
    HAMBURG, MUENCHEN, BERLIN, KOELN, MINDEN, BUXTEHUDE, GOERLITZ, PASSAU,
    BODENSEE, RUEGEN, HARZ, SYLT, KOELNER_DOM, BRANDENBURGER_TOR, NEUSCHWANSTEIN, WARTBURG,
};

/* Collects the "event" objects of a game as JSON lines. */
static void on_event(LpEventLog *events, JsonObject *event, GPtrArray *lines)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, event);
    g_ptr_array_add(lines, lp_json_to_string(node, FALSE));
}

static GPtrArray *record(MindenGame *game)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(on_event), lines);
    return lines;
}

/* Whether an onlooker may see where card lies; the points come with the answer. */
static gboolean solution_open(MindenGame *game, guint card)
{
    const MindenPoint *points = NULL;
    guint n = 99;
    gboolean open = minden_game_get_solutions(game, LP_VIEWER_ONLOOKER, card, &points, &n);
    g_assert_true(open ? points != NULL && n > 0 : points == NULL && n == 0);
    return open;
}

static void assert_lines(GPtrArray *lines, const char *const *expected)
{
    guint n = g_strv_length((char **) expected);
    for (guint i = 0; i < MIN(n, lines->len); i++)
        g_assert_cmpstr(lines->pdata[i], ==, expected[i]);
    g_assert_cmpuint(lines->len, ==, n);
}

static void test_deck_validation(void)
{
    static const struct {
        const char *json;
        const char *needle;
    } bad[] = {
        { "{\"version\":2,\"cards\":[]}", "version" },
        { "{\"version\":1}", "cards" },
        { "{\"version\":1,\"cards\":[{\"id\":\"y-a\",\"name_de\":\"A\",\"solutions\":"
          "[{\"lat\":50,\"lon\":8}]}]}", "colour" },
        { "{\"version\":1,\"cards\":[{\"id\":\"r-a\",\"colour\":\"yellow\",\"name_de\":\"A\","
          "\"solutions\":[{\"lat\":50,\"lon\":8}]}]}", "“y-”" },
        { "{\"version\":1,\"cards\":[{\"id\":\"y-a\",\"colour\":\"pink\",\"name_de\":\"A\","
          "\"solutions\":[{\"lat\":50,\"lon\":8}]}]}", "pink" },
        { "{\"version\":1,\"cards\":[{\"id\":\"y-a\",\"colour\":\"yellow\",\"name_de\":\"A\","
          "\"solutions\":[]}]}", "no solution" },
        { "{\"version\":1,\"cards\":[{\"id\":\"y-a\",\"colour\":\"yellow\",\"name_de\":\"A\","
          "\"solutions\":[{\"lat\":70,\"lon\":8}]}]}", "lat" },
        { "{\"version\":1,\"cards\":[{\"id\":\"y-a\",\"colour\":\"yellow\",\"name_de\":\"A\","
          "\"solutions\":[{\"lat\":50,\"lon\":8}]},{\"id\":\"y-a\",\"colour\":\"yellow\","
          "\"name_de\":\"B\",\"solutions\":[{\"lat\":50,\"lon\":8}]}]}", "twice" },
        { "{\"version\":1,\"cards\":[{\"id\":\"y-Ä\",\"colour\":\"yellow\",\"name_de\":\"A\","
          "\"solutions\":[{\"lat\":50,\"lon\":8}]}]}", "may only" },
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(JsonNode) root = lp_json_parse(bad[i].json, -1, &error);
        g_assert_no_error(error);
        g_autoptr(MindenDeck) deck = minden_deck_new_from_json(root, &error);
        g_assert_null(deck);
        g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA);
        if (strstr(error->message, bad[i].needle) == NULL)
            g_error("deck %u: “%s” does not mention “%s”", i, error->message, bad[i].needle);
    }

    g_autoptr(MindenDeck) deck = test_deck();
    g_assert_cmpuint(minden_deck_get_n_cards(deck), ==, 16);
    g_assert_cmpint(minden_deck_lookup(deck, "b-harz"), ==, HARZ);
    g_assert_cmpint(minden_deck_lookup(deck, "nope"), ==, -1);
    const MindenCard *c = minden_deck_get_card(deck, BERLIN);
    g_assert_cmpstr(c->name_en, ==, "Berlin"); /* falls back to name_de */
    g_assert_cmpuint(minden_deck_get_card(deck, BODENSEE)->n_solutions, ==, 3);
    g_assert_cmpstr(minden_deck_get_card(deck, KOELNER_DOM)->town_en, ==, "Cologne");
}

static void test_game_setup(void)
{
    g_autoptr(MindenDeck) deck = test_deck();
    const int ages[] = { 40, 8, 12 };
    g_autoptr(TestGame) game = test_new_game(deck, 3, ages, FALSE, FALSE, 1);

    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_CHOOSE);
    g_assert_cmpuint(minden_game_get_round(game), ==, 1);
    /* RULES.md: reveal as many cards as players; purple only in the variant. */
    g_assert_cmpuint(minden_game_get_offer(game)->len, ==, 3);
    g_assert_cmpuint(minden_game_get_draw_pile(game)->len, ==, 9);
    /* The youngest begins on the start field. */
    GArray *order = minden_game_get_order(game);
    g_assert_cmpuint(g_array_index(order, guint, 0), ==, 1);
    g_assert_cmpuint(g_array_index(order, guint, 1), ==, 2);
    g_assert_cmpuint(g_array_index(order, guint, 2), ==, 0);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 1);
    for (guint i = 0; i < 3; i++) {
        g_assert_cmpuint(minden_game_get_position(game, i), ==, 0);
        g_assert_cmpuint(minden_game_get_swaps_left(game, i), ==, 2);
    }

    g_autoptr(TestGame) pro = test_new_game(deck, 3, ages, FALSE, TRUE, 1);
    g_assert_cmpuint(minden_game_get_draw_pile(pro)->len, ==, 13);

    /* Unknown ages count as older than any known one, then seat order. */
    const int ages2[] = { LP_AGE_UNKNOWN, 30, LP_AGE_UNKNOWN };
    g_autoptr(TestGame) g2 = test_new_game(deck, 3, ages2, FALSE, FALSE, 1);
    order = minden_game_get_order(g2);
    g_assert_cmpuint(g_array_index(order, guint, 0), ==, 1);
    g_assert_cmpuint(g_array_index(order, guint, 1), ==, 0);
    g_assert_cmpuint(g_array_index(order, guint, 2), ==, 2);

    /* Too many players or a deck too small. */
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) six = test_players(5, NULL, FALSE);
    g_ptr_array_add(six, lp_player_new("Fritz", 9, "#000000", LP_PLAYER_HUMAN, LP_LEVEL_EASY));
    g_autoptr(LpRng) rng = lp_rng_new(1);
    g_assert_null(minden_game_new(six, rng, deck, FALSE, &error));
    g_assert_nonnull(error);
}

static void test_choose_and_swap(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_deck();
    const int ages[] = { 40, 8 };
    g_autoptr(TestGame) base = test_new_game(deck, 2, ages, FALSE, FALSE, 1);
    g_autoptr(TestGame) game = test_game_from_state(
        base,
        "{\"offer\":[\"y-hamburg\",\"r-minden\"],\"draw\":[\"b-harz\",\"b-sylt\"]}", &error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) log = record(game);
    g_autofree char *before = test_save(game);

    /* Not seat 0's turn: seat 1 is younger. */
    g_assert_false(minden_game_choose(game, 0, HAMBURG, FALSE, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
    g_clear_error(&error);
    g_assert_false(minden_game_choose(game, 1, BERLIN, FALSE, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    MindenTip tip = { 1, MINDEN_WEST, -1, -1, -1 };
    g_assert_false(minden_game_tip(game, 1, &tip, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    /* Issue 13: a sentence a person can read, not the phases' English nicks. */
    g_assert_cmpstr(error->message, ==, "No tip can be placed now.");
    g_clear_error(&error);
    g_assert_false(minden_game_advance(game, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_assert_cmpstr(error->message, ==, "There is nothing to score now.");
    g_clear_error(&error);
    g_autofree char *after = test_save(game);
    g_assert_cmpstr(before, ==, after);

    /* A swap: Hamburg goes to the box, the top of the draw pile (Sylt) comes instead. */
    g_assert_true(minden_game_choose(game, 1, HAMBURG, TRUE, &error));
    g_assert_no_error(error);
    g_assert_cmpint(minden_game_get_seat_card(game, 1), ==, SYLT);
    g_assert_cmpuint(minden_game_get_swaps_left(game, 1), ==, 1);
    g_assert_cmpuint(minden_game_get_box(game)->len, ==, 1);
    g_assert_false(solution_open(game, HAMBURG));
    /* The leader takes the last card. */
    g_assert_true(minden_game_choose(game, 0, MINDEN, FALSE, &error));
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_TIP);
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, -1);
    const char *const expected[] = {
        "{\"event\":\"choose\",\"player\":1,\"card\":\"y-hamburg\"}",
        "{\"event\":\"swap\",\"player\":1,\"card\":\"y-hamburg\",\"new_card\":\"b-sylt\"}",
        "{\"event\":\"choose\",\"player\":0,\"card\":\"r-minden\"}",
        NULL,
    };
    assert_lines(log, expected);

    /* No third swap token; no swap from an empty draw pile. */
    g_autoptr(TestGame) g2 = test_game_from_state(
        base,
        "{\"offer\":[\"y-hamburg\",\"r-minden\"],\"box\":[\"y-koeln\",\"y-berlin\"],"
        "\"seats\":[{\"position\":0,\"swaps_left\":2,\"card\":null,\"tip\":[],\"scored\":false,"
        "\"kept\":[]},{\"position\":0,\"swaps_left\":0,\"card\":null,\"tip\":[],"
        "\"scored\":false,\"kept\":[]}]}",
        &error);
    g_assert_no_error(error);
    g_assert_false(minden_game_choose(g2, 1, HAMBURG, TRUE, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_autoptr(TestGame) g3 = test_game_from_state(
        base,
        "{\"offer\":[\"y-hamburg\",\"r-minden\"],\"discard\":[\"y-koeln\",\"y-berlin\","
        "\"y-muenchen\",\"r-buxtehude\",\"r-goerlitz\",\"r-passau\",\"b-bodensee\","
        "\"b-ruegen\",\"b-harz\",\"b-sylt\"]}",
        &error);
    g_assert_no_error(error);
    g_assert_cmpuint(minden_game_get_draw_pile(g3)->len, ==, 0);
    g_assert_false(minden_game_choose(g3, 1, HAMBURG, TRUE, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_true(minden_game_choose(g3, 1, HAMBURG, FALSE, &error));
}

static const char *seat_json(guint position, const char *card, const char *tip, gboolean scored,
                             const char *kept)
{
    return g_strdup_printf("{\"position\":%u,\"swaps_left\":2,\"card\":%s,\"tip\":[%s],"
                           "\"scored\":%s,\"kept\":[%s]}",
                           position, card, tip, scored ? "true" : "false", kept);
}

static void test_choose_order(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_deck();
    const int ages[] = { 40, 8, 12 };
    g_autoptr(TestGame) base = test_new_game(deck, 3, ages, FALSE, FALSE, 1);
    g_autofree char *s0 = (char *) seat_json(5, "null", "", FALSE, "");
    g_autofree char *s1 = (char *) seat_json(2, "null", "", FALSE, "");
    g_autofree char *s2 = (char *) seat_json(0, "null", "", FALSE, "");
    g_autofree char *st = g_strdup_printf(
        "{\"round\":4,\"offer\":[\"y-hamburg\",\"r-minden\",\"b-harz\"],\"draw\":[\"b-sylt\","
        "\"y-berlin\",\"r-passau\"],\"order\":[2,1,0],\"seats\":[%s,%s,%s]}",
        s0, s1, s2);
    g_autoptr(TestGame) game = test_game_from_state(base, st, &error);
    g_assert_no_error(error);
    /* Back to front: seat 2 (field 0), seat 1 (field 2), the leader seat 0 last. */
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 2);
    g_assert_true(minden_game_choose(game, 2, HARZ, FALSE, &error));
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 1);
    g_assert_true(minden_game_choose(game, 1, HAMBURG, FALSE, &error));
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 0);
    g_assert_true(minden_game_choose(game, 0, MINDEN, FALSE, &error));
    g_assert_no_error(error);

    /* The same order is computed when a round starts: play it through. */
    MindenTip w = { 1, MINDEN_WEST, -1, -1, -1 };
    MindenTip e = { 1, MINDEN_EAST, -1, -1, -1 };
    g_assert_true(minden_game_tip(game, 0, &w, &error)); /* Minden: right, 1 field */
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, -1);
    g_assert_true(minden_game_tip(game, 1, &w, &error)); /* Hamburg: right */
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 2);
    g_assert_true(minden_game_tip(game, 2, &w, &error)); /* Harz: wrong (O) */
    g_assert_no_error(error);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_SCORE);
    (void) e;
    for (int i = 0; i < 4; i++)
        g_assert_true(minden_game_advance(game, &error));
    g_assert_cmpuint(minden_game_get_position(game, 0), ==, 6);
    g_assert_cmpuint(minden_game_get_position(game, 1), ==, 3);
    g_assert_cmpuint(minden_game_get_position(game, 2), ==, 0);
    g_assert_cmpuint(minden_game_get_round(game), ==, 5);
    GArray *order = minden_game_get_order(game);
    g_assert_cmpuint(g_array_index(order, guint, 0), ==, 2);
    g_assert_cmpuint(g_array_index(order, guint, 1), ==, 1);
    g_assert_cmpuint(g_array_index(order, guint, 2), ==, 0);
}

/* A 2-player game in its scoring phase: seat 0 tips card with stones, seat 1 tips Köln "O". */
static MindenGame *scoring_game(MindenDeck *deck, const char *card, const char *stones,
                                guint position0)
{
    g_autoptr(GError) error = NULL;
    const int ages[] = { 8, 40 };
    g_autoptr(TestGame) base = test_new_game(deck, 2, ages, FALSE, TRUE, 1);
    g_autofree char *c0 = g_strdup_printf("\"%s\"", card);
    g_autofree char *s0 = (char *) seat_json(position0, c0, stones, FALSE, "");
    g_autofree char *s1 = (char *) seat_json(20, "\"y-koeln\"", "\"O\"", FALSE, "");
    g_autofree char *st = g_strdup_printf(
        "{\"phase\":\"score\",\"offer\":[],\"order\":[0,1],\"order_done\":0,\"seats\":[%s,%s]}",
        s0, s1);
    MindenGame *game = test_game_from_state(base, st, &error);
    g_assert_no_error(error);
    return game;
}

typedef struct {
    guint seat, card, from, to;
    gboolean right, kept;
    guint count;
} Scored;

static void on_scored(MindenGame *game, guint seat, guint card, gboolean right, guint from,
                      guint to, gboolean kept, Scored *out)
{
    if (out->count++ == 0) {
        *out = (Scored) { seat, card, from, to, right, kept, 1 };
        /* The tip is still readable while handlers run. */
        g_assert_true(minden_game_has_tipped(game, seat));
    }
}

static void assert_scoring(MindenDeck *deck, const char *card, const char *stones,
                           gboolean right, gboolean kept)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(TestGame) game = scoring_game(deck, card, stones, 0);
    Scored s = { 0 };
    MindenTip tip;
    g_signal_connect(game, "scored", G_CALLBACK(on_scored), &s);
    /* Tips are visible to everybody at scoring. */
    g_assert_true(minden_game_get_tip(game, 1, 0, &tip));
    MindenTip onlooker;
    g_assert_true(minden_game_get_tip(game, LP_VIEWER_ONLOOKER, 0, &onlooker));
    g_assert_true(minden_tip_equal(&tip, &onlooker));
    g_assert_false(solution_open(game, (guint) minden_deck_lookup(deck, card)));
    g_assert_true(minden_game_advance(game, &error));
    g_assert_no_error(error);
    if (s.right != right || s.kept != kept)
        g_error("%s with [%s]: right %d kept %d, expected %d %d", card, stones, s.right, s.kept,
                right, kept);
    g_assert_cmpuint(s.from, ==, 0);
    g_assert_cmpuint(s.to, ==, right ? (guint) tip.n_stones : 0);
    g_assert_cmpuint(minden_game_get_position(game, 0), ==, s.to);
    guint id = (guint) minden_deck_lookup(deck, card);
    g_assert_true(solution_open(game, id));
    GArray *kept_cards = minden_game_get_kept(game, 0);
    g_assert_cmpuint(kept_cards->len, ==, kept ? 1 : 0);
    GArray *discard = minden_game_get_discard_pile(game);
    g_assert_cmpuint(discard->len, ==, kept ? 0 : 1);
}

static void test_tips_each_precision(void)
{
    g_autoptr(MindenDeck) deck = test_deck();

    /* Hamburg is W,N,10,B. */
    assert_scoring(deck, "y-hamburg", "\"W\"", TRUE, FALSE);
    assert_scoring(deck, "y-hamburg", "\"O\"", FALSE, FALSE);
    assert_scoring(deck, "y-hamburg", "\"W\",\"N\"", TRUE, FALSE);
    assert_scoring(deck, "y-hamburg", "\"W\",\"M\"", FALSE, FALSE);
    assert_scoring(deck, "y-hamburg", "\"W\",\"N\",\"10\"", TRUE, FALSE);
    assert_scoring(deck, "y-hamburg", "\"W\",\"N\",\"9\"", FALSE, FALSE);
    assert_scoring(deck, "y-hamburg", "\"W\",\"N\",\"10\",\"B\"", TRUE, TRUE);
    assert_scoring(deck, "y-hamburg", "\"W\",\"N\",\"10\",\"A\"", FALSE, FALSE);
    /* One wrong stone spoils a tip, however many are right. */
    assert_scoring(deck, "y-hamburg", "\"O\",\"N\",\"10\",\"B\"", FALSE, FALSE);
}

static void test_keeping_by_colour(void)
{
    g_autoptr(MindenDeck) deck = test_deck();

    /* Red needs 3 right stones: Minden is W,N,14,D. */
    assert_scoring(deck, "r-minden", "\"W\",\"N\",\"14\"", TRUE, TRUE);
    assert_scoring(deck, "r-minden", "\"W\",\"N\",\"14\",\"D\"", TRUE, TRUE);
    assert_scoring(deck, "r-minden", "\"W\",\"N\"", TRUE, FALSE);
    assert_scoring(deck, "r-minden", "\"W\",\"N\",\"14\",\"C\"", FALSE, FALSE);
    /* Blue needs 2: Rügen is O,N,4,C. */
    assert_scoring(deck, "b-ruegen", "\"O\",\"N\"", TRUE, TRUE);
    assert_scoring(deck, "b-ruegen", "\"O\"", TRUE, FALSE);
    /* Purple needs 2: the Wartburg is O,M,6,A. */
    assert_scoring(deck, "p-wartburg", "\"O\",\"M\"", TRUE, TRUE);
    assert_scoring(deck, "p-wartburg", "\"O\",\"M\",\"6\",\"A\"", TRUE, TRUE);
    assert_scoring(deck, "p-wartburg", "\"O\",\"M\",\"6\",\"B\"", FALSE, FALSE);
    assert_scoring(deck, "p-wartburg", "\"O\"", TRUE, FALSE);
    /* Yellow needs all 4. */
    assert_scoring(deck, "y-muenchen", "\"O\",\"S\",\"7\"", TRUE, FALSE);
    assert_scoring(deck, "y-muenchen", "\"O\",\"S\",\"7\",\"D\"", TRUE, TRUE);
}

static void test_several_solutions(void)
{
    g_autoptr(MindenDeck) deck = test_deck();

    /* Bodensee: W,S,15,A (two points) and W,S,15,B. */
    assert_scoring(deck, "b-bodensee", "\"W\",\"S\",\"15\",\"A\"", TRUE, TRUE);
    assert_scoring(deck, "b-bodensee", "\"W\",\"S\",\"15\",\"B\"", TRUE, TRUE);
    assert_scoring(deck, "b-bodensee", "\"W\",\"S\",\"15\",\"C\"", FALSE, FALSE);
    assert_scoring(deck, "b-bodensee", "\"W\",\"S\",\"14\"", FALSE, FALSE);
    /* Harz: O,M,1,B and O,M,2,A. */
    assert_scoring(deck, "b-harz", "\"O\",\"M\",\"1\",\"B\"", TRUE, TRUE);
    assert_scoring(deck, "b-harz", "\"O\",\"M\",\"2\"", TRUE, TRUE);
    assert_scoring(deck, "b-harz", "\"O\",\"M\",\"1\",\"A\"", FALSE, FALSE);
    assert_scoring(deck, "b-harz", "\"W\"", FALSE, FALSE);
}

static MindenGame *track_game(MindenDeck *deck, guint n, const guint *positions)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(TestGame) base = test_new_game(deck, n, NULL, FALSE, FALSE, 1);
    g_autoptr(GString) seats = g_string_new(NULL);
    for (guint i = 0; i < n; i++) {
        g_autofree char *s = (char *) seat_json(positions[i], "null", "", FALSE, "");
        g_string_append_printf(seats, "%s%s", i ? "," : "", s);
    }
    g_autofree char *st = g_strdup_printf("{\"seats\":[%s]}", seats->str);
    MindenGame *game = test_game_from_state(base, st, &error);
    g_assert_no_error(error);
    return game;
}

static void test_skip_rule(void)
{
    g_autoptr(MindenDeck) deck = test_deck();

    /* Several figures in a row are skipped and not counted. */
    const guint row[] = { 4, 5, 6, 7, 9 };
    g_autoptr(TestGame) g1 = track_game(deck, 5, row);
    g_assert_cmpuint(minden_game_preview_move(g1, 0, 1), ==, 8);
    g_assert_cmpuint(minden_game_preview_move(g1, 0, 2), ==, 10);
    g_assert_cmpuint(minden_game_preview_move(g1, 0, 3), ==, 11);
    g_assert_cmpuint(minden_game_preview_move(g1, 0, 4), ==, 12);
    g_assert_cmpuint(minden_game_preview_move(g1, 3, 1), ==, 8);
    g_assert_cmpuint(minden_game_preview_move(g1, 3, 2), ==, 10);
    g_assert_cmpuint(minden_game_preview_move(g1, 1, 1), ==, 8);

    /* RULES.md (second version): the track goes on past field 40 and the skip rule holds
     * there too, so no two figures end on one field. */
    const guint end[] = { 37, 38, 39, 40 };
    g_autoptr(TestGame) g2 = track_game(deck, 4, end);
    g_assert_cmpuint(minden_game_preview_move(g2, 0, 1), ==, 41);
    g_assert_cmpuint(minden_game_preview_move(g2, 0, 4), ==, 44);
    g_assert_cmpuint(minden_game_preview_move(g2, 2, 3), ==, 43);
    g_assert_cmpuint(minden_game_preview_move(g2, 3, 4), ==, 44);
    const guint far[] = { 41, 42, 44, 45 };
    g_autoptr(TestGame) g4 = track_game(deck, 4, far);
    g_assert_cmpuint(minden_game_preview_move(g4, 0, 1), ==, 43);
    g_assert_cmpuint(minden_game_preview_move(g4, 0, 2), ==, 46);
    g_assert_cmpuint(minden_game_preview_move(g4, 1, 4), ==, 48);

    /* The start field: several figures, and moving from it skips the others' fields. */
    const guint start[] = { 0, 0, 1 };
    g_autoptr(TestGame) g3 = track_game(deck, 3, start);
    g_assert_cmpuint(minden_game_preview_move(g3, 0, 1), ==, 2);
    g_assert_cmpuint(minden_game_preview_move(g3, 1, 2), ==, 3);
}

static void test_scoring_order_fixed(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_deck();
    const int ages[] = { 30, 20, 10 };
    g_autoptr(TestGame) base = test_new_game(deck, 3, ages, FALSE, FALSE, 1);
    g_autoptr(TestGame) game = test_game_from_state(
        base,
        "{\"phase\":\"tip\",\"offer\":[],\"order\":[],\"seats\":["
        "{\"position\":3,\"swaps_left\":2,\"card\":\"y-hamburg\",\"tip\":[],\"scored\":false,"
        "\"kept\":[]},"
        "{\"position\":0,\"swaps_left\":2,\"card\":\"y-muenchen\",\"tip\":[],\"scored\":false,"
        "\"kept\":[]},"
        "{\"position\":0,\"swaps_left\":2,\"card\":\"y-berlin\",\"tip\":[],\"scored\":false,"
        "\"kept\":[]}]}",
        &error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) log = record(game);
    MindenTip ham = { 4, MINDEN_WEST, MINDEN_NORTH, 10, MINDEN_SECTION_B };
    MindenTip muc = { 4, MINDEN_EAST, MINDEN_SOUTH, 7, MINDEN_SECTION_D };
    MindenTip ber = { 3, MINDEN_EAST, MINDEN_NORTH, 14, -1 };
    /* Tips are secret from the others until scoring; the tipping seat sees its own. */
    g_assert_true(minden_game_tip(game, 1, &muc, &error));
    MindenTip seen;
    g_assert_true(minden_game_get_tip(game, 1, 1, &seen));
    g_assert_true(minden_tip_equal(&seen, &muc));
    g_assert_false(minden_game_get_tip(game, 0, 1, &seen));
    g_assert_cmpint(seen.n_stones, ==, 0);
    g_assert_false(minden_game_get_tip(game, LP_VIEWER_ONLOOKER, 1, &seen));
    g_assert_cmpint(seen.n_stones, ==, 0);
    /* A seat that has not tipped shows nothing, even to itself. */
    g_assert_true(minden_game_get_tip(game, 0, 0, &seen));
    g_assert_cmpint(seen.n_stones, ==, 0);
    g_assert_false(minden_game_tip(game, 1, &muc, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
    g_clear_error(&error);
    MindenTip bad = { 2, MINDEN_EAST, -1, 3, -1 };
    g_assert_false(minden_game_tip(game, 2, &bad, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error(&error);
    g_assert_true(minden_game_tip(game, 2, &ber, &error));
    g_assert_true(minden_game_tip(game, 0, &ham, &error));
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_SCORE);
    g_assert_true(minden_game_get_tip(game, 0, 1, &seen));
    g_assert_true(minden_tip_equal(&seen, &muc));

    /* Order: seat 2 (field 0, youngest), seat 1 (field 0), seat 0 (field 3); seat 2 jumps
     * past seat 0 but the order stays as it was when scoring began. */
    for (int i = 0; i < 3; i++)
        g_assert_true(minden_game_advance(game, &error));
    const char *const expected[] = {
        "{\"event\":\"tip\",\"player\":1,\"card\":\"y-muenchen\",\"stones\":[\"O\",\"S\",\"7\","
        "\"D\"]}",
        "{\"event\":\"tip\",\"player\":2,\"card\":\"y-berlin\",\"stones\":[\"O\",\"N\",\"14\"]}",
        "{\"event\":\"tip\",\"player\":0,\"card\":\"y-hamburg\",\"stones\":[\"W\",\"N\",\"10\","
        "\"B\"]}",
        "{\"event\":\"score\",\"player\":2,\"card\":\"y-berlin\",\"right\":true,\"from\":0,"
        "\"to\":4,\"kept\":false}",
        "{\"event\":\"score\",\"player\":1,\"card\":\"y-muenchen\",\"right\":true,\"from\":0,"
        "\"to\":6,\"kept\":true}",
        "{\"event\":\"score\",\"player\":0,\"card\":\"y-hamburg\",\"right\":true,\"from\":3,"
        "\"to\":9,\"kept\":true}",
    };
    g_assert_cmpuint(log->len, >=, G_N_ELEMENTS(expected));
    for (guint i = 0; i < G_N_ELEMENTS(expected); i++)
        g_assert_cmpstr(log->pdata[i], ==, expected[i]);
    /* The next round waits for its reveal. */
    g_assert_cmpuint(log->len, ==, G_N_ELEMENTS(expected));
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_REVEAL);
    g_assert_true(minden_game_advance(game, &error));
    g_assert_true(g_str_has_prefix(log->pdata[G_N_ELEMENTS(expected)],
                                   "{\"event\":\"reveal\",\"round\":2,"));
}

static void test_end_by_track(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_deck();
    g_autoptr(TestGame) game = scoring_game(deck, "y-hamburg",
                                              "\"W\",\"N\",\"10\",\"B\"", 38);
    /* Seat 0 passes 40 (the track goes on: 42); seat 1 is still scored in this round, then
     * the final scoring. */
    g_assert_true(minden_game_advance(game, &error));
    g_assert_cmpuint(minden_game_get_position(game, 0), ==, 42);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_SCORE);
    g_assert_true(minden_game_advance(game, &error));
    g_assert_cmpuint(minden_game_get_position(game, 1), ==, 20); /* Köln is W: wrong */
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_FINAL);
    g_assert_false(lp_game_is_over(LP_GAME(game)));
    /* Yellow majority (Hamburg kept), red, blue, purple (variant on), sets. */
    g_autoptr(GPtrArray) log = record(game);
    guint steps = 0;
    while (!lp_game_is_over(LP_GAME(game))) {
        g_assert_true(minden_game_advance(game, &error));
        steps++;
    }
    g_assert_cmpuint(steps, ==, 5);
    const char *const expected[] = {
        "{\"event\":\"final\",\"player\":0,\"reason\":\"majority-yellow\",\"from\":42,"
        "\"to\":45}",
        "{\"event\":\"game_over\",\"positions\":[45,20],\"winners\":[0]}",
        NULL,
    };
    assert_lines(log, expected);
    g_assert_false(minden_game_advance(game, &error));
    g_clear_error(&error);
    g_assert_false(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(game));
    g_autofree char *rs = lp_json_to_string(result, FALSE);
    g_assert_nonnull(strstr(rs, "\"winners\":[0]"));
}

static void test_end_by_draw_pile(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_deck();
    const int ages[] = { 8, 40 };
    g_autoptr(TestGame) base = test_new_game(deck, 2, ages, FALSE, FALSE, 1);
    /* One card left in the draw pile: the next round cannot be supplied. */
    g_autoptr(TestGame) game = test_game_from_state(
        base,
        "{\"phase\":\"score\",\"offer\":[],\"order\":[0,1],\"order_done\":0,"
        "\"discard\":[\"y-muenchen\",\"y-berlin\",\"r-buxtehude\",\"r-goerlitz\","
        "\"r-passau\",\"b-bodensee\",\"b-ruegen\",\"b-harz\"],\"seats\":["
        "{\"position\":3,\"swaps_left\":2,\"card\":\"y-hamburg\",\"tip\":[\"W\"],"
        "\"scored\":false,\"kept\":[]},"
        "{\"position\":5,\"swaps_left\":2,\"card\":\"y-koeln\",\"tip\":[\"W\"],"
        "\"scored\":false,\"kept\":[\"r-minden\"]}]}",
        &error);
    g_assert_no_error(error);
    g_assert_cmpuint(minden_game_get_draw_pile(game)->len, ==, 1);
    g_assert_true(minden_game_advance(game, &error));
    g_assert_true(minden_game_advance(game, &error));
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_FINAL);
    /* With two cards left, a new round begins instead. */
    g_autoptr(TestGame) g2 = test_game_from_state(
        base,
        "{\"phase\":\"score\",\"offer\":[],\"order\":[0,1],\"order_done\":0,"
        "\"discard\":[\"y-muenchen\",\"y-berlin\",\"r-buxtehude\",\"r-goerlitz\","
        "\"r-passau\",\"b-bodensee\",\"b-ruegen\"],\"seats\":["
        "{\"position\":3,\"swaps_left\":2,\"card\":\"y-hamburg\",\"tip\":[\"W\"],"
        "\"scored\":false,\"kept\":[]},"
        "{\"position\":5,\"swaps_left\":2,\"card\":\"y-koeln\",\"tip\":[\"W\"],"
        "\"scored\":false,\"kept\":[\"r-minden\"]}]}",
        &error);
    g_assert_no_error(error);
    g_assert_true(minden_game_advance(g2, &error));
    g_assert_true(minden_game_advance(g2, &error));
    g_assert_cmpint(minden_game_get_phase(g2), ==, MINDEN_PHASE_REVEAL);
    g_assert_true(minden_game_advance(g2, &error));
    g_assert_cmpint(minden_game_get_phase(g2), ==, MINDEN_PHASE_CHOOSE);
    g_assert_cmpuint(minden_game_get_draw_pile(g2)->len, ==, 0);
}

/* A game at the start of the final scoring; kept[i] lists seat i's card ids. */
static MindenGame *final_game(MindenDeck *deck, guint n, gboolean purple, const guint *positions,
                              const char *const *kept)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(TestGame) base = test_new_game(deck, n, NULL, FALSE, purple, 1);
    g_autoptr(GString) seats = g_string_new(NULL);
    for (guint i = 0; i < n; i++) {
        g_autofree char *s = (char *) seat_json(positions[i], "null", "", FALSE, kept[i]);
        g_string_append_printf(seats, "%s%s", i ? "," : "", s);
    }
    g_autofree char *st = g_strdup_printf(
        "{\"phase\":\"final\",\"offer\":[],\"order\":[],\"order_done\":0,\"seats\":[%s]}",
        seats->str);
    MindenGame *game = test_game_from_state(base, st, &error);
    g_assert_no_error(error);
    return game;
}

/* Runs one final step and returns its "final" events joined by newlines. */
static char *final_step(MindenGame *game)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) log = record(game);
    g_assert_true(minden_game_advance(game, &error));
    g_assert_no_error(error);
    g_signal_handlers_disconnect_by_data(lp_event_log_attach(LP_GAME(game)), log);
    g_ptr_array_add(log, NULL);
    return g_strjoinv("\n", (char **) log->pdata);
}

#define Y(i) "\"y-place-" #i "\""
#define R(i) "\"r-place-" #i "\""
#define B(i) "\"b-place-" #i "\""
#define P(i) "\"p-place-" #i "\""

static void test_majorities(void)
{
    g_autoptr(MindenDeck) deck = test_big_deck(12, 5);

    /* Sole first 3, sole second 2; a seat without yellow takes no part. */
    {
        const guint pos[] = { 10, 20, 30 };
        const char *const kept[] = { Y(0) "," Y(1), Y(2), "" };
        g_autoptr(TestGame) g = final_game(deck, 3, FALSE, pos, kept);
        g_autofree char *s = final_step(g);
        g_assert_cmpstr(s, ==,
                        "{\"event\":\"final\",\"player\":0,\"reason\":\"majority-yellow\","
                        "\"from\":10,\"to\":13}\n"
                        "{\"event\":\"final\",\"player\":1,\"reason\":\"majority-yellow\","
                        "\"from\":20,\"to\":22}");
        /* Red and blue: nobody holds any, nobody moves. */
        g_autofree char *r = final_step(g);
        g_assert_cmpstr(r, ==, "");
        g_assert_cmpint(minden_game_get_final_step(g), ==, MINDEN_FINAL_MAJORITY_BLUE);
        g_autofree char *b = final_step(g);
        g_assert_cmpstr(b, ==, "");
        /* No purple step without the variant. */
        g_assert_cmpint(minden_game_get_final_step(g), ==, MINDEN_FINAL_SETS);
    }
    /* Several tied first get 2 each and there is no second. */
    {
        const guint pos[] = { 10, 20, 30 };
        const char *const kept[] = { Y(0) "," Y(1), Y(2) "," Y(3), Y(4) };
        g_autoptr(TestGame) g = final_game(deck, 3, FALSE, pos, kept);
        g_autofree char *s = final_step(g);
        g_assert_cmpstr(s, ==,
                        "{\"event\":\"final\",\"player\":0,\"reason\":\"majority-yellow\","
                        "\"from\":10,\"to\":12}\n"
                        "{\"event\":\"final\",\"player\":1,\"reason\":\"majority-yellow\","
                        "\"from\":20,\"to\":22}");
    }
    /* A sole first with several tied second: the seconds get 1 each; processed back to
     * front (seat 3 is furthest back). */
    {
        const guint pos[] = { 10, 20, 30, 5 };
        const char *const kept[] = { Y(0) "," Y(1) "," Y(2), Y(3), Y(4), Y(5) };
        g_autoptr(TestGame) g = final_game(deck, 4, FALSE, pos, kept);
        g_autofree char *s = final_step(g);
        g_assert_cmpstr(s, ==,
                        "{\"event\":\"final\",\"player\":3,\"reason\":\"majority-yellow\","
                        "\"from\":5,\"to\":6}\n"
                        "{\"event\":\"final\",\"player\":0,\"reason\":\"majority-yellow\","
                        "\"from\":10,\"to\":13}\n"
                        "{\"event\":\"final\",\"player\":1,\"reason\":\"majority-yellow\","
                        "\"from\":20,\"to\":21}\n"
                        "{\"event\":\"final\",\"player\":2,\"reason\":\"majority-yellow\","
                        "\"from\":30,\"to\":31}");
    }
    /* Only one holder: a sole first, no second. Moves use the skip rule. */
    {
        const guint pos[] = { 10, 11, 12 };
        const char *const kept[] = { "", R(0), "" };
        g_autoptr(TestGame) g = final_game(deck, 3, FALSE, pos, kept);
        g_autofree char *y = final_step(g);
        g_assert_cmpstr(y, ==, "");
        g_autofree char *r = final_step(g);
        g_assert_cmpstr(r, ==,
                        "{\"event\":\"final\",\"player\":1,\"reason\":\"majority-red\","
                        "\"from\":11,\"to\":15}");
    }
    /* Purple majority in the variant, and all tied first. */
    {
        const guint pos[] = { 1, 2 };
        const char *const kept[] = { P(0), P(1) };
        g_autoptr(TestGame) g = final_game(deck, 2, TRUE, pos, kept);
        for (int i = 0; i < 3; i++) {
            g_autofree char *e = final_step(g);
            g_assert_cmpstr(e, ==, "");
        }
        g_autofree char *p = final_step(g);
        g_assert_cmpstr(p, ==,
                        "{\"event\":\"final\",\"player\":0,\"reason\":\"majority-purple\","
                        "\"from\":1,\"to\":4}\n"
                        "{\"event\":\"final\",\"player\":1,\"reason\":\"majority-purple\","
                        "\"from\":2,\"to\":5}");
    }
}

static void test_sets(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_big_deck(12, 5);

    /* Two sets and a half for seat 0, one for seat 1; majorities first. */
    const guint pos[] = { 20, 10 };
    const char *const kept[] = {
        Y(0) "," Y(1) "," R(0) "," R(1) "," R(2) "," B(0) "," B(1),
        Y(2) "," R(3) "," B(2) "," B(3) "," B(4),
    };
    g_autoptr(TestGame) g = final_game(deck, 2, FALSE, pos, kept);
    for (int i = 0; i < 3; i++) {
        g_autofree char *m = final_step(g);
        (void) m;
    }
    /* After majorities: yellow seat0 +3 (20→23), seat1 +2 (10→12); red seat0 +3 (→26),
     * seat1 +2 (→14); blue seat1 +3 (→17), seat0 +2 (→28). */
    g_assert_cmpuint(minden_game_get_position(g, 0), ==, 28);
    g_assert_cmpuint(minden_game_get_position(g, 1), ==, 17);
    g_autofree char *s = final_step(g);
    g_assert_cmpstr(s, ==,
                    "{\"event\":\"final\",\"player\":1,\"reason\":\"set\",\"from\":17,\"to\":20}\n"
                    "{\"event\":\"final\",\"player\":0,\"reason\":\"set\",\"from\":28,\"to\":31}\n"
                    "{\"event\":\"final\",\"player\":0,\"reason\":\"set\",\"from\":31,\"to\":34}\n"
                    "{\"event\":\"game_over\",\"positions\":[34,20],\"winners\":[0]}");
    /* Given-up cards leave the seats; the rest stays. */
    g_assert_cmpuint(minden_game_get_kept(g, 0)->len, ==, 1);
    g_assert_cmpuint(minden_game_get_kept(g, 1)->len, ==, 2);
    g_assert_true(lp_game_is_over(LP_GAME(g)));
    g_assert_false(minden_game_advance(g, &error));
    g_clear_error(&error);

    /* With purple in play a set needs all four colours. */
    const guint pos2[] = { 0, 1 };
    const char *const kept2[] = { Y(0) "," R(0) "," B(0), Y(1) "," R(1) "," B(1) "," P(0) };
    g_autoptr(TestGame) g2 = final_game(deck, 2, TRUE, pos2, kept2);
    for (int i = 0; i < 4; i++) {
        g_autofree char *m = final_step(g2);
        (void) m;
    }
    g_autofree char *s2 = final_step(g2);
    g_assert_true(strstr(s2, "\"player\":1,\"reason\":\"set\"") != NULL);
    g_assert_true(strstr(s2, "\"player\":0,\"reason\":\"set\"") == NULL);

    /* Only figures that never left the start field can tie. */
    const guint pos3[] = { 0, 0, 0 };
    const char *const kept3[] = { "", "", "" };
    g_autoptr(TestGame) g3 = final_game(deck, 3, FALSE, pos3, kept3);
    while (!lp_game_is_over(LP_GAME(g3)))
        g_assert_true(minden_game_advance(g3, &error));
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(g3));
    g_autofree char *rs = lp_json_to_string(result, FALSE);
    g_assert_nonnull(strstr(rs, "\"winners\":[0,1,2]"));

    /* Tied majorities move both figures, but never onto one field: one winner. */
    const guint pos4[] = { 40, 39 };
    const char *const kept4[] = { Y(0), Y(1) };
    g_autoptr(TestGame) g4 = final_game(deck, 2, FALSE, pos4, kept4);
    g_autofree char *s4 = final_step(g4);
    g_assert_nonnull(strstr(s4, "\"player\":1,\"reason\":\"majority-yellow\",\"from\":39,\"to\":42"));
    g_assert_nonnull(strstr(s4, "\"player\":0,\"reason\":\"majority-yellow\",\"from\":40,\"to\":43"));
    while (!lp_game_is_over(LP_GAME(g4)))
        g_assert_true(minden_game_advance(g4, &error));
    g_autoptr(JsonNode) result4 = lp_game_result(LP_GAME(g4));
    g_autofree char *rs4 = lp_json_to_string(result4, FALSE);
    g_assert_nonnull(strstr(rs4, "\"winners\":[0]"));
}

/* RULES.md, second version: saves hold fields past 40, and saves from the first version (two
 * figures stopped on field 40) still load and play on with the skip rule everywhere. */
static void test_save_past_40(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_big_deck(12, 5);

    const guint past[] = { 47, 12 };
    const char *const none[] = { "", "" };
    g_autoptr(TestGame) g1 = final_game(deck, 2, FALSE, past, none);
    g_assert_cmpuint(minden_game_get_position(g1, 0), ==, 47);

    const guint old[] = { 40, 40 };
    const char *const kept[] = { Y(0), "" };
    g_autoptr(TestGame) g2 = final_game(deck, 2, FALSE, old, kept);
    g_assert_cmpuint(minden_game_get_position(g2, 1), ==, 40);
    while (!lp_game_is_over(LP_GAME(g2)))
        g_assert_true(minden_game_advance(g2, &error));
    g_assert_cmpuint(minden_game_get_position(g2, 0), ==, 43);
    g_autoptr(JsonNode) result = lp_game_result(LP_GAME(g2));
    g_autofree char *rs = lp_json_to_string(result, FALSE);
    g_assert_nonnull(strstr(rs, "\"winners\":[0]"));
}

/* Issue 12: the board's reference cities are no cards of a new game, yet saves from before
 * (dealt with every card, the track stopping at 40) load with the shipped deck and play on. */
static void test_board_cities(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = minden_deck_new_default(&error);
    g_assert_no_error(error);
    minden_deck_set_default(deck);

    guint on_board = 0;
    for (guint i = 0; i < minden_deck_get_n_cards(deck); i++)
        on_board += minden_deck_get_card(deck, i)->on_board;
    g_assert_cmpuint(on_board, >=, 10);
    g_assert_true(minden_deck_get_card(deck, minden_deck_lookup(deck, "y-berlin"))->on_board);
    g_autoptr(TestGame) fresh = test_new_game(deck, 3, NULL, TRUE, TRUE, 5);
    GArray *draw = minden_game_get_draw_pile(fresh);
    for (guint i = 0; i < draw->len; i++)
        g_assert_false(minden_deck_get_card(deck, g_array_index(draw, guint, i))->on_board);
    g_autoptr(TestGame) again = test_roundtrip(fresh);
    g_assert_cmpuint(minden_game_get_draw_pile(again)->len, ==, draw->len);

    static const char *const old[] = { "minden-2p-seed1-100-choose.json",
                                       "minden-5p-seed2-option-259-final-majority-purple.json" };
    for (guint k = 0; k < G_N_ELEMENTS(old); k++) {
        g_autofree char *path = g_build_filename(MINDEN_OLD_SAVES, old[k], NULL);
        g_autofree char *text = NULL;
        gsize len;
        g_assert_true(g_file_get_contents(path, &text, &len, NULL));
        g_assert_nonnull(strstr(text, "y-berlin"));
        g_autoptr(JsonNode) root = lp_json_parse(text, (gssize) len, &error);
        g_assert_no_error(error);
        g_autoptr(TestGame) game = test_restore_node(root, &error);
        g_assert_no_error(error);
        lp_game_run_computers(LP_GAME(game), minden_ai_move);
        g_assert_true(lp_game_is_over(LP_GAME(game)));
    }
    minden_deck_set_default(NULL);
}

static void test_save_errors(void)
{
    g_autoptr(MindenDeck) deck = test_deck();
    g_autoptr(TestGame) base = test_new_game(deck, 2, NULL, FALSE, FALSE, 1);
    minden_deck_set_default(deck);
    static const struct {
        const char *patch;
        int code;
        const char *needle;
    } bad[] = {
        { "{\"phase\":\"nap\"}", LP_SAVE_ERROR_BAD_VALUE, "phase" },
        { "{\"round\":0}", LP_SAVE_ERROR_RULES, "round" },
        { "{\"discard\":[\"y-atlantis\"]}", LP_SAVE_ERROR_UNKNOWN_CARD, "y-atlantis" },
        { "{\"discard\":[\"y-koeln\",\"y-koeln\"]}", LP_SAVE_ERROR_RULES, "y-koeln" },
        { "{\"discard\":[\"p-wartburg\"]}", LP_SAVE_ERROR_RULES, "purple" },
        { "{\"box\":[\"y-koeln\"]}", LP_SAVE_ERROR_RULES, "swap" },
        { "{\"order\":[0,0]}", LP_SAVE_ERROR_RULES, "order" },
        { "{\"order_done\":7}", LP_SAVE_ERROR_BAD_VALUE, "order_done" },
        { "{\"phase\":\"tip\"}", LP_SAVE_ERROR_RULES, "" },
        { "{\"ai_seed\":\"x\"}", LP_SAVE_ERROR_BAD_VALUE, "ai_seed" },
        { "{\"final_step\":\"majority-purple\"}", LP_SAVE_ERROR_BAD_VALUE, "final_step" },
        { "{\"seats\":[]}", LP_SAVE_ERROR_RULES, "seats" },
        { "{\"seats\":[{\"position\":9999,\"swaps_left\":2,\"card\":null,\"tip\":[],"
          "\"scored\":false,\"kept\":[]},{}]}", LP_SAVE_ERROR_BAD_VALUE, "position" },
        { "{\"seats\":[{\"position\":4,\"swaps_left\":2,\"card\":null,\"tip\":[],"
          "\"scored\":false,\"kept\":[]},{\"position\":4,\"swaps_left\":2,\"card\":null,"
          "\"tip\":[],\"scored\":false,\"kept\":[]}]}", LP_SAVE_ERROR_RULES, "same field" },
        { "{\"seats\":[{\"position\":4,\"swaps_left\":2,\"card\":null,\"tip\":[\"X\"],"
          "\"scored\":false,\"kept\":[]},{\"position\":5,\"swaps_left\":2,\"card\":null,"
          "\"tip\":[],\"scored\":false,\"kept\":[]}]}", LP_SAVE_ERROR_BAD_VALUE, "tip" },
        { "{\"seats\":[{\"position\":4,\"swaps_left\":3,\"card\":null,\"tip\":[],"
          "\"scored\":false,\"kept\":[]},{}]}", LP_SAVE_ERROR_BAD_VALUE, "swaps_left" },
        { "{\"offer\":[]}", LP_SAVE_ERROR_RULES, "revealed" },
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(TestGame) g = test_game_from_state(base, bad[i].patch, &error);
        if (g != NULL)
            g_error("save %u (%s) was accepted", i, bad[i].patch);
        g_assert_error(error, LP_SAVE_ERROR, bad[i].code);
        if (strstr(error->message, bad[i].needle) == NULL)
            g_error("save %u: “%s” does not mention “%s”", i, error->message, bad[i].needle);
    }
    /* A card missing from every pile. */
    {
        g_autoptr(GError) error = NULL;
        g_autoptr(JsonNode) root = lp_game_save(LP_GAME(base));
        JsonObject *state = json_object_get_object_member(json_node_get_object(root), "state");
        json_array_remove_element(json_object_get_array_member(state, "draw"), 0);
        g_autoptr(TestGame) g = test_restore_node(root, &error);
        g_assert_null(g);
        g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES);
        g_assert_nonnull(strstr(error->message, "missing"));
    }
    minden_deck_set_default(NULL);
}

/* Plays an all-computer game; at step save_at (if any) saves and continues on the restored
 * copy. Returns the event lines from save_at on and the final save. */
static GPtrArray *play(MindenDeck *deck, guint64 seed, gboolean purple, guint n, int save_at,
                       char **final_save)
{
    g_autoptr(TestGame) game = test_new_game(deck, n, NULL, TRUE, purple, seed);
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    int step = 0;

    while (!lp_game_is_over(LP_GAME(game))) {
        if (step == save_at) {
            MindenGame *copy = test_roundtrip(game);
            g_autofree char *a = test_save(game);
            g_autofree char *b = test_save(copy);
            /* Save → load → save gives the same bytes. */
            g_assert_cmpstr(a, ==, b);
            g_assert_finalize_object(game);
            game = copy;
        }
        if (step >= save_at) {
            g_signal_handlers_disconnect_matched(lp_event_log_attach(LP_GAME(game)), G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                                 lines);
            g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(on_event), lines);
        }
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
        g_signal_handlers_disconnect_matched(lp_event_log_attach(LP_GAME(game)), G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, lines);
        step++;
        g_assert_cmpint(step, <, 5000);
    }
    *final_save = test_save(game);
    return lines;
}

static void test_save_resume(void)
{
    g_autoptr(MindenDeck) deck = test_big_deck(20, 9);
    minden_deck_set_default(deck);
    g_autoptr(LpRng) pick = lp_rng_new(3);

    for (guint64 seed = 1; seed <= 6; seed++) {
        gboolean purple = seed % 2 == 0;
        guint n = 2 + seed % 4;
        g_autofree char *full_save = NULL;
        g_autoptr(GPtrArray) full = play(deck, seed, purple, n, 0, &full_save);
        for (int k = 0; k < 6; k++) {
            int at = lp_rng_int_range(pick, 1, (int) full->len / 2);
            g_autofree char *save = NULL;
            g_autoptr(GPtrArray) rest = play(deck, seed, purple, n, at, &save);
            g_assert_cmpstr(save, ==, full_save);
            /* The events after the restore are the tail of the uninterrupted game. */
            g_assert_cmpuint(rest->len, <=, full->len);
            guint off = full->len - rest->len;
            for (guint i = 0; i < rest->len; i++)
                g_assert_cmpstr(rest->pdata[i], ==, full->pdata[off + i]);
        }
    }
    minden_deck_set_default(NULL);
}

static void test_between_tips(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_big_deck(20, 9);
    minden_deck_set_default(deck);
    g_autoptr(TestGame) game = test_new_game(deck, 3, NULL, TRUE, FALSE, 11);
    /* Run to the tip phase, let one seat tip, then save and restore. */
    while (minden_game_get_phase(game) != MINDEN_PHASE_TIP)
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_assert_true(minden_game_has_tipped(game, 0));
    g_assert_false(minden_game_has_tipped(game, 1));
    g_autoptr(TestGame) copy = test_roundtrip(game);
    MindenTip a, b;
    /* Seat 0 sees its own tip, in the game and in its restored copy. */
    g_assert_true(minden_game_get_tip(game, 0, 0, &a));
    g_assert_true(minden_game_get_tip(copy, 0, 0, &b));
    g_assert_cmpint(a.n_stones, >, 0);
    g_assert_true(minden_tip_equal(&a, &b));
    g_assert_false(minden_game_has_tipped(copy, 1));
    for (int i = 0; i < 40; i++) {
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
        g_assert_true(lp_game_computer_step(LP_GAME(copy), minden_ai_move));
    }
    g_autofree char *sa = test_save(game);
    g_autofree char *sb = test_save(copy);
    g_assert_cmpstr(sa, ==, sb);
    minden_deck_set_default(NULL);
}

/* Checks each "scored" against the history: the entry is there while handlers run. */
static void on_scored_history(MindenGame *game, guint seat, guint card, gboolean right,
                              guint from, guint to, gboolean kept, guint *count)
{
    guint n = minden_game_get_history_length(game);
    g_assert_cmpuint(n, ==, ++*count);
    const MindenScoredTip *t = minden_game_get_history_entry(game, n - 1);
    g_assert_cmpuint(t->round, ==, minden_game_get_round(game));
    g_assert_cmpuint(t->seat, ==, seat);
    g_assert_cmpuint(t->card, ==, card);
    g_assert_cmpint(t->right, ==, right);
    g_assert_cmpint(t->kept, ==, kept);
    g_assert_cmpuint(t->from, ==, from);
    g_assert_cmpuint(t->to, ==, to);
    g_assert_true(minden_tip_equal(&t->tip, _minden_game_peek_tip(game, seat)));
    g_assert_true(minden_game_get_scored_tip(game, seat) == t);
}

static void assert_same_history(MindenGame *a, MindenGame *b)
{
    g_assert_cmpuint(minden_game_get_history_length(a), ==, minden_game_get_history_length(b));
    for (guint i = 0; i < minden_game_get_history_length(a); i++) {
        const MindenScoredTip *x = minden_game_get_history_entry(a, i);
        const MindenScoredTip *y = minden_game_get_history_entry(b, i);
        g_assert_cmpuint(x->round, ==, y->round);
        g_assert_cmpuint(x->seat, ==, y->seat);
        g_assert_cmpuint(x->card, ==, y->card);
        g_assert_true(minden_tip_equal(&x->tip, &y->tip));
        g_assert_cmpint(x->right, ==, y->right);
        g_assert_cmpint(x->kept, ==, y->kept);
        g_assert_cmpuint(x->from, ==, y->from);
        g_assert_cmpuint(x->to, ==, y->to);
    }
}

/* Issue 12: the round history holds every scored tip, the current round's only once scored,
 * and survives a save in the middle of a scoring (the ✔/✘ marks come from it). */
static void test_history(void)
{
    g_autoptr(MindenDeck) deck = test_big_deck(20, 9);
    minden_deck_set_default(deck);
    g_autoptr(TestGame) game = test_new_game(deck, 3, NULL, TRUE, FALSE, 4);
    guint count = 0;
    gboolean saved_mid_scoring = FALSE;

    g_signal_connect(game, "scored", G_CALLBACK(on_scored_history), &count);
    while (!lp_game_is_over(LP_GAME(game))) {
        MindenPhase phase = minden_game_get_phase(game);
        guint round = minden_game_get_round(game);
        /* Nothing of a round is in the history before its scoring. */
        if (phase == MINDEN_PHASE_CHOOSE || phase == MINDEN_PHASE_TIP) {
            g_assert_cmpuint(count, ==, (round - 1) * 3);
            for (guint i = 0; i < 3; i++)
                g_assert_null(minden_game_get_scored_tip(game, i));
        }
        if (phase == MINDEN_PHASE_SCORE) {
            GArray *order = minden_game_get_order(game);
            guint done = minden_game_get_order_done(game);
            for (guint k = 0; k < order->len; k++)
                g_assert_true((minden_game_get_scored_tip(game, g_array_index(order, guint, k))
                               != NULL) == (k < done));
            /* Continue in the middle of the scoring: the marks and the history survive. */
            if (done == 1 && round == 2 && !saved_mid_scoring) {
                g_autoptr(TestGame) copy = test_roundtrip(game);
                assert_same_history(game, copy);
                guint first = g_array_index(order, guint, 0);
                const MindenScoredTip *t = minden_game_get_scored_tip(copy, first);
                g_assert_nonnull(t);
                g_assert_cmpuint(t->round, ==, 2);
                g_assert_null(minden_game_get_scored_tip(copy, g_array_index(order, guint, 1)));
                saved_mid_scoring = TRUE;
            }
        }
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    }
    g_assert_true(saved_mid_scoring);
    /* Every revealed round was scored whole, in rounds that follow each other. */
    guint rounds = minden_game_get_round(game);
    g_assert_cmpuint(minden_game_get_history_length(game), ==, rounds * 3);
    for (guint i = 0; i < rounds * 3; i++)
        g_assert_cmpuint(minden_game_get_history_entry(game, i)->round, ==, i / 3 + 1);
    g_autoptr(TestGame) copy = test_roundtrip(game);
    assert_same_history(game, copy);
    g_autofree char *a = test_save(game);
    g_autofree char *b = test_save(copy);
    g_assert_cmpstr(a, ==, b);
    g_assert_nonnull(strstr(a, "\"history\":[{\"round\":1,"));
    minden_deck_set_default(NULL);
}

/* Saves from before the history (no "history" member) load with an empty one that grows from
 * then on; a history that does not fit the game is refused. */
static void test_history_old_and_damaged(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = minden_deck_new_default(&error);
    g_assert_no_error(error);
    minden_deck_set_default(deck);
    g_autofree char *path = g_build_filename(MINDEN_OLD_SAVES, "minden-2p-seed1-100-choose.json",
                                             NULL);
    g_autofree char *text = NULL;
    gsize len;
    g_assert_true(g_file_get_contents(path, &text, &len, NULL));
    g_assert_null(strstr(text, "history"));
    g_autoptr(JsonNode) old = lp_json_parse(text, (gssize) len, &error);
    g_assert_no_error(error);
    g_autoptr(TestGame) game = test_restore_node(old, &error);
    g_assert_no_error(error);
    g_assert_cmpuint(minden_game_get_history_length(game), ==, 0);
    guint round = minden_game_get_round(game);
    while (minden_game_get_round(game) == round || minden_game_get_phase(game) != MINDEN_PHASE_CHOOSE)
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_assert_cmpuint(minden_game_get_history_length(game), ==, 2);
    g_assert_cmpuint(minden_game_get_history_entry(game, 0)->round, ==, round);

    /* Damaged histories, patched into the save of this game (round 2 being chosen). */
    static const struct {
        const char *member;
        const char *json;
        int code;
    } bad[] = {
        { NULL, "\"no\"", LP_SAVE_ERROR_BAD_VALUE },
        { "right", "null", LP_SAVE_ERROR_BAD_VALUE },
        { "card", "\"y-atlantis\"", LP_SAVE_ERROR_UNKNOWN_CARD },
        { "round", "99999", LP_SAVE_ERROR_BAD_VALUE },
        { "seat", "7", LP_SAVE_ERROR_BAD_VALUE },
        { "tip", "[]", LP_SAVE_ERROR_RULES },
        { "from", "60", LP_SAVE_ERROR_RULES },
        { "kept", NULL, LP_SAVE_ERROR_RULES },
        { "seat", NULL, LP_SAVE_ERROR_RULES },
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(GError) local = NULL;
        g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
        JsonObject *state = json_object_get_object_member(json_node_get_object(root), "state");
        JsonArray *h = json_object_get_array_member(state, "history");
        JsonObject *first = json_array_get_object_element(h, 0);
        if (bad[i].member == NULL) {
            json_object_set_member(state, "history", lp_json_parse(bad[i].json, -1, NULL));
        } else if (bad[i].json != NULL) {
            json_object_set_member(first, bad[i].member, lp_json_parse(bad[i].json, -1, NULL));
        } else if (g_str_equal(bad[i].member, "kept")) {
            /* Kept after a wrong tip or with too few stones, or given up after a right one. */
            json_object_set_boolean_member(first, "kept",
                                           !json_object_get_boolean_member(first, "kept"));
        } else {
            /* One seat scored twice in a round. */
            json_object_set_int_member(json_array_get_object_element(h, 1), "seat",
                                       json_object_get_int_member(first, "seat"));
        }
        g_autoptr(TestGame) g = test_restore_node(root, &local);
        if (g != NULL)
            g_error("history %u (%s: %s) was accepted", i, bad[i].member, bad[i].json);
        g_assert_error(local, LP_SAVE_ERROR, bad[i].code);
    }
    minden_deck_set_default(NULL);
}

static void test_humans_wait(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_deck();
    const int ages[] = { 8, 40 };
    g_autoptr(GPtrArray) players = test_players(2, ages, TRUE);
    g_autoptr(GPtrArray) mixed = g_ptr_array_new_with_free_func(g_object_unref);
    g_ptr_array_add(mixed, lp_player_new("Anna", 8, "#e01b24", LP_PLAYER_HUMAN, LP_LEVEL_EASY));
    g_ptr_array_add(mixed, g_object_ref(players->pdata[1]));
    g_autoptr(LpRng) rng = lp_rng_new(4);
    g_autoptr(TestGame) game = minden_game_new(mixed, rng, deck, FALSE, &error);
    g_assert_no_error(error);
    /* The computer decides on a mirror, which reads the default deck. */
    minden_deck_set_default(deck);
    /* The first round's cards are revealed by a step that needs no decision. */
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_REVEAL);
    g_assert_cmpuint(minden_game_get_offer(game)->len, ==, 0);
    g_autoptr(GPtrArray) log = record(game);
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_assert_cmpuint(log->len, ==, 1);
    g_assert_true(g_str_has_prefix(log->pdata[0], "{\"event\":\"reveal\",\"round\":1,\"cards\":[\""));
    /* The human chooses first: computers wait. */
    g_assert_false(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    guint card = g_array_index(minden_game_get_offer(game), guint, 0);
    g_assert_true(minden_game_choose(game, 0, card, FALSE, &error));
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));      /* computer chooses */
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));      /* computer tips */
    g_assert_false(lp_game_computer_step(LP_GAME(game), minden_ai_move));     /* waits for Anna's tip */
    g_assert_cmpint(lp_game_get_current_seat(LP_GAME(game)), ==, 0);
    MindenTip t = { 1, MINDEN_WEST, -1, -1, -1 };
    g_assert_true(minden_game_tip(game, 0, &t, &error));
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));      /* scoring runs */
}

/* The game's own steps (lp_game_computer_step without a move function, the driver's
 * fallback) reveal and score but never choose or tip for anybody, human or computer. */
static void test_advance_takes_no_decision(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_deck();
    const int ages[] = { 40, 8, 12 };
    g_autoptr(GPtrArray) humans = test_players(3, ages, FALSE);
    g_autoptr(LpRng) rng = lp_rng_new(5);
    g_autoptr(TestGame) game = minden_game_new(humans, rng, deck, FALSE, &error);
    g_assert_no_error(error);

    /* Only the reveal happens by itself; then the game waits for the youngest's choice. */
    g_assert_cmpuint(lp_game_run_computers(LP_GAME(game), NULL), ==, 1);
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_CHOOSE);
    g_assert_cmpuint(minden_game_get_offer(game)->len, ==, 3);
    g_assert_false(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    for (guint i = 0; i < 3; i++) {
        int seat = lp_game_get_current_seat(LP_GAME(game));
        g_assert_cmpint(seat, >=, 0);
        guint card = g_array_index(minden_game_get_offer(game), guint, 0);
        g_assert_true(minden_game_choose(game, (guint) seat, card, FALSE, &error));
        g_assert_no_error(error);
    }
    /* Nobody tips for the humans either. */
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_TIP);
    g_assert_false(lp_game_computer_step(LP_GAME(game), NULL));
    g_assert_false(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    for (guint i = 0; i < 3; i++)
        g_assert_false(minden_game_has_tipped(game, i));

    /* Computer seats without their move function: the same wait. */
    g_autoptr(TestGame) computers = test_new_game(deck, 3, ages, TRUE, FALSE, 5);
    g_assert_cmpint(minden_game_get_phase(computers), ==, MINDEN_PHASE_CHOOSE);
    g_assert_false(lp_game_computer_step(LP_GAME(computers), NULL));
    g_assert_cmpuint(minden_game_get_offer(computers)->len, ==, 3);
    for (guint i = 0; i < 3; i++)
        g_assert_cmpint(minden_game_get_seat_card(computers, i), ==, -1);
}

typedef struct {
    guint chosen, tipped;
} Moves;

static void on_card_chosen_count(MindenGame *game, guint seat, guint card, int swapped,
                                 Moves *moves)
{
    moves->chosen++;
}

static void on_tip_entered_count(MindenGame *game, guint seat, Moves *moves)
{
    moves->tipped++;
}

/* minden_ai_move plays exactly what the AI proposes through the public moves: a copy that
 * asks the AI on a mirror of the seat's view and calls minden_game_choose / minden_game_tip
 * by hand ends in the same state, generator included; with nothing to decide it does
 * nothing. */
static void test_ai_move_plays_public_moves(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_big_deck(20, 9);
    g_autoptr(TestGame) game = test_new_game(deck, 3, NULL, TRUE, FALSE, 21);
    Moves moves = { 0 };

    g_signal_connect(game, "card-chosen", G_CALLBACK(on_card_chosen_count), &moves);
    g_signal_connect(game, "tip-entered", G_CALLBACK(on_tip_entered_count), &moves);
    while (minden_game_get_phase(game) == MINDEN_PHASE_CHOOSE ||
           minden_game_get_phase(game) == MINDEN_PHASE_TIP) {
        g_autoptr(TestGame) copy = test_roundtrip(game);
        guint seat = (guint) lp_game_get_computer_seat(LP_GAME(copy));
        g_autoptr(JsonNode) view = lp_game_view(LP_GAME(copy), (int) seat);
        g_autoptr(LpGame) mirror = lp_game_mirror_new(MINDEN_TYPE_GAME, view, &error);
        g_assert_no_error(error);
        if (minden_game_get_phase(copy) == MINDEN_PHASE_CHOOSE) {
            g_assert_cmpint(lp_game_get_current_seat(LP_GAME(copy)), ==, seat);
            guint card;
            gboolean swap;
            minden_ai_choose(MINDEN_GAME(mirror), seat, &card, &swap);
            g_assert_true(minden_game_choose(copy, seat, card, swap, &error));
        } else {
            g_assert_false(minden_game_has_tipped(copy, seat));
            for (guint before = 0; before < seat; before++)
                g_assert_true(minden_game_has_tipped(copy, before));
            MindenTip tip;
            minden_ai_tip(MINDEN_GAME(mirror), seat, &tip);
            g_assert_true(minden_game_tip(copy, seat, &tip, &error));
        }
        g_assert_no_error(error);
        g_assert_true(minden_ai_move(LP_GAME(game)));
        g_autofree char *by_move = test_save(game);
        g_autofree char *by_hand = test_save(copy);
        g_assert_cmpstr(by_move, ==, by_hand);
    }
    /* Three seats chose one card each and tipped once each, through the moves' signals. */
    g_assert_cmpuint(moves.chosen, ==, 3);
    g_assert_cmpuint(moves.tipped, ==, 3);
    /* Scoring needs no decision: the move function leaves it to the game's own step. */
    g_assert_cmpint(minden_game_get_phase(game), ==, MINDEN_PHASE_SCORE);
    g_autofree char *before = test_save(game);
    g_assert_false(minden_ai_move(LP_GAME(game)));
    g_autofree char *after = test_save(game);
    g_assert_cmpstr(before, ==, after);
    minden_deck_set_default(NULL);
}

typedef struct {
    MindenPhase last;
    guint notified;
} PhaseWatch;

static void on_phase_notify(MindenGame *game, GParamSpec *pspec, PhaseWatch *watch)
{
    MindenPhase phase;
    g_object_get(game, "phase", &phase, NULL);
    g_assert_cmpint(phase, ==, minden_game_get_phase(game));
    /* Notified only when the phase really changed. */
    g_assert_cmpint(phase, !=, watch->last);
    watch->last = phase;
    watch->notified++;
}

/* "phase" is notified once per change and never without one: a whole game step by step,
 * and a refused move. */
static void test_phase_notify(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(MindenDeck) deck = test_big_deck(12, 4);
    g_autoptr(TestGame) game = test_new_game(deck, 2, NULL, TRUE, TRUE, 7);
    PhaseWatch watch = { minden_game_get_phase(game), 0 };
    guint changes = 0;

    g_signal_connect(game, "notify::phase", G_CALLBACK(on_phase_notify), &watch);
    MindenTip tip = { 1, MINDEN_WEST, -1, -1, -1 };
    g_assert_false(minden_game_tip(game, 0, &tip, &error));
    g_clear_error(&error);
    g_assert_cmpuint(watch.notified, ==, 0);
    while (!lp_game_is_over(LP_GAME(game))) {
        MindenPhase before = minden_game_get_phase(game);
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
        /* No single step passes through more than one new phase. */
        if (minden_game_get_phase(game) != before)
            changes++;
        g_assert_cmpuint(watch.notified, ==, changes);
    }
    g_assert_cmpint(watch.last, ==, MINDEN_PHASE_OVER);
    g_assert_cmpuint(changes, >, 8);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/minden/deck/validation", test_deck_validation);
    g_test_add_func("/minden/game/new", test_game_setup);
    g_test_add_func("/minden/game/choose-and-swap", test_choose_and_swap);
    g_test_add_func("/minden/game/choose-order", test_choose_order);
    g_test_add_func("/minden/game/tips-each-precision", test_tips_each_precision);
    g_test_add_func("/minden/game/keeping-by-colour", test_keeping_by_colour);
    g_test_add_func("/minden/game/several-solutions", test_several_solutions);
    g_test_add_func("/minden/game/skip-rule", test_skip_rule);
    g_test_add_func("/minden/game/scoring-order-fixed", test_scoring_order_fixed);
    g_test_add_func("/minden/game/end-by-track", test_end_by_track);
    g_test_add_func("/minden/game/end-by-draw-pile", test_end_by_draw_pile);
    g_test_add_func("/minden/game/majorities", test_majorities);
    g_test_add_func("/minden/game/sets", test_sets);
    g_test_add_func("/minden/save/past-field-40", test_save_past_40);
    g_test_add_func("/minden/save/board-cities", test_board_cities);
    g_test_add_func("/minden/save/errors", test_save_errors);
    g_test_add_func("/minden/save/resume-anywhere", test_save_resume);
    g_test_add_func("/minden/save/between-tips", test_between_tips);
    g_test_add_func("/minden/save/history", test_history);
    g_test_add_func("/minden/save/history-old-and-damaged", test_history_old_and_damaged);
    g_test_add_func("/minden/game/humans-wait", test_humans_wait);
    g_test_add_func("/minden/game/advance-takes-no-decision", test_advance_takes_no_decision);
    g_test_add_func("/minden/game/phase-notify", test_phase_notify);
    g_test_add_func("/minden/ai/move-plays-public-moves", test_ai_move_plays_public_moves);
    return g_test_run();
}
