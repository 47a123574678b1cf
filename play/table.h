/* table: one game of wuzi-play — the rules and board, who plays each colour, the moves, the
 * clocks, the result and why, and what the brains last said. No I/O and no locks: the
 * terminal calls it directly, the web server under its game's mutex.
 *
 * Moves are judged with engine/rules. A person's bad move (off the board, taken, a renju
 * foul for black) is refused with a one-line reason and changes nothing; a brain's bad move
 * loses, as in the tournament runner: a foul, an occupied or off-board cell, no move in time,
 * a crash, an answer that is not a move.
 *
 * Brains are not driven from here. table_snapshot says what a brain should do next (move,
 * or find a hint for the person), seating.h does it, and table_apply puts the answer on the
 * table unless the game changed meanwhile. `generation` counts such changes; each also sets
 * `cancel`, which the brains' reads watch, so a think that no longer matters stops at once.
 * `version` counts every change, thinking lines included, for pages that wait for news. */
#ifndef WUZI_PLAY_TABLE_H
#define WUZI_PLAY_TABLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "record_file.h"
#include "records.h"
#include "seat.h"
#include "thinking.h"

#define TABLE_TEXT_MAX 256

typedef struct TableRules {
    int width, height, rule;
    int64_t turn_ms; /* a brain's time a move */
} TableRules;

typedef struct TablePlayer {
    bool brain;                       /* false: a person */
    char name[64];
    char command[SEAT_COMMAND_MAX];   /* a brain's command line */
} TablePlayer;

typedef enum TableEnd {
    TABLE_PLAYING,
    TABLE_FIVE,
    TABLE_FOUL,    /* renju: black's forbidden move */
    TABLE_FULL,    /* a draw */
    TABLE_TIME,    /* a brain did not move in time */
    TABLE_CRASH,   /* a brain could not be started or ended its output */
    TABLE_ILLEGAL, /* a brain's answer was no legal move */
} TableEnd;

typedef struct Table {
    TableRules rules;
    TablePlayer players[3];           /* by BLACK and WHITE */
    Board *board;
    int count;
    int x[MAX_MOVES], y[MAX_MOVES];
    int64_t ms[MAX_MOVES];            /* the time each move took */
    int opening_count;                /* the first stones came from an opening: no undo past them */
    GameResult result;
    TableEnd end;
    char reason[TABLE_TEXT_MAX];      /* who won and why, for people */
    int64_t used_ms[3];               /* each side's clock, the running turn not included */
    int64_t turn_start_ms;            /* monotonic ms when the side to move began */
    Thinking thinking;                /* the latest MESSAGE line of a brain at this table */
    bool hint_wanted, has_hint;
    int hint_x, hint_y;
    char note[TABLE_TEXT_MAX];        /* the last thing to tell the person (a brain restarted…) */
    uint64_t version, generation;
    atomic_bool cancel;
} Table;

/* What a brain should do next, copied so that it can be done without the table's lock. */
typedef enum TableWant { WANT_NOTHING, WANT_MOVE, WANT_HINT } TableWant;
typedef struct TableSnapshot {
    uint64_t generation;
    TableRules rules;
    TablePlayer players[3];
    int count;
    int x[MAX_MOVES], y[MAX_MOVES];
    TableWant want;
    int color;          /* the side to move: the brain that moves, or the person to hint */
    int brain_color;    /* whose brain answers (for a hint: the person's opponent) */
} TableSnapshot;

/* Who is speaking when a brain's MESSAGE line comes: for which question (its generation and
 * want), the brain's colour and the side to move in the position it thinks about. */
typedef struct TableVoice {
    uint64_t generation;
    TableWant want;
    int brain_color, side;
} TableVoice;

/* A brain's answer to a snapshot's want. */
typedef struct TableAnswer {
    SeatOutcome outcome;
    int x, y;
    char reason[TABLE_TEXT_MAX];
    char note[TABLE_TEXT_MAX];
} TableAnswer;

/* False if the board size or rule cannot be played. */
bool table_rules_valid(const TableRules *rules, char *why, size_t why_size);
/* An empty board under `rules` (which must be valid). */
bool table_init(Table *table, const TableRules *rules);
void table_destroy(Table *table);

void table_set_player(Table *table, int color, const TablePlayer *player);
/* A new game: the rules, then the opening's stones (count may be 0). False with a reason if
 * the opening cannot be played under the rules (the old game is then kept). */
bool table_new_game(Table *table, const TableRules *rules, int count, const int *x, const int *y,
                    char *why, size_t why_size);
/* A game read from a file: its size (and rule, when the file names one) and every move. */
bool table_load(Table *table, const LoadedGame *game, int default_rule, int64_t turn_ms, char *why,
                size_t why_size);

static inline int table_to_move(const Table *table) { return table->count % 2 == 0 ? BLACK : WHITE; }
static inline bool table_over(const Table *table) { return table->result != RESULT_NONE; }
/* The person's move; false with the reason when refused. */
bool table_play(Table *table, int x, int y, char *why, size_t why_size);
/* Back to the person's last move (one move when brains play both sides). */
bool table_undo(Table *table, char *why, size_t why_size);
/* Swap who plays black and white. */
void table_swap(Table *table);
/* Ask the person's opponent brain for the person's best move (shown, not played). */
bool table_want_hint(Table *table, char *why, size_t why_size);
/* A brain's time a move, from the next question on. */
void table_set_turn_ms(Table *table, int64_t turn_ms);

void table_snapshot(Table *table, TableSnapshot *snapshot);
/* Put a brain's answer on the table; false when the game changed since the snapshot. */
bool table_apply(Table *table, const TableSnapshot *snapshot, const TableAnswer *answer);
/* A brain's MESSAGE line; dropped when the question it belongs to is no longer asked. */
void table_thinking(Table *table, const TableVoice *voice, const char *text);

/* Each side's clock now, the running turn included. */
int64_t table_clock_ms(const Table *table, int color);
/* Black's forbidden empty cells under renju (none under other rules), as cells; returns how
 * many were written (at most `max`). */
int table_forbidden(Table *table, int *cells, int max);
/* The stones that made five, when the game ended with one; returns how many (0 or 5+). */
int table_winning_line(const Table *table, int *cells, int max);
/* The game as the tournament runner's record, for saving. */
void table_record(const Table *table, GameRecord *record);
const char *table_end_name(TableEnd end);
const char *color_name(int color);

#endif
