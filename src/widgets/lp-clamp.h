/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Centres its child and gives it at most a maximum width (like AdwClamp, which GTK lacks). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define LP_TYPE_CLAMP (lp_clamp_get_type())
G_DECLARE_FINAL_TYPE(LpClamp, lp_clamp, LP, CLAMP, GtkWidget)

GtkWidget *lp_clamp_new(GtkWidget *child, int maximum_width);
GtkWidget *lp_clamp_get_child(LpClamp *self);

G_END_DECLS
