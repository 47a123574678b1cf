#include "record_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation.h"

#define RECORD_FILE_MAX (1 << 20)

RecordFormat record_format_of(const char *path) {
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/')) return RECORD_UNKNOWN;
    if (strcasecmp(dot, ".psq") == 0) return RECORD_PSQ;
    if (strcasecmp(dot, ".sgf") == 0) return RECORD_SGF;
    return RECORD_UNKNOWN;
}

static bool fail(char *error, size_t size, const char *text) {
    snprintf(error, size, "%s", text);
    return false;
}

static bool size_ok(int width, int height) {
    return width >= 5 && height >= 5 && width <= BOARD_MAX && height <= BOARD_MAX;
}

static bool add_move(LoadedGame *game, int x, int y, char *error, size_t size) {
    char cell[8];
    if (x < 0 || y < 0 || x >= game->width || y >= game->height) {
        snprintf(error, size, "move %d (x,y %d,%d) is off the %dx%d board", game->count + 1, x, y,
                 game->width, game->height);
        return false;
    }
    for (int i = 0; i < game->count; i++) {
        if (game->x[i] == x && game->y[i] == y) {
            notation_cell(x, y, game->height, cell, sizeof cell);
            snprintf(error, size, "move %d (%s) repeats move %d", game->count + 1, cell, i + 1);
            return false;
        }
    }
    if (game->count >= MAX_MOVES) return fail(error, size, "too many moves");
    game->x[game->count] = x;
    game->y[game->count] = y;
    game->count++;
    return true;
}

/* ---- psq ---- */

static bool parse_psq(const char *text, LoadedGame *game, char *error, size_t size) {
    if (sscanf(text, "Piskvorky %dx%d", &game->width, &game->height) != 2)
        return fail(error, size, "not a psq record: the first line is not \"Piskvorky WxH, ...\"");
    if (!size_ok(game->width, game->height))
        return fail(error, size, "the psq board size is not one Wuzi plays (5 to 32 a side)");
    const char *line = strchr(text, '\n');
    while (line && *++line) {
        int x, y, n = 0;
        /* move lines are x,y or x,y,ms; the first other line (a player's name) ends them */
        if (sscanf(line, "%d,%d%n", &x, &y, &n) != 2) break;
        const char *rest = line + n;
        if (*rest != ',' && *rest != '\r' && *rest != '\n' && *rest != '\0') break;
        if (!add_move(game, x - 1, y - 1, error, size)) return false;
        line = strchr(line, '\n');
    }
    return true;
}

/* ---- SGF ---- */

typedef struct SgfReader {
    const char *s;
    int depth;       /* of parentheses */
    bool seen_node;
} SgfReader;

/* One property value, escapes resolved, into `value`; s is after the '['. */
static bool sgf_value(SgfReader *r, char *value, size_t size) {
    size_t n = 0;
    for (; *r->s && *r->s != ']'; r->s++) {
        if (*r->s == '\\' && r->s[1]) r->s++;
        if (n + 1 < size) value[n++] = *r->s;
    }
    value[n] = '\0';
    if (*r->s != ']') return false;
    r->s++;
    return true;
}

static int sgf_coordinate(char c) {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
}

static bool sgf_property(SgfReader *r, const char *id, const char *value, LoadedGame *game,
                         char *error, size_t size) {
    if (strcmp(id, "SZ") == 0) {
        if (game->count > 0) return fail(error, size, "SZ after the first move");
        int w, h;
        const int n = sscanf(value, "%d:%d", &w, &h);
        if (n < 1) return fail(error, size, "SZ is not a number");
        game->width = w;
        game->height = n == 2 ? h : w;
        if (!size_ok(game->width, game->height))
            return fail(error, size, "the SGF board size is not one Wuzi plays (5 to 32 a side)");
    } else if (strcmp(id, "RU") == 0) {
        game->rule = rule_parse(value);
    } else if (strcmp(id, "B") == 0 || strcmp(id, "W") == 0) {
        const bool black = id[0] == 'B';
        if (black != (game->count % 2 == 0))
            return fail(error, size, "the SGF moves do not alternate black, white");
        if (strlen(value) != 2) return fail(error, size, "an SGF move is not two letters (a pass?)");
        if (!add_move(game, sgf_coordinate(value[0]), sgf_coordinate(value[1]), error, size))
            return false;
    } else if (strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0) {
        return fail(error, size, "SGF set-up stones (AB, AW, AE) are not supported");
    }
    (void)r;
    return true;
}

static bool parse_sgf(const char *text, LoadedGame *game, char *error, size_t size) {
    SgfReader r = {.s = text};
    game->width = game->height = 15; /* SGF's default for Gomoku when SZ is missing */
    while (*r.s && *r.s != '(') r.s++;
    if (!*r.s) return fail(error, size, "not an SGF record: no '('");
    char id[8] = "", value[64];
    while (*r.s) {
        const char c = *r.s;
        if (c == '(') {
            r.depth++;
            r.s++;
        } else if (c == ')') {
            break; /* the end of the main line (its first variation) */
        } else if (c == ';') {
            r.seen_node = true;
            id[0] = '\0';
            r.s++;
        } else if (isupper((unsigned char)c)) {
            size_t n = 0;
            while (isupper((unsigned char)*r.s)) {
                if (n + 1 < sizeof id) id[n++] = *r.s;
                r.s++;
            }
            id[n] = '\0';
        } else if (c == '[') {
            r.s++;
            if (!id[0] || !r.seen_node) return fail(error, size, "malformed SGF: a value without a property");
            if (!sgf_value(&r, value, sizeof value)) return fail(error, size, "malformed SGF: an unclosed '['");
            if (!sgf_property(&r, id, value, game, error, size)) return false;
        } else if (isspace((unsigned char)c) || islower((unsigned char)c)) {
            r.s++; /* FF[4]-era lower-case letters in identifiers are ignored */
        } else {
            return fail(error, size, "malformed SGF");
        }
    }
    return true;
}

bool record_parse(const char *text, RecordFormat format, LoadedGame *game, char *error,
                  size_t error_size) {
    memset(game, 0, sizeof *game);
    game->rule = -1;
    if (format == RECORD_PSQ) return parse_psq(text, game, error, error_size);
    if (format == RECORD_SGF) return parse_sgf(text, game, error, error_size);
    return fail(error, error_size, "the file name must end in .psq or .sgf");
}

bool record_load(const char *path, LoadedGame *game, char *error, size_t error_size) {
    const RecordFormat format = record_format_of(path);
    if (format == RECORD_UNKNOWN) return fail(error, error_size, "the file name must end in .psq or .sgf");
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    char *text = malloc(RECORD_FILE_MAX + 1);
    const size_t n = text ? fread(text, 1, RECORD_FILE_MAX + 1, file) : 0;
    fclose(file);
    if (!text) return fail(error, error_size, "out of memory");
    if (n > RECORD_FILE_MAX) {
        free(text);
        return fail(error, error_size, "the file is larger than a game record can be (1 MiB)");
    }
    text[n] = '\0';
    const bool ok = record_parse(text, format, game, error, error_size);
    free(text);
    return ok;
}

bool record_save(const char *path, const GameRecord *record, char *error, size_t error_size) {
    const RecordFormat format = record_format_of(path);
    if (format == RECORD_UNKNOWN) return fail(error, error_size, "the file name must end in .psq or .sgf");
    const bool ok = format == RECORD_PSQ ? records_save_psq(path, record) : records_save_sgf(path, record);
    if (!ok) snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
    return ok;
}
