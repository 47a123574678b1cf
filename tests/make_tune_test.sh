#!/bin/sh
# make tune and make order (tune/make_tune.sh, tune/make_order.sh) end to end on a few
# node-limited games: openings, self-play, the weights' fit and the order's, twice. The same
# commands must write the same files, and make order must fit the games make tune played.
# Needs WUZI_BRAIN, WUZI_RUNNER, WUZI_TUNER.
. "$(dirname "$0")/check.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tune() { # tune N: one small run into $work/N (TUNE_FAMILIES from the caller, when set)
    TUNE_DIR="$work/$1" TUNE_OUT="$work/$1/weights.c" TUNE_GAMES=12 TUNE_NODES=1500 TUNE_ITERATIONS=300 TUNE_CONCURRENCY=2 \
        TUNE_BRAIN="$WUZI_BRAIN" TUNE_RUNNER="$WUZI_RUNNER" TUNE_TUNER="$WUZI_TUNER" \
        sh "$here/tune/make_tune.sh" > "$work/$1.log" 2>&1
}
order() { # order N: make order into $work/N, after tune N (its games kept unless TUNE_NODES differs)
    TUNE_DIR="$work/$1" ORDER_OUT="$work/$1/order_weights.c" TUNE_GAMES=12 TUNE_NODES=${TUNE_NODES:-1500} TUNE_CONCURRENCY=2 \
        TUNE_BRAIN="$WUZI_BRAIN" TUNE_RUNNER="$WUZI_RUNNER" TUNE_TUNER="$WUZI_TUNER" \
        sh "$here/tune/make_order.sh" > "$work/$1-order.log" 2>&1
}
tune 1; status=$?
order 1; order_status=$?
tune 2
order 2
check "make tune runs" [ "$status" -eq 0 ]
check "make order runs" [ "$order_status" -eq 0 ]
check "make order fits make tune's games, not new ones" \
    test "$(grep -c 'games kept from' "$work/1-order.log")" -eq 3 -a "$(grep -c ' games in ' "$work/1-order.log")" -eq 0
check "the order's header names the command" \
    grep -q 'made by make order (tune/make_order.sh): TUNE_GAMES=12 TUNE_NODES=1500, games played by' "$work/1/order_weights.c"
check "every family's order is fitted" test "$(grep -c 'held out: cross-entropy' "$work/1/order_weights.c")" -eq 3
check "make order writes the same file again" cmp -s "$work/1/order_weights.c" "$work/2/order_weights.c"
# A round's files take the committed ones' place: each compiles against the engine's weights.h
# (the committed ones are older: docs/tuning.md).
builds() { ${CC:-cc} -std=c17 -Wall -Wextra -Werror -I"$here/engine" -c "$1" -o "$work/built.o"; }
check "make order's file builds in the engine" builds "$work/1/order_weights.c"
games() { grep -c '^\[Result' "$work/1/$1.pgn"; }
check "12 freestyle, 12 renju and 2 caro games" test "$(games freestyle)" -eq 12 -a "$(games renju)" -eq 12 -a "$(games caro)" -eq 2
check "one game an opening, not two the same" [ "$(grep '^1\. ' "$work/1/freestyle.pgn" | sort -u | wc -l)" -eq 12 ]
check "the fit saw positions" grep -q '^ \* freestyle/exact five: [1-9][0-9]* positions' "$work/1/weights.c"
check "the header names the command" grep -q 'made by make tune (tune/make_tune.sh): TUNE_GAMES=12 TUNE_NODES=1500' "$work/1/weights.c"
check "the fit starts from the build's weights" grep -q "from the build's weights" "$work/1/weights.c"
check "the same command writes the same file" cmp -s "$work/1/weights.c" "$work/2/weights.c"
check "make tune's file builds in the engine" builds "$work/1/weights.c"
# One family's round: only its games are played, and the others keep the build's weights.
TUNE_FAMILIES=freestyle tune 3; status=$?
TUNE_FAMILIES=freestyle TUNE_NODES=1400 order 3
check "games made with other settings are played again" grep -q '^tune: 12 freestyle games in' "$work/3-order.log"
check "a family left out keeps the build's order" grep -q "^ \* renju: no positions, the build's tables" "$work/3/order_weights.c"
check "a freestyle-only round runs" [ "$status" -eq 0 ]
check "it plays only freestyle" test -f "$work/3/freestyle.pgn" -a ! -e "$work/3/renju.pgn" -a ! -e "$work/3/caro.pgn"
check "its header names the family" grep -q "TUNE_FAMILIES='freestyle' TUNE_GAMES=12" "$work/3/weights.c"
check "renju keeps the build's weights" grep -q '^ \* renju: no positions, the starting point' "$work/3/weights.c"
# More games than the round's own: fitted with them, and named in the header.
TUNE_FAMILIES=freestyle TUNE_EXTRA="$work/3/freestyle.pgn" tune 6
check "TUNE_EXTRA's games are fitted" grep -q '^ \* 24 games' "$work/6/weights.c"
check "the header names TUNE_EXTRA" grep -q "TUNE_EXTRA='$work/3/freestyle.pgn'" "$work/6/weights.c"
TUNE_FAMILIES=freestyle TUNE_EXTRA="$work/3/freestyle.pgn" order 6
check "make order fits TUNE_EXTRA's games too" grep -q '^ \* 24 games' "$work/6/order_weights.c"
check "make order's header names TUNE_EXTRA" grep -q "TUNE_EXTRA='$work/3/freestyle.pgn'" "$work/6/order_weights.c"
TUNE_FAMILIES=gomoku tune 4; status=$?
check "an unknown family is an error" [ "$status" -eq 2 ]
TUNE_FAMILIES="freestyle gomoku" tune 5; status=$?
check "an unknown family stops it before any game" test "$status" -eq 2 -a ! -e "$work/5/freestyle.pgn"
[ "$failed" -eq 0 ] || tail -n 5 "$work/1.log"
echo "$passed passed, $failed failed"
