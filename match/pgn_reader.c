#include "pgn_reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "rule_names.h"

static Game *append(GameList *list) {
    if (!array_reserve((void **)&list->games, &list->capacity, list->count + 1, sizeof *list->games, 1024)) return NULL;
    return &list->games[list->count];
}

/* The value of tag `name` in `line` ("[Name "value"]"), or NULL. */
static const char *tag_value(const char *line, const char *name, char *value, size_t size) {
    const size_t length = strlen(name);
    if (line[0] != '[' || strncmp(line + 1, name, length) || line[1 + length] != ' ') return NULL;
    const char *start = strchr(line, '"');
    if (!start) return NULL;
    size_t n = 0;
    for (const char *p = start + 1; *p && *p != '"' && n + 1 < size; p++) {
        if (*p == '\\' && p[1]) p++;
        value[n++] = *p;
    }
    value[n] = 0;
    return value;
}

/* A result decided on the board: five, a foul, a full board. */
static bool decided(const char *termination) {
    return strstr(termination, "five") || strstr(termination, "forbidden move") || strstr(termination, "full") ||
           strstr(termination, "draw");
}

/* Moves: "1. h8 i9 2. ..." — a column letter (one character from 'a') and a 1-based row. */
static void read_moves(const char *line, Game *game) {
    const char *p = line;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p || *p == '\n' || *p == '\r') break;
        const char *word = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') p++;
        if (word[0] >= '0' && word[0] <= '9') continue;     /* move number or result */
        if (word[0] == '*' || p - word < 2) continue;
        const int x = word[0] - 'a';
        const int y = atoi(word + 1) - 1;
        if (x < 0 || y < 0 || x >= game->width || y >= game->height) continue;
        if (game->count < BOARD_MAX * BOARD_MAX) {
            game->x[game->count] = (uint8_t)x;
            game->y[game->count] = (uint8_t)y;
            game->count++;
        }
    }
}

typedef struct GameOrder {
    int round, index;
} GameOrder;

static int by_round(const void *a, const void *b) {
    const GameOrder *left = a, *right = b;
    if (left->round != right->round) return left->round < right->round ? -1 : 1;
    return (left->index > right->index) - (left->index < right->index);
}

/* The games from `first` on, put in Round order (ties keep the file's order). */
static bool sort_by_round(GameList *list, int first) {
    const int count = list->count - first;
    if (count < 2) return true;
    GameOrder *order = malloc((size_t)count * sizeof *order);
    Game *sorted = malloc((size_t)count * sizeof *sorted);
    if (!order || !sorted) {
        free(order);
        free(sorted);
        return false;
    }
    for (int i = 0; i < count; i++) order[i] = (GameOrder){list->games[first + i].round, i};
    qsort(order, (size_t)count, sizeof *order, by_round);
    for (int i = 0; i < count; i++) sorted[i] = list->games[first + order[i].index];
    memcpy(list->games + first, sorted, (size_t)count * sizeof *sorted);
    free(order);
    free(sorted);
    return true;
}

bool games_read_pgn(const char *path, GameList *list) {
    FILE *file = fopen(path, "r");
    if (!file) return false;
    const int first = list->count;
    char line[4096], value[256], termination[256] = "", result[256] = "";
    Game game;
    bool in_moves = false, have_game = false;
    memset(&game, 0, sizeof game);
    for (;;) {
        const bool more = fgets(line, sizeof line, file) != NULL;
        const bool starts_game = more && !strncmp(line, "[Event ", 7);
        if (!more || starts_game) {
            if (have_game && game.count > 0 && decided(termination) && strcmp(result, "*")) {
                Game *slot = append(list);
                if (slot) {
                    /* PGN puts White's score first and the runner's White is the second player */
                    game.black_points = !strcmp(result, "0-1") ? 1.0 : !strcmp(result, "1-0") ? 0.0 : 0.5;
                    *slot = game;
                    list->count++;
                }
            } else if (have_game) {
                list->skipped++;
            }
            if (!more) break;
            memset(&game, 0, sizeof game);
            game.width = game.height = 15;
            termination[0] = result[0] = 0;
            in_moves = false;
            have_game = true;
        }
        if (line[0] == '[') {
            if (tag_value(line, "Board", value, sizeof value)) {
                if (sscanf(value, "%dx%d", &game.width, &game.height) != 2) game.width = game.height = 0;
            } else if (tag_value(line, "Rule", value, sizeof value)) {
                game.rule = rule_parse(value);
            } else if (tag_value(line, "Result", value, sizeof value)) {
                snprintf(result, sizeof result, "%s", value);
            } else if (tag_value(line, "Termination", value, sizeof value)) {
                snprintf(termination, sizeof termination, "%s", value);
            } else if (tag_value(line, "Round", value, sizeof value)) {
                game.round = atoi(value);
            } else if (tag_value(line, "OpeningStones", value, sizeof value)) {
                game.opening = atoi(value);
            }
            continue;
        }
        if (line[0] == '\n' || line[0] == '\r') {
            if (in_moves) in_moves = false;
            continue;
        }
        if (game.rule < 0 || game.width < 5 || game.width > BOARD_MAX || game.height < 5 || game.height > BOARD_MAX)
            continue;
        in_moves = true;
        read_moves(line, &game);
    }
    fclose(file);
    return sort_by_round(list, first);
}

void games_free(GameList *list) {
    free(list->games);
    memset(list, 0, sizeof *list);
}
