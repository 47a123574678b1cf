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
    int64_t start_timeout_ms; /* -starttimeout: how long each brain may take to answer START
                                 before the first game */
    SprtSettings sprt;
    const char *pgn, *sgf, *psq;
    const char *results;          /* -results: one JSON line per game */
    int shard, shard_count;       /* -shard K/N: play the K-th of N parts (1-based); 0/0: all */
    const char *only_games;       /* -only-games LIST: "3,7-9" (game numbers of the schedule) */
} Options;

/* Fills `options` from the command line; -h prints the help and exits. */
void options_parse(int argc, char **argv, Options *options);
/* Does the game numbered `number` (1-based) lie in LIST ("3,7-9")? A malformed list never
 * matches (options_parse has checked it). */
bool options_list_has(const char *list, int number);
/* Report a fatal error in the options' words: "wuzi-tournament: <format % detail>", exit 2. */
_Noreturn void options_fail(const char *format, const char *detail);
/* One SPRT setting, `elo0=`, `elo1=`, `alpha=` or `beta=`, into `sprt` (a bad number fails);
 * false for another key. Then options_check_sprt fails unless elo1 > elo0 and alpha, beta are
 * in (0, 0.5). Shared by -sprt and the `sprt` subcommand. */
bool options_sprt_setting(SprtSettings *sprt, const char *token);
void options_check_sprt(const SprtSettings *sprt);

#endif
