/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kilometre counter: the face-down pile of this round, the cards that stay, the total
 * against the stage goal, and the log of the round's resolution. The log is the model's
 * (aa_game_get_turned): it lasts until the next round's pile is turned over or the next stage
 * is dealt, so a human who played a card reads what it did whatever the pace of the computers
 * (issue 10: results stay until a human goes on), and a continued game shows it again
 * (issue 36). */
#include "config.h"

#include "aa-counter.h"

#include <glib/gi18n.h>

#include "aa-card-art.h"

/* Wide enough for the "km" of a card to be read. */
#define STAY_WIDTH 48
#define PILE_WIDTH 34
#define LOG_WIDTH 26

struct _AaCounter {
    GtkWidget parent_instance;
    AaGame *game;
    GtkWidget *box;
    GtkWidget *total_label;
    GtkWidget *level;
    GtkWidget *stays_title;
    GtkWidget *stays_box;
    GtkWidget *pile_box;
    GtkWidget *pile_label;
    GtkWidget *log_title;
    GtkWidget *log_box;
    int viewer;
};

G_DEFINE_FINAL_TYPE(AaCounter, aa_counter, GTK_TYPE_WIDGET)

char *aa_counter_format_km(int km)
{
    /* U+2212 MINUS SIGN, as on the −50 card. */
    return km < 0 ? g_strdup_printf("−%d", -km) : g_strdup_printf("%d", km);
}

static const char *seat_name(AaCounter *self, int seat)
{
    if (seat < 0 || (guint)seat >= lp_game_get_n_players(LP_GAME(self->game)))
        return NULL;
    return lp_player_get_display_name(lp_game_get_player(LP_GAME(self->game), seat));
}

/* A card's name with its number and "km" kept on one line. */
static char *card_name(int face)
{
    g_autofree char *name = aa_card_art_name(face);
    GString *text = g_string_new(name);
    g_string_replace(text, " km", "\u00a0km", 0);
    return g_string_free(text, FALSE);
}

/* One sentence per card of the model's log: whose it was and what it did. */
static char *entry_text(AaCounter *self, guint index)
{
    guint owner_seat;
    int total_km;
    guint card = aa_game_get_turned(self->game, index, &owner_seat, &total_km);
    int face = aa_card_face(card);
    const char *owner = seat_name(self, owner_seat);
    g_autofree char *total = aa_counter_format_km(total_km);
    g_autofree char *name = card_name(face);
    if (owner == NULL)
        owner = "?";
    switch (aa_card_kind(card)) {
    case AA_KIND_KM:
        /* Translators: a line of the counter's log: the card's owner, the card ("30 km"),
         * the counter's new total; a no-break space keeps "km" with its number. */
        return g_strdup_printf(_("%1$s’s %2$s: the counter moves to %3$s km."), owner, name,
                               total);
    case AA_KIND_MINUS50:
        return g_strdup_printf(_("%1$s’s lost cargo: the counter goes back to %2$s km."),
                               owner, total);
    case AA_KIND_REST:
        return g_strdup_printf(_("%s’s rest: no effect."), owner);
    case AA_KIND_PLUS1:
        return g_strdup_printf(_("%s’s free passage: everyone adds one more card to their "
                                 "route."),
                               owner);
    case AA_KIND_PLUS2:
        return g_strdup_printf(_("%s’s step on the gas: everyone adds two more cards to "
                                 "their route."),
                               owner);
    case AA_KIND_MINUS1:
    default:
        break;
    }
    guint n = lp_game_get_n_players(LP_GAME(self->game));
    gboolean any = FALSE;
    for (guint seat = 0; seat < n; seat++)
        any = any || aa_game_get_turned_loss(self->game, self->viewer, index, seat, NULL);
    if (!any)
        return g_strdup_printf(_("%s’s obstacle: no route had a card to lose."), owner);
    GString *text = g_string_new(NULL);
    g_string_append_printf(text, _("%s’s obstacle: every route loses its last card."), owner);
    for (guint seat = 0; seat < n; seat++) {
        int lost_card;
        /* A route card is face down: only its owner learns which one went (the model says
         * so), and the others' losses are what "every route" said already. */
        if (!aa_game_get_turned_loss(self->game, self->viewer, index, seat, &lost_card) ||
            lost_card < 0)
            continue;
        g_autofree char *lost = card_name(aa_card_face(lost_card));
        g_string_append_c(text, '\n');
        /* Translators: the route's owner, the card it lost ("30 km"). */
        g_string_append_printf(text, _("%1$s’s route loses its %2$s card."),
                               seat_name(self, seat), lost);
    }
    return g_string_free(text, FALSE);
}

static void clear_box(GtkWidget *box)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(box)) != NULL) {
        if (GTK_IS_FLOW_BOX(box))
            gtk_flow_box_remove(GTK_FLOW_BOX(box), child);
        else
            gtk_box_remove(GTK_BOX(box), child);
    }
}

/* name: what a screen reader says for the cell, which GTK 4.8 would call by its class
 * ("GtkFlowBoxChild", issue 13); the same as the page shows, the tooltip included. */
static void flow_append(GtkWidget *flow, GtkWidget *child, const char *name)
{
    gtk_flow_box_append(GTK_FLOW_BOX(flow), child);
    /* Pictures, not stops on the way of the Tab key. */
    gtk_widget_set_focusable(gtk_widget_get_parent(child), FALSE);
    gtk_widget_set_tooltip_text(child, name);
    gtk_accessible_update_property(GTK_ACCESSIBLE(gtk_widget_get_parent(child)),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void update_log(AaCounter *self)
{
    clear_box(self->log_box);
    guint n = aa_game_get_n_turned(self->game);
    for (guint i = 0; i < n; i++) {
        GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        guint id = aa_game_get_turned(self->game, i, NULL, NULL);
        GtkWidget *card = aa_card_art_picture(aa_card_face(id), LOG_WIDTH);
        gtk_widget_set_valign(card, GTK_ALIGN_START);
        g_autofree char *text = entry_text(self, i);
        GtkWidget *label = gtk_label_new(text);
        gtk_label_set_wrap(GTK_LABEL(label), TRUE);
        gtk_label_set_natural_wrap_mode(GTK_LABEL(label), GTK_NATURAL_WRAP_WORD);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_label_set_yalign(GTK_LABEL(label), 0);
        gtk_widget_set_hexpand(label, TRUE);
        /* Not a narrow column: the label takes the panel's width and wraps there. */
        gtk_label_set_width_chars(GTK_LABEL(label), 20);
        gtk_label_set_max_width_chars(GTK_LABEL(label), 40);
        gtk_widget_add_css_class(label, "aa-log-line");
        gtk_box_append(GTK_BOX(line), card);
        gtk_box_append(GTK_BOX(line), label);
        gtk_box_append(GTK_BOX(self->log_box), line);
    }
    gtk_widget_set_visible(self->log_title, n > 0);
    gtk_widget_set_visible(self->log_box, n > 0);
}

void aa_counter_update(AaCounter *self, int viewer)
{
    g_return_if_fail(AA_IS_COUNTER(self));
    self->viewer = viewer;
    int total = aa_game_get_total(self->game);
    int goal = aa_game_get_goal(self->game);
    g_autofree char *total_text = aa_counter_format_km(total);
    /* Translators: kilometre counter total (may be negative, "−20") and the stage goal. */
    g_autofree char *text = g_strdup_printf(_("%s of %d km"), total_text, goal);
    gtk_label_set_text(GTK_LABEL(self->total_label), text);
    gtk_level_bar_set_value(GTK_LEVEL_BAR(self->level), CLAMP((double)total / goal, 0.0, 1.0));
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->level),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);

    clear_box(self->stays_box);
    GArray *counter = aa_game_get_counter(self->game);
    for (guint i = 0; i < counter->len; i++) {
        int face = aa_card_face(g_array_index(counter, guint8, i));
        GtkWidget *card = aa_card_art_picture(face, STAY_WIDTH);
        g_autofree char *name = aa_card_art_name(face);
        flow_append(self->stays_box, card, name);
    }
    gtk_widget_set_visible(self->stays_title, counter->len > 0);
    gtk_widget_set_visible(self->stays_box, counter->len > 0);

    guint pile = aa_game_get_pile_size(self->game);
    clear_box(self->pile_box);
    for (guint i = 0; i < pile; i++) {
        GtkWidget *card = aa_card_art_picture(AA_CARD_ART_BACK, PILE_WIDTH);
        guint owner = aa_game_get_pile_owner(self->game, i);
        g_autofree char *css_class = g_strdup_printf("aa-seat-%u", owner);
        gtk_widget_add_css_class(card, css_class);
        gtk_widget_add_css_class(card, "aa-pile-card");
        /* Face down: its owner (the colour on the page) and nothing of its face. */
        /* Translators: a card on the counter's face-down pile and the player who put it. */
        g_autofree char *name = g_strdup_printf(_("Face-down card of %s"),
                                                seat_name(self, owner));
        flow_append(self->pile_box, card, name);
    }
    gtk_widget_set_visible(self->pile_box, pile > 0);
    g_autofree char *pile_text =
        pile > 0 ? g_strdup_printf(ngettext("%u card face down, the top one is turned first",
                                            "%u cards face down, the top one is turned first",
                                            pile),
                                   pile)
                 : g_strdup(_("No face-down cards"));
    gtk_label_set_text(GTK_LABEL(self->pile_label), pile_text);
    update_log(self);
}

char *aa_counter_get_log_text(AaCounter *self)
{
    g_return_val_if_fail(AA_IS_COUNTER(self), NULL);
    GString *text = g_string_new(NULL);
    for (guint i = 0; i < aa_game_get_n_turned(self->game); i++) {
        g_autofree char *line = entry_text(self, i);
        g_string_append_printf(text, "%s\n", line);
    }
    return g_string_free(text, FALSE);
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

/* A row of cards that wraps onto more lines rather than clipping. */
static GtkWidget *flow_box(const char *accessible_name)
{
    GtkWidget *flow = gtk_flow_box_new();
    gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(flow), GTK_SELECTION_NONE);
    gtk_flow_box_set_homogeneous(GTK_FLOW_BOX(flow), FALSE);
    gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(flow), 30);
    gtk_flow_box_set_row_spacing(GTK_FLOW_BOX(flow), 4);
    gtk_flow_box_set_column_spacing(GTK_FLOW_BOX(flow), 4);
    gtk_widget_set_can_focus(flow, FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(flow), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   accessible_name, -1);
    return flow;
}

static void aa_counter_init(AaCounter *self)
{
    self->viewer = LP_VIEWER_ONLOOKER;
    self->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_parent(self->box, GTK_WIDGET(self));
    GtkWidget *title = gtk_label_new(_("Kilometre Counter"));
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

    self->stays_title = gtk_label_new(_("Cards on the Counter"));
    gtk_widget_add_css_class(self->stays_title, "heading");
    gtk_label_set_xalign(GTK_LABEL(self->stays_title), 0);
    gtk_widget_set_margin_top(self->stays_title, 6);
    self->stays_box = flow_box(_("Cards on the Counter"));
    self->pile_box = flow_box(_("Face-down pile"));
    self->pile_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->pile_label), 0);
    gtk_label_set_wrap(GTK_LABEL(self->pile_label), TRUE);
    gtk_widget_add_css_class(self->pile_label, "dim-label");

    self->log_title = gtk_label_new(_("Cards Turned Over"));
    gtk_widget_add_css_class(self->log_title, "heading");
    gtk_label_set_xalign(GTK_LABEL(self->log_title), 0);
    gtk_widget_set_margin_top(self->log_title, 6);
    self->log_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->log_box),
                                   GTK_ACCESSIBLE_PROPERTY_LABEL, _("Cards Turned Over"),
                                   -1);

    /* What changes in a round comes first (the pile, then what its cards did), the cards
     * that stay (their sum is the total above) last: on a small screen the panel scrolls,
     * and the log should not be what falls below the fold. */
    gtk_box_append(GTK_BOX(self->box), title);
    gtk_box_append(GTK_BOX(self->box), self->total_label);
    gtk_box_append(GTK_BOX(self->box), self->level);
    gtk_box_append(GTK_BOX(self->box), self->pile_box);
    gtk_box_append(GTK_BOX(self->box), self->pile_label);
    gtk_box_append(GTK_BOX(self->box), self->log_title);
    gtk_box_append(GTK_BOX(self->box), self->log_box);
    gtk_box_append(GTK_BOX(self->box), self->stays_title);
    gtk_box_append(GTK_BOX(self->box), self->stays_box);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Kilometre counter"), -1);
}

GtkWidget *aa_counter_new(AaGame *game)
{
    g_return_val_if_fail(AA_IS_GAME(game), NULL);
    AaCounter *self = g_object_new(AA_TYPE_COUNTER, NULL);
    self->game = g_object_ref(game);
    aa_counter_update(self, LP_VIEWER_ONLOOKER);
    return GTK_WIDGET(self);
}
