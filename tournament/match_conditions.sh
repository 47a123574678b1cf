# match_conditions.sh: sourced by sprt.sh and ladder.sh — the match conditions they share, so
# that both default to the same game clock and tolerance and say what they used, and the one
# reader of both scripts' options.
# A game clock by default: with only a turn limit a build that thinks far too long on some
# moves would pass unseen. The tolerance is small: it absorbs pipe and scheduling latency only.
tc=10/0.2
tolerance=100
size=15
rule=0
openings=
concurrency=2
runner=./wuzi-tournament

# The options both scripts take, as getopts letter:variable (each takes a value). A script
# lists its own the same way in own_options.
condition_options="c:concurrency t:tc T:tolerance s:size R:rule o:openings r:runner"

# The help's lines for the conditions both scripts take with the same meaning (-o and -r, whose
# defaults differ or whose place in the help does, each script says itself).
condition_usage() {
    cat <<'EOF'
  -c N          games at the same time (default 2)
  -t TC         time control MATCH/TURN in seconds (default 10/0.2: a 10 s game clock)
  -T MS         move-time tolerance in ms (default 100)
  -s SIZE       board size (default 15)
  -R RULE       0 freestyle, 1 exact five, 4 renju (default 0)
EOF
}

# The variable that getopts letter $1 sets, if it is one of the options.
option_variable() {
    for option in $own_options $condition_options; do
        [ "${option%%:*}" != "$1" ] || { echo "${option#*:}"; return 0; }
    done
    return 1
}

# Reads the command line ("$@"): each option sets its variable, -h prints the script's usage,
# anything else ends with the usage and status 2. The caller then shifts $((OPTIND - 1)).
read_options() {
    letters=h
    for option in $own_options $condition_options; do letters="$letters${option%%:*}:"; done
    while getopts "$letters" opt "$@"; do
        [ "$opt" != h ] || { usage; exit 0; }
        variable=$(option_variable "$opt") || { usage >&2; exit 2; }
        eval "$variable=\$OPTARG"
    done
}

# After the options: the rule's name, the default openings file, and checks. $1: script name;
# $2: a prefix whose opening file is preferred when it exists (sprt.sh: "sprt-", openings judged
# balanced by a deeper search, on which fewer game pairs split 1-1 than on the shipped files).
resolve_conditions() {
    case $rule in 0) rule_name=freestyle ;; 1) rule_name=exact-five ;; 4) rule_name=renju ;; *) rule_name=rule$rule ;; esac
    if [ -z "$openings" ] && [ -n "${2:-}" ] && [ -f "$(dirname "$0")/openings/$2$rule_name-$size.txt" ]; then
        openings=$(dirname "$0")/openings/$2$rule_name-$size.txt
    fi
    [ -n "$openings" ] || openings=$(dirname "$0")/openings/$rule_name-$size.txt
    [ -x "$runner" ] || { echo "$1: $runner not found or not executable (run make first)" >&2; exit 2; }
    [ -f "$openings" ] || { echo "$1: no opening file $openings (-o FILE)" >&2; exit 2; }
    conditions="tc=$tc (game clock/move, s), tolerance ${tolerance} ms, ${size}x$size $rule_name, openings $openings"
}
