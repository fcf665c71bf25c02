/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden grid (RULES.md: Finden Sie Minden, Board): cells at and around every line. */
#include "minden-grid.h"

#include <string.h>

#include "lp-error.h"
#include "lp-rng.h"

static void assert_cell(double lat, double lon, const char *expected)
{
    MindenTip cell;
    minden_grid_locate(lat, lon, &cell);
    g_auto(GStrv) stones = minden_tip_to_strv(&cell);
    g_autofree char *got = g_strjoinv(",", stones);
    if (g_strcmp0(got, expected) != 0)
        g_error("%.6f°N %.6f°E is %s, expected %s", lat, lon, got, expected);
}

static void test_examples(void)
{
    /* RULES.md's own examples. */
    assert_cell(53.55, 9.99, "W,N,10,B");
    assert_cell(48.14, 11.58, "O,S,7,D");
    assert_cell(52.0, 10.0, "O,N,11,C");
}

static void test_east_west_line(void)
{
    /* 10°E: on the line is east. */
    assert_cell(51.2, 10.0, "O,M,1,C");
    assert_cell(51.2, 9.9999, "W,M,5,D");
    assert_cell(51.2, 10.0001, "O,M,1,C");
}

static void test_band_lines(void)
{
    /* 52°N: on the line is N; 50°N: on the line is M. */
    assert_cell(52.0, 8.2, "W,N,14,C");
    assert_cell(51.9999, 8.2, "W,M,4,A");
    assert_cell(50.0, 8.2, "W,M,9,C");
    assert_cell(49.9999, 8.2, "W,S,4,A");
    assert_cell(50.0, 12.7, "O,M,8,D");
}

static void test_sector_lines(void)
{
    /* Rows: 54°N and 53°N inside N, 51°N inside M, 49°N and 48°N inside S. */
    assert_cell(54.0, 6.1, "W,N,2,C");
    assert_cell(53.9999, 6.1, "W,N,7,A");
    assert_cell(53.0, 6.1, "W,N,7,C");
    assert_cell(52.9999, 6.1, "W,N,12,A");
    assert_cell(51.0, 6.1, "W,M,2,C");
    assert_cell(50.9999, 6.1, "W,M,7,A");
    assert_cell(49.0, 6.1, "W,S,2,C");
    assert_cell(48.9999, 6.1, "W,S,7,A");
    assert_cell(48.0, 6.1, "W,S,7,C");
    assert_cell(47.9999, 6.1, "W,S,12,A");
    /* Columns: each whole degree of longitude; on the line is east. */
    assert_cell(54.2, 6.0, "W,N,2,C");
    assert_cell(54.2, 5.9999, "W,N,1,D");
    assert_cell(54.2, 9.0, "W,N,5,C");
    assert_cell(54.2, 8.9999, "W,N,4,D");
    assert_cell(54.2, 11.0, "O,N,2,C");
    assert_cell(54.2, 14.0, "O,N,5,C");
    assert_cell(54.2, 13.9999, "O,N,4,D");
    assert_cell(47.5, 14.5, "O,S,15,B");
    assert_cell(47.4999, 14.4999, "O,S,15,C");
}

static void test_section_lines(void)
{
    /* The half-degree lines: on the line is north / east. */
    assert_cell(52.5, 7.5, "W,N,13,B");
    assert_cell(52.4999, 7.5, "W,N,13,D");
    assert_cell(52.5, 7.4999, "W,N,13,A");
    assert_cell(52.4999, 7.4999, "W,N,13,C");
    assert_cell(50.5, 12.5, "O,M,8,B");
    assert_cell(50.4999, 12.4999, "O,M,8,C");
}

static void test_beyond_outer_lines(void)
{
    /* RULES.md: points beyond the outer lines belong to the outermost row or column. */
    assert_cell(55.0, 8.4, "W,N,4,A");   /* exactly on 55°N */
    assert_cell(55.06, 8.4, "W,N,4,A");  /* List on Sylt */
    assert_cell(51.15, 15.04, "O,M,5,D"); /* the last metres east of 15°E */
    assert_cell(51.15, 15.0, "O,M,5,D");
    assert_cell(46.9, 10.2, "O,S,11,C");
    assert_cell(51.0, 4.9, "W,M,1,C");
    assert_cell(60.0, 20.0, "O,N,5,B");
    assert_cell(40.0, 0.0, "W,S,11,C");
}

static void test_regions(void)
{
    MindenTip tip = { 4, MINDEN_WEST, MINDEN_MIDDLE, 7, MINDEN_SECTION_B };
    double s, n, w, e;

    minden_tip_region(&tip, &s, &n, &w, &e);
    g_assert_cmpfloat(s, ==, 50.5);
    g_assert_cmpfloat(n, ==, 51.0);
    g_assert_cmpfloat(w, ==, 6.5);
    g_assert_cmpfloat(e, ==, 7.0);

    MindenTip t3 = minden_tip_truncate(&tip, 3);
    minden_tip_region(&t3, &s, &n, &w, &e);
    g_assert_cmpfloat(s, ==, 50.0);
    g_assert_cmpfloat(n, ==, 51.0);
    g_assert_cmpfloat(w, ==, 6.0);
    g_assert_cmpfloat(e, ==, 7.0);

    MindenTip t2 = minden_tip_truncate(&tip, 2);
    minden_tip_region(&t2, &s, &n, &w, &e);
    g_assert_cmpfloat(s, ==, 50.0);
    g_assert_cmpfloat(n, ==, 52.0);
    g_assert_cmpfloat(w, ==, 5.0);
    g_assert_cmpfloat(e, ==, 10.0);

    MindenTip t1 = minden_tip_truncate(&tip, 1);
    minden_tip_region(&t1, &s, &n, &w, &e);
    g_assert_cmpfloat(s, ==, 47.0);
    g_assert_cmpfloat(n, ==, 55.0);

    /* Every point lies in the region of each coarsening of its own cell, and its cell's
     * region is a 0.5° square. */
    g_autoptr(LpRng) rng = lp_rng_new(7);
    for (int i = 0; i < 5000; i++) {
        double lat = 47.0 + 8.0 * lp_rng_double(rng);
        double lon = 5.0 + 10.0 * lp_rng_double(rng);
        MindenTip cell;
        minden_grid_locate(lat, lon, &cell);
        g_assert_true(minden_tip_is_valid(&cell));
        for (guint k = 1; k <= 4; k++) {
            MindenTip t = minden_tip_truncate(&cell, k);
            g_assert_true(minden_tip_is_valid(&t));
            minden_tip_region(&t, &s, &n, &w, &e);
            g_assert_cmpfloat(lat, >=, s);
            g_assert_cmpfloat(lat, <, n);
            g_assert_cmpfloat(lon, >=, w);
            g_assert_cmpfloat(lon, <, e);
            g_assert_true(minden_tip_contains_point(&t, lat, lon));
        }
        minden_tip_region(&cell, &s, &n, &w, &e);
        g_assert_cmpfloat(n - s, ==, 0.5);
        g_assert_cmpfloat(e - w, ==, 0.5);
        /* The centre of the region locates back to the same cell. */
        MindenTip back;
        minden_grid_locate((s + n) / 2, (w + e) / 2, &back);
        g_assert_true(minden_tip_equal(&back, &cell));
    }
}

static void test_sector_counts(void)
{
    g_assert_cmpuint(minden_grid_n_sectors(MINDEN_NORTH), ==, 15);
    g_assert_cmpuint(minden_grid_n_sectors(MINDEN_MIDDLE), ==, 10);
    g_assert_cmpuint(minden_grid_n_sectors(MINDEN_SOUTH), ==, 15);
    /* Every sector of every area is reached by some point. */
    guint seen[2][3][16] = { { { 0 } } };
    for (double lat = 47.25; lat < 55; lat += 0.5)
        for (double lon = 5.25; lon < 15; lon += 0.5) {
            MindenTip c;
            minden_grid_locate(lat, lon, &c);
            seen[c.east_west][c.band][c.sector]++;
        }
    for (int ew = 0; ew < 2; ew++)
        for (int b = 0; b < 3; b++)
            for (guint s = 1; s <= minden_grid_n_sectors(b); s++)
                g_assert_cmpuint(seen[ew][b][s], ==, 4);
}

static void test_validity(void)
{
    MindenTip none = MINDEN_TIP_INIT;
    MindenTip ok1 = { 1, MINDEN_EAST, -1, -1, -1 };
    MindenTip gap = { 3, MINDEN_EAST, -1, 4, -1 };
    MindenTip m11 = { 3, MINDEN_WEST, MINDEN_MIDDLE, 11, -1 };
    MindenTip n15 = { 3, MINDEN_WEST, MINDEN_NORTH, 15, -1 };
    MindenTip extra = { 1, MINDEN_WEST, MINDEN_NORTH, -1, -1 };
    MindenTip sec = { 4, MINDEN_WEST, MINDEN_NORTH, 15, 4 };

    g_assert_false(minden_tip_is_valid(&none));
    g_assert_true(minden_tip_is_valid(&ok1));
    g_assert_false(minden_tip_is_valid(&gap));
    g_assert_false(minden_tip_is_valid(&m11));
    g_assert_true(minden_tip_is_valid(&n15));
    g_assert_false(minden_tip_is_valid(&extra));
    g_assert_false(minden_tip_is_valid(&sec));
}

static void test_strings(void)
{
    g_autoptr(GError) error = NULL;
    MindenTip tip = { 4, MINDEN_WEST, MINDEN_MIDDLE, 7, MINDEN_SECTION_B };
    g_auto(GStrv) s = minden_tip_to_strv(&tip);
    g_autofree char *joined = g_strjoinv(",", s);
    g_assert_cmpstr(joined, ==, "W,M,7,B");

    MindenTip back;
    g_assert_true(minden_tip_from_strv((const char *const *) s, 4, &back, &error));
    g_assert_no_error(error);
    g_assert_true(minden_tip_equal(&tip, &back));

    const char *bad1[] = { "E", NULL };
    const char *bad2[] = { "O", "M", "11", NULL };
    const char *bad3[] = { "O", "X", NULL };
    const char *bad4[] = { "W", "N", "7x", NULL };
    g_assert_false(minden_tip_from_strv(bad1, 1, &back, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE);
    g_clear_error(&error);
    g_assert_false(minden_tip_from_strv(bad2, 3, &back, &error));
    g_assert_nonnull(strstr(error->message, "O,M,11"));
    g_clear_error(&error);
    g_assert_false(minden_tip_from_strv(bad3, 2, &back, &error));
    g_clear_error(&error);
    g_assert_false(minden_tip_from_strv(bad4, 3, &back, &error));
    g_clear_error(&error);
    g_assert_false(minden_tip_from_strv(bad1, 0, &back, &error));
    g_clear_error(&error);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/minden/grid/examples", test_examples);
    g_test_add_func("/minden/grid/east-west-line", test_east_west_line);
    g_test_add_func("/minden/grid/band-lines", test_band_lines);
    g_test_add_func("/minden/grid/sector-lines", test_sector_lines);
    g_test_add_func("/minden/grid/section-lines", test_section_lines);
    g_test_add_func("/minden/grid/beyond-outer-lines", test_beyond_outer_lines);
    g_test_add_func("/minden/grid/regions", test_regions);
    g_test_add_func("/minden/grid/sector-counts", test_sector_counts);
    g_test_add_func("/minden/grid/validity", test_validity);
    g_test_add_func("/minden/grid/strings", test_strings);
    return g_test_run();
}
