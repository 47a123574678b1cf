#!/bin/sh
# Regenerates the shipped opening files in tournament/openings/ (make openings).
# usage: tournament/make_openings.sh [RUNNER] [COUNT]
# Each file is COUNT (default 100) openings kept by Wuzi's own search as balanced; the seed is
# fixed per file, so a rerun with the same engine gives the same files.
set -e
runner=${1:-./wuzi-tournament}
count=${2:-100}
case $runner in */*) ;; *) runner=./$runner ;; esac
dir=$(dirname "$0")/openings
mkdir -p "$dir"
for size in 15 20; do
    for rule in 0 1 4; do
        case $rule in 0) name=freestyle ;; 1) name=exact-five ;; 4) name=renju ;; esac
        out=$dir/$name-$size.txt
        echo "making $out"
        "$runner" genopenings size=$size rule=$rule count="$count" seed=$((size * 10 + rule + 1)) out="$out"
    done
done
# sprt.sh's openings: judged by a deeper search with a narrower margin (about 30 % of the
# candidates kept), so fewer game pairs split 1-1; slow (about 20 openings a minute), so only
# with SPRT=1.
if [ "${SPRT:-0}" = 1 ]; then
    out=$dir/sprt-freestyle-15.txt
    echo "making $out"
    : >"$out"
    for seed in 101 202; do
        "$runner" genopenings size=15 rule=0 count=150 seed=$seed stones=3-6 radius=3 offcentre=25 \
            depth=10 margin=25 out="$out.$seed"
        cat "$out.$seed" >>"$out" && rm -f "$out.$seed"
    done
fi
