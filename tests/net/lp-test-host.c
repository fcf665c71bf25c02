/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An in-process host for the tests of the joining side (issue 31). */
#include "lp-test-host.h"

#include "lp-games.h"

struct _LpTestHost {
    LpNetHost *host;
    const LpGameRules *rules;
    char *kind;
    char *code;
    guint n_seats;
    gboolean *remote;
    guint64 seed;
    guint16 port;
    char *address;
    LpGame *game;
    guint n_played;
    gboolean driving;
};

static void drive(LpTestHost *self)
{
    if (self->driving || self->game == NULL)
        return;
    self->driving = TRUE;
    lp_game_run_computers(self->game, self->rules->computer_move);
    self->driving = FALSE;
    if (lp_game_is_over(self->game))
        lp_net_host_send_result(self->host);
}

static void on_action_played(LpNetHost *host, guint seat, LpTestHost *self)
{
    self->n_played++;
    drive(self);
}

static void on_seats_changed(LpNetHost *host, LpTestHost *self)
{
    if (self->game != NULL || !lp_net_host_all_seated(host))
        return;
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < self->n_seats; i++) {
        g_autofree char *name = self->remote[i]
                                    ? g_strdup(lp_net_host_get_seat_name(host, i))
                                    : g_strdup_printf("Computer %u", i + 1);
        g_ptr_array_add(players, lp_player_new(name != NULL ? name : "Guest", LP_AGE_UNKNOWN,
                                               colours[i % n_colours].hex,
                                               self->remote[i] ? LP_PLAYER_HUMAN
                                                               : LP_PLAYER_COMPUTER,
                                               LP_LEVEL_NORMAL));
    }
    g_autoptr(GError) error = NULL;
    LpGameClass *info = lp_game_rules_get_class(self->rules);
    self->game = info->create(players, self->seed, FALSE, &error);
    g_assert_no_error(error);
    for (guint i = 0; i < self->n_seats; i++)
        lp_game_set_seat_remote(self->game, i, self->remote[i]);
    lp_net_host_set_game(host, self->game);
    drive(self);
}

static void listen_on(LpTestHost *self, LpNetHost *host, guint16 port)
{
    g_autoptr(GError) error = NULL;
    self->host = host;
    g_assert_true(lp_net_host_listen(host, port, &error));
    g_assert_no_error(error);
    self->port = lp_net_host_get_port(host);
    g_free(self->address);
    self->address = g_strdup_printf("127.0.0.1:%u", self->port);
    g_signal_connect(host, "seats-changed", G_CALLBACK(on_seats_changed), self);
    g_signal_connect(host, "action-played", G_CALLBACK(on_action_played), self);
}

LpTestHost *lp_test_host_new(const char *kind, guint n_seats, const gboolean *remote,
                             const char *code, guint64 seed)
{
    LpTestHost *self = g_new0(LpTestHost, 1);
    self->rules = lp_games_lookup(kind);
    g_assert_nonnull(self->rules);
    self->kind = g_strdup(kind);
    self->code = g_strdup(code);
    self->n_seats = n_seats;
    self->remote = g_memdup2(remote, sizeof(gboolean) * n_seats);
    self->seed = seed;
    listen_on(self, lp_net_host_new(kind, n_seats, remote, code), 0);
    return self;
}

guint16 lp_test_host_get_port(LpTestHost *self)
{
    return self->port;
}

const char *lp_test_host_get_address(LpTestHost *self)
{
    return self->address;
}

LpNetHost *lp_test_host_get_net(LpTestHost *self)
{
    return self->host;
}

LpGame *lp_test_host_get_game(LpTestHost *self)
{
    return self->game;
}

guint lp_test_host_get_n_played(LpTestHost *self)
{
    return self->n_played;
}

void lp_test_host_restart(LpTestHost *self)
{
    g_autoptr(JsonNode) seats = lp_net_host_save_seats(self->host);
    lp_test_host_stop(self);
    g_autoptr(GError) error = NULL;
    LpNetHost *host = lp_net_host_new(self->kind, self->n_seats, self->remote, self->code);
    g_assert_true(lp_net_host_load_seats(host, seats, &error));
    g_assert_no_error(error);
    listen_on(self, host, self->port);
    if (self->game != NULL)
        lp_net_host_set_game(host, self->game);
}

void lp_test_host_stop(LpTestHost *self)
{
    if (self->host == NULL)
        return;
    g_signal_handlers_disconnect_by_data(self->host, self);
    lp_net_host_stop(self->host, "host-closed");
    g_clear_object(&self->host);
}

void lp_test_host_free(LpTestHost *self)
{
    lp_test_host_stop(self);
    g_clear_object(&self->game);
    g_free(self->kind);
    g_free(self->code);
    g_free(self->remote);
    g_free(self->address);
    g_free(self);
}
