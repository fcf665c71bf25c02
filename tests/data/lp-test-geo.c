/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Loads Germany's outline once and answers point-in-Germany and distance questions. */
#include "lp-test-geo.h"

#include <json-glib/json-glib.h>
#include <math.h>

#define EARTH_RADIUS_KM 6371.0088
#define DEG_TO_RAD (G_PI / 180.0)

typedef struct {
    guint n;
    double *lon; /* n points; the ring is closed implicitly (last == first is fine too) */
    double *lat;
    double min_lon, max_lon, min_lat, max_lat;
} Ring;

static GPtrArray *outline_rings; /* of Ring*; loaded once, lives until exit */

static void ring_free(gpointer data)
{
    Ring *ring = data;

    g_free(ring->lon);
    g_free(ring->lat);
    g_free(ring);
}

static Ring *ring_from_json(JsonArray *points)
{
    guint n = json_array_get_length(points);
    Ring *ring;

    if (n < 3)
        g_error("germany-outline.json: a ring has only %u points", n);

    ring = g_new0(Ring, 1);
    ring->n = n;
    ring->lon = g_new(double, n);
    ring->lat = g_new(double, n);
    ring->min_lon = ring->min_lat = G_MAXDOUBLE;
    ring->max_lon = ring->max_lat = -G_MAXDOUBLE;
    for (guint i = 0; i < n; i++) {
        JsonArray *pt = json_array_get_array_element(points, i);

        if (pt == NULL || json_array_get_length(pt) < 2)
            g_error("germany-outline.json: point %u of a ring is not [lon, lat]", i);
        ring->lon[i] = json_array_get_double_element(pt, 0);
        ring->lat[i] = json_array_get_double_element(pt, 1);
        ring->min_lon = MIN(ring->min_lon, ring->lon[i]);
        ring->max_lon = MAX(ring->max_lon, ring->lon[i]);
        ring->min_lat = MIN(ring->min_lat, ring->lat[i]);
        ring->max_lat = MAX(ring->max_lat, ring->lat[i]);
    }
    return ring;
}

/* The test binaries have no display and no resources of their own, so read the
 * source tree's file; a missing or broken file is a failed test, not a crash. */
static GPtrArray *load_outline(void)
{
    const char *srcdir = g_getenv("LANDPARTIE_SOURCE_DIR");
    g_autofree char *path = NULL;
    g_autoptr(JsonParser) parser = json_parser_new();
    g_autoptr(GError) error = NULL;
    JsonNode *root;
    JsonObject *geometry;
    JsonArray *polygons;
    GPtrArray *rings;

    if (outline_rings != NULL)
        return outline_rings;

    if (srcdir == NULL)
        g_error("LANDPARTIE_SOURCE_DIR is not set (run the test through meson test)");
    path = g_build_filename(srcdir, "data", "geo", "germany-outline.json", NULL);
    if (!json_parser_load_from_file(parser, path, &error))
        g_error("%s: %s", path, error->message);

    root = json_parser_get_root(parser);
    if (!JSON_NODE_HOLDS_OBJECT(root))
        g_error("%s: top level is not an object", path);
    geometry = json_node_get_object(root);
    /* A Feature wraps the geometry; a bare MultiPolygon is accepted too. */
    if (json_object_has_member(geometry, "geometry"))
        geometry = json_object_get_object_member(geometry, "geometry");
    if (geometry == NULL
        || g_strcmp0(json_object_get_string_member_with_default(geometry, "type", ""),
                     "MultiPolygon") != 0)
        g_error("%s: geometry is not a MultiPolygon", path);
    polygons = json_object_get_array_member(geometry, "coordinates");
    if (polygons == NULL || json_array_get_length(polygons) == 0)
        g_error("%s: no polygons", path);

    rings = g_ptr_array_new_with_free_func(ring_free);
    for (guint p = 0; p < json_array_get_length(polygons); p++) {
        JsonArray *polygon = json_array_get_array_element(polygons, p);

        if (polygon == NULL)
            g_error("%s: polygon %u is not an array", path, p);
        for (guint r = 0; r < json_array_get_length(polygon); r++) {
            JsonArray *ring = json_array_get_array_element(polygon, r);

            if (ring == NULL)
                g_error("%s: ring %u of polygon %u is not an array", path, r, p);
            g_ptr_array_add(rings, ring_from_json(ring));
        }
    }
    outline_rings = rings;
    return outline_rings;
}

double lp_test_distance_km(double lat1, double lon1, double lat2, double lon2)
{
    double phi1 = lat1 * DEG_TO_RAD, phi2 = lat2 * DEG_TO_RAD;
    double dphi = (lat2 - lat1) * DEG_TO_RAD;
    double dlambda = (lon2 - lon1) * DEG_TO_RAD;
    double a = sin(dphi / 2) * sin(dphi / 2)
               + cos(phi1) * cos(phi2) * sin(dlambda / 2) * sin(dlambda / 2);

    return 2.0 * EARTH_RADIUS_KM * asin(MIN(1.0, sqrt(a)));
}

/* Even-odd rule over all rings: outer rings and holes alike (GeoJSON holes are
 * rings inside their polygon, so crossing parity handles them). */
static gboolean inside_outline(GPtrArray *rings, double lat, double lon)
{
    gboolean inside = FALSE;

    for (guint r = 0; r < rings->len; r++) {
        Ring *ring = g_ptr_array_index(rings, r);

        if (lon < ring->min_lon || lon > ring->max_lon || lat < ring->min_lat
            || lat > ring->max_lat)
            continue;
        for (guint i = 0, j = ring->n - 1; i < ring->n; j = i++) {
            if ((ring->lat[i] > lat) != (ring->lat[j] > lat)) {
                double x = ring->lon[i] + (lat - ring->lat[i]) * (ring->lon[j] - ring->lon[i])
                                              / (ring->lat[j] - ring->lat[i]);
                if (lon < x)
                    inside = !inside;
            }
        }
    }
    return inside;
}

/* Distance from a point to a segment on a local equirectangular plane around
 * the point: accurate to well under 1 % over the few km that matter here. */
static double segment_distance_km(double lat, double lon, double lat_a, double lon_a,
                                  double lat_b, double lon_b)
{
    double kx = EARTH_RADIUS_KM * DEG_TO_RAD * cos(lat * DEG_TO_RAD);
    double ky = EARTH_RADIUS_KM * DEG_TO_RAD;
    double ax = (lon_a - lon) * kx, ay = (lat_a - lat) * ky;
    double bx = (lon_b - lon) * kx, by = (lat_b - lat) * ky;
    double dx = bx - ax, dy = by - ay;
    double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0.0;

    t = CLAMP(t, 0.0, 1.0);
    return hypot(ax + t * dx, ay + t * dy);
}

double lp_test_distance_to_border_km(double lat, double lon)
{
    GPtrArray *rings = load_outline();
    double best = G_MAXDOUBLE;

    for (guint r = 0; r < rings->len; r++) {
        Ring *ring = g_ptr_array_index(rings, r);

        for (guint i = 0, j = ring->n - 1; i < ring->n; j = i++) {
            double d = segment_distance_km(lat, lon, ring->lat[j], ring->lon[j], ring->lat[i],
                                           ring->lon[i]);
            best = MIN(best, d);
        }
    }
    return best;
}

gboolean lp_test_point_in_germany(double lat, double lon, double tolerance_km)
{
    GPtrArray *rings = load_outline();

    if (!isfinite(lat) || !isfinite(lon))
        return FALSE;
    if (inside_outline(rings, lat, lon))
        return TRUE;
    if (tolerance_km <= 0)
        return FALSE;
    return lp_test_distance_to_border_km(lat, lon) <= tolerance_km;
}

char *lp_test_read_source_file(const char *relative)
{
    const char *srcdir = g_getenv("LANDPARTIE_SOURCE_DIR");
    g_autofree char *path = NULL;
    g_autoptr(GError) error = NULL;
    char *text = NULL;

    if (srcdir == NULL)
        g_error("LANDPARTIE_SOURCE_DIR is not set (run the test through meson test)");
    path = g_build_filename(srcdir, relative, NULL);
    if (!g_file_get_contents(path, &text, NULL, &error))
        g_error("%s", error->message);
    return text;
}

JsonNode *lp_test_parse_or_die(const char *text, const char *what)
{
    g_autoptr(JsonParser) parser = json_parser_new();
    g_autoptr(GError) error = NULL;

    if (!json_parser_load_from_data(parser, text, -1, &error))
        g_error("%s: %s", what, error->message);
    return json_node_copy(json_parser_get_root(parser));
}

void lp_test_problem(LpTestCheck *c, const char *field, const char *format, ...)
{
    g_autofree char *what = NULL;
    va_list ap;

    va_start(ap, format);
    what = g_strdup_vprintf(format, ap);
    va_end(ap);
    g_ptr_array_add(c->problems, g_strdup_printf("%s: “%s” %s", c->label, field, what));
}
