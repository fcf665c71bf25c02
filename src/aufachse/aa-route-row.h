/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One player's route: a row of cards growing to the right, face down unless the viewer may
 * see it; at a stage end face up with the scoring part highlighted and each break marked. */
#pragma once

#include <gtk/gtk.h>

#include "aa-game.h"

G_BEGIN_DECLS

#define AA_TYPE_ROUTE_ROW (aa_route_row_get_type())
G_DECLARE_FINAL_TYPE(AaRouteRow, aa_route_row, AA, ROUTE_ROW, GtkWidget)

GtkWidget *aa_route_row_new(AaGame *game, guint seat);
/* Rows whose name columns share group are equally wide, so all routes start at the same x. */
void aa_route_row_set_name_group(AaRouteRow *self, GtkSizeGroup *group);
/* Redraw from the model as viewer (a seat or LP_VIEWER_ONLOOKER) sees it. face_up: the page
 * wants the faces shown (the viewer's own route, or one turned over at a scoring); they show
 * only if the model lets viewer see the route. scoring: also highlight the scoring part,
 * mark breaks and show the value. */
void aa_route_row_update(AaRouteRow *self, int viewer, gboolean face_up, gboolean scoring);

G_END_DECLS
