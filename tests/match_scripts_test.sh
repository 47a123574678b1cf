#!/bin/sh
# The match scripts (tournament/sprt.sh, ladder.sh) play with a game clock and a small tolerance
# unless told otherwise, and say in their output what they used. Needs WUZI_BRAIN, WUZI_RUNNER.
. "$(dirname "$0")/check.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp); trap 'rm -rf "$out" "$out.d"' EXIT
brain="$WUZI_BRAIN --level n1"
sh "$here/tournament/sprt.sh" -m 2 -c 1 -r "$WUZI_RUNNER" "$brain" "$brain" > "$out" 2>&1
check "sprt.sh plays" grep -q '^Results of 2 of 2 games' "$out"
check "sprt.sh defaults to a game clock" grep -q '^Conditions: tc=10/0.2 (game clock/move, s), tolerance 100 ms, 15x15 freestyle' "$out"
sh "$here/tournament/sprt.sh" -m 2 -c 1 -t 0/0.3 -T 40 -r "$WUZI_RUNNER" "$brain" "$brain" > "$out" 2>&1
check "sprt.sh names given conditions" grep -q '^Conditions: tc=0/0.3 (game clock/move, s), tolerance 40 ms' "$out"
sh "$here/tournament/sprt.sh" -m 2 -c 1 -r "$WUZI_RUNNER" /nonexistent/brain "$brain" > "$out" 2>&1
check "sprt.sh stops (2) when a brain cannot start" [ $? -eq 2 ]
check "sprt.sh shows which" grep -q 'engine old (/nonexistent/brain) cannot play' "$out"
sh "$here/tournament/ladder.sh" -g 2 -c 1 -l "n1 n2" -b "$WUZI_BRAIN" -r "$WUZI_RUNNER" -d "$out.d" > "$out" 2>&1
check "ladder.sh plays" grep -q '^  n2 vs n1: ' "$out"
check "ladder.sh defaults to a game clock" grep -q '^Conditions: tc=10/0.2 (game clock/move, s), tolerance 100 ms' "$out"
# the default order is the measured one that docs/levels.md gives (weakest first)
order=$(sed -n 's/^Weakest first: \*\*`\([^`]*\)`\*\*.*/\1/p' "$here/docs/levels.md")
check "docs/levels.md gives the ladder's order" [ -n "$order" ]
check "ladder.sh's default order is the measured one" grep -q "^levels=\"$order\"\$" "$here/tournament/ladder.sh"
echo "$passed passed, $failed failed"
