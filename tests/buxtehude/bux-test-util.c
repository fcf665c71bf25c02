/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Small decks, line-ups and games for the Buxtehude tests. */
#include "lp-event-log.h"
#include "bux-test-util.h"

#include "lp-json.h"

BuxDeck *bux_test_deck(const BuxTestCard *cards, guint n_cards)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "version");
    json_builder_add_int_value(b, 1);
    json_builder_set_member_name(b, "cards");
    json_builder_begin_array(b);
    for (guint i = 0; i < MAX(n_cards, 60); i++) {
        g_autofree char *filler = g_strdup_printf("f%02u", i);
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "id");
        json_builder_add_string_value(b, i < n_cards ? cards[i].id : filler);
        json_builder_set_member_name(b, "kind");
        json_builder_add_string_value(b, "place");
        json_builder_set_member_name(b, "name_de");
        json_builder_add_string_value(b, i < n_cards ? cards[i].id : filler);
        json_builder_set_member_name(b, "lat");
        json_builder_add_double_value(b, i < n_cards ? cards[i].lat : 47.5 + (i * 37 % 71) * 0.1);
        json_builder_set_member_name(b, "lon");
        json_builder_add_double_value(b, i < n_cards ? cards[i].lon : 6.0 + (i * 53 % 89) * 0.1);
        json_builder_set_member_name(b, "state");
        json_builder_add_string_value(b, "DE-NI");
        json_builder_set_member_name(b, "population");
        json_builder_add_int_value(b, 1000 + i * 5000);
        json_builder_set_member_name(b, "area_km2");
        json_builder_add_double_value(b, 50.0);
        json_builder_set_member_name(b, "difficulty");
        json_builder_add_int_value(b, i < n_cards ? 1 : (i % 3) + 1);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    g_autoptr(GError) error = NULL;
    BuxDeck *deck = bux_deck_new_from_json(root, &error);
    g_assert_no_error(error);
    return deck;
}

GPtrArray *bux_test_players(guint n, guint n_humans, LpLevel level, int youngest)
{
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil", "Frida" };
    static const char *const colours[] = { "#c01c28", "#1c71d8", "#2ec27e", "#e5a50a",
                                           "#813d9c", "#865e3c" };
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++) {
        g_ptr_array_add(players,
                        lp_player_new(names[i], (int)i == youngest ? 8 : LP_AGE_UNKNOWN,
                                      colours[i], i < n_humans ? LP_PLAYER_HUMAN
                                                               : LP_PLAYER_COMPUTER, level));
    }
    return players;
}

BuxGame *bux_test_game(BuxDeck *deck, GPtrArray *players, guint64 seed)
{
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    g_autoptr(GError) error = NULL;
    BuxGame *game = bux_game_new(players, rng, deck, FALSE, &error);
    g_assert_no_error(error);
    g_assert_true(bux_game_begin(game, &error));
    g_assert_no_error(error);
    return game;
}

int bux_test_card(BuxGame *game, const char *id)
{
    int card = bux_deck_lookup(bux_game_get_deck(game), id);
    g_assert_cmpint(card, >=, 0);
    return card;
}

static void on_event(LpEventLog *events, JsonObject *obj, GPtrArray *lines)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, obj);
    g_ptr_array_add(lines, lp_json_to_string(node, FALSE));
}

void bux_test_record_events(BuxGame *game, GPtrArray *lines)
{
    g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(on_event), lines);
}

guint bux_test_count_events(GPtrArray *lines, const char *name)
{
    g_autofree char *needle = g_strdup_printf("{\"event\":\"%s\"", name);
    guint n = 0;
    for (guint i = 0; i < lines->len; i++) {
        if (g_str_has_prefix(g_ptr_array_index(lines, i), needle))
            n++;
    }
    return n;
}

char *bux_test_state_string(BuxGame *game)
{
    g_autoptr(JsonNode) root = lp_game_save(LP_GAME(game));
    JsonNode *state = json_object_get_member(json_node_get_object(root), "state");
    return lp_json_to_string(state, FALSE);
}

BuxGame *bux_test_save_and_restore(BuxGame *game)
{
    gsize length;
    g_autofree char *data = lp_game_save_to_data(LP_GAME(game), &length);
    g_autoptr(GError) error = NULL;
    LpGame *restored = lp_game_restore_from_data(BUX_TYPE_GAME, data, length, &error);
    g_assert_no_error(error);
    g_assert_nonnull(restored);
    /* Save → load → save gives the same state. */
    g_autofree char *a = bux_test_state_string(game);
    g_autofree char *b = bux_test_state_string(BUX_GAME(restored));
    g_assert_cmpstr(a, ==, b);
    return BUX_GAME(restored);
}

void bux_test_finalize_game(BuxGame *game)
{
    g_assert_finalize_object(game);
}

/* Places the card in hand at the outer end of arm; everybody else lets it lie. */
void bux_test_place_at_end(BuxGame *game, BuxArm arm)
{
    g_autoptr(GError) error = NULL;
    guint n = lp_game_get_n_players(LP_GAME(game));
    g_assert_true(bux_game_place(game, arm, bux_game_get_arm_length(game, arm), &error));
    g_assert_no_error(error);
    for (guint s = 0; s < n && bux_game_get_phase(game) == BUX_PHASE_CHALLENGE; s++) {
        if (s != bux_game_get_turn_seat(game) && !bux_game_has_decided(game, s))
            g_assert_true(bux_game_pass(game, s, &error));
    }
}
