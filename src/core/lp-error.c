/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Error quarks of the game and save domains. */
#include "lp-error.h"

G_DEFINE_QUARK(lp-game-error-quark, lp_game_error)
G_DEFINE_QUARK(lp-save-error-quark, lp_save_error)
