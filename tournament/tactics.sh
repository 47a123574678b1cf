#!/bin/sh
# tactics.sh: the tactics benchmark (not a test) — solve rate and median solve time on
# shared/data's VCF puzzles (freestyle, standard, renju), read from ../shared/data/puzzles when
# that folder is there (nothing of it is copied into the repository), or with -V on our own VCT
# sets (tournament/vct/*.tsv, made by `tactics --make-vct` from self-play games).
# Run from the repository root:   tournament/tactics.sh       (-h for the options)
set -e

usage() {
    cat <<'USAGE'
usage: tournament/tactics.sh [options]
By default asks engine/threat's VCF search directly (with -P, engine/solver's proof-number
solver); with -b, a brain through the Gomocup protocol (BOARD with field 1 for the side to
move's stones, INFO timeout_turn = the limit).
A puzzle is solved when the first move is in its answer set (every VCF first move).
With -V, the VCT sets in tournament/vct: a move is right when it is the set's or the referee
proves it wins against every defence (100 000 nodes a reply of the search being measured).

  -b BRAIN      solve through this brain executable (e.g. ./pbrain-wuzi)
  -t THREADS    with -b: INFO thread_num THREADS (from 2 on the brain's solver has a thread of its own)
  -m MS         limit per puzzle in ms (default 1000)
  -v            VCT instead of VCF (direct mode)
  -P            the proof-number solver instead of the threat search (direct mode)
  -C            count the limit in CPU time of the solving thread (for a busy machine)
  -V            our VCT sets (tournament/vct/*.tsv) instead of the puzzles; implies -v
  -c            replay every VCF line found with the judge alone and count faults
  -d DIR        puzzle folder (default ../shared/data/puzzles)
  -B BUILD      build directory for the tool (default build)
  -h            this help
USAGE
}

ms=1000
brain=
threads=
dir=../shared/data/puzzles
build=build
extra=
vct_sets=
while getopts b:t:m:vPCVcd:B:h option; do
    case $option in
    b) brain=$OPTARG ;;
    t) threads=$OPTARG ;;
    m) ms=$OPTARG ;;
    v) extra="$extra --vct" ;;
    P) extra="$extra --solver" ;;
    C) extra="$extra --cpu" ;;
    V) vct_sets=1 ;;
    c) extra="$extra --check" ;;
    d) dir=$OPTARG ;;
    B) build=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done

files=
if [ -n "$vct_sets" ]; then
    files=$(echo tournament/vct/*.tsv)
    extra="$extra --vct --referee 100000"
else
    if [ ! -d "$dir" ]; then
        echo "no puzzle folder $dir: nothing to do"
        exit 0
    fi
    for rule in freestyle standard renju; do
        [ -f "$dir/$rule-vcf.tsv" ] && files="$files $dir/$rule-vcf.tsv"
    done
    if [ -z "$files" ]; then
        echo "no *-vcf.tsv in $dir: nothing to do"
        exit 0
    fi
fi
make -s BUILD="$build" "$build/tests/tools/tactics"
if [ -n "$brain" ]; then
    extra="$extra --brain $brain"
    [ -z "$threads" ] || extra="$extra --threads $threads"
fi
# shellcheck disable=SC2086
exec "$build/tests/tools/tactics" --ms "$ms" $extra $files
