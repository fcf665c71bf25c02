/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Auf Achse style sheet against the theme the app ships with (GTK's own, in its light,
 * dark and high-contrast variants): it parses without a warning, every colour it names is
 * one the theme defines (a rule naming an undefined colour draws nothing: the picked hand
 * card once had no highlight at all), and it hard-codes no colour of its own. */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#define CSS_RESOURCE "/io/github/landpartie/Landpartie/aufachse/aa-page.css"

static void on_parsing_error(GtkCssProvider *provider, GtkCssSection *section,
                             const GError *error, gpointer data)
{
    g_autofree char *where = gtk_css_section_to_string(section);
    g_error("aa-page.css: %s: %s", where, error->message);
}

/* The sheet without its comments. */
static char *css_text(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) bytes = g_resources_lookup_data(CSS_RESOURCE, 0, &error);
    g_assert_no_error(error);
    g_autofree char *css = g_strndup(g_bytes_get_data(bytes, NULL), g_bytes_get_size(bytes));
    GString *out = g_string_new(NULL);
    for (const char *p = css; *p != '\0';) {
        if (g_str_has_prefix(p, "/*")) {
            const char *end = strstr(p + 2, "*/");
            g_assert_nonnull(end);
            p = end + 2;
        } else {
            g_string_append_c(out, *p++);
        }
    }
    return g_string_free(out, FALSE);
}

/* The @names the sheet uses. */
static GPtrArray *colour_names(const char *css)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    for (const char *p = strchr(css, '@'); p != NULL; p = strchr(p + 1, '@')) {
        const char *end = p + 1;
        while (g_ascii_isalnum(*end) || *end == '_' || *end == '-')
            end++;
        g_autofree char *name = g_strndup(p + 1, end - p - 1);
        if (*name != '\0' && !g_ptr_array_find_with_equal_func(names, name, g_str_equal, NULL))
            g_ptr_array_add(names, g_steal_pointer(&name));
    }
    return names;
}

/* Whether the theme in use defines @name. GTK has no other way to ask; the style context is
 * deprecated from GTK 4.10 on, but answers there too. */
static gboolean theme_defines(const char *name)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *label = gtk_label_new("x");
    gtk_window_set_child(GTK_WINDOW(window), label);
    GdkRGBA rgba;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gboolean defined = gtk_style_context_lookup_color(gtk_widget_get_style_context(label), name,
                                                      &rgba);
    G_GNUC_END_IGNORE_DEPRECATIONS
    gtk_window_destroy(GTK_WINDOW(window));
    return defined;
}

static void test_parses(void)
{
    GtkCssProvider *provider = gtk_css_provider_new();
    g_signal_connect(provider, "parsing-error", G_CALLBACK(on_parsing_error), NULL);
    gtk_css_provider_load_from_resource(provider, CSS_RESOURCE);
    g_assert_finalize_object(provider);
}

static void test_probe_works(void)
{
    /* The probe itself tells a defined colour from an undefined one. */
    g_assert_true(theme_defines("theme_fg_color"));
    g_assert_false(theme_defines("accent_bg_color"));
}

static void test_theme_colours(gconstpointer data)
{
    const char *variant = data;
    GtkSettings *settings = gtk_settings_get_default();
    g_object_set(settings, "gtk-theme-name", variant, NULL);
    g_autofree char *css = css_text();
    g_autoptr(GPtrArray) names = colour_names(css);
    g_assert_cmpuint(names->len, >, 0);
    for (guint i = 0; i < names->len; i++) {
        if (!theme_defines(names->pdata[i]))
            g_error("aa-page.css names @%s, which the %s theme does not define",
                    (char *)names->pdata[i], variant);
    }
    g_object_set(settings, "gtk-theme-name", "Default", NULL);
}

static void test_no_fixed_colours(void)
{
    /* Hex colours and rgb() would stay the same in the dark and high-contrast styles. */
    g_autofree char *css = css_text();
    g_auto(GStrv) lines = g_strsplit(css, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++) {
        const char *line = lines[i];
        const char *hash = strchr(line, '#');
        if (hash != NULL && g_ascii_isxdigit(hash[1]))
            g_error("aa-page.css line %u hard-codes a colour: %s", i + 1, line);
        if (strstr(line, "rgb(") != NULL || strstr(line, "rgba(") != NULL)
            g_error("aa-page.css line %u hard-codes a colour: %s", i + 1, line);
    }
}

int main(int argc, char **argv)
{
    gtk_test_init(&argc, &argv, NULL);
    g_test_add_func("/aufachse/css/parses", test_parses);
    g_test_add_func("/aufachse/css/probe-works", test_probe_works);
    g_test_add_data_func("/aufachse/css/theme-colours/light", "Default", test_theme_colours);
    g_test_add_data_func("/aufachse/css/theme-colours/dark", "Default-dark",
                         test_theme_colours);
    g_test_add_data_func("/aufachse/css/theme-colours/high-contrast", "Default-hc",
                         test_theme_colours);
    g_test_add_func("/aufachse/css/no-fixed-colours", test_no_fixed_colours);
    return g_test_run();
}
