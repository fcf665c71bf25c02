/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Paces the computer seats in the window: one computer step (a computer seat's move, or the game's own advance) per delay, paused while
 * a view holds it. Only GLib main-loop sources, no GTK. */
#include "lp-driver.h"

struct _LpDriver {
    GObject parent_instance;
    LpGame *game;
    LpComputerMoveFunc move;
    guint delay_ms;
    guint holds;
    guint source_id;
    gulong handlers[3];
};

G_DEFINE_FINAL_TYPE(LpDriver, lp_driver, G_TYPE_OBJECT)

static void schedule(LpDriver *self);

static gboolean on_timeout(gpointer data)
{
    LpDriver *self = data;
    self->source_id = 0;
    if (self->holds > 0 || self->game == NULL)
        return G_SOURCE_REMOVE;
    g_object_ref(self);
    gboolean acted = lp_game_computer_step(self->game, self->move);
    /* A step may have made a view take a hold; schedule() respects it. */
    if (acted)
        schedule(self);
    g_object_unref(self);
    return G_SOURCE_REMOVE;
}

static void schedule(LpDriver *self)
{
    /* A mirror moves only when its host's view comes back. */
    if (self->source_id != 0 || self->holds > 0 || self->game == NULL ||
        lp_game_is_mirror(self->game) || lp_game_is_over(self->game))
        return;
    if (self->delay_ms == 0)
        self->source_id = g_idle_add(on_timeout, self);
    else
        self->source_id = g_timeout_add(self->delay_ms, on_timeout, self);
}

static void on_game_changed(LpDriver *self)
{
    schedule(self);
}

static void lp_driver_dispose(GObject *object)
{
    LpDriver *self = LP_DRIVER(object);
    g_clear_handle_id(&self->source_id, g_source_remove);
    if (self->game != NULL) {
        for (guint i = 0; i < G_N_ELEMENTS(self->handlers); i++)
            g_clear_signal_handler(&self->handlers[i], self->game);
    }
    g_clear_object(&self->game);
    G_OBJECT_CLASS(lp_driver_parent_class)->dispose(object);
}

static void lp_driver_class_init(LpDriverClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = lp_driver_dispose;
}

static void lp_driver_init(LpDriver *self)
{
    self->delay_ms = 800;
}

LpDriver *lp_driver_new(LpGame *game, LpComputerMoveFunc move)
{
    g_return_val_if_fail(LP_IS_GAME(game), NULL);
    LpDriver *self = g_object_new(LP_TYPE_DRIVER, NULL);
    self->game = g_object_ref(game);
    self->move = move;
    self->handlers[0] = g_signal_connect_swapped(game, "action-completed",
                                                 G_CALLBACK(on_game_changed), self);
    self->handlers[1] = g_signal_connect_swapped(game, "turn-started",
                                                 G_CALLBACK(on_game_changed), self);
    self->handlers[2] = g_signal_connect_swapped(game, "phase-changed",
                                                 G_CALLBACK(on_game_changed), self);
    return self;
}

LpGame *lp_driver_get_game(LpDriver *self)
{
    g_return_val_if_fail(LP_IS_DRIVER(self), NULL);
    return self->game;
}

void lp_driver_set_delay(LpDriver *self, guint delay_ms)
{
    g_return_if_fail(LP_IS_DRIVER(self));
    self->delay_ms = delay_ms;
}

guint lp_driver_get_delay(LpDriver *self)
{
    g_return_val_if_fail(LP_IS_DRIVER(self), 0);
    return self->delay_ms;
}

void lp_driver_hold(LpDriver *self)
{
    g_return_if_fail(LP_IS_DRIVER(self));
    self->holds++;
    g_clear_handle_id(&self->source_id, g_source_remove);
}

void lp_driver_release(LpDriver *self)
{
    g_return_if_fail(LP_IS_DRIVER(self));
    g_return_if_fail(self->holds > 0);
    self->holds--;
    schedule(self);
}

gboolean lp_driver_is_held(LpDriver *self)
{
    g_return_val_if_fail(LP_IS_DRIVER(self), FALSE);
    return self->holds > 0;
}

void lp_driver_kick(LpDriver *self)
{
    g_return_if_fail(LP_IS_DRIVER(self));
    schedule(self);
}
