/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 109 cards of Auf Achse – Das Kartenspiel, their faces, and route scoring. */
#include "config.h"

#include "aa-card.h"

#include <glib/gi18n.h>

#include <stdlib.h>

/* RULES.md: 7 each of 10…60, 6 each of 70…110, 5 of 120; 6 × +1, 6 × −1, 6 × −50,
 * 2 × +2, 12 rest cards. Ids follow this table in order. */
static const struct {
    int face;
    guint count;
} deck[] = {
    {10, 7}, {20, 7}, {30, 7}, {40, 7}, {50, 7}, {60, 7},
    {70, 6}, {80, 6}, {90, 6}, {100, 6}, {110, 6}, {120, 5},
    {AA_FACE_PLUS1, 6}, {AA_FACE_MINUS1, 6}, {AA_FACE_MINUS50, 6}, {AA_FACE_PLUS2, 2},
    {AA_FACE_REST, 12},
};

/* The face of every card id, filled once from the table above: the AI and the scoring ask
 * for faces in their inner loops, where a walk down the table was a quarter of the time. */
static const gint16 *card_faces(void)
{
    static gint16 faces[AA_N_CARDS];
    static gsize filled = 0;
    if (g_once_init_enter(&filled)) {
        guint id = 0;
        for (guint i = 0; i < G_N_ELEMENTS(deck); i++) {
            for (guint k = 0; k < deck[i].count; k++)
                faces[id++] = (gint16)deck[i].face;
        }
        g_assert(id == AA_N_CARDS);
        g_once_init_leave(&filled, 1);
    }
    return faces;
}

int aa_card_face(guint card)
{
    g_return_val_if_fail(card < AA_N_CARDS, AA_FACE_REST);
    return card_faces()[card];
}

AaKind aa_face_kind(int face)
{
    switch (face) {
    case AA_FACE_REST:
        return AA_KIND_REST;
    case AA_FACE_PLUS1:
        return AA_KIND_PLUS1;
    case AA_FACE_PLUS2:
        return AA_KIND_PLUS2;
    case AA_FACE_MINUS1:
        return AA_KIND_MINUS1;
    case AA_FACE_MINUS50:
        return AA_KIND_MINUS50;
    default:
        return AA_KIND_KM;
    }
}

gboolean aa_face_is_valid(int face)
{
    if (face >= 10 && face <= 120)
        return face % 10 == 0;
    return face == AA_FACE_REST || face == AA_FACE_PLUS1 || face == AA_FACE_PLUS2 ||
           face == AA_FACE_MINUS1 || face == AA_FACE_MINUS50;
}

AaKind aa_card_kind(guint card)
{
    return aa_face_kind(aa_card_face(card));
}

gboolean aa_card_is_km(guint card)
{
    return aa_card_kind(card) == AA_KIND_KM;
}

gboolean aa_card_is_action(guint card)
{
    AaKind kind = aa_card_kind(card);
    return kind != AA_KIND_KM && kind != AA_KIND_REST;
}

const char *aa_face_to_string(int face)
{
    static const char *const km[] = {"10", "20", "30", "40", "50", "60",
                                     "70", "80", "90", "100", "110", "120"};
    switch (face) {
    case AA_FACE_REST:
        return "R";
    case AA_FACE_PLUS1:
        return "+1";
    case AA_FACE_PLUS2:
        return "+2";
    case AA_FACE_MINUS1:
        return "-1";
    case AA_FACE_MINUS50:
        return "-50";
    default:
        g_return_val_if_fail(aa_face_is_valid(face), "?");
        return km[face / 10 - 1];
    }
}

gboolean aa_face_from_string(const char *s, int *face)
{
    g_return_val_if_fail(s != NULL, FALSE);
    static const int faces[] = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120,
                                AA_FACE_REST, AA_FACE_PLUS1, AA_FACE_PLUS2,
                                AA_FACE_MINUS1, AA_FACE_MINUS50};
    /* "A" stands for any action card in the rulebook's examples. */
    if (g_strcmp0(s, "A") == 0) {
        *face = AA_FACE_MINUS1;
        return TRUE;
    }
    for (guint i = 0; i < G_N_ELEMENTS(faces); i++) {
        if (g_strcmp0(s, aa_face_to_string(faces[i])) == 0) {
            *face = faces[i];
            return TRUE;
        }
    }
    return FALSE;
}

char *aa_face_name(int face)
{
    switch (face) {
    case AA_FACE_REST:
        return g_strdup(_("Rest"));
    case AA_FACE_PLUS1:
        return g_strdup(_("Free passage (+1)"));
    case AA_FACE_PLUS2:
        return g_strdup(_("Step on the gas (+2)"));
    case AA_FACE_MINUS1:
        return g_strdup(_("Obstacle (−1)"));
    case AA_FACE_MINUS50:
        return g_strdup(_("Lost cargo (−50 km)"));
    default:
        /* Translators: a kilometre card, e.g. "80 km". */
        return g_strdup_printf(_("%d km"), face);
    }
}

const char *aa_card_to_string(guint card)
{
    return aa_face_to_string(aa_card_face(card));
}

AaBreak aa_route_score_add(AaRouteScore *score, int face)
{
    AaBreak why = AA_BREAK_NONE;
    guint i = score->n++;
    switch (aa_face_kind(face)) {
    case AA_KIND_KM:
        /* RULES.md: a break before a kilometre card that is not higher than the last
         * kilometre card since the previous break (equal is a break). */
        if (score->last_km != 0 && face <= score->last_km) {
            why = AA_BREAK_NOT_HIGHER;
            score->sum = 0;
            score->start = i;
        }
        score->sum += face;
        score->last_km = face;
        score->prev_rest = FALSE;
        break;
    case AA_KIND_REST:
        /* RULES.md: a rest directly after a rest breaks; the new part starts with it.
         * A single rest is worth 0 and breaks nothing. */
        if (score->prev_rest) {
            why = AA_BREAK_DOUBLE_REST;
            score->sum = 0;
            score->last_km = 0;
            score->start = i;
        }
        score->prev_rest = TRUE;
        break;
    default:
        /* RULES.md: an action card breaks; the new part starts after it. */
        why = AA_BREAK_ACTION;
        score->sum = 0;
        score->last_km = 0;
        score->start = i + 1;
        score->prev_rest = FALSE;
        break;
    }
    return why;
}

int aa_route_score(const int *faces, guint n, AaBreak *breaks, guint *scoring_start)
{
    AaRouteScore score;
    aa_route_score_init(&score);
    for (guint i = 0; i < n; i++) {
        AaBreak why = aa_route_score_add(&score, faces[i]);
        if (breaks != NULL)
            breaks[i] = why;
    }
    if (scoring_start != NULL)
        *scoring_start = score.start;
    return score.sum;
}

int aa_route_score_cards(const guint8 *cards, guint n, AaBreak *breaks, guint *scoring_start)
{
    int faces_stack[64];
    g_autofree int *faces_heap = NULL;
    int *faces = faces_stack;
    if (n > G_N_ELEMENTS(faces_stack))
        faces = faces_heap = g_new(int, n);
    for (guint i = 0; i < n; i++)
        faces[i] = aa_card_face(cards[i]);
    return aa_route_score(faces, n, breaks, scoring_start);
}

int aa_stage_goal(guint n_players)
{
    g_return_val_if_fail(n_players >= AA_MIN_PLAYERS && n_players <= AA_MAX_PLAYERS, 0);
    return 150 + 50 * (int)(n_players - 2);
}
