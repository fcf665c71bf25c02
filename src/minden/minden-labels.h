/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words and symbols the Minden widgets show for stones, tips and card colours. */
#pragma once

#include <glib.h>

#include "minden-deck.h"
#include "minden-grid.h"

G_BEGIN_DECLS

/* Stone labels: W/E (German O), N/M/S, A–D. */
const char *minden_label_east_west(int east_west);
const char *minden_label_band(int band);
const char *minden_label_section(int section);
/* "W · N · 10 · B" (translated letters); "" for no stones. */
char *minden_label_tip(const MindenTip *tip);
/* "West, North, sector 10, section B" for screen readers. */
char *minden_label_tip_long(const MindenTip *tip);

/* "51.94° N · 8.87° E", in German "51,94° N · 8,87° O" (decimal comma from the translation). */
char *minden_label_coordinates(double lat, double lon);
/* Names joined in natural language: "Anna", "Anna and Robo", "Anna, Ben and Robo". */
char *minden_label_join_names(const char *const *names, guint n);

/* "Yellow · Big city": a card's colour and what it shows, as one phrase. */
const char *minden_label_card_kind(MindenColour colour);
/* A shape per colour so that colour-blind players can tell cards apart. */
const char *minden_label_colour_symbol(MindenColour colour);
const char *minden_colour_hex(MindenColour colour);
/* The colour of "right" or "wrong" in markup: darker on a light style, lighter on a dark one
 * (dark: the text colour is light), so both stay readable. */
const char *minden_label_result_hex(gboolean right, gboolean dark);

G_END_DECLS
