/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared helpers of the Minden tests: a small known deck, players, and games restored from
 * hand-written states. */
#pragma once

#include <string.h>

#include "lp-json.h"
#include "minden-ai.h"
#include "minden-game.h"

/* Real places with their real cells (checked in test-minden-grid). */
static const char test_deck_json[] =
    "{\"version\":1,\"cards\":["
    "{\"id\":\"y-hamburg\",\"colour\":\"yellow\",\"name_de\":\"Hamburg\","
    " \"solutions\":[{\"lat\":53.5511,\"lon\":9.9937}],\"fact_en\":\"Port city\"},"
    "{\"id\":\"y-muenchen\",\"colour\":\"yellow\",\"name_de\":\"München\",\"name_en\":\"Munich\","
    " \"solutions\":[{\"lat\":48.1372,\"lon\":11.5756}]},"
    "{\"id\":\"y-berlin\",\"colour\":\"yellow\",\"name_de\":\"Berlin\","
    " \"solutions\":[{\"lat\":52.5200,\"lon\":13.4050}]},"
    "{\"id\":\"y-koeln\",\"colour\":\"yellow\",\"name_de\":\"Köln\",\"name_en\":\"Cologne\","
    " \"solutions\":[{\"lat\":50.9375,\"lon\":6.9603}]},"
    "{\"id\":\"r-minden\",\"colour\":\"red\",\"name_de\":\"Minden\","
    " \"solutions\":[{\"lat\":52.2894,\"lon\":8.9168}]},"
    "{\"id\":\"r-buxtehude\",\"colour\":\"red\",\"name_de\":\"Buxtehude\","
    " \"solutions\":[{\"lat\":53.4769,\"lon\":9.7011}]},"
    "{\"id\":\"r-goerlitz\",\"colour\":\"red\",\"name_de\":\"Görlitz\","
    " \"solutions\":[{\"lat\":51.1529,\"lon\":14.9853}]},"
    "{\"id\":\"r-passau\",\"colour\":\"red\",\"name_de\":\"Passau\","
    " \"solutions\":[{\"lat\":48.5667,\"lon\":13.4319}]},"
    "{\"id\":\"b-bodensee\",\"colour\":\"blue\",\"name_de\":\"Bodensee\","
    " \"name_en\":\"Lake Constance\",\"solutions\":[{\"lat\":47.6500,\"lon\":9.3000},"
    " {\"lat\":47.7200,\"lon\":9.1000},{\"lat\":47.5600,\"lon\":9.6200}]},"
    "{\"id\":\"b-ruegen\",\"colour\":\"blue\",\"name_de\":\"Rügen\","
    " \"solutions\":[{\"lat\":54.4200,\"lon\":13.4000}]},"
    "{\"id\":\"b-harz\",\"colour\":\"blue\",\"name_de\":\"Harz\","
    " \"solutions\":[{\"lat\":51.7500,\"lon\":10.6200},{\"lat\":51.8000,\"lon\":11.0500}]},"
    "{\"id\":\"b-sylt\",\"colour\":\"blue\",\"name_de\":\"Sylt\","
    " \"solutions\":[{\"lat\":54.9000,\"lon\":8.3100}]},"
    "{\"id\":\"p-koelner-dom\",\"colour\":\"purple\",\"name_de\":\"Kölner Dom\","
    " \"name_en\":\"Cologne Cathedral\",\"town_de\":\"Köln\",\"town_en\":\"Cologne\","
    " \"solutions\":[{\"lat\":50.9413,\"lon\":6.9583}]},"
    "{\"id\":\"p-brandenburger-tor\",\"colour\":\"purple\",\"name_de\":\"Brandenburger Tor\","
    " \"town_de\":\"Berlin\",\"solutions\":[{\"lat\":52.5163,\"lon\":13.3777}]},"
    "{\"id\":\"p-neuschwanstein\",\"colour\":\"purple\",\"name_de\":\"Schloss Neuschwanstein\","
    " \"town_de\":\"Schwangau\",\"solutions\":[{\"lat\":47.5576,\"lon\":10.7498}]},"
    "{\"id\":\"p-wartburg\",\"colour\":\"purple\",\"name_de\":\"Wartburg\","
    " \"town_de\":\"Eisenach\",\"solutions\":[{\"lat\":50.9664,\"lon\":10.3061}]}"
    "]}";

/* A game the test owns alone: g_autoptr(TestGame) unrefs it with g_assert_finalize_object,
 * so a test fails when something it did keeps the game alive (a handler, a log, a cycle). */
typedef MindenGame TestGame;

static inline void test_game_finalize(TestGame *game)
{
    g_assert_finalize_object(game);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC(TestGame, test_game_finalize)

static inline MindenDeck *test_deck(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = lp_json_parse(test_deck_json, -1, &error);
    g_assert_no_error(error);
    MindenDeck *deck = minden_deck_new_from_json(root, &error);
    g_assert_no_error(error);
    return deck;
}

/* A big deck of generated places spread over Germany's box, per colour n cards, some with
 * several solution points: for the soak and the AI measurements. */
static inline MindenDeck *test_big_deck(guint per_colour, guint64 seed)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    g_autoptr(GString) s = g_string_new("{\"version\":1,\"cards\":[");
    static const char *const colours[] = { "yellow", "red", "blue", "purple" };
    static const char prefixes[] = "yrbp";
    char buf[G_ASCII_DTOSTR_BUF_SIZE];

    for (guint c = 0; c < 4; c++) {
        for (guint i = 0; i < per_colour; i++) {
            g_string_append_printf(s, "%s{\"id\":\"%c-place-%u\",\"colour\":\"%s\","
                                   "\"name_de\":\"Ort %c%u\",\"solutions\":[",
                                   (c || i) ? "," : "", prefixes[c], i, colours[c],
                                   prefixes[c], i);
            guint n = c == 2 ? (guint) lp_rng_int_range(rng, 1, 5) : 1;
            double lat = 47.4 + 7.5 * lp_rng_double(rng);
            double lon = 6.0 + 7.6 * lp_rng_double(rng);
            for (guint k = 0; k < n; k++) {
                g_string_append_printf(s, "%s{\"lat\":", k ? "," : "");
                g_string_append(s, g_ascii_dtostr(buf, sizeof buf, lat + 0.3 * k));
                g_string_append(s, ",\"lon\":");
                g_string_append(s, g_ascii_dtostr(buf, sizeof buf, lon + 0.4 * k));
                g_string_append(s, "}");
            }
            g_string_append(s, "]}");
        }
    }
    g_string_append(s, "]}");
    g_autoptr(JsonNode) root = lp_json_parse(s->str, -1, &error);
    g_assert_no_error(error);
    MindenDeck *deck = minden_deck_new_from_json(root, &error);
    g_assert_no_error(error);
    return deck;
}

static inline GPtrArray *test_players(guint n, const int *ages, gboolean computers)
{
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil" };
    static const char *const colours[] = { "#e01b24", "#1c71d8", "#2ec27e", "#f5c211",
                                           "#9141ac" };
    static const LpLevel levels[] = { LP_LEVEL_HARD, LP_LEVEL_EASY, LP_LEVEL_NORMAL,
                                      LP_LEVEL_EASY, LP_LEVEL_HARD };
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);

    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players,
                        lp_player_new(names[i], ages ? ages[i] : LP_AGE_UNKNOWN, colours[i],
                                      computers ? LP_PLAYER_COMPUTER : LP_PLAYER_HUMAN,
                                      levels[i]));
    return players;
}

static inline MindenGame *test_new_game(MindenDeck *deck, guint n, const int *ages,
                                        gboolean computers, gboolean purple, guint64 seed)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) players = test_players(n, ages, computers);
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    MindenGame *game = minden_game_new(players, rng, deck, purple, &error);
    g_assert_no_error(error);
    /* Mirrors, on which the computer players decide (issue 31), read the default deck as
     * restores do: make it this game's. */
    minden_deck_set_default(deck);
    /* Reveal the first round. */
    g_assert_true(minden_game_advance(game, &error));
    g_assert_no_error(error);
    return game;
}

static inline char *test_save(MindenGame *game)
{
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    /* The save time changes from call to call; compare the rest. */
    json_object_remove_member(json_node_get_object(root), "saved");
    return lp_json_to_string(root, FALSE);
}

static inline MindenGame *test_restore_node(JsonNode *root, GError **error)
{
    return MINDEN_GAME(lp_game_restore(MINDEN_TYPE_GAME, root, error));
}

static inline MindenGame *test_roundtrip(MindenGame *game)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    /* Restores read the default deck: make it this game's. */
    minden_deck_set_default(minden_game_get_deck(game));
    MindenGame *copy = test_restore_node(root, &error);
    g_assert_no_error(error);
    return copy;
}

/* A game restored from a hand-written state: members of state_json override those of the
 * fresh game's state, and every card that state_json does not place goes to the draw pile
 * (the "draw" member, when given, lists the top cards, top last). */
static inline MindenGame *test_game_from_state(MindenGame *base, const char *state_json,
                                               GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(base));
    g_autoptr(JsonNode) patch = lp_json_parse(state_json, -1, &local);
    g_assert_no_error(local);
    JsonObject *state = json_object_get_object_member(json_node_get_object(root), "state");
    JsonObject *po = json_node_get_object(patch);
    MindenDeck *deck = minden_game_get_deck(base);
    gboolean purple = minden_game_get_purple(base);
    g_autoptr(GHashTable) placed = g_hash_table_new(g_str_hash, g_str_equal);

    if (json_object_has_member(po, "purple"))
        purple = json_object_get_boolean_member(po, "purple");
    g_autoptr(GList) members = json_object_get_members(po);
    for (GList *l = members; l; l = l->next)
        json_object_set_member(state, l->data,
                               json_node_copy(json_object_get_member(po, l->data)));
    /* Collect the placed ids. */
    static const char *const piles[] = { "draw", "offer", "discard", "box" };
    for (guint i = 0; i < G_N_ELEMENTS(piles); i++) {
        JsonArray *a = json_object_get_array_member(state, piles[i]);
        if (json_object_has_member(po, piles[i]) || g_strcmp0(piles[i], "draw") != 0) {
            for (guint k = 0; k < json_array_get_length(a); k++)
                g_hash_table_add(placed, (gpointer) json_array_get_string_element(a, k));
        }
    }
    JsonArray *seats = json_object_get_array_member(state, "seats");
    for (guint i = 0; i < json_array_get_length(seats); i++) {
        JsonObject *so = json_array_get_object_element(seats, i);
        if (json_object_has_member(so, "card") && !json_object_get_null_member(so, "card"))
            g_hash_table_add(placed, (gpointer) json_object_get_string_member(so, "card"));
        JsonArray *kept = json_object_has_member(so, "kept")
                              ? json_object_get_array_member(so, "kept")
                              : NULL;
        for (guint k = 0; kept && k < json_array_get_length(kept); k++)
            g_hash_table_add(placed, (gpointer) json_array_get_string_element(kept, k));
    }
    JsonArray *draw = json_array_new();
    for (guint i = 0; i < minden_deck_get_n_cards(deck); i++) {
        const MindenCard *c = minden_deck_get_card(deck, i);
        if ((purple || c->colour != MINDEN_PURPLE) && !g_hash_table_contains(placed, c->id))
            json_array_add_string_element(draw, c->id);
    }
    if (json_object_has_member(po, "draw")) {
        JsonArray *top = json_object_get_array_member(po, "draw");
        for (guint k = 0; k < json_array_get_length(top); k++)
            json_array_add_string_element(draw, json_array_get_string_element(top, k));
    }
    json_object_set_array_member(state, "draw", draw);
    minden_deck_set_default(deck);
    return test_restore_node(root, error);
}
