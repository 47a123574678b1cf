#!/bin/sh
# make tune: the evaluation's weights (engine/weights.c) learned from a round of self-play.
#
#   1. the round's games (tune/round.sh: openings and node-limited self-play of this build);
#   2. wuzi-tune fit on them (and on any extra records given in TUNE_EXTRA), starting from the
#      build's own weights (-warm), written with a header that names this command, its settings
#      and the commit that played the games.
# At that commit the same command writes the same file. Run it again with the new weights built
# in to iterate. Settings (environment): those of tune/round.sh, and TUNE_EXTRA (more PGN files,
# e.g. merged cluster results), TUNE_OUT (engine/weights.c), TUNE_ITERATIONS (the fit's most
# steps, 8000), TUNE_TUNER (the wuzi-tune make built).
set -eu
cd "$(dirname "$0")/.."
. tune/round.sh
extra=${TUNE_EXTRA:-}
out=${TUNE_OUT:-engine/weights.c}
iterations=${TUNE_ITERATIONS:-8000}
tuner=${TUNE_TUNER:-./wuzi-tune}

round_play
note=$(round_note "make tune" tune/make_tune.sh "$(extra_note "$extra")")
# shellcheck disable=SC2086  # the records and TUNE_EXTRA are lists of files
"$tuner" fit -warm -o "$out" -iterations "$iterations" -note "$note" $records $extra
echo "tune: $out written after $(($(date +%s) - started)) s; rebuild with make"
