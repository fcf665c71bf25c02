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
/* Temporary file + fsync + rename, after claiming the kind, on this thread (after any
 * autosave of the kind still on its way). */
gboolean lp_save_store_write(LpSaveStore *self, LpGame *game, GError **error);
/* The autosave: claims the kind and serialises the game now, then writes it (temporary file
 * + fsync + rename) on a worker thread. One write per kind is in flight; a newer save
 * replaces one that has not started, so the newest state wins. FALSE only when the claim
 * fails; a failed write is reported by "write-failed". has, peek and load answer from the
 * newest queued state. */
gboolean lp_save_store_save(LpSaveStore *self, LpGame *game, GError **error);
/* Waits for the writes in flight and does the queued ones on this thread: quitting calls
 * it, so the last move is on the disk. The error is the first write's that failed. */
gboolean lp_save_store_flush(LpSaveStore *self, GError **error);
/* Whether an autosave is still queued or in flight. */
gboolean lp_save_store_is_writing(LpSaveStore *self);
/* Claims the kind first (LP_SAVE_ERROR_BUSY when another store holds it: the file is left
 * alone). On failure the file is renamed to "<kind>-unreadable-<time>.json" beside it and the error
 * message names the file, the problem and where it went; *moved_to gets that path. */
LpGame *lp_save_store_load(LpSaveStore *self, const char *kind, GType type, char **moved_to,
                           GError **error);
/* Reads and validates the save exactly as lp_save_store_load does, but moves nothing: the
 * start page offers only what Continue accepts. The error gives the reason alone. The game
 * is kept, so that a load of the unchanged file does not read and check it again. */
LpGame *lp_save_store_peek(LpSaveStore *self, const char *kind, GType type, GError **error);
/* Moves the save of kind aside as "<kind>-unreadable-<time>.json"; returns the new path. */
char *lp_save_store_set_aside(LpSaveStore *self, const char *kind, GError **error);
/* One writer per save: an advisory lock on "<kind>.lock" in the folder, held until
 * lp_save_store_release or the store's end; fails with LP_SAVE_ERROR_BUSY while another
 * store (another window or program) holds it. Writing claims the kind first. Claiming also
 * removes what killed writes left behind. */
gboolean lp_save_store_claim(LpSaveStore *self, const char *kind, GError **error);
void lp_save_store_release(LpSaveStore *self, const char *kind);
/* A finished game's save is removed (it is the program's own, readable file); after the
 * kind's queued autosaves when there are any (then failures come as "write-failed"). */
gboolean lp_save_store_remove(LpSaveStore *self, const char *kind, GError **error);

/* Where path's symbolic links lead (a chain of them followed to its end, relative links
 * from their own folder); path itself when it is no link or does not exist. A file written
 * by a temporary file renamed over it must be written at this path, beside the target:
 * renaming over the link would put a plain file in its place and leave the target
 * unchanged (issue 36). NULL with an error for a loop or a link that cannot be read. */
char *lp_file_resolve_links(const char *path, GError **error);

G_END_DECLS
