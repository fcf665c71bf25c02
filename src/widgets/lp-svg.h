/* SPDX-License-Identifier: GPL-3.0-or-later */
/* librsvg, opened the first time a picture is drawn from SVG (the map of Germany, the Auf
 * Achse cards) instead of when the program starts. librsvg and libxml2 bind every symbol
 * as they load (BIND_NOW), which cost each start about 8 ms, a sixth of the bare window's
 * whole start-up (issue 35), for pictures the start page never draws.
 * Each call is librsvg's function of the same name after "rsvg_handle_"; when librsvg cannot
 * be opened, each returns NULL or FALSE with an error that says so. Thread-safe. */
#pragma once

#include <librsvg/rsvg.h>

G_BEGIN_DECLS

RsvgHandle *lp_svg_new_from_data(const guint8 *data, gsize len, GError **error);
gboolean lp_svg_set_stylesheet(RsvgHandle *handle, const guint8 *css, gsize len,
                               GError **error);
gboolean lp_svg_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
                                GError **error);
gboolean lp_svg_render_layer(RsvgHandle *handle, cairo_t *cr, const char *id,
                             const RsvgRectangle *viewport, GError **error);

G_END_DECLS
