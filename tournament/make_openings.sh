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
        case $rule in 0) name=freestyle ;; 1) name=standard ;; 4) name=renju ;; esac
        out=$dir/$name-$size.txt
        echo "making $out"
        "$runner" genopenings size=$size rule=$rule count="$count" seed=$((size * 10 + rule + 1)) out="$out"
    done
done
