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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/player/youngest", test_youngest);
    g_test_add_func("/player/round-trip", test_round_trip);
    g_test_add_func("/player/bad", test_bad_player);
    g_test_add_func("/player/palette", test_palette);
    return g_test_run();
}
