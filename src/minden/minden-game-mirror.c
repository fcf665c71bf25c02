/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A computer seat's mirror straight from the game (issue 35, LpGameClass.copy_view): the
 * state that _minden_game_load_view(mirror, _minden_game_view_state(game, viewer)) gives,
 * without writing and reading the JSON. Every computer decision builds one, so this is the
 * simulator's path; test-minden-mirror holds the two paths equal over whole games.
 *
 * What the view shows and the mirror keeps (minden-game-view.c says why):
 * - everything open is copied as it is: options, round, phase, offer, discard pile, box,
 *   order, final step, positions, swap tokens, the seats' cards, kept cards, scored flags
 *   and the round history (scored tips only, all open);
 * - the draw pile becomes every card in play that lies nowhere open, in deck order;
 * - a tip the viewer may not see becomes the stand-in tip "W" (only "tipped" shows);
 * - no computer seed (ai_seed 0) and no computer beliefs (the mirror's cache starts empty).
 * Nothing else of the game is read, so no secret reaches the mirror. */
#include "minden-game-private.h"

#include <string.h>

/* The mirror's card for the game's card: a mirror, like the reader of a view, plays with the
 * default deck and knows cards by id. Almost always the game's own deck (the same indices). */
static guint mirror_card(MindenGame *self, MindenGame *mirror, guint card)
{
    if (mirror->deck == self->deck)
        return card;
    int c = minden_deck_lookup(mirror->deck, _minden_game_card_id(self, card));
    if (c < 0) {
        g_critical("Minden mirror: the card “%s” is not in the default deck",
                   _minden_game_card_id(self, card));
        return 0;
    }
    return (guint) c;
}

/* Copies the cards of from into to (empty); marks them in seen when it is not NULL. */
static void copy_cards(MindenGame *self, MindenGame *mirror, GArray *from, GArray *to,
                       guint8 *seen)
{
    g_array_set_size(to, from->len);
    if (seen == NULL) {
        if (from->len > 0)
            memcpy(to->data, from->data, from->len * sizeof(guint));
        return;
    }
    for (guint i = 0; i < from->len; i++) {
        guint c = mirror_card(self, mirror, g_array_index(from, guint, i));
        g_array_index(to, guint, i) = c;
        seen[c] = 1;
    }
}

/* The game's draw pile in deck order, worked out once per round (a pile changes only when
 * a round is revealed or a seat swaps). The game holds every card in play exactly once (its
 * reader and its rules see to it), so these are the cards in play that lie nowhere open. */
static GArray *sorted_draw(MindenGame *self, guint n_cards)
{
    if (self->draw_sorted != NULL && self->draw_sorted->len == self->draw->len)
        return self->draw_sorted;
    g_clear_pointer(&self->draw_sorted, g_array_unref);
    /* A bit per card, read back a word at a time. */
    guint n_words = (n_cards + 63) / 64;
    guint64 bits_stack[8] = { 0 };
    g_autofree guint64 *bits_heap = n_words > G_N_ELEMENTS(bits_stack)
                                        ? g_new0(guint64, n_words)
                                        : NULL;
    guint64 *bits = bits_heap != NULL ? bits_heap : bits_stack;
    const guint *draw = (const guint *) (const void *) self->draw->data;
    guint len = self->draw->len;
    for (guint i = 0; i < len; i++)
        bits[draw[i] / 64] |= G_GUINT64_CONSTANT(1) << (draw[i] % 64);
    GArray *sorted = g_array_sized_new(FALSE, FALSE, sizeof(guint), len);
    g_array_set_size(sorted, len);
    guint *out = (guint *) (void *) sorted->data;
    guint k = 0;
    for (guint w = 0; w < n_words; w++)
        for (guint64 word = bits[w]; word != 0; word &= word - 1)
            out[k++] = w * 64 + (guint) __builtin_ctzll(word);
    g_assert(k == len);
    self->draw_sorted = sorted;
    return sorted;
}

/* The pile of the mirror: every card in play that lies nowhere else, in deck order. */
static void fill_draw(MindenGame *self, MindenGame *mirror, const guint8 *marks,
                      guint n_cards, gboolean same_deck)
{
    if (same_deck) {
        GArray *sorted = sorted_draw(self, n_cards);
        g_array_set_size(mirror->draw, sorted->len);
        if (sorted->len > 0)
            memcpy(mirror->draw->data, sorted->data, sorted->len * sizeof(guint));
        return;
    }
    /* marks holds the cards seen open. */
    g_array_set_size(mirror->draw, 0);
    for (guint i = 0; i < n_cards; i++)
        if (!marks[i] && _minden_game_card_in_play(mirror, i))
            g_array_append_val(mirror->draw, i);
    if (mirror->draw->len != self->draw->len)
        g_critical("Minden mirror: %u cards lie nowhere on the table, but the pile has %u",
                   mirror->draw->len, self->draw->len);
}

/* The salt of seat's computer player (lp_game_seat_salt), worked out once per game: two
 * hashes that every decision would repeat otherwise. The game's key does not change after
 * its start (an undo brings an empty memo along with the restored fields). */
static guint64 seat_salt(MindenGame *self, guint seat)
{
    if (self->seat_salts == NULL)
        self->seat_salts = g_new0(MindenSalt, self->n_seats);
    MindenSalt *salt = &self->seat_salts[seat];
    if (!salt->known) {
        salt->value = lp_game_seat_salt(LP_GAME(self), seat);
        salt->known = TRUE;
    }
    return salt->value;
}

void _minden_game_copy_view(LpGame *game, LpGame *mirror_game, int viewer)
{
    MindenGame *self = MINDEN_GAME(game);
    MindenGame *mirror = MINDEN_GAME(mirror_game);

    /* As _minden_game_state_object: the default deck. */
    if (mirror->deck == NULL) {
        g_autoptr(GError) error = NULL;
        mirror->deck = minden_deck_get_default(&error);
        if (mirror->deck == NULL) {
            g_critical("Minden mirror: cannot load the deck: %s", error->message);
            return;
        }
    }
    gboolean same_deck = mirror->deck == self->deck;
    guint n_cards = minden_deck_get_n_cards(mirror->deck);
    /* Cards seen open: only needed to find the pile in another deck. */
    g_autofree guint8 *seen = same_deck ? NULL : g_new0(guint8, MAX(n_cards, 1));

    mirror->purple = self->purple;
    mirror->board_cities_out = self->board_cities_out;
    mirror->round = self->round;
    mirror->phase = self->phase;
    copy_cards(self, mirror, self->offer, mirror->offer, seen);
    copy_cards(self, mirror, self->discard, mirror->discard, seen);
    copy_cards(self, mirror, self->box, mirror->box, seen);
    g_array_set_size(mirror->order, 0);
    g_array_append_vals(mirror->order, self->order->data, self->order->len);
    mirror->order_done = self->order_done;
    mirror->final_step = self->final_step;
    mirror->ai_seed = 0;

    /* A seat's kept mirror keeps its seats and their arrays; every member is set below. */
    if (mirror->seats == NULL || mirror->n_seats != self->n_seats)
        _minden_game_alloc_seats(mirror);
    for (guint i = 0; i < self->n_seats; i++) {
        const MindenSeat *s = &self->seats[i];
        MindenSeat *m = &mirror->seats[i];
        m->position = s->position;
        m->swaps_left = s->swaps_left;
        m->card = -1;
        if (s->card >= 0) {
            guint c = mirror_card(self, mirror, (guint) s->card);
            m->card = (int) c;
            if (seen != NULL)
                seen[c] = 1;
        }
        /* minden_game_get_tip's rule for the viewer; the reader's stand-in otherwise. */
        gboolean tipped = s->tip.n_stones > 0;
        gboolean visible = (viewer >= 0 && (guint) viewer == i) ||
                           self->phase == MINDEN_PHASE_SCORE;
        if (tipped && visible)
            m->tip = s->tip;
        else if (tipped)
            m->tip = (MindenTip) { 1, MINDEN_WEST, -1, -1, -1 };
        else
            m->tip = (MindenTip) MINDEN_TIP_INIT;
        m->scored = s->scored;
        copy_cards(self, mirror, s->kept, m->kept, seen);
    }

    g_array_set_size(mirror->history, 0);
    g_array_append_vals(mirror->history, self->history->data, self->history->len);
    for (guint i = 0; !same_deck && i < self->history->len; i++) {
        MindenScoredTip *t = &g_array_index(mirror->history, MindenScoredTip, i);
        t->card = mirror_card(self, mirror, t->card);
    }

    fill_draw(self, mirror, seen, n_cards, same_deck);

    /* Not state: what the mirror's own lp_game_computer_salt would answer, known already. */
    if (viewer >= 0) {
        mirror->ai_salt = seat_salt(self, (guint) viewer);
        mirror->ai_salt_known = TRUE;
    }
}
