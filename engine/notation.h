/* notation: cells as renju and gomoku books write them, and as the protocol does; everything a
 * person reads (wuzi-play, the demo) names cells this way.
 *
 * Book notation: a column letter (a, b, … z, then aa, ab, … on boards wider than 26) and a row
 * number counted from the bottom, so `h8` is the centre of 15x15. Protocol notation: `x,y`,
 * zero-based from the top left. Both parse into protocol x,y; nothing here knows a board's
 * stones, only its size. */
#ifndef WUZI_NOTATION_H
#define WUZI_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

/* The column's letters ("a", "o", "aa") into `out` (at least 3 bytes). */
void notation_column(int x, char *out, size_t size);
/* The cell x,y of a board `height` rows tall in book notation: "h8". */
void notation_cell(int x, int y, int height, char *out, size_t size);

typedef enum NotationParse {
    NOTATION_OK,
    NOTATION_NOT_A_CELL, /* neither form */
    NOTATION_OFF_BOARD,  /* a well-formed cell outside width x height */
} NotationParse;

/* `text` (surrounding blanks allowed) as a book cell ("h8", "H8") or protocol "x,y". */
NotationParse notation_parse(const char *text, int width, int height, int *x, int *y);

#endif
