/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buxtehude computer players. They decide on a mirror of their own seat's view (issue 31),
 * so they know what a person in that seat knows. Their sense of geography is a fixed error per
 * card and seat derived from the seat's private salt (lp_game_computer_salt), so a resumed
 * game, or the same seat played on another device, believes the same. */
#include "bux-ai.h"

#include <math.h>

#include "bux-game-private.h"

static guint64 mix(guint64 z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double unit(guint64 z)
{
    return ((z >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

static gboolean is_human(BuxGame *game, guint seat)
{
    if (seat < BUX_MAX_SEATS && seat < game->n_seats)
        return game->human[seat];
    return lp_player_is_human(lp_game_get_player(LP_GAME(game), seat));
}

static double level_base(LpLevel level)
{
    switch (level) {
    case LP_LEVEL_EASY:
        return 1.3;
    case LP_LEVEL_NORMAL:
        return 0.6;
    case LP_LEVEL_HARD:
    default:
        return 0.22;
    }
}

/* How well people know where a card lies: big places and easy landmarks are sharper. */
static double fame_factor(const BuxCard *card)
{
    double f;
    if (card->kind == BUX_CARD_LANDMARK) {
        f = 0.35 + 0.35 * (card->difficulty - 1);
    } else {
        if (card->population >= 1000000)
            f = 0.25;
        else if (card->population >= 250000)
            f = 0.45;
        else if (card->population >= 100000)
            f = 0.6;
        else if (card->population >= 30000)
            f = 0.85;
        else
            f = 1.1;
        f *= 0.8 + 0.1 * card->difficulty;
    }
    return f;
}

/* Where seat believes a card lies, and how sure it is. */
typedef struct {
    double lat, lon, sd;
} Belief;

static void compute_belief(const BuxCard *c, LpLevel level, guint64 salt, int card, Belief *b)
{
    double sd = level_base(level) * fame_factor(c);
    guint64 key = salt ^ ((guint64)card * 4);
    /* Box-Muller from two hashed uniforms, for each coordinate. */
    double u1 = unit(mix(key)), u2 = unit(mix(key + 1));
    double r = sqrt(-2.0 * log(u1));
    b->lat = c->lat + sd * r * cos(2 * G_PI * u2);
    /* Longitude degrees are shorter; the error in km is the same. */
    b->lon = c->lon + sd * r * sin(2 * G_PI * u2) / cos(51.0 * G_PI / 180.0);
    b->sd = sd;
}

/* The seat's lasting salt: on the mirror a computer player decides on, the core's salt of
 * the mirror's seat; asked on the game itself (the bench's stand-in person, the tests), the
 * same salt from the core. */
static guint64 seat_salt(BuxGame *game, guint seat)
{
    return lp_game_seat_salt(LP_GAME(game), seat);
}

void bux_ai_believe(BuxGame *game, guint seat, int card, double *lat, double *lon,
                    double *sigma)
{
    LpPlayer *player = lp_game_get_player(LP_GAME(game), seat);
    const BuxCard *c = bux_deck_get_card(bux_game_get_deck(game), card);
    Belief b;
    compute_belief(c, lp_player_get_level(player), seat_salt(game, seat), card, &b);
    *lat = b.lat;
    *lon = b.lon;
    if (sigma != NULL)
        *sigma = b.sd;
}

/* A seat's beliefs, each computed the first time it is asked for: they depend only on the
 * card, the seat's level and its salt (the simulator spent most of its time recomputing
 * them). The cache is made for one game object and is dropped when the level or the deck
 * differ from what it was made for; its salt is checked once, when it is made, since a
 * game's salt for a seat never changes (the core's key is fixed once the object is built
 * or restored). A host's game hands its cache of a computer seat to the mirrors of that
 * seat's view (bux_ai_share_beliefs): the seat's own beliefs, from the salt its mirror would
 * compute itself, so each decision neither recomputes them nor hashes the key again. */
struct _BuxAiBeliefs {
    guint ref_count;
    BuxDeck *deck; /* not a reference: the game holds its deck */
    guint64 salt;
    LpLevel level;
    guint n_cards;
    guint8 *known;
    Belief *beliefs;
};

void bux_ai_beliefs_unref(struct _BuxAiBeliefs *cache)
{
    if (--cache->ref_count > 0)
        return;
    g_free(cache->known);
    g_free(cache->beliefs);
    g_free(cache);
}

typedef struct _BuxAiBeliefs Beliefs;

static Beliefs *beliefs_new(BuxDeck *deck, guint64 salt, LpLevel level)
{
    Beliefs *cache = g_new0(Beliefs, 1);
    cache->ref_count = 1;
    cache->deck = deck;
    cache->salt = salt;
    cache->level = level;
    cache->n_cards = bux_deck_get_n_cards(deck);
    cache->known = g_new0(guint8, cache->n_cards);
    cache->beliefs = g_new(Belief, cache->n_cards);
    return cache;
}

static Beliefs *beliefs_of(BuxGame *game, guint seat)
{
    g_return_val_if_fail(seat < game->n_seats && seat < BUX_MAX_SEATS, NULL);
    LpLevel level = game->level[seat];
    BuxDeck *deck = game->deck;
    Beliefs *cache = game->ai_beliefs[seat];
    if (cache != NULL && (cache->level != level || cache->deck != deck))
        g_clear_pointer(&game->ai_beliefs[seat], bux_ai_beliefs_unref);
    if (game->ai_beliefs[seat] == NULL)
        game->ai_beliefs[seat] = beliefs_new(deck, seat_salt(game, seat), level);
    return game->ai_beliefs[seat];
}

void bux_ai_share_beliefs(BuxGame *host, BuxGame *mirror, guint seat)
{
    g_return_if_fail(seat < host->n_seats && seat < BUX_MAX_SEATS);
    g_return_if_fail(lp_game_is_mirror(LP_GAME(mirror)) &&
                     lp_game_get_viewer(LP_GAME(mirror)) == (int)seat);
    /* lp_game_seat_salt() on the host is what the mirror's lp_game_computer_salt() says. */
    Beliefs *cache = beliefs_of(host, seat);
    g_clear_pointer(&mirror->ai_beliefs[seat], bux_ai_beliefs_unref);
    cache->ref_count++;
    mirror->ai_beliefs[seat] = cache;
}

static void believe(Beliefs *cache, int card, Belief *b)
{
    g_return_if_fail(card >= 0 && (guint)card < cache->n_cards);
    if (!cache->known[card]) {
        compute_belief(bux_deck_get_card(cache->deck, card), cache->level, cache->salt, card,
                       &cache->beliefs[card]);
        cache->known[card] = 1;
    }
    *b = cache->beliefs[card];
}

/* Probability, from two beliefs, that outer lies correctly beyond inner on arm. */
static double p_correct_believed(BuxArm arm, const Belief *in, const Belief *out)
{
    double ilat = in->lat, ilon = in->lon, isd = in->sd;
    double olat = out->lat, olon = out->lon, osd = out->sd;
    double d;
    double scale = 1.0;
    switch (arm) {
    case BUX_ARM_NORTH:
        d = olat - ilat;
        break;
    case BUX_ARM_SOUTH:
        d = ilat - olat;
        break;
    case BUX_ARM_WEST:
        d = ilon - olon;
        scale = 1.0 / cos(51.0 * G_PI / 180.0);
        break;
    case BUX_ARM_EAST:
    default:
        d = olon - ilon;
        scale = 1.0 / cos(51.0 * G_PI / 180.0);
        break;
    }
    double sd = sqrt(isd * isd + osd * osd) * scale + 1e-6;
    return 0.5 * erfc(-d / (sd * G_SQRT2));
}

/* Probability, as seat believes, that outer lies correctly beyond inner on arm. */
static double p_correct(Beliefs *cache, BuxArm arm, int inner, int outer)
{
    Belief in, out;
    believe(cache, inner, &in);
    believe(cache, outer, &out);
    return p_correct_believed(arm, &in, &out);
}

void bux_ai_choose_gap(BuxGame *game, guint seat, BuxArm *arm, guint *index)
{
    int card = bux_game_get_hand(game);
    int start = bux_game_get_start_card(game);
    double best = -1.0;
    *arm = BUX_ARM_NORTH;
    *index = 0;
    g_return_if_fail(card >= 0 && start >= 0);

    /* Each card is believed once (the simulator spent a third of its time here): the gap
     * after a card has it inside, the gap before it outside. */
    Beliefs *cache = beliefs_of(game, seat);
    g_return_if_fail(cache != NULL);
    Belief hand;
    believe(cache, card, &hand);
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        guint len = bux_game_get_arm_length(game, a);
        Belief inner;
        believe(cache, start, &inner);
        for (guint g = 0; g <= len; g++) {
            double p = p_correct_believed(a, &inner, &hand);
            if (g < len) {
                Belief outer;
                believe(cache, bux_game_get_arm_card(game, a, g), &outer);
                /* The second factor is at most 1, so p cannot grow past best by it: only
                 * worth its erfc when p is still above best (rounding is monotone, so
                 * p × q <= p exactly). */
                if (p > best)
                    p *= p_correct_believed(a, &hand, &outer);
                inner = outer;
            }
            if (p > best) {
                best = p;
                *arm = a;
                *index = g;
            }
        }
    }
}

/* Probability that the pair on side is wrong, as seat believes; -1 without that neighbour. */
static double p_side_wrong(BuxGame *game, Beliefs *cache, BuxSide side)
{
    BuxArm arm;
    guint index;
    if (!bux_game_get_placed(game, &arm, &index))
        return -1.0;
    int card = bux_game_get_arm_card(game, arm, index);
    int neighbour = bux_game_get_neighbour(game, side);
    if (neighbour < 0)
        return -1.0;
    if (side == BUX_SIDE_INNER)
        return 1.0 - p_correct(cache, arm, neighbour, card);
    return 1.0 - p_correct(cache, arm, card, neighbour);
}

gboolean bux_ai_wants_challenge(BuxGame *game, guint seat)
{
    Beliefs *cache = beliefs_of(game, seat);
    g_return_val_if_fail(cache != NULL, FALSE);
    /* A rightful call wins a chip, a wrongful one loses one; with an empty purse there is
     * nothing to lose, so a smaller chance is worth a call. */
    LpLevel level = cache->level;
    double threshold = level == LP_LEVEL_HARD ? 0.55 : level == LP_LEVEL_NORMAL ? 0.6 : 0.65;
    if (bux_game_get_chips(game, seat) == 0)
        threshold = 0.35;
    /* The call is whether the likelier side is above the threshold: the outer side is only
     * looked at when the inner one is not (each side once; MAX() evaluated one twice). */
    double inner = p_side_wrong(game, cache, BUX_SIDE_INNER);
    if (inner > threshold)
        return TRUE;
    double outer = p_side_wrong(game, cache, BUX_SIDE_OUTER);
    return MAX(inner, outer) > threshold;
}

BuxSide bux_ai_choose_neighbour(BuxGame *game, guint seat)
{
    Beliefs *cache = beliefs_of(game, seat);
    double inner = p_side_wrong(game, cache, BUX_SIDE_INNER);
    double outer = p_side_wrong(game, cache, BUX_SIDE_OUTER);
    return outer > inner ? BUX_SIDE_OUTER : BUX_SIDE_INNER;
}

int bux_ai_estimate(BuxGame *game, guint seat)
{
    /* RULES.md: Intermezzo — walk every arm outward; a card believed wrong is set aside and
     * does not serve as a reference. The expected count is the sum of the doubts. */
    int start = bux_game_get_start_card(game);
    Beliefs *cache = beliefs_of(game, seat);
    double expected = 0.0;
    for (guint a = 0; a < BUX_N_ARMS; a++) {
        int ref = start;
        for (guint i = 0; i < bux_game_get_arm_length(game, a); i++) {
            int card = bux_game_get_arm_card(game, a, i);
            double p = 1.0 - p_correct(cache, a, ref, card);
            expected += p;
            if (p < 0.5)
                ref = card;
        }
    }
    int estimate = (int)lround(expected);
    LpLevel level = lp_player_get_level(lp_game_get_player(LP_GAME(game), seat));
    if (level == LP_LEVEL_EASY)
        estimate += lp_rng_int_range(lp_game_get_rng(LP_GAME(game)), -1, 2);
    return CLAMP(estimate, 0, bux_game_get_max_estimate(game));
}

gboolean bux_ai_move(LpGame *game)
{
    g_return_val_if_fail(BUX_IS_GAME(game), FALSE);
    BuxGame *self = BUX_GAME(game);
    g_autoptr(GError) error = NULL;
    gboolean ok;
    int seat;

    /* Only a decision that a computer seat owes; the game's own steps are its advance(). */
    switch (bux_game_get_phase(self)) {
    case BUX_PHASE_PLACE: {
        seat = bux_game_get_turn_seat(self);
        if (is_human(self, seat))
            return FALSE;
        BuxArm arm;
        guint index;
        bux_ai_choose_gap(self, seat, &arm, &index);
        ok = bux_game_place(self, arm, index, &error);
        break;
    }
    case BUX_PHASE_CHALLENGE:
        seat = bux_game_get_deciding_computer(self);
        if (seat < 0)
            return FALSE;
        if (bux_ai_wants_challenge(self, seat))
            ok = bux_game_challenge(self, seat, &error);
        else
            ok = bux_game_pass(self, seat, &error);
        break;
    case BUX_PHASE_NEIGHBOUR:
        seat = bux_game_get_challenger(self);
        if (seat < 0 || is_human(self, seat))
            return FALSE;
        ok = bux_game_choose_neighbour(self, bux_ai_choose_neighbour(self, seat), &error);
        break;
    case BUX_PHASE_ESTIMATE:
        seat = bux_game_get_estimating_seat(self);
        if (seat < 0 || is_human(self, seat))
            return FALSE;
        ok = bux_game_estimate(self, seat, bux_ai_estimate(self, seat), &error);
        break;
    case BUX_PHASE_START:
    case BUX_PHASE_OVER:
    default:
        return FALSE;
    }
    if (!ok)
        g_critical("Buxtehude computer move refused: %s", error->message);
    return ok;
}
