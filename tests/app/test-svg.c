/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lp-svg: librsvg is opened the first time an SVG is read, not when the program starts
 * (issue 35), and each call draws as librsvg's own does. */
#include "config.h"

#include <string.h>

#include "lp-svg.h"

static const char svg[] =
    "<svg xmlns='http://www.w3.org/2000/svg' width='20' height='20'>"
    "<rect width='20' height='20' fill='#ffffff'/>"
    "<g id='box'><rect x='10' width='10' height='20' fill='#ff0000'/></g>"
    "</svg>";

static gboolean rsvg_is_mapped(void)
{
    g_autofree char *maps = NULL;
    g_assert_true(g_file_get_contents("/proc/self/maps", &maps, NULL, NULL));
    return strstr(maps, "librsvg") != NULL;
}

/* The colour at (x, y) of a 20 × 20 drawing, as 0xRRGGBB. */
static guint32 pixel(cairo_surface_t *surface, int x, int y)
{
    cairo_surface_flush(surface);
    const guint8 *row = cairo_image_surface_get_data(surface) +
                        y * cairo_image_surface_get_stride(surface);
    return ((const guint32 *)row)[x] & 0xffffff;
}

static RsvgHandle *handle_new(void)
{
    g_autoptr(GError) error = NULL;
    RsvgHandle *handle = lp_svg_new_from_data((const guint8 *)svg, strlen(svg), &error);
    g_assert_no_error(error);
    g_assert_nonnull(handle);
    return handle;
}

static void test_opened_on_demand(void)
{
    g_assert_false(rsvg_is_mapped());
    g_autoptr(GObject) handle = G_OBJECT(handle_new());
    g_assert_true(rsvg_is_mapped());
}

static void test_document(void)
{
    g_autoptr(GObject) handle = G_OBJECT(handle_new());
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 20, 20);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, 20, 20};
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_svg_render_document((RsvgHandle *)handle, cr, &viewport, &error));
    g_assert_no_error(error);
    g_assert_cmphex(pixel(surface, 5, 10), ==, 0xffffff);
    g_assert_cmphex(pixel(surface, 15, 10), ==, 0xff0000);

    /* A stylesheet recolours what it names. */
    static const char css[] = "#box rect { fill: #0000ff; }";
    g_assert_true(lp_svg_set_stylesheet((RsvgHandle *)handle, (const guint8 *)css, strlen(css), &error));
    g_assert_no_error(error);
    g_assert_true(lp_svg_render_document((RsvgHandle *)handle, cr, &viewport, &error));
    g_assert_cmphex(pixel(surface, 15, 10), ==, 0x0000ff);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

static void test_layer(void)
{
    g_autoptr(GObject) handle = G_OBJECT(handle_new());
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 20, 20);
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, 20, 20};
    g_autoptr(GError) error = NULL;
    /* Only the layer: the white background stays undrawn (transparent black). */
    g_assert_true(lp_svg_render_layer((RsvgHandle *)handle, cr, "#box", &viewport, &error));
    g_assert_no_error(error);
    g_assert_cmphex(pixel(surface, 5, 10), ==, 0x000000);
    g_assert_cmphex(pixel(surface, 15, 10), ==, 0xff0000);
    g_assert_false(lp_svg_render_layer((RsvgHandle *)handle, cr, "#nothing", &viewport, &error));
    g_assert_nonnull(error);
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

static void test_not_svg(void)
{
    static const char junk[] = "not a picture";
    g_autoptr(GError) error = NULL;
    RsvgHandle *handle = lp_svg_new_from_data((const guint8 *)junk, strlen(junk), &error);
    g_assert_null(handle);
    g_assert_nonnull(error);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    /* First: nothing before it may have read an SVG. */
    g_test_add_func("/svg/opened-on-demand", test_opened_on_demand);
    g_test_add_func("/svg/document", test_document);
    g_test_add_func("/svg/layer", test_layer);
    g_test_add_func("/svg/not-svg", test_not_svg);
    return g_test_run();
}
