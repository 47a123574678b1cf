#!/bin/sh
# ladder.sh: every pbrain-wuzi level against its neighbours, and the Elo ladder that follows.
# Run from the repository root after `make`:   tournament/ladder.sh
# tournament/ladder.sh -h for the options.
set -e

usage() {
    cat <<'EOF'
usage: tournament/ladder.sh [options]
Plays each pbrain-wuzi level against the next stronger one (-repeat: every opening with both
colours) and prints an Elo ladder: the weakest level is 0, each next level adds the Elo
difference measured against its neighbour.

  -b BRAIN      brain executable (default ./pbrain-wuzi)
  -r RUNNER     wuzi-tournament executable (default ./wuzi-tournament)
  -l "LEVELS"   levels from weakest to strongest (default "n1 n3 n2 n5 greedy max": the order
                measured by this ladder, each level beating the one before; docs/levels.md)
  -g GAMES      games per neighbouring pair (default 100)
EOF
    condition_usage
    cat <<'EOF'
  -o FILE       openings in offset format (default tournament/openings/<rule>-<size>.txt)
  -d DIR        keep each pair's full output, PGN and logs in DIR (default: a new temp dir)
  -h            this help
EOF
}

. "$(dirname "$0")/match_conditions.sh"
brain=./pbrain-wuzi
levels="n1 n3 n2 n5 greedy max"
games=100
dir=
own_options="b:brain l:levels g:games d:dir"
read_options "$@"

resolve_conditions ladder.sh
[ -x "$brain" ] || { echo "ladder.sh: $brain not found or not executable (run make first)" >&2; exit 2; }
[ -n "$dir" ] || dir=$(mktemp -d "${TMPDIR:-/tmp}/wuzi-ladder.XXXXXX")
mkdir -p "$dir"

echo "Ladder: $levels; $games games per pair"
echo "Conditions: $conditions"
echo "Output of each pair in $dir"

previous=
ladder="$dir/ladder.txt"
: > "$ladder"
for level in $levels; do
    if [ -z "$previous" ]; then
        echo "$level 0 - -" >> "$ladder"
        previous=$level
        continue
    fi
    out="$dir/$level-vs-$previous.txt"
    echo "Playing $level vs $previous ..."
    # shellcheck disable=SC2086
    "$runner" -engine name="$level" cmd="$brain --level $level" \
        -engine name="$previous" cmd="$brain --level $previous" \
        -each tc="$tc" -games "$games" -repeat -concurrency "$concurrency" \
        -boardsize "$size" -rule "$rule" -tolerance "$tolerance" \
        -openings file="$openings" order=sequential \
        -pgn "$dir/$level-vs-$previous.pgn" > "$out"
    score=$(grep '^Score of' "$out" | tail -n 1 | sed 's/^Score of [^:]*: //')
    elo=$(grep '^Elo difference:' "$out" | tail -n 1 | sed 's/^Elo difference: \([^,]*\),.*/\1/')
    echo "$level ${elo%% *} $(echo "$elo" | sed 's/.*+\/- //') $score" >> "$ladder"
    echo "  $level vs $previous: $score, Elo $elo"
    previous=$level
done

echo
awk '
BEGIN { printf "%-8s %9s %9s %8s   %s\n", "Level", "Ladder", "vs prev", "+/-", "W - L - D [score] games vs previous level" }
{
    if (NR == 1) { total = 0; printf "%-8s %9s %9s %8s\n", $1, "0.0", "-", "-"; next }
    diff = $2
    if (diff == "+inf" || diff == "-inf" || broken) { broken = 1; shown = (diff == "+inf" ? ">" : "?") }
    else { total += diff; shown = sprintf("%.1f", total) }
    rest = ""
    for (i = 4; i <= NF; i++) rest = rest " " $i
    printf "%-8s %9s %9s %8s  %s\n", $1, shown, diff, $3, rest
}' "$ladder"
