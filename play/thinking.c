#include "thinking.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation.h"

#define WORD_MAX 48
#define WORDS_MAX 96

/* The line split at blanks and commas between words; "5,7" stays one word. */
typedef struct Words {
    int count;
    char word[WORDS_MAX][WORD_MAX];
} Words;

static void split(const char *text, Words *words) {
    words->count = 0;
    const char *s = text;
    while (*s && words->count < WORDS_MAX) {
        while (*s == ' ' || *s == '\t' || (*s == ',' && !isdigit((unsigned char)s[1]))) s++;
        if (!*s) break;
        int n = 0;
        char *w = words->word[words->count];
        while (*s && *s != ' ' && *s != '\t') {
            /* a comma ends a word unless digits stand on both sides of it (x,y) */
            if (*s == ',' && !(n > 0 && isdigit((unsigned char)w[n - 1]) && isdigit((unsigned char)s[1])))
                break;
            if (n < WORD_MAX - 1) w[n++] = *s;
            s++;
        }
        w[n] = '\0';
        words->count++;
    }
}

/* The word without a trailing colon or '=', lower case. */
static void key_of(const char *word, char *key, size_t size) {
    size_t n = 0;
    for (; word[n] && n < size - 1; n++) key[n] = (char)tolower((unsigned char)word[n]);
    key[n] = '\0';
    while (n > 0 && (key[n - 1] == ':' || key[n - 1] == '=')) key[--n] = '\0';
}

static bool key_is(const char *key, const char *const *names) {
    for (; *names; names++)
        if (strcmp(key, *names) == 0) return true;
    return false;
}

/* A number with an optional sign, maybe the end of a range "4-12" (the last part counts:
 * a selective depth). */
static bool read_int(const char *word, int *value) {
    const char *s = word;
    if (*s == '+') s++;
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s) return false;
    if (*end == '-' && isdigit((unsigned char)end[1])) v = strtol(end + 1, &end, 10);
    if (*end && *end != ',' && *end != ';') return false;
    if (v < -1000000000L || v > 1000000000L) return false;
    *value = (int)v;
    return true;
}

static const char *const DEPTH_KEYS[] = {"depth", "dep", "d", NULL};
static const char *const SCORE_KEYS[] = {"score", "ev", "eval", "evaluation", "val", "value", NULL};
static const char *const PV_KEYS[] = {"pv", "bestline", "best", "line", NULL};

/* After a score key: "131", "+40", "win in 3", "loss in 2", "M5", "-M3". */
static int read_score(Thinking *t, const Words *w, int i) {
    if (i >= w->count) return i;
    char key[WORD_MAX];
    key_of(w->word[i], key, sizeof key);
    int n;
    if ((strcmp(key, "win") == 0 || strcmp(key, "loss") == 0 || strcmp(key, "lose") == 0) &&
        i + 2 < w->count && strcasecmp(w->word[i + 1], "in") == 0 && read_int(w->word[i + 2], &n)) {
        t->mate = key[0] == 'w' ? n : -n;
        t->has_score = true;
        return i + 3;
    }
    const char *m = key[0] == '+' || key[0] == '-' ? key + 1 : key;
    if (m[0] == 'm' && read_int(m + 1, &n) && n > 0) {
        t->mate = key[0] == '-' ? -n : n;
        t->has_score = true;
        return i + 1;
    }
    if (read_int(w->word[i], &t->score)) {
        t->has_score = true;
        return i + 1;
    }
    return i;
}

static int read_pv(Thinking *t, const Words *w, int i, int width, int height) {
    for (; i < w->count && t->pv_count < THINKING_PV_MAX; i++) {
        int x, y;
        if (notation_parse(w->word[i], width, height, &x, &y) != NOTATION_OK) break;
        t->pv_x[t->pv_count] = x;
        t->pv_y[t->pv_count] = y;
        t->pv_count++;
    }
    return i;
}

static void keep_text(char *out, const char *text) {
    int n = 0;
    for (; *text && n < THINKING_TEXT_MAX - 1; text++)
        if (isprint((unsigned char)*text)) out[n++] = *text;
    out[n] = '\0';
}

void thinking_parse(Thinking *t, int side, const char *text, int width, int height) {
    memset(t, 0, sizeof *t);
    t->side = side;
    keep_text(t->text, text);
    Words *w = malloc(sizeof *w);
    if (!w) return;
    split(t->text, w);
    for (int i = 0; i < w->count;) {
        char key[WORD_MAX];
        key_of(w->word[i], key, sizeof key);
        int value;
        if (key_is(key, DEPTH_KEYS) && i + 1 < w->count && read_int(w->word[i + 1], &value)) {
            t->depth = value;
            t->has_depth = true;
            i += 2;
        } else if (strcmp(key, "multipv") == 0 && i + 1 < w->count && read_int(w->word[i + 1], &value)) {
            t->multipv = value > 0 ? value : 0;
            i += 2;
        } else if (key_is(key, SCORE_KEYS) && !t->has_score) {
            const int next = read_score(t, w, i + 1);
            i = next > i + 1 ? next : i + 1;
        } else if (key_is(key, PV_KEYS) && t->pv_count == 0) {
            i = read_pv(t, w, i + 1, width, height);
        } else {
            i++;
        }
    }
    free(w);
}

void thinking_describe(const Thinking *t, int height, char *out, int size) {
    if (!t->has_depth && !t->has_score && t->pv_count == 0) {
        snprintf(out, (size_t)size, "%s", t->text);
        return;
    }
    int n = 0;
    const size_t cap = (size_t)size;
#define ADD(...)                                                                                   \
    do {                                                                                           \
        if (n >= 0 && (size_t)n < cap) n += snprintf(out + n, cap - (size_t)n, __VA_ARGS__);       \
    } while (0)
    out[0] = '\0';
    if (t->has_depth) ADD("depth %d  ", t->depth);
    if (t->has_score && t->mate > 0) ADD("win in %d  ", t->mate);
    else if (t->has_score && t->mate < 0) ADD("loss in %d  ", -t->mate);
    else if (t->has_score) ADD("score %+d  ", t->score);
    if (t->pv_count) ADD("pv");
    for (int i = 0; i < t->pv_count; i++) {
        char cell[8];
        notation_cell(t->pv_x[i], t->pv_y[i], height, cell, sizeof cell);
        ADD(" %s", cell);
    }
#undef ADD
    /* drop the trailing blanks */
    size_t len = strlen(out);
    while (len > 0 && out[len - 1] == ' ') out[--len] = '\0';
}
