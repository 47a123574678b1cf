/* game_list: training games as compact text, one game a line, so that the games a network or
 * weights learned from can be kept in the repository (tune/games/) and read by any later build:
 *
 *   # any comment (what played the games)
 *   15x15 freestyle 4 black h8i9j10k7…
 *
 * board, rule (rule_names.h's file name), the stones that came from the opening, the winner
 * (black, white or draw) and the moves: a column letter and a 1-based row each, no blanks. */
#ifndef WUZI_GAME_LIST_H
#define WUZI_GAME_LIST_H

#include <stdbool.h>
#include <stdio.h>

#include "pgn_reader.h"

/* Appends the games of a game list file, in the file's order, or else of the runner's PGN
 * (pgn_reader.h), told apart by the list's first line; false if it cannot be read or a list's
 * line is not a game (`error` says which). */
bool games_read_file(const char *path, GameList *list, char *error, size_t error_size);
/* Writes the games, after `comment` (its lines each made a comment); false if one cannot be
 * written in the form (a board wider than 26 columns). */
bool games_write_list(FILE *out, const GameList *list, const char *comment);

#endif
