/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The bar above a hosted game's page: who is waited for, and a computer to stand in. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-a11y.h"
#include "lp-host-banner.h"

/* The controls of one seat's row. */
typedef struct {
    LpHostBanner *banner;
    guint seat;
    GtkWidget *box;
    GtkWidget *label;
    GtkWidget *level;
    GtkWidget *button;
} SeatRow;

struct _LpHostBanner {
    GtkWidget parent_instance;

    GtkWidget *revealer;
    GtkWidget *rows_box;
    LpHostSession *session;
    gulong changed_id;
    GPtrArray *rows; /* SeatRow*, owned */
};

G_DEFINE_FINAL_TYPE(LpHostBanner, lp_host_banner, GTK_TYPE_WIDGET)

/* In LpLevel's order. */
static const char *const level_labels[] = {
    N_("Computer – easy"),
    N_("Computer – normal"),
    N_("Computer – hard"),
};

static void on_button_clicked(GtkButton *button, SeatRow *row)
{
    LpHostSession *session = row->banner->session;

    if (lp_host_session_has_stand_in(session, row->seat, NULL)) {
        lp_host_session_stop_stand_in(session, row->seat);
        return;
    }
    guint level = gtk_drop_down_get_selected(GTK_DROP_DOWN(row->level));
    lp_host_session_stand_in(session, row->seat,
                             level <= LP_LEVEL_HARD ? (LpLevel)level : LP_LEVEL_NORMAL);
}

static void update(LpHostBanner *self)
{
    gboolean any = FALSE;

    for (guint i = 0; i < self->rows->len; i++) {
        SeatRow *row = self->rows->pdata[i];
        const char *name =
            lp_player_get_display_name(lp_host_session_get_player(self->session, row->seat));
        gboolean waiting = lp_host_session_seat_is_waiting(self->session, row->seat);
        gboolean stand_in = lp_host_session_has_stand_in(self->session, row->seat, NULL);
        g_autofree char *text = NULL;

        gtk_widget_set_visible(row->box, waiting);
        any = any || waiting;
        if (!waiting)
            continue;
        if (stand_in)
            /* Translators: %s is a player's name; the device they play on is gone. */
            text = g_strdup_printf(_("A computer player plays for %s until the device is "
                                     "back."),
                                   name);
        else
            /* Translators: both %s are the same player's name. */
            text = g_strdup_printf(_("%s’s device is not connected. Waiting for %s…"), name,
                                   name);
        /* Only a change is set: an alert is read out again on every change. */
        if (g_strcmp0(gtk_label_get_text(GTK_LABEL(row->label)), text) != 0)
            gtk_label_set_text(GTK_LABEL(row->label), text);
        gtk_widget_set_visible(row->level, !stand_in);
        gtk_button_set_label(GTK_BUTTON(row->button),
                             stand_in ? _("_Wait Instead") : _("_Let a Computer Play"));
        lp_a11y_fix_mnemonic_button(GTK_BUTTON(row->button));
    }
    gtk_revealer_set_reveal_child(GTK_REVEALER(self->revealer), any);
}

static SeatRow *seat_row(LpHostBanner *self, guint seat)
{
    SeatRow *row = g_new0(SeatRow, 1);
    g_autoptr(GtkStringList) levels = gtk_string_list_new(NULL);
    g_autofree char *level_name = NULL;

    row->banner = self;
    row->seat = seat;
    row->box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    gtk_widget_add_css_class(row->box, "host-banner");
    row->label = g_object_new(GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_ALERT,
                              "wrap", TRUE, "xalign", 0.0f, "hexpand", TRUE, NULL);
    gtk_widget_add_css_class(row->label, "host-banner-text");
    gtk_box_append(GTK_BOX(row->box), row->label);
    for (guint i = 0; i < G_N_ELEMENTS(level_labels); i++)
        gtk_string_list_append(levels, _(level_labels[i]));
    row->level = gtk_drop_down_new(G_LIST_MODEL(g_steal_pointer(&levels)), NULL);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(row->level), LP_LEVEL_NORMAL);
    gtk_widget_set_valign(row->level, GTK_ALIGN_CENTER);
    level_name = g_strdup_printf(_("Level of the computer player for %s"),
                                 lp_player_get_name(lp_host_session_get_player(self->session,
                                                                               seat)));
    gtk_accessible_update_property(GTK_ACCESSIBLE(row->level), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   level_name, -1);
    /* GTK 4.8 names a drop-down's button by its class (issue 13): by its drop-down instead. */
    for (GtkWidget *c = gtk_widget_get_first_child(row->level); c != NULL;
         c = gtk_widget_get_next_sibling(c))
        if (GTK_IS_TOGGLE_BUTTON(c))
            gtk_accessible_update_relation(GTK_ACCESSIBLE(c), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                           row->level, NULL, -1);
    gtk_box_append(GTK_BOX(row->box), row->level);
    row->button = gtk_button_new_with_mnemonic(_("_Let a Computer Play"));
    gtk_widget_set_valign(row->button, GTK_ALIGN_CENTER);
    g_signal_connect(row->button, "clicked", G_CALLBACK(on_button_clicked), row);
    gtk_box_append(GTK_BOX(row->box), row->button);
    gtk_widget_set_visible(row->box, FALSE);
    gtk_box_append(GTK_BOX(self->rows_box), row->box);
    return row;
}

static void lp_host_banner_dispose(GObject *object)
{
    LpHostBanner *self = LP_HOST_BANNER(object);
    GtkWidget *child;

    if (self->session != NULL)
        g_clear_signal_handler(&self->changed_id, self->session);
    g_clear_object(&self->session);
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(lp_host_banner_parent_class)->dispose(object);
}

static void lp_host_banner_finalize(GObject *object)
{
    LpHostBanner *self = LP_HOST_BANNER(object);

    g_clear_pointer(&self->rows, g_ptr_array_unref);
    G_OBJECT_CLASS(lp_host_banner_parent_class)->finalize(object);
}

static void lp_host_banner_class_init(LpHostBannerClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = lp_host_banner_dispose;
    object_class->finalize = lp_host_banner_finalize;
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "hostbanner");
}

static void lp_host_banner_init(LpHostBanner *self)
{
    self->revealer = gtk_revealer_new();
    gtk_revealer_set_transition_type(GTK_REVEALER(self->revealer),
                                     GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
    self->rows_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_revealer_set_child(GTK_REVEALER(self->revealer), self->rows_box);
    gtk_widget_set_parent(self->revealer, GTK_WIDGET(self));
    self->rows = g_ptr_array_new_with_free_func(g_free);
}

GtkWidget *lp_host_banner_new(LpHostSession *session)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(session), NULL);

    LpHostBanner *self = g_object_new(LP_TYPE_HOST_BANNER, NULL);
    self->session = g_object_ref(session);
    for (guint i = 0; i < lp_host_session_get_n_seats(session); i++)
        if (lp_host_session_seat_is_remote(session, i))
            g_ptr_array_add(self->rows, seat_row(self, i));
    self->changed_id = g_signal_connect_swapped(session, "changed", G_CALLBACK(update), self);
    update(self);
    return GTK_WIDGET(self);
}

const char *lp_host_banner_get_text(LpHostBanner *self, guint seat)
{
    g_return_val_if_fail(LP_IS_HOST_BANNER(self), NULL);
    for (guint i = 0; i < self->rows->len; i++) {
        SeatRow *row = self->rows->pdata[i];
        if (row->seat == seat)
            return gtk_widget_get_visible(row->box) ? gtk_label_get_text(GTK_LABEL(row->label))
                                                    : NULL;
    }
    return NULL;
}
