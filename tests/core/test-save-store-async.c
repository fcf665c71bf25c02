/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Autosaves on a worker thread: run with tests/bench/slow-fsync (LD_PRELOAD) so that every
 * fsync takes LP_SLOW_FSYNC_MS; the caller never waits for it, the newest state wins, the
 * file on disk is always a complete old or new save, and quitting (flush, dispose) waits. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <glib/gstdio.h>

#include "lp-games.h"
#include "lp-save-store.h"

/* Far below the shim's fsync time and far above a serialisation: the test says "did not
 * wait for the disk" without timing the machine (the 2 ms budget is the benchmark's). */
#define NO_WAIT_US (100 * 1000)

typedef struct {
    char *dir;
    LpSaveStore *store;
    LpGame *game;
    const LpGameRules *rules;
} Fixture;

static int fsync_count(void)
{
    int (*count)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "lp_slow_fsync_count");
    return count != NULL ? count() : -1;
}

static void fixture_set_up(Fixture *f, gconstpointer data)
{
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_autoptr(GError) error = NULL;
    (void)data;
    f->dir = g_dir_make_tmp("lp-save-async-XXXXXX", NULL);
    f->store = lp_save_store_new(f->dir);
    f->rules = lp_games_lookup("buxtehude");
    g_ptr_array_add(players, lp_player_new("Anna", 9, "#e01b24", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_NORMAL));
    g_ptr_array_add(players, lp_player_new("Oma", 70, "#3584e4", LP_PLAYER_COMPUTER,
                                           LP_LEVEL_HARD));
    f->game = lp_game_rules_get_class(f->rules)->create(players, 5, FALSE, &error);
    g_assert_no_error(error);
}

static void fixture_tear_down(Fixture *f, gconstpointer data)
{
    (void)data;
    if (f->store != NULL)
        g_assert_finalize_object(f->store);
    g_assert_finalize_object(f->game);
    g_autoptr(GDir) dir = g_dir_open(f->dir, 0, NULL);
    const char *name;
    while ((name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *path = g_build_filename(f->dir, name, NULL);
        g_unlink(path);
    }
    g_rmdir(f->dir);
    g_free(f->dir);
}

static char *file_of(Fixture *f)
{
    g_autofree char *path = lp_save_store_get_path(f->store, "buxtehude");
    char *data = NULL;
    if (!g_file_get_contents(path, &data, NULL, NULL))
        return NULL;
    return data;
}

static char *state_of(LpGame *game)
{
    gsize len;
    return lp_game_save_to_data(game, &len);
}

/* One move of the computers, saved as the window saves it; returns the call's duration. */
static gint64 move_and_save(Fixture *f)
{
    g_autoptr(GError) error = NULL;
    f->rules->computer_move(f->game);
    gint64 start = g_get_monotonic_time();
    g_assert_true(lp_save_store_save(f->store, f->game, &error));
    gint64 took = g_get_monotonic_time() - start;
    g_assert_no_error(error);
    return took;
}

static void iterate_until_idle(LpSaveStore *store)
{
    gint64 end = g_get_monotonic_time() + 20 * G_USEC_PER_SEC;
    while (lp_save_store_is_writing(store) && g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, TRUE);
    g_assert_false(lp_save_store_is_writing(store));
}

/* Saving returns at once; saves made while one is written replace each other. */
static void test_newest_wins(Fixture *f, gconstpointer data)
{
    int before = fsync_count();
    (void)data;
    for (int i = 0; i < 8; i++)
        g_assert_cmpint(move_and_save(f), <, NO_WAIT_US);
    g_assert_true(lp_save_store_is_writing(f->store));
    /* What the store answers is the newest state, though the disk is behind. */
    g_assert_true(lp_save_store_has(f->store, "buxtehude"));
    {
        g_autoptr(LpGame) peeked = lp_save_store_peek(f->store, "buxtehude",
                                                      G_OBJECT_TYPE(f->game), NULL);
        g_autofree char *a = state_of(peeked);
        g_autofree char *b = state_of(f->game);
        g_assert_nonnull(peeked);
        g_assert_cmpstr(a, ==, b);
    }
    iterate_until_idle(f->store);
    g_autofree char *on_disk = file_of(f);
    g_autofree char *newest = state_of(f->game);
    g_assert_cmpstr(on_disk, ==, newest);
    /* The first write was in flight, the six in between were never written. */
    if (before >= 0)
        g_assert_cmpint(fsync_count() - before, <=, 2 * 2 /* file + folder, at most */);
}

/* While a write is stuck in fsync the file is the old complete save; a crash then keeps it. */
static void test_old_or_new(Fixture *f, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    (void)data;
    g_assert_true(lp_save_store_write(f->store, f->game, &error));
    g_assert_no_error(error);
    g_autofree char *old = file_of(f);
    move_and_save(f);
    g_autofree char *during = file_of(f);
    g_assert_cmpstr(during, ==, old);
    g_assert_true(lp_save_store_flush(f->store, &error));
    g_assert_no_error(error);
    g_autofree char *after = file_of(f);
    g_autofree char *newest = state_of(f->game);
    g_assert_cmpstr(after, ==, newest);
    g_assert_false(lp_save_store_is_writing(f->store));
}

/* Removing after queued saves removes: no late write brings the file back. */
static void test_remove_after_save(Fixture *f, gconstpointer data)
{
    (void)data;
    move_and_save(f);
    move_and_save(f);
    g_assert_true(lp_save_store_remove(f->store, "buxtehude", NULL));
    g_assert_false(lp_save_store_has(f->store, "buxtehude"));
    iterate_until_idle(f->store);
    g_autofree char *on_disk = file_of(f);
    g_assert_null(on_disk);
}

/* The kind stays locked while its last write is on the way; then another store may play it. */
static void test_release_after_write(Fixture *f, gconstpointer data)
{
    g_autoptr(LpSaveStore) other = lp_save_store_new(f->dir);
    g_autoptr(GError) error = NULL;
    (void)data;
    move_and_save(f);
    lp_save_store_release(f->store, "buxtehude");
    g_assert_false(lp_save_store_claim(other, "buxtehude", &error));
    g_assert_error(error, LP_SAVE_ERROR, LP_SAVE_ERROR_BUSY);
    g_clear_error(&error);
    iterate_until_idle(f->store);
    g_assert_true(lp_save_store_claim(other, "buxtehude", &error));
    g_assert_no_error(error);
    lp_save_store_release(other, "buxtehude");
}

/* Quitting: the store's end waits for the last write. */
static void test_dispose_flushes(Fixture *f, gconstpointer data)
{
    g_autofree char *path = lp_save_store_get_path(f->store, "buxtehude");
    (void)data;
    move_and_save(f);
    move_and_save(f);
    g_assert_finalize_object(g_steal_pointer(&f->store));
    g_autofree char *on_disk = NULL;
    g_assert_true(g_file_get_contents(path, &on_disk, NULL, NULL));
    g_autofree char *newest = state_of(f->game);
    g_assert_cmpstr(on_disk, ==, newest);
}

/* The start page's check is not done twice: Continue gets the game the page read, as long as
 * the file is the same. */
static void test_peek_then_load(Fixture *f, gconstpointer data)
{
    GType type = G_OBJECT_TYPE(f->game);
    (void)data;
    g_assert_true(lp_save_store_write(f->store, f->game, NULL));
    lp_save_store_release(f->store, "buxtehude");
    g_autoptr(LpGame) a = lp_save_store_peek(f->store, "buxtehude", type, NULL);
    g_autoptr(LpGame) b = lp_save_store_peek(f->store, "buxtehude", type, NULL);
    g_assert_nonnull(a);
    g_assert_true(a == b);
    g_autoptr(LpGame) loaded = lp_save_store_load(f->store, "buxtehude", type, NULL, NULL);
    g_assert_true(loaded == a);
    /* Played now: a new peek reads the file again. */
    g_autoptr(LpGame) c = lp_save_store_peek(f->store, "buxtehude", type, NULL);
    g_assert_true(c != a);
    /* A changed file is read again too. */
    f->rules->computer_move(f->game);
    g_assert_true(lp_save_store_write(f->store, f->game, NULL));
    g_autoptr(LpGame) d = lp_save_store_peek(f->store, "buxtehude", type, NULL);
    g_autofree char *d_state = state_of(d);
    g_autofree char *newest = state_of(f->game);
    g_assert_cmpstr(d_state, ==, newest);
    lp_save_store_release(f->store, "buxtehude");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    if (fsync_count() < 0)
        g_test_message("slow-fsync is not preloaded: the disk is as fast as it is");
#define ADD(name, func) \
    g_test_add("/save-async/" name, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
    ADD("newest-wins", test_newest_wins);
    ADD("old-or-new", test_old_or_new);
    ADD("remove-after-save", test_remove_after_save);
    ADD("release-after-write", test_release_after_write);
    ADD("dispose-flushes", test_dispose_flushes);
    ADD("peek-then-load", test_peek_then_load);
    return g_test_run();
}
