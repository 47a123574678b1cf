#!/bin/sh
# submit.sh: a whole wuzi-tournament run on a SLURM cluster — a job array with one shard per task,
# and the merge as a job that starts when the array has ended (whatever became of each shard).
#
#   tournament/cluster/submit.sh [-n SHARDS] [-d DIR] [-w] [-- SBATCH OPTIONS...] -- RUNNER OPTIONS...
#
# DIR (default ./shards) must be on a shared folder, as must the runner, the brains and the
# openings; RUNNER OPTIONS... must give -seed. The merge is written to DIR/merged.txt. -w waits for
# the merge (sbatch --wait) and prints it. Prints the two job ids.
set -eu
shards=4 dir=shards wait=
here=$(cd "$(dirname "$0")" && pwd)
while [ $# -gt 0 ]; do
    case $1 in
    -n) shards=$2; shift 2 ;;
    -d) dir=$2; shift 2 ;;
    -w) wait=--wait; shift ;;
    --) shift; break ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "submit.sh: unknown option $1 (-h for help)" >&2; exit 2 ;;
    esac
done
[ $# -ge 1 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
runner=$1
case $runner in /*) ;; *) runner=$(pwd)/$runner; shift; set -- "$runner" "$@" ;; esac
array=$(sbatch --parsable --array=1-"$shards" --chdir="$(pwd)" "$here/slurm.sbatch" "$dir" "$@")
echo "shards: job $array (array 1-$shards)"
merge=$(sbatch --parsable $wait --dependency=afterany:"$array" --job-name=wuzi-merge --chdir="$(pwd)" \
    --output="$dir/merged.txt" --wrap "'$runner' merge '$dir'/shard-*.jsonl")
echo "merge: job $merge -> $dir/merged.txt"
[ -z "$wait" ] || cat "$dir/merged.txt"
