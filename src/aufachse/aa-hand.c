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
#include "aa-layout.h"

#define CARD_MIN_WIDTH AA_HAND_CARD_MIN_WIDTH
#define CARD_MAX_WIDTH AA_HAND_CARD_MAX_WIDTH
#define SPACING AA_HAND_SPACING

struct _AaHand {
    GtkWidget parent_instance;
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

/* The card whose button has the keyboard focus, or -1. */
static int focused_card(AaHand *self)
{
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus(root) : NULL;
    for (guint i = 0; focus != NULL && i < self->buttons->len; i++) {
        GtkWidget *button = self->buttons->pdata[i];
        if (focus == button || gtk_widget_is_ancestor(focus, button))
            return button_card(button);
    }
    return -1;
}

void aa_hand_set_cards(AaHand *self, GArray *cards, guint n, gboolean sensitive)
{
    g_return_if_fail(AA_IS_HAND(self));
    /* A redraw that keeps the card keeps the focus on it (a joiner's page is redrawn when it
     * comes on screen, issue 31): GTK would move it to whatever button comes first. */
    int focused = focused_card(self);
    GtkWidget *refocus = NULL;
    self->updating = TRUE;
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    g_ptr_array_set_size(self->buttons, 0);

    int keep = -1;
    guint count = cards != NULL ? cards->len : n;
    for (guint i = 0; i < count; i++) {
        int card = cards != NULL ? g_array_index(cards, guint8, i) : -1;
        int face = card >= 0 ? aa_card_face(card) : AA_CARD_ART_BACK;
        GtkWidget *button = gtk_toggle_button_new();
        gtk_widget_add_css_class(button, "aa-hand-card");
        gtk_widget_add_css_class(button, "flat");
        gtk_button_set_child(GTK_BUTTON(button), aa_card_art_picture(face, CARD_MIN_WIDTH));
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
        if (card >= 0 && card == focused && sensitive)
            refocus = button;
        g_signal_connect(button, "toggled", G_CALLBACK(on_toggled), self);
        g_signal_connect(button, "clicked", G_CALLBACK(on_clicked), self);
        gtk_widget_set_parent(button, GTK_WIDGET(self));
        g_ptr_array_add(self->buttons, button);
    }
    gboolean changed = keep != self->selected;
    self->selected = keep;
    self->updating = FALSE;
    if (refocus != NULL)
        gtk_widget_grab_focus(refocus);
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

gboolean aa_hand_select_card(AaHand *self, guint card)
{
    g_return_val_if_fail(AA_IS_HAND(self), FALSE);
    for (guint i = 0; i < self->buttons->len; i++) {
        GtkWidget *button = self->buttons->pdata[i];
        if (button_card(button) != (int)card || !gtk_widget_get_sensitive(button))
            continue;
        gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(button), TRUE);
        self->just_selected = FALSE;
        return TRUE;
    }
    return FALSE;
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

/* ---- layout: one line of cards, centred, as large as the width allows ---- */

/* What a button adds around its card (padding, border), across and down. */
static void button_overhead(AaHand *self, int *across, int *down)
{
    *across = *down = 0;
    if (self->buttons->len == 0)
        return;
    GtkWidget *button = self->buttons->pdata[0];
    int w = 0, h = 0;
    gtk_widget_measure(button, GTK_ORIENTATION_HORIZONTAL, -1, &w, NULL, NULL, NULL);
    gtk_widget_measure(button, GTK_ORIENTATION_VERTICAL, -1, &h, NULL, NULL, NULL);
    *across = MAX(w - CARD_MIN_WIDTH, 0);
    *down = MAX(h - aa_layout_card_height(CARD_MIN_WIDTH), 0);
}

static GtkSizeRequestMode aa_hand_get_request_mode(GtkWidget *widget)
{
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void aa_hand_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
    AaHand *self = AA_HAND(widget);
    guint n = self->buttons->len;
    int across, down;
    button_overhead(self, &across, &down);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        int gaps = n > 0 ? (int)(n - 1) * SPACING : 0;
        *minimum = (int)n * (CARD_MIN_WIDTH + across) + gaps;
        *natural = (int)n * (CARD_MAX_WIDTH * 2 / 3 + across) + gaps;
        return;
    }
    if (n == 0) {
        *minimum = *natural = 0;
        return;
    }
    int min_h = aa_layout_card_height(CARD_MIN_WIDTH) + down;
    int w = for_size >= 0 ? aa_layout_hand_card_width(n, for_size, across) : CARD_MAX_WIDTH * 2 / 3;
    *minimum = min_h;
    *natural = MAX(aa_layout_card_height(w) + down, min_h);
}

static void aa_hand_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    AaHand *self = AA_HAND(widget);
    guint n = self->buttons->len;
    if (n == 0)
        return;
    int across, down;
    button_overhead(self, &across, &down);
    int w = aa_layout_hand_card_width(n, width, across);
    /* Not taller than given (a short window): narrower then, down to the minimum. */
    w = MAX(MIN(w, (int)((height - down) / AA_CARD_ASPECT)), CARD_MIN_WIDTH);
    int bw = w + across, bh = aa_layout_card_height(w) + down;
    int total = (int)n * bw + (int)(n - 1) * SPACING;
    int x = MAX((width - total) / 2, 0);
    for (guint i = 0; i < n; i++) {
        gtk_widget_allocate(self->buttons->pdata[i], bw, bh, -1,
                            gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(
                                                              x + (int)i * (bw + SPACING), 0)));
    }
}

static void aa_hand_dispose(GObject *object)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
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
    GTK_WIDGET_CLASS(klass)->get_request_mode = aa_hand_get_request_mode;
    GTK_WIDGET_CLASS(klass)->measure = aa_hand_measure;
    GTK_WIDGET_CLASS(klass)->size_allocate = aa_hand_size_allocate;
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
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Hand"), -1);
}

GtkWidget *aa_hand_new(void)
{
    return g_object_new(AA_TYPE_HAND, NULL);
}
