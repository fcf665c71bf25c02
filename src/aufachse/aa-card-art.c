/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Card pictures for Auf Achse: the faces of resources/aufachse/aa-cards.svg rendered by id,
 * cached per face and size. */
#include "config.h"

#include "aa-card-art.h"

#include <glib/gi18n.h>
#include "lp-svg.h"
#include <math.h>

#include "aa-card.h"
#include "aa-layout.h"

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
            handle = lp_svg_new_from_data(data, size, &error);
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

/* Sizes follow the window and the length of the routes, so most sizes are left behind; a
 * count of entries bounds nothing useful (512 hand-sized cards are 44 MB). The cache keeps
 * the most recently used textures within a budget of bytes: a hand and five route rows in
 * all faces need about 3 MB. What is on screen holds its own reference. */
#define CACHE_BYTES (6 * 1024 * 1024)

/* The texture and the cairo surface share one picture: the texture's bytes are the
 * surface's pixels. The GL renderer keeps a texture on the GPU; the cairo renderer (GTK 4.8)
 * would convert a texture's every pixel through floats on every frame it draws it, but it
 * copies a surface of its own format as it is. */
typedef struct {
    gint64 key;
    GdkTexture *texture;
    cairo_surface_t *surface;
    gsize bytes;
} CacheEntry;

typedef struct {
    GHashTable *by_key; /* key → its link in lru */
    GQueue lru;         /* CacheEntry, most recently used first */
    gsize bytes;
} Cache;

static void cache_drop_oldest(Cache *cache)
{
    CacheEntry *e = g_queue_pop_tail(&cache->lru);
    g_hash_table_remove(cache->by_key, &e->key);
    cache->bytes -= e->bytes;
    g_object_unref(e->texture);
    cairo_surface_destroy(e->surface);
    g_free(e);
}

static CacheEntry *cache_add(Cache *cache, gint64 key, GdkTexture *texture,
                             cairo_surface_t *surface, gsize bytes)
{
    while (cache->bytes + bytes > CACHE_BYTES && cache->lru.length > 0)
        cache_drop_oldest(cache);
    CacheEntry *e = g_new(CacheEntry, 1);
    *e = (CacheEntry){ key, texture, surface, bytes };
    g_queue_push_head(&cache->lru, e);
    g_hash_table_insert(cache->by_key, &e->key, cache->lru.head);
    cache->bytes += bytes;
    return e;
}

/* The cache's entry for face at width pixels, drawn now if it is not there. */
static const CacheEntry *card_art(int face, int width)
{
    static Cache cache;
    if (cache.by_key == NULL)
        cache.by_key = g_hash_table_new(g_int64_hash, g_int64_equal);
    gint64 key = (gint64)face * 65536 + (width & 0xffff);
    GList *link = g_hash_table_lookup(cache.by_key, &key);
    if (link != NULL) {
        g_queue_unlink(&cache.lru, link);
        g_queue_push_head_link(&cache.lru, link);
        return link->data;
    }

    int height = aa_layout_card_height(width);
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
        if (!lp_svg_render_layer(handle, cr, element_id(face), &viewport, &error))
            g_critical("cannot draw card %s: %s", element_id(face), error->message);
    }
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    /* The surface is not drawn on again: the texture may share its pixels. */
    g_autoptr(GBytes) bytes = g_bytes_new_with_free_func(
        cairo_image_surface_get_data(surface),
        (gsize)cairo_image_surface_get_stride(surface) * height,
        (GDestroyNotify)cairo_surface_destroy, cairo_surface_reference(surface));
    GdkTexture *texture = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes,
                                                 cairo_image_surface_get_stride(surface));
    return cache_add(&cache, key, texture, surface, g_bytes_get_size(bytes));
}

GdkTexture *aa_card_art_texture(int face, int width)
{
    return card_art(face, width)->texture;
}

/* A card drawn at whatever size it is given (keeping its 1 : 1.4 shape, centred): route rows
 * and the hand scale their cards to the space they have. The texture is rendered at exactly
 * the shown size times the screen's scale and drawn at whole pixels, so that the renderer
 * copies it instead of scaling it (the cairo renderer would scale every card every frame). */
struct _AaCardView {
    GtkWidget parent_instance;
    int face;
    int width;      /* the size asked for; the allocation may be larger or smaller */
};

G_DECLARE_FINAL_TYPE(AaCardView, aa_card_view, AA, CARD_VIEW, GtkWidget)
G_DEFINE_FINAL_TYPE(AaCardView, aa_card_view, GTK_TYPE_WIDGET)

static void aa_card_view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    AaCardView *self = AA_CARD_VIEW(widget);
    int size = orientation == GTK_ORIENTATION_HORIZONTAL ? self->width
                                                         : aa_layout_card_height(self->width);
    *minimum = *natural = size;
}

static void aa_card_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    AaCardView *self = AA_CARD_VIEW(widget);
    int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    int scale = MAX(gtk_widget_get_scale_factor(widget), 1);
    int pixels = (int)(MIN((double)w, h / AA_CARD_ASPECT) * scale);
    if (pixels < 1)
        return;
    const CacheEntry *art = card_art(self->face, pixels);
    double cw = (double)pixels / scale;
    double ch = (double)gdk_texture_get_height(art->texture) / scale;
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(floor((w - cw) / 2), floor((h - ch) / 2), cw, ch);
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native != NULL ? gtk_native_get_renderer(native) : NULL;
    if (renderer == NULL || !GSK_IS_CAIRO_RENDERER(renderer)) {
        gtk_snapshot_append_texture(snapshot, art->texture, &bounds);
        return;
    }
    /* The cairo renderer: the surface, pixel for pixel (see CacheEntry). */
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &bounds);
    cairo_translate(cr, bounds.origin.x, bounds.origin.y);
    cairo_scale(cr, 1.0 / scale, 1.0 / scale);
    cairo_set_source_surface(cr, art->surface, 0, 0);
    cairo_paint(cr);
    cairo_destroy(cr);
}

static void aa_card_view_class_init(AaCardViewClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = aa_card_view_measure;
    widget_class->snapshot = aa_card_view_snapshot;
    gtk_widget_class_set_css_name(widget_class, "aa-card");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void aa_card_view_init(AaCardView *self)
{
    self->face = AA_CARD_ART_BACK;
}

GtkWidget *aa_card_art_picture(int face, int width)
{
    AaCardView *self = g_object_new(aa_card_view_get_type(), NULL);
    self->width = MAX(width, 1);
    self->face = face;
    gtk_widget_add_css_class(GTK_WIDGET(self), "aa-card");
    return GTK_WIDGET(self);
}

void aa_card_art_picture_set_face(GtkWidget *picture, int face)
{
    g_return_if_fail(AA_IS_CARD_VIEW(picture));
    AaCardView *self = AA_CARD_VIEW(picture);
    if (self->face == face)
        return;
    self->face = face;
    gtk_widget_queue_draw(picture);
}

void aa_card_art_picture_set_width(GtkWidget *picture, int width)
{
    g_return_if_fail(AA_IS_CARD_VIEW(picture));
    AaCardView *self = AA_CARD_VIEW(picture);
    width = MAX(width, 1);
    if (self->width == width)
        return;
    self->width = width;
    gtk_widget_queue_resize(picture);
}

char *aa_card_art_name(int face)
{
    if (face == AA_CARD_ART_BACK)
        return g_strdup(_("Face-down card"));
    return aa_face_name(face);
}
