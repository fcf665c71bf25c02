/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden victory track (RULES.md: from the start field to 40 and on past it, the skip
 * rule on every field). */
#include "minden-track.h"

#include <glib/gi18n.h>
#include <math.h>

#include "lp-theme.h"

struct _MindenTrack {
    GtkWidget parent_instance;

    MindenGame *game;
    int move_seat;
    guint move_from, move_to;
};

G_DEFINE_FINAL_TYPE(MindenTrack, minden_track, GTK_TYPE_WIDGET)

/* RULES.md (second version): the track goes on past field 40. It shows at least ten fields
 * beyond the goal and grows in fives when a figure comes near its end. */
static guint n_fields(MindenTrack *self)
{
    guint last = MINDEN_TRACK_END + 10;
    guint n = lp_game_get_n_players(LP_GAME(self->game));

    for (guint i = 0; i < n; i++)
        while (minden_game_get_position(self->game, i) + 3 > last)
            last += 5;
    return last + 1;
}

/* The start field is wider: up to five figures stand there side by side. */
#define START_WIDTH 2.6

static void field_rect(MindenTrack *self, guint field, double *x, double *y, double *w,
                       double *h)
{
    double width = gtk_widget_get_width(GTK_WIDGET(self));
    double height = gtk_widget_get_height(GTK_WIDGET(self));
    double fw = (width - 8) / (n_fields(self) - 1 + START_WIDTH);

    *x = 4 + (field == 0 ? 0 : (START_WIDTH + field - 1) * fw);
    *w = (field == 0 ? START_WIDTH * fw : fw) - 2;
    *y = height * 0.42;
    *h = height * 0.56;
}

/* The "past the goal →" label sits in a band at the top, above field 41 (right-aligned
 * where it would run off the end); the last move's arcs and marks stay below that band, so
 * they never cover it (issue 36: the German "hinter dem Ziel →" was cut by the arcs). */
#define LABEL_TOP 1

static PangoLayout *goal_label_layout(MindenTrack *self)
{
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(self), NULL);
    PangoFontDescription *font = pango_font_description_copy(
        pango_context_get_font_description(gtk_widget_get_pango_context(GTK_WIDGET(self))));
    pango_font_description_set_absolute_size(font, 10 * PANGO_SCALE);
    pango_font_description_set_weight(font, PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    /* Translators: above the fields after 40 on the Minden track. */
    pango_layout_set_text(layout, _("past the goal →"), -1);
    return layout;
}

static void goal_label_rect(MindenTrack *self, PangoLayout *layout, graphene_rect_t *out)
{
    double x, y, w, h;
    int tw, th;
    double width = gtk_widget_get_width(GTK_WIDGET(self));

    field_rect(self, MINDEN_TRACK_END + 1, &x, &y, &w, &h);
    pango_layout_get_pixel_size(layout, &tw, &th);
    graphene_rect_init(out, MAX(0, MIN(x, width - tw - 2)), LABEL_TOP, tw, th);
}

/* How high the last move's arcs and marks may reach: below the label's band. */
static double hop_top(MindenTrack *self, const graphene_rect_t *label)
{
    double x, y, w, h;
    field_rect(self, 0, &x, &y, &w, &h);
    return MAX(y - gtk_widget_get_height(GTK_WIDGET(self)) * 0.285,
               label->origin.y + label->size.height + 2);
}

static gboolean taken_by_other(MindenTrack *self, guint field, int seat)
{
    guint n = lp_game_get_n_players(LP_GAME(self->game));
    for (guint i = 0; i < n; i++)
        if ((int) i != seat && minden_game_get_position(self->game, i) == field)
            return TRUE;
    return FALSE;
}

/* The seat shapes of the player palette (lp-player.c: ● ■ ▲ ◆ ★ ✚), so a figure looks like
 * its seat everywhere. A shared helper in src/widgets would serve all games. */
static void seat_shape_path(cairo_t *cr, int shape, double cx, double cy, double r)
{
    switch (shape) {
    case 1: /* square */
        cairo_rectangle(cr, cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7);
        break;
    case 2: /* triangle */
        cairo_move_to(cr, cx, cy - r * 1.05);
        cairo_line_to(cr, cx + r, cy + r * 0.75);
        cairo_line_to(cr, cx - r, cy + r * 0.75);
        cairo_close_path(cr);
        break;
    case 3: /* diamond */
        cairo_move_to(cr, cx, cy - r * 1.1);
        cairo_line_to(cr, cx + r, cy);
        cairo_line_to(cr, cx, cy + r * 1.1);
        cairo_line_to(cr, cx - r, cy);
        cairo_close_path(cr);
        break;
    case 4: /* star */
        for (int k = 0; k < 10; k++) {
            double a = -G_PI / 2 + k * G_PI / 5, rr = k % 2 ? r * 0.5 : r * 1.1;
            if (k == 0)
                cairo_move_to(cr, cx + rr * cos(a), cy + rr * sin(a));
            else
                cairo_line_to(cr, cx + rr * cos(a), cy + rr * sin(a));
        }
        cairo_close_path(cr);
        break;
    case 5: { /* cross */
        double t = r * 0.38;
        cairo_rectangle(cr, cx - t, cy - r, 2 * t, 2 * r);
        cairo_rectangle(cr, cx - r, cy - t, 2 * r, 2 * t);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
        break;
    }
    default: /* circle */
        cairo_new_sub_path(cr);
        cairo_arc(cr, cx, cy, r, 0, 2 * G_PI);
        break;
    }
}

static int seat_shape(LpPlayer *p, guint seat)
{
    guint nc = 0;
    lp_player_colours(&nc);
    int ci = lp_player_colour_index(lp_player_get_colour(p));
    /* A colour outside the palette: the shape of the seat's place in the palette. */
    return ci >= 0 ? ci : (int) (seat % nc);
}

/* The figure's halo is the opposite of the text colour (white on a light style, black on a
 * dark one), its outline the text colour. */
static void draw_figure(cairo_t *cr, LpPlayer *p, guint seat, double cx, double cy, double r,
                        const GdkRGBA *fg)
{
    GdkRGBA c;
    int shape = seat_shape(p, seat);

    gdk_rgba_parse(&c, lp_player_get_colour(p));
    seat_shape_path(cr, shape, cx, cy, r);
    cairo_set_source_rgb(cr, 1 - fg->red, 1 - fg->green, 1 - fg->blue);
    cairo_set_line_width(cr, 3);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke_preserve(cr);
    gdk_cairo_set_source_rgba(cr, &c);
    cairo_fill_preserve(cr);
    cairo_set_source_rgba(cr, fg->red, fg->green, fg->blue, 0.9);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
}

static void minden_track_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    MindenTrack *self = MINDEN_TRACK(widget);
    double width = gtk_widget_get_width(widget);
    double height = gtk_widget_get_height(widget);
    graphene_rect_t all = GRAPHENE_RECT_INIT(0, 0, width, height);
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &all);
    guint n = lp_game_get_n_players(LP_GAME(self->game));
    guint nf = n_fields(self);
    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    PangoFontDescription *font = pango_font_description_copy(
        pango_context_get_font_description(gtk_widget_get_pango_context(widget)));
    GdkRGBA fg;

    /* The widget's own text colour (dark and high-contrast styles). */
    lp_theme_get_color(widget, &fg);
    for (guint f = 0; f < nf; f++) {
        double x, y, w, h;
        field_rect(self, f, &x, &y, &w, &h);
        cairo_rectangle(cr, x, y, w, h);
        /* Fields are tints over the page, in the text colour or a half-transparent signal
         * colour, so the track reads in light, dark and high-contrast styles alike. */
        if (f == 0)
            cairo_set_source_rgba(cr, 0.90, 0.65, 0.04, 0.35);
        else if (f == MINDEN_TRACK_END)
            /* The goal: the round in which a figure reaches it is the last. */
            cairo_set_source_rgba(cr, 0.96, 0.76, 0.07, 0.9);
        else if (f > MINDEN_TRACK_END)
            cairo_set_source_rgba(cr, 0.2, 0.82, 0.48, 0.25);
        else if (f % 5 == 0)
            cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.12);
        else
            cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.04);
        cairo_fill_preserve(cr);
        cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue,
                              f == MINDEN_TRACK_END ? 0.7 : 0.25);
        cairo_set_line_width(cr, f == MINDEN_TRACK_END ? 2 : 1);
        cairo_stroke(cr);
        if (f % 5 == 0) {
            char num[8];
            int tw, th;
            g_snprintf(num, sizeof num, "%u", f);
            pango_font_description_set_absolute_size(font, MIN(11.0, MAX(w * 0.5, 7.0)) *
                                                               PANGO_SCALE);
            pango_font_description_set_weight(font, f == MINDEN_TRACK_END ? PANGO_WEIGHT_BOLD
                                                                          : PANGO_WEIGHT_NORMAL);
            pango_layout_set_font_description(layout, font);
            pango_layout_set_text(layout, num, -1);
            pango_layout_get_pixel_size(layout, &tw, &th);
            cairo_move_to(cr, x + w / 2 - tw / 2.0, y + h - th - 1);
            if (f == MINDEN_TRACK_END)
                /* Dark on the goal's yellow in every style. */
                cairo_set_source_rgba(cr, 0, 0, 0, 0.9);
            else
                cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.6);
            pango_cairo_show_layout(cr, layout);
        }
    }
    /* The fields past the goal, named once. */
    PangoLayout *label = goal_label_layout(self);
    graphene_rect_t label_box;
    goal_label_rect(self, label, &label_box);
    cairo_move_to(cr, label_box.origin.x, label_box.origin.y);
    cairo_set_source_rgba(cr, fg.red, fg.green, fg.blue, 0.6);
    pango_cairo_show_layout(cr, label);
    g_object_unref(label);

    /* The last move as hops: one arc per counted step, jumped fields marked. */
    double top = hop_top(self, &label_box);
    if (self->move_seat >= 0 && self->move_to > self->move_from) {
        LpPlayer *p = lp_game_get_player(LP_GAME(self->game), (guint) self->move_seat);
        GdkRGBA c;
        gdk_rgba_parse(&c, lp_player_get_colour(p));
        double x0, y0, w0, h0;
        guint prev = self->move_from;
        for (guint f = self->move_from + 1; f <= self->move_to; f++) {
            if (f < self->move_to && taken_by_other(self, f, self->move_seat)) {
                /* A jumped field: marked with a small chevron, not counted. */
                double x, y, w, h;
                field_rect(self, f, &x, &y, &w, &h);
                double cx = x + w / 2;
                cairo_move_to(cr, cx - w * 0.3, top + w * 0.25);
                cairo_line_to(cr, cx, top);
                cairo_line_to(cr, cx + w * 0.3, top + w * 0.25);
                cairo_set_line_width(cr, 2);
                gdk_cairo_set_source_rgba(cr, &c);
                cairo_stroke(cr);
                continue;
            }
            double xa, xb;
            field_rect(self, prev, &x0, &y0, &w0, &h0);
            xa = x0 + w0 / 2;
            field_rect(self, f, &x0, &y0, &w0, &h0);
            xb = x0 + w0 / 2;
            /* A cubic with both controls at cy peaks three quarters of the way up. */
            double cy = y0 - (y0 - top) / 0.75;
            cairo_move_to(cr, xa, y0);
            cairo_curve_to(cr, xa, cy, xb, cy, xb, y0);
            cairo_set_line_width(cr, 2.2);
            gdk_cairo_set_source_rgba(cr, &c);
            cairo_stroke(cr);
            prev = f;
        }
    }

    /* Figures: one per field past the start (the skip rule); on the start field up to five
     * side by side in two rows, each with its seat's shape and colour. */
    for (guint f = 0; f < nf; f++) {
        guint here[8], k = 0;
        for (guint i = 0; i < n && k < G_N_ELEMENTS(here); i++)
            if (minden_game_get_position(self->game, i) == f)
                here[k++] = i;
        if (k == 0)
            continue;
        double x, y, w, h;
        field_rect(self, f, &x, &y, &w, &h);
        if (f == 0) {
            guint per_row = k > 3 ? 3 : k;
            double r = MIN(w / (per_row * 2.6), h * 0.2);
            for (guint j = 0; j < k; j++) {
                guint row = j / 3, col = j % 3;
                guint in_row = row == 0 ? per_row : k - 3;
                double cx = x + w / 2 + (col - (in_row - 1) / 2.0) * r * 2.5;
                double cy = y + h * 0.34 - row * r * 2.4 + (k > 3 ? r * 1.2 : 0);
                draw_figure(cr, lp_game_get_player(LP_GAME(self->game), here[j]), here[j],
                            cx, cy, r, &fg);
            }
        } else {
            for (guint j = 0; j < k; j++) {
                double r = MIN(w * 0.4, h * 0.3);
                /* More than one figure here only in saves from the first version. */
                draw_figure(cr, lp_game_get_player(LP_GAME(self->game), here[j]), here[j],
                            x + w / 2, y + h * 0.38 - j * r * 1.6, r, &fg);
            }
        }
    }
    pango_font_description_free(font);
    g_object_unref(layout);
    cairo_destroy(cr);
}

static void minden_track_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        /* At least the goal and a few fields beyond it at a readable width. */
        *minimum = (MINDEN_TRACK_END + 11) * 12;
        *natural = (MINDEN_TRACK_END + 11) * 26;
    } else {
        *minimum = 72;
        *natural = 84;
    }
}

void minden_track_refresh(MindenTrack *self)
{
    g_return_if_fail(MINDEN_IS_TRACK(self));
    g_autoptr(GString) desc = g_string_new(NULL);
    guint n = lp_game_get_n_players(LP_GAME(self->game));

    for (guint i = 0; i < n; i++) {
        LpPlayer *p = lp_game_get_player(LP_GAME(self->game), i);
        g_autofree char *one = g_strdup_printf(_("%s on field %u"), lp_player_get_display_name(p),
                                               minden_game_get_position(self->game, i));
        g_string_append_printf(desc, "%s%s", i ? ", " : "", one);
    }
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   desc->str, -1);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

void minden_track_get_label_bounds(MindenTrack *self, graphene_rect_t *out)
{
    g_return_if_fail(MINDEN_IS_TRACK(self) && out != NULL);
    PangoLayout *layout = goal_label_layout(self);
    goal_label_rect(self, layout, out);
    g_object_unref(layout);
}

void minden_track_get_move_bounds(MindenTrack *self, graphene_rect_t *out)
{
    g_return_if_fail(MINDEN_IS_TRACK(self) && out != NULL);
    graphene_rect_init(out, 0, 0, 0, 0);
    if (self->move_seat < 0 || self->move_to <= self->move_from)
        return;
    graphene_rect_t label;
    double xa, xb, y, w, h;
    minden_track_get_label_bounds(self, &label);
    double top = hop_top(self, &label);
    field_rect(self, self->move_from, &xa, &y, &w, &h);
    xa += w / 2;
    field_rect(self, self->move_to, &xb, &y, &w, &h);
    xb += w / 2;
    /* The widest line (2.2 px) and the chevrons' half width reach a little beyond. */
    double pad = MAX(1.1, w * 0.3);
    graphene_rect_init(out, xa - pad, top - 1.1, xb - xa + 2 * pad, y - top + 1.1);
}

void minden_track_show_move(MindenTrack *self, int seat, guint from, guint to)
{
    g_return_if_fail(MINDEN_IS_TRACK(self));
    self->move_seat = seat;
    self->move_from = from;
    self->move_to = to;
    minden_track_refresh(self);
}

GtkWidget *minden_track_new(MindenGame *game)
{
    g_return_val_if_fail(MINDEN_IS_GAME(game), NULL);
    MindenTrack *self = g_object_new(MINDEN_TYPE_TRACK, NULL);
    self->game = g_object_ref(game);
    minden_track_refresh(self);
    return GTK_WIDGET(self);
}

static void minden_track_dispose(GObject *object)
{
    g_clear_object(&MINDEN_TRACK(object)->game);
    G_OBJECT_CLASS(minden_track_parent_class)->dispose(object);
}

static void minden_track_class_init(MindenTrackClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = minden_track_dispose;
    widget_class->snapshot = minden_track_snapshot;
    widget_class->measure = minden_track_measure;
    gtk_widget_class_set_css_name(widget_class, "mindentrack");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void minden_track_init(MindenTrack *self)
{
    self->move_seat = -1;
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _("Victory track: the goal is field 40, the track goes on past it"), -1);
}
