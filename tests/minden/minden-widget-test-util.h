/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared helpers of the Minden widget tests (the page, the page on several devices): widget
 * search, main-loop turns, screenshots into MINDEN_SHOTS, the map's keys and cells, and
 * whether a text names a tip's region. */
#pragma once

#include <gtk/gtk.h>
#include <string.h>

#include "minden-board.h"

static inline GtkWidget *find_type(GtkWidget *w, GType type)
{
    if (G_TYPE_CHECK_INSTANCE_TYPE(w, type))
        return w;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_type(c, type);
        if (found)
            return found;
    }
    return NULL;
}

static inline void iterate(guint ms)
{
    gint64 end = g_get_monotonic_time() + ms * 1000;
    while (g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
}

/* What widget draws, rendered as its window would. */
static inline GdkTexture *render_widget(GtkWidget *widget)
{
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, width, height);
    g_autoptr(GskRenderNode) node = gtk_snapshot_free_to_node(snapshot);
    GskRenderer *renderer = gtk_native_get_renderer(gtk_widget_get_native(widget));
    return gsk_renderer_render_texture(renderer, node,
                                       &GRAPHENE_RECT_INIT(0, 0, width, height));
}

/* With MINDEN_SHOTS set to a folder: what window shows, as name there. */
static inline void shot(GtkWidget *window, const char *name)
{
    const char *dir = g_getenv("MINDEN_SHOTS");
    if (dir == NULL)
        return;
    iterate(150);
    g_autoptr(GdkTexture) tex = render_widget(gtk_window_get_child(GTK_WINDOW(window)));
    g_autofree char *path = g_build_filename(dir, name, NULL);
    gdk_texture_save_to_png(tex, path);
}

/* Runs the main loop until cond holds or a timeout. */
#define WAIT_FOR(cond)                                                                       \
    G_STMT_START                                                                             \
    {                                                                                        \
        gint64 _end = g_get_monotonic_time() + 20 * G_USEC_PER_SEC;                          \
        while (!(cond)) {                                                                    \
            g_main_context_iteration(NULL, FALSE);                                           \
            if (g_get_monotonic_time() > _end)                                               \
                g_error("timed out waiting for " #cond);                                     \
        }                                                                                    \
    }                                                                                        \
    G_STMT_END

/* Whether text names the region needle and not only a larger region that starts alike
 * ("East, North" in "East, North, sector 5"; "E · N" in "E · N · 5"). */
static inline gboolean names_region(const char *text, const char *needle)
{
    for (const char *at = strstr(text, needle); at != NULL; at = strstr(at + 1, needle)) {
        const char *after = at + strlen(needle);
        if (*after != ',' && !g_str_has_prefix(after, " ·"))
            return TRUE;
    }
    return FALSE;
}

/* A key on the map, as its key controller gets it. */
static inline void board_key(MindenBoard *board, guint keyval)
{
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers(GTK_WIDGET(board));
    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        g_autoptr(GtkEventController) c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_KEY(c)) {
            gboolean handled = FALSE;
            g_signal_emit_by_name(c, "key-pressed", keyval, 0, 0, &handled);
            return;
        }
    }
    g_assert_not_reached();
}

/* A "cell-activated" handler: the cell, as a full tip, into out. */
static inline void on_cell(MindenBoard *board, int ew, int band, int sector, int section,
                           MindenTip *out)
{
    *out = (MindenTip) { 4, (gint8) ew, (gint8) band, (gint8) sector, (gint8) section };
}
