#include "label.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "positions.h"
#include "search.h"

/* The search's table: small, so that emptying it for each position costs little beside a
 * search; fixed, because its size changes the node counts. */
#define LABEL_HASH_BYTES (2u << 20)

typedef struct Job {
    int game, ply;      /* the position after move `ply` of game `game` */
    int score;
} Job;

typedef struct Labeller {
    const GameList *games;
    Job *jobs;
    int count, depth;
    bool net;
    atomic_int next;
    FILE *log;
} Labeller;

static void replay(Board *board, const Game *game, int plies, bool net) {
    board_init(board, geometry_get_eval(game->width, game->height, 5, game->rule, net));
    for (int i = 0; i < plies; i++) board_make(board, cell_at(game->x[i], game->y[i]));
}

static void *label_run(void *argument) {
    Labeller *labeller = argument;
    Search *search = search_new();
    Board *board = malloc(sizeof *board);
    if (!search || !board) abort();
    search_set_hash_bytes(search, LABEL_HASH_BYTES);
    const SearchLimits limits = {.time = {.unlimited = true}, .max_depth = labeller->depth};
    for (int i; (i = atomic_fetch_add(&labeller->next, 1)) < labeller->count;) {
        Job *job = &labeller->jobs[i];
        replay(board, &labeller->games->games[job->game], job->ply + 1, labeller->net);
        search_clear(search);
        job->score = search_think(search, board, &limits, NULL, NULL).score;
        if (labeller->log && i % 5000 == 0) fprintf(labeller->log, "  labelled %d of %d\n", i, labeller->count);
    }
    free(board);
    search_free(search);
    return NULL;
}

/* Every wanted position of the games, as jobs. */
static Job *collect(const GameList *games, int *count) {
    int capacity = 1024, used = 0;
    Job *jobs = malloc((size_t)capacity * sizeof *jobs);
    Board *board = malloc(sizeof *board);
    if (!jobs || !board) goto fail;
    for (int g = 0; g < games->count; g++) {
        const Game *game = &games->games[g];
        if (!geometry_get(game->width, game->height, 5, game->rule)) continue;
        replay(board, game, 0, false);
        for (int i = 0; i < game->count; i++) {
            const int cell = cell_at(game->x[i], game->y[i]);
            if (board->cell[cell] != EMPTY) break;
            board_make(board, cell);
            if (!positions_wanted(game, i, board)) continue;
            if (used == capacity) {
                Job *grown = realloc(jobs, (size_t)(capacity *= 2) * sizeof *jobs);
                if (!grown) goto fail;
                jobs = grown;
            }
            jobs[used++] = (Job){g, i, 0};
        }
    }
    free(board);
    *count = used;
    return jobs;
fail:
    free(jobs);
    free(board);
    return NULL;
}

/* The next score of `in`, past its `#` lines. */
static bool next_score(FILE *in, int *score) {
    int c;
    while ((c = fgetc(in)) == '#' || c == '\n') {
        if (c != '#') continue;
        while ((c = fgetc(in)) != EOF && c != '\n') continue;
        if (c == EOF) return false;
    }
    if (c == EOF) return false;
    ungetc(c, in);
    return fscanf(in, "%d", score) == 1 && fgetc(in) == '\n';
}

/* Every job's score from `in`: exactly one a job. */
static bool read_scores(Labeller *labeller, FILE *in) {
    for (int i = 0; i < labeller->count; i++)
        if (!next_score(in, &labeller->jobs[i].score)) return false;
    int extra;
    return !next_score(in, &extra);
}

/* Every job searched, on threads of their own with the stack a search needs. */
static void search_all(Labeller *labeller, int threads) {
    enum { MAX_THREADS = 64 };
    threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
    pthread_t ids[MAX_THREADS];
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, ENGINE_THREAD_STACK);
    int started = 0;
    for (int t = 0; t < threads; t++)
        if (pthread_create(&ids[started], &attributes, label_run, labeller) == 0) started++;
    pthread_attr_destroy(&attributes);
    for (int t = 0; t < started; t++) pthread_join(ids[t], NULL);
    if (!started) label_run(labeller);
}

bool label_games(const GameList *games, const LabelOptions *options, FILE *out) {
    Labeller labeller = {.games = games, .depth = options->depth, .net = options->net, .log = options->log};
    labeller.jobs = collect(games, &labeller.count);
    if (!labeller.jobs) return false;
    atomic_init(&labeller.next, 0);
    if (options->scores) {
        if (!read_scores(&labeller, options->scores)) {
            free(labeller.jobs);
            return false;
        }
    } else {
        search_all(&labeller, options->threads);
    }
    for (int i = 0; i < labeller.count; i++) {
        const Job *job = &labeller.jobs[i];
        const Game *game = &games->games[job->game];
        const int to_move = (job->ply + 1) % 2;  /* 0: black */
        const double points = to_move == 0 ? game->black_points : 1 - game->black_points;
        fprintf(out, "%d %d %d %d %g %d %d", job->game, game->rule, game->width, game->height, points, job->score,
                job->ply + 1);
        for (int m = 0; m <= job->ply; m++) fprintf(out, " %d %d", game->x[m], game->y[m]);
        fputc('\n', out);
    }
    free(labeller.jobs);
    return !ferror(out);
}

bool label_read(FILE *in, LabelledPosition *position, bool *bad) {
    *bad = false;
    int scanned = fscanf(in, "%d %d %d %d %lf %d %d", &position->game, &position->rule, &position->width,
                         &position->height, &position->points, &position->score, &position->count);
    if (scanned == EOF) return false;
    if (scanned != 7 || position->count < 0 || position->count > MAX_MOVES) {
        *bad = true;
        return false;
    }
    for (int i = 0; i < position->count; i++) {
        int x, y;
        if (fscanf(in, "%d %d", &x, &y) != 2 || x < 0 || y < 0 || x >= BOARD_MAX || y >= BOARD_MAX) {
            *bad = true;
            return false;
        }
        position->x[i] = (uint8_t)x;
        position->y[i] = (uint8_t)y;
    }
    return true;
}
