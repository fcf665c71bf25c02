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

static gboolean keep_ticking(gpointer data)
{
    return G_SOURCE_CONTINUE;
}

/* A button's "activate" (Enter, Space) clicks about 250 ms later. */
static void wait_for(int *counter, int value)
{
    gint64 end = g_get_monotonic_time() + 2 * G_USEC_PER_SEC;
    /* Wakes the loop up when nothing comes (a press that must do nothing). */
    guint tick = g_timeout_add(50, keep_ticking, NULL);

    while (*counter < value && g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, TRUE);
    g_source_remove(tick);
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
    /* Issue 10: the reveal is not focused, and takes nothing in the guard time. */
    g_assert_false(gtk_widget_has_focus(show));
    g_assert_false(gtk_widget_get_sensitive(show));
    g_assert_nonnull(gtk_root_get_focus(GTK_ROOT(window)));
    g_assert_true(gtk_widget_is_ancestor(gtk_root_get_focus(GTK_ROOT(window)), screen));
    g_assert_true(gtk_window_get_default_widget(GTK_WINDOW(window)) != show);
    g_assert_null(gtk_window_get_default_widget(GTK_WINDOW(window)));

    /* A second cover without a message hides the old message. */
    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Ben", NULL);
    iterate();
    g_assert_true(has_label_text(screen, "Pass to Ben"));
    g_assert_false(has_label_text(screen, "Only Anna should look: enter your tip."));

    /* Pressed at once (a double click, the previous person's second Enter): ignored. */
    gtk_widget_activate(show);
    wait_for(&revealed, 1);
    iterate();
    g_assert_cmpint(revealed, ==, 0);
    g_assert_true(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));
    /* After the guard time it reveals. */
    lp_privacy_screen_set_guard_time(LP_PRIVACY_SCREEN(screen), 0);
    g_assert_true(gtk_widget_get_sensitive(show));
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
    /* The window moves the focus into a page it has just shown as Tab would (LpWindow):
     * from the cover that is "Show", so the cover takes it back (issue 10: its default focus
     * is not on the reveal). */
    gtk_widget_child_focus(screen, GTK_DIR_TAB_FORWARD);
    iterate();
    g_assert_false(gtk_widget_get_mapped(secret));
    show = find_button_with_label(screen, "_Show");
    g_assert_false(gtk_widget_has_focus(show));
    g_assert_true(gtk_widget_is_ancestor(gtk_root_get_focus(GTK_ROOT(window)), screen));

    /* Replacing the child while covered keeps the new child hidden too. */
    GtkWidget *other = gtk_label_new("Other hand");
    lp_privacy_screen_set_child(LP_PRIVACY_SCREEN(screen), other);
    iterate();
    g_assert_false(gtk_widget_get_mapped(other));

    /* Taken out of the window while covered (a game page replaced or closed), it hands the
     * default back: the window must not keep the freed "Show" button as its default. */
    gtk_window_set_default_widget(GTK_WINDOW(window), show);
    gtk_window_set_child(GTK_WINDOW(window), NULL);
    iterate();
    g_assert_null(gtk_window_get_default_widget(GTK_WINDOW(window)));
    gtk_window_destroy(GTK_WINDOW(window));
}

static GtkEventController *key_controller(GtkWidget *widget)
{
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers(widget);
    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        g_autoptr(GtkEventController) c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_KEY(c))
            return c;
    }
    return NULL;
}

static gboolean press(GtkEventController *keys, guint keyval)
{
    gboolean stop = FALSE;
    g_signal_emit_by_name(keys, "key-pressed", keyval, 0, 0, &stop);
    return stop;
}

static void release(GtkEventController *keys, guint keyval)
{
    g_signal_emit_by_name(keys, "key-released", keyval, 0, 0);
}

static void on_count(gpointer instance, int *count)
{
    (*count)++;
}

/* Issue 10: Lena types her estimate and presses Enter three times quickly; the Enters that
 * follow the cover must not reveal Papa's screen, let alone act for him. */
static void test_held_and_double_enter(void)
{
    GtkWidget *window = gtk_window_new();
    GtkWidget *screen = lp_privacy_screen_new();
    GtkWidget *content = gtk_button_new_with_label("Wrong!");
    int revealed = 0, wrong = 0, handed = 0;

    lp_privacy_screen_set_child(LP_PRIVACY_SCREEN(screen), content);
    gtk_window_set_child(GTK_WINDOW(window), screen);
    gtk_window_present(GTK_WINDOW(window));
    g_signal_connect(screen, "revealed", G_CALLBACK(on_revealed), &revealed);
    g_signal_connect(screen, "handing-over", G_CALLBACK(on_count), &handed);
    g_signal_connect(content, "clicked", G_CALLBACK(on_count), &wrong);
    iterate();
    GtkEventController *keys = key_controller(screen);
    g_assert_nonnull(keys);
    lp_privacy_screen_set_guard_time(LP_PRIVACY_SCREEN(screen), 0);

    /* Enter goes down in the content and the cover goes up before it comes up again. */
    g_assert_false(press(keys, GDK_KEY_Return));
    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Papa", NULL);
    g_assert_cmpint(handed, ==, 1);
    iterate();
    /* Its auto-repeat is swallowed, whatever has the focus. */
    GtkWidget *show = find_button_with_label(screen, "_Show");
    gtk_widget_grab_focus(show);
    g_assert_true(press(keys, GDK_KEY_Return));
    g_assert_true(press(keys, GDK_KEY_Return));
    release(keys, GDK_KEY_Return);
    g_assert_cmpint(revealed, ==, 0);
    /* A new press after the release is the next person's own: it reveals (issue 36). */
    g_assert_true(press(keys, GDK_KEY_Return));
    release(keys, GDK_KEY_Return);
    g_assert_cmpint(revealed, ==, 1);
    g_assert_cmpint(wrong, ==, 0);

    /* Within the guard time no key and no click counts. */
    lp_privacy_screen_set_guard_time(LP_PRIVACY_SCREEN(screen), 60000);
    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Papa", NULL);
    g_assert_cmpint(handed, ==, 2);
    g_assert_true(press(keys, GDK_KEY_Return));
    release(keys, GDK_KEY_Return);
    g_assert_true(press(keys, GDK_KEY_space));
    release(keys, GDK_KEY_space);
    gtk_widget_activate(show);
    wait_for(&revealed, 2);
    g_assert_cmpint(revealed, ==, 1);
    g_assert_true(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));

    /* Issue 36: a key pressed within the guard time starts it again, so a burst never
     * outlasts it: 400 ms of guard, Enter pressed every 100 ms for 600 ms. */
    lp_privacy_screen_set_guard_time(LP_PRIVACY_SCREEN(screen), 400);
    lp_privacy_screen_cover(LP_PRIVACY_SCREEN(screen), "Papa", NULL);
    for (int i = 0; i < 6; i++) {
        g_usleep(100 * 1000);
        g_assert_true(press(keys, GDK_KEY_Return));
        release(keys, GDK_KEY_Return);
        iterate();
        g_assert_false(gtk_widget_get_sensitive(show));
    }
    g_assert_cmpint(revealed, ==, 1);
    /* A key held down in the guard time stays the previous person's until it comes up. */
    g_assert_true(press(keys, GDK_KEY_space));
    g_usleep(200 * 1000);
    g_assert_true(press(keys, GDK_KEY_space)); /* its auto-repeat */
    release(keys, GDK_KEY_space);
    g_assert_cmpint(revealed, ==, 1);
    g_assert_true(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));
    /* Once the guard is over "Show" is the default: Enter reveals, with the focus on the
     * cover and not on "Show" (no Tab first). */
    g_assert_false(gtk_widget_has_focus(show));
    lp_privacy_screen_set_guard_time(LP_PRIVACY_SCREEN(screen), 0);
    g_assert_true(gtk_widget_get_sensitive(show));
    /* Ctrl+Enter is not Enter. */
    gboolean stop = TRUE;
    g_signal_emit_by_name(keys, "key-pressed", GDK_KEY_Return, 0, GDK_CONTROL_MASK, &stop);
    g_assert_false(stop);
    release(keys, GDK_KEY_Return);
    g_assert_true(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));

    /* After the reveal the focus is not on the content's first button ("Wrong!"). */
    g_assert_true(press(keys, GDK_KEY_Return));
    g_assert_cmpint(revealed, ==, 2);
    g_assert_false(lp_privacy_screen_is_covered(LP_PRIVACY_SCREEN(screen)));
    release(keys, GDK_KEY_Return);
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
    g_assert_true(focus != content);
    g_assert_true(focus != show);
    g_assert_null(gtk_window_get_default_widget(GTK_WINDOW(window)));
    g_assert_cmpint(wrong, ==, 0);
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

/* Issue 33: "Take Back" for the person who just acted, beside "Show"; after the take-back
 * that person looks again without "Show". */
static void test_take_back(void)
{
    GtkWidget *window = gtk_window_new();
    LpPrivacyScreen *screen = LP_PRIVACY_SCREEN(lp_privacy_screen_new());
    int revealed = 0, taken_back = 0;

    lp_privacy_screen_set_child(screen, gtk_label_new("Anna's tip"));
    gtk_window_set_child(GTK_WINDOW(window), GTK_WIDGET(screen));
    gtk_window_present(GTK_WINDOW(window));
    g_signal_connect(screen, "revealed", G_CALLBACK(on_revealed), &revealed);
    g_signal_connect(screen, "take-back", G_CALLBACK(on_revealed), &taken_back);
    iterate();
    g_assert_null(lp_privacy_screen_get_player_name(screen));

    lp_privacy_screen_cover(screen, "Ben", NULL);
    GtkWidget *take_back = find_button_with_label(GTK_WIDGET(screen), "_Take Back");
    g_assert_nonnull(take_back);
    g_assert_false(gtk_widget_get_visible(take_back));
    lp_privacy_screen_set_take_back(screen, "Anna");
    g_assert_true(lp_privacy_screen_get_take_back(screen));
    g_assert_true(gtk_widget_get_visible(take_back));
    g_assert_cmpstr(gtk_widget_get_tooltip_text(take_back), ==,
                    "Anna takes back their last move");
    /* Not in the guard time: the double click of the person before. */
    g_assert_false(gtk_widget_get_sensitive(take_back));
    g_signal_emit_by_name(take_back, "clicked");
    g_assert_cmpint(taken_back, ==, 0);
    lp_privacy_screen_set_guard_time(screen, 0);
    g_signal_emit_by_name(take_back, "clicked");
    g_assert_cmpint(taken_back, ==, 1);
    g_assert_true(lp_privacy_screen_is_covered(screen));
    g_assert_cmpint(revealed, ==, 0);

    /* Enter on "Take Back" presses it, never "Show". */
    gtk_widget_grab_focus(take_back);
    GtkEventController *keys = NULL;
    GListModel *controllers = gtk_widget_observe_controllers(GTK_WIDGET(screen));
    for (guint i = 0; i < g_list_model_get_n_items(controllers) && keys == NULL; i++) {
        g_autoptr(GtkEventController) c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_KEY(c))
            keys = c;
    }
    g_object_unref(controllers);
    g_assert_nonnull(keys);
    gboolean stopped = FALSE;
    g_signal_emit_by_name(keys, "key-pressed", GDK_KEY_Return, 0, 0, &stopped);
    g_assert_false(stopped);
    g_assert_true(lp_privacy_screen_is_covered(screen));

    /* Taken back, a new cover for the same person lifts by itself; one for another stays. */
    lp_privacy_screen_let_through(screen, "Anna");
    g_assert_true(lp_privacy_screen_is_covered(screen));
    lp_privacy_screen_let_through(screen, "Ben");
    g_assert_false(lp_privacy_screen_is_covered(screen));
    g_assert_cmpint(revealed, ==, 1);
    lp_privacy_screen_let_through(screen, "Anna");
    lp_privacy_screen_cover(screen, "Anna", NULL);
    iterate();
    g_assert_false(lp_privacy_screen_is_covered(screen));
    g_assert_cmpint(revealed, ==, 2);
    g_assert_cmpstr(lp_privacy_screen_get_player_name(screen), ==, "Anna");
    /* Once only, and not for a later turn. */
    lp_privacy_screen_cover(screen, "Anna", NULL);
    iterate();
    g_assert_true(lp_privacy_screen_is_covered(screen));

    gtk_window_destroy(GTK_WINDOW(window));
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/privacy-screen/cover-uncover", test_cover_uncover);
    g_test_add_func("/privacy-screen/cover-before-shown", test_cover_before_shown);
    g_test_add_func("/privacy-screen/needed", test_needed);
    g_test_add_func("/privacy-screen/take-back", test_take_back);
    g_test_add_func("/privacy-screen/held-and-double-enter", test_held_and_double_enter);
    g_test_add_func("/a11y/strip-mnemonic", test_strip_mnemonic);
    g_test_add_func("/a11y/stack-hides-inactive", test_stack_hides_inactive);
    return g_test_run();
}
