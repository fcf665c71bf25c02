/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How big the Auf Achse cards are drawn in a given space (see aa-layout.h). */
#include "config.h"

#include "aa-layout.h"

int aa_layout_card_height(int width)
{
    return (int)(width * AA_CARD_ASPECT + 0.5);
}

int aa_layout_row_min_width(guint n, const AaCardLimits *limits)
{
    g_return_val_if_fail(limits != NULL, 0);
    if (n == 0)
        return 0;
    return limits->min_width + (int)(n - 1) * limits->min_step;
}

void aa_layout_fit_row(guint n, int width, int height, const AaCardLimits *limits,
                       AaCardFit *fit)
{
    g_return_if_fail(limits != NULL && fit != NULL);
    g_return_if_fail(limits->min_width > 0 && limits->max_width >= limits->min_width);
    /* As tall as the space: the height decides on a big screen. */
    int w = (int)(MAX(height, 0) / AA_CARD_ASPECT);
    w = CLAMP(w, limits->min_width, limits->max_width);
    int step = w + limits->gap;
    if (n > 1 && w + (int)(n - 1) * step > width) {
        /* Too many side by side: first smaller cards… */
        int shrunk = (width - (int)(n - 1) * limits->gap) / (int)n;
        if (shrunk >= limits->min_width) {
            w = MIN(w, shrunk);
            step = w + limits->gap;
        } else {
            /* …then overlapping ones, each keeping a visible strip, never narrower than
             * min_step (the row asks for that much as its minimum width). */
            w = limits->min_width;
            step = MAX((width - w) / (int)(n - 1), limits->min_step);
            step = MIN(step, w + limits->gap);
        }
    } else if (n == 1) {
        w = MIN(w, MAX(width, limits->min_width));
    }
    fit->card_width = w;
    fit->card_height = aa_layout_card_height(w);
    fit->step = step;
    fit->width = n == 0 ? 0 : w + (int)(n - 1) * step;
}

int aa_layout_hand_card_width(guint n, int width, int overhead)
{
    if (n == 0)
        return AA_HAND_CARD_MIN_WIDTH;
    int fit = (width - (int)(n - 1) * AA_HAND_SPACING) / (int)n - overhead;
    int share = width / 15;
    return CLAMP(MIN(fit, share), AA_HAND_CARD_MIN_WIDTH, AA_HAND_CARD_MAX_WIDTH);
}
