/* sprt_calc: `wuzi-tournament sprt elo0=… elo1=… wdl=W,L,D ptnml=P0,…,P4` — the SPRT's figures
 * for counts already played (several chunks of one test summed), printed as a run prints its
 * end; the exit status says the verdict as tournament/sprt.sh's does. */
#ifndef WUZI_SPRT_CALC_H
#define WUZI_SPRT_CALC_H

int sprt_calc_main(int argc, char **argv);

#endif
