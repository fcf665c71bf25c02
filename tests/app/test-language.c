/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The language preference overrides the system's language before anything is translated,
 * and a missing settings schema gives a clear message. Runs the built program with --help,
 * which needs no display. */
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "config.h"
#include "lp-application.h"
#include "lp-test-util.h"

typedef struct {
    char *out;
    char *err;
    int status;
} Run;

static void run_clear(Run *run)
{
    g_clear_pointer(&run->out, g_free);
    g_clear_pointer(&run->err, g_free);
}

/* Runs landpartie --help with the "language" setting and the LANGUAGE variable given. */
/* landpartie --help, or with schema_dir set the bare program: --help answers without a
 * schema (issue 34), a start does not. */
static void run_app(const char *setting, const char *language_env, const char *schema_dir,
                    Run *run)
{
    const char *build = g_getenv("LANDPARTIE_BUILD_DIR");
    g_autofree char *program = g_build_filename(build, "src", "landpartie", NULL);
    g_autofree char *config = lp_test_make_temp_dir();
    g_autofree char *settings_dir = g_build_filename(config, "glib-2.0", "settings", NULL);
    g_autofree char *keyfile = g_build_filename(settings_dir, "keyfile", NULL);
    g_autofree char *contents =
        g_strdup_printf("[io/github/landpartie/Landpartie]\nlanguage='%s'\n", setting);
    g_autofree char *localedir = g_build_filename(build, "po", NULL);
    g_autofree char *default_schemas = g_build_filename(build, "data", NULL);
    g_auto(GStrv) env = g_get_environ();
    const char *argv[] = {program, schema_dir == NULL ? "--help" : NULL, NULL};
    g_autoptr(GError) error = NULL;

    g_assert_cmpint(g_mkdir_with_parents(settings_dir, 0700), ==, 0);
    g_assert_true(g_file_set_contents(keyfile, contents, -1, NULL));
    env = g_environ_setenv(env, "XDG_CONFIG_HOME", config, TRUE);
    env = g_environ_setenv(env, "GSETTINGS_BACKEND", "keyfile", TRUE);
    env = g_environ_setenv(env, "GSETTINGS_SCHEMA_DIR",
                           schema_dir != NULL ? schema_dir : default_schemas, TRUE);
    env = g_environ_setenv(env, "LANDPARTIE_LOCALEDIR", localedir, TRUE);
    env = g_environ_setenv(env, "LC_ALL", "C.UTF-8", TRUE);
    if (language_env != NULL)
        env = g_environ_setenv(env, "LANGUAGE", language_env, TRUE);
    else
        env = g_environ_unsetenv(env, "LANGUAGE");

    g_spawn_sync(NULL, (char **)argv, env, G_SPAWN_DEFAULT, NULL, NULL, &run->out, &run->err,
                 &run->status, &error);
    g_assert_no_error(error);
}

/* The German text of the summary, straight from the built catalogue. */
static char *german_summary(void)
{
    g_autofree char *localedir = g_build_filename(g_getenv("LANDPARTIE_BUILD_DIR"), "po", NULL);
    g_autofree char *old = g_strdup(g_getenv("LANGUAGE"));
    char *german;

    bindtextdomain(GETTEXT_PACKAGE, localedir);
    bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
    setlocale(LC_ALL, "C.UTF-8");
    g_setenv("LANGUAGE", "de", TRUE);
    german = g_strdup(g_dgettext(GETTEXT_PACKAGE, lp_application_summary));
    if (old != NULL)
        g_setenv("LANGUAGE", old, TRUE);
    else
        g_unsetenv("LANGUAGE");
    return german;
}

static void test_language(void)
{
    g_autofree char *german = german_summary();
    const char *english = lp_application_summary;
    Run run = {0};

    /* The catalogue translates the summary; otherwise this test could not fail. */
    g_assert_cmpstr(german, !=, english);

    run_app("", NULL, NULL, &run);
    g_assert_cmpint(run.status, ==, 0);
    g_assert_nonnull(strstr(run.out, english));
    run_clear(&run);

    /* The preference wins over the (C) locale … */
    run_app("de", NULL, NULL, &run);
    g_assert_nonnull(strstr(run.out, german));
    run_clear(&run);

    /* … and over the user's LANGUAGE. */
    run_app("en", "de", NULL, &run);
    g_assert_nonnull(strstr(run.out, english));
    run_clear(&run);

    /* "System" follows LANGUAGE. */
    run_app("", "de", NULL, &run);
    g_assert_nonnull(strstr(run.out, german));
    run_clear(&run);
}

static void test_missing_schema(void)
{
    g_autofree char *empty = lp_test_make_temp_dir();
    Run run = {0};

    run_app("", NULL, empty, &run);
    g_assert_true(g_spawn_check_wait_status(run.status, NULL) == FALSE);
    g_assert_nonnull(strstr(run.err, "io.github.landpartie.Landpartie"));
    g_assert_nonnull(strstr(run.err, "GSETTINGS_SCHEMA_DIR"));
    run_clear(&run);
}

int main(int argc, char **argv)
{
    lp_test_init(&argc, &argv);
    g_test_add_func("/language/preference", test_language);
    g_test_add_func("/language/missing-schema", test_missing_schema);
    return g_test_run();
}
