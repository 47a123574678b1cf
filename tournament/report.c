#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void report_clear_progress(const Tournament *t) {
    if (t->tty) fputs("\r\033[K", stdout);
}

void report_progress(const Tournament *t) {
    if (!t->tty) return;
    const int64_t seconds = (monotonic_ms() - t->start_ms) / 1000;
    printf("[%d/%d games, %d running, %lld s]", t->finished, t->schedule.selected_count, t->running,
           (long long)seconds);
    fflush(stdout);
}

void report_game_started(const Tournament *t, const Job *job) {
    report_clear_progress(t);
    printf("Started game %d of %d (%s vs %s)\n", job->number, t->schedule.job_count,
           t->options->engines[job->black].name, t->options->engines[job->white].name);
    report_progress(t);
    fflush(stdout);
}

static void print_side_time(const char *name, const SideTime *time) {
    printf("%s longest move %lld ms, ", name, (long long)time->longest_ms);
    if (time->clock_left_ms < 0)
        printf("no game clock");
    else
        printf("clock %lld ms left", (long long)time->clock_left_ms);
}

void report_game_finished(const Tournament *t, const Job *job, const GameRecord *record) {
    const Options *options = t->options;
    report_clear_progress(t);
    printf("Finished game %d (%s vs %s): %s {%s}\n", job->number, options->engines[job->black].name,
           options->engines[job->white].name, result_text(record->result), record->reason);
    printf("Times in game %d (%s vs %s): ", job->number, options->engines[job->black].name,
           options->engines[job->white].name);
    print_side_time(options->engines[job->black].name, &record->black_time);
    printf("; ");
    print_side_time(options->engines[job->white].name, &record->white_time);
    printf("\n");
}

static void format_elo(char *out, size_t size, double value) {
    if (isinf(value))
        snprintf(out, size, "%s", value > 0 ? "+inf" : "-inf");
    else
        snprintf(out, size, "%.1f", fabs(value) < 0.05 ? 0.0 : value); /* no "-0.0" */
}

void report_score(const char *of, const Score *s) {
    const int n = score_games(s);
    const double points = s->wins + 0.5 * s->draws;
    printf("Score%s: %d - %d - %d  [%.3f] %d\n", of, s->wins, s->losses, s->draws, n ? points / n : 0.0, n);
}

void report_score_line(const Tournament *t, const Encounter *e) {
    char of[160];
    snprintf(of, sizeof of, " of %s vs %s", t->options->engines[e->a].name, t->options->engines[e->b].name);
    report_score(of, &e->score);
}

void report_sprt_figures(const SprtSettings *sprt, double llr, SprtVerdict verdict, int games) {
    double lower, upper;
    sprt_bounds(sprt, &lower, &upper);
    printf("SPRT: llr %.3f (%.1f%%), lbound %.3f, ubound %.3f - %s", llr,
           100.0 * llr / (llr >= 0 ? upper : -lower), lower, upper, sprt_verdict_text(verdict));
    if (verdict != SPRT_CONTINUE && games) printf(" after %d games", games);
    printf("\n");
}

void report_sprt_line(const Tournament *t, const Encounter *e) {
    double llr;
    const SprtVerdict verdict = run_sprt_state(t, e, &llr);
    report_sprt_figures(&t->options->sprt, llr, verdict, t->sprt_games);
}

void report_elo_lines(const Score *score, const Pentanomial *penta) {
    char elo[32], error[32];
    const EloEstimate estimate = elo_estimate(score);
    format_elo(elo, sizeof elo, estimate.elo);
    format_elo(error, sizeof error, estimate.error);
    printf("Elo difference: %s +/- %s, LOS: %.1f %%, DrawRatio: %.1f %%\n", elo, error,
           100 * estimate.los, 100 * estimate.draw_ratio);
    if (!penta || !pentanomial_pairs(penta)) return;
    const EloEstimate p = elo_estimate_pentanomial(penta);
    format_elo(elo, sizeof elo, p.elo);
    format_elo(error, sizeof error, p.error);
    printf("Ptnml(0-2): [%d, %d, %d, %d, %d], Elo (ptnml): %s +/- %s, LOS (ptnml): %.1f %%\n",
           penta->count[0], penta->count[1], penta->count[2], penta->count[3], penta->count[4], elo,
           error, 100 * p.los);
}

static void print_encounter_summary(const Tournament *t, const Encounter *e) {
    report_score_line(t, e);
    report_elo_lines(&e->score, t->options->repeat ? &e->penta : NULL);
    if (t->options->sprt.enabled) report_sprt_line(t, e);
}

typedef struct Standing {
    int engine;
    double points; /* share of the points, 0..1 */
} Standing;

/* More points first; equal points in the order the engines were given. */
static int compare_standings(const void *a, const void *b) {
    const Standing *x = a, *y = b;
    if (x->points != y->points) return x->points < y->points ? 1 : -1;
    return x->engine - y->engine;
}

static void print_table(const Tournament *t) {
    const Options *options = t->options;
    Standing order[MAX_ENGINES];
    for (int i = 0; i < options->engine_count; i++) {
        const Score *s = &t->engine_score[i];
        const int n = score_games(s);
        order[i] = (Standing){i, n ? (s->wins + 0.5 * s->draws) / n : 0};
    }
    qsort(order, (size_t)options->engine_count, sizeof *order, compare_standings);
    printf("%4s %-20s %6s %6s %6s %6s %7s %8s %7s %7s%s\n", "Rank", "Name", "Games", "W", "L", "D",
           "Score", "Elo", "+/-", "LOS", options->repeat ? "  Ptnml(0-2)" : "");
    for (int r = 0; r < options->engine_count; r++) {
        const int e = order[r].engine;
        const Score *s = &t->engine_score[e];
        const EloEstimate estimate = elo_estimate(s);
        char elo[32], error[32];
        format_elo(elo, sizeof elo, estimate.elo);
        format_elo(error, sizeof error, estimate.error);
        const int n = score_games(s);
        printf("%4d %-20s %6d %6d %6d %6d %6.1f%% %8s %7s %6.1f%%", r + 1, options->engines[e].name,
               n, s->wins, s->losses, s->draws, n ? 100.0 * (s->wins + 0.5 * s->draws) / n : 0.0,
               elo, error, 100 * estimate.los);
        if (options->repeat) {
            const Pentanomial *p = &t->engine_penta[e];
            printf("  [%d, %d, %d, %d, %d]", p->count[0], p->count[1], p->count[2], p->count[3],
                   p->count[4]);
        }
        printf("\n");
    }
}

/* "Longest move of A: M ms (game i; turn limit T ms)", for each engine with a game counted,
 * apart from the table: scripts read the table up to its blank line. */
static void print_longest_moves(const Tournament *t) {
    const Options *options = t->options;
    bool first = true;
    for (int e = 0; e < options->engine_count; e++) {
        if (!t->engine_longest_game[e]) continue;
        if (first) printf("\n");
        first = false;
        printf("Longest move of %s: %lld ms (game %d", options->engines[e].name,
               (long long)t->engine_longest_ms[e], t->engine_longest_game[e]);
        if (options->engines[e].turn_ms > 0)
            printf("; turn limit %lld ms", (long long)options->engines[e].turn_ms);
        printf(")\n");
    }
}

void report_final(const Tournament *t) {
    report_clear_progress(t);
    printf("\nResults of %d of %d games%s:\n", t->finished, t->schedule.selected_count,
           atomic_load(&t->interrupted) ? " (interrupted)" : "");
    for (int e = 0; e < t->schedule.encounter_count; e++) print_encounter_summary(t, &t->schedule.encounters[e]);
    printf("\n");
    print_table(t);
    print_longest_moves(t);
    fflush(stdout);
}

