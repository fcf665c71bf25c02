/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Landpartie program: picks the language from the settings, runs the app. */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include "lp-application.h"

/* The "language" preference overrides the system's; it must be applied before the first
 * string is translated. gettext ignores LANGUAGE in the "C" locale, so the messages category
 * then needs a UTF-8 locale. */
static void apply_language(const char *language)
{
    static const char *const fallbacks[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8", NULL};
    const char *messages;

    if (language == NULL || *language == '\0')
        return;
    g_setenv("LANGUAGE", language, TRUE);
    messages = setlocale(LC_MESSAGES, NULL);
    if (messages == NULL || strcmp(messages, "C") == 0 || strcmp(messages, "POSIX") == 0) {
        for (guint i = 0; fallbacks[i] != NULL; i++) {
            if (setlocale(LC_MESSAGES, fallbacks[i]) != NULL)
                break;
        }
    }
}

int main(int argc, char **argv)
{
    g_autoptr(LpApplication) app = NULL;
    g_autoptr(LpSettings) settings = NULL;
    g_autofree char *language = NULL;
    g_autofree char *original_language = g_strdup(g_getenv("LANGUAGE"));
    const char *localedir = g_getenv("LANDPARTIE_LOCALEDIR");
    int status;

    setlocale(LC_ALL, "");
    /* Without the schema GSettings would abort; the app then still answers --help and
     * --version (in the system's language) and otherwise says what is missing. */
    if (lp_settings_schema_available()) {
        settings = lp_settings_new();
        language = g_strdup(lp_settings_get_language(settings));
        apply_language(language);
        /* The preferences window compares against this to offer "Restart now". */
        g_setenv("LANDPARTIE_RUNNING_LANGUAGE", language, TRUE);
    }

    bindtextdomain(GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir
                                                                           : LOCALEDIR);
    bind_textdomain_codeset(GETTEXT_PACKAGE, "UTF-8");
    textdomain(GETTEXT_PACKAGE);
    /* GTK would otherwise reset LC_MESSAGES from the environment. */
    gtk_disable_setlocale();

    g_set_application_name("Landpartie");
    app = lp_application_new(settings);
    status = g_application_run(G_APPLICATION(app), argc, argv);

    if (status == 0 && lp_application_get_restart_requested(app)) {
        /* Start again in the new language, with the environment the user started with. */
        g_clear_object(&app);
        if (original_language != NULL)
            g_setenv("LANGUAGE", original_language, TRUE);
        else
            g_unsetenv("LANGUAGE");
        g_unsetenv("LANDPARTIE_RUNNING_LANGUAGE");
        execv("/proc/self/exe", argv);
        g_printerr("landpartie: cannot restart: %s\n", g_strerror(errno));
        return 1;
    }
    return status;
}
