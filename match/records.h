/* records: a finished game, and the files it is written to.
 *
 * - psq (Piskvork): one file per game, `DIR/game_NNNNN.psq`: header `Piskvorky WxH, 11:11, 0`,
 *   one `x,y,ms` line per stone with 1-based x,y (opening stones have 0 ms), then the black and
 *   white players' names and the end code (0 normal end, 15 time forfeit, -2 error, -1 other).
 * - SGF (FF[4], GM[4]): appended to one file, one game tree per game; a game still being played
 *   (a saved position) has no RE, whose "0" would say it was drawn.
 * - PGN-like: appended to one file; Black and White tags name the players of those stones
 *   (black moves first), moves in pos notation (column letter, 1-based row counted from the top,
 *   which the Coordinates tag says), and Result as PGN has it, White's score first (0-1: black
 *   won), so rating tools credit the right player; BlackLongestMs, WhiteLongestMs,
 *   BlackClockLeftMs and WhiteClockLeftMs ("-": no game clock) tell each side's longest move and
 *   what its clock had left at the end.
 * Each function opens, appends and closes its file, so a finished game is on disk at once.
 * pgn_reader reads the PGN back. */
#ifndef WUZI_RECORDS_H
#define WUZI_RECORDS_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "rule_names.h"

typedef enum GameResult {
    RESULT_NONE,
    RESULT_BLACK_WINS,
    RESULT_WHITE_WINS,
    RESULT_DRAW
} GameResult;

/* How the game ended, for the psq end code. */
typedef enum GameEnd {
    END_NORMAL, /* five, foul, full board, adjudication */
    END_TIME,   /* time forfeit */
    END_ERROR,  /* crash, illegal or malformed move, ERROR/UNKNOWN reply */
} GameEnd;

/* One side's time over a game: the longest it took over a move (answered in time or not) and
 * what its game clock had left at the end (-1: no game clock). */
typedef struct SideTime {
    int64_t longest_ms;
    int64_t clock_left_ms;
} SideTime;

typedef struct GameRecord {
    int number;                /* 1-based game number in the tournament */
    char black[64], white[64]; /* player names */
    int width, height, rule;
    int opening_count; /* the first stones came from the opening */
    int move_count;
    int x[MAX_MOVES], y[MAX_MOVES];
    int64_t ms[MAX_MOVES]; /* thinking time of each move */
    SideTime black_time, white_time;
    GameResult result;
    GameEnd end;
    char reason[256];
    char application[32]; /* the program that wrote it (SGF's AP); empty: wuzi-tournament */
} GameRecord;

/* For the result lines, first player first: "1-0" black won, "0-1", "1/2-1/2" or "*". */
const char *result_text(GameResult result);
/* Points for black: 1, 0 or 0.5. */
double result_black_points(GameResult result);

/* The PGN's Coordinates tag: which way its rows count. */
#define PGN_COORDINATES "pos, rows from the top: a1 is protocol 0,0"

bool records_write_psq(const char *directory, const GameRecord *record);
bool records_append_sgf(const char *path, const GameRecord *record);
/* One game as a whole file at `path` (replaced if it exists): for saving a single game. */
bool records_save_psq(const char *path, const GameRecord *record);
bool records_save_sgf(const char *path, const GameRecord *record);
bool records_append_pgn(const char *path, const GameRecord *record);

#endif
