/* table: one game of wuzi-play — the rules and board, who plays each colour, the moves, the
 * clocks, the result and why, what the brains last said, the swap opening's stage and the
 * analysis. No I/O and no locks: the terminal calls it directly, the web server under its
 * game's mutex.
 *
 * Moves are judged with engine/rules. A person's bad move (off the board, taken, a renju
 * foul for black) is refused with a one-line reason and changes nothing; a brain's bad move
 * loses, as in the tournament runner: a foul, an occupied or off-board cell, no move in time,
 * a crash, an answer that is not a move.
 *
 * Clocks: each side's time used; with a game clock (rules.game_ms) the side whose clock runs
 * out loses on time, a person as soon as it does (table_check_time), a brain when its move
 * comes after it. A brain also has its time a move (rules.turn_ms).
 *
 * Opening rules for people: under swap (swap1) the first player places three stones (black,
 * white, black) and the second picks a colour, the one who has white playing on; under swap2
 * the second player may instead place two more stones (white, black) and the first then picks.
 * The players are seated as black (the first player) and white; a choice of colours swaps them.
 * A brain takes part through the protocol's SWAP2BOARD.
 *
 * Analysis: a brain (not one of the players) thinks on the position shown — the first `view`
 * moves of the game, which the person steps through — in rounds of growing length until it is
 * stopped, and its best moves and their scores are kept, with the evaluation of each position
 * seen, for the score graph. While it is on,
 * the players' brains wait and the clocks stop; a move played at an earlier position replaces
 * the rest of the game.
 *
 * Brains are not driven from here. table_snapshot says what a brain should do next (move,
 * find a hint for the person, decide the swap opening, analyse), seating.h does it, and
 * table_apply puts the answer on the table unless the game changed meanwhile. `generation`
 * counts such changes; each also sets `cancel`, which the brains' reads watch, so a think that
 * no longer matters stops at once. `version` counts every change, thinking lines included, for
 * pages that wait for news. */
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
#define TABLE_BEST_MAX 5 /* the most best moves an analysis shows */
/* An analysis thinks in rounds, each twice as long as the one before (a brain that says its
 * best moves only at the end of a think still shows them as it goes), up to the last. */
#define TABLE_ANALYSIS_FIRST_MS 1000
#define TABLE_ANALYSIS_LAST_MS 256000

typedef enum TableOpeningRule {
    OPENING_RULE_NONE,
    OPENING_RULE_SWAP,  /* swap1: three stones, then a colour */
    OPENING_RULE_SWAP2, /* three stones, then a colour or two more stones and the other's choice */
} TableOpeningRule;

typedef struct TableRules {
    int width, height, rule;
    int64_t turn_ms;                 /* a brain's time a move */
    int64_t game_ms;                 /* each side's time for the whole game; 0: no game clock */
    TableOpeningRule opening_rule;
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
    TABLE_TIME,    /* a brain did not move in time, or a side's game clock ran out */
    TABLE_CRASH,   /* a brain could not be started or ended its output */
    TABLE_ILLEGAL, /* a brain's answer was no legal move */
} TableEnd;

typedef enum TableStage {
    STAGE_PLAY,    /* moves by colour */
    STAGE_PLACE3,  /* the first player (black's seat) places stones 1-3 */
    STAGE_CHOOSE3, /* the second player (white's seat) picks a colour, or (swap2) two more */
    STAGE_PLACE2,  /* swap2: the second player places stones 4 and 5 */
    STAGE_CHOOSE5, /* swap2: the first player picks a colour */
} TableStage;

typedef enum TableChoice { CHOICE_BLACK, CHOICE_WHITE, CHOICE_TWO_MORE } TableChoice;

/* What an analysis said of a position, and what the graph shows: black's view. */
typedef struct TableEval {
    bool known;
    int score;   /* when mate == 0 */
    int mate;    /* > 0 black wins in `mate` moves, < 0 white does */
    int depth;
} TableEval;

typedef struct TableAnalysis {
    bool on;
    int view;                         /* the position shown: the game's first `view` moves */
    int lines;                        /* how many best moves to ask for (YXNBEST n) */
    TablePlayer brain;                /* who analyses */
    int line_count;
    Thinking line[TABLE_BEST_MAX];    /* best first; scores the side to move's */
    char message[THINKING_TEXT_MAX];  /* its last MESSAGE line as it said it */
    int64_t round_ms;                 /* the think time of the round asked for next */
    bool scored;                      /* this round's lines came with scores */
    bool finished;                    /* its last round answered: nothing more comes */
} TableAnalysis;

typedef struct Table {
    TableRules rules;
    TablePlayer players[3];           /* by BLACK and WHITE */
    Board *board;                     /* the position shown: analysis.view moves */
    int count;
    int x[MAX_MOVES], y[MAX_MOVES];
    int64_t ms[MAX_MOVES];            /* the time each move took */
    int opening_count;                /* the first stones came from an opening: no undo past them */
    TableStage stage;
    GameResult result;
    TableEnd end;
    char reason[TABLE_TEXT_MAX];      /* who won and why, for people */
    int64_t used_ms[3];               /* each side's clock, the running turn not included */
    int64_t turn_start_ms;            /* monotonic ms when the side to act began */
    bool clocks_stopped;              /* while analysing */
    Thinking thinking;                /* the latest MESSAGE line of a player's brain */
    uint64_t thinking_generation;     /* the question it answered */
    bool hint_wanted, has_hint;
    int hint_x, hint_y;
    TableAnalysis analysis;
    TableEval evals[MAX_MOVES + 1];   /* by the number of moves before the position */
    char note[TABLE_TEXT_MAX];        /* the last thing to tell the person (a brain restarted…) */
    uint64_t version, generation;
    atomic_bool cancel;
} Table;

/* What a brain should do next, copied so that it can be done without the table's lock. */
typedef enum TableWant {
    WANT_NOTHING,
    WANT_MOVE,     /* the side to move's brain */
    WANT_HINT,     /* the person's opponent finds the person's move */
    WANT_SWAP,     /* a brain's part of the swap opening: three stones, or a choice (SWAP2BOARD) */
    WANT_ANALYSIS, /* the analysing brain thinks on the position shown until told to stop */
} TableWant;

typedef struct TableSnapshot {
    uint64_t generation;
    TableRules rules;
    TablePlayer players[3];
    TablePlayer analyst;
    int count;          /* the moves of the position asked about (for an analysis: the view) */
    int x[MAX_MOVES], y[MAX_MOVES];
    TableWant want;
    int color;          /* the side to move: the brain that moves, or the person to hint */
    int brain_color;    /* whose brain answers (for a hint: the person's opponent; the seat that
                           acts in the swap opening; 0 for the analyst) */
    int lines;          /* an analysis's best moves */
    int64_t analysis_ms; /* and the time of its round */
    int64_t time_left_ms; /* the answering player's game clock; -1 without one */
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
    bool swap;          /* WANT_SWAP: it chose black (SWAP) */
    int count;          /* WANT_SWAP: the stones it placed instead (x, y above hold the first) */
    int sx[3], sy[3];
    int64_t elapsed_ms; /* how long it took, for its game clock */
    char reason[TABLE_TEXT_MAX];
    char note[TABLE_TEXT_MAX];
} TableAnswer;

/* False if the board size, rule or times cannot be played. */
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
/* The seat whose turn it is to act: the side to move, or in the swap opening the player who
 * places stones or chooses. */
int table_actor(const Table *table);
/* Is a choice of colours (table_choose) awaited, from the seat table_actor names? */
bool table_choosing(const Table *table);
/* The person's move; false with the reason when refused. In the swap opening the person who
 * places the stones places both colours'. */
bool table_play(Table *table, int x, int y, char *why, size_t why_size);
/* The person's choice in the swap opening. */
bool table_choose(Table *table, TableChoice choice, char *why, size_t why_size);
/* Back to the person's last move (one move when brains play both sides). */
bool table_undo(Table *table, char *why, size_t why_size);
/* Swap who plays black and white. */
bool table_swap(Table *table, char *why, size_t why_size);
/* Ask the person's opponent brain for the person's best move (shown, not played). */
bool table_want_hint(Table *table, char *why, size_t why_size);
/* A brain's time a move, from the next question on. */
void table_set_turn_ms(Table *table, int64_t turn_ms);

/* Analysis on or off (off: back to the end of the game, and play resumes). */
bool table_analyse(Table *table, bool on, const TablePlayer *brain, int lines, char *why, size_t why_size);
/* Show (and analyse) the position after `view` moves, 0 to count. */
bool table_view(Table *table, int view, char *why, size_t why_size);

/* Each side's clock now (time used), the running turn included. */
int64_t table_clock_ms(const Table *table, int color);
/* A side's game clock: the time it has left (never below 0); -1 without a game clock. */
int64_t table_time_left(const Table *table, int color);
/* A person whose game clock ran out loses now; true if the game ended so. */
bool table_check_time(Table *table);
/* Milliseconds until the acting person's game clock runs out; -1 when no such clock runs. */
int64_t table_ms_until_flag(const Table *table);

void table_snapshot(Table *table, TableSnapshot *snapshot);
/* Put a brain's answer on the table; false when the game changed since the snapshot. */
bool table_apply(Table *table, const TableSnapshot *snapshot, const TableAnswer *answer);
/* A brain's MESSAGE line; dropped when the question it belongs to is no longer asked. */
void table_thinking(Table *table, const TableVoice *voice, const char *text);

/* Black's forbidden empty cells under renju (none under other rules), as cells; returns how
 * many were written (at most `max`). */
int table_forbidden(Table *table, int *cells, int max);
/* The stones that made five, when the game ended with one; returns how many (0 or 5+). */
int table_winning_line(const Table *table, int *cells, int max);
/* The game as the tournament runner's record, for saving. */
void table_record(const Table *table, GameRecord *record);
const char *table_end_name(TableEnd end);
const char *table_stage_name(TableStage stage);
const char *table_opening_rule_name(TableOpeningRule rule);
/* "none", "swap" (or "swap1"), "swap2"; false if none of them. */
bool table_opening_rule_parse(const char *text, TableOpeningRule *rule);
const char *color_name(int color);

#endif
