#!/bin/sh
# sprt.sh OLD NEW: one build of the brain against another until the SPRT decides.
# Run from the repository root:   tournament/sprt.sh ../old/pbrain-wuzi ./pbrain-wuzi
# tournament/sprt.sh -h for the options.
set -e

usage() {
    cat <<'EOF'
usage: tournament/sprt.sh [options] OLD NEW
Plays NEW against OLD on balanced openings (each with both colours) until the sequential
probability ratio test decides between H0 (NEW is not better than OLD by ELO0) and H1 (NEW is
better by ELO1), or MAX games are played. OLD and NEW are brain command lines, for example
"../old/pbrain-wuzi" or "./pbrain-wuzi --level greedy".
Exit status: 0 H1 accepted (NEW is better), 1 H0 accepted, 3 no decision within MAX games,
2 nothing was played (a brain that does not start, or bad options: the runner says which).
A run stopped early (SIGTERM to wuzi-tournament) prints its counts; `wuzi-tournament sprt` judges chunks' sum.

  -e ELO0       H0's Elo difference (default 0)
  -E ELO1       H1's Elo difference (default 10)
  -a ALPHA      false positive rate (default 0.05)
  -B BETA       false negative rate (default 0.05)
  -m MAX        most games to play (default 20000)
EOF
    condition_usage
    cat <<'EOF'
  -o FILE       openings in offset format (default tournament/openings/sprt-<rule>-<size>.txt
                where it exists, else <rule>-<size>.txt)
  -r RUNNER     wuzi-tournament executable (default ./wuzi-tournament)
  -p FILE       also write the games to FILE (PGN-like)
  -S N          split the MAX games into N shards and play them in batches through GNU parallel
                (-c shards at a time; with -H on other hosts too), merging after each batch
                until the SPRT decides (tournament/cluster/parallel.sh); shards go to -D DIR
  -H LOGINS     GNU parallel's --sshlogin for -S (shared folders: see tournament/cluster/)
  -D DIR        where -S keeps its shards (default: a new temp dir)
  -h            this help
EOF
}

elo0=0
elo1=10
alpha=0.05
beta=0.05
max=20000
. "$(dirname "$0")/match_conditions.sh"
pgn=
shards= logins= shard_dir=
own_options="e:elo0 E:elo1 a:alpha B:beta m:max p:pgn S:shards H:logins D:shard_dir"
read_options "$@"
shift $((OPTIND - 1))
[ $# -eq 2 ] || { usage >&2; exit 2; }
old=$1
new=$2

resolve_conditions sprt.sh sprt-

if [ -n "$shards" ]; then
    # Batches of shards, a merge after each: the SPRT's verdict on every game so far decides
    # whether another batch is needed. Each shard stops early if its own games already decide.
    [ -n "$shard_dir" ] || shard_dir=$(mktemp -d "${TMPDIR:-/tmp}/wuzi-sprt-shards.XXXXXX")
    mkdir -p "$shard_dir"
    echo "SPRT elo0=$elo0 elo1=$elo1 alpha=$alpha beta=$beta: new=\"$new\" vs old=\"$old\""
    echo "Conditions: $conditions; $shards shards, $concurrency at a time, in $shard_dir"
    seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
    first=1
    while [ "$first" -le "$shards" ]; do
        last=$((first + concurrency - 1))
        [ "$last" -le "$shards" ] || last=$shards
        seq "$first" "$last" | parallel --will-cite -j "$concurrency" ${logins:+--sshlogin "$logins" --workdir "$(pwd)"} \
            "'$runner' -engine name=new cmd='$new' -engine name=old cmd='$old' -each tc='$tc' -games '$max' -repeat \
             -concurrency 1 -boardsize '$size' -rule '$rule' -tolerance '$tolerance' \
             -openings file='$openings' order=random -seed $seed \
             -sprt elo0='$elo0' elo1='$elo1' alpha='$alpha' beta='$beta' \
             -shard {}/$shards -results '$shard_dir/shard-{}.jsonl' -pgn '$shard_dir/shard-{}.pgn' \
             > '$shard_dir/shard-{}.out' 2>&1" || true
        # A shard writes its results file once its brains have started: none at all means they
        # cannot start, and no later batch would do better.
        if ! ls "$shard_dir"/shard-*.jsonl > /dev/null 2>&1; then
            cat "$shard_dir/shard-$first.out" >&2
            exit 2
        fi
        "$runner" merge "$shard_dir"/shard-*.jsonl > "$shard_dir/merged.txt" 2>&1 || true
        grep '^Score of' "$shard_dir/merged.txt" | tail -n 1
        verdict=$(grep '^SPRT:' "$shard_dir/merged.txt" | tail -n 1)
        case $verdict in *"was accepted"*) break ;; esac
        first=$((last + 1))
    done
    sed -n '/^Results of/,$p' "$shard_dir/merged.txt"
    [ -z "$pgn" ] || cat "$shard_dir"/shard-*.pgn >> "$pgn"
    case $verdict in
    *"H1 was accepted"*) exit 0 ;;
    *"H0 was accepted"*) exit 1 ;;
    *) exit 3 ;;
    esac
fi

out=$(mktemp "${TMPDIR:-/tmp}/wuzi-sprt.XXXXXX")
echo "SPRT elo0=$elo0 elo1=$elo1 alpha=$alpha beta=$beta: new=\"$new\" vs old=\"$old\""
echo "Conditions: $conditions"
status=0
# The runner prints each game; the summary at the end has the Elo and the SPRT verdict.
{ "$runner" -engine name=new cmd="$new" -engine name=old cmd="$old" \
    -each tc="$tc" -games "$max" -repeat -concurrency "$concurrency" \
    -boardsize "$size" -rule "$rule" -tolerance "$tolerance" \
    -openings file="$openings" order=random \
    -sprt elo0="$elo0" elo1="$elo1" alpha="$alpha" beta="$beta" \
    ${pgn:+-pgn "$pgn"} || echo "$?" > "$out.status"; } | tee "$out" | grep -E '^(Finished game|Score of)' | awk '
        /^Finished/ { n++ } /^Score of/ { last = $0; if (n % 20 == 0) print last } END { if (last) print last }' \
    || status=$?
sed -n '/^Results of/,$p' "$out"
verdict=$(grep '^SPRT:' "$out" | tail -n 1)
runner_status=$(cat "$out.status" 2>/dev/null || echo 0)
rm -f "$out" "$out.status"
[ "$runner_status" -ne 2 ] || exit 2
[ $status -eq 0 ] || exit $status
case $verdict in
*"H1 was accepted"*) exit 0 ;;
*"H0 was accepted"*) exit 1 ;;
*) exit 3 ;;
esac
