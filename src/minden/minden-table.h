/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of a Minden game: the map board, the side panel and the victory track, laid out
 * so that the board uses its space from 1024×600 to a large screen (issue 13). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MINDEN_TYPE_TABLE (minden_table_get_type())
G_DECLARE_FINAL_TYPE(MindenTable, minden_table, MINDEN, TABLE, GtkWidget)

/* In a template: <child type="board">, <child type="side">, <child type="track">. The map
 * takes the height above the track; the side panel the width beside it, and on a large
 * screen it is set larger, text, stones and all, by the factor minden_table_get_size_step()
 * returns (the CSS classes minden-large and minden-huge on the table, switched from an idle);
 * what is left over is shared out on both sides. */
GtkWidget *minden_table_new(void);
/* MindenTable:side-width (at size step 1). */
int minden_table_get_side_width(MindenTable *self);
/* The side panel's width at most at the current size step, and at the largest one. */
int minden_table_get_panel_width(MindenTable *self);
int minden_table_get_largest_panel_width(MindenTable *self);
/* 1.0 up to a 1024×600 window, 1.4 about 1920×1080, 2.0 on a 4K screen. */
double minden_table_get_size_step(MindenTable *self);

G_END_DECLS
