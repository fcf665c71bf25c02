/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history of finished games: history.jsonl, one record per line (issue 15). */
/* flock(), pread(), fsync() and O_CLOEXEC are not part of C11. */
#define _GNU_SOURCE

#include "lp-history.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lp-error.h"
#include "lp-json.h"
#include "lp-save-store.h"

/* Damaged lines are reported one by one up to this many, then once for the rest: a hostile
 * file of a million bad lines must not flood the log. */
#define MAX_WARNINGS 5

static const char *const kind_names[LP_HISTORY_N_KINDS] = {"buxtehude", "minden", "aufachse"};

const char *lp_history_kind_to_string(LpHistoryKind kind)
{
    g_return_val_if_fail(kind < LP_HISTORY_N_KINDS, NULL);
    return kind_names[kind];
}

int lp_history_kind_from_string(const char *kind)
{
    for (int i = 0; i < LP_HISTORY_N_KINDS; i++) {
        if (g_strcmp0(kind, kind_names[i]) == 0)
            return i;
    }
    return -1;
}

char *lp_history_name_key(const char *name)
{
    g_return_val_if_fail(name != NULL, NULL);
    g_autofree char *normal = g_utf8_normalize(name, -1, G_NORMALIZE_NFKC);
    if (normal == NULL) /* not UTF-8: no record holds such a name */
        return g_strdup("");
    g_autofree char *folded = g_utf8_casefold(normal, -1);
    GString *key = g_string_sized_new(strlen(folded));
    for (const char *c = folded; *c; c = g_utf8_next_char(c)) {
        gunichar u = g_utf8_get_char(c);
        if (!g_unichar_isspace(u) && g_unichar_type(u) != G_UNICODE_FORMAT)
            g_string_append_unichar(key, u);
    }
    return g_string_free(key, FALSE);
}

/* ---- a new record ---- */

/* Competition ranking: 1 for the best score, equal scores share a rank (1, 2, 2, 4). */
static guint rank_of(JsonArray *scores, guint seat)
{
    gint64 mine = json_array_get_int_element(scores, seat);
    guint rank = 1;
    for (guint i = 0; i < json_array_get_length(scores); i++) {
        if (json_array_get_int_element(scores, i) > mine)
            rank++;
    }
    return rank;
}

static gboolean array_has_int(JsonArray *array, gint64 value)
{
    for (guint i = 0; array != NULL && i < json_array_get_length(array); i++) {
        if (json_array_get_int_element(array, i) == value)
            return TRUE;
    }
    return FALSE;
}

JsonNode *lp_history_record_new(LpGame *game, GDateTime *ended)
{
    g_return_val_if_fail(LP_IS_GAME(game), NULL);
    if (!lp_game_is_over(game))
        return NULL;
    g_autoptr(JsonNode) result = lp_game_result(game);
    g_autoptr(JsonNode) part = lp_game_record(game);
    if (result == NULL || !JSON_NODE_HOLDS_OBJECT(result))
        return NULL;
    JsonObject *res = json_node_get_object(result);
    JsonArray *scores = json_object_get_array_member(res, "scores");
    JsonArray *winners = json_object_has_member(res, "winners")
                             ? json_object_get_array_member(res, "winners")
                             : NULL;
    guint n = lp_game_get_n_players(game);
    if (scores == NULL || json_array_get_length(scores) != n)
        return NULL;
    JsonObject *game_part = part != NULL && JSON_NODE_HOLDS_OBJECT(part)
                                ? json_node_get_object(part)
                                : NULL;
    JsonArray *figures = game_part != NULL && json_object_has_member(game_part, "figures")
                             ? json_object_get_array_member(game_part, "figures")
                             : NULL;

    g_autoptr(GDateTime) now = ended != NULL ? g_date_time_ref(ended)
                                             : g_date_time_new_now_utc();
    g_autoptr(GDateTime) utc = g_date_time_to_utc(now);
    g_autofree char *date = g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ");
    g_autofree char *id = g_uuid_string_random();

    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "v");
    json_builder_add_int_value(b, LP_HISTORY_VERSION);
    json_builder_set_member_name(b, "id");
    json_builder_add_string_value(b, id);
    json_builder_set_member_name(b, "game");
    json_builder_add_string_value(b, lp_game_get_kind(game));
    json_builder_set_member_name(b, "date");
    json_builder_add_string_value(b, date);
    json_builder_set_member_name(b, "duration");
    json_builder_add_int_value(b, lp_game_get_play_seconds(game));
    json_builder_set_member_name(b, "option");
    json_builder_add_boolean_value(b, game_part != NULL &&
                                          json_object_get_boolean_member_with_default(
                                              game_part, "option", FALSE));
    json_builder_set_member_name(b, "players");
    json_builder_begin_array(b);
    for (guint s = 0; s < n; s++) {
        LpPlayer *p = lp_game_get_player(game, s);
        json_builder_begin_object(b);
        json_builder_set_member_name(b, "name");
        json_builder_add_string_value(b, lp_player_get_name(p));
        json_builder_set_member_name(b, "colour");
        json_builder_add_string_value(b, lp_player_get_colour(p));
        json_builder_set_member_name(b, "kind");
        json_builder_add_string_value(b, lp_player_is_human(p) ? "human" : "computer");
        if (!lp_player_is_human(p)) {
            json_builder_set_member_name(b, "level");
            json_builder_add_string_value(b, lp_level_to_string(lp_player_get_level(p)));
        }
        json_builder_set_member_name(b, "score");
        json_builder_add_int_value(b, json_array_get_int_element(scores, s));
        json_builder_set_member_name(b, "rank");
        json_builder_add_int_value(b, rank_of(scores, s));
        json_builder_set_member_name(b, "winner");
        json_builder_add_boolean_value(b, array_has_int(winners, s));
        if (figures != NULL && s < json_array_get_length(figures)) {
            json_builder_set_member_name(b, "figures");
            json_builder_add_value(b, json_node_copy(json_array_get_element(figures, s)));
        }
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    return json_builder_get_root(b);
}

/* ---- the file: locking, appending, rewriting ---- */

static gboolean io_error(GError **error, const char *path, int err)
{
    g_set_error(error, G_IO_ERROR, g_io_error_from_errno(err),
                /* Translators: the history of games; %s is a file name, then why. */
                _("The history of games %s cannot be written: %s"), path, g_strerror(err));
    return FALSE;
}

static gboolean write_all(int fd, const char *data, gsize len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return FALSE;
        data += n;
        len -= (gsize)n;
    }
    return TRUE;
}

/* Opens path and takes its lock. A rewrite renames a new file over the path while others
 * wait for the lock of the old one: whoever gets a lock on a file that is no longer the path
 * lets go and tries again. */
static int open_locked(const char *path, int flags, GError **error)
{
    g_autofree char *dir = g_path_get_dirname(path);
    if (g_mkdir_with_parents(dir, 0700) != 0) {
        io_error(error, path, errno);
        return -1;
    }
    for (int attempt = 0; attempt < 100; attempt++) {
        int fd = open(path, flags | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0) {
            io_error(error, path, errno);
            return -1;
        }
        struct stat st_fd, st_path;
        if (flock(fd, LOCK_EX) != 0 || fstat(fd, &st_fd) != 0) {
            io_error(error, path, errno);
            close(fd);
            return -1;
        }
        if (!S_ISREG(st_fd.st_mode)) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                        _("The history of games %s is not a file"), path);
            close(fd);
            return -1;
        }
        if (stat(path, &st_path) == 0 && st_path.st_dev == st_fd.st_dev &&
            st_path.st_ino == st_fd.st_ino)
            return fd;
        close(fd);
    }
    io_error(error, path, EAGAIN);
    return -1;
}

static char *record_line(JsonNode *record)
{
    g_autofree char *text = lp_json_to_string(record, FALSE);
    return g_strconcat(text, "\n", NULL);
}

struct _LpHistoryWriter {
    char *path;
    int fd;
    gboolean failed;
    int err;
};

LpHistoryWriter *lp_history_writer_open(const char *path, GError **error)
{
    g_return_val_if_fail(path != NULL, NULL);
    int fd = open_locked(path, O_RDWR | O_APPEND, error);
    if (fd < 0)
        return NULL;
    /* A line a crash cut short gets its end, so that the next record is a line of its own
     * (the cut one stays damaged, and kept). */
    struct stat st;
    char last = '\n';
    if (fstat(fd, &st) == 0 && st.st_size > 0 && pread(fd, &last, 1, st.st_size - 1) != 1)
        last = '\n';
    if (last != '\n' && !write_all(fd, "\n", 1)) {
        io_error(error, path, errno);
        close(fd);
        return NULL;
    }
    LpHistoryWriter *w = g_new0(LpHistoryWriter, 1);
    w->path = g_strdup(path);
    w->fd = fd;
    return w;
}

gboolean lp_history_writer_add(LpHistoryWriter *w, JsonNode *record, GError **error)
{
    g_return_val_if_fail(w != NULL && record != NULL, FALSE);
    g_autofree char *line = record_line(record);
    /* One write of a whole line on O_APPEND: readers see the line whole or not at all. */
    if (!w->failed && !write_all(w->fd, line, strlen(line))) {
        w->failed = TRUE;
        w->err = errno;
    }
    if (w->failed)
        return io_error(error, w->path, w->err != 0 ? w->err : EIO);
    return TRUE;
}

gboolean lp_history_writer_close(LpHistoryWriter *w, GError **error)
{
    g_return_val_if_fail(w != NULL, FALSE);
    if (!w->failed && fsync(w->fd) != 0) {
        w->failed = TRUE;
        w->err = errno;
    }
    if (close(w->fd) != 0 && !w->failed) {
        w->failed = TRUE;
        w->err = errno;
    }
    gboolean ok = !w->failed || !io_error(error, w->path, w->err != 0 ? w->err : EIO);
    g_free(w->path);
    g_free(w);
    return ok;
}

gboolean lp_history_append_to_file(const char *path, JsonNode *record, GError **error)
{
    g_return_val_if_fail(path != NULL && record != NULL, FALSE);
    LpHistoryWriter *w = lp_history_writer_open(path, error);
    if (w == NULL)
        return FALSE;
    if (!lp_history_writer_add(w, record, error)) {
        lp_history_writer_close(w, NULL);
        return FALSE;
    }
    return lp_history_writer_close(w, error);
}

/* The whole file from an open descriptor, after checking that it is a file no larger than
 * any history can be. */
static char *read_fd(int fd, const char *path, gsize *len, GError **error)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        g_set_error(error, G_IO_ERROR, g_io_error_from_errno(errno), "%s", g_strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                    _("The history of games %s is not a file"), path);
        return NULL;
    }
    if ((guint64)st.st_size > LP_HISTORY_MAX_SIZE) {
        g_autofree char *size = g_format_size((guint64)st.st_size);
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                    _("The history of games %s has %s, more than Landpartie reads (64 MB)"),
                    path, size);
        return NULL;
    }
    /* Read until the end, at most one byte past the limit: the file may grow meanwhile. */
    gsize cap = (gsize)st.st_size + 4096;
    char *data = g_malloc(cap + 1);
    gsize got = 0;
    for (;;) {
        if (got == cap) {
            if (cap > LP_HISTORY_MAX_SIZE) {
                g_free(data);
                g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                            _("The history of games %s is larger than Landpartie reads (64 MB)"),
                            path);
                return NULL;
            }
            cap = MIN(cap * 2, (gsize)LP_HISTORY_MAX_SIZE + 1);
            data = g_realloc(data, cap + 1);
        }
        ssize_t n = pread(fd, data + got, cap - got, (off_t)got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int err = errno;
            g_free(data);
            g_set_error(error, G_IO_ERROR, g_io_error_from_errno(err), "%s", g_strerror(err));
            return NULL;
        }
        if (n == 0)
            break;
        got += (gsize)n;
    }
    data[got] = '\0';
    *len = got;
    return data;
}

/* ---- reading a line ---- */

static void record_clear(LpHistoryRecord *r)
{
    /* The keys belong to the reader's cache. */
    for (guint s = 0; r->seats != NULL && s < r->n_seats; s++)
        g_free(r->seats[s].name);
    g_clear_pointer(&r->seats, g_free);
    g_clear_pointer(&r->id, g_free);
}

static void record_free(gpointer data)
{
    LpHistoryRecord *r = data;
    record_clear(r);
    g_free(r);
}

static gboolean bad(GError **error, const char *what)
{
    /* Untranslated: these go to the log only (g_warning), never to a person. */
    g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "%s", what);
    return FALSE;
}

/* A reader for one history line. json-glib builds a tree through signals, hash tables and
 * GScanner, which for 10,000 lines took most of the statistics page's opening time; a line
 * is small, flat and of one known shape, so it is read here into a flat list of values
 * instead. The grammar is strict JSON (RFC 8259) like lp_json_parse(): the line must be
 * UTF-8 without NUL, strings without raw control characters, lone surrogates or \u0000,
 * nothing after the value; nesting is limited to MAX_LINE_DEPTH, which no record reaches,
 * so that the recursion is bounded whatever a line holds. */
#define MAX_LINE_DEPTH 8

typedef enum {
    V_NULL,
    V_BOOL,
    V_INT,
    V_NUMBER, /* not a whole number that fits: never valid where a figure is read */
    V_STRING,
    V_ARRAY,
    V_OBJECT,
} VType;

typedef struct {
    VType type;
    guint start, end; /* the value's bytes in the line */
    guint key;   /* objects' members: offset of the name in the string buffer */
    guint str;   /* V_STRING: offset in the string buffer */
    gint64 num;  /* V_BOOL, V_INT */
    int first;   /* V_ARRAY, V_OBJECT: first child or -1 */
    int next;    /* the next sibling or -1 */
    guint n;     /* V_ARRAY, V_OBJECT: number of children */
} Val;

typedef struct {
    GArray *vals;       /* Val */
    GString *strings;   /* NUL-separated decoded strings */
    GHashTable *keys;   /* name → lp_history_name_key(name), both owned */
    const char *begin, *p, *end;
    int root;          /* the line's value, after parse_line() */
    const char *why;   /* what read_value() refused, when it says more than "not JSON" */
} Reader;

static void reader_init(Reader *rd)
{
    rd->vals = g_array_sized_new(FALSE, FALSE, sizeof(Val), 64);
    rd->strings = g_string_sized_new(256);
    rd->keys = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

static void reader_clear(Reader *rd)
{
    g_clear_pointer(&rd->vals, g_array_unref);
    if (rd->strings != NULL)
        g_string_free(rd->strings, TRUE);
    rd->strings = NULL;
    g_clear_pointer(&rd->keys, g_hash_table_unref);
}

static inline Val *val_at(Reader *rd, int i)
{
    return &g_array_index(rd->vals, Val, i);
}

static inline const char *str_at(Reader *rd, guint offset)
{
    return rd->strings->str + offset;
}

static void skip_ws(Reader *rd)
{
    while (rd->p < rd->end && (*rd->p == ' ' || *rd->p == '\t' || *rd->p == '\r' ||
                               *rd->p == '\n'))
        rd->p++;
}

static int hex4_at(const char *p)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        int d = g_ascii_xdigit_value(p[i]);
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* A string at rd->p (on its quote), decoded into the string buffer; its offset in *out. */
static gboolean read_string(Reader *rd, guint *out)
{
    rd->p++;
    *out = (guint)rd->strings->len;
    for (;;) {
        const char *start = rd->p;
        while (rd->p < rd->end && *rd->p != '"' && *rd->p != '\\' &&
               (unsigned char)*rd->p >= 0x20)
            rd->p++;
        g_string_append_len(rd->strings, start, rd->p - start);
        if (rd->p >= rd->end || (unsigned char)*rd->p < 0x20)
            return FALSE;
        if (*rd->p == '"') {
            rd->p++;
            g_string_append_c(rd->strings, '\0');
            return TRUE;
        }
        if (rd->end - rd->p < 2)
            return FALSE;
        char e = rd->p[1];
        rd->p += 2;
        switch (e) {
        case '"': g_string_append_c(rd->strings, '"'); break;
        case '\\': g_string_append_c(rd->strings, '\\'); break;
        case '/': g_string_append_c(rd->strings, '/'); break;
        case 'b': g_string_append_c(rd->strings, '\b'); break;
        case 'f': g_string_append_c(rd->strings, '\f'); break;
        case 'n': g_string_append_c(rd->strings, '\n'); break;
        case 'r': g_string_append_c(rd->strings, '\r'); break;
        case 't': g_string_append_c(rd->strings, '\t'); break;
        case 'u': {
            int u = rd->end - rd->p >= 4 ? hex4_at(rd->p) : -1;
            if (u <= 0 || (u >= 0xDC00 && u <= 0xDFFF))
                return FALSE; /* not a character: \u0000 or a lone low surrogate */
            rd->p += 4;
            if (u >= 0xD800 && u <= 0xDBFF) {
                int low = rd->end - rd->p >= 6 && rd->p[0] == '\\' && rd->p[1] == 'u'
                              ? hex4_at(rd->p + 2)
                              : -1;
                if (low < 0xDC00 || low > 0xDFFF)
                    return FALSE;
                rd->p += 6;
                u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
            }
            g_string_append_unichar(rd->strings, (gunichar)u);
            break;
        }
        default:
            return FALSE;
        }
    }
}

static gboolean read_number(Reader *rd, Val *v)
{
    const char *start = rd->p;
    gboolean negative = FALSE, whole = TRUE;
    guint64 n = 0;
    int digits = 0;
    if (rd->p < rd->end && *rd->p == '-') {
        negative = TRUE;
        rd->p++;
    }
    if (rd->p >= rd->end || !g_ascii_isdigit(*rd->p))
        return FALSE;
    if (*rd->p == '0') {
        rd->p++;
        digits = 1;
    } else {
        for (; rd->p < rd->end && g_ascii_isdigit(*rd->p); rd->p++, digits++) {
            if (digits < 18)
                n = n * 10 + (guint64)(*rd->p - '0');
        }
    }
    if (rd->p < rd->end && *rd->p == '.') {
        whole = FALSE;
        rd->p++;
        if (rd->p >= rd->end || !g_ascii_isdigit(*rd->p))
            return FALSE;
        while (rd->p < rd->end && g_ascii_isdigit(*rd->p))
            rd->p++;
    }
    if (rd->p < rd->end && (*rd->p == 'e' || *rd->p == 'E')) {
        whole = FALSE;
        rd->p++;
        if (rd->p < rd->end && (*rd->p == '+' || *rd->p == '-'))
            rd->p++;
        if (rd->p >= rd->end || !g_ascii_isdigit(*rd->p))
            return FALSE;
        while (rd->p < rd->end && g_ascii_isdigit(*rd->p))
            rd->p++;
    }
    if (rd->p - start > 40)
        return FALSE;
    /* Whole numbers of up to 18 digits are numbers; anything else is "some number". */
    v->type = whole && digits <= 18 ? V_INT : V_NUMBER;
    v->num = negative ? -(gint64)n : (gint64)n;
    return TRUE;
}

static gboolean literal_at(Reader *rd, const char *word)
{
    gsize n = strlen(word);
    if ((gsize)(rd->end - rd->p) < n || memcmp(rd->p, word, n) != 0)
        return FALSE;
    rd->p += n;
    return TRUE;
}

static gboolean read_value(Reader *rd, guint depth, int *out);

/* Whether object o already has a member named like its newest child, which is not yet
 * linked. Two equal names are refused, as lp_json_parse() refuses them: a reader keeping the
 * first and a writer keeping the last read one line two ways (issue 36). */
static gboolean has_member(Reader *rd, Val *o, guint key)
{
    for (int c = o->first; c >= 0; c = val_at(rd, c)->next) {
        if (strcmp(str_at(rd, val_at(rd, c)->key), str_at(rd, key)) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Reads a value into a new slot; its index in *out. */
static gboolean read_value_at(Reader *rd, guint depth, int *out)
{
    Val v = {.first = -1, .next = -1};
    int index = (int)rd->vals->len;
    g_array_append_val(rd->vals, v);
    *out = index;
    char c = *rd->p;
    if (c == '{' || c == '[') {
        gboolean object = c == '{';
        int last = -1;
        if (depth >= MAX_LINE_DEPTH)
            return FALSE;
        val_at(rd, index)->type = object ? V_OBJECT : V_ARRAY;
        rd->p++;
        skip_ws(rd);
        if (rd->p < rd->end && *rd->p == (object ? '}' : ']')) {
            rd->p++;
            return TRUE;
        }
        for (;;) {
            guint key = 0;
            int child;
            skip_ws(rd);
            if (object) {
                if (rd->p >= rd->end || *rd->p != '"' || !read_string(rd, &key))
                    return FALSE;
                skip_ws(rd);
                if (rd->p >= rd->end || *rd->p != ':')
                    return FALSE;
                rd->p++;
            }
            if (!read_value(rd, depth + 1, &child))
                return FALSE;
            val_at(rd, child)->key = key;
            if (object && has_member(rd, val_at(rd, index), key)) {
                rd->why = "an object names a member twice";
                return FALSE;
            }
            if (last < 0)
                val_at(rd, index)->first = child;
            else
                val_at(rd, last)->next = child;
            last = child;
            val_at(rd, index)->n++;
            skip_ws(rd);
            if (rd->p < rd->end && *rd->p == ',') {
                rd->p++;
                continue;
            }
            if (rd->p < rd->end && *rd->p == (object ? '}' : ']')) {
                rd->p++;
                return TRUE;
            }
            return FALSE;
        }
    }
    if (c == '"') {
        guint s;
        if (!read_string(rd, &s))
            return FALSE;
        val_at(rd, index)->type = V_STRING;
        val_at(rd, index)->str = s;
        return TRUE;
    }
    if (c == 't' || c == 'f') {
        val_at(rd, index)->type = V_BOOL;
        val_at(rd, index)->num = c == 't';
        return literal_at(rd, c == 't' ? "true" : "false");
    }
    if (c == 'n') {
        val_at(rd, index)->type = V_NULL;
        return literal_at(rd, "null");
    }
    Val num = {.first = -1, .next = -1};
    if (!read_number(rd, &num))
        return FALSE;
    val_at(rd, index)->type = num.type;
    val_at(rd, index)->num = num.num;
    return TRUE;
}

static gboolean read_value(Reader *rd, guint depth, int *out)
{
    skip_ws(rd);
    if (rd->p >= rd->end)
        return FALSE;
    guint start = (guint)(rd->p - rd->begin);
    if (!read_value_at(rd, depth, out))
        return FALSE;
    val_at(rd, *out)->start = start;
    val_at(rd, *out)->end = (guint)(rd->p - rd->begin);
    return TRUE;
}

/* The member name of object o, or NULL. */
static Val *member(Reader *rd, Val *o, const char *name)
{
    if (o == NULL || o->type != V_OBJECT)
        return NULL;
    for (int c = o->first; c >= 0; c = val_at(rd, c)->next) {
        if (strcmp(str_at(rd, val_at(rd, c)->key), name) == 0)
            return val_at(rd, c);
    }
    return NULL;
}

static gboolean int_of(Val *v, gint64 min, gint64 max, gint64 *out)
{
    if (v == NULL || v->type != V_INT || v->num < min || v->num > max)
        return FALSE;
    *out = v->num;
    return TRUE;
}

static const char *string_of(Reader *rd, Val *v)
{
    return v != NULL && v->type == V_STRING ? str_at(rd, v->str) : NULL;
}

static gboolean colour_ok(const char *c)
{
    if (c == NULL || strlen(c) != 7 || c[0] != '#')
        return FALSE;
    for (int i = 1; i < 7; i++) {
        if (!g_ascii_isxdigit(c[i]))
            return FALSE;
    }
    return TRUE;
}

#define MAX_FIGURE 100000

/* An optional array member of figures: up to n whole numbers into slots. */
static gboolean read_fig_array(Reader *rd, Val *f, const char *name, guint n, gint32 *slots)
{
    Val *a = member(rd, f, name);
    if (a == NULL)
        return TRUE;
    if (a->type != V_ARRAY || a->n > n)
        return FALSE;
    guint i = 0;
    for (int c = a->first; c >= 0; c = val_at(rd, c)->next, i++) {
        gint64 v;
        if (!int_of(val_at(rd, c), 0, MAX_FIGURE, &v))
            return FALSE;
        slots[i] = (gint32)v;
    }
    return TRUE;
}

static gboolean read_fig(Reader *rd, Val *f, const char *name, gint32 *slot)
{
    Val *v = member(rd, f, name);
    gint64 n;
    if (v == NULL)
        return TRUE;
    if (!int_of(v, 0, MAX_FIGURE, &n))
        return FALSE;
    *slot = (gint32)n;
    return TRUE;
}

static gboolean read_figures(Reader *rd, LpHistoryKind kind, Val *f, gint32 *fig)
{
    if (f == NULL)
        return TRUE;
    if (f->type != V_OBJECT)
        return FALSE;
    switch (kind) {
    case LP_HISTORY_BUXTEHUDE:
        if (!read_fig(rd, f, "placed", &fig[LP_FIG_BUX_PLACED]) ||
            !read_fig(rd, f, "right", &fig[LP_FIG_BUX_RIGHT]) ||
            !read_fig(rd, f, "called", &fig[LP_FIG_BUX_CALLED]) ||
            !read_fig(rd, f, "won", &fig[LP_FIG_BUX_WON]) ||
            !read_fig(rd, f, "hits", &fig[LP_FIG_BUX_HITS]))
            return FALSE;
        return fig[LP_FIG_BUX_RIGHT] <= fig[LP_FIG_BUX_PLACED] &&
               fig[LP_FIG_BUX_WON] <= fig[LP_FIG_BUX_CALLED];
    case LP_HISTORY_MINDEN: {
        if (!read_fig_array(rd, f, "tips", 4, &fig[LP_FIG_MINDEN_TIPS_1]) ||
            !read_fig_array(rd, f, "right", 4, &fig[LP_FIG_MINDEN_RIGHT_1]))
            return FALSE;
        for (guint k = 0; k < 4; k++) {
            if (fig[LP_FIG_MINDEN_RIGHT_1 + k] > fig[LP_FIG_MINDEN_TIPS_1 + k])
                return FALSE;
        }
        Val *kept = member(rd, f, "kept");
        if (kept == NULL)
            return TRUE;
        if (kept->type != V_OBJECT)
            return FALSE;
        return read_fig(rd, kept, "yellow", &fig[LP_FIG_MINDEN_KEPT_YELLOW]) &&
               read_fig(rd, kept, "red", &fig[LP_FIG_MINDEN_KEPT_RED]) &&
               read_fig(rd, kept, "blue", &fig[LP_FIG_MINDEN_KEPT_BLUE]) &&
               read_fig(rd, kept, "purple", &fig[LP_FIG_MINDEN_KEPT_PURPLE]);
    }
    case LP_HISTORY_AUFACHSE:
        return read_fig_array(rd, f, "stages", 5, &fig[LP_FIG_AA_STAGE_1]) &&
               read_fig(rd, f, "longest", &fig[LP_FIG_AA_LONGEST]);
    default:
        return FALSE;
    }
}

/* The name key of name, computed once per spelling for the whole file. */
static const char *cached_key(Reader *rd, const char *name)
{
    const char *key = g_hash_table_lookup(rd->keys, name);
    if (key == NULL) {
        char *k = lp_history_name_key(name);
        g_hash_table_insert(rd->keys, g_strdup(name), k);
        key = k;
    }
    return key;
}

static gboolean read_seat(Reader *rd, LpHistoryKind kind, Val *o, guint n, LpHistorySeat *seat,
                          GError **error)
{
    gint64 v;
    if (o == NULL || o->type != V_OBJECT)
        return bad(error, "a player is not an object");
    Val *name = member(rd, o, "name");
    if (name == NULL)
        return bad(error, "a player has no name");
    if (name->type != V_NULL) {
        const char *text = string_of(rd, name);
        if (text == NULL)
            return bad(error, "a name is not a text");
        for (const char *c = text; *c; c = g_utf8_next_char(c)) {
            if (g_unichar_iscntrl(g_utf8_get_char(c)))
                return bad(error, "a name holds a control character");
        }
        /* Names written before they were cleaned (issue 36) are cleaned as they are read; the
         * line keeps its bytes until a rename or delete is about it. */
        g_autofree char *clean = lp_player_name_clean(text, 0);
        guint chars = lp_player_name_length(clean);
        if (chars < 1 || chars > LP_PLAYER_NAME_MAX)
            return bad(error, "a name is empty or too long");
        seat->key = cached_key(rd, clean);
        if (*seat->key == '\0')
            return bad(error, "a name is only white space");
        seat->name = g_steal_pointer(&clean);
    }
    const char *colour = string_of(rd, member(rd, o, "colour"));
    if (!colour_ok(colour))
        return bad(error, "a colour is not #rrggbb");
    memcpy(seat->colour, colour, 8);
    const char *k = string_of(rd, member(rd, o, "kind"));
    if (g_strcmp0(k, "human") == 0) {
        seat->human = TRUE;
        seat->level = LP_LEVEL_NORMAL;
    } else if (g_strcmp0(k, "computer") == 0) {
        if (!lp_level_from_string(string_of(rd, member(rd, o, "level")), &seat->level))
            return bad(error, "a computer has no level");
    } else {
        return bad(error, "a kind is neither human nor computer");
    }
    if (!int_of(member(rd, o, "score"), -1000000, 1000000, &v))
        return bad(error, "a score is not a whole number");
    seat->score = (int)v;
    if (!int_of(member(rd, o, "rank"), 1, n, &v))
        return bad(error, "a rank is out of range");
    seat->rank = (guint)v;
    Val *winner = member(rd, o, "winner");
    if (winner == NULL || winner->type != V_BOOL)
        return bad(error, "“winner” is not true or false");
    seat->winner = winner->num != 0;
    if (!read_figures(rd, kind, member(rd, o, "figures"), seat->figures))
        return bad(error, "the figures do not fit the game");
    return TRUE;
}

static gboolean id_ok(const char *id)
{
    gsize len = id != NULL ? strlen(id) : 0;
    if (len < 1 || len > 64)
        return FALSE;
    for (const char *c = id; *c; c++) {
        if (!g_ascii_isalnum(*c) && *c != '-')
            return FALSE;
    }
    return TRUE;
}

/* "2026-12-01T07:12:00Z", as the app writes it, without a GDateTime; anything else through
 * one. */
static gboolean read_date(const char *text, gint64 *out)
{
    int y, mo, d, h, mi, s;
    char z;
    if (strlen(text) == 20 &&
        sscanf(text, "%4d-%2d-%2dT%2d:%2d:%2d%c", &y, &mo, &d, &h, &mi, &s, &z) == 7 &&
        z == 'Z' && g_ascii_isdigit(text[0]) && g_ascii_isdigit(text[17]) &&
        g_date_valid_dmy((GDateDay)d, (GDateMonth)mo, (GDateYear)y) && y >= 1970 && h < 24 &&
        mi < 60 && s < 60) {
        GDate date;
        g_date_clear(&date, 1);
        g_date_set_dmy(&date, (GDateDay)d, (GDateMonth)mo, (GDateYear)y);
        gint64 days = (gint64)g_date_get_julian(&date) - 719163; /* 1970-01-01 */
        *out = days * 86400 + h * 3600 + mi * 60 + s;
        return TRUE;
    }
    g_autoptr(GTimeZone) utc = g_time_zone_new_utc();
    g_autoptr(GDateTime) date = g_date_time_new_from_iso8601(text, utc);
    if (date == NULL || g_date_time_get_year(date) < 1970 || g_date_time_get_year(date) > 9999)
        return FALSE;
    *out = g_date_time_to_unix(date);
    return TRUE;
}

/* Reads one line into r. */
static gboolean parse_line(Reader *rd, const char *line, gsize len, LpHistoryRecord *r,
                           GError **error)
{
    gint64 v;
    int root_index;
    if (len > LP_HISTORY_MAX_LINE)
        return bad(error, "the line is too long");
    if (memchr(line, '\0', len) != NULL || !g_utf8_validate_len(line, len, NULL))
        return bad(error, "the line is not UTF-8 text");
    g_array_set_size(rd->vals, 0);
    g_string_truncate(rd->strings, 0);
    g_string_append_c(rd->strings, '\0'); /* offset 0: the empty name of array elements */
    rd->begin = line;
    rd->p = line;
    rd->end = line + len;
    rd->why = NULL;
    if (!read_value(rd, 0, &root_index))
        return bad(error, rd->why != NULL ? rd->why : "the line is not valid JSON");
    rd->root = root_index;
    skip_ws(rd);
    if (rd->p != rd->end)
        return bad(error, "the line holds more than one value");
    Val *o = val_at(rd, root_index);
    if (o->type != V_OBJECT)
        return bad(error, "the line is not an object");
    if (!int_of(member(rd, o, "v"), G_MININT64, G_MAXINT64, &v))
        return bad(error, "the line has no version");
    if (v != LP_HISTORY_VERSION)
        return bad(error, "the line is of another version");
    const char *id = string_of(rd, member(rd, o, "id"));
    if (!id_ok(id))
        return bad(error, "the id is missing or not an id");
    r->id = g_strdup(id);
    int kind = lp_history_kind_from_string(string_of(rd, member(rd, o, "game")));
    if (kind < 0)
        return bad(error, "the game is missing or unknown");
    r->kind = kind;
    const char *date = string_of(rd, member(rd, o, "date"));
    if (date == NULL || !read_date(date, &r->date))
        return bad(error, "the date is not a date from 1970 to 9999");
    if (!int_of(member(rd, o, "duration"), 0, G_MAXINT32, &v))
        return bad(error, "the duration is not a number of seconds");
    r->duration = (guint)v;
    Val *option = member(rd, o, "option");
    if (option == NULL || option->type != V_BOOL)
        return bad(error, "the option is not true or false");
    r->option = option->num != 0;
    /* o may move when the array of values grows; it does not grow from here on. */
    Val *players = member(rd, o, "players");
    if (players == NULL || players->type != V_ARRAY)
        return bad(error, "the players are missing");
    guint n = players->n;
    if (n < 1 || n > LP_HISTORY_MAX_SEATS)
        return bad(error, "the number of players is out of range");
    r->n_seats = n;
    r->seats = g_new0(LpHistorySeat, n);
    guint s = 0;
    for (int c = players->first; c >= 0; c = val_at(rd, c)->next, s++) {
        if (!read_seat(rd, r->kind, val_at(rd, c), n, &r->seats[s], error))
            return FALSE;
    }
    return TRUE;
}

/* Calls line_func for every line of data (without its newline); the last line counts only
 * when it is not empty. */
typedef void (*LineFunc)(const char *line, gsize len, guint number, gboolean ended,
                         gpointer user_data);

static void each_line(const char *data, gsize len, LineFunc func, gpointer user_data)
{
    const char *p = data, *end = data + len;
    guint number = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (gsize)(end - p));
        const char *stop = nl != NULL ? nl : end;
        number++;
        func(p, (gsize)(stop - p), number, nl != NULL, user_data);
        p = nl != NULL ? nl + 1 : end;
    }
}

/* ---- LpHistory ---- */

struct _LpHistory {
    GObject parent_instance;
    char *path;
    GPtrArray *records;  /* LpHistoryRecord */
    GHashTable *names;   /* key → the name as last typed (owned by a record) */
    guint n_damaged;
    guint n_warned;
    Reader reader; /* its cache of name keys holds the records' keys */
};

G_DEFINE_FINAL_TYPE(LpHistory, lp_history, G_TYPE_OBJECT)

static void lp_history_finalize(GObject *object)
{
    LpHistory *self = LP_HISTORY(object);
    g_clear_pointer(&self->names, g_hash_table_unref);
    g_clear_pointer(&self->records, g_ptr_array_unref);
    reader_clear(&self->reader);
    g_clear_pointer(&self->path, g_free);
    G_OBJECT_CLASS(lp_history_parent_class)->finalize(object);
}

static void lp_history_class_init(LpHistoryClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = lp_history_finalize;
}

static void lp_history_init(LpHistory *self)
{
    self->records = g_ptr_array_new_with_free_func(record_free);
    self->names = g_hash_table_new(g_str_hash, g_str_equal);
    reader_init(&self->reader);
}

LpHistory *lp_history_new(const char *path)
{
    LpHistory *self = g_object_new(LP_TYPE_HISTORY, NULL);
    self->path = path != NULL ? g_strdup(path)
                              : g_build_filename(g_get_user_data_dir(), "landpartie",
                                                 LP_HISTORY_FILE_NAME, NULL);
    return self;
}

const char *lp_history_get_path(LpHistory *self)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), NULL);
    return self->path;
}

static void warn_damaged(LpHistory *self, guint number, const char *why)
{
    self->n_damaged++;
    if (self->n_warned < MAX_WARNINGS) {
        self->n_warned++;
        g_warning("%s, line %u: skipped (kept in the file): %s", self->path, number, why);
    }
}

static void load_line(const char *line, gsize len, guint number, gboolean ended, gpointer data)
{
    LpHistory *self = data;
    g_autoptr(GError) error = NULL;
    if (len == 0 && ended)
        return; /* an empty line is no record and no damage */
    if (!ended) {
        /* Cut short by a crash or a full disk: not a record, whatever it parses as. */
        warn_damaged(self, number, "the last line has no end");
        return;
    }
    LpHistoryRecord *r = g_new0(LpHistoryRecord, 1);
    if (!parse_line(&self->reader, line, len, r, &error)) {
        record_free(r);
        warn_damaged(self, number, error->message);
        return;
    }
    r->line = number;
    g_ptr_array_add(self->records, r);
    for (guint s = 0; s < r->n_seats; s++) {
        if (r->seats[s].key != NULL && r->seats[s].human)
            g_hash_table_insert(self->names, (gpointer)r->seats[s].key, r->seats[s].name);
    }
}

static void set_data(LpHistory *self, const char *data, gsize len)
{
    g_hash_table_remove_all(self->names);
    g_ptr_array_set_size(self->records, 0);
    self->n_damaged = 0;
    self->n_warned = 0;
    each_line(data, len, load_line, self);
    if (self->n_damaged > self->n_warned)
        g_warning("%s: %u more damaged lines skipped (kept in the file)", self->path,
                  self->n_damaged - self->n_warned);
}

gboolean lp_history_load(LpHistory *self, GError **error)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), FALSE);
    int fd = open(self->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0 && errno == ENOENT) {
        set_data(self, "", 0);
        return TRUE;
    }
    if (fd < 0) {
        int err = errno;
        g_set_error(error, G_IO_ERROR, g_io_error_from_errno(err),
                    _("The history of games %s cannot be read: %s"), self->path,
                    g_strerror(err));
        return FALSE;
    }
    gsize len = 0;
    g_autofree char *data = read_fd(fd, self->path, &len, error);
    close(fd);
    if (data == NULL)
        return FALSE;
    set_data(self, data, len);
    return TRUE;
}

guint lp_history_get_n_records(LpHistory *self)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), 0);
    return self->records->len;
}

const LpHistoryRecord *lp_history_get_record(LpHistory *self, guint index)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), NULL);
    g_return_val_if_fail(index < self->records->len, NULL);
    return self->records->pdata[index];
}

guint lp_history_get_n_damaged(LpHistory *self)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), 0);
    return self->n_damaged;
}

const char *lp_history_get_display_name(LpHistory *self, const char *key)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), NULL);
    return key != NULL ? g_hash_table_lookup(self->names, key) : NULL;
}

gboolean lp_history_append(LpHistory *self, JsonNode *record, GError **error)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), FALSE);
    if (!lp_history_append_to_file(self->path, record, error))
        return FALSE;
    return lp_history_load(self, error);
}

/* ---- rewriting ---- */

/* What a rewrite does to one valid line: return TRUE when it changes it, and then either set
 * *drop to leave the line out, or set names[s] to the JSON text (owned) of seat s's new
 * "name" value. The line is then written with those values' bytes replaced and every other
 * byte kept: it is read once, by the reader that loads the history, and never parsed and
 * written anew by another one, which might read it differently (issue 36: a line with a
 * member twice lost a seat when json-glib rewrote it). */
typedef gboolean (*EditFunc)(LpHistoryRecord *r, char **names, gboolean *drop,
                             gpointer user_data);

typedef struct {
    GString *out;
    EditFunc edit;
    gpointer user_data;
    guint changed;
    Reader reader;
} Rewrite;

/* The "name" value of seat s in the line parse_line() just read. */
static Val *seat_name_value(Reader *rd, guint s)
{
    Val *players = member(rd, val_at(rd, rd->root), "players");
    int c = players->first;
    for (guint i = 0; i < s; i++)
        c = val_at(rd, c)->next;
    return member(rd, val_at(rd, c), "name");
}

static void rewrite_line(const char *line, gsize len, guint number, gboolean ended,
                         gpointer data)
{
    Rewrite *rw = data;
    LpHistoryRecord r = {0};
    gboolean drop = FALSE;
    char *names[LP_HISTORY_MAX_SEATS] = {NULL};

    if (ended && len > 0 && parse_line(&rw->reader, line, len, &r, NULL) &&
        rw->edit(&r, names, &drop, rw->user_data)) {
        rw->changed++;
        if (!drop) {
            /* Seats and their names come in the order of the line. */
            gsize from = 0;
            for (guint s = 0; s < r.n_seats; s++) {
                if (names[s] == NULL)
                    continue;
                Val *v = seat_name_value(&rw->reader, s);
                g_string_append_len(rw->out, line + from, (gssize)(v->start - from));
                g_string_append(rw->out, names[s]);
                from = v->end;
            }
            g_string_append_len(rw->out, line + from, (gssize)(len - from));
            g_string_append_c(rw->out, '\n');
        }
        for (guint s = 0; s < G_N_ELEMENTS(names); s++)
            g_free(names[s]);
        record_clear(&r);
        return;
    }
    record_clear(&r);
    /* Unchanged, damaged or empty: byte for byte, with its newline if it had one. */
    g_string_append_len(rw->out, line, (gssize)len);
    if (ended)
        g_string_append_c(rw->out, '\n');
}

/* Locks the file, applies edit to every valid line, and renames the result over the file
 * when something changed. *changed (may be NULL) receives the number of changed lines. */
static gboolean rewrite(LpHistory *self, EditFunc edit, gpointer user_data, guint *changed,
                        GError **error)
{
    int fd = open_locked(self->path, O_RDWR, error);
    if (fd < 0)
        return FALSE;
    gsize len = 0;
    g_autofree char *data = read_fd(fd, self->path, &len, error);
    if (data == NULL) {
        close(fd);
        return FALSE;
    }
    Rewrite rw = {.out = g_string_sized_new(len + 64), .edit = edit, .user_data = user_data};
    reader_init(&rw.reader);
    each_line(data, len, rewrite_line, &rw);
    reader_clear(&rw.reader);
    gboolean ok = TRUE;
    if (rw.changed > 0) {
        g_autoptr(GError) local = NULL;
        /* Temporary file, fsync, rename: a crash leaves the old or the new file. A history
         * that is a symbolic link is rewritten where it leads, the temporary file beside the
         * target: renaming over the link would leave the target unchanged and send later
         * games to a plain file in the link's place (issue 36). */
        g_autofree char *target = lp_file_resolve_links(self->path, &local);
        if (target == NULL ||
            !g_file_set_contents_full(target, rw.out->str, (gssize)rw.out->len,
                                      G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local)) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED,
                        _("The history of games %s cannot be written: %s"), self->path,
                        local->message);
            ok = FALSE;
        }
    }
    /* Closing lets go of the lock; whoever waited on it sees the new file. */
    close(fd);
    g_string_free(rw.out, TRUE);
    if (changed != NULL)
        *changed = rw.changed;
    if (!ok)
        return FALSE;
    return lp_history_load(self, error);
}

typedef struct {
    const char *key;
    const char *new_name;
    const char *new_key;
    char *json; /* new_name as a JSON string */
} RenameData;

static gboolean rename_edit(LpHistoryRecord *r, char **names, gboolean *drop, gpointer data)
{
    RenameData *d = data;
    gboolean changed = FALSE;
    for (guint s = 0; s < r->n_seats; s++) {
        if (r->seats[s].human && g_strcmp0(r->seats[s].key, d->key) == 0 &&
            g_strcmp0(r->seats[s].name, d->new_name) != 0) {
            names[s] = g_strdup(d->json);
            changed = TRUE;
        }
    }
    return changed;
}

/* Games in which seats with both keys played. */
static guint games_together(LpHistory *self, const char *a, const char *b)
{
    guint n = 0;
    for (guint i = 0; i < self->records->len; i++) {
        const LpHistoryRecord *r = self->records->pdata[i];
        gboolean has_a = FALSE, has_b = FALSE;
        for (guint s = 0; s < r->n_seats; s++) {
            has_a = has_a || g_strcmp0(r->seats[s].key, a) == 0;
            has_b = has_b || g_strcmp0(r->seats[s].key, b) == 0;
        }
        n += has_a && has_b;
    }
    return n;
}

guint lp_history_games_together(LpHistory *self, const char *a, const char *b)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), 0);
    g_return_val_if_fail(a != NULL && b != NULL, 0);
    g_autofree char *ka = lp_history_name_key(a);
    g_autofree char *kb = lp_history_name_key(b);
    return g_str_equal(ka, kb) ? 0 : games_together(self, ka, kb);
}

/* A new name as the history keeps it (lp_player_name_clean), or NULL with an error. */
static char *name_ok(const char *name, GError **error)
{
    g_autofree char *clean = name != NULL && g_utf8_validate(name, -1, NULL)
                                 ? lp_player_name_clean(name, 0)
                                 : NULL;
    g_autofree char *key = clean != NULL ? lp_history_name_key(clean) : NULL;
    guint chars = clean != NULL ? lp_player_name_length(clean) : 0;
    gboolean ctrl = FALSE;
    for (const char *c = name; key != NULL && *c; c = g_utf8_next_char(c))
        ctrl = ctrl || g_unichar_iscntrl(g_utf8_get_char(c));
    if (key == NULL || *key == '\0' || chars > LP_PLAYER_NAME_MAX || ctrl) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                    _("A name has 1 to %d characters and is not only spaces"),
                    LP_PLAYER_NAME_MAX);
        return NULL;
    }
    return g_steal_pointer(&clean);
}

gboolean lp_history_is_merge(LpHistory *self, const char *name, const char *new_name)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), FALSE);
    g_return_val_if_fail(name != NULL && new_name != NULL, FALSE);
    g_autofree char *key = lp_history_name_key(name);
    g_autofree char *new_key = lp_history_name_key(new_name);
    return !g_str_equal(key, new_key) && g_hash_table_contains(self->names, new_key);
}

gboolean lp_history_rename_player(LpHistory *self, const char *name, const char *new_name,
                                  GError **error)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), FALSE);
    g_return_val_if_fail(name != NULL, FALSE);
    g_autofree char *clean = name_ok(new_name, error);
    if (clean == NULL)
        return FALSE;
    new_name = clean;
    g_autofree char *key = lp_history_name_key(name);
    g_autofree char *new_key = lp_history_name_key(new_name);
    if (!g_str_equal(key, new_key)) {
        guint together = games_together(self, key, new_key);
        g_autofree char *shown = lp_bidi_isolate(name);
        g_autofree char *new_shown = lp_bidi_isolate(new_name);
        if (together > 0) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                        ngettext("%s and %s played together in %u game, so they are two "
                                    "people and cannot become one",
                                    "%s and %s played together in %u games, so they are two "
                                    "people and cannot become one",
                                    together),
                        shown, new_shown, together);
            return FALSE;
        }
    }
    g_autoptr(JsonNode) node = json_node_init_string(json_node_alloc(), new_name);
    g_autofree char *json = lp_json_to_string(node, FALSE);
    RenameData d = {key, new_name, new_key, json};
    return rewrite(self, rename_edit, &d, NULL, error);
}

static gboolean delete_player_edit(LpHistoryRecord *r, char **names, gboolean *drop,
                                   gpointer data)
{
    gboolean changed = FALSE;
    for (guint s = 0; s < r->n_seats; s++) {
        if (r->seats[s].human && g_strcmp0(r->seats[s].key, data) == 0) {
            names[s] = g_strdup("null");
            changed = TRUE;
        }
    }
    return changed;
}

gboolean lp_history_delete_player(LpHistory *self, const char *name, GError **error)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), FALSE);
    g_return_val_if_fail(name != NULL, FALSE);
    g_autofree char *key = lp_history_name_key(name);
    return rewrite(self, delete_player_edit, key, NULL, error);
}

static gboolean delete_game_edit(LpHistoryRecord *r, char **names, gboolean *drop,
                                 gpointer data)
{
    *drop = g_strcmp0(r->id, data) == 0;
    return *drop;
}

gboolean lp_history_delete_game(LpHistory *self, const char *id, GError **error)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), FALSE);
    g_return_val_if_fail(id != NULL, FALSE);
    return rewrite(self, delete_game_edit, (gpointer)id, NULL, error);
}

/* ---- statistics ---- */

void lp_history_stats_free(LpHistoryStats *stats)
{
    if (stats == NULL)
        return;
    g_free(stats->key);
    g_free(stats);
}

guint lp_history_win_rate(guint wins, guint games)
{
    return games == 0 ? 0 : (guint)((wins * 200u + games) / (2u * games));
}

static const char *const computer_keys[] = {"computer:easy", "computer:normal",
                                            "computer:hard"};

static const char *seat_key(const LpHistorySeat *seat)
{
    if (!seat->human)
        return computer_keys[CLAMP((int)seat->level, 0, 2)];
    return seat->key;
}

static int compare_stats(gconstpointer a, gconstpointer b)
{
    const LpHistoryStats *x = *(LpHistoryStats *const *)a;
    const LpHistoryStats *y = *(LpHistoryStats *const *)b;
    if (x->wins != y->wins)
        return x->wins > y->wins ? -1 : 1;
    if (x->games != y->games)
        return x->games > y->games ? -1 : 1;
    return g_strcmp0(x->key, y->key);
}

GPtrArray *lp_history_get_stats(LpHistory *self, int kind)
{
    g_return_val_if_fail(LP_IS_HISTORY(self), NULL);
    g_autoptr(GHashTable) by_key = g_hash_table_new(g_str_hash, g_str_equal);
    GPtrArray *out = g_ptr_array_new_with_free_func((GDestroyNotify)lp_history_stats_free);

    for (guint i = 0; i < self->records->len; i++) {
        const LpHistoryRecord *r = self->records->pdata[i];
        if (kind >= 0 && (int)r->kind != kind)
            continue;
        for (guint s = 0; s < r->n_seats; s++) {
            const LpHistorySeat *seat = &r->seats[s];
            const char *key = seat_key(seat);
            if (key == NULL)
                continue; /* a deleted player */
            LpHistoryStats *st = g_hash_table_lookup(by_key, key);
            if (st == NULL) {
                st = g_new0(LpHistoryStats, 1);
                st->key = g_strdup(key);
                st->human = seat->human;
                st->level = seat->level;
                st->name = seat->human ? g_hash_table_lookup(self->names, key) : NULL;
                st->best = seat->score;
                g_hash_table_insert(by_key, st->key, st);
                g_ptr_array_add(out, st);
            }
            st->games++;
            st->best = MAX(st->best, seat->score);
            if (seat->winner) {
                st->wins++;
                st->streak++;
                st->best_streak = MAX(st->best_streak, st->streak);
            } else {
                st->streak = 0;
            }
            for (guint f = 0; f < LP_HISTORY_N_FIGURES; f++)
                st->figures[f] += seat->figures[f];
        }
    }
    g_ptr_array_sort(out, compare_stats);
    return out;
}

LpHistoryHeadToHead lp_history_head_to_head(LpHistory *self, int kind, const char *a,
                                            const char *b)
{
    LpHistoryHeadToHead h = {0};
    g_return_val_if_fail(LP_IS_HISTORY(self), h);
    g_return_val_if_fail(a != NULL && b != NULL, h);
    g_autofree char *ka = lp_history_name_key(a);
    g_autofree char *kb = lp_history_name_key(b);
    if (g_str_equal(ka, kb))
        return h;
    for (guint i = 0; i < self->records->len; i++) {
        const LpHistoryRecord *r = self->records->pdata[i];
        const LpHistorySeat *sa = NULL, *sb = NULL;
        if (kind >= 0 && (int)r->kind != kind)
            continue;
        for (guint s = 0; s < r->n_seats; s++) {
            if (g_strcmp0(r->seats[s].key, ka) == 0 && r->seats[s].human)
                sa = &r->seats[s];
            else if (g_strcmp0(r->seats[s].key, kb) == 0 && r->seats[s].human)
                sb = &r->seats[s];
        }
        if (sa == NULL || sb == NULL)
            continue;
        h.games++;
        if (sa->rank < sb->rank)
            h.a_ahead++;
        else if (sb->rank < sa->rank)
            h.b_ahead++;
        else
            h.level++;
    }
    return h;
}
