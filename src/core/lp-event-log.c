/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The turn-event log of one game: the game's observe_events connects its typed signals to
 * handlers that call lp_event_log_write; the log passes each event on as ::event. */
#include "lp-event-log.h"

struct _LpEventLog {
    GObject parent_instance;
    GWeakRef game;
};

G_DEFINE_FINAL_TYPE(LpEventLog, lp_event_log, G_TYPE_OBJECT)

enum {
    EVENT,
    N_SIGNALS
};
static guint signals[N_SIGNALS];

static void lp_event_log_finalize(GObject *object)
{
    LpEventLog *self = LP_EVENT_LOG(object);
    g_weak_ref_clear(&self->game);
    G_OBJECT_CLASS(lp_event_log_parent_class)->finalize(object);
}

static void lp_event_log_class_init(LpEventLogClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = lp_event_log_finalize;

    /**
     * LpEventLog::event:
     * @event: a #JsonObject {"event": name, …}, valid during the emission
     *
     * One turn event of the observed game, in game order.
     */
    signals[EVENT] = g_signal_new("event", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1,
                                  JSON_TYPE_OBJECT | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void lp_event_log_init(LpEventLog *self)
{
    g_weak_ref_init(&self->game, NULL);
}

static void on_undone(LpGame *game, guint seat, LpEventLog *self)
{
    JsonObject *event = lp_event_log_event_new("undo");
    json_object_set_int_member(event, "seat", seat);
    json_object_set_string_member(event, "what", lp_game_get_undone_what(game));
    json_object_set_int_member(event, "actions", (gint64)lp_game_get_n_actions(game));
    lp_event_log_write(self, event);
}

LpEventLog *lp_event_log_new(LpGame *game)
{
    g_return_val_if_fail(LP_IS_GAME(game), NULL);
    LpEventLog *self = g_object_new(LP_TYPE_EVENT_LOG, NULL);
    g_weak_ref_set(&self->game, game);
    LpGameClass *klass = LP_GAME_GET_CLASS(game);
    if (klass->observe_events != NULL)
        klass->observe_events(game, self);
    /* Undo (issue 33) is the same for every game. */
    g_signal_connect_object(game, "undone", G_CALLBACK(on_undone), self, 0);
    return self;
}

LpEventLog *lp_event_log_attach(LpGame *game)
{
    g_return_val_if_fail(LP_IS_GAME(game), NULL);
    LpEventLog *self = g_object_get_data(G_OBJECT(game), "lp-event-log");
    if (self == NULL) {
        self = lp_event_log_new(game);
        g_object_set_data_full(G_OBJECT(game), "lp-event-log", self, g_object_unref);
    }
    return self;
}

LpGame *lp_event_log_get_game(LpEventLog *self)
{
    g_return_val_if_fail(LP_IS_EVENT_LOG(self), NULL);
    g_autoptr(GObject) game = g_weak_ref_get(&self->game);
    /* The log never keeps the game alive; while it observes, the caller holds the game. */
    return LP_GAME(game);
}

JsonObject *lp_event_log_event_new(const char *name)
{
    g_return_val_if_fail(name != NULL, NULL);
    JsonObject *obj = json_object_new();
    json_object_set_string_member(obj, "event", name);
    return obj;
}

void lp_event_log_write(LpEventLog *self, JsonObject *obj)
{
    g_return_if_fail(LP_IS_EVENT_LOG(self));
    g_return_if_fail(obj != NULL);
    g_signal_emit(self, signals[EVENT], 0, obj);
    json_object_unref(obj);
}
