/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Card pictures for Auf Achse: the faces of resources/aufachse/aa-cards.svg rendered by id,
 * cached per face and size. */
#include "config.h"

#include "aa-card-art.h"

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "aa-card.h"

#define CARDS_RESOURCE "/io/github/landpartie/Landpartie/aufachse/aa-cards.svg"

static RsvgHandle *load_handle(void)
{
    static RsvgHandle *handle;
    if (handle == NULL) {
        g_autoptr(GError) error = NULL;
        g_autoptr(GBytes) bytes = g_resources_lookup_data(CARDS_RESOURCE, 0, &error);
        if (bytes != NULL) {
            gsize size;
            const guint8 *data = g_bytes_get_data(bytes, &size);
            handle = rsvg_handle_new_from_data(data, size, &error);
        }
        if (handle == NULL)
            g_critical("cannot load the Auf Achse cards: %s", error->message);
    }
    return handle;
}

/* aa-cards.svg lays the faces out in a grid of 100 × 140 cells, six per row, in this
 * order: 10 … 120, rest, +1, +2, −1, −50, back. */
#define SHEET_COLUMNS 6
#define SHEET_ROWS 3

static int cell_index(int face)
{
    switch (face) {
    case AA_CARD_ART_BACK:
        return 17;
    case AA_FACE_REST:
        return 12;
    case AA_FACE_PLUS1:
        return 13;
    case AA_FACE_PLUS2:
        return 14;
    case AA_FACE_MINUS1:
        return 15;
    case AA_FACE_MINUS50:
        return 16;
    default:
        g_return_val_if_fail(face >= 10 && face <= 120 && face % 10 == 0, 17);
        return face / 10 - 1;
    }
}

static const char *element_id(int face)
{
    static const char *const ids[] = {
        "#card-10", "#card-20", "#card-30", "#card-40", "#card-50", "#card-60",
        "#card-70", "#card-80", "#card-90", "#card-100", "#card-110", "#card-120",
        "#card-rest", "#card-plus1", "#card-plus2", "#card-minus1", "#card-minus50",
        "#card-back",
    };
    return ids[cell_index(face)];
}

GdkTexture *aa_card_art_texture(int face, int width)
{
    static GHashTable *cache;
    if (cache == NULL)
        cache = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
    gint64 key = (gint64)face * 65536 + (width & 0xffff);
    GdkTexture *texture = g_hash_table_lookup(cache, &key);
    if (texture != NULL)
        return texture;

    int height = (int)(width * 1.4 + 0.5);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    RsvgHandle *handle = load_handle();
    if (handle != NULL) {
        /* Render the card's layer with the whole sheet scaled so that its cell fills the
         * texture: exact card bounds, whatever the ink of the drawing inside. */
        int cell = cell_index(face);
        RsvgRectangle viewport = {-(cell % SHEET_COLUMNS) * (double)width,
                                  -(cell / SHEET_COLUMNS) * (double)height,
                                  SHEET_COLUMNS * (double)width, SHEET_ROWS * (double)height};
        g_autoptr(GError) error = NULL;
        if (!rsvg_handle_render_layer(handle, cr, element_id(face), &viewport, &error))
            g_critical("cannot draw card %s: %s", element_id(face), error->message);
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    g_autoptr(GBytes) bytes = g_bytes_new(cairo_image_surface_get_data(surface),
                                          (gsize)cairo_image_surface_get_stride(surface) * height);
    texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes,
                                     cairo_image_surface_get_stride(surface));
    cairo_surface_destroy(surface);
    gint64 *k = g_new(gint64, 1);
    *k = key;
    g_hash_table_insert(cache, k, texture);
    return texture;
}

/* Rendered at the size it is shown, times the screen's scale: sharp on HiDPI screens without
 * rasterising four times the pixels on the others. */
static void update_texture(GtkWidget *picture)
{
    int face = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(picture), "aa-card-face"));
    int width = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(picture), "aa-card-width"));
    int scale = MAX(gtk_widget_get_scale_factor(picture), 1);
    GdkPaintable *texture = GDK_PAINTABLE(aa_card_art_texture(face, width * scale));
    if (gtk_picture_get_paintable(GTK_PICTURE(picture)) != texture)
        gtk_picture_set_paintable(GTK_PICTURE(picture), texture);
}

GtkWidget *aa_card_art_picture(int face, int width)
{
    GtkWidget *picture = gtk_picture_new();
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    gtk_widget_set_size_request(picture, width, (int)(width * 1.4 + 0.5));
    gtk_widget_add_css_class(picture, "aa-card");
    g_object_set_data(G_OBJECT(picture), "aa-card-width", GINT_TO_POINTER(width));
    aa_card_art_picture_set_face(picture, face);
    g_signal_connect(picture, "notify::scale-factor", G_CALLBACK(update_texture), NULL);
    return picture;
}

void aa_card_art_picture_set_face(GtkWidget *picture, int face)
{
    g_return_if_fail(GTK_IS_PICTURE(picture));
    g_object_set_data(G_OBJECT(picture), "aa-card-face", GINT_TO_POINTER(face));
    update_texture(picture);
}

char *aa_card_art_name(int face)
{
    if (face == AA_CARD_ART_BACK)
        return g_strdup(_("Face-down card"));
    return aa_face_name(face);
}

char *aa_card_art_effect(int face)
{
    switch (face) {
    case AA_FACE_REST:
        return g_strdup(_("Rest: no effect, it goes to the discard pile."));
    case AA_FACE_PLUS1:
        return g_strdup(_("Free passage: everyone adds one more card to their route."));
    case AA_FACE_PLUS2:
        return g_strdup(_("Step on the gas: everyone adds two more cards to their route."));
    case AA_FACE_MINUS1:
        return g_strdup(_("Obstacle: everyone loses the last card of their route."));
    case AA_FACE_MINUS50:
        return g_strdup(_("Lost cargo: the counter goes back 50 km."));
    default:
        /* Translators: a kilometre card turned over on the counter. */
        return g_strdup_printf(_("%d km: added to the counter."), face);
    }
}
