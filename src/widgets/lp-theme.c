/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lp-theme.h"

void lp_theme_get_color(GtkWidget *widget, GdkRGBA *colour)
{
    g_return_if_fail(GTK_IS_WIDGET(widget) && colour != NULL);
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, colour);
#else
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), colour);
    G_GNUC_END_IGNORE_DEPRECATIONS
#endif
}

GdkRGBA lp_theme_named_colour(GtkWidget *widget, const char *name, const char *fallback)
{
    GdkRGBA c = { 0, 0, 0, 1 };
    g_return_val_if_fail(GTK_IS_WIDGET(widget) && name != NULL && fallback != NULL, c);
    /* GTK 4.8's theme names its colours only here (deprecated from 4.10 on, with nothing to
     * replace it for a canvas). */
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    if (!gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, &c) &&
        !gdk_rgba_parse(&c, fallback))
        g_critical("lp_theme_named_colour: %s is not a colour", fallback);
    G_GNUC_END_IGNORE_DEPRECATIONS
    return c;
}

double lp_theme_luminance(const GdkRGBA *colour)
{
    g_return_val_if_fail(colour != NULL, 0.0);
    return 0.2126 * colour->red + 0.7152 * colour->green + 0.0722 * colour->blue;
}

gboolean lp_theme_is_dark(GtkWidget *widget)
{
    g_return_val_if_fail(GTK_IS_WIDGET(widget), FALSE);
    GdkRGBA fg;
    lp_theme_get_color(widget, &fg);
    return lp_theme_luminance(&fg) > 0.5;
}
