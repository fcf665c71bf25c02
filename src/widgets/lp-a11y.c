/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Accessibility helpers shared by the shell's widgets. */
#include "lp-a11y.h"

char *lp_a11y_strip_mnemonic(const char *label)
{
    GString *out = g_string_new(NULL);

    g_return_val_if_fail(label != NULL, NULL);
    for (const char *p = label; *p != '\0'; p++) {
        if (*p == '_') {
            if (p[1] == '_')
                g_string_append_c(out, '_');
            if (p[1] == '_')
                p++;
            continue;
        }
        g_string_append_c(out, *p);
    }
    return g_string_free(out, FALSE);
}

void lp_a11y_fix_mnemonic_button(GtkButton *button)
{
    const char *label;
    g_autofree char *clean = NULL;

    g_return_if_fail(GTK_IS_BUTTON(button));
    label = gtk_button_get_label(button);
    if (label == NULL)
        return;
    clean = gtk_button_get_use_underline(button) ? lp_a11y_strip_mnemonic(label)
                                                 : g_strdup(label);
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, clean,
                                   -1);
}

static void hide_inactive_now(GtkStack *stack)
{
    GtkWidget *shown = gtk_stack_get_visible_child(stack);

    /* Hiding the page a transition fades out would cut the transition short. */
    if (gtk_stack_get_transition_running(stack))
        return;
    for (GtkWidget *child = gtk_widget_get_first_child(GTK_WIDGET(stack)); child != NULL;
         child = gtk_widget_get_next_sibling(child)) {
        if (child != shown && gtk_widget_get_visible(child))
            gtk_widget_set_visible(child, FALSE);
    }
}

static gboolean hide_inactive_idle(gpointer data)
{
    GtkStack *stack = data;
    /* The source is done: forget it without removing it. */
    g_object_steal_data(G_OBJECT(stack), "lp-a11y-hide-idle");
    hide_inactive_now(stack);
    return G_SOURCE_REMOVE;
}

static void remove_source(gpointer id)
{
    g_source_remove(GPOINTER_TO_UINT(id));
}

/* The stack starts its transition only after it announced the new visible child, so the
 * pages are hidden from an idle callback (or when the transition ends), not right away. The
 * idle holds no reference: a page destroyed before the main loop turns (a game left at once)
 * must not keep its stack, and with it the game, alive; the stack removes the idle when it
 * goes. */
static void on_stack_changed(GtkStack *stack, GParamSpec *pspec, gpointer user_data)
{
    (void)pspec;
    (void)user_data;
    if (g_object_get_data(G_OBJECT(stack), "lp-a11y-hide-idle") != NULL)
        return;
    guint id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, hide_inactive_idle, stack, NULL);
    g_object_set_data_full(G_OBJECT(stack), "lp-a11y-hide-idle", GUINT_TO_POINTER(id),
                           remove_source);
}

void lp_a11y_stack_hide_inactive_pages(GtkStack *stack)
{
    g_return_if_fail(GTK_IS_STACK(stack));
    g_signal_connect(stack, "notify::visible-child", G_CALLBACK(on_stack_changed), NULL);
    g_signal_connect(stack, "notify::transition-running", G_CALLBACK(on_stack_changed), NULL);
    hide_inactive_now(stack);
}

void lp_a11y_stack_show_child(GtkStack *stack, GtkWidget *child)
{
    g_return_if_fail(GTK_IS_STACK(stack));
    g_return_if_fail(GTK_IS_WIDGET(child) && gtk_widget_get_parent(child) == GTK_WIDGET(stack));
    /* GtkStack refuses to show a hidden child. */
    gtk_widget_set_visible(child, TRUE);
    gtk_stack_set_visible_child(stack, child);
}

void lp_a11y_stack_show_child_name(GtkStack *stack, const char *name)
{
    GtkWidget *child;

    g_return_if_fail(GTK_IS_STACK(stack));
    g_return_if_fail(name != NULL);
    child = gtk_stack_get_child_by_name(stack, name);
    g_return_if_fail(child != NULL);
    lp_a11y_stack_show_child(stack, child);
}

void lp_a11y_stack_show_only(GtkStack *stack, GtkWidget *child)
{
    g_return_if_fail(GTK_IS_STACK(stack));
    g_return_if_fail(GTK_IS_WIDGET(child) && gtk_widget_get_parent(child) == GTK_WIDGET(stack));
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(stack));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    if (focus != NULL && gtk_widget_is_ancestor(focus, GTK_WIDGET(stack)) && focus != child &&
        !gtk_widget_is_ancestor(focus, child))
        gtk_root_set_focus(root, NULL);
    lp_a11y_stack_show_child(stack, child);
    for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(stack)); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        gtk_widget_set_visible(c, c == child);
}
