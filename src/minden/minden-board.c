/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden map board: cached librsvg rendering plus the grid drawn on top. */
#include "minden-board.h"

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>
#include <math.h>

#include "lp-json.h"
#include "minden-labels.h"

#define MAP_SVG "/io/github/landpartie/Landpartie/map/germany.svg"
#define MAP_JSON "/io/github/landpartie/Landpartie/map/germany-map.json"

struct _MindenBoard {
    GtkWidget parent_instance;

    RsvgHandle *svg;
    /* The projection of the map (resources/map/germany-map.json). */
    double lon_min, lat_max, px_lon, px_lat, width, height;

    GdkTexture *texture;    /* the map at texture_w × texture_h device pixels */
    int texture_w, texture_h;
    guint render_idle;
    guint render_count;

    MindenTip tip;
    GdkRGBA tip_colour;
    MindenPoint *solutions;
    guint n_solutions;

    gboolean interactive;
    gboolean show_coordinates;
    gboolean hovering;
    double hover_lat, hover_lon;
    /* The keyboard cursor: a half-degree cell, by its south-west corner ×2. */
    int cursor_hlat, cursor_hlon;
};

G_DEFINE_FINAL_TYPE(MindenBoard, minden_board, GTK_TYPE_WIDGET)

enum {
    SIGNAL_CELL_ACTIVATED,
    N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The map's place inside the widget: scale and offset of SVG pixels. */
static void map_geometry(MindenBoard *self, double *scale, double *ox, double *oy)
{
    double w = gtk_widget_get_width(GTK_WIDGET(self));
    double h = gtk_widget_get_height(GTK_WIDGET(self));
    double s = MIN(w / self->width, h / self->height);

    *scale = s;
    *ox = (w - self->width * s) / 2.0;
    *oy = (h - self->height * s) / 2.0;
}

static void geo_to_widget(MindenBoard *self, double lat, double lon, double *x, double *y)
{
    double s, ox, oy;

    map_geometry(self, &s, &ox, &oy);
    *x = ox + s * (lon - self->lon_min) * self->px_lon;
    *y = oy + s * (self->lat_max - lat) * self->px_lat;
}

static void widget_to_geo(MindenBoard *self, double x, double y, double *lat, double *lon)
{
    double s, ox, oy;

    map_geometry(self, &s, &ox, &oy);
    *lon = self->lon_min + (x - ox) / (s * self->px_lon);
    *lat = self->lat_max - (y - oy) / (s * self->px_lat);
}

static gboolean on_grid(double lat, double lon)
{
    return lat >= MINDEN_GRID_LAT_SOUTH && lat < MINDEN_GRID_LAT_NORTH &&
           lon >= MINDEN_GRID_LON_WEST && lon < MINDEN_GRID_LON_EAST;
}

/* ---- the cached map texture ------------------------------------------------------------- */

static void render_texture(MindenBoard *self)
{
    double s, ox, oy;
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));

    map_geometry(self, &s, &ox, &oy);
    int w = (int) ceil(self->width * s * scale);
    int h = (int) ceil(self->height * s * scale);
    if (self->svg == NULL || w < 1 || h < 1)
        return;

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = { 0, 0, w, h };
    g_autoptr(GError) error = NULL;
    if (!rsvg_handle_render_document(self->svg, cr, &viewport, &error))
        g_warning("Cannot draw the map: %s", error->message);
    cairo_destroy(cr);
    cairo_surface_flush(surface);

    g_autoptr(GBytes) bytes = g_bytes_new_with_free_func(
        cairo_image_surface_get_data(surface),
        (gsize) cairo_image_surface_get_stride(surface) * h,
        (GDestroyNotify) cairo_surface_destroy, surface);
    g_clear_object(&self->texture);
    self->texture = gdk_memory_texture_new(w, h, GDK_MEMORY_DEFAULT, bytes,
                                           (gsize) cairo_image_surface_get_stride(surface));
    self->texture_w = w;
    self->texture_h = h;
    self->render_count++;
}

static gboolean render_idle_cb(gpointer data)
{
    MindenBoard *self = data;

    self->render_idle = 0;
    render_texture(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
    return G_SOURCE_REMOVE;
}

/* ---- drawing ---------------------------------------------------------------------------- */

static void line(MindenBoard *self, cairo_t *cr, double lat1, double lon1, double lat2,
                 double lon2)
{
    double x1, y1, x2, y2;

    geo_to_widget(self, lat1, lon1, &x1, &y1);
    geo_to_widget(self, lat2, lon2, &x2, &y2);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x2, y2);
}

static void outlined_text(cairo_t *cr, const char *text, double cx, double cy, double size,
                          double alpha)
{
    cairo_text_extents_t ext;

    cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, text, &ext);
    cairo_move_to(cr, cx - ext.width / 2 - ext.x_bearing, cy - ext.height / 2 - ext.y_bearing);
    cairo_text_path(cr, text);
    cairo_set_source_rgba(cr, 0.1, 0.12, 0.15, 0.75 * alpha);
    cairo_set_line_width(cr, MAX(1.5, size / 9));
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke_preserve(cr);
    cairo_set_source_rgba(cr, 1, 1, 1, alpha);
    cairo_fill(cr);
}

static void region_rect(MindenBoard *self, double s, double n, double w, double e, double *x,
                        double *y, double *rw, double *rh)
{
    double x2, y2;

    geo_to_widget(self, n, w, x, y);
    geo_to_widget(self, s, e, &x2, &y2);
    *rw = x2 - *x;
    *rh = y2 - *y;
}

static void draw_grid(MindenBoard *self, cairo_t *cr)
{
    double s, ox, oy;

    map_geometry(self, &s, &ox, &oy);
    double deg_px = s * self->px_lat; /* one degree of latitude in widget pixels */

    /* Section lines: thin and black (the rulebook's "dünne schwarze Linien"). */
    cairo_set_source_rgba(cr, 0, 0, 0, 0.35);
    cairo_set_line_width(cr, 0.7);
    for (double lat = 47.5; lat < 55; lat += 1.0)
        line(self, cr, lat, 5, lat, 15);
    for (double lon = 5.5; lon < 15; lon += 1.0)
        line(self, cr, 47, lon, 55, lon);
    cairo_stroke(cr);

    /* Sector lines: thick black. */
    cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
    cairo_set_line_width(cr, 1.8);
    for (int lat = 47; lat <= 55; lat++)
        line(self, cr, lat, 5, lat, 15);
    for (int lon = 5; lon <= 15; lon++)
        line(self, cr, 47, lon, 55, lon);
    cairo_stroke(cr);

    /* Area lines: white, 10°E, 50°N and 52°N. */
    cairo_set_line_width(cr, 4.0);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.95);
    line(self, cr, 47, 10, 55, 10);
    line(self, cr, 50, 5, 50, 15);
    line(self, cr, 52, 5, 52, 15);
    cairo_stroke(cr);

    /* Sector numbers: large, white, half transparent so the map shows through. */
    for (int ew = 0; ew < 2; ew++)
        for (int band = 0; band < 3; band++)
            for (guint sec = 1; sec <= minden_grid_n_sectors(band); sec++) {
                double n, w, x, y;
                char num[4];
                minden_grid_sector_origin(ew, band, sec, &n, &w);
                geo_to_widget(self, n - 0.5, w + 0.5, &x, &y);
                g_snprintf(num, sizeof num, "%u", sec);
                /* Sized by the narrower side of a sector (a degree of longitude). */
                outlined_text(cr, num, x, y, s * self->px_lon * (sec >= 10 ? 0.42 : 0.5), 0.6);
            }

    /* Area names in each area's north-west corner. */
    static const double tops[] = { 55, 52, 50 };
    for (int ew = 0; ew < 2; ew++)
        for (int band = 0; band < 3; band++) {
            double x, y;
            /* Translators: an area of the Minden board, e.g. "W · N": the east/west stone,
             * then the north/middle/south stone. */
            g_autofree char *name = g_strdup_printf(_("%s · %s"), minden_label_east_west(ew),
                                                    minden_label_band(band));
            geo_to_widget(self, tops[band] - 0.12, (ew ? 10 : 5) + 0.08, &x, &y);
            cairo_text_extents_t ext;
            cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
            double fs = MAX(9.0, deg_px * 0.16);
            cairo_set_font_size(cr, fs);
            cairo_text_extents(cr, name, &ext);
            cairo_rectangle(cr, x - 2, y - 2, ext.x_advance + 8, fs + 6);
            cairo_set_source_rgba(cr, 0.12, 0.14, 0.18, 0.8);
            cairo_fill(cr);
            cairo_move_to(cr, x + 2, y + fs);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_show_text(cr, name);
        }
}

static void draw_section_letters(MindenBoard *self, cairo_t *cr, double lat, double lon)
{
    MindenTip cell;
    double n, w;

    minden_grid_locate(lat, lon, &cell);
    minden_grid_sector_origin(cell.east_west, cell.band, cell.sector, &n, &w);
    double s, ox, oy;
    map_geometry(self, &s, &ox, &oy);
    static const char *const letters[] = { "A", "B", "C", "D" };
    for (int q = 0; q < 4; q++) {
        double x, y;
        geo_to_widget(self, n - (q < 2 ? 0.25 : 0.75), w + (q % 2 ? 0.75 : 0.25), &x, &y);
        outlined_text(cr, letters[q], x, y, s * self->px_lat * 0.2, q == cell.section ? 1.0 : 0.7);
    }
    double x, y, rw, rh;
    region_rect(self, n - 1, n, w, w + 1, &x, &y, &rw, &rh);
    cairo_rectangle(cr, x, y, rw, rh);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.12);
    cairo_fill(cr);
}

static void minden_board_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    MindenBoard *self = MINDEN_BOARD(widget);
    double s, ox, oy;
    int scale = gtk_widget_get_scale_factor(widget);

    map_geometry(self, &s, &ox, &oy);
    int want_w = (int) ceil(self->width * s * scale);
    int want_h = (int) ceil(self->height * s * scale);
    graphene_rect_t map_rect = GRAPHENE_RECT_INIT(ox, oy, self->width * s, self->height * s);

    if (self->texture == NULL) {
        render_texture(self);
    } else if ((self->texture_w != want_w || self->texture_h != want_h) &&
               self->render_idle == 0) {
        /* Draw the old texture scaled meanwhile; render the sharp one once, when idle. */
        self->render_idle = g_idle_add_full(G_PRIORITY_LOW, render_idle_cb, self, NULL);
    }
    if (self->texture != NULL)
        gtk_snapshot_append_texture(snapshot, self->texture, &map_rect);

    graphene_rect_t all = GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(widget),
                                             gtk_widget_get_height(widget));
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &all);
    draw_grid(self, cr);

    if (self->interactive && self->hovering && on_grid(self->hover_lat, self->hover_lon))
        draw_section_letters(self, cr, self->hover_lat, self->hover_lon);
    if (gtk_widget_has_focus(widget) && self->interactive) {
        double lat = self->cursor_hlat / 2.0 + 0.25, lon = self->cursor_hlon / 2.0 + 0.25;
        if (!self->hovering)
            draw_section_letters(self, cr, lat, lon);
        double x, y, rw, rh;
        region_rect(self, lat - 0.25, lat + 0.25, lon - 0.25, lon + 0.25, &x, &y, &rw, &rh);
        cairo_rectangle(cr, x, y, rw, rh);
        double dash[] = { 4, 3 };
        cairo_set_dash(cr, dash, 2, 0);
        cairo_set_line_width(cr, 2.5);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    }

    if (self->tip.n_stones > 0) {
        double sl, nl, wl, el, x, y, rw, rh;
        minden_tip_region(&self->tip, &sl, &nl, &wl, &el);
        region_rect(self, sl, nl, wl, el, &x, &y, &rw, &rh);
        cairo_rectangle(cr, x, y, rw, rh);
        cairo_set_source_rgba(cr, self->tip_colour.red, self->tip_colour.green,
                              self->tip_colour.blue, 0.22);
        cairo_fill_preserve(cr);
        cairo_set_line_width(cr, 6);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_stroke_preserve(cr);
        cairo_set_line_width(cr, 3.5);
        gdk_cairo_set_source_rgba(cr, &self->tip_colour);
        cairo_stroke(cr);
    }

    for (guint i = 0; i < self->n_solutions; i++) {
        double x, y;
        geo_to_widget(self, self->solutions[i].lat, self->solutions[i].lon, &x, &y);
        double r = MAX(6.0, s * self->px_lat * 0.07);
        /* A target mark: visible on any background, not only by colour. */
        cairo_arc(cr, x, y, r + 2.5, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill(cr);
        cairo_arc(cr, x, y, r, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 0.75, 0.05, 0.1);
        cairo_fill(cr);
        cairo_arc(cr, x, y, r * 0.4, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill(cr);
    }

    if (self->show_coordinates && self->hovering && self->interactive) {
        g_autofree char *text = g_strdup_printf("%.2f° N  %.2f° E", self->hover_lat,
                                                self->hover_lon);
        cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        cairo_set_font_size(cr, 12);
        cairo_text_extents_t ext;
        cairo_text_extents(cr, text, &ext);
        cairo_rectangle(cr, 6, 6, ext.x_advance + 12, 22);
        cairo_set_source_rgba(cr, 0, 0, 0, 0.6);
        cairo_fill(cr);
        cairo_move_to(cr, 12, 22);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_show_text(cr, text);
    }
    cairo_destroy(cr);
}

static void minden_board_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    MindenBoard *self = MINDEN_BOARD(widget);

    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        *minimum = 240;
        *natural = for_size > 0 ? (int) (for_size * self->width / self->height) : 560;
    } else {
        *minimum = 300;
        *natural = for_size > 0 ? (int) (for_size * self->height / self->width) : 700;
    }
}

/* ---- input ------------------------------------------------------------------------------ */

static void activate_point(MindenBoard *self, double lat, double lon)
{
    MindenTip cell;

    minden_grid_locate(lat, lon, &cell);
    self->cursor_hlat = (int) floor(lat * 2);
    self->cursor_hlon = (int) floor(lon * 2);
    g_signal_emit(self, signals[SIGNAL_CELL_ACTIVATED], 0, (int) cell.east_west,
                  (int) cell.band, (int) cell.sector, (int) cell.section);
}

static void on_click(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    MindenBoard *self = data;
    double lat, lon;

    if (!self->interactive)
        return;
    widget_to_geo(self, x, y, &lat, &lon);
    if (!on_grid(lat, lon))
        return;
    gtk_widget_grab_focus(GTK_WIDGET(self));
    activate_point(self, lat, lon);
}

static void on_motion(GtkEventControllerMotion *motion, double x, double y, gpointer data)
{
    MindenBoard *self = data;

    widget_to_geo(self, x, y, &self->hover_lat, &self->hover_lon);
    self->hovering = TRUE;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void on_leave(GtkEventControllerMotion *motion, gpointer data)
{
    MindenBoard *self = data;

    self->hovering = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static gboolean on_key(GtkEventControllerKey *key, guint keyval, guint keycode,
                       GdkModifierType state, gpointer data)
{
    MindenBoard *self = data;

    if (!self->interactive)
        return FALSE;
    switch (keyval) {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
        self->cursor_hlon = MAX(self->cursor_hlon - 1, 10);
        break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
        self->cursor_hlon = MIN(self->cursor_hlon + 1, 29);
        break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
        self->cursor_hlat = MIN(self->cursor_hlat + 1, 109);
        break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
        self->cursor_hlat = MAX(self->cursor_hlat - 1, 94);
        break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
        activate_point(self, self->cursor_hlat / 2.0 + 0.25, self->cursor_hlon / 2.0 + 0.25);
        return TRUE;
    default:
        return FALSE;
    }
    self->hovering = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self));
    return TRUE;
}

static void on_focus_change(MindenBoard *self)
{
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* ---- public ----------------------------------------------------------------------------- */

GtkWidget *minden_board_new(void)
{
    return g_object_new(MINDEN_TYPE_BOARD, NULL);
}

static void update_accessible(MindenBoard *self)
{
    g_autofree char *desc = NULL;

    if (self->tip.n_stones > 0) {
        g_autofree char *text = minden_label_tip_long(&self->tip);
        desc = g_strdup_printf(_("Marked region: %s"), text);
    }
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   desc != NULL ? desc : "", -1);
}

void minden_board_set_tip(MindenBoard *self, const MindenTip *tip, const char *colour)
{
    g_return_if_fail(MINDEN_IS_BOARD(self));

    if (tip != NULL && tip->n_stones > 0 && minden_tip_is_valid(tip))
        self->tip = *tip;
    else
        self->tip = (MindenTip) MINDEN_TIP_INIT;
    if (colour == NULL || !gdk_rgba_parse(&self->tip_colour, colour))
        gdk_rgba_parse(&self->tip_colour, "#1c71d8");
    update_accessible(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void minden_board_set_solutions(MindenBoard *self, const MindenPoint *points, guint n)
{
    g_return_if_fail(MINDEN_IS_BOARD(self));

    g_clear_pointer(&self->solutions, g_free);
    self->n_solutions = points != NULL ? n : 0;
    if (self->n_solutions > 0)
        self->solutions = g_memdup2(points, sizeof(MindenPoint) * n);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void minden_board_set_interactive(MindenBoard *self, gboolean interactive)
{
    g_return_if_fail(MINDEN_IS_BOARD(self));
    self->interactive = interactive;
    gtk_widget_set_focusable(GTK_WIDGET(self), interactive);
    gtk_widget_set_cursor_from_name(GTK_WIDGET(self), interactive ? "crosshair" : NULL);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean minden_board_get_interactive(MindenBoard *self)
{
    g_return_val_if_fail(MINDEN_IS_BOARD(self), FALSE);
    return self->interactive;
}

void minden_board_set_show_coordinates(MindenBoard *self, gboolean show)
{
    g_return_if_fail(MINDEN_IS_BOARD(self));
    self->show_coordinates = show;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

guint minden_board_get_render_count(MindenBoard *self)
{
    g_return_val_if_fail(MINDEN_IS_BOARD(self), 0);
    return self->render_count;
}

/* ---- GObject ---------------------------------------------------------------------------- */

static void minden_board_dispose(GObject *object)
{
    MindenBoard *self = MINDEN_BOARD(object);

    g_clear_handle_id(&self->render_idle, g_source_remove);
    g_clear_object(&self->texture);
    g_clear_object(&self->svg);
    G_OBJECT_CLASS(minden_board_parent_class)->dispose(object);
}

static void minden_board_finalize(GObject *object)
{
    MindenBoard *self = MINDEN_BOARD(object);

    g_clear_pointer(&self->solutions, g_free);
    G_OBJECT_CLASS(minden_board_parent_class)->finalize(object);
}

static void minden_board_class_init(MindenBoardClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = minden_board_dispose;
    object_class->finalize = minden_board_finalize;
    widget_class->snapshot = minden_board_snapshot;
    widget_class->measure = minden_board_measure;

    /**
     * MindenBoard::cell-activated:
     * @east_west: MindenEastWest of the cell
     * @band: MindenBand
     * @sector: 1 … 15
     * @section: MindenSection
     *
     * The user clicked a cell of the grid or pressed Enter on the keyboard cursor.
     */
    signals[SIGNAL_CELL_ACTIVATED] = g_signal_new(
        "cell-activated", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
        G_TYPE_NONE, 4, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT);

    gtk_widget_class_set_css_name(widget_class, "mindenboard");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void minden_board_init(MindenBoard *self)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = g_resources_lookup_data(MAP_SVG, 0, &error);

    /* The contract of the map work (its sidecar holds the same numbers). */
    self->lon_min = 4.5;
    self->lat_max = 55.4;
    self->px_lat = 100.0;
    self->px_lon = 100.0 * cos(51.0 * G_PI / 180.0);
    self->width = 11.0 * self->px_lon;
    self->height = 860.0;
    g_autoptr(JsonNode) meta = lp_json_load_resource(MAP_JSON, NULL);
    if (meta != NULL && JSON_NODE_HOLDS_OBJECT(meta)) {
        JsonObject *o = json_node_get_object(meta);
        lp_json_get_double(o, "lon_min", -180, 180, &self->lon_min, NULL);
        lp_json_get_double(o, "lat_max", -90, 90, &self->lat_max, NULL);
        lp_json_get_double(o, "px_per_deg_lon", 1, 10000, &self->px_lon, NULL);
        lp_json_get_double(o, "px_per_deg_lat", 1, 10000, &self->px_lat, NULL);
        lp_json_get_double(o, "width", 1, 100000, &self->width, NULL);
        lp_json_get_double(o, "height", 1, 100000, &self->height, NULL);
    }
    if (bytes != NULL) {
        gsize len;
        const guint8 *data = g_bytes_get_data(bytes, &len);
        self->svg = rsvg_handle_new_from_data(data, len, &error);
    }
    if (self->svg == NULL)
        g_warning("Cannot load the map of Germany: %s", error ? error->message : "?");

    self->tip = (MindenTip) MINDEN_TIP_INIT;
    gdk_rgba_parse(&self->tip_colour, "#1c71d8");
    /* The keyboard cursor starts in the middle of Germany. */
    self->cursor_hlat = 102;
    self->cursor_hlon = 20;

    GtkGesture *click = gtk_gesture_click_new();
    g_signal_connect(click, "released", G_CALLBACK(on_click), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "motion", G_CALLBACK(on_motion), self);
    g_signal_connect(motion, "leave", G_CALLBACK(on_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self), motion);
    GtkEventController *key = gtk_event_controller_key_new();
    g_signal_connect(key, "key-pressed", G_CALLBACK(on_key), self);
    gtk_widget_add_controller(GTK_WIDGET(self), key);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect_swapped(focus, "enter", G_CALLBACK(on_focus_change), self);
    g_signal_connect_swapped(focus, "leave", G_CALLBACK(on_focus_change), self);
    gtk_widget_add_controller(GTK_WIDGET(self), focus);

    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Map of Germany with the game grid"), -1);
}
