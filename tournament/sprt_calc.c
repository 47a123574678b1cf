#include "sprt_calc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "report.h"
#include "stats.h"

static void calc_usage(FILE *out) {
    fputs("usage: wuzi-tournament sprt [elo0=E] [elo1=E] [alpha=A] [beta=B] (wdl=W,L,D | ptnml=P0,P1,P2,P3,P4)...\n"
          "The SPRT's figures for counts of games already played, as a run prints them at its end:\n"
          "the score, Elo +/- 95 %, LOS, the pentanomial line and the verdict. Several wdl= and\n"
          "ptnml= sum (the chunks of one test played at different times); the LLR is the\n"
          "pentanomial one where pairs are given, as with -repeat (given both, they must count the\n"
          "same games: a run's W-L-D and its Ptnml). Defaults: elo0 0, elo1 10,\n"
          "alpha and beta 0.05. Exit status: 0 H1 accepted, 1 H0 accepted, 3 no decision, 2 bad input.\n",
          out);
}

/* "a,b,c" into `count` numbers, each at least 0; false unless exactly `count` were given. */
static bool read_counts(const char *text, int *values, int count) {
    for (int i = 0; i < count; i++) {
        char *end;
        const long v = strtol(text, &end, 10);
        if (end == text || v < 0 || v > 100000000) return false;
        values[i] += (int)v;
        if (i + 1 < count && *end != ',') return false;
        text = end + 1;
        if (i + 1 == count && *end) return false;
    }
    return true;
}

/* wdl= or ptnml= counts added; false for another key or bad counts. */
static bool read_counts_setting(const char *arg, Score *score, Pentanomial *penta) {
    int wdl[3] = {0, 0, 0};
    if (!strncmp(arg, "wdl=", 4) && read_counts(arg + 4, wdl, 3)) {
        *score = (Score){score->wins + wdl[0], score->losses + wdl[1], score->draws + wdl[2]};
        return true;
    }
    if (!strncmp(arg, "ptnml=", 6)) return read_counts(arg + 6, penta->count, 5);
    return false;
}

/* Where both are given they count the same games: two a pair, and a few unpaired ones per
 * wdl= chunk (a run stopped between the two games of each pair it had in progress). */
#define UNPAIRED_MAX 16
static const char *counts_problem(const Score *score, const Pentanomial *penta, int chunks) {
    const int games = score_games(score), pairs = pentanomial_pairs(penta);
    if (!games && !pairs) return "no games given";
    if (games && pairs && (games < 2 * pairs || games > 2 * pairs + UNPAIRED_MAX * chunks))
        return "wdl= and ptnml= count different games (a pair is two games)";
    return NULL;
}

int sprt_calc_main(int argc, char **argv) {
    SprtSettings sprt = {.enabled = true, .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05};
    Score score = {0, 0, 0};
    Pentanomial penta = {{0}};
    int chunks = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            calc_usage(stdout);
            return 0;
        }
        if (!read_counts_setting(argv[i], &score, &penta) && !options_sprt_setting(&sprt, argv[i])) {
            fprintf(stderr, "sprt: bad setting \"%s\"\n", argv[i]);
            calc_usage(stderr);
            return 2;
        }
        chunks += !strncmp(argv[i], "wdl=", 4);
    }
    options_check_sprt(&sprt);
    const char *problem = counts_problem(&score, &penta, chunks);
    if (problem) {
        fprintf(stderr, "sprt: %s\n", problem);
        return 2;
    }
    const bool pairs = pentanomial_pairs(&penta) > 0;
    if (score_games(&score)) {
        report_score("", &score);
        report_elo_lines(&score, pairs ? &penta : NULL);
    } else {
        const EloEstimate p = elo_estimate_pentanomial(&penta);
        printf("Pairs: %d, score %.3f, Elo (ptnml): %.1f +/- %.1f\n", p.games, p.score, p.elo, p.error);
    }
    const double llr = pairs ? sprt_llr_pentanomial(&sprt, &penta) : sprt_llr(&sprt, &score);
    const SprtVerdict verdict = sprt_verdict(&sprt, llr);
    report_sprt_figures(&sprt, llr, verdict, 0);
    return verdict == SPRT_H1 ? 0 : verdict == SPRT_H0 ? 1 : 3;
}
