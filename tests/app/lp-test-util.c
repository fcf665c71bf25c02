/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the shell's widget tests: main-loop turns, widget search, temporary folders. */
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "lp-test-util.h"

static char *data_home;

static void remove_tree(const char *path)
{
    g_autoptr(GDir) dir = g_dir_open(path, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *child = g_build_filename(path, name, NULL);

        if (g_file_test(child, G_FILE_TEST_IS_DIR) && !g_file_test(child, G_FILE_TEST_IS_SYMLINK))
            remove_tree(child);
        else
            g_remove(child);
    }
    g_rmdir(path);
}

static void remove_data_home(void)
{
    if (data_home != NULL)
        remove_tree(data_home);
    g_clear_pointer(&data_home, g_free);
}

void lp_test_init(int *argc, char ***argv)
{
    g_autoptr(GError) error = NULL;

    data_home = g_dir_make_tmp("landpartie-test-XXXXXX", &error);
    g_assert_no_error(error);
    g_setenv("XDG_DATA_HOME", data_home, TRUE);
    atexit(remove_data_home);
    gtk_test_init(argc, argv, NULL);
    g_assert_cmpstr(g_get_user_data_dir(), ==, data_home);
}

void lp_test_iterate(void)
{
    for (int i = 0; i < 10; i++) {
        while (g_main_context_iteration(NULL, FALSE))
            ;
    }
}

gboolean lp_test_wait_for(gboolean (*pred)(gpointer data), gpointer data)
{
    gint64 end = g_get_monotonic_time() + 2 * G_USEC_PER_SEC;

    while (!pred(data) && g_get_monotonic_time() < end) {
        if (!g_main_context_iteration(NULL, FALSE))
            g_usleep(2000);
    }
    return pred(data);
}

GtkWidget *lp_test_find_label(GtkWidget *root, const char *text)
{
    if (GTK_IS_LABEL(root) && gtk_widget_is_visible(root) &&
        strstr(gtk_label_get_text(GTK_LABEL(root)), text) != NULL)
        return root;
    for (GtkWidget *c = gtk_widget_get_first_child(root); c != NULL;
         c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = lp_test_find_label(c, text);

        if (found != NULL)
            return found;
    }
    return NULL;
}

static void collect(GtkWidget *widget, GType type, const char *css_class, GPtrArray *out)
{
    if (G_TYPE_CHECK_INSTANCE_TYPE(widget, type) &&
        (css_class == NULL || gtk_widget_has_css_class(widget, css_class)))
        g_ptr_array_add(out, widget);
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        collect(c, type, css_class, out);
}

GPtrArray *lp_test_find_all(GtkWidget *root, GType type, const char *css_class)
{
    GPtrArray *out = g_ptr_array_new();

    collect(root, type, css_class, out);
    return out;
}

GtkWindow *lp_test_find_toplevel(GType type)
{
    g_autoptr(GListModel) toplevels = g_object_ref(gtk_window_get_toplevels());

    for (guint i = 0; i < g_list_model_get_n_items(toplevels); i++) {
        g_autoptr(GObject) window = g_list_model_get_item(toplevels, i);

        if (G_TYPE_CHECK_INSTANCE_TYPE(window, type))
            return GTK_WINDOW(window);
    }
    return NULL;
}

void lp_test_close_all_windows(void)
{
    GListModel *toplevels = gtk_window_get_toplevels();

    while (g_list_model_get_n_items(toplevels) > 0) {
        g_autoptr(GtkWindow) window = g_list_model_get_item(toplevels, 0);

        gtk_window_destroy(window);
    }
    lp_test_iterate();
}

char *lp_test_make_temp_dir(void)
{
    static guint counter;
    char *dir;

    g_assert_nonnull(data_home);
    dir = g_strdup_printf("%s/dir-%u", data_home, ++counter);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    return dir;
}

guint lp_test_count_files(const char *dir, const char *prefix)
{
    g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
    const char *name;
    guint n = 0;

    while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
        if (g_str_has_prefix(name, prefix))
            n++;
    }
    return n;
}
