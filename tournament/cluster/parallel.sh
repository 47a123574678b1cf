#!/bin/sh
# parallel.sh: one wuzi-tournament run split into N shards and played by GNU parallel — on this
# machine, or on other hosts with --sshlogin — then merged into one result.
#
#   tournament/cluster/parallel.sh [-n SHARDS] [-j JOBS] [-d DIR] [--sshlogin LOGINS] -- RUNNER OPTIONS...
#
# RUNNER OPTIONS... is the wuzi-tournament command line of the whole run; it must give -seed N
# (so that every shard lays out the same schedule). Each shard K writes DIR/shard-K.jsonl
# (-results), DIR/shard-K.pgn and DIR/shard-K.out; the merge goes to DIR/merged.txt and is
# printed. With --sshlogin (GNU parallel's: "host1,host2" or ":,host2"; ":" is this machine) the
# runner, the brains, the openings and DIR must be at the same paths on every host — a shared
# folder — since each shard runs there in the folder it was started from.
set -eu
shards=4 jobs= dir=shards ssh=
while [ $# -gt 0 ]; do
    case $1 in
    -n) shards=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -d) dir=$2; shift 2 ;;
    --sshlogin) ssh=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "parallel.sh: unknown option $1 (-h for help)" >&2; exit 2 ;;
    esac
done
[ $# -ge 1 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }
runner=$1; shift
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# The run's command line, quoted once for the shell that parallel starts for each shard.
quoted=
for word in "$runner" "$@"; do quoted="$quoted '$(printf '%s' "$word" | sed "s/'/'\\\\''/g")'"; done
here=$(pwd)
set -- --will-cite --halt never --line-buffer
[ -n "$jobs" ] && set -- "$@" -j "$jobs"
[ -n "$ssh" ] && set -- "$@" --sshlogin "$ssh" --workdir "$here"
seq 1 "$shards" | parallel "$@" \
    "$quoted -shard {}/$shards -results '$dir/shard-{}.jsonl' -pgn '$dir/shard-{}.pgn' > '$dir/shard-{}.out' 2>&1; echo shard {}/$shards done: exit \$?" || true
"$runner" merge "$dir"/shard-*.jsonl | tee "$dir/merged.txt"
