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
    /* The colours of the map and of everything drawn on it, from the widget's style. */
    LpMapPalette palette;
    gboolean palette_valid;
    int texture_w, texture_h;
    guint render_idle;
    guint render_count;
    double hidden_name_area;
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

/* ---- style ------------------------------------------------------------------------------ */

static void ensure_palette(MindenBoard *self)
{
    if (self->palette_valid)
        return;
    LpMapPalette palette;
    lp_germany_map_palette_for(GTK_WIDGET(self), &palette);
    self->palette_valid = TRUE;
    /* Most style changes (hover, focus, backdrop) leave the colours alone. */
    if (self->texture != NULL && memcmp(&palette, &self->palette, sizeof palette) == 0)
        return;
    self->palette = palette;
    g_clear_object(&self->texture);
    g_clear_object(&self->map_texture);
}

static void minden_board_css_changed(GtkWidget *widget, GtkCssStyleChange *change)
{
    MindenBoard *self = MINDEN_BOARD(widget);

    GTK_WIDGET_CLASS(minden_board_parent_class)->css_changed(widget, change);
    self->palette_valid = FALSE;
    gtk_widget_queue_draw(widget);
}

static GdkRGBA with_alpha(const GdkRGBA *c, float alpha)
{
    return (GdkRGBA){ c->red, c->green, c->blue, c->alpha * alpha };
}

/* ---- the cached board texture ----------------------------------------------------------- */

static void set_source(cairo_t *cr, const GdkRGBA *c, double alpha)
{
    cairo_set_source_rgba(cr, c->red, c->green, c->blue, c->alpha * alpha);
}

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

static double cover(const graphene_rect_t *box, GArray *rects)
{
    double sum = 0;
    for (guint t = 0; t < rects->len; t++)
        sum += overlap(box, &g_array_index(rects, graphene_rect_t, t));
    return sum;
}

/* How much of a number's box lies under names and dots, or (worse) under a badge. */
static double number_cover(MindenBoard *self, const graphene_rect_t *box, GArray *cities)
{
    double sum = cover(box, cities);
    for (int b = 0; b < 6; b++)
        sum += 4 * overlap(box, &self->badges[b]);
    return sum;
}

/* The grid lines in map units; cr is scaled so that one unit is one SVG pixel, s is the
 * scale of the widget (line widths in device-independent pixels, whatever the scale). */
static void draw_lines(MindenBoard *self, cairo_t *cr, double s)
{
    const LpMapPalette *pal = &self->palette;

    set_source(cr, &pal->ink, 0.35);
    cairo_set_line_width(cr, 0.7 / s);
    for (double lat = 47.5; lat < 55; lat += 1.0)
        map_line(self, cr, lat, 5, lat, 15);
    for (double lon = 5.5; lon < 15; lon += 1.0)
        map_line(self, cr, 47, lon, 55, lon);
    cairo_stroke(cr);

    /* Sector lines: thick, in the text colour (the rulebook's "dicke schwarze Linien"). */
    set_source(cr, &pal->ink, 0.7);
    cairo_set_line_width(cr, 1.8 / s);
    for (int lat = 47; lat <= 55; lat++)
        map_line(self, cr, lat, 5, lat, 15);
    for (int lon = 5; lon <= 15; lon++)
        map_line(self, cr, 47, lon, 55, lon);
    cairo_stroke(cr);

    /* Area lines, 10°E, 50°N and 52°N: white on the printed board; here the base colour
     * edged in the text colour, so they stand apart from the sector lines in every style. */
    for (int pass = 0; pass < 2; pass++) {
        cairo_set_line_width(cr, (pass == 0 ? 7.0 : 4.6) / s);
        set_source(cr, pass == 0 ? &pal->ink : &pal->paper, pass == 0 ? 0.6 : 0.95);
        map_line(self, cr, 47, 10, 55, 10);
        map_line(self, cr, 50, 5, 50, 15);
        map_line(self, cr, 52, 5, 52, 15);
        cairo_stroke(cr);
    }
}

/* Area badges ("W · N") in each area's north-west corner, at least readable size. */
static void draw_badges(MindenBoard *self, cairo_t *cr, double s, GArray *taken)
{
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
            set_source(cr, &self->palette.ink, 0.85);
            cairo_fill(cr);
            cairo_move_to(cr, x + pad, y + pad / 2);
            set_source(cr, &self->palette.paper, 1.0);
            pango_cairo_show_layout(cr, layout);
            self->badges[ew * 3 + band] = r;
            g_array_append_val(taken, r);
        }
}

/* A sector number: where it is drawn and how large. */
typedef struct {
    char text[4];
    double n, w;   /* the sector's north-west corner */
    double px;     /* font size in map units */
    graphene_rect_t box;
} SectorNumber;

static void number_box(MindenBoard *self, cairo_t *cr, SectorNumber *num, double lat,
                       double lon, double px)
{
    double x, y, tw, th;
    g_autoptr(PangoLayout) layout = text_layout(self, cr, num->text, px, TRUE);

    layout_size(layout, &tw, &th);
    geo_to_map(self, lat, lon, &x, &y);
    num->px = px;
    num->box = GRAPHENE_RECT_INIT(x - tw / 2, y - th / 2, tw, th);
}

/* The numbers in the middle of their sectors, large, as on the printed board. */
static GArray *sector_numbers(MindenBoard *self, cairo_t *cr)
{
    GArray *nums = g_array_new(FALSE, TRUE, sizeof(SectorNumber));

    for (int ew = 0; ew < 2; ew++)
        for (int band = 0; band < 3; band++)
            for (guint sec = 1; sec <= minden_grid_n_sectors(band); sec++) {
                SectorNumber num = { { 0 } };
                minden_grid_sector_origin(ew, band, sec, &num.n, &num.w);
                g_snprintf(num.text, sizeof num.text, "%u", sec);
                /* Sized by the narrower side of a sector (a degree of longitude). */
                number_box(self, cr, &num, num.n - 0.5, num.w + 0.5,
                           self->px_lon * (sec >= 10 ? 0.42 : 0.5));
                g_array_append_val(nums, num);
            }
    return nums;
}

/* A number that would lie under a city's name or dot moves within its sector, nearest the
 * middle first, and shrinks when no place there is free (issue 13: at 1024×600 the numbers
 * covered the names). */
static void move_numbers(MindenBoard *self, cairo_t *cr, GArray *nums, GArray *avoid)
{
    static const double steps[] = { 0.5, 0.32, 0.68, 0.2, 0.8 };
    static const double sizes[] = { 1.0, 0.8, 0.62, 0.48 };

    for (guint i = 0; i < nums->len; i++) {
        SectorNumber *num = &g_array_index(nums, SectorNumber, i);
        if (number_cover(self, &num->box, avoid) == 0)
            continue;
        SectorNumber best = *num;
        double best_cover = G_MAXDOUBLE;
        for (guint z = 0; z < G_N_ELEMENTS(sizes) && best_cover > 0; z++)
            for (guint k = 0; k < G_N_ELEMENTS(steps) * G_N_ELEMENTS(steps) && best_cover > 0;
                 k++) {
                /* Rings around the middle: the first steps of both directions first. */
                guint a = k % G_N_ELEMENTS(steps), b = k / G_N_ELEMENTS(steps);
                if (MAX(a, b) > 2 && z == 0)
                    continue;
                SectorNumber t = *num;
                number_box(self, cr, &t, num->n - steps[b], num->w + steps[a],
                           num->px * sizes[z]);
                double c = number_cover(self, &t.box, avoid);
                if (c < best_cover) {
                    best_cover = c;
                    best = t;
                }
            }
        *num = best;
    }
}

/* Large, in the base colour edged in the text colour, half transparent so the map shows
 * through. */
static void draw_numbers(MindenBoard *self, cairo_t *cr, GArray *nums)
{
    for (guint i = 0; i < nums->len; i++) {
        SectorNumber *num = &g_array_index(nums, SectorNumber, i);
        g_autoptr(PangoLayout) layout = text_layout(self, cr, num->text, num->px, TRUE);
        cairo_move_to(cr, num->box.origin.x, num->box.origin.y);
        pango_cairo_layout_path(cr, layout);
        set_source(cr, &self->palette.ink, 0.45);
        cairo_set_line_width(cr, MAX(1.5, num->px / 9));
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke_preserve(cr);
        set_source(cr, &self->palette.paper, 0.6);
        cairo_fill(cr);
    }
}

/* The reference cities of the printed board: a red dot and the name where it hides no grid
 * number, no badge and no other name (the first free place of eight around the dot, else
 * the least covered one). Returns the boxes of the names and dots. */
static GArray *place_cities(MindenBoard *self, cairo_t *cr, double s, GArray *taken,
                            PangoLayout **layouts)
{
    gboolean german = minden_prefer_german();
    double r = MAX(3.0 / s, self->px_lat * 0.035);
    double fs = MAX(10.0 / s, self->px_lat * 0.12);
    GArray *boxes = g_array_new(FALSE, FALSE, sizeof(graphene_rect_t));

    for (guint i = 0; i < self->n_cities; i++) {
        const LpMapCity *c = &self->cities[i];
        double x, y;
        geo_to_map(self, c->lat, c->lon, &x, &y);
        graphene_rect_t dot = GRAPHENE_RECT_INIT(x - r, y - r, 2 * r, 2 * r);
        g_array_append_val(taken, dot);
        g_array_append_val(boxes, dot);
    }
    for (guint i = 0; i < self->n_cities; i++) {
        const LpMapCity *c = &self->cities[i];
        double x, y, tw, th;
        geo_to_map(self, c->lat, c->lon, &x, &y);
        layouts[i] = text_layout(self, cr, german ? c->name_de : c->name_en, fs, FALSE);
        layout_size(layouts[i], &tw, &th);
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
            double c = cover(&box, taken);
            if (c < best_cover) {
                best_cover = c;
                best = k;
            }
        }
        graphene_rect_t box = GRAPHENE_RECT_INIT(cand[best][0], cand[best][1], tw, th);
        g_array_append_val(taken, box);
        g_array_append_val(boxes, box);
    }
    return boxes;
}

static void draw_cities(MindenBoard *self, cairo_t *cr, double s, GArray *boxes,
                        PangoLayout **layouts)
{
    const LpMapPalette *pal = &self->palette;
    double fs = MAX(10.0 / s, self->px_lat * 0.12);

    for (guint i = 0; i < self->n_cities; i++) {
        const graphene_rect_t *dot = &g_array_index(boxes, graphene_rect_t, i);
        const graphene_rect_t *box = &g_array_index(boxes, graphene_rect_t, self->n_cities + i);
        double r = dot->size.width / 2, x = dot->origin.x + r, y = dot->origin.y + r;

        /* The name on a halo of the base colour, readable over sea, land and lines. */
        cairo_move_to(cr, box->origin.x, box->origin.y);
        pango_cairo_layout_path(cr, layouts[i]);
        set_source(cr, &pal->paper, 0.9);
        cairo_set_line_width(cr, MAX(2.5 / s, fs / 5));
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke(cr);
        cairo_move_to(cr, box->origin.x, box->origin.y);
        set_source(cr, &pal->city, 1.0);
        pango_cairo_show_layout(cr, layouts[i]);

        cairo_arc(cr, x, y, r + 1.2 / s, 0, 2 * G_PI);
        set_source(cr, &pal->paper, 1.0);
        cairo_fill(cr);
        cairo_arc(cr, x, y, r, 0, 2 * G_PI);
        set_source(cr, &pal->city, 1.0);
        cairo_fill(cr);
    }
}

/* Everything over the map that does not change in a game: lines, badges, sector numbers,
 * the reference cities. Names are placed around the numbers where they can be; a number
 * still under a name moves out of its way; names and dots are drawn last, on top. */
static void draw_board(MindenBoard *self, cairo_t *cr, double s)
{
    g_autoptr(GArray) taken = g_array_new(FALSE, FALSE, sizeof(graphene_rect_t));
    PangoLayout **layouts = g_new0(PangoLayout *, MAX(self->n_cities, 1));

    draw_lines(self, cr, s);
    draw_badges(self, cr, s, taken);
    g_autoptr(GArray) nums = sector_numbers(self, cr);
    for (guint i = 0; i < nums->len; i++)
        g_array_append_val(taken, g_array_index(nums, SectorNumber, i).box);
    g_autoptr(GArray) cities = place_cities(self, cr, s, taken, layouts);
    move_numbers(self, cr, nums, cities);
    self->hidden_name_area = 0;
    for (guint i = 0; i < nums->len; i++)
        self->hidden_name_area += cover(&g_array_index(nums, SectorNumber, i).box, cities);
    draw_numbers(self, cr, nums);
    draw_cities(self, cr, s, cities, layouts);
    for (guint i = 0; i < self->n_cities; i++)
        g_object_unref(layouts[i]);
    g_free(layouts);
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

    ensure_palette(self);
    g_clear_object(&self->map_texture);
    self->map_texture = lp_germany_map_get_styled_texture(&self->palette, w, h);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, (double) w / self->width, (double) h / self->height);
    draw_board(self, cr, s);
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
    double s, ox, oy;
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));

    self->render_idle = 0;
    /* Not again when the board went back to the size of its texture meanwhile. */
    map_geometry(self, &s, &ox, &oy);
    if (self->texture != NULL && self->texture_w == (int) ceil(self->width * s * scale) &&
        self->texture_h == (int) ceil(self->height * s * scale))
        return G_SOURCE_REMOVE;
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
    GdkRGBA shade = with_alpha(&self->palette.paper, 0.14f);
    GdkRGBA pill = with_alpha(&self->palette.ink, 0.7f);

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
        gtk_snapshot_append_layout(snapshot, self->letters[q], &self->palette.paper);
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
    ensure_palette(self);
    const LpMapPalette *pal = &self->palette;
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
        double lat = self->cursor_hlat / 2.0 + 0.25, lon = self->cursor_hlon / 2.0 + 0.25;
        if (!self->hovering)
            append_section_letters(self, snapshot, lat, lon);
        graphene_rect_t r = region_rect(self, lat - 0.25, lat + 0.25, lon - 0.25, lon + 0.25);
        append_frame(snapshot, &r, 3, &pal->ink);
        graphene_rect_inset(&r, 3, 3);
        append_frame(snapshot, &r, 1, &pal->paper);
    }

    if (self->tip.n_stones > 0) {
        double sl, nl, wl, el;
        GdkRGBA fill = self->tip_colour;
        fill.alpha = 0.22;
        minden_tip_region(&self->tip, &sl, &nl, &wl, &el);
        graphene_rect_t r = region_rect(self, sl, nl, wl, el);
        gtk_snapshot_append_color(snapshot, &fill, &r);
        graphene_rect_t outer = r;
        graphene_rect_inset(&outer, -3, -3);
        append_frame(snapshot, &outer, 6, &pal->paper);
        graphene_rect_t inner = r;
        graphene_rect_inset(&inner, -1.75, -1.75);
        append_frame(snapshot, &inner, 3.5, &self->tip_colour);
    }

    for (guint i = 0; i < self->n_solutions; i++) {
        double x, y;
        geo_to_widget(self, self->solutions[i].lat, self->solutions[i].lon, &x, &y);
        double r = MAX(6.0, s * self->px_lat * 0.07);
        /* A target mark: visible on any background, not only by colour. */
        append_circle(snapshot, x, y, r + 2.5, &pal->paper);
        append_circle(snapshot, x, y, r, &pal->city);
        append_circle(snapshot, x, y, r * 0.4, &pal->paper);
    }

    if (self->show_coordinates && self->hovering && self->interactive) {
        GdkRGBA back = with_alpha(&pal->ink, 0.75f);
        g_autofree char *text = minden_label_coordinates(self->hover_lat, self->hover_lon);
        double tw, th;
        if (self->coords_layout == NULL)
            self->coords_layout = gtk_widget_create_pango_layout(widget, NULL);
        pango_layout_set_text(self->coords_layout, text, -1);
        layout_size(self->coords_layout, &tw, &th);
        /* In the map's north-east corner, over the Baltic Sea: no badge or city there. */
        double bx = ox + self->width * s - tw - 18;
        gtk_snapshot_append_color(snapshot, &back,
                                  &GRAPHENE_RECT_INIT(bx, oy + 6, tw + 12, th + 6));
        gtk_snapshot_save(snapshot);
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(bx + 6, oy + 9));
        gtk_snapshot_append_layout(snapshot, self->coords_layout, &pal->paper);
        gtk_snapshot_restore(snapshot);
    }
}

/* Its width follows the height it is given: the map keeps its proportions. */
static GtkSizeRequestMode minden_board_get_request_mode(GtkWidget *widget)
{
    return GTK_SIZE_REQUEST_WIDTH_FOR_HEIGHT;
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
    *natural = MAX(*natural, *minimum);
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

void minden_board_take_cursor(MindenBoard *self, MindenBoard *from)
{
    g_return_if_fail(MINDEN_IS_BOARD(self));
    g_return_if_fail(MINDEN_IS_BOARD(from));

    /* Only the keyboard's cursor: the pointer's hover comes back with the next motion. */
    self->cursor_hlat = from->cursor_hlat;
    self->cursor_hlon = from->cursor_hlon;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void update_accessible(MindenBoard *self)
{
    g_autofree char *desc = NULL;

    if (self->tip.n_stones > 0) {
        g_autofree char *text = minden_label_tip_long(&self->tip);
        desc = g_strdup_printf(_("Marked region: %s"), text);
    }
    if (self->n_solutions > 0) {
        /* Translators: added to the map's description while a scored card's places show. */
        const char *where = ngettext("The card's place is marked.",
                                     "The card's places are marked.", self->n_solutions);
        char *both = desc != NULL ? g_strdup_printf("%s. %s", desc, where) : g_strdup(where);
        g_free(desc);
        desc = both;
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
    update_accessible(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean minden_board_has_marks(MindenBoard *self)
{
    g_return_val_if_fail(MINDEN_IS_BOARD(self), FALSE);
    return self->tip.n_stones > 0 || self->n_solutions > 0;
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

double minden_board_get_hidden_name_area(MindenBoard *self)
{
    g_return_val_if_fail(MINDEN_IS_BOARD(self), 0);
    return self->hidden_name_area;
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
    widget_class->css_changed = minden_board_css_changed;
    widget_class->get_request_mode = minden_board_get_request_mode;

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
