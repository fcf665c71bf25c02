/* SPDX-License-Identifier: GPL-3.0-or-later */
/* LpPlayer: JSON round trip, and RULES.md's "youngest begins". */
#include "lp-error.h"
#include "lp-json.h"
#include "lp-player.h"

static GPtrArray *players_with_ages(const int *ages, guint n)
{
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++) {
        g_autofree char *name = g_strdup_printf("P%u", i);
        g_ptr_array_add(players, lp_player_new(name, ages[i], "#3584e4", LP_PLAYER_HUMAN,
                                               LP_LEVEL_NORMAL));
    }
    return players;
}

static void test_youngest(void)
{
    const int a[] = {40, 9, 12};
    const int b[] = {LP_AGE_UNKNOWN, 70, LP_AGE_UNKNOWN};
    const int c[] = {LP_AGE_UNKNOWN, LP_AGE_UNKNOWN};
    const int d[] = {30, 8, 8};
    g_autoptr(GPtrArray) pa = players_with_ages(a, 3);
    g_autoptr(GPtrArray) pb = players_with_ages(b, 3);
    g_autoptr(GPtrArray) pc = players_with_ages(c, 2);
    g_autoptr(GPtrArray) pd = players_with_ages(d, 3);
    g_assert_cmpuint(lp_players_youngest(pa), ==, 1);
    /* Unknown ages count as older than any known age. */
    g_assert_cmpuint(lp_players_youngest(pb), ==, 1);
    /* Remaining ties go by seat order. */
    g_assert_cmpuint(lp_players_youngest(pc), ==, 0);
    g_assert_cmpuint(lp_players_youngest(pd), ==, 1);
}

static void test_round_trip(void)
{
    g_autoptr(LpPlayer) p = lp_player_new("Anna", 9, "#E01B24", LP_PLAYER_COMPUTER,
                                          LP_LEVEL_HARD);
    g_autoptr(JsonNode) node = lp_player_to_json(p);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpPlayer) q = lp_player_from_json(node, &error);
    g_assert_no_error(error);
    g_assert_cmpstr(lp_player_get_name(q), ==, "Anna");
    g_assert_cmpint(lp_player_get_age(q), ==, 9);
    g_assert_cmpstr(lp_player_get_colour(q), ==, "#e01b24");
    g_assert_cmpint(lp_player_get_kind(q), ==, LP_PLAYER_COMPUTER);
    g_assert_cmpint(lp_player_get_level(q), ==, LP_LEVEL_HARD);
}

static void test_bad_player(void)
{
    const char *bad[] = {
        "{\"name\":\"\",\"age\":3,\"colour\":\"#ffffff\",\"kind\":\"human\"}",
        "{\"name\":\"A\",\"age\":-3,\"colour\":\"#ffffff\",\"kind\":\"human\"}",
        "{\"name\":\"A\",\"age\":3,\"colour\":\"red\",\"kind\":\"human\"}",
        "{\"name\":\"A\",\"age\":3,\"colour\":\"#ffffff\",\"kind\":\"robot\"}",
        "{\"name\":\"A\",\"age\":3,\"colour\":\"#ffffff\",\"kind\":\"computer\",\"level\":\"x\"}",
        "\"A\"",
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(JsonNode) node = lp_json_parse(bad[i], -1, NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpPlayer) p = lp_player_from_json(node, &error);
        g_assert_null(p);
        g_assert_nonnull(error);
    }
}

static void test_palette(void)
{
    guint n;
    const LpPlayerColour *c = lp_player_colours(&n);
    g_assert_cmpuint(n, >=, 6);
    for (guint i = 0; i < n; i++)
        g_assert_cmpint(lp_player_colour_index(c[i].hex), ==, (int)i);
    g_assert_cmpint(lp_player_colour_index("#000001"), ==, -1);
}

/* Issue 13: a seat nobody named is saved as "Player 3" and shown in the program's language
 * (here the untranslated C locale); a name that only looks similar stays as typed. */
static void test_default_name(void)
{
    g_autoptr(LpPlayer) p = lp_player_new("Player 3", 30, "#3584e4", LP_PLAYER_HUMAN,
                                          LP_LEVEL_NORMAL);
    g_assert_cmpstr(lp_player_get_name(p), ==, "Player 3");
    g_autoptr(JsonNode) node = lp_player_to_json(p);
    g_assert_cmpstr(json_object_get_string_member(json_node_get_object(node), "name"), ==,
                    "Player 3");
    const char *as_typed[] = {"Player 03", "Player 3x", "Player ", "Player 100", "player 3"};
    for (guint i = 0; i < G_N_ELEMENTS(as_typed); i++) {
        g_autoptr(LpPlayer) q = lp_player_new(as_typed[i], 30, "#3584e4", LP_PLAYER_HUMAN,
                                              LP_LEVEL_NORMAL);
        g_assert_cmpstr(lp_player_get_name(q), ==, as_typed[i]);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/player/youngest", test_youngest);
    g_test_add_func("/player/round-trip", test_round_trip);
    g_test_add_func("/player/bad", test_bad_player);
    g_test_add_func("/player/palette", test_palette);
    g_test_add_func("/player/default-name", test_default_name);
    return g_test_run();
}
