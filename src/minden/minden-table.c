/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of a Minden game: map, side panel and track sized to the window (issue 13). */
#include "minden-table.h"

#include <math.h>

/* The height the side panel is laid out for at size step 1 (its tip page fits 1024×600, and
 * at 1920×1080 most of the players' list shows too). */
#define SIDE_HEIGHT 640.0
/* How much larger the panel is set (text, cards, stones: resources/minden/minden.css) where
 * there is room for it: 1920×1080 gives about 1.4, a 4K screen about 3. Not a scale
 * transform: GTK 4.8's GL renderer draws scaled text with gaps inside words. */
static const double steps[] = { 1.0, 1.4, 2.0 };
static const char *const step_classes[] = { NULL, "minden-large", "minden-huge" };
/* A step is kept until the room falls this much below it, so it never flips back and
 * forth at one size. */
#define STEP_MARGIN 0.05

struct _MindenTable {
    GtkWidget parent_instance;

    GtkWidget *board;
    GtkWidget *side;
    GtkWidget *track;
    int side_width;
    guint step;     /* index into steps[] */
    double room;    /* the factor the last allocation had room for */
    guint step_idle;
};

enum {
    PROP_0,
    PROP_SIDE_WIDTH,
    N_PROPS
};

static GParamSpec *props[N_PROPS];

static void minden_table_buildable_init(GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(MindenTable, minden_table, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_BUILDABLE,
                                                    minden_table_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

static void add_child(GtkBuildable *buildable, GtkBuilder *builder, GObject *child,
                      const char *type)
{
    MindenTable *self = MINDEN_TABLE(buildable);
    GtkWidget **slot = NULL;

    if (g_strcmp0(type, "board") == 0)
        slot = &self->board;
    else if (g_strcmp0(type, "side") == 0)
        slot = &self->side;
    else if (g_strcmp0(type, "track") == 0)
        slot = &self->track;
    if (slot == NULL || !GTK_IS_WIDGET(child) || *slot != NULL) {
        parent_buildable_iface->add_child(buildable, builder, child, type);
        return;
    }
    *slot = GTK_WIDGET(child);
    gtk_widget_set_parent(*slot, GTK_WIDGET(self));
}

static void minden_table_buildable_init(GtkBuildableIface *iface)
{
    parent_buildable_iface = g_type_interface_peek_parent(iface);
    iface->add_child = add_child;
}

static void measure_child(GtkWidget *child, GtkOrientation orientation, int for_size,
                          int *minimum, int *natural)
{
    *minimum = *natural = 0;
    if (child != NULL && gtk_widget_get_visible(child))
        gtk_widget_measure(child, orientation, for_size, minimum, natural, NULL, NULL);
}

static int panel_width(MindenTable *self, guint step)
{
    return (int) round(self->side_width * steps[step]);
}

/* The largest step there is room for; the current one while the room is nearly enough. */
static guint step_for(double room, guint current)
{
    guint step = 0;
    for (guint i = 1; i < G_N_ELEMENTS(steps); i++)
        if (room >= steps[i] - (i <= current ? STEP_MARGIN : 0))
            step = i;
    return step;
}

static gboolean apply_step(gpointer data)
{
    MindenTable *self = data;
    GtkWidget *widget = GTK_WIDGET(self);
    guint step = step_for(self->room, self->step);

    self->step_idle = 0;
    if (step == self->step)
        return G_SOURCE_REMOVE;
    if (step_classes[self->step] != NULL)
        gtk_widget_remove_css_class(widget, step_classes[self->step]);
    self->step = step;
    if (step_classes[step] != NULL)
        gtk_widget_add_css_class(widget, step_classes[step]);
    gtk_widget_queue_resize(widget);
    return G_SOURCE_REMOVE;
}

static void minden_table_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    MindenTable *self = MINDEN_TABLE(widget);
    int bmin, bnat, smin, snat, tmin, tnat;

    measure_child(self->board, orientation, -1, &bmin, &bnat);
    measure_child(self->side, orientation, -1, &smin, &snat);
    measure_child(self->track, orientation, -1, &tmin, &tnat);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        /* The panel's texts wrap at its planned width. */
        snat = MIN(snat, MAX(smin, panel_width(self, self->step)));
        *minimum = MAX(bmin + smin, tmin);
        *natural = MAX(bnat + snat, tnat);
    } else {
        *minimum = MAX(bmin, smin) + tmin;
        *natural = MAX(bnat, snat) + tnat;
    }
}

static void minden_table_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    MindenTable *self = MINDEN_TABLE(widget);
    int tmin, tnat, bmin, bnat, smin, snat;

    measure_child(self->track, GTK_ORIENTATION_VERTICAL, width, &tmin, &tnat);
    int track_h = MIN(tnat, height);
    int row_h = height - track_h;
    if (self->track != NULL && gtk_widget_get_visible(self->track))
        gtk_widget_size_allocate(self->track, &(GtkAllocation){ 0, row_h, width, track_h }, -1);

    /* The map as large as the height allows, the panel in the rest of the width. */
    measure_child(self->board, GTK_ORIENTATION_HORIZONTAL, row_h, &bmin, &bnat);
    measure_child(self->side, GTK_ORIENTATION_HORIZONTAL, -1, &smin, &snat);
    /* The size step from the room beside the map and the panel's planned width, not from
     * its content (which changes with every text and with the step): it stays the same
     * through a game in one window. A new style changes the layout: not in the middle of
     * this allocation. */
    self->room = MIN(row_h / SIDE_HEIGHT,
                     MAX(width - bnat, 0) / (double) MAX(self->side_width, 1));
    if (step_for(self->room, self->step) != self->step && self->step_idle == 0)
        self->step_idle = g_idle_add(apply_step, self);
    int board_w = CLAMP(width - smin, bmin, bnat);
    int side_w = CLAMP(width - board_w, smin, MAX(panel_width(self, self->step), smin));
    int x = MAX(width - board_w - side_w, 0) / 2;

    if (self->board != NULL && gtk_widget_get_visible(self->board))
        gtk_widget_size_allocate(self->board, &(GtkAllocation){ x, 0, board_w, row_h }, -1);
    if (self->side != NULL && gtk_widget_get_visible(self->side))
        gtk_widget_size_allocate(self->side,
                                 &(GtkAllocation){ x + board_w, 0, side_w, row_h }, -1);
}

static void minden_table_dispose(GObject *object)
{
    MindenTable *self = MINDEN_TABLE(object);

    g_clear_handle_id(&self->step_idle, g_source_remove);
    g_clear_pointer(&self->board, gtk_widget_unparent);
    g_clear_pointer(&self->side, gtk_widget_unparent);
    g_clear_pointer(&self->track, gtk_widget_unparent);
    G_OBJECT_CLASS(minden_table_parent_class)->dispose(object);
}

static void minden_table_get_property(GObject *object, guint prop_id, GValue *value,
                                      GParamSpec *pspec)
{
    MindenTable *self = MINDEN_TABLE(object);

    switch (prop_id) {
    case PROP_SIDE_WIDTH:
        g_value_set_int(value, self->side_width);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void minden_table_set_property(GObject *object, guint prop_id, const GValue *value,
                                      GParamSpec *pspec)
{
    MindenTable *self = MINDEN_TABLE(object);

    switch (prop_id) {
    case PROP_SIDE_WIDTH:
        if (self->side_width != g_value_get_int(value)) {
            self->side_width = g_value_get_int(value);
            gtk_widget_queue_resize(GTK_WIDGET(self));
            g_object_notify_by_pspec(object, pspec);
        }
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void minden_table_class_init(MindenTableClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = minden_table_dispose;
    object_class->get_property = minden_table_get_property;
    object_class->set_property = minden_table_set_property;
    /**
     * MindenTable:side-width:
     *
     * The width the side panel is laid out at, at size step 1 (times the step on a large
     * screen), where there is room; it is
     * never narrower than its minimum width.
     */
    props[PROP_SIDE_WIDTH] = g_param_spec_int("side-width", NULL, NULL, 0, G_MAXINT, 420,
                                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                  G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, props);
    widget_class->measure = minden_table_measure;
    widget_class->size_allocate = minden_table_size_allocate;
    gtk_widget_class_set_css_name(widget_class, "mindentable");
}

static void minden_table_init(MindenTable *self)
{
    self->side_width = 420;
}

GtkWidget *minden_table_new(void)
{
    return g_object_new(MINDEN_TYPE_TABLE, NULL);
}

int minden_table_get_side_width(MindenTable *self)
{
    g_return_val_if_fail(MINDEN_IS_TABLE(self), 0);
    return self->side_width;
}

int minden_table_get_panel_width(MindenTable *self)
{
    g_return_val_if_fail(MINDEN_IS_TABLE(self), 0);
    return panel_width(self, self->step);
}

int minden_table_get_largest_panel_width(MindenTable *self)
{
    g_return_val_if_fail(MINDEN_IS_TABLE(self), 0);
    return panel_width(self, G_N_ELEMENTS(steps) - 1);
}

double minden_table_get_size_step(MindenTable *self)
{
    g_return_val_if_fail(MINDEN_IS_TABLE(self), 1.0);
    return steps[self->step];
}
