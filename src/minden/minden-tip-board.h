/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tip board: four rows of stones (E/W; N/M/S; sector; A–D), set in order, with what the
 * tip is worth and whether it would keep the card. */
#pragma once

#include <gtk/gtk.h>

#include "minden-deck.h"
#include "minden-grid.h"

G_BEGIN_DECLS

#define MINDEN_TYPE_TIP_BOARD (minden_tip_board_get_type())
G_DECLARE_FINAL_TYPE(MindenTipBoard, minden_tip_board, MINDEN, TIP_BOARD, GtkWidget)

GtkWidget *minden_tip_board_new(void);
void minden_tip_board_get_tip(MindenTipBoard *self, MindenTip *out);
/* Sets the stones (a tip of 0 stones clears them); emits "changed". */
void minden_tip_board_set_tip(MindenTipBoard *self, const MindenTip *tip);
/* Takes the last stone off (a coarser tip); FALSE when there is none. */
gboolean minden_tip_board_remove_last(MindenTipBoard *self);
/* The colour of the card being tipped, for the "keeps the card" hint. */
void minden_tip_board_set_colour(MindenTipBoard *self, MindenColour colour);
/* The sentence under the stones, e.g. "Worth 3 fields if right; keeps this red card." */
const char *minden_tip_board_get_summary(MindenTipBoard *self);

G_END_DECLS
