/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saving what a widget shows as a PNG picture, for the family chat. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Renders widget as it is on screen now (at its size and the screen's scale) on the
 * window's background colour, and writes the picture to file as PNG, replacing it.
 * FALSE with error when the widget is not shown (no size) or the file cannot be written. */
gboolean lp_export_widget_png(GtkWidget *widget, GFile *file, GError **error);

/* Takes the picture of widget at once (what the person sees when they ask), then asks
 * where to save it with a file chooser over parent, suggested_name filled in (e.g.
 * "landpartie-minden.png"). A failure is shown in a translated message window over parent;
 * cancelling the chooser saves nothing. */
void lp_export_widget_png_async(GtkWidget *widget, GtkWindow *parent, const char *suggested_name);

/* The picture of widget as lp_export_widget_png() writes it, or NULL with error. */
GdkTexture *lp_export_widget_texture(GtkWidget *widget, GError **error);

G_END_DECLS
