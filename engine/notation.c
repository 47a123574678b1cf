#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void notation_column(int x, char *out, size_t size) {
    if (x < 26)
        snprintf(out, size, "%c", 'a' + x);
    else
        snprintf(out, size, "%c%c", 'a' + x / 26 - 1, 'a' + x % 26);
}

void notation_cell(int x, int y, int height, char *out, size_t size) {
    char column[4];
    notation_column(x, column, sizeof column);
    snprintf(out, size, "%s%d", column, height - y);
}

/* A run of digits as a number, at most 4 digits (no board is that large; no overflow). */
static bool read_number(const char **p, int *value) {
    const char *s = *p;
    int v = 0, digits = 0;
    while (isdigit((unsigned char)*s) && digits < 5) {
        v = v * 10 + (*s++ - '0');
        digits++;
    }
    if (digits == 0 || digits > 4) return false;
    *value = v;
    *p = s;
    return true;
}

static const char *skip_blanks(const char *s) {
    while (*s == ' ' || *s == '\t') s++;
    return s;
}

static NotationParse parse_protocol(const char *s, int width, int height, int *x, int *y) {
    int a, b;
    if (!read_number(&s, &a)) return NOTATION_NOT_A_CELL;
    s = skip_blanks(s);
    if (*s++ != ',') return NOTATION_NOT_A_CELL;
    s = skip_blanks(s);
    if (!read_number(&s, &b) || *skip_blanks(s)) return NOTATION_NOT_A_CELL;
    if (a >= width || b >= height) return NOTATION_OFF_BOARD;
    *x = a;
    *y = b;
    return NOTATION_OK;
}

static NotationParse parse_book(const char *s, int width, int height, int *x, int *y) {
    int letters = 0, column = 0;
    while (isalpha((unsigned char)*s) && letters < 3) {
        column = column * 26 + (tolower((unsigned char)*s++) - 'a' + 1);
        letters++;
    }
    int row;
    if (letters == 0 || letters > 2 || !read_number(&s, &row) || *skip_blanks(s))
        return NOTATION_NOT_A_CELL;
    column -= 1; /* "a" = 1 above: a bijective base-26 count, so "aa" follows "z" */
    if (column >= width || row < 1 || row > height) return NOTATION_OFF_BOARD;
    *x = column;
    *y = height - row;
    return NOTATION_OK;
}

NotationParse notation_parse(const char *text, int width, int height, int *x, int *y) {
    const char *s = skip_blanks(text);
    if (isdigit((unsigned char)*s)) return parse_protocol(s, width, height, x, y);
    return parse_book(s, width, height, x, y);
}
