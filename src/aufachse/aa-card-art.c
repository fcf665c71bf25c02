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

static const char *element_id(int face)
{
    static char ids[16][16];
    switch (face) {
    case AA_CARD_ART_BACK:
        return "#card-back";
    case AA_FACE_REST:
        return "#card-rest";
    case AA_FACE_PLUS1:
        return "#card-plus1";
    case AA_FACE_PLUS2:
        return "#card-plus2";
    case AA_FACE_MINUS1:
        return "#card-minus1";
    case AA_FACE_MINUS50:
        return "#card-minus50";
    default: {
        guint i = face / 10;
        g_return_val_if_fail(i >= 1 && i <= 12, "#card-back");
        if (ids[i][0] == '\0')
            g_snprintf(ids[i], sizeof ids[i], "#card-%d", face);
        return ids[i];
    }
    }
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
        RsvgRectangle viewport = {0, 0, width, height};
        g_autoptr(GError) error = NULL;
        if (!rsvg_handle_render_element(handle, cr, element_id(face), &viewport, &error))
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

GtkWidget *aa_card_art_picture(int face, int width)
{
    /* Render at twice the size so that the card stays sharp on HiDPI screens. */
    GtkWidget *picture = gtk_picture_new_for_paintable(
        GDK_PAINTABLE(aa_card_art_texture(face, width * 2)));
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    gtk_widget_set_size_request(picture, width, (int)(width * 1.4 + 0.5));
    gtk_widget_add_css_class(picture, "aa-card");
    return picture;
}

char *aa_card_art_name(int face)
{
    switch (face) {
    case AA_CARD_ART_BACK:
        return g_strdup(_("Face-down card"));
    case AA_FACE_REST:
        return g_strdup(_("Rest"));
    case AA_FACE_PLUS1:
        return g_strdup(_("Free passage (+1)"));
    case AA_FACE_PLUS2:
        return g_strdup(_("Step on the gas (+2)"));
    case AA_FACE_MINUS1:
        return g_strdup(_("Obstacle (−1)"));
    case AA_FACE_MINUS50:
        return g_strdup(_("Lost cargo (−50 km)"));
    default:
        /* Translators: a kilometre card, e.g. "80 km". */
        return g_strdup_printf(_("%d km"), face);
    }
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
