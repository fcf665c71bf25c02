/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Computer players for Auf Achse at three levels; all randomness from the game's LpRng.
 *
 * easy:   any kilometre card that still rises on its route, else any card; any counter card.
 * normal: rates each card by route value plus the rising cards it keeps in hand ("small
 *         steps"), and spends action cards on the counter when they hurt the others more
 *         than itself.
 * hard:   as normal, and weighs the stage end: when its route is worth more than the others'
 *         likely are, it pushes the counter toward the goal; when not, it holds back (−50,
 *         rests, small cards) and keeps building. */
#include "aa-ai.h"

/* What an opponent's route is assumed to lose to an obstacle or gain from an extra card. */
#define OTHER_CARD_KM 35.0

typedef struct {
    AaGame *game;
    guint seat;
    LpLevel level;
    const guint8 *route;
    guint route_len;
    const guint8 *hand;
    guint hand_len;
    /* Worked out once per decision: the faces of the hand and the scoring of the route. */
    int hand_face[AA_N_CARDS];
    AaRouteScore whole;
    double alpha;   /* weight of the hand's rising cards (future route value) */
    gboolean stuck; /* the stage drags on: feed the counter to end it */
    double ahead;   /* hard: > 0 when the own route beats the others' likely best */
    double keep;    /* choose_counter: the whole hand's score_eval, the same for every card */
} Ctx;

/* Route value now plus alpha × the distinct rising kilometre values still in hand, over hand
 * cards with their faces (skip: a card id to leave out of the hand, or -1). */
static double score_eval(const AaRouteScore *route, const guint8 *hand, const int *faces,
                         guint hn, int skip, double alpha)
{
    int score = route->sum;
    int last = route->last_km;
    gboolean seen[13] = {FALSE};
    int potential = 0;
    gboolean rest_in_hand = FALSE;
    for (guint i = 0; i < hn; i++) {
        if ((int)hand[i] == skip)
            continue;
        int face = faces[i];
        if (face == AA_FACE_REST)
            rest_in_hand = TRUE;
        /* Kilometre faces are 10…120, the others below 10 (aa_face_kind, inline here). */
        if (face < 10 || face <= last || seen[face / 10])
            continue;
        seen[face / 10] = TRUE;
        potential += face;
    }
    /* A rest in hand bridges one round without a rising card. */
    return score + alpha * potential + (rest_in_hand ? 3.0 : 0.0);
}

static double eval_route_card(Ctx *c, guint8 card)
{
    AaRouteScore route = c->whole;
    aa_route_score_add(&route, aa_card_face(card));
    return score_eval(&route, c->hand, c->hand_face, c->hand_len, card, c->alpha);
}

/* Whether hand card i has the face of card i - 1. */
static gboolean same_face(Ctx *c, guint i)
{
    return c->hand_face[i] == c->hand_face[i - 1];
}

static guint random_card(Ctx *c)
{
    LpRng *rng = lp_game_get_rng(LP_GAME(c->game));
    return c->hand[lp_rng_int_range(rng, 0, c->hand_len)];
}

static guint choose_route(Ctx *c)
{
    if (c->level == LP_LEVEL_EASY) {
        /* Little thought: any card that still rises, else anything. */
        int last = c->whole.last_km;
        guint8 rising[AA_HAND_SIZE];
        guint n = 0;
        for (guint i = 0; i < c->hand_len; i++) {
            if (aa_card_is_km(c->hand[i]) && aa_card_face(c->hand[i]) > last)
                rising[n++] = c->hand[i];
        }
        if (n > 0)
            return rising[lp_rng_int_range(lp_game_get_rng(LP_GAME(c->game)), 0, n)];
        return random_card(c);
    }
    double best = -G_MAXDOUBLE;
    guint best_card = c->hand[0];
    for (guint i = 0; i < c->hand_len; i++) {
        if (i > 0 && same_face(c, i))
            continue;
        double v = eval_route_card(c, c->hand[i]);
        if (v > best) {
            best = v;
            best_card = c->hand[i];
        }
    }
    return best_card;
}

/* How much the own route gains from k extra cards (the best ones, greedily). */
static double extra_gain(Ctx *c, guint k, int skip)
{
    guint8 hand[AA_N_CARDS];
    int faces[AA_N_CARDS];
    guint hn = 0;
    for (guint i = 0; i < c->hand_len; i++) {
        if ((int)c->hand[i] != skip) {
            faces[hn] = c->hand_face[i];
            hand[hn++] = c->hand[i];
        }
    }
    AaRouteScore route = c->whole;
    double before = score_eval(&route, hand, faces, hn, -1, c->alpha);
    for (guint step = 0; step < k && hn > 0; step++) {
        double best = -G_MAXDOUBLE;
        guint best_i = 0;
        for (guint i = 0; i < hn; i++) {
            AaRouteScore next = route;
            aa_route_score_add(&next, faces[i]);
            double v = score_eval(&next, hand, faces, hn, hand[i], c->alpha);
            if (v > best) {
                best = v;
                best_i = i;
            }
        }
        aa_route_score_add(&route, faces[best_i]);
        hn--;
        hand[best_i] = hand[hn];
        faces[best_i] = faces[hn];
    }
    return score_eval(&route, hand, faces, hn, -1, c->alpha) - before;
}

/* The cost of putting card on the counter: what the own route loses by not holding it,
 * minus what its effect brings. Lower is better. */
static double counter_cost(Ctx *c, guint8 card)
{
    double keep = c->keep;
    double without = score_eval(&c->whole, c->hand, c->hand_face, c->hand_len, card, c->alpha);
    double loss = keep - without;  /* value of holding the card */
    int face = aa_card_face(card);
    guint others = lp_game_get_n_players(LP_GAME(c->game)) - 1;

    switch (aa_face_kind(face)) {
    case AA_KIND_KM: {
        /* A card that does not rise on the route now is still worth a little for the next
         * stage; among equals, normal players dump the smaller one. */
        double cost = loss + 0.05 * face;
        if (c->level == LP_LEVEL_HARD)
            cost -= c->ahead * face;  /* ahead: big cards end the stage sooner */
        return cost;
    }
    case AA_KIND_MINUS50:
        return c->level == LP_LEVEL_HARD ? 4.0 + c->ahead * 50.0 : 4.0;
    case AA_KIND_REST:
        return 6.0 + loss;
    case AA_KIND_MINUS1: {
        /* RULES.md: −1 takes the last card of every route. */
        double own_loss = 0.0;
        if (c->route_len > 0) {
            AaRouteScore shorter;
            aa_route_score_init(&shorter);
            for (guint i = 0; i + 1 < c->route_len; i++)
                aa_route_score_add(&shorter, aa_card_face(c->route[i]));
            double after = score_eval(&shorter, c->hand, c->hand_face, c->hand_len, card,
                                      c->alpha);
            own_loss = without - after;
        }
        double hurt = OTHER_CARD_KM * (others > 0 ? 1.0 : 0.0);
        return own_loss - hurt;
    }
    case AA_KIND_PLUS1:
    case AA_KIND_PLUS2: {
        guint k = face == AA_FACE_PLUS1 ? 1 : 2;
        double mine = extra_gain(c, k, card);
        double theirs = OTHER_CARD_KM * 0.6 * k;
        return theirs - mine;
    }
    }
    return 0.0;
}

static guint choose_counter(Ctx *c)
{
    if (c->level == LP_LEVEL_EASY)
        return random_card(c);
    if (c->stuck) {
        /* Rests and obstacles can circle between routes, the discard pile and the hands
         * forever; the highest kilometre card ends such a stage. */
        guint best = c->hand[0];
        int best_face = G_MININT;
        for (guint i = 0; i < c->hand_len; i++) {
            int face = aa_card_face(c->hand[i]);
            if (aa_card_is_km(c->hand[i]) && face > best_face) {
                best_face = face;
                best = c->hand[i];
            }
        }
        if (best_face > 0)
            return best;
    }
    double best = G_MAXDOUBLE;
    guint best_card = c->hand[0];
    c->keep = score_eval(&c->whole, c->hand, c->hand_face, c->hand_len, -1, c->alpha);
    for (guint i = 0; i < c->hand_len; i++) {
        if (i > 0 && same_face(c, i))
            continue;
        double v = counter_cost(c, c->hand[i]);
        if (v < best) {
            best = v;
            best_card = c->hand[i];
        }
    }
    return best_card;
}

/* Hard: how the stage stands. alpha shrinks as the goal nears (future cards matter less);
 * ahead > 0 when the own route beats the best route the others likely have. */
static void weigh_stage(Ctx *c)
{
    AaGame *game = c->game;
    guint n = lp_game_get_n_players(LP_GAME(game));
    int missing = aa_game_get_goal(game) - aa_game_get_total(game);
    double per_round = 40.0 * n;
    double rounds_left = MAX(0.0, missing / per_round);
    c->alpha = CLAMP(0.2 + 0.25 * rounds_left, 0.2, 0.7);

    int mine = c->whole.sum;
    double best_other = 0.0;
    for (guint s = 0; s < n; s++) {
        if (s == c->seat)
            continue;
        guint len = aa_game_get_route_length(game, s);
        /* What a normal player's route of that length scored on average at a stage end in
         * simulated games; long routes break somewhere and level off. */
        static const double by_length[] = {0, 45, 120, 200, 270, 310, 330};
        double guess = len < G_N_ELEMENTS(by_length) ? by_length[len] : 290.0;
        best_other = MAX(best_other, guess);
    }
    double margin = (mine - best_other) / 100.0;
    c->ahead = CLAMP(margin * 0.25, -0.6, 0.6);
}

guint aa_ai_choose(AaGame *game, guint seat, LpLevel level)
{
    g_return_val_if_fail(AA_IS_GAME(game), 0);
    g_return_val_if_fail(lp_game_get_current_seat(LP_GAME(game)) == (int)seat, 0);
    /* The computer looks as its own seat: its hand and route, nothing secret of others. */
    GArray *route, *hand;
    if (!aa_game_get_route(game, seat, seat, &route) || !aa_game_get_hand(game, seat, seat, &hand))
        g_return_val_if_reached(0);
    g_return_val_if_fail(hand->len > 0, 0);
    Ctx c = {
        .game = game,
        .seat = seat,
        .level = level,
        .route = (const guint8 *)route->data,
        .route_len = route->len,
        .hand = (const guint8 *)hand->data,
        .hand_len = hand->len,
        .alpha = 0.5,
        .ahead = 0.0,
    };
    /* A hand holds some of the deck's cards, never more. */
    g_return_val_if_fail(hand->len <= AA_N_CARDS, c.hand[0]);
    for (guint i = 0; i < c.hand_len; i++)
        c.hand_face[i] = aa_card_face(c.hand[i]);
    aa_route_score_init(&c.whole);
    for (guint i = 0; i < c.route_len; i++)
        aa_route_score_add(&c.whole, aa_card_face(c.route[i]));
    if (level == LP_LEVEL_HARD)
        weigh_stage(&c);
    /* No cards left to refill from, or a stage far longer than usual (a route grows by
     * about one card per round; stages last around eight rounds). */
    guint n = lp_game_get_n_players(LP_GAME(game));
    c.stuck = aa_game_get_draw_size(game) + aa_game_get_discard_size(game) < n ||
              route->len >= 16;
    if (aa_game_get_step(game) == AA_STEP_COUNTER)
        return choose_counter(&c);
    return choose_route(&c);
}

gboolean aa_ai_move(LpGame *game)
{
    g_return_val_if_fail(AA_IS_GAME(game), FALSE);
    AaGame *self = AA_GAME(game);
    /* Only a seat's decision; turning the pile over and dealing are the model's advance. */
    AaStep step = aa_game_get_step(self);
    int seat = lp_game_get_current_seat(game);
    if (step == AA_STEP_NONE || seat < 0)
        return FALSE;
    LpPlayer *player = lp_game_get_player(game, seat);
    if (lp_player_is_human(player))
        return FALSE;
    guint card = aa_ai_choose(self, seat, lp_player_get_level(player));
    /* The same public moves a click uses. */
    g_autoptr(GError) error = NULL;
    gboolean ok = step == AA_STEP_COUNTER ? aa_game_play_counter(self, seat, card, &error)
                                          : aa_game_play_route(self, seat, card, &error);
    if (!ok)
        g_critical("computer seat %d made an illegal move: %s", seat, error->message);
    return ok;
}
