/* Cross-check of the renju judge against the .tsv files in ../shared/data/rules (public rule cases), run
 * when that folder is there (as in CI); the project's own rule tests are in test_rules.c. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rules.h"

#define RULES_DIR "../shared/data/rules"

static void place_all(Board *board, char *list, int color) {
    if (!strcmp(list, "-")) return;
    for (char *save = NULL, *token = strtok_r(list, " ", &save); token;
         token = strtok_r(NULL, " ", &save)) {
        int x, y;
        if (sscanf(token, "%d,%d", &x, &y) == 2) board_put(board, cell_at(x, y), color);
    }
}

/* The files name a foul ("double-three"…), say just "forbidden" or "legal"/"none", or give the
 * outcome of black playing there ("black-wins", "white-wins …" for a losing foul). */
static bool agrees(Board *board, int x, int y, const char *expected, const char *note,
                   const char **judged) {
    const int cell = cell_at(x, y);
    const int color = !strncmp(note, "white", 5) ? WHITE : BLACK;
    const Foul foul = color == BLACK ? rules_foul(board, cell) : FOUL_NONE;
    *judged = foul_name(foul);
    if (!strcmp(expected, "legal") || !strcmp(expected, "none")) return foul == FOUL_NONE;
    if (!strcmp(expected, "forbidden")) return foul != FOUL_NONE;
    if (!strncmp(expected, "black-wins", 10) || !strncmp(expected, "white-wins", 10)) {
        board->to_move = BLACK;
        const Verdict verdict = rules_play(board, x, y);
        *judged = verdict == VERDICT_WIN ? "black-wins" : verdict == VERDICT_FOUL ? "foul" : "no win";
        return expected[0] == 'b' ? verdict == VERDICT_WIN : verdict == VERDICT_FOUL;
    }
    return !strcmp(*judged, expected);
}

static int cases, mismatches;

static void check_file(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) return;
    char line[8192];
    while (fgets(line, sizeof line, file)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *fields[9] = {0};
        char *save = NULL;
        int count = 0;
        for (char *field = strtok_r(line, "\t\n", &save); field && count < 9;
             field = strtok_r(NULL, "\t\n", &save))
            fields[count++] = field;
        if (count < 7) continue;
        const int size = atoi(fields[2]);
        Board board;
        board_init(&board, geometry_get(size, size, 5, RULE_RENJU));
        place_all(&board, fields[3], BLACK);
        place_all(&board, fields[4], WHITE);
        int x, y;
        if (sscanf(fields[5], "%d,%d", &x, &y) != 2) continue;
        const char *got;
        cases++;
        if (!agrees(&board, x, y, fields[6], count > 8 ? fields[8] : "", &got)) {
            mismatches++;
            check_fail(__FILE__, __LINE__, "%s: expected %s, judged %s", fields[0], fields[6], got);
        }
    }
    fclose(file);
}

static void test_shared_renju_cases(void) {
    DIR *dir = opendir(RULES_DIR);
    if (!dir) return;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        if (!strstr(entry->d_name, ".tsv")) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", RULES_DIR, entry->d_name);
        check_file(path);
    }
    closedir(dir);
    CHECKF(cases > 0, "no cases read from %s", RULES_DIR);
}

int main(void) {
    DIR *dir = opendir(RULES_DIR);
    if (!dir) {
        check_skip(1, "renju cross-check", RULES_DIR " not found");
        return check_summary();
    }
    closedir(dir);
    RUN(test_shared_renju_cases);
    printf("NOTE renju cross-check: %d cases, %d mismatches\n", cases, mismatches);
    return check_summary();
}
