/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lp_a11y_stack_show_only(): a page that had the focus is freed with its stack (GTK 4.8 kept
 * a reference to it for each switch away, and a game page's side panel outlived the page:
 * issue 14's memory over 50 games). */
#include <gtk/gtk.h>

#include "lp-a11y.h"

static void iterate(void)
{
    for (int i = 0; i < 20; i++)
        while (g_main_context_iteration(NULL, FALSE))
            ;
}

/* A part of a game page's side panel: a question that holds the focus itself (issue 10),
 * named by its label, and a button. */
static GtkWidget *page_with_button(GtkStack *stack, const char *name, GtkWidget **button)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *label = gtk_label_new(name);
    gtk_widget_set_focusable(box, TRUE);
    gtk_box_append(GTK_BOX(box), label);
    gtk_accessible_update_relation(GTK_ACCESSIBLE(box), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                   label, NULL, -1);
    *button = gtk_button_new_with_label(name);
    gtk_box_append(GTK_BOX(box), *button);
    gtk_stack_add_named(stack, box, name);
    return box;
}

static void test_focused_page_freed(void)
{
    GtkWidget *window = gtk_window_new();
    GtkStack *stack = GTK_STACK(gtk_stack_new());
    GtkWidget *a_button, *b_button;
    GtkWidget *a = page_with_button(stack, "a", &a_button);
    GtkWidget *b = page_with_button(stack, "b", &b_button);
    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(stack));
    gtk_window_present(GTK_WINDOW(window));
    iterate();

    /* As a game page does: each part takes the focus, then the next part is shown. */
    for (int i = 0; i < 5; i++) {
        lp_a11y_stack_show_only(stack, a);
        g_assert_true(gtk_widget_get_visible(a));
        g_assert_false(gtk_widget_get_visible(b));
        g_assert_true(gtk_stack_get_visible_child(stack) == a);
        gtk_widget_grab_focus(i % 2 ? a_button : a);
        iterate();
        lp_a11y_stack_show_only(stack, b);
        g_assert_false(gtk_widget_get_visible(a));
        g_assert_true(gtk_widget_get_visible(b));
        gtk_widget_grab_focus(b_button);
        iterate();
    }
    /* Showing the shown page again keeps its focus. */
    lp_a11y_stack_show_only(stack, b);
    g_assert_true(gtk_root_get_focus(GTK_ROOT(window)) == b_button);

    g_object_add_weak_pointer(G_OBJECT(a), (gpointer *)&a);
    g_object_add_weak_pointer(G_OBJECT(a_button), (gpointer *)&a_button);
    g_object_add_weak_pointer(G_OBJECT(b), (gpointer *)&b);
    gtk_window_destroy(GTK_WINDOW(window));
    iterate();
    g_assert_null(a);
    g_assert_null(a_button);
    g_assert_null(b);
}

int main(int argc, char **argv)
{
    gtk_test_init(&argc, &argv, NULL);
    g_test_add_func("/a11y-stack/focused-page-freed", test_focused_page_freed);
    return g_test_run();
}
