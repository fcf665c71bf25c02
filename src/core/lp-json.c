/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Strict JSON member readers whose errors name the member, for loading saves and decks. */
#include "lp-json.h"

#include <gio/gio.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "lp-error.h"

static JsonNode *member(JsonObject *obj, const char *name, GError **error)
{
    JsonNode *node = obj != NULL ? json_object_get_member(obj, name) : NULL;
    if (node == NULL)
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_MISSING_FIELD,
                    _("“%s” is missing"), name);
    return node;
}

gboolean lp_json_get_object(JsonObject *obj, const char *name, JsonObject **out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_OBJECT(node)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be an object"), name);
        return FALSE;
    }
    *out = json_node_get_object(node);
    return TRUE;
}

gboolean lp_json_get_array(JsonObject *obj, const char *name, JsonArray **out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_ARRAY(node)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a list"), name);
        return FALSE;
    }
    *out = json_node_get_array(node);
    return TRUE;
}

static gboolean node_int(JsonNode *node, gint64 *out)
{
    if (!JSON_NODE_HOLDS_VALUE(node))
        return FALSE;
    GType t = json_node_get_value_type(node);
    if (t == G_TYPE_INT64) {
        *out = json_node_get_int(node);
        return TRUE;
    }
    if (t == G_TYPE_DOUBLE) {
        double d = json_node_get_double(node);
        /* The range first: casting 1e400 (infinity) or 1e48 to an integer is undefined
         * (found by fuzzing; gcc's UBSan does not check it, clang's does). */
        if (isfinite(d) && d > -9e15 && d < 9e15 && d == (double)(gint64)d) {
            *out = (gint64)d;
            return TRUE;
        }
    }
    return FALSE;
}

gboolean lp_json_get_int(JsonObject *obj, const char *name, gint64 min, gint64 max, gint64 *out,
                         GError **error)
{
    JsonNode *node = member(obj, name, error);
    gint64 v;
    if (node == NULL)
        return FALSE;
    if (!node_int(node, &v) || v < min || v > max) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a whole number from %lld to %lld"), name, (long long)min,
                    (long long)max);
        return FALSE;
    }
    *out = v;
    return TRUE;
}

gboolean lp_json_get_double(JsonObject *obj, const char *name, double min, double max,
                            double *out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    GType t = JSON_NODE_HOLDS_VALUE(node) ? json_node_get_value_type(node) : G_TYPE_INVALID;
    double v = t == G_TYPE_DOUBLE ? json_node_get_double(node)
               : t == G_TYPE_INT64 ? (double)json_node_get_int(node)
                                   : NAN;
    if (!(v >= min && v <= max)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a number from %g to %g"), name, min, max);
        return FALSE;
    }
    *out = v;
    return TRUE;
}

gboolean lp_json_get_bool(JsonObject *obj, const char *name, gboolean *out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_BOOLEAN) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be true or false"), name);
        return FALSE;
    }
    *out = json_node_get_boolean(node);
    return TRUE;
}

gboolean lp_json_get_string(JsonObject *obj, const char *name, const char **out, GError **error)
{
    JsonNode *node = member(obj, name, error);
    if (node == NULL)
        return FALSE;
    if (!JSON_NODE_HOLDS_VALUE(node) || json_node_get_value_type(node) != G_TYPE_STRING ||
        *json_node_get_string(node) == '\0') {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("“%s” must be a non-empty text"), name);
        return FALSE;
    }
    *out = json_node_get_string(node);
    return TRUE;
}

const char *lp_enum_to_nick(GType enum_type, int value)
{
    g_return_val_if_fail(G_TYPE_IS_ENUM(enum_type), NULL);
    g_autoptr(GEnumClass) klass = g_type_class_ref(enum_type);
    GEnumValue *v = g_enum_get_value(klass, value);
    /* Nicks are static strings of the registered type, which is never unloaded. */
    return v != NULL ? v->value_nick : NULL;
}

gboolean lp_enum_from_nick(GType enum_type, const char *nick, int *out)
{
    g_return_val_if_fail(G_TYPE_IS_ENUM(enum_type), FALSE);
    if (nick == NULL)
        return FALSE;
    g_autoptr(GEnumClass) klass = g_type_class_ref(enum_type);
    GEnumValue *v = g_enum_get_value_by_nick(klass, nick);
    if (v == NULL)
        return FALSE;
    *out = v->value;
    return TRUE;
}

gboolean lp_json_get_enum(JsonObject *obj, const char *name, GType enum_type, int *out,
                          GError **error)
{
    const char *nick = NULL;
    if (!lp_json_get_string(obj, name, &nick, error))
        return FALSE;
    if (lp_enum_from_nick(enum_type, nick, out))
        return TRUE;
    g_autoptr(GEnumClass) klass = g_type_class_ref(enum_type);
    g_autoptr(GString) nicks = g_string_new(NULL);
    for (guint i = 0; i < klass->n_values; i++) {
        if (i > 0)
            /* Translators: joins the words a saved value may be, as in “place, challenge”. */
            g_string_append(nicks, _(", "));
        g_string_append_printf(nicks, "“%s”", klass->values[i].value_nick);
    }
    g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                _("“%s” must be one of %s"), name, nicks->str);
    return FALSE;
}

gboolean lp_json_array_get_int(JsonArray *array, guint index, const char *what, gint64 min,
                               gint64 max, gint64 *out, GError **error)
{
    gint64 v;
    if (index >= json_array_get_length(array) ||
        !node_int(json_array_get_element(array, index), &v) || v < min || v > max) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("entry %u of “%s” must be a whole number from %lld to %lld"), index + 1,
                    what, (long long)min, (long long)max);
        return FALSE;
    }
    *out = v;
    return TRUE;
}

gboolean lp_json_array_get_string(JsonArray *array, guint index, const char *what,
                                  const char **out, GError **error)
{
    JsonNode *node = index < json_array_get_length(array)
                         ? json_array_get_element(array, index)
                         : NULL;
    if (node == NULL || !JSON_NODE_HOLDS_VALUE(node) ||
        json_node_get_value_type(node) != G_TYPE_STRING) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE,
                    _("entry %u of “%s” must be a text"), index + 1, what);
        return FALSE;
    }
    *out = json_node_get_string(node);
    return TRUE;
}

/* json-glib accepts more than JSON (comments, single quotes) and recurses once per bracket:
 * a hand-edited save of 100,000 "[" behind a comment overflowed the stack at every start.
 * So every document is first checked here against the strict grammar of RFC 8259, with a
 * depth limit nothing can hide from, and only then handed to json-glib. Nothing Landpartie
 * writes is nested deeper than a few levels or has strings longer than a few hundred bytes. */
#define MAX_DEPTH 64
#define MAX_NUMBER_LENGTH 40

typedef struct {
    const char *p;
    const char *end;
    const char *start;
    guint depth;
    const char *problem; /* untranslated tag; the message is made from it once */
    /* The member names seen so far in each open object (NULL until its second member):
     * json-glib keeps the last of two equal names, Landpartie's history reader the first,
     * so a document holding both is refused rather than read two ways (issue 36). */
    GHashTable *names[MAX_DEPTH];
    const char *first_name[MAX_DEPTH]; /* the first member's name, as scanned */
    gsize first_len[MAX_DEPTH];
} Scan;

static void skip_space(Scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
        s->p++;
}

static gboolean fail(Scan *s, const char *problem)
{
    if (s->problem != NULL)
        return FALSE;
    /* What json-glib would have taken and JSON does not allow gets a message of its own:
     * it is what a hand-edited file most likely holds. */
    if (g_str_equal(problem, "syntax") && s->p < s->end && *s->p == '/')
        problem = "comment";
    else if (g_str_equal(problem, "syntax") && s->p < s->end && *s->p == '\'')
        problem = "quote";
    s->problem = problem;
    return FALSE;
}

static gboolean literal(Scan *s, const char *word)
{
    gsize n = strlen(word);
    if ((gsize)(s->end - s->p) < n || memcmp(s->p, word, n) != 0)
        return fail(s, "syntax");
    s->p += n;
    return TRUE;
}

static int hex4(const char *p)
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

static gboolean scan_string(Scan *s)
{
    s->p++; /* the opening quote */
    while (s->p < s->end) {
        unsigned char c = (unsigned char)*s->p;
        if (c == '"') {
            s->p++;
            return TRUE;
        }
        if (c < 0x20)
            return fail(s, "control");
        if (c != '\\') {
            s->p++;
            continue;
        }
        if (s->end - s->p < 2)
            return fail(s, "cut");
        char e = s->p[1];
        if (strchr("\"\\/bfnrt", e) != NULL && e != '\0') {
            s->p += 2;
            continue;
        }
        if (e != 'u' || s->end - s->p < 6)
            return fail(s, "escape");
        int u = hex4(s->p + 2);
        if (u < 0)
            return fail(s, "escape");
        s->p += 6;
        /* A NUL would cut the text short; a lone surrogate is not a character and would
         * become invalid UTF-8 that crashes accessibility clients. */
        if (u == 0)
            return fail(s, "escape");
        if (u >= 0xDC00 && u <= 0xDFFF)
            return fail(s, "surrogate");
        if (u >= 0xD800 && u <= 0xDBFF) {
            int low = s->end - s->p >= 6 && s->p[0] == '\\' && s->p[1] == 'u' ? hex4(s->p + 2)
                                                                               : -1;
            if (low < 0xDC00 || low > 0xDFFF)
                return fail(s, "surrogate");
            s->p += 6;
        }
    }
    return fail(s, "cut");
}

/* The text of the string literal lit (quotes included, already checked by scan_string),
 * with its escapes decoded, so that "a" and "\u0061" are the same name. */
static char *decode_name(const char *lit, gsize len)
{
    GString *out = g_string_sized_new(len);
    const char *p = lit + 1, *end = lit + len - 1;
    while (p < end) {
        if (*p != '\\') {
            g_string_append_c(out, *p++);
            continue;
        }
        char e = p[1];
        p += 2;
        switch (e) {
        case 'b': g_string_append_c(out, '\b'); break;
        case 'f': g_string_append_c(out, '\f'); break;
        case 'n': g_string_append_c(out, '\n'); break;
        case 'r': g_string_append_c(out, '\r'); break;
        case 't': g_string_append_c(out, '\t'); break;
        case 'u': {
            gunichar u = (gunichar)hex4(p);
            p += 4;
            if (u >= 0xD800 && u <= 0xDBFF) {
                u = 0x10000 + ((u - 0xD800) << 10) + ((gunichar)hex4(p + 2) - 0xDC00);
                p += 6;
            }
            g_string_append_unichar(out, u);
            break;
        }
        default: g_string_append_c(out, e); break; /* " \ / */
        }
    }
    return g_string_free(out, FALSE);
}

static gboolean same_name(const char *a, gsize a_len, const char *b, gsize b_len)
{
    if (memchr(a, '\\', a_len) == NULL && memchr(b, '\\', b_len) == NULL)
        return a_len == b_len && memcmp(a, b, a_len) == 0;
    g_autofree char *x = decode_name(a, a_len);
    g_autofree char *y = decode_name(b, b_len);
    return g_str_equal(x, y);
}

/* A member name of the innermost open object, scanned from lit; FALSE when the object
 * already has it. Most objects have few members: the first name is only remembered, and
 * a table is made at the second. */
static gboolean scan_member_name(Scan *s, const char *lit)
{
    gsize len = (gsize)(s->p - lit);
    guint d = s->depth - 1;
    if (s->first_name[d] == NULL) {
        s->first_name[d] = lit;
        s->first_len[d] = len;
        return TRUE;
    }
    if (s->names[d] == NULL) {
        if (same_name(s->first_name[d], s->first_len[d], lit, len))
            goto twice;
        s->names[d] = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
        g_hash_table_add(s->names[d], decode_name(s->first_name[d], s->first_len[d]));
    }
    if (!g_hash_table_add(s->names[d], decode_name(lit, len)))
        goto twice;
    return TRUE;
twice:
    s->p = lit; /* the position of the second one */
    return fail(s, "duplicate");
}

/* Forgets the names of the innermost object when it closes. */
static void close_level(Scan *s)
{
    s->depth--;
    g_clear_pointer(&s->names[s->depth], g_hash_table_unref);
    s->first_name[s->depth] = NULL;
}

static gboolean scan_number(Scan *s)
{
    const char *begin = s->p;
    if (s->p < s->end && *s->p == '-')
        s->p++;
    if (s->p >= s->end || !g_ascii_isdigit(*s->p))
        return fail(s, "syntax");
    if (*s->p == '0')
        s->p++;
    else
        while (s->p < s->end && g_ascii_isdigit(*s->p))
            s->p++;
    if (s->p < s->end && *s->p == '.') {
        s->p++;
        if (s->p >= s->end || !g_ascii_isdigit(*s->p))
            return fail(s, "syntax");
        while (s->p < s->end && g_ascii_isdigit(*s->p))
            s->p++;
    }
    if (s->p < s->end && (*s->p == 'e' || *s->p == 'E')) {
        s->p++;
        if (s->p < s->end && (*s->p == '+' || *s->p == '-'))
            s->p++;
        if (s->p >= s->end || !g_ascii_isdigit(*s->p))
            return fail(s, "syntax");
        while (s->p < s->end && g_ascii_isdigit(*s->p))
            s->p++;
    }
    if (s->p - begin > MAX_NUMBER_LENGTH)
        return fail(s, "number");
    return TRUE;
}

/* Iterative, so that no input can make the checker itself recurse: a stack of open
 * brackets (at most MAX_DEPTH) and whether a value or a key is expected next. */
static gboolean scan_document(Scan *s)
{
    char open[MAX_DEPTH];
    gboolean want_value = TRUE;
    skip_space(s);
    for (;;) {
        skip_space(s);
        if (s->p >= s->end)
            return fail(s, "cut");
        if (want_value) {
            char c = *s->p;
            if (c == '{' || c == '[') {
                if (s->depth == MAX_DEPTH)
                    return fail(s, "deep");
                open[s->depth++] = c;
                s->p++;
                skip_space(s);
                if (s->p < s->end && *s->p == (c == '{' ? '}' : ']')) {
                    close_level(s);
                    s->p++;
                    want_value = FALSE;
                    goto after_value;
                }
                if (c == '{') {
                    if (s->p >= s->end || *s->p != '"')
                        return fail(s, s->p >= s->end ? "cut" : "syntax");
                    const char *lit = s->p;
                    if (!scan_string(s) || !scan_member_name(s, lit))
                        return FALSE;
                    skip_space(s);
                    if (s->p >= s->end || *s->p != ':')
                        return fail(s, s->p >= s->end ? "cut" : "syntax");
                    s->p++;
                }
                continue;
            }
            if (c == '"') {
                if (!scan_string(s))
                    return FALSE;
            } else if (c == 't') {
                if (!literal(s, "true"))
                    return FALSE;
            } else if (c == 'f') {
                if (!literal(s, "false"))
                    return FALSE;
            } else if (c == 'n') {
                if (!literal(s, "null"))
                    return FALSE;
            } else if (!scan_number(s)) {
                return FALSE;
            }
            want_value = FALSE;
        }
    after_value:
        skip_space(s);
        if (s->depth == 0)
            return s->p == s->end ? TRUE : fail(s, "trailing");
        if (s->p >= s->end)
            return fail(s, "cut");
        char close = open[s->depth - 1] == '{' ? '}' : ']';
        if (*s->p == close) {
            close_level(s);
            s->p++;
            goto after_value;
        }
        if (*s->p != ',')
            return fail(s, "syntax");
        s->p++;
        skip_space(s);
        if (open[s->depth - 1] == '{') {
            if (s->p >= s->end || *s->p != '"')
                return fail(s, s->p >= s->end ? "cut" : "syntax");
            const char *lit = s->p;
            if (!scan_string(s) || !scan_member_name(s, lit))
                return FALSE;
            skip_space(s);
            if (s->p >= s->end || *s->p != ':')
                return fail(s, s->p >= s->end ? "cut" : "syntax");
            s->p++;
        }
        want_value = TRUE;
    }
}

/* Line and column (from 1, in bytes) of where the check stopped; never the bytes there,
 * which may be anything. */
static void position(Scan *s, guint *line, guint *column)
{
    *line = 1;
    *column = 1;
    for (const char *c = s->start; c < s->p && c < s->end; c++) {
        if (*c == '\n') {
            (*line)++;
            *column = 1;
        } else {
            (*column)++;
        }
    }
}

static gboolean strict_ok(const char *data, gsize len, gsize max_size, GError **error)
{
    if (len > max_size) {
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data is larger than %lld KB"), (long long)(max_size / 1024));
        return FALSE;
    }
    if (!g_utf8_validate_len(data, len, NULL) || memchr(data, '\0', len) != NULL) {
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data is not UTF-8 text"));
        return FALSE;
    }
    Scan s = {.p = data, .end = data + len, .start = data};
    gboolean ok = scan_document(&s);
    for (guint d = 0; d < MAX_DEPTH; d++)
        g_clear_pointer(&s.names[d], g_hash_table_unref);
    if (ok)
        return TRUE;
    guint line, column;
    position(&s, &line, &column);
    if (g_str_equal(s.problem, "deep"))
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data is nested more than %d levels deep (line %u, column %u)"),
                    MAX_DEPTH, line, column);
    else if (g_str_equal(s.problem, "cut"))
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data ends too early"));
    else if (g_str_equal(s.problem, "comment"))
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data holds a comment, which JSON does not allow (line %u, column %u)"),
                    line, column);
    else if (g_str_equal(s.problem, "quote"))
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data quotes with ' instead of \" (line %u, column %u)"), line,
                    column);
    else if (g_str_equal(s.problem, "duplicate"))
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("an object names the same member twice (line %u, column %u)"), line,
                    column);
    else if (g_str_equal(s.problem, "surrogate") || g_str_equal(s.problem, "escape"))
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("a text holds an escape that is not a character (line %u, column %u)"),
                    line, column);
    else
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data is not valid JSON at line %u, column %u"), line, column);
    return FALSE;
}

static JsonNode *parse_limited(const char *data, gssize length, gsize max_size, GError **error)
{
    gsize len = length < 0 ? strlen(data) : (gsize)length;
    if (!strict_ok(data, len, max_size, error))
        return NULL;
    g_autoptr(JsonParser) parser = json_parser_new_immutable();
    g_autoptr(GError) local = NULL;
    if (!json_parser_load_from_data(parser, data, (gssize)len, &local)) {
        /* Not expected after the strict check; json-glib's own message would quote the
         * document, so it is not passed on. */
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the data is not valid JSON"));
        return NULL;
    }
    JsonNode *root = json_parser_get_root(parser);
    if (root == NULL) {
        g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
                    _("the document is empty"));
        return NULL;
    }
    return json_node_copy(root);
}

JsonNode *lp_json_parse(const char *data, gssize length, GError **error)
{
    return parse_limited(data, length, LP_JSON_MAX_SIZE, error);
}

JsonNode *lp_json_load_resource(const char *resource_path, GError **error)
{
    g_autoptr(GBytes) bytes = g_resources_lookup_data(resource_path, 0, error);
    if (bytes == NULL)
        return NULL;
    gsize len;
    const char *data = g_bytes_get_data(bytes, &len);
    g_autoptr(GError) local = NULL;
    /* The decks are the app's own data, bigger than any save, but still bounded. */
    JsonNode *node = parse_limited(data, (gssize)len, 16 * LP_JSON_MAX_SIZE, &local);
    if (node == NULL) {
        g_set_error(error, LP_GAME_ERROR, LP_GAME_ERROR_DATA, _("%s is not valid JSON: %s"),
                    resource_path, local->message);
        return NULL;
    }
    return node;
}

char *lp_json_to_string(JsonNode *node, gboolean pretty)
{
    g_autoptr(JsonGenerator) gen = json_generator_new();
    json_generator_set_pretty(gen, pretty);
    json_generator_set_indent(gen, 2);
    json_generator_set_root(gen, node);
    char *text = json_generator_to_data(gen, NULL);
    /* json-glib 1.6 escapes the control characters below U+001F but writes U+001F itself
     * as a raw byte, which JSON forbids: a name holding one made the game's own save
     * unreadable (found by fuzzing). Outside strings the generator writes no such byte. */
    if (strchr(text, 0x1f) == NULL)
        return text;
    g_autoptr(GString) fixed = g_string_new(NULL);
    for (const char *c = text; *c; c++) {
        if (*c == 0x1f)
            g_string_append(fixed, "\\u001f");
        else
            g_string_append_c(fixed, *c);
    }
    g_free(text);
    return g_string_free(g_steal_pointer(&fixed), FALSE);
}

JsonArray *lp_json_int_array(const int *values, guint n)
{
    JsonArray *array = json_array_sized_new(n);
    for (guint i = 0; i < n; i++)
        json_array_add_int_element(array, values[i]);
    return array;
}
