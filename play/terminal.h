/* terminal: wuzi-play in a terminal — the board drawn as text after every move, commands read
 * a line at a time.
 *
 * The board has book coordinates (columns a, b, …; rows numbered from the bottom), the last
 * move in brackets, move numbers on request; under it each side's player and clock and the
 * brain's latest thinking line, then whose move it is. A refused command prints one line that
 * says why; the game goes on. */
#ifndef WUZI_PLAY_TERMINAL_H
#define WUZI_PLAY_TERMINAL_H

#include <stdatomic.h>
#include <stdio.h>

#include "brains.h"
#include "start_position.h"
#include "table.h"

typedef struct TerminalSession {
    Table *table;
    StartPosition *start;
    FILE *in, *out;
    bool numbers;            /* move numbers instead of X and O */
    const atomic_bool *quit; /* set by Ctrl-C */
} TerminalSession;

/* Draw the board and the lines under it. */
void terminal_draw(const Table *table, bool numbers, FILE *out);
/* Play until quit or end of input; returns the exit status. */
int terminal_run(TerminalSession *session);

#endif
