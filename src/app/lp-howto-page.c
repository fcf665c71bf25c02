/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "How to play": the rules of one game in plain words, written from RULES.md. */
#include "config.h"

#include <glib/gi18n.h>

#include "lp-clamp.h"
#include "lp-game-info.h"
#include "lp-howto-page.h"

typedef struct {
    const char *heading;
    const char *text; /* paragraphs separated by "\n\n" */
} Section;

typedef struct {
    const char *kind;
    const char *intro;
    const Section *sections;
    guint n_sections;
} Rules;

/* RULES.md: Ausgerechnet Buxtehude. */
static const Section buxtehude_sections[] = {
    {N_("Setting up"),
     N_("Everybody starts with 4 chips; the rest of the 36 chips is the supply. The draw stack "
        "holds 45 place cards with an Intermezzo after the 15th and after the 30th card. One "
        "more card is laid out face up as the starting card of the cross.\n\n"
        "The youngest player begins, then play goes round the table in seat order.")},
    {N_("Your turn"),
     N_("Draw the top card. You see only its name; the coordinates on the back stay hidden. "
        "Put the card into one of the four arms of the cross: north, south, west or east of "
        "the starting card. You may put it at the outer end of an arm, right next to the "
        "starting card, or between two cards of an arm.\n\n"
        "Only the direction of the arm counts. In the north arm each card must lie at least as "
        "far north as the card on its inner side, in the south arm at least as far south, and "
        "likewise in the west and east arms. Equal values are correct.")},
    {N_("Wrong!"),
     N_("When a card has been placed, every other player may call “Wrong!”. The first caller "
        "chooses one neighbour of the new card in its arm, and only this pair is checked.\n\n"
        "If the card really lies wrong, the caller takes a chip from the player who placed it "
        "and the card leaves the game. If it lies right, the player who placed it takes a chip "
        "from the caller. A player without chips pays nothing; the winner then takes a chip from "
        "the supply. When the supply runs out, the player with the most chips exchanges 5 chips "
        "for a card that left the game; it is worth 5 chips at the end.")},
    {N_("Intermezzo"),
     N_("When an Intermezzo card comes up, everybody secretly estimates how many cards of the "
        "cross lie wrong. Then each arm is checked from the starting card outward: every card "
        "is compared with the nearest card further in that is still in the cross, and a wrong "
        "card is set aside at once.\n\n"
        "Everybody who estimated the exact number gets 2 chips from the supply. If nobody did, "
        "the closest estimates get 1 chip each. Then the whole cross leaves the game, a new "
        "starting card is laid out, and the player who drew the Intermezzo takes a normal "
        "turn.")},
    {N_("End of the game"),
     N_("After the 45th card has been placed (and any “Wrong!” about it settled), a final "
        "scoring runs just like an Intermezzo. The most chips win; every exchanged card counts "
        "as 5 chips. Players with equal totals share the win.\n\n"
        "Tip: the option “Easy deck” leaves out the hardest places, for first games and for "
        "children.")},
    {N_("On the screen"),
     N_("When two or more people play at one screen, the estimates of an Intermezzo are entered "
        "one person at a time behind a cover that says whose turn it is; nobody sees the others’ "
        "numbers before all are in.")},
};

/* RULES.md: Deutschland – Finden Sie Minden? */
static const Section minden_sections[] = {
    {N_("The map"),
     N_("A grid lies over the map of Germany. The 10th meridian separates West (W) from East "
        "(O, for “Ost”). The 52nd and the 50th parallel separate North (N), Middle (M) and South "
        "(S).\n\n"
        "Each of the six areas is cut into sectors of one degree by one degree, numbered row "
        "by row from the north-west. Each sector has four sections: A north-west, B north-east, "
        "C south-west and D south-east. So “W, N, 10, B” names the small field in which Hamburg "
        "lies.")},
    {N_("A round"),
     N_("As many place cards are turned up as there are players. The player furthest back on "
        "the track chooses first, the others follow from back to front, and the leader takes "
        "the last card. At the start the youngest chooses first. Twice per game you may use a "
        "swap token: your chosen card leaves the game and you take the top card of the pile "
        "instead.\n\n"
        "Then everybody tips at the same time with 1 to 4 stones: East or West is required; "
        "then, if you dare, North, Middle or South, then the sector, then the section. Each "
        "stone needs all the stones before it.")},
    {N_("Scoring"),
     N_("From the back of the track to the front, each tip is shown on the map and then the "
        "solution of the card. A tip is right when a solution lies in the field that all your "
        "stones describe together. A right tip moves your figure as many fields as you placed "
        "stones; fields with other figures are jumped over and not counted.\n\n"
        "You keep the card when your tip was right and used enough stones: yellow big cities 4, "
        "red towns 3, blue waters and landscapes 2, purple sights 2. A single wrong stone means "
        "no fields and no card.")},
    {N_("End of the game"),
     N_("The game ends after the round in which a figure reaches field 40, or when the pile "
        "cannot fill another round. Then, colour by colour, the sole player with the most cards "
        "moves 3 fields and the sole second 2; several players sharing the lead move 2 each, "
        "and several sharing second place behind a sole leader move 1 each. Finally each set "
        "of one yellow, one red and one blue card (and one purple when purple is played) moves "
        "3 fields. The figure furthest ahead wins.\n\n"
        "Option: the purple sight cards (the expert variant) are harder, because you must know "
        "in which town a building stands.")},
    {N_("On the screen"),
     N_("Tips are secret until scoring. When two or more people play at one screen, each of "
        "them enters the tip behind a cover that says whose turn it is.")},
};

/* RULES.md: Auf Achse: Das Kartenspiel. */
static const Section aufachse_sections[] = {
    {N_("The cards"),
     N_("Kilometre cards from 10 to 120, rest cards, and four action cards: free passage (+1), "
        "step on the gas (+2), obstacle (−1) and lost cargo (−50). Everybody holds 10 cards. "
        "The youngest starts with the start card.\n\n"
        "A stage ends when the kilometre counter in the middle reaches 150, 200, 250 or 300 km "
        "for 2, 3, 4 or 5 players.")},
    {N_("A round"),
     N_("First everybody adds one hand card face down to the right end of their own route. "
        "Then, beginning with the holder of the start card, everybody puts one card face down "
        "on the kilometre counter.\n\n"
        "The counter is resolved from the top, the last card first. Kilometre cards add their "
        "value, lost cargo takes 50 km away, a rest card does nothing. An obstacle makes "
        "everybody remove the last card of their route; free passage and step on the gas make "
        "everybody add one or two more cards to their route.\n\n"
        "If the counter now shows the goal or more, the stage ends. Otherwise everybody refills "
        "to 10 cards and the start card passes to the next player.")},
    {N_("Scoring a route"),
     N_("At the end of a stage the routes are turned over. Only the part after the last break "
        "counts, and it is worth the sum of its kilometre cards. There is a break before a "
        "kilometre card that is not higher than the kilometre card before it, at every action "
        "card, and at a second rest card in a row. A single rest card is worth nothing and "
        "breaks nothing.\n\n"
        "Example: 30 50 40 60 60 70 90 is worth 60 + 70 + 90 = 220 km.")},
    {N_("End of the game"),
     N_("Routes and counter cards are discarded after each stage; hands are kept and refilled. "
        "After five stages the highest total wins; equal totals share the win.")},
    {N_("On the screen"),
     N_("Hands and routes are face down. When two or more people play at one screen, each sees "
        "their own hand and route only behind a cover that says whose turn it is. Everybody "
        "sees the resolved counter cards and how many cards each route and hand holds.")},
};

static const Rules rules[] = {
    {"buxtehude",
     N_("Lay place cards of Germany in a cross, each in the right direction from the starting "
        "card. Catch the others’ mistakes, avoid your own, and collect the most chips."),
     buxtehude_sections, G_N_ELEMENTS(buxtehude_sections)},
    {"minden",
     N_("Say where in Germany a place lies, as precisely as you dare. The more precise a right "
        "tip, the further your figure moves on the track of 40 fields."),
     minden_sections, G_N_ELEMENTS(minden_sections)},
    {"aufachse",
     N_("Drive the longest route in five stages. You build your own route face down while "
        "everybody feeds the kilometre counter that decides when a stage ends."),
     aufachse_sections, G_N_ELEMENTS(aufachse_sections)},
};

struct _LpHowtoPage {
    GtkWidget parent_instance;

    GtkWidget *scroller;
    GtkWidget *box;
    const Rules *rules;
};

G_DEFINE_FINAL_TYPE(LpHowtoPage, lp_howto_page, GTK_TYPE_WIDGET)

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
    const LpGameInfo *info;
    const Rules *found = NULL;
    GtkWidget *box, *title, *picture;
    g_autofree char *picture_path = NULL;

    g_return_val_if_fail(LP_IS_HOWTO_PAGE(self), FALSE);
    g_return_val_if_fail(kind != NULL, FALSE);

    info = lp_game_info_lookup(kind);
    for (guint i = 0; i < G_N_ELEMENTS(rules); i++) {
        if (g_strcmp0(rules[i].kind, kind) == 0)
            found = &rules[i];
    }
    if (info == NULL || found == NULL)
        return FALSE;
    if (found == self->rules)
        return TRUE;
    self->rules = found;

    box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_add_css_class(box, "howto");

    picture_path = g_strdup_printf("/io/github/landpartie/Landpartie/app/tile-%s.svg", kind);
    picture = gtk_picture_new_for_resource(info->picture != NULL ? info->picture : picture_path);
    gtk_picture_set_can_shrink(GTK_PICTURE(picture), TRUE);
    gtk_picture_set_content_fit(GTK_PICTURE(picture), GTK_CONTENT_FIT_COVER);
    gtk_widget_set_size_request(picture, -1, 140);
    gtk_widget_add_css_class(picture, "howto-picture");
    gtk_widget_set_overflow(picture, GTK_OVERFLOW_HIDDEN);
    gtk_accessible_update_property(GTK_ACCESSIBLE(picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   _(info->name), -1);
    gtk_box_append(GTK_BOX(box), picture);

    title = heading(_(info->name), "title-1");
    gtk_accessible_update_property(GTK_ACCESSIBLE(title), GTK_ACCESSIBLE_PROPERTY_LEVEL, 1, -1);
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), paragraph(_(found->intro), "howto-intro"));

    for (guint i = 0; i < found->n_sections; i++) {
        g_auto(GStrv) paragraphs = g_strsplit(_(found->sections[i].text), "\n\n", -1);
        GtkWidget *h = heading(_(found->sections[i].heading), "title-4");

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
    return self->rules != NULL ? self->rules->kind : NULL;
}

guint lp_howto_page_get_n_sections(LpHowtoPage *self)
{
    g_return_val_if_fail(LP_IS_HOWTO_PAGE(self), 0);
    return self->rules != NULL ? self->rules->n_sections : 0;
}
