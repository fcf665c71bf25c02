/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map of Germany (resources/map/germany.svg) that the Minden board and the "Where were
 * they?" view share: its projection, its reference cities, and the SVG rendered into
 * textures kept once for the whole process, by size (STYLE.md: Aisleriot's idea). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The projection of resources/map/germany-map.json (README: Map of Germany): map units are
 * SVG pixels, x = (lon − lon_min)·px_lon, y = (lat_max − lat)·px_lat. */
typedef struct {
    double lon_min, lat_max;
    double px_lon, px_lat;
    double width, height; /* the whole map in map units */
} LpMapProjection;

/* A reference city of the printed Minden board (the sidecar's "reference_cities"). */
typedef struct {
    char *name_de;
    char *name_en;
    double lat, lon;
} LpMapCity;

/* The colours of the map's layers, taken from a widget's style (lp_germany_map_palette_for),
 * so the map follows the light, dark and high-contrast styles. */
typedef struct {
    GdkRGBA sea, shallows, shallows_inner;
    GdkRGBA neighbours, neighbour_lines;
    GdkRGBA land[4]; /* the four fills the states alternate between */
    GdkRGBA coast, state_lines, border, water_lines, rivers;
    /* For what a view draws over the map: lines and text (ink) and what sets them off
     * (paper: a halo, the thick area lines), and the reference cities' red. */
    GdkRGBA ink, paper, city;
} LpMapPalette;

/* Loaded once; the built-in numbers when the sidecar cannot be read. */
const LpMapProjection *lp_germany_map_get_projection(void);
void lp_germany_map_geo_to_map(double lat, double lon, double *x, double *y);
void lp_germany_map_map_to_geo(double x, double y, double *lat, double *lon);
const LpMapCity *lp_germany_map_get_cities(guint *n_cities);

/* The palette of widget's style: its text colour and GTK's named theme colours
 * (theme_base_color, theme_bg_color, theme_selected_bg_color, borders, …). */
void lp_germany_map_palette_for(GtkWidget *widget, LpMapPalette *palette);

/* The map at width × height device pixels (a new reference), rendered at the first request
 * and then kept for the process: the last few sizes asked for stay cached, so two views of
 * the same size render the SVG once. NULL when the SVG cannot be loaded or the size is 0. */
GdkTexture *lp_germany_map_get_texture(int width, int height);
/* The cached texture of that size without rendering (a new reference), or NULL. */
GdkTexture *lp_germany_map_lookup_texture(int width, int height);
/* The same in a palette's colours (NULL: the SVG's own); the cache is keyed by size and
 * palette, so a view in the dark style never gets a light map of the same size. */
GdkTexture *lp_germany_map_get_styled_texture(const LpMapPalette *palette, int width,
                                              int height);
GdkTexture *lp_germany_map_lookup_styled_texture(const LpMapPalette *palette, int width,
                                                 int height);
/* For tests and benchmarks: how often the SVG was rendered in this process. */
guint lp_germany_map_get_render_count(void);

G_END_DECLS
