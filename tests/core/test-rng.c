/* SPDX-License-Identifier: GPL-3.0-or-later */
/* LpRng: determinism, ranges, and a state that survives JSON exactly. */
#include "lp-error.h"
#include "lp-json.h"
#include "lp-rng.h"

static void test_same_seed_same_stream(void)
{
    g_autoptr(LpRng) a = lp_rng_new(42);
    g_autoptr(LpRng) b = lp_rng_new(42);
    g_autoptr(LpRng) c = lp_rng_new(43);
    gboolean differs = FALSE;
    for (int i = 0; i < 1000; i++) {
        guint64 x = lp_rng_next_u64(a);
        g_assert_cmpuint(x, ==, lp_rng_next_u64(b));
        differs |= x != lp_rng_next_u64(c);
    }
    g_assert_true(differs);
}

static void test_round_trip(void)
{
    g_autoptr(LpRng) a = lp_rng_new(7);
    for (int i = 0; i < 17; i++)
        lp_rng_next_u64(a);
    g_autoptr(JsonNode) node = lp_rng_to_json(a);
    g_autofree char *text = lp_json_to_string(node, FALSE);
    g_autoptr(JsonNode) parsed = lp_json_parse(text, -1, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpRng) b = lp_rng_from_json(parsed, &error);
    g_assert_no_error(error);
    g_assert_true(lp_rng_equal(a, b));
    for (int i = 0; i < 100; i++)
        g_assert_cmpint(lp_rng_int_range(a, -5, 1000), ==, lp_rng_int_range(b, -5, 1000));
}

static void test_ranges(void)
{
    g_autoptr(LpRng) r = lp_rng_new(1);
    int counts[6] = {0};
    for (int i = 0; i < 60000; i++) {
        int v = lp_rng_int_range(r, 0, 6);
        g_assert_cmpint(v, >=, 0);
        g_assert_cmpint(v, <, 6);
        counts[v]++;
        double d = lp_rng_double(r);
        g_assert_cmpfloat(d, >=, 0.0);
        g_assert_cmpfloat(d, <, 1.0);
    }
    for (int i = 0; i < 6; i++)
        g_assert_cmpint(ABS(counts[i] - 10000), <, 600);
    double sum = 0, sq = 0;
    for (int i = 0; i < 20000; i++) {
        double g = lp_rng_gauss(r, 3.0, 2.0);
        sum += g;
        sq += g * g;
    }
    double mean = sum / 20000, var = sq / 20000 - mean * mean;
    g_assert_cmpfloat(ABS(mean - 3.0), <, 0.1);
    g_assert_cmpfloat(ABS(var - 4.0), <, 0.3);
}

static void test_shuffle(void)
{
    g_autoptr(LpRng) r = lp_rng_new(5);
    int v[50];
    for (int i = 0; i < 50; i++)
        v[i] = i;
    lp_rng_shuffle(r, v, 50, sizeof v[0]);
    int seen[50] = {0}, moved = 0;
    for (int i = 0; i < 50; i++) {
        seen[v[i]]++;
        moved += v[i] != i;
    }
    for (int i = 0; i < 50; i++)
        g_assert_cmpint(seen[i], ==, 1);
    g_assert_cmpint(moved, >, 30);
}

static void test_bad_state(void)
{
    const char *bad[] = {
        "[1,2,3,4]",
        "{\"algorithm\":\"mt\",\"state\":[\"0\",\"0\",\"0\",\"0\"]}",
        "{\"algorithm\":\"xoshiro256**\",\"state\":[\"0000000000000001\"]}",
        "{\"algorithm\":\"xoshiro256**\",\"state\":[\"000000000000000g\",\"0000000000000001\","
        "\"0000000000000001\",\"0000000000000001\"]}",
        "{\"algorithm\":\"xoshiro256**\",\"state\":[\"0000000000000000\",\"0000000000000000\","
        "\"0000000000000000\",\"0000000000000000\"]}",
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(JsonNode) node = lp_json_parse(bad[i], -1, NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpRng) r = lp_rng_from_json(node, &error);
        g_assert_null(r);
        g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RNG);
    }
}

static void test_derive_seed(void)
{
    g_assert_cmpuint(lp_rng_derive_seed(1, 0), ==, lp_rng_derive_seed(1, 0));
    g_assert_cmpuint(lp_rng_derive_seed(1, 0), !=, lp_rng_derive_seed(1, 1));
    g_assert_cmpuint(lp_rng_derive_seed(1, 0), !=, lp_rng_derive_seed(2, 0));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rng/same-seed", test_same_seed_same_stream);
    g_test_add_func("/rng/round-trip", test_round_trip);
    g_test_add_func("/rng/ranges", test_ranges);
    g_test_add_func("/rng/shuffle", test_shuffle);
    g_test_add_func("/rng/bad-state", test_bad_state);
    g_test_add_func("/rng/derive-seed", test_derive_seed);
    return g_test_run();
}
