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

/* The SPRT adds this to every outcome's count: with only wins so far the sample variance is 0
 * and the LLR would be 0 for ever; the pseudo-count makes it grow as it should. */
#define SPRT_PSEUDO_COUNT 1e-3

/* Mean and variance of scores `values` seen `counts` times (plus `pseudo` each). */
static void moments_with(const double *values, const int *counts, int kinds, double pseudo,
                         double *total, double *mean, double *variance) {
    *total = 0;
    double sum = 0;
    for (int i = 0; i < kinds; i++) {
        *total += counts[i] + pseudo;
        sum += values[i] * (counts[i] + pseudo);
    }
    *mean = *total > 0 ? sum / *total : 0.5;
    double squares = 0;
    for (int i = 0; i < kinds; i++)
        squares += (counts[i] + pseudo) * (values[i] - *mean) * (values[i] - *mean);
    *variance = *total > 0 ? squares / *total : 0;
}

static void moments(const double *values, const int *counts, int kinds, int *total, double *mean,
                    double *variance) {
    double n;
    moments_with(values, counts, kinds, 0, &n, mean, variance);
    *total = (int)n;
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

static double gsprt_llr(const SprtSettings *sprt, double samples, double mean, double variance) {
    if (samples < 1 || variance <= 0) return 0;
    const double s0 = score_from_elo(sprt->elo0), s1 = score_from_elo(sprt->elo1);
    return samples * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

double sprt_llr(const SprtSettings *sprt, const Score *score) {
    const double values[3] = {1.0, 0.0, 0.5};
    const int counts[3] = {score->wins, score->losses, score->draws};
    double games, mean, variance;
    moments_with(values, counts, 3, SPRT_PSEUDO_COUNT, &games, &mean, &variance);
    return gsprt_llr(sprt, games, mean, variance);
}

double sprt_llr_pentanomial(const SprtSettings *sprt, const Pentanomial *penta) {
    const double values[5] = {0.0, 0.25, 0.5, 0.75, 1.0};
    double pairs, mean, variance;
    moments_with(values, penta->count, 5, SPRT_PSEUDO_COUNT, &pairs, &mean, &variance);
    return gsprt_llr(sprt, pairs, mean, variance);
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
