/* pgn_reader: recorded games read back from the runner's PGN files (written by records.h:
 * Board, Rule and Result tags, moves as column letter and 1-based row). */
#ifndef WUZI_PGN_READER_H
#define WUZI_PGN_READER_H

#include <stdbool.h>
#include <stdint.h>

#include "coords.h"

typedef struct Game {
    int width, height, rule;
    int opening;            /* stones that came from the opening */
    int round;              /* the runner's game number (Round tag), 0 if none */
    int count;
    uint8_t x[BOARD_MAX * BOARD_MAX], y[BOARD_MAX * BOARD_MAX];
    double black_points;    /* 1 black won, 0 white won, 0.5 draw */
} Game;

typedef struct GameList {
    Game *games;
    int count;
    int64_t capacity;
    int skipped;            /* games without a decided result (forfeits, unfinished) */
} GameList;

/* Appends the decided games of a PGN file (a game lost on time or by an error says nothing of
 * the position and is skipped), in the order of their Round tags: a runner with several games
 * at once writes them as they finish, and the fit holds games out by their place in the list,
 * so that order must not depend on timing. False if the file cannot be read. */
bool games_read_pgn(const char *path, GameList *list);
void games_free(GameList *list);

#endif
