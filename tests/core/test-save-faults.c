/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Saving when the disk says no: a full disk, the save's path taken by a folder, a folder
 * that cannot be written, and the program killed in the middle of 200 saves. Each time the
 * old save stays byte for byte (or, after a kill, the file is a complete old or new save),
 * the failure is reported once with a message, and no temporary file is left behind. */
#define _GNU_SOURCE
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "lp-games.h"
#include "lp-save-store.h"

static LpGame *new_game(guint64 seed)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GError) error = NULL;
    g_ptr_array_add(players,
                    lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_COMPUTER, LP_LEVEL_NORMAL));
    g_ptr_array_add(players,
                    lp_player_new("Oma", 70, "#3584e4", LP_PLAYER_COMPUTER, LP_LEVEL_HARD));
    LpGame *game = lp_game_new_of_type(lp_games_lookup("aufachse")->get_type(), players, seed,
                                       FALSE, &error);
    g_assert_no_error(error);
    return game;
}

static void step(LpGame *game, guint n)
{
    for (guint i = 0; i < n; i++)
        lp_game_computer_step(game, lp_games_lookup("aufachse")->computer_move);
}

static char *read_all(const char *path)
{
    char *data = NULL;
    g_assert_true(g_file_get_contents(path, &data, NULL, NULL));
    return data;
}

/* Only the save and its lock: no "aufachse.json.XXXXXX" left. */
static void assert_no_temporaries(const char *dir)
{
    g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name(d)) != NULL) {
        if (g_str_has_prefix(name, "aufachse.json."))
            g_error("a temporary file was left: %s", name);
    }
}

static void on_write_failed(LpSaveStore *store, const char *kind, GError *error, guint *count)
{
    g_test_message("write failed: %s", error->message);
    g_assert_nonnull(strstr(error->message, "aufachse.json"));
    (*count)++;
}

/* The file size limit stands in for a full disk: writes beyond it fail (EFBIG, the signal
 * that would end the program ignored), as they would with ENOSPC. */
static void test_full_disk(void)
{
    g_autofree char *dir = g_dir_make_tmp("lp-faults-XXXXXX", NULL);
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = new_game(3);
    g_autoptr(GError) error = NULL;
    g_autofree char *path = lp_save_store_get_path(store, "aufachse");
    guint failures = 0;

    g_assert_true(lp_save_store_write(store, game, &error));
    g_autofree char *before = read_all(path);
    g_signal_connect(store, "write-failed", G_CALLBACK(on_write_failed), &failures);

    struct rlimit old, small;
    g_assert_cmpint(getrlimit(RLIMIT_FSIZE, &old), ==, 0);
    small = old;
    small.rlim_cur = 512;
    signal(SIGXFSZ, SIG_IGN);
    g_assert_cmpint(setrlimit(RLIMIT_FSIZE, &small), ==, 0);
    step(game, 5);
    gboolean saved = lp_save_store_save(store, game, NULL) && lp_save_store_flush(store, &error);
    g_assert_cmpint(setrlimit(RLIMIT_FSIZE, &old), ==, 0);
    signal(SIGXFSZ, SIG_DFL);

    /* Told once, by the flush's error or the signal. */
    g_assert_false(saved && failures == 0);
    g_autofree char *after = read_all(path);
    g_assert_cmpstr(before, ==, after);
    assert_no_temporaries(dir);
    /* With room again, saving goes on. */
    g_clear_error(&error);
    g_assert_true(lp_save_store_write(store, game, &error));
    g_assert_no_error(error);
}

/* Something made a folder where the save belongs: it is left alone. */
static void test_path_is_a_folder(void)
{
    g_autofree char *dir = g_dir_make_tmp("lp-faults-XXXXXX", NULL);
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = new_game(4);
    g_autoptr(GError) error = NULL;
    g_autofree char *path = lp_save_store_get_path(store, "aufachse");
    g_autofree char *inside = g_build_filename(path, "keep.txt", NULL);

    g_assert_cmpint(g_mkdir_with_parents(path, 0700), ==, 0);
    g_assert_true(g_file_set_contents(inside, "mine", -1, NULL));
    g_assert_false(lp_save_store_write(store, game, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO);
    g_test_message("%s", error->message);
    g_assert_true(g_file_test(path, G_FILE_TEST_IS_DIR));
    g_autofree char *kept = read_all(inside);
    g_assert_cmpstr(kept, ==, "mine");
    assert_no_temporaries(dir);
    /* Reading it is refused without a crash, and it is not offered as a game. */
    g_clear_error(&error);
    g_autoptr(LpGame) peeked = lp_save_store_peek(store, "aufachse",
                                                  lp_games_lookup("aufachse")->get_type(),
                                                  &error);
    g_assert_null(peeked);
    g_assert_nonnull(error);
}

static void test_read_only_folder(void)
{
    if (geteuid() == 0) {
        /* root writes into any folder: the permission cannot be tested as root. */
        g_test_skip("root ignores folder permissions");
        return;
    }
    g_autofree char *dir = g_dir_make_tmp("lp-faults-XXXXXX", NULL);
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = new_game(5);
    g_autoptr(GError) error = NULL;
    g_autofree char *path = lp_save_store_get_path(store, "aufachse");

    g_assert_true(lp_save_store_write(store, game, &error));
    g_autofree char *before = read_all(path);
    g_assert_cmpint(g_chmod(dir, 0500), ==, 0);
    step(game, 5);
    g_assert_false(lp_save_store_write(store, game, &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_IO);
    g_assert_cmpint(g_chmod(dir, 0700), ==, 0);
    g_autofree char *after = read_all(path);
    g_assert_cmpstr(before, ==, after);
    assert_no_temporaries(dir);
}

/* The child of the kill test: saves as fast as it can until it is killed. */
static void save_until_killed(void)
{
    const char *dir = g_getenv("LP_FAULTS_DIR");
    g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
    g_autoptr(LpGame) game = new_game(6);
    for (guint i = 0; i < 200000; i++) {
        step(game, 1);
        if (!lp_save_store_write(store, game, NULL))
            g_error("a save failed in the child");
    }
}

/* kill -9 at twenty moments of a run of saves: the file is always a complete save that
 * loads, and the next start removes what the killed write left. */
static void test_killed_while_saving(void)
{
    if (g_test_subprocess()) {
        save_until_killed();
        return;
    }
    g_autofree char *dir = g_dir_make_tmp("lp-faults-XXXXXX", NULL);
    g_setenv("LP_FAULTS_DIR", dir, TRUE);
    GType type = lp_games_lookup("aufachse")->get_type();
    g_autofree char *path = g_build_filename(dir, "aufachse.json", NULL);
    guint checked = 0;
    for (guint round = 0; round < 20; round++) {
        /* 100 to 290 ms: somewhere in the middle of hundreds of saves (a slow start under
         * a sanitizer may not have saved yet: then there is nothing to check). */
        g_test_trap_subprocess(NULL, (100 + round * 10) * 1000, G_TEST_SUBPROCESS_DEFAULT);
        g_assert_false(g_test_trap_has_passed());
        if (!g_file_test(path, G_FILE_TEST_EXISTS))
            continue;
        g_autoptr(LpSaveStore) store = lp_save_store_new(dir);
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) game = lp_save_store_load(store, "aufachse", type, NULL, &error);
        g_assert_no_error(error);
        g_assert_nonnull(game);
        checked++;
        /* Loading claimed the save, which swept the killed write's temporary file. */
        assert_no_temporaries(dir);
    }
    g_assert_cmpuint(checked, >=, 10);
    g_unsetenv("LP_FAULTS_DIR");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
    g_test_add_func("/save-faults/full-disk", test_full_disk);
    g_test_add_func("/save-faults/path-is-a-folder", test_path_is_a_folder);
    g_test_add_func("/save-faults/read-only-folder", test_read_only_folder);
    g_test_add_func("/save-faults/killed-while-saving", test_killed_while_saving);
    return g_test_run();
}
