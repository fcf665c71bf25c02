/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The victory track: the start field, the goal 40 and the fields past it, with every
 * player's figure (colour and seat shape),
 * and the last move drawn as hops so the skip rule is visible. */
#pragma once

#include <gtk/gtk.h>

#include "minden-game.h"

G_BEGIN_DECLS

#define MINDEN_TYPE_TRACK (minden_track_get_type())
G_DECLARE_FINAL_TYPE(MindenTrack, minden_track, MINDEN, TRACK, GtkWidget)

GtkWidget *minden_track_new(MindenGame *game);
/* Redraw from the game (after a move); updates the accessible description. */
void minden_track_refresh(MindenTrack *self);
/* Show a move: the figure of seat went from from to to; fields in between that hold another
 * figure are drawn as jumped over. seat -1 clears. */
void minden_track_show_move(MindenTrack *self, int seat, guint from, guint to);
/* For tests: where the "past the goal →" label and the shown move's arcs and marks are
 * drawn (an empty rectangle when no move is shown), in the widget's coordinates. */
void minden_track_get_label_bounds(MindenTrack *self, graphene_rect_t *out);
void minden_track_get_move_bounds(MindenTrack *self, graphene_rect_t *out);

G_END_DECLS
