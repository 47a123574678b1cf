/* options: wuzi-tournament's command line (cutechess / c-gomoku-cli conventions) read into
 * one Options value; bad input ends the program with a message and status 2. */
#ifndef WUZI_OPTIONS_H
#define WUZI_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"
#include "openings.h"
#include "stats.h"

#define MAX_ENGINES 64

typedef struct Options {
    EngineSpec engines[MAX_ENGINES];
    int engine_count;
    int games, rounds, concurrency;
    bool repeat, gauntlet, log;
    const char *openings_file;
    OpeningFormat opening_format;
    bool opening_random;
    uint64_t opening_seed;
    bool opening_seed_given;
    uint64_t seed;
    bool seed_given;
    GameSettings settings;
    SprtSettings sprt;
    const char *pgn, *sgf, *psq;
} Options;

/* Fills `options` from the command line; -h prints the help and exits. */
void options_parse(int argc, char **argv, Options *options);
/* Report a fatal error in the options' words: "wuzi-tournament: <format % detail>", exit 2. */
_Noreturn void options_fail(const char *format, const char *detail);

#endif
