/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "lp-svg.h"

#include <gio/gio.h>
#include <gmodule.h>

static struct {
    RsvgHandle *(*new_from_data)(const guint8 *data, gsize len, GError **error);
    gboolean (*set_stylesheet)(RsvgHandle *handle, const guint8 *css, gsize len,
                               GError **error);
    gboolean (*render_document)(RsvgHandle *handle, cairo_t *cr,
                                const RsvgRectangle *viewport, GError **error);
    gboolean (*render_layer)(RsvgHandle *handle, cairo_t *cr, const char *id,
                             const RsvgRectangle *viewport, GError **error);
} rsvg;
static char *problem; /* why librsvg could not be opened, or NULL */

static gboolean symbol(GModule *module, const char *name, gpointer *out)
{
    if (g_module_symbol(module, name, out) && *out != NULL)
        return TRUE;
    problem = g_strdup_printf("%s has no %s", LP_RSVG_SONAME, name);
    return FALSE;
}

static gboolean open_rsvg(GError **error)
{
    static gsize once;
    if (g_once_init_enter(&once)) {
        /* Local: nothing else looks symbols up in it; resident: handles outlive any caller. */
        GModule *module = g_module_open(LP_RSVG_SONAME, G_MODULE_BIND_LOCAL);
        if (module == NULL) {
            problem = g_strdup(g_module_error());
        } else if (symbol(module, "rsvg_handle_new_from_data", (gpointer *)&rsvg.new_from_data) &&
                   symbol(module, "rsvg_handle_set_stylesheet", (gpointer *)&rsvg.set_stylesheet) &&
                   symbol(module, "rsvg_handle_render_document",
                          (gpointer *)&rsvg.render_document) &&
                   symbol(module, "rsvg_handle_render_layer", (gpointer *)&rsvg.render_layer)) {
            g_module_make_resident(module);
        } else {
            g_module_close(module);
        }
        g_once_init_leave(&once, 1);
    }
    if (problem == NULL)
        return TRUE;
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "Cannot open librsvg: %s", problem);
    return FALSE;
}

RsvgHandle *lp_svg_new_from_data(const guint8 *data, gsize len, GError **error)
{
    return open_rsvg(error) ? rsvg.new_from_data(data, len, error) : NULL;
}

gboolean lp_svg_set_stylesheet(RsvgHandle *handle, const guint8 *css, gsize len, GError **error)
{
    return open_rsvg(error) && rsvg.set_stylesheet(handle, css, len, error);
}

gboolean lp_svg_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
                                GError **error)
{
    return open_rsvg(error) && rsvg.render_document(handle, cr, viewport, error);
}

gboolean lp_svg_render_layer(RsvgHandle *handle, cairo_t *cr, const char *id,
                             const RsvgRectangle *viewport, GError **error)
{
    return open_rsvg(error) && rsvg.render_layer(handle, cr, id, viewport, error);
}
