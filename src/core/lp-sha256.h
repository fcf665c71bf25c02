/* SPDX-License-Identifier: GPL-3.0-or-later */
/* SHA-256 (FIPS 180-4) on the stack, for the computer players' decision seeds (lp-game.c):
 * the same digests as GLib's GChecksum, without an allocation, and a state that can be copied
 * by value after a common prefix (issue 35: a computer's decision hashed its seat's key again
 * each time, and GChecksum made a hex string of every digest nobody read). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
    guint32 h[8];
    guint8 block[64];
    guint64 length; /* bytes hashed so far */
} LpSha256;

void lp_sha256_init(LpSha256 *self);
void lp_sha256_update(LpSha256 *self, const void *data, gsize length);
/* The digest; self is spent afterwards. */
void lp_sha256_finish(LpSha256 *self, guint8 digest[32]);
/* Whether the processor's SHA instructions are used (by default where there are); use FALSE
 * makes the portable code do every block, for the tests. Returns what is used now. */
gboolean lp_sha256_use_hardware(gboolean use);

G_END_DECLS
