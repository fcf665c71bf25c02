/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game joined on another device (issue 31): a page per view, and the bar above it. */
#include "config.h"

#include "lp-join-session.h"

#include <glib/gi18n.h>

#include "lp-driver.h"
#include "lp-game-page.h"

struct _LpJoinSession {
    GtkWidget parent_instance;

    GtkWidget *box;
    GtkWidget *bar;
    GtkWidget *bar_spinner;
    GtkWidget *bar_label;
    GtkWidget *join_again_button;
    GtkWidget *start_button;
    GtkWidget *slot;

    LpNetTable *table;
    LpSettings *settings;
    const LpGameUi *info;
    GtkWidget *page;
    LpDriver *driver;
    char *refusal; /* the host's last word on a move of this seat, until the next view */
};

G_DEFINE_FINAL_TYPE(LpJoinSession, lp_join_session, GTK_TYPE_WIDGET)

enum { PAGE_CHANGED, JOIN_AGAIN, N_SIGNALS };
static guint signals[N_SIGNALS];

/* One place that sets the bar from the table's state. */
static void update_bar(LpJoinSession *self)
{
    const char *text = NULL;
    gboolean busy = FALSE, again = FALSE, start = FALSE;
    g_autofree char *owned = NULL;

    switch (lp_net_table_get_state(self->table)) {
    case LP_NET_TABLE_LOST:
    case LP_NET_TABLE_CONNECTING:
        text = _("Connection to the host lost. Trying again…");
        busy = TRUE;
        break;
    case LP_NET_TABLE_FAILED:
        owned = g_strdup_printf(_("%s Your seat stays yours at the host: join again when it "
                                  "is back."),
                                lp_net_table_get_problem(self->table));
        text = owned;
        again = TRUE;
        start = TRUE;
        break;
    case LP_NET_TABLE_OVER:
        /* Issue 10: nothing says the game is over before the page has shown its end. */
        if (self->page != NULL && lp_game_page_get_finished(LP_GAME_PAGE(self->page))) {
            text = _("The game is over.");
            start = TRUE;
        }
        break;
    default:
        text = self->refusal;
        break;
    }
    gtk_label_set_text(GTK_LABEL(self->bar_label), text != NULL ? text : "");
    gtk_widget_set_visible(self->bar, text != NULL);
    gtk_widget_set_visible(self->bar_spinner, busy);
    gtk_spinner_set_spinning(GTK_SPINNER(self->bar_spinner), busy);
    gtk_widget_set_visible(self->join_again_button, again);
    gtk_widget_set_visible(self->start_button, start);
}

static void on_finished(LpJoinSession *self)
{
    update_bar(self);
    g_signal_emit(self, signals[PAGE_CHANGED], 0);
}

/* Issue 31: every view is a new mirror and a new page. The new page goes in first and takes
 * over what the person was doing on the old one; only then does the old one leave, so
 * nothing flickers and the focus never falls out of the window. */
static void show_mirror(LpJoinSession *self, LpGame *mirror)
{
    const LpGameUi *info = lp_game_ui_lookup(lp_game_get_kind(mirror));
    GtkWidget *previous = self->page;
    LpDriver *previous_driver = self->driver;

    if (info == NULL)
        return;
    /* A mirror never moves by itself (LpDriver leaves mirrors alone); the page wants one to
     * hold while it shows something. */
    self->driver = lp_driver_new(mirror, NULL);
    self->page = lp_game_page_new(info->page_type, mirror, self->driver, self->settings);
    gtk_widget_set_hexpand(self->page, TRUE);
    gtk_widget_set_vexpand(self->page, TRUE);
    gtk_box_append(GTK_BOX(self->slot), self->page);
    g_signal_connect_object(self->page, "notify::finished", G_CALLBACK(on_finished), self,
                            G_CONNECT_SWAPPED);
    if (previous != NULL) {
        if (info == self->info)
            lp_game_page_carry_over(LP_GAME_PAGE(self->page), LP_GAME_PAGE(previous));
        /* As clear_game() in the window: a page removed with the focus inside lives on. */
        GtkRoot *root = gtk_widget_get_root(previous);
        GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
        gboolean lost = focus != NULL && gtk_widget_is_ancestor(focus, previous);
        if (lost)
            gtk_root_set_focus(root, NULL);
        gtk_box_remove(GTK_BOX(self->slot), previous);
        /* The new page had no place for the focus (the button just pressed is gone): it
         * starts at the page's first control, not at the window's title bar. */
        if (lost)
            gtk_widget_child_focus(self->page, GTK_DIR_TAB_FORWARD);
    } else if (gtk_widget_get_root(GTK_WIDGET(self)) != NULL) {
        gtk_widget_child_focus(self->page, GTK_DIR_TAB_FORWARD);
    }
    g_clear_object(&previous_driver);
    self->info = info;
    g_clear_pointer(&self->refusal, g_free);
    update_bar(self);
    g_signal_emit(self, signals[PAGE_CHANGED], 0);
}

static void on_mirror(LpNetTable *table, LpGame *mirror, LpJoinSession *self)
{
    show_mirror(self, mirror);
}

static void on_refused(LpNetTable *table, const char *message, LpJoinSession *self)
{
    /* A page asks its host once per decision and then waits for the next view; none comes
     * for a refused move. A new page over the same view asks again, keeping what the person
     * had chosen. */
    LpGame *mirror = lp_net_table_get_mirror(table);
    if (mirror != NULL && self->page != NULL &&
        lp_game_page_get_game(LP_GAME_PAGE(self->page)) == mirror)
        show_mirror(self, mirror);
    g_free(self->refusal);
    /* Translators: the host did not play a move made on this device; %s says why. */
    self->refusal = g_strdup_printf(_("The host did not take that move: %s"), message);
    update_bar(self);
}

static void on_join_again(LpJoinSession *self)
{
    g_signal_emit(self, signals[JOIN_AGAIN], 0);
}

static void lp_join_session_dispose(GObject *object)
{
    LpJoinSession *self = LP_JOIN_SESSION(object);

    if (self->table != NULL) {
        g_signal_handlers_disconnect_by_data(self->table, self);
        lp_net_table_leave(self->table);
    }
    g_clear_object(&self->table);
    g_clear_pointer(&self->box, gtk_widget_unparent);
    g_clear_object(&self->driver);
    g_clear_object(&self->settings);
    G_OBJECT_CLASS(lp_join_session_parent_class)->dispose(object);
}

static void lp_join_session_finalize(GObject *object)
{
    LpJoinSession *self = LP_JOIN_SESSION(object);

    g_free(self->refusal);
    G_OBJECT_CLASS(lp_join_session_parent_class)->finalize(object);
}

static void lp_join_session_class_init(LpJoinSessionClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_join_session_dispose;
    object_class->finalize = lp_join_session_finalize;
    /** LpJoinSession::page-changed: a new page (or its "finished" changed). */
    signals[PAGE_CHANGED] = g_signal_new("page-changed", G_TYPE_FROM_CLASS(klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 0);
    /** LpJoinSession::join-again: "Join Again" after the connection was lost for good. */
    signals[JOIN_AGAIN] = g_signal_new("join-again", G_TYPE_FROM_CLASS(klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "joinsession");
}

static void lp_join_session_init(LpJoinSession *self)
{
    self->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_parent(self->box, GTK_WIDGET(self));

    self->bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_add_css_class(self->bar, "join-bar");
    gtk_widget_set_visible(self->bar, FALSE);
    self->bar_spinner = gtk_spinner_new();
    self->bar_label = g_object_new(GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                                   "wrap", TRUE, "xalign", 0.0f, "hexpand", TRUE, NULL);
    self->join_again_button = gtk_button_new_with_mnemonic(_("_Join Again"));
    gtk_widget_add_css_class(self->join_again_button, "suggested-action");
    g_signal_connect_swapped(self->join_again_button, "clicked", G_CALLBACK(on_join_again),
                             self);
    self->start_button = gtk_button_new_with_mnemonic(_("Back to _Start"));
    gtk_actionable_set_action_name(GTK_ACTIONABLE(self->start_button), "win.show-start");
    gtk_box_append(GTK_BOX(self->bar), self->bar_spinner);
    gtk_box_append(GTK_BOX(self->bar), self->bar_label);
    gtk_box_append(GTK_BOX(self->bar), self->join_again_button);
    gtk_box_append(GTK_BOX(self->bar), self->start_button);
    gtk_box_append(GTK_BOX(self->box), self->bar);

    self->slot = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_widget_set_hexpand(self->slot, TRUE);
    gtk_widget_set_vexpand(self->slot, TRUE);
    gtk_box_append(GTK_BOX(self->box), self->slot);
}

GtkWidget *lp_join_session_new(LpNetTable *table, LpSettings *settings)
{
    g_return_val_if_fail(LP_IS_NET_TABLE(table), NULL);
    g_return_val_if_fail(lp_net_table_get_mirror(table) != NULL, NULL);
    LpJoinSession *self = g_object_new(LP_TYPE_JOIN_SESSION, NULL);

    self->table = g_object_ref(table);
    self->settings = settings != NULL ? g_object_ref(settings) : lp_settings_new();
    g_signal_connect(table, "mirror", G_CALLBACK(on_mirror), self);
    g_signal_connect(table, "refused", G_CALLBACK(on_refused), self);
    g_signal_connect_swapped(table, "state-changed", G_CALLBACK(update_bar), self);
    show_mirror(self, lp_net_table_get_mirror(table));
    return GTK_WIDGET(self);
}

LpNetTable *lp_join_session_get_table(LpJoinSession *self)
{
    g_return_val_if_fail(LP_IS_JOIN_SESSION(self), NULL);
    return self->table;
}

const LpGameUi *lp_join_session_get_game_ui(LpJoinSession *self)
{
    g_return_val_if_fail(LP_IS_JOIN_SESSION(self), NULL);
    return self->info;
}

GtkWidget *lp_join_session_get_page(LpJoinSession *self)
{
    g_return_val_if_fail(LP_IS_JOIN_SESSION(self), NULL);
    return self->page;
}

LpGame *lp_join_session_get_game(LpJoinSession *self)
{
    g_return_val_if_fail(LP_IS_JOIN_SESSION(self), NULL);
    return self->page != NULL ? lp_game_page_get_game(LP_GAME_PAGE(self->page)) : NULL;
}

gboolean lp_join_session_is_playing(LpJoinSession *self)
{
    g_return_val_if_fail(LP_IS_JOIN_SESSION(self), FALSE);
    LpNetTableState state = lp_net_table_get_state(self->table);
    return state != LP_NET_TABLE_OVER && state != LP_NET_TABLE_FAILED &&
           state != LP_NET_TABLE_IDLE;
}

void lp_join_session_leave(LpJoinSession *self)
{
    g_return_if_fail(LP_IS_JOIN_SESSION(self));
    g_signal_handlers_disconnect_by_data(self->table, self);
    lp_net_table_leave(self->table);
}
