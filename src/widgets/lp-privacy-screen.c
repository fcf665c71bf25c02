/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A cover that replaces a game view with "Pass to <name>" while the device changes hands. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-a11y.h"
#include "lp-privacy-screen.h"

struct _LpPrivacyScreen {
    GtkWidget parent_instance;

    GtkStack *stack;
    GtkWidget *content_box;
    GtkWidget *cover_box;
    GtkLabel *title_label;
    GtkLabel *message_label;
    GtkWidget *show_button;
    GtkWidget *take_back_button;

    GtkWidget *child;
    gboolean covered;
    guint guard_ms;
    guint guard_timer;   /* runs while the guard lasts: since the cover or a stray key */
    GArray *keys_down;   /* guint keyvals pressed within the screen and not yet released */
    GArray *stale_keys;  /* keys already down when the cover went up */
    guint focus_idle;    /* takes the focus back once the window has placed it */
    char *player_name;   /* whom the cover was last put up for */
    char *let_through;   /* issue 33: the next cover for this person lifts at once */
    guint let_through_idle;
    guint let_through_expiry;
};

/* Long enough for a double click, a key's auto-repeat delay and an Enter pressed twice in
 * a hurry; short enough that a person who looks and presses does not notice it. Every key
 * pressed within it starts it again, so that a burst of the previous person's key presses
 * never outlasts it. */
#define LP_PRIVACY_GUARD_MS 700

G_DEFINE_FINAL_TYPE(LpPrivacyScreen, lp_privacy_screen, GTK_TYPE_WIDGET)

enum {
    PROP_0,
    PROP_CHILD,
    PROP_COVERED,
    N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
    SIGNAL_REVEALED,
    SIGNAL_HANDING_OVER,
    SIGNAL_TAKE_BACK,
    N_SIGNALS
};
static guint signals[N_SIGNALS];

static gboolean keys_contain(GArray *keys, guint keyval)
{
    for (guint i = 0; i < keys->len; i++) {
        if (g_array_index(keys, guint, i) == keyval)
            return TRUE;
    }
    return FALSE;
}

static void keys_remove(GArray *keys, guint keyval)
{
    for (guint i = keys->len; i > 0; i--) {
        if (g_array_index(keys, guint, i - 1) == keyval)
            g_array_remove_index_fast(keys, i - 1);
    }
}

/* Issue 10: the cover takes nothing that could be the previous person's hand still on the
 * keyboard or the mouse: no key held since before it went up, nothing in the guard time. */
static gboolean guarded(LpPrivacyScreen *self)
{
    return self->guard_timer != 0;
}

static void set_guarded(LpPrivacyScreen *self, gboolean on);

static gboolean on_guard_over(gpointer data)
{
    LpPrivacyScreen *self = data;

    self->guard_timer = 0;
    set_guarded(self, FALSE);
    return G_SOURCE_REMOVE;
}

/* Starts the guard time (again), or ends it. "Show" is insensitive while it lasts: a person
 * sees (and a screen reader says) when the cover takes a press, and a click in that time
 * does nothing. */
static void set_guarded(LpPrivacyScreen *self, gboolean on)
{
    g_clear_handle_id(&self->guard_timer, g_source_remove);
    on = on && self->covered && self->guard_ms > 0;
    if (on)
        self->guard_timer = g_timeout_add(self->guard_ms, on_guard_over, self);
    gtk_widget_set_sensitive(self->show_button, !on);
    /* The previous person's double click must not take back by accident either. */
    gtk_widget_set_sensitive(self->take_back_button, !on);
}

static gboolean is_show_key(guint keyval, GdkModifierType state)
{
    if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK))
        return FALSE;
    switch (keyval) {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
        return TRUE;
    default:
        return FALSE;
    }
}

static void reveal(LpPrivacyScreen *self);

static gboolean on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
                               GdkModifierType state, LpPrivacyScreen *self)
{
    gboolean repeat = keys_contain(self->keys_down, keyval);

    if (!repeat)
        g_array_append_val(self->keys_down, keyval);
    if (!self->covered)
        return GDK_EVENT_PROPAGATE;
    if (keys_contain(self->stale_keys, keyval))
        return GDK_EVENT_STOP;
    if (guarded(self)) {
        /* A key that goes down in the guard time is the previous person's until it comes
         * up, and a burst keeps the guard up until it is over. */
        if (!repeat)
            g_array_append_val(self->stale_keys, keyval);
        set_guarded(self, TRUE);
        return GDK_EVENT_STOP;
    }
    /* Issue 36: once the guard is over "Show" is the default, wherever the focus is on the
     * cover: Enter or Space reveals without a Tab first; but not on "Take Back". */
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    gboolean on_take_back = focus != NULL && (focus == self->take_back_button ||
                                              gtk_widget_is_ancestor(focus,
                                                                     self->take_back_button));
    if (!repeat && !on_take_back && is_show_key(keyval, state)) {
        reveal(self);
        return GDK_EVENT_STOP;
    }
    return GDK_EVENT_PROPAGATE;
}

static void on_key_released(GtkEventControllerKey *controller, guint keyval, guint keycode,
                            GdkModifierType state, LpPrivacyScreen *self)
{
    keys_remove(self->keys_down, keyval);
    keys_remove(self->stale_keys, keyval);
}

/* The focus stays off "Show" (issue 10: its default focus is not on the reveal): on the
 * cover itself, where Enter and Space reveal only once the guard is over (on_key_pressed);
 * Tab reaches "Show". */
static void take_focus(LpPrivacyScreen *self)
{
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));

    if (!self->covered)
        return;
    /* A default widget left behind in the hidden content would take the next Enter. */
    if (GTK_IS_WINDOW(root)) {
        GtkWidget *def = gtk_window_get_default_widget(GTK_WINDOW(root));
        if (def != NULL && gtk_widget_is_ancestor(def, GTK_WIDGET(self)))
            gtk_window_set_default_widget(GTK_WINDOW(root), NULL);
    }
    gtk_widget_grab_focus(self->cover_box);
}

static gboolean take_focus_idle(gpointer data)
{
    LpPrivacyScreen *self = data;

    self->focus_idle = 0;
    take_focus(self);
    return G_SOURCE_REMOVE;
}

static void on_map(GtkWidget *widget, gpointer user_data)
{
    LpPrivacyScreen *self = LP_PRIVACY_SCREEN(widget);

    take_focus(self);
    /* The window moves the focus into a page it has just shown as Tab would, which from the
     * cover is on to "Show": the cover takes it back when the window is done. */
    if (self->covered && self->focus_idle == 0)
        self->focus_idle = g_idle_add(take_focus_idle, self);
}

/* GtkWindow does not forget a default widget that goes away: leaving the window (the game
 * page replaced or closed while covered) must hand the default back, or the window later
 * touches the freed "Show" button. */
static void on_unmap(GtkWidget *widget, gpointer user_data)
{
    LpPrivacyScreen *self = LP_PRIVACY_SCREEN(widget);
    GtkRoot *root = gtk_widget_get_root(widget);

    (void)user_data;
    g_clear_handle_id(&self->focus_idle, g_source_remove);
    if (GTK_IS_WINDOW(root) &&
        gtk_window_get_default_widget(GTK_WINDOW(root)) == self->show_button)
        gtk_window_set_default_widget(GTK_WINDOW(root), NULL);
}

static void reveal(LpPrivacyScreen *self)
{
    /* A double click or a bounce that began on the previous person's screen. */
    if (!self->covered || guarded(self))
        return;
    lp_privacy_screen_uncover(self);
    g_signal_emit(self, signals[SIGNAL_REVEALED], 0);
}

static void on_show_clicked(GtkButton *button, LpPrivacyScreen *self)
{
    reveal(self);
}

static void on_take_back_clicked(GtkButton *button, LpPrivacyScreen *self)
{
    if (self->covered && !guarded(self))
        g_signal_emit(self, signals[SIGNAL_TAKE_BACK], 0);
}

static gboolean let_through_expire(gpointer data)
{
    LpPrivacyScreen *self = data;

    self->let_through_expiry = 0;
    g_clear_pointer(&self->let_through, g_free);
    return G_SOURCE_REMOVE;
}

/* Issue 33: after a take-back the person who took it back looks again at once. */
static gboolean let_through_now(gpointer data)
{
    LpPrivacyScreen *self = data;

    self->let_through_idle = 0;
    if (!self->covered)
        return G_SOURCE_REMOVE;
    lp_privacy_screen_uncover(self);
    g_signal_emit(self, signals[SIGNAL_REVEALED], 0);
    return G_SOURCE_REMOVE;
}

static void lp_privacy_screen_dispose(GObject *object)
{
    GtkWidget *child;

    g_clear_handle_id(&LP_PRIVACY_SCREEN(object)->focus_idle, g_source_remove);
    g_clear_handle_id(&LP_PRIVACY_SCREEN(object)->guard_timer, g_source_remove);
    g_clear_handle_id(&LP_PRIVACY_SCREEN(object)->let_through_idle, g_source_remove);
    g_clear_handle_id(&LP_PRIVACY_SCREEN(object)->let_through_expiry, g_source_remove);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    LP_PRIVACY_SCREEN(object)->child = NULL;
    G_OBJECT_CLASS(lp_privacy_screen_parent_class)->dispose(object);
}

static void lp_privacy_screen_finalize(GObject *object)
{
    LpPrivacyScreen *self = LP_PRIVACY_SCREEN(object);

    g_clear_pointer(&self->keys_down, g_array_unref);
    g_clear_pointer(&self->stale_keys, g_array_unref);
    g_clear_pointer(&self->player_name, g_free);
    g_clear_pointer(&self->let_through, g_free);
    G_OBJECT_CLASS(lp_privacy_screen_parent_class)->finalize(object);
}

static void lp_privacy_screen_get_property(GObject *object, guint prop_id, GValue *value,
                                           GParamSpec *pspec)
{
    LpPrivacyScreen *self = LP_PRIVACY_SCREEN(object);

    switch (prop_id) {
    case PROP_CHILD:
        g_value_set_object(value, self->child);
        break;
    case PROP_COVERED:
        g_value_set_boolean(value, self->covered);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_privacy_screen_set_property(GObject *object, guint prop_id, const GValue *value,
                                           GParamSpec *pspec)
{
    LpPrivacyScreen *self = LP_PRIVACY_SCREEN(object);

    switch (prop_id) {
    case PROP_CHILD:
        lp_privacy_screen_set_child(self, g_value_get_object(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_privacy_screen_class_init(LpPrivacyScreenClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_privacy_screen_dispose;
    object_class->finalize = lp_privacy_screen_finalize;
    object_class->get_property = lp_privacy_screen_get_property;
    object_class->set_property = lp_privacy_screen_set_property;

    properties[PROP_CHILD] =
        g_param_spec_object("child", NULL, NULL, GTK_TYPE_WIDGET,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
    properties[PROP_COVERED] =
        g_param_spec_boolean("covered", NULL, NULL, FALSE,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * LpPrivacyScreen::revealed:
     *
     * The person the screen was passed to pressed "Show"; the screen has already uncovered
     * itself. Views start the hidden part of a turn (a tip, a hand) from here.
     */
    signals[SIGNAL_REVEALED] = g_signal_new("revealed", G_TYPE_FROM_CLASS(klass),
                                            G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                            G_TYPE_NONE, 0);
    /**
     * LpPrivacyScreen::handing-over:
     *
     * The cover has just gone up, or was passed on to another person: the content is hidden
     * already. Views forget here what the previous person left in it (cursors, selections,
     * scroll positions, typed text) before they show the next person's part.
     */
    signals[SIGNAL_HANDING_OVER] = g_signal_new("handing-over", G_TYPE_FROM_CLASS(klass),
                                                G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                G_TYPE_NONE, 0);

    /**
     * LpPrivacyScreen::take-back:
     *
     * "Take Back" was pressed (issue 33): the person named in
     * lp_privacy_screen_set_take_back() takes back their last action. The screen stays
     * covered; whoever handles it undoes and lets that person look again.
     */
    signals[SIGNAL_TAKE_BACK] = g_signal_new("take-back", G_TYPE_FROM_CLASS(klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 0);

    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-privacy-screen.ui");
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, stack);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, content_box);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, cover_box);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, title_label);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, message_label);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, show_button);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, take_back_button);
    gtk_widget_class_bind_template_callback(widget_class, on_show_clicked);
    gtk_widget_class_bind_template_callback(widget_class, on_take_back_clicked);

    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "privacyscreen");
}

static void lp_privacy_screen_init(LpPrivacyScreen *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->show_button));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->take_back_button));
    /* Once uncovered, the cover and its "Show" button leave the accessibility tree. */
    lp_a11y_stack_hide_inactive_pages(self->stack);
    g_signal_connect(self, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(self, "unmap", G_CALLBACK(on_unmap), NULL);

    self->guard_ms = LP_PRIVACY_GUARD_MS;
    self->keys_down = g_array_new(FALSE, FALSE, sizeof(guint));
    self->stale_keys = g_array_new(FALSE, FALSE, sizeof(guint));
    /* Capture: the screen sees every key meant for the cover or the content, so it knows
     * which keys were already down when the cover went up. */
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), self);
    g_signal_connect(keys, "key-released", G_CALLBACK(on_key_released), self);
    gtk_widget_add_controller(GTK_WIDGET(self), keys);
}

GtkWidget *lp_privacy_screen_new(void)
{
    return g_object_new(LP_TYPE_PRIVACY_SCREEN, NULL);
}

LpPrivacyScreen *lp_privacy_screen_wrap(GtkWidget *page, GtkWidget *content)
{
    g_return_val_if_fail(GTK_IS_WIDGET(page), NULL);
    g_return_val_if_fail(GTK_IS_WIDGET(content) && gtk_widget_get_parent(content) == page,
                         NULL);

    LpPrivacyScreen *self = LP_PRIVACY_SCREEN(lp_privacy_screen_new());
    g_object_ref(content);
    gtk_widget_unparent(content);
    lp_privacy_screen_set_child(self, content);
    g_object_unref(content);
    gtk_widget_set_parent(GTK_WIDGET(self), page);
    return self;
}

void lp_privacy_screen_set_child(LpPrivacyScreen *self, GtkWidget *child)
{
    g_return_if_fail(LP_IS_PRIVACY_SCREEN(self));
    g_return_if_fail(child == NULL || GTK_IS_WIDGET(child));
    g_return_if_fail(child == NULL || gtk_widget_get_parent(child) == NULL);

    if (self->child == child)
        return;
    if (self->child != NULL)
        gtk_box_remove(GTK_BOX(self->content_box), self->child);
    self->child = child;
    if (child != NULL) {
        gtk_widget_set_hexpand(child, TRUE);
        gtk_widget_set_vexpand(child, TRUE);
        gtk_box_append(GTK_BOX(self->content_box), child);
    }
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CHILD]);
}

GtkWidget *lp_privacy_screen_get_child(LpPrivacyScreen *self)
{
    g_return_val_if_fail(LP_IS_PRIVACY_SCREEN(self), NULL);
    return self->child;
}

void lp_privacy_screen_cover(LpPrivacyScreen *self, const char *player_name, const char *message)
{
    g_autofree char *title = NULL;
    gboolean has_message = message != NULL && *message != '\0';

    g_return_if_fail(LP_IS_PRIVACY_SCREEN(self));
    g_return_if_fail(player_name != NULL);

    /* Translators: shown over the game while the device is handed to the next person. */
    title = g_strdup_printf(_("Pass to %s"), player_name);
    if (g_strcmp0(self->player_name, player_name) != 0) {
        g_free(self->player_name);
        self->player_name = g_strdup(player_name);
    }
    gtk_label_set_text(self->title_label, title);
    gtk_label_set_text(self->message_label, has_message ? message : "");
    gtk_widget_set_visible(GTK_WIDGET(self->message_label), has_message);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->cover_box),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   has_message ? message : "", -1);

    /* The cover replaces the content rather than lying on top of it: the hidden content is
     * neither drawn nor presented to assistive technology (RULES.md: hidden information). */
    gtk_stack_set_transition_type(self->stack, GTK_STACK_TRANSITION_TYPE_NONE);
    lp_a11y_stack_show_child(self->stack, self->cover_box);
    /* The focus leaves the content before it is hidden: hiding the focused content box
     * kept the whole page alive after its window went (test-minden-page). */
    if (gtk_widget_get_mapped(GTK_WIDGET(self)))
        gtk_widget_grab_focus(self->cover_box);
    gtk_widget_set_visible(self->content_box, FALSE);

    g_array_set_size(self->stale_keys, 0);
    g_array_append_vals(self->stale_keys, self->keys_down->data, self->keys_down->len);
    if (!self->covered) {
        self->covered = TRUE;
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_COVERED]);
    }
    set_guarded(self, TRUE);
    g_signal_emit(self, signals[SIGNAL_HANDING_OVER], 0);
    if (gtk_widget_get_mapped(GTK_WIDGET(self)))
        take_focus(self);
    /* Lifted after the page is done covering: its own bookkeeping follows this call. */
    if (self->let_through != NULL) {
        g_autofree char *name = g_steal_pointer(&self->let_through);
        if (g_strcmp0(name, player_name) == 0 && self->let_through_idle == 0)
            self->let_through_idle =
                g_idle_add_full(G_PRIORITY_HIGH_IDLE, let_through_now, self, NULL);
    }
}

void lp_privacy_screen_uncover(LpPrivacyScreen *self)
{
    GtkRoot *root;

    g_return_if_fail(LP_IS_PRIVACY_SCREEN(self));

    if (!self->covered)
        return;
    root = gtk_widget_get_root(GTK_WIDGET(self));
    if (GTK_IS_WINDOW(root) &&
        gtk_window_get_default_widget(GTK_WINDOW(root)) == self->show_button)
        gtk_window_set_default_widget(GTK_WINDOW(root), NULL);

    gtk_stack_set_transition_type(self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
    lp_a11y_stack_show_child(self->stack, self->content_box);
    self->covered = FALSE;
    set_guarded(self, FALSE);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_COVERED]);
    /* Issue 10: after the reveal the focus is on nothing that acts on the game (the first
     * control of the content could be "Wrong!"): on the content itself, until the view puts
     * it on its own harmless control in its "revealed" handler. */
    gtk_widget_grab_focus(self->content_box);
}

void lp_privacy_screen_set_guard_time(LpPrivacyScreen *self, guint ms)
{
    g_return_if_fail(LP_IS_PRIVACY_SCREEN(self));
    self->guard_ms = ms;
    /* From now, as if the cover had just gone up. */
    set_guarded(self, TRUE);
}

gboolean lp_privacy_screen_is_covered(LpPrivacyScreen *self)
{
    g_return_val_if_fail(LP_IS_PRIVACY_SCREEN(self), FALSE);
    return self->covered;
}

gboolean lp_privacy_needed(LpGame *game)
{
    g_return_val_if_fail(LP_IS_GAME(game), FALSE);
    return lp_game_count_local_people(game) >= 2;
}

const char *lp_privacy_screen_get_player_name(LpPrivacyScreen *self)
{
    g_return_val_if_fail(LP_IS_PRIVACY_SCREEN(self), NULL);
    return self->player_name;
}

void lp_privacy_screen_set_take_back(LpPrivacyScreen *self, const char *player_name)
{
    g_return_if_fail(LP_IS_PRIVACY_SCREEN(self));

    gtk_widget_set_visible(self->take_back_button, player_name != NULL);
    if (player_name == NULL) {
        gtk_widget_set_tooltip_text(self->take_back_button, NULL);
        return;
    }
    /* Translators: the description of "Take Back" on the "Pass to" cover; %s is the
     * person who just acted. */
    g_autofree char *description = g_strdup_printf(_("%s takes back their last move"),
                                                   player_name);
    /* Whose move it is shows on hover too: the cover's title names the next person. */
    gtk_widget_set_tooltip_text(self->take_back_button, description);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->take_back_button),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

gboolean lp_privacy_screen_get_take_back(LpPrivacyScreen *self)
{
    g_return_val_if_fail(LP_IS_PRIVACY_SCREEN(self), FALSE);
    return gtk_widget_get_visible(self->take_back_button);
}

void lp_privacy_screen_let_through(LpPrivacyScreen *self, const char *player_name)
{
    g_return_if_fail(LP_IS_PRIVACY_SCREEN(self));
    g_return_if_fail(player_name != NULL);

    g_clear_pointer(&self->let_through, g_free);
    if (self->covered && g_strcmp0(self->player_name, player_name) == 0) {
        g_clear_handle_id(&self->let_through_idle, g_source_remove);
        lp_privacy_screen_uncover(self);
        g_signal_emit(self, signals[SIGNAL_REVEALED], 0);
        return;
    }
    if (!self->covered) {
        self->let_through = g_strdup(player_name);
        /* Only a cover the page puts up now, on its first refresh (some pages refresh at
         * high idle priority), not one of a later turn. */
        g_clear_handle_id(&self->let_through_expiry, g_source_remove);
        self->let_through_expiry = g_idle_add(let_through_expire, self);
    }
}
