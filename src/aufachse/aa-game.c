/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of Auf Achse – Das Kartenspiel (RULES.md: Auf Achse): deck, rounds, the
 * kilometre counter, stages and scoring. No GTK. */
#include "config.h"

#include "aa-game.h"

#include <glib/gi18n.h>
#include <string.h>

#include "aa-game-private.h"
#include "lp-json.h"

G_DEFINE_FINAL_TYPE(AaGame, aa_game, LP_TYPE_GAME)

enum {
    PROP_0,
    PROP_PHASE,
    N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
    SIGNAL_STAGE_ANNOUNCED,
    SIGNAL_ROUTE_PLAYED,
    SIGNAL_COUNTER_PLAYED,
    SIGNAL_CARD_RESOLVED,
    SIGNAL_ROUTE_DISCARDED,
    SIGNAL_HANDS_REFILLED,
    SIGNAL_STAGE_ENDED,
    SIGNAL_STAGE_STARTED,
    N_SIGNALS
};
static guint signals[N_SIGNALS];

/* ---- small helpers ---- */

static GArray *card_array_new(void)
{
    /* Nothing reserved: a computer's mirror is made at every decision (issue 35), and many of
     * its places stay empty (the seats past the table's, often the piles). */
    return g_array_new(FALSE, FALSE, sizeof(guint8));
}

static guint8 pop(GArray *a)
{
    g_assert(a->len > 0);
    guint8 card = aa_cards_at(a, a->len - 1);
    g_array_set_size(a, a->len - 1);
    return card;
}

static int find_card(GArray *a, guint card)
{
    for (guint i = 0; i < a->len; i++) {
        if (aa_cards_at(a, i) == card)
            return (int)i;
    }
    return -1;
}

static void hand_add(GArray *hand, guint8 card)
{
    /* Hands are kept sorted, so the card is inserted at its place (a sort per card drawn
     * was a tenth of the simulator's time); a hand out of order (only a test sets one) is
     * sorted as before. */
    guint8 *cards = (guint8 *)hand->data;
    for (guint i = 1; i < hand->len; i++) {
        if (cards[i - 1] > cards[i]) {
            aa_cards_push(hand, card);
            g_array_sort(hand, aa_cards_compare);
            return;
        }
    }
    guint at = hand->len;
    while (at > 0 && cards[at - 1] > card)
        at--;
    g_array_insert_val(hand, at, card);
}

/* ::stage-announced cannot be emitted while the game is dealt (nobody listens yet), so it
 * is emitted before the first action of each stage. */
static void announce(AaGame *self)
{
    if (self->announced || self->phase == AA_PHASE_OVER)
        return;
    self->announced = TRUE;
    g_signal_emit(self, signals[SIGNAL_STAGE_ANNOUNCED], 0, self->stage, self->start_seat);
}

static int compute_total(AaGame *self)
{
    int total = 0;
    for (guint i = 0; i < self->counter->len; i++)
        total += aa_card_face(aa_cards_at(self->counter, i));
    return total;
}

/* RULES.md step 5: every player, from the start-card holder on, refills to 10; an empty
 * draw pile is replaced by the shuffled discard pile. */
static void refill(AaGame *self)
{
    for (guint k = 0; k < self->n; k++) {
        guint seat = (self->start_seat + k) % self->n;
        GArray *hand = self->hands[seat];
        while (hand->len < AA_HAND_SIZE) {
            if (self->draw->len == 0) {
                if (self->discard->len == 0)
                    break;
                g_array_append_vals(self->draw, self->discard->data, self->discard->len);
                g_array_set_size(self->discard, 0);
                lp_rng_shuffle(lp_game_get_rng(LP_GAME(self)), self->draw->data,
                               self->draw->len, sizeof(guint8));
            }
            /* A card from the draw pile comes to light in its new owner's hand: the action
             * that refilled can no longer be taken back (issue 33). */
            lp_game_note_reveal(LP_GAME(self));
            hand_add(hand, pop(self->draw));
        }
    }
    g_signal_emit(self, signals[SIGNAL_HANDS_REFILLED], 0);
}

static guint play_seat(AaGame *self)
{
    return (self->start_seat + self->play_index) % self->n;
}

static gboolean all_hands_empty(AaGame *self)
{
    for (guint s = 0; s < self->n; s++) {
        if (self->hands[s]->len > 0)
            return FALSE;
    }
    return TRUE;
}

/* "phase" and ::phase-changed together, once the new phase is in place. */
static void phase_changed(AaGame *self)
{
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_PHASE]);
    lp_game_emit_phase_changed(LP_GAME(self));
}

static void set_phase(AaGame *self, AaPhase phase)
{
    if (self->phase == phase)
        return;
    self->phase = phase;
    phase_changed(self);
}

static void end_stage(AaGame *self);
static void end_round(AaGame *self);

/* Skip seats with an empty hand; when all have played, the pile is resolved. */
static void advance_play(AaGame *self)
{
    while (self->play_index < self->n && self->hands[play_seat(self)]->len == 0) {
        self->play_index++;
        self->route_done = FALSE;
    }
    if (self->play_index >= self->n) {
        if (self->pile->len == 0)
            end_round(self);
        else
            set_phase(self, AA_PHASE_RESOLVE);
        return;
    }
    lp_game_emit_turn_started(LP_GAME(self), play_seat(self));
}

static void begin_round(AaGame *self)
{
    self->play_index = 0;
    self->route_done = FALSE;
    self->last_resolved = -1;
    self->turned_stale = TRUE;
    /* RULES.md is silent on a table where nobody holds a card (every card lies in routes and
     * the counter); the stage ends then, as no round can be played. */
    if (all_hands_empty(self)) {
        end_stage(self);
        return;
    }
    set_phase(self, AA_PHASE_PLAY);
    advance_play(self);
}

static int extra_seat(AaGame *self)
{
    for (guint k = 0; k < self->n; k++) {
        guint seat = (self->start_seat + k) % self->n;
        if (self->extra_left[seat] > 0)
            return (int)seat;
    }
    return -1;
}

static void after_resolution(AaGame *self)
{
    if (self->pile->len > 0) {
        set_phase(self, AA_PHASE_RESOLVE);
        return;
    }
    end_round(self);
}

/* RULES.md step 4 and 5: the goal counts only after the whole pile; otherwise refill and
 * pass the start card. */
static void end_round(AaGame *self)
{
    if (compute_total(self) >= aa_stage_goal(self->n)) {
        end_stage(self);
        return;
    }
    refill(self);
    self->start_seat = lp_game_next_seat(LP_GAME(self), self->start_seat);
    begin_round(self);
}

static void end_stage(AaGame *self)
{
    guint stage = self->stage;
    g_assert(self->n_scored == stage - 1);
    /* The routes are turned over and scored: a point of no return (issue 33). */
    lp_game_note_reveal(LP_GAME(self));
    for (guint s = 0; s < self->n; s++) {
        GArray *route = self->routes[s];
        guint scoring_start = 0;
        self->scores[stage - 1][s] = aa_route_score_cards((const guint8 *)route->data,
                                                          route->len, NULL, &scoring_start);
        self->longest[s] = MAX(self->longest[s], route->len - scoring_start);
    }
    self->n_scored = stage;
    self->play_index = 0;
    self->route_done = FALSE;

    if (stage == AA_N_STAGES) {
        /* ::stage-ended already sees the game over (views show the end, not a scoring to
         * continue from); the phase is announced after it, then the end. */
        self->phase = AA_PHASE_OVER;
        g_signal_emit(self, signals[SIGNAL_STAGE_ENDED], 0, stage);
        phase_changed(self);
        lp_game_emit_game_over(LP_GAME(self));
        return;
    }
    set_phase(self, AA_PHASE_STAGE_END);
    g_signal_emit(self, signals[SIGNAL_STAGE_ENDED], 0, stage);
}

/* ---- moves ---- */

static gboolean check_seat(AaGame *self, guint seat, GError **error)
{
    if (seat >= self->n) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("There is no seat %u."), seat);
        return FALSE;
    }
    return TRUE;
}

static gboolean check_turn(AaGame *self, guint seat, GError **error)
{
    if (lp_game_get_current_seat(LP_GAME(self)) != (int)seat) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                    _("It is not %s’s turn."),
                    lp_player_get_display_name(lp_game_get_player(LP_GAME(self), seat)));
        return FALSE;
    }
    return TRUE;
}

static gboolean check_hand(AaGame *self, guint seat, guint card, GError **error)
{
    if (card >= AA_N_CARDS || find_card(self->hands[seat], card) < 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("%s does not hold that card."),
                    lp_player_get_display_name(lp_game_get_player(LP_GAME(self), seat)));
        return FALSE;
    }
    return TRUE;
}

static void hand_remove(GArray *hand, guint card)
{
    int i = find_card(hand, card);
    g_assert(i >= 0);
    g_array_remove_index(hand, i);
}

static void add_to_route(AaGame *self, guint seat, guint card)
{
    hand_remove(self->hands[seat], card);
    aa_cards_push(self->routes[seat], card);
    g_signal_emit(self, signals[SIGNAL_ROUTE_PLAYED], 0, seat, card);
}

gboolean aa_game_play_route(AaGame *self, guint seat, guint card, GError **error)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    if (!check_seat(self, seat, error))
        return FALSE;
    AaStep step = aa_game_get_step(self);
    if (step != AA_STEP_ROUTE && step != AA_STEP_EXTRA) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE, "%s",
                    _("No route card is expected now."));
        return FALSE;
    }
    if (!check_turn(self, seat, error))
        return FALSE;
    if (!check_hand(self, seat, card, error))
        return FALSE;
    if (lp_game_is_mirror(LP_GAME(self)))
        return aa_game_request_move(self, seat, "route", card, error);

    /* Issue 33: a person may take the face-down card back, unless the move ended the round
     * and cards were drawn or routes scored (refill, end_stage). */
    lp_game_note_actor(LP_GAME(self), seat, "route");
    announce(self);
    add_to_route(self, seat, card);
    if (step == AA_STEP_ROUTE) {
        self->route_done = TRUE;
        if (self->hands[seat]->len == 0) {
            /* Nothing left for the counter pile. */
            self->play_index++;
            self->route_done = FALSE;
            advance_play(self);
        } else {
            lp_game_emit_turn_started(LP_GAME(self), seat);
        }
    } else {
        self->extra_left[seat]--;
        if (self->hands[seat]->len == 0)
            self->extra_left[seat] = 0;
        int next = extra_seat(self);
        if (next < 0) {
            self->action = -1;
            after_resolution(self);
        } else {
            lp_game_emit_turn_started(LP_GAME(self), next);
        }
    }
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean aa_game_play_counter(AaGame *self, guint seat, guint card, GError **error)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    if (!check_seat(self, seat, error))
        return FALSE;
    if (aa_game_get_step(self) != AA_STEP_COUNTER) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE, "%s",
                    _("No counter card is expected now."));
        return FALSE;
    }
    if (!check_turn(self, seat, error))
        return FALSE;
    if (!check_hand(self, seat, card, error))
        return FALSE;
    if (lp_game_is_mirror(LP_GAME(self)))
        return aa_game_request_move(self, seat, "counter", card, error);

    /* Issue 33: the card lies face down until the game turns the pile over (its own step,
     * aa_game_resolve_next), so a person may take it back until then. */
    lp_game_note_actor(LP_GAME(self), seat, "counter");
    announce(self);
    hand_remove(self->hands[seat], card);
    aa_cards_push(self->pile, card);
    aa_cards_push(self->pile_owner, seat);
    g_signal_emit(self, signals[SIGNAL_COUNTER_PLAYED], 0, seat);
    self->play_index++;
    self->route_done = FALSE;
    advance_play(self);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean aa_game_resolve_next(AaGame *self, GError **error)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    if (self->phase != AA_PHASE_RESOLVE) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE, "%s",
                    _("The counter pile is not being turned over now."));
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return aa_game_refuse_own_step(self, error);
    /* The game's own step, and a card comes to light: nothing before it can be taken back. */
    lp_game_note_reveal(LP_GAME(self));
    announce(self);
    guint8 card = pop(self->pile);
    guint8 owner = pop(self->pile_owner);
    self->last_resolved = card;
    if (self->turned_stale) {
        g_array_set_size(self->turned, 0);
        self->turned_stale = FALSE;
    }
    AaTurned turned = {.card = card, .owner = owner};
    memset(turned.lost, AA_TURNED_NONE, sizeof turned.lost);
    AaKind kind = aa_card_kind(card);
    /* RULES.md step 3: kilometre cards and −50 stay; the others go to the discard pile. */
    if (kind == AA_KIND_KM || kind == AA_KIND_MINUS50)
        aa_cards_push(self->counter, card);
    else
        aa_cards_push(self->discard, card);
    int total = compute_total(self);
    turned.total = (gint16)total;
    g_array_append_val(self->turned, turned);
    g_signal_emit(self, signals[SIGNAL_CARD_RESOLVED], 0, (guint)card, total);

    if (kind == AA_KIND_MINUS1) {
        /* RULES.md: every player discards the last card of their own route (if any). */
        for (guint k = 0; k < self->n; k++) {
            guint seat = (self->start_seat + k) % self->n;
            GArray *route = self->routes[seat];
            if (route->len == 0)
                continue;
            guint8 last = pop(route);
            aa_cards_push(self->discard, last);
            g_array_index(self->turned, AaTurned, self->turned->len - 1).lost[seat] = last;
            g_signal_emit(self, signals[SIGNAL_ROUTE_DISCARDED], 0, seat, (guint)last);
        }
    }
    if (kind == AA_KIND_PLUS1 || kind == AA_KIND_PLUS2) {
        /* RULES.md: one / two more hand cards each, as far as the hand allows. */
        guint want = kind == AA_KIND_PLUS1 ? 1 : 2;
        for (guint s = 0; s < self->n; s++)
            self->extra_left[s] = MIN(want, self->hands[s]->len);
        int next = extra_seat(self);
        if (next >= 0) {
            self->action = card;
            set_phase(self, AA_PHASE_EXTRA);
            lp_game_emit_turn_started(LP_GAME(self), next);
            lp_game_action_completed(LP_GAME(self));
            return TRUE;
        }
    }
    after_resolution(self);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean aa_game_continue(AaGame *self, GError **error)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    if (self->phase != AA_PHASE_STAGE_END) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE, "%s",
                    _("No stage has just ended."));
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return aa_game_refuse_own_step(self, error);
    /* The next stage is dealt: a point of no return (issue 33). */
    lp_game_note_reveal(LP_GAME(self));
    /* RULES.md: after a stage, route and counter cards go to the discard pile, hands are
     * kept and refilled. The start card then passes as after every round (step 5). */
    for (guint s = 0; s < self->n; s++) {
        g_array_append_vals(self->discard, self->routes[s]->data, self->routes[s]->len);
        g_array_set_size(self->routes[s], 0);
    }
    g_array_append_vals(self->discard, self->counter->data, self->counter->len);
    g_array_set_size(self->counter, 0);
    g_array_append_vals(self->discard, self->pile->data, self->pile->len);
    g_array_set_size(self->pile, 0);
    g_array_set_size(self->pile_owner, 0);
    g_array_set_size(self->turned, 0);
    refill(self);
    self->start_seat = lp_game_next_seat(LP_GAME(self), self->start_seat);
    self->stage++;
    self->announced = FALSE;
    announce(self);
    g_signal_emit(self, signals[SIGNAL_STAGE_STARTED], 0, self->stage);
    begin_round(self);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

/* ---- queries ---- */

AaPhase aa_game_get_phase(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), AA_PHASE_OVER);
    return self->phase;
}

AaStep aa_game_get_step(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), AA_STEP_NONE);
    switch (self->phase) {
    case AA_PHASE_PLAY:
        return self->route_done ? AA_STEP_COUNTER : AA_STEP_ROUTE;
    case AA_PHASE_EXTRA:
        return AA_STEP_EXTRA;
    default:
        return AA_STEP_NONE;
    }
}

guint aa_game_get_stage(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return self->stage;
}

guint aa_game_get_start_seat(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return self->start_seat;
}

int aa_game_get_goal(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return aa_stage_goal(self->n);
}

int aa_game_get_total(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return compute_total(self);
}

gboolean aa_game_get_hand(AaGame *self, int viewer, guint seat, GArray **hand)
{
    g_return_val_if_fail(hand != NULL, FALSE);
    *hand = NULL;
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, FALSE);
    /* RULES.md: a hand is its owner's secret for the whole game. */
    if (viewer < 0 || (guint)viewer != seat || !aa_cards_known(self->hands[seat]))
        return FALSE;
    *hand = self->hands[seat];
    return TRUE;
}

gboolean aa_game_get_route(AaGame *self, int viewer, guint seat, GArray **route)
{
    g_return_val_if_fail(route != NULL, FALSE);
    *route = NULL;
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, FALSE);
    /* RULES.md: routes lie face down until they are revealed and scored after a stage. */
    gboolean revealed = self->phase == AA_PHASE_STAGE_END || self->phase == AA_PHASE_OVER;
    if ((!revealed && (viewer < 0 || (guint)viewer != seat)) ||
        !aa_cards_known(self->routes[seat]))
        return FALSE;
    *route = self->routes[seat];
    return TRUE;
}

guint aa_game_get_hand_size(AaGame *self, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, 0);
    return self->hands[seat]->len;
}

guint aa_game_get_route_length(AaGame *self, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, 0);
    return self->routes[seat]->len;
}

GArray *aa_game_get_counter(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), NULL);
    return self->counter;
}

guint aa_game_get_pile_size(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return self->pile->len;
}

guint aa_game_get_pile_owner(AaGame *self, guint index)
{
    g_return_val_if_fail(AA_IS_GAME(self) && index < self->pile_owner->len, 0);
    return aa_cards_at(self->pile_owner, index);
}

guint aa_game_get_draw_size(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return self->draw->len;
}

guint aa_game_get_discard_size(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return self->discard->len;
}

int aa_game_get_last_resolved(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), -1);
    return self->last_resolved;
}

guint aa_game_get_n_turned(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return self->turned->len;
}

guint aa_game_get_turned(AaGame *self, guint index, guint *owner, int *total)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    g_return_val_if_fail(index < self->turned->len, 0);
    AaTurned *t = &g_array_index(self->turned, AaTurned, index);
    if (owner != NULL)
        *owner = t->owner;
    if (total != NULL)
        *total = t->total;
    return t->card;
}

gboolean aa_game_get_turned_loss(AaGame *self, int viewer, guint index, guint seat, int *card)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    g_return_val_if_fail(index < self->turned->len && seat < self->n, FALSE);
    guint8 lost = g_array_index(self->turned, AaTurned, index).lost[seat];
    if (card != NULL)
        *card = lost != AA_TURNED_NONE && viewer >= 0 && (guint)viewer == seat ? lost : -1;
    return lost != AA_TURNED_NONE;
}

int aa_game_get_action(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), -1);
    return self->phase == AA_PHASE_EXTRA ? self->action : -1;
}

guint aa_game_get_extra_left(AaGame *self, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, 0);
    return self->phase == AA_PHASE_EXTRA ? self->extra_left[seat] : 0;
}

guint aa_game_get_n_scored(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), 0);
    return self->n_scored;
}

int aa_game_get_stage_score(AaGame *self, guint stage, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, 0);
    g_return_val_if_fail(stage >= 1 && stage <= self->n_scored, 0);
    return self->scores[stage - 1][seat];
}

int aa_game_get_total_score(AaGame *self, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, 0);
    int total = 0;
    for (guint i = 0; i < self->n_scored; i++)
        total += self->scores[i][seat];
    return total;
}

GArray *aa_game_get_winners(AaGame *self)
{
    g_return_val_if_fail(AA_IS_GAME(self), NULL);
    GArray *winners = g_array_new(FALSE, FALSE, sizeof(guint));
    if (self->phase != AA_PHASE_OVER)
        return winners;
    int best = G_MININT;
    for (guint s = 0; s < self->n; s++)
        best = MAX(best, aa_game_get_total_score(self, s));
    for (guint s = 0; s < self->n; s++) {
        if (aa_game_get_total_score(self, s) == best)
            g_array_append_val(winners, s);
    }
    return winners;
}

/* ---- LpGame vfuncs ---- */

static int aa_game_get_current_seat(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    if (self->phase == AA_PHASE_PLAY)
        return (int)play_seat(self);
    if (self->phase == AA_PHASE_EXTRA)
        return extra_seat(self);
    return -1;
}

static gboolean aa_game_is_over_vfunc(LpGame *game)
{
    return AA_GAME(game)->phase == AA_PHASE_OVER;
}

/* The steps nobody decides: turning the counter pile over and dealing the next stage. In
 * AA_PHASE_PLAY and AA_PHASE_EXTRA a seat decides (a click or aa_ai_move). */
static gboolean aa_game_advance(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    switch (self->phase) {
    case AA_PHASE_RESOLVE:
        return aa_game_resolve_next(self, NULL);
    case AA_PHASE_STAGE_END:
        return aa_game_continue(self, NULL);
    case AA_PHASE_PLAY:
    case AA_PHASE_EXTRA:
    case AA_PHASE_OVER:
    default:
        return FALSE;
    }
}

static JsonNode *aa_game_result(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "scores");
    json_builder_begin_array(b);
    for (guint s = 0; s < self->n; s++)
        json_builder_add_int_value(b, aa_game_get_total_score(self, s));
    json_builder_end_array(b);
    json_builder_set_member_name(b, "winners");
    json_builder_begin_array(b);
    g_autoptr(GArray) winners = aa_game_get_winners(self);
    for (guint i = 0; i < winners->len; i++)
        json_builder_add_int_value(b, g_array_index(winners, guint, i));
    json_builder_end_array(b);
    json_builder_set_member_name(b, "stages");
    json_builder_begin_array(b);
    for (guint i = 0; i < self->n_scored; i++) {
        json_builder_begin_array(b);
        for (guint s = 0; s < self->n; s++)
            json_builder_add_int_value(b, self->scores[i][s]);
        json_builder_end_array(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

/* A card as a player knows it, for the messages about a damaged save; never the internal
 * number (0–109), which nobody at the table has seen. */
static char *card_name(guint8 card)
{
    return aa_face_name(aa_card_face(card));
}

/* Where a card lies, as the save calls it and in words. */
static const char *place_name(const char *member)
{
    if (g_str_equal(member, "draw"))
        return _("the draw pile");
    if (g_str_equal(member, "discard"))
        return _("the discard pile");
    if (g_str_equal(member, "pile"))
        return _("the counter pile");
    if (g_str_equal(member, "counter"))
        return _("the kilometre counter");
    if (g_str_equal(member, "hands"))
        return _("a hand");
    return _("a route");
}

gboolean aa_game_check_cards(AaGame *self, GError **error)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    guint8 seen[AA_N_CARDS] = {0};
    GArray *places[4 + 2 * AA_MAX_PLAYERS];
    const char *names[4 + 2 * AA_MAX_PLAYERS] = {"draw", "discard", "pile", "counter"};
    guint n_places = 0;
    places[n_places++] = self->draw;
    places[n_places++] = self->discard;
    places[n_places++] = self->pile;
    places[n_places++] = self->counter;
    for (guint s = 0; s < self->n; s++) {
        names[n_places] = "hands";
        places[n_places++] = self->hands[s];
        names[n_places] = "routes";
        places[n_places++] = self->routes[s];
    }
    guint count = 0;
    for (guint p = 0; p < n_places; p++) {
        for (guint i = 0; i < places[p]->len; i++) {
            guint8 card = aa_cards_at(places[p], i);
            /* A mirror knows only what its viewer may see; a hidden card counts for one. */
            if (card == AA_CARD_HIDDEN && lp_game_is_mirror(LP_GAME(self))) {
                count++;
                continue;
            }
            if (card >= AA_N_CARDS) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                            _("%s holds a card that does not exist"), place_name(names[p]));
                return FALSE;
            }
            if (seen[card]++) {
                g_autofree char *name = card_name(card);
                /* Translators: e.g. "a card “80 km” lies in two places (again in a hand)". */
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                            _("a card “%s” lies in two places (again in %s)"), name,
                            place_name(names[p]));
                return FALSE;
            }
            count++;
        }
    }
    if (count != AA_N_CARDS) {
        for (guint c = 0; c < AA_N_CARDS && !lp_game_is_mirror(LP_GAME(self)); c++) {
            if (!seen[c]) {
                g_autofree char *name = card_name(c);
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                            _("a card “%s” is missing; all %d cards must be somewhere"), name,
                            AA_N_CARDS);
                return FALSE;
            }
        }
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("the table holds %u cards, not %d"), count, AA_N_CARDS);
        return FALSE;
    }
    return TRUE;
}

gboolean aa_game_check(AaGame *self, GError **error)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    if (!aa_game_check_cards(self, error))
        return FALSE;
    for (guint i = 0; i < self->counter->len; i++) {
        AaKind kind = aa_card_kind(aa_cards_at(self->counter, i));
        if (kind != AA_KIND_KM && kind != AA_KIND_MINUS50) {
            g_autofree char *name = card_name(aa_cards_at(self->counter, i));
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        _("the kilometre counter holds “%s”, which never stays there"), name);
            return FALSE;
        }
    }
    for (guint s = 0; s < self->n; s++) {
        if (self->hands[s]->len > AA_HAND_SIZE) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        _("%s holds %u cards, more than %d"),
                        lp_player_get_display_name(lp_game_get_player(LP_GAME(self), s)),
                        self->hands[s]->len, AA_HAND_SIZE);
            return FALSE;
        }
    }
    if (self->pile->len > self->n || self->pile_owner->len != self->pile->len) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("the counter pile holds %u cards, more than one per player"),
                    self->pile->len);
        return FALSE;
    }
    guint expected_scored = self->phase == AA_PHASE_STAGE_END || self->phase == AA_PHASE_OVER
                                ? self->stage
                                : self->stage - 1;
    if (self->n_scored != expected_scored ||
        (self->phase == AA_PHASE_OVER && self->stage != AA_N_STAGES)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    _("stage %u in phase “%s” needs %u scored stages, not %u"), self->stage,
                    lp_enum_to_nick(AA_TYPE_PHASE, self->phase), expected_scored,
                    self->n_scored);
        return FALSE;
    }
    const char *why = NULL;
    switch (self->phase) {
    case AA_PHASE_PLAY:
        if (self->play_index >= self->n)
            why = _("every player has played, yet the round is still in play");
        else if (self->hands[play_seat(self)]->len == 0)
            why = _("the player to act has no card");
        else if (self->pile->len > self->play_index)
            why = _("the counter pile holds more cards than players have played");
        break;
    case AA_PHASE_RESOLVE:
        if (self->pile->len == 0)
            why = _("the counter pile is empty, yet it is being turned over");
        break;
    case AA_PHASE_EXTRA:
        if (self->action < 0 || (aa_card_kind(self->action) != AA_KIND_PLUS1 &&
                                 aa_card_kind(self->action) != AA_KIND_PLUS2))
            why = _("extra route cards are expected, but no +1/+2 is in effect");
        else if (extra_seat(self) < 0)
            why = _("extra route cards are expected, but nobody owes one");
        for (guint s = 0; why == NULL && s < self->n; s++) {
            if (self->extra_left[s] > self->hands[s]->len)
                why = _("a player owes more extra cards than they hold");
        }
        break;
    case AA_PHASE_STAGE_END:
    case AA_PHASE_OVER:
        if (self->pile->len > 0)
            why = _("the stage ended with cards on the counter pile");
        break;
    }
    if (why == NULL && self->phase != AA_PHASE_EXTRA) {
        for (guint s = 0; s < self->n; s++) {
            if (self->extra_left[s] != 0)
                why = _("extra cards are owed outside a +1/+2");
        }
    }
    if (why != NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, "%s", why);
        return FALSE;
    }
    return TRUE;
}

/* ---- object ---- */

static void aa_game_finalize(GObject *object)
{
    AaGame *self = AA_GAME(object);
    g_clear_pointer(&self->draw, g_array_unref);
    g_clear_pointer(&self->discard, g_array_unref);
    g_clear_pointer(&self->pile, g_array_unref);
    g_clear_pointer(&self->pile_owner, g_array_unref);
    g_clear_pointer(&self->counter, g_array_unref);
    for (guint s = 0; s < AA_MAX_PLAYERS; s++) {
        g_clear_pointer(&self->hands[s], g_array_unref);
        g_clear_pointer(&self->routes[s], g_array_unref);
    }
    g_clear_pointer(&self->turned, g_array_unref);
    G_OBJECT_CLASS(aa_game_parent_class)->finalize(object);
}

static void aa_game_get_property(GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
    AaGame *self = AA_GAME(object);
    switch (prop_id) {
    case PROP_PHASE:
        g_value_set_enum(value, self->phase);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static LpGame *aa_game_create(GPtrArray *players, guint64 seed, gboolean option,
                              GError **error)
{
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    return LP_GAME(aa_game_new(players, rng, error));
}

static void aa_game_class_init(AaGameClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    LpGameClass *game_class = LP_GAME_CLASS(klass);
    object_class->finalize = aa_game_finalize;
    object_class->get_property = aa_game_get_property;
    game_class->kind = "aufachse";
    game_class->name = N_("Auf Achse – Das Kartenspiel");
    game_class->description = N_("Build rising routes, feed the kilometre counter, drive the "
                                   "farthest in five stages");
    game_class->create = aa_game_create;
    game_class->min_players = AA_MIN_PLAYERS;
    game_class->max_players = AA_MAX_PLAYERS;
    game_class->save_state = aa_game_save_state;
    game_class->record = aa_game_record;
    game_class->places = aa_game_where_places;
    game_class->load_state = aa_game_load_state;
    game_class->advance = aa_game_advance;
    game_class->get_current_seat = aa_game_get_current_seat;
    game_class->is_over = aa_game_is_over_vfunc;
    game_class->result = aa_game_result;
    game_class->observe_events = aa_game_observe_events;
    game_class->view_state = aa_game_view_state;
    game_class->load_view = aa_game_load_view;
    game_class->copy_view = aa_game_copy_view;
    game_class->apply_action = aa_game_apply_action;
    game_class->get_computer_seat = aa_game_get_computer_seat;

    /**
     * AaGame:phase:
     *
     * The phase of the round (AaPhase); notified when it changes, just before
     * LpGame::phase-changed.
     */
    properties[PROP_PHASE] = g_param_spec_enum(
        "phase", NULL, NULL, AA_TYPE_PHASE, AA_PHASE_PLAY,
        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * AaGame::stage-announced:
     * @stage: the stage under way (1…5)
     * @start_seat: the holder of the start card in it
     * A stage is under way, once per stage, before its first move: when aa_game_continue()
     * deals it (before ::stage-started), and for the first stage, which is dealt before
     * anybody can listen, with the first move.
     */
    signals[SIGNAL_STAGE_ANNOUNCED] = g_signal_new("stage-announced", G_TYPE_FROM_CLASS(klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                   G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

    /**
     * AaGame::route-played:
     * @seat: whose route grew
     * @card: the card id (face down to others)
     * A card was added to the right end of a route (a normal or an extra card).
     */
    signals[SIGNAL_ROUTE_PLAYED] = g_signal_new("route-played", G_TYPE_FROM_CLASS(klass),
                                                G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
    /**
     * AaGame::counter-played:
     * @seat: who put a face-down card on the kilometre counter pile
     * The card is the pile's top now; it stays secret until it is turned over.
     */
    signals[SIGNAL_COUNTER_PLAYED] = g_signal_new("counter-played", G_TYPE_FROM_CLASS(klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 1, G_TYPE_UINT);
    /**
     * AaGame::card-resolved:
     * @card: the card id turned over from the top of the pile
     * @total: the counter total after it
     * Fires before the card's effect (−1 discards, +1/+2 extra cards) is carried out.
     */
    signals[SIGNAL_CARD_RESOLVED] = g_signal_new("card-resolved", G_TYPE_FROM_CLASS(klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
    /**
     * AaGame::route-discarded:
     * @seat: whose route lost its last card (obstacle)
     * @card: that card
     */
    signals[SIGNAL_ROUTE_DISCARDED] = g_signal_new("route-discarded", G_TYPE_FROM_CLASS(klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                   G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
    /**
     * AaGame::hands-refilled:
     * Every hand was refilled to ten (or as far as the cards allowed).
     */
    signals[SIGNAL_HANDS_REFILLED] = g_signal_new("hands-refilled", G_TYPE_FROM_CLASS(klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 0);
    /**
     * AaGame::stage-ended:
     * @stage: the stage (1…5) whose routes were just scored; routes are now visible
     */
    signals[SIGNAL_STAGE_ENDED] = g_signal_new("stage-ended", G_TYPE_FROM_CLASS(klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 1, G_TYPE_UINT);
    /**
     * AaGame::stage-started:
     * @stage: the new stage (2…5); the table was cleared and hands refilled
     */
    signals[SIGNAL_STAGE_STARTED] = g_signal_new("stage-started", G_TYPE_FROM_CLASS(klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 1, G_TYPE_UINT);
}

/* lp_game_undo swaps the whole state in place (issue 33) without going through
 * set_phase(): "phase" is notified here, so a binding or a view that follows it (the page
 * redraws on it) sees the phase of the state taken back to. */
static void on_undone(AaGame *self, guint seat, gpointer data)
{
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_PHASE]);
}

void aa_game_follow_undo(AaGame *self)
{
    g_signal_connect(self, "undone", G_CALLBACK(on_undone), NULL);
}

static void aa_game_init(AaGame *self)
{
    self->draw = card_array_new();
    self->discard = card_array_new();
    self->pile = card_array_new();
    self->pile_owner = card_array_new();
    self->counter = card_array_new();
    for (guint s = 0; s < AA_MAX_PLAYERS; s++) {
        self->hands[s] = card_array_new();
        self->routes[s] = card_array_new();
    }
    self->stage = 1;
    self->action = -1;
    self->last_resolved = -1;
    self->turned = g_array_new(FALSE, TRUE, sizeof(AaTurned));
}

AaGame *aa_game_new(GPtrArray *players, LpRng *rng, GError **error)
{
    g_return_val_if_fail(players != NULL && LP_IS_RNG(rng), NULL);
    if (players->len < AA_MIN_PLAYERS || players->len > AA_MAX_PLAYERS) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("Auf Achse needs 2 to 5 players, not %u."), players->len);
        return NULL;
    }
    AaGame *self = g_object_new(AA_TYPE_GAME, "players", players, "rng", rng, NULL);
    aa_game_follow_undo(self);
    self->n = players->len;
    guint8 cards[AA_N_CARDS];
    for (guint i = 0; i < AA_N_CARDS; i++)
        cards[i] = i;
    lp_rng_shuffle(rng, cards, AA_N_CARDS, sizeof(guint8));
    /* The draw pile's top is its last element: deal from the end. */
    g_array_append_vals(self->draw, cards, AA_N_CARDS);
    /* RULES.md: the youngest holds the start card; deal ten cards each, one at a time. */
    self->start_seat = lp_players_youngest(players);
    for (guint round = 0; round < AA_HAND_SIZE; round++) {
        for (guint k = 0; k < self->n; k++)
            aa_cards_push(self->hands[(self->start_seat + k) % self->n], pop(self->draw));
    }
    for (guint s = 0; s < self->n; s++)
        g_array_sort(self->hands[s], aa_cards_compare);
    self->phase = AA_PHASE_PLAY;
    self->play_index = 0;
    return self;
}
