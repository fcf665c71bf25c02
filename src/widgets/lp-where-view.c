/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Where were they?" (issue 15): the places of a game on the shared map of Germany. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "lp-a11y.h"
#include "lp-export.h"
#include "lp-germany-map.h"
#include "lp-theme.h"
#include "lp-where-view.h"

/* Side of a point mark's widget in pixels: the mark, its white edge and the focus ring. */
#define MARK_SIZE 26
#define N_STYLE_GROUPS 4

/* The colours of groups that bring none of their own (Buxtehude's crosses), and the focus
 * ring: CSS, so a theme can change them. Blue, orange and green stay apart for most kinds of
 * colour blindness, and the shapes carry right and wrong anyway. */
static const char where_css[] =
    "wheremark.group-0 { color: #1a5fb4; }\n"
    "wheremark.group-1 { color: #c64600; }\n"
    "wheremark.group-2 { color: #26a269; }\n"
    "wheremark.group-3 { color: #813d9c; }\n"
    "wheremark.key { color: @theme_fg_color; }\n"
    "whereview .where-panel { padding: 12px 16px; }\n";

static void ensure_css(GtkWidget *widget)
{
    GdkDisplay *display = gtk_widget_get_display(widget);

    if (g_object_get_data(G_OBJECT(display), "lp-where-css") != NULL)
        return;
    g_autoptr(GtkCssProvider) provider = gtk_css_provider_new();
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, where_css);
#else
    gtk_css_provider_load_from_data(provider, where_css, -1);
#endif
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_set_data_full(G_OBJECT(display), "lp-where-css", g_object_ref(provider),
                           g_object_unref);
}

/* ---- a mark: one place, or a sample of a shape in the legend ---------------------------- */

#define LP_TYPE_WHERE_MARK (lp_where_mark_get_type())
G_DECLARE_FINAL_TYPE(LpWhereMark, lp_where_mark, LP, WHERE_MARK, GtkWidget)

struct _LpWhereMark {
    GtkWidget parent_instance;

    LpWhereView *view;    /* NULL for a legend sample */
    const LpPlace *place; /* owned by the view's list; NULL for a legend sample */
    LpPlaceState state;
    gboolean area;
    gboolean has_colour;
    GdkRGBA colour;       /* the group's own colour (a player's) */
    gboolean hovered;
};

G_DEFINE_FINAL_TYPE(LpWhereMark, lp_where_mark, GTK_TYPE_WIDGET)

static void mark_colour(LpWhereMark *self, GdkRGBA *colour)
{
    if (self->has_colour)
        *colour = self->colour;
    else
        lp_theme_get_color(GTK_WIDGET(self), colour);
}

static void set_source(cairo_t *cr, const GdkRGBA *c)
{
    cairo_set_source_rgba(cr, c->red, c->green, c->blue, c->alpha);
}

/* The shape says right (a disc), wrong (a cross) or neither (a diamond); colour only says
 * whose. Each on a white edge, readable on sea, land and lines. */
static void draw_point(cairo_t *cr, double cx, double cy, double r, LpPlaceState state,
                       const GdkRGBA *colour)
{
    static const GdkRGBA white = { 1, 1, 1, 1 };

    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    switch (state) {
    case LP_PLACE_RIGHT:
        cairo_arc(cr, cx, cy, r, 0, 2 * G_PI);
        set_source(cr, &white);
        cairo_fill(cr);
        cairo_arc(cr, cx, cy, r - 2, 0, 2 * G_PI);
        set_source(cr, colour);
        cairo_fill(cr);
        break;
    case LP_PLACE_WRONG:
        for (int pass = 0; pass < 2; pass++) {
            double d = r * 0.78;
            cairo_move_to(cr, cx - d, cy - d);
            cairo_line_to(cr, cx + d, cy + d);
            cairo_move_to(cr, cx + d, cy - d);
            cairo_line_to(cr, cx - d, cy + d);
            set_source(cr, pass == 0 ? &white : colour);
            cairo_set_line_width(cr, pass == 0 ? r * 0.9 : r * 0.5);
            cairo_stroke(cr);
        }
        break;
    case LP_PLACE_NEUTRAL:
    default:
        /* A diamond of the disc's area. */
        r *= 1.2;
        cairo_move_to(cr, cx, cy - r);
        cairo_line_to(cr, cx + r, cy);
        cairo_line_to(cr, cx, cy + r);
        cairo_line_to(cr, cx - r, cy);
        cairo_close_path(cr);
        set_source(cr, &white);
        cairo_fill(cr);
        double q = r - 2.5;
        cairo_move_to(cr, cx, cy - q);
        cairo_line_to(cr, cx + q, cy);
        cairo_line_to(cr, cx, cy + q);
        cairo_line_to(cr, cx - q, cy);
        cairo_close_path(cr);
        set_source(cr, colour);
        cairo_fill(cr);
        break;
    }
}

/* A tipped cell: a light fill and an edge, solid when right, dashed when wrong. */
static void draw_area(cairo_t *cr, double w, double h, LpPlaceState state, const GdkRGBA *colour,
                      gboolean lit)
{
    GdkRGBA fill = *colour;
    /* A tip of one or two stones spans a whole area: a thin edge, so the small ones show. */
    double line = lit ? 4 : (MAX(w, h) > 120 ? 1.5 : 2.5);

    /* Only a lit cell is filled: a game's tips of one or two stones cover half the map. */
    fill.alpha = 0.3;
    if (lit) {
        cairo_rectangle(cr, 0, 0, w, h);
        set_source(cr, &fill);
        cairo_fill(cr);
    }
    cairo_rectangle(cr, line / 2, line / 2, MAX(w - line, 1), MAX(h - line, 1));
    if (state == LP_PLACE_WRONG) {
        const double dash[] = { 6, 4 };
        cairo_set_dash(cr, dash, 2, 0);
    }
    set_source(cr, colour);
    cairo_set_line_width(cr, line);
    cairo_stroke(cr);
}

static gboolean mark_is_lit(LpWhereMark *self);

static void lp_where_mark_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    LpWhereMark *self = LP_WHERE_MARK(widget);
    double w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    gboolean lit = mark_is_lit(self);
    GdkRGBA colour;

    mark_colour(self, &colour);
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, w, h));
    if (self->area) {
        draw_area(cr, w, h, self->state, &colour, lit);
    } else if (self->place == NULL) {
        /* A sample in the legend. */
        draw_point(cr, w / 2, h / 2, MIN(w, h) / 2 - 1, self->state, &colour);
    } else {
        double r = MIN(w, h) / 2 - 4;
        /* A faint dark edge: a yellow mark stays visible on light land. */
        cairo_arc(cr, w / 2, h / 2, (lit ? r : r - 1.5) + 0.8, 0, 2 * G_PI);
        cairo_set_source_rgba(cr, 0, 0, 0, self->state == LP_PLACE_RIGHT ? 0.35 : 0);
        cairo_fill(cr);
        if (lit) {
            /* The focus ring: dark inside white, around the mark. */
            cairo_arc(cr, w / 2, h / 2, r + 2.5, 0, 2 * G_PI);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_set_line_width(cr, 3);
            cairo_stroke(cr);
            cairo_arc(cr, w / 2, h / 2, r + 1, 0, 2 * G_PI);
            cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
            cairo_set_line_width(cr, 2);
            cairo_stroke(cr);
        }
        draw_point(cr, w / 2, h / 2, lit ? r : r - 1.5, self->state, &colour);
    }
    cairo_destroy(cr);
}

static void lp_where_mark_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                  int *minimum, int *natural, int *minimum_baseline,
                                  int *natural_baseline)
{
    LpWhereMark *self = LP_WHERE_MARK(widget);
    int size = self->place != NULL ? (self->area ? 1 : MARK_SIZE) : 12;

    *minimum = *natural = size;
}

static void lp_where_mark_class_init(LpWhereMarkClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    widget_class->snapshot = lp_where_mark_snapshot;
    widget_class->measure = lp_where_mark_measure;
    gtk_widget_class_set_css_name(widget_class, "wheremark");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void lp_where_mark_init(LpWhereMark *self)
{
}

static GtkWidget *mark_new(LpPlaceList *list, guint group, LpPlaceState state, gboolean area)
{
    LpWhereMark *self = g_object_new(LP_TYPE_WHERE_MARK, NULL);
    const char *hex = list != NULL ? lp_place_list_get_group_colour(list, group) : NULL;

    self->state = state;
    self->area = area;
    if (hex != NULL && gdk_rgba_parse(&self->colour, hex)) {
        self->has_colour = TRUE;
    } else if (list != NULL) {
        g_autofree char *css = g_strdup_printf("group-%u", group % N_STYLE_GROUPS);
        gtk_widget_add_css_class(GTK_WIDGET(self), css);
    } else {
        gtk_widget_add_css_class(GTK_WIDGET(self), "key");
    }
    return GTK_WIDGET(self);
}

/* ---- the map ---------------------------------------------------------------------------- */

#define LP_TYPE_WHERE_MAP (lp_where_map_get_type())
G_DECLARE_FINAL_TYPE(LpWhereMap, lp_where_map, LP, WHERE_MAP, GtkWidget)

struct _LpWhereMap {
    GtkWidget parent_instance;

    LpPlaceList *list;
    GPtrArray *marks; /* LpWhereMark, in the list's order (the Tab order) */
    GdkTexture *texture;
    guint render_idle;
    /* The map's colours, from the widget's style (lp-germany-map.h). */
    LpMapPalette palette;
    gboolean palette_valid;
};

G_DEFINE_FINAL_TYPE(LpWhereMap, lp_where_map, GTK_TYPE_WIDGET)

static void map_geometry(LpWhereMap *self, double *scale, double *ox, double *oy)
{
    const LpMapProjection *p = lp_germany_map_get_projection();
    double w = gtk_widget_get_width(GTK_WIDGET(self));
    double h = gtk_widget_get_height(GTK_WIDGET(self));
    double s = MIN(w / p->width, h / p->height);

    *scale = s;
    *ox = (w - p->width * s) / 2.0;
    *oy = (h - p->height * s) / 2.0;
}

static void geo_to_widget(LpWhereMap *self, double lat, double lon, double *x, double *y)
{
    double s, ox, oy;

    map_geometry(self, &s, &ox, &oy);
    lp_germany_map_geo_to_map(lat, lon, x, y);
    *x = ox + s * *x;
    *y = oy + s * *y;
}

static void texture_size(LpWhereMap *self, int *w, int *h)
{
    const LpMapProjection *p = lp_germany_map_get_projection();
    int scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));
    double s, ox, oy;

    map_geometry(self, &s, &ox, &oy);
    *w = (int) ceil(p->width * s * scale);
    *h = (int) ceil(p->height * s * scale);
}

static void ensure_palette(LpWhereMap *self)
{
    if (self->palette_valid)
        return;
    LpMapPalette palette;
    lp_germany_map_palette_for(GTK_WIDGET(self), &palette);
    self->palette_valid = TRUE;
    if (memcmp(&palette, &self->palette, sizeof palette) == 0)
        return;
    self->palette = palette;
    /* Another style: the map of this size in its colours, at the next frame. */
    g_clear_object(&self->texture);
}

static void lp_where_map_css_changed(GtkWidget *widget, GtkCssStyleChange *change)
{
    GTK_WIDGET_CLASS(lp_where_map_parent_class)->css_changed(widget, change);
    LP_WHERE_MAP(widget)->palette_valid = FALSE;
    gtk_widget_queue_draw(widget);
}

static gboolean render_idle_cb(gpointer data)
{
    LpWhereMap *self = data;
    int w, h;

    self->render_idle = 0;
    texture_size(self, &w, &h);
    g_clear_object(&self->texture);
    self->texture = lp_germany_map_get_styled_texture(&self->palette, w, h);
    gtk_widget_queue_draw(GTK_WIDGET(self));
    return G_SOURCE_REMOVE;
}

static void lp_where_map_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    LpWhereMap *self = LP_WHERE_MAP(widget);
    const LpMapProjection *p = lp_germany_map_get_projection();
    double s, ox, oy;
    int w, h;

    map_geometry(self, &s, &ox, &oy);
    texture_size(self, &w, &h);
    ensure_palette(self);
    /* The sea goes on beside the map where the view is wider or taller. */
    gtk_snapshot_append_color(snapshot, &self->palette.sea,
                              &GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(widget),
                                                  gtk_widget_get_height(widget)));
    if (self->texture == NULL) {
        self->texture = lp_germany_map_get_styled_texture(&self->palette, w, h);
    } else if ((gdk_texture_get_width(self->texture) != w ||
                gdk_texture_get_height(self->texture) != h) &&
               self->render_idle == 0) {
        /* A size in the cache is used at once; else the old one, scaled, until idle. */
        GdkTexture *cached = lp_germany_map_lookup_styled_texture(&self->palette, w, h);
        if (cached != NULL) {
            g_object_unref(self->texture);
            self->texture = cached;
        } else {
            self->render_idle = g_idle_add_full(G_PRIORITY_LOW, render_idle_cb, self, NULL);
        }
    }
    if (self->texture != NULL)
        gtk_snapshot_append_texture(snapshot, self->texture,
                                    &GRAPHENE_RECT_INIT(ox, oy, p->width * s, p->height * s));

    /* The further points of a card (a river's, a region's) as small dots in its colour. */
    for (guint i = 0; i < self->marks->len; i++) {
        LpWhereMark *mark = g_ptr_array_index(self->marks, i);
        if (mark->place->more == NULL)
            continue;
        GdkRGBA colour;
        mark_colour(mark, &colour);
        for (guint k = 0; k < mark->place->more->len; k++) {
            const LpGeoPoint *pt = &g_array_index(mark->place->more, LpGeoPoint, k);
            double x, y;
            geo_to_widget(self, pt->lat, pt->lon, &x, &y);
            GskRoundedRect round;
            static const GdkRGBA white = { 1, 1, 1, 1 };
            gsk_rounded_rect_init_from_rect(&round, &GRAPHENE_RECT_INIT(x - 4, y - 4, 8, 8), 4);
            gtk_snapshot_push_rounded_clip(snapshot, &round);
            gtk_snapshot_append_color(snapshot, &white, &round.bounds);
            gtk_snapshot_pop(snapshot);
            gsk_rounded_rect_init_from_rect(&round, &GRAPHENE_RECT_INIT(x - 2.5, y - 2.5, 5, 5),
                                            2.5);
            gtk_snapshot_push_rounded_clip(snapshot, &round);
            gtk_snapshot_append_color(snapshot, &colour, &round.bounds);
            gtk_snapshot_pop(snapshot);
        }
    }

    for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c))
        gtk_widget_snapshot_child(widget, c, snapshot);
}

static void lp_where_map_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    const LpMapProjection *p = lp_germany_map_get_projection();
    /* Natural: the map at 0.62 of its SVG size, 430 × 533 pixels, fits a netbook's 600 lines
     * with the window's header and buttons. */
    double natural_scale = 0.62;

    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        *minimum = 160;
        *natural = for_size > 0 ? (int) (for_size * p->width / p->height)
                                : (int) (p->width * natural_scale);
    } else {
        *minimum = 200;
        *natural = for_size > 0 ? (int) (for_size * p->height / p->width)
                                : (int) (p->height * natural_scale);
    }
}

static void lp_where_map_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    LpWhereMap *self = LP_WHERE_MAP(widget);

    for (guint i = 0; i < self->marks->len; i++) {
        LpWhereMark *mark = g_ptr_array_index(self->marks, i);
        const LpPlace *p = mark->place;
        GtkAllocation a;
        if (mark->area) {
            double x1, y1, x2, y2;
            geo_to_widget(self, p->north, p->west, &x1, &y1);
            geo_to_widget(self, p->south, p->east, &x2, &y2);
            a = (GtkAllocation){ (int) floor(x1), (int) floor(y1),
                                 MAX(1, (int) ceil(x2 - x1)), MAX(1, (int) ceil(y2 - y1)) };
        } else {
            double x, y;
            geo_to_widget(self, p->lat, p->lon, &x, &y);
            a = (GtkAllocation){ (int) round(x - MARK_SIZE / 2.0), (int) round(y - MARK_SIZE / 2.0),
                                 MARK_SIZE, MARK_SIZE };
        }
        gtk_widget_size_allocate(GTK_WIDGET(mark), &a, -1);
    }
}

/* Tab and the arrow keys go through the places in the list's order (a Minden card, then the
 * tip for it), not in the drawing order that keeps the points over the cells. */
static gboolean lp_where_map_focus(GtkWidget *widget, GtkDirectionType direction)
{
    LpWhereMap *self = LP_WHERE_MAP(widget);
    GtkWidget *focus = gtk_widget_get_focus_child(widget);
    guint n = self->marks->len;
    guint index = 0;
    gboolean forward = direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_RIGHT ||
                       direction == GTK_DIR_DOWN;
    gboolean arrow = direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD;

    if (n == 0)
        return FALSE;
    if (focus == NULL || !g_ptr_array_find(self->marks, focus, &index)) {
        if (arrow)
            return FALSE;
        index = forward ? 0 : n - 1;
    } else if (forward) {
        if (index + 1 >= n)
            return arrow; /* the arrows stop at the last place; Tab leaves the map */
        index++;
    } else {
        if (index == 0)
            return arrow;
        index--;
    }
    return gtk_widget_grab_focus(g_ptr_array_index(self->marks, index));
}

static void lp_where_map_dispose(GObject *object)
{
    LpWhereMap *self = LP_WHERE_MAP(object);
    GtkWidget *child;

    g_clear_handle_id(&self->render_idle, g_source_remove);
    g_clear_object(&self->texture);
    if (self->marks != NULL)
        g_ptr_array_set_size(self->marks, 0);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(lp_where_map_parent_class)->dispose(object);
}

static void lp_where_map_finalize(GObject *object)
{
    LpWhereMap *self = LP_WHERE_MAP(object);

    g_clear_pointer(&self->marks, g_ptr_array_unref);
    g_clear_pointer(&self->list, lp_place_list_unref);
    G_OBJECT_CLASS(lp_where_map_parent_class)->finalize(object);
}

static void lp_where_map_class_init(LpWhereMapClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_where_map_dispose;
    object_class->finalize = lp_where_map_finalize;
    widget_class->snapshot = lp_where_map_snapshot;
    widget_class->measure = lp_where_map_measure;
    widget_class->size_allocate = lp_where_map_size_allocate;
    widget_class->focus = lp_where_map_focus;
    widget_class->css_changed = lp_where_map_css_changed;
    gtk_widget_class_set_css_name(widget_class, "wheremap");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void lp_where_map_init(LpWhereMap *self)
{
    self->marks = g_ptr_array_new();
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

/* ---- the view --------------------------------------------------------------------------- */

struct _LpWhereView {
    GtkWidget parent_instance;

    LpPlaceList *list;
    LpWhereMap *map;
    GtkWidget *panel;
    GtkWidget *info_title;
    GtkWidget *info_body;
    char *info;
    LpWhereMark *hovered;
};

G_DEFINE_FINAL_TYPE(LpWhereView, lp_where_view, GTK_TYPE_WIDGET)

static gboolean mark_is_lit_alone(LpWhereMark *self)
{
    return self->hovered || gtk_widget_is_focus(GTK_WIDGET(self));
}

/* Pointed at, focused, or the place that goes with it is (a Minden card and its tip). */
static gboolean mark_is_lit(LpWhereMark *self)
{
    if (mark_is_lit_alone(self))
        return TRUE;
    if (self->view == NULL || self->place == NULL || self->place->linked < 0 ||
        self->view->map == NULL || (guint) self->place->linked >= self->view->map->marks->len)
        return FALSE;
    return mark_is_lit_alone(g_ptr_array_index(self->view->map->marks, self->place->linked));
}

static void redraw_marks(LpWhereView *self)
{
    for (guint i = 0; self->map != NULL && i < self->map->marks->len; i++)
        gtk_widget_queue_draw(g_ptr_array_index(self->map->marks, i));
}

static void show_info(LpWhereView *self)
{
    LpWhereMark *mark = self->hovered;
    GtkWidget *focus = self->map != NULL ? gtk_widget_get_focus_child(GTK_WIDGET(self->map))
                                         : NULL;

    if (self->info_title == NULL)
        return;
    if (mark == NULL && focus != NULL && gtk_widget_is_focus(focus))
        mark = LP_WHERE_MARK(focus);
    g_clear_pointer(&self->info, g_free);
    if (mark == NULL) {
        gtk_label_set_text(GTK_LABEL(self->info_title), "");
        gtk_widget_set_visible(self->info_title, FALSE);
        gtk_label_set_text(GTK_LABEL(self->info_body),
                           _("Point at a place, or move to it with Tab, to read its card."));
        self->info = g_strdup(gtk_label_get_text(GTK_LABEL(self->info_body)));
        return;
    }
    g_autofree char *title = lp_place_describe(mark->place, self->list);
    const char *facts = mark->place->facts != NULL ? mark->place->facts : "";
    gtk_label_set_text(GTK_LABEL(self->info_title), title);
    gtk_widget_set_visible(self->info_title, TRUE);
    gtk_label_set_text(GTK_LABEL(self->info_body), facts);
    self->info = g_strconcat(title, "\n", facts, NULL);
}

static void on_mark_enter(GtkEventControllerMotion *motion, double x, double y, gpointer data)
{
    LpWhereMark *mark = LP_WHERE_MARK(gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(motion)));
    LpWhereView *self = data;

    if (self->hovered != NULL && self->hovered != mark) {
        self->hovered->hovered = FALSE;
        gtk_widget_queue_draw(GTK_WIDGET(self->hovered));
    }
    self->hovered = mark;
    mark->hovered = TRUE;
    redraw_marks(self);
    show_info(self);
}

static void on_mark_leave(GtkEventControllerMotion *motion, gpointer data)
{
    LpWhereMark *mark = LP_WHERE_MARK(gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(motion)));
    LpWhereView *self = data;

    mark->hovered = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(mark));
    if (self->hovered == mark)
        self->hovered = NULL;
    redraw_marks(self);
    show_info(self);
}

static GtkWidget *label_new(const char *text, const char *css_class)
{
    GtkWidget *label = gtk_label_new(text);

    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_max_width_chars(GTK_LABEL(label), 36);
    if (css_class != NULL)
        gtk_widget_add_css_class(label, css_class);
    return label;
}

static void add_marks(LpWhereView *self)
{
    LpWhereMap *map = self->map;
    guint n = lp_place_list_get_n_places(self->list);
    GtkWidget *first_point = NULL;
    g_autoptr(GString) all = g_string_new(NULL);

    for (guint i = 0; i < n; i++) {
        const LpPlace *place = lp_place_list_get_place(self->list, i);
        LpWhereMark *mark = LP_WHERE_MARK(mark_new(self->list, place->group, place->state,
                                                   place->is_area));
        mark->view = self;
        mark->place = place;
        gtk_widget_set_focusable(GTK_WIDGET(mark), TRUE);
        g_autofree char *describe = lp_place_describe(place, self->list);
        g_autofree char *tooltip = place->facts != NULL
                                       ? g_strconcat(describe, "\n", place->facts, NULL)
                                       : g_strdup(describe);
        gtk_widget_set_tooltip_text(GTK_WIDGET(mark), tooltip);
        gtk_accessible_update_property(GTK_ACCESSIBLE(mark), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       describe, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       place->facts != NULL ? place->facts : "", -1);
        g_string_append_printf(all, "%s%s", all->len > 0 ? "; " : "", describe);

        GtkEventController *motion = gtk_event_controller_motion_new();
        g_signal_connect(motion, "enter", G_CALLBACK(on_mark_enter), self);
        g_signal_connect(motion, "leave", G_CALLBACK(on_mark_leave), self);
        gtk_widget_add_controller(GTK_WIDGET(mark), motion);

        /* Cells under points: a point over a cell gets the pointer (GTK picks the last child). */
        if (place->is_area)
            gtk_widget_insert_before(GTK_WIDGET(mark), GTK_WIDGET(map), first_point);
        else
            gtk_widget_insert_before(GTK_WIDGET(mark), GTK_WIDGET(map), NULL);
        if (!place->is_area && first_point == NULL)
            first_point = GTK_WIDGET(mark);
        g_ptr_array_add(map->marks, mark);
    }

    g_autofree char *label = g_strdup_printf(
        g_dngettext(GETTEXT_PACKAGE, "Map of Germany with %u place", "Map of Germany with %u places",
                    n),
        n);
    gtk_accessible_update_property(GTK_ACCESSIBLE(map), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, all->str, -1);
}

static GtkWidget *key_row(LpPlaceState state, gboolean area, const char *text)
{
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *sample = mark_new(NULL, 0, state, area);

    gtk_widget_set_size_request(sample, 18, area ? 14 : 18);
    gtk_widget_set_valign(sample, GTK_ALIGN_CENTER);
    gtk_accessible_update_state(GTK_ACCESSIBLE(sample), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
    gtk_box_append(GTK_BOX(row), sample);
    gtk_box_append(GTK_BOX(row), label_new(text, NULL));
    return row;
}

static void build_panel(LpWhereView *self, const char *heading)
{
    GtkWidget *panel = self->panel;
    LpPlaceList *list = self->list;
    guint n_places = lp_place_list_get_n_places(list);

    GtkWidget *title = label_new(_("Where were they?"), "title-2");
    gtk_accessible_update_property(GTK_ACCESSIBLE(title), GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
    gtk_box_append(GTK_BOX(panel), title);
    if (heading != NULL)
        gtk_box_append(GTK_BOX(panel), label_new(heading, "dim-label"));

    if (lp_place_list_get_note(list) != NULL)
        gtk_box_append(GTK_BOX(panel), label_new(lp_place_list_get_note(list), NULL));
    /* Lines, one per group when they match (Auf Achse: a player's kilometres), with the
     * group's colour. */
    gboolean per_group = lp_place_list_get_n_lines(list) == lp_place_list_get_n_groups(list);
    for (guint i = 0; i < lp_place_list_get_n_lines(list); i++) {
        GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        if (per_group) {
            GtkWidget *sample = mark_new(list, i, LP_PLACE_RIGHT, FALSE);
            gtk_widget_set_size_request(sample, 18, 18);
            gtk_widget_set_valign(sample, GTK_ALIGN_CENTER);
            gtk_accessible_update_state(GTK_ACCESSIBLE(sample), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE,
                                        -1);
            gtk_box_append(GTK_BOX(row), sample);
        }
        gtk_box_append(GTK_BOX(row), label_new(lp_place_list_get_line(list, i), "heading"));
        gtk_box_append(GTK_BOX(panel), row);
    }
    if (n_places == 0)
        return;

    /* One row per group: its colour, its name, how many right and wrong. */
    GtkWidget *groups = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    for (guint g = 0; g < lp_place_list_get_n_groups(list); g++) {
        guint right = 0, wrong = 0, any = 0;
        for (guint i = 0; i < n_places; i++) {
            const LpPlace *p = lp_place_list_get_place(list, i);
            if (p->group != g || p->is_area)
                continue;
            any++;
            right += p->state == LP_PLACE_RIGHT;
            wrong += p->state == LP_PLACE_WRONG;
        }
        if (any == 0)
            continue;
        GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        GtkWidget *sample = mark_new(list, g, LP_PLACE_RIGHT, FALSE);
        gtk_widget_set_size_request(sample, 18, 18);
        gtk_widget_set_valign(sample, GTK_ALIGN_CENTER);
        gtk_accessible_update_state(GTK_ACCESSIBLE(sample), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE,
                                    -1);
        gtk_box_append(GTK_BOX(row), sample);
        /* Translators: a row of the map's legend: a cross or a player, then how many of
         * their cards were right and wrong, "Cross 2: 11 right, 3 wrong". */
        g_autofree char *text = g_strdup_printf(_("%s: %u right, %u wrong"),
                                                lp_place_list_get_group_name(list, g), right,
                                                wrong);
        gtk_box_append(GTK_BOX(row), label_new(text, NULL));
        gtk_box_append(GTK_BOX(groups), row);
    }
    gtk_box_append(GTK_BOX(panel), groups);

    /* What the shapes mean, only those on the map. */
    gboolean has[3] = { FALSE, FALSE, FALSE }, has_area = FALSE;
    for (guint i = 0; i < n_places; i++) {
        const LpPlace *p = lp_place_list_get_place(list, i);
        if (p->is_area)
            has_area = TRUE;
        else
            has[p->state] = TRUE;
    }
    GtkWidget *key = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    gtk_widget_add_css_class(key, "dim-label");
    if (has[LP_PLACE_RIGHT])
        gtk_box_append(GTK_BOX(key), key_row(LP_PLACE_RIGHT, FALSE, _("right")));
    if (has[LP_PLACE_WRONG])
        gtk_box_append(GTK_BOX(key), key_row(LP_PLACE_WRONG, FALSE, _("wrong")));
    if (has[LP_PLACE_NEUTRAL])
        gtk_box_append(GTK_BOX(key), key_row(LP_PLACE_NEUTRAL, FALSE,
                                             _("starting card, neither right nor wrong")));
    if (has_area) {
        gtk_box_append(GTK_BOX(key), key_row(LP_PLACE_RIGHT, TRUE, _("tipped cell, right")));
        gtk_box_append(GTK_BOX(key), key_row(LP_PLACE_WRONG, TRUE, _("tipped cell, wrong")));
    }
    gtk_box_append(GTK_BOX(panel), key);

    gtk_box_append(GTK_BOX(panel), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL));
    self->info_title = label_new(NULL, "heading");
    self->info_body = label_new(NULL, NULL);
    gtk_box_append(GTK_BOX(panel), self->info_title);
    gtk_box_append(GTK_BOX(panel), self->info_body);
}

/* The window's focus widget, not focus events: those come only while the window is active,
 * and the panel should follow the focus also in a window that is not (a test, a screenshot). */
static void on_focus_widget(GtkWindow *window, GParamSpec *pspec, LpWhereView *self)
{
    redraw_marks(self);
    show_info(self);
}

static void lp_where_view_root(GtkWidget *widget)
{
    GTK_WIDGET_CLASS(lp_where_view_parent_class)->root(widget);
    GtkRoot *root = gtk_widget_get_root(widget);
    if (GTK_IS_WINDOW(root))
        g_signal_connect_object(root, "notify::focus-widget", G_CALLBACK(on_focus_widget),
                                widget, 0);
}

static void lp_where_view_unroot(GtkWidget *widget)
{
    GtkRoot *root = gtk_widget_get_root(widget);
    if (root != NULL)
        g_signal_handlers_disconnect_by_func(root, on_focus_widget, widget);
    GTK_WIDGET_CLASS(lp_where_view_parent_class)->unroot(widget);
}

static void lp_where_view_dispose(GObject *object)
{
    LpWhereView *self = LP_WHERE_VIEW(object);
    GtkWidget *child;

    self->hovered = NULL;
    self->map = NULL;
    self->info_title = self->info_body = NULL;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(lp_where_view_parent_class)->dispose(object);
}

static void lp_where_view_finalize(GObject *object)
{
    LpWhereView *self = LP_WHERE_VIEW(object);

    g_clear_pointer(&self->list, lp_place_list_unref);
    g_clear_pointer(&self->info, g_free);
    G_OBJECT_CLASS(lp_where_view_parent_class)->finalize(object);
}

static void lp_where_view_class_init(LpWhereViewClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_where_view_dispose;
    object_class->finalize = lp_where_view_finalize;
    widget_class->root = lp_where_view_root;
    widget_class->unroot = lp_where_view_unroot;
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BOX_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "whereview");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void lp_where_view_init(LpWhereView *self)
{
}

GtkWidget *lp_where_view_new(LpPlaceList *places, const char *heading)
{
    g_return_val_if_fail(places != NULL, NULL);

    LpWhereView *self = g_object_new(LP_TYPE_WHERE_VIEW, NULL);
    ensure_css(GTK_WIDGET(self));
    self->list = lp_place_list_ref(places);

    GtkLayoutManager *layout = gtk_widget_get_layout_manager(GTK_WIDGET(self));
    gboolean with_map = lp_place_list_get_n_places(places) > 0 ||
                        lp_place_list_get_n_lines(places) == 0;
    if (with_map) {
        self->map = g_object_new(LP_TYPE_WHERE_MAP, NULL);
        self->map->list = lp_place_list_ref(places);
        gtk_widget_set_hexpand(GTK_WIDGET(self->map), TRUE);
        gtk_widget_set_vexpand(GTK_WIDGET(self->map), TRUE);
        gtk_widget_set_parent(GTK_WIDGET(self->map), GTK_WIDGET(self));
    } else {
        gtk_orientable_set_orientation(GTK_ORIENTABLE(layout), GTK_ORIENTATION_VERTICAL);
    }

    self->panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_add_css_class(self->panel, "where-panel");
    gtk_widget_set_size_request(self->panel, 280, -1);
    gtk_widget_set_hexpand(self->panel, !with_map);
    gtk_widget_set_parent(self->panel, GTK_WIDGET(self));
    build_panel(self, heading);
    if (self->map != NULL) {
        add_marks(self);
        show_info(self);
    }
    return GTK_WIDGET(self);
}

LpPlaceList *lp_where_view_get_places(LpWhereView *self)
{
    g_return_val_if_fail(LP_IS_WHERE_VIEW(self), NULL);
    return self->list;
}

guint lp_where_view_get_n_markers(LpWhereView *self)
{
    g_return_val_if_fail(LP_IS_WHERE_VIEW(self), 0);
    return self->map != NULL ? self->map->marks->len : 0;
}

GtkWidget *lp_where_view_get_marker(LpWhereView *self, guint index)
{
    g_return_val_if_fail(LP_IS_WHERE_VIEW(self), NULL);
    g_return_val_if_fail(index < lp_where_view_get_n_markers(self), NULL);
    return g_ptr_array_index(self->map->marks, index);
}

const char *lp_where_view_get_info(LpWhereView *self)
{
    g_return_val_if_fail(LP_IS_WHERE_VIEW(self), NULL);
    return self->info;
}

/* ---- the window and the button ---------------------------------------------------------- */

static void on_save_clicked(GtkButton *button, gpointer data)
{
    GtkWidget *view = data;
    GtkWindow *window = GTK_WINDOW(gtk_widget_get_root(GTK_WIDGET(button)));

    lp_export_widget_png_async(view, window, g_object_get_data(G_OBJECT(window), "lp-file-name"));
}

GtkWindow *lp_where_window_new(GtkWindow *parent, LpPlaceList *places, const char *heading)
{
    g_return_val_if_fail(places != NULL, NULL);

    GtkWidget *window = gtk_window_new();
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *view = lp_where_view_new(places, heading);
    GtkWidget *actions = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *save = gtk_button_new_with_mnemonic(_("_Save as Image…"));
    GtkWidget *close = gtk_button_new_with_mnemonic(_("_Close"));

    gtk_window_set_title(GTK_WINDOW(window), _("Where Were They?"));
    gtk_window_set_modal(GTK_WINDOW(window), TRUE);
    if (parent != NULL) {
        gtk_window_set_transient_for(GTK_WINDOW(window), parent);
        gtk_window_set_destroy_with_parent(GTK_WINDOW(window), TRUE);
    }
    /* Fits a 1024 × 600 netbook; bigger screens may enlarge it. */
    gboolean map = lp_place_list_get_n_places(places) > 0 || lp_place_list_get_n_lines(places) == 0;
    int width = map ? 860 : 560, height = map ? 640 : 340;
    if (parent != NULL && gtk_widget_get_width(GTK_WIDGET(parent)) > 0) {
        width = MIN(width, gtk_widget_get_width(GTK_WIDGET(parent)));
        height = MIN(height, gtk_widget_get_height(GTK_WIDGET(parent)));
    }
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);

    gtk_widget_set_vexpand(view, TRUE);
    gtk_box_append(GTK_BOX(box), view);
    gtk_widget_set_halign(actions, GTK_ALIGN_END);
    gtk_widget_set_margin_start(actions, 12);
    gtk_widget_set_margin_end(actions, 12);
    gtk_widget_set_margin_top(actions, 6);
    gtk_widget_set_margin_bottom(actions, 12);
    gtk_box_append(GTK_BOX(actions), save);
    gtk_box_append(GTK_BOX(actions), close);
    gtk_box_append(GTK_BOX(box), actions);
    gtk_window_set_child(GTK_WINDOW(window), box);
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(save));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(close));
    gtk_actionable_set_action_name(GTK_ACTIONABLE(close), "window.close");
    g_signal_connect(save, "clicked", G_CALLBACK(on_save_clicked), view);
    g_object_set_data_full(G_OBJECT(window), "lp-file-name", g_strdup("landpartie-where.png"),
                           g_free);

    GtkEventController *keys = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(
        GTK_SHORTCUT_CONTROLLER(keys),
        gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_Escape, 0),
                         gtk_named_action_new("window.close")));
    gtk_widget_add_controller(window, keys);
    return GTK_WINDOW(window);
}

static void on_where_clicked(GtkButton *button, gpointer data)
{
    GWeakRef *ref = data;
    g_autoptr(LpGame) game = g_weak_ref_get(ref);

    if (game == NULL)
        return;
    g_autoptr(LpPlaceList) places = lp_game_get_places(game);
    if (places == NULL)
        return;
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(button));
    LpGameClass *klass = LP_GAME_GET_CLASS(game);
    GtkWindow *window = lp_where_window_new(GTK_IS_WINDOW(root) ? GTK_WINDOW(root) : NULL, places,
                                            klass->name != NULL ? _(klass->name) : NULL);
    g_object_set_data_full(G_OBJECT(window), "lp-file-name",
                           g_strdup_printf("landpartie-%s-where.png", lp_game_get_kind(game)),
                           g_free);
    gtk_window_present(window);
}

static void weak_ref_free(gpointer data)
{
    g_weak_ref_clear(data);
    g_free(data);
}

GtkWidget *lp_where_button_new(LpGame *game)
{
    g_return_val_if_fail(LP_IS_GAME(game), NULL);

    GtkWidget *button = gtk_button_new_with_mnemonic(_("_Where Were They?"));
    GWeakRef *ref = g_new0(GWeakRef, 1);

    g_weak_ref_init(ref, game);
    g_signal_connect_data(button, "clicked", G_CALLBACK(on_where_clicked), ref,
                          (GClosureNotify) (void (*)(void)) weak_ref_free, 0);
    gtk_widget_set_sensitive(button, LP_GAME_GET_CLASS(game)->places != NULL);
    gtk_widget_set_tooltip_text(button, _("The places of this game on the map of Germany"));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(button));
    return button;
}

GtkWidget *lp_where_button_add_after(GtkWidget *sibling, LpGame *game)
{
    g_return_val_if_fail(GTK_IS_WIDGET(sibling), NULL);
    g_return_val_if_fail(GTK_IS_BOX(gtk_widget_get_parent(sibling)), NULL);

    GtkWidget *button = lp_where_button_new(game);
    GtkWidget *model = gtk_widget_get_next_sibling(sibling);
    if (!GTK_IS_BUTTON(model))
        model = GTK_IS_BUTTON(sibling) ? sibling : NULL;
    if (model != NULL) {
        gtk_widget_set_halign(button, gtk_widget_get_halign(model));
        g_auto(GStrv) classes = gtk_widget_get_css_classes(model);
        for (guint i = 0; classes[i] != NULL; i++) {
            if (!g_str_equal(classes[i], "suggested-action"))
                gtk_widget_add_css_class(button, classes[i]);
        }
    }
    gtk_box_insert_child_after(GTK_BOX(gtk_widget_get_parent(sibling)), button, sibling);
    return button;
}
