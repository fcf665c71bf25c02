/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kilometre counter: the face-down pile of this round, the cards that stay, the total
 * against the stage goal, and what the card turned last did. */
#pragma once

#include <gtk/gtk.h>

#include "aa-game.h"

G_BEGIN_DECLS

#define AA_TYPE_COUNTER (aa_counter_get_type())
G_DECLARE_FINAL_TYPE(AaCounter, aa_counter, AA, COUNTER, GtkWidget)

GtkWidget *aa_counter_new(AaGame *game);
/* Redraw from the model; turned is the card id turned over last (or -1), shown large with
 * its effect explained. */
void aa_counter_update(AaCounter *self, int turned);

G_END_DECLS
