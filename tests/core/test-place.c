/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Where were they?" (issue 15): the places each game puts on the map lie where the card data
 * (data/buxtehude-cards.json, data/minden-cards.json) says, grouped and marked right or wrong
 * as the game scored them. */
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "aa-game.h"
#include "bux-game.h"
#include "lp-games.h"
#include "lp-place.h"
#include "minden-game.h"
#include "minden-grid.h"

static const char *const colours[] = { "#1c71d8", "#e01b24", "#26a269", "#f6d32d" };

static GPtrArray *computer_players(guint n)
{
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    static const char *const names[] = { "Anna", "Ben", "Cem", "Dora" };

    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players, lp_player_new(names[i], 30 + i, colours[i], LP_PLAYER_COMPUTER,
                                               LP_LEVEL_NORMAL));
    return players;
}

/* A game of kind played to its end by computers. */
static LpGame *play_to_end_with(const char *kind, guint n, guint64 seed, gboolean option)
{
    const LpGameRules *rules = lp_games_lookup(kind);
    g_autoptr(GPtrArray) players = computer_players(n);
    g_autoptr(GError) error = NULL;

    g_assert_nonnull(rules);
    LpGame *game = lp_game_new_of_type(rules->get_type(), players, seed, option, &error);
    g_assert_no_error(error);
    lp_game_run_computers(game, rules->computer_move);
    g_assert_true(lp_game_is_over(game));
    return game;
}

static LpGame *play_to_end(const char *kind, guint n, guint64 seed)
{
    return play_to_end_with(kind, n, seed, FALSE);
}

/* The cards of a data file by the name the game shows (English: the tests run in C). */
static JsonObject *cards_by_name(const char *file, GHashTable **out_table, JsonParser **parser)
{
    g_autofree char *path = g_build_filename(g_getenv("LANDPARTIE_SOURCE_DIR"), "data", file,
                                             NULL);
    g_autoptr(GError) error = NULL;
    GHashTable *table = g_hash_table_new(g_str_hash, g_str_equal);

    *parser = json_parser_new();
    g_assert_true(json_parser_load_from_file(*parser, path, &error));
    g_assert_no_error(error);
    JsonObject *root = json_node_get_object(json_parser_get_root(*parser));
    JsonArray *cards = json_object_get_array_member(root, "cards");
    for (guint i = 0; i < json_array_get_length(cards); i++) {
        JsonObject *card = json_array_get_object_element(cards, i);
        const char *name = json_object_has_member(card, "name_en")
                               ? json_object_get_string_member(card, "name_en")
                               : json_object_get_string_member(card, "name_de");
        g_hash_table_insert(table, (gpointer) name, card);
        /* A Minden sight shows with its town: "Cologne Cathedral (Cologne)". */
        if (json_object_has_member(card, "town_en")) {
            char *with_town = g_strdup_printf("%s (%s)", name,
                                              json_object_get_string_member(card, "town_en"));
            g_object_set_data_full(G_OBJECT(*parser), with_town, with_town, g_free);
            g_hash_table_insert(table, with_town, card);
        }
    }
    *out_table = table;
    return root;
}

static void test_place_list(void)
{
    g_autoptr(LpPlaceList) list = lp_place_list_new();
    guint g = lp_place_list_add_group(list, "Cross 1", NULL);
    guint h = lp_place_list_add_group(list, "Anna", "#1c71d8");

    g_assert_cmpuint(lp_place_list_get_n_groups(list), ==, 2);
    g_assert_null(lp_place_list_get_group_colour(list, g));
    g_assert_cmpstr(lp_place_list_get_group_colour(list, h), ==, "#1c71d8");

    LpPlace *p = lp_place_list_add(list, "Buxtehude", 53.47, 9.70, g, LP_PLACE_WRONG);
    lp_place_set_facts(p, "");
    g_assert_null(p->facts);
    lp_place_set_facts(p, "40,000 inhabitants");
    LpPlace *a = lp_place_list_add_area(list, "W · N · 3", 52, 53, 7, 8, h, LP_PLACE_RIGHT);
    g_assert_true(a->is_area);
    g_assert_cmpfloat(a->lat, ==, 52.5);
    g_assert_cmpfloat(a->lon, ==, 7.5);
    g_assert_cmpuint(lp_place_list_count(list, LP_PLACE_WRONG), ==, 1);
    /* A tip cell is not a card: it does not count as a right card. */
    g_assert_cmpuint(lp_place_list_count(list, LP_PLACE_RIGHT), ==, 0);

    g_autofree char *d = lp_place_describe(lp_place_list_get_place(list, 0), list);
    g_assert_cmpstr(d, ==, "Buxtehude, wrong, Cross 1");
}

static void check_bux_places(LpGame *game, LpPlaceList *places, GHashTable *cards)
{
    /* Three crosses, each its own group. */
    g_assert_cmpuint(lp_place_list_get_n_groups(places), ==, 3);
    guint per_group[3] = { 0 };
    GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint i = 0; i < lp_place_list_get_n_places(places); i++) {
        const LpPlace *p = lp_place_list_get_place(places, i);
        JsonObject *card = g_hash_table_lookup(cards, p->name);
        g_assert_nonnull(card);
        /* Where the card says, to the digit. */
        g_assert_cmpfloat(p->lat, ==, json_object_get_double_member(card, "lat"));
        g_assert_cmpfloat(p->lon, ==, json_object_get_double_member(card, "lon"));
        g_assert_false(p->is_area);
        g_assert_nonnull(p->facts);
        g_assert_cmpuint(p->group, <, 3);
        /* Every card once. */
        g_assert_false(g_hash_table_contains(seen, p->name));
        g_hash_table_add(seen, p->name);
        per_group[p->group]++;
    }
    g_hash_table_unref(seen);
    for (guint c = 0; c < 3; c++)
        g_assert_cmpuint(per_group[c], >=, 1);

    /* The last cross's wrong cards are the ones the final scoring counted. */
    const BuxScoring *sc = bux_game_get_last_scoring(BUX_GAME(game));
    g_assert_nonnull(sc);
    BuxDeck *deck = bux_game_get_deck(BUX_GAME(game));
    guint wrong_in_last = 0, cards_in_last = 0, challenged = 0;
    for (guint i = 0; i < lp_place_list_get_n_places(places); i++) {
        const LpPlace *p = lp_place_list_get_place(places, i);
        /* Rightly challenged cards left the cross: wrong, and said so. */
        if (p->label != NULL) {
            g_assert_nonnull(strstr(p->label, "challenged"));
            g_assert_cmpint(p->state, ==, LP_PLACE_WRONG);
            challenged++;
            continue;
        }
        if (p->group != 2)
            continue;
        cards_in_last++;
        gboolean listed = FALSE;
        for (guint w = 0; w < sc->wrong->len; w++)
            listed |= strcmp(bux_card_get_name(bux_deck_get_card(
                                 deck, g_array_index(sc->wrong, int, w))),
                             p->name) == 0;
        g_assert_cmpint(p->state == LP_PLACE_WRONG, ==, listed);
        wrong_in_last += p->state == LP_PLACE_WRONG;
        if (strcmp(p->name, bux_card_get_name(bux_deck_get_card(deck, sc->start))) == 0)
            g_assert_cmpint(p->state, ==, LP_PLACE_NEUTRAL);
    }
    g_assert_cmpuint(wrong_in_last, ==, (guint) sc->count);
    guint laid = 1;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        laid += sc->arms[a]->len;
    g_assert_cmpuint(cards_in_last, ==, laid);

    /* Every rightful challenge of the game took one card out. */
    guint won = 0;
    for (guint s = 0; s < lp_game_get_n_players(game); s++)
        won += bux_game_get_figures(BUX_GAME(game), s)->won;
    g_assert_cmpuint(challenged, ==, won);
}

static void assert_same_places(LpPlaceList *a, LpPlaceList *b)
{
    g_assert_cmpuint(lp_place_list_get_n_places(a), ==, lp_place_list_get_n_places(b));
    for (guint i = 0; i < lp_place_list_get_n_places(a); i++) {
        const LpPlace *x = lp_place_list_get_place(a, i);
        const LpPlace *y = lp_place_list_get_place(b, i);
        g_assert_cmpstr(x->name, ==, y->name);
        g_assert_cmpstr(x->label, ==, y->label);
        g_assert_cmpint(x->state, ==, y->state);
        g_assert_cmpuint(x->group, ==, y->group);
    }
}

/* A game saved in the middle of a cross and resumed ends with the same map as the game that
 * went on: the running cross's challenged cards are in the save. */
static void test_bux_resume(void)
{
    const LpGameRules *rules = lp_games_lookup("buxtehude");
    g_autoptr(GPtrArray) players = computer_players(3);

    for (guint steps = 40; steps <= 160; steps += 60) {
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) game = lp_game_new_of_type(BUX_TYPE_GAME, players, 3, FALSE, &error);
        g_assert_no_error(error);
        for (guint i = 0; i < steps && lp_game_computer_step(game, rules->computer_move); i++)
            ;
        g_autofree char *data = lp_game_save_to_data(game, NULL);
        g_autoptr(LpGame) resumed = lp_game_restore_from_data(BUX_TYPE_GAME, data, -1, &error);
        g_assert_no_error(error);
        lp_game_run_computers(game, rules->computer_move);
        lp_game_run_computers(resumed, rules->computer_move);
        g_assert_true(lp_game_is_over(resumed));
        g_autoptr(LpPlaceList) a = lp_game_get_places(game);
        g_autoptr(LpPlaceList) b = lp_game_get_places(resumed);
        assert_same_places(a, b);
    }
}

static void test_bux_places(void)
{
    g_autoptr(JsonParser) parser = NULL;
    g_autoptr(GHashTable) cards = NULL;
    cards_by_name("buxtehude-cards.json", &cards, &parser);

    for (guint64 seed = 1; seed <= 3; seed++) {
        g_autoptr(LpGame) game = play_to_end("buxtehude", 3, seed);
        g_autoptr(LpPlaceList) places = lp_game_get_places(game);
        g_assert_nonnull(places);
        g_assert_null(lp_place_list_get_note(places));
        check_bux_places(game, places, cards);

        /* A finished game saved and loaded shows the same crosses; saving again gives the
         * same bytes. */
        gsize len = 0;
        g_autofree char *data = lp_game_save_to_data(game, &len);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) loaded = lp_game_restore_from_data(BUX_TYPE_GAME, data, len, &error);
        g_assert_no_error(error);
        g_autofree char *again = lp_game_save_to_data(loaded, NULL);
        g_assert_cmpstr(data, ==, again);
        g_autoptr(LpPlaceList) reloaded = lp_game_get_places(loaded);
        assert_same_places(places, reloaded);
    }
}

static void test_bux_bad_crosses(void)
{
    g_autoptr(LpGame) game = play_to_end("buxtehude", 2, 7);
    g_autofree char *data = lp_game_save_to_data(game, NULL);
    g_autoptr(JsonNode) root = json_from_string(data, NULL);
    JsonObject *state = json_object_get_object_member(json_node_get_object(root), "state");
    JsonObject *where = json_object_get_object_member(state, "crosses");
    JsonArray *crosses = json_object_get_array_member(where, "done");
    JsonObject *first = json_array_get_object_element(crosses, 0);

    /* A card that is not in the deck: refused, no crash. */
    json_object_set_string_member(first, "start", "atlantis");
    g_autofree char *bad = json_to_string(root, FALSE);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) loaded = lp_game_restore_from_data(BUX_TYPE_GAME, bad, -1, &error);
    g_assert_null(loaded);
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD);
    g_clear_error(&error);

    /* A save from before issue 15 (no "crosses") loads and shows nothing. */
    json_object_remove_member(state, "crosses");
    g_autofree char *old = json_to_string(root, FALSE);
    g_autoptr(LpGame) old_game = lp_game_restore_from_data(BUX_TYPE_GAME, old, -1, &error);
    g_assert_no_error(error);
    g_autoptr(LpPlaceList) places = lp_game_get_places(old_game);
    g_assert_cmpuint(lp_place_list_get_n_places(places), ==, 0);
    g_assert_nonnull(lp_place_list_get_note(places));
}

static void test_minden_places(gconstpointer data)
{
    gboolean purple = GPOINTER_TO_INT(data);
    g_autoptr(JsonParser) parser = NULL;
    g_autoptr(GHashTable) cards = NULL;
    cards_by_name("minden-cards.json", &cards, &parser);

    g_autoptr(LpGame) game = play_to_end_with("minden", 3, 11, purple);
    MindenGame *mg = MINDEN_GAME(game);
    g_autoptr(LpPlaceList) places = lp_game_get_places(game);

    /* One group per player, in the player's colour. */
    g_assert_cmpuint(lp_place_list_get_n_groups(places), ==, 3);
    for (guint s = 0; s < 3; s++) {
        g_assert_cmpstr(lp_place_list_get_group_name(places, s), ==,
                        lp_player_get_display_name(lp_game_get_player(game, s)));
        g_assert_cmpstr(lp_place_list_get_group_colour(places, s), ==, colours[s]);
    }

    /* Every scored tip: its card at a solution point of the data file, then the tipped
     * cell, both right or wrong as scored. */
    guint n = minden_game_get_history_length(mg);
    g_assert_cmpuint(n, >, 0);
    g_assert_cmpuint(lp_place_list_get_n_places(places), ==, 2 * n);
    guint n_right = 0;
    for (guint i = 0; i < n; i++) {
        const MindenScoredTip *e = minden_game_get_history_entry(mg, i);
        const LpPlace *card = lp_place_list_get_place(places, 2 * i);
        const LpPlace *cell = lp_place_list_get_place(places, 2 * i + 1);
        LpPlaceState want = e->right ? LP_PLACE_RIGHT : LP_PLACE_WRONG;
        n_right += e->right;

        JsonObject *data = g_hash_table_lookup(cards, card->name);
        g_assert_nonnull(data);
        JsonArray *solutions = json_object_get_array_member(data, "solutions");
        guint n_points = json_array_get_length(solutions);
        g_assert_cmpuint(1 + (card->more ? card->more->len : 0), ==, n_points);
        gboolean found = FALSE;
        for (guint p = 0; p < n_points; p++) {
            JsonObject *pt = json_array_get_object_element(solutions, p);
            found |= json_object_get_double_member(pt, "lat") == card->lat &&
                     json_object_get_double_member(pt, "lon") == card->lon;
        }
        g_assert_true(found);
        g_assert_false(card->is_area);
        g_assert_cmpint(card->state, ==, want);
        g_assert_cmpuint(card->group, ==, e->seat);

        double s, nn, w, east;
        minden_tip_region(&e->tip, &s, &nn, &w, &east);
        g_assert_true(cell->is_area);
        g_assert_cmpfloat(cell->south, ==, s);
        g_assert_cmpfloat(cell->north, ==, nn);
        g_assert_cmpfloat(cell->west, ==, w);
        g_assert_cmpfloat(cell->east, ==, east);
        g_assert_cmpint(cell->state, ==, want);
        g_assert_cmpuint(cell->group, ==, e->seat);
        g_assert_cmpint(card->linked, ==, 2 * i + 1);
        g_assert_cmpint(cell->linked, ==, 2 * i);
        /* A right card's mark lies inside its tipped cell. */
        if (e->right)
            g_assert_true(minden_tip_contains_point(&e->tip, card->lat, card->lon));
    }
    g_assert_cmpuint(lp_place_list_count(places, LP_PLACE_RIGHT), ==, n_right);

    /* With the purple cards, a sight names its town. */
    guint sights = 0;
    for (guint i = 0; i < n; i++) {
        const MindenScoredTip *e = minden_game_get_history_entry(mg, i);
        const MindenCard *card = minden_deck_get_card(minden_game_get_deck(mg), e->card);
        if (card->colour == MINDEN_PURPLE) {
            sights++;
            g_assert_true(g_str_has_suffix(lp_place_list_get_place(places, 2 * i)->name, ")"));
        }
    }
    g_assert_cmpint(sights > 0, ==, purple);
}

static void test_aufachse_places(void)
{
    g_autoptr(LpGame) game = play_to_end("aufachse", 3, 5);
    g_autoptr(LpPlaceList) places = lp_game_get_places(game);
    AaGame *ag = AA_GAME(game);

    /* Auf Achse cards carry no places: nothing on the map, a note why, and each player's
     * kilometres. */
    g_assert_cmpuint(lp_place_list_get_n_places(places), ==, 0);
    g_assert_nonnull(lp_place_list_get_note(places));
    g_assert_cmpuint(lp_place_list_get_n_lines(places), ==, 3);
    for (guint s = 0; s < 3; s++) {
        const char *line = lp_place_list_get_line(places, s);
        g_autofree char *total = g_strdup_printf("= %d km", aa_game_get_total_score(ag, s));
        g_assert_true(g_str_has_prefix(line, lp_player_get_display_name(lp_game_get_player(game, s))));
        g_assert_true(g_str_has_suffix(line, total));
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/place/list", test_place_list);
    g_test_add_func("/place/buxtehude", test_bux_places);
    g_test_add_func("/place/buxtehude-bad-crosses", test_bux_bad_crosses);
    g_test_add_func("/place/buxtehude-resume", test_bux_resume);
    g_test_add_data_func("/place/minden", GINT_TO_POINTER(FALSE), test_minden_places);
    g_test_add_data_func("/place/minden-purple", GINT_TO_POINTER(TRUE), test_minden_places);
    g_test_add_func("/place/aufachse", test_aufachse_places);
    return g_test_run();
}
