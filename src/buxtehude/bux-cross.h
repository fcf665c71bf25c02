/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The cross of place cards on the Direction card: draws the live cross of a BuxGame (or the
 * cross of its last scoring), and turns clicks, drops and arrow keys into gap choices. */
#pragma once

#include <gtk/gtk.h>

#include "bux-game.h"
#include "lp-settings.h"

G_BEGIN_DECLS

#define BUX_TYPE_CROSS (bux_cross_get_type())
G_DECLARE_FINAL_TYPE(BuxCross, bux_cross, BUX, CROSS, GtkWidget)

/* Properties, each notified when it changes:
 *   "game" (BuxGame): the model whose cross is drawn.
 *   "settings" (LpSettings): coordinates on revealed cards and the animation pace; set by
 *     the page. Without settings the cross shows no coordinates and does not animate.
 *   "interactive" (boolean): whether the gaps are targets (a human places the card in hand).
 *   "show-revealed" (boolean, default FALSE): whether the pair of the last challenge is drawn
 *     face up (only while its result is shown: RULES.md, "both revealed cards are turned
 *     face down again afterwards").
 *   "scoring-step" (int, default -1): show the cross of the last scoring instead of the live
 *     one, with the first `step` wrong cards marked (the one at step - 1 highlighted with its
 *     reference; beyond the last, all marked and none highlighted); -1 shows the live cross. */
GtkWidget *bux_cross_new(void);
void bux_cross_set_game(BuxCross *self, BuxGame *game);
BuxGame *bux_cross_get_game(BuxCross *self);
void bux_cross_set_settings(BuxCross *self, LpSettings *settings);
LpSettings *bux_cross_get_settings(BuxCross *self);
void bux_cross_set_interactive(BuxCross *self, gboolean interactive);
gboolean bux_cross_get_interactive(BuxCross *self);
void bux_cross_set_show_revealed(BuxCross *self, gboolean show);
gboolean bux_cross_get_show_revealed(BuxCross *self);
void bux_cross_set_scoring_step(BuxCross *self, int step);
int bux_cross_get_scoring_step(BuxCross *self);
/* Scroll the card into view once the cross has been drawn with it (a long arm). */
void bux_cross_keep_in_view(BuxCross *self, int card);
/* The gap the keyboard points at. */
gboolean bux_cross_get_selected_gap(BuxCross *self, BuxArm *arm, guint *index);
/* Issue 31: this cross replaces previous on the page of a newer view of the same seat: the
 * selected gap stays (within the arm's gaps), and so does the card the keyboard was reading
 * (once this cross shows it). */
void bux_cross_carry_over(BuxCross *self, BuxCross *previous);
/* A readable name for a gap: "north, between Kiel and Hamburg". */
char *bux_cross_describe_gap(BuxGame *game, BuxArm arm, guint index);
/* Let the cards at these deck indices leave with a short animation from where they were last
 * drawn (none when animations are off). */
void bux_cross_animate_leaving(BuxCross *self, const int *cards, guint n_cards);

/* Issue 36: a revealed card whose details would be drawn below a legible size (about 9 pt
 * at the current zoom) shows them on hover (a tooltip), on focus (Tab to the cross, the
 * arrow keys walk such cards) and on click (a popover). The text they show for card, or NULL
 * when the card shows its details itself (or is face down). */
char *bux_cross_get_card_details_text(BuxCross *self, int card);
/* Show card's details in the popover, as a click on it does; FALSE when the card shows them
 * itself. */
gboolean bux_cross_show_card_details(BuxCross *self, int card);
/* The card whose details the popover shows now, or -1. */
int bux_cross_get_details_card(BuxCross *self);

/* A small picture of the card for dragging it, drawn BUX_CROSS_DRAG_OFFSET pixels below and
 * right of the icon's top left corner (the pointer), or NULL before the cross is shown. */
#define BUX_CROSS_DRAG_OFFSET 14
GdkPaintable *bux_cross_make_drag_icon(BuxCross *self, int card);

/* The layout, in card units around the starting card's centre (shared with the tests). */
/* The cross zooms between these to fit its space; beyond the smallest it scrolls. */
#define BUX_CROSS_MIN_ZOOM 0.4
#define BUX_CROSS_MAX_ZOOM 1.8
/* The zoom at which content fits the space, within the bounds above, in steps of
 * 2^(1/12): 2^(k/12) for a whole k, or a bound. */
double bux_cross_fit_zoom(double avail_w, double avail_h, double content_w, double content_h);
/* The Direction card under the starting card, with its compass arrows. */
graphene_rect_t bux_cross_direction_area(void);
/* Where gap index of an arm with arm_len cards takes clicks and drops. */
graphene_rect_t bux_cross_gap_area(BuxArm arm, guint arm_len, guint index);
/* A gap takes clicks and drops over at least this many pixels each way at any zoom, however
 * thin its bar is drawn (issue 36: a child's hand, a trackpad). */
#define BUX_CROSS_MIN_TARGET 44.0
/* The gap's area at zoom: bux_cross_gap_area, the first gap of an arm grown towards the
 * starting card (over the Direction card's border, never past the card's middle third) where
 * it would be narrower than BUX_CROSS_MIN_TARGET pixels. */
graphene_rect_t bux_cross_gap_target(BuxArm arm, guint arm_len, guint index, double zoom);
/* The scroll position that shows the card (card_lo .. card_hi) and, when both fit, the
 * starting card too; value unchanged when both are in sight already. */
double bux_cross_scroll_value(double value, double page, double lower, double upper,
                              double card_lo, double card_hi, double start_lo,
                              double start_hi);

G_END_DECLS
