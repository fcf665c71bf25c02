/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hosting a game from the window (issue 31): code, LpNetHost, announcement, seats file and
 * the computer that stands in for a device that is not connected. */
/* getifaddrs() and the IFF_ flags. */
#define _DEFAULT_SOURCE
#include "config.h"

#include "lp-host-session.h"

#include <arpa/inet.h>
#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include "lp-games.h"
#include "lp-json.h"
#include "lp-net-discovery.h"
#include "lp-save-store.h"

struct _LpHostSession {
    GObject parent_instance;

    char *kind;
    GPtrArray *players; /* LpPlayer*, as set up or saved */
    gboolean *remote;
    guint64 seed;
    gboolean option;
    LpGame *pending; /* the resumed game until it is taken */
    gboolean resumed;
    char *note;

    LpNetHost *host;
    LpNetAnnouncer *announcer;
    gboolean listening;
    guint16 saved_port; /* a resumed game's port, tried first: the devices know it */

    LpGame *game;
    LpDriver *driver;
    LpComputerMoveFunc move;
    gulong game_handlers[4];
    char *seats_path;
    char *seats_written; /* the text last written, to write only what changed */
    gboolean result_sent;
    guint stop_source;

    /* Stand-ins: seat → level + 1 (0: none). */
    guint *stand_in;
    guint stand_in_source;
};

G_DEFINE_FINAL_TYPE(LpHostSession, lp_host_session, G_TYPE_OBJECT)

enum { CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The result reaches the devices before the port closes. */
#define RESULT_GRACE_SECONDS 2

static void lp_host_session_dispose(GObject *object)
{
    LpHostSession *self = LP_HOST_SESSION(object);

    lp_host_session_stop(self);
    if (self->game != NULL) {
        for (guint i = 0; i < G_N_ELEMENTS(self->game_handlers); i++)
            g_clear_signal_handler(&self->game_handlers[i], self->game);
    }
    g_clear_object(&self->game);
    g_clear_object(&self->driver);
    g_clear_object(&self->pending);
    g_clear_object(&self->host);
    g_clear_pointer(&self->players, g_ptr_array_unref);
    G_OBJECT_CLASS(lp_host_session_parent_class)->dispose(object);
}

static void lp_host_session_finalize(GObject *object)
{
    LpHostSession *self = LP_HOST_SESSION(object);

    g_free(self->kind);
    g_free(self->remote);
    g_free(self->note);
    g_free(self->seats_path);
    g_free(self->seats_written);
    g_free(self->stand_in);
    G_OBJECT_CLASS(lp_host_session_parent_class)->finalize(object);
}

static void lp_host_session_class_init(LpHostSessionClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);

    object_class->dispose = lp_host_session_dispose;
    object_class->finalize = lp_host_session_finalize;

    /**
     * LpHostSession::changed:
     *
     * A seat was taken, left or came back, or a stand-in began or ended.
     */
    signals[CHANGED] = g_signal_new("changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void lp_host_session_init(LpHostSession *self)
{
}

static char *new_code(void)
{
    g_autoptr(GError) error = NULL;
    char *code = lp_net_new_code(&error);

    /* The code keeps strangers out of a game at home, not secrets: GRand will do when the
     * kernel has no random bytes to give. */
    if (code == NULL)
        code = g_strdup_printf("%06u", (guint)g_random_int_range(0, 1000000));
    return code;
}

static guint free_seats(LpHostSession *self)
{
    guint n = 0;

    for (guint i = 0; i < lp_net_host_get_n_seats(self->host); i++)
        n += lp_net_host_seat_is_remote(self->host, i) &&
             !lp_net_host_seat_is_taken(self->host, i);
    return n;
}

static void write_seats(LpHostSession *self);
static void schedule_stand_in(LpHostSession *self);

static void on_seats_changed(LpNetHost *host, LpHostSession *self)
{
    if (self->announcer != NULL)
        lp_net_announcer_set_free_seats(self->announcer, free_seats(self));
    /* A device that came back plays its seat again. */
    for (guint i = 0; i < lp_host_session_get_n_seats(self); i++)
        if (self->stand_in[i] != 0 && lp_net_host_seat_is_connected(host, i))
            self->stand_in[i] = 0;
    write_seats(self);
    g_signal_emit(self, signals[CHANGED], 0);
}

static LpHostSession *session_new(const char *kind, GPtrArray *players, const gboolean *remote)
{
    LpHostSession *self = g_object_new(LP_TYPE_HOST_SESSION, NULL);
    guint n = players->len;

    self->kind = g_strdup(kind);
    self->players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(self->players, g_object_ref(players->pdata[i]));
    self->remote = g_new0(gboolean, n);
    for (guint i = 0; i < n; i++)
        self->remote[i] = remote[i];
    self->stand_in = g_new0(guint, n);
    return self;
}

static void set_host(LpHostSession *self, LpNetHost *host)
{
    g_set_object(&self->host, host);
    g_signal_connect_object(host, "seats-changed", G_CALLBACK(on_seats_changed), self, 0);
}

LpHostSession *lp_host_session_new(const char *kind, GPtrArray *players, const gboolean *remote,
                                   guint64 seed, gboolean option)
{
    g_return_val_if_fail(kind != NULL && players != NULL && players->len > 0, NULL);
    g_return_val_if_fail(remote != NULL, NULL);

    LpHostSession *self = session_new(kind, players, remote);
    g_autofree char *code = new_code();
    g_autoptr(LpNetHost) host = lp_net_host_new(kind, players->len, remote, code);

    self->seed = seed;
    self->option = option;
    set_host(self, host);
    return self;
}

/* The seats file of a saved game, read strictly; it must name the same game and mark the
 * same seats remote as the save. */
static LpNetHost *load_seats(LpGame *game, const gboolean *remote, const char *path,
                             guint16 *port, GError **error)
{
    g_autofree char *data = NULL;
    gsize length = 0;
    guint n = lp_game_get_n_players(game);

    if (path == NULL || !g_file_get_contents(path, &data, &length, error))
        return NULL;
    g_autoptr(JsonNode) node = lp_json_parse(data, (gssize)length, error);
    if (node == NULL)
        return NULL;
    g_autofree char *placeholder = new_code();
    g_autoptr(LpNetHost) host =
        lp_net_host_new(lp_game_get_kind(game), n, remote, placeholder);
    if (!lp_net_host_load_seats(host, node, error))
        return NULL;
    /* Our own member beside the library's; without a valid one the default port is tried. */
    gint64 saved = 0;
    JsonObject *obj = json_node_get_object(node);
    if (json_object_has_member(obj, "port") &&
        lp_json_get_int(obj, "port", 1, G_MAXUINT16, &saved, NULL))
        *port = (guint16)saved;
    for (guint i = 0; i < n; i++) {
        if (lp_net_host_seat_is_remote(host, i) != remote[i]) {
            g_set_error(error, LP_NET_ERROR, LP_NET_ERROR_BAD_MESSAGE,
                        _("the seats do not belong to this game"));
            return NULL;
        }
    }
    return g_steal_pointer(&host);
}

LpHostSession *lp_host_session_new_resumed(LpGame *game, const char *seats_path,
                                           char **problem)
{
    g_return_val_if_fail(LP_IS_GAME(game), NULL);

    guint n = lp_game_get_n_players(game);
    g_autofree gboolean *remote = g_new0(gboolean, n);
    g_autoptr(GError) error = NULL;

    for (guint i = 0; i < n; i++)
        remote[i] = lp_game_is_seat_remote(game, i);

    LpHostSession *self = session_new(lp_game_get_kind(game), lp_game_get_players(game), remote);
    self->pending = g_object_ref(game);
    self->resumed = TRUE;
    self->seats_path = g_strdup(seats_path);

    g_autoptr(LpNetHost) host = load_seats(game, remote, seats_path, &self->saved_port, &error);
    if (host == NULL) {
        g_autofree char *code = new_code();

        /* The friendlier way on: the game goes on, the devices join again with a new code.
         * Nothing is overwritten until the game does. */
        host = lp_net_host_new(self->kind, n, remote, code);
        self->note = g_strdup_printf(_("The seats of the other devices could not be read (%s). "
                                       "They join again with the new code."),
                                     error->message);
        if (problem != NULL)
            *problem = g_strdup(self->note);
    }
    set_host(self, host);
    return self;
}

char *lp_host_session_seats_path(const char *dir, const char *kind)
{
    g_return_val_if_fail(dir != NULL && kind != NULL, NULL);

    g_autofree char *name = g_strconcat(kind, ".seats.json", NULL);
    return g_build_filename(dir, name, NULL);
}

void lp_host_session_set_seats_path(LpHostSession *self, const char *path)
{
    g_return_if_fail(LP_IS_HOST_SESSION(self));
    if (g_strcmp0(self->seats_path, path) == 0)
        return;
    g_free(self->seats_path);
    self->seats_path = g_strdup(path);
    g_clear_pointer(&self->seats_written, g_free);
}

/* The seats (tokens, names, the code) beside the save, so that Continue takes the same
 * devices back. Only while a game is played: a lobby that is cancelled leaves the old file.
 * The seats change far less often than the game, so only a change is written. */
static void write_seats(LpHostSession *self)
{
    if (self->game == NULL || self->seats_path == NULL || self->result_sent)
        return;

    g_autoptr(JsonNode) seats = lp_net_host_save_seats(self->host);
    json_object_set_int_member(json_node_get_object(seats), "port",
                               lp_net_host_get_port(self->host));
    g_autofree char *text = lp_json_to_string(seats, TRUE);
    g_autoptr(GError) error = NULL;

    if (g_strcmp0(text, self->seats_written) == 0)
        return;
    g_autofree char *path = lp_file_resolve_links(self->seats_path, &error);
    if (path == NULL ||
        !g_file_set_contents_full(path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                  &error)) {
        /* The save itself still holds the game; without this file Continue asks the devices
         * to join again. */
        g_message("Cannot write the seats file: %s", error->message);
        return;
    }
    g_free(self->seats_written);
    self->seats_written = g_steal_pointer(&text);
}

static const char *announced_name(void)
{
    const char *name = g_get_real_name();

    if (name == NULL || *name == '\0' || g_str_equal(name, "Unknown"))
        name = g_get_host_name();
    return name;
}

gboolean lp_host_session_listen(LpHostSession *self, guint16 port, GError **error)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    g_return_val_if_fail(!self->listening, FALSE);

    /* A resumed game's own port first, where its devices look for it. */
    guint16 ports[] = {self->saved_port, port, 0};
    for (guint i = 0; i < G_N_ELEMENTS(ports); i++) {
        g_autoptr(GError) local = NULL;

        if ((ports[i] == 0 && i + 1 < G_N_ELEMENTS(ports)) ||
            (i > 0 && ports[i] == ports[i - 1] && ports[i] != 0))
            continue;
        if (lp_net_host_listen(self->host, ports[i], &local))
            break;
        if (i + 1 == G_N_ELEMENTS(ports)) {
            g_propagate_error(error, g_steal_pointer(&local));
            return FALSE;
        }
    }
    self->listening = TRUE;
    self->announcer = lp_net_announcer_new(announced_name(), lp_net_host_get_port(self->host),
                                           self->kind, free_seats(self));
    /* The announcer's own problem speaks to a joiner ("join by address instead"). */
    if (!lp_net_announcer_is_available(self->announcer) && self->note == NULL)
        self->note = g_strdup(_("Other devices cannot find this game by themselves. Type "
                                "the address and the code there."));
    return TRUE;
}

void lp_host_session_stop(LpHostSession *self)
{
    g_return_if_fail(LP_IS_HOST_SESSION(self));
    g_clear_handle_id(&self->stop_source, g_source_remove);
    g_clear_handle_id(&self->stand_in_source, g_source_remove);
    g_clear_object(&self->announcer);
    if (self->host != NULL && self->listening)
        lp_net_host_stop(self->host, self->result_sent ? "over" : "host-closed");
    self->listening = FALSE;
}

gboolean lp_host_session_is_listening(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    return self->listening;
}

const char *lp_host_session_get_kind(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    return self->kind;
}

const char *lp_host_session_get_code(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    return lp_net_host_get_code(self->host);
}

guint16 lp_host_session_get_port(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), 0);
    return self->listening ? lp_net_host_get_port(self->host) : 0;
}

GStrv lp_host_session_get_addresses(LpHostSession *self)
{
    g_autoptr(GStrvBuilder) v4 = g_strv_builder_new();
    g_autoptr(GStrvBuilder) v6 = g_strv_builder_new();
    struct ifaddrs *list = NULL;

    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    if (getifaddrs(&list) == 0) {
        for (struct ifaddrs *a = list; a != NULL; a = a->ifa_next) {
            char text[INET6_ADDRSTRLEN];

            if (a->ifa_addr == NULL || !(a->ifa_flags & IFF_UP) ||
                (a->ifa_flags & IFF_LOOPBACK))
                continue;
            if (a->ifa_addr->sa_family == AF_INET) {
                const struct sockaddr_in *in = (const struct sockaddr_in *)a->ifa_addr;
                if (inet_ntop(AF_INET, &in->sin_addr, text, sizeof text) != NULL)
                    g_strv_builder_add(v4, text);
            } else if (a->ifa_addr->sa_family == AF_INET6) {
                const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)a->ifa_addr;
                /* A link-local address needs the interface's name to be typed: no use. */
                if (IN6_IS_ADDR_LINKLOCAL(&in6->sin6_addr))
                    continue;
                if (inet_ntop(AF_INET6, &in6->sin6_addr, text, sizeof text) != NULL)
                    g_strv_builder_add(v6, text);
            }
        }
        freeifaddrs(list);
    }
    g_auto(GStrv) four = g_strv_builder_end(v4);
    g_auto(GStrv) six = g_strv_builder_end(v6);
    g_autoptr(GStrvBuilder) all = g_strv_builder_new();
    g_strv_builder_addv(all, (const char **)four);
    g_strv_builder_addv(all, (const char **)six);
    /* Another window on this computer can always join here. */
    g_strv_builder_add(all, "127.0.0.1");
    return g_strv_builder_end(all);
}

const char *lp_host_session_get_note(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    return self->note;
}

LpNetHost *lp_host_session_get_net_host(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    return self->host;
}

gboolean lp_host_session_is_resumed(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    return self->resumed;
}

guint lp_host_session_get_n_seats(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), 0);
    return self->players != NULL ? self->players->len : 0;
}

LpPlayer *lp_host_session_get_player(LpHostSession *self, guint seat)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    g_return_val_if_fail(seat < lp_host_session_get_n_seats(self), NULL);
    if (self->game != NULL)
        return lp_game_get_player(self->game, seat);
    return self->players->pdata[seat];
}

gboolean lp_host_session_seat_is_remote(LpHostSession *self, guint seat)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    return seat < lp_host_session_get_n_seats(self) && self->remote[seat];
}

gboolean lp_host_session_can_start(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    return self->listening && self->game == NULL && lp_net_host_all_seated(self->host);
}

gboolean lp_host_session_all_connected(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    for (guint i = 0; i < lp_host_session_get_n_seats(self); i++)
        if (self->remote[i] && !lp_net_host_seat_is_connected(self->host, i))
            return FALSE;
    return TRUE;
}

/* "Player 2" as the setup page names a seat nobody named. */
static gboolean named_by_default(LpPlayer *player, guint seat)
{
    g_autofree char *name = g_strdup_printf("Player %u", seat + 1);

    return g_strcmp0(lp_player_get_name(player), name) == 0;
}

static gboolean name_is_used(GPtrArray *players, guint except, const char *name)
{
    for (guint i = 0; i < players->len; i++)
        if (i != except && g_utf8_collate(lp_player_get_name(players->pdata[i]), name) == 0)
            return TRUE;
    return FALSE;
}

LpGame *lp_host_session_take_game(LpHostSession *self, GError **error)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    g_return_val_if_fail(self->game == NULL, NULL);

    if (self->pending != NULL)
        return g_steal_pointer(&self->pending);

    const LpGameRules *rules = lp_games_lookup(self->kind);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);

    g_return_val_if_fail(rules != NULL, NULL);
    for (guint i = 0; i < self->players->len; i++)
        g_ptr_array_add(players, g_object_ref(self->players->pdata[i]));
    for (guint i = 0; i < players->len; i++) {
        LpPlayer *set_up = players->pdata[i];
        const char *device_name = lp_net_host_get_seat_name(self->host, i);
        const char *name = lp_player_get_name(set_up);
        LpLevel level = LP_LEVEL_NORMAL;
        gboolean computer;

        if (!self->remote[i])
            continue;
        computer = lp_net_host_seat_is_computer(self->host, i, &level);
        if (device_name != NULL && named_by_default(set_up, i) &&
            !name_is_used(players, i, device_name))
            name = device_name;
        g_ptr_array_index(players, i) =
            lp_player_new(name, lp_player_get_age(set_up), lp_player_get_colour(set_up),
                          computer ? LP_PLAYER_COMPUTER : LP_PLAYER_HUMAN, level);
        g_object_unref(set_up);
    }
    LpGame *game = lp_game_new_of_type(rules->get_type(), players, self->seed, self->option,
                                       error);
    if (game == NULL)
        return NULL;
    for (guint i = 0; i < players->len; i++)
        lp_game_set_seat_remote(game, i, self->remote[i]);
    return game;
}

/* ---- playing ---- */

static gboolean stop_after_result(gpointer data)
{
    LpHostSession *self = data;

    self->stop_source = 0;
    lp_host_session_stop(self);
    return G_SOURCE_REMOVE;
}

static void check_over(LpHostSession *self)
{
    if (self->result_sent || !lp_game_is_over(self->game))
        return;
    lp_net_host_send_result(self->host);
    self->result_sent = TRUE;
    /* A finished game leaves no save and so no seats behind either. */
    if (self->seats_path != NULL)
        g_unlink(self->seats_path);
    g_clear_handle_id(&self->stand_in_source, g_source_remove);
    self->stop_source = g_timeout_add_seconds(RESULT_GRACE_SECONDS, stop_after_result, self);
}

/* The stand-in decides as a computer player of its level would on the seat's own view: the
 * view's player is a computer of that level, nothing else differs from a device's. */
static JsonNode *stand_in_action(LpHostSession *self, guint seat, LpLevel level)
{
    g_autoptr(JsonNode) view = lp_game_view(self->game, (int)seat);
    g_autoptr(GError) error = NULL;
    JsonArray *players;
    JsonObject *player;

    if (view == NULL || self->move == NULL)
        return NULL;
    players = json_object_get_array_member(json_node_get_object(view), "players");
    player = json_array_get_object_element(players, seat);
    json_object_set_string_member(player, "kind", "computer");
    json_object_set_string_member(player, "level", lp_level_to_string(level));
    g_autoptr(LpGame) mirror = lp_game_mirror_new(G_OBJECT_TYPE(self->game), view, &error);
    if (mirror == NULL) {
        g_critical("%s: no mirror of seat %u's view: %s", self->kind, seat, error->message);
        return NULL;
    }
    return lp_game_computer_action(mirror, seat, self->move);
}

static gboolean stand_in_step(gpointer data)
{
    LpHostSession *self = data;

    self->stand_in_source = 0;
    if (self->game == NULL || lp_game_is_over(self->game))
        return G_SOURCE_REMOVE;
    for (guint i = 0; i < lp_host_session_get_n_seats(self); i++) {
        g_autoptr(JsonNode) action = NULL;
        g_autoptr(GError) error = NULL;

        if (self->stand_in[i] == 0)
            continue;
        action = stand_in_action(self, i, (LpLevel)(self->stand_in[i] - 1));
        if (action == NULL)
            continue;
        /* One decision per step; the game's signals schedule the next. */
        if (!lp_game_apply_action(self->game, i, action, &error))
            g_critical("%s: the stand-in of seat %u was refused: %s", self->kind, i,
                       error->message);
        break;
    }
    return G_SOURCE_REMOVE;
}

static void schedule_stand_in(LpHostSession *self)
{
    gboolean any = FALSE;

    for (guint i = 0; i < lp_host_session_get_n_seats(self); i++)
        any = any || self->stand_in[i] != 0;
    if (!any || self->stand_in_source != 0 || self->game == NULL || lp_game_is_over(self->game))
        return;
    /* At the pace of the computers at this screen, so people can follow. Like a device's
     * actions, a stand-in's do not wait for the page's holds. */
    self->stand_in_source =
        g_timeout_add(self->driver != NULL ? lp_driver_get_delay(self->driver) : 0,
                      stand_in_step, self);
}

static void on_game_changed(LpHostSession *self)
{
    write_seats(self);
    check_over(self);
    schedule_stand_in(self);
}

void lp_host_session_play(LpHostSession *self, LpGame *game, LpDriver *driver)
{
    const LpGameRules *rules;

    g_return_if_fail(LP_IS_HOST_SESSION(self));
    g_return_if_fail(LP_IS_GAME(game));
    g_return_if_fail(self->game == NULL);
    g_return_if_fail(lp_game_get_n_players(game) == lp_host_session_get_n_seats(self));

    self->game = g_object_ref(game);
    g_clear_object(&self->pending);
    if (driver != NULL)
        self->driver = g_object_ref(driver);
    rules = lp_games_lookup(self->kind);
    self->move = rules != NULL ? rules->computer_move : NULL;
    self->game_handlers[0] = g_signal_connect_swapped(game, "action-completed",
                                                      G_CALLBACK(on_game_changed), self);
    self->game_handlers[1] = g_signal_connect_swapped(game, "game-over",
                                                      G_CALLBACK(on_game_changed), self);
    self->game_handlers[2] = g_signal_connect_swapped(game, "turn-started",
                                                      G_CALLBACK(schedule_stand_in), self);
    self->game_handlers[3] = g_signal_connect_swapped(game, "phase-changed",
                                                      G_CALLBACK(schedule_stand_in), self);
    lp_net_host_set_game(self->host, game);
    write_seats(self);
    check_over(self);
    g_signal_emit(self, signals[CHANGED], 0);
}

LpGame *lp_host_session_get_game(LpHostSession *self)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), NULL);
    return self->game;
}

gboolean lp_host_session_seat_is_waiting(LpHostSession *self, guint seat)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    return self->game != NULL && self->listening && !self->result_sent &&
           lp_host_session_seat_is_remote(self, seat) &&
           !lp_net_host_seat_is_connected(self->host, seat);
}

void lp_host_session_stand_in(LpHostSession *self, guint seat, LpLevel level)
{
    g_return_if_fail(LP_IS_HOST_SESSION(self));
    g_return_if_fail(level <= LP_LEVEL_HARD);
    if (!lp_host_session_seat_is_waiting(self, seat))
        return;
    self->stand_in[seat] = (guint)level + 1;
    g_signal_emit(self, signals[CHANGED], 0);
    schedule_stand_in(self);
}

void lp_host_session_stop_stand_in(LpHostSession *self, guint seat)
{
    g_return_if_fail(LP_IS_HOST_SESSION(self));
    g_return_if_fail(seat < lp_host_session_get_n_seats(self));
    if (self->stand_in[seat] == 0)
        return;
    self->stand_in[seat] = 0;
    g_signal_emit(self, signals[CHANGED], 0);
}

gboolean lp_host_session_has_stand_in(LpHostSession *self, guint seat, LpLevel *level)
{
    g_return_val_if_fail(LP_IS_HOST_SESSION(self), FALSE);
    if (seat >= lp_host_session_get_n_seats(self) || self->stand_in[seat] == 0)
        return FALSE;
    if (level != NULL)
        *level = (LpLevel)(self->stand_in[seat] - 1);
    return TRUE;
}
