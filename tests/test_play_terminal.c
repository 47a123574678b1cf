/* wuzi-play in a terminal, driven through a pseudo-terminal as a person would type: a whole
 * game against Wuzi's n1 (our moves from a small greedy player here), saved as psq and SGF and
 * loaded again; undo; refused input (off the board, nonsense, a taken cell, a renju foul) with
 * the game going on; the fake brain ($WUZI_TOOLS/fake_brain) lacking TAKEBACK and wording its
 * MESSAGE lines its own way, through a whole game; two brains watched. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "check.h"
#include "monotonic.h"

#define OUTPUT_MAX (1 << 21)
#define WAIT_MS 20000

typedef struct Pty {
    int fd;
    pid_t pid;
    char *out;
    size_t length;
    size_t mark; /* what waits have consumed */
} Pty;

static const char *player_program(void) { return getenv("WUZI_PLAYER"); }

static bool pty_start(Pty *p, char *const argv[]) {
    memset(p, 0, sizeof *p);
    p->fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (p->fd < 0 || grantpt(p->fd) < 0 || unlockpt(p->fd) < 0) return false;
    const char *slave_name = ptsname(p->fd);
    if (!slave_name) return false;
    char name[256];
    snprintf(name, sizeof name, "%s", slave_name);
    p->out = malloc(OUTPUT_MAX + 1);
    p->pid = fork();
    if (p->pid == 0) {
        setsid();
        const int slave = open(name, O_RDWR); /* becomes the controlling terminal */
        if (slave < 0) _exit(126);
        struct termios mode;
        if (tcgetattr(slave, &mode) == 0) {
            mode.c_lflag &= ~(tcflag_t)ECHO; /* what we type is not read back as output */
            tcsetattr(slave, TCSANOW, &mode);
        }
        dup2(slave, 0);
        dup2(slave, 1);
        dup2(slave, 2);
        close(slave);
        close(p->fd);
        execv(argv[0], argv);
        _exit(127);
    }
    return p->pid > 0 && p->out;
}

/* Read what is there within wait_ms; false at the end of output. */
static bool pty_fill(Pty *p, int wait_ms) {
    struct pollfd poller = {.fd = p->fd, .events = POLLIN};
    if (poll(&poller, 1, wait_ms) <= 0) return true;
    const ssize_t n = read(p->fd, p->out + p->length, OUTPUT_MAX - p->length);
    if (n <= 0) return errno == EINTR || errno == EAGAIN;
    p->length += (size_t)n;
    p->out[p->length] = '\0';
    return p->length < OUTPUT_MAX;
}

/* Wait until `text` appears after the mark; the mark moves past it. */
static bool pty_wait_for(Pty *p, const char *text, int timeout_ms) {
    const int64_t until = monotonic_ms() + timeout_ms;
    for (;;) {
        if (p->out && p->length) {
            const char *found = strstr(p->out + p->mark, text);
            if (found) {
                p->mark = (size_t)(found - p->out) + strlen(text);
                return true;
            }
        }
        const int64_t left = until - monotonic_ms();
        if (left <= 0 || !pty_fill(p, left < 100 ? (int)left : 100)) {
            printf("     (waited for \"%s\"; the last output was: %.400s)\n", text,
                   p->length > 400 ? p->out + p->length - 400 : p->out ? p->out : "");
            return false;
        }
    }
}

/* Wait for whichever of two texts comes first after the mark: 1 or 2, 0 on timeout. */
static int pty_wait_either(Pty *p, const char *a, const char *b, int timeout_ms) {
    const int64_t until = monotonic_ms() + timeout_ms;
    for (;;) {
        const char *fa = strstr(p->out + p->mark, a), *fb = strstr(p->out + p->mark, b);
        if (fa && (!fb || fa < fb)) {
            p->mark = (size_t)(fa - p->out) + strlen(a);
            return 1;
        }
        if (fb) {
            p->mark = (size_t)(fb - p->out) + strlen(b);
            return 2;
        }
        const int64_t left = until - monotonic_ms();
        if (left <= 0 || !pty_fill(p, left < 100 ? (int)left : 100)) return 0;
    }
}

static void pty_send(Pty *p, const char *line) {
    const size_t n = strlen(line);
    ssize_t ignored = write(p->fd, line, n);
    ignored = write(p->fd, "\n", 1);
    (void)ignored;
}

/* quit, then the exit status (-1 when it had to be killed). */
static int pty_finish(Pty *p) {
    if (p->pid <= 0) return -1;
    pty_send(p, "quit");
    int status = -1;
    const int64_t until = monotonic_ms() + 5000;
    pid_t done = 0;
    while ((done = waitpid(p->pid, &status, WNOHANG)) == 0 && monotonic_ms() < until) pty_fill(p, 50);
    if (done == 0) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, &status, 0);
        status = -1;
    }
    close(p->fd);
    free(p->out);
    p->out = NULL;
    return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* ---- the game as the output shows it: every "move N was CELL" line ---- */

typedef struct Moves {
    int count;
    int x[256], y[256];
} Moves;

static void read_moves(const Pty *p, Moves *moves, int height) {
    moves->count = 0;
    const char *s = p->out;
    while ((s = strstr(s, "move "))) {
        int n;
        char column;
        int row;
        if (sscanf(s, "move %d was %c%d", &n, &column, &row) == 3 && n >= 1 && n <= 256) {
            moves->x[n - 1] = column - 'a';
            moves->y[n - 1] = height - row;
            if (n > moves->count) moves->count = n;
            if (n < moves->count) moves->count = n; /* an undo went back */
        }
        s += 5;
    }
}

static int stone_at(const Moves *m, int x, int y) {
    for (int i = 0; i < m->count; i++)
        if (m->x[i] == x && m->y[i] == y) return i % 2;
    return -1;
}

/* Our move: the cell that makes our longest line, else blocks theirs (as a weak person). */
static void greedy(const Moves *m, int size, int *best_x, int *best_y) {
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    const int me = m->count % 2;
    int best = -1;
    for (int y = 0; y < size; y++) {
        for (int x = 0; x < size; x++) {
            if (stone_at(m, x, y) >= 0) continue;
            int mine = 0, theirs = 0;
            for (int d = 0; d < 4; d++) {
                for (int side = 0; side < 2; side++) {
                    int n = 1;
                    for (int s = -1; s <= 1; s += 2)
                        for (int k = 1; stone_at(m, x + s * k * dirs[d][0], y + s * k * dirs[d][1]) == (side ? 1 - me : me); k++) n++;
                    if (side == 0 && n > mine) mine = n;
                    if (side == 1 && n > theirs) theirs = n;
                }
            }
            const int centre = 14 - abs(x - size / 2) - abs(y - size / 2);
            const int score = (mine >= 5 ? 100000 : theirs >= 5 ? 50000 : 0) + mine * 100 + theirs * 90 + centre;
            if (score > best) {
                best = score;
                *best_x = x;
                *best_y = y;
            }
        }
    }
}

static bool skip_without_programs(void) {
    if (player_program() && getenv("WUZI_TOOLS")) return false;
    printf("SKIP: WUZI_PLAYER or WUZI_TOOLS is not set\n");
    return true;
}

/* Play our moves until the game is over; true if it ended within `limit` moves of ours. */
static bool play_to_the_end(Pty *p, int limit) {
    for (int i = 0; i < limit; i++) {
        const int which = pty_wait_either(p, "(you) to move> ", "Game over:", WAIT_MS);
        if (which != 1) return which == 2;
        Moves m;
        read_moves(p, &m, 15);
        int x = 7, y = 7;
        greedy(&m, 15, &x, &y);
        char cell[16];
        snprintf(cell, sizeof cell, "%c%d", 'a' + x, 15 - y);
        pty_send(p, cell);
    }
    return false;
}

static void test_game_against_n1_saved_and_loaded(void) {
    if (skip_without_programs()) return;
    char dir[] = "/tmp/wuzi-play-terminal-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char psq[128], sgf[128], command[300];
    snprintf(psq, sizeof psq, "%s/game.psq", dir);
    snprintf(sgf, sizeof sgf, "%s/game.sgf", dir);
    Pty p;
    char *argv[] = {(char *)player_program(), "--level", "n1", "--time", "200", NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "a b c d e f g h i j k l m n o", WAIT_MS));
    CHECK(play_to_the_end(&p, 100));
    CHECK(pty_wait_for(&p, "\n", 1000));
    const char *over = strstr(p.out, "Game over: ");
    CHECKF(over && (strncmp(over + 11, "black wins", 10) == 0 || strncmp(over + 11, "white wins", 10) == 0 ||
                    strncmp(over + 11, "a draw", 6) == 0), "result line: %.80s", over ? over : "(none)");
    Moves played;
    read_moves(&p, &played, 15);
    snprintf(command, sizeof command, "save %s", psq);
    pty_send(&p, command);
    CHECK(pty_wait_for(&p, "saved ", WAIT_MS));
    snprintf(command, sizeof command, "save %s", sgf);
    pty_send(&p, command);
    CHECK(pty_wait_for(&p, "saved ", WAIT_MS));
    pty_send(&p, "save game.txt");
    CHECK(pty_wait_for(&p, "refused: the file name must end in .psq or .sgf", WAIT_MS));
    CHECK(pty_finish(&p) == 0);

    const char *files[] = {psq, sgf};
    for (int f = 0; f < 2; f++) {
        char *load[] = {(char *)player_program(), "--level", "n1", "--time", "200", "--load", (char *)files[f], NULL};
        CHECK(pty_start(&p, load));
        char expected[64];
        snprintf(expected, sizeof expected, "move %d was ", played.count);
        CHECKF(pty_wait_for(&p, expected, WAIT_MS), "%s: not at move %d", files[f], played.count);
        CHECK(pty_wait_for(&p, "Game over: ", WAIT_MS));
        pty_send(&p, "undo"); /* back to our last move: the game goes on */
        CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
        CHECK(pty_finish(&p) == 0);
    }
    unlink(psq);
    unlink(sgf);
    rmdir(dir);
}

static void test_undo_takes_back_both_moves(void) {
    if (skip_without_programs()) return;
    Pty p;
    char *argv[] = {(char *)player_program(), "--level", "n1", "--time", "200", NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "h8");
    CHECK(pty_wait_for(&p, "move 2 was ", WAIT_MS));
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    const size_t before = p.mark;
    pty_send(&p, "undo");
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    const char *board = strstr(p.out + before, "\n 8 ");
    CHECKF(board && strncmp(board + 1, " 8  . . . . . . . . . . . . . . .  8", 36) == 0, "row 8: %.40s", board ? board : "");
    pty_send(&p, "h8"); /* free again */
    CHECK(pty_wait_for(&p, "move 2 was ", WAIT_MS));
    pty_send(&p, "numbers");
    CHECK(pty_wait_for(&p, "  1", WAIT_MS));
    CHECK(pty_finish(&p) == 0);
}

static void test_bad_input_refused_and_game_goes_on(void) {
    if (skip_without_programs()) return;
    char engine[512];
    snprintf(engine, sizeof engine, "'%s/fake_brain' good", getenv("WUZI_TOOLS"));
    Pty p;
    char *argv[] = {(char *)player_program(), "--engine", engine, "--rule", "4", NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "z99");
    CHECK(pty_wait_for(&p, "refused: z99 is off the board", WAIT_MS));
    pty_send(&p, "15,2");
    CHECK(pty_wait_for(&p, "refused: 15,2 is off the board", WAIT_MS));
    pty_send(&p, "hello");
    CHECK(pty_wait_for(&p, "refused: \"hello\" is neither a move", WAIT_MS));
    pty_send(&p, "a15"); /* the fake takes the first free cell, b15 */
    CHECK(pty_wait_for(&p, "move 2 was b15", WAIT_MS));
    pty_send(&p, "b15");
    CHECK(pty_wait_for(&p, "refused: b15 is taken", WAIT_MS));
    pty_send(&p, "hint");
    CHECK(pty_wait_for(&p, "hint: ", WAIT_MS));
    /* black f8 g8 h10 h9 (the fake fills the top row): h8 would be a double three */
    pty_send(&p, "undo");
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    const char *mine[] = {"f8", "g8", "h10", "h9"};
    for (int i = 0; i < 4; i++) {
        pty_send(&p, mine[i]);
        char expected[32];
        snprintf(expected, sizeof expected, "move %d was ", 2 * i + 2);
        CHECK(pty_wait_for(&p, expected, WAIT_MS));
    }
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "h8");
    CHECK(pty_wait_for(&p, "refused: h8 is forbidden for black under renju (double-three)", WAIT_MS));
    pty_send(&p, "7,7");
    CHECK(pty_wait_for(&p, "refused: h8 is forbidden", WAIT_MS));
    pty_send(&p, "a1");
    CHECK(pty_wait_for(&p, "move 9 was a1", WAIT_MS)); /* the game went on */
    CHECK(pty_finish(&p) == 0);
}

/* Another pbrain: no TAKEBACK, MESSAGE lines in its own words. It is restarted on undo and
 * still plays the whole game. */
static void test_other_brain_plays_a_whole_game(void) {
    if (skip_without_programs()) return;
    char engine[512];
    snprintf(engine, sizeof engine, "'%s/fake_brain' good -notakeback -altmessage", getenv("WUZI_TOOLS"));
    Pty p;
    char *argv[] = {(char *)player_program(), "--engine", engine, NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "h8");
    CHECK(pty_wait_for(&p, "fake_brain, thinking as white: depth 1  score +10  pv a15", WAIT_MS));
    CHECK(pty_wait_for(&p, "move 2 was a15", WAIT_MS));
    /* a hint's score is black's, the person's: the line says so */
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "hint");
    CHECK(pty_wait_for(&p, "fake_brain, hint for black: depth 2", WAIT_MS));
    pty_send(&p, "undo");
    CHECK(pty_wait_for(&p, "fake_brain has no TAKEBACK", WAIT_MS));
    const char *mine[] = {"h8", "h9", "h10", "h11", "h12"};
    for (int i = 0; i < 5; i++) {
        CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
        pty_send(&p, mine[i]);
    }
    CHECK(pty_wait_for(&p, "Game over: black wins: you (black) made five at h12", WAIT_MS));
    Moves m;
    read_moves(&p, &m, 15);
    /* the restarted brain got the position by BOARD: it went on along its row */
    CHECK(m.count == 9 && m.x[7] == 3 && m.y[7] == 0);
    CHECK(pty_finish(&p) == 0);
}

static void test_two_brains_watched(void) {
    if (skip_without_programs()) return;
    char black[512], white[512];
    snprintf(black, sizeof black, "'%s/fake_brain' line 3", getenv("WUZI_TOOLS"));
    snprintf(white, sizeof white, "'%s/fake_brain' line 5", getenv("WUZI_TOOLS"));
    Pty p;
    char *argv[] = {(char *)player_program(), "--engine", black, "--engine", white, NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "Game over: black wins: fake_brain (black) made five at e12", WAIT_MS));
    CHECK(pty_wait_for(&p, "new, undo, save FILE or quit> ", WAIT_MS));
    CHECK(pty_finish(&p) == 0);
}

static void fake_engine(char *out, size_t size, const char *arguments) {
    snprintf(out, size, "'%s/fake_brain' %s", getenv("WUZI_TOOLS"), arguments);
}

/* Swap2 both ways round: we place three stones and the brain takes black; then the brain
 * places three, we ask for two more, and the brain's move makes it white. */
static void test_swap2_both_ways(void) {
    if (skip_without_programs()) return;
    char engine[512];
    fake_engine(engine, sizeof engine, "good -swap2 swap");
    Pty p;
    char *argv[] = {(char *)player_program(), "--engine", engine, "--swap2", NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "you to place stone 1 (black)> ", WAIT_MS));
    pty_send(&p, "h8");
    CHECK(pty_wait_for(&p, "you to place stone 2 (white)> ", WAIT_MS));
    pty_send(&p, "undo");
    CHECK(pty_wait_for(&p, "refused: the swap opening cannot be taken back", WAIT_MS));
    pty_send(&p, "i9");
    CHECK(pty_wait_for(&p, "you to place stone 3 (black)> ", WAIT_MS));
    pty_send(&p, "j8");
    CHECK(pty_wait_for(&p, "fake_brain chooses a colour...", WAIT_MS));
    CHECK(pty_wait_for(&p, "X black  fake_brain", WAIT_MS));
    CHECK(pty_wait_for(&p, "white (you) to move> ", WAIT_MS));
    CHECK(pty_finish(&p) == 0);

    fake_engine(engine, sizeof engine, "good -swap2 one");
    char *second[] = {(char *)player_program(), "--engine", engine, "--swap2", "--you", "white", NULL};
    CHECK(pty_start(&p, second));
    CHECK(pty_wait_for(&p, "fake_brain places the opening's first three stones...", WAIT_MS));
    CHECK(pty_wait_for(&p, "move 3 was j8", WAIT_MS));
    CHECK(pty_wait_for(&p, "you to choose: black, white or two (place two more)> ", WAIT_MS));
    pty_send(&p, "h8");
    CHECK(pty_wait_for(&p, "refused: you chooses a colour first", WAIT_MS));
    pty_send(&p, "two");
    CHECK(pty_wait_for(&p, "you to place stone 4 (white)> ", WAIT_MS));
    pty_send(&p, "a1");
    CHECK(pty_wait_for(&p, "you to place stone 5 (black)> ", WAIT_MS));
    pty_send(&p, "o15");
    CHECK(pty_wait_for(&p, "fake_brain chooses a colour...", WAIT_MS));
    CHECK(pty_wait_for(&p, "move 6 was a15", WAIT_MS)); /* its first empty cell, as white */
    CHECK(pty_wait_for(&p, "black (you) to move> ", WAIT_MS));
    CHECK(pty_finish(&p) == 0);
}

/* The analysis in the terminal: the brain's best moves marked 1, 2, 3 on the board and listed
 * with whose score they are; back and forward; the graph of the positions analysed. */
static void test_analysis(void) {
    if (skip_without_programs()) return;
    char engine[512];
    fake_engine(engine, sizeof engine, "good -nbest");
    Pty p;
    char *argv[] = {(char *)player_program(), "--engine", engine, NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "h8");
    CHECK(pty_wait_for(&p, "move 2 was a15", WAIT_MS));
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "analyse");
    CHECK(pty_wait_for(&p, "analysis by fake_brain of move 2 of 2 (black to move), thinking", WAIT_MS));
    CHECK(pty_wait_for(&p, "fake_brain analyses (type anything to stop it)...", WAIT_MS));
    CHECK(pty_wait_for(&p, "analysis depth ", WAIT_MS));
    CHECK(pty_wait_for(&p, ": h9 black +", WAIT_MS)); /* the cells nearest the centre, black's scores */
    CHECK(pty_wait_for(&p, ", i8 black +", WAIT_MS)); /* all three known */
    pty_send(&p, "");
    CHECK(pty_wait_for(&p, " 9  . . . . . . . 1 . . . . . . .  9", WAIT_MS));
    CHECK(pty_wait_for(&p, "  1. h9   black +", WAIT_MS));
    CHECK(pty_wait_for(&p, "  3. i8   black +", WAIT_MS));
    pty_send(&p, "back");
    CHECK(pty_wait_for(&p, "analysis by fake_brain of move 1 of 2 (white to move)", WAIT_MS));
    CHECK(pty_wait_for(&p, "analysis depth ", WAIT_MS));
    pty_send(&p, "graph");
    CHECK(pty_wait_for(&p, "move  score (black's view)", WAIT_MS));
    CHECK(pty_wait_for(&p, "\n   1  -", WAIT_MS)); /* white's plus is black's minus */
    CHECK(pty_wait_for(&p, "\n   2  +", WAIT_MS));
    pty_send(&p, "forward");
    CHECK(pty_wait_for(&p, "of move 2 of 2", WAIT_MS));
    pty_send(&p, "go 9");
    CHECK(pty_wait_for(&p, "refused: the game has moves 0 to 2", WAIT_MS));
    pty_send(&p, "analyse off");
    CHECK(pty_wait_for(&p, "black (you) to move> ", WAIT_MS));
    CHECK(pty_finish(&p) == 0);
}

/* A brain without YXNBEST analyses by plain thinks: its own MESSAGE line is what shows. */
static void test_analysis_by_a_plain_brain(void) {
    if (skip_without_programs()) return;
    char engine[512];
    fake_engine(engine, sizeof engine, "good -altmessage");
    Pty p;
    char *argv[] = {(char *)player_program(), "--engine", engine, NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "(you) to move> ", WAIT_MS));
    pty_send(&p, "analyse");
    CHECK(pty_wait_for(&p, "analysis depth 1: a15 black +10", WAIT_MS));
    pty_send(&p, "");
    CHECK(pty_wait_for(&p, "note: fake_brain has no YXNBEST", WAIT_MS));
    CHECK(pty_finish(&p) == 0);
}

/* A game clock: the person who does not move in time loses. */
static void test_clock_runs_out(void) {
    if (skip_without_programs()) return;
    char engine[512];
    fake_engine(engine, sizeof engine, "good");
    Pty p;
    char *argv[] = {(char *)player_program(), "--engine", engine, "--clock", "0:01", NULL};
    CHECK(pty_start(&p, argv));
    CHECK(pty_wait_for(&p, "X black  you                      0:01.0 left", WAIT_MS)); /* rounded up */
    CHECK(pty_wait_for(&p, "Game over: white wins: you (black) ran out of time", WAIT_MS));
    pty_send(&p, "h8");
    CHECK(pty_wait_for(&p, "refused: the game is over", WAIT_MS));
    CHECK(pty_finish(&p) == 0);
}

static void test_command_line_refused(void) {
    if (skip_without_programs()) return;
    const char *cases[][3] = {{"--size", "4", "--size"}, {"--rule", "3", "--rule"}, {"--level", "n9", "--level"},
                              {"--you", "red", "--you"}, {"--bogus", "1", "unknown option"},
                              {"--clock", "1:75", "--clock"}};
    for (int i = 0; i < 6; i++) {
        Pty p;
        char *argv[] = {(char *)player_program(), (char *)cases[i][0], (char *)cases[i][1], NULL};
        CHECK(pty_start(&p, argv));
        CHECKF(pty_wait_for(&p, cases[i][2], WAIT_MS), "case %s", cases[i][0]);
        int status;
        waitpid(p.pid, &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 2);
        p.pid = 0;
        close(p.fd);
        free(p.out);
    }
}

int main(void) {
    signal(SIGPIPE, SIG_IGN);
    RUN(test_game_against_n1_saved_and_loaded);
    RUN(test_undo_takes_back_both_moves);
    RUN(test_bad_input_refused_and_game_goes_on);
    RUN(test_other_brain_plays_a_whole_game);
    RUN(test_two_brains_watched);
    RUN(test_swap2_both_ways);
    RUN(test_analysis);
    RUN(test_analysis_by_a_plain_brain);
    RUN(test_clock_runs_out);
    RUN(test_command_line_refused);
    return check_summary();
}
