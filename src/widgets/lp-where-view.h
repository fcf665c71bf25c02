/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Where were they?" (issue 15): the places of a finished game on the map of Germany, one
 * colour and a legend row per group, wrong ones marked by shape as well as colour; each place
 * can be pointed at or reached with Tab and tells its name and what its card says. */
#pragma once

#include <gtk/gtk.h>

#include "lp-game.h"
#include "lp-place.h"

G_BEGIN_DECLS

#define LP_TYPE_WHERE_VIEW (lp_where_view_get_type())
G_DECLARE_FINAL_TYPE(LpWhereView, lp_where_view, LP, WHERE_VIEW, GtkWidget)

/* heading: what the picture is of (the game's name). A list with no places and some lines
 * (Auf Achse) shows its note and lines without a map. */
GtkWidget *lp_where_view_new(LpPlaceList *places, const char *heading);
LpPlaceList *lp_where_view_get_places(LpWhereView *self);
/* The focusable marks on the map, one per place, in the order of the list (for tests). */
guint lp_where_view_get_n_markers(LpWhereView *self);
GtkWidget *lp_where_view_get_marker(LpWhereView *self, guint index);
/* What the info panel says now: the place pointed at or focused, else a hint. */
const char *lp_where_view_get_info(LpWhereView *self);

/* A window with the view, "Save as Image…" and "Close", over parent. */
GtkWindow *lp_where_window_new(GtkWindow *parent, LpPlaceList *places, const char *heading);
/* The "Where Were They?" button for a game's winner screen: opens lp_where_window_new() with
 * the game's places at the moment it is clicked. Insensitive for a game without places. */
GtkWidget *lp_where_button_new(LpGame *game);
/* For a winner screen, in one line: a new lp_where_button_new() put into sibling's GtkBox
 * right after sibling, looking like the buttons there (the next button's alignment and its
 * style classes but "suggested-action"). Returns the button. */
GtkWidget *lp_where_button_add_after(GtkWidget *sibling, LpGame *game);

G_END_DECLS
