/* What analysis GUIs (Yixin-Board and its kin) ask of the real pbrain-wuzi ($WUZI_BRAIN): YXNBEST's
 * distinct moves, best first (on an empty board, after a game, at timeout_turn 0, a five ranked
 * as the win it is), its ranked lines, the realtime lines of show_detail, INFO rule 2 as renju,
 * hash_size in KiB, "win in N" counted to the five, and a deep think on a small stack. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "board.h"
#include "brain_pipe.h"
#include "check.h"
#include "rules.h"

#define REPLY_MS 10000
#define EXIT_MS 3000
#define NBEST_MAX 8

static BrainPipe brain;
static char line[BRAIN_LINE_MAX];

static bool start(void) {
    const char *args[] = {"--level", "max", NULL};
    if (!brain_pipe_start(&brain, args)) {
        CHECKF(false, "cannot start the brain ($WUZI_BRAIN = %s)", brain_pipe_program() ? brain_pipe_program() : "unset");
        return false;
    }
    brain_pipe_send(&brain, "START 15");
    const bool ok = brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS) && strcmp(line, "OK") == 0;
    CHECKF(ok, "START 15: '%s'", line);
    return ok;
}

static void finish(void) {
    brain_pipe_send(&brain, "END");
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0);
    CHECKF(brain_pipe_stderr(&brain)[0] == '\0', "stderr: %s", brain_pipe_stderr(&brain));
    brain_pipe_finish(&brain);
}

static bool starts_with(const char *text, const char *prefix) { return strncmp(text, prefix, strlen(prefix)) == 0; }

/* Stones as BOARD lines: {x, y, field}. */
static void send_board(const int (*stones)[3], int count) {
    brain_pipe_send(&brain, "BOARD");
    for (int i = 0; i < count; i++) brain_pipe_send(&brain, "%d,%d,%d", stones[i][0], stones[i][1], stones[i][2]);
    brain_pipe_send(&brain, "DONE");
}

/* The cells of a line of x,y words after `prefix`; how many. */
static int parse_cells(const char *text, int cells[][2], int max) {
    int count = 0, used = 0;
    while (count < max && sscanf(text, " %d,%d%n", &cells[count][0], &cells[count][1], &used) == 2) {
        count++;
        text += used;
    }
    return count;
}

typedef struct Ranked {
    int depth, rank;
    char score[32];
} Ranked;

/* YXNBEST `n`: the last iteration's ranked lines, the NBEST cells and the move. Returns how many
 * NBEST cells came (0 on a bad answer). */
static int nbest(int n, int cells[][2], Ranked *ranked, int *ranked_count, int move[2]) {
    brain_pipe_send(&brain, "YXNBEST %d", n);
    *ranked_count = 0;
    int count = 0;
    while (brain_pipe_read(&brain, line, sizeof line, REPLY_MS)) {
        Ranked r = {0};
        const char *score = strstr(line, " score "), *nodes = strstr(line, " nodes ");
        if (sscanf(line, "MESSAGE depth %d multipv %d", &r.depth, &r.rank) == 2 && score && nodes && nodes > score) {
            snprintf(r.score, sizeof r.score, "%.*s", (int)(nodes - score - 7), score + 7);
            if (r.rank == 1) *ranked_count = 0;
            if (*ranked_count < NBEST_MAX) ranked[(*ranked_count)++] = r;
            continue;
        }
        if (starts_with(line, "MESSAGE NBEST ")) {
            count = parse_cells(line + strlen("MESSAGE NBEST "), cells, NBEST_MAX);
            continue;
        }
        if (starts_with(line, "MESSAGE ")) continue;
        int got[1][2] = {{-1, -1}};
        CHECKF(parse_cells(line, got, 1) == 1, "YXNBEST %d: the reply '%s' is not a move", n, line);
        move[0] = got[0][0];
        move[1] = got[0][1];
        return count;
    }
    CHECKF(false, "YXNBEST %d: no reply", n);
    return 0;
}

/* `count` cells, all on the board, empty in `taken` (15x15, may be NULL) and distinct. */
static void check_distinct(int cells[][2], int count, const unsigned char *taken, const char *what) {
    for (int i = 0; i < count; i++) {
        CHECKF(cells[i][0] >= 0 && cells[i][0] < 15 && cells[i][1] >= 0 && cells[i][1] < 15, "%s: %d,%d is off the board",
               what, cells[i][0], cells[i][1]);
        if (taken) CHECKF(!taken[cells[i][1] * 15 + cells[i][0]], "%s: %d,%d is taken", what, cells[i][0], cells[i][1]);
        for (int j = 0; j < i; j++)
            CHECKF(cells[i][0] != cells[j][0] || cells[i][1] != cells[j][1], "%s: %d,%d twice", what, cells[i][0],
                   cells[i][1]);
    }
}

static int score_value(const char *score) {
    int n;
    if (sscanf(score, "win in %d", &n) == 1) return 100000 - n;
    if (sscanf(score, "loss in %d", &n) == 1) return -100000 + n;
    return atoi(score);
}

static void test_nbest_on_a_fresh_empty_board(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "INFO timeout_turn 500");
    int cells[NBEST_MAX][2], move[2], ranked_count;
    Ranked ranked[NBEST_MAX];
    const int count = nbest(3, cells, ranked, &ranked_count, move);
    CHECKF(count == 3, "YXNBEST 3 on an empty board gave %d cells", count);
    check_distinct(cells, count, NULL, "empty board");
    CHECKF(count > 0 && cells[0][0] == 7 && cells[0][1] == 7, "the centre is not first");
    CHECKF(move[0] == cells[0][0] && move[1] == cells[0][1], "the reply is not the first of NBEST");
    finish();
}

static void test_nbest_after_a_game(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "INFO timeout_turn 300");
    brain_pipe_send(&brain, "BEGIN");
    CHECK(brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS));
    brain_pipe_send(&brain, "TURN 7,8");
    CHECK(brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS));
    brain_pipe_send(&brain, "RESTART");
    CHECK(brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS) && strcmp(line, "OK") == 0);
    const int stones[][3] = {{7, 7, 1}, {8, 8, 2}, {6, 8, 1}, {8, 6, 2}};
    send_board(stones, 4);
    CHECK(brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS));
    int played[1][2] = {{0, 0}};
    CHECK(parse_cells(line, played, 1) == 1);
    unsigned char taken[15 * 15] = {0};
    for (int i = 0; i < 4; i++) taken[stones[i][1] * 15 + stones[i][0]] = 1;
    taken[played[0][1] * 15 + played[0][0]] = 1;
    brain_pipe_send(&brain, "INFO timeout_turn 1500");
    int cells[NBEST_MAX][2], move[2], ranked_count;
    Ranked ranked[NBEST_MAX];
    int count = nbest(3, cells, ranked, &ranked_count, move);
    CHECKF(count == 3, "YXNBEST 3 after a game gave %d cells", count);
    check_distinct(cells, count, taken, "after a game");
    CHECKF(ranked_count == 3, "the last iteration ranked %d lines", ranked_count);
    for (int i = 1; i < ranked_count; i++)
        CHECKF(score_value(ranked[i].score) <= score_value(ranked[i - 1].score), "line %d scores %s after %s", i + 1,
               ranked[i].score, ranked[i - 1].score);
    CHECKF(move[0] == cells[0][0] && move[1] == cells[0][1], "the reply is not the first of NBEST");
    brain_pipe_send(&brain, "INFO timeout_turn 0");
    count = nbest(3, cells, ranked, &ranked_count, move);
    CHECKF(count == 3, "YXNBEST 3 at timeout_turn 0 gave %d cells", count);
    check_distinct(cells, count, taken, "timeout_turn 0");
    finish();
}

/* An open four of ours: both of its ends make five, and both rank as a win in one. */
static void test_nbest_ranks_every_five(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "INFO timeout_turn 500");
    const int stones[][3] = {{5, 7, 1}, {5, 9, 2}, {6, 7, 1}, {6, 9, 2}, {7, 7, 1}, {9, 12, 2}, {8, 7, 1}, {12, 2, 2}};
    brain_pipe_send(&brain, "YXBOARD");
    for (int i = 0; i < 8; i++) brain_pipe_send(&brain, "%d,%d,%d", stones[i][0], stones[i][1], stones[i][2]);
    brain_pipe_send(&brain, "DONE");
    int cells[NBEST_MAX][2], move[2], ranked_count;
    Ranked ranked[NBEST_MAX];
    const int count = nbest(2, cells, ranked, &ranked_count, move);
    CHECKF(count == 2, "YXNBEST 2 gave %d cells", count);
    for (int i = 0; i < count; i++)
        CHECKF(cells[i][1] == 7 && (cells[i][0] == 4 || cells[i][0] == 9), "NBEST %d is %d,%d, not a five", i + 1,
               cells[i][0], cells[i][1]);
    for (int i = 0; i < ranked_count; i++)
        CHECKF(strncmp(ranked[i].score, "win in 1", 8) == 0, "line %d: score %s", i + 1, ranked[i].score);
    finish();
}

/* Black's double three at 7,7 (black to move): INFO rule 2 is Yixin-Board's renju. */
static void test_rule_2_is_renju(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "INFO rule 2");
    const int stones[][3] = {{5, 7, 1}, {0, 0, 2}, {6, 7, 1}, {0, 14, 2}, {7, 5, 1}, {14, 0, 2}, {7, 6, 1}, {14, 14, 2}};
    brain_pipe_send(&brain, "YXBOARD");
    for (int i = 0; i < 8; i++) brain_pipe_send(&brain, "%d,%d,%d", stones[i][0], stones[i][1], stones[i][2]);
    brain_pipe_send(&brain, "DONE");
    brain_pipe_send(&brain, "YXSHOWFORBID");
    CHECK(brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS));
    CHECKF(starts_with(line, "FORBID ") && strstr(line, "0707"), "INFO rule 2: YXSHOWFORBID '%s'", line);
    brain_pipe_send(&brain, "INFO rule 6");   /* freestyle with swap2: nothing is forbidden */
    brain_pipe_send(&brain, "YXSHOWFORBID");
    CHECK(brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS));
    CHECKF(strcmp(line, "FORBID .") == 0, "INFO rule 6: YXSHOWFORBID '%s'", line);
    finish();
}

static void test_hash_size_in_kib(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "INFO hash_size 8192");
    brain_pipe_send(&brain, "YXSHOWINFO");
    bool seen = false;
    while (!seen && brain_pipe_read(&brain, line, sizeof line, 500)) seen = strcmp(line, "MESSAGE INFO HASH_SIZE 8192") == 0;
    CHECKF(seen, "INFO hash_size 8192 (KiB) is not the table's size");
    finish();
}

/* The VCF of test_search's two fours: "win in N" must be the N-th own move of its line making five. */
static void test_win_in_n_counts_to_the_five(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "INFO timeout_turn 2000");
    /* ours (black, to move): row 6 3..5, column 6 3..4, the anti-diagonal 9,2 8,3 7,4 */
    const int stones[][3] = {{3, 6, 1}, {2, 6, 2}, {4, 6, 1}, {6, 2, 2}, {5, 6, 1}, {10, 1, 2}, {6, 3, 1},
                             {8, 12, 2}, {6, 4, 1}, {10, 12, 2}, {9, 2, 1}, {12, 12, 2}, {8, 3, 1}, {0, 14, 2},
                             {7, 4, 1}, {14, 0, 2}};
    send_board(stones, 16);
    int n = 0, pv[64][2], pv_length = 0;
    while (brain_pipe_read(&brain, line, sizeof line, REPLY_MS) && starts_with(line, "MESSAGE ")) {
        const char *win = strstr(line, "score win in ");
        const char *cells = strstr(line, " pv ");
        if (win && cells) {
            n = atoi(win + strlen("score win in "));
            pv_length = parse_cells(cells + 4, pv, 64);
        }
    }
    CHECKF(n > 0 && pv_length > 0, "no win reported (last line '%s')", line);
    Board board;
    board_init(&board, geometry_get(15, 15, 5, 0));
    for (int i = 0; i < 16; i++) board_put(&board, cell_at(stones[i][0], stones[i][1]), stones[i][2] == 1 ? BLACK : WHITE);
    board.to_move = BLACK;
    const int us = BLACK;
    int own_moves = 0, five_at = 0;
    for (int i = 0; i < pv_length && !five_at; i++) {
        const int cell = cell_at(pv[i][0], pv[i][1]);
        if (board.cell[cell] != EMPTY) break;
        const int mover = board.to_move;
        board_make(&board, cell);
        if (mover == us) own_moves++;
        if (rules_wins_at(&board, cell, mover)) five_at = mover == us ? own_moves : -1;
    }
    CHECKF(five_at == n, "'win in %d' but the line makes five at own move %d", n, five_at);
    finish();
}

static void test_realtime_lines(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "INFO show_detail 3");
    brain_pipe_send(&brain, "INFO timeout_turn 1500");
    const int stones[][3] = {{7, 7, 2}, {8, 8, 1}, {8, 6, 2}};
    send_board(stones, 3);
    int best = 0, searching = 0;
    while (brain_pipe_read(&brain, line, sizeof line, REPLY_MS) && starts_with(line, "MESSAGE ")) {
        int x, y;
        if (sscanf(line, "MESSAGE REALTIME BEST %d,%d", &x, &y) == 2) best++;
        if (sscanf(line, "MESSAGE REALTIME POS %d,%d", &x, &y) == 2) searching++;
    }
    CHECKF(best > 0 && searching > 0, "show_detail 3: %d BEST and %d POS lines", best, searching);
    int x, y;
    CHECKF(sscanf(line, "%d,%d", &x, &y) == 2, "no move after the realtime lines: '%s'", line);
    finish();
}

/* A deep think (two threads, 3 s) with the default stack limited to 128 KB: every thread that
 * searches asks for its own stack, so the brain answers as it would anywhere. */
static void test_deep_think_on_a_small_stack(void) {
    struct rlimit saved, small;
    CHECK(getrlimit(RLIMIT_STACK, &saved) == 0);
    small = saved;
    small.rlim_cur = 128 * 1024;
    CHECK(setrlimit(RLIMIT_STACK, &small) == 0);
    const bool started = start();
    setrlimit(RLIMIT_STACK, &saved);
    if (!started) return;
    brain_pipe_send(&brain, "INFO thread_num 2");
    brain_pipe_send(&brain, "INFO timeout_turn 3000");
    const int stones[][3] = {{7, 7, 2}, {8, 8, 1}, {8, 6, 2}, {6, 8, 1}, {9, 7, 2}};
    send_board(stones, 5);
    int x, y;
    CHECKF(brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS) && sscanf(line, "%d,%d", &x, &y) == 2,
           "no move from a deep think on a 128 KB default stack: '%s'", line);
    finish();
}

int main(void) {
    if (!brain_pipe_program()) {
        check_skip(8, "analysis tests", "WUZI_BRAIN is not set");
        return check_summary();
    }
    RUN(test_nbest_on_a_fresh_empty_board);
    RUN(test_nbest_after_a_game);
    RUN(test_nbest_ranks_every_five);
    RUN(test_rule_2_is_renju);
    RUN(test_hash_size_in_kib);
    RUN(test_win_in_n_counts_to_the_five);
    RUN(test_realtime_lines);
    RUN(test_deep_think_on_a_small_stack);
    return check_summary();
}
