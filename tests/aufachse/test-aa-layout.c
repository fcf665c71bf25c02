/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How big Auf Achse cards are drawn (aa-layout.c), over every count and size: a route row
 * never runs off once it has its minimum width, shrinks before it overlaps, grows on a big
 * screen; a hand's cards stay a comfortable click. No display needed. */
#include "config.h"

#include "aa-layout.h"

static const AaCardLimits limits = {.min_width = 32, .max_width = 96, .gap = 4, .min_step = 14};

static void test_row_never_runs_off(void)
{
    for (guint n = 0; n <= 40; n++) {
        for (int width = aa_layout_row_min_width(n, &limits); width <= 2000; width += 7) {
            for (int height = 0; height <= 400; height += 13) {
                AaCardFit fit;
                aa_layout_fit_row(n, width, height, &limits, &fit);
                g_assert_cmpint(fit.card_width, >=, limits.min_width);
                g_assert_cmpint(fit.card_width, <=, limits.max_width);
                g_assert_cmpint(fit.card_height, ==, aa_layout_card_height(fit.card_width));
                g_assert_cmpint(fit.width, <=, width);
                if (n > 1) {
                    g_assert_cmpint(fit.step, >=, limits.min_step);
                    g_assert_cmpint(fit.step, <=, fit.card_width + limits.gap);
                }
                /* Not taller than the row, unless the row is below the smallest card. */
                if (height >= aa_layout_card_height(limits.min_width))
                    g_assert_cmpint(fit.card_height, <=, height);
            }
        }
    }
}

static void test_row_shrinks_before_overlapping(void)
{
    for (guint n = 2; n <= 40; n++) {
        for (int width = 100; width <= 2000; width += 11) {
            AaCardFit fit;
            aa_layout_fit_row(n, width, 1000, &limits, &fit);
            gboolean room = (int)n * limits.min_width + (int)(n - 1) * limits.gap <= width;
            /* Side by side whenever the smallest cards fit so; overlapping only at the
             * smallest size. */
            if (room)
                g_assert_cmpint(fit.step, ==, fit.card_width + limits.gap);
            else
                g_assert_cmpint(fit.card_width, ==, limits.min_width);
        }
    }
}

static void test_row_sizes_seen(void)
{
    AaCardFit fit;
    /* Issue 13: five players at 1024 × 600 left about 390 px for a route's cards; 13 cards
     * and more all show. */
    for (guint n = 13; n <= 24; n++) {
        aa_layout_fit_row(n, 390, 48, &limits, &fit);
        g_assert_cmpint(fit.width, <=, 390);
    }
    /* At 1920 × 1080 the cards grow with the row's height instead of staying 38 px wide. */
    aa_layout_fit_row(5, 1000, 140, &limits, &fit);
    g_assert_cmpint(fit.card_width, >=, 90);
    aa_layout_fit_row(13, 980, 140, &limits, &fit);
    g_assert_cmpint(fit.card_width, >=, 70);
    /* One card never takes more than the row has. */
    aa_layout_fit_row(1, 50, 400, &limits, &fit);
    g_assert_cmpint(fit.width, <=, 50);
    aa_layout_fit_row(0, 300, 100, &limits, &fit);
    g_assert_cmpint(fit.width, ==, 0);
}

static void test_hand(void)
{
    /* Hit areas: a hand card is never below 32 × 32 px, whatever the width. */
    for (guint n = 0; n <= 12; n++) {
        for (int width = 200; width <= 4000; width += 9) {
            int w = aa_layout_hand_card_width(n, width, 8);
            g_assert_cmpint(w, >=, 32);
            g_assert_cmpint(aa_layout_card_height(w), >=, 32);
            g_assert_cmpint(w, <=, AA_HAND_CARD_MAX_WIDTH);
            /* One line without scrolling once the smallest cards fit. */
            int smallest = (int)n * (AA_HAND_CARD_MIN_WIDTH + 8) +
                           (n > 0 ? (int)(n - 1) * AA_HAND_SPACING : 0);
            if (n > 0 && width >= smallest)
                g_assert_cmpint((int)n * (w + 8) + (int)(n - 1) * AA_HAND_SPACING, <=, width);
        }
    }
    /* Larger on a large screen. */
    g_assert_cmpint(aa_layout_hand_card_width(10, 1900, 8), >, aa_layout_hand_card_width(10, 1000, 8));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/aufachse/layout/row-never-runs-off", test_row_never_runs_off);
    g_test_add_func("/aufachse/layout/row-shrinks-before-overlapping",
                    test_row_shrinks_before_overlapping);
    g_test_add_func("/aufachse/layout/row-sizes-seen", test_row_sizes_seen);
    g_test_add_func("/aufachse/layout/hand", test_hand);
    return g_test_run();
}
