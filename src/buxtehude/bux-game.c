/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buxtehude model: every rule of RULES.md (Ausgerechnet Buxtehude) and the save format. */
#include "config.h"

#include "bux-game.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "bux-game-private.h"
#include "lp-json.h"

G_DEFINE_FINAL_TYPE(BuxGame, bux_game, LP_TYPE_GAME)

enum {
    SIGNAL_STARTED,
    SIGNAL_CARD_PLACED,
    SIGNAL_DECIDED,
    SIGNAL_CHALLENGE_RESOLVED,
    SIGNAL_NO_CHALLENGE,
    SIGNAL_CHIPS_CHANGED,
    SIGNAL_ESTIMATE_ENTERED,
    SIGNAL_CROSS_CHECKED,
    SIGNAL_SCORED,
    SIGNAL_BONUS_EXCHANGED,
    N_SIGNALS,
};
static guint signals[N_SIGNALS];

enum {
    PROP_0,
    PROP_PHASE,
    N_PROPS,
};
static GParamSpec *properties[N_PROPS];

/* ---- helpers ---------------------------------------------------------------------------- */

static guint n_seats(BuxGame *self)
{
    return self->n_seats;
}

static gboolean seat_is_human(BuxGame *self, guint seat)
{
    if (seat < BUX_MAX_SEATS && seat < self->n_seats)
        return self->human[seat];
    /* Not a seat of a valid game: as before, with LpGame's checks. */
    return lp_player_is_human(lp_game_get_player(LP_GAME(self), seat));
}

void _bux_scoring_free(BuxScoring *s)
{
    if (s == NULL)
        return;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        g_clear_pointer(&s->arms[a], g_array_unref);
    g_clear_pointer(&s->wrong, g_array_unref);
    g_clear_pointer(&s->wrong_ref, g_array_unref);
    g_free(s->estimates);
    g_free(s->award);
    g_free(s->received);
    g_free(s);
}

const char *bux_arm_to_string(BuxArm arm)
{
    g_return_val_if_fail(arm < BUX_N_ARMS, NULL);
    return lp_enum_to_nick(BUX_TYPE_ARM, arm);
}

gboolean bux_arm_from_string(const char *s, BuxArm *out)
{
    int value;
    if (s == NULL || !lp_enum_from_nick(BUX_TYPE_ARM, s, &value))
        return FALSE;
    *out = value;
    return TRUE;
}

static gboolean coords_correct(double inner_lat, double inner_lon, double outer_lat,
                               double outer_lon, BuxArm arm)
{
    /* RULES.md: north arm outer ≥ inner latitude, south ≤, east longitude ≥, west ≤; equal
     * values are correct; exact decimals, not the rounded minutes. */
    switch (arm) {
    case BUX_ARM_NORTH:
        return outer_lat >= inner_lat;
    case BUX_ARM_SOUTH:
        return outer_lat <= inner_lat;
    case BUX_ARM_WEST:
        return outer_lon <= inner_lon;
    case BUX_ARM_EAST:
        return outer_lon >= inner_lon;
    default:
        g_assert_not_reached();
    }
}

gboolean bux_pair_is_correct(BuxDeck *deck, BuxArm arm, int inner, int outer)
{
    g_return_val_if_fail(BUX_IS_DECK(deck), FALSE);
    const BuxCard *i = bux_deck_get_card(deck, inner);
    const BuxCard *o = bux_deck_get_card(deck, outer);
    g_return_val_if_fail(i != NULL && o != NULL, FALSE);
    return coords_correct(i->lat, i->lon, o->lat, o->lon, arm);
}

int bux_check_cross(const double *lat, const double *lon, int start, GArray *const *arms,
                    GArray *wrong, GArray *wrong_ref)
{
    /* RULES.md: Intermezzo — each arm from the starting card outward; a wrong card is set
     * aside at once and never serves as a reference. Arms in the order N, S, W, E. */
    int count = 0;
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        int ref = start;
        for (guint i = 0; i < arms[a]->len; i++) {
            int card = bux_int_at(arms[a], i);
            if (coords_correct(lat[ref], lon[ref], lat[card], lon[card], a)) {
                ref = card;
            } else {
                count++;
                if (wrong != NULL)
                    g_array_append_val(wrong, card);
                if (wrong_ref != NULL)
                    g_array_append_val(wrong_ref, ref);
            }
        }
    }
    return count;
}

/* ---- chips ------------------------------------------------------------------------------ */

static void emit_chips(BuxGame *self)
{
    g_signal_emit(self, signals[SIGNAL_CHIPS_CHANGED], 0);
}

/* RULES.md: Chips and the supply — the player with the most chips (at least 5; ties: the one
 * nearest after the recipient) gives 5 chips to the supply for the top card of the removed
 * pile, worth 5 at the end. The 36 wooden chips stay 36 (supply + purses); a bonus card adds
 * its 5 to its owner's score only. */
static gboolean exchange_for_bonus(BuxGame *self, guint recipient)
{
    if (self->removed->len == 0)
        return FALSE;
    guint n = n_seats(self);
    int best = -1;
    for (guint k = 1; k <= n; k++) {
        guint s = (recipient + k) % n;
        if (self->chips[s] >= BUX_BONUS_VALUE && (best < 0 || self->chips[s] > self->chips[best]))
            best = s;
    }
    if (best < 0)
        return FALSE;
    int card = bux_int_at(self->removed, self->removed->len - 1);
    g_array_set_size(self->removed, self->removed->len - 1);
    g_array_append_val(self->bonus[best], card);
    self->chips[best] -= BUX_BONUS_VALUE;
    self->supply += BUX_BONUS_VALUE;
    g_signal_emit(self, signals[SIGNAL_BONUS_EXCHANGED], 0, (guint)best, card);
    return TRUE;
}

/* Pays amount chips from the supply to seat; returns what was paid. */
static guint pay_from_supply(BuxGame *self, guint seat, guint amount)
{
    while (self->supply < amount && exchange_for_bonus(self, seat))
        ;
    guint paid = MIN(amount, self->supply);
    self->supply -= paid;
    self->chips[seat] += paid;
    return paid;
}

/* ---- turns ------------------------------------------------------------------------------ */

/* Stores the phase and notifies "phase" only when it changed; the caller emits the base
 * signals (turn-started, phase-changed) in the order views expect. */
static void store_phase(BuxGame *self, BuxPhase phase)
{
    if (self->phase == phase)
        return;
    self->phase = phase;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_PHASE]);
}

static void set_phase(BuxGame *self, BuxPhase phase)
{
    store_phase(self, phase);
    lp_game_emit_phase_changed(LP_GAME(self));
}

static guint count_place_cards_left(BuxGame *self)
{
    guint n = 0;
    for (guint i = self->stack_pos; i < self->stack->len; i++) {
        if (bux_int_at(self->stack, i) != BUX_INTERMEZZO)
            n++;
    }
    return n;
}

static void begin_scoring(BuxGame *self)
{
    for (guint s = 0; s < BUX_MAX_SEATS; s++)
        self->estimates[s] = -1;
    set_phase(self, BUX_PHASE_ESTIMATE);
}

static void lay_start_card(BuxGame *self)
{
    g_assert(self->reserve_pos < self->reserve->len);
    self->start = bux_int_at(self->reserve, self->reserve_pos++);
    /* Undo (issue 33): the next starting card was hidden in the reserve. */
    lp_game_note_reveal(LP_GAME(self));
    g_signal_emit(self, signals[SIGNAL_STARTED], 0, self->start);
}

/* The seat draws: an Intermezzo card starts a scoring, an empty stack the final one,
 * otherwise the seat places. */
static void start_turn(BuxGame *self, guint seat)
{
    self->turn = seat;
    if (self->stack_pos >= self->stack->len) {
        begin_scoring(self); /* RULES.md: End — final scoring after the 45th card */
        return;
    }
    if (bux_int_at(self->stack, self->stack_pos) == BUX_INTERMEZZO) {
        self->stack_pos++;
        begin_scoring(self);
        return;
    }
    /* Undo (issue 33): the drawn card is read aloud, so it came to light. Drawing an
     * Intermezzo card or reaching the end shows nothing: their places are fixed. */
    lp_game_note_reveal(LP_GAME(self));
    store_phase(self, BUX_PHASE_PLACE);
    lp_game_emit_turn_started(LP_GAME(self), seat);
    lp_game_emit_phase_changed(LP_GAME(self));
}

static void finish_game(BuxGame *self)
{
    store_phase(self, BUX_PHASE_OVER);
    lp_game_emit_phase_changed(LP_GAME(self));
    lp_game_emit_game_over(LP_GAME(self));
}

static void run_scoring(BuxGame *self)
{
    guint n = n_seats(self);
    guint n_cards = bux_deck_get_n_cards(self->deck);
    g_autofree double *lat = g_new(double, n_cards);
    g_autofree double *lon = g_new(double, n_cards);
    for (guint i = 0; i < n_cards; i++) {
        lat[i] = bux_deck_get_card(self->deck, i)->lat;
        lon[i] = bux_deck_get_card(self->deck, i)->lon;
    }

    /* Undo (issue 33): the cross is checked and the secret estimates show. */
    lp_game_note_reveal(LP_GAME(self));
    BuxScoring *sc = g_new0(BuxScoring, 1);
    sc->cross = self->cross;
    sc->final = self->stack_pos >= self->stack->len;
    sc->start = self->start;
    sc->n_players = n;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        sc->arms[a] = g_array_copy(self->arms[a]);
    sc->wrong = g_array_new(FALSE, FALSE, sizeof(int));
    sc->wrong_ref = g_array_new(FALSE, FALSE, sizeof(int));
    sc->count = bux_check_cross(lat, lon, self->start, self->arms, sc->wrong, sc->wrong_ref);
    sc->estimates = g_new(int, n);
    sc->award = g_new0(int, n);
    sc->received = g_new0(int, n);
    memcpy(sc->estimates, self->estimates, n * sizeof(int));

    /* RULES.md: Intermezzo — an exact estimate gets 2 chips; if nobody hit it, everyone with
     * the smallest distance gets 1. */
    int best = G_MAXINT;
    for (guint s = 0; s < n; s++) {
        int d = abs(sc->estimates[s] - sc->count);
        best = MIN(best, d);
        if (d == 0)
            sc->exact = TRUE;
    }
    for (guint s = 0; s < n; s++) {
        if (abs(sc->estimates[s] - sc->count) == best)
            sc->award[s] = sc->exact ? 2 : 1;
        if (sc->estimates[s] == sc->count)
            self->figures[s].hits++;
    }
    _bux_scoring_free(self->last_scoring);
    self->last_scoring = sc;
    bux_game_where_note_cross(self);

    g_signal_emit(self, signals[SIGNAL_CROSS_CHECKED], 0);

    /* Awards are paid in seat order from the player who drew. */
    for (guint k = 0; k < n; k++) {
        guint s = (self->turn + k) % n;
        if (sc->award[s] > 0) {
            sc->received[s] = pay_from_supply(self, s, sc->award[s]);
            emit_chips(self);
        }
    }

    /* RULES.md: every card of the cross, the starting card included, leaves the game. */
    g_array_append_val(self->removed, self->start);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        g_array_append_vals(self->removed, self->arms[a]->data, self->arms[a]->len);
        g_array_set_size(self->arms[a], 0);
    }
    self->start = -1;
    self->pair_revealed = FALSE;

    g_signal_emit(self, signals[SIGNAL_SCORED], 0);
    if (sc->final) {
        finish_game(self);
        return;
    }
    self->cross++;
    lay_start_card(self);
    /* RULES.md: the player who drew the Intermezzo then takes a normal turn. */
    start_turn(self, self->turn);
}

/* ---- challenges ------------------------------------------------------------------------- */

static void resolve_challenge(BuxGame *self, BuxSide side)
{
    GArray *arm = self->arms[self->placed_arm];
    guint idx = self->placed_index;
    int card = bux_int_at(arm, idx);
    int neighbour = side == BUX_SIDE_INNER ? (idx == 0 ? self->start : bux_int_at(arm, idx - 1))
                                           : bux_int_at(arm, idx + 1);
    gboolean correct = side == BUX_SIDE_INNER
                           ? bux_pair_is_correct(self->deck, self->placed_arm, neighbour, card)
                           : bux_pair_is_correct(self->deck, self->placed_arm, card, neighbour);
    /* Undo (issue 33): the pair's backs are shown. */
    lp_game_note_reveal(LP_GAME(self));
    BuxChallenge *c = &self->last_challenge;
    c->placer = self->turn;
    c->challenger = self->challenger;
    c->card = card;
    c->neighbour = neighbour;
    c->arm = self->placed_arm;
    c->index = idx;
    c->side = side;
    c->rightful = !correct;
    self->figures[c->challenger].called++;
    if (c->rightful)
        self->figures[c->challenger].won++;
    /* RULES.md: rightful — the challenger takes a chip from the placer and the card leaves;
     * wrongful — the placer takes a chip from the challenger. An empty purse pays nothing and
     * the winner takes from the supply. */
    c->payee = c->rightful ? c->challenger : c->placer;
    c->payer = c->rightful ? c->placer : c->challenger;
    /* The card leaves first, so it is on the removed pile if the supply needs an exchange. */
    if (c->rightful) {
        g_array_remove_index(arm, idx);
        g_array_append_val(self->removed, card);
        bux_game_where_note_challenged(self, card);
    }
    if (self->chips[c->payer] > 0) {
        self->chips[c->payer]--;
        self->chips[c->payee]++;
        c->from_supply = FALSE;
        c->paid = TRUE;
    } else {
        c->from_supply = TRUE;
        c->paid = pay_from_supply(self, c->payee, 1) == 1;
    }
    self->has_last_challenge = TRUE;
    self->pair_revealed = TRUE;
    self->challenger = -1;

    g_signal_emit(self, signals[SIGNAL_CHALLENGE_RESOLVED], 0);
    emit_chips(self);
    start_turn(self, lp_game_next_seat(LP_GAME(self), c->placer));
}

static void resolve_no_challenge(BuxGame *self)
{
    g_signal_emit(self, signals[SIGNAL_NO_CHALLENGE], 0);
    start_turn(self, lp_game_next_seat(LP_GAME(self), self->turn));
}

gboolean bux_game_all_decided(BuxGame *self)
{
    for (guint s = 0; s < n_seats(self); s++) {
        if (s != self->turn && !self->decided[s])
            return FALSE;
    }
    return TRUE;
}

gboolean bux_game_humans_decided(BuxGame *self)
{
    for (guint s = 0; s < n_seats(self); s++) {
        if (s != self->turn && seat_is_human(self, s) && !self->decided[s])
            return FALSE;
    }
    return TRUE;
}

/* The challenger is known: with no outer neighbour the only pair is the inner one, nothing
 * to choose. */
static void open_challenge(BuxGame *self)
{
    if (bux_game_get_neighbour(self, BUX_SIDE_OUTER) < 0)
        resolve_challenge(self, BUX_SIDE_INNER);
    else
        set_phase(self, BUX_PHASE_NEIGHBOUR);
}

/* After a pass: a computer's call waiting for the people counts once they all decided;
 * without one, nobody challenges once everybody passed. */
static void after_pass(BuxGame *self)
{
    if (self->challenger >= 0 && bux_game_humans_decided(self))
        open_challenge(self);
    else if (self->challenger < 0 && bux_game_all_decided(self))
        resolve_no_challenge(self);
}

/* ---- public moves ----------------------------------------------------------------------- */

static gboolean check_phase(BuxGame *self, BuxPhase phase, GError **error)
{
    if (self->phase == phase)
        return TRUE;
    static const char *const waiting_for[] = {
        N_("That is not possible now: the game has not begun"),
        N_("That is not possible now: a card is waiting to be placed"),
        N_("That is not possible now: the players are deciding whether to challenge"),
        N_("That is not possible now: the challenger is picking a neighbour"),
        N_("That is not possible now: the players are estimating"),
        N_("That is not possible now: the game is over"),
    };
    g_set_error_literal(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE,
                        _(waiting_for[self->phase]));
    return FALSE;
}

static gboolean check_seat(BuxGame *self, guint seat, GError **error)
{
    if (seat < n_seats(self))
        return TRUE;
    g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                _("There is no seat %u in this game"), seat);
    return FALSE;
}

gboolean bux_game_begin(BuxGame *self, GError **error)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (!check_phase(self, BUX_PHASE_START, error))
        return FALSE;
    if (lp_game_is_mirror(LP_GAME(self)))
        return bux_game_request_begin(self, error);
    /* No seat's decision (the game's own step): nothing to take back. */
    lay_start_card(self);
    /* RULES.md common: the youngest begins. */
    start_turn(self, lp_players_youngest(lp_game_get_players(LP_GAME(self))));
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean bux_game_place(BuxGame *self, BuxArm arm, guint index, GError **error)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (!check_phase(self, BUX_PHASE_PLACE, error))
        return FALSE;
    if (arm >= BUX_N_ARMS) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, "%s",
                    _("A card must go north, south, west or east of the starting card"));
        return FALSE;
    }
    if (index > self->arms[arm]->len) {
        guint gaps = self->arms[arm]->len + 1;
        const char *message;
        switch (arm) {
        case BUX_ARM_NORTH:
            message = ngettext("The north arm has only %u gap", "The north arm has only %u gaps",
                               gaps);
            break;
        case BUX_ARM_SOUTH:
            message = ngettext("The south arm has only %u gap", "The south arm has only %u gaps",
                               gaps);
            break;
        case BUX_ARM_WEST:
            message = ngettext("The west arm has only %u gap", "The west arm has only %u gaps",
                               gaps);
            break;
        default:
            message = ngettext("The east arm has only %u gap", "The east arm has only %u gaps",
                               gaps);
            break;
        }
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, message, gaps);
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return bux_game_request_place(self, arm, index, error);
    lp_game_note_actor(LP_GAME(self), self->turn, "card");
    int card = bux_int_at(self->stack, self->stack_pos++);
    g_array_insert_val(self->arms[arm], index, card);
    int inner = index == 0 ? self->start : bux_int_at(self->arms[arm], index - 1);
    gboolean right = bux_pair_is_correct(self->deck, arm, inner, card) &&
                     (index + 1 >= self->arms[arm]->len ||
                      bux_pair_is_correct(self->deck, arm, card,
                                          bux_int_at(self->arms[arm], index + 1)));
    self->figures[self->turn].placed++;
    self->figures[self->turn].right += right ? 1 : 0;
    self->placed_arm = arm;
    self->placed_index = index;
    self->pair_revealed = FALSE;
    self->challenger = -1;
    memset(self->decided, 0, sizeof self->decided);
    g_signal_emit(self, signals[SIGNAL_CARD_PLACED], 0, arm, index);
    set_phase(self, BUX_PHASE_CHALLENGE);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean bux_game_challenge(BuxGame *self, guint seat, GError **error)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (!check_phase(self, BUX_PHASE_CHALLENGE, error) || !check_seat(self, seat, error))
        return FALSE;
    if (seat == self->turn) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, "%s",
                    _("You cannot challenge your own card"));
        return FALSE;
    }
    if (self->decided[seat]) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, "%s",
                    _("This player has already let the card stand"));
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return bux_game_request_decision(self, seat, TRUE, error);
    lp_game_note_actor(LP_GAME(self), seat, "call");
    /* RULES.md: people come first. A computer decides at once, but its call counts only
     * once every person has called or passed; until then it waits, kept as the challenger
     * (the first computer that called), and a person's call takes its place. */
    gboolean waits = !seat_is_human(self, seat) && !bux_game_humans_decided(self);
    if (!waits || self->challenger < 0)
        self->challenger = seat;
    if (waits)
        self->decided[seat] = TRUE;
    g_signal_emit(self, signals[SIGNAL_DECIDED], 0, seat, TRUE);
    if (!waits)
        open_challenge(self);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean bux_game_pass(BuxGame *self, guint seat, GError **error)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (!check_phase(self, BUX_PHASE_CHALLENGE, error) || !check_seat(self, seat, error))
        return FALSE;
    if (seat == self->turn || self->decided[seat]) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, "%s",
                    _("This player has nothing to decide"));
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return bux_game_request_decision(self, seat, FALSE, error);
    lp_game_note_actor(LP_GAME(self), seat, "pass");
    self->decided[seat] = TRUE;
    g_signal_emit(self, signals[SIGNAL_DECIDED], 0, seat, FALSE);
    after_pass(self);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean bux_game_pass_humans(BuxGame *self, GError **error)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (!check_phase(self, BUX_PHASE_CHALLENGE, error))
        return FALSE;
    if (lp_game_is_mirror(LP_GAME(self)))
        return bux_game_request_pass_humans(self, error);
    /* A person at another device decides there (issue 31). */
    gboolean passes[BUX_MAX_SEATS] = { FALSE };
    int actor = -1;
    for (guint k = 1; k < n_seats(self); k++) {
        guint s = (self->turn + k) % n_seats(self);
        passes[s] = seat_is_human(self, s) && !self->decided[s] &&
                    !lp_game_is_seat_remote(LP_GAME(self), s);
        if (passes[s] && actor < 0)
            actor = s;
    }
    /* Undo (issue 33): one button at one device; the first of its people after the placer
     * may take back the passes of all of them. */
    if (actor >= 0)
        lp_game_note_actor(LP_GAME(self), actor, "pass");
    for (guint s = 0; s < n_seats(self); s++) {
        if (passes[s]) {
            self->decided[s] = TRUE;
            g_signal_emit(self, signals[SIGNAL_DECIDED], 0, s, FALSE);
        }
    }
    after_pass(self);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean bux_game_choose_neighbour(BuxGame *self, BuxSide side, GError **error)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (!check_phase(self, BUX_PHASE_NEIGHBOUR, error))
        return FALSE;
    if (side != BUX_SIDE_INNER && side != BUX_SIDE_OUTER) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, "%s",
                    _("Pick the inner or the outer neighbour"));
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return bux_game_request_neighbour(self, side, error);
    /* The choice resolves the challenge at once, a reveal: it cannot be taken back. */
    lp_game_note_actor(LP_GAME(self), (guint)self->challenger, "choice");
    resolve_challenge(self, side);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

gboolean bux_game_estimate(BuxGame *self, guint seat, int estimate, GError **error)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (!check_phase(self, BUX_PHASE_ESTIMATE, error) || !check_seat(self, seat, error))
        return FALSE;
    if (self->estimates[seat] >= 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE, "%s",
                    _("This player has already estimated"));
        return FALSE;
    }
    int max = bux_game_get_max_estimate(self);
    if (estimate < 0 || estimate > max) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("The estimate must be between 0 and %d"), max);
        return FALSE;
    }
    if (lp_game_is_mirror(LP_GAME(self)))
        return bux_game_request_estimate(self, seat, estimate, error);
    /* A person's estimate can be taken back until the last one is in (the scoring). */
    lp_game_note_actor(LP_GAME(self), seat, "estimate");
    self->estimates[seat] = estimate;
    g_signal_emit(self, signals[SIGNAL_ESTIMATE_ENTERED], 0, seat);
    if (bux_game_get_estimating_seat(self) < 0)
        run_scoring(self);
    lp_game_action_completed(LP_GAME(self));
    return TRUE;
}

/* ---- queries ---------------------------------------------------------------------------- */

BuxDeck *bux_game_get_deck(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), NULL);
    return self->deck;
}

gboolean bux_game_get_easy(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    return self->easy;
}

BuxPhase bux_game_get_phase(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), BUX_PHASE_OVER);
    return self->phase;
}

guint bux_game_get_turn_seat(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return self->turn;
}

guint bux_game_get_cross_number(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return self->cross;
}

guint bux_game_get_n_placed(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return BUX_PLACE_CARDS - count_place_cards_left(self);
}

guint bux_game_get_stack_remaining(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return count_place_cards_left(self);
}

guint bux_game_get_intermezzos_left(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return (self->stack->len - self->stack_pos) - count_place_cards_left(self);
}

guint bux_game_get_reserve_size(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return self->reserve->len - self->reserve_pos;
}

guint bux_game_get_removed_size(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return self->removed->len;
}

int bux_game_get_hand(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), -1);
    if (self->phase != BUX_PHASE_PLACE)
        return -1;
    return bux_int_at(self->stack, self->stack_pos);
}

int bux_game_get_start_card(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), -1);
    return self->start;
}

guint bux_game_get_arm_length(BuxGame *self, BuxArm arm)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    g_return_val_if_fail(arm < BUX_N_ARMS, 0);
    return self->arms[arm]->len;
}

int bux_game_get_arm_card(BuxGame *self, BuxArm arm, guint index)
{
    g_return_val_if_fail(BUX_IS_GAME(self), -1);
    g_return_val_if_fail(arm < BUX_N_ARMS, -1);
    g_return_val_if_fail(index < self->arms[arm]->len, -1);
    return bux_int_at(self->arms[arm], index);
}

guint bux_game_get_n_gaps(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    if (self->start < 0)
        return 0;
    guint n = 0;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        n += self->arms[a]->len + 1;
    return n;
}

gboolean bux_game_get_placed(BuxGame *self, BuxArm *arm, guint *index)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    if (self->phase != BUX_PHASE_CHALLENGE && self->phase != BUX_PHASE_NEIGHBOUR)
        return FALSE;
    if (arm != NULL)
        *arm = self->placed_arm;
    if (index != NULL)
        *index = self->placed_index;
    return TRUE;
}

int bux_game_get_neighbour(BuxGame *self, BuxSide side)
{
    g_return_val_if_fail(BUX_IS_GAME(self), -1);
    if (self->phase != BUX_PHASE_CHALLENGE && self->phase != BUX_PHASE_NEIGHBOUR)
        return -1;
    GArray *arm = self->arms[self->placed_arm];
    if (side == BUX_SIDE_INNER)
        return self->placed_index == 0 ? self->start : bux_int_at(arm, self->placed_index - 1);
    if (self->placed_index + 1 < arm->len)
        return bux_int_at(arm, self->placed_index + 1);
    return -1;
}

gboolean bux_game_has_decided(BuxGame *self, guint seat)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    g_return_val_if_fail(seat < n_seats(self), FALSE);
    return self->phase == BUX_PHASE_CHALLENGE && self->decided[seat];
}

int bux_game_get_deciding_computer(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), -1);
    if (self->phase != BUX_PHASE_CHALLENGE)
        return -1;
    /* A computer's call waits for the people: no other computer needs to decide. */
    if (self->challenger >= 0)
        return -1;
    guint n = n_seats(self);
    for (guint k = 1; k < n; k++) {
        guint s = (self->turn + k) % n;
        if (!self->decided[s] && !seat_is_human(self, s))
            return s;
    }
    return -1;
}

int bux_game_get_challenger(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), -1);
    return self->phase == BUX_PHASE_NEIGHBOUR ? self->challenger : -1;
}

gboolean bux_game_has_estimated(BuxGame *self, guint seat)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    g_return_val_if_fail(seat < n_seats(self), FALSE);
    return self->phase == BUX_PHASE_ESTIMATE && self->estimates[seat] >= 0;
}

int bux_game_get_estimating_seat(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), -1);
    if (self->phase != BUX_PHASE_ESTIMATE)
        return -1;
    guint n = n_seats(self);
    /* Computers first, then the humans one at a time, both from the seat that drew. */
    for (int humans = 0; humans < 2; humans++) {
        for (guint k = 0; k < n; k++) {
            guint s = (self->turn + k) % n;
            if (self->estimates[s] < 0 && seat_is_human(self, s) == humans)
                return s;
        }
    }
    return -1;
}

gboolean bux_game_get_estimate(BuxGame *self, int viewer, guint seat, int *estimate)
{
    g_return_val_if_fail(estimate != NULL, FALSE);
    *estimate = -1;
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    g_return_val_if_fail(seat < n_seats(self), FALSE);
    g_return_val_if_fail(viewer >= LP_VIEWER_ONLOOKER && viewer < (int)n_seats(self), FALSE);
    /* RULES.md hidden information: estimates show only after all are in (the scoring). */
    if (self->phase != BUX_PHASE_ESTIMATE || viewer != (int)seat ||
        self->estimates[seat] < 0)
        return FALSE;
    *estimate = self->estimates[seat];
    return TRUE;
}

int bux_game_get_max_estimate(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    int n = 0;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        n += self->arms[a]->len;
    return n;
}

guint bux_game_get_chips(BuxGame *self, guint seat)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    g_return_val_if_fail(seat < n_seats(self), 0);
    return self->chips[seat];
}

guint bux_game_get_n_bonus(BuxGame *self, guint seat)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    g_return_val_if_fail(seat < n_seats(self), 0);
    return self->bonus[seat]->len;
}

guint bux_game_get_supply(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    return self->supply;
}

guint bux_game_get_score(BuxGame *self, guint seat)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    g_return_val_if_fail(seat < n_seats(self), 0);
    return self->chips[seat] + BUX_BONUS_VALUE * self->bonus[seat]->len;
}

const BuxFigures *bux_game_get_figures(BuxGame *self, guint seat)
{
    g_return_val_if_fail(BUX_IS_GAME(self), NULL);
    g_return_val_if_fail(seat < n_seats(self), NULL);
    return &self->figures[seat];
}

const BuxChallenge *bux_game_get_last_challenge(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), NULL);
    return self->has_last_challenge ? &self->last_challenge : NULL;
}

const BuxScoring *bux_game_get_last_scoring(BuxGame *self)
{
    g_return_val_if_fail(BUX_IS_GAME(self), NULL);
    return self->last_scoring;
}

gboolean bux_game_is_revealed(BuxGame *self, int card)
{
    g_return_val_if_fail(BUX_IS_GAME(self), FALSE);
    return self->pair_revealed && self->has_last_challenge &&
           (card == self->last_challenge.card || card == self->last_challenge.neighbour);
}

guint32 bux_game_get_ai_salt(BuxGame *self, guint seat)
{
    g_return_val_if_fail(BUX_IS_GAME(self), 0);
    g_return_val_if_fail(seat < n_seats(self), 0);
    return self->ai_salt[seat];
}

/* ---- LpGame vfuncs ---------------------------------------------------------------------- */

/* The model's own steps, those that wait for nobody's decision: only laying the first
 * starting card (a scoring runs as soon as the last estimate is in). The computers' choices
 * come from bux_ai_move() through the same moves as a click. */
static gboolean bux_game_advance(LpGame *game)
{
    BuxGame *self = BUX_GAME(game);
    if (self->phase != BUX_PHASE_START)
        return FALSE;
    g_autoptr(GError) error = NULL;
    if (!bux_game_begin(self, &error)) {
        g_critical("Buxtehude could not begin: %s", error->message);
        return FALSE;
    }
    return TRUE;
}

static int bux_game_get_current_seat(LpGame *game)
{
    BuxGame *self = BUX_GAME(game);
    switch (self->phase) {
    case BUX_PHASE_PLACE:
        return self->turn;
    case BUX_PHASE_CHALLENGE:
        return bux_game_get_deciding_computer(self);
    case BUX_PHASE_NEIGHBOUR:
        return self->challenger;
    case BUX_PHASE_ESTIMATE:
        return bux_game_get_estimating_seat(self);
    default:
        return -1;
    }
}

static gboolean bux_game_is_over(LpGame *game)
{
    return BUX_GAME(game)->phase == BUX_PHASE_OVER;
}

static JsonNode *bux_game_result(LpGame *game)
{
    BuxGame *self = BUX_GAME(game);
    guint n = n_seats(self);
    guint best = 0;
    for (guint s = 0; s < n; s++)
        best = MAX(best, bux_game_get_score(self, s));
    JsonObject *obj = json_object_new();
    JsonArray *scores = json_array_new();
    JsonArray *chips = json_array_new();
    JsonArray *bonus = json_array_new();
    JsonArray *winners = json_array_new();
    for (guint s = 0; s < n; s++) {
        json_array_add_int_element(scores, bux_game_get_score(self, s));
        json_array_add_int_element(chips, self->chips[s]);
        json_array_add_int_element(bonus, self->bonus[s]->len);
        if (self->phase == BUX_PHASE_OVER && bux_game_get_score(self, s) == best)
            json_array_add_int_element(winners, s);
    }
    json_object_set_string_member(obj, "game", "buxtehude");
    json_object_set_array_member(obj, "scores", scores);
    json_object_set_array_member(obj, "chips", chips);
    json_object_set_array_member(obj, "bonus", bonus);
    json_object_set_array_member(obj, "winners", winners);
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

/* ---- construction ----------------------------------------------------------------------- */

BuxGame *bux_game_new(GPtrArray *players, LpRng *rng, BuxDeck *deck, gboolean easy,
                      GError **error)
{
    g_return_val_if_fail(players != NULL, NULL);
    g_return_val_if_fail(LP_IS_RNG(rng), NULL);
    g_return_val_if_fail(BUX_IS_DECK(deck), NULL);

    if (players->len < 2 || players->len > BUX_MAX_SEATS) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("Ausgerechnet Buxtehude needs 2 to 6 players, not %u"), players->len);
        return NULL;
    }
    /* RULES.md: Easy deck — the difficulty-3 cards stay out. */
    g_autoptr(GArray) cards = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint c = 0; c < bux_deck_get_n_cards(deck); c++) {
        if (!easy || bux_deck_get_card(deck, c)->difficulty < 3) {
            int ci = c;
            g_array_append_val(cards, ci);
        }
    }
    if (cards->len < BUX_MIN_DECK) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA,
                    _("The deck has %u usable cards; a game needs at least %u"), cards->len,
                    BUX_MIN_DECK);
        return NULL;
    }

    BuxGame *self = g_object_new(BUX_TYPE_GAME, "players", players, "rng", rng, NULL);
    self->deck = g_object_ref(deck);
    self->easy = easy;
    guint n = players->len;

    /* RULES.md: Setup — shuffle; 15, Intermezzo, 15, Intermezzo, 15; the rest is the reserve. */
    lp_rng_shuffle(rng, cards->data, cards->len, sizeof(int));
    for (guint i = 0; i < BUX_PLACE_CARDS; i++) {
        if (i == BUX_STACK_PART || i == 2 * BUX_STACK_PART) {
            int im = BUX_INTERMEZZO;
            g_array_append_val(self->stack, im);
        }
        g_array_append_val(self->stack, g_array_index(cards, int, i));
    }
    g_array_append_vals(self->reserve, &g_array_index(cards, int, BUX_PLACE_CARDS),
                        cards->len - BUX_PLACE_CARDS);
    for (guint s = 0; s < n; s++) {
        self->chips[s] = BUX_START_CHIPS;
        self->ai_salt[s] = lp_rng_next_u32(rng);
    }
    self->supply = BUX_TOTAL_CHIPS - n * BUX_START_CHIPS;
    return self;
}

/* The seats are fixed once LpGame has its players (a restore builds the object with
 * g_object_new too, so this is not done in bux_game_new). */
static void bux_game_constructed(GObject *object)
{
    BuxGame *self = BUX_GAME(object);
    G_OBJECT_CLASS(bux_game_parent_class)->constructed(object);
    GPtrArray *players = lp_game_get_players(LP_GAME(self));
    self->n_seats = players->len;
    for (guint s = 0; s < MIN(self->n_seats, BUX_MAX_SEATS); s++) {
        self->human[s] = lp_player_is_human(players->pdata[s]);
        self->level[s] = lp_player_get_level(players->pdata[s]);
    }
}

static void bux_game_dispose(GObject *object)
{
    BuxGame *self = BUX_GAME(object);
    g_clear_object(&self->deck);
    G_OBJECT_CLASS(bux_game_parent_class)->dispose(object);
}

static void bux_game_finalize(GObject *object)
{
    BuxGame *self = BUX_GAME(object);
    g_clear_pointer(&self->stack, g_array_unref);
    g_clear_pointer(&self->reserve, g_array_unref);
    g_clear_pointer(&self->removed, g_array_unref);
    for (guint s = 0; s < BUX_MAX_SEATS; s++)
        g_clear_pointer(&self->bonus[s], g_array_unref);
    for (guint a = 0; a < BUX_N_ARMS; a++)
        g_clear_pointer(&self->arms[a], g_array_unref);
    g_clear_pointer(&self->last_scoring, _bux_scoring_free);
    g_clear_pointer(&self->crosses, g_ptr_array_unref);
    g_clear_pointer(&self->challenged, g_array_unref);
    for (guint s = 0; s < BUX_MAX_SEATS; s++)
        g_clear_pointer(&self->ai_beliefs[s], bux_ai_beliefs_unref);
    G_OBJECT_CLASS(bux_game_parent_class)->finalize(object);
}

static void bux_game_get_property(GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
    BuxGame *self = BUX_GAME(object);
    switch (prop_id) {
    case PROP_PHASE:
        g_value_set_enum(value, self->phase);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static LpGame *bux_game_create(GPtrArray *players, guint64 seed, gboolean option,
                               GError **error)
{
    g_autoptr(BuxDeck) deck = bux_deck_get_default(error);
    if (deck == NULL)
        return NULL;
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    return LP_GAME(bux_game_new(players, rng, deck, option, error));
}

static void bux_game_class_init(BuxGameClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    LpGameClass *game_class = LP_GAME_CLASS(klass);

    object_class->constructed = bux_game_constructed;
    object_class->dispose = bux_game_dispose;
    object_class->finalize = bux_game_finalize;
    object_class->get_property = bux_game_get_property;

    game_class->kind = "buxtehude";
    game_class->name = N_("Ausgerechnet Buxtehude");
    game_class->description = N_("Lay towns north, south, west or east of each other and catch the "
                                   "others’ mistakes");
    game_class->option_label = N_("Easy Deck");
    game_class->option_description = N_("Leave out the hard cards (the rulebook’s tip for "
                                          "beginners and children)");
    game_class->create = bux_game_create;
    game_class->min_players = 2;
    game_class->max_players = BUX_MAX_SEATS;
    game_class->save_state = bux_game_save_state;
    game_class->load_state = bux_game_load_state;
    game_class->advance = bux_game_advance;
    game_class->get_current_seat = bux_game_get_current_seat;
    game_class->is_over = bux_game_is_over;
    game_class->result = bux_game_result;
    game_class->observe_events = bux_game_observe_events;
    game_class->record = bux_game_record;
    game_class->places = bux_game_where_places;
    bux_game_view_class_init(game_class);

    properties[PROP_PHASE] = g_param_spec_enum("phase", NULL, NULL, BUX_TYPE_PHASE,
                                               BUX_PHASE_START,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                   G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * BuxGame::cross-started:
     * @card: deck index of the new starting card
     *
     * A starting card was laid on the Direction card (the first cross or after an
     * Intermezzo).
     */
    signals[SIGNAL_STARTED] = g_signal_new("cross-started", G_TYPE_FROM_CLASS(klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_INT);
    /**
     * BuxGame::card-placed:
     * @arm: the BuxArm
     * @index: the card's position in its arm (0 next to the starting card)
     *
     * The card in hand was placed; the challenge phase follows.
     */
    signals[SIGNAL_CARD_PLACED] = g_signal_new("card-placed", G_TYPE_FROM_CLASS(klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
    /**
     * BuxGame::decided:
     * @seat: the seat that decided
     * @challenged: TRUE when it called "wrong", FALSE when it let the card stand
     *
     * A seat decided on the card just placed.
     */
    signals[SIGNAL_DECIDED] = g_signal_new("decided", G_TYPE_FROM_CLASS(klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
    /**
     * BuxGame::challenge-resolved:
     *
     * A challenge was checked and paid; bux_game_get_last_challenge() tells what happened.
     * Emitted before the next turn starts.
     */
    signals[SIGNAL_CHALLENGE_RESOLVED] = g_signal_new("challenge-resolved",
                                                      G_TYPE_FROM_CLASS(klass),
                                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                      G_TYPE_NONE, 0);
    /**
     * BuxGame::no-challenge:
     *
     * Everybody let the card just placed stand. Emitted before the next turn starts.
     */
    signals[SIGNAL_NO_CHALLENGE] = g_signal_new("no-challenge", G_TYPE_FROM_CLASS(klass),
                                                G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                G_TYPE_NONE, 0);
    /**
     * BuxGame::chips-changed:
     *
     * Some purse, bonus card count or the supply changed.
     */
    signals[SIGNAL_CHIPS_CHANGED] = g_signal_new("chips-changed", G_TYPE_FROM_CLASS(klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 0);
    /**
     * BuxGame::estimate-entered:
     * @seat: who estimated (the value stays hidden until the scoring)
     */
    signals[SIGNAL_ESTIMATE_ENTERED] = g_signal_new("estimate-entered",
                                                    G_TYPE_FROM_CLASS(klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                    G_TYPE_NONE, 1, G_TYPE_UINT);
    /**
     * BuxGame::cross-checked:
     *
     * An Intermezzo or the final scoring checked the cross: bux_game_get_last_scoring() holds
     * the estimates, the wrong cards and the count. Emitted before the awards are paid (each
     * payment emits ::chips-changed) and before ::scored.
     */
    signals[SIGNAL_CROSS_CHECKED] = g_signal_new("cross-checked", G_TYPE_FROM_CLASS(klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 0);
    /**
     * BuxGame::scored:
     *
     * An Intermezzo or the final scoring ran and its cross left the game;
     * bux_game_get_last_scoring() holds the checked cross, the wrong cards and the awards.
     * Emitted before the next starting card is laid.
     */
    signals[SIGNAL_SCORED] = g_signal_new("scored", G_TYPE_FROM_CLASS(klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                          0);
    /**
     * BuxGame::bonus-exchanged:
     * @seat: the player who gave 5 chips back to the supply
     * @card: the deck index of the bonus card taken from the removed pile
     *
     * The supply had to pay more than it held (RULES.md: Chips and the supply). Emitted while
     * a challenge or a scoring is paid, before ::challenge-resolved or ::scored.
     */
    signals[SIGNAL_BONUS_EXCHANGED] = g_signal_new("bonus-exchanged", G_TYPE_FROM_CLASS(klass),
                                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                   G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
}

static void bux_game_init(BuxGame *self)
{
    self->stack = g_array_new(FALSE, FALSE, sizeof(int));
    self->reserve = g_array_new(FALSE, FALSE, sizeof(int));
    self->removed = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint s = 0; s < BUX_MAX_SEATS; s++) {
        self->bonus[s] = g_array_new(FALSE, FALSE, sizeof(int));
        self->estimates[s] = -1;
    }
    for (guint a = 0; a < BUX_N_ARMS; a++)
        self->arms[a] = g_array_new(FALSE, FALSE, sizeof(int));
    self->start = -1;
    self->cross = 1;
    self->challenger = -1;
    self->phase = BUX_PHASE_START;
}

/* ---- test helpers ----------------------------------------------------------------------- */

static gboolean find_in(GArray *array, guint from, int card, guint *index)
{
    for (guint i = from; i < array->len; i++) {
        if (bux_int_at(array, i) == card) {
            *index = i;
            return TRUE;
        }
    }
    return FALSE;
}

/* Takes card out of the reserve, or out of the stack replacing it by a reserve card that is
 * not in keep. */
static void take_card(BuxGame *self, int card, const guint8 *keep)
{
    guint i;
    if (find_in(self->reserve, self->reserve_pos, card, &i)) {
        g_array_remove_index(self->reserve, i);
        return;
    }
    gboolean in_stack = find_in(self->stack, self->stack_pos, card, &i);
    g_assert(in_stack);
    for (guint r = self->reserve_pos; r < self->reserve->len; r++) {
        int other = bux_int_at(self->reserve, r);
        if (!keep[other]) {
            g_array_index(self->stack, int, i) = other;
            g_array_remove_index(self->reserve, r);
            return;
        }
    }
    g_assert_not_reached();
}

void bux_game_test_set_cross(BuxGame *self, int start, const int *const *arms,
                             const guint *lengths)
{
    g_assert(self->phase == BUX_PHASE_PLACE);
    g_autofree guint8 *keep = g_new0(guint8, bux_deck_get_n_cards(self->deck));
    keep[start] = 1;
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        for (guint i = 0; i < lengths[a]; i++)
            keep[arms[a][i]] = 1;
    }
    /* The present cross goes back to the reserve. */
    g_array_append_val(self->reserve, self->start);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        g_array_append_vals(self->reserve, self->arms[a]->data, self->arms[a]->len);
        g_array_set_size(self->arms[a], 0);
    }
    take_card(self, start, keep);
    self->start = start;
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        for (guint i = 0; i < lengths[a]; i++) {
            take_card(self, arms[a][i], keep);
            g_array_append_val(self->arms[a], arms[a][i]);
        }
    }
}

void bux_game_test_set_chips(BuxGame *self, const guint *chips, guint supply)
{
    memcpy(self->chips, chips, n_seats(self) * sizeof(guint));
    self->supply = supply;
}

void bux_game_test_set_hand(BuxGame *self, int card)
{
    g_assert(self->phase == BUX_PHASE_PLACE);
    guint i;
    int *top = &g_array_index(self->stack, int, self->stack_pos);
    if (find_in(self->reserve, self->reserve_pos, card, &i)) {
        g_array_index(self->reserve, int, i) = *top;
    } else {
        gboolean in_stack = find_in(self->stack, self->stack_pos, card, &i);
        g_assert(in_stack);
        g_array_index(self->stack, int, i) = *top;
    }
    *top = card;
}
