/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One save file per game kind under $XDG_DATA_HOME/landpartie: atomic writes, and a file
 * that cannot be read is moved aside, never overwritten or deleted. */
#pragma once

#include "lp-game.h"

G_BEGIN_DECLS

#define LP_TYPE_SAVE_STORE (lp_save_store_get_type())
G_DECLARE_FINAL_TYPE(LpSaveStore, lp_save_store, LP, SAVE_STORE, GObject)

/* dir NULL: g_get_user_data_dir()/landpartie. */
LpSaveStore *lp_save_store_new(const char *dir);
const char *lp_save_store_get_dir(LpSaveStore *self);
char *lp_save_store_get_path(LpSaveStore *self, const char *kind);
gboolean lp_save_store_has(LpSaveStore *self, const char *kind);
/* Temporary file + rename. */
gboolean lp_save_store_write(LpSaveStore *self, LpGame *game, GError **error);
/* On failure the file is renamed to "<kind>-unreadable-<time>.json" beside it and the error
 * message names the file, the problem and where it went; *moved_to gets that path. */
LpGame *lp_save_store_load(LpSaveStore *self, const char *kind, GType type, char **moved_to,
                           GError **error);
/* Reads the envelope only (players, saved time) for the start page's Continue entry. */
JsonNode *lp_save_store_peek(LpSaveStore *self, const char *kind, GError **error);
/* A finished game's save is removed (it is the program's own, readable file). */
gboolean lp_save_store_remove(LpSaveStore *self, const char *kind, GError **error);

G_END_DECLS
