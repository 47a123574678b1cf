#!/bin/sh
# make train: the network for one board size (engine/net_weights_<TUNE_SIZE>.c) learned from a
# round of self-play.
#
#   1. the games: the round's (tune/round.sh: openings and node-limited self-play of this
#      build), played and kept in chunks of TUNE_CHUNK games, and the game lists TRAIN_KEPT
#      names (tune/games/: games kept in the repository, whatever build played them);
#   2. wuzi-tune label on each file: its quiet positions with the game's result and the score
#      of a TRAIN_DEPTH-ply search evaluating with TRAIN_EVAL, kept in TUNE_DIR with a stamp of
#      what made them (the games, the evaluation and the search's bench signature with it), so
#      that a second run labels only new files;
#   3. wuzi-tune train on every file's positions, written with a header that names this
#      command, its settings and the commits that played the games.
# The same command at the same commit writes the same file. The default budget is small (one
# chunk: minutes); the committed network's header names its own (docs/tuning.md). Settings
# (environment): those of tune/round.sh, here by default TUNE_FAMILIES=freestyle,
# TUNE_GAMES=500, TUNE_NODES=20000, TUNE_CHUNK=500, TUNE_DIR=build/train-games; TRAIN_KEPT
# (game lists, none by default; with TUNE_GAMES=0 the only games; LIST:DEPTH labels that list at
# a depth of its own; LIST@L, or LIST:DEPTH@L, trains on it with a lambda of its own: the
# result's share of its targets), TRAIN_DEPTH (8), TRAIN_EVAL
# (the labelling search's evaluation: tables, or net for the build's network where the family
# has one),
# TRAIN_OPTIONS (more wuzi-tune train options, named in the header), TRAIN_SCORES (tune/labels),
# TRAIN_OUT
# (engine/net_weights_<TUNE_SIZE>.c: the network for boards of that side, which the round's
# games are played on), TUNE_TUNER (the wuzi-tune make built).
set -eu
cd "$(dirname "$0")/.."
TUNE_FAMILIES=${TUNE_FAMILIES:-freestyle}
TUNE_GAMES=${TUNE_GAMES:-500}
TUNE_NODES=${TUNE_NODES:-20000}
TUNE_CHUNK=${TUNE_CHUNK:-500}
TUNE_DIR=${TUNE_DIR:-build/train-games}
. tune/round.sh
kept=${TRAIN_KEPT:-}
label_depth=${TRAIN_DEPTH:-8}
label_eval=${TRAIN_EVAL:-tables}
options=${TRAIN_OPTIONS:-}
out=${TRAIN_OUT:-engine/net_weights_$board.c}
tuner=${TUNE_TUNER:-./wuzi-tune}
scores_dir=${TRAIN_SCORES:-tune/labels}

round_play
# The labels change with the search and its evaluation: its bench signature with that
# evaluation stands for both.
signature=$("$brain" --eval "$label_eval" bench | sed -n 's/^nodes //p')
labels=""
# label_file RECORD FILE DEPTH [SCORES]: the record's labels into FILE, unless its stamp says
# they are made; from SCORES where its first line holds the same stamp, else searched and their
# scores written to SCORES.
label_file() {
    record=$1 file=$2 depth=$3 scores=${4:-}
    stamp="depth=$depth games=$(cksum <"$record") signature=$signature"
    # the tables' stamp as before, so that the labels made before stay valid
    [ "$label_eval" = tables ] || stamp="$stamp eval=$label_eval"
    if [ ! -f "$file" ] || [ "$(cat "$file.stamp" 2>/dev/null)" != "$stamp" ]; then
        rm -f "$file.stamp"
        if [ -n "$scores" ] && [ "$(head -n 1 "$scores" 2>/dev/null)" = "# $stamp" ]; then
            "$tuner" label -depth "$depth" -eval "$label_eval" -scores "$scores" -o "$file" "$record"
            echo "train: $file labelled from $scores"
        else
            "$tuner" label -depth "$depth" -eval "$label_eval" -threads "$concurrency" -o "$file" "$record"
            echo "train: $file labelled after $(($(date +%s) - started)) s"
            [ -z "$scores" ] || { echo "# $stamp" && cut -d' ' -f6 "$file"; } >"$scores"
        fi
        echo "$stamp" >"$file.stamp"
    fi
    labels="$labels $file"
}
for record in $records; do
    label_file "$record" "${record%.pgn}.labels" "$label_depth"
done
# A list named LIST:DEPTH is labelled at that depth, into a file of its own; its scores too,
# and those of a search with another evaluation into a file named for it.
scores_eval=""
[ "$label_eval" = tables ] || scores_eval="-$label_eval"
[ -z "$kept" ] || mkdir -p "$scores_dir"
named_lambda=-1
for entry in $kept; do
    list_lambda=-1
    case $entry in *@*) list_lambda=${entry##*@} entry=${entry%@*} ;; esac
    # wuzi-tune train's -list-lambda holds for the files after it: named where it changes only
    [ "$list_lambda" = "$named_lambda" ] || labels="$labels -list-lambda $list_lambda"
    named_lambda=$list_lambda
    record=${entry%:*} depth=$label_depth suffix=""
    case $entry in *:*) depth=${entry##*:} suffix="-d$depth" ;; esac
    name=$(basename "$record")
    label_file "$record" "$dir/kept-${name%.*}$suffix.labels" "$depth" "$scores_dir/${name%.*}$suffix$scores_eval.scores"
done
case $options in
"") options_note="" ;;
*) options_note=" TRAIN_OPTIONS='$options'" ;;
esac
kept_note=""
[ -z "$kept" ] || kept_note=" TRAIN_KEPT='$kept'"
# the tables' header as before, so that the committed networks' commands write them byte for byte
eval_note=""
[ "$label_eval" = tables ] || eval_note=" TRAIN_EVAL=$label_eval"
note=$(round_note "make train" tune/make_train.sh "$kept_note TRAIN_DEPTH=$label_depth$eval_note$options_note")
# shellcheck disable=SC2086  # the labels and TRAIN_OPTIONS are lists of words
"$tuner" train -o "$out" -size "$board" -threads "$concurrency" -note "$note" $options $labels
echo "train: $out written after $(($(date +%s) - started)) s; rebuild with make"
