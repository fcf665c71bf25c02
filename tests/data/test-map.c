/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The map of Germany (resources/map/): layers, projection contract, and places drawn where they are. */
#include <cairo.h>
#include <json-glib/json-glib.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

#include "lp-test-geo.h"

#define RESOURCE_DIR "/io/github/landpartie/Landpartie/map/"

/* The contract (decks brief): equirectangular around 51°N over 4.5..15.5°E, 46.8..55.4°N. */
#define LON_MIN 4.5
#define LON_MAX 15.5
#define LAT_MIN 46.8
#define LAT_MAX 55.4
#define PX_PER_DEG_LAT 100.0
#define PX_PER_DEG_LON (100.0 * cos(51.0 * G_PI / 180.0))

/* Rendered at this many pixels per map unit for the pixel checks. */
#define SCALE 2.0

/* librsvg 2.54 (Debian 12) has no autoptr for its handle; a private name keeps
 * this from clashing with later releases that do. */
typedef RsvgHandle MapHandle;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(MapHandle, g_object_unref)

typedef struct {
    const char *name;
    double lat, lon;
} Place;

static const char *const layers[] = {
    "sea", "neighbours", "germany", "states", "lakes", "rivers", "border",
};

/* Issue 3 names these rivers and lakes. */
static const char *const rivers[] = {
    "rhein", "elbe", "donau", "main", "weser", "ems", "oder", "neckar", "mosel", "saale", "spree",
    "havel",
};
static const char *const lakes[] = { "bodensee", "mueritz", "chiemsee" };

static const Place german_cities[] = {
    { "Berlin", 52.5200, 13.4050 },   { "München", 48.1374, 11.5755 },
    { "Hamburg", 53.5511, 9.9937 },   { "Köln", 50.9375, 6.9603 },
    { "Frankfurt", 50.1109, 8.6821 }, { "Stuttgart", 48.7758, 9.1829 },
    { "Dresden", 51.0504, 13.7373 },  { "Hannover", 52.3759, 9.7320 },
    { "Kiel", 54.3233, 10.1228 },     { "Rostock", 54.0887, 12.1405 },
    { "Erfurt", 50.9787, 11.0328 },   { "Saarbrücken", 49.2402, 6.9969 },
};

/* The corners of Germany: each lies within a few km of the outline's edge. */
static const Place german_extremes[] = {
    { "List auf Sylt", 55.0170, 8.4330 },  { "Oberstdorf", 47.4099, 10.2797 },
    { "Görlitz", 51.1526, 14.9872 },       { "Selfkant", 51.0500, 5.8700 },
    { "Helgoland", 54.1811, 7.8856 },      { "Kap Arkona", 54.6794, 13.4322 },
    { "Passau", 48.5667, 13.4319 },        { "Aachen", 50.7753, 6.0839 },
};

static const Place foreign_cities[] = {
    { "Paris", 48.8566, 2.3522 },       { "Prague", 50.0755, 14.4378 },
    { "Copenhagen", 55.6761, 12.5683 }, { "Vienna", 48.2082, 16.3738 },
    { "Amsterdam", 52.3676, 4.9041 },   { "Zürich", 47.3769, 8.5417 },
    { "Strasbourg", 48.5734, 7.7521 },  { "Szczecin", 53.4285, 14.5528 },
    { "Salzburg", 47.8095, 13.0550 },   { "Luxembourg", 49.6116, 6.1319 },
};

static char *read_source_file(const char *relative, gsize *length)
{
    const char *srcdir = g_getenv("LANDPARTIE_SOURCE_DIR");
    g_autofree char *path = NULL;
    g_autoptr(GError) error = NULL;
    char *text = NULL;

    if (srcdir == NULL)
        g_error("LANDPARTIE_SOURCE_DIR is not set (run the test through meson test)");
    path = g_build_filename(srcdir, relative, NULL);
    if (!g_file_get_contents(path, &text, length, &error))
        g_error("%s", error->message);
    return text;
}

/* The map as the app loads it: from the compiled-in resource. */
static RsvgHandle *load_map(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = g_resources_lookup_data(RESOURCE_DIR "germany.svg",
                                                      G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
    RsvgHandle *handle;
    gsize size;
    const guint8 *data;

    g_assert_no_error(error);
    data = g_bytes_get_data(bytes, &size);
    handle = rsvg_handle_new_from_data(data, size, &error);
    g_assert_no_error(error);
    g_assert_nonnull(handle);
    return handle;
}

static JsonObject *load_sidecar(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = g_resources_lookup_data(RESOURCE_DIR "germany-map.json",
                                                      G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
    g_autoptr(JsonParser) parser = json_parser_new();
    gsize size;
    const char *data;

    g_assert_no_error(error);
    data = g_bytes_get_data(bytes, &size);
    json_parser_load_from_data(parser, data, (gssize)size, &error);
    g_assert_no_error(error);
    g_assert_true(JSON_NODE_HOLDS_OBJECT(json_parser_get_root(parser)));
    return json_object_ref(json_node_get_object(json_parser_get_root(parser)));
}

static double member_double(JsonObject *obj, const char *member)
{
    JsonNode *node = json_object_get_member(obj, member);

    if (node == NULL || json_node_get_value_type(node) != G_TYPE_DOUBLE)
        g_error("germany-map.json: “%s” is missing or not a number", member);
    return json_node_get_double(node);
}

static void project(double lat, double lon, double *x, double *y)
{
    *x = (lon - LON_MIN) * PX_PER_DEG_LON;
    *y = (LAT_MAX - lat) * PX_PER_DEG_LAT;
}

static void test_sidecar_matches_contract(void)
{
    g_autoptr(JsonObject) map = load_sidecar();

    g_assert_cmpstr(json_object_get_string_member_with_default(map, "projection", ""), ==,
                    "equirectangular");
    g_assert_cmpfloat_with_epsilon(member_double(map, "standard_parallel"), 51.0, 1e-12);
    g_assert_cmpfloat_with_epsilon(member_double(map, "lon_min"), LON_MIN, 1e-12);
    g_assert_cmpfloat_with_epsilon(member_double(map, "lon_max"), LON_MAX, 1e-12);
    g_assert_cmpfloat_with_epsilon(member_double(map, "lat_min"), LAT_MIN, 1e-12);
    g_assert_cmpfloat_with_epsilon(member_double(map, "lat_max"), LAT_MAX, 1e-12);
    g_assert_cmpfloat_with_epsilon(member_double(map, "px_per_deg_lat"), PX_PER_DEG_LAT, 1e-12);
    g_assert_cmpfloat_with_epsilon(member_double(map, "px_per_deg_lon"), PX_PER_DEG_LON, 1e-6);
    g_assert_cmpfloat_with_epsilon(member_double(map, "width"),
                                   (LON_MAX - LON_MIN) * PX_PER_DEG_LON, 1e-6);
    g_assert_cmpfloat_with_epsilon(member_double(map, "height"),
                                   (LAT_MAX - LAT_MIN) * PX_PER_DEG_LAT, 1e-9);
}

static void test_svg_size_matches_sidecar(void)
{
    g_autoptr(MapHandle) handle = load_map();
    g_autoptr(JsonObject) map = load_sidecar();
    gboolean has_width, has_height, has_viewbox;
    RsvgLength width, height;
    RsvgRectangle viewbox;

    rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &width, &has_height, &height,
                                         &has_viewbox, &viewbox);
    g_assert_true(has_viewbox);
    g_assert_cmpfloat_with_epsilon(viewbox.x, 0.0, 1e-9);
    g_assert_cmpfloat_with_epsilon(viewbox.y, 0.0, 1e-9);
    /* librsvg keeps the viewBox in single precision: a thousandth of a pixel. */
    g_assert_cmpfloat_with_epsilon(viewbox.width, member_double(map, "width"), 1e-3);
    g_assert_cmpfloat_with_epsilon(viewbox.height, member_double(map, "height"), 1e-3);
    /* One SVG user unit is one map pixel of the contract. */
    g_assert_true(has_width && has_height);
    g_assert_cmpint(width.unit, ==, RSVG_UNIT_PX);
    g_assert_cmpint(height.unit, ==, RSVG_UNIT_PX);
    g_assert_cmpfloat_with_epsilon(width.length, viewbox.width, 1e-3);
    g_assert_cmpfloat_with_epsilon(height.length, viewbox.height, 1e-3);
}

static void test_svg_has_layers(void)
{
    g_autoptr(MapHandle) handle = load_map();

    for (guint i = 0; i < G_N_ELEMENTS(layers); i++) {
        g_autofree char *id = g_strconcat("#", layers[i], NULL);

        if (!rsvg_handle_has_sub(handle, id))
            g_error("germany.svg has no layer “%s”", layers[i]);
    }
    for (guint i = 0; i < G_N_ELEMENTS(rivers); i++) {
        g_autofree char *id = g_strconcat("#river-", rivers[i], NULL);

        if (!rsvg_handle_has_sub(handle, id))
            g_error("germany.svg has no “%s”", id + 1);
    }
    for (guint i = 0; i < G_N_ELEMENTS(lakes); i++) {
        g_autofree char *id = g_strconcat("#lake-", lakes[i], NULL);

        if (!rsvg_handle_has_sub(handle, id))
            g_error("germany.svg has no “%s”", id + 1);
    }
}

/* What the markup may contain: the base map has shapes only (the games place
 * dots and names), and its <metadata> repeats the projection. */
typedef struct {
    GHashTable *projection; /* attribute → value of <lp:projection> */
    GString *unexpected;
} MarkupScan;

static void scan_start(GMarkupParseContext *context, const char *element,
                       const char **names, const char **values, gpointer user_data,
                       GError **error)
{
    static const char *const allowed[] = {
        "svg", "title", "desc", "metadata", "lp:projection", "g", "rect", "path",
    };
    MarkupScan *scan = user_data;
    gboolean ok = FALSE;

    for (guint i = 0; i < G_N_ELEMENTS(allowed); i++)
        ok = ok || strcmp(element, allowed[i]) == 0;
    if (!ok)
        g_string_append_printf(scan->unexpected, " <%s>", element);
    if (strcmp(element, "lp:projection") == 0)
        for (guint i = 0; names[i] != NULL; i++)
            g_hash_table_insert(scan->projection, g_strdup(names[i]), g_strdup(values[i]));
}

static void test_svg_markup(void)
{
    static const GMarkupParser parser = { scan_start, NULL, NULL, NULL, NULL };
    g_autoptr(JsonObject) map = load_sidecar();
    g_autoptr(GError) error = NULL;
    g_autoptr(GMarkupParseContext) context = NULL;
    g_autofree char *text = NULL;
    gsize length = 0;
    MarkupScan scan = {
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free),
        g_string_new(NULL),
    };
    static const char *const numbers[] = {
        "standard_parallel", "lon_min", "lon_max", "lat_min", "lat_max",
        "px_per_deg_lon", "px_per_deg_lat", "width", "height",
    };

    text = read_source_file("resources/map/germany.svg", &length);
    /* Issue 3: small enough to ship and to parse at start-up. */
    g_assert_cmpuint(length, <, 1024 * 1024);

    context = g_markup_parse_context_new(&parser, 0, &scan, NULL);
    g_markup_parse_context_parse(context, text, (gssize)length, &error);
    g_assert_no_error(error);
    g_markup_parse_context_end_parse(context, &error);
    g_assert_no_error(error);

    if (scan.unexpected->len > 0)
        g_error("germany.svg has elements a base map should not have:%s", scan.unexpected->str);

    g_assert_cmpstr(g_hash_table_lookup(scan.projection, "name"), ==, "equirectangular");
    for (guint i = 0; i < G_N_ELEMENTS(numbers); i++) {
        const char *value = g_hash_table_lookup(scan.projection, numbers[i]);

        if (value == NULL)
            g_error("germany.svg <metadata> lacks %s", numbers[i]);
        g_assert_cmpfloat_with_epsilon(g_ascii_strtod(value, NULL), member_double(map, numbers[i]),
                                       1e-9);
    }
    g_hash_table_unref(scan.projection);
    g_string_free(scan.unexpected, TRUE);
}

/* Renders the whole map, or one element of it, at SCALE pixels per map unit. */
static cairo_surface_t *render(RsvgHandle *handle, const char *id)
{
    g_autoptr(GError) error = NULL;
    RsvgRectangle viewport = { 0, 0, ceil((LON_MAX - LON_MIN) * PX_PER_DEG_LON * SCALE),
                               ceil((LAT_MAX - LAT_MIN) * PX_PER_DEG_LAT * SCALE) };
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
                                                          (int)viewport.width,
                                                          (int)viewport.height);
    cairo_t *cr = cairo_create(surface);
    gboolean ok;

    if (id == NULL)
        ok = rsvg_handle_render_document(handle, cr, &viewport, &error);
    else
        ok = rsvg_handle_render_layer(handle, cr, id, &viewport, &error);
    g_assert_no_error(error);
    g_assert_true(ok);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    return surface;
}

/* The pixel under (lat, lon): premultiplied ARGB, as cairo stores it. */
static guint32 pixel_at(cairo_surface_t *surface, double lat, double lon)
{
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const guint8 *data = cairo_image_surface_get_data(surface);
    double x, y;
    int px, py;

    project(lat, lon, &x, &y);
    px = (int)floor(x * SCALE);
    py = (int)floor(y * SCALE);
    g_assert_cmpint(px, >=, 0);
    g_assert_cmpint(py, >=, 0);
    g_assert_cmpint(px, <, width);
    g_assert_cmpint(py, <, height);
    return *(const guint32 *)(data + py * stride + px * 4);
}

static guint alpha_of(guint32 argb)
{
    return argb >> 24;
}

/* Water is drawn in blues, land in creams and greys. */
static gboolean looks_like_water(guint32 argb)
{
    int r = (argb >> 16) & 0xff, b = argb & 0xff;

    return alpha_of(argb) == 0xff && b > r + 20;
}

/* TRUE when some pixel within radius (map units) of (lat, lon) is painted. */
static gboolean painted_near(cairo_surface_t *surface, double lat, double lon, double radius)
{
    for (double dy = -radius; dy <= radius; dy += 0.5 / SCALE)
        for (double dx = -radius; dx <= radius; dx += 0.5 / SCALE)
            if (alpha_of(pixel_at(surface, lat + dy / PX_PER_DEG_LAT, lon + dx / PX_PER_DEG_LON))
                > 0)
                return TRUE;
    return FALSE;
}

static void test_cities_project_inside_map_and_germany(void)
{
    for (guint i = 0; i < G_N_ELEMENTS(german_cities); i++) {
        const Place *p = &german_cities[i];
        double x, y;

        project(p->lat, p->lon, &x, &y);
        if (x < 0 || y < 0 || x > (LON_MAX - LON_MIN) * PX_PER_DEG_LON
            || y > (LAT_MAX - LAT_MIN) * PX_PER_DEG_LAT)
            g_error("%s projects to (%.1f, %.1f), off the map", p->name, x, y);
        if (!lp_test_point_in_germany(p->lat, p->lon, 0.0))
            g_error("%s is not inside Germany's outline", p->name);
    }
    for (guint i = 0; i < G_N_ELEMENTS(german_extremes); i++) {
        const Place *p = &german_extremes[i];

        if (!lp_test_point_in_germany(p->lat, p->lon, 3.0))
            g_error("%s is %.1f km outside Germany's outline", p->name,
                    lp_test_distance_to_border_km(p->lat, p->lon));
    }
    for (guint i = 0; i < G_N_ELEMENTS(foreign_cities); i++) {
        const Place *p = &foreign_cities[i];

        if (lp_test_point_in_germany(p->lat, p->lon, 0.0))
            g_error("%s lies inside Germany's outline", p->name);
    }
    /* Well-known distances, to check the helper the deck tests rely on. */
    g_assert_cmpfloat_with_epsilon(lp_test_distance_km(52.5200, 13.4050, 48.1374, 11.5755), 504.0,
                                   3.0);
    g_assert_cmpfloat_with_epsilon(lp_test_distance_km(53.5511, 9.9937, 52.5200, 13.4050), 255.0,
                                   3.0);
    g_assert_cmpfloat(lp_test_distance_km(50.0, 10.0, 50.0, 10.0), ==, 0.0);
}

/* The drawing agrees with the projection: Germany's layer covers the cities
 * at their projected pixels and leaves the seas and neighbours bare. */
static void test_rendered_map_matches_projection(void)
{
    g_autoptr(MapHandle) handle = load_map();
    cairo_surface_t *whole = render(handle, NULL);
    cairo_surface_t *germany = render(handle, "#germany");
    cairo_surface_t *neighbours = render(handle, "#neighbours");
    static const Place seas[] = {
        { "North Sea", 54.50, 7.00 }, { "Mecklenburg Bay", 54.30, 11.60 },
        { "Baltic Sea off Rügen", 54.90, 13.60 },
        { "Bay of Lübeck", 54.05, 10.95 },
    };
    static const Place abroad[] = {
        { "Strasbourg", 48.5734, 7.7521 }, { "Prague", 50.0755, 14.4378 },
        { "Amsterdam", 52.3676, 4.9041 },  { "Zürich", 47.3769, 8.5417 },
        { "Salzburg", 47.8095, 13.0550 },  { "Szczecin", 53.4285, 14.5528 },
    };

    for (guint i = 0; i < G_N_ELEMENTS(german_cities); i++) {
        const Place *p = &german_cities[i];

        if (alpha_of(pixel_at(germany, p->lat, p->lon)) != 0xff)
            g_error("%s is not on Germany's land in the drawing", p->name);
        if (alpha_of(pixel_at(neighbours, p->lat, p->lon)) != 0)
            g_error("%s is drawn in a neighbouring country", p->name);
    }
    for (guint i = 0; i < G_N_ELEMENTS(seas); i++) {
        const Place *p = &seas[i];

        if (!looks_like_water(pixel_at(whole, p->lat, p->lon)))
            g_error("the %s is not drawn as water", p->name);
        g_assert_cmpuint(alpha_of(pixel_at(germany, p->lat, p->lon)), ==, 0);
    }
    for (guint i = 0; i < G_N_ELEMENTS(abroad); i++) {
        const Place *p = &abroad[i];

        if (alpha_of(pixel_at(germany, p->lat, p->lon)) != 0)
            g_error("%s is drawn as part of Germany", p->name);
        if (alpha_of(pixel_at(neighbours, p->lat, p->lon)) != 0xff)
            g_error("%s is not drawn as a neighbouring country", p->name);
    }
    cairo_surface_destroy(whole);
    cairo_surface_destroy(germany);
    cairo_surface_destroy(neighbours);
}

/* Named lakes and rivers are drawn where they are. */
static void test_water_where_it_belongs(void)
{
    g_autoptr(MapHandle) handle = load_map();
    static const struct {
        const char *id;
        Place at;
    } water[] = {
        { "#lake-bodensee", { "Bodensee", 47.60, 9.40 } },
        { "#lake-mueritz", { "Müritz", 53.43, 12.70 } },
        { "#lake-chiemsee", { "Chiemsee", 47.87, 12.47 } },
        { "#river-rhein", { "Rhein at Speyer", 49.3200, 8.4500 } },
        { "#river-rhein", { "Rhein at Düsseldorf", 51.2300, 6.7700 } },
        { "#river-elbe", { "Elbe at Dresden", 51.0560, 13.7420 } },
        { "#river-donau", { "Donau at Regensburg", 49.0200, 12.1000 } },
        { "#river-main", { "Main at Würzburg", 49.7900, 9.9250 } },
        { "#river-weser", { "Weser at Hameln", 52.1000, 9.3550 } },
        { "#river-oder", { "Oder at Frankfurt (Oder)", 52.3450, 14.5550 } },
        { "#river-neckar", { "Neckar at Heidelberg", 49.4120, 8.7000 } },
        { "#river-mosel", { "Mosel at Cochem", 50.1450, 7.1700 } },
    };

    for (guint i = 0; i < G_N_ELEMENTS(water); i++) {
        cairo_surface_t *layer = render(handle, water[i].id);
        const Place *p = &water[i].at;

        /* Within 1.5 map units (about 1.5 km): town centres lie on the banks. */
        if (!painted_near(layer, p->lat, p->lon, 1.5))
            g_error("%s: nothing of %s is drawn there", p->name, water[i].id + 1);
        /* ... and not everywhere: Kassel is far from all of these. */
        if (alpha_of(pixel_at(layer, 51.3127, 9.4797 + 0.5)) != 0)
            g_error("%s is drawn far from where it belongs", water[i].id + 1);
        cairo_surface_destroy(layer);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    g_test_add_func("/map/sidecar-contract", test_sidecar_matches_contract);
    g_test_add_func("/map/svg-size", test_svg_size_matches_sidecar);
    g_test_add_func("/map/svg-layers", test_svg_has_layers);
    g_test_add_func("/map/svg-markup", test_svg_markup);
    g_test_add_func("/map/cities-in-germany", test_cities_project_inside_map_and_germany);
    g_test_add_func("/map/rendered-projection", test_rendered_map_matches_projection);
    g_test_add_func("/map/water", test_water_where_it_belongs);
    return g_test_run();
}
