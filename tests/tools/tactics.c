/* tactics: a benchmark, not a test — how many puzzles of
 * shared/data/puzzles/{freestyle,standard,renju}-vcf.tsv the threat search solves, how fast.
 *
 *   tactics [--ms N] [--nodes N] [--vct] [--solver] [--cpu] [--verbose] [--check] [--swap] [--brain PATH [--threads N]] FILE...
 *
 * Each puzzle gets its own limit (default 1000 ms of wall time; --nodes adds a node budget).
 * --solver asks the proof-number solver (engine/solver.h) instead of the threat search, with a
 * table of the same size. --cpu counts the limit in CPU time of the solving thread (for a busy
 * machine; the timer looks every millisecond).
 * A puzzle counts as solved when the first move found is in the answer set. The answer sets
 * claim to hold every first move of a VCF, so a VCF move outside them is suspect: those are
 * counted as "outside-key" and their lines replayed with the judge: a fault there is a bug of
 * ours, none a gap in the key (VCT moves may legitimately lie outside; counted apart).
 * --check replays every reported VCF line with the judge (rules.h) alone; --swap gives the
 * move to the other side first (mostly positions without a VCF: every claim there is
 * checked). --brain PATH asks a Gomocup brain instead (BOARD with field 1 for the side to move,
 * INFO timeout_turn = --ms; --threads N sends INFO thread_num N): the figure the issue asks for.
 *
 *   tactics --referee N ...      a move outside the answer set counts as solved when it is
 *                                proved to win (move_wins below, N threat nodes a reply; with
 *                                --solver, N nodes of the proof-number solver a reply)
 *   tactics --prove N FILE...    each answer of each row put to the referee: "proved" or
 *                                "not proved" (to check an answer set, or a set made elsewhere)
 *   tactics --make-vct [--nodes N] PGN...
 *                                writes a VCT set (the columns above) from the runner's games:
 *                                in each game the first position whose side to move has no VCF
 *                                but a VCT within N nodes (default 100 000), kept only when the
 *                                VCT's first move is proved against every defence. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "brain_process.h"
#include "pgn_reader.h"
#include "rules.h"
#include "solver.h"
#include "threat.h"

typedef struct Options {
    int64_t ms, nodes, referee;
    int threads;            /* with --brain: INFO thread_num, 0 for none */
    bool vct, solver, cpu, verbose, check, swap, make_vct, prove;
    const char *brain;
} Options;

typedef struct Timer {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    int64_t ms;
    bool done;
    atomic_int stop;
    bool cpu;               /* the limit is the solving thread's CPU time, not the wall's */
    clockid_t clock;        /* that thread's CPU clock */
} Timer;

static double now_ms(void) { return (double)monotonic_ms(); }

static double clock_ms(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)now.tv_sec * 1000.0 + (double)now.tv_nsec / 1e6;
}

/* On a busy machine: stops the search when its thread has had `ms` of CPU time, looking every
 * millisecond. */
static void *cpu_timer_run(Timer *timer) {
    const double start = clock_ms(timer->clock);
    const struct timespec tick = {0, 1000000L};
    for (;;) {
        pthread_mutex_lock(&timer->lock);
        const bool done = timer->done;
        pthread_mutex_unlock(&timer->lock);
        if (done) return NULL;
        if (clock_ms(timer->clock) - start >= (double)timer->ms) {
            atomic_store(&timer->stop, 1);
            return NULL;
        }
        nanosleep(&tick, NULL);
    }
}

static void *timer_run(void *arg) {
    Timer *timer = arg;
    if (timer->cpu) return cpu_timer_run(timer);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += timer->ms / 1000;
    until.tv_nsec += (timer->ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&timer->lock);
    while (!timer->done)
        if (pthread_cond_timedwait(&timer->wake, &timer->lock, &until)) break;
    if (!timer->done) atomic_store(&timer->stop, 1);
    pthread_mutex_unlock(&timer->lock);
    return NULL;
}

static int rule_bits(const char *name) {
    if (!strcmp(name, "standard")) return RULE_EXACT5;
    if (!strcmp(name, "renju")) return RULE_RENJU;
    return 0;
}

static const char *puzzle_rule_name(int rule) {
    if (rule & RULE_RENJU) return "renju";
    if (rule & RULE_EXACT5) return "standard";
    return "freestyle";
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* "x,y x,y ..." → cells; returns the count or -1. */
static int parse_cells(const char *text, int size, int *cells, int max, const char *separators) {
    int count = 0;
    char buffer[8192];
    snprintf(buffer, sizeof buffer, "%s", text);
    char *save = NULL;
    for (char *token = strtok_r(buffer, separators, &save); token;
         token = strtok_r(NULL, separators, &save)) {
        int x, y;
        if (sscanf(token, "%d,%d", &x, &y) != 2 || x < 0 || y < 0 || x >= size || y >= size)
            return -1;
        if (count == max) return -1;
        cells[count++] = cell_at(x, y);
    }
    return count;
}

static int compare_double(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int count) {
    if (!count) return 0;
    qsort(values, (size_t)count, sizeof *values, compare_double);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* Columns: id rule size moves to_move answers kind source black white ... */
static bool setup(Board *board, char **column) {
    const int size = atoi(column[2]);
    const Geometry *geometry = geometry_get(size, size, 5, rule_bits(column[1]));
    if (!geometry) return false;
    board_init(board, geometry);
    int cells[MAX_MOVES];
    if (strcmp(column[3], "-")) {
        const int count = parse_cells(column[3], size, cells, MAX_MOVES, " ");
        if (count < 0) return false;
        for (int i = 0; i < count; i++) {
            if (board->cell[cells[i]] != EMPTY) return false;
            board_make(board, cells[i]);
        }
    } else {
        for (int color = BLACK; color <= WHITE; color++) {
            const char *text = column[color == BLACK ? 8 : 9];
            if (!strcmp(text, "-")) continue;
            const int count = parse_cells(text, size, cells, MAX_MOVES, " ");
            if (count < 0) return false;
            for (int i = 0; i < count; i++) board_put(board, cells[i], color);
        }
    }
    const int to_move = !strcmp(column[4], "white") ? WHITE : BLACK;
    if (board->to_move != to_move) board_pass(board);
    return true;
}

typedef struct Tally {
    int puzzles, solved, outside, other, unsolved, skipped, faults;
    int proved;         /* solved outside the answer set, by the referee */
    int64_t nodes;
    double *times;      /* of solved puzzles */
} Tally;

/* Cells where `color` would win now, by the judge (rules.h), not the shape tables. */
static int winning_cells(Board *board, int color, int *out) {
    int count = 0;
    for (int cell = board_first(board); cell; cell = board_next(board, cell))
        if (board->cell[cell] == EMPTY && rules_would_win(board, cell, color)) out[count++] = cell;
    return count;
}

/* Replays the reported line with the judge alone: every attacker's move legal and a four (or
 * the five), every defender's move the only block of it, the defender never holding a five;
 * the line ends with two winning cells, a forbidden block, or the five. Returns an explanation
 * of the first fault, or NULL. */
static const char *verify_line(Board *board, const int *line, int length) {
    const int attacker = board->to_move, defender = opponent(attacker);
    int made = 0;
    const char *fault = "line ends before a win";
    int cells[MAX_MOVES];
    for (int i = 0; i < length; i++) {
        const int cell = line[i];
        if (board->cell[cell] != EMPTY) { fault = "occupied"; break; }
        if (board->to_move == attacker) {
            if (rules_forbidden(board, cell, attacker)) { fault = "attacker's move forbidden"; break; }
            if (winning_cells(board, defender, cells) && !rules_would_win(board, cell, attacker)) {
                const int blocks = winning_cells(board, defender, cells);
                if (blocks != 1 || cells[0] != cell) { fault = "defender's five not blocked"; break; }
            }
            if (rules_would_win(board, cell, attacker)) { fault = NULL; break; }
            board_make(board, cell);
            made++;
            const int fives = winning_cells(board, attacker, cells);
            if (fives == 0) { fault = "attacker's move is not a four"; break; }
            if (fives >= 2 && !winning_cells(board, defender, cells)) { fault = NULL; break; }
        } else {
            const int fives = winning_cells(board, attacker, cells);
            if (fives != 1 || cells[0] != cell) { fault = "defender's reply is not the block"; break; }
            if (winning_cells(board, defender, cells)) { fault = "defender had a five"; break; }
            if (rules_forbidden(board, cell, defender)) { fault = NULL; break; }
            board_make(board, cell);
            made++;
        }
    }
    while (made--) board_undo(board);
    return fault;
}

/* ---- the referee: a move proved to win against every defence -------------------------------- */

/* How many of the defender's fours in a row the referee follows (each answered by its block). */
enum { REFEREE_FOURS = 8 };

static bool attacker_wins_now(ThreatSearch *search, Board *board, int64_t nodes, int fours);

/* With --solver the referee's VCTs are the proof-number solver's (its own table): each search is
 * judged by itself below the first reply, as strong as it, never stronger. */
static Solver *referee_solver;

/* Does the side to move win by playing `move`? Every legal reply of the defender's, anywhere on
 * the board, must leave the attacker a five or a VCT the threat search proves within `nodes`;
 * a reply that makes the defender a four is answered by its block and judged again (at most
 * REFEREE_FOURS deep). Wins the threat search cannot prove in that budget count as not won:
 * the referee is as strong as the solver, never stronger. The board is unchanged. */
static bool move_wins(ThreatSearch *search, Board *board, int move, int64_t nodes, int fours) {
    const int attacker = board->to_move, defender = opponent(attacker);
    if (board->cell[move] != EMPTY || rules_forbidden(board, move, attacker)) return false;
    if (rules_would_win(board, move, attacker)) return true;
    int cells[MAX_MOVES];
    const int their_fives = winning_cells(board, defender, cells);
    if (their_fives && (their_fives > 1 || cells[0] != move)) return false;
    board_make(board, move);
    bool wins = true;
    for (int reply = board_first(board); reply && wins; reply = board_next(board, reply)) {
        if (board->cell[reply] != EMPTY || rules_forbidden(board, reply, defender)) continue;
        if (rules_would_win(board, reply, defender)) {
            wins = false;
            break;
        }
        board_make(board, reply);
        wins = attacker_wins_now(search, board, nodes, fours);
        board_undo(board);
    }
    board_undo(board);
    return wins;
}

/* The attacker to move: a five, the block of the defender's four (judged as a move), or a VCT. */
static bool attacker_wins_now(ThreatSearch *search, Board *board, int64_t nodes, int fours) {
    const int attacker = board->to_move;
    int cells[MAX_MOVES];
    if (winning_cells(board, attacker, cells)) return true;
    const int their_fives = winning_cells(board, opponent(attacker), cells);
    if (their_fives > 1) return false;
    if (their_fives == 1) return fours < REFEREE_FOURS && move_wins(search, board, cells[0], nodes, fours + 1);
    int first;
    if (referee_solver) {
        solver_set_position(referee_solver, board, attacker, SOLVER_VCT);
        return solver_run(referee_solver, nodes, NULL) == SOLVER_WIN;
    }
    return threat_vct(search, board, nodes, &first, NULL, NULL);
}

/* ---- making a VCT set from the runner's games ------------------------------------------------ */

/* Does the side to move have a VCT (and no VCF, and no four of the opponent's to answer) whose
 * first move, in *move, the referee proves? The board is unchanged. */
static bool vct_proved(ThreatSearch *search, Board *board, int64_t nodes, int *move) {
    int cells[MAX_MOVES];
    if (winning_cells(board, opponent(board->to_move), cells)) return false;
    threat_clear(search);
    if (threat_vcf(search, board, nodes, move, NULL, NULL)) return false;
    threat_clear(search);
    return threat_vct(search, board, nodes, move, NULL, NULL) && move_wins(search, board, *move, nodes, 0);
}

/* The first position of `game` after its opening where vct_proved holds, replayed on `board`;
 * false if none. */
static bool first_vct(ThreatSearch *search, const Game *game, int64_t nodes, Board *board, int *ply,
                      int *move) {
    board_init(board, geometry_get(game->width, game->height, 5, game->rule));
    for (int length = 0; length < game->count; length++) {
        if (length >= game->opening && vct_proved(search, board, nodes, move)) {
            *ply = length;
            return true;
        }
        if (rules_play(board, game->x[length], game->y[length]) != VERDICT_PLAYING) return false;
    }
    return false;
}

static int make_vct_set(const Options *options, char **paths, int count) {
    const int64_t nodes = options->nodes ? options->nodes : 100000;
    ThreatSearch *search = threat_new((size_t)16 << 20);
    Board *board = malloc(sizeof *board);
    if (!search || !board) return 1;
    printf("# made by: tactics --make-vct --nodes %lld", (long long)nodes);
    for (int i = 0; i < count; i++) printf(" %s", base_name(paths[i]));
    printf("\n# id\trule\tsize\tmoves\tto_move\tanswers\tkind\tsource\tblack\twhite\n");
    /* Paired games (each opening with both colours) often reach the same position: it is
     * written once, recognised by its hash (rule and size are the games', alike in a file). */
    enum { MAX_SET = 100000 };
    uint64_t *seen = malloc(MAX_SET * sizeof *seen);
    if (!seen) return 1;
    int written = 0, repeated = 0;
    for (int f = 0; f < count; f++) {
        GameList list = {0};
        if (!games_read_pgn(paths[f], &list)) {
            fprintf(stderr, "%s: cannot read\n", paths[f]);
            continue;
        }
        const char *name = base_name(paths[f]);
        for (int g = 0; g < list.count; g++) {
            const Game *game = &list.games[g];
            if (game->width != game->height) continue;
            int ply, move;
            if (!first_vct(search, game, nodes, board, &ply, &move)) continue;
            bool again = false;
            for (int i = 0; i < written && !again; i++) again = seen[i] == board->hash;
            if (again || written == MAX_SET) {
                repeated++;
                continue;
            }
            seen[written] = board->hash;
            printf("vct-%d\t%s\t%d\t", ++written, puzzle_rule_name(game->rule), game->width);
            for (int i = 0; i < ply; i++) printf("%s%d,%d", i ? " " : "", game->x[i], game->y[i]);
            printf("\t%s\t%d,%d\tvct\t%s#%d\t-\t-\n", board->to_move == BLACK ? "black" : "white",
                   cell_x(move), cell_y(move), name, game->round);
            fflush(stdout);
        }
        games_free(&list);
    }
    fprintf(stderr, "%d positions (%d repeated, left out)\n", written, repeated);
    free(seen);
    free(board);
    threat_free(search);
    return 0;
}

/* ---- solving through a brain (the Gomocup protocol) ------------------------------------------ */

/* The next line within `ms`, or false. */
static bool brain_line(BrainProcess *brain, char *line, size_t size, int64_t ms) {
    return brain_read(brain, line, size, monotonic_ms() + ms) == BRAIN_READ_OK;
}

/* Sends the puzzle and waits for a move; NO_CELL if none came in time. */
static int brain_solve(BrainProcess *brain, const Options *options, const Board *board, char **column,
                       double *elapsed) {
    const int size = atoi(column[2]);
    const int rule = board->rule & (RULE_EXACT5 | RULE_RENJU);
    brain_sendf(brain, "START %d", size);
    brain_sendf(brain, "INFO rule %d", rule);
    brain_sendf(brain, "INFO timeout_turn %lld", (long long)options->ms);
    brain_send(brain, "INFO timeout_match 0");
    brain_send(brain, "INFO time_left 2147483647");
    if (options->threads > 0) brain_sendf(brain, "INFO thread_num %d", options->threads);
    char line[1024];
    do {    /* brains may say who they are (MESSAGE, DEBUG) before the OK */
        if (!brain_line(brain, line, sizeof line, 5000)) return NO_CELL;
    } while (!strncmp(line, "MESSAGE", 7) || !strncmp(line, "DEBUG", 5));
    if (strcmp(line, "OK")) return NO_CELL;
    brain_send(brain, "BOARD");
    for (int i = 0; i < board->move_count; i++) {
        const int cell = board->history[i];
        brain_sendf(brain, "%d,%d,%d", cell_x(cell), cell_y(cell),
                    board->cell[cell] == board->to_move ? 1 : 2);
    }
    const double start = now_ms();
    brain_send(brain, "DONE");
    while (brain_line(brain, line, sizeof line, options->ms + 5000)) {
        int x, y;
        char rest;
        if (sscanf(line, "%d,%d%c", &x, &y, &rest) == 2 && board_on(board, x, y)) {
            *elapsed = now_ms() - start;
            return cell_at(x, y);
        }
    }
    return NO_CELL;
}

static BrainProcess brain_process;
static Solver *proof_solver;

#define TACTICS_HASH_BYTES ((size_t)16 << 20)

/* The search the options ask for, on the side to move: won, first move, nodes; the line in
 * `line` (up to 256 cells), its length returned through *length. */
static bool run_search(ThreatSearch *search, const Options *options, Board *board, const atomic_int *stop,
                       int *move, int64_t *nodes, int *line, int *length) {
    if (!options->solver) {
        const bool won = options->vct ? threat_vct(search, board, options->nodes, move, nodes, stop)
                                      : threat_vcf(search, board, options->nodes, move, nodes, stop);
        *length = won ? threat_last_line(search, line, 256) : 0;
        return won;
    }
    solver_set_position(proof_solver, board, board->to_move, options->vct ? SOLVER_VCT : SOLVER_VCF);
    const bool won = solver_run(proof_solver, options->nodes, stop) == SOLVER_WIN;
    const SolverResult *result = solver_result(proof_solver);
    *move = result->move;
    *nodes = (int64_t)result->nodes;
    *length = won ? result->line_length : 0;
    for (int i = 0; i < *length; i++) line[i] = result->line[i];
    return won;
}

/* Is `move` right: one of the answers, or (with --referee) proved to win? */
static bool move_counts(ThreatSearch *search, const Options *options, Board *board, const int *answers,
                        int answer_count, int move, Tally *tally) {
    for (int i = 0; i < answer_count; i++)
        if (answers[i] == move) return true;
    if (move == NO_CELL || !options->referee || !move_wins(search, board, move, options->referee, 0)) return false;
    tally->proved++;
    return true;
}

static void solve_one(ThreatSearch *search, const Options *options, char **column, Tally *tally) {
    Board *board = malloc(sizeof *board);
    if (!board || !setup(board, column)) {
        tally->skipped++;
        free(board);
        return;
    }
    int answers[64];
    const int size = atoi(column[2]);
    const int answer_count = parse_cells(column[5], size, answers, 64, "|");
    if (answer_count <= 0) {
        tally->skipped++;
        free(board);
        return;
    }
    tally->puzzles++;
    threat_clear(search);
    if (options->solver) solver_clear(proof_solver);
    if (options->swap) board_pass(board);

    if (options->prove) {
        for (int i = 0; i < answer_count; i++) {
            const bool wins = move_wins(search, board, answers[i], options->referee, 0);
            tally->proved += wins;
            printf("%s\t%d,%d\t%s\n", column[0], cell_x(answers[i]), cell_y(answers[i]), wins ? "proved" : "not proved");
        }
        free(board);
        return;
    }

    if (options->brain) {
        if (!brain_running(&brain_process) && !brain_start(&brain_process, options->brain)) {
            fprintf(stderr, "cannot start %s\n", options->brain);
            exit(1);
        }
        double elapsed = 0;
        const int move = brain_solve(&brain_process, options, board, column, &elapsed);
        if (move == NO_CELL) brain_stop(&brain_process, 500);
        const bool in_key = move_counts(search, options, board, answers, answer_count, move, tally);
        if (in_key) tally->times[tally->solved++] = elapsed;
        else if (move == NO_CELL) tally->unsolved++;
        else tally->other++;
        if (options->verbose)
            printf("%s\t%s\t%d,%d\t%.2f ms\n", column[0], in_key ? "solved" : "missed",
                   move == NO_CELL ? -1 : cell_x(move), move == NO_CELL ? -1 : cell_y(move), elapsed);
        free(board);
        return;
    }

    Timer timer = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, options->ms, false, 0, options->cpu, 0};
    if (options->cpu && pthread_getcpuclockid(pthread_self(), &timer.clock)) timer.cpu = false;
    pthread_t thread;
    const bool timed = options->ms > 0 && pthread_create(&thread, NULL, timer_run, &timer) == 0;
    const double start = timer.cpu ? clock_ms(timer.clock) : now_ms();
    int move = NO_CELL, line[256], length = 0;
    int64_t nodes = 0;
    const bool won = run_search(search, options, board, &timer.stop, &move, &nodes, line, &length);
    const double elapsed = (timer.cpu ? clock_ms(timer.clock) : now_ms()) - start;
    if (timed) {
        pthread_mutex_lock(&timer.lock);
        timer.done = true;
        pthread_cond_signal(&timer.wake);
        pthread_mutex_unlock(&timer.lock);
        pthread_join(thread, NULL);
    }
    tally->nodes += nodes;
    const bool in_key = won && move_counts(search, options, board, answers, answer_count, move, tally);
    const char *verdict;
    if (won && in_key) {
        tally->times[tally->solved++] = elapsed;
        verdict = "solved";
    } else if (won && !options->vct) {
        tally->outside++;
        verdict = "outside-key";
    } else if (won) {
        tally->other++;
        verdict = "other";
    } else {
        tally->unsolved++;
        verdict = "unsolved";
    }
    if (options->verbose || (won && !in_key && !options->vct && !options->swap)) {
        printf("%s\t%s\t%d,%d\t%.2f ms\t%lld nodes\n", column[0], verdict,
               won ? cell_x(move) : -1, won ? cell_y(move) : -1, elapsed, (long long)nodes);
    }
    if (won && !options->vct && (options->check || !in_key)) {
        if (options->verbose) {
            printf("line");
            for (int i = 0; i < length; i++) printf(" %d,%d", cell_x(line[i]), cell_y(line[i]));
            printf("\n");
        }
        const char *fault = verify_line(board, line, length);
        if (fault) {
            tally->faults++;
            printf("%s\tline fault: %s; line", column[0], fault);
            for (int i = 0; i < length; i++) printf(" %d,%d", cell_x(line[i]), cell_y(line[i]));
            printf("\n");
        }
    }
    free(board);
}

static void run_file(const char *path, const Options *options, ThreatSearch *search) {
    FILE *file = fopen(path, "r");
    if (!file) {
        printf("%s: not found, skipped\n", path);
        return;
    }
    Tally tally = {0};
    tally.times = malloc(100000 * sizeof *tally.times);
    static char line[1 << 16];
    while (fgets(line, sizeof line, file) && tally.puzzles < 100000) {
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\r\n")] = 0;
        char *column[16] = {0};
        int count = 0;
        char *save = NULL;
        for (char *field = strtok_r(line, "\t", &save); field && count < 16;
             field = strtok_r(NULL, "\t", &save))
            column[count++] = field;
        if (count < 10) continue;
        solve_one(search, options, column, &tally);
    }
    fclose(file);
    const char *name = base_name(path);
    const int solved = tally.solved;
    if (options->prove) {
        printf("%-22s %4d puzzles  answers proved %d\n", name, tally.puzzles, tally.proved);
        free(tally.times);
        return;
    }
    printf("%-22s %4d puzzles  solved %4d (%5.1f%%)  median %.3f ms", name, tally.puzzles,
           solved, tally.puzzles ? 100.0 * solved / tally.puzzles : 0.0,
           median(tally.times, solved));
    if (options->brain) {
        printf("  other-move %d  no-move %d", tally.other, tally.unsolved);
    } else {
        printf("  unsolved %d  outside-key %d", tally.unsolved, tally.outside);
        if (options->vct) printf("  won-outside-key %d", tally.other);
        if (options->check || tally.outside || tally.faults) printf("  line-faults %d", tally.faults);
        printf("  nodes %lld", (long long)tally.nodes);
    }
    if (options->referee) printf("  of which proved by the referee %d", tally.proved);
    if (tally.skipped) printf("  skipped %d", tally.skipped);
    printf("\n");
    free(tally.times);
}

int main(int argc, char **argv) {
    Options options = {.ms = 1000};
    brain_init(&brain_process, "brain", -1, 0, NULL);
    int first = 1;
    for (; first < argc && !strncmp(argv[first], "--", 2); first++) {
        if (!strcmp(argv[first], "--ms") && first + 1 < argc) options.ms = atoll(argv[++first]);
        else if (!strcmp(argv[first], "--nodes") && first + 1 < argc)
            options.nodes = atoll(argv[++first]);
        else if (!strcmp(argv[first], "--referee") && first + 1 < argc)
            options.referee = atoll(argv[++first]);
        else if (!strcmp(argv[first], "--prove") && first + 1 < argc) {
            options.prove = true;
            options.referee = atoll(argv[++first]);
        }
        else if (!strcmp(argv[first], "--make-vct")) options.make_vct = true;
        else if (!strcmp(argv[first], "--vct")) options.vct = true;
        else if (!strcmp(argv[first], "--solver")) options.solver = true;
        else if (!strcmp(argv[first], "--cpu")) options.cpu = true;
        else if (!strcmp(argv[first], "--brain") && first + 1 < argc) options.brain = argv[++first];
        else if (!strcmp(argv[first], "--threads") && first + 1 < argc) options.threads = atoi(argv[++first]);
        else if (!strcmp(argv[first], "--verbose")) options.verbose = true;
        else if (!strcmp(argv[first], "--check")) options.check = true;
        else if (!strcmp(argv[first], "--swap")) options.swap = options.check = true;
        else {
            fprintf(stderr, "usage: tactics [--ms N] [--nodes N] [--vct] [--solver] [--cpu] [--verbose] [--check] [--swap] [--brain PATH [--threads N]] [--referee N] FILE...\n"
                            "       tactics --prove N FILE...\n"
                            "       tactics --make-vct [--nodes N] PGN...\n");
            return 2;
        }
    }
    if (options.make_vct) return make_vct_set(&options, argv + first, argc - first);
    ThreatSearch *search = threat_new(TACTICS_HASH_BYTES);
    proof_solver = options.solver ? solver_new(TACTICS_HASH_BYTES) : NULL;
    referee_solver = options.solver && options.referee ? solver_new(TACTICS_HASH_BYTES) : NULL;
    if (!search || (options.solver && !proof_solver) || (options.solver && options.referee && !referee_solver)) return 1;
    if (options.prove) printf("referee, %lld threat nodes a reply\n", (long long)options.referee);
    else if (options.brain) printf("brain %s, timeout_turn %lld ms\n", options.brain, (long long)options.ms);
    else printf("%s %s, per puzzle: %lld ms%s", options.solver ? "solver" : "threat", options.vct ? "VCT" : "VCF",
                (long long)options.ms, options.cpu ? " of CPU time" : "");
    if (!options.brain && !options.prove && options.nodes) printf(", %lld nodes", (long long)options.nodes);
    if (!options.brain && !options.prove) printf("\n");
    signal(SIGPIPE, SIG_IGN);
    for (int i = first; i < argc; i++) run_file(argv[i], &options, search);
    brain_stop(&brain_process, 500);
    threat_free(search);
    solver_free(proof_solver);
    solver_free(referee_solver);
    return 0;
}
