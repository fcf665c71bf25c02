/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How big the Auf Achse cards are drawn in a given space: a route row shrinks its cards, then
 * overlaps them, before it would ever run off; a hand shrinks its cards to one line. Plain
 * arithmetic, no widgets, so that the tests can try every size. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Cards are 1 : 1.4 (width : height). */
#define AA_CARD_ASPECT 1.4

typedef struct {
    int min_width;   /* narrowest card that still reads ("km" and the number) */
    int max_width;   /* widest card worth drawing */
    int gap;         /* space between cards that do not overlap */
    int min_step;    /* at the tightest overlap, how much of each card stays visible */
} AaCardLimits;

typedef struct {
    int card_width;
    int card_height;
    int step;        /* from one card's left edge to the next: card_width + gap, or less when
                      * the cards overlap */
    int width;       /* what the n cards take: card_width + (n − 1) · step, 0 for none */
} AaCardFit;

/* n cards in width × height: as large as the height allows (within limits), smaller when the
 * row is too short for them side by side, overlapping once they are at their smallest. */
void aa_layout_fit_row(guint n, int width, int height, const AaCardLimits *limits,
                       AaCardFit *fit);
/* The least width n cards need at their smallest and tightest. */
int aa_layout_row_min_width(guint n, const AaCardLimits *limits);
/* Cards of the hand: never narrower than a comfortable click (the hit area is the whole
 * button around the card), as wide as a fifteenth of the row on a big screen. */
#define AA_HAND_CARD_MIN_WIDTH 44
#define AA_HAND_CARD_MAX_WIDTH 124
#define AA_HAND_SPACING 4
/* The card width for n hand cards in one line of width pixels, each card's button adding
 * overhead pixels. */
int aa_layout_hand_card_width(guint n, int width, int overhead);
/* The height of a card width pixels wide. */
int aa_layout_card_height(int width);

G_END_DECLS
