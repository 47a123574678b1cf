#!/bin/sh
# make order: the move order's tables (engine/order_weights.c) learned from a round of
# self-play: the moves the build played in the round's games (tune/round.sh, the same games
# make tune fits), by wuzi-tune order from the build's cells' values, written with a header that
# names this command, its settings and the commit that played the games. At that commit the
# same command writes the same file. Settings (environment): those of tune/round.sh, and
# ORDER_OUT (engine/order_weights.c), TUNE_TUNER (the wuzi-tune make built).
set -eu
cd "$(dirname "$0")/.."
. tune/round.sh
out=${ORDER_OUT:-engine/order_weights.c}
tuner=${TUNE_TUNER:-./wuzi-tune}

round_play
note=$(round_note "make order" tune/make_order.sh)
# shellcheck disable=SC2086  # the records are a list of files
"$tuner" order -o "$out" -note "$note" $records
echo "tune: $out written after $(($(date +%s) - started)) s; rebuild with make"
