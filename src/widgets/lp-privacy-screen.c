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

    GtkWidget *child;
    gboolean covered;
};

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
    N_SIGNALS
};
static guint signals[N_SIGNALS];

static void take_focus(LpPrivacyScreen *self)
{
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));

    if (!self->covered)
        return;
    if (GTK_IS_WINDOW(root))
        gtk_window_set_default_widget(GTK_WINDOW(root), self->show_button);
    gtk_widget_grab_focus(self->show_button);
}

static void on_map(GtkWidget *widget, gpointer user_data)
{
    take_focus(LP_PRIVACY_SCREEN(widget));
}

/* GtkWindow does not forget a default widget that goes away: leaving the window (the game
 * page replaced or closed while covered) must hand the default back, or the window later
 * touches the freed "Show" button. */
static void on_unmap(GtkWidget *widget, gpointer user_data)
{
    LpPrivacyScreen *self = LP_PRIVACY_SCREEN(widget);
    GtkRoot *root = gtk_widget_get_root(widget);

    (void)user_data;
    if (GTK_IS_WINDOW(root) &&
        gtk_window_get_default_widget(GTK_WINDOW(root)) == self->show_button)
        gtk_window_set_default_widget(GTK_WINDOW(root), NULL);
}

static void on_show_clicked(GtkButton *button, LpPrivacyScreen *self)
{
    lp_privacy_screen_uncover(self);
    g_signal_emit(self, signals[SIGNAL_REVEALED], 0);
}

static void lp_privacy_screen_dispose(GObject *object)
{
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    LP_PRIVACY_SCREEN(object)->child = NULL;
    G_OBJECT_CLASS(lp_privacy_screen_parent_class)->dispose(object);
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

    gtk_widget_class_set_template_from_resource(widget_class,
        "/io/github/landpartie/Landpartie/ui/lp-privacy-screen.ui");
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, stack);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, content_box);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, cover_box);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, title_label);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, message_label);
    gtk_widget_class_bind_template_child(widget_class, LpPrivacyScreen, show_button);
    gtk_widget_class_bind_template_callback(widget_class, on_show_clicked);

    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "privacyscreen");
}

static void lp_privacy_screen_init(LpPrivacyScreen *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    lp_a11y_fix_mnemonic_button(GTK_BUTTON(self->show_button));
    /* Once uncovered, the cover and its "Show" button leave the accessibility tree. */
    lp_a11y_stack_hide_inactive_pages(self->stack);
    g_signal_connect(self, "map", G_CALLBACK(on_map), NULL);
    g_signal_connect(self, "unmap", G_CALLBACK(on_unmap), NULL);
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
    gtk_widget_set_visible(self->content_box, FALSE);

    if (!self->covered) {
        self->covered = TRUE;
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_COVERED]);
    }
    if (gtk_widget_get_mapped(GTK_WIDGET(self)))
        take_focus(self);
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
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_COVERED]);
    if (self->child != NULL)
        gtk_widget_child_focus(self->child, GTK_DIR_TAB_FORWARD);
}

gboolean lp_privacy_screen_is_covered(LpPrivacyScreen *self)
{
    g_return_val_if_fail(LP_IS_PRIVACY_SCREEN(self), FALSE);
    return self->covered;
}

gboolean lp_privacy_needed(LpGame *game)
{
    g_return_val_if_fail(LP_IS_GAME(game), FALSE);
    return lp_players_count_humans(lp_game_get_players(game)) >= 2;
}
