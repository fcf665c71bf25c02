/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The save contract: round trip, determinism after resume, and damaged saves rejected with
 * their own message while the file is kept. Uses a tiny card game defined here. */
/* symlink() and lstat() are POSIX, not C11. */
#define _GNU_SOURCE

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lp-event-log.h"
#include "lp-json.h"
#include "lp-save-store.h"

/* A minimal game: a shuffled deck of ten cards; each turn the current seat draws one. */
#define TEST_TYPE_GAME (test_game_get_type())
G_DECLARE_FINAL_TYPE(TestGame, test_game, TEST, GAME, LpGame)

struct _TestGame {
    LpGame parent_instance;
    GPtrArray *deck;   /* char* card ids, top last */
    guint current;
    int score[6];
};
G_DEFINE_FINAL_TYPE(TestGame, test_game, LP_TYPE_GAME)

/* TestGame::drew (seat, card): the game's one typed turn signal. */
static guint drew_signal;

static const char *const all_cards[] = {"c0", "c1", "c2", "c3", "c4",
                                        "c5", "c6", "c7", "c8", "c9"};

static JsonNode *test_game_save_state(LpGame *game)
{
    TestGame *self = TEST_GAME(game);
    JsonObject *obj = json_object_new();
    JsonArray *deck = json_array_new();
    for (guint i = 0; i < self->deck->len; i++)
        json_array_add_string_element(deck, self->deck->pdata[i]);
    json_object_set_array_member(obj, "deck", deck);
    json_object_set_int_member(obj, "current", self->current);
    json_object_set_array_member(obj, "score",
                                 lp_json_int_array(self->score, lp_game_get_n_players(game)));
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_take_object(node, obj);
    return node;
}

static gboolean test_game_load_state(LpGame *game, JsonNode *state, GError **error)
{
    TestGame *self = TEST_GAME(game);
    if (!JSON_NODE_HOLDS_OBJECT(state)) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE, "state must be an object");
        return FALSE;
    }
    JsonObject *obj = json_node_get_object(state);
    JsonArray *deck, *score;
    gint64 current;
    guint n = lp_game_get_n_players(game);
    if (!lp_json_get_array(obj, "deck", &deck, error) ||
        !lp_json_get_int(obj, "current", 0, n - 1, &current, error) ||
        !lp_json_get_array(obj, "score", &score, error))
        return FALSE;
    if (json_array_get_length(score) != n) {
        g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES, "one score per player");
        return FALSE;
    }
    for (guint i = 0; i < n; i++) {
        gint64 v;
        if (!lp_json_array_get_int(score, i, "score", 0, 10, &v, error))
            return FALSE;
        self->score[i] = (int)v;
    }
    for (guint i = 0; i < json_array_get_length(deck); i++) {
        const char *id;
        if (!lp_json_array_get_string(deck, i, "deck", &id, error))
            return FALSE;
        if (!g_strv_contains((const char *const *)all_cards, id)) {
            g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_UNKNOWN_CARD,
                        "there is no card “%s”", id);
            return FALSE;
        }
        for (guint j = 0; j < self->deck->len; j++) {
            if (g_str_equal(self->deck->pdata[j], id)) {
                g_set_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_RULES,
                            "the card “%s” is there twice", id);
                return FALSE;
            }
        }
        g_ptr_array_add(self->deck, g_strdup(id));
    }
    self->current = (guint)current;
    return TRUE;
}

static gboolean test_game_is_over(LpGame *game)
{
    return TEST_GAME(game)->deck->len == 0;
}

static gboolean test_game_computer_step(LpGame *game)
{
    TestGame *self = TEST_GAME(game);
    g_autofree char *card = g_ptr_array_steal_index(self->deck, self->deck->len - 1);
    /* A "decision" from the game's generator, so resume must restore it. */
    if (lp_rng_chance(lp_game_get_rng(game), 0.5))
        self->score[self->current]++;
    g_signal_emit(self, drew_signal, 0, self->current, card);
    self->current = lp_game_next_seat(game, self->current);
    lp_game_action_completed(game);
    return TRUE;
}

/* The event log observes the typed signal; the move builds no JSON. */
static void on_drew(TestGame *self, guint seat, const char *card, LpEventLog *log)
{
    JsonObject *ev = lp_event_log_event_new("draw");
    json_object_set_int_member(ev, "player", seat);
    json_object_set_string_member(ev, "card", card);
    lp_event_log_write(log, ev);
}

static void test_game_observe_events(LpGame *game, LpEventLog *log)
{
    g_signal_connect_object(game, "drew", G_CALLBACK(on_drew), log, 0);
}

static void test_game_finalize(GObject *object)
{
    g_clear_pointer(&TEST_GAME(object)->deck, g_ptr_array_unref);
    G_OBJECT_CLASS(test_game_parent_class)->finalize(object);
}

static void test_game_class_init(TestGameClass *klass)
{
    LpGameClass *game_class = LP_GAME_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = test_game_finalize;
    game_class->kind = "test";
    game_class->min_players = 2;
    game_class->max_players = 4;
    game_class->save_state = test_game_save_state;
    game_class->load_state = test_game_load_state;
    game_class->is_over = test_game_is_over;
    game_class->advance = test_game_computer_step;
    game_class->observe_events = test_game_observe_events;
    drew_signal = g_signal_new("drew", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
                               NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
}

/* A game whose state reader fails without saying why. */
#define TEST_TYPE_SILENT_GAME (test_silent_game_get_type())
G_DECLARE_FINAL_TYPE(TestSilentGame, test_silent_game, TEST, SILENT_GAME, LpGame)
struct _TestSilentGame {
    LpGame parent_instance;
};
G_DEFINE_FINAL_TYPE(TestSilentGame, test_silent_game, LP_TYPE_GAME)

static gboolean silent_load_state(LpGame *game, JsonNode *state, GError **error)
{
    return FALSE;
}

static void test_silent_game_class_init(TestSilentGameClass *klass)
{
    LpGameClass *game_class = LP_GAME_CLASS(klass);
    game_class->kind = "test";
    game_class->min_players = 2;
    game_class->max_players = 4;
    game_class->save_state = test_game_save_state;
    game_class->load_state = silent_load_state;
}

static void test_silent_game_init(TestSilentGame *self)
{
}

static void test_game_init(TestGame *self)
{
    self->deck = g_ptr_array_new_with_free_func(g_free);
}

static LpGame *test_game_new(guint64 seed)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_HUMAN,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Ben", LP_AGE_UNKNOWN, "#3584e4",
                                           LP_PLAYER_COMPUTER, LP_LEVEL_HARD));
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    TestGame *self = g_object_new(TEST_TYPE_GAME, "players", players, "rng", rng, NULL);
    for (guint i = 0; i < G_N_ELEMENTS(all_cards); i++)
        g_ptr_array_add(self->deck, g_strdup(all_cards[i]));
    lp_rng_shuffle(rng, self->deck->pdata, self->deck->len, sizeof(gpointer));
    return LP_GAME(self);
}

static void collect_event(LpEventLog *events, JsonObject *ev, GString *log)
{
    JsonNode *node = json_node_new(JSON_NODE_OBJECT);
    json_node_set_object(node, ev);
    g_autofree char *line = lp_json_to_string(node, FALSE);
    json_node_unref(node);
    g_string_append_printf(log, "%s\n", line);
}

static char *make_temp_dir(void)
{
    g_autoptr(GError) error = NULL;
    char *dir = g_dir_make_tmp("landpartie-test-XXXXXX", &error);
    g_assert_no_error(error);
    return dir;
}

static void test_round_trip_same_bytes(void)
{
    g_autoptr(LpGame) game = test_game_new(11);
    lp_game_computer_step(game, NULL);
    lp_game_computer_step(game, NULL);
    g_autofree char *first = lp_game_save_to_data(game, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(LpGame) again = lp_game_restore_from_data(TEST_TYPE_GAME, first, strlen(first),
                                                        &error);
    g_assert_no_error(error);
    g_autofree char *second = lp_game_save_to_data(again, NULL);
    g_assert_cmpstr(first, ==, second);
}

static void test_resume_same_rest(void)
{
    for (guint cut = 0; cut <= 10; cut++) {
        g_autoptr(GString) straight = g_string_new(NULL);
        g_autoptr(GString) resumed = g_string_new(NULL);
        g_autoptr(LpGame) a = test_game_new(99);
        g_signal_connect(lp_event_log_attach(LP_GAME(a)), "event", G_CALLBACK(collect_event), straight);
        lp_game_run_computers(a, NULL);

        g_autoptr(LpGame) b = test_game_new(99);
        g_signal_connect(lp_event_log_attach(LP_GAME(b)), "event", G_CALLBACK(collect_event), resumed);
        for (guint i = 0; i < cut; i++)
            lp_game_computer_step(b, NULL);
        g_autofree char *data = lp_game_save_to_data(b, NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) c = lp_game_restore_from_data(TEST_TYPE_GAME, data, strlen(data),
                                                        &error);
        g_assert_no_error(error);
        g_signal_connect(lp_event_log_attach(LP_GAME(c)), "event", G_CALLBACK(collect_event), resumed);
        lp_game_run_computers(c, NULL);
        g_assert_cmpstr(straight->str, ==, resumed->str);
        g_autofree char *end_a = lp_game_save_to_data(a, NULL);
        g_autofree char *end_c = lp_game_save_to_data(c, NULL);
        /* Same final state except the time stamp. */
        g_assert_cmpstr(strstr(end_a, "\"rng\""), ==, strstr(end_c, "\"rng\""));
    }
}

static void test_store_write_and_load(void)
{
    g_autofree char *dir = make_temp_dir();
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = test_game_new(3);
    lp_game_computer_step(game, NULL);
    g_autoptr(GError) error = NULL;
    g_assert_false(lp_save_store_has(store, "test"));
    g_assert_true(lp_save_store_write(store, game, &error));
    g_assert_no_error(error);
    g_assert_true(lp_save_store_has(store, "test"));
    g_autoptr(LpGame) peek = lp_save_store_peek(store, "test", TEST_TYPE_GAME, &error);
    g_assert_no_error(error);
    g_assert_cmpstr(lp_game_get_kind(peek), ==, "test");
    g_autofree char *moved = NULL;
    g_autoptr(LpGame) loaded = lp_save_store_load(store, "test", TEST_TYPE_GAME, &moved, &error);
    g_assert_no_error(error);
    g_assert_null(moved);
    g_autofree char *a = lp_game_save_to_data(game, NULL);
    g_autofree char *b = lp_game_save_to_data(loaded, NULL);
    g_assert_cmpstr(a, ==, b);
    /* No temporary file is left behind by the atomic write: the save and its lock only. */
    g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
    guint files = 0;
    const char *name;
    while ((name = g_dir_read_name(d)) != NULL) {
        g_assert_true(g_str_equal(name, "test.json") || g_str_equal(name, "test.lock"));
        files++;
    }
    g_assert_cmpuint(files, ==, 2);
    g_assert_true(lp_save_store_remove(store, "test", &error));
    g_assert_false(lp_save_store_has(store, "test"));
    g_autofree char *path = lp_save_store_get_path(store, "test");
    g_rmdir(dir);
}

typedef struct {
    const char *what;
    int code;
    const char *needle;   /* a piece of the message */
} Damage;

static char *damage(const char *good, guint i, gsize *len)
{
    g_autoptr(JsonNode) root = lp_json_parse(good, -1, NULL);
    JsonObject *obj = json_node_get_object(root);
    JsonObject *state = json_object_get_object_member(obj, "state");
    switch (i) {
    case 0:
        *len = 0;
        return g_strdup("");
    case 1:
        *len = strlen(good) / 2;
        return g_strndup(good, *len);
    case 2:
        *len = 19;
        return g_strdup("this is not JSON at");
    case 3:
        *len = 9;
        return g_strdup("[1, 2, 3]");
    case 4:
        json_object_remove_member(obj, "format");
        break;
    case 5:
        json_object_set_int_member(obj, "format", 99);
        break;
    case 6:
        json_object_set_string_member(obj, "game", "minden");
        break;
    case 7:
        json_array_remove_element(json_object_get_array_member(obj, "players"), 1);
        break;
    case 8:
        json_object_set_string_member(
            json_array_get_object_element(json_object_get_array_member(obj, "players"), 0),
            "kind", "robot");
        break;
    case 9:
        json_object_set_string_member(obj, "rng", "12345");
        break;
    case 10:
        json_object_remove_member(obj, "state");
        break;
    case 11:
        json_array_add_string_element(json_object_get_array_member(state, "deck"), "c77");
        break;
    case 12: {
        JsonArray *deck = json_object_get_array_member(state, "deck");
        json_array_add_string_element(deck, json_array_get_string_element(deck, 0));
        break;
    }
    case 13:
        json_object_set_int_member(state, "current", 7);
        break;
    case 14:
        *len = 6;
        return g_memdup2("\xff\xfe{\x00\x01}", 6);
    case 15:
        json_object_set_string_member(obj, "saved", "yesterday-ish");
        break;
    case 16: {
        /* A hand-edited file of brackets only: must not overflow the parser's stack. */
        *len = 200000;
        char *deep = g_malloc(*len + 1);
        memset(deep, '[', *len);
        deep[*len] = '\0';
        return deep;
    }
    case 17: {
        /* The same behind a comment whose quote fooled the old bracket counter. */
        GString *hidden = g_string_new("/* \" */");
        for (int k = 0; k < 100000; k++)
            g_string_append_c(hidden, '[');
        *len = hidden->len;
        return g_string_free(hidden, FALSE);
    }
    case 18: {
        /* A lone surrogate in a name: garbled on the start page, and an abort in the
         * accessibility bridge. */
        g_autofree char *text = lp_json_to_string(root, TRUE);
        GString *out = g_string_new(text);
        g_string_replace(out, "\"Anna\"", "\"An\\ud800na\"", 1);
        *len = out->len;
        return g_string_free(out, FALSE);
    }
    case 19:
        json_object_set_string_member(obj, "saved", "0001-01-01T00:00:00+14:00");
        break;
    case 20: {
        /* More than any save: refused before it is read. */
        *len = 2 * 1024 * 1024;
        char *big = g_malloc(*len + 1);
        memset(big, ' ', *len);
        big[0] = '{';
        big[*len - 1] = '}';
        big[*len] = '\0';
        return big;
    }
    case 21: {
        g_autofree char *name = g_strnfill(100, 'x');
        json_object_set_string_member(
            json_array_get_object_element(json_object_get_array_member(obj, "players"), 0),
            "name", name);
        break;
    }
    default:
        g_assert_not_reached();
    }
    char *out = lp_json_to_string(root, TRUE);
    *len = strlen(out);
    return out;
}

static void test_damaged_saves(void)
{
    static const Damage cases[] = {
        {"empty", LP_SAVE_ERROR_EMPTY, "empty"},
        {"truncated", LP_SAVE_ERROR_NOT_JSON, "ends too early"},
        {"not json", LP_SAVE_ERROR_NOT_JSON, "not valid JSON"},
        {"array", LP_SAVE_ERROR_NOT_OBJECT, "not a saved game"},
        {"no format", LP_SAVE_ERROR_FORMAT, "no format version"},
        {"future format", LP_SAVE_ERROR_FORMAT, "format version 99"},
        {"other game", LP_SAVE_ERROR_WRONG_GAME, "minden"},
        {"one player", LP_SAVE_ERROR_PLAYERS, "1 players"},
        {"bad player", LP_SAVE_ERROR_PLAYERS, "Anna"},
        {"bad rng", LP_SAVE_ERROR_RNG, "random generator"},
        {"no state", LP_SAVE_ERROR_MISSING_FIELD, "state"},
        {"unknown card", LP_SAVE_ERROR_UNKNOWN_CARD, "c77"},
        {"card twice", LP_SAVE_ERROR_RULES, "twice"},
        {"seat out of range", LP_SAVE_ERROR_BAD_VALUE, "current"},
        {"binary", LP_SAVE_ERROR_NOT_JSON, "UTF-8"},
        {"bad date", LP_SAVE_ERROR_BAD_VALUE, "time of saving"},
        {"nested too deep", LP_SAVE_ERROR_NOT_JSON, "nested"},
        {"nesting behind a comment", LP_SAVE_ERROR_NOT_JSON, "comment"},
        {"lone surrogate", LP_SAVE_ERROR_NOT_JSON, "not a character"},
        {"date before local time", LP_SAVE_ERROR_BAD_VALUE, "1970 to 9999"},
        {"huge file", LP_SAVE_ERROR_NOT_JSON, "at most 1 MB"},
        {"long name", LP_SAVE_ERROR_PLAYERS, "longer than 40"},
    };
    g_autofree char *dir = make_temp_dir();
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = test_game_new(5);
    lp_game_computer_step(game, NULL);
    g_autofree char *good = lp_game_save_to_data(game, NULL);
    g_autofree char *path = lp_save_store_get_path(store, "test");
    g_autoptr(GHashTable) messages = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        gsize len;
        g_autofree char *bad = damage(good, i, &len);
        g_assert_true(g_file_set_contents(path, bad, (gssize)len, NULL));
        g_autoptr(GError) error = NULL;
        g_autofree char *moved = NULL;
        g_autoptr(LpGame) loaded = lp_save_store_load(store, "test", TEST_TYPE_GAME, &moved,
                                                      &error);
        g_test_message("%s: %s", cases[i].what, error ? error->message : "(loaded)");
        g_assert_null(loaded);
        g_assert_error(error, LP_SAVE_ERROR, cases[i].code);
        g_assert_nonnull(strstr(error->message, cases[i].needle));
        /* The message names the file and where it went. */
        g_assert_nonnull(strstr(error->message, path));
        g_assert_nonnull(moved);
        g_assert_nonnull(strstr(error->message, moved));
        /* The original is gone from its place, and kept byte for byte beside it. */
        g_assert_false(g_file_test(path, G_FILE_TEST_EXISTS));
        g_autofree char *kept = NULL;
        gsize kept_len;
        g_assert_true(g_file_get_contents(moved, &kept, &kept_len, NULL));
        g_assert_cmpmem(kept, kept_len, bad, len);
        /* Each kind of damage has a message of its own. */
        g_autofree char *problem = g_strdup(error->message);
        g_assert_true(g_hash_table_add(messages, g_steal_pointer(&problem)));
        g_unlink(moved);
    }
    /* The store still works afterwards. */
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_save_store_write(store, game, &error));
    g_autoptr(LpGame) loaded = lp_save_store_load(store, "test", TEST_TYPE_GAME, NULL, &error);
    g_assert_no_error(error);
    g_assert_nonnull(loaded);
    lp_save_store_remove(store, "test", NULL);
    g_rmdir(dir);
}

/* A state reader that returns FALSE without an error still gives a message, and the file
 * is moved aside as every other unreadable save. */
static void test_silent_reader(void)
{
    g_autofree char *dir = make_temp_dir();
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = test_game_new(5);
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_save_store_write(store, game, &error));
    g_autofree char *moved = NULL;
    g_autoptr(LpGame) loaded = lp_save_store_load(store, "test", TEST_TYPE_SILENT_GAME, &moved,
                                                  &error);
    g_assert_null(loaded);
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BAD_VALUE);
    g_assert_nonnull(strstr(error->message, "not valid"));
    g_assert_nonnull(moved);
    g_unlink(moved);
    g_rmdir(dir);
}

/* The log only exists while somebody observes: a game without one emits no JSON, and the
 * log ends with the game. */
static void test_event_log(void)
{
    LpGame *game = test_game_new(3);
    LpEventLog *log = lp_event_log_new(game);
    g_autoptr(GString) lines = g_string_new(NULL);
    g_signal_connect(log, "event", G_CALLBACK(collect_event), lines);
    lp_game_computer_step(game, NULL);
    lp_game_computer_step(game, NULL);
    g_assert_true(lp_event_log_get_game(log) == game);
    g_assert_cmpuint(strlen(lines->str), >, 0);
    g_assert_nonnull(strstr(lines->str, "{\"event\":\"draw\",\"player\":0,\"card\":"));
    g_assert_nonnull(strstr(lines->str, "{\"event\":\"draw\",\"player\":1,\"card\":"));
    g_assert_finalize_object(game);
    g_assert_null(lp_event_log_get_game(log));
    g_assert_finalize_object(log);
}

/* Two stores on one folder (two windows, two programs): only one may write a kind, the
 * other leaves the file alone and says why; what a killed write left is cleaned up by the
 * one that claims the kind. */
static void test_one_writer(void)
{
    g_autofree char *dir = make_temp_dir();
    g_autoptr(LpSaveStore) first = lp_save_store_new(dir);
    g_autoptr(LpSaveStore) second = lp_save_store_new(dir);
    g_autoptr(LpGame) game = test_game_new(3);
    g_autoptr(GError) error = NULL;

    g_autofree char *stale = g_build_filename(dir, "test.json.Ab12Cd", NULL);
    g_autofree char *other = g_build_filename(dir, "test.json.notes", NULL);
    g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
    g_assert_true(g_file_set_contents(stale, "{\"half", -1, NULL));
    g_assert_true(g_file_set_contents(other, "mine", -1, NULL));

    g_assert_true(lp_save_store_write(first, game, &error));
    g_assert_no_error(error);
    g_assert_false(g_file_test(stale, G_FILE_TEST_EXISTS));
    g_assert_true(g_file_test(other, G_FILE_TEST_EXISTS));
    g_autofree char *path = lp_save_store_get_path(first, "test");
    g_autofree char *before = NULL;
    g_assert_true(g_file_get_contents(path, &before, NULL, NULL));

    lp_game_computer_step(game, NULL);
    g_assert_false(lp_save_store_write(second, game, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY);
    g_assert_nonnull(strstr(error->message, "another Landpartie window"));
    g_clear_error(&error);
    g_autofree char *moved = NULL;
    g_autoptr(LpGame) none = lp_save_store_load(second, "test", TEST_TYPE_GAME, &moved, &error);
    g_assert_null(none);
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY);
    g_assert_null(moved);
    g_clear_error(&error);
    g_autofree char *after = NULL;
    g_assert_true(g_file_get_contents(path, &after, NULL, NULL));
    g_assert_cmpstr(before, ==, after);

    /* Once the first lets go, the second may play it. */
    lp_save_store_release(first, "test");
    g_assert_true(lp_save_store_write(second, game, &error));
    g_assert_no_error(error);
    g_assert_false(lp_save_store_claim(first, "test", &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY);
}

static void test_missing_save(void)
{
    g_autofree char *dir = make_temp_dir();
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(GError) error = NULL;
    g_autofree char *moved = NULL;
    g_autoptr(LpGame) g = lp_save_store_load(store, "test", TEST_TYPE_GAME, &moved, &error);
    g_assert_null(g);
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO);
    g_assert_null(moved);
    g_rmdir(dir);
}

/* Issue 36: a save that is a symbolic link (to a synced folder, say) stays one: writing and
 * the autosave write where it leads, with the temporary file beside the target; removing a
 * finished game's save removes the target and keeps the link for the next game. */
static void test_symlinked_save(void)
{
    g_autofree char *dir = make_temp_dir();
    g_autofree char *other = make_temp_dir();
    g_autofree char *target = g_build_filename(other, "my-test.json", NULL);
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autofree char *path = lp_save_store_get_path(store, "test");
    g_assert_cmpint(symlink(target, path), ==, 0);
    g_autoptr(LpGame) game = test_game_new(3);
    g_autoptr(GError) error = NULL;
    g_assert_true(lp_save_store_write(store, game, &error));
    g_assert_no_error(error);
    lp_game_computer_step(game, NULL);
    g_assert_true(lp_save_store_save(store, game, &error));
    g_assert_true(lp_save_store_flush(store, &error));
    g_assert_no_error(error);

    GStatBuf st;
    g_assert_cmpint(g_lstat(path, &st), ==, 0);
    g_assert_true(S_ISLNK(st.st_mode));
    g_assert_cmpint(g_lstat(target, &st), ==, 0);
    g_assert_true(S_ISREG(st.st_mode));
    g_autofree char *saved = NULL;
    g_assert_true(g_file_get_contents(target, &saved, NULL, NULL));
    g_autofree char *expected = lp_game_save_to_data(game, NULL);
    g_assert_cmpstr(strstr(saved, "\"rng\""), ==, strstr(expected, "\"rng\""));
    g_autoptr(GDir) d = g_dir_open(other, 0, NULL);
    g_assert_cmpstr(g_dir_read_name(d), ==, "my-test.json");
    g_assert_null(g_dir_read_name(d));

    g_autoptr(LpGame) loaded = lp_save_store_load(store, "test", TEST_TYPE_GAME, NULL, &error);
    g_assert_no_error(error);
    g_assert_nonnull(loaded);

    g_assert_true(lp_save_store_remove(store, "test", &error));
    g_assert_no_error(error);
    g_assert_false(lp_save_store_has(store, "test"));
    g_assert_cmpint(g_lstat(path, &st), ==, 0);
    g_assert_true(S_ISLNK(st.st_mode));
    g_assert_false(g_file_test(target, G_FILE_TEST_EXISTS));
    g_assert_true(lp_save_store_write(store, game, &error));
    g_assert_true(g_file_test(target, G_FILE_TEST_IS_REGULAR));

    /* A link to itself: a clear message, nothing written. */
    g_assert_true(lp_save_store_remove(store, "test", &error));
    g_unlink(path);
    g_assert_cmpint(symlink("test.json", path), ==, 0);
    g_assert_false(lp_save_store_write(store, game, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO);
    g_assert_nonnull(strstr(error->message, "symbolic links"));
    g_unlink(path);
}

static void test_finalize(void)
{
    LpGame *game = test_game_new(1);
    lp_game_run_computers(game, NULL);
    g_assert_true(lp_game_is_over(game));
    g_assert_finalize_object(game);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_test_add_func("/save/round-trip-same-bytes", test_round_trip_same_bytes);
    g_test_add_func("/save/resume-same-rest", test_resume_same_rest);
    g_test_add_func("/save/store", test_store_write_and_load);
    g_test_add_func("/save/damaged", test_damaged_saves);
    g_test_add_func("/save/missing", test_missing_save);
    g_test_add_func("/save/silent-reader", test_silent_reader);
    g_test_add_func("/save/one-writer", test_one_writer);
    g_test_add_func("/save/event-log", test_event_log);
    g_test_add_func("/save/finalize", test_finalize);
    g_test_add_func("/save/symlink", test_symlinked_save);
    return g_test_run();
}
