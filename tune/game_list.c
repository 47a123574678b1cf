#include "game_list.h"

#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "rule_names.h"

/* The first line of every game list file. */
#define LIST_MAGIC "# wuzi games"

static const char *const WINNER[3] = {"white", "draw", "black"};

/* The winner's word as black's points (1, 0.5, 0), or -1. */
static double winner_points(const char *word) {
    for (int i = 0; i < 3; i++)
        if (!strcmp(word, WINNER[i])) return i / 2.0;
    return -1;
}

/* Moves "h8i9j10…" into the game; false if one is off the board or malformed. */
static bool parse_moves(const char *text, Game *game) {
    const char *p = text;
    while (*p && *p != '\n' && *p != '\r') {
        const int x = *p++ - 'a';
        char *end;
        const long row = strtol(p, &end, 10);
        if (end == p || x < 0 || x >= game->width || row < 1 || row > game->height ||
            game->count == BOARD_MAX * BOARD_MAX)
            return false;
        game->x[game->count] = (uint8_t)x;
        game->y[game->count] = (uint8_t)(row - 1);
        game->count++;
        p = end;
    }
    return game->count > 0;
}

/* One game's line into `game`; false if it is not one. */
static bool parse_game(const char *line, Game *game) {
    char rule[32], winner[8];
    int consumed = 0;
    memset(game, 0, sizeof *game);
    if (sscanf(line, "%dx%d %31s %d %7s %n", &game->width, &game->height, rule, &game->opening, winner,
               &consumed) != 5 ||
        consumed == 0)
        return false;
    game->rule = rule_parse(rule);
    game->black_points = winner_points(winner);
    if (game->rule < 0 || game->black_points < 0 || game->width < 5 || game->height < 5 ||
        game->width > BOARD_MAX || game->height > BOARD_MAX || game->opening < 0)
        return false;
    return parse_moves(line + consumed, game);
}

/* A list's games, in the file's order. */
static bool games_read_list(const char *path, GameList *list, char *error, size_t error_size) {
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(error, error_size, "cannot read %s", path);
        return false;
    }
    char line[BOARD_MAX * BOARD_MAX * 4 + 128];
    Game game;
    bool ok = true;
    for (int number = 1; ok && fgets(line, sizeof line, file); number++) {
        if (line[0] == '#' || line[0] == '\n') continue;
        if (!parse_game(line, &game)) {
            snprintf(error, error_size, "%s:%d: not a game", path, number);
            ok = false;
            break;
        }
        if (!array_reserve((void **)&list->games, &list->capacity, list->count + 1, sizeof *list->games, 1024)) {
            snprintf(error, error_size, "out of memory");
            ok = false;
            break;
        }
        game.round = list->count + 1;
        list->games[list->count++] = game;
    }
    fclose(file);
    return ok;
}

bool games_read_file(const char *path, GameList *list, char *error, size_t error_size) {
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(error, error_size, "cannot read %s", path);
        return false;
    }
    char first[sizeof LIST_MAGIC] = "";
    const bool is_list = fgets(first, sizeof first, file) && !strcmp(first, LIST_MAGIC);
    fclose(file);
    if (is_list) return games_read_list(path, list, error, error_size);
    if (games_read_pgn(path, list)) return true;
    snprintf(error, error_size, "cannot read %s", path);
    return false;
}

bool games_write_list(FILE *out, const GameList *list, const char *comment) {
    fputs(LIST_MAGIC "\n", out);
    for (const char *p = comment; *p;) {
        const size_t length = strcspn(p, "\n");
        fprintf(out, "# %.*s\n", (int)length, p);
        p += length + (p[length] == '\n');
    }
    for (int i = 0; i < list->count; i++) {
        const Game *game = &list->games[i];
        const char *rule = rule_file_name(game->rule);
        if (game->width > 26 || !rule) return false;
        fprintf(out, "%dx%d %s %d %s ", game->width, game->height, rule, game->opening,
                WINNER[(int)(game->black_points * 2 + 0.5)]);
        for (int m = 0; m < game->count; m++) fprintf(out, "%c%d", 'a' + game->x[m], game->y[m] + 1);
        fputc('\n', out);
    }
    return !ferror(out);
}
