/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saved games on disk: one JSON file per game kind, written atomically; unreadable files are
 * moved aside and reported, never overwritten or deleted. */
/* flock() and O_CLOEXEC are not part of C11. */
#define _GNU_SOURCE

#include "lp-save-store.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <unistd.h>

#include "lp-json.h"

struct _LpSaveStore {
    GObject parent_instance;
    char *dir;
    GHashTable *claims; /* kind → file descriptor of its locked "<kind>.lock" */
};

G_DEFINE_FINAL_TYPE(LpSaveStore, lp_save_store, G_TYPE_OBJECT)

static void close_claim(gpointer fd)
{
    /* Closing the file releases its flock. */
    close(GPOINTER_TO_INT(fd));
}

static void lp_save_store_finalize(GObject *object)
{
    LpSaveStore *self = LP_SAVE_STORE(object);
    g_clear_pointer(&self->claims, g_hash_table_unref);
    g_clear_pointer(&self->dir, g_free);
    G_OBJECT_CLASS(lp_save_store_parent_class)->finalize(object);
}

static void lp_save_store_class_init(LpSaveStoreClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = lp_save_store_finalize;
}

static void lp_save_store_init(LpSaveStore *self)
{
    self->claims = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, close_claim);
}

LpSaveStore *lp_save_store_new(const char *dir)
{
    LpSaveStore *self = g_object_new(LP_TYPE_SAVE_STORE, NULL);
    self->dir = dir != NULL ? g_strdup(dir)
                            : g_build_filename(g_get_user_data_dir(), "landpartie", NULL);
    return self;
}

const char *lp_save_store_get_dir(LpSaveStore *self)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), NULL);
    return self->dir;
}

static gboolean kind_is_valid(const char *kind)
{
    if (kind == NULL || *kind == '\0')
        return FALSE;
    for (const char *c = kind; *c; c++) {
        if (!g_ascii_islower(*c))
            return FALSE;
    }
    return TRUE;
}

char *lp_save_store_get_path(LpSaveStore *self, const char *kind)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), NULL);
    g_return_val_if_fail(kind_is_valid(kind), NULL);
    g_autofree char *name = g_strconcat(kind, ".json", NULL);
    return g_build_filename(self->dir, name, NULL);
}

gboolean lp_save_store_has(LpSaveStore *self, const char *kind)
{
    g_autofree char *path = lp_save_store_get_path(self, kind);
    return path != NULL && g_file_test(path, G_FILE_TEST_IS_REGULAR);
}

static gboolean make_dir(LpSaveStore *self, GError **error)
{
    if (g_mkdir_with_parents(self->dir, 0700) != 0) {
        int saved_errno = errno;
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot create the folder %s: %s"),
                    self->dir, g_strerror(saved_errno));
        return FALSE;
    }
    return TRUE;
}

/* Removes "<kind>.json.XXXXXX", what g_file_set_contents_full leaves when the program is
 * killed in the middle of a write. Only called while this store holds the kind's claim,
 * so no other window is writing it. */
static void remove_stale_temporaries(LpSaveStore *self, const char *kind)
{
    g_autoptr(GDir) dir = g_dir_open(self->dir, 0, NULL);
    g_autofree char *prefix = g_strconcat(kind, ".json.", NULL);
    const char *name;
    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        if (g_str_has_prefix(name, prefix) && strlen(name) == strlen(prefix) + 6) {
            g_autofree char *path = g_build_filename(self->dir, name, NULL);
            g_unlink(path);
        }
    }
}

gboolean lp_save_store_claim(LpSaveStore *self, const char *kind, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    g_return_val_if_fail(kind_is_valid(kind), FALSE);
    if (g_hash_table_contains(self->claims, kind))
        return TRUE;
    if (!make_dir(self, error))
        return FALSE;
    g_autofree char *name = g_strconcat(kind, ".lock", NULL);
    g_autofree char *path = g_build_filename(self->dir, name, NULL);
    int fd = g_open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        int saved_errno = errno;
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot open %s: %s"), path,
                    g_strerror(saved_errno));
        return FALSE;
    }
    /* An advisory lock, held as long as this store plays the kind: a second Landpartie
     * (without a session bus both become primary) must not write the same save. */
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int saved_errno = errno;
        close(fd);
        if (saved_errno == EWOULDBLOCK)
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY,
                        _("This game is open in another Landpartie window."));
        else
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot lock %s: %s"), path,
                        g_strerror(saved_errno));
        return FALSE;
    }
    g_hash_table_insert(self->claims, g_strdup(kind), GINT_TO_POINTER(fd));
    remove_stale_temporaries(self, kind);
    return TRUE;
}

void lp_save_store_release(LpSaveStore *self, const char *kind)
{
    g_return_if_fail(LP_IS_SAVE_STORE(self));
    g_return_if_fail(kind != NULL);
    g_hash_table_remove(self->claims, kind);
}

gboolean lp_save_store_write(LpSaveStore *self, LpGame *game, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    g_return_val_if_fail(LP_IS_GAME(game), FALSE);
    if (!lp_save_store_claim(self, lp_game_get_kind(game), error))
        return FALSE;
    g_autofree char *path = lp_save_store_get_path(self, lp_game_get_kind(game));
    gsize len;
    g_autofree char *data = lp_game_save_to_data(game, &len);
    g_autoptr(GError) local = NULL;
    /* CONSISTENT = temporary file + fsync + rename: a crash leaves the old or the new file. */
    if (!g_file_set_contents_full(path, data, (gssize)len, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                  &local)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot save the game to %s: %s"),
                    path, local->message);
        return FALSE;
    }
    return TRUE;
}

/* Renames path to "<kind>-unreadable-<time>[-n].json" in the same folder. */
static char *move_aside(LpSaveStore *self, const char *kind, const char *path)
{
    g_autoptr(GDateTime) now = g_date_time_new_now_local();
    g_autofree char *stamp = g_date_time_format(now, "%Y%m%d-%H%M%S");
    for (int n = 0; n < 100; n++) {
        g_autofree char *name = n == 0
                                    ? g_strdup_printf("%s-unreadable-%s.json", kind, stamp)
                                    : g_strdup_printf("%s-unreadable-%s-%d.json", kind, stamp, n);
        g_autofree char *target = g_build_filename(self->dir, name, NULL);
        if (g_file_test(target, G_FILE_TEST_EXISTS))
            continue;
        if (g_rename(path, target) == 0)
            return g_steal_pointer(&target);
        return NULL;
    }
    return NULL;
}

/* Reads a save, after checking that it is a regular file no larger than any save can be: a
 * 3 GB file in the save folder must not take the start page's time and memory. */
static char *read_file(const char *path, gsize *len, GError **error)
{
    GStatBuf st;
    if (g_stat(path, &st) != 0) {
        int saved_errno = errno;
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, "%s", g_strerror(saved_errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_JSON, _("it is not a file"));
        return NULL;
    }
    if ((guint64)st.st_size > LP_JSON_MAX_SIZE) {
        g_autofree char *size = g_format_size((guint64)st.st_size);
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_JSON,
                    _("the file has %s, far more than a saved game (at most 1 MB)"), size);
        return NULL;
    }
    char *data = NULL;
    g_autoptr(GError) local = NULL;
    if (!g_file_get_contents(path, &data, len, &local)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, "%s", local->message);
        return NULL;
    }
    return data;
}

/* Reads and validates a save without moving anything; the error is the reason alone. */
static LpGame *read_game(const char *path, GType type, GError **error)
{
    gsize len = 0;
    g_autofree char *data = read_file(path, &len, error);
    if (data == NULL)
        return NULL;
    g_autoptr(GError) local = NULL;
    LpGame *game = lp_game_restore_from_data(type, data, len, &local);
    if (game == NULL) {
        if (local == NULL) /* a reader that failed without saying why: still say something */
            g_set_error(&local, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                        _("the game state is not valid"));
        g_propagate_error(error, g_steal_pointer(&local));
    }
    return game;
}

LpGame *lp_save_store_load(LpSaveStore *self, const char *kind, GType type, char **moved_to,
                           GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), NULL);
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, NULL);
    if (moved_to != NULL)
        *moved_to = NULL;

    /* Another window plays this save: leave the file alone, whatever it holds. */
    if (!lp_save_store_claim(self, kind, error))
        return NULL;
    g_autoptr(GError) local = NULL;
    LpGame *game = read_game(path, type, &local);
    if (game != NULL)
        return game;

    if (g_error_matches(local, LP_SAVE_ERROR, LP_SAVE_ERROR_IO) &&
        !g_file_test(path, G_FILE_TEST_EXISTS)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("There is no saved game in %s"),
                    path);
        return NULL;
    }
    g_autofree char *target = move_aside(self, kind, path);
    if (target != NULL) {
        g_set_error(error, local->domain, local->code,
                    _("The saved game %s cannot be read: %s. It was moved to %s."), path,
                    local->message, target);
        if (moved_to != NULL)
            *moved_to = g_steal_pointer(&target);
    } else {
        g_set_error(error, local->domain, local->code,
                    _("The saved game %s cannot be read: %s. It could not be moved aside and "
                      "was left as it is."),
                    path, local->message);
    }
    return NULL;
}

LpGame *lp_save_store_peek(LpSaveStore *self, const char *kind, GType type, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), NULL);
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, NULL);
    return read_game(path, type, error);
}

char *lp_save_store_set_aside(LpSaveStore *self, const char *kind, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), NULL);
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, NULL);
    char *target = move_aside(self, kind, path);
    if (target == NULL)
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot move %s aside"), path);
    return target;
}

gboolean lp_save_store_remove(LpSaveStore *self, const char *kind, GError **error)
{
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, FALSE);
    if (g_unlink(path) != 0 && errno != ENOENT) {
        int saved_errno = errno;
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot remove %s: %s"), path,
                    g_strerror(saved_errno));
        return FALSE;
    }
    return TRUE;
}
