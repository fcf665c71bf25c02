/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the shell's widget tests: main-loop turns, widget search, temporary folders. */
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "lp-test-util.h"

void lp_test_init(int *argc, char ***argv)
{
    /* Each test case gets private XDG folders that GLib removes afterwards, so no test
     * touches the user's saved games or sees another test's files. gtk_test_init() would
     * drop the option (GTK 4.8 calls g_test_init without its varargs), so GLib and GTK are
     * set up here one after the other: GTK first, so that it finds the session's buses
     * before the runtime folder is replaced. */
    gtk_init();
    /* The isolated folders hide the system's MIME database, without which GTK cannot tell
     * an SVG picture from any other file: keep reading the real one. */
    const char *const *system_dirs = g_get_system_data_dirs();
    g_autoptr(GPtrArray) mime_dirs = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; system_dirs[i] != NULL; i++)
        g_ptr_array_add(mime_dirs, g_build_filename(system_dirs[i], "mime", NULL));
    g_ptr_array_add(mime_dirs, NULL);
    g_test_init(argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_content_type_set_mime_dirs((const char *const *)mime_dirs->pdata);
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

char *lp_test_without_isolates(const char *text)
{
    g_autoptr(GString) out = g_string_new(text);
    g_string_replace(out, "\u2068", "", 0);
    g_string_replace(out, "\u2069", "", 0);
    g_string_replace(out, "\u200E", "", 0);
    return g_string_free(g_steal_pointer(&out), FALSE);
}

GtkWidget *lp_test_find_label(GtkWidget *root, const char *text)
{
    if (GTK_IS_LABEL(root) && gtk_widget_is_visible(root)) {
        g_autofree char *shown = lp_test_without_isolates(gtk_label_get_text(GTK_LABEL(root)));
        g_autofree char *wanted = lp_test_without_isolates(text);
        if (strstr(shown, wanted) != NULL)
            return root;
    }
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

    dir = g_strdup_printf("%s/dir-%u", g_get_user_data_dir(), ++counter);
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

/* GTK 4.8 has no getter for accessible properties; its test API returns the actual value
 * when it differs from the one asked for. */
static void collect_text(GtkWidget *widget, GString *out)
{
    if (GTK_IS_LABEL(widget))
        g_string_append_printf(out, "%s\n", gtk_label_get_text(GTK_LABEL(widget)));
    if (GTK_IS_EDITABLE(widget))
        g_string_append_printf(out, "%s\n", gtk_editable_get_text(GTK_EDITABLE(widget)));
    const char *tooltip = gtk_widget_get_tooltip_text(widget);
    if (tooltip != NULL)
        g_string_append_printf(out, "%s\n", tooltip);
    const GtkAccessibleProperty props[] = { GTK_ACCESSIBLE_PROPERTY_LABEL,
                                            GTK_ACCESSIBLE_PROPERTY_DESCRIPTION };
    for (guint i = 0; i < G_N_ELEMENTS(props); i++) {
        if (!gtk_test_accessible_has_property(GTK_ACCESSIBLE(widget), props[i]))
            continue;
        g_autofree char *value = gtk_test_accessible_check_property(GTK_ACCESSIBLE(widget),
                                                                    props[i], "\x01");
        if (value != NULL)
            g_string_append_printf(out, "%s\n", value);
    }
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        collect_text(c, out);
}

char *lp_test_widget_text(GtkWidget *root)
{
    GString *out = g_string_new(NULL);
    collect_text(root, out);
    g_autofree char *all = g_string_free(out, FALSE);
    return lp_test_without_isolates(all);
}
