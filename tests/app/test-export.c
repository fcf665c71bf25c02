/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "Save as image…" writes the PNG of what the widget shows, and says clearly when it cannot. */
#include <glib/gstdio.h>
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

#if !GTK_CHECK_VERSION(4, 10, 0)
static GtkWindow *find_toplevel(GType type)
{
    GListModel *toplevels = gtk_window_get_toplevels();

    for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
        g_autoptr(GtkWindow) w = g_list_model_get_item(toplevels, i);
        if (G_TYPE_CHECK_INSTANCE_TYPE(w, type) && gtk_widget_get_visible(GTK_WIDGET(w)))
            return w;
    }
    return NULL;
}

static gboolean chooser_shown(gpointer data)
{
    return find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

static gboolean chooser_has_file(gpointer data)
{
    GtkWindow *chooser = find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    g_autoptr(GFile) chosen = chooser != NULL ? gtk_file_chooser_get_file(GTK_FILE_CHOOSER(chooser))
                                              : NULL;
    G_GNUC_END_IGNORE_DEPRECATIONS
    return chosen != NULL && g_file_equal(chosen, data);
}

static gboolean chooser_in_folder(gpointer data)
{
    GtkWindow *chooser = find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    g_autoptr(GFile) folder =
        chooser != NULL ? gtk_file_chooser_get_current_folder(GTK_FILE_CHOOSER(chooser)) : NULL;
    G_GNUC_END_IGNORE_DEPRECATIONS
    return folder != NULL && g_file_equal(folder, data);
}

static gboolean message_shown(gpointer data)
{
    return find_toplevel(g_type_from_name("LpMessageDialog")) != NULL;
}

static gboolean file_exists(gpointer data)
{
    return g_file_test(data, G_FILE_TEST_EXISTS);
}

/* The interactive way: the picture is taken, a save chooser asks where (GTK 4.8 without a
 * portal shows its own dialog, which the test can answer), and the PNG lands there. */
static void test_export_chooser(void)
{
    GtkWindow *window;
    GtkWidget *area = show_area(&window);
    g_autofree char *dir = lp_test_make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "family-chat.png", NULL);

    g_assert_cmpint(g_mkdir_with_parents(g_get_home_dir(), 0700), ==, 0);
    lp_export_widget_png_async(area, window, "family-chat.png");
    g_assert_true(lp_test_wait_for(chooser_shown, NULL));
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GtkWindow *chooser = find_toplevel(GTK_TYPE_FILE_CHOOSER_DIALOG);
    g_assert_true(gtk_window_get_transient_for(chooser) == window);
    g_autofree char *name = gtk_file_chooser_get_current_name(GTK_FILE_CHOOSER(chooser));
    g_assert_cmpstr(name, ==, "family-chat.png");
    /* It opens in the home folder (the test's has no Pictures folder), not wherever the
     * program was started. */
    g_autoptr(GFile) home = g_file_new_for_path(g_get_home_dir());
    g_assert_true(lp_test_wait_for(chooser_in_folder, home));
    g_autoptr(GFile) target = g_file_new_for_path(path);
    g_autoptr(GFile) folder = g_file_new_for_path(dir);
    g_assert_true(gtk_file_chooser_set_current_folder(GTK_FILE_CHOOSER(chooser), folder, NULL));
    /* The chooser changes its folder when it has loaded it. */
    g_assert_true(lp_test_wait_for(chooser_in_folder, folder));
    /* As a person may type it: the whole path. */
    gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(chooser), path);
    g_assert_true(lp_test_wait_for(chooser_has_file, target));
    gtk_dialog_response(GTK_DIALOG(chooser), GTK_RESPONSE_ACCEPT);
    G_GNUC_END_IGNORE_DEPRECATIONS
    g_assert_true(lp_test_wait_for(file_exists, path));
    g_autoptr(GFile) file = g_file_new_for_path(path);
    g_autoptr(GError) error = NULL;
    g_autoptr(GdkTexture) texture = gdk_texture_new_from_file(file, &error);
    g_assert_no_error(error);
    g_assert_cmphex(pixel_at(texture, 10, 40), ==, 0xff0000);

    /* A widget with nothing on screen: a message says so, and no chooser asks in vain. */
    GtkWidget *loose = g_object_ref_sink(gtk_label_new("x"));
    lp_export_widget_png_async(loose, window, "x.png");
    g_assert_true(lp_test_wait_for(message_shown, NULL));
    g_assert_false(chooser_shown(NULL));
    g_object_unref(loose);
    lp_test_close_all_windows();
}
#endif

int main(int argc, char **argv)
{
    /* The file chooser reads GTK's own settings schema, which the isolated folders of the
     * test hide: add the system's schema folders to the build's. */
    GString *schemas = g_string_new(g_getenv("GSETTINGS_SCHEMA_DIR"));
    for (const char *const *d = g_get_system_data_dirs(); *d != NULL; d++) {
        g_autofree char *dir = g_build_filename(*d, "glib-2.0", "schemas", NULL);
        g_string_append_printf(schemas, "%s%s", schemas->len > 0 ? ":" : "", dir);
    }
    g_setenv("GSETTINGS_SCHEMA_DIR", schemas->str, TRUE);
    g_string_free(schemas, TRUE);
    lp_test_init(&argc, &argv);
    g_test_add_func("/export/writes-png", test_export_writes_png);
    g_test_add_func("/export/errors", test_export_errors);
#if !GTK_CHECK_VERSION(4, 10, 0)
    g_test_add_func("/export/chooser", test_export_chooser);
#endif
    return g_test_run();
}
