/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shared map of Germany: projection, reference cities, and a per-process texture cache
 * keyed by size. */
#include "config.h"

#include "lp-germany-map.h"

#include "lp-svg.h"
#include <math.h>
#include <string.h>

#include "lp-json.h"
#include "lp-theme.h"

#define MAP_SVG "/io/github/landpartie/Landpartie/map/germany.svg"
#define MAP_JSON "/io/github/landpartie/Landpartie/map/germany-map.json"
/* Sizes kept: the Minden board, a "Where were they?" view, and one being resized. */
#define CACHE_SIZE 3

/* One rendered map: its texture and the palette it was drawn in. */
typedef struct {
    GdkTexture *texture;
    gboolean styled; /* else the SVG's own colours */
    LpMapPalette palette;
} CacheEntry;

typedef struct {
    LpMapProjection projection;
    GArray *cities; /* LpMapCity */
    RsvgHandle *svg;
    CacheEntry cache[CACHE_SIZE]; /* most recently used first */
    guint render_count;
} MapData;

/* The map never changes while the program runs: one copy for the process, not game state. */
static MapData *map_data;

static void load_cities(MapData *m, JsonObject *o)
{
    JsonArray *a = NULL;

    if (!json_object_has_member(o, "reference_cities") ||
        !lp_json_get_array(o, "reference_cities", &a, NULL))
        return;
    for (guint i = 0; i < json_array_get_length(a); i++) {
        JsonNode *n = json_array_get_element(a, i);
        const char *de = NULL, *en = NULL;
        LpMapCity c = { 0 };
        if (!JSON_NODE_HOLDS_OBJECT(n))
            continue;
        JsonObject *co = json_node_get_object(n);
        /* A broken entry is left out. */
        if (!lp_json_get_string(co, "name_de", &de, NULL) ||
            !lp_json_get_string(co, "name_en", &en, NULL) ||
            !lp_json_get_double(co, "lat", 40, 60, &c.lat, NULL) ||
            !lp_json_get_double(co, "lon", 0, 20, &c.lon, NULL))
            continue;
        c.name_de = g_strdup(de);
        c.name_en = g_strdup(en);
        g_array_append_val(m->cities, c);
    }
}

static MapData *get_map(void)
{
    if (map_data != NULL)
        return map_data;

    MapData *m = g_new0(MapData, 1);
    LpMapProjection *p = &m->projection;
    m->cities = g_array_new(FALSE, TRUE, sizeof(LpMapCity));

    /* The contract of the map work (its sidecar holds the same numbers). */
    p->lon_min = 4.5;
    p->lat_max = 55.4;
    p->px_lat = 100.0;
    p->px_lon = 100.0 * cos(51.0 * G_PI / 180.0);
    p->width = 11.0 * p->px_lon;
    p->height = 860.0;
    g_autoptr(JsonNode) meta = lp_json_load_resource(MAP_JSON, NULL);
    if (meta != NULL && JSON_NODE_HOLDS_OBJECT(meta)) {
        JsonObject *o = json_node_get_object(meta);
        lp_json_get_double(o, "lon_min", -180, 180, &p->lon_min, NULL);
        lp_json_get_double(o, "lat_max", -90, 90, &p->lat_max, NULL);
        lp_json_get_double(o, "px_per_deg_lon", 1, 10000, &p->px_lon, NULL);
        lp_json_get_double(o, "px_per_deg_lat", 1, 10000, &p->px_lat, NULL);
        lp_json_get_double(o, "width", 1, 100000, &p->width, NULL);
        lp_json_get_double(o, "height", 1, 100000, &p->height, NULL);
        load_cities(m, o);
    }

    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = g_resources_lookup_data(MAP_SVG, 0, &error);
    if (bytes != NULL) {
        gsize len;
        const guint8 *data = g_bytes_get_data(bytes, &len);
        m->svg = lp_svg_new_from_data(data, len, &error);
    }
    if (m->svg == NULL)
        g_warning("Cannot load the map of Germany: %s", error ? error->message : "?");
    map_data = m;
    return m;
}

const LpMapProjection *lp_germany_map_get_projection(void)
{
    return &get_map()->projection;
}

void lp_germany_map_geo_to_map(double lat, double lon, double *x, double *y)
{
    const LpMapProjection *p = lp_germany_map_get_projection();

    *x = (lon - p->lon_min) * p->px_lon;
    *y = (p->lat_max - lat) * p->px_lat;
}

void lp_germany_map_map_to_geo(double x, double y, double *lat, double *lon)
{
    const LpMapProjection *p = lp_germany_map_get_projection();

    *lon = p->lon_min + x / p->px_lon;
    *lat = p->lat_max - y / p->px_lat;
}

const LpMapCity *lp_germany_map_get_cities(guint *n_cities)
{
    MapData *m = get_map();

    *n_cities = m->cities->len;
    return (const LpMapCity *) m->cities->data;
}

/* ---- colours ---------------------------------------------------------------------------- */

static GdkRGBA mix(const GdkRGBA *a, const GdkRGBA *b, float t)
{
    return (GdkRGBA){ a->red + (b->red - a->red) * t, a->green + (b->green - a->green) * t,
                      a->blue + (b->blue - a->blue) * t, 1.0f };
}

/* The map's colours are opaque whatever the theme gives. */
static GdkRGBA theme_colour(GtkWidget *widget, const char *name, const char *fallback)
{
    GdkRGBA c = lp_theme_named_colour(widget, name, fallback);
    c.alpha = 1.0f;
    return c;
}

void lp_germany_map_palette_for(GtkWidget *widget, LpMapPalette *p)
{
    g_return_if_fail(GTK_IS_WIDGET(widget) && p != NULL);
    GdkRGBA fg;
    lp_theme_get_color(widget, &fg);
    fg.alpha = 1.0f;
    GdkRGBA base = theme_colour(widget, "theme_base_color", "#ffffff");
    GdkRGBA bg = theme_colour(widget, "theme_bg_color", "#f6f5f4");
    GdkRGBA accent = theme_colour(widget, "theme_selected_bg_color", "#3584e4");
    GdkRGBA borders = theme_colour(widget, "borders", "#cdc7c2");
    GdkRGBA warm = theme_colour(widget, "warning_color", "#f57900");
    GdkRGBA green = theme_colour(widget, "success_color", "#33d17a");
    GdkRGBA red = theme_colour(widget, "error_color", "#cc0000");
    gboolean dark = lp_theme_luminance(&base) < lp_theme_luminance(&fg);

    memset(p, 0, sizeof *p);
    /* Water: the selection's blue over the base; rivers stand out from the land the other
     * way in a dark style. */
    p->sea = mix(&base, &accent, 0.28f);
    p->shallows = mix(&p->sea, &bg, 0.12f);
    p->shallows_inner = mix(&p->sea, &bg, 0.24f);
    p->rivers = mix(&accent, dark ? &fg : &base, 0.3f);
    p->coast = mix(&p->rivers, &p->sea, 0.3f);
    p->water_lines = p->coast;
    /* Land: Germany a little lighter than its neighbours (in a dark style too), its states
     * in four warm and green tints as on the printed board. */
    GdkRGBA ground = dark ? mix(&bg, &fg, 0.1f) : bg;
    GdkRGBA ochre = mix(&warm, &green, 0.35f);
    GdkRGBA khaki = mix(&warm, &green, 0.5f);
    p->neighbours = mix(&bg, &fg, dark ? 0.03f : 0.06f);
    p->neighbour_lines = mix(&p->neighbours, &fg, 0.18f);
    p->land[0] = mix(&ground, &ochre, 0.16f);
    p->land[1] = mix(&ground, &green, 0.12f);
    p->land[2] = mix(&ground, &warm, 0.12f);
    p->land[3] = mix(&ground, &khaki, 0.16f);
    /* Lines from the theme's borders: darker in the high-contrast styles. */
    p->state_lines = mix(&borders, &fg, 0.35f);
    p->border = mix(&fg, &red, 0.45f);
    p->ink = fg;
    p->paper = base;
    p->city = mix(&red, &fg, dark ? 0.4f : 0.3f);
}

/* The palette as a user stylesheet over the SVG's presentation attributes (which only
 * !important beats: a user origin comes before an author's). The land fills are picked by
 * the four colours resources/map/germany.svg gives its states. */
static char *palette_css(const LpMapPalette *p)
{
    static const char *const land_fills[4] = { "#f4edd3", "#e9efd4", "#f6e6cd", "#eeead0" };
    GString *css = g_string_new(NULL);
    const struct {
        const char *selector, *property;
        const GdkRGBA *colour;
    } rules[] = {
        { "#sea > rect", "fill", &p->sea },
        { "#shallows", "stroke", &p->shallows },
        { "#shallows-inner", "stroke", &p->shallows_inner },
        { "#neighbours", "fill", &p->neighbours },
        { "#neighbours", "stroke", &p->neighbour_lines },
        { "#neighbours > #ijsselmeer", "fill", &p->sea },
        { "#coast", "stroke", &p->coast },
        { "#states", "stroke", &p->state_lines },
        { "#border", "stroke", &p->border },
        { "#lakes", "fill", &p->sea },
        { "#lakes", "stroke", &p->water_lines },
        { "#rivers", "stroke", &p->rivers },
    };

    for (guint i = 0; i < G_N_ELEMENTS(rules); i++) {
        g_autofree char *c = gdk_rgba_to_string(rules[i].colour);
        g_string_append_printf(css, "%s { %s: %s !important; }\n", rules[i].selector,
                               rules[i].property, c);
    }
    for (guint i = 0; i < G_N_ELEMENTS(land_fills); i++) {
        g_autofree char *c = gdk_rgba_to_string(&p->land[i]);
        g_string_append_printf(css, "#germany > [fill=\"%s\"] { fill: %s !important; }\n",
                               land_fills[i], c);
    }
    return g_string_free(css, FALSE);
}

/* ---- the texture cache ------------------------------------------------------------------ */

static gboolean entry_matches(const CacheEntry *e, const LpMapPalette *palette, int width,
                              int height)
{
    return e->texture != NULL && gdk_texture_get_width(e->texture) == width &&
           gdk_texture_get_height(e->texture) == height && e->styled == (palette != NULL) &&
           (palette == NULL || memcmp(&e->palette, palette, sizeof *palette) == 0);
}

/* Moves cache entry i to the front. */
static GdkTexture *use_entry(MapData *m, guint i)
{
    CacheEntry e = m->cache[i];

    for (; i > 0; i--)
        m->cache[i] = m->cache[i - 1];
    m->cache[0] = e;
    return g_object_ref(e.texture);
}

GdkTexture *lp_germany_map_lookup_styled_texture(const LpMapPalette *palette, int width,
                                                 int height)
{
    MapData *m = get_map();

    for (guint i = 0; i < CACHE_SIZE; i++) {
        if (entry_matches(&m->cache[i], palette, width, height))
            return use_entry(m, i);
    }
    return NULL;
}

GdkTexture *lp_germany_map_lookup_texture(int width, int height)
{
    return lp_germany_map_lookup_styled_texture(NULL, width, height);
}

GdkTexture *lp_germany_map_get_styled_texture(const LpMapPalette *palette, int width,
                                              int height)
{
    MapData *m = get_map();

    if (width < 1 || height < 1 || m->svg == NULL)
        return NULL;
    GdkTexture *found = lp_germany_map_lookup_styled_texture(palette, width, height);
    if (found != NULL)
        return found;

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    g_autoptr(GError) error = NULL;
    /* The stylesheet stays on the handle until the next render sets another ("": none). */
    g_autofree char *css = palette != NULL ? palette_css(palette) : g_strdup("");
    if (!lp_svg_set_stylesheet(m->svg, (const guint8 *) css, strlen(css), &error)) {
        g_warning("Cannot colour the map: %s", error->message);
        g_clear_error(&error);
    }
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = { 0, 0, width, height };
    if (!lp_svg_render_document(m->svg, cr, &viewport, &error))
        g_warning("Cannot draw the map: %s", error->message);
    cairo_destroy(cr);
    cairo_surface_flush(surface);

    gsize stride = cairo_image_surface_get_stride(surface);
    g_autoptr(GBytes) bytes = g_bytes_new_with_free_func(cairo_image_surface_get_data(surface),
                                                         stride * height,
                                                         (GDestroyNotify) cairo_surface_destroy,
                                                         surface);
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes, stride);
    m->render_count++;

    /* The least recently used entry goes. */
    g_clear_object(&m->cache[CACHE_SIZE - 1].texture);
    for (guint i = CACHE_SIZE - 1; i > 0; i--)
        m->cache[i] = m->cache[i - 1];
    m->cache[0] = (CacheEntry){ g_object_ref(texture), palette != NULL, { { 0 } } };
    if (palette != NULL)
        m->cache[0].palette = *palette;
    return texture;
}

GdkTexture *lp_germany_map_get_texture(int width, int height)
{
    return lp_germany_map_get_styled_texture(NULL, width, height);
}

guint lp_germany_map_get_render_count(void)
{
    return get_map()->render_count;
}
