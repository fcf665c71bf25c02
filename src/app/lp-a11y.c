/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Accessibility helpers shared by the shell's widgets. */
#include "lp-a11y.h"

char *lp_a11y_strip_mnemonic(const char *label)
{
    GString *out = g_string_new(NULL);

    g_return_val_if_fail(label != NULL, NULL);
    for (const char *p = label; *p != '\0'; p++) {
        if (*p == '_') {
            if (p[1] == '_')
                g_string_append_c(out, '_');
            if (p[1] == '_')
                p++;
            continue;
        }
        g_string_append_c(out, *p);
    }
    return g_string_free(out, FALSE);
}

void lp_a11y_fix_mnemonic_button(GtkButton *button)
{
    const char *label;
    g_autofree char *clean = NULL;

    g_return_if_fail(GTK_IS_BUTTON(button));
    label = gtk_button_get_label(button);
    if (label == NULL)
        return;
    clean = gtk_button_get_use_underline(button) ? lp_a11y_strip_mnemonic(label)
                                                 : g_strdup(label);
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, clean,
                                   -1);
}
