/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The theme's colours for canvases that draw for themselves (STYLE.md: canvases take their
 * colours from the widget, so the dark and high-contrast styles apply), in every GTK 4 the
 * project builds with. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The widget's text colour (its CSS "color"). */
void lp_theme_get_color(GtkWidget *widget, GdkRGBA *colour);

/* A colour the theme names (@define-color), or fallback, the light theme's value, where it
 * names none (a string gdk_rgba_parse() reads). */
GdkRGBA lp_theme_named_colour(GtkWidget *widget, const char *name, const char *fallback);

/* A colour's relative luminance (Rec. 709 weights, on the colour as given): 0 black, 1 white. */
double lp_theme_luminance(const GdkRGBA *colour);

/* Whether the widget's style is a dark one: its text colour is light. */
gboolean lp_theme_is_dark(GtkWidget *widget);

G_END_DECLS
