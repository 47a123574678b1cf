/* record_file: one game to and from a file, psq (Piskvork) or SGF, chosen by the extension.
 *
 * Saving writes match/records' formats, so the runner, Piskvork and SGF viewers read what
 * wuzi-play saves. Loading reads psq (`Piskvorky WxH, …` then 1-based `x,y[,ms]` lines) and
 * SGF's main line (SZ, RU, B and W moves; the first variation where a file branches). A
 * loaded game is a size, maybe a rule and the moves in order; the caller judges them. */
#ifndef WUZI_PLAY_RECORD_FILE_H
#define WUZI_PLAY_RECORD_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "records.h"

typedef enum RecordFormat { RECORD_UNKNOWN, RECORD_PSQ, RECORD_SGF } RecordFormat;

typedef struct LoadedGame {
    int width, height;
    int rule; /* -1 when the file does not say */
    int count;
    int x[MAX_MOVES], y[MAX_MOVES];
} LoadedGame;

/* By the file name's extension, case-insensitive: .psq or .sgf. */
RecordFormat record_format_of(const char *path);
/* False with a one-line reason when the file cannot be read or makes no sense. */
bool record_load(const char *path, LoadedGame *game, char *error, size_t error_size);
/* Parse text already in memory (for the tests and for load). */
bool record_parse(const char *text, RecordFormat format, LoadedGame *game, char *error,
                  size_t error_size);
bool record_save(const char *path, const GameRecord *record, char *error, size_t error_size);

#endif
