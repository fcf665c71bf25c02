/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the Auf Achse tests: players, and games built from a readable table spec. */
#include "aa-test-util.h"

#include "lp-json.h"

GPtrArray *aa_test_players(guint n, const char *kinds)
{
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    for (guint s = 0; s < n; s++) {
        char k = kinds != NULL ? kinds[s] : 'n';
        LpPlayerKind kind = k == 'h' ? LP_PLAYER_HUMAN : LP_PLAYER_COMPUTER;
        LpLevel level = k == 'e' ? LP_LEVEL_EASY : k == 'H' ? LP_LEVEL_HARD : LP_LEVEL_NORMAL;
        g_autofree char *name = g_strdup_printf("P%u", s);
        g_ptr_array_add(players, lp_player_new(name, 30 + s, colours[s % n_colours].hex, kind,
                                               level));
    }
    return players;
}

typedef struct {
    gboolean used[AA_N_CARDS];
} Pool;

static int take(Pool *pool, int face)
{
    for (guint c = 0; c < AA_N_CARDS; c++) {
        if (!pool->used[c] && aa_card_face(c) == face) {
            pool->used[c] = TRUE;
            return c;
        }
    }
    g_error("the deck has no more %s cards", aa_face_to_string(face));
}

static JsonArray *cards_of(Pool *pool, const char *spec)
{
    JsonArray *array = json_array_new();
    if (spec == NULL)
        return array;
    g_auto(GStrv) words = g_strsplit_set(spec, " ", -1);
    for (guint i = 0; words[i] != NULL; i++) {
        if (*words[i] == '\0')
            continue;
        int face;
        if (!aa_face_from_string(words[i], &face))
            g_error("bad face %s", words[i]);
        json_array_add_int_element(array, take(pool, face));
    }
    return array;
}

JsonNode *aa_test_state_from_table(const AaTestTable *t)
{
    Pool pool = {{FALSE}};
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "phase", t->phase != NULL ? t->phase : "play");
    json_object_set_int_member(obj, "stage", t->stage != 0 ? t->stage : 1);
    json_object_set_boolean_member(obj, "announced", TRUE);
    json_object_set_int_member(obj, "start_seat", t->start_seat);
    json_object_set_int_member(obj, "play_index", t->play_index);
    json_object_set_boolean_member(obj, "route_done", t->route_done);
    JsonArray *hands = json_array_new();
    JsonArray *routes = json_array_new();
    JsonArray *extra = json_array_new();
    for (guint s = 0; s < t->n_players; s++) {
        json_array_add_array_element(hands, cards_of(&pool, t->hands[s]));
        json_array_add_array_element(routes, cards_of(&pool, t->routes[s]));
        json_array_add_int_element(extra, t->extra_left[s]);
    }
    JsonArray *pile = cards_of(&pool, t->pile);
    JsonArray *counter = cards_of(&pool, t->counter);
    JsonArray *draw_top = cards_of(&pool, t->draw);
    JsonArray *discard = cards_of(&pool, t->discard);
    JsonArray *draw = json_array_new();
    for (guint c = 0; c < AA_N_CARDS; c++) {
        if (!pool.used[c])
            json_array_add_int_element(t->rest_to_discard ? discard : draw, c);
    }
    for (guint i = 0; i < json_array_get_length(draw_top); i++)
        json_array_add_int_element(draw, json_array_get_int_element(draw_top, i));
    json_array_unref(draw_top);
    JsonArray *owners = json_array_new();
    for (const char *p = t->pile_owners; p != NULL && *p != '\0'; p++)
        json_array_add_int_element(owners, *p - '0');
    json_object_set_array_member(obj, "draw", draw);
    json_object_set_array_member(obj, "discard", discard);
    json_object_set_array_member(obj, "pile", pile);
    json_object_set_array_member(obj, "pile_owners", owners);
    json_object_set_array_member(obj, "counter", counter);
    json_object_set_array_member(obj, "hands", hands);
    json_object_set_array_member(obj, "routes", routes);
    json_object_set_array_member(obj, "extra_left", extra);
    int action = -1;
    if (t->action != NULL) {
        int face;
        g_assert_true(aa_face_from_string(t->action, &face));
        /* The +1/+2 in effect lies on the discard pile already. */
        for (guint i = 0; i < json_array_get_length(discard); i++) {
            guint c = json_array_get_int_element(discard, i);
            if (aa_card_face(c) == face)
                action = c;
        }
    }
    json_object_set_int_member(obj, "action", action);
    json_object_set_int_member(obj, "last_resolved", -1);
    g_autoptr(JsonNode) scores = lp_json_parse(t->scores != NULL ? t->scores : "[]", -1, NULL);
    json_object_set_member(obj, "scores", json_node_copy(scores));
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

JsonNode *aa_test_envelope(guint n, const char *kinds, JsonNode *state)
{
    g_autoptr(GPtrArray) players = aa_test_players(n, kinds);
    g_autoptr(LpRng) rng = lp_rng_new(42);
    g_autoptr(AaGame) proto = aa_game_new(players, rng, NULL);
    JsonNode *root = lp_game_save(LP_GAME(proto));
    json_object_set_member(json_node_get_object(root), "state", state);
    return root;
}

AaGame *aa_test_game_from_table(const AaTestTable *table, GError **error)
{
    JsonNode *state = aa_test_state_from_table(table);
    g_autoptr(JsonNode) root = aa_test_envelope(table->n_players, table->kinds, state);
    LpGame *game = lp_game_restore(AA_TYPE_GAME, root, error);
    return game != NULL ? AA_GAME(game) : NULL;
}

char *aa_test_faces(GArray *cards)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < cards->len; i++) {
        if (i > 0)
            g_string_append_c(s, ' ');
        g_string_append(s, aa_card_to_string(g_array_index(cards, guint8, i)));
    }
    return g_string_free(s, FALSE);
}
