/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The words on the back of a Buxtehude card, shared by the cross and the page. */
#pragma once

#include <glib.h>

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

G_END_DECLS
