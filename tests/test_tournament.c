/* Tournament runner tests: the statistics against values computed by hand, the opening
 * parsers, the process module's stop/reap, and the real $WUZI_RUNNER playing fake brains
 * ($WUZI_TOOLS/fake_brain) that crash, hang, answer late, play occupied cells, print garbage,
 * never answer ABOUT or ignore END. Each must lose the right way, the tournament must go on,
 * and no process may be left behind. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "process_scan.h"
#include "game.h"
#include "openings.h"
#include "brain_process.h"
#include "records.h"
#include "stats.h"
#include "run.h"

#define OUTPUT_MAX (1 << 18)
#define RUN_LIMIT_MS 60000

static bool near(double a, double b, double tolerance) { return fabs(a - b) <= tolerance; }

/* ---- statistics ---- */

static void test_elo_los_by_hand(void) {
    const Score score = {.wins = 60, .losses = 30, .draws = 10};
    const EloEstimate e = elo_estimate(&score);
    /* s = 0.65; Elo = -400 log10(1/0.65 - 1); var = 0.2025, stderr = 0.045, s ± 1.96·0.045. */
    CHECKF(near(e.score, 0.65, 1e-12), "score %f", e.score);
    CHECKF(near(e.elo, 107.538, 0.001), "elo %f", e.elo);
    CHECKF(near(e.error, 68.458, 0.001), "error %f", e.error);
    CHECKF(near(e.los, 0.999217, 0.000001), "los %f", e.los);
    CHECKF(near(e.draw_ratio, 0.10, 1e-12), "draws %f", e.draw_ratio);
    CHECK(near(los_from(10, 10), 0.5, 1e-12));
    CHECK(near(elo_from_score(0.5), 0.0, 1e-12));
    CHECK(near(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12));
    CHECK(isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
    const Score flipped = score_flip(&score);
    CHECK(near(elo_estimate(&flipped).elo, -107.538, 0.001));
}

static void test_pentanomial_by_hand(void) {
    const Pentanomial p = {.count = {5, 20, 40, 25, 10}};
    const EloEstimate e = elo_estimate_pentanomial(&p);
    CHECK(e.games == 100);
    /* mean pair score (0·5 + .25·20 + .5·40 + .75·25 + 1·10) / 100 = 0.5375 */
    CHECKF(near(e.score, 0.5375, 1e-12), "score %f", e.score);
    CHECKF(near(e.elo, 26.107, 0.001), "elo %f", e.elo);
    CHECKF(near(e.error, 34.826, 0.001), "error %f", e.error);
    Pentanomial q = {0};
    pentanomial_add(&q, 1, 1);
    pentanomial_add(&q, 0.5, 1);
    pentanomial_add(&q, 0, 0.5);
    CHECK(q.count[4] == 1 && q.count[3] == 1 && q.count[1] == 1 && pentanomial_pairs(&q) == 3);
    const Pentanomial f = pentanomial_flip(&q);
    CHECK(f.count[0] == 1 && f.count[1] == 1 && f.count[3] == 1);
}

static void test_sprt_by_hand(void) {
    const SprtSettings sprt = {.enabled = true, .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    double lower, upper;
    sprt_bounds(&sprt, &lower, &upper);
    CHECKF(near(lower, -2.944439, 1e-6) && near(upper, 2.944439, 1e-6), "bounds %f %f", lower,
           upper);
    /* N Σ q log(p1 / p0), q = (counts + 1/2) / N, p_k = q / (1 + θ_k (x - s_k)) with θ_k solved
     * so that p_k sums to 1 (mean s_k); s0 = 0.5, s1 = 1 / (1 + 10^(-10/400)). Reference values
     * from a separate bisection done by hand in Python. */
    const Score a = {.wins = 60, .losses = 30, .draws = 10};
    CHECKF(near(sprt_llr(&sprt, &a), 0.91671, 0.0001), "llr %f", sprt_llr(&sprt, &a));
    const Score b = {.wins = 52, .losses = 48, .draws = 100};
    CHECKF(near(sprt_llr(&sprt, &b), 0.06321, 0.0001), "llr %f", sprt_llr(&sprt, &b));
    const Pentanomial p = {.count = {5, 20, 40, 25, 10}};
    CHECKF(near(sprt_llr_pentanomial(&sprt, &p), 0.65228, 0.0001), "llr %f",
           sprt_llr_pentanomial(&sprt, &p));
    CHECK(sprt_verdict(&sprt, 1.0) == SPRT_CONTINUE);
    CHECK(sprt_verdict(&sprt, 3.0) == SPRT_H1);
    CHECK(sprt_verdict(&sprt, -3.0) == SPRT_H0);
    /* Only wins: no decision after a few, H1 after many (about as a win/loss model: each win
     * adds log(s1 / s0)); only losses: H0. */
    const SprtSettings wide = {.enabled = true, .elo0 = 0, .elo1 = 50, .alpha = 0.05, .beta = 0.05};
    const Score eight = {.wins = 8};
    CHECKF(near(sprt_llr(&wide, &eight), 1.11595, 0.0001), "llr %f", sprt_llr(&wide, &eight));
    CHECK(sprt_verdict(&wide, sprt_llr(&wide, &eight)) == SPRT_CONTINUE);
    const Pentanomial two_pairs = {.count = {0, 0, 0, 0, 2}};
    CHECK(sprt_verdict(&wide, sprt_llr_pentanomial(&wide, &two_pairs)) == SPRT_CONTINUE);
    const Score sweep = {.wins = 30};
    CHECK(sprt_verdict(&wide, sprt_llr(&wide, &sweep)) == SPRT_H1);
    const Score lost = {.losses = 30};
    CHECK(sprt_verdict(&wide, sprt_llr(&wide, &lost)) == SPRT_H0);
}

/* Once the SPRT decides, the decision stands: a game that was still being played when it was
 * made is counted afterwards and may take the LLR back inside the bounds (a run stopped by H1
 * at 95 % of the bound once reported "no decision yet" and sprt.sh exited 3). */
static void test_sprt_decision_is_final(void) {
    Options options = {.repeat = true};
    options.sprt = (SprtSettings){.enabled = true, .elo0 = 0, .elo1 = 50, .alpha = 0.05, .beta = 0.05};
    Tournament t = {.options = &options};
    Encounter e = {.a = 0, .b = 1, .score = {.wins = 27, .losses = 14, .draws = 5},
                   .penta = {.count = {1, 2, 10, 5, 5}}};
    double llr;
    CHECK(!run_check_sprt(&t, &e));
    CHECK(run_sprt_state(&t, &e, &llr) == SPRT_CONTINUE);
    e.penta.count[4] = 25;
    e.score.wins = 67;
    CHECK(run_check_sprt(&t, &e));
    CHECK(atomic_load(&t.stop));
    const SprtVerdict decided = run_sprt_state(&t, &e, &llr);
    const double decided_llr = llr;
    CHECK(decided == SPRT_H1);
    CHECKF(t.sprt_games == 86, "decided after %d games", t.sprt_games);
    /* the games still in progress: losses that by themselves would undo the decision */
    e.penta.count[0] = 21;
    e.score.losses = 54;
    CHECK(sprt_verdict(&options.sprt, sprt_llr_pentanomial(&options.sprt, &e.penta)) != SPRT_H1);
    CHECK(!run_check_sprt(&t, &e));
    CHECK(run_sprt_state(&t, &e, &llr) == SPRT_H1);
    CHECKF(llr == decided_llr, "llr %f, decided at %f", llr, decided_llr);
}

/* ---- openings ---- */

static void test_opening_formats(void) {
    Opening o;
    char error[160];
    CHECK(opening_parse("0,0, 1,0, 1,3", OPENING_OFFSET, 15, 15, &o, error, sizeof error));
    CHECK(o.count == 3 && o.x[0] == 7 && o.y[0] == 7 && o.x[1] == 8 && o.y[1] == 7 && o.x[2] == 8 &&
          o.y[2] == 10);
    CHECK(opening_parse("-7,-8, -6,-9,-3,-9\n", OPENING_OFFSET, 20, 20, &o, error, sizeof error));
    CHECK(o.count == 3 && o.x[0] == 3 && o.y[0] == 2 && o.x[2] == 7 && o.y[2] == 1);
    CHECK(opening_parse("h8i9j10", OPENING_POS, 15, 15, &o, error, sizeof error));
    CHECK(o.count == 3 && o.x[0] == 7 && o.y[0] == 7 && o.x[2] == 9 && o.y[2] == 9);
    CHECK(!opening_parse("0,0, 0,0", OPENING_OFFSET, 15, 15, &o, error, sizeof error));
    CHECK(!opening_parse("8,0", OPENING_OFFSET, 15, 15, &o, error, sizeof error));
    CHECK(!opening_parse("0,0, x", OPENING_OFFSET, 15, 15, &o, error, sizeof error));
    char text[128];
    CHECK(opening_parse("1,-2, 0,3", OPENING_OFFSET, 15, 15, &o, error, sizeof error));
    opening_format(&o, OPENING_OFFSET, 15, 15, text, sizeof text);
    CHECKF(strcmp(text, "1,-2, 0,3") == 0, "formatted %s", text);
    opening_format(&o, OPENING_POS, 15, 15, text, sizeof text);
    CHECKF(strcmp(text, "i6h11") == 0, "formatted %s", text);
}

/* ---- helpers for processes ---- */

static const char *tools(void) {
    const char *dir = getenv("WUZI_TOOLS");
    return dir ? dir : "build/tests/tools";
}

static const char *runner(void) {
    const char *path = getenv("WUZI_RUNNER");
    return path ? path : "./wuzi-tournament";
}

static void make_tag(char *tag, size_t size, const char *name) {
    snprintf(tag, size, "tag=wuzitest%d%s", (int)getpid(), name);
}

/* Zombie children of `parent` right now. */
static int zombies_of(pid_t parent) {
    int zombies = 0;
    DIR *proc = opendir("/proc");
    if (!proc) return 0;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        char path[300], data[512];
        snprintf(path, sizeof path, "/proc/%s/stat", entry->d_name);
        FILE *file = fopen(path, "r");
        if (!file) continue;
        const size_t n = fread(data, 1, sizeof data - 1, file);
        fclose(file);
        data[n] = '\0';
        const char *after = strrchr(data, ')');
        char state;
        int ppid;
        if (after && sscanf(after + 1, " %c %d", &state, &ppid) == 2 && ppid == parent &&
            state == 'Z')
            zombies++;
    }
    closedir(proc);
    return zombies;
}

/* Run `command` under sh (which execs the runner), output (stdout and stderr) into `out`;
 * SIGINT after interrupt_ms if positive. With `zombie_streak`, the runner's children are
 * watched every poll: the longest run of consecutive looks that found a zombie is stored.
 * Returns the exit status, or 128 + signal. */
static int run_watched(const char *command, char *out, size_t size, int interrupt_ms,
                       int *zombie_streak) {
    int fds[2];
    if (pipe(fds) < 0) return -1;
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    size_t used = 0;
    const int64_t start = monotonic_ms();
    bool interrupted = false;
    int streak = 0;
    for (;;) {
        const int64_t now = monotonic_ms();
        if (interrupt_ms > 0 && !interrupted && now - start >= interrupt_ms) {
            kill(pid, SIGINT);
            interrupted = true;
        }
        if (now - start > RUN_LIMIT_MS) {
            kill(pid, SIGKILL);
            break;
        }
        if (zombie_streak) {
            const int now_zombies = zombies_of(pid);
            streak = now_zombies ? streak + 1 : 0;
            if (streak > *zombie_streak) *zombie_streak = streak;
        }
        struct pollfd p = {.fd = fds[0], .events = POLLIN};
        if (poll(&p, 1, 20) <= 0) continue;
        char chunk[4096];
        const ssize_t n = read(fds[0], chunk, sizeof chunk);
        if (n <= 0) break;
        const size_t take = used + (size_t)n < size - 1 ? (size_t)n : size - 1 - used;
        memcpy(out + used, chunk, take);
        used += take;
    }
    out[used] = '\0';
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int run_command(const char *command, char *out, size_t size, int interrupt_ms) {
    return run_watched(command, out, size, interrupt_ms, NULL);
}

static int count_of(const char *text, const char *needle) {
    int count = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle)) count++;
    return count;
}

/* The final table's row for `name`: games, wins, losses, draws. */
static bool table_row(const char *out, const char *name, int *games, int *w, int *l, int *d) {
    const char *table = strstr(out, "Rank Name");
    if (!table) return false;
    for (const char *line = strchr(table, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        int rank;
        char found[64];
        if (sscanf(line + 1, "%d %63s %d %d %d %d", &rank, found, games, w, l, d) == 6 &&
            strcmp(found, name) == 0)
            return true;
    }
    return false;
}

typedef struct Match {
    char tag[64];
    char *out;
    int status;
} Match;

/* Play `a` (black in odd games) against `b`: fake_brain modes with their arguments. */
static void play_match(Match *m, const char *name, const char *a, const char *b,
                       const char *extra) {
    make_tag(m->tag, sizeof m->tag, name);
    m->out = malloc(OUTPUT_MAX);
    char command[8192];
    snprintf(command, sizeof command,
             "exec %s -engine name=A 'cmd=%s/fake_brain %s %s' -engine name=B 'cmd=%s/fake_brain "
             "%s %s' %s",
             runner(), tools(), a, m->tag, tools(), b, m->tag, extra);
    m->status = run_command(command, m->out, OUTPUT_MAX, 0);
}

static void end_match(Match *m) {
    const int left = processes_with(m->tag);
    CHECKF(left == 0, "%d processes left behind (%s)", left, m->tag);
    CHECKF(m->status == 0, "runner exited %d", m->status);
    if (m->status != 0 || left) printf("NOTE runner output:\n%s\n", m->out);
    free(m->out);
}

/* The file's text (empty if it cannot be read); the caller frees it. */
static char *file_text(const char *path) {
    char *text = calloc(1, OUTPUT_MAX);
    FILE *file = fopen(path, "r");
    if (file && text) {
        const size_t n = fread(text, 1, OUTPUT_MAX - 1, file);
        text[n] = '\0';
    }
    if (file) fclose(file);
    return text;
}

static bool file_has(const char *path, const char *needle) {
    char *text = file_text(path);
    const bool found = text && strstr(text, needle) != NULL;
    free(text);
    return found;
}

/* The runner's report of a side's times: "A longest move M ms, clock C ms left". */
typedef struct SideTimes {
    long long longest, clock; /* clock -1: "no game clock" */
} SideTimes;

static bool side_times(const char *text, const char *name, SideTimes *times) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "%s longest move ", name);
    const char *at = strstr(text, pattern);
    if (!at || sscanf(at + strlen(pattern), "%lld ms, ", &times->longest) != 1) return false;
    const char *comma = strchr(at, ',');
    if (comma && strncmp(comma, ", no game clock", 15) == 0) {
        times->clock = -1;
        return true;
    }
    return comma && sscanf(comma, ", clock %lld ms left", &times->clock) == 1;
}

/* The line "Times in game N (...)" of the runner's output, into `line`. */
static bool times_line(const char *out, int game, char *line, size_t size) {
    char start[64];
    snprintf(start, sizeof start, "Times in game %d (", game);
    const char *at = strstr(out, start);
    if (!at) return false;
    const size_t length = strcspn(at, "\n");
    snprintf(line, size, "%.*s", (int)(length < size ? length : size - 1), at);
    return true;
}

static bool json_number(const char *text, const char *key, long long *value) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(text, pattern);
    return at && sscanf(at + strlen(pattern), "%lld", value) == 1;
}

#define FAST "-each tc=0/0.3 -tolerance 100"

/* ---- the process module ---- */

static void test_process_stop_reaps_and_kills_group(void) {
    char tag[64], command[512], line[256];
    make_tag(tag, sizeof tag, "proc");
    BrainProcess brain;
    brain_init(&brain, "hang", -1, monotonic_ms(), NULL);
    snprintf(command, sizeof command, "%s/fake_brain hang %s", tools(), tag);
    CHECK(brain_start(&brain, command));
    const pid_t pid = brain.pid;
    CHECK(brain_send(&brain, "ABOUT"));
    CHECK(brain_read(&brain, line, sizeof line, monotonic_ms() + 3000) == BRAIN_READ_OK);
    CHECK(strstr(line, "name=") != NULL);
    CHECK(brain_send(&brain, "START 15"));
    CHECK(brain_read(&brain, line, sizeof line, monotonic_ms() + 3000) == BRAIN_READ_OK &&
          strcmp(line, "OK") == 0);
    CHECK(brain_send(&brain, "BEGIN"));
    const int64_t before = monotonic_ms();
    CHECK(brain_read(&brain, line, sizeof line, before + 300) == BRAIN_READ_TIMEOUT);
    CHECK(monotonic_ms() - before >= 290);
    brain_stop(&brain, 200);
    CHECK(!brain_running(&brain));
    CHECK(waitpid(pid, NULL, WNOHANG) < 0 && errno == ECHILD); /* reaped: no zombie */
    CHECK(kill(pid, 0) < 0 && errno == ESRCH);
    CHECK(processes_with(tag) == 0); /* the sleeper child went with the group */
    brain_stop(&brain, 200);         /* stopping twice is harmless */
}

static void test_process_eof_and_ignored_end(void) {
    char tag[64], command[512], line[256];
    make_tag(tag, sizeof tag, "proc2");
    BrainProcess brain;
    brain_init(&brain, "ignoreend", -1, monotonic_ms(), NULL);
    snprintf(command, sizeof command, "%s/fake_brain ignoreend %s", tools(), tag);
    CHECK(brain_start(&brain, command));
    const pid_t pid = brain.pid;
    const int64_t before = monotonic_ms();
    brain_stop(&brain, 300);
    CHECK(monotonic_ms() - before >= 250); /* it was given its grace period, then killed */
    CHECK(waitpid(pid, NULL, WNOHANG) < 0 && errno == ECHILD);
    CHECK(processes_with(tag) == 0);

    brain_init(&brain, "missing", -1, monotonic_ms(), NULL);
    CHECK(brain_start(&brain, "/nonexistent/brain"));
    CHECK(brain_read(&brain, line, sizeof line, monotonic_ms() + 3000) == BRAIN_READ_EOF);
    brain_stop(&brain, 100);
    CHECK(!brain_running(&brain));
}

/* ---- faulty brains in the real runner ---- */

static void test_crash_loses_and_tournament_goes_on(void) {
    Match m;
    play_match(&m, "crash", "crash 2", "line 5", FAST " -games 2");
    CHECKF(count_of(m.out, "Finished game") == 2, "games finished: %d",
           count_of(m.out, "Finished game"));
    CHECK(count_of(m.out, "A crashed (end of output)") == 2);
    int games, w, l, d;
    CHECK(table_row(m.out, "B", &games, &w, &l, &d) && games == 2 && w == 2);
    end_match(&m);
}

static void test_hang_loses_on_time_and_is_killed(void) {
    Match m;
    play_match(&m, "hang", "hang", "line 5", FAST " -games 2");
    CHECK(count_of(m.out, "A lost on time") == 2);
    CHECK(strstr(m.out, "Finished game 1 (A vs B): 0-1") != NULL);
    CHECK(strstr(m.out, "Finished game 2 (B vs A): 1-0") != NULL);
    /* the wait that ran into the deadline (300 ms + 100 ms tolerance) is its longest move */
    char line[512];
    SideTimes a = {0};
    CHECKF(times_line(m.out, 1, line, sizeof line) && side_times(line, "A", &a) && a.longest >= 400 &&
               a.clock == -1,
           "%s", m.out);
    end_match(&m);
}

static void test_late_move_within_and_beyond_tolerance(void) {
    Match m;
    /* 150 ms late on a 100 ms turn limit with 400 ms tolerance: accepted; A (row 0) wins. */
    play_match(&m, "late1", "late 150", "line 5", "-each tc=0/0.1 -tolerance 400 -games 1");
    CHECKF(strstr(m.out, "Finished game 1 (A vs B): 1-0 {A made five}") != NULL, "%s", m.out);
    end_match(&m);
    /* 800 ms on the same limit: beyond 100 + 400 ms, a time forfeit. */
    play_match(&m, "late2", "late 800", "line 5", "-each tc=0/0.1 -tolerance 400 -games 1");
    CHECK(strstr(m.out, "Finished game 1 (A vs B): 0-1 {A lost on time") != NULL);
    end_match(&m);
}

static void test_openings_that_do_not_fit_are_skipped(void) {
    char path[128], extra[256];
    snprintf(path, sizeof path, "/tmp/wuzi-test-%d-openings.txt", (int)getpid());
    FILE *file = fopen(path, "w");
    if (!file) {
        CHECK(false);
        return;
    }
    /* Lines 2 and 4 reach past a 15x15 board (Piskvork's own 15x15 file has such a line). */
    fputs("0,0, 1,0\n8,0\n0,0, 0,1\n7,7, -9,0\n", file);
    fclose(file);
    Match m;
    snprintf(extra, sizeof extra, FAST " -games 2 -openings file=%s 2>&1", path);
    play_match(&m, "openings", "good", "good", extra);
    CHECKF(count_of(m.out, "warning:") == 1, "%s", m.out);
    CHECKF(strstr(m.out, "2 openings of") && strstr(m.out, "skipped (lines 2, 4)"), "%s", m.out);
    CHECKF(strstr(m.out, "Openings: 2 from") != NULL, "%s", m.out);
    CHECKF(strstr(m.out, "Finished game 2") != NULL, "%s", m.out);
    end_match(&m);
    remove(path);
}

/* ---- each side's longest move and the clock it had left ---- */

static void test_longest_move_and_clock_left(void) {
    char pgn[128], results[128], extra[512], line[512];
    snprintf(pgn, sizeof pgn, "/tmp/wuzi-test-%d-times.pgn", (int)getpid());
    snprintf(results, sizeof results, "/tmp/wuzi-test-%d-times.jsonl", (int)getpid());
    remove(pgn);
    remove(results);
    /* A (black, row 0) waits 150 ms a move and wins with its fifth; B answers at once. */
    snprintf(extra, sizeof extra, "-each tc=2/0.5 -tolerance 400 -games 1 -pgn %s -results %s", pgn, results);
    Match m;
    play_match(&m, "times", "late 150", "line 5", extra);
    SideTimes a = {0}, b = {0};
    CHECKF(times_line(m.out, 1, line, sizeof line) && side_times(line, "A", &a) && side_times(line, "B", &b),
           "%s", m.out);
    CHECKF(a.longest >= 150 && a.longest < 900, "A's longest move %lld ms", a.longest);
    CHECKF(a.clock >= 0 && a.clock <= 2000 - 5 * 150, "A's clock %lld ms", a.clock);
    CHECKF(b.longest < 150 && b.clock > 2000 - 4 * 150, "B: %lld ms, clock %lld ms", b.longest, b.clock);
    /* The results line agrees, and with its moves: the longest of A's, the clock less their sum. */
    char *json = file_text(results);
    const char *game = json ? strstr(json, "\"game\":1,") : NULL;
    long long value = -2, longest = 0, spent = 0;
    CHECK(game && json_number(game, "black_longest_ms", &value) && value == a.longest);
    CHECK(game && json_number(game, "black_clock_left_ms", &value) && value == a.clock);
    CHECK(game && json_number(game, "white_longest_ms", &value) && value == b.longest);
    CHECK(game && json_number(game, "white_clock_left_ms", &value) && value == b.clock);
    const char *moves = game ? strstr(game, "\"moves\":[[") : NULL;
    if (moves) moves += strlen("\"moves\":["); /* at the first move's [ */
    int x, y;
    long long ms;
    for (int i = 0; moves && sscanf(moves, "[%d,%d,%lld]", &x, &y, &ms) == 3; i++) {
        if (i % 2 == 0 && ms > longest) longest = ms; /* black's moves */
        if (i % 2 == 0) spent += ms;
        moves = strchr(moves + 1, '[');
    }
    CHECKF(longest == a.longest && spent == 2000 - a.clock, "moves: longest %lld, spent %lld", longest, spent);
    free(json);
    char tag[64];
    snprintf(tag, sizeof tag, "[BlackLongestMs \"%lld\"]", a.longest);
    CHECK(file_has(pgn, tag));
    snprintf(tag, sizeof tag, "[WhiteClockLeftMs \"%lld\"]", b.clock);
    CHECK(file_has(pgn, tag));
    snprintf(line, sizeof line, "Longest move of A: %lld ms (game 1; turn limit 500 ms)", a.longest);
    CHECKF(strstr(m.out, line) != NULL, "%s", m.out);
    end_match(&m);
    remove(pgn);
    remove(results);

    /* Without a game clock, and the merged results of the shards say the same. */
    snprintf(extra, sizeof extra, "-each tc=0/0.5 -games 2 -pgn %s -results %s", pgn, results);
    play_match(&m, "times2", "late 100", "line 5", extra);
    CHECKF(times_line(m.out, 2, line, sizeof line) && side_times(line, "A", &a) && a.clock == -1, "%s", m.out);
    CHECKF(strstr(line, "A longest move") > strstr(line, "B longest move"), "%s", line); /* black first */
    CHECK(file_has(results, "\"black_clock_left_ms\":null"));
    CHECK(file_has(pgn, "[BlackClockLeftMs \"-\"]"));
    const char *summary = strstr(m.out, "Longest move of A: ");
    long long over_match = summary ? atoll(summary + strlen("Longest move of A: ")) : -1;
    CHECKF(over_match >= 100 && over_match >= a.longest, "A's longest over the match: %lld", over_match);
    char command[512], *merged = malloc(OUTPUT_MAX);
    snprintf(command, sizeof command, "%s merge %s", runner(), results);
    CHECK(run_command(command, merged, OUTPUT_MAX, 0) == 0);
    snprintf(line, sizeof line, "Longest move of A: %lld ms (game ", over_match);
    CHECKF(strstr(merged, line) != NULL, "%s", merged);
    free(merged);
    end_match(&m);
    remove(pgn);
    remove(results);
}

static void test_game_clock_runs_out(void) {
    Match m;
    /* 300 ms a move on a 700 ms game clock (1 s per move), 50 ms tolerance: 400 ms are left
     * after the first move, 100 after the second, so the third (limit 150 ms) is too late. */
    play_match(&m, "clock", "late 300", "line 5", "-each tc=0.7/1 -tolerance 50 -games 1");
    CHECKF(strstr(m.out, "Finished game 1 (A vs B): 0-1 {A ran out of game time") != NULL, "%s",
           m.out);
    end_match(&m);
}

static void test_game_clock_flags_the_move_that_empties_it(void) {
    Match m;
    /* 300 ms a move on a 500 ms game clock with 400 ms tolerance: about 200 ms are left after
     * the first move, so the second empties the clock although it is inside the tolerance: it
     * loses there, with the clock never below zero. */
    play_match(&m, "clock2", "late 300", "line 5", "-each tc=0.5/1 -tolerance 400 -games 1");
    const char *reason = strstr(m.out, "Finished game 1 (A vs B): 0-1 {A ran out of game time (");
    CHECKF(reason != NULL, "%s", m.out);
    const long left = reason ? atol(reason + strlen("Finished game 1 (A vs B): 0-1 {A ran out of game time (")) : -1;
    CHECKF(left > 0, "flagged with %ld ms left: %s", left, m.out);
    end_match(&m);
}

static void test_no_zombie_while_brains_die(void) {
    char tag[64], command[2048];
    make_tag(tag, sizeof tag, "zombie");
    /* Brains that crash, hang and are killed, and exit on END, game after game. */
    snprintf(command, sizeof command,
             "exec %s -engine name=A 'cmd=%s/fake_brain crash 1 %s' -engine name=B "
             "'cmd=%s/fake_brain hang %s' "
             "-engine name=C 'cmd=%s/fake_brain good %s' " FAST " -games 2",
             runner(), tools(), tag, tools(), tag, tools(), tag);
    char *out = malloc(OUTPUT_MAX);
    int streak = 0;
    CHECK(run_watched(command, out, OUTPUT_MAX, 0, &streak) == 0);
    CHECKF(count_of(out, "Finished game") == 6, "%s", out);
    /* A zombie lives only between a brain's death and the waitpid right after it: seeing one
     * in three looks 20 ms apart would mean a child left unreaped. */
    CHECKF(streak < 3, "a zombie child was seen %d times in a row", streak);
    CHECK(processes_with(tag) == 0);
    free(out);
}

static void test_schedules(void) {
    Match m;
    char extra[1024], tag[64];
    make_tag(tag, sizeof tag, "rrc");
    /* C starts, then dies at its first move, game after game */
    snprintf(extra, sizeof extra, FAST " -engine name=C 'cmd=%s/fake_brain crash 0 %s' -games 2 -rounds 2",
             tools(), tag);
    play_match(&m, "rr", "line 3", "line 9", extra);
    int games, w, l, d;
    CHECK(count_of(m.out, "Finished game") == 12);
    CHECK(table_row(m.out, "A", &games, &w, &l, &d) && games == 8);
    CHECK(table_row(m.out, "C", &games, &w, &l, &d) && games == 8 && l == 8);
    CHECK(count_of(m.out, "{C crashed (end of output)}") == 8);
    CHECK(processes_with(tag) == 0);
    end_match(&m);
    snprintf(extra, sizeof extra, FAST " -engine name=C 'cmd=%s/fake_brain crash 0 %s' -games 2 -gauntlet",
             tools(), tag);
    play_match(&m, "gauntlet", "line 3", "line 9", extra);
    CHECK(count_of(m.out, "Finished game") == 4);
    CHECK(table_row(m.out, "A", &games, &w, &l, &d) && games == 4);
    CHECK(table_row(m.out, "B", &games, &w, &l, &d) && games == 2);
    CHECK(table_row(m.out, "C", &games, &w, &l, &d) && games == 2);
    end_match(&m);
}

/* A file for fake_brain -firstgood: the runner's start check finds a good brain, the games the
 * faulty one. */
static void first_good_file(char *path, size_t size, const char *name) {
    snprintf(path, size, "/tmp/wuzi-test-%d-%s.first", (int)getpid(), name);
    remove(path);
}

/* A brain that cannot start is not played: the runner names it and exits 2 before any game. */
static void test_brain_that_cannot_start_is_not_played(void) {
    char tag[64], script[128], command[4096], *out = malloc(OUTPUT_MAX);
    make_tag(tag, sizeof tag, "nostart");
    snprintf(script, sizeof script, "/tmp/wuzi-test-%d-noexec", (int)getpid());
    FILE *file = fopen(script, "w");
    if (file) fclose(file); /* there, but not executable */
    const struct {
        const char *cmd, *why;
    } faults[] = {
        {"/nonexistent/brain", "engine C (/nonexistent/brain) cannot play: the shell could not run its command"},
        {script, "cannot play: the shell could not run its command (not found or not executable)"},
        {"%s/fake_brain noabout %s", "cannot play: it did not answer START 15 with OK within 400 ms"},
        {"%s/fake_brain starterror %s", "cannot play: it answered START 15 with: ERROR unsupported size"},
        {"true", "engine C (true) cannot play: it ended its output before answering START 15 (exit code 0)"},
    };
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
        char cmd[512];
        snprintf(cmd, sizeof cmd, faults[i].cmd, tools(), tag);
        snprintf(command, sizeof command,
                 "exec %s -engine name=A 'cmd=%s/fake_brain good %s' -engine name=B 'cmd=%s/fake_brain good %s' "
                 "-engine name=C 'cmd=%s' -starttimeout 400 " FAST " -games 1",
                 runner(), tools(), tag, tools(), tag, cmd);
        const int64_t before = monotonic_ms();
        const int status = run_command(command, out, OUTPUT_MAX, 0);
        const int64_t took = monotonic_ms() - before;
        CHECKF(status == 2, "%s: exit %d", cmd, status);
        CHECKF(strstr(out, faults[i].why) != NULL, "%s: %s", cmd, out);
        CHECKF(!strstr(out, "Started game") && !strstr(out, "Finished game"), "%s: %s", cmd, out);
        CHECKF(count_of(out, "cannot play") == 1, "%s: %s", cmd, out); /* A and B are fine */
        CHECKF(took < 3000, "%s: %lld ms before giving up", cmd, (long long)took);
        CHECK(processes_with(tag) == 0);
    }
    /* The brain that never answers: named with its START and the timeout. */
    snprintf(command, sizeof command,
             "exec %s -engine name=A 'cmd=%s/fake_brain noabout %s' -engine name=B 'cmd=%s/fake_brain good %s' "
             "-starttimeout 300 " FAST " -games 1 -boardsize 15x20",
             runner(), tools(), tag, tools(), tag);
    CHECK(run_command(command, out, OUTPUT_MAX, 0) == 2);
    CHECKF(strstr(out, "engine A (") && strstr(out, "cannot play: it did not answer RECTSTART 15,20 with OK within 300 ms"),
           "%s", out);
    CHECK(processes_with(tag) == 0);
    remove(script);
    free(out);
}

/* Two first-empty-cell brains fill the board like a chessboard: no five, so -drawafter. */
static void test_draw_adjudication(void) {
    Match m;
    play_match(&m, "drawafter", "good", "good", FAST " -games 1 -drawafter 30");
    CHECKF(strstr(m.out, "Finished game 1 (A vs B): 1/2-1/2 {draw by adjudication after 30 moves}"),
           "%s", m.out);
    end_match(&m);
}

static void test_brain_gone_between_games_is_restarted(void) {
    Match m;
    /* A wins game 1 with its fifth move and exits; game 2 must start a new A, not forfeit. */
    play_match(&m, "quit", "quitafter 5", "line 5", FAST " -games 3");
    CHECKF(strstr(m.out, "Finished game 1 (A vs B): 1-0 {A made five}") != NULL, "%s", m.out);
    CHECKF(strstr(m.out, "Finished game 2 (B vs A): 1-0 {B made five}") != NULL, "%s", m.out);
    CHECKF(strstr(m.out, "Finished game 3 (A vs B): 1-0 {A made five}") != NULL, "%s", m.out);
    end_match(&m);
}

static void test_occupied_garbage_error_lose(void) {
    Match m;
    play_match(&m, "occupied", "line 5", "occupied", FAST " -games 1");
    CHECKF(strstr(m.out, "1-0 {B played the occupied cell 0,5}") != NULL, "%s", m.out);
    end_match(&m);
    play_match(&m, "garbage", "garbage", "line 5", FAST " -games 1");
    CHECK(strstr(m.out, "0-1 {A sent a malformed move: \"hello world\"}") != NULL);
    end_match(&m);
    play_match(&m, "error", "line 5", "error", FAST " -games 1");
    CHECK(strstr(m.out, "1-0 {B answered: ERROR fake failure}") != NULL);
    end_match(&m);
    /* A refusal of START after the start check: a forfeit, as any fault mid-match. */
    char first[128], mode[256];
    first_good_file(first, sizeof first, "starterror");
    snprintf(mode, sizeof mode, "starterror -firstgood %s", first);
    play_match(&m, "starterror", mode, "line 5", FAST " -games 1");
    CHECKF(strstr(m.out, "0-1 {A answered START with: ERROR unsupported size}") != NULL, "%s", m.out);
    end_match(&m);
    remove(first);
}

static void test_no_about_and_ignored_end(void) {
    Match m;
    char first[128], mode[256];
    first_good_file(first, sizeof first, "noabout");
    snprintf(mode, sizeof mode, "noabout -firstgood %s", first);
    play_match(&m, "noabout", mode, "line 5", FAST " -games 1");
    CHECKF(strstr(m.out, "0-1 {A did not answer in time to ABOUT}") != NULL, "%s", m.out);
    end_match(&m);
    remove(first);
    play_match(&m, "ignoreend", "ignoreend", "line 5", FAST " -games 2");
    CHECK(count_of(m.out, "Finished game") == 2);
    CHECK(strstr(m.out, "Finished game 1 (A vs B): 1-0 {A made five}") != NULL);
    end_match(&m);
}

static void test_chatter_and_stderr_are_not_moves(void) {
    Match m;
    play_match(&m, "chatty", "chatty", "line 5", FAST " -games 1");
    CHECKF(strstr(m.out, "Finished game 1 (A vs B): 1-0 {A made five}") != NULL, "%s", m.out);
    CHECK(strstr(m.out, "noise on stderr") == NULL);
    end_match(&m);
}

/* ---- rules ---- */

static void test_renju_double_three_is_black_foul(void) {
    Match m;
    /* Black: 6,7 7,7 then 8,5 8,6; 8,7 makes two open threes at once. White plays far away. */
    play_match(&m, "renju", "script 6,7/7,7/8,5/8,6/8,7", "script 0,0/2,0/4,0/6,0/8,0/10,0",
               FAST " -rule 4 -games 1");
    CHECKF(strstr(m.out, "0-1 {A made a forbidden move at 8,7 (") != NULL, "%s", m.out);
    CHECK(strstr(m.out, "three") != NULL);
    end_match(&m);
    /* The same game under freestyle is no foul: black goes on to make five later. */
    play_match(&m, "free", "script 6,7/7,7/8,5/8,6/8,7/9,7/10,7", "script 0,0/2,0/4,0/6,0/8,0/10,0",
               FAST " -rule 0 -games 1");
    CHECK(strstr(m.out, "1-0 {A made five}") != NULL);
    end_match(&m);
}

static const char *caro_black = "script 3,7/4,7/5,7/6,7/7,7/3,10/4,10/5,10/6,10/7,10";
static const char *caro_white = "script 2,7/8,7/0,0/0,2/0,4/0,6/0,8/0,12/0,14";

static int pgn_plies(const char *path) {
    FILE *file = fopen(path, "r");
    int plies = -1;
    char line[512];
    while (file && fgets(line, sizeof line, file)) sscanf(line, "[PlyCount \"%d\"]", &plies);
    if (file) fclose(file);
    return plies;
}

static void test_caro_blocked_five_plays_on(void) {
    char pgn[128], extra[512];
    snprintf(pgn, sizeof pgn, "/tmp/wuzi-test-%d-caro.pgn", (int)getpid());
    Match m;
    remove(pgn);
    snprintf(extra, sizeof extra, FAST " -rule 8 -games 1 -pgn %s", pgn);
    play_match(&m, "caro", caro_black, caro_white, extra);
    CHECKF(strstr(m.out, "1-0 {A made five}") != NULL, "%s", m.out);
    CHECKF(pgn_plies(pgn) == 19, "caro game lasted %d moves", pgn_plies(pgn));
    CHECKF(file_has(pgn, "[Coordinates \"" PGN_COORDINATES "\"]"), "the PGN does not say which way its rows count");
    end_match(&m);
    remove(pgn);
    snprintf(extra, sizeof extra, FAST " -rule 0 -games 1 -pgn %s", pgn);
    play_match(&m, "nocaro", caro_black, caro_white, extra);
    CHECKF(pgn_plies(pgn) == 9, "freestyle game lasted %d moves", pgn_plies(pgn));
    end_match(&m);
    remove(pgn);
}

/* ---- records agree with the table ---- */

static int read_psq(const char *path, char *black, char *white) {
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    char line[256];
    int moves = 0, x, y, ms;
    bool header = fgets(line, sizeof line, file) && strncmp(line, "Piskvorky 15x15,", 16) == 0;
    while (fgets(line, sizeof line, file) && sscanf(line, "%d,%d,%d", &x, &y, &ms) == 3) moves++;
    sscanf(line, "%63s", black);
    if (fgets(line, sizeof line, file)) sscanf(line, "%63s", white);
    fclose(file);
    return header ? moves : -1;
}

/* W/L/D per player name, from the PGN. */
typedef struct Tally {
    char name[64];
    int w, l, d;
} Tally;

static Tally *tally_of(Tally *tallies, const char *name) {
    for (int i = 0; i < 3; i++) {
        if (strcmp(tallies[i].name, name) == 0) return &tallies[i];
        if (!tallies[i].name[0]) {
            snprintf(tallies[i].name, sizeof tallies[i].name, "%s", name);
            return &tallies[i];
        }
    }
    return &tallies[2];
}

#define AGREE_GAMES 18

static void test_table_pgn_psq_agree(void) {
    char dir[128], pgn[160], openings[160], extra[4096];
    snprintf(dir, sizeof dir, "/tmp/wuzi-test-%d-psq", (int)getpid());
    snprintf(pgn, sizeof pgn, "%s.pgn", dir);
    snprintf(openings, sizeof openings, "%s.openings", dir);
    FILE *file = fopen(openings, "w");
    CHECK(file != NULL);
    if (!file) return;
    fprintf(file, "# two openings\n-5,-5\n5,5, -5,5\n");
    fclose(file);
    remove(pgn);
    /* A and B share wins by colour and opening; C crashes at its fourth move, so the three
     * engines' scores differ and a result credited to the wrong side would show. */
    char third[64];
    make_tag(third, sizeof third, "agree");
    snprintf(extra, sizeof extra,
             "-engine name=C 'cmd=%s/fake_brain crash 3 %s' " FAST
             " -games 6 -repeat -openings file=%s -pgn %s -psq %s -concurrency 2",
             tools(), third, openings, pgn, dir);
    Match m;
    play_match(&m, "agree", "line 3", "line 11", extra);
    /* Tally every player's results from the PGN; keep every game's length for the psq. */
    FILE *records = fopen(pgn, "r");
    Tally tallies[3] = {{"", 0, 0, 0}};
    int games_seen = 0, plies_of[AGREE_GAMES + 1] = {0}, round = 0, plies = 0;
    char line[512], black[64] = "", white[64] = "", result[16] = "";
    while (records && fgets(line, sizeof line, records)) {
        sscanf(line, "[Black \"%63[^\"]\"]", black);
        sscanf(line, "[White \"%63[^\"]\"]", white);
        sscanf(line, "[Round \"%d\"]", &round);
        if (sscanf(line, "[PlyCount \"%d\"]", &plies) == 1 && round >= 1 && round <= AGREE_GAMES)
            plies_of[round] = plies;
        if (sscanf(line, "[Result \"%15[^\"]\"]", result) != 1) continue;
        Tally *b = tally_of(tallies, black), *w = tally_of(tallies, white);
        if (strcmp(result, "1/2-1/2") == 0) {
            b->d++;
            w->d++;
        } else if (strcmp(result, "0-1") == 0) { /* PGN: White's score first */
            b->w++;
            w->l++;
        } else {
            b->l++;
            w->w++;
        }
        games_seen++;
    }
    if (records) fclose(records);
    CHECKF(games_seen == AGREE_GAMES, "%d games in the PGN", games_seen);
    for (int i = 0; i < 3; i++) {
        int games, w, l, d;
        const Tally *t = &tallies[i];
        CHECKF(table_row(m.out, t->name, &games, &w, &l, &d) && games == 12, "no row for %s",
               t->name);
        CHECKF(w == t->w && l == t->l && d == t->d, "%s: table %d-%d-%d, pgn %d-%d-%d", t->name, w,
               l, d, t->w, t->l, t->d);
    }
    const Tally *c = tally_of(tallies, "C");
    CHECKF(c->w == 0 && c->l == 12, "C %d-%d-%d", c->w, c->l, c->d);
    CHECK(strstr(m.out, "Ptnml(0-2): [") != NULL);
    for (int n = 1; n <= AGREE_GAMES; n++) {
        char path[256], psq_black[64] = "", psq_white[64] = "";
        snprintf(path, sizeof path, "%s/game_%05d.psq", dir, n);
        const int moves = read_psq(path, psq_black, psq_white);
        CHECKF(moves > 0 && moves == plies_of[n], "game %d: psq %d moves, pgn %d", n, moves,
               plies_of[n]);
        CHECK(psq_black[0] && strchr("ABC", psq_black[0]) && strcmp(psq_black, psq_white) != 0);
        remove(path);
    }
    rmdir(dir);
    remove(pgn);
    remove(openings);
    CHECK(processes_with(third) == 0);
    end_match(&m);
}

static void test_sprt_stops_the_match(void) {
    Match m;
    play_match(&m, "sprt", "line 5", "crash 0",
               FAST " -games 200 -sprt elo0=0 elo1=50 alpha=0.05 beta=0.05");
    CHECK(strstr(m.out, "H1 was accepted") != NULL);
    int games, w, l, d;
    CHECK(table_row(m.out, "A", &games, &w, &l, &d) && games < 200 && w == games);
    end_match(&m);
}

static void test_interrupt_prints_table(void) {
    char tag[64], command[2048];
    make_tag(tag, sizeof tag, "sigint");
    snprintf(command, sizeof command,
             "exec %s -engine name=A 'cmd=%s/fake_brain late 30 %s' -engine name=B "
             "'cmd=%s/fake_brain good %s' "
             "-each tc=0/1 -games 100 -concurrency 2",
             runner(), tools(), tag, tools(), tag);
    char *out = malloc(OUTPUT_MAX);
    const int status = run_command(command, out, OUTPUT_MAX, 1500);
    CHECKF(status == 130, "exit status %d", status);
    CHECK(strstr(out, "(interrupted)") != NULL);
    CHECK(strstr(out, "Rank Name") != NULL);
    CHECK(processes_with(tag) == 0);
    free(out);
}

static void test_log_has_io_and_stderr(void) {
    char tag[64], dir[128], log[256], command[2048];
    make_tag(tag, sizeof tag, "log");
    snprintf(dir, sizeof dir, "/tmp/wuzi-test-%d-log", (int)getpid());
    mkdir(dir, 0777);
    snprintf(log, sizeof log, "%s/wuzi-tournament.1.log", dir);
    snprintf(command, sizeof command,
             "cd %s && exec %s -engine name=A 'cmd=%s/fake_brain chatty %s' option.max_memory=123456789 "
             "-engine name=B 'cmd=%s/fake_brain line 5 %s' " FAST " -games 1 -log",
             dir, runner(), tools(), tag, tools(), tag);
    char *out = malloc(OUTPUT_MAX);
    CHECK(run_command(command, out, OUTPUT_MAX, 0) == 0);
    CHECK(strstr(out, "noise on stderr") == NULL);
    CHECK(file_has(log, "A < START 15"));
    CHECK(file_has(log, "A > OK"));
    CHECK(file_has(log, "A > MESSAGE thinking hard"));
    CHECK(file_has(log, "B < TURN "));
    CHECK(file_has(log, "noise on stderr")); /* the brain's stderr went to the log */
    /* An engine's own INFO value replaces the runner's default instead of following it (two
     * max_memory lines made brains that resize their table on each pay twice per game). */
    CHECK(file_has(log, "A < INFO max_memory 123456789"));
    CHECK(!file_has(log, "A < INFO max_memory 367001600"));
    CHECK(file_has(log, "B < INFO max_memory 367001600"));
    CHECK(processes_with(tag) == 0);
    remove(log);
    rmdir(dir);
    free(out);
}

/* Runs `genopenings SETTINGS` (renju, 15x15) and reads its openings, each checked playable;
 * the header line goes to HEADER. Returns how many were read. */
static int run_genopenings(const char *settings, Opening *openings, int max, char *header,
                           size_t header_size) {
    char command[512], *out = malloc(OUTPUT_MAX);
    snprintf(command, sizeof command, "%s genopenings rule=4 size=15 %s 2>/dev/null", runner(),
             settings);
    CHECK(run_command(command, out, OUTPUT_MAX, 0) == 0);
    const GameSettings renju = {.width = 15, .height = 15, .rule = 4, .tolerance_ms = 100};
    int count = 0;
    header[0] = '\0';
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#') {
            snprintf(header, header_size, "%s", line);
            continue;
        }
        if (count == max) break;
        Opening *o = &openings[count];
        char why[160];
        CHECKF(opening_parse(line, OPENING_OFFSET, 15, 15, o, why, sizeof why), "%s: %s", line,
               why);
        CHECKF(game_opening_valid(&renju, o, why, sizeof why), "%s: %s", line, why);
        count++;
    }
    free(out);
    return count;
}

static void test_genopenings_makes_playable_openings(void) {
    Opening openings[8];
    char header[512];
    const int lines = run_genopenings("count=5 seed=7 depth=2", openings, 8, header, sizeof header);
    CHECKF(lines == 5, "%d openings", lines);
    for (int k = 0; k < lines; k++)
        CHECKF(openings[k].count >= 3 && openings[k].count <= 5, "%d stones", openings[k].count);
}

/* reach=7 lets a moved centre go anywhere on 15x15: openings by the edges, still playable. */
static void test_genopenings_reach_puts_openings_by_the_edges(void) {
    Opening openings[24];
    char header[512];
    const int lines = run_genopenings("count=20 seed=7 offcentre=100 reach=7 depth=2 margin=300",
                                      openings, 24, header, sizeof header);
    CHECKF(lines == 20, "%d openings", lines);
    CHECKF(strstr(header, " reach=7") != NULL, "header: %s", header);
    int by_edge = 0;
    for (int k = 0; k < lines; k++) {
        const Opening *o = &openings[k];
        bool edge = false;
        for (int i = 0; i < o->count; i++)
            edge |= o->x[i] == 0 || o->y[i] == 0 || o->x[i] == 14 || o->y[i] == 14;
        by_edge += edge;
    }
    CHECKF(by_edge >= 3, "%d of 20 openings touch an edge", by_edge);
}

static void test_shipped_openings_are_playable(void) {
    const struct {
        const char *name;
        int size, rule, least;
    } sets[] = {
        {"freestyle-15", 15, 0, 100}, {"exact-five-15", 15, 1, 100}, {"renju-15", 15, 4, 100},
        {"freestyle-20", 20, 0, 100}, {"exact-five-20", 20, 1, 100}, {"renju-20", 20, 4, 100},
        {"sprt-freestyle-15", 15, 0, 80},
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char path[128], error[512];
        snprintf(path, sizeof path, "tournament/openings/%s.txt", sets[i].name);
        OpeningBook book;
        if (access(path, R_OK) != 0) {
            check_skip(1, path, "not found (run from the repository root)");
            continue;
        }
        CHECKF(openings_load(&book, path, OPENING_OFFSET, sets[i].size, sets[i].size, error,
                             sizeof error),
               "%s", error);
        CHECKF(book.count >= sets[i].least, "%s has %d openings", path, book.count);
        const GameSettings settings = {
            .width = sets[i].size, .height = sets[i].size, .rule = sets[i].rule};
        for (int k = 0; k < book.count; k++) {
            char why[160];
            CHECKF(game_opening_valid(&settings, &book.items[k], why, sizeof why), "%s:%d: %s",
                   path, book.items[k].line, why);
        }
        openings_free(&book);
    }
}

static void test_usage(void) {
    char command[512], *out = malloc(OUTPUT_MAX);
    snprintf(command, sizeof command, "%s -h", runner());
    CHECK(run_command(command, out, OUTPUT_MAX, 0) == 0 && strstr(out, "-engine") != NULL);
    CHECK(strstr(out, "-starttimeout MS") && strstr(out, "START with OK within MS (default 10000)"));
    snprintf(command, sizeof command, "%s -engine cmd=x -bogus", runner());
    CHECK(run_command(command, out, OUTPUT_MAX, 0) == 2 &&
          strstr(out, "unknown option -bogus") != NULL);
    free(out);
}

int main(void) {
    RUN(test_elo_los_by_hand);
    RUN(test_pentanomial_by_hand);
    RUN(test_sprt_by_hand);
    RUN(test_sprt_decision_is_final);
    RUN(test_opening_formats);
    RUN(test_genopenings_makes_playable_openings);
    RUN(test_genopenings_reach_puts_openings_by_the_edges);
    RUN(test_shipped_openings_are_playable);
    RUN(test_process_stop_reaps_and_kills_group);
    RUN(test_process_eof_and_ignored_end);
    RUN(test_usage);
    RUN(test_crash_loses_and_tournament_goes_on);
    RUN(test_hang_loses_on_time_and_is_killed);
    RUN(test_no_zombie_while_brains_die);
    RUN(test_schedules);
    RUN(test_brain_gone_between_games_is_restarted);
    RUN(test_brain_that_cannot_start_is_not_played);
    RUN(test_draw_adjudication);
    RUN(test_late_move_within_and_beyond_tolerance);
    RUN(test_game_clock_flags_the_move_that_empties_it);
    RUN(test_game_clock_runs_out);
    RUN(test_longest_move_and_clock_left);
    RUN(test_openings_that_do_not_fit_are_skipped);
    RUN(test_occupied_garbage_error_lose);
    RUN(test_no_about_and_ignored_end);
    RUN(test_chatter_and_stderr_are_not_moves);
    RUN(test_log_has_io_and_stderr);
    RUN(test_renju_double_three_is_black_foul);
    RUN(test_caro_blocked_five_plays_on);
    RUN(test_table_pgn_psq_agree);
    RUN(test_sprt_stops_the_match);
    RUN(test_interrupt_prints_table);
    return check_summary();
}
