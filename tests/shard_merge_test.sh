#!/bin/sh
# Sharded runs of wuzi-tournament and their merge: 3 shards play the same games as one run and
# merge to the same table; a missing shard is listed and replayed with -only-games; a cut-off
# line is skipped with a warning; files of another schedule are refused; GNU parallel runs the
# shards (tournament/cluster/parallel.sh) when it is installed (.ci/run installs it). The `sprt`
# subcommand judges counts played in chunks: chunks sum to one run, verdicts set the exit status.
# Needs WUZI_BRAIN and WUZI_RUNNER. Deterministic brains: fixed-depth levels.
. "$(dirname "$0")/check.sh"
skipped=0
has() { grep -q -- "$2" "$1"; }
here=$(cd "$(dirname "$0")/.." && pwd)
work=${KEEP:-$(mktemp -d)}; [ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
cd "$work"
R=$WUZI_RUNNER
set -- -engine name=d2 "cmd=$WUZI_BRAIN --level depth2" -engine name=d3 "cmd=$WUZI_BRAIN --level depth3" \
    -engine name=g "cmd=$WUZI_BRAIN --level greedy" -each tc=0/5 -games 4 -repeat -concurrency 2 \
    -openings file="$here/tournament/openings/freestyle-15.txt" order=random -seed 5
final() { sed -n '/^Results of/,/^$/p;/^Rank/,/^$/p' "$1" | grep -v '^$'; }
games() { grep -h '"game"' "$@" | sed 's/.*"game":\([0-9]*\).*"result":"\([^"]*\)".*"moves":\(.*\)/\1 \2 \3/' |
          sed 's/,[0-9]*\]/]/g' | sort -n; }

"$R" "$@" -results all.jsonl > all.out 2>&1
for k in 1 2 3; do "$R" "$@" -shard $k/3 -results s$k.jsonl > s$k.out 2>&1; done
"$R" merge s1.jsonl s2.jsonl s3.jsonl > merged.out 2>&1
check "three shards play the games of the whole run" sh -c "[ \"\$(cat <<X
$(games all.jsonl)
X
)\" = \"\$(cat <<X
$(games s1.jsonl s2.jsonl s3.jsonl)
X
)\" ]"
check "the merged table is the run's" sh -c "[ \"$(final all.out | md5sum)\" = \"$(final merged.out | md5sum)\" ]"
check "the merge finds every game" has merged.out "All 12 games of the schedule are here"
check "shards split 12 games 4/4/4 with whole opening pairs" sh -c \
    "[ \$(grep -c '\"game\"' s1.jsonl) -eq 4 ] && [ \$(grep -c '\"game\"' s2.jsonl) -eq 4 ] && [ \$(grep -c '\"game\"' s3.jsonl) -eq 4 ]"

"$R" merge s1.jsonl s2.jsonl > missing.out 2>&1
check "a missing shard is listed with its replay" has missing.out "Missing 4 of 12 games .*-only-games 5-6,11-12"
"$R" "$@" -only-games 5-6,11-12 -results replay.jsonl > replay.out 2>&1
"$R" merge s1.jsonl s2.jsonl replay.jsonl > replayed.out 2>&1
check "the replayed games complete the run" sh -c "[ \"$(final all.out | md5sum)\" = \"$(final replayed.out | md5sum)\" ]"

head -c $(( $(wc -c < s3.jsonl) - 40 )) s3.jsonl > cut.jsonl
"$R" merge s1.jsonl s2.jsonl cut.jsonl > cut.out 2>&1
check "a cut-off last line is skipped with a warning" has cut.out "warning: cut.jsonl:5 is unfinished"
check "the games before it still count" has cut.out "Missing 1 of 12 games"

"$R" "$@" -seed 6 -shard 1/3 -results other.jsonl > other.out 2>&1
"$R" merge s1.jsonl other.jsonl > mixed.out 2>&1; status=$?
check "files of another schedule are refused" sh -c "[ $status -eq 2 ] && grep -q 'other.jsonl comes from another schedule than s1.jsonl' mixed.out"
"$R" -engine name=a cmd=x -engine name=b cmd=y -shard 1/2 > noseed.out 2>&1; status=$?
check "-shard without -seed is refused" sh -c "[ $status -eq 2 ] && grep -q 'needs -seed' noseed.out"

"$R" sprt ptnml=5,20,40,25,10 > p1.out; status=$?
check "sprt: the pentanomial LLR of known pairs (0.652, as test_tournament's reference)" sh -c "[ $status -eq 3 ] && grep -q 'llr 0.652' p1.out && grep -q 'no decision yet' p1.out"
"$R" sprt ptnml=2,10,20,10,5 ptnml=3,10,20,15,5 > p2.out
check "sprt: two chunks sum to the run of their total" sh -c "[ \"$(cat p1.out)\" = \"$(cat p2.out)\" ]"
"$R" sprt elo0=-10 elo1=0 wdl=60,30,10 > w.out
check "sprt: W-L-D gives the score and the Elo line" sh -c "grep -q 'Score: 60 - 30 - 10  \[0.650\] 100' w.out && grep -q 'Elo difference: 107.5' w.out"
"$R" sprt wdl=200,50,10 > h1.out; s1=$?; "$R" sprt wdl=50,200,10 > h0.out; s0=$?
check "sprt: exit 0 when H1 is accepted, 1 when H0 is" sh -c "[ $s1 -eq 0 ] && [ $s0 -eq 1 ] && grep -q 'H1 was accepted' h1.out && grep -q 'H0 was accepted' h0.out"
"$R" sprt wdl=1,2 2> bad.out; s2=$?; "$R" sprt elo0=5 elo1=1 wdl=1,1,1 2> bad2.out; s3=$?; "$R" sprt 2> none.out; s4=$?
"$R" sprt wdl=60,30,10 ptnml=5,10,0,20,0 2> mixed2.out; s5=$?
check "sprt: W-L-D and pairs that count different games are refused" sh -c "[ $s5 -eq 2 ] && grep -q 'count different games' mixed2.out"
check "sprt: bad counts, bounds the wrong way round and no games are refused with exit 2" sh -c "[ $s2 -eq 2 ] && [ $s3 -eq 2 ] && [ $s4 -eq 2 ] && grep -q 'bad setting' bad.out && grep -q 'the SPRT needs elo1 > elo0' bad2.out && grep -q 'no games given' none.out"

if command -v parallel >/dev/null 2>&1; then
    "$here/tournament/cluster/parallel.sh" -n 3 -j 2 -d par -- "$R" "$@" > parallel.out 2>&1
    check "GNU parallel plays the shards and merges them" sh -c "[ \"$(final all.out | md5sum)\" = \"$(final par/merged.txt | md5sum)\" ]"
else
    echo "SKIP GNU parallel: not installed (apt-get install parallel removes this skip; .ci/run installs it)"
    skipped=$((skipped + 1))
fi
# the README's example writes its shards into shards/ of the checkout: git must not list them
if git -C "$here" rev-parse --git-dir > /dev/null 2>&1; then
    check "the example's shards/ folder is ignored by git" git -C "$here" check-ignore -q shards/shard-1.jsonl
fi
if [ "$skipped" -gt 0 ]; then echo "$passed passed, $failed failed, $skipped skipped"; else echo "$passed passed, $failed failed"; fi
