/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Minden victory track (RULES.md: fields 0 to 40, the skip rule). */
#include "minden-track.h"

#include <glib/gi18n.h>

struct _MindenTrack {
    GtkWidget parent_instance;

    MindenGame *game;
    int move_seat;
    guint move_from, move_to;
};

G_DEFINE_FINAL_TYPE(MindenTrack, minden_track, GTK_TYPE_WIDGET)

#define N_FIELDS (MINDEN_TRACK_END + 1)

static void field_rect(MindenTrack *self, guint field, double *x, double *y, double *w,
                       double *h)
{
    double width = gtk_widget_get_width(GTK_WIDGET(self));
    double height = gtk_widget_get_height(GTK_WIDGET(self));
    double fw = (width - 8) / N_FIELDS;

    *x = 4 + field * fw;
    *w = fw - 2;
    *y = height * 0.42;
    *h = height * 0.56;
}

static gboolean taken_by_other(MindenTrack *self, guint field, int seat)
{
    guint n = lp_game_get_n_players(LP_GAME(self->game));
    for (guint i = 0; i < n; i++)
        if ((int) i != seat && minden_game_get_position(self->game, i) == field)
            return TRUE;
    return FALSE;
}

static void draw_figure(cairo_t *cr, LpPlayer *p, double cx, double cy, double r)
{
    GdkRGBA c;
    char letter[8] = { 0 };
    const char *name = lp_player_get_name(p);

    gdk_rgba_parse(&c, lp_player_get_colour(p));
    cairo_arc(cr, cx, cy, r + 1.5, 0, 2 * G_PI);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_fill(cr);
    cairo_arc(cr, cx, cy, r, 0, 2 * G_PI);
    gdk_cairo_set_source_rgba(cr, &c);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    /* The first letter of the name tells figures apart without colour. */
    g_utf8_strncpy(letter, name, 1);
    g_autofree char *up = g_utf8_strup(letter, -1);
    double lum = 0.3 * c.red + 0.59 * c.green + 0.11 * c.blue;
    cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, r * 1.2);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, up, &ext);
    cairo_move_to(cr, cx - ext.width / 2 - ext.x_bearing, cy - ext.height / 2 - ext.y_bearing);
    if (lum > 0.55)
        cairo_set_source_rgb(cr, 0, 0, 0);
    else
        cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_show_text(cr, up);
}

static void minden_track_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    MindenTrack *self = MINDEN_TRACK(widget);
    double width = gtk_widget_get_width(widget);
    double height = gtk_widget_get_height(widget);
    graphene_rect_t all = GRAPHENE_RECT_INIT(0, 0, width, height);
    cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &all);
    guint n = lp_game_get_n_players(LP_GAME(self->game));

    for (guint f = 0; f < N_FIELDS; f++) {
        double x, y, w, h;
        field_rect(self, f, &x, &y, &w, &h);
        cairo_rectangle(cr, x, y, w, h);
        if (f == 0 || f == MINDEN_TRACK_END)
            cairo_set_source_rgb(cr, 0.93, 0.86, 0.6);
        else if (f % 5 == 0)
            cairo_set_source_rgb(cr, 0.86, 0.89, 0.93);
        else
            cairo_set_source_rgb(cr, 0.95, 0.96, 0.97);
        cairo_fill_preserve(cr);
        cairo_set_source_rgba(cr, 0, 0, 0, 0.25);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        if (f % 5 == 0) {
            char num[4];
            g_snprintf(num, sizeof num, "%u", f);
            cairo_select_font_face(cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
            cairo_set_font_size(cr, MIN(11.0, w * 0.5));
            cairo_text_extents_t ext;
            cairo_text_extents(cr, num, &ext);
            cairo_move_to(cr, x + w / 2 - ext.width / 2 - ext.x_bearing, y + h - 3);
            cairo_set_source_rgba(cr, 0, 0, 0, 0.55);
            cairo_show_text(cr, num);
        }
    }

    /* The last move as hops: one arc per counted step, jumped fields marked. */
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
                double cx = x + w / 2, top = y - height * 0.3;
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
            cairo_move_to(cr, xa, y0);
            cairo_curve_to(cr, xa, y0 - height * 0.38, xb, y0 - height * 0.38, xb, y0);
            cairo_set_line_width(cr, 2.2);
            gdk_cairo_set_source_rgba(cr, &c);
            cairo_stroke(cr);
            prev = f;
        }
    }

    /* Figures; several on a field (start and end) stand side by side, shrunk. */
    for (guint f = 0; f < N_FIELDS; f++) {
        guint here[8], k = 0;
        for (guint i = 0; i < n; i++)
            if (minden_game_get_position(self->game, i) == f)
                here[k++] = i;
        if (k == 0)
            continue;
        double x, y, w, h;
        field_rect(self, f, &x, &y, &w, &h);
        double r = MIN(w * 0.42, h * 0.3);
        for (guint j = 0; j < k; j++) {
            /* Several figures on one field stack upward. */
            double cy = y + h * 0.38 - j * (r * 1.5);
            double cx = x + w / 2;
            draw_figure(cr, lp_game_get_player(LP_GAME(self->game), here[j]), cx, cy,
                        k > 1 ? r * 0.85 : r);
        }
    }
    cairo_destroy(cr);
}

static void minden_track_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        *minimum = N_FIELDS * 12;
        *natural = N_FIELDS * 26;
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
        g_autofree char *one = g_strdup_printf(_("%s on field %u"), lp_player_get_name(p),
                                               minden_game_get_position(self->game, i));
        g_string_append_printf(desc, "%s%s", i ? ", " : "", one);
    }
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   desc->str, -1);
    gtk_widget_queue_draw(GTK_WIDGET(self));
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
                                   _("Victory track, fields 0 to 40"), -1);
}
