/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kilometre counter: the face-down pile of this round, the cards that stay, the total
 * against the stage goal, and what the card turned last did. */
#include "config.h"

#include "aa-counter.h"

#include <glib/gi18n.h>

#include "aa-card-art.h"

struct _AaCounter {
    GtkWidget parent_instance;
    AaGame *game;
    GtkWidget *box;
    GtkWidget *total_label;
    GtkWidget *level;
    GtkWidget *pile_box;
    GtkWidget *pile_label;
    GtkWidget *turned_box;
    GtkWidget *effect_label;
    GtkWidget *stays_box;
};

G_DEFINE_FINAL_TYPE(AaCounter, aa_counter, GTK_TYPE_WIDGET)

static void clear_box(GtkWidget *box)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(box)) != NULL)
        gtk_box_remove(GTK_BOX(box), child);
}

void aa_counter_update(AaCounter *self, int turned)
{
    g_return_if_fail(AA_IS_COUNTER(self));
    int total = aa_game_get_total(self->game);
    int goal = aa_game_get_goal(self->game);
    /* Translators: kilometre counter total and the stage goal. */
    g_autofree char *text = g_strdup_printf(_("%d of %d km"), total, goal);
    gtk_label_set_text(GTK_LABEL(self->total_label), text);
    gtk_level_bar_set_value(GTK_LEVEL_BAR(self->level), CLAMP((double)total / goal, 0.0, 1.0));
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->level),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);

    guint pile = aa_game_get_pile_size(self->game);
    clear_box(self->pile_box);
    for (guint i = 0; i < pile; i++) {
        GtkWidget *card = aa_card_art_picture(AA_CARD_ART_BACK, 30);
        guint owner = aa_game_get_pile_owner(self->game, i);
        g_autofree char *css_class = g_strdup_printf("aa-seat-%u", owner);
        gtk_widget_add_css_class(card, css_class);
        gtk_widget_add_css_class(card, "aa-pile-card");
        gtk_widget_set_tooltip_text(
            card, lp_player_get_name(lp_game_get_player(LP_GAME(self->game), owner)));
        gtk_box_append(GTK_BOX(self->pile_box), card);
    }
    g_autofree char *pile_text =
        pile > 0 ? g_strdup_printf(ngettext("%u card face down, the top one is turned first",
                                            "%u cards face down, the top one is turned first",
                                            pile),
                                   pile)
                 : g_strdup(_("No face-down cards"));
    gtk_label_set_text(GTK_LABEL(self->pile_label), pile_text);

    clear_box(self->turned_box);
    if (turned >= 0) {
        int face = aa_card_face(turned);
        gtk_box_append(GTK_BOX(self->turned_box), aa_card_art_picture(face, 48));
        g_autofree char *effect = aa_card_art_effect(face);
        gtk_label_set_text(GTK_LABEL(self->effect_label), effect);
    } else {
        gtk_label_set_text(GTK_LABEL(self->effect_label), "");
    }
    gtk_widget_set_visible(self->turned_box, turned >= 0);
    gtk_widget_set_visible(self->effect_label, turned >= 0);

    clear_box(self->stays_box);
    GArray *counter = aa_game_get_counter(self->game);
    for (guint i = 0; i < counter->len; i++)
        gtk_box_append(GTK_BOX(self->stays_box),
                       aa_card_art_picture(aa_card_face(g_array_index(counter, guint8, i)), 24));
}

static void aa_counter_dispose(GObject *object)
{
    AaCounter *self = AA_COUNTER(object);
    g_clear_pointer(&self->box, gtk_widget_unparent);
    g_clear_object(&self->game);
    G_OBJECT_CLASS(aa_counter_parent_class)->dispose(object);
}

static void aa_counter_class_init(AaCounterClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = aa_counter_dispose;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "aa-counter");
    gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkWidget *flow_box(void)
{
    /* A wrapping row would need GtkFlowBox; the counter rarely holds more than a dozen
     * cards, so a scrolled row is enough. */
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2);
    return box;
}

static void aa_counter_init(AaCounter *self)
{
    self->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_parent(self->box, GTK_WIDGET(self));
    GtkWidget *title = gtk_label_new(_("Kilometre counter"));
    gtk_widget_add_css_class(title, "heading");
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    self->total_label = gtk_label_new(NULL);
    gtk_widget_add_css_class(self->total_label, "title-2");
    gtk_label_set_xalign(GTK_LABEL(self->total_label), 0);
    self->level = gtk_level_bar_new();
    gtk_level_bar_set_mode(GTK_LEVEL_BAR(self->level), GTK_LEVEL_BAR_MODE_CONTINUOUS);
    gtk_level_bar_remove_offset_value(GTK_LEVEL_BAR(self->level), GTK_LEVEL_BAR_OFFSET_LOW);
    gtk_level_bar_remove_offset_value(GTK_LEVEL_BAR(self->level), GTK_LEVEL_BAR_OFFSET_HIGH);
    gtk_level_bar_remove_offset_value(GTK_LEVEL_BAR(self->level), GTK_LEVEL_BAR_OFFSET_FULL);

    GtkWidget *stays_scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(stays_scroller), GTK_POLICY_AUTOMATIC,
                                   GTK_POLICY_NEVER);
    self->stays_box = flow_box();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(stays_scroller), self->stays_box);
    gtk_widget_set_size_request(stays_scroller, -1, 42);

    self->pile_box = flow_box();
    gtk_widget_set_size_request(self->pile_box, -1, 42);
    self->pile_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->pile_label), 0);
    gtk_label_set_wrap(GTK_LABEL(self->pile_label), TRUE);
    gtk_widget_add_css_class(self->pile_label, "dim-label");

    GtkWidget *turned_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    self->turned_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    self->effect_label = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(self->effect_label), TRUE);
    gtk_label_set_xalign(GTK_LABEL(self->effect_label), 0);
    gtk_label_set_max_width_chars(GTK_LABEL(self->effect_label), 28);
    gtk_widget_add_css_class(self->effect_label, "aa-effect");
    gtk_box_append(GTK_BOX(turned_row), self->turned_box);
    gtk_box_append(GTK_BOX(turned_row), self->effect_label);
    gtk_widget_set_size_request(turned_row, -1, 70);

    gtk_box_append(GTK_BOX(self->box), title);
    gtk_box_append(GTK_BOX(self->box), self->total_label);
    gtk_box_append(GTK_BOX(self->box), self->level);
    gtk_box_append(GTK_BOX(self->box), stays_scroller);
    gtk_box_append(GTK_BOX(self->box), self->pile_box);
    gtk_box_append(GTK_BOX(self->box), self->pile_label);
    gtk_box_append(GTK_BOX(self->box), turned_row);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Kilometre counter"), -1);
}

GtkWidget *aa_counter_new(AaGame *game)
{
    g_return_val_if_fail(AA_IS_GAME(game), NULL);
    AaCounter *self = g_object_new(AA_TYPE_COUNTER, NULL);
    self->game = g_object_ref(game);
    aa_counter_update(self, -1);
    return GTK_WIDGET(self);
}
