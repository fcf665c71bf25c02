/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Build-time tool: renders a start-page tile SVG to a PNG at the size the SVG gives, as
 * GTK's SVG loader would at start-up, so the start page decodes a small PNG instead of
 * rasterising SVGs before its first frame (issue 14). Usage: render-tile IN.svg OUT.png */
#include <librsvg/rsvg.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    g_autoptr(GError) error = NULL;
    if (argc != 3) {
        fprintf(stderr, "usage: render-tile IN.svg OUT.png\n");
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
    gboolean ok = pixbuf != NULL && gdk_pixbuf_save(pixbuf, argv[2], "png", &error, NULL);
    g_clear_object(&pixbuf);
    if (!ok) {
        fprintf(stderr, "render-tile: %s: %s\n", argv[2],
                error != NULL ? error->message : "nothing rendered");
        return 1;
    }
    return 0;
}
