/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words on the back of a Buxtehude card, shared by the cross and the page. */
#pragma once

#include <glib.h>
#include <pango/pango.h>

#include "bux-deck.h"

G_BEGIN_DECLS

/* "53°29′ N, 9°42′ E" */
char *bux_card_coordinates(const BuxCard *card);
/* "40,150 inhabitants · 76.4 km²" for places, the description for landmarks. */
char *bux_card_details(const BuxCard *card);
/* "Lower Saxony" */
const char *bux_state_name(const char *code);
/* A number with the thousands grouping of the interface language. */
char *bux_format_count(gint64 value);

/* Setting text on a card (shared with the tests): */
/* text with no-break spaces that keep a number with its unit ("76.4 km²", "53°29′ N") and
 * keep a "·" off the start of a line. */
char *bux_text_keep_together(const char *text);
/* Whether every line of layout starts where a line may break: between words or after a
 * hyphen the word has, never inside a word. */
gboolean bux_text_breaks_between_words(PangoLayout *layout);
/* Sets text into layout (its font, at size pixels) wrapped to width. TRUE when it fits
 * max_lines and max_height with breaks between words only; else FALSE, and the layout
 * shows as many lines as there is room for, the last one cut with "…". */
gboolean bux_text_set_at(PangoLayout *layout, const char *text, double width, double size,
                         int max_lines, double max_height);
/* The largest size of the card text's scale at most px (and at least the smallest size of
 * the scale): 2^(k/12) pixels, sizes 6 % apart, as the cross's zooms are. */
double bux_text_size(double px);
/* Shrinks before it cuts: sets text at the largest size of the scale (bux_text_size()) from
 * max_size down to min_size that fits as bux_text_set_at() says; at min_size it is cut.
 * Returns the size; fits (may be NULL) tells whether it fitted. */
double bux_text_fit(PangoLayout *layout, const char *text, double width, int max_lines,
                    double max_height, double max_size, double min_size, gboolean *fits);

G_END_DECLS
