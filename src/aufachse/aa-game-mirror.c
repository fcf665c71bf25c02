/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A computer seat's mirror built straight from the host's game (issue 35, LpGameClass
 * copy_view): exactly the state aa_game_load_view(aa_game_view_state(viewer)) gives a new
 * mirror, without writing and reading the JSON, which took about nine tenths of the
 * simulator's time. It copies only what aa-game-view.c puts in a view, through the same
 * visibility rules: a hand or a route that viewer may not see, the draw, discard and
 * counter piles become AA_CARD_HIDDEN cards of the same number; the log of turned cards,
 * which a view leaves out, stays empty. test-aa-mirror holds the two paths equal. */
#include "config.h"

#include <string.h>

#include "aa-game-private.h"

/* cards hidden whole: as many AA_CARD_HIDDEN as the place holds. */
static void copy_hidden(GArray *out, guint len)
{
    g_array_set_size(out, len);
    if (len > 0)
        memset(out->data, AA_CARD_HIDDEN, len);
}

static void copy_cards(GArray *out, GArray *cards)
{
    g_array_set_size(out, 0);
    g_array_append_vals(out, cards->data, cards->len);
}

/* The game keeps its hands sorted; only a test sets one out of order. */
static gboolean is_sorted(GArray *cards)
{
    for (guint i = 1; i < cards->len; i++) {
        if (aa_cards_at(cards, i - 1) > aa_cards_at(cards, i))
            return FALSE;
    }
    return TRUE;
}

void aa_game_copy_view(LpGame *game, LpGame *mirror_game, int viewer)
{
    AaGame *self = AA_GAME(game);
    AaGame *mirror = AA_GAME(mirror_game);
    g_assert(lp_game_is_mirror(mirror_game) && !lp_game_is_mirror(game));
    guint n = self->n;
    mirror->n = n;
    /* "phase" … "last_resolved" (aa_game_read_progress). */
    mirror->phase = self->phase;
    mirror->stage = self->stage;
    mirror->announced = self->announced;
    mirror->start_seat = self->start_seat;
    mirror->play_index = self->play_index;
    mirror->route_done = self->route_done;
    mirror->action = self->action;
    mirror->last_resolved = self->last_resolved;
    copy_cards(mirror->counter, self->counter);
    /* A hand: its owner's alone, kept sorted (the view reader sorts what it is sent). A
     * route: its owner's while the stage is under way, everybody's once it is scored. */
    gboolean revealed = self->phase == AA_PHASE_STAGE_END || self->phase == AA_PHASE_OVER;
    for (guint s = 0; s < n; s++) {
        gboolean own = viewer >= 0 && (guint)viewer == s;
        if (own) {
            copy_cards(mirror->hands[s], self->hands[s]);
            if (!is_sorted(mirror->hands[s]))
                g_array_sort(mirror->hands[s], aa_cards_compare);
        } else {
            copy_hidden(mirror->hands[s], self->hands[s]->len);
        }
        if (own || revealed)
            copy_cards(mirror->routes[s], self->routes[s]);
        else
            copy_hidden(mirror->routes[s], self->routes[s]->len);
        /* The view writes aa_game_get_extra_left: nothing owed outside a +1/+2. */
        mirror->extra_left[s] = self->phase == AA_PHASE_EXTRA ? self->extra_left[s] : 0;
        mirror->longest[s] = self->longest[s];
    }
    /* The face-down piles: their sizes, and who put each card of the counter pile. */
    copy_hidden(mirror->draw, self->draw->len);
    copy_hidden(mirror->discard, self->discard->len);
    copy_hidden(mirror->pile, self->pile->len);
    copy_cards(mirror->pile_owner, self->pile_owner);
    mirror->n_scored = self->n_scored;
    for (guint i = 0; i < self->n_scored; i++)
        memcpy(mirror->scores[i], self->scores[i], n * sizeof self->scores[i][0]);
    /* "turned" is the save's alone: a mirror's log is empty and not stale, as the object
     * was made. */
}
