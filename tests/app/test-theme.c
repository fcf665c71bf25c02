/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lp-theme: the colours canvases draw with come from the widget's style, in light and dark
 * (STYLE.md), through the one switch between GTK 4.8 and later versions. */
#include <gtk/gtk.h>

#include "lp-theme.h"

static void iterate(void)
{
    for (int i = 0; i < 20; i++)
        while (g_main_context_iteration(NULL, FALSE))
            ;
}

static void assert_colour(const GdkRGBA *c, const char *expected)
{
    GdkRGBA e;
    g_assert_true(gdk_rgba_parse(&e, expected));
    g_autofree char *got = gdk_rgba_to_string(c);
    g_test_message("expected %s, got %s", expected, got);
    g_assert_cmpfloat_with_epsilon(c->red, e.red, 0.5 / 255);
    g_assert_cmpfloat_with_epsilon(c->green, e.green, 0.5 / 255);
    g_assert_cmpfloat_with_epsilon(c->blue, e.blue, 0.5 / 255);
    g_assert_cmpfloat_with_epsilon(c->alpha, e.alpha, 0.5 / 255);
}

static void set_dark(gboolean dark)
{
    g_object_set(gtk_settings_get_default(), "gtk-application-prefer-dark-theme", dark, NULL);
    iterate();
}

/* A label in a shown window, styled by css for the test's display. */
static GtkWidget *styled_label(GtkWidget **window, const char *css)
{
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                               GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
    g_object_unref(provider);
    *window = gtk_window_new();
    GtkWidget *label = gtk_label_new("Buxtehude");
    gtk_window_set_child(GTK_WINDOW(*window), label);
    gtk_window_present(GTK_WINDOW(*window));
    iterate();
    return label;
}

static void test_text_colour(void)
{
    GtkWidget *window;
    GtkWidget *label = styled_label(&window, "label.lp-test-ink { color: #123456; }");
    GdkRGBA c;
    lp_theme_get_color(label, &c);
    GdkRGBA before = c;
    gtk_widget_add_css_class(label, "lp-test-ink");
    iterate();
    lp_theme_get_color(label, &c);
    assert_colour(&c, "#123456");
    g_assert_false(gdk_rgba_equal(&before, &c));
    gtk_window_destroy(GTK_WINDOW(window));
}

static void test_named_colour(void)
{
    GtkWidget *window;
    GtkWidget *label = styled_label(&window, "@define-color lp_test_colour #204060;");
    GdkRGBA c = lp_theme_named_colour(label, "lp_test_colour", "#ffffff");
    assert_colour(&c, "#204060");
    /* A colour the theme does not name: the fallback, the light theme's value. */
    c = lp_theme_named_colour(label, "lp_no_such_colour", "#0a0b0c");
    assert_colour(&c, "#0a0b0c");
    gtk_window_destroy(GTK_WINDOW(window));
}

static void test_luminance(void)
{
    g_assert_cmpfloat_with_epsilon(lp_theme_luminance(&(GdkRGBA){ 0, 0, 0, 1 }), 0.0, 1e-9);
    g_assert_cmpfloat_with_epsilon(lp_theme_luminance(&(GdkRGBA){ 1, 1, 1, 1 }), 1.0, 1e-6);
    /* Green counts most, blue least. */
    double r = lp_theme_luminance(&(GdkRGBA){ 1, 0, 0, 1 });
    double g = lp_theme_luminance(&(GdkRGBA){ 0, 1, 0, 1 });
    double b = lp_theme_luminance(&(GdkRGBA){ 0, 0, 1, 1 });
    g_assert_cmpfloat(g, >, r);
    g_assert_cmpfloat(r, >, b);
    g_assert_cmpfloat(g, >, 0.5);
}

static void test_dark(void)
{
    GtkWidget *window;
    GtkWidget *label = styled_label(&window, "label.lp-test-pale { color: #eeeeee; }");
    set_dark(FALSE);
    g_assert_false(lp_theme_is_dark(label));
    /* GTK's own dark style: its text is light. */
    set_dark(TRUE);
    g_assert_true(lp_theme_is_dark(label));
    set_dark(FALSE);
    g_assert_false(lp_theme_is_dark(label));
    /* The test is of the text colour, whatever gives it. */
    gtk_widget_add_css_class(label, "lp-test-pale");
    iterate();
    g_assert_true(lp_theme_is_dark(label));
    gtk_window_destroy(GTK_WINDOW(window));
}

int main(int argc, char **argv)
{
    gtk_test_init(&argc, &argv, NULL);
    g_test_add_func("/theme/text-colour", test_text_colour);
    g_test_add_func("/theme/named-colour", test_named_colour);
    g_test_add_func("/theme/luminance", test_luminance);
    g_test_add_func("/theme/dark", test_dark);
    return g_test_run();
}
