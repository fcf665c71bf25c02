/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The hand of the player whose turn it is: cards to pick from, by mouse or keyboard.
 *
 * Each card is a toggle button; one is picked at a time; picking it again plays it.
 * Signals:
 *   "selection-changed" ()         the picked card changed
 *   "card-activated" (guint card)  a picked card was picked again (click, Enter, Space) */
#include "config.h"

#include "aa-hand.h"

#include <glib/gi18n.h>

#include "aa-card-art.h"
#include "aa-card.h"

#define CARD_WIDTH 66

struct _AaHand {
    GtkWidget parent_instance;
    GtkWidget *box;
    GPtrArray *buttons;   /* GtkToggleButton, card id in "aa-card" data */
    int selected;
    gboolean updating;
    gboolean just_selected;   /* the current click picked the card; it does not play it */
};

G_DEFINE_FINAL_TYPE(AaHand, aa_hand, GTK_TYPE_WIDGET)

enum { SIGNAL_SELECTION_CHANGED, SIGNAL_CARD_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static int button_card(GtkWidget *button)
{
    return GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "aa-card")) - 1;
}

/* The buttons behave as radio buttons, kept by hand: GTK's toggle groups swallow the click
 * on the active button that means "play it". */
static void on_toggled(GtkToggleButton *button, AaHand *self)
{
    if (self->updating)
        return;
    self->updating = TRUE;
    if (gtk_toggle_button_get_active(button)) {
        for (guint i = 0; i < self->buttons->len; i++) {
            if (self->buttons->pdata[i] != (gpointer)button)
                gtk_toggle_button_set_active(self->buttons->pdata[i], FALSE);
        }
        self->selected = button_card(GTK_WIDGET(button));
        self->just_selected = TRUE;
        self->updating = FALSE;
        g_signal_emit(self, signals[SIGNAL_SELECTION_CHANGED], 0);
        return;
    }
    /* The picked card was picked again: it stays picked, "clicked" plays it. */
    gtk_toggle_button_set_active(button, TRUE);
    self->updating = FALSE;
}

static void on_clicked(GtkButton *button, AaHand *self)
{
    if (self->just_selected) {
        self->just_selected = FALSE;
        return;
    }
    int card = button_card(GTK_WIDGET(button));
    if (card >= 0 && card == self->selected)
        g_signal_emit(self, signals[SIGNAL_CARD_ACTIVATED], 0, (guint)card);
}

void aa_hand_set_cards(AaHand *self, GArray *cards, guint n, gboolean sensitive)
{
    g_return_if_fail(AA_IS_HAND(self));
    self->updating = TRUE;
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(self->box)) != NULL)
        gtk_box_remove(GTK_BOX(self->box), child);
    g_ptr_array_set_size(self->buttons, 0);

    int keep = -1;
    guint count = cards != NULL ? cards->len : n;
    for (guint i = 0; i < count; i++) {
        int card = cards != NULL ? g_array_index(cards, guint8, i) : -1;
        int face = card >= 0 ? aa_card_face(card) : AA_CARD_ART_BACK;
        GtkWidget *button = gtk_toggle_button_new();
        gtk_widget_add_css_class(button, "aa-hand-card");
        gtk_widget_add_css_class(button, "flat");
        gtk_button_set_child(GTK_BUTTON(button), aa_card_art_picture(face, CARD_WIDTH));
        g_object_set_data(G_OBJECT(button), "aa-card", GINT_TO_POINTER(card + 1));
        g_autofree char *name = aa_card_art_name(face);
        gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       name, -1);
        gtk_widget_set_tooltip_text(button, name);
        gtk_widget_set_sensitive(button, sensitive && card >= 0);
        if (card >= 0 && card == self->selected && sensitive) {
            gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(button), TRUE);
            keep = card;
        }
        g_signal_connect(button, "toggled", G_CALLBACK(on_toggled), self);
        g_signal_connect(button, "clicked", G_CALLBACK(on_clicked), self);
        gtk_box_append(GTK_BOX(self->box), button);
        g_ptr_array_add(self->buttons, button);
    }
    gboolean changed = keep != self->selected;
    self->selected = keep;
    self->updating = FALSE;
    if (changed)
        g_signal_emit(self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

int aa_hand_get_selected(AaHand *self)
{
    g_return_val_if_fail(AA_IS_HAND(self), -1);
    return self->selected;
}

gboolean aa_hand_select_index(AaHand *self, guint index)
{
    g_return_val_if_fail(AA_IS_HAND(self), FALSE);
    if (index >= self->buttons->len)
        return FALSE;
    GtkWidget *button = self->buttons->pdata[index];
    if (!gtk_widget_get_sensitive(button))
        return FALSE;
    gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(button), TRUE);
    self->just_selected = FALSE;
    gtk_widget_grab_focus(button);
    return TRUE;
}

void aa_hand_focus_selected(AaHand *self)
{
    g_return_if_fail(AA_IS_HAND(self));
    for (guint i = 0; i < self->buttons->len; i++) {
        GtkWidget *button = self->buttons->pdata[i];
        if (button_card(button) == self->selected || (self->selected < 0 && i == 0)) {
            gtk_widget_grab_focus(button);
            return;
        }
    }
}

static void aa_hand_dispose(GObject *object)
{
    AaHand *self = AA_HAND(object);
    g_clear_pointer(&self->box, gtk_widget_unparent);
    G_OBJECT_CLASS(aa_hand_parent_class)->dispose(object);
}

static void aa_hand_finalize(GObject *object)
{
    AaHand *self = AA_HAND(object);
    g_clear_pointer(&self->buttons, g_ptr_array_unref);
    G_OBJECT_CLASS(aa_hand_parent_class)->finalize(object);
}

static void aa_hand_class_init(AaHandClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = aa_hand_dispose;
    object_class->finalize = aa_hand_finalize;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "aa-hand");
    gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), GTK_ACCESSIBLE_ROLE_GROUP);

    /**
     * AaHand::selection-changed:
     * The picked card changed (see aa_hand_get_selected()).
     */
    signals[SIGNAL_SELECTION_CHANGED] = g_signal_new("selection-changed",
                                                     G_TYPE_FROM_CLASS(klass),
                                                     G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                     G_TYPE_NONE, 0);
    /**
     * AaHand::card-activated:
     * @card: the card id that was picked a second time, meaning "play it"
     */
    signals[SIGNAL_CARD_ACTIVATED] = g_signal_new("card-activated", G_TYPE_FROM_CLASS(klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void aa_hand_init(AaHand *self)
{
    self->selected = -1;
    self->buttons = g_ptr_array_new();
    self->box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
    gtk_widget_set_halign(self->box, GTK_ALIGN_CENTER);
    gtk_widget_set_parent(self->box, GTK_WIDGET(self));
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Hand"), -1);
}

GtkWidget *aa_hand_new(void)
{
    return g_object_new(AA_TYPE_HAND, NULL);
}
