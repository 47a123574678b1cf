/* Protocol tests: the real pbrain-wuzi ($WUZI_BRAIN) driven through pipes — every command,
 * every bad input (and that the position is unchanged after it), line endings, overlong lines,
 * END and YXSTOP during a think, and whole games under the command sequences of the four
 * managers. With $WUZI_TRANSCRIPTS set to a folder, the manager games are written there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "brain_pipe.h"
#include "check.h"
#include "notation.h"
#include "rules.h"

#define REPLY_MS 5000
#define EXIT_MS 3000

static BrainPipe brain;
static char line[BRAIN_LINE_MAX];

/* ---- helpers ---- */

static bool start_with(const char *const *args) {
    if (!brain_pipe_start(&brain, args)) {
        CHECKF(false, "cannot start the brain ($WUZI_BRAIN = %s)", brain_pipe_program() ? brain_pipe_program() : "unset");
        return false;
    }
    return true;
}

/* Most tests check the protocol, not the play: the instant greedy level keeps them fast
 * whatever the default level's time use. */
static bool start(void) {
    const char *args[] = {"--level", "greedy", NULL};
    return start_with(args);
}

/* The next reply that is not a MESSAGE; "" if none came in time. */
static const char *reply(void) {
    if (!brain_pipe_read_reply(&brain, line, sizeof line, REPLY_MS)) line[0] = '\0';
    return line;
}

static bool starts_with(const char *text, const char *prefix) {
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

static bool parse_move(const char *text, int *x, int *y) {
    char extra;
    return sscanf(text, "%d,%d%c", x, y, &extra) == 2;
}

/* A greedy brain with a 15x15 game started: how most tests begin. */
static bool start_15(void) {
    if (!start()) return false;
    brain_pipe_send(&brain, "START 15");
    const char *got = reply();
    CHECKF(strcmp(got, "OK") == 0, "expected 'OK' to START 15, got '%s'", got);
    return strcmp(got, "OK") == 0;
}

#define EXPECT(text)                                                                       \
    do {                                                                                   \
        const char *got_ = reply();                                                        \
        CHECKF(strcmp(got_, (text)) == 0, "expected '%s', got '%s'", (text), got_);        \
    } while (0)
#define EXPECT_PREFIX(prefix)                                                              \
    do {                                                                                   \
        const char *got_ = reply();                                                        \
        CHECKF(starts_with(got_, (prefix)), "expected '%s…', got '%s'", (prefix), got_);   \
    } while (0)

/* A move reply: on the board and not on an occupied cell of `taken` (w×h, row-major). */
static bool expect_move(int width, int height, const unsigned char *taken, int *x, int *y) {
    const char *got = reply();
    if (!parse_move(got, x, y)) {
        CHECKF(false, "expected a move, got '%s'", got);
        return false;
    }
    if (*x < 0 || *y < 0 || *x >= width || *y >= height) {
        CHECKF(false, "move %d,%d is off the %dx%d board", *x, *y, width, height);
        return false;
    }
    if (taken && taken[*y * width + *x]) {
        CHECKF(false, "move %d,%d is on an occupied cell", *x, *y);
        return false;
    }
    return true;
}

/* No line comes before the ABOUT reply: proves that the commands before printed nothing. */
static void expect_silence(void) {
    brain_pipe_send(&brain, "ABOUT");
    EXPECT_PREFIX("name=\"Wuzi\"");
}

/* END: exits promptly with status 0, nothing printed after it, stderr silent. */
static void finish_with_end(void) {
    brain_pipe_send(&brain, "END");
    CHECKF(brain_pipe_wait(&brain, EXIT_MS), "no exit within %d ms of END", EXIT_MS);
    CHECKF(brain.exited && brain.status == 0, "exit status %d", brain.status);
    CHECKF(!brain_pipe_read(&brain, line, sizeof line, 100), "printed after END: '%s'", line);
    CHECKF(brain_pipe_stderr(&brain)[0] == '\0', "stderr: %s", brain_pipe_stderr(&brain));
    brain_pipe_finish(&brain);
}

/* ---- commands ---- */

static void test_about_before_start(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "ABOUT");
    const char *about = reply();
    CHECKF(starts_with(about, "name=\"Wuzi\", version=\""), "ABOUT: %s", about);
    CHECKF(strstr(about, "author=\"") && strstr(about, "country=\""), "ABOUT: %s", about);
    finish_with_end();
}

static void test_start_sizes(void) {
    if (!start()) return;
    const char *bad[] = {"START 4", "START 33", "START 0", "START -15", "START abc", "START",
                         "START 15,15", "RECTSTART 40,10", "RECTSTART 10", "RECTSTART 10,4",
                         "RECTSTART a,b", "START 99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        brain_pipe_send(&brain, "%s", bad[i]);
        const char *got = reply();
        CHECKF(starts_with(got, "ERROR "), "%s -> '%s'", bad[i], got);
    }
    brain_pipe_send(&brain, "START 15");
    EXPECT("OK");
    brain_pipe_send(&brain, "TURN 7,7");
    unsigned char taken[15 * 15] = {0};
    taken[7 * 15 + 7] = 1;
    int x, y;
    expect_move(15, 15, taken, &x, &y);
    /* a refused START keeps the game: 7,7 is still taken */
    brain_pipe_send(&brain, "START 40");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "TURN 7,7");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "RECTSTART 20,10");
    EXPECT("OK");
    brain_pipe_send(&brain, "BEGIN");
    expect_move(20, 10, NULL, &x, &y);
    brain_pipe_send(&brain, "START 5");
    EXPECT("OK");
    brain_pipe_send(&brain, "START 32");
    EXPECT("OK");
    finish_with_end();
}

static void test_commands_need_a_game(void) {
    if (!start()) return;
    const char *commands[] = {"BEGIN", "TURN 1,1", "TAKEBACK 1,1", "PLAY 1,1", "RESTART",
                              "YXNBEST 2", "YXSHOWFORBID", "YXBALANCEONE 0", "YXSEARCHDEFEND"};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        brain_pipe_send(&brain, "%s", commands[i]);
        const char *got = reply();
        CHECKF(starts_with(got, "ERROR "), "%s before START -> '%s'", commands[i], got);
    }
    brain_pipe_send(&brain, "BOARD");
    brain_pipe_send(&brain, "1,1,1");
    brain_pipe_send(&brain, "DONE");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "INFO timeout_turn 1000");
    expect_silence();
    brain_pipe_send(&brain, "START 15");
    EXPECT("OK");
    brain_pipe_send(&brain, "TAKEBACK 1,1");   /* the refused BOARD put nothing there */
    EXPECT_PREFIX("ERROR ");
    finish_with_end();
}

static void test_begin_turn_game(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "BEGIN");
    unsigned char taken[15 * 15] = {0};
    int x, y;
    if (!expect_move(15, 15, taken, &x, &y)) return;
    taken[y * 15 + x] = 1;
    /* we answer in a fixed scan of free cells; every reply must be new */
    int scan = 0;
    for (int move = 0; move < 20; move++) {
        while (taken[scan]) scan++;
        taken[scan] = 1;
        brain_pipe_send(&brain, "TURN %d,%d", scan % 15, scan / 15);
        if (!expect_move(15, 15, taken, &x, &y)) return;
        taken[y * 15 + x] = 1;
    }
    finish_with_end();
}

static void test_bad_coordinates_keep_position(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "BEGIN");
    unsigned char taken[15 * 15] = {0};
    int bx, by, x, y;
    if (!expect_move(15, 15, taken, &bx, &by)) return;
    taken[by * 15 + bx] = 1;
    const char *bad[] = {"TURN 15,0", "TURN 0,15", "TURN -1,3", "TURN 3", "TURN 3,4,5", "TURN a,b",
                         "TURN", "TURN 3,", "TURN ,3", "TURN 3;4", "TURN 1.5,2", "TURN 99999999999,1",
                         "TAKEBACK 2,2", "TAKEBACK 20,1", "TAKEBACK x", "PLAY 15,15", "PLAY -1,-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        brain_pipe_send(&brain, "%s", bad[i]);
        const char *got = reply();
        CHECKF(starts_with(got, "ERROR "), "%s -> '%s'", bad[i], got);
    }
    brain_pipe_send(&brain, "TURN %d,%d", bx, by);   /* occupied by our own move */
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "PLAY %d,%d", bx, by);
    EXPECT_PREFIX("ERROR ");
    /* the refused TURN 3,4,5 must not have put a stone on 3,4 */
    brain_pipe_send(&brain, "TAKEBACK 3,4");
    EXPECT_PREFIX("ERROR ");
    /* the position is exactly one stone: the next TURN works and the reply is legal */
    const int ox = bx == 0 ? 1 : bx - 1, oy = by;
    taken[oy * 15 + ox] = 1;
    brain_pipe_send(&brain, "TURN %d,%d", ox, oy);
    if (!expect_move(15, 15, taken, &x, &y)) return;
    finish_with_end();
}

static void test_takeback(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "BEGIN");
    unsigned char taken[15 * 15] = {0};
    int ax, ay, cx, cy;
    if (!expect_move(15, 15, taken, &ax, &ay)) return;
    taken[ay * 15 + ax] = 1;
    const int bx = (ax + 3) % 15, by = ay;
    taken[by * 15 + bx] = 1;
    brain_pipe_send(&brain, "TURN %d,%d", bx, by);
    if (!expect_move(15, 15, taken, &cx, &cy)) return;
    brain_pipe_send(&brain, "TAKEBACK %d,%d", cx, cy);
    EXPECT("OK");
    brain_pipe_send(&brain, "TAKEBACK %d,%d", bx, by);
    EXPECT("OK");
    brain_pipe_send(&brain, "TAKEBACK %d,%d", bx, by);
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "TAKEBACK %d,%d", cx, cy);
    EXPECT_PREFIX("ERROR ");
    /* only our first stone is left: the opponent may play where our second move was */
    memset(taken, 0, sizeof taken);
    taken[ay * 15 + ax] = 1;
    taken[cy * 15 + cx] = 1;
    brain_pipe_send(&brain, "TURN %d,%d", cx, cy);
    int x, y;
    if (!expect_move(15, 15, taken, &x, &y)) return;
    finish_with_end();
}

static void test_play(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "PLAY 7,7");
    EXPECT("7,7");
    brain_pipe_send(&brain, "PLAY 7,7");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "TURN 7,7");
    EXPECT_PREFIX("ERROR ");
    finish_with_end();
}

static void test_restart(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "TURN 3,3");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    brain_pipe_send(&brain, "RESTART");
    EXPECT("OK");
    brain_pipe_send(&brain, "TAKEBACK 3,3");   /* the board is empty again */
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "TURN 3,3");
    expect_move(15, 15, NULL, &x, &y);
    CHECKF(!(x == 3 && y == 3), "replied on the opponent's stone");
    finish_with_end();
}

static void test_board_block(void) {
    if (!start_15()) return;
    /* an empty block: we play first */
    brain_pipe_send(&brain, "BOARD");
    brain_pipe_send(&brain, "DONE");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    /* any order under gomoku rules; ours (1) is black here: 3 each, we are to move */
    const int stones[][3] = {{9, 9, 2}, {7, 7, 1}, {7, 8, 1}, {8, 8, 2}, {7, 9, 1}, {6, 6, 2}};
    unsigned char taken[15 * 15] = {0};
    brain_pipe_send(&brain, "BOARD");
    for (int i = 0; i < 6; i++) {
        brain_pipe_send(&brain, "%d,%d,%d", stones[i][0], stones[i][1], stones[i][2]);
        taken[stones[i][1] * 15 + stones[i][0]] = 1;
    }
    brain_pipe_send(&brain, "done");
    if (!expect_move(15, 15, taken, &x, &y)) return;
    /* our open three 7,7-7,9: the sensible move extends it (7,6 or 7,10), never a random cell */
    CHECKF(x == 7 && (y == 6 || y == 10 || y == 5 || y == 11), "did not extend the three: %d,%d", x, y);
    /* mid-game BOARD replaces the position: the old stones are gone */
    brain_pipe_send(&brain, "BOARD");
    brain_pipe_send(&brain, "0,0,2");
    brain_pipe_send(&brain, "DONE");
    int x2, y2;
    expect_move(15, 15, NULL, &x2, &y2);
    CHECKF(!(x2 == 0 && y2 == 0), "replied on the opponent's stone");
    brain_pipe_send(&brain, "TAKEBACK 7,7");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "TAKEBACK 0,0");
    EXPECT("OK");
    finish_with_end();
}

static void test_bad_board_keeps_position(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "TURN 5,5");
    int ax, ay;
    unsigned char taken[15 * 15] = {0};
    taken[5 * 15 + 5] = 1;
    if (!expect_move(15, 15, taken, &ax, &ay)) return;
    const char *blocks[][4] = {
        {"1,1,1", "2,2,4", NULL},           /* bad field */
        {"1,1,1", "1,1,2", NULL},           /* the same cell twice */
        {"1,1,1", "15,2,2", NULL},          /* off the board */
        {"1,1,1", "hello", NULL},           /* garbage */
        {"1,1", NULL},                      /* no field */
        {"1,1,1,1", NULL},                  /* too many values */
        {"-1,2,1", NULL},
    };
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        brain_pipe_send(&brain, "BOARD");
        for (int j = 0; blocks[i][j]; j++) brain_pipe_send(&brain, "%s", blocks[i][j]);
        brain_pipe_send(&brain, "DONE");
        const char *got = reply();
        CHECKF(starts_with(got, "ERROR "), "bad block %zu -> '%s'", i, got);
    }
    /* the position is still 5,5 and our reply: neither 1,1 nor 2,2 holds a stone */
    brain_pipe_send(&brain, "TAKEBACK 1,1");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "TAKEBACK %d,%d", ax, ay);
    EXPECT("OK");
    brain_pipe_send(&brain, "TAKEBACK 5,5");
    EXPECT("OK");
    /* a block cut short by a command: the block is refused, the command obeyed */
    brain_pipe_send(&brain, "BOARD");
    brain_pipe_send(&brain, "1,1,1");
    brain_pipe_send(&brain, "ABOUT");
    EXPECT_PREFIX("ERROR ");
    EXPECT_PREFIX("name=\"Wuzi\"");
    brain_pipe_send(&brain, "TAKEBACK 1,1");
    EXPECT_PREFIX("ERROR ");
    finish_with_end();
}

/* Black (us) with a double three at 7,7: under renju it is forbidden and must not be played,
 * and YXSHOWFORBID lists it; under freestyle it is the obvious move. */
static void send_double_three(void) {
    const int stones[][3] = {{5, 7, 1}, {0, 0, 2}, {6, 7, 1}, {0, 14, 2},
                             {7, 5, 1}, {14, 0, 2}, {7, 6, 1}, {14, 14, 2}};
    brain_pipe_send(&brain, "BOARD");
    for (int i = 0; i < 8; i++) brain_pipe_send(&brain, "%d,%d,%d", stones[i][0], stones[i][1], stones[i][2]);
    brain_pipe_send(&brain, "DONE");
}

static void test_renju_never_forbidden(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "INFO rule 0");
    send_double_three();
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    CHECKF(x == 7 && y == 7, "freestyle: expected the double three 7,7, got %d,%d", x, y);
    brain_pipe_send(&brain, "INFO rule 4");
    send_double_three();
    expect_move(15, 15, NULL, &x, &y);
    CHECKF(!(x == 7 && y == 7), "renju: black played the forbidden 7,7");
    brain_pipe_send(&brain, "YXBOARD");
    const int stones[][3] = {{5, 7, 1}, {0, 0, 2}, {6, 7, 1}, {0, 14, 2},
                             {7, 5, 1}, {14, 0, 2}, {7, 6, 1}, {14, 14, 2}};
    for (int i = 0; i < 8; i++) brain_pipe_send(&brain, "%d,%d,%d", stones[i][0], stones[i][1], stones[i][2]);
    brain_pipe_send(&brain, "DONE");
    brain_pipe_send(&brain, "YXSHOWFORBID");
    const char *forbid = reply();
    CHECKF(starts_with(forbid, "FORBID ") && strstr(forbid, "0707") && forbid[strlen(forbid) - 1] == '.',
           "YXSHOWFORBID: '%s'", forbid);
    brain_pipe_send(&brain, "INFO rule 1");
    brain_pipe_send(&brain, "YXSHOWFORBID");
    EXPECT("FORBID .");
    finish_with_end();
    /* the default level too, under a short limit */
    if (!start_with(NULL)) return;
    brain_pipe_send(&brain, "START 15");
    EXPECT("OK");
    brain_pipe_send(&brain, "INFO rule 4");
    brain_pipe_send(&brain, "INFO timeout_turn 300");
    send_double_three();
    expect_move(15, 15, NULL, &x, &y);
    CHECKF(!(x == 7 && y == 7), "renju, default level: black played the forbidden 7,7");
    finish_with_end();
}

static void test_info_keys_are_silent(void) {
    if (!start()) return;
    const char *infos[] = {
        "INFO timeout_turn 1000", "INFO timeout_match 100000", "INFO time_left 2147483647",
        "INFO time_left -5", "INFO max_memory 367001600", "INFO game_type 1", "INFO rule 1",
        "INFO rule 0", "INFO evaluate 3,4", "INFO folder /tmp/wuzi folder", "INFO thread_num 1",
        "INFO hash_size 1024", "INFO max_node 100000", "INFO max_depth 10", "INFO show_detail 0",
        "INFO pondering 0", "INFO level greedy", "INFO level nonsense", "INFO strength 50",
        "INFO caution 3", "INFO", "INFO timeout_turn", "INFO timeout_turn abc",
        "INFO unknown_key 1", "info TIMEOUT_TURN 500"};
    for (size_t i = 0; i < sizeof infos / sizeof infos[0]; i++) brain_pipe_send(&brain, "%s", infos[i]);
    expect_silence();
    brain_pipe_send(&brain, "START 15");
    EXPECT("OK");
    for (size_t i = 0; i < sizeof infos / sizeof infos[0]; i++) brain_pipe_send(&brain, "%s", infos[i]);
    brain_pipe_send(&brain, "BEGIN");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    finish_with_end();
}

static void test_timeout_turn_zero(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "START 20");
    EXPECT("OK");
    brain_pipe_send(&brain, "INFO timeout_turn 0");
    brain_pipe_send(&brain, "INFO time_left 0");
    brain_pipe_send(&brain, "BEGIN");
    int x, y;
    expect_move(20, 20, NULL, &x, &y);
    brain_pipe_send(&brain, "TURN 0,0");
    expect_move(20, 20, NULL, &x, &y);
    finish_with_end();
}

static void test_swap2(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "SWAP2BOARD");
    brain_pipe_send(&brain, "DONE");
    int c[6];
    const char *got = reply();
    CHECKF(sscanf(got, "%d,%d %d,%d %d,%d", &c[0], &c[1], &c[2], &c[3], &c[4], &c[5]) == 6,
           "0 stones: '%s'", got);
    for (int i = 0; i < 6; i++) CHECKF(c[i] >= 0 && c[i] < 15, "0 stones: off board '%s'", got);
    CHECKF(!(c[0] == c[2] && c[1] == c[3]) && !(c[0] == c[4] && c[1] == c[5]) &&
           !(c[2] == c[4] && c[3] == c[5]), "0 stones: repeated cell '%s'", got);
    /* 3 stones: SWAP, or 1 or 2 new cells */
    brain_pipe_send(&brain, "SWAP2BOARD");
    brain_pipe_send(&brain, "7,7");
    brain_pipe_send(&brain, "8,7");
    brain_pipe_send(&brain, "7,9");
    brain_pipe_send(&brain, "DONE");
    got = reply();
    int n = sscanf(got, "%d,%d %d,%d", &c[0], &c[1], &c[2], &c[3]);
    CHECKF(strcmp(got, "SWAP") == 0 || n == 2 || n == 4, "3 stones: '%s'", got);
    for (int i = 0; i + 1 < n; i += 2)
        CHECKF(!(c[i] == 7 && c[i + 1] == 7) && !(c[i] == 8 && c[i + 1] == 7) &&
               !(c[i] == 7 && c[i + 1] == 9), "3 stones: occupied '%s'", got);
    /* 5 stones: SWAP or one new cell */
    brain_pipe_send(&brain, "SWAP2BOARD");
    const int five[5][2] = {{7, 7}, {8, 7}, {7, 9}, {6, 8}, {9, 9}};
    for (int i = 0; i < 5; i++) brain_pipe_send(&brain, "%d,%d", five[i][0], five[i][1]);
    brain_pipe_send(&brain, "DONE");
    got = reply();
    n = sscanf(got, "%d,%d", &c[0], &c[1]);
    CHECKF(strcmp(got, "SWAP") == 0 || n == 2, "5 stones: '%s'", got);
    for (int i = 0; n == 2 && i < 5; i++)
        CHECKF(!(c[0] == five[i][0] && c[1] == five[i][1]), "5 stones: occupied '%s'", got);
    /* other counts and bad lines */
    brain_pipe_send(&brain, "SWAP2BOARD");
    brain_pipe_send(&brain, "7,7");
    brain_pipe_send(&brain, "8,8");
    brain_pipe_send(&brain, "DONE");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "SWAP2BOARD");
    brain_pipe_send(&brain, "7,7");
    brain_pipe_send(&brain, "7,7");
    brain_pipe_send(&brain, "8,8");
    brain_pipe_send(&brain, "DONE");
    EXPECT_PREFIX("ERROR ");
    brain_pipe_send(&brain, "SWAP2BOARD");
    brain_pipe_send(&brain, "7,7,1");
    brain_pipe_send(&brain, "DONE");
    EXPECT_PREFIX("ERROR ");
    finish_with_end();
}

static void test_unknown_and_case(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "HELLO world");
    EXPECT_PREFIX("UNKNOWN ");
    brain_pipe_send(&brain, "SUGGEST 1,1");
    EXPECT_PREFIX("UNKNOWN ");
    brain_pipe_send(&brain, "DONE");
    EXPECT_PREFIX("UNKNOWN ");
    /* control bytes are not echoed back raw */
    brain_pipe_send_raw(&brain, "FOO\x1b[2J\x07" "bar\n", 12);
    const char *echoed = reply();
    CHECKF(starts_with(echoed, "UNKNOWN "), "reply '%s'", echoed);
    for (const char *c = echoed; *c; c++)
        CHECKF((unsigned char)*c >= 0x20 && *c != 0x7f, "control byte %d in the reply", *c);
    brain_pipe_send(&brain, "start 15");
    EXPECT("OK");
    brain_pipe_send(&brain, "Turn 7,7");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    brain_pipe_send(&brain, "  about  ");
    EXPECT_PREFIX("name=\"Wuzi\"");
    brain_pipe_send(&brain, "board");
    brain_pipe_send(&brain, "7,7,2");
    brain_pipe_send(&brain, "Done");
    expect_move(15, 15, NULL, &x, &y);
    brain_pipe_send(&brain, "eNd");
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0);
    brain_pipe_finish(&brain);
}

static void test_line_endings(void) {
    if (!start()) return;
    const char *session = "START 15\r\nINFO timeout_turn 1000\rINFO rule 0\nBEGIN\r";
    brain_pipe_send_raw(&brain, session, strlen(session));
    EXPECT("OK");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    /* a BOARD block whose lines end differently (qpiskvork), split across writes */
    const char *block = "BOARD\r\n7,7,2\n8,8,1\r9,9,2\r\n\r\n10,10";
    brain_pipe_send_raw(&brain, block, strlen(block));
    const char *rest = ",1\n11,11,2\rDONE\r\n";
    brain_pipe_send_raw(&brain, rest, strlen(rest));
    unsigned char taken[15 * 15] = {0};
    for (int i = 7; i <= 11; i++) taken[i * 15 + i] = 1;
    expect_move(15, 15, taken, &x, &y);
    /* trailing blanks, tabs and blank lines are ignored */
    const char *blanks = "\n\n   \r\nTAKEBACK 11,11 \t \r\n";
    brain_pipe_send_raw(&brain, blanks, strlen(blanks));
    EXPECT("OK");
    finish_with_end();
}

static void test_overlong_lines(void) {
    if (!start()) return;
    const size_t size = 200 * 1024;
    char *huge = malloc(size + 2);
    if (!huge) return;
    memset(huge, '7', size);
    memcpy(huge, "TURN ", 5);
    huge[size] = '\n';
    brain_pipe_send_raw(&brain, huge, size + 1);
    const char *got = reply();
    CHECKF(starts_with(got, "ERROR ") || starts_with(got, "UNKNOWN "), "overlong line -> '%s'", got);
    brain_pipe_send(&brain, "START 15");
    EXPECT("OK");
    /* inside a BOARD block it spoils the block, not the process */
    brain_pipe_send(&brain, "BOARD");
    memcpy(huge, "1,1,", 4);
    memset(huge + 4, '1', size - 4);
    brain_pipe_send_raw(&brain, huge, size + 1);
    brain_pipe_send(&brain, "DONE");
    EXPECT_PREFIX("ERROR ");
    /* many long lines without a line end at all, then a normal session */
    memset(huge, 'x', size);
    huge[size] = '\r';
    brain_pipe_send_raw(&brain, huge, size + 1);
    got = reply();
    CHECKF(starts_with(got, "ERROR ") || starts_with(got, "UNKNOWN "), "overlong line -> '%s'", got);
    free(huge);
    brain_pipe_send(&brain, "BEGIN");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    finish_with_end();
}

static void test_yixin_extensions(void) {
    if (!start_15()) return;
    brain_pipe_send(&brain, "YXBOARD");
    brain_pipe_send(&brain, "7,7,2");
    brain_pipe_send(&brain, "7,8,2");
    brain_pipe_send(&brain, "7,9,2");
    brain_pipe_send(&brain, "7,10,2");
    brain_pipe_send(&brain, "8,8,1");
    brain_pipe_send(&brain, "9,8,1");
    brain_pipe_send(&brain, "10,8,1");
    brain_pipe_send(&brain, "DONE");
    brain_pipe_send(&brain, "YXHASHCLEAR");
    brain_pipe_send(&brain, "YXSTOP");
    brain_pipe_send(&brain, "STOP");
    expect_silence();   /* YXBOARD, YXHASHCLEAR and an idle stop answer nothing */
    /* the opponent's four 7,7-7,10 must be blocked: 7,6 or 7,11 */
    brain_pipe_send(&brain, "YXSEARCHDEFEND");
    CHECK(brain_pipe_read(&brain, line, sizeof line, REPLY_MS));
    CHECKF(starts_with(line, "MESSAGE DEFEND ") && strstr(line, "7,6") && strstr(line, "7,11"),
           "YXSEARCHDEFEND: '%s'", line);
    brain_pipe_send(&brain, "YXNBEST 3");
    CHECK(brain_pipe_read(&brain, line, sizeof line, REPLY_MS));
    CHECKF(starts_with(line, "MESSAGE NBEST "), "YXNBEST: '%s'", line);
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    CHECKF(x == 7 && (y == 6 || y == 11), "YXNBEST best move %d,%d does not block the four", x, y);
    brain_pipe_send(&brain, "YXBALANCEONE 0");
    expect_move(15, 15, NULL, &x, &y);
    brain_pipe_send(&brain, "YXBALANCETWO 0");
    const char *got = reply();
    int c[4];
    CHECKF(sscanf(got, "%d,%d %d,%d", &c[0], &c[1], &c[2], &c[3]) == 4, "YXBALANCETWO: '%s'", got);
    brain_pipe_send(&brain, "YXSHOWINFO");
    CHECK(brain_pipe_read(&brain, line, sizeof line, REPLY_MS) && starts_with(line, "MESSAGE "));
    brain_pipe_send(&brain, "YXSHOWFORBID");
    /* YXSHOWINFO may print several MESSAGE lines; the FORBID line comes after them */
    EXPECT("FORBID .");
    /* the position is still the YXBOARD one: the balance moves were not kept */
    brain_pipe_send(&brain, "TAKEBACK 7,7");
    EXPECT("OK");
    finish_with_end();
}

static void test_queued_commands_in_order(void) {
    if (!start()) return;
    /* everything at once, as GomocupJudge does: replies come in order */
    const char *burst = "START 15\r\nINFO timeout_turn 500\r\nBEGIN\r\nABOUT\r\nTURN 0,0\r\nTAKEBACK 0,0\r\n";
    brain_pipe_send_raw(&brain, burst, strlen(burst));
    EXPECT("OK");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    EXPECT_PREFIX("name=\"Wuzi\"");
    expect_move(15, 15, NULL, &x, &y);
    EXPECT("OK");
    finish_with_end();
}

/* A script's session written at once, END last: every command before END is answered, the
 * think that END's own read() brought too, however late the worker gets to it. */
static void test_end_in_one_write_keeps_answers(void) {
    for (int round = 0; round < 20; round++) {
        if (!start()) return;
        const char *session = "START 15\r\nINFO timeout_turn 200\r\nBEGIN\r\nEND\r\n";
        brain_pipe_send_raw(&brain, session, strlen(session));
        EXPECT("OK");
        int x, y;
        expect_move(15, 15, NULL, &x, &y);
        CHECKF(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0, "no clean exit after END");
        brain_pipe_finish(&brain);
    }
}

static void test_end_of_input(void) {
    if (!start()) return;
    brain_pipe_send(&brain, "START 15");
    brain_pipe_send(&brain, "BEGIN");
    brain_pipe_close_input(&brain);   /* a script's pipe: every reply, then exit */
    EXPECT("OK");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    CHECKF(brain_pipe_wait(&brain, EXIT_MS), "no exit at end of input");
    CHECK(brain.status == 0);
    CHECKF(brain_pipe_stderr(&brain)[0] == '\0', "stderr: %s", brain_pipe_stderr(&brain));
    brain_pipe_finish(&brain);
    /* end of input with nothing sent */
    if (!start()) return;
    brain_pipe_close_input(&brain);
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0);
    brain_pipe_finish(&brain);
}

/* A long think (30 s allowed) on a 20x20 board with three stones, under way once its first
 * iteration is reported (the BOARD block is then no longer waiting, which would make END let it
 * answer first). False if the brain did not start. */
static bool start_long_think(void) {
    const char *args[] = {"--level", "max", NULL};
    if (!start_with(args)) return false;
    brain_pipe_send(&brain, "START 20");
    EXPECT("OK");
    brain_pipe_send(&brain, "INFO timeout_turn 30000");
    brain_pipe_send(&brain, "INFO timeout_match 0");
    brain_pipe_send(&brain, "INFO time_left 2147483647");
    brain_pipe_send(&brain, "BOARD");
    brain_pipe_send(&brain, "9,9,2");
    brain_pipe_send(&brain, "10,10,1");
    brain_pipe_send(&brain, "10,9,2");
    brain_pipe_send(&brain, "DONE");
    const bool thinking = brain_pipe_read(&brain, line, sizeof line, REPLY_MS);
    CHECKF(thinking && starts_with(line, "MESSAGE "), "expected a MESSAGE while thinking, got '%s'", line);
    return true;
}

/* END during a long think ends the process at once. */
static void test_end_during_think(void) {
    if (!start_long_think()) return;
    brain_pipe_send(&brain, "INFO time_left 29000");   /* lines that print nothing do not delay END */
    brain_pipe_send(&brain, "END");
    CHECKF(brain_pipe_wait(&brain, EXIT_MS), "END during a think: no exit within %d ms", EXIT_MS);
    CHECK(brain.status == 0);
    while (brain_pipe_read(&brain, line, sizeof line, 100))
        CHECKF(starts_with(line, "MESSAGE "), "END during a think: printed '%s'", line);
    CHECKF(brain_pipe_stderr(&brain)[0] == '\0', "stderr: %s", brain_pipe_stderr(&brain));
    brain_pipe_finish(&brain);
}

/* YXSTOP during a long think brings a move within the reply time, not after the think's end. */
static void test_yxstop_during_think(void) {
    if (!start_long_think()) return;
    brain_pipe_send(&brain, "YXSTOP");
    unsigned char stones[20 * 20] = {0};
    stones[9 * 20 + 9] = stones[10 * 20 + 10] = stones[9 * 20 + 10] = 1;
    int x, y;
    expect_move(20, 20, stones, &x, &y);
    /* and once more, a stop that surely arrives after the think started */
    brain_pipe_send(&brain, "TURN 0,0");
    const struct timespec pause = {0, 200 * 1000000L};
    nanosleep(&pause, NULL);
    brain_pipe_send(&brain, "STOP");
    stones[y * 20 + x] = 1;
    stones[0] = 1;
    expect_move(20, 20, stones, &x, &y);
    finish_with_end();
}

static void test_tic_tac_toe(void) {
    const char *args[] = {"--connect", "3", NULL};
    if (!start_with(args)) return;
    brain_pipe_send(&brain, "START 3");
    EXPECT("OK");
    brain_pipe_send(&brain, "INFO timeout_turn 500");
    brain_pipe_send(&brain, "BEGIN");
    unsigned char taken[9] = {0};
    int x, y;
    if (!expect_move(3, 3, taken, &x, &y)) return;
    taken[y * 3 + x] = 1;
    for (int turn = 0; turn < 4; turn++) {
        int free_cell = 0;
        while (taken[free_cell]) free_cell++;
        taken[free_cell] = 1;
        brain_pipe_send(&brain, "TURN %d,%d", free_cell % 3, free_cell / 3);
        if (!expect_move(3, 3, taken, &x, &y)) return;
        taken[y * 3 + x] = 1;
    }
    finish_with_end();
}

/* ---- robustness and the command line ---- */

static unsigned long long fuzz_state = 12345;

static unsigned fuzz_next(unsigned bound) {
    fuzz_state = fuzz_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(fuzz_state >> 33) % bound;
}

/* A reply line the protocol allows. */
static bool valid_reply(const char *text) {
    const char *prefixes[] = {"OK", "ERROR ", "UNKNOWN ", "MESSAGE ", "DEBUG ", "FORBID ", "SWAP", "name="};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (starts_with(text, prefixes[i])) return true;
    int x, y;
    return sscanf(text, "%d,%d", &x, &y) == 2;
}

/* Thousands of random, mostly malformed lines: no crash, no hang, only protocol lines, and
 * the brain still answers afterwards. */
static void test_random_lines_survive(void) {
    if (!start()) return;
    const char *words[] = {"START", "RECTSTART", "RESTART", "INFO", "BEGIN", "TURN", "BOARD", "DONE",
                           "TAKEBACK", "PLAY", "SWAP2BOARD", "YXBOARD", "YXNBEST", "YXSHOWFORBID",
                           "YXBALANCETWO", "YXSEARCHDEFEND", "ABOUT", "turn", "board", "x", ""};
    const char *arguments[] = {"", "15", "5", "3", "20,20", "7,7", "7,7,1", "7,7,2", "7,7,3", "-1,0",
                               "99,99", "a,b", ",", "1,2,3,4", "rule 4", "rule 1", "timeout_turn 0",
                               "max_depth 2", "15,15,1", "0,0", "14,14,2", "1"};
    const char *endings[] = {"\n", "\r\n", "\r"};
    char text[128];
    for (int i = 0; i < 3000; i++) {
        const char *word = words[fuzz_next(sizeof words / sizeof words[0])];
        const char *argument = arguments[fuzz_next(sizeof arguments / sizeof arguments[0])];
        if (fuzz_next(4) == 0) word = "";   /* bare arguments, as inside a block */
        snprintf(text, sizeof text, "%s%s%s%s", word, *word && *argument ? " " : "", argument,
                 endings[fuzz_next(3)]);
        if (!brain_pipe_send_raw(&brain, text, strlen(text))) break;
        /* read what has come so far, so that neither pipe fills up */
        while (brain_pipe_read(&brain, line, sizeof line, 0))
            CHECKF(valid_reply(line), "not a protocol line: '%s' (after '%s')", line, text);
    }
    /* YXSHOWINFO is not among the random words: its answer marks the end of the replies */
    brain_pipe_send(&brain, "DONE");   /* close any open block */
    brain_pipe_send(&brain, "YXSHOWINFO");
    bool answered = false;
    while (!answered && brain_pipe_read(&brain, line, sizeof line, REPLY_MS)) {
        CHECKF(valid_reply(line), "not a protocol line: '%s'", line);
        answered = starts_with(line, "MESSAGE INFO NAME Wuzi");
    }
    CHECKF(answered, "no answer to YXSHOWINFO after the random lines");
    while (brain_pipe_read(&brain, line, sizeof line, 300)) CHECK(starts_with(line, "MESSAGE INFO "));
    finish_with_end();
}

static void test_command_line(void) {
    const char *helps[][2] = {{"--help", NULL}, {"-h", NULL}};
    for (size_t i = 0; i < 2; i++) {
        if (!start_with(helps[i])) return;
        CHECKF(brain_pipe_read(&brain, line, sizeof line, REPLY_MS) && starts_with(line, "usage:"), "%s: '%s'",
               helps[i][0], line);
        CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0);
        brain_pipe_finish(&brain);
    }
    const char *version[] = {"--version", NULL};
    if (!start_with(version)) return;
    CHECKF(brain_pipe_read(&brain, line, sizeof line, REPLY_MS) && starts_with(line, "Wuzi "), "--version: '%s'", line);
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0);
    brain_pipe_finish(&brain);
    const char *unknown[] = {"--foo", NULL};
    if (!start_with(unknown)) return;
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 2);
    CHECKF(strstr(brain_pipe_stderr(&brain), "unknown option --foo"), "--foo: '%s'", brain_pipe_stderr(&brain));
    brain_pipe_finish(&brain);
    const char *bad[][3] = {{"--level", "nonsense", NULL}, {"--connect", "7", NULL},
                            {"--threads", "x", NULL}, {"--bogus", "1", NULL}, {"--level", NULL, NULL}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (!start_with(bad[i])) return;
        CHECKF(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 2, "%s %s: status %d", bad[i][0],
               bad[i][1] ? bad[i][1] : "", brain.status);
        brain_pipe_finish(&brain);
    }
    const char *options[] = {"--level", "n5", "--threads", "2", "--seed", "7", NULL};
    if (!start_with(options)) return;
    brain_pipe_send(&brain, "START 15");
    EXPECT("OK");
    brain_pipe_send(&brain, "BEGIN");
    int x, y;
    expect_move(15, 15, NULL, &x, &y);
    finish_with_end();
}

static void test_demo(void) {
    const char *args[] = {"demo", "greedy", "n1", NULL};
    if (!start_with(args)) return;
    bool result = false, board = false, top_row = false;
    int moves = 0;
    while (!result && brain_pipe_read(&brain, line, sizeof line, REPLY_MS)) {
        board = board || strstr(line, "[X]") || strstr(line, "[O]");
        result = starts_with(line, "Result: ");
        top_row = top_row || starts_with(line, " 15 ");
        /* "Move 1: X (greedy) plays h8  [protocol x,y = 7,7]": book notation, rows from the bottom */
        const char *plays = strstr(line, " plays ");
        int x, y;
        char cell[8], expected[8];
        if (!plays || sscanf(plays, " plays %7s [protocol x,y = %d,%d]", cell, &x, &y) != 3) continue;
        notation_cell(x, y, 15, expected, sizeof expected);
        CHECKF(strcmp(cell, expected) == 0, "demo named %d,%d %s, not %s", x, y, cell, expected);
        moves++;
    }
    CHECKF(moves > 0, "demo named no move");
    CHECKF(top_row, "the demo's top row is not numbered 15 (rows count from the bottom)");
    CHECKF(board, "demo showed no board with the last move marked");
    CHECKF(result, "demo printed no result");
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 0);
    brain_pipe_finish(&brain);
    const char *bad[] = {"demo", "greedy", "nonsense", NULL};
    if (!start_with(bad)) return;
    CHECK(brain_pipe_wait(&brain, EXIT_MS) && brain.status == 2);
    brain_pipe_finish(&brain);
}

/* ---- the four managers: whole games between two brains ---- */

typedef struct Manager {
    const char *name;
    const char *eol;
    bool about_first;       /* c-gomoku-cli */
    bool wait_for_ok;       /* GomocupJudge sends START and INFO without waiting */
    bool board_to_begin;    /* GomocupJudge: an (empty) BOARD instead of BEGIN */
    bool time_left;         /* INFO time_left before every move */
    bool mixed_board;       /* qpiskvork: CR LF and LF mixed inside BOARD */
    int size, rule;
    int opening_count;      /* stones of the opening, as dx,dy from the centre */
    int opening[6][2];
    int games;              /* c-gomoku-cli: START again on the live process */
} Manager;

typedef struct Seat {
    BrainPipe pipe;
    const char *level;
    bool has_position;      /* got BEGIN or BOARD in this game: later moves come by TURN */
} Seat;

static void seat_send_board(Seat *seat, const Manager *manager, const Board *judge, int own) {
    for (int i = -1; i <= judge->move_count; i++) {
        char text[32];
        if (i < 0)
            snprintf(text, sizeof text, "BOARD");
        else if (i == judge->move_count)
            snprintf(text, sizeof text, "DONE");
        else {
            const int cell = judge->history[i];
            snprintf(text, sizeof text, "%d,%d,%d", cell_x(cell), cell_y(cell),
                     judge->cell[cell] == own ? 1 : 2);
        }
        seat->pipe.eol = manager->mixed_board && i % 2 == 0 ? "\n" : manager->eol;
        brain_pipe_send(&seat->pipe, "%s", text);
    }
    seat->pipe.eol = manager->eol;
}

/* One game; black = seats[0]. Returns false if a brain misbehaved. */
static bool play_game(const Manager *manager, Seat seats[2], FILE *log, int game) {
    static Board judge;
    const Geometry *geometry = geometry_get(manager->size, manager->size, 5, manager->rule);
    if (!geometry) return false;
    board_init(&judge, geometry);
    for (int s = 0; s < 2; s++) {
        BrainPipe *p = &seats[s].pipe;
        seats[s].has_position = false;
        brain_pipe_send(p, "START %d", manager->size);
        if (manager->wait_for_ok) {
            const bool ok = brain_pipe_read_reply(p, line, sizeof line, REPLY_MS) && strcmp(line, "OK") == 0;
            CHECKF(ok, "%s: START -> '%s'", manager->name, line);
            if (!ok) return false;
        }
        brain_pipe_send(p, "INFO timeout_turn 1000");
        brain_pipe_send(p, "INFO timeout_match 180000");
        brain_pipe_send(p, "INFO max_memory 367001600");
        brain_pipe_send(p, "INFO game_type 1");
        brain_pipe_send(p, "INFO rule %d", manager->rule);
        brain_pipe_send(p, "INFO folder /tmp");
        if (!manager->wait_for_ok) {
            const bool ok = brain_pipe_read_reply(p, line, sizeof line, REPLY_MS) && strcmp(line, "OK") == 0;
            CHECKF(ok, "%s: START -> '%s'", manager->name, line);
            if (!ok) return false;
        }
    }
    for (int i = 0; i < manager->opening_count; i++)
        rules_play(&judge, manager->size / 2 + manager->opening[i][0], manager->size / 2 + manager->opening[i][1]);
    Verdict verdict = VERDICT_PLAYING;
    int last = NO_CELL;
    while (verdict == VERDICT_PLAYING) {
        const int mover = judge.to_move == BLACK ? 0 : 1;
        Seat *seat = &seats[mover];
        if (manager->time_left) brain_pipe_send(&seat->pipe, "INFO time_left %d", 180000 - 1000 * (judge.move_count / 2));
        if (seat->has_position && last != NO_CELL)
            brain_pipe_send(&seat->pipe, "TURN %d,%d", cell_x(last), cell_y(last));
        else if (judge.move_count == 0 && !manager->board_to_begin)
            brain_pipe_send(&seat->pipe, "BEGIN");
        else
            seat_send_board(seat, manager, &judge, judge.to_move);
        seat->has_position = true;
        const bool got = brain_pipe_read_reply(&seat->pipe, line, sizeof line, REPLY_MS);
        int x, y;
        if (!got || !parse_move(line, &x, &y)) {
            CHECKF(false, "%s game %d: %s answered '%s' at move %d", manager->name, game, seat->level,
                   got ? line : "(nothing)", judge.move_count + 1);
            return false;
        }
        verdict = rules_play(&judge, x, y);
        CHECKF(verdict != VERDICT_ILLEGAL && verdict != VERDICT_FOUL, "%s game %d: %s played %s %d,%d",
               manager->name, game, seat->level, verdict == VERDICT_FOUL ? "a foul" : "an illegal move", x, y);
        last = cell_at(x, y);
    }
    if (log) {
        const char *result = verdict == VERDICT_WIN ? (judge.to_move == WHITE ? "black wins" : "white wins") : "draw";
        fprintf(log, "# game %d: %s (black) vs %s (white): %s after %d moves\n", game, seats[0].level,
                seats[1].level, result, judge.move_count);
    }
    return verdict == VERDICT_WIN || verdict == VERDICT_DRAW;
}

static void run_manager(const Manager *manager) {
    FILE *log = NULL;
    const char *folder = getenv("WUZI_TRANSCRIPTS");
    if (folder && *folder) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.txt", folder, manager->name);
        log = fopen(path, "w");
        if (log)
            fprintf(log, "# %s command sequence: lines sent (>) and received (<) by each brain\n"
                         "# lines sent end with %s%s\n",
                     manager->name, strcmp(manager->eol, "\n") == 0 ? "LF" : "CR LF",
                     manager->mixed_board ? " (inside BOARD every other line with LF only)" : "");
    }
    /* Instant levels keep the test fast; WUZI_MANAGER_LEVELS=max,greedy records a transcript
     * of the real brain instead. */
    Seat seats[2] = {{.level = "greedy"}, {.level = "n3"}};
    static char levels[64];
    const char *chosen = getenv("WUZI_MANAGER_LEVELS");
    if (chosen && strchr(chosen, ',')) {
        snprintf(levels, sizeof levels, "%s", chosen);
        char *comma = strchr(levels, ',');
        *comma = '\0';
        seats[0].level = levels;
        seats[1].level = comma + 1;
    }
    for (int s = 0; s < 2; s++) {
        const char *args[] = {"--level", seats[s].level, NULL};
        if (!brain_pipe_start(&seats[s].pipe, args)) {
            CHECKF(false, "cannot start the brain");
            if (s == 1) brain_pipe_finish(&seats[0].pipe);
            if (log) fclose(log);
            return;
        }
        seats[s].pipe.eol = manager->eol;
        brain_pipe_log(&seats[s].pipe, log, seats[s].level);
        if (manager->about_first) {
            brain_pipe_send(&seats[s].pipe, "ABOUT");
            const bool ok = brain_pipe_read_reply(&seats[s].pipe, line, sizeof line, REPLY_MS);
            CHECKF(ok && starts_with(line, "name=\"Wuzi\""), "%s: ABOUT -> '%s'", manager->name, line);
        }
    }
    for (int game = 1; game <= manager->games; game++) {
        /* colours change every game */
        Seat pair[2] = {seats[(game + 1) % 2], seats[game % 2]};
        const bool ok = play_game(manager, pair, log, game);
        seats[(game + 1) % 2] = pair[0];
        seats[game % 2] = pair[1];
        if (!ok) break;
    }
    for (int s = 0; s < 2; s++) {
        BrainPipe *p = &seats[s].pipe;
        brain_pipe_send(p, "END");
        CHECKF(brain_pipe_wait(p, EXIT_MS) && p->status == 0, "%s: %s did not exit cleanly after END",
               manager->name, seats[s].level);
        CHECKF(!brain_pipe_read(p, line, sizeof line, 50), "%s: printed after END: '%s'", manager->name, line);
        CHECKF(brain_pipe_stderr(p)[0] == '\0', "%s: stderr: %s", manager->name, brain_pipe_stderr(p));
        brain_pipe_finish(p);
    }
    if (log) fclose(log);
}

static void test_manager_c_gomoku_cli(void) {
    const Manager manager = {.name = "c-gomoku-cli", .eol = "\n", .about_first = true, .wait_for_ok = true,
                             .time_left = true, .size = 15, .rule = 1, .opening_count = 3,
                             .opening = {{0, 0}, {1, 0}, {1, 3}}, .games = 2};
    run_manager(&manager);
}

static void test_manager_gomocupjudge(void) {
    const Manager manager = {.name = "gomocupjudge", .eol = "\r\n", .wait_for_ok = false,
                             .board_to_begin = true, .time_left = true, .size = 20, .rule = 0, .games = 1};
    run_manager(&manager);
}

static void test_manager_piskvork(void) {
    const Manager piskvork = {.name = "piskvork", .eol = "\r\n", .wait_for_ok = true, .size = 15,
                              .rule = 0, .games = 1};
    run_manager(&piskvork);
    const Manager opening = {.name = "piskvork-opening", .eol = "\r\n", .wait_for_ok = true, .size = 15,
                             .rule = 0, .opening_count = 4, .opening = {{0, 0}, {1, 1}, {-2, 1}, {3, -1}},
                             .games = 1};
    run_manager(&opening);
}

static void test_manager_qpiskvork(void) {
    const Manager manager = {.name = "qpiskvork", .eol = "\r\n", .wait_for_ok = true, .mixed_board = true,
                             .size = 15, .rule = 4, .opening_count = 3,
                             .opening = {{0, 0}, {1, -1}, {2, 0}}, .games = 1};
    run_manager(&manager);
}

int main(void) {
    if (!brain_pipe_program()) {
        check_skip(1, "test_protocol", "WUZI_BRAIN is not set");
        return check_summary();
    }
    RUN(test_about_before_start);
    RUN(test_start_sizes);
    RUN(test_commands_need_a_game);
    RUN(test_begin_turn_game);
    RUN(test_bad_coordinates_keep_position);
    RUN(test_takeback);
    RUN(test_play);
    RUN(test_restart);
    RUN(test_board_block);
    RUN(test_bad_board_keeps_position);
    RUN(test_renju_never_forbidden);
    RUN(test_info_keys_are_silent);
    RUN(test_timeout_turn_zero);
    RUN(test_swap2);
    RUN(test_unknown_and_case);
    RUN(test_line_endings);
    RUN(test_overlong_lines);
    RUN(test_yixin_extensions);
    RUN(test_queued_commands_in_order);
    RUN(test_end_in_one_write_keeps_answers);
    RUN(test_end_of_input);
    RUN(test_end_during_think);
    RUN(test_yxstop_during_think);
    RUN(test_tic_tac_toe);
    RUN(test_random_lines_survive);
    RUN(test_command_line);
    RUN(test_demo);
    RUN(test_manager_c_gomoku_cli);
    RUN(test_manager_gomocupjudge);
    RUN(test_manager_piskvork);
    RUN(test_manager_qpiskvork);
    return check_summary();
}
