/* SPDX-License-Identifier: GPL-3.0-or-later */
/* DNS-SD announcing and browsing of hosted games through Avahi (avahi-client with the GLib
 * poll adapter). */
#include "lp-net-discovery.h"

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-glib/glib-watch.h>
#include <glib/gi18n.h>
#include <string.h>

#include "lp-net-protocol.h"

static char *unavailable_text(int error)
{
    /* The usual case in the family's words; Avahi's own texts are English only. */
    if (error == AVAHI_ERR_NO_DAEMON)
        return g_strdup(_("Games on the network cannot be found here: no Avahi daemon runs on "
                          "this computer. Join by address and code instead."));
    return g_strdup_printf(_("Games on the network cannot be found here (%s). Join by "
                             "address and code instead."),
                           avahi_strerror(error));
}

/* ---- Announcer ---- */

struct _LpNetAnnouncer {
    GObject parent_instance;
    AvahiGLibPoll *poll;
    AvahiClient *client;
    AvahiEntryGroup *group;
    char *name;
    char *game;
    guint16 port;
    guint free_seats;
    char *problem;
};

G_DEFINE_FINAL_TYPE(LpNetAnnouncer, lp_net_announcer, G_TYPE_OBJECT)

static void announcer_set_problem(LpNetAnnouncer *self, int error)
{
    g_free(self->problem);
    self->problem = error != 0 ? unavailable_text(error) : NULL;
}

static AvahiStringList *announcer_txt(LpNetAnnouncer *self)
{
    return avahi_string_list_add_printf(
        avahi_string_list_add_printf(
            avahi_string_list_add_printf(NULL, "protocol=%d", LP_NET_PROTOCOL_VERSION),
            "free=%u", self->free_seats),
        "game=%s", self->game);
}

static void announce(LpNetAnnouncer *self);

static void on_group(AvahiEntryGroup *group, AvahiEntryGroupState state, void *data)
{
    LpNetAnnouncer *self = data;
    if (state == AVAHI_ENTRY_GROUP_COLLISION) {
        /* Another host has the name: take "name #2". */
        char *other = avahi_alternative_service_name(self->name);
        g_free(self->name);
        self->name = g_strdup(other);
        avahi_free(other);
        avahi_entry_group_reset(group);
        announce(self);
    } else if (state == AVAHI_ENTRY_GROUP_FAILURE) {
        announcer_set_problem(self, avahi_client_errno(self->client));
    }
}

static void announce(LpNetAnnouncer *self)
{
    if (self->client == NULL || avahi_client_get_state(self->client) != AVAHI_CLIENT_S_RUNNING)
        return;
    if (self->group == NULL)
        self->group = avahi_entry_group_new(self->client, on_group, self);
    if (self->group == NULL) {
        announcer_set_problem(self, avahi_client_errno(self->client));
        return;
    }
    if (!avahi_entry_group_is_empty(self->group))
        return;
    AvahiStringList *txt = announcer_txt(self);
    int r = avahi_entry_group_add_service_strlst(self->group, AVAHI_IF_UNSPEC,
                                                 AVAHI_PROTO_UNSPEC, 0, self->name,
                                                 LP_NET_SERVICE_TYPE, NULL, NULL, self->port,
                                                 txt);
    avahi_string_list_free(txt);
    if (r == AVAHI_ERR_COLLISION) {
        char *other = avahi_alternative_service_name(self->name);
        g_free(self->name);
        self->name = g_strdup(other);
        avahi_free(other);
        announce(self);
        return;
    }
    if (r < 0 || (r = avahi_entry_group_commit(self->group)) < 0)
        announcer_set_problem(self, r);
    else
        announcer_set_problem(self, 0);
}

static void on_announcer_client(AvahiClient *client, AvahiClientState state, void *data)
{
    LpNetAnnouncer *self = data;
    self->client = client;
    switch (state) {
    case AVAHI_CLIENT_S_RUNNING:
        announce(self);
        break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
        if (self->group != NULL)
            avahi_entry_group_reset(self->group);
        break;
    case AVAHI_CLIENT_FAILURE:
        announcer_set_problem(self, avahi_client_errno(client));
        break;
    default:
        break;
    }
}

static void lp_net_announcer_dispose(GObject *object)
{
    LpNetAnnouncer *self = LP_NET_ANNOUNCER(object);
    if (self->group != NULL) {
        avahi_entry_group_free(self->group);
        self->group = NULL;
    }
    if (self->client != NULL) {
        avahi_client_free(self->client);
        self->client = NULL;
    }
    g_clear_pointer(&self->poll, avahi_glib_poll_free);
    G_OBJECT_CLASS(lp_net_announcer_parent_class)->dispose(object);
}

static void lp_net_announcer_finalize(GObject *object)
{
    LpNetAnnouncer *self = LP_NET_ANNOUNCER(object);
    g_free(self->name);
    g_free(self->game);
    g_free(self->problem);
    G_OBJECT_CLASS(lp_net_announcer_parent_class)->finalize(object);
}

static void lp_net_announcer_class_init(LpNetAnnouncerClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = lp_net_announcer_dispose;
    G_OBJECT_CLASS(klass)->finalize = lp_net_announcer_finalize;
}

static void lp_net_announcer_init(LpNetAnnouncer *self)
{
}

LpNetAnnouncer *lp_net_announcer_new(const char *name, guint16 port, const char *game,
                                     guint free_seats)
{
    g_return_val_if_fail(name != NULL && game != NULL, NULL);
    LpNetAnnouncer *self = g_object_new(LP_TYPE_NET_ANNOUNCER, NULL);
    /* DNS-SD names are at most 63 bytes; cut on a character. */
    self->name = g_utf8_make_valid(name, -1);
    if (strlen(self->name) > 63) {
        char *end = g_utf8_find_prev_char(self->name, self->name + 64);
        *end = '\0';
    }
    self->game = g_strdup(game);
    self->port = port;
    self->free_seats = free_seats;
    self->poll = avahi_glib_poll_new(NULL, G_PRIORITY_DEFAULT);
    int error = 0;
    /* NO_FAIL: wait for a daemon that starts later instead of failing now. */
    AvahiClient *client = avahi_client_new(avahi_glib_poll_get(self->poll), AVAHI_CLIENT_NO_FAIL,
                                           on_announcer_client, self, &error);
    if (client == NULL)
        announcer_set_problem(self, error);
    else
        self->client = client;
    return self;
}

void lp_net_announcer_set_free_seats(LpNetAnnouncer *self, guint free_seats)
{
    g_return_if_fail(LP_IS_NET_ANNOUNCER(self));
    if (self->free_seats == free_seats)
        return;
    self->free_seats = free_seats;
    if (self->group == NULL || avahi_entry_group_is_empty(self->group))
        return;
    AvahiStringList *txt = announcer_txt(self);
    avahi_entry_group_update_service_txt_strlst(self->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                                0, self->name, LP_NET_SERVICE_TYPE, NULL, txt);
    avahi_string_list_free(txt);
}

gboolean lp_net_announcer_is_available(LpNetAnnouncer *self)
{
    g_return_val_if_fail(LP_IS_NET_ANNOUNCER(self), FALSE);
    return self->client != NULL &&
           avahi_client_get_state(self->client) == AVAHI_CLIENT_S_RUNNING &&
           self->problem == NULL;
}

const char *lp_net_announcer_get_problem(LpNetAnnouncer *self)
{
    g_return_val_if_fail(LP_IS_NET_ANNOUNCER(self), NULL);
    if (self->problem == NULL && !lp_net_announcer_is_available(self))
        return _("No Avahi daemon is running: games on the network cannot be found here.");
    return self->problem;
}

/* ---- Browser ---- */

struct _LpNetBrowser {
    GObject parent_instance;
    AvahiGLibPoll *poll;
    AvahiClient *client;
    AvahiServiceBrowser *browser;
    char *problem;
    gboolean available;
    /* A host is seen once on each interface and protocol it is announced on (wired and
     * Wi-Fi, IPv4 and IPv6): its service name -> a Sighting per service_id() resolved there.
     * The list shows one row per host, from the first sighting still there, gone when the
     * last of them goes. */
    GHashTable *seen;
};

typedef struct {
    char *id;
    char *address;
    guint port;
    char *game;
    guint free_seats;
} Sighting;

static void sighting_free(Sighting *s)
{
    g_free(s->id);
    g_free(s->address);
    g_free(s->game);
    g_free(s);
}

static void sightings_free(GPtrArray *sightings)
{
    g_ptr_array_unref(sightings);
}

G_DEFINE_FINAL_TYPE(LpNetBrowser, lp_net_browser, G_TYPE_OBJECT)

enum { FOUND, REMOVED, AVAILABILITY_CHANGED, N_BROWSER_SIGNALS };
static guint browser_signals[N_BROWSER_SIGNALS];

static void browser_set_available(LpNetBrowser *self, gboolean available, int error)
{
    g_free(self->problem);
    self->problem = available ? NULL : unavailable_text(error);
    if (self->available == available)
        return;
    self->available = available;
    g_signal_emit(self, browser_signals[AVAILABILITY_CHANGED], 0);
}

static char *service_id(AvahiIfIndex iface, AvahiProtocol protocol, const char *name)
{
    return g_strdup_printf("%d/%d/%s", iface, protocol, name);
}

static char *txt_value(AvahiStringList *txt, const char *key)
{
    AvahiStringList *item = avahi_string_list_find(txt, key);
    char *k = NULL, *v = NULL;
    if (item == NULL || avahi_string_list_get_pair(item, &k, &v, NULL) < 0)
        return NULL;
    char *out = v != NULL ? g_utf8_make_valid(v, -1) : NULL;
    avahi_free(k);
    avahi_free(v);
    return out;
}

static void on_resolved(AvahiServiceResolver *resolver, AvahiIfIndex iface,
                        AvahiProtocol protocol, AvahiResolverEvent event, const char *name,
                        const char *type, const char *domain, const char *host_name,
                        const AvahiAddress *address, uint16_t port, AvahiStringList *txt,
                        AvahiLookupResultFlags flags, void *data)
{
    LpNetBrowser *self = data;
    if (event == AVAHI_RESOLVER_FOUND && address != NULL) {
        char addr[AVAHI_ADDRESS_STR_MAX];
        avahi_address_snprint(addr, sizeof addr, address);
        g_autofree char *game = txt_value(txt, "game");
        g_autofree char *free_text = txt_value(txt, "free");
        g_autofree char *protocol_text = txt_value(txt, "protocol");
        guint64 free_seats = free_text != NULL ? g_ascii_strtoull(free_text, NULL, 10) : 0;
        gboolean ours = protocol_text != NULL &&
                        g_ascii_strtoll(protocol_text, NULL, 10) == LP_NET_PROTOCOL_VERSION;
        if (game != NULL && ours) {
            g_autofree char *id = service_id(iface, protocol, name);
            g_autofree char *shown = g_utf8_make_valid(name, -1);
            GPtrArray *where = g_hash_table_lookup(self->seen, name);
            if (where == NULL) {
                where = g_ptr_array_new_with_free_func((GDestroyNotify)sighting_free);
                g_hash_table_insert(self->seen, g_strdup(name), where);
            }
            Sighting *sighting = NULL;
            for (guint i = 0; i < where->len && sighting == NULL; i++)
                if (strcmp(((Sighting *)where->pdata[i])->id, id) == 0)
                    sighting = where->pdata[i];
            if (sighting == NULL) {
                sighting = g_new0(Sighting, 1);
                sighting->id = g_steal_pointer(&id);
                g_ptr_array_add(where, sighting);
            }
            g_free(sighting->address);
            sighting->address = g_strdup(addr);
            sighting->port = port;
            g_free(sighting->game);
            sighting->game = g_strdup(game);
            sighting->free_seats = (guint)MIN(free_seats, 16);
            /* The same host on another interface: not a second row. */
            if (sighting == where->pdata[0])
                g_signal_emit(self, browser_signals[FOUND], 0, name, shown, addr, (guint)port,
                              game, sighting->free_seats);
        }
    }
    avahi_service_resolver_free(resolver);
}

static void on_browse(AvahiServiceBrowser *browser, AvahiIfIndex iface, AvahiProtocol protocol,
                      AvahiBrowserEvent event, const char *name, const char *type,
                      const char *domain, AvahiLookupResultFlags flags, void *data)
{
    LpNetBrowser *self = data;
    switch (event) {
    case AVAHI_BROWSER_NEW:
        if (avahi_service_resolver_new(self->client, iface, protocol, name, type, domain,
                                       AVAHI_PROTO_INET, 0, on_resolved, self) == NULL)
            g_debug("cannot resolve %s: %s", name,
                    avahi_strerror(avahi_client_errno(self->client)));
        break;
    case AVAHI_BROWSER_REMOVE: {
        g_autofree char *id = service_id(iface, protocol, name);
        GPtrArray *where = g_hash_table_lookup(self->seen, name);
        guint i = 0;
        while (where != NULL && i < where->len && strcmp(((Sighting *)where->pdata[i])->id, id))
            i++;
        if (where == NULL || i == where->len)
            break;
        g_ptr_array_remove_index(where, i);
        g_autofree char *key = g_strdup(name);
        if (where->len == 0) {
            g_hash_table_remove(self->seen, key);
            g_signal_emit(self, browser_signals[REMOVED], 0, key);
        } else if (i == 0) {
            /* The row showed the sighting that went: it shows the next one now. */
            Sighting *next = where->pdata[0];
            g_autofree char *shown = g_utf8_make_valid(key, -1);
            g_signal_emit(self, browser_signals[FOUND], 0, key, shown, next->address, next->port,
                          next->game, next->free_seats);
        }
        break;
    }
    case AVAHI_BROWSER_FAILURE:
        browser_set_available(self, FALSE, avahi_client_errno(self->client));
        break;
    default:
        break;
    }
}

static void on_browser_client(AvahiClient *client, AvahiClientState state, void *data)
{
    LpNetBrowser *self = data;
    self->client = client;
    if (state == AVAHI_CLIENT_S_RUNNING && self->browser == NULL) {
        self->browser = avahi_service_browser_new(client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                                  LP_NET_SERVICE_TYPE, NULL, 0, on_browse, self);
        if (self->browser == NULL)
            browser_set_available(self, FALSE, avahi_client_errno(client));
        else
            browser_set_available(self, TRUE, 0);
    } else if (state == AVAHI_CLIENT_FAILURE || state == AVAHI_CLIENT_CONNECTING) {
        if (self->browser != NULL) {
            avahi_service_browser_free(self->browser);
            self->browser = NULL;
        }
        browser_set_available(self, FALSE, avahi_client_errno(client));
    }
}

static void lp_net_browser_dispose(GObject *object)
{
    LpNetBrowser *self = LP_NET_BROWSER(object);
    if (self->browser != NULL) {
        avahi_service_browser_free(self->browser);
        self->browser = NULL;
    }
    if (self->client != NULL) {
        avahi_client_free(self->client);
        self->client = NULL;
    }
    g_clear_pointer(&self->poll, avahi_glib_poll_free);
    G_OBJECT_CLASS(lp_net_browser_parent_class)->dispose(object);
}

static void lp_net_browser_finalize(GObject *object)
{
    g_free(LP_NET_BROWSER(object)->problem);
    g_hash_table_unref(LP_NET_BROWSER(object)->seen);
    G_OBJECT_CLASS(lp_net_browser_parent_class)->finalize(object);
}

static void lp_net_browser_class_init(LpNetBrowserClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = lp_net_browser_dispose;
    G_OBJECT_CLASS(klass)->finalize = lp_net_browser_finalize;
    GType type = G_TYPE_FROM_CLASS(klass);
    browser_signals[FOUND] =
        g_signal_new("found", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 6,
                     G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_STRING,
                     G_TYPE_UINT);
    browser_signals[REMOVED] = g_signal_new("removed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                            NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
    browser_signals[AVAILABILITY_CHANGED] =
        g_signal_new("availability-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 0);
}

static void lp_net_browser_init(LpNetBrowser *self)
{
    self->seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify)sightings_free);
}

LpNetBrowser *lp_net_browser_new(void)
{
    LpNetBrowser *self = g_object_new(LP_TYPE_NET_BROWSER, NULL);
    self->poll = avahi_glib_poll_new(NULL, G_PRIORITY_DEFAULT);
    int error = 0;
    AvahiClient *client = avahi_client_new(avahi_glib_poll_get(self->poll), AVAHI_CLIENT_NO_FAIL,
                                           on_browser_client, self, &error);
    if (client == NULL)
        browser_set_available(self, FALSE, error);
    else
        self->client = client;
    if (self->problem == NULL && !self->available)
        self->problem = unavailable_text(AVAHI_ERR_NO_DAEMON);
    return self;
}

gboolean lp_net_browser_is_available(LpNetBrowser *self)
{
    g_return_val_if_fail(LP_IS_NET_BROWSER(self), FALSE);
    return self->available;
}

const char *lp_net_browser_get_problem(LpNetBrowser *self)
{
    g_return_val_if_fail(LP_IS_NET_BROWSER(self), NULL);
    return self->available ? NULL : self->problem;
}
