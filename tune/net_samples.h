/* net_samples: labelled positions (label.h) as the network sees them — per position its empty
 * cells' line patterns from both colours' views (net.h), with the targets: the game's points
 * and the search's score, and the tables' static score for comparison. Cells whose every pattern
 * is the empty line add nothing to the network and are left out. */
#ifndef WUZI_TUNE_NET_SAMPLES_H
#define WUZI_TUNE_NET_SAMPLES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "label.h"
#include "net.h"

typedef struct NetCell {
    uint16_t pattern[2][4];     /* [view colour - 1][direction] */
    bool foul;                  /* renju: forbidden to black (black's view pools the foul vector) */
} NetCell;

typedef struct NetSample {
    float points;       /* the side to move's: 1, 0.5, 0 */
    int32_t score;      /* the search's, from its view */
    int32_t tables;     /* the tables' eval_position */
    uint8_t family, to_move;    /* to_move: 0 black, 1 white */
    uint32_t game;
    int64_t first;      /* its cells: [first, first + count) */
    int32_t count;
    float lambda;       /* its list's share of the result in the target; below 0: the run's */
} NetSample;

typedef struct NetSamples {
    NetSample *samples;
    NetCell *cells;
    int64_t count, capacity, cell_count, cell_capacity;
} NetSamples;

/* Adds the positions of a labelled file (label.h); false on a line that does not parse or when
 * memory runs out, with the reason in `error`. Positions of boards the engine cannot hold, or
 * with k other than 5, are skipped. */
bool net_samples_read(FILE *in, NetSamples *samples, char *error, size_t error_size);
/* Adds one position: the board after the moves. */
bool net_samples_add(NetSamples *samples, const Board *board, double points, int score, uint32_t game);
void net_samples_free(NetSamples *samples);

#endif
