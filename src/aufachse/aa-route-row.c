/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One player's route: a row of cards growing to the right, face down unless the viewer may
 * see it; at a stage end face up with the scoring part highlighted and each break marked. */
#include "config.h"

#include "aa-route-row.h"

#include <glib/gi18n.h>

#include "aa-card-art.h"

#define CARD_WIDTH 38

struct _AaRouteRow {
    GtkWidget parent_instance;
    AaGame *game;
    guint seat;
    GtkWidget *name_label;
    GtkWidget *info_label;
    GtkWidget *cards_box;
    GtkWidget *score_label;
    GPtrArray *slots;      /* Slot per card place, reused from one update to the next */
    GtkWidget *empty_label;
    char *accessible_label;
};

/* A card place in the row: the picture and the break mark under it. Updates change what
 * they show; widgets are made only when a route grows past its longest so far, so an update
 * after every event of the game costs no widget tree rebuild. */
typedef struct {
    GtkWidget *box;
    GtkWidget *picture;
    GtkWidget *mark;
    int face;
    AaBreak why;
    int look; /* -1 not yet set, 0 plain, 1 scoring part, 2 dimmed */
} Slot;

G_DEFINE_FINAL_TYPE(AaRouteRow, aa_route_row, GTK_TYPE_WIDGET)

static const char *break_short(AaBreak why)
{
    switch (why) {
    case AA_BREAK_NOT_HIGHER:
        /* Translators: short mark under a route card that breaks the route. */
        return _("not higher");
    case AA_BREAK_ACTION:
        return _("action");
    case AA_BREAK_DOUBLE_REST:
        return _("2nd rest");
    default:
        return "";
    }
}

static const char *break_long(AaBreak why)
{
    switch (why) {
    case AA_BREAK_NOT_HIGHER:
        return _("Break: this card is not higher than the one before it.");
    case AA_BREAK_ACTION:
        return _("Break: an action card in a route breaks it.");
    case AA_BREAK_DOUBLE_REST:
        return _("Break: two rests in a row.");
    default:
        return NULL;
    }
}

static Slot *slot_get(AaRouteRow *self, guint i)
{
    if (i < self->slots->len)
        return self->slots->pdata[i];
    Slot *slot = g_new0(Slot, 1);
    slot->face = AA_CARD_ART_BACK;
    slot->why = AA_BREAK_NONE;
    slot->look = 0;
    slot->box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_add_css_class(slot->box, "aa-route-card");
    slot->picture = aa_card_art_picture(slot->face, CARD_WIDTH);
    gtk_box_append(GTK_BOX(slot->box), slot->picture);
    slot->mark = gtk_label_new(NULL);
    gtk_label_set_wrap(GTK_LABEL(slot->mark), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(slot->mark), 5);
    gtk_label_set_justify(GTK_LABEL(slot->mark), GTK_JUSTIFY_CENTER);
    gtk_widget_add_css_class(slot->mark, "aa-break-mark");
    gtk_widget_set_visible(slot->mark, FALSE);
    gtk_box_append(GTK_BOX(slot->box), slot->mark);
    gtk_box_insert_child_after(GTK_BOX(self->cards_box), slot->box,
                               i > 0 ? ((Slot *)self->slots->pdata[i - 1])->box : NULL);
    g_ptr_array_add(self->slots, slot);
    return slot;
}

void aa_route_row_update(AaRouteRow *self, int viewer, gboolean face_up, gboolean scoring)
{
    g_return_if_fail(AA_IS_ROUTE_ROW(self));
    LpGame *game = LP_GAME(self->game);
    LpPlayer *player = lp_game_get_player(game, self->seat);
    /* Faces only where the model lets viewer see them; otherwise as many backs as cards. */
    GArray *route = NULL;
    face_up = face_up && aa_game_get_route(self->game, viewer, self->seat, &route);
    scoring = scoring && face_up;
    guint length = aa_game_get_route_length(self->game, self->seat);
    guint hand = aa_game_get_hand_size(self->game, self->seat);

    g_autofree char *name = NULL;
    if (aa_game_get_start_seat(self->game) == self->seat && !lp_game_is_over(game))
        /* Translators: a player's name and that they hold the start card. */
        name = g_strdup_printf(_("%s ★"), lp_player_get_name(player));
    else
        name = g_strdup(lp_player_get_name(player));
    gtk_label_set_text(GTK_LABEL(self->name_label), name);
    gtk_widget_set_tooltip_text(self->name_label,
                                aa_game_get_start_seat(self->game) == self->seat
                                    ? _("Holds the start card") : NULL);
    g_autofree char *info = g_strdup_printf(ngettext("%u card in hand", "%u cards in hand", hand),
                                            hand);
    gtk_label_set_text(GTK_LABEL(self->info_label), info);

    g_autofree AaBreak *breaks = g_new0(AaBreak, MAX(length, 1));
    guint start = 0;
    int value = face_up ? aa_route_score_cards((const guint8 *)route->data, route->len, breaks,
                                               &start)
                        : 0;
    GString *spoken = g_string_new(NULL);
    for (guint i = 0; i < length; i++) {
        int face = face_up ? aa_card_face(g_array_index(route, guint8, i)) : AA_CARD_ART_BACK;
        Slot *slot = slot_get(self, i);
        if (slot->face != face) {
            aa_card_art_picture_set_face(slot->picture, face);
            slot->face = face;
        }
        AaBreak why = scoring ? breaks[i] : AA_BREAK_NONE;
        gtk_widget_set_visible(slot->mark, scoring);
        if (scoring)
            gtk_label_set_text(GTK_LABEL(slot->mark), break_short(why));
        if (slot->why != why) {
            if (why != AA_BREAK_NONE)
                gtk_widget_add_css_class(slot->box, "aa-break");
            else
                gtk_widget_remove_css_class(slot->box, "aa-break");
            gtk_widget_set_tooltip_text(slot->box, break_long(why));
            slot->why = why;
        }
        int look = !scoring ? 0 : i >= start ? 1 : 2;
        if (slot->look != look) {
            gtk_widget_remove_css_class(slot->box, "aa-scoring");
            gtk_widget_remove_css_class(slot->box, "aa-dimmed");
            if (look != 0)
                gtk_widget_add_css_class(slot->box, look == 1 ? "aa-scoring" : "aa-dimmed");
            slot->look = look;
        }
        gtk_widget_set_visible(slot->box, TRUE);
        if (face_up) {
            g_autofree char *n = aa_card_art_name(face);
            g_string_append_printf(spoken, "%s%s", i > 0 ? ", " : "", n);
        }
    }
    for (guint i = length; i < self->slots->len; i++)
        gtk_widget_set_visible(((Slot *)self->slots->pdata[i])->box, FALSE);
    gtk_widget_set_visible(self->empty_label, length == 0);

    g_autofree char *score = scoring ? g_strdup_printf(_("%d km"), value) : g_strdup("");
    gtk_label_set_text(GTK_LABEL(self->score_label), score);

    /* Accessible description from what may be seen only. */
    g_autofree char *count = g_strdup_printf(ngettext("%u card", "%u cards", length), length);
    g_autofree char *label = NULL;
    if (face_up && scoring)
        /* Translators: route of a player: name, cards, the cards, value. */
        label = g_strdup_printf(_("Route of %s, %s: %s; worth %d km"),
                                lp_player_get_name(player), count, spoken->str, value);
    else if (length == 0)
        label = g_strdup_printf(_("Route of %s, no cards yet"), lp_player_get_name(player));
    else if (face_up)
        label = g_strdup_printf(_("Route of %s, %s: %s"), lp_player_get_name(player), count,
                                spoken->str);
    else
        label = g_strdup_printf(_("Route of %s, %s face down"), lp_player_get_name(player),
                                count);
    g_string_free(spoken, TRUE);
    if (g_strcmp0(label, self->accessible_label) != 0) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       label, -1);
        g_free(self->accessible_label);
        self->accessible_label = g_steal_pointer(&label);
    }
}

static void aa_route_row_dispose(GObject *object)
{
    AaRouteRow *self = AA_ROUTE_ROW(object);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self))) != NULL)
        gtk_widget_unparent(child);
    g_clear_object(&self->game);
    G_OBJECT_CLASS(aa_route_row_parent_class)->dispose(object);
}

static void aa_route_row_finalize(GObject *object)
{
    AaRouteRow *self = AA_ROUTE_ROW(object);
    g_clear_pointer(&self->slots, g_ptr_array_unref);
    g_clear_pointer(&self->accessible_label, g_free);
    G_OBJECT_CLASS(aa_route_row_parent_class)->finalize(object);
}

static void aa_route_row_class_init(AaRouteRowClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = aa_route_row_dispose;
    G_OBJECT_CLASS(klass)->finalize = aa_route_row_finalize;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BOX_LAYOUT);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "aa-route-row");
    gtk_widget_class_set_accessible_role(GTK_WIDGET_CLASS(klass), GTK_ACCESSIBLE_ROLE_GROUP);
}

static void aa_route_row_init(AaRouteRow *self)
{
    GtkBoxLayout *layout = GTK_BOX_LAYOUT(gtk_widget_get_layout_manager(GTK_WIDGET(self)));
    gtk_orientable_set_orientation(GTK_ORIENTABLE(layout), GTK_ORIENTATION_HORIZONTAL);
    gtk_box_layout_set_spacing(layout, 10);

    GtkWidget *who = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_size_request(who, 130, -1);
    gtk_widget_set_valign(who, GTK_ALIGN_CENTER);
    self->name_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->name_label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(self->name_label), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(self->name_label, "heading");
    self->info_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->info_label), 0);
    gtk_widget_add_css_class(self->info_label, "dim-label");
    gtk_widget_add_css_class(self->info_label, "caption");
    gtk_box_append(GTK_BOX(who), self->name_label);
    gtk_box_append(GTK_BOX(who), self->info_label);
    gtk_widget_set_parent(who, GTK_WIDGET(self));

    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_AUTOMATIC,
                                   GTK_POLICY_NEVER);
    gtk_widget_set_hexpand(scroller, TRUE);
    self->cards_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 3);
    gtk_widget_set_valign(self->cards_box, GTK_ALIGN_CENTER);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), self->cards_box);
    self->slots = g_ptr_array_new_with_free_func(g_free);
    self->empty_label = gtk_label_new(_("no cards yet"));
    gtk_widget_add_css_class(self->empty_label, "dim-label");
    gtk_box_append(GTK_BOX(self->cards_box), self->empty_label);
    gtk_widget_set_parent(scroller, GTK_WIDGET(self));

    self->score_label = gtk_label_new(NULL);
    gtk_widget_set_size_request(self->score_label, 70, -1);
    gtk_widget_add_css_class(self->score_label, "title-4");
    gtk_widget_set_parent(self->score_label, GTK_WIDGET(self));
    gtk_widget_add_css_class(GTK_WIDGET(self), "aa-route-row");
}

GtkWidget *aa_route_row_new(AaGame *game, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(game), NULL);
    AaRouteRow *self = g_object_new(AA_TYPE_ROUTE_ROW, NULL);
    self->game = g_object_ref(game);
    self->seat = seat;
    /* The seat's colour as a stripe on the left. */
    g_autofree char *css_class = g_strdup_printf("aa-seat-%u", seat);
    gtk_widget_add_css_class(GTK_WIDGET(self), css_class);
    return GTK_WIDGET(self);
}
