/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lp-sha256.c gives GLib's SHA-256 digests (the computer players' decision seeds depend on
 * it, issue 35): FIPS 180-4's examples, every length around the block edges, and random
 * inputs fed in random pieces, also from a state copied after a common prefix; with the
 * portable code and with the processor's SHA instructions. */
#include <string.h>

#include "lp-sha256.h"

static void glib_digest(const guint8 *data, gsize len, guint8 out[32])
{
    g_autoptr(GChecksum) sum = g_checksum_new(G_CHECKSUM_SHA256);
    g_checksum_update(sum, data, (gssize)len);
    gsize n = 32;
    g_checksum_get_digest(sum, out, &n);
    g_assert_cmpuint(n, ==, 32);
}

static char *hex(const guint8 d[32])
{
    GString *s = g_string_new(NULL);
    for (int i = 0; i < 32; i++)
        g_string_append_printf(s, "%02x", d[i]);
    return g_string_free(s, FALSE);
}

static void test_examples(gconstpointer hardware)
{
    if (GPOINTER_TO_INT(hardware) && !lp_sha256_use_hardware(TRUE)) {
        g_test_skip("no SHA instructions on this processor");
        return;
    }
    lp_sha256_use_hardware(GPOINTER_TO_INT(hardware));
    static const struct {
        const char *text, *digest;
    } cases[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    };
    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        LpSha256 sum;
        guint8 d[32];
        lp_sha256_init(&sum);
        lp_sha256_update(&sum, cases[i].text, strlen(cases[i].text));
        lp_sha256_finish(&sum, d);
        g_autofree char *got = hex(d);
        g_assert_cmpstr(got, ==, cases[i].digest);
    }
}

static void test_like_glib(gconstpointer hardware)
{
    if (GPOINTER_TO_INT(hardware) && !lp_sha256_use_hardware(TRUE)) {
        g_test_skip("no SHA instructions on this processor");
        return;
    }
    lp_sha256_use_hardware(GPOINTER_TO_INT(hardware));
    g_autoptr(GRand) rand = g_rand_new_with_seed(35);
    guint8 data[400];
    for (guint round = 0; round < 3000; round++) {
        gsize len = round < 300 ? round : (gsize)g_rand_int_range(rand, 0, sizeof data);
        for (gsize i = 0; i < len; i++)
            data[i] = (guint8)g_rand_int_range(rand, 0, 256);
        guint8 want[32], got[32], again[32];
        glib_digest(data, len, want);
        /* In random pieces. */
        LpSha256 sum;
        lp_sha256_init(&sum);
        gsize at = 0;
        while (at < len) {
            gsize piece = (gsize)g_rand_int_range(rand, 1, 130);
            piece = MIN(piece, len - at);
            lp_sha256_update(&sum, data + at, piece);
            at += piece;
        }
        lp_sha256_finish(&sum, got);
        if (memcmp(got, want, 32) != 0)
            g_error("round %u, %zu bytes: not GLib's digest", round, len);
        /* From a copy of the state after a prefix, as the decision seeds do. */
        gsize cut = len > 0 ? (gsize)g_rand_int_range(rand, 0, (gint32)len + 1) : 0;
        LpSha256 prefix;
        lp_sha256_init(&prefix);
        lp_sha256_update(&prefix, data, cut);
        LpSha256 copy = prefix;
        lp_sha256_update(&copy, data + cut, len - cut);
        lp_sha256_finish(&copy, again);
        g_assert_cmpmem(again, 32, want, 32);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    /* The portable code, and the processor's SHA instructions where it has them. */
    g_test_add_data_func("/core/sha256/examples", GINT_TO_POINTER(0), test_examples);
    g_test_add_data_func("/core/sha256/like-glib", GINT_TO_POINTER(0), test_like_glib);
    g_test_add_data_func("/core/sha256/examples-hardware", GINT_TO_POINTER(1), test_examples);
    g_test_add_data_func("/core/sha256/like-glib-hardware", GINT_TO_POINTER(1), test_like_glib);
    return g_test_run();
}
