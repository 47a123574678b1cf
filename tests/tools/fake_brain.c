/* fake_brain: a Gomocup brain that misbehaves on purpose, for the tournament tests.
 *
 * usage: fake_brain MODE [ARG] [tag=ANY]
 *   good          first empty cell in row-major order
 *   line R        first empty cell of row R, else the first empty cell
 *   script MOVES  the moves "x,y/x,y/..." in order (skipping occupied ones), then as good
 *   crash N       plays N moves as good, then exits instead of answering
 *   hang          never answers a move; first starts a child that sleeps in its process group
 *   late MS       waits MS milliseconds before every move, then plays as good
 *   occupied      plays the opponent's last stone (as good on an empty board)
 *   garbage       answers a move with "hello world"
 *   error         answers a move with "ERROR fake failure"
 *   starterror    answers START with "ERROR unsupported size"
 *   quitafter N   plays as good, and exits right after sending its N-th move of a game
 *   noabout       reads everything, answers nothing
 *   ignoreend     plays as good, ignores END and SIGTERM, sleeps at end of input
 *   chatty        plays as line 2 with MESSAGE / DEBUG lines and stderr output before each move
 * tag=ANY is ignored: tests put it on the command line to find leftover processes.
 * Options, anywhere on the command line:
 *   -firstgood F  the first process started with F creates the file F and plays as good; every
 *                 later one runs MODE (the runner starts each brain once before its games)
 *   -notakeback   answers TAKEBACK with UNKNOWN (by default it takes the stone back: OK)
 *   -altmessage   before each move a MESSAGE worded unlike Wuzi's: "Depth: 3, Eval: +12, Best: h8"
 *   -norect       answers RECTSTART with ERROR (square boards only)
 *   -nbest        knows YXBOARD and YXNBEST n as Wuzi does: every 50 ms a deeper iteration,
 *                 one line each of its n best moves (the empty cells nearest the centre),
 *                 "MESSAGE depth D multipv K score S nodes N nps X time T pv x,y x,y", scores
 *                 100 - 10 K + D from the side to move's view; until YXSTOP (or depth 2000),
 *                 then "MESSAGE NBEST x,y …" and the best move
 *   -swap2 WHAT   answers SWAP2BOARD: with no stone three (the centre, one down-right of it,
 *                 two right of it); else WHAT: swap ("SWAP"), one (the first empty cell) or two
 *                 (the first two; with five stones, one)
 * Every other command it does not know gets "UNKNOWN". */
#define _POSIX_C_SOURCE 200809L
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#define SIZE_MAX_SIDE 32

typedef struct Fake {
    const char *mode;
    const char *arg;
    int width, height;
    char cell[SIZE_MAX_SIDE][SIZE_MAX_SIDE];
    int last_x, last_y; /* opponent's last stone, -1 if none */
    int moves_played;
    const char *script_next;
    bool no_takeback, alt_message, no_rect, nbest;
    const char *swap2; /* NULL: SWAP2BOARD is unknown */
} Fake;

static void say(const char *line) {
    printf("%s\n", line);
    fflush(stdout);
}

static void sleep_ms(long ms) {
    struct timespec t = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0) {
    }
}

static void clear(Fake *fake) {
    memset(fake->cell, 0, sizeof fake->cell);
    fake->last_x = fake->last_y = -1;
}

/* A new game: forget the stones, start the script again. */
static void new_game(Fake *fake) {
    clear(fake);
    fake->moves_played = 0;
    fake->script_next = strcmp(fake->mode, "script") == 0 ? fake->arg : NULL;
}

static bool empty(const Fake *fake, int x, int y) {
    return x >= 0 && y >= 0 && x < fake->width && y < fake->height && !fake->cell[y][x];
}

static bool first_empty_in_row(const Fake *fake, int row, int *x, int *y) {
    for (int i = 0; i < fake->width; i++) {
        if (empty(fake, i, row)) {
            *x = i;
            *y = row;
            return true;
        }
    }
    return false;
}

static void first_empty(const Fake *fake, int *x, int *y) {
    *x = *y = 0;
    for (int row = 0; row < fake->height; row++)
        if (first_empty_in_row(fake, row, x, y)) return;
}

static bool next_scripted(Fake *fake, int *x, int *y) {
    while (fake->script_next && *fake->script_next) {
        int n = 0;
        while (*fake->script_next == '/') fake->script_next++;
        if (sscanf(fake->script_next, "%d,%d%n", x, y, &n) != 2) return false;
        fake->script_next += n;
        if (empty(fake, *x, *y)) return true;
    }
    return false;
}

static void choose(Fake *fake, int *x, int *y) {
    if (strcmp(fake->mode, "occupied") == 0 && fake->last_x >= 0) {
        *x = fake->last_x;
        *y = fake->last_y;
        return;
    }
    if (strcmp(fake->mode, "script") == 0 && next_scripted(fake, x, y)) return;
    int row = -1;
    if (strcmp(fake->mode, "line") == 0) row = atoi(fake->arg);
    if (strcmp(fake->mode, "chatty") == 0) row = 2;
    if (row >= 0 && first_empty_in_row(fake, row, x, y)) return;
    first_empty(fake, x, y);
}

static void spawn_sleeper(void) {
    if (fork() == 0) {
        for (;;) pause();
    }
}

static void play(Fake *fake) {
    const char *mode = fake->mode;
    if (strcmp(mode, "hang") == 0) {
        spawn_sleeper();
        for (;;) pause();
    }
    if (strcmp(mode, "crash") == 0 && fake->moves_played >= atoi(fake->arg)) exit(3);
    if (strcmp(mode, "garbage") == 0) return say("hello world");
    if (strcmp(mode, "error") == 0) return say("ERROR fake failure");
    if (strcmp(mode, "late") == 0) sleep_ms(atol(fake->arg));
    if (strcmp(mode, "chatty") == 0) {
        say("MESSAGE thinking hard");
        say("DEBUG depth 1");
        fprintf(stderr, "noise on stderr\n");
    }
    int x, y;
    choose(fake, &x, &y);
    if (fake->alt_message) {
        char line[96];
        snprintf(line, sizeof line, "MESSAGE Depth: %d, Eval: +%d, Best: %c%d", fake->moves_played + 1,
                 10 + fake->moves_played, 'a' + x, fake->height - y);
        say(line);
    }
    if (x >= 0 && y >= 0 && x < SIZE_MAX_SIDE && y < SIZE_MAX_SIDE) fake->cell[y][x] = 1;
    fake->moves_played++;
    char line[32];
    snprintf(line, sizeof line, "%d,%d", x, y);
    say(line);
    if (strcmp(mode, "quitafter") == 0 && fake->moves_played >= atoi(fake->arg)) exit(0);
}

/* The first `n` empty cells in row-major order, as "x,y x,y …". */
static void first_cells(const Fake *fake, int n, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (int y = 0; y < fake->height && n > 0; y++)
        for (int x = 0; x < fake->width && n > 0; x++)
            if (empty(fake, x, y)) {
                used += (size_t)snprintf(out + used, size - used, "%s%d,%d", used ? " " : "", x, y);
                n--;
            }
}

/* Is a line waiting on stdin (unbuffered: nothing hides in stdio's buffer)? */
static bool input_waiting(int ms) {
    struct pollfd p = {.fd = 0, .events = POLLIN};
    return poll(&p, 1, ms) > 0;
}

/* The `n` empty cells nearest the centre (ties in row order), as "x,y x,y …". */
static void central_cells(const Fake *fake, int n, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    const int cx = fake->width / 2, cy = fake->height / 2;
    for (int ring = 0; n > 0 && ring < SIZE_MAX_SIDE * 2; ring++)
        for (int y = 0; y < fake->height && n > 0; y++)
            for (int x = 0; x < fake->width && n > 0; x++)
                if (abs(x - cx) + abs(y - cy) == ring && empty(fake, x, y)) {
                    used += (size_t)snprintf(out + used, size - used, "%s%d,%d", used ? " " : "", x, y);
                    n--;
                }
}

/* YXNBEST n: deeper and deeper until YXSTOP, as an analysing Wuzi does. */
static void nbest(Fake *fake, int n) {
    char cells[512], line[4096];
    if (n < 1) n = 1;
    if (n > 5) n = 5;
    central_cells(fake, n, cells, sizeof cells);
    for (int depth = 1; depth <= 2000; depth++) {
        const char *cell = cells;
        for (int k = 1; k <= n && *cell; k++) {
            char one[16];
            int length = 0;
            sscanf(cell, "%15s%n", one, &length);
            cell += length;
            while (*cell == ' ') cell++;
            snprintf(line, sizeof line, "MESSAGE depth %d multipv %d score %d nodes %d nps 1000 time %d pv %s",
                     depth, k, 100 - 10 * k + depth, depth * 100, depth * 50, one);
            say(line);
        }
        if (!input_waiting(50)) continue;
        if (!fgets(line, sizeof line, stdin)) exit(0);
        if (strncasecmp(line, "END", 3) == 0) exit(0);
        if (strncasecmp(line, "YXSTOP", 6) == 0) break;
    }
    snprintf(line, sizeof line, "MESSAGE NBEST %s", cells);
    say(line);
    int x = 0, y = 0;
    sscanf(cells, "%d,%d", &x, &y);
    snprintf(line, sizeof line, "%d,%d", x, y);
    say(line);
}

/* YXBOARD … DONE: the position, field 1 the side to move's, 2 the other's. */
static void read_yxboard(Fake *fake) {
    char line[256];
    clear(fake);
    while (fgets(line, sizeof line, stdin)) {
        int x, y, f;
        if (strncasecmp(line, "DONE", 4) == 0) return;
        if (sscanf(line, "%d,%d,%d", &x, &y, &f) == 3 && x >= 0 && y >= 0 && x < SIZE_MAX_SIDE && y < SIZE_MAX_SIDE)
            fake->cell[y][x] = (char)(f == 1 ? 1 : 2);
    }
}

/* SWAP2BOARD … DONE: three stones on an empty board, else as -swap2 says. */
static void swap2(Fake *fake) {
    char line[256], answer[160];
    int stones = 0;
    clear(fake);
    while (fgets(line, sizeof line, stdin)) {
        int x, y;
        if (strncasecmp(line, "DONE", 4) == 0) break;
        if (sscanf(line, "%d,%d", &x, &y) == 2 && x >= 0 && y >= 0 && x < SIZE_MAX_SIDE && y < SIZE_MAX_SIDE) {
            fake->cell[y][x] = 2;
            stones++;
        }
    }
    const int cx = fake->width / 2, cy = fake->height / 2;
    if (stones == 0)
        snprintf(answer, sizeof answer, "%d,%d %d,%d %d,%d", cx, cy, cx + 1, cy + 1, cx + 2, cy);
    else if (strcmp(fake->swap2, "swap") == 0)
        snprintf(answer, sizeof answer, "SWAP");
    else
        first_cells(fake, strcmp(fake->swap2, "two") == 0 && stones == 3 ? 2 : 1, answer, sizeof answer);
    say(answer);
}

static void opponent_stone(Fake *fake, int x, int y) {
    if (x >= 0 && y >= 0 && x < SIZE_MAX_SIDE && y < SIZE_MAX_SIDE) fake->cell[y][x] = 2;
    fake->last_x = x;
    fake->last_y = y;
}

/* Reads a BOARD block up to DONE. */
static void read_board(Fake *fake) {
    char line[256];
    clear(fake);
    while (fgets(line, sizeof line, stdin)) {
        int x, y, f;
        if (strncasecmp(line, "DONE", 4) == 0) return;
        if (sscanf(line, "%d,%d,%d", &x, &y, &f) != 3) continue;
        if (f == 1 && x >= 0 && y >= 0 && x < SIZE_MAX_SIDE && y < SIZE_MAX_SIDE)
            fake->cell[y][x] = 1;
        else
            opponent_stone(fake, x, y);
    }
}

static bool handle(Fake *fake, const char *line) {
    int x, y;
    if (strncasecmp(line, "END", 3) == 0) return strcmp(fake->mode, "ignoreend") == 0;
    if (strncasecmp(line, "ABOUT", 5) == 0)
        say("name=\"fake\", version=\"1\", author=\"tests\", country=\"none\"");
    else if (strncasecmp(line, "START", 5) == 0 && strcmp(fake->mode, "starterror") == 0)
        say("ERROR unsupported size");
    else if (sscanf(line, "START %d", &fake->width) == 1) {
        fake->height = fake->width;
        new_game(fake);
        say("OK");
    } else if (strncasecmp(line, "RECTSTART", 9) == 0 && fake->no_rect) {
        say("ERROR rectangular boards are not supported");
    } else if (sscanf(line, "RECTSTART %d,%d", &fake->width, &fake->height) == 2) {
        new_game(fake);
        say("OK");
    } else if (strncasecmp(line, "BEGIN", 5) == 0) {
        play(fake);
    } else if (sscanf(line, "TURN %d,%d", &x, &y) == 2) {
        opponent_stone(fake, x, y);
        play(fake);
    } else if (strncasecmp(line, "BOARD", 5) == 0) {
        read_board(fake);
        play(fake);
    } else if (fake->nbest && strncasecmp(line, "YXBOARD", 7) == 0) {
        read_yxboard(fake);
    } else if (fake->nbest && strncasecmp(line, "YXNBEST", 7) == 0) {
        nbest(fake, atoi(line + 7));
    } else if (fake->nbest && strncasecmp(line, "YXSTOP", 6) == 0) {
        /* nothing runs: nothing to stop */
    } else if (fake->swap2 && strncasecmp(line, "SWAP2BOARD", 10) == 0) {
        swap2(fake);
    } else if (sscanf(line, "TAKEBACK %d,%d", &x, &y) == 2) {
        if (fake->no_takeback) {
            say("UNKNOWN TAKEBACK");
        } else {
            if (x >= 0 && y >= 0 && x < SIZE_MAX_SIDE && y < SIZE_MAX_SIDE) fake->cell[y][x] = 0;
            say("OK");
        }
    } else if (strncasecmp(line, "INFO", 4) != 0 && line[0] != '\r' && line[0] != '\n') {
        char reply[80];
        snprintf(reply, sizeof reply, "UNKNOWN %.40s", line);
        reply[strcspn(reply, "\r\n")] = '\0';
        say(reply);
    }
    return true;
}

int main(int argc, char **argv) {
    /* the options first, out of the way of MODE and ARG */
    bool no_takeback = false, alt_message = false, no_rect = false, analyses = false;
    const char *swap2_answer = NULL, *first_good = NULL;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-swap2") == 0 && i + 1 < argc) {
            swap2_answer = argv[++i];
            continue;
        }
        if (strcmp(argv[i], "-notakeback") == 0) no_takeback = true;
        else if (strcmp(argv[i], "-firstgood") == 0 && i + 1 < argc) first_good = argv[++i];
        else if (strcmp(argv[i], "-altmessage") == 0) alt_message = true;
        else if (strcmp(argv[i], "-norect") == 0) no_rect = true;
        else if (strcmp(argv[i], "-nbest") == 0) analyses = true;
        else argv[kept++] = argv[i];
    }
    argc = kept;
    Fake fake = {.mode = argc > 1 ? argv[1] : "good",
                 .arg = argc > 2 ? argv[2] : "0",
                 .width = 15,
                 .height = 15,
                 .no_takeback = no_takeback,
                 .alt_message = alt_message,
                 .no_rect = no_rect,
                 .nbest = analyses,
                 .swap2 = swap2_answer};
    setvbuf(stdin, NULL, _IONBF, 0); /* -nbest polls for YXSTOP: nothing may wait in a buffer */
    if (first_good) {
        const int fd = open(first_good, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0) {
            close(fd);
            fake.mode = "good";
        }
    }
    new_game(&fake);
    if (strcmp(fake.mode, "ignoreend") == 0) signal(SIGTERM, SIG_IGN);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        if (strcmp(fake.mode, "noabout") == 0) continue;
        if (!handle(&fake, line)) return 0;
    }
    if (strcmp(fake.mode, "ignoreend") == 0)
        for (;;) pause();
    return 0;
}
