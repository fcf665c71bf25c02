/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hand of the player whose turn it is: cards to pick from, by mouse or keyboard. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define AA_TYPE_HAND (aa_hand_get_type())
G_DECLARE_FINAL_TYPE(AaHand, aa_hand, AA, HAND, GtkWidget)

GtkWidget *aa_hand_new(void);
/* Show cards (card ids, sorted) or, with cards NULL, n face-down cards. Only sensitive cards
 * can be picked. The selection is kept when the same card is still there. */
void aa_hand_set_cards(AaHand *self, GArray *cards, guint n, gboolean sensitive);
/* The picked card id, or -1. */
int aa_hand_get_selected(AaHand *self);
/* Pick the index-th card (keyboard digits); FALSE when there is none. */
gboolean aa_hand_select_index(AaHand *self, guint index);
/* Pick the card with id card, leaving the focus where it is (a new page taking over what a
 * person had picked, issue 31); FALSE when it is not there or cannot be picked. */
gboolean aa_hand_select_card(AaHand *self, guint card);
void aa_hand_focus_selected(AaHand *self);

G_END_DECLS
