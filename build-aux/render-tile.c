/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Build-time tool: renders a start-page tile SVG at the size the SVG gives, as GTK's SVG
 * loader would at start-up, so the start page does not rasterise SVGs before its first frame
 * (issue 14). OUT.tile holds the pixels ready to draw (issue 35: decoding the three PNGs
 * took some 2 ms of every start): the 8 bytes "LPTILE\0\1", the width and height as 32-bit
 * little-endian numbers, then the rows, 4 bytes a pixel, B G R A premultiplied
 * (GDK_MEMORY_B8G8R8A8_PREMULTIPLIED: cairo's own ARGB32 on little-endian machines).
 * Usage: render-tile IN.svg OUT.tile|OUT.png */
#include <librsvg/rsvg.h>
#include <stdio.h>
#include <string.h>

static gboolean save_tile(GdkPixbuf *pixbuf, const char *path, GError **error)
{
    int w = gdk_pixbuf_get_width(pixbuf), h = gdk_pixbuf_get_height(pixbuf);
    int n = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    const guint8 *px = gdk_pixbuf_read_pixels(pixbuf);
    gboolean alpha = gdk_pixbuf_get_has_alpha(pixbuf);
    GByteArray *out = g_byte_array_sized_new(16 + (guint)(w * h * 4));
    guint8 head[16] = {'L', 'P', 'T', 'I', 'L', 'E', 0, 1};
    for (int i = 0; i < 4; i++) {
        head[8 + i] = (guint8)((guint32)w >> (8 * i));
        head[12 + i] = (guint8)((guint32)h >> (8 * i));
    }
    g_byte_array_append(out, head, sizeof head);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            const guint8 *p = px + y * stride + x * n;
            guint a = alpha ? p[3] : 255;
            guint8 bgra[4] = {(guint8)((p[2] * a + 127) / 255), (guint8)((p[1] * a + 127) / 255),
                              (guint8)((p[0] * a + 127) / 255), (guint8)a};
            g_byte_array_append(out, bgra, 4);
        }
    }
    gboolean ok = g_file_set_contents(path, (const char *)out->data, out->len, error);
    g_byte_array_unref(out);
    return ok;
}

int main(int argc, char **argv)
{
    g_autoptr(GError) error = NULL;
    if (argc != 3) {
        fprintf(stderr, "usage: render-tile IN.svg OUT.tile|OUT.png\n");
        return 2;
    }
    RsvgHandle *handle = rsvg_handle_new_from_file(argv[1], &error);
    if (handle == NULL) {
        fprintf(stderr, "render-tile: %s: %s\n", argv[1], error->message);
        return 1;
    }
    /* The same pixels as the SVG loader: rsvg_handle_get_pixbuf at the intrinsic size. */
    GdkPixbuf *pixbuf = rsvg_handle_get_pixbuf(handle);
    g_object_unref(handle);
    gboolean ok = pixbuf != NULL && (g_str_has_suffix(argv[2], ".tile")
                                         ? save_tile(pixbuf, argv[2], &error)
                                         : gdk_pixbuf_save(pixbuf, argv[2], "png", &error, NULL));
    g_clear_object(&pixbuf);
    if (!ok) {
        fprintf(stderr, "render-tile: %s: %s\n", argv[2],
                error != NULL ? error->message : "nothing rendered");
        return 1;
    }
    return 0;
}
