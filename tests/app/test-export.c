/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Save as image…" writes the PNG of what the widget shows, and says clearly when it cannot. */
#include <gtk/gtk.h>

#include "lp-export.h"
#include "lp-test-util.h"

#define WIDTH 120
#define HEIGHT 80

/* Left half red, right half blue: a picture whose pixels the test can check. */
static void draw_halves(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    cairo_set_source_rgb(cr, 1, 0, 0);
    cairo_rectangle(cr, 0, 0, width / 2.0, height);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 1);
    cairo_rectangle(cr, width / 2.0, 0, width / 2.0, height);
    cairo_fill(cr);
}

static gboolean is_mapped(gpointer data)
{
    return gtk_widget_get_mapped(data) && gtk_widget_get_width(data) == WIDTH;
}

static GtkWidget *show_area(GtkWindow **window_out)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *area = gtk_drawing_area_new();

    gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(area), WIDTH);
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(area), HEIGHT);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_halves, NULL, NULL);
    gtk_widget_set_halign(area, GTK_ALIGN_START);
    gtk_widget_set_valign(area, GTK_ALIGN_START);
    gtk_window_set_child(GTK_WINDOW(window), area);
    gtk_window_set_default_size(GTK_WINDOW(window), 300, 200);
    gtk_window_present(GTK_WINDOW(window));
    g_assert_true(lp_test_wait_for(is_mapped, area));
    *window_out = GTK_WINDOW(window);
    return area;
}

/* The pixel at x, y of a PNG file as 0xRRGGBB. */
static guint32 pixel_at(GdkTexture *texture, int x, int y)
{
    int width = gdk_texture_get_width(texture);
    int height = gdk_texture_get_height(texture);
    gsize stride = (gsize)width * 4;
    g_autofree guchar *data = g_malloc(stride * height);

    /* GDK_MEMORY_DEFAULT: B, G, R, A bytes. */
    gdk_texture_download(texture, data, stride);
    const guchar *p = data + (gsize)y * stride + (gsize)x * 4;
    return ((guint32)p[2] << 16) | ((guint32)p[1] << 8) | p[0];
}

static void test_export_writes_png(void)
{
    GtkWindow *window;
    GtkWidget *area = show_area(&window);
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "map.png", NULL);
    g_autoptr(GFile) file = g_file_new_for_path(path);
    g_autoptr(GError) error = NULL;

    g_assert_true(lp_export_widget_png(area, file, &error));
    g_assert_no_error(error);

    /* A real PNG, of the widget's size, showing both halves. */
    g_autofree char *contents = NULL;
    gsize length = 0;
    g_assert_true(g_file_get_contents(path, &contents, &length, NULL));
    g_assert_cmpuint(length, >, 8);
    g_assert_cmpmem(contents, 8, "\x89PNG\r\n\x1a\n", 8);

    g_autoptr(GdkTexture) texture = gdk_texture_new_from_file(file, &error);
    g_assert_no_error(error);
    int scale = gtk_widget_get_scale_factor(area);
    g_assert_cmpint(gdk_texture_get_width(texture), ==, WIDTH * scale);
    g_assert_cmpint(gdk_texture_get_height(texture), ==, HEIGHT * scale);
    g_assert_cmphex(pixel_at(texture, 10 * scale, 40 * scale), ==, 0xff0000);
    g_assert_cmphex(pixel_at(texture, 110 * scale, 40 * scale), ==, 0x0000ff);

    /* Saving again replaces the file. */
    g_assert_true(lp_export_widget_png(area, file, &error));
    g_assert_no_error(error);
    g_assert_cmpuint(lp_test_count_files(dir, "map"), ==, 1);

    gtk_window_destroy(window);
}

static void test_export_errors(void)
{
    GtkWindow *window;
    GtkWidget *area = show_area(&window);
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "no-such-folder", "map.png", NULL);
    g_autoptr(GFile) file = g_file_new_for_path(path);
    g_autoptr(GError) error = NULL;

    /* A folder that does not exist: an error to show, no file, no crash. */
    g_assert_false(lp_export_widget_png(area, file, &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    g_assert_false(g_file_query_exists(file, NULL));
    g_clear_error(&error);

    /* A widget that is not on screen has no picture. */
    GtkWidget *loose = g_object_ref_sink(gtk_label_new("x"));
    g_autofree char *path2 = g_build_filename(dir, "loose.png", NULL);
    g_autoptr(GFile) file2 = g_file_new_for_path(path2);
    g_assert_false(lp_export_widget_png(loose, file2, &error));
    g_assert_nonnull(error);
    g_assert_false(g_file_query_exists(file2, NULL));
    g_object_unref(loose);

    gtk_window_destroy(window);
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/export/writes-png", test_export_writes_png);
    g_test_add_func("/export/errors", test_export_errors);
    return g_test_run();
}
