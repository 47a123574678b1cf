/* test_tactics: the tactics tool's VCT set maker and referee ($WUZI_TOOLS/tactics), on one
 * self-play game of the runner's: after 38 plies black, to move, has a win by threes (the
 * referee proves 4,9 there; a far corner, a near cell it cannot prove (3,9) and the same move
 * for the other side are refused). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

/* Round 17 of a tc=10/0.2 self-play SPRT (wuzi-tournament's PGN, as written). */
static const char GAME[] =
    "[Event \"wuzi-tournament\"]\n[Round \"17\"]\n[Black \"new\"]\n[White \"old\"]\n[Result \"0-1\"]\n"
    "[Termination \"new made five\"]\n[Board \"15x15\"]\n[Rule \"freestyle\"]\n[OpeningStones \"3\"]\n"
    "[PlyCount \"55\"]\n\n"
    "1. i9 h6 2. e7 g7 3. f8 g9 4. g8 h8 5. i7 i6 6. h9 f7 7. f6 e8 8. g6 j7 \n"
    "9. l9 k9 10. i10 j11 11. d6 h5 12. c5 b4 13. g4 h4 14. h7 f5 15. c6 e6 16. h10 j10 \n"
    "17. f10 h3 18. h2 j8 19. j9 i8 20. e10 g10 21. f9 d11 22. f12 f11 23. g11 e13 24. k8 h11 \n"
    "25. l7 m6 26. d8 c9 27. e9 h12 28. c7 0-1\n\n";
/* The same game's first 30 plies only: no win by threes yet. */
static const char EARLY[] =
    "[Event \"wuzi-tournament\"]\n[Round \"1\"]\n[Black \"new\"]\n[White \"old\"]\n[Result \"0-1\"]\n"
    "[Board \"15x15\"]\n[Rule \"freestyle\"]\n[OpeningStones \"3\"]\n[PlyCount \"30\"]\n\n"
    "1. i9 h6 2. e7 g7 3. f8 g9 4. g8 h8 5. i7 i6 6. h9 f7 7. f6 e8 8. g6 j7 \n"
    "9. l9 k9 10. i10 j11 11. d6 h5 12. c5 b4 13. g4 h4 14. h7 f5 15. c6 e6 0-1\n\n";
/* The position after 38 plies, as the tool's rows write it. */
static const char POSITION[] =
    "8,8 7,5 4,6 6,6 5,7 6,8 6,7 7,7 8,6 8,5 7,8 5,6 5,5 4,7 6,5 9,6 11,8 10,8 8,9 9,10 3,5 7,4 "
    "2,4 1,3 6,3 7,3 7,6 5,4 2,5 4,5 7,9 9,9 5,9 7,2 7,1 9,7 9,8 8,7";

static char directory[] = "/tmp/wuzi-tactics-XXXXXX";

static const char *tool(void) {
    static char path[512];
    const char *tools = getenv("WUZI_TOOLS");
    if (!tools) return NULL;
    snprintf(path, sizeof path, "%s/tactics", tools);
    return access(path, X_OK) == 0 ? path : NULL;
}

static void write_file(const char *name, const char *text) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s", directory, name);
    FILE *file = fopen(path, "w");
    CHECK(file != NULL);
    if (!file) return;
    fputs(text, file);
    fclose(file);
}

/* Runs the tool with `arguments` (file names relative to the test's folder); its output,
 * comment lines left out, into `out`. */
static void run_tool(const char *arguments, char *out, size_t size) {
    char command[1024];
    snprintf(command, sizeof command, "cd %s && '%s' %s 2>/dev/null", directory, tool(), arguments);
    out[0] = 0;
    FILE *pipe = popen(command, "r");
    CHECK(pipe != NULL);
    if (!pipe) return;
    char line[8192];
    size_t used = 0;
    while (fgets(line, sizeof line, pipe)) {
        if (line[0] == '#') continue;
        used += (size_t)snprintf(out + used, size - used, "%s", line);
        if (used >= size) used = size - 1;
    }
    CHECK(pclose(pipe) == 0);
}

static int count_lines_starting(const char *text, const char *prefix) {
    int count = 0;
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        count += !strncmp(line, prefix, strlen(prefix));
    return count;
}

static void test_makes_the_first_vct_position_of_a_game(void) {
    write_file("game.pgn", GAME);
    static char out[1 << 16];
    run_tool("--make-vct --nodes 100000 game.pgn", out, sizeof out);
    CHECKF(count_lines_starting(out, "vct-") == 1, "rows: %s", out);
    char *columns[10] = {0};
    int count = 0;
    for (char *field = strtok(out, "\t\n"); field && count < 10; field = strtok(NULL, "\t\n"))
        columns[count++] = field;
    CHECK(count == 10);
    if (count < 10) return;
    CHECK(!strcmp(columns[1], "freestyle") && !strcmp(columns[2], "15"));
    CHECKF(!strcmp(columns[3], POSITION), "position %s", columns[3]);
    CHECK(!strcmp(columns[4], "black"));
    CHECK(!strcmp(columns[6], "vct") && !strcmp(columns[7], "game.pgn#17"));
    /* the row's answer is a move the referee proves */
    char row[8192];
    snprintf(row, sizeof row, "x\tfreestyle\t15\t%s\tblack\t%s\tvct\t-\t-\t-\n", POSITION, columns[5]);
    write_file("made.tsv", row);
    run_tool("--prove 100000 made.tsv", out, sizeof out);
    CHECKF(count_lines_starting(out, "x\t") == 1 && strstr(out, "\tproved\n"), "%s", out);
}

static void test_a_game_without_a_vct_gives_no_row(void) {
    write_file("early.pgn", EARLY);
    static char out[1 << 16];
    run_tool("--make-vct --nodes 100000 early.pgn", out, sizeof out);
    CHECKF(count_lines_starting(out, "vct-") == 0, "rows: %s", out);
}

static void test_the_referee_proves_wins_and_refuses_the_rest(void) {
    char row[8192];
    snprintf(row, sizeof row, "x\tfreestyle\t15\t%s\tblack\t4,9|0,0|3,9\tvct\t-\t-\t-\n", POSITION);
    write_file("answers.tsv", row);
    static char out[1 << 16];
    run_tool("--prove 100000 answers.tsv", out, sizeof out);
    CHECKF(strstr(out, "x\t4,9\tproved\n") != NULL, "%s", out);
    CHECKF(strstr(out, "x\t0,0\tnot proved\n") != NULL, "%s", out);
    CHECKF(strstr(out, "x\t3,9\tnot proved\n") != NULL, "%s", out);
    CHECK(strstr(out, "answers proved 1\n") != NULL);
    /* the other side to move has no win to prove */
    snprintf(row, sizeof row, "x\tfreestyle\t15\t%s\twhite\t4,9\tvct\t-\t-\t-\n", POSITION);
    write_file("white.tsv", row);
    run_tool("--prove 100000 white.tsv", out, sizeof out);
    CHECKF(strstr(out, "x\t4,9\tnot proved\n") != NULL, "%s", out);
}

int main(void) {
    if (!tool()) {
        check_skip(3, "the tactics tool's VCT sets", "WUZI_TOOLS/tactics is not there");
        return check_summary();
    }
    if (!mkdtemp(directory)) {
        printf("FAIL: cannot make a folder\n");
        return 1;
    }
    RUN(test_makes_the_first_vct_position_of_a_game);
    RUN(test_a_game_without_a_vct_gives_no_row);
    RUN(test_the_referee_proves_wins_and_refuses_the_rest);
    char command[256];
    snprintf(command, sizeof command, "rm -rf %s", directory);
    if (system(command) != 0) printf("NOTE: %s not removed\n", directory);
    return check_summary();
}
