/* play_options: wuzi-play's command line. */
#ifndef WUZI_PLAY_OPTIONS_H
#define WUZI_PLAY_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "brains.h"

typedef struct PlayOptions {
    bool web;
    int port;                 /* 0: any free port */
    char listen[64];          /* the address the web server binds */
    int engine_count;
    const char *engines[BRAINS_ENGINES_MAX];
    const char *level;        /* Wuzi's level when no --engine is given */
    bool level_given;
    int rule, width, height;
    int64_t turn_ms;
    int64_t game_ms;          /* --clock: each side's time for the game; 0: none */
    int opening_rule;         /* --swap, --swap2: a TableOpeningRule */
    int you;                  /* BLACK or WHITE */
    const char *load;         /* a psq or SGF file to play on from */
    bool opening;             /* start from a shipped balanced opening */
    const char *openings_file;/* or from this file's openings */
    uint64_t seed;            /* picks the opening; 0: from the clock */
    int idle_seconds;         /* web: a game nobody asked about for this long is closed */
    int max_games;            /* web: games at once */
    bool help;
} PlayOptions;

/* False with a one-line message in `why` on a bad command line. */
bool play_options_parse(PlayOptions *options, int argc, char **argv, char *why, size_t why_size);
void play_options_usage(void);

#endif
