/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saved games on disk: one JSON file per game kind, written atomically; unreadable files are
 * moved aside and reported, never overwritten or deleted. */
#include "lp-save-store.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "lp-json.h"

struct _LpSaveStore {
    GObject parent_instance;
    char *dir;
};

G_DEFINE_FINAL_TYPE(LpSaveStore, lp_save_store, G_TYPE_OBJECT)

static void lp_save_store_finalize(GObject *object)
{
    LpSaveStore *self = LP_SAVE_STORE(object);
    g_clear_pointer(&self->dir, g_free);
    G_OBJECT_CLASS(lp_save_store_parent_class)->finalize(object);
}

static void lp_save_store_class_init(LpSaveStoreClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = lp_save_store_finalize;
}

static void lp_save_store_init(LpSaveStore *self)
{
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

gboolean lp_save_store_write(LpSaveStore *self, LpGame *game, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    g_return_val_if_fail(LP_IS_GAME(game), FALSE);
    if (g_mkdir_with_parents(self->dir, 0700) != 0) {
        int saved_errno = errno;
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot create the folder %s: %s"),
                    self->dir, g_strerror(saved_errno));
        return FALSE;
    }
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

LpGame *lp_save_store_load(LpSaveStore *self, const char *kind, GType type, char **moved_to,
                           GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), NULL);
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, NULL);
    if (moved_to != NULL)
        *moved_to = NULL;

    gsize len = 0;
    g_autoptr(GError) local = NULL;
    g_autofree char *data = read_file(path, &len, &local);
    LpGame *game = NULL;
    if (data != NULL) {
        if (!g_utf8_validate(data, (gssize)len, NULL))
            g_set_error(&local, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_JSON,
                        _("the file is not text (not UTF-8)"));
        else
            game = lp_game_restore_from_data(type, data, len, &local);
    }
    if (game != NULL)
        return game;
    if (local == NULL) /* a reader that failed without saying why: still say something */
        g_set_error(&local, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("the game state is not valid"));

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

JsonNode *lp_save_store_peek(LpSaveStore *self, const char *kind, GError **error)
{
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, NULL);
    gsize len = 0;
    g_autofree char *data = read_file(path, &len, error);
    if (data == NULL)
        return NULL;
    g_autoptr(GError) local = NULL;
    JsonNode *root = lp_json_parse(data, (gssize)len, &local);
    if (root == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_JSON,
                    _("the file is not valid JSON or is cut off (%s)"), local->message);
        return NULL;
    }
    if (!JSON_NODE_HOLDS_OBJECT(root)) {
        json_node_unref(root);
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_NOT_OBJECT,
                    _("the file is JSON, but not a saved game"));
        return NULL;
    }
    return root;
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
