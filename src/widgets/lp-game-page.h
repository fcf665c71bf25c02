/* SPDX-License-Identifier: GPL-3.0-or-later */
/* LpGamePage: the derivable base of the three game pages. It holds the game, the driver and
 * the settings, puts the privacy screen between the page and its content when two or more
 * humans share the screen, holds the driver for the page, loads the page's CSS once and
 * follows the model's signals through a GSignalGroup. A game's page fills in its class:
 * which model it shows, its tile picture, its how-to text and its style sheet. */
#pragma once

#include <gtk/gtk.h>

#include "lp-driver.h"
#include "lp-game.h"
#include "lp-privacy-screen.h"
#include "lp-settings.h"

G_BEGIN_DECLS

/* "How to play" of one game, in plain words from RULES.md; all strings N_(). */
typedef struct {
    const char *heading;
    const char *text; /* paragraphs separated by "\n\n" */
} LpHowtoSection;

typedef struct {
    const char *intro;
    const LpHowtoSection *sections;
    guint n_sections;
} LpHowto;

#define LP_TYPE_GAME_PAGE (lp_game_page_get_type())
G_DECLARE_DERIVABLE_TYPE(LpGamePage, lp_game_page, LP, GAME_PAGE, GtkWidget)

struct _LpGamePageClass {
    GtkWidgetClass parent_class;

    /* Filled in by each page's class_init. */
    GType game_type;          /* the model this page shows (BUX_TYPE_GAME …) */
    const char *picture;      /* resource path of the start-page tile (SVG) */
    const LpHowto *howto;     /* the how-to-play text */
    const char *css_resource; /* the page's style sheet, loaded once per display, or NULL */

    /* The privacy screen was lifted: the seat it was covered for now looks. */
    void (*revealed)(LpGamePage *self);
    /* The cover went up for the next person (also at a new round with one human): forget
     * what the previous seat left in the page's own widgets (a canvas's keyboard cursor).
     * The base has already put back, in every widget of the page, typed text and its undo
     * history, selections, scroll positions, open popovers and hover. */
    void (*forget_seat)(LpGamePage *self);
    /* A new page over a newer view of the same seat replaces previous (a joining window,
     * issue 31): take over what the person was in the middle of (a tip being marked). The
     * base has already carried over the focus, scroll positions and typed text. */
    void (*carry_over)(LpGamePage *self, LpGamePage *previous);

    gpointer padding[6];
};

/* Properties: "game" (LpGame, construct-only), "driver" (LpDriver, construct-only),
 * "finished" (see lp_game_page_get_finished()),
 * "settings" (LpSettings, construct-only; a new one when none is given). The page's one
 * template child is its content. Subclasses connect to the model through
 * lp_game_page_get_game_signals() in their init; the group targets the game once it is
 * set and drops every handler when the page goes. */

/* A new page of page_type (a subclass) for game. */
GtkWidget *lp_game_page_new(GType page_type, LpGame *game, LpDriver *driver,
                            LpSettings *settings);

LpGame *lp_game_page_get_game(LpGamePage *self);
LpDriver *lp_game_page_get_driver(LpGamePage *self);
LpSettings *lp_game_page_get_settings(LpGamePage *self);
GSignalGroup *lp_game_page_get_game_signals(LpGamePage *self);
/* NULL when no more than one human plays: nothing is then secret from the screen. */
LpPrivacyScreen *lp_game_page_get_privacy_screen(LpGamePage *self);

/* "finished" (boolean, read-only, notified on change): the page shows the end of its game,
 * the winner and the ranking. The model is over earlier, at the start of a final scoring
 * that the page reveals step by step: what offers a new game (the header's "Play Again")
 * follows this, not lp_game_is_over(), so nothing says the game is over before the page
 * does (issue 10). Pages call lp_game_page_set_finished() when they show their end. */
gboolean lp_game_page_get_finished(LpGamePage *self);
void lp_game_page_set_finished(LpGamePage *self, gboolean finished);

/* Issue 10: nothing of the previous seat survives a hand-over. Called by the base each time
 * the privacy screen covers the page; a page calls it itself where the next seat takes over
 * without a cover (one human after computers). Walks every widget of the page: empties
 * what can be typed into (a spin button to its lowest value) and its undo history, clears
 * text and list selections, scrolls every scrolled window back to its start, closes open
 * popovers, drops hover (the highlight, and a "leave" for motion controllers that have the
 * pointer) and the open tooltip, resets the accessible name and description and the tooltip
 * of every widget marked seat-private; then calls forget_seat(). */
void lp_game_page_forget_seat(LpGamePage *self);

/* Issue 10: what widget tells in its accessible name or description, or in its tooltip,
 * belongs to one seat's view ("Hand of Anna", a map's "Marked region: East, Middle"). Mark
 * it once (a widget may mark itself in its init); at every hand-over
 * lp_game_page_forget_seat() resets all three, so that a name the page does not set again
 * for the next seat is empty, never the previous seat's. A widget that sets its name only
 * when it changes must then set it on every update. */
void lp_game_page_mark_seat_private(GtkWidget *widget);

/* Issue 31: a joining window shows every view of its seat on a new page over a new mirror.
 * Called once the new page is in the window and before previous leaves it, this carries
 * over what the person had in hand on previous, widget by widget where both pages have the
 * same widget at the same place: the keyboard focus, scroll positions, and text typed into
 * a field that still takes it; then the page's carry_over(). */
void lp_game_page_carry_over(LpGamePage *self, LpGamePage *previous);

/* Hold the driver while the page shows something people must read; holds nest and the page
 * releases what it still holds when it goes. */
void lp_game_page_hold(LpGamePage *self);
void lp_game_page_release(LpGamePage *self);
guint lp_game_page_get_holds(LpGamePage *self);

G_END_DECLS
