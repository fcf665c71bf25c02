/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history of games (issue 15): appending, damaged and hostile lines skipped and kept,
 * rename, merge and delete, names matched without case and spaces, the statistics. */
/* symlink() and lstat() are POSIX, not C11. */
#define _GNU_SOURCE

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lp-history.h"
#include "lp-json.h"

/* A record line by hand: game kind, date, then "name:kind:score:rank:winner" seats. */
static char *line(const char *id, const char *game, const char *date, const char *const *seats)
{
    g_autoptr(GString) s = g_string_new(NULL);
    g_string_append_printf(s,
                           "{\"v\":1,\"id\":\"%s\",\"game\":\"%s\",\"date\":\"%s\","
                           "\"duration\":600,\"option\":false,\"players\":[",
                           id, game, date);
    for (guint i = 0; seats[i] != NULL; i++) {
        g_auto(GStrv) f = g_strsplit(seats[i], ":", -1);
        g_assert_cmpuint(g_strv_length(f), ==, 5);
        if (i > 0)
            g_string_append_c(s, ',');
        gboolean computer = g_str_has_prefix(f[1], "computer");
        g_string_append_printf(s,
                               "{\"name\":\"%s\",\"colour\":\"#e01b24\",\"kind\":\"%s\",%s"
                               "\"score\":%s,\"rank\":%s,\"winner\":%s}",
                               f[0], computer ? "computer" : "human",
                               computer ? (g_str_equal(f[1], "computer-hard")
                                               ? "\"level\":\"hard\","
                                               : "\"level\":\"easy\",")
                                        : "",
                               f[2], f[3], f[4]);
    }
    g_string_append(s, "]}\n");
    return g_string_free(g_steal_pointer(&s), FALSE);
}

static char *tmp_path(void)
{
    return g_build_filename(g_get_user_data_dir(), "landpartie", "history.jsonl", NULL);
}

static void write_file(const char *path, const char *data)
{
    g_autofree char *dir = g_path_get_dirname(path);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    g_assert_true(g_file_set_contents(path, data, -1, NULL));
}

static char *read_file(const char *path)
{
    char *data = NULL;
    g_assert_true(g_file_get_contents(path, &data, NULL, NULL));
    return data;
}

static LpHistory *loaded(const char *path)
{
    g_autoptr(GError) error = NULL;
    LpHistory *h = lp_history_new(path);
    g_assert_true(lp_history_load(h, &error));
    g_assert_no_error(error);
    return h;
}

static void test_name_key(void)
{
    g_autofree char *a = lp_history_name_key("  anna  LENA ");
    g_autofree char *b = lp_history_name_key("AnnaLena");
    g_autofree char *c = lp_history_name_key("Anna\tLena");
    g_autofree char *d = lp_history_name_key("Änne");
    g_autofree char *e = lp_history_name_key("ÄNNE");
    g_autofree char *f = lp_history_name_key("Anne");
    g_assert_cmpstr(a, ==, b);
    g_assert_cmpstr(a, ==, c);
    g_assert_cmpstr(d, ==, e);
    g_assert_cmpstr(d, !=, f);
}

static void test_missing_file(void)
{
    g_autofree char *path = tmp_path();
    g_autoptr(LpHistory) h = loaded(path);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 0);
    g_assert_cmpuint(lp_history_get_n_damaged(h), ==, 0);
    g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
}

static void test_append(void)
{
    g_autofree char *path = tmp_path();
    const char *seats[] = {"Anna:human:12:1:true", "Ben:human:7:2:false",
                           "Robo:computer-hard:3:3:false", NULL};
    g_autofree char *l1 = line("a1", "buxtehude", "2026-11-30T18:00:00Z", seats);
    g_autoptr(JsonNode) rec = lp_json_parse(l1, -1, NULL);
    g_autoptr(GError) error = NULL;

    /* The folder is made; each append is one line. */
    g_assert_true(lp_history_append_to_file(path, rec, &error));
    g_assert_no_error(error);
    g_assert_true(lp_history_append_to_file(path, rec, &error));
    g_autofree char *data = read_file(path);
    g_autofree char *twice = g_strconcat(l1, l1, NULL);
    g_assert_cmpstr(data, ==, twice);
    struct stat st;
    g_assert_cmpint(stat(path, &st), ==, 0);
    g_assert_cmpint(st.st_mode & 0777, ==, 0600);

    g_autoptr(LpHistory) h = loaded(path);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);
    const LpHistoryRecord *r = lp_history_get_record(h, 0);
    g_assert_cmpstr(r->id, ==, "a1");
    g_assert_cmpint(r->kind, ==, LP_HISTORY_BUXTEHUDE);
    g_assert_cmpint(r->date, ==, 1796061600); /* 2026-11-30T18:00:00Z */
    g_assert_cmpuint(r->duration, ==, 600);
    g_assert_cmpuint(r->n_seats, ==, 3);
    g_assert_cmpstr(r->seats[0].name, ==, "Anna");
    g_assert_true(r->seats[0].human);
    g_assert_true(r->seats[0].winner);
    g_assert_cmpint(r->seats[0].score, ==, 12);
    g_assert_cmpstr(r->seats[2].name, ==, "Robo");
    g_assert_false(r->seats[2].human);
    g_assert_cmpint(r->seats[2].level, ==, LP_LEVEL_HARD);
    g_assert_cmpuint(r->seats[2].rank, ==, 3);

    /* Through the object: appended and read again. */
    g_assert_true(lp_history_append(h, rec, &error));
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 3);
}

static const char *const two[] = {"Anna:human:12:1:true", "Ben:human:7:2:false", NULL};

/* A damaged line is skipped with a warning and stays in the file byte for byte; a line a
 * crash cut short gets its end before the next record, which is a line of its own. */
static void test_damaged(void)
{
    g_autofree char *path = tmp_path();
    g_autofree char *good = line("g1", "minden", "2026-11-30T18:00:00Z", two);
    const char *garbage = "{\"v\":1,\"id\":\"x\" this is not JSON\n";
    const char *cut = "{\"v\":1,\"id\":\"cut\",\"game\":\"mi";
    g_autofree char *data = g_strconcat(good, garbage, "\n", good, cut, NULL);
    write_file(path, data);

    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 2*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 5*");
    g_autoptr(LpHistory) h = loaded(path);
    g_test_assert_expected_messages();
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);
    g_assert_cmpuint(lp_history_get_n_damaged(h), ==, 2);
    g_assert_cmpuint(lp_history_get_record(h, 1)->line, ==, 4);
    /* Reading never writes. */
    g_autofree char *after_load = read_file(path);
    g_assert_cmpstr(after_load, ==, data);

    g_autofree char *more = line("g2", "aufachse", "2026-11-30T19:00:00Z", two);
    g_autoptr(JsonNode) rec = lp_json_parse(more, -1, NULL);
    g_autoptr(GError) error = NULL;
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 2*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 5*");
    g_assert_true(lp_history_append(h, rec, &error));
    g_test_assert_expected_messages();
    g_assert_no_error(error);
    g_autofree char *after = read_file(path);
    g_autofree char *want = g_strconcat(data, "\n", more, NULL);
    g_assert_cmpstr(after, ==, want);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 3);
    g_assert_cmpstr(lp_history_get_record(h, 2)->id, ==, "g2");
}

/* Lines a hostile or broken file may hold: each is skipped, none crashes or is changed. */
static void test_hostile(void)
{
    g_autofree char *path = tmp_path();
    g_autofree char *good = line("ok", "buxtehude", "2026-11-30T18:00:00Z", two);
    g_autoptr(GString) data = g_string_new(good);
    const char *bad_seats[][3] = {
        {"Anna:human:1:0:true", NULL},        /* rank 0 */
        {"Anna:human:1:3:true", NULL},        /* rank beyond the seats */
        {"Anna:human:1e400:1:true", NULL},    /* a number no int holds */
        {"Anna:human:1.5:1:true", NULL},      /* not whole */
        {"Anna:human:1:1:1", NULL},           /* winner not a boolean */
        {"\\u0007Bell:human:1:1:true", NULL}, /* a control character in a name */
        {"   :human:1:1:true", NULL},         /* only spaces */
        {"12345678901234567890123456789012345678901:human:1:1:true", NULL}, /* 41 chars */
    };
    guint n_bad = 0;
    for (guint i = 0; i < G_N_ELEMENTS(bad_seats); i++) {
        g_autofree char *l = line("b", "minden", "2026-11-30T18:00:00Z", bad_seats[i]);
        g_string_append(data, l);
        n_bad++;
    }
    const char *bad_lines[] = {
        "[1,2,3]",
        "\"just a text\"",
        "{\"v\":2,\"id\":\"future\",\"game\":\"minden\"}",
        "{\"v\":1}",
        "{\"v\":1,\"id\":\"u\",\"game\":\"schach\",\"date\":\"2026-11-30T18:00:00Z\","
        "\"duration\":1,\"option\":false,\"players\":[]}",
        "{\"v\":1,\"id\":\"d\",\"game\":\"minden\",\"date\":\"0001-01-01T00:00:00+14:00\","
        "\"duration\":1,\"option\":false,\"players\":[]}",
        "{\"v\":1,\"id\":\"../../etc\",\"game\":\"minden\",\"date\":\"2026-11-30T18:00:00Z\","
        "\"duration\":1,\"option\":false,\"players\":[]}",
        "{\"v\":1,\"id\":\"c\",\"game\":\"minden\",\"date\":\"2026-11-30T18:00:00Z\","
        "\"duration\":-5,\"option\":false,\"players\":[]}",
        "{\"v\":1,\"id\":\"c\",\"game\":\"minden\",\"date\":\"2026-11-30T18:00:00Z\","
        "\"duration\":5,\"option\":false,\"players\":[{\"name\":\"A\",\"colour\":\"red\","
        "\"kind\":\"human\",\"score\":1,\"rank\":1,\"winner\":true}]}",
        "{\"v\":1,\"id\":\"f\",\"game\":\"minden\",\"date\":\"2026-11-30T18:00:00Z\","
        "\"duration\":5,\"option\":false,\"players\":[{\"name\":\"A\",\"colour\":\"#000000\","
        "\"kind\":\"human\",\"score\":1,\"rank\":1,\"winner\":true,"
        "\"figures\":{\"tips\":[1,1,1,1],\"right\":[2,0,0,0]}}]}",
        "{\"v\":1,\"id\":\"f\",\"game\":\"aufachse\",\"date\":\"2026-11-30T18:00:00Z\","
        "\"duration\":5,\"option\":false,\"players\":[{\"name\":\"A\",\"colour\":\"#000000\","
        "\"kind\":\"computer\",\"score\":1,\"rank\":1,\"winner\":true}]}",
        "{\"v\":1,\"id\":\"x\"} // a comment",
        "{'v':1}",
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad_lines); i++) {
        g_string_append_printf(data, "%s\n", bad_lines[i]);
        n_bad++;
    }
    /* Deep nesting, a NUL byte, bytes that are not UTF-8, and a line far too long. */
    for (int i = 0; i < 100000; i++)
        g_string_append_c(data, '[');
    g_string_append_c(data, '\n');
    g_string_append_len(data, "{\"v\":1,\"id\":\"n\0l\"}\n", 19);
    g_string_append(data, "{\"v\":1,\"id\":\"\xff\xfe\"}\n");
    g_string_append(data, "{\"v\":1,\"id\":\"");
    for (int i = 0; i < LP_HISTORY_MAX_LINE; i++)
        g_string_append_c(data, 'a');
    g_string_append(data, "\"}\n");
    n_bad += 4;
    g_string_append(data, good);
    write_file(path, "");
    g_assert_true(g_file_set_contents(path, data->str, (gssize)data->len, NULL));

    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*skipped*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*skipped*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*skipped*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*skipped*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*skipped*");
    /* Then one line for all the rest, not one each. */
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*more damaged lines*");
    g_autoptr(LpHistory) h = loaded(path);
    g_test_assert_expected_messages();
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);
    g_assert_cmpuint(lp_history_get_n_damaged(h), ==, n_bad);

    /* A rewrite keeps every one of them byte for byte. */
    g_autoptr(GError) error = NULL;
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*");
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*more damaged lines*");
    g_assert_true(lp_history_rename_player(h, "anna", "Annegret", &error));
    g_test_assert_expected_messages();
    g_assert_no_error(error);
    gsize len = 0;
    g_autofree char *after = NULL;
    g_assert_true(g_file_get_contents(path, &after, &len, NULL));
    g_autofree char *renamed = g_strdup(good);
    char *at = strstr(renamed, "\"Anna\"");
    g_assert_nonnull(at);
    g_autofree char *good_after = g_strdup_printf("%.*s\"Annegret\"%s", (int)(at - renamed),
                                                  renamed, at + strlen("\"Anna\""));
    g_assert_cmpuint(len, ==, data->len + 2 * (strlen(good_after) - strlen(good)));
    g_assert_true(g_str_has_prefix(after, good_after));
    g_assert_cmpint(memcmp(after + strlen(good_after), data->str + strlen(good),
                           data->len - 2 * strlen(good)),
                    ==, 0);
}

/* What any JSON writer may make of a record: spaces, escapes, another order of members. */
static void test_valid_variants(void)
{
    g_autofree char *path = tmp_path();
    const char *data =
        " { \"players\" : [ {\"winner\":false,\"rank\":2,\"score\":-3,\"kind\":\"human\","
        "\"colour\":\"#A0b0C0\",\"name\":\"J\\u00fcrgen \\ud83d\\ude00 \\\"Opa\\\"\"},"
        "{\"name\":\"Robo\",\"colour\":\"#000000\",\"kind\":\"computer\",\"level\":\"easy\","
        "\"score\":0,\"rank\":1,\"winner\":true,\"figures\":{\"stages\":[1,2],\"longest\":3,"
        "\"unknown\":{\"x\":[null,true,1.5e3,\"\\/\"]}}}],"
        "\"option\":true,\"duration\":0,\"date\":\"2026-12-01T08:00:00+01:00\","
        "\"game\":\"aufachse\",\"id\":\"A-1\",\"v\":1 } \n";
    write_file(path, data);
    g_autoptr(LpHistory) h = loaded(path);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 1);
    const LpHistoryRecord *r = lp_history_get_record(h, 0);
    g_assert_cmpstr(r->id, ==, "A-1");
    g_assert_cmpint(r->date, ==, 1796108400); /* 2026-12-01T07:00:00Z */
    g_assert_true(r->option);
    g_assert_cmpstr(r->seats[0].name, ==, "Jürgen 😀 \"Opa\"");
    g_assert_cmpint(r->seats[0].score, ==, -3);
    g_assert_cmpint(r->seats[1].figures[LP_FIG_AA_STAGE_1 + 1], ==, 2);
    g_assert_cmpint(r->seats[1].figures[LP_FIG_AA_LONGEST], ==, 3);
}

static void test_not_a_file(void)
{
    g_autofree char *path = tmp_path();
    g_autoptr(GError) error = NULL;
    /* A folder where the file should be. */
    g_assert_cmpint(g_mkdir_with_parents(path, 0700), ==, 0);
    g_autoptr(LpHistory) h = lp_history_new(path);
    g_assert_false(lp_history_load(h, &error));
    g_assert_nonnull(error);
    g_clear_error(&error);
    g_assert_cmpint(g_rmdir(path), ==, 0);
    /* A pipe nobody writes to must not hang the page. */
    g_assert_cmpint(mkfifo(path, 0600), ==, 0);
    g_assert_false(lp_history_load(h, &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
    g_clear_error(&error);
    g_autofree char *l = line("a", "minden", "2026-11-30T18:00:00Z", two);
    g_autoptr(JsonNode) rec = lp_json_parse(l, -1, NULL);
    g_assert_false(lp_history_append_to_file(path, rec, &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
    g_clear_error(&error);
    g_unlink(path);
    /* Larger than any history: refused before it is read. */
    int fd = open(path, O_CREAT | O_WRONLY, 0600);
    g_assert_cmpint(fd, >=, 0);
    g_assert_cmpint(ftruncate(fd, (off_t)LP_HISTORY_MAX_SIZE + 1), ==, 0);
    close(fd);
    g_assert_false(lp_history_load(h, &error));
    g_assert_nonnull(strstr(error->message, "64 MB"));
    g_unlink(path);
}

static void write_lines(const char *path, const char *const *lines)
{
    g_autoptr(GString) s = g_string_new(NULL);
    for (guint i = 0; lines[i] != NULL; i++)
        g_string_append(s, lines[i]);
    write_file(path, s->str);
}

static void test_rename_merge_delete(void)
{
    g_autofree char *path = tmp_path();
    const char *s1[] = {"Anna:human:12:1:true", "Ben:human:7:2:false", NULL};
    const char *s2[] = {"anna :human:3:2:false", "Oma Gerda:human:9:1:true", NULL};
    const char *s3[] = {"Annie:human:5:1:true", "BEN:human:2:2:false", NULL};
    g_autofree char *l1 = line("id-1", "minden", "2026-11-01T18:00:00Z", s1);
    g_autofree char *l2 = line("id-2", "minden", "2026-11-02T18:00:00Z", s2);
    g_autofree char *l3 = line("id-3", "aufachse", "2026-11-03T18:00:00Z", s3);
    const char *bad = "not json at all\n";
    const char *lines[] = {l1, bad, l2, l3, NULL};
    write_lines(path, lines);
    g_autoptr(GError) error = NULL;

    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 2*");
    g_autoptr(LpHistory) h = loaded(path);
    g_test_assert_expected_messages();
    /* Case and spaces do not matter: "Anna" and "anna " are one player. */
    g_autoptr(GPtrArray) stats = lp_history_get_stats(h, -1);
    LpHistoryStats *anna = NULL;
    for (guint i = 0; i < stats->len; i++) {
        LpHistoryStats *st = stats->pdata[i];
        if (g_strcmp0(st->key, "anna") == 0)
            anna = st;
    }
    g_assert_nonnull(anna);
    g_assert_cmpuint(anna->games, ==, 2);
    g_assert_cmpuint(anna->wins, ==, 1);
    g_assert_cmpstr(anna->name, ==, "anna"); /* as last typed, without the space around */

    /* Rename "ANNA" → "Anna Maria": both spellings, in every game; the damaged line stays. */
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 2*");
    g_assert_true(lp_history_rename_player(h, "ANNA", "Anna Maria", &error));
    g_test_assert_expected_messages();
    g_assert_no_error(error);
    g_autofree char *data = read_file(path);
    g_assert_null(strstr(data, "\"Anna\""));
    g_assert_null(strstr(data, "\"anna \""));
    g_assert_nonnull(strstr(data, "\n" "not json at all\n"));
    g_assert_true(g_str_has_suffix(data, l3)); /* unchanged lines byte for byte */
    g_assert_cmpstr(lp_history_get_record(h, 0)->seats[0].name, ==, "Anna Maria");
    g_assert_cmpstr(lp_history_get_record(h, 1)->seats[0].name, ==, "Anna Maria");

    /* Merging Annie into Anna Maria: they never sat at one game. */
    g_assert_true(lp_history_is_merge(h, "Annie", "anna maria"));
    g_assert_false(lp_history_is_merge(h, "Annie", "ANNIE"));
    g_assert_false(lp_history_is_merge(h, "Annie", "Somebody New"));
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 2*");
    g_assert_true(lp_history_rename_player(h, "annie", "Anna Maria", &error));
    g_test_assert_expected_messages();
    g_clear_pointer(&stats, g_ptr_array_unref);
    stats = lp_history_get_stats(h, -1);
    LpHistoryStats *first = stats->pdata[0];
    g_assert_cmpstr(first->name, ==, "Anna Maria");
    g_assert_cmpuint(first->games, ==, 3);
    g_assert_cmpuint(first->wins, ==, 2);

    /* Ben and Oma Gerda never met, but Anna Maria and Ben did: that is no merge. */
    g_autofree char *before = read_file(path);
    g_assert_false(lp_history_rename_player(h, "Ben", "anna maria", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_EXISTS);
    g_clear_error(&error);
    g_autofree char *unchanged = read_file(path);
    g_assert_cmpstr(before, ==, unchanged);
    /* Nor is an empty name a name. */
    g_assert_false(lp_history_rename_player(h, "Ben", "   ", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error(&error);

    /* Delete a game. */
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 2*");
    g_assert_true(lp_history_delete_game(h, "id-2", &error));
    g_test_assert_expected_messages();
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);
    g_autofree char *after_delete = read_file(path);
    g_assert_null(strstr(after_delete, "id-2"));
    g_assert_nonnull(strstr(after_delete, "not json at all\n"));

    /* Delete a player: the name leaves every game, the games stay for the others. */
    g_test_expect_message(G_LOG_DOMAIN, G_LOG_LEVEL_WARNING, "*line 2*");
    g_assert_true(lp_history_delete_player(h, " ben", &error));
    g_test_assert_expected_messages();
    g_autofree char *after_player = read_file(path);
    g_assert_null(strstr(after_player, "Ben"));
    g_assert_null(strstr(after_player, "BEN"));
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);
    g_assert_null(lp_history_get_record(h, 0)->seats[1].name);
    g_clear_pointer(&stats, g_ptr_array_unref);
    stats = lp_history_get_stats(h, -1);
    g_assert_cmpuint(stats->len, ==, 1);
}

/* Wins, win rate, best result, streaks, computers by level, head to head, worked by hand. */
static void test_stats(void)
{
    g_autofree char *path = tmp_path();
    /* Anna: W L W W (Minden, Minden, Buxtehude, Minden); Ben: L W L (shared last?) */
    const char *g1[] = {"Anna:human:41:1:true", "Ben:human:38:2:false",
                        "C1:computer-hard:30:3:false", NULL};
    const char *g2[] = {"Anna:human:30:2:false", "Ben:human:44:1:true",
                        "C2:computer-easy:10:3:false", NULL};
    const char *g3[] = {"Anna:human:12:1:true", "Ben:human:12:1:true", NULL};
    const char *g4[] = {"Anna:human:45:1:true", "C1:computer-hard:40:2:false", NULL};
    const char *g5[] = {"Ben:human:20:2:false", "C1:computer-hard:50:1:true", NULL};
    g_autofree char *l1 = line("1", "minden", "2026-11-01T18:00:00Z", g1);
    g_autofree char *l2 = line("2", "minden", "2026-11-02T18:00:00Z", g2);
    g_autofree char *l3 = line("3", "buxtehude", "2026-11-03T18:00:00Z", g3);
    g_autofree char *l4 = line("4", "minden", "2026-11-04T18:00:00Z", g4);
    g_autofree char *l5 = line("5", "minden", "2026-11-05T18:00:00Z", g5);
    const char *lines[] = {l1, l2, l3, l4, l5, NULL};
    write_lines(path, lines);
    g_autoptr(LpHistory) h = loaded(path);

    g_autoptr(GPtrArray) all = lp_history_get_stats(h, -1);
    /* Sorted by wins: Anna 3, Ben 2, computer hard 1, computer easy 0. */
    g_assert_cmpuint(all->len, ==, 4);
    LpHistoryStats *anna = all->pdata[0], *ben = all->pdata[1];
    LpHistoryStats *hard = all->pdata[2], *easy = all->pdata[3];
    g_assert_cmpstr(anna->name, ==, "Anna");
    g_assert_cmpuint(anna->games, ==, 4);
    g_assert_cmpuint(anna->wins, ==, 3);
    g_assert_cmpuint(lp_history_win_rate(anna->wins, anna->games), ==, 75);
    g_assert_cmpuint(anna->streak, ==, 2);
    g_assert_cmpuint(anna->best_streak, ==, 2);
    g_assert_cmpstr(ben->name, ==, "Ben");
    g_assert_cmpuint(ben->games, ==, 4);
    g_assert_cmpuint(ben->wins, ==, 2);
    g_assert_cmpuint(ben->streak, ==, 0);
    g_assert_cmpuint(ben->best_streak, ==, 2);
    g_assert_false(hard->human);
    g_assert_cmpint(hard->level, ==, LP_LEVEL_HARD);
    g_assert_null(hard->name);
    g_assert_cmpuint(hard->games, ==, 3);
    g_assert_cmpuint(hard->wins, ==, 1);
    g_assert_cmpuint(hard->streak, ==, 1);
    g_assert_cmpint(easy->level, ==, LP_LEVEL_EASY);
    g_assert_cmpuint(easy->games, ==, 1);

    /* Minden only: Anna W L W, best 45; Ben L W L, best 44. */
    g_autoptr(GPtrArray) minden = lp_history_get_stats(h, LP_HISTORY_MINDEN);
    anna = minden->pdata[0];
    g_assert_cmpstr(anna->name, ==, "Anna");
    g_assert_cmpuint(anna->games, ==, 3);
    g_assert_cmpuint(anna->wins, ==, 2);
    g_assert_cmpint(anna->best, ==, 45);
    g_assert_cmpuint(anna->best_streak, ==, 1);
    g_assert_cmpuint(lp_history_win_rate(2, 3), ==, 67);

    /* Head to head: three games together; Anna ahead in one, Ben in one, level in one. */
    LpHistoryHeadToHead hh = lp_history_head_to_head(h, -1, "anna", "BEN ");
    g_assert_cmpuint(hh.games, ==, 3);
    g_assert_cmpuint(hh.a_ahead, ==, 1);
    g_assert_cmpuint(hh.b_ahead, ==, 1);
    g_assert_cmpuint(hh.level, ==, 1);
    hh = lp_history_head_to_head(h, LP_HISTORY_MINDEN, "Anna", "Ben");
    g_assert_cmpuint(hh.games, ==, 2);
    g_assert_cmpuint(hh.level, ==, 0);
    hh = lp_history_head_to_head(h, -1, "Anna", "Nobody");
    g_assert_cmpuint(hh.games, ==, 0);
}

static void swallow(const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
    (*(guint *)data)++;
}

/* Lines damaged at random (bytes flipped, cut, doubled, control and non-UTF-8 bytes put in):
 * each is a record or skipped, never a crash or a record that breaks its own rules; a rewrite
 * keeps every skipped line as it was. */
static void test_mutations(void)
{
    g_autofree char *path = tmp_path();
    g_autoptr(GRand) rand = g_rand_new_with_seed(15);
    const char *seats_b[] = {"Anna:human:12:1:true", "Ben:human:7:2:false",
                             "Robo:computer-hard:3:3:false", NULL};
    g_autofree char *base_a = line("m1", "buxtehude", "2026-11-30T18:00:00Z", seats_b);
    g_autofree char *base_b = g_strdup(
        "{\"v\":1,\"id\":\"m2\",\"game\":\"minden\",\"date\":\"2026-11-30T18:00:00Z\","
        "\"duration\":9,\"option\":true,\"players\":[{\"name\":\"J\\u00fcrgen\",\"colour\":"
        "\"#000000\",\"kind\":\"human\",\"score\":41,\"rank\":1,\"winner\":true,\"figures\":"
        "{\"tips\":[1,2,3,4],\"right\":[1,1,1,1],\"kept\":{\"red\":2}}}]}\n");
    const char *bases[] = {base_a, base_b};
    static const char noise[] = "{}[]\"\\,:0-e.u\x01\xff\xc3 tfn";
    guint warnings = 0;
    guint handler = g_log_set_handler(NULL, G_LOG_LEVEL_WARNING, swallow, &warnings);
    GLogLevelFlags fatal = g_log_set_always_fatal(G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

    for (guint round = 0; round < 60; round++) {
        g_autoptr(GString) data = g_string_new(NULL);
        guint lines = 0;
        for (guint l = 0; l < 50; l++) {
            const char *b = bases[g_rand_int_range(rand, 0, 2)];
            GString *m = g_string_new_len(b, (gssize)strlen(b) - 1); /* without its newline */
            guint n = (guint)g_rand_int_range(rand, 1, 5);
            for (guint k = 0; k < n && m->len > 0; k++) {
                guint at = (guint)g_rand_int_range(rand, 0, (gint32)m->len);
                switch (g_rand_int_range(rand, 0, 4)) {
                case 0:
                    m->str[at] = noise[g_rand_int_range(rand, 0, sizeof noise - 1)];
                    break;
                case 1: {
                    /* Drawn once: MIN() evaluates its arguments twice. */
                    gsize cut = (gsize)g_rand_int_range(rand, 1, 9);
                    g_string_erase(m, at, (gssize)MIN(m->len - at, cut));
                    break;
                }
                case 2:
                    g_string_insert_len(m, at, m->str, MIN(at, 12));
                    break;
                default:
                    g_string_insert_c(m, at, noise[g_rand_int_range(rand, 0, sizeof noise - 1)]);
                }
            }
            /* A newline put in splits the line: count what the file will hold. */
            for (gsize i = 0; i < m->len; i++) {
                if (m->str[i] == '\0')
                    m->str[i] = ' ';
            }
            g_string_append_len(data, m->str, (gssize)m->len);
            g_string_append_c(data, '\n');
            g_string_free(m, TRUE);
        }
        g_auto(GStrv) split = g_strsplit(data->str, "\n", -1);
        for (guint i = 0; split[i] != NULL; i++)
            lines += split[i][0] != '\0';
        write_file(path, "");
        g_assert_true(g_file_set_contents(path, data->str, (gssize)data->len, NULL));
        g_autoptr(LpHistory) h = loaded(path);
        g_assert_cmpuint(lp_history_get_n_records(h) + lp_history_get_n_damaged(h), ==, lines);
        for (guint i = 0; i < lp_history_get_n_records(h); i++) {
            const LpHistoryRecord *r = lp_history_get_record(h, i);
            g_assert_cmpuint(r->n_seats, >=, 1);
            for (guint s = 0; s < r->n_seats; s++) {
                g_assert_cmpuint(r->seats[s].rank, >=, 1);
                g_assert_cmpuint(r->seats[s].rank, <=, r->n_seats);
                g_assert_true(r->seats[s].name == NULL ||
                              g_utf8_validate(r->seats[s].name, -1, NULL));
            }
        }
        /* A rewrite changes only the records it renames. */
        guint damaged = lp_history_get_n_damaged(h);
        g_autoptr(GError) error = NULL;
        g_assert_true(lp_history_rename_player(h, "anna", "Anne", &error));
        g_assert_no_error(error);
        g_assert_cmpuint(lp_history_get_n_damaged(h), ==, damaged);
        g_autofree char *after = NULL;
        g_assert_true(g_file_get_contents(path, &after, NULL, NULL));
        g_auto(GStrv) after_lines = g_strsplit(after, "\n", -1);
        g_assert_cmpuint(g_strv_length(after_lines), ==, g_strv_length(split));
        for (guint i = 0; split[i] != NULL; i++) {
            if (strstr(split[i], "Anna") == NULL)
                g_assert_cmpstr(after_lines[i], ==, split[i]);
        }
    }
    g_log_set_always_fatal(fatal);
    g_log_remove_handler(NULL, handler);
    g_assert_cmpuint(warnings, >, 0);
}

/* landpartie-sim --history appends records the history reads, computers by level. */
static void test_sim(void)
{
    const char *sim = g_getenv("LANDPARTIE_SIM");
    if (sim == NULL) {
        g_test_skip("LANDPARTIE_SIM is not set");
        return;
    }
    g_autofree char *path = tmp_path();
    for (int run = 0; run < 2; run++) {
        const char *argv[] = {sim, "minden", "--players", "3", "--seed", "4", "--games", "2",
                              "--levels", "easy,hard,hard", "--history", path, NULL};
        int status = 0;
        g_autoptr(GError) error = NULL;
        g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL,
                                   G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                   NULL, NULL, NULL, &status, &error));
        g_assert_true(g_spawn_check_wait_status(status, &error));
    }
    g_autoptr(LpHistory) h = loaded(path);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 4);
    g_assert_cmpuint(lp_history_get_n_damaged(h), ==, 0);
    const LpHistoryRecord *r = lp_history_get_record(h, 3);
    g_assert_cmpint(r->kind, ==, LP_HISTORY_MINDEN);
    g_assert_cmpuint(r->n_seats, ==, 3);
    g_assert_false(r->seats[0].human);
    g_assert_cmpint(r->seats[0].level, ==, LP_LEVEL_EASY);
    g_assert_cmpint(r->seats[2].level, ==, LP_LEVEL_HARD);
    gint32 tips = 0;
    for (guint k = 0; k < 4; k++)
        tips += r->seats[0].figures[LP_FIG_MINDEN_TIPS_1 + k];
    g_assert_cmpint(tips, >, 0);
    g_autoptr(GPtrArray) stats = lp_history_get_stats(h, -1);
    g_assert_cmpuint(stats->len, ==, 2); /* easy and hard */

    /* A folder is no history: the simulator says so and fails. */
    g_autofree char *dir = g_path_get_dirname(path);
    const char *argv[] = {sim, "minden", "--players", "2", "--seed", "1", "--history", dir, NULL};
    int status = 0;
    g_autofree char *err = NULL;
    g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, &err, &status, NULL));
    g_assert_false(g_spawn_check_wait_status(status, NULL));
    g_assert_nonnull(strstr(err, "history of games"));
}


/* Issue 36: a line naming a member twice (two "players", two "name" in one seat, two "id")
 * was read with the first and rewritten with the last, so a rename moved games between
 * people. Such a line is damaged now, skipped and kept byte for byte by every rewrite; and
 * a rename changes only the bytes of the names it is about. */
static void test_duplicate_members(void)
{
    g_autofree char *path = tmp_path();
    const char *s1[] = {"Anna:human:12:1:true", "Ben:human:7:2:false", NULL};
    g_autofree char *good = line("id-1", "minden", "2026-11-01T18:00:00Z", s1);
    const char *dups[] = {
        /* two "players" */
        "{\"v\":1,\"id\":\"d1\",\"game\":\"minden\",\"date\":\"2026-11-02T18:00:00Z\","
        "\"duration\":6,\"option\":false,\"players\":[{\"name\":\"Anna\",\"colour\":\"#e01b24\","
        "\"kind\":\"human\",\"score\":1,\"rank\":1,\"winner\":true}],\"players\":[{\"name\":"
        "\"Ben\",\"colour\":\"#e01b24\",\"kind\":\"human\",\"score\":1,\"rank\":1,"
        "\"winner\":true}]}\n",
        /* two "name" in one seat, one of them escaped */
        "{\"v\":1,\"id\":\"d2\",\"game\":\"minden\",\"date\":\"2026-11-02T18:00:00Z\","
        "\"duration\":6,\"option\":false,\"players\":[{\"name\":\"Anna\",\"n\\u0061me\":\"Ben\","
        "\"colour\":\"#e01b24\",\"kind\":\"human\",\"score\":1,\"rank\":1,\"winner\":true}]}\n",
        /* two "id" */
        "{\"v\":1,\"id\":\"d3\",\"id\":\"d4\",\"game\":\"minden\",\"date\":"
        "\"2026-11-02T18:00:00Z\",\"duration\":6,\"option\":false,\"players\":[{\"name\":"
        "\"Anna\",\"colour\":\"#e01b24\",\"kind\":\"human\",\"score\":1,\"rank\":1,"
        "\"winner\":true}]}\n",
        NULL};
    g_autoptr(GString) all = g_string_new(good);
    for (guint i = 0; dups[i] != NULL; i++) {
        /* lp_json_parse refuses it too, naming where. */
        g_autoptr(GError) error = NULL;
        g_assert_null(lp_json_parse(dups[i], -1, &error));
        g_assert_nonnull(strstr(error->message, "twice"));
        g_assert_nonnull(strstr(error->message, "column"));
        g_string_append(all, dups[i]);
    }
    /* A record with odd spacing and a figure written as 1.50: a rename must keep it all. */
    const char *spaced =
        "{ \"v\" : 1 , \"id\" : \"sp\", \"game\":\"aufachse\", \"date\":\"2026-11-03T18:00:00Z\","
        " \"duration\":60, \"option\":false, \"players\": [ { \"kind\":\"human\", \"name\" : "
        "\"anna\" , \"colour\":\"#e01b24\", \"score\":3, \"rank\":1, \"winner\":true, "
        "\"extra\": 1.50 }, {\"name\":\"Ben\",\"colour\":\"#00ff00\",\"kind\":\"human\","
        "\"score\":2,\"rank\":2,\"winner\":false} ] }\n";
    g_string_append(all, spaced);
    write_file(path, all->str);

    g_autoptr(GError) error = NULL;
    guint warned = 0;
    guint handler = g_log_set_handler(NULL, G_LOG_LEVEL_WARNING, swallow, &warned);
    GLogLevelFlags fatal = g_log_set_always_fatal(G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
    g_autoptr(LpHistory) h = loaded(path);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);
    g_assert_cmpuint(lp_history_get_n_damaged(h), ==, 3);
    g_assert_true(lp_history_rename_player(h, "Anna", "Änna \"A\"", &error));
    g_assert_no_error(error);

    g_autofree char *data = read_file(path);
    g_auto(GStrv) out = g_strsplit(data, "\n", -1);
    g_assert_cmpuint(g_strv_length(out), ==, 6);
    for (guint i = 0; dups[i] != NULL; i++) {
        g_autofree char *kept = g_strconcat(out[1 + i], "\n", NULL);
        g_assert_cmpstr(kept, ==, dups[i]);
    }
    /* Only the name's bytes changed. */
    g_autoptr(GString) expected = g_string_new(spaced);
    g_string_replace(expected, "\"anna\"", "\"Änna \\\"A\\\"\"", 1);
    g_autofree char *got = g_strconcat(out[4], "\n", NULL);
    g_assert_cmpstr(got, ==, expected->str);
    g_assert_cmpstr(lp_history_get_record(h, 1)->seats[0].name, ==, "Änna \"A\"");

    /* Deleting writes null in the name's place and nothing else. */
    g_assert_true(lp_history_delete_player(h, "ben", &error));
    g_assert_no_error(error);
    g_log_set_always_fatal(fatal);
    g_log_remove_handler(NULL, handler);
    g_assert_cmpuint(warned, ==, 9); /* three damaged lines, at each of three loads */
    g_autofree char *data2 = read_file(path);
    g_auto(GStrv) out2 = g_strsplit(data2, "\n", -1);
    g_assert_nonnull(strstr(out2[0], "\"name\":null,\"colour\""));
    g_string_replace(expected, "\"Ben\"", "null", 1);
    g_autofree char *got2 = g_strconcat(out2[4], "\n", NULL);
    g_assert_cmpstr(got2, ==, expected->str);
    for (guint i = 0; dups[i] != NULL; i++) {
        g_autofree char *kept = g_strconcat(out2[1 + i], "\n", NULL);
        g_assert_cmpstr(kept, ==, dups[i]);
    }
}

/* Issue 36: a history.jsonl that is a symbolic link stays one through rename, merge and
 * delete; the target is rewritten (its temporary file beside it), and later games are
 * appended to the target. */
static void test_symlink(void)
{
    g_autofree char *path = tmp_path();
    g_autofree char *dir = g_path_get_dirname(path);
    g_autofree char *elsewhere = g_build_filename(g_get_user_data_dir(), "synced", NULL);
    g_autofree char *target = g_build_filename(elsewhere, "games.jsonl", NULL);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    g_remove(path);
    const char *s1[] = {"Anna:human:12:1:true", "Ben:human:7:2:false", NULL};
    const char *s2[] = {"Cleo:human:12:1:true", "Ben:human:7:2:false", NULL};
    g_autofree char *l1 = line("id-1", "minden", "2026-11-01T18:00:00Z", s1);
    g_autofree char *l2 = line("id-2", "minden", "2026-11-02T18:00:00Z", s2);
    const char *lines[] = {l1, l2, NULL};
    write_lines(target, lines);
    /* A relative link, through a second link. */
    g_autofree char *hop = g_build_filename(dir, "hop.jsonl", NULL);
    g_remove(hop);
    g_assert_cmpint(symlink("../synced/games.jsonl", hop), ==, 0);
    g_assert_cmpint(symlink("hop.jsonl", path), ==, 0);

    g_autoptr(GError) error = NULL;
    g_autoptr(LpHistory) h = loaded(path);
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);
    g_assert_true(lp_history_rename_player(h, "Anna", "Annika", &error));
    g_assert_no_error(error);
    g_assert_true(lp_history_rename_player(h, "Cleo", "Annika", &error)); /* a merge */
    g_assert_no_error(error);
    g_assert_true(lp_history_delete_player(h, "Ben", &error));
    g_assert_no_error(error);
    g_assert_true(lp_history_delete_game(h, "id-2", &error));
    g_assert_no_error(error);

    GStatBuf st;
    g_assert_cmpint(g_lstat(path, &st), ==, 0);
    g_assert_true(S_ISLNK(st.st_mode));
    g_assert_cmpint(g_lstat(hop, &st), ==, 0);
    g_assert_true(S_ISLNK(st.st_mode));
    g_autofree char *data = read_file(target);
    g_assert_nonnull(strstr(data, "\"Annika\""));
    g_assert_null(strstr(data, "Ben"));
    g_assert_null(strstr(data, "id-2"));
    /* No temporary file is left, beside the link or the target. */
    g_autoptr(GDir) d = g_dir_open(elsewhere, 0, NULL);
    g_assert_cmpstr(g_dir_read_name(d), ==, "games.jsonl");
    g_assert_null(g_dir_read_name(d));

    /* An append after the rewrite goes to the target. */
    const char *s3[] = {"Dora:human:1:1:true", NULL};
    g_autofree char *l3 = line("id-3", "minden", "2026-11-03T18:00:00Z", s3);
    g_autoptr(JsonNode) record = lp_json_parse(l3, (gssize)strlen(l3) - 1, &error);
    g_assert_no_error(error);
    g_assert_true(lp_history_append(h, record, &error));
    g_assert_no_error(error);
    g_autofree char *data2 = read_file(target);
    g_assert_nonnull(strstr(data2, "Dora"));
    g_assert_cmpuint(lp_history_get_n_records(h), ==, 2);

    /* A loop is refused with a message, and nothing is written. */
    g_remove(hop);
    g_assert_cmpint(symlink("history.jsonl", hop), ==, 0);
    g_assert_false(lp_history_load(h, &error));
    g_assert_nonnull(error);
    g_clear_error(&error);
    g_remove(hop);
    g_remove(path);
}

/* Issue 36: names written before names were cleaned are cleaned as the history reads them:
 * a line separator, a bidi override, 35 accents; the line keeps its bytes until a rename is
 * about it, and a rename cleans the new name. */
static void test_old_names(void)
{
    g_autofree char *path = tmp_path();
    g_autoptr(GString) tower = g_string_new("Zo");
    for (int i = 0; i < 35; i++)
        g_string_append(tower, "\\u0301");
    g_autofree char *tower_seat = g_strconcat(tower->str, ":human:1:3:false", NULL);
    const char *s1[] = {"Anna\\u2028Lena:human:12:1:true", "Eve\\u202Emit:human:7:2:false",
                        tower_seat, NULL};
    g_autofree char *l1 = line("id-1", "minden", "2026-11-01T18:00:00Z", s1);
    write_file(path, l1);
    g_autoptr(LpHistory) h = loaded(path);
    const LpHistoryRecord *r = lp_history_get_record(h, 0);
    g_assert_cmpstr(r->seats[0].name, ==, "Anna Lena");
    g_assert_cmpstr(r->seats[1].name, ==, "Evemit");
    g_assert_cmpstr(r->seats[2].name, ==, "Z\u00F3\u0301\u0301\u0301"); /* NFC: ó */
    g_assert_cmpstr(lp_history_get_display_name(h, "annalena"), ==, "Anna Lena");
    g_autofree char *before = read_file(path);
    g_assert_cmpstr(before, ==, l1);

    g_autoptr(GError) error = NULL;
    g_assert_true(lp_history_rename_player(h, "Evemit", "\u2067Eve\u2028Mit\u2069 ", &error));
    g_assert_no_error(error);
    g_autofree char *after = read_file(path);
    g_assert_nonnull(strstr(after, "\"name\":\"Eve Mit\""));
    g_assert_nonnull(strstr(after, "Anna\\u2028Lena")); /* not about it: kept */
    g_assert_false(lp_history_rename_player(h, "Eve Mit", "\u202E\u2028", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_test_add_func("/history/name-key", test_name_key);
    g_test_add_func("/history/missing-file", test_missing_file);
    g_test_add_func("/history/append", test_append);
    g_test_add_func("/history/damaged", test_damaged);
    g_test_add_func("/history/hostile", test_hostile);
    g_test_add_func("/history/valid-variants", test_valid_variants);
    g_test_add_func("/history/not-a-file", test_not_a_file);
    g_test_add_func("/history/rename-merge-delete", test_rename_merge_delete);
    g_test_add_func("/history/stats", test_stats);
    g_test_add_func("/history/sim", test_sim);
    g_test_add_func("/history/mutations", test_mutations);
    g_test_add_func("/history/duplicate-members", test_duplicate_members);
    g_test_add_func("/history/symlink", test_symlink);
    g_test_add_func("/history/old-names", test_old_names);
    return g_test_run();
}
