#include "stats.h"

#include <math.h>

/* Two-sided 95 % quantile of the standard normal distribution. */
#define Z95 1.959963984540054

void score_add(Score *score, double points) {
    if (points > 0.75)
        score->wins++;
    else if (points < 0.25)
        score->losses++;
    else
        score->draws++;
}

int score_games(const Score *score) { return score->wins + score->losses + score->draws; }

Score score_flip(const Score *score) {
    return (Score){.wins = score->losses, .losses = score->wins, .draws = score->draws};
}

void pentanomial_add(Pentanomial *penta, double first, double second) {
    int index = (int)lround((first + second) * 2);
    if (index < 0) index = 0;
    if (index > 4) index = 4;
    penta->count[index]++;
}

int pentanomial_pairs(const Pentanomial *penta) {
    int pairs = 0;
    for (int i = 0; i < 5; i++) pairs += penta->count[i];
    return pairs;
}

Pentanomial pentanomial_flip(const Pentanomial *penta) {
    Pentanomial flipped;
    for (int i = 0; i < 5; i++) flipped.count[i] = penta->count[4 - i];
    return flipped;
}

double elo_from_score(double score) {
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

double score_from_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

double los_from(int wins, int losses) {
    if (wins + losses == 0) return 0.5;
    return 0.5 * (1.0 + erf((double)(wins - losses) / sqrt(2.0 * (wins + losses))));
}

/* The SPRT adds this to every outcome's count, a weak prior: an outcome not seen yet would
 * otherwise get probability 0 and make the LLR infinite after a single game. */
#define SPRT_PSEUDO_COUNT 0.5

/* Mean and variance of scores `values` seen `counts` times. */
static void moments(const double *values, const int *counts, int kinds, int *total, double *mean,
                    double *variance) {
    *total = 0;
    double sum = 0;
    for (int i = 0; i < kinds; i++) {
        *total += counts[i];
        sum += values[i] * counts[i];
    }
    *mean = *total ? sum / *total : 0.5;
    double squares = 0;
    for (int i = 0; i < kinds; i++)
        squares += counts[i] * (values[i] - *mean) * (values[i] - *mean);
    *variance = *total ? squares / *total : 0;
}

/* Elo and its 95 % interval from the mean score and the variance of one sample. */
static void fill_elo(EloEstimate *estimate, double mean, double variance, int samples) {
    estimate->score = mean;
    estimate->elo = elo_from_score(mean);
    if (samples == 0 || !isfinite(estimate->elo)) {
        estimate->error = samples ? INFINITY : 0;
        return;
    }
    const double deviation = Z95 * sqrt(variance / samples);
    const double high = elo_from_score(mean + deviation);
    const double low = elo_from_score(mean - deviation);
    estimate->error = (high - low) / 2;
}

EloEstimate elo_estimate(const Score *score) {
    const double values[3] = {1.0, 0.0, 0.5};
    const int counts[3] = {score->wins, score->losses, score->draws};
    EloEstimate estimate = {0};
    double mean, variance;
    moments(values, counts, 3, &estimate.games, &mean, &variance);
    fill_elo(&estimate, mean, variance, estimate.games);
    estimate.los = los_from(score->wins, score->losses);
    estimate.draw_ratio = estimate.games ? (double)score->draws / estimate.games : 0;
    return estimate;
}

EloEstimate elo_estimate_pentanomial(const Pentanomial *penta) {
    const double values[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    EloEstimate estimate = {0};
    double mean, variance;
    moments(values, penta->count, 5, &estimate.games, &mean, &variance);
    fill_elo(&estimate, mean, variance, estimate.games);
    /* LOS from the normal approximation of the pair-score mean around one half. */
    if (variance > 0)
        estimate.los = 0.5 * (1.0 + erf((mean - 0.5) / sqrt(2.0 * variance / estimate.games)));
    else
        estimate.los = mean > 0.5 ? 1.0 : mean < 0.5 ? 0.0 : 0.5;
    estimate.draw_ratio = estimate.games ? (double)penta->count[2] / estimate.games : 0;
    return estimate;
}

void sprt_bounds(const SprtSettings *sprt, double *lower, double *upper) {
    *lower = log(sprt->beta / (1.0 - sprt->alpha));
    *upper = log((1.0 - sprt->beta) / sprt->alpha);
}

/* The outcome distribution closest to the observed one (maximum likelihood) whose mean score
 * is `target`: p_i = q_i / (1 + theta (x_i - target)), theta found by bisection. */
static void constrained_mle(const double *values, const double *observed, int kinds, double target,
                            double *result) {
    double low_gap = 0, high_gap = 0;
    for (int i = 0; i < kinds; i++) {
        const double gap = values[i] - target;
        if (gap > high_gap) high_gap = gap;
        if (gap < low_gap) low_gap = gap;
    }
    double low = -1.0 / high_gap, high = -1.0 / low_gap;
    double theta = 0;
    for (int iteration = 0; iteration < 200; iteration++) {
        theta = (low + high) / 2;
        double slope = 0;
        for (int i = 0; i < kinds; i++) {
            const double gap = values[i] - target;
            slope += observed[i] * gap / (1 + theta * gap);
        }
        if (slope > 0)
            low = theta;
        else
            high = theta;
    }
    for (int i = 0; i < kinds; i++) result[i] = observed[i] / (1 + theta * (values[i] - target));
}

/* Generalized SPRT on a multinomial: N · Σ q_i log(p1_i / p0_i), where q is the observed
 * distribution (with the pseudo-counts) and p0, p1 the closest distributions whose mean score
 * is s0 and s1. */
static double gsprt_llr(const SprtSettings *sprt, const double *values, const int *counts,
                        int kinds) {
    double observed[5], total = 0;
    for (int i = 0; i < kinds; i++) total += counts[i] + SPRT_PSEUDO_COUNT;
    for (int i = 0; i < kinds; i++) observed[i] = (counts[i] + SPRT_PSEUDO_COUNT) / total;
    double p0[5], p1[5];
    constrained_mle(values, observed, kinds, score_from_elo(sprt->elo0), p0);
    constrained_mle(values, observed, kinds, score_from_elo(sprt->elo1), p1);
    double llr = 0;
    for (int i = 0; i < kinds; i++) llr += observed[i] * log(p1[i] / p0[i]);
    return total * llr;
}

double sprt_llr(const SprtSettings *sprt, const Score *score) {
    const double values[3] = {1.0, 0.0, 0.5};
    const int counts[3] = {score->wins, score->losses, score->draws};
    return gsprt_llr(sprt, values, counts, 3);
}

double sprt_llr_pentanomial(const SprtSettings *sprt, const Pentanomial *penta) {
    const double values[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    return gsprt_llr(sprt, values, penta->count, 5);
}

SprtVerdict sprt_verdict(const SprtSettings *sprt, double llr) {
    double lower, upper;
    sprt_bounds(sprt, &lower, &upper);
    if (llr >= upper) return SPRT_H1;
    if (llr <= lower) return SPRT_H0;
    return SPRT_CONTINUE;
}

const char *sprt_verdict_text(SprtVerdict verdict) {
    switch (verdict) {
    case SPRT_H1: return "H1 was accepted";
    case SPRT_H0: return "H0 was accepted";
    default: return "no decision yet";
    }
}
