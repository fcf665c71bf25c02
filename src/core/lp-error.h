/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Error domains shared by the games: illegal moves and unreadable saves. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define LP_GAME_ERROR (lp_game_error_quark())
GQuark lp_game_error_quark(void);

typedef enum {
    LP_GAME_ERROR_WRONG_PHASE,   /* the move does not fit what the game waits for */
    LP_GAME_ERROR_NOT_YOUR_TURN, /* another seat must act */
    LP_GAME_ERROR_ILLEGAL_MOVE,  /* against the rules */
    LP_GAME_ERROR_DATA,          /* a deck or data file is missing or broken */
} LpGameError;

#define LP_SAVE_ERROR (lp_save_error_quark())
GQuark lp_save_error_quark(void);

typedef enum {
    LP_SAVE_ERROR_IO,            /* cannot read or write the file */
    LP_SAVE_ERROR_EMPTY,         /* zero bytes */
    LP_SAVE_ERROR_NOT_JSON,      /* not JSON, or cut off */
    LP_SAVE_ERROR_NOT_OBJECT,    /* JSON, but not an object at the top */
    LP_SAVE_ERROR_FORMAT,        /* missing or unknown format version */
    LP_SAVE_ERROR_WRONG_GAME,    /* a save of another game */
    LP_SAVE_ERROR_MISSING_FIELD, /* a member is missing */
    LP_SAVE_ERROR_BAD_VALUE,     /* a member has the wrong type or range */
    LP_SAVE_ERROR_PLAYERS,       /* player list broken or outside the game's range */
    LP_SAVE_ERROR_RNG,           /* random generator state broken */
    LP_SAVE_ERROR_UNKNOWN_CARD,  /* a card id that does not exist */
    LP_SAVE_ERROR_RULES,         /* values that break the rules (card twice, counts off) */
    LP_SAVE_ERROR_BUSY,          /* another window or program plays this save */
} LpSaveError;

G_END_DECLS
