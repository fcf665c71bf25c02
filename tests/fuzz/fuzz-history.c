/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz entry point for history.jsonl (issue 36): the input is the file. It is loaded as the
 * statistics page loads it, and then renamed, merged and deleted from as the page does, each
 * on a fresh copy, with a differential check: every line an operation was not about comes
 * back byte for byte, and every line it was about reads back as the same game with only the
 * names it was about changed. */
#include "fuzz-common.h"

#include <string.h>

#include "lp-history.h"
#include "lp-json.h"
#include "lp-player.h"

/* The history logs a warning per damaged line it skips (and keeps); anything else logged
 * is a finding. */
static void on_log(const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
    if ((level & G_LOG_LEVEL_WARNING) && strstr(message, "(kept in the file)") != NULL)
        return;
    fuzz_fail("logged: %s", message);
}

static const char *history_path(void)
{
    static char *path;
    if (path == NULL) {
        g_autoptr(GError) error = NULL;
        char *dir = g_dir_make_tmp("landpartie-fuzz-history-XXXXXX", &error);
        if (dir == NULL)
            fuzz_fail("no temporary folder: %s", error->message);
        path = g_build_filename(dir, LP_HISTORY_FILE_NAME, NULL);
        g_free(dir);
    }
    return path;
}

static LpHistory *load(const char *data, gsize size)
{
    g_autoptr(GError) error = NULL;
    if (!g_file_set_contents(history_path(), data, (gssize)size, &error))
        fuzz_fail("cannot write the input: %s", error->message);
    LpHistory *h = lp_history_new(history_path());
    if (!lp_history_load(h, &error))
        fuzz_fail("a file of %" G_GSIZE_FORMAT " bytes cannot be read: %s", size,
                  error->message);
    return h;
}

/* The file's lines as each_line() in lp-history.c sees them: split at '\n'; a last piece
 * without one counts only when it is not empty. */
static void string_free(gpointer s)
{
    g_string_free(s, TRUE);
}

/* Each a GString: a damaged line may hold NUL bytes. */
static GPtrArray *lines_of(const char *data, gsize size)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(string_free);
    const char *p = data, *end = data + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (gsize)(end - p));
        const char *stop = nl != NULL ? nl : end;
        g_ptr_array_add(lines, g_string_new_len(p, stop - p));
        p = nl != NULL ? nl + 1 : end;
    }
    return lines;
}

static char *file_text(gsize *size)
{
    g_autoptr(GError) error = NULL;
    char *text = NULL;
    if (!g_file_get_contents(history_path(), &text, size, &error))
        fuzz_fail("cannot read the file back: %s", error->message);
    return text;
}

/* The record read from line (from 1), or NULL for a damaged or empty line. */
static const LpHistoryRecord *record_at(LpHistory *h, guint line)
{
    for (guint i = 0; i < lp_history_get_n_records(h); i++) {
        const LpHistoryRecord *r = lp_history_get_record(h, i);
        if (r->line == line)
            return r;
    }
    return NULL;
}

typedef enum { OP_RENAME, OP_DELETE_PLAYER, OP_DELETE_GAME } OpKind;

/* Whether the seat is one the operation is about. */
static gboolean seat_matches(const LpHistorySeat *seat, const char *key)
{
    return seat->human && seat->key != NULL && g_strcmp0(seat->key, key) == 0;
}

static gboolean about(const LpHistoryRecord *r, OpKind op, const char *key, const char *id)
{
    if (r == NULL)
        return FALSE;
    if (op == OP_DELETE_GAME)
        return g_strcmp0(r->id, id) == 0;
    for (guint s = 0; s < r->n_seats; s++) {
        if (seat_matches(&r->seats[s], key))
            return TRUE;
    }
    return FALSE;
}

/* The game of line after the operation is the one before, seat by seat, but for the names
 * the operation was about: new_name (rename) or none (delete). */
static void check_same_game(const LpHistoryRecord *a, const LpHistoryRecord *b, const char *key,
                            const char *new_name, guint line)
{
    if (b == NULL)
        fuzz_fail("line %u was renamed into a line the history cannot read", line);
    if (g_strcmp0(a->id, b->id) != 0 || a->kind != b->kind || a->date != b->date ||
        a->duration != b->duration || a->option != b->option || a->n_seats != b->n_seats)
        fuzz_fail("line %u changed more than names", line);
    for (guint s = 0; s < a->n_seats; s++) {
        const LpHistorySeat *x = &a->seats[s], *y = &b->seats[s];
        if (seat_matches(x, key)) {
            if (g_strcmp0(y->name, new_name) != 0)
                fuzz_fail("line %u, seat %u: the name is not the new one", line, s + 1);
        } else if (g_strcmp0(x->name, y->name) != 0) {
            fuzz_fail("line %u, seat %u: a name the operation was not about changed", line,
                      s + 1);
        }
        if (strcmp(x->colour, y->colour) != 0 || x->human != y->human ||
            x->level != y->level || x->score != y->score || x->rank != y->rank ||
            x->winner != y->winner || memcmp(x->figures, y->figures, sizeof x->figures) != 0)
            fuzz_fail("line %u, seat %u changed more than its name", line, s + 1);
    }
}

/* One operation on a fresh copy of the input, and the differential check. */
static void run_op(const char *data, gsize size, OpKind op, const char *name,
                   const char *new_name, const char *id)
{
    g_autoptr(LpHistory) before = load(data, size);
    g_autofree char *key = name != NULL ? lp_history_name_key(name) : NULL;
    g_autoptr(GError) error = NULL;
    gboolean ok = op == OP_RENAME ? lp_history_rename_player(before, name, new_name, &error)
                  : op == OP_DELETE_PLAYER ? lp_history_delete_player(before, name, &error)
                                           : lp_history_delete_game(before, id, &error);
    gsize after_size = 0;
    g_autofree char *after_text = file_text(&after_size);
    if (!ok) {
        fuzz_check_refusal(error, "a change of the history");
        if (after_size != size || memcmp(after_text, data, size) != 0)
            fuzz_fail("a refused change changed the file");
        return;
    }
    /* What the operation wrote, read by a history of its own. */
    g_autoptr(LpHistory) reread = lp_history_new(history_path());
    if (!lp_history_load(reread, &error))
        fuzz_fail("the rewritten file cannot be read: %s", error->message);
    g_autoptr(LpHistory) original = load(data, size);
    if (lp_history_get_n_damaged(reread) != lp_history_get_n_damaged(original))
        fuzz_fail("the rewrite changed the number of damaged lines from %u to %u",
                  lp_history_get_n_damaged(original), lp_history_get_n_damaged(reread));
    g_autoptr(GPtrArray) old_lines = lines_of(data, size);
    g_autoptr(GPtrArray) new_lines = lines_of(after_text, after_size);
    g_autofree char *clean_new = new_name != NULL ? lp_player_name_clean(new_name, 0) : NULL;
    guint j = 0;
    for (guint i = 0; i < old_lines->len; i++) {
        const LpHistoryRecord *r = record_at(original, i + 1);
        gboolean is_about = about(r, op, key, id);
        if (is_about && op == OP_DELETE_GAME)
            continue; /* the game is gone */
        if (j >= new_lines->len)
            fuzz_fail("the rewrite lost line %u", i + 1);
        if (!is_about) {
            if (!g_string_equal(old_lines->pdata[i], new_lines->pdata[j]))
                fuzz_fail("line %u, which the operation was not about, changed", i + 1);
        } else {
            check_same_game(r, record_at(reread, j + 1), key, clean_new, i + 1);
        }
        j++;
    }
    if (j != new_lines->len)
        fuzz_fail("the rewrite added %u lines", new_lines->len - j);
    /* A file that ended without a newline still does, and one that ended with one too. */
    gboolean ended = size == 0 || data[size - 1] == '\n';
    gboolean ended_after = after_size == 0 || after_text[after_size - 1] == '\n';
    if (ended != ended_after && !(op == OP_DELETE_GAME && after_size == 0))
        fuzz_fail("the rewrite changed how the file ends");
}

int LLVMFuzzerTestOneInput(const uint8_t *bytes, size_t size)
{
    const char *data = (const char *)bytes;
    fuzz_init();
    static gboolean handler;
    if (!handler) {
        handler = TRUE;
        g_log_set_always_fatal(G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL);
        g_log_set_default_handler(on_log, NULL);
    }
    if (size > 256 * 1024)
        return 0; /* a few hundred games are enough to find what thousands would */

    g_autoptr(LpHistory) h = load(data, size);
    g_autoptr(GPtrArray) lines = lines_of(data, size);
    /* Both readers agree: every line the history reads as a game, the strict JSON reader
     * of saves and settings reads too (issue 36: they differed on members named twice). */
    const char *first = NULL, *first_key = NULL, *second = NULL, *id = NULL;
    for (guint i = 0; i < lp_history_get_n_records(h); i++) {
        const LpHistoryRecord *r = lp_history_get_record(h, i);
        GString *line = lines->pdata[r->line - 1];
        g_autoptr(GError) error = NULL;
        g_autoptr(JsonNode) node = lp_json_parse(line->str, (gssize)line->len, &error);
        if (node == NULL)
            fuzz_fail("line %u is a game to the history but not JSON to lp_json_parse: %s",
                      r->line, error->message);
        if (id == NULL)
            id = r->id;
        for (guint s = 0; s < r->n_seats; s++) {
            const LpHistorySeat *seat = &r->seats[s];
            if (seat->name == NULL)
                continue;
            fuzz_check_name(seat->name, "a name in the history");
            if (!seat->human)
                continue;
            if (first == NULL)
                first = seat->name, first_key = seat->key;
            else if (second == NULL && g_strcmp0(seat->key, first_key) != 0)
                second = seat->name;
        }
    }
    if (first == NULL && id == NULL)
        return 0;
    /* Copies: each operation reloads the input, which frees h's records. */
    g_autofree char *a = g_strdup(first), *b = g_strdup(second), *game = g_strdup(id);
    g_clear_object(&h);
    if (a != NULL) {
        run_op(data, size, OP_RENAME, a, "Fuzz \u202E\u2028Name\u0301\u0301\u0301\u0301", NULL);
        if (b != NULL)
            run_op(data, size, OP_RENAME, a, b, NULL); /* a merge, or refused */
        run_op(data, size, OP_DELETE_PLAYER, a, NULL, NULL);
    }
    if (game != NULL)
        run_op(data, size, OP_DELETE_GAME, NULL, NULL, game);
    return 0;
}
