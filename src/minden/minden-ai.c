/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Computer players for Finden Sie Minden. They decide on a mirror of their own seat's view
 * (lp_game_computer_action), never on the host's game: what they know of the table is what
 * the seat may see. What they "know" of geography is a noisy guess around where the card's
 * place really lies, as a person knows roughly where Minden is; that is the card's face (its
 * name), which the deck on every device holds, not the solution side the rules hide. */
#include "minden-ai.h"

#include <math.h>

#include "minden-game-private.h"

#define KM_PER_DEG_LAT 111.2
/* At about 51°N, where the board is drawn. */
#define KM_PER_DEG_LON 70.0

/* How well each level knows where places lie: the typical error in km for a yellow card,
 * and the chance not to know a card at all (then only roughly, ~250 km). */
static const double level_sd_km[] = { 75.0, 42.0, 20.0 };
static const double level_unknown[] = { 0.30, 0.18, 0.08 };
/* Big cities are known best; sights are hardest (you must know the town first). */
static const double colour_factor[] = { 1.0, 1.6, 1.35, 1.9 };
static const double colour_unknown[] = { 0.5, 1.3, 1.0, 1.8 };
/* How the seat rates its own knowledge: easy seats overrate themselves. */
static const double level_self_rating[] = { 0.45, 0.8, 1.0 };
/* What keeping a card is worth in fields (majorities and sets at the end). */
static const double level_keep_worth[] = { 0.5, 1.2, 1.6 };

static guint64 splitmix64(guint64 x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* The seat whose decisions game (a mirror) is for. */
static gboolean is_own_mirror(MindenGame *game, guint seat)
{
    return lp_game_is_mirror(LP_GAME(game)) && lp_game_get_viewer(LP_GAME(game)) == (int) seat;
}

static LpLevel seat_level(MindenGame *game, guint seat)
{
    LpPlayer *p = lp_game_get_player(LP_GAME(game), seat);
    return lp_player_is_human(p) ? LP_LEVEL_NORMAL : lp_player_get_level(p);
}

/* What a seat makes of a card depends only on its salt, the seat (its level) and the card:
 * the belief, the cell it points at and the worth of each tip size. Each seat keeps what it
 * made of every card it looked at: a computer seat's mirror is kept for the whole game
 * (lp_game_computer_mirror), and the same card is looked at while it is offered, chosen and
 * tipped (issue 35). */
typedef struct {
    MindenTip cell;
    double values[MINDEN_MAX_STONES + 1];
    double best;
} CardView;

typedef struct {
    guint8 *known;   /* per deck card: view[card] is made; NULL until the first */
    CardView *view;  /* per deck card */
} SeatView;

struct _MindenAiCache {
    guint64 salt;
    guint n_seats;
    guint n_cards;
    SeatView *seats;
};

/* The mirror's cache, made on first use. A mirror's seat, key, deck and seats never change
 * (it is built once and then only asked), so neither does what the cache was made for. */
static struct _MindenAiCache *ai_cache(MindenGame *game)
{
    struct _MindenAiCache *cache = game->ai_cache;
    if (G_LIKELY(cache != NULL))
        return cache;
    cache = g_new0(struct _MindenAiCache, 1);
    cache->salt = game->ai_salt_known ? game->ai_salt : lp_game_computer_salt(LP_GAME(game));
    cache->n_seats = game->n_seats;
    cache->n_cards = minden_deck_get_n_cards(game->deck);
    cache->seats = g_new0(SeatView, cache->n_seats);
    game->ai_cache = cache;
    return cache;
}

void minden_ai_belief(MindenGame *game, guint seat, guint card, MindenBelief *out)
{
    g_return_if_fail(is_own_mirror(game, seat));
    const MindenCard *c = minden_deck_get_card(minden_game_get_deck(game), card);
    LpLevel level = seat_level(game, seat);
    /* A private generator derived from the seat's lasting salt: the same card is known the
     * same way while choosing and while tipping, after a restore and on any device. The
     * salt as the mirror's cache keeps it: a hash of the seat's key, worked out once. */
    guint64 seed = splitmix64(ai_cache(game)->salt ^
                              splitmix64(seat * 7919ull + 1) ^
                              splitmix64(((guint64) card << 20) + 17));
    /* On the stack: this is the simulator's innermost loop. */
    LpRngState rng;
    lp_rng_state_init(&rng, seed);

    double sd = level_sd_km[level] * colour_factor[c->colour] *
                exp(lp_rng_state_gauss(&rng, 0.0, 0.45));
    double unknown = level_unknown[level] * colour_unknown[c->colour];
    if (lp_rng_state_chance(&rng, MIN(0.9, unknown)))
        sd = MAX(sd, 250.0);
    guint k = c->n_solutions > 1
                  ? (guint) lp_rng_state_int_range(&rng, 0, (int) c->n_solutions)
                  : 0;
    out->lat = c->solutions[k].lat + lp_rng_state_gauss(&rng, 0.0, sd) / KM_PER_DEG_LAT;
    out->lon = c->solutions[k].lon + lp_rng_state_gauss(&rng, 0.0, sd) / KM_PER_DEG_LON;
    out->sd_km = sd;
    out->believed_km = MAX(5.0, sd * level_self_rating[level]);
}

static double normal_cdf(double x)
{
    return 0.5 * (1.0 + erf(x / G_SQRT2));
}

/* normal_cdf((line - mean) / sd) for the few grid lines one card's tips use, each worked out
 * once: the tips of 1 to 4 stones are nested and share most of their lines. */
typedef struct {
    double mean, sd;
    guint n;
    double line[8], cdf[8];
} LineCdf;

static double line_cdf(LineCdf *memo, double line)
{
    for (guint i = 0; i < memo->n; i++)
        if (memo->line[i] == line)
            return memo->cdf[i];
    double p = normal_cdf((line - memo->mean) / memo->sd);
    if (memo->n < G_N_ELEMENTS(memo->line)) {
        memo->line[memo->n] = line;
        memo->cdf[memo->n] = p;
        memo->n++;
    }
    return p;
}

/* The probability that the true place lies in [lo, hi] given belief mean and sd. Grid edges
 * reach to infinity: points beyond the outer lines belong to the outer cells. */
static double interval_p(LineCdf *memo, double lo, double hi, double edge_lo, double edge_hi)
{
    double a = lo <= edge_lo ? 0.0 : line_cdf(memo, lo);
    double b = hi >= edge_hi ? 1.0 : line_cdf(memo, hi);
    return MAX(0.0, b - a);
}

static double tip_probability(LineCdf *lat, LineCdf *lon, const MindenTip *tip)
{
    double s, n, w, e;

    minden_tip_region(tip, &s, &n, &w, &e);
    return interval_p(lat, s, n, MINDEN_GRID_LAT_SOUTH, MINDEN_GRID_LAT_NORTH) *
           interval_p(lon, w, e, MINDEN_GRID_LON_WEST, MINDEN_GRID_LON_EAST);
}

/* Expected worth of each tip size, from the seat's own (possibly wrong) self-rating. */
static void tip_values(MindenGame *game, guint seat, guint card, const MindenBelief *b,
                       double values[MINDEN_MAX_STONES + 1], MindenTip *cell)
{
    const MindenCard *c = minden_deck_get_card(minden_game_get_deck(game), card);
    guint need = minden_colour_stones_to_keep(c->colour);
    double keep = level_keep_worth[seat_level(game, seat)];

    LineCdf lat = {.mean = b->lat, .sd = b->believed_km / KM_PER_DEG_LAT};
    LineCdf lon = {.mean = b->lon, .sd = b->believed_km / KM_PER_DEG_LON};

    minden_grid_locate(b->lat, b->lon, cell);
    values[0] = 0.0;
    for (guint n = 1; n <= MINDEN_MAX_STONES; n++) {
        MindenTip t = minden_tip_truncate(cell, n);
        values[n] = tip_probability(&lat, &lon, &t) * (n + (n >= need ? keep : 0.0));
    }
}

void _minden_ai_cache_free(struct _MindenAiCache *cache)
{
    for (guint s = 0; s < cache->n_seats; s++) {
        g_free(cache->seats[s].known);
        g_free(cache->seats[s].view);
    }
    g_free(cache->seats);
    g_free(cache);
}

static void card_view_compute(MindenGame *game, guint seat, guint card, CardView *v)
{
    MindenBelief b;
    minden_ai_belief(game, seat, card, &b);
    tip_values(game, seat, card, &b, v->values, &v->cell);
    v->best = 0.0;
    for (guint n = 1; n <= MINDEN_MAX_STONES; n++)
        v->best = MAX(v->best, v->values[n]);
}

static const CardView *card_view(MindenGame *game, guint seat, guint card)
{
    struct _MindenAiCache *cache = ai_cache(game);
    g_return_val_if_fail(seat < cache->n_seats, NULL);
    g_return_val_if_fail(card < cache->n_cards, NULL);
    SeatView *sv = &cache->seats[seat];
    if (sv->known == NULL) {
        sv->known = g_new0(guint8, cache->n_cards);
        sv->view = g_new(CardView, cache->n_cards);
    }
    if (!sv->known[card]) {
        card_view_compute(game, seat, card, &sv->view[card]);
        sv->known[card] = 1;
    }
    return &sv->view[card];
}

double minden_ai_card_value(MindenGame *game, guint seat, guint card)
{
    g_return_val_if_fail(is_own_mirror(game, seat), 0.0);
    return card_view(game, seat, card)->best;
}

void minden_ai_choose(MindenGame *game, guint seat, guint *card, gboolean *swap)
{
    GArray *offer = minden_game_get_offer(game);
    /* Asked for only when drawn from: seeding a decision's stream costs a hash. */
    LpRng *rng = NULL;
    LpLevel level = seat_level(game, seat);
    double best = -1.0;

    g_return_if_fail(is_own_mirror(game, seat));
    g_return_if_fail(offer->len > 0);
    *card = g_array_index(offer, guint, 0);
    *swap = FALSE;
    if (level == LP_LEVEL_EASY && lp_rng_chance(rng = lp_game_get_rng(LP_GAME(game)), 0.4)) {
        /* Easy seats often take whatever catches their eye. */
        *card = g_array_index(offer, guint, lp_rng_int_range(rng, 0, (int) offer->len));
        best = minden_ai_card_value(game, seat, *card);
    } else {
        for (guint i = 0; i < offer->len; i++) {
            guint c = g_array_index(offer, guint, i);
            double v = minden_ai_card_value(game, seat, c);
            if (v > best) {
                best = v;
                *card = c;
            }
        }
    }
    /* RULES.md: a swap token trades the chosen card for the top of the draw pile. Worth it
     * when the seat hardly knows the card; a random card is worth about 1.5 fields. */
    if (minden_game_get_swaps_left(game, seat) > 0 &&
        minden_game_get_draw_pile(game)->len > 0) {
        double threshold = level == LP_LEVEL_HARD ? 1.1 : level == LP_LEVEL_NORMAL ? 0.8 : 0.3;
        if (best < threshold)
            *swap = TRUE;
    }
}

void minden_ai_tip(MindenGame *game, guint seat, MindenTip *out)
{
    int card = minden_game_get_seat_card(game, seat);
    guint best_n = 1;

    g_return_if_fail(is_own_mirror(game, seat));
    g_return_if_fail(card >= 0);
    const CardView *v = card_view(game, seat, (guint) card);
    const double *values = v->values;
    const MindenTip *cell = &v->cell;
    for (guint n = 2; n <= MINDEN_MAX_STONES; n++)
        if (values[n] > values[best_n])
            best_n = n;
    if (seat_level(game, seat) == LP_LEVEL_EASY) {
        LpRng *rng = lp_game_get_rng(LP_GAME(game));
        if (lp_rng_chance(rng, 0.25))
            best_n = (guint) lp_rng_int_range(rng, 1, MINDEN_MAX_STONES + 1);
    }
    *out = minden_tip_truncate(cell, best_n);
}

/* CHOOSE: when it is the mirror's seat's turn. */
static gboolean choose_move(MindenGame *game, guint seat, GError **error)
{
    guint card;
    gboolean swap;

    if (lp_game_get_current_seat(LP_GAME(game)) != (int) seat)
        return FALSE;
    minden_ai_choose(game, seat, &card, &swap);
    return minden_game_choose(game, seat, card, swap, error);
}

/* TIP: when the mirror's seat has not tipped yet. */
static gboolean tip_move(MindenGame *game, guint seat, GError **error)
{
    MindenTip tip;

    if (minden_game_has_tipped(game, seat))
        return FALSE;
    minden_ai_tip(game, seat, &tip);
    return minden_game_tip(game, seat, &tip, error);
}

/* On the game itself: the computer seat the game waits for decides on a mirror of its own
 * view, as in lp_game_computer_step, and its action is played on the game. */
static gboolean move_on_game(LpGame *game)
{
    int seat = lp_game_get_computer_seat(game);
    if (seat < 0)
        return FALSE;
    g_autoptr(JsonNode) action = lp_game_computer_action(game, (guint) seat, minden_ai_move);
    if (action == NULL)
        return FALSE;
    g_autoptr(GError) error = NULL;
    if (lp_game_apply_action(game, (guint) seat, action, &error))
        return TRUE;
    g_critical("Minden computer move refused: %s", error->message);
    return FALSE;
}

gboolean minden_ai_move(LpGame *game)
{
    g_return_val_if_fail(MINDEN_IS_GAME(game), FALSE);
    MindenGame *self = MINDEN_GAME(game);
    g_autoptr(GError) error = NULL;
    gboolean played;

    if (!lp_game_is_mirror(game))
        return move_on_game(game);
    int seat = lp_game_get_viewer(game);
    if (seat < 0 || lp_game_is_over(game))
        return FALSE;
    switch (minden_game_get_phase(self)) {
    case MINDEN_PHASE_CHOOSE:
        played = choose_move(self, (guint) seat, &error);
        break;
    case MINDEN_PHASE_TIP:
        played = tip_move(self, (guint) seat, &error);
        break;
    default:
        /* Nothing to decide: revealing and scoring are the game's own steps. */
        return FALSE;
    }
    /* The AI only proposes legal moves; a refusal is a bug in it, not a wait. */
    if (error != NULL)
        g_critical("Minden computer move refused: %s", error->message);
    return played;
}
