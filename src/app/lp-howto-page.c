/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "How to play": the rules of one game in plain words, written from RULES.md. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-a11y.h"
#include "lp-clamp.h"
#include "lp-game-ui.h"
#include "lp-howto-page.h"
#include "lp-lesson.h"

struct _LpHowtoPage {
    GtkWidget parent_instance;

    GtkWidget *scroller;
    GtkWidget *box;
    const LpGameUi *game;
};

G_DEFINE_FINAL_TYPE(LpHowtoPage, lp_howto_page, GTK_TYPE_WIDGET)

/* The same for every game: playing it with a device per person (issue 31). */
static const LpHowtoSection several_devices = {
    N_("On several devices"),
    N_("Each person can play on a computer of their own in the same home network, so the "
       "screen never has to be handed over. On the setup page, choose “On another device” "
       "as the kind of their seat and press Start Game. The lobby then shows a six-digit "
       "join code and this computer’s address; the game starts once every such seat is "
       "taken.\n\n"
       "On the other computer, open Landpartie and choose “Join a Game…”. Games on the "
       "network appear in its list; where none appear, type the address and the join code "
       "that the host’s screen shows. The code keeps out everyone who cannot see that "
       "screen.\n\n"
       "Each device shows its own seat’s cards and asks its own decisions. The host’s "
       "window shows what lies open on the table, and a privacy screen only between people "
       "who share it.\n\n"
       "If a device drops out, the others see whom the game waits for. Joining again with "
       "the same address and code takes the same seat back, even after Landpartie was "
       "closed. The host saves the game after every move as always: Continue opens the "
       "lobby again, and the devices join again.\n\n"
       "A phone or tablet takes a seat too, with nothing to install. Scan the QR code in the "
       "lobby with its camera, or open the address under the code in its browser and enter "
       "the join code. The phone shows that player’s cards, tip or estimate and asks that "
       "player’s decisions, in German or English; the computer’s screen stays the table "
       "for everyone. A phone that locks or reloads the page takes its seat back by "
       "itself."),
};

static GtkWidget *paragraph(const char *text, const char *css_class)
{
    GtkWidget *label = gtk_label_new(text);

    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_selectable(GTK_LABEL(label), FALSE);
    if (css_class != NULL)
        gtk_widget_add_css_class(label, css_class);
    return label;
}

static GtkWidget *heading(const char *text, const char *css_class)
{
    GtkWidget *label = g_object_new(GTK_TYPE_LABEL, "label", text, "xalign", 0.0f, "wrap", TRUE,
                                    "accessible-role", GTK_ACCESSIBLE_ROLE_HEADING, NULL);

    gtk_widget_add_css_class(label, css_class);
    return label;
}

static void lp_howto_page_dispose(GObject *object)
{
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))) != NULL)
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(lp_howto_page_parent_class)->dispose(object);
}

static void lp_howto_page_class_init(LpHowtoPageClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = lp_howto_page_dispose;
    gtk_widget_class_set_layout_manager_type(GTK_WIDGET_CLASS(klass), GTK_TYPE_BIN_LAYOUT);
    gtk_widget_class_set_css_name(GTK_WIDGET_CLASS(klass), "howtopage");
}

static void lp_howto_page_init(LpHowtoPage *self)
{
    self->scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(self->scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_widget_set_parent(self->scroller, GTK_WIDGET(self));
}

GtkWidget *lp_howto_page_new(void)
{
    return g_object_new(LP_TYPE_HOWTO_PAGE, NULL);
}

gboolean lp_howto_page_set_kind(LpHowtoPage *self, const char *kind)
{
    const LpGameUi *info;
    const LpHowto *found;
    GtkWidget *box, *title, *picture;

    g_return_val_if_fail(LP_IS_HOWTO_PAGE(self), FALSE);
    g_return_val_if_fail(kind != NULL, FALSE);

    info = lp_game_ui_lookup(kind);
    if (info == NULL || info->page_class->howto == NULL)
        return FALSE;
    if (info == self->game)
        return TRUE;
    self->game = info;
    found = info->page_class->howto;

    box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_add_css_class(box, "howto");

    picture = gtk_picture_new_for_resource(info->page_class->picture);
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    gtk_picture_set_content_fit(GTK_PICTURE(picture), GTK_CONTENT_FIT_COVER);
    gtk_widget_set_size_request(picture, -1, 140);
    gtk_widget_add_css_class(picture, "howto-picture");
    gtk_widget_set_overflow(picture, GTK_OVERFLOW_HIDDEN);
    gtk_accessible_update_property(GTK_ACCESSIBLE(picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _(info->game_class->name), -1);
    gtk_box_append(GTK_BOX(box), picture);

    title = heading(_(info->game_class->name), "title-1");
    gtk_accessible_update_property(GTK_ACCESSIBLE(title), GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), paragraph(_(found->intro), "howto-intro"));
    /* Issue 33: the guided first game, to start (or start again) from the rules. */
    if (lp_lesson_exists(kind)) {
        GtkWidget *learn = gtk_button_new_with_mnemonic(_("_Learn to Play"));

        gtk_widget_set_halign(learn, GTK_ALIGN_START);
        gtk_widget_add_css_class(learn, "pill");
        gtk_widget_add_css_class(learn, "suggested-action");
        gtk_actionable_set_action_name(GTK_ACTIONABLE(learn), "win.learn-to-play");
        gtk_actionable_set_action_target(GTK_ACTIONABLE(learn), "s", kind);
        lp_a11y_fix_mnemonic_button(GTK_BUTTON(learn));
        gtk_box_append(GTK_BOX(box), learn);
    }

    for (guint i = 0; i <= found->n_sections; i++) {
        const LpHowtoSection *section =
            i < found->n_sections ? &found->sections[i] : &several_devices;
        g_auto(GStrv) paragraphs = g_strsplit(_(section->text), "\n\n", -1);
        GtkWidget *h = heading(_(section->heading), "title-4");

        gtk_accessible_update_property(GTK_ACCESSIBLE(h), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
        gtk_widget_set_margin_top(h, 12);
        gtk_box_append(GTK_BOX(box), h);
        for (guint p = 0; paragraphs[p] != NULL; p++)
            gtk_box_append(GTK_BOX(box), paragraph(paragraphs[p], NULL));
    }

    /* About 75 characters per line: easy to read on any window width. */
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(self->scroller), lp_clamp_new(box, 780));
    self->box = box;
    gtk_adjustment_set_value(
        gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(self->scroller)), 0);
    return TRUE;
}

const char *lp_howto_page_get_kind(LpHowtoPage *self)
{
    g_return_val_if_fail(LP_IS_HOWTO_PAGE(self), NULL);
    return self->game != NULL ? self->game->game_class->kind : NULL;
}

guint lp_howto_page_get_n_sections(LpHowtoPage *self)
{
    g_return_val_if_fail(LP_IS_HOWTO_PAGE(self), 0);
    return self->game != NULL ? self->game->page_class->howto->n_sections + 1 : 0;
}
