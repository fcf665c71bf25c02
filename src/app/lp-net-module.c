/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Play on several devices as a module the app opens when a family first hosts or joins
 * (issue 35). libsoup and Avahi, with what they load (Kerberos, SQLite, D-Bus, libgcrypt:
 * about twenty libraries, most bound at load), took some 8 ms of every start, for a window
 * that most evenings never hosts. src/net is therefore built twice: linked into the tests
 * and landpartie-sim as before, and as the module landpartie-net.so, which `landpartie`
 * opens here. Each lp_net_* function src/app calls is forwarded to the module's own; the
 * module finds the rules (lp-core) in the program, which exports them.
 *
 * The window opens the module (lp_net_module_open) before it hosts or shows the join page,
 * and says so when it cannot; no forwarder is reached before that. */
#include "config.h"

#include "lp-net-module.h"

#include <glib/gi18n.h>
#include <gmodule.h>

#include "lp-net-discovery.h"
#include "lp-net-host.h"
#include "lp-net-table.h"

#define MODULE_NAME "landpartie-net.so"

static GModule *module;
static char *problem; /* why the module could not be opened, or NULL */

/* Where the module lies: LANDPARTIE_NET_MODULE (a test's or the benchmark's), beside the
 * program (the build tree), or in the installed library folder. */
static char *module_path(void)
{
    const char *env = g_getenv("LANDPARTIE_NET_MODULE");
    if (env != NULL && *env != '\0')
        return g_strdup(env);
    g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
    if (exe != NULL) {
        g_autofree char *dir = g_path_get_dirname(exe);
        g_autofree char *beside = g_build_filename(dir, MODULE_NAME, NULL);
        if (g_file_test(beside, G_FILE_TEST_IS_REGULAR))
            return g_steal_pointer(&beside);
    }
    return g_build_filename(LP_NET_MODULE_DIR, MODULE_NAME, NULL);
}

gboolean lp_net_module_open(GError **error)
{
    static gsize once;
    if (g_once_init_enter(&once)) {
        g_autofree char *path = module_path();
        /* Local: the program looks its functions up itself; resident: its types stay. */
        module = g_module_open(path, G_MODULE_BIND_LOCAL);
        if (module == NULL)
            problem = g_strdup(g_module_error());
        else
            g_module_make_resident(module);
        g_once_init_leave(&once, 1);
    }
    if (module != NULL)
        return TRUE;
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                _("Playing on several devices is not installed (%s)."), problem);
    return FALSE;
}

/* A function of the module. Reached only after lp_net_module_open succeeded; a name the
 * module lacks is a broken installation. */
static gpointer need(const char *name)
{
    gpointer fn = NULL;
    g_autoptr(GError) error = NULL;
    if (!lp_net_module_open(&error))
        g_error("%s", error->message);
    if (!g_module_symbol(module, name, &fn) || fn == NULL)
        g_error("%s: %s", MODULE_NAME, g_module_error());
    return fn;
}

/* Defines name(params) as a call of the module's name(args). */
#define FORWARD(ret, name, params, args)                                                     \
    ret name params                                                                          \
    {                                                                                        \
        static ret(*fn) params;                                                              \
        if (fn == NULL)                                                                      \
            fn = (ret(*) params)need(#name);                                                 \
        return fn args;                                                                      \
    }

FORWARD(GQuark, lp_net_error_quark, (void), ())
FORWARD(char *, lp_net_new_code, (GError * *error), (error))
FORWARD(gboolean, lp_net_code_is_valid, (const char *s), (s))
FORWARD(char *, lp_net_clean_name, (const char *name), (name))

FORWARD(GType, lp_net_host_get_type, (void), ())
FORWARD(LpNetHost *, lp_net_host_new,
        (const char *kind, guint n_seats, const gboolean *remote, const char *code),
        (kind, n_seats, remote, code))
FORWARD(gboolean, lp_net_host_listen, (LpNetHost * self, guint16 port, GError **error),
        (self, port, error))
FORWARD(guint16, lp_net_host_get_port, (LpNetHost * self), (self))
FORWARD(const char *, lp_net_host_get_code, (LpNetHost * self), (self))
FORWARD(void, lp_net_host_stop, (LpNetHost * self, const char *reason), (self, reason))
FORWARD(guint, lp_net_host_get_n_seats, (LpNetHost * self), (self))
FORWARD(gboolean, lp_net_host_seat_is_remote, (LpNetHost * self, guint seat), (self, seat))
FORWARD(gboolean, lp_net_host_seat_is_taken, (LpNetHost * self, guint seat), (self, seat))
FORWARD(gboolean, lp_net_host_seat_is_connected, (LpNetHost * self, guint seat), (self, seat))
FORWARD(gboolean, lp_net_host_seat_is_phone, (LpNetHost * self, guint seat), (self, seat))
FORWARD(const char *, lp_net_host_get_seat_name, (LpNetHost * self, guint seat), (self, seat))
FORWARD(gboolean, lp_net_host_seat_is_computer, (LpNetHost * self, guint seat, LpLevel *level),
        (self, seat, level))
FORWARD(gboolean, lp_net_host_all_seated, (LpNetHost * self), (self))
FORWARD(JsonNode *, lp_net_host_save_seats, (LpNetHost * self), (self))
FORWARD(gboolean, lp_net_host_load_seats, (LpNetHost * self, JsonNode *node, GError **error),
        (self, node, error))
FORWARD(void, lp_net_host_set_game, (LpNetHost * self, LpGame *game), (self, game))
FORWARD(void, lp_net_host_send_result, (LpNetHost * self), (self))

FORWARD(GType, lp_net_table_get_type, (void), ())
FORWARD(LpNetTable *, lp_net_table_new, (const char *tokens_path), (tokens_path))
FORWARD(gboolean, lp_net_table_join,
        (LpNetTable * self, const char *address, const char *code, const char *name,
         GError **error),
        (self, address, code, name, error))
FORWARD(void, lp_net_table_leave, (LpNetTable * self), (self))
FORWARD(LpNetTableState, lp_net_table_get_state, (LpNetTable * self), (self))
FORWARD(LpGame *, lp_net_table_get_mirror, (LpNetTable * self), (self))
FORWARD(const char *, lp_net_table_get_host, (LpNetTable * self), (self))
FORWARD(const char *, lp_net_table_get_problem, (LpNetTable * self), (self))

FORWARD(GType, lp_net_announcer_get_type, (void), ())
FORWARD(LpNetAnnouncer *, lp_net_announcer_new,
        (const char *name, guint16 port, const char *game, guint free_seats),
        (name, port, game, free_seats))
FORWARD(void, lp_net_announcer_set_free_seats, (LpNetAnnouncer * self, guint free_seats),
        (self, free_seats))
FORWARD(gboolean, lp_net_announcer_is_available, (LpNetAnnouncer * self), (self))

FORWARD(GType, lp_net_browser_get_type, (void), ())
FORWARD(LpNetBrowser *, lp_net_browser_new, (void), ())
FORWARD(gboolean, lp_net_browser_is_available, (LpNetBrowser * self), (self))
FORWARD(const char *, lp_net_browser_get_problem, (LpNetBrowser * self), (self))
