/* terminal: wuzi-play in a terminal — the board drawn as text after every move, commands read
 * a line at a time (on their own thread: line_input.h, so that an analysis thinks and a game
 * clock runs while nobody types).
 *
 * The board has book coordinates (columns a, b, …; rows numbered from the bottom), the last
 * move in brackets, move numbers on request; under it each side's player and clock (the time
 * left, with a game clock) and the brain's latest thinking line, then whose move it is. In
 * the swap opening the prompt says who places stones or chooses a colour (black, white, or
 * two more stones). `analyse` turns the analysis on: its brain thinks on the position shown
 * until a line is typed, its best moves marked 1, 2, 3… on the board and listed with their
 * scores; back, forward, first, last and go N step through the game; graph draws the score of
 * every position analysed. A refused command prints one line that says why; the game goes on. */
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
    TablePlayer analyst;     /* the brain `analyse` asks (none: no analysis) */
    int64_t last_report_ms;  /* when an analysis line was last printed */
    char last_report[512];   /* and what it said */
} TerminalSession;

/* Draw the board and the lines under it. */
void terminal_draw(const Table *table, bool numbers, FILE *out);
/* Play until quit or end of input; returns the exit status. */
int terminal_run(TerminalSession *session);

#endif
