#include "records.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

const char *result_text(GameResult result) {
    switch (result) {
    case RESULT_BLACK_WINS: return "1-0";
    case RESULT_WHITE_WINS: return "0-1";
    case RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

double result_black_points(GameResult result) {
    return result == RESULT_BLACK_WINS ? 1.0 : result == RESULT_WHITE_WINS ? 0.0 : 0.5;
}

static int psq_code(const GameRecord *record) {
    switch (record->end) {
    case END_NORMAL: return 0;
    case END_TIME: return 15;
    case END_ERROR: return -2;
    }
    return -1;
}

bool records_write_psq(const char *directory, const GameRecord *record) {
    if (mkdir(directory, 0777) < 0 && errno != EEXIST) return false;
    char path[4096];
    snprintf(path, sizeof path, "%s/game_%05d.psq", directory, record->number);
    return records_save_psq(path, record);
}

bool records_save_psq(const char *path, const GameRecord *record) {
    FILE *file = fopen(path, "w");
    if (!file) return false;
    fprintf(file, "Piskvorky %dx%d, 11:11, 0\n", record->width, record->height);
    for (int i = 0; i < record->move_count; i++)
        fprintf(file, "%d,%d,%lld\n", record->x[i] + 1, record->y[i] + 1, (long long)record->ms[i]);
    fprintf(file, "%s\n%s\n%d\n", record->black, record->white, psq_code(record));
    return fclose(file) == 0;
}

/* SGF text values escape ] and \. */
static void sgf_text(FILE *file, const char *text) {
    for (; *text; text++) {
        if (*text == ']' || *text == '\\') fputc('\\', file);
        fputc(*text, file);
    }
}

static char sgf_coordinate(int v) { return (char)(v < 26 ? 'a' + v : 'A' + v - 26); }

static bool write_sgf(const char *path, const char *mode, const GameRecord *record) {
    FILE *file = fopen(path, mode);
    if (!file) return false;
    fprintf(file, "(;FF[4]GM[4]CA[UTF-8]AP[");
    sgf_text(file, record->application[0] ? record->application : "wuzi-tournament");
    fprintf(file, "]");
    if (record->width == record->height)
        fprintf(file, "SZ[%d]", record->width);
    else
        fprintf(file, "SZ[%d:%d]", record->width, record->height);
    fprintf(file, "RU[%s]GN[%d]PB[", rule_name(record->rule), record->number);
    sgf_text(file, record->black);
    fprintf(file, "]PW[");
    sgf_text(file, record->white);
    fprintf(file, "]");
    if (record->result != RESULT_NONE)
        fprintf(file, "RE[%s]", record->result == RESULT_BLACK_WINS   ? "B+"
                                : record->result == RESULT_WHITE_WINS ? "W+"
                                                                      : "0");
    if (record->reason[0]) {
        fprintf(file, "C[");
        sgf_text(file, record->reason);
        fprintf(file, "]");
    }
    fprintf(file, "\n");
    for (int i = 0; i < record->move_count; i++)
        fprintf(file, ";%c[%c%c]%s", i % 2 ? 'W' : 'B', sgf_coordinate(record->x[i]),
                sgf_coordinate(record->y[i]), i % 10 == 9 ? "\n" : "");
    fprintf(file, ")\n");
    return fclose(file) == 0;
}

bool records_append_sgf(const char *path, const GameRecord *record) {
    return write_sgf(path, "a", record);
}

bool records_save_sgf(const char *path, const GameRecord *record) {
    return write_sgf(path, "w", record);
}

/* PGN's Result puts White's score first, as rating tools (BayesElo, Ordo) read it. */
static const char *pgn_result(GameResult result) {
    switch (result) {
    case RESULT_BLACK_WINS: return "0-1";
    case RESULT_WHITE_WINS: return "1-0";
    case RESULT_DRAW: return "1/2-1/2";
    default: return "*";
    }
}

/* PGN tag values escape " and \. */
static void pgn_tag(FILE *file, const char *name, const char *value) {
    fprintf(file, "[%s \"", name);
    for (; *value; value++) {
        if (*value == '"' || *value == '\\') fputc('\\', file);
        fputc(*value, file);
    }
    fprintf(file, "\"]\n");
}

static void pgn_side_time(FILE *file, const char *side, const SideTime *time) {
    char name[32], value[32];
    snprintf(name, sizeof name, "%sLongestMs", side);
    snprintf(value, sizeof value, "%lld", (long long)time->longest_ms);
    pgn_tag(file, name, value);
    snprintf(name, sizeof name, "%sClockLeftMs", side);
    if (time->clock_left_ms < 0)
        snprintf(value, sizeof value, "-");
    else
        snprintf(value, sizeof value, "%lld", (long long)time->clock_left_ms);
    pgn_tag(file, name, value);
}

bool records_append_pgn(const char *path, const GameRecord *record) {
    FILE *file = fopen(path, "a");
    if (!file) return false;
    char value[64];
    pgn_tag(file, "Event", "wuzi-tournament");
    snprintf(value, sizeof value, "%d", record->number);
    pgn_tag(file, "Round", value);
    pgn_tag(file, "Black", record->black);
    pgn_tag(file, "White", record->white);
    pgn_tag(file, "Result", pgn_result(record->result));
    pgn_tag(file, "Termination", record->reason);
    snprintf(value, sizeof value, "%dx%d", record->width, record->height);
    pgn_tag(file, "Board", value);
    pgn_tag(file, "Rule", rule_name(record->rule));
    /* pos notation counts rows from the top, unlike the books (and wuzi-play): say so */
    pgn_tag(file, "Coordinates", PGN_COORDINATES);
    snprintf(value, sizeof value, "%d", record->opening_count);
    pgn_tag(file, "OpeningStones", value);
    snprintf(value, sizeof value, "%d", record->move_count);
    pgn_tag(file, "PlyCount", value);
    pgn_side_time(file, "Black", &record->black_time);
    pgn_side_time(file, "White", &record->white_time);
    fprintf(file, "\n");
    for (int i = 0; i < record->move_count; i++) {
        if (i % 2 == 0) fprintf(file, "%d. ", i / 2 + 1);
        fprintf(file, "%c%d ", 'a' + record->x[i], record->y[i] + 1);
        if (i % 16 == 15) fprintf(file, "\n");
    }
    fprintf(file, "%s\n\n", pgn_result(record->result));
    return fclose(file) == 0;
}
