/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One player's route: a row of cards growing to the right, face down unless the viewer may
 * see it; at a stage end face up with the scoring part highlighted and each break marked.
 * The row lays its cards out itself: as large as its height allows, smaller and then
 * overlapping when there are many, so the right end (the part that scores) never runs off. */
#include "config.h"

#include "aa-route-row.h"

#include <glib/gi18n.h>

#include "aa-card-art.h"
#include "aa-layout.h"
#include "lp-theme.h"

#define SPACING 10
/* The name column never takes more than this; longer names are ellipsized. */
#define NAME_MAX_WIDTH 170
/* The value column: wide enough for "1230 km" in every row, so that all rows line up. */
#define SCORE_MIN_WIDTH 72
/* Breathing room around the scoring highlight. */
#define BAND_PAD 3
/* The row's rounded background and the seat's stripe on its left (the CSS padding leaves
 * room for the stripe). */
#define ROW_RADIUS 8
#define STRIPE_WIDTH 6

static const AaCardLimits route_limits = {
    .min_width = 32,
    .max_width = 96,
    .gap = 4,
    .min_step = 14,
};

struct _AaRouteRow {
    GtkWidget parent_instance;
    AaGame *game;
    guint seat;
    GtkWidget *band;        /* behind the scoring part */
    GtkWidget *who;
    GtkWidget *name_label;
    GtkWidget *info_label;
    GtkWidget *score_label;
    GtkWidget *empty_label;
    GPtrArray *slots;       /* Slot per card place, reused from one update to the next */
    guint length;           /* cards shown */
    gboolean scoring;
    guint scoring_start;
    char *accessible_label;
    char *score_name;       /* accessible name of score_label, set only when it changes */
};

/* A card place in the row: the card, and for a break a red bar on its left edge and a mark
 * under it. Updates change what they show; widgets are made only when a route grows past its
 * longest so far, so an update after every event of the game costs no widget tree rebuild. */
typedef struct {
    GtkWidget *card;
    GtkWidget *bar;
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

/* A shape drawn by CSS alone (theme colours), nothing for screen readers. */
static GtkWidget *decoration_new(void)
{
    return g_object_new(GTK_TYPE_BOX, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
}

static Slot *slot_get(AaRouteRow *self, guint i)
{
    if (i < self->slots->len)
        return self->slots->pdata[i];
    Slot *slot = g_new0(Slot, 1);
    slot->face = AA_CARD_ART_BACK;
    slot->why = AA_BREAK_NONE;
    slot->look = 0;
    /* Later cards lie on top of earlier ones; bars and marks on top of all cards. */
    GtkWidget *before = i > 0 ? ((Slot *)self->slots->pdata[i - 1])->card : self->band;
    slot->card = aa_card_art_picture(slot->face, route_limits.min_width);
    gtk_widget_add_css_class(slot->card, "aa-route-card");
    gtk_widget_insert_after(slot->card, GTK_WIDGET(self), before);
    slot->bar = decoration_new();
    gtk_widget_add_css_class(slot->bar, "aa-break-bar");
    gtk_widget_set_visible(slot->bar, FALSE);
    gtk_widget_set_parent(slot->bar, GTK_WIDGET(self));
    slot->mark = gtk_label_new(NULL);
    /* One line: a mark that does not fit beside the next one is left out (the bar and the
     * tooltip stay), never wrapped onto a clipped second line. */
    gtk_label_set_single_line_mode(GTK_LABEL(slot->mark), TRUE);
    gtk_widget_add_css_class(slot->mark, "aa-break-mark");
    gtk_widget_set_visible(slot->mark, FALSE);
    gtk_widget_set_parent(slot->mark, GTK_WIDGET(self));
    g_ptr_array_add(self->slots, slot);
    return slot;
}

/* GTK 4.8 clears a label's layout and queues a resize of the window on every
 * gtk_label_set_text, even with the same text; updates run every frame in a game, so only a
 * text that changed is set. */
static void label_set_text(GtkWidget *label, const char *text)
{
    if (g_strcmp0(gtk_label_get_text(GTK_LABEL(label)), text) != 0)
        gtk_label_set_text(GTK_LABEL(label), text);
}

/* The same for tooltips: setting one notifies and updates the accessible description. */
static void widget_set_tooltip(GtkWidget *widget, const char *text)
{
    if (g_strcmp0(gtk_widget_get_tooltip_text(widget), text) != 0)
        gtk_widget_set_tooltip_text(widget, text);
}

void aa_route_row_update(AaRouteRow *self, int viewer, gboolean face_up, gboolean scoring)
{
    g_return_if_fail(AA_IS_ROUTE_ROW(self));
    LpGame *game = LP_GAME(self->game);
    LpPlayer *player = lp_game_get_player(game, self->seat);
    const char *who = lp_player_get_display_name(player);
    /* Faces only where the model lets viewer see them; otherwise as many backs as cards. */
    GArray *route = NULL;
    face_up = face_up && aa_game_get_route(self->game, viewer, self->seat, &route);
    scoring = scoring && face_up;
    guint length = aa_game_get_route_length(self->game, self->seat);
    guint hand = aa_game_get_hand_size(self->game, self->seat);

    g_autofree char *name = NULL;
    if (aa_game_get_start_seat(self->game) == self->seat && !lp_game_is_over(game))
        /* Translators: a player's name and that they hold the start card. */
        name = g_strdup_printf(_("%s ★"), who);
    else
        name = g_strdup(who);
    label_set_text(self->name_label, name);
    widget_set_tooltip(self->name_label, aa_game_get_start_seat(self->game) == self->seat
                                             ? _("Holds the start card") : NULL);
    g_autofree char *info = g_strdup_printf(ngettext("%u card in hand", "%u cards in hand", hand),
                                            hand);
    label_set_text(self->info_label, info);

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
            aa_card_art_picture_set_face(slot->card, face);
            slot->face = face;
        }
        AaBreak why = scoring ? breaks[i] : AA_BREAK_NONE;
        if (slot->why != why) {
            gtk_label_set_text(GTK_LABEL(slot->mark), break_short(why));
            gtk_widget_set_tooltip_text(slot->card, break_long(why));
            gtk_widget_set_tooltip_text(slot->bar, break_long(why));
            gtk_widget_set_tooltip_text(slot->mark, break_long(why));
            slot->why = why;
        }
        gtk_widget_set_visible(slot->bar, why != AA_BREAK_NONE);
        gtk_widget_set_visible(slot->mark, why != AA_BREAK_NONE);
        int look = !scoring ? 0 : i >= start ? 1 : 2;
        if (slot->look != look) {
            gtk_widget_remove_css_class(slot->card, "aa-scoring");
            gtk_widget_remove_css_class(slot->card, "aa-dimmed");
            if (look != 0)
                gtk_widget_add_css_class(slot->card, look == 1 ? "aa-scoring" : "aa-dimmed");
            slot->look = look;
        }
        gtk_widget_set_visible(slot->card, TRUE);
        if (face_up) {
            g_autofree char *n = aa_card_art_name(face);
            g_string_append_printf(spoken, "%s%s", i > 0 ? ", " : "", n);
        }
    }
    for (guint i = length; i < self->slots->len; i++) {
        Slot *slot = self->slots->pdata[i];
        gtk_widget_set_visible(slot->card, FALSE);
        gtk_widget_set_visible(slot->bar, FALSE);
        gtk_widget_set_visible(slot->mark, FALSE);
    }
    gtk_widget_set_visible(self->empty_label, length == 0);
    /* Where the scoring part starts matters at a scoring only: a face-up route outside one
     * would otherwise lay the row out again for nothing. */
    if (!scoring)
        start = 0;
    gtk_widget_set_visible(self->band, scoring && start < length);
    if (self->length != length || self->scoring != scoring || self->scoring_start != start)
        gtk_widget_queue_allocate(GTK_WIDGET(self));
    if (self->scoring != scoring)
        gtk_widget_queue_resize(GTK_WIDGET(self));
    self->length = length;
    self->scoring = scoring;
    self->scoring_start = start;

    /* The value column: shown at a scoring only, and always named for screen readers. */
    g_autofree char *score = g_strdup_printf(_("%d km"), value);
    label_set_text(self->score_label, score);
    gtk_widget_set_visible(self->score_label, scoring);
    /* Translators: accessible name of the value shown at the end of a route row. */
    g_autofree char *score_name = g_strdup_printf(_("Value of the route of %s: %d km"), who,
                                                  value);
    if (g_strcmp0(score_name, self->score_name) != 0) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(self->score_label),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, score_name, -1);
        g_free(self->score_name);
        self->score_name = g_steal_pointer(&score_name);
    }

    /* Accessible description from what may be seen only. */
    g_autofree char *label = NULL;
    if (length == 0 && scoring)
        label = g_strdup_printf(_("Route of %s: no cards, worth 0 km"), who);
    else if (length == 0)
        label = g_strdup_printf(_("Route of %s, no cards yet"), who);
    else if (face_up && scoring)
        /* Translators: route of a player: name, number of cards, the cards, value. */
        label = g_strdup_printf(ngettext("Route of %s, %u card: %s; worth %d km",
                                         "Route of %s, %u cards: %s; worth %d km", length),
                                who, length, spoken->str, value);
    else if (face_up)
        label = g_strdup_printf(ngettext("Route of %s, %u card: %s",
                                         "Route of %s, %u cards: %s", length),
                                who, length, spoken->str);
    else
        label = g_strdup_printf(ngettext("Route of %s, %u card face down",
                                         "Route of %s, %u cards face down", length),
                                who, length);
    g_string_free(spoken, TRUE);
    if (g_strcmp0(label, self->accessible_label) != 0) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       label, -1);
        g_free(self->accessible_label);
        self->accessible_label = g_steal_pointer(&label);
    }
}

/* ---- layout ---- */

static int natural_width(GtkWidget *widget)
{
    int nat = 0;
    gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
    return nat;
}

static int natural_height(GtkWidget *widget, int for_width)
{
    int nat = 0;
    gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, for_width, NULL, &nat, NULL, NULL);
    return nat;
}

static int name_width(AaRouteRow *self)
{
    int min = 0, nat = 0;
    gtk_widget_measure(self->who, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
    return MAX(min, MIN(nat, NAME_MAX_WIDTH));
}

static int score_width(AaRouteRow *self)
{
    /* Measured also while hidden: every row keeps the column, so the cards start and end at
     * the same x in every row. */
    return MAX(SCORE_MIN_WIDTH, natural_width(self->score_label));
}

/* One line of break marks under the cards, at a scoring. */
static int mark_height(AaRouteRow *self)
{
    if (!self->scoring)
        return 0;
    /* A hidden widget measures 0: ask one that shows. */
    for (guint i = 0; i < self->length; i++) {
        GtkWidget *mark = ((Slot *)self->slots->pdata[i])->mark;
        if (gtk_widget_get_visible(mark))
            return natural_height(mark, -1) + 2;
    }
    return 0;
}

static int cards_width(AaRouteRow *self, int width)
{
    return MAX(width - name_width(self) - score_width(self) - 2 * SPACING, 0);
}

static GtkSizeRequestMode aa_route_row_get_request_mode(GtkWidget *widget)
{
    return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void aa_route_row_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    AaRouteRow *self = AA_ROUTE_ROW(widget);
    int empty_min = 0, empty_nat = 0;
    gtk_widget_measure(self->empty_label, orientation, -1, &empty_min, &empty_nat, NULL, NULL);
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        int fixed = name_width(self) + score_width(self) + 2 * SPACING;
        int cards_min = aa_layout_row_min_width(self->length, &route_limits);
        int cards_nat = self->length * (route_limits.max_width * 2 / 3 + route_limits.gap);
        *minimum = fixed + MAX(cards_min, empty_min);
        *natural = fixed + MAX(cards_nat, empty_nat);
        return;
    }
    int who_min = 0, who_nat = 0;
    gtk_widget_measure(self->who, orientation, name_width(self), &who_min, &who_nat, NULL, NULL);
    int score_min = 0, score_nat = 0;
    gtk_widget_measure(self->score_label, orientation, -1, &score_min, &score_nat, NULL, NULL);
    int marks = mark_height(self);
    int cards_min = aa_layout_card_height(route_limits.min_width) + marks;
    /* Natural: the cards as large as the width lets them be. */
    AaCardFit fit;
    int width = for_size >= 0 ? cards_width(self, for_size)
                              : (int)MAX(self->length, 1) * route_limits.max_width;
    aa_layout_fit_row(MAX(self->length, 1), width, G_MAXINT / 2, &route_limits, &fit);
    int cards_nat = fit.card_height + marks;
    *minimum = MAX(MAX(who_min, score_min), MAX(cards_min, empty_min));
    *natural = MAX(MAX(who_nat, score_nat), MAX(cards_nat, empty_nat));
    *natural = MAX(*natural, *minimum);
}

static void allocate_centred(GtkWidget *child, int x, int width, int height)
{
    int h = MIN(natural_height(child, width), height);
    gtk_widget_allocate(child, width, h, -1,
                        gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(x, (height - h) / 2)));
}

static void allocate_at(GtkWidget *child, int x, int y, int width, int height)
{
    gtk_widget_allocate(child, width, height, -1,
                        gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(x, y)));
}

static void aa_route_row_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    AaRouteRow *self = AA_ROUTE_ROW(widget);
    int name_w = name_width(self);
    int score_w = score_width(self);
    allocate_centred(self->who, 0, name_w, height);
    if (gtk_widget_get_visible(self->score_label))
        allocate_centred(self->score_label, width - score_w, score_w, height);
    int x0 = name_w + SPACING;
    int area = cards_width(self, width);
    if (gtk_widget_get_visible(self->empty_label))
        allocate_centred(self->empty_label, x0, MAX(area, natural_width(self->empty_label)),
                         height);
    int marks = mark_height(self);
    AaCardFit fit;
    aa_layout_fit_row(self->length, area, height - marks, &route_limits, &fit);
    int y0 = MAX((height - fit.card_height - marks) / 2, 0);
    for (guint i = 0; i < self->length; i++) {
        Slot *slot = self->slots->pdata[i];
        int x = x0 + (int)i * fit.step;
        allocate_at(slot->card, x, y0, fit.card_width, fit.card_height);
        if (gtk_widget_get_visible(slot->bar))
            allocate_at(slot->bar, x - 2, y0, 4, fit.card_height);
    }
    if (gtk_widget_get_visible(self->band)) {
        int x = x0 + (int)self->scoring_start * fit.step - BAND_PAD;
        int right = x0 + fit.width + BAND_PAD;
        allocate_at(self->band, x, MAX(y0 - BAND_PAD, 0), right - x,
                    fit.card_height + 2 * BAND_PAD);
    }
    /* Break marks, the last (the one that decides the score) first: each starts under its
     * card, or further left where the row ends; one that would run into the mark to its right
     * is left out. */
    int limit = x0 + area;
    for (guint k = self->length; k-- > 0;) {
        Slot *slot = self->slots->pdata[k];
        if (!gtk_widget_get_visible(slot->mark))
            continue;
        int w = natural_width(slot->mark);
        int x = MIN(x0 + (int)k * fit.step, limit - w);
        gboolean fits = x >= x0 && x + fit.step >= x0 + (int)k * fit.step;
        gtk_widget_set_child_visible(slot->mark, fits);
        if (!fits)
            continue;
        allocate_at(slot->mark, x, y0 + fit.card_height + 2, w, marks - 2);
        limit = x - 6;
    }
}

/* ---- drawing ---- */

static GdkRGBA with_alpha(const GdkRGBA *c, float alpha)
{
    return (GdkRGBA){ c->red, c->green, c->blue, c->alpha * alpha };
}

static GdkRGBA foreground(GtkWidget *widget)
{
    GdkRGBA fg;
    lp_theme_get_color(widget, &fg);
    return fg;
}

static GdkRGBA background(AaRouteRow *self)
{
    GtkWidget *widget = GTK_WIDGET(self);
    GdkRGBA c;
    if (gtk_widget_has_css_class(widget, "aa-current")) {
        c = lp_theme_named_colour(widget, "theme_selected_bg_color", "#3584e4");
        return with_alpha(&c, 0.16f);
    }
    c = foreground(widget);
    return with_alpha(&c, 0.04f);
}

static GdkRGBA stripe_colour(AaRouteRow *self)
{
    GdkRGBA c;
    const char *colour = lp_player_get_colour(lp_game_get_player(LP_GAME(self->game), self->seat));
    if (colour != NULL && gdk_rgba_parse(&c, colour))
        return c;
    c = foreground(GTK_WIDGET(self));
    return with_alpha(&c, 0.3f);
}

/* A corner of side r with one round corner (0 top left, 1 top right, 2 bottom right, 3 bottom
 * left): a small rounded clip, cheap for both renderers. */
static void append_corner(GtkSnapshot *snapshot, const GdkRGBA *c, float x, float y, float r,
                          int round)
{
    graphene_size_t sizes[4] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
    sizes[round] = GRAPHENE_SIZE_INIT(r, r);
    GskRoundedRect clip;
    gsk_rounded_rect_init(&clip, &GRAPHENE_RECT_INIT(x, y, r, r), &sizes[0], &sizes[1],
                          &sizes[2], &sizes[3]);
    gtk_snapshot_push_rounded_clip(snapshot, &clip);
    gtk_snapshot_append_color(snapshot, c, &clip.bounds);
    gtk_snapshot_pop(snapshot);
}

/* The row's background, a rounded box, and the seat's stripe, drawn here rather than by CSS:
 * a CSS background with border-radius is a rounded clip over the whole row, and a border on
 * one side only is drawn over the whole box by cairo; both renderers then spend most of a
 * frame on four rows (issue 14). Here: plain colours, four small rounded corners, and the
 * stripe as a border of the left end only, the same pixels as CSS drew. */
static void aa_route_row_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    AaRouteRow *self = AA_ROUTE_ROW(widget);
    graphene_rect_t box;
    if (!gtk_widget_compute_bounds(widget, widget, &box))
        box = GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(widget),
                                 gtk_widget_get_height(widget));
    float x = box.origin.x, y = box.origin.y, w = box.size.width, h = box.size.height;
    float r = MIN(ROW_RADIUS, MIN(w, h) / 2);
    if (r > 0) {
        GdkRGBA bg = background(self);
        gtk_snapshot_append_color(snapshot, &bg, &GRAPHENE_RECT_INIT(x, y + r, w, h - 2 * r));
        gtk_snapshot_append_color(snapshot, &bg, &GRAPHENE_RECT_INIT(x + r, y, w - 2 * r, r));
        gtk_snapshot_append_color(snapshot, &bg,
                                  &GRAPHENE_RECT_INIT(x + r, y + h - r, w - 2 * r, r));
        append_corner(snapshot, &bg, x, y, r, 0);
        append_corner(snapshot, &bg, x + w - r, y, r, 1);
        append_corner(snapshot, &bg, x + w - r, y + h - r, r, 2);
        append_corner(snapshot, &bg, x, y + h - r, r, 3);

        GdkRGBA stripe = stripe_colour(self);
        GdkRGBA colours[4] = { stripe, stripe, stripe, stripe };
        float widths[4] = { 0, 0, 0, MIN(STRIPE_WIDTH, w) };
        graphene_size_t round = GRAPHENE_SIZE_INIT(r, r), square = GRAPHENE_SIZE_INIT(0, 0);
        GskRoundedRect outline;
        gsk_rounded_rect_init(&outline,
                              &GRAPHENE_RECT_INIT(x, y, MIN(STRIPE_WIDTH + r, w), h), &round,
                              &square, &square, &round);
        gtk_snapshot_append_border(snapshot, &outline, widths, colours);
    }
    GTK_WIDGET_CLASS(aa_route_row_parent_class)->snapshot(widget, snapshot);
}

/* The background follows the "aa-current" class, which no CSS rule draws any more. */
static void on_css_classes(GtkWidget *widget)
{
    gtk_widget_queue_draw(widget);
}

/* ---- object ---- */

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
    g_clear_pointer(&self->score_name, g_free);
    G_OBJECT_CLASS(aa_route_row_parent_class)->finalize(object);
}

static void aa_route_row_class_init(AaRouteRowClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = aa_route_row_dispose;
    G_OBJECT_CLASS(klass)->finalize = aa_route_row_finalize;
    widget_class->get_request_mode = aa_route_row_get_request_mode;
    widget_class->measure = aa_route_row_measure;
    widget_class->size_allocate = aa_route_row_size_allocate;
    widget_class->snapshot = aa_route_row_snapshot;
    gtk_widget_class_set_css_name(widget_class, "aa-route-row");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void aa_route_row_init(AaRouteRow *self)
{
    self->band = decoration_new();
    gtk_widget_add_css_class(self->band, "aa-scoring-band");
    gtk_widget_set_visible(self->band, FALSE);
    gtk_widget_set_parent(self->band, GTK_WIDGET(self));

    self->who = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    self->name_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->name_label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(self->name_label), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class(self->name_label, "heading");
    self->info_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->info_label), 0);
    gtk_label_set_wrap(GTK_LABEL(self->info_label), TRUE);
    gtk_widget_add_css_class(self->info_label, "dim-label");
    gtk_widget_add_css_class(self->info_label, "caption");
    gtk_box_append(GTK_BOX(self->who), self->name_label);
    gtk_box_append(GTK_BOX(self->who), self->info_label);
    gtk_widget_set_parent(self->who, GTK_WIDGET(self));

    self->slots = g_ptr_array_new_with_free_func(g_free);
    self->empty_label = gtk_label_new(_("no cards yet"));
    gtk_label_set_xalign(GTK_LABEL(self->empty_label), 0);
    gtk_widget_add_css_class(self->empty_label, "dim-label");
    gtk_widget_set_parent(self->empty_label, GTK_WIDGET(self));

    self->score_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->score_label), 1);
    gtk_widget_add_css_class(self->score_label, "title-4");
    gtk_widget_set_visible(self->score_label, FALSE);
    gtk_widget_set_parent(self->score_label, GTK_WIDGET(self));
    gtk_widget_add_css_class(GTK_WIDGET(self), "aa-route-row");
    g_signal_connect(self, "notify::css-classes", G_CALLBACK(on_css_classes), NULL);
}

GtkWidget *aa_route_row_new(AaGame *game, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(game), NULL);
    AaRouteRow *self = g_object_new(AA_TYPE_ROUTE_ROW, NULL);
    self->game = g_object_ref(game);
    self->seat = seat;
    /* The seat's class, for themes and tests; the stripe is drawn from the player's colour. */
    g_autofree char *css_class = g_strdup_printf("aa-seat-%u", seat);
    gtk_widget_add_css_class(GTK_WIDGET(self), css_class);
    return GTK_WIDGET(self);
}

void aa_route_row_set_name_group(AaRouteRow *self, GtkSizeGroup *group)
{
    g_return_if_fail(AA_IS_ROUTE_ROW(self));
    g_return_if_fail(GTK_IS_SIZE_GROUP(group));
    gtk_size_group_add_widget(group, self->who);
}
