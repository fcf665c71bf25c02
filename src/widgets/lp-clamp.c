/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Centres its child and gives it at most a maximum width (like AdwClamp, which GTK lacks).
 * Long wrapped text stays readable on wide windows; a GtkBox with halign=center inside a
 * scrolled window would get the full width in GTK 4.8. */
#include "lp-clamp.h"

struct _LpClamp {
    GtkWidget parent_instance;

    GtkWidget *child;
    int maximum_width;
};

G_DEFINE_FINAL_TYPE(LpClamp, lp_clamp, GTK_TYPE_WIDGET)

static void lp_clamp_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                             int *minimum, int *natural, int *minimum_baseline,
                             int *natural_baseline)
{
    LpClamp *self = LP_CLAMP(widget);
    int child_min = 0, child_nat = 0;

    if (self->child == NULL || !gtk_widget_get_visible(self->child)) {
        *minimum = *natural = 0;
        return;
    }
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        gtk_widget_measure(self->child, orientation, for_size, &child_min, &child_nat, NULL,
                           NULL);
        *minimum = child_min;
        *natural = MAX(child_min, MIN(child_nat, self->maximum_width));
    } else {
        int width = for_size < 0 ? -1 : MIN(for_size, self->maximum_width);

        if (width >= 0) {
            int min_width;

            gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL,
                               NULL, NULL);
            width = MAX(width, min_width);
        }
        gtk_widget_measure(self->child, orientation, width, minimum, natural, NULL, NULL);
    }
}

static void lp_clamp_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    LpClamp *self = LP_CLAMP(widget);
    int min_width;
    int child_width;

    if (self->child == NULL || !gtk_widget_get_visible(self->child))
        return;
    gtk_widget_measure(self->child, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL,
                       NULL);
    child_width = MAX(min_width, MIN(width, self->maximum_width));
    gtk_widget_size_allocate(self->child,
                             &(GtkAllocation){(width - child_width) / 2, 0, child_width, height},
                             -1);
}

static GtkSizeRequestMode lp_clamp_get_request_mode(GtkWidget *widget)
{
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void lp_clamp_dispose(GObject *object)
{
    LpClamp *self = LP_CLAMP(object);

    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(lp_clamp_parent_class)->dispose(object);
}

static void lp_clamp_class_init(LpClampClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = lp_clamp_dispose;
    widget_class->measure = lp_clamp_measure;
    widget_class->size_allocate = lp_clamp_size_allocate;
    widget_class->get_request_mode = lp_clamp_get_request_mode;
    gtk_widget_class_set_css_name(widget_class, "clamp");
}

static void lp_clamp_init(LpClamp *self)
{
    self->maximum_width = 600;
}

GtkWidget *lp_clamp_new(GtkWidget *child, int maximum_width)
{
    LpClamp *self = g_object_new(LP_TYPE_CLAMP, NULL);

    g_return_val_if_fail(GTK_IS_WIDGET(child), NULL);
    self->maximum_width = maximum_width;
    self->child = child;
    gtk_widget_set_parent(child, GTK_WIDGET(self));
    return GTK_WIDGET(self);
}

GtkWidget *lp_clamp_get_child(LpClamp *self)
{
    g_return_val_if_fail(LP_IS_CLAMP(self), NULL);
    return self->child;
}
