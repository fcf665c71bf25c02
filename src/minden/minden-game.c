/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of "Deutschland – Finden Sie Minden?" (RULES.md: Finden Sie Minden). */
#include "minden-game-private.h"

#include <glib/gi18n.h>

#include "lp-json.h"

G_DEFINE_FINAL_TYPE(MindenGame, minden_game, LP_TYPE_GAME)

enum {
    SIGNAL_ROUND_STARTED,
    SIGNAL_CARD_CHOSEN,
    SIGNAL_TIP_ENTERED,
    SIGNAL_SCORED,
    SIGNAL_FINAL_STEP,
    SIGNAL_FINAL_MOVED,
    N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
    PROP_0,
    PROP_PHASE,
    N_PROPS
};

static GParamSpec *properties[N_PROPS];

GArray *_minden_uint_array(void)
{
    return g_array_new(FALSE, FALSE, sizeof(guint));
}

static void seats_free(MindenGame *self)
{
    for (guint i = 0; i < self->n_seats; i++)
        g_clear_pointer(&self->seats[i].kept, g_array_unref);
    g_clear_pointer(&self->seats, g_free);
    self->n_seats = 0;
}

void _minden_game_alloc_seats(MindenGame *self)
{
    seats_free(self);
    self->n_seats = lp_game_get_n_players(LP_GAME(self));
    self->seats = g_new0(MindenSeat, self->n_seats);
    for (guint i = 0; i < self->n_seats; i++) {
        MindenSeat *s = &self->seats[i];
        s->swaps_left = MINDEN_SWAP_TOKENS;
        s->card = -1;
        s->tip = (MindenTip) MINDEN_TIP_INIT;
        s->kept = _minden_uint_array();
    }
}

/* ---- queries ---------------------------------------------------------------------------- */

MindenDeck *minden_game_get_deck(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    return self->deck;
}

gboolean minden_game_get_purple(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), FALSE);
    return self->purple;
}

MindenPhase minden_game_get_phase(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), MINDEN_PHASE_OVER);
    return self->phase;
}

guint minden_game_get_round(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), 0);
    return self->round;
}

GArray *minden_game_get_draw_pile(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    return self->draw;
}

GArray *minden_game_get_offer(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    return self->offer;
}

GArray *minden_game_get_discard_pile(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    return self->discard;
}

GArray *minden_game_get_box(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    return self->box;
}

#define SEAT_OR(self, seat, val)                                                             \
    G_STMT_START                                                                             \
    {                                                                                        \
        g_return_val_if_fail(MINDEN_IS_GAME(self), val);                                     \
        g_return_val_if_fail((seat) < (self)->n_seats, val);                                 \
    }                                                                                        \
    G_STMT_END

guint minden_game_get_position(MindenGame *self, guint seat)
{
    SEAT_OR(self, seat, 0);
    return self->seats[seat].position;
}

guint minden_game_get_swaps_left(MindenGame *self, guint seat)
{
    SEAT_OR(self, seat, 0);
    return self->seats[seat].swaps_left;
}

int minden_game_get_seat_card(MindenGame *self, guint seat)
{
    SEAT_OR(self, seat, -1);
    return self->seats[seat].card;
}

GArray *minden_game_get_kept(MindenGame *self, guint seat)
{
    SEAT_OR(self, seat, NULL);
    return self->seats[seat].kept;
}

guint minden_game_count_kept(MindenGame *self, guint seat, MindenColour colour)
{
    SEAT_OR(self, seat, 0);
    GArray *kept = self->seats[seat].kept;
    guint n = 0;
    for (guint i = 0; i < kept->len; i++)
        if (minden_deck_get_card(self->deck, g_array_index(kept, guint, i))->colour == colour)
            n++;
    return n;
}

gboolean minden_game_has_tipped(MindenGame *self, guint seat)
{
    SEAT_OR(self, seat, FALSE);
    return self->seats[seat].tip.n_stones > 0;
}

gboolean minden_game_has_scored(MindenGame *self, guint seat)
{
    SEAT_OR(self, seat, FALSE);
    return self->seats[seat].scored;
}

gboolean minden_game_get_tip(MindenGame *self, int viewer, guint seat, MindenTip *out)
{
    g_return_val_if_fail(out != NULL, FALSE);
    *out = (MindenTip) MINDEN_TIP_INIT;
    SEAT_OR(self, seat, FALSE);
    /* RULES.md: tips are secret until scoring, then revealed together; the tipping seat
     * sees its own stones all along. */
    /* A mirror knows the secrets of its own viewer only (minden-game-view.c). */
    if (lp_game_is_mirror(LP_GAME(self)) && viewer != lp_game_get_viewer(LP_GAME(self)))
        viewer = LP_VIEWER_ONLOOKER;
    gboolean own = viewer >= 0 && (guint) viewer == seat;
    gboolean open = self->phase == MINDEN_PHASE_SCORE && self->seats[seat].tip.n_stones > 0;
    if (!own && !open)
        return FALSE;
    *out = self->seats[seat].tip;
    return TRUE;
}

const MindenTip *_minden_game_peek_tip(MindenGame *self, guint seat)
{
    g_assert(seat < self->n_seats);
    return &self->seats[seat].tip;
}

guint minden_game_get_history_length(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), 0);
    return self->history->len;
}

const MindenScoredTip *minden_game_get_history_entry(MindenGame *self, guint index)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    g_return_val_if_fail(index < self->history->len, NULL);
    return &g_array_index(self->history, MindenScoredTip, index);
}

const MindenScoredTip *minden_game_get_scored_tip(MindenGame *self, guint seat)
{
    SEAT_OR(self, seat, NULL);
    /* The current round's entries are the last ones; earlier rounds end the search. */
    for (guint i = self->history->len; i-- > 0;) {
        const MindenScoredTip *t = &g_array_index(self->history, MindenScoredTip, i);
        if (t->round != self->round)
            break;
        if (t->seat == seat)
            return t;
    }
    return NULL;
}

GArray *minden_game_get_order(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    return self->order;
}

guint minden_game_get_order_done(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), 0);
    return self->order_done;
}

MindenFinalStep minden_game_get_final_step(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), MINDEN_FINAL_SETS);
    return self->final_step;
}

static gboolean array_contains(GArray *a, guint v)
{
    for (guint i = 0; i < a->len; i++)
        if (g_array_index(a, guint, i) == v)
            return TRUE;
    return FALSE;
}

gboolean minden_game_get_solutions(MindenGame *self, int viewer, guint card,
                                   const MindenPoint **points, guint *n_points)
{
    g_return_val_if_fail(points != NULL && n_points != NULL, FALSE);
    *points = NULL;
    *n_points = 0;
    g_return_val_if_fail(MINDEN_IS_GAME(self), FALSE);
    g_return_val_if_fail(card < minden_deck_get_n_cards(self->deck), FALSE);
    /* RULES.md: the solution side is never shown before its scoring, and then to everybody
     * (viewer makes no difference). Kept and discarded cards have been scored; cards in the
     * box were swapped away unseen. */
    gboolean scored = array_contains(self->discard, card);
    for (guint i = 0; !scored && i < self->n_seats; i++)
        scored = array_contains(self->seats[i].kept, card);
    if (!scored)
        return FALSE;
    const MindenCard *c = minden_deck_get_card(self->deck, card);
    *points = c->solutions;
    *n_points = c->n_solutions;
    return TRUE;
}

gboolean minden_card_tip_is_right(const MindenCard *card, const MindenTip *tip)
{
    /* RULES.md: right when at least one solution point lies in the tipped region. */
    for (guint i = 0; i < card->n_solutions; i++)
        if (minden_tip_contains_point(tip, card->solutions[i].lat, card->solutions[i].lon))
            return TRUE;
    return FALSE;
}

static int compare_back_to_front(gconstpointer a, gconstpointer b, gpointer data)
{
    MindenGame *self = data;
    guint sa = *(const guint *) a, sb = *(const guint *) b;
    guint pa = self->seats[sa].position, pb = self->seats[sb].position;

    if (pa != pb)
        return pa < pb ? -1 : 1;
    /* RULES.md: players on the same field go youngest first. */
    return lp_players_compare_youngest(lp_game_get_player(LP_GAME(self), sa), sa,
                                       lp_game_get_player(LP_GAME(self), sb), sb);
}

GArray *minden_game_back_to_front(MindenGame *self)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), NULL);
    GArray *order = _minden_uint_array();
    for (guint i = 0; i < self->n_seats; i++)
        g_array_append_val(order, i);
    g_array_sort_with_data(order, compare_back_to_front, self);
    return order;
}

static gboolean field_taken(MindenGame *self, guint seat, guint field)
{
    /* RULES.md: the skip rule holds on every field; the track goes on past field 40. */
    for (guint i = 0; i < self->n_seats; i++)
        if (i != seat && self->seats[i].position == field)
            return TRUE;
    return FALSE;
}

guint minden_game_preview_move(MindenGame *self, guint seat, guint steps)
{
    SEAT_OR(self, seat, 0);
    guint pos = self->seats[seat].position;

    /* RULES.md: step that many times onto the next field no other figure holds; the track
     * does not stop at field 40 (second version). */
    for (guint i = 0; i < steps; i++) {
        pos++;
        while (field_taken(self, seat, pos))
            pos++;
    }
    return pos;
}

/* ---- flow ------------------------------------------------------------------------------- */

const char *_minden_game_card_id(MindenGame *self, guint card)
{
    return minden_deck_get_card(self->deck, card)->id;
}

gboolean _minden_game_card_in_play(MindenGame *self, guint card)
{
    const MindenCard *c = minden_deck_get_card(self->deck, card);

    if (c->colour == MINDEN_PURPLE && !self->purple)
        return FALSE;
    return !(c->on_board && self->board_cities_out);
}

static guint draw_top(MindenGame *self)
{
    guint card = g_array_index(self->draw, guint, self->draw->len - 1);
    g_array_set_size(self->draw, self->draw->len - 1);
    g_clear_pointer(&self->draw_sorted, g_array_unref);
    return card;
}

/* The state only; "phase-changed" follows once the rest of the state is whole. */
static void change_phase(MindenGame *self, MindenPhase phase)
{
    if (self->phase == phase)
        return;
    self->phase = phase;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_PHASE]);
}

static void set_phase(MindenGame *self, MindenPhase phase)
{
    change_phase(self, phase);
    lp_game_emit_phase_changed(LP_GAME(self));
}

static void begin_final(MindenGame *self)
{
    self->final_step = MINDEN_FINAL_MAJORITY_YELLOW;
    g_array_set_size(self->order, 0);
    self->order_done = 0;
    set_phase(self, MINDEN_PHASE_FINAL);
}

static void start_round(MindenGame *self)
{
    /* RULES.md: the game ends when the draw pile cannot supply a full round. */
    if (self->draw->len < self->n_seats) {
        begin_final(self);
        return;
    }
    for (guint i = 0; i < self->n_seats; i++) {
        self->seats[i].card = -1;
        self->seats[i].tip = (MindenTip) MINDEN_TIP_INIT;
        self->seats[i].scored = FALSE;
    }
    g_array_set_size(self->offer, 0);
    g_array_set_size(self->order, 0);
    self->order_done = 0;
    set_phase(self, MINDEN_PHASE_REVEAL);
}

static void reveal(MindenGame *self)
{
    /* RULES.md: reveal as many cards from the draw pile as there are players. */
    self->round++;
    for (guint i = 0; i < self->n_seats; i++) {
        guint card = draw_top(self);
        g_array_append_val(self->offer, card);
    }
    /* RULES.md: the player furthest back chooses first; ties youngest first. */
    g_clear_pointer(&self->order, g_array_unref);
    self->order = minden_game_back_to_front(self);
    self->order_done = 0;
    change_phase(self, MINDEN_PHASE_CHOOSE);

    g_signal_emit(self, signals[SIGNAL_ROUND_STARTED], 0, self->round);
    lp_game_emit_phase_changed(LP_GAME(self));
    lp_game_emit_turn_started(LP_GAME(self), g_array_index(self->order, guint, 0));
}

/* A whole sentence per move, no phase name spliced in (issue 13): people read these. */
static gboolean check_phase(MindenGame *self, MindenPhase phase, GError **error)
{
    if (self->phase == phase)
        return TRUE;
    g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE,
                        phase == MINDEN_PHASE_CHOOSE ? _("No card can be chosen now.")
                                                     : _("No tip can be placed now."));
    return FALSE;
}

gboolean minden_game_choose(MindenGame *self, guint seat, guint card, gboolean swap,
                            GError **error)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), FALSE);

    if (!check_phase(self, MINDEN_PHASE_CHOOSE, error))
        return FALSE;
    guint expected = g_array_index(self->order, guint, self->order_done);
    if (seat != expected) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                    _("Seat %u must choose now, not seat %u"), expected, seat);
        return FALSE;
    }
    guint at = G_MAXUINT;
    for (guint i = 0; i < self->offer->len; i++)
        if (g_array_index(self->offer, guint, i) == card)
            at = i;
    if (at == G_MAXUINT) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("Card %u is not among the revealed cards"), card);
        return FALSE;
    }
    MindenSeat *s = &self->seats[seat];
    if (swap && s->swaps_left == 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("Seat %u has no swap token left"), seat);
        return FALSE;
    }
    if (swap && self->draw->len == 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("The draw pile is empty, so there is nothing to swap for"));
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return _minden_game_request_choose(self, seat, card, swap, error);
    /* Undo (issue 33): a plain choice from the open offer may be taken back; a swap takes
     * the hidden top card of the draw pile, a point of no return. */
    lp_game_note_actor(LP_GAME(self), seat, "choice");
    if (swap)
        lp_game_note_reveal(LP_GAME(self));

    /* The state first, then the events, so that observers always see a whole state. */
    g_array_remove_index(self->offer, at);
    int swapped = -1;
    if (swap) {
        /* RULES.md: the chosen card and the token leave the game; take the top card. */
        s->swaps_left--;
        g_array_append_val(self->box, card);
        swapped = (int) card;
        s->card = (int) draw_top(self);
    } else {
        s->card = (int) card;
    }
    self->order_done++;
    g_signal_emit(self, signals[SIGNAL_CARD_CHOSEN], 0, seat, (guint) s->card, swapped);

    if (self->order_done == self->n_seats) {
        g_array_set_size(self->order, 0);
        self->order_done = 0;
        set_phase(self, MINDEN_PHASE_TIP);
    } else {
        lp_game_emit_turn_started(LP_GAME(self),
                                  g_array_index(self->order, guint, self->order_done));
    }
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

static void begin_scoring(MindenGame *self)
{
    /* RULES.md: the order of scoring is fixed by the positions when scoring begins. */
    g_clear_pointer(&self->order, g_array_unref);
    self->order = minden_game_back_to_front(self);
    self->order_done = 0;
    set_phase(self, MINDEN_PHASE_SCORE);
}

gboolean minden_game_tip(MindenGame *self, guint seat, const MindenTip *tip, GError **error)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), FALSE);
    g_return_val_if_fail(tip != NULL, FALSE);

    if (!check_phase(self, MINDEN_PHASE_TIP, error))
        return FALSE;
    if (seat >= self->n_seats) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN, _("There is no seat %u"),
                    seat);
        return FALSE;
    }
    if (self->seats[seat].tip.n_stones > 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                    _("Seat %u has already placed a tip"), seat);
        return FALSE;
    }
    if (!minden_tip_is_valid(tip)) {
        /* RULES.md: Ost or West is mandatory, a later stone needs all earlier ones. */
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("A tip is 1 to 4 stones: East or West first, then optionally "
                    "North/Middle/South, sector and section, in this order"));
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return _minden_game_request_tip(self, seat, tip, error);
    /* Undo (issue 33): a tip stays secret, so its seat may take it back until another seat
     * acts; the last tip opens every tip of the round (the scoring begins). */
    lp_game_note_actor(LP_GAME(self), seat, "tip");
    self->seats[seat].tip = *tip;
    g_signal_emit(self, signals[SIGNAL_TIP_ENTERED], 0, seat);

    gboolean all = TRUE;
    for (guint i = 0; i < self->n_seats; i++)
        if (self->seats[i].tip.n_stones == 0)
            all = FALSE;
    if (all) {
        lp_game_note_reveal(LP_GAME(self));
        begin_scoring(self);
    }
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

static void move_figure(MindenGame *self, guint seat, guint steps, guint *from, guint *to)
{
    *from = self->seats[seat].position;
    *to = minden_game_preview_move(self, seat, steps);
    self->seats[seat].position = *to;
}

static void finish_game(MindenGame *self)
{
    set_phase(self, MINDEN_PHASE_OVER);
    lp_game_emit_game_over(LP_GAME(self));
}

static void end_round(MindenGame *self)
{
    for (guint i = 0; i < self->n_seats; i++) {
        self->seats[i].card = -1;
        self->seats[i].tip = (MindenTip) MINDEN_TIP_INIT;
        self->seats[i].scored = FALSE;
    }
    /* RULES.md: the game ends after the round in which a figure reaches or passes field 40. */
    for (guint i = 0; i < self->n_seats; i++) {
        if (self->seats[i].position >= MINDEN_TRACK_END) {
            begin_final(self);
            return;
        }
    }
    start_round(self);
}

static void score_next(MindenGame *self)
{
    guint seat = g_array_index(self->order, guint, self->order_done);
    MindenSeat *s = &self->seats[seat];
    guint card = (guint) s->card;
    const MindenCard *c = minden_deck_get_card(self->deck, card);
    gboolean right = minden_card_tip_is_right(c, &s->tip);
    guint from = s->position, to = s->position;

    if (right)
        move_figure(self, seat, (guint) s->tip.n_stones, &from, &to);
    /* RULES.md: keeping needs a right tip with at least 4/3/2/2 stones by colour. */
    gboolean kept = right && (guint) s->tip.n_stones >= minden_colour_stones_to_keep(c->colour);
    g_array_append_val(kept ? s->kept : self->discard, card);
    s->card = -1;
    s->scored = TRUE;
    self->order_done++;
    MindenScoredTip entry = { self->round, seat, card, s->tip, right, kept, from, to };
    g_array_append_val(self->history, entry);

    g_signal_emit(self, signals[SIGNAL_SCORED], 0, seat, card, right, from, to, kept);

    if (self->order_done == self->n_seats)
        end_round(self);
}

static void final_move(MindenGame *self, guint seat, MindenFinalStep step, guint steps)
{
    guint from, to;

    move_figure(self, seat, steps, &from, &to);
    g_signal_emit(self, signals[SIGNAL_FINAL_MOVED], 0, seat, (guint) step, from, to);
}

static void final_majority(MindenGame *self, MindenColour colour)
{
    guint counts[8] = { 0 };
    guint points[8] = { 0 };
    guint first = 0, n_first = 0, second = 0, n_second = 0;

    for (guint i = 0; i < self->n_seats; i++) {
        counts[i] = minden_game_count_kept(self, i, colour);
        first = MAX(first, counts[i]);
    }
    /* RULES.md: only players holding at least one card of the colour take part. */
    if (first == 0)
        return;
    for (guint i = 0; i < self->n_seats; i++) {
        if (counts[i] == first)
            n_first++;
        else if (counts[i] > 0)
            second = MAX(second, counts[i]);
    }
    if (second > 0)
        for (guint i = 0; i < self->n_seats; i++)
            if (counts[i] == second)
                n_second++;
    for (guint i = 0; i < self->n_seats; i++) {
        if (counts[i] == first)
            /* A sole first gets 3; several tied first 2 each and there is no second. */
            points[i] = n_first == 1 ? 3 : 2;
        else if (n_first == 1 && second > 0 && counts[i] == second)
            /* A sole second gets 2; several tied second 1 each. */
            points[i] = n_second == 1 ? 2 : 1;
    }
    g_autoptr(GArray) order = minden_game_back_to_front(self);
    for (guint k = 0; k < order->len; k++) {
        guint seat = g_array_index(order, guint, k);
        if (points[seat] > 0)
            final_move(self, seat, (MindenFinalStep) colour, points[seat]);
    }
}

static void remove_one_of_colour(MindenGame *self, guint seat, MindenColour colour)
{
    GArray *kept = self->seats[seat].kept;
    for (guint i = 0; i < kept->len; i++) {
        guint card = g_array_index(kept, guint, i);
        if (minden_deck_get_card(self->deck, card)->colour == colour) {
            g_array_remove_index(kept, i);
            g_array_append_val(self->discard, card);
            return;
        }
    }
    g_assert_not_reached();
}

static void final_sets(MindenGame *self)
{
    guint n_colours = self->purple ? 4 : 3;
    g_autoptr(GArray) order = minden_game_back_to_front(self);

    /* RULES.md: each set of one card per colour in play is given up for 3 fields. */
    for (guint k = 0; k < order->len; k++) {
        guint seat = g_array_index(order, guint, k);
        for (;;) {
            gboolean complete = TRUE;
            for (guint c = 0; c < n_colours; c++)
                if (minden_game_count_kept(self, seat, (MindenColour) c) == 0)
                    complete = FALSE;
            if (!complete)
                break;
            for (guint c = 0; c < n_colours; c++)
                remove_one_of_colour(self, seat, (MindenColour) c);
            final_move(self, seat, MINDEN_FINAL_SETS, 3);
        }
    }
}

gboolean minden_game_advance(MindenGame *self, GError **error)
{
    g_return_val_if_fail(MINDEN_IS_GAME(self), FALSE);
    if (lp_game_is_mirror(LP_GAME(self)))
        return _minden_game_refuse_step(error);

    /* Undo (issue 33): revealing turns the round's cards up from the draw pile, scoring shows
     * a card's solution side; the final steps count open cards. Each step of the game's own
     * is a point of no return anyway (no seat acts in it). */
    if (self->phase == MINDEN_PHASE_REVEAL) {
        lp_game_note_reveal(LP_GAME(self));
        reveal(self);
    } else if (self->phase == MINDEN_PHASE_SCORE) {
        lp_game_note_reveal(LP_GAME(self));
        score_next(self);
    } else if (self->phase == MINDEN_PHASE_FINAL) {
        MindenFinalStep step = self->final_step;
        g_signal_emit(self, signals[SIGNAL_FINAL_STEP], 0, (guint) step);
        if (step == MINDEN_FINAL_SETS)
            final_sets(self);
        else
            final_majority(self, (MindenColour) step);
        if (step == MINDEN_FINAL_SETS) {
            finish_game(self);
        } else {
            self->final_step++;
            if (self->final_step == MINDEN_FINAL_MAJORITY_PURPLE && !self->purple)
                self->final_step = MINDEN_FINAL_SETS;
        }
    } else {
        g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE,
                            _("There is nothing to score now."));
        return FALSE;
    }
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

MindenGame *minden_game_new(GPtrArray *players, LpRng *rng, MindenDeck *deck, gboolean purple,
                            GError **error)
{
    g_return_val_if_fail(players != NULL, NULL);
    g_return_val_if_fail(LP_IS_RNG(rng), NULL);
    g_return_val_if_fail(MINDEN_IS_DECK(deck), NULL);

    if (players->len < 2 || players->len > 5) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("Finden Sie Minden is played by 2 to 5 players, not %u"), players->len);
        return NULL;
    }
    g_autoptr(MindenGame) self = g_object_new(MINDEN_TYPE_GAME, "players", players, "rng", rng,
                                              NULL);
    _minden_game_watch_undo(self);
    self->deck = g_object_ref(deck);
    self->purple = purple;
    _minden_game_alloc_seats(self);
    /* Issue 12: a reference city printed on the board is not also a card. */
    self->board_cities_out = TRUE;
    for (guint i = 0; i < minden_deck_get_n_cards(deck); i++) {
        if (_minden_game_card_in_play(self, i))
            g_array_append_val(self->draw, i);
    }
    if (self->draw->len < self->n_seats) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("The Minden deck has %u cards, too few for %u players"), self->draw->len,
                    self->n_seats);
        return NULL;
    }
    lp_rng_shuffle(rng, self->draw->data, self->draw->len, sizeof(guint));
    self->ai_seed = lp_rng_next_u64(rng);
    start_round(self);
    return g_steal_pointer(&self);
}

guint64 minden_game_get_ai_seed(MindenGame *self)
{
    return self->ai_seed;
}

/* ---- base class vfuncs ------------------------------------------------------------------ */

static int minden_game_get_current_seat_vfunc(LpGame *game)
{
    MindenGame *self = MINDEN_GAME(game);

    switch (self->phase) {
    case MINDEN_PHASE_CHOOSE:
        /* While the last choice's signal runs, everybody has chosen (issue 13 layout test). */
        if (self->order_done >= self->order->len)
            return -1;
        return (int) g_array_index(self->order, guint, self->order_done);
    case MINDEN_PHASE_TIP: {
        int waiting = -1;
        for (guint i = 0; i < self->n_seats; i++) {
            if (self->seats[i].tip.n_stones == 0) {
                if (waiting >= 0)
                    return -1;
                waiting = (int) i;
            }
        }
        return waiting;
    }
    default:
        return -1;
    }
}

static gboolean minden_game_is_over_vfunc(LpGame *game)
{
    return MINDEN_GAME(game)->phase == MINDEN_PHASE_OVER;
}

/* Revealing, scoring and the final steps need nobody's decision: the driver paces them so
 * people can follow. Choosing and tipping wait for a click or for minden_ai_move. */
static gboolean minden_game_advance_vfunc(LpGame *game)
{
    MindenGame *self = MINDEN_GAME(game);
    g_autoptr(GError) error = NULL;

    switch (self->phase) {
    case MINDEN_PHASE_REVEAL:
    case MINDEN_PHASE_SCORE:
    case MINDEN_PHASE_FINAL:
        if (!minden_game_advance(self, &error)) {
            g_critical("Minden step failed: %s", error->message);
            return FALSE;
        }
        return TRUE;
    case MINDEN_PHASE_CHOOSE:
    case MINDEN_PHASE_TIP:
    case MINDEN_PHASE_OVER:
    default:
        return FALSE;
    }
}

static JsonNode *minden_game_result_vfunc(LpGame *game)
{
    MindenGame *self = MINDEN_GAME(game);
    g_autoptr(JsonBuilder) b = json_builder_new();
    guint best = 0;

    for (guint i = 0; i < self->n_seats; i++)
        best = MAX(best, self->seats[i].position);
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "game");
    json_builder_add_string_value(b, "minden");
    json_builder_set_member_name(b, "rounds");
    json_builder_add_int_value(b, self->round);
    json_builder_set_member_name(b, "scores");
    json_builder_begin_array(b);
    for (guint i = 0; i < self->n_seats; i++)
        json_builder_add_int_value(b, self->seats[i].position);
    json_builder_end_array(b);
    json_builder_set_member_name(b, "winners");
    json_builder_begin_array(b);
    if (self->phase == MINDEN_PHASE_OVER)
        for (guint i = 0; i < self->n_seats; i++)
            if (self->seats[i].position == best)
                json_builder_add_int_value(b, i);
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

/* ---- GObject ---------------------------------------------------------------------------- */

static void minden_game_get_property(GObject *object, guint prop_id, GValue *value,
                                     GParamSpec *pspec)
{
    MindenGame *self = MINDEN_GAME(object);

    switch (prop_id) {
    case PROP_PHASE:
        g_value_set_enum(value, self->phase);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void minden_game_dispose(GObject *object)
{
    MindenGame *self = MINDEN_GAME(object);

    g_clear_object(&self->deck);
    G_OBJECT_CLASS(minden_game_parent_class)->dispose(object);
}

static void minden_game_finalize(GObject *object)
{
    MindenGame *self = MINDEN_GAME(object);

    seats_free(self);
    g_clear_pointer(&self->draw, g_array_unref);
    g_clear_pointer(&self->offer, g_array_unref);
    g_clear_pointer(&self->discard, g_array_unref);
    g_clear_pointer(&self->box, g_array_unref);
    g_clear_pointer(&self->order, g_array_unref);
    g_clear_pointer(&self->history, g_array_unref);
    g_clear_pointer(&self->ai_cache, _minden_ai_cache_free);
    g_clear_pointer(&self->seat_salts, g_free);
    g_clear_pointer(&self->draw_sorted, g_array_unref);
    G_OBJECT_CLASS(minden_game_parent_class)->finalize(object);
}

static LpGame *minden_game_create(GPtrArray *players, guint64 seed, gboolean option,
                                  GError **error)
{
    g_autoptr(MindenDeck) deck = minden_deck_get_default(error);
    if (deck == NULL)
        return NULL;
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    return LP_GAME(minden_game_new(players, rng, deck, option, error));
}

static void minden_game_class_init(MindenGameClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    LpGameClass *game_class = LP_GAME_CLASS(klass);

    object_class->dispose = minden_game_dispose;
    object_class->finalize = minden_game_finalize;
    object_class->get_property = minden_game_get_property;

    game_class->kind = "minden";
    game_class->name = N_("Deutschland – Finden Sie Minden?");
    game_class->description = N_("Tip where places lie on the grid of Germany: the more exact, the "
                                   "further you move");
    game_class->option_label = N_("Purple Cards (Sights)");
    game_class->option_description = N_("Mix in the sights: harder, since you must know the town "
                                          "they stand in; adds a purple majority and makes "
                                          "sets four cards");
    game_class->create = minden_game_create;
    game_class->min_players = 2;
    game_class->max_players = 5;
    game_class->save_state = _minden_game_save_state;
    game_class->load_state = _minden_game_load_state;
    game_class->observe_events = _minden_game_observe_events;
    game_class->advance = minden_game_advance_vfunc;
    game_class->get_current_seat = minden_game_get_current_seat_vfunc;
    game_class->is_over = minden_game_is_over_vfunc;
    game_class->result = minden_game_result_vfunc;
    game_class->record = _minden_game_record;
    game_class->places = _minden_game_where_places;
    game_class->view_state = _minden_game_view_state;
    game_class->load_view = _minden_game_load_view;
    game_class->copy_view = _minden_game_copy_view;
    game_class->apply_action = _minden_game_apply_action;
    game_class->get_computer_seat = _minden_game_get_computer_seat;

    /**
     * MindenGame:phase:
     *
     * The MindenPhase the game is in; notified when it changes, as soon as the state of the
     * new phase is whole (before "phase-changed" or the round's signals).
     */
    properties[PROP_PHASE] = g_param_spec_enum(
        "phase", NULL, NULL, MINDEN_TYPE_PHASE, MINDEN_PHASE_REVEAL,
        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * MindenGame::round-started:
     * @round: the number of the round, from 1
     *
     * A round began: its cards lie revealed in the offer.
     */
    signals[SIGNAL_ROUND_STARTED] = g_signal_new("round-started", G_TYPE_FROM_CLASS(klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 1, G_TYPE_UINT);
    /**
     * MindenGame::card-chosen:
     * @seat: who chose
     * @card: the card the seat now holds for this round
     * @swapped: the card given up with a swap token, or -1
     */
    signals[SIGNAL_CARD_CHOSEN] = g_signal_new("card-chosen", G_TYPE_FROM_CLASS(klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT,
                                               G_TYPE_INT);
    /**
     * MindenGame::tip-entered:
     * @seat: who placed a (still secret) tip
     */
    signals[SIGNAL_TIP_ENTERED] = g_signal_new("tip-entered", G_TYPE_FROM_CLASS(klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 1, G_TYPE_UINT);
    /**
     * MindenGame::scored:
     * @seat: whose tip was scored; its tip stays readable until the round ends
     * @card: the card
     * @right: whether a solution point lies in the tipped region
     * @from: the field before
     * @to: the field after (the skip rule applied)
     * @kept: whether the seat keeps the card
     *
     * Emitted after the figure moved and the card went to its pile, but before the round
     * ends, so the seat's tip is still readable in handlers.
     */
    signals[SIGNAL_SCORED] = g_signal_new("scored", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 6, G_TYPE_UINT,
                                          G_TYPE_UINT, G_TYPE_BOOLEAN, G_TYPE_UINT, G_TYPE_UINT,
                                          G_TYPE_BOOLEAN);
    /**
     * MindenGame::final-step:
     * @step: the MindenFinalStep that begins now; "final-moved" follows for every move
     */
    signals[SIGNAL_FINAL_STEP] = g_signal_new("final-step", G_TYPE_FROM_CLASS(klass),
                                              G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                              G_TYPE_NONE, 1, G_TYPE_UINT);
    /**
     * MindenGame::final-moved:
     * @seat: whose figure moved
     * @step: the MindenFinalStep (a majority colour or a set)
     * @from: the field before
     * @to: the field after
     */
    signals[SIGNAL_FINAL_MOVED] = g_signal_new("final-moved", G_TYPE_FROM_CLASS(klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 4, G_TYPE_UINT, G_TYPE_UINT,
                                               G_TYPE_UINT, G_TYPE_UINT);
}

/* An undo (issue 33) replaces the whole state in place, the phase with it: "phase" is
 * notified, as its contract says, before the base's "action-completed" follows. */
static void on_undone(MindenGame *self, guint seat, gpointer data)
{
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_PHASE]);
}

void _minden_game_watch_undo(MindenGame *self)
{
    /* A handler of the instance, not a field: the in-place restore leaves it alone. */
    g_signal_connect(self, "undone", G_CALLBACK(on_undone), NULL);
}

static void minden_game_init(MindenGame *self)
{
    self->draw = _minden_uint_array();
    self->offer = _minden_uint_array();
    self->discard = _minden_uint_array();
    self->box = _minden_uint_array();
    self->order = _minden_uint_array();
    self->history = g_array_new(FALSE, FALSE, sizeof(MindenScoredTip));
    self->phase = MINDEN_PHASE_REVEAL;
}
