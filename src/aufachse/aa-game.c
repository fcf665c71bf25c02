/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of Auf Achse – Das Kartenspiel (RULES.md: Auf Achse): deck, rounds, the
 * kilometre counter, stages and scoring. No GTK. */
#include "config.h"

#include "aa-game.h"

#include <glib/gi18n.h>

#include "aa-ai.h"
#include "lp-json.h"

struct _AaGame {
    LpGame parent_instance;

    guint n;
    AaPhase phase;
    guint stage;           /* 1…5 */
    gboolean announced;    /* "stage_start" of this stage emitted (lazily: see announce()) */
    guint start_seat;      /* holder of the start card */
    guint play_index;      /* AA_PHASE_PLAY: seats after start_seat that have finished */
    gboolean route_done;   /* AA_PHASE_PLAY: the current seat put its route card already */
    GArray *draw;          /* guint8 card ids; the top is the last element */
    GArray *discard;
    GArray *pile;          /* face-down counter pile; the top (put last) is the last element */
    GArray *pile_owner;    /* guint8 seat per pile card */
    GArray *counter;       /* resolved cards that stay: kilometres and −50 */
    GArray *hands[AA_MAX_PLAYERS];
    GArray *routes[AA_MAX_PLAYERS];
    guint extra_left[AA_MAX_PLAYERS];
    int action;            /* AA_PHASE_EXTRA: the +1/+2 card in effect */
    int last_resolved;
    guint n_scored;
    int scores[AA_N_STAGES][AA_MAX_PLAYERS];
};

G_DEFINE_FINAL_TYPE(AaGame, aa_game, LP_TYPE_GAME)

enum {
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

static const char *const phase_names[] = {"play", "resolve", "extra", "stage-end", "over"};

/* ---- small helpers ---- */

static GArray *card_array_new(void)
{
    return g_array_sized_new(FALSE, FALSE, sizeof(guint8), 16);
}

static guint8 card_at(GArray *a, guint i)
{
    return g_array_index(a, guint8, i);
}

static void push(GArray *a, guint8 card)
{
    g_array_append_val(a, card);
}

static guint8 pop(GArray *a)
{
    g_assert(a->len > 0);
    guint8 card = card_at(a, a->len - 1);
    g_array_set_size(a, a->len - 1);
    return card;
}

static int find_card(GArray *a, guint card)
{
    for (guint i = 0; i < a->len; i++) {
        if (card_at(a, i) == card)
            return (int)i;
    }
    return -1;
}

static gint compare_cards(gconstpointer a, gconstpointer b)
{
    return (int)*(const guint8 *)a - (int)*(const guint8 *)b;
}

static void hand_add(GArray *hand, guint8 card)
{
    push(hand, card);
    g_array_sort(hand, compare_cards);
}

static JsonArray *faces_json(GArray *a)
{
    JsonArray *array = json_array_new();
    for (guint i = 0; i < a->len; i++)
        json_array_add_string_element(array, aa_card_to_string(card_at(a, i)));
    return array;
}

static void emit_simple(AaGame *self, const char *name, const char *k1, gint64 v1,
                        const char *k2, const char *card)
{
    JsonObject *obj = lp_game_event_new(name);
    if (k1 != NULL)
        json_object_set_int_member(obj, k1, v1);
    if (k2 != NULL)
        json_object_set_string_member(obj, k2, card);
    lp_game_emit_event(LP_GAME(self), obj);
}

/* "stage_start" cannot be emitted while the game is dealt (nobody listens yet), so it is
 * emitted before the first action of each stage. */
static void announce(AaGame *self)
{
    if (self->announced || self->phase == AA_PHASE_OVER)
        return;
    self->announced = TRUE;
    JsonObject *obj = lp_game_event_new("stage_start");
    json_object_set_int_member(obj, "stage", self->stage);
    json_object_set_int_member(obj, "start_player", self->start_seat);
    lp_game_emit_event(LP_GAME(self), obj);
}

static int compute_total(AaGame *self)
{
    int total = 0;
    for (guint i = 0; i < self->counter->len; i++)
        total += aa_card_face(card_at(self->counter, i));
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

static void set_phase(AaGame *self, AaPhase phase)
{
    if (self->phase == phase)
        return;
    self->phase = phase;
    lp_game_emit_phase_changed(LP_GAME(self));
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
    for (guint s = 0; s < self->n; s++) {
        GArray *route = self->routes[s];
        self->scores[stage - 1][s] =
            aa_route_score_cards((const guint8 *)route->data, route->len, NULL, NULL);
    }
    self->n_scored = stage;
    self->play_index = 0;
    self->route_done = FALSE;

    JsonObject *obj = lp_game_event_new("stage_end");
    json_object_set_int_member(obj, "stage", stage);
    json_object_set_int_member(obj, "total", compute_total(self));
    JsonArray *routes = json_array_new();
    JsonArray *scores = json_array_new();
    JsonArray *totals = json_array_new();
    for (guint s = 0; s < self->n; s++) {
        json_array_add_array_element(routes, faces_json(self->routes[s]));
        json_array_add_int_element(scores, self->scores[stage - 1][s]);
        json_array_add_int_element(totals, aa_game_get_total_score(self, s));
    }
    json_object_set_array_member(obj, "routes", routes);
    json_object_set_array_member(obj, "scores", scores);
    json_object_set_array_member(obj, "totals", totals);
    lp_game_emit_event(LP_GAME(self), obj);

    if (stage == AA_N_STAGES) {
        self->phase = AA_PHASE_OVER;
        g_signal_emit(self, signals[SIGNAL_STAGE_ENDED], 0, stage);
        JsonObject *over = lp_game_event_new("game_over");
        JsonArray *final = json_array_new();
        for (guint s = 0; s < self->n; s++)
            json_array_add_int_element(final, aa_game_get_total_score(self, s));
        json_object_set_array_member(over, "totals", final);
        g_autoptr(GArray) winners = aa_game_get_winners(self);
        JsonArray *w = json_array_new();
        for (guint i = 0; i < winners->len; i++)
            json_array_add_int_element(w, g_array_index(winners, guint, i));
        json_object_set_array_member(over, "winners", w);
        lp_game_emit_event(LP_GAME(self), over);
        lp_game_emit_phase_changed(LP_GAME(self));
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
                    lp_player_get_name(lp_game_get_player(LP_GAME(self), seat)));
        return FALSE;
    }
    return TRUE;
}

static gboolean check_hand(AaGame *self, guint seat, guint card, GError **error)
{
    if (card >= AA_N_CARDS || find_card(self->hands[seat], card) < 0) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("%s does not hold that card."),
                    lp_player_get_name(lp_game_get_player(LP_GAME(self), seat)));
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
    push(self->routes[seat], card);
    emit_simple(self, "route_play", "player", seat, "card", aa_card_to_string(card));
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

    announce(self);
    hand_remove(self->hands[seat], card);
    push(self->pile, card);
    push(self->pile_owner, seat);
    emit_simple(self, "counter_play", "player", seat, "card", aa_card_to_string(card));
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
    announce(self);
    guint8 card = pop(self->pile);
    pop(self->pile_owner);
    self->last_resolved = card;
    AaKind kind = aa_card_kind(card);
    /* RULES.md step 3: kilometre cards and −50 stay; the others go to the discard pile. */
    if (kind == AA_KIND_KM || kind == AA_KIND_MINUS50)
        push(self->counter, card);
    else
        push(self->discard, card);
    int total = compute_total(self);

    JsonObject *obj = lp_game_event_new("resolve");
    json_object_set_string_member(obj, "card", aa_card_to_string(card));
    json_object_set_int_member(obj, "total", total);
    lp_game_emit_event(LP_GAME(self), obj);
    g_signal_emit(self, signals[SIGNAL_CARD_RESOLVED], 0, (guint)card, total);

    if (kind == AA_KIND_MINUS1) {
        /* RULES.md: every player discards the last card of their own route (if any). */
        for (guint k = 0; k < self->n; k++) {
            guint seat = (self->start_seat + k) % self->n;
            GArray *route = self->routes[seat];
            if (route->len == 0)
                continue;
            guint8 last = pop(route);
            push(self->discard, last);
            emit_simple(self, "route_discard", "player", seat, "card",
                        aa_card_to_string(last));
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

GArray *aa_game_get_hand(AaGame *self, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, NULL);
    return self->hands[seat];
}

GArray *aa_game_get_route(AaGame *self, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self) && seat < self->n, NULL);
    return self->routes[seat];
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
    return card_at(self->pile_owner, index);
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

gboolean aa_game_may_see_hand(AaGame *self, int viewer, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    return viewer >= 0 && (guint)viewer == seat;
}

gboolean aa_game_may_see_route(AaGame *self, int viewer, guint seat)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    /* RULES.md: routes are revealed and scored after a stage. */
    if (self->phase == AA_PHASE_STAGE_END || self->phase == AA_PHASE_OVER)
        return TRUE;
    return viewer >= 0 && (guint)viewer == seat;
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

static gboolean aa_game_computer_step(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    switch (self->phase) {
    case AA_PHASE_PLAY:
    case AA_PHASE_EXTRA: {
        int seat = aa_game_get_current_seat(game);
        g_assert(seat >= 0);
        if (lp_player_is_human(lp_game_get_player(game, seat)))
            return FALSE;
        return aa_ai_act(self, seat);
    }
    case AA_PHASE_RESOLVE:
        return aa_game_resolve_next(self, NULL);
    case AA_PHASE_STAGE_END:
        return aa_game_continue(self, NULL);
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

static JsonArray *ids_json(GArray *a)
{
    JsonArray *array = json_array_sized_new(a->len);
    for (guint i = 0; i < a->len; i++)
        json_array_add_int_element(array, card_at(a, i));
    return array;
}

static JsonNode *aa_game_save_state(LpGame *game)
{
    AaGame *self = AA_GAME(game);
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "phase", phase_names[self->phase]);
    json_object_set_int_member(obj, "stage", self->stage);
    json_object_set_boolean_member(obj, "announced", self->announced);
    json_object_set_int_member(obj, "start_seat", self->start_seat);
    json_object_set_int_member(obj, "play_index", self->play_index);
    json_object_set_boolean_member(obj, "route_done", self->route_done);
    json_object_set_array_member(obj, "draw", ids_json(self->draw));
    json_object_set_array_member(obj, "discard", ids_json(self->discard));
    json_object_set_array_member(obj, "pile", ids_json(self->pile));
    json_object_set_array_member(obj, "pile_owners", ids_json(self->pile_owner));
    json_object_set_array_member(obj, "counter", ids_json(self->counter));
    JsonArray *hands = json_array_new();
    JsonArray *routes = json_array_new();
    JsonArray *extra = json_array_new();
    for (guint s = 0; s < self->n; s++) {
        json_array_add_array_element(hands, ids_json(self->hands[s]));
        json_array_add_array_element(routes, ids_json(self->routes[s]));
        json_array_add_int_element(extra, self->extra_left[s]);
    }
    json_object_set_array_member(obj, "hands", hands);
    json_object_set_array_member(obj, "routes", routes);
    json_object_set_array_member(obj, "extra_left", extra);
    json_object_set_int_member(obj, "action", self->action);
    json_object_set_int_member(obj, "last_resolved", self->last_resolved);
    JsonArray *scores = json_array_new();
    for (guint i = 0; i < self->n_scored; i++) {
        JsonArray *row = json_array_new();
        for (guint s = 0; s < self->n; s++)
            json_array_add_int_element(row, self->scores[i][s]);
        json_array_add_array_element(scores, row);
    }
    json_object_set_array_member(obj, "scores", scores);
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

static gboolean read_cards(JsonObject *obj, const char *member, GArray *out, GError **error)
{
    JsonArray *array;
    if (!lp_json_get_array(obj, member, &array, error))
        return FALSE;
    if (json_array_get_length(array) > AA_N_CARDS) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    "“%s” holds more than %d cards", member, AA_N_CARDS);
        return FALSE;
    }
    for (guint i = 0; i < json_array_get_length(array); i++) {
        gint64 id;
        if (!lp_json_array_get_int(array, i, member, 0, AA_N_CARDS - 1, &id, error)) {
            if (error != NULL && *error != NULL)
                (*error)->code = LP_SAVE_ERROR_UNKNOWN_CARD;
            return FALSE;
        }
        push(out, (guint8)id);
    }
    return TRUE;
}

static gboolean read_seat_cards(JsonObject *obj, const char *member, guint n, GArray **out,
                                GError **error)
{
    JsonArray *array;
    if (!lp_json_get_array(obj, member, &array, error))
        return FALSE;
    if (json_array_get_length(array) != n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    "“%s” must hold one list per player (%u), not %u", member, n,
                    json_array_get_length(array));
        return FALSE;
    }
    for (guint s = 0; s < n; s++) {
        JsonNode *node = json_array_get_element(array, s);
        if (!JSON_NODE_HOLDS_ARRAY(node)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        "“%s” entry %u must be a list of cards", member, s);
            return FALSE;
        }
        g_autoptr(JsonObject) wrap = json_object_new();
        json_object_set_member(wrap, member, json_node_copy(node));
        g_autoptr(GError) local = NULL;
        if (!read_cards(wrap, member, out[s], &local)) {
            /* Translators: a save-file problem, then the seat it concerns. */
            g_set_error(error, LP_SAVE_ERROR, local->code, _("%s (player %u)"), local->message,
                        s + 1);
            return FALSE;
        }
    }
    return TRUE;
}

static gboolean aa_game_load_state(LpGame *game, JsonNode *state, GError **error)
{
    AaGame *self = AA_GAME(game);
    self->n = lp_game_get_n_players(game);
    if (self->n < AA_MIN_PLAYERS || self->n > AA_MAX_PLAYERS) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    "Auf Achse needs 2 to 5 players, the save has %u", self->n);
        return FALSE;
    }
    if (state == NULL || !JSON_NODE_HOLDS_OBJECT(state)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "%s",
                    "“state” must be an object");
        return FALSE;
    }
    JsonObject *obj = json_node_get_object(state);
    const char *phase;
    gint64 stage, start, play_index, action, last;
    gboolean announced, route_done;
    if (!lp_json_get_string(obj, "phase", &phase, error))
        return FALSE;
    gboolean found = FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(phase_names); i++) {
        if (g_strcmp0(phase, phase_names[i]) == 0) {
            self->phase = i;
            found = TRUE;
        }
    }
    if (!found) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    "“phase” “%s” is unknown", phase);
        return FALSE;
    }
    if (!lp_json_get_int(obj, "stage", 1, AA_N_STAGES, &stage, error) ||
        !lp_json_get_bool(obj, "announced", &announced, error) ||
        !lp_json_get_int(obj, "start_seat", 0, self->n - 1, &start, error) ||
        !lp_json_get_int(obj, "play_index", 0, self->n, &play_index, error) ||
        !lp_json_get_bool(obj, "route_done", &route_done, error) ||
        !lp_json_get_int(obj, "action", -1, AA_N_CARDS - 1, &action, error) ||
        !lp_json_get_int(obj, "last_resolved", -1, AA_N_CARDS - 1, &last, error))
        return FALSE;
    self->stage = stage;
    self->announced = announced;
    self->start_seat = start;
    self->play_index = play_index;
    self->route_done = route_done;
    self->action = action;
    self->last_resolved = last;

    if (!read_cards(obj, "draw", self->draw, error) ||
        !read_cards(obj, "discard", self->discard, error) ||
        !read_cards(obj, "pile", self->pile, error) ||
        !read_cards(obj, "counter", self->counter, error) ||
        !read_seat_cards(obj, "hands", self->n, self->hands, error) ||
        !read_seat_cards(obj, "routes", self->n, self->routes, error))
        return FALSE;
    for (guint s = 0; s < self->n; s++)
        g_array_sort(self->hands[s], compare_cards);

    JsonArray *owners, *extra, *scores;
    if (!lp_json_get_array(obj, "pile_owners", &owners, error) ||
        !lp_json_get_array(obj, "extra_left", &extra, error) ||
        !lp_json_get_array(obj, "scores", &scores, error))
        return FALSE;
    if (json_array_get_length(owners) != self->pile->len) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, "%s",
                    "“pile_owners” must name one player per card of “pile”");
        return FALSE;
    }
    for (guint i = 0; i < self->pile->len; i++) {
        gint64 seat;
        if (!lp_json_array_get_int(owners, i, "pile_owners", 0, self->n - 1, &seat, error))
            return FALSE;
        push(self->pile_owner, (guint8)seat);
    }
    if (json_array_get_length(extra) != self->n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    "“extra_left” must hold one number per player (%u)", self->n);
        return FALSE;
    }
    for (guint s = 0; s < self->n; s++) {
        gint64 v;
        if (!lp_json_array_get_int(extra, s, "extra_left", 0, 2, &v, error))
            return FALSE;
        self->extra_left[s] = v;
    }
    self->n_scored = json_array_get_length(scores);
    if (self->n_scored > AA_N_STAGES) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, "%s",
                    "“scores” holds more than five stages");
        return FALSE;
    }
    for (guint i = 0; i < self->n_scored; i++) {
        JsonNode *row = json_array_get_element(scores, i);
        if (!JSON_NODE_HOLDS_ARRAY(row) ||
            json_array_get_length(json_node_get_array(row)) != self->n) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        "“scores” stage %u must hold one number per player", i + 1);
            return FALSE;
        }
        for (guint s = 0; s < self->n; s++) {
            gint64 v;
            /* The best route imaginable: 10 + 20 + … + 120 = 780 km. */
            if (!lp_json_array_get_int(json_node_get_array(row), s, "scores", 0, 780, &v,
                                       error))
                return FALSE;
            self->scores[i][s] = v;
        }
    }
    return aa_game_check(self, error);
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
            guint8 card = card_at(places[p], i);
            if (card >= AA_N_CARDS) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                            "card %u in “%s” does not exist", card, names[p]);
                return FALSE;
            }
            if (seen[card]++) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                            "card %u (%s) lies in two places (again in “%s”)", card,
                            aa_card_to_string(card), names[p]);
                return FALSE;
            }
            count++;
        }
    }
    if (count != AA_N_CARDS) {
        for (guint c = 0; c < AA_N_CARDS; c++) {
            if (!seen[c]) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                            "card %u (%s) is missing; all %d cards must be somewhere", c,
                            aa_card_to_string(c), AA_N_CARDS);
                return FALSE;
            }
        }
    }
    return TRUE;
}

gboolean aa_game_check(AaGame *self, GError **error)
{
    g_return_val_if_fail(AA_IS_GAME(self), FALSE);
    if (!aa_game_check_cards(self, error))
        return FALSE;
    for (guint i = 0; i < self->counter->len; i++) {
        AaKind kind = aa_card_kind(card_at(self->counter, i));
        if (kind != AA_KIND_KM && kind != AA_KIND_MINUS50) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        "“counter” holds a %s card, which never stays in the counter",
                        aa_card_to_string(card_at(self->counter, i)));
            return FALSE;
        }
    }
    for (guint s = 0; s < self->n; s++) {
        if (self->hands[s]->len > AA_HAND_SIZE) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                        "player %u holds %u cards, more than %d", s, self->hands[s]->len,
                        AA_HAND_SIZE);
            return FALSE;
        }
    }
    if (self->pile->len > self->n || self->pile_owner->len != self->pile->len) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    "the counter pile holds %u cards, more than one per player",
                    self->pile->len);
        return FALSE;
    }
    guint expected_scored = self->phase == AA_PHASE_STAGE_END || self->phase == AA_PHASE_OVER
                                ? self->stage
                                : self->stage - 1;
    if (self->n_scored != expected_scored ||
        (self->phase == AA_PHASE_OVER && self->stage != AA_N_STAGES)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                    "stage %u in phase “%s” needs %u scored stages, not %u", self->stage,
                    phase_names[self->phase], expected_scored, self->n_scored);
        return FALSE;
    }
    const char *why = NULL;
    switch (self->phase) {
    case AA_PHASE_PLAY:
        if (self->play_index >= self->n)
            why = "every player has played, yet the round is still in play";
        else if (self->hands[play_seat(self)]->len == 0)
            why = "the player to act has no card";
        else if (self->pile->len > self->play_index)
            why = "the counter pile holds more cards than players have played";
        break;
    case AA_PHASE_RESOLVE:
        if (self->pile->len == 0)
            why = "the counter pile is empty, yet it is being turned over";
        break;
    case AA_PHASE_EXTRA:
        if (self->action < 0 || (aa_card_kind(self->action) != AA_KIND_PLUS1 &&
                                 aa_card_kind(self->action) != AA_KIND_PLUS2))
            why = "extra route cards are expected, but no +1/+2 is in effect";
        else if (extra_seat(self) < 0)
            why = "extra route cards are expected, but nobody owes one";
        for (guint s = 0; why == NULL && s < self->n; s++) {
            if (self->extra_left[s] > self->hands[s]->len)
                why = "a player owes more extra cards than they hold";
        }
        break;
    case AA_PHASE_STAGE_END:
    case AA_PHASE_OVER:
        if (self->pile->len > 0)
            why = "the stage ended with cards on the counter pile";
        break;
    }
    if (why == NULL && self->phase != AA_PHASE_EXTRA) {
        for (guint s = 0; s < self->n; s++) {
            if (self->extra_left[s] != 0)
                why = "extra cards are owed outside a +1/+2";
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
    G_OBJECT_CLASS(aa_game_parent_class)->finalize(object);
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
    game_class->kind = "aufachse";
    game_class->name = N_("Auf Achse – Das Kartenspiel");
    game_class->description = N_("Build rising routes, feed the kilometre counter, drive the "
                                   "farthest in five stages.");
    game_class->create = aa_game_create;
    game_class->min_players = AA_MIN_PLAYERS;
    game_class->max_players = AA_MAX_PLAYERS;
    game_class->save_state = aa_game_save_state;
    game_class->load_state = aa_game_load_state;
    game_class->advance = aa_game_computer_step;
    game_class->get_current_seat = aa_game_get_current_seat;
    game_class->is_over = aa_game_is_over_vfunc;
    game_class->result = aa_game_result;

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
            push(self->hands[(self->start_seat + k) % self->n], pop(self->draw));
    }
    for (guint s = 0; s < self->n; s++)
        g_array_sort(self->hands[s], compare_cards);
    self->phase = AA_PHASE_PLAY;
    self->play_index = 0;
    return self;
}
