#!/bin/sh
# make tune: the evaluation's weights learned from self-play, end to end.
#
#   1. balanced-enough random openings for each rule family (wuzi-tournament genopenings, fixed
#      seeds);
#   2. self-play games of the current build from them, each move limited by nodes (not time), one
#      thread: the same build plays the same games on any machine;
#   3. wuzi-tune fit on those games (and on any extra records given in TUNE_EXTRA), starting
#      from the build's own weights (-warm), written to engine/weights.c with a header that names
#      this command and the data.
# Run it again with the new weights built in to iterate. The same build and settings give the
# same file. Settings (environment): TUNE_DIR (build/tune-games), TUNE_GAMES (freestyle games,
# 4000; renju as many, caro a sixth), TUNE_NODES (nodes a move, 40000), TUNE_CONCURRENCY
# (2), TUNE_EXTRA (more PGN files, e.g. merged cluster results or sparring records), TUNE_OUT
# (engine/weights.c), TUNE_ITERATIONS (the fit's most steps, 8000), TUNE_FAMILIES (which rule
# families to play and fit: "freestyle renju caro"; a family left out keeps the build's weights:
# a freestyle round takes about half of the 90 minutes); the programs: TUNE_BRAIN, TUNE_RUNNER,
# TUNE_TUNER (the ones make built).
set -eu
cd "$(dirname "$0")/.."
dir=${TUNE_DIR:-build/tune-games}
games=${TUNE_GAMES:-4000}
nodes=${TUNE_NODES:-40000}
concurrency=${TUNE_CONCURRENCY:-2}
extra=${TUNE_EXTRA:-}
out=${TUNE_OUT:-engine/weights.c}
iterations=${TUNE_ITERATIONS:-8000}
families=${TUNE_FAMILIES:-freestyle renju caro}
brain=${TUNE_BRAIN:-$PWD/pbrain-wuzi}
runner=${TUNE_RUNNER:-./wuzi-tournament}
tuner=${TUNE_TUNER:-./wuzi-tune}
mkdir -p "$dir"
started=$(date +%s)

# family_settings FAMILY: its rule, games, openings' seed, and the depth and margin its openings
# are kept by; fails for a family make tune does not know. Freestyle openings are balanced by a
# deeper search: from the rough ones black won 63 % of the games, and weights fitted to those
# lost to the committed ones.
family_settings() {
    case $1 in
    freestyle) echo "0 $games 101 6 100" ;;
    renju) echo "4 $games 202 2 300" ;;
    caro) echo "8 $((games / 6)) 303 2 300" ;;
    *) return 1 ;;
    esac
}

# self_play NAME RULE GAMES SEED DEPTH MARGIN: GAMES games into NAME.pgn, one for each opening
# (kept when a DEPTH-ply search scores it within MARGIN). Not both colours: the same build at a
# node limit plays the same game with the colours swapped.
self_play() {
    name=$1 rule=$2 count=$3 seed=$4 depth=$5 margin=$6
    openings="$dir/openings-$name.txt"
    "$runner" genopenings rule="$rule" size=15 count="$count" seed="$seed" stones=4-6 \
        depth="$depth" margin="$margin" out="$openings" >/dev/null 2>&1
    rm -f "$dir/$name.pgn"
    "$runner" -engine name=a cmd="$brain" -engine name=b cmd="$brain" \
        -each tc=0/60 option.max_node="$nodes" option.thread_num=1 -games "$count" \
        -concurrency "$concurrency" -openings file="$openings" order=sequential -boardsize 15 \
        -rule "$rule" -pgn "$dir/$name.pgn" >"$dir/$name.out" 2>&1
    echo "tune: $count $name games in $(($(date +%s) - started)) s"
}

# Every family is checked before any game is played: a typo must not cost a round.
for family in $families; do
    family_settings "$family" >/dev/null || {
        echo "tune: unknown family $family (freestyle, renju or caro)" >&2
        exit 2
    }
done
records=""
for family in $families; do
    # shellcheck disable=SC2046  # the settings are words
    self_play "$family" $(family_settings "$family")
    records="$records $dir/$family.pgn"
done
# Named only when not all three, so that the default's header stays as it was.
case $families in
"freestyle renju caro") which="" ;;
*) which="TUNE_FAMILIES='$families' " ;;
esac
# TUNE_EXTRA is named as given: more data than the round's own games.
case $extra in
"") extra_note="" ;;
*) extra_note=" TUNE_EXTRA='$extra'" ;;
esac
note="made by make tune (tune/make_tune.sh): ${which}TUNE_GAMES=$games TUNE_NODES=$nodes$extra_note, games played by $(git describe --always --dirty 2>/dev/null || echo 'this build')"
# shellcheck disable=SC2086  # the records and TUNE_EXTRA are lists of files
"$tuner" fit -warm -o "$out" -iterations "$iterations" -note "$note" $records $extra
echo "tune: $out written after $(($(date +%s) - started)) s; rebuild with make"
