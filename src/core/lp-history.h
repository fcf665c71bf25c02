/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The history of finished games (issue 15): one JSON line per game in history.jsonl, appended
 * atomically, read leniently (a damaged line is skipped and kept), rewritten only as a whole
 * for rename, merge and delete; and the statistics built from it. */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "lp-game.h"
#include "lp-player.h"

G_BEGIN_DECLS

/* The record's "v". A line of another version is skipped like a damaged one, and kept. */
#define LP_HISTORY_VERSION 1
#define LP_HISTORY_FILE_NAME "history.jsonl"
/* Nothing Landpartie writes comes near these: a record is well under 2 KB. */
#define LP_HISTORY_MAX_LINE (16 * 1024)
#define LP_HISTORY_MAX_SIZE (64 * 1024 * 1024)
#define LP_HISTORY_MAX_SEATS 8

/* One line of history.jsonl, with its members in this order:
 *   {"v":1, "id":"<uuid>", "game":"minden", "date":"2026-12-01T07:12:00Z" (UTC),
 *    "duration":<seconds played>, "option":false,
 *    "players":[{"name":"Anna", "colour":"#e01b24", "kind":"human" | "computer",
 *                "level":"hard" (computers only), "score":41, "rank":1, "winner":true,
 *                "figures":{…}}, …]}
 * "name" is the name as typed, or null once the player was deleted from the history. "score"
 * is the game's own number (Buxtehude chips and bonus cards, Minden the field, Auf Achse
 * kilometres); "rank" 1 is the best, equal scores share a rank. "figures" per game:
 *   buxtehude  {"placed","right","called","won","hits"}
 *   minden     {"tips":[by 1–4 stones], "right":[by 1–4 stones],
 *               "kept":{"yellow","red","blue","purple"}}
 *   aufachse   {"stages":[km per stage], "longest":<cards of the longest scoring route>} */

typedef enum {
    LP_HISTORY_BUXTEHUDE,
    LP_HISTORY_MINDEN,
    LP_HISTORY_AUFACHSE,
    LP_HISTORY_N_KINDS,
} LpHistoryKind;

/* The kind's game name ("buxtehude" …), and back; -1 for an unknown name. */
const char *lp_history_kind_to_string(LpHistoryKind kind);
int lp_history_kind_from_string(const char *kind);

/* The figures of a seat as numbers, one slot each; a kind fills only its own slots. */
typedef enum {
    LP_FIG_BUX_PLACED,
    LP_FIG_BUX_RIGHT,
    LP_FIG_BUX_CALLED,
    LP_FIG_BUX_WON,
    LP_FIG_BUX_HITS,
    LP_FIG_MINDEN_TIPS_1, /* … _4: tips with 1 to 4 stones */
    LP_FIG_MINDEN_TIPS_4 = LP_FIG_MINDEN_TIPS_1 + 3,
    LP_FIG_MINDEN_RIGHT_1, /* … _4: right tips with 1 to 4 stones */
    LP_FIG_MINDEN_RIGHT_4 = LP_FIG_MINDEN_RIGHT_1 + 3,
    LP_FIG_MINDEN_KEPT_YELLOW,
    LP_FIG_MINDEN_KEPT_RED,
    LP_FIG_MINDEN_KEPT_BLUE,
    LP_FIG_MINDEN_KEPT_PURPLE,
    LP_FIG_AA_STAGE_1, /* … _5: kilometres of stage 1 to 5 */
    LP_FIG_AA_STAGE_5 = LP_FIG_AA_STAGE_1 + 4,
    LP_FIG_AA_LONGEST,
    LP_HISTORY_N_FIGURES,
} LpHistoryFigure;

typedef struct {
    char *name;   /* as typed; NULL for a deleted player */
    const char *key; /* lp_history_name_key(name), owned by the history; NULL: deleted */
    char colour[8];
    gboolean human;
    LpLevel level; /* computers */
    int score;
    guint rank;
    gboolean winner;
    gint32 figures[LP_HISTORY_N_FIGURES];
} LpHistorySeat;

typedef struct {
    char *id;
    LpHistoryKind kind;
    gint64 date; /* Unix time, seconds */
    guint duration;
    gboolean option;
    guint n_seats;
    LpHistorySeat *seats;
    guint line; /* in the file, from 1 */
} LpHistoryRecord;

/* How names are matched: NFKC, case-folded, without any white space; "  anna  LENA" and
 * "Anna Lena" are one player. */
char *lp_history_name_key(const char *name);

/* The record of a finished game, ended at ended (NULL: now), ready for
 * lp_history_append(); NULL if the game is not over. */
JsonNode *lp_history_record_new(LpGame *game, GDateTime *ended);

/* Appends one record as one line: the file (and its folder) is created if needed, locked,
 * the line written with one write() on O_APPEND and fsync'ed. A last line that a crash cut
 * short is ended first, so the new record starts on a line of its own. */
gboolean lp_history_append_to_file(const char *path, JsonNode *record, GError **error);

/* For many records at once (landpartie-sim): the file stays open and locked, every record
 * is one write(), and close fsyncs. */
typedef struct _LpHistoryWriter LpHistoryWriter;
LpHistoryWriter *lp_history_writer_open(const char *path, GError **error);
gboolean lp_history_writer_add(LpHistoryWriter *writer, JsonNode *record, GError **error);
/* Always frees writer; FALSE with error when the data may not be on the disk. */
gboolean lp_history_writer_close(LpHistoryWriter *writer, GError **error);

#define LP_TYPE_HISTORY (lp_history_get_type())
G_DECLARE_FINAL_TYPE(LpHistory, lp_history, LP, HISTORY, GObject)

/* The history in path, or in $XDG_DATA_HOME/landpartie/history.jsonl for NULL. Empty until
 * loaded. */
LpHistory *lp_history_new(const char *path);
const char *lp_history_get_path(LpHistory *self);
/* Reads the file again. A missing file is an empty history. Each damaged line is skipped
 * with a g_warning (the first few; then one for the rest) and stays in the file. FALSE with
 * an error only when the file cannot be read at all (not a file, too large, I/O). */
gboolean lp_history_load(LpHistory *self, GError **error);
guint lp_history_get_n_records(LpHistory *self);
/* In the order of the file, which is the order the games ended. */
const LpHistoryRecord *lp_history_get_record(LpHistory *self, guint index);
guint lp_history_get_n_damaged(LpHistory *self);
/* The name as last typed for key, or NULL. */
const char *lp_history_get_display_name(LpHistory *self, const char *key);

/* Appends record to the file, then reloads. */
gboolean lp_history_append(LpHistory *self, JsonNode *record, GError **error);

/* These rewrite the whole file (locked; a temporary file renamed over it), keeping every
 * line they do not change byte for byte, damaged ones included, then reload.
 * Rename: every seat named like name (lp_history_name_key) gets new_name. When new_name is
 * another player's name, the two become one (a merge); that is refused for players who sat
 * at the same game. */
gboolean lp_history_rename_player(LpHistory *self, const char *name, const char *new_name,
                                  GError **error);
/* Whether renaming name to new_name merges two players (the page asks first). */
gboolean lp_history_is_merge(LpHistory *self, const char *name, const char *new_name);
/* Games in which both names (matched by key) sat; 0 for one name twice. */
guint lp_history_games_together(LpHistory *self, const char *a, const char *b);
/* The player's name is removed from every game (it becomes null); the games stay for the
 * others. Returns FALSE with an error when nothing was changed for another reason than
 * there being nothing to change. */
gboolean lp_history_delete_player(LpHistory *self, const char *name, GError **error);
gboolean lp_history_delete_game(LpHistory *self, const char *id, GError **error);

/* ---- statistics ---- */

typedef struct {
    char *key;       /* human: the name key; computer: "computer:<level>" */
    const char *name; /* human: the name as last typed; computer: NULL */
    gboolean human;
    LpLevel level;
    guint games;
    guint wins;
    int best;         /* best score (within one kind) */
    guint streak;     /* wins in a row up to the last game */
    guint best_streak;
    gint64 figures[LP_HISTORY_N_FIGURES]; /* sums */
} LpHistoryStats;

void lp_history_stats_free(LpHistoryStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(LpHistoryStats, lp_history_stats_free)

/* Per player for the games of kind (or every game for -1): humans by name key, computers
 * by level, sorted by wins, then games, then name. A GPtrArray of LpHistoryStats. */
GPtrArray *lp_history_get_stats(LpHistory *self, int kind);

typedef struct {
    guint games;   /* games both played */
    guint a_ahead; /* a ranked better than b */
    guint b_ahead;
    guint level;   /* the same rank */
} LpHistoryHeadToHead;

/* a and b are names (matched by key); kind or -1. */
LpHistoryHeadToHead lp_history_head_to_head(LpHistory *self, int kind, const char *a,
                                            const char *b);

/* Win percentage of wins in games, rounded, 0 for no games. */
guint lp_history_win_rate(guint wins, guint games);

G_END_DECLS
