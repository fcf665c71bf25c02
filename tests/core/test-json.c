/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The strict reader in front of json-glib: what JSON it accepts, what it refuses before
 * json-glib sees it (comments, single quotes, deep nesting hidden behind them, lone
 * surrogates, NUL, oversize documents), and that its messages never quote the document. */
#include <string.h>

#include "lp-json.h"

static void assert_refused(const char *data, gssize len, const char *needle)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = lp_json_parse(data, len, &error);
    g_assert_null(node);
    g_assert_nonnull(error);
    g_assert_true(g_utf8_validate(error->message, -1, NULL));
    if (needle != NULL && strstr(error->message, needle) == NULL)
        g_error("“%s” not in “%s”", needle, error->message);
}

static void assert_accepted(const char *data)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = lp_json_parse(data, -1, &error);
    g_assert_no_error(error);
    g_assert_nonnull(node);
}

static void test_accepts_json(void)
{
    assert_accepted("{}");
    assert_accepted(" [ ] ");
    assert_accepted("{\"a\": [1, -2, 3.5, 1e9, -0.25E-3, true, false, null, \"x\"]}");
    assert_accepted("\"Görlitz \\u00e4\\ud83d\\ude00 \\\" \\\\ \\/ \\n\"");
    assert_accepted("{\"nested\": {\"a\": {\"b\": [[[]]]}}}");
    /* 64 levels is the limit, and allowed. */
    g_autoptr(GString) deep = g_string_new(NULL);
    for (int i = 0; i < 64; i++)
        g_string_append_c(deep, '[');
    for (int i = 0; i < 64; i++)
        g_string_append_c(deep, ']');
    assert_accepted(deep->str);
}

static void test_refuses_more_than_json(void)
{
    assert_refused("{\"a\": 1, /* comment */ \"b\": 2}", -1, "comment");
    assert_refused("{\"a\": 1,\n // comment\n \"b\": 2}", -1, "line 2, column 2");
    assert_refused("{'a': 1}", -1, "quotes with '");
    assert_refused("{\"a\": 1,}", -1, NULL);
    assert_refused("[1, 2", -1, "ends too early");
    assert_refused("{\"a\": 1} x", -1, NULL);
    assert_refused("", -1, NULL);
    assert_refused("[01]", -1, NULL);
    assert_refused("[1.]", -1, NULL);
    assert_refused("[+1]", -1, NULL);
    assert_refused("[NaN]", -1, NULL);
    assert_refused("[\"tab\there\"]", -1, NULL);
    assert_refused("[\"\\x41\"]", -1, NULL);
    assert_refused("{\"a\" 1}", -1, NULL);
    assert_refused("{1: 2}", -1, NULL);
}

/* Issue 36: json-glib keeps the last of two equal member names, other readers the first, so
 * a document holding two is refused, wherever they are and however they are spelt; equal
 * names in different objects are fine. No Json-CRITICAL on the way. */
static void test_duplicate_members(void)
{
    assert_refused("{\"a\": 1, \"a\": 2}", -1, "same member twice (line 1, column 10)");
    assert_refused("{\"a\": 1,\n \"b\": 2,\n \"\\u0061\": 3}", -1, "line 3, column 2");
    assert_refused("{\"x\": [{\"id\": 1, \"n\": 0, \"id\": 1}]}", -1, "twice");
    assert_refused("{\"players\": [], \"v\": 1, \"players\": []}", -1, "twice");
    assert_refused("{\"\\\"\": 1, \"\\u0022\": 2}", -1, "twice");
    assert_refused("{\"\\ud83d\\ude00\": 1, \"😀\": 2}", -1, "twice");
    assert_accepted("{\"a\": {\"a\": 1}, \"b\": {\"a\": 2, \"b\": {}}, \"c\": [{\"a\": 1}, {\"a\": 2}]}");
    assert_accepted("{\"a\": 1, \"A\": 2, \"a \": 3, \"\": 4}");
    /* Many members: the names are kept in a table, the duplicate is still found. */
    g_autoptr(GString) many = g_string_new("{");
    for (int i = 0; i < 2000; i++)
        g_string_append_printf(many, "\"m%d\": %d, ", i, i);
    g_string_append(many, "\"z\": 0}");
    assert_accepted(many->str);
    g_string_truncate(many, many->len - 8);
    g_string_append(many, "\"m1999\": 0}");
    assert_refused(many->str, -1, "twice");
}

/* QA's crasher: a quote inside a comment fooled the old bracket counter, and json-glib
 * then recursed 100,000 times. The strict check refuses it at once. */
static void test_hidden_nesting(void)
{
    g_autoptr(GString) bad = g_string_new("/* \" */");
    for (int i = 0; i < 100000; i++)
        g_string_append_c(bad, '[');
    assert_refused(bad->str, -1, NULL);

    g_autoptr(GString) deep = g_string_new(NULL);
    for (int i = 0; i < 100000; i++)
        g_string_append(deep, "{\"a\":");
    assert_refused(deep->str, -1, "nested more than 64");

    g_autoptr(GString) quoted = g_string_new("['\"'");
    for (int i = 0; i < 100000; i++)
        g_string_append_c(quoted, '[');
    assert_refused(quoted->str, -1, NULL);
}

static void test_text_is_text(void)
{
    /* A lone surrogate is no character; it became invalid UTF-8 in a label and crashed
     * accessibility clients. */
    assert_refused("{\"name\": \"An\\ud800na\"}", -1, "not a character");
    assert_refused("{\"name\": \"An\\udc00na\"}", -1, "not a character");
    assert_refused("{\"name\": \"\\ud83d\\u0041\"}", -1, "not a character");
    assert_refused("{\"name\": \"A\\u0000B\"}", -1, "not a character");
    /* Raw bytes that are not UTF-8, and a NUL byte: refused without quoting them. */
    const char latin1[] = "{\"name\": \"J\xfcrgen\"}";
    assert_refused(latin1, -1, "UTF-8");
    const char nul[] = "{\"a\": 1}\0{\"b\": 2}";
    assert_refused(nul, sizeof nul - 1, "UTF-8");
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = lp_json_parse(latin1, -1, &error);
    g_assert_null(strstr(error->message, "rgen"));
}

static void test_size_limit(void)
{
    gsize n = LP_JSON_MAX_SIZE + 10;
    g_autofree char *big = g_malloc(n + 1);
    memset(big, ' ', n);
    big[0] = '[';
    big[n - 1] = ']';
    big[n] = '\0';
    assert_refused(big, (gssize)n, "larger than");
}

/* Found by fuzzing: what the app writes, it reads back; and a huge number is refused, not
 * cast (undefined behaviour). */
static void test_own_output(void)
{
    g_autoptr(JsonNode) node = json_node_new(JSON_NODE_VALUE);
    json_node_set_string(node, "A\x1f\x01B\t");
    g_autofree char *text = lp_json_to_string(node, FALSE);
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) again = lp_json_parse(text, -1, &error);
    g_assert_no_error(error);
    g_assert_cmpstr(json_node_get_string(again), ==, "A\x1f\x01B\t");

    static const char *const numbers[] = {"1e400", "-1e400", "1e48", "9.5e15", "0.5"};
    for (guint i = 0; i < G_N_ELEMENTS(numbers); i++) {
        g_autofree char *doc = g_strdup_printf("{\"n\": %s}", numbers[i]);
        g_autoptr(JsonNode) root = lp_json_parse(doc, -1, NULL);
        g_assert_nonnull(root);
        gint64 n;
        g_autoptr(GError) local = NULL;
        g_assert_false(lp_json_get_int(json_node_get_object(root), "n", G_MININT64, G_MAXINT64,
                                       &n, &local));
        g_assert_nonnull(local);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/json/accepts-json", test_accepts_json);
    g_test_add_func("/json/refuses-more-than-json", test_refuses_more_than_json);
    g_test_add_func("/json/duplicate-members", test_duplicate_members);
    g_test_add_func("/json/hidden-nesting", test_hidden_nesting);
    g_test_add_func("/json/text-is-text", test_text_is_text);
    g_test_add_func("/json/size-limit", test_size_limit);
    g_test_add_func("/json/own-output", test_own_output);
    return g_test_run();
}
