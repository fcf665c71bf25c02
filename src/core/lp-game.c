/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The derivable base of the game models: seats, the shared signals and the save envelope. */
#include "lp-game.h"

#include <glib/gi18n.h>
#include <string.h>

#include "lp-json.h"
#include "lp-sha256.h"

typedef struct {
    GPtrArray *players;
    LpRng *rng;
    /* The clock is read as g_get_real_time() on every action (cheap); the GDateTime, which
     * looks up the local time zone, is built only when a save or a view asks for it. */
    gint64 last_played_usec;
    GDateTime *last_played; /* NULL until asked for since last_played_usec changed */
    int current_seat; /* the last value "current-seat" notified */
    /* Play time (issue 15): counted only when tracked; the clock restarts at a restore. */
    gboolean track_time;
    gint64 played_usec;
    gint64 clock_usec;
    /* Several devices (issue 31). */
    guint64 n_actions;    /* completed actions since the deal */
    char *ai_secret;      /* 64 hex digits: the computer players' keys derive from it;
                           * NULL until asked for (ai_secret()) */
    LpRng *ai_origin;     /* the generator before the deal, until ai_secret is made */
    GPtrArray *seat_keys; /* each seat's key (seat_key()), made on first use */
    LpSha256 *seed_prefixes; /* per seat: its key and " action " hashed, or length 0 */
    GPtrArray *computer_mirrors; /* per seat, the mirror its computer decides on, or NULL */
    gboolean kept;        /* a seat's kept mirror (lp_game_computer_mirror) */
    /* A kept mirror's decision stream, seeded when first drawn from (lp_game_get_rng): many
     * decisions draw nothing, and the seed costs a SHA-256. */
    gboolean rng_pending;
    LpSha256 rng_prefix;  /* the seat's key and " action " hashed */
    guint64 rng_actions;
    JsonNode *requested;  /* a kept mirror's: the action its computer asked for */
    GArray *remote;       /* gboolean per seat, NULL when none is remote */
    gboolean mirror;
    int viewer;           /* a mirror's viewer */
    char *ai_key;         /* a mirror's seat key, from the view */
    /* Undo (issue 33). The current action: who acts (-1: nobody said), what kind of
     * action (a key of undo_sentences), the state before it (only when a person acts on
     * the host's game) and whether something hidden came to light in it. */
    int pending_seat;
    const char *pending_what;
    JsonNode *pending_before;
    gboolean pending_reveal;
    gboolean in_advance;
    GPtrArray *undo;      /* UndoEntry, the newest last; all of one seat */
    int undone_seat;      /* the seat whose undo was the last thing that happened, or -1 */
    const char *undone_what;
    /* A mirror's: what the view said. */
    gboolean view_can_undo;
} LpGamePrivate;

typedef struct {
    guint seat;
    const char *what;
    JsonNode *before; /* the whole save (lp_game_save) before the action */
} UndoEntry;

static void undo_entry_free(gpointer data)
{
    UndoEntry *entry = data;
    json_node_unref(entry->before);
    g_free(entry);
}

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE(LpGame, lp_game, G_TYPE_OBJECT)

enum {
    PROP_0,
    PROP_PLAYERS,
    PROP_RNG,
    PROP_CURRENT_SEAT,
    N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
    TURN_STARTED,
    PHASE_CHANGED,
    GAME_OVER,
    ACTION_COMPLETED,
    ACTION_REQUESTED,
    UNDONE,
    N_SIGNALS
};
static guint signals[N_SIGNALS];

static void lp_game_dispose(GObject *object)
{
    LpGamePrivate *priv = lp_game_get_instance_private(LP_GAME(object));
    g_clear_pointer(&priv->computer_mirrors, g_ptr_array_unref);
    g_clear_pointer(&priv->players, g_ptr_array_unref);
    g_clear_object(&priv->rng);
    G_OBJECT_CLASS(lp_game_parent_class)->dispose(object);
}

static void lp_game_finalize(GObject *object)
{
    LpGamePrivate *priv = lp_game_get_instance_private(LP_GAME(object));
    g_clear_pointer(&priv->last_played, g_date_time_unref);
    g_clear_pointer(&priv->ai_secret, g_free);
    g_clear_object(&priv->ai_origin);
    g_clear_pointer(&priv->seat_keys, g_ptr_array_unref);
    g_clear_pointer(&priv->seed_prefixes, g_free);
    g_clear_pointer(&priv->requested, json_node_unref);
    g_clear_pointer(&priv->ai_key, g_free);
    g_clear_pointer(&priv->remote, g_array_unref);
    g_clear_pointer(&priv->pending_before, json_node_unref);
    g_clear_pointer(&priv->undo, g_ptr_array_unref);
    G_OBJECT_CLASS(lp_game_parent_class)->finalize(object);
}

static void lp_game_get_property(GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
    LpGamePrivate *priv = lp_game_get_instance_private(LP_GAME(object));
    switch (prop_id) {
    case PROP_PLAYERS:
        g_value_set_boxed(value, priv->players);
        break;
    case PROP_RNG:
        g_value_set_object(value, lp_game_get_rng(LP_GAME(object)));
        break;
    case PROP_CURRENT_SEAT:
        g_value_set_int(value, lp_game_get_current_seat(LP_GAME(object)));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_game_set_property(GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
    LpGamePrivate *priv = lp_game_get_instance_private(LP_GAME(object));
    switch (prop_id) {
    case PROP_PLAYERS: {
        GPtrArray *players = g_value_get_boxed(value);
        g_clear_pointer(&priv->players, g_ptr_array_unref);
        priv->players = g_ptr_array_new_with_free_func(g_object_unref);
        for (guint i = 0; players != NULL && i < players->len; i++)
            g_ptr_array_add(priv->players, g_object_ref(players->pdata[i]));
        break;
    }
    case PROP_RNG:
        g_set_object(&priv->rng, g_value_get_object(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void lp_game_constructed(GObject *object)
{
    LpGamePrivate *priv = lp_game_get_instance_private(LP_GAME(object));
    G_OBJECT_CLASS(lp_game_parent_class)->constructed(object);
    if (priv->players == NULL)
        priv->players = g_ptr_array_new_with_free_func(g_object_unref);
    if (priv->rng == NULL)
        priv->rng = lp_rng_new(g_get_real_time());
    /* The computer players' secret comes from the generator before the deal touched it
     * (ai_secret()); kept until asked for, since a computer's mirror (lp_game_mirror_of),
     * built at every decision, never asks. */
    priv->ai_origin = lp_rng_copy(priv->rng);
}

/* The computer players' secret, from the generator before the deal touched it; a restore
 * replaces it with the saved one. One-way: a seat's key tells nothing of the deal, nor of
 * another seat's key. */
static const char *ai_secret(LpGame *self)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->ai_secret == NULL) {
        g_autoptr(JsonNode) state = lp_rng_to_json(priv->ai_origin);
        g_autofree char *text = lp_json_to_string(state, FALSE);
        g_autofree char *salted = g_strconcat("landpartie computer players ", text, NULL);
        priv->ai_secret = g_compute_checksum_for_string(G_CHECKSUM_SHA256, salted, -1);
        g_clear_object(&priv->ai_origin);
    }
    return priv->ai_secret;
}

static gboolean lp_game_real_is_over(LpGame *self)
{
    return FALSE;
}

static int lp_game_real_get_current_seat(LpGame *self)
{
    return -1;
}

static gboolean lp_game_real_advance(LpGame *self)
{
    return FALSE;
}

static void lp_game_class_init(LpGameClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = lp_game_dispose;
    object_class->finalize = lp_game_finalize;
    object_class->get_property = lp_game_get_property;
    object_class->set_property = lp_game_set_property;
    object_class->constructed = lp_game_constructed;

    klass->is_over = lp_game_real_is_over;
    klass->get_current_seat = lp_game_real_get_current_seat;
    klass->advance = lp_game_real_advance;

    properties[PROP_PLAYERS] = g_param_spec_boxed(
        "players", NULL, NULL, G_TYPE_PTR_ARRAY,
        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
    properties[PROP_RNG] = g_param_spec_object(
        "rng", NULL, NULL, LP_TYPE_RNG,
        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
    /**
     * LpGame:current-seat:
     *
     * The seat the game waits for, or -1; notified after a turn starts, the phase changes
     * or an action completes, when the seat is another than before.
     */
    properties[PROP_CURRENT_SEAT] = g_param_spec_int(
        "current-seat", NULL, NULL, -1, G_MAXINT, -1,
        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * LpGame::turn-started:
     * @seat: the seat whose turn begins
     *
     * A new turn begins (a Buxtehude placement, a Minden round's choice, an Auf Achse
     * route card …).
     */
    signals[TURN_STARTED] = g_signal_new("turn-started", G_TYPE_FROM_CLASS(klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                         1, G_TYPE_UINT);
    /**
     * LpGame::phase-changed:
     *
     * The game moved to another phase (challenge, Intermezzo, tipping, scoring …); views
     * read the new phase from the model.
     */
    signals[PHASE_CHANGED] = g_signal_new("phase-changed", G_TYPE_FROM_CLASS(klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 0);
    /**
     * LpGame::game-over:
     *
     * The final scoring is done; the result is readable from the model.
     */
    signals[GAME_OVER] = g_signal_new("game-over", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                      0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    /**
     * LpGame::action-completed:
     *
     * A whole action is done and the state is consistent: the moment to autosave.
     */
    signals[ACTION_COMPLETED] = g_signal_new("action-completed", G_TYPE_FROM_CLASS(klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 0);
    /**
     * LpGame::action-requested:
     * @action: the action (JsonNode, docs/protocol.md), valid during the emission
     *
     * On a mirror only: a move function's checks passed; the action goes to the host, and
     * the mirror changes only with the host's next view.
     */
    signals[ACTION_REQUESTED] = g_signal_new("action-requested", G_TYPE_FROM_CLASS(klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 1,
                                             JSON_TYPE_NODE | G_SIGNAL_TYPE_STATIC_SCOPE);
    /**
     * LpGame::undone:
     * @seat: the seat that took its action back
     *
     * An action was taken back (lp_game_undo): the state is the one before it, wholly
     * replaced, so views rebuild from the model rather than follow a change. On the host's
     * game only; "action-completed" follows.
     */
    signals[UNDONE] = g_signal_new("undone", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void lp_game_init(LpGame *self)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    priv->last_played_usec = g_get_real_time();
    priv->clock_usec = priv->last_played_usec;
    priv->current_seat = -1;
    priv->viewer = -1;
    priv->pending_seat = -1;
    priv->undone_seat = -1;
    priv->undo = g_ptr_array_new_with_free_func(undo_entry_free);
}

GPtrArray *lp_game_get_players(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->players;
}

guint lp_game_get_n_players(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), 0);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->players->len;
}

LpPlayer *lp_game_get_player(LpGame *self, guint seat)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    g_return_val_if_fail(seat < priv->players->len, NULL);
    return priv->players->pdata[seat];
}

static guint64 finish_decision_seed(LpSha256 sum, guint64 n_actions);

LpRng *lp_game_get_rng(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (G_UNLIKELY(priv->rng_pending)) {
        priv->rng_pending = FALSE;
        lp_rng_reseed(priv->rng, finish_decision_seed(priv->rng_prefix, priv->rng_actions));
    }
    return priv->rng;
}

const char *lp_game_get_kind(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    return LP_GAME_GET_CLASS(self)->kind;
}

guint lp_game_next_seat(LpGame *self, guint seat)
{
    guint n = lp_game_get_n_players(self);
    g_return_val_if_fail(n > 0, 0);
    return (seat + 1) % n;
}

gboolean lp_game_is_over(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), TRUE);
    return LP_GAME_GET_CLASS(self)->is_over(self);
}

int lp_game_get_current_seat(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), -1);
    return LP_GAME_GET_CLASS(self)->get_current_seat(self);
}

gboolean lp_game_computer_step(LpGame *self, LpComputerMoveFunc move)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    g_return_val_if_fail(!lp_game_is_mirror(self), FALSE);
    if (lp_game_is_over(self))
        return FALSE;
    if (move != NULL && !lp_game_supports_views(self) && move(self))
        return TRUE;
    if (move != NULL && lp_game_supports_views(self)) {
        int seat = lp_game_get_computer_seat(self);
        if (seat >= 0 && lp_game_is_seat_remote(self, seat))
            return FALSE;
        if (seat >= 0) {
            g_autoptr(JsonNode) action = lp_game_computer_action(self, seat, move);
            if (action != NULL) {
                g_autoptr(GError) error = NULL;
                if (lp_game_apply_action(self, seat, action, &error))
                    return TRUE;
                g_autofree char *text = lp_json_to_string(action, FALSE);
                g_critical("%s: the computer player of seat %d asked for %s: %s",
                           lp_game_get_kind(self), seat, text, error->message);
                return FALSE;
            }
        }
    }
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    priv->in_advance = TRUE;
    gboolean advanced = LP_GAME_GET_CLASS(self)->advance(self);
    priv->in_advance = FALSE;
    /* The game's own step (a reveal, a scoring, a deal) is a point of no return. */
    if (advanced)
        g_ptr_array_set_size(priv->undo, 0);
    return advanced;
}

guint lp_game_run_computers(LpGame *self, LpComputerMoveFunc move)
{
    guint steps = 0;
    while (lp_game_computer_step(self, move))
        steps++;
    return steps;
}

LpGameClass *lp_game_class_peek(GType type)
{
    g_return_val_if_fail(g_type_is_a(type, LP_TYPE_GAME), NULL);
    /* Game classes are never unloaded: the reference taken here lives as long as the type. */
    return g_type_class_ref(type);
}

LpGame *lp_game_new_of_type(GType type, GPtrArray *players, guint64 seed, gboolean option,
                            GError **error)
{
    LpGameClass *klass = lp_game_class_peek(type);
    g_return_val_if_fail(klass != NULL && klass->create != NULL, NULL);
    return klass->create(players, seed, option, error);
}

JsonNode *lp_game_result(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    g_return_val_if_fail(klass->result != NULL, NULL);
    return klass->result(self);
}

GDateTime *lp_game_get_last_played(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->last_played == NULL) {
        g_autoptr(GDateTime) second =
            g_date_time_new_from_unix_local(priv->last_played_usec / G_USEC_PER_SEC);
        priv->last_played = g_date_time_add(second, priv->last_played_usec % G_USEC_PER_SEC);
    }
    return priv->last_played;
}

/* "current-seat" follows the vfunc: looked at whenever the game says something changed. */
static void update_current_seat(LpGame *self)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    int seat = lp_game_get_current_seat(self);
    if (seat == priv->current_seat)
        return;
    priv->current_seat = seat;
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CURRENT_SEAT]);
}

void lp_game_emit_turn_started(LpGame *self, guint seat)
{
    update_current_seat(self);
    g_signal_emit(self, signals[TURN_STARTED], 0, seat);
}

void lp_game_emit_phase_changed(LpGame *self)
{
    update_current_seat(self);
    g_signal_emit(self, signals[PHASE_CHANGED], 0);
}

void lp_game_emit_game_over(LpGame *self)
{
    g_signal_emit(self, signals[GAME_OVER], 0);
}

void lp_game_action_completed(LpGame *self)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    /* Not g_date_time_new_now_local(): without TZ it stats /etc/localtime each time, a
     * quarter to a half of the simulator's time. */
    priv->last_played_usec = g_get_real_time();
    g_clear_pointer(&priv->last_played, g_date_time_unref);
    if (priv->track_time) {
        gint64 pause = priv->last_played_usec - priv->clock_usec;
        priv->played_usec += CLAMP(pause, 0, LP_GAME_PAUSE_MAX_SECONDS * G_USEC_PER_SEC);
    }
    priv->clock_usec = priv->last_played_usec;
    priv->n_actions++;
    /* Undo: a person's action that showed nothing hidden joins their undo stack; any other
     * action (another seat's, a computer's, the game's own step, one that revealed
     * something, one whose actor was not noted) is a point of no return. */
    if (priv->pending_before != NULL && !priv->pending_reveal && !priv->in_advance) {
        UndoEntry *top = priv->undo->len > 0 ? priv->undo->pdata[priv->undo->len - 1] : NULL;
        if (top != NULL && top->seat != (guint)priv->pending_seat)
            g_ptr_array_set_size(priv->undo, 0);
        UndoEntry *entry = g_new0(UndoEntry, 1);
        entry->seat = (guint)priv->pending_seat;
        entry->what = priv->pending_what;
        entry->before = g_steal_pointer(&priv->pending_before);
        g_ptr_array_add(priv->undo, entry);
    } else {
        g_ptr_array_set_size(priv->undo, 0);
    }
    g_clear_pointer(&priv->pending_before, json_node_unref);
    priv->pending_seat = -1;
    priv->pending_what = NULL;
    priv->pending_reveal = FALSE;
    priv->undone_seat = -1;
    priv->undone_what = NULL;
    update_current_seat(self);
    g_signal_emit(self, signals[ACTION_COMPLETED], 0);
}

/* Undo (issue 33). */

/* The kinds of action a seat may take back, with the sentence everyone reads. */
static const struct {
    const char *what;
    const char *sentence; /* %s: the name of the seat */
} undo_sentences[] = {
    {"card", N_("%s took back a card.")},
    {"call", N_("%s took back a call.")},
    {"pass", N_("%s took back a pass.")},
    {"estimate", N_("%s took back an estimate.")},
    {"choice", N_("%s took back a choice.")},
    {"tip", N_("%s took back a tip.")},
    {"route", N_("%s took back a route card.")},
    {"counter", N_("%s took back a counter card.")},
    {"move", N_("%s took back a move.")},
};

static const char *undo_what_intern(const char *what)
{
    for (guint i = 0; what != NULL && i < G_N_ELEMENTS(undo_sentences); i++)
        if (g_strcmp0(what, undo_sentences[i].what) == 0)
            return undo_sentences[i].what;
    return "move";
}

void lp_game_note_actor(LpGame *self, guint seat, const char *what)
{
    g_return_if_fail(LP_IS_GAME(self));
    g_return_if_fail(seat < lp_game_get_n_players(self));
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->mirror || priv->pending_seat >= 0)
        return;
    priv->pending_seat = (int)seat;
    priv->pending_what = undo_what_intern(what);
    if (lp_player_is_human(lp_game_get_player(self, seat)) && !priv->in_advance)
        priv->pending_before = lp_game_save(self);
}

void lp_game_note_reveal(LpGame *self)
{
    g_return_if_fail(LP_IS_GAME(self));
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    priv->pending_reveal = TRUE;
}

gboolean lp_game_can_undo(LpGame *self, guint seat)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->mirror)
        return priv->viewer >= 0 && (guint)priv->viewer == seat && priv->view_can_undo;
    if (priv->undo->len == 0 || lp_game_is_over(self))
        return FALSE;
    UndoEntry *top = priv->undo->pdata[priv->undo->len - 1];
    return top->seat == seat;
}

int lp_game_get_undo_seat(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), -1);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->mirror)
        return priv->view_can_undo ? priv->viewer : -1;
    if (priv->undo->len == 0 || lp_game_is_over(self))
        return -1;
    return (int)((UndoEntry *)priv->undo->pdata[priv->undo->len - 1])->seat;
}

/* Replace the whole state of self by the save before: a fresh game restored from it
 * (validated as any save) gives self its subclass fields, generator, count of actions and
 * time; the seats, the devices and the play time stay. */
static gboolean restore_in_place(LpGame *self, JsonNode *before, GError **error)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    g_autoptr(LpGame) fresh = lp_game_restore(G_OBJECT_TYPE(self), before, error);
    if (fresh == NULL)
        return FALSE;
    LpGamePrivate *fpriv = lp_game_get_instance_private(fresh);
    GTypeQuery query;
    g_type_query(G_OBJECT_TYPE(self), &query);
    /* A game's own fields follow the GObject at the start of its instance (the three games
     * are final types without private data, and own their fields outright: nothing in
     * them points back to the instance). The old fields leave with fresh. */
    gsize offset = sizeof(LpGame);
    g_assert(query.instance_size >= offset);
    gsize size = query.instance_size - offset;
    if (size > 0) {
        g_autofree guint8 *tmp = g_malloc(size);
        memcpy(tmp, (guint8 *)self + offset, size);
        memcpy((guint8 *)self + offset, (guint8 *)fresh + offset, size);
        memcpy((guint8 *)fresh + offset, tmp, size);
    }
    LpRng *rng = priv->rng;
    priv->rng = fpriv->rng;
    fpriv->rng = rng;
    priv->n_actions = fpriv->n_actions;
    priv->last_played_usec = fpriv->last_played_usec;
    GDateTime *last = priv->last_played;
    priv->last_played = fpriv->last_played;
    fpriv->last_played = last;
    return TRUE;
}

gboolean lp_game_undo(LpGame *self, guint seat, GError **error)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (!lp_game_can_undo(self, seat)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("nothing can be taken back now: another player has acted, or something "
                      "hidden came to light"));
        return FALSE;
    }
    if (priv->mirror) {
        JsonObject *obj = json_object_new();
        json_object_set_string_member(obj, "type", "undo");
        JsonNode *action = json_node_new(JSON_NODE_OBJECT);
        json_node_take_object(action, obj);
        return lp_game_request_action(self, action);
    }
    UndoEntry *top = g_ptr_array_steal_index(priv->undo, priv->undo->len - 1);
    g_autoptr(GError) local = NULL;
    gboolean ok = restore_in_place(self, top->before, &local);
    const char *what = top->what;
    undo_entry_free(top);
    if (!ok) {
        /* Never expected (the snapshot is the game's own save); the game goes on as it is. */
        g_ptr_array_set_size(priv->undo, 0);
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("the move could not be taken back: %s"), local->message);
        return FALSE;
    }
    g_clear_pointer(&priv->pending_before, json_node_unref);
    priv->pending_seat = -1;
    priv->pending_reveal = FALSE;
    priv->undone_seat = (int)seat;
    priv->undone_what = what;
    update_current_seat(self);
    g_signal_emit(self, signals[UNDONE], 0, seat);
    g_signal_emit(self, signals[ACTION_COMPLETED], 0);
    return TRUE;
}

int lp_game_get_undone_seat(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), -1);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->undone_seat;
}

const char *lp_game_get_undone_what(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->undone_seat >= 0 ? priv->undone_what : NULL;
}

char *lp_game_describe_undone(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->undone_seat < 0 || (guint)priv->undone_seat >= lp_game_get_n_players(self))
        return NULL;
    const char *name = lp_player_get_name(lp_game_get_player(self, (guint)priv->undone_seat));
    for (guint i = 0; i < G_N_ELEMENTS(undo_sentences); i++)
        if (g_strcmp0(priv->undone_what, undo_sentences[i].what) == 0)
            return g_strdup_printf(_(undo_sentences[i].sentence), name);
    return g_strdup_printf(_("%s took back a move."), name);
}

void lp_game_track_play_time(LpGame *self)
{
    g_return_if_fail(LP_IS_GAME(self));
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (!priv->track_time)
        priv->clock_usec = g_get_real_time();
    priv->track_time = TRUE;
}

gint64 lp_game_get_play_seconds(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), 0);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->played_usec / G_USEC_PER_SEC;
}

JsonNode *lp_game_record(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    return klass->record != NULL ? klass->record(self) : NULL;
}

LpPlaceList *lp_game_get_places(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    return klass->places != NULL ? klass->places(self) : NULL;
}

JsonNode *lp_game_save(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    g_return_val_if_fail(klass->save_state != NULL, NULL);

    JsonObject *obj = json_object_new();
    json_object_set_int_member(obj, "format", LP_SAVE_FORMAT);
    json_object_set_string_member(obj, "game", klass->kind);
    g_autofree char *saved = g_date_time_format_iso8601(lp_game_get_last_played(self));
    json_object_set_string_member(obj, "saved", saved);
    if (priv->track_time)
        json_object_set_int_member(obj, "played", priv->played_usec / G_USEC_PER_SEC);
    json_object_set_member(obj, "rng", lp_rng_to_json(lp_game_get_rng(self)));
    json_object_set_string_member(obj, "ai", ai_secret(self));
    json_object_set_int_member(obj, "actions", (gint64)priv->n_actions);
    if (priv->remote != NULL) {
        JsonArray *remote = json_array_new();
        for (guint i = 0; i < priv->remote->len; i++)
            if (g_array_index(priv->remote, gboolean, i))
                json_array_add_int_element(remote, i);
        json_object_set_array_member(obj, "remote", remote);
    }
    JsonArray *players = json_array_new();
    for (guint i = 0; i < priv->players->len; i++)
        json_array_add_element(players, lp_player_to_json(priv->players->pdata[i]));
    json_object_set_array_member(obj, "players", players);
    json_object_set_member(obj, "state", klass->save_state(self));
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

char *lp_game_save_to_data(LpGame *self, gsize *length)
{
    g_autoptr(JsonNode) node = lp_game_save(self);
    char *data = lp_json_to_string(node, TRUE);
    if (length != NULL)
        *length = strlen(data);
    return data;
}

GPtrArray *lp_game_players_from_json(JsonNode *node, guint min, guint max, GError **error)
{
    if (node == NULL || !JSON_NODE_HOLDS_ARRAY(node)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS, _("the player list is missing"));
        return NULL;
    }
    JsonArray *array = json_node_get_array(node);
    guint n = json_array_get_length(array);
    if (n < min || n > max) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                    _("the game has %u players, but it is played by %u to %u"), n, min, max);
        return NULL;
    }
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++) {
        g_autoptr(GError) local = NULL;
        LpPlayer *p = lp_player_from_json(json_array_get_element(array, i), &local);
        if (p == NULL) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS, _("player %u: %s"), i + 1,
                        local->message);
            return NULL;
        }
        for (guint j = 0; j < players->len; j++) {
            if (g_strcmp0(lp_player_get_name(players->pdata[j]), lp_player_get_name(p)) == 0) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS,
                            _("the name “%s” is used by two players"),
                            lp_player_get_display_name(p));
                g_object_unref(p);
                return NULL;
            }
        }
        g_ptr_array_add(players, p);
    }
    return g_steal_pointer(&players);
}

/* 64 lowercase hex digits, as g_compute_checksum_for_string() writes SHA-256. */
static gboolean get_ai_secret(JsonObject *obj, const char *member, const char **out,
                              GError **error)
{
    const char *text = NULL;
    if (!lp_json_get_string(obj, member, &text, error))
        return FALSE;
    gboolean ok = strlen(text) == 64;
    for (const char *c = text; ok && *c != '\0'; c++)
        ok = g_ascii_isxdigit(*c) && !g_ascii_isupper(*c);
    if (!ok) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” is not a key of 64 hexadecimal digits"), member);
        return FALSE;
    }
    *out = text;
    return TRUE;
}

static gboolean set_remote_seats(LpGame *self, JsonArray *remote, GError **error)
{
    guint n = lp_game_get_n_players(self);
    for (guint i = 0; remote != NULL && i < json_array_get_length(remote); i++) {
        gint64 seat = 0;
        if (!lp_json_array_get_int(remote, i, "remote", 0, n - 1, &seat, error))
            return FALSE;
        lp_game_set_seat_remote(self, (guint)seat, TRUE);
    }
    return TRUE;
}

LpGame *lp_game_restore(GType type, JsonNode *root, GError **error)
{
    g_return_val_if_fail(g_type_is_a(type, LP_TYPE_GAME), NULL);
    if (root == NULL || !JSON_NODE_HOLDS_OBJECT(root)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_OBJECT,
                    _("the file is JSON, but not a saved game"));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(root);
    g_autoptr(GTypeClass) klass_ref = g_type_class_ref(type);
    LpGameClass *klass = LP_GAME_CLASS(klass_ref);

    JsonNode *format = json_object_get_member(obj, "format");
    if (format == NULL || !JSON_NODE_HOLDS_VALUE(format) ||
        json_node_get_value_type(format) != G_TYPE_INT64) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_FORMAT,
                    _("the file has no format version"));
        return NULL;
    }
    if (json_node_get_int(format) != LP_SAVE_FORMAT) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_FORMAT,
                    _("the file has format version %lld, but this version of Landpartie reads "
                      "version %d"),
                    (long long)json_node_get_int(format), LP_SAVE_FORMAT);
        return NULL;
    }
    const char *game = NULL;
    JsonNode *game_node = json_object_get_member(obj, "game");
    if (game_node != NULL && JSON_NODE_HOLDS_VALUE(game_node) &&
        json_node_get_value_type(game_node) == G_TYPE_STRING)
        game = json_node_get_string(game_node);
    if (g_strcmp0(game, klass->kind) != 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_WRONG_GAME,
                    _("the file is not a saved game of this kind (“%s” instead of “%s”)"),
                    game != NULL ? game : "?", klass->kind);
        return NULL;
    }
    g_autoptr(GDateTime) saved = NULL;
    JsonNode *saved_node = json_object_get_member(obj, "saved");
    if (saved_node != NULL && JSON_NODE_HOLDS_VALUE(saved_node) &&
        json_node_get_value_type(saved_node) == G_TYPE_STRING)
        saved = g_date_time_new_from_iso8601(json_node_get_string(saved_node), NULL);
    /* The time must also exist in local time and print again: 0001-01-01 at +14:00 is a
     * valid ISO 8601 date, but lies before the first local date GLib can hold, so it
     * loaded, logged criticals and was saved back as null. */
    if (saved == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("the time of saving is missing or not a date"));
        return NULL;
    }
    g_autoptr(GDateTime) saved_local = g_date_time_to_local(saved);
    if (saved_local == NULL || g_date_time_get_year(saved_local) < 1970 ||
        g_date_time_get_year(saved_local) > 9999) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("the time of saving lies outside the years 1970 to 9999"));
        return NULL;
    }
    /* Play time (issue 15): saves before it, and the simulator's, have none. */
    gint64 played = -1;
    if (json_object_has_member(obj, "played") &&
        !lp_json_get_int(obj, "played", 0, G_MAXINT32, &played, error))
        return NULL;
    g_autoptr(LpRng) rng = lp_rng_from_json(json_object_get_member(obj, "rng"), error);
    if (rng == NULL)
        return NULL;
    /* Several devices (issue 31): saves before it have none of these. */
    const char *ai = NULL;
    if (json_object_has_member(obj, "ai") && !get_ai_secret(obj, "ai", &ai, error))
        return NULL;
    gint64 n_actions = 0;
    if (json_object_has_member(obj, "actions") &&
        !lp_json_get_int(obj, "actions", 0, G_MAXINT64, &n_actions, error))
        return NULL;
    JsonArray *remote = NULL;
    if (json_object_has_member(obj, "remote") &&
        !lp_json_get_array(obj, "remote", &remote, error))
        return NULL;
    g_autoptr(GPtrArray) players = lp_game_players_from_json(
        json_object_get_member(obj, "players"), klass->min_players, klass->max_players, error);
    if (players == NULL)
        return NULL;
    JsonNode *state = json_object_get_member(obj, "state");
    if (state == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_MISSING_FIELD,
                    _("the game state is missing"));
        return NULL;
    }

    g_autoptr(LpGame) self = g_object_new(type, "players", players, "rng", rng, NULL);
    g_autoptr(GError) local = NULL;
    if (!klass->load_state(self, state, &local)) {
        /* Every caller reads the error's message: a reader that forgot one must not crash
         * the start page. */
        if (local == NULL)
            g_set_error(&local, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        _("the game state is not valid"));
        g_propagate_error(error, g_steal_pointer(&local));
        return NULL;
    }
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (!set_remote_seats(self, remote, error))
        return NULL;
    if (ai != NULL) {
        g_free(priv->ai_secret);
        priv->ai_secret = g_strdup(ai);
        g_clear_object(&priv->ai_origin);
        g_clear_pointer(&priv->seat_keys, g_ptr_array_unref);
        g_clear_pointer(&priv->seed_prefixes, g_free);
    }
    priv->n_actions = (guint64)n_actions;
    g_clear_pointer(&priv->last_played, g_date_time_unref);
    priv->last_played_usec = g_date_time_to_unix(saved_local) * G_USEC_PER_SEC +
                             g_date_time_get_microsecond(saved_local);
    /* Kept as read, so save → load → save gives the same bytes. */
    priv->last_played = g_steal_pointer(&saved_local);
    if (played >= 0) {
        priv->track_time = TRUE;
        priv->played_usec = played * G_USEC_PER_SEC;
    }
    return g_steal_pointer(&self);
}

LpGame *lp_game_restore_from_data(GType type, const char *data, gsize length, GError **error)
{
    if (length == 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_EMPTY, _("the file is empty"));
        return NULL;
    }
    g_autoptr(GError) local = NULL;
    g_autoptr(JsonNode) root = lp_json_parse(data, (gssize)length, &local);
    if (root == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_JSON,
                    _("the file is not valid JSON: %s"), local->message);
        return NULL;
    }
    return lp_game_restore(type, root, error);
}

/* Several devices (issue 31). */

gboolean lp_game_supports_views(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    return klass->view_state != NULL && klass->load_view != NULL &&
           klass->apply_action != NULL;
}

gboolean lp_game_is_mirror(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->mirror;
}

int lp_game_get_viewer(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), -1);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->mirror ? priv->viewer : -1;
}

guint64 lp_game_get_n_actions(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), 0);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->n_actions;
}

/* A seat's key: one-way from the game's secret, so no key tells another. */
static const char *seat_key(LpGame *self, guint seat)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->seat_keys == NULL) {
        priv->seat_keys = g_ptr_array_new_with_free_func(g_free);
        g_ptr_array_set_size(priv->seat_keys, (int)priv->players->len);
    }
    g_return_val_if_fail(seat < priv->seat_keys->len, NULL);
    if (priv->seat_keys->pdata[seat] == NULL) {
        g_autofree char *text = g_strdup_printf("%s seat %u", ai_secret(self), seat);
        priv->seat_keys->pdata[seat] = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1);
    }
    return priv->seat_keys->pdata[seat];
}

/* The first 8 bytes of a digest, big-endian. */
static guint64 digest_seed(const guint8 digest[32])
{
    guint64 seed = 0;
    for (int i = 0; i < 8; i++)
        seed = (seed << 8) | digest[i];
    return seed;
}

/* The seed of a decision's stream: the first 8 bytes of the SHA-256 of "KEY action N", for
 * the seat's key and the number of actions so far. */
static guint64 decision_seed(const char *key, guint64 n_actions)
{
    LpSha256 sum;
    lp_sha256_init(&sum);
    lp_sha256_update(&sum, key, strlen(key));
    lp_sha256_update(&sum, " action ", strlen(" action "));
    return finish_decision_seed(sum, n_actions);
}

/* decision_seed of seat's key on the host, at every decision of its computer: the key and
 * " action " are hashed once per game (seat_seed_prefix), and each decision hashes only on
 * from there (finish_decision_seed). */
static LpSha256 seat_seed_prefix(LpGame *self, guint seat)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->seed_prefixes == NULL)
        priv->seed_prefixes = g_new0(LpSha256, priv->players->len);
    if (priv->seed_prefixes[seat].length == 0) {
        const char *key = seat_key(self, seat);
        lp_sha256_init(&priv->seed_prefixes[seat]);
        lp_sha256_update(&priv->seed_prefixes[seat], key, strlen(key));
        lp_sha256_update(&priv->seed_prefixes[seat], " action ", strlen(" action "));
    }
    return priv->seed_prefixes[seat];
}

/* decision_seed from the hashed "KEY action " and the count. */
static guint64 finish_decision_seed(LpSha256 sum, guint64 n_actions)
{
    char number[24];
    int len = 0;
    do {
        number[len++] = (char)('0' + n_actions % 10);
        n_actions /= 10;
    } while (n_actions > 0);
    for (int i = 0; i < len / 2; i++) {
        char c = number[i];
        number[i] = number[len - 1 - i];
        number[len - 1 - i] = c;
    }
    guint8 digest[32];
    lp_sha256_update(&sum, number, (gsize)len);
    lp_sha256_finish(&sum, digest);
    return digest_seed(digest);
}

JsonNode *lp_game_view(LpGame *self, int viewer)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    g_return_val_if_fail(viewer >= LP_VIEWER_ONLOOKER &&
                             viewer < (int)lp_game_get_n_players(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    if (!lp_game_supports_views(self))
        return NULL;
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "game", klass->kind);
    json_object_set_int_member(obj, "viewer", viewer);
    json_object_set_int_member(obj, "actions", (gint64)priv->n_actions);
    json_object_set_int_member(obj, "current", lp_game_get_current_seat(self));
    json_object_set_boolean_member(obj, "over", lp_game_is_over(self));
    JsonArray *players = json_array_new();
    for (guint i = 0; i < priv->players->len; i++)
        json_array_add_element(players, lp_player_to_json(priv->players->pdata[i]));
    json_object_set_array_member(obj, "players", players);
    if (viewer >= 0) {
        const char *key = seat_key(self, (guint)viewer);
        json_object_set_string_member(obj, "ai", key);
        /* Undo (issue 33): whether this seat may take its last action back now. */
        json_object_set_boolean_member(obj, "undo", lp_game_can_undo(self, (guint)viewer));
    }
    if (priv->undone_seat >= 0) {
        JsonObject *undone = json_object_new();
        json_object_set_int_member(undone, "seat", priv->undone_seat);
        json_object_set_string_member(undone, "what", priv->undone_what);
        json_object_set_object_member(obj, "undone", undone);
    }
    json_object_set_member(obj, "state", klass->view_state(self, viewer));
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

LpGame *lp_game_mirror_new(GType type, JsonNode *view, GError **error)
{
    g_return_val_if_fail(g_type_is_a(type, LP_TYPE_GAME), NULL);
    g_autoptr(GTypeClass) klass_ref = g_type_class_ref(type);
    LpGameClass *klass = LP_GAME_CLASS(klass_ref);
    if (klass->load_view == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_WRONG_GAME,
                    _("this game cannot be played on several devices"));
        return NULL;
    }
    if (view == NULL || !JSON_NODE_HOLDS_OBJECT(view)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_OBJECT,
                    _("the view of the game is not an object"));
        return NULL;
    }
    JsonObject *obj = json_node_get_object(view);
    const char *game = NULL;
    if (!lp_json_get_string(obj, "game", &game, error))
        return NULL;
    if (g_strcmp0(game, klass->kind) != 0) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_WRONG_GAME,
                    _("the view is of another game (“%s” instead of “%s”)"), game,
                    klass->kind);
        return NULL;
    }
    g_autoptr(GPtrArray) players = lp_game_players_from_json(
        json_object_get_member(obj, "players"), klass->min_players, klass->max_players, error);
    if (players == NULL)
        return NULL;
    gint64 viewer = 0, n_actions = 0;
    if (!lp_json_get_int(obj, "viewer", LP_VIEWER_ONLOOKER, players->len - 1, &viewer,
                         error) ||
        !lp_json_get_int(obj, "actions", 0, G_MAXINT64, &n_actions, error))
        return NULL;
    const char *ai = NULL;
    if (viewer >= 0 && !get_ai_secret(obj, "ai", &ai, error))
        return NULL;
    /* Undo (issue 33): optional, absent in the views of hosts before it. */
    gboolean can_undo = FALSE;
    if (json_object_has_member(obj, "undo") &&
        !lp_json_get_bool(obj, "undo", &can_undo, error))
        return NULL;
    gint64 undone_seat = -1;
    const char *undone_what = NULL;
    if (json_object_has_member(obj, "undone")) {
        JsonObject *undone = NULL;
        if (!lp_json_get_object(obj, "undone", &undone, error) ||
            !lp_json_get_int(undone, "seat", 0, players->len - 1, &undone_seat, error) ||
            !lp_json_get_string(undone, "what", &undone_what, error))
            return NULL;
        undone_what = undo_what_intern(undone_what);
    }
    JsonNode *state = json_object_get_member(obj, "state");
    if (state == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_MISSING_FIELD,
                    _("the game state is missing"));
        return NULL;
    }
    g_autoptr(LpRng) rng = lp_rng_new(ai != NULL ? decision_seed(ai, (guint64)n_actions) : 0);
    g_autoptr(LpGame) self = g_object_new(type, "players", players, "rng", rng, NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    priv->mirror = TRUE;
    priv->viewer = (int)viewer;
    priv->n_actions = (guint64)n_actions;
    priv->ai_key = g_strdup(ai);
    priv->view_can_undo = viewer >= 0 && can_undo;
    priv->undone_seat = (int)undone_seat;
    priv->undone_what = undone_what;
    g_autoptr(GError) local = NULL;
    if (!klass->load_view(self, state, &local)) {
        if (local == NULL)
            g_set_error(&local, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        _("the game state is not valid"));
        g_propagate_error(error, g_steal_pointer(&local));
        return NULL;
    }
    return g_steal_pointer(&self);
}

/* A seat that never decided has no kept mirror. */
static void unref_kept_mirror(gpointer mirror)
{
    if (mirror != NULL)
        g_object_unref(mirror);
}

/* Fills mirror (NULL: a new one) with viewer's view of self through the class's copy_view:
 * what lp_game_view writes and lp_game_mirror_new reads back, member by member. The players
 * are the host's own objects: nothing changes a player during a game. */
static LpGame *refresh_mirror(LpGame *self, LpGame *mirror, int viewer)
{
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    const char *key = viewer >= 0 ? seat_key(self, (guint)viewer) : NULL;
    if (mirror == NULL) {
        g_autoptr(LpRng) rng = lp_rng_new(0);
        mirror = g_object_new(G_OBJECT_TYPE(self), "players", priv->players, "rng", rng, NULL);
        LpGamePrivate *mp = lp_game_get_instance_private(mirror);
        mp->mirror = TRUE;
        mp->viewer = viewer;
        mp->ai_key = g_strdup(key);
    }
    LpGamePrivate *mp = lp_game_get_instance_private(mirror);
    if (key != NULL) {
        /* Seeded when first drawn from (lp_game_get_rng). */
        mp->rng_pending = TRUE;
        mp->rng_prefix = seat_seed_prefix(self, (guint)viewer);
        mp->rng_actions = priv->n_actions;
    } else {
        mp->rng_pending = FALSE;
        lp_rng_reseed(mp->rng, 0);
    }
    mp->n_actions = priv->n_actions;
    mp->view_can_undo = viewer >= 0 && lp_game_can_undo(self, (guint)viewer);
    mp->undone_seat = priv->undone_seat;
    mp->undone_what = priv->undone_seat >= 0 ? undo_what_intern(priv->undone_what) : NULL;
    LP_GAME_GET_CLASS(self)->copy_view(self, mirror, viewer);
    return mirror;
}

static gboolean keep_actions;

void lp_game_set_keep_actions(gboolean keep)
{
    keep_actions = keep;
}

gboolean lp_game_keeps_actions(void)
{
    return keep_actions;
}

JsonNode *lp_game_kept_action(JsonNode **slot, LpActionMaker make, gconstpointer data)
{
    G_LOCK_DEFINE_STATIC(kept);
    if (slot == NULL || !keep_actions)
        return make(data);
    G_LOCK(kept);
    if (*slot == NULL) {
        *slot = make(data);
        json_node_seal(*slot);
    }
    JsonNode *node = json_node_ref(*slot);
    G_UNLOCK(kept);
    return node;
}

LpGame *lp_game_computer_mirror(LpGame *self, guint seat)
{
    g_return_val_if_fail(LP_IS_GAME(self) && !lp_game_is_mirror(self), NULL);
    g_return_val_if_fail(seat < lp_game_get_n_players(self), NULL);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (LP_GAME_GET_CLASS(self)->copy_view == NULL || !lp_game_supports_views(self))
        return NULL;
    if (priv->computer_mirrors == NULL) {
        priv->computer_mirrors = g_ptr_array_new_with_free_func(unref_kept_mirror);
        g_ptr_array_set_size(priv->computer_mirrors, (int)priv->players->len);
    }
    LpGame *mirror = priv->computer_mirrors->pdata[seat];
    gboolean fresh = mirror == NULL;
    mirror = refresh_mirror(self, mirror, (int)seat);
    if (fresh) {
        priv->computer_mirrors->pdata[seat] = mirror;
        LpGamePrivate *mp = lp_game_get_instance_private(mirror);
        mp->kept = TRUE;
    }
    return mirror;
}

LpGame *lp_game_mirror_of(LpGame *self, int viewer)
{
    g_return_val_if_fail(LP_IS_GAME(self) && !lp_game_is_mirror(self), NULL);
    g_return_val_if_fail(viewer >= LP_VIEWER_ONLOOKER &&
                             viewer < (int)lp_game_get_n_players(self), NULL);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    if (!lp_game_supports_views(self))
        return NULL;
    if (klass->copy_view == NULL) {
        g_autoptr(JsonNode) view = lp_game_view(self, viewer);
        g_autoptr(GError) error = NULL;
        LpGame *mirror = lp_game_mirror_new(G_OBJECT_TYPE(self), view, &error);
        if (mirror == NULL)
            g_critical("%s: no mirror of viewer %d's view: %s", klass->kind, viewer,
                       error->message);
        return mirror;
    }
    return refresh_mirror(self, NULL, viewer);
}

static char *node_text(JsonNode *node)
{
    return node != NULL ? lp_json_to_string(node, FALSE) : g_strdup("(none)");
}

gboolean lp_game_mirrors_equal(LpGame *a, LpGame *b, char **what)
{
    g_return_val_if_fail(LP_IS_GAME(a) && LP_IS_GAME(b), FALSE);
    LpGamePrivate *pa = lp_game_get_instance_private(a);
    LpGamePrivate *pb = lp_game_get_instance_private(b);
    const char *differs = NULL;
    if (G_OBJECT_TYPE(a) != G_OBJECT_TYPE(b))
        differs = "type";
    else if (pa->mirror != pb->mirror || pa->viewer != pb->viewer)
        differs = "viewer";
    else if (pa->n_actions != pb->n_actions)
        differs = "actions";
    else if (g_strcmp0(pa->ai_key, pb->ai_key) != 0)
        differs = "ai";
    else if (pa->view_can_undo != pb->view_can_undo)
        differs = "undo";
    else if (pa->undone_seat != pb->undone_seat || g_strcmp0(pa->undone_what, pb->undone_what))
        differs = "undone";
    else if (pa->players->len != pb->players->len)
        differs = "players";
    if (differs == NULL) {
        g_autoptr(JsonNode) ra = lp_rng_to_json(lp_game_get_rng(a));
        g_autoptr(JsonNode) rb = lp_rng_to_json(lp_game_get_rng(b));
        g_autofree char *ta = node_text(ra);
        g_autofree char *tb = node_text(rb);
        if (g_strcmp0(ta, tb) != 0)
            differs = "rng";
    }
    for (guint i = 0; differs == NULL && i < pa->players->len; i++) {
        g_autoptr(JsonNode) na = lp_player_to_json(pa->players->pdata[i]);
        g_autoptr(JsonNode) nb = lp_player_to_json(pb->players->pdata[i]);
        g_autofree char *ta = node_text(na);
        g_autofree char *tb = node_text(nb);
        if (g_strcmp0(ta, tb) != 0)
            differs = "players";
    }
    if (differs == NULL) {
        LpGameClass *klass = LP_GAME_GET_CLASS(a);
        g_autoptr(JsonNode) sa = klass->save_state(a);
        g_autoptr(JsonNode) sb = klass->save_state(b);
        g_autofree char *ta = node_text(sa);
        g_autofree char *tb = node_text(sb);
        if (g_strcmp0(ta, tb) != 0) {
            if (what != NULL)
                *what = g_strdup_printf("state:\n%s\n%s", ta, tb);
            return FALSE;
        }
        return TRUE;
    }
    if (what != NULL)
        *what = g_strdup(differs);
    return FALSE;
}

gboolean lp_game_request_action(LpGame *self, JsonNode *action)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    g_return_val_if_fail(action != NULL, FALSE);
    g_autoptr(JsonNode) owned = action;
    g_return_val_if_fail(lp_game_is_mirror(self), FALSE);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    /* A kept mirror has no listener but its host's lp_game_computer_action: the first
     * action is kept for it, as the handler of a new mirror's signal would keep it. */
    if (priv->kept) {
        if (priv->requested == NULL)
            priv->requested = g_steal_pointer(&owned);
        return TRUE;
    }
    g_signal_emit(self, signals[ACTION_REQUESTED], 0, owned);
    return TRUE;
}

gboolean lp_game_apply_action(LpGame *self, guint seat, JsonNode *action, GError **error)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    g_return_val_if_fail(!lp_game_is_mirror(self), FALSE);
    if (!lp_game_supports_views(self)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("this game cannot be played on several devices"));
        return FALSE;
    }
    if (seat >= lp_game_get_n_players(self)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_NOT_YOUR_TURN,
                    _("there is no seat %u at this table"), seat + 1);
        return FALSE;
    }
    const char *type = NULL;
    if (action == NULL || !JSON_NODE_HOLDS_OBJECT(action) ||
        !lp_json_get_string(json_node_get_object(action), "type", &type, NULL)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_ILLEGAL_MOVE,
                    _("the move is not an object with a type"));
        return FALSE;
    }
    if (lp_game_is_over(self)) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_WRONG_PHASE, _("the game is over"));
        return FALSE;
    }
    /* Undo (issue 33): the same for every game; only the seat that acted may ask. */
    if (g_strcmp0(type, "undo") == 0)
        return lp_game_undo(self, seat, error);
    return LP_GAME_GET_CLASS(self)->apply_action(self, seat, action, error);
}

int lp_game_get_computer_seat(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), -1);
    LpGameClass *klass = LP_GAME_GET_CLASS(self);
    if (lp_game_is_over(self))
        return -1;
    if (klass->get_computer_seat != NULL)
        return klass->get_computer_seat(self);
    int seat = lp_game_get_current_seat(self);
    if (seat >= 0 && lp_player_is_human(lp_game_get_player(self, (guint)seat)))
        return -1;
    return seat;
}

void lp_game_set_seat_remote(LpGame *self, guint seat, gboolean remote)
{
    g_return_if_fail(LP_IS_GAME(self));
    g_return_if_fail(seat < lp_game_get_n_players(self));
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    if (priv->remote == NULL) {
        if (!remote)
            return;
        priv->remote = g_array_new(FALSE, TRUE, sizeof(gboolean));
        g_array_set_size(priv->remote, lp_game_get_n_players(self));
    }
    g_array_index(priv->remote, gboolean, seat) = remote;
}

gboolean lp_game_is_seat_remote(LpGame *self, guint seat)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    LpGamePrivate *priv = lp_game_get_instance_private(self);
    return priv->remote != NULL && seat < priv->remote->len &&
           g_array_index(priv->remote, gboolean, seat);
}

gboolean lp_game_seat_is_local(LpGame *self, guint seat)
{
    g_return_val_if_fail(LP_IS_GAME(self), FALSE);
    if (seat >= lp_game_get_n_players(self))
        return FALSE;
    if (!lp_player_is_human(lp_game_get_player(self, seat)))
        return FALSE;
    if (lp_game_is_mirror(self))
        return lp_game_get_viewer(self) == (int)seat;
    return !lp_game_is_seat_remote(self, seat);
}

guint lp_game_count_local_people(LpGame *self)
{
    g_return_val_if_fail(LP_IS_GAME(self), 0);
    guint n = 0;
    for (guint i = 0; i < lp_game_get_n_players(self); i++)
        n += lp_game_seat_is_local(self, i) ? 1 : 0;
    return n;
}

LpRng *lp_game_computer_rng(LpGame *mirror)
{
    g_return_val_if_fail(LP_IS_GAME(mirror) && lp_game_is_mirror(mirror), NULL);
    return lp_game_get_rng(mirror);
}

guint64 lp_game_computer_salt(LpGame *mirror)
{
    g_return_val_if_fail(LP_IS_GAME(mirror) && lp_game_is_mirror(mirror), 0);
    LpGamePrivate *priv = lp_game_get_instance_private(mirror);
    return priv->ai_key != NULL ? decision_seed(priv->ai_key, G_MAXUINT64) : 0;
}

guint64 lp_game_seat_salt(LpGame *self, guint seat)
{
    g_return_val_if_fail(LP_IS_GAME(self), 0);
    if (lp_game_is_mirror(self)) {
        g_return_val_if_fail(lp_game_get_viewer(self) == (int)seat, 0);
        return lp_game_computer_salt(self);
    }
    g_return_val_if_fail(seat < lp_game_get_n_players(self), 0);
    const char *key = seat_key(self, seat);
    return decision_seed(key, G_MAXUINT64);
}

static void on_computer_request(LpGame *mirror, JsonNode *action, gpointer user_data)
{
    JsonNode **out = user_data;
    if (*out == NULL)
        *out = json_node_copy(action);
}

JsonNode *lp_game_computer_action(LpGame *self, guint seat, LpComputerMoveFunc move)
{
    g_return_val_if_fail(LP_IS_GAME(self), NULL);
    g_return_val_if_fail(move != NULL, NULL);
    g_autoptr(LpGame) mirror = NULL;
    if (lp_game_is_mirror(self)) {
        g_return_val_if_fail(lp_game_get_viewer(self) == (int)seat, NULL);
        mirror = g_object_ref(self);
    } else if (LP_GAME_GET_CLASS(self)->copy_view != NULL) {
        /* The seat's kept mirror, refilled: no object made or freed at each decision. */
        LpGame *kept = lp_game_computer_mirror(self, seat);
        if (kept == NULL)
            return NULL;
        LpGamePrivate *kp = lp_game_get_instance_private(kept);
        g_clear_pointer(&kp->requested, json_node_unref);
        move(kept);
        return g_steal_pointer(&kp->requested);
    } else {
        mirror = lp_game_mirror_of(self, (int)seat);
        if (mirror == NULL)
            return NULL;
    }
    JsonNode *action = NULL;
    gulong id = g_signal_connect(mirror, "action-requested", G_CALLBACK(on_computer_request),
                                 &action);
    move(mirror);
    g_signal_handler_disconnect(mirror, id);
    return action;
}
