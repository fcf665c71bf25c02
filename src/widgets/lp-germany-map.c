/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shared map of Germany: projection, reference cities, and a per-process texture cache
 * keyed by size. */
#include "config.h"

#include "lp-germany-map.h"

#include <librsvg/rsvg.h>
#include <math.h>

#include "lp-json.h"

#define MAP_SVG "/io/github/landpartie/Landpartie/map/germany.svg"
#define MAP_JSON "/io/github/landpartie/Landpartie/map/germany-map.json"
/* Sizes kept: the Minden board, a "Where were they?" view, and one being resized. */
#define CACHE_SIZE 3

typedef struct {
    LpMapProjection projection;
    GArray *cities; /* LpMapCity */
    RsvgHandle *svg;
    GdkTexture *cache[CACHE_SIZE]; /* most recently used first */
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
        m->svg = rsvg_handle_new_from_data(data, len, &error);
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

/* Moves cache entry i to the front. */
static GdkTexture *use_entry(MapData *m, guint i)
{
    GdkTexture *t = m->cache[i];

    for (; i > 0; i--)
        m->cache[i] = m->cache[i - 1];
    m->cache[0] = t;
    return g_object_ref(t);
}

GdkTexture *lp_germany_map_lookup_texture(int width, int height)
{
    MapData *m = get_map();

    for (guint i = 0; i < CACHE_SIZE && m->cache[i] != NULL; i++) {
        if (gdk_texture_get_width(m->cache[i]) == width &&
            gdk_texture_get_height(m->cache[i]) == height)
            return use_entry(m, i);
    }
    return NULL;
}

GdkTexture *lp_germany_map_get_texture(int width, int height)
{
    MapData *m = get_map();

    if (width < 1 || height < 1 || m->svg == NULL)
        return NULL;
    GdkTexture *found = lp_germany_map_lookup_texture(width, height);
    if (found != NULL)
        return found;

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        return NULL;
    }
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = { 0, 0, width, height };
    g_autoptr(GError) error = NULL;
    if (!rsvg_handle_render_document(m->svg, cr, &viewport, &error))
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

    /* The least recently used size goes. */
    g_clear_object(&m->cache[CACHE_SIZE - 1]);
    for (guint i = CACHE_SIZE - 1; i > 0; i--)
        m->cache[i] = m->cache[i - 1];
    m->cache[0] = g_object_ref(texture);
    return texture;
}

guint lp_germany_map_get_render_count(void)
{
    return get_map()->render_count;
}
