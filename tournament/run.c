#include "run.h"

static void count_pair(Tournament *t, Encounter *e, const Job *job) {
    const Job *partner = job->partner >= 0 ? &t->schedule.jobs[job->partner] : NULL;
    if (!partner || !partner->done) return;
    Pentanomial one = {0};
    pentanomial_add(&one, partner->points_a, job->points_a);
    const Pentanomial flipped = pentanomial_flip(&one);
    for (int i = 0; i < 5; i++) {
        e->penta.count[i] += one.count[i];
        t->engine_penta[e->a].count[i] += one.count[i];
        t->engine_penta[e->b].count[i] += flipped.count[i];
    }
}

void run_count_result(Tournament *t, Job *job, GameResult result) {
    Encounter *e = &t->schedule.encounters[job->encounter];
    const double black_points = result_black_points(result);
    job->points_a = job->black == e->a ? black_points : 1.0 - black_points;
    job->done = true;
    t->finished++;
    score_add(&e->score, job->points_a);
    score_add(&t->engine_score[e->a], job->points_a);
    score_add(&t->engine_score[e->b], 1.0 - job->points_a);
    count_pair(t, e, job);
}

static void count_longest(Tournament *t, int engine, int64_t ms, int game) {
    if (ms < 0 || (t->engine_longest_game[engine] && ms <= t->engine_longest_ms[engine])) return;
    t->engine_longest_ms[engine] = ms;
    t->engine_longest_game[engine] = game;
}

void run_count_longest(Tournament *t, const Job *job, int64_t black_ms, int64_t white_ms) {
    count_longest(t, job->black, black_ms, job->number);
    count_longest(t, job->white, white_ms, job->number);
}

SprtVerdict run_sprt_state(const Tournament *t, const Encounter *e, double *llr) {
    if (t->sprt_verdict != SPRT_CONTINUE) {
        *llr = t->sprt_llr;
        return t->sprt_verdict;
    }
    const SprtSettings *sprt = &t->options->sprt;
    *llr = t->options->repeat ? sprt_llr_pentanomial(sprt, &e->penta) : sprt_llr(sprt, &e->score);
    return sprt_verdict(sprt, *llr);
}

bool run_check_sprt(Tournament *t, const Encounter *e) {
    if (!t->options->sprt.enabled || t->sprt_verdict != SPRT_CONTINUE) return false;
    double llr;
    const SprtVerdict verdict = run_sprt_state(t, e, &llr);
    if (verdict == SPRT_CONTINUE) return false;
    t->sprt_verdict = verdict;
    t->sprt_llr = llr;
    t->sprt_games = score_games(&e->score);
    atomic_store(&t->stop, true);
    return true;
}
