/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the fuzz entry points share: one-time setup and the checks that turn a quiet bug into
 * an abort() the fuzzer (or the replay test) reports. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <glib.h>

G_BEGIN_DECLS

/* libFuzzer's entry point, defined once per fuzz program. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Once per process: GLib warnings and criticals become fatal (a file must never make the
 * library log one: issue 11, case 5), and the locale is the one the tests use. */
void fuzz_init(void);
/* Prints what went wrong, with the input's size, and aborts: a finding. */
G_NORETURN void fuzz_fail(const char *format, ...) G_GNUC_PRINTF(1, 2);
/* A refused input must say why in text that can be shown and read aloud (issue 11: every
 * message is valid UTF-8). */
void fuzz_check_refusal(const GError *error, const char *what);
/* A string the loader accepted and the app will show: valid UTF-8, not longer than max
 * characters a person sees (0: no limit). */
void fuzz_check_text(const char *text, gsize max_chars, const char *what);
/* A player's name the loader accepted: text of at most LP_PLAYER_NAME_MAX characters a
 * person sees, and clean (lp_player_name_clean gives it back unchanged). */
void fuzz_check_name(const char *name, const char *what);

typedef struct _LpGame LpGame;

/* Loaded means playable (issue 11): restore a save of kind, save it again and reload that
 * (it must load and give the same bytes), then let the computer seats play on, saving and
 * reloading as the app's autosave would. */
void fuzz_save_one_input(const char *kind, const uint8_t *data, size_t size);
/* The second half of that for a game already loaded or created: save, reload, play on. */
void fuzz_play_on(const char *kind, LpGame *game);

G_END_DECLS
