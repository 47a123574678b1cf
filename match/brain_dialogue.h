/* brain_dialogue: the manager's side of the Gomocup dialogue with a brain, shared by a game
 * between brains (game.c) and a seat of the play board: replies read with MESSAGE and DEBUG
 * lines set aside, the START (RECTSTART) handshake, a position sent as a BOARD block, a move
 * read back. What to do when a brain fails is the caller's business. */
#ifndef WUZI_BRAIN_DIALOGUE_H
#define WUZI_BRAIN_DIALOGUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "brain_process.h"

/* time_left when there is no game clock, as Piskvork sends it. */
#define UNLIMITED_TIME_LEFT 2147483647

typedef void (*BrainMessageFn)(void *context, const char *text);

/* Is `line` the word `word` (any case), alone or followed by a space? */
bool reply_is(const char *line, const char *word);
/* The next line that is not MESSAGE or DEBUG; a MESSAGE's text goes to on_message if given. */
BrainRead dialogue_read(BrainProcess *brain, char *line, size_t size, int64_t deadline,
                        BrainMessageFn on_message, void *context);
/* "START 15" or "RECTSTART 15,20". */
void dialogue_start_command(int width, int height, char *text, size_t size);
/* START or RECTSTART, then wait for OK until `deadline`. Stray lines (a second line after
 * ABOUT, output left from the last game) are skipped; ERROR or UNKNOWN sets `refused`, the line
 * kept in `line`. */
BrainRead dialogue_start(BrainProcess *brain, int width, int height, int64_t deadline, char *line,
                         size_t size, bool *refused);
/* BOARD, the stones in the order played (black first; field 1 for `color`'s own), DONE. */
bool dialogue_send_board(BrainProcess *brain, const int *x, const int *y, int count, int color);
/* "x,y" and nothing else (blanks around the numbers allowed). */
bool dialogue_parse_move(const char *line, int *x, int *y);

#endif
