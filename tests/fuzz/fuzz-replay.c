/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main() of a fuzz program built without libFuzzer: feeds every file named, and every
 * file in every folder named, to LLVMFuzzerTestOneInput once. meson test runs it over the
 * checked-in corpus, so a finding stays fixed; it also replays a crash file by hand. */
#include "fuzz-common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gboolean run_file(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *data = NULL;
    gsize length = 0;

    if (!g_file_get_contents(path, &data, &length, &error)) {
        fprintf(stderr, "fuzz-replay: %s\n", error->message);
        return FALSE;
    }
    /* Name the input first: if it crashes, this is the last line before the report. */
    printf("%s (%" G_GSIZE_FORMAT " bytes)\n", path, length);
    fflush(stdout);
    /* A copy of exactly length bytes, so ASan sees any read past the input's end. */
    {
        uint8_t *copy = g_memdup2(data, length);
        LLVMFuzzerTestOneInput(copy, length);
        g_free(copy);
    }
    return TRUE;
}

static int compare_names(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every regular file in dir, in name order (hidden files and READMEs are not inputs). */
static gboolean run_folder(const char *dir, guint *n_inputs)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GDir) handle = g_dir_open(dir, 0, &error);
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    const char *name;

    if (handle == NULL) {
        fprintf(stderr, "fuzz-replay: %s\n", error->message);
        return FALSE;
    }
    while ((name = g_dir_read_name(handle)) != NULL) {
        if (name[0] != '.' && !g_str_has_prefix(name, "README"))
            g_ptr_array_add(names, g_strdup(name));
    }
    g_ptr_array_sort(names, compare_names);
    for (guint i = 0; i < names->len; i++) {
        g_autofree char *path = g_build_filename(dir, names->pdata[i], NULL);

        if (!g_file_test(path, G_FILE_TEST_IS_REGULAR))
            continue;
        if (!run_file(path))
            return FALSE;
        (*n_inputs)++;
    }
    return TRUE;
}

int main(int argc, char **argv)
{
    guint n_inputs = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE-OR-FOLDER…\n", argv[0]);
        return 2;
    }
    fuzz_init();
    for (int i = 1; i < argc; i++) {
        if (g_file_test(argv[i], G_FILE_TEST_IS_DIR)) {
            if (!run_folder(argv[i], &n_inputs))
                return 1;
        } else {
            if (!run_file(argv[i]))
                return 1;
            n_inputs++;
        }
    }
    /* An empty or misplaced corpus must not pass as a clean run. */
    if (n_inputs == 0) {
        fprintf(stderr, "fuzz-replay: no inputs in the given files and folders\n");
        return 1;
    }
    printf("fuzz-replay: %u inputs, no crash\n", n_inputs);
    return 0;
}
