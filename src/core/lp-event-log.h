/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Observes one game's typed signals and turns them into turn events: one JSON object per
 * event ({"event": name, …}), the lines landpartie-sim --log writes. The moves themselves
 * build no JSON; only an LpEventLog does, and only while one exists. */
#pragma once

#include <glib-object.h>
#include <json-glib/json-glib.h>

#include "lp-game.h"

G_BEGIN_DECLS

#define LP_TYPE_EVENT_LOG (lp_event_log_get_type())
G_DECLARE_FINAL_TYPE(LpEventLog, lp_event_log, LP, EVENT_LOG, GObject)

/* Starts observing game through its class's observe_events. */
LpEventLog *lp_event_log_new(LpGame *game);
/* The game's own log: made on first use, kept by the game and gone with it. */
LpEventLog *lp_event_log_attach(LpGame *game);
LpGame *lp_event_log_get_game(LpEventLog *self);

/* For a game's observe_events handlers: a new event object whose first member is "event". */
JsonObject *lp_event_log_event_new(const char *name);
/* For a game's observe_events handlers (connected with g_signal_connect_object(game, …,
 * log, 0), so they end with the log): emit ::event with obj and take ownership of it. */
void lp_event_log_write(LpEventLog *self, JsonObject *obj);

G_END_DECLS
