/* label: the network's training positions — the quiet positions of recorded games
 * (positions_wanted), each with the game's result and the score of a fixed-depth search of the
 * build's own (the tables' evaluation, or the build's network where its family has one), one
 * text line each:
 *
 *   GAME RULE WIDTH HEIGHT POINTS SCORE COUNT X Y X Y …
 *
 * GAME numbers the game in the list (the held-out split goes by it), POINTS are the side to
 * move's (1, 0.5, 0), SCORE is from its view in the search's units (a mate beyond ±MATE_BOUND),
 * then the moves from the empty board. Each search starts from an empty table, one thread
 * each: the same games give the same file whatever the threads. With `scores`, the scores are read
 * from a file (one a line, in the positions' order, `#` lines skipped: tune/labels/) instead of
 * searched, which gives the same lines as the search that wrote them. */
#ifndef WUZI_TUNE_LABEL_H
#define WUZI_TUNE_LABEL_H

#include <stdbool.h>
#include <stdio.h>

#include "pgn_reader.h"

typedef struct LabelOptions {
    int depth;      /* the search's depth */
    int threads;    /* positions searched at once */
    bool net;       /* the search evaluates with the network (geometry_get_eval) */
    FILE *log;      /* progress, or NULL */
    FILE *scores;   /* the scores to use instead of searching, or NULL */
} LabelOptions;

/* Writes the lines of every wanted position of `games` to `out`; false when memory runs out or
 * `scores` has not one score for each position. */
bool label_games(const GameList *games, const LabelOptions *options, FILE *out);

/* One line read back. */
typedef struct LabelledPosition {
    int game, rule, width, height;
    double points;
    int score;
    int count;
    uint8_t x[MAX_MOVES], y[MAX_MOVES];
} LabelledPosition;

/* The next line of `in` into `position`: false at the end or on a line that does not parse
 * (then *bad is set). */
bool label_read(FILE *in, LabelledPosition *position, bool *bad);

#endif
