/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Finden Sie Minden on several devices (issue 31): every viewer's view loads as a mirror that
 * answers like the game, no view holds another seat's secret while it is hidden, and a
 * remote seat's action is played exactly as a click, or refused with nothing changed. */
#include "minden-ai.h"
#include "minden-game-private.h"
#include "minden-test-util.h"

/* ---- helpers ---------------------------------------------------------------------------- */

/* n computer players; seat human (or -1 for none) is a person. */
static GPtrArray *players_with(guint n, int human)
{
    static const LpLevel levels[] = { LP_LEVEL_HARD, LP_LEVEL_EASY, LP_LEVEL_NORMAL };
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil" };
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players, lp_player_new(names[i], (int) (30 + i * 7) % 50, "#1c71d8",
                                               (int) i == human ? LP_PLAYER_HUMAN
                                                                : LP_PLAYER_COMPUTER,
                                               levels[i % 3]));
    return players;
}

static GPtrArray *computer_players(guint n)
{
    return players_with(n, -1);
}

/* A game of the real deck, all seats computers, waiting to reveal its first round. */
static MindenGame *real_game(guint n, guint64 seed, gboolean purple)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = computer_players(n);
    LpGame *game = lp_game_new_of_type(MINDEN_TYPE_GAME, players, seed, purple, &error);
    g_assert_no_error(error);
    return MINDEN_GAME(game);
}

static char *to_text(JsonNode *node)
{
    return lp_json_to_string(node, FALSE);
}

/* A deep copy (json_node_copy shares the objects and arrays). */
static JsonNode *deep_copy(JsonNode *node)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *text = to_text(node);
    JsonNode *copy = lp_json_parse(text, -1, &error);
    g_assert_no_error(error);
    return copy;
}

static MindenGame *mirror_of(JsonNode *view)
{
    g_autoptr(GError) error = NULL;
    LpGame *mirror = lp_game_mirror_new(MINDEN_TYPE_GAME, view, &error);
    g_assert_no_error(error);
    g_assert_true(lp_game_is_mirror(mirror));
    return MINDEN_GAME(mirror);
}

static char *view_state_text(MindenGame *game, int viewer)
{
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
    return to_text(json_object_get_member(json_node_get_object(view), "state"));
}

static void assert_same_cards(GArray *a, GArray *b)
{
    g_assert_cmpuint(a->len, ==, b->len);
    for (guint i = 0; i < a->len; i++)
        g_assert_cmpuint(g_array_index(a, guint, i), ==, g_array_index(b, guint, i));
}

static void assert_same_tip(const MindenTip *a, const MindenTip *b)
{
    g_assert_true(minden_tip_equal(a, b));
    g_assert_cmpint(a->n_stones, ==, b->n_stones);
}

static void assert_same_scored(const MindenScoredTip *a, const MindenScoredTip *b)
{
    g_assert_cmpuint(a->round, ==, b->round);
    g_assert_cmpuint(a->seat, ==, b->seat);
    g_assert_cmpuint(a->card, ==, b->card);
    assert_same_tip(&a->tip, &b->tip);
    g_assert_cmpint(a->right, ==, b->right);
    g_assert_cmpint(a->kept, ==, b->kept);
    g_assert_cmpuint(a->from, ==, b->from);
    g_assert_cmpuint(a->to, ==, b->to);
}

static void assert_same_solutions(MindenGame *game, MindenGame *mirror, int viewer, guint card)
{
    const MindenPoint *pg = NULL, *pm = NULL;
    guint ng = 0, nm = 0;
    g_assert_cmpint(minden_game_get_solutions(mirror, viewer, card, &pm, &nm), ==,
                    minden_game_get_solutions(game, viewer, card, &pg, &ng));
    g_assert_cmpuint(nm, ==, ng);
    if (ng > 0)
        g_assert_cmpmem(pm, nm * sizeof *pm, pg, ng * sizeof *pg);
}

/* Every public getter of the mirror answers as the game answers for viewer; the draw pile
 * only by its length (its cards and order are the secret). */
static void assert_mirror_agrees(MindenGame *game, MindenGame *mirror, int viewer)
{
    LpGame *g = LP_GAME(game), *m = LP_GAME(mirror);
    guint n = lp_game_get_n_players(g);

    g_assert_cmpint(lp_game_get_viewer(m), ==, viewer);
    g_assert_cmpint(minden_game_get_phase(mirror), ==, minden_game_get_phase(game));
    g_assert_cmpuint(minden_game_get_round(mirror), ==, minden_game_get_round(game));
    g_assert_cmpint(minden_game_get_purple(mirror), ==, minden_game_get_purple(game));
    g_assert_cmpint(lp_game_is_over(m), ==, lp_game_is_over(g));
    g_assert_cmpint(lp_game_get_current_seat(m), ==, lp_game_get_current_seat(g));
    g_assert_cmpint(lp_game_get_computer_seat(m), ==, lp_game_get_computer_seat(g));
    g_assert_cmpuint(lp_game_get_n_actions(m), ==, lp_game_get_n_actions(g));
    g_assert_cmpuint(minden_game_get_draw_pile(mirror)->len, ==,
                     minden_game_get_draw_pile(game)->len);
    assert_same_cards(minden_game_get_offer(mirror), minden_game_get_offer(game));
    assert_same_cards(minden_game_get_discard_pile(mirror), minden_game_get_discard_pile(game));
    assert_same_cards(minden_game_get_box(mirror), minden_game_get_box(game));
    assert_same_cards(minden_game_get_order(mirror), minden_game_get_order(game));
    g_assert_cmpuint(minden_game_get_order_done(mirror), ==, minden_game_get_order_done(game));
    g_assert_cmpint(minden_game_get_final_step(mirror), ==, minden_game_get_final_step(game));
    g_autoptr(GArray) btf_g = minden_game_back_to_front(game);
    g_autoptr(GArray) btf_m = minden_game_back_to_front(mirror);
    assert_same_cards(btf_m, btf_g);
    for (guint s = 0; s < n; s++) {
        g_assert_cmpuint(minden_game_get_position(mirror, s), ==,
                         minden_game_get_position(game, s));
        g_assert_cmpuint(minden_game_get_swaps_left(mirror, s), ==,
                         minden_game_get_swaps_left(game, s));
        g_assert_cmpint(minden_game_get_seat_card(mirror, s), ==,
                        minden_game_get_seat_card(game, s));
        assert_same_cards(minden_game_get_kept(mirror, s), minden_game_get_kept(game, s));
        g_assert_cmpint(minden_game_has_tipped(mirror, s), ==, minden_game_has_tipped(game, s));
        g_assert_cmpint(minden_game_has_scored(mirror, s), ==, minden_game_has_scored(game, s));
        for (int v = LP_VIEWER_ONLOOKER; v < (int) n; v++) {
            /* The mirror knows what viewer may see; for another viewer it may know less,
             * never more. */
            MindenTip tg, tm;
            gboolean og = minden_game_get_tip(game, v, s, &tg);
            gboolean om = minden_game_get_tip(mirror, v, s, &tm);
            if (v == viewer) {
                g_assert_cmpint(om, ==, og);
                assert_same_tip(&tm, &tg);
            } else if (om) {
                g_assert_true(og);
                assert_same_tip(&tm, &tg);
            }
        }
        const MindenScoredTip *sg = minden_game_get_scored_tip(game, s);
        const MindenScoredTip *sm = minden_game_get_scored_tip(mirror, s);
        g_assert_true((sg == NULL) == (sm == NULL));
        if (sg != NULL)
            assert_same_scored(sg, sm);
        for (guint steps = 1; steps <= 4; steps++)
            g_assert_cmpuint(minden_game_preview_move(mirror, s, steps), ==,
                             minden_game_preview_move(game, s, steps));
    }
    g_assert_cmpuint(minden_game_get_history_length(mirror), ==,
                     minden_game_get_history_length(game));
    for (guint i = 0; i < minden_game_get_history_length(game); i++) {
        const MindenScoredTip *a = minden_game_get_history_entry(game, i);
        const MindenScoredTip *b = minden_game_get_history_entry(mirror, i);
        assert_same_scored(a, b);
    }
    /* Where cards lie: those on the table, and the next cards of the real draw pile (still
     * hidden in both). */
    GArray *piles[] = { minden_game_get_offer(game), minden_game_get_discard_pile(game),
                        minden_game_get_box(game), minden_game_get_draw_pile(game) };
    for (guint p = 0; p < G_N_ELEMENTS(piles); p++)
        for (guint i = 0; i < piles[p]->len && i < 6; i++)
            assert_same_solutions(game, mirror, viewer, g_array_index(piles[p], guint, i));
    for (guint s = 0; s < n; s++) {
        GArray *kept = minden_game_get_kept(game, s);
        for (guint i = 0; i < kept->len; i++)
            assert_same_solutions(game, mirror, viewer, g_array_index(kept, guint, i));
        if (minden_game_get_seat_card(game, s) >= 0)
            assert_same_solutions(game, mirror, viewer,
                                  (guint) minden_game_get_seat_card(game, s));
    }
}

/* ---- secrecy ---------------------------------------------------------------------------- */

static guint count_in(const char *text, const char *needle)
{
    guint n = 0;
    for (const char *p = strstr(text, needle); p != NULL; p = strstr(p + 1, needle))
        n++;
    return n;
}

static char *tip_text(const MindenTip *tip)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_ARRAY);
    json_node_take_array(node, _minden_tip_to_json(tip));
    g_autofree char *stones = to_text(node);
    return g_strconcat("\"tip\":", stones, NULL);
}

/* The secrets of the game at one moment that no view may hold, whoever looks: the draw
 * pile's cards, the computer players' seed of the save, the game's secret key and generator,
 * and each seat's computer key. */
typedef struct {
    GPtrArray *texts; /* char *: quoted card ids, the seed, the key, the generator's words */
    GPtrArray *what;  /* char *: what each is, for the message */
    GPtrArray *keys;  /* char *: each seat's computer key */
} Secrets;

static void secrets_clear(Secrets *s)
{
    g_ptr_array_unref(s->texts);
    g_ptr_array_unref(s->what);
    g_ptr_array_unref(s->keys);
}

static void secret_add(Secrets *s, char *text, char *what)
{
    g_ptr_array_add(s->texts, text);
    g_ptr_array_add(s->what, what);
}

static void secrets_init(Secrets *s, MindenGame *game)
{
    LpGame *g = LP_GAME(game);
    GArray *draw = minden_game_get_draw_pile(game);

    s->texts = g_ptr_array_new_with_free_func(g_free);
    s->what = g_ptr_array_new_with_free_func(g_free);
    s->keys = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < draw->len; i++)
        secret_add(s,
                   g_strdup_printf("\"%s\"",
                                   _minden_game_card_id(game, g_array_index(draw, guint, i))),
                   g_strdup_printf("the draw pile's card %u from the bottom", i));
    secret_add(s, g_strdup_printf("%" G_GUINT64_FORMAT, minden_game_get_ai_seed(game)),
               g_strdup("the computer players' seed"));
    g_autoptr(JsonNode) save = lp_game_save(g);
    JsonObject *so = json_node_get_object(save);
    secret_add(s, g_strdup(json_object_get_string_member(so, "ai")),
               g_strdup("the game's secret key"));
    JsonArray *rng = json_object_get_array_member(json_object_get_object_member(so, "rng"),
                                                  "state");
    for (guint i = 0; i < json_array_get_length(rng); i++)
        secret_add(s, g_strdup(json_array_get_string_element(rng, i)),
                   g_strdup("the game's random generator"));
    for (guint seat = 0; seat < lp_game_get_n_players(g); seat++) {
        g_autoptr(JsonNode) view = lp_game_view(g, (int) seat);
        g_ptr_array_add(s->keys,
                        g_strdup(json_object_get_string_member(json_node_get_object(view),
                                                               "ai")));
    }
}

/* What text, the whole view of viewer as it would travel, gives away of a secret that viewer
 * may not know now; NULL when nothing. Searched for: each card of the draw pile (its content
 * and order are nobody's), each tip of another seat that viewer may not see yet (as the
 * "tip" member the save writes; open tips with the same stones, in the history or at the
 * table, explain that many copies), the computer players' seed of the save, the game's
 * generator and secret key, and the other seats' computer keys. */
static char *find_leak_in(const Secrets *secrets, MindenGame *game, int viewer,
                          const char *text)
{
    guint n = lp_game_get_n_players(LP_GAME(game));

    for (guint i = 0; i < secrets->texts->len; i++)
        if (strstr(text, secrets->texts->pdata[i]) != NULL)
            return g_strdup_printf("%s, %s", (const char *) secrets->what->pdata[i],
                                   (const char *) secrets->texts->pdata[i]);
    for (guint s = 0; s < n; s++)
        if ((int) s != viewer && strstr(text, secrets->keys->pdata[s]) != NULL)
            return g_strdup_printf("seat %u's computer key", s);
    for (guint s = 0; s < n; s++) {
        MindenTip seen;
        if (!minden_game_has_tipped(game, s) || minden_game_get_tip(game, viewer, s, &seen))
            continue;
        g_autofree char *secret = tip_text(_minden_game_peek_tip(game, s));
        guint open = 0;
        for (guint i = 0; i < minden_game_get_history_length(game); i++) {
            g_autofree char *t = tip_text(&minden_game_get_history_entry(game, i)->tip);
            open += g_strcmp0(t, secret) == 0;
        }
        for (guint o = 0; o < n; o++) {
            MindenTip shown;
            if (minden_game_get_tip(game, viewer, o, &shown)) {
                g_autofree char *t = tip_text(&shown);
                open += g_strcmp0(t, secret) == 0;
            }
        }
        if (count_in(text, secret) > open)
            return g_strdup_printf("seat %u's hidden tip %s", s, secret);
    }
    return NULL;
}

static char *find_leak(MindenGame *game, int viewer, const char *text)
{
    Secrets secrets;
    secrets_init(&secrets, game);
    char *leak = find_leak_in(&secrets, game, viewer, text);
    secrets_clear(&secrets);
    return leak;
}

/* For every viewer at this moment: the view holds no hidden secret, its mirror answers like
 * the game and gives the same view state back. */
static void check_views(MindenGame *game)
{
    guint n = lp_game_get_n_players(LP_GAME(game));
    Secrets secrets;
    secrets_init(&secrets, game);
    for (int viewer = LP_VIEWER_ONLOOKER; viewer < (int) n; viewer++) {
        g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
        g_autofree char *text = to_text(view);
        g_autofree char *leak = find_leak_in(&secrets, game, viewer, text);
        if (leak != NULL)
            g_error("the view of %d at action %" G_GUINT64_FORMAT " shows %s: %s", viewer,
                    lp_game_get_n_actions(LP_GAME(game)), leak, text);
        g_autoptr(TestGame) mirror = mirror_of(view);
        g_autofree char *state = to_text(json_object_get_member(json_node_get_object(view),
                                                                "state"));
        g_autofree char *again = view_state_text(mirror, viewer);
        g_assert_cmpstr(again, ==, state);
        assert_mirror_agrees(game, mirror, viewer);
    }
    secrets_clear(&secrets);
}

/* Whole computer games, 2 to 5 players, with and without purple cards: after every step, for
 * every viewer. */
static void test_views_over_whole_games(void)
{
    for (guint n = 2; n <= 5; n++) {
        for (guint64 seed = 1; seed <= 2; seed++) {
            g_autoptr(TestGame) game = real_game(n, seed * 101 + n, seed % 2 == 0);
            guint steps = 0;
            check_views(game);
            while (lp_game_computer_step(LP_GAME(game), minden_ai_move)) {
                check_views(game);
                steps++;
                g_assert_cmpuint(steps, <, 2000);
            }
            g_assert_true(lp_game_is_over(LP_GAME(game)));
        }
    }
}

/* Saves from before issue 12 (every card dealt, figures sharing field 40, no history) and
 * one restored in the middle of a scoring, whose history lacks the round's scored tips:
 * their views load as mirrors too, all the way to the end. */
static void test_views_of_old_saves(void)
{
    static const char *const old[] = { "minden-2p-seed1-100-choose.json",
                                       "minden-5p-seed2-option-259-final-majority-purple.json" };
    minden_deck_set_default(NULL);
    for (guint k = 0; k < G_N_ELEMENTS(old); k++) {
        g_autoptr(GError) error = NULL;
        g_autofree char *path = g_build_filename(MINDEN_OLD_SAVES, old[k], NULL);
        g_autofree char *text = NULL;
        gsize len;
        g_assert_true(g_file_get_contents(path, &text, &len, NULL));
        g_autoptr(TestGame) game = MINDEN_GAME(
            lp_game_restore_from_data(MINDEN_TYPE_GAME, text, len, &error));
        g_assert_no_error(error);
        gboolean mid_scoring = FALSE;
        check_views(game);
        while (lp_game_computer_step(LP_GAME(game), minden_ai_move)) {
            check_views(game);
            if (k == 0 && !mid_scoring && minden_game_get_phase(game) == MINDEN_PHASE_SCORE &&
                minden_game_get_order_done(game) > 0) {
                /* As a save from before the history, taken now. */
                g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
                JsonObject *state = json_object_get_object_member(json_node_get_object(root),
                                                                  "state");
                json_object_remove_member(state, "history");
                g_autoptr(TestGame) resumed = test_restore_node(root, &error);
                g_assert_no_error(error);
                g_assert_cmpuint(minden_game_get_history_length(resumed), ==, 0);
                check_views(resumed);
                mid_scoring = TRUE;
            }
        }
        g_assert_true(lp_game_is_over(LP_GAME(game)));
        g_assert_true(k != 0 || mid_scoring);
    }
}

/* A game in the tipping phase in which seat 1 has tipped and seat 0 has not. */
static MindenGame *game_while_tipping(void)
{
    MindenGame *game = real_game(3, 77, FALSE);
    while (!(minden_game_get_phase(game) == MINDEN_PHASE_TIP &&
             minden_game_has_tipped(game, 1) && !minden_game_has_tipped(game, 0))) {
        if (minden_game_get_phase(game) == MINDEN_PHASE_TIP && !minden_game_has_tipped(game, 1)) {
            /* Seat 1 tips before seat 0 here: by hand, through the action a remote seat
             * sends. */
            g_autoptr(GError) error = NULL;
            g_autoptr(JsonNode) action = lp_json_parse(
                "{\"type\":\"tip\",\"stones\":[\"O\",\"M\"]}", -1, &error);
            g_assert_no_error(error);
            g_assert_true(lp_game_apply_action(LP_GAME(game), 1, action, &error));
            g_assert_no_error(error);
            continue;
        }
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    }
    return game;
}

/* The check is able to fail: a view with one planted field of a secret is caught, for each
 * kind of secret. */
static void test_leak_check_catches_planted_leaks(void)
{
    g_autoptr(TestGame) game = game_while_tipping();
    GArray *draw = minden_game_get_draw_pile(game);
    g_assert_cmpuint(draw->len, >, 0);
    g_autoptr(JsonNode) clean = lp_game_view(LP_GAME(game), 0);
    g_autofree char *clean_text = to_text(clean);
    g_assert_null(find_leak(game, 0, clean_text));

    const char *kinds[] = { "top", "tip", "seed" };
    for (guint k = 0; k < G_N_ELEMENTS(kinds); k++) {
        g_autoptr(JsonNode) view = deep_copy(clean);
        JsonObject *state = json_object_get_object_member(json_node_get_object(view), "state");
        if (k == 0) {
            /* The top of the draw pile, as a helpful page might want it. */
            json_object_set_string_member(
                state, "draw_top",
                _minden_game_card_id(game, g_array_index(draw, guint, draw->len - 1)));
        } else if (k == 1) {
            /* Seat 1's stones in its own seat object, where the page does not look. */
            JsonObject *seat = json_array_get_object_element(
                json_object_get_array_member(state, "seats"), 1);
            json_object_set_array_member(seat, "tip",
                                         _minden_tip_to_json(_minden_game_peek_tip(game, 1)));
        } else {
            g_autofree char *seed = g_strdup_printf("%" G_GUINT64_FORMAT,
                                                    minden_game_get_ai_seed(game));
            json_object_set_string_member(state, "ai_seed", seed);
        }
        g_autofree char *text = to_text(view);
        g_autofree char *leak = find_leak(game, 0, text);
        g_test_message("planted %s: caught as %s", kinds[k], leak);
        g_assert_nonnull(leak);
    }
    /* Seat 1 itself and, from the scoring on, everybody may see seat 1's stones. */
    g_autoptr(JsonNode) own = lp_game_view(LP_GAME(game), 1);
    g_autofree char *own_text = to_text(own);
    g_assert_null(find_leak(game, 1, own_text));
}

/* A mirror refuses a view that shows what the viewer may not see, or that does not fit the
 * game: a hostile host cannot crash a client nor make it show a broken table. */
static void test_mirror_refuses_broken_views(void)
{
    g_autoptr(TestGame) game = game_while_tipping();
    g_autoptr(JsonNode) clean = lp_game_view(LP_GAME(game), 0);
    static const struct {
        const char *member; /* in "state", or "seats/1/…" */
        const char *value;  /* JSON; NULL removes the member */
        int code;
    } cases[] = {
        { "draw_count", "3", LP_SAVE_ERROR_RULES },
        { "draw_count", "-1", LP_SAVE_ERROR_BAD_VALUE },
        { "draw_count", "\"5\"", LP_SAVE_ERROR_BAD_VALUE },
        { "draw_count", NULL, LP_SAVE_ERROR_MISSING_FIELD },
        { "history", NULL, LP_SAVE_ERROR_MISSING_FIELD },
        { "seats", "[]", LP_SAVE_ERROR_RULES },
        { "seats", "[1,2,3]", LP_SAVE_ERROR_BAD_VALUE },
        { "phase", "\"shuffle\"", LP_SAVE_ERROR_BAD_VALUE },
        { "offer", "[\"no-such-card\"]", LP_SAVE_ERROR_UNKNOWN_CARD },
        { "seats/1/tip", "[\"O\",\"M\"]", LP_SAVE_ERROR_RULES },
        { "seats/0/tipped", "true", LP_SAVE_ERROR_RULES },
        { "seats/1/tipped", NULL, LP_SAVE_ERROR_MISSING_FIELD },
        { "seats/2/position", "1000", LP_SAVE_ERROR_BAD_VALUE },
        { "seats/2/card", NULL, LP_SAVE_ERROR_MISSING_FIELD },
    };
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autoptr(JsonNode) view = deep_copy(clean);
        JsonObject *target = json_object_get_object_member(json_node_get_object(view), "state");
        const char *member = cases[i].member;
        if (g_str_has_prefix(member, "seats/")) {
            guint seat = (guint) (member[6] - '0');
            target = json_array_get_object_element(
                json_object_get_array_member(target, "seats"), seat);
            member += 8;
        }
        if (cases[i].value == NULL) {
            json_object_remove_member(target, member);
        } else {
            g_autoptr(GError) parse_error = NULL;
            JsonNode *value = lp_json_parse(cases[i].value, -1, &parse_error);
            g_assert_no_error(parse_error);
            json_object_set_member(target, member, value);
        }
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) mirror = lp_game_mirror_new(MINDEN_TYPE_GAME, view, &error);
        g_test_message("%s = %s: %s", cases[i].member, cases[i].value,
                       error ? error->message : "accepted");
        g_assert_null(mirror);
        g_assert_error(error, LP_SAVE_ERROR, cases[i].code);
        g_assert_true(g_utf8_validate(error->message, -1, NULL));
    }
}

/* ---- actions ---------------------------------------------------------------------------- */

static char *save_text(MindenGame *game)
{
    return test_save(game);
}

static void assert_refused(MindenGame *game, guint seat, const char *json, int code)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) action = lp_json_parse(json, -1, &error);
    g_assert_no_error(error);
    g_autofree char *before = save_text(game);
    gboolean ok = lp_game_apply_action(LP_GAME(game), seat, action, &error);
    g_test_message("seat %u sends %s: %s", seat, json, error ? error->message : "played");
    g_assert_false(ok);
    g_assert_error(error, LP_GAME_ERROR, code);
    g_autofree char *after = save_text(game);
    g_assert_cmpstr(after, ==, before);
}

/* Steps the game until phase, by its computers. */
static void run_until(MindenGame *game, MindenPhase phase)
{
    while (minden_game_get_phase(game) != phase)
        g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
}

static void test_apply_action_refuses(void)
{
    g_autoptr(TestGame) game = real_game(3, 5, FALSE);
    run_until(game, MINDEN_PHASE_CHOOSE);
    guint current = (guint) lp_game_get_current_seat(LP_GAME(game));
    guint other = (current + 1) % 3;
    const char *offered = _minden_game_card_id(game, g_array_index(minden_game_get_offer(game),
                                                                   guint, 0));
    GArray *draw = minden_game_get_draw_pile(game);
    const char *hidden = _minden_game_card_id(game, g_array_index(draw, guint, 0));
    g_autofree char *good = g_strdup_printf("{\"type\":\"choose\",\"card\":\"%s\",\"swap\":false}",
                                            offered);

    /* Malformed shapes. */
    assert_refused(game, current, "[1,2]", LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, current, "{\"card\":\"y-hamburg\"}", LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, current, "{\"type\":7}", LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, current, "{\"type\":\"choose\"}", LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, current, "{\"type\":\"choose\",\"card\":3,\"swap\":false}",
                   LP_GAME_ERROR_ILLEGAL_MOVE);
    {
        g_autofree char *bad_swap =
            g_strdup_printf("{\"type\":\"choose\",\"card\":\"%s\",\"swap\":\"no\"}", offered);
        assert_refused(game, current, bad_swap, LP_GAME_ERROR_ILLEGAL_MOVE);
        g_autofree char *no_swap = g_strdup_printf("{\"type\":\"choose\",\"card\":\"%s\"}",
                                                   offered);
        assert_refused(game, current, no_swap, LP_GAME_ERROR_ILLEGAL_MOVE);
        g_autofree char *extra = g_strdup_printf(
            "{\"type\":\"choose\",\"card\":\"%s\",\"swap\":false,\"seat\":%u}", offered, other);
        assert_refused(game, current, extra, LP_GAME_ERROR_ILLEGAL_MOVE);
    }
    assert_refused(game, current, "{\"type\":\"choose\",\"card\":\"no-such\",\"swap\":false}",
                   LP_GAME_ERROR_ILLEGAL_MOVE);
    /* Unknown type. */
    assert_refused(game, current, "{\"type\":\"pass\"}", LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, current, "{\"type\":\"advance\"}", LP_GAME_ERROR_ILLEGAL_MOVE);
    /* Another seat's decision, a seat that is not at the table. */
    assert_refused(game, other, good, LP_GAME_ERROR_NOT_YOUR_TURN);
    assert_refused(game, 3, good, LP_GAME_ERROR_NOT_YOUR_TURN);
    /* Out of turn: a tip while the cards are chosen. */
    assert_refused(game, current, "{\"type\":\"tip\",\"stones\":[\"W\"]}",
                   LP_GAME_ERROR_WRONG_PHASE);
    assert_refused(game, other, "{\"type\":\"tip\",\"stones\":[\"W\"]}",
                   LP_GAME_ERROR_NOT_YOUR_TURN);
    /* Illegal: a card that was not revealed. */
    g_autofree char *unrevealed = g_strdup_printf(
        "{\"type\":\"choose\",\"card\":\"%s\",\"swap\":false}", hidden);
    assert_refused(game, current, unrevealed, LP_GAME_ERROR_ILLEGAL_MOVE);

    /* The tipping phase. */
    run_until(game, MINDEN_PHASE_TIP);
    guint tipped = (guint) lp_game_get_computer_seat(LP_GAME(game));
    g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
    g_assert_true(minden_game_has_tipped(game, tipped));
    guint waiting = (guint) lp_game_get_computer_seat(LP_GAME(game));
    static const char *const malformed_tips[] = {
        "{\"type\":\"tip\"}",
        "{\"type\":\"tip\",\"stones\":\"W\"}",
        "{\"type\":\"tip\",\"stones\":[]}",
        "{\"type\":\"tip\",\"stones\":[\"W\",\"N\",\"1\",\"A\",\"A\"]}",
        "{\"type\":\"tip\",\"stones\":[1]}",
        "{\"type\":\"tip\",\"stones\":[\"X\"]}",
        /* Band M has 10 sectors only. */
        "{\"type\":\"tip\",\"stones\":[\"W\",\"M\",\"12\"]}",
        "{\"type\":\"tip\",\"stones\":[\"W\"],\"seat\":0}",
    };
    for (guint i = 0; i < G_N_ELEMENTS(malformed_tips); i++)
        assert_refused(game, waiting, malformed_tips[i], LP_GAME_ERROR_ILLEGAL_MOVE);
    assert_refused(game, waiting, good, LP_GAME_ERROR_WRONG_PHASE);
    /* A seat that has tipped tips no second time. */
    assert_refused(game, tipped, "{\"type\":\"tip\",\"stones\":[\"W\"]}",
                   LP_GAME_ERROR_NOT_YOUR_TURN);

    /* The scoring is nobody's decision. */
    run_until(game, MINDEN_PHASE_SCORE);
    assert_refused(game, 0, "{\"type\":\"tip\",\"stones\":[\"W\"]}", LP_GAME_ERROR_NOT_YOUR_TURN);
}

static void on_requested(LpGame *mirror, JsonNode *action, JsonNode **out)
{
    g_assert_null(*out);
    *out = json_node_copy(action);
}

/* What a move on a mirror requests, applied on the game, plays the same move as calling the
 * move function on the game; the mirror itself does not change. */
static void test_mirror_requests_play_the_same_move(void)
{
    g_autoptr(TestGame) game = real_game(4, 9, TRUE);
    guint checked_choose = 0, checked_swap = 0, checked_tip = 0;

    while (!lp_game_is_over(LP_GAME(game)) && minden_game_get_round(game) < 6) {
        int seat = lp_game_get_computer_seat(LP_GAME(game));
        if (seat < 0) {
            g_assert_true(lp_game_computer_step(LP_GAME(game), minden_ai_move));
            continue;
        }
        g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), seat);
        g_autoptr(TestGame) mirror = mirror_of(view);
        g_autofree char *mirror_before = view_state_text(mirror, seat);
        JsonNode *requested = NULL;
        g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &requested);
        g_autoptr(TestGame) copy = test_roundtrip(game);
        g_autoptr(GError) error = NULL;
        if (minden_game_get_phase(game) == MINDEN_PHASE_CHOOSE) {
            /* Every other choice with a swap token, while there are any. */
            guint card = g_array_index(minden_game_get_offer(game), guint,
                                       checked_choose % minden_game_get_offer(game)->len);
            gboolean swap = checked_choose % 2 == 1 && minden_game_get_swaps_left(game, seat) > 0;
            g_assert_true(minden_game_choose(mirror, seat, card, swap, &error));
            g_assert_no_error(error);
            g_assert_true(minden_game_choose(copy, seat, card, swap, &error));
            checked_choose++;
            checked_swap += swap;
        } else {
            MindenTip tip = { 3, MINDEN_EAST, MINDEN_MIDDLE, 4, -1 };
            g_assert_true(minden_game_tip(mirror, seat, &tip, &error));
            g_assert_no_error(error);
            g_assert_true(minden_game_tip(copy, seat, &tip, &error));
            checked_tip++;
        }
        g_assert_no_error(error);
        g_autoptr(JsonNode) action = requested;
        g_assert_nonnull(action);
        g_autofree char *mirror_after = view_state_text(mirror, seat);
        g_assert_cmpstr(mirror_after, ==, mirror_before);
        g_assert_true(lp_game_apply_action(LP_GAME(game), (guint) seat, action, &error));
        g_assert_no_error(error);
        g_autofree char *by_action = save_text(game);
        g_autofree char *by_hand = save_text(copy);
        g_assert_cmpstr(by_action, ==, by_hand);
    }
    g_assert_cmpuint(checked_choose, >, 8);
    g_assert_cmpuint(checked_swap, >, 2);
    g_assert_cmpuint(checked_tip, >, 8);
}

/* A mirror acts for its own seat only, an onlooker's for nobody, and takes no step of the
 * game's own. */
static void test_mirror_acts_for_its_seat_only(void)
{
    g_autoptr(TestGame) game = real_game(3, 12, FALSE);
    run_until(game, MINDEN_PHASE_CHOOSE);
    guint current = (guint) lp_game_get_current_seat(LP_GAME(game));
    guint card = g_array_index(minden_game_get_offer(game), guint, 0);
    for (int viewer = LP_VIEWER_ONLOOKER; viewer < 3; viewer++) {
        if (viewer == (int) current)
            continue;
        g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), viewer);
        g_autoptr(TestGame) mirror = mirror_of(view);
        JsonNode *requested = NULL;
        g_signal_connect(mirror, "action-requested", G_CALLBACK(on_requested), &requested);
        g_autoptr(GError) error = NULL;
        g_assert_false(minden_game_choose(mirror, current, card, FALSE, &error));
        g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN);
        g_assert_null(requested);
        /* The computer player of that seat has nothing to decide. */
        g_assert_false(minden_ai_move(LP_GAME(mirror)));
        g_assert_null(requested);
    }
    run_until(game, MINDEN_PHASE_SCORE);
    g_autoptr(JsonNode) view = lp_game_view(LP_GAME(game), 0);
    g_autoptr(TestGame) mirror = mirror_of(view);
    g_autofree char *before = view_state_text(mirror, 0);
    g_autoptr(GError) error = NULL;
    g_assert_false(minden_game_advance(mirror, &error));
    g_assert_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE);
    g_autofree char *after = view_state_text(mirror, 0);
    g_assert_cmpstr(after, ==, before);
}

/* Tipping is all at once: the computer seats go in seat order, people are waited for and
 * never acted for. */
static void test_computer_seat_while_tipping(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = players_with(3, 0);
    g_autoptr(LpGame) game = lp_game_new_of_type(MINDEN_TYPE_GAME, players, 3, FALSE, &error);
    g_assert_no_error(error);
    MindenGame *self = MINDEN_GAME(game);
    while (minden_game_get_phase(self) != MINDEN_PHASE_TIP) {
        if (lp_game_get_current_seat(game) == 0) {
            guint card = g_array_index(minden_game_get_offer(self), guint, 0);
            g_assert_true(minden_game_choose(self, 0, card, FALSE, &error));
        } else {
            g_assert_true(lp_game_computer_step(game, minden_ai_move));
        }
    }
    g_assert_cmpint(lp_game_get_computer_seat(game), ==, 1);
    g_assert_true(lp_game_computer_step(game, minden_ai_move));
    g_assert_cmpint(lp_game_get_computer_seat(game), ==, 2);
    g_assert_true(lp_game_computer_step(game, minden_ai_move));
    g_assert_cmpint(lp_game_get_computer_seat(game), ==, -1);
    g_assert_false(lp_game_computer_step(game, minden_ai_move));
    g_assert_false(minden_game_has_tipped(self, 0));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/minden/view/whole-games", test_views_over_whole_games);
    g_test_add_func("/minden/view/old-saves", test_views_of_old_saves);
    g_test_add_func("/minden/view/leak-check-catches-planted-leaks",
                    test_leak_check_catches_planted_leaks);
    g_test_add_func("/minden/view/mirror-refuses-broken-views", test_mirror_refuses_broken_views);
    g_test_add_func("/minden/view/apply-action-refuses", test_apply_action_refuses);
    g_test_add_func("/minden/view/mirror-requests-play-the-same-move",
                    test_mirror_requests_play_the_same_move);
    g_test_add_func("/minden/view/mirror-acts-for-its-seat-only",
                    test_mirror_acts_for_its_seat_only);
    g_test_add_func("/minden/view/computer-seat-while-tipping", test_computer_seat_while_tipping);
    return g_test_run();
}
