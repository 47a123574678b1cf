/* openings: reading opening files.
 *
 * One opening per line, stones in move order, black first. Two formats:
 * - offset (Gomocup / Piskvork): `dx,dy` pairs from the centre (floor(w/2), floor(h/2)),
 *   separated by commas and optional spaces: `0,0, 1,0, 1,3`;
 * - pos: column letter (a = column 0) and 1-based row number (row 1 = y 0): `h8i9j10`.
 * Blank lines and lines starting with `#` are skipped. Openings are checked to lie on the board
 * with no cell twice; whether they are legal under a rule is the game's business. */
#ifndef WUZI_OPENINGS_H
#define WUZI_OPENINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OPENING_MAX_STONES 64

typedef enum OpeningFormat { OPENING_OFFSET, OPENING_POS } OpeningFormat;

typedef struct Opening {
    int count;
    int x[OPENING_MAX_STONES], y[OPENING_MAX_STONES];
    int line;       /* line number in its file, for messages */
    bool off_board; /* set when parsing failed only because a stone lies off the board */
} Opening;

#define OPENING_SKIPPED_NAMED 8

typedef struct OpeningBook {
    Opening *items;
    int count;
    int skipped;                              /* lines that do not fit the board */
    int skipped_line[OPENING_SKIPPED_NAMED]; /* the first of them */
} OpeningBook;

/* Parse one line into absolute coordinates on a width×height board. False (with a reason in
 * `error`) if the line is malformed, off the board or repeats a cell. */
bool opening_parse(const char *text, OpeningFormat format, int width, int height, Opening *opening,
                   char *error, size_t error_size);
/* The opening in offset or pos notation (for records). */
void opening_format(const Opening *opening, OpeningFormat format, int width, int height, char *out,
                    size_t size);

/* Read a whole file; a line with a stone off the board is skipped and counted (a file made for
 * a larger board is still of use); false with a message naming the line on the first malformed
 * one, or when no opening is left. */
bool openings_load(OpeningBook *book, const char *path, OpeningFormat format, int width, int height,
                   char *error, size_t error_size);
void openings_free(OpeningBook *book);
/* Count the line of book->items[index] as skipped and drop it from the book. */
void openings_skip(OpeningBook *book, int index);
/* Shuffle the book with a seeded generator (reproducible for a given seed). */
void openings_shuffle(OpeningBook *book, uint64_t seed);

#endif
