/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saved games on disk: one JSON file per game kind, written atomically; unreadable files are
 * moved aside and reported, never overwritten or deleted. Autosaves are serialised on the
 * caller's thread and written on a worker thread, so no move waits for the disk. */
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

/* What is still to be done to one kind's file: nothing, write bytes, or remove it. */
typedef enum {
    OP_NONE,
    OP_WRITE,
    OP_REMOVE,
} OpKind;

typedef struct {
    OpKind kind;
    GBytes *data; /* OP_WRITE */
} Op;

/* One kind's writes. Shared with the worker thread (hence reference counted apart from the
 * store): the thread sees only `path` and the op it was given, and marks it done under
 * `lock`. At most one op is in flight; a newer one waits in `pending` and replaces any
 * older one that has not started: the newest state wins. */
typedef struct {
    gatomicrefcount ref;
    LpSaveStore *store; /* NULL once the store is gone; only touched on the main thread */
    char *kind;
    char *path;
    GMutex lock;
    GCond done_cond;
    gboolean in_flight;
    gboolean in_flight_done;  /* under lock */
    Op in_flight_op;
    GError *in_flight_error;  /* under lock, set by the thread */
    Op pending;
    gboolean release_when_idle;
    guint64 in_flight_serial;
    guint64 last_serial;
} Writer;

/* A save read for the start page, kept so that Continue need not read and check it again
 * as long as the file is the same one (atomic writes give every version its own inode). */
typedef struct {
    dev_t dev;
    ino_t ino;
    off_t size;
    gint64 mtime_ns;
    LpGame *game;
} Peeked;

struct _LpSaveStore {
    GObject parent_instance;
    char *dir;
    GHashTable *claims;  /* kind → file descriptor of its locked "<kind>.lock" */
    GHashTable *writers; /* kind → Writer */
    GHashTable *peeked;  /* kind → Peeked */
};

G_DEFINE_FINAL_TYPE(LpSaveStore, lp_save_store, G_TYPE_OBJECT)

enum {
    WRITE_FAILED,
    N_SIGNALS
};
static guint signals[N_SIGNALS];

static void op_clear(Op *op)
{
    g_clear_pointer(&op->data, g_bytes_unref);
    op->kind = OP_NONE;
}

static Writer *writer_ref(Writer *w)
{
    g_atomic_ref_count_inc(&w->ref);
    return w;
}

static void writer_unref(gpointer data)
{
    Writer *w = data;
    if (!g_atomic_ref_count_dec(&w->ref))
        return;
    op_clear(&w->in_flight_op);
    op_clear(&w->pending);
    g_clear_error(&w->in_flight_error);
    g_mutex_clear(&w->lock);
    g_cond_clear(&w->done_cond);
    g_free(w->kind);
    g_free(w->path);
    g_free(w);
}

static void peeked_free(gpointer data)
{
    Peeked *p = data;
    g_clear_object(&p->game);
    g_free(p);
}

static void flush_writer(Writer *w, GError **error);

static void close_claim(gpointer fd)
{
    /* Closing the file releases its flock. */
    close(GPOINTER_TO_INT(fd));
}

static void lp_save_store_dispose(GObject *object)
{
    LpSaveStore *self = LP_SAVE_STORE(object);
    /* The last autosave reaches the disk before the locks go. */
    if (self->writers != NULL) {
        GHashTableIter iter;
        gpointer value;
        g_hash_table_iter_init(&iter, self->writers);
        while (g_hash_table_iter_next(&iter, NULL, &value)) {
            Writer *w = value;
            flush_writer(w, NULL);
            w->store = NULL;
        }
        g_clear_pointer(&self->writers, g_hash_table_unref);
    }
    g_clear_pointer(&self->peeked, g_hash_table_unref);
    G_OBJECT_CLASS(lp_save_store_parent_class)->dispose(object);
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
    G_OBJECT_CLASS(klass)->dispose = lp_save_store_dispose;
    G_OBJECT_CLASS(klass)->finalize = lp_save_store_finalize;
    /**
     * LpSaveStore::write-failed:
     * @kind: the game kind whose save could not be written or removed
     * @error: why, with the file's path in the message
     *
     * An autosave begun by lp_save_store_save() failed on the worker thread. Emitted on
     * the main thread once the write is over.
     */
    signals[WRITE_FAILED] =
        g_signal_new("write-failed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
                     NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);
}

static void lp_save_store_init(LpSaveStore *self)
{
    self->claims = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, close_claim);
    self->writers = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, writer_unref);
    self->peeked = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, peeked_free);
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

/* What the file will hold once the writes queued for kind are done: OP_NONE when nothing
 * is queued and the file is all there is. */
static const Op *queued_op(LpSaveStore *self, const char *kind)
{
    Writer *w = g_hash_table_lookup(self->writers, kind);
    if (w == NULL)
        return NULL;
    if (w->pending.kind != OP_NONE)
        return &w->pending;
    if (w->in_flight)
        return &w->in_flight_op;
    return NULL;
}

gboolean lp_save_store_has(LpSaveStore *self, const char *kind)
{
    g_autofree char *path = lp_save_store_get_path(self, kind);
    if (path == NULL)
        return FALSE;
    const Op *op = queued_op(self, kind);
    if (op != NULL)
        return op->kind == OP_WRITE;
    return g_file_test(path, G_FILE_TEST_IS_REGULAR);
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
    if (g_hash_table_contains(self->claims, kind)) {
        Writer *w = g_hash_table_lookup(self->writers, kind);
        if (w != NULL)
            w->release_when_idle = FALSE;
        return TRUE;
    }
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

static gboolean writer_busy(Writer *w)
{
    return w != NULL && (w->in_flight || w->pending.kind != OP_NONE);
}

void lp_save_store_release(LpSaveStore *self, const char *kind)
{
    g_return_if_fail(LP_IS_SAVE_STORE(self));
    g_return_if_fail(kind != NULL);
    Writer *w = g_hash_table_lookup(self->writers, kind);
    /* The lock stays until the last autosave is on the disk: another window must not write
     * the file meanwhile. */
    if (writer_busy(w)) {
        w->release_when_idle = TRUE;
        return;
    }
    g_hash_table_remove(self->claims, kind);
}

/* As many links as Linux follows (MAXSYMLINKS): more is a loop. */
#define MAX_LINKS 40

char *lp_file_resolve_links(const char *path, GError **error)
{
    g_return_val_if_fail(path != NULL, NULL);
    g_autofree char *current = g_strdup(path);
    for (int i = 0; i < MAX_LINKS; i++) {
        GStatBuf st;
        if (g_lstat(current, &st) != 0 || !S_ISLNK(st.st_mode))
            return g_steal_pointer(&current);
        g_autoptr(GError) local = NULL;
        g_autofree char *target = g_file_read_link(current, &local);
        if (target == NULL) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", local->message);
            return NULL;
        }
        if (!g_path_is_absolute(target)) {
            g_autofree char *dir = g_path_get_dirname(current);
            g_autofree char *joined = g_build_filename(dir, target, NULL);
            g_free(target);
            target = g_steal_pointer(&joined);
        }
        g_free(current);
        current = g_steal_pointer(&target);
    }
    g_set_error(error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS,
                _("%s is a chain of more than %d symbolic links"), path, MAX_LINKS);
    return NULL;
}

/* Temporary file + fsync + rename: a crash leaves the old or the new file. Runs on the
 * worker thread for autosaves. A save that is a symbolic link is written where it leads,
 * the temporary file beside the target, so the link stays a link. */
static gboolean write_bytes(const char *link, GBytes *bytes, GError **error)
{
    gsize len;
    const char *data = g_bytes_get_data(bytes, &len);
    g_autoptr(GError) local = NULL;
    g_autofree char *path = lp_file_resolve_links(link, &local);
    if (path == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot save the game to %s: %s"),
                    link, local->message);
        return FALSE;
    }
    if (!g_file_set_contents_full(path, data, (gssize)len, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                  &local)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot save the game to %s: %s"),
                    path, local->message);
        return FALSE;
    }
    return TRUE;
}

/* A save that is a symbolic link: its target is removed and the link stays, so that the
 * next game's save goes where the link leads again. */
static gboolean remove_file(const char *link, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autofree char *path = lp_file_resolve_links(link, &local);
    if (path == NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot remove %s: %s"), link,
                    local->message);
        return FALSE;
    }
    if (g_unlink(path) != 0 && errno != ENOENT) {
        int saved_errno = errno;
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot remove %s: %s"), path,
                    g_strerror(saved_errno));
        return FALSE;
    }
    return TRUE;
}

static gboolean run_op(const char *path, const Op *op, GError **error)
{
    switch (op->kind) {
    case OP_WRITE:
        return write_bytes(path, op->data, error);
    case OP_REMOVE:
        return remove_file(path, error);
    case OP_NONE:
    default:
        return TRUE;
    }
}

typedef struct {
    Writer *writer;
    guint64 serial;
} Job;

static void job_free(gpointer data)
{
    Job *job = data;
    writer_unref(job->writer);
    g_free(job);
}

static void op_thread(GTask *task, gpointer source, gpointer task_data, GCancellable *cancel)
{
    Job *job = task_data;
    Writer *w = job->writer;
    GError *error = NULL;
    (void)source;
    (void)cancel;
    /* in_flight_op and path are left alone by the main thread until done is set. */
    run_op(w->path, &w->in_flight_op, &error);
    g_mutex_lock(&w->lock);
    w->in_flight_error = error;
    w->in_flight_done = TRUE;
    g_cond_broadcast(&w->done_cond);
    g_mutex_unlock(&w->lock);
    g_task_return_boolean(task, TRUE);
}

/* Main thread, once the in-flight op is done: its error goes to error, or else out as
 * "write-failed". */
static void finish_in_flight(Writer *w, GError **error)
{
    g_autoptr(GError) failure = NULL;
    g_assert(w->in_flight);
    g_mutex_lock(&w->lock);
    g_assert(w->in_flight_done);
    failure = g_steal_pointer(&w->in_flight_error);
    g_mutex_unlock(&w->lock);
    w->in_flight = FALSE;
    op_clear(&w->in_flight_op);
    if (failure == NULL)
        return;
    if (error != NULL && *error == NULL)
        g_propagate_error(error, g_steal_pointer(&failure));
    else if (error == NULL && w->store != NULL)
        g_signal_emit(w->store, signals[WRITE_FAILED], 0, w->kind, failure);
}

static void release_if_idle(Writer *w)
{
    if (w->release_when_idle && !writer_busy(w) && w->store != NULL) {
        w->release_when_idle = FALSE;
        g_hash_table_remove(w->store->claims, w->kind);
    }
}

static void on_op_done(GObject *source, GAsyncResult *result, gpointer data);

static void start_next(Writer *w)
{
    g_assert(!w->in_flight);
    if (w->pending.kind == OP_NONE)
        return;
    w->in_flight_op = w->pending;
    w->pending = (Op){OP_NONE, NULL};
    w->in_flight = TRUE;
    w->in_flight_done = FALSE;
    Job *job = g_new0(Job, 1);
    job->writer = writer_ref(w);
    job->serial = ++w->last_serial;
    GTask *task = g_task_new(NULL, NULL, on_op_done, NULL);
    g_task_set_source_tag(task, start_next);
    g_task_set_task_data(task, job, job_free);
    w->in_flight_serial = job->serial;
    g_task_run_in_thread(task, op_thread);
    g_object_unref(task);
}

static void on_op_done(GObject *source, GAsyncResult *result, gpointer data)
{
    Job *job = g_task_get_task_data(G_TASK(result));
    Writer *w = job->writer;
    (void)source;
    (void)data;
    /* A flush may have finished this op already, and started none or another since. */
    if (!w->in_flight || w->in_flight_serial != job->serial)
        return;
    finish_in_flight(w, NULL);
    start_next(w);
    release_if_idle(w);
}

/* Waits for the op in flight and does what is pending at once, on this thread. */
static void flush_writer(Writer *w, GError **error)
{
    if (w->in_flight) {
        g_mutex_lock(&w->lock);
        while (!w->in_flight_done)
            g_cond_wait(&w->done_cond, &w->lock);
        g_mutex_unlock(&w->lock);
        finish_in_flight(w, error);
    }
    if (w->pending.kind != OP_NONE) {
        Op op = w->pending;
        g_autoptr(GError) local = NULL;
        w->pending = (Op){OP_NONE, NULL};
        if (!run_op(w->path, &op, &local)) {
            if (error != NULL && *error == NULL)
                g_propagate_error(error, g_steal_pointer(&local));
            else if (error == NULL && w->store != NULL)
                g_signal_emit(w->store, signals[WRITE_FAILED], 0, w->kind, local);
        }
        op_clear(&op);
    }
    release_if_idle(w);
}

static Writer *get_writer(LpSaveStore *self, const char *kind)
{
    Writer *w = g_hash_table_lookup(self->writers, kind);
    if (w == NULL) {
        w = g_new0(Writer, 1);
        g_atomic_ref_count_init(&w->ref);
        w->store = self;
        w->kind = g_strdup(kind);
        w->path = lp_save_store_get_path(self, kind);
        g_mutex_init(&w->lock);
        g_cond_init(&w->done_cond);
        g_hash_table_insert(self->writers, w->kind, w);
    }
    return w;
}

/* The newest state wins: what has not started yet is replaced. */
static void queue_op(LpSaveStore *self, const char *kind, OpKind op, GBytes *data)
{
    Writer *w = get_writer(self, kind);
    op_clear(&w->pending);
    w->pending.kind = op;
    w->pending.data = data;
    if (!w->in_flight)
        start_next(w);
}

/* Writes what is queued for kind now (set aside and the synchronous write must come after). */
static void flush_kind(LpSaveStore *self, const char *kind)
{
    Writer *w = g_hash_table_lookup(self->writers, kind);
    if (writer_busy(w))
        flush_writer(w, NULL);
}

gboolean lp_save_store_flush(LpSaveStore *self, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    GHashTableIter iter;
    gpointer value;
    g_autoptr(GError) first = NULL;
    g_hash_table_iter_init(&iter, self->writers);
    while (g_hash_table_iter_next(&iter, NULL, &value))
        flush_writer(value, &first);
    if (first != NULL) {
        g_propagate_error(error, g_steal_pointer(&first));
        return FALSE;
    }
    return TRUE;
}

gboolean lp_save_store_is_writing(LpSaveStore *self)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    GHashTableIter iter;
    gpointer value;
    g_hash_table_iter_init(&iter, self->writers);
    while (g_hash_table_iter_next(&iter, NULL, &value)) {
        if (writer_busy(value))
            return TRUE;
    }
    return FALSE;
}

gboolean lp_save_store_save(LpSaveStore *self, LpGame *game, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    g_return_val_if_fail(LP_IS_GAME(game), FALSE);
    const char *kind = lp_game_get_kind(game);
    if (!lp_save_store_claim(self, kind, error))
        return FALSE;
    gsize len;
    char *data = lp_game_save_to_data(game, &len);
    g_hash_table_remove(self->peeked, kind);
    queue_op(self, kind, OP_WRITE, g_bytes_new_take(data, len));
    return TRUE;
}

gboolean lp_save_store_write(LpSaveStore *self, LpGame *game, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    g_return_val_if_fail(LP_IS_GAME(game), FALSE);
    const char *kind = lp_game_get_kind(game);
    if (!lp_save_store_claim(self, kind, error))
        return FALSE;
    flush_kind(self, kind);
    g_hash_table_remove(self->peeked, kind);
    g_autofree char *path = lp_save_store_get_path(self, kind);
    gsize len;
    g_autoptr(GBytes) bytes = NULL;
    char *data = lp_game_save_to_data(game, &len);
    bytes = g_bytes_new_take(data, len);
    return write_bytes(path, bytes, error);
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
static char *read_file(const char *path, gsize *len, GStatBuf *stat_out, GError **error)
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
    if (stat_out != NULL)
        *stat_out = st;
    return data;
}

/* Reads and validates a save without moving anything; the error is the reason alone. */
static LpGame *restore_game(GType type, const char *data, gsize len, GError **error)
{
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

static gboolean same_file(const Peeked *p, const GStatBuf *st)
{
    return p->dev == st->st_dev && p->ino == st->st_ino && p->size == st->st_size &&
           p->mtime_ns == (gint64)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
}

/* The game the start page read from the file that is still there, or NULL. */
static LpGame *take_peeked(LpSaveStore *self, const char *kind, const char *path,
                           gboolean keep)
{
    Peeked *p = g_hash_table_lookup(self->peeked, kind);
    GStatBuf st;
    if (p == NULL)
        return NULL;
    if (g_stat(path, &st) != 0 || !same_file(p, &st)) {
        g_hash_table_remove(self->peeked, kind);
        return NULL;
    }
    LpGame *game = g_object_ref(p->game);
    /* Continue plays it: a later peek must not hand out the same, now running, object. */
    if (!keep)
        g_hash_table_remove(self->peeked, kind);
    return game;
}

static void remember_peeked(LpSaveStore *self, const char *kind, const GStatBuf *st,
                            LpGame *game)
{
    Peeked *p = g_new0(Peeked, 1);
    p->dev = st->st_dev;
    p->ino = st->st_ino;
    p->size = st->st_size;
    p->mtime_ns = (gint64)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
    p->game = g_object_ref(game);
    g_hash_table_replace(self->peeked, g_strdup(kind), p);
}

static LpGame *read_game(const char *path, GType type, GStatBuf *st, GError **error)
{
    gsize len = 0;
    g_autofree char *data = read_file(path, &len, st, error);
    if (data == NULL)
        return NULL;
    return restore_game(type, data, len, error);
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
    /* This store's own autosave, still on its way to the disk, is the newest state. */
    const Op *op = queued_op(self, kind);
    if (op != NULL && op->kind == OP_WRITE) {
        gsize len;
        const char *data = g_bytes_get_data(op->data, &len);
        return restore_game(type, data, len, error);
    }
    LpGame *game = take_peeked(self, kind, path, FALSE);
    if (game != NULL && G_TYPE_CHECK_INSTANCE_TYPE(game, type))
        return game;
    g_clear_object(&game);
    g_autoptr(GError) local = NULL;
    if (op != NULL) /* a removal on its way */
        g_set_error(&local, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, "%s", g_strerror(ENOENT));
    else
        game = read_game(path, type, NULL, &local);
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
    const Op *op = queued_op(self, kind);
    if (op != NULL && op->kind == OP_WRITE) {
        gsize len;
        const char *data = g_bytes_get_data(op->data, &len);
        return restore_game(type, data, len, error);
    }
    if (op != NULL) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, "%s", g_strerror(ENOENT));
        return NULL;
    }
    LpGame *game = take_peeked(self, kind, path, TRUE);
    if (game != NULL && G_TYPE_CHECK_INSTANCE_TYPE(game, type))
        return game;
    g_clear_object(&game);
    GStatBuf st;
    game = read_game(path, type, &st, error);
    if (game != NULL)
        remember_peeked(self, kind, &st, game);
    return game;
}

char *lp_save_store_set_aside(LpSaveStore *self, const char *kind, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), NULL);
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, NULL);
    flush_kind(self, kind);
    g_hash_table_remove(self->peeked, kind);
    char *target = move_aside(self, kind, path);
    if (target == NULL)
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO, _("Cannot move %s aside"), path);
    return target;
}

gboolean lp_save_store_remove(LpSaveStore *self, const char *kind, GError **error)
{
    g_return_val_if_fail(LP_IS_SAVE_STORE(self), FALSE);
    g_autofree char *path = lp_save_store_get_path(self, kind);
    g_return_val_if_fail(path != NULL, FALSE);
    g_hash_table_remove(self->peeked, kind);
    /* After the writes already queued, or a late write would bring the file back. */
    if (writer_busy(g_hash_table_lookup(self->writers, kind))) {
        queue_op(self, kind, OP_REMOVE, NULL);
        return TRUE;
    }
    return remove_file(path, error);
}
