/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map board: Germany from the shared map (lp-germany-map.h), the Minden grid drawn
 * over it with area names and sector numbers, section letters where the pointer or the
 * keyboard cursor is, a tipped region and solution points. */
#pragma once

#include <gtk/gtk.h>

#include "minden-deck.h"
#include "minden-grid.h"

G_BEGIN_DECLS

#define MINDEN_TYPE_BOARD (minden_board_get_type())
G_DECLARE_FINAL_TYPE(MindenBoard, minden_board, MINDEN, BOARD, GtkWidget)

GtkWidget *minden_board_new(void);
/* The region to outline (NULL or a tip of 0 stones: none), in colour "#rrggbb". */
void minden_board_set_tip(MindenBoard *self, const MindenTip *tip, const char *colour);
/* Solution points to mark (the scored card's), or NULL. */
void minden_board_set_solutions(MindenBoard *self, const MindenPoint *points, guint n);
/* Whether a tipped region or solution points are marked on the map. */
gboolean minden_board_has_marks(MindenBoard *self);
/* Whether clicks and Enter pick a cell (emit "cell-activated"). */
void minden_board_set_interactive(MindenBoard *self, gboolean interactive);
gboolean minden_board_get_interactive(MindenBoard *self);
/* Puts the keyboard cursor back in the middle and forgets the pointer's hover: where the
 * previous person clicked is their tip (issue 10). */
void minden_board_reset_cursor(MindenBoard *self);
/* Puts the keyboard cursor where it is on from: the same person goes on with a new board
 * over the next view of the game (issue 31, a joining window). */
void minden_board_take_cursor(MindenBoard *self, MindenBoard *from);
/* Whether the board shows coordinates of the pointer (the "show-coordinates" setting, which
 * the page follows through LpSettings). */
void minden_board_set_show_coordinates(MindenBoard *self, gboolean show);
/* For tests: how often the board rendered its grid and cities (and asked the shared map for
 * a texture of that size). */
guint minden_board_get_render_count(MindenBoard *self);
/* For tests: how much of the reference cities' names and dots the sector numbers cover in
 * the last render, in square map units (SVG pixels); 0 when every name is free. */
double minden_board_get_hidden_name_area(MindenBoard *self);

G_END_DECLS
