/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz entry point for one game's save file (FUZZ_GAME_KIND, set by meson.build): the bytes
 * are what the start page and Continue read from $XDG_DATA_HOME/landpartie/<kind>.json. */
#include "fuzz-common.h"

#ifndef FUZZ_GAME_KIND
#error "FUZZ_GAME_KIND must name the game (buxtehude, minden, aufachse)"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_save_one_input(FUZZ_GAME_KIND, data, size);
    return 0;
}
