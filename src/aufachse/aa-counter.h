/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kilometre counter: the face-down pile of this round, the cards that stay, the total
 * against the stage goal, and the log of the round's resolution the model keeps: each card
 * turned over, whose it was and what it did to the counter and the routes. */
#pragma once

#include <gtk/gtk.h>

#include "aa-game.h"

G_BEGIN_DECLS

#define AA_TYPE_COUNTER (aa_counter_get_type())
G_DECLARE_FINAL_TYPE(AaCounter, aa_counter, AA, COUNTER, GtkWidget)

GtkWidget *aa_counter_new(AaGame *game);
/* Redraw from the model and the log, as viewer (a seat or LP_VIEWER_ONLOOKER) may see it: a
 * card an obstacle took from a route is named to that route's owner only. */
void aa_counter_update(AaCounter *self, int viewer);
/* The log's lines as shown, one per line (for tests). */
char *aa_counter_get_log_text(AaCounter *self);
/* "−20": kilometres with a real minus sign, as the cards print it. */
char *aa_counter_format_km(int km);

G_END_DECLS
