/* stats: what a match's results say about strength.
 *
 * Wins, losses and draws give a score; the logistic Elo model turns it into an Elo difference,
 * with a 95 % error bar from the normal approximation of the per-game (trinomial) variance, and
 * a likelihood of superiority (LOS). With -repeat, games come in pairs on the same opening with
 * colours swapped: the pentanomial counts of pair scores (0, 1/2, 1, 3/2, 2) give a tighter
 * error because they remove the opening's bias. The SPRT is the generalized SPRT on either
 * model (trinomial W/L/D or pentanomial pairs): LLR = N Σ q_i log(p1_i / p0_i), where q is the
 * observed distribution of outcomes, each counted half a game more than seen (so that an
 * outcome not seen yet is not impossible), and p0, p1 the maximum-likelihood distributions
 * whose expected score is s0 = score(elo0) and s1 = score(elo1). Bounds: log(beta / (1 - alpha))
 * and log((1 - beta) / alpha). A run of wins moves it about as a win/loss model would: no
 * decision after a handful of games. */
#ifndef WUZI_STATS_H
#define WUZI_STATS_H

#include <stdbool.h>

typedef struct Score {
    int wins, losses, draws;
} Score;

/* Pair scores 0, 1/2, 1, 3/2, 2 (of 2) for one side over two games of one opening. */
typedef struct Pentanomial {
    int count[5];
} Pentanomial;

typedef struct EloEstimate {
    int games;         /* games (or pairs, for the pentanomial) */
    double score;      /* 0..1 */
    double elo;        /* may be ±INFINITY for a score of 0 or 1 */
    double error;      /* half-width of the 95 % interval, in Elo */
    double los;        /* 0..1 */
    double draw_ratio; /* 0..1 */
} EloEstimate;

typedef struct SprtSettings {
    bool enabled;
    double elo0, elo1, alpha, beta;
} SprtSettings;

typedef enum SprtVerdict { SPRT_CONTINUE, SPRT_H0, SPRT_H1 } SprtVerdict;

void score_add(Score *score, double points); /* points 1, 0.5 or 0 */
int score_games(const Score *score);
/* Score from the other side's view. */
Score score_flip(const Score *score);

/* Pair of results (points of one side, 0 / 0.5 / 1 each). */
void pentanomial_add(Pentanomial *penta, double first, double second);
int pentanomial_pairs(const Pentanomial *penta);
Pentanomial pentanomial_flip(const Pentanomial *penta);

/* Elo difference of a score fraction (logistic model), and back. */
double elo_from_score(double score);
double score_from_elo(double elo);
/* Likelihood of superiority from wins and losses (draws carry no information). */
double los_from(int wins, int losses);

EloEstimate elo_estimate(const Score *score);
EloEstimate elo_estimate_pentanomial(const Pentanomial *penta);

void sprt_bounds(const SprtSettings *sprt, double *lower, double *upper);
double sprt_llr(const SprtSettings *sprt, const Score *score);
double sprt_llr_pentanomial(const SprtSettings *sprt, const Pentanomial *penta);
SprtVerdict sprt_verdict(const SprtSettings *sprt, double llr);
const char *sprt_verdict_text(SprtVerdict verdict);

#endif
