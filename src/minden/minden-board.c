/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden map board: the shared map of Germany (lp-germany-map.c, one texture cache for
 * the process), the grid and reference cities rendered once per size into a texture of the
 * board's own; hover, cursor, tip and solutions as small render nodes on top. */
#include "minden-board.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "lp-germany-map.h"
#include "minden-labels.h"

struct _MindenBoard {
    GtkWidget parent_instance;

    /* The projection of the map (lp_germany_map_get_projection). */
    double lon_min, lat_max, px_lon, px_lat, width, height;
    const LpMapCity *cities;
    guint n_cities;

    /* Everything that does not change during a game, rendered once per size: the map (from
     * the shared cache), and over it the grid with its sector numbers and area badges and
     * the reference cities. Hover, cursor, tip and solutions are small render nodes on top
     * (issue 14: map frames). */
    GdkTexture *map_texture;
    GdkTexture *texture;
    int texture_w, texture_h;
    guint render_idle;
    guint render_count;
    /* Where the area badges lie, in map units (SVG pixels), so hover letters avoid them. */
    graphene_rect_t badges[6];

    /* Hover letters A–D, laid out once per font size. */
    PangoLayout *letters[4];
    int letters_size;
    PangoLayout *coords_layout;

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

/* Map units (SVG pixels, before scaling). */
static void geo_to_map(MindenBoard *self, double lat, double lon, double *x, double *y)
{
    *x = (lon - self->lon_min) * self->px_lon;
    *y = (self->lat_max - lat) * self->px_lat;
}

static void geo_to_widget(MindenBoard *self, double lat, double lon, double *x, double *y)
{
    double s, ox, oy;

    map_geometry(self, &s, &ox, &oy);
    geo_to_map(self, lat, lon, x, y);
    *x = ox + s * *x;
    *y = oy + s * *y;
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

/* ---- the cached board texture ----------------------------------------------------------- */

/* Text for the texture: the widget's font family, bold, at size px. */
static PangoLayout *text_layout(MindenBoard *self, cairo_t *cr, const char *text, double px,
                                gboolean bold)
{
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoContext *ctx = gtk_widget_get_pango_context(GTK_WIDGET(self));
    g_autoptr(PangoFontDescription) font = pango_font_description_copy(
        pango_context_get_font_description(ctx));

    pango_font_description_set_absolute_size(font, MAX(px, 1.0) * PANGO_SCALE);
    pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_SEMIBOLD);
    pango_layout_set_font_description(layout, font);
    pango_layout_set_text(layout, text, -1);
    return layout;
}

static void layout_size(PangoLayout *layout, double *w, double *h)
{
    PangoRectangle ink, logical;
    pango_layout_get_pixel_extents(layout, &ink, &logical);
    *w = logical.width;
    *h = logical.height;
}

/* White text with a dark outline, centred on (cx, cy); returns its box. */
static graphene_rect_t outlined_text(MindenBoard *self, cairo_t *cr, const char *text,
                                     double cx, double cy, double px, double alpha)
{
    g_autoptr(PangoLayout) layout = text_layout(self, cr, text, px, TRUE);
    double w, h;

    layout_size(layout, &w, &h);
    cairo_move_to(cr, cx - w / 2, cy - h / 2);
    pango_cairo_layout_path(cr, layout);
    cairo_set_source_rgba(cr, 0.1, 0.12, 0.15, 0.75 * alpha);
    cairo_set_line_width(cr, MAX(1.5, px / 9));
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke_preserve(cr);
    cairo_set_source_rgba(cr, 1, 1, 1, alpha);
    cairo_fill(cr);
    return GRAPHENE_RECT_INIT(cx - w / 2, cy - h / 2, w, h);
}

static void map_line(MindenBoard *self, cairo_t *cr, double lat1, double lon1, double lat2,
                     double lon2)
{
    double x1, y1, x2, y2;

    geo_to_map(self, lat1, lon1, &x1, &y1);
    geo_to_map(self, lat2, lon2, &x2, &y2);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x2, y2);
}

static double overlap(const graphene_rect_t *a, const graphene_rect_t *b)
{
    graphene_rect_t r;
    if (!graphene_rect_intersection(a, b, &r))
        return 0.0;
    return r.size.width * r.size.height;
}

/* The grid in map units; cr is scaled so that one unit is one SVG pixel. Returns the boxes
 * of what reference-city names must not hide (sector numbers, area badges). */
static GArray *draw_grid(MindenBoard *self, cairo_t *cr, double s)
{
    GArray *taken = g_array_new(FALSE, FALSE, sizeof(graphene_rect_t));

    /* Line widths in device-independent pixels, whatever the scale. */
    cairo_set_source_rgba(cr, 0, 0, 0, 0.35);
    cairo_set_line_width(cr, 0.7 / s);
    for (double lat = 47.5; lat < 55; lat += 1.0)
        map_line(self, cr, lat, 5, lat, 15);
    for (double lon = 5.5; lon < 15; lon += 1.0)
        map_line(self, cr, 47, lon, 55, lon);
    cairo_stroke(cr);

    /* Sector lines: thick black (the rulebook's "dicke schwarze Linien"). */
    cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
    cairo_set_line_width(cr, 1.8 / s);
    for (int lat = 47; lat <= 55; lat++)
        map_line(self, cr, lat, 5, lat, 15);
    for (int lon = 5; lon <= 15; lon++)
        map_line(self, cr, 47, lon, 55, lon);
    cairo_stroke(cr);

    /* Area lines: white, 10°E, 50°N and 52°N. */
    cairo_set_line_width(cr, 4.0 / s);
    cairo_set_source_rgba(cr, 1, 1, 1, 0.95);
    map_line(self, cr, 47, 10, 55, 10);
    map_line(self, cr, 50, 5, 50, 15);
    map_line(self, cr, 52, 5, 52, 15);
    cairo_stroke(cr);

    /* Sector numbers: large, white, half transparent so the map shows through. */
    for (int ew = 0; ew < 2; ew++)
        for (int band = 0; band < 3; band++)
            for (guint sec = 1; sec <= minden_grid_n_sectors(band); sec++) {
                double n, w, x, y;
                char num[4];
                minden_grid_sector_origin(ew, band, sec, &n, &w);
                geo_to_map(self, n - 0.5, w + 0.5, &x, &y);
                g_snprintf(num, sizeof num, "%u", sec);
                /* Sized by the narrower side of a sector (a degree of longitude). */
                graphene_rect_t r = outlined_text(self, cr, num, x, y,
                                                  self->px_lon * (sec >= 10 ? 0.42 : 0.5), 0.6);
                g_array_append_val(taken, r);
            }

    /* Area badges ("W · N") in each area's north-west corner, at least readable size. */
    static const double tops[] = { 55, 52, 50 };
    double fs = MAX(9.0 / s, self->px_lat * 0.13);
    for (int ew = 0; ew < 2; ew++)
        for (int band = 0; band < 3; band++) {
            double x, y, tw, th;
            /* Translators: an area of the Minden board, e.g. "W · N": the east/west stone,
             * then the north/middle/south stone. */
            g_autofree char *name = g_strdup_printf(_("%s · %s"), minden_label_east_west(ew),
                                                    minden_label_band(band));
            geo_to_map(self, tops[band], ew ? 10 : 5, &x, &y);
            x += 3.0 / s;
            y += 3.0 / s;
            g_autoptr(PangoLayout) layout = text_layout(self, cr, name, fs, TRUE);
            layout_size(layout, &tw, &th);
            double pad = 3.0 / s;
            graphene_rect_t r = GRAPHENE_RECT_INIT(x, y, tw + 2 * pad, th + pad);
            cairo_rectangle(cr, r.origin.x, r.origin.y, r.size.width, r.size.height);
            cairo_set_source_rgba(cr, 0.12, 0.14, 0.18, 0.85);
            cairo_fill(cr);
            cairo_move_to(cr, x + pad, y + pad / 2);
            cairo_set_source_rgb(cr, 1, 1, 1);
            pango_cairo_show_layout(cr, layout);
            self->badges[ew * 3 + band] = r;
            g_array_append_val(taken, r);
        }
    return taken;
}

/* The reference cities of the printed board: a red dot and the name where it hides no grid
 * number, no badge and no other name (the first free place of eight around the dot, else
 * the least covered one). */
static void draw_cities(MindenBoard *self, cairo_t *cr, double s, GArray *taken)
{
    gboolean german = minden_prefer_german();
    double r = MAX(3.0 / s, self->px_lat * 0.035);
    double fs = MAX(10.0 / s, self->px_lat * 0.12);

    for (guint i = 0; i < self->n_cities; i++) {
        const LpMapCity *c = &self->cities[i];
        double x, y;
        geo_to_map(self, c->lat, c->lon, &x, &y);
        graphene_rect_t dot = GRAPHENE_RECT_INIT(x - r, y - r, 2 * r, 2 * r);
        g_array_append_val(taken, dot);
    }
    for (guint i = 0; i < self->n_cities; i++) {
        const LpMapCity *c = &self->cities[i];
        double x, y, tw, th;
        geo_to_map(self, c->lat, c->lon, &x, &y);
        g_autoptr(PangoLayout) layout = text_layout(self, cr, german ? c->name_de : c->name_en,
                                                    fs, FALSE);
        layout_size(layout, &tw, &th);
        double gap = r + 2.0 / s;
        const double cand[8][2] = {
            { x + gap, y - th / 2 },           { x - gap - tw, y - th / 2 },
            { x - tw / 2, y - gap - th },      { x - tw / 2, y + gap },
            { x + gap * 0.7, y - gap * 0.7 - th }, { x - gap * 0.7 - tw, y - gap * 0.7 - th },
            { x + gap * 0.7, y + gap * 0.7 },  { x - gap * 0.7 - tw, y + gap * 0.7 },
        };
        guint best = 0;
        double best_cover = G_MAXDOUBLE;
        for (guint k = 0; k < G_N_ELEMENTS(cand) && best_cover > 0; k++) {
            graphene_rect_t box = GRAPHENE_RECT_INIT(cand[k][0], cand[k][1], tw, th);
            double cover = 0;
            for (guint t = 0; t < taken->len; t++)
                cover += overlap(&box, &g_array_index(taken, graphene_rect_t, t));
            if (cover < best_cover) {
                best_cover = cover;
                best = k;
            }
        }
        graphene_rect_t box = GRAPHENE_RECT_INIT(cand[best][0], cand[best][1], tw, th);
        g_array_append_val(taken, box);

        /* The name on a light halo, readable over sea, land and lines alike. */
        cairo_move_to(cr, box.origin.x, box.origin.y);
        pango_cairo_layout_path(cr, layout);
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9);
        cairo_set_line_width(cr, MAX(2.5 / s, fs / 5));
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke(cr);
        cairo_move_to(cr, box.origin.x, box.origin.y);
        cairo_set_source_rgb(cr, 0.55, 0.03, 0.06);
        pango_cairo_show_layout(cr, layout);

        cairo_arc(cr, x, y, r + 1.2 / s, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill(cr);
        cairo_arc(cr, x, y, r, 0, 2 * G_PI);
        cairo_set_source_rgb(cr, 0.85, 0.06, 0.1);
        cairo_fill(cr);
    }
}

static void render_texture(MindenBoard *self)
{
    double s, ox, oy;
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));

    map_geometry(self, &s, &ox, &oy);
    int w = (int) ceil(self->width * s * scale);
    int h = (int) ceil(self->height * s * scale);
    if (w < 1 || h < 1)
        return;

    g_clear_object(&self->map_texture);
    self->map_texture = lp_germany_map_get_texture(w, h);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, (double) w / self->width, (double) h / self->height);
    g_autoptr(GArray) taken = draw_grid(self, cr, s);
    draw_cities(self, cr, s, taken);
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

/* ---- the nodes on top ------------------------------------------------------------------- */

static graphene_rect_t region_rect(MindenBoard *self, double s, double n, double w, double e)
{
    double x, y, x2, y2;

    geo_to_widget(self, n, w, &x, &y);
    geo_to_widget(self, s, e, &x2, &y2);
    return GRAPHENE_RECT_INIT(x, y, x2 - x, y2 - y);
}

static void append_circle(GtkSnapshot *snapshot, double cx, double cy, double r,
                          const GdkRGBA *colour)
{
    GskRoundedRect round;
    gsk_rounded_rect_init_from_rect(&round, &GRAPHENE_RECT_INIT(cx - r, cy - r, 2 * r, 2 * r),
                                    r);
    gtk_snapshot_push_rounded_clip(snapshot, &round);
    gtk_snapshot_append_color(snapshot, colour, &round.bounds);
    gtk_snapshot_pop(snapshot);
}

static void append_frame(GtkSnapshot *snapshot, const graphene_rect_t *r, double width,
                         const GdkRGBA *colour)
{
    GskRoundedRect round;
    const GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };
    const float widths[4] = { width, width, width, width };

    gsk_rounded_rect_init_from_rect(&round, r, 0);
    gtk_snapshot_append_border(snapshot, &round, widths, colours);
}

/* The four letters at px size, laid out once per size. */
static void ensure_letters(MindenBoard *self, int px)
{
    if (self->letters[0] != NULL && self->letters_size == px)
        return;
    g_autoptr(PangoFontDescription) font = pango_font_description_copy(
        pango_context_get_font_description(gtk_widget_get_pango_context(GTK_WIDGET(self))));
    pango_font_description_set_absolute_size(font, px * PANGO_SCALE);
    pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD);
    for (int q = 0; q < 4; q++) {
        g_clear_object(&self->letters[q]);
        self->letters[q] = gtk_widget_create_pango_layout(GTK_WIDGET(self),
                                                          minden_label_section(q));
        pango_layout_set_font_description(self->letters[q], font);
    }
    self->letters_size = px;
}

static void append_section_letters(MindenBoard *self, GtkSnapshot *snapshot, double lat,
                                   double lon)
{
    MindenTip cell;
    double n, w, s, ox, oy;
    static const GdkRGBA shade = { 1, 1, 1, 0.14 };
    static const GdkRGBA pill = { 0.1, 0.12, 0.15, 0.7 };
    static const GdkRGBA white = { 1, 1, 1, 1 };

    minden_grid_locate(lat, lon, &cell);
    minden_grid_sector_origin(cell.east_west, cell.band, cell.sector, &n, &w);
    map_geometry(self, &s, &ox, &oy);
    graphene_rect_t sector = region_rect(self, n - 1, n, w, w + 1);
    gtk_snapshot_append_color(snapshot, &shade, &sector);

    ensure_letters(self, MAX(10, (int) (s * self->px_lat * 0.18)));
    for (int q = 0; q < 4; q++) {
        double x, y, tw, th;
        geo_to_widget(self, n - (q < 2 ? 0.25 : 0.75), w + (q % 2 ? 0.75 : 0.25), &x, &y);
        layout_size(self->letters[q], &tw, &th);
        double pad = 3;
        graphene_rect_t box = GRAPHENE_RECT_INIT(x - tw / 2 - pad, y - th / 2, tw + 2 * pad, th);
        /* Never over an area badge ("O · N"): step below it. */
        for (int b = 0; b < 6; b++) {
            graphene_rect_t badge = self->badges[b];
            graphene_rect_t wb = GRAPHENE_RECT_INIT(ox + s * badge.origin.x,
                                                    oy + s * badge.origin.y,
                                                    s * badge.size.width, s * badge.size.height);
            if (graphene_rect_intersection(&box, &wb, NULL))
                box.origin.y = wb.origin.y + wb.size.height + 2;
        }
        GskRoundedRect round;
        gsk_rounded_rect_init_from_rect(&round, &box, MIN(box.size.height, box.size.width) / 2);
        gtk_snapshot_push_opacity(snapshot, q == cell.section ? 1.0 : 0.75);
        gtk_snapshot_push_rounded_clip(snapshot, &round);
        gtk_snapshot_append_color(snapshot, &pill, &box);
        gtk_snapshot_pop(snapshot);
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(box.origin.x + pad, box.origin.y));
        gtk_snapshot_append_layout(snapshot, self->letters[q], &white);
        gtk_snapshot_restore(snapshot);
        gtk_snapshot_pop(snapshot);
    }
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
    if (self->map_texture != NULL)
        gtk_snapshot_append_texture(snapshot, self->map_texture, &map_rect);
    if (self->texture != NULL)
        gtk_snapshot_append_texture(snapshot, self->texture, &map_rect);

    if (self->interactive && self->hovering && on_grid(self->hover_lat, self->hover_lon))
        append_section_letters(self, snapshot, self->hover_lat, self->hover_lon);
    if (gtk_widget_has_focus(widget) && self->interactive) {
        static const GdkRGBA dark = { 0.1, 0.1, 0.1, 1 };
        static const GdkRGBA light = { 1, 1, 1, 1 };
        double lat = self->cursor_hlat / 2.0 + 0.25, lon = self->cursor_hlon / 2.0 + 0.25;
        if (!self->hovering)
            append_section_letters(self, snapshot, lat, lon);
        graphene_rect_t r = region_rect(self, lat - 0.25, lat + 0.25, lon - 0.25, lon + 0.25);
        append_frame(snapshot, &r, 3, &dark);
        graphene_rect_inset(&r, 3, 3);
        append_frame(snapshot, &r, 1, &light);
    }

    if (self->tip.n_stones > 0) {
        double sl, nl, wl, el;
        static const GdkRGBA white = { 1, 1, 1, 1 };
        GdkRGBA fill = self->tip_colour;
        fill.alpha = 0.22;
        minden_tip_region(&self->tip, &sl, &nl, &wl, &el);
        graphene_rect_t r = region_rect(self, sl, nl, wl, el);
        gtk_snapshot_append_color(snapshot, &fill, &r);
        graphene_rect_t outer = r;
        graphene_rect_inset(&outer, -3, -3);
        append_frame(snapshot, &outer, 6, &white);
        graphene_rect_t inner = r;
        graphene_rect_inset(&inner, -1.75, -1.75);
        append_frame(snapshot, &inner, 3.5, &self->tip_colour);
    }

    for (guint i = 0; i < self->n_solutions; i++) {
        static const GdkRGBA white = { 1, 1, 1, 1 };
        static const GdkRGBA red = { 0.75, 0.05, 0.1, 1 };
        double x, y;
        geo_to_widget(self, self->solutions[i].lat, self->solutions[i].lon, &x, &y);
        double r = MAX(6.0, s * self->px_lat * 0.07);
        /* A target mark: visible on any background, not only by colour. */
        append_circle(snapshot, x, y, r + 2.5, &white);
        append_circle(snapshot, x, y, r, &red);
        append_circle(snapshot, x, y, r * 0.4, &white);
    }

    if (self->show_coordinates && self->hovering && self->interactive) {
        static const GdkRGBA back = { 0, 0, 0, 0.6 };
        static const GdkRGBA white = { 1, 1, 1, 1 };
        g_autofree char *text = minden_label_coordinates(self->hover_lat, self->hover_lon);
        double tw, th;
        if (self->coords_layout == NULL)
            self->coords_layout = gtk_widget_create_pango_layout(widget, NULL);
        pango_layout_set_text(self->coords_layout, text, -1);
        layout_size(self->coords_layout, &tw, &th);
        gtk_snapshot_append_color(snapshot, &back, &GRAPHENE_RECT_INIT(6, 6, tw + 12, th + 6));
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(12, 9));
        gtk_snapshot_append_layout(snapshot, self->coords_layout, &white);
        gtk_snapshot_restore(snapshot);
    }
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
    MindenTip before, after;
    gboolean was_on = self->hovering && on_grid(self->hover_lat, self->hover_lon);

    minden_grid_locate(self->hover_lat, self->hover_lon, &before);
    widget_to_geo(self, x, y, &self->hover_lat, &self->hover_lon);
    minden_grid_locate(self->hover_lat, self->hover_lon, &after);
    gboolean is_on = on_grid(self->hover_lat, self->hover_lon);
    self->hovering = TRUE;
    /* A frame only when what is shown changes: the sector, the section or the coordinates. */
    if (self->show_coordinates || was_on != is_on ||
        memcmp(&before, &after, sizeof before) != 0)
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

void minden_board_reset_cursor(MindenBoard *self)
{
    g_return_if_fail(MINDEN_IS_BOARD(self));

    /* The keyboard cursor starts in the middle of Germany. */
    self->cursor_hlat = 102;
    self->cursor_hlon = 20;
    self->hovering = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self));
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
    g_clear_object(&self->map_texture);
    for (int q = 0; q < 4; q++)
        g_clear_object(&self->letters[q]);
    g_clear_object(&self->coords_layout);
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
    const LpMapProjection *map = lp_germany_map_get_projection();

    self->lon_min = map->lon_min;
    self->lat_max = map->lat_max;
    self->px_lon = map->px_lon;
    self->px_lat = map->px_lat;
    self->width = map->width;
    self->height = map->height;
    self->cities = lp_germany_map_get_cities(&self->n_cities);

    self->tip = (MindenTip) MINDEN_TIP_INIT;
    gdk_rgba_parse(&self->tip_colour, "#1c71d8");
    minden_board_reset_cursor(self);

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
