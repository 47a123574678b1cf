#!/bin/sh
# make order: the move order's tables (engine/order_weights.c) learned from a round of
# self-play: the moves the build played in the round's games (tune/round.sh, the same games
# make tune fits), by wuzi-tune order from the build's cells' values, written with a header that
# names this command, its settings and the commit that played the games. At that commit the
# same command writes the same file. Settings (environment): those of tune/round.sh, and
# TUNE_EXTRA (more PGN files, as make tune takes them), ORDER_OUT (engine/order_weights.c),
# TUNE_TUNER (the wuzi-tune make built).
set -eu
cd "$(dirname "$0")/.."
. tune/round.sh
extra=${TUNE_EXTRA:-}
out=${ORDER_OUT:-engine/order_weights.c}
tuner=${TUNE_TUNER:-./wuzi-tune}

round_play
note=$(round_note "make order" tune/make_order.sh "$(extra_note "$extra")")
# shellcheck disable=SC2086  # the records and TUNE_EXTRA are lists of files
"$tuner" order -o "$out" -note "$note" $records $extra
echo "tune: $out written after $(($(date +%s) - started)) s; rebuild with make"
