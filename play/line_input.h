/* line_input: the terminal's typed lines, read on their own thread, so that the board can go on
 * (an analysis thinking, a game clock running out) while nobody types.
 *
 * The main loop waits for the next line with a timeout. A line that comes sets the `poke` flag
 * given (when not NULL): a brain analysing is told to stop so that the command is served at
 * once. The reading thread may be blocked in a read when the terminal is done with it: it then
 * frees what it shares with the terminal itself, once that read returns. */
#ifndef WUZI_PLAY_LINE_INPUT_H
#define WUZI_PLAY_LINE_INPUT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#define LINE_INPUT_MAX 1024

typedef struct LineInput LineInput;

typedef enum LineWait {
    LINE_READ,     /* `line` holds the next line, its newline removed */
    LINE_TOO_LONG, /* a line longer than LINE_INPUT_MAX was dropped */
    LINE_NONE,     /* none within the timeout */
    LINE_END,      /* the input ended */
} LineWait;

/* Start reading `in`; NULL if no thread could be started. */
LineInput *line_input_start(FILE *in);
/* Lines that come set *poke (NULL: nothing is poked). */
void line_input_poke(LineInput *input, atomic_bool *poke);
/* Is a line (or the end) waiting? */
bool line_input_ready(LineInput *input);
/* The next line, waiting at most timeout_ms (-1: as long as it takes). */
LineWait line_input_next(LineInput *input, char *line, size_t size, int timeout_ms);
/* The terminal is done with it. */
void line_input_stop(LineInput *input);

#endif
