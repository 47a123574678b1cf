#!/bin/sh
# make train (tune/make_train.sh) end to end on a few node-limited games in two chunks: the
# games, their labels and a short training, twice — the same file, the second run playing and
# labelling nothing new; the file names what made it and compiles with the engine's headers.
# Then the first chunk's games packed into a game list (as tune/games/ keeps them) and trained
# from alone (TRAIN_KEPT, TUNE_GAMES=0): the same labels as from the PGN, its scores kept apart
# (TRAIN_SCORES) and read back by a fresh run instead of searched, and labelled again by a
# search evaluating with the network (TRAIN_EVAL=net): the same positions, other scores, which
# wuzi-tune score rates against the results, and at a depth of its own (LIST:DEPTH); with a
# lambda of its own (LIST@L). A round on 20x20
# writes the network for that side. Two families trained together give each the network it gets alone.
# Needs WUZI_BRAIN, WUZI_RUNNER, WUZI_TUNER.
. "$(dirname "$0")/check.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
train() { # train N OUT [GAMES]: a small run with its games in $work/games, the network into OUT
    TUNE_DIR="$work/games" TRAIN_SCORES="$work/scores" TRAIN_OUT="$2" TUNE_GAMES=${3:-8} TUNE_CHUNK=4 TUNE_NODES=1500 TRAIN_DEPTH=4 \
        TRAIN_OPTIONS="-epochs 2" TUNE_BRAIN="$WUZI_BRAIN" TUNE_RUNNER="$WUZI_RUNNER" TUNE_TUNER="$WUZI_TUNER" \
        sh "$here/tune/make_train.sh" > "$work/$1.log" 2>&1
}
train 1 "$work/net1.c"; status=$?
train 2 "$work/net2.c"; second=$?
check "make train runs" [ "$status" -eq 0 -a "$second" -eq 0 ]
check "two chunks of games, labelled" test -s "$work/games/freestyle-0.labels" -a -s "$work/games/freestyle-1.labels"
check "the second run plays and labels nothing" \
    test "$(grep -c ' games in \|labelled after' "$work/2.log")" -eq 0 -a "$(grep -c 'games kept from' "$work/2.log")" -eq 2
check "the same command writes the same file" cmp -s "$work/net1.c" "$work/net2.c"
check "the header names the command" \
    grep -q "made by make train (tune/make_train.sh): TUNE_FAMILIES='freestyle' TUNE_CHUNK=4 TUNE_GAMES=8 TUNE_NODES=1500 TRAIN_DEPTH=4 TRAIN_OPTIONS='-epochs 2', games played by" "$work/net1.c"
check "freestyle is trained" grep -q '^ \* freestyle/exact five: [1-9][0-9]* positions' "$work/net1.c"
check "the others keep what the build has" grep -q '^ \* renju: no positions' "$work/net1.c"
check "the file compiles" cc -std=c17 -Wall -Wextra -Werror -I"$here/engine" -c "$work/net1.c" -o "$work/net1.o"
check "it is the network for boards of side 15" grep -q '^const NetWeights \*const NET_WEIGHTS_15\[FAMILY_COUNT\]' "$work/net1.c"
TUNE_SIZE=20 train 4 "$work/net4.c" 4; status=$?
check "a round on 20x20 runs" [ "$status" -eq 0 ]
check "its games are 20x20 ones" test -s "$work/games/freestyle20-0.labels"
check "it writes the network for side 20" grep -q '^const NetWeights \*const NET_WEIGHTS_20\[FAMILY_COUNT\]' "$work/net4.c"
check "its header names the size" grep -q "TUNE_SIZE=20 " "$work/net4.c"
"$WUZI_TUNER" train -size 19 -o "$work/net19.c" "$work/games/freestyle-0.labels" 2>"$work/19.err"; status=$?
check "no network for a side the engine has none for" [ "$status" -eq 2 ]
check "the tuner says which sides it has" grep -q "side 15 20" "$work/19.err"
check "and writes nothing" [ ! -e "$work/net19.c" ]
"$WUZI_TUNER" pack -o "$work/kept.txt" -note "a test" "$work/games/freestyle-0.pgn" 2>/dev/null
TRAIN_KEPT="$work/kept.txt" train 3 "$work/net3.c" 0; status=$?
check "make train from a game list alone" [ "$status" -eq 0 ]
check "its header names the list" grep -q "TRAIN_KEPT='$work/kept.txt'" "$work/net3.c"
check "the list gives the chunk's labels" cmp -s "$work/games/kept-kept.labels" "$work/games/freestyle-0.labels"
check "a kept list's scores are kept, under the labels' stamp" \
    [ "$(head -n 1 "$work/scores/kept.scores")" = "# $(cat "$work/games/kept-kept.labels.stamp")" \
    -a "$(tail -n +2 "$work/scores/kept.scores" | cksum)" = "$(cut -d' ' -f6 "$work/games/freestyle-0.labels" | cksum)" ]
rm "$work/games/kept-kept.labels" "$work/games/kept-kept.labels.stamp"
TRAIN_KEPT="$work/kept.txt" train 3b "$work/net3b.c" 0; status=$?
read_back() { [ "$status" -eq 0 ] && grep -q "labelled from $work/scores/kept.scores" "$work/3b.log" && ! grep -q "labelled after" "$work/3b.log"; }
check "a fresh run reads the kept scores instead of searching" read_back
same_again() { cmp -s "$work/games/kept-kept.labels" "$work/games/freestyle-0.labels" && cmp -s "$work/net3.c" "$work/net3b.c"; }
check "the same labels, the same network" same_again
sed '$d' "$work/scores/kept.scores" >"$work/short.scores"
"$WUZI_TUNER" label -scores "$work/short.scores" -o "$work/short.labels" "$work/kept.txt" 2>"$work/short.err"; status=$?
refused() { [ "$status" -ne 0 ] && grep -q "not one score a position" "$work/short.err"; }
check "a scores file one short is refused" refused
# positions FILE, scores FILE: a labels file's positions (its moves) and its search's scores
positions() { cut -d' ' -f7- "$1" | cksum; }
scores() { cut -d' ' -f6 "$1" | cksum; }
chunk="$work/games/freestyle-0.labels"
TRAIN_EVAL=net TRAIN_KEPT="$work/kept.txt" train 5 "$work/net5.c" 0; status=$?
check "make train labelling with the network" [ "$status" -eq 0 ]
check "its labels are made again" grep -q "labelled after" "$work/5.log"
check "the same positions" [ "$(positions "$work/games/kept-kept.labels")" = "$(positions "$chunk")" ]
check "other scores" [ "$(scores "$work/games/kept-kept.labels")" != "$(scores "$chunk")" ]
check "its header names the evaluation" grep -q "TRAIN_EVAL=net " "$work/net5.c"
apart() { [ -s "$work/scores/kept-net.scores" ] && grep -q "eval=net" "$work/scores/kept-net.scores" && ! grep -q "eval=" "$work/scores/kept.scores"; }
check "its scores kept apart from the tables'" apart
TRAIN_KEPT="$work/kept.txt:3" train 6 "$work/net6.c" 0; status=$?
check "a list labelled at a depth of its own" [ "$status" -eq 0 -a -s "$work/games/kept-kept-d3.labels" ]
check "at that depth" grep -q "^depth=3 " "$work/games/kept-kept-d3.labels.stamp"
check "the same positions, other scores" [ "$(positions "$work/games/kept-kept-d3.labels")" = "$(positions "$chunk")" \
    -a "$(scores "$work/games/kept-kept-d3.labels")" != "$(scores "$chunk")" ]
TRAIN_KEPT="$work/kept.txt@1" train 6b "$work/net6b.c" 0; status=$?
own_lambda() { [ "$status" -eq 0 ] && grep -q "^ \* wuzi-tune train -list-lambda 1 kept-kept.labels" "$work/net6b.c" &&
               grep -q "TRAIN_KEPT='$work/kept.txt@1'" "$work/net6b.c" && ! cmp -s "$work/net3.c" "$work/net6b.c"; }
check "a list trained with a lambda of its own (LIST@L): named, another network from its labels" own_lambda
"$WUZI_TUNER" score "$work/games/kept-kept.labels" >"$work/score.txt" 2>/dev/null
positions=$(wc -l <"$work/games/kept-kept.labels" | tr -d ' ')
check "score: how well the labels predict the results" \
    grep -Eq "^freestyle/exact five: $positions positions; log-loss against the results: search's score 0\.[0-9]{4} \(K [0-9]+\), tables [0-9.]+" "$work/score.txt"
# A family is trained from the seed on its own positions alone: renju's games beside freestyle's
# change nothing of freestyle's network, nor freestyle's of renju's: renju's experiments are
# trained with renju's games alone on that (docs/tuning.md).
TUNE_FAMILIES='freestyle renju' train 7 "$work/net7.c" 4; status=$?
train 8 "$work/net8.c" 4; second=$?
check "make train with two families" [ "$status" -eq 0 -a "$second" -eq 0 ]
check "renju is trained beside freestyle" grep -q '^ \* renju: [1-9][0-9]* positions' "$work/net7.c"
freestyle() { sed -n '/^static const NetVector FREESTYLE_CODEBOOK/,/^static const NetWeights FREESTYLE_NET/p' "$1"; }
check "freestyle's network the same with renju's games beside it" \
    [ -n "$(freestyle "$work/net8.c")" -a "$(freestyle "$work/net7.c" | cksum)" = "$(freestyle "$work/net8.c" | cksum)" ]
TUNE_FAMILIES=renju train 9 "$work/net9.c" 4; status=$?
renju() { sed -n '/^static const NetVector RENJU_CODEBOOK/,/^static const NetWeights RENJU_NET/p' "$1"; }
check "renju's network the same without freestyle's games" \
    [ "$status" -eq 0 -a -n "$(renju "$work/net9.c")" -a "$(renju "$work/net7.c" | cksum)" = "$(renju "$work/net9.c" | cksum)" ]
check "freestyle keeps the build's network there" grep -q '^ \* freestyle/exact five: no positions, the build' "$work/net9.c"
[ "$failed" -eq 0 ] || tail -n 5 "$work/1.log"
echo "$passed passed, $failed failed"
