/* SPDX-License-Identifier: GPL-3.0-or-later */
/* LpPlayer: JSON round trip, and RULES.md's "youngest begins". */
#include "lp-error.h"
#include "lp-json.h"
#include "lp-player.h"

static GPtrArray *players_with_ages(const int *ages, guint n)
{
    GPtrArray *players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++) {
        g_autofree char *name = g_strdup_printf("P%u", i);
        g_ptr_array_add(players, lp_player_new(name, ages[i], "#3584e4", LP_PLAYER_HUMAN,
                                               LP_LEVEL_NORMAL));
    }
    return players;
}

static void test_youngest(void)
{
    const int a[] = {40, 9, 12};
    const int b[] = {LP_AGE_UNKNOWN, 70, LP_AGE_UNKNOWN};
    const int c[] = {LP_AGE_UNKNOWN, LP_AGE_UNKNOWN};
    const int d[] = {30, 8, 8};
    g_autoptr(GPtrArray) pa = players_with_ages(a, 3);
    g_autoptr(GPtrArray) pb = players_with_ages(b, 3);
    g_autoptr(GPtrArray) pc = players_with_ages(c, 2);
    g_autoptr(GPtrArray) pd = players_with_ages(d, 3);
    g_assert_cmpuint(lp_players_youngest(pa), ==, 1);
    /* Unknown ages count as older than any known age. */
    g_assert_cmpuint(lp_players_youngest(pb), ==, 1);
    /* Remaining ties go by seat order. */
    g_assert_cmpuint(lp_players_youngest(pc), ==, 0);
    g_assert_cmpuint(lp_players_youngest(pd), ==, 1);
}

static void test_round_trip(void)
{
    g_autoptr(LpPlayer) p = lp_player_new("Anna", 9, "#E01B24", LP_PLAYER_COMPUTER,
                                          LP_LEVEL_HARD);
    g_autoptr(JsonNode) node = lp_player_to_json(p);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpPlayer) q = lp_player_from_json(node, &error);
    g_assert_no_error(error);
    g_assert_cmpstr(lp_player_get_name(q), ==, "Anna");
    g_assert_cmpint(lp_player_get_age(q), ==, 9);
    g_assert_cmpstr(lp_player_get_colour(q), ==, "#e01b24");
    g_assert_cmpint(lp_player_get_kind(q), ==, LP_PLAYER_COMPUTER);
    g_assert_cmpint(lp_player_get_level(q), ==, LP_LEVEL_HARD);
}

static void test_bad_player(void)
{
    const char *bad[] = {
        "{\"name\":\"\",\"age\":3,\"colour\":\"#ffffff\",\"kind\":\"human\"}",
        "{\"name\":\"A\",\"age\":-3,\"colour\":\"#ffffff\",\"kind\":\"human\"}",
        "{\"name\":\"A\",\"age\":3,\"colour\":\"red\",\"kind\":\"human\"}",
        "{\"name\":\"A\",\"age\":3,\"colour\":\"#ffffff\",\"kind\":\"robot\"}",
        "{\"name\":\"A\",\"age\":3,\"colour\":\"#ffffff\",\"kind\":\"computer\",\"level\":\"x\"}",
        "\"A\"",
    };
    for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_autoptr(JsonNode) node = lp_json_parse(bad[i], -1, NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpPlayer) p = lp_player_from_json(node, &error);
        g_assert_null(p);
        g_assert_nonnull(error);
    }
}

static void test_palette(void)
{
    guint n;
    const LpPlayerColour *c = lp_player_colours(&n);
    g_assert_cmpuint(n, >=, 6);
    for (guint i = 0; i < n; i++)
        g_assert_cmpint(lp_player_colour_index(c[i].hex), ==, (int)i);
    g_assert_cmpint(lp_player_colour_index("#000001"), ==, -1);
}

/* Issue 13: a seat nobody named is saved as "Player 3" and shown in the program's language
 * (here the untranslated C locale); a name that only looks similar stays as typed. */
static void test_default_name(void)
{
    g_autoptr(LpPlayer) p = lp_player_new("Player 3", 30, "#3584e4", LP_PLAYER_HUMAN,
                                          LP_LEVEL_NORMAL);
    g_assert_cmpstr(lp_player_get_name(p), ==, "Player 3");
    g_autoptr(JsonNode) node = lp_player_to_json(p);
    g_assert_cmpstr(json_object_get_string_member(json_node_get_object(node), "name"), ==,
                    "Player 3");
    const char *as_typed[] = {"Player 03", "Player 3x", "Player ", "Player 100", "player 3"};
    for (guint i = 0; i < G_N_ELEMENTS(as_typed); i++) {
        g_autoptr(LpPlayer) q = lp_player_new(as_typed[i], 30, "#3584e4", LP_PLAYER_HUMAN,
                                              LP_LEVEL_NORMAL);
        /* Spaces around a name are no part of it (lp_player_name_clean). */
        g_autofree char *expected = g_strstrip(g_strdup(as_typed[i]));
        g_assert_cmpstr(lp_player_get_name(q), ==, expected);
    }
}

static void assert_clean(const char *name, guint max, const char *expected)
{
    g_autofree char *clean = lp_player_name_clean(name, max);
    g_assert_cmpstr(clean, ==, expected);
    /* Cleaning is a fixed point. */
    g_autofree char *again = lp_player_name_clean(clean, max);
    g_assert_cmpstr(again, ==, clean);
}

/* Issue 36: the names QA typed to break the layout, and names of real people in scripts
 * that need marks and joiners. */
static void test_name_clean(void)
{
    /* 35 combining accents on one letter keep 3. */
    g_autoptr(GString) tower = g_string_new("Z");
    for (int i = 0; i < 35; i++)
        g_string_append(tower, "\u0301");
    g_string_append(tower, "oe");
    g_autofree char *clean = lp_player_name_clean(tower->str, 0);
    /* NFC makes Z and the first accent one letter, which keeps three more. */
    g_assert_cmpstr(clean, ==, "\u0179\u0301\u0301\u0301oe");
    g_assert_cmpuint(lp_player_name_length(tower->str), ==, 3);
    /* NFC: an e and its accent become one code point. */
    assert_clean("Rene\u0301e", 0, "Ren\u00e9e");
    /* Line and paragraph separators become spaces, bidi overrides, isolates and marks go. */
    assert_clean("Anna\u2028Lena", 0, "Anna Lena");
    assert_clean("\u2029Anna\u2029", 0, "Anna");
    assert_clean("Eve\u202Emit", 0, "Evemit");
    assert_clean("\u2066Bob\u2069\u200E\u200F\u00AD\uFEFF", 0, "Bob");
    assert_clean("Tab\there\nnow\x1f!", 0, "Tab here now!");
    assert_clean("\u202E\u2028 \u200B", 0, "");
    /* Arabic with harakat (shadda and fatha on one letter) and Hebrew with points stay. */
    assert_clean("\u0645\u064F\u062D\u064E\u0645\u064E\u0651\u062F", 0,
                 "\u0645\u064F\u062D\u064E\u0645\u064E\u0651\u062F");
    assert_clean("\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD", 0,
                 "\u05E9\u05B8\u05C1\u05DC\u05D5\u05B9\u05DD");
    /* The joiners scripts need stay: Persian ZWNJ, a Malayalam chillu with ZWJ, an emoji
     * family. */
    assert_clean("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", 0,
                 "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645");
    assert_clean("\u0D28\u0D4D\u200D", 0, "\u0D28\u0D4D\u200D");
    const char *family = "\U0001F469\u200D\U0001F469\u200D\U0001F467";
    assert_clean(family, 0, family);
    g_assert_cmpuint(lp_player_name_length(family), ==, 1);
    /* The limit counts what a person sees: 24 Vietnamese letters with two marks each are 24,
     * and cutting keeps every letter whole. */
    g_autoptr(GString) viet = g_string_new(NULL);
    for (int i = 0; i < 30; i++)
        g_string_append(viet, "\u1EC7"); /* ệ */
    g_assert_cmpuint(lp_player_name_length(viet->str), ==, 30);
    g_autofree char *cut = lp_player_name_clean(viet->str, 24);
    g_assert_cmpuint(lp_player_name_length(cut), ==, 24);
    g_assert_cmpuint(g_utf8_strlen(cut, -1), ==, 24);
    g_autoptr(GString) decomposed = g_string_new(NULL);
    for (int i = 0; i < 30; i++)
        g_string_append(decomposed, "q\u0323\u0306"); /* no single code point in NFC */
    g_autofree char *cut2 = lp_player_name_clean(decomposed->str, 24);
    g_assert_cmpuint(lp_player_name_length(cut2), ==, 24);
    g_assert_true(g_str_has_suffix(cut2, "\u0306"));
    /* Flags are pairs. */
    g_assert_cmpuint(lp_player_name_length("\U0001F1E9\U0001F1EA\U0001F1EB\U0001F1F7x"), ==,
                     3);
    /* Spaces at a cut go too; bytes that are not UTF-8 become U+FFFD. */
    assert_clean("Anna Lena Maria", 5, "Anna");
    assert_clean("Ann\xff" "a", 0, "Ann\uFFFDa");
}

/* Issue 36: a player is born clean, and an old save's name is cleaned as it is read; a name
 * with nothing left is refused with a message. */
static void test_name_from_save(void)
{
    g_autoptr(LpPlayer) p = lp_player_new(" Eve\u202E\u2028x ", 30, "#3584e4",
                                          LP_PLAYER_HUMAN, LP_LEVEL_NORMAL);
    g_assert_cmpstr(lp_player_get_name(p), ==, "Eve x");
    g_assert_cmpstr(lp_player_get_display_name(p), ==, "\u200E\u2068Eve x\u2069");
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonNode) node = lp_json_parse(
        "{\"name\": \"\\u05d3\\u05e0\\u05d4\\u202e\\u2028\", \"colour\": \"#3584e4\", "
        "\"kind\": \"human\"}", -1, &error);
    g_assert_no_error(error);
    g_autoptr(LpPlayer) q = lp_player_from_json(node, &error);
    g_assert_no_error(error);
    g_assert_cmpstr(lp_player_get_name(q), ==, "\u05D3\u05E0\u05D4");
    g_autoptr(JsonNode) invisible = lp_json_parse(
        "{\"name\": \"\\u202e\\u2066 \", \"colour\": \"#3584e4\", \"kind\": \"human\"}", -1,
        &error);
    g_assert_null(lp_player_from_json(invisible, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS);
    g_clear_error(&error);
    /* 40 letters with three marks each are 40 characters: accepted; 41 are not. */
    g_autoptr(GString) long_name = g_string_new("{\"name\": \"");
    for (int i = 0; i < 40; i++)
        g_string_append(long_name, "o\\u0301\\u0302\\u0303");
    g_string_append(long_name, "\", \"colour\": \"#3584e4\", \"kind\": \"human\"}");
    g_autoptr(JsonNode) forty = lp_json_parse(long_name->str, -1, &error);
    g_assert_no_error(error);
    g_autoptr(LpPlayer) r = lp_player_from_json(forty, &error);
    g_assert_no_error(error);
    g_string_insert(long_name, 10, "x");
    g_autoptr(JsonNode) forty_one = lp_json_parse(long_name->str, -1, &error);
    g_assert_null(lp_player_from_json(forty_one, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_PLAYERS);
}

/* Issue 36: a name put into a sentence is isolated; the isolate marks are U+2068 and U+2069. */
static void test_bidi_isolate(void)
{
    g_autofree char *iso = lp_bidi_isolate("\u05D3\u05E0\u05D4");
    /* LEFT-TO-RIGHT MARK, FIRST STRONG ISOLATE, the name, POP DIRECTIONAL ISOLATE. */
    g_assert_cmpstr(iso, ==, "\xE2\x80\x8E\xE2\x81\xA8\u05D3\u05E0\u05D4\xE2\x81\xA9");
    g_autofree char *empty = lp_bidi_isolate("");
    g_assert_cmpstr(empty, ==, "\u200E\u2068\u2069");
    g_autoptr(LpPlayer) p = lp_player_new("Player 2", 30, "#3584e4", LP_PLAYER_HUMAN,
                                          LP_LEVEL_NORMAL);
    g_assert_cmpstr(lp_player_get_display_name(p), ==, "\u200E\u2068Player 2\u2069");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/player/name-clean", test_name_clean);
    g_test_add_func("/player/name-from-save", test_name_from_save);
    g_test_add_func("/player/bidi-isolate", test_bidi_isolate);
    g_test_add_func("/player/youngest", test_youngest);
    g_test_add_func("/player/round-trip", test_round_trip);
    g_test_add_func("/player/bad", test_bad_player);
    g_test_add_func("/player/palette", test_palette);
    g_test_add_func("/player/default-name", test_default_name);
    return g_test_run();
}
