#include "brain_dialogue.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "coords.h"

bool reply_is(const char *line, const char *word) {
    const size_t n = strlen(word);
    return strncasecmp(line, word, n) == 0 && (line[n] == '\0' || line[n] == ' ');
}

BrainRead dialogue_read(BrainProcess *brain, char *line, size_t size, int64_t deadline,
                        BrainMessageFn on_message, void *context) {
    for (;;) {
        const BrainRead status = brain_read(brain, line, size, deadline);
        if (status != BRAIN_READ_OK) return status;
        if (reply_is(line, "MESSAGE")) {
            if (on_message) on_message(context, line[7] ? line + 8 : "");
            continue;
        }
        if (!reply_is(line, "DEBUG")) return status;
    }
}

void dialogue_start_command(int width, int height, char *text, size_t size) {
    if (width == height)
        snprintf(text, size, "START %d", width);
    else
        snprintf(text, size, "RECTSTART %d,%d", width, height);
}

BrainRead dialogue_start(BrainProcess *brain, int width, int height, int64_t deadline, char *line,
                         size_t size, bool *refused) {
    char command[64];
    dialogue_start_command(width, height, command, sizeof command);
    BrainRead status = brain_send(brain, command) ? BRAIN_READ_OK : BRAIN_READ_EOF;
    *refused = false;
    while (status == BRAIN_READ_OK) {
        status = dialogue_read(brain, line, size, deadline, NULL, NULL);
        if (status != BRAIN_READ_OK || strcasecmp(line, "OK") == 0) break;
        if (reply_is(line, "ERROR") || reply_is(line, "UNKNOWN")) {
            *refused = true;
            break;
        }
    }
    return status;
}

bool dialogue_send_board(BrainProcess *brain, const int *x, const int *y, int count, int color) {
    bool ok = brain_send(brain, "BOARD");
    for (int i = 0; ok && i < count; i++) {
        const int stone_color = i % 2 == 0 ? BLACK : WHITE;
        ok = brain_sendf(brain, "%d,%d,%d", x[i], y[i], stone_color == color ? 1 : 2);
    }
    return ok && brain_send(brain, "DONE");
}

static bool parse_number(const char **p, int *value) {
    while (**p == ' ' || **p == '\t') (*p)++;
    if (!isdigit((unsigned char)**p) && **p != '-') return false;
    char *end;
    errno = 0;
    const long v = strtol(*p, &end, 10);
    if (end == *p || errno || v < -100000 || v > 100000) return false;
    *value = (int)v;
    *p = end;
    while (**p == ' ' || **p == '\t') (*p)++;
    return true;
}

bool dialogue_parse_move(const char *line, int *x, int *y) {
    const char *p = line;
    if (!parse_number(&p, x) || *p++ != ',') return false;
    return parse_number(&p, y) && *p == '\0';
}
