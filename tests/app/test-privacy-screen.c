/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The privacy screen hides what the next person must not see, and gives it back on "Show". */
#include <gtk/gtk.h>

#include "lp-a11y.h"
#include "lp-privacy-screen.h"
#include "lp-test-game.h"
#include "lp-test-util.h"

static void iterate(void)
{
    for (int i = 0; i < 20; i++)
        while (g_main_context_iteration(NULL, FALSE))
            ;
}

/* A button's "activate" (Enter, Space) clicks about 250 ms later. */
static void wait_for(int *counter, int value)
{
    gint64 end = g_get_monotonic_time() + 2 * G_USEC_PER_SEC;

    while (*counter < value && g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, TRUE);
}

static GtkWidget *find_button_with_label(GtkWidget *widget, const char *label)
{
    if (GTK_IS_BUTTON(widget) && g_strcmp0(gtk_button_get_label(GTK_BUTTON(widget)), label) == 0)
        return widget;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_button_with_label(c, label);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static gboolean has_label_text(GtkWidget *widget, const char *text)
{
    if (GTK_IS_LABEL(widget) && gtk_widget_is_visible(widget) &&
        g_strcmp0(gtk_label_get_text(GTK_LABEL(widget)), text) == 0)
        return TRUE;
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c)) {
        if (has_label_text(c, text))
            return TRUE;
    }
    return FALSE;
}

static gboolean no_transition(gpointer data)
{
    GtkWidget *w = data;

    while (w != NULL && !GTK_IS_STACK(w))
        w = gtk_widget_get_first_child(w);
    return w == NULL || !gtk_stack_get_transition_running(GTK_STACK(w));
}

/* Waits for the stack's transition to end and the idle that hides the old page. */
static void settle(GtkWidget *widget)
{
    g_assert_true(lp_test_wait_for(no_transition, widget));
    iterate();
}

static void on_revealed(LpPrivacyScreen *screen, int *count)
{
    (*count)++;
}

static void test_cover_uncover(void)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *screen = lp_privacy_screen_new();
    GtkWidget *secret = gtk_label_new("Hamburg 53°33' N");
    GtkWidget *show;
    int revealed = 0;

    lp_privacy_screen_set_child(LP_PRIVACY_SCREEN(screen), secret);
    g_assert_true(lp_privacy_screen_get_child(LP_PRIVACY_SCREEN(screen)) == secret);
    gtk_window_set_child(GTK_WINDOW(window), screen);
    gtk_window_present(GTK_WINDOW(window));
    g_signal_connect(screen, "revealed", G_CALLBACK(on_revealed), &revealed);
    iterate();

    g_assert_false(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));
    g_assert_true(gtk_widget_get_mapped(secret));

    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Anna",
                            "Only Anna should look: enter your tip.");
    iterate();
    g_assert_true(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));
    /* Not drawn, and not presented to assistive technology: GTK leaves widgets that are not
     * visible (or have an invisible ancestor) out of the accessibility tree. */
    g_assert_false(gtk_widget_get_mapped(secret));
    g_assert_false(gtk_widget_is_visible(secret));
    g_assert_false(has_label_text(screen, "Hamburg 53°33' N"));
    g_assert_true(has_label_text(screen, "Pass to Anna"));
    g_assert_true(has_label_text(screen, "Only Anna should look: enter your tip."));

    show = find_button_with_label(screen, "_Show");
    g_assert_nonnull(show);
    g_assert_true(gtk_widget_has_focus(show));
    g_assert_true(gtk_window_get_default_widget(GTK_WINDOW(window)) == show);

    /* A second cover without a message hides the old message. */
    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Ben", NULL);
    iterate();
    g_assert_true(has_label_text(screen, "Pass to Ben"));
    g_assert_false(has_label_text(screen, "Only Anna should look: enter your tip."));

    gtk_widget_activate(show);
    wait_for(&revealed, 1);
    iterate();
    g_assert_cmpint(revealed, ==, 1);
    g_assert_false(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));
    g_assert_true(gtk_widget_is_visible(secret));
    g_assert_true(gtk_widget_get_mapped(secret));
    g_assert_null(gtk_window_get_default_widget(GTK_WINDOW(window)));
    /* Once the cross-fade is over, the cover and its "Show" button leave the accessibility
     * tree (GTK 4.8 keeps the widgets of a stack's hidden pages there as "visible"). */
    settle(screen);
    g_assert_false(gtk_widget_is_visible(show));
    g_assert_false(has_label_text(screen, "Pass to Ben"));

    /* uncover() from code does not pretend somebody pressed the button. */
    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Anna", NULL);
    lp_privacy_screen_uncover(LP_PRIVACY_SCREEN(screen));
    iterate();
    g_assert_cmpint(revealed, ==, 1);
    g_assert_true(gtk_widget_get_mapped(secret));

    gtk_window_destroy(GTK_WINDOW(window));
}

static void test_cover_before_shown(void)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *screen = lp_privacy_screen_new();
    GtkWidget *secret = gtk_button_new_with_label("Your hand");
    GtkWidget *show;

    lp_privacy_screen_set_child(LP_PRIVACY_SCREEN(screen), secret);
    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Carla", NULL);
    gtk_window_set_child(GTK_WINDOW(window), screen);
    gtk_window_present(GTK_WINDOW(window));
    iterate();
    g_assert_false(gtk_widget_get_mapped(secret));
    show = find_button_with_label(screen, "_Show");
    g_assert_true(gtk_widget_has_focus(show));

    /* Replacing the child while covered keeps the new child hidden too. */
    GtkWidget *other = gtk_label_new("Other hand");
    lp_privacy_screen_set_child(LP_PRIVACY_SCREEN(screen), other);
    iterate();
    g_assert_false(gtk_widget_get_mapped(other));

    /* Taken out of the window while covered (a game page replaced or closed), it hands the
     * default back: the window must not keep the freed "Show" button as its default. */
    g_assert_true(gtk_window_get_default_widget(GTK_WINDOW(window)) == show);
    gtk_window_set_child(GTK_WINDOW(window), NULL);
    iterate();
    g_assert_null(gtk_window_get_default_widget(GTK_WINDOW(window)));
    gtk_window_destroy(GTK_WINDOW(window));
}

static gboolean stack_settled(gpointer data)
{
    return !gtk_stack_get_transition_running(GTK_STACK(data));
}

static void test_stack_hides_inactive(void)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *stack = gtk_stack_new();
    GtkWidget *pages[3];

    for (int i = 0; i < 3; i++) {
        pages[i] = gtk_button_new_with_label("page");
        gtk_stack_add_named(GTK_STACK(stack), pages[i], i == 0 ? "a" : i == 1 ? "b" : "c");
    }
    gtk_stack_set_transition_type(GTK_STACK(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE);
    gtk_stack_set_transition_duration(GTK_STACK(stack), 100);
    gtk_window_set_child(GTK_WINDOW(window), stack);
    gtk_window_present(GTK_WINDOW(window));
    lp_a11y_stack_hide_inactive_pages(GTK_STACK(stack));
    iterate();
    g_assert_true(gtk_widget_get_visible(pages[0]));
    g_assert_false(gtk_widget_get_visible(pages[1]));
    g_assert_false(gtk_widget_get_visible(pages[2]));

    lp_a11y_stack_show_child_name(GTK_STACK(stack), "c");
    g_assert_true(gtk_stack_get_visible_child(GTK_STACK(stack)) == pages[2]);
    g_assert_true(lp_test_wait_for(stack_settled, stack));
    iterate();
    g_assert_false(gtk_widget_get_visible(pages[0]));
    g_assert_false(gtk_widget_get_visible(pages[1]));
    g_assert_true(gtk_widget_get_visible(pages[2]));

    lp_a11y_stack_show_child(GTK_STACK(stack), pages[1]);
    g_assert_true(gtk_stack_get_visible_child(GTK_STACK(stack)) == pages[1]);
    g_assert_true(lp_test_wait_for(stack_settled, stack));
    iterate();
    g_assert_false(gtk_widget_get_visible(pages[2]));
    g_assert_true(gtk_widget_get_visible(pages[1]));
    gtk_window_destroy(GTK_WINDOW(window));
}

static void test_needed(void)
{
    g_autoptr(LpGame) one_human = lp_test_game_new(1, 3);
    g_autoptr(LpGame) two_humans = lp_test_game_new(2, 1);
    g_autoptr(LpGame) computers = lp_test_game_new(0, 4);

    g_assert_false(lp_privacy_needed(one_human));
    g_assert_true(lp_privacy_needed(two_humans));
    g_assert_false(lp_privacy_needed(computers));
}

static void test_strip_mnemonic(void)
{
    g_autofree char *a = lp_a11y_strip_mnemonic("_Show");
    g_autofree char *b = lp_a11y_strip_mnemonic("Rock __n Roll");
    g_autofree char *c = lp_a11y_strip_mnemonic("C_ontinue Saved Game");
    GtkWidget *button = g_object_ref_sink(gtk_button_new_with_mnemonic("_Show"));

    g_assert_cmpstr(a, ==, "Show");
    g_assert_cmpstr(b, ==, "Rock _n Roll");
    g_assert_cmpstr(c, ==, "Continue Saved Game");
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(button));
    g_object_unref(button);
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/privacy-screen/cover-uncover", test_cover_uncover);
    g_test_add_func("/privacy-screen/cover-before-shown", test_cover_before_shown);
    g_test_add_func("/privacy-screen/needed", test_needed);
    g_test_add_func("/a11y/strip-mnemonic", test_strip_mnemonic);
    g_test_add_func("/a11y/stack-hides-inactive", test_stack_hides_inactive);
    return g_test_run();
}
