#include "openings.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "levels.h"

static const char *skip_separators(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r' || *p == '\n') p++;
    return p;
}

static bool read_int(const char **p, int *value) {
    char *end;
    errno = 0;
    const long v = strtol(*p, &end, 10);
    if (end == *p || errno || v < -1000 || v > 1000) return false;
    *value = (int)v;
    *p = end;
    return true;
}

static bool add_stone(Opening *opening, int x, int y, int width, int height, char *error,
                      size_t error_size) {
    if (opening->count >= OPENING_MAX_STONES) {
        snprintf(error, error_size, "more than %d stones", OPENING_MAX_STONES);
        return false;
    }
    if (x < 0 || y < 0 || x >= width || y >= height) {
        snprintf(error, error_size, "stone %d (%d,%d) is off the %dx%d board", opening->count + 1,
                 x, y, width, height);
        opening->off_board = true;
        return false;
    }
    for (int i = 0; i < opening->count; i++) {
        if (opening->x[i] == x && opening->y[i] == y) {
            snprintf(error, error_size, "cell %d,%d appears twice", x, y);
            return false;
        }
    }
    opening->x[opening->count] = x;
    opening->y[opening->count] = y;
    opening->count++;
    return true;
}

static bool parse_offset(const char *p, int width, int height, Opening *opening, char *error,
                         size_t error_size) {
    const int cx = width / 2, cy = height / 2;
    for (p = skip_separators(p); *p; p = skip_separators(p)) {
        int dx, dy;
        if (!read_int(&p, &dx)) break;
        while (*p == ' ' || *p == '\t') p++;
        if (*p != ',') break;
        p++;
        while (*p == ' ' || *p == '\t') p++;
        if (!read_int(&p, &dy)) break;
        if (!add_stone(opening, cx + dx, cy + dy, width, height, error, error_size)) return false;
    }
    if (*p) {
        snprintf(error, error_size, "cannot read \"%.20s\" as dx,dy", p);
        return false;
    }
    return true;
}

static bool parse_pos(const char *p, int width, int height, Opening *opening, char *error,
                      size_t error_size) {
    for (p = skip_separators(p); *p; p = skip_separators(p)) {
        if (!isalpha((unsigned char)*p) || !isdigit((unsigned char)p[1])) break;
        const int x = tolower((unsigned char)*p) - 'a';
        p++;
        int row;
        if (!read_int(&p, &row)) break;
        if (!add_stone(opening, x, row - 1, width, height, error, error_size)) return false;
    }
    if (*p) {
        snprintf(error, error_size, "cannot read \"%.20s\" as a letter and a row", p);
        return false;
    }
    return true;
}

bool opening_parse(const char *text, OpeningFormat format, int width, int height, Opening *opening,
                   char *error, size_t error_size) {
    opening->count = 0;
    opening->off_board = false;
    if (format == OPENING_POS) return parse_pos(text, width, height, opening, error, error_size);
    return parse_offset(text, width, height, opening, error, error_size);
}

void opening_format(const Opening *opening, OpeningFormat format, int width, int height, char *out,
                    size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < opening->count && used < size; i++) {
        int n;
        if (format == OPENING_POS)
            n = snprintf(out + used, size - used, "%c%d", 'a' + opening->x[i], opening->y[i] + 1);
        else
            n = snprintf(out + used, size - used, "%s%d,%d", i ? ", " : "",
                         opening->x[i] - width / 2, opening->y[i] - height / 2);
        if (n < 0) return;
        used += (size_t)n;
    }
}

static bool is_blank_or_comment(const char *line) {
    line = skip_separators(line);
    return *line == '\0' || *line == '#';
}

bool openings_load(OpeningBook *book, const char *path, OpeningFormat format, int width, int height,
                   char *error, size_t error_size) {
    memset(book, 0, sizeof *book);
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(error, error_size, "cannot open %s", path);
        return false;
    }
    int64_t capacity = 0;
    int line_number = 0;
    char line[4096];
    bool ok = true;
    while (ok && fgets(line, sizeof line, file)) {
        line_number++;
        if (is_blank_or_comment(line)) continue;
        if (!array_reserve((void **)&book->items, &capacity, book->count + 1, sizeof *book->items, 64)) {
            snprintf(error, error_size, "out of memory");
            ok = false;
            break;
        }
        Opening *opening = &book->items[book->count];
        char reason[160];
        const bool parsed = opening_parse(line, format, width, height, opening, reason, sizeof reason);
        opening->line = line_number;
        if (!parsed && opening->off_board) {
            book->count++;
            openings_skip(book, book->count - 1);
            continue;
        }
        if (!parsed) {
            snprintf(error, error_size, "%s:%d: %s", path, line_number, reason);
            ok = false;
            break;
        }
        book->count++;
    }
    fclose(file);
    if (ok && book->count == 0) {
        snprintf(error, error_size, "%s holds no opening that fits a %dx%d board", path, width, height);
        ok = false;
    }
    if (!ok) openings_free(book);
    return ok;
}

void openings_free(OpeningBook *book) {
    free(book->items);
    book->items = NULL;
    book->count = 0;
}

void openings_skip(OpeningBook *book, int index) {
    if (book->skipped < OPENING_SKIPPED_NAMED) book->skipped_line[book->skipped] = book->items[index].line;
    book->skipped++;
    memmove(&book->items[index], &book->items[index + 1], (size_t)(book->count - index - 1) * sizeof *book->items);
    book->count--;
}

void openings_shuffle(OpeningBook *book, uint64_t seed) {
    uint64_t state = seed;
    for (int i = book->count - 1; i > 0; i--) {
        const int j = (int)(rng_next(&state) % (uint64_t)(i + 1));
        const Opening swap = book->items[i];
        book->items[i] = book->items[j];
        book->items[j] = swap;
    }
}
