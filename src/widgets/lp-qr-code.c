/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A QR code of a text (libqrencode), drawn as crisp squares at whatever size it gets. */
#include "config.h"

#include <qrencode.h>

#include "lp-qr-code.h"

/* The white border a reader needs around the code, in modules (ISO/IEC 18004: 4). */
#define QUIET_ZONE 4
/* Pixels per module it asks for: a phone a metre away reads it. */
#define MODULE_PX 5

struct _LpQrCode {
    GtkWidget parent_instance;

    guint size;      /* modules per side, 0: no code */
    guint8 *modules; /* size × size, 1: dark */
};

G_DEFINE_FINAL_TYPE(LpQrCode, lp_qr_code, GTK_TYPE_WIDGET)

static void lp_qr_code_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                               int *minimum, int *natural, int *minimum_baseline,
                               int *natural_baseline)
{
    LpQrCode *self = LP_QR_CODE(widget);
    int side = self->size > 0 ? (int)(self->size + 2 * QUIET_ZONE) : 0;

    /* No smaller than a camera across the table reads well. */
    *minimum = side * 4;
    *natural = side * MODULE_PX;
}

static void lp_qr_code_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    LpQrCode *self = LP_QR_CODE(widget);
    const GdkRGBA white = { 1, 1, 1, 1 }, black = { 0, 0, 0, 1 };
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    guint side = self->size + 2 * QUIET_ZONE;

    if (self->size == 0)
        return;
    /* Whole pixels per module, so that no edge is blurred; the code sits in the middle.
     * Dark modules on white in dark style too: readers expect it. */
    int px = MAX(1, MIN(width, height) / (int)side);
    float x0 = (float)((width - px * (int)side) / 2), y0 = (float)((height - px * (int)side) / 2);
    gtk_snapshot_append_color(snapshot, &white,
                              &GRAPHENE_RECT_INIT(x0, y0, (float)(px * side), (float)(px * side)));
    for (guint y = 0; y < self->size; y++) {
        /* Runs of dark modules in a row as one rectangle: far fewer nodes. */
        for (guint x = 0; x < self->size;) {
            if (!self->modules[y * self->size + x]) {
                x++;
                continue;
            }
            guint run = x;
            while (run < self->size && self->modules[y * self->size + run])
                run++;
            gtk_snapshot_append_color(
                snapshot, &black,
                &GRAPHENE_RECT_INIT(x0 + (float)(px * (QUIET_ZONE + x)),
                                    y0 + (float)(px * (QUIET_ZONE + y)), (float)(px * (run - x)),
                                    (float)px));
            x = run;
        }
    }
}

static void lp_qr_code_finalize(GObject *object)
{
    LpQrCode *self = LP_QR_CODE(object);

    g_clear_pointer(&self->modules, g_free);
    G_OBJECT_CLASS(lp_qr_code_parent_class)->finalize(object);
}

static void lp_qr_code_class_init(LpQrCodeClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->finalize = lp_qr_code_finalize;
    widget_class->measure = lp_qr_code_measure;
    widget_class->snapshot = lp_qr_code_snapshot;
    gtk_widget_class_set_css_name(widget_class, "qrcode");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void lp_qr_code_init(LpQrCode *self)
{
}

GtkWidget *lp_qr_code_new(void)
{
    return g_object_new(LP_TYPE_QR_CODE, NULL);
}

gboolean lp_qr_code_set_text(LpQrCode *self, const char *text, const char *description)
{
    g_return_val_if_fail(LP_IS_QR_CODE(self), FALSE);

    g_clear_pointer(&self->modules, g_free);
    self->size = 0;
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   description != NULL ? description : "", -1);
    if (text != NULL) {
        /* Level M: a code on a screen is not scratched, but a reflection may hide a part. */
        QRcode *code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
        if (code != NULL) {
            self->size = (guint)code->width;
            self->modules = g_malloc((gsize)self->size * self->size);
            for (guint i = 0; i < self->size * self->size; i++)
                self->modules[i] = code->data[i] & 1;
            QRcode_free(code);
        }
    }
    gtk_widget_queue_resize(GTK_WIDGET(self));
    return text == NULL || self->size > 0;
}

guint lp_qr_code_get_size(LpQrCode *self)
{
    g_return_val_if_fail(LP_IS_QR_CODE(self), 0);
    return self->size;
}

gboolean lp_qr_code_get_module(LpQrCode *self, guint x, guint y)
{
    g_return_val_if_fail(LP_IS_QR_CODE(self), FALSE);
    return x < self->size && y < self->size && self->modules[y * self->size + x];
}
