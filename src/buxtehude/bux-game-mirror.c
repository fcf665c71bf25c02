/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A computer seat's mirror built straight from the host's state (issue 35, LpGameClass
 * copy_view): exactly the state that bux_game_load_view() makes of bux_game_view_state()
 * (bux-game-view.c), without writing and reading the JSON, which took 97-99 % of the
 * simulator's time. Everything here copies what the view shows and fills in what a mirror
 * fills in for what it hides, member by member in the order of the view:
 * - the stack: its size only; the Intermezzo cards at their fixed places, the card in hand
 *   in the place phase, every other entry BUX_HIDDEN, read from the first entry on;
 * - the reserve: its size only, all BUX_HIDDEN;
 * - the others' estimates while they estimate: 0 for an estimate entered, -1 for none; the
 *   viewer's own as it is;
 * - the figures' "right" (whether a card was right when laid): 0 until the game is over;
 * - the deal's salts: 0;
 * - the challenge phase's waiting call of a computer: none (-1), like "challenger" that the
 *   view shows only in the neighbour phase.
 * A computer seat's mirror is kept and refilled at each of its decisions
 * (lp_game_computer_mirror): whatever the view leaves to a new object's defaults
 * (bux_game_init) is set back to them.
 * test-bux-mirror.c holds the two ways equal after every step of many whole games, for new
 * mirrors and for the kept ones. */
#include "config.h"

#include <string.h>

#include "bux-game-private.h"

/* Entries of a full stack: 15 cards, Intermezzo, 15, Intermezzo, 15. */
#define FULL_STACK (BUX_PLACE_CARDS + 2)

static gboolean is_intermezzo_place(guint position)
{
    return position == BUX_STACK_PART || position == 2 * BUX_STACK_PART + 1;
}

/* The deck a view's checksum names in this process (bux_deck_for_checksum): the program's
 * own when the game plays with it, else the deck registered first under that checksum. */
static BuxDeck *view_deck(BuxDeck *deck)
{
    BuxDeck *own = bux_deck_get_default(NULL);
    if (own == deck)
        return own;
    g_clear_object(&own);
    BuxDeck *named = bux_deck_for_checksum(bux_deck_checksum(deck), NULL);
    return named != NULL ? named : g_object_ref(deck);
}

static void copy_cards(GArray *to, GArray *from, guint first)
{
    g_array_set_size(to, 0);
    if (from != NULL && from->len > first)
        g_array_append_vals(to, &g_array_index(from, int, first), from->len - first);
}

/* The last scoring: its cards are shared, not copied (nothing changes a scoring's arrays once
 * it is made, bux-game.c run_scoring and bux-game-view.c read_scoring). */
static BuxScoring *copy_scoring(const BuxScoring *from)
{
    BuxScoring *sc = g_new0(BuxScoring, 1);
    sc->cross = from->cross;
    sc->final = from->final;
    sc->start = from->start;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        sc->arms[a] = g_array_ref(from->arms[a]);
    sc->wrong = g_array_ref(from->wrong);
    sc->wrong_ref = g_array_ref(from->wrong_ref);
    sc->count = from->count;
    sc->exact = from->exact;
    sc->n_players = from->n_players;
    sc->estimates = g_memdup2(from->estimates, from->n_players * sizeof(int));
    sc->award = g_memdup2(from->award, from->n_players * sizeof(int));
    sc->received = g_memdup2(from->received, from->n_players * sizeof(int));
    return sc;
}

/* Whether a kept mirror's scoring is the copy of from: its arrays are from's own (the mirror
 * holds references to them, so a later scoring's arrays are other objects) and the rest is
 * equal. */
static gboolean same_scoring(const BuxScoring *copy, const BuxScoring *from)
{
    if (copy == NULL || from == NULL)
        return FALSE;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        if (copy->arms[a] != from->arms[a])
            return FALSE;
    gsize per_seat = from->n_players * sizeof(int);
    return copy->wrong == from->wrong && copy->wrong_ref == from->wrong_ref &&
           copy->cross == from->cross && copy->final == from->final &&
           copy->start == from->start && copy->count == from->count &&
           copy->exact == from->exact && copy->n_players == from->n_players &&
           memcmp(copy->estimates, from->estimates, per_seat) == 0 &&
           memcmp(copy->award, from->award, per_seat) == 0 &&
           memcmp(copy->received, from->received, per_seat) == 0;
}

/* Whether a kept mirror's crosses are from's: the same records, each shared. */
static gboolean same_crosses(GPtrArray *copy, GPtrArray *from)
{
    guint n = from != NULL ? from->len : 0;
    if ((copy != NULL ? copy->len : 0) != n)
        return FALSE;
    return n == 0 || memcmp(copy->pdata, from->pdata, n * sizeof(gpointer)) == 0;
}

void bux_game_copy_view(LpGame *game, LpGame *mirror_game, int viewer)
{
    BuxGame *self = BUX_GAME(game);
    BuxGame *mirror = BUX_GAME(mirror_game);
    guint n = self->n_seats;
    g_return_if_fail(mirror->n_seats == n);

    /* A kept mirror has its deck already: the game's deck does not change. */
    if (mirror->deck == NULL)
        mirror->deck = view_deck(self->deck);
    mirror->easy = self->easy;
    mirror->phase = self->phase;
    mirror->turn = self->turn;
    mirror->cross = self->cross;

    /* The stack's size, the Intermezzo places and the card in hand. */
    guint left = self->stack->len - self->stack_pos;
    guint drawn = FULL_STACK - left;
    g_array_set_size(mirror->stack, left);
    int *stack = (int *)mirror->stack->data;
    for (guint j = 0; j < left; j++)
        stack[j] = is_intermezzo_place(drawn + j) ? BUX_INTERMEZZO : BUX_HIDDEN;
    if (self->phase == BUX_PHASE_PLACE && left > 0)
        stack[0] = bux_int_at(self->stack, self->stack_pos);
    mirror->stack_pos = 0;
    guint reserve = self->reserve->len - self->reserve_pos;
    g_array_set_size(mirror->reserve, reserve);
    for (guint j = 0; j < reserve; j++)
        g_array_index(mirror->reserve, int, j) = BUX_HIDDEN;
    mirror->reserve_pos = 0;
    copy_cards(mirror->removed, self->removed, 0);

    mirror->start = self->start;
    for (guint a = 0; a < BUX_N_ARMS; a++)
        copy_cards(mirror->arms[a], self->arms[a], 0);
    mirror->supply = self->supply;
    for (guint s = 0; s < n; s++) {
        mirror->chips[s] = self->chips[s];
        copy_cards(mirror->bonus[s], self->bonus[s], 0);
        mirror->ai_salt[s] = 0;
    }

    /* What the phase leaves open (bux-game-save.c, read_open_decisions). */
    gboolean placed = self->phase == BUX_PHASE_CHALLENGE || self->phase == BUX_PHASE_NEIGHBOUR;
    mirror->placed_arm = placed ? self->placed_arm : 0;
    mirror->placed_index = placed ? self->placed_index : 0;
    for (guint s = 0; s < BUX_MAX_SEATS; s++)
        mirror->decided[s] = self->phase == BUX_PHASE_CHALLENGE && s < n && self->decided[s];
    mirror->challenger = self->phase == BUX_PHASE_NEIGHBOUR ? self->challenger : -1;
    for (guint s = 0; s < BUX_MAX_SEATS; s++)
        mirror->estimates[s] = -1;
    if (self->phase == BUX_PHASE_ESTIMATE)
        for (guint s = 0; s < n; s++)
            if (self->estimates[s] >= 0)
                mirror->estimates[s] = (int)s == viewer ? self->estimates[s] : 0;

    gboolean over = self->phase == BUX_PHASE_OVER;
    for (guint s = 0; s < n; s++) {
        mirror->figures[s] = self->figures[s];
        if (!over)
            mirror->figures[s].right = 0;
    }

    /* "Where were they?": the checked crosses (their records shared: nothing changes a
     * record once it is made, bux-game-where.c) and the cards challenged out of this one. */
    if (!same_crosses(mirror->crosses, self->crosses))
        g_clear_pointer(&mirror->crosses, g_ptr_array_unref);
    if (mirror->crosses == NULL && self->crosses != NULL && self->crosses->len > 0) {
        mirror->crosses = g_ptr_array_new_full(self->crosses->len,
                                               (GDestroyNotify)g_array_unref);
        for (guint c = 0; c < self->crosses->len; c++)
            g_ptr_array_add(mirror->crosses, g_array_ref(g_ptr_array_index(self->crosses, c)));
    }
    g_clear_pointer(&mirror->challenged, g_array_unref);
    if (self->challenged != NULL && self->challenged->len > 0)
        mirror->challenged = g_array_copy(self->challenged);

    /* What the table still shows of the last challenge and the last scoring. */
    if (self->has_last_challenge) {
        mirror->last_challenge = self->last_challenge;
        mirror->has_last_challenge = TRUE;
        mirror->pair_revealed = self->pair_revealed;
    } else {
        memset(&mirror->last_challenge, 0, sizeof mirror->last_challenge);
        mirror->has_last_challenge = FALSE;
        mirror->pair_revealed = FALSE;
    }
    /* A kept mirror keeps its copy of the same scoring. */
    if (!same_scoring(mirror->last_scoring, self->last_scoring)) {
        g_clear_pointer(&mirror->last_scoring, _bux_scoring_free);
        if (self->last_scoring != NULL)
            mirror->last_scoring = copy_scoring(self->last_scoring);
    }

    /* Not state: a computer seat's beliefs, which its player on this mirror would compute
     * from the seat's own salt, from the host's cache of them (bux-ai.c). */
    if (viewer >= 0 && !self->human[viewer])
        bux_ai_share_beliefs(self, mirror, viewer);
}
