/* start_position: where a game starts — an empty board, a balanced opening (the ones shipped
 * in tournament/openings, or another file of the same format), or a saved game. Shared by the
 * terminal and the web server, so both start games the same way. */
#ifndef WUZI_PLAY_START_POSITION_H
#define WUZI_PLAY_START_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "play_options.h"
#include "table.h"

typedef struct StartPosition {
    char openings_path[1024]; /* empty: no opening */
    uint64_t seed;            /* advanced at each game: the next opening */
} StartPosition;

/* The shipped opening file for the rules, where a checkout or an install keeps it
 * (program_files.h); false with a reason when none is shipped for that rule and size. */
bool start_position_shipped(StartPosition *start, const char *argv0, const TableRules *rules,
                            char *why, size_t why_size);
/* A new game on `table` under `rules`: from an opening of the file, if one was chosen, that
 * the rules can play, else on an empty board. */
bool start_position_new_game(StartPosition *start, Table *table, const TableRules *rules, char *why,
                             size_t why_size);
/* The first game the command line asks for, in the terminal and on each page the web board
 * opens: the saved game of --load (its size and rule), an opening of --opening or --openings
 * (whose file `start` keeps for the next games), else an empty board. */
bool start_position_first_game(StartPosition *start, const PlayOptions *options, const char *argv0,
                               Table *table, const TableRules *rules, char *why, size_t why_size);

#endif
